//! The prompt of a decision of The City: whose it is, what and why (the
//! wall round being played), in the words of the way the player points,
//! with a note when a guard could not be posted, and the buttons for the
//! wall's ends, the guard, the towers and each "none".

use super::log::{end_reason, feature_phrase};
use super::walls::{end_name, guard_line, line_words, side_name, tower_points};
use crate::log::name;
use crate::prompt::{follower_step, game_over, place_how, Pointer, Prompt, PromptButton};
use crate::words::list_words;
use engine::city::events::{Event, ScoreCause};
use engine::city::walls::{self, End};
use engine::city::{Choice, Decision, Game};
use engine::core::geom::Dir;
use engine::TileGame;
use i18n::msg::city_prompt as m;

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
    let (who, side) = (name(piece.placer, names), side_name(piece.side));
    Some(match opposite {
        Some(o) => match piece.side.dir {
            Dir::N | Dir::S => m::no_guard_column(who, &side, &side_name(o.side)),
            Dir::E | Dir::W => m::no_guard_row(who, &side, &side_name(o.side)),
        },
        None => m::no_guard_supply(who, &side),
    })
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
            } => Some(feature_phrase(kind, tiles, goods)),
            _ => None,
        })
        .collect();
    let who = names.get(builder as usize).map_or("?", String::as_str);
    let mut done = done;
    done.reverse();
    let what = list_words(&done).unwrap_or_else(|| m::street_or_market().to_string());
    let placed = pieces as usize - left.min(pieces as usize);
    let step = if matches!(game.decision(), Some(Decision::Tower)) {
        m::pieces_built().to_string()
    } else {
        m::piece_of(placed + 1, pieces)
    };
    Some(m::round_reason(turn, who, &what, &step))
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
    let Some(decision) = game.decision() else {
        return game_over(game, names, game.ended_by().map(end_reason));
    };
    let p = game.to_move();
    let who = nm(p);
    let why = round_reason(game, names);
    let note = guard_note(game, names);
    let (key, title, detail, buttons) = match decision {
        Decision::PlaceTile { .. } => {
            let stack = game.drawn().map_or(1, |d| d.1);
            let detail = if game.turns() == 0 {
                m::first_tile().to_string()
            } else if stack >= 2 {
                m::walls_phase().to_string()
            } else {
                place_how(pointer).to_string()
            };
            ("place", m::place_title(&who), detail, vec![])
        }
        Decision::Follower => follower_step(
            &who,
            game.players()[p as usize].supply,
            pointer,
            Choice::Follower(None),
        ),
        Decision::Gate => (
            "gate",
            m::gate_title(&who),
            if touch {
                m::gate_touch()
            } else {
                m::gate_mouse()
            }
            .to_string(),
            vec![],
        ),
        Decision::Wall => {
            let buttons = legal
                .iter()
                .filter_map(|&c| match c {
                    Choice::Wall(e) => Some(PromptButton {
                        testid: format!("wall-{}", e.name()),
                        label: format!(
                            "{} {}",
                            match e {
                                End::Cw => "↻",
                                End::Ccw => "↺",
                            },
                            m::build_at(end_name(e))
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
                m::wall_title(&who),
                format!(
                    "{} {}",
                    if touch {
                        m::wall_touch()
                    } else {
                        m::wall_mouse()
                    },
                    m::wall_supply(supply, gap)
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
                        Some((_, l)) => m::guard_points(l.points),
                        None => m::guard().into(),
                    },
                    choice: Choice::Guard(true),
                    primary: true,
                    declines: false,
                });
            }
            buttons.push(PromptButton::declining(
                "guard-no",
                m::no_guard(),
                Choice::Guard(false),
            ));
            let detail = match &line {
                Some((side, l)) => m::guard_detail(&line_words(*side, l), l.points),
                None => m::guard_detail_plain().to_string(),
            };
            ("guard", m::guard_title(&who), detail, buttons)
        }
        Decision::Tower => {
            let closed = game.walls().is_closed();
            let mut buttons: Vec<PromptButton<Choice>> = legal
                .iter()
                .filter_map(|&c| match c {
                    Choice::Tower(Some(e)) => Some(PromptButton {
                        testid: format!("tower-{}", e.name()),
                        label: if closed {
                            m::tower_counting(end_name(e), tower_points(game, e))
                        } else {
                            m::tower_at(end_name(e), tower_points(game, e))
                        },
                        choice: c,
                        primary: false,
                        declines: false,
                    }),
                    _ => None,
                })
                .collect();
            buttons.push(PromptButton::declining(
                "tower-none",
                m::no_tower(),
                Choice::Tower(None),
            ));
            let towers = game.players()[p as usize].towers as u32;
            (
                "tower",
                m::tower_title(&who),
                m::tower_detail(towers),
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
