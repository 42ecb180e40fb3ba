//! Contact sheets of classic Carcassonne's artwork (`art::classic`):
//! every tile type with its followers on their spots, the pieces, each tile
//! in its four rotations among matching neighbours (to judge the seams), and
//! a random board at two zoom levels.
//!
//! Usage: cargo run --example classic_sheet -- OUT_DIR
//!
//! Writes OUT_DIR/classic-{tiles,pieces,seams-base,seams-gates,board}.svg and
//! an .html beside each (the SVG inline, for a screenshot), e.g.
//! `chromium --headless --no-sandbox --disable-gpu --screenshot=tiles.png
//! --window-size=1240,2400 OUT_DIR/classic-tiles.html`.

use art::classic::{piece_art, tile_art, Piece, CLASSIC_CSS};
use art::{Shape, TileArt};
use engine::classic::tiles::{Catalogue, RegionKind, SideKind, TileDef, TileSet};
use engine::core::geom::{Dir, Rotation};
use std::fmt::Write as _;
use view::palette::PlayerColour;

fn shapes_svg(out: &mut String, shapes: &[Shape]) {
    for s in shapes {
        let fill = s.fill.map(|f| format!(" fill=\"{f}\"")).unwrap_or_default();
        let _ = write!(out, "<path class=\"{}\"{fill} d=\"{}\"/>", s.class, s.d);
    }
}

/// A piece centred at (x, y) in tile units, in a player's colour.
fn piece_svg(out: &mut String, p: Piece, x: f32, y: f32, colour: PlayerColour) {
    let _ = write!(
        out,
        "<g class=\"{}\" transform=\"translate({x} {y})\">",
        colour.css_class()
    );
    shapes_svg(out, &piece_art(p));
    out.push_str("</g>");
}

/// One tile at (x, y), `size` px, turned `q` quarter turns; with its
/// followers (one per region, on its spot) when `followers`.
#[allow(clippy::too_many_arguments)]
fn tile_svg(
    out: &mut String,
    def: &TileDef,
    art: &TileArt,
    x: f32,
    y: f32,
    size: f32,
    q: u8,
    followers: bool,
) {
    let k = size / 100.0;
    let _ = write!(
        out,
        "<g transform=\"translate({x} {y}) scale({k})\"><g transform=\"rotate({} 50 50)\">",
        u32::from(q) * 90
    );
    shapes_svg(out, &art.shapes);
    out.push_str("</g>");
    if followers {
        for (r, region) in def.regions.iter().enumerate() {
            let Some(f) = region.kind.feature() else {
                continue;
            };
            // The spot turns with the tile; the piece stays upright.
            let (ax, ay) = art.anchors[r];
            let (ax, ay) = match q {
                0 => (ax, ay),
                1 => (100.0 - ay, ax),
                2 => (100.0 - ax, 100.0 - ay),
                _ => (ay, 100.0 - ax),
            };
            let colour = PlayerColour::ALL[r % 5];
            piece_svg(out, Piece::follower(f), ax, ay, colour);
        }
    }
    out.push_str("</g>");
}

