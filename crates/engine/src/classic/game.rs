//! A game of classic Carcassonne: setup → game through a `Result`, then the
//! decision loop of CLASSIC.md §T. At every decision the engine lists
//! exactly the legal choices; `play` applies one after checking it and says
//! which rule a bad one breaks; `play_unchecked` is the fast path for search.
//!
//! A turn: draw (B3.3, O1.4; by the engine) → placement with its wood (B3,
//! O3) → guesthouse (O5) → coins (O4; by the engine) → wyvern target (O6) →
//! follower (B5) → scoring (B6) → end check (B7.1, O1.5). The expansions
//! plug into the named hook points of this loop as plain calls:
//!
//! - *placement allowed* (`Game::placement_problem`, `for_each_placement`):
//!   the side table of B3.2 and G2.1 (`SideKind::may_face`); Old City's wood
//!   mends a mismatch (O3, `wood.rs`);
//! - *tile placed* (`Game::tile_placed`): after the features are joined,
//!   before the follower step; Old City's guesthouse, coins and wyvern steps
//!   (O5, O4, O6, `old_city.rs`);
//! - *features completed* (`Game::features_completed`): the points of each
//!   completed feature (`scoring.rs`: G3.1 fixed points, O2.3 plaza, O4.3,
//!   O5.3, O6.6);
//! - *draw* (`Game::draw`): an unplayable tile is removed (B3.3) or, with
//!   Old City, goes to the bottom of the pile (O1.4, O1.5);
//! - *final scoring* (`Game::final_scoring`): B8 and B9; Old City's O7.
//!
//! Steps whose only legal choice is "none" (no follower can go on the tile;
//! no guesthouse can go on it) are taken by the engine at once and are not
//! in the history; the wyvern step is a decision whenever there is a target
//! (O6.2), even one.
//!
//! The order of the legal choices (share links are indices into it):
//! placements by frontier cell as the grid reached it, then rotation r0–r3,
//! each (cell, rotation) once, with the only wood that makes it fit or none
//! (`wood.rs`); guesthouse: none, then the tile's road regions in region
//! order, then its bridge; wyvern: target tiles in placement order;
//! follower: none, then regions in region order, then the bridge.

use super::events::{EndReason, Event, Logged};
use super::farms::{self, FarmTable};
use super::features::{
    Board, ClassicTable, Feature, FeatureKind, FollowerSpot, Node, Part, TileLayout,
};
use super::old_city::{coin_points, shares, OldCity, Parts, WyvernStep};
use super::options::FarmScoring;
use super::pieces::{Axis, Wood, GUESTHOUSE, WOOD};
use super::scoring::{self, Breakdown, Value, ValuedBy};
use super::setup::{pile_counts, Setup, SetupError};
use super::spot::{spot_of, Spot};
use super::tiles::{Catalogue, RegionIdx, RegionKind, TileType};
use super::wood::{self, Around, Laid};
use crate::core::deal::{box_of, unseen, Pile};
use crate::core::geom::{Cell, Dir, Rotation, RING};
use crate::core::grid::Placed;
use crate::core::reason::{PlacementProblem, Reason, Step};
use crate::core::rng::Pcg64;
use crate::core::roomy::RoomyVec;
use crate::core::rules::{majority, GameError, IllegalChoice, Seat, TileGame};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A placement (B3.4): a cell, a rotation and the wood it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub cell: Cell,
    pub rot: Rotation,
    pub wood: Wood,
}

impl Placement {
    pub fn new(cell: Cell, rot: Rotation) -> Placement {
        Placement {
            cell,
            rot,
            wood: Wood::NONE,
        }
    }
}

/// One decision's answer (CLASSIC.md §T).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    Place(Placement),
    /// O5: the guesthouse, or none.
    Guesthouse(Option<Spot>),
    /// O6: the wyvern's target tile.
    Wyvern(Cell),
    /// B5: a follower, or none.
    Follower(Option<Spot>),
}

impl Choice {
    /// What kind of answer this is (a wrong kind's reason).
    pub fn step(&self) -> Step {
        match self {
            Choice::Place(_) => Step::Placement,
            Choice::Guesthouse(_) => Step::Guesthouse,
            Choice::Wyvern(_) => Step::AWyvernTarget,
            Choice::Follower(_) => Step::Follower,
        }
    }
}

/// The kind of decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    Place { tile: TileType },
    Guesthouse,
    Wyvern,
    Follower,
}

impl Decision {
    /// The kind of decision, in a reason.
    pub fn step(self) -> Step {
        match self {
            Decision::Place { .. } => Step::Placement,
            Decision::Guesthouse => Step::GuesthouseOrNone,
            Decision::Wyvern => Step::WyvernTarget,
            Decision::Follower => Step::FollowerOrNone,
        }
    }
}

/// One turn as a CGN-C line gives it: the placement, the extras, the
/// follower (`Game::play_turn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub placement: Placement,
    pub guesthouse: Option<Spot>,
    pub wyvern: Option<Cell>,
    pub follower: Option<Spot>,
}

fn illegal(rule: &'static str, reason: Reason) -> IllegalChoice {
    IllegalChoice::new(rule, reason)
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub score: u32,
    pub breakdown: Breakdown,
    /// Followers in supply (B1.2, O1.2).
    pub supply: u8,
    /// Old City's coins held (O4).
    pub coins: u8,
    /// Old City's pieces in hand (O1.2): `pieces::BRIDGE`, `WALL`,
    /// `GATE`, `GUESTHOUSE` bits.
    pub pieces: u8,
}

/// One turn as CGN-C writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub player: Seat,
    pub tile: TileType,
    pub placement: Placement,
    pub follower: Option<Spot>,
    pub guesthouse: Option<Spot>,
    pub wyvern: Option<Cell>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Place,
    Guesthouse,
    Wyvern,
    Follower,
    Over,
}

