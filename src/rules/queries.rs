//! Reading a rule set's mechanics lists: what one mechanism's entry says, for the code that asks
//! about one, and the path of each entry beside the statement name it came from.

use super::endings::*;
use super::ids::{PieceId, PlayerId, ZoneId};
use super::mechanics::*;
use super::set::{Direction, MovePart, PieceType, RuleSet, Style};

/// Reading the lists: what one mechanism's entry says, for the code that asks about one.
impl RuleSet {
    /// Whether the game has this move rule.
    pub fn has_move_rule(&self, rule: &MoveRule) -> bool {
        self.moves.contains(rule)
    }

    /// Whether two royal pieces may not face each other.
    pub fn royals_may_not_face(&self) -> bool {
        self.has_move_rule(&MoveRule::RoyalsMayNotFace)
    }

    /// The passing rule: `Some(false)` for passing, `Some(true)` for passing when stuck.
    pub fn passing(&self) -> Option<bool> {
        self.moves.iter().find_map(|m| match m {
            MoveRule::Passing { when_stuck } => Some(*when_stuck),
            _ => None,
        })
    }

    /// The wall a move places as its second part, if moves have one: which cells, whether the
    /// standing walls are lifted first, and the zone.
    pub fn wall_rule(&self) -> Option<(WallCells, bool, Option<ZoneId>)> {
        self.moves.iter().find_map(|m| match m {
            MoveRule::Wall { cells, moves, zone } => Some((*cells, *moves, *zone)),
            _ => None,
        })
    }

    /// The zone of gating (a piece from hand put on the cell a move leaves), if moves have it.
    pub fn gating_zone(&self) -> Option<ZoneId> {
        self.moves.iter().find_map(|m| match m {
            MoveRule::Gate { zone, .. } => Some(*zone),
            _ => None,
        })
    }

    /// Whether pieces in hand enter the board only by gating (`gating in ZONE, without drops`).
    pub fn gating_without_drops(&self) -> bool {
        self.moves.iter().any(|m| {
            matches!(
                m,
                MoveRule::Gate {
                    without_drops: true,
                    ..
                }
            )
        })
    }

    /// The zone pair of castling by drops, if drops give castling rights.
    pub fn castling_by_drops(&self) -> Option<(ZoneId, ZoneId)> {
        self.effects.iter().find_map(|e| match e {
            Effect::CastlingByDrops { kings, partners } => Some((*kings, *partners)),
            _ => None,
        })
    }

    /// Whether the game has this effect (compared by kind, not by its data).
    pub fn has_effect(&self, kind: &Effect) -> bool {
        self.effects.iter().any(|e| e.rank() == kind.rank())
    }

    /// Whether the cells pieces leave become walls.
    pub fn leaves_walls(&self) -> bool {
        self.effects.contains(&Effect::LeaveWalls)
    }

    /// Whether some effect or move rule of the game makes walls (so that a FEN may have them).
    pub fn makes_walls(&self) -> bool {
        self.effects.iter().any(Effect::makes_walls) || self.wall_rule().is_some()
    }

