//! The statements of a variant's chain, applied in order, names still unresolved: a later
//! statement replaces or amends an earlier one.

use super::diagnostic::Diagnostic;
use crate::rules::{Direction, Outcome, Royalty, Style};
use crate::syntax::{self, Flag, Name, Property, Span, Spanned, Statement, TypesPhrase};
use std::collections::HashMap;

/// A castling statement: king, partner, the king's destination files, the files a freely
/// castling king may land on, whether its cells up to the farthest must all be unattacked, the
/// file a king must stand on to castle, and how many cells the king moves.
pub(super) type CastlingDraft = (
    Name,
    Name,
    Option<(Name, Name)>,
    Vec<Name>,
    bool,
    Option<Name>,
    Option<Spanned<syntax::Int>>,
);

/// Adds a statement to a list unless an equal one (spans aside) is there already.
fn push_new(list: &mut Vec<Statement>, s: &Statement) {
    let text = |x: &Statement| format!("{:?}", strip_spans(x));
    let t = text(s);
    if !list.iter().any(|x| text(x) == t) {
        list.push(s.clone());
    }
}

/// Tells whether two extinction rules have the same condition and different verdicts.
fn contradicts(a: &Statement, b: &Statement) -> bool {
    let condition = |s: &Statement| match s {
        Statement::Extinction {
            pieces,
            together,
            down_to,
            against,
            bared_back,
            verdict,
            ..
        } => {
            let mut names: Vec<String> = pieces.iter().map(|n| n.node.clone()).collect();
            names.sort();
            names.dedup();
            let value =
                |n: &Option<Spanned<syntax::Int>>| n.as_ref().map_or(Some(0), |n| n.node.value);
            Some((
                (
                    names,
                    *together,
                    value(down_to),
                    value(against),
                    *bared_back,
                ),
                verdict.node,
            ))
        }
        _ => None,
    };
    match (condition(a), condition(b)) {
        (Some((ca, va)), Some((cb, vb))) => ca == cb && va != vb,
        _ => false,
    }
}

/// A statement's debug text without its spans, to compare two statements by meaning.
pub(crate) fn strip_spans(s: &Statement) -> String {
    let text = format!("{s:?}");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("span: Span {") {
        out += &rest[..i];
        rest = &rest[i..];
        rest = rest.find('}').map_or("", |j| &rest[j + 1..]);
    }
    out + rest
}

/// The statements of a variant's chain, applied in order, names still unresolved.
#[derive(Default)]
pub(super) struct Draft {
    pub(super) game: Option<Name>,
    pub(super) title: Option<String>,
    /// `xboard variant NAME`
    pub(super) xboard_variant: Option<Name>,
    pub(super) board: Option<(Spanned<syntax::Int>, Spanned<syntax::Int>)>,
    pub(super) holes: Vec<syntax::Region>,
    pub(super) players: Vec<(Name, Spanned<Direction>)>,
    pub(super) zones: Vec<ZoneDraft>,
    /// Where each (zone, player) statement is in `zones`.
    pub(super) zone_index: HashMap<(String, Option<String>), usize>,
    pub(super) pieces: Vec<PieceDraft>,
    /// Where each piece is in `pieces`.
    pub(super) piece_index: HashMap<String, usize>,
    pub(super) setup: Option<Spanned<String>>,
    /// The flag statements said, each once, at its first place.
    pub(super) flags: Vec<(Flag, Span)>,
    /// The statements of a list of types, each once: a later one replaces an earlier.
    pub(super) types: Vec<(TypesPhrase, Vec<Name>)>,
    pub(super) hand_order: Option<Vec<Name>>,
    pub(super) castling: Vec<CastlingDraft>,
    pub(super) shuffle: Option<(syntax::Region, Vec<syntax::ShuffleRule>)>,
    pub(super) checkmate: Option<Spanned<Outcome>>,
    pub(super) stalemate: Option<Spanned<Outcome>>,
    pub(super) styles: Vec<(Spanned<Style>, Vec<Name>)>,
    pub(super) interchangeable: Vec<Vec<Name>>,
    pub(super) castling_by_drops: Option<(Name, Name)>,
    /// `after a move, a wall ...`
    pub(super) wall_rule: Option<Statement>,
    /// `promotion in place of ...`
    pub(super) in_place: Option<Statement>,
    /// `gating in ZONE [, without drops]`
    pub(super) gating: Option<(Name, bool)>,
    /// `drops must enclose`, with its start zone.
    pub(super) drops_enclose: Option<Option<Name>>,
    pub(super) separated: Vec<Name>,
    pub(super) endings: Endings,
}

