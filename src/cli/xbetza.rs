//! What XBoard 4.9 needs to draw and check a variant it has never seen: the `setup` command
//! (piece letters mapped to its piece types, board size, holdings, a parent variant, the FEN) and
//! a `piece` command per type with its moves in XBoard's Betza dialect, all from the rule set.

use varia::Game;
use varia::rules::{Castling, Cell, DRESSES, Mode, Obligation, PieceType, PlayerId, Trigger};

/// XBoard's first 11 piece types and their usual letters; type `i + 11` is the promoted form of
/// type `i`, and the last entry of each colour is the King.
const SLOT_LETTERS: [char; 11] = ['P', 'N', 'B', 'R', 'Q', 'F', 'E', 'A', 'C', 'W', 'M'];
const SLOTS: usize = 22;
const KING: usize = 21;

/// Gets the `setup` and `piece` lines for a two-player game, or a reason it cannot be shown.
pub fn setup_lines(game: &Game) -> Result<Vec<String>, String> {
    let rules = game.rules();
    if rules.players.len() != 2 {
        return Err("XBoard plays two-player games only".into());
    }
    let mut slots: [Option<usize>; SLOTS] = [None; SLOTS];
    let pieces = &rules.pieces;
    if let Some(p) = pieces.iter().find(|p| p.symbol.ends_with(DRESSES)) {
        // XBoard knows dressed letters only in its own variants (`xboard variant NAME`).
        return Err(format!(
            "XBoard's `setup` gives each piece type one letter; {} is written `{}`",
            p.name, p.symbol
        ));
    }
    let plain: Vec<usize> = (0..pieces.len())
        .filter(|&i| !pieces[i].symbol.starts_with('+'))
        .collect();
    // The royal type takes the King's place; the others their letter's place if they can.
    let royal = plain.iter().copied().find(|&i| pieces[i].royal);
    if let Some(k) = royal {
        slots[KING] = Some(k);
    }
    let letter = |i: usize| pieces[i].symbol.chars().last().unwrap_or('?');
    // Types that have a promoted form (`+X`) need one of the first ten places, whose promoted
    // place is ten further on.
    let bases: Vec<char> = pieces
        .iter()
        .filter_map(|p| p.symbol.strip_prefix('+'))
        .filter_map(|b| b.chars().next())
        .collect();
    // Under the shogi parent XBoard gives the Pawn's place the shogi pawn's drop rules (one
    // unpromoted pawn a file, no mate by a pawn drop): only a type with both rules takes it.
    // Under any other parent XBoard takes a move of the Pawn's place to the last rank for a
    // promotion to a named type, so a type that promotes only to promoted forms (`+`) does
    // not take it.
    let shogi = shogi_parent(game);
    let pawn_place = |i: usize| {
        let d = &pieces[i].drops;
        if shogi {
            d.max_per_file == Some(1) && d.may_not_mate
        } else {
            !plus_only(pieces, i)
        }
    };
    // Types with a promoted form need one of the first ten places: a type without one takes
    // its letter's place there only while enough are left for them.
    let order: Vec<usize> = plain
        .iter()
        .copied()
        .filter(|&i| Some(i) != royal)
        .collect();
    let mut bases_left = order
        .iter()
        .filter(|&&i| bases.contains(&letter(i)))
        .count();
    let mut rest = Vec::new();
    for i in order {
        let is_base = bases.contains(&letter(i));
        let free_bases = (1..10).filter(|&s| slots[s].is_none()).count();
        match SLOT_LETTERS.iter().position(|&c| c == letter(i)) {
            Some(s)
                if slots[s].is_none()
                    && (s < 10 || !is_base)
                    && (s != 0 || pawn_place(i))
                    && (is_base || s == 0 || s >= 10 || free_bases > bases_left) =>
            {
                slots[s] = Some(i);
                if is_base {
                    bases_left -= 1;
                }
            }
            _ => rest.push(i),
        }
    }
    rest.sort_by_key(|&i| !bases.contains(&letter(i)));
    for i in rest {
        // A free place but the Pawn's (XBoard gives pawns their own rules); a type with no
        // promoted form may also take a promoted place nobody needs (XBoard then takes it for
        // the promoted form of another type: harmless but for what a capture returns to hand).
        let needs_base = bases.contains(&letter(i));
        let free = |s: usize| {
            slots[s].is_none() && (s < 11 || !bases.contains(&slots[s - 11].map_or('.', letter)))
        };
        let place = if needs_base {
            (1..10).find(|&s| free(s))
        } else {
            (1..KING).find(|&s| free(s))
        };
        let Some(s) = place else {
            return Err(format!(
                "too many piece types for XBoard ({})",
                pieces[i].name
            ));
        };
        slots[s] = Some(i);
    }
    for (i, p) in pieces.iter().enumerate() {
        if let Some(base) = p.symbol.strip_prefix('+') {
            let b = slots[..10]
                .iter()
                .position(|s| s.is_some_and(|s| pieces[s].symbol == base));
            match b {
                Some(b) if slots[b + 11].is_none() => slots[b + 11] = Some(i),
                _ => return Err(format!("XBoard cannot show {}", p.name)),
            }
        }
    }
    let table = |upper: bool| -> String {
        slots
            .iter()
            .map(|s| match s {
                None => '.',
                Some(i) if pieces[*i].symbol.starts_with('+') => '+',
                Some(i) => {
                    let c = letter(*i);
                    if upper { c } else { c.to_ascii_lowercase() }
                }
            })
            .collect()
    };
    let holdings = holdings(game, &slots);
    let grand = if shogi { None } else { grand_pawn(game) };
    let parent = match (shogi, grand) {
        (true, _) => "shogi",
        (false, Some(_)) => "grand",
        (false, None) => "fairy",
    };
    let mut lines = vec![format!(
        "setup ({}{}) {}x{}+{holdings}_{parent} {}",
        table(true),
        table(false),
        rules.board.files,
        rules.board.ranks,
        game.fen(&game.start())
    )];
    for (i, p) in pieces.iter().enumerate() {
        let betza = piece_betza(game, p);
        // XBoard promotes a type given by a `piece` command on the last rank only: the grand
        // parent's pawn is left to XBoard's own, which promotes in the last three.
        if !betza.is_empty() && grand != Some(i) {
            lines.push(format!("piece {}& {betza}", p.symbol));
        }
    }
    if let Some(why) = unfollowed(game, slots[0], grand) {
        lines.push(format!("telluser XBoard cannot follow {why}"));
    }
    Ok(lines)
}

