//! A fair game across devices (issue 37) in words: what this device waits
//! for, from whom, said where the decision would be.

use formats::fair_game::{Awaited, FairGame};
use formats::star::StarGame;
use i18n::msg;

/// The seat awaited and the sentence the prompt says instead of a
/// decision, when this device waits: for the guest's answer (the first
/// seat played elsewhere is named), or for the link of the device of the
/// seat named. None when a seat of this device decides, or at the end.
pub fn waiting(awaited: Awaited, fair: &FairGame, names: &[String]) -> Option<(u8, String)> {
    let name = |s: usize| names.get(s).cloned().unwrap_or_default();
    match awaited {
        Awaited::Answer => {
            let s = (0..names.len()).find(|&s| !fair.own(s))?;
            Some((s as u8, msg::share::fair_invite(&name(s))))
        }
        Awaited::Link { seat } => Some((seat, msg::share::fair_waiting(&name(usize::from(seat))))),
        Awaited::Nothing | Awaited::Over => None,
    }
}

/// The same for a game on three to five devices (`formats::star`): the
/// host names the first guest whose answer it has not opened (its
/// invitation is that device's); a guest whose answer has gone waits for
/// the host's link; then whoever is awaited, and the link goes to every
/// other device (each of their players named).
pub fn star_waiting(star: &StarGame, names: &[String]) -> Option<(u8, String)> {
    let name = |s: usize| names.get(s).cloned().unwrap_or_default();
    let first_seat = |d: u8| star.devices.of_seat.iter().position(|&k| k == d);
    match star.awaited() {
        Awaited::Answer => {
            let d = *star.unanswered().first()?;
            let s = first_seat(d)?;
            Some((s as u8, msg::share::fair_invite(&name(s))))
        }
        Awaited::Link { seat } if !star.fair.deal.committed() => {
            Some((seat, msg::share::fair_waiting(&name(usize::from(seat)))))
        }
        Awaited::Link { seat } => {
            let others: Vec<String> = (0..names.len())
                .filter(|&s| star.devices.of_seat.get(s) != Some(&star.me))
                .map(name)
                .collect();
            Some((
                seat,
                msg::share::star_waiting(&name(usize::from(seat)), &others.join(", ")),
            ))
        }
        Awaited::Nothing | Awaited::Over => None,
    }
}

/// Each seat's device in a game on three to five devices, from the
/// new-game form (issue 37): per seat, whether it is on a friend's device
/// and which friend's (1 to 4); this device is 0, the friends' devices
/// are numbered 1, 2… in the order their first seat comes. None when one
/// friend's device or none plays (one device, or two: a version 4 game).
pub fn star_devices(remote: &[bool], friend: &[u8]) -> Option<Vec<u8>> {
    let mut friends: Vec<u8> = Vec::new();
    let of_seat: Vec<u8> = remote
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            if !r {
                return 0;
            }
            let f = friend.get(i).copied().unwrap_or(1);
            match friends.iter().position(|&k| k == f) {
                Some(k) => k as u8 + 1,
                None => {
                    friends.push(f);
                    friends.len() as u8
                }
            }
        })
        .collect();
    (friends.len() >= 2).then_some(of_seat)
}

