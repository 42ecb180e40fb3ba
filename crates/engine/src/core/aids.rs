//! The players' aids (issue 39), for any ruleset: the pile after the tile in
//! hand by type (never its order), what fits each open space and how many
//! copies, dead spaces (no tile still to come can fill them), features whose
//! completion needs a dead space, who holds each end-scored feature now, and
//! the score if the game ended now. A ruleset tells its part through
//! `Aided`; `aids` puts them together. No words: the view says them.

use super::features::{Features, Node, Payload};
use super::geom::{Cell, Dir, RING};
use super::rules::{majority, Seat, TileGame, MAX_SEATS};
use super::shape::{RegionIdx, TileType};
use super::table::{Layout, Table};
use serde::{Deserialize, Serialize};

/// A setup's aids when it does not say (serde's default): on.
pub fn on() -> bool {
    true
}

/// What an aid names: a feature's kind in either game, or a guard's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    Road,
    City,
    Cloister,
    Field,
    Street,
    Market,
    Residential,
    /// The City's guard on a wall piece (R12.3).
    Guard,
}

/// An open space: an empty cell beside a placed tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Space {
    pub cell: Cell,
    /// The pile's types with a legal placement here for the seat to move
    /// (any rotation), in type order.
    pub fits: Vec<TileType>,
    /// Copies of `fits` in the pile.
    pub copies: u32,
    /// The tile in hand has a legal placement here.
    pub hand_fits: bool,
    /// Neither the pile nor the tile in hand can fill it, whoever draws.
    pub dead: bool,
}

impl Space {
    /// Only one tile still to come (the one in hand counted) can fill it.
    pub fn last_chance(&self) -> bool {
        self.copies + u32::from(self.hand_fits) == 1
    }
}

/// A feature whose completion needs a dead space: its owners lose what it
/// would score completed beyond what it scores at the end, and its
/// followers stay on it for the rest of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doomed {
    pub kind: Kind,
    /// Its first region: the tile's cell and the region (it names it).
    pub cell: Cell,
    pub region: RegionIdx,
    /// The cells of the tiles it covers.
    pub tiles: Vec<Cell>,
    /// The dead spaces it would need filled.
    pub needs: Vec<Cell>,
    /// Followers on it per seat (they never come back).
    pub followers: [u8; MAX_SEATS],
    /// The seats that would score it (bit per seat).
    pub owners: u8,
    /// Points each owner loses: completed now minus scored at the end.
    pub lost: u32,
}

/// An end-scored feature held now: a farm (classic), a residential area or
/// a guard's line (The City).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    pub kind: Kind,
    pub cell: Cell,
    /// Its first region (`None`: a guard, on the wall beside `cell`).
    pub region: Option<RegionIdx>,
    pub tiles: Vec<Cell>,
    pub followers: [u8; MAX_SEATS],
    pub owners: u8,
    /// What each seat would score for it if the game ended now.
    pub paid: [u32; MAX_SEATS],
    /// What it counts: completed cities by a farm, markets by a residential
    /// area, buildings on a guard's line.
    pub counts: u32,
}

/// Every aid of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aids {
    pub seat_to_move: Seat,
    pub in_hand: Option<TileType>,
    /// Copies per tile type still to be drawn after the tile in hand.
    pub pile: Vec<u32>,
    pub spaces: Vec<Space>,
    pub doomed: Vec<Doomed>,
    pub holdings: Vec<Holding>,
    pub scores: Vec<u32>,
    /// Each seat's score if the game ended now.
    pub projected: Vec<u32>,
}

impl Aids {
    /// Tiles in the pile after the one in hand.
    pub fn pile_total(&self) -> u32 {
        self.pile.iter().sum()
    }

    pub fn space(&self, cell: Cell) -> Option<&Space> {
        self.spaces.iter().find(|s| s.cell == cell)
    }

    pub fn dead(&self) -> impl Iterator<Item = Cell> + '_ {
        self.spaces.iter().filter(|s| s.dead).map(|s| s.cell)
    }

    /// The chance that the next draw fits `space`: (copies, pile); none
    /// when the pile is empty.
    pub fn chance_next(&self, space: &Space) -> Option<(u32, u32)> {
        let total = self.pile_total();
        (total > 0).then_some((space.copies, total))
    }
}

