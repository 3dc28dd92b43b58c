//! Where a position stands: playing a move with its eliminations, and the game's status.

use super::bits::Bits;
use super::core::Engine;
use super::position::Pos;
use super::position::RawMove;
use super::{Ending, Reason, Status};
use crate::rules::{EndingRule, Outcome, PlayerId};

impl<B: Bits> Engine<B> {
    /// Plays a move and removes the players it leaves without a legal move, where losing every
    /// move eliminates.
    pub(super) fn play(&self, pos: &mut Pos<B>, m: &RawMove) {
        self.note_check(pos);
        self.make(pos, m);
        while self.eliminates && self.settle_one(pos) {}
        self.note_repetition(pos);
    }

    pub(super) fn undo(&self, pos: &mut Pos<B>) -> bool {
        let had = !pos.undo.is_empty();
        pos.unmake(self.t.royal_kinds);
        had
    }

    /// Eliminates the player to move if it has no legal move and the rules say so; tells
    /// whether it did.
    pub(super) fn settle_one(&self, pos: &mut Pos<B>) -> bool {
        if self.active_players(pos) <= 1 || self.has_legal_move(pos) {
            return false;
        }
        let outcome = if self.checked(pos, pos.st.side) {
            self.rules.checkmate
        } else {
            self.rules.stalemate
        };
        if outcome != Outcome::Elimination {
            return false;
        }
        self.eliminate(pos);
        true
    }

    /// The status of an immediate ending, if one holds.
    pub(super) fn immediate_status(&self, pos: &mut Pos<B>) -> Option<Status> {
        if self.plan.immediate.is_empty() {
            return None;
        }
        let (reason, player, outcome) = self.immediate_end(pos)?;
        Some(self.ending(pos, reason, player, outcome))
    }

    /// The status of `line`'s position, worked out on `pos`, a copy of it without the line (its
    /// moves are made and taken back there); the history rules read `line` in place.
    pub(super) fn status(&self, pos: &mut Pos<B>, line: &Pos<B>) -> Status {
        let side = pos.st.side;
        if self.active_players(pos) == 1 {
            return self.ending(pos, Reason::LastPlayer, side, Outcome::Win);
        }
        if !self.plan.immediate.is_empty()
            && let Some((reason, player, outcome)) = self.immediate_end(pos)
        {
            return self.ending(pos, reason, player, outcome);
        }
        let in_check = self.checked(pos, side);
        if !self.has_legal_move(pos) {
            return if in_check {
                let (reason, outcome) = self.mate(line);
                self.ending(pos, reason, side, outcome)
            } else {
                let outcome = self.stalemate(pos);
                self.ending(pos, Reason::Stalemate, side, outcome)
            };
        }
        if let Some((reason, player, outcome)) = self.history_end(line, false) {
            return self.ending(pos, reason, player, outcome);
        }
        if !in_check && self.only_promotions(pos) {
            return self.ending(pos, Reason::OnlyPromotions, side, Outcome::Draw);
        }
        Status::Ongoing { in_check }
    }

    /// Whether `only promotions left draws` holds for the player to move (not in check): its
    /// royal piece and one other on the board, and every legal move a promotion.
    fn only_promotions(&self, pos: &mut Pos<B>) -> bool {
        if !self.rules.endings.contains(&EndingRule::OnlyPromotions) {
            return false;
        }
        let side = pos.st.side;
        let own = pos.by_owner[side.index()];
        let royal = (0..self.rules.pieces.len())
            .filter(|&k| self.rules.pieces[k].royal)
            .map(|k| pos.of(k as u8, side).count())
            .sum::<u32>();
        if own.count() != 2 || royal != 1 {
            return false;
        }
        let mut moves = Vec::new();
        self.collect_legal(pos, &mut moves, &mut Vec::new());
        !moves.is_empty() && moves.iter().all(|m| m.promotion.is_some())
    }

