//! The plan of a game: its rule set's mechanics lists (`rules::mechanics`) compiled, once,
//! before the engine exists, into entries that own their tables. The engine tests each phase
//! of play once (an empty list costs one test) and then runs its entries in the engine's order;
//! what each entry does is in its own file (`effects/`, `drop_rules.rs`, `filters.rs`,
//! `endings.rs`). Nothing here is kept by hand: whether a phase has work is whether its list is
//! empty.

use super::bits::KindSet;
use super::bits::{Bits, set_of};
use super::kinds::{KindBits, kind_set};
use super::legs::LegsPlan;
use super::range_jumps::RangeJumps;
use super::tables::Tables;
use crate::rules::{
    Counting, DropRule, Effect, EndingRule, Extinction, Filter, GoalMode, MoveRule, Outcome,
    PieceId, Row, Royalty, RuleSet, WallCells, ZoneId,
};

/// The eight steps to the cells around a cell, as (file, rank) offsets.
pub(crate) const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Per cell, the cells a king's step away on the board.
pub(crate) fn neighbours<B: Bits>(rules: &RuleSet, t: &Tables<B>) -> Vec<B> {
    (0..t.cells)
        .map(|c| {
            let (f, r) = ((c % t.files) as i32, (c / t.files) as i32);
            let mut near = B::EMPTY;
            for (df, dr) in KING_STEPS {
                if let Some(n) = rules.board.cell(f + df, r + dr) {
                    near |= B::cell(n.index());
                }
            }
            near
        })
        .collect()
}

/// The cells a ferz's step from cell `c`.
fn diagonal_steps<B: Bits>(rules: &RuleSet, t: &Tables<B>, c: usize) -> B {
    let (f, r) = ((c % t.files) as i32, (c / t.files) as i32);
    let mut near = B::EMPTY;
    for (df, dr) in KING_STEPS.into_iter().filter(|(df, dr)| df * dr != 0) {
        if let Some(n) = rules.board.cell(f + df, r + dr) {
            near |= B::cell(n.index());
        }
    }
    near
}

/// A compiled effect (see [`Effect`]); its behaviour is in `effects/`.
pub(crate) enum EffectPlan<B: Bits> {
    /// A dropped king or partner gains castling rights: the zones as each player's cells.
    CastlingByDrops {
        kings: Vec<B>,
        partners: Vec<B>,
    },
    FlipEnclosed,
    /// Captures explode: the blast's tables are [`Plan::blast`], which checks read too.
    Blast,
    LeaveWalls,
    /// The pieces next to where a piece lands change owner (`touching`: after a drop, only
    /// where a piece of its owner is next to it).
    FlipNeighbours {
        near: Vec<B>,
        touching: bool,
    },
    CapturerTurns,
    /// The types whose captures petrify them.
    Petrify(KindSet<B>),
    /// The contagious types: their captors turn into them.
    Contagion(KindSet<B>),
    /// The burning types, whether pieces that end a move next to one burn too, and each cell's
    /// cells a king's step away.
    Burn {
        burners: KindSet<B>,
        passive: bool,
        near: Vec<B>,
    },
}

impl<B: Bits> EffectPlan<B> {
    /// Whether the effect burns pieces.
    fn burns(&self) -> bool {
        matches!(self, EffectPlan::Burn { .. })
    }

    /// Whether the effect gives pieces to another player (so that a piece that moved safely may
    /// attack its old owner's royal after the move).
    fn turns_pieces(&self) -> bool {
        match self {
            EffectPlan::FlipEnclosed
            | EffectPlan::FlipNeighbours { .. }
            | EffectPlan::CapturerTurns => true,
            EffectPlan::CastlingByDrops { .. }
            | EffectPlan::Blast
            | EffectPlan::LeaveWalls
            | EffectPlan::Petrify(_)
            | EffectPlan::Contagion(_)
            | EffectPlan::Burn { .. } => false,
        }
    }
}

/// The blast of a capture (see [`Effect::Blast`]).
pub(crate) struct Blast<B: Bits> {
    /// Per cell, the cells a king's step away.
    pub near: Vec<B>,
    /// The types spared by blasts next to them, and those spared by every blast.
    pub spare_near: KindSet<B>,
    pub spare_all: KindSet<B>,
}

