//! Bitboards sized to the board: 64, 128 or 256 cells, one bit per cell (`file + rank * files`).
//! The engine is generic over [`Bits`] and a game picks the smallest type its board fits when
//! it is loaded, so an 8 x 8 game works on plain `u64`s.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::kinds::{KindBits, Kinds64, Kinds128};

/// The set of piece types of a game run on bitboards `B`.
pub type KindSet<B> = <B as Bits>::Kinds;

/// A set of cells of a board of at most [`Bits::CELLS`] cells.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The sets of piece types of a game run on these bitboards: one word for at most 64 types.
    type Kinds: KindBits;
    /// How many cells the type holds.
    const CELLS: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set of one cell.
    fn cell(c: usize) -> Self;
    /// Gets the lowest cell (the set must not be empty).
    fn lowest(self) -> usize;
    /// Gets the highest cell (the set must not be empty).
    fn highest(self) -> usize;
    /// Counts the cells.
    fn count(self) -> u32;
    /// Tells whether the set is empty.
    fn none(self) -> bool;

    /// The set without its lowest cell (the set must not be empty).
    fn without_lowest(self) -> Self;
    /// The cells numbered below `c` (every cell if `c` is [`Bits::CELLS`] or more).
    fn below(c: usize) -> Self;
    /// Every cell moved `by` numbers up (down when negative), those leaving the set's range lost;
    /// `by` must be less than [`Bits::CELLS`] either way.
    fn shift(self, by: i32) -> Self;

    /// Tells whether a cell is in the set.
    #[inline]
    fn has(self, c: usize) -> bool {
        !(self & Self::cell(c)).none()
    }

    /// Tells whether the set has a cell.
    #[inline]
    fn any(self) -> bool {
        !self.none()
    }

    /// Removes and returns the lowest cell (the set must not be empty).
    #[inline]
    fn pop(&mut self) -> usize {
        let c = self.lowest();
        *self = self.without_lowest();
        c
    }

    /// Iterates the cells in increasing order.
    #[inline]
    fn cells(self) -> CellIter<Self> {
        CellIter(self)
    }
}

/// The cells of a set, lowest first.
pub struct CellIter<B>(B);

impl<B: Bits> Iterator for CellIter<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.none() {
            None
        } else {
            Some(self.0.pop())
        }
    }
}

