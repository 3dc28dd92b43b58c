//! Where each part of a compiled rule set was said: a map from rule-set paths (as
//! [`crate::rules::RuleSetError`] and the exporter's refusals name them, `pieces[5].promotions[0].to`)
//! to places in the definition's text. Lowering fills it while it builds the rule set, so nothing
//! after it needs to search the text.

use crate::syntax::words::PieceMeaning;
use crate::syntax::{Name, Property, Span, Statement};
use std::collections::BTreeMap;

/// The places of a rule set's parts in its definition, by rule-set path.
///
/// A path without a place of its own falls back to the longest recorded prefix: a promotion's
/// target list without its own place is found at the promotion, then at its piece.
///
/// ```
/// let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
/// let map = varia::source_map(&source, None).unwrap();
/// let at = map.get("pieces[5].promotions[0].to[9]").unwrap();
/// assert!(source[at.start..at.end].starts_with("Queen Rook Bishop Knight"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    spans: BTreeMap<String, Span>,
}

impl SourceMap {
    /// Records where a path was said; a later statement (a variant's) replaces an earlier one.
    pub fn insert(&mut self, path: impl Into<String>, span: Span) {
        self.spans.insert(path.into(), span);
    }

    /// Moves every place through `f` (a place in an extended file to its `extends`).
    pub(crate) fn respan(&mut self, f: impl Fn(Span) -> Span) {
        self.spans.values_mut().for_each(|s| *s = f(*s));
    }

    /// Records a place for a path that has none yet (the first of several statements).
    pub fn insert_first(&mut self, path: impl Into<String>, span: Span) {
        self.spans.entry(path.into()).or_insert(span);
    }

    /// Gets the place of a path, or of its longest recorded prefix (`a.b[2].c`, then `a.b[2]`,
    /// `a.b`, `a`); `None` if no part of it was said.
    pub fn get(&self, path: &str) -> Option<Span> {
        let mut p = path;
        loop {
            if let Some(s) = self.spans.get(p) {
                return Some(*s);
            }
            p = &p[..p.rfind(['.', '['])?];
        }
    }

    /// Gives `path` (and each path under it) the places recorded under `name` and under it: a
    /// statement recorded by its name (`effects:blast`, `goals[0].zone`) is then found by the
    /// path of the list entry it became (`effects[1]`, `endings[2].zone`).
    pub(crate) fn alias(&mut self, path: &str, name: &str) {
        let found: Vec<(String, Span)> = self
            .spans
            .range(name.to_string()..)
            .take_while(|(k, _)| k.starts_with(name))
            .filter_map(|(k, s)| {
                let rest = &k[name.len()..];
                (rest.is_empty() || rest.starts_with(['.', '[']))
                    .then(|| (format!("{path}{rest}"), *s))
            })
            .collect();
        self.spans.extend(found);
    }

    /// The paths recorded, in order, with their places.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Span)> {
        self.spans.iter().map(|(p, s)| (p.as_str(), *s))
    }
}

/// Spans from one place to another.
pub(crate) fn join(a: Span, b: Span) -> Span {
    Span {
        start: a.start.min(b.start),
        end: a.end.max(b.end),
    }
}

/// Records the rule-set fields a game statement says, at the statement. Statements that make
/// lists (players, zones, pieces, castling, goals, ...) are recorded item by item by
/// the lowering passes (`pieces`, `endings`), which knows their indices.
pub(crate) fn record_statement(map: &mut SourceMap, s: &Statement, span: Span) {
    use Statement::*;
    let fields: &[&str] = match s {
        Game { .. } => &["game", "title"],
        Board { .. } => &["board"],
        Holes(_) => &["board.holes"],
        Setup(_) => &["setup"],
        Flag(f, _) => {
            map.insert(f.key(), span);
            return;
        }
        Types(phrase, ..) => {
            map.insert(phrase.key(), span);
            return;
        }
        HandOrder(_) => &["hand_order"],
        XboardVariant(_) => &["xboard_variant"],
        CastlingByDrops(..) => &["effects:castling_by_drops"],
        Shuffle { .. } => &["shuffle"],
        Checkmate(_) => &["checkmate"],
        Stalemate(_) => &["stalemate"],
        CheckLimit(_) => &["endings:check_limit"],
        Passing(..) => &["moves:passing"],
        EnclosingDrops(..) => &["drops:enclose"],
        WallRule { .. } => &["moves:wall"],
        Gating(..) => &["moves:gate"],
        PromotionInPlace { .. } => &["moves:promote_in_place"],
        DrawsByValue(_) => &["verdicts:draws_by_value"],
        Royalty(_) => &["royalty"],
        DrawOdds(_) => &["verdicts:draw_odds"],
        Repetition { .. } => &["endings:repetition"],
        BackAndForth { .. } => &["endings:back_and_forth"],
        MoveLimit(_) => &["endings:move_limit"],
        CountingStoppers(_) => &["endings:counting.stoppers"],
        CountingBoard { .. } => &["endings:counting.board"],
        CountingBare { .. } => &["endings:counting.bare"],
        Separated(_) => &["separated"],
        _ => &[],
    };
    for f in fields {
        map.insert(*f, span);
    }
    if matches!(
        s,
        CountingStoppers(_) | CountingBoard { .. } | CountingBare { .. }
    ) {
        map.insert_first("endings:counting", span);
    }
}

