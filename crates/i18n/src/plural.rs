//! Plural categories (CLDR): which form of a counted message a number takes.
//! The browser decides with `Intl.PluralRules` (`super::intl`); natively
//! (tests, the command line, and the check of which forms a language file
//! needs) the rules of the seven languages, for whole numbers, are written
//! out here.

use super::Language;

/// A CLDR plural category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Zero,
        Category::One,
        Category::Two,
        Category::Few,
        Category::Many,
        Category::Other,
    ];

    /// The category's CLDR name (a key's last part: `tiles.left.few`).
    pub fn name(self) -> &'static str {
        ["zero", "one", "two", "few", "many", "other"][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// The category of the whole number `n` in `lang` (CLDR 45, integers only:
/// the game counts nothing else).
pub fn category(lang: Language, n: u64) -> Category {
    let million = n != 0 && n.is_multiple_of(1_000_000);
    match lang {
        Language::En | Language::De | Language::Nl => {
            if n == 1 {
                Category::One
            } else {
                Category::Other
            }
        }
        // French: 0 and 1 are singular.
        Language::Fr if n <= 1 => Category::One,
        Language::Es | Language::It if n == 1 => Category::One,
        Language::Fr | Language::Es | Language::It if million => Category::Many,
        Language::Fr | Language::Es | Language::It => Category::Other,
        Language::Pl => {
            let (m10, m100) = (n % 10, n % 100);
            if n == 1 {
                Category::One
            } else if (2..=4).contains(&m10) && !(12..=14).contains(&m100) {
                Category::Few
            } else {
                // (Other is for fractions only.)
                Category::Many
            }
        }
    }
}

/// The categories whole numbers take in `lang`: the forms a counted
/// message must have in its file.
pub fn categories(lang: Language) -> Vec<Category> {
    let mut out: Vec<Category> = Vec::new();
    for n in (0..=1000).chain([1_000_000]) {
        let c = category(lang, n);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    // Every counted message has `other`, the form a missing one falls back to.
    if !out.contains(&Category::Other) {
        out.push(Category::Other);
    }
    out.sort_by_key(|c| *c as u8);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polish_has_three_forms_for_whole_numbers() {
        let pl = |n| category(Language::Pl, n);
        assert_eq!(pl(1), Category::One);
        for n in [2, 3, 4, 22, 23, 24, 102, 1004] {
            assert_eq!(pl(n), Category::Few, "{n}");
        }
        for n in [0, 5, 11, 12, 13, 14, 21, 25, 112, 1000] {
            assert_eq!(pl(n), Category::Many, "{n}");
        }
        assert_eq!(
            categories(Language::Pl),
            [
                Category::One,
                Category::Few,
                Category::Many,
                Category::Other
            ]
        );
    }

    #[test]
    fn french_zero_is_singular_and_english_is_not() {
        assert_eq!(category(Language::Fr, 0), Category::One);
        assert_eq!(category(Language::Fr, 2), Category::Other);
        assert_eq!(category(Language::Fr, 2_000_000), Category::Many);
        assert_eq!(category(Language::En, 0), Category::Other);
        assert_eq!(category(Language::En, 1), Category::One);
        assert_eq!(category(Language::De, 1_000_000), Category::Other);
        assert_eq!(categories(Language::De), [Category::One, Category::Other]);
        assert_eq!(
            categories(Language::It),
            [Category::One, Category::Many, Category::Other]
        );
    }
}
