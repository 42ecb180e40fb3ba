//! The City's adapter: The City's game told in the view model's terms. The
//! scene (tiles, followers, the wall, the gate, towers), the targets of each
//! decision, the prompt with its buttons, the panel, the log's sentences and
//! the hints' words. Everything specific to The City that the screens show
//! is here; the view's other modules know no ruleset.

use std::rc::Rc;

use super::geometry;
use super::log::{self, capitalise, name, names_of, plural, LogLine, LogTurn};
use super::palette::{PlayerColour, Seat};
use super::panel::{EndLine, PanelData, PlayerRow, WallSupply};
use super::prompt::{Pointer, Prompt, PromptButton};
use super::scene::{Scene, SceneFollower, SceneTile, SceneTower, SceneWall};
use super::targets::{self, RegionShape, RegionTarget, SideTarget, Targets, VertexTarget};
use super::tile_art;
use super::words::{cell_name, dir_name};
use super::{GameView, Shared};
use crate::engine::city::events::{EndReason, Event, Logged, ScoreCause};
use crate::engine::city::scoring;
use crate::engine::city::tiles::{Catalogue, FeatureKind, RegionIdx, RegionKind, TileType};
use crate::engine::city::walls::{self, End};
use crate::engine::city::{Choice, Decision, Game, Role};
use crate::engine::core::geom::{Cell, Dir, Side};
use crate::engine::core::rules::majority;
use crate::engine::TileGame;

pub mod command;
pub mod describe;
pub mod recent;

// ------------------------------------------------------------ the whole view

/// Everything the screens show of `game` that depends on the game alone,
/// once per move (prompts for a mouse and keys).
pub fn game_view(game: &Game, seats: &[Seat]) -> GameView<Choice> {
    game_view_on(game, seats, Pointer::Mouse)
}

/// [`game_view`] with prompts for the way the player points.
pub fn game_view_on(game: &Game, seats: &[Seat], pointer: Pointer) -> GameView<Choice> {
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
        scene: Shared::new(scene(game, &colours)),
        panel: Shared::new(panel(game, seats, &names, &colours)),
        log: Rc::new(
            log_turns(game.events(), &names)
                .into_iter()
                .map(Rc::new)
                .collect(),
        ),
        prompt_base: prompt_on(game, &legal, &names, pointer),
        end_lines: Rc::new(
            final_lines(game, &names)
                .into_iter()
                .map(|(player, text, points)| EndLine {
                    player,
                    text,
                    points,
                })
                .collect(),
        ),
        names: Rc::new(names),
        colours: Rc::new(colours),
        placements: Rc::new(placements),
        base_targets,
    }
}

// --------------------------------------------------------------- the scene

/// What the board draws of `game`.
pub fn scene(game: &Game, colours: &[PlayerColour]) -> Scene {
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
                role: role_class(f.role),
            }
        })
        .collect();
    let bounds = Scene::bounds_around((!placed.is_empty()).then(|| game.board().bounds()));
    let mut types: Vec<TileType> = tiles
        .iter()
        .map(|t| t.tile)
        .chain(game.drawn().map(|d| d.0))
        .collect();
    crate::engine::core::sort::sort_unstable(&mut types);
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
        ruleset: crate::engine::any::Ruleset::City,
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
        pieces: Vec::new(),
        colours: colours.to_vec(),
        bounds,
    }
}

/// A follower's role as the scene names it.
fn role_class(role: Role) -> &'static str {
    match role {
        Role::Citizen => "citizen",
        Role::Seller => "seller",
        Role::Steward => "steward",
    }
}

// --------------------------------------------------------------- the panel

/// Where points come from in The City, as the panel's breakdown lists them.
pub const SOURCES: [&str; 5] = ["streets", "markets", "towers", "stewards", "guards"];

