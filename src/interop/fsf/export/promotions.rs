//! Promotions, Fairy-Stockfish's immobility rule, and the chess pawn's double step and en
//! passant.

use super::in_place;
use super::ini::{Ini, all_cells, squares};
use super::pieces::{Kind, PawnFacts, Types};
use super::refusal::{Result, piece_path, refuse};
use crate::rules::{
    Board, Cell, Mode, MovePart, Obligation, PieceId, PieceType, Promotion, RuleSet, Trigger,
};

/// What the promotion rules say: FSF's one promotion region, the pawn's promotion, and the
/// shogi-style promotions of the other types.
struct Promotions<'a> {
    /// The one region (both players' cells).
    region: Option<Vec<Vec<Cell>>>,
    /// Whether the shogi-style promotions are compulsory.
    piece_mandatory: Option<bool>,
    /// The shogi-style promotions, `from:to` by letter.
    promoted: Vec<String>,
    /// The chess pawn's promotion.
    pawn_promotion: Option<&'a Promotion>,
    /// The second player's promotion types where the players promote to sets of their own
    /// (`promotionPieceTypesBlack`; the pawn's promotion gives the first player's).
    black_to: Option<&'a [PieceId]>,
}

/// A pawn's two promotion rules of which each player can use only one, to sets of their own
/// (Chigorin chess): each rule's zone holds for the other player only cells of that player's
/// first rank, which its pawn, moving only forward, can never enter or end a move on. Gives the
/// region (each player's cells of its rule) and the rules, the first player's first.
fn per_player<'a>(
    rules: &'a RuleSet,
    p: &'a PieceType,
) -> Option<(Vec<Vec<Cell>>, &'a Promotion, &'a Promotion)> {
    let [a, b] = p.promotions.as_slice() else {
        return None;
    };
    let forward = p
        .moves
        .iter()
        .all(|m| m.vectors.iter().all(|&(_, y)| y > 0));
    let board = &rules.board;
    // Whether the player `side` can never use the rule: its cells are on its own first rank.
    let unused = |pr: &Promotion, side: usize| {
        let first = if side == 0 { 0 } else { board.ranks as i32 - 1 };
        rules.zones[pr.zone.index()].cells[side]
            .iter()
            .all(|&c| board.coords(c).1 == first)
    };
    let same = |x: &Promotion, y: &Promotion| {
        (x.trigger, x.obligation, x.swap, x.deferred_after_drop_in)
            == (y.trigger, y.obligation, y.swap, y.deferred_after_drop_in)
    };
    let (w, k) = match (unused(a, 1) && unused(b, 0), unused(b, 1) && unused(a, 0)) {
        (true, _) => (a, b),
        (_, true) => (b, a),
        _ => return None,
    };
    if !forward || !same(w, k) {
        return None;
    }
    let cells = vec![
        rules.zones[w.zone.index()].cells[0].clone(),
        rules.zones[k.zone.index()].cells[1].clone(),
    ];
    Some((cells, w, k))
}

