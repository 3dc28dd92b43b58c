//! Python's arguments read into the core's values: formats, moves, search limits.

use crate::core::{self, Format};
use crate::errors::VariaError;
use crate::moves::Move;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Parses a `format` argument.
pub(crate) fn format_arg(format: &str, allowed: &[&str]) -> PyResult<Format> {
    match Format::parse(format) {
        Some(f) if allowed.contains(&format) => Ok(f),
        _ => Err(PyValueError::new_err(format!(
            "unknown format `{format}`: expected {}",
            allowed.join(", ")
        ))),
    }
}

/// The moves of a `moves` argument: a sequence of strings or Moves, or one string split at
/// spaces.
pub(crate) fn move_list(moves: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(moves) = moves else {
        return Ok(Vec::new());
    };
    if let Ok(s) = moves.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(String::from).collect());
    }
    let mut out = Vec::new();
    for item in moves.try_iter()? {
        out.push(move_text(&item?)?);
    }
    Ok(out)
}

/// The text of a move argument: a `str` (`"e2e4"`) or a `Move`.
pub(crate) fn move_text(m: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(mv) = m.cast::<Move>() {
        return Ok(mv.get().text().to_string());
    }
    match m.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a move (a str such as 'e2e4', or a varia.Move), got {}",
            m.get_type().name()?
        ))),
    }
}

/// When a search stops, from Python's arguments.
pub(crate) fn search_limits(
    depth: Option<i64>,
    nodes: Option<i64>,
    movetime: Option<i64>,
) -> PyResult<core::SearchLimits> {
    if depth.is_none() && nodes.is_none() && movetime.is_none() {
        return Err(VariaError::new_err(
            "search needs a limit: depth (plies), nodes or movetime (milliseconds)",
        ));
    }
    let depth = depth
        .map(|d| {
            u32::try_from(d)
                .ok()
                .filter(|d| (1..=128).contains(d))
                .ok_or_else(|| VariaError::new_err(format!("search depth {d} is not in 1..=128")))
        })
        .transpose()?;
    let positive = |what: &str, n: i64| {
        u64::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| VariaError::new_err(format!("search {what} {n} is not positive")))
    };
    Ok(core::SearchLimits {
        depth,
        nodes: nodes.map(|n| positive("nodes", n)).transpose()?,
        movetime_ms: movetime.map(|n| positive("movetime", n)).transpose()?,
        threads: 1,
    })
}
