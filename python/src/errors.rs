//! The exceptions varia raises, and the core's errors turned into them.

use crate::core::Error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    varia,
    VariaError,
    PyValueError,
    "Base class of the errors varia raises for bad input; a ValueError."
);
pyo3::create_exception!(
    varia,
    DefinitionError,
    VariaError,
    "A definition or an exported rule set that does not compile. The message is the rendered \
     diagnostics (file:line:column, the source line and a caret); `diagnostics` lists them as \
     (line, column, message) tuples."
);
pyo3::create_exception!(
    varia,
    UnknownVariant,
    VariaError,
    "A variant name that the file does not define; the message lists the ones it does."
);
pyo3::create_exception!(
    varia,
    FenError,
    VariaError,
    "A FEN that does not describe a position of the game."
);
pyo3::create_exception!(
    varia,
    IllegalMove,
    VariaError,
    "A move that is malformed, ambiguous or not legal in the position."
);

/// Turns an error of the core into the Python exception that says it.
pub(crate) fn raise(py: Python<'_>, e: Error) -> PyErr {
    match e {
        Error::Definition { text, items } => {
            let err = DefinitionError::new_err(text);
            let value = err.value(py);
            // Setting an attribute on a fresh exception cannot fail in practice; if it did, the
            // exception would still carry its message.
            let _ = value.setattr("diagnostics", items);
            err
        }
        Error::UnknownVariant(m) => UnknownVariant::new_err(m),
        Error::Fen(m) => FenError::new_err(m),
        Error::Move(m) => IllegalMove::new_err(m),
        Error::Value(m) => VariaError::new_err(m),
    }
}