/// Reads every type's promotion, or refuses one FSF cannot say.
fn promotions<'a>(rules: &'a RuleSet, types: &Types) -> Result<Promotions<'a>> {
    let RuleSet {
        board,
        zones,
        pieces,
        ..
    } = rules;
    let pc = |p: &PieceType, field: &str| piece_path(pieces, p, field);
    let mut out = Promotions {
        region: None,
        piece_mandatory: None,
        promoted: Vec::new(),
        pawn_promotion: None,
        black_to: None,
    };
    for (i, p) in pieces.iter().enumerate() {
        let split = match types.kinds[i] {
            Kind::Pawn => per_player(rules, p),
            _ => None,
        };
        if split.is_none() && p.promotions.len() > 1 {
            return refuse(
                "several promotion rules for one type: Fairy-Stockfish has one",
                pc(p, "promotions"),
            );
        }
        let (pr, cells) = match &split {
            Some((cells, w, b)) => {
                out.black_to = Some(&b.to);
                (*w, cells.clone())
            }
            None => match p.promotions.first() {
                Some(pr) => (pr, zones[pr.zone.index()].cells.clone()),
                None => continue,
            },
        };
        let Promotion {
            swap,
            zone,
            trigger,
            obligation,
            to,
            deferred_after_drop_in,
        } = pr;
        let here = pc(p, "promotions");
        if *swap {
            return refuse(
                "a swap promotion (`stronger captive`): Fairy-Stockfish has none",
                here,
            );
        }
        if deferred_after_drop_in.is_some() {
            return refuse("a deferred promotion: Fairy-Stockfish has none", here);
        }
        let _ = zone; // its cells are above: the zone's, or each player's of its own rule
        let cells = &cells;
        if out.region.as_ref().is_some_and(|r| r != cells) {
            return refuse(
                "promotion zones that differ between types: Fairy-Stockfish has one promotion region",
                here,
            );
        }
        out.region = Some(cells.clone());
        if types.kinds[i] == Kind::Pawn {
            match trigger {
                Trigger::EndingIn => {}
                Trigger::Entering if !leaves(board, &p.moves, cells, true) => {}
                _ => {
                    return refuse(
                        "a pawn promotion not triggered by ending in its zone: Fairy-Stockfish's pawn promotes on reaching it",
                        here,
                    );
                }
            }
            out.pawn_promotion = Some(pr);
            continue;
        }
        // Fairy-Stockfish's trigger is starting or ending in the zone: the same where no move
        // the two triggers tell apart exists.
        let same = match trigger {
            Trigger::StartingOrEndingIn => true,
            Trigger::EndingIn => !leaves(board, &p.moves, cells, false),
            Trigger::Entering => {
                !leaves(board, &p.moves, cells, false) && !leaves(board, &p.moves, cells, true)
            }
            Trigger::Leaving | Trigger::CapturingIn | Trigger::CapturingFromOrIn => false,
        };
        match same {
            true => {}
            false => {
                return refuse(
                    "a piece promotion not triggered by starting or ending in its zone: Fairy-Stockfish's shogi-style promotion is",
                    here,
                );
            }
        }
        if to.len() != 1 || !pieces[to[0].index()].symbol.starts_with('+') {
            return refuse(
                "a piece promoting to a choice, or to a type not written `+X`: Fairy-Stockfish's shogi-style promotion flips to one `+X` type",
                here,
            );
        }
        if pieces[to[0].index()].symbol[1..] != p.symbol {
            return refuse("a piece promoting to another type's `+X`", here);
        }
        let mandatory = match obligation {
            Obligation::Compulsory => true,
            Obligation::Optional | Obligation::CompulsoryWhenStuck => false,
        };
        if out.piece_mandatory.is_some_and(|m| m != mandatory) {
            return refuse(
                "compulsory and optional piece promotions together: Fairy-Stockfish has one setting",
                here,
            );
        }
        out.piece_mandatory = Some(mandatory);
        out.promoted
            .push(format!("{}:{}", types.letters[i], types.letter(to[0])));
    }
    Ok(out)
}

