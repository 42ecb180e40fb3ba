//! Why a reviewed move was not the best (issue 40): what the best move
//! gains, in the game's words, from the engine's own scoring of the two
//! lines (the best move with its follow-up, the move played with the one
//! played), never guessed: the points each line scores at once and for whom
//! (which feature, how large), the followers each keeps, and the scores
//! each leaves as the board stands (`projected`). When none of these tells
//! them apart, the gain is only in the review's playouts, and it says so.

use crate::review::{points_words, Reviewed};
use crate::scene::events_since;
use engine::any::{AnyChoice, AnyGame};
use i18n::msg;

/// What a line did, read from the engine after it.
#[derive(Debug)]
struct Outcome {
    /// Every feature scored at once: its words and what each seat got.
    scored: Vec<(String, Vec<u32>)>,
    /// The scores now; the game, for the scores as they would stand were
    /// it over now (`projected`, the dearest part: asked for only when the
    /// points scored at once do not tell the two lines apart).
    scores: Vec<u32>,
    game: AnyGame,
    /// Followers in supply.
    supply: Vec<u32>,
}

/// The smallest gain, in points, a reason is given for: less is the
/// valuation's business.
const WORTH: u32 = 2;

/// `first` and `then` played on `before` (a follow-up step of the same seat
/// completed with its first choice, "none", so that the turn's scoring
/// happens), and what the engine says of the position reached.
fn outcome(before: &AnyGame, first: AnyChoice, then: Option<AnyChoice>) -> Option<Outcome> {
    let mut g = before.clone();
    g.set_logging(true);
    let seat = g.to_move();
    let turn = g.turn();
    g.play(first).ok()?;
    if let Some(t) = then {
        g.play(t).ok()?;
    }
    // The rest of the seat's move, as the engine scores a placement's
    // completions only after its follow-up step.
    for _ in 0..4 {
        if g.is_over() || g.to_move() != seat || g.turn() != turn {
            break;
        }
        let Some(&c) = g.legal_choices().first() else {
            break;
        };
        g.play(c).ok()?;
    }
    let players = g.players().len();
    let (scored, supply) = match (before, &g) {
        (AnyGame::City(b), AnyGame::City(a)) => (
            city_scored(b, a, players),
            a.players().iter().map(|p| p.supply as u32).collect(),
        ),
        (AnyGame::Classic(b), AnyGame::Classic(a)) => (
            classic_scored(b, a),
            a.players().iter().map(|p| p.supply as u32).collect(),
        ),
        _ => return None,
    };
    Some(Outcome {
        scored,
        scores: g.scores(),
        game: g,
        supply,
    })
}

fn city_scored(
    before: &engine::city::Game,
    after: &engine::city::Game,
    players: usize,
) -> Vec<(String, Vec<u32>)> {
    use engine::city::events::Event;
    let Some(events) = events_since(before, after) else {
        return Vec::new();
    };
    events
        .iter()
        .filter_map(|l| match l.event {
            Event::FeatureScored {
                kind,
                tiles,
                goods,
                points,
                winners,
                ..
            } => {
                let paid = (0..players)
                    .map(|s| if winners & (1 << s) != 0 { points } else { 0 })
                    .collect();
                Some((crate::city::log::feature_phrase(kind, tiles, goods), paid))
            }
            _ => None,
        })
        .collect()
}

fn classic_scored(
    before: &engine::classic::Game,
    after: &engine::classic::Game,
) -> Vec<(String, Vec<u32>)> {
    use engine::classic::events::Event;
    use engine::classic::FeatureKind;
    let Some(events) = events_since(before, after) else {
        return Vec::new();
    };
    let players = after.players().len();
    events
        .iter()
        .filter_map(|l| match l.event {
            Event::FeatureScored {
                kind, tiles, paid, ..
            } => {
                let what = match kind {
                    FeatureKind::Road => msg::review::what_road(tiles as u64),
                    FeatureKind::City => msg::review::what_city(tiles as u64),
                    FeatureKind::Cloister => msg::review::what_cloister().to_string(),
                    FeatureKind::Field => msg::review::what_field(tiles as u64),
                };
                Some((what, paid[..players].to_vec()))
            }
            _ => None,
        })
        .collect()
}

