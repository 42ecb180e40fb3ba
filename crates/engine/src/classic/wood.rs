//! Old City's wood (O3): a bridge, a wall and a wooden gate per player, each
//! used once, in a placement, to mend a side of the tile placed that would
//! not match (B3.2).
//!
//! Each kind of mismatch has exactly one mend: a field of the tile placed
//! facing a road takes a bridge across the tile placed through that side; a
//! road facing a neighbour's field, a bridge across that neighbour; a city
//! facing a field, a wall; a city facing a road (a bridge end included), a
//! wooden gate; a gate facing a city, nothing (G2.1). So for a cell and a
//! rotation at most one set of wood makes the tile fit (`mend`), and a
//! placement is a cell and a rotation with that wood or none: the legal
//! choices list one placement per fitting (cell, rotation), in the base
//! game's order.
//!
//! The checks read what is laid (`Laid`: the catalogue, the table, the
//! bridges built) and are handed the player's pieces; the types of wood
//! are plain values in `pieces.rs`.

use super::features::{ClassicTable, FeatureKind, Node};
use super::pieces::{Axis, Bridge, Wood, BRIDGE, GATE, WALL};
use super::tiles::{Catalogue, SideKind, TileDef};
use crate::core::geom::{Cell, Dir, Rotation};
use crate::core::reason::{BridgeProblem, PlacementProblem, Reason, Thing, WoodPiece, WoodProblem};
use crate::core::rules::IllegalChoice;

/// Per side of an empty cell: the placed tile there and the kind of its
/// side facing the cell (a bridge end is a road side, O3.4).
pub type Around = [Option<(usize, SideKind)>; 4];

fn fits(a: SideKind, b: SideKind) -> bool {
    a.may_face() & b.bit() != 0
}

/// The side kinds of a tile placed with `wood`: its own (a bridge on it
/// makes its two ends road sides) and its neighbours' (a bridge on one
/// makes the side it shows a road side).
fn sides_with(
    def: &TileDef,
    rot: Rotation,
    around: &Around,
    wood: Wood,
) -> ([SideKind; 4], [Option<SideKind>; 4]) {
    let mut mine = Dir::ALL.map(|d| def.side_kind(rot, d));
    let mut theirs = around.map(|a| a.map(|(_, k)| k));
    if let Some(b) = wood.bridge {
        match b.on {
            None => {
                for e in b.axis.ends() {
                    mine[e.index()] = SideKind::Road;
                }
            }
            Some(d) if b.axis.crosses(d) => {
                if let Some(k) = theirs[d.index()].as_mut() {
                    *k = SideKind::Road;
                }
            }
            Some(_) => {}
        }
    }
    (mine, theirs)
}

/// What the wood checks read: the tiles laid (the table, the catalogue
/// they come from) and the bridge built on each (`OldCity::bridges`).
#[derive(Clone, Copy)]
pub struct Laid<'a> {
    pub catalogue: &'a Catalogue,
    pub table: &'a ClassicTable,
    /// A thin reference, read where used as the game reads its own (a
    /// slice, copied in at the start of the hot `around`, cost it 3%).
    pub bridges: &'a Vec<Option<Axis>>,
}

