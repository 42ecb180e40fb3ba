//! Saved games: the document the app keeps in localStorage, as a pure model
//! (the UI does the storing; timestamps come from the caller, in ms).
//!
//! # The document, version 1
//!
//! ```json
//! {
//!   "kind": "the-city/saves",
//!   "version": 1,
//!   "games": [
//!     {
//!       "id": "g1kx2f9c",
//!       "name": "Sunday game",
//!       "created": 1717236000000.0,
//!       "updated": 1717239600000.0,
//!       "finished": false,
//!       "players": ["Ann", "Bob"],
//!       "record": { "cgn": "[Game \"Carcassonne: The City\"]\n..." }
//!     }
//!   ]
//! }
//! ```
//!
//! `record` is `{"cgn": TEXT}` (a CGN record, NOTATION.md) or `{"link": TEXT}`
//! (a share link, `crate::share`). `players` and `finished` repeat what the
//! record says so a list can be shown without replaying; reading checks that
//! they agree with the record.
//!
//! # The document, version 2
//!
//! Version 2 adds two fields to each entry:
//!
//! ```json
//!       "seats": [{ "colour": "red", "computer": null },
//!                 { "colour": "blue", "computer": "normal" }],
//!       "from_link": false,
//! ```
//!
//! `seats` has one entry per player, in seat order: the colour's name (one of
//! [`COLOURS`]) and, for a computer seat, its level (`computer::Level`'s
//! name). `from_link` says the game was opened from a share link (the app
//! then offers the link of each new move). A version 1 entry reads as the
//! default seats (the first colours of [`COLOURS`], every seat human) and
//! `from_link: false`.
//!
//! # The document, version 3
//!
//! Version 3 adds the game each entry is, so a list can say so without
//! replaying (reading checks it against the record):
//!
//! ```json
//!       "game": "the-city",
//! ```
//!
//! (`Ruleset`'s names.) Entries of versions 1 and 2 are games of The City.
//!
//! # The document, version 4
//!
//! Version 4 adds where a game from a link starts for its receiver: undo
//! stops there, at the sender's last move (0 for a game not from a link,
//! and for games from links saved by versions 2 and 3, which did not know):
//!
//! ```json
//!       "link_base": 42,
//! ```
//!
//! (a number of decisions, at most the record's).
//!
//! # The document, version 5
//!
//! Version 5 keeps the saved games that do not read, as they were, instead
//! of leaving them out: the list shows them with what is wrong and offers
//! what is left of them as a file; only the player deletes them. A list
//! beside `games` (absent when there are none):
//!
//! ```json
//!   "damaged": [
//!     { "version": 4, "reason": "its players are not those of its record",
//!       "entry": { "id": "g2", "name": "Ann and Bob", ... } }
//!   ]
//! ```
//!
//! `entry` is the saved game as it was, in the document version `version`.
//! Each reading tries such an entry again: one that reads (say, after an
//! update of the app) is a saved game again.
//!
//! # The document, version 6
//!
//! Version 6 adds to each seat whether a person played it on this device
//! (issue 37): a link that plays such a seat's turn, which this device did
//! not play, is refused. Older saves did not know (false: no seat):
//!
//! ```json
//!       "seats": [{ "colour": "red", "computer": null, "here": true }, …],
//! ```
//!
//! # The document, version 7
//!
//! Version 7 adds a third kind of record, a game dealt fairly on more than
//! one device while it is in play (issue 37, docs/fair-deal.md): its link
//! (version 4: commitments and reveals, no deal) and this device's secrets,
//! one per seat (64 hexadecimal digits for a seat this device plays, null
//! for another device's). The secrets are kept here only: never in a link,
//! a record or an export. (Once the game is over its whole deal is in its
//! link's reveals; its record holds the deck.)
//!
//! ```json
//!       "record": { "fair": "BA…", "secrets": ["5f0c…", null] },
//! ```
//!
//! # Versions
//!
//! [`parse`] reads every version up to [`VERSION`]: it looks at `version`
//! first, reads the entries with that version's structs (unknown fields are
//! refused: they mean tampering or a newer writer), then migrates them to the
//! current model [`SavedGame`]. A version 2 that adds a field adds a
//! `v2::Entry`, a `From<v1::Entry>` filling the new field with its default,
//! and writes version 2. [`SaveDoc::to_json`] always writes the current
//! version. `tests/fixtures/saves/` keeps one document of each version.
//!
//! Nothing here panics, whatever the input.

use crate::fair_game::{hex, unhex, FairGame};
use crate::json::{self, Value};
use crate::notation::{self, DeckTag, RecordError};
use crate::share::{self, ShareError};
use engine::any::{AnyGame, Ruleset};
use engine::city::setup::check_player_name;
use engine::core::reason::SetupProblem;
use engine::fair::Secret;

/// The version [`SaveDoc::to_json`] writes.
pub const VERSION: u64 = 7;

/// The colour names a seat may have (the UI's palette, in its order).
pub const COLOURS: [&str; 6] = ["red", "blue", "green", "yellow", "black", "purple"];

/// How a seat is played: its colour's name and, for a computer seat, the
/// computer's level name; whether a person played it on this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedSeat {
    pub colour: String,
    pub computer: Option<String>,
    /// A person took a decision for this seat on this device (version 6;
    /// false for older saves): a link may not play this seat's turns.
    pub here: bool,
}

impl SavedSeat {
    /// The seats of a game saved before seats were saved (version 1): the
    /// first colours, every seat human.
    pub fn defaults(players: usize) -> Vec<SavedSeat> {
        COLOURS
            .iter()
            .cycle()
            .take(players)
            .map(|c| SavedSeat {
                colour: c.to_string(),
                computer: None,
                here: false,
            })
            .collect()
    }
}

fn check_seats(seats: &[SavedSeat], players: usize) -> Result<(), String> {
    if seats.len() != players {
        return Err(format!(
            "it lists {} seats for {players} players",
            seats.len()
        ));
    }
    for (i, s) in seats.iter().enumerate() {
        if !COLOURS.contains(&s.colour.as_str()) {
            return Err(format!("seat {} has no colour {:?}", i + 1, s.colour));
        }
        if seats[..i].iter().any(|t| t.colour == s.colour) {
            return Err(format!("two seats are {}", s.colour));
        }
        if let Some(l) = &s.computer {
            if crate::level::Level::from_name(l).is_none() {
                return Err(format!("seat {} has no computer level {l:?}", i + 1));
            }
        }
    }
    Ok(())
}

