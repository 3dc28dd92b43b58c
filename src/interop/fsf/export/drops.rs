//! Drops: hands, where pawns may be dropped, and the limits on drops.
//!
//! A type's drop rules are taken apart by an exhaustive pattern (no `..`), so a rule added later
//! does not compile here until the exporter says it or refuses it.

use super::ini::{Ini, all_cells, squares};
use super::pieces::{Kind, Types};
use super::refusal::{Result, piece_path, refuse};
use crate::rules::{Cell, DropRules, PieceId, PieceType, RuleSet, ZoneId};

/// The rule set's hand fields.
pub(super) struct Hands {
    /// Every type is dropped freely (`freeDrops`).
    pub(super) free: bool,
    /// `captures go to hand`.
    pub(super) captures_to_hand: bool,
    /// `players have hands`.
    pub(super) hands: bool,
    /// Captures go to the partner's hand (two boards).
    pub(super) captures_to_partner: bool,
    /// A promoted piece keeps its type in hand.
    pub(super) promoted_keep_type_in_hand: bool,
}

/// Writes the drop keys, given the promotion region (a pawn is not dropped in it).
pub(super) fn write(
    ini: &mut Ini,
    rules: &RuleSet,
    types: &Types,
    region: Option<&Vec<Vec<Cell>>>,
    hands: &Hands,
) -> Result<()> {
    let Hands {
        free,
        captures_to_hand,
        hands,
        captures_to_partner,
        promoted_keep_type_in_hand,
    } = hands;
    let pieces = &rules.pieces;
    let pc = |p: &PieceType, field: &str| piece_path(pieces, p, field);
    ini.kv(
        "pieceDrops",
        *captures_to_hand || *hands || *captures_to_partner || *free,
    );
    if *free {
        ini.kv("freeDrops", "true");
    }
    ini.kv("capturesToHand", captures_to_hand);
    if *captures_to_partner {
        ini.kv("twoBoards", "true");
    }
    if *promoted_keep_type_in_hand {
        ini.kv("dropLoop", "true");
    }
    // The types that may come to be dropped: every type where captures go to a hand; else
    // (hands filled only by the setup, captures leaving the game) those of the setup's hands.
    let any_type = *captures_to_hand || *captures_to_partner;
    let in_hand = if *hands && !any_type {
        start_hand(&rules.setup, types)
    } else {
        Vec::new()
    };
    let droppable = |i: usize| any_type || in_hand.contains(&i);
    // Where only the setup's pieces are dropped, their one drop zone is FSF's drop region.
    let mut region_of_all: Option<(usize, Option<ZoneId>)> = None;
    // FSF's built-in rook may instead be dropped on the region's first rank alone
    // (`sittuyinRookDrop`).
    let mut rook: Option<(usize, Option<ZoneId>)> = None;
    let mut no_doubled: Option<(char, u8)> = None;
    for (i, p) in pieces.iter().enumerate() {
        let DropRules {
            zone,
            max_per_file,
            max_per_colour,
            may_not_mate: _,
            max_on_board,
            on_both_colours,
        } = &p.drops;
        if *on_both_colours {
            return refuse(
                "`dropped on both colours`: not yet written as Fairy-Stockfish's dropOppositeColoredBishop",
                pc(p, "drops.on_both_colours"),
            );
        }
        if max_per_colour.is_some() {
            return refuse(
                "`at most N per colour`: Fairy-Stockfish has no such limit",
                pc(p, "drops.max_per_colour"),
            );
        }
        if max_on_board.is_some() {
            return refuse(
                "`at most N on the board`: Fairy-Stockfish's promotion limit does not hold for drops",
                pc(p, "drops.max_on_board"),
            );
        }
        if let Some(n) = max_per_file {
            let is_target = pieces.iter().any(|q| {
                q.promotions
                    .iter()
                    .any(|pr| pr.to.contains(&PieceId(i as u8)))
            });
            if no_doubled.is_some() || is_target || !*captures_to_hand {
                return refuse(
                    "`at most N per file` other than on one dropped type: Fairy-Stockfish's rule holds for drops of one type",
                    pc(p, "drops.max_per_file"),
                );
            }
            no_doubled = Some((types.letters[i], *n));
        }
        if !droppable(i) {
            continue;
        }
        let is_pawn = types.kinds[i] == Kind::Pawn;
        let is_rook = matches!(&types.kinds[i], Kind::Builtin(b) if b.name == "rook");
        if !any_type && is_rook {
            rook = Some((i, *zone));
            continue;
        }
        if !any_type && !is_pawn {
            match region_of_all {
                None => region_of_all = Some((i, *zone)),
                Some((first, z)) if z != *zone => {
                    let at = if zone.is_some() { p } else { &pieces[first] };
                    return refuse(
                        "`drops in ZONE` for some of the types in hand: Fairy-Stockfish's drop region holds for all",
                        pc(at, "drops.zone"),
                    );
                }
                Some(_) => {}
            }
            continue;
        }
        match (zone, is_pawn) {
            (None, false) => {}
            (None, true) => {
                ini.kv("firstRankPawnDrops", "true");
                ini.kv("promotionZonePawnDrops", "true");
            }
            (Some(z), true) => {
                if !pawn_zone_is_fsfs(rules, *z, region) {
                    return refuse(
                        "a pawn drop zone other than off the first rank and the promotion zone",
                        pc(p, "drops.zone"),
                    );
                }
            }
            (Some(_), false) => {
                return refuse(
                    "`drops in ZONE` for one type: Fairy-Stockfish's drop region holds for all",
                    pc(p, "drops.zone"),
                );
            }
        }
    }
    drop_region(ini, rules, types, &in_hand, rook, region_of_all)?;
    if let Some((l, n)) = no_doubled {
        ini.kv("dropNoDoubled", l);
        ini.kv("dropNoDoubledCount", n);
    }
    Ok(())
}

