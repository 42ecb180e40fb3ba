//! The City's events in sentences, turn by turn, and the end of the game's
//! scoring item by item (each guard's line, each stewards' area).

use super::walls::{buildings, end_name, guard_line, line_words, side_name};
use crate::log::{
    self, capitalise, followers_home, name, names_of, scores_clause, LogLine, LogTurn,
};
use crate::panel::EndLine;
use crate::words::cell_name;
use engine::city::events::{EndReason, Event, Logged, ScoreCause};
use engine::city::tiles::FeatureKind;
use engine::city::Game;
use engine::TileGame;
use i18n::msg;
use i18n::msg::city_log as m;

/// The follower's name on a feature of this kind.
pub fn role_name(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Street => m::citizen(),
        FeatureKind::Market => m::seller(),
        FeatureKind::Residential => m::steward(),
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
        Event::TileSetAside { .. } => plain(m::set_aside().into()),
        Event::TilePlaced { player, cell, .. } => {
            plain(m::tile_placed(name(player, names), &cell_name(cell)))
        }
        Event::FollowerPlaced { player, kind, .. } => plain(match kind {
            FeatureKind::Street => m::follower_street(name(player, names)),
            FeatureKind::Market => m::follower_market(name(player, names)),
            FeatureKind::Residential => m::follower_residential(name(player, names)),
        }),
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
            if winners == 0 && cause == ScoreCause::Closing {
                // The closing completes many empty features: not worth a line.
                return None;
            }
            let what = feature_phrase(kind, tiles, goods);
            let scores = scores_clause(winners, points, names);
            let done = match cause {
                ScoreCause::Tile => m::completed_by_tile(&what, &scores),
                ScoreCause::Gate => m::completed_by_gate(&what, &scores),
                ScoreCause::Wall => m::completed_by_wall(&what, &scores),
                ScoreCause::Closing => m::completed_by_closing(&what, &scores),
            };
            let text = format!("{}{}", capitalise(&done), followers_home(returned));
            Some(LogLine {
                text,
                scored: winners != 0 && points > 0,
            })
        }
        Event::WallRoundStarted {
            builder,
            completions,
            pieces,
        } => plain(m::round_started(
            name(builder, names),
            &m::completions(completions),
            pieces,
        )),
        Event::GatePlaced { player, side } => {
            plain(m::gate_placed(name(player, names), &side_name(side)))
        }
        Event::WallPlaced { player, arm, side } => plain(m::wall_placed(
            name(player, names),
            end_name(arm),
            &side_name(side),
        )),
        Event::GuardPlaced { player, .. } => plain(m::guard_placed(name(player, names))),
        Event::TowerPlaced { player, points, .. } => Some(LogLine {
            text: m::tower_placed(name(player, names), points),
            scored: points > 0,
        }),
        Event::GameEnded { by } => plain(m::game_ends(end_reason(by))),
        Event::ClosingWalls { sides } => {
            if sides == 0 {
                None
            } else {
                plain(m::closing_walls(sides))
            }
        }
        Event::FollowerRemoved { player, kind } => plain(match kind {
            FeatureKind::Street => m::removed_street(name(player, names)),
            FeatureKind::Market => m::removed_market(name(player, names)),
            FeatureKind::Residential => m::removed_residential(name(player, names)),
        }),
        Event::StewardsScored {
            players,
            markets,
            points,
        } => Some(LogLine {
            text: if players.count_ones() > 1 {
                m::stewards_share(
                    &names_of(players, names),
                    &m::beside_markets(markets),
                    points,
                )
            } else {
                m::stewards_hold(
                    &names_of(players, names),
                    &m::beside_markets(markets),
                    points,
                )
            },
            scored: points > 0,
        }),
        Event::GuardScored {
            player,
            public,
            historic,
            points,
        } => Some(LogLine {
            text: m::guard_scored(name(player, names), &buildings(public, historic), points),
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
            text: m::final_guard(
                name(g, names),
                &side_name(piece.side),
                &line_words(piece.side, &l),
                l.points,
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
                        text: m::final_stewards(
                            name(p, names),
                            &m::beside_markets(markets),
                            points,
                        ),
                    });
                }
            }
        }
    }
    out
}