/// A compiled rule of where drops may land (see `drop_rules.rs`).
pub(crate) enum DropShape<B> {
    /// Drops must enclose, except into the start zone's cells (each player's) while one is empty.
    Enclose { start: Option<Vec<B>> },
    /// Drops must land next to a piece of their owner.
    TouchOwn { near: Vec<B> },
    /// Drops may not land orthogonally next to an enemy piece: each cell's wazir steps.
    AvoidEnemy { near: Vec<B> },
    /// Drops land on the lowest empty cell of their file: each file's cells.
    Fall { files: Vec<B> },
}

/// A type that `promotions at the limit freeze` lists, with each promotion of it that can
/// freeze it: its types and their limits on the board.
pub(crate) type Freezing = (u8, Vec<Vec<(u8, u32)>>);

/// A compiled move filter (see [`Filter`]; its behaviour is in `filters.rs`).
pub(crate) enum FilterPlan<B: Bits> {
    NoChecks {
        drops_only: bool,
    },
    MustDrop {
        kinds: KindSet<B>,
    },
    CheckedRoyalOnlyCaptures,
    MustCapture,
    ChecksOnlyMate,
    NoMatingDrops {
        kinds: KindSet<B>,
    },
    /// Captures of some types by others may not follow one another (see `capture_rules.rs`).
    Counterstrike {
        kinds: KindSet<B>,
    },
    /// The types with capture limits, and each type's limits (see `capture_rules.rs`).
    CaptureLimits {
        kinds: KindSet<B>,
        limits: Vec<Vec<LimitPlan<B>>>,
    },
    /// Each frozen type with, per promotion that can freeze it, its types and their limits.
    Frozen {
        kinds: Vec<Freezing>,
    },
    /// The types that may not pass attacked cells.
    NoPassingAttacked {
        kinds: KindSet<B>,
    },
    /// The types left fewer moves until their side's first capture: per type and player (at
    /// `kind * players + player`), the displacements on the board left, each with whether it
    /// may move there and capture there; and each player's number of pieces at the start
    /// (filled in when the start is read), fewer of which tells that an opponent has captured.
    UntilCapture {
        kinds: KindSet<B>,
        left: Vec<Vec<(i32, i32, bool, bool)>>,
        start: Vec<u32>,
    },
}

/// A compiled capture limit ([`crate::rules::CaptureLimit`]).
pub(crate) struct LimitPlan<B: Bits> {
    pub victims: KindSet<B>,
    pub protected: bool,
    /// The types whose protection alone does not count (`unless protected only by`).
    pub aside: KindSet<B>,
    pub from_afar: bool,
    /// The types whose capture on the way does not lift the limit; `None`: no capture does.
    pub unless_also: Option<KindSet<B>>,
}

/// A goal's types, each player's cells, its mode and how many pieces it needs there.
pub(crate) type GoalPlan<B> = (KindSet<B>, Vec<B>, GoalMode, u32);

/// A compiled row rule (see [`Row`]); its behaviour is in `rows.rs`.
pub(crate) struct RowPlan<B: Bits> {
    /// The pieces in the line.
    pub length: u8,
    /// The types that count; empty: every type.
    pub kinds: KindSet<B>,
    /// Each player's cells the line must lie in (the board, without a zone).
    pub cells: Vec<B>,
    /// Per step along a line: the shift of a cell's index to the next cell, and the cells whose
    /// next cell that way is on the board (a shift from any other would wrap or leave it).
    pub steps: Vec<(i32, B)>,
    /// What the row means for the player who made it.
    pub outcome: Outcome,
}

impl<B: Bits> RowPlan<B> {
    pub(crate) fn compile(
        rules: &RuleSet,
        t: &Tables<B>,
        row: &Row,
        per_player: &dyn Fn(ZoneId) -> Vec<B>,
    ) -> RowPlan<B> {
        let steps = row
            .lines
            .iter()
            .flat_map(|l| l.steps())
            .map(|&(df, dr)| {
                let mut from = B::EMPTY;
                for c in t.on_board.cells() {
                    let (f, r) = ((c % t.files) as i32, (c / t.files) as i32);
                    if rules.board.cell(f + df, r + dr).is_some() {
                        from |= B::cell(c);
                    }
                }
                (df + dr * t.files as i32, from)
            })
            .collect();
        RowPlan {
            length: row.length,
            kinds: kind_set(&row.pieces),
            cells: row
                .zone
                .map_or_else(|| vec![t.on_board; t.players], per_player),
            steps,
            outcome: row.outcome,
        }
    }
}

