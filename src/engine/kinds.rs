//! Sets of piece types ([`KindSet`]), a type apart from the sets of cells
//! ([`super::bits::Bits`]) so that neither can be passed for the other.

use std::ops::{BitAnd, BitOr, BitOrAssign};

use crate::rules::PieceId;

/// A set of piece types, a bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct KindSet(u64);

impl KindSet {
    /// No type.
    pub const EMPTY: KindSet = KindSet(0);

    /// The set of one type.
    #[inline]
    pub fn one(k: u8) -> KindSet {
        KindSet(1 << k)
    }

    /// Tells whether a type is in the set.
    #[inline]
    pub fn has(self, k: u8) -> bool {
        self.0 >> k & 1 != 0
    }

    /// Adds a type.
    #[inline]
    pub fn insert(&mut self, k: u8) {
        self.0 |= 1 << k;
    }

    /// Tells whether the set has a type.
    #[inline]
    pub fn any(self) -> bool {
        self.0 != 0
    }

    /// Tells whether the set is empty.
    #[inline]
    pub fn none(self) -> bool {
        self.0 == 0
    }

    /// Tells whether every type of the set is in `other`.
    #[inline]
    pub fn within(self, other: KindSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Iterates the types in increasing order.
    #[inline]
    pub fn iter(self) -> KindIter {
        KindIter(self.0)
    }
}

impl BitOr for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitor(self, o: KindSet) -> KindSet {
        KindSet(self.0 | o.0)
    }
}

impl BitOrAssign for KindSet {
    #[inline]
    fn bitor_assign(&mut self, o: KindSet) {
        self.0 |= o.0;
    }
}

impl BitAnd for KindSet {
    type Output = KindSet;
    #[inline]
    fn bitand(self, o: KindSet) -> KindSet {
        KindSet(self.0 & o.0)
    }
}

impl<'a> FromIterator<&'a PieceId> for KindSet {
    fn from_iter<I: IntoIterator<Item = &'a PieceId>>(kinds: I) -> KindSet {
        kinds
            .into_iter()
            .fold(KindSet::EMPTY, |s, k| s | KindSet::one(k.0))
    }
}

/// The set of some piece types.
pub fn kind_set<'a>(kinds: impl IntoIterator<Item = &'a PieceId>) -> KindSet {
    kinds.into_iter().collect()
}

/// The types of a set, lowest first.
pub struct KindIter(u64);

impl Iterator for KindIter {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_sets_add_test_and_iterate() {
        let mut s = KindSet::EMPTY;
        assert!(s.none() && !s.any());
        s.insert(0);
        s.insert(63);
        s.insert(5);
        assert!(s.any() && !s.none());
        assert!(s.has(0) && s.has(5) && s.has(63) && !s.has(1) && !s.has(62));
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 5, 63]);
        let t: KindSet = [PieceId(5), PieceId(7)].iter().collect();
        assert_eq!((s & t).iter().collect::<Vec<_>>(), [5]);
        assert_eq!((s | t).iter().collect::<Vec<_>>(), [0, 5, 7, 63]);
        assert!(KindSet::one(5).within(s) && !t.within(s) && KindSet::EMPTY.within(t));
    }
}
