//! `varia xboard FILE...`: the Chess Engine Communication Protocol (version 2), with every
//! two-player variant of the files offered, and each variant described to XBoard (`setup` and
//! `piece` commands) when it is chosen.

use super::load::Failure;
use super::session::{
    Catalogue, Done, Event, Line, MAX_LINE, Verdict, Worker, number, resize_hash, send,
};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use varia::engine::MoveError;
use varia::referee::xboard_move;
use varia::rules::PlayerId;
use varia::search::{Info, Limits, MAX_THREADS, Score, Searcher};
use varia::{Game, Move};

const DEFAULT_HASH_MB: usize = 16;

/// What the running search is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    Move,
    Analysis,
}

struct Xboard {
    catalogue: Catalogue,
    /// The variants offered: (the name XBoard is given, the catalogue's name).
    variants: Vec<(String, String)>,
    game: Arc<Game>,
    line: Line,
    /// The player the engine plays; `None` in force mode.
    engine: Option<PlayerId>,
    searcher: Option<Searcher>,
    hash_mb: usize,
    worker: Worker,
    purpose: Purpose,
    post: Arc<AtomicBool>,
    analyzing: bool,
    /// The running search's start and its last completed depth, for `.` in analyze mode.
    progress: Arc<Mutex<Progress>>,
    /// Time control: moves per session (0: all), base, increment; or a fixed time or depth.
    mps: u32,
    base: Duration,
    inc: Duration,
    st: Option<Duration>,
    sd: Option<u32>,
    clock: Option<Duration>,
    /// `ping`s received while the engine was on move, answered after the move.
    pongs: Vec<String>,
    usermove: bool,
}

/// What `.` reports of the running search: when it started, and its last completed depth (the
/// search reports no progress within a depth).
struct Progress {
    started: Instant,
    depth: u32,
    nodes: u64,
    best: Option<String>,
}

/// Runs the protocol until `quit` or the end of input.
pub fn run(files: &[String], weights: &[String]) -> Result<String, Failure> {
    let mut catalogue = Catalogue::load(files)?;
    catalogue.add_weights(weights)?;
    let (variants, refused) = offer(&mut catalogue);
    let Some(first) = variants.first().map(|v| v.1.clone()) else {
        let mut why = refused
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if refused.len() > 3 {
            why += &format!("; and {} more", refused.len() - 3);
        }
        no_game(&format!(
            "varia cannot show any variant of these files in XBoard ({why})"
        ));
        return Ok(String::new());
    };
    let game = catalogue
        .game(&first)
        .map_err(|e| Failure(format!("error: {e}")))?;
    let searcher = Some(catalogue.searcher(&game, DEFAULT_HASH_MB));
    let mut xb = Xboard {
        catalogue,
        variants,
        line: Line::new(game.clone(), game.start()),
        searcher,
        game,
        engine: Some(PlayerId(1)),
        hash_mb: DEFAULT_HASH_MB,
        worker: Worker::new(),
        purpose: Purpose::Move,
        post: Arc::new(AtomicBool::new(false)),
        analyzing: false,
        progress: Arc::new(Mutex::new(Progress {
            started: Instant::now(),
            depth: 0,
            nodes: 0,
            best: None,
        })),
        mps: 0,
        base: Duration::from_secs(300),
        inc: Duration::ZERO,
        st: None,
        sd: None,
        clock: None,
        pongs: Vec::new(),
        usermove: false,
    };
    loop {
        match xb.worker.next() {
            Event::Closed => break,
            Event::Done(d) => xb.finish(*d),
            Event::TooLong => send(&format!(
                "Error (line too long): a line over {MAX_LINE} bytes was ignored"
            )),
            Event::Input(line) => {
                if !xb.command(&line) {
                    break;
                }
            }
        }
    }
    xb.abort();
    Ok(String::new())
}

