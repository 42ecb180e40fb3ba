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

    /// The paint of the pieces. Chosen so that every two colours stay
    /// apart (CIEDE2000 ≥ 23 between any two) for people with protanopia,
    /// deuteranopia or tritanopia as Chromium simulates them (Machado et
    /// al. 2009) as well as for everyone else (≥ 34): red dark and green
    /// light, blue deep and purple pale. tests/e2e/board.js checks the
    /// pieces as drawn. Saves and links store the names, not these.
    pub fn hex(self) -> &'static str {
        match self {
            PlayerColour::Red => "#b32b0a",
            PlayerColour::Blue => "#0a34a8",
            PlayerColour::Green => "#12b283",
            PlayerColour::Yellow => "#fbe630",
            PlayerColour::Black => "#1b1a16",
            PlayerColour::Purple => "#b67ab4",
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

    /// The colour's mark, its second sign beside the colour: a shape drawn
    /// on its pieces, rings, points and swatches, so that no player is told
    /// apart by colour alone (as the colours of the official game's pieces
    /// are told apart by their shields on screen). One per colour, not per
    /// seat: a player keeps the mark of the colour they pick.
    pub fn mark(self) -> &'static str {
        match self {
            PlayerColour::Red => "circle",
            PlayerColour::Blue => "square",
            PlayerColour::Green => "triangle",
            PlayerColour::Yellow => "diamond",
            PlayerColour::Black => "cross",
            PlayerColour::Purple => "star",
        }
    }

    /// The mark's outline, centred on (0, 0), about 10 units across.
    pub fn mark_path(self) -> &'static str {
        match self {
            PlayerColour::Red => "M-4.5,0A4.5,4.5 0 1 1 4.5,0A4.5,4.5 0 1 1 -4.5,0Z",
            PlayerColour::Blue => "M-4,-4H4V4H-4Z",
            PlayerColour::Green => "M0,-5L5.2,4.2H-5.2Z",
            PlayerColour::Yellow => "M0,-5.4L5.4,0L0,5.4L-5.4,0Z",
            PlayerColour::Black => "M-1.8,-5.2H1.8V-1.8H5.2V1.8H1.8V5.2H-1.8V1.8H-5.2V-1.8H-1.8Z",
            PlayerColour::Purple => "M0,-5L1.4,-1.5L5.1,-1.3L2.2,1.1L3.2,4.8L0,2.7L-3.2,4.8L-2.2,1.1L-5.1,-1.3L-1.4,-1.5Z",
        }
    }

    /// The mark's paint on a piece of this colour (light on the dark
    /// colours, dark on the light ones), and the thin outline that keeps it
    /// readable on whatever it overlaps.
    pub fn ink(self) -> (&'static str, &'static str) {
        const LIGHT: &str = "#fff8e6";
        const DARK: &str = "#1d1712";
        match self {
            PlayerColour::Red | PlayerColour::Blue | PlayerColour::Black => (LIGHT, DARK),
            PlayerColour::Green | PlayerColour::Yellow | PlayerColour::Purple => (DARK, LIGHT),
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
    pub computer: Option<computer::Level>,
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
            Some((c, l)) => (c, Some(computer::Level::from_name(l)?)),
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

/// A seat as live play's invitation carries it (`formats::handshake`), a
/// byte instead of the `seats` parameter's words: its colour in bits 0–2
/// (`PlayerColour::ALL`), in bits 3–6 0 for a person, else 1 + its
/// computer level (`computer::Level::ALL`).
pub fn seat_code(seat: &Seat) -> u8 {
    let colour = PlayerColour::ALL
        .iter()
        .position(|&c| c == seat.colour)
        .unwrap_or(0) as u8;
    let level = seat.computer.map_or(0, |l| {
        1 + computer::Level::ALL
            .iter()
            .position(|&k| k == l)
            .unwrap_or(0) as u8
    });
    colour | level << 3
}

/// The `seats` parameter of the seats these codes hold ([`seat_code`]);
/// a code that holds no seat gives a parameter no game reads (so the
/// player is told, as for a damaged parameter).
pub fn param_of_codes(codes: &[u8]) -> String {
    let parts: Vec<String> = codes
        .iter()
        .map(|&c| {
            let colour = PlayerColour::ALL.get(usize::from(c & 7));
            let level = match c >> 3 {
                0 => Some(None),
                k => computer::Level::ALL.get(usize::from(k) - 1).map(Some),
            };
            match (colour, level) {
                (Some(c), Some(None)) => c.name().to_string(),
                (Some(c), Some(Some(l))) => format!("{}-{}", c.name(), l.name()),
                _ => "?".to_string(),
            }
        })
        .collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use computer::Level;

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

    #[test]
    fn seats_travel_in_an_invitation_as_a_byte_each() {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        for p in [
            "red,blue",
            "purple,blue-hard",
            "black-random,yellow-hard-v1",
        ] {
            let seats = seats_from_param(p, &names).unwrap();
            let codes: Vec<u8> = seats.iter().map(seat_code).collect();
            assert!(codes.iter().all(|&c| c < 0x80));
            assert_eq!(param_of_codes(&codes), p);
        }
        assert_eq!(seats_from_param(&param_of_codes(&[7, 0x7f]), &names), None);
    }
}