/// Whether the type promotes, and only to promoted forms (`+X`).
fn plus_only(pieces: &[PieceType], i: usize) -> bool {
    let p = &pieces[i].promotions;
    !p.is_empty()
        && p.iter().all(|pr| {
            pr.to
                .iter()
                .all(|t| pieces[t.index()].symbol.starts_with('+'))
        })
}

/// The holdings' size: for games with hands, a place for every type but the King. XBoard files a
/// captured piece in hand by its type's number among the letters of the table (`.` and `+` not
/// counted) and turns any type numbered past the holdings' size into a Pawn; a type varia
/// removes when captured then shows in XBoard's holdings, where varia has none.
fn holdings(game: &Game, slots: &[Option<usize>; SLOTS]) -> usize {
    let rules = game.rules();
    if !rules.has_hands() {
        return 0;
    }
    slots[..KING]
        .iter()
        .flatten()
        .filter(|&&i| !rules.pieces[i].symbol.starts_with('+'))
        .count()
}

/// A rule of the game that XBoard 4.9 cannot follow under legality testing, whatever the parent:
/// swap promotions (the piece becomes a captive from hand and goes to hand itself: XBoard's
/// holdings part from the game's), and promotions to a named type but by the Pawn's place on
/// the last rank (or the grand parent's pawn), which XBoard refuses; failing those, moves after
/// a piece's first move, which XBoard offers too early (the user's such move is refused).
fn unfollowed(game: &Game, pawn: Option<usize>, grand: Option<usize>) -> Option<String> {
    let rules = game.rules();
    let pieces = &rules.pieces;
    let (files, ranks) = (rules.board.files as u16, rules.board.ranks as u16);
    let last = |player: usize| -> Vec<Cell> {
        let rank = if player == 0 { ranks - 1 } else { 0 };
        (rank * files..(rank + 1) * files).map(Cell).collect()
    };
    for (i, p) in pieces.iter().enumerate() {
        if p.leg_moves
            .iter()
            .any(|lm| varia::betza::xboard::legs(lm).is_none())
        {
            return Some(format!(
                "the {}'s moves in legs other than an atom's full set followed by the same turns: XBoard is not told them, and with legality testing on it refuses them",
                p.name
            ));
        }
        if p.leg_chains
            .iter()
            .any(|lc| varia::betza::xboard::chains(lc).is_none())
        {
            return Some(format!(
                "the {}'s moves in three legs other than an atom's full set followed by the same turns: XBoard is not told them, and with legality testing on it refuses them",
                p.name
            ));
        }
        for pr in &p.promotions {
            if pr.swap {
                return Some(format!(
                    "the {}'s swap promotions (it takes a captive from hand and goes to hand): \
                     after the first, XBoard's holdings are not the engine's hand, and XBoard \
                     refuses the drop of a piece they lack, with legality testing on or off",
                    p.name
                ));
            }
            let named = pr
                .to
                .iter()
                .any(|t| !pieces[t.index()].symbol.starts_with('+'));
            let cells = &rules.zones[pr.zone.index()].cells;
            // A player's cells on its own first rank are never reached by a pawn (Chigorin
            // chess's two promotion rules, one for each player).
            let on_last = cells.len() == 2
                && (0..2).all(|pl| {
                    cells[pl]
                        .iter()
                        .all(|c| last(pl).contains(c) || last(1 - pl).contains(c))
                });
            if named && grand != Some(i) && (pawn != Some(i) || !on_last) {
                return Some(format!(
                    "the {}'s promotions to a named type (XBoard takes them only from its \
                     pawn, on the last rank): with legality testing on it refuses them; turn it \
                     off (Options > General) to play this variant",
                    p.name
                ));
            }
        }
    }
    // XBoard's Betza has `i` for first moves but no opposite: moves after the first are written
    // as always available, so that XBoard never refuses one varia plays; it then offers them
    // before the piece's first move too, and varia refuses them there.
    pieces
        .iter()
        .find(|p| p.moves.iter().any(|m| m.after_first))
        .map(|p| {
            format!(
                "the {}'s moves after its first move (XBoard's Betza has no such modifier): XBoard is told them as always available and offers them before its first move too, where varia refuses them",
                p.name
            )
        })
}

