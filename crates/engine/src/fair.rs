//! The fair deal of a game played on more than one device (issue 37,
//! docs/fair-deal.md): no one learns a tile before it is drawn, nor chooses
//! or re-rolls one.
//!
//! Each seat's device keeps a secret that never leaves it; from it a hash
//! chain `v_L … v_0` (SHA-256, 16 bytes a value) whose head `v_0` is the
//! seat's commitment. Turn t's draws are dealt by a generator seeded from
//! every seat's value `v_t` (and the game's salt); a value is revealed at
//! the latest when the turn before it is played, each reveal checked
//! against its commitment by hashing it down. Before every decision the
//! tiles not yet drawn are redealt for the turn whose draw comes next
//! (`TileGame::redeal_unseen`, a uniform shuffle of the tiles no one has
//! seen), so each draw is uniform among the tiles left: the deal has the
//! distribution of one shuffle, and the drawn tiles stay the first of the
//! setup's deck, which replay, undo and the record read as today.
//!
//! Without a turn's values (another device has not revealed them yet) its
//! draw is a stand-in: `Replayed::known` says so, and no decision may
//! follow it.

use sha2::{Digest, Sha256};

use crate::any::{AnyChoice, AnyGame, AnySetup};
use crate::city;
use crate::classic;
use crate::core::deal::box_of;
use crate::core::rng::{shuffle, Pcg64};
use crate::core::{IllegalChoice, SetupError, TileGame, TileType};

/// One value of a chain, a commitment, the salt: 16 bytes.
pub type Value = [u8; 16];
/// A seat's secret: 32 bytes from the device's generator.
pub type Secret = [u8; 32];

const TOP: &[u8] = b"city-fair-top";
const STEP: &[u8] = b"city-fair-step";
const DRAW: &[u8] = b"city-fair-draw";

/// SHA-256 of the parts, each after its length, cut to 16 bytes.
fn h16(parts: &[&[u8]]) -> Value {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u32).to_le_bytes());
        h.update(p);
    }
    let d = h.finalize();
    let mut v = [0u8; 16];
    v.copy_from_slice(&d[..16]);
    v
}

/// `v_(k−1)` of `seat`'s chain from its `v_k`.
pub fn step(v: &Value, k: u32, seat: u8, salt: &Value) -> Value {
    h16(&[STEP, salt, &[seat], &k.to_le_bytes(), v])
}

/// A seat's chain, held only by the device that plays the seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// `values[k]` is `v_k`.
    values: Vec<Value>,
}

impl Chain {
    /// The chain of `len` values of `seat` in the game of `salt`.
    pub fn new(secret: &Secret, salt: &Value, seat: u8, len: u32) -> Chain {
        let top = h16(&[TOP, salt, &[seat], secret]);
        let mut values = vec![top; len as usize + 1];
        for k in (1..=len as usize).rev() {
            values[k - 1] = step(&values[k], k as u32, seat, salt);
        }
        Chain { values }
    }

    /// `v_0`: what the seat commits to in the setup.
    pub fn commitment(&self) -> Value {
        self.values[0]
    }

