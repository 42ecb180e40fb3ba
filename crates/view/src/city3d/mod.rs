//! The board in 3-D (issue 41): a game's position as a painter draws it,
//! the tiles' own artwork laid flat and raised (solids.rs), The City's
//! walls, gate and towers, classic's wood, and the followers as small
//! standing pieces in their players' colours with their marks. The frame
//! is a list of drawing steps in the painter's order for one of four
//! quarter turns (project.rs); the app's canvas only carries them out. The
//! words (the text alternative, the legend) are describe.rs's.

pub mod describe;
pub mod paint;
pub mod project;
pub mod solids;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use crate::geometry::{self, Pt, TILE};
use crate::palette::{PlayerColour, Seat};
use crate::scene::Scene;
use engine::any::{AnyGame, Ruleset};
use engine::core::geom::{Dir, Side};
use engine::core::sort;
use paint::shade;
use project::{Extent, View, P3};
use solids::{signed_area, tile_solids, Piece};

/// Heights of The City's pieces (a hundredth of a tile).
pub const WALL_H: f64 = 16.0;
const WALL_HALF: f64 = 4.5;
const GATE_H: f64 = 30.0;
const TOWER_H: f64 = 28.0;
/// How much taller a tower stands for each wall piece it counts (R9.2).
pub const TOWER_STEP: f64 = 4.0;
const TOWER_MAX: f64 = 110.0;
const STONE: &str = "#cdbf9c";
const GATE_STONE: &str = "#b9a57c";
const CLOSING_STONE: &str = "#e2d9c2";
const EDGE: &str = "#3b3328";
const WOOD: &str = "#b07a44";
const DARK_WOOD: &str = "#7a5128";
const GREY: &str = "#9a8f80";

/// One drawing step, in screen units (board units projected; the canvas
/// scales and moves them).
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// The flat shapes of tile `tile` (an index into the scene's tiles),
    /// drawn with the canvas transform `m` (project::View::tile_matrix).
    Flat { tile: usize, m: [f64; 6] },
    /// Shape `shape` of tile `tile`'s artwork drawn with `m` (a top, lifted).
    Shape {
        tile: usize,
        shape: usize,
        m: [f64; 6],
    },
    /// The stretch `a`–`b` (in the tile's box) of a stroked shape, with `m`.
    Line {
        tile: usize,
        shape: usize,
        a: Pt,
        b: Pt,
        m: [f64; 6],
    },
    /// A polygon on the screen: a wall's face, a box's top.
    Face {
        pts: Vec<Pt>,
        fill: Rc<str>,
        edge: Option<&'static str>,
    },
    /// A player's mark floating over their piece: a disc in the colour of
    /// seat `player` with the colour's mark on it (colour is never all that
    /// tells the players apart).
    Mark { at: Pt, player: u8 },
}

/// A view of the board: its steps, and the box they cover.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub ops: Vec<Op>,
    pub extent: Extent,
    pub turn: u8,
}

/// A position of a game, ready to be drawn in 3-D from any side.
#[derive(Clone, Debug, PartialEq)]
pub struct City3d {
    pub ruleset: Ruleset,
    pub scene: Scene,
    pub names: Vec<String>,
    pub colours: Vec<PlayerColour>,
    pub scores: Vec<u32>,
    /// The board point the view turns about.
    pub centre: Pt,
}

impl City3d {
    /// `game`'s position, its seats as they are.
    pub fn of(game: &AnyGame, seats: &[Seat]) -> City3d {
        let colours: Vec<PlayerColour> = seats.iter().map(|s| s.colour).collect();
        let scene = match game {
            AnyGame::City(g) => crate::city::scene::scene(g, &colours),
            AnyGame::Classic(g) => crate::classic::scene::scene(g, &colours),
        };
        let b = scene.bounds;
        let centre = (
            (b.min.x + b.max.x + 1) as f64 * TILE / 2.0,
            (b.min.y + b.max.y + 1) as f64 * TILE / 2.0,
        );
        City3d {
            ruleset: game.ruleset(),
            names: seats.iter().map(|s| s.name.clone()).collect(),
            colours,
            scores: game.scores(),
            scene,
            centre,
        }
    }