/// The value of the document's `kind` field.
pub const KIND: &str = "the-city/saves";

/// Longest save name, in characters.
pub const MAX_NAME: usize = 80;
/// Longest id, in characters.
pub const MAX_ID: usize = 64;
/// Longest stored record, in bytes (a whole game's CGN is a few KB).
pub const MAX_RECORD: usize = 256 * 1024;

/// Why saved games cannot be read or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not a saved-games document.
    NotSaves,
    /// Written by a newer version of the app.
    NewerVersion(u64),
    /// The document's structure is wrong (the reason says where).
    Invalid(String),
    /// One saved game is wrong: its index in the document and its id (when
    /// known), and why.
    Entry {
        index: Option<usize>,
        id: Option<String>,
        reason: Damage,
    },
    /// No saved game has this id.
    NotFound(String),
    /// A save name or id that cannot be used.
    BadName(String),
    /// The saved game moved on since the writer last read or wrote it
    /// (another tab played it on): what it holds now is kept (see
    /// [`SaveDoc::save_from`]).
    MovedOn {
        id: String,
        /// Tiles placed in the game as it is stored now.
        turns: usize,
    },
}

/// Why one saved game does not read: its link or record does not open, or
/// a player's name is refused (the view says these in the player's words),
/// or something else of the entry is wrong (`Detail`: said in English, as
/// the saves document keeps it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    Link(ShareError),
    Record(RecordError),
    Player(SetupProblem),
    Detail(String),
}

impl Damage {
    /// The reason as the saves document keeps it beside a damaged entry: a
    /// detail as it was worded, a link's, record's or name's problem in
    /// short (the entry is read again each time the document is, and the
    /// view says what is wrong then, in the player's words).
    pub fn kept_text(&self) -> String {
        match self {
            Damage::Link(_) => "its link does not open".into(),
            Damage::Record(_) => "its record does not read".into(),
            Damage::Player(_) => "a player's name is refused".into(),
            Damage::Detail(text) => text.clone(),
        }
    }
}

impl From<String> for Damage {
    fn from(text: String) -> Damage {
        Damage::Detail(text)
    }
}

impl From<&str> for Damage {
    fn from(text: &str) -> Damage {
        Damage::Detail(text.to_string())
    }
}

/// How a game is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedRecord {
    /// A CGN record (readable, a few KB).
    Cgn(String),
    /// A share link (compact, a few hundred characters).
    Link(String),
    /// A fair game in play (version 7): its link (version 4) and this
    /// device's secrets, per seat.
    Fair {
        link: String,
        secrets: Vec<Option<Secret>>,
    },
}

/// Which form [`SavedGame::from_game`] stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    Cgn,
    Link,
}

impl SavedRecord {
    /// Write `game` in the given form.
    pub fn of(game: &AnyGame, kind: RecordKind) -> SavedRecord {
        match kind {
            RecordKind::Cgn => SavedRecord::Cgn(notation::write(game, &[], DeckTag::Auto)),
            RecordKind::Link => SavedRecord::Link(share::encode(game)),
        }
    }

    /// Replay the stored game.
    pub fn load(&self) -> Result<AnyGame, Damage> {
        match self {
            SavedRecord::Cgn(text) if text.len() > MAX_RECORD => {
                Err("its record is too long".into())
            }
            SavedRecord::Cgn(text) => notation::read(text).map(|r| r.game).map_err(Damage::Record),
            SavedRecord::Link(link) => share::decode(link).map_err(Damage::Link),
            SavedRecord::Fair { .. } => {
                Ok(self.fair().ok_or(Damage::Link(ShareError::Damaged))??.0)
            }
        }
    }

    /// A fair game's record: the game replayed as this device knows it,
    /// and the fair game (None: not a fair game). In the app's split build
    /// (feature `fair-hook`) this reads through [`fair_hook`], which the
    /// chunk holding the fair games' code installs.
    pub fn fair(&self) -> Option<Result<(AnyGame, FairGame), Damage>> {
        #[cfg(feature = "fair-hook")]
        return fair_hook::read(self);
        #[cfg(not(feature = "fair-hook"))]
        self.read_fair()
    }

    /// What [`SavedRecord::fair`] does: the link read with this device's
    /// secrets, the fair game restored and replayed.
    pub fn read_fair(&self) -> Option<Result<(AnyGame, FairGame), Damage>> {
        let SavedRecord::Fair { link, secrets } = self else {
            return None;
        };
        if crate::star::is_star(link) {
            // A game on three or more devices: its fair game.
            return self.star().map(|r| r.map(|(g, s)| (g, s.fair)));
        }
        Some((|| {
            let l = share::fair::decode_own(link, secrets).map_err(Damage::Link)?;
            let g = FairGame::restore(&l, secrets.clone())
                .map_err(|_| Damage::Detail("its secrets are not those of its seats".into()))?;
            let r = g
                .replayed()
                .map_err(|_| Damage::Link(ShareError::Damaged))?;
            Ok((r.game, g))
        })())
    }

    /// A fair game on three or more devices (its link version 5, in the
    /// same field as a two-device game's): the game replayed here and the
    /// game with its devices (None: not one).
    pub fn star(&self) -> Option<Result<(AnyGame, crate::star::StarGame), Damage>> {
        let SavedRecord::Fair { link, secrets } = self else {
            return None;
        };
        if !crate::star::is_star(link) {
            return None;
        }
        Some((|| {
            let g = crate::star::StarGame::from_save(link, secrets).map_err(Damage::Link)?;
            let r = g
                .fair
                .replayed()
                .map_err(|_| Damage::Link(ShareError::Damaged))?;
            Ok((r.game, g))
        })())
    }

    /// What a tab knows of it: its text (a fair game's link).
    pub fn text(&self) -> &str {
        match self {
            SavedRecord::Cgn(t) | SavedRecord::Link(t) => t,
            SavedRecord::Fair { link, .. } => link,
        }
    }
}

/// Whether fair games' records can be read now: always, but in the app's
/// split build only once the chunk holding their code installed its reader.
pub fn fair_readable() -> bool {
    #[cfg(feature = "fair-hook")]
    return fair_hook::installed();
    #[cfg(not(feature = "fair-hook"))]
    true
}

