//! The replay viewer's arithmetic, for any ruleset: a game at any earlier
//! position, and the mapping between positions (how many decisions were
//! taken) and turns (how many tiles were placed). Pure; the browser's replay
//! bar uses it.

use super::core::rules::TileGame;

/// The game after its first `n` decisions (all of them when `n` is past
/// the end), replayed from the setup.
pub fn game_at<G: TileGame>(game: &G, n: usize) -> G {
    game.at(n)
}

/// Tiles placed in the first `n` decisions.
pub fn turn_at<G: TileGame>(history: &[G::Choice], n: usize) -> usize {
    history[..n.min(history.len())]
        .iter()
        .filter(|c| G::is_placement(c))
        .count()
}

/// The position at the end of turn `t` (after its tile and every decision
/// that followed it, before the next tile); 0 for turn 0, the last position
/// for `t` at or past the last turn.
pub fn position_after_turn<G: TileGame>(history: &[G::Choice], t: usize) -> usize {
    history
        .iter()
        .enumerate()
        .filter(|(_, c)| G::is_placement(c))
        .nth(t)
        .map_or(history.len(), |(i, _)| i)
}

/// The turn a position belongs to, numbered as the game's chronicle numbers
/// turns (turn k is the one that places the k-th tile): the turn whose tile
/// was placed last, or, at a tile decision, the turn about to place its
/// tile. `game` is the game at that position (`game_at`).
pub fn turn_of<G: TileGame>(game: &G) -> usize {
    let placed = turn_at::<G>(game.history(), game.history().len());
    placed + usize::from(game.at_placement() && !game.is_over())
}

/// The position where turn `t` starts (its tile about to be placed), for a
/// turn number as the chronicle shows it; turn 0 and 1 are the start, a
/// turn past the last placed tile is the last position.
pub fn start_of_turn<G: TileGame>(history: &[G::Choice], t: usize) -> usize {
    if t <= 1 {
        return 0;
    }
    position_after_turn::<G>(history, t - 1)
}

/// The number of turns of the game (tiles placed in all of its history).
pub fn turns<G: TileGame>(history: &[G::Choice]) -> usize {
    turn_at::<G>(history, history.len())
}

/// The game at the end of its last whole turn: itself at a tile decision or
/// at the end, else the position before the tile of the turn in progress. A
/// record holds whole turns only (NOTATION.md, NOTATION-CLASSIC.md), so this
/// is what an export writes: reading the record back gives exactly this
/// position.
pub fn whole_turns<G: TileGame>(game: &G) -> G {
    let mid_turn = !game.is_over() && !game.at_placement();
    let last_tile = game.history().iter().rposition(|c| G::is_placement(c));
    match last_tile {
        Some(i) if mid_turn => game.at(i),
        _ => game.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::city::{Catalogue, Choice, Game};

    fn finished(seed: u64) -> Game {
        crate::city::random::random_game(Catalogue::builtin().unwrap(), seed, ["Ann", "Bob"])
            .unwrap()
    }

    /// Issue 13: the replay's turn number is the chronicle's: the start is
    /// turn 1, a tile decision belongs to the turn it starts, and typing a
    /// turn shows its start.
    #[test]
    fn the_turn_shown_is_the_chronicles_turn() {
        let g = finished(6);
        let h = g.history();
        assert_eq!(turn_of(&game_at(&g, 0)), 1);
        assert_eq!(turn_of(&g), g.turns());
        for n in 0..=h.len() {
            let at = game_at(&g, n);
            let t = turn_of(&at);
            // The chronicle's newest turn, once the tile is down, is this one.
            if !at.at_placement() || at.is_over() {
                let logged = at.events().iter().rev().find_map(|l| match l.event {
                    crate::city::events::Event::TilePlaced { .. } => Some(l.turn as usize),
                    _ => None,
                });
                assert_eq!(logged, Some(t), "position {n}");
            }
            // Typing the turn shows its start: the same turn, at its tile.
            let start = start_of_turn::<Game>(h, t);
            assert!(start <= n, "position {n}: turn {t} starts at {start}");
            assert_eq!(turn_of(&game_at(&g, start)), t);
            if start < h.len() {
                assert!(matches!(h[start], Choice::Place { .. }));
            }
        }
        assert_eq!(start_of_turn::<Game>(h, g.turns() + 5), h.len());
    }

    #[test]
    fn every_position_replays_and_turns_map_both_ways() {
        let g = finished(5);
        let h = g.history();
        assert!(g.is_over());
        assert_eq!(game_at(&g, h.len()).scores(), g.scores());
        assert_eq!(game_at(&g, h.len() + 9).history().len(), h.len());
        assert_eq!(turns::<Game>(h), g.turns());
        assert_eq!(position_after_turn::<Game>(h, 0), 0);
        assert_eq!(position_after_turn::<Game>(h, g.turns()), h.len());
        for n in (0..=h.len()).step_by(7) {
            let at = game_at(&g, n);
            assert_eq!(at.history(), &h[..n]);
            assert_eq!(at.turns(), turn_at::<Game>(h, n), "position {n}");
        }
        for t in 0..=g.turns() {
            let n = position_after_turn::<Game>(h, t);
            assert_eq!(turn_at::<Game>(h, n), t);
            // The next decision, if any, places the next tile.
            if n < h.len() {
                assert!(matches!(h[n], Choice::Place { .. }));
            }
        }
        assert!(!game_at(&g, h.len() - 1).is_over());
    }
}
