//! The evaluation's move counts and attacks on bitboards of the board's width: for each (type,
//! player, cell), the single landings of its rays merged into one set per mode, and each longer
//! ray that stops at the first piece it meets (a step or ride of single steps, a leap or a leap
//! rider, none passing a cell) as the set of its landings, cut at that piece with one bit scan;
//! the other rays (hops, lame leaps, multiple displacement) are walked cell by cell as before.
//! Attacks are not counted cell by cell: a royal's danger is the number of the opponents'
//! attacks on it and its neighbours, the sum over their rays of the cells each ray attacks there.
//!
//! It gives what [`Eval::sides`] gives cell by cell (the same numbers, wherever no cell is
//! attacked more than 255 times by one player's pieces, where the count by cell stops), so the
//! search's trees are the same; a position of another width than the tables' falls back to it.

use std::any::Any;
use std::sync::Arc;

use super::eval::{Eval, PROMOTION_PROGRESS, Side, Threats};
use super::weights::Weights;
use crate::engine::{Bits, Game, Position, WithBoards};
use crate::rules::{Mode, PieceId, PlayerId, Style};

/// A ray of more than one landing that stops at the first piece it meets.
#[derive(Clone, Copy)]
struct Slide<B> {
    /// Its landings.
    cells: B,
    /// Its landings' numbers rise along it (else they fall).
    up: bool,
    mode: Mode,
}

/// What one (type, player, cell) reaches.
#[derive(Clone, Copy)]
struct Slot<B> {
    /// Single landings that move and capture, capture only, move only.
    both: B,
    capture: B,
    moves: B,
    /// Ranges of [`Tables::slides`] and [`Tables::general`].
    slides: (u32, u32),
    general: (u32, u32),
}

/// The bitboard tables of one game at one width.
pub(super) struct Tables<B> {
    slots: Vec<Slot<B>>,
    slides: Vec<Slide<B>>,
    /// Indices of the evaluation's rays walked cell by cell.
    general: Vec<u32>,
    /// Per cell: the cells next to it.
    near: Vec<B>,
}

/// The tables at the width the game's positions have.
type AnyTables = Arc<dyn Any + Send + Sync>;

/// Builds the tables of a game whose positions are 64-bit bitboards (8 x 8 and smaller). On wider
/// boards the cell walk stays (measured under callgrind, `varia play` to depth 6 or 4: with the
/// tables at 128 bits, xiangqi +3%, shogi -0.7%, Grand chess -4.4%; at 256, Chu Shogi +10%).
fn build(eval: &Eval, game: &Game) -> AnyTables {
    if game.rules().board.cells() <= u64::CELLS {
        Arc::new(build_at::<u64>(eval))
    } else {
        Arc::new(())
    }
}

fn build_at<B: Bits>(eval: &Eval) -> Tables<B> {
    let mut t = Tables {
        slots: Vec::with_capacity(eval.index.len()),
        slides: Vec::new(),
        general: Vec::new(),
        near: eval
            .neighbours
            .iter()
            .map(|n| n.iter().fold(B::EMPTY, |s, c| s | B::cell(c.index())))
            .collect(),
    };
    for &(a, b) in &eval.index {
        let mut slot = Slot {
            both: B::EMPTY,
            capture: B::EMPTY,
            moves: B::EMPTY,
            slides: (t.slides.len() as u32, 0),
            general: (t.general.len() as u32, 0),
        };
        for r in a..b {
            let ray = &eval.rays[r as usize];
            let steps = &eval.steps[ray.steps.0 as usize..ray.steps.1 as usize];
            let simple = !ray.hop
                && matches!(ray.style, Style::Leap | Style::Step)
                && steps.iter().all(|st| st.via.0 == st.via.1);
            let cells: Vec<usize> = steps.iter().map(|st| st.to.index()).collect();
            let up = cells.windows(2).all(|w| w[0] < w[1]);
            let down = cells.windows(2).all(|w| w[0] > w[1]);
            if !simple || !(up || down) {
                t.general.push(r);
                continue;
            }
            let set = cells.iter().fold(B::EMPTY, |s, &c| s | B::cell(c));
            if let [c] = cells[..] {
                let merged = match ray.mode {
                    Mode::Both => &mut slot.both,
                    Mode::Capture => &mut slot.capture,
                    Mode::Move => &mut slot.moves,
                };
                // A second landing on one cell counts twice: it takes a slide of its own.
                if !merged.has(c) {
                    *merged |= set;
                    continue;
                }
            }
            t.slides.push(Slide {
                cells: set,
                up,
                mode: ray.mode,
            });
        }
        slot.slides.1 = t.slides.len() as u32;
        slot.general.1 = t.general.len() as u32;
        t.slots.push(slot);
    }
    t
}

