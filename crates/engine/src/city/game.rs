//! A game of The City: setup → game through a `Result`, then the decision
//! loop. At every decision the engine lists exactly the legal choices (§13);
//! `play` applies one after checking it and says which rule a bad one breaks;
//! `play_unchecked` is the fast path for search.

use super::events::{EndReason, Event, Logged, ScoreCause};
use super::features::{Area, Board, CityTable, Feature, Node, Role};
use super::scoring::{self, Breakdown};
use super::setup::{Setup, SetupError, FOLLOWERS};
use super::tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, TileType};
use super::walls::{self, End, Walls};
use crate::core::deal;
use crate::core::geom::{Cell, Dir, Rotation, Side};
use crate::core::grid::Placed;
use crate::core::reason::{PlacementProblem, Reason, Step, Thing};
use crate::core::rng::{shuffle, Pcg64};
use crate::core::roomy::RoomyVec;
use crate::core::rules::{majority, GameError, IllegalChoice, Seat, TileGame};
use crate::core::table::{Follower, Table};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One decision: tile position+rotation, follower region or none, gate side,
/// wall end, guard yes/no, tower end or none (§13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    Place {
        cell: Cell,
        rot: Rotation,
    },
    Follower(Option<RegionIdx>),
    Gate(Side),
    Wall(End),
    Guard(bool),
    /// An end; after the wall closed, the arm the tower counts (R9.3).
    Tower(Option<End>),
}

/// The kind of decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    PlaceTile { tile: TileType },
    Follower,
    Gate,
    Wall,
    Guard,
    Tower,
}

impl Decision {
    /// The kind of decision, in a reason.
    pub fn step(self) -> Step {
        match self {
            Decision::PlaceTile { .. } => Step::Placement,
            Decision::Follower => Step::FollowerOrNone,
            Decision::Gate => Step::Gate,
            Decision::Wall => Step::WallEnd,
            Decision::Guard => Step::GuardOrNone,
            Decision::Tower => Step::TowerOrNone,
        }
    }
}

impl Choice {
    /// The kind of decision a choice answers (a wrong kind's reason).
    pub fn step(self) -> Step {
        match self {
            Choice::Place { .. } => Step::Placement,
            Choice::Follower(_) => Step::FollowerOrNone,
            Choice::Gate(_) => Step::Gate,
            Choice::Wall(_) => Step::WallEnd,
            Choice::Guard(_) => Step::GuardOrNone,
            Choice::Tower(_) => Step::TowerOrNone,
        }
    }
}

fn illegal(rule: &'static str, reason: Reason) -> IllegalChoice {
    IllegalChoice::new(rule, reason)
}

/// Why a follower may not go on a region (R4.3–R4.6), without the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FollowerBan {
    NoRegion,
    NoSupply,
    Occupied,
    JustCompleted,
}

/// A follower on a tile's region (guards are on wall pieces).
pub type FollowerSpot = Follower<Role>;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub score: u32,
    pub breakdown: Breakdown,
    /// Followers in supply (R1.2).
    pub supply: u8,
    /// Towers not yet placed (R1.3).
    pub towers: u8,
}

/// One action of a wall round, as CGN writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WallAction {
    Gate(Side),
    Wall { end: End, guard: bool },
    Tower(Option<End>),
}

/// One turn as CGN writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub player: u8,
    pub tile: TileType,
    pub cell: Cell,
    pub rot: Rotation,
    pub follower: Option<RegionIdx>,
    /// Present when a wall round followed the turn.
    pub walls: Option<Vec<WallAction>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Place,
    Follower,
    Gate,
    Wall,
    Guard,
    Tower,
    Over,
}

/// The wall round in progress (§6).
#[derive(Clone, Debug, Default)]
struct Round {
    builder: u8,
    /// Who places each piece, in order (R6.4); the first is the gate when the
    /// gate is not yet placed (R6.5).
    seats: Vec<u8>,
    next: usize,
}

#[derive(Clone, Debug)]
pub struct Game {
    catalogue: &'static Catalogue,
    setup: Arc<Setup>,
    /// Placed tiles, features and followers.
    table: CityTable,
    walls: Walls,
    players: Vec<PlayerState>,
    current: u8,
    draw_pos: usize,
    drawn: Option<(TileType, u8)>,
    set_aside: Vec<TileType>,
    phase: Phase,
    /// Streets and markets completed by this turn's tile, scored after the
    /// follower step (R5.7).
    completed: Vec<Node>,
    /// Completed by the last piece, scored after its guard step (R6.8).
    piece_completed: Vec<Node>,
    last_piece: Option<usize>,
    round: Round,
    records: RoomyVec<TurnRecord>,
    history: RoomyVec<Choice>,
    events: Vec<Logged>,
    ended: Option<EndReason>,
    log_events: bool,
}

