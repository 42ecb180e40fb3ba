//! "What scored", over random games of both rulesets: after every decision,
//! every scoring event of that decision that paid somebody is lit once, on
//! its own feature's regions, with each scorer's own points in their own
//! colour, and nothing else is lit. The feature an event names is checked
//! against the board, not against the event: newly completed, of the
//! event's kind and size, and held by the followers whose majority (or
//! shares, O2.1) the event paid. Every game runs from a fixed seed (as
//! tests/invariants.rs): a CI run cannot fail by chance.

use engine::core::random;
use engine::core::rng::below;
use engine::core::shape::RegionIdx;
use engine::core::table::FeatureAt;
use engine::{city, classic, TileGame};
use view::palette::PlayerColour;
use view::scene::{Recent, Scored};

/// Per seat: the majority's seats (bit set), as B6.5 and R5.4 count it.
fn majority(counts: &[u32]) -> u8 {
    let most = counts.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return 0;
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n == most)
        .fold(0, |w, (p, _)| w | 1 << p)
}

/// What a scoring event says, in the terms this test checks.
struct Scoring {
    at: FeatureAt,
    /// Kind's name, tiles.
    kind: &'static str,
    tiles: u32,
    points: u32,
    winners: u8,
    paid: Vec<u32>,
    returned: u32,
    proportional: bool,
    /// The followers counted on it (seat, placed tile, region), veiled ones
    /// left out, and how many stood on it in all.
    counted: Vec<u32>,
    standing: u32,
}

/// The one lit feature on exactly `regions`, with `scorers` (seat, points).
fn lit_once<'a>(r: &'a Recent, regions: &[(usize, RegionIdx)], where_: &str) -> &'a Scored {
    let mut want = regions.to_vec();
    want.sort_unstable();
    let found: Vec<&Scored> = r
        .scored
        .iter()
        .filter(|s| {
            let mut got = s.regions.clone();
            got.sort_unstable();
            got == want
        })
        .collect();
    assert_eq!(found.len(), 1, "{where_}: lit once on {want:?}");
    found[0]
}