/// The statements about how a game ends, names still unresolved.
#[derive(Default)]
pub(super) struct Endings {
    pub(super) royalty: Option<Spanned<Royalty>>,
    /// Goal and extinction statements, in order; a subvariant's add to the inherited ones.
    pub(super) goals: Vec<Statement>,
    pub(super) extinctions: Vec<Statement>,
    /// Row statements, in order; a subvariant's add to the inherited ones.
    pub(super) rows: Vec<Statement>,
    pub(super) check_limit: Option<Spanned<syntax::Int>>,
    pub(super) passing: bool,
    pub(super) passing_when_stuck: bool,
    pub(super) draw_odds: Option<Name>,
    pub(super) draws_by_value: Option<Option<(Name, Spanned<String>)>>,
    pub(super) repetition: Option<Statement>,
    pub(super) back_and_forth: Option<Statement>,
    pub(super) move_limit: Option<Spanned<syntax::Int>>,
    pub(super) counting_stoppers: Option<Vec<Name>>,
    pub(super) counting_board: Option<Statement>,
    pub(super) counting_bare: Option<Statement>,
}

pub(super) struct ZoneDraft {
    pub(super) name: Name,
    pub(super) player: Option<Name>,
    pub(super) region: syntax::Region,
}

#[derive(Clone)]
pub(super) struct PieceDraft {
    pub(super) name: Name,
    pub(super) symbol: Spanned<String>,
    pub(super) properties: Vec<Property>,
}

