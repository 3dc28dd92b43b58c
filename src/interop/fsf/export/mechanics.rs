//! The mechanics lists in Fairy-Stockfish's terms. Each entry of each list is matched by its
//! kind (no `_` arm), so an entry kind added to a list later does not compile here until the
//! exporter says it in FSF's keys or refuses it.

use super::refusal::{Result, refuse};
use crate::rules::{
    DropRule, Effect, EndingRule, Extinction, Filter, Goal, MoveRule, PieceId, Repetition, Row,
    ValueDraws, Verdict, WallCells, ZoneId,
};

/// What one entry says in Fairy-Stockfish's keys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Say<'a> {
    /// Nothing: a list of types that is empty (free drops, checks a mate needs).
    Nothing,
    /// `flyingGeneral = true`.
    FlyingGeneral,
    /// `pass = true`.
    Pass,
    /// `immobilityIllegal = true`, if the promotions agree.
    ImmobilityIllegal,
    /// `checking = false`.
    NoChecking,
    /// `dropChecks = false`.
    NoDropChecks,
    /// `mustDrop = true` and `mustDropType`, for one type.
    MustDrop(&'a [PieceId]),
    /// `petrifyOnCaptureTypes`.
    Petrify(&'a [PieceId]),
    /// `blastOnCapture = true`: the types that survive nearby blasts, and those that survive
    /// every blast.
    Blast(&'a [PieceId], &'a [PieceId]),
    /// `wallingRule` (its value) and the walling regions (the zone's cells, else the board).
    Walling(&'static str, Option<ZoneId>),
    /// `gating = true` and `seirawanGating = true`; `pieceDrops = false` where pieces are only
    /// gated.
    Gating(bool),
    /// `makpongRule = true`.
    Makpong,
    /// `mustCapture = true`.
    MustCapture,
    /// `enclosingDrop = top`.
    DropOnTop,
    /// The connect keys (one rule).
    Connect(&'a Row),
    /// The extinction keys (one rule).
    Extinction(&'a Extinction),
    /// The flag keys (one rule).
    Flag(&'a Goal),
    /// `bikjangRule = true`.
    Bikjang,
    /// `checkCounting = true`: the checks are counted in the FEN.
    CheckCounting,
    /// `sittuyinPromotion = true` ([`super::in_place`]).
    SittuyinPromotion,
    /// Sittuyin's rule 3.9 c.7, part of FSF's sittuyin promotion.
    OnlyPromotions,
    /// `countingRule`: one of FSF's own ([`super::counting`]).
    Counting,
    /// The n-fold repetition keys.
    NFold(&'a Repetition),
    /// `nMoveRule`.
    NMoveRule(u16),
    /// `stalematePieceCount = true`.
    StalematePieceCount,
    /// `freeDrops = true` (and `pieceDrops`): the types dropped without being held.
    FreeDrops(&'a [PieceId]),
    /// `enclosingDrop = ataxx`.
    DropsTouch,
    /// `enclosingDrop = snort`.
    DropsAvoid,
    /// `enclosingDrop = reversi`, and `enclosingDropStart` (the zone's cells).
    DropsEnclose(Option<ZoneId>),
    /// `flipEnclosedPieces = reversi`.
    FlipEnclosed,
    /// `flipEnclosedPieces = ataxx`.
    FlipNeighbours,
    /// `flipEnclosedPieces = quadwrangle`.
    FlipNeighboursOfTouching,
    /// `passOnStalemate = true`.
    PassOnStalemate,
    /// `adjudicateFullBoard = true`.
    FullBoard,
    /// `materialCounting = unweighted`, where every piece is worth as much.
    DrawsByValue(&'a ValueDraws),
    /// A rule the export refuses.
    Unsaid(Unsaid),
}

/// A mechanism the export refuses, in the order it names them when a rule set has several: those
/// before [`Unsaid::MateNeedsCheckBy`] before the pieces are looked at, the others with the
/// endings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Unsaid {
    MovedArrow,
    Pickup,
    Counterstrike,
    CastlingByDrops,
    CapturerTurns,
    Contagion,
    Burn,
    ChecksOnlyMate,
    NoMatingDrops,
    FrozenAtLimit,
    NoPassingAttacked,
    MateNeedsCheckBy,
    BackAndForth,
    DrawOdds,
}

impl Unsaid {
    /// The rule, as the refusal says it.
    fn rule(self) -> &'static str {
        match self {
            Unsaid::MovedArrow => {
                "`after a move, the wall moves to a cell the piece could move to`: Fairy-Stockfish's duck goes anywhere, its arrows stay"
            }
            Unsaid::Pickup => {
                "`pieces of TYPE... may be picked up`: Fairy-Stockfish has no pickup (Twilight chess)"
            }
            Unsaid::Counterstrike => {
                "`captures of TYPE... by other types may not follow one another`: Fairy-Stockfish has no counter-strike rule (Chu Shogi's Lions)"
            }
            Unsaid::CastlingByDrops => {
                "`drops give castling rights`: not yet written as Fairy-Stockfish's castlingDroppedPiece"
            }
            Unsaid::CapturerTurns => {
                "`capturing pieces change sides`: Fairy-Stockfish has no rule for it"
            }
            Unsaid::Burn => "`pieces of TYPE... burn`: Fairy-Stockfish has no burning",
            Unsaid::Contagion => {
                "`pieces that capture TYPE... become one`: Fairy-Stockfish has no contagion"
            }
            Unsaid::ChecksOnlyMate => {
                "`checks are forbidden unless they mate`: Fairy-Stockfish's checking = false forbids mates too"
            }
            Unsaid::NoMatingDrops => {
                "`mating drops of TYPE... are forbidden`: Fairy-Stockfish's shogiPawnDropMateIllegal leaves the drop legal and makes it lose (varia's `drop may not mate`)"
            }
            Unsaid::FrozenAtLimit => {
                "`promotions at the limit freeze TYPE...`: Fairy-Stockfish's promotionLimit bars the promotion, never the piece's other moves (Gryphon chess)"
            }
            Unsaid::NoPassingAttacked => {
                "`pieces of TYPE... may not pass attacked cells`: Fairy-Stockfish tests only a castling king's cells for attacks (Caissa Britannia's royal queen)"
            }
            Unsaid::MateNeedsCheckBy => {
                "`checkmate needs a check by`: Fairy-Stockfish's shatar rule names its own pieces"
            }
            Unsaid::BackAndForth => {
                "`back and forth`: Fairy-Stockfish's moveRepetitionIllegal counts its own moves and exempts pieces by their regions"
            }
            Unsaid::DrawOdds => "`draws count for`: Fairy-Stockfish's draw odds only adjudicate",
        }
    }

    /// Whether it is refused with the endings (not before the pieces).
    fn with_endings(self) -> bool {
        self >= Unsaid::MateNeedsCheckBy
    }
}

fn move_rule(m: &MoveRule) -> Say<'_> {
    match m {
        MoveRule::RoyalsMayNotFace => Say::FlyingGeneral,
        MoveRule::Passing { when_stuck: false } => Say::Pass,
        MoveRule::Passing { when_stuck: true } => Say::PassOnStalemate,
        // Read with the promotions ([`super::in_place`]).
        MoveRule::PromoteInPlace { .. } => Say::SittuyinPromotion,
        MoveRule::Gate { without_drops, .. } => Say::Gating(*without_drops),
        MoveRule::Pickup { .. } => Say::Unsaid(Unsaid::Pickup),
        MoveRule::Counterstrike { .. } => Say::Unsaid(Unsaid::Counterstrike),
        MoveRule::Wall { cells, moves, zone } => match (cells, moves) {
            (WallCells::Reach, false) => Say::Walling("arrow", *zone),
            (WallCells::Empty, false) => Say::Walling("static", *zone),
            (WallCells::Empty, true) => Say::Walling("duck", *zone),
            (WallCells::Reach, true) => Say::Unsaid(Unsaid::MovedArrow),
        },
    }
}

fn drop_rule(d: &DropRule) -> Say<'_> {
    match d {
        // The start zone is refused with the rule.
        DropRule::Enclose { start } => Say::DropsEnclose(*start),
        DropRule::TouchOwn => Say::DropsTouch,
        DropRule::AvoidEnemy => Say::DropsAvoid,
        DropRule::Free { pieces } if pieces.is_empty() => Say::Nothing,
        DropRule::Free { pieces } => Say::FreeDrops(pieces),
        DropRule::NotWhereStuck => Say::ImmobilityIllegal,
        DropRule::Fall => Say::DropOnTop,
    }
}

fn effect(e: &Effect) -> Say<'_> {
    let unsaid = match e {
        Effect::Petrify { pieces } => return Say::Petrify(pieces),
        Effect::CastlingByDrops {
            kings: _,
            partners: _,
        } => Unsaid::CastlingByDrops,
        Effect::FlipEnclosed => return Say::FlipEnclosed,
        // The survivors are checked against FSF's pawn with the endings.
        Effect::Blast {
            spare_nearby,
            spare_always,
        } => return Say::Blast(spare_nearby, spare_always),
        // The wall on the cell a piece leaves: Fairy-Stockfish's `past` walling.
        Effect::LeaveWalls => return Say::Walling("past", None),
        Effect::FlipNeighbours => return Say::FlipNeighbours,
        Effect::FlipNeighboursOfTouching => return Say::FlipNeighboursOfTouching,
        Effect::CapturerTurns => Unsaid::CapturerTurns,
        Effect::Contagion { pieces: _ } => Unsaid::Contagion,
        Effect::Burn { .. } => Unsaid::Burn,
    };
    Say::Unsaid(unsaid)
}

fn filter(f: &Filter) -> Say<'_> {
    match f {
        Filter::NoChecks { drops_only: false } => Say::NoChecking,
        Filter::NoChecks { drops_only: true } => Say::NoDropChecks,
        Filter::MustDrop { pieces } => Say::MustDrop(pieces),
        Filter::CheckedRoyalOnlyCaptures => Say::Makpong,
        Filter::MustCapture => Say::MustCapture,
        Filter::ChecksOnlyMate => Say::Unsaid(Unsaid::ChecksOnlyMate),
        Filter::NoMatingDrops { .. } => Say::Unsaid(Unsaid::NoMatingDrops),
        Filter::FrozenAtLimit { .. } => Say::Unsaid(Unsaid::FrozenAtLimit),
        Filter::NoPassingAttacked { .. } => Say::Unsaid(Unsaid::NoPassingAttacked),
    }
}

fn ending(e: &EndingRule) -> Say<'_> {
    match e {
        EndingRule::Extinction(x) => Say::Extinction(x),
        EndingRule::Goal(g) => Say::Flag(g),
        EndingRule::Row(r) => Say::Connect(r),
        EndingRule::FullBoard => Say::FullBoard,
        EndingRule::Facing => Say::Bikjang,
        // FSF counts the checks in its FEN, which the set-up gives.
        EndingRule::CheckLimit { checks: _ } => Say::CheckCounting,
        EndingRule::BackAndForth(_) => Say::Unsaid(Unsaid::BackAndForth),
        EndingRule::Repetition(r) => Say::NFold(r),
        EndingRule::MoveLimit { moves } => Say::NMoveRule(*moves),
        EndingRule::Counting(_) => Say::Counting,
        // Written with the promotion in place, FSF's sittuyin promotion ([`super::in_place`]).
        EndingRule::OnlyPromotions => Say::OnlyPromotions,
    }
}

fn verdict(v: &Verdict) -> Say<'_> {
    match v {
        Verdict::MateNeedsCheckBy { pieces } if pieces.is_empty() => Say::Nothing,
        Verdict::MateNeedsCheckBy { pieces: _ } => Say::Unsaid(Unsaid::MateNeedsCheckBy),
        Verdict::StalemateCountsPieces => Say::StalematePieceCount,
        Verdict::DrawOdds { player: _ } => Say::Unsaid(Unsaid::DrawOdds),
        Verdict::DrawsByValue(v) => Say::DrawsByValue(v),
    }
}