/// The variants XBoard can show, each under a name XBoard takes for an engine-defined variant
/// (`xbnames`) or, for a game that says it is one of XBoard's own (`xboard variant NAME`), under
/// that name; and why each other one is not offered (also written on standard error, which a
/// GUI logs).
fn offer(catalogue: &mut Catalogue) -> (Vec<(String, String)>, Vec<String>) {
    let mut variants: Vec<(String, String)> = Vec::new();
    let mut refused = Vec::new();
    for name in catalogue.names() {
        let offered_as = |variants: &[(String, String)], n: &str| variants.iter().any(|v| v.0 == n);
        let (builtin, why) = match catalogue.game(&name) {
            Ok(g) => match &g.rules().xboard_variant {
                Some(x) => (
                    Some(x.clone()),
                    builtin_refusal(&g, x, offered_as(&variants, x)),
                ),
                None => (None, super::xbetza::setup_lines(&g).err()),
            },
            Err(e) => (
                None,
                Some(e.strip_prefix("error: ").unwrap_or(&e).to_string()),
            ),
        };
        if let Some(why) = why {
            eprintln!("error: variant `{name}` not offered: {why}");
            refused.push(format!("{name}: {why}"));
            continue;
        }
        if let Some(x) = builtin {
            variants.push((x, name));
            continue;
        }
        let base = super::xbnames::engine_name(&name);
        let taken = |n: &str| offered_as(&variants, n);
        let mut offered = base.clone();
        let mut n = 2;
        while taken(&offered) || super::xbnames::own_word(&offered).is_some() {
            offered = format!("{base}-{n}");
            n += 1;
        }
        variants.push((offered, name));
    }
    (variants, refused)
}

/// Why a game that says it is XBoard's variant `x` is not offered under that name, if it is not:
/// XBoard must take the whole name for one of its own, and only one game can be offered as it.
fn builtin_refusal(game: &Game, x: &str, taken: bool) -> Option<String> {
    if game.rules().players.len() != 2 {
        return Some("XBoard plays two-player games only".into());
    }
    if super::xbnames::own_word(x) != Some((0, x.len())) {
        return Some(format!(
            "`xboard variant {x}`: XBoard has no variant of its own named `{x}`"
        ));
    }
    taken.then(|| format!("`xboard variant {x}`: another variant is offered as `{x}`"))
}

/// The protocol without a game to play: the features, with no variant, and the reason in
/// XBoard's own window (`tellusererror`) at `protover` and `new`; `ping` is answered, and any
/// other command that needs a game gets `Error (no variant): COMMAND`, until `quit` or the end
/// of input.
fn no_game(message: &str) {
    eprintln!("error: {message}");
    let mut worker = Worker::new();
    loop {
        let line = match worker.next() {
            Event::Closed => break,
            Event::Done(_) => continue,
            Event::TooLong => {
                send(&format!(
                    "Error (line too long): a line over {MAX_LINE} bytes was ignored"
                ));
                continue;
            }
            Event::Input(line) => line,
        };
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { continue };
        match cmd {
            "quit" => break,
            "protover" => {
                send("feature done=0");
                send(&format!(
                    "feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 reuse=1 \
                     myname=\"varia {}\" variants=\"\"",
                    env!("CARGO_PKG_VERSION")
                ));
                send("feature done=1");
                send(&format!("tellusererror {message}"));
            }
            "new" => send(&format!("tellusererror {message}")),
            "ping" => send(&format!("pong {}", words.next().unwrap_or(""))),
            "xboard" | "accepted" | "rejected" | "computer" | "name" | "rating" | "random"
            | "post" | "nopost" | "hard" | "easy" | "force" | "result" | "level" | "st" | "sd"
            | "time" | "otim" | "memory" | "cores" | "." => {}
            _ => send(&format!("Error (no variant): {cmd}")),
        }
    }
}

