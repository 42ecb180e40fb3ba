//! Matches between two levels: seeded deals, seats rotating from game to
//! game, win counts and mean scores with 95% confidence intervals.

use super::{choose, Level, Playable};
use engine::city::{Catalogue, Game, Options, Setup, DEFAULT_STACKS};
use engine::classic;
use engine::core::SetupError;
use serde::Serialize;
use std::fmt;

/// Which seats each side takes in a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Seating {
    /// a, b, a, b, … rotated by one seat per game (with 3 players a has two
    /// seats in some games).
    #[default]
    #[serde(rename = "alternate")]
    Alternate,
    /// a in one seat, b in all the others; a's seat moves round the table
    /// from game to game.
    #[serde(rename = "one-a")]
    OneA,
}

impl Seating {
    pub fn name(self) -> &'static str {
        match self {
            Seating::Alternate => "alternate",
            Seating::OneA => "one-a",
        }
    }

    pub fn from_name(s: &str) -> Option<Seating> {
        [Seating::Alternate, Seating::OneA]
            .into_iter()
            .find(|x| x.name() == s)
    }

    /// Which side sits in each seat of game `i`: true for `a`.
    pub fn sides(self, players: usize, game: usize) -> Vec<bool> {
        match self {
            Seating::Alternate => seat_sides(players, game),
            Seating::OneA => (0..players).map(|s| s == game % players).collect(),
        }
    }

    /// The share of the games side `a` would win if both sides were equal
    /// (ties aside).
    pub fn a_share(self, players: usize) -> f64 {
        match self {
            Seating::Alternate => 0.5,
            Seating::OneA => 1.0 / players as f64,
        }
    }
}

/// The outcome of a match between side `a` and side `b`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SelfplayResult {
    pub a: Level,
    pub b: Level,
    pub players: usize,
    pub seating: Seating,
    pub seed: u64,
    pub games: usize,
    /// Games where every winner (R12.4) sat in an `a` seat.
    pub a_wins: usize,
    pub b_wins: usize,
    /// Games won jointly by an `a` seat and a `b` seat.
    pub ties: usize,
    /// Mean final score per seat of each side.
    pub a_mean: f64,
    pub b_mean: f64,
    /// 95% confidence intervals (Wilson) of the win rates a_wins / games and
    /// b_wins / games.
    pub a_win_rate: Interval,
    pub b_win_rate: Interval,
    /// 95% confidence intervals of the mean scores (normal approximation).
    pub a_mean_ci: Interval,
    pub b_mean_ci: Interval,
}