    /// The types that may be dropped without being held.
    pub fn free_drops(&self) -> &[PieceId] {
        self.drops
            .iter()
            .find_map(|d| match d {
                DropRule::Free { pieces } => Some(pieces.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// Whether the game has this drop rule.
    pub fn has_drop_rule(&self, rule: &DropRule) -> bool {
        self.drops.contains(rule)
    }

    /// The types whose drop is compulsory (see [`Filter::MustDrop`]); empty if none.
    pub fn must_drop(&self) -> &[PieceId] {
        self.filters
            .iter()
            .find_map(|f| match f {
                Filter::MustDrop { pieces } => Some(pieces.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// The goals.
    pub fn goals(&self) -> impl Iterator<Item = &Goal> {
        self.endings.iter().filter_map(|e| match e {
            EndingRule::Goal(g) => Some(g),
            _ => None,
        })
    }

    /// The row rules.
    pub fn rows(&self) -> impl Iterator<Item = &Row> {
        self.endings.iter().filter_map(|e| match e {
            EndingRule::Row(r) => Some(r),
            _ => None,
        })
    }

    /// The extinction rules.
    pub fn extinctions(&self) -> impl Iterator<Item = &Extinction> {
        self.endings.iter().filter_map(|e| match e {
            EndingRule::Extinction(x) => Some(x),
            _ => None,
        })
    }

    /// Whether the game has this ending (compared by kind, not by its data).
    pub fn has_ending(&self, kind: &EndingRule) -> bool {
        self.endings.iter().any(|e| e.rank() == kind.rank())
    }

    /// Whether facing royals draw.
    pub fn facing_draws(&self) -> bool {
        self.endings.contains(&EndingRule::Facing)
    }

    /// The check limit, if the game has one.
    pub fn check_limit(&self) -> Option<u8> {
        self.endings.iter().find_map(|e| match e {
            EndingRule::CheckLimit { checks } => Some(*checks),
            _ => None,
        })
    }

    /// The back-and-forth rule, if the game has one.
    pub fn back_and_forth(&self) -> Option<&BackAndForth> {
        self.endings.iter().find_map(|e| match e {
            EndingRule::BackAndForth(b) => Some(b),
            _ => None,
        })
    }

    /// The repetition rule, if the game has one.
    pub fn repetition(&self) -> Option<&Repetition> {
        self.endings.iter().find_map(|e| match e {
            EndingRule::Repetition(r) => Some(r),
            _ => None,
        })
    }

    /// The move limit, if the game has one.
    pub fn move_limit(&self) -> Option<u16> {
        self.endings.iter().find_map(|e| match e {
            EndingRule::MoveLimit { moves } => Some(*moves),
            _ => None,
        })
    }

    /// The counting rule, if the game has one.
    pub fn counting(&self) -> Option<&Counting> {
        self.endings.iter().find_map(|e| match e {
            EndingRule::Counting(c) => Some(c),
            _ => None,
        })
    }

    /// The types a mate needs a check by (see [`Verdict::MateNeedsCheckBy`]); empty if none.
    pub fn mate_needs_check_by(&self) -> &[PieceId] {
        self.verdicts
            .iter()
            .find_map(|v| match v {
                Verdict::MateNeedsCheckBy { pieces } => Some(pieces.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// Whether a stalemate counts pieces.
    pub fn stalemate_counts_pieces(&self) -> bool {
        self.verdicts.contains(&Verdict::StalemateCountsPieces)
    }

    /// The player every draw goes to, if one does.
    pub fn draw_odds(&self) -> Option<PlayerId> {
        self.verdicts.iter().find_map(|v| match v {
            Verdict::DrawOdds { player } => Some(*player),
            _ => None,
        })
    }

    /// The rule deciding draws by value, if the game has one.
    pub fn draws_by_value(&self) -> Option<ValueDraws> {
        self.verdicts.iter().find_map(|v| match v {
            Verdict::DrawsByValue(d) => Some(*d),
            _ => None,
        })
    }
}

impl RuleSet {
    /// Each list entry's path (`effects[1]`) beside the name its statement is recorded under in
    /// a source map ([`MoveRule::key`] and the like: `effects:blast`; the `k`-th goal,
    /// extinction or row rule: `goals[k]`). Lowering records each statement under its name; this
    /// gives the same places to the entries the statements became.
    pub fn entry_names(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut push = |path: String, name: String| out.push((path, name));
        for (i, m) in self.moves.iter().enumerate() {
            push(format!("moves[{i}]"), m.key());
        }
        for (i, d) in self.drops.iter().enumerate() {
            push(format!("drops[{i}]"), d.key());
        }
        for (i, e) in self.effects.iter().enumerate() {
            push(format!("effects[{i}]"), e.key());
        }
        for (i, f) in self.filters.iter().enumerate() {
            push(format!("filters[{i}]"), f.key());
        }
        let (mut goals, mut extinctions, mut rows) = (0, 0, 0);
        for (i, e) in self.endings.iter().enumerate() {
            let counted = |n: &mut usize, list: &str| {
                *n += 1;
                format!("{list}[{}]", *n - 1)
            };
            let name = match e {
                EndingRule::Extinction(_) => counted(&mut extinctions, "extinctions"),
                EndingRule::Goal(_) => counted(&mut goals, "goals"),
                EndingRule::Row(_) => counted(&mut rows, "rows"),
                _ => e.key(),
            };
            push(format!("endings[{i}]"), name);
        }
        for (i, v) in self.verdicts.iter().enumerate() {
            push(format!("verdicts[{i}]"), v.key());
        }
        out
    }

    /// Adds an entry to its list, at its place in the engine's order (after the entries of its
    /// rank and those before it).
    pub(crate) fn add(&mut self, entry: Entry) {
        fn put<T>(list: &mut Vec<T>, e: T, rank: impl Fn(&T) -> u8) {
            let r = rank(&e);
            let at = list.iter().rposition(|x| rank(x) <= r).map_or(0, |i| i + 1);
            list.insert(at, e);
        }
        match entry {
            Entry::Move(e) => put(&mut self.moves, e, MoveRule::rank),
            Entry::Drop(e) => put(&mut self.drops, e, DropRule::rank),
            Entry::Effect(e) => put(&mut self.effects, e, Effect::rank),
            Entry::Filter(e) => put(&mut self.filters, e, Filter::rank),
            Entry::Ending(e) => put(&mut self.endings, e, EndingRule::rank),
            Entry::Verdict(e) => put(&mut self.verdicts, e, Verdict::rank),
        }
    }

    /// The path of the entry a statement's name became (`effects:blast` -> `effects[1]`,
    /// `goals[0].zone` -> `endings[2].zone`); other paths are given back unchanged.
    pub fn entry_path(&self, name: &str) -> String {
        for (path, n) in self.entry_names() {
            if let Some(rest) = name.strip_prefix(n.as_str())
                && (rest.is_empty() || rest.starts_with(['.', '[']))
            {
                return format!("{path}{rest}");
            }
        }
        name.to_string()
    }
}

/// Whether a rank is 0 (serde's `skip_serializing_if`).
pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl PieceType {
    /// The rides that capture over lower ranks, where the type does (`range_captures`): each
    /// direction (a single step, in the owner's frame) and range (0: unlimited) of its riders
    /// that may capture, are no hoppers or displacers, and are limited to no zone and no first
    /// move. Past the first piece in its line, such a ride may jump over any number of pieces
    /// (either side's) of a lower `rank` than its own, and take an enemy piece of a lower rank
    /// beyond them; a piece of a rank not lower stops it (it may still be taken as the first
    /// piece in the line). It moves to no empty cell beyond a piece.
    pub fn range_capture_rides(&self) -> Vec<(i8, i8, u8)> {
        let mut out = Vec::new();
        for m in &self.moves {
            if m.range == 1
                || m.hop
                || !m.mode.captures()
                || m.style == Style::Displace
                || m.from_zone.is_some()
                || m.initial
                || m.after_first
                || m.skips_first
            {
                continue;
            }
            for &(x, y) in &m.vectors {
                if x.abs() <= 1 && y.abs() <= 1 && !out.contains(&(x, y, m.range)) {
                    out.push((x, y, m.range));
                }
            }
        }
        out
    }
}

impl MovePart {
    /// The cells (relative to the start, in board coordinates) that must be empty for the
    /// `i`-th vector, for a player facing `dir`; empty when the style decides.
    pub fn path_for(&self, i: usize, dir: Direction) -> Vec<(i32, i32)> {
        self.paths.get(i).map_or_else(Vec::new, |p| {
            p.iter()
                .map(|&(x, y)| dir.orient(x as i32, y as i32))
                .collect()
        })
    }

    /// The fewest leaps of the part's vector that reach a cell it may stop on: 2 for a ride
    /// that skips its first cell, else 1.
    pub fn first_reach(&self) -> i32 {
        1 + i32::from(self.skips_first)
    }
}
