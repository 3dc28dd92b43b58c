//! Drops, hands, castling, shuffles and groups of types: the rules about where pieces come from.

use super::*;

impl Check<'_> {
    pub(super) fn drops_and_hands(&mut self) {
        let r = self.r;
        if r.captures_to_partner && r.captures_to_hand {
            self.keep(fail(
                "captures_to_partner",
                "captures go to hand or to a partner, not both",
            ));
        }
        self.keep(self.pieces("hand_order", &r.hand_order));
        if self.keep(self.count("castling", r.castling.len(), "castling rules")) {
            for i in 0..r.castling.len() {
                self.keep(self.castling(i));
            }
        }
        if r.shuffle.is_some() {
            self.keep(self.shuffle());
        }
        for i in 0..r.interchangeable.len() {
            self.keep(self.interchangeable(i));
        }
        for (i, &z) in r.separated.iter().enumerate() {
            if self.keep(self.zone("separated", z)) && r.separated[..i].contains(&z) {
                self.keep(fail("separated", format!("zone {z} is listed twice")));
            }
        }
    }

    fn castling(&self, i: usize) -> Checked {
        let r = self.r;
        let c = &r.castling[i];
        let at = |field: &str| format!("castling[{i}].{field}");
        self.piece(&at("king"), c.king)?;
        self.piece(&at("rook"), c.rook)?;
        if c.king == c.rook {
            return fail(at("rook"), "castling needs two different types");
        }
        if let Some(f) = c.from_file
            && f >= r.board.files
        {
            return fail(
                at("from_file"),
                format!("{f}: not a file of a board of {} files", r.board.files),
            );
        }
        if let Some((h, l)) = c.king_to
            && h.max(l) >= r.board.files
        {
            return fail(
                at("king_to"),
                format!(
                    "({h}, {l}): the king would land off a board of {} files",
                    r.board.files
                ),
            );
        }
        if let Some(&f) = c.landings.iter().find(|&&f| f >= r.board.files) {
            return fail(
                at("landings"),
                format!(
                    "file {f}: the king would land off a board of {} files",
                    r.board.files
                ),
            );
        }
        if c.all_unattacked && c.landings.is_empty() {
            return fail(
                at("all_unattacked"),
                "`all unattacked` without free castling (`to any of`)",
            );
        }
        if let Some(n) = c.king_steps
            && (n < 2 || n >= r.board.files)
        {
            return fail(
                at("king_steps"),
                format!(
                    "{n}: the king moves 2 to {} cells on a board of {} files",
                    r.board.files.saturating_sub(1),
                    r.board.files
                ),
            );
        }
        if c.king_steps.is_some() && (c.king_to.is_some() || !c.landings.is_empty()) {
            return fail(
                at("king_steps"),
                "castling by a number of cells (`by N cells`) and to named files (`to`) at once",
            );
        }
        if !c.landings.is_empty() && c.king_to.is_some() {
            return fail(
                at("landings"),
                "free castling (`to any of`) and one landing a side (`to FILE FILE`) at once",
            );
        }
        if !c.landings.is_empty() && r.castling_chess960 {
            return fail(
                at("landings"),
                "free castling under `castling notation chess960`: the king taking its partner \
                 cannot tell the landings apart",
            );
        }
        if r.castling[..i]
            .iter()
            .any(|o| o.king == c.king && o.rook == c.rook)
        {
            return fail(
                format!("castling[{i}]"),
                format!("pieces {} and {} castle twice", c.king, c.rook),
            );
        }
        if r.castling[..i].iter().any(|o| {
            o.king == c.king
                && (o.king_to != c.king_to
                    || o.landings != c.landings
                    || o.king_steps != c.king_steps)
        }) {
            return fail(
                at("king_to"),
                format!(
                    "`{}` castles to different files with different partners: give every \
                     castling statement of a type the same `to`",
                    r.pieces[c.king.index()].name
                ),
            );
        }
        Ok(())
    }

    fn shuffle(&self) -> Checked {
        let r = self.r;
        let Some(sh) = &r.shuffle else {
            return Ok(());
        };
        self.two_players("shuffle", "a shuffled set-up")?;
        let b = &r.board;
        let mirror = |c: Cell| {
            let (f, rank) = b.coords(c);
            b.cell(f, b.ranks as i32 - 1 - rank)
        };
        for &c in &sh.cells {
            self.cell("shuffle.cells", c)?;
            let (f, rank) = b.coords(c);
            if b.cell(f, rank).is_none() || mirror(c).is_none() {
                return fail("shuffle.cells", format!("cell {c} or its mirror is a hole"));
            }
            if mirror(c).is_some_and(|m| sh.cells.contains(&m)) {
                return fail(
                    "shuffle.cells",
                    format!("cell {c} and its mirror are both shuffled"),
                );
            }
        }
        if !strictly_sorted(&sh.cells) {
            return fail("shuffle.cells", "cells must be sorted and listed once each");
        }
        self.count("shuffle.both_colours", sh.both_colours.len(), "groups")?;
        for (i, g) in sh.both_colours.iter().enumerate() {
            self.pieces(&format!("shuffle.both_colours[{i}]"), g)?;
        }
        self.count("shuffle.between", sh.between.len(), "pairs")?;
        for (i, (a, c)) in sh.between.iter().enumerate() {
            self.piece(&format!("shuffle.between[{i}].0"), *a)?;
            self.piece(&format!("shuffle.between[{i}].1"), *c)?;
        }
        Ok(())
    }

    fn interchangeable(&self, i: usize) -> Checked {
        let r = self.r;
        let g = &r.interchangeable[i];
        let path = format!("interchangeable[{i}]");
        if g.len() < 2 {
            return fail(path, "an interchangeable group needs two or more types");
        }
        self.pieces(&path, g)?;
        if let Some(&k) = g
            .iter()
            .find(|&&k| r.interchangeable[..i].iter().flatten().any(|&e| e == k))
        {
            return fail(path, format!("piece {k} is in two interchangeable groups"));
        }
        if let Some(&k) = g.iter().find(|&&k| r.pieces[k.index()].royal) {
            return fail(
                path,
                format!(
                    "royal piece `{}` cannot be interchangeable: it never goes to hand",
                    r.pieces[k.index()].name
                ),
            );
        }
        Ok(())
    }

    /// Every type that may go to hand goes there as a type a hand can hold (a FEN writes hands
    /// with bare letters): not a `+X` type.
    pub(super) fn hand_types(&mut self) {
        let r = self.r;
        if !r.captures_to_hand {
            return;
        }
        let roots = r.roots();
        for (i, p) in r.pieces.iter().enumerate() {
            if p.royal {
                continue;
            }
            let id = PieceId(i as u8);
            let (slot, how) = if r.promoted_keep_type_in_hand {
                (r.hand_slot(id), "`promoted_keep_type_in_hand`")
            } else {
                match roots[i] {
                    Some(root) if !r.pieces[root.index()].symbol.starts_with('+') => (
                        r.hand_slot(root),
                        "the first type of its interchangeable group",
                    ),
                    _ => (
                        id,
                        "no single unpromoted type promotes to it, directly or through `+X` types",
                    ),
                }
            };
            let held = &r.pieces[slot.index()];
            if held.symbol.starts_with('+') && !held.royal && !held.removed_when_captured {
                self.keep(fail(
                    format!("pieces[{i}]"),
                    format!(
                        "a captured `{}` would go to hand as `{}` ({how}), and a hand cannot hold a `+X` type",
                        p.symbol, held.symbol
                    ),
                ));
            }
        }
    }
}
