//! Fairy-Stockfish's variants.ini: [`export`] writes a section that plays exactly as a rule set
//! does, or refuses with the rule FSF cannot say and the rule-set path of what says it (a
//! definition's [`crate::SourceMap`] places it).

mod export;
mod import;

pub use export::{Refusal, export};
pub use import::{Imported, Section, import, parse_ini};
