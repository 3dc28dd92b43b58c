//! The module's functions that read definitions: `load`, `loads`, `variants`, `check`,
//! `warnings`.

use crate::args::format_arg;
use crate::core::{self, Format};
use crate::errors::{DefinitionError, raise};
use crate::game::Game;
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Reads a text file, with an OSError as Python's `open` raises it.
fn read_file(path: &Path, name: &str) -> PyResult<String> {
    let bytes = std::fs::read(path).map_err(|e| match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, os_message(&e), name.to_string())),
        None => PyOSError::new_err(format!("cannot read {name}: {e}")),
    })?;
    String::from_utf8(bytes).map_err(|_| {
        DefinitionError::new_err(format!("cannot read {name}: the file is not UTF-8 text"))
    })
}

/// An OS error's message without Rust's ` (os error N)` suffix, as Python words it.
fn os_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// What `load`, `variants` and `check` read.
pub(crate) struct Source {
    pub(crate) text: String,
    pub(crate) format: Format,
    /// The name diagnostics use: the path as given, or `<string>`.
    pub(crate) name: String,
    /// The file the text was read from, where an `extends "FILE"` in it is found from.
    pub(crate) path: Option<PathBuf>,
}

/// The text, its format, the name diagnostics use and the file it came from, from a path or
/// source text: a `str` with a line break is source text, any other `str` or path-like object
/// a file name.
pub(crate) fn source_of(
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Source> {
    let text_given = path_or_source
        .cast::<PyString>()
        .ok()
        .map(|s| s.to_cow().map(|c| c.into_owned()))
        .transpose()?
        .filter(|s| s.contains('\n'));
    let explicit = format
        .map(|f| format_arg(f, &["varia", "ron", "json"]))
        .transpose()?;
    if let Some(text) = text_given {
        return Ok(Source {
            text,
            format: explicit.unwrap_or(Format::Varia),
            name: "<string>".into(),
            path: None,
        });
    }
    let path: PathBuf = path_or_source.extract().map_err(|_| {
        PyTypeError::new_err("expected a path (str or os.PathLike) or the text of a definition")
    })?;
    let name = path.to_string_lossy().into_owned();
    Ok(Source {
        text: read_file(&path, &name)?,
        format: explicit.unwrap_or_else(|| Format::of_path(&name)),
        name,
        path: Some(path),
    })
}

/// Loads a game: a definition file (`.varia`), an exported rule set (`.ron`, `.json`), or the
/// text of a definition.
///
/// `path_or_source` is a path (`str` or `os.PathLike`); a `str` that contains a line break is
/// taken as the text of a definition instead. A definition read from a file may `extends
/// "FILE"`, found from that file's folder; text cannot. `variant` selects a variant (default:
/// the file's main game). `format` (`"varia"`, `"ron"`, `"json"`) overrides the guess from the
/// file name.
///
/// Raises `DefinitionError` with the rendered diagnostics, `UnknownVariant`, or `OSError` for a
/// file that cannot be read.
#[pyfunction]
#[pyo3(signature = (path_or_source, variant = None, *, format = None))]
pub(crate) fn load(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    variant: Option<&str>,
    format: Option<&str>,
) -> PyResult<Game> {
    let s = source_of(path_or_source, format)?;
    let game = core::load(&s.text, s.format, variant, &s.name, s.path.as_deref())
        .map_err(|e| raise(py, e))?;
    Ok(Game {
        game: Arc::new(game),
    })
}

/// Loads a game from text: a definition (`format="varia"`, the default) or an exported rule set
/// (`"ron"`, `"json"`). `filename` names the text in diagnostics.
///
/// Raises `DefinitionError` with the rendered diagnostics, or `UnknownVariant`.
#[pyfunction]
#[pyo3(signature = (text, variant = None, format = "varia", *, filename = "<string>"))]
pub(crate) fn loads(
    py: Python<'_>,
    text: &str,
    variant: Option<&str>,
    format: &str,
    filename: &str,
) -> PyResult<Game> {
    let format = format_arg(format, &["varia", "ron", "json"])?;
    let game = core::load(text, format, variant, filename, None).map_err(|e| raise(py, e))?;
    Ok(Game {
        game: Arc::new(game),
    })
}

/// Lists the variants of a file (or of definition text, as `load` takes it), the main one
/// first. Each name is accepted by `load(..., variant=NAME)`. The variants are not compiled:
/// use `check` for that.
#[pyfunction]
#[pyo3(signature = (path_or_source, *, format = None))]
pub(crate) fn variants(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let s = source_of(path_or_source, format)?;
    core::variants(&s.text, s.format, &s.name, s.path.as_deref(), false).map_err(|e| raise(py, e))
}

/// Compiles every variant of a file (or of definition text) and lists them, as `varia check`
/// does; raises `DefinitionError` with every problem found in any of them.
#[pyfunction]
#[pyo3(signature = (path_or_source, *, format = None))]
pub(crate) fn check(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<String>> {
    let s = source_of(path_or_source, format)?;
    core::variants(&s.text, s.format, &s.name, s.path.as_deref(), true).map_err(|e| raise(py, e))
}

/// Compiles every variant of a file (or of definition text), as `check` does, and lists its
/// warnings, the designs that compile but cannot be what was meant (a piece that can never move,
/// a zone never used, a promotion that never fires, ...), as `varia check` prints them: each a
/// `(line, column, message)` tuple, lines and columns from 1, sorted by position. An exported
/// rule set has none. Raises `DefinitionError` as `check` does.
#[pyfunction]
#[pyo3(signature = (path_or_source, *, format = None))]
pub(crate) fn warnings(
    py: Python<'_>,
    path_or_source: &Bound<'_, PyAny>,
    format: Option<&str>,
) -> PyResult<Vec<(usize, usize, String)>> {
    let s = source_of(path_or_source, format)?;
    core::warnings(&s.text, s.format, &s.name, s.path.as_deref()).map_err(|e| raise(py, e))
}