/// The panel of `game`.
pub fn panel(game: &Game, seats: &[Seat], names: &[String], colours: &[PlayerColour]) -> PanelData {
    let projected = projected(game);
    let over = game.is_over();
    let winners = if over { game.winners() } else { 0 };
    let to_move = (!over).then(|| game.to_move());
    PanelData {
        ruleset: crate::engine::any::Ruleset::City,
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
                breakdown: {
                    let b = p.breakdown;
                    vec![b.streets, b.markets, b.towers, b.stewards, b.guards]
                },
                supply: p.supply,
                towers: Some(p.towers),
                held: Vec::new(),
                to_move: to_move == Some(i as u8),
                winner: winners & (1 << i) != 0,
            })
            .collect(),
        sources: &SOURCES,
        walls: Some(WallSupply {
            left: game.walls().supply,
            gap: game.gap(),
        }),
        common: Vec::new(),
        tiles_left: game.tiles_left().to_vec(),
        stack: game.drawn().map(|d| d.1),
        placed: game.turns(),
        set_aside: game.set_aside().len(),
        seed: game.setup().seed,
        stacks: game.setup().stacks.to_vec(),
    }
}

/// The points a tower at `end` scores itself (R9.2, R9.3): the pieces of
/// its arm back to the previous tower or the gate. Only the tower: when the
/// tower is the game's last action, the end of the game's scoring that
/// follows it is not the tower's.
pub fn tower_points(game: &Game, end: End) -> u32 {
    game.walls().tower_points(end)
}

/// The scores if the game ended now, steady through a turn: what the turn
/// has completed but not yet scored (after the tile, before its follower
/// step; after a wall piece, before its guard step) counts as scored, as
/// the engine will score it (R5.6), on top of the engine's projection
/// (which leaves such a feature alone: it has no open side for the closing
/// to complete). Between two turns it is the engine's projection.
pub fn projected(game: &Game) -> Vec<u32> {
    let mut scores = game.projected_scores();
    if game.is_over() {
        return scores;
    }
    let n = scores.len();
    let mut counted: Vec<usize> = Vec::new();
    for (i, p) in game.board().placed().iter().enumerate() {
        for r in 0..game.catalogue().get(p.tile).regions.len() as RegionIdx {
            let f = game.feature_of(i, r);
            let key = f as *const _ as usize;
            if f.done || !f.is_complete() || counted.contains(&key) {
                continue;
            }
            counted.push(key);
            let points = match f.kind() {
                FeatureKind::Street => scoring::street_points(f.tile_count()),
                _ => scoring::market_points(f.tile_count(), f.goods_count()),
            };
            let winners = majority(&f.followers[..n]);
            for (k, s) in scores.iter_mut().enumerate() {
                if winners & (1 << k) != 0 {
                    *s += points;
                }
            }
        }
    }
    scores
}

/// A guard's line as the board and the prompt show it (R8.2, R12.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardLine {
    /// The cells of the line, from the piece inwards.
    pub cells: Vec<Cell>,
    pub public: u32,
    pub historic: u32,
    /// What it would score if the game ended now.
    pub points: u32,
}

impl GuardLine {
    /// "row" or "column": the piece's side says which.
    pub fn word(side: Side) -> &'static str {
        match side.dir {
            Dir::N | Dir::S => "column",
            Dir::E | Dir::W => "row",
        }
    }
}

/// The line a guard on the piece on `side` watches, and what it holds.
pub fn guard_line(game: &Game, side: Side) -> GuardLine {
    let cat = game.catalogue();
    let board = game.board();
    let line = walls::guard_line(board, side);
    let (mut public, mut historic) = (0, 0);
    let cells = line
        .iter()
        .map(|&i| {
            let p = board.placed()[i];
            let def = cat.get(p.tile);
            public += def.public_buildings();
            historic += def.historic_buildings();
            p.cell
        })
        .collect();
    GuardLine {
        cells,
        public,
        historic,
        points: 2 * public + 3 * historic,
    }
}

