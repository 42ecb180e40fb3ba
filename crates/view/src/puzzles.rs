//! Puzzles (issue 40) for the screens: the shipped sets
//! (`static/puzzles/*.json`, made by `city puzzles --json`), the player's
//! own from their reviews, the daily puzzle, an answer checked, the
//! ratings (Glicko-2, `computer::glicko`) and what the browser keeps
//! (`the-city/puzzles` in localStorage), read tolerantly: a damaged or
//! tampered document loses what does not read, never the page.

use computer::glicko::{self, Rating};
use computer::puzzles::Theme;
use engine::any::{AnyChoice, AnyGame, Ruleset};
use formats::json::{self, Value};
use i18n::msg;

/// One puzzle: a position (the game up to the decision, as a share link)
/// and its right answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Unique in its set: the record and the decision (`game-3.cgn:41`), or
    /// `own:` and the position's link for a player's own.
    pub id: String,
    pub ruleset: Ruleset,
    /// The game up to the puzzle's decision (a share link's fragment).
    pub link: String,
    /// Decisions before it, its turn and its seat.
    pub n: usize,
    pub turn: usize,
    pub seat: u8,
    /// The best move in the record's notation, and every right answer as
    /// indices into the legal choices (the first decision's, then the
    /// follow-up's after it).
    pub best: String,
    pub answers: Vec<Vec<usize>>,
    /// Points the best move is worth above the second best.
    pub gain: f64,
    pub theme: Theme,
    /// The rating it shipped with (its Glicko-2 rating starts there).
    pub rating: f64,
}

impl Puzzle {
    /// The position to solve: `None` when the link does not open, or holds
    /// another position than the puzzle says.
    pub fn position(&self) -> Option<AnyGame> {
        let g = formats::share::decode(&self.link).ok()?;
        (g.ruleset() == self.ruleset
            && g.decisions() == self.n
            && g.to_move() == self.seat
            && !g.is_over())
        .then_some(g)
    }

    /// Whether `first` (and `then`, the follow-up of the same move, if
    /// any) at `pos` (the puzzle's position) is a right answer. `None`
    /// while it cannot be told yet: the first choice is right so far and
    /// the move goes on.
    pub fn check(&self, pos: &AnyGame, first: AnyChoice, then: Option<AnyChoice>) -> Option<bool> {
        let Some(i) = pos.legal_choices().iter().position(|&c| c == first) else {
            return Some(false);
        };
        let starts: Vec<&Vec<usize>> = self
            .answers
            .iter()
            .filter(|a| a.first() == Some(&i))
            .collect();
        if starts.is_empty() {
            return Some(false);
        }
        if starts.iter().any(|a| a.len() == 1) {
            return Some(true);
        }
        let then = then?;
        let mut after = pos.clone();
        after.play(first).ok()?;
        let j = after.legal_choices().iter().position(|&c| c == then);
        Some(starts.iter().any(|a| a.get(1).copied() == j && j.is_some()))
    }

    /// The best move in words, at the puzzle's position (the hint's words).
    pub fn best_words(&self, pos: &AnyGame) -> String {
        let Some(a) = self.answers.first() else {
            return self.best.clone();
        };
        let legal = pos.legal_choices();
        let Some(&first) = a.first().and_then(|&i| legal.get(i)) else {
            return self.best.clone();
        };
        let mut words = crate::any::hint_words(pos, first);
        if let Some(&j) = a.get(1) {
            let mut after = pos.clone();
            if after.play(first).is_ok() {
                if let Some(&t) = after.legal_choices().get(j) {
                    words = format!("{words}; {}", crate::any::hint_words(&after, t));
                }
            }
        }
        words
    }

    /// The best move's choices (the ghost a failed answer shows).
    pub fn best_choices(&self, pos: &AnyGame) -> Option<(AnyChoice, Option<AnyChoice>)> {
        let a = self.answers.first()?;
        let first = *pos.legal_choices().get(*a.first()?)?;
        let then = a.get(1).and_then(|&j| {
            let mut after = pos.clone();
            after.play(first).ok()?;
            after.legal_choices().get(j).copied()
        });
        Some((first, then))
    }
}

/// A number of a JSON value (`12.8`, `1500`), finite.
fn number(v: &Value) -> Option<f64> {
    v.as_time().filter(|x| x.is_finite())
}

fn index_list(v: &Value) -> Option<Vec<usize>> {
    let a = v.as_array()?;
    let out: Option<Vec<usize>> = a.iter().map(|x| x.as_u64().map(|n| n as usize)).collect();
    out.filter(|o| !o.is_empty() && o.len() <= 2)
}

