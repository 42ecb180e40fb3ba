//! Old City (CLASSIC.md part O) beside the wood of `wood.rs`: the parts in
//! play (O1.3), the players' pieces (O1.2), the guesthouse (O5), coins
//! (O4), the wyvern and veiled followers (O6), proportional scoring (O2.1)
//! and the final coins (O4.4). The game's turn loop calls these at its hook
//! points; with no Old City part on, each is a cheap no-op.

use super::events::Event;
use super::game::{Game, Spot};
use super::options::{Expansions, OldCityOptions};
use super::tiles::{FeatureKind, RegionIdx, TileType};
use super::wood::Axis;
use crate::engine::core::features::Node;
use crate::engine::core::geom::Cell;
use crate::engine::core::roomy::RoomyVec;
use crate::engine::core::rules::{majority, IllegalChoice, MAX_SEATS};

/// A player's Old City pieces in hand (O1.2), one bit each.
pub const BRIDGE: u8 = 1;
pub const WALL: u8 = 2;
pub const GATE: u8 = 4;
pub const GUESTHOUSE: u8 = 8;
/// The wood among them (O3).
pub const WOOD: u8 = BRIDGE | WALL | GATE;

/// Old City's parts in play (O1.3): all off without `old-city`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    pub proportional: bool,
    pub wood: bool,
    pub coins: bool,
    pub guesthouse: bool,
    pub wyvern: bool,
}

impl Parts {
    pub fn of(expansions: Expansions, o: &OldCityOptions) -> Parts {
        if !expansions.old_city {
            return Parts::default();
        }
        Parts {
            proportional: o.proportional,
            wood: o.wood,
            coins: o.coins,
            guesthouse: o.guesthouse,
            wyvern: o.wyvern,
        }
    }

    /// The pieces each player starts with (O1.2; a part switched off hands
    /// none out).
    pub fn pieces(self) -> u8 {
        (u8::from(self.wood) * WOOD) | (u8::from(self.guesthouse) * GUESTHOUSE)
    }
}

/// Old City's state in a game (empty without it).
#[derive(Clone, Debug, Default)]
pub struct OldCity {
    pub parts: Parts,
    /// Per placed tile, the bridge built on it (O3.2); kept only with wood.
    pub bridges: RoomyVec<Option<Axis>>,
    /// Coins left in the common supply (O4.2); `None` for unlimited.
    pub coin_supply: Option<u8>,
    /// The placed tile the wyvern is on; `None` while it is aside (O6.2).
    pub wyvern: Option<usize>,
    /// The tiles the wyvern may go to in this turn's wyvern step (O6.1).
    pub targets: Vec<usize>,
    /// Guesthouses: placed tile and region (the bridge's included) (O5.2).
    pub guesthouses: Vec<(usize, RegionIdx)>,
    /// Tile C: its city is the plaza city (O2.3), with proportional scoring.
    pub plaza: Option<TileType>,
}

/// O2.1 and B6.5: what each seat earns of `points` with `counts` followers
/// per seat on the feature (veiled ones not counted). Proportionally, each
/// follower earns ⌈points / n⌉; by majority, the most followers take all.
pub fn shares(points: u32, counts: &[u8], proportional: bool) -> [u32; MAX_SEATS] {
    let mut out = [0u32; MAX_SEATS];
    if proportional {
        let n: u32 = counts.iter().map(|&c| c as u32).sum();
        if n > 0 {
            let each = points.div_ceil(n);
            for (o, &c) in out.iter_mut().zip(counts) {
                *o = each * c as u32;
            }
        }
    } else {
        let w = majority(counts);
        for (i, o) in out.iter_mut().enumerate().take(counts.len()) {
            if w & (1 << i) != 0 {
                *o = points;
            }
        }
    }
    out
}

/// O4.4: the points each player's coins give at the end: the most coins
/// (at least one) 3 a coin, tied leaders each; everyone else 2 a coin.
pub fn coin_points(coins: &[u8]) -> Vec<u32> {
    let most = coins.iter().copied().max().unwrap_or(0);
    coins
        .iter()
        .map(|&c| c as u32 * if c == most { 3 } else { 2 })
        .collect()
}

