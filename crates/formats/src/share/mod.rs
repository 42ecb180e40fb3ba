//! Share links: a whole game — its setup and every decision taken — as one
//! short string for the fragment of a URL (`…/#<link>`).
//!
//! Versions:
//! - 1: The City (`city.rs`), frozen byte for byte: every link ever written
//!   opens to the same game, and The City's games are still written in it;
//! - 2: a ruleset byte (`Ruleset` below), then that ruleset's body. The City's
//!   body in version 2 is its version 1 body; classic's is in `classic.rs`;
//! - 3: a ruleset byte, then an extras byte — bit 0: the players' aids are
//!   off (issue 39); other bits 0, and not all of it 0 — then the body as in
//!   version 2. Written only for a game with an extra (aids off): every
//!   other game is written as before, byte for byte, and every link written
//!   before version 3 means "aids on".
//! - 4: a game dealt fairly on more than one device (`fair.rs`): no deal,
//!   the seats' commitments and reveals. Read by `fair::decode` only
//!   ([`decode`] says they are newer; [`version`] tells them apart).
//!
//! Every version starts with its version byte and ends with the same CRC-32
//! (`envelope.rs`), so a damaged link (a character changed, lost or added)
//! is told apart from a link written by a newer version. The digits of a
//! link depend on the order of the legal choices and on the catalogue: a
//! change to either needs a new version number, and the old decoder kept.
//!
//! Extra record tags (`Date`, `Note`, …) are not part of a link.

pub mod city;
pub mod classic;
pub mod envelope;
pub mod fair;

use engine::any::{AnyGame, Ruleset};
use engine::core::SetupError;
pub use envelope::{seal, unseal, MAX_LEN};

/// The newest version this build reads.
pub const NEWEST: u8 = 3;

/// Why a link cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Nothing to read.
    Empty,
    /// A character changed, lost or added, or not a link at all.
    Damaged,
    /// Longer than any link this version writes.
    TooLong,
    /// Written by a newer version of the app.
    NewerVersion(u8),
    /// Intact, but its setup or a decision is not valid (which, it says).
    Invalid(Invalid),
}

/// What is not valid in an intact link (the view says it in words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// The setup is not a game.
    Setup(SetupError),
    /// The deck holds more tiles than the box.
    DeckOverBox,
    /// Classic: the deck holds more tiles than the pile.
    DeckOverPile { tiles: u64, total: u64 },
    /// The City: the stacks hold more than the 75 tiles of the box.
    StacksOverBox { stacks: [u32; 3] },
    /// The game ends after `n` decisions, but the link holds more.
    GameEndsEarly { n: u64 },
    /// No legal choice at decision `n`.
    NoLegalChoice { n: u64 },
    /// A fair game's link plays on after decision `n`, whose draw its
    /// reveals do not deal (version 4).
    PastTheDeal { n: u64 },
    /// A fair game's reveal for `seat` (0-based) does not hash down to
    /// its commitment (version 4).
    Reveal { seat: u8 },
    /// A fair game's link reveals a seat's value while a seat has not
    /// committed yet (a reveal must come after every commitment: one seen
    /// before would let the last to commit choose its secret against it).
    EarlyReveal,
}

impl From<SetupError> for ShareError {
    fn from(e: SetupError) -> ShareError {
        ShareError::Invalid(Invalid::Setup(e))
    }
}

/// Version 3's extras byte: the aids are off.
const AIDS_OFF: u8 = 1;

/// The ruleset byte of a version 2 link.
fn ruleset_byte(r: Ruleset) -> u8 {
    match r {
        Ruleset::City => 0,
        Ruleset::Classic => 1,
    }
}

/// The link of a game: its setup and every decision so far.
pub fn encode(game: &AnyGame) -> String {
    if !game.aids_on() {
        let body = match game {
            AnyGame::City(g) => city::encode_body(g),
            AnyGame::Classic(g) => classic::encode_body(g),
        };
        let mut bytes = vec![3, ruleset_byte(game.ruleset()), AIDS_OFF];
        bytes.extend(body);
        return seal(&bytes);
    }
    match game {
        AnyGame::City(g) => city::encode(g),
        AnyGame::Classic(g) => {
            let mut bytes = vec![2, ruleset_byte(Ruleset::Classic)];
            bytes.extend(classic::encode_body(g));
            seal(&bytes)
        }
    }
}

/// The payload of the link of a game of `setup`'s rules, players, options
/// and length with no decision and no deck: its deck's digits left off,
/// so it reads back as the box's first tiles in catalogue order (every
/// digit 0). A fair game's deal is not its setup's ([`fair::template`] of
/// what this reads back is the fair game's setup again): live play's
/// invitation carries this (`crate::handshake`), 17 bytes shorter for The
/// City's 75 tiles.
pub fn dealless(setup: &engine::any::AnySetup) -> Result<Vec<u8>, ShareError> {
    let game = AnyGame::new(fair::template(setup)?)?;
    let digits = match &game {
        AnyGame::City(g) => envelope::deck_digits(city::box_counts(g.catalogue()), &g.setup().deck),
        AnyGame::Classic(g) => envelope::deck_digits(
            engine::classic::setup::pile_counts(g.catalogue(), g.setup().expansions),
            &g.setup().deck,
        ),
    };
    let deck = envelope::Big::of_digits(&digits).to_bytes().len();
    let mut bytes = unseal(&encode(&game))?;
    bytes.truncate(bytes.len() - deck);
    Ok(bytes)
}

