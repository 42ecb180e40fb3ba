//! The board surveyed for a player who cannot see it, after lichess's
//! blind mode: a row, a column, the 3×3 around a cell; the unfinished
//! features with their followers and open sides, all of them or a
//! player's; what a placement would join, complete and score before it is
//! made. The text view's questions (`command`) answer with these; each
//! ruleset tells its features through `TextGame::features`.

use crate::command::{TextGame, TextPlacement};
use crate::log::name;
use crate::words::{cell_name, turn_name};
use engine::core::geom::{Cell, Rotation};
use engine::core::sort;
use engine::TileGame;
use i18n::msg::survey as m;

/// An unfinished feature on the board, as the text view tells it.
#[derive(Clone, Debug, PartialEq)]
pub struct TextFeature {
    /// Its name, told apart from any other's: "the road of 3 tiles at 0,0
    /// (east)".
    pub name: String,
    /// Followers on it, per seat.
    pub followers: Vec<u8>,
    /// How it stands, after a comma: ", 1 side still open", ", complete"
    /// (empty when nothing is to say: a field).
    pub state: String,
    /// The cells of its tiles.
    pub cells: Vec<Cell>,
}

impl TextFeature {
    fn has_follower(&self) -> bool {
        self.followers.iter().any(|&n| n > 0)
    }

    /// "the city of 3 tiles at 0,0 (north): Ann, 1 side still open".
    pub fn words(&self, names: &[String]) -> String {
        let who: Vec<String> = self
            .followers
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(p, &n)| match n {
                1 => name(p as u8, names).to_string(),
                n => format!("{} ×{n}", name(p as u8, names)),
            })
            .collect();
        let who = match who.is_empty() {
            true => m::nobody().to_string(),
            false => who.join(", "),
        };
        m::item(&self.name, &who, &self.state)
    }
}

/// The tiles of one row (`y`), west to east, or of one column (`x`), north
/// to south (`tiles`: each placed tile's cell and words).
pub fn line_words(mut tiles: Vec<(Cell, String)>, row: Option<i32>, column: Option<i32>) -> String {
    tiles.retain(|(c, _)| row.is_none_or(|y| c.y == y) && column.is_none_or(|x| c.x == x));
    sort::sort_by(&mut tiles, |a, b| (a.0.y, a.0.x) < (b.0.y, b.0.x));
    let head = match (row, column) {
        (Some(y), _) if tiles.is_empty() => return m::row_none(&y.to_string()),
        (_, Some(x)) if tiles.is_empty() => return m::column_none(&x.to_string()),
        (Some(y), _) => i18n::msg::command::row(&y.to_string()),
        (_, Some(x)) => m::column(&x.to_string()),
        _ => String::new(),
    };
    let items: Vec<String> = tiles
        .iter()
        .map(|(c, w)| format!(" {}, {w}.", cell_name(*c)))
        .collect();
    format!("{head}{}", items.concat())
}

/// The 3×3 around `centre`, row by row from the north-west: each tile in
/// words, each empty space with the turns the tile in hand fits there.
pub fn around_words(game: &dyn TextGame, centre: Cell) -> String {
    let tiles = game.tiles();
    let places = game.placements();
    let mut out = m::around(&cell_name(centre));
    for dy in -1..=1 {
        for dx in -1..=1 {
            let cell = Cell::new(centre.x + dx, centre.y + dy);
            out.push(' ');
            match tiles.iter().find(|t| t.0 == cell) {
                Some((_, w)) => out.push_str(&format!("{}, {w}.", cell_name(cell))),
                None => {
                    let turns: Vec<String> = places
                        .iter()
                        .filter(|p| p.cell == cell)
                        .map(|p| turn_name(p.rot))
                        .collect();
                    out.push_str(&match turns.is_empty() {
                        true => m::empty(&cell_name(cell)),
                        false => m::empty_fits(&cell_name(cell), &turns.join(", ")),
                    });
                }
            }
        }
    }
    out
}