/// The app's split build (issue 36, docs/loading.md): the code that reads a
/// fair game (its links, its deal, SHA-256) is in a chunk fetched when a
/// game across devices is opened, so the page's module reaches it only
/// through the reader that chunk installs here. Until then a fair game's
/// record reads as not readable and a document's check keeps its entry
/// unchecked ([`fair_readable`]).
#[cfg(feature = "fair-hook")]
pub mod fair_hook {
    use super::{AnyGame, Damage, FairGame, SavedRecord};
    use std::sync::OnceLock;

    /// [`SavedRecord::read_fair`], as the chunk hands it over.
    pub type Read = fn(&SavedRecord) -> Option<Result<(AnyGame, FairGame), Damage>>;

    static READ: OnceLock<Read> = OnceLock::new();

    /// The reader, from the chunk (once; later calls change nothing).
    pub fn install(read: Read) {
        let _ = READ.set(read);
    }

    pub fn installed() -> bool {
        READ.get().is_some()
    }

    pub(super) fn read(r: &SavedRecord) -> Option<Result<(AnyGame, FairGame), Damage>> {
        match READ.get() {
            Some(read) => read(r),
            None => matches!(r, SavedRecord::Fair { .. })
                .then(|| Err(Damage::Detail("the fair games' code is not loaded".into()))),
        }
    }
}

/// One saved game (the current model; every version migrates to it).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub id: String,
    pub name: String,
    /// ms since the epoch (as the caller's clock gives it).
    pub created: f64,
    /// ms since the epoch of the last save or rename.
    pub updated: f64,
    pub record: SavedRecord,
    /// Which game it is (version 3; The City for older saves).
    pub ruleset: Ruleset,
    pub finished: bool,
    pub players: Vec<String>,
    /// One per player (version 2; defaults for older saves).
    pub seats: Vec<SavedSeat>,
    /// The game was opened from a share link (version 2).
    pub from_link: bool,
    /// For a game from a link, the decisions the link held: undo stops
    /// there (version 4; 0 otherwise and for older saves).
    pub link_base: usize,
    /// What the list shows of it, read from its record when it was checked
    /// (not stored).
    pub summary: Option<Summary>,
}

/// What a list of saved games shows of one: how far it got and the scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Tiles placed.
    pub turns: usize,
    /// Decisions taken.
    pub decisions: usize,
    pub scores: Vec<u32>,
    /// The expansions in play (classic), by name: "The City Gates", "Old
    /// City".
    pub expansions: Vec<&'static str>,
}

impl Summary {
    pub fn of(game: &AnyGame) -> Summary {
        let expansions = match game.as_classic() {
            Some(g) => {
                let e = g.setup().expansions;
                [(e.city_gates, "The City Gates"), (e.old_city, "Old City")]
                    .into_iter()
                    .filter_map(|(on, name)| on.then_some(name))
                    .collect()
            }
            None => Vec::new(),
        };
        Summary {
            turns: game.turns(),
            decisions: game.decisions(),
            scores: game.scores(),
            expansions,
        }
    }
}

impl SavedGame {
    /// A save of `game` made at `now`, with the default seats (see
    /// [`SavedGame::with_seats`]).
    pub fn from_game(
        id: &str,
        name: &str,
        game: &AnyGame,
        kind: RecordKind,
        now: f64,
    ) -> SavedGame {
        SavedGame::with_record(id, name, game, SavedRecord::of(game, kind), now)
    }

    /// [`SavedGame::from_game`] with the record already written.
    fn with_record(
        id: &str,
        name: &str,
        game: &AnyGame,
        record: SavedRecord,
        now: f64,
    ) -> SavedGame {
        SavedGame {
            id: id.to_string(),
            name: name.trim().to_string(),
            created: now,
            updated: now,
            record,
            ruleset: game.ruleset(),
            finished: game.is_over(),
            players: game.players().to_vec(),
            seats: SavedSeat::defaults(game.players().len()),
            from_link: false,
            link_base: 0,
            summary: Some(Summary::of(game)),
        }
    }

    /// The same save with these seats and origin.
    pub fn with_seats(mut self, seats: Vec<SavedSeat>, from_link: bool) -> SavedGame {
        self.seats = seats;
        self.from_link = from_link;
        self
    }

    /// The same save as a game from a link that held `base` decisions.
    pub fn with_link_base(mut self, base: usize) -> SavedGame {
        self.from_link = true;
        self.link_base = base;
        self
    }

    /// Replay the saved game.
    pub fn load(&self) -> Result<AnyGame, SaveError> {
        self.record.load().map_err(|reason| SaveError::Entry {
            index: None,
            id: Some(self.id.clone()),
            reason,
        })
    }

    /// Every check `parse` makes on an entry, including a replay of its
    /// game; what the list shows of it.
    fn check(&self) -> Result<Option<Summary>, Damage> {
        check_id(&self.id)?;
        check_name(&self.name)?;
        for (what, t) in [("created", self.created), ("updated", self.updated)] {
            if !t.is_finite() || t < 0.0 {
                // (Not the number itself: no float formatting in the page.)
                return Err(format!("its {what} time is not a time").into());
            }
        }
        let seats = self.ruleset.seats();
        if !seats.contains(&self.players.len()) {
            return Err(format!(
                "it lists {} players (a game of {} has {} to {})",
                self.players.len(),
                self.ruleset.title(),
                seats.start(),
                seats.end()
            )
            .into());
        }
        for p in &self.players {
            check_player_name(p).map_err(Damage::Player)?;
        }
        check_seats(&self.seats, self.players.len())?;
        if matches!(self.record, SavedRecord::Fair { .. }) && !fair_readable() {
            // (The split build before its fair games' code is here: the
            // entry is kept as it is, unlisted, and checked when read again.)
            return Ok(None);
        }
        let game = self.record.load()?;
        if game.ruleset() != self.ruleset {
            return Err(format!(
                "it says it is a game of {} but its record is one of {}",
                self.ruleset.title(),
                game.ruleset().title()
            )
            .into());
        }
        if game.players() != self.players {
            return Err("its players are not those of its record".into());
        }
        if game.is_over() != self.finished {
            return Err(format!(
                "it says the game is {}finished but its record {}",
                if self.finished { "" } else { "not " },
                if game.is_over() {
                    "is finished"
                } else {
                    "is not"
                }
            )
            .into());
        }
        if self.link_base > game.decisions() || (!self.from_link && self.link_base != 0) {
            return Err(format!(
                "its link start {} is not a position of its game",
                self.link_base
            )
            .into());
        }
        Ok(Some(Summary::of(&game)))
    }
}

fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.chars().count() > MAX_ID || id.chars().any(char::is_control) {
        return Err(format!(
            "the id {id:?} is empty, longer than {MAX_ID} characters or holds a control character"
        ));
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.trim() != name {
        return Err(format!(
            "the name {name:?} is empty or has spaces at its ends"
        ));
    }
    if name.chars().count() > MAX_NAME {
        return Err(format!(
            "the name {name:?} is longer than {MAX_NAME} characters"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(format!("the name {name:?} holds a control character"));
    }
    Ok(())
}

/// A saved game that does not read, kept as it was (version 5).
#[derive(Clone, Debug, PartialEq)]
pub struct Damaged {
    /// The document version its entry is written in (0: not even that is
    /// known).
    pub version: u64,
    /// Why it does not read.
    pub reason: Damage,
    /// The entry as it was.
    pub entry: Value,
}

impl Damaged {
    /// The entry's id, if it has one that reads.
    pub fn id(&self) -> Option<&str> {
        self.entry.get("id").and_then(Value::as_str)
    }

    /// The entry's name, if it has one that reads.
    pub fn name(&self) -> Option<&str> {
        self.entry.get("name").and_then(Value::as_str)
    }

    /// What is left of it, as a JSON text a person can keep or mend.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        json::write(&mut out, &self.entry);
        out
    }

    fn write(&self, out: &mut String) {
        out.push_str("{\"version\":");
        out.push_str(&self.version.to_string());
        out.push_str(",\"reason\":");
        json::string(out, &self.reason.kept_text());
        out.push_str(",\"entry\":");
        json::write(out, &self.entry);
        out.push('}');
    }
}

/// Every saved game.
#[derive(Clone, Debug, Default)]
pub struct SaveDoc {
    games: Vec<SavedGame>,
    /// The saved games that do not read, kept (version 5).
    damaged: Vec<Damaged>,
}

impl PartialEq for SaveDoc {
    fn eq(&self, other: &SaveDoc) -> bool {
        self.games == other.games && self.damaged == other.damaged
    }
}

/// An object's fields read one by one: each read field is ticked off, and
/// [`Fields::done`] refuses any left (unknown fields mean tampering or a
/// newer writer).
struct Fields<'a> {
    fields: &'a [(String, Value)],
    used: Vec<bool>,
}

impl<'a> Fields<'a> {
    fn of(v: &'a Value, what: &str) -> Result<Fields<'a>, String> {
        let fields = v
            .as_object()
            .ok_or_else(|| format!("{what} is a value of the wrong kind"))?;
        Ok(Fields {
            fields,
            used: vec![false; fields.len()],
        })
    }

    fn maybe(&mut self, key: &str) -> Option<&'a Value> {
        let i = self.fields.iter().position(|(k, _)| k == key)?;
        self.used[i] = true;
        Some(&self.fields[i].1)
    }

    fn take(&mut self, key: &str) -> Result<&'a Value, String> {
        self.maybe(key)
            .ok_or_else(|| format!("the field “{key}” is missing"))
    }

    fn read<T>(&mut self, key: &str, read: impl Fn(&Value) -> Option<T>) -> Result<T, String> {
        read(self.take(key)?).ok_or_else(|| wrong_kind(key))
    }

    fn done(self) -> Result<(), String> {
        match self.used.iter().position(|u| !u) {
            Some(i) => Err(format!("an unexpected field “{}”", self.fields[i].0)),
            None => Ok(()),
        }
    }
}

fn wrong_kind(key: &str) -> String {
    format!("“{key}” is a value of the wrong kind")
}

fn text(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

fn texts(v: &Value) -> Option<Vec<String>> {
    v.as_array()?.iter().map(text).collect()
}

fn seat_of(version: u64, v: &Value) -> Result<SavedSeat, String> {
    let mut f = Fields::of(v, "a seat")?;
    let colour = f.read("colour", text)?;
    let computer = match f.maybe("computer") {
        None | Some(Value::Null) => None,
        Some(v) => Some(text(v).ok_or_else(|| wrong_kind("computer"))?),
    };
    let here = match version {
        6.. => f.read("here", Value::as_bool)?,
        _ => false,
    };
    f.done()?;
    Ok(SavedSeat {
        colour,
        computer,
        here,
    })
}

fn record_of(version: u64, v: &Value) -> Result<SavedRecord, String> {
    let mut f = Fields::of(v, "“record”")?;
    if version >= 7 {
        if let Some(link) = f.maybe("fair") {
            let link = text(link).ok_or_else(|| wrong_kind("fair"))?;
            let secrets = f
                .take("secrets")?
                .as_array()
                .ok_or_else(|| wrong_kind("secrets"))?
                .iter()
                .map(|s| match s {
                    Value::Null => Ok(None),
                    s => s
                        .as_str()
                        .and_then(unhex::<32>)
                        .map(Some)
                        .ok_or_else(|| wrong_kind("secrets")),
                })
                .collect::<Result<Vec<_>, _>>()?;
            f.done()?;
            return Ok(SavedRecord::Fair { link, secrets });
        }
    }
    let record = match (f.maybe("cgn"), f.maybe("link")) {
        (Some(t), None) => SavedRecord::Cgn(text(t).ok_or_else(|| wrong_kind("cgn"))?),
        (None, Some(t)) => SavedRecord::Link(text(t).ok_or_else(|| wrong_kind("link"))?),
        _ => return Err("“record” must hold one “cgn” or one “link”".into()),
    };
    f.done()?;
    Ok(record)
}

/// One entry of a document of `version`, migrated to the current model:
/// version 1 has no seats (the defaults), no origin and no game (The
/// City's); version 2 adds `seats` and `from_link`, version 3 `game`,
/// version 4 `link_base` (0 before), version 6 each seat's `here` (false
/// before).
fn entry_of(version: u64, entry: &Value) -> Result<SavedGame, String> {
    let mut f = Fields::of(entry, "the entry")?;
    let id = f.read("id", text)?;
    let name = f.read("name", text)?;
    let ruleset = match version {
        3.. => {
            let name = f.read("game", text)?;
            Ruleset::from_name(&name)
                .ok_or_else(|| format!("it is a game of unknown kind “{name}”"))?
        }
        _ => Ruleset::City,
    };
    let created = f.read("created", Value::as_time)?;
    let updated = f.read("updated", Value::as_time)?;
    let finished = f.read("finished", Value::as_bool)?;
    let players = f.read("players", texts)?;
    let (seats, from_link) = match version {
        2.. => {
            let seats = f
                .take("seats")?
                .as_array()
                .ok_or_else(|| wrong_kind("seats"))?;
            let seats = seats
                .iter()
                .map(|s| seat_of(version, s))
                .collect::<Result<Vec<_>, _>>()?;
            (seats, f.read("from_link", Value::as_bool)?)
        }
        _ => (SavedSeat::defaults(players.len()), false),
    };
    let link_base = match version {
        4.. => f.read("link_base", Value::as_u64)? as usize,
        _ => 0,
    };
    let record = record_of(version, f.take("record")?)?;
    f.done()?;
    Ok(SavedGame {
        id,
        name,
        created,
        updated,
        record,
        ruleset,
        finished,
        players,
        seats,
        from_link,
        link_base,
        summary: None,
    })
}

/// An entry as the current version writes it.
fn write_entry(out: &mut String, g: &SavedGame) {
    let field = |out: &mut String, key: &str| {
        json::string(out, key);
        out.push(':');
    };
    out.push('{');
    field(out, "id");
    json::string(out, &g.id);
    out.push(',');
    field(out, "name");
    json::string(out, &g.name);
    out.push(',');
    field(out, "game");
    json::string(out, g.ruleset.name());
    out.push(',');
    field(out, "created");
    json::time(out, g.created);
    out.push(',');
    field(out, "updated");
    json::time(out, g.updated);
    out.push(',');
    field(out, "finished");
    out.push_str(if g.finished { "true" } else { "false" });
    out.push(',');
    field(out, "players");
    out.push('[');
    for (i, p) in g.players.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::string(out, p);
    }
    out.push_str("],");
    field(out, "seats");
    out.push('[');
    for (i, seat) in g.seats.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        field(out, "colour");
        json::string(out, &seat.colour);
        out.push(',');
        field(out, "computer");
        match &seat.computer {
            Some(c) => json::string(out, c),
            None => out.push_str("null"),
        }
        out.push(',');
        field(out, "here");
        out.push_str(if seat.here { "true" } else { "false" });
        out.push('}');
    }
    out.push_str("],");
    field(out, "from_link");
    out.push_str(if g.from_link { "true" } else { "false" });
    out.push(',');
    field(out, "link_base");
    out.push_str(&g.link_base.to_string());
    out.push(',');
    field(out, "record");
    out.push('{');
    match &g.record {
        SavedRecord::Cgn(t) => {
            field(out, "cgn");
            json::string(out, t);
        }
        SavedRecord::Link(t) => {
            field(out, "link");
            json::string(out, t);
        }
        SavedRecord::Fair { link, secrets } => {
            field(out, "fair");
            json::string(out, link);
            out.push(',');
            field(out, "secrets");
            out.push('[');
            for (i, x) in secrets.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match x {
                    Some(x) => json::string(out, &hex(x)),
                    None => out.push_str("null"),
                }
            }
            out.push(']');
        }
    }
    out.push_str("}}");
}