impl Game {
    /// Start a game: the first player draws the first tile (R1.6).
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
        let towers = (12 / n) as u8;
        let mut g = Game {
            catalogue,
            table: Table::new(true),
            walls: Walls::new(),
            players: vec![
                PlayerState {
                    supply: FOLLOWERS,
                    towers,
                    ..PlayerState::default()
                };
                n
            ],
            current: 0,
            draw_pos: 0,
            drawn: None,
            set_aside: Vec::new(),
            phase: Phase::Place,
            completed: Vec::new(),
            piece_completed: Vec::new(),
            last_piece: None,
            round: Round::default(),
            records: RoomyVec::new(),
            history: RoomyVec::new(),
            events: Vec::new(),
            ended: None,
            log_events: true,
            setup,
        };
        if !g.draw_next() {
            // An empty deck cannot pass `check`; stay safe anyway.
            g.finish(EndReason::LastTile);
        }
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
    pub fn table(&self) -> &CityTable {
        &self.table
    }

    /// The same game ended now, on a copy: what this turn completed but
    /// has not scored yet (after the tile, before its follower step; after
    /// a wall piece, before its guard step) scored as the engine will score
    /// it (R5.6), then closing walls and the final scoring (§11, §12). A
    /// game over is itself. (`into_projected_scores`, the computer's
    /// valuation, leaves the pending completions alone.)
    pub fn projected(&self) -> Game {
        let mut g = self.clone();
        if !g.is_over() {
            g.log_events = false;
            for n in std::mem::take(&mut g.completed) {
                g.score_feature(n, ScoreCause::Tile);
            }
            g.score_piece_completions();
            g.finish(EndReason::LastTile);
        }
        g
    }

    /// Whether tile `t` may be placed at `cell` turned `rot` now, by the
    /// checked path (R1.6, §3).
    pub fn placement_allowed(&self, t: TileType, cell: Cell, rot: Rotation) -> bool {
        self.placement_problem(t, cell, rot).is_none()
    }

    /// Calls `f` with each legal placement of `t` now (the aids).
    pub fn each_placement(&self, t: TileType, mut f: impl FnMut(Cell, Rotation)) {
        self.for_each_placement(t, |c, r| {
            f(c, r);
            true
        });
    }

    pub fn walls(&self) -> &Walls {
        &self.walls
    }