impl Eval {
    /// Builds the tables of a game.
    pub fn new(game: &Game) -> Eval {
        let mut e = Eval::build(game, None);
        e.bits = build(&e, game);
        e
    }

    /// Builds the tables of a game with tuned terms ([`Weights::check`] passed for the game).
    pub fn with_weights(game: &Game, weights: &Weights) -> Eval {
        let mut e = Eval::build(game, Some(weights));
        e.bits = build(&e, game);
        e
    }

    /// Evaluates a position for the player to move: with two players, the difference of their
    /// scores; with more, as the paranoid search sees it, `root`'s score against the mean of its
    /// opponents' (an eliminated opponent counts as 0), negated when an opponent is to move.
    pub fn evaluate(&self, game: &Game, pos: &Position, root: PlayerId) -> i32 {
        self.evaluate_with_threats(game, pos, root).0
    }

    /// Evaluates a position as [`Eval::evaluate`] does, and gives the cells that an opponent of
    /// the player to move attacks (as the evaluation's move tables see it: pins and the rules'
    /// restrictions on captures are ignored).
    pub fn evaluate_with_threats(
        &self,
        game: &Game,
        pos: &Position,
        root: PlayerId,
    ) -> (i32, Threats) {
        let pass = Pass {
            eval: self,
            game,
            pos,
        };
        let (sides, threats) = pos
            .with_boards(pass)
            .unwrap_or_else(|| self.sides_by_cells(game, pos));
        (self.score(pos, &sides, root), threats)
    }
}

/// One evaluation's pass over a position's bitboards.
struct Pass<'a> {
    eval: &'a Eval,
    game: &'a Game,
    pos: &'a Position,
}

/// Each player's attacks on the cells around each royal: `(player, cells, attacks)`.
type Zones<B> = [(usize, B, i32); 16];

