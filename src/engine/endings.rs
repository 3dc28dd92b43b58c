//! How games end besides checkmate and stalemate: the immediate ends (a goal reached, a type
//! extinct, the last check given) that leave a position without moves (the filters that rules of
//! this kind put on moves are in `filters.rs`), and the counters a move updates (facing, the last
//! move, checks given, the counting rule). The ends that need the game's line (repetition, back
//! and forth, the move limit) are in `line.rs`.

use super::Reason;
use super::bits::Bits;
use super::bits::KindSet;
use super::core::Engine;
use super::index::AsIndex;
use super::keys::{Salt, term};
use super::kinds::KindBits;
use super::plan::{Counter, GoalPlan, Immediate};
use super::position::{Last, MoveKind, Pos, RawMove};
use crate::rules::PlayerId;
use crate::rules::{Counting, Extinction, GoalMode, Outcome, Royalty};
use arrayvec::ArrayVec;

/// A game decided: the rule, the player it speaks of and what it means for that player.
pub(crate) type Decision = (Reason, PlayerId, Outcome);

impl<B: Bits> Engine<B> {
    /// The key of a player's check counter.
    pub(crate) fn checks_key(&self, player: usize, remaining: u8) -> u64 {
        term(Salt::Checks, (player as u64) << 8 ^ remaining as u64)
    }

    /// Enemy pieces that no move may capture: royal ones, unless the game lets a player leave
    /// some of its royal pieces attacked.
    #[inline]
    pub(crate) fn guarded(&self, pos: &Pos<B>) -> B {
        if self.plan.royals_capturable {
            B::EMPTY
        } else {
            pos.royals
        }
    }

    /// Whether `player` is in check: a royal piece attacked, or with `royalty all` every one of
    /// them, or with `royalty alone` its only one, or with `royalty first by` the first.
    pub(crate) fn checked(&self, pos: &Pos<B>, player: PlayerId) -> bool {
        match self.rules.royalty {
            Royalty::Each => self.royal_attacked(pos, player),
            Royalty::First(_) => self.first_royal_attacked(pos, player),
            Royalty::Alone => {
                (pos.royals & pos.by_owner[player.index()]).count() == 1
                    && self.royal_attacked(pos, player)
            }
            Royalty::All => {
                let royals = pos.royals & pos.by_owner[player.index()];
                royals.any()
                    && royals
                        .cells()
                        .all(|c| self.royal_attacked_at(pos, c, player))
            }
        }
    }

    /// Whether the one royal piece of `player` that the order of `royalty first by` makes
    /// royal is attacked.
    fn first_royal_attacked(&self, pos: &Pos<B>, player: PlayerId) -> bool {
        let royals = pos.royals & pos.by_owner[player.index()];
        self.plan
            .royal_order
            .as_ref()
            .and_then(|o| o.first(royals, player))
            .is_some_and(|c| self.royal_attacked_at(pos, c, player))
    }

    // ---------------------------------------------------------------------------------------
    // immediate ends

    /// The immediate end of a position, if one holds: the plan's immediate ends in their order
    /// (extinction, goals, rows, a full board, passes, facing, check limits: Fairy-Stockfish's
    /// order, but that it tests rows after check limits).
    pub(crate) fn immediate_end(&self, pos: &mut Pos<B>) -> Option<Decision> {
        for rule in &self.plan.immediate {
            let end = match rule {
                Immediate::Extinction(rules) => self
                    .extinct(pos, rules)
                    .map(|(p, o)| (Reason::Extinction, p, o)),
                Immediate::Goals(goals) => self
                    .goal_reached(pos, goals)
                    .map(|(p, o)| (Reason::Goal, p, o)),
                Immediate::Rows(rows) => self.row_made(pos, rows),
                Immediate::FullBoard => ((self.t.on_board & !pos.occ).none()).then_some((
                    Reason::FullBoard,
                    pos.st.side,
                    Outcome::Draw,
                )),
                Immediate::Passes => {
                    let active = (0..self.t.players as u8)
                        .filter(|p| pos.st.eliminated & (1 << p) == 0)
                        .count();
                    (pos.st.passes as usize >= active).then_some((
                        Reason::Passes,
                        pos.st.side,
                        Outcome::Draw,
                    ))
                }
                Immediate::Facing => (pos.st.facing && pos.st.facing_before).then_some((
                    Reason::Facing,
                    pos.st.side,
                    Outcome::Draw,
                )),
                Immediate::CheckLimit => (0..self.t.players as u8)
                    .find(|&p| pos.st.eliminated & (1 << p) == 0 && pos.st.checks[p.index()] == 0)
                    .map(|p| (Reason::CheckLimit, PlayerId(p), Outcome::Win)),
            };
            if end.is_some() {
                return end;
            }
        }
        None
    }