/// Writes the promotion keys and `immobilityIllegal` (from `no drop where stuck`, checked against
/// the promotions), and gives the promotion region.
pub(super) fn write(
    ini: &mut Ini,
    rules: &RuleSet,
    types: &Types,
    immobility: bool,
) -> Result<Option<Vec<Vec<Cell>>>> {
    if let Some(ip) = in_place::of(rules, types)? {
        return sittuyin(ini, rules, types, immobility, ip);
    }
    let Promotions {
        region,
        piece_mandatory,
        promoted,
        pawn_promotion,
        black_to,
    } = promotions(rules, types)?;
    let board = &rules.board;
    if let Some(cells) = &region {
        ini.kv("promotionRegionWhite", squares(board, &cells[0]));
        ini.kv("promotionRegionBlack", squares(board, &cells[1]));
    }
    let pawn_letter = types.pawn.as_ref().map(|(i, _)| types.letters[*i]);
    ini.kv(
        "promotionPawnTypes",
        pawn_letter.map_or("-".into(), |c| c.to_string()),
    );
    match pawn_promotion {
        Some(pr) => {
            let letters = |to: &[PieceId]| to.iter().map(|&t| types.letter(t)).collect::<String>();
            match black_to {
                Some(black) => {
                    ini.kv("promotionPieceTypesWhite", letters(&pr.to));
                    ini.kv("promotionPieceTypesBlack", letters(black));
                }
                None => ini.kv("promotionPieceTypes", letters(&pr.to)),
            }
            ini.kv(
                "mandatoryPawnPromotion",
                pr.obligation == Obligation::Compulsory,
            );
        }
        None => {
            if types.pawn.is_some() {
                ini.kv("promotionRegionWhite", "-");
                ini.kv("promotionRegionBlack", "-");
            }
            ini.kv("promotionPieceTypes", "-");
        }
    }
    ini.kv("promotedPieceType", promoted.join(" "));
    ini.kv("mandatoryPiecePromotion", piece_mandatory.unwrap_or(false));
    // No piece may come to stand where it can never move, unless FSF's immobility rule (which
    // forbids such moves and drops outright) says the same as the definition.
    stuck_rule(rules, immobility)?;
    ini.kv("immobilityIllegal", immobility);
    double_step(ini, rules, types);
    Ok(region)
}

/// Writes a promotion in place as FSF's sittuyin promotion (no other promotion beside it).
fn sittuyin<'a>(
    ini: &mut Ini,
    rules: &'a RuleSet,
    types: &Types,
    immobility: bool,
    ip: in_place::InPlace<'a>,
) -> Result<Option<Vec<Vec<Cell>>>> {
    let board = &rules.board;
    ini.kv("promotionRegionWhite", squares(board, &ip.region[0]));
    ini.kv("promotionRegionBlack", squares(board, &ip.region[1]));
    let pawn_letter = types.pawn.as_ref().map(|(i, _)| types.letters[*i]);
    ini.kv(
        "promotionPawnTypes",
        pawn_letter.map_or("-".into(), |c| c.to_string()),
    );
    let to: String = ip.to.iter().map(|&t| types.letter(t)).collect();
    ini.kv("promotionPieceTypes", &to);
    ini.kv("mandatoryPawnPromotion", "false");
    ini.kv("sittuyinPromotion", "true");
    if let Some(n) = ip.limit {
        let limits: Vec<String> = to.chars().map(|c| format!("{c}:{n}")).collect();
        ini.kv("promotionLimit", limits.join(" "));
    }
    ini.kv("promotedPieceType", "");
    ini.kv("mandatoryPiecePromotion", "false");
    stuck_rule(rules, immobility)?;
    ini.kv("immobilityIllegal", immobility);
    double_step(ini, rules, types);
    Ok(Some(ip.region.clone()))
}

/// Writes the pawn's double steps and en passant.
fn double_step(ini: &mut Ini, rules: &RuleSet, types: &Types) {
    let RuleSet {
        board,
        zones,
        pieces,
        ..
    } = rules;
    match &types.pawn {
        Some((
            i,
            PawnFacts {
                double_step: Some(z),
            },
        )) => {
            let cells = &zones[z.index()].cells;
            ini.kv("doubleStep", "true");
            ini.kv("doubleStepRegionWhite", squares(board, &cells[0]));
            ini.kv("doubleStepRegionBlack", squares(board, &cells[1]));
            let p = &pieces[*i];
            if !p.can_be_taken_en_passant {
                ini.kv("enPassantRegion", "-");
            } else if let Some(ez) = p.en_passant_zone {
                let e = &zones[ez.index()].cells;
                ini.kv("enPassantRegionWhite", squares(board, &e[0]));
                ini.kv("enPassantRegionBlack", squares(board, &e[1]));
            }
        }
        _ => ini.kv("doubleStep", "false"),
    }
}

