#![warn(missing_docs)]
//! varia: chess variants from declarative definitions.
//!
//! A definition file (the language is described in the README) is compiled into a
//! [`RuleSet`], and a [`Game`] plays it: legal moves, FEN, status, perft, and export of the rules
//! for other tools. The parser and the lowering are private; this page lists what a program
//! needs.
//!
//! Load a definition (or a rule set another tool exported) and get its start position:
//!
//! ```
//! let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
//! let game = varia::load_str(&source, None).unwrap();
//! let start = game.start();
//! assert_eq!(game.fen(&start), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! // The same game from its exported rules:
//! let json = serde_json::to_string(game.rules()).unwrap();
//! let again = varia::Game::new(serde_json::from_str(&json).unwrap()).unwrap();
//! assert_eq!(again.fen(&again.start()), game.fen(&start));
//! ```
//!
//! Read a FEN, list the legal moves, play one (checked) and take it back:
//!
//! ```
//! # let game = varia::load_str(&std::fs::read_to_string("definitions/classic/chess.varia").unwrap(), None).unwrap();
//! let mut pos = game.parse_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
//! let moves: Vec<String> = game.legal_moves(&pos).iter().map(|m| game.move_to_string(m)).collect();
//! assert!(moves.contains(&"a7a8q".to_string()));
//! let m = game.parse_move(&pos, "a7a8q").unwrap();
//! game.play(&mut pos, &m).unwrap();
//! assert_eq!(game.fen(&pos), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
//! assert!(game.undo(&mut pos));
//! assert_eq!(game.fen(&pos), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
//! ```
//!
//! Ask how a position stands, and count its move tree:
//!
//! ```
//! # let game = varia::load_str(&std::fs::read_to_string("definitions/classic/chess.varia").unwrap(), None).unwrap();
//! use varia::{Reason, Status};
//! let mate = game.parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
//! match game.status(&mate) {
//!     Status::Over(end) => {
//!         assert_eq!(end.reason, Reason::Checkmate);
//!         assert_eq!(game.rules().players[end.winner.unwrap().index()].name, "black");
//!     }
//!     Status::Ongoing { .. } => unreachable!(),
//! }
//! assert_eq!(game.perft(&game.start(), 3).unwrap(), 8902);
//! ```
//!
//! A broken definition gives every problem at once, rendered as a compiler would:
//!
//! ```
//! let source = "game g\nboard 8 x 99\n";
//! let err = varia::check(source).unwrap_err();
//! let text = varia::render_diagnostics("g.varia", source, err.diagnostics());
//! assert!(text.contains("g.varia:2:11") && text.contains("a board side must be 1..16, not 99"));
//! ```

use std::path::Path;

pub mod betza;
mod diagnostics;
pub mod engine;
pub mod interop;
mod lower;
pub mod referee;
pub mod rules;
pub mod search;
mod sources;
mod suggest;
mod syntax;

pub use diagnostics::render as render_diagnostics;
pub use engine::{
    CellSet, DepthError, Ending, Game, GameError, MAX_PERFT_DEPTH, Move, MoveList, Position,
    Promotion, Reason, SanError, Status,
};
pub use lower::{Diagnostic, MAX_VARIANTS, Severity, SourceMap};
pub use rules::RuleSet;
pub use syntax::Span;
/// The language's table of statements and piece properties, and its keyword choices.
pub use syntax::{GoalRider, RowLines, UnknownKeyword, Verdict, words};
pub use syntax::{MAX_LINE_BYTES, MAX_SOURCE_BYTES, MAX_STATEMENTS};

/// The README's language reference (its tables of statements and properties, with their
/// markers), generated from the language's table of phrases.
pub fn language_reference() -> String {
    syntax::words::reference()
}

/// Why a definition could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Problems in the definition, sorted by position; render them with
    /// [`render_diagnostics`].
    #[error("{}", .0.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; "))]
    Definition(Vec<Diagnostic>),
    /// The file has no variant of that name.
    #[error("unknown variant `{name}` (variants: {})", .known.join(", "))]
    UnknownVariant {
        /// The name asked for.
        name: String,
        /// The file's variants.
        known: Vec<String>,
    },
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

/// Parses a definition; `path` is the file it was read from (an `extends "FILE"` is found from
/// there; without it, `extends` is refused).
fn parse(source: &str, path: Option<&Path>) -> Result<(syntax::File, sources::Bases), LoadError> {
    sources::parse(source, path, None)
}

