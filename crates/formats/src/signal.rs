//! Live play's signalling (issue 37, docs/live-play.md): a WebRTC offer or
//! answer as compact as it can be, to ride beside a fair game's link
//! (`#LINK~SIGNAL`). It keeps only what the connection needs: the DTLS
//! fingerprint (SHA-256, 32 bytes) and the UDP candidates (address, port,
//! type); the rest of a session description is a fixed template
//! ([`Signal::to_sdp`]) and the ICE credentials are derived from the
//! fingerprint ([`ice_credentials`]), so they need not travel.
//!
//! Bytes: a version byte (`0x10` an offer, `0x11` an answer), the
//! fingerprint, then per candidate a tag (address kind in bits 0–1: IPv4,
//! IPv6, an mDNS name `<uuid>.local`; candidate type in bits 2–3: host,
//! srflx, prflx, relay; bit 4: the port is the candidate before's), the
//! address (4, 16 or 16 bytes), the port (2 bytes, big-endian, unless bit
//! 4); sealed like a link (base64url, CRC-32). Only the best candidates
//! are kept ([`best`]). Live play's invitation and answer carry the same
//! bytes inside one sealed payload with the game (`crate::handshake`);
//! this form rides beside a fair game's link (`LINK~SIGNAL`) when the link
//! holds moves. Pure, no browser: the app's `ui/live.rs` is the
//! connection.

use sha2::{Digest, Sha256};

use crate::share::{seal, unseal};

/// The separator between a fair game's link and the signal beside it
/// (not in base64url's alphabet, kept by messengers in a URL).
pub const SEPARATOR: char = '~';

/// The most candidates kept (a device has a few; more would only lengthen
/// the link).
pub const MAX_CANDIDATES: usize = 8;

const OFFER: u8 = 0x10;
const ANSWER: u8 = 0x11;

/// A candidate's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    /// An mDNS name, `<uuid>.local` (how browsers hide a host address).
    Mdns([u8; 16]),
}

/// ICE candidate types (RFC 8445).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Host,
    Srflx,
    Prflx,
    Relay,
}

impl Kind {
    const ALL: [Kind; 4] = [Kind::Host, Kind::Srflx, Kind::Prflx, Kind::Relay];
    fn name(self) -> &'static str {
        match self {
            Kind::Host => "host",
            Kind::Srflx => "srflx",
            Kind::Prflx => "prflx",
            Kind::Relay => "relay",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    pub kind: Kind,
}

/// An offer (the inviting device) or an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signal {
    pub offer: bool,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a signal does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalError {
    /// Not base64url, a wrong checksum, cut short or with bytes left over.
    Damaged,
    /// A version byte this app does not know.
    Version,
    /// No fingerprint in a session description.
    NoFingerprint,
}

/// The ICE username fragment (8 characters) and password (24) of the side
/// whose DTLS fingerprint is `fp`: both sides compute them, so they never
/// travel (hex digits are ICE characters).
pub fn ice_credentials(fp: &[u8; 32]) -> (String, String) {
    let mut h = Sha256::new();
    h.update(b"city-ice");
    h.update(fp);
    let d = h.finalize();
    let hex: String = d.iter().map(|b| format!("{b:02x}")).collect();
    (hex[..8].to_string(), hex[8..32].to_string())
}

fn hex_pair(s: &str) -> Option<u8> {
    u8::from_str_radix(s, 16).ok()
}

/// A UUID's 16 bytes from `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
fn uuid(s: &str) -> Option<[u8; 16]> {
    let digits: String = s.chars().filter(|&c| c != '-').collect();
    if digits.len() != 32 || s.len() != 36 || !digits.is_ascii() {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = hex_pair(&digits[2 * i..2 * i + 2])?;
    }
    Some(out)
}

fn uuid_text(b: &[u8; 16]) -> String {
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

fn address(s: &str) -> Option<Address> {
    if let Some(name) = s.strip_suffix(".local") {
        return uuid(name).map(Address::Mdns);
    }
    match s.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(a) => Some(Address::V4(a.octets())),
        std::net::IpAddr::V6(a) => Some(Address::V6(a.octets())),
    }
}

fn address_text(a: &Address) -> String {
    match a {
        Address::V4(b) => std::net::Ipv4Addr::from(*b).to_string(),
        Address::V6(b) => std::net::Ipv6Addr::from(*b).to_string(),
        Address::Mdns(b) => format!("{}.local", uuid_text(b)),
    }
}

/// A candidate from the value of an `a=candidate:` line (or an
/// `RTCIceCandidate`'s `candidate`, `candidate:` first): UDP, component 1.
pub fn candidate(line: &str) -> Option<Candidate> {
    let line = line.trim();
    let line = line.strip_prefix("a=").unwrap_or(line);
    let line = line.strip_prefix("candidate:")?;
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" {
        return None;
    }
    let kind = Kind::ALL.into_iter().find(|k| k.name() == f[7])?;
    Some(Candidate {
        address: address(f[4])?,
        port: f[5].parse().ok().filter(|&p| p != 0)?,
        kind,
    })
}

