//! The syntax both record formats share (CGN and CGN-C), with no rule of
//! either game: tag lines `[Name "value"]` before the first turn line, `{...}`
//! comments, cells `X,Y`, rotations `rR`, turn numbers `N.`, and errors
//! `line N: reason`.

use engine::core::geom::{Cell, Rotation};
use engine::core::reason::{OptionProblem, SetupProblem, Step};
use engine::core::rules::IllegalChoice;
use engine::core::setup_error::SetupError;

/// A reading error: the first problem, with its 1-based line number (0:
/// the whole record). The view says it in words (`view::words::record_error`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub problem: RecordProblem,
}

/// What is wrong on a record's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// The line does not read as the format says.
    Syntax(Syntax),
    /// The setup its tags give is not a game.
    Setup(SetupProblem),
    /// A move the rules refuse.
    Illegal(IllegalChoice),
    /// The built-in catalogue did not load (a broken build, for developers).
    Catalogue(String),
}

impl From<Syntax> for RecordProblem {
    fn from(s: Syntax) -> RecordProblem {
        RecordProblem::Syntax(s)
    }
}

impl From<IllegalChoice> for RecordProblem {
    fn from(e: IllegalChoice) -> RecordProblem {
        RecordProblem::Illegal(e)
    }
}

impl From<SetupError> for RecordProblem {
    fn from(e: SetupError) -> RecordProblem {
        RecordProblem::Setup(e.problem)
    }
}

impl From<SetupProblem> for RecordProblem {
    fn from(e: SetupProblem) -> RecordProblem {
        RecordProblem::Setup(e)
    }
}

impl From<OptionProblem> for RecordProblem {
    fn from(e: OptionProblem) -> RecordProblem {
        RecordProblem::Setup(SetupProblem::Option(e))
    }
}

/// What does not read, in either format. Values are as the record writes
/// them (the view quotes them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// The `Game` tag names neither game.
    GameMustBe {
        value: String,
    },
    GameTagMissing,
    NotTagLine {
        line: String,
    },
    TagTwice {
        name: String,
    },
    TagsFirst,
    /// A `}` closes no comment.
    CommentUnopened,
    /// A `{` comment is not closed.
    CommentUnclosed,
    NotTurnNumber {
        num: String,
        expected: usize,
    },
    TurnOutOfOrder {
        n: usize,
        expected: usize,
    },
    /// The `Game` tag of a record read as this game's names another.
    GameMustBeOne {
        game: &'static str,
        value: String,
    },
    TagMissing {
        tag: &'static str,
    },
    FormatUnknown {
        value: String,
    },
    UnknownTileInDeck {
        id: String,
    },
    SeedNotNumber {
        value: String,
    },
    SeedOrDeck,
    /// The `Aids` tag is "on" or "off" (issue 39).
    AidsOnOrOff {
        value: String,
    },
    StacksThree {
        value: String,
    },
    StackSize {
        value: String,
    },
    /// The City's turn line does not read.
    TurnLineCity,
    GameOverNoTurns,
    TileDrawn {
        drawn: String,
        tile: String,
    },
    NotCell {
        value: String,
    },
    NotRotation {
        value: String,
    },
    /// The City's follower is not `@a` or `-`.
    NotFollower {
        value: String,
    },
    /// The tile has no region by that id (The City: the id as written).
    NoRegion {
        tile: String,
        id: String,
    },
    WallActionsMissing,
    NoWallRound,
    /// R6.7: the wall round waits for this (`None`: nothing).
    RoundNotFinished {
        decision: Option<Step>,
    },
    RoundOver {
        action: String,
    },
    NotSide {
        value: String,
    },
    GatePlaced,
    NotWallEnd {
        value: String,
    },
    GateFirst,
    NoWallPiece {
        action: String,
    },
    NoGuardSupply,
    NoGuardOpposite,
    NotTowerEnd {
        value: String,
    },
    PiecesNotPlaced {
        action: String,
    },
    NotWallAction {
        action: String,
    },
    GuesthouseTwice,
    ExtrasOrder,
    WyvernTwice,
    NotExtra {
        value: String,
    },
    /// B5.1: the tile has no region by that id (classic).
    NoRegionRule {
        tile: String,
        id: String,
    },
    WoodForm,
    NotWood {
        value: String,
    },
    WoodTwice {
        piece: String,
    },
    NotBridgeAxis {
        value: String,
    },
    BridgeWhere {
        cell: Cell,
    },
    NotPlacedSide {
        what: String,
    },
    /// Classic's turn line does not read.
    TurnLineClassic,
    PileEmpty,
    PileGives {
        pile: String,
        record: String,
    },
    /// Classic's follower is not `@c`, `@bridge` or `-`.
    NotFollowerClassic {
        value: String,
    },
}

