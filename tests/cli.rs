//! The `city` command-line tool, run as a real process.

use std::process::Command;

fn city(args: &[&str]) -> (i32, String, String) {
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

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("city-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn random_then_replay_gives_the_summary_of_the_same_game() {
    for (seed, players) in [("7", "2"), ("8", "3"), ("9", "4")] {
        let (code, record, err) = city(&["random", "--seed", seed, "--players", players]);
        assert_eq!(code, 0, "{err}");
        assert!(record.contains("[Deck \""), "random writes the draw order");
        assert!(
            !record.contains("[Seed "),
            "random writes Deck instead of Seed"
        );
        let path = temp_file(&format!("r{seed}.cgn"), &record);
        let (code, json, err) = city(&["replay", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let n: usize = players.parse().unwrap();
        assert_eq!(v["players"].as_array().unwrap().len(), n);
        assert_eq!(v["scores"].as_array().unwrap().len(), n);
        assert_eq!(v["breakdown"].as_array().unwrap().len(), n);
        for (b, s) in v["breakdown"]
            .as_array()
            .unwrap()
            .iter()
            .zip(v["scores"].as_array().unwrap())
        {
            let sum: u64 = ["streets", "markets", "towers", "stewards", "guards"]
                .iter()
                .map(|k| b[k].as_u64().unwrap())
                .sum();
            assert_eq!(
                sum,
                s.as_u64().unwrap(),
                "the breakdown adds up to the score"
            );
        }
        let lines = record
            .lines()
            .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()));
        assert_eq!(v["turns"].as_u64().unwrap() as usize, lines.count());
        assert!(
            ["last-wall", "last-tile", "gap", "closed"].contains(&v["ended_by"].as_str().unwrap())
        );
    }
}

#[test]
fn random_honours_stacks_and_options() {
    let (code, record, err) = city(&[
        "random",
        "--seed",
        "3",
        "--players",
        "2",
        "--stacks",
        "5 4 3",
        "--options",
        "score-before-guard=on",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(record.contains("[Stacks \"5 4 3\"]"));
    assert!(record.contains("score-before-guard=on"));
    let (code, _, err) = city(&[
        "random",
        "--seed",
        "3",
        "--players",
        "2",
        "--options",
        "nonsense=on",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown option"), "{err}");
}

#[test]
fn an_illegal_record_exits_1_with_line_and_reason() {
    let (_, record, _) = city(&["random", "--seed", "11", "--players", "2"]);
    // Move turn 3's tile far away from the city.
    let bad: String = record
        .lines()
        .map(|l| {
            if let Some(rest) = l.strip_prefix("3. ") {
                let mut t: Vec<&str> = rest.split_whitespace().collect();
                t[1] = "40,40";
                format!("3. {}", t.join(" "))
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let line_no = bad.lines().position(|l| l.starts_with("3. ")).unwrap() + 1;
    let path = temp_file("bad.cgn", &bad);
    let (code, out, err) = city(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.starts_with(&format!("line {line_no}: ")) && err.contains("R3.1"),
        "{err}"
    );
}

#[test]
fn garbage_input_is_an_error_not_a_crash() {
    let path = temp_file("garbage.cgn", "\u{0}\u{1}[[[ not a record }}}");
    let (code, _, err) = city(&["replay", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.starts_with("line "), "{err}");
    let (code, _, err) = city(&["replay", "/nonexistent/file.cgn"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, _) = city(&["frobnicate"]);
    assert_eq!(code, 1);
}

#[test]
fn selfplay_prints_the_json_summary() {
    let (code, out, err) = city(&[
        "selfplay",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "4",
        "--players",
        "2",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let n = |k: &str| v[k].as_u64().unwrap();
    assert_eq!(n("games"), 4);
    assert_eq!(n("a_wins") + n("b_wins") + n("ties"), 4);
    assert!(v["a_mean"].as_f64().unwrap() > 0.0);
    let (code, _, err) = city(&[
        "selfplay",
        "--a",
        "grandmaster",
        "--b",
        "random",
        "--games",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown level"), "{err}");
}
