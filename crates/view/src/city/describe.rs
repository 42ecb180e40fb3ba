//! The City in words, for the text view (screen readers, and anyone who
//! prefers to read): a tile's features and the sides they reach, the board
//! tile by tile, the followers in play, the wall with its towers and
//! guards, and what may be done now, each option with the short word that
//! takes it when typed (`command`); and a hint's suggestion.

use super::panel::projected;
use super::targets::{choice_targets, follower_label, ring_words};
use super::walls::{end_name, guard_line, line_words, side_name, tower_points};
use crate::command::{no_last, TextOption};
use crate::log::name;
use crate::survey::TextFeature;
use crate::words::{cell_name, dir_name, dirs_words, list_words, turn_name};
use engine::city::tiles::Goods;
use engine::city::tiles::{Catalogue, RegionKind, TileType};
use engine::city::walls::End;
use engine::city::{Choice, Game, Role};
use engine::core::geom::{Cell, Dir, Rotation};
use engine::TileGame;
use i18n::msg::city_describe as m;
use i18n::msg::survey;

/// A tile's features turned by `rot`, one clause each: "a street from
/// north to south; a fish market on the east; a residential area with 1
/// public building on the west".
pub fn tile_words(cat: &Catalogue, tile: TileType, rot: Rotation) -> String {
    let def = cat.get(tile);
    // Streets, then markets, then residential areas.
    let mut clauses: [Vec<String>; 3] = Default::default();
    let mut crossing = 0u8;
    for (r, region) in def.regions.iter().enumerate() {
        let reach = def.reach(rot, r as u8);
        match &region.kind {
            RegionKind::Street if def.crossing => crossing |= reach,
            RegionKind::Street => {
                let ends: Vec<Dir> = Dir::ALL
                    .into_iter()
                    .filter(|d| reach & (1 << d.index()) != 0)
                    .collect();
                let text = match ends.as_slice() {
                    [a, b] => m::street_from_to(dir_name(*a), dir_name(*b)),
                    [a] => m::street_ending(dir_name(*a)),
                    _ => m::street_reaching(&dirs_words(reach)),
                };
                clauses[0].push(text);
            }
            RegionKind::Market(g) => clauses[1].push(match g {
                Goods::Fish => m::fish_market(&dirs_words(reach)),
                Goods::Grain => m::grain_market(&dirs_words(reach)),
                Goods::Livestock => m::livestock_market(&dirs_words(reach)),
            }),
            RegionKind::Residential { public, historic } => {
                let mut with = Vec::new();
                if *public > 0 {
                    with.push(i18n::msg::city_walls::public(*public as u32));
                }
                if let Some(h) = historic {
                    with.push(m::the_historic(h));
                }
                clauses[2].push(match list_words(&with) {
                    None => m::residential(&dirs_words(reach)),
                    Some(with) => m::residential_with(&with, &dirs_words(reach)),
                });
            }
        }
    }
    if crossing != 0 {
        clauses[0].push(m::crossing(&dirs_words(crossing)));
    }
    clauses.concat().join("; ")
}

/// What stands on the tile at a cell: the tile and how it lies, its
/// followers, and the wall pieces along it; `None` for an empty space.
pub fn cell_words(game: &Game, cell: Cell, names: &[String]) -> Option<String> {
    let cat = game.catalogue();
    let board = game.board();
    let i = board.tile_at(cell)?;
    let p = board.placed()[i];
    let mut text = format!("{}.", tile_words(cat, p.tile, p.rot));
    for f in game.followers().iter().filter(|f| f.tile == i) {
        let who = name(f.player, names);
        text.push(' ');
        text.push_str(&match f.role {
            Role::Citizen => m::citizen_stands(who),
            Role::Seller => m::seller_stands(who),
            Role::Steward => m::steward_stands(who),
        });
    }
    let walls = game.walls();
    for d in Dir::ALL {
        let side = engine::core::geom::Side::new(cell, d);
        if walls.gate == Some(side) {
            text.push(' ');
            text.push_str(match d {
                Dir::N => m::gate_north(),
                Dir::E => m::gate_east(),
                Dir::S => m::gate_south(),
                Dir::W => m::gate_west(),
            });
        } else if let Some(k) = walls.piece_on(side) {
            text.push(' ');
            text.push_str(&match walls.pieces[k].guard {
                Some(g) => {
                    let who = name(g, names);
                    match d {
                        Dir::N => m::wall_north_guard(who),
                        Dir::E => m::wall_east_guard(who),
                        Dir::S => m::wall_south_guard(who),
                        Dir::W => m::wall_west_guard(who),
                    }
                }
                None => match d {
                    Dir::N => m::wall_north(),
                    Dir::E => m::wall_east(),
                    Dir::S => m::wall_south(),
                    Dir::W => m::wall_west(),
                }
                .to_string(),
            });
        }
    }
    Some(text)
}

