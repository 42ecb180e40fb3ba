//! The City's wall in the view's words and figures: the line a guard
//! watches and what it holds (R8.2, R12.3), the points a tower scores
//! (R9.2), and the wall's sides and ends by name. The targets, the prompt,
//! the log and the text view all speak of the wall this way.

use crate::words::cell_name;
use engine::city::walls::{self, End};
use engine::city::Game;
use engine::core::geom::{Cell, Dir, Side};
use i18n::msg::city_walls as m;

/// The points a tower at `end` scores itself (R9.2, R9.3): the pieces of
/// its arm back to the previous tower or the gate. Only the tower: when the
/// tower is the game's last action, the end of the game's scoring that
/// follows it is not the tower's.
pub fn tower_points(game: &Game, end: End) -> u32 {
    game.walls().tower_points(end)
}

/// A guard's line as the board and the prompt show it (R8.2, R12.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardLine {
    /// The cells of the line, from the piece inwards.
    pub cells: Vec<Cell>,
    pub public: u32,
    pub historic: u32,
    /// What it would score if the game ended now.
    pub points: u32,
}

impl GuardLine {
    /// "row" or "column": the piece's side says which.
    pub fn word(side: Side) -> &'static str {
        match side.dir {
            Dir::N | Dir::S => m::column(),
            Dir::E | Dir::W => m::row(),
        }
    }
}

/// The line a guard on the piece on `side` watches, and what it holds.
pub fn guard_line(game: &Game, side: Side) -> GuardLine {
    let cat = game.catalogue();
    let board = game.board();
    let line = walls::guard_line(board, side);
    let (mut public, mut historic) = (0, 0);
    let cells = line
        .iter()
        .map(|&i| {
            let p = board.placed()[i];
            let def = cat.get(p.tile);
            public += def.public_buildings();
            historic += def.historic_buildings();
            p.cell
        })
        .collect();
    GuardLine {
        cells,
        public,
        historic,
        points: 2 * public + 3 * historic,
    }
}

/// "the column of 3 tiles south of it: 1 public and no historic building".
pub(super) fn line_words(side: Side, l: &GuardLine) -> String {
    let (n, what) = (l.cells.len(), buildings(l.public, l.historic));
    match side.dir.opposite() {
        Dir::N => m::line_north(n, &what),
        Dir::E => m::line_east(n, &what),
        Dir::S => m::line_south(n, &what),
        Dir::W => m::line_west(n, &what),
    }
}

/// "1 public and 2 historic buildings", "no public or historic building".
pub(super) fn buildings(public: u32, historic: u32) -> String {
    match (public, historic) {
        (0, 0) => m::no_buildings().into(),
        (p, 0) => m::public(p),
        (0, h) => m::historic(h),
        (p, h) => m::public_and_historic(p, h),
    }
}

/// "the north side of 2,-1": in every language, the words that follow
/// "on" (in Italian, "sul lato…" itself; in Polish, the locative).
pub fn side_name(side: Side) -> String {
    let cell = cell_name(side.cell);
    match side.dir {
        Dir::N => m::side_north(&cell),
        Dir::E => m::side_east(&cell),
        Dir::S => m::side_south(&cell),
        Dir::W => m::side_west(&cell),
    }
}

/// A wall end in words, as it follows "the … end" or "the … arm" (in
/// English before "end"; in the other languages, after it).
pub fn end_name(e: End) -> &'static str {
    match e {
        End::Cw => m::clockwise(),
        End::Ccw => m::counter_clockwise(),
    }
}
