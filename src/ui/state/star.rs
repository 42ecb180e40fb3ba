//! A game on three to five devices in play (issue 37, docs/fair-deal.md
//! "Three to five devices"): beside the play's fair game (`Play::fair`,
//! which every two-device path already reads), which device plays each
//! seat, each device's key and newest signature, and what this device
//! sends: its link, signed (by WebCrypto, so made asynchronously in the
//! `star` chunk: `ui::star_play`), and the host's invitations.

use formats::fair_game::FairGame;
use formats::star::{Devices, StarGame};

/// What a play on three to five devices holds beside its fair game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Star {
    /// This device (0: the host's).
    pub me: u8,
    pub devices: Devices,
    /// This device's link as it is now, signed; None while it is made
    /// (after a move or a link opened: Copy link waits for it).
    pub link: Option<String>,
    /// The host's invitations while answers are due: per guest device,
    /// the invitation and whether its answer is in.
    pub invitations: Vec<Invitation>,
    /// Bumped when live play's offers or answers change
    /// (`ui::live_star`): the invitations and Copy link show them beside
    /// their links.
    pub live: u32,
}

/// The host's invitation for one guest device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    pub device: u8,
    pub link: String,
    pub answered: bool,
}

impl Star {
    /// A star game's devices, its link to be made.
    pub fn of(g: &StarGame) -> Star {
        Star {
            me: g.me,
            devices: g.devices.clone(),
            link: None,
            invitations: Vec::new(),
            live: 0,
        }
    }

    /// The star game with `fair`, the play's fair game.
    pub fn game(&self, fair: &FairGame) -> StarGame {
        StarGame {
            me: self.me,
            devices: self.devices.clone(),
            fair: fair.clone(),
        }
    }

    /// The seats device `d` plays, by index.
    pub fn seats_of(&self, d: u8) -> Vec<usize> {
        (0..self.devices.of_seat.len())
            .filter(|&s| self.devices.of_seat[s] == d)
            .collect()
    }
}
