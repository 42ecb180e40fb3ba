//! The game log's text: the engine's events told turn by turn in plain
//! sentences (what was placed, what scored, for whom and why). Shown by
//! `game_log.rs`.

use crate::engine::city::events::{EndReason, Event, Logged, ScoreCause};
use crate::engine::city::tiles::FeatureKind;
use crate::engine::city::walls::End;

/// One sentence of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub text: String,
    /// Points were scored (shown highlighted).
    pub scored: bool,
}

/// The sentences of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogTurn {
    /// 1-based; 0 for what happened before the first tile.
    pub turn: u32,
    /// Who placed the tile of the turn.
    pub player: Option<u8>,
    pub lines: Vec<LogLine>,
}

/// "Anna", "Anna and Bert", "Anna, Bert and Cid" from a bit set of seats.
pub fn names_of(set: u8, names: &[String]) -> String {
    let list: Vec<&str> = names
        .iter()
        .enumerate()
        .filter(|(i, _)| set & (1 << i) != 0)
        .map(|(_, n)| n.as_str())
        .collect();
    match list.as_slice() {
        [] => "nobody".to_string(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn name(p: u8, names: &[String]) -> &str {
    names.get(p as usize).map_or("?", String::as_str)
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The follower's name on a feature of this kind.
pub fn role_name(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Street => "citizen",
        FeatureKind::Market => "seller",
        FeatureKind::Residential => "steward",
    }
}

pub fn end_name(e: End) -> &'static str {
    match e {
        End::Cw => "clockwise",
        End::Ccw => "counter-clockwise",
    }
}

/// Why the game ended, as a sentence.
pub fn end_reason(r: EndReason) -> &'static str {
    match r {
        EndReason::Closed => "the city wall is closed",
        EndReason::LastWall => "the last wall piece has been built",
        EndReason::Gap => "the gap in the wall is 5 sides or fewer",
        EndReason::LastTile => "no tile is left to place",
    }
}

/// "a street of 4 tiles", "a market of 3 tiles with 2 kinds of goods".
pub fn feature_phrase(kind: FeatureKind, tiles: u32, goods: u32) -> String {
    match kind {
        FeatureKind::Market => format!(
            "a market of {} with {}",
            plural(tiles, "tile", "tiles"),
            plural(goods, "kind of goods", "kinds of goods")
        ),
        k => format!("a {} of {}", k.name(), plural(tiles, "tile", "tiles")),
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
            let mut text = format!("{} was completed by {by}", capitalise(&what));
            if winners == 0 {
                text.push_str(": nobody had a follower on it.");
            } else {
                let each = if winners.count_ones() > 1 {
                    " each"
                } else {
                    ""
                };
                text.push_str(&format!(
                    ": {} {} {}{each}.",
                    names_of(winners, names),
                    if winners.count_ones() > 1 {
                        "score"
                    } else {
                        "scores"
                    },
                    plural(points, "point", "points"),
                ));
            }
            if returned > 0 {
                text.push_str(&format!(
                    " {} {} home.",
                    plural(returned, "follower", "followers"),
                    if returned == 1 { "goes" } else { "go" }
                ));
            }
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
            "{} set the city gate on the {} side of {},{}.",
            name(player, names),
            side.dir.letter(),
            side.cell.x,
            side.cell.y
        )),
        Event::WallPlaced { player, arm, .. } => plain(format!(
            "{} built a wall piece at the {} end.",
            name(player, names),
            end_name(arm)
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
                plain(format!(
                    "The last {} of the outline {} walled in for the final scoring.",
                    plural(sides, "open side", "open sides"),
                    if sides == 1 { "is" } else { "are" }
                ))
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
                "{}'s guard overlooks {} and {}: {}.",
                name(player, names),
                plural(public, "public building", "public buildings"),
                plural(historic, "historic building", "historic buildings"),
                plural(points, "point", "points")
            ),
            scored: points > 0,
        }),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The whole log, turn by turn, oldest first.
pub fn turns(events: &[Logged], names: &[String]) -> Vec<LogTurn> {
    let mut out: Vec<LogTurn> = Vec::new();
    for l in events {
        if out.last().is_none_or(|t| t.turn != l.turn) {
            out.push(LogTurn {
                turn: l.turn,
                player: None,
                lines: Vec::new(),
            });
        }
        let Some(t) = out.last_mut() else { continue };
        if let Event::TilePlaced { player, .. } = l.event {
            t.player = Some(player);
        }
        if let Some(line) = sentence(&l.event, names) {
            t.lines.push(line);
        }
    }
    out.retain(|t| !t.lines.is_empty());
    out
}
