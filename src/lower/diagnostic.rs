//! A problem in a definition, at a place in its source.

use crate::syntax::Span;

/// A problem in a definition, at a place in its source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    /// Where in the source text.
    pub span: Span,
    /// What is wrong, in the language's words.
    pub message: String,
    /// An error stops the definition from loading; a warning (a rule that can never apply) does
    /// not.
    pub severity: Severity,
    /// Other places the problem involves, each with a note (`first given here`).
    pub labels: Vec<(Span, String)>,
}

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The definition cannot be loaded.
    #[default]
    Error,
    /// The definition loads, but a rule in it can never apply.
    Warning,
}

impl Diagnostic {
    /// Makes an error at a place.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
            severity: Severity::Error,
            labels: Vec::new(),
        }
    }

    /// Makes a warning at a place.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// Adds another place the problem involves, with a note on it.
    pub fn with_label(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.labels.push((span, note.into()));
        self
    }

    /// Tells whether this is an error (not a warning).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
