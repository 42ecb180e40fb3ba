//! localStorage: the saved-games document (`formats::saves`) and backups of
//! documents that could not be read; sessionStorage: the id of the game in
//! play in this tab (each tab its own game; a reload resumes it).
//!
//! Tabs share the document: every change re-reads it first, and a tab never
//! saves over a game another tab played on (`SaveDoc::save_from`).
//!
//! Nothing is ever written over what could not be read: a document that
//! fails to read, or reads with damaged entries, is first copied to a backup
//! key (`the-city/saves.backup.<ms>`, one per distinct text); when even the
//! copy cannot be made, nothing is written. Storage that is disabled (reading
//! `localStorage` throws) or full (`QuotaExceededError`) is an error the app
//! shows; the game goes on in memory.

use std::fmt;

use wasm_bindgen::JsValue;

use super::js_error::js_message;
use computer::Level;
use engine::any::AnyGame;
use formats::saves::{self, SaveDoc, SaveError, SavedGame, SavedSeat};
use i18n::msg;
use view::palette::{PlayerColour, Seat};

/// The saved-games document.
pub const DOC_KEY: &str = "the-city/saves";
/// The id of the game in play in this tab (sessionStorage; before, one for
/// all tabs in localStorage, read once for the tab that finds it there).
pub const CURRENT_KEY: &str = "the-city/current";
/// Backups of unreadable documents: this prefix and the time in ms.
pub const BACKUP_PREFIX: &str = "the-city/saves.backup.";

/// Why storage could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// `localStorage` is missing or throws (disabled, blocked, private mode).
    Disabled,
    /// `setItem` ran out of room.
    Full,
    /// Saving would write over a document that could not be read or backed up.
    Unsafe(String),
    /// Anything else the browser said.
    Other(String),
    /// The game was played on in another tab or window (to this turn): it
    /// is not saved over.
    MovedOn(usize),
}

/// The player's words, in the chosen language (English by default: this
/// type is only ever shown to the player).
impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use i18n::msg::storage as m;
        match self {
            StorageError::Disabled => f.write_str(m::disabled()),
            StorageError::Full => f.write_str(m::full()),
            StorageError::Unsafe(why) => f.write_str(&m::not_saving(why)),
            StorageError::Other(why) => f.write_str(&m::other(why)),
            StorageError::MovedOn(turn) => f.write_str(&m::moved_on(*turn)),
        }
    }
}

fn local() -> Result<web_sys::Storage, StorageError> {
    let window = web_sys::window().ok_or(StorageError::Disabled)?;
    match window.local_storage() {
        Ok(Some(s)) => Ok(s),
        _ => Err(StorageError::Disabled),
    }
}

/// A localStorage exception as the error the app explains: full, disabled,
/// or the browser's own words.
fn storage_error(e: &JsValue) -> StorageError {
    let name = js_sys::Reflect::get(e, &JsValue::from_str("name"))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageError::Full,
        "SecurityError" => StorageError::Disabled,
        _ => StorageError::Other(js_message(e)),
    }
}

pub fn get(key: &str) -> Result<Option<String>, StorageError> {
    local()?.get_item(key).map_err(|e| storage_error(&e))
}

pub fn set(key: &str, value: &str) -> Result<(), StorageError> {
    local()?.set_item(key, value).map_err(|e| storage_error(&e))
}

pub fn remove(key: &str) -> Result<(), StorageError> {
    local()?.remove_item(key).map_err(|e| storage_error(&e))
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The id of this tab's game in play. A tab that finds none takes the one
/// the app kept for all tabs before (once: then it is this tab's alone).
pub fn current_id() -> Option<String> {
    let s = session()?;
    if let Ok(Some(id)) = s.get_item(CURRENT_KEY) {
        return Some(id);
    }
    let legacy = get(CURRENT_KEY).ok().flatten()?;
    let _ = remove(CURRENT_KEY);
    let _ = s.set_item(CURRENT_KEY, &legacy);
    Some(legacy)
}

/// This tab's game in play is `id` (None: none).
pub fn set_current(id: Option<&str>) {
    if let Some(s) = session() {
        let _ = match id {
            Some(id) => s.set_item(CURRENT_KEY, id),
            None => s.remove_item(CURRENT_KEY),
        };
    }
}

/// Now, in ms since the epoch.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// The document as read, with what was wrong with it.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub doc: SaveDoc,
    /// One sentence per problem (the whole document, or each dropped entry).
    pub problems: Vec<String>,
    /// Why nothing may be written (None: saving is safe).
    pub unsafe_why: Option<String>,
}

