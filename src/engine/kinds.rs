//! Sets of piece types ([`KindBits`]), a type apart from the sets of cells
//! ([`super::bits::Bits`]) so that neither can be passed for the other. A game of at most 64
//! types keeps its sets in one word ([`Kinds64`]); only a game of more types pays for two
//! ([`Kinds128`]): the bitboard type a game runs on names its type sets
//! ([`super::bits::KindSet`]).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitOrAssign};

use crate::rules::PieceId;

/// A set of piece types, a bit each.
pub trait KindBits:
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
    + BitOrAssign
{
    /// How many types the set can hold.
    const KINDS: usize;
    /// No type.
    const EMPTY: Self;

    /// The set of one type.
    fn one(k: u8) -> Self;
    /// Tells whether a type is in the set.
    fn has(self, k: u8) -> bool;
    /// Tells whether the set is empty.
    fn none(self) -> bool;
    /// Tells whether every type of the set is in `other`.
    fn within(self, other: Self) -> bool;
    /// Removes and returns the lowest type (the set must not be empty).
    fn pop(&mut self) -> u8;

    /// Adds a type.
    #[inline]
    fn insert(&mut self, k: u8) {
        *self |= Self::one(k);
    }

    /// Tells whether the set has a type.
    #[inline]
    fn any(self) -> bool {
        !self.none()
    }

    /// Iterates the types in increasing order.
    #[inline]
    fn iter(self) -> KindIter<Self> {
        KindIter(self)
    }
}

/// The set of types of a game of at most 64 types, one word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Kinds64(u64);

/// The set of types of a game of up to 128 types, two words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Kinds128(u128);

/// The set operations of both set types, `KINDS` wide.
macro_rules! kind_ops {
    ($($t:ident: $kinds:literal),*) => {$(
        impl KindBits for $t {
            const KINDS: usize = $kinds;
            const EMPTY: Self = $t(0);

            #[inline]
            fn one(k: u8) -> Self {
                $t(1 << k)
            }
            #[inline]
            fn has(self, k: u8) -> bool {
                self.0 >> k & 1 != 0
            }
            #[inline]
            fn none(self) -> bool {
                self.0 == 0
            }
            #[inline]
            fn within(self, other: Self) -> bool {
                self.0 & !other.0 == 0
            }
            #[inline]
            fn pop(&mut self) -> u8 {
                let k = self.0.trailing_zeros() as u8;
                self.0 &= self.0 - 1;
                k
            }
        }

        impl BitOr for $t {
            type Output = $t;
            #[inline]
            fn bitor(self, o: $t) -> $t {
                $t(self.0 | o.0)
            }
        }

        impl BitOrAssign for $t {
            #[inline]
            fn bitor_assign(&mut self, o: $t) {
                self.0 |= o.0;
            }
        }

        impl BitAnd for $t {
            type Output = $t;
            #[inline]
            fn bitand(self, o: $t) -> $t {
                $t(self.0 & o.0)
            }
        }
    )*};
}
kind_ops!(Kinds64: 64, Kinds128: 128);

/// The set of some piece types.
pub fn kind_set<'a, K: KindBits>(kinds: impl IntoIterator<Item = &'a PieceId>) -> K {
    kinds.into_iter().fold(K::EMPTY, |s, k| s | K::one(k.0))
}

/// The types of a set, lowest first.
pub struct KindIter<K>(K);

impl<K: KindBits> Iterator for KindIter<K> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0.none() {
            None
        } else {
            Some(self.0.pop())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<K: KindBits>(top: u8) {
        let mut s = K::EMPTY;
        assert!(s.none() && !s.any());
        s.insert(0);
        s.insert(top);
        s.insert(5);
        assert!(s.any() && !s.none());
        assert!(s.has(0) && s.has(5) && s.has(top) && !s.has(1) && !s.has(top - 1));
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 5, top]);
        let t: K = kind_set(&[PieceId(5), PieceId(7)]);
        assert_eq!((s & t).iter().collect::<Vec<_>>(), [5]);
        assert_eq!((s | t).iter().collect::<Vec<_>>(), [0, 5, 7, top]);
        assert!(K::one(5).within(s) && !t.within(s) && K::EMPTY.within(t));
        assert_eq!(K::KINDS, top as usize + 1);
    }

    #[test]
    fn kind_sets_add_test_and_iterate() {
        exercise::<Kinds64>(63);
        exercise::<Kinds128>(127);
        let s = Kinds128::one(64) | Kinds128::one(100);
        assert!(s.has(64) && s.has(100) && !s.has(0) && !s.has(36));
        assert_eq!(s.iter().collect::<Vec<_>>(), [64, 100]);
    }
}