/// "the column of 3 tiles south of it: 1 public and no historic building".
fn line_words(side: Side, l: &GuardLine) -> String {
    format!(
        "the {} of {} {} of it: {}",
        GuardLine::word(side),
        plural(l.cells.len() as u32, "tile", "tiles"),
        dir_name(side.dir.opposite()),
        buildings(l.public, l.historic)
    )
}

/// "1 public and 2 historic buildings", "no public or historic building".
fn buildings(public: u32, historic: u32) -> String {
    match (public, historic) {
        (0, 0) => "no public or historic building".into(),
        (p, 0) => plural(p, "public building", "public buildings"),
        (0, h) => plural(h, "historic building", "historic buildings"),
        (p, h) => format!(
            "{p} public and {}",
            plural(h, "historic building", "historic buildings")
        ),
    }
}

/// "the north side of 2,-1".
pub fn side_name(side: Side) -> String {
    format!(
        "the {} side of {}",
        dir_name(side.dir),
        cell_name(side.cell)
    )
}

/// Why the last wall piece got no guard when its guard step was skipped
/// (the engine takes a decision with one legal choice at once), told to
/// the player: the piece opposite holds a guard (R8.4), or no follower was
/// in supply (R8.1).
pub fn guard_note(game: &Game, names: &[String]) -> Option<String> {
    if !matches!(game.history().last(), Some(Choice::Wall(_)))
        || game.decision() == Some(Decision::Guard)
    {
        return None;
    }
    let piece = game.walls().pieces.last()?;
    if piece.guard.is_some() {
        return None;
    }
    let opposite = walls::opposite_piece(game.board(), game.walls(), piece.side)
        .and_then(|i| game.walls().pieces.get(i))
        .filter(|p| p.guard.is_some());
    let why = match opposite {
        Some(o) => format!(
            "the piece at the other end of its {}, on {}, already has a guard",
            GuardLine::word(piece.side),
            side_name(o.side)
        ),
        None => "no follower was left in supply".into(),
    };
    Some(format!(
        "{} could post no guard on the wall piece on {}: {why}.",
        name(piece.placer, names),
        side_name(piece.side)
    ))
}

/// "a citizen on the street", "a seller on the fish market", ...
pub fn region_label(kind: &RegionKind) -> String {
    match kind {
        RegionKind::Street => "a citizen on the street".into(),
        RegionKind::Market(g) => format!("a seller on the {} market", g.name()),
        RegionKind::Residential { .. } => "a steward on the residential area".into(),
    }
}

// ------------------------------------------------------------- the targets