/// Whether some move of these parts goes from a zone cell to a cell inside (`inside`) or outside
/// the zone, for either player.
fn leaves(board: &Board, moves: &[MovePart], cells: &[Vec<Cell>], inside: bool) -> bool {
    (0..2).any(|side| {
        cells[side].iter().any(|&c| {
            let (f, r) = board.coords(c);
            moves.iter().any(|m| {
                m.vectors.iter().any(|&(x, y)| {
                    let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
                    let reach = if m.range == 1 { 1 } else { 16 };
                    (1..=reach).any(|k| {
                        board
                            .cell(f + x as i32 * k, r + y as i32 * k)
                            .is_some_and(|d| cells[side].contains(&d) == inside)
                    })
                })
            })
        })
    })
}

/// Whether a type can never move from a cell, as FSF's immobility rule sees it: no move to an
/// empty cell of the board on an otherwise empty board.
fn stuck(board: &Board, p: &PieceType, side: usize, cell: Cell) -> bool {
    let (f, r) = board.coords(cell);
    !p.moves.iter().any(|m| {
        m.mode != Mode::Capture
            && !m.hop
            && m.vectors.iter().any(|&(x, y)| {
                let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
                board.cell(f + x as i32, r + y as i32).is_some()
            })
    })
}

/// Checks that FSF's `immobilityIllegal` (as set) agrees with the definition: with it, no
/// ordinary move or drop may put a piece where it is stuck, which the definition must say by a
/// promotion compulsory there (or `no drop where stuck` for drops); without it, no move the
/// definition forbids for being stuck may exist.
pub(crate) fn stuck_rule(rules: &RuleSet, immobility: bool) -> Result<()> {
    let board = &rules.board;
    for p in &rules.pieces {
        for side in 0..2 {
            for cell in all_cells(board) {
                if !stuck(board, p, side, cell) {
                    continue;
                }
                // Does a promotion always fire, compulsorily when stuck, on moves ending here?
                let forced = p.promotions.iter().any(|pr| {
                    let inz = rules.zones[pr.zone.index()].cells[side].contains(&cell);
                    inz && pr.obligation != Obligation::Optional
                        && matches!(
                            pr.trigger,
                            Trigger::EndingIn | Trigger::StartingOrEndingIn | Trigger::Entering
                        )
                });
                let optional_here = p.promotions.iter().any(|pr| {
                    rules.zones[pr.zone.index()].cells[side].contains(&cell)
                        && pr.obligation == Obligation::Optional
                });
                let reachable = reachable(board, p, side, cell);
                if immobility && reachable && !forced {
                    return refuse(
                        format!(
                            "`{}` may move where it can never move again: Fairy-Stockfish's immobility rule (from `no drop where stuck`) would forbid it",
                            p.name
                        ),
                        rules.entry_path("drops:not_where_stuck"),
                    );
                }
                if immobility && optional_here && reachable {
                    return refuse(
                        format!(
                            "`{}` has an optional promotion where it would be stuck",
                            p.name
                        ),
                        piece_path(&rules.pieces, p, "promotions"),
                    );
                }
                if !immobility
                    && reachable
                    && forced
                    && !p
                        .promotions
                        .iter()
                        .all(|pr| pr.obligation == Obligation::Compulsory)
                {
                    return refuse(
                        "`compulsory when stuck` without `no drop where stuck`: Fairy-Stockfish ties both to its immobility rule",
                        piece_path(&rules.pieces, p, "promotions"),
                    );
                }
            }
        }
    }
    Ok(())
}

/// Whether some move of the type ends on a cell (from any cell, on an empty board).
fn reachable(board: &Board, p: &PieceType, side: usize, cell: Cell) -> bool {
    let (f, r) = board.coords(cell);
    p.moves.iter().any(|m| {
        m.vectors.iter().any(|&(x, y)| {
            let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
            let reach = if m.range == 1 { 1 } else { 16 };
            (1..=reach).any(|k| board.cell(f - x as i32 * k, r - y as i32 * k).is_some())
        })
    })
}
