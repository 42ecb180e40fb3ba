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
    use engine::any::{AnyGame, Ruleset};
    use engine::city::{Catalogue, Game, Options, Setup, DEFAULT_STACKS};
    use engine::classic;
    use engine::core::random;
    use formats::notation::{self, city as record, classic as classic_record, DeckTag};
    use formats::share;
    use view::errors as say;

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
      print the record a share link holds (LINK alone, with its '#', or a whole URL); of
      live play's invitation, the record of the fair game it invites to (an answer opens
      only on the device that made its invitation)
  city qr TEXT
      print the QR code the app draws for TEXT (a link) as an SVG document
  city selfplay [--game the-city|classic] [--expansions \"...\"] [--options \"name=value ...\"]
                --a LEVEL --b LEVEL --games N [--players K] [--seed S] [--seating one-a] [--json]
      play seeded games between two AI levels (random, greedy, easy, normal, hard;
      hard-v1: the hard level before issue 14, a baseline), seats rotating (a, b, a, b…;
      with --seating one-a: a in one seat, b in the others); print win rates and mean
      scores with 95% confidence intervals; --records DIR: write each game's record as
      DIR/game-K.cgn (K from 1), its seats named after their levels (hard, hard 2)
  city review FILE [--level LEVEL] [--from N] [--json]
      review every decision of a record of either game against the review's judge (a
      deep search valuing moves as the review does, seeded apart from every seat), or
      against the move LEVEL plays there seeded as the app seeds it: one line per
      decision (turn, player, class, points lost, the move played, the best, the luck
      of the draw), then each
      player's figures (margin = skill + luck + rest, accuracy) and the key moments;
      --from N: only the moves that start at decision N or later (the \"n\" of
      --json; the players' figures then count those decisions only);
      --json: {\"level\", \"judge\": {\"name\", \"candidates\", \"work\", \"horizon\",
      \"samples\", \"seed\"}, \"decisions\": [{\"n\", \"turn\", \"seat\", \"player\",
      \"played\", \"best\", \"played_value\", \"best_value\", \"loss\", \"luck\", \"class\"},
      ...], \"players\": [{..., \"margin\", \"skill\", \"luck\", \"rest\", \"accuracy\"}],
      \"key_moments\": {...}}
  city aids FILE [--json]
      the players' aids after the record's last turn, either game: the pile after the tile
      in hand by type (never its order), what fits each open space and the chance the next
      draw does, dead spaces, doomed features, who holds each farm or end-scored feature,
      and the score if the game ended now; --json: {\"seat_to_move\", \"in_hand\",
      \"pile\": {TYPE: COPIES}, \"spaces\": [{\"cell\": \"x,y\", \"fits\": [TYPE],
      \"copies\", \"chance_next\", \"last_chance\"}], \"dead\": [\"x,y\"], \"doomed\": [...],
      \"holdings\": [...], \"scores\": [...], \"projected\": [SCORE per seat]}
  city puzzles --game the-city|classic --from DIR [--budget X] [--prefilter P] [--json]
      mine the records of that game in DIR (*.cgn) for puzzles: decisions whose best
      move is worth at least 5 points more than every other, rechecked on four times
      the samples (--budget scales every pass; 1 by default; --prefilter P: only
      decisions whose greedy best is P points above the next move); one line each, or with
      --json {\"puzzles\": [{\"record\", \"turn\", \"seat\", \"best\", \"best_gain\",
      \"theme\", \"rating\", \"n\", \"second\", \"answers\", \"link\"}]}";

    /// Runs a command line; returns the exit status.
    pub fn run(args: Vec<String>) -> i32 {
        let result = match args.first().map(String::as_str) {
            Some("replay") => replay(&args[1..]),
            Some("random") => random_game(&args[1..]),
            Some("share") => share_record(&args[1..]),
            Some("unshare") => unshare(&args[1..]),
            Some("qr") => qr(&args[1..]),
            Some("selfplay") => selfplay(&args[1..]),
            Some("review") => review(&args[1..]),
            Some("aids") => aids(&args[1..]),
            Some("puzzles") => puzzles(&args[1..]),
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
        let rec = notation::read(&text).map_err(|e| say::record_error(&e))?;
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
        notation::read(&text).map_err(|e| format!("{path}: {}", say::record_error(&e)))
    }

    fn selfplay(args: &[String]) -> Result<(), String> {
        use computer::selfplay::{classic_game, classic_game_named, Match, Seating};
        use computer::Level;
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
                "records",
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
        let records = flag(&f, "records").map(std::path::PathBuf::from);
        if let Some(dir) = &records {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        // Each game's record, when asked for; the first error stops the writing.
        let mut written: Result<(), String> = Ok(());
        let mut write = |i: usize, text: String| {
            if let (Some(dir), Ok(())) = (&records, &written) {
                let path = dir.join(format!("game-{}.cgn", i + 1));
                written = std::fs::write(&path, text)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()));
            }
        };
        let note = |i: usize| {
            vec![(
                "Note".to_string(),
                format!(
                    "selfplay {a} (a) vs {b} (b), game {} of {games}, seed {seed}",
                    i + 1
                ),
            )]
        };
        let result = match ruleset {
            Ruleset::City => {
                if flag(&f, "expansions").is_some() || flag(&f, "options").is_some() {
                    return Err("--expansions and --options are for --game classic".into());
                }
                matched.play_named(
                    |s, names| computer::selfplay::city_game_named(names, s),
                    &mut |i, _, g| {
                        if records.is_some() {
                            write(i, record::write(g, &note(i), DeckTag::Auto));
                        }
                    },
                )
            }
            Ruleset::Classic => {
                let expansions = classic::Expansions::parse(flag(&f, "expansions").unwrap_or(""))
                    .map_err(|e| say::option(&e))?;
                let options =
                    classic::Options::parse(flag(&f, "options").unwrap_or(""), expansions)
                        .map_err(|e| say::option(&e))?;
                // Check the setup once, so that a bad one is an error, not a panic.
                classic_game(players, expansions, options, seed).map_err(|e| say::setup(&e))?;
                let deal = |s, names| {
                    classic_game_named(names, expansions, options, s)
                        .expect("a setup checked above")
                };
                matched.play_named(deal, &mut |i, _, g| {
                    if records.is_some() {
                        write(i, classic_record::write(g, &note(i), DeckTag::Auto));
                    }
                })
            }
        };
        written?;
        if json {
            println!("{}", result.summary_json());
        } else {
            println!("{}", result.text());
        }
        Ok(())
    }

    /// `city aids FILE [--json]` (issue 39).
    fn aids(args: &[String]) -> Result<(), String> {
        use engine::core::aids::Kind;
        use serde_json::{json, Map, Value};
        let json_out = args.iter().any(|a| a == "--json");
        let rest: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
        let [path] = rest.as_slice() else {
            return Err(USAGE.to_string());
        };
        let game = read_record(path)?.game;
        let ruleset = game.ruleset();
        let a = game.aids();
        let id = |t: engine::core::shape::TileType| view::any::tile_name(ruleset, t);
        let cell = |c: engine::Cell| format!("{},{}", c.x, c.y);
        let cells = |v: &[engine::Cell]| v.iter().map(|&c| cell(c)).collect::<Vec<_>>();
        let kind = |k: Kind| match k {
            Kind::Road => "road",
            Kind::City => "city",
            Kind::Cloister => "cloister",
            Kind::Field => "farm",
            Kind::Street => "street",
            Kind::Market => "market",
            Kind::Residential => "residential-area",
            Kind::Guard => "guard",
        };
        let seats = |mask: u8| (0..8).filter(|p| mask & (1 << p) != 0).collect::<Vec<u8>>();
        let n = game.players().len();
        let total = a.pile_total();
        if !json_out {
            let players = game.players();
            println!(
                "to move: {}; in hand: {}; tiles in the pile after it: {total}",
                players[a.seat_to_move as usize],
                a.in_hand.map_or("none".to_string(), id)
            );
            for s in &a.spaces {
                let fits: Vec<String> = s.fits.iter().map(|&t| id(t)).collect();
                println!(
                    "{}: {}{}",
                    cell(s.cell),
                    if s.dead {
                        "dead".to_string()
                    } else {
                        format!(
                            "{} ({} of {total}){}",
                            if fits.is_empty() {
                                "-".to_string()
                            } else {
                                fits.join(" ")
                            },
                            s.copies,
                            if s.last_chance() {
                                ", one tile left"
                            } else {
                                ""
                            }
                        )
                    },
                    if s.hand_fits {
                        ", the tile in hand fits"
                    } else {
                        ""
                    }
                );
            }
            for d in &a.doomed {
                println!(
                    "doomed {} at {} (needs {}): owners {:?} lose {} each",
                    kind(d.kind),
                    cell(d.cell),
                    cells(&d.needs).join(" "),
                    seats(d.owners)
                        .iter()
                        .map(|&p| players[p as usize].as_str())
                        .collect::<Vec<_>>(),
                    d.lost
                );
            }
            for h in &a.holdings {
                println!(
                    "{} at {}: {:?} would score {:?}",
                    kind(h.kind),
                    cell(h.cell),
                    seats(h.owners)
                        .iter()
                        .map(|&p| players[p as usize].as_str())
                        .collect::<Vec<_>>(),
                    &h.paid[..n]
                );
            }
            for (p, name) in players.iter().enumerate() {
                println!(
                    "{name}: {} now, {} if the game ended now",
                    a.scores[p], a.projected[p]
                );
            }
            return Ok(());
        }
        let mut pile = Map::new();
        for (t, &c) in a.pile.iter().enumerate() {
            if c > 0 {
                pile.insert(id(t as engine::core::shape::TileType), c.into());
            }
        }
        let spaces: Vec<Value> = a
            .spaces
            .iter()
            .map(|s| {
                json!({
                    "cell": cell(s.cell),
                    "fits": s.fits.iter().map(|&t| id(t)).collect::<Vec<_>>(),
                    "copies": s.copies,
                    "chance_next": if total == 0 { 0.0 } else { s.copies as f64 / total as f64 },
                    "last_chance": s.last_chance(),
                    "hand_fits": s.hand_fits,
                })
            })
            .collect();
        let doomed: Vec<Value> = a
            .doomed
            .iter()
            .map(|d| {
                json!({
                    "kind": kind(d.kind),
                    "cell": cell(d.cell),
                    "tiles": cells(&d.tiles),
                    "needs": cells(&d.needs),
                    "followers": &d.followers[..n],
                    "owners": seats(d.owners),
                    "lost": d.lost,
                })
            })
            .collect();
        let holdings: Vec<Value> = a
            .holdings
            .iter()
            .map(|h| {
                json!({
                    "kind": kind(h.kind),
                    "cell": cell(h.cell),
                    "tiles": cells(&h.tiles),
                    "followers": &h.followers[..n],
                    "owners": seats(h.owners),
                    "points": &h.paid[..n],
                    "counts": h.counts,
                })
            })
            .collect();
        let out = json!({
            "seat_to_move": a.seat_to_move,
            "in_hand": a.in_hand.map(id),
            "pile": pile,
            "spaces": spaces,
            "dead": a.dead().map(cell).collect::<Vec<_>>(),
            "doomed": doomed,
            "holdings": holdings,
            "scores": a.scores,
            "projected": a.projected,
        });
        println!("{out}");
        Ok(())
    }

    /// `city puzzles --game G --from DIR [--budget X] [--json]` (issue 40).
    fn puzzles(args: &[String]) -> Result<(), String> {
        use computer::puzzles::mine;
        let json = args.iter().any(|a| a == "--json");
        let rest: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
        let f = flags(&rest, &["game", "from", "budget", "prefilter"])?;
        let game = flag(&f, "game").ok_or("--game the-city|classic is required")?;
        let ruleset = Ruleset::from_name(game)
            .ok_or(format!("unknown game {game:?}: the-city or classic"))?;
        let dir = flag(&f, "from").ok_or("--from DIR is required")?;
        let budget: f64 = match flag(&f, "budget") {
            Some(b) => b
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite() && *x > 0.0)
                .ok_or("--budget must be a number above 0")?,
            None => 1.0,
        };
        let prefilter: Option<f64> = match flag(&f, "prefilter") {
            Some(p) => Some(
                p.parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                    .ok_or("--prefilter must be a number of points, 0 or more")?,
            ),
            None => None,
        };
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {dir}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "cgn"))
            .collect();
        // game-2 before game-10: by the number in the name, then the name.
        let number = |p: &std::path::Path| -> u64 {
            let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let digits: String = name.chars().filter(char::is_ascii_digit).collect();
            digits.parse().unwrap_or(0)
        };
        files.sort_by(|a, b| number(a).cmp(&number(b)).then(a.cmp(b)));
        let mut out = Vec::new();
        for path in &files {
            let shown = path.display().to_string();
            let rec = read_record(&shown)?;
            if rec.game.ruleset() != ruleset {
                continue;
            }
            let name = path
                .file_name()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_string();
            let g = rec.game;
            for p in mine(&g, budget, prefilter, &mut |_, _| {}) {
                let pos = g.at(p.n);
                let legal = pos.legal_choices();
                let index = |first, then: Option<_>| -> serde_json::Value {
                    let i = legal.iter().position(|&c| c == first);
                    let j = then.and_then(|t| {
                        let mut after = pos.clone();
                        after.play(first).ok()?;
                        after.legal_choices().iter().position(|&c| c == t)
                    });
                    match (i, j) {
                        (Some(i), Some(j)) => serde_json::json!([i, j]),
                        (Some(i), None) => serde_json::json!([i]),
                        _ => serde_json::Value::Null,
                    }
                };
                let round1 = |x: f64| (x * 10.0).round() / 10.0;
                out.push(serde_json::json!({
                    "record": name,
                    "n": p.n,
                    "turn": p.turn,
                    "seat": p.seat,
                    "best": notation::move_text(&pos, p.best, p.best_then),
                    "best_gain": round1(p.best_gain),
                    "theme": p.theme.name(),
                    "rating": p.rating,
                    "second": notation::move_text(&pos, p.second, p.second_then),
                    "answers": p.answers.iter().map(|&(a, b)| index(a, b)).collect::<Vec<_>>(),
                    "link": share::encode(&pos),
                }));
            }
            eprintln!("{shown}: {} puzzles so far", out.len());
        }
        if json {
            println!("{}", serde_json::json!({ "puzzles": out }));
        } else {
            for p in &out {
                println!(
                    "{} turn {} seat {}: {} (+{} above {}), {}, {}",
                    p["record"].as_str().unwrap_or(""),
                    p["turn"],
                    p["seat"],
                    p["best"].as_str().unwrap_or(""),
                    p["best_gain"],
                    p["second"].as_str().unwrap_or(""),
                    p["theme"].as_str().unwrap_or(""),
                    p["rating"]
                );
            }
            println!("{} puzzles", out.len());
        }
        Ok(())
    }

    fn review(args: &[String]) -> Result<(), String> {
        use computer::review::{balance, end_margins, key_moments, summarize, Class};
        use computer::{AnyReviewer, Level};
        let json = args.iter().any(|a| a == "--json");
        let rest: Vec<String> = args.iter().filter(|a| *a != "--json").cloned().collect();
        let (path, rest) = rest.split_first().ok_or(USAGE.to_string())?;
        let f = flags(rest, &["level", "from"])?;
        let from = match flag(&f, "from") {
            Some(v) => v.parse::<usize>().map_err(|_| {
                format!("--from needs a decision number (the \"n\" of --json), not {v:?}")
            })?,
            None => 0,
        };
        let level = match flag(&f, "level") {
            Some(v) => Some(Level::from_name(v).ok_or(format!(
                "unknown level {v:?}: random, greedy, easy, normal, hard or hard-v1"
            ))?),
            None => None,
        };
        let game = read_record(path)?.game;
        let reviewer = match level {
            Some(level) => AnyReviewer::new(&game, level),
            None => AnyReviewer::judged(&game),
        };
        let reviews = reviewer.starting_at(from).run_all();
        let players = game.players();
        let name = |seat: u8| players.get(seat as usize).map_or("?", String::as_str);
        // The position before each decision, to write its moves.
        let mut at = game.at(0);
        let mut history = game.history().into_iter();
        let mut lines = Vec::new();
        let mut whys = Vec::new();
        let mut narrator = view::review::Narrator::new(&game);
        for r in &reviews {
            while at.decisions() < r.n {
                let Some(c) = history.next() else { break };
                at.play(c).map_err(|e| say::illegal(&e))?;
            }
            let played = notation::move_text(&at, r.played, None);
            let best = notation::move_text(&at, r.best, r.best_then);
            lines.push((played, best));
            whys.push(narrator.why(players, r));
        }
        let round = |x: f64| (x * 100.0).round() / 100.0;
        let summaries = summarize(&reviews, players.len());
        let key = key_moments(&reviews);
        let end = game.at(game.decisions());
        let balances = balance(
            &reviews,
            &end_margins(&reviews, &end.scores(), end.is_over()),
        );
        if json {
            let decisions: Vec<serde_json::Value> = reviews
                .iter()
                .zip(&lines)
                .zip(&whys)
                .map(|((r, (played, best)), why)| {
                    serde_json::json!({
                        "n": r.n,
                        "turn": r.turn,
                        "seat": r.seat,
                        "player": name(r.seat),
                        "played": played,
                        "best": best,
                        "played_value": round(r.played_value),
                        "best_value": round(r.best_value),
                        "loss": round(r.loss),
                        "luck": r.luck.map(round),
                        "class": r.class.name(),
                        "why": why,
                    })
                })
                .collect();
            let seats: Vec<serde_json::Value> = summaries
                .iter()
                .zip(&balances)
                .map(|(s, b)| {
                    let classes: serde_json::Map<String, serde_json::Value> = Class::ALL
                        .iter()
                        .zip(s.classes)
                        .map(|(c, k)| (c.name().to_string(), k.into()))
                        .collect();
                    serde_json::json!({
                        "seat": s.seat,
                        "player": name(s.seat),
                        "decisions": s.decisions,
                        "loss": round(s.loss),
                        "mean_loss": round(s.mean_loss),
                        "classes": classes,
                        "luck": round(b.luck),
                        "draws_luck": round(s.luck),
                        "margin": round(b.margin),
                        "skill": round(b.skill),
                        "rest": round(b.rest),
                        "accuracy": (b.accuracy * 10.0).round() / 10.0,
                    })
                })
                .collect();
            let judge = match level {
                Some(l) => serde_json::json!({"name": l.name(), "seed": "the app's"}),
                None => {
                    let j = AnyReviewer::judge_of(&game);
                    serde_json::json!({
                        "name": "judge",
                        "candidates": j.candidates,
                        "work": j.work,
                        "horizon": j.horizon,
                        "samples": j.samples,
                        "seed": j.seed,
                    })
                }
            };
            let out = serde_json::json!({
                "level": level.map_or("judge", |l| l.name()),
                "judge": judge,
                "decisions": decisions,
                "players": seats,
                "key_moments": {"losses": key.losses, "luck": key.luck},
            });
            println!("{out}");
            return Ok(());
        }
        // Signed, one decimal, no "-0.0".
        let signed = |x: f64| format!("{:+.1}", (x * 10.0).round() / 10.0 + 0.0);
        for ((r, (played, best)), why) in reviews.iter().zip(&lines).zip(&whys) {
            let mut line = format!("Turn {}, {}: {}", r.turn, name(r.seat), r.class.name());
            let (pv, bv) = (signed(r.played_value), signed(r.best_value));
            if r.class != Class::Best {
                line.push_str(&format!(
                    ", {:.1} points lost: {played} ({pv}); best: {best} ({bv})",
                    r.loss
                ));
            } else if r.played == r.best {
                line.push_str(&format!(": {played} ({pv})"));
            } else {
                line.push_str(&format!(": {played} ({pv}); the level's: {best} ({bv})"));
            }
            if let Some(l) = r.luck {
                line.push_str(&format!("; luck {}", signed(l)));
            }
            if let Some(w) = why {
                line.push_str(&format!("; why: {w}"));
            }
            println!("{line}");
        }
        println!();
        for (s, b) in summaries.iter().zip(&balances) {
            let classes: Vec<String> = Class::ALL
                .iter()
                .zip(s.classes)
                .map(|(c, k)| format!("{k} {}", c.name()))
                .collect();
            println!(
                "{}: {} decisions, {:.1} points lost ({:.2} a decision): {}; luck {}",
                name(s.seat),
                s.decisions,
                s.loss,
                s.mean_loss,
                classes.join(", "),
                signed(s.luck)
            );
            println!(
                "  margin {} = skill {} + luck {} + rest {}; accuracy {:.0}",
                signed(b.margin),
                signed(b.skill),
                signed(b.luck),
                signed(b.rest),
                b.accuracy
            );
        }
        let moment = |n: &usize, what: &dyn Fn(&computer::DecisionReview<_>) -> String| {
            reviews
                .iter()
                .find(|r| r.n == *n)
                .map_or(String::new(), |r| {
                    format!("turn {} {} ({})", r.turn, name(r.seat), what(r))
                })
        };
        let losses: Vec<String> = key
            .losses
            .iter()
            .map(|n| moment(n, &|r| format!("{:.1} lost", r.loss)))
            .collect();
        let luck: Vec<String> = key
            .luck
            .iter()
            .map(|n| moment(n, &|r| format!("luck {}", signed(r.luck.unwrap_or(0.0)))))
            .collect();
        println!("Largest losses: {}", losses.join("; "));
        println!("Largest swings of luck: {}", luck.join("; "));
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
        let fragment = link.rsplit('#').next().unwrap_or(link);
        if formats::handshake::is_handshake(fragment) {
            use formats::handshake::{decode, Handshake};
            return match decode(fragment).map_err(|e| say::share_error(&e))? {
                Handshake::Invitation(inv) => {
                    unshare(&[inv.link().map_err(|e| say::share_error(&e))?])
                }
                Handshake::Answer(_) => Err(
                    "live play's answer: it opens only on the device that made its invitation"
                        .to_string(),
                ),
            };
        }
        if share::version(link) == Some(share::fair::VERSION) {
            // A fair game's link: what its holder may know, the moves
            // and a [Fair] tag while it is in play, never a tile to come.
            let l = share::fair::decode(link).map_err(|e| say::share_error(&e))?;
            let g = formats::fair_game::FairGame::restore(&l, vec![None; l.deal.commitments.len()])
                .map_err(|_| say::share_error(&share::ShareError::Damaged))?;
            print!("{}", g.record(&[]).map_err(|e| say::share_error(&e))?);
            return Ok(());
        }
        if share::version(link) == Some(formats::star::VERSION) {
            // The same for a game on three to five devices.
            let l = formats::star::decode(link).map_err(|e| say::share_error(&e))?;
            let g =
                formats::fair_game::FairGame::restore(&l.fair, vec![None; l.devices.of_seat.len()])
                    .map_err(|_| say::share_error(&share::ShareError::Damaged))?;
            print!("{}", g.record(&[]).map_err(|e| say::share_error(&e))?);
            return Ok(());
        }
        let game = share::decode(link).map_err(|e| say::share_error(&e))?;
        print!("{}", notation::write(&game, &[], DeckTag::Auto));
        Ok(())
    }

    /// The QR code the app draws for a text (`view::qr`), as an SVG
    /// document: the same view box and path as the page's.
    fn qr(args: &[String]) -> Result<(), String> {
        let [text] = args else {
            return Err(USAGE.to_string());
        };
        let code = view::qr::Qr::new(text).ok_or("too long for a QR code")?;
        let n = code.size();
        println!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{}\" shape-rendering=\"crispEdges\">\
             <rect width=\"{n}\" height=\"{n}\" fill=\"#ffffff\"/><path d=\"{}\" fill=\"#000000\"/></svg>",
            code.view_box(),
            code.path()
        );
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
        let expansions = classic::Expansions::parse(flag(f, "expansions").unwrap_or(""))
            .map_err(|e| say::option(&e))?;
        let options = classic::Options::parse(flag(f, "options").unwrap_or(""), expansions)
            .map_err(|e| say::option(&e))?;
        let catalogue = classic::Catalogue::builtin().map_err(|e| e.to_string())?;
        let mut setup = classic::Setup::from_seed(catalogue, names, expansions, options, seed)
            .map_err(|e| say::setup(&e))?;
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
        let mut game = classic::Game::new(catalogue, setup).map_err(|e| say::setup(&e))?;
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
            Some(s) => record::parse_stacks(s).map_err(|e| say::syntax(&e))?,
            None => DEFAULT_STACKS,
        };
        let options = match flag(f, "options") {
            Some(s) => Options::parse(s).map_err(|e| say::option(&e))?,
            None => Options::default(),
        };
        let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
        let setup = Setup::from_seed(catalogue, names, seed, stacks, options)
            .map_err(|e| say::setup(&e))?;
        let mut game = Game::new(catalogue, setup).map_err(|e| say::setup(&e))?;
        random::play_out(&mut game, &mut random::choice_rng(seed));
        let note = vec![(
            "Note".to_string(),
            format!("random play; deck dealt from Seed {seed}"),
        )];
        print!("{}", record::write(&game, &note, DeckTag::Deck));
        Ok(())
    }
}