#[derive(Clone, Debug)]
pub struct Game {
    catalogue: &'static Catalogue,
    setup: Arc<Setup>,
    /// Placed tiles, their features and the followers on them.
    table: ClassicTable,
    players: Vec<PlayerState>,
    pile: Pile,
    current: Seat,
    in_hand: Option<TileType>,
    phase: Phase,
    /// Bit r set when a follower may go on region r of the tile just placed.
    follower_mask: u16,
    /// Bit r set when the guesthouse may go on region r of it (O5.1).
    guest_mask: u16,
    /// Roads, cities and cloisters this turn's placement completed, scored
    /// after the follower step (B6.1).
    completed: Vec<Node>,
    /// Tiles drawn and removed as unplayable (B3.3).
    removed: Vec<TileType>,
    records: RoomyVec<TurnRecord>,
    history: RoomyVec<Choice>,
    events: Vec<Logged>,
    ended: Option<EndReason>,
    log_events: bool,
    /// Old City's pieces on the board, coins, wyvern (`old_city.rs`).
    oc: OldCity,
    /// Every step of a turn is a decision, even with "none" its only
    /// choice: to say why a record's extra or follower does not apply.
    hold_steps: bool,
}

impl Game {
    /// Start a game: the start tile at 0,0 (B1.4), then the first seat draws.
    pub fn new(catalogue: &'static Catalogue, setup: Setup) -> Result<Game, SetupError> {
        setup.check(catalogue)?;
        Ok(Game::start(catalogue, Arc::new(setup)))
    }

    /// Replays `choices` from the setup; the error says whether the setup
    /// or which decision is bad.
    pub fn replay(
        catalogue: &'static Catalogue,
        setup: Setup,
        choices: &[Choice],
    ) -> Result<Game, GameError> {
        let g = Game::new(catalogue, setup).map_err(GameError::Setup)?;
        g.replayed(choices)
    }

    /// A game from a checked setup.
    fn start(catalogue: &'static Catalogue, setup: Arc<Setup>) -> Game {
        let n = setup.players.len();
        let oc_options = setup.options.old_city;
        let parts = Parts::of(setup.expansions, &oc_options);
        let mut g = Game {
            catalogue,
            table: ClassicTable::new(false),
            players: vec![
                PlayerState {
                    supply: setup.followers(),
                    pieces: parts.pieces(),
                    ..PlayerState::default()
                };
                n
            ],
            pile: Pile::new(setup.deck.clone()),
            current: 0,
            in_hand: None,
            phase: Phase::Place,
            follower_mask: 0,
            guest_mask: 0,
            completed: Vec::new(),
            removed: Vec::new(),
            records: RoomyVec::new(),
            history: RoomyVec::new(),
            events: Vec::new(),
            ended: None,
            log_events: true,
            oc: OldCity::new(parts, &oc_options, catalogue),
            hold_steps: false,
            setup,
        };
        // B1.4: one copy of the start tile at 0,0, rotation 0.
        g.lay(catalogue.start, Cell::ORIGIN, Rotation::ALL[0], None);
        g.draw();
        g
    }

    // ------------------------------------------------------------ queries

    pub fn catalogue(&self) -> &'static Catalogue {
        self.catalogue
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The same game with the aids on or off (`Setup::aids`: no rule reads it).
    pub fn with_aids(mut self, on: bool) -> Game {
        if self.setup.aids != on {
            Arc::make_mut(&mut self.setup).aids = on;
        }
        self
    }

    pub fn board(&self) -> &Board {
        self.table.grid()
    }

    /// The placed tiles, their features and followers (the aids read it).
    pub fn table(&self) -> &ClassicTable {
        &self.table
    }

    /// Old City's state (the aids read it).
    pub fn old_city(&self) -> &OldCity {
        &self.oc
    }

    /// The same game ended now: what this turn completed, then the final
    /// scoring (B7.2, B8, B9, O7.1), on a copy; a game over is itself.
    pub fn projected(&self) -> Game {
        let mut g = self.clone();
        if g.is_over() {
            return g;
        }
        g.log_events = false;
        // Completions of a tile whose later steps are pending score first
        // (with the coins they give, when the guesthouse step is pending).
        if g.phase == Phase::Guesthouse {
            g.take_coins();
        }
        g.features_completed();
        g.final_scoring();
        g
    }

    /// Whether tile `t` may be placed so now, by the checked path (B3, O3).
    pub fn placement_allowed(&self, t: TileType, p: Placement) -> bool {
        self.placement_problem(t, p).is_none()
    }

    /// Calls `f` with each legal placement of `t` for a player holding
    /// Old City's `pieces` (the aids: the seat to move's, or anyone's).
    pub fn each_placement_with(&self, t: TileType, pieces: u8, mut f: impl FnMut(Placement)) {
        self.for_each_placement_with(t, pieces, |p| {
            f(p);
            true
        });
    }

    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    pub fn followers(&self) -> &[FollowerSpot] {
        self.table.followers()
    }

    pub fn records(&self) -> &[TurnRecord] {
        &self.records
    }

    /// Tiles removed as unplayable (B3.3), in the order drawn.
    pub fn removed(&self) -> &[TileType] {
        &self.removed
    }

    pub fn ended_by(&self) -> Option<EndReason> {
        self.ended
    }

    /// The tile drawn for the current turn.
    pub fn in_hand(&self) -> Option<TileType> {
        self.in_hand
    }

