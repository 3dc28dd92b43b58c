//! Rules that can never apply: each gets a warning at the place it is written. A variant is
//! judged on its compiled rules and its start position; `varia check` keeps a warning only when
//! every variant that contains the rule finds it dead (a rule of an option block may serve one
//! combination and not another).

use super::catalog::Catalog;
use super::diagnostic::Diagnostic;
use super::{futile, unused};
use crate::rules::{Cell, PieceId, PlayerId, Royalty, RuleSet};
use crate::syntax::words::{Needs, PieceNeeds};
use crate::syntax::{MoveWord, Name, Property, Span, Statement, TypesPhrase};

/// What stands on a cell of the start position.
pub type StartPiece<'a> = &'a dyn Fn(Cell) -> Option<(PieceId, PlayerId)>;

/// Whether the piece on a cell of the start position holds its first-move right.
pub type StartRight<'a> = &'a dyn Fn(Cell) -> bool;

/// Finds the rules of one variant that can never apply, given its compiled rules and its start
/// position (its pieces and their first-move rights).
pub fn dead_rules(
    catalog: &Catalog,
    variant: &str,
    rules: &RuleSet,
    start: StartPiece,
    right: StartRight,
) -> Vec<Diagnostic> {
    let Some(chain) = catalog.chain(variant) else {
        return Vec::new();
    };
    let judge = Judge::new(rules, start, right);
    let mut out = Vec::new();
    for (statements, spans) in &chain {
        for (s, &sp) in statements.iter().zip(*spans) {
            judge.statement(s, sp, &mut out);
        }
    }
    unused::zones(&chain, &mut out);
    unused::pieces(&chain, rules, start, &mut out);
    out.sort();
    out.dedup();
    out
}

/// Tells whether a variant's statements include the place `span`.
pub fn covers(catalog: &Catalog, variant: &str, span: Span) -> bool {
    catalog.chain(variant).is_some_and(|chain| {
        chain.iter().any(|(_, spans)| {
            spans
                .iter()
                .any(|s| s.start <= span.start && span.end <= s.end)
        })
    })
}

/// Keeps the warnings that every variant containing their place gives. `found` holds each
/// compiled variant's name and warnings.
pub fn common(catalog: &Catalog, found: &[(String, Vec<Diagnostic>)]) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    for (_, warnings) in found {
        for w in warnings {
            if out.iter().any(|o| o.span == w.span) {
                continue;
            }
            let everywhere = found.iter().all(|(name, ws)| {
                !covers(catalog, name, w.span) || ws.iter().any(|x| x.span == w.span)
            });
            if everywhere {
                out.push(w.clone());
            }
        }
    }
    out.sort();
    out
}

struct Judge<'a> {
    rules: &'a RuleSet,
    start: StartPiece<'a>,
    right: StartRight<'a>,
    /// Players hold pieces in hand (captures go there or to a partner, or the set-up puts
    /// them there).
    hands: bool,
    royals: bool,
}

impl<'a> Judge<'a> {
    fn new(rules: &'a RuleSet, start: StartPiece<'a>, right: StartRight<'a>) -> Judge<'a> {
        Judge {
            rules,
            start,
            right,
            hands: rules.captures_to_hand || rules.hands || rules.captures_to_partner,
            royals: rules.pieces.iter().any(|p| p.royal),
        }
    }

    fn piece(&self, n: &Name) -> Option<PieceId> {
        self.rules
            .pieces
            .iter()
            .position(|p| p.name == n.node)
            .map(|i| PieceId(i as u8))
    }

    /// Tells whether pieces of a type can ever be dropped.
    fn droppable(&self, kind: PieceId) -> bool {
        self.hands || self.rules.free_drops().contains(&kind)
    }

    /// Tells whether some player may ever have two royal pieces: it starts with two, a piece
    /// may promote to a royal type, or pieces are dropped.
    fn several_royals(&self) -> bool {
        let r = self.rules;
        let royal = |k: &PieceId| r.pieces.get(k.index()).is_some_and(|p| p.royal);
        let cells = usize::from(r.board.files) * usize::from(r.board.ranks);
        let mut count = vec![0usize; r.players.len()];
        for c in 0..cells {
            if let Some((k, p)) = (self.start)(Cell(c as u16))
                && royal(&k)
                && let Some(n) = count.get_mut(p.index())
            {
                *n += 1;
            }
        }
        count.iter().any(|&n| n > 1)
            || r.pieces
                .iter()
                .any(|p| p.promotions.iter().any(|pr| pr.to.iter().any(royal)))
            || r.moves.iter().any(|m| {
                matches!(m, crate::rules::MoveRule::PromoteInPlace { to, .. } if to.iter().any(royal))
            })
            || self.no_drops().is_none()
    }

    /// Why no piece is ever dropped, if none is.
    fn no_drops(&self) -> Option<&'static str> {
        (!self.hands && self.rules.free_drops().is_empty())
            .then_some("no piece is ever dropped (the game has no hands)")
    }