/// Records the places of a setup's parts: the board's ranks as the FEN parser numbers them
/// (`setup.ranks[8]` is the first written on an 8-rank board), and the first place of each piece
/// letter and other character in the board part (`setup.board[X]`, `setup.board[+X]`), so that a FEN error can be
/// pointed at the rank or letter it names.
pub(crate) fn record_setup(map: &mut SourceMap, fen: &str, span: Span, ranks: u8) {
    map.insert("setup", span);
    let at = |start: usize, len: usize| Span {
        start: span.start + start,
        end: span.start + start + len,
    };
    let board_end = fen.find([' ', '[']).unwrap_or(fen.len());
    let mut start = 0;
    for (i, text) in fen[..board_end].split('/').enumerate() {
        if let Some(rank) = (ranks as usize).checked_sub(i) {
            map.insert(format!("setup.ranks[{rank}]"), at(start, text.len()));
        }
        start += text.len() + 1;
    }
    let board = &fen[..board_end];
    for (i, c) in board.char_indices() {
        if c == '/' || c.is_ascii_digit() {
            continue;
        }
        map.insert_first(format!("setup.board[{c}]"), at(i, c.len_utf8()));
        if c == '+'
            && let Some(next) = board[i + 1..].chars().next()
        {
            map.insert_first(format!("setup.board[+{next}]"), at(i, 1 + next.len_utf8()));
        }
    }
}

/// The place of a piece property: its words and arguments.
pub(crate) fn property_span(p: &Property) -> Option<Span> {
    use Property::*;
    let names = |n: &[Name]| Some(join(n.first()?.span, n.last()?.span));
    match p {
        Value(v) | Rank(v) => Some(v.span),
        Flag(_, s) => Some(*s),
        Moves { span, .. }
        | Promotes { span, .. }
        | SurvivesBlasts { span, .. }
        | CaptureLimit { span, .. }
        | OnlyUntilCapture { span, .. } => Some(*span),
        EnPassant(s, z) | TakesEnPassant(s, z) => Some(z.as_ref().map_or(*s, |z| join(*s, z.span))),
        Confined(n) | Barred(n) | DropsIn(n) => Some(n.span),
        PerFile(n) | PerColour(n) | OnBoard(n) => Some(n.span),
        NoHopOver(n) | NoCapture(n) | FirstMovesLost(n) => names(n),
    }
}

/// Records the fields of piece `i` that a property says (moves and promotions, which make
/// lists, are recorded by the lowering passes (`pieces`, `endings`)).
pub(crate) fn record_property(map: &mut SourceMap, i: usize, p: &Property) {
    use Property::*;
    let Some(span) = property_span(p) else {
        return;
    };
    let fields: &[&str] = match p {
        Value(_) => &["value"],
        Rank(_) => &["rank"],
        Confined(_) => &["confined_to"],
        Barred(_) => &["barred_from"],
        DropsIn(_) => &["drops.zone"],
        PerFile(_) => &["drops.max_per_file"],
        PerColour(_) => &["drops.max_per_colour"],
        OnBoard(_) => &["drops.max_on_board"],
        EnPassant(..) => &[
            "can_be_taken_en_passant",
            "takes_en_passant",
            "en_passant_zone",
        ],
        TakesEnPassant(..) => &["takes_en_passant", "en_passant_zone"],
        NoHopOver(_) => &["may_not_hop_over"],
        NoCapture(_) => &["may_not_capture"],
        CaptureLimit { .. } => &["capture_limits"],
        FirstMovesLost(_) => &["first_moves_lost_to"],
        OnlyUntilCapture { .. } => &["moves_until_capture"],
        SurvivesBlasts { .. } => &["survives_blasts"],
        Flag(f, _) => match f.meaning() {
            PieceMeaning::Set(_, field) => &[field],
            PieceMeaning::Said => &[],
        },
        Moves { .. } | Promotes { .. } => &[],
    };
    for f in fields {
        map.insert(format!("pieces[{i}].{f}"), span);
    }
}
