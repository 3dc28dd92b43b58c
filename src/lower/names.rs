//! What the lowering passes share: the errors found so far, the source map being filled, and the
//! names resolved so far (zones, pieces, players), each looked up with an error at the name when
//! it is unknown.

use super::diagnostic::Diagnostic;
use super::source_map::SourceMap;
use crate::rules::{PieceId, PlayerId, ZoneId};
use crate::suggest::did_you_mean;
use crate::syntax::{self, Name, Span, Spanned};
use std::collections::HashMap;

/// The lowering passes' shared state.
pub(super) struct Names<'e> {
    errors: &'e mut Vec<Diagnostic>,
    /// The places of the rule set's parts, by rule-set path.
    pub(super) map: SourceMap,
    /// Zone names to ids, once the zones are lowered.
    pub(super) zones: HashMap<String, ZoneId>,
    /// Piece names, in id order, once the pieces are known.
    pub(super) pieces: Vec<String>,
    /// Player names, in id order.
    pub(super) players: Vec<String>,
}

impl<'e> Names<'e> {
    pub(super) fn new(errors: &'e mut Vec<Diagnostic>, map: SourceMap) -> Self {
        Names {
            errors,
            map,
            zones: HashMap::new(),
            pieces: Vec::new(),
            players: Vec::new(),
        }
    }

    /// Reports an error at a place.
    pub(super) fn err(&mut self, span: Span, message: impl Into<String>) {
        self.errors.push(Diagnostic::error(span, message));
    }

    /// The error sink the region functions take.
    pub(super) fn sink(&mut self) -> impl FnMut(Span, String) + '_ {
        |span, message| self.errors.push(Diagnostic::error(span, message))
    }

    /// A zone by name.
    pub(super) fn zone(&mut self, n: &Name) -> Option<ZoneId> {
        let id = self.zones.get(&n.node).copied();
        if id.is_none() {
            let hint = did_you_mean(&n.node, self.zones.keys().map(String::as_str));
            self.err(n.span, format!("unknown zone `{}`{hint}", n.node));
        }
        id
    }

    /// A piece type by name.
    pub(super) fn piece(&mut self, n: &Name) -> Option<PieceId> {
        let id = self
            .pieces
            .iter()
            .position(|p| *p == n.node)
            .map(|i| PieceId(i as u8));
        if id.is_none() {
            let hint = did_you_mean(&n.node, self.pieces.iter().map(String::as_str));
            self.err(n.span, format!("unknown piece `{}`{hint}", n.node));
        }
        id
    }

    /// The piece types named, leaving out (and reporting) the unknown ones.
    pub(super) fn types(&mut self, names: &[Name]) -> Vec<PieceId> {
        names.iter().filter_map(|n| self.piece(n)).collect()
    }

    /// A player by name.
    pub(super) fn player(&mut self, n: &Name) -> Option<PlayerId> {
        let id = self
            .players
            .iter()
            .position(|p| *p == n.node)
            .map(|i| PlayerId(i as u8));
        if id.is_none() {
            let hint = did_you_mean(&n.node, self.players.iter().map(String::as_str));
            self.err(n.span, format!("unknown player `{}`{hint}", n.node));
        }
        id
    }

    /// A number in `lo..=hi`, or an error naming `what` it is.
    pub(super) fn small(
        &mut self,
        n: &Spanned<syntax::Int>,
        what: &str,
        lo: u32,
        hi: u32,
    ) -> Option<u32> {
        let v = n.node.value.filter(|v| (lo..=hi).contains(v));
        if v.is_none() {
            self.err(n.span, format!("{what} must be {lo}..{hi}, not {}", n.node));
        }
        v
    }
}