/// The unfinished features, or (`seat`) only those with a follower of that
/// seat's.
pub fn features_words(game: &dyn TextGame, names: &[String], seat: Option<u8>) -> String {
    let list: Vec<String> = game
        .features()
        .iter()
        .filter(|f| seat.is_none_or(|s| f.followers.get(s as usize).is_some_and(|&n| n > 0)))
        .map(|f| f.words(names))
        .collect();
    match (seat, list.is_empty()) {
        (None, true) => m::open_none().into(),
        (None, false) => m::open_list(&list.join("; ")),
        (Some(s), true) => m::mine_none(name(s, names)),
        (Some(s), false) => m::mine_list(name(s, names), &list.join("; ")),
    }
}

/// What placing the tile by `p` would do, before it is done: the features
/// with a follower it would join (after it is laid), then what the turn
/// would complete and score if no follower were put on it — the
/// chronicle's own sentences. (`G`: a ruleset's game; `no`: the choice
/// that says no at a decision of the same turn, if there is one.)
pub fn preview_words<G>(
    game: &G,
    names: &[String],
    p: &TextPlacement,
    no: impl Fn(&G) -> Option<G::Choice>,
) -> String
where
    G: TextGame + TileGame + Clone,
{
    let place = m::place(&cell_name(p.cell), &turn_name(p.rot));
    let place = match &p.wood {
        Some(w) => format!("{place} {w}"),
        None => place,
    };
    let Some(&choice) = game.legal_choices().get(p.choice) else {
        return String::new();
    };
    let before: usize = game.log_turns(names).iter().map(|t| t.lines.len()).sum();
    let seat = game.to_move();
    let mut after = game.clone();
    if after.play(choice).is_err() {
        return String::new();
    }
    let joined: Vec<String> = after
        .features()
        .iter()
        .filter(|f| f.cells.contains(&p.cell) && f.has_follower())
        .map(|f| f.words(names))
        .collect();
    // The rest of the turn, saying no to each follower, guesthouse or
    // guard: what completes and scores with the tile alone.
    for _ in 0..8 {
        if after.is_over() || after.to_move() != seat {
            break;
        }
        match no(&after) {
            Some(c) if after.play(c).is_ok() => {}
            _ => break,
        }
    }
    let lines: Vec<String> = after
        .log_turns(names)
        .iter()
        .flat_map(|t| t.lines.iter().map(|l| l.text.clone()))
        .skip(before)
        // (Its first sentence is the placement itself.)
        .skip(1)
        .collect();
    let mut what = match joined.is_empty() {
        true => m::joins_none().to_string(),
        false => m::joins(&joined.join("; ")),
    };
    what.push('.');
    for l in lines {
        what.push(' ');
        what.push_str(&l);
    }
    m::preview(&place, &what)
}

/// The placement a line names ("1,0 90", or "1,0" in the tile's turn now
/// or its first that fits), or why none.
pub fn placement_named(
    places: &[TextPlacement],
    cell: Cell,
    turn: Option<Rotation>,
    rot: Option<Rotation>,
) -> Option<&TextPlacement> {
    let fits: Vec<&TextPlacement> = places.iter().filter(|p| p.cell == cell).collect();
    match turn {
        Some(r) => fits.into_iter().find(|p| p.rot == r),
        None => fits
            .iter()
            .find(|p| Some(p.rot) == rot)
            .or(fits.first())
            .copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_and_a_column_list_their_tiles_in_order() {
        let tiles = vec![
            (Cell::new(1, 0), "B".to_string()),
            (Cell::new(0, -1), "A".into()),
            (Cell::new(0, 0), "C".into()),
        ];
        assert_eq!(
            line_words(tiles.clone(), Some(0), None),
            "Row 0: 0,0, C. 1,0, B."
        );
        assert_eq!(
            line_words(tiles.clone(), None, Some(0)),
            "Column 0: 0,-1, A. 0,0, C."
        );
        assert_eq!(line_words(tiles, Some(5), None), "Row 5: no tile.");
    }
}
