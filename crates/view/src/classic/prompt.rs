//! The prompt of a classic decision: whose it is, what and why, in the
//! words of the way the player points, with the buttons that decline (no
//! guesthouse, no follower). Every other legal choice is a target.

use super::log::end_reason;
use crate::log::name;
use crate::prompt::{follower_step, game_over, place_how, Pointer, Prompt, PromptButton};
use engine::classic::{Choice, Decision, Game};
use engine::TileGame;
use i18n::msg::classic_prompt as m;

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
    let touch = pointer == Pointer::Touch;
    let Some(decision) = game.decision() else {
        return game_over(game, names, game.ended_by().map(end_reason));
    };
    let p = game.to_move();
    let who = name(p, names);
    let (key, title, detail, buttons) = match decision {
        Decision::Place { .. } => {
            let how = place_how(pointer);
            let wood = legal
                .iter()
                .any(|c| matches!(c, Choice::Place(p) if !p.wood.is_none()));
            let detail = if wood {
                m::place_wood(how)
            } else {
                how.to_string()
            };
            ("place", m::place_title(who), detail, vec![])
        }
        Decision::Guesthouse => (
            "guesthouse",
            m::guesthouse_title(who),
            if touch {
                m::guesthouse_touch()
            } else {
                m::guesthouse_mouse()
            }
            .to_string(),
            vec![PromptButton::declining(
                "no-guesthouse",
                m::no_guesthouse(),
                Choice::Guesthouse(None),
            )],
        ),
        Decision::Wyvern => {
            let n = legal
                .iter()
                .filter(|c| matches!(c, Choice::Wyvern(_)))
                .count() as u32;
            (
                "wyvern",
                m::wyvern_title(who),
                if touch {
                    m::wyvern_touch(n)
                } else {
                    m::wyvern_mouse(n)
                },
                vec![],
            )
        }
        Decision::Follower => follower_step(
            who,
            game.players().get(p as usize).map_or(0, |s| s.supply),
            pointer,
            Choice::Follower(None),
        ),
    };
    Prompt {
        decision: key,
        player: Some(p),
        title,
        detail,
        why: None,
        note: None,
        buttons,
    }
}
