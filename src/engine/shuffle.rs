//! Shuffled set-ups (Chess960 and the like): the first player's pieces on the shuffled cells are
//! permuted from a seed until the rules hold, the second player's pieces on the mirrored cells
//! follow the same permutation, and castling rights go to the outermost partners.

use super::bits::Bits;
use super::core::Engine;
use super::position::Pos;
use crate::rules::{PieceId, PlayerId, Shuffle};

/// How many arrangements are drawn before a shuffle is declared impossible.
const TRIES: usize = 100_000;

/// SplitMix64: a small generator whose sequence for a seed never changes, so that a seed names
/// the same set-up in every version.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

impl<B: Bits> Engine<B> {
    /// The start position shuffled from `seed`; `None` if the game has no shuffle or no
    /// arrangement satisfying its rules turned up.
    pub(crate) fn shuffled(&self, seed: u64) -> Option<Pos<B>> {
        let sh = self.rules.shuffle.as_ref()?;
        let files = self.rules.board.files as usize;
        let ranks = self.rules.board.ranks as usize;
        let first: Vec<usize> = sh.cells.iter().map(|c| c.index()).collect();
        let mirror: Vec<usize> = first
            .iter()
            .map(|&c| c % files + (ranks - 1 - c / files) * files)
            .collect();
        let start = &self.start;
        let mut rng = SplitMix(seed);
        let mut perm: Vec<usize> = (0..first.len()).collect();
        for _ in 0..TRIES {
            for i in (1..perm.len()).rev() {
                let j = (rng.next() % (i as u64 + 1)) as usize;
                perm.swap(i, j);
            }
            let kinds: Vec<Option<PieceId>> = perm
                .iter()
                .map(|&p| start.sq[first[p]].piece().map(|q| q.kind))
                .collect();
            if !self.arrangement_ok(sh, &first, &kinds) {
                continue;
            }
            let mut pos = start.clone();
            for (i, &p) in perm.iter().enumerate() {
                pos.raw_set(first[i], start.sq[first[p]], self.t.royal_kinds);
            }
            for (i, &p) in perm.iter().enumerate() {
                pos.raw_set(mirror[i], start.sq[mirror[p]], self.t.royal_kinds);
            }
            // The rights the setup gave, on each side of each king, go to the outermost partners.
            let mut rights = String::new();
            for owner in [PlayerId(0), PlayerId(1)] {
                let Some(king) = self.castling_king(start, owner) else {
                    continue;
                };
                let kf = king.index() % files;
                for (high, letter) in [(true, 'K'), (false, 'Q')] {
                    let has = (start.st.castling & start.by_owner[owner.index()])
                        .cells()
                        .any(|r| (r % files > kf) == high);
                    if has {
                        rights.push(if owner == PlayerId(0) {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        });
                    }
                }
            }
            pos.st.castling = B::EMPTY;
            if !rights.is_empty() {
                self.parse_castling(&mut pos, &rights).ok()?;
            }
            // A shuffled set-up names its rooks by file, where the game writes Chess960.
            pos.style.castling_kq = false;
            // Through the FEN, so that keys and every derived field are the parser's.
            return self.parse_fen(&self.fen(&pos)).ok();
        }
        None
    }

    /// Tells whether an arrangement of kinds (none on an empty cell) on the first player's
    /// shuffled cells obeys the rules.
    fn arrangement_ok(&self, sh: &Shuffle, cells: &[usize], kinds: &[Option<PieceId>]) -> bool {
        let files = self.rules.board.files as usize;
        let colours = sh.both_colours.iter().all(|group| {
            let mut seen = [false; 2];
            for (i, &k) in kinds.iter().enumerate() {
                if group.iter().any(|&g| Some(g) == k) {
                    seen[(cells[i] % files + cells[i] / files) % 2] = true;
                }
            }
            seen[0] && seen[1]
        });
        colours
            && sh.between.iter().all(|(a, b)| {
                kinds
                    .iter()
                    .enumerate()
                    .filter(|&(_, &k)| k == Some(*a))
                    .all(|(i, _)| {
                        let f = cells[i] % files;
                        let side = |lower: bool| {
                            kinds.iter().enumerate().any(|(j, &k)| {
                                k == Some(*b)
                                    && (cells[j] % files < f) == lower
                                    && cells[j] % files != f
                            })
                        };
                        side(true) && side(false)
                    })
            })
    }
}
