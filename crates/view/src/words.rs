//! Words every screen uses, whatever the ruleset: directions, turns, places
//! on the board, and error messages told in a player's words rather than a
//! parser's.

use engine::core::geom::{Cell, Dir, Rotation};
use i18n::msg;

/// `text` as a sentence: a full stop at its end, unless it ends with one
/// already or with a question or exclamation mark ("… the new tile?", not
/// "… the new tile?.").
pub fn sentence(text: &str) -> String {
    let text = text.trim_end();
    if text.ends_with(['.', '?', '!']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// "north", "east", ... (in the chosen language).
pub fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::N => msg::words::north(),
        Dir::E => msg::words::east(),
        Dir::S => msg::words::south(),
        Dir::W => msg::words::west(),
    }
}

/// "A and B", "A, B and C": a list in the chosen language's words; `None`
/// for an empty list.
pub fn list_words<S: AsRef<str>>(items: &[S]) -> Option<String> {
    match items {
        [] => None,
        [one] => Some(one.as_ref().to_string()),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            Some(msg::words::list(&init.join(", "), last.as_ref()))
        }
    }
}

/// A cell as the board's coordinates show it: "2,−1" (x east, y south).
pub fn cell_name(c: Cell) -> String {
    format!("{},{}", c.x, c.y)
}

/// "0°", "90°", ...: a rotation as a clockwise turn.
pub fn turn_name(rot: Rotation) -> String {
    format!("{}°", rot.quarter_turns() as u32 * 90)
}

/// "north and east", "north, east and south".
pub fn dirs_words(mask: u8) -> String {
    let v: Vec<&str> = Dir::ALL
        .iter()
        .filter(|d| mask & (1 << d.index()) != 0)
        .map(|&d| dir_name(d))
        .collect();
    list_words(&v).unwrap_or_else(|| msg::words::no_side().to_string())
}

/// A message from a parser or a decoder in a player's words: the phrases
/// of serde and of the record reader a player cannot be expected to know
/// ("invalid type: map", "decimal u64", "at line 1 column 30") become plain
/// words in the chosen language (`msg::plain`). Anything else is kept.
pub fn plain(text: &str) -> String {
    let mut s = text.to_string();
    // serde_json's position: "… at line 1 column 30".
    while let Some(i) = s.find(" at line ") {
        let tail = &s[i + 9..];
        let n = tail
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == ' '))
            .unwrap_or(tail.len());
        if !tail[..n].contains(" column ") {
            break;
        }
        s.replace_range(i..i + 9 + tail[..n].trim_end().len(), "");
    }
    // A span from a phrase to the next ';' or ')' (or the end), replaced.
    let span = |s: &mut String, from: &str, to: &dyn Fn(&str) -> String| {
        while let Some(i) = s.find(from) {
            let n = s[i..].find([';', ')']).unwrap_or(s.len() - i);
            let words = to(&s[i..i + n]);
            s.replace_range(i..i + n, &words);
        }
    };
    // The name between the first pair of backticks.
    fn field(t: &str) -> &str {
        t.split('`').nth(1).unwrap_or("?")
    }
    span(&mut s, "invalid type: ", &|_| {
        msg::plain::wrong_kind().into()
    });
    span(&mut s, "invalid value: ", &|_| {
        msg::plain::not_allowed().into()
    });
    span(&mut s, "unknown field `", &|t| {
        msg::plain::unexpected_field(field(t))
    });
    span(&mut s, "missing field `", &|t| {
        msg::plain::missing_field(field(t))
    });
    span(&mut s, "EOF while parsing", &|_| {
        msg::plain::ends_early().into()
    });
    for (from, to) in [
        ("a decimal u64", msg::plain::a_whole_number()),
        ("decimal u64", msg::plain::whole_number()),
        ("trailing characters", msg::plain::extra_text()),
        ("expected value", msg::plain::not_expected_form()),
        ("key must be a string", msg::plain::not_expected_form()),
    ] {
        s = s.replace(from, to);
    }
    s
}

/// A player's text quoted, as a refusal shows it: in straight quotes, its
/// letters, emoji and joiners as they are (Rust's `{:?}` would write a
/// family emoji as `👩\u{200d}👩`), only control characters escaped so that
/// they can be seen; cut to [`QUOTED_MAX`] characters and "…".
pub fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for (i, c) in text.chars().enumerate() {
        if i == QUOTED_MAX {
            out.push('…');
            break;
        }
        match c {
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// How much of a player's text a message quotes.
pub const QUOTED_MAX: usize = 60;

/// A typed line as an answer quotes it back: at most [`QUOTED_MAX`]
/// characters, then "…" (100,000 typed characters are not read back).
pub fn echo(line: &str) -> String {
    match line.char_indices().nth(QUOTED_MAX) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_keeps_its_letters_and_is_cut() {
        let family = "👩\u{200d}👩\u{200d}👧";
        assert_eq!(quoted(family), format!("\"{family}\""));
        assert!(!quoted(family).contains("\\u"));
        assert_eq!(quoted("a\tb\"c"), "\"a\\tb\\\"c\"");
        let long = "x".repeat(100_000);
        assert_eq!(quoted(&long).chars().count(), QUOTED_MAX + 3);
        assert_eq!(echo(&long).chars().count(), QUOTED_MAX + 1);
        assert_eq!(echo("1,0 90"), "1,0 90");
        assert_eq!(echo(&"é".repeat(61)), format!("{}…", "é".repeat(60)));
    }

    #[test]
    fn parser_words_become_plain_words() {
        assert_eq!(
            plain("line 3: Seed must be a decimal u64, not \"x\""),
            "line 3: Seed must be a whole number, not \"x\""
        );
        assert_eq!(
            plain(
                "saved game 1 is damaged: invalid type: map, expected a string at line 1 column 30"
            ),
            "saved game 1 is damaged: a value of the wrong kind"
        );
        assert_eq!(
            plain("saved game 2 is damaged: unknown field `future`, expected one of `id`, `name` at line 1 column 9"),
            "saved game 2 is damaged: an unexpected field “future”"
        );
        assert_eq!(
            plain("saved game 1 is damaged: missing field `record` at line 1 column 2"),
            "saved game 1 is damaged: the field “record” is missing"
        );
        assert_eq!(
            plain(
                "the saved games are not valid JSON (EOF while parsing a value at line 1 column 0)"
            ),
            "the saved games are not valid JSON (the text ends too early)"
        );
        // Plain text stays as it is.
        assert_eq!(plain("this link is damaged"), "this link is damaged");
    }

    #[test]
    fn a_sentence_ends_with_one_mark() {
        assert_eq!(sentence("Aude: place your tile"), "Aude: place your tile.");
        assert_eq!(
            sentence("Aude: put a follower on the new tile?"),
            "Aude: put a follower on the new tile?"
        );
        assert_eq!(sentence("The game is over."), "The game is over.");
        assert_eq!(sentence("Well done! "), "Well done!");
    }

    #[test]
    fn directions_and_cells_in_words() {
        assert_eq!(dir_name(Dir::W), "west");
        assert_eq!(cell_name(Cell::new(2, -1)), "2,-1");
    }
}
