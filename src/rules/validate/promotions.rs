//! The promotions of a piece type.

use super::*;

impl Check<'_> {
    pub(super) fn promotions(&mut self, i: usize, p: &PieceType) {
        let path = format!("pieces[{i}].promotions");
        if !self.keep(self.count(&path, p.promotions.len(), "promotion rules")) {
            return;
        }
        for (j, pr) in p.promotions.iter().enumerate() {
            let at = |field: &str| format!("{path}[{j}].{field}");
            self.keep(self.zone(&at("zone"), pr.zone));
            self.keep(self.targets(i, &at("to"), pr));
            if pr.swap && !self.r.captures_to_hand {
                self.keep(fail(
                    at("swap"),
                    "a swap promotion needs `captures_to_hand`",
                ));
            }
            self.keep(self.zone_opt(&at("deferred_after_drop_in"), pr.deferred_after_drop_in));
        }
    }

    /// The types a promotion offers: known, each once, not the promoting type, and some.
    fn targets(&self, i: usize, path: &str, pr: &Promotion) -> Checked {
        self.pieces(path, &pr.to)?;
        if pr.to.contains(&PieceId(i as u8)) {
            return fail(path, format!("a promotion of piece {i} to itself"));
        }
        if pr.to.is_empty() && !pr.swap {
            return fail(path, "a promotion to nothing (and no swap)");
        }
        Ok(())
    }
}