    /// The frame seen after `turn` quarter turns.
    pub fn frame(&self, turn: u8) -> Frame {
        let view = View::new(turn, self.centre);
        let mut ops = Vec::new();
        let mut extent = Extent::EMPTY;
        // The tiles' ground first: nothing lying flat hides anything
        // standing behind it.
        for (i, t) in self.scene.tiles.iter().enumerate() {
            ops.push(Op::Flat {
                tile: i,
                m: view.tile_matrix(t.cell, t.rot, 0.0),
            });
            let h = tile_solids(self.ruleset, t.tile).height();
            for c in [(0.0, 0.0), (TILE, 0.0), (0.0, TILE), (TILE, TILE)] {
                let p = geometry::on_board(t.cell, t.rot, c);
                extent.add(view.project((p.0, p.1, 0.0)));
                extent.add(view.project((p.0, p.1, h)));
            }
        }
        let mut items = Items::default();
        self.tile_items(&view, &mut items);
        self.city_items(&view, &mut items);
        self.follower_items(&view, &mut items);
        self.piece_items(&view, &mut items);
        for op in items.sorted() {
            if let Op::Face { pts, .. } = &op {
                for &p in pts {
                    extent.add(p);
                }
            }
            ops.push(op);
        }
        Frame {
            ops,
            extent,
            turn: view.turn,
        }
    }

    /// The tiles' raised artwork, group by group.
    fn tile_items(&self, view: &View, items: &mut Items) {
        for (i, t) in self.scene.tiles.iter().enumerate() {
            let solids = tile_solids(self.ruleset, t.tile);
            let art = crate::any::tile_art(self.ruleset, t.tile);
            let on = |p: Pt| geometry::on_board(t.cell, t.rot, p);
            for g in &solids.groups {
                let mut ops = Vec::new();
                for piece in &g.pieces {
                    match piece {
                        Piece::Sides {
                            colour,
                            rings,
                            z0,
                            z1,
                            ..
                        } => {
                            for (ring, hole) in rings {
                                let board: Vec<Pt> = ring.iter().map(|&p| on(p)).collect();
                                sides(view, &mut ops, &board, *hole, *z0, *z1, colour, None);
                            }
                        }
                        Piece::Top { shape, z } => ops.push(Op::Shape {
                            tile: i,
                            shape: *shape,
                            m: view.tile_matrix(t.cell, t.rot, *z),
                        }),
                        Piece::Ribbon { shape, a, b, z } => {
                            let wood = art
                                .as_ref()
                                .and_then(|a| a.shapes.get(*shape))
                                .is_some_and(|s| s.class.contains("palisade"));
                            let colour = if wood { "#a8743f" } else { "#d9d1bf" };
                            let (a, b) = (on(*a), on(*b));
                            let e = (b.0 - a.0, b.1 - a.1);
                            let mut n = (e.1, -e.0);
                            if !view.faces_viewer(n) {
                                n = (-n.0, -n.1);
                            }
                            ops.push(Op::Face {
                                pts: vec![
                                    view.project((a.0, a.1, 0.0)),
                                    view.project((b.0, b.1, 0.0)),
                                    view.project((b.0, b.1, *z)),
                                    view.project((a.0, a.1, *z)),
                                ],
                                fill: shade(colour, view.light(n)),
                                edge: Some(EDGE),
                            });
                        }
                        Piece::Segment { shape, a, b, z } => ops.push(Op::Line {
                            tile: i,
                            shape: *shape,
                            a: *a,
                            b: *b,
                            m: view.tile_matrix(t.cell, t.rot, *z),
                        }),
                    }
                }
                items.push(view.depth(on(g.at)), ops);
            }
        }
    }

