//! The pest parser derived from grammar/varia.pest: its `Rule`s are read by the parser and named
//! by the phrase table (words.rs), which both import them from here.

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/varia.pest"]
pub(super) struct VariaParser;
