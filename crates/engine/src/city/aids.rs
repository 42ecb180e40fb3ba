//! The City's part of the players' aids (`core::aids`): its pile, its
//! placements, the streets and markets a dead hole dooms (a dead space on
//! the outside may still be closed by a wall, R11.2), and the residential
//! areas and guards' lines scored at the end (§12).

use super::game::Game;
use super::scoring::{self, market_points, street_points};
use super::tiles::{FeatureKind, TileType};
use super::walls;
use crate::core::aids::{self, Aided, Doomed, Holding, Kind};
use crate::core::geom::Cell;
use crate::core::rules::{TileGame, MAX_SEATS};

fn kind_of(k: FeatureKind) -> Kind {
    match k {
        FeatureKind::Street => Kind::Street,
        FeatureKind::Market => Kind::Market,
        FeatureKind::Residential => Kind::Residential,
    }
}

impl Aided for Game {
    fn projected_now(&self) -> Vec<u32> {
        self.projected().scores()
    }

    fn aids_on(&self) -> bool {
        self.setup().aids
    }

    fn tile_in_hand(&self) -> Option<TileType> {
        self.drawn().filter(|_| self.at_placement()).map(|(t, _)| t)
    }

    /// The box less every tile drawn (placed, set aside, in hand): with
    /// the whole box dealt, the stacks' tiles; with shorter stacks, what a
    /// player may know of them (the stacks are a random part of the box).
    fn pile_after_hand(&self) -> Vec<u32> {
        let mut counts: Vec<u32> = self
            .catalogue()
            .tiles
            .iter()
            .map(|t| t.count as u32)
            .collect();
        for &t in &self.setup().deck[..self.deck_position()] {
            if let Some(c) = counts.get_mut(t as usize) {
                *c = c.saturating_sub(1);
            }
        }
        counts
    }

    fn open_spaces(&self) -> Vec<Cell> {
        self.board().frontier().collect()
    }

    fn for_each_fit(&self, t: TileType, f: &mut dyn FnMut(Cell)) {
        self.each_placement(t, |c, _| f(c));
    }

    /// Only a dead hole dooms: no wall can close a side towards it, and
    /// nothing ever fills it; an outside space may be walled (R6, R11.2).
    fn doomed(&self, dead: &[Cell]) -> Vec<Doomed> {
        let table = self.table();
        let holes: Vec<Cell> = dead
            .iter()
            .copied()
            .filter(|&c| self.board().is_hole(c))
            .collect();
        let n = self.player_count();
        aids::features_facing(table, self.catalogue(), &holes)
            .into_iter()
            .filter_map(|(root, needs)| {
                let f = table.features().get(root);
                if f.done || f.is_complete() {
                    return None;
                }
                let lost = match f.kind() {
                    FeatureKind::Street => street_points(f.tile_count()),
                    FeatureKind::Market => market_points(f.tile_count(), f.goods_count()),
                    FeatureKind::Residential => return None,
                };
                Some(aids::doomed_of(
                    table,
                    root,
                    kind_of(f.kind()),
                    needs,
                    f.followers,
                    n,
                    lost,
                ))
            })
            .collect()
    }

    fn holdings(&self) -> Vec<Holding> {
        let table = self.table();
        let n = self.player_count();
        let mut v: Vec<Holding> = scoring::steward_areas(
            self.catalogue(),
            table,
            n,
            self.setup().options.cross_side_adjacency,
        )
        .into_iter()
        .map(|(root, owners, markets, points)| {
            let followers = table.features().get(root).followers;
            let mut paid = [0u32; MAX_SEATS];
            for (p, x) in paid.iter_mut().enumerate() {
                if owners & (1 << p) != 0 {
                    *x = points;
                }
            }
            aids::holding_of(
                table,
                root,
                Kind::Residential,
                followers,
                owners,
                paid,
                markets,
            )
        })
        .collect();
        let placed = self.board().placed();
        for piece in &self.walls().pieces {
            let Some(player) = piece.guard else { continue };
            let (public, historic) =
                scoring::line_buildings(self.catalogue(), self.board(), piece.side);
            let mut followers = [0u8; MAX_SEATS];
            followers[player as usize] = 1;
            let mut paid = [0u32; MAX_SEATS];
            paid[player as usize] = 2 * public + 3 * historic;
            v.push(Holding {
                kind: Kind::Guard,
                cell: piece.side.cell,
                region: None,
                tiles: walls::guard_line(self.board(), piece.side)
                    .into_iter()
                    .map(|i| placed[i].cell)
                    .collect(),
                followers,
                owners: 1 << player,
                paid,
                counts: public + historic,
            });
        }
        v
    }
}