impl WithBoards for Pass<'_> {
    type Out = Option<([Side; 4], Threats)>;

    fn run<B: Bits>(self, by_owner: &[B], by_kind: &[B]) -> Self::Out {
        let eval = self.eval;
        let t = eval.bits.downcast_ref::<Tables<B>>()?;
        let players = eval.players;
        let pieces = by_owner.iter().fold(B::EMPTY, |s, &o| s | o);
        let mut sides = [Side::default(); 4];
        // The royals first, lowest cell first, at most four a player as the cell walk has them.
        let mut zones: Zones<B> = [(0, B::EMPTY, 0); 16];
        let mut n_zones = 0;
        for (p, side) in sides.iter_mut().enumerate().take(players) {
            let mut royals = B::EMPTY;
            for (k, &bits) in by_kind.iter().enumerate() {
                if eval.royal[k] {
                    royals |= bits & by_owner[p];
                }
            }
            for c in royals.cells().take(4) {
                side.royal_cells[side.royals] = crate::rules::Cell(c as u16);
                side.royals += 1;
                zones[n_zones] = (p, t.near[c] | B::cell(c), 0);
                n_zones += 1;
            }
        }
        let zones = &mut zones[..n_zones];
        let mut attacked = [B::EMPTY; 4];
        let mut material_left = 0i64;
        // Pieces threatened by a cheaper opponent's piece: the types go cheapest first, so that
        // when a group of equal value comes, the attacks gathered are those of cheaper pieces.
        let mut lesser = [B::EMPTY; 4];
        for group in &eval.by_value {
            let threatened = Threatened {
                eval,
                by_kind,
                by_owner,
                attacked: &attacked,
            };
            threatened.by_cheaper(group, &mut sides, &mut lesser);
            for &k in group {
                let (k, of_kind) = (k as usize, by_kind[k as usize]);
                for (q, &own) in by_owner.iter().enumerate().take(players) {
                    for c in (of_kind & own).cells() {
                        let slot = eval.slot(PieceId(k as u8), q, crate::rules::Cell(c as u16));
                        let s = &mut sides[q];
                        s.material += eval.value[k] as i64;
                        material_left += eval.value[k] as i64;
                        let d = eval.promotion_distance[slot];
                        if d > 0 {
                            s.positional +=
                                eval.promotion_gain[k] * PROMOTION_PROGRESS[d as usize] / 1000;
                        }
                        let mut hit = |x: B| {
                            attacked[q] |= x;
                            for z in zones.iter_mut() {
                                if z.0 != q {
                                    z.2 += (x & z.1).count() as i32;
                                }
                            }
                        };
                        let mobility = reach(eval, t, slot, own, pieces, &mut hit);
                        s.positional += if eval.tuned {
                            mobility * eval.mobility[k] + eval.square[slot]
                        } else {
                            mobility * super::eval::MOBILITY
                        };
                        if let Some(end) = eval.square_end.get(slot) {
                            s.end_shift += end - eval.square[slot];
                        }
                    }
                }
            }
        }
        let threatened = Threatened {
            eval,
            by_kind,
            by_owner,
            attacked: &attacked,
        };
        threatened.hanging(&mut sides, &lesser);
        let rules = self.game.rules();
        for (p, s) in sides.iter_mut().enumerate().take(players) {
            if rules.has_hands() {
                for (k, hv) in eval.hand_value.iter().enumerate() {
                    let n = self.pos.in_hand(PlayerId(p as u8), PieceId(k as u8)) as i64;
                    s.material += n * *hv as i64;
                }
            }
        }
        let phase = (material_left * 1024 / eval.start_material).clamp(0, 1024) as i32;
        for s in sides.iter_mut().take(players) {
            eval.taper(s, phase);
        }
        let mut royal = [0usize; 4];
        for &(p, _, danger) in zones.iter() {
            let rc = sides[p].royal_cells[royal[p]].index();
            royal[p] += 1;
            let shelter = (t.near[rc] & by_owner[p]).count() as i32;
            sides[p].positional += eval.safety(danger, shelter, rc, phase);
            let theirs = pieces & !by_owner[p];
            if let Some(&k) = eval
                .riders
                .iter()
                .find(|&&k| (by_kind[k as usize] & theirs).any())
            {
                let slot = eval.slot(PieceId(k), p, crate::rules::Cell(rc as u16));
                let mut seen = B::EMPTY;
                reach(eval, t, slot, by_owner[p], pieces, &mut |x| seen |= x);
                seen = seen & !by_owner[p] & !t.near[rc];
                sides[p].positional += eval.exposure(seen.count() as i32, phase);
            }
            let hands = rules.has_hands().then_some(self.pos);
            let boards = (by_kind, by_owner, pieces);
            let types = safe_checks(eval, t, hands, p, rc, boards, &attacked);
            sides[p].positional += eval.safe_checks(types, phase);
        }
        let stm = self.pos.side_to_move().index();
        let mut threats = Threats::default();
        for (q, &a) in attacked.iter().enumerate().take(players) {
            if q != stm {
                for c in a.cells() {
                    threats.add(c);
                }
            }
        }
        Some((sides, threats))
    }
}

/// The pieces threatened in one evaluation's pass, as far as the attacks are gathered.
struct Threatened<'a, B> {
    eval: &'a Eval,
    by_kind: &'a [B],
    by_owner: &'a [B],
    attacked: &'a [B; 4],
}

