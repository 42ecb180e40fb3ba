//! A QR code of a link (issue 37): live play's invitation and answer, read
//! by a phone's camera app, which opens the link (no scanner in the app).
//! The modules come from the `qrcode` crate (error correction M: a
//! seventh of the code may be lost, a screen's glare or a finger), drawn
//! as one SVG path with the standard quiet zone of 4 modules round it.
//! The screens draw it in black on white whatever the theme (a camera
//! needs dark modules on a light ground) and at least 4 screen pixels a
//! module (`ui/qr_code.rs`).

use qrcode::{Color, EcLevel, QrCode};

/// The light modules round the code that a reader needs to find it.
pub const QUIET: usize = 4;

/// A QR code ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    /// Modules a side, without the quiet zone (21 for version 1, 4 more a
    /// version).
    pub modules: usize,
    /// The QR version (1–40).
    pub version: i16,
    dark: Vec<bool>,
}

impl Qr {
    /// The code of `text`, or None when it is too long for any version.
    pub fn new(text: &str) -> Option<Qr> {
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
        let version = match code.version() {
            qrcode::Version::Normal(v) => v,
            qrcode::Version::Micro(_) => return None,
        };
        Some(Qr {
            modules: code.width(),
            version,
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == Color::Dark)
                .collect(),
        })
    }

    /// Modules a side with the quiet zone: the SVG's `viewBox` is this
    /// square, one unit a module.
    pub fn size(&self) -> usize {
        self.modules + 2 * QUIET
    }

    /// Whether the module at (`x`, `y`) of the drawing (quiet zone
    /// included) is dark.
    pub fn dark(&self, x: usize, y: usize) -> bool {
        let (Some(x), Some(y)) = (x.checked_sub(QUIET), y.checked_sub(QUIET)) else {
            return false;
        };
        x < self.modules && y < self.modules && self.dark[y * self.modules + x]
    }

    /// The SVG `viewBox`.
    pub fn view_box(&self) -> String {
        format!("0 0 {0} {0}", self.size())
    }

    /// The dark modules as one SVG path: a rectangle per run of dark
    /// modules in a row, `M x y h n v 1 h -n z`.
    pub fn path(&self) -> String {
        let mut out = String::new();
        let n = self.size();
        for y in 0..n {
            let mut x = 0;
            while x < n {
                if !self.dark(x, y) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < n && self.dark(x, y) {
                    x += 1;
                }
                let run = x - start;
                out.push_str(&format!("M{start} {y}h{run}v1h-{run}z"));
            }
        }
        out
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
