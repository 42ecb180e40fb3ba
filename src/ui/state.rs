//! The app's state and its reducer.
//!
//! Three kinds of state are kept apart:
//! - game state: the engine's [`Game`], replaced (never mutated) on each move;
//! - UI state ([`UiState`]): the rotation of the drawn tile, the tentative
//!   placement, the keyboard focus, overlays;
//! - drawing state: the camera, owned by the board's parent (`camera.rs`).
//!
//! Everything the components show is derived here from the game once per move
//! ([`GameView`]: the board's [`Scene`], the panel, the log, the prompt) and
//! from the game plus UI state ([`Targets`]: what the board offers to click).
//! The board gets only that: it knows no rules.

use std::rc::Rc;
use yew::Reducible;

use super::camera::Bounds;
use super::geometry::{self, Pt};
use super::log::{self, end_name, LogTurn};
use super::palette::{PlayerColour, Seat};
use super::tile_art;
use super::worker::FromEngine;
use crate::ai::{Level, Progress};
use crate::engine::city::events::{Event, ScoreCause};
use crate::engine::city::scoring::Breakdown;
use crate::engine::city::tiles::{Catalogue, RegionIdx, RegionKind, TileType};
use crate::engine::city::walls::End;
use crate::engine::city::{Choice, Decision, Game, Role, Setup};
use crate::engine::city::{Options, SetupError};
use crate::engine::core::geom::{Cell, Rotation, Side, Vertex};
use crate::engine::TileGame;

/// A value compared by address: props holding one re-render only when it is
/// replaced, however large it is.
#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Shared<T> {
    pub fn new(v: T) -> Self {
        Shared(Rc::new(v))
    }
}

/// What the new-game screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub seats: Vec<Seat>,
    pub stacks: [u32; 3],
    pub options: Options,
    /// `None`: a random seed.
    pub seed: Option<u64>,
    /// How fast computer seats move.
    pub speed: Speed,
}

impl NewGame {
    /// The engine's setup for this game.
    pub fn setup(&self, seed: u64) -> Result<Setup, SetupError> {
        let cat = Catalogue::builtin().map_err(|e| SetupError(e.to_string()))?;
        Setup::from_seed(
            cat,
            self.seats.iter().map(|s| s.name.clone()).collect(),
            seed,
            self.stacks,
            self.options,
        )
    }
}

/// A random seed from the browser's generator (getrandom).
pub fn random_seed() -> u64 {
    // A seed under 2^53 stays exact when written, read or shown anywhere.
    getrandom::u64().unwrap_or(0x5EED) & ((1u64 << 53) - 1)
}

// ------------------------------------------------------------- the scene

/// A placed tile as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneTile {
    pub tile: TileType,
    pub cell: Cell,
    pub rot: Rotation,
}

/// A wall piece as the board draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneWall {
    pub side: Side,
    pub guard: Option<u8>,
    pub placer: u8,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneTower {
    pub vertex: Vertex,
    pub owner: u8,
    pub points: u32,
}

/// A follower standing on a region.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneFollower {
    pub pos: Pt,
    pub player: u8,
    pub role: Role,
}

/// Everything drawn on the board, with no rules in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub tiles: Vec<SceneTile>,
    /// The tile placed last (highlighted).
    pub last: Option<usize>,
    pub walls: Vec<SceneWall>,
    pub gate: Option<Side>,
    pub towers: Vec<SceneTower>,
    pub followers: Vec<SceneFollower>,
    pub colours: Vec<PlayerColour>,
    /// The cells worth showing: the tiles and one ring around them.
    pub bounds: Bounds,
    /// The tile types on the board or in hand (their pictures are needed).
    pub types: Vec<TileType>,
    /// After the game: the outline sides the closing walled in (R11.2).
    pub closing: Vec<Side>,
}

impl Scene {
    pub fn of(game: &Game, colours: &[PlayerColour]) -> Scene {
        let cat = game.catalogue();
        let placed = game.board().placed();
        let tiles: Vec<SceneTile> = placed
            .iter()
            .map(|p| SceneTile {
                tile: p.tile,
                cell: p.cell,
                rot: p.rot,
            })
            .collect();
        let walls = game.walls();
        let followers = game
            .followers()
            .iter()
            .map(|f| {
                let p = placed[f.tile];
                let anchor = tile_art::anchor(cat, p.tile, f.region);
                SceneFollower {
                    pos: geometry::on_board(p.cell, p.rot, anchor),
                    player: f.player,
                    role: f.role,
                }
            })
            .collect();
        let bounds = if placed.is_empty() {
            Bounds {
                min: Cell::new(-1, -1),
                max: Cell::new(1, 1),
            }
        } else {
            let (lo, hi) = game.board().bounds();
            Bounds {
                min: Cell::new(lo.x - 1, lo.y - 1),
                max: Cell::new(hi.x + 1, hi.y + 1),
            }
        };
        let mut types: Vec<TileType> = tiles
            .iter()
            .map(|t| t.tile)
            .chain(game.drawn().map(|d| d.0))
            .collect();
        types.sort_unstable();
        types.dedup();
        let closing = if game.is_over() {
            game.board()
                .outline()
                .into_iter()
                .filter(|&s| walls.gate != Some(s) && walls.piece_on(s).is_none())
                .collect()
        } else {
            Vec::new()
        };
        Scene {
            closing,
            types,
            last: tiles.len().checked_sub(1),
            tiles,
            walls: walls
                .pieces
                .iter()
                .map(|p| SceneWall {
                    side: p.side,
                    guard: p.guard,
                    placer: p.placer,
                })
                .collect(),
            gate: walls.gate,
            towers: walls
                .towers
                .iter()
                .map(|t| SceneTower {
                    vertex: t.vertex,
                    owner: t.owner,
                    points: t.points,
                })
                .collect(),
            followers,
            colours: colours.to_vec(),
            bounds,
        }
    }
}

