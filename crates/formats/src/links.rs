//! What a share link does to the saved games: which save it belongs to
//! ([`judge`]: it continues one, shows an earlier position of one, or is
//! refused for what it would change in one: its deal, a move played, a
//! turn of a seat played on this device, who plays a seat), and the id a
//! new save of it takes, the same in every tab (the same link opened in
//! two tabs at once makes one save).

use crate::fair_game::{FairGame, Received, Refusal};
use crate::saves::{SaveDoc, SavedGame, SavedSeat};
use crate::share;
use crate::share::fair::FairLink;
use crate::star::{StarGame, StarLink, StarReceived};
use engine::any::{AnyGame, AnySetup};

/// The saved game a link's game continues or is continued by: the same
/// deal and players, one's moves the start of the other's; the most
/// recently saved first. With its game.
pub fn related<'a>(doc: &'a SaveDoc, game: &AnyGame) -> Option<(&'a SavedGame, AnyGame)> {
    doc.list().into_iter().find_map(|entry| {
        if entry.players != *game.players() || entry.ruleset != game.ruleset() {
            return None;
        }
        let saved = entry.load().ok()?;
        let (a, b) = (saved.history(), game.history());
        let related = a.starts_with(&b) || b.starts_with(&a);
        (related && saved.setup() == game.setup()).then_some((entry, saved))
    })
}

/// The id a new save of a game from a link takes: made from its setup and
/// players (its link with no decision), so two tabs that open the same link
/// at once write the same entry; a fresh id when a save of another game
/// has it.
pub fn new_id(doc: &SaveDoc, game: &AnyGame, now: f64) -> String {
    let start = share::encode(&game.at(0));
    let crc = crc::Crc::<u32, crc::NoTable>::new(&crc::CRC_32_ISO_HDLC).checksum(start.as_bytes());
    let id = format!("l{crc:08x}");
    match doc.get(&id) {
        None => id,
        Some(_) => doc.fresh_id(now),
    }
}

/// Why a link that belongs to a saved game is refused: what it would
/// change (issue 37). The view says it in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forgery {
    /// Its deal is not the saved game's (the moves played agree).
    Deal,
    /// It changes a decision already played: `player`'s, in turn `turn`.
    Move { turn: usize, player: String },
    /// It plays a turn of a seat a person plays on this device (`player`'s,
    /// turn `turn`), which this device did not play.
    Seat { turn: usize, player: String },
    /// It holds a decision of `player`'s (turn `turn`) that the device
    /// playing that seat did not sign: relayed by another device and
    /// changed, or made up (a game on three or more devices, `star`).
    Unsigned { turn: usize, player: String },
    /// It changes who plays `player`'s seat: a person (None) or the
    /// computer at a level, by its name.
    Player {
        player: String,
        computer: Option<String>,
    },
}