    /// A player's pieces of a type (all types: `None`) on the board and in hand.
    fn holding(&self, pos: &Pos<B>, player: PlayerId, kind: Option<u8>) -> u32 {
        let p = player.index();
        let hand = &pos.hands[p * pos.kinds..(p + 1) * pos.kinds];
        match kind {
            Some(k) => (pos.by_kind[k.index()] & pos.by_owner[p]).count() + hand[k.index()] as u32,
            None => pos.by_owner[p].count() + hand.iter().map(|&n| n as u32).sum::<u32>(),
        }
    }

    /// The players in the order extinction looks at them: the one who just moved, the one to
    /// move, then the others.
    fn extinction_order(&self, pos: &Pos<B>) -> ArrayVec<PlayerId, 4> {
        let stm = pos.st.side;
        let prev = self.previous_player(pos.st.eliminated, stm);
        let mut order = ArrayVec::new();
        order.push(prev);
        for p in 0..self.t.players as u8 {
            let q = (stm.index() + p as usize) % self.t.players;
            let q = PlayerId(q as u8);
            if q != prev && pos.st.eliminated & (1 << q.0) == 0 {
                order.push(q);
            }
        }
        order
    }

    fn extinct(&self, pos: &Pos<B>, rules: &[Extinction]) -> Option<(PlayerId, Outcome)> {
        let stm = pos.st.side;
        for c in self.extinction_order(pos) {
            for e in rules {
                // Any piece where the rule lists none, else each type listed (or all of them
                // together, as one).
                let any = (e.pieces.is_empty() || e.together).then_some(None);
                let each = e.pieces.iter().map(|p| Some(p.0)).filter(|_| !e.together);
                for k in any.into_iter().chain(each) {
                    let held = |p: PlayerId| match k {
                        None if e.together => e
                            .pieces
                            .iter()
                            .map(|t| self.holding(pos, p, Some(t.0)))
                            .sum(),
                        _ => self.holding(pos, p, k),
                    };
                    if held(c) > e.at_most as u32 {
                        continue;
                    }
                    let need = e.against as u32 + (e.bared_back && c == stm) as u32;
                    let theirs = self.opponents(pos, c).map(held).max().unwrap_or(0);
                    if theirs >= need {
                        return Some((c, e.outcome));
                    }
                }
            }
        }
        None
    }

    /// Whether `player` has as many pieces of the goal's types on its cells of the goal as it
    /// needs (and, for a `safe` goal with exactly that many, no enemy attacks any of them).
    fn reached(&self, pos: &Pos<B>, goal: &GoalPlan<B>, player: PlayerId) -> bool {
        let (kinds, cells, mode, needed) = goal;
        let mut mine = B::EMPTY;
        for k in kinds.iter() {
            mine |= pos.by_kind[k as usize];
        }
        let there = mine & pos.by_owner[player.index()] & cells[player.index()];
        if there.none() || there.count() < *needed {
            return false;
        }
        if *mode == GoalMode::Safe && there.count() == *needed {
            return there.cells().all(|c| {
                self.opponents(pos, player)
                    .all(|o| !self.attacked(pos, c, o))
            });
        }
        true
    }