impl Game {
    /// The wyvern's tile (O6), if it is on the board.
    pub fn wyvern(&self) -> Option<Cell> {
        self.oc.wyvern.map(|i| self.board().placed()[i].cell)
    }

    /// Coins left in the supply (O4.2): `None` when unlimited.
    pub fn coin_supply(&self) -> Option<u8> {
        self.oc.coin_supply
    }

    /// Old City's parts in play (O1.3).
    pub fn parts(&self) -> Parts {
        self.oc.parts
    }

    /// The bridge built on placed tile `tile`, if any (O3.2).
    pub fn bridge_on(&self, tile: usize) -> Option<Axis> {
        self.oc.bridges.get(tile).copied().flatten()
    }

    /// Every guesthouse: its placed tile and region (O5.2).
    pub fn guesthouses(&self) -> &[(usize, RegionIdx)] {
        &self.oc.guesthouses
    }

    /// The region a spot names on placed tile `tile`, if it has it.
    pub(super) fn region_of(&self, tile: usize, spot: Spot) -> Option<RegionIdx> {
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        match spot {
            Spot::Bridge => self.bridge_on(tile).map(|_| def.bridge_region()),
            Spot::Region(r) => ((r as usize) < def.regions.len()).then_some(r),
        }
    }

    /// The follower the wyvern veils (O6.4): the one on its tile.
    pub(super) fn veiled(&self) -> Option<(u8, Node)> {
        let w = self.oc.wyvern?;
        self.followers()
            .iter()
            .find(|f| f.tile == w)
            .map(|f| (f.player, f.node))
    }

    /// Followers per seat on the feature `root`, the veiled one not
    /// counted (O6.5: no effect on control).
    pub(super) fn control(&self, root: Node) -> [u8; MAX_SEATS] {
        let features = self.table.features();
        let mut c = features.get(root).followers;
        if let Some((p, node)) = self.veiled() {
            if features.find(node) == features.find(root) {
                c[p as usize] = c[p as usize].saturating_sub(1);
            }
        }
        c
    }

    // -------------------------------------------------------- guesthouse

    /// Bit r set for each road region r of placed tile `tile` (its bridge's
    /// included) the current player's guesthouse may go on: open at both
    /// ends, two road slots facing empty cells (O5.1).
    pub(super) fn guesthouse_options(&self, tile: usize) -> u16 {
        let player = &self.players()[self.current_player() as usize];
        if player.pieces & GUESTHOUSE == 0 {
            return 0;
        }
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        let mut mask = 0;
        for r in 0..=def.regions.len() as RegionIdx {
            if self
                .region_of(tile, spot_of(def.bridge_region(), r))
                .is_none()
            {
                continue;
            }
            let f = self.table.feature_of(tile, r);
            if f.kind() == Some(FeatureKind::Road) && f.open == 2 {
                mask |= 1 << r;
            }
        }
        mask
    }

    /// Why the guesthouse may not go on `spot` of the tile just placed (O5.1).
    pub(super) fn guesthouse_problem(&self, tile: usize, spot: Spot) -> Option<IllegalChoice> {
        let no = |rule, why: String| Some(IllegalChoice::new(rule, why));
        if !self.oc.parts.guesthouse {
            return no("O5", "there are no guesthouses in this game".into());
        }
        let p = &self.players()[self.current_player() as usize];
        if p.pieces & GUESTHOUSE == 0 {
            return no("O5.1", "the player's guesthouse is used already".into());
        }
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        let Some(r) = self.region_of(tile, spot) else {
            return match spot {
                Spot::Bridge => no("O3.9", format!("tile {} has no bridge built on it", def.id)),
                Spot::Region(r) => no("B5.1", format!("tile {} has no region {r}", def.id)),
            };
        };
        let name = def
            .regions
            .get(r as usize)
            .map_or("bridge", |x| x.id.as_str());
        let f = self.table.feature_of(tile, r);
        if f.kind() != Some(FeatureKind::Road) {
            return no("O5.1", format!("region {name} is not a road"));
        }
        if f.open != 2 {
            return no(
                "O5.1",
                format!("the road of region {name} is not open at both ends"),
            );
        }
        None
    }

