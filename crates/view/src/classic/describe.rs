//! Classic Carcassonne in words, for the text view (screen readers, and
//! anyone who prefers to read) and the keyboard's announcements: a tile's
//! features, what stands on a space, the followers in play, the scores,
//! what may be done now, each option with the word that takes it when typed
//! (`command`); and a hint's suggestion.

use super::log::{at_words, reach_words};
use super::targets::{
    axis_words, choice_targets, follower_label, guesthouse_label, ring_words, wood_words,
};
use crate::command::{no_last, TextOption};
use crate::log::name;
use crate::survey::TextFeature;
use crate::words::{cell_name, dir_name, dirs_words, turn_name};
use engine::classic::events::FeatureAt;
use engine::classic::old_city::{BRIDGE, GATE, GUESTHOUSE, WALL};
use engine::classic::{Catalogue, Cell, Choice, FeatureKind, Game, RegionKind, Rotation, TileType};
use engine::core::geom::RING;
use engine::TileGame;
use i18n::msg::classic_describe as m;
use i18n::msg::survey;

/// A classic tile's features turned by `rot`, one clause each: "a city on
/// the north with a pennant; a road from east to west; a cloister".
pub fn tile_words(cat: &Catalogue, tile: TileType, rot: Rotation) -> String {
    let def = cat.get(tile);
    let mut clauses: Vec<String> = Vec::new();
    for (r, region) in def.regions.iter().enumerate() {
        let reach = def.reach(rot, r as u8);
        let text = match region.kind {
            // (Behind four gates: a city that reaches no side.)
            RegionKind::City { pennants: 0, .. } if reach == 0 => m::tile_city_middle().into(),
            RegionKind::City { pennants: 0, .. } => m::tile_city(&dirs_words(reach)),
            RegionKind::City { pennants, .. } => {
                m::tile_city_pennants(&dirs_words(reach), pennants)
            }
            RegionKind::Road { bridge: false } => m::tile_road(&dirs_words(reach)),
            RegionKind::Road { bridge: true } => m::tile_bridge_road(&dirs_words(reach)),
            RegionKind::Cloister { .. } => m::tile_cloister().into(),
            RegionKind::Gate { .. } => m::tile_gate(&dirs_words(reach)),
            RegionKind::Field => continue,
        };
        clauses.push(text);
    }
    if clauses.is_empty() {
        clauses.push(m::fields_only().into());
    }
    clauses.join("; ")
}

/// Whether a tile of type `tile` is Old City's plaza tile (O2.3: tile C's
/// city is the plaza city, marked with a fountain, under proportional
/// scoring).
pub fn is_plaza(game: &Game, tile: TileType) -> bool {
    game.parts().proportional && game.catalogue().by_id("C") == Some(tile)
}

/// A placed tile in words for the board: its features, the bridge across
/// it, the plaza's mark.
pub fn board_tile_words(game: &Game, i: usize) -> String {
    let p = game.board().placed()[i];
    let mut text = tile_words(game.catalogue(), p.tile, p.rot);
    if let Some(a) = game.bridge_on(i) {
        text.push_str("; ");
        text.push_str(&m::board_bridge(axis_words(a)));
    }
    if is_plaza(game, p.tile) {
        text.push_str("; ");
        text.push_str(m::board_plaza());
    }
    text
}

/// A choice of `game`'s decision in words, for hints: where the tile goes,
/// turned how, with the wood it spends; what a follower or the guesthouse
/// would stand on; the wyvern's tile.
pub fn hint_words(game: &Game, c: Choice) -> String {
    match c {
        Choice::Place(p) => match wood_words(p.wood) {
            Some(w) => m::hint_place_wood(&cell_name(p.cell), &turn_name(p.rot), &w),
            None => m::hint_place(&cell_name(p.cell), &turn_name(p.rot)),
        },
        Choice::Follower(None) => m::hint_keep().into(),
        Choice::Follower(Some(s)) => {
            m::hint_put(&ring_words(game, c).unwrap_or_else(|| follower_label(game, s).1))
        }
        Choice::Guesthouse(None) => m::hint_no_guesthouse().into(),
        Choice::Guesthouse(Some(s)) => {
            m::hint_put(&ring_words(game, c).unwrap_or_else(|| guesthouse_label(game, s)))
        }
        Choice::Wyvern(cell) => m::hint_wyvern(&cell_name(cell)),
    }
}

