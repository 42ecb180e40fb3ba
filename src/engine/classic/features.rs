//! Classic features over the core's feature graph (B4): roads, cities,
//! fields (farms) and cloisters, with the pennants a city shows (B4.2). A
//! gate (G1.2) has a node too but joins nothing and is no feature.

pub use super::tiles::FeatureKind;
pub use crate::engine::core::features::Node;
use crate::engine::core::features::{self, Payload};

/// What classic keeps per feature beside the common counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// `None` for a gate's node.
    pub kind: Option<FeatureKind>,
    /// B4.2: the sum of its city regions' pennants.
    pub pennants: u8,
}

impl Payload for Part {
    fn merge(&mut self, other: &Self) {
        self.pennants = self.pennants.saturating_add(other.pennants);
    }
}

pub type Feature = features::Feature<Part>;
pub type Features = features::Features<Part>;

impl features::Feature<Part> {
    pub fn kind(&self) -> Option<FeatureKind> {
        self.data.kind
    }

    /// B4.3: a road or city with no open slot, a cloister with its eight
    /// neighbours placed (its `open` counts the empty ones); a field never.
    pub fn is_complete(&self) -> bool {
        self.open == 0
            && matches!(
                self.data.kind,
                Some(FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister)
            )
    }
}