    /// The values it has after its head (its last index).
    pub fn len(&self) -> u32 {
        self.values.len() as u32 - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `v_k`, if the chain is that long.
    pub fn value(&self, k: u32) -> Option<Value> {
        self.values.get(k as usize).copied()
    }
}

/// `v_t` of a seat from its reveal `v_k` (t ≤ k), when the reveal hashes
/// down to the seat's commitment in k steps; None otherwise (a wrong
/// reveal, or t after k).
pub fn value_at(
    commitment: &Value,
    salt: &Value,
    seat: u8,
    reveal: (u32, &Value),
    t: u32,
) -> Option<Value> {
    let (k, v) = reveal;
    if t > k {
        return None;
    }
    let mut cur = *v;
    let mut at = None;
    for i in (1..=k).rev() {
        if i == t {
            at = Some(cur);
        }
        cur = step(&cur, i, seat, salt);
    }
    if t == 0 {
        at = Some(cur);
    }
    (cur == *commitment).then_some(at).flatten()
}

/// Whether `v` is `seat`'s value `k`: it hashes down to the commitment.
pub fn check(commitment: &Value, salt: &Value, seat: u8, k: u32, v: &Value) -> bool {
    value_at(commitment, salt, seat, (k, v), 0).is_some()
}

/// The generator of turn t's draws, from every seat's value t.
pub fn turn_rng(salt: &Value, t: u32, values: &[Value]) -> Pcg64 {
    let mut h = Sha256::new();
    h.update(DRAW);
    h.update(salt);
    h.update(t.to_le_bytes());
    for v in values {
        h.update(v);
    }
    let d = h.finalize();
    let mut a = [0u8; 16];
    let mut b = [0u8; 16];
    a.copy_from_slice(&d[..16]);
    b.copy_from_slice(&d[16..]);
    Pcg64::new(u128::from_le_bytes(a), u128::from_le_bytes(b))
}

/// Why a fair deal does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealProblem {
    /// Not one commitment per seat, or not one reveal per seat.
    Seats,
    /// This seat's reveal does not hash down to its commitment.
    Reveal { seat: u8 },
    /// A chain held here is not the one its seat committed to.
    Chain { seat: u8 },
    /// The decisions go past a draw whose values are not revealed.
    PastTheDeal { decision: usize },
    /// A decision is not legal.
    Illegal(IllegalChoice),
    /// The setup is not a game.
    Setup(SetupError),
}

/// What a device knows of a fair deal: the game's salt, every seat's
/// commitment (None: not made yet, as in an invitation), each seat's
/// newest reveal (turn index and value), and the chains of the seats it
/// plays (None for the others').
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub salt: Value,
    pub commitments: Vec<Option<Value>>,
    pub reveals: Vec<Option<(u32, Value)>>,
    pub chains: Vec<Option<Chain>>,
}

impl Deal {
    /// Every reveal hashes down to its commitment; every chain held is its
    /// seat's.
    pub fn check(&self) -> Result<(), DealProblem> {
        let n = self.commitments.len();
        if self.reveals.len() != n || self.chains.len() != n {
            return Err(DealProblem::Seats);
        }
        for (s, c) in self.commitments.iter().enumerate() {
            let seat = s as u8;
            if let Some((k, v)) = &self.reveals[s] {
                if !c.is_some_and(|c| check(&c, &self.salt, seat, *k, v)) {
                    return Err(DealProblem::Reveal { seat });
                }
            }
            if let Some(chain) = &self.chains[s] {
                if Some(chain.commitment()) != *c {
                    return Err(DealProblem::Chain { seat });
                }
            }
        }
        Ok(())
    }

    /// Every seat's value t, when each is known here (its chain, or a
    /// reveal at t or later) and every seat has committed.
    pub fn values(&self, t: u32) -> Option<Vec<Value>> {
        (0..self.commitments.len())
            .map(|s| self.value_of(s, t))
            .collect()
    }

    /// Seat `s`'s value t, when it is known here.
    pub fn value_of(&self, s: usize, t: u32) -> Option<Value> {
        let c = self.commitments.get(s).copied().flatten()?;
        match (self.chains.get(s)?, self.reveals.get(s)?) {
            (Some(chain), _) => chain.value(t),
            (None, Some((k, v))) => value_at(&c, &self.salt, s as u8, (*k, v), t),
            (None, None) => None,
        }
    }

    /// Every seat has committed: the deal can begin.
    pub fn committed(&self) -> bool {
        self.commitments.iter().all(Option::is_some)
    }

    /// Turn t's generator, when every value t is known here.
    pub fn rng(&self, t: u32) -> Option<Pcg64> {
        self.values(t).map(|v| turn_rng(&self.salt, t, &v))
    }

    /// Reveal the values of the seats held here up to turn t (no further
    /// than each chain, never back).
    pub fn reveal_own(&mut self, t: u32) {
        for (chain, reveal) in self.chains.iter().zip(self.reveals.iter_mut()) {
            if let Some(chain) = chain {
                let t = t.min(chain.len());
                if reveal.is_none_or(|(k, _)| k < t) {
                    *reveal = chain.value(t).map(|v| (t, v));
                }
            }
        }
    }
}

