//! Move ordering: the table's move, captures that win or keep the exchange by most valuable
//! victim (then least valuable attacker) and promotions, killers, the counter move (the quiet
//! move that last refuted the move before), captures that lose the exchange, then the quiet
//! moves by history.

use super::*;

impl Searcher {
    /// Gets the centipawn value of what a move captures (an estimate for multiple captures).
    pub(super) fn victim(&self, pos: &Position, m: &RawMove) -> Option<i32> {
        // The cell as stored: comparing owners needs no conversion of the whole piece.
        let side = pos.side_to_move();
        let on_target = || {
            let s = pos.stored().get(m.to.index())?;
            s.owner
                .filter(|o| o.player() != side)
                .map(|_| self.eval.value(PieceId(s.kind)))
        };
        match m.kind {
            MoveKind::Drop | MoveKind::Castle { .. } => None,
            MoveKind::EnPassant => Some(self.eval.value(m.piece)),
            MoveKind::Displace { .. } => Some(on_target().unwrap_or(0) + self.eval.value(m.piece)),
            MoveKind::Legs { via, capture } => {
                let between = pos
                    .stored()
                    .get(via.index())
                    .filter(|_| capture)
                    .map(|s| self.eval.value(PieceId(s.kind)));
                let end = on_target().filter(|_| m.to != m.from);
                match (between, end) {
                    (None, None) => None,
                    (b, e) => Some(b.unwrap_or(0) + e.unwrap_or(0)),
                }
            }
            MoveKind::ThreeLegs { via } => {
                let between = |c: crate::rules::Cell| {
                    pos.stored()
                        .get(c.index())
                        .map_or(0, |s| self.eval.value(PieceId(s.kind)))
                };
                Some(between(via[0]) + between(via[1]) + on_target().unwrap_or(0))
            }
            _ => on_target(),
        }
    }

    /// Gets what a promotion gains, if the move promotes to something worth more.
    pub(super) fn promotion_gain(&self, m: &RawMove) -> Option<i32> {
        let p = m.promotion?;
        let gain = self.eval.value(p) - self.eval.value(m.piece);
        (m.kind != MoveKind::Drop && gain > 0).then_some(gain)
    }

    /// Where a quiet move of `side` keeps its history: by its player, type and destination.
    pub(super) fn history_index(&self, side: PlayerId, m: &RawMove) -> usize {
        (side.index() * self.history.len() / self.players)
            + m.piece.index() * self.cells
            + m.to.index()
    }

    /// Orders moves, best first: the table's move, captures by most valuable victim (then least
    /// valuable attacker) and promotions, killers, then the rest by history.
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &[RawMove],
        tt: Option<u64>,
        ply: usize,
    ) -> Vec<(i32, RawMove)> {
        let killers = self.killers[ply.min(MAX_PLY)];
        let side = pos.side_to_move();
        let counter = self.counter_move(side, ply);
        let mut scored: Vec<(i32, RawMove)> = moves
            .iter()
            .map(|m| {
                let s = if tt.is_some_and(|t| tt::is_move(t, m)) {
                    1 << 30
                } else if let Some(v) = self.victim(pos, m) {
                    let mvv = (v * 16 - self.eval.value(m.piece) / 16
                        + self.promotion_gain(m).unwrap_or(0) * 16)
                        .clamp(0, (1 << 22) - 1);
                    // A capture that loses the exchange comes after the killers.
                    if self.see.may_lose(pos, m) && self.see.value(&self.eval, pos, m) < 0 {
                        (1 << 22) + mvv
                    } else {
                        (1 << 24) + mvv
                    }
                } else if let Some(g) = self.promotion_gain(m) {
                    (1 << 24) + g * 16
                } else if Some(*m) == killers[0] {
                    (1 << 23) + 1
                } else if Some(*m) == killers[1] {
                    1 << 23
                } else if counter == Some(*m) {
                    (1 << 23) - 1
                } else {
                    self.history[self.history_index(side, m)]
                };
                (s, *m)
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        scored
    }

    /// A quiet move that cut off: a killer at its ply, and its history raised.
    pub(super) fn reward_quiet(&mut self, side: PlayerId, m: RawMove, ply: usize, depth: i32) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = self.history_index(side, &m);
        self.history[h] = gravity(self.history[h], history_bonus(depth));
        if let Some(prev) = ply.checked_sub(1).and_then(|p| self.played[p]) {
            let c = self.history_index(side, &prev);
            self.counter_moves[c] = Some(m);
        }
    }

    /// The quiet move that last refuted the move that led to the node at `ply`, for `side`.
    fn counter_move(&self, side: PlayerId, ply: usize) -> Option<RawMove> {
        let prev = ply.checked_sub(1).and_then(|p| self.played[p])?;
        self.counter_moves[self.history_index(side, &prev)]
    }

    /// The quiet moves searched before the one that cut off (`failed`: their places in
    /// `ordered`, the first 64): their history lowered.
    pub(super) fn punish_quiets(
        &mut self,
        side: PlayerId,
        ordered: &[(i32, RawMove)],
        mut failed: u64,
        depth: i32,
    ) {
        let malus = -history_bonus(depth);
        while failed != 0 {
            let i = failed.trailing_zeros() as usize;
            failed &= failed - 1;
            let h = self.history_index(side, &ordered[i].1);
            self.history[h] = gravity(self.history[h], malus);
        }
    }
}

/// The bound of a history value (either sign).
pub(super) const HISTORY_MAX: i32 = 16_384;

/// What a cut-off at `depth` adds to its move's history (and takes from the moves before it).
fn history_bonus(depth: i32) -> i32 {
    (16 * depth * depth + 32).min(1_600)
}

/// A history value moved by `bonus`, less the more it already leans that way, so that it stays
/// within +-[`HISTORY_MAX`].
fn gravity(h: i32, bonus: i32) -> i32 {
    h + bonus - h * bonus.abs() / HISTORY_MAX
}

impl Searcher {
    /// The static exchange evaluation of a legal move: the centipawns its player wins (negative:
    /// loses) on its destination once both sides have taken back there as long as it pays,
    /// least valuable piece first (a royal piece last, and only where nothing takes it back);
    /// `None` for a move that is not legal here.
    pub fn exchange(&self, pos: &Position, m: &Move) -> Option<i32> {
        let raw = self
            .game
            .raw_legal_moves(pos)
            .into_iter()
            .find(|r| self.game.public_line(pos, &[*r]).first() == Some(m))?;
        Some(self.see.value(&self.eval, pos, &raw))
    }

    /// Whether the search prunes on the static exchange in this game: two players, and no rule
    /// that changes exchanges beyond what the move tables say.
    pub fn exchange_exact(&self) -> bool {
        self.see.exact
    }
}
