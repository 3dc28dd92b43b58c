//! A set of cells of a board of up to 256 cells.

use crate::rules::Cell;

/// A bit per cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 4]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; 4]);

    #[inline]
    pub fn has(&self, c: Cell) -> bool {
        self.0[(c >> 6) as usize] >> (c & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] |= 1 << (c & 63);
    }

    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[(c >> 6) as usize] &= !(1 << (c & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    #[inline]
    pub fn and(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    #[inline]
    pub fn without(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    #[inline]
    pub fn or(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Iterates the cells in increasing order.
    #[inline]
    pub fn iter(&self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

pub struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Cell);
            }
            self.word += 1;
        }
        None
    }
}
