//! The players' aids (issue 39) over seeded random games of both rulesets:
//! what fits a space is exactly what the checked placement accepts there
//! (any rotation; a seat's own Old City wood counted); a dead space is never
//! filled later; the projected score is the final score once the game ends,
//! and the last decision's projection comes true when it adds nothing; the
//! aids never read the pile's order (a redeal leaves them as they were).
//! Fixed seeds, as tests/invariants.rs: a CI run cannot fail by chance.

use engine::any::AnyGame;
use engine::core::aids::{aids, Aided, Aids};
use engine::core::rng::{below, rng_for_seed};
use engine::core::shape::TileType;
use engine::{city, classic, Cell, Dir, Rotation, TileGame};

fn city_game(seed: u64, players: usize) -> city::Game {
    let cat = city::Catalogue::builtin().unwrap();
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let setup = city::Setup::from_seed(
        cat,
        names,
        seed,
        city::DEFAULT_STACKS,
        city::Options::default(),
    )
    .unwrap();
    city::Game::new(cat, setup).unwrap()
}

fn classic_game(seed: u64, players: usize, expansions: classic::Expansions) -> classic::Game {
    classic_short(seed, players, expansions, usize::MAX)
}

/// A classic game of only the first `tiles` tiles of the pile.
fn classic_short(
    seed: u64,
    players: usize,
    expansions: classic::Expansions,
    tiles: usize,
) -> classic::Game {
    let cat = classic::Catalogue::builtin().unwrap();
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let setup =
        classic::Setup::from_seed(cat, names, expansions, classic::Options::default(), seed)
            .unwrap()
            .first_tiles(tiles);
    classic::Game::new(cat, setup).unwrap()
}

/// No wood, and every single piece of wood a placement could use (O3):
/// what the check of an unlisted type tries.
fn single_woods() -> Vec<classic::Wood> {
    let dirs = [None, Some(Dir::N), Some(Dir::E), Some(Dir::S), Some(Dir::W)];
    let mut v = vec![classic::Wood::NONE];
    for on in dirs {
        for axis in [classic::Axis::NorthSouth, classic::Axis::EastWest] {
            v.push(classic::Wood {
                bridge: Some(classic::Bridge { on, axis }),
                ..classic::Wood::NONE
            });
        }
    }
    for d in dirs.into_iter().flatten() {
        v.push(classic::Wood {
            wall: Some(d),
            ..classic::Wood::NONE
        });
        v.push(classic::Wood {
            gate: Some(d),
            ..classic::Wood::NONE
        });
    }
    v
}

/// The checked path's answer: may `t` go at `cell`, any rotation?
trait Checked: Aided {
    /// Some rotation (with one of `woods`) passes the checked path.
    fn may_place(&self, t: TileType, cell: Cell, woods: &[classic::Wood]) -> bool;
    /// One of the engine's own placements of `t` at `cell` passes the
    /// checked path.
    fn listed_ok(&self, t: TileType, cell: Cell) -> bool;
    fn is_tile(&self, c: Cell) -> bool;
}

impl Checked for city::Game {
    fn is_tile(&self, c: Cell) -> bool {
        self.board().is_tile(c)
    }

    fn listed_ok(&self, t: TileType, cell: Cell) -> bool {
        self.may_place(t, cell, &[])
    }

    fn may_place(&self, t: TileType, cell: Cell, _: &[classic::Wood]) -> bool {
        Rotation::ALL
            .iter()
            .any(|&r| self.placement_allowed(t, cell, r))
    }
}

impl Checked for classic::Game {
    fn is_tile(&self, c: Cell) -> bool {
        self.board().is_tile(c)
    }

    fn listed_ok(&self, t: TileType, cell: Cell) -> bool {
        self.placements(t)
            .into_iter()
            .any(|p| p.cell == cell && self.placement_allowed(t, p))
    }