    /// The City's wall with its guards, the gate, the towers, and after the
    /// game the sides the closing walled in.
    fn city_items(&self, view: &View, items: &mut Items) {
        let s = &self.scene;
        for w in &s.walls {
            wall(view, items, w.side, WALL_H, STONE);
            if let Some(g) = w.guard {
                let at = geometry::side_point(w.side);
                let mut ops = Vec::new();
                standing(view, &mut ops, at, WALL_H, g, &self.colours);
                items.push(view.depth(at) + 0.5, ops);
            }
        }
        for &side in &s.closing {
            wall(view, items, side, WALL_H * 0.75, CLOSING_STONE);
        }
        if let Some(gate) = s.gate {
            let (a, b) = geometry::side_points(gate);
            let half = (WALL_HALF + 3.0, WALL_HALF + 3.0);
            for p in [a, b] {
                let mut ops = Vec::new();
                cuboid(view, &mut ops, p, half, 0.0, GATE_H, GATE_STONE);
                items.push(view.depth(p), ops);
            }
            // The arch over the way in.
            let m = geometry::side_point(gate);
            let along = along(gate);
            let mut ops = Vec::new();
            let half = (
                along.0.abs() * 42.0 + along.1.abs() * WALL_HALF,
                along.1.abs() * 42.0 + along.0.abs() * WALL_HALF,
            );
            cuboid(
                view,
                &mut ops,
                m,
                half,
                GATE_H - 9.0,
                GATE_H - 2.0,
                GATE_STONE,
            );
            items.push(view.depth(m), ops);
        }
        for t in &s.towers {
            let at = geometry::vertex_point(t.vertex);
            let h = tower_height(t.points);
            let mut ops = Vec::new();
            cuboid(view, &mut ops, at, (10.0, 10.0), 0.0, h, STONE);
            let colour = self.colours.get(t.owner as usize).map_or(GREY, |c| c.hex());
            pyramid(view, &mut ops, at, 12.0, h, h + 14.0, colour);
            ops.push(Op::Mark {
                at: view.project((at.0, at.1, h + 24.0)),
                player: t.owner,
            });
            items.push(view.depth(at) + 1.0, ops);
        }
    }

    fn follower_items(&self, view: &View, items: &mut Items) {
        for f in &self.scene.followers {
            let mut ops = Vec::new();
            standing(view, &mut ops, f.pos, 0.0, f.player, &self.colours);
            items.push(view.depth(f.pos) + 2.0, ops);
        }
    }

    /// Classic's other pieces: Old City's wood, guesthouses, the wyvern.
    fn piece_items(&self, view: &View, items: &mut Items) {
        for p in &self.scene.pieces {
            let mut ops = Vec::new();
            let side = Dir::ALL[p.rot.quarter_turns() as usize % 4];
            let edge = |d: Dir| -> Pt {
                let (dx, dy) = d.step();
                (p.pos.0 + dx as f64 * 44.0, p.pos.1 + dy as f64 * 44.0)
            };
            let flat = |d: Dir, long: f64, thin: f64| -> Pt {
                if matches!(d, Dir::N | Dir::S) {
                    (long, thin)
                } else {
                    (thin, long)
                }
            };
            let owner = p.owner.and_then(|o| self.colours.get(o as usize));
            let at = match p.kind {
                "bridge" => {
                    let half = if p.rot.quarter_turns() % 2 == 1 {
                        (36.0, 9.0)
                    } else {
                        (9.0, 36.0)
                    };
                    cuboid(view, &mut ops, p.pos, half, 3.0, 7.0, WOOD);
                    p.pos
                }
                "wall" => {
                    let at = edge(side);
                    cuboid(view, &mut ops, at, flat(side, 34.0, 3.0), 0.0, 14.0, WOOD);
                    at
                }
                "wooden-gate" => {
                    let at = edge(side);
                    cuboid(
                        view,
                        &mut ops,
                        at,
                        flat(side, 13.0, 4.0),
                        0.0,
                        20.0,
                        DARK_WOOD,
                    );
                    at
                }
                "guesthouse" => {
                    cuboid(view, &mut ops, p.pos, (7.0, 7.0), 0.0, 9.0, "#e8dcc0");
                    pyramid(
                        view,
                        &mut ops,
                        p.pos,
                        8.5,
                        9.0,
                        17.0,
                        owner.map_or(GREY, |c| c.hex()),
                    );
                    if let Some(o) = p.owner {
                        ops.push(Op::Mark {
                            at: view.project((p.pos.0, p.pos.1, 27.0)),
                            player: o,
                        });
                    }
                    p.pos
                }
                "wyvern" => {
                    cuboid(view, &mut ops, p.pos, (7.0, 7.0), 0.0, 12.0, "#d9d2c3");
                    cuboid(view, &mut ops, p.pos, (3.5, 3.5), 12.0, 20.0, "#9c9484");
                    p.pos
                }
                "veil" => {
                    cuboid(view, &mut ops, p.pos, (7.5, 7.5), 0.0, 5.0, "#2b2238");
                    p.pos
                }
                "plaza" => {
                    cuboid(view, &mut ops, p.pos, (2.5, 2.5), 0.0, 9.0, "#e8bb3c");
                    p.pos
                }
                _ => {
                    cuboid(view, &mut ops, p.pos, (5.0, 5.0), 0.0, 8.0, GREY);
                    p.pos
                }
            };
            items.push(view.depth(at) + 2.5, ops);
        }
    }
}

