//! Piece types inside the engine: a type's index as stored in a cell ([`KindId`], whose
//! `Option` takes no more room than the index), and sets of types ([`KindSet`]), a type apart
//! from the sets of cells ([`super::bits::Bits`]) so that neither can be passed for the other.

use std::ops::{BitAnd, BitOr, BitOrAssign};

use crate::rules::{MAX_PIECES, PieceId};

/// Declares [`KindId`] with one variant per piece type a game may have.
macro_rules! kind_ids {
    ($($v:ident)*) => {
        /// The index of a piece type, below [`MAX_PIECES`]: the values past it are left free, so
        /// that `Option<KindId>` is one byte and an empty cell reads as one compare.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub(crate) enum KindId {
            $($v,)*
        }

        impl KindId {
            const ALL: [KindId; MAX_PIECES] = [$(KindId::$v,)*];
        }
    };
}

kind_ids! {
    K0 K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13 K14 K15
    K16 K17 K18 K19 K20 K21 K22 K23 K24 K25 K26 K27 K28 K29 K30 K31
    K32 K33 K34 K35 K36 K37 K38 K39 K40 K41 K42 K43 K44 K45 K46 K47
    K48 K49 K50 K51 K52 K53 K54 K55 K56 K57 K58 K59 K60 K61 K62 K63
}

impl KindId {
    /// The type of a rule set's piece (its index is below [`MAX_PIECES`], as validated).
    #[inline]
    pub(crate) fn of(p: PieceId) -> KindId {
        Self::ALL[p.0 as usize]
    }

    /// Gets the index.
    #[inline]
    pub(crate) fn get(self) -> u8 {
        self as u8
    }

    /// Gets the index, to index tables by.
    #[inline]
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// Gets the rule set's piece.
    #[inline]
    pub(crate) fn piece(self) -> PieceId {
        PieceId(self as u8)
    }
}

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

    /// Tells whether the type stored in a cell is in the set.
    #[inline]
    pub(crate) fn holds(self, k: KindId) -> bool {
        self.0 >> k.get() & 1 != 0
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
        kinds.into_iter().fold(KindSet::EMPTY, |s, k| s | KindSet::one(k.0))
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
        assert!(s.holds(KindId::of(PieceId(63))) && !s.holds(KindId::of(PieceId(7))));
    }

    #[test]
    fn kind_ids_cover_every_type_and_leave_a_niche() {
        for k in 0..MAX_PIECES as u8 {
            let id = KindId::of(PieceId(k));
            assert_eq!((id.get(), id.index(), id.piece()), (k, k as usize, PieceId(k)));
        }
        assert_eq!(size_of::<Option<KindId>>(), 1);
    }
}
