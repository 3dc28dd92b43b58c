//! `varia uci FILE...`: the Universal Chess Interface, with the files' variants offered as the
//! `UCI_Variant` option (as Fairy-Stockfish does) and FENs and moves as varia writes them.

use super::load::Failure;
use super::session::{Catalogue, Done, Event, Line, MAX_LINE, Worker, number, resize_hash, send};
use std::sync::Arc;
use std::time::Duration;
use varia::Game;
use varia::rules::PlayerId;
use varia::search::{Info, Limits, MAX_THREADS, Score, Searcher};

const DEFAULT_HASH_MB: usize = 16;
/// The largest Hash accepted; the table's memory is reserved at once and committed as the
/// search fills it.
const MAX_HASH_MB: usize = 4096;
/// The most lines `MultiPV` asks for (a search with more root moves reports them all).
const MAX_MULTIPV: usize = 256;

struct Uci {
    catalogue: Catalogue,
    variant: String,
    game: Arc<Game>,
    line: Line,
    searcher: Option<Searcher>,
    hash_mb: usize,
    worker: Worker,
    /// Lines reported at each depth (`MultiPV`).
    multipv: usize,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(files: &[String], weights: &[String]) -> Result<String, Failure> {
    let mut catalogue = Catalogue::load(files)?;
    catalogue.add_weights(weights)?;
    let variant = catalogue.names()[0].clone();
    let game = catalogue
        .game(&variant)
        .map_err(|e| Failure(format!("error: {e}")))?;
    let searcher = Some(catalogue.searcher(&game, DEFAULT_HASH_MB));
    let mut uci = Uci {
        line: Line::new(game.clone(), game.start()),
        searcher,
        catalogue,
        variant,
        game,
        hash_mb: DEFAULT_HASH_MB,
        worker: Worker::new(),
        multipv: 1,
    };
    loop {
        match uci.worker.next() {
            // At the end of input any search is stopped (below) and reports its best move so
            // far: one with a large limit (`go depth 40`) would otherwise run on for minutes
            // with no one to read it.
            Event::Closed => break,
            Event::Done(d) => uci.finish(*d),
            Event::TooLong => send(&format!(
                "info string error: a line over {MAX_LINE} bytes: ignored"
            )),
            Event::Input(line) => {
                if !uci.command(&line) {
                    break;
                }
            }
        }
    }
    if let Some(d) = uci.worker.stop() {
        uci.finish(d);
    }
    Ok(String::new())
}

/// Formats a score as UCI writes it.
pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(v) => format!("cp {v}"),
        Score::Mate(n) => format!("mate {n}"),
    }
}