impl Laid<'_> {
    /// The kind of side `d` of placed tile `j`, its bridge included (O3.4).
    #[inline]
    pub fn placed_side(&self, j: usize, d: Dir) -> SideKind {
        let p = self.table.grid().placed()[j];
        match self.bridges.get(j) {
            Some(Some(a)) if a.crosses(d) => SideKind::Road,
            _ => self.catalogue.get(p.tile).side_kind(p.rot, d),
        }
    }

    /// What faces an empty cell on each side. Inlined with `placed_side`:
    /// listing placements asks it of every frontier cell, and as a call
    /// through `Laid` it cost random games with Old City's wood 1% more
    /// instructions than as a method of `Game` (callgrind).
    #[inline]
    pub fn around(&self, cell: Cell) -> Around {
        Dir::ALL.map(|d| {
            self.table
                .grid()
                .tile_at(cell.neighbour(d))
                .map(|j| (j, self.placed_side(j, d.opposite())))
        })
    }

    /// O3.2: a bridge may go on placed tile `j` along `axis` (no bridge on
    /// it yet, both ends on field sides of the tile as printed).
    fn bridge_fits_on(&self, j: usize, axis: Axis) -> bool {
        let p = self.table.grid().placed()[j];
        let def = self.catalogue.get(p.tile);
        self.bridges.get(j) == Some(&None)
            && axis
                .ends()
                .iter()
                .all(|&e| def.side_kind(p.rot, e) == SideKind::Field)
    }

    /// The wood that makes tile `def` in rotation `rot` fit at the empty
    /// `cell` when some does, the player holding it (`pieces`); `None`
    /// when nothing does (O3.1–O3.6; the module's note: it is unique).
    pub fn mend(
        &self,
        def: &TileDef,
        cell: Cell,
        rot: Rotation,
        around: &Around,
        pieces: u8,
    ) -> Option<Wood> {
        use SideKind::{City, Field, Road};
        let mut bridge: Option<Bridge> = None;
        for d in Dir::ALL {
            let Some((_, t)) = around[d.index()] else {
                continue;
            };
            let want = match (def.side_kind(rot, d), t) {
                // O3.3: a field of the tile placed facing a road.
                (Field, Road) => Bridge {
                    on: None,
                    axis: Axis::through(d),
                },
                // A road facing a neighbour's field: the bridge goes there.
                (Road, Field) => Bridge {
                    on: Some(d),
                    axis: Axis::through(d),
                },
                _ => continue,
            };
            if bridge.is_some_and(|b| b != want) {
                return None;
            }
            bridge = Some(want);
        }
        if let Some(b) = bridge {
            if pieces & BRIDGE == 0 {
                return None;
            }
            match b.on {
                None => {
                    if b.axis
                        .ends()
                        .iter()
                        .any(|&e| def.side_kind(rot, e) != Field)
                    {
                        return None;
                    }
                }
                Some(d) => {
                    let (j, _) = around[d.index()]?;
                    if !self.bridge_fits_on(j, b.axis) {
                        return None;
                    }
                    // O3.6: its far end must meet what a road may meet.
                    let far = cell.neighbour(d).neighbour(d);
                    if let Some(k) = self.table.grid().tile_at(far) {
                        if !fits(Road, self.placed_side(k, d.opposite())) {
                            return None;
                        }
                    }
                }
            }
        }
        let wood = Wood {
            bridge,
            ..Wood::NONE
        };
        let (mine, theirs) = sides_with(def, rot, around, wood);
        let (mut wall, mut gate) = (None, None);
        for d in Dir::ALL {
            let (m, Some(t)) = (mine[d.index()], theirs[d.index()]) else {
                continue;
            };
            if fits(m, t) {
                continue;
            }
            let slot = match (m, t) {
                (City, Field) | (Field, City) => &mut wall,
                (City, Road) | (Road, City) => &mut gate,
                _ => return None,
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(d);
        }
        let wood = Wood { bridge, wall, gate };
        if wood.pieces() & !pieces != 0 {
            return None;
        }
        for d in [wall, gate].into_iter().flatten() {
            if !self.regal_after(def, rot, around, &mine, d) {
                return None;
            }
        }
        Some(wood)
    }

    /// O3.5: whether the city on side `d` of the tile placed (its own, or
    /// the neighbour's across `d`) has a pennant once the tile joins its
    /// cities through every matching city side.
    fn regal_after(
        &self,
        def: &TileDef,
        rot: Rotation,
        around: &Around,
        mine: &[SideKind; 4],
        d: Dir,
    ) -> bool {
        let features = self.table.features();
        // The neighbour's city root behind side `e`.
        let root_across = |e: Dir| -> Option<Node> {
            let (j, _) = around[e.index()]?;
            let q = self.table.grid().placed()[j];
            let r = self.catalogue.get(q.tile).slots(q.rot, e.opposite())[1];
            Some(features.find(self.table.node_of(j, r)))
        };
        // City regions of the tile placed (bits) and neighbours' roots in it.
        let mut regions = 0u16;
        let mut roots: Vec<Node> = Vec::with_capacity(4);
        if mine[d.index()] == SideKind::City {
            regions = 1 << def.slots(rot, d)[1];
        } else if let Some(x) = root_across(d) {
            roots.push(x);
        }
        let links: Vec<(RegionBit, Node)> = Dir::ALL
            .into_iter()
            .filter(|&e| {
                mine[e.index()] == SideKind::City
                    && around[e.index()].is_some_and(|(_, k)| k == SideKind::City)
            })
            .filter_map(|e| Some((1u16 << def.slots(rot, e)[1], root_across(e)?)))
            .collect();
        loop {
            let mut grew = false;
            for &(r, x) in &links {
                let (has_r, has_x) = (regions & r != 0, roots.contains(&x));
                if has_r && !has_x {
                    roots.push(x);
                    grew = true;
                } else if has_x && !has_r {
                    regions |= r;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let own = (0..def.regions.len())
            .filter(|&r| regions & (1 << r) != 0)
            .any(|r| def.pennants_of(r as u8) > 0);
        own || roots.iter().any(|&x| features.get(x).data.pennants > 0)
    }

    /// Why the wood of placement (`cell`, `rot`, `wood`) of tile `def` by a
    /// player holding `pieces` is not allowed (O3.1–O3.5), or `None`; the
    /// sides are then checked with `side_problem`.
    pub fn wood_problem(
        &self,
        def: &TileDef,
        cell: Cell,
        rot: Rotation,
        wood: Wood,
        around: &Around,
        pieces: u8,
    ) -> Option<IllegalChoice> {
        let bad = |rule, why: Reason| Some(IllegalChoice::new(rule, why));
        if wood.pieces() & !pieces != 0 {
            return bad("O3.1", Reason::WoodUsed);
        }
        let (mine, theirs) = sides_with(def, rot, around, wood);
        if let Some(b) = wood.bridge {
            let at = b.on.map_or(cell, |d| cell.neighbour(d));
            let axis = b.axis.name();
            let bridge = |problem| Reason::Bridge { at, axis, problem };
            let mends = match b.on {
                None => {
                    if b.axis
                        .ends()
                        .iter()
                        .any(|&e| def.side_kind(rot, e) != SideKind::Field)
                    {
                        return bad("O3.2", bridge(BridgeProblem::NotBetweenFields));
                    }
                    b.axis
                        .ends()
                        .iter()
                        .any(|&e| around[e.index()].is_some_and(|(_, k)| k == SideKind::Road))
                }
                Some(d) => {
                    let Some((j, _)) = around[d.index()] else {
                        return bad("O3.2", bridge(BridgeProblem::NoTile));
                    };
                    if self.bridges.get(j).is_some_and(Option::is_some) {
                        return bad("O3.2", bridge(BridgeProblem::Twice));
                    }
                    if !self.bridge_fits_on(j, b.axis) {
                        return bad("O3.2", bridge(BridgeProblem::NotBetweenFields));
                    }
                    b.axis.crosses(d) && def.side_kind(rot, d) == SideKind::Road
                }
            };
            if !mends {
                return bad("O3.3", bridge(BridgeProblem::MendsNothing));
            }
        }
        for (side, piece, other) in [
            (wood.wall, WoodPiece::Wall, SideKind::Field),
            (wood.gate, WoodPiece::Gate, SideKind::Road),
        ] {
            let Some(d) = side else { continue };
            let wood = |problem| Reason::Wood {
                piece,
                cell,
                side: d,
                problem,
            };
            let Some(t) = theirs[d.index()] else {
                return bad("O3.5", wood(WoodProblem::NoTile));
            };
            let m = mine[d.index()];
            if m == SideKind::Gate || t == SideKind::Gate {
                // G2.1 (choice): no wood repairs a gate facing a city.
                return bad("G2.1", wood(WoodProblem::OnGate));
            }
            if !matches!((m, t), (SideKind::City, o) | (o, SideKind::City) if o == other) {
                return bad("O3.5", wood(WoodProblem::Between));
            }
            if !self.regal_after(def, rot, around, &mine, d) {
                return bad("O3.5", wood(WoodProblem::NoPennant));
            }
        }
        None
    }

    /// Why the sides of tile `def` placed at `cell` with `wood` do not all
    /// match (B3.2, G2.1; O3.6 for a bridge end), or `None`. The wood was
    /// checked by `wood_problem`: a wall's or gate's side is mended.
    pub fn side_problem(
        &self,
        def: &TileDef,
        cell: Cell,
        rot: Rotation,
        wood: Wood,
        around: &Around,
    ) -> Option<IllegalChoice> {
        let (mine, theirs) = sides_with(def, rot, around, wood);
        for d in Dir::ALL {
            let (m, Some(t)) = (mine[d.index()], theirs[d.index()]) else {
                continue;
            };
            if fits(m, t) || wood.wall == Some(d) || wood.gate == Some(d) {
                continue;
            }
            let bridged = m != def.side_kind(rot, d) || Some(t) != around[d.index()].map(|a| a.1);
            let (own, rule) = if bridged {
                (Thing::BridgeEnd, "O3.6")
            } else if m == SideKind::Gate || t == SideKind::Gate {
                // G2.1: a gate never faces a city side.
                (m.thing(), "G2.1")
            } else {
                (m.thing(), "B3.2")
            };
            return Some(IllegalChoice::new(
                rule,
                Reason::Placement {
                    tile: def.id.clone(),
                    cell,
                    rot,
                    problem: PlacementProblem::SidesDifferAt {
                        own,
                        side: d,
                        other: t.thing(),
                        at: cell.neighbour(d),
                    },
                },
            ));
        }
        // O3.6: a bridge on a neighbour turns its far side into a road end.
        if let Some(Bridge { on: Some(d), axis }) = wood.bridge {
            let far = cell.neighbour(d).neighbour(d);
            if let Some(k) = self.table.grid().tile_at(far) {
                let t = self.placed_side(k, d.opposite());
                if !fits(SideKind::Road, t) {
                    return Some(IllegalChoice::new(
                        "O3.6",
                        Reason::FarEnd {
                            cell: cell.neighbour(d),
                            axis: axis.name(),
                            other: t.thing(),
                            at: far,
                        },
                    ));
                }
            }
        }
        None
    }
}

/// Builds a bridge on the placed tile at `at` (O3.2) before the tile
/// placed beside it is laid: its road region wakes, open at the ends that
/// face empty cells (the cell about to be filled among them).
pub fn build_bridge(
    catalogue: &Catalogue,
    table: &mut ClassicTable,
    bridges: &mut [Option<Axis>],
    at: Cell,
    axis: Axis,
) {
    let Some(j) = table.grid().tile_at(at) else {
        return;
    };
    let Some(slot) = bridges.get_mut(j) else {
        return;
    };
    *slot = Some(axis);
    let tile = table.grid().placed()[j].tile;
    let node = table.node_of(j, catalogue.get(tile).bridge_region());
    let open = axis
        .ends()
        .iter()
        .filter(|&&e| !table.grid().is_tile(at.neighbour(e)))
        .count() as u16;
    let f = table.features_mut().get_mut(node);
    f.data.kind = Some(FeatureKind::Road);
    f.open = open;
}

/// For an empty cell: per side, a superset of the side kinds a tile may
/// show there with the wood in `pieces` (O3: a field against a road with a
/// bridge, a road against a field with a bridge on the neighbour, city and
/// field apart with a wall, city and road with a wooden gate, a field
/// against a city with a bridge and a wooden gate; nothing more against a
/// gate, G2.1); every kind where no tile is.
pub fn mendable_edges(around: &Around, pieces: u8) -> u16 {
    use SideKind::{City, Field, Gate, Road};
    let has = |p: u8| pieces & p != 0;
    let when = |ok: bool, bit: u16| if ok { bit } else { 0 };
    let mut allowed = 0xFFFFu16;
    for d in Dir::ALL {
        if let Some((_, theirs)) = around[d.index()] {
            let more = match theirs {
                Road => when(has(BRIDGE), Field.bit()) | when(has(GATE), City.bit()),
                Field => when(has(BRIDGE), Road.bit()) | when(has(WALL), City.bit()),
                City => {
                    when(
                        has(WALL) || (pieces & (BRIDGE | GATE)) == (BRIDGE | GATE),
                        Field.bit(),
                    ) | when(has(GATE), Road.bit())
                }
                Gate => 0,
            };
            let shift = 4 * d.index();
            allowed &= !(0xF << shift) | ((theirs.may_face() | more) << shift);
        }
    }
    allowed
}

/// A region of the tile placed as a one-bit mask.
type RegionBit = u16;
