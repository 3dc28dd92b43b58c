//! The engine of one game on one bitboard width: keys, making and taking back moves, attacks,
//! and what a position needs to know to test a move's legality cheaply.

use super::AsIndex;
use super::bits::{Bits, kind_set, set_of};
use super::endings::Ends;
use super::keys::{Salt, piece_term, term};
use super::position::{Change, FenStyle, Last, Move, MoveKind, NONE, Piece, Pos, Sq};
use super::tables::{Hop, NO_CELL, Tables};
use crate::rules::{
    Mode, Obligation, Outcome, PieceId, PlayerId, Royalty, RuleSet, Style, Survival, Trigger,
};
use arrayvec::ArrayVec;

/// A rule set made playable on one bitboard width.
pub struct Engine<B> {
    pub rules: RuleSet,
    pub t: Tables<B>,
    /// `piece_keys[(cell * kinds + kind) * players + owner]`.
    piece_keys: Vec<u64>,
    /// Whether checkmate or stalemate eliminates a player.
    pub eliminates: bool,
    /// Whether a promoted piece's origin matters (it returns to hand as it, or a hopper may
    /// demote it back): otherwise none is recorded, as Fairy-Stockfish writes chess's FEN.
    pub keeps_origins: bool,
    /// Per type: some promotion, the cells where any promotion may fire (start or end) per player.
    pub promo_cells: Vec<B>,
    /// Per (type, player): cells a drop may land on for mobility (`no drop where stuck`).
    pub drop_cells: Vec<B>,
    /// Per (type, player): the type's promotion when counting a move needs no look at it (see
    /// [`CountedPromotion`]).
    pub counted_promotion: Vec<Option<CountedPromotion<B>>>,
    /// Per (type, player): cells from which the type may take the fast path of move generation
    /// (none if it may not): no promotion can fire on leaving them, no double step starts there.
    pub fast_from: Vec<B>,
    /// The same when moves are only counted, where a double step counts as a plain move (the
    /// en-passant cells it leaves change no count) and so does a hop that changes no screen: also
    /// the cells where a double step starts, and types with hops.
    pub fast_count: Vec<B>,
    /// Per player: the types whose pieces' moves may be counted all at once (see [`Bulk`]).
    pub bulk: Vec<Vec<Bulk<B>>>,
    /// The types that change a screen when they hop; those that may promote to a royal type;
    /// those that some promotion gives, whose pieces alone a demotion changes (a bit each).
    pub screen_hoppers: u64,
    pub to_royal: u64,
    pub promoted: u64,
    /// Types whose move may take away an enemy piece's first-move right, a bit each.
    pub spoilers: u64,
    /// Per type: the types its hops may not use as a screen, and those it may not capture.
    pub screen_ban: Vec<u64>,
    pub victim_ban: Vec<u64>,
    /// Whether any type has such a ban (attack detection skips the lookups otherwise).
    pub bans: bool,
    /// Whether a lone royal's plain step is legal exactly when [`Engine::royal_step_safe`] says
    /// so: not where some type may not capture some other, nor where captures explode.
    pub royal_steps_plain: bool,
    /// The types whose drops keep them on both colours (see
    /// [`crate::rules::DropRules::on_both_colours`]).
    pub both_colours: Vec<u8>,
    /// Per cell, the cells a king's step away, where some rule looks at them (captures that
    /// explode, drops that touch, neighbours that flip); empty otherwise.
    pub neighbours: Vec<B>,
    /// The types that may be dropped without being held, a bit each.
    pub free_drops: u64,
    /// Whether drops must enclose or touch (see [`Engine::drop_shape_cells`]).
    pub drop_shapes: bool,
    /// Whether moves do more than move, take and promote (see [`Engine::effects`]).
    pub move_effects: bool,
    /// The types that survive blasts next to them, and those that survive every blast (a bit
    /// each; see [`crate::rules::Survival`]).
    pub survives_near: u64,
    pub survives_all: u64,
    /// The ending rules as the engine tests them.
    pub ends: Ends<B>,
    /// The start position.
    pub start: Pos<B>,
}

/// How many moves a type's move counts as by where it ends, when its promotions allow counting
/// without a look at each: every promotion fires exactly when a move from outside the zones ends
/// in its zone, and promotes into types without arrival limits that are not royal. A move then
/// counts one, plus `extra` on each set of cells (its promotions, less one for the promotion that
/// may not be declined, or the first that fires where zones overlap).
#[derive(Clone, Debug)]
pub struct CountedPromotion<B> {
    pub extra: Vec<(B, u32)>,
}

impl<B: Bits> CountedPromotion<B> {
    /// The moves counted for plain moves ending on `to` (one each) from outside the zones.
    #[inline]
    pub fn count(&self, to: B) -> u32 {
        self.extra.iter().fold(to.count(), |n, &(cells, extra)| {
            n + (to & cells).count() * extra
        })
    }
}

/// The moves of a type without rides, hops or first moves, grouped by shape (a move's offset in
/// cell numbers, its path and its mode) so that counting them takes a few set operations for all
/// its pieces together instead of a visit to each: the pieces of the type on the cells of a
/// shape's `from` that are free to move, with the shape's `path` empty, reach the cells `delta`
/// numbers on.
#[derive(Clone, Debug)]
pub struct Bulk<B> {
    pub kind: u8,
    pub takes_en_passant: bool,
    /// The cells where the type takes the counting fast path.
    pub from: B,
    pub shapes: Vec<Shape<B>>,
    /// The fewest pieces for which counting by shape costs less than visiting each.
    pub min_pieces: u32,
}

/// Moves of one shape: see [`Bulk`].
#[derive(Clone, Copy, Debug)]
pub struct Shape<B> {
    pub from: B,
    pub delta: i16,
    /// The cells that must be empty, as numbers from `from` (`path_len` of them).
    pub path: [i16; 2],
    pub path_len: u8,
    /// 0: moves or captures, 1: moves only, 2: captures only.
    pub mode: u8,
}

/// What counting moves costs, in instructions (measured with valgrind on the benchmark games):
/// visiting one piece on the fast path, counting a type by shape, and each of its shapes.
const PIECE_COST: usize = 130;
const BULK_COST: usize = 130;
const SHAPE_COST: usize = 30;

/// The eight steps to the cells around a cell, as (file, rank) offsets.
const KING_STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// What a position's player to move must watch for when testing moves for legality.
pub struct Safety<B> {
    /// Some royal piece of the player to move is attacked.
    pub in_check: bool,
    /// Every move needs the full test (several royals, slow attackers nearby, in check).
    pub test_all: bool,
    /// Pieces pinned to the royal by a ride, each with the line it may move on.
    pub pins: ArrayVec<(usize, B), 16>,
    pub pinned: B,
    /// Cells whose change of occupancy could expose the royal otherwise than through a pin.
    pub danger: B,
    /// In check: the cells a plain move or drop of another piece must land on to have a chance
    /// of answering it (the checker and the cells between); every cell when unknown.
    pub block: B,
}

/// What looking around a lone royal found.
enum Watch {
    /// Not in check; the pins and dangers are gathered.
    Clear,
    /// In check.
    Check,
    /// Every move must be tested anyway (slow attackers near, too many pins); whether it is in
    /// check is not known yet.
    Unknown,
}

impl<B: Bits> Safety<B> {
    /// Nothing to watch for yet.
    pub fn new() -> Safety<B> {
        Safety {
            in_check: false,
            test_all: false,
            pins: ArrayVec::new(),
            pinned: B::EMPTY,
            danger: B::EMPTY,
            block: !B::EMPTY,
        }
    }

    /// Records that the piece on `cell` is pinned and may move only within `line`; false (and
    /// every move to be tested) when there are more pins than a board has lines.
    fn pin(&mut self, cell: usize, line: B) -> bool {
        if self.pinned.has(cell) {
            // Pinned along two lines: it may not move at all.
            if let Some(pin) = self.pins.iter_mut().find(|p| p.0 == cell) {
                pin.1 &= line;
            }
        } else if self.pins.try_push((cell, line)).is_ok() {
            self.pinned |= B::cell(cell);
        } else {
            self.test_all = true;
            return false;
        }
        true
    }
}

