//! Statements given twice in one block. A subvariant or an option restates a statement to
//! replace the inherited one; within one block (the main game's, an option's, a variant's, one
//! piece's properties), a second statement of a kind that takes one value is a mistake, and so is
//! a second definition of the same player, zone, piece, castling pair, style of a type, or
//! interchangeable type. Each is reported at the second place, with a label at the first.

use super::diagnostic::Diagnostic;
use crate::syntax::{Flag, Name, Piece, Property, Span, Statement};
use std::collections::HashMap;

/// The phrase of a game statement that takes one value per block, if it is one.
fn single(s: &Statement) -> Option<&'static str> {
    use Statement::*;
    Some(match s {
        Game { .. } => "game",
        Board { .. } => "board",
        Setup(_) => "setup",
        Flag(f, _) => f.words(),
        Types(phrase, ..) => phrase.words(),
        HandOrder(_) => "hand order",
        CastlingByDrops(..) => "drops give castling rights",
        Shuffle { .. } => "shuffle",
        Checkmate(_) => "checkmate",
        Stalemate(_) => "stalemate",
        MainVariant(_) => "main variant",
        XboardVariant(_) => "xboard variant",
        CheckLimit(_) => "N checks win",
        Passing(..) => "passing",
        EnclosingDrops(..) => "drops must enclose",
        WallRule { .. } => "after a move, a wall",
        Gating(..) => "gating",
        PromotionInPlace { .. } => "promotion in place",
        DrawsByValue(_) => "draws decided by value",
        Royalty(_) => "royalty",
        DrawOdds(_) => "draws count for",
        Repetition { .. } => "repetition",
        BackAndForth { .. } => "back and forth",
        MoveLimit(_) => "move limit",
        CountingStoppers(_) => "counting stops on",
        CountingBoard { .. } => "counting board",
        CountingBare { .. } => "counting bare",
        Holes(_)
        | Player { .. }
        | Zone { .. }
        | Piece(_)
        | Castling { .. }
        | Style { .. }
        | Interchangeable(_)
        | Separated(_)
        | Goal { .. }
        | Extinction { .. }
        | Row { .. } => return None,
    })
}

/// The phrase of a piece property that takes one value per piece, if it is one (`moves` and
/// `promotes` lines add up).
fn single_property(p: &Property) -> Option<&'static str> {
    use Property::*;
    Some(match p {
        Value(_) => "value",
        Rank(_) => "rank",
        Flag(f, _) => f.words(),
        Confined(_) => "confined to",
        Barred(_) => "never enters",
        DropsIn(_) => "drops in",
        PerFile(_) => "at most N per file",
        PerColour(_) => "at most N per colour",
        // `en passant` is both of the next two.
        EnPassant(..) | TakesEnPassant(..) => "takes en passant",
        NoHopOver(_) => "may not hop over",
        NoCapture(_) => "may not capture",
        FirstMovesLost(_) => "first moves lost when aimed at by",
        OnlyUntilCapture { .. } => "moves only ... until its side captures",
        OnBoard(_) => "at most N on the board",
        SurvivesBlasts { .. } => "survives blasts",
        Moves { .. } | Promotes { .. } | CaptureLimit { .. } => return None,
    })
}