/// What a ruleset tells the aids.
pub trait Aided: TileGame {
    /// The tile waiting to be placed, if the game waits for a placement.
    fn tile_in_hand(&self) -> Option<TileType>;
    /// Copies per tile type still to be drawn after the tile in hand (what
    /// a player may know: the box minus what was seen, no order).
    fn pile_after_hand(&self) -> Vec<u32>;
    /// The empty cells a tile may go beside now, in the engine's order.
    fn open_spaces(&self) -> Vec<Cell>;
    /// Calls `f` with the cell of each legal placement of `t` for the seat
    /// to move (a cell once per rotation that fits).
    fn for_each_fit(&self, t: TileType, f: &mut dyn FnMut(Cell));
    /// The same for any seat (a seat's own wood may mend a placement):
    /// what decides that a space is dead.
    fn for_each_fit_any_seat(&self, t: TileType, f: &mut dyn FnMut(Cell)) {
        self.for_each_fit(t, f)
    }
    /// Whether a seat's own pieces change what fits (then dead spaces ask
    /// `for_each_fit_any_seat` too).
    fn fits_depend_on_seat(&self) -> bool {
        false
    }
    /// The features whose completion needs one of the `dead` cells.
    fn doomed(&self, dead: &[Cell]) -> Vec<Doomed>;
    /// The end-scored features held now.
    fn holdings(&self) -> Vec<Holding>;
    /// Each seat's score if the game ended now, what the turn has completed
    /// counted as scored (the ruleset's final scoring on a copy).
    fn projected_now(&self) -> Vec<u32>;
    /// Whether the setup shows the aids (`Setup::aids`).
    fn aids_on(&self) -> bool;
}

/// Every aid of `g`'s position.
pub fn aids<G: Aided>(g: &G) -> Aids {
    let cells = g.open_spaces();
    let index = |c: Cell| cells.iter().position(|&x| x == c);
    // Once the game is over nothing more is drawn (Old City may end it
    // with tiles left, O1.5).
    let mut pile = g.pile_after_hand();
    if g.is_over() {
        pile.iter_mut().for_each(|c| *c = 0);
    }
    let in_hand = g.tile_in_hand();
    let n = cells.len();
    let hits = |t: TileType, any_seat: bool| -> Vec<bool> {
        let mut hit = vec![false; n];
        let mut f = |c: Cell| {
            if let Some(i) = index(c) {
                hit[i] = true;
            }
        };
        if any_seat {
            g.for_each_fit_any_seat(t, &mut f);
        } else {
            g.for_each_fit(t, &mut f);
        }
        hit
    };
    let mut fits: Vec<Vec<TileType>> = vec![Vec::new(); n];
    let mut any = vec![false; n];
    let mut hand = vec![false; n];
    let by_seat = g.fits_depend_on_seat();
    let types = pile
        .iter()
        .enumerate()
        .filter(|&(_, &copies)| copies > 0)
        .map(|(t, _)| (t as TileType, true));
    // The pile's types, then the tile in hand (which only makes a space
    // live, and tells `hand_fits`).
    for (t, in_pile) in types.chain(in_hand.map(|t| (t, false))) {
        let seat = hits(t, false);
        let everyone = if by_seat { hits(t, true) } else { seat.clone() };
        for (i, (&s, &e)) in seat.iter().zip(&everyone).enumerate() {
            any[i] |= s || e;
            if s && in_pile {
                fits[i].push(t);
            }
        }
        if !in_pile {
            hand = seat;
        }
    }
    let spaces: Vec<Space> = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let copies = fits[i].iter().map(|&t| pile[t as usize]).sum();
            Space {
                cell,
                fits: std::mem::take(&mut fits[i]),
                copies,
                hand_fits: hand[i],
                dead: !any[i],
            }
        })
        .collect();
    let dead: Vec<Cell> = spaces.iter().filter(|s| s.dead).map(|s| s.cell).collect();
    Aids {
        seat_to_move: g.to_move(),
        in_hand,
        pile,
        doomed: if dead.is_empty() {
            Vec::new()
        } else {
            g.doomed(&dead)
        },
        spaces,
        holdings: g.holdings(),
        scores: g.scores(),
        projected: g.projected_now(),
    }
}

