//! The moves the search lists, in the position it plays on (no copy): every legal move, and for
//! the quiescence search those that may take or promote, without the quiet moves it would throw
//! away, in the order the full list has them.

use super::{Collect, Sink};
use crate::engine::bits::Bits;
use crate::engine::core::Engine;
use crate::engine::core::safety::Safety;
use crate::engine::position::{MoveKind, Pos, RawMove};

/// Whether a move may take or promote: a superset of the moves whose victim or promotion the
/// search counts (`takes`: the cells of the pieces the player to move does not own).
fn forcing<B: Bits>(m: &RawMove, takes: B) -> bool {
    match m.kind {
        MoveKind::Drop | MoveKind::Castle { .. } => false,
        MoveKind::EnPassant
        | MoveKind::Displace { .. }
        | MoveKind::Legs { .. }
        | MoveKind::ThreeLegs { .. } => true,
        _ => m.promotion.is_some() || takes.has(m.to.index()),
    }
}

/// Collects the forcing moves among those generated: plain moves onto the cells of `takes`, no
/// plain drop, and of the rest those [`forcing`] keeps.
struct Forcing<'a, B> {
    inner: Collect<'a>,
    takes: B,
}

impl<B: Bits> Sink<B> for Forcing<'_, B> {
    #[inline]
    fn add(&mut self, m: RawMove, suspect: bool) {
        if forcing(&m, self.takes) {
            Sink::<B>::add(&mut self.inner, m, suspect);
        }
    }

    #[inline]
    fn add_plain(&mut self, from: usize, piece: u8, targets: B) {
        self.inner.add_plain(from, piece, targets & self.takes);
    }

    #[inline]
    fn add_drops(&mut self, _: u8, _: B) {}
}

impl<B: Bits> Engine<B> {
    /// The legal moves of the player to move that may take or promote, in the order of the full
    /// list ([`Engine::legal_moves`] less the others). Where the list needs more than the
    /// generator (walls, gating, legs, filters, endings at once, passing), the full list is
    /// made, from a copy without the history, and filtered.
    pub(crate) fn forcing_moves(&self, pos: &mut Pos<B>, out: &mut Vec<RawMove>) {
        let takes = pos.occ & !pos.by_owner[pos.st.side.index()];
        if self.plan.special() || self.plan.passing == Some(true) {
            self.legal_moves(&mut pos.without_history(), out);
            out.retain(|m| forcing(m, takes));
            return;
        }
        out.clear();
        let mut suspects = Vec::new();
        let mut safety = Safety::new();
        self.safety(pos, &mut safety);
        let mut sink = Forcing {
            inner: Collect {
                safe: out,
                suspect: &mut suspects,
            },
            takes,
        };
        self.generate(pos, &safety, &mut sink);
        for m in &suspects {
            if self.legal(pos, m) {
                out.push(*m);
            }
        }
    }

    /// Every legal move of the player to move ([`Engine::legal_moves`]), listed in the position
    /// itself where the list needs only the generator, else in a copy without the history.
    pub(crate) fn search_moves(&self, pos: &mut Pos<B>, out: &mut Vec<RawMove>) {
        if self.plan.special() {
            self.legal_moves(&mut pos.without_history(), out);
        } else {
            self.legal_moves(pos, out);
        }
    }

    /// Counts the legal moves of the player to move, from a copy without the history where the
    /// count needs the full list.
    pub(crate) fn count_legal_moves(&self, pos: &mut Pos<B>) -> u64 {
        if self.plan.special() {
            return self.count_legal(&mut pos.without_history(), &mut Vec::new());
        }
        self.count_legal(pos, &mut Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::position::{MoveKind, RawMove};

    /// On random games of games with and without drops, promotions, special lists (walls,
    /// legs, filters, endings at once) and four players: the forcing moves are the full list's
    /// moves that take or promote, in its order, every move onto an enemy piece among them, and
    /// the count and the search's list are the full list's.
    #[test]
    fn the_forcing_moves_are_the_full_lists_takes_and_promotions_in_order() {
        let files = [
            "classic/chess.varia",
            "classic/crazyhouse.varia",
            "classic/shogi.varia",
            "classic/xiangqi.varia",
            "fsf/atomic.varia",
            "fsf/duck.varia",
            "fsf/antichess.varia",
            "fsf/grand.varia",
            "fsf/berolina.varia",
            "hachu/chu.varia",
            "4-faces.varia",
            "shoxiang108.varia",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut takes = 0;
        for file in files {
            let path = format!("{}/definitions/{file}", env!("CARGO_MANIFEST_DIR"));
            let source = std::fs::read_to_string(&path).unwrap();
            let game = crate::load_str(&source, None).unwrap();
            for _ in 0..3 {
                let mut pos = game.start();
                for _ in 0..60 {
                    let all = game.raw_legal_moves(&pos);
                    let side = pos.side_to_move();
                    let theirs: Vec<bool> = pos
                        .stored()
                        .iter()
                        .map(|s| s.owner.is_some_and(|o| o.player() != side))
                        .collect();
                    let enemies = |m: &RawMove| theirs[m.to.index()];
                    let expected: Vec<RawMove> = all
                        .iter()
                        .copied()
                        .filter(|m| match m.kind {
                            MoveKind::Drop | MoveKind::Castle { .. } => false,
                            MoveKind::EnPassant | MoveKind::Displace { .. } => true,
                            MoveKind::Legs { .. } | MoveKind::ThreeLegs { .. } => true,
                            _ => m.promotion.is_some() || enemies(m),
                        })
                        .collect();
                    let got = game.raw_forcing_moves(&mut pos);
                    assert_eq!(got, expected, "{file} {}", game.fen(&pos));
                    for m in all.iter().filter(|m| enemies(m)) {
                        assert!(got.contains(m), "{file} {}", game.fen(&pos));
                        takes += 1;
                    }
                    assert_eq!(game.raw_count_legal(&mut pos), all.len() as u64, "{file}");
                    assert_eq!(game.raw_search_moves(&mut pos), all, "{file}");
                    if all.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.raw_play_unchecked(&mut pos, &all[(seed % all.len() as u64) as usize]);
                }
            }
        }
        assert!(takes > 500, "{takes}");
    }
}