    fn may_place(&self, t: TileType, cell: Cell, woods: &[classic::Wood]) -> bool {
        Rotation::ALL.iter().any(|&rot| {
            woods
                .iter()
                .any(|&wood| self.placement_allowed(t, classic::Placement { cell, rot, wood }))
        })
    }
}

/// `fits` and `hand_fits` against the checked path, for every space and
/// every type still to come.
fn check_fits<G: Checked>(g: &G, a: &Aids, woods: &[classic::Wood]) {
    for s in &a.spaces {
        for (t, &copies) in a.pile.iter().enumerate() {
            if copies == 0 {
                continue;
            }
            let t = t as TileType;
            if s.fits.contains(&t) {
                assert!(g.listed_ok(t, s.cell), "type {t} listed at {:?}", s.cell);
            } else {
                assert!(!g.may_place(t, s.cell, woods), "type {t} fits {:?}", s.cell);
            }
        }
        assert_eq!(
            s.copies,
            s.fits.iter().map(|&t| a.pile[t as usize]).sum::<u32>()
        );
        if let Some(t) = a.in_hand {
            if s.hand_fits {
                assert!(g.listed_ok(t, s.cell), "in hand at {:?}", s.cell);
            } else {
                assert!(!g.may_place(t, s.cell, woods), "in hand fits {:?}", s.cell);
            }
        }
        if !s.dead {
            assert!(s.hand_fits || !s.fits.is_empty() || g.fits_depend_on_seat());
        } else {
            assert!(
                s.fits.is_empty() && !s.hand_fits,
                "dead but fits at {:?}",
                s.cell
            );
        }
    }
}

/// Plays one random game, checking the aids at every decision (what fits
/// at every `every`th placement).
fn run<G: Checked>(
    mut g: G,
    seed: u64,
    every: usize,
    woods: &[classic::Wood],
    whole: bool,
    pile_left: impl Fn(&G) -> usize,
) -> (usize, usize) {
    let mut rng = rng_for_seed(seed ^ 0xA1D5);
    let mut dead: Vec<Cell> = Vec::new();
    let mut placements = 0usize;
    let mut choices = Vec::new();
    let mut last_checked = 0;
    while !g.is_over() {
        let a = aids(&g);
        assert_eq!(a.seat_to_move, g.to_move());
        // What a player may know of the pile: all of it when the whole
        // pile is dealt, more than is left in a short game.
        let left = pile_left(&g);
        if whole {
            assert_eq!(a.pile_total() as usize, left, "the pile after the hand");
        } else {
            assert!(a.pile_total() as usize >= left, "the pile after the hand");
        }
        if g.at_placement() {
            assert!(a.in_hand.is_some());
            if placements.is_multiple_of(every) {
                check_fits(&g, &a, woods);
            }
            placements += 1;
        }
        dead.extend(a.dead());
        g.legal_choices_into(&mut choices);
        let c = choices[below(&mut rng, choices.len() as u64) as usize];
        let before = a.projected.clone();
        g.play(c).unwrap();
        // The last decision, adding nothing, ends the game as projected.
        if g.is_over() && choices[0] == c && !G::is_placement(&c) && left == 0 {
            assert_eq!(g.scores(), before, "the projection of the last decision");
            last_checked += 1;
        }
    }
    let a = aids(&g);
    assert_eq!(a.projected, g.scores(), "projected = final at the end");
    assert!(
        a.spaces.iter().all(|s| s.dead),
        "every space is dead at the end"
    );
    let seen = dead.len();
    for c in dead {
        assert!(!g.is_tile(c), "dead space {c:?} filled later");
    }
    (seen, last_checked)
}

#[test]
fn the_city_aids_over_random_games() {
    let (mut dead, mut last) = (0, 0);
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let g = city_game(seed, players);
        let (d, l) = run(g, seed, 4, &[], true, |g: &city::Game| {
            g.unseen_tiles().len()
        });
        dead += d;
        last += l;
    }
    assert!(
        dead > 0 && last > 0,
        "dead spaces {dead}, last decisions {last}"
    );
}

