//! What just happened in a classic game, for the board to mark: the roads,
//! cities and cloisters that scored since an earlier position of the same
//! game, lit with their points in the scorers' colours (as The City's
//! `recent`).

use super::art;
use crate::engine::classic::events::Event;
use crate::engine::classic::{FeatureKind, Game};
use crate::view::palette::PlayerColour;
use crate::view::scene::{events_since, newly_done, Recent, Scored};

/// What scored between `before` and `now` (a later position of the same
/// game; anything else gives nothing). Each feature completed in play is
/// matched to its scoring by kind and size (a completed feature's size
/// counts the wyvern's tile or not, O6.6).
pub fn recent(before: &Game, now: &Game, colours: &[PlayerColour]) -> Recent {
    let mut out = Recent::default();
    let Some(events) = events_since(before, now) else {
        return out;
    };
    // (kind, tiles, points, winners) of each scoring in play with a winner.
    let mut scorings: Vec<(FeatureKind, u32, u32, u8)> = events
        .iter()
        .filter_map(|l| match l.event {
            Event::FeatureScored {
                kind,
                tiles,
                points,
                winners,
                at_end: false,
                ..
            } if winners != 0 && points > 0 => Some((kind, tiles, points, winners)),
            _ => None,
        })
        .collect();
    if scorings.is_empty() {
        return out;
    }
    // The roads, cities and cloisters done now that were not done before
    // (the printed regions: a bridge's road is left unlit).
    let groups = newly_done(now, before, |f| {
        f.kind().is_some_and(|k| k != FeatureKind::Field)
    });
    for regions in &groups {
        let (i, r) = regions[0];
        let f = now.feature_of(i, r);
        let Some(kind) = f.kind() else { continue };
        let size = f.tile_count();
        let Some(k) = scorings
            .iter()
            .position(|s| s.0 == kind && (s.1 == size || s.1 + 1 == size))
        else {
            continue;
        };
        let (_, _, points, winners) = scorings.swap_remove(k);
        let lit = Scored::of_regions(regions, points, winners, colours, |i, r| {
            Some((
                art::placed_outline(now, i, r)?,
                art::placed_anchor(now, i, r)?,
            ))
        });
        out.scored.extend(lit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::classic::{Catalogue, Expansions, Options, Setup};
    use crate::engine::core::random;
    use crate::engine::core::rng::below;
    use crate::engine::TileGame;

    /// Over seeded games with both expansions, every scoring in play with a
    /// winner is lit once, with its points and its winners' colours, on the
    /// feature it scored.
    #[test]
    fn every_scoring_in_play_is_lit_with_its_points_and_colours() {
        let cat = Catalogue::builtin().unwrap();
        let colours = PlayerColour::ALL[..3].to_vec();
        let mut lit = 0;
        for seed in 0..8u64 {
            let names = ["A", "B", "C"].map(String::from).to_vec();
            let expansions = Expansions::parse(if seed % 2 == 0 {
                "city-gates old-city"
            } else {
                ""
            })
            .unwrap();
            let setup = Setup::from_seed(cat, names, expansions, Options::default(), seed).unwrap();
            let mut g = Game::new(cat, setup).unwrap();
            let mut rng = random::choice_rng(seed);
            while !g.is_over() {
                let before = g.clone();
                let legal = g.legal_choices();
                g.play(legal[below(&mut rng, legal.len() as u64) as usize])
                    .unwrap();
                let scored: Vec<(u32, u8)> = g.events()[before.events().len()..]
                    .iter()
                    .filter_map(|l| match l.event {
                        Event::FeatureScored {
                            points,
                            winners,
                            at_end: false,
                            ..
                        } if winners != 0 && points > 0 => Some((points, winners)),
                        _ => None,
                    })
                    .collect();
                let r = recent(&before, &g, &colours);
                assert_eq!(
                    r.scored.len(),
                    scored.len(),
                    "seed {seed} at {}",
                    g.history().len()
                );
                for s in &r.scored {
                    assert!(!s.shapes.is_empty());
                    assert!(
                        scored
                            .iter()
                            .any(|&(p, w)| p == s.points
                                && s.colours.len() == w.count_ones() as usize)
                    );
                }
                lit += r.scored.len();
            }
        }
        assert!(lit > 10, "only {lit} scorings lit");
    }
}
