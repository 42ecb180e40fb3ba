//! Draw every tile type of the built-in catalogue as an SVG contact sheet,
//! with the artwork of `art` and its stylesheet.
//!
//! Usage: cargo run --example tile_sheet -- OUT.svg [--rotations] [--anchors]
//!
//! `--rotations` adds the three other quarter turns of each tile beside it (as
//! the board shows them); `--anchors` marks each region's follower anchor
//! (red for streets, blue for areas). View the SVG in a browser, or screenshot
//! it with headless Chromium.

use art::city::{goods_legend, tile_art, ART_CSS};
use art::{Shape, TileArt};
use engine::city::tiles::{Catalogue, RegionKind, TileDef};
use std::fmt::Write as _;

const COLS: usize = 9;
const SCALE: f32 = 1.5;
const GAP: f32 = 22.0;
const LABEL_H: f32 = 34.0;
const MARGIN: f32 = 24.0;
const HEADER_H: f32 = 64.0;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn shape_svg(out: &mut String, s: &Shape) {
    let fill = s.fill.map(|f| format!(" fill=\"{f}\"")).unwrap_or_default();
    match &s.title {
        Some(t) => {
            let _ = write!(
                out,
                "<path class=\"{}\"{fill} d=\"{}\"><title>{}</title></path>",
                s.class,
                s.d,
                escape(t)
            );
        }
        None => {
            let _ = write!(out, "<path class=\"{}\"{fill} d=\"{}\"/>", s.class, s.d);
        }
    }
}

/// One tile's art at (x, y), `size` pixels wide, turned `quarter` quarter turns clockwise.
struct Placement {
    x: f32,
    y: f32,
    size: f32,
    quarter: u32,
}

fn tile_svg(out: &mut String, def: &TileDef, art: &TileArt, at: Placement, anchors: bool) {
    let Placement {
        x,
        y,
        size,
        quarter,
    } = at;
    let k = size / 100.0;
    let _ = write!(
        out,
        "<g transform=\"translate({x} {y}) scale({k}) rotate({} 50 50)\">",
        quarter * 90
    );
    for s in &art.shapes {
        shape_svg(out, s);
    }
    if anchors {
        for (r, &(ax, ay)) in art.anchors.iter().enumerate() {
            let street = def.regions[r].kind == RegionKind::Street;
            let colour = if street { "#d2232a" } else { "#1d5fd1" };
            let _ = write!(
                out,
                "<circle cx=\"{ax}\" cy=\"{ay}\" r=\"3.2\" fill=\"{colour}\" stroke=\"#fff\" stroke-width=\"1\"/>"
            );
        }
    }
    out.push_str("<rect width=\"100\" height=\"100\" fill=\"none\" stroke=\"#3b2f22\" stroke-width=\"0.8\"/></g>");
}

fn main() {
    let mut path = None;
    let (mut rotations, mut anchors) = (false, false);
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--rotations" => rotations = true,
            "--anchors" => anchors = true,
            _ if path.is_none() && !arg.starts_with('-') => path = Some(arg),
            _ => {
                eprintln!("usage: tile_sheet OUT.svg [--rotations] [--anchors]");
                std::process::exit(2);
            }
        }
    }
    let Some(path) = path else {
        eprintln!("usage: tile_sheet OUT.svg [--rotations] [--anchors]");
        std::process::exit(2);
    };
    let cat = Catalogue::builtin().expect("the built-in catalogue is valid");

    let size = 100.0 * SCALE;
    let small = (size - 2.0 * 4.0) / 3.0;
    let cell_w = if rotations { size + 6.0 + small } else { size };
    let rows = cat.tiles.len().div_ceil(COLS);
    let width = 2.0 * MARGIN + COLS as f32 * cell_w + (COLS - 1) as f32 * GAP;
    let height = 2.0 * MARGIN + HEADER_H + rows as f32 * (size + LABEL_H + 8.0);

    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\
         <style>{ART_CSS}text{{font-family:Georgia,serif;fill:#2b2118}}</style>\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#f1e4c3\"/>"
    );
    let total: u32 = cat.tiles.iter().map(|t| u32::from(t.count)).sum();
    let _ = write!(
        out,
        "<text x=\"{MARGIN}\" y=\"{}\" font-size=\"20\" font-weight=\"bold\">{}: {} tile types, {total} tiles</text>",
        MARGIN + 14.0,
        escape(&cat.set),
        cat.tiles.len()
    );
    // Legend: the goods' stall colours.
    let mut lx = MARGIN;
    let ly = MARGIN + 32.0;
    for (_, colour, label) in goods_legend() {
        let _ = write!(
            out,
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"22\" height=\"14\" fill=\"{colour}\" stroke=\"#2b2118\" stroke-width=\"0.8\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"15\">{label} market</text>",
            lx + 28.0,
            ly + 12.0
        );
        lx += 170.0;
    }

    for (n, def) in cat.tiles.iter().enumerate() {
        let (row, col) = (n / COLS, n % COLS);
        let x = MARGIN + col as f32 * (cell_w + GAP);
        let y = MARGIN + HEADER_H + row as f32 * (size + LABEL_H + 8.0);
        let art = tile_art(def);
        let at = Placement {
            x,
            y,
            size,
            quarter: 0,
        };
        tile_svg(&mut out, def, &art, at, anchors);
        if rotations {
            for quarter in 1..4 {
                let at = Placement {
                    x: x + size + 6.0,
                    y: y + (quarter - 1) as f32 * (small + 4.0),
                    size: small,
                    quarter,
                };
                tile_svg(&mut out, def, &art, at, anchors);
            }
        }
        let label = format!("{} ×{}", def.id, def.count);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>",
            x + size / 2.0,
            y + size + 17.0,
            escape(&label)
        );
        let names: Vec<&str> = def
            .regions
            .iter()
            .filter_map(|r| match &r.kind {
                RegionKind::Residential {
                    historic: Some(h), ..
                } => Some(h.as_str()),
                _ => None,
            })
            .collect();
        if !names.is_empty() {
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"12\" font-style=\"italic\" text-anchor=\"middle\" fill=\"#6b1d5c\">{}</text>",
                x + size / 2.0,
                y + size + 31.0,
                escape(&names.join(", "))
            );
        }
    }
    out.push_str("</svg>\n");
    if let Err(e) = std::fs::write(&path, out) {
        eprintln!("cannot write {path}: {e}");
        std::process::exit(1);
    }
    println!("wrote {path} ({width}×{height})");
}
