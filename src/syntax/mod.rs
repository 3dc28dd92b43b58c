//! The syntax of definition files: the pest grammar's parser and the spanned tree it builds.

mod ast;
mod error;
mod grammar;
#[macro_use]
mod keywords;
mod parser;
mod print;
pub mod words;

pub use ast::*;
pub use keywords::{GoalRider, RowLines, UnknownKeyword, Verdict};
#[cfg(test)]
pub use parser::parse;
pub use parser::{MAX_LINE_BYTES, MAX_SOURCE_BYTES, MAX_STATEMENTS, parse_placed};