/// Read a saved-games document of any version; every entry is checked (its
/// game replayed) and one bad entry fails the whole read (see [`salvage`]).
pub fn parse(json: &str) -> Result<SaveDoc, SaveError> {
    let (doc, mut problems) = salvage(json)?;
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems.swap_remove(0))
    }
}

/// Read a document keeping the entries that are sound: the document and
/// the problem of each entry left out. Fails only when the document itself
/// is unreadable.
pub fn salvage(text: &str) -> Result<(SaveDoc, Vec<SaveError>), SaveError> {
    let value = json::parse(text).map_err(SaveError::NotJson)?;
    if value.get("kind").and_then(Value::as_str) != Some(KIND) {
        return Err(SaveError::NotSaves);
    }
    let version = value
        .get("version")
        .and_then(Value::as_u64)
        .ok_or_else(|| SaveError::Invalid("the version is not a whole number".into()))?;
    match version {
        1..=VERSION => {}
        v if v > VERSION => return Err(SaveError::NewerVersion(v)),
        v => return Err(SaveError::Invalid(format!("there is no version {v}"))),
    }
    let mut top = Fields::of(&value, "the document").map_err(SaveError::Invalid)?;
    let (_, _) = (top.take("kind"), top.take("version"));
    let entries = top
        .take("games")
        .and_then(|g| g.as_array().ok_or_else(|| wrong_kind("games")))
        .map_err(SaveError::Invalid)?;
    let kept = match top.maybe("damaged") {
        Some(d) if version >= 5 => d.as_array().ok_or_else(|| wrong_kind("damaged")),
        Some(_) => Err("an unexpected field “damaged”".to_string()),
        None => Ok(&[][..]),
    }
    .map_err(SaveError::Invalid)?;
    top.done().map_err(SaveError::Invalid)?;
    let mut doc = SaveDoc::default();
    let mut problems = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        if let Err(reason) = doc.take_entry(version, entry) {
            problems.push(SaveError::Entry {
                index: Some(index),
                id: entry.get("id").and_then(Value::as_str).map(str::to_string),
                reason: reason.clone(),
            });
            doc.damaged.push(Damaged {
                version,
                reason,
                entry: entry.clone(),
            });
        }
    }
    // Those kept damaged are tried again: one that reads is a game again;
    // the others stay, with why they do not read now (not told again).
    for item in kept {
        let reason = item.get("reason").and_then(Value::as_str);
        let parts = (
            item.get("version").and_then(Value::as_u64),
            item.get("entry"),
        );
        match (parts, reason, item.as_object().map(<[_]>::len)) {
            ((Some(v), Some(entry)), Some(reason), Some(3)) => {
                let tried = match v {
                    1..=VERSION => doc.take_entry(v, entry),
                    _ => Err(Damage::Detail(reason.to_string())),
                };
                if let Err(reason) = tried {
                    doc.damaged.push(Damaged {
                        version: v,
                        reason,
                        entry: entry.clone(),
                    });
                }
            }
            _ => doc.damaged.push(Damaged {
                version: 0,
                reason: "it is not in the form of a saved game".into(),
                entry: item.clone(),
            }),
        }
    }
    Ok((doc, problems))
}

impl SaveDoc {
    /// An empty document.
    pub fn new() -> SaveDoc {
        SaveDoc::default()
    }

    /// Read and check one entry of a document of `version` into the games.
    fn take_entry(&mut self, version: u64, entry: &Value) -> Result<(), Damage> {
        let mut g = entry_of(version, entry)?;
        g.summary = g.check()?;
        if self.get(&g.id).is_some() {
            return Err(format!("another saved game has the id “{}”", g.id).into());
        }
        self.games.push(g);
        Ok(())
    }

