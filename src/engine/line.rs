//! The ends that need the game's line: repetition (perpetual check included), back and forth, the
//! move limit and counting.
//!
//! The line is the stack of states a position keeps to take its moves back (`Pos::undo`): per
//! position of the game, its key, player to move and the move that led to it. Playing a move
//! (`Engine::play`, as [`crate::Game::play`] and a search do) records two more things, as
//! Fairy-Stockfish's `StateInfo` does: whether the position moved from was in check (where a rule
//! needs it), and how far back the new position occurred last and how often it has occurred. The
//! rules then read the line in place: a query costs the same at ply 4,000 as at ply 0.
//!
//! A new position is looked for among the positions of the line that the repetition rule can
//! reach: those since the last move that reset the half-move clock, or the whole line where
//! captures go to hand (as Fairy-Stockfish reads it). A search reads the part below its root in
//! an index ([`Past`]), and scans only its own path: its cost per node does not grow with the
//! game's length.

use super::Reason;
use super::bits::Bits;
use super::core::Engine;
use super::endings::Decision;
use super::kinds::{KindBits, kind_set};
use super::position::{Last, Pos, Repeats, State};
use crate::rules::Outcome;

impl<B: Bits> Engine<B> {
    /// Whether a rule reads whether past positions were in check: perpetual check, back and
    /// forth, a mate that needs a check by some type.
    fn line_needs_checks(&self) -> bool {
        self.rules
            .repetition()
            .is_some_and(|r| r.perpetual_check_loses)
            || !self.rules.mate_needs_check_by().is_empty()
            || self.rules.back_and_forth().is_some()
    }

    /// Whether the player to move is in check, and, where a mate needs a check by some types
    /// (`mate_needs_check_by`), whether a piece of one of them checks it.
    fn check_now(&self, pos: &Pos<B>) -> (bool, bool) {
        let side = pos.st.side;
        let checked = self.checked(pos, side);
        let needed = self.rules.mate_needs_check_by();
        let by_needed = checked
            && !needed.is_empty()
            && (self.checker_kinds(pos, side) & kind_set(needed)).any();
        (checked, by_needed)
    }

    /// Records, before a move is played, whether the position was in check (where a rule needs
    /// it), so that the line keeps it.
    pub(crate) fn note_check(&self, pos: &mut Pos<B>) {
        if pos.st.check.is_none() && self.line_needs_checks() {
            pos.st.check = Some(self.check_now(pos));
        }
    }

    /// Records, after a move was played, how the new position repeats.
    pub(crate) fn note_repetition(&self, pos: &mut Pos<B>) {
        pos.st.repeats = Some(self.repeats(pos));
    }

    /// The state of the position `back` plies before this one (0: this one).
    fn state_back(pos: &Pos<B>, back: usize) -> &State<B> {
        if back == 0 {
            &pos.st
        } else {
            &pos.undo[pos.undo.len() - back].0
        }
    }

    /// The plies back that a repetition can reach: the moves since the last one that reset the
    /// half-move clock, or, where captures go to hand, every move (as Fairy-Stockfish reads it).
    fn window(&self, pos: &Pos<B>) -> usize {
        let plies = pos.undo.len();
        if self.rules.captures_to_hand {
            plies
        } else {
            (pos.st.halfmove as usize).min(plies)
        }
    }

    /// How the position `back` plies before this one repeats: as recorded, or read off the line.
    fn repeats_back(&self, pos: &Pos<B>, back: usize) -> Repeats {
        if let Some(r) = Self::state_back(pos, back).repeats {
            return r;
        }
        if back == 0 {
            return self.repeats(pos);
        }
        let mut p = pos.clone();
        for _ in 0..back {
            p.unmake(self.t.royal_kinds);
        }
        self.repeats(&p)
    }

    /// How this position repeats, read off the line: its last occurrence, and the count there.
    fn repeats(&self, pos: &Pos<B>) -> Repeats {
        let (key, side) = (pos.st.key, pos.st.side);
        let plies = pos.undo.len();
        let oldest = plies - self.window(pos);
        let past = pos.past.as_deref().filter(|p| p.plies <= plies);
        let indexed = past.map_or(0, |p| p.plies);
        let scanned = (oldest.max(indexed)..plies).rev().find(|&i| {
            #[cfg(test)]
            tests::LOOKED_AT.with(|n| n.set(n.get() + 1));
            let s = &pos.undo[i].0;
            s.key == key && s.side == side
        });
        let found = scanned.or_else(|| {
            let at = past.filter(|_| oldest < indexed)?.at(key, side)? as usize;
            (at >= oldest).then_some(at)
        });
        let Some(at) = found else {
            return Repeats { back: 0, count: 1 };
        };
        let back = plies - at;
        let before = self.repeats_back(pos, back);
        Repeats {
            back: back as u32,
            count: before.count + 1,
        }
    }