/// What stands on the tile at a cell: the tile as it lies, Old City's wood
/// on and beside it, the followers and the guesthouse on it, the wyvern;
/// `None` for an empty space.
pub fn cell_words(game: &Game, cell: Cell, names: &[String]) -> Option<String> {
    let cat = game.catalogue();
    let i = game.board().tile_at(cell)?;
    let p = game.board().placed()[i];
    let def = cat.get(p.tile);
    let mut text = format!("{}.", tile_words(cat, p.tile, p.rot));
    if let Some(a) = game.bridge_on(i) {
        text.push(' ');
        text.push_str(&m::cell_bridge(axis_words(a)));
    }
    for r in game.records().iter().filter(|r| r.placement.cell == cell) {
        let w = r.placement.wood;
        if let Some(d) = w.wall {
            text.push(' ');
            text.push_str(&m::cell_wall(dir_name(d)));
        }
        if let Some(d) = w.gate {
            text.push(' ');
            text.push_str(&m::cell_gate(dir_name(d)));
        }
    }
    // How many regions of each kind the tile has: a follower on one of
    // several is told by the sides its region reaches.
    let several = |role: FeatureKind| {
        (0..def.regions.len())
            .filter(|&r| def.kind(r as u8).and_then(|k| k.feature()) == Some(role))
            .count()
            > 1
    };
    for f in game.followers().iter().filter(|f| f.tile == i) {
        let who = name(f.player, names);
        let reach = || reach_words(def.reach(p.rot, f.region));
        text.push(' ');
        text.push_str(&match (def.kind(f.region), f.role) {
            (None, _) => m::cell_thief_bridge(who),
            (_, FeatureKind::Road) if several(f.role) => m::cell_thief_at(who, &reach()),
            (_, FeatureKind::Road) => m::cell_thief(who),
            (_, FeatureKind::City) if several(f.role) => m::cell_knight_at(who, &reach()),
            (_, FeatureKind::City) => m::cell_knight(who),
            (_, FeatureKind::Cloister) => m::cell_monk(who),
            (_, FeatureKind::Field) if several(f.role) => m::cell_farmer_at(who, &reach()),
            (_, FeatureKind::Field) => m::cell_farmer(who),
        });
    }
    if game.guesthouses().iter().any(|g| g.0 == i) {
        text.push(' ');
        text.push_str(m::cell_guesthouse());
    }
    if is_plaza(game, p.tile) {
        text.push(' ');
        text.push_str(m::cell_plaza());
    }
    if game.wyvern() == Some(cell) {
        text.push(' ');
        text.push_str(m::cell_wyvern());
    }
    Some(text)
}

/// The followers on the board: whose, where, on what, and how that feature
/// stands (the sides a road or a city still has open; veiled by the wyvern).
pub fn followers_words(game: &Game, names: &[String]) -> String {
    let placed = game.board().placed();
    let out: Vec<String> = game
        .followers()
        .iter()
        .map(|f| {
            let cell = placed[f.tile].cell;
            let feature = game.feature_of(f.tile, f.region);
            let mut rest = match f.role {
                FeatureKind::Road | FeatureKind::City if feature.open > 0 => {
                    m::still_open(feature.open as u32)
                }
                _ => String::new(),
            };
            if game.wyvern() == Some(cell) {
                rest.push_str(m::veiled());
            }
            let (who, at) = (name(f.player, names), cell_name(cell));
            let (tiles, pennants) = (feature.tile_count(), feature.data.pennants as u32);
            match f.role {
                FeatureKind::Road => m::follower_thief(who, &at, tiles, &rest),
                FeatureKind::City if pennants > 0 => {
                    m::follower_knight_pennants(who, &at, tiles, &m::pennants(pennants), &rest)
                }
                FeatureKind::City => m::follower_knight(who, &at, tiles, &rest),
                FeatureKind::Cloister => m::follower_monk(who, &at, &rest),
                FeatureKind::Field => m::follower_farmer(who, &at, tiles, &rest),
            }
        })
        .collect();
    if out.is_empty() {
        return m::no_follower().into();
    }
    out.join(" ")
}