impl Uci {
    /// Handles one line; returns false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => {
                send(&format!("id name varia {}", env!("CARGO_PKG_VERSION")));
                send("id author the varia developers");
                let names = self.catalogue.names();
                let vars: String = names.iter().map(|n| format!(" var {n}")).collect();
                send(&format!(
                    "option name UCI_Variant type combo default {}{vars}",
                    names[0]
                ));
                send(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ));
                send("option name Clear Hash type button");
                send(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                send(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                send("uciok");
            }
            "isready" => send("readyok"),
            "debug" | "ponderhit" | "register" => {}
            "setoption" => self.setoption(&rest),
            "ucinewgame" => {
                self.stop();
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
                self.line = Line::new(self.game.clone(), self.game.start());
            }
            "position" => {
                self.stop();
                self.position(&rest);
            }
            "go" => {
                self.stop();
                self.go(&rest);
            }
            "stop" => self.stop(),
            "quit" => return false,
            "d" => send(
                super::show::diagram(&self.game, self.line.current(), self.line.moves.last())
                    .trim_end(),
            ),
            _ => send(&format!("info string unknown command: {line}")),
        }
        true
    }

    /// Stops a running search; its best move is reported.
    fn stop(&mut self) {
        if let Some(d) = self.worker.stop() {
            self.finish(d);
        }
    }

    fn finish(&mut self, d: Done) {
        self.worker.finished(d.id);
        self.searcher = Some(d.searcher);
        match d.result.best {
            Some(m) => {
                let mut text = format!("bestmove {}", self.game.move_to_string(&m));
                if let Some(p) = d.result.pv.get(1) {
                    text += &format!(" ponder {}", self.game.move_to_string(p));
                }
                send(&text);
            }
            None => send("bestmove (none)"),
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        // setoption name NAME [value VALUE]; names may hold spaces.
        let text = args.join(" ");
        let Some(text) = text.strip_prefix("name ") else {
            send("info string error: expected `setoption name NAME value VALUE`");
            return;
        };
        let (name, value) = match text.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (text.trim(), ""),
        };
        self.stop();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match self.catalogue.game(value) {
                Ok(g) => {
                    self.variant = value.to_string();
                    self.line = Line::new(g.clone(), g.start());
                    self.searcher = Some(self.catalogue.searcher(&g, self.hash_mb));
                    self.game = g;
                }
                Err(e) => send(&format!("info string error: {e}")),
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => {
                    let make = |old| self.catalogue.searcher(&self.game, old);
                    if let Err(old) = resize_hash(&mut self.searcher, make, &mut self.hash_mb, mb) {
                        send(&format!(
                            "info string error: no memory for a hash table of {mb} MB; Hash stays {old} MB"
                        ));
                    }
                }
                _ => send(&format!(
                    "info string error: bad Hash value `{value}` (1 to {MAX_HASH_MB} MB)"
                )),
            },
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.catalogue.threads = n;
                    if let Some(s) = &mut self.searcher {
                        s.set_threads(n);
                    }
                }
                _ => send(&format!(
                    "info string error: bad Threads value `{value}` (1 to {MAX_THREADS})"
                )),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => send(&format!(
                    "info string error: bad MultiPV value `{value}` (1 to {MAX_MULTIPV})"
                )),
            },
            "clear hash" => {
                if let Some(s) = &mut self.searcher {
                    s.clear();
                }
            }
            _ => send(&format!("info string error: unknown option `{name}`")),
        }
    }

    /// `position startpos|fen FEN [moves M...]`; on an error the position is left unchanged.
    fn position(&mut self, args: &[&str]) {
        let moves_at = args.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let start = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => self.game.start(),
            Some(&"fen") => match self.game.parse_fen(&setup[1..].join(" ")) {
                Ok(p) => p,
                Err(e) => {
                    send(&format!("info string error: bad FEN: {e}"));
                    return;
                }
            },
            _ => {
                send("info string error: expected `position startpos|fen FEN [moves ...]`");
                return;
            }
        };
        let mut line = Line::new(self.game.clone(), start);
        for m in moves {
            match self.game.parse_move(line.current(), m) {
                Ok(mv) => line.play(mv),
                Err(e) => {
                    send(&format!("info string error: {e}"));
                    return;
                }
            }
        }
        self.line = line;
    }

    fn go(&mut self, args: &[&str]) {
        let mut limits = Limits::default();
        let mut infinite = false;
        let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, None, None, None);
        let mut i = 0;
        while i < args.len() {
            let arg = args.get(i + 1).copied();
            let mut takes = true;
            let ok = match args[i] {
                "depth" => number::<u32>(arg).map(|d| limits.depth = Some(d.max(1))),
                "nodes" => number::<u64>(arg).map(|n| limits.nodes = Some(n.max(1))),
                "movetime" => {
                    number::<u64>(arg).map(|t| limits.movetime = Some(Duration::from_millis(t)))
                }
                "wtime" => number::<i64>(arg).map(|t| wtime = Some(t)),
                "btime" => number::<i64>(arg).map(|t| btime = Some(t)),
                "winc" => number::<i64>(arg).map(|t| winc = Some(t)),
                "binc" => number::<i64>(arg).map(|t| binc = Some(t)),
                "movestogo" => number::<u32>(arg).map(|t| mtg = Some(t)),
                "mate" => number::<u32>(arg).map(|m| limits.depth = Some(2 * m.max(1))),
                "infinite" | "ponder" => {
                    takes = false;
                    infinite = true;
                    Some(())
                }
                "searchmoves" => {
                    // Restricting the root moves is not supported: search them all.
                    i = args.len();
                    Some(())
                }
                other => {
                    send(&format!(
                        "info string error: unknown go parameter `{other}`"
                    ));
                    takes = false;
                    Some(())
                }
            };
            if ok.is_none() {
                send(&format!(
                    "info string error: `{}` needs a number, not `{}`",
                    args[i],
                    arg.unwrap_or("")
                ));
            }
            i += if takes { 2 } else { 1 };
        }
        let white = self.line.current().side_to_move() == PlayerId(0);
        let (time, inc) = if white { (wtime, winc) } else { (btime, binc) };
        if let Some(t) = time
            && !infinite
            && limits.movetime.is_none()
        {
            let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
            let clock = Limits::clock(ms(t), ms(inc.unwrap_or(0)), mtg);
            limits.movetime = clock.movetime;
            limits.soft_time = clock.soft_time;
        }
        // A `go` that sets no limit (none given, or only ones it could not read) searches until
        // `stop` or the end of input, as `go infinite` does.
        if limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.soft_time.is_none()
        {
            infinite = true;
        }
        let searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| self.catalogue.searcher(&self.game, self.hash_mb));
        let game = self.game.clone();
        limits.multipv = self.multipv;
        let multipv_on = self.multipv > 1;
        let info = Box::new(move |i: &Info| send(&info_line(&game, i, multipv_on)));
        self.worker
            .start(searcher, &self.line, limits, infinite, info);
    }
}

/// An `info` line for a completed iteration (with `multipv K` where several lines are asked).
pub fn info_line(game: &Game, i: &Info, multipv_on: bool) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| game.move_to_string(m)).collect();
    format!(
        "info depth {} seldepth {}{} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth,
        if multipv_on {
            format!(" multipv {}", i.multipv)
        } else {
            String::new()
        },
        score_text(i.score),
        i.nodes,
        i.nps(),
        i.elapsed.as_millis(),
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}