/// Gets the texts of the files a definition read from `path` extends, directly or not, the one
/// it names first; none when it extends none or one cannot be read (loading says why). A server
/// keeping compiled games hashes them with the definition's own text to see a change.
pub fn extended_texts(source: &str, path: &Path) -> Vec<String> {
    extended_texts_within(source, path, None)
}

/// [`extended_texts`], reading no file outside `within` (see [`load_within`]).
pub fn extended_texts_within(source: &str, path: &Path, within: Option<&Path>) -> Vec<String> {
    sources::parse(source, Some(path), within).map_or_else(|_| Vec::new(), |(_, b)| b.texts())
}

/// Lists the selectable variants of a definition, the main one first, without compiling them.
pub fn variant_names(source: &str) -> Result<Vec<String>, LoadError> {
    names(source, None, None)
}

/// Lists the selectable variants of a definition read from `path` (an `extends "FILE"` in it is
/// found from there), the main one first, without compiling them.
pub fn variant_names_at(source: &str, path: &Path) -> Result<Vec<String>, LoadError> {
    names(source, Some(path), None)
}

/// [`variant_names_at`], reading no file outside `within` (see [`load_within`]).
pub fn variant_names_within(
    source: &str,
    path: &Path,
    within: Option<&Path>,
) -> Result<Vec<String>, LoadError> {
    names(source, Some(path), within)
}

fn names(
    source: &str,
    path: Option<&Path>,
    within: Option<&Path>,
) -> Result<Vec<String>, LoadError> {
    let (file, bases) = sources::parse(source, path, within)?;
    let catalog = lower::Catalog::new(&file);
    if catalog.problems.is_empty() {
        Ok(catalog.names().to_vec())
    } else {
        Err(bases.place(LoadError::Definition(catalog.problems.clone())))
    }
}

/// Parses and lowers a definition, then checks its start position; every problem found is
/// returned at once, sorted by position.
pub fn compile(source: &str, variant: Option<&str>) -> Result<RuleSet, LoadError> {
    load_str(source, variant).map(|g| g.rules().clone())
}

/// Compiles a definition and builds its engine. A definition that `extends` another file is
/// refused: load it with [`load_at`].
pub fn load_str(source: &str, variant: Option<&str>) -> Result<Game, LoadError> {
    load_from(source, None, None, variant)
}

/// Compiles a definition read from `path` and builds its engine; an `extends "FILE"` in it is
/// found from `path`'s folder.
pub fn load_at(source: &str, path: &Path, variant: Option<&str>) -> Result<Game, LoadError> {
    load_from(source, Some(path), None, variant)
}

/// [`load_at`] confined to a folder: with `within` (a canonical folder), every file the
/// definition `extends`, directly or not, must be a `.varia` file inside it, links followed;
/// any other is refused unread, as a definition error at the `extends` statement. A server that
/// shares a folder reads nothing else.
pub fn load_within(
    source: &str,
    path: &Path,
    within: Option<&Path>,
    variant: Option<&str>,
) -> Result<Game, LoadError> {
    load_from(source, Some(path), within, variant)
}

fn load_from(
    source: &str,
    path: Option<&Path>,
    within: Option<&Path>,
    variant: Option<&str>,
) -> Result<Game, LoadError> {
    let (file, bases) = sources::parse(source, path, within)?;
    let catalog = lower::Catalog::new(&file);
    build(&catalog, variant).map_err(|e| bases.place(e))
}

/// Compiles every variant of a definition; returns their names, or every problem found in any
/// of them, sorted by position.
pub fn check(source: &str) -> Result<Vec<String>, LoadError> {
    let (file, bases) = parse(source, None)?;
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
        Err(bases.place(LoadError::Definition(problems)))
    }
}

/// What checking a definition found: its variants, and the rules that can never apply.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The selectable variants, the main one first.
    pub variants: Vec<String>,
    /// Warnings (rules that can never apply in any variant containing them), sorted by position.
    pub warnings: Vec<Diagnostic>,
}

/// Compiles every variant of a definition as [`check`] does, and also finds the rules that can
/// never apply; on failure, the errors come with the warnings, sorted by position.
pub fn check_all(source: &str) -> Result<Checked, LoadError> {
    check_from(source, None)
}

/// [`check_all`] for a definition read from `path` (an `extends "FILE"` in it is found from
/// there); a problem in an extended file is given at the `extends` statement.
pub fn check_all_at(source: &str, path: &Path) -> Result<Checked, LoadError> {
    check_from(source, Some(path))
}