/// One puzzle of a set or of the kept document; `None` if it does not read.
fn puzzle_of(v: &Value, ruleset: Ruleset, id: Option<String>) -> Option<Puzzle> {
    let answers: Option<Vec<Vec<usize>>> = v
        .get("answers")?
        .as_array()?
        .iter()
        .map(index_list)
        .collect();
    let answers = answers.filter(|a| !a.is_empty() && a.len() <= 8)?;
    let n = v.get("n")?.as_u64()? as usize;
    let id = match id {
        Some(id) => id,
        None => format!("{}:{n}", v.get("record")?.as_str()?),
    };
    let rating = number(v.get("rating")?)?;
    Some(Puzzle {
        id,
        ruleset,
        link: v.get("link")?.as_str()?.to_string(),
        n,
        turn: v.get("turn")?.as_u64()? as usize,
        seat: u8::try_from(v.get("seat")?.as_u64()?).ok()?,
        best: v.get("best")?.as_str()?.to_string(),
        answers,
        gain: number(v.get("best_gain")?)?,
        theme: Theme::from_name(v.get("theme")?.as_str()?)?,
        rating: if (100.0..=3500.0).contains(&rating) {
            rating
        } else {
            1500.0
        },
    })
}

/// The puzzles of a shipped set (`city puzzles --json`'s output); entries
/// that do not read are left out.
pub fn parse_set(text: &str, ruleset: Ruleset) -> Vec<Puzzle> {
    let Ok(v) = json::parse(text) else {
        return Vec::new();
    };
    v.get("puzzles")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|p| puzzle_of(p, ruleset, None))
                .collect()
        })
        .unwrap_or_default()
}

/// The day's puzzle of a set: the same for everyone on a day (UTC days since
/// 1970), a different one the next day.
pub fn daily(count: usize, day: u64) -> Option<usize> {
    if count == 0 {
        return None;
    }
    // A multiplicative hash, so that neighbouring days are far apart.
    let h = day.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17;
    Some((h % count as u64) as usize)
}

/// The day number of a time (ms since 1970, UTC).
pub fn day_of(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        (ms / 86_400_000.0) as u64
    } else {
        0
    }
}

/// What the browser keeps of the puzzles: the player's rating, each
/// answered puzzle's rating and whether it was solved, the player's own
/// puzzles from their reviews.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub player: Rating,
    /// Per puzzle answered: its id, its rating now, solved at the first try.
    pub answered: Vec<(String, Rating, bool)>,
    pub own: Vec<Puzzle>,
}

impl Default for Kept {
    fn default() -> Kept {
        Kept {
            player: Rating::NEW_PLAYER,
            answered: Vec::new(),
            own: Vec::new(),
        }
    }
}

/// The most own puzzles kept (the newest).
pub const MAX_OWN: usize = 200;

fn rating_of(v: &Value) -> Option<Rating> {
    Some(
        Rating {
            rating: number(v.get("r")?)?,
            deviation: number(v.get("rd")?)?,
            volatility: number(v.get("vol")?)?,
        }
        .bounded(),
    )
}

fn write_rating(out: &mut String, r: &Rating) {
    // Thousandths are enough (json::time writes them).
    out.push_str("{\"r\":");
    json::time(out, r.rating);
    out.push_str(",\"rd\":");
    json::time(out, r.deviation);
    out.push_str(",\"vol\":");
    json::time(out, r.volatility);
    out.push('}');
}

impl Kept {
    /// The kept document read back; whatever does not read is dropped.
    pub fn read(text: &str) -> Kept {
        let mut k = Kept::default();
        let Ok(v) = json::parse(text) else {
            return k;
        };
        if let Some(p) = v.get("player").and_then(rating_of) {
            k.player = p;
        }
        if let Some(a) = v.get("answered").and_then(Value::as_array) {
            for e in a.iter().take(10_000) {
                let (Some(id), Some(r), Some(s)) = (
                    e.get("id").and_then(Value::as_str),
                    e.get("rating").and_then(rating_of),
                    e.get("solved").and_then(Value::as_bool),
                ) else {
                    continue;
                };
                if !k.answered.iter().any(|x| x.0 == id) {
                    k.answered.push((id.to_string(), r, s));
                }
            }
        }
        if let Some(a) = v.get("own").and_then(Value::as_array) {
            for e in a.iter().take(MAX_OWN) {
                let ruleset = match e.get("game").and_then(Value::as_str) {
                    Some("classic") => Ruleset::Classic,
                    Some("the-city") => Ruleset::City,
                    _ => continue,
                };
                let Some(id) = e.get("id").and_then(Value::as_str) else {
                    continue;
                };
                if let Some(p) = puzzle_of(e, ruleset, Some(id.to_string())) {
                    if p.position().is_some() && !k.own.iter().any(|x| x.id == p.id) {
                        k.own.push(p);
                    }
                }
            }
        }
        k
    }