/// For each feature with an open side facing one of `cells`, its root and
/// the cells of `cells` it faces, in the order first met (sides a piece
/// covers are the ruleset's to leave out).
pub fn features_facing<P: Payload, R: Copy, const H: i32>(
    table: &Table<P, R, H>,
    layout: &impl Layout,
    cells: &[Cell],
) -> Vec<(Node, Vec<Cell>)> {
    let grid = table.grid();
    let features = table.features();
    let mut out: Vec<(Node, Vec<Cell>)> = Vec::new();
    for &c in cells {
        for d in Dir::ALL {
            let Some(j) = grid.tile_at(c.neighbour(d)) else {
                continue;
            };
            let q = grid.placed()[j];
            let od = d.opposite();
            for r in 0..layout.region_count(&q, j) as RegionIdx {
                if layout.reach(&q, j, r) & (1 << od.index()) == 0 {
                    continue;
                }
                let root = features.find(table.node_of(j, r));
                add(&mut out, root, c);
            }
        }
    }
    out
}

/// Adds `cell` to `root`'s entry of `out`.
pub fn add(out: &mut Vec<(Node, Vec<Cell>)>, root: Node, cell: Cell) {
    match out.iter_mut().find(|(r, _)| *r == root) {
        Some((_, v)) => {
            if !v.contains(&cell) {
                v.push(cell)
            }
        }
        None => out.push((root, vec![cell])),
    }
}

/// The eight cells round `c` (a cloister's).
pub fn ring(c: Cell) -> impl Iterator<Item = Cell> {
    RING.into_iter()
        .map(move |(dx, dy)| Cell::new(c.x + dx, c.y + dy))
}

/// The cells of the tiles a feature covers.
pub fn tile_cells<P: Payload, R: Copy, const H: i32>(
    table: &Table<P, R, H>,
    root: Node,
) -> Vec<Cell> {
    let mut bits = table.features().get(root).tiles;
    let placed = table.grid().placed();
    let mut v = Vec::new();
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if let Some(p) = placed.get(i) {
            v.push(p.cell);
        }
        bits &= bits - 1;
    }
    v
}

/// A doomed feature from its root (the ruleset's kind, loss and counts).
pub fn doomed_of<P: Payload, R: Copy, const H: i32>(
    table: &Table<P, R, H>,
    root: Node,
    kind: Kind,
    needs: Vec<Cell>,
    followers: [u8; MAX_SEATS],
    players: usize,
    lost: u32,
) -> Doomed {
    let (tile, region) = table.first_region(root);
    Doomed {
        kind,
        cell: table.grid().placed()[tile].cell,
        region,
        tiles: tile_cells(table, root),
        needs,
        followers,
        owners: majority(&followers[..players]),
        lost,
    }
}

/// A holding from a feature's root.
pub fn holding_of<P: Payload, R: Copy, const H: i32>(
    table: &Table<P, R, H>,
    root: Node,
    kind: Kind,
    followers: [u8; MAX_SEATS],
    owners: u8,
    paid: [u32; MAX_SEATS],
    counts: u32,
) -> Holding {
    let (tile, region) = table.first_region(root);
    Holding {
        kind,
        cell: table.grid().placed()[tile].cell,
        region: Some(region),
        tiles: tile_cells(table, root),
        followers,
        owners,
        paid,
        counts,
    }
}

/// Roots of features with followers, each once, sorted.
pub fn held_roots<P: Payload>(
    features: &Features<P>,
    nodes: impl Iterator<Item = Node>,
) -> Vec<Node> {
    let mut v: Vec<Node> = nodes.map(|n| features.find(n)).collect();
    super::sort::sort_unstable(&mut v);
    v.dedup();
    v
}
