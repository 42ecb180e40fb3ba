//! Classic events in sentences, turn by turn, and the end of the game's
//! scoring item by item (what was unfinished, the farms, the coins).

use super::targets::wood_words;
use crate::log::{self, followers_home, name, names_of, who_scores, LogLine, LogTurn};
use crate::panel::EndLine;
use crate::words::{cell_name, dirs_words};
use engine::classic::events::FeatureAt;
use engine::classic::scoring::ValuedBy;
use engine::classic::{EndReason, Event, FarmScoring, FeatureKind, Game, Logged};
use engine::core::rules::MAX_SEATS;
use engine::TileGame;
use i18n::msg::{classic_describe as d, classic_log as m};

/// Why the game ended, as a clause.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::PileEmpty => i18n::msg::classic_end::pile_empty(),
        EndReason::NoPlayable => i18n::msg::classic_end::no_playable(),
    }
}

/// A scored feature's sentence up to whom it paid: named by its size and
/// the cell of its first tile, completed or unfinished at the end ("The
/// road of 4 tiles at 1,0 was completed", "Unfinished at the end, the
/// plaza city of 5 tiles at 2,0"), each kind its whole sentence.
fn scored_head(
    kind: FeatureKind,
    at: &str,
    tiles: u32,
    pennants: u32,
    plaza: bool,
    at_end: bool,
) -> String {
    let p = || d::pennants(pennants);
    match (kind, plaza, pennants > 0, at_end) {
        (FeatureKind::Cloister, _, _, false) => m::completed_cloister(at),
        (FeatureKind::Cloister, _, _, true) => m::unfinished_cloister(at),
        (FeatureKind::City, false, false, false) => m::completed_city(tiles, at),
        (FeatureKind::City, false, false, true) => m::unfinished_city(tiles, at),
        (FeatureKind::City, false, true, false) => m::completed_city_pennants(tiles, &p(), at),
        (FeatureKind::City, false, true, true) => m::unfinished_city_pennants(tiles, &p(), at),
        (FeatureKind::City, true, false, false) => m::completed_plaza(tiles, at),
        (FeatureKind::City, true, false, true) => m::unfinished_plaza(tiles, at),
        (FeatureKind::City, true, true, false) => m::completed_plaza_pennants(tiles, &p(), at),
        (FeatureKind::City, true, true, true) => m::unfinished_plaza_pennants(tiles, &p(), at),
        (_, _, _, false) => m::completed_road(tiles, at),
        (_, _, _, true) => m::unfinished_road(tiles, at),
    }
}

/// An unfinished feature that scores nothing at the end, as a rule says
/// (the plaza city, O2.3; a guesthouse road, O5.3), for whom it would have
/// paid; `None` when no rule says so.
fn scores_nothing(at: &str, tiles: u32, pennants: u32, by: ValuedBy, who: &str) -> Option<String> {
    Some(match by {
        ValuedBy::Plaza if pennants > 0 => {
            m::nothing_plaza_pennants(tiles, &d::pennants(pennants), at, who)
        }
        ValuedBy::Plaza => m::nothing_plaza(tiles, at, who),
        ValuedBy::Guesthouse => m::nothing_guesthouse(tiles, at, who),
        _ => return None,
    })
}

/// Why a feature's points are not the base game's count, as a clause after
/// its name ("" when they are, or when its name says so: the plaza city).
fn valued_by(by: ValuedBy) -> Option<&'static str> {
    match by {
        ValuedBy::Guesthouse => Some(m::by_guesthouse()),
        ValuedBy::Coins => Some(m::by_coins()),
        ValuedBy::FixedPoints => Some(m::by_gates()),
        ValuedBy::Plaza | ValuedBy::Base => None,
    }
}

/// The pieces a proportional scoring is shared out by.
#[derive(Clone, Copy)]
enum Role {
    Knights,
    Followers,
    Farmers,
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
    role: Role,
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
                if k == 0 {
                    m::paid_first(name(p as u8, names), paid[p])
                } else {
                    m::paid_next(name(p as u8, names), paid[p])
                }
            })
            .collect();
        match each.as_slice() {
            [init @ .., last] => m::paid_list(&init.join(", "), last),
            [] => String::new(),
        }
    };
    let up = total > points;
    match (role, up) {
        (Role::Knights, false) => m::shared_knights(&payments, points),
        (Role::Knights, true) => m::shared_knights_up(&payments, points),
        (Role::Followers, false) => m::shared_followers(&payments, points),
        (Role::Followers, true) => m::shared_followers_up(&payments, points),
        (Role::Farmers, false) => m::shared_farmers(&payments, points),
        (Role::Farmers, true) => m::shared_farmers_up(&payments, points),
    }
}