// ----------------------------------------------------------- the targets

/// A cell the drawn tile may go to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellTarget {
    pub cell: Cell,
    /// Legal with the current rotation (otherwise only with another one).
    pub now: bool,
}

/// The drawn tile shown where it would go, not yet confirmed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ghost {
    pub tile: TileType,
    pub cell: Cell,
    pub rot: Rotation,
    /// Where a hint suggests the follower on it, in board coordinates.
    pub follower: Option<Pt>,
}

/// A shape of one region of a placed tile, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionShape {
    /// The SVG transform of the tile.
    pub transform: String,
    /// The path in the tile's own box.
    pub d: String,
    /// A street's centre line (stroked), not an area (filled).
    pub street: bool,
}

impl RegionShape {
    pub fn of(cat: &Catalogue, tile: TileType, cell: Cell, rot: Rotation, r: RegionIdx) -> Self {
        let (d, street) = tile_art::region_outline(cat, tile, r);
        RegionShape {
            transform: geometry::tile_transform(cell, rot),
            d,
            street,
        }
    }
}

/// A region of the new tile a follower may go on.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionTarget {
    pub pos: Pt,
    pub choice: Choice,
    pub region: RegionIdx,
    /// "citizen on the street", ...
    pub label: String,
    /// The whole feature it would join.
    pub feature: Vec<RegionShape>,
}

/// A side to click: an outline side for the gate, a wall end's next side.
#[derive(Clone, Debug, PartialEq)]
pub struct SideTarget {
    pub side: Side,
    pub choice: Choice,
    /// `gate`, `cw` or `ccw` (the test hook).
    pub key: String,
    pub label: Option<String>,
}

/// A wall end where a tower may go.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexTarget {
    pub vertex: Vertex,
    pub choice: Choice,
    pub key: String,
    pub label: String,
}

/// What the board offers to click now, handed to it ready-made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Targets {
    pub cells: Vec<CellTarget>,
    /// The drawn tile in its current rotation (previewed on a hovered cell).
    pub hand: Option<(TileType, Rotation)>,
    pub ghost: Option<Ghost>,
    pub regions: Vec<RegionTarget>,
    pub sides: Vec<SideTarget>,
    pub vertices: Vec<VertexTarget>,
    /// The wall piece a guard decision is about.
    pub mark: Option<Side>,
    /// The keyboard focus: an index into `regions`, `sides` or `vertices`
    /// (whichever is not empty).
    pub focus: Option<usize>,
    /// The colour of the player who decides.
    pub colour: Option<PlayerColour>,
}

impl Targets {
    /// How many targets the focus can cycle through (cells excluded).
    pub fn focusable(&self) -> usize {
        self.regions.len() + self.sides.len() + self.vertices.len()
    }

    /// The choice of the n-th focusable target.
    pub fn choice_at(&self, n: usize) -> Option<Choice> {
        let a = self.regions.len();
        let b = a + self.sides.len();
        if n < a {
            Some(self.regions[n].choice)
        } else if n < b {
            Some(self.sides[n - a].choice)
        } else {
            self.vertices.get(n - b).map(|v| v.choice)
        }
    }
}

// -------------------------------------------------------------- the prompt

/// A button of the prompt.
#[derive(Clone, Debug, PartialEq)]
pub struct PromptButton {
    pub testid: String,
    pub label: String,
    pub choice: Choice,
    pub primary: bool,
}

/// Whose decision it is, what and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    /// place, follower, gate, wall, guard, tower or over (the test hook).
    pub decision: &'static str,
    pub player: Option<u8>,
    pub title: String,
    pub detail: String,
    /// The reason a wall round is being played.
    pub why: Option<String>,
    pub buttons: Vec<PromptButton>,
}

// --------------------------------------------------------------- the panel

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub name: String,
    /// The level of a computer seat.
    pub computer: Option<Level>,
    pub colour: PlayerColour,
    pub score: u32,
    pub projected: u32,
    pub breakdown: Breakdown,
    pub supply: u8,
    pub towers: u8,
    pub to_move: bool,
    pub winner: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PanelData {
    pub players: Vec<PlayerRow>,
    pub walls_left: u32,
    pub gap: Option<usize>,
    pub tiles_left: [u32; 3],
    pub stack: Option<u8>,
    /// Tiles placed so far.
    pub placed: usize,
    pub set_aside: usize,
    pub over: bool,
    pub ended_by: Option<&'static str>,
    /// The seed the tiles were dealt from, and the stack sizes.
    pub seed: Option<u64>,
    pub stacks: [u32; 3],
}