/// The targets for decisions other than the tile placement (`legal`: the
/// game's legal choices, listed once by the caller).
pub fn choice_targets(game: &Game, legal: &[Choice], colours: &[PlayerColour]) -> Targets<Choice> {
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
                            RegionShape::placed(
                                q.cell,
                                q.rot,
                                tile_art::region_outline(cat, q.tile, rr),
                            )
                        })
                        .collect();
                    t.regions.push(RegionTarget {
                        pos: geometry::on_board(p.cell, p.rot, tile_art::anchor(cat, p.tile, r)),
                        choice: c,
                        region: r,
                        label: region_label(&def.regions[r as usize].kind),
                        shape: RegionShape::placed(
                            p.cell,
                            p.rot,
                            tile_art::region_outline(cat, p.tile, r),
                        ),
                        feature,
                    });
                }
            }
            // Rings on one tile that would cover one another are moved apart.
            let mut pos: Vec<geometry::Pt> = t.regions.iter().map(|r| r.pos).collect();
            let (x, y) = (
                p.cell.x as f64 * geometry::TILE,
                p.cell.y as f64 * geometry::TILE,
            );
            targets::spread(
                &mut pos,
                targets::RING_GAP,
                ((x + 14.0, y + 14.0), (x + 86.0, y + 86.0)),
            );
            for (r, q) in t.regions.iter_mut().zip(pos) {
                r.pos = q;
            }
            t.zoom = (!t.regions.is_empty()).then_some(p.cell);
        }
        Decision::Gate => {
            for &c in legal {
                if let Choice::Gate(side) = c {
                    t.sides.push(SideTarget {
                        side,
                        choice: c,
                        key: "gate".into(),
                        label: None,
                        words: format!("Put the gate on {}", side_name(side)),
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
                            words: format!(
                                "Build at the {} end, on {}",
                                end_name(e),
                                side_name(side)
                            ),
                        });
                    }
                }
            }
        }
        Decision::Guard => {
            if let Some(piece) = game.walls().pieces.last() {
                t.mark = Some(piece.side);
                let line = guard_line(game, piece.side);
                if legal.contains(&Choice::Guard(true)) {
                    // The new piece itself takes the guard.
                    t.sides.push(SideTarget {
                        side: piece.side,
                        choice: Choice::Guard(true),
                        key: "guard".into(),
                        label: Some(format!("+{}", line.points)),
                        words: format!(
                            "Post a guard on the new piece: {} now",
                            plural(line.points, "point", "points")
                        ),
                    });
                }
                t.line = line.cells;
            }
        }
        Decision::Tower => {
            for &c in legal {
                if let Choice::Tower(Some(e)) = c {
                    if let Some(v) = game.walls().end_vertex(e) {
                        let points = tower_points(game, e);
                        t.vertices.push(VertexTarget {
                            vertex: v,
                            choice: c,
                            key: e.name().into(),
                            label: format!("+{points}"),
                            words: format!(
                                "Tower at the {} end: {}",
                                end_name(e),
                                plural(points, "point", "points")
                            ),
                        });
                    }
                }
            }
        }
    }
    t
}

// -------------------------------------------------------------- the prompt

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
            } => Some(feature_phrase(kind, tiles, goods)),
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

/// The prompt of `game`'s decision (`legal`: its legal choices), for a mouse
/// and keys.
pub fn prompt(game: &Game, legal: &[Choice], names: &[String]) -> Prompt<Choice> {
    prompt_on(game, legal, names, Pointer::Mouse)
}