/// Whether two properties are of one kind (a flag property is a kind of its own per flag).
fn same_kind(a: &Property, b: &Property) -> bool {
    match (a, b) {
        (Property::Flag(x, _), Property::Flag(y, _)) => x == y,
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

impl Draft {
    /// Whether a flag statement was said.
    pub(super) fn has(&self, flag: Flag) -> bool {
        self.flags.iter().any(|(f, _)| *f == flag)
    }

    pub(super) fn apply(&mut self, s: &Statement, in_variant: bool, errors: &mut Vec<Diagnostic>) {
        match s {
            // Statements given twice in one block are reported by `duplicates`; here a later
            // one replaces an earlier one.
            Statement::Game { id, title } => self.game(id, title, in_variant, errors),
            Statement::Board { files, ranks } => {
                // A new board starts without holes.
                self.board = Some((files.clone(), ranks.clone()));
                self.holes.clear();
            }
            Statement::Holes(r) => self.holes.push(r.clone()),
            Statement::Player { name, forward } => {
                match self.players.iter_mut().find(|(n, _)| n.node == name.node) {
                    Some(p) => p.1 = forward.clone(),
                    None => self.players.push((name.clone(), forward.clone())),
                }
            }
            Statement::Zone {
                name,
                player,
                region,
            } => {
                let key = (name.node.clone(), player.as_ref().map(|p| p.node.clone()));
                match self.zone_index.get(&key) {
                    Some(&i) => self.zones[i].region = region.clone(),
                    None => {
                        self.zone_index.insert(key, self.zones.len());
                        self.zones.push(ZoneDraft {
                            name: name.clone(),
                            player: player.clone(),
                            region: region.clone(),
                        })
                    }
                }
            }
            Statement::Piece(p) => self.piece(p, errors),
            Statement::Setup(f) => self.setup = Some(f.clone()),
            Statement::Types(phrase, names, _) => {
                self.types.retain(|(p, _)| p != phrase);
                self.types.push((*phrase, names.clone()));
            }
            Statement::Flag(f, sp) => {
                // `checks are forbidden` and `... unless they mate`: a later one replaces the
                // other (`duplicates` refuses both in one block).
                let rival = match f {
                    Flag::NoChecks => Some(Flag::ChecksOnlyMate),
                    Flag::ChecksOnlyMate => Some(Flag::NoChecks),
                    _ => None,
                };
                self.flags.retain(|(g, _)| Some(*g) != rival);
                if !self.has(*f) {
                    self.flags.push((*f, *sp));
                }
            }
            Statement::HandOrder(names) => self.hand_order = Some(names.clone()),
            Statement::Castling {
                king,
                from,
                rook,
                to,
                any_of,
                all_unattacked,
                by,
            } => {
                // Several castling statements give several ways to castle; a subvariant's
                // statement for the same pair replaces the earlier one.
                self.castling
                    .retain(|(k, r, ..)| k.node != king.node || r.node != rook.node);
                self.castling.push((
                    king.clone(),
                    rook.clone(),
                    to.clone(),
                    any_of.clone(),
                    *all_unattacked,
                    from.clone(),
                    by.clone(),
                ))
            }
            Statement::Shuffle { region, rules } => {
                self.shuffle = Some((region.clone(), rules.clone()))
            }
            Statement::Checkmate(o) => self.checkmate = Some(o.clone()),
            Statement::Stalemate(o) => self.stalemate = Some(o.clone()),
            Statement::Style { style, pieces } => self.styles.push((style.clone(), pieces.clone())),
            Statement::Interchangeable(names) => {
                // A later group replaces an inherited one that shares a type.
                self.interchangeable
                    .retain(|g| !g.iter().any(|n| names.iter().any(|m| m.node == n.node)));
                self.interchangeable.push(names.clone());
            }
            Statement::CastlingByDrops(k, p) => {
                self.castling_by_drops = Some((k.clone(), p.clone()))
            }
            Statement::Separated(z) => self.separated.push(z.clone()),
            Statement::Goal { .. } => push_new(&mut self.endings.goals, s),
            Statement::Extinction { verdict, .. } => self.extinction(s, verdict, errors),
            Statement::CheckLimit(n) => self.endings.check_limit = Some(n.clone()),
            Statement::Row { .. } => push_new(&mut self.endings.rows, s),
            Statement::Passing(_, when_stuck) => {
                self.endings.passing = !when_stuck;
                self.endings.passing_when_stuck = *when_stuck;
            }
            Statement::WallRule { .. } => self.wall_rule = Some(s.clone()),
            Statement::PromotionInPlace { .. } => self.in_place = Some(s.clone()),
            Statement::Gating(_, zone, only) => self.gating = Some((zone.clone(), *only)),
            Statement::EnclosingDrops(_, first) => {
                self.drops_enclose = Some(first.clone());
            }
            Statement::Royalty(r) => self.endings.royalty = Some(r.clone()),
            Statement::DrawOdds(p) => self.endings.draw_odds = Some(p.clone()),
            Statement::DrawsByValue(b) => self.endings.draws_by_value = Some(b.clone()),
            Statement::Repetition { .. } => self.endings.repetition = Some(s.clone()),
            Statement::BackAndForth { .. } => self.endings.back_and_forth = Some(s.clone()),
            Statement::MoveLimit(n) => self.endings.move_limit = Some(n.clone()),
            Statement::CountingStoppers(names) => {
                self.endings.counting_stoppers = Some(names.clone())
            }
            Statement::CountingBoard { .. } => self.endings.counting_board = Some(s.clone()),
            Statement::CountingBare { .. } => self.endings.counting_bare = Some(s.clone()),
            Statement::XboardVariant(n) => self.xboard_variant = Some(n.clone()),
            Statement::MainVariant(n) => {
                if in_variant {
                    errors.push(Diagnostic::error(
                        n.span,
                        "`main variant` belongs to the main game, not to a variant",
                    ));
                }
            }
        }
    }

    /// `game ID "TITLE"`: only the main game's, checked as the rule set checks a title.
    fn game(
        &mut self,
        id: &Name,
        title: &Option<Spanned<String>>,
        in_variant: bool,
        errors: &mut Vec<Diagnostic>,
    ) {
        if in_variant {
            errors.push(Diagnostic::error(
                id.span,
                "`game` belongs to the main game, not to a variant",
            ));
        } else {
            // An extending file's game replaces the extended one's (each block has one `game`,
            // `duplicates` reports a second). The rule set's own checks, here with the title's
            // place.
            let max = crate::rules::MAX_NAME_LEN;
            if let Some(t) = title {
                if t.node.len() > max {
                    errors.push(Diagnostic::error(
                        t.span,
                        format!("a title is at most {max} bytes, not {}", t.node.len()),
                    ));
                } else if let Some(c) = t.node.chars().find(|c| c.is_control()) {
                    errors.push(Diagnostic::error(
                        t.span,
                        format!("{c:?} in a title (no control characters)"),
                    ));
                }
            }
            self.game = Some(id.clone());
            self.title = title.as_ref().map(|t| t.node.clone());
        }
    }

    /// A piece: a new one, one replaced (a symbol given again), or one amended.
    fn piece(&mut self, p: &syntax::Piece, errors: &mut Vec<Diagnostic>) {
        let existing = self.piece_index.get(&p.name.node).copied();
        match (existing, &p.symbol) {
            (Some(i), Some(sym)) => {
                self.pieces[i] = PieceDraft {
                    name: p.name.clone(),
                    symbol: sym.clone(),
                    properties: p.properties.clone(),
                }
            }
            (Some(i), None) => {
                // An amendment: each kind of property stated replaces the inherited ones.
                let d = &mut self.pieces[i];
                d.properties
                    .retain(|old| !p.properties.iter().any(|new| same_kind(old, new)));
                d.properties.extend(p.properties.iter().cloned());
            }
            (None, Some(sym)) => {
                self.piece_index.insert(p.name.node.clone(), self.pieces.len());
                self.pieces.push(PieceDraft {
                    name: p.name.clone(),
                    symbol: sym.clone(),
                    properties: p.properties.clone(),
                })
            }
            (None, None) => errors.push(Diagnostic::error(
                p.name.span,
                format!(
                    "piece `{}` needs a symbol (e.g. `piece {} X`); only an inherited piece may be amended without one",
                    p.name.node, p.name.node
                ),
            )),
        }
    }

    /// An extinction rule, unless a contradicting one is there already.
    fn extinction(
        &mut self,
        s: &Statement,
        verdict: &Spanned<syntax::Verdict>,
        errors: &mut Vec<Diagnostic>,
    ) {
        let first = self.endings.extinctions.iter().find(|e| contradicts(e, s));
        if let Some(Statement::Extinction {
            verdict: v, span, ..
        }) = first
        {
            errors.push(
                Diagnostic::error(
                    verdict.span,
                    format!(
                        "this extinction rule {} where an earlier one with the same condition {}",
                        verdict.node, v.node
                    ),
                )
                .with_label(*span, "the earlier rule"),
            );
        }
        push_new(&mut self.endings.extinctions, s)
    }
}
