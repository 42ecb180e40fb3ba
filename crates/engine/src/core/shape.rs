//! Tile shapes from slots: where a tile's regions meet its four sides, three
//! slots per side read clockwise (left, centre, right), with look-ups per
//! rotation; and the pieces of a catalogue loader that reports every problem
//! it finds instead of stopping at the first. Both rulesets' catalogues
//! (format 1 for The City, format 2 for classic) are built from these.

use super::geom::{Dir, Rotation};
use std::collections::BTreeMap;
use std::fmt;

/// Index of a tile type in its catalogue.
pub type TileType = u8;
/// Index of a region within its tile type.
pub type RegionIdx = u8;

/// The most regions `Shape::turn_map` maps.
pub const TURN_MAP_MAX: usize = 16;

/// The slots of an unrotated tile and, per rotation, which sides each region
/// reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// `sides[d][i]`: the region in slot i (clockwise) of side d, unrotated.
    pub sides: [[RegionIdx; 3]; 4],
    /// Per rotation and region: bit d set when the region has a slot on
    /// rotated side d.
    reach: [Vec<u8>; 4],
}

impl Shape {
    /// The shape of a tile with `regions` regions and these slots.
    pub fn new(sides: [[RegionIdx; 3]; 4], regions: usize) -> Shape {
        let mut reach: [Vec<u8>; 4] = Default::default();
        for rot in Rotation::ALL {
            let q = rot.quarter_turns() as usize;
            reach[q] = vec![0; regions];
            for side in Dir::ALL {
                for s in sides[rot.unrotate(side).index()] {
                    if let Some(r) = reach[q].get_mut(s as usize) {
                        *r |= 1 << side.index();
                    }
                }
            }
        }
        Shape { sides, reach }
    }

    /// The regions in the three slots of `side` after rotating the tile by `rot`.
    pub fn slots(&self, rot: Rotation, side: Dir) -> [RegionIdx; 3] {
        self.sides[rot.unrotate(side).index()]
    }

    /// Bit d set when `region` has a slot on rotated side d.
    pub fn reach(&self, rot: Rotation, region: RegionIdx) -> u8 {
        self.reach[rot.quarter_turns() as usize][region as usize]
    }

    /// Where each region of the tile turned by `a` lies on the tile turned
    /// by `b` (indexed by region): the region in the same slots, one for
    /// one; a region with no slot (a cloister) stays. `None` when a region
    /// would lie in two places, or two in one, or the tile has more than
    /// `TURN_MAP_MAX` regions.
    pub fn turn_map(&self, a: Rotation, b: Rotation) -> Option<[RegionIdx; TURN_MAP_MAX]> {
        let n = self.reach[0].len();
        if n > TURN_MAP_MAX {
            return None;
        }
        let mut map = [RegionIdx::MAX; TURN_MAP_MAX];
        for d in Dir::ALL {
            for (x, y) in self.slots(a, d).into_iter().zip(self.slots(b, d)) {
                let m = map.get_mut(x as usize)?;
                if *m == RegionIdx::MAX {
                    *m = y;
                } else if *m != y {
                    return None;
                }
            }
        }
        let mut seen = 0u32;
        for (x, m) in map.iter_mut().enumerate().take(n) {
            if *m == RegionIdx::MAX {
                *m = x as RegionIdx;
            }
            let y = *m as usize;
            if y >= n || seen & (1 << y) != 0 {
                return None;
            }
            seen |= 1 << y;
        }
        Some(map)
    }

    /// Per rotation, bit d set when the centre slot of rotated side d holds a
    /// region for which `pred` holds (a street, a road, a gate...).
    pub fn centre_masks(&self, pred: impl Fn(RegionIdx) -> bool) -> [u8; 4] {
        let mut masks = [0u8; 4];
        for rot in Rotation::ALL {
            for side in Dir::ALL {
                if pred(self.slots(rot, side)[1]) {
                    masks[rot.quarter_turns() as usize] |= 1 << side.index();
                }
            }
        }
        masks
    }

    /// Which of the 12 boundary slots (clockwise from N slot 0) hold `region`.
    pub fn boundary_positions(&self, region: RegionIdx) -> Vec<usize> {
        (0..12)
            .filter(|&k| self.sides[k / 3][k % 3] == region)
            .collect()
    }
}

/// Why a catalogue was rejected: every problem found, one per entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError(pub Vec<String>);

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid tile catalogue: {}", self.0.join("; "))
    }
}

impl std::error::Error for CatalogueError {}

/// The slots of a tile as a catalogue writes them: `{"N": [a, b, c], ...}`
/// with region ids. `index` maps an id to its region; every problem goes to
/// `errors` (prefixed by `what`, e.g. `tile K`). `None` when the slots
/// cannot be read.
pub fn parse_sides(
    what: &str,
    sides: &BTreeMap<String, Vec<String>>,
    index: impl Fn(&str) -> Option<usize>,
    errors: &mut Vec<String>,
) -> Option<[[RegionIdx; 3]; 4]> {
    let keys: Vec<&str> = sides.keys().map(String::as_str).collect();
    if keys != ["E", "N", "S", "W"] {
        errors.push(format!(
            "{what}: sides must have exactly the keys N, E, S, W"
        ));
        return None;
    }
    let mut out = [[0u8; 3]; 4];
    for d in Dir::ALL {
        let slots = &sides[&d.letter().to_string()];
        if slots.len() != 3 {
            errors.push(format!("{what}: side {d} must list three region ids"));
            return None;
        }
        for (i, rid) in slots.iter().enumerate() {
            match index(rid) {
                Some(r) => out[d.index()][i] = r as RegionIdx,
                None => {
                    errors.push(format!(
                        "{what}: side {d} slot {i} names unknown region {rid:?}"
                    ));
                    return None;
                }
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_slots_clockwise() {
        // Region 1 on the north side only.
        let s = Shape::new([[1, 1, 1], [0, 0, 0], [0, 0, 0], [0, 0, 0]], 2);
        let r1 = Rotation::new(1).unwrap();
        assert_eq!(s.slots(r1, Dir::E), [1, 1, 1]);
        assert_eq!(s.reach(r1, 1), 1 << Dir::E.index());
        assert_eq!(s.reach(Rotation::ALL[0], 0), 0b1110);
        assert_eq!(s.centre_masks(|r| r == 1), [1, 2, 4, 8]);
        assert_eq!(s.boundary_positions(1), vec![0, 1, 2]);
    }

    #[test]
    fn bad_sides_are_reported() {
        let mut errors = Vec::new();
        let mut m = BTreeMap::new();
        m.insert("N".to_string(), vec!["a".to_string()]);
        assert!(parse_sides("tile X", &m, |_| Some(0), &mut errors).is_none());
        assert_eq!(errors.len(), 1);
    }
}
