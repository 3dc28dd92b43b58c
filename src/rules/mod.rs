//! The compiled rule set: everything the engine needs to know about a game, with no text, no spans
//! and no names left to resolve. It is the contract with other tools: serialised as RON or JSON and
//! loaded back unchanged.

mod endings;
mod ids;
mod mechanics;
mod queries;
mod set;
mod validate;

pub use endings::*;
pub use ids::{Cell, PieceId, PlayerId, ZoneId};
pub use mechanics::*;
pub use set::*;
pub use validate::*;