    /// Whether the player to move in the position `back` plies before this one was in check, and
    /// whether by a type a mate needs a check by: as recorded, or worked out.
    fn check_back(&self, pos: &Pos<B>, back: usize) -> (bool, bool) {
        if let Some(c) = Self::state_back(pos, back).check {
            return c;
        }
        if back == 0 {
            return self.check_now(pos);
        }
        // Not recorded (moves made inside the engine only): take the moves back on a copy.
        let mut p = pos.clone();
        for _ in 0..back {
            p.unmake(self.t.royal_kinds);
        }
        self.check_now(&p)
    }

    /// Whether the unbroken series of checks of the player to move, back from this one, has a
    /// check by one of the types a mate needs a check by (`mate_needs_check_by`).
    pub(crate) fn series_has_check_by(&self, pos: &Pos<B>) -> bool {
        let step = self.active_players(pos);
        let mut back = 0;
        loop {
            let (checked, by_needed) = self.check_back(pos, back);
            if !checked {
                return false;
            }
            if by_needed {
                return true;
            }
            back += step;
            if back > pos.undo.len() {
                return false;
            }
        }
    }

    /// Whether the player who just moved loses by `back and forth N times loses`: its last N
    /// moves took one piece between the same two cells (a pass may stand for the last but one),
    /// the piece came to them by a move that took nothing, no move since took anything, and the
    /// player was in check before none of those moves.
    pub(crate) fn shuttled(&self, pos: &Pos<B>) -> bool {
        let Some(rule) = self.rules.back_and_forth() else {
            return false;
        };
        let plies = pos.undo.len();
        // The move `k` plies back (1: the last one): each state holds the move that led to it
        // (none before the game's start).
        let ply = |k: usize| -> Option<Last> {
            match k {
                0 => None,
                1 => pos.st.last,
                _ if k <= plies => pos.undo[plies + 1 - k].0.last,
                _ => None,
            }
        };
        // The mover's own moves, `j` of them back (1: its last).
        let own = |j: usize| ply(2 * j - 1);
        let reverses =
            |a: Option<Last>, b: Option<Last>| a.zip(b).is_some_and(|(a, b)| a.reverses(b));
        let Some(first) = own(1).filter(|l| l.plain) else {
            return false;
        };
        match pos.piece(first.to as usize) {
            Some(q) if !rule.except.contains(&q.kind) => {}
            _ => return false,
        }
        let n = rule.times as usize;
        // Which of the mover's moves shuttle: its last n, or, after a pass, its last n + 1
        // without the pass.
        let shuttles: Vec<usize> = if reverses(own(2), Some(first)) {
            (1..=n).collect()
        } else if own(2).is_some_and(|l| l.pass) {
            std::iter::once(1).chain(3..=n + 1).collect()
        } else {
            return false;
        };
        if shuttles.windows(2).any(|w| !reverses(own(w[1]), own(w[0]))) {
            return false;
        }
        let earliest = own(shuttles[n - 1]);
        let arrival_index = shuttles[n - 1] + 1;
        let arrival = own(arrival_index);
        let span = 2 * arrival_index - 1;
        if span > plies
            || arrival.map(|l| l.to) != earliest.map(|l| l.from)
            || (1..=span).any(|k| ply(k).is_some_and(|l| l.capture))
        {
            return false;
        }
        // The mover was in check before none of those moves.
        !(1..=span).step_by(2).any(|k| self.check_back(pos, k).0)
    }

