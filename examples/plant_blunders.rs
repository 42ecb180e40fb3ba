//! Makes the review's planted blunders (issue 40): games of greedy against
//! greedy, each stopped at a turn (from turn 6 on) where the seat
//! to move could complete its own feature for 8 points or more
//! (`own`: it plays a tile that scores nothing instead), or could complete
//! the other seat's feature for 8 points or more while another placement
//! gives nobody anything (`theirs`: it completes it); the last such turn
//! of the game, when little is left to complete a feature by. The record
//! ends with that turn. Prints each record; tests/records/review/ keeps them.
//!
//! ```sh
//! cargo run --release --example plant_blunders -- classic own 1
//! cargo run --release --example plant_blunders -- the-city theirs 1
//! ```

use computer::{choose, Level};
use engine::any::{AnyChoice, AnyGame, AnySetup};
use engine::{city, classic, TileGame};
use formats::notation::{self, DeckTag};

/// The seat's and the other's points from `first` played at `g` with "no
/// follower" (the engines score a placement after its follower step).
fn gain<G: TileGame>(g: &G, first: G::Choice) -> Option<(u32, u32, G)> {
    let me = g.to_move() as usize;
    let turn = g.turns();
    let before = g.scores();
    let mut h = g.clone();
    h.play(first).ok()?;
    while !h.is_over() && h.to_move() as usize == me && h.turns() == turn {
        let c = *h.legal_choices().first()?;
        h.play(c).ok()?;
    }
    // The turn is over (no wall round or other step of the same seat).
    if !h.is_over() && h.to_move() as usize == me {
        return None;
    }
    let s = h.scores();
    Some((s[me] - before[me], s[1 - me] - before[1 - me], h))
}

/// The seat's projected margin after a line (the final scoring run now).
fn margin<G: TileGame>(h: &G, me: usize) -> i64 {
    let p = h.clone().into_projected_scores();
    p[me] as i64 - p[1 - me] as i64
}

fn plant<G: TileGame + computer::Playable>(mut g: G, kind: &str, seed: u64) -> Option<(G, String)> {
    // The last such turn of the game: late, when a feature left open has
    // few tiles left to be completed by.
    let mut last = None;
    while !g.is_over() {
        if g.at_placement() && g.turns() >= 5 {
            let options: Vec<(G::Choice, u32, u32, G)> = g
                .legal_choices()
                .into_iter()
                .filter_map(|c| gain(&g, c).map(|(a, b, h)| (c, a, b, h)))
                .collect();
            let me = g.to_move() as usize;
            // A quiet move: nobody scores, and the best such as the board
            // stands.
            let quiet = options
                .iter()
                .filter(|o| o.1 == 0 && o.2 == 0)
                .max_by_key(|o| margin(&o.3, me));
            // Clearly wrong as the board stands too: 8 points or more.
            let planted = match (kind, quiet) {
                ("own", Some(q)) => options
                    .iter()
                    .find(|o| o.1 >= 8 && o.2 == 0 && margin(&o.3, me) >= margin(&q.3, me) + 8)
                    .map(|o| {
                        (
                            q.3.clone(),
                            format!("{} points of its own left unscored", o.1),
                        )
                    }),
                (_, Some(q)) => options
                    .iter()
                    .filter(|o| o.2 >= 8 && o.1 == 0 && margin(&q.3, me) >= margin(&o.3, me) + 8)
                    .max_by_key(|o| o.2)
                    .map(|o| {
                        (
                            o.3.clone(),
                            format!("{} points completed for the other seat", o.2),
                        )
                    }),
                _ => None,
            };
            if planted.is_some() {
                last = planted;
            }
        }
        let c = choose(&g, Level::Greedy, seed ^ g.history().len() as u64);
        g.play(c).ok()?;
    }
    last
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("classic", String::as_str);
    let kind = args.get(1).map_or("own", String::as_str);
    let from: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let names = vec!["Anna".to_string(), "Ben".to_string()];
    for seed in from..from + 200 {
        let found = if game == "classic" {
            let cat = classic::Catalogue::builtin().unwrap();
            let setup = classic::Setup::from_seed(
                cat,
                names.clone(),
                classic::Expansions::default(),
                classic::Options::default(),
                seed,
            )
            .unwrap();
            plant(classic::Game::new(cat, setup).unwrap(), kind, seed).map(|(g, why)| {
                let any = AnyGame::replay(
                    AnySetup::Classic(g.setup().clone()),
                    &history(&AnyGame::Classic(g)),
                );
                (any.unwrap(), why)
            })
        } else {
            let cat = city::Catalogue::builtin().unwrap();
            let setup = city::Setup::from_seed(
                cat,
                names.clone(),
                seed,
                [30, 25, 20],
                city::Options::default(),
            )
            .unwrap();
            plant(city::Game::new(cat, setup).unwrap(), kind, seed).map(|(g, why)| {
                let any = AnyGame::replay(
                    AnySetup::City(g.setup().clone()),
                    &history(&AnyGame::City(g)),
                );
                (any.unwrap(), why)
            })
        };
        if let Some((g, why)) = found {
            let note = format!(
                "A planted blunder ({kind}, issue 40): greedy against greedy from seed {seed}; its last turn: {why}."
            );
            print!(
                "{}",
                notation::write(&g, &[("Note".to_string(), note)], DeckTag::Auto)
            );
            return;
        }
    }
    eprintln!("none found");
}

fn history(g: &AnyGame) -> Vec<AnyChoice> {
    g.history()
}