/// Everything derived from the game alone, once per move.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    pub scene: Shared<Scene>,
    pub panel: Shared<PanelData>,
    pub log: Rc<Vec<Rc<LogTurn>>>,
    pub names: Rc<Vec<String>>,
    pub colours: Rc<Vec<PlayerColour>>,
    /// Legal (cell, rotation) pairs of the drawn tile.
    pub placements: Rc<Vec<(Cell, Rotation)>>,
    pub prompt_base: Prompt,
    /// Region, side and vertex targets (no cells: those depend on the rotation).
    pub base_targets: Targets,
}

impl GameView {
    pub fn of(game: &Game, seats: &[Seat]) -> GameView {
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let colours: Vec<PlayerColour> = seats.iter().map(|s| s.colour).collect();
        // The legal choices, listed once (for a tile, every placement).
        let legal = game.legal_choices();
        let placements = legal
            .iter()
            .filter_map(|c| match *c {
                Choice::Place { cell, rot } => Some((cell, rot)),
                _ => None,
            })
            .collect();
        let base_targets = choice_targets(game, &legal, &colours);
        GameView {
            scene: Shared::new(Scene::of(game, &colours)),
            panel: Shared::new(panel(game, seats, &names, &colours)),
            log: Rc::new(
                log::turns(game.events(), &names)
                    .into_iter()
                    .map(Rc::new)
                    .collect(),
            ),
            prompt_base: prompt(game, &legal, &names),
            names: Rc::new(names),
            colours: Rc::new(colours),
            placements: Rc::new(placements),
            base_targets,
        }
    }
}

fn panel(game: &Game, seats: &[Seat], names: &[String], colours: &[PlayerColour]) -> PanelData {
    let projected = game.projected_scores();
    let over = game.is_over();
    let winners = if over { game.winners() } else { 0 };
    let to_move = (!over).then(|| game.to_move());
    PanelData {
        players: game
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerRow {
                name: names.get(i).cloned().unwrap_or_default(),
                computer: seats.get(i).and_then(|s| s.computer),
                colour: colours.get(i).copied().unwrap_or(PlayerColour::Black),
                score: p.score,
                projected: projected.get(i).copied().unwrap_or(p.score),
                breakdown: p.breakdown,
                supply: p.supply,
                towers: p.towers,
                to_move: to_move == Some(i as u8),
                winner: winners & (1 << i) != 0,
            })
            .collect(),
        walls_left: game.walls().supply,
        gap: game.gap(),
        tiles_left: game.tiles_left(),
        stack: game.drawn().map(|d| d.1),
        placed: game.turns(),
        set_aside: game.set_aside().len(),
        over,
        ended_by: game.ended_by().map(|e| e.name()),
        seed: game.setup().seed,
        stacks: game.setup().stacks,
    }
}

/// The points the builder would score by a tower choice (tried on a copy).
pub fn tower_points(game: &Game, end: End) -> u32 {
    let builder = game.to_move() as usize;
    let before = game.players()[builder].score;
    let mut g = game.clone();
    g.set_logging(false);
    if g.play(Choice::Tower(Some(end))).is_err() {
        return 0;
    }
    g.players()[builder].score.saturating_sub(before)
}

fn region_label(kind: &RegionKind) -> String {
    match kind {
        RegionKind::Street => "a citizen on the street".into(),
        RegionKind::Market(g) => format!("a seller on the {} market", g.name()),
        RegionKind::Residential { .. } => "a steward on the residential area".into(),
    }
}

/// The targets for decisions other than the tile placement.
fn choice_targets(game: &Game, legal: &[Choice], colours: &[PlayerColour]) -> Targets {
    let cat = game.catalogue();
    let mut t = Targets {
        colour: (!game.is_over())
            .then(|| colours.get(game.to_move() as usize).copied())
            .flatten(),
        ..Targets::default()
    };
    let Some(decision) = game.decision() else {
        return t;
    };
    match decision {
        Decision::PlaceTile { .. } => {}
        Decision::Follower => {
            let placed = game.board().placed();
            let Some(idx) = placed.len().checked_sub(1) else {
                return t;
            };
            let p = placed[idx];
            let def = cat.get(p.tile);
            for &c in legal {
                if let Choice::Follower(Some(r)) = c {
                    let feature = game
                        .feature_regions(idx, r)
                        .into_iter()
                        .map(|(i, rr)| {
                            let q = placed[i];
                            RegionShape::of(cat, q.tile, q.cell, q.rot, rr)
                        })
                        .collect();
                    t.regions.push(RegionTarget {
                        pos: geometry::on_board(p.cell, p.rot, tile_art::anchor(cat, p.tile, r)),
                        choice: c,
                        region: r,
                        label: region_label(&def.regions[r as usize].kind),
                        feature,
                    });
                }
            }
        }
        Decision::Gate => {
            for &c in legal {
                if let Choice::Gate(side) = c {
                    t.sides.push(SideTarget {
                        side,
                        choice: c,
                        key: "gate".into(),
                        label: None,
                    });
                }
            }
        }
        Decision::Wall => {
            for &c in legal {
                if let Choice::Wall(e) = c {
                    if let Some(side) = game.next_wall_side(e) {
                        t.sides.push(SideTarget {
                            side,
                            choice: c,
                            key: e.name().into(),
                            label: Some(
                                match e {
                                    End::Cw => "↻",
                                    End::Ccw => "↺",
                                }
                                .into(),
                            ),
                        });
                    }
                }
            }
        }
        Decision::Guard => {
            t.mark = game.walls().pieces.last().map(|p| p.side);
        }
        Decision::Tower => {
            for &c in legal {
                if let Choice::Tower(Some(e)) = c {
                    if let Some(v) = game.walls().end_vertex(e) {
                        t.vertices.push(VertexTarget {
                            vertex: v,
                            choice: c,
                            key: e.name().into(),
                            label: format!("+{}", tower_points(game, e)),
                        });
                    }
                }
            }
        }
    }
    t
}