/// A link's version byte, when it is an intact link (a fair game's is
/// [`fair::VERSION`], read by `fair::decode`).
pub fn version(s: &str) -> Option<u8> {
    unseal(s).ok().and_then(|b| b.first().copied())
}

/// Open a link (the bare string, `#` and all, or a whole URL ending in one):
/// the game at the position it was shared from. Never panics.
pub fn decode(s: &str) -> Result<AnyGame, ShareError> {
    let bytes = unseal(s)?;
    match bytes[0] {
        1 => city::decode_body(&bytes[1..]).map(AnyGame::City),
        2 => {
            let ruleset = *bytes.get(1).ok_or(ShareError::Damaged)?;
            match ruleset {
                r if r == ruleset_byte(Ruleset::City) => {
                    city::decode_body(&bytes[2..]).map(AnyGame::City)
                }
                r if r == ruleset_byte(Ruleset::Classic) => {
                    classic::decode_body(&bytes[2..]).map(AnyGame::Classic)
                }
                // A ruleset this build does not know: written by a newer one.
                _ => Err(ShareError::NewerVersion(2)),
            }
        }
        3 => {
            let (&ruleset, rest) = bytes[1..].split_first().ok_or(ShareError::Damaged)?;
            // A ruleset or an extra this build does not know: a newer one's.
            let known = [Ruleset::City, Ruleset::Classic]
                .into_iter()
                .find(|&r| ruleset_byte(r) == ruleset)
                .ok_or(ShareError::NewerVersion(3))?;
            let (&extras, body) = rest.split_first().ok_or(ShareError::Damaged)?;
            if extras & !AIDS_OFF != 0 {
                return Err(ShareError::NewerVersion(3));
            }
            if extras == 0 {
                // Nothing extra is written as version 1 or 2.
                return Err(ShareError::Damaged);
            }
            let game = match known {
                Ruleset::City => city::decode_body(body).map(AnyGame::City),
                Ruleset::Classic => classic::decode_body(body).map(AnyGame::Classic),
            }?;
            Ok(game.with_aids(false))
        }
        v if v > NEWEST => Err(ShareError::NewerVersion(v)),
        _ => Err(ShareError::Damaged),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::city::{Catalogue, Game, Options, Setup, DEFAULT_STACKS};
    use engine::core::random;
    use engine::TileGame;

    #[test]
    fn a_city_body_in_a_version_2_link_opens_the_same_game() {
        let cat = Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let setup = Setup::from_seed(cat, names, 9, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(9));
        let v1 = unseal(&encode(&AnyGame::City(g.clone()))).unwrap();
        assert_eq!(v1[0], 1);
        let mut v2 = vec![2, 0];
        v2.extend_from_slice(&v1[1..]);
        let back = decode(&seal(&v2)).unwrap().into_city().unwrap();
        assert_eq!(back.history(), g.history());
        assert_eq!(
            decode(&seal(&[2, 9, 0])).unwrap_err(),
            ShareError::NewerVersion(2)
        );
        assert_eq!(decode(&seal(&[2])).unwrap_err(), ShareError::Damaged);
    }

    /// Issue 39: a game with the aids off is a version 3 link that opens
    /// with them off; with them on, the link is what it always was.
    #[test]
    fn the_aids_switch_travels_in_version_3_only_when_off() {
        let cat = Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let setup = Setup::from_seed(cat, names, 4, DEFAULT_STACKS, Options::default()).unwrap();
        let mut g = Game::new(cat, setup).unwrap();
        for _ in 0..9 {
            let c = g.legal_choices()[0];
            g.play(c).unwrap();
        }
        let on = AnyGame::City(g.clone());
        let link_on = encode(&on);
        assert_eq!(
            unseal(&link_on).unwrap()[0],
            1,
            "aids on: version 1 as before"
        );
        let off = on.clone().with_aids(false);
        let link_off = encode(&off);
        let bytes = unseal(&link_off).unwrap();
        assert_eq!(&bytes[..3], &[3, 0, 1]);
        let back = decode(&link_off).unwrap();
        assert!(!back.aids_on());
        assert_eq!(back.history(), on.history());
        assert_eq!(encode(&back), link_off);
        assert!(decode(&link_on).unwrap().aids_on());
        // Extras this build does not know, or none at all.
        let mut newer = bytes.clone();
        newer[2] = 3;
        assert_eq!(
            decode(&seal(&newer)).unwrap_err(),
            ShareError::NewerVersion(3)
        );
        let mut none = bytes.clone();
        none[2] = 0;
        assert_eq!(decode(&seal(&none)).unwrap_err(), ShareError::Damaged);
        assert_eq!(decode(&seal(&[3, 0])).unwrap_err(), ShareError::Damaged);
    }
}