    /// How many tiles of each type are still in the pile (the tile in hand
    /// not counted), by tile type: what a player may know of the pile,
    /// never its order.
    pub fn pile_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.catalogue.tiles.len()];
        for &t in self.pile.remaining() {
            if let Some(c) = counts.get_mut(t as usize) {
                *c += 1;
            }
        }
        counts
    }

    /// Whether the pile is a random part of the tiles in play (a shorter
    /// game, `Setup::first_tiles`): which tiles it holds is then known to
    /// no player, only how many.
    pub fn pile_is_short(&self) -> bool {
        let in_play: u32 = pile_counts(self.catalogue, self.setup.expansions)
            .iter()
            .sum();
        (self.setup.deck.len() as u32) < in_play
    }

    /// What a player may know of the tiles still to come, by type: with
    /// the whole pile dealt, the pile's own tiles ([`Game::pile_counts`]);
    /// with a short pile, the tiles in play less every tile drawn, of which
    /// the pile is some. The tile in hand is counted with them unless
    /// `hand_known` (a fair game's stand-in, another device's reveal due,
    /// is not known).
    pub fn tiles_to_come(&self, hand_known: bool) -> Vec<u32> {
        let mut counts = if self.pile_is_short() {
            let mut all = pile_counts(self.catalogue, self.setup.expansions);
            for &t in self.drawn_tiles() {
                if let Some(c) = all.get_mut(t as usize) {
                    *c = c.saturating_sub(1);
                }
            }
            all
        } else {
            self.pile_counts()
        };
        // (Neither count holds the tile in hand: the pile's never had it,
        // and it is one of the drawn.)
        let unknown = self.in_hand.filter(|_| !hand_known);
        if let Some(c) = unknown.and_then(|t| counts.get_mut(t as usize)) {
            *c += 1;
        }
        counts
    }

    /// Every tile drawn so far (placed, removed, in hand), in draw order.
    pub fn drawn_tiles(&self) -> &[TileType] {
        &self.pile.order()[..self.pile.drawn()]
    }

    /// Tiles not yet placed or removed: the pile and the tile in hand.
    pub fn tiles_left(&self) -> usize {
        self.pile.left() + usize::from(self.in_hand.is_some())
    }

    /// The seat whose turn it is.
    pub fn current_player(&self) -> Seat {
        self.current
    }

    /// The layout the table joins by (`TileLayout`).
    fn layout(&self) -> TileLayout<'_> {
        TileLayout {
            catalogue: self.catalogue,
            bridges: &self.oc.bridges,
            bridge_nodes: self.oc.parts.wood,
        }
    }

    /// The feature a region of a placed tile belongs to (a bridge built on
    /// it is region `TileDef::bridge_region`).
    pub fn feature_of(&self, tile: usize, region: RegionIdx) -> &Feature {
        self.table.feature_of(tile, region)
    }

    /// Every (placed tile, region) of the feature holding that region.
    pub fn feature_regions(&self, tile: usize, region: RegionIdx) -> Vec<(usize, RegionIdx)> {
        let node = self.table.node_of(tile, region);
        self.table.feature_regions(node, &self.layout())
    }

    /// Roads, cities and cloisters scored so far (each exactly once, B4.5).
    pub fn scored_feature_count(&self) -> usize {
        let features = self.table.features();
        features
            .roots()
            .filter(|&r| {
                let f = features.get(r);
                f.done && f.kind().is_some_and(|k| k != FeatureKind::Field)
            })
            .count()
    }

    /// The wyvern's tile (O6), if it is on the board.
    pub fn wyvern(&self) -> Option<Cell> {
        self.oc.wyvern_cell(self.board())
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
        self.oc.bridge_on(tile)
    }

    /// Every guesthouse: its placed tile and region (O5.2).
    pub fn guesthouses(&self) -> &[(usize, RegionIdx)] {
        &self.oc.guesthouses
    }

    /// The region a spot names on placed tile `tile`, if it has it.
    fn region_of(&self, tile: usize, spot: Spot) -> Option<RegionIdx> {
        self.oc.region_of(self.catalogue, self.board(), tile, spot)
    }

    /// What the wood checks read (`wood.rs`).
    fn laid(&self) -> Laid<'_> {
        Laid {
            catalogue: self.catalogue,
            table: &self.table,
            bridges: &self.oc.bridges,
        }
    }

    /// What faces an empty cell on each side.
    fn around(&self, cell: Cell) -> Around {
        self.laid().around(cell)
    }

    /// The current player's Old City pieces in hand (O1.2).
    fn pieces(&self) -> u8 {
        self.players[self.current as usize].pieces
    }

    // ------------------------------------------------------- legal choices

    /// Legal placements of tile `t` now (B3.1, B3.2, O3), in the engine's
    /// fixed order: frontier cells as they were reached, rotations 0–3.
    pub fn placements(&self, t: TileType) -> Vec<Placement> {
        let mut v = Vec::new();
        self.for_each_placement(t, |p| {
            v.push(p);
            true
        });
        v
    }

    /// O1.4: whether the current player can place tile `t` (their own
    /// unused wood counted).
    fn has_placement(&self, t: TileType) -> bool {
        let mut any = false;
        self.for_each_placement(t, |_| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` for each legal placement until it returns false: where
    /// the sides fit, without wood; where they do not, with the wood that
    /// mends them, if the player holds it (O3).
    fn for_each_placement(&self, t: TileType, f: impl FnMut(Placement) -> bool) {
        self.for_each_placement_with(t, self.pieces(), f)
    }

    /// `for_each_placement` for a player holding `pieces`.
    fn for_each_placement_with(
        &self,
        t: TileType,
        pieces: u8,
        mut f: impl FnMut(Placement) -> bool,
    ) {
        let def = self.catalogue.get(t);
        let pieces = pieces & WOOD;
        if !self.oc.parts.wood {
            // No wood in this game, no bridge on the board: the printed
            // sides alone (B3.2, G2.1), as fast as the base game needs.
            for cell in self.board().frontier() {
                let allowed = self.printed_allowed_edges(cell);
                for rot in Rotation::ALL {
                    if def.edges(rot) & !allowed == 0 && !f(Placement::new(cell, rot)) {
                        return;
                    }
                }
            }
            return;
        }
        for cell in self.board().frontier() {
            let around = self.around(cell);
            let allowed = allowed_edges(&around);
            // What wood could possibly mend, a superset (O3): a quick test
            // before the full one.
            let mendable = if pieces != 0 {
                wood::mendable_edges(&around, pieces)
            } else {
                0
            };
            for rot in Rotation::ALL {
                let edges = def.edges(rot);
                let p = if edges & !allowed == 0 {
                    Placement::new(cell, rot)
                } else if pieces != 0 && edges & !mendable == 0 {
                    match self.laid().mend(def, cell, rot, &around, pieces) {
                        Some(wood) => Placement { cell, rot, wood },
                        None => continue,
                    }
                } else {
                    continue;
                };
                if !f(p) {
                    return;
                }
            }
        }
    }

    /// For an empty cell: per side, the nibble of side kinds a tile may show
    /// there (B3.2, G2.1) by the printed sides of its neighbours (no bridge
    /// can be on the board); every kind where no tile is.
    fn printed_allowed_edges(&self, cell: Cell) -> u16 {
        let mut allowed = 0xFFFFu16;
        for d in Dir::ALL {
            if let Some(p) = self.board().get(cell.neighbour(d)) {
                let theirs = self.catalogue.get(p.tile).side_kind(p.rot, d.opposite());
                let shift = 4 * d.index();
                allowed &= !(0xF << shift) | (theirs.may_face() << shift);
            }
        }
        allowed
    }

    /// Hook: *placement allowed*. Why tile `t` may not be placed so (B3.1,
    /// B3.2, G2.1, O3), or `None`.
    fn placement_problem(&self, t: TileType, p: Placement) -> Option<IllegalChoice> {
        let def = self.catalogue.get(t);
        let Placement { cell, rot, wood } = p;
        let no = |rule, problem| {
            Some(illegal(
                rule,
                Reason::Placement {
                    tile: def.id.clone(),
                    cell,
                    rot,
                    problem,
                },
            ))
        };
        if !wood.is_none() && !self.oc.parts.wood {
            return no("O3", PlacementProblem::WoodNeedsOldCity);
        }
        if !Board::in_range(cell) {
            return no("B3.1", PlacementProblem::OffBoard);
        }
        if self.board().is_tile(cell) {
            return no("B3.1", PlacementProblem::CellTaken);
        }
        let around = self.around(cell);
        if around.iter().all(Option::is_none) {
            return no("B3.1", PlacementProblem::NoNeighbour);
        }
        if !wood.is_none() {
            let problem = self
                .laid()
                .wood_problem(def, cell, rot, wood, &around, self.pieces());
            if problem.is_some() {
                return problem;
            }
        }
        self.laid().side_problem(def, cell, rot, wood, &around)
    }

    /// Why a follower on `spot` of the tile just placed (placed index
    /// `tile`) is not allowed, or `None` (B5, G2.4, O3.9, O6.5).
    fn follower_problem(&self, tile: usize, spot: Spot) -> Option<IllegalChoice> {
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        let Some(r) = self.region_of(tile, spot) else {
            return Some(match spot {
                Spot::Bridge => illegal(
                    "O3.9",
                    Reason::NoBridge {
                        tile: def.id.clone(),
                    },
                ),
                Spot::Region(r) => illegal(
                    "B5.1",
                    Reason::NoRegion {
                        tile: def.id.clone(),
                        region: r.to_string(),
                    },
                ),
            });
        };
        let f = self.table.feature_of(tile, r);
        let Some(kind) = f.kind() else {
            return Some(illegal("G2.4", Reason::NotOnGate));
        };
        if self.players[self.current as usize].supply == 0 {
            return Some(illegal("B5.4", Reason::NoSupply));
        }
        if self.occupied(tile, r) {
            let region = def.regions.get(r as usize).map(|x| x.id.clone());
            return Some(illegal(
                "B5.2",
                Reason::Occupied {
                    kind: kind.thing(),
                    region,
                },
            ));
        }
        None
    }

    /// B5.2: the feature of region `r` of placed tile `tile` holds a
    /// follower that is not veiled (O6.5).
    fn occupied(&self, tile: usize, r: RegionIdx) -> bool {
        let f = self.table.feature_of(tile, r);
        f.follower_count() > 0
            && (self.oc.wyvern.is_none()
                || self
                    .oc
                    .control(&self.table, self.table.node_of(tile, r))
                    .iter()
                    .any(|&n| n > 0))
    }

    /// Bit r set for each region of placed tile `tile` (its bridge's
    /// included) a follower may go on.
    fn follower_options(&self, tile: usize) -> u16 {
        if self.players[self.current as usize].supply == 0 {
            return 0;
        }
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        let n = def.regions.len() + usize::from(self.bridge_on(tile).is_some());
        let mut mask = 0u16;
        for r in 0..n as RegionIdx {
            if self.table.feature_of(tile, r).kind().is_some() && !self.occupied(tile, r) {
                mask |= 1 << r;
            }
        }
        mask
    }

    // ---------------------------------------------------------------- play

    fn log(&mut self, event: Event) {
        if self.log_events {
            self.events.push(Logged {
                turn: self.turns() as u32,
                event,
            });
        }
    }

    /// Hook: *draw*. The current seat draws; a tile with no legal placement
    /// is removed and the seat draws again (B3.3). With Old City it goes to
    /// the bottom of the pile instead (O1.4), and once every tile of the
    /// pile was drawn and none was playable the game ends (O1.5). An empty
    /// pile ends the game (B7.1).
    fn draw(&mut self) {
        let old_city = self.setup.expansions.old_city;
        let mut tries = self.pile.left();
        loop {
            if old_city && tries == 0 && self.pile.left() > 0 {
                self.in_hand = None;
                self.finish(EndReason::NoPlayable);
                return;
            }
            tries = tries.saturating_sub(1);
            let Some(t) = self.pile.draw() else {
                self.in_hand = None;
                self.finish(EndReason::PileEmpty);
                return;
            };
            if self.has_placement(t) {
                self.in_hand = Some(t);
                self.phase = Phase::Place;
                return;
            }
            if old_city {
                self.pile.return_last_to_bottom();
                self.log(Event::TileReturned { tile: t });
            } else {
                self.removed.push(t);
                self.log(Event::TileRemoved { tile: t });
            }
        }
    }

    /// Put a tile on the board (with the bridge built on it, if any) and
    /// join its regions into features (B4.1), keeping open sides (B4.3) and
    /// noting what it completed. Returns its placed index.
    fn lay(&mut self, tile: TileType, cell: Cell, rot: Rotation, bridge: Option<Axis>) -> usize {
        let idx = self.board().placed().len();
        let def = self.catalogue.get(tile);
        if self.oc.parts.wood {
            self.oc.bridges.push(bridge);
        }
        let plaza = self.oc.plaza == Some(tile);
        let layout = TileLayout {
            catalogue: self.catalogue,
            bridges: &self.oc.bridges,
            bridge_nodes: self.oc.parts.wood,
        };
        let mut touched =
            self.table
                .place(Placed { tile, rot, cell }, &layout, |r| match def.kind(r) {
                    Some(RegionKind::City { pennants, points }) => Part {
                        kind: Some(FeatureKind::City),
                        pennants,
                        points: points.unwrap_or(0),
                        plaza,
                    },
                    Some(k) => Part {
                        kind: k.feature(),
                        ..Part::NONE
                    },
                    // The bridge's node (O3.4): a road once one is built.
                    None => Part {
                        kind: bridge.map(|_| FeatureKind::Road),
                        ..Part::NONE
                    },
                });
        // B4.3: a cloister's open count is the empty cells round it; the
        // cloisters round this cell lose one.
        let mut empty_ring = 0u16;
        for (dx, dy) in RING {
            let Some(j) = self.board().tile_at(Cell::new(cell.x + dx, cell.y + dy)) else {
                empty_ring += 1;
                continue;
            };
            if let Some(c) = self.catalogue.get(self.board().placed()[j].tile).cloister {
                let node = self.table.node_of(j, c);
                let f = self.table.features_mut().get_mut(node);
                f.open = f.open.saturating_sub(1);
                touched.push(node);
            }
        }
        if let Some(c) = def.cloister {
            let node = self.table.node_of(idx, c);
            self.table.features_mut().get_mut(node).open = empty_ring;
        }
        self.completed = self.table.newly_complete(&touched, Feature::is_complete);
        idx
    }

    fn place(&mut self, p: Placement) {
        let Some(tile) = self.in_hand.take() else {
            return;
        };
        let wood = p.wood;
        self.players[self.current as usize].pieces &= !wood.pieces();
        let mut own = None;
        if let Some(b) = wood.bridge {
            match b.on {
                None => own = Some(b.axis),
                Some(d) => wood::build_bridge(
                    self.catalogue,
                    &mut self.table,
                    &mut self.oc.bridges,
                    p.cell.neighbour(d),
                    b.axis,
                ),
            }
        }
        let idx = self.lay(tile, p.cell, p.rot, own);
        self.records.push(TurnRecord {
            player: self.current,
            tile,
            placement: p,
            follower: None,
            guesthouse: None,
            wyvern: None,
        });
        self.log(Event::TilePlaced {
            player: self.current,
            tile,
            cell: p.cell,
            rot: p.rot,
            wood,
        });
        self.tile_placed(idx);
    }

    /// Hook: *tile placed*. Old City's guesthouse step (O5), then the coins
    /// (O4.1) and the wyvern (O6), then the follower step; a step with
    /// nothing to choose is taken by the engine at once.
    fn tile_placed(&mut self, idx: usize) {
        self.guest_mask =
            self.oc
                .guesthouse_options(self.catalogue, &self.table, self.pieces(), idx);
        if self.guest_mask != 0 || self.hold_steps {
            self.phase = Phase::Guesthouse;
        } else {
            self.after_guesthouse(idx);
        }
    }

    /// O4.1, then O6.2 (the wyvern's target is a decision), then B5.
    fn after_guesthouse(&mut self, idx: usize) {
        self.take_coins();
        if self.wyvern_step(idx) {
            self.phase = Phase::Wyvern;
        } else {
            self.follower_step(idx);
        }
    }

    fn follower_step(&mut self, idx: usize) {
        self.follower_mask = self.follower_options(idx);
        if self.follower_mask == 0 && !self.hold_steps {
            self.place_follower(None);
        } else {
            self.phase = Phase::Follower;
        }
    }

    fn place_follower(&mut self, spot: Option<Spot>) {
        let idx = self.board().placed().len() - 1;
        if let Some(r) = spot.and_then(|s| self.region_of(idx, s)) {
            let p = self.board().placed()[idx];
            let player = self.current;
            if let Some(kind) = self.table.feature_of(idx, r).kind() {
                self.table.add_follower(player, idx, r, kind);
                let ps = &mut self.players[player as usize];
                ps.supply = ps.supply.saturating_sub(1);
                if let Some(rec) = self.records.last_mut() {
                    rec.follower = spot;
                }
                self.log(Event::FollowerPlaced {
                    player,
                    cell: p.cell,
                    region: r,
                    kind,
                });
            }
        }
        self.features_completed();
        self.end_turn();
    }

    /// O5.2: the current player's guesthouse on `spot` of placed tile `tile`.
    fn put_guesthouse(&mut self, tile: usize, spot: Spot) {
        let Some(r) = self.region_of(tile, spot) else {
            return;
        };
        let player = self.current;
        self.players[player as usize].pieces &= !GUESTHOUSE;
        self.oc.put_guesthouse(tile, r);
        if let Some(rec) = self.records.last_mut() {
            rec.guesthouse = Some(spot);
        }
        self.log(Event::GuesthousePlaced {
            player,
            cell: self.board().placed()[tile].cell,
            region: r,
        });
    }

    /// O4.1: the placer takes a coin per pennant of the cities this
    /// placement completed (`OldCity::take_coins`).
    fn take_coins(&mut self) {
        let coins = self.oc.take_coins(&self.table, &self.completed);
        if coins > 0 {
            let player = self.current;
            let p = &mut self.players[player as usize];
            p.coins = p.coins.saturating_add(coins);
            self.log(Event::CoinsTaken { player, coins });
        }
    }

    /// O6.2: whether the player now chooses the wyvern's target; with no
    /// target it is set aside.
    fn wyvern_step(&mut self, idx: usize) -> bool {
        match self.oc.wyvern_step(self.catalogue, &self.table, idx) {
            WyvernStep::Choose => true,
            WyvernStep::SetAside(was_on_board) => {
                if was_on_board {
                    self.log(Event::WyvernMoved { to: None });
                }
                false
            }
            WyvernStep::Stays => false,
        }
    }

    /// O6.3: the wyvern goes to the tile at `cell`.
    fn move_wyvern(&mut self, cell: Cell) {
        let Some(t) = self.board().tile_at(cell) else {
            return;
        };
        self.oc.move_wyvern(t);
        if let Some(rec) = self.records.last_mut() {
            rec.wyvern = Some(cell);
        }
        self.log(Event::WyvernMoved { to: Some(cell) });
    }

    /// Hook: *features completed* (B6.1): every road, city and cloister this
    /// placement completed scores now, in any order (`scoring.rs` values
    /// them), and its followers come back.
    fn features_completed(&mut self) {
        let completed = std::mem::take(&mut self.completed);
        for &root in &completed {
            let value = scoring::completed_value(&self.table, &self.oc, &self.setup.options, root);
            let proportional = value.by == ValuedBy::Plaza;
            self.award(root, value, proportional, false);
        }
        self.completed = completed;
        self.completed.clear();
    }

    /// Score feature `root` for its majority (B6.5) or proportionally
    /// (O2.1), veiled followers not counted (O6.5), and mark it done; during
    /// play its followers go back to supply, at the end they stay.
    fn award(&mut self, root: Node, value: Value, proportional: bool, at_end: bool) {
        let f = *self.table.features().get(root);
        if f.done {
            return;
        }
        self.table.features_mut().get_mut(root).done = true;
        let Some(kind) = f.kind() else { return };
        let points = value.points;
        let n = self.players.len();
        let counts = self.oc.control(&self.table, root);
        let gains = shares(points, &counts[..n], proportional);
        let mut winners = 0u8;
        for (p, ps) in self.players.iter_mut().enumerate() {
            ps.score += gains[p];
            *ps.breakdown.of(kind) += gains[p];
            if gains[p] > 0 {
                winners |= 1 << p;
            }
        }
        if !proportional {
            winners = majority(&counts[..n]);
        }
        let returned = if at_end {
            0
        } else {
            self.return_followers(root)
        };
        if self.log_events {
            // (Named only for the log: the search plays with it off.)
            let at = self.table.feature_at(root);
            self.log(Event::FeatureScored {
                kind,
                at,
                tiles: f.tile_count(),
                pennants: f.data.pennants as u32,
                points,
                by: value.by,
                winners,
                paid: gains,
                returned,
                at_end,
                proportional,
            });
        }
    }

    /// Every follower on the feature `root` goes back to supply (the veiled
    /// one with the others, O6.5).
    fn return_followers(&mut self, root: Node) -> u32 {
        if self.table.features().get(root).follower_count() == 0 {
            return 0;
        }
        let back = self.table.return_followers(root);
        for f in &back {
            self.players[f.player as usize].supply += 1;
        }
        back.len() as u32
    }

    /// B7.1: the next seat draws; an empty pile ends the game.
    fn end_turn(&mut self) {
        self.current = (self.current + 1) % self.players.len() as Seat;
        self.draw();
    }

    fn finish(&mut self, reason: EndReason) {
        self.ended = Some(reason);
        self.phase = Phase::Over;
        self.in_hand = None;
        self.log(Event::GameEnded { by: reason });
        self.final_scoring();
    }

    /// Hook: *final scoring* (B7.2, B8; O7.1): the wyvern leaves (O6.7);
    /// incomplete roads, cities and cloisters with followers (B8.1, with
    /// O2.3, O4.3, O5.3), then farms (B9, or proportionally, O2.2), then
    /// coins (O4.4). Followers stay on the board.
    fn final_scoring(&mut self) {
        self.oc.wyvern = None;
        let features = self.table.features();
        let mut roots: Vec<Node> = self
            .table
            .followers()
            .iter()
            .filter(|s| s.role != FeatureKind::Field)
            .map(|s| features.find(s.node))
            .collect();
        crate::core::sort::sort_unstable(&mut roots);
        roots.dedup();
        for root in roots {
            let value = scoring::final_value(&self.table, &self.oc, root);
            self.award(root, value, false, true);
        }
        self.score_farms();
        self.score_coins();
    }

    /// B9 under the edition in force, or O2.2's proportional farms: 3 per
    /// completed adjacent city, shared out among the farmers.
    fn score_farms(&mut self) {
        let t = FarmTable {
            catalogue: self.catalogue,
            table: &self.table,
            players: self.players.len(),
        };
        let rule = self.setup.options.farm_scoring;
        let proportional = self.oc.parts.proportional;
        let mut awards = Vec::new();
        if proportional {
            for (farm, cities, counts) in farms::farms_with_cities(&t) {
                let points = 3 * cities;
                let gains = shares(points, &counts, true);
                awards.push((farm, cities, points, gains));
            }
        } else {
            for a in farms::score_farms(&t, rule) {
                let mut gains = [0; crate::core::rules::MAX_SEATS];
                for (p, g) in gains.iter_mut().enumerate() {
                    if a.winners & (1 << p) != 0 {
                        *g = a.points;
                    }
                }
                awards.push((a.feature, a.cities, a.points, gains));
            }
        }
        for (feature, cities, points, gains) in awards {
            let mut winners = 0u8;
            for (p, ps) in self.players.iter_mut().enumerate() {
                ps.score += gains[p];
                ps.breakdown.farms += gains[p];
                if gains[p] > 0 {
                    winners |= 1 << p;
                }
            }
            if self.log_events {
                self.log(Event::FarmScored {
                    rule,
                    at: self.table.feature_at(feature),
                    tiles: self.table.features().get(feature).tile_count(),
                    cities,
                    points,
                    winners,
                    paid: gains,
                    proportional,
                });
            }
        }
    }

    /// O4.4 at the final scoring.
    fn score_coins(&mut self) {
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

    /// The farm rule in force (B9).
    pub fn farm_scoring(&self) -> FarmScoring {
        self.setup.options.farm_scoring
    }

    /// Plays a whole turn as a record line gives it, checked, each step
    /// when the engine asks for it. A step the line names that the engine
    /// does not ask for is an error saying why (O5.1, O6.2, B5).
    pub fn play_turn(&mut self, t: &Turn) -> Result<(), IllegalChoice> {
        let before = self.history.len();
        self.play(Choice::Place(t.placement))?;
        let tile = self.board().placed().len() - 1;
        if self.phase == Phase::Guesthouse {
            self.play(Choice::Guesthouse(t.guesthouse))?;
        } else if t.guesthouse.is_some() {
            return Err(self.held_problem(before, t));
        }
        if self.phase == Phase::Wyvern {
            let Some(c) = t.wyvern else {
                let id = &self.catalogue.get(self.board().placed()[tile].tile).id;
                let first = self.oc.targets.first().copied().unwrap_or(0);
                let at = self.board().placed()[first].cell;
                return Err(illegal(
                    "O6.2",
                    Reason::WyvernMustMove {
                        tile: id.clone(),
                        cell: at,
                    },
                ));
            };
            self.play(Choice::Wyvern(c))?;
        } else if let Some(c) = t.wyvern {
            let def = self.catalogue.get(self.board().placed()[tile].tile);
            let why = if !self.oc.parts.wyvern {
                Reason::NoWyvern { cell: c }
            } else if def.pennants == 0 {
                Reason::NotRegal {
                    cell: c,
                    tile: def.id.clone(),
                }
            } else {
                Reason::SetAside { cell: c }
            };
            return Err(illegal("O6.2", why));
        }
        if self.phase == Phase::Follower {
            self.play(Choice::Follower(t.follower))?;
        } else if t.follower.is_some() {
            return Err(self.held_problem(before, t));
        }
        Ok(())
    }

    /// Why turn `t`, played from decision `before` with every step held
    /// as a decision, breaks a rule at a step the engine skipped.
    fn held_problem(&self, before: usize, t: &Turn) -> IllegalChoice {
        let mut g = self.at(before);
        g.hold_steps = true;
        g.log_events = false;
        let steps = [
            Choice::Place(t.placement),
            Choice::Guesthouse(t.guesthouse),
            Choice::Wyvern(t.wyvern.unwrap_or(Cell::ORIGIN)),
            Choice::Follower(t.follower),
        ];
        for c in steps {
            let asked = matches!(
                (g.decision(), c),
                (Some(Decision::Place { .. }), Choice::Place(_))
                    | (Some(Decision::Guesthouse), Choice::Guesthouse(_))
                    | (Some(Decision::Follower), Choice::Follower(_))
            ) || (g.decision() == Some(Decision::Wyvern) && t.wyvern.is_some());
            if !asked {
                continue;
            }
            if let Err(e) = g.play(c) {
                return e;
            }
        }
        illegal("B5", Reason::NoFollowerHere)
    }
}

/// For an empty cell: per side, the nibble of side kinds a tile may show
/// there (B3.2, G2.1); every kind where no tile is.
fn allowed_edges(around: &Around) -> u16 {
    let mut allowed = 0xFFFFu16;
    for d in Dir::ALL {
        if let Some((_, theirs)) = around[d.index()] {
            let shift = 4 * d.index();
            allowed &= !(0xF << shift) | (theirs.may_face() << shift);
        }
    }
    allowed
}

impl TileGame for Game {
    type Choice = Choice;
    type Decision = Decision;
    type Event = Logged;

    fn decision(&self) -> Option<Decision> {
        match self.phase {
            Phase::Place => Some(Decision::Place {
                tile: self.in_hand?,
            }),
            Phase::Guesthouse => Some(Decision::Guesthouse),
            Phase::Wyvern => Some(Decision::Wyvern),
            Phase::Follower => Some(Decision::Follower),
            Phase::Over => None,
        }
    }

    fn to_move(&self) -> Seat {
        self.current
    }

    fn player_count(&self) -> usize {
        self.players.len()
    }

    fn legal_choices_into(&self, v: &mut Vec<Choice>) {
        v.clear();
        let last = self.board().placed().len() - 1;
        let bridge = self
            .catalogue
            .get(self.board().placed()[last].tile)
            .bridge_region();
        // None, then the spots of a mask in region order (the bridge last).
        let spots = |v: &mut Vec<Choice>, mask: u16, wrap: fn(Option<Spot>) -> Choice| {
            v.push(wrap(None));
            let mut mask = mask;
            while mask != 0 {
                v.push(wrap(Some(spot_of(
                    bridge,
                    mask.trailing_zeros() as RegionIdx,
                ))));
                mask &= mask - 1;
            }
        };
        match self.phase {
            Phase::Place => {
                if let Some(t) = self.in_hand {
                    self.for_each_placement(t, |p| {
                        v.push(Choice::Place(p));
                        true
                    });
                }
            }
            Phase::Guesthouse => spots(v, self.guest_mask, Choice::Guesthouse),
            Phase::Wyvern => {
                let placed = self.board().placed();
                v.extend(
                    self.oc
                        .targets
                        .iter()
                        .map(|&t| Choice::Wyvern(placed[t].cell)),
                );
            }
            Phase::Follower => spots(v, self.follower_mask, Choice::Follower),
            Phase::Over => {}
        }
    }

    fn check(&self, choice: Choice) -> Result<(), IllegalChoice> {
        let Some(decision) = self.decision() else {
            return Err(illegal("B7.1", Reason::PileEmpty));
        };
        let last = self.board().placed().len() - 1;
        let problem = match (decision, choice) {
            (Decision::Place { tile }, Choice::Place(p)) => self.placement_problem(tile, p),
            (Decision::Guesthouse, Choice::Guesthouse(None))
            | (Decision::Follower, Choice::Follower(None)) => None,
            (Decision::Guesthouse, Choice::Guesthouse(Some(spot))) => {
                self.oc
                    .guesthouse_problem(self.catalogue, &self.table, self.pieces(), last, spot)
            }
            (Decision::Wyvern, Choice::Wyvern(cell)) => self.oc.wyvern_problem(self.board(), cell),
            (Decision::Follower, Choice::Follower(Some(spot))) => self.follower_problem(last, spot),
            _ => Some(illegal(
                "T",
                Reason::WaitsFor {
                    decision: decision.step(),
                    choice: choice.step(),
                },
            )),
        };
        problem.map_or(Ok(()), Err)
    }

    fn play_unchecked(&mut self, choice: Choice) {
        let last = self.board().placed().len() - 1;
        // A choice of another step than the one waited for changes nothing.
        match (self.phase, choice) {
            (Phase::Place, Choice::Place(p)) => self.place(p),
            (Phase::Guesthouse, Choice::Guesthouse(s)) => {
                if let Some(s) = s {
                    self.put_guesthouse(last, s);
                }
                self.after_guesthouse(last);
            }
            (Phase::Wyvern, Choice::Wyvern(c)) => {
                self.move_wyvern(c);
                self.follower_step(last);
            }
            (Phase::Follower, Choice::Follower(s)) => self.place_follower(s),
            _ => return,
        }
        self.history.push(choice);
    }

    /// A copy whose undrawn tiles are a fresh sample of what the players
    /// cannot have seen: the pile's tiles minus those drawn (placed,
    /// removed or in hand), shuffled by `rng` (determinization: a search
    /// never reads the real order).
    fn redeal_unseen(&self, rng: &mut Pcg64) -> Game {
        let all = box_of(
            pile_counts(self.catalogue, self.setup.expansions)
                .iter()
                .map(|&n| n as u8),
        );
        let pool = unseen(all, &self.pile.order()[..self.pile.drawn()]);
        let mut g = self.clone();
        g.pile = self.pile.redealt(pool, rng);
        let setup = Arc::make_mut(&mut g.setup);
        setup.deck = g.pile.order().to_vec();
        setup.seed = None;
        g
    }

    fn scores(&self) -> Vec<u32> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// Scores if the game ended now: the final scoring.
    fn into_projected_scores(mut self) -> Vec<u32> {
        if self.is_over() {
            return self.scores();
        }
        self.log_events = false;
        // Completions of a tile whose later steps are pending score first
        // (with the coins they give, when the guesthouse step is pending).
        if self.phase == Phase::Guesthouse {
            self.take_coins();
        }
        self.features_completed();
        self.final_scoring();
        self.scores()
    }

    fn history(&self) -> &[Choice] {
        &self.history
    }

    fn restart(&self) -> Game {
        let mut g = Game::start(self.catalogue, Arc::clone(&self.setup));
        g.log_events = self.log_events;
        g
    }

    /// Tiles placed by the players (the start tile not counted).
    fn turns(&self) -> usize {
        self.board().placed().len().saturating_sub(1)
    }

    fn is_placement(choice: &Choice) -> bool {
        matches!(choice, Choice::Place(_))
    }

    fn at_placement(&self) -> bool {
        self.phase == Phase::Place
    }

    fn events(&self) -> &[Logged] {
        &self.events
    }

    fn set_logging(&mut self, on: bool) {
        self.log_events = on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::options::{Expansions, Options};

    /// E16 up to Ann's last turn: her regal O will complete a city with 2
    /// pennants (tests/records/classic/o4_1_o6_3_e16_..., turns 1–6).
    fn before_e16_last_turn(limit: &str) -> Game {
        let cat = Catalogue::builtin().unwrap();
        let expansions = Expansions::parse("old-city").unwrap();
        let options = Options::parse(&format!("coin-limit={limit}"), expansions).unwrap();
        let deck = "N B E F G E O"
            .split(' ')
            .map(|id| cat.by_id(id).unwrap())
            .collect();
        let players = vec!["Ann".to_string(), "Bob".to_string()];
        let setup = Setup::from_deck(cat, players, expansions, options, deck).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        // 1. N 0,-1 r2 @c / 2. B 0,1 r0 @m / 3. E 0,-2 r0 - /
        // 4. F 1,-2 r1 - | wyvern 0,-1 / 5. G 1,-3 r1 - / 6. E 1,-4 r2 -
        let turns = [
            ("N", (0, -1), 2, Some("c"), None),
            ("B", (0, 1), 0, Some("m"), None),
            ("E", (0, -2), 0, None, None),
            ("F", (1, -2), 1, None, Some(Cell::new(0, -1))),
            ("G", (1, -3), 1, None, None),
            ("E", (1, -4), 2, None, None),
        ];
        for (id, (x, y), r, follower, wyvern) in turns {
            let def = cat.get(cat.by_id(id).unwrap());
            let turn = Turn {
                placement: Placement::new(Cell::new(x, y), Rotation::new(r).unwrap()),
                guesthouse: None,
                wyvern,
                follower: follower.map(|f| Spot::Region(def.region_index(f).unwrap())),
            };
            g.play_turn(&turn).unwrap();
        }
        g
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
}
