//! The syntax of definition files: the pest grammar's parser and the spanned tree it builds.

mod ast;
mod parser;

pub use ast::*;
pub use parser::{MAX_LINE_BYTES, MAX_SOURCE_BYTES, MAX_STATEMENTS, parse};