impl RecordError {
    pub fn new(line: usize, problem: impl Into<RecordProblem>) -> RecordError {
        RecordError {
            line,
            problem: problem.into(),
        }
    }
}

pub fn err<T>(line: usize, problem: impl Into<RecordProblem>) -> Result<T, RecordError> {
    Err(RecordError::new(line, problem))
}

/// The tags of a record, with the line each is on, in order.
pub struct Tags {
    pub list: Vec<(usize, String, String)>,
}

impl Tags {
    pub fn get(&self, name: &str) -> Option<(usize, &str)> {
        self.list
            .iter()
            .find(|(_, n, _)| n == name)
            .map(|(l, _, v)| (*l, v.as_str()))
    }

    /// The tags not in `known`, in order (`Date`, `Note`, ...): a record keeps them.
    pub fn extra(self, known: &[&str]) -> Vec<(String, String)> {
        self.list
            .into_iter()
            .filter(|(_, n, _)| !known.contains(&n.as_str()))
            .map(|(_, n, v)| (n, v))
            .collect()
    }
}

/// A record split into its tag section and its turn lines.
pub struct Sections<'a> {
    pub tags: Tags,
    lines: Vec<&'a str>,
    first_turn: usize,
}

impl<'a> Sections<'a> {
    /// Reads the tag lines; a malformed or repeated tag is an error.
    pub fn read(text: &'a str) -> Result<Sections<'a>, RecordError> {
        let lines: Vec<&str> = text.lines().collect();
        let mut tags = Tags { list: Vec::new() };
        let mut first_turn = lines.len();
        for (i, raw) in lines.iter().enumerate() {
            let line = raw.trim();
            let no = i + 1;
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                let (name, value) = parse_tag(line).ok_or_else(|| {
                    RecordError::new(
                        no,
                        Syntax::NotTagLine {
                            line: line.to_string(),
                        },
                    )
                })?;
                if tags.get(&name).is_some() {
                    return err(no, Syntax::TagTwice { name });
                }
                tags.list.push((no, name, value));
            } else {
                first_turn = i;
                break;
            }
        }
        Ok(Sections {
            tags,
            lines,
            first_turn,
        })
    }

    /// The line a problem of the setup is reported on when no tag names it:
    /// the last line before the turns (at least 1).
    pub fn tag_end(&self) -> usize {
        self.first_turn.max(1)
    }

    /// The turn lines, comments removed and blank lines skipped, each with
    /// its line number; a tag among them or a broken comment is an error
    /// (reported when that line is reached).
    pub fn turn_lines(&self) -> impl Iterator<Item = Result<(usize, String), RecordError>> + '_ {
        self.lines
            .iter()
            .enumerate()
            .skip(self.first_turn)
            .filter_map(|(i, raw)| {
                let no = i + 1;
                let line = match strip_comments(raw) {
                    Ok(l) => l,
                    Err(r) => return Some(err(no, r)),
                };
                let line = line.trim();
                if line.is_empty() {
                    None
                } else if line.starts_with('[') {
                    Some(err(no, Syntax::TagsFirst))
                } else {
                    Some(Ok((no, line.to_string())))
                }
            })
    }
}

