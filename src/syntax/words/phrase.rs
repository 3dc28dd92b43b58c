//! A row of the language's table, and what it says.

use super::super::grammar::Rule;

/// Where a phrase is written, and the README table that lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// A statement of a game, an option or a variant.
    Game,
    /// A statement of how a game ends.
    Ending,
    /// A property of a piece, on the lines after `piece NAME`.
    Property,
}

impl Section {
    /// Every section, in the README's order.
    pub const ALL: [Section; 3] = [Section::Game, Section::Ending, Section::Property];

    /// The heading of the table's first column.
    pub(super) fn column(self) -> &'static str {
        match self {
            Section::Game | Section::Ending => "statement",
            Section::Property => "property",
        }
    }

    /// What an error message calls a phrase of this section.
    pub fn noun(self) -> &'static str {
        match self {
            Section::Game | Section::Ending => "a statement",
            Section::Property => "a piece property",
        }
    }
}

/// What a phrase takes besides its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Nothing: the words are the whole phrase (`captures explode`).
    Flag,
    /// One name: a zone, a player (`confined to ZONE`).
    Name,
    /// One or more piece types (`hand order TYPE...`).
    Names,
    /// A whole number (`move limit N`).
    Number,
    /// A region (`holes REGION`).
    Region,
    /// One of a keyword choice's words, written in the form as `a|b|c` (`royalty each|all|alone`).
    Choice(&'static [&'static str]),
    /// A syntax of its own, shown by its forms (`castling KING with ROOK [to FILE FILE]`).
    Structured,
}

/// One row of the language's reference.
#[derive(Clone, Copy, Debug)]
pub struct Phrase {
    /// The table it is listed in.
    pub section: Section,
    /// The grammar rule that reads it (several rows may share one: `passing allowed`, `passing
    /// when stuck`).
    pub(crate) rule: Rule,
    /// What it takes besides its words.
    pub shape: Shape,
    /// How it is written: placeholders in capitals, `[...]` optional, `a|b` a choice.
    pub forms: &'static [&'static str],
    /// What it means, in one line of the README.
    pub doc: &'static str,
}

macro_rules! phrase {
    ($section:ident, $rule:ident, $shape:expr, [$($form:literal),+], $doc:literal) => {
        Phrase {
            section: Section::$section,
            rule: Rule::$rule,
            shape: $shape,
            forms: &[$($form),+],
            doc: $doc,
        }
    };
}
