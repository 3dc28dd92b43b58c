//! The rules that end a game.

use super::*;

impl Check<'_> {
    pub(super) fn endings(&mut self) {
        let r = self.r;
        let two = r.players.len() == 2;
        if self.keep(self.count("goals", r.goals.len(), "goals")) {
            for (i, g) in r.goals.iter().enumerate() {
                self.keep(self.zone(&format!("goals[{i}].zone"), g.zone));
                let path = format!("goals[{i}].pieces");
                if g.pieces.is_empty() {
                    self.keep(fail(path, "a goal needs a piece type"));
                } else {
                    self.keep(self.pieces(&path, &g.pieces));
                }
            }
        }
        if self.keep(self.count("extinctions", r.extinctions.len(), "extinction rules")) {
            for (i, e) in r.extinctions.iter().enumerate() {
                self.keep(self.pieces(&format!("extinctions[{i}].pieces"), &e.pieces));
                let outcome = format!("extinctions[{i}].outcome");
                if e.outcome == Outcome::Elimination {
                    self.keep(fail(outcome, "an extinction rule wins, loses or draws"));
                } else if !two && e.outcome == Outcome::Loss {
                    self.keep(fail(
                        outcome,
                        "with more than two players, an extinction rule wins or draws",
                    ));
                }
            }
        }
        if let Some(n) = r.check_limit {
            if n == 0 {
                self.keep(fail("check_limit", "a check limit of 0"));
            }
            self.keep(self.two_players("check_limit", "a check limit"));
        }
        self.keep(self.pieces("mate_needs_check_by", &r.mate_needs_check_by));
        if let Some(p) = r.draw_odds {
            self.keep(self.player("draw_odds", p));
        }
        if let Some(v) = &r.draws_by_value {
            self.keep(self.two_players("draws_by_value", "draws decided by value"));
            self.keep(self.player("draws_by_value.player", v.player));
        }
        if let Some(rep) = &r.repetition {
            self.keep(self.repetition(rep));
        }
        if let Some(b) = &r.back_and_forth {
            if b.times < 2 {
                self.keep(fail(
                    "back_and_forth.times",
                    format!("back and forth needs 2 moves or more, not {}", b.times),
                ));
            }
            self.keep(self.two_players("back_and_forth", "back and forth"));
            self.keep(self.pieces("back_and_forth.except", &b.except));
        }
        if r.move_limit == Some(0) {
            self.keep(fail("move_limit", "a move limit of 0"));
        }
        if let Some(c) = &r.counting {
            self.keep(self.counting(c));
        }
    }

    fn repetition(&self, rep: &Repetition) -> Checked {
        if rep.count < 2 {
            return fail(
                "repetition.count",
                format!(
                    "a repetition rule needs a count of 2 or more, not {}",
                    rep.count
                ),
            );
        }
        if let Some(p) = rep.player {
            self.player("repetition.player", p)?;
        }
        if rep.outcome == Outcome::Elimination {
            return fail("repetition.outcome", "a repetition wins, loses or draws");
        }
        if self.r.players.len() != 2 && (rep.outcome != Outcome::Draw || rep.perpetual_check_loses)
        {
            return fail(
                "repetition",
                "with more than two players, a repetition only draws",
            );
        }
        Ok(())
    }

    fn counting(&self, c: &Counting) -> Checked {
        self.two_players("counting", "a counting rule")?;
        if c.board.is_none() && c.bare.is_none() {
            return fail(
                "counting",
                "a counting rule needs a board's or a pieces' honour",
            );
        }
        self.pieces("counting.stoppers", &c.stoppers)?;
        let limit = |path: &str, l: u16| {
            if l > MAX_COUNT_LIMIT {
                return fail(
                    path,
                    format!("a count is at most {MAX_COUNT_LIMIT} moves, not {l}"),
                );
            }
            Ok(())
        };
        if let Some(b) = &c.board {
            limit("counting.board.limit", b.limit)?;
        }
        if let Some(b) = &c.bare {
            limit("counting.bare.default", b.default)?;
            self.count("counting.bare.honours", b.honours.len(), "honours")?;
            for (i, h) in b.honours.iter().enumerate() {
                self.piece(&format!("counting.bare.honours[{i}].piece"), h.piece)?;
                limit(&format!("counting.bare.honours[{i}].limit"), h.limit)?;
            }
        }
        Ok(())
    }
}