    fn goal_reached(&self, pos: &mut Pos<B>, goals: &[GoalPlan<B>]) -> Option<(PlayerId, Outcome)> {
        let stm = pos.st.side;
        // A goal held since the last turn (or reached safely) wins for the player to move.
        for g in goals {
            if g.2 != GoalMode::Immediate && self.reached(pos, g, stm) {
                let both = self.opponents(pos, stm).any(|o| self.reached(pos, g, o));
                let draw = matches!(g.2, GoalMode::Safe | GoalMode::Answerable) && both;
                return Some((stm, if draw { Outcome::Draw } else { Outcome::Win }));
            }
        }
        // A goal just reached wins at once, unless the player to move may still answer.
        for g in goals {
            if g.2 == GoalMode::Held {
                continue;
            }
            let others: ArrayVec<PlayerId, 4> = self.opponents(pos, stm).collect();
            for o in others {
                if !self.reached(pos, g, o) {
                    continue;
                }
                if g.2 == GoalMode::Answerable
                    && stm > o
                    && !self.checked(pos, stm)
                    && self.can_reach(pos, g, stm)
                {
                    continue;
                }
                return Some((o, Outcome::Win));
            }
        }
        None
    }

    /// Whether `player` (to move) has a legal move of a goal type onto its goal cells.
    fn can_reach(&self, pos: &mut Pos<B>, goal: &GoalPlan<B>, player: PlayerId) -> bool {
        let mut moves = Vec::new();
        self.collect_legal(pos, &mut moves, &mut Vec::new());
        moves
            .iter()
            .any(|m| goal.0.has(m.piece.0) && goal.1[player.index()].has(m.to.index()))
    }

    // ---------------------------------------------------------------------------------------
    // counters a move updates

    /// Runs the plan's counters after a move by `mover` (the position already has the next
    /// player to move): facing royals, the last move, checks given, the counting rule.
    pub(crate) fn after_move(
        &self,
        pos: &mut Pos<B>,
        mover: PlayerId,
        captured: Option<u8>,
        m: &RawMove,
    ) {
        for c in &self.plan.counters {
            match c {
                Counter::Facing => {
                    pos.st.facing_before = pos.st.facing;
                    pos.st.facing = self.royal_faces(pos, pos.st.side);
                }
                Counter::LastMove => {
                    pos.st.last = Some(Last {
                        from: m.from.0,
                        to: m.to.0,
                        plain: m.promotion.is_none()
                            && matches!(
                                m.kind,
                                MoveKind::Normal
                                    | MoveKind::Hop { .. }
                                    | MoveKind::DoubleStep { .. }
                            ),
                        pass: m.kind == MoveKind::Pass,
                        capture: captured.is_some(),
                    });
                }
                Counter::Checks => {
                    let left = pos.st.checks[mover.index()];
                    if left > 0 && self.opponents(pos, mover).any(|o| self.checked(pos, o)) {
                        pos.st.key ^= self.checks_key(mover.index(), left)
                            ^ self.checks_key(mover.index(), left - 1);
                        pos.st.checks[mover.index()] = left - 1;
                    }
                }
                Counter::Counting(c) => {
                    self.update_count(pos, c, mover, captured, m.promotion.is_some())
                }
                Counter::Counterstrike(kinds) => {
                    let struck = !kinds.has(m.piece.0) && self.took(pos, mover, *kinds);
                    // The restriction is part of the position: the key tells it apart.
                    if struck != pos.st.struck {
                        pos.st.key ^= term(Salt::Struck, 0);
                        pos.st.struck = struck;
                    }
                }
            }
        }
    }

    /// Pieces of the counting rule's stopper types on the board.
    fn stoppers(&self, pos: &Pos<B>, c: &Counting) -> u32 {
        c.stoppers
            .iter()
            .map(|k| pos.by_kind[k.index()].count())
            .sum()
    }

    /// The counting limit in moves for `side` counting (0: it does not count).
    pub(crate) fn count_limit(&self, pos: &Pos<B>, c: &Counting, side: PlayerId) -> u16 {
        let opp = (1 - side.0) as usize;
        let mine = pos.by_owner[side.index()].count();
        if pos.by_owner[opp].count() == 1 {
            return 0;
        }
        let stopped = self.stoppers(pos, c) > 0;
        if mine > 1 {
            return match &c.board {
                Some(b)
                    if b.up_to.is_none_or(|u| mine <= u as u32)
                        && (b.with_stoppers || !stopped) =>
                {
                    b.limit
                }
                _ => 0,
            };
        }
        if stopped {
            return 0;
        }
        let Some(bare) = &c.bare else {
            return 0;
        };
        bare.honours
            .iter()
            .find(|h| (pos.by_kind[h.piece.index()] & pos.by_owner[opp]).count() >= h.count as u32)
            .map_or(bare.default, |h| h.limit)
    }

