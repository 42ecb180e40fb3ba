//! Classic events in sentences, turn by turn, and the end of the game's
//! scoring item by item (what was unfinished, the farms, the coins).

use super::targets::wood_words;
use crate::engine::classic::events::FeatureAt;
use crate::engine::classic::scoring::ValuedBy;
use crate::engine::classic::{Catalogue, EndReason, Event, FarmScoring, FeatureKind, Game, Logged};
use crate::engine::core::rules::MAX_SEATS;
use crate::engine::TileGame;
use crate::view::log::{
    self, capitalise, followers_home, name, names_of, plural, who_scores, LogLine, LogTurn,
};
use crate::view::panel::EndLine;
use crate::view::words::cell_name;

/// Why the game ended, as a clause.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::PileEmpty => crate::i18n::msg::classic_end::pile_empty(),
        EndReason::NoPlayable => crate::i18n::msg::classic_end::no_playable(),
    }
}

/// "a cloister", "a road of 3 tiles", "a city of 2 tiles with 1 pennant":
/// a feature as the text view describes it beside its cell.
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

/// "the road of 4 tiles at 1,0", "the city of 3 tiles with 2 pennants at
/// 0,-1", "the cloister at 0,1", "the plaza city of 5 tiles at 2,0": a
/// feature named by its size and the cell of its first tile.
pub fn feature_name(
    kind: FeatureKind,
    at: FeatureAt,
    tiles: u32,
    pennants: u32,
    plaza: bool,
) -> String {
    let at = cell_name(at.cell);
    match kind {
        FeatureKind::Cloister => format!("the cloister at {at}"),
        FeatureKind::City => format!(
            "the {}city of {}{} at {at}",
            if plaza { "plaza " } else { "" },
            plural(tiles, "tile", "tiles"),
            if pennants > 0 {
                format!(" with {}", plural(pennants, "pennant", "pennants"))
            } else {
                String::new()
            }
        ),
        k => format!(
            "the {} of {} at {at}",
            k.name(),
            plural(tiles, "tile", "tiles")
        ),
    }
}

/// Why a feature's points are not the base game's count, as a clause after
/// its name ("" when they are, or when its name says so: the plaza city).
fn valued_by(by: ValuedBy) -> &'static str {
    match by {
        ValuedBy::Guesthouse => " (a guesthouse road: 2 points a tile)",
        ValuedBy::Coins => " (with coins, pennants score nothing)",
        ValuedBy::FixedPoints => " (its gates fix its points)",
        ValuedBy::Plaza | ValuedBy::Base => "",
    }
}

/// Why an unfinished feature scores nothing at the end, if a rule says so:
/// the plaza city (O2.3) and a guesthouse road (O5.3).
fn nothing_at_end(by: ValuedBy) -> Option<&'static str> {
    match by {
        ValuedBy::Plaza => Some("a plaza city scores only when completed"),
        ValuedBy::Guesthouse => Some("a road with a guesthouse scores only when completed"),
        _ => None,
    }
}