/// The scores, with what each player has left: followers, Old City's coins
/// and pieces.
pub fn scores_words(game: &Game, names: &[String]) -> String {
    let projected = game.projected_scores();
    let parts = game.parts();
    let v: Vec<String> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut left = m::followers_left(p.supply as u32);
            if parts.coins {
                left += ", ";
                left += &m::coins(p.coins as u32);
            }
            let unused: Vec<&str> = [
                (BRIDGE, m::piece_bridge()),
                (WALL, m::piece_wall()),
                (GATE, m::piece_gate()),
                (GUESTHOUSE, m::piece_guesthouse()),
            ]
            .iter()
            .filter(|(bit, _)| p.pieces & bit != 0)
            .map(|(_, piece)| *piece)
            .collect();
            if !unused.is_empty() {
                left += "; ";
                left += &m::unused(&unused.join(", "));
            }
            m::score_line(
                name(i as u8, names),
                p.score,
                projected.get(i).copied().unwrap_or(p.score),
                &left,
            )
        })
        .collect();
    m::scores(&v.join(", "))
}

/// The followers on the tile at `cell` (the wyvern's, veiled there), in
/// words: "Ann's thief and Bob's farmer"; `None` for none.
pub fn veiled_words(game: &Game, cell: Cell, names: &[String]) -> Option<String> {
    let placed = game.board().placed();
    let veils: Vec<String> = game
        .followers()
        .iter()
        .filter(|f| placed.get(f.tile).is_some_and(|p| p.cell == cell))
        .map(|f| {
            let who = name(f.player, names);
            match f.role {
                FeatureKind::Road => m::whose_thief(who),
                FeatureKind::City => m::whose_knight(who),
                FeatureKind::Cloister => m::whose_monk(who),
                FeatureKind::Field => m::whose_farmer(who),
            }
        })
        .collect();
    (!veils.is_empty()).then(|| veils.join(&format!(" {} ", m::and())))
}

/// What may be done now, except placing the tile: the guesthouse's roads
/// and the followers' spots numbered (a follower also by its piece, when
/// it is the only one), the wyvern's tiles by their space, and "no".
pub fn options(game: &Game, names: &[String]) -> Vec<TextOption> {
    let mut out = Vec::new();
    let mut n = 0;
    let mut number = || {
        n += 1;
        n.to_string()
    };
    let legal = game.legal_choices();
    let rings = choice_targets(game, &legal, &[]);
    let ring = |c: Choice| rings.ring_words(&c).unwrap_or_default().to_string();
    for (i, &c) in legal.iter().enumerate() {
        let (key, also, words) = match c {
            Choice::Place(_) => continue,
            Choice::Guesthouse(None) => ("no".into(), "", m::no_guesthouse().into()),
            Choice::Guesthouse(Some(_)) => (number(), "guesthouse", ring(c)),
            Choice::Follower(None) => ("no".into(), "", m::no_follower_option().into()),
            Choice::Follower(Some(s)) => (number(), follower_label(game, s).0, ring(c)),
            Choice::Wyvern(cell) => {
                let words = match veiled_words(game, cell, names) {
                    None => m::wyvern_tile(&cell_name(cell)),
                    Some(veils) => m::wyvern_tile_veiling(&cell_name(cell), &veils),
                };
                (cell_name(cell), "", words)
            }
        };
        out.push(TextOption {
            key,
            also,
            words,
            choice: i,
        });
    }
    no_last(&mut out);
    out
}