/// `[Name "value"]`, or `None`.
pub fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    if value.contains('"') {
        return None;
    }
    Some((name.to_string(), value.to_string()))
}

/// Remove `{...}` comments; an unclosed brace is an error.
pub fn strip_comments(line: &str) -> Result<String, Syntax> {
    let mut out = String::with_capacity(line.len());
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '}' => return Err(Syntax::CommentUnopened),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(Syntax::CommentUnclosed);
    }
    Ok(out)
}

/// `X,Y` within ±1000.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let (x, y) = s.split_once(',')?;
    let (x, y): (i32, i32) = (x.parse().ok()?, y.parse().ok()?);
    ((-1000..=1000).contains(&x) && (-1000..=1000).contains(&y)).then_some(Cell::new(x, y))
}

/// `r0` to `r3`.
pub fn parse_rotation(s: &str) -> Option<Rotation> {
    s.strip_prefix('r')
        .and_then(|r| r.parse().ok())
        .and_then(Rotation::new)
}

/// `N.` where turn `expected` is due.
pub fn check_turn_number(num: &str, expected: usize, no: usize) -> Result<(), RecordError> {
    let n: usize = num
        .strip_suffix('.')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| {
            RecordError::new(
                no,
                Syntax::NotTurnNumber {
                    num: num.to_string(),
                    expected,
                },
            )
        })?;
    if n != expected {
        return err(no, Syntax::TurnOutOfOrder { n, expected });
    }
    Ok(())
}

/// A tag line as writers put it; `None` for a name or value a reader would
/// not take back.
pub fn tag_line(name: &str, value: &str) -> Option<String> {
    let line = format!("[{name} \"{value}\"]");
    parse_tag(&line).map(|_| line)
}

/// The `Aids` tag (issue 39): absent or "on", the aids are shown; "off",
/// the purist's game. Written only when off, so every record written
/// before it reads as it did and means "on".
pub fn aids_from_tags(tags: &Tags) -> Result<bool, RecordError> {
    match tags.get("Aids") {
        None | Some((_, "on")) => Ok(true),
        Some((_, "off")) => Ok(false),
        Some((l, v)) => Err(RecordError::new(
            l,
            Syntax::AidsOnOrOff {
                value: v.to_string(),
            },
        )),
    }
}

/// The `Aids` tag's line for a setup, when the aids are off.
pub fn aids_tag(on: bool) -> &'static str {
    if on {
        ""
    } else {
        "[Aids \"off\"]\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_then_turns_with_comments() {
        let s = Sections::read("[Game \"X\"]\n[Note \"n\"]\n\n1. A {c} 0,0\n\n2. B\n").unwrap();
        assert_eq!(s.tags.get("Game"), Some((1, "X")));
        let turns: Vec<_> = s.turn_lines().collect::<Result<_, _>>().unwrap();
        assert_eq!(
            turns,
            vec![(4, "1. A  0,0".to_string()), (6, "2. B".to_string())]
        );
        assert_eq!(s.tags.extra(&["Game"]), vec![("Note".into(), "n".into())]);
    }

    #[test]
    fn syntax_errors_name_their_line() {
        assert_eq!(
            Sections::read("[A \"1\"]\n[A \"2\"]").err().unwrap().line,
            2
        );
        assert!(Sections::read("[A 1]").is_err());
        let s = Sections::read("[A \"1\"]\n1. x {\n").unwrap();
        assert_eq!(s.turn_lines().next().unwrap().unwrap_err().line, 2);
        assert_eq!(parse_cell("3,-2"), Some(Cell::new(3, -2)));
        assert_eq!(parse_cell("3;-2"), None);
        assert_eq!(parse_rotation("r4"), None);
        assert!(check_turn_number("2.", 2, 1).is_ok());
        assert!(check_turn_number("2", 2, 1).is_err());
        assert_eq!(tag_line("Bad name", "x"), None);
    }
}
