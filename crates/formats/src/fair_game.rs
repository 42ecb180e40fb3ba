//! A fairly dealt game as one device plays it (issue 37,
//! docs/fair-deal.md): the setup, what this device knows of the deal (its
//! own seats' secrets and chains, the others' commitments and reveals), the
//! decisions. From it: the game replayed (the tile in hand known or not),
//! what is awaited, the links this device sends (the invitation, the
//! answer, each turn's), and what a link received does to it
//! ([`FairGame::receive`]: continues it, an earlier position, or refused
//! for what it changes).
//!
//! The secrets leave this module only for this device's save
//! (`saves.rs`); a link carries commitments and reveals, never a secret.

use crate::links::Forgery;
use crate::notation::{self, DeckTag};
use crate::share::fair::{self as link, FairLink};
use crate::share::{Invalid, ShareError};
use engine::any::{AnyChoice, AnyGame, AnySetup};
use engine::core::SetupError;
use engine::fair::{self, Chain, Deal, DealProblem, Replayed, Secret, Value};

/// A fair game on this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairGame {
    /// The setup as the link carries it (a stand-in deal: only its length
    /// counts).
    pub setup: AnySetup,
    /// The deal as this device knows it, with its own seats' chains.
    pub deal: Deal,
    /// This device's secrets, one per seat it plays (None: another's).
    pub secrets: Vec<Option<Secret>>,
    pub history: Vec<AnyChoice>,
}

/// What a fair game waits for on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaited {
    /// The guest's answer to the invitation (these seats have not
    /// committed).
    Answer,
    /// The link of the device that plays `seat`: its move, or its reveal
    /// of the tile to come.
    Link { seat: u8 },
    /// Nothing: a seat of this device decides, its tile known.
    Nothing,
    /// The game is over.
    Over,
}

/// Why a link cannot join or continue a fair game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The link itself does not hold (damaged, a reveal that does not
    /// match its commitment, a reveal before every seat committed…).
    Link(ShareError),
    /// It would change the game saved here.
    Forgery(Forgery),
}

/// What a link received is to a fair game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// The game with what the link adds (moves, reveals, the guest's
    /// commitments).
    Continues(Box<FairGame>),
    /// An older link of it: the game here is ahead.
    Earlier,
}

/// The seat that plays turn `t` (1-based) of `seats` seats: the seats take
/// turns in order in both games.
pub fn seat_of_turn(t: u32, seats: usize) -> usize {
    (t.max(1) as usize - 1) % seats.max(1)
}

impl FairGame {
    /// A host's new game: `setup`'s rules and length, its own seats
    /// (`here`) committed from `secret`'s values, the others to be
    /// committed by the guest's answer.
    pub fn host(
        setup: &AnySetup,
        here: &[bool],
        salt: Value,
        secret: &mut dyn FnMut() -> Secret,
    ) -> Result<FairGame, SetupError> {
        let setup = link::template(setup)?;
        let len = fair::chain_len(&setup);
        let secrets: Vec<Option<Secret>> = here.iter().map(|&h| h.then(&mut *secret)).collect();
        let chains: Vec<Option<Chain>> = secrets
            .iter()
            .enumerate()
            .map(|(s, x)| x.map(|x| Chain::new(&x, &salt, s as u8, len)))
            .collect();
        let deal = Deal {
            salt,
            commitments: chains
                .iter()
                .map(|c| c.as_ref().map(Chain::commitment))
                .collect(),
            reveals: vec![None; here.len()],
            chains,
        };
        Ok(FairGame {
            setup,
            deal,
            secrets,
            history: Vec::new(),
        })
    }

    /// The guest's game from an invitation: every seat the invitation
    /// leaves uncommitted is this device's, committed from `secret`.
    pub fn join(inv: &FairLink, secret: &mut dyn FnMut() -> Secret) -> Result<FairGame, Refusal> {
        let open: Vec<bool> = inv.deal.commitments.iter().map(Option::is_none).collect();
        FairGame::join_seats(inv, &open, secret)
    }

