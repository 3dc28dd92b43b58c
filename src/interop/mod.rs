//! Rule sets for other tools: Fairy-Stockfish's variants.ini in both directions, and the JSON
//! Schema of the exported [`RuleSet`](crate::RuleSet).

pub mod fsf;
mod schema;

pub use schema::ruleset_schema;