/// The sentence saying why the current wall round is played.
fn round_reason(game: &Game, names: &[String]) -> Option<String> {
    let (builder, left) = game.wall_round()?;
    let events = game.events();
    let start = events
        .iter()
        .rposition(|l| matches!(l.event, Event::WallRoundStarted { .. }))?;
    let Event::WallRoundStarted { pieces, .. } = events[start].event else {
        return None;
    };
    let turn = events[start].turn;
    let done: Vec<String> = events[..start]
        .iter()
        .rev()
        .take_while(|l| l.turn == turn)
        .filter_map(|l| match l.event {
            Event::FeatureScored {
                kind,
                tiles,
                goods,
                cause: ScoreCause::Tile,
                ..
            } => Some(log::feature_phrase(kind, tiles, goods)),
            _ => None,
        })
        .collect();
    let who = names.get(builder as usize).map_or("?", String::as_str);
    let what = if done.is_empty() {
        "a street or market".to_string()
    } else {
        let mut d = done;
        d.reverse();
        match d.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
            [] => String::new(),
        }
    };
    let placed = pieces as usize - left.min(pieces as usize);
    let step = if matches!(game.decision(), Some(Decision::Tower)) {
        "the round's pieces are built".to_string()
    } else {
        format!("piece {} of {pieces}", placed + 1)
    };
    Some(format!(
        "Wall round on turn {turn}: {who}'s tile completed {what} · {step}."
    ))
}

fn prompt(game: &Game, legal: &[Choice], names: &[String]) -> Prompt {
    let nm = |p: u8| names.get(p as usize).cloned().unwrap_or_default();
    let Some(decision) = game.decision() else {
        let w = game.winners();
        let n = w.count_ones();
        let title = if n > 1 {
            format!(
                "The game is over: {} share the win",
                log::names_of(w, names)
            )
        } else {
            format!("The game is over: {} wins", log::names_of(w, names))
        };
        return Prompt {
            decision: "over",
            player: None,
            title,
            detail: game
                .ended_by()
                .map(|r| format!("It ended because {}.", log::end_reason(r)))
                .unwrap_or_default(),
            why: None,
            buttons: Vec::new(),
        };
    };
    let p = game.to_move();
    let who = nm(p);
    let why = round_reason(game, names);
    let (key, title, detail, buttons) = match decision {
        Decision::PlaceTile { .. } => {
            let stack = game.drawn().map_or(1, |d| d.1);
            let detail = if game.turns() == 0 {
                "The first tile starts the city: turn it as you like and place it.".to_string()
            } else if stack == 1 {
                "Click a glowing space to try the tile there; turn it with R or a right click; press Enter or “Place tile” to confirm.".to_string()
            } else {
                "Walls phase: completing a street or market now starts a wall round.".to_string()
            };
            ("place", format!("{who}: place your tile"), detail, vec![])
        }
        Decision::Follower => {
            let supply = game.players()[p as usize].supply;
            (
                "follower",
                format!("{who}: put a follower on the new tile?"),
                format!(
                    "Click a ring on the tile (hover it to see the whole feature), or play none. {supply} in supply."
                ),
                vec![PromptButton {
                    testid: "no-follower".into(),
                    label: "No follower".into(),
                    choice: Choice::Follower(None),
                    primary: false,
                }],
            )
        }
        Decision::Gate => (
            "gate",
            format!("{who}: place the city gate"),
            "The first wall round starts with the gate: click any glowing side of the city's outline.".to_string(),
            vec![],
        ),
        Decision::Wall => {
            let buttons = legal
                .iter()
                .filter_map(|&c| match c {
                    Choice::Wall(e) => Some(PromptButton {
                        testid: format!("wall-{}", e.name()),
                        label: format!(
                            "{} Build at the {} end",
                            match e {
                                End::Cw => "↻",
                                End::Ccw => "↺",
                            },
                            end_name(e)
                        ),
                        choice: c,
                        primary: false,
                    }),
                    _ => None,
                })
                .collect();
            let gap = game.gap().unwrap_or(0);
            (
                "wall",
                format!("{who}: build a wall piece"),
                format!(
                    "Extend the wall at one of its two glowing ends. {} wall pieces left in the supply; the gap is {gap}.",
                    game.walls().supply
                ),
                buttons,
            )
        }
        Decision::Guard => {
            let mut buttons = vec![];
            if legal.contains(&Choice::Guard(true)) {
                buttons.push(PromptButton {
                    testid: "guard-yes".into(),
                    label: "Post a guard".into(),
                    choice: Choice::Guard(true),
                    primary: true,
                });
            }
            buttons.push(PromptButton {
                testid: "guard-no".into(),
                label: "No guard".into(),
                choice: Choice::Guard(false),
                primary: false,
            });
            (
                "guard",
                format!("{who}: post a guard on the new wall piece?"),
                "At the end a guard scores 2 points per public building and 3 per historic building in its row of tiles.".to_string(),
                buttons,
            )
        }
        Decision::Tower => {
            let mut buttons: Vec<PromptButton> = legal
                .iter()
                .filter_map(|&c| match c {
                    Choice::Tower(Some(e)) => Some(PromptButton {
                        testid: format!("tower-{}", e.name()),
                        label: format!(
                            "Tower at the {} end (+{})",
                            end_name(e),
                            tower_points(game, e)
                        ),
                        choice: c,
                        primary: false,
                    }),
                    _ => None,
                })
                .collect();
            buttons.push(PromptButton {
                testid: "tower-none".into(),
                label: "No tower".into(),
                choice: Choice::Tower(None),
                primary: false,
            });
            let towers = game.players()[p as usize].towers;
            (
                "tower",
                format!("{who}: build a tower?"),
                format!(
                    "A tower on a wall end scores 1 point per piece back to the previous tower or the gate. {towers} towers left."
                ),
                buttons,
            )
        }
    };
    Prompt {
        decision: key,
        player: Some(p),
        title,
        detail,
        why,
        buttons,
    }
}

