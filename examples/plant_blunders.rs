//! Makes the review's planted blunders (issue 40): games of greedy against
//! greedy, each stopped at a turn (from turn 6 on) where the seat
//! to move could complete its own feature for 8 points or more
//! (`own`: it plays a tile that scores nothing instead), or could complete
//! the other seat's feature for 8 points or more while another placement
//! gives nobody anything (`theirs`: it completes it); the last such turn
//! of the game, when little is left to complete a feature by. The record
//! ends with that turn. Prints each record; tests/records/review/ keeps them.
//!
//! Two more kinds (issue 40's tests):
//! - `joined`: as `own` (a feature of the seat's own left open for a quiet
//!   move, 8 points or more, or the fourth argument's), and one of the
//!   other seat's next fifteen moves joins that feature (a tile that links
//!   a feature it holds to it; in its next two moves it may first put down
//!   the follower that the next move links), greedy playing on between:
//!   the record ends with the join;
//! - `wasted`: the seat's last follower put on a feature of the tile that
//!   scores nothing now and adds at most 2 points to its score as the board
//!   stands, where the same tile's follower on another feature completes
//!   it for 8 points or more for the seat alone (the follower would have
//!   scored and come back): the record ends with the wasted follower;
//!   `wasted-stands`: the same, the other feature adding 8 points or more
//!   to the seat's score as the board stands (the follower stays there).
//!   A fourth argument N takes one of the last N followers.
//!
//! ```sh
//! cargo run --release --example plant_blunders -- classic own 1
//! cargo run --release --example plant_blunders -- the-city theirs 1
//! cargo run --release --example plant_blunders -- classic joined 1
//! cargo run --release --example plant_blunders -- the-city joined 601 5
//! cargo run --release --example plant_blunders -- classic wasted 1
//! cargo run --release --example plant_blunders -- the-city wasted-stands 1
//! ```

use computer::{choose, Level, Playable};
use engine::any::{AnyChoice, AnyGame, AnySetup};
use engine::core::features::Node;
use engine::{city, classic, Seat, TileGame};
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

/// The followers on the table: the seat, the tile and region it stands
/// on, and its feature (the root node, in this position).
trait Spots: TileGame {
    fn spots(&self) -> Vec<(Seat, usize, u8, Node)>;
}

impl Spots for classic::Game {
    fn spots(&self) -> Vec<(Seat, usize, u8, Node)> {
        let t = self.table();
        t.followers()
            .iter()
            .map(|f| (f.player, f.tile, f.region, t.features().find(f.node)))
            .collect()
    }
}

impl Spots for city::Game {
    fn spots(&self) -> Vec<(Seat, usize, u8, Node)> {
        let t = self.table();
        t.followers()
            .iter()
            .map(|f| (f.player, f.tile, f.region, t.features().find(f.node)))
            .collect()
    }
}

