//! Check a classic tile catalogue (tiles/FORMAT-2.md) with every check of
//! its format, as `check2.py` does (the engine's loader and
//! `catalogue_check::classic`): `cargo run --example check_classic_catalogue
//! [FILE]` (default: the embedded copy). Prints every problem; exits 1 on any.

use engine::catalogue_check::classic::check;
use engine::classic::tiles::BUILTIN_JSON;

fn main() {
    let json = match std::env::args().nth(1) {
        Some(path) => match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("cannot read {path}: {e}");
                std::process::exit(1);
            }
        },
        None => BUILTIN_JSON.to_string(),
    };
    match check(&json) {
        Ok(c) => {
            let total: u32 = c.tiles.iter().map(|t| t.count as u32).sum();
            println!("ok: {} tile types, {total} tiles", c.tiles.len());
        }
        Err(e) => {
            for p in &e.0 {
                println!("ERROR: {p}");
            }
            println!("{} error(s)", e.0.len());
            std::process::exit(1);
        }
    }
}
