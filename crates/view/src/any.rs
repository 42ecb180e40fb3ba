//! Either ruleset's view for the screens: each adapter's output with its
//! choices wrapped in [`AnyChoice`], so that one set of components (and one
//! copy of their code in the page) draws and plays both games. One `match`
//! per function, as in `engine::any`.

use std::rc::Rc;

use super::command::{command_reading, hand_words, options_said, Command, Reading, TextGame};
use super::palette::{PlayerColour, Seat};
use super::prompt::Pointer;
use super::scene::Recent;
use super::targets::Targets;
use super::{city, classic, geometry::Pt, Adapter, GameView, Shared};
use art::TileArt;
use engine::any::{AnyChoice, AnyGame, Ruleset};
use engine::core::geom::{Cell, Rotation};
use engine::core::shape::{RegionIdx, TileType};
use engine::{city as c, classic as k, TileGame};

/// Everything the screens show of `game` that depends on the game alone.
pub fn game_view_on(game: &AnyGame, seats: &[Seat], pointer: Pointer) -> GameView<AnyChoice> {
    let mut view = match game {
        AnyGame::City(g) => city::game_view_on(g, seats, pointer).map(AnyChoice::City),
        AnyGame::Classic(g) => classic::game_view_on(g, seats, pointer).map(AnyChoice::Classic),
    };
    view.aids = crate::aids::AidsView::of(game, &view.names, &view.colours).map(Shared::new);
    view
}

/// What happened between `before` and `now` (a later position of the same
/// game), for the board to mark.
pub fn recent(before: &AnyGame, now: &AnyGame, colours: &[PlayerColour]) -> Recent {
    match (before, now) {
        (AnyGame::City(b), AnyGame::City(n)) => city::recent::recent(b, n, colours),
        (AnyGame::Classic(b), AnyGame::Classic(n)) => classic::recent::recent(b, n, colours),
        _ => Recent::default(),
    }
}

/// The tile to place, when a tile is to be placed.
pub fn drawn_tile(game: &AnyGame) -> Option<TileType> {
    match game {
        AnyGame::City(g) => match g.decision() {
            Some(c::Decision::PlaceTile { tile }) => Some(tile),
            _ => None,
        },
        AnyGame::Classic(g) => match g.decision() {
            Some(k::Decision::Place { tile }) => Some(tile),
            _ => None,
        },
    }
}

/// The choice that places the drawn tile at `cell` turned `rot`: The City's
/// is the cell and rotation, classic's carries the wood that mends it (its
/// placement target says which).
pub fn place_choice(
    game: &AnyGame,
    targets: &Targets<AnyChoice>,
    cell: Cell,
    rot: Rotation,
) -> Option<AnyChoice> {
    match game {
        AnyGame::City(_) => Some(AnyChoice::City(c::Choice::Place { cell, rot })),
        AnyGame::Classic(_) => targets.placement_at(cell, rot).map(|p| p.choice),
    }
}

/// Where a placement choice puts the tile.
pub fn placement_of(choice: AnyChoice) -> Option<(Cell, Rotation)> {
    match choice {
        AnyChoice::City(c) => c::Game::placement(&c),
        AnyChoice::Classic(k) => k::Game::placement(&k),
    }
}

/// The region of the tile just placed that a follower choice names
/// (classic's bridge has no drawn region and gives none).
pub fn follower_region(choice: AnyChoice) -> Option<RegionIdx> {
    match choice {
        AnyChoice::City(c::Choice::Follower(Some(r))) => Some(r),
        AnyChoice::Classic(k::Choice::Follower(Some(k::Spot::Region(r)))) => Some(r),
        _ => None,
    }
}

/// The artwork of a tile type of `ruleset` (cached per ruleset).
pub fn tile_art(ruleset: Ruleset, t: TileType) -> Option<Rc<TileArt>> {
    match ruleset {
        Ruleset::City => c::Catalogue::builtin()
            .ok()
            .map(|cat| city::art::tile_art(cat, t)),
        Ruleset::Classic => k::Catalogue::builtin()
            .ok()
            .map(|cat| classic::art::tile_art(cat, t)),
    }
}

