//! `varia play`: a game in the terminal against the engine, or between engines (`--as none`),
//! the board drawn after each move.

use super::load::Failure;
use super::session::{Input, Line, MAX_LINE, Verdict, read_line, send};
use std::sync::Arc;
use varia::rules::PlayerId;
use varia::search::{Limits, Searcher};

/// Plays a game; `human` names the players typed at the terminal (none: engine against engine).
pub fn run(
    game: varia::Game,
    human: &[PlayerId],
    limits: Limits,
    max_plies: usize,
    weights: Option<&varia::search::Weights>,
) -> Result<String, Failure> {
    let game = Arc::new(game);
    let mut line = Line::new(game.clone(), game.start());
    let mut searcher = Searcher::new(game.clone(), 32);
    if let Some(w) = weights {
        searcher.set_weights(w);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let name = |p: PlayerId| game.rules().players[p.index()].name.clone();
    send(&super::show::diagram(
        &game,
        line.current(),
        line.moves.last(),
    ));
    loop {
        let verdict = line.verdict().or_else(|| {
            (line.moves.len() >= max_plies).then(|| Verdict {
                winner: None,
                cause: "ply-cap".into(),
            })
        });
        if let Some(v) = verdict {
            let result = match v.winner {
                Some(w) => format!("{} wins", name(w)),
                None => "draw".into(),
            };
            send(&format!("game over ({}): {result}", v.cause));
            send(&format!("moves: {}", line.move_strings().join(" ")));
            return Ok(String::new());
        }
        let side = line.current().side_to_move();
        if human.contains(&side) {
            {
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                let _ = write!(
                    out,
                    "{} to move (a move, `moves`, `undo` or `quit`): ",
                    name(side)
                );
                let _ = out.flush();
            }
            let text = match read_line(&mut input, MAX_LINE) {
                Input::Line(bytes) => match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(_) => {
                        send("error: the line is not UTF-8 text: ignored");
                        continue;
                    }
                },
                Input::TooLong => {
                    send(&format!("error: a line over {MAX_LINE} bytes: ignored"));
                    continue;
                }
                Input::End => {
                    send("");
                    send("end of input: the game is left unfinished");
                    send(&format!("moves: {}", line.move_strings().join(" ")));
                    return Ok(String::new());
                }
            };
            let text = text.trim();
            match text {
                "" => continue,
                "quit" | "resign" => {
                    send(&format!("{} resigns", name(side)));
                    send(&format!("moves: {}", line.move_strings().join(" ")));
                    return Ok(String::new());
                }
                "moves" | "help" | "?" => {
                    send(&format!("legal moves: {}", legal_list(&line)));
                    continue;
                }
                "undo" => {
                    // Back to this player's previous turn.
                    let mut undone = false;
                    while line.undo() {
                        undone = true;
                        if line.current().side_to_move() == side {
                            break;
                        }
                    }
                    if !undone {
                        send("nothing to undo");
                    }
                    send(&super::show::diagram(
                        &game,
                        line.current(),
                        line.moves.last(),
                    ));
                    continue;
                }
                _ => {}
            }
            match game.parse_move(line.current(), text) {
                Ok(m) => line.play(m),
                Err(e) => {
                    send(&format!("{e}; legal moves: {}", legal_list(&line)));
                    continue;
                }
            }
        } else {
            let r = searcher.search(line.current(), &limits, &mut |_| {});
            let Some(m) = r.best else {
                // No move but no ending: cannot happen with a consistent status; stop cleanly.
                send("the engine has no move");
                return Ok(String::new());
            };
            send(&format!(
                "{} plays {} ({}, depth {}, {} nodes)",
                name(side),
                game.move_to_string(&m),
                super::uci::score_text(r.score),
                r.depth,
                r.nodes
            ));
            line.play(m);
        }
        send(&super::show::diagram(
            &game,
            line.current(),
            line.moves.last(),
        ));
    }
}

fn legal_list(line: &Line) -> String {
    let mut moves: Vec<String> = line
        .game
        .legal_moves(line.current())
        .iter()
        .map(|m| line.game.move_to_string(m))
        .collect();
    moves.sort();
    moves.join(" ")
}