impl Xboard {
    fn command(&mut self, text: &str) -> bool {
        let mut words = text.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let args: Vec<&str> = words.collect();
        let arg = args.first().copied();
        match cmd {
            "xboard" | "accepted" | "rejected" | "computer" | "name" | "rating" | "ics"
            | "random" | "draw" | "hint" | "bk" | "option" | "hard" | "easy" | "lift" | "put"
            | "hover" | "include" | "exclude" | "pause" | "resume" => {
                if cmd == "accepted" && arg == Some("usermove") {
                    self.usermove = true;
                }
            }
            "protover" => self.protover(),
            "new" => self.new_game(),
            "variant" => self.variant(arg),
            "force" => {
                self.abort();
                self.engine = None;
            }
            "result" => {
                self.abort();
                self.engine = None;
            }
            "go" => {
                self.abort();
                self.engine = Some(self.line.current().side_to_move());
                self.think();
            }
            "playother" => {
                self.abort();
                self.engine = Some(PlayerId(1 - self.line.current().side_to_move().0.min(1)));
            }
            "white" | "black" => {
                // Protocol 1: the engine plays the other colour, and that side is to move.
                self.abort();
                self.engine = Some(PlayerId(if cmd == "white" { 1 } else { 0 }));
            }
            "?" => {
                if self.worker.busy() && self.purpose == Purpose::Move {
                    self.worker.interrupt();
                }
            }
            "ping" => {
                let reply = format!("pong {}", arg.unwrap_or(""));
                if self.worker.busy() && self.purpose == Purpose::Move {
                    self.pongs.push(reply);
                } else {
                    send(&reply);
                }
            }
            "level" => self.level(&args),
            "st" => match number::<f64>(arg) {
                Some(s) if s > 0.0 && s < 1e7 => {
                    self.st = Some(Duration::from_secs_f64(s));
                }
                _ => send(&format!("Error (bad argument): {text}")),
            },
            "sd" => match number::<u32>(arg) {
                Some(d) if d > 0 => self.sd = Some(d),
                _ => send(&format!("Error (bad argument): {text}")),
            },
            "time" => match number::<i64>(arg) {
                Some(cs) => {
                    self.clock = Some(Duration::from_millis((cs.max(0) as u64).saturating_mul(10)))
                }
                None => send(&format!("Error (bad argument): {text}")),
            },
            "otim" => {}
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "memory" => self.memory(arg, text),
            "cores" => self.cores(arg, text),
            "setboard" => self.setboard(&args),
            "undo" | "remove" => {
                self.abort();
                let n = if cmd == "undo" { 1 } else { 2 };
                for _ in 0..n {
                    if !self.line.undo() {
                        send(&format!("Error (command not legal now): {cmd}"));
                        break;
                    }
                }
                self.restart_analysis();
            }
            "." => self.status(),
            "analyze" => {
                self.abort();
                self.engine = None;
                self.analyzing = true;
                self.restart_analysis();
            }
            "exit" => {
                self.abort();
                self.analyzing = false;
            }
            "quit" => return false,
            "usermove" => match arg {
                Some(m) => self.user_move(m),
                None => send("Error (missing move): usermove"),
            },
            _ => {
                // Without `usermove`, a move comes bare; anything else is unknown.
                match self
                    .game
                    .parse_move(self.line.current(), &self.incoming(cmd))
                {
                    Err(MoveError::Malformed(_)) => {
                        send(&format!("Error (unknown command): {cmd}"))
                    }
                    _ => self.user_move(cmd),
                }
            }
        }
        true
    }

