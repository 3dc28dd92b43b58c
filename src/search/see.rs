//! Static exchange evaluation: what a move wins or loses on its destination once both sides
//! have taken back there, least valuable piece first, as long as taking pays. Built for any
//! definition from the evaluation's move tables (leapers, lame leapers, riders, hoppers, zones
//! and confinement, every player's direction): for each cell, every (piece type, player, cell)
//! whose capturing move reaches it, and the ray that gets it there, so that a piece behind
//! another joins the exchange once the one in front has taken (x-rays), and a cannon's screen is
//! counted as the exchange leaves it. A capture a type's limit forbids (Chu Shogi's Lion may not
//! take a protected Lion from afar) is no recapture. Captures that go to hand are worth their piece in hand too,
//! a drop or a quiet move risks the piece it puts on the cell, and a royal piece is worth more
//! than everything else (it takes last, and only where nothing takes it back). Where the game
//! lets a player lose one of several royal pieces (`royalty all`, `royalty alone`, `royalty
//! first by`), only those the position makes royal are: another is worth its value, as a piece
//! (as the exchange begins: the last of two taken in it is not made royal on the way).
//!
//! Where the tables cannot say a game's exchanges exactly (more than two players, effects of
//! captures such as blasts or turncoats, walls, a capture obligation, multiple displacement,
//! hoppers that may not hop over some types, moves confined within a zone's cells, first-move
//! captures) the value is still an estimate for move ordering, and [`See::exact`] is false so
//! that the search prunes nothing on it.

use super::eval::{Eval, Step};
use crate::engine::{Game, MoveKind, Position, RawMove, RoyalOrderPlan, Sq};
use crate::rules::{
    CaptureLimit, Cell, Effect, Filter, MoveRule, PieceId, PlayerId, Royalty, Style,
};

/// What a royal piece is worth in an exchange: more than any exchange of other pieces.
const ROYAL: i32 = 1 << 24;
/// The most pieces that can join one exchange (further ones are left out).
const MAX_ATTACKERS: usize = 48;
/// The most ways to take on one cell looked at (beyond, an exchange is an estimate anyway).
const FOUND: usize = 128;

/// Whether a type may capture another: freely, never (`may not capture`), or unless one of its
/// capture limits forbids it where the exchange stands.
const FREE: u8 = 0;
const BARRED: u8 = 1;
const LIMITED: u8 = 2;

/// One way a piece can capture on a cell: from `from`, a piece of type `kind` owned by
/// `player`, along `ray` of the evaluation's tables, landing at its step `step`.
#[derive(Clone, Copy)]
struct Entry {
    from: u16,
    kind: u8,
    player: u8,
    ray: u32,
    step: u32,
}

/// The cell a piece may capture on a target from, and the range of [`See::members`] (indices
/// of its entries) for the types, players and rays that may.
#[derive(Clone, Copy)]
struct Source {
    from: u16,
    members: (u32, u32),
}

/// Which royal pieces count as royal in an exchange.
#[derive(Clone)]
enum Royals {
    /// Every one (`royalty each`: none may be left attacked).
    Each,
    /// A player's only one (`royalty all` and `royalty alone`: one of several may be lost).
    Lone,
    /// The first of a player's in the order of `royalty first by`.
    First(RoyalOrderPlan),
}

/// The exchange tables of one game.
#[derive(Clone)]
pub(super) struct See {
    entries: Vec<Entry>,
    /// Per cell: the range of `sources` that capture on it.
    sources_of: Vec<(u32, u32)>,
    /// The cells a piece may capture on a target from (one per cell and target), each with the
    /// range of `members` that says how.
    sources: Vec<Source>,
    /// Indices into `entries`, grouped by target, then by the cell they start from.
    members: Vec<u32>,
    /// Centipawns a piece of each type is worth on the board in an exchange.
    worth: Vec<i32>,
    /// Centipawns a royal type is worth where the position does not make it royal (its value,
    /// else the evaluation's estimate); every other type's worth.
    plain: Vec<i32>,
    royal: Vec<bool>,
    royals: Royals,
    /// Centipawns a capture of each type gains: its worth, and its worth in the captor's hand
    /// where captures go to hand.
    taken: Vec<i32>,
    /// Centipawns in hand of a captured piece whose origin the position records, by origin.
    origin_in_hand: Vec<i32>,
    keeps_type: bool,
    /// Whether each type may capture each type: `barred[captor * kinds + victim]` is [`FREE`],
    /// [`BARRED`] or [`LIMITED`] (see `limits`).
    barred: Vec<u8>,
    /// Each type's capture limits (Chu Shogi's Lion), read only where `barred` says so.
    limits: Vec<Vec<CaptureLimit>>,
    files: usize,
    kinds: usize,
    /// The values are exact enough to prune on.
    pub(super) exact: bool,
}

