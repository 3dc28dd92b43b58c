//! The JSON Schema of an exported rule set, generated from the Rust types, so that it cannot
//! drift from what `varia export --format json` prints (`schema/ruleset.schema.json` is this
//! text; `tests/schema.rs` fails when it is stale).

use crate::RuleSet;

/// Gets the JSON Schema (draft 2020-12) of [`RuleSet`] as pretty-printed JSON, ending in a line
/// break.
pub fn ruleset_schema() -> String {
    let schema = schemars::schema_for!(RuleSet);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema serialises");
    text.push('\n');
    text
}
