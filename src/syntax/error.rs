//! Syntax errors: pest's errors in the language's words.

use super::ast::Span;
use super::grammar::Rule;
use super::words;
use crate::suggest::did_you_mean;

/// A syntax error: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
}

/// Converts a pest error to a byte span and a message naming what was expected, in the words of
/// the language rather than the grammar's rule names.
pub(super) fn convert_error(e: pest::error::Error<Rule>, source: &str) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let (start, end) = match e.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, t)) => (s, t),
    };
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().filter_map(|r| describe(*r)).collect();
            names.sort();
            names.dedup();
            if names.len() > 1 {
                names.retain(|n| n != "end of file");
            }
            // Where a kind of thing (a statement, a piece property) may stand, its first words
            // are not listed one by one: the nearest one to the word found is suggested.
            if names.len() > 4 && names.iter().any(|n| !n.starts_with('`')) {
                names.retain(|n| !n.starts_with('`'));
            }
            let keywords: Vec<String> = positives
                .iter()
                .filter_map(|r| format!("{r:?}").strip_prefix("kw_").map(str::to_string))
                .chain(
                    positives
                        .iter()
                        .flat_map(|r| choices(*r).iter().map(|w| w.to_string())),
                )
                .chain(names.iter().filter_map(|n| {
                    n.strip_prefix('`')
                        .and_then(|n| n.strip_suffix('`'))
                        .map(str::to_string)
                }))
                .collect();
            let found: String = source
                .get(start..)
                .unwrap_or("")
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(20)
                .collect();
            let found = if found.is_empty() {
                match source.get(start..).and_then(|s| s.chars().next()) {
                    Some('\n') | Some('\r') => "the end of the line".to_string(),
                    Some(_) => "a space".to_string(),
                    None => "the end of the file".to_string(),
                }
            } else {
                format!("`{found}`")
            };
            let expected = match names.len() {
                0 => "unexpected input".to_string(),
                1 => format!("expected {}", names[0]),
                _ => {
                    let last = names.pop().unwrap_or_default();
                    format!("expected {} or {}", names.join(", "), last)
                }
            };
            let word: String = source
                .get(start..)
                .unwrap_or("")
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            // The language writes its phrases with spaces: `en-passant` is `en passant`.
            let first = word.split('-').next().unwrap_or("");
            let hint = if word.contains('-') && keywords.iter().any(|k| k == first) {
                format!("; did you mean `{}`?", word.replace('-', " "))
            } else if word.chars().any(char::is_alphabetic) {
                did_you_mean(&word, keywords.iter().map(String::as_str))
            } else {
                String::new()
            };
            format!("{expected}, found {found}{hint}")
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    SyntaxError {
        message,
        span: Span { start, end },
    }
}

/// Refuses parts the grammar reads but a definition may not hold: a name too long (names reach
/// protocol and ini output, which a rule set bounds: `rules::MAX_NAME_LEN`), a fractional value.
pub(super) fn refuse_parts(file: &pest::iterators::Pair<Rule>) -> Result<(), SyntaxError> {
    let max = crate::rules::MAX_NAME_LEN;
    let refuse = |p: pest::iterators::Pair<Rule>, message: String| SyntaxError {
        message,
        span: Span {
            start: p.as_span().start(),
            end: p.as_span().end(),
        },
    };
    let parts = file.clone().into_inner().flatten();
    if let Some(long) = parts
        .clone()
        .find(|p| p.as_rule() == Rule::name && p.as_str().len() > max)
    {
        let n = long.as_str().len();
        return Err(refuse(
            long,
            format!("a name has at most {max} bytes; this one has {n}"),
        ));
    }
    if let Some(f) = parts.clone().find(|p| p.as_rule() == Rule::fraction) {
        let text = f.as_str().to_string();
        return Err(refuse(
            f,
            format!("a value is a whole number of pawns (`value 4`, from 0), not `{text}`"),
        ));
    }
    Ok(())
}

/// The words a rule reads one of, for a "did you mean" (`wins` where `win` is read).
fn choices(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::outcome => &["win", "loss", "draw", "elimination"],
        Rule::verdict => &["wins", "loses", "draws"],
        Rule::goal_mode => &["held", "safe", "answerable"],
        Rule::royalty_kind => &["each", "all", "alone"],
        Rule::direction => &["north", "south", "east", "west"],
        Rule::style_kind => &["leap", "step", "displace"],
        Rule::row_lines => &["horizontally", "vertically", "diagonally", "orthogonally"],
        _ => &[],
    }
}