/// A cell set over at most 256 cells.
#[derive(Clone, Copy, Default)]
struct Cells([u64; 4]);

impl Cells {
    fn has(&self, c: usize) -> bool {
        self.0.get(c / 64).is_some_and(|w| w >> (c % 64) & 1 != 0)
    }
    fn add(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }
}

impl See {
    /// Builds the exchange tables from the evaluation's move tables.
    pub(super) fn new(game: &Game, eval: &Eval) -> See {
        let rules = game.rules();
        let kinds = rules.pieces.len();
        let cells = eval.cells;
        let mut by_cell: Vec<Vec<Entry>> = vec![Vec::new(); cells];
        for k in 0..kinds {
            for p in 0..eval.players {
                for from in 0..cells {
                    let slot = eval.slot(PieceId(k as u8), p, Cell(from as u16));
                    let (a, b) = eval.index[slot];
                    for r in a..b {
                        let ray = &eval.rays[r as usize];
                        if !ray.mode.captures() || ray.initial {
                            continue;
                        }
                        for s in ray.steps.0..ray.steps.1 {
                            let to = eval.steps[s as usize].to.index();
                            by_cell[to].push(Entry {
                                from: from as u16,
                                kind: k as u8,
                                player: p as u8,
                                ray: r,
                                step: s,
                            });
                        }
                    }
                }
            }
        }
        let mut entries = Vec::new();
        let (mut sources_of, mut sources, mut members) = (Vec::new(), Vec::new(), Vec::new());
        for list in by_cell {
            let start = entries.len() as u32;
            let first_source = sources.len() as u32;
            let mut order: Vec<u32> = (0..list.len() as u32).collect();
            order.sort_by_key(|&i| (list[i as usize].from, i));
            for group in order.chunk_by(|&i, &j| list[i as usize].from == list[j as usize].from) {
                let a = members.len() as u32;
                members.extend(group.iter().map(|&i| start + i));
                sources.push(Source {
                    from: list[group[0] as usize].from,
                    members: (a, members.len() as u32),
                });
            }
            sources_of.push((first_source, sources.len() as u32));
            entries.extend(list);
        }
        let worth: Vec<i32> = (0..kinds)
            .map(|k| if eval.royal[k] { ROYAL } else { eval.value[k] })
            .collect();
        let plain = (0..kinds)
            .map(|k| match eval.value[k] {
                0 if eval.royal[k] => eval.estimate_value(PieceId(k as u8)),
                v => v,
            })
            .collect();
        let royals = match rules.royalty {
            Royalty::Each => Royals::Each,
            Royalty::All | Royalty::Alone => Royals::Lone,
            Royalty::First(_) => RoyalOrderPlan::new(rules).map_or(Royals::Each, Royals::First),
        };
        let taken = (0..kinds)
            .map(|k| worth[k] + See::in_hand(game, eval, k, false))
            .collect();
        let origin_in_hand = (0..kinds)
            .map(|k| See::in_hand(game, eval, k, true))
            .collect();
        let mut barred = vec![FREE; kinds * kinds];
        for (k, pt) in rules.pieces.iter().enumerate() {
            for l in &pt.capture_limits {
                for v in &l.pieces {
                    barred[k * kinds + v.index()] = LIMITED;
                }
            }
            for v in &pt.may_not_capture {
                barred[k * kinds + v.index()] = BARRED;
            }
        }
        See {
            entries,
            sources_of,
            sources,
            members,
            worth,
            plain,
            royal: eval.royal.clone(),
            royals,
            taken,
            origin_in_hand,
            keeps_type: game.rules().promoted_keep_type_in_hand,
            barred,
            limits: rules
                .pieces
                .iter()
                .map(|p| p.capture_limits.clone())
                .collect(),
            files: rules.board.files as usize,
            kinds,
            exact: See::exact_for(game),
        }
    }