    /// Answers `protover`: the features and the variants.
    fn protover(&self) {
        let names: Vec<&str> = self.variants.iter().map(|v| v.0.as_str()).collect();
        let names = names.join(",");
        send("feature done=0");
        send(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 \
             sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=0 nps=0 memory=1 smp=1 \
             exclude=0 myname=\"varia {}\" variants=\"{names}\"",
            env!("CARGO_PKG_VERSION")
        ));
        send("feature done=1");
    }

    /// `new`: the first variant's start, the engine playing the second player.
    fn new_game(&mut self) {
        self.abort();
        let first = self.variants[0].1.clone();
        self.select(&first);
        self.engine = Some(PlayerId(1));
        self.sd = None;
        self.st = None;
        if let Some(s) = &mut self.searcher {
            s.clear();
        }
        self.restart_analysis();
    }

    /// `variant NAME`: selects a variant (and sends its pieces and board to the GUI, unless it is
    /// one of XBoard's own, whose pieces and board XBoard knows).
    fn variant(&mut self, arg: Option<&str>) {
        self.abort();
        let chosen = arg.and_then(|v| self.variants.iter().find(|x| x.0 == v));
        match chosen.map(|x| x.1.clone()) {
            Some(v) => {
                self.select(&v);
                if self.game.rules().xboard_variant.is_none() {
                    match super::xbetza::setup_lines(&self.game) {
                        Ok(lines) => lines.iter().for_each(|l| send(l)),
                        Err(e) => send(&format!("telluser {e}")),
                    }
                }
                self.restart_analysis();
            }
            _ => send(&format!(
                "Error (unsupported variant): {}",
                arg.unwrap_or("")
            )),
        }
    }

    /// `memory MB`: resizes the hash table.
    fn memory(&mut self, arg: Option<&str>, text: &str) {
        match number::<usize>(arg) {
            Some(mb) if mb >= 1 => {
                // The table's memory is reserved here and committed as the search fills it.
                self.abort();
                let mb = mb.min(4096);
                let make = |old| self.catalogue.searcher(&self.game, old);
                if let Err(old) = resize_hash(&mut self.searcher, make, &mut self.hash_mb, mb) {
                    send(&format!(
                        "telluser error: no memory for a hash table of {mb} MB; it stays {old} MB"
                    ));
                }
            }
            _ => send(&format!("Error (bad argument): {text}")),
        }
    }

    /// `cores N`: the threads each search uses.
    fn cores(&mut self, arg: Option<&str>, text: &str) {
        match number::<usize>(arg) {
            Some(n) if n >= 1 => {
                self.abort();
                let n = n.min(MAX_THREADS);
                self.catalogue.threads = n;
                if let Some(s) = &mut self.searcher {
                    s.set_threads(n);
                }
            }
            _ => send(&format!("Error (bad argument): {text}")),
        }
    }

    /// `setboard FEN`.
    fn setboard(&mut self, args: &[&str]) {
        self.abort();
        let fen = args.join(" ");
        match self.game.parse_fen(&fen) {
            Ok(p) => {
                self.line = Line::new(self.game.clone(), p);
                self.restart_analysis();
            }
            Err(_) => send("tellusererror Illegal position"),
        }
    }

    fn select(&mut self, name: &str) {
        if let Ok(g) = self.catalogue.game(name) {
            if !Arc::ptr_eq(&g, &self.game) {
                self.searcher = Some(self.catalogue.searcher(&g, self.hash_mb));
            }
            self.game = g;
        }
        self.line = Line::new(self.game.clone(), self.game.start());
    }

    fn level(&mut self, args: &[&str]) {
        let mps = number::<u32>(args.first().copied());
        let base = args.get(1).and_then(|b| {
            let (m, s) = b.split_once(':').unwrap_or((b, "0"));
            Some(m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?)
        });
        let inc = number::<f64>(args.get(2).copied()).filter(|i| *i >= 0.0 && *i < 1e6);
        match (mps, base, inc) {
            (Some(mps), Some(base), Some(inc)) => {
                self.mps = mps;
                self.base = Duration::from_secs(base);
                self.inc = Duration::from_secs_f64(inc);
                self.st = None;
            }
            _ => send(&format!("Error (bad argument): level {}", args.join(" "))),
        }
    }

    /// Stops any search without playing its move.
    fn abort(&mut self) {
        if let Some(d) = self.worker.stop() {
            self.searcher = Some(d.searcher);
        }
        for p in std::mem::take(&mut self.pongs) {
            send(&p);
        }
    }

    /// A move as XBoard wrote it, in varia's notation.
    fn incoming(&self, text: &str) -> String {
        xboard_cells(&self.game, text, 1)
    }

    fn user_move(&mut self, text: &str) {
        self.abort();
        if let Some(v) = self.line.verdict() {
            send(&format!(
                "Illegal move (the game is over: {}): {text}",
                v.cause
            ));
            return;
        }
        // XBoard writes a move into a promotion zone that does not promote with `=`.
        let parsed = match text.strip_suffix('=') {
            Some(plain) => self
                .game
                .parse_move(self.line.current(), &self.incoming(plain)),
            None => self
                .game
                .parse_move(self.line.current(), &self.incoming(text)),
        };
        match parsed {
            Ok(m) => {
                self.line.play(m);
                if !self.report_end() {
                    if self.analyzing {
                        self.restart_analysis();
                    } else if self.engine == Some(self.line.current().side_to_move()) {
                        self.think();
                    }
                } else if self.analyzing {
                    self.restart_analysis();
                }
            }
            Err(e) => {
                let reason = match e {
                    MoveError::Malformed(_) => "malformed",
                    MoveError::NoCell(..) => "no such cell",
                    MoveError::Ambiguous(_) => "ambiguous",
                    MoveError::Illegal(_) if self.game.in_check(self.line.current()) => "in check",
                    MoveError::Illegal(_) => "not a legal move",
                };
                send(&format!("Illegal move ({reason}): {text}"));
            }
        }
    }

    /// Sends the result if the game has ended; tells whether it has.
    fn report_end(&mut self) -> bool {
        let Some(v) = self.line.verdict() else {
            return false;
        };
        send(&result_line(&self.game, &v));
        true
    }

    fn limits(&self) -> Limits {
        if let Some(d) = self.sd {
            let mut l = Limits::depth(d);
            l.movetime = self.st;
            return l;
        }
        if let Some(t) = self.st {
            return Limits::movetime(t);
        }
        let left = self.clock.unwrap_or(self.base);
        let mtg = if self.mps > 0 {
            let played = (self.line.moves.len() / 2) as u32;
            Some(self.mps - played % self.mps)
        } else {
            None
        };
        Limits::clock(left, self.inc, mtg)
    }

    fn start(&mut self, purpose: Purpose, limits: Limits, infinite: bool) {
        let searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| self.catalogue.searcher(&self.game, self.hash_mb));
        let game = self.game.clone();
        let post = self.post.clone();
        let always = purpose == Purpose::Analysis;
        if let Ok(mut p) = self.progress.lock() {
            *p = Progress {
                started: Instant::now(),
                depth: 0,
                nodes: 0,
                best: None,
            };
        }
        let progress = self.progress.clone();
        let info = Box::new(move |i: &Info| {
            if i.multipv == 1
                && let Ok(mut p) = progress.lock()
            {
                p.depth = i.depth;
                p.nodes = i.nodes;
                p.best = i.pv.first().map(|m| outgoing(&game, m));
            }
            if always || post.load(Ordering::Relaxed) {
                send(&thinking_line(&game, i));
            }
        });
        self.purpose = purpose;
        self.worker
            .start(searcher, &self.line, limits, infinite, info);
    }

    /// `.` in analyze mode: `stat01: TIME NODES DEPTH LEFT TOTAL MOVE`, the time (centiseconds)
    /// since the analysis started, and of the last completed depth its nodes, the depth, 0 moves
    /// left of all the legal moves, and its best move; before the first depth, 0 nodes at depth 0
    /// with every move left and no move. Nothing outside analyze mode.
    fn status(&self) {
        if !self.analyzing || !self.worker.busy() {
            return;
        }
        let Ok(p) = self.progress.lock() else { return };
        let total = self.game.legal_moves(self.line.current()).len();
        let left = if p.best.is_some() { 0 } else { total };
        let line = format!(
            "stat01: {} {} {} {left} {total} {}",
            p.started.elapsed().as_millis() / 10,
            p.nodes,
            p.depth,
            p.best.as_deref().unwrap_or("")
        );
        send(line.trim_end());
    }

    fn think(&mut self) {
        if self.line.verdict().is_some() {
            return;
        }
        let limits = self.limits();
        self.start(Purpose::Move, limits, false);
    }

    fn restart_analysis(&mut self) {
        if self.analyzing && self.line.verdict().is_none() {
            self.start(Purpose::Analysis, Limits::default(), true);
        }
    }

    /// A search has ended: play its move if it was the engine's.
    fn finish(&mut self, d: Done) {
        self.worker.finished(d.id);
        self.searcher = Some(d.searcher);
        if self.purpose == Purpose::Move
            && self.engine == Some(self.line.current().side_to_move())
            && let Some(m) = d.result.best
        {
            send(&format!("move {}", outgoing(&self.game, &m)));
            self.line.play(m);
            self.report_end();
        }
        for p in std::mem::take(&mut self.pongs) {
            send(&p);
        }
    }
}