impl<B: Bits> Threatened<'_, B> {
    /// The cells the opponents of `q` attack.
    fn others(&self, q: usize) -> B {
        (0..self.eval.players)
            .filter(|&r| r != q)
            .fold(B::EMPTY, |s, r| s | self.attacked[r])
    }

    /// Takes their threat from the pieces of the types of `group` that an opponent attacks (with
    /// cheaper pieces, the only ones counted yet), and notes them in `lesser`.
    fn by_cheaper(&self, group: &[u8], sides: &mut [Side; 4], lesser: &mut [B; 4]) {
        for q in 0..self.eval.players {
            let theirs = self.others(q);
            if theirs.none() {
                continue;
            }
            for &k in group {
                let k = k as usize;
                let hit = self.by_kind[k] & self.by_owner[q] & theirs;
                if self.eval.threat[k] > 0 && hit.any() {
                    sides[q].positional -= self.eval.threat[k] * hit.count() as i32;
                    lesser[q] |= hit;
                }
            }
        }
    }

    /// Takes their threat from the pieces attacked and not defended (unless a cheaper piece
    /// already threatens them: `lesser`).
    fn hanging(&self, sides: &mut [Side; 4], lesser: &[B; 4]) {
        for q in 0..self.eval.players {
            let hanging = self.by_owner[q] & self.others(q) & !self.attacked[q] & !lesser[q];
            if hanging.none() {
                continue;
            }
            for (k, &of_kind) in self.by_kind.iter().enumerate() {
                if self.eval.threat[k] > 0 {
                    sides[q].positional -= self.eval.threat[k] * (hanging & of_kind).count() as i32;
                }
            }
        }
    }
}

/// The opponents' types (not royal) with a safe check on `p`'s royal on `rc`: a piece of the type
/// could move to a cell `p` does not attack and from there attack the royal, or (with `hands`)
/// one in hand be dropped on such a cell, empty; as [`Eval::checks_by_cells`] counts them.
fn safe_checks<B: Bits>(
    eval: &Eval,
    t: &Tables<B>,
    hands: Option<&Position>,
    p: usize,
    rc: usize,
    (by_kind, by_owner, pieces): (&[B], &[B], B),
    attacked: &[B; 4],
) -> i32 {
    let theirs = pieces & !by_owner[p];
    let mut types = 0;
    for (k, &of_kind) in by_kind.iter().enumerate() {
        if eval.royal[k] {
            continue;
        }
        let kind = PieceId(k as u8);
        let held = hands.is_some_and(|pos| {
            (0..eval.players).any(|q| q != p && pos.in_hand(PlayerId(q as u8), kind) > 0)
        });
        if !held && (of_kind & theirs).none() {
            continue;
        }
        let mut from = B::EMPTY;
        let slot = eval.slot(kind, p, crate::rules::Cell(rc as u16));
        reach(eval, t, slot, by_owner[p], pieces, &mut |x| from |= x);
        let safe = from & !attacked[p];
        if safe.none() {
            continue;
        }
        if held && (safe & !pieces).any() {
            types += 1;
            continue;
        }
        let checks = (0..eval.players).filter(|&q| q != p).any(|q| {
            let targets = safe & !by_owner[q];
            targets.any()
                && (of_kind & by_owner[q]).cells().any(|c| {
                    let slot = eval.slot(kind, q, crate::rules::Cell(c as u16));
                    let mut hit = B::EMPTY;
                    reach(eval, t, slot, by_owner[q], pieces, &mut |x| hit |= x);
                    (hit & targets).any()
                })
        });
        types += checks as i32;
    }
    types
}

