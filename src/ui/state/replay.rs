//! The replay's state: the game after its first N decisions, drawn as a game
//! in play with nothing to click. The bar that steps through it is
//! ui/replay_bar.rs.

use super::play::Play;
use engine::any::AnyGame;
use view::palette::Seat;
use view::targets::Targets;
use view::Shared;

/// The replay's position and the view of the game there.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// Decisions shown.
    pub n: usize,
    /// Decisions in the whole game.
    pub total: usize,
    /// The game at that position, drawn as a game in play with nothing to
    /// click.
    pub play: Play,
}

impl Replay {
    pub fn at(game: &AnyGame, seats: &[Seat], n: usize) -> Replay {
        let total = game.decisions();
        let n = n.min(total);
        let mut play = Play::new(game.at(n), seats.to_vec());
        play.targets = Shared::new(Targets::default());
        play.view_only = true;
        play.ui.over_closed = true;
        play.view.prompt_base.buttons.clear();
        play.view.prompt_base.detail = i18n::msg::replay::detail(n, total);
        Replay { n, total, play }
    }

    /// The replay of the game in play at `n`: a fair game's tile in hand
    /// at its last position is shown only when the deal gave it.
    pub fn of(p: &Play, n: usize) -> Replay {
        let mut r = Replay::at(&p.game, &p.seats, n);
        if p.fair.is_some() {
            r.play.fair = p.fair.clone();
            r.play.known = r.n < r.total || p.known;
            r.play.hide_unknown_hand();
        }
        r
    }
}