/// Every whole move of the seat to move at `g` (a first choice and, when
/// the same seat decides next, each follow-up), the turn then finished
/// with the first choices: (the move, the position after the turn).
fn whole_moves<G: TileGame>(g: &G) -> Vec<(Vec<G::Choice>, G)> {
    let me = g.to_move();
    let mut out = Vec::new();
    for c in g.legal_choices() {
        let mut h = g.clone();
        if h.play(c).is_err() {
            continue;
        }
        let thens = if !h.is_over() && h.to_move() == me && !h.at_placement() {
            h.legal_choices().into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        for t in thens {
            let mut k = h.clone();
            let mut line = vec![c];
            if let Some(t) = t {
                if k.play(t).is_err() {
                    continue;
                }
                line.push(t);
            }
            while !k.is_over() && k.to_move() == me && !k.at_placement() {
                let Some(&x) = k.legal_choices().first() else {
                    break;
                };
                if k.play(x).is_err() {
                    break;
                }
            }
            out.push((line, k));
        }
    }
    out
}

/// `joined` and `wasted` (see the top of the file): the last such turn of
/// a game of greedy against greedy, the game ending with the planted move
/// (and, for `joined`, the other seat's join).
fn plant_more<G: Playable + Spots>(mut g: G, kind: &str, seed: u64) -> Option<(G, String)> {
    let mut last = None;
    while !g.is_over() {
        if g.at_placement() && g.turns() >= 5 {
            let me = g.to_move() as usize;
            let found = if kind == "joined" {
                joined_at(&g, me)
            } else {
                wasted_at(&g, me, kind == "wasted-stands")
            };
            if found.is_some() {
                last = found;
            }
        }
        let c = choose(&g, Level::Greedy, seed ^ g.history().len() as u64);
        g.play(c).ok()?;
    }
    last
}

fn joined_at<G: Playable + Spots>(g: &G, me: usize) -> Option<(G, String)> {
    let before = g.scores();
    let options: Vec<(Vec<G::Choice>, u32, u32, G)> = whole_moves(g)
        .into_iter()
        .map(|(c, h)| {
            let s = h.scores();
            (c, s[me] - before[me], s[1 - me] - before[1 - me], h)
        })
        .collect();
    let quiet = options
        .iter()
        .filter(|o| o.1 == 0 && o.2 == 0)
        .max_by_key(|o| margin(&o.3, me))?;
    // The seat's followers, by where they stand.
    let mine = |k: &G| -> Vec<(usize, u8)> {
        k.spots()
            .into_iter()
            .filter(|s| s.0 as usize == me)
            .map(|s| (s.1, s.2))
            .collect()
    };
    let held = mine(g);
    // The least points left unscored (a fourth argument; 8 unless said).
    let least: u32 = std::env::args()
        .nth(4)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    for o in options.iter().filter(|o| {
        o.1 >= least && o.2 == 0 && margin(&o.3, me) >= margin(&quiet.3, me) + least as i64
    }) {
        // The followers this move would have scored (they came back).
        let after = mine(&o.3);
        let scored: Vec<(usize, u8)> = held
            .iter()
            .copied()
            .filter(|x| !after.contains(x))
            .collect();
        // The quiet move instead, then the other seat's move that joins.
        let h = &quiet.3;
        if scored.is_empty() || h.is_over() || h.to_move() as usize == me || !h.at_placement() {
            continue;
        }
        if !scored.iter().all(|x| mine(h).contains(x)) {
            continue; // the quiet move scored them after all
        }
        // The other seat's next fifteen moves: the first that joins, else
        // greedy's (the seat's own moves between greedy's, so long as they
        // leave the feature open).
        let joins = |k: &G| {
            // A follower of the other seat's now on the feature of one of
            // those followers.
            let spots = k.spots();
            spots.iter().any(|&(s, tile, region, root)| {
                s as usize == me
                    && scored.contains(&(tile, region))
                    && spots
                        .iter()
                        .any(|&(t, _, _, r)| t as usize != me && r == root)
            })
        };
        // Greedy on from `h` to the other seat's next placement; `None`
        // when the game ends or the seat's feature is completed first.
        let on = |mut h: G| -> Option<G> {
            let mut n = 0;
            loop {
                let c = choose(&h, Level::Greedy, h.history().len() as u64);
                h.play(c).ok()?;
                n += 1;
                if h.is_over() {
                    return None;
                }
                if h.at_placement() && h.to_move() as usize != me && n > 1 {
                    break;
                }
            }
            scored.iter().all(|x| mine(&h).contains(x)).then_some(h)
        };
        let why = format!(
            "decision {} (turn {}): {} points of its own left unscored, then the other seat joined that feature",
            g.history().len(),
            engine::replay::turn_of(g),
            o.1
        );
        let mut h = h.clone();
        for turn in 0..15 {
            let moves = whole_moves(&h);
            if let Some((_, k)) = moves.iter().find(|(_, k)| joins(k)) {
                return Some((k.clone(), why));
            }
            // In its first two moves, a follower put down that the move
            // after joins to the seat's feature.
            if turn < 2 {
                let theirs = h.supply(h.to_move());
                for (_, k) in moves.iter().filter(|(_, k)| k.supply(h.to_move()) < theirs) {
                    let Some(k) = on(k.clone()) else { continue };
                    if let Some((_, j)) = whole_moves(&k).into_iter().find(|(_, j)| joins(j)) {
                        return Some((j, why));
                    }
                }
            }
            match on(h) {
                Some(next) => h = next,
                None => break,
            }
        }
    }
    None
}

fn wasted_at<G: Playable + Spots>(g: &G, me: usize, stands_only: bool) -> Option<(G, String)> {
    // The last follower (or, with a fourth argument N, one of the last N).
    let last: u32 = std::env::args()
        .nth(4)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let left = g.supply(me as Seat);
    if left == 0 || left > last {
        return None;
    }
    let before = g.scores();
    let moves = whole_moves(g);
    let now = |k: &G| {
        (
            k.scores()[me] - before[me],
            k.scores()[1 - me] - before[1 - me],
        )
    };
    let projected = |k: &G| k.clone().into_projected_scores()[me] as i64;
    let mut worst: Option<(i64, G, String)> = None;
    for (line, _) in moves.iter().filter(|(l, _)| l.len() == 2) {
        // The same tile's follower choices; "none": the follower kept, the
        // least scored at once.
        let same: Vec<&G> = moves
            .iter()
            .filter(|(l, _)| l.len() == 2 && l[0] == line[0])
            .map(|(_, k)| k)
            .collect();
        let Some(none) = same
            .iter()
            .filter(|k| k.supply(me as Seat) == left)
            .min_by_key(|k| now(k).0)
        else {
            continue;
        };
        let stays = |k: &G| k.supply(me as Seat) + 1 == left;
        // Where the follower scores: at once (it comes back), or as the
        // board stands (it stays, 8 points or more).
        let scores = |k: &G| -> Option<String> {
            let (mine, theirs) = now(k);
            let base = now(none);
            if theirs != base.1 {
                return None;
            }
            if mine >= base.0 + 8 && k.supply(me as Seat) == left && !stands_only {
                Some(format!("would have scored {} at once", mine - base.0))
            } else if stands_only
                && stays(k)
                && mine == base.0
                && projected(k) >= projected(none) + 8
            {
                Some(format!(
                    "would have added {} to its score as the board stands",
                    projected(k) - projected(none)
                ))
            } else {
                None
            }
        };
        for good in &same {
            let Some(what) = scores(good) else { continue };
            for bad in &same {
                let worthless =
                    stays(bad) && now(bad) == now(none) && projected(bad) <= projected(none) + 2;
                let lost = margin(*good, me) - margin(*bad, me);
                if worthless && lost >= 6 && worst.as_ref().is_none_or(|w| lost > w.0) {
                    worst = Some((
                        lost,
                        (*bad).clone(),
                        if left == 1 {
                            format!("its last follower put where it scores nothing; on another feature of the tile it {what}")
                        } else {
                            format!("one of its last {left} followers put where it scores nothing; on another feature of the tile it {what}")
                        },
                    ));
                }
            }
        }
    }
    worst.map(|w| (w.1, w.2))
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
            let g = classic::Game::new(cat, setup).unwrap();
            let found = if matches!(kind, "joined" | "wasted" | "wasted-stands") {
                plant_more(g, kind, seed)
            } else {
                plant(g, kind, seed)
            };
            found.map(|(g, why)| {
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
            let g = city::Game::new(cat, setup).unwrap();
            let found = if matches!(kind, "joined" | "wasted" | "wasted-stands") {
                plant_more(g, kind, seed)
            } else {
                plant(g, kind, seed)
            };
            found.map(|(g, why)| {
                let any = AnyGame::replay(
                    AnySetup::City(g.setup().clone()),
                    &history(&AnyGame::City(g)),
                );
                (any.unwrap(), why)
            })
        };
        if let Some((g, why)) = found {
            let note = format!(
                "A planted blunder ({kind}, issue 40): greedy against greedy from seed {seed}; {}: {why}.", if kind == "joined" { "its planted move" } else { "its last turn" }
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
