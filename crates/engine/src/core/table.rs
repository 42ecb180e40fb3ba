//! The table: placed tiles on the grid, their regions joined into features,
//! and the followers standing on them. The mechanics every ruleset shares —
//! place a tile (its regions open towards empty cells, facing slots join),
//! cover a side (a wall), find what is newly complete, put a follower down,
//! return a feature's followers — with the rules left to the ruleset: which
//! slots join (`Layout::joins`), what a feature carries (`Payload`) and
//! what "complete" means.

use super::features::{Feature, Features, Node, Payload};
use super::geom::{Cell, Dir, Side};
use super::grid::{Grid, Placed};
use super::roomy::RoomyVec;
use super::rules::Seat;
use super::shape::RegionIdx;
use serde::{Deserialize, Serialize};

/// How a ruleset's placed tiles meet their sides, in board orientation. Per
/// placed tile (its index in placement order), so a ruleset may change a
/// tile's slots in play.
pub trait Layout {
    /// Regions of placed tile `tile`.
    fn region_count(&self, p: &Placed, tile: usize) -> usize;
    /// The regions in the three slots of its side `side`.
    fn slots(&self, p: &Placed, tile: usize, side: Dir) -> [RegionIdx; 3];
    /// Bit d set when `region` has a slot on side d.
    fn reach(&self, p: &Placed, tile: usize, region: RegionIdx) -> u8;
    /// Whether two facing slots join their regions into one feature.
    fn joins(&self, a: (&Placed, RegionIdx), b: (&Placed, RegionIdx)) -> bool;
}

/// A feature named by its first region ([`Table::first_region`]): region
/// `region` of the tile at `cell`. An event names what it scored so; a
/// completed feature keeps its name for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureAt {
    pub cell: Cell,
    pub region: RegionIdx,
}

/// A follower on a region of a placed tile, with the ruleset's role for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Follower<R> {
    pub player: Seat,
    /// Index of the placed tile.
    pub tile: usize,
    pub region: RegionIdx,
    pub role: R,
    pub node: Node,
}

#[derive(Clone, Debug)]
pub struct Table<P, R, const HALF: i32> {
    grid: Grid<HALF>,
    /// Per placed tile: its first region node.
    node_base: RoomyVec<Node>,
    features: Features<P>,
    followers: Vec<Follower<R>>,
}

impl<P: Payload, R: Copy, const HALF: i32> Table<P, R, HALF> {
    /// An empty table (`track_outline`: see `Grid::new`).
    pub fn new(track_outline: bool) -> Self {
        Table {
            grid: Grid::new(track_outline),
            node_base: RoomyVec::new(),
            features: Features::default(),
            followers: Vec::new(),
        }
    }

    pub fn grid(&self) -> &Grid<HALF> {
        &self.grid
    }

    /// The grid, to block cells (the tiles themselves go through `place`).
    pub fn grid_mut(&mut self) -> &mut Grid<HALF> {
        &mut self.grid
    }

    pub fn features(&self) -> &Features<P> {
        &self.features
    }

    pub fn features_mut(&mut self) -> &mut Features<P> {
        &mut self.features
    }

    /// Per placed tile, its first region node.
    pub fn node_base(&self) -> &[Node] {
        &self.node_base
    }

    /// The node of a region of a placed tile.
    pub fn node_of(&self, tile: usize, region: RegionIdx) -> Node {
        self.node_base[tile] + region as Node
    }

    /// The feature a region of a placed tile belongs to.
    pub fn feature_of(&self, tile: usize, region: RegionIdx) -> &Feature<P> {
        self.features.get(self.node_of(tile, region))
    }

    /// Puts a tile on an empty cell (the caller checked legality) and its
    /// regions into the graph, each with `payload(region)`: a region is
    /// open towards every empty neighbour it reaches; the neighbours'
    /// regions on the shared sides lose an open side; facing slots that
    /// `layout` joins become one feature. Returns the nodes touched: the
    /// tile's own, then the neighbours' on the shared sides.
    pub fn place(
        &mut self,
        p: Placed,
        layout: &impl Layout,
        mut payload: impl FnMut(RegionIdx) -> P,
    ) -> Vec<Node> {
        let idx = self.grid.placed().len();
        self.grid.place(p);
        let base = self.features.len() as Node;
        self.node_base.push(base);
        let n = layout.region_count(&p, idx);
        for r in 0..n as RegionIdx {
            let mut f = Feature::new(idx, payload(r));
            let reach = layout.reach(&p, idx, r);
            for d in Dir::ALL {
                if reach & (1 << d.index()) != 0 && !self.grid.is_tile(p.cell.neighbour(d)) {
                    f.open += 1;
                }
            }
            self.features.add(f);
        }
        let mut touched: Vec<Node> = (0..n as Node).map(|r| base + r).collect();
        for d in Dir::ALL {
            let Some(j) = self.grid.tile_at(p.cell.neighbour(d)) else {
                continue;
            };
            let q = self.grid.placed()[j];
            let nbase = self.node_base[j];
            let od = d.opposite();
            for r in 0..layout.region_count(&q, j) as RegionIdx {
                if layout.reach(&q, j, r) & (1 << od.index()) != 0 {
                    let node = nbase + r as Node;
                    let f = self.features.get_mut(node);
                    f.open = f.open.saturating_sub(1);
                    touched.push(node);
                }
            }
            let mine = layout.slots(&p, idx, d);
            let theirs = layout.slots(&q, j, od);
            for i in 0..3 {
                let (a, b) = (mine[i], theirs[2 - i]);
                if layout.joins((&p, a), (&q, b)) {
                    self.features.union(base + a as Node, nbase + b as Node);
                }
            }
        }
        // Scoring and the computer's playouts look features up far more
        // often than tiles are placed.
        self.features.flatten();
        touched
    }

