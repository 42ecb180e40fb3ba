//! Expansions and rule options (CLASSIC.md §Options, NOTATION-CLASSIC.md
//! `Expansions` and `Options` tags): parsed strictly, written in a fixed
//! order, and checked together (an option of an expansion not in play is an
//! error; B9.4).

use crate::core::reason::OptionProblem;
use serde::{Deserialize, Serialize};

/// The expansions in play (`Expansions` tag).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Expansions {
    /// The City Gates (part G).
    pub city_gates: bool,
    /// Old City (part O).
    pub old_city: bool,
}

impl Expansions {
    pub const NAMES: [&'static str; 2] = ["city-gates", "old-city"];

    pub const BASE: Expansions = Expansions {
        city_gates: false,
        old_city: false,
    };

    pub fn get(&self, name: &str) -> Option<bool> {
        match name {
            "city-gates" => Some(self.city_gates),
            "old-city" => Some(self.old_city),
            _ => None,
        }
    }

    /// Names separated by spaces; empty is the base game.
    pub fn parse(s: &str) -> Result<Expansions, OptionProblem> {
        let mut e = Expansions::default();
        for name in s.split_whitespace() {
            let slot = match name {
                "city-gates" => &mut e.city_gates,
                "old-city" => &mut e.old_city,
                _ => {
                    return Err(OptionProblem::UnknownExpansion {
                        name: name.to_string(),
                    })
                }
            };
            if *slot {
                return Err(OptionProblem::ExpansionTwice {
                    name: name.to_string(),
                });
            }
            *slot = true;
        }
        Ok(e)
    }

    /// The tag's value: names in a fixed order, empty for the base game.
    pub fn to_tag(&self) -> String {
        Expansions::NAMES
            .iter()
            .filter(|n| self.get(n) == Some(true))
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn is_base(&self) -> bool {
        *self == Expansions::BASE
    }
}

/// B6.3: what a completed 2-tile city scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SmallCity {
    /// 2 per tile and per pennant, as any city.
    #[default]
    Four,
    /// 1 per tile and per pennant (the C1 rule).
    Two,
}

/// B9: which first-edition farm rule scores the farms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FarmScoring {
    /// B9.1: each farm on its own, 3 per adjacent completed city.
    #[default]
    Third,
    /// B9.2: 3 per completed city for the players who lead one of its farms.
    Second,
    /// B9.3: 4 per completed city for the player(s) with most farmers round it.
    First,
}

/// Old City's switches (O1.3, O4.2, O2.3); they exist only with `old-city`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OldCityOptions {
    pub proportional: bool,
    pub wood: bool,
    pub coins: bool,
    pub guesthouse: bool,
    pub wyvern: bool,
    /// O4.2: the coin supply, or `None` for unlimited.
    pub coin_limit: Option<u8>,
    pub plaza_pennants: bool,
}

impl Default for OldCityOptions {
    fn default() -> Self {
        OldCityOptions {
            proportional: true,
            wood: true,
            coins: true,
            guesthouse: true,
            wyvern: true,
            coin_limit: Some(10),
            plaza_pennants: false,
        }
    }
}

/// Every rule option (CLASSIC.md §Options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    pub small_city: SmallCity,
    pub farm_scoring: FarmScoring,
    pub old_city: OldCityOptions,
}

/// The options' names in the table's order, the expansion each needs, and
/// their values (default first).
const TABLE: [(&str, Option<&str>, &[&str]); 9] = [
    ("small-city", None, &["4", "2"]),
    ("farm-scoring", None, &["3rd", "2nd", "1st"]),
    ("oc-proportional", Some("old-city"), &["on", "off"]),
    ("oc-wood", Some("old-city"), &["on", "off"]),
    ("oc-coins", Some("old-city"), &["on", "off"]),
    ("oc-guesthouse", Some("old-city"), &["on", "off"]),
    ("oc-wyvern", Some("old-city"), &["on", "off"]),
    ("coin-limit", Some("old-city"), &["10", "none"]),
    ("plaza-pennants", Some("old-city"), &["off", "on"]),
];

