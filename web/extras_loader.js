// Imports the extras module (dist/extras.js) once; see src/ui/extras.rs.
let loading = null;

export function load_extras() {
  if (!loading) {
    loading = import(new URL('extras.js', document.baseURI).href).then(async (m) => {
      await m.default();
      return m;
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}