/// The longest chain a setup needs: one value per turn it can have (a tile
/// a turn), and one.
pub fn chain_len(setup: &AnySetup) -> u32 {
    let tiles = match setup {
        AnySetup::City(s) => s.deck.len(),
        AnySetup::Classic(s) => s.deck.len(),
    };
    tiles as u32 + 2
}

/// The tiles a deal draws from: the box of The City, the pile of classic.
fn tile_box(setup: &AnySetup) -> Result<Vec<TileType>, SetupError> {
    Ok(match setup {
        AnySetup::City(_) => city::Catalogue::builtin()
            .map_err(SetupError::catalogue)?
            .all_copies(),
        AnySetup::Classic(s) => {
            let cat = classic::Catalogue::builtin().map_err(SetupError::catalogue)?;
            box_of(
                classic::setup::pile_counts(cat, s.expansions)
                    .iter()
                    .map(|&n| n as u8),
            )
        }
    })
}

/// `setup` (whose deck gives only its length) dealt for turn 1 by `rng`:
/// as long a deck, the first tiles of a shuffle of the box.
pub fn first_setup(setup: &AnySetup, rng: &mut Pcg64) -> Result<AnySetup, SetupError> {
    let mut tiles = tile_box(setup)?;
    shuffle(&mut tiles, rng);
    Ok(match setup.clone() {
        AnySetup::City(mut s) => {
            tiles.truncate(s.deck.len());
            s.deck = tiles;
            s.seed = None;
            AnySetup::City(s)
        }
        AnySetup::Classic(mut s) => {
            tiles.truncate(s.deck.len());
            s.deck = tiles;
            s.seed = None;
            AnySetup::Classic(s)
        }
    })
}

/// The same game with its undrawn tiles redealt by `rng`.
fn redealt(g: &AnyGame, rng: &mut Pcg64) -> AnyGame {
    match g {
        AnyGame::City(c) => AnyGame::City(c.redeal_unseen(rng)),
        AnyGame::Classic(c) => AnyGame::Classic(c.redeal_unseen(rng)),
    }
}

/// A stand-in generator, for a draw whose values are not known here (its
/// tile is not the game's: no decision may follow it).
fn stand_in() -> Pcg64 {
    Pcg64::new(0, 1)
}

/// `game` ready for its next decision: its undrawn tiles dealt for the
/// draw that decision may make (turn `turn() + 1`'s). Whether that draw is
/// the deal's (false: a stand-in).
pub fn prepare(game: &AnyGame, deal: &Deal) -> (AnyGame, bool) {
    let t = game.turn() as u32 + 1;
    match deal.rng(t) {
        Some(mut rng) => (redealt(game, &mut rng), true),
        None => (redealt(game, &mut stand_in()), false),
    }
}

/// A fair game as replayed: the game, and whether the tile in hand (the
/// current turn's draw) is the deal's; when it is not, the game waits for
/// another device's reveal.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub game: AnyGame,
    pub known: bool,
}

/// Replay a fair game: `setup` (its deck gives only its length), dealt by
/// `deal`, and its decisions. Refused: a deal that does not hold, an
/// illegal decision, a decision after a draw whose values are unknown.
pub fn replay(
    setup: &AnySetup,
    deal: &Deal,
    history: &[AnyChoice],
) -> Result<Replayed, DealProblem> {
    deal.check()?;
    if deal.commitments.len() != setup.players().len() {
        return Err(DealProblem::Seats);
    }
    let (first, mut known) = match deal.rng(1) {
        Some(mut rng) => (first_setup(setup, &mut rng), true),
        None => (first_setup(setup, &mut stand_in()), false),
    };
    let first = first.map_err(DealProblem::Setup)?;
    let mut game = AnyGame::new(first).map_err(DealProblem::Setup)?;
    for (i, &choice) in history.iter().enumerate() {
        if !known {
            return Err(DealProblem::PastTheDeal { decision: i });
        }
        let turn = game.turn();
        let (mut g, next_known) = prepare(&game, deal);
        g.play(choice).map_err(DealProblem::Illegal)?;
        if g.turn() != turn {
            known = next_known;
        }
        game = g;
    }
    Ok(Replayed { game, known })
}

#[cfg(test)]
mod tests;