    /// What a captured piece of type `k` with no recorded origin (or, `slot`, one recorded as
    /// that type) is worth in its captor's hand: nothing where captures do not go to hand or the
    /// piece leaves the game; otherwise its hand type's value in hand.
    fn in_hand(game: &Game, eval: &Eval, k: usize, slot: bool) -> i32 {
        let rules = game.rules();
        if !rules.captures_to_hand || eval.royal[k] {
            return 0;
        }
        let id = PieceId(k as u8);
        let hand = if rules.promoted_keep_type_in_hand || slot {
            rules.hand_slot(id)
        } else {
            rules.hand_type(id)
        };
        let pt = &rules.pieces[hand.index()];
        if pt.removed_when_captured || pt.royal {
            0
        } else {
            eval.hand_value[hand.index()]
        }
    }

    /// Whether the tables say the game's exchanges exactly enough to prune on.
    fn exact_for(game: &Game) -> bool {
        let rules = game.rules();
        let effects = rules
            .effects
            .iter()
            .all(|e| matches!(e, Effect::CastlingByDrops { .. }));
        let filters = !rules
            .filters
            .iter()
            .any(|f| matches!(f, Filter::MustCapture));
        let moves = !rules
            .moves
            .iter()
            .any(|m| matches!(m, MoveRule::Wall { .. } | MoveRule::Gate { .. }));
        let pieces = rules.pieces.iter().all(|pt| {
            pt.may_not_hop_over.is_empty()
                && !pt.promotes_friendly_screens
                && !pt.demotes_enemy_screens
                && !pt.moves.iter().any(|part| {
                    let captures = part.mode.captures();
                    part.within || (captures && (part.initial || part.style == Style::Displace))
                })
        });
        rules.players.len() == 2
            && rules.separated.is_empty()
            && effects
            && filters
            && moves
            && pieces
    }

    /// The royal pieces the position makes royal, where the game's royalty lets that depend on
    /// it (`None`: every royal piece is).
    fn counted_royals(&self, stored: &[Sq]) -> Option<Cells> {
        let order = match &self.royals {
            Royals::Each => return None,
            Royals::Lone => None,
            Royals::First(order) => Some(order),
        };
        let mut by_player: [Vec<usize>; 4] = Default::default();
        for (c, s) in stored.iter().enumerate() {
            if let Some(o) = s.owner
                && self.royal[s.kind as usize]
                && let Some(cells) = by_player.get_mut(o.player().index())
            {
                cells.push(c);
            }
        }
        let mut counted = Cells::default();
        for (p, cells) in by_player.iter().enumerate() {
            let first = match order {
                Some(order) => order.first_of(cells, PlayerId(p as u8)),
                None => (cells.len() == 1).then(|| cells[0]),
            };
            if let Some(c) = first {
                counted.add(c);
            }
        }
        Some(counted)
    }

    /// What a piece of type `k` standing on cell `c` is worth (`taken`: as a capture gains it):
    /// a royal type's plain worth where the position does not make it royal.
    fn worth_at(&self, k: usize, c: usize, counted: &Option<Cells>, taken: bool) -> i32 {
        if self.royal[k] && counted.is_some_and(|royal| !royal.has(c)) {
            self.plain[k]
        } else if taken {
            self.taken[k]
        } else {
            self.worth[k]
        }
    }

    /// Whether a move may lose material on its destination: a piece worth more than what it
    /// takes, a drop, or a quiet move (which risk the piece they put on the cell).
    pub(super) fn may_lose(&self, pos: &Position, m: &RawMove) -> bool {
        let counted = self.counted_royals(pos.stored());
        let victim = self.victim_worth(pos, m, &counted);
        victim.is_none_or(|v| self.worth_at(m.piece.index(), m.from.index(), &counted, false) > v)
    }