/// Every entry of the mechanics lists with its rule-set path (`effects[1]`), in list order.
pub(super) struct Said<'a>(Vec<(String, Say<'a>)>);

impl<'a> Said<'a> {
    /// What the lists' entries say.
    pub(super) fn of(
        moves: &'a [MoveRule],
        drops: &'a [DropRule],
        effects: &'a [Effect],
        filters: &'a [Filter],
        endings: &'a [EndingRule],
        verdicts: &'a [Verdict],
    ) -> Said<'a> {
        fn list<'a, T>(
            name: &str,
            l: &'a [T],
            say: fn(&'a T) -> Say<'a>,
        ) -> Vec<(String, Say<'a>)> {
            let entries = l.iter().enumerate();
            entries
                .map(|(i, e)| (format!("{name}[{i}]"), say(e)))
                .collect()
        }
        let mut all = list("moves", moves, move_rule);
        all.extend(list("drops", drops, drop_rule));
        all.extend(list("effects", effects, effect));
        all.extend(list("filters", filters, filter));
        all.extend(list("endings", endings, ending));
        all.extend(list("verdicts", verdicts, verdict));
        Said(all)
    }

    /// Refuses the first rule the export cannot say (in [`Unsaid`]'s order), of those refused
    /// with the endings or of those refused before the pieces.
    pub(super) fn refuse_unsaid(&self, with_endings: bool) -> Result<()> {
        let first = self
            .0
            .iter()
            .filter_map(|(at, s)| match s {
                Say::Unsaid(u) if u.with_endings() == with_endings => Some((*u, at)),
                _ => None,
            })
            .min_by_key(|(u, _)| *u);
        match first {
            Some((u, at)) => refuse(u.rule(), at.as_str()),
            None => Ok(()),
        }
    }

    /// Whether an entry says this.
    pub(super) fn has(&self, say: Say) -> bool {
        self.0.iter().any(|(_, s)| *s == say)
    }

    /// What the entries say that `pick` picks, with their paths.
    pub(super) fn all<T>(&self, pick: impl Fn(Say<'a>) -> Option<T>) -> Vec<(&str, T)> {
        let picked = self
            .0
            .iter()
            .filter_map(|(at, s)| Some((at.as_str(), pick(*s)?)));
        picked.collect()
    }
}