/// The followers on the board: whose, where, on what, and how that feature
/// stands.
pub fn followers_words(game: &Game, names: &[String]) -> String {
    let placed = game.board().placed();
    let mut out = Vec::new();
    for f in game.followers() {
        let p = placed[f.tile];
        let feature = game.feature_of(f.tile, f.region);
        let state = if feature.kind() == engine::city::tiles::FeatureKind::Residential {
            String::new()
        } else if feature.open == 0 {
            format!(", {}", m::complete())
        } else {
            format!(", {}", m::still_open(feature.open as u32))
        };
        let (who, cell, tiles) = (
            name(f.player, names),
            cell_name(p.cell),
            feature.tile_count(),
        );
        out.push(match f.role {
            Role::Citizen => m::citizen_at(who, &cell, tiles, &state),
            Role::Seller => m::seller_at(who, &cell, tiles, &state),
            Role::Steward => m::steward_at(who, &cell, tiles, &state),
        });
    }
    for piece in &game.walls().pieces {
        if let Some(g) = piece.guard {
            let l = guard_line(game, piece.side);
            out.push(m::guard_watches(
                name(g, names),
                &side_name(piece.side),
                &line_words(piece.side, &l),
                l.points,
            ));
        }
    }
    if out.is_empty() {
        return m::no_follower().into();
    }
    out.join(" ")
}

/// The wall: the gate, each arm and where it goes on, towers, the gap and
/// the supply.
pub fn walls_words(game: &Game, names: &[String]) -> String {
    let w = game.walls();
    let Some(gate) = w.gate else {
        return m::no_wall(w.supply);
    };
    let mut out = m::gate_is_on(&side_name(gate));
    for e in End::BOTH {
        let pieces = w.arm_len(e) as u32;
        out.push(' ');
        out.push_str(&match game.next_wall_side(e) {
            Some(s) => m::arm_next(end_name(e), pieces, &side_name(s)),
            None => m::arm(end_name(e), pieces),
        });
    }
    for t in &w.towers {
        let corner = format!("{},{}", t.vertex.x, t.vertex.y);
        out.push(' ');
        out.push_str(&m::tower(name(t.owner, names), &corner, t.points));
    }
    out.push(' ');
    out.push_str(&m::gap(game.gap().unwrap_or(0), w.supply));
    out
}

/// The scores, with what each player has left.
pub fn scores_words(game: &Game, names: &[String]) -> String {
    let projected = projected(game);
    let v: Vec<String> = game
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            m::score_of(
                name(i as u8, names),
                p.score,
                projected.get(i).copied().unwrap_or(p.score),
                &m::followers(p.supply as u32),
                &m::towers(p.towers as u32),
            )
        })
        .collect();
    m::scores(&v.join(", "))
}

