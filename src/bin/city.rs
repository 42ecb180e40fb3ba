//! `city`: the command-line tool. Replays and writes game records of both
//! rulesets (CGN for The City, CGN-C for classic Carcassonne), plays random
//! games, turns records into share links and back, and runs the AI's
//! self-play matches.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::run(std::env::args().skip(1).collect()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use the_city::engine::any::{AnyGame, Ruleset};
    use the_city::engine::city::{Catalogue, Game, Options, Setup, DEFAULT_STACKS};
    use the_city::engine::classic;
    use the_city::engine::core::random;
    use the_city::notation::{self, city as record, classic as classic_record, DeckTag};
    use the_city::share;

    const USAGE: &str = "usage:
  city replay FILE
      replay a record of either game (its [Game] tag says which); print its summary
      as one JSON object
  city random [--game the-city] --seed S --players K [--stacks \"30 25 20\"] [--options \"name=value ...\"]
  city random --game classic --seed S --players K [--expansions \"...\"] [--options \"name=value ...\"] [--tiles N]
      play a whole game choosing uniformly among the legal choices; print its record
      with an explicit Deck tag (--tiles N: only the first N tiles of the shuffled pile)
  city share FILE.cgn
      print the share link of a record (setup and every decision; other tags are dropped)
  city unshare LINK
      print the record a share link holds (LINK alone, with its '#', or a whole URL)
  city selfplay [--game the-city|classic] [--expansions \"...\"] [--options \"name=value ...\"]
                --a LEVEL --b LEVEL --games N [--players K] [--seed S] [--seating one-a] [--json]
      play seeded games between two AI levels (random, greedy, easy, normal, hard;
      hard-v1: the hard level before issue 14, a baseline), seats rotating (a, b, a, b…;
      with --seating one-a: a in one seat, b in the others); print win rates and mean
      scores with 95% confidence intervals";

    /// Runs a command line; returns the exit status.
    pub fn run(args: Vec<String>) -> i32 {
        let result = match args.first().map(String::as_str) {
            Some("replay") => replay(&args[1..]),
            Some("random") => random_game(&args[1..]),
            Some("share") => share_record(&args[1..]),
            Some("unshare") => unshare(&args[1..]),
            Some("selfplay") => selfplay(&args[1..]),
            Some("-h" | "--help" | "help") => {
                println!("{USAGE}");
                Ok(())
            }
            _ => Err(USAGE.to_string()),
        };
        match result {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("{e}");
                1
            }
        }
    }

    /// `--name value` pairs after the subcommand.
    fn flags(args: &[String], known: &[&str]) -> Result<Vec<(String, String)>, String> {
        let mut out = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let name = a
                .strip_prefix("--")
                .filter(|n| known.contains(n))
                .ok_or_else(|| format!("unknown argument {a:?}\n{USAGE}"))?;
            let value = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
            out.push((name.to_string(), value.clone()));
        }
        Ok(out)
    }

    fn flag<'a>(flags: &'a [(String, String)], name: &str) -> Option<&'a str> {
        flags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn replay(args: &[String]) -> Result<(), String> {
        let [path] = args else {
            return Err(USAGE.to_string());
        };
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))?;
        let rec = notation::read(&text).map_err(|e| e.to_string())?;
        let json = match &rec.game {
            AnyGame::City(g) => serde_json::to_string(&record::summary(g)),
            AnyGame::Classic(g) => serde_json::to_string(&classic_record::summary(g)),
        };
        println!("{}", json.map_err(|e| e.to_string())?);
        Ok(())
    }

    fn read_record(path: &str) -> Result<notation::AnyRecord, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{path} is not UTF-8 text"))?;
        notation::read(&text).map_err(|e| format!("{path}: {e}"))
    }

    fn selfplay(args: &[String]) -> Result<(), String> {
        use the_city::ai::selfplay::{classic_game, Match, Seating};
        use the_city::ai::Level;
        let json = args.iter().any(|a| a == "--json");
        let rest: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
        let f = flags(
            &rest,
            &[
                "a",
                "b",
                "games",
                "players",
                "seed",
                "game",
                "expansions",
                "options",
                "seating",
            ],
        )?;
        let ruleset = match flag(&f, "game") {
            None => Ruleset::City,
            Some(g) => {
                Ruleset::from_name(g).ok_or(format!("unknown game {g:?}: the-city or classic"))?
            }
        };
        let level = |name: &str| -> Result<Level, String> {
            let v = flag(&f, name).ok_or(format!("--{name} LEVEL is required"))?;
            Level::from_name(v).ok_or(format!(
                "unknown level {v:?}: random, greedy, easy, normal, hard or hard-v1"
            ))
        };
        let seating = match flag(&f, "seating") {
            Some(s) => {
                Seating::from_name(s).ok_or(format!("unknown seating {s:?}: alternate or one-a"))?
            }
            None => Seating::Alternate,
        };
        let (a, b) = (level("a")?, level("b")?);
        let games: usize = flag(&f, "games")
            .ok_or("--games N is required")?
            .parse()
            .map_err(|_| "--games must be a whole number".to_string())?;
        let seats = ruleset.seats();
        let players: usize = flag(&f, "players")
            .unwrap_or("2")
            .parse()
            .ok()
            .filter(|k| seats.contains(k))
            .ok_or(format!(
                "--players must be from {} to {} for {}",
                seats.start(),
                seats.end(),
                ruleset.title()
            ))?;
        let seed: u64 = match flag(&f, "seed") {
            Some(s) => s
                .parse()
                .map_err(|_| "--seed must be a whole number from 0 to 18446744073709551615")?,
            None => 1,
        };
        let matched = Match {
            a,
            b,
            games,
            players,
            seed,
            seating,
        };
        let result = match ruleset {
            Ruleset::City => {
                if flag(&f, "expansions").is_some() || flag(&f, "options").is_some() {
                    return Err("--expansions and --options are for --game classic".into());
                }
                matched.play_city(&mut |_, _| {})
            }
            Ruleset::Classic => {
                let expansions = classic::Expansions::parse(flag(&f, "expansions").unwrap_or(""))?;
                let options =
                    classic::Options::parse(flag(&f, "options").unwrap_or(""), expansions)?;
                // Check the setup once, so that a bad one is an error, not a panic.
                classic_game(players, expansions, options, seed)?;
                let deal = |s| {
                    classic_game(players, expansions, options, s).expect("a setup checked above")
                };
                matched.play(deal, &mut |_, _| {})
            }
        };
        if json {
            println!("{}", result.summary_json());
        } else {
            println!("{}", result.text());
        }
        Ok(())
    }

    fn share_record(args: &[String]) -> Result<(), String> {
        let [path] = args else {
            return Err(USAGE.to_string());
        };
        let rec = read_record(path)?;
        println!("{}", share::encode(&rec.game));
        Ok(())
    }

    fn unshare(args: &[String]) -> Result<(), String> {
        let [link] = args else {
            return Err(USAGE.to_string());
        };
        let game = share::decode(link).map_err(|e| e.to_string())?;
        print!("{}", notation::write(&game, &[], DeckTag::Auto));
        Ok(())
    }

    fn random_game(args: &[String]) -> Result<(), String> {
        let f = flags(
            args,
            &[
                "game",
                "seed",
                "players",
                "stacks",
                "options",
                "expansions",
                "tiles",
            ],
        )?;
        match flag(&f, "game").unwrap_or("the-city") {
            "the-city" => {
                for only_classic in ["expansions", "tiles"] {
                    if flag(&f, only_classic).is_some() {
                        return Err(format!("--{only_classic} is for --game classic"));
                    }
                }
                random_city_game(&f)
            }
            "classic" => random_classic_game(&f),
            other => Err(format!(
                "unknown game {other:?}: {}",
                Ruleset::ALL.map(|r| r.name()).join(" or ")
            )),
        }
    }

    fn seed_flag(f: &[(String, String)]) -> Result<u64, String> {
        flag(f, "seed")
            .ok_or("--seed S is required")?
            .parse()
            .map_err(|_| "--seed must be a decimal u64".to_string())
    }

    fn player_names(f: &[(String, String)], ruleset: Ruleset) -> Result<Vec<String>, String> {
        let seats = ruleset.seats();
        let range = format!("--players must be {} to {}", seats.start(), seats.end());
        let k: usize = flag(f, "players")
            .ok_or("--players K is required")?
            .parse()
            .map_err(|_| range.clone())?;
        if !seats.contains(&k) {
            return Err(range);
        }
        Ok(["Ann", "Bob", "Cid", "Dee", "Eve"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect())
    }

    fn random_classic_game(f: &[(String, String)]) -> Result<(), String> {
        if flag(f, "stacks").is_some() {
            return Err("--stacks is for --game the-city".into());
        }
        let seed = seed_flag(f)?;
        let names = player_names(f, Ruleset::Classic)?;
        let expansions = classic::Expansions::parse(flag(f, "expansions").unwrap_or(""))?;
        let options = classic::Options::parse(flag(f, "options").unwrap_or(""), expansions)?;
        let catalogue = classic::Catalogue::builtin().map_err(|e| e.to_string())?;
        let mut setup = classic::Setup::from_seed(catalogue, names, expansions, options, seed)
            .map_err(|e| e.to_string())?;
        if let Some(n) = flag(f, "tiles") {
            let n: usize = n
                .parse()
                .ok()
                .filter(|&n| n <= setup.deck.len())
                .ok_or(format!(
                    "--tiles must be a number from 0 to {}",
                    setup.deck.len()
                ))?;
            setup = setup.first_tiles(n);
        }
        let mut game = classic::Game::new(catalogue, setup).map_err(|e| e.to_string())?;
        random::play_out(&mut game, &mut random::choice_rng(seed));
        let note = vec![(
            "Note".to_string(),
            format!("random play; pile dealt from Seed {seed}"),
        )];
        print!("{}", classic_record::write(&game, &note, DeckTag::Deck));
        Ok(())
    }

    fn random_city_game(f: &[(String, String)]) -> Result<(), String> {
        let seed = seed_flag(f)?;
        let names = player_names(f, Ruleset::City)?;
        let stacks = match flag(f, "stacks") {
            Some(s) => record::parse_stacks(s)?,
            None => DEFAULT_STACKS,
        };
        let options = match flag(f, "options") {
            Some(s) => Options::parse(s)?,
            None => Options::default(),
        };
        let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
        let setup =
            Setup::from_seed(catalogue, names, seed, stacks, options).map_err(|e| e.to_string())?;
        let mut game = Game::new(catalogue, setup).map_err(|e| e.to_string())?;
        random::play_out(&mut game, &mut random::choice_rng(seed));
        let note = vec![(
            "Note".to_string(),
            format!("random play; deck dealt from Seed {seed}"),
        )];
        print!("{}", record::write(&game, &note, DeckTag::Deck));
        Ok(())
    }
}
