//! varia: chess variants from declarative definitions.
//!
//! A definition file is parsed ([`syntax`]), lowered to a [`rules::RuleSet`] ([`lower`]) and
//! played by the generic [`engine`].
//!
//! ```
//! let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
//! let game = varia::load_str(&source, None).unwrap();
//! let start = game.start();
//! assert_eq!(game.perft(&start, 2).unwrap(), 400);
//! ```

mod diagnostics;
pub mod engine;
mod lower;
pub mod rules;
pub mod search;
mod syntax;

pub use diagnostics::render as render_diagnostics;
pub use engine::{
    DepthError, Ending, Game, GameError, MAX_PERFT_DEPTH, Move, Position, Reason, Status,
};
pub use lower::{Diagnostic, MAX_VARIANTS};
pub use rules::RuleSet;
pub use syntax::Span;

/// Why a definition could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Problems in the definition, sorted by position; render them with
    /// [`render_diagnostics`].
    #[error("{}", .0.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))]
    Definition(Vec<Diagnostic>),
    #[error("unknown variant `{name}` (variants: {})", .known.join(", "))]
    UnknownVariant { name: String, known: Vec<String> },
}

impl LoadError {
    /// Gets the diagnostics of a definition error (none for an unknown variant).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            LoadError::Definition(d) => d,
            LoadError::UnknownVariant { .. } => &[],
        }
    }
}

fn parse(source: &str) -> Result<syntax::File, LoadError> {
    syntax::parse(source).map_err(|e| {
        LoadError::Definition(vec![Diagnostic {
            span: e.span,
            message: e.message,
        }])
    })
}

/// Lists the selectable variants of a definition, the main one first, without compiling them.
pub fn variant_names(source: &str) -> Result<Vec<String>, LoadError> {
    let file = parse(source)?;
    let catalog = lower::Catalog::new(&file);
    if catalog.problems.is_empty() {
        Ok(catalog.names().to_vec())
    } else {
        Err(LoadError::Definition(catalog.problems.clone()))
    }
}

/// Parses and lowers a definition, then checks its start position; every problem found is
/// returned at once, sorted by position.
pub fn compile(source: &str, variant: Option<&str>) -> Result<RuleSet, LoadError> {
    load_str(source, variant).map(|g| g.rules().clone())
}

/// Compiles a definition and builds its engine.
pub fn load_str(source: &str, variant: Option<&str>) -> Result<Game, LoadError> {
    let file = parse(source)?;
    let catalog = lower::Catalog::new(&file);
    build(&catalog, variant)
}

/// Compiles every variant of a definition; returns their names, or every problem found in any
/// of them, sorted by position.
pub fn check(source: &str) -> Result<Vec<String>, LoadError> {
    let file = parse(source)?;
    let catalog = lower::Catalog::new(&file);
    let mut problems = catalog.problems.clone();
    if problems.is_empty() {
        for name in catalog.names() {
            if let Err(e) = build(&catalog, Some(name)) {
                problems.extend(e.diagnostics().iter().cloned());
            }
        }
    }
    problems.sort();
    problems.dedup();
    if problems.is_empty() {
        Ok(catalog.names().to_vec())
    } else {
        Err(LoadError::Definition(problems))
    }
}

fn build(catalog: &lower::Catalog, variant: Option<&str>) -> Result<Game, LoadError> {
    let lowered = match lower::lower(catalog, variant) {
        Ok(Some(l)) => l,
        Ok(None) => {
            return Err(LoadError::UnknownVariant {
                name: variant.unwrap_or_default().to_string(),
                known: catalog.names().to_vec(),
            });
        }
        Err(d) => return Err(LoadError::Definition(d)),
    };
    let setup_span = lowered.setup_span;
    let rules = lowered.rules;
    match Game::new(rules.clone()) {
        Ok(game) => Ok(game),
        Err(engine::GameError::Setup(e)) => Err(LoadError::Definition(vec![Diagnostic {
            span: setup_error_span(&rules, setup_span, &e),
            message: format!("bad setup: {e}"),
        }])),
        // Lowering refuses what validation would, with a better place; this is the safety net.
        Err(e) => Err(LoadError::Definition(vec![Diagnostic {
            span: Span { start: 0, end: 0 },
            message: e.to_string(),
        }])),
    }
}

/// Narrows a setup error to the rank or piece it is about, where the error names one.
fn setup_error_span(rules: &RuleSet, setup: syntax::Span, e: &engine::FenError) -> syntax::Span {
    use engine::FenError::*;
    let fen = &rules.setup;
    let board_end = fen.find([' ', '[']).unwrap_or(fen.len());
    let at = |start: usize, len: usize| syntax::Span {
        start: setup.start + start,
        end: setup.start + start + len,
    };
    let rank_span = |rank: usize| {
        // Ranks are written from the highest down.
        let index = (rules.board.ranks as usize).checked_sub(rank)?;
        let mut start = 0;
        for (i, text) in fen[..board_end].split('/').enumerate() {
            if i == index {
                return Some(at(start, text.len()));
            }
            start += text.len() + 1;
        }
        None
    };
    let found = match e {
        FileCount { rank, .. } | NotAHole(rank) | HoleCovered(rank) | PieceOnHole(rank) => {
            rank_span(*rank)
        }
        UnknownPiece(sym) => fen[..board_end]
            .find(sym.as_str())
            .map(|i| at(i, sym.len())),
        BadChar(c) => fen[..board_end].find(*c).map(|i| at(i, c.len_utf8())),
        _ => None,
    };
    found.unwrap_or(setup)
}
