//! Definitions that build on another file's game: `extends "FILE"` reads that file (a path
//! relative to the extending one), whose main game's statements come before the file's own. A
//! problem found in an extended file is given at the `extends` statement, with its place there.
//!
//! Each extended file is parsed after as many line ends as the texts before it have bytes, so
//! that the places of its statements follow those of the extending file: one span space for
//! all the files, each file's part told by where it starts.

use crate::LoadError;
use crate::lower::{Catalog, Diagnostic};
use crate::syntax::{self, Span, Spanned};
use std::path::{Component, Path, PathBuf};

/// The most files one chain of `extends` may read.
pub const MAX_EXTENDS: usize = 16;

/// An extended file: where its text starts in the span space, its path as the user wrote it
/// (joined to the extending file's folder), and its text.
struct Part {
    offset: usize,
    shown: String,
    text: String,
}

/// The extended files of a definition, to place their problems.
#[derive(Default)]
pub(crate) struct Bases {
    /// The top file's `extends` statement, where the problems of extended files are given.
    at: Option<Span>,
    parts: Vec<Part>,
    /// The folder extended files must lie in, if any.
    within: Option<PathBuf>,
}

/// Parses a definition read from `path` (`None`: text given without a file), with the main
/// games of the files it extends, in order, before its own statements. With `within` (a
/// canonical folder), an extended file must be a `.varia` file inside it: any other is refused
/// unread.
pub(crate) fn parse(
    source: &str,
    path: Option<&Path>,
    within: Option<&Path>,
) -> Result<(syntax::File, Bases), LoadError> {
    let mut bases = Bases {
        within: within.map(Path::to_path_buf),
        ..Bases::default()
    };
    // The files being read, outermost first, each as (real path, path as shown): a circle
    // is a file met again.
    let mut stack: Vec<(PathBuf, String)> = path
        .map(|p| {
            let real = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
            (real, p.display().to_string())
        })
        .into_iter()
        .collect();
    match parse_at(source, 0, path, &mut stack, &mut bases) {
        Ok(f) => Ok((f, bases)),
        Err(e) => Err(bases.place(e)),
    }
}

fn definition_error(span: Span, message: String) -> LoadError {
    LoadError::Definition(vec![Diagnostic::error(span, message)])
}

/// Parses a text placed at `offset` in the span space, read from `path`, and the files it
/// extends.
fn parse_at(
    text: &str,
    offset: usize,
    path: Option<&Path>,
    stack: &mut Vec<(PathBuf, String)>,
    bases: &mut Bases,
) -> Result<syntax::File, LoadError> {
    let mut file =
        syntax::parse_placed(text, offset).map_err(|e| definition_error(e.span, e.message))?;
    let Some(ext) = file.extends.clone() else {
        return Ok(file);
    };
    if offset == 0 {
        bases.at = Some(ext.span);
    }
    // A circle is told once, at the first `extends`, whichever file closes it.
    let top = bases.at.unwrap_or(ext.span);
    let (real, joined, base_text) = read_base(&ext, top, path, stack, bases.within.as_deref())?;
    let base_offset = offset + text.len() + 1;
    let shown = joined.display().to_string();
    bases.parts.push(Part {
        offset: base_offset,
        shown: shown.clone(),
        text: base_text.clone(),
    });
    stack.push((real, shown));
    let base = parse_at(&base_text, base_offset, Some(&joined), stack, bases);
    stack.pop();
    let base = base?;
    let catalog = Catalog::new(&base);
    if !catalog.problems.is_empty() {
        // A problem of the whole file (it has no `game`) is at its first byte, not the
        // extending file's.
        let at = |s: Span| Span {
            start: s.start.max(base_offset),
            end: s.end.max(base_offset),
        };
        let problems = catalog.problems.iter().cloned();
        return Err(LoadError::Definition(
            problems
                .map(|d| Diagnostic {
                    span: at(d.span),
                    ..d
                })
                .collect(),
        ));
    }
    let chain = catalog.chain(catalog.main()).unwrap_or_default();
    file.base = chain
        .into_iter()
        .map(|(s, sp)| (s.to_vec(), sp.to_vec()))
        .collect();
    Ok(file)
}

