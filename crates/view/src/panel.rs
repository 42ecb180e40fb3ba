//! The score panel's data: per player the score, where its points came
//! from, the projected final score and the pieces left; then the supplies
//! (tiles per stack, the wall in The City, classic's coins) and the deal.
//! The player rows are made here for both games from what each ruleset
//! tells of its players ([`Figures`]).

use super::palette::{PlayerColour, Seat};
use computer::Level;
use engine::TileGame;

/// One player's line of the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRow {
    pub name: String,
    /// The level of a computer seat.
    pub computer: Option<Level>,
    pub colour: PlayerColour,
    pub score: u32,
    /// The score if the game ended now.
    pub projected: u32,
    /// Points by where they came from, in the order of [`PanelData::sources`].
    pub breakdown: Vec<u32>,
    /// Followers in supply.
    pub supply: u8,
    /// Towers left, in a ruleset that has them.
    pub towers: Option<u8>,
    /// Other pieces and tokens the player holds, by name, in a ruleset that
    /// has them (classic's Old City: coins, then the wood and the
    /// guesthouse not yet used, 1 or 0 each); empty in The City.
    pub held: Vec<(&'static str, u32)>,
    pub to_move: bool,
    pub winner: bool,
}

/// What a ruleset tells of one player for its row: the rest of the row
/// (the seat, the scores, the turn, the win) is [`player_rows`]'.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Points by where they came from, in the order of the ruleset's sources.
    pub breakdown: Vec<u32>,
    pub supply: u8,
    pub towers: Option<u8>,
    pub held: Vec<(&'static str, u32)>,
}

/// The panel's rows of `game`, one per player in seat order: the name,
/// colour and level of each seat, the score, the score if the game ended
/// now (`projected`), whose turn it is and, after the game, who won; with
/// each player's own `figures`.
pub fn player_rows<G: TileGame>(
    game: &G,
    seats: &[Seat],
    projected: &[u32],
    figures: impl IntoIterator<Item = Figures>,
) -> Vec<PlayerRow> {
    let over = game.is_over();
    let winners = if over { game.winners() } else { 0 };
    let to_move = (!over).then(|| game.to_move());
    figures
        .into_iter()
        .zip(game.scores())
        .enumerate()
        .map(|(i, (f, score))| PlayerRow {
            name: seats.get(i).map(|s| s.name.clone()).unwrap_or_default(),
            computer: seats.get(i).and_then(|s| s.computer),
            colour: seats.get(i).map_or(PlayerColour::Black, |s| s.colour),
            score,
            projected: projected.get(i).copied().unwrap_or(score),
            breakdown: f.breakdown,
            supply: f.supply,
            towers: f.towers,
            held: f.held,
            to_move: to_move == Some(i as u8),
            winner: winners & (1 << i) != 0,
        })
        .collect()
}

/// The common wall's supply (The City).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallSupply {
    /// Wall pieces left.
    pub left: u32,
    /// The gap between the wall's ends, once the gate is placed.
    pub gap: Option<usize>,
}

/// Everything the panel (and the game-over table) shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelData {
    /// The game whose panel it is (its words differ).
    pub ruleset: engine::any::Ruleset,
    pub players: Vec<PlayerRow>,
    /// The breakdown's columns, in lower case: "streets", "markets", ...
    pub sources: &'static [&'static str],
    /// The wall, in a ruleset that has one.
    pub walls: Option<WallSupply>,
    /// Other common supplies, by name, and what is left of each (`None`:
    /// unlimited): classic's coins; empty in The City.
    pub common: Vec<(&'static str, Option<u32>)>,
    /// Tiles left in each stack.
    pub tiles_left: Vec<u32>,
    /// The stack the tile in hand came from (1-based).
    pub stack: Option<u8>,
    /// Tiles placed so far.
    pub placed: usize,
    pub set_aside: usize,
    /// The seed the tiles were dealt from, and the stack sizes.
    pub seed: Option<u64>,
    pub stacks: Vec<u32>,
}

/// A stack's name: I, II, III (then its number).
pub fn stack_name(k: usize) -> String {
    match ["I", "II", "III"].get(k) {
        Some(n) => n.to_string(),
        None => (k + 1).to_string(),
    }
}

/// One item of the end of the game's scoring: which guard, which stewards'
/// area, which feature or farm, for whom and how much.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndLine {
    /// Every player it names, in seat order, with what each was paid.
    pub paid: Vec<(u8, u32)>,
    pub text: String,
}
