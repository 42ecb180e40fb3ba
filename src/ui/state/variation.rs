//! "Try it" (issue 40): from a reviewed decision, a variation played on the
//! review's board: the seat of that decision is the player's, the others
//! the review's judge, and the computer plays on. It is never the game: the
//! game, its save and its review stay as they were; "Back to the game"
//! leaves it. Also the next and previous mistake of one's own.

use super::app::Action;
use super::play::Play;
use crate::ui::worker::FromEngine;
use computer::review::Class;
use computer::Level;
use engine::any::AnyGame;
use view::palette::Seat;
use view::review::Reviewed;

/// A variation being played from a reviewed decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Variation {
    /// The reviewed decision it starts at (its index in the review's list)
    /// and the decisions of the game before it.
    pub index: usize,
    pub from: usize,
    /// The seat the player plays.
    pub seat: u8,
    pub play: Play,
}

impl Variation {
    /// From the position before decision `r` of `game`: its seat a person's,
    /// the others played by `level`. Undo stops at that position.
    pub fn new(game: &AnyGame, seats: &[Seat], index: usize, r: &Reviewed, level: Level) -> Self {
        let pos = game.at(r.n);
        let seat = pos.to_move();
        let seats: Vec<Seat> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| Seat {
                computer: (i != usize::from(seat)).then_some(level),
                ..s.clone()
            })
            .collect();
        let mut play = Play::new(pos, seats);
        play.floor = r.n;
        Variation {
            index,
            from: r.n,
            seat,
            play,
        }
    }

    /// The same, with the reviewed best move (and the follow-up the judge
    /// had in mind) played at once.
    pub fn with_best(
        game: &AnyGame,
        seats: &[Seat],
        index: usize,
        r: &Reviewed,
        level: Level,
    ) -> Self {
        let mut v = Variation::new(game, seats, index, r, level);
        v.play.play(r.best);
        if let Some(then) = r.best_then {
            if v.play.game.to_move() == v.seat && v.play.game.legal_choices().contains(&then) {
                v.play.play(then);
            }
        }
        v
    }

    /// Decisions played in the variation so far.
    pub fn moves(&self) -> usize {
        self.play.game.decisions().saturating_sub(self.from)
    }

    /// A play action on the variation's board (the review's reducer hands
    /// them over while a variation is open); false for any other action.
    pub fn act(&mut self, a: &Action) -> bool {
        let p = &mut self.play;
        match a {
            // Only the answers to the variation's own requests.
            Action::Engine(answer) => {
                let asked = p.engine_ask().map(|a| a.request);
                match answer {
                    FromEngine::Progress { request, .. }
                    | FromEngine::Decided { request, .. }
                    | FromEngine::Failed { request, .. }
                        if asked == Some(*request) =>
                    {
                        p.engine(answer.clone())
                    }
                    _ => return false,
                }
            }
            // The language changed: the review's words are made again too.
            Action::Relabel => {
                p.relabel();
                return false;
            }
            Action::Hint => p.ask_hint(false),
            Action::TypedHint => p.ask_hint(true),
            Action::Undo => p.undo(),
            a => return play_action(p, a),
        }
        true
    }

    /// Esc: first what is tentative on the board, then the variation.
    pub fn cancel(&mut self) -> bool {
        let ui = &self.play.ui;
        if ui.tentative.is_some() || ui.focus.is_some() || ui.message.is_some() {
            self.play.cancel();
            true
        } else {
            false
        }
    }
}

/// A person's action on a board (a variation's, a puzzle's): the tile
/// turned, a space or a target chosen, confirmed, an arrow key, "no";
/// nothing while a computer is to move. False for any other action.
pub fn play_action(p: &mut Play, a: &Action) -> bool {
    let humans_move = p.computer_to_move().is_none();
    match a {
        Action::Rotate
        | Action::RotateBack
        | Action::PickCell(_)
        | Action::Choose(_)
        | Action::Confirm
        | Action::Arrow(_)
        | Action::No
            if !humans_move => {}
        Action::Rotate => p.rotate(false),
        Action::RotateBack => p.rotate(true),
        Action::PickCell(c) => p.pick_cell(*c),
        Action::Choose(c) => p.play(*c),
        Action::Confirm => p.confirm(),
        Action::Arrow(x) => p.arrow(*x),
        Action::No => p.say_no(),
        _ => return false,
    }
    true
}

/// The next (or previous, `forward` false) mistake or blunder of a person's
/// seat after (before) `from`, an index into `decisions`; every seat's when
/// no seat is a person's. `None` when there is none that way.
pub fn next_mistake(
    decisions: &[Reviewed],
    seats: &[Seat],
    from: Option<usize>,
    forward: bool,
) -> Option<usize> {
    let people: Vec<u8> = (0..seats.len() as u8)
        .filter(|&s| seats[s as usize].computer.is_none())
        .collect();
    let own = |r: &Reviewed| people.is_empty() || people.contains(&r.seat);
    let is = |i: usize| {
        let r = &decisions[i];
        matches!(r.class, Class::Mistake | Class::Blunder) && own(r)
    };
    if forward {
        let start = from.map_or(0, |i| i + 1);
        (start..decisions.len()).find(|&i| is(i))
    } else {
        let end = from.unwrap_or(decisions.len()).min(decisions.len());
        (0..end).rev().find(|&i| is(i))
    }
}