    /// A guest's game from an invitation that names its seats (`mine`:
    /// a game on three or more devices, `crate::star`): each must be open.
    pub fn join_seats(
        inv: &FairLink,
        mine: &[bool],
        secret: &mut dyn FnMut() -> Secret,
    ) -> Result<FairGame, Refusal> {
        let n = inv.deal.commitments.len();
        let open: Vec<bool> = (0..n).map(|s| mine.get(s) == Some(&true)).collect();
        let taken = |s: usize| open[s] && inv.deal.commitments[s].is_some();
        if !open.contains(&true) || (0..n).any(taken) || !inv.history.is_empty() {
            return Err(Refusal::Link(ShareError::Damaged));
        }
        let len = fair::chain_len(&inv.setup);
        let salt = inv.deal.salt;
        let secrets: Vec<Option<Secret>> = open.iter().map(|&o| o.then(&mut *secret)).collect();
        let chains: Vec<Option<Chain>> = secrets
            .iter()
            .enumerate()
            .map(|(s, x)| x.map(|x| Chain::new(&x, &salt, s as u8, len)))
            .collect();
        let commitments = inv
            .deal
            .commitments
            .iter()
            .zip(&chains)
            .map(|(c, chain)| c.or(chain.as_ref().map(Chain::commitment)))
            .collect();
        Ok(FairGame {
            setup: inv.setup.clone(),
            deal: Deal {
                salt,
                commitments,
                reveals: inv.deal.reveals.clone(),
                chains,
            },
            secrets,
            history: Vec::new(),
        })
    }

    /// A fair game as saved here: its link and this device's secrets. The
    /// secrets must be those its seats committed to.
    pub fn restore(l: &FairLink, secrets: Vec<Option<Secret>>) -> Result<FairGame, DealProblem> {
        let n = l.deal.commitments.len();
        if secrets.len() != n {
            return Err(DealProblem::Seats);
        }
        let len = fair::chain_len(&l.setup);
        let chains: Vec<Option<Chain>> = secrets
            .iter()
            .enumerate()
            .map(|(s, x)| x.map(|x| Chain::new(&x, &l.deal.salt, s as u8, len)))
            .collect();
        let g = FairGame {
            setup: l.setup.clone(),
            deal: Deal {
                chains,
                ..l.deal.clone()
            },
            secrets,
            history: l.history.clone(),
        };
        g.deal.check()?;
        Ok(g)
    }

    /// Whether this device plays `seat`.
    pub fn own(&self, seat: usize) -> bool {
        self.secrets.get(seat).is_some_and(Option::is_some)
    }

    /// The game replayed as this device knows it.
    pub fn replayed(&self) -> Result<Replayed, DealProblem> {
        fair::replay(&self.setup, &self.deal, &self.history)
    }

    /// What this device waits for.
    pub fn awaited(&self, r: &Replayed) -> Awaited {
        self.awaited_at(&r.game, r.known)
    }

    /// What this device waits for at `game` as it replays it (`known`: its
    /// tile in hand is the deal's).
    pub fn awaited_at(&self, game: &AnyGame, known: bool) -> Awaited {
        if game.is_over() {
            return Awaited::Over;
        }
        if !self.deal.committed() {
            return Awaited::Answer;
        }
        let seat = game.to_move();
        if known && self.own(usize::from(seat)) {
            return Awaited::Nothing;
        }
        if self.own(usize::from(seat)) {
            // This seat's tile waits for another seat's reveal: the first
            // seat, after it in turn, whose value is not known here.
            let t = game.turn() as u32;
            let n = self.deal.commitments.len();
            let missing = (0..n)
                .map(|k| (usize::from(seat) + k) % n)
                .find(|&s| self.deal.value_of(s, t).is_none());
            return Awaited::Link {
                seat: missing.unwrap_or(usize::from(seat)) as u8,
            };
        }
        Awaited::Link { seat }
    }