/// Copy `raw` to a backup key, unless a backup with the same text exists;
/// the key it is under.
fn backup(raw: &str) -> Result<String, StorageError> {
    let s = local()?;
    let n = s.length().map_err(|e| storage_error(&e))?;
    for i in 0..n {
        if let Ok(Some(k)) = s.key(i) {
            if k.starts_with(BACKUP_PREFIX) && s.get_item(&k).ok().flatten().as_deref() == Some(raw)
            {
                return Ok(k);
            }
        }
    }
    let mut key = format!("{BACKUP_PREFIX}{}", now() as u64);
    while s.get_item(&key).ok().flatten().is_some() {
        key.push('x');
    }
    s.set_item(&key, raw).map_err(|e| storage_error(&e))?;
    Ok(key)
}

thread_local! {
    /// The last document text read or written cleanly, and its reading: an
    /// autosave does not replay every saved game again when nothing changed.
    static CLEAN: std::cell::RefCell<Option<(String, SaveDoc)>> =
        const { std::cell::RefCell::new(None) };
}

fn remember(raw: &str, doc: &SaveDoc) {
    CLEAN.with(|c| *c.borrow_mut() = Some((raw.to_string(), doc.clone())));
}

/// The last reading forgotten: saved fair games read from now on (the
/// correspondence chunk came: `ui::correspondence_part`).
pub fn forget_parsed() {
    CLEAN.with(|c| *c.borrow_mut() = None);
}

/// Whether the saved games may hold a fair game (a game across devices,
/// whose record the correspondence chunk reads): its record's key is in
/// the document (or, at worst, in a name: then the chunk is fetched for
/// nothing).
pub fn holds_fair() -> bool {
    get(DOC_KEY)
        .ok()
        .flatten()
        .is_some_and(|raw| raw.contains("\"fair\""))
}

/// Read the saved games, keeping every sound entry; a document or entry that
/// cannot be read is backed up before anything may be written.
pub fn load() -> Result<Loaded, StorageError> {
    let Some(raw) = get(DOC_KEY)? else {
        return Ok(Loaded::default());
    };
    let cached = CLEAN.with(|c| {
        c.borrow()
            .as_ref()
            .filter(|(text, _)| *text == raw)
            .map(|(_, doc)| doc.clone())
    });
    if let Some(doc) = cached {
        return Ok(Loaded {
            doc,
            ..Loaded::default()
        });
    }
    let (doc, problems, newer) = match saves::salvage(&raw) {
        Ok((doc, problems)) => (doc, problems, false),
        Err(e) => {
            let newer = matches!(e, SaveError::NewerVersion(_));
            (SaveDoc::default(), vec![e], newer)
        }
    };
    if problems.is_empty() {
        remember(&raw, &doc);
        return Ok(Loaded {
            doc,
            ..Loaded::default()
        });
    }
    let mut out: Vec<String> = problems
        .iter()
        .map(|p| capitalise(&view::words::plain(&view::errors::save_error(p))))
        .collect();
    let unsafe_why = match backup(&raw) {
        Ok(key) => {
            out.push(msg::storage::backup_kept(&key));
            newer.then(|| msg::storage::newer().to_string())
        }
        Err(e) => Some(msg::storage::no_backup(&e.to_string())),
    };
    Ok(Loaded {
        doc,
        problems: out,
        unsafe_why,
    })
}

fn capitalise(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    view::log::capitalise(s) + "."
}

/// Change the document (re-read first: another tab may have written it) and
/// write it back; `change` says what it did.
pub fn update<T>(
    change: impl FnOnce(&mut SaveDoc) -> Result<T, SaveError>,
) -> Result<T, StorageError> {
    let loaded = load()?;
    if let Some(why) = loaded.unsafe_why {
        return Err(StorageError::Unsafe(why));
    }
    let mut doc = loaded.doc;
    let out = change(&mut doc).map_err(|e| match e {
        SaveError::MovedOn { turns, .. } => StorageError::MovedOn(turns),
        e => StorageError::Other(view::errors::save_error(&e)),
    })?;
    let json = doc.to_json();
    // Nothing changed, nothing written (another tab hears of every write).
    if get(DOC_KEY)?.as_deref() != Some(json.as_str()) {
        set(DOC_KEY, &json)?;
    }
    remember(&json, &doc);
    Ok(out)
}

