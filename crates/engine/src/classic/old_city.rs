//! Old City (CLASSIC.md part O) beside the wood of `wood.rs`: the parts in
//! play (O1.3), the pieces on the board and their state (`OldCity`: the
//! bridges, guesthouses (O5), coins (O4), the wyvern and veiled followers
//! (O6)), proportional scoring (O2.1) and the final coins (O4.4). The game's
//! turn loop calls `OldCity`'s methods at its hook points, handing them what
//! they read (the catalogue, the table, the player's pieces) and keeping the
//! players, the records and the log itself; with no Old City part on, each
//! is a cheap no-op.

use super::features::{Board, ClassicTable, FeatureKind, Node};
use super::options::{Expansions, OldCityOptions};
use super::pieces::Axis;
// The hand's bits, where the view and the tests have read them.
pub use super::pieces::{BRIDGE, GATE, GUESTHOUSE, WALL, WOOD};
use super::spot::{spot_of, Spot};
use super::tiles::{Catalogue, RegionIdx, TileType};
use crate::core::geom::Cell;
use crate::core::reason::Reason;
use crate::core::roomy::RoomyVec;
use crate::core::rules::{majority, IllegalChoice, MAX_SEATS};

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

/// What the wyvern step does after a tile is placed (O6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WyvernStep {
    /// No wyvern in the game, or the tile is not regal: nothing.
    Stays,
    /// The player chooses among `OldCity::targets`.
    Choose,
    /// No target: the wyvern is set aside (`true` if it was on the board).
    SetAside(bool),
}

impl OldCity {
    /// Old City's state at the start of a game with `parts` in play: the
    /// coin supply (O4.2) and the plaza tile (O2.3: its city is the plaza
    /// city, with proportional scoring).
    pub fn new(parts: Parts, options: &OldCityOptions, catalogue: &Catalogue) -> OldCity {
        OldCity {
            parts,
            coin_supply: options.coin_limit,
            plaza: catalogue.by_id("C").filter(|_| parts.proportional),
            ..OldCity::default()
        }
    }

    /// The bridge built on placed tile `tile`, if any (O3.2).
    pub fn bridge_on(&self, tile: usize) -> Option<Axis> {
        self.bridges.get(tile).copied().flatten()
    }

    /// The wyvern's cell (O6), if it is on the board.
    pub fn wyvern_cell(&self, board: &Board) -> Option<Cell> {
        self.wyvern.map(|i| board.placed()[i].cell)
    }

    /// The region a spot names on placed tile `tile`, if it has it.
    pub fn region_of(
        &self,
        catalogue: &Catalogue,
        board: &Board,
        tile: usize,
        spot: Spot,
    ) -> Option<RegionIdx> {
        let def = catalogue.get(board.placed()[tile].tile);
        spot.region(def, self.bridge_on(tile))
    }

    /// The follower the wyvern veils (O6.4): the one on its tile.
    pub fn veiled(&self, table: &ClassicTable) -> Option<(u8, Node)> {
        let w = self.wyvern?;
        table
            .followers()
            .iter()
            .find(|f| f.tile == w)
            .map(|f| (f.player, f.node))
    }

    /// Followers per seat on the feature `root`, the veiled one not
    /// counted (O6.5: no effect on control).
    pub fn control(&self, table: &ClassicTable, root: Node) -> [u8; MAX_SEATS] {
        let features = table.features();
        let mut c = features.get(root).followers;
        if let Some((p, node)) = self.veiled(table) {
            if features.find(node) == features.find(root) {
                c[p as usize] = c[p as usize].saturating_sub(1);
            }
        }
        c
    }

    // -------------------------------------------------------- guesthouse

    /// Bit r set for each road region r of placed tile `tile` (its bridge's
    /// included) a player holding `pieces` may put the guesthouse on: open
    /// at both ends, two road slots facing empty cells (O5.1).
    pub fn guesthouse_options(
        &self,
        catalogue: &Catalogue,
        table: &ClassicTable,
        pieces: u8,
        tile: usize,
    ) -> u16 {
        if pieces & GUESTHOUSE == 0 {
            return 0;
        }
        let def = catalogue.get(table.grid().placed()[tile].tile);
        let mut mask = 0;
        for r in 0..=def.regions.len() as RegionIdx {
            if spot_of(def.bridge_region(), r)
                .region(def, self.bridge_on(tile))
                .is_none()
            {
                continue;
            }
            let f = table.feature_of(tile, r);
            if f.kind() == Some(FeatureKind::Road) && f.open == 2 {
                mask |= 1 << r;
            }
        }
        mask
    }