    /// An ending whose outcome for `player` is known, told from the side of the player to
    /// move: a loss of one of two players is the other's win, and a draw is the win of a player
    /// with draw odds.
    pub(super) fn ending(
        &self,
        pos: &Pos<B>,
        reason: Reason,
        player: PlayerId,
        outcome: Outcome,
    ) -> Status {
        let side = pos.st.side;
        let winner = match outcome {
            Outcome::Win => Some(player),
            Outcome::Loss if player == side => Some(self.previous_player(pos.st.eliminated, side)),
            Outcome::Loss => Some(side),
            Outcome::Draw => self.rules.draw_odds().or_else(|| self.value_winner(pos)),
            Outcome::Elimination => None,
        };
        let for_side = match (outcome, winner) {
            (Outcome::Elimination, _) => Outcome::Elimination,
            (_, None) => Outcome::Draw,
            (_, Some(w)) if w == side => Outcome::Win,
            _ => Outcome::Loss,
        };
        Status::Over(Ending {
            reason,
            outcome: for_side,
            winner,
        })
    }

    /// With draws decided by value: the player whose pieces on the board are worth more, with
    /// its bonus; none on equal worth.
    fn value_winner(&self, pos: &Pos<B>) -> Option<PlayerId> {
        let v = self.rules.draws_by_value()?;
        let worth = |p: usize| -> i64 {
            let on_board: i64 = pos.by_owner[p]
                .cells()
                .filter_map(|c| pos.piece(c))
                .map(|q| 2 * self.rules.pieces[q.kind.index()].value as i64)
                .sum();
            on_board
                + if p == v.player.index() {
                    v.bonus_halves as i64
                } else {
                    0
                }
        };
        let (a, b) = (worth(0), worth(1));
        (a != b).then_some(PlayerId(if a > b { 0 } else { 1 }))
    }
}

impl Reason {
    /// Every rule that can end a game, in declaration order.
    pub const ALL: [Reason; 19] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::DropMate,
        Reason::LastPlayer,
        Reason::Goal,
        Reason::Extinction,
        Reason::CheckLimit,
        Reason::Repetition,
        Reason::PerpetualCheck,
        Reason::MoveLimit,
        Reason::Counting,
        Reason::MateAlone,
        Reason::IncompleteMate,
        Reason::Passes,
        Reason::Facing,
        Reason::BackAndForth,
        Reason::FullBoard,
        Reason::Row,
        Reason::OnlyPromotions,
    ];

    /// Whether the ending depends on the game's line (earlier positions and moves, which a FEN
    /// does not hold): a position read from its FEN may go on where the played one had ended.
    pub fn needs_line(self) -> bool {
        match self {
            Reason::Repetition
            | Reason::PerpetualCheck
            | Reason::IncompleteMate
            | Reason::Passes
            | Reason::Facing
            | Reason::BackAndForth => true,
            Reason::Checkmate
            | Reason::Stalemate
            | Reason::DropMate
            | Reason::LastPlayer
            | Reason::Goal
            | Reason::Extinction
            | Reason::CheckLimit
            | Reason::MoveLimit
            | Reason::Counting
            | Reason::MateAlone
            | Reason::FullBoard
            | Reason::Row
            | Reason::OnlyPromotions => false,
        }
    }

    /// The rule's name as `show --json` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::DropMate => "drop-mate",
            Reason::LastPlayer => "last-player",
            Reason::Goal => "goal",
            Reason::Extinction => "extinction",
            Reason::CheckLimit => "check-limit",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::MoveLimit => "move-limit",
            Reason::Counting => "counting",
            Reason::MateAlone => "mate-alone",
            Reason::IncompleteMate => "incomplete-mate",
            Reason::Passes => "passes",
            Reason::Facing => "facing",
            Reason::BackAndForth => "back-and-forth",
            Reason::FullBoard => "full-board",
            Reason::Row => "row",
            Reason::OnlyPromotions => "only-promotions",
        }
    }
}
