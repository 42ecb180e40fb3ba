//! What the `city` tool's tests share: the tool run as a real process.

use std::process::Command;

/// Runs `city ARGS`: its exit code, standard output and standard error.
pub fn city(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_city"))
        .args(args)
        .output()
        .expect("the city binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
