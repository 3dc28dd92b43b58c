//! The rules that end a game, and the verdicts that change what an ending means.

use super::*;

impl Check<'_> {
    pub(super) fn endings(&mut self) {
        let r = self.r;
        // Goals, extinction and row rules may be many; every other ending once.
        self.entries(
            "endings",
            &r.endings,
            EndingRule::rank,
            &[
                EndingKind::Extinction as u8,
                EndingKind::Goal as u8,
                EndingKind::Row as u8,
            ],
        );
        for (i, e) in r.endings.iter().enumerate() {
            self.ending(&format!("endings[{i}]"), e);
        }
        if let Royalty::First(order) = r.royalty {
            // Two keys on one axis would leave cells of the other tied: no piece first.
            for player in &r.players {
                if order.by.axis(player.forward).0 == order.then.axis(player.forward).0 {
                    self.keep(fail(
                        "royalty.first",
                        format!(
                            "both keys order the same axis for {}: one must order the files, the other the ranks",
                            player.name
                        ),
                    ));
                    break;
                }
            }
        }
        self.entries("verdicts", &r.verdicts, Verdict::rank, &[]);
        for (i, v) in r.verdicts.iter().enumerate() {
            let at = |field: &str| format!("verdicts[{i}].{field}");
            match v {
                Verdict::MateNeedsCheckBy { pieces } => {
                    self.keep(self.pieces(&at("pieces"), pieces));
                }
                Verdict::StalemateCountsPieces => {}
                Verdict::DrawOdds { player } => {
                    self.keep(self.player(&at("player"), *player));
                }
                Verdict::DrawsByValue(v) => {
                    self.keep(
                        self.two_players(&format!("verdicts[{i}]"), "draws decided by value"),
                    );
                    self.keep(self.player(&at("player"), v.player));
                }
            }
        }
    }

    /// One ending, at `at` (`endings[3]`).
    fn ending(&mut self, at: &str, e: &EndingRule) {
        let two = self.r.players.len() == 2;
        let f = |field: &str| format!("{at}.{field}");
        match e {
            EndingRule::Goal(g) => {
                self.keep(self.zone(&f("zone"), g.zone));
                if g.pieces.is_empty() {
                    self.keep(fail(f("pieces"), "a goal needs a piece type"));
                } else {
                    self.keep(self.pieces(&f("pieces"), &g.pieces));
                }
            }
            EndingRule::Extinction(e) => {
                self.keep(self.pieces(&f("pieces"), &e.pieces));
                if e.outcome == Outcome::Elimination {
                    self.keep(fail(
                        f("outcome"),
                        "an extinction rule wins, loses or draws",
                    ));
                } else if !two && e.outcome == Outcome::Loss {
                    self.keep(fail(
                        f("outcome"),
                        "with more than two players, an extinction rule wins or draws",
                    ));
                }
            }
            EndingRule::Row(row) => self.row(at, row),
            EndingRule::FullBoard | EndingRule::Facing | EndingRule::OnlyPromotions => {}
            EndingRule::CheckLimit { checks } => {
                if *checks == 0 {
                    self.keep(fail(f("checks"), "a check limit of 0"));
                }
                self.keep(self.two_players(at, "a check limit"));
            }
            EndingRule::Repetition(rep) => {
                self.keep(self.repetition(at, rep));
            }
            EndingRule::BackAndForth(b) => {
                if b.times < 2 {
                    self.keep(fail(
                        f("times"),
                        format!("back and forth needs 2 moves or more, not {}", b.times),
                    ));
                }
                self.keep(self.two_players(at, "back and forth"));
                self.keep(self.pieces(&f("except"), &b.except));
            }
            EndingRule::MoveLimit { moves } => {
                if *moves == 0 {
                    self.keep(fail(f("moves"), "a move limit of 0"));
                }
            }
            EndingRule::Counting(c) => {
                self.keep(self.counting(at, c));
            }
        }
    }

    /// A row rule: a line of 2 or more that fits the board, along lines each given once.
    fn row(&mut self, at: &str, row: &Row) {
        let f = |field: &str| format!("{at}.{field}");
        let b = &self.r.board;
        let longest = |l: &Line| match l {
            Line::Horizontal => b.files,
            Line::Vertical => b.ranks,
            Line::Diagonal => b.files.min(b.ranks),
        };
        let longest = row.lines.iter().map(longest).max().unwrap_or(0);
        if row.length < 2 {
            self.keep(fail(
                f("length"),
                format!("a row needs 2 pieces or more, not {}", row.length),
            ));
        } else if !row.lines.is_empty() && row.length > longest {
            self.keep(fail(
                f("length"),
                format!(
                    "a row of {} does not fit on a board of {} files and {} ranks",
                    row.length, b.files, b.ranks
                ),
            ));
        }
        if row.lines.is_empty() {
            self.keep(fail(f("lines"), "a row needs a line to lie along"));
        }
        for (i, l) in row.lines.iter().enumerate() {
            if row.lines[..i].contains(l) {
                self.keep(fail(
                    f("lines"),
                    format!("`{}` is listed twice", format!("{l:?}").to_lowercase()),
                ));
            }
        }
        self.keep(self.pieces(&f("pieces"), &row.pieces));
        self.keep(self.zone_opt(&f("zone"), row.zone));
        if row.outcome == Outcome::Elimination {
            self.keep(fail(f("outcome"), "a row rule wins, loses or draws"));
        }
    }

    fn repetition(&self, at: &str, rep: &Repetition) -> Checked {
        let f = |field: &str| format!("{at}.{field}");
        if rep.count < 2 {
            return fail(
                f("count"),
                format!(
                    "a repetition rule needs a count of 2 or more, not {}",
                    rep.count
                ),
            );
        }
        if let Some(p) = rep.player {
            self.player(&f("player"), p)?;
        }
        if rep.outcome == Outcome::Elimination {
            return fail(f("outcome"), "a repetition wins, loses or draws");
        }
        if self.r.players.len() != 2 && (rep.outcome != Outcome::Draw || rep.perpetual_check_loses)
        {
            return fail(at, "with more than two players, a repetition only draws");
        }
        Ok(())
    }

    fn counting(&self, at: &str, c: &Counting) -> Checked {
        let f = |field: &str| format!("{at}.{field}");
        self.two_players(at, "a counting rule")?;
        if c.board.is_none() && c.bare.is_none() {
            return fail(at, "a counting rule needs a board's or a pieces' honour");
        }
        self.pieces(&f("stoppers"), &c.stoppers)?;
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
            limit(&f("board.limit"), b.limit)?;
        }
        if let Some(b) = &c.bare {
            limit(&f("bare.default"), b.default)?;
            self.count(&f("bare.honours"), b.honours.len(), "honours")?;
            for (i, h) in b.honours.iter().enumerate() {
                self.piece(&f(&format!("bare.honours[{i}].piece")), h.piece)?;
                limit(&f(&format!("bare.honours[{i}].limit")), h.limit)?;
            }
        }
        Ok(())
    }
}
