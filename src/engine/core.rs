//! The engine of one game on one bitboard width: keys, making and taking back moves, attacks,
//! and what a position needs to know to test a move's legality cheaply.

use super::bits::KindSet;
use super::bits::{Bits, set_of};
use super::index::AsIndex;
use super::keys::{Salt, piece_term, term};
use super::kinds::{KindBits, kind_set};
use super::plan::Plan;
use super::position::{Change, Piece, Pos, Sq};
use super::tables::Tables;
use crate::rules::PlayerId;
use crate::rules::{Mode, Obligation, Outcome, PieceId, RuleSet, Trigger};

mod attacks;
mod legs;
mod make;
pub(super) mod safety;

/// A rule set made playable on one bitboard width.
pub struct Engine<B: Bits> {
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
    /// those that some promotion gives, whose pieces alone a demotion changes.
    pub screen_hoppers: KindSet<B>,
    pub to_royal: KindSet<B>,
    pub promoted: KindSet<B>,
    /// Types whose move may take away an enemy piece's first-move right.
    pub spoilers: KindSet<B>,
    /// Per type: the types its hops may not use as a screen, and those it may not capture.
    pub screen_ban: Vec<KindSet<B>>,
    pub victim_ban: Vec<KindSet<B>>,
    /// Whether any type has such a ban (attack detection skips the lookups otherwise).
    pub bans: bool,
    /// Whether a lone royal's plain step is legal exactly when [`Engine::royal_step_safe`] says
    /// so: not where some type may not capture some other, nor where captures explode.
    pub royal_steps_plain: bool,
    /// The types whose drops keep them on both colours (see
    /// [`crate::rules::DropRules::on_both_colours`]).
    pub both_colours: Vec<u8>,
    /// The game's mechanics, compiled (see [`Plan`]).
    pub(crate) plan: Plan<B>,
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

impl<B: Bits> Engine<B> {
    pub fn new(rules: RuleSet) -> Engine<B> {
        let t = Tables::<B>::build(&rules);
        let plan = Plan::compile(&rules, &t);
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
                    if !plan.no_drop_where_stuck || k.mobile[c] {
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
        Engine {
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
                .fold(B::Kinds::EMPTY, |set, (i, _)| set | B::Kinds::one(i as u8)),
            to_royal: rules
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| {
                    p.promotions
                        .iter()
                        .any(|pr| pr.to.iter().any(|k| rules.pieces[k.index()].royal))
                })
                .fold(B::Kinds::EMPTY, |set, (i, _)| set | B::Kinds::one(i as u8)),
            promoted: kind_set(
                rules
                    .pieces
                    .iter()
                    .flat_map(|p| p.promotions.iter().flat_map(|pr| pr.to.iter())),
            ),
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
            royal_steps_plain: !bans && !plan.removes_royals && plan.range_jumps.is_none(),
            both_colours: (0..rules.pieces.len())
                .filter(|&i| rules.pieces[i].drops.on_both_colours)
                .map(|i| i as u8)
                .collect(),
            plan,
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
                let n = (pos.by_kind[k] & pos.by_owner[s]).count()
                    + pos.hand(PlayerId(s as u8), b.kind) as u32;
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
        let Some(o) = s.owner else {
            return 0;
        };
        let k = self.piece_keys[(c * self.t.kinds + s.kind as usize) * self.t.players + o.index()];
        match s.origin {
            None => k,
            Some(g) => k ^ term(Salt::Origin, (c as u64) << 8 ^ g.kind() as u64),
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
    pub(crate) fn side_key(&self, side: PlayerId) -> u64 {
        term(Salt::Side, side.0 as u64)
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
        if self.rules.check_limit().is_some() {
            for p in 0..self.t.players {
                k ^= self.checks_key(p, pos.st.checks[p]);
            }
        }
        if pos.st.struck {
            k ^= term(Salt::Struck, 0);
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
        for c in pos.gates.cells() {
            k ^= term(Salt::Gate, c as u64);
        }
        k
    }

    /// Walls up the empty cell `c`.
    pub(crate) fn add_wall(&self, pos: &mut Pos<B>, c: usize) {
        self.toggle_wall(pos, c);
    }

    /// Puts or lifts the wall on cell `c`, logged (undone by the same toggle).
    fn toggle_wall(&self, pos: &mut Pos<B>, c: usize) {
        pos.log.push(Change::Wall(c as u16));
        pos.walls ^= B::cell(c);
        pos.occ ^= B::cell(c);
        pos.st.key ^= term(Salt::Wall, c as u64);
    }

    /// Puts a move's second-part wall on the empty cell `c`, first lifting the standing walls
    /// where the wall moves; a wall on a cell open to an en-passant capture closes it.
    pub(crate) fn place_wall(&self, pos: &mut Pos<B>, c: usize) {
        if self.plan.walls.as_ref().is_some_and(|w| w.moves) {
            for old in pos.walls.cells() {
                self.toggle_wall(pos, old);
            }
        }
        self.toggle_wall(pos, c);
        let ep = pos.st.ep_cells;
        if ep.has(c) {
            pos.st.ep_cells = ep & !B::cell(c);
            pos.st.key ^= term(Salt::Ep, c as u64);
            if pos.st.ep_cells.none() {
                pos.st.ep_victim = None;
            }
        }
    }

    /// Gives or takes away the gating right of cell `c`, logged (undone by the same toggle).
    pub(crate) fn toggle_gate(&self, pos: &mut Pos<B>, c: usize) {
        pos.log.push(Change::Gate(c as u16));
        pos.gates ^= B::cell(c);
        pos.st.key ^= term(Salt::Gate, c as u64);
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

    /// Takes the piece off a cell, giving it both as stored and as a piece.
    #[inline]
    pub(crate) fn take_stored(&self, pos: &mut Pos<B>, c: usize) -> Option<(Sq, Piece)> {
        let s = pos.sq[c];
        let p = s.piece()?;
        self.set(pos, c, Sq::EMPTY);
        Some((s, p))
    }

    #[inline]
    pub(crate) fn take(&self, pos: &mut Pos<B>, c: usize) -> Option<Piece> {
        let p = pos.sq[c].piece()?;
        self.set(pos, c, Sq::EMPTY);
        Some(p)
    }

    /// Changes a hand count, logging the old one and keeping the key.
    pub(crate) fn add_hand(&self, pos: &mut Pos<B>, player: PlayerId, kind: u8, delta: i32) {
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

    pub(crate) fn clear_pending(&self, pos: &mut Pos<B>, c: usize) {
        if pos.st.pending.has(c) {
            self.toggle(pos, Salt::Pending, |p| &mut p.st.pending, c);
        }
    }

    /// Gives the piece on `c` its first-move right, if it lacks it.
    pub(crate) fn add_castling(&self, pos: &mut Pos<B>, c: usize) {
        if !pos.st.castling.has(c) {
            self.toggle(pos, Salt::Castle, |p| &mut p.st.castling, c);
        }
    }

    pub(crate) fn clear_castling(&self, pos: &mut Pos<B>, c: usize) {
        if pos.st.castling.has(c) {
            self.toggle(pos, Salt::Castle, |p| &mut p.st.castling, c);
        }
    }

    // ---------------------------------------------------------------------------------------
    // players

    /// Gets the player after `p` in turn order who is still in the game.
    pub(crate) fn next_player(&self, eliminated: u8, p: PlayerId) -> PlayerId {
        let n = self.t.players;
        let mut q = p.index();
        for _ in 0..n {
            q = if q + 1 == n { 0 } else { q + 1 };
            if eliminated & (1 << q) == 0 {
                return PlayerId(q as u8);
            }
        }
        p
    }

    /// Gets the player before `p` in turn order who is still in the game.
    pub(crate) fn previous_player(&self, eliminated: u8, p: PlayerId) -> PlayerId {
        let n = self.t.players;
        let mut q = p.index();
        for _ in 0..n {
            q = if q == 0 { n - 1 } else { q - 1 };
            if eliminated & (1 << q) == 0 {
                return PlayerId(q as u8);
            }
        }
        p
    }

    pub(crate) fn active_players(&self, pos: &Pos<B>) -> usize {
        self.t.players - pos.st.eliminated.count_ones() as usize
    }

    /// The players still in the game other than `player`.
    pub(crate) fn opponents(
        &self,
        pos: &Pos<B>,
        player: PlayerId,
    ) -> impl Iterator<Item = PlayerId> {
        let eliminated = pos.st.eliminated;
        (0..self.t.players as u8)
            .filter(move |&q| q != player.0 && eliminated & (1 << q) == 0)
            .map(PlayerId)
    }
}
