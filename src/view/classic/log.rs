//! Classic events in sentences, turn by turn, and the end of the game's
//! scoring item by item (what was unfinished, the farms, the coins).

use super::targets::wood_words;
use crate::engine::classic::{Catalogue, EndReason, Event, FarmScoring, FeatureKind, Game, Logged};
use crate::engine::TileGame;
use crate::view::log::{
    self, capitalise, followers_home, name, names_of, plural, who_scores, LogLine, LogTurn,
};
use crate::view::words::cell_name;

/// Why the game ended, as a clause.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::PileEmpty => "the pile is empty",
        EndReason::NoPlayable => "no tile left in the pile could be placed",
    }
}

/// "a road of 4 tiles", "a city of 3 tiles with 2 pennants", "a cloister".
pub fn feature_phrase(kind: FeatureKind, tiles: u32, pennants: u32) -> String {
    match kind {
        FeatureKind::Cloister => "a cloister".into(),
        FeatureKind::City if pennants > 0 => format!(
            "a city of {} with {}",
            plural(tiles, "tile", "tiles"),
            plural(pennants, "pennant", "pennants")
        ),
        k => format!("a {} of {}", k.name(), plural(tiles, "tile", "tiles")),
    }
}

/// [`who_scores`], or how a proportional score was shared (O2.1: by
/// followers, rounded up).
fn who_shares(winners: u8, points: u32, proportional: bool, names: &[String]) -> String {
    if winners == 0 || !proportional {
        return who_scores(winners, points, names);
    }
    format!(
        ": {} {} {} by their followers.",
        names_of(winners, names),
        if winners.count_ones() > 1 {
            "share"
        } else {
            "takes"
        },
        plural(points, "point", "points")
    )
}

/// One event as a sentence; `None` for events the log leaves out.
pub fn sentence(e: &Event, cat: &Catalogue, names: &[String]) -> Option<LogLine> {
    let plain = |text: String| {
        Some(LogLine {
            text,
            scored: false,
        })
    };
    match *e {
        Event::TileRemoved { tile } => plain(format!(
            "Tile {} fits nowhere and leaves the game; another is drawn.",
            cat.id(tile)
        )),
        Event::TileReturned { tile } => plain(format!(
            "Tile {} fits nowhere for now and goes to the bottom of the pile.",
            cat.id(tile)
        )),
        Event::TilePlaced {
            player, cell, wood, ..
        } => plain(match wood_words(wood) {
            Some(w) => format!(
                "{} placed a tile at {} {w}.",
                name(player, names),
                cell_name(cell)
            ),
            None => format!(
                "{} placed a tile at {}.",
                name(player, names),
                cell_name(cell)
            ),
        }),
        Event::GuesthousePlaced { player, .. } => plain(format!(
            "{} built their guesthouse on its road.",
            name(player, names)
        )),
        Event::CoinsTaken { player, coins } => plain(format!(
            "{} takes {} for the pennants of the cities completed.",
            name(player, names),
            plural(coins as u32, "coin", "coins")
        )),
        Event::WyvernMoved { to: Some(c) } => {
            plain(format!("The wyvern flies to the tile at {}.", cell_name(c)))
        }
        Event::WyvernMoved { to: None } => {
            plain("The wyvern is set aside: no tile is a target.".into())
        }
        Event::FollowerPlaced { player, kind, .. } => plain(format!(
            "{} put a {} on the {}.",
            name(player, names),
            kind.role(),
            kind.name()
        )),
        Event::FeatureScored {
            kind,
            tiles,
            pennants,
            points,
            winners,
            returned,
            at_end,
            proportional,
        } => {
            let what = feature_phrase(kind, tiles, pennants);
            let mut text = if at_end {
                format!("Unfinished at the end, {what}")
            } else {
                format!("{} was completed", capitalise(&what))
            };
            text.push_str(&who_shares(winners, points, proportional, names));
            text.push_str(&followers_home(returned));
            Some(LogLine {
                text,
                scored: winners != 0 && points > 0,
            })
        }
        Event::FarmScored {
            rule,
            cities,
            points,
            winners,
            proportional,
        } => {
            let what = match rule {
                _ if proportional => format!(
                    "A farm beside {}",
                    plural(cities, "completed city", "completed cities")
                ),
                FarmScoring::Third => format!(
                    "A farm beside {}",
                    plural(cities, "completed city", "completed cities")
                ),
                FarmScoring::Second | FarmScoring::First => {
                    "The farmers round a completed city".to_string()
                }
            };
            Some(LogLine {
                text: format!("{what}{}", who_shares(winners, points, proportional, names)),
                scored: winners != 0 && points > 0,
            })
        }
        Event::CoinsScored {
            player,
            coins,
            points,
        } => Some(LogLine {
            text: format!(
                "{}'s {}: {}.",
                name(player, names),
                plural(coins as u32, "coin", "coins"),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
        Event::GameEnded { by } => plain(format!("The game ends: {}.", end_reason(by))),
    }
}

/// The log of a classic game's events, turn by turn, oldest first.
pub fn log_turns(events: &[Logged], cat: &Catalogue, names: &[String]) -> Vec<LogTurn> {
    log::turns(
        events,
        |l| l.turn,
        |l| match l.event {
            Event::TilePlaced { player, .. } => Some(player),
            _ => None,
        },
        |l| sentence(&l.event, cat, names),
    )
}

/// The end of the game's scoring, item by item, as (seat, sentence,
/// points): each unfinished road, city and cloister (B8), each farm (B9)
/// and each player's coins (O4.4), for each player who scored it. A share
/// of a proportional score (O2.1) is not in the engine's events: such a
/// line gives the points shared.
pub fn final_lines(game: &Game, names: &[String]) -> Vec<(u8, String, u32)> {
    let mut out = Vec::new();
    if !game.is_over() {
        return out;
    }
    let cat = game.catalogue();
    for l in game.events() {
        let (winners, points) = match l.event {
            Event::FeatureScored {
                winners,
                points,
                at_end: true,
                ..
            }
            | Event::FarmScored {
                winners, points, ..
            } => (winners, points),
            Event::CoinsScored { player, points, .. } => (1u8 << player, points),
            _ => continue,
        };
        let Some(line) = sentence(&l.event, cat, names) else {
            continue;
        };
        for p in 0..names.len().min(8) as u8 {
            if winners & (1 << p) != 0 && points > 0 {
                out.push((p, line.text.clone(), points));
            }
        }
    }
    out
}
