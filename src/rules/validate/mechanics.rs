//! The format version and the lists of mechanics: move rules, drop rules, effects and filters.

use super::*;

impl Check<'_> {
    /// The format version.
    pub(super) fn format(&mut self) {
        if !READS.contains(&self.r.format) {
            let text = format_refusal(self.r.format);
            self.keep(fail("format", &text["format: ".len()..]));
        }
    }

    /// A list of mechanics: at most [`MAX_RULES`] entries, no kind twice except those in `many`.
    pub(super) fn entries<T>(
        &mut self,
        name: &str,
        list: &[T],
        rank: impl Fn(&T) -> u8,
        many: &[u8],
    ) {
        if !self.keep(self.count(name, list.len(), "entries")) {
            return;
        }
        for (i, e) in list.iter().enumerate() {
            let k = rank(e);
            if !many.contains(&k) && list[..i].iter().any(|o| rank(o) == k) {
                self.keep(fail(format!("{name}[{i}]"), "this rule is listed twice"));
            }
        }
    }

    /// The move rules, drop rules, effects and filters.
    pub(super) fn mechanics(&mut self) {
        let r = self.r;
        self.entries("moves", &r.moves, MoveRule::rank, &[]);
        for (i, m) in r.moves.iter().enumerate() {
            if let MoveRule::Wall { zone, .. } = m {
                self.keep(self.zone_opt(&format!("moves[{i}].zone"), *zone));
                if r.leaves_walls() {
                    self.keep(fail(
                        format!("moves[{i}]"),
                        "a move writes one wall: pieces that leave walls may not place another",
                    ));
                }
            }
            if let MoveRule::PromoteInPlace {
                piece, to, zone, ..
            } = m
            {
                self.keep(self.zone(&format!("moves[{i}].zone"), *zone));
                self.keep(self.piece(&format!("moves[{i}].piece"), *piece));
                for (j, t) in to.iter().enumerate() {
                    self.keep(self.piece(&format!("moves[{i}].to[{j}]"), *t));
                }
                if to.is_empty() {
                    self.keep(fail(format!("moves[{i}].to"), "no type to promote to"));
                }
            }
            if let MoveRule::Pickup { pieces } = m {
                self.pickup(i, pieces);
            }
            if let MoveRule::Counterstrike { pieces } = m {
                self.keep(self.pieces(&format!("moves[{i}].pieces"), pieces));
                let mut ids: Vec<u8> = pieces.iter().map(|p| p.0).collect();
                ids.sort_unstable();
                ids.dedup();
                let why = if ids.is_empty() {
                    Some("no type listed")
                } else if ids.len() >= r.pieces.len() {
                    Some("every type is listed: no other type is left to make such a capture")
                } else {
                    None
                };
                if let Some(why) = why {
                    self.keep(fail(format!("moves[{i}].pieces"), why));
                }
            }
            if let MoveRule::Gate { zone, .. } = m {
                self.keep(self.zone(&format!("moves[{i}].zone"), *zone));
                if !r.has_hands() {
                    self.keep(fail(
                        format!("moves[{i}]"),
                        "gating puts pieces from hand on the board: the game needs hands (`players have hands` or `captures go to hand`)",
                    ));
                }
                if r.wall_rule().is_some() || r.leaves_walls() {
                    self.keep(fail(
                        format!("moves[{i}]"),
                        "a move has one second part: gating may not be combined with walls",
                    ));
                }
            }
        }
        self.entries("drops", &r.drops, DropRule::rank, &[]);
        for (i, d) in r.drops.iter().enumerate() {
            match d {
                DropRule::Enclose { start } => {
                    self.keep(self.zone_opt(&format!("drops[{i}].start"), *start));
                }
                DropRule::Free { pieces } => {
                    self.keep(self.pieces(&format!("drops[{i}].pieces"), pieces));
                }
                DropRule::Fall => {
                    if !r.has_hands() && r.free_drops().is_empty() {
                        self.keep(fail(
                            format!("drops[{i}]"),
                            "falling drops need drops (`captures go to hand`, `players have hands` or free drops)",
                        ));
                    }
                }
                DropRule::TouchOwn | DropRule::AvoidEnemy | DropRule::NotWhereStuck => {}
            }
        }
        self.entries("effects", &r.effects, Effect::rank, &[]);
        for (i, e) in r.effects.iter().enumerate() {
            let at = |field: &str| format!("effects[{i}].{field}");
            match e {
                Effect::CastlingByDrops { kings, partners } => {
                    self.keep(self.zone(&at("kings"), *kings));
                    self.keep(self.zone(&at("partners"), *partners));
                }
                Effect::Blast {
                    spare_nearby,
                    spare_always,
                } => {
                    self.keep(self.pieces(&at("spare_nearby"), spare_nearby));
                    self.keep(self.pieces(&at("spare_always"), spare_always));
                    if let Some(k) = spare_always.iter().find(|k| spare_nearby.contains(k)) {
                        self.keep(fail(
                            at("spare_always"),
                            format!("piece {k} is also in `spare_nearby`"),
                        ));
                    }
                }
                Effect::Petrify { pieces }
                | Effect::Contagion { pieces }
                | Effect::Burn { pieces, .. } => {
                    let what = match e {
                        Effect::Petrify { .. } => "turn into a wall",
                        Effect::Burn { .. } => "burn",
                        _ => "be contagious",
                    };
                    if self.keep(self.pieces(&at("pieces"), pieces))
                        && let Some(p) = pieces.iter().find(|p| r.pieces[p.0 as usize].royal)
                    {
                        let name = &r.pieces[p.0 as usize].name;
                        let text = format!("`{name}` is royal: a royal piece may not {what}");
                        self.keep(fail(at("pieces"), text));
                    }
                }
                Effect::FlipEnclosed
                | Effect::LeaveWalls
                | Effect::FlipNeighbours
                | Effect::FlipNeighboursOfTouching
                | Effect::CapturerTurns => {}
            }
        }
        self.entries("filters", &r.filters, Filter::rank, &[]);
        for (i, f) in r.filters.iter().enumerate() {
            if let Filter::MustDrop { pieces } = f {
                let path = format!("filters[{i}].pieces");
                if self.keep(self.pieces(&path, pieces)) && !r.has_hands() {
                    self.keep(fail(
                        path,
                        "compulsory drops need hands (`captures go to hand` or `players have hands`)",
                    ));
                }
            }
            if let Filter::NoMatingDrops { pieces }
            | Filter::FrozenAtLimit { pieces }
            | Filter::NoPassingAttacked { pieces } = f
            {
                self.keep(self.pieces(&format!("filters[{i}].pieces"), pieces));
            }
        }
    }

    /// A pickup: known, non-royal types, into a hand the game has.
    fn pickup(&mut self, i: usize, pieces: &[PieceId]) {
        let r = self.r;
        if pieces.is_empty() {
            self.keep(fail(format!("moves[{i}].pieces"), "no type to pick up"));
        }
        for (j, &p) in pieces.iter().enumerate() {
            let at = format!("moves[{i}].pieces[{j}]");
            if self.keep(self.piece(&at, p)) && r.pieces[p.index()].royal {
                self.keep(fail(at, "a royal type may not be picked up"));
            }
        }
        if !r.has_hands() {
            self.keep(fail(
                format!("moves[{i}]"),
                "a pickup puts pieces in hand: the game needs hands (`players have hands` or `captures go to hand`)",
            ));
        }
    }
}
