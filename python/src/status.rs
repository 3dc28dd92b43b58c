//! Python's `Status`: where a game stands.

use crate::core::StatusInfo;
use crate::repr::{py_bool, py_repr};
use pyo3::prelude::*;

/// Where a game stands.
///
/// `over`: the game is over; `in_check`: the player to move is in check (also when mated);
/// `reason`: the rule that ended the game (`"checkmate"`, `"stalemate"`, `"drop-mate"`,
/// `"last-player"`, `"goal"`, `"extinction"`, `"repetition"`, ...: `varia/__init__.pyi` lists them all) or
/// None; `outcome`: what that rule means for the player to move (`"win"`,
/// `"loss"`, `"draw"`, `"elimination"`) or None; `winner`: the winner's name, None for a draw or
/// an unfinished game; `description`: all that in words, as `varia show` says it.
#[pyclass(frozen, module = "varia", get_all)]
pub(crate) struct Status {
    over: bool,
    in_check: bool,
    reason: Option<&'static str>,
    outcome: Option<&'static str>,
    winner: Option<String>,
    description: String,
}

impl From<StatusInfo> for Status {
    fn from(s: StatusInfo) -> Status {
        Status {
            over: s.over,
            in_check: s.in_check,
            reason: s.reason,
            outcome: s.outcome,
            winner: s.winner,
            description: s.description,
        }
    }
}

#[pymethods]
impl Status {
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<Status>() {
            Ok(o) => {
                let o = o.get();
                (
                    self.over,
                    self.in_check,
                    self.reason,
                    self.outcome,
                    &self.winner,
                ) == (o.over, o.in_check, o.reason, o.outcome, &o.winner)
            }
            Err(_) => false,
        }
    }

    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    fn __str__(&self) -> &str {
        &self.description
    }

    fn __repr__(&self) -> String {
        let opt = |o: Option<&str>| o.map_or("None".to_string(), py_repr);
        format!(
            "Status(over={}, in_check={}, reason={}, outcome={}, winner={})",
            py_bool(self.over),
            py_bool(self.in_check),
            opt(self.reason),
            opt(self.outcome),
            opt(self.winner.as_deref()),
        )
    }
}
