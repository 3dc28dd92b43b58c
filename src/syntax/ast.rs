//! The spanned syntax tree of a definition file: what was written, before any name is resolved.

use super::keywords::{GoalRider, RowLines, Verdict};
pub use super::words::{Flag, PieceFlag, TypesPhrase};
use crate::rules::{Direction, Obligation, Outcome, Royalty, Style, Trigger, WallCells};
use serde::Serialize;

/// A byte range in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A value with the span of the text it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

pub type Name = Spanned<String>;

/// A whole number as written: its value, if it fits in 32 bits, and its text (for messages that
/// must quote what the user wrote, not a clamped value).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Int {
    pub value: Option<u32>,
    pub text: String,
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// A whole definition file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct File {
    /// `extends "FILE"`: the file whose main game this one builds on, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<Spanned<String>>,
    /// The statements of the extended file's main game, block by block, first to last (filled
    /// in when the file is read, not by the parser).
    #[serde(skip)]
    pub base: Vec<(Vec<Statement>, Vec<Span>)>,
    /// The main game's statements.
    pub statements: Vec<Statement>,
    /// Where each of them is written.
    pub spans: Vec<Span>,
    pub variants: Vec<Variant>,
    pub options: Vec<OptionBlock>,
}

/// `option GROUP VALUE` and the statements that apply when the value is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionBlock {
    pub group: Name,
    pub value: Name,
    pub statements: Vec<Statement>,
    /// Where each statement is written.
    pub spans: Vec<Span>,
    pub span: Span,
}

/// `variant NAME [extends NAME]` and the statements that differ from its parent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Variant {
    pub name: Name,
    pub extends: Option<Name>,
    pub statements: Vec<Statement>,
    /// Where each statement is written.
    pub spans: Vec<Span>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Statement {
    Game {
        id: Name,
        title: Option<Spanned<String>>,
    },
    Board {
        files: Spanned<Int>,
        ranks: Spanned<Int>,
    },
    Holes(Region),
    Player {
        name: Name,
        forward: Spanned<Direction>,
    },
    Zone {
        name: Name,
        player: Option<Name>,
        region: Region,
    },
    Piece(Piece),
    Setup(Spanned<String>),
    /// A statement whose words are the whole statement (`drops fall`): a row of [`Flag`]'s
    /// table.
    Flag(Flag, Span),
    /// A statement of words and one list of piece types (`drops of TYPE... are free`): a row
    /// of [`TypesPhrase`]'s table.
    Types(TypesPhrase, Vec<Name>, Span),
    /// `hand order TYPE...`
    HandOrder(Vec<Name>),
    /// `drops give castling rights in ZONE and ZONE`: the kings' zone, the partners'.
    CastlingByDrops(Name, Name),
    Castling {
        king: Name,
        /// `from FILE`: the file a king must stand on to castle.
        #[serde(skip_serializing_if = "Option::is_none")]
        from: Option<Name>,
        rook: Name,
        /// `to FILE FILE`: the king's destination files, towards higher and lower files.
        to: Option<(Spanned<String>, Spanned<String>)>,
        /// `to any of FILE...`: the files the king may land on (free castling).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        any_of: Vec<Name>,
        /// `, all unattacked`: the king's cells up to its farthest landing must be unattacked.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        all_unattacked: bool,
        /// `by N cells`: how many cells the king moves towards its partner.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<Spanned<Int>>,
    },
    /// `shuffle REGION: RULE, ...`
    Shuffle {
        region: Region,
        rules: Vec<ShuffleRule>,
    },
    Checkmate(Spanned<Outcome>),
    Stalemate(Spanned<Outcome>),
    /// `style leap|step|displace for TYPE...`
    Style {
        style: Spanned<Style>,
        pieces: Vec<Name>,
    },
    Interchangeable(Vec<Name>),
    MainVariant(Name),
    /// `xboard variant NAME`
    XboardVariant(Name),
    /// `no leap between ZONE zones`
    Separated(Name),
    /// `goal [N] TYPE... in ZONE [, held|safe|answerable]`
    Goal {
        /// How many pieces it needs (default 1).
        count: Option<Spanned<Int>>,
        pieces: Vec<Name>,
        zone: Name,
        mode: Option<Spanned<GoalRider>>,
        span: Span,
    },
    /// `extinction of all pieces|[all of] TYPE... [down to N] [against N] [unless bared back]
    /// VERDICT`
    Extinction {
        /// Empty: all pieces.
        pieces: Vec<Name>,
        /// `all of`: the listed types count together, not each on its own.
        together: bool,
        down_to: Option<Spanned<Int>>,
        against: Option<Spanned<Int>>,
        bared_back: bool,
        verdict: Spanned<Verdict>,
        span: Span,
    },
    /// `N checks win`
    CheckLimit(Spanned<Int>),
    /// `N in a row [of TYPE...] [LINES...] [in ZONE] VERDICT`
    Row {
        length: Spanned<Int>,
        /// Empty: every type.
        pieces: Vec<Name>,
        /// Empty: every line.
        lines: Vec<Spanned<RowLines>>,
        zone: Option<Name>,
        verdict: Spanned<Verdict>,
        span: Span,
    },
    /// `passing allowed`
    /// `passing allowed` (false) or `passing when stuck` (true).
    Passing(Span, bool),
    /// `drops must enclose [, first in ZONE]`
    EnclosingDrops(Span, Option<Name>),
    /// `after a move, a wall goes on|the wall moves to CELLS [in ZONE]`
    WallRule {
        /// `the wall moves`: the standing walls are lifted first.
        moves: bool,
        cells: Spanned<WallCells>,
        zone: Option<Name>,
        span: Span,
    },
    /// `gating in ZONE [, without drops]` (`true`: without drops)
    Gating(Span, Name, bool),
    /// `promotion in place of TYPE to TYPE... in ZONE [, anywhere when last] [, or moving]
    /// [, attacking nothing] [, at most N on the board]`
    PromotionInPlace {
        piece: Name,
        to: Vec<Name>,
        zone: Name,
        anywhere_when_last: bool,
        moving: bool,
        attacking_nothing: bool,
        /// `at most N on the board`, as written.
        limit: Option<Spanned<Int>>,
        span: Span,
    },
    /// `draws decided by value[, PLAYER +N]`: the player and the bonus as written.
    DrawsByValue(Option<(Name, Spanned<String>)>),
    /// `royalty each|all|alone`
    Royalty(Spanned<Royalty>),
    /// `draws count for PLAYER`
    DrawOdds(Name),
    /// `repetition N VERDICT [for PLAYER] [, perpetual check loses]`
    Repetition {
        count: Spanned<Int>,
        verdict: Spanned<Verdict>,
        player: Option<Name>,
        perpetual: bool,
        span: Span,
    },
    /// `back and forth N times loses [, except TYPE...]`
    BackAndForth {
        times: Spanned<Int>,
        except: Vec<Name>,
        span: Span,
    },
    /// `move limit N`
    MoveLimit(Spanned<Int>),
    /// `counting stops on TYPE...`
    CountingStoppers(Vec<Name>),
    /// `counting board N [with stoppers] [up to N pieces]`
    CountingBoard {
        limit: Spanned<Int>,
        with_stoppers: bool,
        up_to: Option<Spanned<Int>>,
    },
    /// `counting bare N [from pieces] [: N TYPE LIMIT, ...]`
    CountingBare {
        limit: Spanned<Int>,
        from_pieces: bool,
        honours: Vec<(Spanned<Int>, Name, Spanned<Int>)>,
    },
}