// -------------------------------------------------------------- the state

/// UI state of a game in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UiState {
    pub rot: Option<Rotation>,
    pub tentative: Option<Cell>,
    pub focus: Option<usize>,
    /// A message for the player (a rejected move).
    pub message: Option<String>,
    /// The game-over overlay was closed to look at the board.
    pub over_closed: bool,
    /// A hint's placement and the region of its suggested follower.
    pub hint_follower: Option<(Cell, Rotation, RegionIdx)>,
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Play {
    pub game: Rc<Game>,
    pub seats: Rc<Vec<Seat>>,
    pub ui: UiState,
    pub view: GameView,
    pub targets: Shared<Targets>,
    /// Counts the changes of the game (for effects that follow moves).
    pub version: u64,
    /// Tells this game's requests to the engine worker from another game's.
    pub game_no: u64,
    /// How far the engine worker has got with the current request.
    pub thinking: Option<Progress>,
    /// A human asked for a hint at this position.
    pub hint_asked: bool,
    /// The computer seats wait (watching an all-computer game).
    pub paused: bool,
    /// A past position shown by the replay: nothing moves, nobody thinks.
    pub view_only: bool,
    /// The last decision was a person's (not the computer's, not an undo):
    /// in a game from a link, its new link is worth sending.
    pub last_move_human: bool,
}

/// A request for the engine worker that the current position calls for: the
/// computer's decision, or a hint for a human.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineAsk {
    /// Unique per game, position and purpose; answers to anything else are
    /// stale and ignored.
    pub request: u64,
    pub level: Level,
    /// Same position, same seed: the answer is reproducible.
    pub seed: u64,
    pub hint: bool,
}

/// The level that answers hints.
pub const HINT_LEVEL: Level = Level::Normal;

/// How fast computer seats move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Speed {
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Speed {
    pub const ALL: [Speed; 3] = [Speed::Fast, Speed::Normal, Speed::Slow];

    /// The pause before a computer decision, so a player can follow it.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Fast => 50,
            Speed::Normal => 600,
            Speed::Slow => 1500,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Speed::Fast => "fast",
            Speed::Normal => "normal",
            Speed::Slow => "slow",
        }
    }

    pub fn from_name(s: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// A new number for each game put in play.
fn next_game_no() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

impl PartialEq for Play {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.ui == other.ui
            && self.targets == other.targets
            && self.version == other.version
            && self.game_no == other.game_no
            && self.thinking == other.thinking
            && self.hint_asked == other.hint_asked
            && self.paused == other.paused
            && self.view_only == other.view_only
            && self.last_move_human == other.last_move_human
    }
}

impl Play {
    pub fn new(game: Game, seats: Vec<Seat>) -> Play {
        let view = GameView::of(&game, &seats);
        let mut p = Play {
            game: Rc::new(game),
            seats: Rc::new(seats),
            ui: UiState::default(),
            view,
            targets: Shared::new(Targets::default()),
            version: 0,
            game_no: next_game_no(),
            thinking: None,
            hint_asked: false,
            paused: false,
            view_only: false,
            last_move_human: false,
        };
        p.ui.rot = p.first_rotation(Rotation::ALL[0]);
        p.refresh_targets();
        p
    }

    /// The drawn tile, when a tile is to be placed.
    pub fn drawn_tile(&self) -> Option<TileType> {
        match self.game.decision() {
            Some(Decision::PlaceTile { tile }) => Some(tile),
            _ => None,
        }
    }

    fn legal(&self, cell: Cell, rot: Rotation) -> bool {
        self.view.placements.contains(&(cell, rot))
    }

    fn rotation_has_cells(&self, rot: Rotation) -> bool {
        self.view.placements.iter().any(|&(_, r)| r == rot)
    }

    /// `from` or the next rotation clockwise that has a legal cell.
    fn first_rotation(&self, from: Rotation) -> Option<Rotation> {
        let mut r = from;
        for _ in 0..4 {
            if self.rotation_has_cells(r) {
                return Some(r);
            }
            r = r.next();
        }
        None
    }

    /// Legal cells for the current rotation, in reading order.
    pub fn cells_now(&self) -> Vec<Cell> {
        let Some(rot) = self.ui.rot else {
            return Vec::new();
        };
        let mut v: Vec<Cell> = self
            .view
            .placements
            .iter()
            .filter(|&&(_, r)| r == rot)
            .map(|&(c, _)| c)
            .collect();
        v.sort_by_key(|c| (c.y, c.x));
        v.dedup();
        v
    }