/// A 95% confidence interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: usize, n: usize) -> Interval {
    if n == 0 {
        return Interval {
            estimate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    Interval {
        estimate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Mean and normal-approximation 95% interval of `xs`.
pub fn mean_interval(xs: &[f64]) -> Interval {
    let n = xs.len();
    if n == 0 {
        return Interval::default();
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    let var = if n > 1 {
        xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64
    } else {
        0.0
    };
    let half = Z95 * (var / n as f64).sqrt();
    Interval {
        estimate: mean,
        low: mean - half,
        high: mean + half,
    }
}

/// Which side sits in each seat of game `i`: the pattern a, b, a, b, …
/// rotated by one seat per game, so neither side always starts.
pub fn seat_sides(players: usize, game: usize) -> Vec<bool> {
    (0..players)
        .map(|s| ((s + game) % players).is_multiple_of(2))
        .collect()
}

/// The seed of game `i` of a match.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add((i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The seed the AI gets for a decision: fixed by the game and the position.
fn decision_seed<G: Playable>(game_seed: u64, g: &G) -> u64 {
    game_seed ^ (g.history().len() as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// Plays `g` to its end; `sides[s]` is true when seat `s` plays `a`.
/// Returns the final scores and the winners (a bit set of seats).
pub fn play_match_game<G: Playable>(
    g: G,
    a: Level,
    b: Level,
    sides: &[bool],
    seed: u64,
) -> (Vec<u32>, u8) {
    let g = played_out(g, a, b, sides, seed);
    (g.scores(), g.winners())
}

/// `g` played to its end as `play_match_game` plays it.
fn played_out<G: Playable>(mut g: G, a: Level, b: Level, sides: &[bool], seed: u64) -> G {
    g.set_logging(false);
    while !g.is_over() {
        let seat = g.to_move() as usize;
        let level = if sides[seat] { a } else { b };
        let c = choose(&g, level, decision_seed(seed, &g));
        g.play_unchecked(c);
    }
    g
}

/// Seats named P1, P2, …
fn numbered(players: usize) -> Vec<String> {
    (0..players).map(|i| format!("P{}", i + 1)).collect()
}

/// The names a match's records give the seats: each seat its side's level,
/// numbered from a level's second seat on (`hard`, `hard 2`).
pub fn seat_names(a: Level, b: Level, sides: &[bool]) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(sides.len());
    for &is_a in sides {
        let level = if is_a { a } else { b }.name();
        let before = names
            .iter()
            .filter(|n| n.split(' ').next() == Some(level))
            .count();
        names.push(match before {
            0 => level.to_string(),
            k => format!("{level} {}", k + 1),
        });
    }
    names
}

/// The game of The City a match deals from `seed` (default stacks and options).
pub fn city_game(players: usize, seed: u64) -> Game {
    city_game_named(numbered(players), seed)
}

/// `city_game` with the seats named.
pub fn city_game_named(names: Vec<String>, seed: u64) -> Game {
    let cat = Catalogue::builtin().expect("the built-in catalogue");
    let setup = Setup::from_seed(cat, names, seed, DEFAULT_STACKS, Options::default())
        .expect("a valid setup");
    Game::new(cat, setup).expect("a valid game")
}

/// The classic game a match deals from `seed` (the whole pile of the
/// expansions chosen).
pub fn classic_game(
    players: usize,
    expansions: classic::Expansions,
    options: classic::Options,
    seed: u64,
) -> Result<classic::Game, SetupError> {
    classic_game_named(numbered(players), expansions, options, seed)
}

/// `classic_game` with the seats named.
pub fn classic_game_named(
    names: Vec<String>,
    expansions: classic::Expansions,
    options: classic::Options,
    seed: u64,
) -> Result<classic::Game, SetupError> {
    let cat = classic::Catalogue::builtin().map_err(SetupError::catalogue)?;
    let setup = classic::Setup::from_seed(cat, names, expansions, options, seed)?;
    classic::Game::new(cat, setup)
}

/// One seeded game of The City; `sides[s]` is true when seat `s` plays `a`.
pub fn play_game(a: Level, b: Level, sides: &[bool], seed: u64) -> (Vec<u32>, u8) {
    play_match_game(city_game(sides.len(), seed), a, b, sides, seed)
}

/// Play `games` games of The City between `a` and `b` with `players` seats
/// (2–4), seats alternating.
pub fn selfplay(a: Level, b: Level, games: usize, players: usize, seed: u64) -> SelfplayResult {
    selfplay_with(a, b, games, players, seed, &mut |_, _| {})
}

/// As `selfplay`, calling `each(i, scores_and_sides)` after every game.
pub fn selfplay_with(
    a: Level,
    b: Level,
    games: usize,
    players: usize,
    seed: u64,
    each: &mut dyn FnMut(usize, &GameOutcome),
) -> SelfplayResult {
    let m = Match {
        a,
        b,
        games,
        players,
        seed,
        seating: Seating::Alternate,
    };
    m.play(|s| city_game(players, s), each)
}

/// A match between two levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    pub a: Level,
    pub b: Level,
    pub games: usize,
    pub players: usize,
    pub seed: u64,
    pub seating: Seating,
}

impl Match {
    /// Plays the match on The City's deals.
    pub fn play_city(&self, each: &mut dyn FnMut(usize, &GameOutcome)) -> SelfplayResult {
        let players = self.players;
        self.play(|s| city_game(players, s), each)
    }

    /// Plays the match on any ruleset: `deal(seed)` makes each game's start
    /// (with `players` seats).
    pub fn play<G: Playable>(
        &self,
        deal: impl Fn(u64) -> G,
        each: &mut dyn FnMut(usize, &GameOutcome),
    ) -> SelfplayResult {
        play_matches(|s, _| deal(s), self, &mut |i, o, _: &G| each(i, o))
    }

    /// As `play`, the seats named after their levels (`seat_names`, which
    /// `deal(seed, names)` puts in the setup), handing `each` the finished
    /// game too (for its record). The same games as `play`'s.
    pub fn play_named<G: Playable>(
        &self,
        deal: impl Fn(u64, Vec<String>) -> G,
        each: &mut dyn FnMut(usize, &GameOutcome, &G),
    ) -> SelfplayResult {
        play_matches(deal, self, each)
    }
}

/// A match of `games` games of any ruleset, seats alternating: `deal(seed)`
/// makes each game's start (with `players` seats).
pub fn selfplay_of<G: Playable>(
    deal: impl Fn(u64) -> G,
    a: Level,
    b: Level,
    games: usize,
    players: usize,
    seed: u64,
    each: &mut dyn FnMut(usize, &GameOutcome),
) -> SelfplayResult {
    let m = Match {
        a,
        b,
        games,
        players,
        seed,
        seating: Seating::Alternate,
    };
    m.play(deal, each)
}

fn play_matches<G: Playable>(
    deal: impl Fn(u64, Vec<String>) -> G,
    m: &Match,
    each: &mut dyn FnMut(usize, &GameOutcome, &G),
) -> SelfplayResult {
    let &Match {
        a,
        b,
        games,
        players,
        seed,
        seating,
    } = m;
    let (mut a_wins, mut b_wins, mut ties) = (0, 0, 0);
    let mut a_scores = Vec::new();
    let mut b_scores = Vec::new();
    for i in 0..games {
        let sides = seating.sides(players, i);
        let gs = game_seed(seed, i);
        let g = played_out(deal(gs, seat_names(a, b, &sides)), a, b, &sides, gs);
        let (scores, winners) = (g.scores(), g.winners());
        let a_won = (0..players).any(|s| winners & (1 << s) != 0 && sides[s]);
        let b_won = (0..players).any(|s| winners & (1 << s) != 0 && !sides[s]);
        match (a_won, b_won) {
            (true, false) => a_wins += 1,
            (false, true) => b_wins += 1,
            _ => ties += 1,
        }
        for (s, &sc) in scores.iter().enumerate() {
            if sides[s] {
                a_scores.push(sc as f64);
            } else {
                b_scores.push(sc as f64);
            }
        }
        each(
            i,
            &GameOutcome {
                sides,
                scores,
                winners,
            },
            &g,
        );
    }
    let a_mean_ci = mean_interval(&a_scores);
    let b_mean_ci = mean_interval(&b_scores);
    SelfplayResult {
        a,
        b,
        players,
        seating,
        seed,
        games,
        a_wins,
        b_wins,
        ties,
        a_mean: a_mean_ci.estimate,
        b_mean: b_mean_ci.estimate,
        a_win_rate: wilson(a_wins, games),
        b_win_rate: wilson(b_wins, games),
        a_mean_ci,
        b_mean_ci,
    }
}

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameOutcome {
    /// Per seat: true for side `a`.
    pub sides: Vec<bool>,
    pub scores: Vec<u32>,
    pub winners: u8,
}

impl SelfplayResult {
    /// `{"games": N, "a_wins": n, "b_wins": n, "ties": n, "a_mean": x, "b_mean": x}`.
    pub fn summary_json(&self) -> serde_json::Value {
        serde_json::json!({
            "games": self.games,
            "a_wins": self.a_wins,
            "b_wins": self.b_wins,
            "ties": self.ties,
            "a_mean": round2(self.a_mean),
            "b_mean": round2(self.b_mean),
            "seating": self.seating.name(),
        })
    }

    /// A few lines for people.
    pub fn text(&self) -> String {
        self.to_string()
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl fmt::Display for SelfplayResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |i: &Interval| {
            format!(
                "{:.1}% (95% CI {:.1}–{:.1}%)",
                100.0 * i.estimate,
                100.0 * i.low,
                100.0 * i.high
            )
        };
        let seating = match self.seating {
            Seating::Alternate => String::new(),
            Seating::OneA => format!(", a in one seat and b in {}", self.players - 1),
        };
        writeln!(
            f,
            "{} (a) vs {} (b): {} games, {} players{seating}, seed {}",
            self.a, self.b, self.games, self.players, self.seed
        )?;
        let share = self.seating.a_share(self.players);
        writeln!(
            f,
            "  a wins {:>5}  {}{}",
            self.a_wins,
            pct(&self.a_win_rate),
            if self.seating == Seating::OneA {
                format!(" (its share if equal: {:.1}%)", 100.0 * share)
            } else {
                String::new()
            }
        )?;
        writeln!(f, "  b wins {:>5}  {}", self.b_wins, pct(&self.b_win_rate))?;
        writeln!(f, "  ties   {:>5}", self.ties)?;
        writeln!(
            f,
            "  mean score a {:.1} (95% CI {:.1}–{:.1}), b {:.1} (95% CI {:.1}–{:.1})",
            self.a_mean,
            self.a_mean_ci.low,
            self.a_mean_ci.high,
            self.b_mean,
            self.b_mean_ci.low,
            self.b_mean_ci.high
        )
    }
}
