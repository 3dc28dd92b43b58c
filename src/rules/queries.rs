//! Reading a rule set's mechanics lists: what one mechanism's entry says, for the code that asks
//! about one, and the path of each entry beside the statement name it came from.

use super::endings::*;
use super::ids::{PieceId, PlayerId, ZoneId};
use super::mechanics::*;
use super::set::RuleSet;

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
    /// Each list entry's path (`effects[1]`) beside the statement's name as the language's
    /// statements are keyed in a source map and named in refusals (`captures_explode`,
    /// `goals[0]`: the `k`-th goal or extinction rule). Lowering records each statement under its
    /// name; this gives the same places to the entries the statements became.
    pub fn entry_names(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut push = |path: String, name: &str| out.push((path, name.to_string()));
        for (i, m) in self.moves.iter().enumerate() {
            let name = match m {
                MoveRule::RoyalsMayNotFace => "royals_may_not_face",
                MoveRule::Passing { when_stuck: false } => "passing",
                MoveRule::Passing { when_stuck: true } => "passing_when_stuck",
            };
            push(format!("moves[{i}]"), name);
        }
        for (i, d) in self.drops.iter().enumerate() {
            let name = match d {
                DropRule::Enclose { .. } => "drops_enclose",
                DropRule::TouchOwn => "drops_touch",
                DropRule::Free { .. } => "free_drops",
                DropRule::NotWhereStuck => "no_drop_where_stuck",
            };
            push(format!("drops[{i}]"), name);
            if let DropRule::Enclose { start: Some(_) } = d {
                push(format!("drops[{i}].start"), "enclosing_start");
            }
        }
        for (i, e) in self.effects.iter().enumerate() {
            let name = match e {
                Effect::CastlingByDrops { .. } => "castling_by_drops",
                Effect::FlipEnclosed => "flip_enclosed",
                Effect::Blast { .. } => "captures_explode",
                Effect::LeaveWalls => "pieces_leave_walls",
                Effect::FlipNeighbours => "neighbours_flip",
            };
            push(format!("effects[{i}]"), name);
        }
        for (i, f) in self.filters.iter().enumerate() {
            let name = match f {
                Filter::NoChecks { drops_only: false } => "no_checks",
                Filter::NoChecks { drops_only: true } => "no_drop_checks",
                Filter::MustDrop { .. } => "must_drop",
                Filter::CheckedRoyalOnlyCaptures => "checked_royal_only_captures",
                Filter::MustCapture => "must_capture",
            };
            push(format!("filters[{i}]"), name);
        }
        let (mut goals, mut extinctions) = (0, 0);
        for (i, e) in self.endings.iter().enumerate() {
            let name = match e {
                EndingRule::Extinction(_) => {
                    extinctions += 1;
                    format!("extinctions[{}]", extinctions - 1)
                }
                EndingRule::Goal(_) => {
                    goals += 1;
                    format!("goals[{}]", goals - 1)
                }
                EndingRule::FullBoard => "full_board_ends".into(),
                EndingRule::Facing => "facing_draws".into(),
                EndingRule::CheckLimit { .. } => "check_limit".into(),
                EndingRule::BackAndForth(_) => "back_and_forth".into(),
                EndingRule::Repetition(_) => "repetition".into(),
                EndingRule::MoveLimit { .. } => "move_limit".into(),
                EndingRule::Counting(_) => "counting".into(),
            };
            push(format!("endings[{i}]"), &name);
        }
        for (i, v) in self.verdicts.iter().enumerate() {
            let name = match v {
                Verdict::MateNeedsCheckBy { .. } => "mate_needs_check_by",
                Verdict::StalemateCountsPieces => "stalemate_counts_pieces",
                Verdict::DrawOdds { .. } => "draw_odds",
                Verdict::DrawsByValue(_) => "draws_by_value",
            };
            push(format!("verdicts[{i}]"), name);
        }
        out
    }

    /// The path of the entry a statement's name became (`captures_explode` -> `effects[1]`,
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
