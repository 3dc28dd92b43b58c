//! The Python module `varia`: games, positions, matches and errors as Python objects. Calls into
//! the varia crate go through [`core`], and for matches [`referee`] and [`engines`], only.

mod args;
mod core;
mod engines;
mod errors;
mod game;
mod match_game;
mod matches;
mod moves;
mod reading;
mod referee;
mod repr;
mod status;

use crate::errors::{DefinitionError, FenError, IllegalMove, UnknownVariant, VariaError};
use crate::game::{Game, Position};
use crate::match_game::{MatchGame, digest, sprt};
use crate::matches::{MatchReport, MatchSeries, play_match};
use crate::moves::{Move, Outcome, SearchResult};
use crate::reading::{check, load, loads, variants, warnings};
use crate::status::Status;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Chess variants from declarative definitions: load a definition (or an exported rule set),
/// then get positions, legal moves, game status, searches, perft counts and matches.
///
/// >>> import varia
/// >>> game = varia.load("definitions/classic/chess.varia")
/// >>> game.start().perft(2)
/// 400
#[pymodule(name = "varia")]
fn varia_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(warnings, m)?)?;
    m.add_function(wrap_pyfunction!(play_match, m)?)?;
    m.add_function(wrap_pyfunction!(digest, m)?)?;
    m.add_function(wrap_pyfunction!(sprt, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<Position>()?;
    m.add_class::<Status>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<SearchResult>()?;
    m.add_class::<MatchReport>()?;
    m.add_class::<MatchSeries>()?;
    m.add_class::<MatchGame>()?;
    m.add("VariaError", py.get_type::<VariaError>())?;
    m.add("DefinitionError", py.get_type::<DefinitionError>())?;
    m.add("UnknownVariant", py.get_type::<UnknownVariant>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // `from .varia import *` in the package takes only these names: `__version__` too.
    let all = [
        "__version__",
        "load",
        "loads",
        "variants",
        "check",
        "warnings",
        "match",
        "Game",
        "Position",
        "Status",
        "Move",
        "Outcome",
        "SearchResult",
        "MatchReport",
        "MatchSeries",
        "MatchGame",
        "VariaError",
        "DefinitionError",
        "UnknownVariant",
        "FenError",
        "IllegalMove",
    ];
    m.add("__all__", PyList::new(py, all)?)?;
    Ok(())
}