/// What a link is to the saved games.
#[derive(Clone, Debug)]
pub enum Verdict<'a> {
    /// No saved game here is its game.
    New,
    /// It continues this saved game (or shows it as it is): with the saved
    /// game.
    Continues(&'a SavedGame, AnyGame),
    /// It shows an earlier position of this saved game.
    Earlier(&'a SavedGame, AnyGame),
    /// It is this saved game's link, but changes it.
    Refused(&'a SavedGame, Forgery),
}

/// A game's deal and rules, whichever way its deal is written (a seed or
/// the tiles it gives).
fn deal(g: &AnyGame) -> AnySetup {
    match g.setup() {
        AnySetup::City(mut s) => {
            s.seed = None;
            AnySetup::City(s)
        }
        AnySetup::Classic(mut s) => {
            s.seed = None;
            AnySetup::Classic(s)
        }
    }
}

/// The tile in hand (either game), as a number.
fn tile_now(g: &AnyGame) -> Option<u32> {
    match g {
        AnyGame::City(c) => c.drawn().map(|(t, _)| u32::from(t)),
        AnyGame::Classic(c) => c.in_hand().map(u32::from),
    }
}

/// How many decisions the two games share from the start, each the same
/// choice with the same tile in hand (games of other deals compared by
/// what was played), and the first game at that point.
fn common_play(a: &AnyGame, b: &AnyGame) -> (usize, AnyGame) {
    let (ha, hb) = (a.history(), b.history());
    let (mut ga, mut gb) = (a.at(0), b.at(0));
    let mut n = 0;
    while n < ha.len().min(hb.len()) && ha[n] == hb[n] && tile_now(&ga) == tile_now(&gb) {
        if ga.play(ha[n]).is_err() || gb.play(hb[n]).is_err() {
            break;
        }
        n += 1;
    }
    (n, a.at(n))
}

/// What `game`, opened from a link with `seats` beside it (None: none, or
/// damaged), is to the saved games in `doc`:
/// - a game whose deal and moves agree with a saved game, one's moves the
///   start of the other's, continues it or shows an earlier position of it;
///   unless its seats make a person's seat a computer's (or change a
///   level), or its new moves play a seat a person plays on this device;
/// - a game of the same players whose first two turns or more agree with a
///   saved game's, tiles and moves, but whose deal does not (whatever it
///   changes after them), or whose deal agrees
///   with an unfinished saved game's but which changes a move of it, is
///   refused;
/// - any other is new (a rematch: another deal, other tiles).
///
/// The saved games are tried the most recently saved first; one the link
/// continues wins over one it would change.
pub fn judge<'a>(doc: &'a SaveDoc, game: &AnyGame, seats: Option<&[SavedSeat]>) -> Verdict<'a> {
    let mut refusal = None;
    for entry in doc.list() {
        if entry.players != *game.players() || entry.ruleset != game.ruleset() {
            continue;
        }
        let Ok(saved) = entry.load() else { continue };
        if deal(&saved) != deal(game) {
            let (_, at) = common_play(&saved, game);
            // (Two whole turns alike, tiles and moves: no rematch is.)
            if refusal.is_none() && at.turns() >= 2 {
                refusal = Some(Verdict::Refused(entry, Forgery::Deal));
            }
            continue;
        }
        let (a, b) = (saved.history(), game.history());
        let n = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        if n < a.len().min(b.len()) {
            // (A finished game is not changed by a link: one with its deal
            // that differs is another game, dealt from the same seed.)
            if !entry.finished && refusal.is_none() {
                let at = saved.at(n);
                let player = entry.players[usize::from(at.to_move())].clone();
                refusal = Some(Verdict::Refused(
                    entry,
                    Forgery::Move {
                        turn: at.turn(),
                        player,
                    },
                ));
            }
            continue;
        }
        // Its game: who plays each seat is the save's.
        if let Some(seats) = seats {
            let changed = entry
                .seats
                .iter()
                .zip(seats)
                .position(|(mine, link)| mine.computer != link.computer);
            if let Some(i) = changed {
                let computer = seats[i].computer.clone();
                let player = entry.players[i].clone();
                return Verdict::Refused(entry, Forgery::Player { player, computer });
            }
        }
        if b.len() < a.len() {
            return Verdict::Earlier(entry, saved);
        }
        // Its new moves: none for a seat a person plays here.
        let mut g = saved.clone();
        for &choice in &b[a.len()..] {
            let seat = usize::from(g.to_move());
            let here = entry
                .seats
                .get(seat)
                .is_some_and(|s| s.here && s.computer.is_none());
            if here {
                let player = entry.players[seat].clone();
                let turn = g.turn();
                return Verdict::Refused(entry, Forgery::Seat { turn, player });
            }
            if g.play(choice).is_err() {
                break;
            }
        }
        return Verdict::Continues(entry, saved);
    }
    refusal.unwrap_or(Verdict::New)
}