/// Whether the game is shown under XBoard's `shogi` parent: promoted types, hands, and every
/// promotion to a promoted type within XBoard's shogi zone (a third of the ranks, three on 8), else
/// `fairy`. XBoard's shogi parent refuses a `+` outside its zone; its other parents take a `+`
/// for a type with a promoted form wherever it moves (XBoard 4.9 does not look at the zone), so a
/// game whose zones differ (Shoxiang 108's River) is shown under `fairy`, holdings and all.
fn shogi_parent(game: &Game) -> bool {
    let rules = game.rules();
    if !rules.captures_to_hand || !rules.pieces.iter().any(|p| p.symbol.starts_with('+')) {
        return false;
    }
    let (files, ranks) = (rules.board.files as u16, rules.board.ranks as u16);
    let depth = ranks / 3 + u16::from(ranks == 8);
    let far = |player: usize| -> Vec<Cell> {
        (0..files * ranks)
            .filter(|c| {
                let rank = c / files;
                if player == 0 {
                    rank >= ranks - depth
                } else {
                    rank < depth
                }
            })
            .map(Cell)
            .collect()
    };
    let zones = [far(0), far(1)];
    rules.pieces.iter().all(|p| {
        p.promotions.iter().all(|pr| {
            let shogi_style = pr
                .to
                .iter()
                .any(|t| rules.pieces[t.index()].symbol.starts_with('+'));
            let cells = &rules.zones[pr.zone.index()].cells;
            let inside = |player: usize| {
                cells[player]
                    .iter()
                    .all(|c| zones[player].binary_search(c).is_ok())
            };
            !shogi_style || (cells.len() == 2 && inside(0) && inside(1))
        })
    })
}

