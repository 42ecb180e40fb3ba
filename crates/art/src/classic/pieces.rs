//! The pieces: followers by role (thief, knight, monk, and the farmer lying
//! down) in the owner's colour, and Old City's bridge, wall, wooden gate,
//! guesthouse, the wyvern, the veil over a follower under it and the plaza's
//! mark. Each is a
//! short list of shapes drawn from point tables; the owner's colour comes
//! from the CSS variable `--pc` the player's class sets on an enclosing
//! element, and a pale halo keeps every piece readable on any ground.

use crate::geometry::*;
use crate::{Layer, Shape};
use engine::classic::tiles::FeatureKind;

/// A piece the board draws on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Thief,
    Knight,
    Monk,
    /// Lying down, head to the west.
    Farmer,
    /// Old City's bridge, straight across the tile from north to south, in
    /// tile coordinates (turn it a quarter for east–west).
    Bridge,
    /// Old City's wall along the tile's north side (y = 0), in tile
    /// coordinates; the UI turns it to the side it stands on.
    Wall,
    /// Old City's wooden gate along the north side, like the wall.
    WoodenGate,
    Guesthouse,
    Wyvern,
    /// Drawn over a follower the wyvern veils.
    Veil,
    /// Old City's plaza (O2.3): marks tile C, whose city is the plaza city.
    Plaza,
}

impl Piece {
    pub const ALL: [Piece; 11] = [
        Piece::Thief,
        Piece::Knight,
        Piece::Monk,
        Piece::Farmer,
        Piece::Bridge,
        Piece::Wall,
        Piece::WoodenGate,
        Piece::Guesthouse,
        Piece::Wyvern,
        Piece::Veil,
        Piece::Plaza,
    ];

    /// The follower for a feature (B5.1): thief, knight, farmer, monk.
    pub fn follower(kind: FeatureKind) -> Piece {
        match kind {
            FeatureKind::Road => Piece::Thief,
            FeatureKind::City => Piece::Knight,
            FeatureKind::Field => Piece::Farmer,
            FeatureKind::Cloister => Piece::Monk,
        }
    }

    /// Whether the piece is drawn in tile coordinates (a 100 × 100 box)
    /// rather than centred on (0, 0) at a follower spot.
    pub fn on_tile(self) -> bool {
        matches!(self, Piece::Bridge | Piece::Wall | Piece::WoodenGate)
    }
}

const D: Layer = Layer::Detail;

fn poly(pts: &[(f32, f32)]) -> Path {
    Path::polygon(pts)
}

/// The same points mirrored left to right.
fn mirror(pts: &[(f32, f32)]) -> Vec<(f32, f32)> {
    pts.iter().map(|&(x, y)| (-x, y)).collect()
}

/// A standing follower's body below the head (shoulders, arms, legs).
const BODY: [(f32, f32); 15] = [
    (-3.4, -3.6),
    (3.4, -3.6),
    (9.6, -1.5),
    (10.4, 0.8),
    (9.3, 2.6),
    (5.0, 3.1),
    (8.6, 10.6),
    (1.9, 10.6),
    (0.0, 6.4),
    (-1.9, 10.6),
    (-8.6, 10.6),
    (-5.0, 3.1),
    (-9.3, 2.6),
    (-10.4, 0.8),
    (-9.6, -1.5),
];

