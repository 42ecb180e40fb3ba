//! Player colours: the pieces' paint, chosen on the new-game screen.

/// A colour a seat can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerColour {
    Red,
    Blue,
    Green,
    Yellow,
    Black,
    Purple,
}

impl PlayerColour {
    pub const ALL: [PlayerColour; 6] = [
        PlayerColour::Red,
        PlayerColour::Blue,
        PlayerColour::Green,
        PlayerColour::Yellow,
        PlayerColour::Black,
        PlayerColour::Purple,
    ];

    /// The paint of the pieces.
    pub fn hex(self) -> &'static str {
        match self {
            PlayerColour::Red => "#b3261e",
            PlayerColour::Blue => "#24569e",
            PlayerColour::Green => "#2f7d32",
            PlayerColour::Yellow => "#e0a81c",
            PlayerColour::Black => "#2a2622",
            PlayerColour::Purple => "#6d3a8e",
        }
    }

    /// A readable outline for pieces of this colour.
    pub fn edge(self) -> &'static str {
        match self {
            PlayerColour::Yellow => "#5a4208",
            PlayerColour::Black => "#d8cfc0",
            _ => "#1d1712",
        }
    }

    /// The class that sets `--pc` to [`Self::hex`] (static/style.css; the
    /// Content-Security-Policy allows no inline `style` attributes).
    pub fn css_class(self) -> &'static str {
        match self {
            PlayerColour::Red => "pc-red",
            PlayerColour::Blue => "pc-blue",
            PlayerColour::Green => "pc-green",
            PlayerColour::Yellow => "pc-yellow",
            PlayerColour::Black => "pc-black",
            PlayerColour::Purple => "pc-purple",
        }
    }

    /// The class that sets `--who` (the player to move) to [`Self::hex`].
    pub fn who_class(self) -> &'static str {
        match self {
            PlayerColour::Red => "who-red",
            PlayerColour::Blue => "who-blue",
            PlayerColour::Green => "who-green",
            PlayerColour::Yellow => "who-yellow",
            PlayerColour::Black => "who-black",
            PlayerColour::Purple => "who-purple",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlayerColour::Red => "red",
            PlayerColour::Blue => "blue",
            PlayerColour::Green => "green",
            PlayerColour::Yellow => "yellow",
            PlayerColour::Black => "black",
            PlayerColour::Purple => "purple",
        }
    }

    pub fn from_name(s: &str) -> Option<PlayerColour> {
        PlayerColour::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// A seat at the table: who plays it, in which colour, and whether the
/// computer plays it (at which level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub colour: PlayerColour,
    /// `Some(level)` for a computer seat.
    pub computer: Option<crate::ai::Level>,
}
