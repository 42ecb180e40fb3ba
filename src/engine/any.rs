//! The closed enums that carry a game of either ruleset across the edges
//! (records, links, saves, the worker, the screens), like shakmaty's
//! `VariantPosition`: one `match` per method, generic code inside.
