// A Web Worker of the game (src/ui/channel.rs): it runs the page's own wasm
// module, at one of its entries. The page's first message says where the
// module's JavaScript glue is, hands over the module it has compiled (so it
// is neither fetched nor compiled again) and names the entry; the entry
// listens to the page from then on and tells it when it does. A module
// worker, so that it can import the glue.
self.onmessage = async (event) => {
  self.onmessage = null;
  const { glue, module, entry } = event.data;
  const game = await import(glue);
  await game.default({ module_or_path: module });
  await game[entry]();
};