/// Where a feature is, named apart from any other: the cell of its first
/// tile and, but for a cloister, the sides its region there reaches ("0,0
/// (north and west)": two roads from one crossing, two farms by one tile,
/// are told apart), read on `game`'s board.
pub fn at_words(game: &Game, kind: FeatureKind, at: FeatureAt) -> String {
    let cell = cell_name(at.cell);
    if kind == FeatureKind::Cloister {
        return cell;
    }
    let Some(i) = game.board().tile_at(at.cell) else {
        return cell;
    };
    let p = game.board().placed()[i];
    let def = game.catalogue().get(p.tile);
    let reach = if (at.region as usize) < def.regions.len() {
        def.reach(p.rot, at.region)
    } else {
        match game.bridge_on(i) {
            Some(a) => a.mask(),
            None => return cell,
        }
    };
    i18n::msg::words::cell_reach(&cell, &reach_words(reach))
}

/// The sides a region reaches, or "the middle" for none (a city behind
/// four gates).
pub fn reach_words(mask: u8) -> String {
    match mask {
        0 => i18n::msg::words::middle().into(),
        m => dirs_words(m),
    }
}

/// One event as a sentence; `None` for events the log leaves out.
pub fn sentence(e: &Event, game: &Game, names: &[String]) -> Option<LogLine> {
    let cat = game.catalogue();
    let plain = |text: String| {
        Some(LogLine {
            text,
            scored: false,
        })
    };
    match *e {
        Event::TileRemoved { tile } => plain(m::tile_removed(cat.id(tile))),
        Event::TileReturned { tile } => plain(m::tile_returned(cat.id(tile))),
        Event::TilePlaced {
            player, cell, wood, ..
        } => plain(match wood_words(wood) {
            Some(w) => m::placed_wood(name(player, names), &cell_name(cell), &w),
            None => m::placed(name(player, names), &cell_name(cell)),
        }),
        Event::GuesthousePlaced { player, .. } => plain(m::guesthouse_built(name(player, names))),
        Event::CoinsTaken { player, coins } => {
            plain(m::coins_taken(name(player, names), coins as u32))
        }
        Event::WyvernMoved { to: Some(c) } => plain(m::wyvern_flies(&cell_name(c))),
        Event::WyvernMoved { to: None } => plain(m::wyvern_aside().into()),
        Event::FollowerPlaced { player, kind, .. } => {
            let who = name(player, names);
            plain(match kind {
                FeatureKind::Road => m::put_thief(who),
                FeatureKind::City => m::put_knight(who),
                FeatureKind::Cloister => m::put_monk(who),
                FeatureKind::Field => m::put_farmer(who),
            })
        }
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
            let at = at_words(game, kind, at);
            let nothing = (at_end && winners != 0)
                .then(|| scores_nothing(&at, tiles, pennants, by, &names_of(winners, names)))
                .flatten();
            if let Some(text) = nothing {
                // "…scores nothing for Ann: a plaza city scores only when completed."
                return Some(LogLine {
                    text,
                    scored: false,
                });
            }
            let mut text = scored_head(kind, &at, tiles, pennants, by == ValuedBy::Plaza, at_end);
            if let Some(why) = valued_by(by) {
                text.push(' ');
                text.push_str(why);
            }
            let role = if kind == FeatureKind::City {
                Role::Knights
            } else {
                Role::Followers
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
            // (Per city, B9.2 and B9.3: the city is named.)
            let kind = match rule {
                FarmScoring::Third => FeatureKind::Field,
                _ => FeatureKind::City,
            };
            let place = at_words(game, kind, at);
            let what = match rule {
                // Per farm (B9.1; O2.2 needs `3rd`, B9.4).
                FarmScoring::Third => m::farm(tiles, &place, &m::completed_cities(cities)),
                // Per completed city (B9.2, B9.3).
                FarmScoring::Second => m::farm_city_second(tiles, &place),
                FarmScoring::First => m::farm_city_first(tiles, &place),
            };
            Some(LogLine {
                text: format!(
                    "{what}{}",
                    who_is_paid(winners, points, &paid, proportional, Role::Farmers, names)
                ),
                scored: winners != 0 && points > 0,
            })
        }
        Event::CoinsScored {
            player,
            coins,
            points,
        } => Some(LogLine {
            text: m::coins_scored(
                name(player, names),
                &d::coins(coins as u32),
                &m::points(points),
            ),
            scored: points > 0,
        }),
        Event::GameEnded { by } => plain(m::game_ends(end_reason(by))),
    }
}

/// The log of a classic game's events, turn by turn, oldest first.
pub fn log_turns(events: &[Logged], game: &Game, names: &[String]) -> Vec<LogTurn> {
    log::turns(
        events,
        |l| l.turn,
        |l| match l.event {
            Event::TilePlaced { player, .. } => Some(player),
            _ => None,
        },
        |l| sentence(&l.event, game, names),
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
        let Some(line) = sentence(&l.event, game, names) else {
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
