//! The City's events in sentences, turn by turn, and the end of the game's
//! scoring item by item (each guard's line, each stewards' area).

use super::walls::{buildings, end_name, guard_line, line_words, side_name};
use crate::engine::city::events::{EndReason, Event, Logged, ScoreCause};
use crate::engine::city::tiles::FeatureKind;
use crate::engine::city::Game;
use crate::engine::TileGame;
use crate::i18n::msg;
use crate::view::log::{
    self, capitalise, followers_home, name, names_of, plural, who_scores, LogLine, LogTurn,
};
use crate::view::panel::EndLine;

/// The follower's name on a feature of this kind.
pub fn role_name(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Street => "citizen",
        FeatureKind::Market => "seller",
        FeatureKind::Residential => "steward",
    }
}

/// Why the game ended, as a sentence.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::Closed => msg::city_log::end_closed(),
        EndReason::LastWall => msg::city_log::end_last_wall(),
        EndReason::Gap => msg::city_log::end_gap(),
        EndReason::LastTile => msg::city_log::end_last_tile(),
    }
}

/// "a street of 4 tiles", "a market of 3 tiles with 2 kinds of goods".
pub fn feature_phrase(kind: FeatureKind, tiles: u32, goods: u32) -> String {
    match kind {
        FeatureKind::Market => msg::city_log::market_of(tiles, &msg::city_log::goods(goods)),
        FeatureKind::Street => msg::city_log::street_of(tiles),
        FeatureKind::Residential => msg::city_log::residential_of(tiles),
    }
}

/// One event as a sentence; `None` for events the log leaves out.
pub fn sentence(e: &Event, names: &[String]) -> Option<LogLine> {
    let plain = |text: String| {
        Some(LogLine {
            text,
            scored: false,
        })
    };
    match *e {
        Event::TileSetAside { .. } => {
            plain("A tile that fits nowhere was set aside and another drawn.".into())
        }
        Event::TilePlaced { player, cell, .. } => plain(format!(
            "{} placed a tile at {},{}.",
            name(player, names),
            cell.x,
            cell.y
        )),
        Event::FollowerPlaced { player, kind, .. } => plain(format!(
            "{} put a {} on the {}.",
            name(player, names),
            role_name(kind),
            kind.name()
        )),
        Event::FeatureScored {
            kind,
            tiles,
            goods,
            points,
            winners,
            returned,
            cause,
            ..
        } => {
            let by = match cause {
                ScoreCause::Tile => "the tile",
                ScoreCause::Gate => "the gate",
                ScoreCause::Wall => "a wall piece",
                ScoreCause::Closing => "the closing of the wall",
            };
            if winners == 0 && cause == ScoreCause::Closing {
                // The closing completes many empty features: not worth a line.
                return None;
            }
            let what = feature_phrase(kind, tiles, goods);
            let text = format!(
                "{} was completed by {by}{}{}",
                capitalise(&what),
                who_scores(winners, points, names),
                followers_home(returned)
            );
            Some(LogLine {
                text,
                scored: winners != 0 && points > 0,
            })
        }
        Event::WallRoundStarted {
            builder,
            completions,
            pieces,
        } => plain(format!(
            "{}'s tile completed {}: a wall round of {} begins.",
            name(builder, names),
            plural(completions, "street or market", "streets or markets"),
            plural(pieces, "piece", "pieces")
        )),
        Event::GatePlaced { player, side } => plain(format!(
            "{} set the city gate on {}.",
            name(player, names),
            side_name(side)
        )),
        Event::WallPlaced { player, arm, side } => plain(format!(
            "{} built a wall piece at the {} end, on {}.",
            name(player, names),
            end_name(arm),
            side_name(side)
        )),
        Event::GuardPlaced { player, .. } => {
            plain(format!("{} posted a guard on it.", name(player, names)))
        }
        Event::TowerPlaced { player, points, .. } => Some(LogLine {
            text: format!(
                "{} built a tower: {} for the wall behind it.",
                name(player, names),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
        Event::GameEnded { by } => plain(format!("The game ends: {}.", end_reason(by))),
        Event::ClosingWalls { sides } => {
            if sides == 0 {
                None
            } else {
                plain(if sides == 1 {
                    "The last open side of the outline is walled in for the final scoring."
                        .to_string()
                } else {
                    format!(
                        "The last {sides} open sides of the outline are walled in for the final scoring."
                    )
                })
            }
        }
        Event::FollowerRemoved { player, kind } => plain(format!(
            "{}'s {} on an unfinished {} goes home without points.",
            name(player, names),
            role_name(kind),
            kind.name()
        )),
        Event::StewardsScored {
            players,
            markets,
            points,
        } => Some(LogLine {
            text: format!(
                "Stewards: {} {} a residential area beside {}: {}{}.",
                names_of(players, names),
                if players.count_ones() > 1 {
                    "share"
                } else {
                    "holds"
                },
                plural(markets, "market", "markets"),
                plural(points, "point", "points"),
                if players.count_ones() > 1 {
                    " each"
                } else {
                    ""
                }
            ),
            scored: points > 0,
        }),
        Event::GuardScored {
            player,
            public,
            historic,
            points,
        } => Some(LogLine {
            text: format!(
                "{}'s guard overlooks {}: {}.",
                name(player, names),
                buildings(public, historic),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
    }
}

/// The log of The City's events, turn by turn, oldest first.
pub fn log_turns(events: &[Logged], names: &[String]) -> Vec<LogTurn> {
    log::turns(
        events,
        |l| l.turn,
        |l| match l.event {
            Event::TilePlaced { player, .. } => Some(player),
            _ => None,
        },
        |l| sentence(&l.event, names),
    )
}

/// The end of the game's scoring, item by item: which guard scored what
/// (R12.3) and each player's stewards' area (R12.1).
pub fn final_lines(game: &Game, names: &[String]) -> Vec<EndLine> {
    let mut out = Vec::new();
    if !game.is_over() {
        return out;
    }
    for piece in &game.walls().pieces {
        let Some(g) = piece.guard else { continue };
        let l = guard_line(game, piece.side);
        out.push(EndLine {
            paid: vec![(g, l.points)],
            text: format!(
                "{}'s guard on {} watches {}: {}.",
                name(g, names),
                side_name(piece.side),
                line_words(piece.side, &l),
                plural(l.points, "point", "points")
            ),
        });
    }
    for l in game.events() {
        if let Event::StewardsScored {
            players,
            markets,
            points,
        } = l.event
        {
            for p in 0..names.len().min(8) as u8 {
                if players & (1 << p) != 0 {
                    out.push(EndLine {
                        paid: vec![(p, points)],
                        text: format!(
                            "{}'s stewards hold a residential area beside {}: {}.",
                            name(p, names),
                            plural(markets, "market", "markets"),
                            plural(points, "point", "points")
                        ),
                    });
                }
            }
        }
    }
    out
}
