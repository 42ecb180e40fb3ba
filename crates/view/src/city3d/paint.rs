//! How the artwork's classes are painted, read from the same stylesheets
//! the flat board uses (`art::city::ART_CSS`, `art::classic::CLASSIC_CSS`):
//! a canvas has no CSS, so each class's fill and stroke are read once from
//! their rules. Also the shading of the walls the 3-D view raises.

use std::cell::RefCell;
use std::collections::HashMap;

use engine::any::Ruleset;

/// A class's paint, as its rule says.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Paint {
    /// `None`: not filled (`fill:none`), or the shape's own fill decides.
    pub fill: Option<String>,
    pub fill_opacity: f64,
    pub stroke: Option<String>,
    pub stroke_width: f64,
    pub stroke_opacity: f64,
    /// Dashes, in tile units.
    pub dash: Vec<f64>,
    pub round_cap: bool,
    pub round_join: bool,
    pub even_odd: bool,
}

/// Reads a stylesheet of one-line rules `.class{prop:value;…}`: the class's
/// paint. Properties a canvas has no use for (pointer-events) are skipped.
pub fn parse(css: &str) -> HashMap<String, Paint> {
    let mut out = HashMap::new();
    for line in css.lines() {
        let Some((sel, rest)) = line.trim().split_once('{') else {
            continue;
        };
        let Some(class) = sel.trim().strip_prefix('.') else {
            continue;
        };
        let mut p = Paint {
            fill: Some("#000000".to_string()),
            fill_opacity: 1.0,
            stroke_opacity: 1.0,
            stroke_width: 1.0,
            ..Paint::default()
        };
        for decl in rest.trim_end_matches('}').split(';') {
            let Some((k, v)) = decl.split_once(':') else {
                continue;
            };
            let v = v.trim();
            let num = || super::solids::number(v).unwrap_or(0.0);
            match k.trim() {
                "fill" => p.fill = (v != "none").then(|| v.to_string()),
                "fill-opacity" => p.fill_opacity = num(),
                "stroke" => p.stroke = (v != "none").then(|| v.to_string()),
                "stroke-width" => p.stroke_width = num(),
                "stroke-opacity" => p.stroke_opacity = num(),
                "stroke-dasharray" => {
                    p.dash = v
                        .split([' ', ','])
                        .filter_map(super::solids::number)
                        .collect()
                }
                "stroke-linecap" => p.round_cap = v == "round",
                "stroke-linejoin" => p.round_join = v == "round",
                "fill-rule" => p.even_odd = v == "evenodd",
                _ => {}
            }
        }
        out.insert(class.to_string(), p);
    }
    out
}

thread_local! {
    static SHEETS: RefCell<HashMap<Ruleset, HashMap<String, Paint>>> = RefCell::new(HashMap::new());
}

/// The paint of a shape of `ruleset`'s artwork: its class's rule, with the
/// shape's own fill where the rule leaves the fill to it (roof tones). A
/// class without a rule is painted as SVG paints a path without style.
pub fn paint_of(ruleset: Ruleset, class: &str, fill: Option<&str>) -> Paint {
    let mut p = SHEETS.with(|s| {
        s.borrow_mut()
            .entry(ruleset)
            .or_insert_with(|| {
                parse(match ruleset {
                    Ruleset::City => art::city::ART_CSS,
                    Ruleset::Classic => art::classic::CLASSIC_CSS,
                })
            })
            .get(class)
            .cloned()
    });
    let p = p.get_or_insert_with(|| Paint {
        fill: Some("#000000".to_string()),
        fill_opacity: 1.0,
        stroke_opacity: 1.0,
        stroke_width: 1.0,
        ..Paint::default()
    });
    if let Some(f) = fill {
        p.fill = Some(f.to_string());
    }
    p.clone()
}

/// `#rgb` or `#rrggbb` as its three channels.
pub fn rgb(hex: &str) -> Option<(u8, u8, u8)> {
    let h = hex.strip_prefix('#')?;
    let ch = |s: &str| u8::from_str_radix(s, 16).ok();
    match h.len() {
        3 => {
            let d: Vec<u8> = h
                .chars()
                .map(|c| ch(&c.to_string()).map(|v| v * 17))
                .collect::<Option<_>>()?;
            Some((d[0], d[1], d[2]))
        }
        6 => Some((ch(&h[0..2])?, ch(&h[2..4])?, ch(&h[4..6])?)),
        _ => None,
    }
}

thread_local! {
    /// Shades made, by colour and light in 64ths: a frame shades thousands
    /// of walls in a few dozen shades.
    static SHADES: RefCell<HashMap<(String, i32), std::rc::Rc<str>>> = RefCell::new(HashMap::new());
}

/// [`shade_hex`] of `hex` at light `k` (to a 64th), made once.
pub fn shade(hex: &str, k: f64) -> std::rc::Rc<str> {
    let level = (k * 64.0).round() as i32;
    SHADES.with(|s| {
        let mut s = s.borrow_mut();
        if let Some(v) = s.get(&(hex.to_string(), level)) {
            return v.clone();
        }
        let v: std::rc::Rc<str> = shade_hex(hex, level as f64 / 64.0).into();
        s.insert((hex.to_string(), level), v.clone());
        v
    })
}

/// `hex` with its light times `k` (a wall in the shade), as `#rrggbb`; a
/// colour it cannot read stays as it is.
pub fn shade_hex(hex: &str, k: f64) -> String {
    match rgb(hex) {
        Some((r, g, b)) => {
            let f = |c: u8| crate::geometry::within((c as f64 * k).round(), 0.0, 255.0) as u8;
            format!("#{:02x}{:02x}{:02x}", f(r), f(g), f(b))
        }
        None => hex.to_string(),
    }
}
