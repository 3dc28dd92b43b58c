//! A refusal: the rule Fairy-Stockfish cannot say, and the rule-set path of what says it.

use crate::rules::PieceType;

/// Why a rule set cannot be written for Fairy-Stockfish: the rule, and where it is said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What FSF cannot say, in the language's words.
    pub rule: String,
    /// The rule-set path of what says it (`pieces[3].moves[1]`, `effects[1]`): a
    /// definition's [`crate::SourceMap`] gives its place.
    pub at: String,
}

/// A part of the export, or the refusal of the rule set.
pub(super) type Result<T> = std::result::Result<T, Refusal>;

/// Refuses the rule set: `rule` cannot be said, and `at` says it.
pub(super) fn refuse<T>(rule: impl Into<String>, at: impl Into<String>) -> Result<T> {
    Err(Refusal {
        rule: rule.into(),
        at: at.into(),
    })
}

/// The rule-set path of a piece type's field (`""`: the piece type).
pub(super) fn piece_path(pieces: &[PieceType], p: &PieceType, field: &str) -> String {
    let i = pieces.iter().position(|q| std::ptr::eq(q, p)).unwrap_or(0);
    match field {
        "" => format!("pieces[{i}]"),
        f => format!("pieces[{i}].{f}"),
    }
}