    fn refresh_targets(&mut self) {
        if self.computer_to_move().is_some() {
            // The computer decides: nothing on the board to click.
            self.targets = Shared::new(Targets::default());
            return;
        }
        let mut t = self.view.base_targets.clone();
        if let (Some(tile), Some(rot)) = (self.drawn_tile(), self.ui.rot) {
            let mut cells: Vec<CellTarget> = Vec::new();
            for &(c, r) in self.view.placements.iter() {
                match cells.iter_mut().find(|x| x.cell == c) {
                    Some(x) => x.now |= r == rot,
                    None => cells.push(CellTarget {
                        cell: c,
                        now: r == rot,
                    }),
                }
            }
            cells.sort_by_key(|c| (!c.now, c.cell.y, c.cell.x));
            t.cells = cells;
            t.hand = Some((tile, rot));
            t.ghost = self
                .ui
                .tentative
                .filter(|&c| self.legal(c, rot))
                .map(|cell| {
                    let follower = self
                        .ui
                        .hint_follower
                        .filter(|&(c, r, _)| (c, r) == (cell, rot))
                        .map(|(_, _, region)| {
                            let cat = self.game.catalogue();
                            geometry::on_board(cell, rot, tile_art::anchor(cat, tile, region))
                        });
                    Ghost {
                        tile,
                        cell,
                        rot,
                        follower,
                    }
                });
        }
        t.focus = self.ui.focus.filter(|&f| f < t.focusable());
        self.targets = Shared::new(t);
    }

    /// Replace the game after a move or an undo.
    fn set_game(&mut self, game: Game) {
        let prev_rot = self.ui.rot;
        self.view = GameView::of(&game, &self.seats);
        self.game = Rc::new(game);
        self.version += 1;
        self.ui = UiState::default();
        self.thinking = None;
        self.hint_asked = false;
        self.last_move_human = false;
        self.ui.rot = self.first_rotation(prev_rot.unwrap_or(Rotation::ALL[0]));
        self.refresh_targets();
    }

    fn play(&mut self, choice: Choice) {
        let mut g = (*self.game).clone();
        match g.play(choice) {
            Ok(()) => {
                self.set_game(g);
                self.last_move_human = true;
            }
            Err(e) => {
                self.ui.message = Some(format!("That move is not allowed: {e}."));
                self.refresh_targets();
            }
        }
    }

    fn rotate(&mut self, back: bool) {
        let Some(rot) = self.ui.rot else { return };
        let step = |r: Rotation| {
            if back {
                r.next().next().next()
            } else {
                r.next()
            }
        };
        let mut r = step(rot);
        for _ in 0..3 {
            let ok = match self.ui.tentative {
                Some(c) => self.legal(c, r),
                None => self.rotation_has_cells(r),
            };
            if ok {
                self.ui.rot = Some(r);
                break;
            }
            r = step(r);
        }
        self.ui.message = None;
        self.refresh_targets();
    }

    fn pick_cell(&mut self, cell: Cell) {
        let Some(rot) = self.ui.rot else { return };
        if self.ui.tentative == Some(cell) {
            // Clicking the tried tile again turns it.
            self.rotate(false);
            return;
        }
        if self.legal(cell, rot) {
            self.ui.tentative = Some(cell);
        } else {
            let mut r = rot.next();
            for _ in 0..3 {
                if self.legal(cell, r) {
                    self.ui.rot = Some(r);
                    self.ui.tentative = Some(cell);
                    break;
                }
                r = r.next();
            }
        }
        self.ui.message = None;
        self.refresh_targets();
    }

    fn confirm(&mut self) {
        if let (Some(_), Some(cell), Some(rot)) =
            (self.drawn_tile(), self.ui.tentative, self.ui.rot)
        {
            if self.legal(cell, rot) {
                self.play(Choice::Place { cell, rot });
            }
            return;
        }
        if let Some(c) = self.ui.focus.and_then(|f| self.targets.choice_at(f)) {
            self.play(c);
        }
    }

    fn focus_next(&mut self, back: bool) {
        if self.drawn_tile().is_some() {
            let cells = self.cells_now();
            if cells.is_empty() {
                return;
            }
            let n = cells.len();
            let i = match self
                .ui
                .tentative
                .and_then(|c| cells.iter().position(|&x| x == c))
            {
                Some(i) if back => (i + n - 1) % n,
                Some(i) => (i + 1) % n,
                None if back => n - 1,
                None => 0,
            };
            self.ui.tentative = Some(cells[i]);
        } else {
            let n = self.targets.focusable();
            if n == 0 {
                return;
            }
            self.ui.focus = Some(match self.ui.focus {
                Some(i) if back => (i + n - 1) % n,
                Some(i) => (i + 1) % n,
                None if back => n - 1,
                None => 0,
            });
        }
        self.refresh_targets();
    }

    fn cancel(&mut self) {
        self.hint_asked = false;
        self.thinking = None;
        self.ui.tentative = None;
        self.ui.focus = None;
        self.ui.message = None;
        self.refresh_targets();
    }

