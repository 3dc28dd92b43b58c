//! Lowering: resolves names, applies a variant's inheritance chain, checks everything, and builds
//! the [`RuleSet`]. Every problem found is collected; the list is sorted by position.

pub(crate) use crate::betza::read as betza;
mod catalog;
mod duplicates;
mod region;
pub(crate) mod warnings;

pub use catalog::{Catalog, MAX_VARIANTS};

use crate::rules::*;
use crate::syntax::{self, Name, Property, Span, Spanned, Statement};
use std::collections::{BTreeMap, HashMap};

/// A problem in a definition, at a place in its source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// Where in the source text.
    pub span: Span,
    /// What is wrong, in the language's words.
    pub message: String,
    /// An error stops the definition from loading; a warning (a rule that can never apply) does
    /// not.
    pub severity: Severity,
    /// Other places the problem involves, each with a note (`first given here`).
    pub labels: Vec<(Span, String)>,
}

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The definition cannot be loaded.
    #[default]
    Error,
    /// The definition loads, but a rule in it can never apply.
    Warning,
}

impl Diagnostic {
    /// Makes an error at a place.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
            severity: Severity::Error,
            labels: Vec::new(),
        }
    }

    /// Makes a warning at a place.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// Adds another place the problem involves, with a note on it.
    pub fn with_label(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.labels.push((span, note.into()));
        self
    }

    /// Tells whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A castling statement: king, partner, and the king's destination files.
type CastlingDraft = (Name, Name, Option<(Name, Name)>);

/// A lowered variant with the source places the engine may still need to point at.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub rules: RuleSet,
    /// Where the start position was written.
    pub setup_span: Span,
    /// Where the shuffled cells were written.
    pub shuffle_span: Option<Span>,
    /// Where each piece type (in the rule set's order) was named.
    pub piece_spans: Vec<Span>,
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
    let mut draft = Draft::default();
    for (depth, (stmts, spans)) in chain.iter().enumerate() {
        duplicates::check_block(stmts, spans, &mut errors);
        for s in stmts.iter() {
            draft.apply(s, depth > 0, &mut errors);
        }
    }
    let lowered = draft.resolve(name, &mut errors);
    errors.sort();
    errors.dedup();
    match lowered {
        Some(l) if errors.is_empty() => Ok(Some(l)),
        _ => Err(errors),
    }
}

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
                (names, value(down_to), value(against), *bared_back),
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
struct Draft {
    game: Option<Name>,
    title: Option<String>,
    board: Option<(Spanned<syntax::Int>, Spanned<syntax::Int>)>,
    holes: Vec<syntax::Region>,
    players: Vec<(Name, Spanned<Direction>)>,
    zones: Vec<ZoneDraft>,
    /// Where each (zone, player) statement is in `zones`.
    zone_index: HashMap<(String, Option<String>), usize>,
    pieces: Vec<PieceDraft>,
    /// Where each piece is in `pieces`.
    piece_index: HashMap<String, usize>,
    setup: Option<Spanned<String>>,
    captures_to_hand: bool,
    have_hands: bool,
    captures_to_partner: Option<Span>,
    hand_order: Option<Vec<Name>>,
    keep_type_in_hand: bool,
    no_drop_where_stuck: bool,
    royals_may_not_face: bool,
    castling: Vec<CastlingDraft>,
    castling_chess960: bool,
    shuffle: Option<(syntax::Region, Vec<syntax::ShuffleRule>)>,
    checkmate: Option<Spanned<Outcome>>,
    stalemate: Option<Spanned<Outcome>>,
    styles: Vec<(Spanned<Style>, Vec<Name>)>,
    interchangeable: Vec<Vec<Name>>,
    swapped_to_hand: bool,
    captures_explode: bool,
    castling_by_drops: Option<(Name, Name)>,
    /// `drops must enclose`, with its start zone.
    drops_enclose: Option<Option<Name>>,
    flip_enclosed: bool,
    free_drops: Vec<Name>,
    drops_touch: bool,
    neighbours_flip: bool,
    leave_walls: bool,
    separated: Vec<Name>,
    endings: Endings,
}

/// The statements about how a game ends, names still unresolved.
#[derive(Default)]
struct Endings {
    royalty: Option<Spanned<Royalty>>,
    /// Goal and extinction statements, in order; a subvariant's add to the inherited ones.
    goals: Vec<Statement>,
    extinctions: Vec<Statement>,
    check_limit: Option<Spanned<syntax::Int>>,
    must_capture: bool,
    no_checks: bool,
    no_drop_checks: bool,
    passing: bool,
    passing_when_stuck: bool,
    full_board_ends: bool,
    facing_draws: bool,
    must_drop: Option<Vec<Name>>,
    checked_royal: bool,
    stalemate_count: bool,
    mate_series: Option<Vec<Name>>,
    draw_odds: Option<Name>,
    draws_by_value: Option<Option<(Name, Spanned<String>)>>,
    repetition: Option<Statement>,
    back_and_forth: Option<Statement>,
    move_limit: Option<Spanned<syntax::Int>>,
    counting_stoppers: Option<Vec<Name>>,
    counting_board: Option<Statement>,
    counting_bare: Option<Statement>,
}