/// Whom a scoring paid and how much, ending its sentence: [`who_scores`]
/// by majority (every winner the full points); proportionally (O2.1), what
/// each was paid and how `points` were shared out by their `role`s
/// (each one's part rounded up).
fn who_is_paid(
    winners: u8,
    points: u32,
    paid: &[u32],
    proportional: bool,
    role: &str,
    names: &[String],
) -> String {
    if winners == 0 || !proportional {
        return who_scores(winners, points, names);
    }
    let seats: Vec<usize> = (0..names.len().min(paid.len()))
        .filter(|&p| winners & (1 << p) != 0)
        .collect();
    let total: u32 = seats.iter().map(|&p| paid[p]).sum();
    let same = seats.iter().all(|&p| paid[p] == paid[seats[0]]);
    let payments = if same {
        // "Ann scores 8 points", "Ann and Bob score 8 points each".
        who_scores(winners, paid[seats[0]], names)
            .trim_start_matches(": ")
            .trim_end_matches('.')
            .to_string()
    } else {
        // "Ann scores 10 points and Bob 5 points".
        let each: Vec<String> = seats
            .iter()
            .enumerate()
            .map(|(k, &p)| {
                let pts = plural(paid[p], "point", "points");
                if k == 0 {
                    format!("{} scores {pts}", name(p as u8, names))
                } else {
                    format!("{} {pts}", name(p as u8, names))
                }
            })
            .collect();
        match each.as_slice() {
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
            [] => String::new(),
        }
    };
    format!(
        ": {payments}, {} shared out by their {role}{}.",
        plural(points, "point", "points"),
        if total > points {
            ", each one's part rounded up"
        } else {
            ""
        }
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
            at,
            tiles,
            pennants,
            points,
            by,
            winners,
            paid,
            returned,
            at_end,
            proportional,
        } => {
            let what = feature_name(kind, at, tiles, pennants, by == ValuedBy::Plaza);
            if let Some(why) = nothing_at_end(by).filter(|_| at_end && winners != 0) {
                // "…scores nothing for Ann: a plaza city scores only when completed."
                return Some(LogLine {
                    text: format!(
                        "Unfinished at the end, {what} scores nothing for {}: {why}.",
                        names_of(winners, names)
                    ),
                    scored: false,
                });
            }
            let mut text = if at_end {
                format!("Unfinished at the end, {what}")
            } else {
                format!("{} was completed", capitalise(&what))
            };
            text.push_str(valued_by(by));
            let role = if kind == FeatureKind::City {
                "knights"
            } else {
                "followers"
            };
            text.push_str(&who_is_paid(
                winners,
                points,
                &paid,
                proportional,
                role,
                names,
            ));
            text.push_str(&followers_home(returned));
            Some(LogLine {
                text,
                scored: winners != 0 && points > 0,
            })
        }
        Event::FarmScored {
            rule,
            at,
            tiles,
            cities,
            points,
            winners,
            paid,
            proportional,
        } => {
            let place = cell_name(at.cell);
            let what = match rule {
                // Per farm (B9.1; O2.2 needs `3rd`, B9.4).
                FarmScoring::Third => format!(
                    "The farm of {} at {place}, beside {}",
                    plural(tiles, "tile", "tiles"),
                    plural(cities, "completed city", "completed cities")
                ),
                // Per completed city (B9.2, B9.3).
                FarmScoring::Second => format!(
                    "The completed city of {} at {place}, for the most farmers in a farm beside it",
                    plural(tiles, "tile", "tiles")
                ),
                FarmScoring::First => format!(
                    "The completed city of {} at {place}, for the most farmers in its farms together",
                    plural(tiles, "tile", "tiles")
                ),
            };
            Some(LogLine {
                text: format!(
                    "{what}{}",
                    who_is_paid(winners, points, &paid, proportional, "farmers", names)
                ),
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

/// The end of the game's scoring, item by item: each unfinished road, city
/// and cloister (B8; O2.3, O5.3 say why one scores nothing), each farm or
/// city of the farms (B9) and each player's coins (O4.4), one line per
/// scoring naming every player it paid, with what each was paid.
pub fn final_lines(game: &Game, names: &[String]) -> Vec<EndLine> {
    let mut out = Vec::new();
    if !game.is_over() {
        return out;
    }
    let cat = game.catalogue();
    let seats = names.len().min(MAX_SEATS);
    for l in game.events() {
        let (winners, paid) = match l.event {
            Event::FeatureScored {
                winners,
                paid,
                at_end: true,
                ..
            }
            | Event::FarmScored { winners, paid, .. } => (winners, paid),
            Event::CoinsScored { player, points, .. } => {
                let mut paid = [0; MAX_SEATS];
                if let Some(p) = paid.get_mut(player as usize) {
                    *p = points;
                }
                (1u8 << player, paid)
            }
            _ => continue,
        };
        if winners == 0 {
            continue;
        }
        let Some(line) = sentence(&l.event, cat, names) else {
            continue;
        };
        out.push(EndLine {
            paid: (0..seats as u8)
                .filter(|&p| winners & (1 << p) != 0)
                .map(|p| (p, paid[p as usize]))
                .collect(),
            text: line.text,
        });
    }
    out
}