/// Reads the file an `extends` names: its real path, its path as shown (joined to the
/// extending file's folder), and its text.
fn read_base(
    ext: &Spanned<String>,
    top: Span,
    path: Option<&Path>,
    stack: &[(PathBuf, String)],
    within: Option<&Path>,
) -> Result<(PathBuf, PathBuf, String), LoadError> {
    let fail = |m: String| definition_error(ext.span, m);
    let Some(path) = path else {
        return Err(fail(format!(
            "`extends \"{}\"` needs the path of this definition to find that file from: load \
             the definition from its file",
            ext.node
        )));
    };
    let dir = path.parent().unwrap_or(Path::new(""));
    let joined = normal(&dir.join(&ext.node));
    // Outside the folder as written, the file is refused before anything is asked of it (not
    // even whether it exists); inside as written, where a link leads is checked too.
    let outside = |p: &Path| {
        within.is_some_and(|w| !p.starts_with(w) || p.extension().is_none_or(|e| e != "varia"))
    };
    let refused = || {
        fail(format!(
            "`extends \"{}\"` names a file outside the folder served, or not a .varia file: \
             a shared server reads no other",
            ext.node
        ))
    };
    if outside(&joined) {
        return Err(refused());
    }
    let shown = joined.display().to_string();
    let real = joined.canonicalize().map_err(|e| {
        fail(format!(
            "cannot read `{}` ({shown}): {}",
            ext.node,
            io_words(&e)
        ))
    })?;
    if outside(&real) {
        return Err(refused());
    }
    if let Some(i) = stack.iter().position(|(p, _)| *p == real) {
        let mut names: Vec<&str> = stack[i..].iter().map(|(_, s)| s.as_str()).collect();
        names.push(&shown);
        return Err(definition_error(
            top,
            format!(
                "`extends` goes round in a circle: {}",
                names.join(" extends ")
            ),
        ));
    }
    if stack.len() > MAX_EXTENDS {
        return Err(fail(format!(
            "a chain of `extends` reads at most {MAX_EXTENDS} files"
        )));
    }
    let text = read_capped(&real)
        .map_err(|e| fail(format!("cannot read `{}` ({shown}): {e}", ext.node)))?;
    Ok((real, joined, text))
}

/// A path with `.` and `dir/..` taken out, as written (no links followed).
fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(out.components().next_back(), Some(Component::Normal(_))) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// An I/O error in words, without the OS's error number.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// Reads a definition file of at most [`syntax::MAX_SOURCE_BYTES`] as UTF-8 text.
fn read_capped(path: &Path) -> Result<String, String> {
    use std::io::Read;
    let max = syntax::MAX_SOURCE_BYTES as u64;
    if path.is_dir() {
        return Err("it is a folder".into());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| io_words(&e))?;
    if bytes.len() as u64 > max {
        return Err(format!("a definition has at most {max} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string())
}

impl Bases {
    /// Moves the problems found in extended files to the `extends` statement, each saying where
    /// it is in its file.
    pub(crate) fn place(&self, e: LoadError) -> LoadError {
        match e {
            LoadError::Definition(ds) => {
                let mut ds: Vec<Diagnostic> = ds.into_iter().map(|d| self.place_one(d)).collect();
                ds.sort();
                ds.dedup();
                LoadError::Definition(ds)
            }
            other => other,
        }
    }

    /// Moves one problem found in an extended file to the `extends` statement.
    pub(crate) fn place_one(&self, mut d: Diagnostic) -> Diagnostic {
        d.labels.retain(|(s, _)| self.part(*s).is_none());
        let (Some(at), Some(part)) = (self.at, self.part(d.span)) else {
            return d;
        };
        let local = d.span.start - part.offset;
        let before = &part.text[..local.min(part.text.len())];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        d.message = format!(
            "{} (in {}:{line}:{column}, which this game extends)",
            d.message, part.shown
        );
        d.span = at;
        d
    }

    /// The texts of the extended files, the one named first.
    pub(crate) fn texts(&self) -> Vec<String> {
        self.parts.iter().map(|p| p.text.clone()).collect()
    }

    /// Moves a place in an extended file to the `extends` statement.
    pub(crate) fn place_span(&self, s: Span) -> Span {
        match (self.at, self.part(s)) {
            (Some(at), Some(_)) => at,
            _ => s,
        }
    }

    /// The extended file a place is in, if any.
    fn part(&self, s: Span) -> Option<&Part> {
        self.parts
            .iter()
            .find(|p| s.start >= p.offset && s.start <= p.offset + p.text.len())
    }
}