    /// The saved games that do not read, kept as they were.
    pub fn damaged(&self) -> &[Damaged] {
        &self.damaged
    }

    /// Delete the `k`th damaged game (the player's choice, never the app's);
    /// false when there is none.
    pub fn delete_damaged(&mut self, k: usize) -> bool {
        if k < self.damaged.len() {
            self.damaged.remove(k);
            true
        } else {
            false
        }
    }

    /// The document as JSON, in the current version.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"kind\":");
        json::string(&mut out, KIND);
        out.push_str(",\"version\":");
        out.push_str(&VERSION.to_string());
        out.push_str(",\"games\":[");
        for (i, g) in self.games.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_entry(&mut out, g);
        }
        out.push(']');
        if !self.damaged.is_empty() {
            out.push_str(",\"damaged\":[");
            for (i, d) in self.damaged.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                d.write(&mut out);
            }
            out.push(']');
        }
        out.push('}');
        out
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// Every saved game, in the order they were first saved.
    pub fn games(&self) -> &[SavedGame] {
        &self.games
    }

    pub fn get(&self, id: &str) -> Option<&SavedGame> {
        self.games.iter().find(|g| g.id == id)
    }

    /// Every saved game, the most recently updated first (ties: the most
    /// recently created first, then by id).
    pub fn list(&self) -> Vec<&SavedGame> {
        let mut v: Vec<&SavedGame> = self.games.iter().collect();
        engine::core::sort::sort_by(&mut v, |a, b| {
            b.updated
                .total_cmp(&a.updated)
                .then(b.created.total_cmp(&a.created))
                .then(a.id.cmp(&b.id))
                .is_lt()
        });
        v
    }

    /// Add a saved game, or replace the one with its id (keeping that one's
    /// `created` time). The entry is checked as [`parse`] checks it, so the
    /// document always writes JSON that reads back.
    pub fn upsert(&mut self, mut game: SavedGame) -> Result<(), SaveError> {
        let index = self
            .games
            .iter()
            .position(|g| g.id == game.id)
            .unwrap_or(self.games.len());
        if let Some(old) = self.games.get(index) {
            game.created = old.created;
        }
        game.summary = game.check().map_err(|reason| SaveError::Entry {
            index: Some(index),
            id: Some(game.id.clone()),
            reason,
        })?;
        match self.games.get_mut(index) {
            Some(slot) => *slot = game,
            None => self.games.push(game),
        }
        Ok(())
    }

    /// Save `game` under `id` at `now`: a new entry, or an update of the
    /// entry with that id (its name is kept when `name` is None).
    pub fn save(
        &mut self,
        id: &str,
        name: Option<&str>,
        game: &AnyGame,
        kind: RecordKind,
        now: f64,
    ) -> Result<(), SaveError> {
        let name = match (name, self.get(id)) {
            (Some(n), _) => n.trim().to_string(),
            (None, Some(old)) => old.name.clone(),
            (None, None) => default_name(game),
        };
        self.upsert(SavedGame::from_game(id, &name, game, kind, now))
    }

    /// Save `game` under `id` at `now` with its seats and origin; an update
    /// keeps the entry's name, a new entry gets [`default_name`].
    pub fn save_seated(
        &mut self,
        id: &str,
        game: &AnyGame,
        seats: Vec<SavedSeat>,
        from_link: bool,
        now: f64,
    ) -> Result<(), SaveError> {
        self.save_linked(id, game, seats, from_link.then_some(0), now)
    }

    /// [`SaveDoc::save_seated`] for a game that came from a link holding
    /// `link` decisions (`None`: not from a link).
    pub fn save_linked(
        &mut self,
        id: &str,
        game: &AnyGame,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        now: f64,
    ) -> Result<(), SaveError> {
        let name = match self.get(id) {
            Some(old) => old.name.clone(),
            None => default_name(game),
        };
        let link_record = SavedRecord::Link(share::encode(game));
        let entry = SavedGame::with_record(id, &name, game, link_record, now)
            .with_seats(seats, link.is_some());
        self.upsert(match link {
            Some(base) => entry.with_link_base(base),
            None => entry,
        })
    }

    /// What one writer (a browser tab) of a shared document may save: `game`
    /// under `id`, as [`SaveDoc::save_linked`], unless another writer moved
    /// the saved game on since this one last read or wrote it. `known` is
    /// the record this writer last read or wrote under `id` (None: it knew
    /// of none). The stored game may be saved over when it is still what
    /// `known` says, or when its moves are the start of `game`'s (this one
    /// is ahead, as when it opens a link that continues a saved game);
    /// otherwise [`SaveError::MovedOn`], and nothing changes. Returns the
    /// record stored (the writer's new `known`), and whether anything was
    /// written (nothing when the game is what is stored: opening a game does
    /// not write it).
    #[allow(clippy::too_many_arguments)]
    pub fn save_from(
        &mut self,
        id: &str,
        game: &AnyGame,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        known: Option<&str>,
        now: f64,
    ) -> Result<(String, bool), SaveError> {
        let record = SavedRecord::Link(share::encode(game));
        self.save_record_from(id, game, record, seats, link, known, now)
    }

    /// A fair game (`fair`, whose game replayed here is `game`), saved as
    /// [`SaveDoc::save_from`] saves any game: its link and this device's
    /// secrets (version 7), once it is over too (its links stay fair
    /// links, which the other device checks; its record then holds the
    /// deck).
    #[allow(clippy::too_many_arguments)]
    pub fn save_fair_from(
        &mut self,
        id: &str,
        game: &AnyGame,
        fair: &FairGame,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        known: Option<&str>,
        now: f64,
    ) -> Result<(String, bool), SaveError> {
        let record = SavedRecord::Fair {
            link: share::fair::encode(&fair.setup, &fair.deal, &fair.history).map_err(|e| {
                SaveError::Entry {
                    index: None,
                    id: Some(id.to_string()),
                    reason: Damage::Link(e),
                }
            })?,
            secrets: fair.secrets.clone(),
        };
        self.save_record_from(id, game, record, seats, link, known, now)
    }

    /// A fair game on three or more devices, saved as
    /// [`SaveDoc::save_fair_from`] saves one on two: its version 5 link
    /// (every device's key and newest signature) and this device's
    /// secrets, in the same fields (no new document version).
    #[allow(clippy::too_many_arguments)]
    pub fn save_star_from(
        &mut self,
        id: &str,
        game: &AnyGame,
        star: &crate::star::StarGame,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        known: Option<&str>,
        now: f64,
    ) -> Result<(String, bool), SaveError> {
        let record = SavedRecord::Fair {
            link: star.saved_link().map_err(|e| SaveError::Entry {
                index: None,
                id: Some(id.to_string()),
                reason: Damage::Link(e),
            })?,
            secrets: star.fair.secrets.clone(),
        };
        self.save_record_from(id, game, record, seats, link, known, now)
    }

    /// [`SaveDoc::save_from`] with the record written.
    #[allow(clippy::too_many_arguments)]
    fn save_record_from(
        &mut self,
        id: &str,
        game: &AnyGame,
        record: SavedRecord,
        seats: Vec<SavedSeat>,
        link: Option<usize>,
        known: Option<&str>,
        now: f64,
    ) -> Result<(String, bool), SaveError> {
        let text = record.text().to_string();
        if let Some(stored) = self.get(id) {
            let stored_record = stored.record.text();
            let same_seats = stored.seats == seats;
            if stored_record == text && same_seats {
                return Ok((text, false));
            }
            if known != Some(stored_record) {
                // (A fair game's deal as replayed differs by what is known
                // of it: its salt says it is the same game.)
                let salt =
                    |r: &SavedRecord| r.fair().and_then(Result::ok).map(|(_, f)| f.deal.salt);
                let ahead = stored.load().is_ok_and(|s| {
                    let same = match (salt(&stored.record), salt(&record)) {
                        (Some(a), Some(b)) => a == b,
                        (Some(_), None) => s.players() == game.players(),
                        _ => s.setup() == game.setup(),
                    };
                    same && game.history().starts_with(&s.history())
                });
                if !ahead {
                    return Err(SaveError::MovedOn {
                        id: id.to_string(),
                        turns: stored.summary.as_ref().map_or(0, |s| s.turns),
                    });
                }
            }
        }
        let name = match self.get(id) {
            Some(old) => old.name.clone(),
            None => default_name(game),
        };
        let entry =
            SavedGame::with_record(id, &name, game, record, now).with_seats(seats, link.is_some());
        self.upsert(match link {
            Some(base) => entry.with_link_base(base),
            None => entry,
        })?;
        Ok((text, true))
    }

    /// Give a saved game a new name; it counts as an update.
    pub fn rename(&mut self, id: &str, name: &str, now: f64) -> Result<(), SaveError> {
        let name = name.trim();
        check_name(name).map_err(SaveError::BadName)?;
        if !now.is_finite() || now < 0.0 {
            return Err(SaveError::BadName("the time now is not a time".into()));
        }
        let g = self
            .games
            .iter_mut()
            .find(|g| g.id == id)
            .ok_or_else(|| SaveError::NotFound(id.to_string()))?;
        g.name = name.to_string();
        g.updated = now;
        Ok(())
    }

    /// Remove a saved game; false when there was none with that id.
    pub fn delete(&mut self, id: &str) -> bool {
        let before = self.games.len();
        self.games.retain(|g| g.id != id);
        self.games.len() != before
    }

    /// An id no saved game has, made from the time (`g` + base 36 ms, then
    /// `-2`, `-3`, ... when taken).
    pub fn fresh_id(&self, now: f64) -> String {
        let mut ms = if now.is_finite() && now > 0.0 {
            now as u64
        } else {
            0
        };
        let mut digits = Vec::new();
        loop {
            digits.push(char::from_digit((ms % 36) as u32, 36).unwrap_or('0'));
            ms /= 36;
            if ms == 0 {
                break;
            }
        }
        let base: String = std::iter::once('g')
            .chain(digits.into_iter().rev())
            .collect();
        let mut id = base.clone();
        let mut k = 1u32;
        while self.get(&id).is_some() {
            k += 1;
            id = format!("{base}-{k}");
        }
        id
    }
}

