//! What a game is written as: records (CGN for The City, CGN-C for classic
//! Carcassonne), share links, the saved-games document and its JSON, the
//! computer's levels by name. No words: a problem is a value the view says.

pub mod fair_game;
pub mod handshake;
pub mod json;
pub mod level;
pub mod links;
pub mod notation;
pub mod rejoin;
pub mod saves;
pub mod share;
pub mod signal;
pub mod star;
pub mod star_handshake;
pub mod star_signal;
#[cfg(any(test, feature = "test-games"))]
pub mod test_games;
