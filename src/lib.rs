//! varia: chess variants from declarative definitions.
//!
//! A definition file is parsed ([`syntax`]), lowered to a [`rules::RuleSet`] ([`lower`]) and
//! played by the generic [`engine`].
//!
//! ```
//! let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
//! let game = varia::load_str(&source, None).unwrap();
//! let start = game.start().unwrap();
//! assert_eq!(game.perft(&start, 2), 400);
//! ```

pub mod diagnostics;
pub mod engine;
pub mod lower;
pub mod rules;
pub mod syntax;

pub use engine::{Game, Move, Position, Status};
pub use rules::RuleSet;

/// Why a definition could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{}", .0.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))]
    Definition(Vec<lower::Diagnostic>),
    #[error("unknown variant `{name}` (variants: {})", .known.join(", "))]
    UnknownVariant { name: String, known: Vec<String> },
}

/// Parses and lowers a definition, then checks its start position; every problem found is
/// returned at once, sorted by position.
pub fn compile(source: &str, variant: Option<&str>) -> Result<RuleSet, LoadError> {
    let file = syntax::parse(source).map_err(|e| {
        LoadError::Definition(vec![lower::Diagnostic {
            span: e.span,
            message: e.message,
        }])
    })?;
    let lowered = match lower::lower(&file, variant) {
        Ok(Some(l)) => l,
        Ok(None) => {
            return Err(LoadError::UnknownVariant {
                name: variant.unwrap_or_default().to_string(),
                known: lower::variant_names(&file),
            });
        }
        Err(d) => return Err(LoadError::Definition(d)),
    };
    let game = Game::new(lowered.rules.clone());
    if let Err(e) = game.start() {
        let span = setup_error_span(&lowered.rules, lowered.setup_span, &e);
        return Err(LoadError::Definition(vec![lower::Diagnostic {
            span,
            message: format!("bad setup: {e}"),
        }]));
    }
    Ok(lowered.rules)
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

/// Compiles a definition and builds its engine.
pub fn load_str(source: &str, variant: Option<&str>) -> Result<Game, LoadError> {
    compile(source, variant).map(Game::new)
}