    /// The document to keep.
    pub fn write(&self) -> String {
        let mut out = String::from("{\"version\":1,\"player\":");
        write_rating(&mut out, &self.player);
        out.push_str(",\"answered\":[");
        for (i, (id, r, solved)) in self.answered.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"id\":");
            json::string(&mut out, id);
            out.push_str(",\"rating\":");
            write_rating(&mut out, r);
            out.push_str(if *solved {
                ",\"solved\":true}"
            } else {
                ",\"solved\":false}"
            });
        }
        out.push_str("],\"own\":[");
        for (i, p) in self.own.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"id\":");
            json::string(&mut out, &p.id);
            out.push_str(",\"game\":");
            json::string(
                &mut out,
                if p.ruleset == Ruleset::Classic {
                    "classic"
                } else {
                    "the-city"
                },
            );
            out.push_str(",\"link\":");
            json::string(&mut out, &p.link);
            out.push_str(&format!(
                ",\"n\":{},\"turn\":{},\"seat\":{},\"best\":",
                p.n, p.turn, p.seat
            ));
            json::string(&mut out, &p.best);
            out.push_str(",\"answers\":[");
            for (k, a) in p.answers.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                let parts: Vec<String> = a.iter().map(|x| x.to_string()).collect();
                out.push_str(&format!("[{}]", parts.join(",")));
            }
            out.push_str("],\"best_gain\":");
            json::time(&mut out, p.gain);
            out.push_str(",\"theme\":");
            json::string(&mut out, p.theme.name());
            out.push_str(",\"rating\":");
            json::time(&mut out, p.rating);
            out.push('}');
        }
        out.push_str("]}");
        out
    }

    /// A puzzle's rating now: as answered before, or as shipped.
    pub fn rating_of(&self, p: &Puzzle) -> Rating {
        self.answered
            .iter()
            .find(|x| x.0 == p.id)
            .map_or(Rating::puzzle(p.rating), |x| x.1)
    }

    /// Whether the puzzle was answered before (and solved).
    pub fn answered(&self, p: &Puzzle) -> Option<bool> {
        self.answered.iter().find(|x| x.0 == p.id).map(|x| x.2)
    }

    /// An answer: the first to a puzzle moves both ratings (Glicko-2), a
    /// later one neither (as lichess rates only the first try). Returns
    /// the player's rating before and after.
    pub fn answer(&mut self, p: &Puzzle, solved: bool) -> (f64, f64) {
        let before = self.player.rating;
        if self.answered(p).is_some() {
            return (before, before);
        }
        let (player, puzzle) = glicko::answer(self.player, self.rating_of(p), solved);
        self.player = player;
        self.answered.push((p.id.clone(), puzzle, solved));
        (before, player.rating)
    }

    /// A puzzle of the player's own (from a review), kept once, the newest
    /// `MAX_OWN`.
    pub fn add_own(&mut self, p: Puzzle) {
        if self.own.iter().any(|x| x.id == p.id) {
            return;
        }
        self.own.push(p);
        if self.own.len() > MAX_OWN {
            let extra = self.own.len() - MAX_OWN;
            self.own.drain(..extra);
        }
    }
}

/// A puzzle from a reviewed decision of the player's (issue 40): `pos`,
/// the game before it (after `f.n` decisions), and `f`, the decision
/// judged by the shipped puzzles' criteria (`computer::puzzles::own_at`,
/// run in the review's engine worker): every right answer, its gain, theme
/// and first rating. `None` when `f` is not a puzzle of that position.
pub fn own_puzzle(pos: &AnyGame, f: &computer::puzzles::Found) -> Option<Puzzle> {
    if f.best_gain < computer::puzzles::MIN_GAIN || pos.decisions() != f.n || pos.is_over() {
        return None;
    }
    let legal = pos.legal_choices();
    let answers: Option<Vec<Vec<usize>>> = f
        .answers
        .iter()
        .map(|&(first, then)| {
            let mut a = vec![legal.iter().position(|&c| c == first)?];
            if let Some(t) = then {
                let mut after = pos.clone();
                after.play(first).ok()?;
                if after.to_move() == pos.to_move() {
                    a.push(after.legal_choices().iter().position(|&c| c == t)?);
                }
            }
            Some(a)
        })
        .collect();
    let answers = answers.filter(|a| !a.is_empty())?;
    let link = formats::share::encode(pos);
    Some(Puzzle {
        id: format!("own:{link}"),
        ruleset: pos.ruleset(),
        best: formats::notation::move_text(pos, f.best, f.best_then),
        n: f.n,
        turn: f.turn,
        seat: pos.to_move(),
        link,
        // (At most 8, as a set's entries are read.)
        answers: answers.into_iter().take(8).collect(),
        gain: f.best_gain,
        theme: f.theme,
        rating: f.rating,
    })
}