/// The unfinished features on the board (`TextGame::features`): roads,
/// cities and cloisters, and fields that have a follower; each named apart
/// (its first tile's cell and the sides its region there reaches), with
/// its followers and its open sides (a cloister's: the empty spaces round
/// it).
pub fn features(game: &Game) -> Vec<TextFeature> {
    let placed = game.board().placed();
    let cat = game.catalogue();
    let seats = game.players().len();
    let mut seen: Vec<(usize, u8)> = Vec::new();
    let mut out = Vec::new();
    for (i, p) in placed.iter().enumerate() {
        let def = cat.get(p.tile);
        let bridge = game.bridge_on(i).map(|_| def.bridge_region());
        let regions = (0..def.regions.len() as u8).chain(bridge);
        for r in regions {
            if seen.contains(&(i, r)) {
                continue;
            }
            let kind = match def.kind(r) {
                Some(k) => k.feature(),
                None if Some(r) == bridge => Some(FeatureKind::Road),
                None => None,
            };
            let Some(kind) = kind else { continue };
            let parts = game.feature_regions(i, r);
            seen.extend(parts.iter().copied());
            let f = game.feature_of(i, r);
            let followers: Vec<u8> = f.followers.iter().take(seats).copied().collect();
            let claimed = followers.iter().any(|&n| n > 0);
            if f.done || (kind == FeatureKind::Field && !claimed) {
                continue;
            }
            let first = parts.iter().min().copied().unwrap_or((i, r));
            let at = at_words(
                game,
                kind,
                FeatureAt {
                    cell: placed[first.0].cell,
                    region: first.1,
                },
            );
            let mut cells: Vec<Cell> = parts.iter().map(|&(t, _)| placed[t].cell).collect();
            cells.dedup();
            let tiles = f.tile_count();
            let (name, state) = match kind {
                FeatureKind::Road => (survey::road(tiles, &at), open_state(f.open)),
                FeatureKind::City => (survey::city(tiles, &at), open_state(f.open)),
                FeatureKind::Field => (survey::field(tiles, &at), String::new()),
                FeatureKind::Cloister => {
                    let empty = RING
                        .iter()
                        .filter(|d| {
                            game.board()
                                .tile_at(Cell::new(p.cell.x + d.0, p.cell.y + d.1))
                                .is_none()
                        })
                        .count() as u32;
                    let state = match empty {
                        0 => format!(", {}", survey::complete()),
                        n => format!(", {}", survey::around_empty(n)),
                    };
                    (survey::cloister(&at), state)
                }
            };
            out.push(TextFeature {
                name,
                followers,
                state,
                cells,
            });
        }
    }
    out
}

/// ", 2 sides still open", or ", complete" (not scored yet).
fn open_state(open: u16) -> String {
    match open {
        0 => format!(", {}", survey::complete()),
        n => m::still_open(n as u32),
    }
}

/// The tiles in the pile by type, in words: how many of each, described
/// unturned ("3 × a city on the north; a road from east to west"). With a
/// short pile, how many are still to draw and the tiles they may be.
pub fn tiles_left_words(game: &Game) -> String {
    let counts = game.tiles_to_come(true);
    let to_draw = game.tiles_left() as u32 - u32::from(game.in_hand().is_some());
    match (to_draw, game.pile_is_short()) {
        (0, _) => survey::tiles_none().into(),
        (n, true) => survey::tiles_short(n, &tile_list(game, &counts)),
        (n, false) => survey::tiles_left(n, &tile_list(game, &counts)),
    }
}

/// The same while the tile in hand is not known here (a fair game waiting
/// for another device's reveal): that tile counted with the pile, its type
/// not told apart.
pub fn tiles_unseen_words(game: &Game) -> String {
    let counts = game.tiles_to_come(false);
    match (game.tiles_left() as u32, game.pile_is_short()) {
        (0, _) => survey::tiles_none().into(),
        (n, true) => survey::tiles_short_unseen(n, &tile_list(game, &counts)),
        (n, false) => survey::tiles_unseen(n, &tile_list(game, &counts)),
    }
}

/// "2 × a road…. 1 × a city…": each type still to come with its count.
fn tile_list(game: &Game, counts: &[u32]) -> String {
    let cat = game.catalogue();
    let list: Vec<String> = counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(t, &n)| format!("{n} × {}", tile_words(cat, t as TileType, Rotation::ALL[0])))
        .collect();
    // (Each tile's clauses are joined by semicolons; the tiles by stops.)
    list.join(". ")
}