    fn update_count(
        &self,
        pos: &mut Pos<B>,
        c: &Counting,
        mover: PlayerId,
        captured: Option<u8>,
        promoted: bool,
    ) {
        let stm = pos.st.side;
        if pos.st.count_limit > 0 {
            pos.st.count_ply = pos.st.count_ply.saturating_add(1);
        }
        let from_pieces = c.bare.as_ref().is_some_and(|b| b.from_pieces);
        let total = pos.occ.count() as u16;
        let pieces = |p: PlayerId| pos.by_owner[p.index()].count();
        // A bare king that took the last stopper starts its own count.
        if from_pieces
            && captured.is_some_and(|k| c.stoppers.iter().any(|s| s.0 == k))
            && pieces(mover) == 1
            && self.stoppers(pos, c) == 0
        {
            let l = self.count_limit(pos, c, mover);
            if l > 0 {
                pos.st.count_limit = 2 * l;
                pos.st.count_ply = (2 * total).saturating_sub(1);
            }
        }
        if pos.st.count_limit == 0 || ((captured.is_some() || promoted) && pieces(stm) == 1) {
            let l = self.count_limit(pos, c, stm);
            if l > 0 {
                pos.st.count_limit = 2 * l;
                pos.st.count_ply = if !from_pieces || pieces(stm) > 1 {
                    0
                } else {
                    2 * total
                };
            }
        }
    }

    /// The types of the enemy pieces that attack a royal piece of `player`.
    pub(crate) fn checker_kinds(&self, pos: &Pos<B>, player: PlayerId) -> KindSet<B> {
        let mut kinds = B::Kinds::EMPTY;
        let royals = pos.royals & pos.by_owner[player.index()];
        for o in self.opponents(pos, player) {
            for c in pos.by_owner[o.index()].cells() {
                if royals.cells().any(|r| self.piece_attacks(pos, c, r)) {
                    kinds.insert(pos.sq[c].kind);
                }
            }
        }
        kinds
    }

    /// What a checkmate of the player to move means: the rule and its outcome for that player.
    pub(crate) fn mate(&self, pos: &Pos<B>) -> (Reason, Outcome) {
        if pos.st.drop_check {
            // Mate by a drop that may not mate loses for the dropper (Fairy-Stockfish's reading
            // of shogi's uchifuzume): the mated player wins.
            return (Reason::DropMate, Outcome::Win);
        }
        let side = pos.st.side;
        let alone = (0..self.t.kinds as u8)
            .filter(|&i| self.rules.pieces[i as usize].may_not_mate_alone)
            .fold(B::Kinds::EMPTY, |m, i| m | B::Kinds::one(i));
        let needed = self.rules.mate_needs_check_by();
        if alone.any() || !needed.is_empty() {
            let kinds = self.checker_kinds(pos, side);
            if kinds.any() && kinds.within(alone) {
                return (Reason::MateAlone, Outcome::Win);
            }
        }
        if !needed.is_empty() && !self.series_has_check_by(pos) {
            return (Reason::IncompleteMate, Outcome::Draw);
        }
        (Reason::Checkmate, self.rules.checkmate)
    }

    /// What a stalemate of the player to move means for it.
    pub(crate) fn stalemate(&self, pos: &Pos<B>) -> Outcome {
        let o = self.rules.stalemate;
        if !self.rules.stalemate_counts_pieces() {
            return o;
        }
        let side = pos.st.side;
        let mine = pos.by_owner[side.index()].count();
        let theirs = self
            .opponents(pos, side)
            .map(|p| pos.by_owner[p.index()].count())
            .max()
            .unwrap_or(0);
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => o,
            std::cmp::Ordering::Greater => match o {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                other => other,
            },
        }
    }
}