/// What an error message calls what a rule reads, in the language's words.
fn describe(rule: Rule) -> Option<String> {
    let s = match rule {
        Rule::EOI => "end of file",
        Rule::eol => "end of line",
        Rule::name | Rule::zone_ref => "a name",
        Rule::int | Rule::fraction => "a number",
        Rule::string => "a quoted title",
        Rule::direction => "a direction (north, south, east, west)",
        Rule::region
        | Rule::ranks
        | Rule::files
        | Rule::cell
        | Rule::cell_range
        | Rule::all_cells => "a region",
        Rule::outcome => "win, loss, draw or elimination",
        Rule::verdict => "wins, loses or draws",
        Rule::goal_mode => "held, safe or answerable",
        Rule::royalty_kind => "each, all, alone or first by",
        Rule::royal_key => {
            "a royal order's key (lowest file, highest file, lowest rank, highest rank, rearmost, foremost)"
        }
        Rule::honour => "an honour (COUNT TYPE LIMIT)",
        Rule::symbol => "a symbol (an upper-case letter, maybe after +, maybe followed by ' or !)",
        Rule::move_word | Rule::move_atom | Rule::atom | Rule::modifiers => {
            "a move (Betza notation)"
        }
        Rule::range => "a range",
        Rule::style_kind => "leap, step or displace",
        Rule::trigger | Rule::kw_entering | Rule::kw_starting | Rule::kw_leaving => {
            "a trigger (entering, ending in, starting or ending in, leaving)"
        }
        Rule::obligation | Rule::kw_optional | Rule::kw_compulsory => {
            "optional, compulsory or compulsory when stuck"
        }
        Rule::fen => "a FEN",
        Rule::file_letter => "a file letter",
        Rule::variant | Rule::kw_variant => "a variant",
        Rule::option | Rule::kw_option => "an option",
        Rule::statement
        | Rule::extends
        | Rule::kw_goal
        | Rule::kw_extinction
        | Rule::kw_royalty
        | Rule::kw_repetition
        | Rule::kw_counting
        | Rule::kw_draws
        | Rule::kw_main
        | Rule::kw_xboard
        | Rule::kw_style
        | Rule::kw_interchangeable
        | Rule::kw_swapped
        | Rule::kw_game
        | Rule::kw_board
        | Rule::kw_holes
        | Rule::kw_player
        | Rule::kw_zone
        | Rule::kw_piece
        | Rule::kw_setup
        | Rule::kw_captures
        | Rule::kw_no
        | Rule::kw_royals
        | Rule::kw_castling
        | Rule::kw_shuffle
        | Rule::kw_checkmate
        | Rule::kw_stalemate => "a statement",
        Rule::property
        | Rule::kw_survives
        | Rule::kw_dropped
        | Rule::kw_resets
        | Rule::kw_takes
        | Rule::kw_can
        | Rule::kw_removed
        | Rule::kw_demotes
        | Rule::kw_value
        | Rule::kw_royal
        | Rule::kw_moves
        | Rule::kw_confined
        | Rule::kw_never
        | Rule::kw_promotes
        | Rule::kw_drops
        | Rule::kw_at
        | Rule::kw_drop
        | Rule::kw_en => "a piece property",
        Rule::file => "a definition",
        Rule::goal_count => "a number",
        Rule::down_to => "`down to` and a number",
        Rule::against => "`against` and a number",
        Rule::all_pieces => "`all pieces`",
        Rule::all_of => "`all of`",
        Rule::bared_back => "`unless bared back`",
        Rule::row_lines => "horizontally, vertically, diagonally or orthogonally",
        Rule::row_zone => "`in` and a zone",
        Rule::when_stuck => "`when stuck`",
        Rule::wall_act => "`a wall goes on` or `the wall moves to`",
        Rule::wall_cells => "`any empty cell` or `a cell the piece could move to`",
        Rule::gating_only => "`without drops`",
        Rule::castling_any => "`any of` and file letters",
        Rule::castling_from => "`from` and a file letter",
        Rule::castling_by => "`by` and a number of cells",
        Rule::royalty_first => "`first by KEY, then KEY`",
        Rule::all_unattacked => "`, all unattacked`",
        Rule::pip_option
        | Rule::pip_last
        | Rule::pip_moving
        | Rule::pip_quiet
        | Rule::pip_limit => {
            "`anywhere when last`, `or moving`, `attacking nothing` or `at most N on the board`"
        }
        Rule::bonus => "a bonus in pawns (a whole number, or one ending in .5: 1, 1.5)",
        Rule::perpetual => "`perpetual check loses`",
        Rule::counting_stoppers | Rule::counting_board | Rule::counting_bare => {
            "`stops on`, `board` or `bare`"
        }
        Rule::both_colours | Rule::between => "`TYPE... on both colours` or `TYPE between TYPE`",
        Rule::nearby => "`nearby`",
        Rule::within => "`within` and a zone",
        Rule::after_first => "`after its first move`",
        Rule::deferred => "`deferred after a drop in` and a zone",
        Rule::captive => "`stronger captive`",
        Rule::protected => "`protected`",
        Rule::from_afar => "`from afar`",
        Rule::unless_also => "`, unless also capturing other than` and types",
        Rule::unless_only_by => "`, unless protected only by` and types",
        // Silent rules: pest never names them.
        Rule::WHITESPACE
        | Rule::COMMENT
        | Rule::end
        | Rule::blank
        | Rule::extinction_kw
        | Rule::row_kw
        | Rule::limit_names
        | Rule::shuffle_rule
        | Rule::region_item
        | Rule::region_word
        | Rule::ident_char => return None,
        other if words::section_of(other).is_some() => {
            return words::section_of(other).map(|s| s.noun().to_string());
        }
        other => {
            let name = format!("{other:?}");
            return Some(match name.strip_prefix("kw_") {
                Some(word) => format!("`{word}`"),
                None => name.replace('_', " "),
            });
        }
    };
    Some(s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No grammar rule's name reaches a message: every rule an error may name has words of the
    /// language (a keyword is its own word, shown in backquotes).
    #[test]
    fn no_rule_name_leaks() {
        let leaks: Vec<String> = Rule::all_rules()
            .iter()
            .filter(|r| !format!("{r:?}").starts_with("kw_"))
            .filter_map(|&r| {
                let raw = format!("{r:?}").replace('_', " ");
                describe(r).filter(|d| *d == raw)
            })
            .collect();
        assert!(leaks.is_empty(), "{leaks:?}");
    }
}