    /// The regions of the tile behind `side` that reach it lose an open side
    /// (a wall or a closing piece covers it). Returns their nodes.
    pub fn cover_side(&mut self, side: Side, layout: &impl Layout) -> Vec<Node> {
        let Some(i) = self.grid.tile_at(side.cell) else {
            return Vec::new();
        };
        let p = self.grid.placed()[i];
        let mut nodes = Vec::new();
        for r in 0..layout.region_count(&p, i) as RegionIdx {
            if layout.reach(&p, i, r) & (1 << side.dir.index()) != 0 {
                let node = self.node_base[i] + r as Node;
                let f = self.features.get_mut(node);
                f.open = f.open.saturating_sub(1);
                nodes.push(node);
            }
        }
        nodes
    }

    /// The roots among `nodes` of features that `complete` holds for and that
    /// were not scored yet, each once, in the order first met.
    pub fn newly_complete(
        &self,
        nodes: &[Node],
        complete: impl Fn(&Feature<P>) -> bool,
    ) -> Vec<Node> {
        let mut roots: Vec<Node> = Vec::new();
        for &n in nodes {
            let r = self.features.find(n);
            let f = self.features.get(r);
            if complete(f) && !f.done && !roots.contains(&r) {
                roots.push(r);
            }
        }
        roots
    }

    /// The first region of the feature holding `node`, as (placed tile,
    /// region): its root, the smallest node of the feature (`union` keeps
    /// the smaller), so the region of the earliest tile it covers. It names
    /// the feature for good once the feature is complete (nothing joins it
    /// any more).
    pub fn first_region(&self, node: Node) -> (usize, RegionIdx) {
        let root = self.features.find(node);
        // The last tile whose first node is at most the root.
        let tile = self.node_base.partition_point(|&b| b <= root) - 1;
        (tile, (root - self.node_base[tile]) as RegionIdx)
    }

    /// The feature holding `node`, named by its first region.
    pub fn feature_at(&self, node: Node) -> FeatureAt {
        let (tile, region) = self.first_region(node);
        FeatureAt {
            cell: self.grid.placed()[tile].cell,
            region,
        }
    }

    /// Every (placed tile, region) of the feature holding `node`.
    pub fn feature_regions(&self, node: Node, layout: &impl Layout) -> Vec<(usize, RegionIdx)> {
        let root = self.features.find(node);
        let mut v = Vec::new();
        for (i, p) in self.grid.placed().iter().enumerate() {
            for r in 0..layout.region_count(p, i) as RegionIdx {
                if self.features.find(self.node_base[i] + r as Node) == root {
                    v.push((i, r));
                }
            }
        }
        v
    }

    pub fn followers(&self) -> &[Follower<R>] {
        &self.followers
    }

    /// Puts `seat`'s follower on a region of a placed tile (the caller
    /// checked it may go there and takes it from the seat's supply).
    pub fn add_follower(&mut self, seat: Seat, tile: usize, region: RegionIdx, role: R) -> Node {
        let node = self.node_of(tile, region);
        self.features.get_mut(node).followers[seat as usize] += 1;
        self.followers.push(Follower {
            player: seat,
            tile,
            region,
            role,
            node,
        });
        node
    }

    /// Takes every follower off the feature of `node`; returns them (the
    /// caller puts them back in their seats' supplies).
    pub fn return_followers(&mut self, node: Node) -> Vec<Follower<R>> {
        let root = self.features.find(node);
        let mut back = Vec::new();
        let mut i = 0;
        while i < self.followers.len() {
            if self.features.find(self.followers[i].node) == root {
                back.push(self.followers.swap_remove(i));
            } else {
                i += 1;
            }
        }
        self.features.get_mut(node).followers = [0; super::rules::MAX_SEATS];
        back
    }

    /// Takes off the followers `leave` picks, one by one (in list order,
    /// as a swap-remove walk); returns them.
    pub fn remove_followers_where(
        &mut self,
        mut leave: impl FnMut(&Follower<R>, &Feature<P>) -> bool,
    ) -> Vec<Follower<R>> {
        let mut gone = Vec::new();
        let mut i = 0;
        while i < self.followers.len() {
            let s = self.followers[i];
            if leave(&s, self.features.get(s.node)) {
                self.followers.swap_remove(i);
                let f = self.features.get_mut(s.node);
                f.followers[s.player as usize] = f.followers[s.player as usize].saturating_sub(1);
                gone.push(s);
            } else {
                i += 1;
            }
        }
        gone
    }
}
