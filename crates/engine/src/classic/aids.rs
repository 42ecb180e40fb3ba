//! Classic's part of the players' aids (`core::aids`): its pile, its
//! placements (a seat's own Old City wood counted), the roads, cities and
//! cloisters a dead space dooms, and the farms with their farmers (B9, O2.2).

use super::farms::{self, FarmTable};
use super::features::{FeatureKind, Node, TileLayout};
use super::game::Game;
use super::old_city::shares;
use super::options::FarmScoring;
use super::scoring;
use super::tiles::TileType;
use crate::core::aids::{self, Aided, Doomed, Holding, Kind};
use crate::core::geom::Cell;
use crate::core::rules::{majority, TileGame, MAX_SEATS};
use crate::core::shape::RegionIdx;
use crate::core::table::Layout;

fn kind_of(k: FeatureKind) -> Kind {
    match k {
        FeatureKind::Road => Kind::Road,
        FeatureKind::City => Kind::City,
        FeatureKind::Cloister => Kind::Cloister,
        FeatureKind::Field => Kind::Field,
    }
}

impl Game {
    fn aids_layout(&self) -> TileLayout<'_> {
        TileLayout {
            catalogue: self.catalogue(),
            bridges: &self.old_city().bridges,
            bridge_nodes: self.parts().wood,
        }
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
        self.in_hand().filter(|_| self.at_placement())
    }

    /// What a player may know of the tiles to come, the tile in hand not
    /// with them: the game's own count ([`Game::tiles_to_come`]).
    fn pile_after_hand(&self) -> Vec<u32> {
        self.tiles_to_come(true)
    }

    fn open_spaces(&self) -> Vec<Cell> {
        self.board().frontier().collect()
    }

    fn for_each_fit(&self, t: TileType, f: &mut dyn FnMut(Cell)) {
        let pieces = self.players()[self.current_player() as usize].pieces;
        self.each_placement_with(t, pieces, |p| f(p.cell));
    }

    fn for_each_fit_any_seat(&self, t: TileType, f: &mut dyn FnMut(Cell)) {
        let mut seen: Vec<u8> = Vec::new();
        for p in self.players() {
            if !seen.contains(&p.pieces) {
                seen.push(p.pieces);
                self.each_placement_with(t, p.pieces, |q| f(q.cell));
            }
        }
    }

    fn fits_depend_on_seat(&self) -> bool {
        self.parts().wood
    }

    /// Roads and cities with a side towards a dead space, cloisters with
    /// one of their eight (B4.3).
    fn doomed(&self, dead: &[Cell]) -> Vec<Doomed> {
        let table = self.table();
        let layout = self.aids_layout();
        let features = table.features();
        let mut facing = aids::features_facing(table, &layout, dead);
        for &c in dead {
            for r in aids::ring(c) {
                let Some(j) = self.board().tile_at(r) else {
                    continue;
                };
                let q = self.board().placed()[j];
                for region in 0..layout.region_count(&q, j) as RegionIdx {
                    let root = features.find(table.node_of(j, region));
                    if features.get(root).kind() == Some(FeatureKind::Cloister) {
                        aids::add(&mut facing, root, c);
                    }
                }
            }
        }
        let n = self.player_count();
        let oc = self.old_city();
        facing
            .into_iter()
            .filter_map(|(root, needs)| {
                let f = features.get(root);
                let kind = f.kind()?;
                if kind == FeatureKind::Field || f.done || f.is_complete() {
                    return None;
                }
                let completed =
                    scoring::completed_value(table, oc, &self.setup().options, root).points;
                let end = scoring::final_value(table, oc, root).points;
                let followers = oc.control(table, root);
                Some(aids::doomed_of(
                    table,
                    root,
                    kind_of(kind),
                    needs,
                    followers,
                    n,
                    completed.saturating_sub(end),
                ))
            })
            .collect()
    }

    /// Every farm with a farmer: its farmers and what each would score
    /// (B9.1 per farm; B9.2 and B9.3 score city by city, so a farm is
    /// credited the cities beside it its owners win; O2.2 shares).
    fn holdings(&self) -> Vec<Holding> {
        let table = self.table();
        let features = table.features();
        let n = self.player_count();
        let t = FarmTable {
            catalogue: self.catalogue(),
            table,
            players: n,
        };
        let farms_held = aids::held_roots(
            features,
            self.followers()
                .iter()
                .filter(|s| s.role == FeatureKind::Field)
                .map(|s| s.node),
        );
        let pairs = t.farm_city_pairs();
        let cities_of = |farm: Node| pairs.iter().filter(|p| p.0 == farm).count() as u32;
        let proportional = self.parts().proportional;
        let awards = if proportional {
            Vec::new()
        } else {
            farms::score_farms(&t, self.farm_scoring())
        };
        farms_held
            .into_iter()
            .map(|farm| {
                let followers = features.get(farm).followers;
                let owners = majority(&followers[..n]);
                let cities = cities_of(farm);
                let mut paid = [0u32; MAX_SEATS];
                if proportional {
                    paid = shares(3 * cities, &followers[..n], true);
                } else if self.farm_scoring() == FarmScoring::Third {
                    if let Some(a) = awards.iter().find(|a| a.feature == farm) {
                        for (p, x) in paid.iter_mut().enumerate() {
                            if a.winners & (1 << p) != 0 {
                                *x = a.points;
                            }
                        }
                    }
                } else {
                    for a in &awards {
                        if !pairs.contains(&(farm, a.feature)) {
                            continue;
                        }
                        for (p, x) in paid.iter_mut().enumerate() {
                            if a.winners & owners & (1 << p) != 0 {
                                *x += a.points;
                            }
                        }
                    }
                }
                aids::holding_of(table, farm, Kind::Field, followers, owners, paid, cities)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::options::{Expansions, Options};
    use crate::classic::setup::{pile_counts, Setup};
    use crate::classic::tiles::Catalogue;
    use crate::core::random::choice_rng;
    use crate::core::rng::below;
    use crate::core::rules::TileGame;

    /// The aids' pile was once counted apart (the tiles in play less those
    /// drawn); it is the game's count: the same at every decision of random
    /// games, whole and short piles, with and without the expansions.
    #[test]
    fn the_aids_pile_is_the_tiles_to_come_less_the_hand() {
        let cat = Catalogue::builtin().unwrap();
        let names: Vec<String> = vec!["A".into(), "B".into(), "C".into()];
        let both = Expansions {
            city_gates: true,
            old_city: true,
        };
        let mut seen = 0;
        for (exp, first_tiles) in [(Expansions::BASE, None), (both, None), (both, Some(30))] {
            for seed in 1..40u64 {
                let mut setup =
                    Setup::from_seed(cat, names.clone(), exp, Options::default(), seed).unwrap();
                if let Some(n) = first_tiles {
                    setup = setup.first_tiles(n);
                }
                let mut g = Game::new(cat, setup).unwrap();
                let mut rng = choice_rng(seed);
                let mut choices = Vec::new();
                while !g.is_over() {
                    seen += 1;
                    let mut counted = pile_counts(cat, exp);
                    for &t in g.drawn_tiles() {
                        counted[t as usize] -= 1;
                    }
                    assert_eq!(g.pile_after_hand(), counted, "seed {seed}");
                    g.legal_choices_into(&mut choices);
                    g.play_unchecked(choices[below(&mut rng, choices.len() as u64) as usize]);
                }
            }
        }
        assert!(seen > 5000, "{seen} decisions");
    }
}