/// A tile type's id in its catalogue ("D7", "K").
pub fn tile_name(ruleset: Ruleset, t: TileType) -> String {
    let id = match ruleset {
        Ruleset::City => c::Catalogue::builtin()
            .ok()
            .map(|cat| cat.get(t).id.clone()),
        Ruleset::Classic => k::Catalogue::builtin()
            .ok()
            .map(|cat| cat.get(t).id.clone()),
    };
    id.unwrap_or_else(|| t.to_string())
}

/// The element id of a tile type's picture in the board's `<defs>` (the two
/// rulesets' ids kept apart, though one game is on the board at a time).
pub fn tile_id(ruleset: Ruleset, t: TileType) -> String {
    match ruleset {
        Ruleset::City => format!("tile-{}", tile_name(ruleset, t)),
        Ruleset::Classic => format!("tile-c-{}", tile_name(ruleset, t)),
    }
}

/// What the hand says of the pile: The City's stack the tile came from,
/// classic's tiles left.
pub fn pile_words(game: &AnyGame) -> String {
    match game {
        AnyGame::City(g) => i18n::msg::words_any::stack(g.drawn().map_or(1, |d| d.1)),
        AnyGame::Classic(g) => i18n::msg::words_any::tiles_left(g.tiles_left()),
    }
}

/// Where a follower stands on region `region` of tile type `t`, unrotated.
pub fn anchor(ruleset: Ruleset, t: TileType, region: RegionIdx) -> Pt {
    match ruleset {
        Ruleset::City => c::Catalogue::builtin()
            .map(|cat| city::art::anchor(cat, t, region))
            .unwrap_or((50.0, 50.0)),
        Ruleset::Classic => k::Catalogue::builtin()
            .map(|cat| classic::art::anchor(cat, t, region))
            .unwrap_or((50.0, 50.0)),
    }
}

/// A tile's features turned by `rot`, in words.
pub fn tile_words(ruleset: Ruleset, t: TileType, rot: Rotation) -> String {
    match ruleset {
        Ruleset::City => c::Catalogue::builtin()
            .map(|cat| city::describe::tile_words(cat, t, rot))
            .unwrap_or_default(),
        Ruleset::Classic => k::Catalogue::builtin()
            .map(|cat| classic::describe::tile_words(cat, t, rot))
            .unwrap_or_default(),
    }
}

/// A choice of `game`'s decision in words, for hints ("place the tile on
/// 1,0 turned 90°", "put a thief on the road of 3 tiles going north").
pub fn hint_words(game: &AnyGame, choice: AnyChoice) -> String {
    match (game, choice) {
        (AnyGame::City(g), AnyChoice::City(ch)) => city::hint_words(g, ch),
        (AnyGame::Classic(g), AnyChoice::Classic(ch)) => classic::describe::hint_words(g, ch),
        _ => String::new(),
    }
}

/// The text view's answer to a typed line (`view::command`), in either
/// game, its choice as an index among the legal choices; `rot`: the tile in
/// hand's turn now.
pub fn text_command(
    game: &AnyGame,
    names: &[String],
    line: &str,
    rot: Option<Rotation>,
    how: &Reading,
) -> Command<usize> {
    let g = text_game(game);
    if let Some(answer) =
        crate::aids::text_answer_hand(game, g.help(), names, line, !how.hand_unknown)
    {
        return Command::Say(answer);
    }
    command_reading(g, names, line, rot, how)
}

/// The text view's words for the tile in hand and for the decision's
/// options, in either game.
pub fn text_hand_and_options(
    game: &AnyGame,
    names: &[String],
    terse: bool,
) -> (Option<String>, String) {
    let g = text_game(game);
    (hand_words(g), options_said(g, names, terse))
}

/// Either game as the text view reads it.
fn text_game(game: &AnyGame) -> &dyn TextGame {
    match game {
        AnyGame::City(g) => g,
        AnyGame::Classic(g) => g,
    }
}

/// A tile type in the pile: how many of it are left, of how many in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCount {
    pub tile: TileType,
    pub left: u32,
    pub in_play: u32,
}

/// The tiles still in the pile by type (classic Carcassonne, as
/// JCloisterZone's tile dialog shows them): every type the game deals, in
/// the catalogue's order, with the count left (the tile in hand excluded)
/// and the count in play. `None` for The City, whose stacks the panel shows.
pub fn tiles_by_type(game: &AnyGame) -> Option<Vec<TileCount>> {
    tiles_by_type_hand(game, true)
}

