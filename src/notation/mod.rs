//! Game records: the rule-free syntax both formats share, and one grammar
//! per ruleset (CGN for The City). Reading a record's `[Game]` tag picks the
//! grammar.

pub mod city;
pub mod syntax;

pub use syntax::RecordError;