    /// Why a flag that needs something never applies, if the game lacks it.
    fn missing(&self, needs: Needs) -> Option<&'static str> {
        match needs {
            Needs::Drops => self.no_drops(),
            Needs::Royals => (!self.royals).then_some("no piece is royal"),
            Needs::CapturesToHand => (!self.rules.captures_to_hand
                && !self.rules.captures_to_partner)
                .then_some("captured pieces do not go to hand"),
            Needs::Swaps => (!self
                .rules
                .pieces
                .iter()
                .any(|p| p.promotions.iter().any(|pr| pr.swap)))
            .then_some("no piece promotes by a swap with a captive"),
        }
    }

    /// Tells whether no move may give check, a mate included (`checks are forbidden`).
    fn checks_forbidden(&self) -> bool {
        self.rules
            .filters
            .contains(&crate::rules::Filter::NoChecks { drops_only: false })
    }

    /// Warns of each type of `promotions at the limit freeze` that none of its promotions can
    /// freeze: each leads to a type without `at most N on the board`.
    fn freezes(&self, names: &[Name], out: &mut Vec<Diagnostic>) {
        for n in names {
            let Some(kind) = self.piece(n) else { continue };
            let limited = |t: &PieceId| self.rules.pieces[t.index()].drops.max_on_board.is_some();
            let can = self.rules.pieces[kind.index()]
                .promotions
                .iter()
                .any(|pr| !pr.swap && !pr.to.is_empty() && pr.to.iter().all(limited));
            if !can {
                out.push(Diagnostic::warning(
                    n.span,
                    format!(
                        "`promotions at the limit freeze` never applies to `{}`: none of its promotions leads only to types with `at most N on the board`",
                        n.node
                    ),
                ));
            }
        }
    }

    /// Warns of each type of `pieces of ... may not pass attacked cells` none of whose moves
    /// passes a cell: every move is one leap of coprime steps (a king's, a knight's), none rides
    /// and none has two legs.
    fn passes(&self, names: &[Name], out: &mut Vec<Diagnostic>) {
        fn gcd(a: i32, b: i32) -> i32 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        for n in names {
            let Some(kind) = self.piece(n) else { continue };
            let p = &self.rules.pieces[kind.index()];
            let over = |&(x, y): &(i8, i8)| gcd(i32::from(x).abs(), i32::from(y).abs()) > 1;
            let can = !p.leg_moves.is_empty()
                || p.moves
                    .iter()
                    .any(|m| m.range != 1 || m.vectors.iter().any(over));
            if !can {
                out.push(Diagnostic::warning(
                    n.span,
                    format!(
                        "`pieces of ... may not pass attacked cells` never applies to `{}`: none of its moves passes a cell",
                        n.node
                    ),
                ));
            }
        }
    }

    /// The cells of the start position, with what stands there.
    fn start_cells(&self) -> impl Iterator<Item = (Cell, PieceId, PlayerId)> + '_ {
        (0..self.rules.board.cells()).filter_map(|c| {
            let cell = Cell(c as u16);
            (self.start)(cell).map(|(k, p)| (cell, k, p))
        })
    }

    fn cell_name(&self, c: Cell) -> String {
        let (f, r) = self.rules.board.coords(c);
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    }

    fn statement(&self, s: &Statement, sp: Span, out: &mut Vec<Diagnostic>) {
        let dead = |out: &mut Vec<Diagnostic>, span: Span, phrase: &str, why: &str| {
            out.push(Diagnostic::warning(
                span,
                format!("`{phrase}` never applies: {why}"),
            ));
        };
        let no_royals = "no piece is royal";
        match s {
            Statement::Piece(p) => {
                if let Some(kind) = self.piece(&p.name) {
                    // A piece that never moves is one warning, at its first moves, not one
                    // per move word.
                    let moves = p
                        .properties
                        .iter()
                        .zip(&p.property_spans)
                        .find(|(x, _)| matches!(x, Property::Moves { .. }));
                    let stuck = moves.and_then(|(_, &at)| {
                        futile::never_moves(self.rules, kind).map(|why| (at, why))
                    });
                    if let Some((at, why)) = &stuck {
                        out.push(Diagnostic::warning(*at, why.clone()));
                    }
                    for (prop, &psp) in p.properties.iter().zip(&p.property_spans) {
                        self.property(&p.name, kind, prop, psp, stuck.is_some(), out);
                    }
                }
            }
            Statement::Flag(f, _) => {
                if let Some(why) = f.needs().and_then(|n| self.missing(n)) {
                    dead(out, sp, f.words(), why);
                }
            }
            Statement::Types(TypesPhrase::FrozenAtLimit, names, _) => self.freezes(names, out),
            Statement::Types(TypesPhrase::NoPassingAttacked, names, _) => self.passes(names, out),
            // A drop mates only a royal piece.
            Statement::Types(TypesPhrase::MatingDrops, ..)
                if self.no_drops().is_none() && !self.royals =>
            {
                dead(out, sp, "mating drops of ... are forbidden", no_royals)
            }
            Statement::Types(phrase, ..) => {
                if let Some(why) = phrase.needs().and_then(|n| self.missing(n)) {
                    let words = phrase.words();
                    let shown = words
                        .strip_suffix(" TYPE...")
                        .map_or_else(|| words.replace("TYPE...", "..."), str::to_string);
                    dead(out, sp, &shown, why);
                }
            }
            Statement::EnclosingDrops(..) | Statement::CastlingByDrops(..) => {
                if let Some(why) = self.no_drops() {
                    dead(out, sp, phrase(s), why);
                }
            }
            Statement::HandOrder(_) | Statement::Interchangeable(_) if !self.hands => {
                dead(out, sp, phrase(s), "the game has no hands")
            }
            Statement::Royalty(_)
            | Statement::CheckLimit(_)
            | Statement::Checkmate(_)
            | Statement::Passing(_, false)
                if !self.royals =>
            {
                dead(out, sp, phrase(s), no_royals)
            }
            Statement::Royalty(r)
                if matches!(r.node, Royalty::First(_)) && !self.several_royals() =>
            {
                dead(
                    out,
                    sp,
                    phrase(s),
                    "no player ever has two royal pieces (none starts with two, none promotes to a royal type, nothing is dropped)",
                )
            }
            Statement::Checkmate(_) if self.checks_forbidden() => dead(
                out,
                sp,
                phrase(s),
                "`checks are forbidden` forbids mates too (`checks are forbidden unless they mate` allows a check that mates)",
            ),
            Statement::Repetition {
                perpetual: true, ..
            } if !self.royals => dead(out, sp, "perpetual check loses", no_royals),
            Statement::Castling {
                king, rook, any_of, ..
            } => self.castling((king, rook, any_of), sp, out),
            Statement::Shuffle { region, .. } => self.shuffle(region.span, out),
            Statement::Style { style, pieces } => {
                for n in pieces {
                    let Some(kind) = self.piece(n) else { continue };
                    let multi = self.rules.pieces[kind.index()].moves.iter().any(|m| {
                        m.range == 1
                            && !m.hop
                            && m.vectors.iter().any(|&(x, y)| x.abs().max(y.abs()) > 1)
                    });
                    if !multi {
                        out.push(Diagnostic::warning(
                            n.span,
                            format!(
                                "`style {}` changes nothing for `{}`: it has no single leap over more than one cell",
                                style.node, n.node
                            ),
                        ));
                    }
                }
            }
            _ => {}
        }
    }

    fn property(
        &self,
        name: &Name,
        kind: PieceId,
        prop: &Property,
        sp: Span,
        stuck: bool,
        out: &mut Vec<Diagnostic>,
    ) {
        let never_dropped = || {
            self.no_drops().map(str::to_string).unwrap_or_else(|| {
                format!(
                    "`{}` is never dropped (the game has no hands, and its drops are not free)",
                    name.node
                )
            })
        };
        let dead = |out: &mut Vec<Diagnostic>, phrase: &str, why: String| {
            out.push(Diagnostic::warning(
                sp,
                format!("`{phrase}` never applies: {why}"),
            ));
        };
        match prop {
            Property::DropsIn(_) if !self.droppable(kind) => dead(out, "drops in", never_dropped()),
            Property::Flag(f, _) => {
                let why = match f.needs() {
                    Some(PieceNeeds::Dropped) if !self.droppable(kind) => Some(never_dropped()),
                    Some(PieceNeeds::CapturesToHand) if !self.rules.captures_to_hand => Some(
                        "captured pieces leave the game anyway (they do not go to hand)".into(),
                    ),
                    Some(PieceNeeds::Royals) if !self.royals => Some("no piece is royal".into()),
                    _ => None,
                };
                if let Some(why) = why {
                    dead(out, f.words(), why);
                }
            }
            Property::Promotes {
                deferred: Some(z), ..
            } if !self.droppable(kind) => out.push(Diagnostic::warning(
                z.span,
                format!("`deferred after a drop` never applies: {}", never_dropped()),
            )),
            Property::Promotes {
                captive,
                to,
                trigger,
                zone,
                ..
            } => {
                let to: Option<Vec<PieceId>> = to.iter().map(|n| self.piece(n)).collect();
                let z = self.rules.zones.iter().position(|z| z.name == zone.node);
                let index = self.rules.pieces[kind.index()]
                    .promotions
                    .iter()
                    .position(|pr| {
                        pr.swap == *captive
                            && Some(pr.zone.index()) == z
                            && pr.trigger == trigger.node
                            && Some(&pr.to) == to.as_ref()
                    });
                if let Some(why) =
                    index.and_then(|i| futile::never_promotes(self.rules, kind, i, self.start))
                {
                    out.push(Diagnostic::warning(sp, why));
                }
            }
            Property::Confined(z) => self.confined(name, kind, z, out),
            Property::OnlyUntilCapture { words, span } => {
                self.until_capture(name, kind, words, *span, out)
            }
            Property::Moves {
                words, after_first, ..
            } => {
                if *after_first {
                    self.after_first(name, kind, sp, out);
                }
                if stuck {
                    return;
                }
                for w in words {
                    if !unused::fits(self.rules, w) {
                        let (f, r) = (self.rules.board.files, self.rules.board.ranks);
                        out.push(Diagnostic::warning(
                            w.span,
                            format!(
                                "`{}` can never be made: none of its leaps fits on a board of {f} x {r}",
                                unused::text(w)
                            ),
                        ));
                    }
                }
            }
            _ => {}
        }
    }

    /// Warns of `moves only ... until its side captures` where it leaves the piece every move it
    /// has, and of each of its leaps that no move of the piece makes (the same step, moving or
    /// capturing as the leap may): that leap leaves nothing.
    fn until_capture(
        &self,
        name: &Name,
        kind: PieceId,
        words: &[MoveWord],
        span: Span,
        out: &mut Vec<Diagnostic>,
    ) {
        let p = &self.rules.pieces[kind.index()];
        let left = |m: &crate::rules::MovePart, v: &(i8, i8)| {
            p.moves_until_capture.iter().any(|l| {
                l.vectors.contains(v)
                    && (!m.mode.moves() || l.mode.moves())
                    && (!m.mode.captures() || l.mode.captures())
            })
        };
        // Moves in two or three legs and castling are never left: a piece that has
        // some is restricted, whatever its leaps.
        let all_left = p.leg_moves.is_empty()
            && p.leg_chains.is_empty()
            && !self.rules.castling.iter().any(|c| c.king == kind)
            && p.moves.iter().all(|m| {
                m.range == 1
                    && !m.hop
                    && m.from_zone.is_none()
                    && m.vectors.iter().all(|v| left(m, v))
            });
        if all_left {
            out.push(Diagnostic::warning(
                span,
                format!(
                    "`moves only ... until its side captures` never applies to `{}`: it is left every move it has",
                    name.node
                ),
            ));
        }
        let has = |v: (i8, i8), l: &crate::rules::MovePart| {
            p.moves.iter().any(|m| {
                let mode =
                    (m.mode.moves() && l.mode.moves()) || (m.mode.captures() && l.mode.captures());
                // The step `v` is `k` leaps of `u` in a line, within the part's range.
                let along = |&(ux, uy): &(i8, i8)| {
                    let (ux, uy, vx, vy): (i32, i32, i32, i32) =
                        (ux.into(), uy.into(), v.0.into(), v.1.into());
                    let k = if ux != 0 {
                        vx / ux
                    } else if uy != 0 {
                        vy / uy
                    } else {
                        0
                    };
                    k >= m.first_reach()
                        && (ux * k, uy * k) == (vx, vy)
                        && (m.range == 0 || k <= m.range.into())
                };
                !m.hop && mode && m.vectors.iter().any(along)
            })
        };
        for w in words {
            for a in &w.atoms {
                let one = MoveWord {
                    atoms: vec![a.clone()],
                    span: w.span,
                };
                let Ok(parts) = crate::betza::read::lower_word(&one) else {
                    continue;
                };
                let absent = parts.iter().all(|l| l.vectors.iter().all(|&v| !has(v, l)));
                if absent {
                    out.push(Diagnostic::warning(
                        w.span,
                        format!(
                            "`{}` in `moves only ... until its side captures` never applies: `{}` has no such move",
                            unused::text(&one),
                            name.node
                        ),
                    ));
                }
            }
        }
    }

    /// Moves after the first of a type no piece of which ever holds a first-move right, so that
    /// each has them from the start: rights come only from the set-up's castling field (by file
    /// letter, to a piece on its owner's first rank; by castling, to a partner), or from a
    /// castling drop to a partner; a piece that arrives by promotion or drop has none.
    fn after_first(&self, name: &Name, kind: PieceId, sp: Span, out: &mut Vec<Diagnostic>) {
        let partner = self.rules.castling.iter().any(|c| c.rook == kind);
        let held = self
            .start_cells()
            .any(|(c, k, _)| k == kind && (self.right)(c));
        if held || (partner && self.rules.castling_by_drops().is_some()) {
            return;
        }
        let b = &self.rules.board;
        let first_rank = |c: Cell, p: PlayerId| {
            let north = self.rules.players[p.index()].forward.orient(0, 1).1 > 0;
            b.coords(c).1 == if north { 0 } else { i32::from(b.ranks) - 1 }
        };
        let n = &name.node;
        let why = if partner
            || self
                .start_cells()
                .any(|(c, k, p)| k == kind && first_rank(c, p))
        {
            format!("the set-up's castling field gives no `{n}` a first-move right")
        } else {
            format!(
                "no `{n}` starts on its owner's first rank, where alone the set-up's castling field can give one a first-move right (by its file letter)"
            )
        };
        out.push(Diagnostic::warning(
            sp,
            format!(
                "`after its first move` never applies to `{n}`: {why}, so each `{n}` has these moves from the start"
            ),
        ));
    }

    /// A piece confined to a zone that does not hold its start.
    fn confined(&self, name: &Name, kind: PieceId, zone: &Name, out: &mut Vec<Diagnostic>) {
        let Some(z) = self.rules.zones.iter().find(|z| z.name == zone.node) else {
            return;
        };
        let outside = self.start_cells().find(|&(c, k, p)| {
            k == kind
                && z.cells
                    .get(p.index())
                    .is_some_and(|cells| cells.binary_search(&c).is_err())
        });
        if let Some((c, _, _)) = outside {
            out.push(Diagnostic::warning(
                zone.span,
                format!(
                    "`{}` is confined to `{}`, which does not hold its start on {}",
                    name.node,
                    zone.node,
                    self.cell_name(c)
                ),
            ));
        }
    }

    /// Castling with a partner that never starts on a rank of the king (its owner's): the
    /// partner must stand there unmoved, so it can never castle. Drops give castling rights to
    /// pieces anywhere, and a shuffle moves the pieces on its cells, so a game with the first,
    /// or with either type on shuffled cells, is not judged. Likewise a free castling's file that
    /// lies between no such king and partner: the king never lands there.
    fn castling(
        &self,
        (king, rook, any_of): (&Name, &Name, &[Name]),
        sp: Span,
        out: &mut Vec<Diagnostic>,
    ) {
        if self.rules.castling_by_drops().is_some() {
            return;
        }
        let (Some(k), Some(r)) = (self.piece(king), self.piece(rook)) else {
            return;
        };
        if let Some(sh) = &self.rules.shuffle
            && sh
                .cells
                .iter()
                .any(|&c| (self.start)(c).is_some_and(|(kind, _)| kind == k || kind == r))
        {
            return;
        }
        let coords = |c: Cell| self.rules.board.coords(c);
        let kings: Vec<(i32, i32, PlayerId)> = self
            .start_cells()
            .filter(|&(_, kind, _)| kind == k)
            .map(|(c, _, p)| (coords(c).0, coords(c).1, p))
            .collect();
        // The files of each king and partner that meet on a rank.
        let pairs: Vec<(i32, i32)> = self
            .start_cells()
            .filter(|&(_, kind, _)| kind == r)
            .flat_map(|(c, _, p)| {
                let (fr, rr) = coords(c);
                kings
                    .iter()
                    .filter(move |&&(_, rk, pk)| rk == rr && pk == p)
                    .map(move |&(fk, ..)| (fk, fr))
            })
            .collect();
        for f in any_of {
            let x = i32::from(f.node.as_bytes()[0]) - i32::from(b'a');
            let between = |&(fk, fr): &(i32, i32)| x > fk.min(fr) && x < fk.max(fr);
            if !pairs.is_empty() && !pairs.iter().any(between) {
                out.push(Diagnostic::warning(
                    f.span,
                    format!(
                        "file `{}` is never a landing: it lies between no `{}` and `{}` that start on one rank",
                        f.node, king.node, rook.node
                    ),
                ));
            }
        }
        if pairs.is_empty() {
            out.push(Diagnostic::warning(
                sp,
                format!(
                    "`castling {} with {}` never applies: no `{}` starts on the rank of a `{}` of its owner",
                    king.node, rook.node, rook.node, king.node
                ),
            ));
        }
    }

    /// A shuffle of cells that hold fewer than two types of the first player's pieces.
    fn shuffle(&self, span: Span, out: &mut Vec<Diagnostic>) {
        let Some(sh) = &self.rules.shuffle else {
            return;
        };
        let mut kinds: Vec<PieceId> = sh
            .cells
            .iter()
            .filter_map(|&c| (self.start)(c))
            .filter(|&(_, p)| p == PlayerId(0))
            .map(|(k, _)| k)
            .collect();
        kinds.sort();
        kinds.dedup();
        if kinds.len() < 2 {
            let player = &self.rules.players[0].name;
            let held = if kinds.is_empty() {
                format!("its cells hold no piece of `{player}`")
            } else {
                format!("its cells hold pieces of one type of `{player}`")
            };
            out.push(Diagnostic::warning(
                span,
                format!("this shuffle never changes the set-up: {held}"),
            ));
        }
    }
}

/// The words of a statement, as the warnings quote them.
fn phrase(s: &Statement) -> &'static str {
    match s {
        Statement::EnclosingDrops(..) => "drops must enclose",
        Statement::CastlingByDrops(..) => "drops give castling rights",
        Statement::HandOrder(_) => "hand order",
        Statement::Interchangeable(_) => "interchangeable",
        Statement::Royalty(r) => match r.node {
            Royalty::All => "royalty all",
            Royalty::Alone => "royalty alone",
            Royalty::Each => "royalty each",
            Royalty::First(_) => "royalty first",
        },
        Statement::CheckLimit(_) => "N checks win",
        Statement::Checkmate(_) => "checkmate",
        Statement::Passing(..) => "passing allowed",
        _ => "this rule",
    }
}