/// The plain integer sets: one bit per cell, the bit operations of the integer type.
macro_rules! integer_bits {
    ($t:ty) => {
        impl Bits for $t {
            type Kinds = Kinds64;
            const CELLS: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;

            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn below(c: usize) -> Self {
                if c >= Self::CELLS { !0 } else { (1 << c) - 1 }
            }
            #[inline]
            fn shift(self, by: i32) -> Self {
                if by >= 0 { self << by } else { self >> -by }
            }
            #[inline]
            fn has(self, c: usize) -> bool {
                (self >> c) & 1 != 0
            }
            #[inline]
            fn cell(c: usize) -> Self {
                1 << c
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn highest(self) -> usize {
                Self::CELLS - 1 - self.leading_zeros() as usize
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn none(self) -> bool {
                self == 0
            }
        }
    };
}

integer_bits!(u64);
integer_bits!(u128);

/// A 256-cell set (16 x 16 boards), as two 128-bit halves, for a game of at most 64 piece types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U256(pub [u128; 2]);

/// A 256-cell set for a game of more than 64 piece types, whatever its board: the type the
/// engine of such a game runs on, so that no other game pays for its wider type sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct U256Many(pub [u128; 2]);

/// The 256-cell sets, each with its type sets.
macro_rules! wide_bits {
    ($t:ident, $kinds:ty) => {
        impl BitAnd for $t {
            type Output = Self;
            #[inline]
            fn bitand(self, o: Self) -> Self {
                $t([self.0[0] & o.0[0], self.0[1] & o.0[1]])
            }
        }

        impl BitOr for $t {
            type Output = Self;
            #[inline]
            fn bitor(self, o: Self) -> Self {
                $t([self.0[0] | o.0[0], self.0[1] | o.0[1]])
            }
        }

        impl BitXor for $t {
            type Output = Self;
            #[inline]
            fn bitxor(self, o: Self) -> Self {
                $t([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1]])
            }
        }

        impl Not for $t {
            type Output = Self;
            #[inline]
            fn not(self) -> Self {
                $t([!self.0[0], !self.0[1]])
            }
        }

        impl BitAndAssign for $t {
            #[inline]
            fn bitand_assign(&mut self, o: Self) {
                *self = *self & o;
            }
        }

        impl BitOrAssign for $t {
            #[inline]
            fn bitor_assign(&mut self, o: Self) {
                *self = *self | o;
            }
        }

        impl BitXorAssign for $t {
            #[inline]
            fn bitxor_assign(&mut self, o: Self) {
                *self = *self ^ o;
            }
        }

        impl Bits for $t {
            type Kinds = $kinds;
            const CELLS: usize = 256;
            const EMPTY: Self = $t([0, 0]);

            #[inline]
            fn without_lowest(self) -> Self {
                if self.0[0] != 0 {
                    $t([self.0[0] & (self.0[0] - 1), self.0[1]])
                } else {
                    $t([0, self.0[1] & self.0[1].wrapping_sub(1)])
                }
            }
            #[inline]
            fn below(c: usize) -> Self {
                if c >= 128 {
                    $t([!0, u128::below(c - 128)])
                } else {
                    $t([u128::below(c), 0])
                }
            }
            #[inline]
            fn shift(self, by: i32) -> Self {
                let [lo, hi] = self.0;
                let n = by.unsigned_abs();
                match (by >= 0, n) {
                    (_, 0) => self,
                    (true, 1..128) => $t([lo << n, hi << n | lo >> (128 - n)]),
                    (true, _) => $t([0, lo << (n - 128)]),
                    (false, 1..128) => $t([lo >> n | hi << (128 - n), hi >> n]),
                    (false, _) => $t([hi >> (n - 128), 0]),
                }
            }
            #[inline]
            fn has(self, c: usize) -> bool {
                (self.0[c >> 7] >> (c & 127)) & 1 != 0
            }

            #[inline]
            fn cell(c: usize) -> Self {
                if c < 128 {
                    $t([1 << c, 0])
                } else {
                    $t([0, 1 << (c - 128)])
                }
            }
            #[inline]
            fn lowest(self) -> usize {
                if self.0[0] != 0 {
                    self.0[0].trailing_zeros() as usize
                } else {
                    128 + self.0[1].trailing_zeros() as usize
                }
            }
            #[inline]
            fn highest(self) -> usize {
                if self.0[1] != 0 {
                    255 - self.0[1].leading_zeros() as usize
                } else {
                    127 - self.0[0].leading_zeros() as usize
                }
            }
            #[inline]
            fn count(self) -> u32 {
                self.0[0].count_ones() + self.0[1].count_ones()
            }
            #[inline]
            fn none(self) -> bool {
                self.0[0] == 0 && self.0[1] == 0
            }
        }
    };
}
wide_bits!(U256, Kinds64);
wide_bits!(U256Many, Kinds128);

/// Collects cells into a set.
pub fn set_of<B: Bits>(cells: impl IntoIterator<Item = usize>) -> B {
    cells.into_iter().fold(B::EMPTY, |s, c| s | B::cell(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bits>() {
        let cells = [0, 5, B::CELLS / 2 - 1, B::CELLS / 2, B::CELLS - 1];
        let s: B = set_of(cells);
        assert_eq!(s.count(), 5);
        assert_eq!(s.lowest(), 0);
        assert_eq!(s.highest(), B::CELLS - 1);
        assert_eq!(s.cells().collect::<Vec<_>>(), cells);
        assert!(s.has(5) && !s.has(6));
        assert!((s & !s).none());
        assert!(B::below(0).none());
        assert_eq!(B::below(5).count(), 5);
        assert_eq!(B::below(B::CELLS / 2 + 1).highest(), B::CELLS / 2);
        assert_eq!(B::below(B::CELLS).count() as usize, B::CELLS);
        for by in [0, 1, 7, B::CELLS as i32 / 2, B::CELLS as i32 - 1] {
            for c in cells {
                let moved = c as i32 + by;
                let want: B = set_of((moved < B::CELLS as i32).then_some(moved as usize));
                assert_eq!(B::cell(c).shift(by), want, "{c} up {by}");
                let moved = c as i32 - by;
                let want: B = set_of((moved >= 0).then_some(moved as usize));
                assert_eq!(B::cell(c).shift(-by), want, "{c} down {by}");
            }
        }
        assert_eq!(s.shift(1).count(), 4);
    }

    #[test]
    fn every_width_counts_and_iterates() {
        exercise::<u64>();
        exercise::<u128>();
        exercise::<U256>();
        exercise::<U256Many>();
    }
}