fn document(width: f32, height: f32, body: &str) -> String {
    let mut css = String::from(CLASSIC_CSS);
    for c in PlayerColour::ALL {
        let _ = write!(css, ".{}{{--pc:{}}}", c.css_class(), c.hex());
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <style>{css}text{{font-family:Georgia,serif;fill:#2b2118}}</style>\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#efe3c4\"/>{body}</svg>\n"
    )
}

fn text(out: &mut String, x: f32, y: f32, size: u32, s: &str) {
    let _ = write!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\">{s}</text>"
    );
}

/// Whether `b` may lie on side `d` of `a` (B3.2, G2.1).
fn fits(a: &TileDef, ra: Rotation, d: Dir, b: &TileDef, rb: Rotation) -> bool {
    let (ka, kb) = (a.side_kind(ra, d), b.side_kind(rb, d.opposite()));
    ka.may_face() & kb.bit() != 0
}

/// A small deterministic generator for the sample boards.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: classic_sheet OUT_DIR");
        std::process::exit(2);
    };
    let cat = Catalogue::builtin().expect("the built-in catalogue is valid");
    let arts: Vec<TileArt> = cat.tiles.iter().map(tile_art).collect();
    let mut files: Vec<(String, f32, f32, String)> = Vec::new();

    // 1. Every tile type, with followers on their spots, and bare.
    {
        let (size, cols, gap) = (180.0, 6usize, 18.0);
        let mut b = String::new();
        text(
            &mut b,
            20.0,
            34.0,
            22,
            "Classic Carcassonne: 48 tile types (left: bare; right: followers on their spots)",
        );
        for (n, def) in cat.tiles.iter().enumerate() {
            let (row, col) = (n / (cols / 2), n % (cols / 2));
            let x = 20.0 + (2 * col) as f32 * (size + gap);
            let y = 56.0 + row as f32 * (size + 34.0);
            tile_svg(&mut b, def, &arts[n], x, y, size, 0, false);
            tile_svg(&mut b, def, &arts[n], x + size + gap, y, size, 0, true);
            let edges: String = Dir::ALL
                .iter()
                .map(|&d| match def.side_kind(Rotation::ALL[0], d) {
                    SideKind::City => 'c',
                    SideKind::Road => 'r',
                    SideKind::Field => 'f',
                    SideKind::Gate => 'g',
                })
                .collect();
            text(
                &mut b,
                x,
                y + size + 20.0,
                15,
                &format!("{} ×{}  {edges}", def.id, def.count),
            );
        }
        let rows = cat.tiles.len().div_ceil(cols / 2);
        let w = 40.0 + cols as f32 * (size + gap);
        files.push(("tiles".into(), w, 80.0 + rows as f32 * (size + 34.0), b));
    }

    // 2. The pieces, large and at board size on a tile.
    {
        let mut b = String::new();
        text(
            &mut b,
            20.0,
            34.0,
            22,
            "Pieces (x4, then at board size on tiles; each player colour)",
        );
        for (i, &p) in Piece::ALL.iter().enumerate() {
            let x = 30.0 + i as f32 * 130.0;
            let _ = write!(b, "<g transform=\"translate({x} 60) scale(1.2)\"><rect width=\"100\" height=\"100\" fill=\"#86b04f\"/>");
            if p.on_tile() {
                shapes_svg(&mut b, &piece_art(p));
            } else {
                let _ = write!(
                    b,
                    "<g transform=\"translate(50 50) scale(3)\" class=\"pc-blue\">"
                );
                shapes_svg(&mut b, &piece_art(p));
                b.push_str("</g>");
            }
            b.push_str("</g>");
            text(&mut b, x, 200.0, 15, &format!("{p:?}"));
        }
        // Followers at board size on every colour, on a city tile and a field tile.
        let c = cat.by_id("C").map(|t| t as usize).unwrap_or(0);
        let f = cat.by_id("B").map(|t| t as usize).unwrap_or(0);
        for (row, &t) in [c, f].iter().enumerate() {
            let y = 230.0 + row as f32 * 170.0;
            for (i, colour) in PlayerColour::ALL.iter().enumerate() {
                let x = 30.0 + i as f32 * 200.0;
                let _ = write!(b, "<g transform=\"translate({x} {y}) scale(1.6)\">");
                shapes_svg(&mut b, &arts[t].shapes);
                for (j, &p) in [Piece::Thief, Piece::Knight, Piece::Monk, Piece::Farmer]
                    .iter()
                    .enumerate()
                {
                    piece_svg(
                        &mut b,
                        p,
                        20.0 + (j % 2) as f32 * 56.0,
                        24.0 + (j / 2) as f32 * 50.0,
                        *colour,
                    );
                }
                piece_svg(&mut b, Piece::Veil, 76.0, 74.0, *colour);
                b.push_str("</g>");
            }
        }
        // Old City on a tile: bridge, wall, wooden gate, guesthouse, wyvern.
        let u = cat.by_id("U").map(|t| t as usize).unwrap_or(0);
        let y = 580.0;
        for (i, (t, pieces)) in [
            (f, vec![(Piece::Bridge, 0u32)]),
            (
                u,
                vec![
                    (Piece::Wall, 0),
                    (Piece::WoodenGate, 1),
                    (Piece::Guesthouse, 9),
                ],
            ),
            (
                c,
                vec![(Piece::Wyvern, 8), (Piece::Knight, 8), (Piece::Veil, 8)],
            ),
        ]
        .into_iter()
        .enumerate()
        {
            let x = 30.0 + i as f32 * 260.0;
            let _ = write!(b, "<g transform=\"translate({x} {y}) scale(2.2)\">");
            shapes_svg(&mut b, &arts[t].shapes);
            for (p, q) in pieces {
                if p.on_tile() {
                    let _ = write!(b, "<g transform=\"rotate({} 50 50)\">", q * 90);
                    shapes_svg(&mut b, &piece_art(p));
                    b.push_str("</g>");
                } else if q == 9 {
                    piece_svg(&mut b, p, 30.0, 36.0, PlayerColour::Red);
                } else {
                    piece_svg(&mut b, p, 50.0, 50.0, PlayerColour::Green);
                }
            }
            b.push_str("</g>");
        }
        files.push(("pieces".into(), 1330.0, 820.0, b));
    }

    // 3. Seams: each tile type in its four rotations among matching neighbours.
    for (name, set) in [
        ("seams-base", TileSet::Base),
        ("seams-gates", TileSet::CityGates),
    ] {
        let size = 64.0;
        let board = 3.0 * size;
        let mut b = String::new();
        let mut rng = Lcg(7);
        let types: Vec<usize> = (0..cat.tiles.len())
            .filter(|&i| cat.tiles[i].set == set)
            .collect();
        for (row, &t) in types.iter().enumerate() {
            let def = &cat.tiles[t];
            let y = 20.0 + row as f32 * (board + 14.0);
            text(&mut b, 10.0, y + board / 2.0, 16, &def.id);
            for rot in Rotation::ALL {
                let x = 60.0 + f32::from(rot.quarter_turns()) * (board + 24.0);
                tile_svg(
                    &mut b,
                    def,
                    &arts[t],
                    x + size,
                    y + size,
                    size,
                    rot.quarter_turns(),
                    false,
                );
                for d in Dir::ALL {
                    // A neighbour that matches, another type when one does.
                    let mut options: Vec<(usize, Rotation)> = Vec::new();
                    for (n, nd) in cat.tiles.iter().enumerate() {
                        for nr in Rotation::ALL {
                            if fits(def, rot, d, nd, nr) && (n != t || options.is_empty()) {
                                options.push((n, nr));
                            }
                        }
                    }
                    let (n, nr) = options[rng.next(options.len())];
                    let (dx, dy) = d.step();
                    let (nx, ny) = (x + size * (1 + dx) as f32, y + size * (1 + dy) as f32);
                    tile_svg(
                        &mut b,
                        &cat.tiles[n],
                        &arts[n],
                        nx,
                        ny,
                        size,
                        nr.quarter_turns(),
                        false,
                    );
                }
            }
        }
        let h = 40.0 + types.len() as f32 * (board + 14.0);
        files.push((name.into(), 60.0 + 4.0 * (board + 24.0), h, b));
    }

    // 4. A random board at two zoom levels.
    {
        let (w, h) = (10usize, 7usize);
        let mut grid: Vec<Option<(usize, Rotation)>> = vec![None; w * h];
        let mut rng = Lcg(2024);
        grid[(h / 2) * w + w / 2] = Some((cat.start as usize, Rotation::ALL[0]));
        for _ in 0..4000 {
            let cell = rng.next(w * h);
            if grid[cell].is_some() {
                continue;
            }
            let (cx, cy) = ((cell % w) as i32, (cell / w) as i32);
            let nbrs: Vec<(Dir, usize, Rotation)> = Dir::ALL
                .iter()
                .filter_map(|&d| {
                    let (dx, dy) = d.step();
                    let (x, y) = (cx + dx, cy + dy);
                    if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
                        return None;
                    }
                    grid[y as usize * w + x as usize].map(|(t, r)| (d, t, r))
                })
                .collect();
            if nbrs.is_empty() {
                continue;
            }
            let t = rng.next(cat.tiles.len());
            let r = Rotation::ALL[rng.next(4)];
            let def = &cat.tiles[t];
            if nbrs.iter().all(|&(d, n, nr)| {
                let (ka, kb) = (
                    def.side_kind(r, d),
                    cat.tiles[n].side_kind(nr, d.opposite()),
                );
                ka == kb || (ka.may_face() & kb.bit() != 0 && rng.next(3) == 0)
            }) {
                grid[cell] = Some((t, r));
            }
        }
        let mut b = String::new();
        for (i, size) in [96.0f32, 40.0].into_iter().enumerate() {
            let oy = 20.0 + i as f32 * (h as f32 * 96.0 + 30.0);
            for (cell, g) in grid.iter().enumerate() {
                if let Some((t, r)) = *g {
                    let (x, y) = (
                        20.0 + (cell % w) as f32 * size,
                        oy + (cell / w) as f32 * size,
                    );
                    tile_svg(
                        &mut b,
                        &cat.tiles[t],
                        &arts[t],
                        x,
                        y,
                        size,
                        r.quarter_turns(),
                        i == 0 && cell % 3 == 0,
                    );
                }
            }
        }
        files.push((
            "board".into(),
            40.0 + w as f32 * 96.0,
            60.0 + h as f32 * 136.0,
            b,
        ));
    }

    for (name, w, h, body) in files {
        let svg = document(w, h, &body);
        let html = format!("<!doctype html><html><body style=\"margin:0\">{svg}</body></html>\n");
        for (ext, text) in [("svg", &svg), ("html", &html)] {
            let path = format!("{dir}/classic-{name}.{ext}");
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("cannot write {path}: {e}");
                std::process::exit(1);
            }
        }
        println!("wrote {dir}/classic-{name}.svg ({w}×{h})");
    }
    let _ = RegionKind::Field;
}
