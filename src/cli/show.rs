//! The text diagram of `varia show`.

use varia::{Game, Position};

/// Draws the board from the first player's side, with hands, side to move and status.
pub fn diagram(game: &Game, pos: &Position) -> String {
    let rules = game.rules();
    let b = &rules.board;
    let mut out = String::new();
    let title = rules.title.clone().unwrap_or_else(|| rules.game.clone());
    out += &format!("{title} ({})\n\n", rules.variant);
    for rank in (0..b.ranks as i32).rev() {
        out += &format!("{:>3} ", rank + 1);
        for file in 0..b.files as i32 {
            let cell = match b.cell(file, rank) {
                None => "   ".to_string(),
                Some(c) => match pos.piece(c) {
                    None => "  .".to_string(),
                    Some(p) => {
                        let s = &rules.pieces[p.kind as usize].symbol;
                        let s = if p.owner == 0 {
                            s.clone()
                        } else {
                            s.to_lowercase()
                        };
                        format!("{s:>3}")
                    }
                },
            };
            out += &cell;
        }
        out.push('\n');
    }
    out += "    ";
    for file in 0..b.files {
        out += &format!("  {}", (b'a' + file) as char);
    }
    out += "\n\n";
    if rules.captures_to_hand {
        for (i, pl) in rules.players.iter().enumerate() {
            let held: Vec<String> = rules
                .pieces
                .iter()
                .enumerate()
                .filter_map(|(k, p)| {
                    let n = pos.in_hand(i as u8, k as u8);
                    (n > 0).then(|| format!("{}x{}", n, p.name))
                })
                .collect();
            let held = if held.is_empty() {
                "-".into()
            } else {
                held.join(" ")
            };
            out += &format!("hand of {}: {held}\n", pl.name);
        }
    }
    out += &format!(
        "to move: {}\nstatus: {}\nfen: {}\n",
        rules.players[pos.side_to_move() as usize].name,
        super::describe(game, pos, &game.status(pos)),
        game.fen(pos)
    );
    out
}
