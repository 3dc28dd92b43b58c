//! Raw engine indices read as table indices.

/// Raw indices inside the engine (a `u8` piece type or player) read as table indices.
pub(crate) trait AsIndex {
    fn index(self) -> usize;
}

impl AsIndex for u8 {
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}