    /// What a guard on the wall piece placed last would score if the game
    /// ended now (R12.3: 2 per public building, 3 per historic one on its
    /// line); 0 with no piece.
    pub fn last_guard_line_points(&self) -> u32 {
        self.walls.pieces.last().map_or(0, |piece| {
            let (public, historic) =
                scoring::line_buildings(self.catalogue, self.board(), piece.side);
            2 * public + 3 * historic
        })
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

    pub fn set_aside(&self) -> &[TileType] {
        &self.set_aside
    }

    pub fn ended_by(&self) -> Option<EndReason> {
        self.ended
    }

    /// The tile drawn for the current turn and its stack (1–3).
    pub fn drawn(&self) -> Option<(TileType, u8)> {
        self.drawn
    }

    /// The seat whose turn it is (who placed or will place the tile).
    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// The stack (1–3) a deck position belongs to.
    fn stack_of(&self, pos: usize) -> u8 {
        let s = &self.setup.stacks;
        if pos < s[0] as usize {
            1
        } else if pos < (s[0] + s[1]) as usize {
            2
        } else {
            3
        }
    }

    /// Tiles not yet drawn in each stack.
    pub fn tiles_left(&self) -> [u32; 3] {
        let s = self.setup.stacks;
        let mut left = [0u32; 3];
        let mut start = 0usize;
        for k in 0..3 {
            let end = start + s[k] as usize;
            left[k] = end.saturating_sub(self.draw_pos.max(start)) as u32;
            start = end;
        }
        left
    }

    /// How many tiles of the deck were drawn so far (the one in hand and
    /// those set aside counted).
    pub fn deck_position(&self) -> usize {
        self.draw_pos
    }

    /// The tiles not yet drawn, in no particular order (what a player may
    /// know: the box minus what was seen).
    pub fn unseen_tiles(&self) -> Vec<TileType> {
        let mut v = self.setup.deck[self.draw_pos..].to_vec();
        crate::core::sort::sort_unstable(&mut v);
        v
    }

    /// The builder of the wall round in progress, and the pieces still to place.
    pub fn wall_round(&self) -> Option<(u8, usize)> {
        matches!(
            self.phase,
            Phase::Gate | Phase::Wall | Phase::Guard | Phase::Tower
        )
        .then(|| {
            (
                self.round.builder,
                self.round.seats.len().saturating_sub(self.round.next),
            )
        })
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

    /// Streets and markets scored so far (each exactly once, R5.6).
    pub fn scored_feature_count(&self) -> usize {
        let features = self.table.features();
        features
            .roots()
            .filter(|&r| {
                let f = features.get(r);
                f.done && f.kind() != FeatureKind::Residential
            })
            .count()
    }

    /// The gap (R7.5), once the gate stands.
    pub fn gap(&self) -> Option<usize> {
        self.walls.gate.map(|_| self.walls.gap(self.table.grid()))
    }

    /// The side a piece at `end` would cover now.
    pub fn next_wall_side(&self, end: End) -> Option<Side> {
        self.walls.next_side(self.table.grid(), end)
    }

    // ------------------------------------------------------- legal choices

    /// Legal (cell, rotation) pairs for tile `t` now (R1.6, §3).
    pub fn placements(&self, t: TileType) -> Vec<(Cell, Rotation)> {
        let mut v = Vec::new();
        self.placements_into(t, &mut v);
        v.into_iter()
            .filter_map(|c| match c {
                Choice::Place { cell, rot } => Some((cell, rot)),
                _ => None,
            })
            .collect()
    }

    fn placements_into(&self, t: TileType, v: &mut Vec<Choice>) {
        self.for_each_placement(t, |cell, rot| {
            v.push(Choice::Place { cell, rot });
            true
        });
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
        if self.table.grid().is_empty() {
            for rot in Rotation::ALL {
                if !f(Cell::ORIGIN, rot) {
                    return;
                }
            }
            return;
        }
        for cell in self.table.grid().frontier() {
            let (need, want) = self.street_constraints(cell);
            let mut checked_exterior = None;
            for rot in Rotation::ALL {
                if def.street_mask(rot) & need != want {
                    continue;
                }
                let keeps = *checked_exterior
                    .get_or_insert_with(|| self.table.grid().keeps_blocked_exterior(cell));
                if !keeps {
                    break;
                }
                if !f(cell, rot) {
                    return;
                }
            }
        }
    }

    /// For an empty cell: which sides have a neighbour (`need`) and which of
    /// those neighbours show a street towards it (`want`) (R3.2).
    fn street_constraints(&self, cell: Cell) -> (u8, u8) {
        let (mut need, mut want) = (0u8, 0u8);
        for d in Dir::ALL {
            if let Some(p) = self.table.grid().get(cell.neighbour(d)) {
                need |= 1 << d.index();
                if self.catalogue.get(p.tile).has_street(p.rot, d.opposite()) {
                    want |= 1 << d.index();
                }
            }
        }
        (need, want)
    }

    fn placement_problem(&self, t: TileType, cell: Cell, rot: Rotation) -> Option<IllegalChoice> {
        let def = self.catalogue.get(t);
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
        if self.table.grid().is_empty() {
            if cell != Cell::ORIGIN {
                return no("R1.6", PlacementProblem::FirstAtOrigin);
            }
            return None;
        }
        if !Board::in_range(cell) {
            return no("R3.1", PlacementProblem::OffBoard);
        }
        if self.table.grid().is_tile(cell) {
            return no("R3.1", PlacementProblem::CellTaken);
        }
        if !Dir::ALL
            .iter()
            .any(|&d| self.table.grid().is_tile(cell.neighbour(d)))
        {
            return no("R3.1", PlacementProblem::NoNeighbour);
        }
        if self.table.grid().is_blocked(cell) {
            return no("R3.3", PlacementProblem::OutsideWall);
        }
        for d in Dir::ALL {
            if let Some(p) = self.table.grid().get(cell.neighbour(d)) {
                let nd = self.catalogue.get(p.tile);
                let theirs = nd.has_street(p.rot, d.opposite());
                let mine = def.has_street(rot, d);
                if theirs != mine {
                    let facing = &nd.regions[nd.slots(p.rot, d.opposite())[1] as usize].kind;
                    let own = &def.regions[def.slots(rot, d)[1] as usize].kind;
                    return no(
                        "R3.2",
                        PlacementProblem::SidesDiffer {
                            own: region_thing(own),
                            side: d,
                            other: region_thing(facing),
                        },
                    );
                }
            }
        }
        if !self.table.grid().keeps_blocked_exterior(cell) {
            return no("R3.4", PlacementProblem::WrapsWall);
        }
        None
    }

    /// Why a follower on `region` would be illegal once the drawn tile is at
    /// `cell`/`rot` (for explaining a record whose follower step had no choice).
    pub fn follower_problem_after(
        &self,
        cell: Cell,
        rot: Rotation,
        region: RegionIdx,
    ) -> Option<IllegalChoice> {
        if self.phase != Phase::Place || self.placement_problem(self.drawn?.0, cell, rot).is_some()
        {
            return None;
        }
        let mut g = self.clone();
        g.log_events = false;
        g.place_tile(cell, rot);
        g.follower_problem(g.board().placed().len() - 1, region)
    }

    /// Why no follower may go on `region` of placed tile `tile` (R4), if
    /// it may not: the rule's case without its words, for the paths that
    /// only ask whether (the legal choices, the forced skips: a search
    /// asks it at every turn).
    fn follower_ban(&self, tile: usize, region: RegionIdx) -> Option<FollowerBan> {
        let p = self.table.grid().placed()[tile];
        if region as usize >= self.catalogue.get(p.tile).regions.len() {
            return Some(FollowerBan::NoRegion);
        }
        if self.players[self.current as usize].supply == 0 {
            return Some(FollowerBan::NoSupply);
        }
        let f = self.table.feature_of(tile, region);
        if f.follower_count() > 0 {
            return Some(FollowerBan::Occupied);
        }
        f.is_complete().then_some(FollowerBan::JustCompleted)
    }

    /// [`Self::follower_ban`] as an error naming the tile and region.
    fn follower_problem(&self, tile: usize, region: RegionIdx) -> Option<IllegalChoice> {
        let ban = self.follower_ban(tile, region)?;
        let def = self.catalogue.get(self.table.grid().placed()[tile].tile);
        let reg_id = || def.regions[region as usize].id.clone();
        let kind = || feature_thing(self.table.feature_of(tile, region).kind());
        Some(match ban {
            FollowerBan::NoRegion => illegal(
                "R4.3",
                Reason::NoRegion {
                    tile: def.id.clone(),
                    region: region.to_string(),
                },
            ),
            FollowerBan::NoSupply => illegal("R4.6", Reason::NoSupply),
            FollowerBan::Occupied => illegal(
                "R4.4",
                Reason::Occupied {
                    kind: kind(),
                    region: Some(reg_id()),
                },
            ),
            FollowerBan::JustCompleted => illegal(
                "R4.5",
                Reason::JustCompleted {
                    kind: kind(),
                    region: reg_id(),
                },
            ),
        })
    }

    fn guard_problem(&self) -> Option<IllegalChoice> {
        let placer = self.round.seats[self.round.next];
        if self.players[placer as usize].supply == 0 {
            return Some(illegal("R8.1", Reason::NoSupplyGuard));
        }
        let side = self.walls.pieces[self.last_piece?].side;
        (!walls::guard_allowed(self.table.grid(), &self.walls, side))
            .then(|| illegal("R8.4", Reason::GuardOpposite))
    }

    // ---------------------------------------------------------------- play

    /// Decisions whose only legal choice is "none" are taken at once, so a
    /// player (or a record) never has to say them.
    fn skip_forced(&mut self) {
        loop {
            let forced = match self.phase {
                Phase::Follower => {
                    let i = self.table.grid().placed().len() - 1;
                    let n = self
                        .catalogue
                        .get(self.table.grid().placed()[i].tile)
                        .regions
                        .len();
                    (0..n)
                        .all(|r| self.follower_ban(i, r as RegionIdx).is_some())
                        .then_some(Choice::Follower(None))
                }
                Phase::Guard => self.guard_problem().map(|_| Choice::Guard(false)),
                Phase::Tower => (self.players[self.round.builder as usize].towers == 0
                    || self.walls.tower_ends().is_empty())
                .then_some(Choice::Tower(None)),
                _ => None,
            };
            match forced {
                Some(Choice::Follower(r)) => self.place_follower(r),
                Some(Choice::Guard(g)) => self.decide_guard(g),
                Some(Choice::Tower(t)) => self.place_tower(t),
                _ => return,
            }
        }
    }

    fn log(&mut self, event: Event) {
        if self.log_events {
            self.events.push(Logged {
                turn: self.table.grid().placed().len() as u32,
                event,
            });
        }
    }

    /// Draw for the current player, setting aside tiles that cannot be
    /// placed (R3.5). False when no tile is left.
    fn draw_next(&mut self) -> bool {
        while self.draw_pos < self.setup.deck.len() {
            let t = self.setup.deck[self.draw_pos];
            let stack = self.stack_of(self.draw_pos);
            self.draw_pos += 1;
            if self.has_placement(t) {
                self.drawn = Some((t, stack));
                self.phase = Phase::Place;
                return true;
            }
            self.set_aside.push(t);
            self.log(Event::TileSetAside { tile: t });
        }
        self.drawn = None;
        false
    }

    fn place_tile(&mut self, cell: Cell, rot: Rotation) {
        let Some((tile, _)) = self.drawn else { return };
        let def = self.catalogue.get(tile);
        let touched = self
            .table
            .place(Placed { tile, rot, cell }, self.catalogue, |r| {
                let kind = &def.regions[r as usize].kind;
                let goods = match kind {
                    RegionKind::Market(g) => g.bit(),
                    _ => 0,
                };
                Area {
                    kind: kind.feature(),
                    goods,
                }
            });
        self.completed = self.newly_complete(&touched);
        self.records.push(TurnRecord {
            player: self.current,
            tile,
            cell,
            rot,
            follower: None,
            walls: None,
        });
        self.log(Event::TilePlaced {
            player: self.current,
            tile,
            cell,
            rot,
        });
        self.phase = Phase::Follower;
    }

    /// Roots among `nodes` of streets and markets that are complete and not yet done.
    fn newly_complete(&self, nodes: &[Node]) -> Vec<Node> {
        self.table.newly_complete(nodes, Feature::is_complete)
    }

    fn place_follower(&mut self, region: Option<RegionIdx>) {
        let idx = self.board().placed().len() - 1;
        if let Some(r) = region {
            let p = self.board().placed()[idx];
            let player = self.current;
            let kind = self.table.feature_of(idx, r).kind();
            self.table.add_follower(player, idx, r, Role::of(kind));
            let ps = &mut self.players[player as usize];
            ps.supply = ps.supply.saturating_sub(1);
            if let Some(rec) = self.records.last_mut() {
                rec.follower = Some(r);
            }
            self.log(Event::FollowerPlaced {
                player,
                cell: p.cell,
                region: r,
                kind,
            });
        }
        // R6.1: count the completions before scoring returns the followers.
        let completed = std::mem::take(&mut self.completed);
        let counted = completed
            .iter()
            .filter(|&&n| {
                !self.setup.options.round_needs_follower
                    || self.table.features().get(n).follower_count() > 0
            })
            .count() as u32;
        for &n in &completed {
            self.score_feature(n, ScoreCause::Tile);
        }
        let stack = self.drawn.map_or(1, |d| d.1);
        if stack >= 2 && counted > 0 && self.walls.supply > 0 && !self.walls.is_closed() {
            self.start_round(stack, counted);
        } else {
            self.end_turn();
        }
    }

    /// R5.4–R5.6: score a complete street or market for its majority, return
    /// its followers.
    fn score_feature(&mut self, node: Node, cause: ScoreCause) {
        let f = *self.table.features().get(node);
        if f.done {
            return;
        }
        self.table.features_mut().get_mut(node).done = true;
        let tiles = f.tile_count();
        let points = match f.kind() {
            FeatureKind::Street => scoring::street_points(tiles),
            FeatureKind::Market => scoring::market_points(tiles, f.goods_count()),
            FeatureKind::Residential => return,
        };
        let winners = majority(&f.followers[..self.players.len()]);
        for p in 0..self.players.len() {
            if winners & (1 << p) != 0 {
                let ps = &mut self.players[p];
                ps.score += points;
                match f.kind() {
                    FeatureKind::Street => ps.breakdown.streets += points,
                    _ => ps.breakdown.markets += points,
                }
            }
        }
        let returned = self.return_followers(node);
        if self.log_events {
            // (Named only for the log: the search plays with it off.)
            let at = self.table.feature_at(node);
            self.log(Event::FeatureScored {
                kind: f.kind(),
                at,
                tiles,
                goods: f.goods_count(),
                points,
                winners,
                returned,
                cause,
            });
        }
    }

    /// Every follower on the feature of `node` goes back to supply.
    fn return_followers(&mut self, node: Node) -> u32 {
        let back = self.table.return_followers(node);
        for s in &back {
            self.players[s.player as usize].supply += 1;
        }
        back.len() as u32
    }

    /// §6: pieces per player, order, and the gate in the first round.
    fn start_round(&mut self, stack: u8, completions: u32) {
        let n = self.players.len() as u8;
        let per_player = match (stack, n) {
            (2, 2) => 2,
            (2, _) => 1,
            (_, 2) => 4,
            _ => 2,
        };
        let builder = self.current;
        let mut seats = Vec::with_capacity((per_player * n) as usize);
        for _ in 0..per_player {
            for i in 0..n {
                seats.push((builder + i) % n);
            }
        }
        self.log(Event::WallRoundStarted {
            builder,
            completions,
            pieces: seats.len() as u32,
        });
        self.round = Round {
            builder,
            seats,
            next: 0,
        };
        if let Some(rec) = self.records.last_mut() {
            rec.walls = Some(Vec::new());
        }
        self.phase = if self.walls.gate.is_none() {
            Phase::Gate
        } else {
            Phase::Wall
        };
    }

    fn record_wall(&mut self, a: WallAction) {
        if let Some(list) = self.records.last_mut().and_then(|r| r.walls.as_mut()) {
            list.push(a);
        }
    }

    /// The regions of the tile behind `side` that reach it lose an open side.
    fn cover_side(&mut self, side: Side) -> Vec<Node> {
        self.table.cover_side(side, self.catalogue)
    }

    fn place_gate(&mut self, side: Side) {
        let player = self.to_move();
        self.walls.gate = Some(side);
        self.table.grid_mut().block(side.outer());
        self.record_wall(WallAction::Gate(side));
        self.log(Event::GatePlaced { player, side });
        let touched = self.cover_side(side);
        for n in self.newly_complete(&touched) {
            self.score_feature(n, ScoreCause::Gate);
        }
        self.next_in_round();
    }

    fn place_wall(&mut self, end: End) {
        let player = self.to_move();
        let Some(side) = self.walls.next_side(self.table.grid(), end) else {
            return;
        };
        let i = self.walls.add_piece(side, end, player);
        self.last_piece = Some(i);
        self.table.grid_mut().block(side.outer());
        self.record_wall(WallAction::Wall { end, guard: false });
        self.log(Event::WallPlaced {
            player,
            side,
            arm: end,
        });
        let touched = self.cover_side(side);
        self.piece_completed = self.newly_complete(&touched);
        if self.setup.options.score_before_guard {
            self.score_piece_completions();
        }
        self.phase = Phase::Guard;
    }

    fn score_piece_completions(&mut self) {
        for n in std::mem::take(&mut self.piece_completed) {
            self.score_feature(n, ScoreCause::Wall);
        }
    }

    fn decide_guard(&mut self, guard: bool) {
        let player = self.to_move();
        if guard {
            if let Some(i) = self.last_piece {
                self.walls.pieces[i].guard = Some(player);
                let ps = &mut self.players[player as usize];
                ps.supply = ps.supply.saturating_sub(1);
                if let Some(WallAction::Wall { guard, .. }) = self
                    .records
                    .last_mut()
                    .and_then(|r| r.walls.as_mut())
                    .and_then(|w| w.last_mut())
                {
                    *guard = true;
                }
                let side = self.walls.pieces[i].side;
                self.log(Event::GuardPlaced { player, side });
            }
        }
        self.score_piece_completions();
        self.next_in_round();
    }

    /// After the gate or a piece: the next piece, or the tower step when the
    /// round is over, the supply ran out (R6.6) or the wall closed (R11.1d).
    fn next_in_round(&mut self) {
        self.round.next += 1;
        let done = self.round.next >= self.round.seats.len()
            || self.walls.supply == 0
            || self.walls.is_closed();
        self.phase = if done { Phase::Tower } else { Phase::Wall };
    }

    fn place_tower(&mut self, end: Option<End>) {
        if let Some(e) = end {
            let owner = self.round.builder;
            if let Some(t) = self.walls.place_tower(e, owner) {
                let ps = &mut self.players[owner as usize];
                ps.towers = ps.towers.saturating_sub(1);
                ps.score += t.points;
                ps.breakdown.towers += t.points;
                self.log(Event::TowerPlaced {
                    player: owner,
                    vertex: t.vertex,
                    arm: e,
                    points: t.points,
                });
            }
        }
        self.record_wall(WallAction::Tower(end));
        self.end_turn();
    }

    /// R11.1: check the end; otherwise the next player draws.
    fn end_turn(&mut self) {
        let reason = if self.walls.is_closed() {
            Some(EndReason::Closed)
        } else if self.walls.supply == 0 {
            Some(EndReason::LastWall)
        } else if self.walls.gate.is_some() && self.walls.gap(self.table.grid()) <= 5 {
            Some(EndReason::Gap)
        } else {
            None
        };
        if let Some(r) = reason {
            self.finish(r);
            return;
        }
        self.current = (self.current + 1) % self.players.len() as u8;
        if !self.draw_next() {
            self.finish(EndReason::LastTile);
        }
    }

    /// R11.2–R11.4 and §12: closing, removal, final scoring.
    fn finish(&mut self, reason: EndReason) {
        self.ended = Some(reason);
        self.phase = Phase::Over;
        self.drawn = None;
        self.log(Event::GameEnded { by: reason });
        // R11.2: every outline side without a wall gets one.
        let open: Vec<Side> = self
            .board()
            .outline()
            .into_iter()
            .filter(|&s| self.walls.gate != Some(s) && self.walls.piece_on(s).is_none())
            .collect();
        self.log(Event::ClosingWalls {
            sides: open.len() as u32,
        });
        let mut touched = Vec::new();
        for s in open {
            touched.extend(self.cover_side(s));
        }
        for n in self.newly_complete(&touched) {
            self.score_feature(n, ScoreCause::Closing);
        }
        // R11.3: followers on incomplete streets and markets leave without points.
        let gone = self.table.remove_followers_where(|_, f| {
            f.kind() != FeatureKind::Residential && !f.is_complete()
        });
        for s in gone {
            self.players[s.player as usize].supply += 1;
            let kind = self.table.features().get(s.node).kind();
            self.log(Event::FollowerRemoved {
                player: s.player,
                kind,
            });
        }
        // §12
        let stewards = scoring::steward_scores(
            self.catalogue,
            &self.table,
            self.players.len(),
            self.setup.options.cross_side_adjacency,
        );
        for (players, markets, points) in stewards {
            for p in 0..self.players.len() {
                if players & (1 << p) != 0 {
                    self.players[p].score += points;
                    self.players[p].breakdown.stewards += points;
                }
            }
            self.log(Event::StewardsScored {
                players,
                markets,
                points,
            });
        }
        let guards = scoring::guard_scores(self.catalogue, self.board(), &self.walls);
        for (player, public, historic, points) in guards {
            self.players[player as usize].score += points;
            self.players[player as usize].breakdown.guards += points;
            self.log(Event::GuardScored {
                player,
                public,
                historic,
                points,
            });
        }
    }
}

/// A region's kind in a reason (R3.2).
fn region_thing(kind: &RegionKind) -> Thing {
    match kind {
        RegionKind::Street => Thing::Street,
        RegionKind::Market(_) => Thing::Market,
        RegionKind::Residential { .. } => Thing::Residential,
    }
}

/// A feature's kind in a reason (R4.4, R4.5).
fn feature_thing(kind: FeatureKind) -> Thing {
    match kind {
        FeatureKind::Street => Thing::Street,
        FeatureKind::Market => Thing::Market,
        FeatureKind::Residential => Thing::ResidentialArea,
    }
}

impl TileGame for Game {
    type Choice = Choice;
    type Decision = Decision;
    type Event = Logged;

    fn decision(&self) -> Option<Decision> {
        Some(match self.phase {
            Phase::Place => Decision::PlaceTile {
                tile: self.drawn?.0,
            },
            Phase::Follower => Decision::Follower,
            Phase::Gate => Decision::Gate,
            Phase::Wall => Decision::Wall,
            Phase::Guard => Decision::Guard,
            Phase::Tower => Decision::Tower,
            Phase::Over => return None,
        })
    }

    /// The seat whose decision it is (the builder for the tower step).
    fn to_move(&self) -> Seat {
        match self.phase {
            Phase::Gate | Phase::Wall | Phase::Guard => self.round.seats[self.round.next],
            Phase::Tower => self.round.builder,
            _ => self.current,
        }
    }

    fn player_count(&self) -> usize {
        self.players.len()
    }

    fn legal_choices_into(&self, v: &mut Vec<Choice>) {
        v.clear();
        match self.phase {
            Phase::Place => {
                if let Some((t, _)) = self.drawn {
                    self.placements_into(t, v);
                }
            }
            Phase::Follower => {
                v.push(Choice::Follower(None));
                if let Some(i) = self.table.grid().placed().len().checked_sub(1) {
                    let p = self.table.grid().placed()[i];
                    for r in 0..self.catalogue.get(p.tile).regions.len() {
                        if self.follower_ban(i, r as RegionIdx).is_none() {
                            v.push(Choice::Follower(Some(r as RegionIdx)));
                        }
                    }
                }
            }
            Phase::Gate => v.extend(self.table.grid().outline().into_iter().map(Choice::Gate)),
            Phase::Wall => {
                for e in End::BOTH {
                    if self.walls.next_side(self.table.grid(), e).is_some() {
                        v.push(Choice::Wall(e));
                    }
                }
            }
            Phase::Guard => {
                v.push(Choice::Guard(false));
                if self.guard_problem().is_none() {
                    v.push(Choice::Guard(true));
                }
            }
            Phase::Tower => {
                v.push(Choice::Tower(None));
                if self.players[self.round.builder as usize].towers > 0 {
                    v.extend(
                        self.walls
                            .tower_ends()
                            .into_iter()
                            .map(|e| Choice::Tower(Some(e))),
                    );
                }
            }
            Phase::Over => {}
        }
    }

    /// Whether `choice` is legal now, and if not, why.
    fn check(&self, choice: Choice) -> Result<(), IllegalChoice> {
        let Some(decision) = self.decision() else {
            return Err(illegal("R11.1", Reason::GameOver));
        };
        let wrong = || {
            illegal(
                "R13",
                Reason::WaitsFor {
                    decision: decision.step(),
                    choice: choice.step(),
                },
            )
        };
        match (decision, choice) {
            (Decision::PlaceTile { tile }, Choice::Place { cell, rot }) => {
                self.placement_problem(tile, cell, rot).map_or(Ok(()), Err)
            }
            (Decision::Follower, Choice::Follower(None)) => Ok(()),
            (Decision::Follower, Choice::Follower(Some(r))) => {
                let i = self.table.grid().placed().len() - 1;
                self.follower_problem(i, r).map_or(Ok(()), Err)
            }
            (Decision::Gate, Choice::Gate(side)) => {
                if self.table.grid().is_outline(side) {
                    Ok(())
                } else if self.table.grid().is_tile(side.cell)
                    && self.table.grid().is_hole(side.outer())
                {
                    Err(illegal("R7.1", Reason::GateFacesHole { side }))
                } else {
                    Err(illegal("R7.1", Reason::NotOutline { side }))
                }
            }
            (Decision::Wall, Choice::Wall(e)) => {
                if self.walls.next_side(self.table.grid(), e).is_some() {
                    Ok(())
                } else {
                    Err(illegal("R7.3", Reason::EndBlocked { end: e.name() }))
                }
            }
            (Decision::Guard, Choice::Guard(false)) => Ok(()),
            (Decision::Guard, Choice::Guard(true)) => self.guard_problem().map_or(Ok(()), Err),
            (Decision::Tower, Choice::Tower(None)) => Ok(()),
            (Decision::Tower, Choice::Tower(Some(e))) => {
                if self.players[self.round.builder as usize].towers == 0 {
                    Err(illegal("R1.3", Reason::NoTower))
                } else if !self.walls.tower_ends().contains(&e) {
                    Err(illegal("R9.1", Reason::EndHasTower { end: e.name() }))
                } else {
                    Ok(())
                }
            }
            _ => Err(wrong()),
        }
    }

    /// Apply a legal choice without checking it (the fast path for search).
    /// An illegal choice leaves the game in an unspecified but memory-safe state.
    fn play_unchecked(&mut self, choice: Choice) {
        self.history.push(choice);
        match choice {
            Choice::Place { cell, rot } => self.place_tile(cell, rot),
            Choice::Follower(r) => self.place_follower(r),
            Choice::Gate(side) => self.place_gate(side),
            Choice::Wall(e) => self.place_wall(e),
            Choice::Guard(g) => self.decide_guard(g),
            Choice::Tower(t) => self.place_tower(t),
        }
        self.skip_forced();
    }

    /// A copy of the game whose undrawn tiles are a fresh sample of what a
    /// player cannot have seen: the box minus the tiles placed, set aside or
    /// in hand, shuffled by `rng`. Search plays on such copies so it never
    /// reads the real draw order (determinization).
    fn redeal_unseen(&self, rng: &mut Pcg64) -> Game {
        let mut pool = deal::unseen(
            self.catalogue.all_copies(),
            &self.setup.deck[..self.draw_pos],
        );
        shuffle(&mut pool, rng);
        let left = self.setup.deck.len() - self.draw_pos;
        let mut g = self.clone();
        let setup = Arc::make_mut(&mut g.setup);
        setup.deck.truncate(self.draw_pos);
        setup.deck.extend(pool.into_iter().take(left));
        setup.seed = None;
        g
    }

    fn scores(&self) -> Vec<u32> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// Scores if the game ended now: closing and final scoring.
    fn into_projected_scores(mut self) -> Vec<u32> {
        if self.is_over() {
            return self.scores();
        }
        self.log_events = false;
        self.finish(EndReason::LastTile);
        self.scores()
    }

    fn history(&self) -> &[Choice] {
        &self.history
    }

    /// Tiles placed so far.
    fn turns(&self) -> usize {
        self.table.grid().placed().len()
    }

    fn events(&self) -> &[Logged] {
        &self.events
    }

    /// Turn the event log off (search does not need it).
    fn set_logging(&mut self, on: bool) {
        self.log_events = on;
    }

    fn restart(&self) -> Game {
        let mut g = Game::start(self.catalogue, Arc::clone(&self.setup));
        g.log_events = self.log_events;
        g
    }

    fn is_placement(choice: &Choice) -> bool {
        matches!(choice, Choice::Place { .. })
    }

    fn at_placement(&self) -> bool {
        self.phase == Phase::Place
    }
}