impl Options {
    /// Every option's name, in the table's order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        TABLE.iter().map(|t| t.0)
    }

    /// The value of option `name` as the tag writes it.
    pub fn get(&self, name: &str) -> Option<&'static str> {
        let on = |b: bool| if b { "on" } else { "off" };
        let oc = &self.old_city;
        Some(match name {
            "small-city" => match self.small_city {
                SmallCity::Four => "4",
                SmallCity::Two => "2",
            },
            "farm-scoring" => match self.farm_scoring {
                FarmScoring::Third => "3rd",
                FarmScoring::Second => "2nd",
                FarmScoring::First => "1st",
            },
            "oc-proportional" => on(oc.proportional),
            "oc-wood" => on(oc.wood),
            "oc-coins" => on(oc.coins),
            "oc-guesthouse" => on(oc.guesthouse),
            "oc-wyvern" => on(oc.wyvern),
            "coin-limit" => match oc.coin_limit {
                Some(_) => "10",
                None => "none",
            },
            "plaza-pennants" => on(oc.plaza_pennants),
            _ => return None,
        })
    }

    /// Set option `name` to `value`; the error says what is wrong.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionProblem> {
        let Some(&(_, _, values)) = TABLE.iter().find(|t| t.0 == name) else {
            return Err(OptionProblem::Unknown {
                name: name.to_string(),
            });
        };
        if !values.contains(&value) {
            return Err(OptionProblem::Values {
                name: name.to_string(),
                values,
                value: value.to_string(),
            });
        }
        let on = value == "on";
        let oc = &mut self.old_city;
        match name {
            "small-city" => {
                self.small_city = if value == "2" {
                    SmallCity::Two
                } else {
                    SmallCity::Four
                }
            }
            "farm-scoring" => {
                self.farm_scoring = match value {
                    "2nd" => FarmScoring::Second,
                    "1st" => FarmScoring::First,
                    _ => FarmScoring::Third,
                }
            }
            "oc-proportional" => oc.proportional = on,
            "oc-wood" => oc.wood = on,
            "oc-coins" => oc.coins = on,
            "oc-guesthouse" => oc.guesthouse = on,
            "oc-wyvern" => oc.wyvern = on,
            "coin-limit" => oc.coin_limit = (value == "10").then_some(10),
            _ => oc.plaza_pennants = on,
        }
        Ok(())
    }

    /// Parse `name=value ...` for a game with `expansions`: an unknown name
    /// or value, an option named twice, an option of an expansion not in
    /// play, or B9.4 is an error.
    pub fn parse(s: &str, expansions: Expansions) -> Result<Options, OptionProblem> {
        let mut o = Options::default();
        let mut seen: Vec<&str> = Vec::new();
        for part in s.split_whitespace() {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| OptionProblem::ValueForm {
                    option: part.to_string(),
                })?;
            o.set(name, value)?;
            if seen.contains(&name) {
                return Err(OptionProblem::Twice {
                    name: name.to_string(),
                });
            }
            seen.push(name);
            if let Some(&(_, Some(exp), _)) = TABLE.iter().find(|t| t.0 == name) {
                if expansions.get(exp) != Some(true) {
                    return Err(OptionProblem::NeedsExpansion {
                        name: Some(name.to_string()),
                        expansion: exp,
                    });
                }
            }
        }
        o.check(expansions)?;
        Ok(o)
    }

    /// The options of expansions not in play keep their defaults, and B9.4.
    pub fn check(&self, expansions: Expansions) -> Result<(), OptionProblem> {
        if !expansions.old_city && self.old_city != OldCityOptions::default() {
            let name = TABLE
                .iter()
                .find(|t| t.1 == Some("old-city") && self.get(t.0) != Options::default().get(t.0))
                .map(|t| t.0.to_string());
            return Err(OptionProblem::NeedsExpansion {
                name,
                expansion: "old-city",
            });
        }
        if expansions.old_city
            && self.old_city.proportional
            && self.farm_scoring != FarmScoring::Third
        {
            return Err(OptionProblem::FarmScoring {
                value: self.get("farm-scoring").unwrap_or("?"),
            });
        }
        Ok(())
    }

    /// Every option that applies to `expansions`, as `name=value`, in the
    /// table's order.
    pub fn to_tag(&self, expansions: Expansions) -> String {
        TABLE
            .iter()
            .filter(|t| t.1.is_none_or(|e| expansions.get(e) == Some(true)))
            .map(|t| format!("{}={}", t.0, self.get(t.0).unwrap_or("?")))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_strictly_and_write_back() {
        let base = Expansions::BASE;
        let o = Options::parse("small-city=2 farm-scoring=1st", base).unwrap();
        assert_eq!(o.small_city, SmallCity::Two);
        assert_eq!(o.farm_scoring, FarmScoring::First);
        assert_eq!(o.to_tag(base), "small-city=2 farm-scoring=1st");
        assert_eq!(Options::parse(&o.to_tag(base), base), Ok(o));
        let name = |n: &str| n.to_string();
        for (bad, want) in [
            (
                "small-city=3",
                OptionProblem::Values {
                    name: name("small-city"),
                    values: &["4", "2"],
                    value: name("3"),
                },
            ),
            ("size=4", OptionProblem::Unknown { name: name("size") }),
            (
                "small-city",
                OptionProblem::ValueForm {
                    option: name("small-city"),
                },
            ),
            (
                "small-city=2 small-city=2",
                OptionProblem::Twice {
                    name: name("small-city"),
                },
            ),
            (
                "oc-wood=off",
                OptionProblem::NeedsExpansion {
                    name: Some(name("oc-wood")),
                    expansion: "old-city",
                },
            ),
        ] {
            assert_eq!(Options::parse(bad, base), Err(want), "{bad}");
        }
        let oc = Expansions {
            old_city: true,
            ..Expansions::BASE
        };
        assert_eq!(
            Options::parse("farm-scoring=2nd", oc),
            Err(OptionProblem::FarmScoring { value: "2nd" })
        );
        assert!(Options::parse("farm-scoring=2nd oc-proportional=off", oc).is_ok());
        assert_eq!(
            Options::default().to_tag(oc),
            "small-city=4 farm-scoring=3rd oc-proportional=on oc-wood=on oc-coins=on \
             oc-guesthouse=on oc-wyvern=on coin-limit=10 plaza-pennants=off"
        );
    }

    #[test]
    fn expansions_parse_strictly() {
        assert_eq!(Expansions::parse(""), Ok(Expansions::BASE));
        let both = Expansions::parse("old-city city-gates").unwrap();
        assert_eq!(both.to_tag(), "city-gates old-city");
        assert_eq!(
            Expansions::parse("inns"),
            Err(OptionProblem::UnknownExpansion {
                name: "inns".to_string()
            })
        );
        assert_eq!(
            Expansions::parse("old-city old-city"),
            Err(OptionProblem::ExpansionTwice {
                name: "old-city".to_string()
            })
        );
    }
}
