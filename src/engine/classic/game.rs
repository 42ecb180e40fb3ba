//! A game of classic Carcassonne: setup → game through a `Result`, then the
//! decision loop of CLASSIC.md §T. At every decision the engine lists
//! exactly the legal choices; `play` applies one after checking it and says
//! which rule a bad one breaks; `play_unchecked` is the fast path for search.
//!
//! A turn: draw (B3.3, by the engine) → placement (B3) → follower (B5) →
//! scoring (B6) → end check (B7.1). The expansions of issue 11 plug into the
//! named hook points of this loop as plain calls:
//!
//! - *placement allowed* (`Game::placement_problem`): the side table of
//!   B3.2 and G2.1 (`SideKind::may_face`); Old City's wood widens it (O3);
//! - *tile placed* (`Game::tile_placed`): after the features are joined,
//!   before the follower step; Old City's guesthouse, coins and wyvern steps
//!   (O5, O4, O6) go here, as decisions of their own;
//! - *features completed* (`Game::features_completed`): the points of each
//!   completed feature (G3.1 fixed points, O2.3 plaza, O4.3, O5.3, O6.6);
//! - *draw* (`Game::draw`): an unplayable tile is removed (B3.3) or, with
//!   Old City, goes to the bottom of the pile (O1.4, O1.5);
//! - *final scoring* (`Game::final_scoring`): B8 and B9; Old City's O7.
//!
//! Decisions whose only legal choice is "no follower" (no follower left, or
//! no free region on the tile) are taken by the engine at once and are not
//! in the history.

use super::events::{EndReason, Event, Logged};
use super::farms::{self, FarmTable};
use super::features::{ClassicTable, Feature, FeatureKind, FollowerSpot, Node, Part};
use super::options::FarmScoring;
use super::scoring::{self, Breakdown};
use super::setup::{pile_counts, Setup, SetupError};
use super::tiles::{Catalogue, RegionIdx, RegionKind, TileType};
use super::Board;
use crate::engine::core::deal::{box_of, unseen, Pile};
use crate::engine::core::geom::{Cell, Dir, Rotation};
use crate::engine::core::grid::Placed;
use crate::engine::core::rng::Pcg64;
use crate::engine::core::rules::{majority, IllegalChoice, Seat, TileGame};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A bridge's direction on the board (O3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Axis {
    NorthSouth,
    EastWest,
}

impl Axis {
    pub fn name(self) -> &'static str {
        match self {
            Axis::NorthSouth => "NS",
            Axis::EastWest => "EW",
        }
    }

    pub fn from_name(s: &str) -> Option<Axis> {
        match s {
            "NS" => Some(Axis::NorthSouth),
            "EW" => Some(Axis::EastWest),
            _ => None,
        }
    }
}

/// Old City's bridge (O3.2): on the tile placed (`on: None`) or on its
/// neighbour across side `on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bridge {
    pub on: Option<Dir>,
    pub axis: Axis,
}

/// The wood a placement uses (O3): each piece at most once, walls and
/// wooden gates on a side of the tile placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wood {
    pub bridge: Option<Bridge>,
    pub wall: Option<Dir>,
    pub gate: Option<Dir>,
}

impl Wood {
    /// No wood: every placement of the base game.
    pub const NONE: Wood = Wood {
        bridge: None,
        wall: None,
        gate: None,
    };

    pub fn is_none(&self) -> bool {
        *self == Wood::NONE
    }
}

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

/// Where a follower (or a guesthouse) goes on the tile placed: one of its
/// regions, or a bridge built on it (O3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    Region(RegionIdx),
    Bridge,
}

/// One decision's answer (CLASSIC.md §T).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    Place(Placement),
    /// O5 (issue 11): the guesthouse, or none.
    Guesthouse(Option<Spot>),
    /// O6 (issue 11): the wyvern's target tile.
    Wyvern(Cell),
    /// B5: a follower, or none.
    Follower(Option<Spot>),
}

