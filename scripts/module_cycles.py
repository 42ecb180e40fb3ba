#!/usr/bin/env python3
"""Finds import cycles between a crate's modules (files) and fails on any in
the engine (crates/engine). The workspace's crates cannot import each other
in a circle (Cargo refuses); this is the same rule inside the engine crate:
its modules form no cycle either, so that a ruleset knows the core and the
core no ruleset.

Module A imports module B when a `use` tree or a path in A's code (comments
and strings aside, test modules included) names B: the longest prefix of the
path that is a module file (`crate::engine::classic::game::Game` names
`engine::classic::game`; `super::Board` in `classic/game.rs` names
`engine::classic`, the folder's mod.rs). Re-exports are not followed: a
path names the module it goes through. A `mod x;` declaration is no import.

    python3 scripts/module_cycles.py            # cycles in crates/engine
    python3 scripts/module_cycles.py --all      # cycles in every crate
    python3 scripts/module_cycles.py --edges classic::game   # (the engine's)
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "crates" / "engine" / "src"


def module_of(path: Path) -> tuple:
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "mod" or parts == ["lib"]:
        parts = parts[:-1]
    return tuple(parts)


def strip(text: str) -> str:
    """The code with comments, string and char literals blanked out."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif re.match(r'b?r#*"', text[i : i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'b?r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + m.end())
            i = n if j < 0 else j + len(end)
            out.append('""')
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            i += 1
            out.append('""')
        elif c == "'" and re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:]):
            m = re.match(r"'(\\.|[^\\'])'|'\\u\{[0-9a-fA-F]+\}'|'\\x[0-9a-fA-F]{2}'", text[i:])
            i += m.end()
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand(tree: str) -> list:
    """The paths of a `use` tree: `a::{b, c::{d, self}}` -> a::b, a::c::d, a::c."""
    tree = re.sub(r"\s+as\s+\w+", "", tree)
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix: list, s: str):
        # split top-level commas
        depth, start, items = 0, 0, []
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(s[start:k])
                start = k + 1
        items.append(s[start:])
        for item in items:
            if not item:
                continue
            if "{" in item:
                head, rest = item.split("{", 1)
                head = [x for x in head.split("::") if x]
                walk(prefix + head, rest[: rest.rfind("}")])
            else:
                segs = [x for x in item.split("::") if x]
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                out.append(prefix + segs)

    walk([], tree)
    return out


def main() -> int:
    if "--all" in sys.argv:
        global SRC
        failed = 0
        for src in [ROOT / "src"] + sorted((ROOT / "crates").glob("*/src")):
            SRC = src
            print(f"{src.relative_to(ROOT)}:")
            failed |= check()
        return failed
    return check()


def check() -> int:
    files = sorted(SRC.rglob("*.rs"))
    modules = {module_of(f): f for f in files}
    edges = {m: set() for m in modules}

    def resolve(base: tuple, segs: list):
        """The deepest module a path names, or None outside the crate."""
        if not segs:
            return None
        cur = None
        s = list(segs)
        head = s[0]
        if head == "crate":
            cur, s = (), s[1:]
        elif head in ("super", "self"):
            cur = base
            while s and s[0] in ("super", "self"):
                if s[0] == "super":
                    cur = cur[:-1]
                s = s[1:]
        elif base + (head,) in modules:
            cur = base  # a child module named bare (2018 paths)
        else:
            return None
        while s and cur + (s[0],) in modules:
            cur, s = cur + (s[0],), s[1:]
        return cur

    use_re = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
    path_re = re.compile(r"(?<![\w:])((?:crate|super|self)(?:::\w+)+)")
    for m, f in modules.items():
        code = strip(f.read_text())
        # inline `mod name {` blocks: the module a position is in
        spans = []  # (start, end, name)
        for mm in re.finditer(r"\bmod\s+(\w+)\s*\{", code):
            depth, k = 1, mm.end()
            while k < len(code) and depth:
                depth += {"{": 1, "}": -1}.get(code[k], 0)
                k += 1
            spans.append((mm.start(), k, mm.group(1)))

        def inline_at(pos):
            inner = [s for s in spans if s[0] <= pos < s[1]]
            inner.sort(key=lambda s: s[0])
            return m + tuple(s[2] for s in inner)

        used = []
        for um in use_re.finditer(code):
            base = inline_at(um.start())
            for p in expand(um.group(1)):
                used.append((base, p))
        no_use = use_re.sub(lambda x: " " * len(x.group(0)), code)
        for pm in path_re.finditer(no_use):
            used.append((inline_at(pm.start()), pm.group(1).split("::")))
        for base, p in used:
            target = resolve(base, p)
            if target is not None and target != m and target in modules:
                edges[m].add(target)

    name = lambda t: "::".join(t) or "crate"
    if "--edges" in sys.argv:
        want = tuple(sys.argv[sys.argv.index("--edges") + 1].split("::"))
        for t in sorted(edges.get(want, ())):
            print(name(t))
        return 0

    # Tarjan's strongly connected components
    index, low, stack, on, sccs = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    for v in sorted(modules):
        if v not in index:
            visit(v)

    shown = sccs
    for c in shown:
        print("cycle among:", ", ".join(name(t) for t in c))
        for a in c:
            for b in sorted(edges[a]):
                if b in c:
                    print(f"    {name(a)} -> {name(b)}")
    scope = SRC.relative_to(ROOT)
    imports = sum(len(v) for v in edges.values())
    print(f"{len(shown)} cycle(s) in {scope}; {len(modules)} modules, {imports} imports between them")
    return 1 if shown else 0


if __name__ == "__main__":
    sys.exit(main())
