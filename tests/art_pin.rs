//! The tile artwork must not change by accident: the SVG of every tile type
//! (each shape's layer, region, class, fill, title and path, then the
//! follower anchors) is pinned here by an FNV-1a hash, written by the build
//! before `src/art.rs` was split into `src/art/`. A deliberate change of the
//! artwork updates the table (the failure prints the new one).

use art::city::{region_anchor, tile_art, ART_CSS};
use engine::city::tiles::{Catalogue, RegionIdx, TileDef};
use std::fmt::Write as _;

/// (tile id, hash of its SVG text, length of its SVG text). D2, D4 and D6
/// changed on purpose (issue 13): a street opening into a market ends on a
/// paved apron, no longer on a round fountain that looked like the historic
/// wells.
const PINNED: &[(&str, u64, usize)] = &[
    ("X1", 0xbe5ae05b93178d1b, 6737),
    ("X2", 0x2fe2b02aa1454cfd, 6199),
    ("X3", 0xde51dea4304fd319, 7780),
    ("X4", 0x8abfa1a6d62ff5b9, 7212),
    ("T1", 0xac2d71b993ad859e, 7060),
    ("T2", 0xc5d86a69d4fe7c5c, 5991),
    ("T3", 0x0cee87bcc1c793fb, 7158),
    ("T4", 0xacb8a71676d9e249, 6429),
    ("T5", 0x15280a4501eac912, 8256),
    ("T6", 0xdf95ca089eff03f1, 9013),
    ("T7", 0xc6715924a70decf8, 6569),
    ("T8", 0xb4986029cbf4daeb, 7364),
    ("T9", 0x33e10029aa845e13, 6453),
    ("S1", 0xd266fcc6cfc1c9b7, 6093),
    ("S2", 0xf8cc6263a23c194f, 6094),
    ("S3", 0x33f1e19a87be1ecb, 5625),
    ("S4", 0xebd6dd30c1ad138a, 7546),
    ("S5", 0x1cf886470b68cfd7, 8738),
    ("S6", 0xab05a48beabb48fe, 7243),
    ("S7", 0x82591e56c45957c5, 7128),
    ("S8", 0xd2d3eed1cad083e1, 6507),
    ("C1", 0x3f93abdafca437cc, 6367),
    ("C2", 0x501233219b26ac2d, 5938),
    ("C3", 0xbbbbf4a01e71bd33, 6703),
    ("C4", 0x3b72f8ba54cdf6d1, 10039),
    ("C5", 0x9eb31f24c278d934, 11150),
    ("C6", 0xb7c97e5096c0a1b0, 8503),
    ("C7", 0xcbb34ae3c8989f30, 8713),
    ("C8", 0x0b0837f19a8206b4, 6671),
    ("D1", 0x012771db83e78481, 6469),
    ("D2", 0x6cd53eab99bc4624, 6253),
    ("D3", 0x37eabb49c80190d5, 9162),
    ("D4", 0xe09da65c97636da8, 11592),
    ("D5", 0xb297719e65454f6a, 5752),
    ("D6", 0x93d849c3bc722e60, 6094),
    ("D7", 0xd25056f11a6ba3ba, 6406),
    ("D8", 0x2b1d5927aec404c8, 6485),
    ("DD1", 0xc1452b19da43d8aa, 6420),
    ("DD2", 0x19f3ff693dc93a0c, 8248),
    ("DD3", 0x51052f3116114ef6, 7632),
    ("DD4", 0x4bd5ca63507bb07b, 5953),
    ("N1", 0x3951041abbf99e66, 6593),
    ("N2", 0x1e59da9dd099418a, 11974),
    ("N3", 0xcec1d163931e6c1b, 12533),
    ("N4", 0x21c2efa56ecd6540, 6673),
    ("N5", 0xc0700b27606651ef, 7204),
    ("N6", 0x24066e49d26b0d23, 8813),
    ("N7", 0x30713b01e8ac8870, 8141),
    ("N8", 0x2fb77560e76efcf8, 10050),
    ("N9", 0x8fb91b53eb00591d, 6457),
    ("N10", 0x1e37b0e4e7316d6a, 6792),
    ("N11", 0x337eacd3b2219581, 5958),
    ("N12", 0xbed865e6090d73ee, 7547),
    ("N13", 0x6248ddf42d80ac26, 6580),
];

/// The pinned hash of [`ART_CSS`].
const PINNED_CSS: u64 = 0x21d0_ef1b_5d1c_fcc5;

fn fnv1a(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A tile type's picture as SVG text, with everything the app draws from it.
fn svg(def: &TileDef) -> String {
    let art = tile_art(def);
    let mut out = String::new();
    for s in &art.shapes {
        let _ = write!(
            out,
            "<path data-layer=\"{:?}\" data-region=\"{:?}\" class=\"{}\"",
            s.layer, s.region, s.class
        );
        if let Some(f) = s.fill {
            let _ = write!(out, " fill=\"{f}\"");
        }
        let _ = write!(out, " d=\"{}\">", s.d);
        if let Some(t) = &s.title {
            let _ = write!(out, "<title>{t}</title>");
        }
        out.push_str("</path>\n");
    }
    for (r, &(x, y)) in art.anchors.iter().enumerate() {
        // The anchor computed alone is the one computed with the picture.
        assert_eq!(region_anchor(def, r as RegionIdx), (x, y), "{}", def.id);
        let _ = writeln!(
            out,
            "<circle data-region=\"{r}\" cx=\"{x:?}\" cy=\"{y:?}\"/>"
        );
    }
    out
}

#[test]
fn every_tile_types_svg_is_unchanged() {
    let cat = Catalogue::builtin().unwrap();
    let now: Vec<(String, u64, usize)> = cat
        .tiles
        .iter()
        .map(|def| {
            let text = svg(def);
            (def.id.clone(), fnv1a(&text), text.len())
        })
        .collect();
    let table: String = now
        .iter()
        .map(|(id, h, n)| format!("    ({id:?}, 0x{h:016x}, {n}),\n"))
        .collect();
    let same = now.len() == PINNED.len()
        && now
            .iter()
            .zip(PINNED)
            .all(|((id, h, n), &(pid, ph, pn))| id == pid && *h == ph && *n == pn);
    assert!(same, "the tile artwork changed; now:\n{table}");
    assert_eq!(
        fnv1a(ART_CSS),
        PINNED_CSS,
        "ART_CSS changed: 0x{:016x}",
        fnv1a(ART_CSS)
    );
}