/// Checks one decision's scorings against what was lit: `regions_of`
/// gives the regions of a named feature in the later position.
fn check(
    scorings: &[Scoring],
    r: &Recent,
    colours: &[PlayerColour],
    regions_of: impl Fn(FeatureAt) -> Vec<(usize, RegionIdx)>,
    where_: &str,
) -> usize {
    let mut lit = 0;
    let mut named: Vec<FeatureAt> = Vec::new();
    for s in scorings {
        assert!(
            !named.contains(&s.at),
            "{where_}: two scorings name one feature"
        );
        named.push(s.at);
        // The event's winners and points are its followers' majority (or
        // shares), and all of them went home.
        assert_eq!(s.returned, s.standing, "{where_}: {} followers", s.kind);
        let n: u32 = s.counted.iter().sum();
        if s.proportional {
            let each = if n == 0 { 0 } else { s.points.div_ceil(n) };
            let want: Vec<u32> = s.counted.iter().map(|&c| c * each).collect();
            assert_eq!(s.paid, want, "{where_}: shares of {}", s.points);
        } else {
            assert_eq!(s.winners, majority(&s.counted), "{where_}: {}", s.kind);
            let want: Vec<u32> = (0..s.paid.len())
                .map(|p| {
                    if s.winners & (1 << p) != 0 {
                        s.points
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(s.paid, want, "{where_}");
        }
        if s.paid.iter().all(|&p| p == 0) {
            continue;
        }
        let regions = regions_of(s.at);
        let f = lit_once(r, &regions, where_);
        assert_eq!(f.cells.len() as u32, s.tiles, "{where_}: {} tiles", s.kind);
        let want: Vec<(u8, PlayerColour, u32)> = s
            .paid
            .iter()
            .enumerate()
            .filter(|(_, &p)| p > 0)
            .map(|(seat, &p)| (seat as u8, colours[seat], p))
            .collect();
        let got: Vec<(u8, PlayerColour, u32)> = f
            .scorers
            .iter()
            .map(|c| (c.seat, c.colour, c.points))
            .collect();
        assert_eq!(got, want, "{where_}: who scored {} and how much", s.kind);
        assert!(!f.shapes.is_empty());
        lit += 1;
    }
    assert_eq!(r.scored.len(), lit, "{where_}: nothing else is lit");
    lit
}

// ------------------------------------------------------------ classic

fn classic_game(seed: u64) -> classic::Game {
    let cat = classic::Catalogue::builtin().unwrap();
    let players = 2 + (seed % 4) as usize;
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let (exp, opts) = [
        ("", "small-city=2 farm-scoring=2nd"),
        ("city-gates", ""),
        ("old-city", "plaza-pennants=on"),
        ("city-gates old-city", "coin-limit=none"),
        ("old-city", "oc-proportional=off oc-wyvern=on"),
    ][(seed % 5) as usize];
    let expansions = classic::Expansions::parse(exp).unwrap();
    let options = classic::Options::parse(opts, expansions).unwrap();
    let setup = classic::Setup::from_seed(cat, names, expansions, options, seed).unwrap();
    classic::Game::new(cat, setup).unwrap()
}

/// The scorings in play of the events since `before` (with the followers
/// each counted), as the board's state tells them.
fn classic_scorings(before: &classic::Game, now: &classic::Game) -> Vec<Scoring> {
    use classic::events::Event;
    let seats = now.players().len();
    let tile_at = |c| now.board().tile_at(c).unwrap();
    let mut followers: Vec<(u8, usize, RegionIdx)> = before
        .followers()
        .iter()
        .map(|f| (f.player, f.tile, f.region))
        .collect();
    let mut wyvern = before.wyvern();
    let mut out = Vec::new();
    for l in &now.events()[before.events().len()..] {
        match l.event {
            Event::FollowerPlaced {
                player,
                cell,
                region,
                ..
            } => followers.push((player, tile_at(cell), region)),
            Event::WyvernMoved { to } => wyvern = to,
            Event::FeatureScored {
                kind,
                at,
                tiles,
                points,
                winners,
                paid,
                returned,
                at_end: false,
                proportional,
                ..
            } => {
                let regions = now.feature_regions(tile_at(at.cell), at.region);
                let on = |x: &(u8, usize, RegionIdx)| regions.contains(&(x.1, x.2));
                let veiled = |t: usize| wyvern == Some(now.board().placed()[t].cell);
                let mut counted = vec![0; seats];
                for &(p, t, _) in followers.iter().filter(|x| on(x)) {
                    if !veiled(t) {
                        counted[p as usize] += 1;
                    }
                }
                let standing = followers.iter().filter(|x| on(x)).count() as u32;
                // Newly completed: done now, not before, of the event's kind.
                let f = now.feature_of(regions[0].0, regions[0].1);
                assert!(f.done && f.kind() == Some(kind));
                if regions[0].0 < before.board().placed().len() {
                    assert!(!before.feature_of(regions[0].0, regions[0].1).done);
                }
                // Its scoring tiles (the wyvern's left out, O6.6) or all.
                let mut cells: Vec<usize> = regions.iter().map(|x| x.0).collect();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len() as u32, tiles, "{kind:?} at {at:?}");
                followers.retain(|x| !on(x));
                out.push(Scoring {
                    at,
                    kind: kind.name(),
                    tiles,
                    points,
                    winners,
                    paid: paid[..seats].to_vec(),
                    returned,
                    proportional,
                    counted,
                    standing,
                });
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_classic_scoring_is_lit_on_its_own_feature_with_its_own_points_and_colours() {
    let mut lit = 0;
    let mut shared = 0;
    let mut proportional = 0;
    for seed in 0..300u64 {
        let mut g = classic_game(seed);
        let colours = PlayerColour::ALL[..g.players().len()].to_vec();
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let before = g.clone();
            let legal = g.legal_choices();
            g.play(legal[below(&mut rng, legal.len() as u64) as usize])
                .unwrap();
            let scorings = classic_scorings(&before, &g);
            let r = view::classic::recent::recent(&before, &g, &colours);
            let where_ = format!("seed {seed} after {} decisions", g.history().len());
            lit += check(
                &scorings,
                &r,
                &colours,
                |at| g.feature_regions(g.board().tile_at(at.cell).unwrap(), at.region),
                &where_,
            );
            shared += r.scored.iter().filter(|s| s.scorers.len() > 1).count();
            proportional += scorings.iter().filter(|s| s.proportional).count();
        }
    }
    assert!(lit > 800, "only {lit} scorings lit");
    assert!(
        shared > 0 && proportional > 0,
        "{shared} shared, {proportional} proportional"
    );
}

// ------------------------------------------------------------ The City

fn city_game(seed: u64) -> city::Game {
    let cat = city::tiles::Catalogue::builtin().unwrap();
    let players = 2 + (seed % 3) as usize;
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let options = city::options::Options::parse(if seed.is_multiple_of(2) {
        ""
    } else {
        "score-before-guard=on cross-side-adjacency=on"
    })
    .unwrap();
    let setup = city::setup::Setup::from_seed(cat, names, seed, [30, 25, 20], options).unwrap();
    city::Game::new(cat, setup).unwrap()
}

fn city_scorings(before: &city::Game, now: &city::Game) -> Vec<Scoring> {
    use city::events::Event;
    let seats = now.players().len();
    let tile_at = |c| now.board().tile_at(c).unwrap();
    let mut followers: Vec<(u8, usize, RegionIdx)> = before
        .followers()
        .iter()
        .map(|f| (f.player, f.tile, f.region))
        .collect();
    let mut out = Vec::new();
    for l in &now.events()[before.events().len()..] {
        match l.event {
            Event::FollowerPlaced {
                player,
                cell,
                region,
                ..
            } => followers.push((player, tile_at(cell), region)),
            Event::FeatureScored {
                kind,
                at,
                tiles,
                points,
                winners,
                returned,
                ..
            } => {
                let regions = now.feature_regions(tile_at(at.cell), at.region);
                let on = |x: &(u8, usize, RegionIdx)| regions.contains(&(x.1, x.2));
                let mut counted = vec![0; seats];
                for &(p, _, _) in followers.iter().filter(|x| on(x)) {
                    counted[p as usize] += 1;
                }
                let standing = followers.iter().filter(|x| on(x)).count() as u32;
                let f = now.feature_of(regions[0].0, regions[0].1);
                assert!(f.done && f.kind() == kind);
                if regions[0].0 < before.board().placed().len() {
                    assert!(!before.feature_of(regions[0].0, regions[0].1).done);
                }
                followers.retain(|x| !on(x));
                let paid = (0..seats)
                    .map(|p| if winners & (1 << p) != 0 { points } else { 0 })
                    .collect();
                out.push(Scoring {
                    at,
                    kind: kind.name(),
                    tiles,
                    points,
                    winners,
                    paid,
                    returned,
                    proportional: false,
                    counted,
                    standing,
                });
            }
            _ => {}
        }
    }
    out
}

#[test]
fn every_city_scoring_is_lit_on_its_own_feature_with_its_own_points_and_colours() {
    let mut lit = 0;
    let mut shared = 0;
    for seed in 0..200u64 {
        let mut g = city_game(seed);
        let colours = PlayerColour::ALL[..g.players().len()].to_vec();
        let mut rng = random::choice_rng(seed);
        while !g.is_over() {
            let before = g.clone();
            let legal = g.legal_choices();
            g.play(legal[below(&mut rng, legal.len() as u64) as usize])
                .unwrap();
            let scorings = city_scorings(&before, &g);
            let r = view::city::recent::recent(&before, &g, &colours);
            let where_ = format!("seed {seed} after {} decisions", g.history().len());
            lit += check(
                &scorings,
                &r,
                &colours,
                |at| g.feature_regions(g.board().tile_at(at.cell).unwrap(), at.region),
                &where_,
            );
            shared += r.scored.iter().filter(|s| s.scorers.len() > 1).count();
        }
    }
    assert!(lit > 1500 && shared > 0, "{lit} lit, {shared} shared");
}

/// Issue 28's board: one tile (X) completes two roads of 3 and 2 tiles,
/// Ann's and Bob's. Each is lit on its own tiles with its own points in
/// its owner's colour.
#[test]
fn two_roads_one_tile_longer_are_each_lit_as_they_scored() {
    let record = "[Game \"Carcassonne\"]\n[Format \"1\"]\n[Players \"Ann, Bob\"]\n\
        [Options \"small-city=4 farm-scoring=3rd\"]\n[Deck \"W B E W X U U U V V\"]\n\n\
        1. W -1,0 r0 @1\n2. B 0,1 r0 -\n3. E 0,-1 r2 -\n4. W 1,1 r3 @1\n";
    let read = formats::notation::read(record).unwrap();
    let before = read.game.as_classic().unwrap().clone();
    let colours = [PlayerColour::Red, PlayerColour::Blue];
    let x = before
        .legal_choices()
        .into_iter()
        .find(|c| {
            matches!(c, classic::Choice::Place(p)
                if p.cell == classic::Cell::new(1, 0) && p.rot == classic::Rotation::ALL[0])
        })
        .unwrap();
    let mut g = before.clone();
    g.play(x).unwrap();
    g.play(classic::Choice::Follower(None)).unwrap();
    let r = view::classic::recent::recent(&before, &g, &colours);
    // (The lit cells, the scorers' colours and points.)
    type Lit = (Vec<(i32, i32)>, Vec<(PlayerColour, u32)>);
    let mut got: Vec<Lit> = r
        .scored
        .iter()
        .map(|s| {
            (
                s.cells.iter().map(|c| (c.x, c.y)).collect(),
                s.scorers.iter().map(|c| (c.colour, c.points)).collect(),
            )
        })
        .collect();
    got.sort_by_key(|x| x.0.clone());
    assert_eq!(
        got,
        [
            (vec![(-1, 0), (0, 0), (1, 0)], vec![(PlayerColour::Red, 3)]),
            (vec![(1, 0), (1, 1)], vec![(PlayerColour::Blue, 2)]),
        ]
    );
}
