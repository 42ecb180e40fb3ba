//! Writes the pinned fixtures of issue 9 from the build it is compiled with:
//! `tests/fixtures/links/*.link` + `*.cgn` (share links and the record each
//! decodes to) and `tests/fixtures/ai/decisions.txt` (level, seed, position
//! → choice). Run once, on the commit before the restructuring:
//! `cargo run --release --example pin_fixtures`. The tests that read the
//! fixtures (`tests/pinned.rs`) must pass unchanged on every later build.

use rand_core::Rng;
use the_city::ai::{self, Level};
use the_city::engine::deck::rng_for_seed;
use the_city::engine::game::{Game, Setup};
use the_city::engine::{deck, Catalogue, Options};
use the_city::record::{self, DeckTag};
use the_city::share;

fn names(k: usize) -> Vec<String> {
    ["Ann", "Bob", "Cid", "Dee"][..k]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn opts(round: bool, before: bool, cross: bool) -> Options {
    Options {
        round_needs_follower: round,
        score_before_guard: before,
        cross_side_adjacency: cross,
    }
}

/// Plays `n` decisions (all when None) uniformly at random from `seed`.
fn play(mut g: Game, n: Option<usize>, seed: u64) -> Game {
    let mut rng = rng_for_seed(seed ^ 0xF1C5);
    let mut k = 0;
    while !g.is_over() && n.is_none_or(|n| k < n) {
        let legal = g.legal_choices();
        let c = legal[deck::below(&mut rng, legal.len() as u64) as usize];
        g.play(c).unwrap();
        k += 1;
    }
    g
}

fn main() {
    let cat = Catalogue::builtin().unwrap();
    let dir = std::path::Path::new("tests/fixtures/links");
    std::fs::create_dir_all(dir).unwrap();
    let mut made = Vec::new();
    let mut add = |name: &str, g: &Game| {
        let link = share::encode(g);
        let back = share::decode(&link).unwrap();
        assert_eq!(back.history(), g.history());
        let rec = record::write(&back, &[], DeckTag::Auto);
        let info = format!(
            "{link}\ndecisions {}\nscores {}\nover {}\n",
            back.history().len(),
            back.scores()
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            back.is_over()
        );
        std::fs::write(dir.join(format!("{name}.link")), info).unwrap();
        std::fs::write(dir.join(format!("{name}.cgn")), rec).unwrap();
        made.push((name.to_string(), link));
    };

    let option_sets = [
        ("default", opts(false, false, true)),
        ("round-needs-follower", opts(true, false, true)),
        ("score-before-guard", opts(false, true, true)),
        ("cross-off", opts(false, false, false)),
        ("all-on", opts(true, true, true)),
        ("all-off", opts(false, false, false)),
    ];
    let mut n = 0;
    for players in [2usize, 3, 4] {
        for (oname, o) in option_sets {
            n += 1;
            let seed = 1000 + n as u64 * 7919;
            // Seeded, finished.
            let s = Setup::from_seed(cat, names(players), seed, [30, 25, 20], o).unwrap();
            let g = play(Game::new(cat, s.clone()).unwrap(), None, seed);
            add(&format!("{n:02}a-seed-{players}p-{oname}-finished"), &g);
            // Seeded, mid-game (mid-turn on odd n).
            let mid = 40 + (n % 5) * 9 + (n % 2);
            let g = play(Game::new(cat, s).unwrap(), Some(mid), seed);
            add(&format!("{n:02}b-seed-{players}p-{oname}-mid"), &g);
        }
    }
    // Explicit decks (shorter stacks, custom order) and names beyond ASCII.
    for (k, players) in [2usize, 3, 4, 2, 3, 4].into_iter().enumerate() {
        n += 1;
        let seed = 500 + k as u64;
        let mut all = deck::shuffled(cat, seed.wrapping_mul(31));
        all.reverse();
        let stacks = [
            [10, 8, 6],
            [30, 25, 20],
            [12, 12, 12],
            [5, 0, 0],
            [20, 10, 5],
            [25, 25, 25],
        ][k];
        let total: u32 = stacks.iter().sum();
        all.truncate(total as usize);
        let mut nm = names(players);
        if k % 2 == 1 {
            nm[0] = "Zoë".to_string();
            nm[1] = "Åsa Öberg".to_string();
        }
        let o = option_sets[k % option_sets.len()].1;
        let s = Setup::from_deck(cat, nm, all, stacks, o).unwrap();
        let g = play(Game::new(cat, s.clone()).unwrap(), None, seed);
        add(&format!("{n:02}a-deck-{players}p-finished"), &g);
        let g = play(Game::new(cat, s).unwrap(), Some(15 + k * 3), seed);
        add(&format!("{n:02}b-deck-{players}p-mid"), &g);
    }
    // A brand-new game (no decision yet) and seeds at the u64 range's ends.
    for (name, seed) in [("new-seed-0", 0u64), ("new-seed-max", u64::MAX)] {
        let s = Setup::from_seed(cat, names(3), seed, [30, 25, 20], Options::default()).unwrap();
        add(name, &Game::new(cat, s).unwrap());
    }
    let s = Setup::from_seed(
        cat,
        names(2),
        u64::MAX - 1,
        [30, 25, 20],
        Options::default(),
    )
    .unwrap();
    add(
        "seed-near-max-finished",
        &play(Game::new(cat, s).unwrap(), None, 3),
    );
    eprintln!("{} links", made.len());

    // AI decisions: level, seed, position (a link) -> the index of the
    // choice among the legal choices there.
    let adir = std::path::Path::new("tests/fixtures/ai");
    std::fs::create_dir_all(adir).unwrap();
    let mut out = String::from(
        "# level seed link -> index of the choice in legal_choices() (and the choice, for reading)\n",
    );
    let mut pos_rng = rng_for_seed(77);
    for (i, (name, link)) in made.iter().enumerate() {
        if name.contains("finished") || i % 3 != 1 {
            continue;
        }
        let g = share::decode(link).unwrap();
        if g.is_over() || g.legal_choices().len() < 2 {
            continue;
        }
        for level in Level::ALL {
            let seed = pos_rng.next_u64() % 100_000;
            let c = ai::choose(&g, level, seed);
            let idx = g.legal_choices().iter().position(|&l| l == c).unwrap();
            out.push_str(&format!("{} {seed} {link} {idx} {{{c:?}}}\n", level.name()));
        }
    }
    std::fs::write(adir.join("decisions.txt"), out).unwrap();
}