fn check_from(source: &str, path: Option<&Path>) -> Result<Checked, LoadError> {
    let (file, bases) = parse(source, path)?;
    let catalog = lower::Catalog::new(&file);
    let mut problems = catalog.problems.clone();
    let mut found = Vec::new();
    if problems.is_empty() {
        for name in catalog.names() {
            match build(&catalog, Some(name)) {
                Ok(game) => {
                    let start = game.start();
                    let at = |c: rules::Cell| start.piece(c).map(|p| (p.kind, p.owner));
                    let right = |c: rules::Cell| start.holds_first_move_right(c);
                    let dead =
                        lower::warnings::dead_rules(&catalog, name, game.rules(), &at, &right);
                    found.push((name.clone(), dead));
                }
                Err(e) => problems.extend(e.diagnostics().iter().cloned()),
            }
        }
    }
    let mut warnings: Vec<Diagnostic> = lower::warnings::common(&catalog, &found)
        .into_iter()
        .map(|w| bases.place_one(w))
        .collect();
    warnings.sort();
    warnings.dedup();
    problems.sort();
    problems.dedup();
    if problems.is_empty() {
        Ok(Checked {
            variants: catalog.names().to_vec(),
            warnings,
        })
    } else {
        problems.extend(warnings);
        Err(bases.place(LoadError::Definition(problems)))
    }
}

/// Gets where each part of a variant's rule set is said in a definition (`None`: the main
/// game), by rule-set path: the places validation errors and export refusals point at.
pub fn source_map(source: &str, variant: Option<&str>) -> Result<SourceMap, LoadError> {
    map_from(source, None, variant)
}

/// [`source_map`] for a definition read from `path` (an `extends "FILE"` in it is found from
/// there); what an extended file says is placed at the `extends` statement.
pub fn source_map_at(
    source: &str,
    path: &Path,
    variant: Option<&str>,
) -> Result<SourceMap, LoadError> {
    map_from(source, Some(path), variant)
}

fn map_from(
    source: &str,
    path: Option<&Path>,
    variant: Option<&str>,
) -> Result<SourceMap, LoadError> {
    let (file, bases) = parse(source, path)?;
    let catalog = lower::Catalog::new(&file);
    match lowered(&catalog, variant) {
        Ok(mut l) => {
            l.map.respan(|s| bases.place_span(s));
            Ok(l.map)
        }
        Err(e) => Err(bases.place(e)),
    }
}

fn lowered(catalog: &lower::Catalog, variant: Option<&str>) -> Result<lower::Lowered, LoadError> {
    match lower::lower(catalog, variant) {
        Ok(Some(l)) => Ok(l),
        Ok(None) => Err(LoadError::UnknownVariant {
            name: variant.unwrap_or_default().to_string(),
            known: catalog.names().to_vec(),
        }),
        Err(d) => Err(LoadError::Definition(d)),
    }
}

/// The rule-set path a setup error is about: the rank or the letter it names, else the setup.
fn setup_path(e: &engine::FenError) -> String {
    use engine::FenError::*;
    match e {
        FileCount { rank, .. } | NotAHole(rank) | HoleCovered(rank) | PieceOnHole(rank) => {
            format!("setup.ranks[{rank}]")
        }
        BadRun { rank, .. } => format!("setup.ranks[{rank}]"),
        UnknownPiece(sym) => format!("setup.board[{sym}]"),
        BadChar(c) => format!("setup.board[{c}]"),
        _ => "setup".into(),
    }
}

fn build(catalog: &lower::Catalog, variant: Option<&str>) -> Result<Game, LoadError> {
    let lowered = lowered(catalog, variant)?;
    let map = &lowered.map;
    let at = |path: &str| map.get(path).unwrap_or(Span { start: 0, end: 0 });
    // Lowering has checked the rule set (and placed each fault at its statement).
    match Game::checked(lowered.rules) {
        Ok(game) => Ok(game),
        Err(engine::GameError::Setup(e)) => Err(LoadError::Definition(vec![Diagnostic::error(
            at(&setup_path(&e)),
            format!("bad setup: {e}"),
        )])),
        Err(e @ engine::GameError::Shuffle) => Err(LoadError::Definition(vec![Diagnostic::error(
            at("shuffle.cells"),
            e.to_string(),
        )])),
        Err(e) => Err(LoadError::Definition(vec![Diagnostic::error(
            at(match &e {
                engine::GameError::Rules(r) => &r.path,
                _ => "",
            }),
            e.to_string(),
        )])),
    }
}
