//! The prompt of a decision of The City: whose it is, what and why (the
//! wall round being played), in the words of the way the player points,
//! with a note when a guard could not be posted, and the buttons for the
//! wall's ends, the guard, the towers and each "none".

use super::log::{end_reason, feature_phrase};
use super::walls::{end_name, guard_line, line_words, side_name, tower_points, GuardLine};
use crate::engine::city::events::{Event, ScoreCause};
use crate::engine::city::walls::{self, End};
use crate::engine::city::{Choice, Decision, Game};
use crate::engine::TileGame;
use crate::view::log::{name, plural};
use crate::view::prompt::{follower_step, game_over, place_how, Pointer, Prompt, PromptButton};

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
                "The first tile starts the city: turn it as you like and place it.".to_string()
            } else if stack >= 2 {
                "Walls phase: completing a street or market now starts a wall round.".to_string()
            } else {
                place_how(pointer).to_string()
            };
            ("place", format!("{who}: place your tile"), detail, vec![])
        }
        Decision::Follower => follower_step(
            &who,
            game.players()[p as usize].supply,
            pointer,
            Choice::Follower(None),
        ),
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
            buttons.push(PromptButton::declining(
                "guard-no",
                "No guard",
                Choice::Guard(false),
            ));
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
            buttons.push(PromptButton::declining(
                "tower-none",
                "No tower",
                Choice::Tower(None),
            ));
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