/// A part in the owner's colour, with its halo behind it.
fn own(v: &mut Vec<(&'static str, Path)>, p: Path) {
    v.push(("ca-halo", p.clone()));
    v.push(("ca-pc", p));
}

/// The drawing of a piece, in the order to draw it.
pub fn piece_art(piece: Piece) -> Vec<Shape> {
    let mut v: Vec<(&'static str, Path)> = Vec::new();
    let f = Frame {
        c: (0.0, 0.0),
        u: (1.0, 0.0),
    };
    let shadow = |v: &mut Vec<(&'static str, Path)>, rx: f32, ry: f32, y: f32| {
        v.push(("ca-shadow", f.ellipse(1.5, y, rx, ry)));
    };
    match piece {
        Piece::Thief => {
            shadow(&mut v, 9.0, 2.6, 10.8);
            own(&mut v, poly(&BODY));
            own(
                &mut v,
                poly(&[
                    (-4.3, -3.0),
                    (-4.8, -7.6),
                    (-2.4, -11.2),
                    (3.6, -13.4),
                    (2.4, -10.6),
                    (4.6, -7.4),
                    (4.3, -3.0),
                ]),
            );
            v.push(("ca-dark", f.ellipse(0.2, -6.8, 2.3, 2.5)));
            v.push(("ca-sack", f.circle(10.6, 4.6, 3.4)));
            v.push(("ca-dark", Path::line(&[(9.6, 1.4), (11.8, 1.6)])));
        }
        Piece::Knight => {
            shadow(&mut v, 9.0, 2.6, 10.8);
            own(&mut v, poly(&BODY));
            own(
                &mut v,
                poly(&[(-0.8, -11.6), (1.4, -14.8), (3.6, -14.2), (1.2, -11.2)]),
            );
            v.push(("ca-halo", f.rect(-4.1, -11.8, 4.1, -3.0)));
            v.push(("ca-steel", f.rect(-4.1, -11.8, 4.1, -3.0)));
            v.push(("ca-dark", f.rect(-3.0, -8.4, 3.0, -7.2)));
            let mut s = Path::default();
            s.m((-1.2, -2.6))
                .l((6.2, -2.6))
                .l((6.2, 2.4))
                .c((6.2, 5.0), (4.4, 6.6), (2.5, 7.6))
                .c((0.6, 6.6), (-1.2, 5.0), (-1.2, 2.4))
                .z();
            v.push(("ca-steel", s));
            v.push(("ca-pc", f.rect(1.7, -2.6, 3.3, 7.0)));
        }
        Piece::Monk => {
            shadow(&mut v, 9.0, 2.6, 10.8);
            own(
                &mut v,
                poly(&[
                    (-3.6, -3.4),
                    (3.6, -3.4),
                    (6.6, -0.4),
                    (9.2, 10.6),
                    (-9.2, 10.6),
                    (-6.6, -0.4),
                ]),
            );
            own(&mut v, f.circle(0.0, -7.0, 4.4));
            v.push(("ca-skin", f.ellipse(0.0, -6.4, 2.4, 2.7)));
            own(
                &mut v,
                poly(&[(-7.4, 0.6), (7.4, 0.6), (6.4, 4.2), (-6.4, 4.2)]),
            );
            v.push((
                "ca-rope",
                Path::line(&[(-7.2, 5.6), (7.2, 5.6), (5.0, 5.6), (4.2, 10.0)]),
            ));
        }
        Piece::Farmer => {
            shadow(&mut v, 11.5, 3.0, 9.8);
            let lying: Vec<(f32, f32)> = BODY.iter().map(|&(x, y)| (y, -x * 0.9)).collect();
            own(&mut v, poly(&lying));
            own(&mut v, f.circle(-7.4, 0.0, 3.9));
            v.push(("ca-straw", f.ellipse(-8.6, 0.0, 3.4, 6.2)));
            v.push(("ca-straw-band", f.ellipse(-8.2, 0.0, 1.8, 3.2)));
            v.push(("ca-rope", Path::line(&[(-4.0, 10.6), (12.0, 10.6)])));
            v.push((
                "ca-rope",
                Path::line(&[(9.0, 9.0), (12.0, 10.6), (9.0, 12.2)]),
            ));
        }
        Piece::Bridge => {
            v.push((
                "ca-shadow",
                poly(&[(42.0, 0.0), (62.5, 0.0), (62.5, 100.0), (42.0, 100.0)]),
            ));
            v.push((
                "ca-wood",
                poly(&[(40.5, 0.0), (59.5, 0.0), (59.5, 100.0), (40.5, 100.0)]),
            ));
            let mut planks = Path::default();
            let mut rails = Path::default();
            for i in 0..25 {
                let y = 2.0 + 4.0 * i as f32;
                planks.append(Path::line(&[(42.6, y), (57.4, y)]));
                if i % 4 == 1 {
                    rails.append(f.rect(39.0, y - 1.6, 43.0, y + 1.6));
                    rails.append(f.rect(57.0, y - 1.6, 61.0, y + 1.6));
                }
            }
            v.push(("ca-plank", planks));
            v.push((
                "ca-rail",
                poly(&[(40.0, 0.0), (42.2, 0.0), (42.2, 100.0), (40.0, 100.0)]),
            ));
            v.push((
                "ca-rail",
                poly(&[(57.8, 0.0), (60.0, 0.0), (60.0, 100.0), (57.8, 100.0)]),
            ));
            v.push(("ca-rail", rails));
        }
        Piece::Wall | Piece::WoodenGate => {
            let gate = piece == Piece::WoodenGate;
            let runs: &[(f32, f32)] = if gate {
                &[(3.0, 39.0), (61.0, 97.0)]
            } else {
                &[(3.0, 97.0)]
            };
            let mut logs = Path::default();
            for &(a, b) in runs {
                v.push(("ca-shadow", f.rect(a + 1.0, -1.0, b + 1.0, 4.6)));
                logs.append(Path::line(&[(a, 0.0), (b, 0.0)]));
            }
            v.push(("ca-palisade-edge", logs.clone()));
            v.push(("ca-palisade", logs));
            if gate {
                let mut doors = f.rect(40.0, -1.4, 49.6, 1.4);
                doors.append(f.rect(50.4, -1.4, 60.0, 1.4));
                v.push(("ca-wood", doors));
                let mut posts = f.rect(36.4, -3.6, 41.6, 3.6);
                posts.append(f.rect(58.4, -3.6, 63.6, 3.6));
                v.push(("ca-rail", posts));
            }
        }
        Piece::Guesthouse => {
            v.push(("ca-shadow", f.rect(-6.0, -4.0, 9.5, 7.5)));
            v.push(("ca-wood", f.rect(-8.0, -6.0, 8.0, 6.0)));
            own(&mut v, f.rect(-7.0, -5.0, 7.0, 5.0));
            v.push((
                "ca-shade",
                f.poly(&[(-7.0, 5.0), (7.0, 5.0), (2.0, 0.0), (-2.0, 0.0)]),
            ));
            v.push(("ca-shade", f.poly(&[(7.0, -5.0), (7.0, 5.0), (2.0, 0.0)])));
            v.push(("ca-stone", f.rect(-5.0, -4.4, -2.6, -2.0)));
            v.push(("ca-rail", f.rect(8.0, 1.0, 11.6, 1.9)));
            v.push(("ca-sign", f.rect(9.2, 1.9, 12.6, 5.8)));
        }
        Piece::Wyvern => {
            v.push(("ca-token", f.circle(0.0, 0.0, 13.0)));
            let wing = [
                (-2.4, -2.0),
                (-7.6, -8.4),
                (-12.2, -7.0),
                (-11.0, -3.6),
                (-12.6, -0.2),
                (-9.4, -0.4),
                (-9.0, 3.0),
                (-2.8, 3.0),
            ];
            let mut wings = poly(&wing);
            wings.append(poly(&mirror(&wing)));
            v.push(("ca-wing", wings));
            let mut body = f.ellipse(0.0, 0.6, 3.4, 5.8);
            body.append(poly(&[
                (-1.6, -4.0),
                (-1.5, -8.2),
                (-2.8, -10.4),
                (-1.6, -12.4),
                (0.0, -11.4),
                (1.6, -12.4),
                (2.8, -10.4),
                (1.5, -8.2),
                (1.6, -4.0),
            ]));
            body.append(poly(&[
                (-1.4, 5.4),
                (1.4, 5.4),
                (3.4, 8.6),
                (2.0, 11.4),
                (4.0, 12.2),
                (0.4, 12.8),
                (1.0, 10.4),
                (-0.6, 8.6),
            ]));
            v.push(("ca-wyvern", body));
            let mut eyes = f.circle(-1.1, -9.4, 0.6);
            eyes.append(f.circle(1.1, -9.4, 0.6));
            v.push(("ca-eye", eyes));
        }
        Piece::Plaza => {
            // A fountain on a paved disc, on the wyvern's dark token.
            v.push(("ca-token", f.circle(0.0, 0.0, 11.0)));
            v.push(("ca-plaza", f.circle(0.0, 0.0, 8.0)));
            v.push(("ca-water", f.circle(0.0, 0.0, 4.0)));
        }
        Piece::Veil => {
            let mut c = Path::default();
            c.m((0.0, -14.4))
                .c((6.0, -14.4), (8.8, -7.0), (11.6, 1.8))
                .l((7.4, 4.6))
                .l((3.4, 2.4))
                .l((0.0, 5.2))
                .l((-3.4, 2.4))
                .l((-7.4, 4.6))
                .l((-11.6, 1.8))
                .c((-8.8, -7.0), (-6.0, -14.4), (0.0, -14.4))
                .z();
            v.push(("ca-veil", c));
            let mut folds = Path::line(&[(0.0, -9.0), (-3.6, 1.6)]);
            folds.append(Path::line(&[(2.0, -8.0), (5.4, 2.0)]));
            v.push(("ca-fold", folds));
        }
    }
    v.into_iter()
        .map(|(class, p)| Shape {
            layer: D,
            region: None,
            d: p.d(),
            class,
            fill: None,
            title: None,
        })
        .collect()
}
