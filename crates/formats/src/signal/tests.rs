use super::*;

/// A local description as Chromium writes it (the lines kept and some
/// that are not).
const OFFER_SDP: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n\
c=IN IP4 0.0.0.0\r\n\
a=candidate:1467250027 1 udp 2122260223 192.0.2.2 54321 typ host generation 0 network-id 1\r\n\
a=candidate:1467250028 1 udp 2122262783 fd00::2 40001 typ host generation 0\r\n\
a=candidate:3 1 udp 2122260223 0d3a1f7c-5b2e-4c1d-9a8b-7c6d5e4f3a2b.local 50000 typ host\r\n\
a=candidate:4 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active\r\n\
a=candidate:5 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.0.2.2 rport 54321\r\n\
a=ice-ufrag:abcd\r\na=ice-pwd:efghijklmnopqrstuvwxyz12\r\n\
a=fingerprint:sha-256 4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FF:4F:1A:00:FE\r\n\
a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n";

fn offer() -> Signal {
    Signal::from_sdp(OFFER_SDP, true).unwrap()
}

/// Every UDP candidate of the description, unpruned.
fn all_candidates() -> Vec<Candidate> {
    OFFER_SDP.lines().filter_map(candidate).collect()
}

#[test]
fn a_description_keeps_its_fingerprint_and_best_udp_candidates() {
    let all = all_candidates();
    assert_eq!(all.len(), 4, "the tcp candidate is left out");
    assert!(matches!(all[1].address, Address::V6(_)));
    assert!(matches!(all[2].address, Address::Mdns(_)));
    let s = offer();
    assert_eq!(s.fingerprint[0], 0x4f);
    assert_eq!(s.fingerprint[31], 0xfe);
    // IPv4's host candidate, not IPv6's or the mDNS name; the srflx one.
    assert_eq!(
        s.candidates,
        vec![
            Candidate {
                address: Address::V4([192, 0, 2, 2]),
                port: 54321,
                kind: Kind::Host
            },
            all[3]
        ]
    );
    assert_eq!(all[3].kind, Kind::Srflx);
    // Without an IPv4 address, the mDNS name; without either, IPv6.
    assert_eq!(best(&all[1..]), vec![all[2], all[3]]);
    assert_eq!(best(&all[1..2]), vec![all[1]]);
    assert_eq!(best(&[]), vec![]);
}

#[test]
fn a_signal_round_trips_and_is_short() {
    for offer_side in [true, false] {
        let mut s = offer();
        s.offer = offer_side;
        s.candidates = all_candidates();
        let text = s.encode();
        assert_eq!(Signal::decode(&text), Ok(s.clone()));
        assert!(!text.contains(SEPARATOR) && !text.contains('#'));
        // The description rebuilt holds every candidate as it was.
        let sdp = s.to_sdp();
        let back = Signal::from_sdp(&sdp, offer_side).unwrap();
        assert_eq!(back.candidates, best(&s.candidates));
        assert!(sdp.contains(if offer_side {
            "a=setup:actpass"
        } else {
            "a=setup:passive"
        }));
        assert!(sdp.contains("0d3a1f7c-5b2e-4c1d-9a8b-7c6d5e4f3a2b.local 50000 typ host"));
    }
    // An IPv4 host and a srflx candidate: 1 + 32 + 2×7 + 4 bytes, 68
    // characters; 2 bytes fewer when the NAT kept the port.
    let mut s = offer();
    assert_eq!(s.encode().len(), 68);
    s.candidates[1].port = s.candidates[0].port;
    assert_eq!(s.encode().len(), 66);
    assert_eq!(Signal::decode(&s.encode()), Ok(s));
}

#[test]
fn the_ice_credentials_follow_from_the_fingerprint() {
    let s = offer();
    let (ufrag, pwd) = ice_credentials(&s.fingerprint);
    assert_eq!((ufrag.len(), pwd.len()), (8, 24));
    assert!(ufrag
        .chars()
        .chain(pwd.chars())
        .all(|c| c.is_ascii_hexdigit()));
    let mut other = s.fingerprint;
    other[0] ^= 1;
    assert_ne!(ice_credentials(&other).0, ufrag);
    assert!(s
        .to_sdp()
        .contains(&format!("a=ice-ufrag:{ufrag}\r\na=ice-pwd:{pwd}\r\n")));
}

