//! Renders definition errors as the user reads them: file:line:column, the source line and a caret.

use crate::lower::Diagnostic;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// The most diagnostics rendered for one file; a count of the rest follows them.
pub const MAX_SHOWN: usize = 50;

/// Renders diagnostics of one file as plain text (no colour): each with file:line:column, the
/// source line and a caret; past `MAX_SHOWN` (50) of them, only how many more there are.
pub fn render(path: &str, source: &str, diags: &[Diagnostic]) -> String {
    let file = SimpleFile::new(path, source);
    let mut out = String::new();
    let config = Config::default();
    for d in diags.iter().take(MAX_SHOWN) {
        let start = d.span.start.min(source.len());
        let end = d.span.end.clamp(start, source.len());
        if let Some(text) = long_line(path, source, &d.message, start, end) {
            out += &text;
            continue;
        }
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

/// The widest source line shown whole; a longer one is shown as a window around the error.
const MAX_LINE: usize = 200;
/// How many characters of a long line are shown on each side of the error.
const CONTEXT: usize = 60;

/// Renders a diagnostic whose line is too long to repeat whole, in the layout codespan uses:
/// the real line and column, and a window of the line with `…` where it is cut.
fn long_line(path: &str, source: &str, message: &str, start: usize, end: usize) -> Option<String> {
    let start = floor_char(source, start);
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    let line = &source[line_start..line_end];
    if line.chars().count() <= MAX_LINE {
        return None;
    }
    let end = floor_char(source, end.clamp(start, line_end));
    let line_no = source[..line_start].matches('\n').count() + 1;
    let col = source[line_start..start].chars().count() + 1;
    let before: Vec<char> = source[line_start..start].chars().collect();
    let marked: Vec<char> = source[start..end].chars().collect();
    let after: Vec<char> = source[end..line_end].chars().collect();
    let shown_before: String = before[before.len().saturating_sub(CONTEXT)..]
        .iter()
        .collect();
    let shown_marked: String = marked.iter().take(CONTEXT).collect();
    let shown_after: String = after.iter().take(CONTEXT).collect();
    let cut_left = before.len() > CONTEXT;
    let cut_right = after.len() > CONTEXT || marked.len() > CONTEXT;
    let excerpt = format!(
        "{}{shown_before}{shown_marked}{shown_after}{}",
        if cut_left { "…" } else { "" },
        if cut_right { "…" } else { "" }
    );
    let pad = " ".repeat(line_no.to_string().len());
    let caret_at = usize::from(cut_left) + shown_before.chars().count();
    let carets = "^".repeat(shown_marked.chars().count().max(1));
    Some(format!(
        "error: {message}\n{pad} ┌─ {path}:{line_no}:{col}\n{pad} │\n{line_no} │ {excerpt}\n{pad} │ {}{carets}\n\n",
        " ".repeat(caret_at)
    ))
}

/// The largest char boundary at or before a byte offset.
fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
