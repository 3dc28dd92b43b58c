//! Lowering: resolves names, applies a variant's inheritance chain, checks everything, and builds
//! the [`RuleSet`]. Every problem found is collected; the list is sorted by position.
//!
//! The passes, each in its file: [`draft`] applies the chain's statements in order; then
//! [`resolve`] builds the rule set from the draft through [`board`] (board, players, zones),
//! [`pieces`] (piece types, moves, promotions, styles, hands), [`setup`] (castling, shuffle),
//! [`mechanics`] (move rules, drop rules, effects, filters) and [`endings`] (endings, verdicts),
//! all resolving names through [`names`].

pub(crate) use crate::betza::read as betza;
mod board;
mod catalog;
mod diagnostic;
mod draft;
mod duplicates;
mod endings;
mod futile;
mod mechanics;
mod names;
mod pieces;
mod reach;
mod region;
mod resolve;
mod setup;
mod source_map;
mod unused;
pub(crate) mod warnings;

pub use catalog::{Catalog, MAX_VARIANTS};
pub use diagnostic::{Diagnostic, Severity};
pub use source_map::SourceMap;

use crate::rules::RuleSet;
use crate::syntax::Span;

/// A lowered variant, with where each part of its rule set was said.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub rules: RuleSet,
    /// The places of the rule set's parts, by rule-set path.
    pub map: SourceMap,
}

/// Lowers one variant (`None`: the main game). `Ok(None)` if the name is not a variant of the file.
pub fn lower(catalog: &Catalog, variant: Option<&str>) -> Result<Option<Lowered>, Vec<Diagnostic>> {
    let mut errors = catalog.problems.clone();
    let name = variant.unwrap_or(catalog.main()).to_string();
    let Some(chain) = catalog.chain(&name) else {
        return if errors.is_empty() {
            Ok(None)
        } else {
            Err(errors)
        };
    };
    let mut draft = draft::Draft::default();
    let mut map = SourceMap::default();
    for (depth, (stmts, spans)) in chain.iter().enumerate() {
        duplicates::check_block(stmts, spans, &mut errors);
        for (s, span) in stmts.iter().zip(spans.iter()) {
            source_map::record_statement(&mut map, s, *span);
        }
        // The main game's blocks: an extended file's, then the file's own.
        for s in stmts.iter() {
            draft.apply(s, depth > catalog.base_len(), &mut errors);
        }
    }
    let lowered =
        resolve::resolve(&draft, name, map, &mut errors).map(|(rules, map)| Lowered { rules, map });
    // The checks of the compiled rule set, each placed at what its path names. Lowering leaves
    // out what it could not resolve, so the rest is still checked; a fault at a place lowering
    // has already reported is the same fault seen again, and is left out.
    if let Some(l) = &lowered {
        let nowhere = Span { start: 0, end: 0 };
        let overlaps =
            |a: Span, b: Span| a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1);
        let found = errors.len();
        for e in l.rules.problems() {
            let span = l.map.get(&e.path).unwrap_or(nowhere);
            if !errors[..found].iter().any(|d| overlaps(d.span, span)) {
                errors.push(Diagnostic::error(span, e.message));
            }
        }
    }
    errors.sort();
    errors.dedup();
    match lowered {
        Some(l) if errors.is_empty() => Ok(Some(l)),
        _ => Err(errors),
    }
}