    /// The worth of what a plain capture or hop takes on its destination.
    fn victim_worth(&self, pos: &Position, m: &RawMove, counted: &Option<Cells>) -> Option<i32> {
        match m.kind {
            MoveKind::Normal | MoveKind::Hop { .. } => {
                let s = pos.stored().get(m.to.index())?;
                let o = s.owner?;
                let k = s.kind as usize;
                let taken = match s.origin {
                    Some(origin) if !self.keeps_type => {
                        self.worth[k] + self.origin_in_hand[origin.kind() as usize]
                    }
                    _ => self.worth_at(k, m.to.index(), counted, true),
                };
                (o.player() != pos.side_to_move()).then_some(taken)
            }
            _ => None,
        }
    }

    /// The material a move wins (negative: loses) for its player once the exchange on its
    /// destination is over, in centipawns. Moves other than plain moves, hops, drops and
    /// promotions (en passant, castling, displacement, passes) are scored by what they take
    /// alone.
    pub(super) fn value(&self, eval: &Eval, pos: &Position, m: &RawMove) -> i32 {
        let side = pos.side_to_move();
        let target = m.to.index();
        let stored = pos.stored();
        let counted = self.counted_royals(stored);
        let first = match m.kind {
            MoveKind::Normal | MoveKind::Hop { .. } | MoveKind::Drop => {
                self.victim_worth(pos, m, &counted).unwrap_or(0)
            }
            MoveKind::Legs { via, capture } => {
                // What it takes between its legs and where it ends (not where it came back).
                let taken = |c: usize| {
                    stored
                        .get(c)
                        .and_then(|s| s.owner.filter(|o| o.player() != side).map(|_| s.kind))
                        .map_or(0, |k| self.taken[k as usize])
                };
                let end = if m.to == m.from { 0 } else { taken(target) };
                return end + if capture { taken(via.index()) } else { 0 };
            }
            MoveKind::ThreeLegs { via } => {
                let taken = |c: usize| {
                    stored
                        .get(c)
                        .and_then(|s| s.owner.filter(|o| o.player() != side).map(|_| s.kind))
                        .map_or(0, |k| self.taken[k as usize])
                };
                return taken(target) + taken(via[0].index()) + taken(via[1].index());
            }
            _ => {
                let on = stored.get(target).and_then(|s| s.owner.map(|_| s.kind));
                return on.map_or(0, |k| self.taken[k as usize]);
            }
        };
        let standing = m.promotion.unwrap_or(m.piece);
        // A drop puts a piece on the board that was on no cell: its plain worth.
        let from = if m.kind == MoveKind::Drop {
            usize::MAX
        } else {
            m.from.index()
        };
        let mover = |k: PieceId, taken| self.worth_at(k.index(), from, &counted, taken);
        let promotes = mover(standing, false) - mover(m.piece, false);
        let mut gains = [0i32; MAX_ATTACKERS + 2];
        gains[0] = first + promotes.max(0);
        let mut vacated = Cells::default();
        if m.kind != MoveKind::Drop {
            vacated.add(m.from.index());
        }
        // Every piece that could take on the target, whatever stands in its way: found cell by
        // cell (most are empty), then put back in the order of the entries, the first
        // MAX_ATTACKERS kept, as a scan of the entries would find them.
        let mut found = [(0u32, 0i32); FOUND];
        let mut count = 0;
        let (a, b) = self.sources_of[target];
        for src in &self.sources[a as usize..b as usize] {
            let Some(s) = stored.get(src.from as usize) else {
                continue;
            };
            let Some(o) = s.owner else {
                continue;
            };
            if vacated.has(src.from as usize) {
                continue;
            }
            for &i in &self.members[src.members.0 as usize..src.members.1 as usize] {
                let e = &self.entries[i as usize];
                if count < FOUND && s.kind == e.kind && o.player().0 == e.player {
                    let w = self.worth_at(e.kind as usize, e.from as usize, &counted, false);
                    found[count] = (i, w);
                    count += 1;
                }
            }
        }
        let found = &mut found[..count];
        found.sort_unstable_by_key(|&(i, _)| i);
        let count = count.min(MAX_ATTACKERS);
        let mut attackers = [(0u32, 0i32); MAX_ATTACKERS];
        attackers[..count].copy_from_slice(&found[..count]);
        let attackers = &mut attackers[..count];
        attackers.sort_unstable_by_key(|&(_, w)| w);
        let mut on_target = standing.index();
        let mut on_target_taken = mover(standing, true);
        let mut mover_side = false;
        let mut depth = 0;
        loop {
            // The least valuable piece of the side to take that reaches the target now.
            let found = attackers.iter().position(|&(i, _)| {
                let e = &self.entries[i as usize];
                let theirs = e.player != side.0;
                let may = self.barred[e.kind as usize * self.kinds + on_target];
                theirs != mover_side
                    && !vacated.has(e.from as usize)
                    && may != BARRED
                    && See::reaches(eval, stored, &vacated, e)
                    && (may == FREE
                        || !self.limited(eval, stored, &vacated, attackers, e, on_target, target))
            });
            let Some(j) = found else {
                break;
            };
            let e = self.entries[attackers[j].0 as usize];
            depth += 1;
            gains[depth] = on_target_taken - gains[depth - 1];
            if depth == gains.len() - 1 {
                break;
            }
            vacated.add(e.from as usize);
            on_target = e.kind as usize;
            on_target_taken = self.worth_at(on_target, e.from as usize, &counted, true);
            mover_side = !mover_side;
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }

    /// Whether one of the capture limits of an entry's type forbids it to take the piece of type
    /// `victim` on the target, the cells as the exchange left them. A recapture takes nothing on
    /// its way, so `unless also capturing` never lifts a limit here; `protected`: the victim's
    /// owner has another piece (of a type not set aside) that takes on the target after it.
    #[allow(clippy::too_many_arguments)]
    fn limited(
        &self,
        eval: &Eval,
        stored: &[Sq],
        vacated: &Cells,
        attackers: &[(u32, i32)],
        e: &Entry,
        victim: usize,
        target: usize,
    ) -> bool {
        let (from, f) = (e.from as usize, self.files);
        let near = (from % f)
            .abs_diff(target % f)
            .max((from / f).abs_diff(target / f))
            == 1;
        let mut after = *vacated;
        after.add(from);
        self.limits[e.kind as usize].iter().any(|l| {
            l.pieces.iter().any(|p| p.index() == victim)
                && !(l.from_afar && near)
                && (!l.protected
                    || attackers.iter().any(|&(i, _)| {
                        let o = &self.entries[i as usize];
                        o.player != e.player
                            && !after.has(o.from as usize)
                            && !l.unless_protected_only_by.iter().any(|p| p.0 == o.kind)
                            && See::reaches(eval, stored, &after, o)
                    }))
        })
    }

    /// Whether an entry's piece reaches the target along its ray with the cells as they stand,
    /// less those the exchange vacated.
    fn reaches(eval: &Eval, stored: &[Sq], vacated: &Cells, e: &Entry) -> bool {
        let occupied = |c: Cell| !vacated.has(c.index()) && stored[c.index()].owner.is_some();
        let ray = &eval.rays[e.ray as usize];
        let steps = &eval.steps[ray.steps.0 as usize..=e.step as usize];
        let (last, before) = steps.split_last().expect("a ray's step");
        if ray.hop {
            let screens = before.iter().filter(|s| occupied(s.to)).count();
            return screens == 1
                && (!ray.lands_behind || before.last().is_some_and(|s| occupied(s.to)));
        }
        let open = |st: &Step| match ray.style {
            Style::Leap => true,
            Style::Step | Style::Displace => eval.via[st.via.0 as usize..st.via.1 as usize]
                .iter()
                .all(|&v| !occupied(v)),
        };
        before.iter().all(|st| open(st) && !occupied(st.to)) && open(last)
    }
}