/// The prompt of `game`'s decision, in the words of the way the player
/// points at the board (clicks and keys, or taps).
pub fn prompt_on(
    game: &Game,
    legal: &[Choice],
    names: &[String],
    pointer: Pointer,
) -> Prompt<Choice> {
    let nm = |p: u8| names.get(p as usize).cloned().unwrap_or_default();
    let touch = pointer == Pointer::Touch;
    let (click, glowing) = if touch {
        ("Tap", "tap")
    } else {
        ("Click", "click")
    };
    let note = guard_note(game, names);
    let Some(decision) = game.decision() else {
        let w = game.winners();
        let n = w.count_ones();
        let title = if n > 1 {
            format!("The game is over: {} share the win", names_of(w, names))
        } else {
            format!("The game is over: {} wins", names_of(w, names))
        };
        return Prompt {
            decision: "over",
            player: None,
            title,
            detail: game
                .ended_by()
                .map(|r| format!("It ended because {}.", end_reason(r)))
                .unwrap_or_default(),
            why: None,
            note: None,
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
            } else if stack >= 2 {
                "Walls phase: completing a street or market now starts a wall round.".to_string()
            } else if touch {
                "Tap a glowing space to try the tile there, tap it again to turn it, then “Place tile”.".to_string()
            } else {
                "Click a glowing space to try the tile there; turn it with R or a right click; press Enter or “Place tile” to confirm.".to_string()
            };
            ("place", format!("{who}: place your tile"), detail, vec![])
        }
        Decision::Follower => {
            let supply = game.players()[p as usize].supply;
            let how = if touch {
                "Tap a ring on the tile, or “No follower”."
            } else {
                "Click a ring on the tile (hover it to see the whole feature), or play none."
            };
            (
                "follower",
                format!("{who}: put a follower on the new tile?"),
                format!(
                    "{how} {} in supply.",
                    plural(supply as u32, "follower", "followers")
                ),
                vec![PromptButton {
                    testid: "no-follower".into(),
                    label: "No follower".into(),
                    choice: Choice::Follower(None),
                    primary: false,
                    declines: true,
                }],
            )
        }
        Decision::Gate => (
            "gate",
            format!("{who}: place the city gate"),
            format!(
                "The first wall round starts with the gate: {glowing} any glowing side of the city's outline."
            ),
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
                        declines: false,
                    }),
                    _ => None,
                })
                .collect();
            let gap = game.gap().unwrap_or(0);
            let supply = game.walls().supply;
            (
                "wall",
                format!("{who}: build a wall piece"),
                format!(
                    "{click} one of the wall's two glowing ends to extend it. {} left in the supply; the gap is {gap}.",
                    plural(supply, "wall piece", "wall pieces")
                ),
                buttons,
            )
        }
        Decision::Guard => {
            let mut buttons = vec![];
            let piece = game.walls().pieces.last().map(|x| x.side);
            let line = piece.map(|side| (side, guard_line(game, side)));
            if legal.contains(&Choice::Guard(true)) {
                buttons.push(PromptButton {
                    testid: "guard-yes".into(),
                    label: match &line {
                        Some((_, l)) => format!("Post a guard (+{} now)", l.points),
                        None => "Post a guard".into(),
                    },
                    choice: Choice::Guard(true),
                    primary: true,
                    declines: false,
                });
            }
            buttons.push(PromptButton {
                testid: "guard-no".into(),
                label: "No guard".into(),
                choice: Choice::Guard(false),
                primary: false,
                declines: true,
            });
            let detail = match &line {
                Some((side, l)) => format!(
                    "A guard here watches {}: {} if the game ended now. At the end a guard scores 2 points per public building and 3 per historic building in its line, as it is then.",
                    line_words(*side, l),
                    plural(l.points, "point", "points")
                ),
                None => "At the end a guard scores 2 points per public building and 3 per historic building in its row of tiles.".to_string(),
            };
            (
                "guard",
                format!("{who}: post a guard on the new wall piece?"),
                detail,
                buttons,
            )
        }
        Decision::Tower => {
            let closed = game.walls().is_closed();
            let mut buttons: Vec<PromptButton<Choice>> = legal
                .iter()
                .filter_map(|&c| match c {
                    Choice::Tower(Some(e)) => Some(PromptButton {
                        testid: format!("tower-{}", e.name()),
                        label: if closed {
                            format!(
                                "Tower counting the {} arm (+{})",
                                end_name(e),
                                tower_points(game, e)
                            )
                        } else {
                            format!(
                                "Tower at the {} end (+{})",
                                end_name(e),
                                tower_points(game, e)
                            )
                        },
                        choice: c,
                        primary: false,
                        declines: false,
                    }),
                    _ => None,
                })
                .collect();
            buttons.push(PromptButton {
                testid: "tower-none".into(),
                label: "No tower".into(),
                choice: Choice::Tower(None),
                primary: false,
                declines: true,
            });
            let towers = game.players()[p as usize].towers as u32;
            (
                "tower",
                format!("{who}: build a tower?"),
                format!(
                    "A tower on a wall end scores 1 point per piece back to the previous tower or the gate. {} left.",
                    plural(towers, "tower", "towers")
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
        note,
        buttons,
    }
}

/// The end of the game's scoring, item by item: which guard scored what
/// (R12.3) and each stewards' area (R12.1), as (seat, sentence, points).
pub fn final_lines(game: &Game, names: &[String]) -> Vec<(u8, String, u32)> {
    let mut out = Vec::new();
    if !game.is_over() {
        return out;
    }
    for piece in &game.walls().pieces {
        let Some(g) = piece.guard else { continue };
        let l = guard_line(game, piece.side);
        out.push((
            g,
            format!(
                "{}'s guard on {} watches {}: {}.",
                name(g, names),
                side_name(piece.side),
                line_words(piece.side, &l),
                plural(l.points, "point", "points")
            ),
            l.points,
        ));
    }
    for l in game.events() {
        if let Event::StewardsScored {
            players,
            markets,
            points,
        } = l.event
        {
            for p in 0..names.len().min(8) as u8 {
                if players & (1 << p) != 0 {
                    out.push((
                        p,
                        format!(
                            "{}'s stewards hold a residential area beside {}: {}.",
                            name(p, names),
                            plural(markets, "market", "markets"),
                            plural(points, "point", "points")
                        ),
                        points,
                    ));
                }
            }
        }
    }
    out
}

// --------------------------------------------------------------- records

/// The record a download holds (whole turns only: NOTATION.md has no
/// syntax for a turn in progress), its file name, named for what it holds,
/// and, in the middle of a turn, a sentence saying that turn is left out.
pub fn record_download(game: &Game) -> (Game, String, Option<String>) {
    let whole = crate::engine::replay::whole_turns(game);
    let turns = whole.turns();
    let name = match game.setup().seed {
        Some(s) => format!("the-city-{s}-turn-{turns}.cgn"),
        None => format!("the-city-turn-{turns}.cgn"),
    };
    let note = (whole.history().len() < game.history().len()).then(|| {
        format!(
            "The record holds the {} played so far; turn {}, in progress, is not in it: a record holds whole turns.",
            plural(turns as u32, "whole turn", "whole turns"),
            game.turns()
        )
    });
    (whole, name, note)
}

// ----------------------------------------------------------------- the log

/// The follower's name on a feature of this kind.
pub fn role_name(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Street => "citizen",
        FeatureKind::Market => "seller",
        FeatureKind::Residential => "steward",
    }
}