/// Autosave: the game in play under `id`, unless another tab played it on
/// since this one last read or wrote `known` (its record there); this tab's
/// game in play from now on. A game with no id yet takes the one of the
/// save its link continues (another tab may have saved it since it was
/// opened here: the same link opened in two tabs is one save), else a new
/// one (unless `apart`: a new save in any case). The id and the record
/// stored: this tab's new `known`. A fair game (issue 37) is saved with
/// this device's secrets (`fair`); one on three to five devices with its
/// devices' keys and signatures (`star`: its version 5 link).
#[allow(clippy::too_many_arguments)]
pub fn save_game(
    apart: bool,
    id: Option<&str>,
    game: &AnyGame,
    fair: Option<&formats::fair_game::FairGame>,
    star: Option<&super::state::star::Star>,
    seats: &[Seat],
    here: &[bool],
    link: Option<usize>,
    known: Option<&str>,
) -> Result<(String, String), StorageError> {
    let t = now();
    let (id, record) = update(|doc| {
        let id = match id {
            Some(id) => id.to_string(),
            None if link.is_some() && !apart && fair.is_none() => {
                match formats::links::related(doc, game) {
                    Some((entry, _)) => entry.id.clone(),
                    None => formats::links::new_id(doc, game, t),
                }
            }
            None => doc.fresh_id(t),
        };
        let new = doc.get(&id).is_none();
        let seats = to_saved(seats, here);
        // (A fair game is in play only once its chunk is here.)
        let (record, _) = match (fair, super::correspondence::loaded()) {
            (Some(fair), Some(c)) => c.save(doc, &id, game, fair, star, seats, link, known, t)?,
            (Some(_), None) => return Err(SaveError::NotFound(id)),
            (None, _) => doc.save_from(&id, game, seats, link, known, t)?,
        };
        if new {
            // Its name in the player's language, a copy's numbered.
            let taken: Vec<&str> = doc
                .list()
                .into_iter()
                .filter(|g| g.id != id)
                .map(|g| g.name.as_str())
                .collect();
            let name = view::names::save_name(game.players(), &taken, saves::MAX_NAME);
            doc.rename(&id, &name, t)?;
        }
        Ok((id, record))
    })?;
    set_current(Some(&id));
    Ok((id, record))
}

/// The record a saved game is stored as (what a tab `knows` of it).
pub fn record_of(g: &SavedGame) -> String {
    g.record.text().to_string()
}

/// The seats as saved, with whether a person played each here.
pub fn to_saved(seats: &[Seat], here: &[bool]) -> Vec<SavedSeat> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| SavedSeat {
            colour: s.colour.name().to_string(),
            computer: s.computer.map(|l| l.name().to_string()),
            here: here.get(i).copied().unwrap_or(false),
        })
        .collect()
}

/// Per seat of a saved game: a person played it on this device.
pub fn here_of(game: &SavedGame) -> Vec<bool> {
    game.seats.iter().map(|s| s.here).collect()
}

/// The seats of a saved game (its names are the record's players).
pub fn from_saved(game: &SavedGame) -> Vec<Seat> {
    game.players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let saved = game.seats.get(i);
            Seat {
                name: name.clone(),
                colour: saved
                    .and_then(|s| PlayerColour::from_name(&s.colour))
                    .unwrap_or(PlayerColour::ALL[i % PlayerColour::ALL.len()]),
                computer: saved
                    .and_then(|s| s.computer.as_deref())
                    .and_then(Level::from_name),
            }
        })
        .collect()
}

/// Human seats in the first colours for a game from a link or a record.
pub fn default_seats(game: &AnyGame) -> Vec<Seat> {
    game.players()
        .iter()
        .enumerate()
        .map(|(i, name)| Seat {
            name: name.clone(),
            colour: PlayerColour::ALL[i % PlayerColour::ALL.len()],
            computer: None,
        })
        .collect()
}
