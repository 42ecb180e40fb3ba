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

/// The seats as a link carries them beside the game (the `seats` query
/// parameter, since the link itself holds only names): each seat's colour,
/// and `-level` for a computer seat ("red,blue-hard"). Always written, even
/// for people in the first colours, so that a link whose seats went missing
/// (cut short) can be told from one of people only.
pub fn seats_param(seats: &[Seat]) -> String {
    let parts: Vec<String> = seats
        .iter()
        .map(|s| match s.computer {
            Some(l) => format!("{}-{}", s.colour.name(), l.name()),
            None => s.colour.name().to_string(),
        })
        .collect();
    parts.join(",")
}

/// The seats of a `seats` parameter for a game of these players, if it is
/// sound: one per player, each colour once, known levels.
pub fn seats_from_param(param: &str, names: &[String]) -> Option<Vec<Seat>> {
    let parts: Vec<&str> = param.split(',').collect();
    if parts.len() != names.len() {
        return None;
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (part, name) in parts.iter().zip(names) {
        let (colour, level) = match part.split_once('-') {
            Some((c, l)) => (c, Some(crate::ai::Level::from_name(l)?)),
            None => (*part, None),
        };
        let colour = PlayerColour::from_name(colour)?;
        if seats.iter().any(|s| s.colour == colour) {
            return None;
        }
        seats.push(Seat {
            name: name.clone(),
            colour,
            computer: level,
        });
    }
    Some(seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn seats_travel_beside_a_link_and_come_back() {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let mut seats: Vec<Seat> = names
            .iter()
            .zip(PlayerColour::ALL)
            .map(|(n, c)| Seat {
                name: n.clone(),
                colour: c,
                computer: None,
            })
            .collect();
        assert_eq!(seats_param(&seats), "red,blue");
        assert_eq!(seats_from_param("red,blue", &names), Some(seats.clone()));
        seats[1].computer = Some(Level::Hard);
        seats[0].colour = PlayerColour::Purple;
        let p = seats_param(&seats);
        assert_eq!(p, "purple,blue-hard");
        assert_eq!(seats_from_param(&p, &names), Some(seats));
        for bad in [
            "red",
            "red,red",
            "red,blue-godlike",
            "pink,blue",
            "red,blue,green",
        ] {
            assert_eq!(seats_from_param(bad, &names), None, "{bad}");
        }
    }
}