/// Writes the drop region of the types dropped from the setup's hands: the zone of them all,
/// the built-in rook's maybe its first rank alone (`sittuyinRookDrop`).
fn drop_region(
    ini: &mut Ini,
    rules: &RuleSet,
    types: &Types,
    in_hand: &[usize],
    rook: Option<(usize, Option<ZoneId>)>,
    mut region_of_all: Option<(usize, Option<ZoneId>)>,
) -> Result<()> {
    let pieces = &rules.pieces;
    let pc = |p: &PieceType, field: &str| piece_path(pieces, p, field);
    match (rook, region_of_all) {
        (Some(r), None) => region_of_all = Some(r),
        (Some((_, z)), Some((_, all))) if z == all => {}
        (Some((i, z)), Some((_, all))) => {
            if !first_rank_of(rules, z, all) {
                return refuse(
                    "`drops in ZONE` for some of the types in hand: Fairy-Stockfish's drop region holds for all (its rook's may be the region's first rank)",
                    pc(&pieces[i], "drops.zone"),
                );
            }
            ini.kv("sittuyinRookDrop", "true");
        }
        (None, _) => {}
    }
    if let Some((i, Some(z))) = region_of_all {
        if in_hand.iter().any(|&t| types.kinds[t] == Kind::Pawn) {
            return refuse(
                "a pawn in hand with a type dropped only in a zone: Fairy-Stockfish's drop region holds for all",
                pc(&pieces[i], "drops.zone"),
            );
        }
        let cells = &rules.zones[z.index()].cells;
        ini.kv("dropRegionWhite", squares(&rules.board, &cells[0]));
        ini.kv("dropRegionBlack", squares(&rules.board, &cells[1]));
    }
    Ok(())
}

/// The types (indices) that can ever be held: those of the setup's hands where captures leave
/// the game, `None` where captures go to a hand (any type may come to it).
pub(super) fn held_types(rules: &RuleSet, types: &Types) -> Option<Vec<usize>> {
    (!rules.captures_to_hand && !rules.captures_to_partner).then(|| start_hand(&rules.setup, types))
}

/// The types (indices) of the pieces in the setup's hands (`[...]` after the board).
fn start_hand(setup: &str, types: &Types) -> Vec<usize> {
    let board = setup.split(' ').next().unwrap_or("");
    let hand = board
        .split_once('[')
        .map_or("", |(_, h)| h.split(']').next().unwrap_or(""));
    let mut out: Vec<usize> = hand
        .chars()
        .filter(char::is_ascii_alphabetic)
        .filter_map(|c| {
            let c = c.to_ascii_lowercase();
            types.letters.iter().position(|&l| l == c)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether the drop zone `z` is the zone `all`'s cells on its player's first rank (FSF's
/// `sittuyinRookDrop`), for both players (`None`: the whole board).
fn first_rank_of(rules: &RuleSet, z: Option<ZoneId>, all: Option<ZoneId>) -> bool {
    let board = &rules.board;
    let cells = |z: Option<ZoneId>, side: usize| match z {
        Some(z) => rules.zones[z.index()].cells[side].clone(),
        None => all_cells(board),
    };
    (0..2).all(|side| {
        let first = if side == 0 { 0 } else { board.ranks as i32 - 1 };
        let mut want: Vec<Cell> = cells(all, side)
            .into_iter()
            .filter(|&c| board.coords(c).1 == first)
            .collect();
        let mut got = cells(z, side);
        want.sort();
        got.sort();
        got == want
    })
}

/// Whether a pawn's drop zone is FSF's: off the first rank and out of the promotion zone.
fn pawn_zone_is_fsfs(rules: &RuleSet, z: ZoneId, region: Option<&Vec<Vec<Cell>>>) -> bool {
    let board = &rules.board;
    let cells = &rules.zones[z.index()].cells;
    (0..2).all(|side| {
        let first = if side == 0 { 0 } else { board.ranks as i32 - 1 };
        let want: Vec<Cell> = all_cells(board)
            .into_iter()
            .filter(|&c| {
                board.coords(c).1 != first && !region.is_some_and(|r| r[side].contains(&c))
            })
            .collect();
        cells[side] == want
    })
}
