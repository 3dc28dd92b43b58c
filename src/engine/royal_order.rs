//! Royalty by position (`royalty first by KEY, then KEY`, Two Kings chess): of a player's royal
//! pieces only the first in an order of the cells is royal. The order is compiled once per
//! player into a place for each cell; which piece is royal is read off it when check is asked,
//! so it follows every move without a field of the position (`Engine::checked`). Games without the rule have no
//! plan and never come here.

use super::bits::Bits;
use crate::rules::{PlayerId, Royalty, RuleSet};

/// The compiled order: each cell's place in each player's order, the lowest first.
#[derive(Clone)]
pub(crate) struct RoyalOrderPlan {
    /// `place[player * cells + cell]`.
    place: Vec<u16>,
    cells: usize,
}

impl RoyalOrderPlan {
    /// The plan of a rule set with `royalty first by`, or none.
    pub(crate) fn new(rules: &RuleSet) -> Option<RoyalOrderPlan> {
        let Royalty::First(order) = rules.royalty else {
            return None;
        };
        let (files, ranks) = (
            usize::from(rules.board.files),
            usize::from(rules.board.ranks),
        );
        let cells = files * ranks;
        let mut place = Vec::with_capacity(rules.players.len() * cells);
        for player in &rules.players {
            let key = |k: crate::rules::RoyalKey, f: usize, r: usize| {
                let (axis, high_first) = k.axis(player.forward);
                let (v, top) = if axis == 0 {
                    (f, files - 1)
                } else {
                    (r, ranks - 1)
                };
                (if high_first { top - v } else { v }) as u16
            };
            for c in 0..cells {
                let (f, r) = (c % files, c / files);
                // Each key is below 16 (the board's longest side), so the first key decides.
                place.push(key(order.by, f, r) * 16 + key(order.then, f, r));
            }
        }
        Some(RoyalOrderPlan { place, cells })
    }

    /// The cell of the first of some cells in `player`'s order.
    pub(crate) fn first_of(&self, cells: &[usize], player: PlayerId) -> Option<usize> {
        let base = player.index() * self.cells;
        cells.iter().copied().min_by_key(|&c| self.place[base + c])
    }

    /// The cell of the first of `royals` in `player`'s order.
    #[inline]
    pub(crate) fn first<B: Bits>(&self, royals: B, player: PlayerId) -> Option<usize> {
        let base = player.index() * self.cells;
        royals.cells().min_by_key(|&c| self.place[base + c])
    }
}
