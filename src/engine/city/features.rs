//! The City's features over the core's feature graph: streets, markets and
//! residential areas (R4.1, R4.2), with the goods a market shows (R5.5).

use super::tiles::FeatureKind;
pub use crate::engine::core::features::Node;
use crate::engine::core::features::{self, Payload};

/// What The City keeps per feature beside the common counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub kind: FeatureKind,
    /// Bit per goods kind (R5.5).
    pub goods: u8,
}

impl Payload for Area {
    fn merge(&mut self, other: &Self) {
        self.goods |= other.goods;
    }
}

pub type Feature = features::Feature<Area>;
pub type Features = features::Features<Area>;

impl features::Feature<Area> {
    pub fn kind(&self) -> FeatureKind {
        self.data.kind
    }

    pub fn goods_count(&self) -> u32 {
        self.data.goods.count_ones()
    }

    /// Streets and markets are complete with no open side (R5.1, R5.2);
    /// residential areas never are.
    pub fn is_complete(&self) -> bool {
        self.open == 0 && self.data.kind != FeatureKind::Residential
    }
}
