//! Placed tiles on a bounded grid, the frontier of cells a tile may go to,
//! cells no tile may take (blocked), and, when asked for, which empty cells
//! are exterior and which are holes, with the outline between tiles and the
//! exterior (The City's R2.3, R2.4 and R3.4 use them).
//!
//! Pure geometry: no rule of either game beyond what "exterior" means.

use super::geom::{Cell, Dir, Rotation, Side, Vertex, RING};
use super::roomy::RoomyVec;
use super::shape::TileType;
use std::cell::RefCell;

const EXTERIOR: u8 = 0;
const HOLE: u8 = 1;
/// Cell values from TILE_BASE up are placed tile indices + TILE_BASE.
const TILE_BASE: u8 = 2;

const BLOCKED: u8 = 1;
const IN_FRONTIER: u8 = 2;

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub tile: TileType,
    pub rot: Rotation,
    pub cell: Cell,
}

/// A grid of cells from -HALF to HALF-1 on each axis (a game of n tiles
/// from (0,0) needs HALF > n + 3).
///
/// Only a window round the placed tiles is stored (it grows as they
/// spread): a search copies the game thousands of times per decision, and
/// a whole 200×200 grid made each copy cost more than the rest of the
/// game. Cells outside the window are exterior, unblocked, not frontier.
#[derive(Clone, Debug)]
pub struct Grid<const HALF: i32> {
    /// Keep exterior, holes and the outline up to date (The City only).
    track_outline: bool,
    window: Window,
    placed: RoomyVec<Placed>,
    frontier: Vec<Cell>,
    min: Cell,
    max: Cell,
    any_blocked: bool,
    /// Sides between a tile and an exterior cell (R2.4), kept up to date.
    outline_sides: usize,
    /// `keeps_blocked_exterior`'s answers for this board state, per empty
    /// cell asked about (R3.4: would a tile there leave a blocked cell in a
    /// pocket?). Its flood fill is dear, and the same board is asked about
    /// the same cells again: listing placements, checking the one played,
    /// the copies a search makes (the memo goes with them). Cleared
    /// whenever a tile or a blocked cell changes the board.
    keeps_blocked_exterior_memo: RefCell<Vec<(Cell, bool)>>,
}

/// What the grid knows of one cell.
#[derive(Clone, Copy, Debug, Default)]
struct Square {
    /// EXTERIOR, HOLE, or a placed tile's index + TILE_BASE.
    cell: u8,
    /// BLOCKED (the outer cell of a wall piece or the gate: no tile may go
    /// there, R3.3) and IN_FRONTIER bits.
    flags: u8,
}

/// The stored rectangle of squares; `lo` is the cell of index 0.
#[derive(Clone, Debug)]
struct Window {
    lo: Cell,
    width: i32,
    height: i32,
    squares: Vec<Square>,
}

/// Cells kept round a written cell when the window grows.
const WINDOW_MARGIN: i32 = 6;

impl Window {
    fn around_origin() -> Window {
        let side = 2 * WINDOW_MARGIN + 1;
        Window {
            lo: Cell::new(-WINDOW_MARGIN, -WINDOW_MARGIN),
            width: side,
            height: side,
            squares: vec![Square::default(); (side * side) as usize],
        }
    }

    fn index(&self, c: Cell) -> Option<usize> {
        let (x, y) = (c.x - self.lo.x, c.y - self.lo.y);
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then_some((y * self.width + x) as usize)
    }

    fn get(&self, c: Cell) -> Square {
        self.index(c).map_or(Square::default(), |i| self.squares[i])
    }

    /// The square of `c`, the window grown (never shrunk) to hold it with a
    /// margin, so that growing is rare.
    fn get_mut(&mut self, c: Cell) -> &mut Square {
        if self.index(c).is_none() {
            let hi = Cell::new(self.lo.x + self.width - 1, self.lo.y + self.height - 1);
            let lo = Cell::new(
                self.lo.x.min(c.x - WINDOW_MARGIN),
                self.lo.y.min(c.y - WINDOW_MARGIN),
            );
            let hi = Cell::new(hi.x.max(c.x + WINDOW_MARGIN), hi.y.max(c.y + WINDOW_MARGIN));
            let (width, height) = (hi.x - lo.x + 1, hi.y - lo.y + 1);
            let mut squares = vec![Square::default(); (width * height) as usize];
            let (dx, dy) = ((self.lo.x - lo.x) as usize, (self.lo.y - lo.y) as usize);
            let w = self.width as usize;
            for (y, row) in self.squares.chunks_exact(w).enumerate() {
                let to = (y + dy) * width as usize + dx;
                squares[to..to + w].copy_from_slice(row);
            }
            *self = Window {
                lo,
                width,
                height,
                squares,
            };
        }
        let i = self.index(c).expect("the window was grown to hold c");
        &mut self.squares[i]
    }
}