/// How far in from the edges of the first player's back rank its castling partners start, when
/// it is the same on both sides (else 0, the corner, XBoard's default).
fn castling_skip(game: &Game, rook: usize) -> usize {
    let rules = game.rules();
    let files = rules.board.files as u16;
    let start = game.start();
    let cells: Vec<u16> = (0..files * rules.board.ranks as u16)
        .filter(|&c| {
            start
                .piece(Cell(c))
                .is_some_and(|q| q.owner == PlayerId(0) && q.kind.index() == rook)
        })
        .collect();
    let Some(rank) = cells.iter().map(|c| c / files).min() else {
        return 0;
    };
    let on_rank: Vec<u16> = cells
        .iter()
        .filter(|c| *c / files == rank)
        .map(|c| c % files)
        .collect();
    match (on_rank.iter().min(), on_rank.iter().max()) {
        (Some(&lo), Some(&hi)) if lo < hi && lo == files - 1 - hi => lo as usize,
        _ => 0,
    }
}

/// XBoard's castling atoms for a king type: `O2` (`O3` castling by 3 cells), or with free castling one per distance from
/// the first player's king's start file to its landings, `s` where both sides have it, else `l`
/// or `r`, as Sjaak II writes Schoolbook chess's king (`isO2isO3ilO4`).
fn castling_atoms(game: &Game, c: &Castling, king: usize) -> Vec<String> {
    let landings = &c.landings;
    let files = game.rules().board.files as u16;
    let start = game.start();
    let home = (0..files * game.rules().board.ranks as u16).find(|&c| {
        start
            .piece(Cell(c))
            .is_some_and(|q| q.owner == PlayerId(0) && q.kind.index() == king)
    });
    let Some(home) = home.filter(|_| !landings.is_empty()) else {
        return vec![format!("O{}", c.king_steps.unwrap_or(2))];
    };
    let fk = i32::from(home % files);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for &f in landings {
        let d = i32::from(f) - fk;
        if d > 0 {
            right.push(d);
        } else if d < 0 {
            left.push(-d);
        }
    }
    let mut all: Vec<i32> = left.iter().chain(&right).copied().collect();
    all.sort_unstable();
    all.dedup();
    all.iter()
        .map(|d| {
            let side = match (left.contains(d), right.contains(d)) {
                (true, true) => "s",
                (true, false) => "l",
                _ => "r",
            };
            format!("i{side}O{d}")
        })
        .collect()
}

