//! The language as one table: every statement and piece property, with the grammar rule that
//! reads it, its argument shape, the forms a designer writes and its one-line documentation.
//!
//! The parser names the phrases of its error messages from it (`expected a statement`), and the
//! README's tables of statements and properties are generated from it ([`reference()`]; the test
//! `tests/reference.rs` fails if the README's tables differ). A new statement is a grammar rule and
//! one entry here (a flag phrase: one row of [`Flag`]'s table).

use super::grammar::Rule;

#[macro_use]
mod phrase;
mod ending;
mod flags;
mod game;
mod property;

pub use flags::{Flag, PieceFlag, TypesPhrase};
pub(crate) use flags::{Meaning, Needs, PieceMeaning, PieceNeeds, TypesMeaning};
pub use phrase::{Phrase, Section, Shape};

/// How many phrases there are.
const COUNT: usize = game::GAME.len()
    + ending::ENDING.len()
    + property::PROPERTY.len()
    + flags::FLAGS.len()
    + flags::PIECE_FLAGS.len()
    + flags::TYPES_PHRASES.len();

/// Every phrase of the language, in the README's order.
pub const PHRASES: &[Phrase] = &all();

/// The sections' rows, one after another.
const fn all() -> [Phrase; COUNT] {
    let mut out = [game::GAME[0]; COUNT];
    let mut n = 0;
    let sections = [
        game::GAME,
        ending::ENDING,
        property::PROPERTY,
        flags::FLAGS,
        flags::PIECE_FLAGS,
        flags::TYPES_PHRASES,
    ];
    let mut s = 0;
    while s < sections.len() {
        let mut i = 0;
        while i < sections[s].len() {
            out[n] = sections[s][i];
            n += 1;
            i += 1;
        }
        s += 1;
    }
    out
}

/// The section of a grammar rule that reads a phrase (`None`: not a phrase's rule).
pub fn section_of(rule: Rule) -> Option<Section> {
    PHRASES.iter().find(|p| p.rule == rule).map(|p| p.section)
}

/// The README's table of one section, as generated from [`PHRASES`].
pub fn table(section: Section) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = format!("| {} | meaning |\n|---|---|\n", section.column());
    for p in PHRASES.iter().filter(|p| p.section == section) {
        let forms: Vec<String> = p.forms.iter().map(|f| format!("`{}`", cell(f))).collect();
        out += &format!("| {} | {} |\n", forms.join(", "), cell(p.doc));
    }
    out
}

/// The README's language reference: each section's table between the markers the README test
/// looks for (`<!-- words: game -->` ... `<!-- end words -->`).
pub fn reference() -> String {
    Section::ALL
        .iter()
        .map(|&s| format!("{}\n{}{}\n", marker(s), table(s), END_MARKER))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The line before a section's generated table in the README.
pub fn marker(section: Section) -> &'static str {
    match section {
        Section::Game => "<!-- words: game (generated from src/syntax/words.rs) -->",
        Section::Ending => "<!-- words: ending (generated from src/syntax/words.rs) -->",
        Section::Property => "<!-- words: property (generated from src/syntax/words.rs) -->",
    }
}

/// The line after each generated table.
pub const END_MARKER: &str = "<!-- end words -->";

#[cfg(test)]
mod tests {
    use super::Shape::*;
    use super::*;
    use pest::Parser as _;

    /// The rule a form parses to: the grammar reads each flag phrase as written here, with the
    /// rule named here.
    #[test]
    fn flag_forms_parse_to_their_rule() {
        let mut flags = 0;
        for p in PHRASES.iter().filter(|p| p.shape == Flag) {
            for form in p.forms {
                let src = match p.section {
                    Section::Property => format!("piece King K\n  {form}\n"),
                    _ => format!("{form}\n"),
                };
                let file = super::super::grammar::VariaParser::parse(Rule::file, &src)
                    .unwrap_or_else(|e| panic!("`{form}` does not parse: {e}"));
                let rule = file
                    .flatten()
                    .map(|x| x.as_rule())
                    .find(|&r| r == p.rule || (section_of(r).is_some() && r != Rule::piece));
                assert_eq!(rule, Some(p.rule), "`{form}`");
                flags += 1;
            }
        }
        // Every flag form was tried (the table holds more than 30).
        assert!(flags > 30, "{flags} flag forms");
    }

    /// A choice's form lists exactly the keyword enum's words (`a|b|c`, in any order).
    #[test]
    fn choice_forms_list_the_words() {
        let mut choices = 0;
        for p in PHRASES {
            if let Choice(words) = p.shape {
                let mut want = words.to_vec();
                want.sort_unstable();
                let listed = p.forms.iter().any(|f| {
                    f.split([' ', '[', ']', ',']).any(|token| {
                        let mut got: Vec<&str> = token.split('|').collect();
                        got.sort_unstable();
                        got == want
                    })
                });
                assert!(listed, "{:?} does not list {}", p.forms, words.join("|"));
                choices += 1;
            }
        }
        assert_eq!(choices, 8);
    }
}
