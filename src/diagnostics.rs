//! Renders definition errors as the user reads them: file:line:column, the source line and a caret.

use crate::lower::Diagnostic;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// The most diagnostics rendered for one file; a count of the rest follows them.
pub const MAX_SHOWN: usize = 50;

/// Renders diagnostics of one file as plain text (no colour): each with file:line:column, the
/// source line and a caret; past [`MAX_SHOWN`], only how many more there are.
pub fn render(path: &str, source: &str, diags: &[Diagnostic]) -> String {
    let file = SimpleFile::new(path, source);
    let mut out = String::new();
    let config = Config::default();
    for d in diags.iter().take(MAX_SHOWN) {
        let start = d.span.start.min(source.len());
        let end = d.span.end.clamp(start, source.len());
        let report = Report::error()
            .with_message(&d.message)
            .with_labels(vec![Label::primary((), start..end)]);
        let mut buf = String::new();
        let _ = term::emit_to_string(&mut buf, &config, &file, &report);
        out += &buf;
    }
    if diags.len() > MAX_SHOWN {
        let more = diags.len() - MAX_SHOWN;
        out += &format!(
            "error: {more} more error{} not shown\n",
            if more == 1 { "" } else { "s" }
        );
    }
    out
}