/// The type shown as the Pawn of XBoard's `grand` parent, if the game is one XBoard's grand rules
/// play (Grand chess, a 10 x 10 game like it): no hands, and one type that promotes, in the
/// Pawn's place (`P`), that moves as XBoard's own pawn (`fmWfceF`, a double step from its start
/// ranks, taken and taking en passant, all its pieces starting on the third rank or nearer) and
/// promotes on any move ending in its owner's last three ranks, compulsory on the last. XBoard's
/// pawn of any other parent (and any type it is given moves for) promotes on the last rank only.
fn grand_pawn(game: &Game) -> Option<usize> {
    let rules = game.rules();
    let (files, ranks) = (rules.board.files as u16, rules.board.ranks as u16);
    if rules.has_hands() || ranks < 6 {
        return None;
    }
    let mut promoting = rules
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.promotions.is_empty());
    let (i, pawn) = promoting.next()?;
    if promoting.next().is_some() || pawn.symbol != "P" || pawn.promotions.len() != 1 {
        return None;
    }
    let pr = &pawn.promotions[0];
    let last_three = |player: usize| -> Vec<Cell> {
        let mut cells: Vec<Cell> = (0..files * ranks)
            .filter(|c| {
                let rank = c / files;
                if player == 0 {
                    rank >= ranks - 3
                } else {
                    rank < 3
                }
            })
            .map(Cell)
            .collect();
        cells.sort();
        cells
    };
    let zone = &rules.zones[pr.zone.index()].cells;
    let start = game.start();
    let near = (0..files * ranks).map(Cell).all(|c| {
        start.piece(c).is_none_or(|q| {
            let rank = c.0 / files;
            q.kind.index() != i
                || if q.owner == PlayerId(0) {
                    rank <= ranks / 2 - 3
                } else {
                    ranks - 1 - rank <= ranks / 2 - 3
                }
        })
    });
    let plain = piece_betza(game, pawn) == "fmWfceFifmnD"
        && pawn.can_be_taken_en_passant
        && pawn.takes_en_passant
        && pawn.en_passant_zone.is_none()
        && pawn.confined_to.is_none()
        && pawn.barred_from.is_none();
    (zone.len() == 2
        && zone[0] == last_three(0)
        && zone[1] == last_three(1)
        && pr.trigger == Trigger::EndingIn
        && pr.obligation == Obligation::CompulsoryWhenStuck
        && !pr.swap
        && near
        && plain)
        .then_some(i)
}

/// A piece's moves in XBoard's Betza dialect: atoms with direction, mode (`m`, `c`), lame (`n`),
/// hopper (`p`), initial-only (`i`) modifiers and a range; moves in two and three legs as HaChu
/// writes them (`caK`, `masR`, `mcpafmcpavK`); castling (`O2`) for a castling king,
/// drops (`@` and the farthest rank) for a game with hands. XBoard has no zone-restricted moves:
/// a move usable only from a zone that holds every piece of the type at the start (the pawn's
/// double step), or only from cells where pieces of the type start (Shoxiang 108's patient
/// Points), is written as initial-only (`i`), any other as if it were usable everywhere.
/// Leaps XBoard has no atom for are left out, and multiple displacement is shown as a plain leap.
/// Betza's first moves (`i`) and moves after the first (`after its first move`) are written as
/// available throughout: XBoard then lets through every move varia plays.
pub fn piece_betza(game: &Game, p: &PieceType) -> String {
    let rules = game.rules();
    let id = rules.pieces.iter().position(|q| q.name == p.name);
    let start = game.start();
    let mut out = String::new();
    for part in &p.moves {
        let initial = part.from_zone.is_some_and(|z| {
            let cells = &rules.zones[z.index()].cells[0];
            let starts = |c: Cell| {
                start
                    .piece(c)
                    .is_some_and(|q| q.owner == PlayerId(0) && Some(q.kind.index()) == id)
            };
            let homes: Vec<Cell> = (0..rules.board.cells() as u16)
                .map(Cell)
                .filter(|&c| starts(c))
                .collect();
            homes.iter().all(|c| cells.binary_search(c).is_ok())
                || (!cells.is_empty() && cells.iter().all(|&c| starts(c)))
        });
        let ep = p.takes_en_passant && part.mode != Mode::Move;
        out += &varia::betza::xboard::part(part, initial, ep);
    }
    // Moves in legs that XBoard's dialect cannot carry are named by `unfollowed`.
    out.extend(p.leg_moves.iter().filter_map(varia::betza::xboard::legs));
    out.extend(p.leg_chains.iter().filter_map(varia::betza::xboard::chains));
    if let Some(c) = rules.castling.iter().find(|c| Some(c.king.index()) == id) {
        // XBoard castles with the first piece met, which must stand `j`-many cells in from the
        // edge (Shako's rooks, inside its corner elephants: `jO2`).
        let skip = "j".repeat(castling_skip(game, c.rook.index()));
        for atom in castling_atoms(game, c, c.king.index()) {
            out += &skip;
            out += &atom;
        }
    }
    if rules.captures_to_hand && !p.royal && !p.symbol.starts_with('+') {
        out += &format!("@{}", rules.board.ranks);
    }
    out
}