/// A wall end in words.
pub fn end_name(e: End) -> &'static str {
    match e {
        End::Cw => "clockwise",
        End::Ccw => "counter-clockwise",
    }
}

/// Why the game ended, as a sentence.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::Closed => "the city wall is closed",
        EndReason::LastWall => "the last wall piece has been built",
        EndReason::Gap => "the gap in the wall is 5 sides or fewer",
        EndReason::LastTile => "no tile is left to place",
    }
}

/// "a street of 4 tiles", "a market of 3 tiles with 2 kinds of goods".
pub fn feature_phrase(kind: FeatureKind, tiles: u32, goods: u32) -> String {
    match kind {
        FeatureKind::Market => format!(
            "a market of {} with {}",
            plural(tiles, "tile", "tiles"),
            plural(goods, "kind of goods", "kinds of goods")
        ),
        k => format!("a {} of {}", k.name(), plural(tiles, "tile", "tiles")),
    }
}

/// One event as a sentence; `None` for events the log leaves out.
pub fn sentence(e: &Event, names: &[String]) -> Option<LogLine> {
    let plain = |text: String| {
        Some(LogLine {
            text,
            scored: false,
        })
    };
    match *e {
        Event::TileSetAside { .. } => {
            plain("A tile that fits nowhere was set aside and another drawn.".into())
        }
        Event::TilePlaced { player, cell, .. } => plain(format!(
            "{} placed a tile at {},{}.",
            name(player, names),
            cell.x,
            cell.y
        )),
        Event::FollowerPlaced { player, kind, .. } => plain(format!(
            "{} put a {} on the {}.",
            name(player, names),
            role_name(kind),
            kind.name()
        )),
        Event::FeatureScored {
            kind,
            tiles,
            goods,
            points,
            winners,
            returned,
            cause,
        } => {
            let by = match cause {
                ScoreCause::Tile => "the tile",
                ScoreCause::Gate => "the gate",
                ScoreCause::Wall => "a wall piece",
                ScoreCause::Closing => "the closing of the wall",
            };
            if winners == 0 && cause == ScoreCause::Closing {
                // The closing completes many empty features: not worth a line.
                return None;
            }
            let what = feature_phrase(kind, tiles, goods);
            let mut text = format!("{} was completed by {by}", capitalise(&what));
            if winners == 0 {
                text.push_str(": nobody had a follower on it.");
            } else {
                let each = if winners.count_ones() > 1 {
                    " each"
                } else {
                    ""
                };
                text.push_str(&format!(
                    ": {} {} {}{each}.",
                    names_of(winners, names),
                    if winners.count_ones() > 1 {
                        "score"
                    } else {
                        "scores"
                    },
                    plural(points, "point", "points"),
                ));
            }
            if returned > 0 {
                text.push_str(&format!(
                    " {} {} home.",
                    plural(returned, "follower", "followers"),
                    if returned == 1 { "goes" } else { "go" }
                ));
            }
            Some(LogLine {
                text,
                scored: winners != 0 && points > 0,
            })
        }
        Event::WallRoundStarted {
            builder,
            completions,
            pieces,
        } => plain(format!(
            "{}'s tile completed {}: a wall round of {} begins.",
            name(builder, names),
            plural(completions, "street or market", "streets or markets"),
            plural(pieces, "piece", "pieces")
        )),
        Event::GatePlaced { player, side } => plain(format!(
            "{} set the city gate on {}.",
            name(player, names),
            side_name(side)
        )),
        Event::WallPlaced { player, arm, side } => plain(format!(
            "{} built a wall piece at the {} end, on {}.",
            name(player, names),
            end_name(arm),
            side_name(side)
        )),
        Event::GuardPlaced { player, .. } => {
            plain(format!("{} posted a guard on it.", name(player, names)))
        }
        Event::TowerPlaced { player, points, .. } => Some(LogLine {
            text: format!(
                "{} built a tower: {} for the wall behind it.",
                name(player, names),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
        Event::GameEnded { by } => plain(format!("The game ends: {}.", end_reason(by))),
        Event::ClosingWalls { sides } => {
            if sides == 0 {
                None
            } else {
                plain(if sides == 1 {
                    "The last open side of the outline is walled in for the final scoring."
                        .to_string()
                } else {
                    format!(
                        "The last {sides} open sides of the outline are walled in for the final scoring."
                    )
                })
            }
        }
        Event::FollowerRemoved { player, kind } => plain(format!(
            "{}'s {} on an unfinished {} goes home without points.",
            name(player, names),
            role_name(kind),
            kind.name()
        )),
        Event::StewardsScored {
            players,
            markets,
            points,
        } => Some(LogLine {
            text: format!(
                "Stewards: {} {} a residential area beside {}: {}{}.",
                names_of(players, names),
                if players.count_ones() > 1 {
                    "share"
                } else {
                    "holds"
                },
                plural(markets, "market", "markets"),
                plural(points, "point", "points"),
                if players.count_ones() > 1 {
                    " each"
                } else {
                    ""
                }
            ),
            scored: points > 0,
        }),
        Event::GuardScored {
            player,
            public,
            historic,
            points,
        } => Some(LogLine {
            text: format!(
                "{}'s guard overlooks {}: {}.",
                name(player, names),
                buildings(public, historic),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
    }
}

/// The log of The City's events, turn by turn, oldest first.
pub fn log_turns(events: &[Logged], names: &[String]) -> Vec<LogTurn> {
    log::turns(
        events,
        |l| l.turn,
        |l| match l.event {
            Event::TilePlaced { player, .. } => Some(player),
            _ => None,
        },
        |l| sentence(&l.event, names),
    )
}

// ------------------------------------------------------------------- hints

/// A choice in words, for hints. `tile`: the tile a follower would go on
/// when it is not placed yet.
pub fn hint_words(game: &Game, cat: &Catalogue, c: Choice, tile: Option<TileType>) -> String {
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

#[cfg(test)]
mod tests;
