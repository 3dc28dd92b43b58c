//! The text diagram of `varia show`, and its JSON form.

use std::io::IsTerminal;
use varia::engine::{Reason, Status};
use varia::rules::{PieceId, PlayerId};
use varia::{Game, Move, Position};

/// ANSI colours for the players' pieces of a game of more than two, used only on a terminal,
/// for a player not named after a colour: by turn.
const COLOURS: [&str; 4] = ["\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;33m"];

/// The ANSI colour of a player named after one (`red`, `orange`, ...; orange from the 256-colour
/// palette), else the one of its turn.
fn colour_of(name: &str, index: usize) -> &'static str {
    match name.to_ascii_lowercase().as_str() {
        "red" => "\x1b[1;31m",
        "green" => "\x1b[1;32m",
        "yellow" | "gold" => "\x1b[1;33m",
        "blue" => "\x1b[1;34m",
        "purple" | "magenta" | "violet" => "\x1b[1;35m",
        "cyan" => "\x1b[1;36m",
        "orange" => "\x1b[1;38;5;208m",
        _ => COLOURS[index % 4],
    }
}

/// Draws the board from the first player's side, with hands, the last move (`last`), side to
/// move and status. With more than two players each piece is written with its owner's initial
/// (`rW`), and coloured on a terminal (a player named after a colour in that colour). On a
/// terminal the last move's cells are shown in reverse video.
pub fn diagram(game: &Game, pos: &Position, last: Option<&Move>) -> String {
    let rules = game.rules();
    let b = &rules.board;
    let many = rules.players.len() > 2;
    let terminal = std::io::stdout().is_terminal();
    let colour = many && terminal;
    let marked: Vec<varia::rules::Cell> = match last {
        Some(m) if terminal => vec![m.from(), m.to()],
        _ => Vec::new(),
    };
    // A column a blank wider than the longest piece written (`+P`, `rW`; `+P'` in a game of
    // dressed symbols).
    let longest = rules
        .pieces
        .iter()
        .map(|p| p.symbol.len())
        .max()
        .unwrap_or(1);
    let width = (longest + usize::from(many) + 1).max(if many { 4 } else { 3 });
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
            let cell = b.cell(file, rank);
            let owner = cell.and_then(|c| pos.piece(c)).map(|p| p.owner);
            let reverse = if cell.is_some_and(|c| marked.contains(&c)) {
                "\x1b[7m"
            } else {
                ""
            };
            match owner {
                Some(o) if colour => {
                    let c = colour_of(&rules.players[o.index()].name, o.index());
                    out += &format!("{pad}{reverse}{c}{text}\x1b[0m");
                }
                _ if !reverse.is_empty() => out += &format!("{pad}{reverse}{text}\x1b[0m"),
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
    if let Some(m) = last {
        out += &format!("last move: {}\n", game.move_to_string(m));
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