impl<const HALF: i32> Grid<HALF> {
    /// An empty grid; `track_outline` keeps exterior, holes and the outline
    /// up to date as tiles are placed (it costs a little on every placement).
    pub fn new(track_outline: bool) -> Self {
        Grid {
            track_outline,
            window: Window::around_origin(),
            placed: RoomyVec::new(),
            frontier: Vec::new(),
            min: Cell::ORIGIN,
            max: Cell::ORIGIN,
            any_blocked: false,
            outline_sides: 0,
            keeps_blocked_exterior_memo: RefCell::new(Vec::new()),
        }
    }

    /// Whether `c` lies on the grid (-HALF..HALF on each axis).
    fn on_grid(c: Cell) -> bool {
        (-HALF..HALF).contains(&c.x) && (-HALF..HALF).contains(&c.y)
    }

    /// The square of `c` (exterior, no flags outside the window); None off
    /// the grid.
    fn square(&self, c: Cell) -> Option<Square> {
        Self::on_grid(c).then(|| self.window.get(c))
    }

    /// The square of `c` to write; None off the grid.
    fn square_mut(&mut self, c: Cell) -> Option<&mut Square> {
        Self::on_grid(c).then(|| self.window.get_mut(c))
    }

    /// Cells near the edge of the grid are never offered, so every look-up of
    /// a neighbour stays in range.
    pub fn in_range(c: Cell) -> bool {
        (-HALF + 3..HALF - 3).contains(&c.x) && (-HALF + 3..HALF - 3).contains(&c.y)
    }

    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// The index (in placement order) of the tile at `c`.
    pub fn tile_at(&self, c: Cell) -> Option<usize> {
        let v = self.square(c)?.cell;
        (v >= TILE_BASE).then(|| (v - TILE_BASE) as usize)
    }

    pub fn get(&self, c: Cell) -> Option<&Placed> {
        self.tile_at(c).map(|i| &self.placed[i])
    }

    pub fn is_tile(&self, c: Cell) -> bool {
        self.tile_at(c).is_some()
    }

    /// An empty cell connected to the unbounded outside through side-adjacent
    /// empty cells (R2.3). Off-grid cells count as exterior.
    pub fn is_exterior(&self, c: Cell) -> bool {
        self.square(c).is_none_or(|s| s.cell == EXTERIOR)
    }

    pub fn is_hole(&self, c: Cell) -> bool {
        self.square(c).is_some_and(|s| s.cell == HOLE)
    }

    pub fn bounds(&self) -> (Cell, Cell) {
        (self.min, self.max)
    }

    /// Mark the outer cell of a wall piece or of the gate: no tile may go there (R3.3).
    pub fn block(&mut self, c: Cell) {
        if let Some(s) = self.square_mut(c) {
            s.flags |= BLOCKED;
            self.any_blocked = true;
            self.keeps_blocked_exterior_memo.get_mut().clear();
        }
    }

    pub fn is_blocked(&self, c: Cell) -> bool {
        self.square(c).is_some_and(|s| s.flags & BLOCKED != 0)
    }

