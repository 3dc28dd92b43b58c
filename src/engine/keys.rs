//! Zobrist keys: every salt of a position's key in one table, and the mixing function.
//!
//! A key is the XOR of one mixed number per feature of the position; the number is
//! `mix(salt ^ payload)`, where the salt names the feature (its own bits above bit 40) and the
//! payload (below bit 40) says which one (a cell, a player and a count, ...). Two features of
//! different salts can then never give the same number.

/// What a key's term stands for. Each salt is `(number << 40)`; a payload stays below bit 40.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub(crate) enum Salt {
    /// A piece on a cell (the payload is `(cell * kinds + kind) * players + owner`, mixed with
    /// `0x5EED`).
    Piece = 0,
    /// A promoted piece's origin on a cell.
    Origin = 1,
    /// A hand count.
    Hand = 2,
    /// The player to move.
    Side = 3,
    /// A castling right.
    Castle = 4,
    /// An en-passant cell.
    Ep = 5,
    /// A deferred promotion.
    Pending = 6,
    /// A player out of the game.
    Out = 7,
    /// A wall left behind (`pieces leave walls`).
    Wall = 8,
    /// A player's check counter (`N checks win`).
    Checks = 9,
    /// A cell's gating right (`gating in ZONE`).
    Gate = 10,
    /// The last move struck a piece of the counter-strike types (`captures of TYPE... by other
    /// types may not follow one another`).
    Struck = 11,
}

impl Salt {
    /// Every salt.
    #[cfg(test)]
    pub const ALL: [Salt; 12] = [
        Salt::Piece,
        Salt::Origin,
        Salt::Hand,
        Salt::Side,
        Salt::Castle,
        Salt::Ep,
        Salt::Pending,
        Salt::Out,
        Salt::Wall,
        Salt::Checks,
        Salt::Gate,
        Salt::Struck,
    ];

    /// The salt's bits.
    #[inline]
    pub const fn bits(self) -> u64 {
        (self as u64) << 40
    }
}

/// The payloads stay below this bit, so that no two salts share a term.
pub(crate) const PAYLOAD_BITS: u32 = 40;

/// The key's term of a feature: its salt and which one it is.
#[inline]
pub(crate) fn term(salt: Salt, payload: u64) -> u64 {
    debug_assert!(payload < 1 << PAYLOAD_BITS);
    mix(salt.bits() ^ payload)
}

/// The term of a piece of `kind` and `owner` on `cell`, as `piece_keys` tables them.
#[inline]
pub(crate) fn piece_term(index: usize) -> u64 {
    term(Salt::Piece, index as u64 ^ 0x5EED)
}

/// A well-mixed 64-bit hash of a number (splitmix64's finaliser).
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salts_are_distinct_and_above_every_payload() {
        let bits: Vec<u64> = Salt::ALL.iter().map(|s| s.bits()).collect();
        for (i, a) in bits.iter().enumerate() {
            for b in &bits[i + 1..] {
                assert_ne!(a, b);
            }
            assert_eq!(a & ((1 << PAYLOAD_BITS) - 1), 0);
        }
        // A wall on a cell and a check counter whose payload is that cell's number differ.
        assert_ne!(term(Salt::Wall, 3), term(Salt::Checks, 3));
    }
}