/// How tall a tower stands that scores `points` (one step per wall piece
/// it counts, R9.2).
pub fn tower_height(points: u32) -> f64 {
    (TOWER_H + TOWER_STEP * points as f64).min(TOWER_MAX)
}

/// The direction along a side (a unit step).
fn along(side: Side) -> Pt {
    match side.dir {
        Dir::N | Dir::S => (1.0, 0.0),
        Dir::E | Dir::W => (0.0, 1.0),
    }
}

/// A wall piece on `side`, in five stretches for the painter's order.
fn wall(view: &View, items: &mut Items, side: Side, h: f64, colour: &str) {
    let (a, b) = geometry::side_points(side);
    let dir = along(side);
    for k in 0..5 {
        let t = (k as f64 + 0.5) / 5.0;
        let c = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let half = (
            dir.0 * 10.0 + dir.1 * WALL_HALF,
            dir.1 * 10.0 + dir.0 * WALL_HALF,
        );
        let mut ops = Vec::new();
        cuboid(view, &mut ops, c, half, 0.0, h, colour);
        // A merlon on every other stretch.
        if k % 2 == 0 {
            cuboid(
                view,
                &mut ops,
                c,
                (half.0 * 0.5, half.1 * 0.5),
                h,
                h + 4.0,
                colour,
            );
        }
        items.push(view.depth(c), ops);
    }
}

/// A follower or guard: a small standing piece in its player's colour on
/// `at` at height `z`, their mark over it.
fn standing(view: &View, ops: &mut Vec<Op>, at: Pt, z: f64, player: u8, colours: &[PlayerColour]) {
    let colour = colours.get(player as usize).map_or(GREY, |c| c.hex());
    cuboid(view, ops, at, (5.0, 3.5), z, z + 10.0, colour);
    cuboid(view, ops, at, (3.0, 3.0), z + 10.0, z + 16.0, colour);
    ops.push(Op::Mark {
        at: view.project((at.0, at.1, z + 25.0)),
        player,
    });
}

/// An upright box round `c` of half sizes `half`, from `z0` to `z1`.
fn cuboid(view: &View, ops: &mut Vec<Op>, c: Pt, half: Pt, z0: f64, z1: f64, colour: &str) {
    let foot = [
        (c.0 - half.0, c.1 - half.1),
        (c.0 + half.0, c.1 - half.1),
        (c.0 + half.0, c.1 + half.1),
        (c.0 - half.0, c.1 + half.1),
    ];
    sides(view, ops, &foot, false, z0, z1, colour, Some(EDGE));
    ops.push(Op::Face {
        pts: foot.iter().map(|p| view.project((p.0, p.1, z1))).collect(),
        fill: Rc::from(colour),
        edge: Some(EDGE),
    });
}