/// "Ann, Bob and Cid" for a new save without a name.
pub fn default_name(game: &AnyGame) -> String {
    let p = game.players();
    let name = match p.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "Game".to_string(),
    };
    name.chars()
        .take(MAX_NAME)
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The split build's reading (feature `fair-hook`; `cargo test -p
    /// formats --features fair-hook`): before the chunk's reader is
    /// installed a fair game's entry is kept unchecked and unlisted (no
    /// summary), written back as it was; once installed it reads as
    /// without the hook. (One test: the reader is installed once per
    /// process.)
    #[cfg(feature = "fair-hook")]
    #[test]
    fn a_fair_entry_waits_for_its_reader_and_is_kept() {
        let text = include_str!("../../../tests/fixtures/saves/v7.json");
        assert!(!fair_readable());
        let doc = parse(text).unwrap();
        let entry = doc.get("f1").unwrap();
        assert!(entry.summary.is_none(), "unchecked before the reader");
        assert!(entry.load().is_err());
        let again = parse(&doc.to_json()).unwrap();
        assert_eq!(again.get("f1").unwrap().record, entry.record);
        fair_hook::install(SavedRecord::read_fair);
        assert!(fair_readable());
        let doc = parse(text).unwrap();
        let entry = doc.get("f1").unwrap();
        assert!(entry.summary.is_some());
        assert!(entry.load().is_ok());
        assert!(entry.record.fair().is_some_and(|r| r.is_ok()));
    }
    use engine::city::{Catalogue, Options};
    use engine::city::{Game, Setup, DEFAULT_STACKS};
    use engine::core::random;
    use engine::TileGame;

    fn game(seed: u64, k: usize, finish: bool) -> AnyGame {
        let cat = Catalogue::builtin().unwrap();
        let names = ["Ann", "Bob", "Cid", "Dee"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let setup = Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        if finish {
            random::play_out(&mut g, &mut random::choice_rng(seed));
        }
        AnyGame::City(g)
    }

    /// Issue 39: a saved game keeps the aids off, in a record or a link,
    /// and a game with them on is saved as before.
    #[test]
    fn a_save_keeps_the_aids_off() {
        for kind in [RecordKind::Cgn, RecordKind::Link] {
            let on = game(3, 2, false);
            let off = game(3, 2, false).with_aids(false);
            let saved = SavedGame::from_game("g1", "Ann and Bob", &off, kind, 1.0);
            assert!(!saved.load().unwrap().aids_on(), "{kind:?}");
            let before = SavedRecord::of(&on, kind);
            assert!(SavedGame::from_game("g2", "x", &on, kind, 1.0)
                .load()
                .unwrap()
                .aids_on());
            match (before, SavedRecord::of(&off, kind)) {
                (SavedRecord::Cgn(a), SavedRecord::Cgn(b)) => {
                    assert!(!a.contains("[Aids") && b.contains("[Aids \"off\"]\n"));
                    assert_eq!(b.replace("[Aids \"off\"]\n", ""), a);
                }
                (SavedRecord::Link(a), SavedRecord::Link(b)) => assert_ne!(a, b),
                _ => unreachable!(),
            }
        }
    }

    #[test]
    fn save_list_rename_delete_and_read_back() {
        let mut doc = SaveDoc::new();
        doc.save(
            "a",
            Some("First"),
            &game(1, 2, true),
            RecordKind::Cgn,
            1000.0,
        )
        .unwrap();
        doc.save("b", None, &game(2, 3, false), RecordKind::Link, 2000.0)
            .unwrap();
        assert_eq!(doc.get("b").unwrap().name, "Ann, Bob and Cid");
        let ids: Vec<&str> = doc.list().iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["b", "a"]);
        doc.rename("a", "  Renamed ", 3000.0).unwrap();
        assert_eq!(doc.list()[0].name, "Renamed");
        // An update keeps the creation time.
        doc.save("b", None, &game(2, 3, true), RecordKind::Link, 4000.0)
            .unwrap();
        let b = doc.get("b").unwrap();
        assert_eq!((b.created, b.updated, b.finished), (2000.0, 4000.0, true));
        let back = parse(&doc.to_json()).unwrap();
        assert_eq!(back, doc);
        assert!(doc.delete("a"));
        assert!(!doc.delete("a"));
        assert_eq!(doc.len(), 1);
        assert_eq!(
            doc.rename("zz", "x", 1.0).unwrap_err(),
            SaveError::NotFound("zz".into())
        );
        assert!(doc.rename("b", " ", 1.0).is_err());
        let id = doc.fresh_id(4000.0);
        assert_eq!(id, "g334");
        doc.save(&id, None, &game(3, 2, false), RecordKind::Link, 5000.0)
            .unwrap();
        assert_eq!(doc.fresh_id(4000.0), "g334-2");
    }

    /// Two tabs with one game: a tab saves over what it knows, and over a
    /// game its own moves extend, never over a game played on elsewhere.
    #[test]
    fn a_writer_never_saves_over_a_game_played_on_elsewhere() {
        let full = game(4, 2, true);
        let at = |n: usize| AnyGame::City(TileGame::at(full.as_city().unwrap(), n));
        let seats = SavedSeat::defaults(2);
        let mut doc = SaveDoc::new();
        // Tab A saves turn 3's position; opening it again writes nothing.
        let (a, wrote) = doc
            .save_from("g", &at(3), seats.clone(), None, None, 1.0)
            .unwrap();
        assert!(wrote);
        let (same, wrote) = doc
            .save_from("g", &at(3), seats.clone(), None, Some(&a), 2.0)
            .unwrap();
        assert_eq!((same.as_str(), wrote), (a.as_str(), false));
        // Tab B, which read the same, plays on to 5 and saves.
        let (b, _) = doc
            .save_from("g", &at(5), seats.clone(), None, Some(&a), 3.0)
            .unwrap();
        // Tab A, still at 3 and knowing only `a`, moves elsewhere: refused.
        let other = {
            let mut g = at(3);
            let legal = g.legal_choices();
            let b4 = full.history()[3];
            let c = legal.into_iter().find(|&c| c != b4).unwrap();
            g.play(c).unwrap();
            g
        };
        let e = doc
            .save_from("g", &other, seats.clone(), None, Some(&a), 4.0)
            .unwrap_err();
        assert!(matches!(e, SaveError::MovedOn { .. }), "{e:?}");
        assert_eq!(doc.get("g").unwrap().record, SavedRecord::Link(b.clone()));
        // A's undo back to 2 is refused too (B's game is not A's to undo)...
        assert!(doc
            .save_from("g", &at(2), seats.clone(), None, Some(&a), 5.0)
            .is_err());
        // ...but a game that extends the stored one is ahead: saved.
        let (c, _) = doc
            .save_from("g", &at(7), seats.clone(), None, Some(&a), 6.0)
            .unwrap();
        // And B, who knows `b`, may still undo its own moves.
        assert!(doc
            .save_from("g", &at(4), seats.clone(), None, Some(&c), 7.0)
            .is_ok());
        assert!(doc
            .save_from("g", &at(3), seats, None, Some(&b), 8.0)
            .is_err());
    }

    #[test]
    fn bad_documents_are_refused_plainly() {
        let cases = [
            ("", "NotJson"),
            ("[]", "NotSaves"),
            (r#"{"kind":"x","version":1,"games":[]}"#, "NotSaves"),
            (
                r#"{"kind":"the-city/saves","version":8,"games":[]}"#,
                "NewerVersion(8)",
            ),
            (
                r#"{"kind":"the-city/saves","version":0,"games":[]}"#,
                "no version 0",
            ),
            (
                r#"{"kind":"the-city/saves","version":1,"games":[],"x":1}"#,
                "unexpected field “x”",
            ),
            (
                r#"{"kind":"the-city/saves","version":1,"games":[{"id":"a"}]}"#,
                "Entry { index: Some(0), id: Some(\"a\")",
            ),
        ];
        for (json, want) in cases {
            let e = format!("{:?}", parse(json).unwrap_err());
            assert!(e.contains(want), "{json}: {e}");
        }
    }

    #[test]
    fn a_tampered_entry_is_caught_and_salvage_keeps_the_rest() {
        let mut doc = SaveDoc::new();
        doc.save("a", None, &game(1, 2, true), RecordKind::Link, 1.0)
            .unwrap();
        doc.save("b", None, &game(2, 2, true), RecordKind::Cgn, 2.0)
            .unwrap();
        let json = doc
            .to_json()
            .replace("\"finished\":true", "\"finished\":false");
        assert!(format!("{:?}", parse(&json).unwrap_err()).contains("finished"));
        let json = doc.to_json().replacen("\"Ann\"", "\"Zed\"", 1);
        let (kept, problems) = salvage(&json).unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(problems.len(), 1);
        assert!(
            format!("{:?}", problems[0]).contains("players"),
            "{:?}",
            problems[0]
        );
    }
}