    pub(super) fn put_guesthouse(&mut self, tile: usize, spot: Spot) {
        let Some(r) = self.region_of(tile, spot) else {
            return;
        };
        let player = self.current_player();
        self.players[player as usize].pieces &= !GUESTHOUSE;
        self.oc.guesthouses.push((tile, r));
        if let Some(rec) = self.records.last_mut() {
            rec.guesthouse = Some(spot);
        }
        self.log(Event::GuesthousePlaced {
            player,
            cell: self.board().placed()[tile].cell,
            region: r,
        });
    }

    /// O5.3: whether the road `root` has a guesthouse that counts: during
    /// play one not on the wyvern's tile; at the end (the wyvern gone) any.
    pub(super) fn has_guesthouse(&self, root: Node) -> bool {
        let features = self.table.features();
        self.oc.guesthouses.iter().any(|&(t, r)| {
            Some(t) != self.oc.wyvern && features.find(self.table.node_of(t, r)) == root
        })
    }

    // -------------------------------------------------------------- coins

    /// O4.1: the placer takes a coin from the supply per pennant of the
    /// cities this placement completed, whoever holds them; a short supply
    /// gives what is left (O4.2).
    pub(super) fn take_coins(&mut self) {
        if !self.oc.parts.coins {
            return;
        }
        let features = self.table.features();
        let pennants: u32 = self
            .completed
            .iter()
            .map(|&n| features.get(n))
            .filter(|f| f.kind() == Some(FeatureKind::City))
            .map(|f| f.data.pennants as u32)
            .sum();
        let coins = match self.oc.coin_supply.as_mut() {
            Some(left) => {
                let n = (pennants.min(*left as u32)) as u8;
                *left -= n;
                n
            }
            None => pennants.min(255) as u8,
        };
        if coins > 0 {
            let player = self.current_player();
            let p = &mut self.players[player as usize];
            p.coins = p.coins.saturating_add(coins);
            self.log(Event::CoinsTaken { player, coins });
        }
    }

    /// O4.4 at the final scoring.
    pub(super) fn score_coins(&mut self) {
        if !self.oc.parts.coins {
            return;
        }
        let coins: Vec<u8> = self.players.iter().map(|p| p.coins).collect();
        for (player, points) in coin_points(&coins).into_iter().enumerate() {
            if points == 0 {
                continue;
            }
            let p = &mut self.players[player];
            p.score += points;
            p.breakdown.coins += points;
            self.log(Event::CoinsScored {
                player: player as u8,
                coins: coins[player],
                points,
            });
        }
    }

    // ------------------------------------------------------------- wyvern

    /// O6.1: the placed tiles the wyvern may go to now: not regal, not its
    /// own, holding a follower on a feature that is not complete; in
    /// placement order.
    pub(super) fn wyvern_targets(&self) -> Vec<usize> {
        let features = self.table.features();
        let mut v: Vec<usize> = self
            .followers()
            .iter()
            .filter(|f| {
                Some(f.tile) != self.oc.wyvern
                    && self
                        .catalogue
                        .get(self.board().placed()[f.tile].tile)
                        .pennants
                        == 0
                    && !features.get(f.node).is_complete()
            })
            .map(|f| f.tile)
            .collect();
        crate::engine::core::sort::sort_unstable(&mut v);
        v.dedup();
        v
    }

    /// O6.2: after a regal tile the wyvern must move to a target; with none
    /// it is set aside. Returns whether the player now chooses its target.
    pub(super) fn wyvern_step(&mut self, tile: usize) -> bool {
        let t = self.board().placed()[tile].tile;
        if !self.oc.parts.wyvern || self.catalogue.get(t).pennants == 0 {
            return false;
        }
        self.oc.targets = self.wyvern_targets();
        if !self.oc.targets.is_empty() {
            return true;
        }
        if self.oc.wyvern.take().is_some() {
            self.log(Event::WyvernMoved { to: None });
        }
        false
    }

