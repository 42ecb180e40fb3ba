//! Points: streets and markets (§5), and the final scoring of stewards and
//! guards (§12). Towers score in `walls.rs` (R9.2).

use super::features::{Board, CityTable, Node};
use super::tiles::{Catalogue, FeatureKind, RegionIdx};
use super::walls::{self, Walls};
use crate::core::geom::{Dir, Side};
pub use crate::core::rules::majority;
use crate::core::sort;
use serde::{Deserialize, Serialize};

/// Points per player by source, as a UI shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub streets: u32,
    pub markets: u32,
    pub towers: u32,
    pub stewards: u32,
    pub guards: u32,
}

impl Breakdown {
    pub fn total(&self) -> u32 {
        self.streets + self.markets + self.towers + self.stewards + self.guards
    }
}

/// R5.4: 1 point per tile for 1–3 tiles, 2 per tile from 4 tiles.
pub fn street_points(tiles: u32) -> u32 {
    if tiles >= 4 {
        2 * tiles
    } else {
        tiles
    }
}

/// R5.5: tiles × distinct goods.
pub fn market_points(tiles: u32, goods: u32) -> u32 {
    tiles * goods
}

/// R12.1–R12.2: for each residential area with stewards: its owners (bit
/// set), the distinct markets adjacent to it, and the points each owner scores.
pub fn steward_scores(
    catalogue: &Catalogue,
    table: &CityTable,
    players: usize,
    cross_side_adjacency: bool,
) -> Vec<(u8, u32, u32)> {
    steward_areas(catalogue, table, players, cross_side_adjacency)
        .into_iter()
        .map(|(_, owners, markets, points)| (owners, markets, points))
        .collect()
}

/// `steward_scores` with each area's root (the aids show where it is).
pub fn steward_areas(
    catalogue: &Catalogue,
    table: &CityTable,
    players: usize,
    cross_side_adjacency: bool,
) -> Vec<(Node, u8, u32, u32)> {
    let features = table.features();
    let board = table.grid();
    let placed = board.placed();
    // (residential root, market root) pairs, deduplicated below.
    let mut pairs: Vec<(Node, Node)> = Vec::new();
    let mut add = |a: Node, b: Node| {
        let (ra, rb) = (features.find(a), features.find(b));
        let (ka, kb) = (features.get(ra).kind(), features.get(rb).kind());
        match (ka, kb) {
            (FeatureKind::Residential, FeatureKind::Market) => pairs.push((ra, rb)),
            (FeatureKind::Market, FeatureKind::Residential) => pairs.push((rb, ra)),
            _ => {}
        }
    };
    for (i, p) in placed.iter().enumerate() {
        let def = catalogue.get(p.tile);
        for &(a, b) in &def.touches {
            add(table.node_of(i, a), table.node_of(i, b));
        }
        if cross_side_adjacency {
            for d in [Dir::E, Dir::S] {
                let Some(j) = board.tile_at(p.cell.neighbour(d)) else {
                    continue;
                };
                let q = placed[j];
                let mine = def.slots(p.rot, d);
                let theirs = catalogue.get(q.tile).slots(q.rot, d.opposite());
                for k in 0..3 {
                    add(
                        table.node_of(i, mine[k] as RegionIdx),
                        table.node_of(j, theirs[2 - k] as RegionIdx),
                    );
                }
            }
        }
    }
    sort::sort_unstable(&mut pairs);
    pairs.dedup();
    let mut areas: Vec<Node> = table
        .followers()
        .iter()
        .map(|s| features.find(s.node))
        .filter(|&r| features.get(r).kind() == FeatureKind::Residential)
        .collect();
    sort::sort_unstable(&mut areas);
    areas.dedup();
    let n = players;
    areas
        .into_iter()
        .map(|root| {
            let owners = majority(&features.get(root).followers[..n]);
            let markets = pairs.iter().filter(|&&(r, _)| r == root).count() as u32;
            (root, owners, markets, 2 * markets)
        })
        .collect()
}

/// R12.3: per guard: (seat, public buildings, historic buildings, points) of its line.
pub fn guard_scores(
    catalogue: &Catalogue,
    board: &Board,
    walls: &Walls,
) -> Vec<(u8, u32, u32, u32)> {
    walls
        .pieces
        .iter()
        .filter_map(|piece| {
            let player = piece.guard?;
            let (public, historic) = line_buildings(catalogue, board, piece.side);
            Some((player, public, historic, 2 * public + 3 * historic))
        })
        .collect()
}

/// R12.3: the public and historic buildings on the line of a guard on
/// wall piece `piece` (as the line stands now).
pub fn line_buildings(catalogue: &Catalogue, board: &Board, piece: Side) -> (u32, u32) {
    let (mut public, mut historic) = (0, 0);
    for i in walls::guard_line(board, piece) {
        let def = catalogue.get(board.placed()[i].tile);
        public += def.public_buildings();
        historic += def.historic_buildings();
    }
    (public, historic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r5_4_street_points() {
        assert_eq!(street_points(3), 3);
        assert_eq!(street_points(4), 8);
    }

    #[test]
    fn r5_6_majority_ties_share() {
        assert_eq!(majority(&[1, 1, 0]), 0b011);
        assert_eq!(majority(&[2, 1, 0]), 0b001);
        assert_eq!(majority(&[0, 0]), 0);
    }
}
