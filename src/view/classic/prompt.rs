//! The prompt of a classic decision: whose it is, what and why, in the
//! words of the way the player points, with the buttons that decline (no
//! guesthouse, no follower). Every other legal choice is a target.

use super::log::end_reason;
use crate::engine::classic::{Choice, Decision, Game};
use crate::engine::TileGame;
use crate::view::log::name;
use crate::view::prompt::{follower_step, game_over, place_how, Pointer, Prompt, PromptButton};

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
    let click = if touch { "Tap" } else { "Click" };
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
                format!("{how} Some spaces take the tile only with your wood (a bridge, a wall or a wooden gate, each once a game): the space says which.")
            } else {
                how.to_string()
            };
            ("place", format!("{who}: place your tile"), detail, vec![])
        }
        Decision::Guesthouse => (
            "guesthouse",
            format!("{who}: build your guesthouse on the new road?"),
            format!(
                "{click} a glowing road, or build none. A completed road with a guesthouse scores 2 points a tile instead of 1, an unfinished one nothing at the end. You have one guesthouse for the whole game."
            ),
            vec![PromptButton::declining(
                "no-guesthouse",
                "No guesthouse",
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
                format!("{who}: move the wyvern"),
                format!(
                    "Your tile has a pennant, so the wyvern must fly: {} {}. The follower under it is veiled (it counts for nobody), and the tile scores nothing in a completed road or city, while the wyvern stays.",
                    click.to_ascii_lowercase(),
                    if n == 1 {
                        "the glowing tile".to_string()
                    } else {
                        format!("one of the {n} glowing tiles")
                    }
                ),
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