/// What may be done now, except placing the tile: numbered, or by name
/// for the wall's ends, guards and "no".
pub fn options(game: &Game) -> Vec<TextOption> {
    let legal = game.legal_choices();
    let rings = choice_targets(game, &legal, &[]);
    let mut out = Vec::new();
    let mut n = 0;
    let mut number = || {
        n += 1;
        n.to_string()
    };
    for (i, &c) in legal.iter().enumerate() {
        let (key, words) = match c {
            Choice::Place { .. } => continue,
            Choice::Follower(None) => ("no".to_string(), m::opt_no_follower().to_string()),
            Choice::Follower(Some(r)) => (
                number(),
                rings
                    .ring_words(&c)
                    .map_or_else(|| follower_label(game, r), String::from),
            ),
            Choice::Gate(side) => (number(), m::opt_gate(&side_name(side))),
            Choice::Wall(e) => (
                e.name().to_string(),
                match game.next_wall_side(e) {
                    Some(s) => m::opt_piece_on(end_name(e), &side_name(s)),
                    None => m::opt_piece(end_name(e)),
                },
            ),
            Choice::Guard(true) => {
                let words = match game.walls().pieces.last() {
                    Some(p) => {
                        let l = guard_line(game, p.side);
                        m::opt_guard_line(&line_words(p.side, &l), l.points)
                    }
                    None => m::opt_guard().into(),
                };
                ("yes".to_string(), words)
            }
            Choice::Guard(false) => ("no".to_string(), m::opt_no_guard().to_string()),
            Choice::Tower(Some(e)) => (
                e.name().to_string(),
                m::opt_tower(end_name(e), tower_points(game, e)),
            ),
            Choice::Tower(None) => ("no".to_string(), m::opt_no_tower().to_string()),
        };
        out.push(TextOption {
            key,
            also: "",
            words,
            choice: i,
        });
    }
    no_last(&mut out);
    out
}

/// A choice of `game`'s decision in words, for hints: where the tile goes
/// and how it is turned, what a follower would stand on, which side or end.
pub fn hint_words(game: &Game, c: Choice) -> String {
    match c {
        Choice::Place { cell, rot } => m::hint_place(&cell_name(cell), &turn_name(rot)),
        Choice::Follower(None) => m::hint_keep().into(),
        Choice::Follower(Some(r)) => {
            m::hint_put(&ring_words(game, c).unwrap_or_else(|| follower_label(game, r)))
        }
        Choice::Gate(side) => m::hint_gate(&side_name(side)),
        Choice::Wall(e) => m::hint_wall(end_name(e)),
        Choice::Guard(true) => m::hint_guard().into(),
        Choice::Guard(false) => m::hint_no_guard().into(),
        Choice::Tower(Some(e)) => m::hint_tower(end_name(e)),
        Choice::Tower(None) => m::hint_no_tower().into(),
    }
}

/// The unfinished features on the board (`TextGame::features`): streets
/// and markets, and residential areas that have a steward; each named
/// apart (its first tile's cell and the sides its region there reaches),
/// with its followers and its open sides.
pub fn features(game: &Game) -> Vec<TextFeature> {
    use engine::city::tiles::FeatureKind as K;
    let placed = game.board().placed();
    let cat = game.catalogue();
    let seats = game.players().len();
    let mut seen: Vec<(usize, u8)> = Vec::new();
    let mut out = Vec::new();
    for (i, p) in placed.iter().enumerate() {
        let def = cat.get(p.tile);
        for r in 0..def.regions.len() as u8 {
            if seen.contains(&(i, r)) {
                continue;
            }
            let parts = game.feature_regions(i, r);
            seen.extend(parts.iter().copied());
            let f = game.feature_of(i, r);
            let followers: Vec<u8> = f.followers.iter().take(seats).copied().collect();
            let claimed = followers.iter().any(|&n| n > 0);
            let kind = f.kind();
            if f.done || (kind == K::Residential && !claimed) {
                continue;
            }
            let first = parts.iter().min().copied().unwrap_or((i, r));
            let fp = placed[first.0];
            let reach = cat.get(fp.tile).reach(fp.rot, first.1);
            let at = i18n::msg::words::cell_reach(&cell_name(fp.cell), &dirs_words(reach));
            let mut cells: Vec<Cell> = parts.iter().map(|&(t, _)| placed[t].cell).collect();
            cells.dedup();
            let tiles = f.tile_count();
            let state = match (kind, f.open) {
                (K::Residential, _) => String::new(),
                (_, 0) => format!(", {}", m::complete()),
                (_, n) => format!(", {}", m::still_open(n as u32)),
            };
            let name = match kind {
                K::Street => survey::street(tiles, &at),
                K::Market => survey::market(tiles, &at),
                K::Residential => survey::residential(tiles, &at),
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
