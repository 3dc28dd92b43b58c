//! The evaluation, built from the rule set alone: material (each type's `value`, or an estimate
//! from its mobility on an empty board when it has none), pieces in hand, mobility, progress
//! towards promotion zones, the safety of royal pieces, and threats (a piece attacked by a cheaper
//! one, or attacked and not defended).

use super::weights::{self, Weights};
use crate::engine::{Game, Owner, Position};
use crate::rules::{Cell, Mode, PieceId, PlayerId, RuleSet, Style, Trigger, ZoneId};

/// Centipawns per unit of a piece's `value`.
const UNIT: i32 = 100;
/// A piece in hand is worth this many 64ths of the same piece on the board.
const HAND_64THS: i32 = 72;
/// Centipawns per cell a piece can move to or capture on.
pub(super) const MOBILITY: i32 = 4;
/// Share (per 1000) of a promotion's gain credited at 1, 2, ... moves from its zone.
pub(super) const PROMOTION_PROGRESS: [i32; 7] = [0, 180, 90, 45, 20, 10, 5];
/// A threatened piece (attacked by an opponent's piece worth less, or attacked and not defended)
/// loses this share of its value (1/6).
const THREAT_SHARE: i32 = 6;
/// The centipawns a goal is worth to the default square terms: a piece of a type that wins by
/// reaching a zone earns a [`PROMOTION_PROGRESS`] share of it by the moves it needs to get there.
pub(super) const GOAL_GAIN: i32 = 400;
/// Centipawns for the side to move (the tempo).
const TEMPO: i32 = 10;
/// The largest centipawn value of a type (1,000 pawns): a game whose values go beyond has them
/// all scaled down together, so that sums of material stay far from [`LIMIT`].
const MAX_VALUE: i64 = weights::MAX_TERM;
/// Evaluations lie strictly within +-LIMIT centipawns (5,000 pawns), well inside the scores the
/// search reserves for mates.
pub(super) const LIMIT: i32 = 500_000;

/// One landing of a ray and the cells passed since the previous one.
#[derive(Clone, Copy)]
pub(super) struct Step {
    pub(super) to: Cell,
    pub(super) via: (u32, u32),
}

/// One direction of one move part from one cell.
#[derive(Clone, Copy)]
pub(super) struct Ray {
    pub(super) mode: Mode,
    pub(super) style: Style,
    pub(super) hop: bool,
    /// With `hop`: it lands only on the cell just beyond the screen.
    pub(super) lands_behind: bool,
    /// Only a piece that has not moved may make it. Mobility counts it, and a move after the
    /// first (`after its first move`), whether or not the piece has moved: the evaluation looks
    /// at no first-move right, and its hot path stays as it is.
    pub(super) initial: bool,
    /// It moves and captures, does not hop, and no landing has a cell to pass (a leap, or a
    /// step or ride of single steps): [`Eval::reach`] walks it without the general tests.
    pub(super) plain: bool,
    pub(super) steps: (u32, u32),
}