struct ZoneDraft {
    name: Name,
    player: Option<Name>,
    region: syntax::Region,
}

#[derive(Clone)]
struct PieceDraft {
    name: Name,
    symbol: Spanned<String>,
    properties: Vec<Property>,
}

fn same_kind(a: &Property, b: &Property) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

impl Draft {
    fn apply(&mut self, s: &Statement, in_variant: bool, errors: &mut Vec<Diagnostic>) {
        match s {
            // Statements given twice in one block are reported by `duplicates`; here a later
            // one replaces an earlier one.
            Statement::Game { id, title } => {
                if in_variant {
                    errors.push(Diagnostic::error(
                        id.span,
                        "`game` belongs to the main game, not to a variant",
                    ));
                } else if self.game.is_none() {
                    // The rule set's own checks, here with the title's place.
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
            Statement::Piece(p) => {
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
            Statement::Setup(f) => self.setup = Some(f.clone()),
            Statement::CapturesToHand(_) => self.captures_to_hand = true,
            Statement::HaveHands(_) => self.have_hands = true,
            Statement::CapturesToPartner(sp) => self.captures_to_partner = Some(*sp),
            Statement::HandOrder(names) => self.hand_order = Some(names.clone()),
            Statement::KeepTypeInHand(_) => self.keep_type_in_hand = true,
            Statement::NoDropWhereStuck(_) => self.no_drop_where_stuck = true,
            Statement::RoyalsMayNotFace(_) => self.royals_may_not_face = true,
            Statement::Castling { king, rook, to } => {
                // Several castling statements give several ways to castle; a subvariant's
                // statement for the same pair replaces the earlier one.
                self.castling
                    .retain(|(k, r, _)| k.node != king.node || r.node != rook.node);
                self.castling.push((king.clone(), rook.clone(), to.clone()))
            }
            Statement::CastlingNotation(_) => self.castling_chess960 = true,
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
            Statement::SwappedToHand(_) => self.swapped_to_hand = true,
            Statement::CapturesExplode(_) => self.captures_explode = true,
            Statement::CastlingByDrops(k, p) => {
                self.castling_by_drops = Some((k.clone(), p.clone()))
            }
            Statement::Separated(z) => self.separated.push(z.clone()),
            Statement::Goal { .. } => push_new(&mut self.endings.goals, s),
            Statement::Extinction { verdict, .. } => {
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
            Statement::CheckLimit(n) => self.endings.check_limit = Some(n.clone()),
            Statement::MustCapture(_) => self.endings.must_capture = true,
            Statement::NoChecks(_) => self.endings.no_checks = true,
            Statement::NoDropChecks(_) => self.endings.no_drop_checks = true,
            Statement::Passing(_, when_stuck) => {
                self.endings.passing = !when_stuck;
                self.endings.passing_when_stuck = *when_stuck;
            }
            Statement::FullBoardEnds(_) => self.endings.full_board_ends = true,
            Statement::EnclosingDrops(_, first) => {
                self.drops_enclose = Some(first.clone());
            }
            Statement::Flipping(_) => self.flip_enclosed = true,
            Statement::FreeDrops(names) => self.free_drops = names.clone(),
            Statement::TouchingDrops(_) => self.drops_touch = true,
            Statement::NeighboursFlip(_) => self.neighbours_flip = true,
            Statement::LeaveWalls(_) => self.leave_walls = true,
            Statement::FacingDraws(_) => self.endings.facing_draws = true,
            Statement::MustDrop(names) => self.endings.must_drop = Some(names.clone()),
            Statement::CheckedRoyal(_) => self.endings.checked_royal = true,
            Statement::Royalty(r) => self.endings.royalty = Some(r.clone()),
            Statement::StalemateCount(_) => self.endings.stalemate_count = true,
            Statement::MateSeries(names) => self.endings.mate_series = Some(names.clone()),
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

    fn resolve(self, variant: String, errors: &mut Vec<Diagnostic>) -> Option<Lowered> {
        let start = Span { start: 0, end: 0 };
        let mut err = |span: Span, message: String| errors.push(Diagnostic::error(span, message));
        let Some((files, ranks)) = self.board.clone() else {
            err(start, "the game has no `board FILES x RANKS`".into());
            return None;
        };
        let side = |d: &Spanned<syntax::Int>, err: &mut dyn FnMut(Span, String)| {
            let v = d.node.value.filter(|v| (1..=16).contains(v));
            if v.is_none() {
                err(
                    d.span,
                    format!("a board side must be 1..16, not {}", d.node),
                );
            }
            v
        };
        let (Some(f), Some(r)) = (side(&files, &mut err), side(&ranks, &mut err)) else {
            return None;
        };
        let mut board = Board {
            files: f as u8,
            ranks: r as u8,
            holes: Vec::new(),
        };
        // Players.
        if self.players.len() < 2 || self.players.len() > MAX_PLAYERS {
            let span = self.players.first().map(|p| p.0.span).unwrap_or(start);
            err(
                span,
                format!(
                    "a game needs 2 to {MAX_PLAYERS} players, this one has {}",
                    self.players.len()
                ),
            );
            return None;
        }
        if self.players.len() > 2 {
            // FEN tags pieces with the first letter of their owner's name.
            for (i, (n, _)) in self.players.iter().enumerate() {
                let tag = n.node.chars().next().map(|c| c.to_ascii_lowercase());
                if self.players[..i]
                    .iter()
                    .any(|(m, _)| m.node.chars().next().map(|c| c.to_ascii_lowercase()) == tag)
                {
                    err(
                        n.span,
                        format!(
                            "with more than two players, names must start with different letters (FEN tags pieces by them): `{}`",
                            n.node
                        ),
                    );
                }
            }
        }
        let players: Vec<Player> = self
            .players
            .iter()
            .map(|(n, d)| Player {
                name: n.node.clone(),
                forward: d.node,
            })
            .collect();
        // Holes are in board coordinates.
        let ctx = region::Context::new(&board, &players);
        let mut holes = Vec::new();
        for r in &self.holes {
            holes.extend(ctx.absolute(r, &region::ZoneSet::default(), &mut err));
        }
        holes.sort();
        holes.dedup();
        if holes.len() == board.cells() {
            let span = self.holes.last().map_or(start, |r| r.span);
            err(span, "the holes leave no cell of the board".into());
            return None;
        }
        board.holes = holes;
        let ctx = region::Context::new(&board, &players);
        // Zones, in the order first defined; per-player definitions override the mirror.
        let mut zone_names: Vec<String> = Vec::new();
        let mut zone_ids: HashMap<String, ZoneId> = HashMap::new();
        for z in &self.zones {
            if !zone_ids.contains_key(&z.name.node) {
                if zone_names.len() == MAX_ZONES {
                    err(
                        z.name.span,
                        format!("a game may have at most {MAX_ZONES} zones"),
                    );
                    return None;
                }
                zone_ids.insert(z.name.node.clone(), ZoneId(zone_names.len() as u8));
                zone_names.push(z.name.node.clone());
            }
        }
        let mut zones: Vec<Zone> = Vec::new();
        let drafts = region::ZoneSet::new(
            self.zones
                .iter()
                .map(|z| {
                    (
                        z.name.node.clone(),
                        z.player.as_ref().map(|p| p.node.clone()),
                        z.region.clone(),
                        z.name.span,
                    )
                })
                .collect(),
        );
        for z in &self.zones {
            if let Some(p) = &z.player
                && !players.iter().any(|q| q.name == p.node)
            {
                err(p.span, format!("unknown player `{}`", p.node));
            }
        }
        for name in &zone_names {
            let cells = ctx.zone_cells(name, &drafts, &mut err);
            zones.push(Zone {
                name: name.clone(),
                cells,
            });
        }
        let zone_id = |n: &Name, err: &mut dyn FnMut(Span, String)| -> Option<ZoneId> {
            let id = zone_ids.get(&n.node).copied();
            if id.is_none() {
                err(n.span, format!("unknown zone `{}`", n.node));
            }
            id
        };
        // Pieces: symbols and names first, so properties may refer to any of them.
        if self.pieces.len() > MAX_PIECES {
            err(
                self.pieces[MAX_PIECES].name.span,
                format!("a game may have at most {MAX_PIECES} piece types"),
            );
            return None;
        }
        let mut symbols: BTreeMap<String, &str> = BTreeMap::new();
        for p in &self.pieces {
            if let Some(first) = symbols.get(&p.symbol.node) {
                err(
                    p.symbol.span,
                    format!(
                        "symbol `{}` is already used by piece `{first}`",
                        p.symbol.node
                    ),
                );
            } else {
                symbols.insert(p.symbol.node.clone(), &p.name.node);
            }
        }
        let piece_names: Vec<&str> = self.pieces.iter().map(|p| p.name.node.as_str()).collect();
        let piece_id = |n: &Name, err: &mut dyn FnMut(Span, String)| -> Option<PieceId> {
            let id = piece_names
                .iter()
                .position(|p| *p == n.node)
                .map(|i| PieceId(i as u8));
            if id.is_none() {
                err(n.span, format!("unknown piece `{}`", n.node));
            }
            id
        };
        let mut pieces = Vec::new();
        for d in &self.pieces {
            let mut pt = PieceType {
                name: d.name.node.clone(),
                symbol: d.symbol.node.clone(),
                value: 0,
                royal: false,
                moves: Vec::new(),
                confined_to: None,
                barred_from: None,
                promotions: Vec::new(),
                drops: DropRules::default(),
                can_be_taken_en_passant: false,
                takes_en_passant: false,
                ep_field_full: false,
                removed_when_captured: false,
                promotes_friendly_screens: false,
                demotes_enemy_screens: false,
                en_passant_zone: None,
                resets_clock: false,
                may_not_mate_alone: false,
                first_moves_lost_to: Vec::new(),
                may_not_hop_over: Vec::new(),
                may_not_capture: Vec::new(),
                survives_blasts: Survival::Never,
            };
            for prop in &d.properties {
                match prop {
                    Property::Value(v) => match i32::try_from(v.node) {
                        Ok(x) if (0..=crate::rules::MAX_VALUE).contains(&x) => pt.value = x,
                        _ => err(
                            v.span,
                            format!(
                                "a value is 0 to {} pawns, not {}",
                                crate::rules::MAX_VALUE,
                                v.node
                            ),
                        ),
                    },
                    Property::Royal(_) => pt.royal = true,
                    Property::Moves {
                        words,
                        zone,
                        within,
                        ..
                    } => {
                        let z = zone.as_ref().and_then(|z| zone_id(z, &mut err));
                        for w in words {
                            match betza::lower_word(w) {
                                Ok(parts) => pt.moves.extend(parts.into_iter().map(|mut m| {
                                    m.from_zone = z;
                                    m.within = *within;
                                    m
                                })),
                                Err(e) => err(e.span, e.message),
                            }
                        }
                    }
                    Property::Confined(z) => pt.confined_to = zone_id(z, &mut err),
                    Property::Barred(z) => pt.barred_from = zone_id(z, &mut err),
                    Property::Promotes {
                        captive,
                        to,
                        trigger,
                        zone,
                        obligation,
                        deferred,
                        span,
                    } => {
                        let deferred = deferred.as_ref().and_then(|d| zone_id(d, &mut err));
                        let targets: Vec<PieceId> =
                            to.iter().filter_map(|t| piece_id(t, &mut err)).collect();
                        for (j, t) in to.iter().enumerate() {
                            if to[..j].iter().any(|u| u.node == t.node) {
                                err(
                                    t.span,
                                    format!("`{}` is named twice in this promotion", t.node),
                                );
                            } else if t.node == d.name.node {
                                err(
                                    t.span,
                                    format!("`{}` cannot promote to its own type", t.node),
                                );
                            }
                        }
                        if *captive && !self.captures_to_hand {
                            err(
                                *span,
                                "a swap with a `stronger captive` needs `captures go to hand`"
                                    .into(),
                            );
                        }
                        let z = zone_id(zone, &mut err);
                        let trigger = trigger.node;
                        let obligation =
                            obligation.as_ref().map_or(Obligation::Optional, |o| o.node);
                        if let (Some(zone), true) = (z, targets.len() == to.len()) {
                            pt.promotions.push(Promotion {
                                swap: *captive,
                                deferred_after_drop_in: deferred,
                                zone,
                                trigger,
                                obligation,
                                to: targets,
                            });
                        }
                    }
                    Property::DropsIn(z) => pt.drops.zone = zone_id(z, &mut err),
                    Property::PerFile(n) => match n.node.value.map(u8::try_from) {
                        Some(Ok(x)) if x >= 1 => pt.drops.max_per_file = Some(x),
                        _ => err(
                            n.span,
                            format!("a per-file limit must be 1..255, not {}", n.node),
                        ),
                    },
                    Property::PerColour(n) => match n.node.value.map(u8::try_from) {
                        Some(Ok(x)) if x >= 1 => pt.drops.max_per_colour = Some(x),
                        _ => err(
                            n.span,
                            format!("a per-colour limit must be 1..255, not {}", n.node),
                        ),
                    },
                    Property::DropMayNotMate(_) => pt.drops.may_not_mate = true,
                    Property::EnPassant(_, zone) => {
                        pt.can_be_taken_en_passant = true;
                        pt.takes_en_passant = true;
                        pt.en_passant_zone = zone.as_ref().and_then(|z| zone_id(z, &mut err));
                    }
                    Property::TakesEnPassant(_, zone) => {
                        pt.takes_en_passant = true;
                        pt.en_passant_zone = zone.as_ref().and_then(|z| zone_id(z, &mut err));
                    }
                    Property::ResetsClock(_) => pt.resets_clock = true,
                    Property::DroppedBothColours(_) => pt.drops.on_both_colours = true,
                    Property::NeverMoves(_) => {}
                    Property::SurvivesBlasts { nearby, span } => {
                        if !self.captures_explode {
                            err(
                                *span,
                                "a piece survives blasts only where `captures explode`".into(),
                            );
                        }
                        pt.survives_blasts = if *nearby {
                            Survival::Nearby
                        } else {
                            Survival::Always
                        };
                    }
                    Property::MayNotMateAlone(_) => pt.may_not_mate_alone = true,
                    Property::NoHopOver(names) => {
                        pt.may_not_hop_over =
                            names.iter().filter_map(|n| piece_id(n, &mut err)).collect();
                    }
                    Property::NoCapture(names) => {
                        pt.may_not_capture =
                            names.iter().filter_map(|n| piece_id(n, &mut err)).collect();
                    }
                    Property::FirstMovesLost(names) => {
                        pt.first_moves_lost_to =
                            names.iter().filter_map(|n| piece_id(n, &mut err)).collect();
                    }
                    Property::OnBoard(n) => match n.node.value.map(u8::try_from) {
                        Some(Ok(x)) if x >= 1 => pt.drops.max_on_board = Some(x),
                        _ => err(
                            n.span,
                            format!("an on-board limit must be 1..255, not {}", n.node),
                        ),
                    },
                    Property::TakenEnPassant(_) => pt.can_be_taken_en_passant = true,
                    Property::EpFieldFull(_) => pt.ep_field_full = true,
                    Property::Removed(_) => pt.removed_when_captured = true,
                    Property::PromotesScreens(_) => pt.promotes_friendly_screens = true,
                    Property::DemotesScreens(_) => pt.demotes_enemy_screens = true,
                }
            }
            let stated = d
                .properties
                .iter()
                .any(|p| matches!(p, Property::Moves { .. }));
            let never = d.properties.iter().find_map(|p| match p {
                Property::NeverMoves(span) => Some(*span),
                _ => None,
            });
            if let Some(span) = never
                && stated
            {
                err(
                    span,
                    format!(
                        "piece `{}` has moves: it cannot also never move",
                        d.name.node
                    ),
                );
            }
            if pt.moves.is_empty() && !stated && never.is_none() {
                err(
                    d.name.span,
                    format!("piece `{}` has no `moves`", d.name.node),
                );
            }
            pieces.push(pt);
        }
        let vectors: usize = pieces
            .iter()
            .flat_map(|p| &p.moves)
            .map(|m| m.vectors.len())
            .sum();
        if vectors > MAX_VECTORS {
            err(
                self.game.as_ref().map_or(start, |g| g.span),
                format!("the pieces have {vectors} move directions in all; at most {MAX_VECTORS}"),
            );
        }
        // Movement styles switch the multi-cell leaps of the named types, in statement order.
        for (style, names) in &self.styles {
            let st = style.node;
            for n in names {
                if let Some(id) = piece_id(n, &mut err) {
                    for part in &mut pieces[id.index()].moves {
                        if part.range == 1 && !part.hop {
                            part.style = st;
                            part.paths = match st {
                                Style::Leap => Vec::new(),
                                _ => part
                                    .vectors
                                    .iter()
                                    .map(|&(x, y)| betza::step_path((x as i32, y as i32)))
                                    .collect(),
                            };
                        }
                    }
                }
            }
        }
        let mut interchangeable = Vec::new();
        for group in &self.interchangeable {
            let ids: Vec<PieceId> = group.iter().filter_map(|n| piece_id(n, &mut err)).collect();
            let mut ok = ids.len() == group.len();
            for (j, n) in group.iter().enumerate() {
                if group[..j].iter().any(|m| m.node == n.node) {
                    err(n.span, format!("`{}` is named twice in this group", n.node));
                    ok = false;
                }
            }
            for (&id, n) in ids.iter().zip(group) {
                if pieces[id.index()].royal {
                    err(
                        n.span,
                        format!(
                            "royal piece `{}` cannot be interchangeable: it never goes to hand",
                            n.node
                        ),
                    );
                    ok = false;
                }
            }
            if ok {
                interchangeable.push(ids);
            }
        }
        let mut castling = Vec::new();
        for (k, r, to) in &self.castling {
            let king = piece_id(k, &mut err);
            let rook = piece_id(r, &mut err);
            let mut files = None;
            if let Some((high, low)) = to {
                let file = |f: &Name, err: &mut dyn FnMut(Span, String)| {
                    let n = f.node.as_bytes()[0] - b'a';
                    if n >= board.files {
                        err(f.span, format!("file `{}` is not on the board", f.node));
                    }
                    n
                };
                files = Some((file(high, &mut err), file(low, &mut err)));
            }
            if let (Some(king), Some(rook)) = (king, rook) {
                if king == rook {
                    err(r.span, format!("`{}` cannot castle with itself", r.node));
                } else if castling
                    .iter()
                    .any(|c: &Castling| c.king == king && c.king_to != files)
                {
                    err(
                        to.as_ref().map_or(r.span, |t| t.0.span),
                        format!(
                            "`{}` castles to different files with different partners: give every \
                             castling statement of a type the same `to`",
                            k.node
                        ),
                    );
                } else {
                    castling.push(Castling {
                        king,
                        rook,
                        king_to: files,
                    });
                }
            }
        }
        let shuffle = self.shuffle.as_ref().map(|(region, rules)| {
            if players.len() != 2 {
                err(region.span, "a shuffled set-up needs two players".into());
            }
            let cells = ctx.absolute(region, &drafts, &mut err);
            let mut both_colours = Vec::new();
            let mut between = Vec::new();
            for rule in rules {
                match rule {
                    syntax::ShuffleRule::BothColours(names) => both_colours
                        .push(names.iter().filter_map(|n| piece_id(n, &mut err)).collect()),
                    syntax::ShuffleRule::Between(a, b) => {
                        if let (Some(a), Some(b)) = (piece_id(a, &mut err), piece_id(b, &mut err)) {
                            between.push((a, b));
                        }
                    }
                }
            }
            Shuffle {
                cells,
                both_colours,
                between,
            }
        });
        let outcome =
            |o: &Option<Spanned<Outcome>>, default| o.as_ref().map_or(default, |s| s.node);
        let Some(setup) = self.setup.clone() else {
            err(
                self.game.as_ref().map(|g| g.span).unwrap_or(start),
                "the game has no `setup FEN`".into(),
            );
            return None;
        };
        let player_id = |n: &Name, err: &mut dyn FnMut(Span, String)| -> Option<PlayerId> {
            let id = players
                .iter()
                .position(|p| p.name == n.node)
                .map(|i| PlayerId(i as u8));
            if id.is_none() {
                err(n.span, format!("unknown player `{}`", n.node));
            }
            id
        };
        let ends = &self.endings;
        let two = players.len() == 2;
        let types = |names: &[Name], err: &mut dyn FnMut(Span, String)| -> Vec<PieceId> {
            names.iter().filter_map(|n| piece_id(n, err)).collect()
        };
        let verdict = |v: &Spanned<syntax::Verdict>| Outcome::from(v.node);
        let small = |n: &Spanned<syntax::Int>,
                     what: &str,
                     lo: u32,
                     hi: u32,
                     err: &mut dyn FnMut(Span, String)| {
            match n.node.value.filter(|v| (lo..=hi).contains(v)) {
                Some(v) => Some(v),
                None => {
                    err(n.span, format!("{what} must be {lo}..{hi}, not {}", n.node));
                    None
                }
            }
        };
        let mut goals = Vec::new();
        for g in &ends.goals {
            if let Statement::Goal {
                pieces: names,
                zone,
                mode,
                ..
            } = g
            {
                let ids = types(names, &mut err);
                let z = zone_id(zone, &mut err);
                let mode = mode.as_ref().map_or(GoalMode::Immediate, |m| m.node.into());
                if let (Some(zone), true) = (z, ids.len() == names.len()) {
                    goals.push(Goal {
                        pieces: ids,
                        zone,
                        mode,
                    });
                }
            }
        }
        let mut extinctions = Vec::new();
        for e in &ends.extinctions {
            if let Statement::Extinction {
                pieces: names,
                down_to,
                against,
                bared_back,
                verdict: v,
                ..
            } = e
            {
                let ids = types(names, &mut err);
                let at_most = down_to
                    .as_ref()
                    .map_or(Some(0), |n| small(n, "`down to`", 0, 254, &mut err));
                let against = against
                    .as_ref()
                    .map_or(Some(0), |n| small(n, "`against`", 0, 254, &mut err));
                let outcome = verdict(v);
                if outcome == Outcome::Loss && !two {
                    err(
                        v.span,
                        "with more than two players, an extinction rule wins or draws".into(),
                    );
                }
                if let (Some(at_most), Some(against), true) =
                    (at_most, against, ids.len() == names.len())
                {
                    extinctions.push(Extinction {
                        pieces: ids,
                        at_most: at_most as u8,
                        against: against as u8,
                        bared_back: *bared_back,
                        outcome,
                    });
                }
            }
        }
        let check_limit = ends
            .check_limit
            .as_ref()
            .and_then(|n| small(n, "a check limit", 1, 99, &mut err))
            .map(|n| n as u8);
        let mate_needs_check_by = ends
            .mate_series
            .as_ref()
            .map_or(Vec::new(), |names| types(names, &mut err));
        if let Some(sp) = self.captures_to_partner
            && self.captures_to_hand
        {
            err(sp, "captures go to hand or to a partner, not both".into());
        }
        let hand_order = self
            .hand_order
            .as_ref()
            .map_or(Vec::new(), |names| types(names, &mut err));
        if let Some(names) = &self.hand_order {
            for (i, n) in names.iter().enumerate() {
                if names[..i].iter().any(|m| m.node == n.node) {
                    err(
                        n.span,
                        format!("`{}` is named twice in the hand order", n.node),
                    );
                }
            }
        }
        let must_drop = ends
            .must_drop
            .as_ref()
            .map_or(Vec::new(), |names| types(names, &mut err));
        if let Some(first) = ends.must_drop.as_ref().and_then(|n| n.first())
            && !self.captures_to_hand
            && !self.have_hands
            && self.captures_to_partner.is_none()
        {
            err(
                first.span,
                "compulsory drops need hands (`captures go to hand` or `players have hands`)"
                    .into(),
            );
        }
        let draw_odds = ends.draw_odds.as_ref().and_then(|p| player_id(p, &mut err));
        let draws_by_value = match &ends.draws_by_value {
            None => None,
            Some(None) => Some(ValueDraws {
                player: PlayerId(0),
                bonus_halves: 0,
            }),
            Some(Some((who, n))) => {
                let halves = match n.node.split_once('.') {
                    Some((w, _)) => w.parse::<u16>().map(|w| 2 * w + 1),
                    None => n.node.parse::<u16>().map(|w| 2 * w),
                };
                match (player_id(who, &mut err), halves) {
                    (Some(player), Ok(bonus_halves)) => Some(ValueDraws {
                        player,
                        bonus_halves,
                    }),
                    (_, Err(_)) => {
                        err(n.span, format!("a bonus must be 0..9999, not {}", n.node));
                        None
                    }
                    _ => None,
                }
            }
        };
        if draws_by_value.is_some()
            && !two
            && let Some(first) = ends.draws_by_value.as_ref().and_then(|b| b.as_ref())
        {
            err(
                first.0.span,
                "draws decided by value need two players".into(),
            );
        }
        let repetition = match &ends.repetition {
            Some(Statement::Repetition {
                count,
                verdict: v,
                player,
                perpetual,
                span,
            }) => {
                let n = small(count, "a repetition count", 2, 99, &mut err);
                let player = player.as_ref().and_then(|p| player_id(p, &mut err));
                let outcome = verdict(v);
                if !two && (outcome != Outcome::Draw || *perpetual) {
                    err(
                        *span,
                        "with more than two players, a repetition only draws".into(),
                    );
                }
                n.map(|n| Repetition {
                    count: n as u8,
                    outcome,
                    player,
                    perpetual_check_loses: *perpetual,
                })
            }
            _ => None,
        };
        let back_and_forth = match &ends.back_and_forth {
            Some(Statement::BackAndForth {
                times,
                except,
                span,
            }) => {
                let n = small(times, "a count of moves back and forth", 2, 99, &mut err);
                if !two {
                    err(*span, "back and forth needs two players".into());
                }
                let except = types(except, &mut err);
                n.map(|n| BackAndForth {
                    times: n as u8,
                    except,
                })
            }
            _ => None,
        };
        let move_limit = ends
            .move_limit
            .as_ref()
            .and_then(|n| small(n, "a move limit", 1, 10000, &mut err))
            .map(|n| n as u16);
        let counting = self.counting(&types, &small, &mut err);
        let royalty = ends.royalty.as_ref().map_or(Royalty::Each, |r| r.node);
        let rules = RuleSet {
            game: self
                .game
                .as_ref()
                .map(|g| g.node.clone())
                .unwrap_or_else(|| "main".into()),
            variant,
            title: self.title.clone(),
            board,
            players,
            zones,
            pieces,
            setup: setup.node.clone(),
            captures_to_hand: self.captures_to_hand,
            hands: self.have_hands,
            captures_to_partner: self.captures_to_partner.is_some(),
            hand_order,
            promoted_keep_type_in_hand: self.keep_type_in_hand,
            no_drop_where_stuck: self.no_drop_where_stuck,
            royals_may_not_face: self.royals_may_not_face,
            castling,
            castling_chess960: self.castling_chess960,
            shuffle,
            interchangeable,
            swapped_to_hand: self.swapped_to_hand,
            captures_explode: self.captures_explode,
            drops_enclose: self.drops_enclose.is_some(),
            enclosing_start: self
                .drops_enclose
                .as_ref()
                .and_then(|z| z.as_ref())
                .and_then(|z| zone_id(z, &mut err)),
            flip_enclosed: self.flip_enclosed,
            free_drops: self
                .free_drops
                .iter()
                .filter_map(|n| piece_id(n, &mut err))
                .collect(),
            drops_touch: self.drops_touch,
            neighbours_flip: self.neighbours_flip,
            pieces_leave_walls: self.leave_walls,
            castling_by_drops: self.castling_by_drops.as_ref().and_then(|(k, p)| {
                if self.castling.is_empty() {
                    err(
                        k.span,
                        "drops give castling rights only in a game with castling".into(),
                    );
                }
                Some((zone_id(k, &mut err)?, zone_id(p, &mut err)?))
            }),
            separated: self
                .separated
                .iter()
                .filter_map(|z| zone_id(z, &mut err))
                .collect(),
            checkmate: outcome(&self.checkmate, Outcome::Loss),
            stalemate: outcome(&self.stalemate, Outcome::Draw),
            royalty,
            goals,
            extinctions,
            check_limit,
            must_capture: ends.must_capture,
            no_checks: ends.no_checks,
            no_drop_checks: ends.no_drop_checks,
            passing: ends.passing,
            passing_when_stuck: ends.passing_when_stuck,
            full_board_ends: ends.full_board_ends,
            facing_draws: ends.facing_draws,
            must_drop,
            checked_royal_only_captures: ends.checked_royal,
            stalemate_counts_pieces: ends.stalemate_count,
            mate_needs_check_by,
            draw_odds,
            draws_by_value,
            repetition,
            back_and_forth,
            move_limit,
            counting,
        };
        Some(Lowered {
            rules,
            setup_span: setup.span,
            shuffle_span: self.shuffle.as_ref().map(|(r, _)| r.span),
            piece_spans: self.pieces.iter().map(|p| p.name.span).collect(),
        })
    }

    /// The counting rule, from its three statements.
    #[allow(clippy::type_complexity)]
    fn counting(
        &self,
        types: &dyn Fn(&[Name], &mut dyn FnMut(Span, String)) -> Vec<PieceId>,
        small: &dyn Fn(
            &Spanned<syntax::Int>,
            &str,
            u32,
            u32,
            &mut dyn FnMut(Span, String),
        ) -> Option<u32>,
        err: &mut dyn FnMut(Span, String),
    ) -> Option<Counting> {
        let ends = &self.endings;
        if ends.counting_board.is_none() && ends.counting_bare.is_none() {
            if let Some(n) = ends.counting_stoppers.as_ref().and_then(|s| s.first()) {
                err(
                    n.span,
                    "`counting stops on` needs a `counting board` or `counting bare` statement"
                        .into(),
                );
            }
            return None;
        }
        let limit = |n: &Spanned<syntax::Int>, err: &mut dyn FnMut(Span, String)| {
            small(n, "a counting limit", 0, 10000, err).map(|v| v as u16)
        };
        let board = match &ends.counting_board {
            Some(Statement::CountingBoard {
                limit: l,
                with_stoppers,
                up_to,
            }) => Some(BoardHonour {
                limit: limit(l, err)?,
                with_stoppers: *with_stoppers,
                up_to: match up_to {
                    Some(n) => Some(small(n, "a piece count", 1, 255, err)? as u8),
                    None => None,
                },
            }),
            _ => None,
        };
        let bare = match &ends.counting_bare {
            Some(Statement::CountingBare {
                limit: l,
                from_pieces,
                honours,
            }) => {
                let mut hs = Vec::new();
                for (count, piece, lim) in honours {
                    let count = small(count, "a piece count", 1, 255, err);
                    let piece = types(std::slice::from_ref(piece), err).first().copied();
                    let lim = limit(lim, err);
                    if let (Some(count), Some(piece), Some(limit)) = (count, piece, lim) {
                        hs.push(Honour {
                            count: count as u8,
                            piece,
                            limit,
                        });
                    }
                }
                Some(BareHonour {
                    default: limit(l, err)?,
                    from_pieces: *from_pieces,
                    honours: hs,
                })
            }
            _ => None,
        };
        Some(Counting {
            stoppers: ends
                .counting_stoppers
                .as_ref()
                .map_or(Vec::new(), |n| types(n, err)),
            board,
            bare,
        })
    }
}
