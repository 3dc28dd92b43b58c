//! The board and the players, and the rule set's own rules Fairy-Stockfish has no key for.

use super::refusal::{Result, refuse};
use crate::rules::{Board, Direction, PieceId, Player, Royalty, RuleSet, Zone, ZoneId};

/// Refuses a board or players Fairy-Stockfish cannot have, holes a hopper could use as screens,
/// `no leap between` and interchangeable hand pieces.
pub(super) fn check(
    rules: &RuleSet,
    board: &Board,
    players: &[Player],
    zones: &[Zone],
    separated: &[ZoneId],
    interchangeable: &[Vec<PieceId>],
) -> Result<()> {
    let st = |path: &str| rules.entry_path(path);
    let Board {
        files,
        ranks,
        holes,
    } = board;
    if *files > 12 || *ranks > 10 {
        return refuse(
            format!("a board of {files} x {ranks}: Fairy-Stockfish's boards are at most 12 x 10"),
            st("board"),
        );
    }
    if players.len() != 2 {
        return refuse(
            format!("{} players: Fairy-Stockfish plays two", players.len()),
            st("players"),
        );
    }
    for (i, p) in players.iter().enumerate() {
        let Player { name: _, forward } = p;
        let want = if i == 0 {
            Direction::North
        } else {
            Direction::South
        };
        if *forward != want {
            return refuse(
                "players facing east or west: Fairy-Stockfish's first player faces north and the second south",
                st("players"),
            );
        }
    }
    for z in zones {
        let Zone { name: _, cells: _ } = z;
    }
    let any_hopper = rules.pieces.iter().any(|p| p.moves.iter().any(|m| m.hop));
    if !holes.is_empty() && any_hopper {
        return refuse(
            "holes in a game with hoppers: Fairy-Stockfish's holes are walls a hopper can use as its screen",
            st("board.holes"),
        );
    }
    if !separated.is_empty() {
        return refuse(
            "`no leap between`: Fairy-Stockfish has no such rule",
            st("separated"),
        );
    }
    if !interchangeable.is_empty() {
        return refuse(
            "interchangeable hand pieces: Fairy-Stockfish has none",
            st("interchangeable"),
        );
    }
    Ok(())
}

/// Refuses swaps to hand and royalty other than each royal piece's own.
pub(super) fn swaps_and_royalty(
    rules: &RuleSet,
    swapped_to_hand: bool,
    royalty: &Royalty,
) -> Result<()> {
    if swapped_to_hand {
        return refuse(
            "`swapped pieces go to hand`: Fairy-Stockfish has no swap promotions",
            rules.entry_path("swapped_to_hand"),
        );
    }
    match royalty {
        Royalty::Each => Ok(()),
        Royalty::All | Royalty::Alone => refuse(
            "`royalty all` / `royalty alone`: Fairy-Stockfish's pseudo-royal rules differ",
            rules.entry_path("royalty"),
        ),
        Royalty::First(_) => refuse(
            "`royalty first by`: Fairy-Stockfish has no royalty decided by where the royal pieces stand (its kings are all royal)",
            rules.entry_path("royalty"),
        ),
    }
}
