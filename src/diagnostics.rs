//! Renders definition errors as the user reads them: file:line:column, the source line and a caret.

use crate::lower::Diagnostic;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// Renders diagnostics of one file as plain text (no colour).
pub fn render(path: &str, source: &str, diags: &[Diagnostic]) -> String {
    let file = SimpleFile::new(path, source);
    let mut out = String::new();
    let config = Config::default();
    for d in diags {
        let start = d.span.start.min(source.len());
        let end = d.span.end.clamp(start, source.len());
        let report = Report::error()
            .with_message(&d.message)
            .with_labels(vec![Label::primary((), start..end)]);
        let mut buf = String::new();
        let _ = term::emit_to_string(&mut buf, &config, &file, &report);
        out += &buf;
    }
    out
}