/// Evaluation tables for one game.
#[derive(Clone)]
pub struct Eval {
    pub(super) players: usize,
    pub(super) cells: usize,
    pub(super) on_board: Vec<Cell>,
    /// Centipawns of each type on the board.
    pub(super) value: Vec<i32>,
    /// Centipawns of each type in hand.
    pub(super) hand_value: Vec<i32>,
    /// Centipawns per cell reached, per type.
    pub(super) mobility: Vec<i32>,
    /// Centipawns for standing on a cell, per (type, player, cell) as [`Eval::slot`] orders them.
    pub(super) square: Vec<i32>,
    /// Centipawns for standing on a cell with no material left, as [`Eval::square`] orders them
    /// (the squares taper from [`Eval::square`] with all the start's material on the board to
    /// these with none); empty where the squares do not taper.
    pub(super) square_end: Vec<i32>,
    /// Whether mobility and squares are the terms per type (tuned, or squares derived from the
    /// rules: [`Eval::default_squares`]); else mobility is [`MOBILITY`] and there are no squares.
    pub(super) tuned: bool,
    pub(super) royal: Vec<bool>,
    pub(super) rays: Vec<Ray>,
    pub(super) steps: Vec<Step>,
    pub(super) via: Vec<Cell>,
    /// Ray range per (type, player, cell).
    pub(super) index: Vec<(u32, u32)>,
    /// Moves to the next promotion per (type, player, cell), 0 when none is in reach.
    pub(super) promotion_distance: Vec<u8>,
    /// Centipawns a type gains by its best promotion (0 when it gains nothing).
    pub(super) promotion_gain: Vec<i32>,
    /// Cells next to each cell (king-move neighbours on the board).
    pub(super) neighbours: Vec<Vec<Cell>>,
    /// Closeness of each cell to the board's centre, 0 (edge) .. 16.
    centrality: Vec<i32>,
    /// Material (without royals) of every player together at the start.
    pub(super) start_material: i64,
    /// The move tables as bitboards of the game's width (`evalbits`), once built.
    pub(super) bits: std::sync::Arc<dyn std::any::Any + Send + Sync>,
    /// Centipawns a piece of each type loses when it is threatened ([`THREAT_SHARE`]; 0 for a
    /// royal type).
    pub(super) threat: Vec<i32>,
    /// The types grouped by value, cheapest first.
    pub(super) by_value: Vec<Vec<u8>>,
    /// The riding types, the longest-reaching first ([`Eval::build_riders`]): the first an
    /// opponent has measures a royal's exposure.
    pub(super) riders: Vec<u8>,
}

/// `attacks[p][c]`: how many of `p`'s pieces attack `c`.
type Attacks = [[u8; 256]; 4];

/// Cells attacked by an opponent of the player to move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Threats([u64; 4]);

impl Threats {
    pub(super) fn add(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }

    /// Tells whether an opponent of the player to move attacks a cell.
    pub fn has(&self, c: Cell) -> bool {
        self.0[c.index() / 64] >> (c.index() % 64) & 1 != 0
    }
}

/// Per-player totals of one evaluation.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct Side {
    pub(super) material: i64,
    pub(super) positional: i32,
    pub(super) royal_cells: [Cell; 4],
    pub(super) royals: usize,
    /// What the squares gain from the middle game's to the endgame's ([`Eval::square_end`]),
    /// weighed by the phase once it is known.
    pub(super) end_shift: i32,
}

