//! The texts, the board, the players, the zones and the setup's text.

use super::*;

impl Check<'_> {
    pub(super) fn texts(&mut self) {
        let r = self.r;
        self.keep(self.name("game", &r.game));
        self.keep(self.name("variant", &r.variant));
        if let Some(x) = &r.xboard_variant {
            self.keep(self.name("xboard_variant", x));
        }
        if let Some(t) = &r.title {
            if t.len() > MAX_NAME_LEN {
                self.keep(fail(
                    "title",
                    format!("a title is at most {MAX_NAME_LEN} bytes, not {}", t.len()),
                ));
            } else if let Some(c) = t.chars().find(|&c| c.is_control() || c == '"') {
                self.keep(fail(
                    "title",
                    format!("{c:?} in a title (no control characters or `\"`)"),
                ));
            }
        }
    }

    pub(super) fn board(&mut self) {
        let b = &self.r.board;
        for (path, side) in [("board.files", b.files), ("board.ranks", b.ranks)] {
            if !(1..=MAX_SIDE).contains(&side) {
                self.keep(fail(
                    path,
                    format!("board sides must be 1..{MAX_SIDE}, not {side}"),
                ));
            }
        }
        let holes = || -> Checked {
            for &h in &b.holes {
                self.cell("board.holes", h)?;
            }
            if !strictly_sorted(&b.holes) {
                return fail("board.holes", "holes must be sorted and listed once each");
            }
            if b.holes.len() >= self.cells {
                return fail("board.holes", "the holes leave no cell of the board");
            }
            Ok(())
        };
        self.keep(holes());
    }

    pub(super) fn players(&mut self) {
        let players = &self.r.players;
        if !(2..=MAX_PLAYERS).contains(&players.len()) {
            self.keep(fail(
                "players",
                format!(
                    "a game needs 2 to {MAX_PLAYERS} players, not {}",
                    players.len()
                ),
            ));
            return;
        }
        for i in 0..players.len() {
            self.keep(self.player_entry(i));
        }
    }

    fn player_entry(&self, i: usize) -> Checked {
        let players = &self.r.players;
        let p = &players[i];
        let path = format!("players[{i}].name");
        self.name(&path, &p.name)?;
        if players[..i].iter().any(|q| q.name == p.name) {
            return fail(path, format!("player `{}` is listed twice", p.name));
        }
        let tag = |n: &str| n.chars().next().map(|c| c.to_ascii_lowercase());
        // With more than two players, a FEN tags each piece with its owner's first letter.
        if players.len() > 2 && players[..i].iter().any(|q| tag(&q.name) == tag(&p.name)) {
            return fail(
                path,
                format!(
                    "with more than two players, names must start with different letters (FEN tags pieces by them): `{}`",
                    p.name
                ),
            );
        }
        if players.len() > 2 && !p.name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return fail(
                path,
                format!(
                    "with more than two players, a name starts with a letter (it tags the player's pieces in a FEN): `{}`",
                    p.name
                ),
            );
        }
        Ok(())
    }

    pub(super) fn zones(&mut self) {
        let zones = &self.r.zones;
        if zones.len() > MAX_ZONES {
            self.keep(fail(
                "zones",
                format!(
                    "a game may have at most {MAX_ZONES} zones, not {}",
                    zones.len()
                ),
            ));
            return;
        }
        for i in 0..zones.len() {
            self.keep(self.zone_entry(i));
        }
    }

    fn zone_entry(&self, i: usize) -> Checked {
        let zones = &self.r.zones;
        let z = &zones[i];
        let path = format!("zones[{i}]");
        self.name(&format!("{path}.name"), &z.name)?;
        if zones[..i].iter().any(|y| y.name == z.name) {
            return fail(
                format!("{path}.name"),
                format!("zone `{}` is listed twice", z.name),
            );
        }
        if z.cells.len() != self.r.players.len() {
            return fail(
                format!("{path}.cells"),
                format!(
                    "a list of cells for each of the {} players, not {}",
                    self.r.players.len(),
                    z.cells.len()
                ),
            );
        }
        for (p, cells) in z.cells.iter().enumerate() {
            let path = format!("{path}.cells[{p}]");
            for &c in cells {
                self.cell(&path, c)?;
            }
            if !strictly_sorted(cells) {
                return fail(path, "cells must be sorted and listed once each");
            }
        }
        Ok(())
    }

    pub(super) fn setup(&mut self) {
        let s = &self.r.setup;
        if s.len() > MAX_SETUP_LEN {
            self.keep(fail(
                "setup",
                format!("a FEN is at most {MAX_SETUP_LEN} bytes, not {}", s.len()),
            ));
        } else if let Some(c) = s.chars().find(|&c| !(' '..='~').contains(&c)) {
            self.keep(fail(
                "setup",
                format!("{c:?} in a FEN (printable ASCII and spaces only)"),
            ));
        }
    }
}