    /// An end by repetition, back and forth, the move limit or counting, if one holds: what
    /// [`crate::Game::status`] says once the player to move has a move (`search` false), or what
    /// a search ends a line with (`search` true): there the first recurrence of a position
    /// decides, as if it were the repetition rule's last occurrence (a draw without a rule).
    /// Whether the player to move has a move is not looked at.
    pub(crate) fn history_end(&self, pos: &Pos<B>, search: bool) -> Option<Decision> {
        let stm = pos.st.side;
        if self.shuttled(pos) {
            let mover = self.previous_player(pos.st.eliminated, stm);
            return Some((Reason::BackAndForth, mover, Outcome::Loss));
        }
        if let Some(d) = self.repetition_end(pos, search) {
            return Some(d);
        }
        if let Some(n) = self.rules.move_limit()
            && pos.st.halfmove >= n as u32 * self.active_players(pos) as u32
        {
            return Some((Reason::MoveLimit, stm, Outcome::Draw));
        }
        if self.rules.counting().is_some()
            && pos.st.count_limit > 0
            && pos.st.count_ply > pos.st.count_limit
        {
            return Some((Reason::Counting, stm, Outcome::Draw));
        }
        None
    }

    /// An end by repetition (see [`Engine::history_end`]).
    fn repetition_end(&self, pos: &Pos<B>, search: bool) -> Option<Decision> {
        let rule = self.rules.repetition();
        if rule.is_none() && !search {
            return None;
        }
        let needed = match rule {
            Some(r) if !search => r.count as u32,
            _ => 2,
        };
        let now = self.repeats_back(pos, 0);
        if now.back == 0 || now.count < needed {
            return None;
        }
        let stm = pos.st.side;
        let Some(r) = rule else {
            return Some((Reason::Repetition, stm, Outcome::Draw));
        };
        if r.perpetual_check_loses {
            // The cycle: back to the occurrence that made the count.
            let mut first = 0usize;
            let mut at = now;
            for _ in 1..needed {
                first += at.back as usize;
                at = self.repeats_back(pos, first);
            }
            let (mut them, mut us) = (true, true);
            for k in 0..=first {
                let checked = self.check_back(pos, k).0;
                if Self::state_back(pos, k).side == stm {
                    them &= checked;
                } else {
                    us &= checked;
                }
                if !them && !us {
                    break;
                }
            }
            if them || us {
                let outcome = match (them, us) {
                    (true, true) => Outcome::Draw,
                    (true, false) => Outcome::Win,
                    _ => Outcome::Loss,
                };
                return Some((Reason::PerpetualCheck, stm, outcome));
            }
        }
        let player = r
            .player
            .unwrap_or_else(|| self.previous_player(pos.st.eliminated, stm));
        Some((Reason::Repetition, player, r.outcome))
    }

    /// Whether the player to move in a position of the game is in check (as recorded, where the
    /// line has it).
    pub(crate) fn in_check_now(&self, pos: &Pos<B>) -> bool {
        match pos.st.check {
            Some((c, _)) => c,
            None => self.checked(pos, pos.st.side),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use std::cell::Cell;
    use std::sync::Arc;

    thread_local! {
        /// States of the line compared with a new position, on this thread.
        pub static LOOKED_AT: Cell<u64> = const { Cell::new(0) };
    }

    /// Symgi (captures go to hand: every ply can repeat) after `cycles` times four moves that
    /// come back to the start, searched to depth 3: the nodes and the states looked at.
    fn search_after(cycles: usize) -> (u64, u64) {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions/symgi.varia");
        let source = std::fs::read_to_string(path).unwrap();
        let game = Arc::new(crate::load_str(&source, None).unwrap());
        let mut pos = game.start();
        for _ in 0..cycles {
            for m in ["h2g2", "b8c8", "g2h2", "c8b8"] {
                let m = game.parse_move(&pos, m).unwrap();
                game.play(&mut pos, &m).unwrap();
            }
        }
        let mut searcher = Searcher::new(game, 1);
        LOOKED_AT.with(|n| n.set(0));
        let r = searcher.search(&pos, &Limits::depth(3), &mut |_| {});
        (r.nodes, LOOKED_AT.with(|n| n.get()))
    }

    /// A search's cost per node does not grow with the game's length: after 40 plies or 20,000
    /// of the same four positions, the same tree is searched with the same lookups, a few per
    /// node (each scanned 20,000 states: Symgi's `go depth 5` took 18-30 s after 200,000
    /// plies).
    #[test]
    fn repetition_lookups_do_not_grow_with_the_line() {
        let (nodes, looked) = search_after(10);
        assert!(nodes > 100, "{nodes}");
        assert_eq!(search_after(5_000), (nodes, looked));
        assert!(
            looked <= nodes * 8,
            "{looked} states looked at for {nodes} nodes"
        );
    }
}