impl Eval {
    /// Builds the tables of a game, without the bitboard tables ([`Eval::new`] adds them).
    pub(super) fn build(game: &Game, weights: Option<&Weights>) -> Eval {
        let rules = game.rules();
        let b = &rules.board;
        let cells = b.cells();
        let players = rules.players.len();
        let on_board: Vec<Cell> = (0..cells as u16)
            .map(Cell)
            .filter(|c| b.holes.binary_search(c).is_err())
            .collect();
        let mut e = Eval {
            players,
            cells,
            on_board,
            value: Vec::new(),
            hand_value: Vec::new(),
            mobility: Vec::new(),
            square: Vec::new(),
            square_end: Vec::new(),
            tuned: false,
            royal: rules.pieces.iter().map(|p| p.royal).collect(),
            rays: Vec::new(),
            steps: Vec::new(),
            via: Vec::new(),
            index: Vec::new(),
            promotion_distance: Vec::new(),
            promotion_gain: Vec::new(),
            neighbours: Vec::new(),
            centrality: Vec::new(),
            start_material: 0,
            bits: std::sync::Arc::new(()),
            threat: Vec::new(),
            by_value: Vec::new(),
            riders: Vec::new(),
        };
        for pt in &rules.pieces {
            for p in 0..players {
                for c in 0..cells as u16 {
                    e.build_slot(rules, pt, p, Cell(c));
                }
            }
        }
        let values: Vec<i64> = (0..rules.pieces.len())
            .map(|k| {
                let pt = &rules.pieces[k];
                let tuned = weights.and_then(|w| w.pieces.get(&pt.name));
                if let Some(t) = tuned.filter(|_| !pt.royal) {
                    t.value.max(0) as i64
                } else if pt.value > 0 {
                    pt.value as i64 * UNIT as i64
                } else if pt.royal {
                    0
                } else {
                    e.estimate_value(PieceId(k as u8)) as i64
                }
            })
            .collect();
        let top = values.iter().copied().max().unwrap_or(0).max(MAX_VALUE);
        e.value = values
            .iter()
            .map(|v| (v * MAX_VALUE / top) as i32)
            .collect();
        e.hand_value = e.value.iter().map(|v| v * HAND_64THS / 64).collect();
        e.threat = (e.value.iter().zip(&e.royal))
            .map(|(v, &royal)| if royal { 0 } else { v / THREAT_SHARE })
            .collect();
        let mut kinds: Vec<u8> = (0..e.value.len() as u8).collect();
        kinds.sort_by_key(|&k| e.value[k as usize]);
        for k in kinds {
            match e.by_value.last_mut() {
                Some(g) if e.value[g[0] as usize] == e.value[k as usize] => g.push(k),
                _ => e.by_value.push(vec![k]),
            }
        }
        e.apply_terms(game, weights);
        e.promotion_gain = rules
            .pieces
            .iter()
            .enumerate()
            .map(|(k, pt)| {
                pt.promotions
                    .iter()
                    .flat_map(|pr| pr.to.iter())
                    .map(|&t| e.value[t.index()] - e.value[k])
                    .max()
                    .unwrap_or(0)
                    .max(0)
            })
            .collect();
        e.promotion_distance = vec![0; rules.pieces.len() * players * cells];
        for k in 0..rules.pieces.len() {
            if e.promotion_gain[k] > 0 {
                for p in 0..players {
                    e.build_promotion_distance(rules, PieceId(k as u8), p);
                }
            }
        }
        let (fm, rm) = (b.files as i32 - 1, b.ranks as i32 - 1);
        for c in (0..cells as u16).map(Cell) {
            let (f, r) = b.coords(c);
            let mut n = Vec::new();
            for df in -1..=1 {
                for dr in -1..=1 {
                    if (df, dr) != (0, 0)
                        && let Some(x) = b.cell(f + df, r + dr)
                    {
                        n.push(x);
                    }
                }
            }
            e.neighbours.push(n);
            // Twice the distance from the centre on each axis, folded into 0..16.
            let dist = (2 * f - fm).abs().max((2 * r - rm).abs());
            let span = fm.max(rm).max(1);
            e.centrality.push(16 - 16 * dist / span);
        }
        e.build_riders(rules);
        let start = game.start();
        e.start_material = e
            .on_board
            .iter()
            .filter_map(|&c| start.piece(c))
            .map(|pc| e.value[pc.kind.index()] as i64)
            .sum::<i64>()
            .max(1);
        e
    }

    pub(super) fn slot(&self, kind: PieceId, player: usize, cell: Cell) -> usize {
        (kind.index() * self.players + player) * self.cells + cell.index()
    }

    /// Sets each type's mobility and square terms: the tuned ones where `weights` has them,
    /// else [`MOBILITY`] and the squares [`Eval::default_squares`] derives from the rules.
    fn apply_terms(&mut self, game: &Game, weights: Option<&Weights>) {
        let rules = game.rules();
        let kinds = rules.pieces.len();
        self.mobility = vec![MOBILITY; kinds];
        self.square = vec![0; kinds * self.players * self.cells];
        self.square_end = Vec::new();
        let Some(w) = weights else {
            self.default_squares(rules);
            self.tuned = self.square.iter().any(|&v| v != 0);
            return;
        };
        self.tuned = true;
        let views = weights::views(game);
        for (k, pt) in rules.pieces.iter().enumerate() {
            let Some(t) = w.pieces.get(&pt.name) else {
                continue;
            };
            self.mobility[k] = t.mobility;
            if t.squares.len() != self.cells {
                continue;
            }
            for (p, view) in views.iter().enumerate() {
                let Some(view) = view else {
                    continue;
                };
                for (c, seen) in view.iter().enumerate() {
                    let slot = self.slot(PieceId(k as u8), p, Cell(c as u16));
                    self.square[slot] = t.squares[seen.index()];
                }
            }
        }
        // Types without squares of their own for the endgame keep their middle game's.
        if !w.pieces.values().any(|t| t.squares_end.len() == self.cells) {
            return;
        }
        self.square_end = self.square.clone();
        for (k, pt) in rules.pieces.iter().enumerate() {
            let Some(t) = w.pieces.get(&pt.name) else {
                continue;
            };
            if t.squares_end.len() != self.cells {
                continue;
            }
            for view in views
                .iter()
                .enumerate()
                .filter_map(|(p, v)| Some((p, v.as_ref()?)))
            {
                let (p, view) = view;
                for (c, seen) in view.iter().enumerate() {
                    let slot = self.slot(PieceId(k as u8), p, Cell(c as u16));
                    self.square_end[slot] = t.squares_end[seen.index()];
                }
            }
        }
    }

