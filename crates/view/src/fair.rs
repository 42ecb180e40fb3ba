//! A fair game across devices (issue 37) in words: what this device waits
//! for, from whom, said where the decision would be.

use formats::fair_game::{Awaited, FairGame};
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
}