/// An immediate end, tested after every move in this order (see `endings.rs`).
pub(crate) enum Immediate<B: Bits> {
    Extinction(Vec<Extinction>),
    Goals(Vec<GoalPlan<B>>),
    Rows(Vec<RowPlan<B>>),
    FullBoard,
    /// Passes by every player in a row draw (where passing is allowed).
    Passes,
    Facing,
    CheckLimit,
}

/// What is counted after every move, in this order (see `endings.rs`).
pub(crate) enum Counter<B: Bits> {
    /// Whether a royal faces an enemy royal now and did before the move.
    Facing,
    /// The move, for the back-and-forth rule.
    LastMove,
    /// Checks given, for the check limit.
    Checks,
    /// The counting rule's count.
    Counting(Counting),
    /// Whether the move took a piece of these types with a piece of another type.
    Counterstrike(KindSet<B>),
}

/// Every mechanism of a game, compiled.
pub(crate) struct Plan<B: Bits> {
    /// What moves do beyond moving, in the engine's order.
    pub effects: Vec<EffectPlan<B>>,
    /// Every move of a player with a royal piece is made and its royals tested: the effects
    /// remove pieces near a capture or give pieces to another player after the move.
    pub test_every_move: bool,
    /// Effects may remove pieces beside those a move captures, royal ones too (blasts, burns):
    /// a move may not remove its own royal, and one that removes an enemy royal is legal
    /// whatever it leaves attacked.
    pub removes_royals: bool,
    /// The blast, where captures explode.
    pub blast: Option<Blast<B>>,
    /// Where drops may land by where they are.
    pub drop_shapes: Vec<DropShape<B>>,
    /// The types that may be dropped without being held.
    pub free_drops: KindSet<B>,
    /// No drop on a cell from which the piece could never move.
    pub no_drop_where_stuck: bool,
    /// The filters of legal moves.
    pub filters: Vec<FilterPlan<B>>,
    /// The immediate ends.
    pub immediate: Vec<Immediate<B>>,
    /// The counters a move updates.
    pub counters: Vec<Counter<B>>,
    /// Two royals may not face each other on a file.
    pub royals_may_not_face: bool,
    /// A lone royal may pass (`Some(false)`); a player without moves passes (`Some(true)`).
    pub passing: Option<bool>,
    /// Facing royals must part and draw if they stay.
    pub facing: bool,
    /// Enemy royal pieces may be captured (their owner may leave some attacked).
    pub royals_capturable: bool,
    /// Which royal piece is royal, where the order of cells decides it.
    pub royal_order: Option<super::royal_order::RoyalOrderPlan>,
    /// The wall a move places as its second part, if moves have one.
    pub walls: Option<WallPlan<B>>,
    /// Per player, the cells where pieces from hand may be gated (see `movegen/gating.rs`).
    pub gating: Option<Vec<B>>,
    /// Pieces in hand are only gated, never dropped.
    pub no_drops: bool,
    /// Promotion as a move of its own (see `movegen/in_place.rs`).
    pub in_place: Option<InPlacePlan<B>>,
    /// The types a player may pick up from the board into its hand (see `movegen/pickup.rs`).
    pub pickups: KindSet<B>,
    /// Moves in two legs (see `legs.rs`).
    pub legs: Option<LegsPlan>,
    /// Captures over lower ranks (see `range_jumps.rs`).
    pub range_jumps: Option<RangeJumps<B>>,
}

/// Promotion as a move of its own ([`MoveRule::PromoteInPlace`]).
pub(crate) struct InPlacePlan<B> {
    pub piece: PieceId,
    pub to: Vec<PieceId>,
    /// Per player, the cells where it may promote.
    pub zone: Vec<B>,
    pub anywhere_when_last: bool,
    pub moving: bool,
    pub attacking_nothing: bool,
    /// At most this many of the new type on the board after it (drops are not limited).
    pub limit: Option<u8>,
}

/// A wall placed as a move's second part (see [`MoveRule::Wall`]; the placing is in
/// `movegen/walls.rs`).
pub(crate) struct WallPlan<B> {
    /// Which empty cells take it.
    pub cells: WallCells,
    /// The standing walls are lifted first.
    pub moves: bool,
    /// Each player's cells that may take it (the board without a zone).
    pub region: Vec<B>,
}