/// A thinking line: depth, score (centipawns, or 100000 + N for a mate in N), time in
/// centiseconds, nodes, principal variation.
fn thinking_line(game: &Game, i: &Info) -> String {
    let score = match i.score {
        Score::Cp(v) => v,
        Score::Mate(n) if n > 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    };
    let pv: Vec<String> = i.pv.iter().map(|m| outgoing(game, m)).collect();
    format!(
        "{} {score} {} {} {}",
        i.depth,
        i.elapsed.as_millis() / 10,
        i.nodes,
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// A move of the engine's as XBoard reads it: [`xboard_move`], with XBoard's numbers of ranks.
fn outgoing(game: &Game, m: &Move) -> String {
    xboard_cells(game, &xboard_move(game, m), -1)
}

/// A move string with each cell's rank moved by `by` on a board of exactly ten ranks, where
/// XBoard numbers the ranks from 0 (`a0` to `a9`: one digit each) and varia from 1 (`a1` to
/// `a10`); on any other board the text as it is. A cell is a lower-case letter and the digits
/// after it; the piece letters of a drop (`P@`) are left alone.
fn xboard_cells(game: &Game, text: &str, by: i64) -> String {
    if game.rules().board.ranks != 10 {
        return text.to_string();
    }
    let (head, cells) = match text.find('@') {
        Some(at) => text.split_at(at + 1),
        None => ("", text),
    };
    let mut out = head.to_string();
    let mut chars = cells.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if !c.is_ascii_lowercase() || !chars.peek().is_some_and(char::is_ascii_digit) {
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        match digits.parse::<i64>().ok().and_then(|r| r.checked_add(by)) {
            Some(r) if r >= 0 => out += &r.to_string(),
            _ => out += &digits,
        }
    }
    out
}

/// `RESULT {COMMENT}` for an ended game.
fn result_line(game: &Game, v: &Verdict) -> String {
    let players = &game.rules().players;
    match v.winner {
        Some(w) => format!(
            "{} {{{} wins by {}}}",
            if w == PlayerId(0) { "1-0" } else { "0-1" },
            capitalise(&players[w.index()].name),
            v.cause
        ),
        None => format!("1/2-1/2 {{Draw by {}}}", v.cause),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