    fn undo(&mut self) {
        match self.game.undo() {
            Some(mut g) => {
                if self.seats.iter().any(|s| s.computer.is_none()) {
                    // Take back the computer's replies too, up to the last
                    // decision of a human (or the start).
                    while !g.history().is_empty() && self.is_computer(g.to_move()) {
                        match g.undo() {
                            Some(h) => g = h,
                            None => break,
                        }
                    }
                } else {
                    // Watching computers: stop them, or they play again.
                    self.paused = true;
                }
                self.set_game(g)
            }
            None => {
                self.ui.message = Some("Nothing to undo yet.".into());
                self.refresh_targets();
            }
        }
    }

    fn say_no(&mut self) {
        let no = [
            Choice::Follower(None),
            Choice::Guard(false),
            Choice::Tower(None),
        ];
        if let Some(c) = self
            .view
            .prompt_base
            .buttons
            .iter()
            .map(|b| b.choice)
            .find(|c| no.contains(c))
        {
            self.play(c);
        }
    }

    /// The prompt with the UI's message.
    pub fn prompt(&self) -> &Prompt {
        &self.view.prompt_base
    }

    pub fn is_computer(&self, seat: u8) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.computer.is_some())
    }

    /// The level of the computer seat to move, if a computer is to move.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.game.is_over() {
            return None;
        }
        self.seats
            .get(self.game.to_move() as usize)
            .and_then(|s| s.computer)
    }

    /// Whether every seat is a computer's (a game to watch).
    pub fn all_computers(&self) -> bool {
        self.seats.iter().all(|s| s.computer.is_some())
    }

    fn ask_id(&self, hint: bool) -> u64 {
        (self.game_no << 32) | (self.version << 1) | hint as u64
    }

    /// What to ask the engine worker now, if anything.
    pub fn engine_ask(&self) -> Option<EngineAsk> {
        if self.game.is_over() || self.view_only {
            return None;
        }
        let seed = self.game.setup().seed.unwrap_or(0x0C17).wrapping_add(
            (self.game.history().len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        match self.computer_to_move() {
            Some(level) if !self.paused => Some(EngineAsk {
                request: self.ask_id(false),
                level,
                seed,
                hint: false,
            }),
            Some(_) => None,
            None => self.hint_asked.then(|| EngineAsk {
                request: self.ask_id(true),
                level: HINT_LEVEL,
                seed,
                hint: true,
            }),
        }
    }

    fn ask_hint(&mut self) {
        if self.computer_to_move().is_none() && !self.game.is_over() {
            self.hint_asked = true;
            self.ui.message = None;
        }
    }

    /// An answer from the engine worker.
    fn engine(&mut self, answer: FromEngine) {
        let Some(ask) = self.engine_ask() else { return };
        match answer {
            FromEngine::Progress {
                request,
                done,
                total,
            } if request == ask.request => self.thinking = Some(Progress { done, total }),
            FromEngine::Decided {
                request,
                choice,
                then,
            } if request == ask.request => {
                if ask.hint {
                    self.show_hint(choice, then);
                } else {
                    let mut g = (*self.game).clone();
                    match g.play(choice) {
                        Ok(()) => self.set_game(g),
                        Err(e) => {
                            self.paused = true;
                            self.thinking = None;
                            self.ui.message = Some(format!("The computer chose a move that is not allowed ({e}); it is paused."));
                        }
                    }
                }
            }
            FromEngine::Failed { request, reason } if request == ask.request => {
                self.thinking = None;
                if ask.hint {
                    self.hint_asked = false;
                } else {
                    self.paused = true;
                }
                self.ui.message = Some(format!("The computer could not decide: {reason}."));
            }
            _ => {}
        }
    }

    /// Shows a suggested move: the tile tried where it should go, or the
    /// target focused, with a sentence saying what to do.
    fn show_hint(&mut self, choice: Choice, then: Option<Choice>) {
        self.hint_asked = false;
        self.thinking = None;
        let cat = self.game.catalogue();
        let first = match choice {
            Choice::Place { cell, rot } => {
                self.ui.rot = Some(rot);
                self.ui.tentative = Some(cell);
                self.ui.focus = None;
                self.ui.hint_follower = match then {
                    Some(Choice::Follower(Some(region))) => Some((cell, rot, region)),
                    _ => None,
                };
                "place the tile where it is shown".to_string()
            }
            c => {
                self.refresh_targets();
                let n =
                    (0..self.targets.focusable()).find(|&n| self.targets.choice_at(n) == Some(c));
                self.ui.focus = n;
                hint_words(&self.game, cat, c, None)
            }
        };
        let then = match (choice, then) {
            (Choice::Place { .. }, Some(t)) => match self.drawn_tile() {
                Some(tile) => format!(", then {}", hint_words(&self.game, cat, t, Some(tile))),
                None => String::new(),
            },
            _ => String::new(),
        };
        let enter = if matches!(choice, Choice::Place { .. }) || self.ui.focus.is_some() {
            " (Enter confirms)"
        } else {
            ""
        };
        self.ui.message = Some(format!("Hint: {first}{then}{enter}."));
        self.refresh_targets();
    }
}

/// A choice in words, for hints. `tile`: the tile a follower would go on
/// when it is not placed yet.
fn hint_words(game: &Game, cat: &Catalogue, c: Choice, tile: Option<TileType>) -> String {
    match c {
        Choice::Place { .. } => "place the tile where it is shown".into(),
        Choice::Follower(None) => "keep your followers".into(),
        Choice::Follower(Some(r)) => {
            let tile = tile.or_else(|| game.board().placed().last().map(|p| p.tile));
            let label = tile
                .and_then(|t| cat.get(t).regions.get(r as usize))
                .map(|reg| region_label(&reg.kind));
            match label {
                Some(l) => format!("put {l}"),
                None => "put a follower on the highlighted ring".into(),
            }
        }
        Choice::Gate(_) => "put the gate on the highlighted side".into(),
        Choice::Wall(e) => format!("build at the {} end", end_name(e)),
        Choice::Guard(true) => "post a guard".into(),
        Choice::Guard(false) => "post no guard".into(),
        Choice::Tower(Some(e)) => format!("build a tower at the {} end", end_name(e)),
        Choice::Tower(None) => "build no tower".into(),
    }
}

/// The whole app.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AppState {
    pub play: Option<Play>,
    /// The last new-game settings (the form starts from them).
    pub last_new_game: Option<NewGame>,
    /// Why the last new game could not start.
    pub setup_error: Option<String>,
    pub help: bool,
    /// How fast computer seats move.
    pub speed: Speed,
    /// How the game in play is saved (session.rs).
    pub saving: super::session::Saving,
    /// The replay viewer, when open (replay_bar.rs).
    pub replay: Option<super::replay_bar::Replay>,
    /// Messages shown until dismissed (notice.rs).
    pub notices: Vec<String>,
}