    /// The deal as this device's next link reveals it: each own seat's
    /// value up to the turn before the next turn a seat of this device
    /// plays (all of it once the game is over).
    pub fn link_deal(&self, r: &Replayed) -> Deal {
        let mut deal = self.deal.clone();
        if !self.deal.committed() {
            // An invitation, or an answer not yet sent: no reveal before
            // every seat has committed.
            deal.reveals = vec![None; deal.reveals.len()];
            return deal;
        }
        let n = self.deal.commitments.len();
        let upto = if r.game.is_over() {
            u32::MAX
        } else {
            // The tile in hand (turn t) is dealt when it is known; a draw
            // to come is turn t + 1's.
            let now = r.game.turn() as u32 + u32::from(r.known);
            (now..now + n as u32 + 1)
                .find(|&u| self.own(seat_of_turn(u, n)))
                .map_or(now, |u| u - 1)
        };
        deal.reveal_own(upto);
        deal
    }

    /// The link this device sends now (the invitation, the answer, or its
    /// turn's link): no secret, no chain.
    pub fn link(&self) -> Result<String, ShareError> {
        let r = self.replayed().map_err(|_| ShareError::Damaged)?;
        let deal = self.link_deal(&r);
        link::encode(&self.setup, &deal, &self.history)
    }

    /// This device's reveals as its next link sends them, kept (so a
    /// reveal once sent is never taken back).
    pub fn reveal(&mut self) {
        if let Ok(r) = self.replayed() {
            self.deal = self.link_deal(&r);
        }
    }

    /// Whether a link is this game's (the same salt, rules and players).
    pub fn is_game_of(&self, l: &FairLink) -> bool {
        l.deal.salt == self.deal.salt && l.setup == self.setup
    }

    /// A link of this game received (`seats_here`: the players' names, for
    /// the messages): what it adds, or why it is refused. It may not change
    /// a commitment made, a move played, or play a turn of a seat of this
    /// device; its reveals are checked by its reading and here again.
    pub fn receive(&self, l: &FairLink, players: &[String]) -> Result<Received, Refusal> {
        let n = self.deal.commitments.len();
        if l.deal.commitments.len() != n || !self.is_game_of(l) {
            return Err(Refusal::Forgery(Forgery::Deal));
        }
        let pairs = || self.deal.commitments.iter().zip(&l.deal.commitments);
        if pairs().any(|(a, b)| matches!((a, b), (Some(a), Some(b)) if a != b)) {
            return Err(Refusal::Forgery(Forgery::Deal));
        }
        if pairs().any(|(a, b)| a.is_some() && b.is_none()) {
            // An invitation of this game opened again (no move): older
            // than the game here; with moves, not this game's deal.
            return match l.history.is_empty() {
                true => Ok(Received::Earlier),
                false => Err(Refusal::Forgery(Forgery::Deal)),
            };
        }
        let mut deal = self.deal.clone();
        for s in 0..n {
            if deal.commitments[s].is_none() {
                deal.commitments[s] = l.deal.commitments[s];
            }
            // The newer reveal of each other seat; never back.
            if !self.own(s) {
                if let Some((k, v)) = l.deal.reveals[s] {
                    if deal.reveals[s].is_none_or(|(m, _)| m < k) {
                        deal.reveals[s] = Some((k, v));
                    }
                }
            }
        }
        deal.check().map_err(|p| Refusal::Link(problem(p)))?;
        // Its moves: the start of ours, or ours and more.
        let common = self
            .history
            .iter()
            .zip(&l.history)
            .take_while(|(a, b)| a == b)
            .count();
        let name = |seat: u8| players.get(usize::from(seat)).cloned().unwrap_or_default();
        if common < self.history.len().min(l.history.len()) {
            let at = fair::replay(&self.setup, &self.deal, &self.history[..common])
                .map_err(|p| Refusal::Link(problem(p)))?;
            return Err(Refusal::Forgery(Forgery::Move {
                turn: at.game.turn(),
                player: name(at.game.to_move()),
            }));
        }
        if l.history.len() < self.history.len() {
            return Ok(Received::Earlier);
        }
        // Its new moves: each of another device's seat, each dealt.
        let mut g = fair::replay(&self.setup, &deal, &self.history)
            .map_err(|p| Refusal::Link(problem(p)))?;
        for &c in &l.history[self.history.len()..] {
            let seat = g.game.to_move();
            if self.own(usize::from(seat)) {
                return Err(Refusal::Forgery(Forgery::Seat {
                    turn: g.game.turn(),
                    player: name(seat),
                }));
            }
            if !g.known {
                return Err(Refusal::Link(ShareError::Invalid(Invalid::PastTheDeal {
                    n: g.game.decisions() as u64,
                })));
            }
            let turn = g.game.turn();
            let (mut next, known) = fair::prepare(&g.game, &deal);
            next.play(c).map_err(|_| Refusal::Forgery(Forgery::Deal))?;
            if next.turn() != turn {
                g.known = known;
            }
            g.game = next;
        }
        Ok(Received::Continues(Box::new(FairGame {
            setup: self.setup.clone(),
            deal,
            secrets: self.secrets.clone(),
            history: l.history.clone(),
        })))
    }

