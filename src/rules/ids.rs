//! Typed indices: a cell, a piece type, a player and a zone are different things, so one cannot be
//! passed where another belongs. Each serialises as its bare number.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
        )]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// Gets the index as a `usize`, to index tables with.
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id!(
    /// A cell: `file + rank * files`, with file 0 = `a` and rank 0 = `1`.
    Cell(u16)
);
id!(
    /// A piece type: its index in [`super::RuleSet::pieces`].
    PieceId(u8)
);
id!(
    /// A player: its index in [`super::RuleSet::players`], which is also the turn order.
    PlayerId(u8)
);
id!(
    /// A zone: its index in [`super::RuleSet::zones`].
    ZoneId(u8)
);
