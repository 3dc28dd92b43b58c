//! The language's keyword choices (`win|loss|draw`, `entering|ending in|...`), each an enum
//! spelled once: [`keyword_enum!`] gives it its words, `FromStr`, `Display` and the list of all
//! its values. The parser reads the words into these enums, lowering maps them without a
//! fallback, and front ends print them with `Display`.

use crate::rules::{
    Direction, GoalMode, Line, Obligation, Outcome, RoyalKey, Royalty, Style, Trigger, WallCells,
};
use serde::Serialize;

/// A word that is not one of a keyword choice's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKeyword {
    /// What the choice is (`an outcome`).
    pub choice: &'static str,
    /// The words it accepts.
    pub words: &'static [&'static str],
    /// What was given.
    pub given: String,
}

impl std::fmt::Display for UnknownKeyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}` is not {}: expected {}",
            self.given,
            self.choice,
            self.words.join(", ")
        )
    }
}

impl std::error::Error for UnknownKeyword {}

/// Gives an enum its keyword words: `WORDS`, `ALL`, `word()`, `FromStr` and `Display`. The words
/// of a value with several words are joined by single spaces (`ending in`).
///
/// `keyword_enum!(pub enum Verdict "a verdict" { Wins = "wins", ... })` declares the enum;
/// `keyword_enum!(impl Trigger "a trigger" { Entering = "entering", ... })` gives words to an
/// enum declared elsewhere (the rule set's). Either way every variant needs a word (the matches
/// are exhaustive), so a new variant cannot be forgotten here.
macro_rules! keyword_enum {
    ($(#[$m:meta])* pub enum $name:ident $choice:literal { $($(#[$vm:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        pub enum $name {
            $($(#[$vm])* #[doc = concat!("`", $word, "`")] $variant),+
        }
        keyword_enum!(impl $name $choice { $($variant = $word),+ });
    };
    (impl $name:ident $choice:literal { $($variant:ident = $word:literal),+ $(,)? }) => {
        impl $name {
            /// What this choice is, in the language's words (`an outcome`).
            pub const CHOICE: &'static str = $choice;
            /// Every value with its words, in the order the language lists them.
            pub const ALL: &'static [($name, &'static str)] = &[$(($name::$variant, $word)),+];
            /// The words alone, in the same order.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            /// The value's words in a definition (`ending in`).
            pub fn word(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::syntax::UnknownKeyword;

            /// Reads the words, separated by any run of spaces (`ending   in`).
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let words: Vec<&str> = s.split_whitespace().collect();
                $name::ALL
                    .iter()
                    .find(|(_, w)| w.split(' ').eq(words.iter().copied()))
                    .map(|&(v, _)| v)
                    .ok_or_else(|| $crate::syntax::UnknownKeyword {
                        choice: $choice,
                        words: $name::WORDS,
                        given: s.to_string(),
                    })
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

keyword_enum!(impl Direction "a direction" {
    North = "north",
    South = "south",
    East = "east",
    West = "west",
});

keyword_enum!(impl Outcome "an outcome" {
    Win = "win",
    Loss = "loss",
    Draw = "draw",
    Elimination = "elimination",
});

keyword_enum!(impl Style "a style" {
    Leap = "leap",
    Step = "step",
    Displace = "displace",
});

keyword_enum!(
    /// The one-word royalties, `royalty each|all|alone`, read into a [`Royalty`].
    pub enum RoyaltyWord "a royalty" {
        Each = "each",
        All = "all",
        Alone = "alone",
    }
);

impl From<RoyaltyWord> for Royalty {
    fn from(w: RoyaltyWord) -> Royalty {
        match w {
            RoyaltyWord::Each => Royalty::Each,
            RoyaltyWord::All => Royalty::All,
            RoyaltyWord::Alone => Royalty::Alone,
        }
    }
}

keyword_enum!(impl RoyalKey "a royal order's key" {
    LowestFile = "lowest file",
    HighestFile = "highest file",
    LowestRank = "lowest rank",
    HighestRank = "highest rank",
    Rearmost = "rearmost",
    Foremost = "foremost",
});

/// Writes a royalty as a definition says it (`alone`, `first by lowest file, then lowest rank`).
impl std::fmt::Display for Royalty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Royalty::Each => f.write_str("each"),
            Royalty::All => f.write_str("all"),
            Royalty::Alone => f.write_str("alone"),
            Royalty::First(o) => write!(f, "first by {}, then {}", o.by, o.then),
        }
    }
}

keyword_enum!(impl Trigger "a trigger" {
    Entering = "entering",
    EndingIn = "ending in",
    StartingOrEndingIn = "starting or ending in",
    Leaving = "leaving",
    CapturingIn = "capturing in",
    CapturingFromOrIn = "capturing from or in",
});

keyword_enum!(impl WallCells "a wall's cells" {
    Empty = "any empty cell",
    Reach = "a cell the piece could move to",
});

keyword_enum!(impl Obligation "an obligation" {
    Optional = "optional",
    Compulsory = "compulsory",
    CompulsoryWhenStuck = "compulsory when stuck",
});

keyword_enum!(
    /// `wins|loses|draws`: what an ending rule gives the player it names.
    pub enum Verdict "a verdict" {
        Wins = "wins",
        Loses = "loses",
        Draws = "draws",
    }
);

impl From<Verdict> for Outcome {
    fn from(v: Verdict) -> Outcome {
        match v {
            Verdict::Wins => Outcome::Win,
            Verdict::Loses => Outcome::Loss,
            Verdict::Draws => Outcome::Draw,
        }
    }
}

keyword_enum!(
    /// `held|safe|answerable`: the rider of a goal (none: the goal wins at once).
    pub enum GoalRider "a goal's rider" {
        Held = "held",
        Safe = "safe",
        Answerable = "answerable",
    }
);

impl From<GoalRider> for GoalMode {
    fn from(r: GoalRider) -> GoalMode {
        match r {
            GoalRider::Held => GoalMode::Held,
            GoalRider::Safe => GoalMode::Safe,
            GoalRider::Answerable => GoalMode::Answerable,
        }
    }
}

keyword_enum!(
    /// `horizontally|vertically|diagonally|orthogonally`: the lines a row may lie along.
    pub enum RowLines "a row's lines" {
        Horizontally = "horizontally",
        Vertically = "vertically",
        Diagonally = "diagonally",
        Orthogonally = "orthogonally",
    }
);

impl RowLines {
    /// The lines the words say.
    pub fn lines(self) -> &'static [Line] {
        match self {
            RowLines::Horizontally => &[Line::Horizontal],
            RowLines::Vertically => &[Line::Vertical],
            RowLines::Diagonally => &[Line::Diagonal],
            RowLines::Orthogonally => &[Line::Horizontal, Line::Vertical],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word reads back as its value, with any spacing; an unknown word is refused with the
    /// list of words.
    #[test]
    fn words_round_trip() {
        for &(t, w) in Trigger::ALL {
            assert_eq!(w.parse::<Trigger>(), Ok(t));
            assert_eq!(t.to_string(), w);
        }
        assert_eq!("ending \t in".parse::<Trigger>(), Ok(Trigger::EndingIn));
        assert_eq!(
            "ending".parse::<Trigger>().unwrap_err().to_string(),
            "`ending` is not a trigger: expected entering, ending in, starting or ending in, \
             leaving, capturing in, capturing from or in"
        );
        assert_eq!(
            Outcome::from("loses".parse::<Verdict>().unwrap()),
            Outcome::Loss
        );
        assert_eq!(
            Obligation::CompulsoryWhenStuck.to_string(),
            "compulsory when stuck"
        );
    }
}