/// A rule of a shuffled set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ShuffleRule {
    /// `TYPE... on both colours`
    BothColours(Vec<Name>),
    /// `TYPE between TYPE`
    Between(Name, Name),
}

/// A union of region items.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Region {
    pub items: Vec<Spanned<RegionItem>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum RegionItem {
    /// Ranks numbered from 1, inclusive.
    Ranks(Int, Int),
    /// Files as letters, inclusive.
    Files(char, char),
    All,
    /// A rectangle between two corner cells, inclusive.
    Rect(String, String),
    Cell(String),
    Zone(String),
}

/// `piece NAME [SYMBOL]` and its properties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    pub name: Name,
    pub symbol: Option<Spanned<String>>,
    pub properties: Vec<Property>,
    /// Where each property is written.
    pub property_spans: Vec<Span>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Property {
    Value(Spanned<i64>),
    /// `rank N`: its rank for captures over lower ranks.
    Rank(Spanned<i64>),
    /// A property whose words are the whole property (`royal`): a row of [`PieceFlag`]'s
    /// table.
    Flag(PieceFlag, Span),
    Moves {
        words: Vec<MoveWord>,
        zone: Option<Name>,
        /// `within ZONE` rather than `in ZONE`: destinations and passed cells too.
        within: bool,
        /// `after its first move`: only a piece that has lost its first-move right makes them.
        after_first: bool,
        span: Span,
    },
    Confined(Name),
    Barred(Name),
    Promotes {
        /// `stronger captive`: swap with a stronger type from hand, `to` being the fallback.
        captive: bool,
        to: Vec<Name>,
        trigger: Spanned<Trigger>,
        zone: Name,
        obligation: Option<Spanned<Obligation>>,
        /// `deferred after a drop in ZONE`
        deferred: Option<Name>,
        span: Span,
    },
    DropsIn(Name),
    PerFile(Spanned<Int>),
    PerColour(Spanned<Int>),
    EnPassant(Span, Option<Name>),
    TakesEnPassant(Span, Option<Name>),
    /// `may not hop over TYPE...`
    NoHopOver(Vec<Name>),
    /// `may not capture TYPE...`
    NoCapture(Vec<Name>),
    /// `may not capture [protected] TYPE... [from afar] [, unless protected only by TYPE...] [,
    /// unless also capturing other than TYPE...]`, with at least one condition.
    CaptureLimit {
        /// The types it may not capture so.
        types: Vec<Name>,
        /// Only where the captured piece's owner attacks its cell after the move.
        protected: bool,
        /// Protection by pieces of these types alone does not count.
        only_by: Vec<Name>,
        /// Only from a cell that is not a king's step from the captured piece.
        afar: bool,
        /// The move may still capture so if it also takes a piece of a type not listed here.
        unless_also: Vec<Name>,
        span: Span,
    },
    /// `first moves lost when aimed at by TYPE...`
    FirstMovesLost(Vec<Name>),
    /// `moves only BETZA... until its side captures`: until its owner has captured, only the
    /// moves these leaps make too.
    OnlyUntilCapture {
        words: Vec<MoveWord>,
        span: Span,
    },
    OnBoard(Spanned<Int>),
    /// `survives [nearby] blasts`: with `nearby`, only its own capture's blast removes it.
    SurvivesBlasts {
        nearby: bool,
        span: Span,
    },
}

/// One Betza word such as `FfW`: a sequence of atoms, each with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveWord {
    pub atoms: Vec<MoveAtom>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveAtom {
    pub modifiers: Spanned<String>,
    /// A Betza letter (`W`) or an explicit vector (`(3,1)`).
    pub atom: Spanned<String>,
    /// Digits, `*`, or nothing.
    pub range: Option<Spanned<String>>,
}