impl<B: Bits> Plan<B> {
    pub(crate) fn compile(rules: &RuleSet, t: &Tables<B>) -> Plan<B> {
        let players = rules.players.len();
        let per_player = |z: ZoneId| (0..players).map(|p| t.zone(z, p)).collect::<Vec<B>>();
        let mut sorted: Vec<&Effect> = rules.effects.iter().collect();
        sorted.sort_by_key(|e| e.rank());
        let mut blast = None;
        let effects: Vec<EffectPlan<B>> = sorted
            .into_iter()
            .map(|e| match e {
                Effect::CastlingByDrops { kings, partners } => EffectPlan::CastlingByDrops {
                    kings: per_player(*kings),
                    partners: per_player(*partners),
                },
                Effect::FlipEnclosed => EffectPlan::FlipEnclosed,
                Effect::Blast {
                    spare_nearby,
                    spare_always,
                } => {
                    blast = Some(Blast {
                        near: neighbours(rules, t),
                        spare_near: kind_set::<B::Kinds>(spare_nearby) | kind_set(spare_always),
                        spare_all: kind_set(spare_always),
                    });
                    EffectPlan::Blast
                }
                Effect::LeaveWalls => EffectPlan::LeaveWalls,
                Effect::FlipNeighbours => EffectPlan::FlipNeighbours {
                    near: neighbours(rules, t),
                    touching: false,
                },
                Effect::FlipNeighboursOfTouching => EffectPlan::FlipNeighbours {
                    near: neighbours(rules, t),
                    touching: true,
                },
                Effect::CapturerTurns => EffectPlan::CapturerTurns,
                Effect::Petrify { pieces } => EffectPlan::Petrify(kind_set(pieces)),
                Effect::Contagion { pieces } => EffectPlan::Contagion(kind_set(pieces)),
                Effect::Burn { pieces, passive } => EffectPlan::Burn {
                    burners: kind_set(pieces),
                    passive: *passive,
                    near: neighbours(rules, t),
                },
            })
            .collect();
        let mut drop_shapes = Vec::new();
        let mut free_drops = B::Kinds::EMPTY;
        let mut no_drop_where_stuck = false;
        for d in &rules.drops {
            match d {
                DropRule::Enclose { start } => drop_shapes.push(DropShape::Enclose {
                    start: start.map(per_player),
                }),
                DropRule::TouchOwn => drop_shapes.push(DropShape::TouchOwn {
                    near: neighbours(rules, t),
                }),
                DropRule::AvoidEnemy => drop_shapes.push(DropShape::AvoidEnemy {
                    near: neighbours(rules, t)
                        .into_iter()
                        .enumerate()
                        .map(|(c, n)| n & !diagonal_steps(rules, t, c))
                        .collect(),
                }),
                DropRule::Free { pieces } => free_drops |= kind_set(pieces),
                DropRule::NotWhereStuck => no_drop_where_stuck = true,
                DropRule::Fall => drop_shapes.push(DropShape::Fall {
                    files: (0..t.files)
                        .map(|f| t.on_board & set_of((f..t.cells).step_by(t.files)))
                        .collect(),
                }),
            }
        }
        // Enclosing first: its start zone decides alone while it has room.
        drop_shapes.sort_by_key(|s| !matches!(s, DropShape::Enclose { .. }));
        let (filters, counterstrike) = filters(rules);
        let passing = rules.passing();
        let (immediate, mut counters) = Self::endings(rules, t, passing, &per_player);
        counters.extend(counterstrike.map(Counter::Counterstrike));
        let legs = LegsPlan::new(rules, t);
        let range_jumps = RangeJumps::new(rules, t);
        // A move in legs may capture the royal through a piece that moves next to it: every
        // move is tested.
        let removes_royals = blast.is_some() || effects.iter().any(EffectPlan::burns);
        // A capture over lower ranks attacks through pieces: no pin or block is what it seems.
        let test_every_move = removes_royals
            || effects.iter().any(EffectPlan::turns_pieces)
            || legs.is_some()
            || range_jumps.is_some();
        Plan {
            effects,
            test_every_move,
            removes_royals,
            blast,
            drop_shapes,
            free_drops,
            no_drop_where_stuck,
            filters,
            immediate,
            counters,
            royals_may_not_face: rules.moves.contains(&MoveRule::RoyalsMayNotFace),
            passing,
            facing: rules.endings.contains(&EndingRule::Facing),
            royals_capturable: rules.royalty != Royalty::Each,
            royal_order: super::royal_order::RoyalOrderPlan::new(rules),
            gating: rules.gating_zone().map(per_player),
            no_drops: rules.gating_without_drops(),
            legs,
            range_jumps,
            pickups: pickups(rules),
            in_place: rules.moves.iter().find_map(|m| match m {
                MoveRule::PromoteInPlace {
                    piece,
                    to,
                    zone,
                    anywhere_when_last,
                    moving,
                    attacking_nothing,
                    limit,
                } => Some(InPlacePlan {
                    piece: *piece,
                    to: to.clone(),
                    zone: per_player(*zone),
                    anywhere_when_last: *anywhere_when_last,
                    moving: *moving,
                    attacking_nothing: *attacking_nothing,
                    limit: *limit,
                }),
                _ => None,
            }),
            walls: rules.wall_rule().map(|(cells, moves, zone)| WallPlan {
                cells,
                moves,
                region: match zone {
                    Some(z) => per_player(z),
                    None => vec![t.on_board; players],
                },
            }),
        }
    }