/// What a fair game's link (version 4) is to the saved games.
#[derive(Clone, Debug)]
pub enum FairVerdict<'a> {
    /// An invitation (a seat not committed yet) to a game not saved here:
    /// this device may join it.
    Invitation,
    /// A fair game not saved here whose every seat has committed: another
    /// device's game (this device plays none of its seats).
    New,
    /// It continues this saved game: the game with what it adds.
    Continues(&'a SavedGame, FairGame),
    /// An older link of this saved game: the game here, where it is.
    Earlier(&'a SavedGame, FairGame),
    /// It is this saved game's link, but is refused.
    Refused(&'a SavedGame, Refusal),
}

/// Read a fair game's link (version 4) as this device can: with the
/// chains of the saved fair game it belongs to (its salt's), if any, so a
/// move it holds for a seat of this device reads, to be refused as such.
pub fn read_fair(doc: &SaveDoc, link: &str) -> Result<FairLink, crate::share::ShareError> {
    let salt = crate::share::fair::salt_of(link);
    let chains = doc.list().into_iter().find_map(|entry| {
        let (_, fair) = entry.record.fair()?.ok()?;
        (Some(fair.deal.salt) == salt).then_some(fair.deal.chains)
    });
    match chains {
        Some(own) => match crate::share::fair::decode_with(link, &own) {
            // A commitment of this device's seat changed: not this
            // device's chain; read as anyone would, to be refused as a
            // change of the deal.
            Err(crate::share::ShareError::Invalid(crate::share::Invalid::Reveal { seat }))
                if own.get(usize::from(seat)).is_some_and(Option::is_some) =>
            {
                crate::share::fair::decode(link)
            }
            r => r,
        },
        None => crate::share::fair::decode(link),
    }
}

/// What a fair game's link, with `seats` beside it, is to the saved games:
/// the saved fair game of the same salt judges it
/// ([`FairGame::receive`]: its deal and commitments, its moves, a move for
/// a seat of this device, a reveal that does not hold), and who plays each
/// seat may not change, as for any link ([`judge`]).
pub fn judge_fair<'a>(
    doc: &'a SaveDoc,
    link: &FairLink,
    seats: Option<&[SavedSeat]>,
) -> FairVerdict<'a> {
    for entry in doc.list() {
        let Some(Ok((_, fair))) = entry.record.fair() else {
            continue;
        };
        if !fair.is_game_of(link) {
            continue;
        }
        if entry.record.star().is_some() {
            // A game on three or more devices continues only by its own
            // links (version 5), which carry its devices' signatures.
            return FairVerdict::Refused(entry, Refusal::Forgery(Forgery::Deal));
        }
        if let Some(seats) = seats {
            let changed = entry
                .seats
                .iter()
                .zip(seats)
                .position(|(mine, link)| mine.computer != link.computer);
            if let Some(i) = changed {
                let computer = seats[i].computer.clone();
                let player = entry.players[i].clone();
                return FairVerdict::Refused(
                    entry,
                    Refusal::Forgery(Forgery::Player { player, computer }),
                );
            }
        }
        return match fair.receive(link, &entry.players) {
            Ok(Received::Continues(g)) => FairVerdict::Continues(entry, *g),
            Ok(Received::Earlier) => FairVerdict::Earlier(entry, fair),
            Err(r) => FairVerdict::Refused(entry, r),
        };
    }
    match link.deal.committed() {
        true => FairVerdict::New,
        false => FairVerdict::Invitation,
    }
}

/// Whether a saved game's seats and a link's `?seats=` differ in who
/// plays a seat (a person, the computer at a level): the refusal.
fn player_changed(entry: &SavedGame, seats: Option<&[SavedSeat]>) -> Option<Forgery> {
    let seats = seats?;
    let i = entry
        .seats
        .iter()
        .zip(seats)
        .position(|(mine, link)| mine.computer != link.computer)?;
    Some(Forgery::Player {
        player: entry.players[i].clone(),
        computer: seats[i].computer.clone(),
    })
}

