//! A counting rule as Fairy-Stockfish's `countingRule`: FSF knows three (makruk, cambodian and
//! asean), each fixed in its code and reading the counts of its own built-in pawn, rook, khon and
//! knight (its `silver`). A rule set's counting is written as one of them only when it says exactly what that
//! one does, its honour table's types moving as those built-in pieces; those types are then
//! written as the built-ins (`rook = r`), so that FSF counts them. Anything else is refused.

use super::builtin::Builtin;
use super::pieces::{Kind, Types};
use super::refusal::{Result, refuse};
use crate::rules::{BareHonour, BoardHonour, Counting, Mode, MovePart, PieceId, RuleSet, Style};

/// A type an FSF counting rule counts, by the built-in piece it must be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Rook,
    Khon,
    Knight,
}

impl Role {
    /// The built-in's key in variants.ini.
    fn key(self) -> &'static str {
        match self {
            Role::Rook => "rook",
            Role::Khon => "silver", // FSF's KHON is its SILVER
            Role::Knight => "knight",
        }
    }

    /// Whether the moves are exactly the built-in's (in the owner's frame).
    fn moves_like(self, moves: &[MovePart]) -> bool {
        const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        const KNIGHT: [(i8, i8); 8] = [
            (1, 2),
            (-1, 2),
            (1, -2),
            (-1, -2),
            (2, 1),
            (-2, 1),
            (2, -1),
            (-2, -1),
        ];
        let (range, vectors): (u8, Vec<(i8, i8)>) = match self {
            Role::Rook => (0, ORTHO.to_vec()),
            Role::Khon => (1, DIAG.iter().copied().chain([(0, 1)]).collect()),
            Role::Knight => (1, KNIGHT.to_vec()),
        };
        let plain = |m: &MovePart| {
            m.range == range
                && m.mode == Mode::Both
                && !m.hop
                && !m.lands_behind_screen
                && m.from_zone.is_none()
                && !m.within
                && !m.initial
                && m.style == Style::Leap
                && m.paths.iter().all(|p| p.is_empty())
        };
        let mut got: Vec<(i8, i8)> = moves.iter().flat_map(|m| m.vectors.clone()).collect();
        got.sort();
        got.dedup();
        let mut want = vectors;
        want.sort();
        !moves.is_empty() && moves.iter().all(plain) && got == want
    }
}

/// One of FSF's counting rules, as varia's counting statements say it.
struct Rule {
    /// The `countingRule` value.
    name: &'static str,
    /// The board's honour: limit, with stoppers, up to.
    board: Option<(u16, bool, Option<u8>)>,
    /// The pieces' honour: default limit, from pieces, and its table (count, type, limit).
    bare: (u16, bool, &'static [(u8, Role, u16)]),
}

/// FSF's counting rules (`Position::counting_limit` and the count's start in `do_move`).
const RULES: [Rule; 3] = [
    Rule {
        name: "makruk",
        board: Some((64, false, None)),
        bare: (
            64,
            true,
            &[
                (2, Role::Rook, 8),
                (1, Role::Rook, 16),
                (2, Role::Khon, 22),
                (2, Role::Knight, 32),
                (1, Role::Khon, 44),
            ],
        ),
    },
    Rule {
        name: "cambodian",
        board: Some((63, true, Some(3))),
        bare: (
            63,
            true,
            &[
                (2, Role::Rook, 7),
                (1, Role::Rook, 15),
                (2, Role::Khon, 21),
                (2, Role::Knight, 31),
                (1, Role::Khon, 43),
            ],
        ),
    },
    Rule {
        name: "asean",
        board: None,
        bare: (
            0,
            false,
            &[
                (1, Role::Rook, 16),
                (1, Role::Khon, 44),
                (1, Role::Knight, 64),
            ],
        ),
    },
];

/// One of FSF's counting rules by its `countingRule` name, as varia's counting statements say
/// it (for the import): the board's honour (limit, with stoppers, up to), the pieces' honour's
/// default limit and whether it counts from the pieces, and its table as (count, FSF's key of
/// the type, limit). FSF's count stops on its built-in pawn.
pub(crate) type FsfCounting = (
    Option<(u16, bool, Option<u8>)>,
    (u16, bool),
    Vec<(u8, &'static str, u16)>,
);

/// The counting rule FSF names `name` (`makruk`, `cambodian`, `asean`).
pub(crate) fn fsf_counting(name: &str) -> Option<FsfCounting> {
    let r = RULES.iter().find(|r| r.name == name)?;
    let (default, from_pieces, table) = r.bare;
    let honours = table
        .iter()
        .map(|&(n, role, l)| (n, role.key(), l))
        .collect();
    Some((r.board, (default, from_pieces), honours))
}

/// The `countingRule` that says the rule set's counting (None without one), its counted types
/// made FSF's built-ins in `types`; or a refusal naming `at`.
pub(super) fn rule(rules: &RuleSet, types: &mut Types, at: &str) -> Result<Option<&'static str>> {
    let Some(c) = rules.counting() else {
        return Ok(None);
    };
    let Some((rule, roles)) = RULES
        .iter()
        .find_map(|r| matches(rules, types, c, r).map(|x| (r, x)))
    else {
        return refuse(
            "a counting rule that is none of Fairy-Stockfish's (makruk's, cambodian's, asean's, with a pawn as the stopper and pieces that move as its rook, khon and knight)",
            at,
        );
    };
    for (role, id) in roles {
        let taken = |k: &Kind| matches!(k, Kind::Builtin(b) if b.name == role.key());
        if types.kinds.iter().any(taken) {
            return refuse(
                format!("a second type that is Fairy-Stockfish's `{}`", role.key()),
                at,
            );
        }
        types.kinds[id.index()] = Kind::Builtin(Builtin {
            name: role.key(),
            keys: Vec::new(),
        });
    }
    Ok(Some(rule.name))
}

/// The types of the rule's roles if the counting says exactly the rule.
fn matches(rules: &RuleSet, types: &Types, c: &Counting, r: &Rule) -> Option<Vec<(Role, PieceId)>> {
    let Counting {
        stoppers,
        board,
        bare,
    } = c;
    // FSF's count stops on its pawn, and only on it.
    let [stopper] = stoppers.as_slice() else {
        return None;
    };
    if types.kinds[stopper.index()] != Kind::Pawn {
        return None;
    }
    let board = board.as_ref().map(
        |BoardHonour {
             limit,
             with_stoppers,
             up_to,
         }| (*limit, *with_stoppers, *up_to),
    );
    if board != r.board {
        return None;
    }
    let BareHonour {
        default,
        from_pieces,
        honours,
    } = bare.as_ref()?;
    let (want_default, want_from, table) = r.bare;
    if (*default, *from_pieces) != (want_default, want_from) || honours.len() != table.len() {
        return None;
    }
    let mut roles: Vec<(Role, PieceId)> = Vec::new();
    for (h, &(count, role, limit)) in honours.iter().zip(table) {
        if (h.count, h.limit) != (count, limit) {
            return None;
        }
        match roles.iter().find(|(r, _)| *r == role) {
            Some(&(_, id)) if id != h.piece => return None,
            Some(_) => {}
            None => {
                let p = &rules.pieces[h.piece.index()];
                if roles.iter().any(|&(_, id)| id == h.piece)
                    || p.royal
                    || !role.moves_like(&p.moves)
                {
                    return None;
                }
                roles.push((role, h.piece));
            }
        }
    }
    Some(roles)
}