/// Reports everything given twice in one block of statements.
pub fn check_block(statements: &[Statement], spans: &[Span], errors: &mut Vec<Diagnostic>) {
    let mut seen = Seen::default();
    for (s, &sp) in statements.iter().zip(spans) {
        if let Some(phrase) = single(s) {
            seen.once(phrase.to_string(), sp, errors, || {
                format!("`{phrase}` is given twice")
            });
        }
        match s {
            Statement::Player { name, .. } => {
                seen.once(format!("player {}", name.node), name.span, errors, || {
                    format!("player `{}` is declared twice", name.node)
                })
            }
            Statement::Zone { name, player, .. } => {
                let whose = player.as_ref().map(|p| p.node.as_str());
                seen.once(
                    format!("zone {} {whose:?}", name.node),
                    name.span,
                    errors,
                    || format!("zone `{}` is defined twice", name.node),
                )
            }
            Statement::Piece(p) => {
                seen.once(
                    format!("piece {}", p.name.node),
                    p.name.span,
                    errors,
                    || format!("piece `{}` is defined twice", p.name.node),
                );
                check_piece(p, errors);
            }
            Statement::Castling { king, rook, .. } => seen.once(
                format!("castling {} {}", king.node, rook.node),
                sp,
                errors,
                || {
                    format!(
                        "castling `{}` with `{}` is given twice",
                        king.node, rook.node
                    )
                },
            ),
            Statement::Style { pieces, .. } => {
                for n in pieces {
                    seen.once(format!("style {}", n.node), n.span, errors, || {
                        format!("`{}` is given a style twice", n.node)
                    })
                }
            }
            Statement::Flag(f @ (Flag::NoChecks | Flag::ChecksOnlyMate), _) => {
                // Both say whether a check that mates is a move: one block takes one of them.
                let other = if *f == Flag::NoChecks {
                    Flag::ChecksOnlyMate
                } else {
                    Flag::NoChecks
                };
                if let Some(&first) = seen.0.get(other.words()) {
                    let message = format!(
                        "`{}` and `{}` are both given: keep one (a check that mates is a move only under the second)",
                        Flag::NoChecks.words(),
                        Flag::ChecksOnlyMate.words()
                    );
                    errors.push(
                        Diagnostic::error(sp, message).with_label(first, "the other given here"),
                    );
                }
            }
            Statement::Interchangeable(names) => interchangeable(names, &mut seen, errors),
            Statement::Separated(z) => {
                seen.once(format!("separated {}", z.node), sp, errors, || {
                    format!("`no leap between {} zones` is given twice", z.node)
                })
            }
            Statement::Goal { .. } | Statement::Extinction { .. } | Statement::Row { .. } => {
                let what = match s {
                    Statement::Goal { .. } => "this goal",
                    Statement::Row { .. } => "this row rule",
                    _ => "this extinction rule",
                };
                seen.once(super::draft::strip_spans(s), sp, errors, || {
                    format!("{what} is given twice")
                })
            }
            _ => {}
        }
    }
}

/// Reports a piece's single-valued properties given twice in its block.
fn check_piece(p: &Piece, errors: &mut Vec<Diagnostic>) {
    let mut seen = Seen::default();
    for (prop, &sp) in p.properties.iter().zip(&p.property_spans) {
        let Some(phrase) = single_property(prop) else {
            continue;
        };
        // `en passant` also says `can be taken en passant`.
        let also = matches!(prop, Property::EnPassant(..)).then_some("can be taken en passant");
        let repeated = [Some(phrase), also]
            .into_iter()
            .flatten()
            .find(|k| seen.0.contains_key(*k));
        for k in [Some(phrase), also].into_iter().flatten() {
            seen.0.entry(k.to_string()).or_insert(sp);
        }
        if let Some(k) = repeated {
            errors.push(
                Diagnostic::error(
                    sp,
                    format!("`{k}` is given twice for piece `{}`", p.name.node),
                )
                .with_label(seen.0[k], "first given here"),
            );
        }
    }
}

/// Reports a type of an interchangeable group that an earlier group of the block has already.
fn interchangeable(names: &[Name], seen: &mut Seen, errors: &mut Vec<Diagnostic>) {
    // A type named twice in one group is reported with the group.
    for (i, n) in names.iter().enumerate() {
        if names[..i].iter().any(|m| m.node == n.node) {
            continue;
        }
        seen.once(
            format!("interchangeable {}", n.node),
            n.span,
            errors,
            || {
                format!(
                    "`{}` is in two interchangeable groups: join them into one",
                    n.node
                )
            },
        );
    }
}

/// The first place of each key in a block.
#[derive(Default)]
struct Seen(HashMap<String, Span>);

impl Seen {
    /// Records a key's first place; at a later one, reports the message with a label there.
    fn once(
        &mut self,
        key: String,
        span: Span,
        errors: &mut Vec<Diagnostic>,
        message: impl FnOnce() -> String,
    ) {
        match self.0.get(&key) {
            Some(&first) => errors
                .push(Diagnostic::error(span, message()).with_label(first, "first given here")),
            None => {
                self.0.insert(key, span);
            }
        }
    }
}