impl Choice {
    /// What kind of answer this is, in words.
    pub fn name(&self) -> &'static str {
        match self {
            Choice::Place(_) => "a tile placement",
            Choice::Guesthouse(_) => "a guesthouse",
            Choice::Wyvern(_) => "a wyvern target",
            Choice::Follower(_) => "a follower",
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
    pub fn name(self) -> &'static str {
        match self {
            Decision::Place { .. } => "a tile placement",
            Decision::Guesthouse => "the guesthouse (or none)",
            Decision::Wyvern => "the wyvern's target",
            Decision::Follower => "a follower (or none)",
        }
    }
}

fn illegal(rule: &'static str, reason: impl Into<String>) -> IllegalChoice {
    IllegalChoice::new(rule, reason)
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub score: u32,
    pub breakdown: Breakdown,
    /// Followers in supply (B1.2).
    pub supply: u8,
    /// Old City's coins held (O4).
    pub coins: u8,
}

/// One turn as CGN-C writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub player: Seat,
    pub tile: TileType,
    pub placement: Placement,
    pub follower: Option<Spot>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Place,
    Follower,
    Over,
}

/// The eight cells round a cell (B4.3's cloister neighbourhood).
const RING: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

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
    /// Roads, cities and cloisters this turn's placement completed, scored
    /// after the follower step (B6.1).
    completed: Vec<Node>,
    /// Tiles drawn and removed as unplayable (B3.3).
    removed: Vec<TileType>,
    records: Vec<TurnRecord>,
    history: Vec<Choice>,
    events: Vec<Logged>,
    ended: Option<EndReason>,
    log_events: bool,
}

impl Game {
    /// Start a game: the start tile at 0,0 (B1.4), then the first seat draws.
    pub fn new(catalogue: &'static Catalogue, setup: Setup) -> Result<Game, SetupError> {
        setup.check(catalogue)?;
        Ok(Game::start(catalogue, Arc::new(setup)))
    }

    /// Replays `choices` from the setup; the error gives the index of the
    /// first bad one (0 for a bad setup).
    pub fn replay(
        catalogue: &'static Catalogue,
        setup: Setup,
        choices: &[Choice],
    ) -> Result<Game, (usize, IllegalChoice)> {
        let g = Game::new(catalogue, setup).map_err(|e| (0, illegal("B1", e.0)))?;
        g.replayed(choices)
    }