/// A square pyramid (a tower's roof) round `c`, from `z0` to its tip at `z1`.
fn pyramid(view: &View, ops: &mut Vec<Op>, c: Pt, half: f64, z0: f64, z1: f64, colour: &str) {
    let foot = [
        (c.0 - half, c.1 - half),
        (c.0 + half, c.1 - half),
        (c.0 + half, c.1 + half),
        (c.0 - half, c.1 + half),
    ];
    let tip: P3 = (c.0, c.1, z1);
    let mut faces: Vec<(f64, Op)> = (0..4)
        .map(|i| {
            let (a, b) = (foot[i], foot[(i + 1) % 4]);
            let n = (b.1 - a.1, -(b.0 - a.0));
            let depth = view.depth(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
            (
                depth,
                Op::Face {
                    pts: vec![
                        view.project((a.0, a.1, z0)),
                        view.project((b.0, b.1, z0)),
                        view.project(tip),
                    ],
                    fill: shade(colour, view.light(n)),
                    edge: Some(EDGE),
                },
            )
        })
        .collect();
    sort::sort_by(&mut faces, |a, b| a.0 < b.0);
    ops.extend(faces.into_iter().map(|f| f.1));
}

/// The faces of the walls round `ring` (board points) that the viewer
/// sees, from `z0` to `z1`, far ones first; `hole`: the ring is a hole's
/// (its walls face inwards).
#[allow(clippy::too_many_arguments)]
fn sides(
    view: &View,
    ops: &mut Vec<Op>,
    ring: &[Pt],
    hole: bool,
    z0: f64,
    z1: f64,
    colour: &str,
    edge: Option<&'static str>,
) {
    let n = ring.len();
    if n < 2 {
        return;
    }
    // Outward: to the left of each edge for a ring clockwise on the screen.
    let sign = if (signed_area(ring) >= 0.0) != hole {
        1.0
    } else {
        -1.0
    };
    let mut faces: Vec<(f64, Op)> = Vec::new();
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if a == b {
            continue;
        }
        let normal = (sign * (b.1 - a.1), -sign * (b.0 - a.0));
        if !view.faces_viewer(normal) {
            continue;
        }
        faces.push((
            view.depth(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)),
            Op::Face {
                pts: vec![
                    view.project((a.0, a.1, z0)),
                    view.project((b.0, b.1, z0)),
                    view.project((b.0, b.1, z1)),
                    view.project((a.0, a.1, z1)),
                ],
                fill: shade(colour, view.light(normal)),
                edge,
            },
        ));
    }
    sort::sort_by(&mut faces, |a, b| a.0 < b.0);
    ops.extend(faces.into_iter().map(|f| f.1));
}

/// Things to draw, each a group of steps at a depth: drawn far to near
/// (equal depths in the order given).
#[derive(Default)]
struct Items {
    keys: Vec<(i64, u32)>,
    groups: Vec<Vec<Op>>,
}

impl Items {
    fn push(&mut self, depth: f64, ops: Vec<Op>) {
        let n = self.groups.len() as u32;
        self.keys.push(((depth * 64.0).round() as i64, n));
        self.groups.push(ops);
    }

    /// The steps in the painter's order.
    fn sorted(mut self) -> Vec<Op> {
        // (The engine's small sorts: engine::core::sort says why.)
        sort::sort_unstable(&mut self.keys);
        let mut groups: Vec<Option<Vec<Op>>> = self.groups.into_iter().map(Some).collect();
        let mut out = Vec::new();
        for (_, i) in self.keys {
            if let Some(g) = groups.get_mut(i as usize).and_then(Option::take) {
                out.extend(g);
            }
        }
        out
    }
}