    /// Why a player holding `pieces` may not put the guesthouse on `spot`
    /// of the tile just placed (O5.1).
    pub fn guesthouse_problem(
        &self,
        catalogue: &Catalogue,
        table: &ClassicTable,
        pieces: u8,
        tile: usize,
        spot: Spot,
    ) -> Option<IllegalChoice> {
        let no = |rule, why: Reason| Some(IllegalChoice::new(rule, why));
        if !self.parts.guesthouse {
            return no("O5", Reason::NoGuesthouses);
        }
        if pieces & GUESTHOUSE == 0 {
            return no("O5.1", Reason::GuesthouseUsed);
        }
        let def = catalogue.get(table.grid().placed()[tile].tile);
        let Some(r) = spot.region(def, self.bridge_on(tile)) else {
            let tile = def.id.clone();
            return match spot {
                Spot::Bridge => no("O3.9", Reason::NoBridge { tile }),
                Spot::Region(r) => no(
                    "B5.1",
                    Reason::NoRegion {
                        tile,
                        region: r.to_string(),
                    },
                ),
            };
        };
        let region = def.regions.get(r as usize).map(|x| x.id.clone());
        let f = table.feature_of(tile, r);
        if f.kind() != Some(FeatureKind::Road) {
            return no("O5.1", Reason::NotRoad { region });
        }
        if f.open != 2 {
            return no("O5.1", Reason::RoadNotOpen { region });
        }
        None
    }

    /// O5.2: a guesthouse on region `region` of placed tile `tile`.
    pub fn put_guesthouse(&mut self, tile: usize, region: RegionIdx) {
        self.guesthouses.push((tile, region));
    }

    /// O5.3: whether the road `root` has a guesthouse that counts: during
    /// play one not on the wyvern's tile; at the end (the wyvern gone) any.
    pub fn has_guesthouse(&self, table: &ClassicTable, root: Node) -> bool {
        let features = table.features();
        self.guesthouses
            .iter()
            .any(|&(t, r)| Some(t) != self.wyvern && features.find(table.node_of(t, r)) == root)
    }

    // -------------------------------------------------------------- coins

    /// O4.1: the coins the placer takes from the supply, one per pennant of
    /// the cities this placement completed (`completed`), whoever holds
    /// them; a short supply gives what is left (O4.2).
    pub fn take_coins(&mut self, table: &ClassicTable, completed: &[Node]) -> u8 {
        if !self.parts.coins {
            return 0;
        }
        let features = table.features();
        let pennants: u32 = completed
            .iter()
            .map(|&n| features.get(n))
            .filter(|f| f.kind() == Some(FeatureKind::City))
            .map(|f| f.data.pennants as u32)
            .sum();
        match self.coin_supply.as_mut() {
            Some(left) => {
                let n = (pennants.min(*left as u32)) as u8;
                *left -= n;
                n
            }
            None => pennants.min(255) as u8,
        }
    }

    // ------------------------------------------------------------- wyvern

    /// O6.1: the placed tiles the wyvern may go to now: not regal, not its
    /// own, holding a follower on a feature that is not complete; in
    /// placement order.
    pub fn wyvern_targets(&self, catalogue: &Catalogue, table: &ClassicTable) -> Vec<usize> {
        let features = table.features();
        let placed = table.grid().placed();
        let mut v: Vec<usize> = table
            .followers()
            .iter()
            .filter(|f| {
                Some(f.tile) != self.wyvern
                    && catalogue.get(placed[f.tile].tile).pennants == 0
                    && !features.get(f.node).is_complete()
            })
            .map(|f| f.tile)
            .collect();
        crate::core::sort::sort_unstable(&mut v);
        v.dedup();
        v
    }

    /// O6.2: after a regal tile the wyvern must move to a target (kept in
    /// `targets`); with none it is set aside.
    pub fn wyvern_step(
        &mut self,
        catalogue: &Catalogue,
        table: &ClassicTable,
        tile: usize,
    ) -> WyvernStep {
        let t = table.grid().placed()[tile].tile;
        if !self.parts.wyvern || catalogue.get(t).pennants == 0 {
            return WyvernStep::Stays;
        }
        self.targets = self.wyvern_targets(catalogue, table);
        if !self.targets.is_empty() {
            return WyvernStep::Choose;
        }
        WyvernStep::SetAside(self.wyvern.take().is_some())
    }

    /// Why the wyvern may not go to `cell` now (O6.1).
    pub fn wyvern_problem(&self, board: &Board, cell: Cell) -> Option<IllegalChoice> {
        let ok = board
            .tile_at(cell)
            .is_some_and(|t| self.targets.contains(&t));
        (!ok).then(|| IllegalChoice::new("O6.1", Reason::NotTarget { cell }))
    }

    /// O6.3: the wyvern goes to placed tile `tile`.
    pub fn move_wyvern(&mut self, tile: usize) {
        self.wyvern = Some(tile);
        self.targets.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