    /// A side's squares tapered by `phase` (1024: all the start's material on the board).
    pub(super) fn taper(&self, side: &mut Side, phase: i32) {
        side.positional += side.end_shift * (1024 - phase) / 1024;
    }

    /// Mirrors the engine's move tables: for each move part and vector, the landings of the ray
    /// and the cells each leap passes.
    fn build_slot(
        &mut self,
        rules: &RuleSet,
        pt: &crate::rules::PieceType,
        player: usize,
        from: Cell,
    ) {
        let b = &rules.board;
        let dir = rules.players[player].forward;
        let start = self.rays.len() as u32;
        let zone = |z: ZoneId| &rules.zones[z.index()].cells[player];
        let on = b.holes.binary_search(&from).is_err();
        for part in pt.moves.iter().filter(|_| on) {
            if let Some(z) = part.from_zone
                && zone(z).binary_search(&from).is_err()
            {
                continue;
            }
            for (vi, &(vx, vy)) in part.vectors.iter().enumerate() {
                let (dx, dy) = dir.orient(vx as i32, vy as i32);
                let path = part.path_for(vi, dir);
                let steps_start = self.steps.len() as u32;
                let (mut f, mut r) = b.coords(from);
                let mut n = 0u32;
                'ray: loop {
                    if part.range != 0 && n >= part.range as u32 {
                        break;
                    }
                    let via_start = self.via.len() as u32;
                    for &(px, py) in &path {
                        match b.cell(f + px, r + py) {
                            Some(c) => self.via.push(c),
                            None => {
                                self.via.truncate(via_start as usize);
                                break 'ray;
                            }
                        }
                    }
                    let Some(to) = b.cell(f + dx, r + dy) else {
                        self.via.truncate(via_start as usize);
                        break;
                    };
                    let blocked = pt
                        .confined_to
                        .is_some_and(|z| zone(z).binary_search(&to).is_err())
                        || pt
                            .barred_from
                            .is_some_and(|z| zone(z).binary_search(&to).is_ok());
                    if blocked {
                        self.via.truncate(via_start as usize);
                        break;
                    }
                    self.steps.push(Step {
                        to,
                        via: (via_start, self.via.len() as u32),
                    });
                    (f, r) = (f + dx, r + dy);
                    n += 1;
                }
                let steps_end = self.steps.len() as u32;
                let passes_none = self.steps[steps_start as usize..]
                    .iter()
                    .all(|st| st.via.0 == st.via.1);
                if steps_end > steps_start {
                    self.rays.push(Ray {
                        plain: !part.hop
                            && part.mode.moves()
                            && part.mode.captures()
                            && (part.style == Style::Leap
                                || (part.style == Style::Step && passes_none)),
                        mode: part.mode,
                        style: part.style,
                        hop: part.hop,
                        lands_behind: part.lands_behind_screen,
                        initial: part.initial,
                        steps: (steps_start, steps_end),
                    });
                }
            }
        }
        self.index.push((start, self.rays.len() as u32));
    }

    /// A value for a type the definition gives none: about 35 centipawns per cell it reaches on
    /// an empty board, averaged over the first player's cells (a knight on 8 x 8 comes to 184,
    /// a rook to 490).
    pub(super) fn estimate_value(&self, kind: PieceId) -> i32 {
        let mut total = 0usize;
        for &c in &self.on_board {
            let (a, b) = self.index[self.slot(kind, 0, c)];
            for ray in &self.rays[a as usize..b as usize] {
                if !ray.hop && ray.mode.moves() {
                    total += (ray.steps.1 - ray.steps.0) as usize;
                }
            }
        }
        let avg = total as f64 / self.on_board.len().max(1) as f64;
        ((avg * 35.0) as i32).max(50)
    }

    /// Moves a piece needs, on an empty board, to make a move that promotes it, for each cell
    /// (capped at the length of [`PROMOTION_PROGRESS`]).
    fn build_promotion_distance(&mut self, rules: &RuleSet, kind: PieceId, player: usize) {
        let pt = &rules.pieces[kind.index()];
        let in_zone = |z: ZoneId, c: Cell| {
            rules.zones[z.index()].cells[player]
                .binary_search(&c)
                .is_ok()
        };
        let triggers = |from: Cell, to: Cell| {
            pt.promotions.iter().any(|pr| {
                let (a, b) = (in_zone(pr.zone, from), in_zone(pr.zone, to));
                let gains = pr
                    .to
                    .iter()
                    .any(|&t| self.value[t.index()] > self.value[kind.index()]);
                gains
                    && match pr.trigger {
                        Trigger::Entering => b && !a,
                        Trigger::EndingIn | Trigger::CapturingIn => b,
                        Trigger::StartingOrEndingIn | Trigger::CapturingFromOrIn => a || b,
                        Trigger::Leaving => a && !b,
                    }
            })
        };
        let dist = self.moves_to(kind, player, triggers);
        for &c in &self.on_board {
            let s = self.slot(kind, player, c);
            self.promotion_distance[s] = dist[c.index()].unwrap_or(0);
        }
    }

    /// Gets the centipawn value of a type on the board.
    pub fn value(&self, kind: PieceId) -> i32 {
        self.value[kind.index()]
    }

    /// Tells whether a player has a piece worth at least two pawns besides its royals, on the
    /// board or in hand: the search's guard against zugzwang before a null move (a player left
    /// with pawns and royals may be obliged to spoil its position).
    pub fn has_pieces(&self, game: &Game, pos: &Position, player: PlayerId) -> bool {
        let big = |k: usize| !self.royal[k] && self.value[k] >= 2 * UNIT;
        let stored = pos.stored();
        let on_board = self.on_board.iter().any(|&c| {
            stored.get(c.index()).is_some_and(|s| {
                s.owner.is_some_and(|o| o.player() == player) && big(s.kind as usize)
            })
        });
        on_board
            || (game.rules().has_hands()
                && (0..self.value.len()).any(|k| pos.in_hand(player, PieceId(k as u8)) > 0))
    }

    /// Copies the owners and types of the pieces on the board, by cell, as the position stores
    /// them. Kept out of line: inlined, it crowds the registers of [`Self::sides`]' loops.
    #[inline(never)]
    pub(super) fn scratch(
        &self,
        pos: &Position,
        owner: &mut [Option<Owner>; 256],
        kinds: &mut [u8; 256],
    ) {
        let stored = pos.stored();
        for &c in &self.on_board {
            if let Some(s) = stored.get(c.index()) {
                (owner[c.index()], kinds[c.index()]) = (s.owner, s.kind);
            }
        }
    }

    /// Counts the cells a piece of `me` in `slot` moves to or captures on, and adds one to
    /// `attacks` on each cell it attacks.
    #[inline(always)]
    pub(super) fn reach(
        &self,
        slot: usize,
        me: Owner,
        owner: &[Option<Owner>; 256],
        attacks: &mut [u8; 256],
    ) -> i32 {
        let mut mobility = 0;
        let (a, b) = self.index[slot];
        for ray in &self.rays[a as usize..b as usize] {
            if ray.plain {
                for st in &self.steps[ray.steps.0 as usize..ray.steps.1 as usize] {
                    let t = st.to.index();
                    attacks[t] = attacks[t].saturating_add(1);
                    match owner[t] {
                        None => mobility += 1,
                        Some(o) => {
                            mobility += (o != me) as i32;
                            break;
                        }
                    }
                }
                continue;
            }
            let mut screened = false;
            for st in &self.steps[ray.steps.0 as usize..ray.steps.1 as usize] {
                let via = &self.via[st.via.0 as usize..st.via.1 as usize];
                let open = match ray.style {
                    _ if ray.hop => true,
                    Style::Leap => true,
                    Style::Step => via.iter().all(|&v| owner[v.index()].is_none()),
                    Style::Displace => via.iter().all(|&v| owner[v.index()] != Some(me)),
                };
                if !open {
                    break;
                }
                let t = st.to.index();
                let occupant = owner[t];
                if ray.hop {
                    if !screened {
                        screened = occupant.is_some();
                        if !screened && ray.mode.moves() {
                            mobility += 1;
                        }
                        continue;
                    }
                    if ray.mode.captures() {
                        attacks[t] = attacks[t].saturating_add(1);
                    }
                    if let Some(occupant) = occupant {
                        if occupant != me && ray.mode.captures() {
                            mobility += 1;
                        }
                        break;
                    }
                    continue;
                }
                if ray.mode.captures() {
                    attacks[t] = attacks[t].saturating_add(1);
                }
                if let Some(occupant) = occupant {
                    if occupant != me && ray.mode.captures() {
                        mobility += 1;
                    }
                    break;
                }
                if ray.mode.moves() {
                    mobility += 1;
                }
            }
        }
        mobility
    }

    /// Scores a position for each player (higher is better for that player), and counts in
    /// `attacks[p][c]` how many of `p`'s pieces attack `c`.
    fn sides(&self, game: &Game, pos: &Position, attacks: &mut Attacks) -> [Side; 4] {
        let rules = game.rules();
        let mut owner: [Option<Owner>; 256] = [None; 256];
        let mut kinds = [0u8; 256];
        self.scratch(pos, &mut owner, &mut kinds);
        let mut sides = [Side::default(); 4];
        let mut material_left = 0;
        // The pieces by value, cheapest first, so that when a group of equal value comes, the
        // attacks counted are those of cheaper pieces; the royals noted in cell order.
        let mut order = [(0i32, 0u16); 256];
        let mut n = 0;
        for &c in &self.on_board {
            let Some(me) = owner[c.index()] else {
                continue;
            };
            let k = kinds[c.index()] as usize;
            let s = &mut sides[me.player().index()];
            if self.royal[k] && s.royals < 4 {
                s.royal_cells[s.royals] = c;
                s.royals += 1;
            }
            order[n] = (self.value[k], c.0);
            n += 1;
        }
        let order = &mut order[..n];
        order.sort_unstable();
        let mut lesser = [false; 256];
        let attacked_by_other = |attacks: &Attacks, p: usize, c: usize| {
            (0..self.players).any(|q| q != p && attacks[q][c] > 0)
        };
        let mut i = 0;
        while i < order.len() {
            let v = order[i].0;
            let j = i + order[i..].iter().take_while(|x| x.0 == v).count();
            for &(_, c) in &order[i..j] {
                let (c, k) = (c as usize, kinds[c as usize] as usize);
                let Some(me) = owner[c] else { continue };
                let p = me.player().index();
                if self.threat[k] > 0 && attacked_by_other(attacks, p, c) {
                    sides[p].positional -= self.threat[k];
                    lesser[c] = true;
                }
            }
            for &(_, c) in &order[i..j] {
                let c = Cell(c);
                let Some(me) = owner[c.index()] else {
                    continue;
                };
                let o = me.player();
                let kind = PieceId(kinds[c.index()]);
                let s = &mut sides[o.index()];
                let slot = self.slot(kind, o.index(), c);
                s.material += self.value[kind.index()] as i64;
                material_left += self.value[kind.index()] as i64;
                let d = self.promotion_distance[slot];
                if d > 0 {
                    s.positional +=
                        self.promotion_gain[kind.index()] * PROMOTION_PROGRESS[d as usize] / 1000;
                }
                let mobility = self.reach(slot, me, &owner, &mut attacks[o.index()]);
                s.positional += if self.tuned {
                    mobility * self.mobility[kind.index()] + self.square[slot]
                } else {
                    mobility * MOBILITY
                };
                if let Some(end) = self.square_end.get(slot) {
                    s.end_shift += end - self.square[slot];
                }
            }
            i = j;
        }
        // A piece attacked and not defended (unless a cheaper piece already threatens it).
        for &(_, c) in order.iter() {
            let (c, k) = (c as usize, kinds[c as usize] as usize);
            let Some(me) = owner[c] else { continue };
            let p = me.player().index();
            if self.threat[k] > 0
                && !lesser[c]
                && attacks[p][c] == 0
                && attacked_by_other(attacks, p, c)
            {
                sides[p].positional -= self.threat[k];
            }
        }
        for (p, s) in sides.iter_mut().enumerate().take(self.players) {
            if rules.has_hands() {
                for (k, hv) in self.hand_value.iter().enumerate() {
                    let n = pos.in_hand(PlayerId(p as u8), PieceId(k as u8)) as i64;
                    s.material += n * *hv as i64;
                }
            }
        }
        // Phase: 1024 with all the material of the start on the board, 0 with none.
        let phase = (material_left * 1024 / self.start_material).clamp(0, 1024) as i32;
        #[allow(clippy::needless_range_loop)]
        for p in 0..self.players {
            self.taper(&mut sides[p], phase);
            let mut safety = 0;
            for &rc in &sides[p].royal_cells[..sides[p].royals] {
                let mut danger = 0i32;
                let mut shelter = 0i32;
                for &n in self.neighbours[rc.index()]
                    .iter()
                    .chain(std::iter::once(&rc))
                {
                    for (q, a) in attacks.iter().enumerate().take(self.players) {
                        if q != p {
                            danger += a[n.index()] as i32;
                        }
                    }
                    if owner[n.index()] == Some(Owner::of(PlayerId(p as u8))) && n != rc {
                        shelter += 1;
                    }
                }
                safety += self.safety(danger, shelter, rc.index(), phase);
                safety += self.exposure_by_cells(p, rc, &owner, &kinds, phase);
                let hands = rules.has_hands();
                safety += self.checks_by_cells(p, rc, pos, hands, &owner, &kinds, attacks, phase);
            }
            sides[p].positional += safety;
        }
        sides
    }

    /// A royal's safety on cell `rc`: in the middlegame, minus the square of the opponents'
    /// attacks on it and its neighbours, plus its own pieces next to it (up to three); in the
    /// endgame, its closeness to the centre; weighed by `phase`.
    pub(super) fn safety(&self, danger: i32, shelter: i32, rc: usize, phase: i32) -> i32 {
        let middle = -(danger * danger * 6).min(600) + 8 * shelter.min(3);
        let end = 3 * self.centrality[rc];
        (middle * phase + end * (1024 - phase)) / 1024
    }

    /// The sides and the threats to the player to move, cell by cell (where the bitboard tables
    /// do not have the position's width; the tests' reference for them).
    pub(super) fn sides_by_cells(&self, game: &Game, pos: &Position) -> ([Side; 4], Threats) {
        let mut attacks = [[0u8; 256]; 4];
        let sides = self.sides(game, pos, &mut attacks);
        let stm = pos.side_to_move().index();
        let mut threats = Threats::default();
        for (q, a) in attacks.iter().enumerate().take(self.players) {
            if q != stm {
                for &c in &self.on_board {
                    if a[c.index()] > 0 {
                        threats.add(c.index());
                    }
                }
            }
        }
        (sides, threats)
    }

    /// Sums up the sides for the player to move, within +-[`LIMIT`].
    pub(super) fn score(&self, pos: &Position, sides: &[Side; 4], root: PlayerId) -> i32 {
        let total = |s: &Side| s.material + s.positional as i64;
        let stm = pos.side_to_move().index();
        let v = if self.players == 2 {
            total(&sides[stm]) - total(&sides[1 - stm]) + TEMPO as i64
        } else {
            let others: i64 = (0..self.players)
                .filter(|&p| p != root.index())
                .map(|p| total(&sides[p]))
                .sum();
            let v = total(&sides[root.index()]) - others / (self.players as i64 - 1);
            if stm == root.index() {
                v + TEMPO as i64
            } else {
                -v
            }
        };
        v.clamp(1 - LIMIT as i64, LIMIT as i64 - 1) as i32
    }
}