/// A theme in the player's words.
pub fn theme_name(t: Theme) -> &'static str {
    match t {
        Theme::Walls => msg::puzzles::theme_walls(),
        Theme::Completing => msg::puzzles::theme_completing(),
        Theme::Farming => msg::puzzles::theme_farming(),
        Theme::Blocking => msg::puzzles::theme_blocking(),
        Theme::Joining => msg::puzzles::theme_joining(),
        Theme::Claiming => msg::puzzles::theme_claiming(),
        Theme::Building => msg::puzzles::theme_building(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle of a short classic game: the position after its first
    /// decisions, with the first legal move as its answer.
    fn sample() -> (Puzzle, AnyGame) {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/records/review/classic_placement_blunder.cgn"
        ))
        .unwrap();
        let game = formats::notation::read(&text).unwrap().game;
        let pos = game.at(6);
        let best = pos.legal_choices()[0];
        let p = own_puzzle(&pos, &found(&pos, best, 7.5)).unwrap();
        (p, pos)
    }

    /// A judgement of `pos` with `best` its one answer, `gain` its gain.
    fn found(pos: &AnyGame, best: AnyChoice, gain: f64) -> computer::puzzles::Found {
        computer::puzzles::Found {
            n: pos.decisions(),
            turn: pos.turn(),
            seat: pos.to_move(),
            best,
            best_then: None,
            answers: vec![(best, None)],
            second: best,
            second_then: None,
            best_gain: gain,
            first_gain: gain,
            theme: Theme::Building,
            rating: 1300.0,
        }
    }

    #[test]
    fn an_own_puzzle_opens_and_checks_its_answer() {
        let (p, pos) = sample();
        assert_eq!(p.position().as_ref().map(AnyGame::decisions), Some(6));
        let legal = pos.legal_choices();
        assert_eq!(p.check(&pos, legal[0], None), Some(true));
        if legal.len() > 1 {
            assert_eq!(p.check(&pos, legal[1], None), Some(false));
        }
        assert_eq!((p.gain, p.rating, p.theme), (7.5, 1300.0, Theme::Building));
        // A gain under 5 points is no puzzle; nor a judgement of another
        // position, or an answer that is not a legal move there.
        assert!(own_puzzle(&pos, &found(&pos, legal[0], 4.9)).is_none());
        let elsewhere = computer::puzzles::Found {
            n: 5,
            ..found(&pos, legal[0], 7.5)
        };
        assert!(own_puzzle(&pos, &elsewhere).is_none());
        let mut next = pos.clone();
        next.play(legal[0]).unwrap();
        let foreign = next
            .legal_choices()
            .into_iter()
            .find(|c| !legal.contains(c));
        if let Some(c) = foreign {
            assert!(own_puzzle(&pos, &found(&pos, c, 7.5)).is_none());
        }
    }

    #[test]
    fn kept_puzzles_and_ratings_read_back_and_survive_tampering() {
        let (p, _) = sample();
        let mut k = Kept::default();
        k.add_own(p.clone());
        k.add_own(p.clone());
        assert_eq!(k.own.len(), 1, "kept once");
        let (before, after) = k.answer(&p, true);
        assert!(after > before);
        // A second answer moves nothing.
        assert_eq!(k.answer(&p, false), (after, after));
        let back = Kept::read(&k.write());
        assert_eq!(back.own, k.own);
        assert_eq!(back.answered.len(), 1);
        assert!((back.player.rating - k.player.rating).abs() < 0.001);
        // Tampered documents: what does not read is dropped, never a panic.
        for bad in [
            "",
            "null",
            "{\"player\":{\"r\":\"x\"}}",
            "{\"player\":{\"r\":1e999,\"rd\":-5,\"vol\":0.06},\"answered\":[{\"id\":3}],\"own\":[{\"id\":\"own:x\",\"game\":\"the-city\",\"link\":\"AAAA\"}]}",
            &k.write().replace("\"n\":6", "\"n\":7"),
            &k.write()[..40],
        ] {
            let r = Kept::read(bad);
            assert!(r.player.rating.is_finite());
            assert!(r.own.iter().all(|p| p.position().is_some()));
        }
        let moved = Kept::read(&k.write().replace("\"n\":6", "\"n\":7"));
        assert!(
            moved.own.is_empty(),
            "a puzzle whose position is not its link's is dropped"
        );
    }

    #[test]
    fn the_daily_puzzle_changes_with_the_day_and_stays_in_range() {
        assert_eq!(daily(0, 5), None);
        let days: Vec<usize> = (20_000..20_030).map(|d| daily(250, d).unwrap()).collect();
        assert!(days.iter().all(|&i| i < 250));
        assert!(
            days.windows(2).all(|w| w[0] != w[1])
                || days.iter().collect::<std::collections::HashSet<_>>().len() > 20
        );
        assert_eq!(day_of(86_400_000.0 * 3.5), 3);
        assert_eq!(day_of(f64::NAN), 0);
    }
}
