//! Hops: where a hopper may land, and hop captures that change a screen to a royal's harm.

use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::index::AsIndex;
use crate::engine::kinds::KindBits;
use crate::engine::position::{Owner, Pos};
use crate::engine::tables::{Hop, Ride};

impl<B: Bits> Engine<B> {
    /// The cells a hop of a piece of type `kind` on `from` may land on, capturing or not (for
    /// counting: a hop capture is then a plain move).
    pub(super) fn hop_targets(
        &self,
        pos: &Pos<B>,
        kind: u8,
        from: usize,
        r: &Ride,
        empty: B,
        enemies: B,
    ) -> B {
        let t = &self.t;
        let occ = pos.occ;
        let mut ray = t.ray(r.dir, from);
        if let Some(l) = r.limit {
            ray &= t.limits[l as usize][from];
        }
        let Some(screen) = t.first(r.dir, from, occ).filter(|&c| ray.has(c)) else {
            return B::EMPTY;
        };
        if self.bars_screen(pos, kind, screen) {
            return B::EMPTY;
        }
        let beyond = t.ray(r.dir, screen) & ray;
        let (quiet, capture) = match r.hop {
            Hop::Cannon => match t.first(r.dir, screen, occ).filter(|&c| beyond.has(c)) {
                Some(c) => (beyond & !t.ray(r.dir, c) & !B::cell(c), B::cell(c)),
                None => (beyond, B::EMPTY),
            },
            _ => {
                let next = t.next(r.dir, screen).filter(|&c| ray.has(c));
                let c = next.map_or(B::EMPTY, B::cell);
                (c, c)
            }
        };
        let mut to = B::EMPTY;
        if r.mode.moves() {
            to |= quiet & empty;
        }
        if r.mode.captures() {
            to |= capture & enemies;
        }
        to
    }

    /// Whether a hop capture by a piece of type `kind` over `screen`, by promoting or demoting
    /// the screen, could leave a royal piece of the mover attacked: a demoted enemy screen
    /// whose new type could reach one from there, a friendly screen that is or may become
    /// royal, or any change where types may be barred as screens.
    /// The pieces among `mine` (the player to move's) with a hop capture that would change its
    /// screen to their royal's harm (see [`Engine::screen_change_risky`]).
    #[inline(never)]
    pub(super) fn risky_hoppers(&self, pos: &Pos<B>, mine: B) -> B {
        let t = &self.t;
        let s = pos.st.side.index();
        let mut out = B::EMPTY;
        let hoppers = Self::of_kinds(pos, self.screen_hoppers) & mine;
        if hoppers.none() {
            return out;
        }
        // Only these screens can matter: our royals and our pieces that may promote to a royal
        // type, and enemy pieces that a demotion would change.
        let screens = ((pos.royals | Self::of_kinds(pos, self.to_royal)) & mine)
            | (Self::of_kinds(pos, self.promoted) & pos.occ & !mine);
        if screens.none() {
            return out;
        }
        for from in hoppers.cells() {
            let kind = pos.sq[from].kind;
            let risky = t
                .kind(kind, s)
                .rides
                .iter()
                .filter(|r| r.hop == Hop::Cannon && r.mode.captures())
                .any(|r| {
                    t.first(r.dir, from, pos.occ).is_some_and(|screen| {
                        screens.has(screen)
                            && r.limit
                                .is_none_or(|l| t.limits[l as usize][from].has(screen))
                            && self.screen_change_risky(pos, kind, screen)
                    })
                });
            if risky {
                out |= B::cell(from);
            }
        }
        out
    }

    pub(super) fn screen_change_risky(&self, pos: &Pos<B>, kind: u8, screen: usize) -> bool {
        if !self.screen_hoppers.has(kind) {
            return false;
        }
        if self.bans {
            return true;
        }
        let t = &self.t;
        let side = pos.st.side;
        let s = pos.sq[screen];
        let pt = &self.rules.pieces[kind.index()];
        let royals = pos.royals & pos.by_owner[side.index()];
        if s.owner == Some(Owner::of(side)) {
            pt.promotes_friendly_screens && (royals.has(screen) || self.to_royal.has(s.kind))
        } else {
            let demoted = match s.origin {
                Some(g) => g.kind(),
                None => t.unpromoted[s.kind.index()].0,
            };
            pt.demotes_enemy_screens
                && demoted != s.kind
                && s.owner
                    .is_some_and(|o| (t.kind(demoted, o.index()).reach[screen] & royals).any())
        }
    }
}
