//! The Python module `varia`: games, positions and errors as Python objects. Calls into the varia
//! crate go through [`core`] only.

mod args;
mod core;
mod errors;
mod game;
mod moves;
mod reading;
mod repr;
mod status;

use crate::errors::{DefinitionError, FenError, IllegalMove, UnknownVariant, VariaError};
use crate::game::{Game, Position};
use crate::moves::{Move, Outcome, SearchResult};
use crate::reading::{check, load, loads, variants};
use crate::status::Status;
use pyo3::prelude::*;
use pyo3::types::PyList;

/// Chess variants from declarative definitions: load a definition (or an exported rule set),
/// then get positions, legal moves, game status and perft counts.
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
    m.add_class::<Game>()?;
    m.add_class::<Position>()?;
    m.add_class::<Status>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<SearchResult>()?;
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
        "Game",
        "Position",
        "Status",
        "Move",
        "Outcome",
        "SearchResult",
        "VariaError",
        "DefinitionError",
        "UnknownVariant",
        "FenError",
        "IllegalMove",
    ];
    m.add("__all__", PyList::new(py, all)?)?;
    Ok(())
}
