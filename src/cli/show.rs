//! The text diagram of `varia show`, and its JSON form.

use std::io::IsTerminal;
use varia::engine::{Reason, Status};
use varia::rules::{PieceId, PlayerId};
use varia::{Game, Position};

/// ANSI colours for up to four players' pieces, used only on a terminal.
const COLOURS: [&str; 4] = ["\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;33m"];

/// Draws the board from the first player's side, with hands, side to move and status. With more
/// than two players each piece is written with its owner's initial (`rW`), and coloured on a
/// terminal.
pub fn diagram(game: &Game, pos: &Position) -> String {
    let rules = game.rules();
    let b = &rules.board;
    let many = rules.players.len() > 2;
    let colour = many && std::io::stdout().is_terminal();
    let width = if many { 4 } else { 3 };
    let mut out = String::new();
    let title = rules.title.clone().unwrap_or_else(|| rules.game.clone());
    out += &format!("{title} ({})\n\n", rules.variant);
    for rank in (0..b.ranks as i32).rev() {
        out += &format!("{:>3} ", rank + 1);
        for file in 0..b.files as i32 {
            let text = match b.cell(file, rank) {
                None => String::new(),
                Some(c) => match pos.piece(c) {
                    None => ".".to_string(),
                    Some(p) => {
                        let s = &rules.pieces[p.kind.index()].symbol;
                        if many {
                            format!("{}{s}", game.player_tag(p.owner))
                        } else if p.owner.0 == 0 {
                            s.clone()
                        } else {
                            s.to_lowercase()
                        }
                    }
                },
            };
            let pad = " ".repeat(width - text.chars().count().min(width));
            let owner = b
                .cell(file, rank)
                .and_then(|c| pos.piece(c))
                .map(|p| p.owner);
            match owner {
                Some(o) if colour => {
                    out += &format!("{pad}{}{text}\x1b[0m", COLOURS[o.index() % 4]);
                }
                _ => out += &format!("{pad}{text}"),
            }
        }
        // Holes at the end of a rank leave no trailing blanks.
        out.truncate(out.trim_end_matches(' ').len());
        out.push('\n');
    }
    out += "    ";
    for file in 0..b.files {
        out += &format!("{:>width$}", (b'a' + file) as char);
    }
    out += "\n\n";
    for (i, pl) in rules.players.iter().enumerate() {
        let i = i as u8;
        let mut line = if many {
            format!(
                "{} {} ({:?})",
                game.player_tag(PlayerId(i)),
                pl.name,
                pl.forward
            )
            .to_lowercase()
        } else {
            pl.name.clone()
        };
        if pos.is_eliminated(PlayerId(i)) {
            line += ": out";
        } else if rules.has_hands() {
            let held: Vec<String> = rules
                .pieces
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    let n = pos.in_hand(PlayerId(i), PieceId(k as u8));
                    (n > 0).then(|| format!("{n} {}", p.name))
                })
                .collect();
            line += &format!(
                ": hand {}",
                if held.is_empty() {
                    "-".into()
                } else {
                    held.join(", ")
                }
            );
        }
        if many || rules.has_hands() || pos.is_eliminated(PlayerId(i)) {
            out += &line;
            out.push('\n');
        }
    }
    out += &format!(
        "to move: {}\nstatus: {}\nfen: {}\n",
        rules.players[pos.side_to_move().index()].name,
        describe(game, pos, &game.status(pos)),
        game.fen(pos)
    );
    out
}

/// The position as JSON: FEN, side to move, status, who is out and who won.
pub fn json(game: &Game, pos: &Position) -> serde_json::Value {
    let rules = game.rules();
    let name = |p: PlayerId| rules.players[p.index()].name.clone();
    let status = game.status(pos);
    let kind = match &status {
        Status::Ongoing { in_check: true } => "check",
        Status::Ongoing { in_check: false } => "ongoing",
        Status::Over(e) => e.reason.name(),
    };
    let winner = status.winner().map(name);
    let rule = match &status {
        Status::Over(e) => Some(e.reason.name()),
        Status::Ongoing { .. } => None,
    };
    let eliminated: Vec<String> = (0..rules.players.len() as u8)
        .map(PlayerId)
        .filter(|&p| pos.is_eliminated(p))
        .map(name)
        .collect();
    serde_json::json!({
        "fen": game.fen(pos),
        "to_move": name(pos.side_to_move()),
        "status": kind,
        "description": describe(game, pos, &status),
        "eliminated": eliminated,
        "winner": winner,
        "rule": rule,
    })
}

/// Describes a status in words, naming the players.
pub fn describe(game: &Game, pos: &Position, status: &Status) -> String {
    let name = |p: varia::rules::PlayerId| game.rules().players[p.index()].name.clone();
    let mover = name(pos.side_to_move());
    match status {
        Status::Ongoing { in_check: true } => format!("{mover} is in check"),
        Status::Ongoing { in_check: false } => "ongoing".into(),
        Status::Over(e) => {
            let result = match (e.outcome, e.winner) {
                (varia::rules::Outcome::Elimination, _) => format!("{mover} is eliminated"),
                (_, Some(w)) => format!("{} wins", name(w)),
                (_, None) => "draw".to_string(),
            };
            let rule = match e.reason {
                Reason::DropMate => "checkmate by a drop that may not mate",
                Reason::LastPlayer => "every other player is out",
                r => r.name(),
            };
            format!("{rule}: {result}")
        }
    }
}