/// Everything that can happen to the app.
#[derive(Clone, Debug)]
pub enum Action {
    /// Start a game from the new-game screen.
    Start(NewGame),
    /// Start from a ready game (tests, the measurement hook).
    StartGame(Box<Game>, Vec<Seat>),
    /// Back to the new-game screen.
    NewGameScreen,
    Rotate,
    RotateBack,
    PickCell(Cell),
    Choose(Choice),
    Confirm,
    Cancel,
    Focus {
        back: bool,
    },
    Undo,
    /// Say no: no follower, no guard or no tower.
    No,
    CloseGameOver,
    ShowGameOver,
    Help(bool),
    /// An answer from the engine worker.
    Engine(FromEngine),
    /// Ask the engine for a hint for the human to move.
    Hint,
    /// Stop or restart the computer seats.
    Pause(bool),
    SetSpeed(Speed),
    // Saves, links and the replay (session.rs).
    /// Open a game as the local game in play (a save, a link, a record).
    Open(Box<super::session::Opened>),
    /// The autosave gave the game in play its save id.
    SaveId(String),
    Notice(String),
    DismissNotice(usize),
    ReplayOpen,
    /// Show the position after this many decisions.
    ReplayTo(usize),
    ReplayStep(i64),
    ReplayClose,
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        // Saves, links and the replay (session.rs).
        if matches!(
            action,
            Action::Start(_) | Action::StartGame(..) | Action::NewGameScreen
        ) {
            s.saving = Default::default();
            s.replay = None;
        }
        if super::session::handles(&action) {
            super::session::apply(&mut s, action);
            return Rc::new(s);
        }
        if s.replay.is_some() && !super::session::allowed_in_replay(&action) {
            return self;
        }
        match action {
            Action::Start(ng) => {
                let seed = ng.seed.unwrap_or_else(random_seed);
                let made = ng.setup(seed).and_then(|setup| {
                    let cat = Catalogue::builtin().map_err(|e| SetupError(e.to_string()))?;
                    Game::new(cat, setup)
                });
                match made {
                    Ok(g) => {
                        s.play = Some(Play::new(g, ng.seats.clone()));
                        s.setup_error = None;
                    }
                    Err(e) => s.setup_error = Some(e.to_string()),
                }
                s.speed = ng.speed;
                s.last_new_game = Some(ng);
            }
            Action::StartGame(g, seats) => {
                s.play = Some(Play::new(*g, seats));
                s.setup_error = None;
            }
            Action::NewGameScreen => s.play = None,
            Action::Help(on) => s.help = on,
            Action::SetSpeed(speed) => s.speed = speed,
            Action::Cancel if s.help => s.help = false,
            // How to play covers the board: the game waits (but an answer
            // of the engine worker is not lost: it is not asked again).
            a if s.help && !matches!(a, Action::Engine(_) | Action::Pause(_)) => return self,
            a => {
                let Some(p) = s.play.as_mut() else {
                    return self;
                };
                // On a computer's turn the board and the prompt are only
                // to watch: the engine's answer moves.
                let humans_move = p.computer_to_move().is_none();
                match a {
                    Action::Engine(answer) => p.engine(answer),
                    Action::Hint => p.ask_hint(),
                    Action::Pause(on) => p.paused = on,
                    Action::Undo => p.undo(),
                    Action::CloseGameOver => p.ui.over_closed = true,
                    Action::ShowGameOver => p.ui.over_closed = false,
                    _ if !humans_move => return self,
                    Action::Rotate => p.rotate(false),
                    Action::RotateBack => p.rotate(true),
                    Action::PickCell(c) => p.pick_cell(c),
                    Action::Choose(c) => p.play(c),
                    Action::Confirm => p.confirm(),
                    Action::Cancel => p.cancel(),
                    Action::Focus { back } => p.focus_next(back),
                    Action::No => p.say_no(),
                    _ => {}
                }
            }
        }
        Rc::new(s)
    }
}
