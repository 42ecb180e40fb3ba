//! The feature graph: regions of placed tiles joined into features by a
//! union-find, with what scoring needs kept at each root: open sides, tiles
//! covered, followers per seat, whether it was scored, and a payload that
//! belongs to the ruleset (a street's goods, a city's pennants...).
//!
//! Rule-free: which regions join, and what "complete" means, is the
//! ruleset's business.

use super::roomy::RoomyVec;
use super::rules::MAX_SEATS;

/// A region of a placed tile: its node in the graph.
pub type Node = u16;

/// What a ruleset keeps per feature beside the common counts; joining two
/// features merges their payloads.
pub trait Payload: Copy {
    fn merge(&mut self, other: &Self);
}

/// What a feature knows, kept at its union-find root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature<P> {
    /// Sides of its regions that face an empty cell and are not closed by a
    /// piece. Zero, for a feature that can be complete, means complete.
    pub open: u16,
    /// Bit i set when placed tile i is covered (at most 128 tiles).
    pub tiles: u128,
    /// Followers on it per seat.
    pub followers: [u8; MAX_SEATS],
    /// Scored (or closed without a follower): it never scores again.
    pub done: bool,
    pub data: P,
}

impl<P: Payload> Feature<P> {
    pub fn new(tile: usize, data: P) -> Feature<P> {
        Feature {
            open: 0,
            tiles: 1u128 << tile,
            followers: [0; MAX_SEATS],
            done: false,
            data,
        }
    }

    pub fn tile_count(&self) -> u32 {
        self.tiles.count_ones()
    }

    pub fn follower_count(&self) -> u32 {
        self.followers.iter().map(|&n| n as u32).sum()
    }
}

/// The union-find over every region node.
#[derive(Clone, Debug)]
pub struct Features<P> {
    parent: RoomyVec<Node>,
    data: RoomyVec<Feature<P>>,
}

impl<P> Default for Features<P> {
    fn default() -> Self {
        Features {
            parent: RoomyVec::new(),
            data: RoomyVec::new(),
        }
    }
}

impl<P: Payload> Features<P> {
    pub fn add(&mut self, f: Feature<P>) -> Node {
        let n = self.parent.len() as Node;
        self.parent.push(n);
        self.data.push(f);
        n
    }

    pub fn len(&self) -> usize {
        self.parent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    pub fn find(&self, mut n: Node) -> Node {
        while self.parent[n as usize] != n {
            n = self.parent[n as usize];
        }
        n
    }

    fn find_compress(&mut self, n: Node) -> Node {
        let root = self.find(n);
        let mut m = n;
        while self.parent[m as usize] != root {
            let next = self.parent[m as usize];
            self.parent[m as usize] = root;
            m = next;
        }
        root
    }

    /// Points every node straight at its root, so that `find` (which
    /// cannot shorten paths, taking `&self`) is one step until the next
    /// union. A root is always the smallest node of its feature (`union`
    /// keeps the smaller), so a node's parent comes before it and one pass
    /// in order is enough.
    pub fn flatten(&mut self) {
        flatten(&mut self.parent);
    }

    /// The feature a node belongs to.
    pub fn get(&self, n: Node) -> &Feature<P> {
        &self.data[self.find(n) as usize]
    }

    pub fn get_mut(&mut self, n: Node) -> &mut Feature<P> {
        let r = self.find_compress(n);
        &mut self.data[r as usize]
    }

    /// Join two nodes' features; returns the root. Open sides, tiles and
    /// followers add up; payloads merge.
    pub fn union(&mut self, a: Node, b: Node) -> Node {
        let (ra, rb) = (self.find_compress(a), self.find_compress(b));
        if ra == rb {
            return ra;
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let g = self.data[gone as usize];
        let k = &mut self.data[keep as usize];
        k.open += g.open;
        k.tiles |= g.tiles;
        for i in 0..MAX_SEATS {
            k.followers[i] += g.followers[i];
        }
        k.done |= g.done;
        k.data.merge(&g.data);
        self.parent[gone as usize] = keep;
        keep
    }

    pub fn is_root(&self, n: Node) -> bool {
        self.parent[n as usize] == n
    }

    /// Every root node.
    pub fn roots(&self) -> impl Iterator<Item = Node> + '_ {
        (0..self.parent.len() as Node).filter(move |&n| self.is_root(n))
    }
}

/// `Features::flatten` on the parent list (one copy of the code for every
/// payload type).
fn flatten(parent: &mut [Node]) {
    for n in 0..parent.len() {
        let p = parent[n] as usize;
        debug_assert!(p <= n);
        parent[n] = parent[p];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Goods(u8);
    impl Payload for Goods {
        fn merge(&mut self, other: &Self) {
            self.0 |= other.0;
        }
    }

    #[test]
    fn union_adds_up_what_scoring_needs() {
        let mut f = Features::default();
        let mut a = Feature::new(0, Goods(1));
        a.open = 2;
        a.followers[1] = 1;
        let mut b = Feature::new(3, Goods(4));
        b.open = 1;
        let (na, nb) = (f.add(a), f.add(b));
        f.union(na, nb);
        let j = f.get(nb);
        assert_eq!(j.open, 3);
        assert_eq!(j.tile_count(), 2);
        assert_eq!(j.data, Goods(5));
        assert_eq!(j.follower_count(), 1);
        assert_eq!(f.roots().count(), 1);
    }

    proptest::proptest! {
        /// Flattening changes no node's feature, and leaves every node one
        /// step from its root.
        #[test]
        fn flatten_keeps_every_feature(
            n in 1usize..60,
            joins in proptest::collection::vec((0usize..60, 0usize..60), 0..80),
        ) {
            let mut f = Features::default();
            for i in 0..n {
                f.add(Feature::new(i % 100, Goods(1 << (i % 8))));
            }
            for &(a, b) in &joins {
                f.union((a % n) as Node, (b % n) as Node);
            }
            let roots: Vec<Node> = (0..n as Node).map(|x| f.find(x)).collect();
            f.flatten();
            for x in 0..n as Node {
                proptest::prop_assert_eq!(f.find(x), roots[x as usize]);
                proptest::prop_assert_eq!(f.parent[x as usize], roots[x as usize]);
            }
        }
    }
}