/// The same, `known`: whether the tile in hand is the game's; a fair
/// game's stand-in (another device's reveal due) counts with the pile.
/// With a short pile (a random part of the tiles in play) the counts are
/// what a player may know: the tiles in play less those drawn, each "of"
/// its count in play ([`short_pile_left`] says how many will be drawn).
pub fn tiles_by_type_hand(game: &AnyGame, known: bool) -> Option<Vec<TileCount>> {
    let AnyGame::Classic(g) = game else {
        return None;
    };
    let left = g.tiles_to_come(known);
    let in_play = if g.pile_is_short() {
        k::setup::pile_counts(g.catalogue(), g.setup().expansions)
    } else {
        let mut n = vec![0u32; left.len()];
        for &t in &g.setup().deck {
            if let Some(c) = n.get_mut(t as usize) {
                *c += 1;
            }
        }
        n
    };
    Some(
        (0..left.len())
            .filter(|&t| in_play.get(t).is_some_and(|&n| n > 0))
            .map(|t| TileCount {
                tile: t as TileType,
                left: left[t],
                in_play: in_play[t],
            })
            .collect(),
    )
}

/// With a short pile, how many tiles are still to draw (the tile in hand
/// counted unless `known`): the list of [`tiles_by_type_hand`] holds more,
/// the tiles they may be. `None` with the whole pile dealt (the list is
/// the pile) and for The City.
pub fn short_pile_left(game: &AnyGame, known: bool) -> Option<u32> {
    let AnyGame::Classic(g) = game else {
        return None;
    };
    let hand = u32::from(g.in_hand().is_some() && known);
    g.pile_is_short().then(|| g.tiles_left() as u32 - hand)
}

/// The record a download holds (whole turns only: neither record format has
/// syntax for a turn in progress), its file name, named for the game and
/// what it holds, and, in the middle of a turn, a sentence saying that turn
/// is left out.
pub fn record_download(game: &AnyGame) -> (AnyGame, String, Option<String>) {
    match game {
        AnyGame::City(g) => {
            let (whole, name, note) = download(g, "the-city", g.setup().seed);
            (AnyGame::City(whole), name, note)
        }
        AnyGame::Classic(g) => {
            let (whole, name, note) = download(g, "carcassonne", g.setup().seed);
            (AnyGame::Classic(whole), name, note)
        }
    }
}

/// [`record_download`] of either game: its file is named for the game
/// (`name`: "the-city"), the seed it was dealt from and its whole turns.
fn download<G: TileGame>(game: &G, name: &str, seed: Option<u64>) -> (G, String, Option<String>) {
    let whole = engine::replay::whole_turns(game);
    let turns = whole.turns();
    let file = match seed {
        Some(s) => format!("{name}-{s}-turn-{turns}.cgn"),
        None => format!("{name}-turn-{turns}.cgn"),
    };
    let note = (whole.history().len() < game.history().len())
        .then(|| i18n::msg::words_any::record_note(turns, game.turns()));
    (whole, file, note)
}