    /// A game from a checked setup.
    fn start(catalogue: &'static Catalogue, setup: Arc<Setup>) -> Game {
        let n = setup.players.len();
        let mut g = Game {
            catalogue,
            table: ClassicTable::new(false),
            players: vec![
                PlayerState {
                    supply: setup.followers(),
                    ..PlayerState::default()
                };
                n
            ],
            pile: Pile::new(setup.deck.clone()),
            current: 0,
            in_hand: None,
            phase: Phase::Place,
            follower_mask: 0,
            completed: Vec::new(),
            removed: Vec::new(),
            records: Vec::new(),
            history: Vec::new(),
            events: Vec::new(),
            ended: None,
            log_events: true,
            setup,
        };
        // B1.4: one copy of the start tile at 0,0, rotation 0.
        g.lay(catalogue.start, Cell::ORIGIN, Rotation::ALL[0]);
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

    pub fn board(&self) -> &Board {
        self.table.grid()
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

    /// Tiles not yet placed or removed: the pile and the tile in hand.
    pub fn tiles_left(&self) -> usize {
        self.pile.left() + usize::from(self.in_hand.is_some())
    }

    /// The seat whose turn it is.
    pub fn current_player(&self) -> Seat {
        self.current
    }

    /// The feature a region of a placed tile belongs to.
    pub fn feature_of(&self, tile: usize, region: RegionIdx) -> &Feature {
        self.table.feature_of(tile, region)
    }

    /// Every (placed tile, region) of the feature holding that region.
    pub fn feature_regions(&self, tile: usize, region: RegionIdx) -> Vec<(usize, RegionIdx)> {
        let node = self.table.node_of(tile, region);
        self.table.feature_regions(node, self.catalogue)
    }

    /// Roads, cities and cloisters scored so far (each exactly once, B4.5).
    pub fn scored_feature_count(&self) -> usize {
        let features = self.table.features();
        features
            .roots()
            .filter(|&r| {
                let f = features.get(r);
                f.done && f.kind() != Some(FeatureKind::Field)
            })
            .count()
    }

    // ------------------------------------------------------- legal choices

    /// Legal placements of tile `t` now (B3.1, B3.2), in the engine's fixed
    /// order: frontier cells as they were reached, rotations 0–3.
    pub fn placements(&self, t: TileType) -> Vec<Placement> {
        let mut v = Vec::new();
        self.for_each_placement(t, |cell, rot| {
            v.push(Placement::new(cell, rot));
            true
        });
        v
    }

    fn has_placement(&self, t: TileType) -> bool {
        let mut any = false;
        self.for_each_placement(t, |_, _| {
            any = true;
            false
        });
        any
    }

    /// Calls `f` for each legal placement until it returns false.
    fn for_each_placement(&self, t: TileType, mut f: impl FnMut(Cell, Rotation) -> bool) {
        let def = self.catalogue.get(t);
        for cell in self.board().frontier() {
            let allowed = self.allowed_edges(cell);
            for rot in Rotation::ALL {
                if def.edges(rot) & !allowed == 0 && !f(cell, rot) {
                    return;
                }
            }
        }
    }

    /// For an empty cell: per side, the nibble of side kinds a tile may show
    /// there (B3.2, G2.1); every kind where no tile is.
    fn allowed_edges(&self, cell: Cell) -> u16 {
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
    /// B3.2), or `None`. Old City's wood (O3) plugs in here.
    fn placement_problem(&self, t: TileType, p: Placement) -> Option<IllegalChoice> {
        let def = self.catalogue.get(t);
        let Placement { cell, rot, wood } = p;
        // The reason's opening, written only when there is a problem.
        let what = || format!("tile {} cannot go at {cell} {rot}", def.id);
        if !wood.is_none() {
            return Some(illegal(
                "O3",
                format!("{}: wood needs the old-city expansion with oc-wood", what()),
            ));
        }
        if !Board::in_range(cell) {
            return Some(illegal(
                "B3.1",
                format!("{}: that cell is off the board", what()),
            ));
        }
        if self.board().is_tile(cell) {
            return Some(illegal("B3.1", format!("{}: the cell is taken", what())));
        }
        if !Dir::ALL
            .iter()
            .any(|&d| self.board().is_tile(cell.neighbour(d)))
        {
            return Some(illegal(
                "B3.1",
                format!("{}: it shares no side with a placed tile", what()),
            ));
        }
        for d in Dir::ALL {
            let n = cell.neighbour(d);
            if let Some(q) = self.board().get(n) {
                let mine = def.side_kind(rot, d);
                let theirs = self.catalogue.get(q.tile).side_kind(q.rot, d.opposite());
                if theirs.may_face() & mine.bit() == 0 {
                    return Some(illegal(
                        "B3.2",
                        format!(
                            "{}: its {} on side {d} faces a {} side of the tile at {n}",
                            what(),
                            mine.word(),
                            theirs.word()
                        ),
                    ));
                }
            }
        }
        None
    }

    /// Why a follower on `spot` of the tile just placed (placed index
    /// `tile`) is not allowed, or `None` (B5).
    fn follower_problem(&self, tile: usize, spot: Spot) -> Option<IllegalChoice> {
        let p = self.board().placed()[tile];
        let def = self.catalogue.get(p.tile);
        let r = match spot {
            Spot::Bridge => {
                return Some(illegal(
                    "O3.9",
                    format!("tile {} has no bridge built on it", def.id),
                ))
            }
            Spot::Region(r) => r,
        };
        let Some(region) = def.regions.get(r as usize) else {
            return Some(illegal(
                "B5.1",
                format!("tile {} has no region {r}", def.id),
            ));
        };
        let Some(kind) = region.kind.feature() else {
            return Some(illegal("G2.4", "no follower stands on a gate"));
        };
        if self.players[self.current as usize].supply == 0 {
            return Some(illegal("B5.4", "no follower is left in supply"));
        }
        let f = self.table.feature_of(tile, r);
        if f.follower_count() > 0 {
            return Some(illegal(
                "B5.2",
                format!(
                    "the {} of region {} already holds a follower",
                    kind.name(),
                    region.id
                ),
            ));
        }
        None
    }

    /// Why a follower on `spot` would not be allowed once the tile in hand
    /// is placed so (for a record whose follower step had no choice: the
    /// engine skips it). `None` when it would be, or the placement is not legal.
    pub fn follower_problem_after(&self, p: Placement, spot: Spot) -> Option<IllegalChoice> {
        let tile = self.in_hand?;
        if self.phase != Phase::Place || self.placement_problem(tile, p).is_some() {
            return None;
        }
        let mut g = self.clone();
        g.log_events = false;
        g.lay(tile, p.cell, p.rot);
        g.follower_problem(g.board().placed().len() - 1, spot)
    }

    /// Bit r set for each region of placed tile `tile` a follower may go on.
    fn follower_options(&self, tile: usize) -> u16 {
        if self.players[self.current as usize].supply == 0 {
            return 0;
        }
        let def = self.catalogue.get(self.board().placed()[tile].tile);
        let mut mask = 0u16;
        for (r, region) in def.regions.iter().enumerate() {
            if region.kind.feature().is_some()
                && self.table.feature_of(tile, r as RegionIdx).follower_count() == 0
            {
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
    /// is removed and the seat draws again (B3.3). Old City sends it to the
    /// bottom instead (O1.4, O1.5). An empty pile ends the game (B7.1).
    fn draw(&mut self) {
        loop {
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
            self.removed.push(t);
            self.log(Event::TileRemoved { tile: t });
        }
    }

    /// Put a tile on the board and join its regions into features (B4.1),
    /// keeping open sides (B4.3) and noting what it completed. Returns its
    /// placed index.
    fn lay(&mut self, tile: TileType, cell: Cell, rot: Rotation) -> usize {
        let idx = self.board().placed().len();
        let def = self.catalogue.get(tile);
        let mut touched = self
            .table
            .place(Placed { tile, rot, cell }, self.catalogue, |r| {
                let kind = def.kind(r);
                let pennants = match kind {
                    Some(RegionKind::City { pennants, .. }) => pennants,
                    _ => 0,
                };
                Part {
                    kind: kind.and_then(RegionKind::feature),
                    pennants,
                }
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
        let idx = self.lay(tile, p.cell, p.rot);
        self.records.push(TurnRecord {
            player: self.current,
            tile,
            placement: p,
            follower: None,
        });
        self.log(Event::TilePlaced {
            player: self.current,
            tile,
            cell: p.cell,
            rot: p.rot,
        });
        self.tile_placed(idx);
    }

    /// Hook: *tile placed*. The follower step follows, unless no follower
    /// can go on the tile (then the engine takes "none" at once). Old City's
    /// guesthouse, coins and wyvern steps (O5, O4, O6) go before it.
    fn tile_placed(&mut self, idx: usize) {
        self.follower_mask = self.follower_options(idx);
        if self.follower_mask == 0 {
            self.place_follower(None);
        } else {
            self.phase = Phase::Follower;
        }
    }

    fn place_follower(&mut self, spot: Option<Spot>) {
        let idx = self.board().placed().len() - 1;
        if let Some(Spot::Region(r)) = spot {
            let p = self.board().placed()[idx];
            let player = self.current;
            let kind = self
                .table
                .feature_of(idx, r)
                .kind()
                .unwrap_or(FeatureKind::Field);
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
        self.features_completed();
        self.end_turn();
    }

    /// Hook: *features completed* (B6.1): every road, city and cloister this
    /// placement completed scores now, in any order, for its majority
    /// (B6.5), and its followers come back.
    fn features_completed(&mut self) {
        let completed = std::mem::take(&mut self.completed);
        for &root in &completed {
            let f = *self.table.features().get(root);
            let points = scoring::completed_points(&f, self.setup.options.small_city);
            self.award(root, points, false);
        }
        self.completed = completed;
        self.completed.clear();
    }

    /// Score feature `root` for its majority and mark it done; during play
    /// its followers go back to supply (B6.5), at the end they stay.
    fn award(&mut self, root: Node, points: u32, at_end: bool) {
        let f = *self.table.features().get(root);
        if f.done {
            return;
        }
        self.table.features_mut().get_mut(root).done = true;
        let Some(kind) = f.kind() else { return };
        let n = self.players.len();
        let winners = majority(&f.followers[..n]);
        for (p, ps) in self.players.iter_mut().enumerate() {
            if winners & (1 << p) != 0 {
                ps.score += points;
                *ps.breakdown.of(kind) += points;
            }
        }
        let returned = if at_end {
            0
        } else {
            self.return_followers(root)
        };
        self.log(Event::FeatureScored {
            kind,
            tiles: f.tile_count(),
            pennants: f.data.pennants as u32,
            points,
            winners,
            returned,
            at_end,
        });
    }

    /// Every follower on the feature `root` goes back to supply.
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

    /// Hook: *final scoring* (B7.2, B8): incomplete roads, cities and
    /// cloisters with followers (B8.1), then farms (B9). Followers stay on
    /// the board. Old City's O7 plugs in here.
    fn final_scoring(&mut self) {
        let features = self.table.features();
        let mut roots: Vec<Node> = self
            .table
            .followers()
            .iter()
            .filter(|s| s.role != FeatureKind::Field)
            .map(|s| features.find(s.node))
            .collect();
        roots.sort_unstable();
        roots.dedup();
        for root in roots {
            let points = scoring::final_points(self.table.features().get(root));
            self.award(root, points, true);
        }
        let rule = self.setup.options.farm_scoring;
        let awards = farms::score_farms(
            &FarmTable {
                catalogue: self.catalogue,
                table: &self.table,
                players: self.players.len(),
            },
            rule,
        );
        for a in awards {
            for (p, ps) in self.players.iter_mut().enumerate() {
                if a.winners & (1 << p) != 0 {
                    ps.score += a.points;
                    ps.breakdown.farms += a.points;
                }
            }
            self.log(Event::FarmScored {
                rule,
                cities: a.cities,
                points: a.points,
                winners: a.winners,
            });
        }
    }

    /// The farm rule in force (B9).
    pub fn farm_scoring(&self) -> FarmScoring {
        self.setup.options.farm_scoring
    }
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
        match self.phase {
            Phase::Place => {
                if let Some(t) = self.in_hand {
                    self.for_each_placement(t, |cell, rot| {
                        v.push(Choice::Place(Placement::new(cell, rot)));
                        true
                    });
                }
            }
            Phase::Follower => {
                v.push(Choice::Follower(None));
                let mut mask = self.follower_mask;
                while mask != 0 {
                    let r = mask.trailing_zeros() as RegionIdx;
                    v.push(Choice::Follower(Some(Spot::Region(r))));
                    mask &= mask - 1;
                }
            }
            Phase::Over => {}
        }
    }

    fn check(&self, choice: Choice) -> Result<(), IllegalChoice> {
        let Some(decision) = self.decision() else {
            return Err(illegal("B7.1", "the game is over: the pile is empty"));
        };
        match (decision, choice) {
            (Decision::Place { tile }, Choice::Place(p)) => {
                self.placement_problem(tile, p).map_or(Ok(()), Err)
            }
            (Decision::Follower, Choice::Follower(None)) => Ok(()),
            (Decision::Follower, Choice::Follower(Some(spot))) => {
                let i = self.board().placed().len() - 1;
                self.follower_problem(i, spot).map_or(Ok(()), Err)
            }
            _ => Err(illegal(
                "T",
                format!(
                    "the game waits for {}, not {}",
                    decision.name(),
                    choice.name()
                ),
            )),
        }
    }

    fn play_unchecked(&mut self, choice: Choice) {
        self.history.push(choice);
        match choice {
            Choice::Place(p) => self.place(p),
            Choice::Follower(s) => self.place_follower(s),
            // Not offered in the base game; an unchecked one changes nothing.
            Choice::Guesthouse(_) | Choice::Wyvern(_) => {}
        }
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

    /// Scores if the game ended now: the final scoring on a copy.
    fn projected_scores(&self) -> Vec<u32> {
        if self.is_over() {
            return self.scores();
        }
        let mut g = self.clone();
        g.log_events = false;
        // Completions of a tile whose follower step is pending score first.
        g.features_completed();
        g.final_scoring();
        g.scores()
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