/// The host's label for device `d`'s invitation: the players of its
/// seats.
pub fn invitation_label(of_seat: &[u8], d: u8, names: &[String]) -> String {
    let players: Vec<&str> = of_seat
        .iter()
        .zip(names)
        .filter(|(&k, _)| k == d)
        .map(|(_, n)| n.as_str())
        .collect();
    msg::share::star_invitation(&players.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::any::AnySetup;
    use engine::city::{Catalogue, Options, Setup, DEFAULT_STACKS};
    use formats::fair_game::Received;
    use formats::share::fair;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into()]
    }

    fn host() -> FairGame {
        let cat = Catalogue::builtin().unwrap();
        let setup = AnySetup::City(
            Setup::from_seed(cat, names(), 0, DEFAULT_STACKS, Options::default()).unwrap(),
        );
        FairGame::host(&setup, &[true, false], [1; 16], &mut || [7; 32]).unwrap()
    }

    /// The host waits for Bob's answer, then (Bob moving second) decides;
    /// Bob waits for Ann's link; in English and in German.
    #[test]
    fn the_waiting_device_says_whose_link_it_waits_for() {
        let host = host();
        let r = host.replayed().unwrap();
        let (seat, words) = waiting(host.awaited(&r), &host, &names()).unwrap();
        assert_eq!(seat, 1);
        assert_eq!(
            words,
            "Send this invitation link to Bob, then open here the answer Bob sends back."
        );
        let inv = fair::decode(&host.link().unwrap()).unwrap();
        let guest = FairGame::join(&inv, &mut || [8; 32]).unwrap();
        let r = guest.replayed().unwrap();
        let (seat, words) = waiting(guest.awaited(&r), &guest, &names()).unwrap();
        assert_eq!(seat, 0);
        assert!(
            words.starts_with("Waiting for Ann's link: send Ann this link"),
            "{words}"
        );
        let german = i18n::speaking(i18n::Language::De, || {
            waiting(guest.awaited(&r), &guest, &names()).unwrap().1
        });
        assert!(
            german.starts_with("Warten auf den Link von Ann"),
            "{german}"
        );
        let answer = fair::decode(&guest.link().unwrap()).unwrap();
        let Ok(Received::Continues(host)) = host.receive(&answer, &names()) else {
            panic!()
        };
        let r = host.replayed().unwrap();
        assert_eq!(
            waiting(host.awaited(&r), &host, &names()),
            None,
            "Ann decides"
        );
    }

    /// The form's friends make devices 1, 2… in the order their first
    /// seat comes; one friend's device (or none) is not a star.
    #[test]
    fn the_forms_friends_number_the_devices() {
        assert_eq!(
            star_devices(&[false, true, true], &[1, 1, 2]),
            Some(vec![0, 1, 2])
        );
        assert_eq!(
            star_devices(&[true, false, true, true, true], &[3, 1, 1, 3, 4]),
            Some(vec![1, 0, 2, 1, 3])
        );
        assert_eq!(star_devices(&[false, true, true], &[1, 2, 2]), None);
        assert_eq!(star_devices(&[false, true, true], &[],), None);
        assert_eq!(star_devices(&[false, false], &[1, 2]), None);
        // (The seats not on a friend's device keep 0 whatever friend they
        // name.)
        assert_eq!(
            star_devices(&[false, true, false, true], &[4, 2, 3, 1]),
            Some(vec![0, 1, 0, 2])
        );
    }

    /// Each invitation names the players of its device's seats, in
    /// English and in German.
    #[test]
    fn an_invitation_is_labelled_with_its_seats() {
        let names: Vec<String> = ["Ann", "Bob", "Cat", "Dan"].map(String::from).to_vec();
        let of_seat = [0, 1, 2, 1];
        assert_eq!(
            invitation_label(&of_seat, 1, &names),
            "Invitation for Bob, Dan"
        );
        assert_eq!(invitation_label(&of_seat, 2, &names), "Invitation for Cat");
        let german = i18n::speaking(i18n::Language::De, || invitation_label(&of_seat, 1, &names));
        assert_eq!(german, "Einladung für Bob, Dan");
    }

    /// Three devices: Ann's invitation goes to Bob, then to Cat; Bob,
    /// answered, waits for Ann's link; once every device has joined, a
    /// device that waits names every other device's players; in Polish
    /// too.
    #[test]
    fn three_devices_say_whom_they_invite_and_wait_for() {
        use formats::star::{self, StarReceived};
        let names: Vec<String> = vec!["Ann".into(), "Bob".into(), "Cat".into()];
        let cat = Catalogue::builtin().unwrap();
        let setup = AnySetup::City(
            Setup::from_seed(cat, names.clone(), 0, DEFAULT_STACKS, Options::default()).unwrap(),
        );
        let host = StarGame::host(&setup, &[0, 1, 2], [1; 16], &mut || [7; 32], [2; 33]).unwrap();
        let said = |g: &StarGame| star_waiting(g, &names).unwrap();
        assert_eq!(
            said(&host),
            (
                1,
                "Send this invitation link to Bob, then open here the answer Bob sends back."
                    .into()
            )
        );
        let join = |d: u8, x: u8| {
            let inv = star::decode(&host.invitation(d).unwrap()).unwrap();
            StarGame::join(&inv, &mut || [x; 32], [3; 33]).unwrap()
        };
        let (bob, cat) = (join(1, 8), join(2, 9));
        assert!(said(&bob)
            .1
            .starts_with("Waiting for Ann's link: send Ann this link"));
        let open = |g: &StarGame, l: String| match g.receive(&star::decode(&l).unwrap(), &names) {
            Ok(StarReceived::Continues(g)) => *g,
            e => panic!("{e:?}"),
        };
        let host = open(&host, bob.link().unwrap());
        assert_eq!(said(&host).0, 2, "Cat's invitation now");
        let mut host = open(&host, cat.link().unwrap());
        host.reveal();
        // Ann's turn 1 waits for Bob's and Cat's reveals.
        let bob = open(&bob, host.link().unwrap());
        let (seat, words) = said(&bob);
        assert_eq!(seat, 0);
        assert_eq!(
            words,
            "Waiting for Ann's link: send this link to each of Ann, Cat, then open here the links they send back."
        );
        let polish = i18n::speaking(i18n::Language::Pl, || said(&bob).1);
        assert!(
            polish.contains("Ann, Cat") && polish.starts_with("Czekamy"),
            "{polish}"
        );
    }
}