#[test]
fn classic_aids_over_random_games() {
    let mixes = [
        classic::Expansions::BASE,
        classic::Expansions {
            city_gates: true,
            old_city: false,
        },
    ];
    let none = [classic::Wood::NONE];
    let (mut dead, mut last) = (0, 0);
    for seed in 0..24u64 {
        let players = 2 + (seed % 4) as usize;
        // Half of them short: the followers last to the final tile's step.
        let short = seed % 4 >= 2;
        let tiles = if short {
            10 + seed as usize
        } else {
            usize::MAX
        };
        let g = classic_short(seed, players, mixes[(seed % 2) as usize], tiles);
        let (d, l) = run(g, seed, 3, &none, !short, |g: &classic::Game| {
            g.tiles_left() - usize::from(g.in_hand().is_some())
        });
        dead += d;
        last += l;
    }
    assert!(
        dead > 0 && last > 0,
        "dead spaces {dead}, last decisions {last}"
    );
}

/// Old City: a seat's own wood mends placements, so what fits is the seat
/// to move's, and a space is dead only if no seat's wood can fill it.
#[test]
fn classic_aids_with_old_city() {
    let both = classic::Expansions {
        city_gates: true,
        old_city: true,
    };
    let woods = single_woods();
    for seed in 0..4u64 {
        let g = classic_game(seed, 2 + (seed % 3) as usize, both);
        run(g, seed, 10, &woods, true, |g: &classic::Game| {
            g.tiles_left() - usize::from(g.in_hand().is_some())
        });
    }
}

/// The aids read what a player may know, never the pile's order: the same
/// position with its undrawn tiles shuffled again has the same aids.
#[test]
fn the_aids_never_read_the_order_of_the_pile() {
    for seed in 0..8u64 {
        let mut rng = rng_for_seed(seed);
        let mut g = classic_game(seed, 3, classic::Expansions::BASE);
        let mut c = city_game(seed, 3);
        for _ in 0..30 {
            let ch = g.legal_choices();
            g.play(ch[below(&mut rng, ch.len() as u64) as usize])
                .unwrap();
            let ch = c.legal_choices();
            c.play(ch[below(&mut rng, ch.len() as u64) as usize])
                .unwrap();
        }
        assert_eq!(aids(&g), aids(&g.redeal_unseen(&mut rng)));
        let a = aids(&c);
        let b = aids(&c.redeal_unseen(&mut rng));
        assert_eq!(a, b);
        // Either game through AnyGame, with the projected game's scores.
        let any = AnyGame::from(c.clone());
        assert_eq!(any.aids(), a);
        assert_eq!(any.projected().scores(), a.projected);
    }
}

/// Doomed features name a dead space they need and its owners' followers.
#[test]
fn doomed_features_need_dead_spaces() {
    let mut found = 0;
    for seed in 0..40u64 {
        let mut rng = rng_for_seed(seed);
        let mut g = classic_game(seed, 2, classic::Expansions::BASE);
        while !g.is_over() {
            let a = aids(&g);
            let dead: Vec<Cell> = a.dead().collect();
            for d in &a.doomed {
                found += 1;
                assert!(!d.needs.is_empty());
                assert!(d.needs.iter().all(|c| dead.contains(c)));
                assert!(d.tiles.contains(&d.cell));
                let held: u8 = d.followers[..2].iter().sum();
                assert_eq!(held == 0, d.owners == 0);
            }
            for h in &a.holdings {
                assert!(h.owners != 0 && h.tiles.contains(&h.cell));
            }
            let ch = g.legal_choices();
            g.play(ch[below(&mut rng, ch.len() as u64) as usize])
                .unwrap();
        }
    }
    assert!(found > 0, "random games leave doomed features");
}