impl<B: Bits> Engine<B> {
    pub fn new(rules: RuleSet) -> Engine<B> {
        let t = Tables::<B>::build(&rules);
        let (cells, kinds, players) = (t.cells, t.kinds, t.players);
        let piece_keys = (0..cells * kinds * players).map(piece_term).collect();
        let mut promo_cells = Vec::new();
        let mut drop_cells = Vec::new();
        let mut counted_promotion = Vec::new();
        let mut fast_from = Vec::new();
        let mut fast_count = Vec::new();
        for (i, pt) in rules.pieces.iter().enumerate() {
            for p in 0..players {
                counted_promotion.push(Self::counted(&rules, &t, i, p));
                let mut cells_b = B::EMPTY;
                for pr in &pt.promotions {
                    cells_b |= t.zone(pr.zone, p);
                }
                promo_cells.push(cells_b);
                let k = t.kind(i as u8, p);
                let fast = t.on_board & !cells_b;
                fast_from.push(if k.plain {
                    fast & !k.double_step_from
                } else {
                    B::EMPTY
                });
                // Counting, hops join the fast path too (a piece whose hop could change a screen
                // to its royal's harm is sent the general way when it stands so).
                let counted = !k.has_slow && !k.has_initial;
                fast_count.push(if counted { fast } else { B::EMPTY });
                let mut d = B::EMPTY;
                for c in 0..cells {
                    if !rules.no_drop_where_stuck || k.mobile[c] {
                        d |= B::cell(c);
                    }
                }
                drop_cells.push(d & t.on_board);
            }
        }
        let bulk = (0..players)
            .map(|p| {
                (0..kinds)
                    // A royal piece never takes the fast path.
                    .filter(|&i| !t.royal[i])
                    .filter_map(|i| {
                        let takes_ep = rules.pieces[i].takes_en_passant;
                        Self::bulk_of(&t, i, p, fast_count[i * players + p], takes_ep)
                    })
                    .collect()
            })
            .collect();
        let start = Pos::empty(cells, kinds, players);
        let bans = rules
            .pieces
            .iter()
            .any(|p| !p.may_not_hop_over.is_empty() || !p.may_not_capture.is_empty());
        let neighbours = if rules.captures_explode || rules.drops_touch || rules.neighbours_flip {
            (0..cells)
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
        } else {
            Vec::new()
        };
        let survivors = |from: &[Survival]| {
            rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| from.contains(&p.survives_blasts))
                .fold(0u64, |set, (i, _)| set | 1 << i)
        };
        let ends = Ends::new(&rules, |z, p| t.zone(crate::rules::ZoneId(z as u8), p));
        Engine {
            ends,
            eliminates: rules.checkmate == Outcome::Elimination
                || rules.stalemate == Outcome::Elimination,
            keeps_origins: (rules.captures_to_hand && !rules.promoted_keep_type_in_hand)
                || rules.captures_to_partner
                || rules.pieces.iter().any(|p| p.demotes_enemy_screens),
            screen_hoppers: rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.promotes_friendly_screens || p.demotes_enemy_screens)
                .fold(0, |set, (i, _)| set | 1 << i),
            to_royal: rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.promotions
                        .iter()
                        .any(|pr| pr.to.iter().any(|k| rules.pieces[k.index()].royal))
                })
                .fold(0, |set, (i, _)| set | 1 << i),
            promoted: rules
                .pieces
                .iter()
                .flat_map(|p| p.promotions.iter().flat_map(|pr| pr.to.iter()))
                .fold(0, |set, k| set | 1 << k.index()),
            spoilers: kind_set(rules.pieces.iter().flat_map(|p| &p.first_moves_lost_to)),
            screen_ban: rules
                .pieces
                .iter()
                .map(|p| kind_set(&p.may_not_hop_over))
                .collect(),
            victim_ban: rules
                .pieces
                .iter()
                .map(|p| kind_set(&p.may_not_capture))
                .collect(),
            bans,
            royal_steps_plain: !bans && !rules.captures_explode,
            both_colours: (0..rules.pieces.len())
                .filter(|&i| rules.pieces[i].drops.on_both_colours)
                .map(|i| i as u8)
                .collect(),
            neighbours,
            free_drops: kind_set(&rules.free_drops),
            drop_shapes: rules.drops_enclose || rules.drops_touch,
            move_effects: rules.captures_explode
                || rules.castling_by_drops.is_some()
                || rules.flip_enclosed
                || rules.neighbours_flip
                || rules.pieces_leave_walls,
            survives_near: survivors(&[Survival::Nearby, Survival::Always]),
            survives_all: survivors(&[Survival::Always]),
            rules,
            t,
            piece_keys,
            promo_cells,
            drop_cells,
            counted_promotion,
            fast_from,
            fast_count,
            bulk,
            start,
        }
    }

    /// Keeps a player's [`Bulk`] of a type only if the position gives the player enough pieces
    /// of the type, on the board and in hand, for counting them together to pay: looking for the
    /// others would cost every position something and gain little.
    pub(crate) fn keep_bulk_for(&mut self, pos: &Pos<B>) {
        for (s, list) in self.bulk.iter_mut().enumerate() {
            list.retain(|b| {
                let k = b.kind.index();
                let n =
                    (pos.by_kind[k] & pos.by_owner[s]).count() + pos.hand(s as u8, b.kind) as u32;
                n >= b.min_pieces
            });
        }
    }

    /// The [`Bulk`] of a type for a player, from the cells where it takes the counting fast
    /// path: none if it rides, or two of its moves from one cell end on the same cell (visiting
    /// the piece counts that cell once), or a path is longer than two cells.
    fn bulk_of(
        t: &Tables<B>,
        kind: usize,
        p: usize,
        fast: B,
        takes_en_passant: bool,
    ) -> Option<Bulk<B>> {
        let k = t.kind(kind as u8, p);
        if fast.none() || !k.rides.is_empty() || k.has_slow || k.has_initial {
            return None;
        }
        let code = |m: Mode| match m {
            Mode::Both => 0u8,
            Mode::Move => 1,
            Mode::Capture => 2,
        };
        let mut found = std::collections::BTreeMap::<(i32, Vec<i32>, u8), B>::new();
        for from in fast.cells() {
            let f = from as i32;
            let (moves, captures) = (k.leap_move[from], k.leap_capture[from]);
            let mut seen = moves | captures;
            for to in seen.cells() {
                let mode = match (moves.has(to), captures.has(to)) {
                    (true, true) => Mode::Both,
                    (true, false) => Mode::Move,
                    _ => Mode::Capture,
                };
                *found
                    .entry((to as i32 - f, Vec::new(), code(mode)))
                    .or_insert(B::EMPTY) |= B::cell(from);
            }
            let (a, z) = k.lame_index[from];
            for l in &k.lame[a as usize..z as usize] {
                let to = l.to as usize;
                let path: Vec<i32> = l.path.cells().map(|c| c as i32 - f).collect();
                if seen.has(to) || path.len() > 2 {
                    return None;
                }
                seen |= B::cell(to);
                *found
                    .entry((to as i32 - f, path, code(l.mode)))
                    .or_insert(B::EMPTY) |= B::cell(from);
            }
        }
        let shapes: Vec<Shape<B>> = found
            .into_iter()
            .map(|((delta, path, mode), from)| Shape {
                from,
                delta: delta as i16,
                path: [0, 1].map(|i| path.get(i).map_or(0, |&d| d as i16)),
                path_len: path.len() as u8,
                mode,
            })
            .collect();
        let cost = BULK_COST + SHAPE_COST * shapes.len();
        let min_pieces = cost.div_ceil(PIECE_COST) as u32;
        Some(Bulk {
            kind: kind as u8,
            takes_en_passant,
            from: fast,
            shapes,
            min_pieces,
        })
    }

    /// The [`CountedPromotion`] of a type for a player, if its promotion rules allow one.
    fn counted(
        rules: &RuleSet,
        t: &Tables<B>,
        kind: usize,
        p: usize,
    ) -> Option<CountedPromotion<B>> {
        let promotions = &rules.pieces[kind].promotions;
        let plain_arrival = |k: &PieceId| {
            let d = &rules.pieces[k.index()].drops;
            !t.royal[k.index()]
                && d.max_per_file.is_none()
                && d.max_per_colour.is_none()
                && d.max_on_board.is_none()
        };
        let kt = t.kind(kind as u8, p);
        let mobile: B = set_of((0..t.cells).filter(|&c| kt.mobile[c]));
        // The cells where an earlier promotion fires first.
        let mut taken = B::EMPTY;
        let mut extra = Vec::new();
        for promo in promotions {
            let ends_in = matches!(
                promo.trigger,
                Trigger::Entering | Trigger::EndingIn | Trigger::StartingOrEndingIn
            );
            if promo.swap || !ends_in || promo.to.is_empty() || !promo.to.iter().all(plain_arrival)
            {
                return None;
            }
            let zone = t.zone(promo.zone, p) & !taken;
            taken |= zone;
            let unpromoted = zone
                & match promo.obligation {
                    Obligation::Compulsory => B::EMPTY,
                    Obligation::Optional => zone,
                    Obligation::CompulsoryWhenStuck => mobile,
                };
            let targets = promo.to.len() as u32;
            for (cells, n) in [(zone & !unpromoted, targets - 1), (unpromoted, targets)] {
                if n > 0 && cells.any() {
                    extra.push((cells, n));
                }
            }
        }
        (!promotions.is_empty()).then_some(CountedPromotion { extra })
    }

    /// A fresh empty position of this game.
    pub fn empty(&self) -> Pos<B> {
        Pos::empty(self.t.cells, self.t.kinds, self.t.players)
    }

    // ---------------------------------------------------------------------------------------
    // keys and changes

    #[inline]
    fn sq_key(&self, c: usize, s: Sq) -> u64 {
        if s.kind == NONE {
            return 0;
        }
        let k = self.piece_keys
            [(c * self.t.kinds + s.kind as usize) * self.t.players + s.owner as usize];
        if s.origin == NONE {
            k
        } else {
            k ^ term(Salt::Origin, (c as u64) << 8 ^ s.origin as u64)
        }
    }

    #[inline]
    pub(crate) fn hand_key(&self, idx: usize, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            term(Salt::Hand, (idx as u64) << 8 ^ n as u64)
        }
    }

    #[inline]
    pub(crate) fn side_key(&self, side: u8) -> u64 {
        term(Salt::Side, side as u64)
    }

    fn set_key(&self, salt: Salt, cells: B) -> u64 {
        cells.cells().fold(0, |k, c| k ^ term(salt, c as u64))
    }

    /// The key of everything but the pieces and hands.
    pub(crate) fn state_key(&self, pos: &Pos<B>) -> u64 {
        let mut k = self.side_key(pos.st.side)
            ^ self.set_key(Salt::Castle, pos.st.castling)
            ^ self.set_key(Salt::Ep, pos.st.ep_cells)
            ^ self.set_key(Salt::Pending, pos.st.pending);
        for p in 0..8 {
            if pos.st.eliminated & (1 << p) != 0 {
                k ^= term(Salt::Out, p);
            }
        }
        if self.rules.check_limit.is_some() {
            for p in 0..self.t.players {
                k ^= self.checks_key(p, pos.st.checks[p]);
            }
        }
        k
    }

    /// Computes a position's key from scratch.
    pub(crate) fn full_key(&self, pos: &Pos<B>) -> u64 {
        let mut k = self.state_key(pos);
        for (c, s) in pos.sq.iter().enumerate() {
            k ^= self.sq_key(c, *s);
        }
        for (i, &n) in pos.hands.iter().enumerate() {
            k ^= self.hand_key(i, n);
        }
        for c in pos.walls.cells() {
            k ^= term(Salt::Wall, c as u64);
        }
        k
    }

    /// Walls up the empty cell `c`.
    pub(crate) fn add_wall(&self, pos: &mut Pos<B>, c: usize) {
        pos.log.push(Change::Wall(c as u16));
        pos.walls |= B::cell(c);
        pos.occ |= B::cell(c);
        pos.st.key ^= term(Salt::Wall, c as u64);
    }

    /// Sets a cell, logging the old contents and keeping the key.
    #[inline]
    pub(crate) fn set(&self, pos: &mut Pos<B>, c: usize, new: Sq) {
        let old = pos.sq[c];
        pos.log.push(Change::Cell(c as u16, old));
        pos.st.key ^= self.sq_key(c, old) ^ self.sq_key(c, new);
        pos.raw_set(c, new, self.t.royal_kinds);
    }

    #[inline]
    pub(crate) fn put(&self, pos: &mut Pos<B>, c: usize, p: Piece) {
        self.set(pos, c, Sq::of(p));
    }

    #[inline]
    pub(crate) fn take(&self, pos: &mut Pos<B>, c: usize) -> Option<Piece> {
        let p = pos.sq[c].piece()?;
        self.set(pos, c, Sq::EMPTY);
        Some(p)
    }

    /// Changes a hand count, logging the old one and keeping the key.
    pub(crate) fn add_hand(&self, pos: &mut Pos<B>, player: u8, kind: u8, delta: i32) {
        let idx = player.index() * self.t.kinds + kind.index();
        let old = pos.hands[idx];
        let new = (old as i32 + delta).clamp(0, u8::MAX as i32) as u8;
        pos.log.push(Change::Hand(idx as u16, old));
        pos.st.key ^= self.hand_key(idx, old) ^ self.hand_key(idx, new);
        pos.hands[idx] = new;
    }

    #[inline]
    fn toggle(&self, pos: &mut Pos<B>, salt: Salt, set: fn(&mut Pos<B>) -> &mut B, c: usize) {
        *set(pos) ^= B::cell(c);
        pos.st.key ^= term(salt, c as u64);
    }

    fn clear_pending(&self, pos: &mut Pos<B>, c: usize) {
        if pos.st.pending.has(c) {
            self.toggle(pos, Salt::Pending, |p| &mut p.st.pending, c);
        }
    }

    fn clear_castling(&self, pos: &mut Pos<B>, c: usize) {
        if pos.st.castling.has(c) {
            self.toggle(pos, Salt::Castle, |p| &mut p.st.castling, c);
        }
    }

    // ---------------------------------------------------------------------------------------
    // players

    /// Gets the player after `p` in turn order who is still in the game.
    pub(crate) fn next_player(&self, eliminated: u8, p: u8) -> u8 {
        let n = self.t.players;
        let mut q = p.index();
        for _ in 0..n {
            q = if q + 1 == n { 0 } else { q + 1 };
            if eliminated & (1 << q) == 0 {
                return q as u8;
            }
        }
        p
    }

    /// Gets the player before `p` in turn order who is still in the game.
    pub(crate) fn previous_player(&self, eliminated: u8, p: u8) -> u8 {
        let n = self.t.players;
        let mut q = p.index();
        for _ in 0..n {
            q = if q == 0 { n - 1 } else { q - 1 };
            if eliminated & (1 << q) == 0 {
                return q as u8;
            }
        }
        p
    }

    pub(crate) fn active_players(&self, pos: &Pos<B>) -> usize {
        self.t.players - pos.st.eliminated.count_ones() as usize
    }

    /// The players still in the game other than `player`.
    pub(crate) fn opponents(&self, pos: &Pos<B>, player: u8) -> impl Iterator<Item = u8> {
        let eliminated = pos.st.eliminated;
        (0..self.t.players as u8).filter(move |&q| q != player && eliminated & (1 << q) == 0)
    }

    // ---------------------------------------------------------------------------------------
    // making moves

    /// Makes a pseudo-legal move; [`Pos::unmake`] takes it back.
    pub(crate) fn make(&self, pos: &mut Pos<B>, m: &Move) {
        pos.undo.push((pos.st, pos.log.len() as u32, pos.style));
        pos.st.check = None;
        pos.st.repeats = None;
        pos.style = FenStyle::default();
        let t = &self.t;
        let side = pos.st.side;
        let from = m.from.index();
        let to = m.to.index();
        // En passant lasts one move.
        let old_ep = pos.st.ep_cells;
        if old_ep.any() {
            pos.st.key ^= self.set_key(Salt::Ep, old_ep);
        }
        let ep_victim = pos.st.ep_victim;
        pos.st.ep_cells = B::EMPTY;
        pos.st.ep_victim = NO_CELL;
        let mut reset_clock = false;
        let mut captured = None;
        // The owner of the (first) piece taken.
        let mut loser = None;
        if m.kind != MoveKind::Pass {
            self.clear_pending(pos, from);
            self.clear_pending(pos, to);
        }
        if m.kind == MoveKind::Pass {
            // Nothing on the board changes.
        } else if m.kind == MoveKind::Drop {
            if self.free_drops >> m.piece.0 & 1 == 0 {
                self.add_hand(pos, side, t.hand_slot[m.piece.index()], -1);
            }
            self.put(
                pos,
                to,
                Piece {
                    kind: m.piece,
                    owner: PlayerId(side),
                    origin: None,
                },
            );
            if self.defers_after_drop(m.piece.0, side, to) {
                self.toggle(pos, Salt::Pending, |p| &mut p.st.pending, to);
            }
            reset_clock = true;
        } else if let Some(pc) = self.take(pos, from) {
            // A castling partner leaves first: the king may land where it stood.
            let partner = match m.kind {
                MoveKind::Castle { rook, .. } => self.take(pos, rook.index()),
                _ => None,
            };
            if let Some(victim) = self.take(pos, to) {
                self.to_hand(pos, victim, side);
                captured = Some(victim.kind.0);
                loser = Some(victim.owner.0);
                reset_clock = true;
            }
            match m.kind {
                MoveKind::EnPassant => {
                    if ep_victim != NO_CELL {
                        let v = ep_victim as usize;
                        self.clear_pending(pos, v);
                        if let Some(victim) = self.take(pos, v) {
                            self.to_hand(pos, victim, side);
                            captured = Some(victim.kind.0);
                            loser = Some(victim.owner.0);
                        }
                    }
                    reset_clock = true;
                }
                MoveKind::Hop { screen } => self.transform_screen(pos, pc, screen.index()),
                MoveKind::Displace { path } => {
                    let enemies = t.paths[path as usize] & pos.occ & !pos.by_owner[side.index()];
                    for c in enemies.cells() {
                        self.clear_pending(pos, c);
                        if let Some(victim) = self.take(pos, c) {
                            self.to_hand(pos, victim, side);
                            captured.get_or_insert(victim.kind.0);
                            loser.get_or_insert(victim.owner.0);
                            reset_clock = true;
                        }
                    }
                }
                MoveKind::DoubleStep { path } => {
                    let cells = t.paths[path as usize];
                    pos.st.ep_cells = cells;
                    pos.st.ep_victim = m.to.0;
                    pos.st.key ^= self.set_key(Salt::Ep, cells);
                }
                MoveKind::Castle { rook_to, .. } => {
                    if let Some(r) = partner {
                        self.put(pos, rook_to.index(), r);
                    }
                }
                MoveKind::Normal | MoveKind::Drop | MoveKind::Pass => {}
            }
            let moved = match m.promotion {
                Some(k) if m.swap => {
                    self.add_hand(pos, side, t.hand_slot[k.index()], -1);
                    if self.rules.swapped_to_hand {
                        self.to_hand(pos, pc, side);
                    }
                    Piece {
                        kind: k,
                        owner: PlayerId(side),
                        origin: None,
                    }
                }
                Some(k) => {
                    let origin = pc.origin.unwrap_or(PieceId(t.unpromoted[pc.kind.index()]));
                    Piece {
                        kind: k,
                        owner: PlayerId(side),
                        origin: (self.keeps_origins && origin != PieceId(t.unpromoted[k.index()]))
                            .then_some(origin),
                    }
                }
                None => pc,
            };
            self.put(pos, to, moved);
            reset_clock |= m.promotion.is_some()
                || (self.rules.pieces[pc.kind.index()].resets_clock
                    && !self.can_return(pc.kind.0, side, from, to));
            if pos.st.castling.any() {
                self.clear_castling(pos, from);
                self.clear_castling(pos, to);
                if self.rules.castling.iter().any(|c| c.king == pc.kind) {
                    for c in (pos.st.castling & pos.by_owner[side.index()]).cells() {
                        self.clear_castling(pos, c);
                    }
                }
                if self.spoilers >> moved.kind.0 & 1 != 0 {
                    for c in (pos.st.castling & !pos.by_owner[side.index()]).cells() {
                        let lost = pos.piece(c).is_some_and(|p| {
                            self.rules.pieces[p.kind.index()]
                                .first_moves_lost_to
                                .contains(&moved.kind)
                        });
                        let kt = self.t.kind(moved.kind.0, side.index());
                        if lost && kt.reach[to].has(c) {
                            self.clear_castling(pos, c);
                        }
                    }
                }
            }
        }
        if self.move_effects && m.kind != MoveKind::Pass {
            self.effects(pos, m, side, loser);
        }
        pos.st.passes = if m.kind == MoveKind::Pass {
            pos.st.passes.saturating_add(1)
        } else {
            0
        };
        pos.st.halfmove = if reset_clock {
            0
        } else {
            pos.st.halfmove.saturating_add(1)
        };
        let next = self.next_player(pos.st.eliminated, side);
        pos.st.key ^= self.side_key(side) ^ self.side_key(next);
        pos.st.side = next;
        if next <= side {
            pos.st.fullmove = pos.st.fullmove.saturating_add(1);
        }
        if self.rules.facing_draws {
            pos.st.facing_before = pos.st.facing;
            pos.st.facing = self.royal_faces(pos, next);
        }
        // A drop that may not mate and gives check: if it mates, the dropper loses (status).
        pos.st.drop_check = m.kind == MoveKind::Drop
            && self.rules.pieces[m.piece.index()].drops.may_not_mate
            && self.checked(pos, next);
        if self.rules.back_and_forth.is_some() {
            pos.st.last = Last {
                from: m.from.0,
                to: m.to.0,
                plain: m.promotion.is_none()
                    && matches!(
                        m.kind,
                        MoveKind::Normal | MoveKind::Hop { .. } | MoveKind::DoubleStep { .. }
                    ),
                pass: m.kind == MoveKind::Pass,
                capture: captured.is_some(),
            };
        }
        if self.ends.immediate || self.rules.counting.is_some() {
            self.after_move(pos, side, captured, m);
        }
    }

    /// The blast of a capture by `side` that landed on `to` and took a piece of `loser`'s:
    /// the pieces a king's step away go (but those that survive nearby blasts), then the
    /// capturing piece (unless it survives every blast). Enemy pieces go where captured pieces
    /// go; the mover's own go to the hand of the player whose piece was taken, as if that player
    /// had captured them (Fairy-Stockfish's rule for two players).
    fn explode(&self, pos: &mut Pos<B>, to: usize, side: u8, loser: u8) {
        let near = self.neighbours[to] & pos.occ;
        for c in near.cells().chain(std::iter::once(to)) {
            let Some(p) = pos.piece(c) else { continue };
            let spared = if c == to {
                self.survives_all
            } else {
                self.survives_near
            };
            if spared >> p.kind.0 & 1 != 0 {
                continue;
            }
            self.clear_pending(pos, c);
            self.take(pos, c);
            self.clear_castling(pos, c);
            let captor = if p.owner.0 == side { loser } else { side };
            if captor != p.owner.0 {
                self.to_hand(pos, p, captor);
            }
        }
    }

    /// What a move does beyond moving, taking and promoting, where the rules say so: castling
    /// rights by drops, flips, blasts (`loser`: the owner of the piece taken, if any) and walls.
    #[cold]
    #[inline(never)]
    fn effects(&self, pos: &mut Pos<B>, m: &Move, side: u8, loser: Option<u8>) {
        let (from, to) = (m.from.index(), m.to.index());
        if m.kind == MoveKind::Drop {
            if self.rules.castling_by_drops.is_some() {
                self.castling_by_drop(pos, side, to, m.piece);
            }
            if self.rules.flip_enclosed {
                let enclosed = self.enclosed(pos, to, side);
                self.flip(pos, enclosed, side);
            }
        } else {
            if self.rules.captures_explode
                && let Some(loser) = loser
            {
                self.explode(pos, to, side, loser);
            }
            if self.rules.pieces_leave_walls && pos.is_empty(from) {
                self.add_wall(pos, from);
            }
        }
        if self.rules.neighbours_flip && pos.piece(to).is_some_and(|p| p.owner.0 == side) {
            self.flip(pos, self.neighbours[to] & pos.occ, side);
        }
    }

    /// Gives the pieces on `cells` that are not `side`'s to `side`.
    fn flip(&self, pos: &mut Pos<B>, cells: B, side: u8) {
        for c in (cells & !pos.by_owner[side.index()]).cells() {
            if let Some(p) = pos.piece(c) {
                let p = Piece {
                    owner: PlayerId(side),
                    ..p
                };
                self.put(pos, c, p);
            }
        }
    }

    /// The enemy pieces of `side` that a piece of its on `to` encloses: in each orthogonal or
    /// diagonal direction, one or more enemy pieces in a row, then a piece of `side`'s.
    pub(crate) fn enclosed(&self, pos: &Pos<B>, to: usize, side: u8) -> B {
        let b = &self.rules.board;
        let (f0, r0) = ((to % self.t.files) as i32, (to / self.t.files) as i32);
        let mine = pos.by_owner[side.index()];
        let mut out = B::EMPTY;
        for (df, dr) in KING_STEPS {
            let mut line = B::EMPTY;
            let (mut f, mut r) = (f0 + df, r0 + dr);
            while let Some(c) = b.cell(f, r).map(|c| c.index()) {
                if mine.has(c) {
                    out |= line;
                    break;
                }
                if !pos.occ.has(c) {
                    break;
                }
                line |= B::cell(c);
                f += df;
                r += dr;
            }
        }
        out
    }

    /// The castling rights a drop of `kind` on `to` gives (see [`RuleSet::castling_by_drops`]).
    fn castling_by_drop(&self, pos: &mut Pos<B>, side: u8, to: usize, kind: PieceId) {
        let Some((kings, partners)) = self.rules.castling_by_drops else {
            return;
        };
        let t = &self.t;
        let s = side.index();
        let (kings, partners) = (t.zone(kings, s), t.zone(partners, s));
        let rank = to / t.files;
        let row: B = set_of((rank * t.files..(rank + 1) * t.files).filter(|&c| t.on_board.has(c)));
        for cs in &self.rules.castling {
            let gains = if cs.king == kind && kings.has(to) {
                pos.of(cs.rook.0, side) & partners & row
            } else if cs.rook == kind
                && partners.has(to)
                && (pos.of(cs.king.0, side) & kings & row).any()
            {
                B::cell(to)
            } else {
                B::EMPTY
            };
            for c in (gains & !pos.st.castling).cells() {
                self.toggle(pos, Salt::Castle, |p| &mut p.st.castling, c);
            }
        }
    }

    /// Whether the piece on `c` is of one of the types of `kinds` (a bit each).
    #[inline]
    pub(crate) fn holds_kind(pos: &Pos<B>, kinds: u64, c: usize) -> bool {
        kinds != 0 && pos.piece(c).is_some_and(|p| kinds >> p.kind.0 & 1 != 0)
    }

    /// Whether the piece on `target` is of a type a piece of type `kind` may not capture.
    #[inline]
    pub(crate) fn spares(&self, pos: &Pos<B>, kind: u8, target: usize) -> bool {
        self.bans && Self::holds_kind(pos, self.victim_ban[kind as usize], target)
    }

    /// Whether a piece of type `kind` may not hop over the piece on `screen`.
    #[inline]
    pub(crate) fn bars_screen(&self, pos: &Pos<B>, kind: u8, screen: usize) -> bool {
        self.bans && Self::holds_kind(pos, self.screen_ban[kind as usize], screen)
    }

    /// The pieces a piece of type `kind` may not capture.
    #[inline]
    pub(crate) fn spared(&self, pos: &Pos<B>, kind: u8) -> B {
        if !self.bans {
            return B::EMPTY;
        }
        let mut ban = self.victim_ban[kind as usize];
        let mut out = B::EMPTY;
        while ban != 0 {
            let k = ban.trailing_zeros() as usize;
            ban &= ban - 1;
            out |= pos.by_kind[k];
        }
        out
    }

    /// Whether a piece of type `kind` of `player` could go back from `to` to `from` by a quiet
    /// move on an empty board (a move it could take back does not reset the move-limit clock).
    fn can_return(&self, kind: u8, player: u8, from: usize, to: usize) -> bool {
        let b = &self.rules.board;
        let (fx, fy) = b.coords(crate::rules::Cell(from as u16));
        let (tx, ty) = b.coords(crate::rules::Cell(to as u16));
        let (dx, dy) = (fx - tx, fy - ty);
        let facing = self.rules.players[player.index()].forward;
        self.rules.pieces[kind.index()].moves.iter().any(|part| {
            part.mode.moves()
                && !part.hop
                && part
                    .from_zone
                    .is_none_or(|z| self.t.zone(z, player.index()).has(to))
                && part.vectors.iter().any(|&(x, y)| {
                    let (vx, vy) = facing.orient(x as i32, y as i32);
                    (1..=if part.range == 0 {
                        16
                    } else {
                        part.range as i32
                    })
                        .any(|k| (k * vx, k * vy) == (dx, dy))
                })
        })
    }

    /// Removes the player to move from the game (army and hand) and passes the turn on; part of
    /// the last move made, so taking that move back restores the player.
    pub(crate) fn eliminate(&self, pos: &mut Pos<B>) {
        let side = pos.st.side;
        for c in pos.by_owner[side.index()].cells() {
            self.take(pos, c);
            self.clear_pending(pos, c);
            self.clear_castling(pos, c);
        }
        for k in 0..self.t.kinds {
            let n = pos.hand(side, k as u8);
            if n > 0 {
                self.add_hand(pos, side, k as u8, -(n as i32));
            }
        }
        pos.st.eliminated |= 1 << side;
        pos.st.key ^= term(Salt::Out, side as u64);
        let next = self.next_player(pos.st.eliminated, side);
        pos.st.key ^= self.side_key(side) ^ self.side_key(next);
        if next <= side {
            pos.st.fullmove = pos.st.fullmove.saturating_add(1);
        }
        pos.st.side = next;
    }

    /// Whether a piece of this type dropped on `cell` by `owner` promotes at the end of its next
    /// move (a promotion deferred after a drop there).
    pub(crate) fn defers_after_drop(&self, kind: u8, owner: u8, cell: usize) -> bool {
        self.rules.pieces[kind.index()]
            .promotions
            .iter()
            .filter_map(|pr| pr.deferred_after_drop_in)
            .any(|z| self.t.zone(z, owner.index()).has(cell))
    }

    /// A hop capture's effect on its screen: a friendly unpromoted screen promotes (a deferred
    /// promotion it was waiting for is then void), a promoted enemy screen demotes; either only
    /// if the new piece could move from there.
    fn transform_screen(&self, pos: &mut Pos<B>, hopper: Piece, screen: usize) {
        let pt = &self.rules.pieces[hopper.kind.index()];
        let t = &self.t;
        let Some(s) = pos.piece(screen) else { return };
        if s.owner == hopper.owner && pt.promotes_friendly_screens {
            let unpromoted = s.origin.is_none() && t.unpromoted[s.kind.index()] == s.kind.0;
            let target = self.rules.pieces[s.kind.index()]
                .promotions
                .iter()
                .find_map(|pr| pr.to.first().copied());
            if let (true, Some(k)) = (unpromoted, target)
                && t.kind(k.0, s.owner.index()).mobile[screen]
            {
                let origin = (t.unpromoted[k.index()] != s.kind.0).then_some(s.kind);
                // A dropped piece waiting to promote after its next move is promoted now.
                self.clear_pending(pos, screen);
                self.put(
                    pos,
                    screen,
                    Piece {
                        kind: k,
                        origin,
                        ..s
                    },
                );
            }
        } else if s.owner != hopper.owner && pt.demotes_enemy_screens {
            let demoted = s.origin.unwrap_or(PieceId(t.unpromoted[s.kind.index()]));
            if demoted != s.kind && t.kind(demoted.0, s.owner.index()).mobile[screen] {
                self.put(
                    pos,
                    screen,
                    Piece {
                        kind: demoted,
                        origin: None,
                        ..s
                    },
                );
            }
        }
    }

    /// The hand slot a captured piece goes to, if it goes to hand at all.
    pub(crate) fn hand_type_of(&self, victim: Piece) -> Option<u8> {
        if !self.rules.captures_to_hand {
            return None;
        }
        let t = &self.t;
        let kind = match victim.origin {
            _ if self.rules.promoted_keep_type_in_hand => t.hand_slot[victim.kind.index()],
            Some(o) => t.hand_slot[o.index()],
            None => t.base[victim.kind.index()],
        };
        let pt = &self.rules.pieces[kind.index()];
        // A royal piece (one that may be captured at all) leaves the game.
        (!pt.removed_when_captured && !pt.royal).then_some(kind)
    }

    fn to_hand(&self, pos: &mut Pos<B>, victim: Piece, captor: u8) {
        if let Some(kind) = self.hand_type_of(victim) {
            self.add_hand(pos, captor, kind, 1);
        }
    }

    // ---------------------------------------------------------------------------------------
    // attacks

    /// Tells whether a royal piece of `player` is attacked by any opponent, or faces an enemy
    /// royal where the rules forbid it.
    pub(crate) fn royal_attacked(&self, pos: &Pos<B>, player: u8) -> bool {
        (pos.royals & pos.by_owner[player.index()])
            .cells()
            .any(|c| self.royal_attacked_at(pos, c, player))
    }

    /// Tells whether the royal piece of `player` on `c` is attacked, or faces an enemy royal
    /// where the rules forbid it.
    pub(crate) fn royal_attacked_at(&self, pos: &Pos<B>, c: usize, player: u8) -> bool {
        self.opponents(pos, player)
            .any(|by| self.threatens(pos, c, by))
            || (self.rules.royals_may_not_face && self.faces_enemy_royal(pos, c, player))
    }

    /// Tells whether `by` could take a royal piece on `c`: it attacks the cell, and (where
    /// captures explode) has no royal piece next to it that the blast would take too.
    pub(crate) fn threatens(&self, pos: &Pos<B>, c: usize, by: u8) -> bool {
        if self.rules.captures_explode
            && (self.neighbours[c] & pos.royals & pos.by_owner[by.index()]).any()
        {
            return false;
        }
        self.attacked(pos, c, by)
    }

    /// Tells whether the royal on `c` sees an enemy royal along its file with nothing between.
    fn faces_enemy_royal(&self, pos: &Pos<B>, c: usize, player: u8) -> bool {
        self.sees_enemy_royal(pos, c, player, &self.t.orthogonal[..2], pos.occ)
    }

    /// Tells whether a piece of `player` on `c` sees an enemy royal along one of the directions
    /// with nothing between, the occupied cells being `occ` (cells beyond `c` keep their pieces).
    fn sees_enemy_royal(&self, pos: &Pos<B>, c: usize, player: u8, dirs: &[u16], occ: B) -> bool {
        let enemy_royals = pos.royals & !pos.by_owner[player.index()];
        dirs.iter()
            .any(|&d| self.t.first(d, c, occ).is_some_and(|x| enemy_royals.has(x)))
    }

    /// Tells whether any piece of `by` could capture on `target`.
    pub(crate) fn attacked(&self, pos: &Pos<B>, target: usize, by: u8) -> bool {
        self.attacked_with(pos, target, by, pos.occ, B::EMPTY)
    }

    /// Tells whether any piece of `by` could capture on `target` if the occupied cells were
    /// `occ` and the pieces on `gone` were not there; the slow path always reads the position
    /// as it is, so games with slow pieces use this only with the position's own occupancy.
    #[inline]
    pub(crate) fn attacked_with(
        &self,
        pos: &Pos<B>,
        target: usize,
        by: u8,
        occ: B,
        gone: B,
    ) -> bool {
        self.attacks_on::<true>(pos, target, by, occ, gone)
    }

    /// [`Engine::attacked_with`], leaving out plain rides looked up by source (the riders on
    /// lines through the target) unless `LINES`: the caller looks at those itself.
    fn attacks_on<const LINES: bool>(
        &self,
        pos: &Pos<B>,
        target: usize,
        by: u8,
        occ: B,
        gone: B,
    ) -> bool {
        let t = &self.t;
        let p = by.index();
        let mine = pos.by_owner[p] & !gone;
        let at = p * t.cells + target;
        if (t.reach_from[at] & mine).none() {
            return false;
        }
        // Leaps: the candidate cells, then whether the piece there has the leap.
        let mut cand = t.leap_union[at] & mine;
        while cand.any() {
            let s = cand.pop();
            if t.leap_kinds[at * t.cells + s] >> pos.sq[s].kind & 1 != 0
                && !self.spares(pos, pos.sq[s].kind, target)
            {
                return true;
            }
        }
        for &(src, path, kinds) in t.lame_sources(at, mine) {
            let src = src as usize;
            // The owner first: an empty cell has none, and its kind is no type.
            let q = pos.sq[src];
            if q.owner == by
                && kinds >> q.kind & 1 != 0
                && !gone.has(src)
                && (path & occ).none()
                && !self.spares(pos, q.kind, target)
            {
                return true;
            }
        }
        if (t.ride_union[at] & mine).any() {
            if t.line_ok[p] {
                // Plain rides by source: the first piece from the rider along its line is the
                // target (or nothing stands between).
                let mut cand = if LINES {
                    t.line_union[at] & mine
                } else {
                    B::EMPTY
                };
                // Past a few candidates, gathering the riders is cheaper than looking at each.
                if cand.count() > 2 {
                    cand &= Self::of_kinds(pos, t.line_riders[p]);
                }
                while cand.any() {
                    let s = cand.pop();
                    let i = at * t.cells + s;
                    let kind = pos.sq[s].kind;
                    if t.line_kinds[i] >> kind & 1 != 0
                        && t.first(t.line_dir[i], s, occ | B::cell(target)) == Some(target)
                        && !self.spares(pos, kind, target)
                    {
                        return true;
                    }
                }
                for g in &t.hop_groups[p] {
                    if self.group_attacks(pos, g, target, occ, mine) {
                        return true;
                    }
                }
            } else {
                for g in &t.groups[p] {
                    if self.group_attacks(pos, g, target, occ, mine) {
                        return true;
                    }
                }
            }
        }
        for &k in &t.slowers[p] {
            let kt = t.kind(k, p);
            for from in (pos.by_kind[k as usize] & mine).cells() {
                if !kt.reach[from].has(target) {
                    continue;
                }
                let (a, z) = kt.slow_index[from];
                for ray in &kt.slow[a as usize..z as usize] {
                    if (ray.mode.captures() || ray.style == Style::Displace)
                        && self.slow_hits(pos, ray, target, occ, mine)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the piece on `from` could capture on `target`.
    pub(crate) fn piece_attacks(&self, pos: &Pos<B>, from: usize, target: usize) -> bool {
        let t = &self.t;
        let Some(pc) = pos.piece(from) else {
            return false;
        };
        let p = pc.owner.index();
        let kt = t.kind(pc.kind.0, p);
        if self.spares(pos, pc.kind.0, target) {
            return false;
        }
        if kt.leap_capture[from].has(target) {
            return true;
        }
        let (a, z) = kt.lame_index[from];
        if kt.lame[a as usize..z as usize]
            .iter()
            .any(|l| l.to as usize == target && l.mode.captures() && (l.path & pos.occ).none())
        {
            return true;
        }
        for r in &kt.rides {
            if !r.mode.captures() {
                continue;
            }
            let limit = r.limit.map(|l| t.limits[l as usize][from]);
            let reach = match r.hop {
                Hop::None => t.ride(r.dir, from, pos.occ),
                Hop::Cannon => match t.first(r.dir, from, pos.occ) {
                    Some(screen) if !self.bars_screen(pos, pc.kind.0, screen) => {
                        match t.first(r.dir, screen, pos.occ) {
                            Some(c) => B::cell(c),
                            None => B::EMPTY,
                        }
                    }
                    _ => B::EMPTY,
                },
                Hop::Grasshopper => t
                    .first(r.dir, from, pos.occ)
                    .filter(|&screen| !self.bars_screen(pos, pc.kind.0, screen))
                    .and_then(|screen| t.next(r.dir, screen))
                    .map_or(B::EMPTY, B::cell),
            };
            if (reach & limit.unwrap_or(!B::EMPTY)).has(target) {
                return true;
            }
        }
        let (a, z) = kt.slow_index[from];
        kt.slow[a as usize..z as usize].iter().any(|ray| {
            (ray.mode.captures() || ray.style == Style::Displace)
                && self.slow_hits(pos, ray, target, pos.occ, pos.by_owner[p])
        })
    }

    /// Whether a ride group of player `p` attacks `target`: looking back from the target along
    /// the group's direction, the first piece (past one screen, for hoppers) is one of it.
    #[inline]
    fn group_attacks(
        &self,
        pos: &Pos<B>,
        g: &super::tables::RideGroup,
        target: usize,
        occ: B,
        mine: B,
    ) -> bool {
        let t = &self.t;
        let back = t.back(g.dir);
        if (t.ray(back, target) & mine).none() {
            return false;
        }
        let Some(first) = t.first(back, target, occ) else {
            return false;
        };
        let attacker = match g.hop {
            Hop::None => first,
            Hop::Cannon => match t.first(back, first, occ) {
                Some(a) => a,
                None => return false,
            },
            // The screen stands right behind the target; the attacker is the next piece.
            Hop::Grasshopper if t.next(back, target) == Some(first) => {
                match t.first(back, first, occ) {
                    Some(a) => a,
                    None => return false,
                }
            }
            Hop::Grasshopper => return false,
        };
        if !mine.has(attacker) || g.kinds >> pos.sq[attacker].kind & 1 == 0 {
            return false;
        }
        let kind = pos.sq[attacker].kind;
        if self.spares(pos, kind, target)
            || (g.hop != Hop::None && self.bars_screen(pos, kind, first))
        {
            return false;
        }
        g.limit
            .is_none_or(|l| t.limits[l as usize][attacker].has(target))
    }

    /// Whether a slow ray captures (or displaces) on `target`, on a board whose occupied cells
    /// are `occ` and whose pieces of the ray's owner are `theirs` (the position's, or as a royal's
    /// step would leave them).
    pub(crate) fn slow_hits(
        &self,
        pos: &Pos<B>,
        ray: &super::tables::SlowRay,
        target: usize,
        occ: B,
        theirs: B,
    ) -> bool {
        let t = &self.t;
        let steps = t.steps(ray);
        let banned = |ban: u64, c: usize| Self::holds_kind(pos, ban, c);
        if banned(ray.victim_ban, target) {
            return false;
        }
        if ray.hop {
            let mut screened = false;
            for st in steps {
                let occupied = occ.has(st.to as usize);
                if screened {
                    if st.to as usize == target {
                        return true;
                    }
                    if occupied {
                        return false;
                    }
                } else if occupied {
                    if banned(ray.screen_ban, st.to as usize) {
                        return false;
                    }
                    screened = true;
                }
            }
            return false;
        }
        for st in steps {
            let via = t.paths[st.path as usize];
            if !Self::path_open(ray.style, via, occ, theirs) {
                return false;
            }
            if st.to as usize == target {
                return ray.mode.captures();
            }
            // A displacer captures what it passes, if it can land.
            if ray.style == Style::Displace && via.has(target) {
                return if !occ.has(st.to as usize) {
                    true
                } else {
                    ray.mode.captures() && !theirs.has(st.to as usize)
                };
            }
            if occ.has(st.to as usize) {
                return false;
            }
        }
        false
    }

    /// Whether the cells a move passes let it through, `occ` being the occupied cells and `own`
    /// the mover's pieces.
    #[inline]
    pub(crate) fn path_open(style: Style, via: B, occ: B, own: B) -> bool {
        match style {
            Style::Leap => true,
            Style::Step => (via & occ).none(),
            Style::Displace => (via & own).none(),
        }
    }

    // ---------------------------------------------------------------------------------------
    // what legality needs

    /// What the player to move must watch for: checks, pins, and cells where moving a piece
    /// could expose its royal piece otherwise.
    /// Fills `s`, which must be new ([`Safety::new`]): filled in place, as it is large.
    pub(crate) fn safety(&self, pos: &Pos<B>, s: &mut Safety<B>) {
        let side = pos.st.side;
        let royals = pos.royals & pos.by_owner[side.index()];
        if royals.none() || (self.rules.royalty == Royalty::Alone && royals.count() > 1) {
            return;
        }
        if self.rules.captures_explode {
            // A capture anywhere near a royal may blow it up: every move is tested.
            s.in_check = self.checked(pos, side);
            s.test_all = true;
            return;
        }
        let single = royals.count() == 1;
        let in_check = if single && !(self.rules.facing_draws && pos.st.facing) {
            match self.watch(pos, s, royals.lowest()) {
                Watch::Clear => return,
                Watch::Check => true,
                Watch::Unknown => self.checked(pos, side),
            }
        } else {
            self.checked(pos, side)
        };
        // Every move is tested: what was gathered of pins and dangers is not needed.
        *s = Safety::new();
        s.in_check = in_check;
        s.test_all = true;
        if in_check
            && single
            && let Some(block) = self.check_block(pos, side, royals.lowest())
        {
            s.block = block | pos.st.ep_cells;
        }
    }

    /// Finds the pins and dangers around the lone royal on `r` of the player to move, and on the
    /// way whether it is in check (plain rides are looked at once for both).
    fn watch(&self, pos: &Pos<B>, s: &mut Safety<B>, r: usize) -> Watch {
        let side = pos.st.side;
        let t = &self.t;
        if self.rules.royals_may_not_face && self.faces_enemy_royal(pos, r, side) {
            return Watch::Check;
        }
        let mine = pos.by_owner[side.index()];
        // Counting the pieces on a line is exact when every move that could take more than one
        // piece off it is tested anyway (displacements and en passant are); castling moves two.
        let exact = self.rules.castling.is_empty();
        if self.rules.royals_may_not_face {
            // Only a piece between the royal and an enemy royal on its file may open the file,
            // and only when it is the last one there.
            let file = t.file_cells[r % t.files];
            for e in (pos.royals & file & !mine).cells() {
                let (lo, hi) = (r.min(e), r.max(e));
                let between = file & !B::cell(lo) & !B::cell(hi) & self.span(lo, hi);
                if !exact {
                    s.danger |= between;
                } else if (between & pos.occ).count() == 1 {
                    s.danger |= between & pos.occ & mine;
                }
            }
        }
        for by in self.opponents(pos, side) {
            let p = by as usize;
            let theirs = pos.by_owner[p];
            if (t.reach_from[p * t.cells + r] & theirs).none() {
                // No piece of this player could ever reach the royal: no pin, no danger.
                continue;
            }
            for &k in &t.slowers[p] {
                let kt = t.kind(k, p);
                if (pos.by_kind[k as usize] & theirs)
                    .cells()
                    .any(|c| kt.reach[c].has(r))
                {
                    return Watch::Unknown;
                }
            }
            if self.attacks_on::<false>(pos, r, by, pos.occ, B::EMPTY) {
                return Watch::Check;
            }
            for &(src, path, kinds) in t.lame_sources(p * t.cells + r, theirs) {
                let src = src as usize;
                let q = pos.sq[src];
                if q.owner == by && kinds >> q.kind & 1 != 0 {
                    // Not checking now, so the path is blocked: only the last blocker leaving
                    // opens it.
                    let blockers = path & pos.occ;
                    if !exact {
                        s.danger |= path;
                    } else if blockers.count() == 1 {
                        s.danger |= blockers & mine;
                    }
                }
            }
            let at = p * t.cells + r;
            if (t.ride_union[at] & theirs).none() {
                continue;
            }
            let groups = if t.line_ok[p] {
                // Plain rides by source: a rider on a line through the royal pins the one piece
                // between them when that piece is ours.
                let mut snipers = t.line_union[at] & theirs;
                if snipers.count() > 2 {
                    snipers &= Self::of_kinds(pos, t.line_riders[p]);
                }
                for c in snipers.cells() {
                    let i = at * t.cells + c;
                    let kind = pos.sq[c].kind;
                    if t.line_kinds[i] >> kind & 1 == 0 || self.spares(pos, kind, r) {
                        continue;
                    }
                    let d = t.line_dir[i];
                    let between = t.ray(d, c) & !t.ray(d, r) & !B::cell(r);
                    let blockers = between & pos.occ;
                    if blockers.none() {
                        return Watch::Check;
                    }
                    if blockers.count() == 1
                        && (blockers & mine).any()
                        && !s.pin(blockers.lowest(), between | B::cell(c))
                    {
                        return Watch::Unknown;
                    }
                }
                &t.hop_groups[p]
            } else {
                &t.groups[p]
            };
            for g in groups {
                if (t.ray(t.back(g.dir), r) & theirs).none() {
                    continue;
                }
                let group_pieces = self.group_pieces(pos, g, theirs);
                if group_pieces.none() {
                    continue;
                }
                let back = t.back(g.dir);
                let line = t.ray(back, r);
                if (line & group_pieces).none() {
                    continue;
                }
                if g.hop == Hop::Cannon && exact {
                    // A cannon checks over exactly one screen; not checking now, it needs one
                    // piece more between (an arrival where there is none) or one fewer (one of
                    // ours leaving where there are two).
                    for c in (line & group_pieces).cells() {
                        if g.limit.is_some_and(|l| !t.limits[l as usize][c].has(r)) {
                            continue;
                        }
                        let between = line & !t.ray(back, c) & !B::cell(c);
                        match (between & pos.occ).count() {
                            0 => s.danger |= between,
                            2 => s.danger |= between & pos.occ & mine,
                            1 => s.danger |= between,
                            _ => {}
                        }
                    }
                    continue;
                }
                if g.hop != Hop::None {
                    s.danger |= line;
                    continue;
                }
                // A pin: the first piece looking back from the royal is ours, the next is one of
                // the group's riders that reaches the royal.
                let Some(b1) = t.first(back, r, pos.occ) else {
                    continue;
                };
                if !pos.by_owner[side.index()].has(b1) {
                    continue;
                }
                let Some(b2) = t.first(back, b1, pos.occ) else {
                    continue;
                };
                // A rider that may not capture the royal pins nothing.
                if group_pieces.has(b2)
                    && g.limit.is_none_or(|l| t.limits[l as usize][b2].has(r))
                    && !self.spares(pos, pos.sq[b2].kind, r)
                    && !s.pin(b1, line & !t.ray(back, b2))
                {
                    return Watch::Unknown;
                }
            }
        }
        Watch::Clear
    }

    /// The cells where a plain move or a drop of a piece other than the checked royal on `r` must
    /// land to answer every check: each checker's cell and the cells between it and the royal
    /// (a lame leaper's path, a cannon's line), intersected over the checkers. None when some
    /// check could be answered otherwise (our piece screening a cannon or a grasshopper moving
    /// away, a slow attacker) or no checker is found (a check by facing royals).
    fn check_block(&self, pos: &Pos<B>, side: u8, r: usize) -> Option<B> {
        let t = &self.t;
        let mut block = !B::EMPTY;
        let mut found = false;
        for by in self.opponents(pos, side) {
            let p = by as usize;
            let theirs = pos.by_owner[p];
            let at = p * t.cells + r;
            if (t.reach_from[at] & theirs).none() {
                continue;
            }
            let mut cand = t.leap_union[at] & theirs;
            while cand.any() {
                let c = cand.pop();
                if t.leap_kinds[at * t.cells + c] >> pos.sq[c].kind & 1 != 0
                    && !self.spares(pos, pos.sq[c].kind, r)
                {
                    block &= B::cell(c);
                    found = true;
                }
            }
            for &(src, path, kinds) in t.lame_sources(at, theirs) {
                let src = src as usize;
                let q = pos.sq[src];
                if q.owner == by
                    && kinds >> q.kind & 1 != 0
                    && (path & pos.occ).none()
                    && !self.spares(pos, q.kind, r)
                {
                    block &= B::cell(src) | path;
                    found = true;
                }
            }
            if (t.ride_union[at] & theirs).any() {
                for g in &t.groups[p] {
                    let back = t.back(g.dir);
                    let line = t.ray(back, r);
                    if (line & theirs).none() {
                        continue;
                    }
                    let group_pieces = self.group_pieces(pos, g, theirs);
                    if (line & group_pieces).none() {
                        continue;
                    }
                    if g.hop == Hop::Cannon {
                        // A cannon checks over exactly one screen. Over an enemy screen, only
                        // taking the cannon or adding a screen between answers it; over one of
                        // ours, the screen stepping away too (anywhere): no cell set.
                        let Some(screen) = t.first(back, r, pos.occ) else {
                            continue;
                        };
                        let Some(c) = t.first(back, screen, pos.occ) else {
                            continue;
                        };
                        let kind = pos.sq[c].kind;
                        let checks = group_pieces.has(c)
                            && g.limit.is_none_or(|l| t.limits[l as usize][c].has(r))
                            && !self.bars_screen(pos, kind, screen)
                            && !self.spares(pos, kind, r);
                        if !checks {
                            continue;
                        }
                        if pos.by_owner[side.index()].has(screen) {
                            return None;
                        }
                        block &= line & !t.ray(back, c);
                        found = true;
                        continue;
                    }
                    if g.hop != Hop::None {
                        return None;
                    }
                    let Some(b) = t.first(back, r, pos.occ) else {
                        continue;
                    };
                    if group_pieces.has(b)
                        && g.limit.is_none_or(|l| t.limits[l as usize][b].has(r))
                        && !self.spares(pos, pos.sq[b].kind, r)
                    {
                        block &= line & !t.ray(back, b);
                        found = true;
                    }
                }
            }
            for &k in &t.slowers[p] {
                let kt = t.kind(k, p);
                if (pos.by_kind[k as usize] & theirs)
                    .cells()
                    .any(|c| kt.reach[c].has(r))
                {
                    return None;
                }
            }
        }
        found.then_some(block)
    }

    /// The cells numbered from `lo` to `hi`.
    fn span(&self, lo: usize, hi: usize) -> B {
        B::below(hi + 1) & !B::below(lo)
    }

    /// The pieces of some kinds (a bit each), whoever owns them.
    #[inline]
    pub(crate) fn of_kinds(pos: &Pos<B>, mut kinds: u64) -> B {
        let mut out = B::EMPTY;
        while kinds != 0 {
            out |= pos.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        out
    }

    /// The pieces of a ride group among `theirs`.
    #[inline]
    fn group_pieces(&self, pos: &Pos<B>, g: &super::tables::RideGroup, theirs: B) -> B {
        Self::of_kinds(pos, g.kinds) & theirs
    }

    /// Whether a suspect move of the player to move leaves its royal pieces safe. A plain step
    /// of the only royal piece is tested by looking at its destination; anything else is made
    /// and taken back (so is the step where some type may not capture some other: the victim
    /// on the destination would be the royal, not the piece standing there now).
    pub(crate) fn legal(&self, pos: &mut Pos<B>, m: &Move) -> bool {
        let side = pos.st.side;
        let from = m.from.index();
        if m.kind == MoveKind::Normal
            && self.royal_steps_plain
            && (!self.rules.facing_draws || !pos.st.facing)
            && pos.royals.has(from)
            && (pos.royals & pos.by_owner[side.index()]).count() == 1
        {
            return self.royal_step_safe(pos, from, m.to.index());
        }
        self.legal_by_test(pos, m)
    }

    /// Whether the lone royal of the player to move may step from `from` to `to` (a plain move,
    /// in a game without bans): its new cell must not be attacked, nor (where royals may not
    /// face) see an enemy royal along its file, with the board as the move leaves it.
    pub(crate) fn royal_step_safe(&self, pos: &Pos<B>, from: usize, to: usize) -> bool {
        let side = pos.st.side;
        let occ = (pos.occ & !B::cell(from)) | B::cell(to);
        let gone = B::cell(to);
        self.opponents(pos, side)
            .all(|by| !self.attacked_with(pos, to, by, occ, gone))
            && !(self.rules.royals_may_not_face
                && self.sees_enemy_royal(pos, to, side, &self.t.orthogonal[..2], occ))
    }

    /// Whether a move of the player to move leaves its royal pieces safe: the full test.
    pub(crate) fn legal_by_test(&self, pos: &mut Pos<B>, m: &Move) -> bool {
        let side = pos.st.side;
        // Facing an enemy royal, a player must end the facing, or pass even in check.
        let facing = self.rules.facing_draws && pos.st.facing;
        if facing && m.kind == MoveKind::Pass {
            return true;
        }
        if self.rules.captures_explode {
            // A move may not blow up its own royal; one that blows up an enemy royal may leave
            // its own attacked.
            let mine = pos.by_owner[side.index()];
            let (ours, theirs) = ((pos.royals & mine).count(), (pos.royals & !mine).count());
            self.make(pos, m);
            let mine = pos.by_owner[side.index()];
            let ok = (pos.royals & mine).count() >= ours
                && ((pos.royals & !mine).count() < theirs || !self.checked(pos, side));
            pos.unmake(self.t.royal_kinds);
            return ok;
        }
        self.make(pos, m);
        let ok = !self.checked(pos, side) && (!facing || !self.royal_faces(pos, side));
        pos.unmake(self.t.royal_kinds);
        ok
    }

    /// Whether a royal piece of `player` sees an enemy royal along a file or rank with nothing
    /// between.
    pub(crate) fn royal_faces(&self, pos: &Pos<B>, player: u8) -> bool {
        let royals = pos.royals & pos.by_owner[player.index()];
        royals
            .cells()
            .any(|c| self.sees_enemy_royal(pos, c, player, &self.t.orthogonal, pos.occ))
    }
}