/// What a link of a game on three or more devices (version 5) is to the
/// saved games.
#[derive(Clone, Debug)]
pub enum StarVerdict<'a> {
    /// An invitation for a device, of a game not saved here: join it.
    Invitation,
    /// A game not saved here whose every seat has committed: watched.
    New,
    /// It continues this saved game: the game with what it adds.
    Continues(&'a SavedGame, StarGame),
    /// An older link of this saved game: the game here, where it is.
    Earlier(&'a SavedGame, StarGame),
    /// It is this saved game's link, but is refused.
    Refused(&'a SavedGame, Refusal),
}

/// Read a version 5 link as this device can: with the chains of the saved
/// game of its salt, if any (as [`read_fair`]).
pub fn read_star(doc: &SaveDoc, link: &str) -> Result<StarLink, crate::share::ShareError> {
    let anyone = crate::star::decode(link)?;
    let chains = doc.list().into_iter().find_map(|entry| {
        let (_, g) = entry.record.star()?.ok()?;
        (g.fair.deal.salt == anyone.fair.deal.salt).then_some(g.fair.deal.chains)
    });
    match chains {
        Some(own) => match crate::star::decode_with(link, &own) {
            Err(crate::share::ShareError::Invalid(crate::share::Invalid::Reveal { seat }))
                if own.get(usize::from(seat)).is_some_and(Option::is_some) =>
            {
                Ok(anyone)
            }
            r => r,
        },
        None => Ok(anyone),
    }
}

/// What a version 5 link, with `seats` beside it, is to the saved games:
/// the saved game of the same salt judges it ([`StarGame::receive`]: as
/// [`judge_fair`], and every move it adds signed by its seat's device);
/// who plays each seat may not change.
pub fn judge_star<'a>(
    doc: &'a SaveDoc,
    link: &StarLink,
    seats: Option<&[SavedSeat]>,
) -> StarVerdict<'a> {
    for entry in doc.list() {
        let Some(Ok((_, g))) = entry.record.star() else {
            continue;
        };
        if g.fair.deal.salt != link.fair.deal.salt {
            continue;
        }
        if !g.is_game_of(link) {
            return StarVerdict::Refused(entry, Refusal::Forgery(Forgery::Deal));
        }
        if let Some(f) = player_changed(entry, seats) {
            return StarVerdict::Refused(entry, Refusal::Forgery(f));
        }
        return match g.receive(link, &entry.players) {
            Ok(StarReceived::Continues(next)) => StarVerdict::Continues(entry, *next),
            Ok(StarReceived::Earlier) => StarVerdict::Earlier(entry, g),
            Err(r) => StarVerdict::Refused(entry, r),
        };
    }
    match link.to {
        Some(_) => StarVerdict::Invitation,
        None => StarVerdict::New,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::saves::SavedSeat;
    use engine::city::{Catalogue, Game, Options, Setup, DEFAULT_STACKS};

    fn city(setup: Setup) -> AnyGame {
        AnyGame::City(Game::new(Catalogue::builtin().unwrap(), setup).unwrap())
    }

    fn seeded(seed: u64) -> AnyGame {
        let cat = Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        city(Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default()).unwrap())
    }

    /// One seat's decisions until another seat decides (one at least).
    fn turn(g: &mut AnyGame) {
        let mover = g.to_move();
        loop {
            let choices = g.legal_choices();
            let pick = choices[g.decisions() * 7 % choices.len()];
            g.play(pick).unwrap();
            if g.is_over() || g.to_move() != mover {
                return;
            }
        }
    }

    fn seats(here: [bool; 2]) -> Vec<SavedSeat> {
        ["red", "blue"]
            .iter()
            .zip(here)
            .map(|(c, here)| SavedSeat {
                colour: c.to_string(),
                computer: None,
                here,
            })
            .collect()
    }

    /// A document with `game` saved as "g1", Ann's seat played here.
    fn saved(game: &AnyGame) -> SaveDoc {
        let mut doc = SaveDoc::new();
        doc.save_linked("g1", game, seats([true, false]), Some(0), 1.0)
            .unwrap();
        doc
    }

    fn refusal(v: Verdict) -> Option<Forgery> {
        match v {
            Verdict::Refused(e, f) => {
                assert_eq!(e.id, "g1");
                Some(f)
            }
            _ => None,
        }
    }

    /// Ann played her turn here: Bob's turn after it continues her save;
    /// her own position or an earlier one is her save, where it is; a link
    /// of another game (a rematch) is new.
    #[test]
    fn a_fair_continuation_continues_the_save() {
        let mut g = seeded(5);
        turn(&mut g);
        let doc = saved(&g);
        let mut next = g.clone();
        turn(&mut next);
        assert_eq!(next.to_move(), 0, "Bob's turn was played");
        assert!(matches!(judge(&doc, &next, None), Verdict::Continues(e, _) if e.id == "g1"));
        assert!(matches!(judge(&doc, &g, None), Verdict::Continues(..)));
        assert!(matches!(judge(&doc, &g.at(1), None), Verdict::Earlier(..)));
        assert!(matches!(judge(&SaveDoc::new(), &next, None), Verdict::New));
        let mut rematch = seeded(6);
        turn(&mut rematch);
        turn(&mut rematch);
        turn(&mut rematch);
        assert!(matches!(judge(&doc, &rematch, None), Verdict::New));
        // Its seats as the save has them: continues.
        let same = seats([false, false]);
        assert!(matches!(
            judge(&doc, &next, Some(&same)),
            Verdict::Continues(..)
        ));
    }

    /// A link that plays Ann's turn (she plays on this device) after Bob's.
    #[test]
    fn a_turn_of_a_seat_played_here_is_refused() {
        let mut g = seeded(5);
        turn(&mut g);
        let doc = saved(&g);
        let mut forged = g.clone();
        turn(&mut forged);
        let turn_no = forged.turn();
        turn(&mut forged);
        assert_eq!(
            refusal(judge(&doc, &forged, None)),
            Some(Forgery::Seat {
                turn: turn_no,
                player: "Ann".into()
            })
        );
        // Where Ann's seat was never played here, the same link continues.
        let mut doc2 = SaveDoc::new();
        doc2.save_linked("g1", &g, seats([false, false]), Some(0), 1.0)
            .unwrap();
        assert!(matches!(
            judge(&doc2, &forged, None),
            Verdict::Continues(..)
        ));
    }

    /// A link whose earlier move differs (Bob undid Ann's move and played
    /// it another way).
    #[test]
    fn a_changed_move_is_refused_with_its_turn() {
        let mut g = seeded(5);
        turn(&mut g);
        turn(&mut g);
        turn(&mut g);
        let doc = saved(&g);
        // Turn 2's first decision another way.
        let h = g.history();
        let mut forged = g.at(0);
        for &c in &h {
            forged.play(c).unwrap();
            if forged.turn() == 2 {
                break;
            }
        }
        let at = forged.decisions();
        let choices = forged.legal_choices();
        let other = choices.iter().copied().find(|&c| c != h[at]).unwrap();
        let mover = forged.players()[usize::from(forged.to_move())].clone();
        forged.play(other).unwrap();
        turn(&mut forged);
        assert_eq!(
            refusal(judge(&doc, &forged, None)),
            Some(Forgery::Move {
                turn: 2,
                player: mover
            })
        );
    }

    /// The deal changed under the same moves: two tiles to come swapped.
    #[test]
    fn a_changed_deal_is_refused() {
        let mut g = seeded(5);
        turn(&mut g);
        turn(&mut g);
        turn(&mut g);
        let doc = saved(&g);
        let AnySetup::City(setup) = g.setup() else {
            unreachable!()
        };
        let mut deck = setup.deck.clone();
        let j = (11..deck.len()).find(|&j| deck[j] != deck[10]).unwrap();
        deck.swap(10, j);
        let cat = Catalogue::builtin().unwrap();
        let other = Setup::from_deck(
            cat,
            setup.players.clone(),
            deck,
            setup.stacks,
            setup.options,
        )
        .unwrap();
        let mut forged = city(other);
        for c in g.history() {
            forged.play(c).unwrap();
        }
        assert_eq!(refusal(judge(&doc, &forged, None)), Some(Forgery::Deal));
        // The deal changed and the third turn played another way too.
        let mut both = forged.at(0);
        let h = g.history();
        for &c in &h {
            if both.turns() == 2 && both.legal_choices().len() > 1 {
                let other = both.legal_choices().into_iter().find(|&x| x != c).unwrap();
                both.play(other).unwrap();
                break;
            }
            both.play(c).unwrap();
        }
        assert_ne!(both.history(), forged.history()[..both.decisions()]);
        assert_eq!(refusal(judge(&doc, &both, None)), Some(Forgery::Deal));
        // The same deal written as its tiles, not its seed: the same game.
        let written = Setup::from_deck(
            cat,
            setup.players.clone(),
            setup.deck.clone(),
            setup.stacks,
            setup.options,
        )
        .unwrap();
        let mut same = city(written);
        for c in g.history() {
            same.play(c).unwrap();
        }
        assert!(matches!(judge(&doc, &same, None), Verdict::Continues(..)));
    }

    /// A link's seats that make Ann's seat a computer, or Bob's a person's
    /// where the save has the computer play it.
    #[test]
    fn a_change_of_who_plays_a_seat_is_refused() {
        let mut g = seeded(5);
        turn(&mut g);
        let doc = saved(&g);
        let mut link = seats([false, false]);
        link[0].computer = Some("easy".into());
        assert_eq!(
            refusal(judge(&doc, &g, Some(&link))),
            Some(Forgery::Player {
                player: "Ann".into(),
                computer: Some("easy".into())
            })
        );
        let mut doc2 = SaveDoc::new();
        let mut with_computer = seats([true, false]);
        with_computer[1].computer = Some("hard".into());
        doc2.save_linked("g1", &g, with_computer, Some(0), 1.0)
            .unwrap();
        assert_eq!(
            refusal(judge(&doc2, &g, Some(&seats([false, false])))),
            Some(Forgery::Player {
                player: "Bob".into(),
                computer: None
            })
        );
    }

    /// Two tabs saving the same link's game take the same id.
    #[test]
    fn a_new_link_game_has_one_id_in_every_tab() {
        let mut g = seeded(5);
        turn(&mut g);
        let empty = SaveDoc::new();
        let id = new_id(&empty, &g, 1.0);
        assert_eq!(id, new_id(&empty, &g, 2.0));
        assert_ne!(id, new_id(&empty, &seeded(6), 1.0));
        let mut doc = SaveDoc::new();
        doc.save_linked(&id, &seeded(7), seats([false, false]), Some(0), 1.0)
            .unwrap();
        assert_ne!(new_id(&doc, &g, 1.0), id, "taken by another game");
        let doc = saved(&g);
        assert_eq!(
            related(&doc, &g).map(|(e, _)| e.id.clone()),
            Some("g1".into())
        );
    }
}