/// What an announcement adds to the chronicle's new sentences: the tile a
/// computer laid this turn, in words (a screen reader cannot see it); the
/// followers the wyvern veils when it flew this turn. `None` for nothing.
/// (The announcer says each once.)
pub fn announce_extra(game: &AnyGame, names: &[String], computers: &[bool]) -> Option<String> {
    let computer = |p: u8| computers.get(p as usize).copied().unwrap_or(false);
    match game {
        AnyGame::City(g) => {
            let last = g.events().last()?.turn;
            g.events()
                .iter()
                .rev()
                .take_while(|l| l.turn == last)
                .find_map(|l| match l.event {
                    engine::city::events::Event::TilePlaced {
                        player, tile, rot, ..
                    } if computer(player) => Some(i18n::msg::survey::computer_tile(
                        &city::describe::tile_words(g.catalogue(), tile, rot),
                    )),
                    _ => None,
                })
        }
        AnyGame::Classic(g) => {
            use engine::classic::events::Event;
            let last = g.events().last()?.turn;
            let mut out: Vec<String> = Vec::new();
            for l in g.events().iter().filter(|l| l.turn == last) {
                match l.event {
                    Event::TilePlaced { player, cell, .. } if computer(player) => {
                        if let Some(i) = g.board().tile_at(cell) {
                            out.push(i18n::msg::survey::computer_tile(
                                &classic::describe::board_tile_words(g, i),
                            ));
                        }
                    }
                    Event::WyvernMoved { to: Some(cell) } => {
                        if let Some(v) = classic::describe::veiled_words(g, cell, names) {
                            out.push(i18n::msg::survey::veils(&v));
                        }
                    }
                    _ => {}
                }
            }
            (!out.is_empty()).then(|| out.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::palette::PlayerColour;
    use engine::any::AnySetup;
    use engine::core::random;

    fn seats(n: usize) -> Vec<Seat> {
        (0..n)
            .map(|i| Seat {
                name: format!("P{i}"),
                colour: PlayerColour::ALL[i],
                computer: None,
            })
            .collect()
    }

    fn classic_game(seed: u64, tiles: usize) -> AnyGame {
        let cat = k::Catalogue::builtin().unwrap();
        let names = (0..3).map(|i| format!("P{i}")).collect();
        let expansions = k::Expansions::parse("city-gates old-city").unwrap();
        let mut setup =
            k::Setup::from_seed(cat, names, expansions, k::Options::default(), seed).unwrap();
        setup.deck.truncate(tiles);
        setup.seed = None;
        AnyGame::new(AnySetup::Classic(setup)).unwrap()
    }

    /// What the screens offer for the decision of `g`: each placement by its
    /// cell and rotation through `place_choice`, everything else as a target
    /// or a prompt button; each must be legal, and every legal choice must
    /// be offered.
    fn offered(g: &AnyGame, v: &GameView<AnyChoice>) -> Vec<AnyChoice> {
        let t = &v.base_targets;
        let mut out: Vec<AnyChoice> = v
            .placements
            .iter()
            .map(|&(cell, rot)| place_choice(g, t, cell, rot).expect("a placement's choice"))
            .collect();
        out.extend((0..t.focusable()).filter_map(|n| t.choice_at(n)));
        out.extend(v.prompt_base.buttons.iter().map(|b| b.choice));
        out
    }

    /// Classic games with both expansions, played through what the screens
    /// offer (a random one each time): every legal choice is offered and
    /// everything offered is legal, to the end of the game.
    #[test]
    fn the_screens_offer_exactly_the_legal_choices_of_classic_games() {
        for seed in 0..6u64 {
            let mut g = classic_game(seed, 30);
            let mut rng = random::choice_rng(seed);
            while !g.is_over() {
                let v = game_view_on(&g, &seats(3), Pointer::Mouse);
                let mut legal = g.legal_choices();
                let mut offer = offered(&g, &v);
                legal.sort_by_key(|c| format!("{c:?}"));
                offer.sort_by_key(|c| format!("{c:?}"));
                offer.dedup();
                assert_eq!(offer, legal, "seed {seed} at {}", g.decisions());
                if drawn_tile(&g).is_some() {
                    assert!(!v.placements.is_empty());
                }
                let c = legal[engine::core::rng::below(&mut rng, legal.len() as u64) as usize];
                g.play(c).unwrap();
            }
            assert!(!game_view_on(&g, &seats(3), Pointer::Mouse)
                .end_lines
                .is_empty());
        }
    }

    /// The City's view through the same layer: the same choices, wrapped.
    #[test]
    fn the_citys_view_is_its_own_adapters_with_wrapped_choices() {
        let cat = c::Catalogue::builtin().unwrap();
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let setup = c::Setup::from_seed(cat, names, 3, [8, 6, 6], c::Options::default()).unwrap();
        let mut g = c::Game::new(cat, setup).unwrap();
        random::play_out(&mut g, &mut random::choice_rng(3));
        let any = AnyGame::City(g.clone());
        for n in [0, 5, g.history().len() / 2, g.history().len()] {
            let (a, b) = (any.at(n), g.at(n));
            let wrapped = game_view_on(&a, &seats(2), Pointer::Mouse);
            let own = city::game_view_on(&b, &seats(2), Pointer::Mouse);
            assert_eq!(*wrapped.scene, *own.scene);
            assert_eq!(wrapped.placements, own.placements);
            assert_eq!(wrapped.base_targets, own.base_targets.map(AnyChoice::City));
            assert_eq!(wrapped.prompt_base, own.prompt_base.map(AnyChoice::City));
        }
    }

    /// The tiles left by type add up to the pile, fall as tiles are drawn
    /// and never count the tile in hand; with a short pile (a random part
    /// of the tiles in play) they are the tiles in play less those drawn,
    /// which the pile's own make-up (known to no player) never shows
    /// through, and the number still to draw is said apart.
    #[test]
    fn the_tiles_left_by_type_add_up_to_the_pile() {
        let total = |g: &AnyGame| -> u32 { tiles_by_type(g).unwrap().iter().map(|t| t.left).sum() };
        let whole = classic_game(9, 200);
        let in_play: u32 = tiles_by_type(&whole)
            .unwrap()
            .iter()
            .map(|t| t.in_play)
            .sum();
        let AnyGame::Classic(w) = &whole else {
            unreachable!()
        };
        assert!(!w.pile_is_short() && short_pile_left(&whole, true).is_none());
        assert_eq!(in_play as usize, w.tiles_left());
        for (seed, tiles) in [(9, 200), (9, 30), (10, 30)] {
            let mut g = classic_game(seed, tiles);
            let mut rng = random::choice_rng(9);
            while !g.is_over() {
                let AnyGame::Classic(k) = &g else {
                    unreachable!()
                };
                let hand = u32::from(k.in_hand().is_some());
                let drawn = k.drawn_tiles().len() as u32;
                let by_type = tiles_by_type(&g).unwrap();
                assert!(by_type.iter().all(|t| t.left <= t.in_play));
                if tiles < 200 {
                    // Every tile in play less the drawn, whatever the pile.
                    assert_eq!(total(&g) + drawn, in_play);
                    assert_eq!(
                        short_pile_left(&g, true),
                        Some(k.tiles_left() as u32 - hand)
                    );
                    assert_eq!(short_pile_left(&g, false), Some(k.tiles_left() as u32));
                    assert_eq!(by_type.iter().map(|t| t.in_play).sum::<u32>(), in_play);
                } else {
                    assert_eq!(total(&g) + hand, k.tiles_left() as u32);
                }
                // The tile in hand not known here: counted with the rest.
                let unknown: u32 = tiles_by_type_hand(&g, false)
                    .unwrap()
                    .iter()
                    .map(|t| t.left)
                    .sum();
                assert_eq!(unknown, total(&g) + hand);
                let legal = g.legal_choices();
                let c = legal[engine::core::rng::below(&mut rng, legal.len() as u64) as usize];
                g.play(c).unwrap();
            }
            let AnyGame::Classic(k) = &g else {
                unreachable!()
            };
            match tiles {
                200 => assert_eq!(total(&g), 0),
                _ => assert_eq!(total(&g), in_play - k.drawn_tiles().len() as u32),
            }
        }
        assert!(tiles_by_type(&AnyGame::City(
            c::Game::new(
                c::Catalogue::builtin().unwrap(),
                c::Setup::from_seed(
                    c::Catalogue::builtin().unwrap(),
                    vec!["A".into(), "B".into()],
                    1,
                    [8, 6, 6],
                    c::Options::default()
                )
                .unwrap()
            )
            .unwrap()
        ))
        .is_none());
    }

    #[test]
    fn tiles_of_the_two_games_have_their_own_picture_ids() {
        assert_eq!(
            tile_id(Ruleset::City, 0),
            format!("tile-{}", tile_name(Ruleset::City, 0))
        );
        assert!(tile_id(Ruleset::Classic, 0).starts_with("tile-c-"));
        assert!(tile_art(Ruleset::Classic, 0).is_some());
        assert!(!tile_words(Ruleset::Classic, 0, Rotation::ALL[0]).is_empty());
    }

    #[test]
    fn a_classic_download_holds_whole_turns_and_is_named_for_the_game() {
        let mut g = classic_game(4, 12);
        // Into the middle of a turn: the placement made, a step after it.
        while !g.is_over() {
            let c = g.legal_choices()[0];
            g.play(c).unwrap();
            if drawn_tile(&g).is_none() && g.decisions() > 6 {
                break;
            }
        }
        let (whole, name, note) = record_download(&g);
        assert!(name.starts_with("carcassonne-turn-"), "{name}");
        assert!(whole.decisions() < g.decisions());
        assert!(note.is_some());
        assert!(drawn_tile(&whole).is_some() || whole.is_over());
    }
}