    /// The game's `[Fair "…"]` tag while it is in play: the salt, each
    /// seat's commitment and newest reveal as a link sends them (hex, `-`
    /// for none): what anyone may know of the deal, never a tile to come.
    pub fn tag(&self) -> String {
        let r = self.replayed().ok();
        let deal = match &r {
            Some(r) => self.link_deal(r),
            None => self.deal.clone(),
        };
        let mut out = hex(&deal.salt);
        for (c, v) in deal.commitments.iter().zip(&deal.reveals) {
            out.push(' ');
            out.push_str(&c.as_ref().map_or("-".to_string(), |c| hex(c)));
            out.push(':');
            match v {
                Some((k, v)) => {
                    out.push_str(&k.to_string());
                    out.push('/');
                    out.push_str(&hex(v));
                }
                None => out.push('-'),
            }
        }
        out
    }
}

impl FairGame {
    /// The game's record: while it is in play, its `[Fair "…"]` tag instead
    /// of a seed or a deck (no tile to come); once it is over, the whole
    /// deal is known and the record holds its `[Deck]` as any game's does.
    pub fn record(&self, extra_tags: &[(String, String)]) -> Result<String, ShareError> {
        let r = self.replayed().map_err(problem)?;
        if r.game.is_over() {
            return Ok(notation::write(&r.game, extra_tags, DeckTag::Auto));
        }
        let mut tags = vec![("Fair".to_string(), self.tag())];
        tags.extend(extra_tags.iter().filter(|(k, _)| k != "Fair").cloned());
        Ok(notation::write(&r.game, &tags, DeckTag::Fair))
    }
}

/// Bytes as lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hexadecimal back to `N` bytes.
pub fn unhex<const N: usize>(s: &str) -> Option<[u8; N]> {
    if s.len() != 2 * N || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// A deal's problem as a link's.
fn problem(p: DealProblem) -> ShareError {
    match p {
        DealProblem::Setup(e) => ShareError::from(e),
        DealProblem::PastTheDeal { decision } => {
            ShareError::Invalid(Invalid::PastTheDeal { n: decision as u64 })
        }
        DealProblem::Reveal { seat } | DealProblem::Chain { seat } => {
            ShareError::Invalid(Invalid::Reveal { seat })
        }
        DealProblem::Illegal(_) => ShareError::Invalid(Invalid::NoLegalChoice { n: 0 }),
        DealProblem::Seats => ShareError::Damaged,
    }
}

/// The game of a fair link as its holder sees it: replayed as far as its
/// reveals deal (`city unshare`, a link opened with no save of it).
pub fn seen(l: &FairLink) -> Result<(AnyGame, bool), ShareError> {
    fair::replay(&l.setup, &l.deal, &l.history)
        .map(|r| (r.game, r.known))
        .map_err(problem)
}

#[cfg(test)]
mod tests;