/// The candidates a signal keeps, in the order gathered (the browser's
/// priority): one host candidate (an IPv4 address, else an mDNS name,
/// which is how browsers show a host address unless told otherwise, else
/// IPv6: two devices on one network reach each other by IPv4), one
/// server-reflexive (the public address a STUN server saw, IPv4 first:
/// across the internet), one relay (a TURN server's, if one was set).
/// Each more would add 7 to 19 bytes to the link for a path the one kept
/// already offers.
pub fn best(all: &[Candidate]) -> Vec<Candidate> {
    let rank = |a: &Address| match a {
        Address::V4(_) => 0,
        Address::Mdns(_) => 1,
        Address::V6(_) => 2,
    };
    let mut kept: Vec<Candidate> = Vec::new();
    for kind in [Kind::Host, Kind::Srflx, Kind::Relay] {
        if let Some(c) = all
            .iter()
            .filter(|c| c.kind == kind)
            .min_by_key(|c| rank(&c.address))
        {
            kept.push(*c);
        }
    }
    kept
}

/// Who reads a signal, which decides the candidates it can do without
/// ([`needed`]).
#[derive(Clone, Copy, Debug)]
pub enum Reader<'a> {
    /// An offer whose answer comes back with the answerer's candidates
    /// (an invitation, a star's offer, a rejoin beside a link).
    Answerer,
    /// An offer that may connect alone (a short reconnect whose answer is
    /// presumed: no candidates come back), so it keeps every kind.
    Alone,
    /// The answer to this offer.
    Offerer(&'a Signal),
}

/// The candidates a signal needs for its reader: an offer that will be
/// answered leaves out its host candidate when it has a public
/// (server-reflexive) one: on one network the answer keeps the
/// answerer's host candidate (below), the offerer's checks reach it and
/// the answerer learns the offerer from them (peer-reflexive); across
/// the internet a host address is of no use. An answer leaves out its
/// host candidate when its public address and the offer's differ (two
/// networks): on one network both see the same public address. About 23
/// characters of a link each (an mDNS name is 19 bytes); measured in
/// docs/live-play.md, tested end to end by live.spec.js with a STUN
/// server of the test's that tells each device a public address.
pub fn needed(kept: Vec<Candidate>, reader: Reader) -> Vec<Candidate> {
    let public = |cs: &[Candidate]| cs.iter().find(|c| c.kind == Kind::Srflx).map(|c| c.address);
    let ours = public(&kept);
    let drop_host = match reader {
        Reader::Alone => false,
        Reader::Answerer => ours.is_some(),
        Reader::Offerer(offer) => match (ours, public(&offer.candidates)) {
            (Some(Address::V4(a)), Some(Address::V4(b))) => a != b,
            (Some(Address::V6(a)), Some(Address::V6(b))) => a != b,
            // Not comparable: kept.
            _ => false,
        },
    };
    if drop_host {
        kept.into_iter().filter(|c| c.kind != Kind::Host).collect()
    } else {
        kept
    }
}