    /// Why the wyvern may not go to `cell` now (O6.1).
    pub(super) fn wyvern_problem(&self, cell: Cell) -> Option<IllegalChoice> {
        let ok = self
            .board()
            .tile_at(cell)
            .is_some_and(|t| self.oc.targets.contains(&t));
        (!ok).then(|| {
            IllegalChoice::new(
                "O6.1",
                format!(
                    "{cell} is not a target: the wyvern goes to a tile without a pennant, \
                     other than its own, with a follower on an incomplete feature"
                ),
            )
        })
    }

    pub(super) fn move_wyvern(&mut self, cell: Cell) {
        let Some(t) = self.board().tile_at(cell) else {
            return;
        };
        self.oc.wyvern = Some(t);
        self.oc.targets.clear();
        if let Some(rec) = self.records.last_mut() {
            rec.wyvern = Some(cell);
        }
        self.log(Event::WyvernMoved { to: Some(cell) });
    }
}

/// The spot region `r` of a tile whose bridge region is `bridge` names.
pub(super) fn spot_of(bridge: RegionIdx, r: RegionIdx) -> Spot {
    if r == bridge {
        Spot::Bridge
    } else {
        Spot::Region(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::{Placement, Rotation, Turn, Wood};

    /// E16 up to Ann's last turn: her regal O will complete a city with 2
    /// pennants (tests/records/classic/o4_1_o6_3_e16_...).
    fn before_e16_last_turn(limit: &str) -> Game {
        let text = format!(
            "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n\
             [Expansions \"old-city\"]\n[Options \"coin-limit={limit}\"]\n\
             [Deck \"N B E F G E O\"]\n\n1. N 0,-1 r2 @c\n2. B 0,1 r0 @m\n3. E 0,-2 r0 -\n\
             4. F 1,-2 r1 - | wyvern 0,-1\n5. G 1,-3 r1 -\n6. E 1,-4 r2 -\n"
        );
        let r = crate::notation::read(&text).unwrap();
        r.game.as_classic().unwrap().clone()
    }

    fn last_turn(g: &mut Game) {
        let t = Turn {
            placement: Placement {
                cell: Cell::new(1, -1),
                rot: Rotation::ALL[0],
                wood: Wood::NONE,
            },
            guesthouse: None,
            wyvern: Some(Cell::new(0, 1)),
            follower: None,
        };
        g.play_turn(&t).unwrap();
    }

    #[test]
    fn o4_2_a_short_supply_gives_what_is_left_an_empty_one_nothing() {
        for (left, got, after) in [
            (Some(10), 2, Some(8)),
            (Some(1), 1, Some(0)),
            (Some(0), 0, Some(0)),
        ] {
            let mut g = before_e16_last_turn("10");
            g.oc.coin_supply = left;
            last_turn(&mut g);
            assert_eq!(g.players()[0].coins, got);
            assert_eq!(g.coin_supply(), after);
        }
        let mut g = before_e16_last_turn("none");
        assert_eq!(g.coin_supply(), None);
        last_turn(&mut g);
        assert_eq!(g.players()[0].coins, 2);
        assert_eq!(g.coin_supply(), None);
    }

    #[test]
    fn e11_proportional_arithmetic() {
        // P = 14, n = 3 → 15 → 5 a follower.
        assert_eq!(&shares(14, &[1, 1, 1], true)[..3], &[5, 5, 5]);
        // E12: 18 → 20 → Yellow 10, Red 5, Blue 5.
        assert_eq!(&shares(18, &[2, 1, 1], true)[..3], &[10, 5, 5]);
        assert_eq!(shares(0, &[1, 1], true), [0; MAX_SEATS]);
        assert_eq!(shares(9, &[0, 0], true), [0; MAX_SEATS]);
        assert_eq!(&shares(9, &[2, 1], false)[..2], &[9, 0]);
    }

    #[test]
    fn e20_final_coins() {
        assert_eq!(coin_points(&[3, 3, 2]), [9, 9, 4]);
        assert_eq!(coin_points(&[0, 0]), [0, 0]);
    }
}
