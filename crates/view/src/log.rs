//! The game log's text, whatever the ruleset: the engine's events told turn
//! by turn in plain sentences (what was placed, what scored, for whom and
//! why), and the words every sentence uses. A ruleset's adapter
//! (`city.rs`) tells each of its events; `ui::game_log` shows the turns.

use i18n::msg::words_log as m;

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
    crate::words::list_words(&list).unwrap_or_else(|| i18n::msg::words::nobody().to_string())
}

/// A seat's name ("?" for a seat without one).
pub fn name(p: u8, names: &[String]) -> &str {
    names.get(p as usize).map_or("?", String::as_str)
}

/// The sentence with its first letter in upper case. ASCII only: every
/// sentence starts with the game's own words, and those it is used on
/// (the log's sentences, the sources of points) start with an ASCII letter
/// in all seven languages' files today (a word starting "é" would stay
/// lower case); Unicode's case
/// tables would cost 9.8 KB gzipped before the first screen and 20.7 KB for
/// offline play (measured: docs/loading.md).
pub fn capitalise(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// Whom a completed feature's points went to, ending its sentence: ":
/// Anna scores 4 points.", ": Anna and Bert score 4 points each.", ":
/// nobody had a follower on it."
pub fn who_scores(winners: u8, points: u32, names: &[String]) -> String {
    format!(": {}.", scores_clause(winners, points, names))
}

/// Whom a completed feature's points went to, as a clause a whole
/// sentence's message places: "Anna scores 4 points", "Anna and Bert score
/// 4 points each", "nobody had a follower on it".
pub fn scores_clause(winners: u8, points: u32, names: &[String]) -> String {
    if winners == 0 {
        m::nobody_scores().to_string()
    } else if winners.count_ones() > 1 {
        m::score_each(&names_of(winners, names), points)
    } else {
        m::scores(&names_of(winners, names), points)
    }
}

/// " 2 followers go home.": the followers a scoring returned, after its
/// sentence; nothing for none.
pub fn followers_home(returned: u32) -> String {
    if returned == 0 {
        return String::new();
    }
    format!(" {}", m::followers_home(returned))
}

/// The whole log, turn by turn, oldest first: `turn` tells an event's turn,
/// `placer` who placed the turn's tile (on the event that says so) and
/// `sentence` the event in words (`None`: the log leaves it out). Turns with
/// nothing to tell are left out.
pub fn turns<E>(
    events: &[E],
    turn: impl Fn(&E) -> u32,
    placer: impl Fn(&E) -> Option<u8>,
    sentence: impl Fn(&E) -> Option<LogLine>,
) -> Vec<LogTurn> {
    let mut out: Vec<LogTurn> = Vec::new();
    for e in events {
        let n = turn(e);
        if out.last().is_none_or(|t| t.turn != n) {
            out.push(LogTurn {
                turn: n,
                player: None,
                lines: Vec::new(),
            });
        }
        let Some(t) = out.last_mut() else { continue };
        if let Some(player) = placer(e) {
            t.player = Some(player);
        }
        if let Some(line) = sentence(e) {
            t.lines.push(line);
        }
    }
    out.retain(|t| !t.lines.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_counts_and_capitals_read_as_english() {
        let names: Vec<String> = ["A", "B", "C"].iter().map(|s| s.to_string()).collect();
        assert_eq!(names_of(0, &names), "nobody");
        assert_eq!(names_of(0b010, &names), "B");
        assert_eq!(names_of(0b101, &names), "A and C");
        assert_eq!(names_of(0b111, &names), "A, B and C");
        assert_eq!(name(7, &names), "?");
        assert_eq!(capitalise("coins"), "Coins");
        assert_eq!(capitalise("école"), "école");
        assert_eq!(capitalise(""), "");
    }

    #[test]
    fn turns_group_the_events_and_leave_out_silent_turns() {
        // (turn, placer, sentence)
        let events = [
            (0, None, Some("setup")),
            (1, Some(0), Some("placed")),
            (1, None, None),
            (2, Some(1), None),
            (3, None, Some("scored")),
            (3, Some(0), Some("placed")),
        ];
        let turns = turns(
            &events,
            |e| e.0,
            |e| e.1,
            |e| {
                e.2.map(|t| LogLine {
                    text: t.to_string(),
                    scored: t == "scored",
                })
            },
        );
        let got: Vec<(u32, Option<u8>, usize)> = turns
            .iter()
            .map(|t| (t.turn, t.player, t.lines.len()))
            .collect();
        assert_eq!(got, [(0, None, 1), (1, Some(0), 1), (3, Some(0), 2)]);
        assert!(turns[2].lines[0].scored && !turns[2].lines[1].scored);
    }
}