impl Signal {
    /// The signal of a local session description (after its
    /// `setLocalDescription` and the candidates gathered): its fingerprint
    /// and the candidates worth their bytes ([`best`]).
    pub fn from_sdp(sdp: &str, offer: bool) -> Result<Signal, SignalError> {
        let mut fingerprint = None;
        let mut candidates: Vec<Candidate> = Vec::new();
        for line in sdp.lines() {
            let line = line.trim();
            if let Some(fp) = line.strip_prefix("a=fingerprint:sha-256 ") {
                let bytes: Option<Vec<u8>> = fp.trim().split(':').map(hex_pair).collect();
                fingerprint = bytes.and_then(|b| <[u8; 32]>::try_from(b).ok());
            } else if let Some(c) = candidate(line) {
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
        }
        Ok(Signal {
            offer,
            fingerprint: fingerprint.ok_or(SignalError::NoFingerprint)?,
            candidates: best(&candidates),
        })
    }

    /// The whole session description the other device hands to
    /// `setRemoteDescription`: one data channel's m-line, this side's
    /// derived ICE credentials, its fingerprint and candidates.
    pub fn to_sdp(&self) -> String {
        let (ufrag, pwd) = ice_credentials(&self.fingerprint);
        let fp: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let mut lines = vec![
            "v=0".to_string(),
            "o=- 1 2 IN IP4 127.0.0.1".into(),
            "s=-".into(),
            "t=0 0".into(),
            "a=group:BUNDLE 0".into(),
            "a=msid-semantic: WMS".into(),
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel".into(),
            "c=IN IP4 0.0.0.0".into(),
            format!("a=ice-ufrag:{ufrag}"),
            format!("a=ice-pwd:{pwd}"),
            "a=ice-options:trickle".into(),
            format!("a=fingerprint:sha-256 {}", fp.join(":")),
            format!(
                "a=setup:{}",
                if self.offer { "actpass" } else { ANSWER_SETUP }
            ),
            "a=mid:0".into(),
            "a=sctp-port:5000".into(),
            "a=max-message-size:262144".into(),
        ];
        for (i, c) in self.candidates.iter().enumerate() {
            lines.push(format!(
                "a=candidate:{} 1 udp {} {} {} typ {}",
                i + 1,
                2_122_260_223 - i as u32,
                address_text(&c.address),
                c.port,
                c.kind.name()
            ));
        }
        lines.push("a=end-of-candidates".into());
        let mut sdp = lines.join("\r\n");
        sdp.push_str("\r\n");
        sdp
    }

    /// The signal as it travels beside a link: base64url, sealed by a
    /// CRC-32.
    pub fn encode(&self) -> String {
        let mut b = vec![if self.offer { OFFER } else { ANSWER }];
        self.put(&mut b);
        seal(&b)
    }

    /// The fingerprint and the candidates, as every form of the signal
    /// writes them (here, and inside live play's invitation and answer,
    /// `crate::handshake`): a candidate's port is left off when it is the
    /// one before's (a NAT that keeps ports maps the host's port to the
    /// same public one).
    pub(crate) fn put(&self, b: &mut Vec<u8>) {
        b.extend_from_slice(&self.fingerprint);
        let mut last_port = None;
        for c in self.candidates.iter().take(MAX_CANDIDATES) {
            let kind = Kind::ALL.iter().position(|k| *k == c.kind).unwrap_or(0) as u8;
            let (tag, addr): (u8, &[u8]) = match &c.address {
                Address::V4(a) => (0, a),
                Address::V6(a) => (1, a),
                Address::Mdns(a) => (2, a),
            };
            let same = last_port == Some(c.port);
            b.push(tag | kind << 2 | u8::from(same) << 4);
            b.extend_from_slice(addr);
            if !same {
                b.extend_from_slice(&c.port.to_be_bytes());
            }
            last_port = Some(c.port);
        }
    }

    /// A signal read back; damaged or unknown input is refused, never a
    /// panic.
    pub fn decode(s: &str) -> Result<Signal, SignalError> {
        let (offer, b) = unseal_kind(s, [OFFER, ANSWER])?;
        Signal::read(&b[1..], offer)
    }

    /// The fingerprint and candidates of [`Signal::put`], to the end of
    /// `b`.
    pub(crate) fn read(b: &[u8], offer: bool) -> Result<Signal, SignalError> {
        let fingerprint: [u8; 32] = b
            .get(..32)
            .and_then(|f| f.try_into().ok())
            .ok_or(SignalError::Damaged)?;
        let mut rest = &b[32..];
        let mut candidates: Vec<Candidate> = Vec::new();
        while let Some((&tag, r)) = rest.split_first() {
            if candidates.len() == MAX_CANDIDATES || tag >> 5 != 0 {
                return Err(SignalError::Damaged);
            }
            let n = match tag & 3 {
                0 => 4,
                1 | 2 => 16,
                _ => return Err(SignalError::Damaged),
            };
            let same = tag & 0x10 != 0;
            let ported = if same { n } else { n + 2 };
            if r.len() < ported {
                return Err(SignalError::Damaged);
            }
            let address = match tag & 3 {
                0 => Address::V4(r[..4].try_into().map_err(|_| SignalError::Damaged)?),
                1 => Address::V6(r[..16].try_into().map_err(|_| SignalError::Damaged)?),
                _ => Address::Mdns(r[..16].try_into().map_err(|_| SignalError::Damaged)?),
            };
            let port = match (same, candidates.last()) {
                (true, Some(c)) => c.port,
                // (A first candidate has no port before it.)
                (true, None) => return Err(SignalError::Damaged),
                (false, _) => u16::from_be_bytes([r[n], r[n + 1]]),
            };
            if port == 0 {
                return Err(SignalError::Damaged);
            }
            candidates.push(Candidate {
                address,
                port,
                kind: Kind::ALL[usize::from(tag >> 2 & 3)],
            });
            rest = &r[ported..];
        }
        Ok(Signal {
            offer,
            fingerprint,
            candidates,
        })
    }
}

/// The answerer's DTLS role: the server (`passive`), so the offerer, the
/// client, starts the handshake as soon as its checks reach the answerer.
/// With the browser's default (`active`) the answerer's ClientHello went to
/// the offer's connection, which keeps it until the answer is opened; a
/// host whose page reloaded meanwhile never got it, and the answerer's
/// retries, backing off, came after the host had given up (measured: an
/// answer opened 15 s after the host's reload did not connect;
/// docs/live-play.md).
pub const ANSWER_SETUP: &str = "passive";

/// A local description from `createOffer`/`createAnswer` with its ICE
/// credentials replaced by those derived from its own fingerprint (done
/// before `setLocalDescription`, so the other side can derive them too)
/// and, in an answer, the DTLS role [`ANSWER_SETUP`]; None without a
/// fingerprint.
pub fn with_credentials(sdp: &str) -> Option<String> {
    let own = Signal::from_sdp(sdp, true).ok()?;
    let (ufrag, pwd) = ice_credentials(&own.fingerprint);
    let mut out = String::with_capacity(sdp.len());
    for line in sdp.split_inclusive('\n') {
        let end = &line[line.trim_end().len()..];
        if line.starts_with("a=ice-ufrag:") {
            out.push_str(&format!("a=ice-ufrag:{ufrag}{end}"));
        } else if line.starts_with("a=ice-pwd:") {
            out.push_str(&format!("a=ice-pwd:{pwd}{end}"));
        } else if line.starts_with("a=setup:active") {
            out.push_str(&format!("a=setup:{ANSWER_SETUP}{end}"));
        } else {
            out.push_str(line);
        }
    }
    Some(out)
}

/// A fragment split into the fair game's link and the signal beside it,
/// if any (`LINK~SIGNAL`).
pub fn split(fragment: &str) -> (&str, Option<&str>) {
    match fragment.split_once(SEPARATOR) {
        Some((link, signal)) => (link, Some(signal)),
        None => (fragment, None),
    }
}

/// A sealed signal's bytes (at most 1,024 characters, its CRC-32 right)
/// and whether its first byte is `kinds`' offer (`kinds[0]`) or answer
/// (`kinds[1]`); any other first byte is another version. For two
/// devices' signals and the star's (`crate::star_signal`), each with its
/// own pair of kinds.
pub(crate) fn unseal_kind(s: &str, kinds: [u8; 2]) -> Result<(bool, Vec<u8>), SignalError> {
    if s.len() > 1024 {
        return Err(SignalError::Damaged);
    }
    let b = unseal(s).map_err(|_| SignalError::Damaged)?;
    let offer = match b.first() {
        Some(&k) if k == kinds[0] => true,
        Some(&k) if k == kinds[1] => false,
        Some(_) => return Err(SignalError::Version),
        None => return Err(SignalError::Damaged),
    };
    Ok((offer, b))
}

#[cfg(test)]
mod tests;
