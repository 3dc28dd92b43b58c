//! Renders definition errors and warnings as the user reads them: file:line:column, the source
//! line and a caret.

use crate::lower::{Diagnostic, Severity};
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::{self, Files};
use codespan_reporting::term::{self, Config};

/// The most diagnostics rendered for one file; a count of the rest follows them.
pub const MAX_SHOWN: usize = 50;

/// Renders diagnostics of one file as plain text (no colour): each with file:line:column, the
/// source line and a caret (`error:` or `warning:`, and a label at each other place it
/// involves); past `MAX_SHOWN` (50) of them, only how many more there are. Errors are shown
/// before warnings when not all fit; those shown come in the order given.
pub fn render(path: &str, source: &str, diags: &[Diagnostic]) -> String {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let shown_errors = errors.min(MAX_SHOWN);
    let shown_warnings = (diags.len() - errors).min(MAX_SHOWN - shown_errors);
    let (mut e, mut w) = (0, 0);
    let shown: Vec<&Diagnostic> = diags
        .iter()
        .filter(|d| {
            let (n, cap) = if d.is_error() {
                (&mut e, shown_errors)
            } else {
                (&mut w, shown_warnings)
            };
            *n += 1;
            *n <= cap
        })
        .collect();
    // Only the text up to the end of the last line shown is needed (a file refused for its size
    // may be huge).
    let last = shown
        .iter()
        .flat_map(|d| std::iter::once(d.span).chain(d.labels.iter().map(|l| l.0)))
        .map(|s| s.end.max(s.start))
        .max()
        .unwrap_or(0)
        .min(source.len());
    let last = floor_char(source, last);
    let cut = source[last..].find('\n').map_or(source.len(), |i| last + i);
    let source = &source[..cut];
    let file = Shown::new(path, source);
    let mut out = String::new();
    let config = Config::default();
    for d in shown {
        let start = d.span.start.min(source.len());
        let end = d.span.end.clamp(start, source.len());
        if let Some(text) = long_line(path, source, d, start, end) {
            out += &text;
            continue;
        }
        let report = match d.severity {
            Severity::Error => Report::error(),
            Severity::Warning => Report::warning(),
        };
        let mut labels = vec![Label::primary((), file.range(start, end))];
        for (span, note) in &d.labels {
            let s = span.start.min(source.len());
            let range = file.range(s, span.end.clamp(s, source.len()));
            labels.push(Label::secondary((), range).with_message(escape(note)));
        }
        let report = report.with_message(escape(&d.message)).with_labels(labels);
        let mut buf = String::new();
        let _ = term::emit_to_string(&mut buf, &config, &file, &report);
        out += &buf;
    }
    let more = |n: usize, what: &str| {
        format!(
            "{what}: {n} more {what}{} not shown\n",
            if n == 1 { "" } else { "s" }
        )
    };
    if errors > shown_errors {
        out += &more(errors - shown_errors, "error");
    }
    if diags.len() - errors > shown_warnings {
        out += &more(diags.len() - errors - shown_warnings, "warning");
    }
    out
}

/// The widest source line shown whole; a longer one is shown as a window around the error.
const MAX_LINE: usize = 200;
/// How many characters of a long line are shown on each side of the error.
const CONTEXT: usize = 60;

/// Renders a diagnostic whose line is too long to repeat whole, in the layout codespan uses:
/// the real line and column, and a window of the line with `…` where it is cut.
fn long_line(path: &str, source: &str, d: &Diagnostic, start: usize, end: usize) -> Option<String> {
    let message = escape(&d.message);
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
    let (shown_before, shown_marked) = (escape(&shown_before), escape(&shown_marked));
    let shown_after = escape(&shown_after);
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
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    // Other places are named, not drawn.
    let notes: String = d
        .labels
        .iter()
        .map(|(span, note)| {
            let at = floor_char(source, span.start);
            let line = source[..at].matches('\n').count() + 1;
            let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
            let col = source[line_start..at].chars().count() + 1;
            format!("{pad} = {}: {path}:{line}:{col}\n", escape(note))
        })
        .collect();
    Some(format!(
        "{severity}: {message}\n{pad} ┌─ {path}:{line_no}:{col}\n{pad} │\n{line_no} │ {excerpt}\n{pad} │ {}{carets}\n{notes}\n",
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

/// Tells whether a character of a definition is written escaped when shown: a control character
/// but the tab (expanded to spaces) and the line break, so that a file cannot move the cursor,
/// overwrite the line or clear the terminal of the one who checks it.
fn hidden(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// The text with each hidden character written as Rust writes it (`\r`, `\u{1b}`).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A source as shown: its hidden characters escaped (a CR that ends a line is left, as codespan
/// drops it), offsets into the original mapped to the text shown, columns still counted in the
/// original.
struct Shown<'a> {
    name: &'a str,
    text: String,
    line_starts: Vec<usize>,
    /// For each escaped character: where it starts in the original, where its escape starts in
    /// the text shown, the escape's length (ASCII) and the character's length in bytes.
    escapes: Vec<(usize, usize, usize, usize)>,
}

impl<'a> Shown<'a> {
    fn new(name: &'a str, source: &str) -> Shown<'a> {
        let mut text = String::with_capacity(source.len());
        let mut escapes = Vec::new();
        let mut chars = source.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            let line_end = c == '\r' && chars.peek().is_none_or(|&(_, n)| n == '\n');
            if hidden(c) && !line_end {
                let from = text.len();
                text.extend(c.escape_default());
                escapes.push((at, from, text.len() - from, c.len_utf8()));
            } else {
                text.push(c);
            }
        }
        let line_starts = files::line_starts(&text).collect();
        Shown {
            name,
            text,
            line_starts,
            escapes,
        }
    }

    /// Where an offset of the original falls in the text shown.
    fn offset(&self, at: usize) -> usize {
        let before = self.escapes.partition_point(|e| e.0 < at);
        at + self.escapes[..before]
            .iter()
            .map(|e| e.2 - e.3)
            .sum::<usize>()
    }

    /// A range of the original in the text shown: an escaped character is marked whole.
    fn range(&self, start: usize, end: usize) -> std::ops::Range<usize> {
        self.offset(start)..self.offset(end)
    }
}

impl<'a> Files<'a> for Shown<'_> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, files::Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, (): (), byte_index: usize) -> Result<usize, files::Error> {
        Ok(self
            .line_starts
            .partition_point(|&s| s <= byte_index)
            .saturating_sub(1))
    }

    fn line_range(
        &'a self,
        (): (),
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, files::Error> {
        let start = *self
            .line_starts
            .get(line_index)
            .ok_or(files::Error::LineTooLarge {
                given: line_index,
                max: self.line_starts.len() - 1,
            })?;
        let end = self
            .line_starts
            .get(line_index + 1)
            .copied()
            .unwrap_or(self.text.len());
        Ok(start..end)
    }

    /// The column in the original: an escaped character counts as one.
    fn column_number(
        &'a self,
        (): (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let line = self.line_range((), line_index)?;
        let shown = files::column_index(&self.text, line.clone(), byte_index);
        let added: usize = self
            .escapes
            .iter()
            .filter(|e| e.1 >= line.start && e.1 < byte_index)
            .map(|e| e.2 - 1)
            .sum();
        Ok(shown.saturating_sub(added) + 1)
    }
}