/// Counts the cells a piece in `slot` (of the player whose pieces are `own`) moves to or captures
/// on, as [`Eval::reach`] does, and gives `hit` the cells it attacks.
fn reach<B: Bits>(
    eval: &Eval,
    t: &Tables<B>,
    slot: usize,
    own: B,
    pieces: B,
    hit: &mut impl FnMut(B),
) -> i32 {
    let enemy = pieces & !own;
    let sl = &t.slots[slot];
    let mut mobility =
        (sl.both & !own).count() + (sl.capture & enemy).count() + (sl.moves & !pieces).count();
    if sl.both.any() {
        hit(sl.both);
    }
    if sl.capture.any() {
        hit(sl.capture);
    }
    for sd in &t.slides[sl.slides.0 as usize..sl.slides.1 as usize] {
        let blockers = sd.cells & pieces;
        let r = if blockers.none() {
            sd.cells
        } else if sd.up {
            sd.cells & B::below(blockers.lowest() + 1)
        } else {
            sd.cells & !B::below(blockers.highest())
        };
        mobility += match sd.mode {
            Mode::Both => (r & !own).count(),
            Mode::Move => (r & !pieces).count(),
            Mode::Capture => (r & enemy).count(),
        };
        if sd.mode.captures() {
            hit(r);
        }
    }
    let mut mobility = mobility as i32;
    for &r in &t.general[sl.general.0 as usize..sl.general.1 as usize] {
        let (m, x) = walk::<B>(eval, r, own, pieces);
        mobility += m;
        if x.any() {
            hit(x);
        }
    }
    mobility
}

/// Walks one of the evaluation's rays cell by cell as [`Eval::reach`] does: the cells it moves
/// to or captures on, and those it attacks.
fn walk<B: Bits>(eval: &Eval, r: u32, own: B, pieces: B) -> (i32, B) {
    let ray = &eval.rays[r as usize];
    let mut mobility = 0;
    let mut attacks = B::EMPTY;
    let mut screened = false;
    for st in &eval.steps[ray.steps.0 as usize..ray.steps.1 as usize] {
        let via = &eval.via[st.via.0 as usize..st.via.1 as usize];
        let open = match ray.style {
            _ if ray.hop => true,
            Style::Leap => true,
            Style::Step => via.iter().all(|&v| !pieces.has(v.index())),
            Style::Displace => via.iter().all(|&v| !own.has(v.index())),
        };
        if !open {
            break;
        }
        let t = st.to.index();
        let occupied = pieces.has(t);
        if ray.hop && !screened {
            screened = occupied;
            if !screened && ray.mode.moves() {
                mobility += 1;
            }
            continue;
        }
        if ray.mode.captures() {
            attacks |= B::cell(t);
        }
        if occupied {
            if !own.has(t) && ray.mode.captures() {
                mobility += 1;
            }
            break;
        }
        if !ray.hop && ray.mode.moves() {
            mobility += 1;
        }
    }
    (mobility, attacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitboard pass gives what the cell walk gives, at every position of seeded random
    /// games, on games of every width and with leapers, riders, hoppers, lame leaps, multiple
    /// displacement, holes, hands, walls, moves in legs and four players.
    #[test]
    fn bitboards_agree_with_the_cell_walk() {
        let files = [
            "classic/chess.varia",
            "classic/shogi.varia",
            "classic/xiangqi.varia",
            "classic/crazyhouse.varia",
            "classic/minishogi.varia",
            "fsf/grand.varia",
            "fsf/duck.varia",
            "fsf/grasshopper.varia",
            "fsf/minixiangqi.varia",
            "fsf/atomic.varia",
            "fsf/berolina.varia",
            "fsf/ataxx.varia",
            "hachu/chu.varia",
            "4-faces.varia",
            "symgi.varia",
            "hoo-mitregi.varia",
            "shoxiang108.varia",
            "sjaak/wildebeest.varia",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut compared = 0;
        for file in files {
            let path = format!("{}/definitions/{file}", env!("CARGO_MANIFEST_DIR"));
            let source = std::fs::read_to_string(&path).unwrap();
            let game = crate::load_str(&source, None).unwrap();
            let eval = Eval::new(&game);
            for _ in 0..3 {
                let mut pos = game.start();
                for _ in 0..80 {
                    let pass = Pass {
                        eval: &eval,
                        game: &game,
                        pos: &pos,
                    };
                    let fast = pos.with_boards(pass);
                    if game.rules().board.cells() > 64 {
                        assert!(fast.is_none(), "{file}");
                    } else {
                        assert_eq!(fast, Some(eval.sides_by_cells(&game, &pos)), "{file}");
                        compared += 1;
                    }
                    let moves = game.raw_legal_moves(&pos);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    game.raw_play_unchecked(&mut pos, &moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
        assert!(compared > 1500, "{compared}");
    }
}