    /// The immediate ends and the counters, in the engine's order.
    fn endings(
        rules: &RuleSet,
        t: &Tables<B>,
        passing: Option<bool>,
        per_player: &dyn Fn(ZoneId) -> Vec<B>,
    ) -> (Vec<Immediate<B>>, Vec<Counter<B>>) {
        let mut sorted: Vec<&EndingRule> = rules.endings.iter().collect();
        sorted.sort_by_key(|e| e.rank());
        let (mut extinctions, mut goals, mut rows) = (Vec::new(), Vec::new(), Vec::new());
        let (mut immediate, mut counters) = (Vec::new(), Vec::new());
        for e in &sorted {
            match e {
                EndingRule::Extinction(x) => extinctions.push(x.clone()),
                EndingRule::Goal(g) => {
                    let n = u32::from(g.count);
                    goals.push((kind_set(&g.pieces), per_player(g.zone), g.mode, n));
                }
                EndingRule::Row(r) => rows.push(RowPlan::compile(rules, t, r, per_player)),
                _ => {}
            }
        }
        if !extinctions.is_empty() {
            immediate.push(Immediate::Extinction(extinctions));
        }
        if !goals.is_empty() {
            immediate.push(Immediate::Goals(goals));
        }
        if !rows.is_empty() {
            immediate.push(Immediate::Rows(rows));
        }
        for e in &sorted {
            match e {
                EndingRule::FullBoard => immediate.push(Immediate::FullBoard),
                EndingRule::Facing => counters.push(Counter::Facing),
                EndingRule::BackAndForth(_) => counters.push(Counter::LastMove),
                EndingRule::CheckLimit { .. } => counters.push(Counter::Checks),
                EndingRule::Counting(c) => counters.push(Counter::Counting(c.clone())),
                _ => {}
            }
        }
        if passing.is_some() {
            immediate.push(Immediate::Passes);
        }
        if rules.facing_draws() {
            immediate.push(Immediate::Facing);
        }
        if rules.check_limit().is_some() {
            immediate.push(Immediate::CheckLimit);
        }
        // Facing and the last move are noted before checks are counted.
        counters.sort_by_key(|c| match c {
            Counter::Facing => 0,
            Counter::LastMove => 1,
            Counter::Checks => 2,
            Counter::Counting(_) => 3,
            Counter::Counterstrike(_) => 4,
        });
        (immediate, counters)
    }

    /// Whether counting moves needs the full list: some rule may end the game at once or filter
    /// the moves.
    #[inline]
    pub(crate) fn special(&self) -> bool {
        !self.immediate.is_empty()
            || !self.filters.is_empty()
            || self.walls.is_some()
            || self.gating.is_some()
            || self.in_place.is_some()
            || self.pickups.any()
            || self.legs.is_some()
            || self.range_jumps.is_some()
    }
}