    /// Empty cells that share a side with a placed tile and are not blocked.
    pub fn frontier(&self) -> impl Iterator<Item = Cell> + '_ {
        self.frontier
            .iter()
            .copied()
            .filter(move |&c| !self.is_blocked(c))
    }

    /// Put a tile on an empty cell. The caller has checked legality.
    pub fn place(&mut self, p: Placed) {
        let Some(square) = self.square(p.cell) else {
            return;
        };
        let was_exterior = self.track_outline && square.cell == EXTERIOR;
        let splits = was_exterior && !self.is_empty() && self.may_split_exterior(p.cell);
        self.keeps_blocked_exterior_memo.get_mut().clear();
        let index = TILE_BASE + self.placed.len() as u8;
        let square = self.square_mut(p.cell).expect("on the grid");
        square.cell = index;
        let was_frontier = square.flags & IN_FRONTIER != 0;
        square.flags &= !IN_FRONTIER;
        if was_frontier {
            self.frontier.retain(|&c| c != p.cell);
        }
        self.placed.push(p);
        if self.placed.len() == 1 {
            self.min = p.cell;
            self.max = p.cell;
        } else {
            self.min = Cell::new(self.min.x.min(p.cell.x), self.min.y.min(p.cell.y));
            self.max = Cell::new(self.max.x.max(p.cell.x), self.max.y.max(p.cell.y));
        }
        for d in Dir::ALL {
            let n = p.cell.neighbour(d);
            if !Self::in_range(n) {
                continue;
            }
            if let Some(s) = self.square_mut(n) {
                if s.cell < TILE_BASE && s.flags & IN_FRONTIER == 0 {
                    s.flags |= IN_FRONTIER;
                    self.frontier.push(n);
                }
            }
        }
        if splits {
            self.recompute_exterior();
            self.outline_sides = self.count_outline();
        } else if was_exterior {
            // Tiles that faced the cell lose an outline side; the new tile
            // gains one per exterior neighbour.
            for d in Dir::ALL {
                let n = p.cell.neighbour(d);
                if self.is_tile(n) {
                    self.outline_sides -= 1;
                } else if self.is_exterior(n) {
                    self.outline_sides += 1;
                }
            }
        }
    }

    fn count_outline(&self) -> usize {
        self.placed
            .iter()
            .map(|p| {
                Dir::ALL
                    .iter()
                    .filter(|&&d| self.is_exterior(p.cell.neighbour(d)))
                    .count()
            })
            .sum()
    }

    /// Whether filling exterior cell `c` could cut the exterior in two: its
    /// empty side-neighbours do not all connect round its eight-cell ring.
    fn may_split_exterior(&self, c: Cell) -> bool {
        // RING is in circular order; even positions are side-neighbours.
        let empty: [bool; 8] = RING.map(|(dx, dy)| !self.is_tile(Cell::new(c.x + dx, c.y + dy)));
        // Count runs of empty ring cells that contain a side-neighbour.
        let mut groups = 0;
        let start = match (0..8).find(|&k| !empty[k]) {
            Some(k) => k,
            None => return false,
        };
        let mut k = 0;
        while k < 8 {
            let i = (start + k) % 8;
            if empty[i] {
                let mut has_side = false;
                while k < 8 && empty[(start + k) % 8] {
                    has_side |= (start + k) % 2 == 0;
                    k += 1;
                }
                if has_side {
                    groups += 1;
                }
            } else {
                k += 1;
            }
        }
        groups > 1
    }

    /// Flood the exterior from the border of the bounding box grown by one.
    fn recompute_exterior(&mut self) {
        let (lo, hi) = (
            Cell::new(self.min.x - 1, self.min.y - 1),
            Cell::new(self.max.x + 1, self.max.y + 1),
        );
        let reach = self.flood_exterior(lo, hi, None);
        let w = (hi.x - lo.x + 1) as usize;
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                let c = Cell::new(x, y);
                if let Some(s) = self.square_mut(c) {
                    if s.cell < TILE_BASE {
                        let k = (y - lo.y) as usize * w + (x - lo.x) as usize;
                        s.cell = if reach[k] { EXTERIOR } else { HOLE };
                    }
                }
            }
        }
    }

    /// Which cells of the box lo..=hi are reachable from its border through
    /// empty cells, treating `extra` as a tile too.
    fn flood_exterior(&self, lo: Cell, hi: Cell, extra: Option<Cell>) -> Vec<bool> {
        let w = (hi.x - lo.x + 1) as usize;
        let h = (hi.y - lo.y + 1) as usize;
        let mut seen = vec![false; w * h];
        let mut stack = Vec::new();
        let free = |c: Cell| !self.is_tile(c) && Some(c) != extra;
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                if x == lo.x || x == hi.x || y == lo.y || y == hi.y {
                    let c = Cell::new(x, y);
                    if free(c) {
                        let k = (y - lo.y) as usize * w + (x - lo.x) as usize;
                        seen[k] = true;
                        stack.push(c);
                    }
                }
            }
        }
        while let Some(c) = stack.pop() {
            for d in Dir::ALL {
                let n = c.neighbour(d);
                if n.x < lo.x || n.x > hi.x || n.y < lo.y || n.y > hi.y {
                    continue;
                }
                let k = (n.y - lo.y) as usize * w + (n.x - lo.x) as usize;
                if !seen[k] && free(n) {
                    seen[k] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }

    /// Whether every blocked cell (outer cell of a wall piece or the gate)
    /// would still be exterior after a tile went on empty cell `c` (R3.4).
    pub fn keeps_blocked_exterior(&self, c: Cell) -> bool {
        if !self.any_blocked || !self.is_exterior(c) || !self.may_split_exterior(c) {
            return true;
        }
        let mut memo = self.keeps_blocked_exterior_memo.borrow_mut();
        if let Some(&(_, ok)) = memo.iter().find(|(m, _)| *m == c) {
            return ok;
        }
        let ok = self.no_blocked_pocket(c);
        memo.push((c, ok));
        ok
    }

    /// Explore from each empty side-neighbour of `c` with `c` filled. A search
    /// that leaves the tiles' bounding box is connected to the outside (c lies
    /// inside the box whenever it may split the exterior); one that runs out
    /// has found a pocket, which must hold no blocked cell.
    fn no_blocked_pocket(&self, c: Cell) -> bool {
        let (lo, hi) = (self.min, self.max);
        let w = (hi.x - lo.x + 1) as usize;
        let h = (hi.y - lo.y + 1) as usize;
        let mut seen = vec![0u8; w * h];
        let inside = |p: Cell| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
        let key = |p: Cell| (p.y - lo.y) as usize * w + (p.x - lo.x) as usize;
        let mut stack = Vec::new();
        for (g, d) in Dir::ALL.into_iter().enumerate() {
            let start = c.neighbour(d);
            if self.is_tile(start) || !inside(start) || seen[key(start)] != 0 {
                continue;
            }
            let mark = g as u8 + 1;
            seen[key(start)] = mark;
            stack.clear();
            stack.push(start);
            let mut pocket_blocked = false;
            let mut escaped = false;
            while let Some(p) = stack.pop() {
                pocket_blocked |= self.is_blocked(p);
                for d2 in Dir::ALL {
                    let q = p.neighbour(d2);
                    if q == c || self.is_tile(q) {
                        continue;
                    }
                    if !inside(q) {
                        escaped = true;
                        break;
                    }
                    let k = key(q);
                    if seen[k] == 0 {
                        seen[k] = mark;
                        stack.push(q);
                    } else if seen[k] != mark {
                        // An earlier search that stopped part-way: it escaped
                        // (one that ran out explored all it could reach).
                        escaped = true;
                        break;
                    }
                }
                if escaped {
                    break;
                }
            }
            if !escaped && pocket_blocked {
                return false;
            }
        }
        true
    }

    /// Whether `side` lies between a placed tile and an exterior cell (R2.4).
    pub fn is_outline(&self, side: Side) -> bool {
        self.is_tile(side.cell) && self.is_exterior(side.outer())
    }

    /// Every outline side, named from its tile.
    pub fn outline(&self) -> Vec<Side> {
        let mut v = Vec::new();
        for p in &self.placed {
            for d in Dir::ALL {
                let s = Side::new(p.cell, d);
                if self.is_exterior(s.outer()) {
                    v.push(s);
                }
            }
        }
        v
    }

    pub fn outline_len(&self) -> usize {
        debug_assert_eq!(self.outline_sides, self.count_outline());
        self.outline_sides
    }

    /// The outline side that leaves vertex `v` going clockwise (city on the right).
    pub fn outline_from(&self, v: Vertex) -> Option<Side> {
        let nw = Cell::new(v.x - 1, v.y - 1);
        let ne = Cell::new(v.x, v.y - 1);
        let sw = Cell::new(v.x - 1, v.y);
        let se = Cell::new(v.x, v.y);
        [
            (se, Dir::N, ne),
            (ne, Dir::W, nw),
            (nw, Dir::S, sw),
            (sw, Dir::E, se),
        ]
        .into_iter()
        .find(|&(t, _, e)| self.is_tile(t) && self.is_exterior(e))
        .map(|(t, d, _)| Side::new(t, d))
    }

    /// The outline side that arrives at vertex `v` going clockwise.
    pub fn outline_to(&self, v: Vertex) -> Option<Side> {
        let nw = Cell::new(v.x - 1, v.y - 1);
        let ne = Cell::new(v.x, v.y - 1);
        let sw = Cell::new(v.x - 1, v.y);
        let se = Cell::new(v.x, v.y);
        [
            (sw, Dir::N, nw),
            (nw, Dir::E, ne),
            (ne, Dir::S, se),
            (se, Dir::W, sw),
        ]
        .into_iter()
        .find(|&(t, _, e)| self.is_tile(t) && self.is_exterior(e))
        .map(|(t, d, _)| Side::new(t, d))
    }

    /// The tiles in a straight line from `start` going `dir`, stopping before
    /// the first empty cell (a guard's line, R8.2).
    pub fn line_from(&self, start: Cell, dir: Dir) -> Vec<usize> {
        let mut v = Vec::new();
        let mut c = start;
        while let Some(i) = self.tile_at(c) {
            v.push(i);
            c = c.neighbour(dir);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Board = Grid<80>;

    fn put(b: &mut Board, x: i32, y: i32) {
        b.place(Placed {
            tile: 0,
            rot: Rotation::ALL[0],
            cell: Cell::new(x, y),
        });
    }

    #[test]
    fn a_ring_of_tiles_makes_a_hole() {
        let mut b = Board::new(true);
        for (x, y) in [
            (0, 0),
            (1, 0),
            (2, 0),
            (2, 1),
            (2, 2),
            (1, 2),
            (0, 2),
            (0, 1),
        ] {
            put(&mut b, x, y);
        }
        assert!(b.is_hole(Cell::new(1, 1)));
        assert!(b.is_exterior(Cell::new(3, 1)));
        assert_eq!(b.outline_len(), 12);
    }

    #[test]
    fn corner_only_contact_is_a_hole() {
        // R2.3: (1,1) touches the exterior cell (2,2) only at a corner.
        let mut b = Board::new(true);
        for (x, y) in [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)] {
            put(&mut b, x, y);
        }
        assert!(b.is_exterior(Cell::new(2, 2)));
        assert!(b.is_hole(Cell::new(1, 1)));
        assert_eq!(b.outline_len(), 12);
        // Filling the corner cell keeps the count right.
        put(&mut b, 2, 2);
        assert_eq!(b.outline_len(), 12);
    }

    #[test]
    fn the_window_grows_with_the_tiles_and_keeps_what_it_held() {
        // A line out to x = 70 (the window starts 6 cells round the origin),
        // then a ring far off that makes a hole and a blocked cell beyond it.
        let mut b = Board::new(true);
        for x in 0..=70 {
            put(&mut b, x, 0);
        }
        for (x, y) in [(70, -1), (70, -2), (69, -2), (68, -2), (68, -1)] {
            put(&mut b, x, y);
        }
        b.block(Cell::new(-60, 50));
        for x in 0..=70 {
            assert_eq!(b.tile_at(Cell::new(x, 0)), Some(x as usize));
        }
        assert!(b.is_hole(Cell::new(69, -1)));
        assert!(b.is_exterior(Cell::new(-75, 75)));
        assert!(b.is_blocked(Cell::new(-60, 50)));
        assert!(!b.is_blocked(Cell::new(-60, 51)));
        // Off the grid: exterior, never stored.
        b.block(Cell::new(500, 0));
        assert!(!b.is_blocked(Cell::new(500, 0)));
        assert!(b.is_exterior(Cell::new(500, 0)));
        assert_eq!(b.outline_len(), b.outline().len());
        let frontier: Vec<Cell> = b.frontier().collect();
        assert!(frontier.contains(&Cell::new(71, 0)));
        assert!(frontier.contains(&Cell::new(-1, 0)));
        assert!(frontier.contains(&Cell::new(69, -1)));
        assert!(!frontier.contains(&Cell::new(35, 0)));
    }

    #[test]
    fn outline_is_one_clockwise_loop() {
        let mut b = Board::new(true);
        for (x, y) in [(0, 0), (1, 0), (1, 1), (1, 2), (0, 2), (-1, 2)] {
            put(&mut b, x, y);
        }
        let start = Side::new(Cell::new(0, 0), Dir::N);
        assert!(b.is_outline(start));
        let mut s = start;
        let mut n = 0;
        loop {
            let (_, end) = s.clockwise_ends();
            s = b.outline_from(end).unwrap();
            assert_eq!(b.outline_to(end).map(|t| t.clockwise_ends().1), Some(end));
            n += 1;
            if s == start {
                break;
            }
            assert!(n < 100);
        }
        assert_eq!(n, b.outline_len());
    }
}
