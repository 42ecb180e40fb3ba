//! The feature graph: regions of placed tiles joined into streets, markets and
//! residential areas by a union-find (R4.1, R4.2), with what scoring needs
//! kept at each root: open sides, tiles covered, goods, followers.
//!
//! Geometry-level: it knows regions and sides, not the rules of The City.

use super::tiles::FeatureKind;

/// A region of a placed tile: its node in the graph.
pub type Node = u16;

/// What a feature knows, kept at its union-find root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    pub kind: FeatureKind,
    /// Sides of its regions that face an empty cell not covered by a wall or
    /// the gate. Zero means complete (R5.1, R5.2).
    pub open: u16,
    /// Bit i set when placed tile i is covered (tiles are at most 75, R5.4).
    pub tiles: u128,
    /// Bit per goods kind (R5.5).
    pub goods: u8,
    /// Followers on it per seat.
    pub followers: [u8; 4],
    /// Scored (or closed without a follower): it never scores again.
    pub done: bool,
}

impl Feature {
    pub fn new(kind: FeatureKind, tile: usize, goods: u8) -> Feature {
        Feature {
            kind,
            open: 0,
            tiles: 1u128 << tile,
            goods,
            followers: [0; 4],
            done: false,
        }
    }

    pub fn tile_count(&self) -> u32 {
        self.tiles.count_ones()
    }

    pub fn goods_count(&self) -> u32 {
        self.goods.count_ones()
    }

    pub fn follower_count(&self) -> u32 {
        self.followers.iter().map(|&n| n as u32).sum()
    }

    pub fn is_complete(&self) -> bool {
        self.open == 0 && self.kind != FeatureKind::Residential
    }
}

#[derive(Clone, Debug, Default)]
pub struct Features {
    parent: Vec<Node>,
    data: Vec<Feature>,
}

impl Features {
    pub fn add(&mut self, f: Feature) -> Node {
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

    /// The feature a node belongs to.
    pub fn get(&self, n: Node) -> &Feature {
        &self.data[self.find(n) as usize]
    }

    pub fn get_mut(&mut self, n: Node) -> &mut Feature {
        let r = self.find_compress(n);
        &mut self.data[r as usize]
    }

    /// Join two nodes' features; returns the root. Open sides, tiles, goods
    /// and followers add up.
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
        k.goods |= g.goods;
        for i in 0..4 {
            k.followers[i] += g.followers[i];
        }
        k.done |= g.done;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_adds_up_what_scoring_needs() {
        let mut f = Features::default();
        let mut a = Feature::new(FeatureKind::Market, 0, 1);
        a.open = 2;
        a.followers[1] = 1;
        let mut b = Feature::new(FeatureKind::Market, 3, 4);
        b.open = 1;
        let (na, nb) = (f.add(a), f.add(b));
        f.union(na, nb);
        let j = f.get(nb);
        assert_eq!(j.open, 3);
        assert_eq!(j.tile_count(), 2);
        assert_eq!(j.goods_count(), 2);
        assert_eq!(j.follower_count(), 1);
        assert_eq!(f.roots().count(), 1);
    }
}