/// The feature that paid `seat` most in `o`, and what it paid.
fn best_scoring(o: &Outcome, seat: usize) -> Option<(&str, u32)> {
    o.scored
        .iter()
        .map(|(w, paid)| (w.as_str(), paid.get(seat).copied().unwrap_or(0)))
        .filter(|&(_, p)| p > 0)
        .max_by_key(|&(_, p)| p)
}

/// Followers in supply, per seat.
fn supply(g: &AnyGame) -> Vec<u32> {
    match g {
        AnyGame::City(g) => g.players().iter().map(|p| p.supply as u32).collect(),
        AnyGame::Classic(g) => g.players().iter().map(|p| p.supply as u32).collect(),
    }
}

fn at(v: &[u32], s: usize) -> i64 {
    v.get(s).copied().unwrap_or(0) as i64
}

/// Why the best move of `r` is better than the move played, in the game's
/// words ("the best move completes a city of 5 tiles: 10 points for you");
/// `before`: the game before the decision; `then`: the move played's
/// follow-up, if the seat went on with its move (the follower after a tile). `None` for the judge's own move and for a
/// move that lost nothing.
pub fn why(
    before: &AnyGame,
    names: &[String],
    r: &Reviewed,
    then: Option<AnyChoice>,
) -> Option<String> {
    if r.loss <= 0.0 || r.played == r.best {
        return None;
    }
    let best = outcome(before, r.best, r.best_then)?;
    let played = outcome(before, r.played, then)?;
    let me = r.seat as usize;
    let name = |s: usize| {
        names
            .get(s)
            .cloned()
            .unwrap_or_else(|| msg::new_game::default_player(s + 1))
    };
    let pts = |n: i64| points_words(n as f64);
    let others = (0..best.scores.len()).filter(|&s| s != me);
    // 1. Points for the seat at once.
    let now_gain = at(&best.scores, me) - at(&played.scores, me);
    if now_gain >= WORTH as i64 {
        if let Some((what, p)) = best_scoring(&best, me) {
            return Some(msg::review::why_completes(what, &pts(p as i64)));
        }
    }
    // 2. Points the move played gave another seat at once.
    if let Some((o, gift)) = others
        .clone()
        .map(|o| (o, at(&played.scores, o) - at(&best.scores, o)))
        .max_by_key(|&(_, g)| g)
    {
        if gift >= WORTH as i64 {
            if let Some((what, p)) = best_scoring(&played, o) {
                return Some(msg::review::why_gave(what, &pts(p as i64), &name(o)));
            }
        }
    }
    // 3. The projected scores: for the seat, then against the others.
    let (best_projected, played_projected) = (
        best.game.projected().scores(),
        played.game.projected().scores(),
    );
    let mine = at(&best_projected, me) - at(&played_projected, me);
    let kept = at(&best.supply, me) - at(&played.supply, me);
    let theirs = others
        .map(|o| (o, at(&played_projected, o) - at(&best_projected, o)))
        .max_by_key(|&(_, g)| g);
    if kept > 0 && mine > -(WORTH as i64) {
        return Some(msg::review::why_keeps().to_string());
    }
    // At a follower's own decision, a best that puts the follower down
    // gains by where it stands (the tile was laid already).
    let down = crate::any::placement_of(r.played).is_none()
        && at(&best.supply, me) < at(&supply(before), me);
    if mine >= WORTH as i64 {
        return Some(if kept < 0 || down {
            msg::review::why_follower(&pts(mine))
        } else {
            msg::review::why_more(&pts(mine))
        });
    }
    if let Some((o, less)) = theirs.filter(|&(_, g)| g >= WORTH as i64) {
        return Some(msg::review::why_blocks(&name(o), &pts(less)));
    }
    Some(msg::review::why_later(&points_words(r.loss)))
}
