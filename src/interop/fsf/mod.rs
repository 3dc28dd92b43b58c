//! Fairy-Stockfish's variants.ini: [`export`] writes a section that plays exactly as a rule set
//! does, or refuses with the rule FSF cannot say and where the definition says it ([`locate`]).

use crate::betza::fsf as betza;
mod export;
mod import;
mod locate;

pub use export::{Refusal, export};
pub use import::{Imported, Section, import, parse_ini};
pub use locate::{Place, locate};
