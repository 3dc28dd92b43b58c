//! Values written as Python's `repr` writes them.

/// A string as Python's `repr` writes it (names and FENs hold no control characters).
pub(crate) fn py_repr(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

pub(crate) fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}
