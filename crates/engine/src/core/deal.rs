//! The deal: a face-down pile of tiles drawn from the top, which can take a
//! tile back at the bottom (Old City, O1.4), and the unseen tiles a search
//! may resample (determinization) without reading the real order.

use super::rng::{shuffle, Pcg64};
use super::shape::TileType;

/// Every copy of every tile type, in type order: the unshuffled box.
pub fn box_of(counts: impl IntoIterator<Item = u8>) -> Vec<TileType> {
    let mut v = Vec::new();
    for (i, n) in counts.into_iter().enumerate() {
        v.extend(std::iter::repeat_n(i as TileType, n as usize));
    }
    v
}

/// A draw pile, top first. Drawn tiles stay in `order` (before `next`), so
/// the pile is also the record of what was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile {
    order: Vec<TileType>,
    next: usize,
}

impl Pile {
    pub fn new(order: Vec<TileType>) -> Pile {
        Pile { order, next: 0 }
    }

    /// Draws the top tile.
    pub fn draw(&mut self) -> Option<TileType> {
        let t = *self.order.get(self.next)?;
        self.next += 1;
        Some(t)
    }

    /// Puts the tile drawn last back at the bottom of the pile (O1.4).
    pub fn return_last_to_bottom(&mut self) {
        if let Some(i) = self.next.checked_sub(1) {
            let t = self.order.remove(i);
            self.order.push(t);
            self.next = i;
        }
    }

    /// Tiles drawn so far.
    pub fn drawn(&self) -> usize {
        self.next
    }

    /// Tiles still in the pile.
    pub fn left(&self) -> usize {
        self.order.len() - self.next
    }

    pub fn is_empty(&self) -> bool {
        self.left() == 0
    }

    /// The whole order, drawn tiles first.
    pub fn order(&self) -> &[TileType] {
        &self.order
    }

    /// The tiles still in the pile, top first (the real order: for the
    /// engine, never for a player or a search).
    pub fn remaining(&self) -> &[TileType] {
        &self.order[self.next..]
    }

    /// The same pile with its undrawn tiles replaced by `pool` (the tiles a
    /// player cannot have seen) shuffled by `rng`, keeping the count left.
    pub fn redealt(&self, mut pool: Vec<TileType>, rng: &mut Pcg64) -> Pile {
        shuffle(&mut pool, rng);
        let mut order = self.order[..self.next].to_vec();
        order.extend(pool.into_iter().take(self.left()));
        Pile {
            order,
            next: self.next,
        }
    }
}

/// `all` minus one copy of each tile of `seen` (what a player may know is
/// still to come).
pub fn unseen(mut all: Vec<TileType>, seen: &[TileType]) -> Vec<TileType> {
    for t in seen {
        if let Some(k) = all.iter().position(|x| x == t) {
            all.swap_remove(k);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::rng_for_seed;

    #[test]
    fn a_returned_tile_goes_to_the_bottom() {
        let mut p = Pile::new(vec![1, 2, 3]);
        assert_eq!(p.draw(), Some(1));
        p.return_last_to_bottom();
        assert_eq!(p.remaining(), &[2, 3, 1]);
        assert_eq!(p.drawn(), 0);
        assert_eq!(
            (p.draw(), p.draw(), p.draw(), p.draw()),
            (Some(2), Some(3), Some(1), None)
        );
    }

    #[test]
    fn a_redeal_keeps_what_was_drawn_and_the_count() {
        let mut p = Pile::new(box_of([2, 1, 3]));
        p.draw();
        let q = p.redealt(
            unseen(box_of([2, 1, 3]), &p.order()[..1]),
            &mut rng_for_seed(3),
        );
        assert_eq!(q.drawn(), 1);
        assert_eq!(q.left(), p.left());
        let mut a = q.order().to_vec();
        a.sort();
        assert_eq!(a, box_of([2, 1, 3]));
    }
}