#[test]
fn bad_signals_are_refused_without_panic() {
    let good = offer().encode();
    assert_eq!(Signal::decode(""), Err(SignalError::Damaged));
    assert_eq!(Signal::decode("!!!"), Err(SignalError::Damaged));
    // Any one character changed: refused (the checksum), never a panic.
    for i in 0..good.len() {
        let mut b = good.clone().into_bytes();
        b[i] = if b[i] == b'A' { b'B' } else { b'A' };
        let s = String::from_utf8(b).unwrap();
        assert!(Signal::decode(&s).is_err(), "changed at {i}");
    }
    // Cut short at any length.
    for n in 0..good.len() {
        let _ = Signal::decode(&good[..n]);
    }
    // Well sealed but wrong inside: an unknown version, a short
    // fingerprint, an unknown address kind, a candidate cut short, port 0.
    let bytes = unseal(&good).unwrap();
    let mut v = bytes.clone();
    v[0] = 0x12;
    assert_eq!(Signal::decode(&seal(&v)), Err(SignalError::Version));
    assert_eq!(
        Signal::decode(&seal(&bytes[..20])),
        Err(SignalError::Damaged)
    );
    let mut v = bytes[..33].to_vec();
    v.extend_from_slice(&[3, 1, 2, 3, 4, 0, 80]);
    assert_eq!(Signal::decode(&seal(&v)), Err(SignalError::Damaged));
    let mut v = bytes[..33].to_vec();
    v.extend_from_slice(&[0, 1, 2, 3]);
    assert_eq!(Signal::decode(&seal(&v)), Err(SignalError::Damaged));
    let mut v = bytes[..33].to_vec();
    v.extend_from_slice(&[0, 1, 2, 3, 4, 0, 0]);
    assert_eq!(Signal::decode(&seal(&v)), Err(SignalError::Damaged));
    // The port of the candidate before, with no candidate before.
    let mut v = bytes[..33].to_vec();
    v.extend_from_slice(&[0x10, 1, 2, 3, 4]);
    assert_eq!(Signal::decode(&seal(&v)), Err(SignalError::Damaged));
    // Arbitrary bytes sealed: refused or read, never a panic.
    let mut x: u32 = 1;
    for n in 0..400 {
        let v: Vec<u8> = (0..(n % 90))
            .map(|_| {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (x >> 16) as u8
            })
            .collect();
        let _ = Signal::decode(&seal(&v));
    }
    // A description without a fingerprint.
    assert_eq!(
        Signal::from_sdp("v=0\r\n", true),
        Err(SignalError::NoFingerprint)
    );
}

#[test]
fn a_fragment_splits_into_link_and_signal() {
    assert_eq!(split("abc~def"), ("abc", Some("def")));
    assert_eq!(split("abc"), ("abc", None));
}

#[test]
fn a_local_description_takes_the_derived_credentials() {
    let sdp = with_credentials(OFFER_SDP).unwrap();
    let (ufrag, pwd) = ice_credentials(&offer().fingerprint);
    assert!(sdp.contains(&format!("a=ice-ufrag:{ufrag}\r\na=ice-pwd:{pwd}\r\n")));
    assert!(!sdp.contains("a=ice-ufrag:abcd"));
    assert_eq!(sdp.len(), OFFER_SDP.len() - 4 - 24 + 8 + 24);
    assert_eq!(with_credentials("v=0\r\n"), None);
    // An offer keeps its `actpass`; an answer (the browser's `active`)
    // becomes the DTLS server, as its rebuilt description says.
    assert!(sdp.contains("a=setup:actpass\r\n"));
    let answer = with_credentials(&OFFER_SDP.replace("a=setup:actpass", "a=setup:active")).unwrap();
    assert!(answer.contains("a=setup:passive\r\n") && !answer.contains("a=setup:active"));
}

/// A phone's candidates across the internet: its mDNS name and the public
/// address a STUN server saw (the NAT keeping the port).
fn phone(public: [u8; 4]) -> Vec<Candidate> {
    vec![
        Candidate {
            address: Address::Mdns([7; 16]),
            port: 50000,
            kind: Kind::Host,
        },
        Candidate {
            address: Address::V4(public),
            port: 50000,
            kind: Kind::Srflx,
        },
    ]
}

#[test]
fn a_signal_leaves_out_the_host_candidate_its_reader_does_without() {
    let host = |cs: &[Candidate]| cs.iter().any(|c| c.kind == Kind::Host);
    // An offer to be answered: its public address only.
    let offer_cands = needed(phone([203, 0, 113, 7]), Reader::Answerer);
    assert_eq!(offer_cands, phone([203, 0, 113, 7])[1..].to_vec());
    // No public address (the STUN setting off): the host one is all there is.
    let local = phone([0; 4])[..1].to_vec();
    assert_eq!(needed(local.clone(), Reader::Answerer), local);
    // An offer that may connect alone keeps it.
    assert!(host(&needed(phone([203, 0, 113, 7]), Reader::Alone)));
    let offer = Signal {
        offer: true,
        fingerprint: [1; 32],
        candidates: offer_cands,
    };
    // The answer on the same network (the same public address) keeps its
    // host candidate: the offerer's checks reach it.
    assert!(host(&needed(
        phone([203, 0, 113, 7]),
        Reader::Offerer(&offer)
    )));
    // On another network it leaves it out.
    assert_eq!(
        needed(phone([198, 51, 100, 9]), Reader::Offerer(&offer)),
        phone([198, 51, 100, 9])[1..].to_vec()
    );
    // Not comparable (the answerer has no public address, or the offer
    // none): kept.
    assert_eq!(needed(local.clone(), Reader::Offerer(&offer)), local);
    let bare = Signal {
        candidates: local.clone(),
        ..offer.clone()
    };
    assert!(host(&needed(
        phone([198, 51, 100, 9]),
        Reader::Offerer(&bare)
    )));
    // Across the internet the two signals are 23 characters shorter each.
    let full = Signal {
        offer: true,
        fingerprint: [1; 32],
        candidates: phone([203, 0, 113, 7]),
    };
    assert_eq!(full.encode().len() - offer.encode().len(), 23);
}