/// The filters of the legal moves, in the engine's order, and the types of the counter-strike
/// rule (whose counter notes the last move's captures).
fn filters<B: Bits>(rules: &RuleSet) -> (Vec<FilterPlan<B>>, Option<KindSet<B>>) {
    let mut filters: Vec<FilterPlan<B>> = rules
        .filters
        .iter()
        .map(|f| match f {
            Filter::NoChecks { drops_only } => FilterPlan::NoChecks {
                drops_only: *drops_only,
            },
            Filter::MustDrop { pieces } => FilterPlan::MustDrop {
                kinds: kind_set(pieces),
            },
            Filter::CheckedRoyalOnlyCaptures => FilterPlan::CheckedRoyalOnlyCaptures,
            Filter::MustCapture => FilterPlan::MustCapture,
            Filter::ChecksOnlyMate => FilterPlan::ChecksOnlyMate,
            Filter::NoMatingDrops { pieces } => FilterPlan::NoMatingDrops {
                kinds: kind_set(pieces),
            },
            Filter::FrozenAtLimit { pieces } => FilterPlan::Frozen {
                kinds: freezing(rules, pieces),
            },
            Filter::NoPassingAttacked { pieces } => FilterPlan::NoPassingAttacked {
                kinds: kind_set(pieces),
            },
        })
        .collect();
    let counterstrike = rules.moves.iter().find_map(|m| match m {
        MoveRule::Counterstrike { pieces } => Some(kind_set(pieces)),
        _ => None,
    });
    if let Some(kinds) = counterstrike {
        filters.push(FilterPlan::Counterstrike { kinds });
    }
    if let Some(f) = capture_limits(rules) {
        filters.push(f);
    }
    if let Some(f) = until_capture(rules) {
        filters.push(f);
    }
    // Frozen pieces first: the other filters judge the moves that are left.
    filters.sort_by_key(|f| match f {
        FilterPlan::Frozen { .. }
        | FilterPlan::NoPassingAttacked { .. }
        | FilterPlan::UntilCapture { .. } => 0,
        FilterPlan::Counterstrike { .. } | FilterPlan::CaptureLimits { .. } => 1,
        FilterPlan::NoChecks { .. }
        | FilterPlan::ChecksOnlyMate
        | FilterPlan::NoMatingDrops { .. } => 1,
        FilterPlan::MustDrop { .. } => 2,
        FilterPlan::CheckedRoyalOnlyCaptures => 3,
        FilterPlan::MustCapture => 4,
    });
    (filters, counterstrike)
}

/// The filter of the pieces' capture limits, `None` where no type has one.
fn capture_limits<B: Bits>(rules: &RuleSet) -> Option<FilterPlan<B>> {
    let mut kinds = B::Kinds::EMPTY;
    let limits = rules
        .pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if !p.capture_limits.is_empty() {
                kinds.insert(k as u8);
            }
            p.capture_limits
                .iter()
                .map(|l| LimitPlan {
                    victims: kind_set(&l.pieces),
                    protected: l.protected,
                    aside: kind_set(&l.unless_protected_only_by),
                    from_afar: l.from_afar,
                    unless_also: (!l.unless_also.is_empty()).then(|| kind_set(&l.unless_also)),
                })
                .collect()
        })
        .collect();
    kinds
        .any()
        .then_some(FilterPlan::CaptureLimits { kinds, limits })
}

/// The filter of the moves left until a side's first capture, `None` where no type has some
/// (see [`crate::rules::PieceType`]'s `moves_until_capture`).
fn until_capture<B: Bits>(rules: &RuleSet) -> Option<FilterPlan<B>> {
    let mut kinds = B::Kinds::EMPTY;
    let mut left = Vec::new();
    for (k, p) in rules.pieces.iter().enumerate() {
        if !p.moves_until_capture.is_empty() {
            kinds.insert(k as u8);
        }
        for player in &rules.players {
            let mut to = Vec::new();
            for m in &p.moves_until_capture {
                for &(x, y) in &m.vectors {
                    let (dx, dy) = player.forward.orient(i32::from(x), i32::from(y));
                    to.push((dx, dy, m.mode.moves(), m.mode.captures()));
                }
            }
            left.push(to);
        }
    }
    kinds.any().then(|| FilterPlan::UntilCapture {
        kinds,
        left,
        start: vec![0; rules.players.len()],
    })
}

/// The types a player may pick up ([`MoveRule::Pickup`]).
fn pickups<K: KindBits>(rules: &RuleSet) -> K {
    rules.moves.iter().fold(K::EMPTY, |set, m| match m {
        MoveRule::Pickup { pieces } => set | kind_set(pieces),
        _ => set,
    })
}

/// For each listed type, its promotions (swaps aside) whose every type has a limit on the
/// board, as those types with their limits; a promotion to a type without one never freezes.
fn freezing(rules: &RuleSet, pieces: &[PieceId]) -> Vec<Freezing> {
    let limit = |t: &PieceId| rules.pieces[t.index()].drops.max_on_board.map(u32::from);
    pieces
        .iter()
        .map(|p| {
            let full = rules.pieces[p.index()]
                .promotions
                .iter()
                .filter(|pr| !pr.swap && !pr.to.is_empty())
                .filter_map(|pr| {
                    pr.to
                        .iter()
                        .map(|t| limit(t).map(|m| (t.0, m)))
                        .collect::<Option<Vec<_>>>()
                })
                .collect();
            (p.0, full)
        })
        .collect()
}
