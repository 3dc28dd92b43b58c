//! An external engine under `varia match --engine`: a child process spoken to in UCI or XBoard,
//! never trusted to answer. Every wait has a deadline; a process that dies, hangs or answers
//! nonsense loses the game and is killed.

use super::clock::{Reading, TimeControl};
use super::engine_process::{EngineSpec, Process, describe};

use super::Eval;
use crate::engine::{Game, Move};
use crate::search::Score;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, ChildStdout};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The Universal Chess Interface (with Fairy-Stockfish's `UCI_Variant`).
    Uci,
    /// The Chess Engine Communication Protocol, version 2 (XBoard, WinBoard).
    Xboard,
}

pub use super::engine_process::EngineLimit;

/// How an engine failed: the game's cause for its loss, and what happened, with the last lines
/// of its standard error and the log that holds it all.
#[derive(Debug)]
pub struct EngineFailure {
    /// The cause of the game's end: `engine-failed`, `engine-died`, `engine-crashed`,
    /// `engine-timeout`, `time-forfeit`, `resignation`, a claim, ...
    pub cause: &'static str,
    /// What happened, in words.
    pub detail: String,
    /// The engine's standard error, kept for the user to read.
    pub log: Option<PathBuf>,
}

fn failure(cause: &'static str, detail: impl Into<String>) -> EngineFailure {
    EngineFailure {
        cause,
        detail: detail.into(),
        log: None,
    }
}

/// A running external engine, spoken to in its protocol.
pub struct External {
    process: Process,
    /// Set once a failure is reported: the log is then kept.
    failed: bool,
    stdin: ChildStdin,
    /// The engine's lines; `None` for a line over [`MAX_LINE`] bytes, after which it is not read.
    lines: Receiver<Option<String>>,
    /// The protocol it speaks.
    pub protocol: Protocol,
    /// Its name, as it gave it (its program's file name if it gave none).
    pub name: String,
    /// Variants the engine lists (UCI_Variant values or XBoard's `variants` feature).
    variants: Vec<String>,
    usermove: bool,
    /// XBoard: the engine takes `memory` (`feature memory=1`); it is told 64 MB.
    memory: bool,
    /// XBoard: how many moves of the game the engine has been told, and whether it has been
    /// told to `go` (after which it answers every move on its own).
    told: usize,
    going: bool,
    /// XBoard: the clock each side is given before each move (centiseconds), for a move time
    /// with a fraction of a second.
    clock: Option<u64>,
}

/// The longest line read from standard input by `varia uci`, `varia xboard` and `varia play`,
/// or from an engine under `varia match --engine` (bytes, the line break not counted).
pub const MAX_LINE: usize = 1 << 20;

const HANDSHAKE: Duration = Duration::from_secs(5);

impl External {
    /// Starts an engine in the given protocol or, without one, UCI if it answers `uci` with
    /// `uciok` within a few seconds, else XBoard; then sets its options.
    pub fn start(spec: &EngineSpec, protocol: Option<Protocol>) -> Result<External, EngineFailure> {
        match protocol {
            Some(p) => External::spawn(spec, p),
            None => match External::spawn(spec, Protocol::Uci) {
                Ok(e) => Ok(e),
                // A program that cannot be started is not tried again.
                Err(f) if f.cause == "engine-failed" => Err(f),
                Err(f) => {
                    // Not a UCI engine (or a broken one): its log of that try is not kept.
                    if let Some(log) = f.log {
                        let _ = std::fs::remove_file(log);
                    }
                    External::spawn(spec, Protocol::Xboard)
                }
            },
        }
    }

    fn spawn(spec: &EngineSpec, protocol: Protocol) -> Result<External, EngineFailure> {
        let (process, stdin, stdout) =
            Process::spawn(spec).map_err(|e| failure("engine-failed", e))?;
        let lines = read_lines(stdout);
        let program = std::path::Path::new(&spec.program)
            .file_name()
            .map_or(spec.program.clone(), |n| n.to_string_lossy().into_owned());
        let mut e = External {
            process,
            failed: false,
            stdin,
            lines,
            protocol,
            name: program,
            variants: Vec::new(),
            usermove: false,
            memory: false,
            told: 0,
            going: false,
            clock: None,
        };
        e.handshake()?;
        if !spec.options.is_empty() {
            for (name, value) in &spec.options {
                e.send(&match protocol {
                    Protocol::Uci => format!("setoption name {name} value {value}"),
                    Protocol::Xboard => format!("option {name}={value}"),
                })?;
            }
            // An option may change what the engine plays (Fairy-Stockfish's `VariantPath`):
            // the handshake again lists its variants as they now are.
            e.handshake()?;
        }
        Ok(e)
    }

    /// `uci` and the options up to `uciok`, or XBoard's `protover 2` and the features up to
    /// `done=1`.
    fn handshake(&mut self) -> Result<(), EngineFailure> {
        let e = self;
        match e.protocol {
            Protocol::Uci => {
                e.send("uci")?;
                let deadline = Instant::now() + HANDSHAKE;
                loop {
                    let line = e.read(deadline)?;
                    if let Some(n) = line.strip_prefix("id name ") {
                        e.name = n.trim().to_string();
                    }
                    if line.starts_with("option name UCI_Variant ") {
                        e.variants = line
                            .split(" var ")
                            .skip(1)
                            .map(|v| v.trim().to_string())
                            .collect();
                    }
                    if line == "uciok" {
                        break;
                    }
                }
            }
            Protocol::Xboard => {
                e.send("xboard")?;
                e.send("protover 2")?;
                let deadline = Instant::now() + HANDSHAKE;
                // Engines of protocol 1 send no features: the deadline ends the wait. One that
                // has exited has failed.
                loop {
                    match e.read(deadline) {
                        Ok(line) => {
                            if let Some(f) = line.strip_prefix("feature ") {
                                e.features(f);
                                if f.contains("done=1") {
                                    break;
                                }
                            }
                        }
                        Err(f) if f.cause == "engine-timeout" => break,
                        Err(f) => return Err(f),
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads the XBoard features the engine announces, accepting them all.
    fn features(&mut self, text: &str) {
        let mut rest = text.trim();
        while !rest.is_empty() {
            let Some((key, after)) = rest.split_once('=') else {
                break;
            };
            let (value, next) = if let Some(v) = after.strip_prefix('"') {
                match v.split_once('"') {
                    Some((val, n)) => (val, n),
                    None => (v, ""),
                }
            } else {
                after.split_once(' ').unwrap_or((after, ""))
            };
            let key = key.trim();
            match key {
                "myname" => self.name = value.to_string(),
                "variants" => {
                    self.variants = value.split(',').map(|s| s.trim().to_string()).collect()
                }
                "usermove" => self.usermove = value == "1",
                "memory" => self.memory = value == "1",
                _ => {}
            }
            let _ = self.send(&format!("accepted {key}"));
            rest = next.trim();
        }
    }

    fn send(&mut self, line: &str) -> Result<(), EngineFailure> {
        match writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.fail("engine-died", format!("cannot write to the engine: {e}"))),
        }
    }

    fn read(&mut self, deadline: Instant) -> Result<String, EngineFailure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(Some(l)) => Ok(l),
            Ok(None) => Err(self.fail(
                "engine-line-too-long",
                format!("the engine wrote a line over {MAX_LINE} bytes"),
            )),
            Err(RecvTimeoutError::Timeout) => Err(self.fail("engine-timeout", "no answer in time")),
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.fail("engine-died", "the engine closed its output"))
            }
        }
    }

    /// A failure, told as what happened to the process: one that has ended with a signal or a
    /// status other than 0 has crashed, whatever was awaited from it (a wrapper may keep its
    /// output open). The last lines of its standard error are quoted, and its log is kept.
    fn fail(&mut self, cause: &'static str, detail: impl Into<String>) -> EngineFailure {
        let mut detail = detail.into();
        let mut cause = cause;
        let moment = if cause == "engine-died" { 500 } else { 20 };
        match self.process.wait_a_moment(Duration::from_millis(moment)) {
            Some(status) if !status.success() => {
                cause = "engine-crashed";
                detail = format!("the engine crashed ({})", describe(status));
            }
            Some(_) if cause == "engine-died" => detail = "the engine exited".into(),
            _ => {}
        }
        let tail = self.process.stderr_tail(5);
        let log = self.process.log.display();
        if tail.is_empty() {
            detail += &format!(" (nothing on its standard error, logged in {log})");
        } else {
            detail += &format!("; the end of its standard error (logged in {log}):");
            for l in tail {
                detail += &format!("\n    {l}");
            }
        }
        self.failed = true;
        EngineFailure {
            cause,
            detail,
            log: Some(self.process.log.clone()),
        }
    }

    /// Gets the engine's name for a varia variant, if it plays it (`chess` is XBoard's `normal`;
    /// an XBoard engine is told the XBoard variant the game says it is, `xboard`, if it lists it).
    pub fn variant_name(&self, variant: &str, xboard: Option<&str>) -> Option<String> {
        if let (Protocol::Xboard, Some(x)) = (self.protocol, xboard)
            && self.variants.iter().any(|v| v == x)
        {
            return Some(x.to_string());
        }
        if self.variants.is_empty() {
            // An engine that lists no variants is taken to play chess only.
            return matches!(variant, "chess" | "normal").then(|| match self.protocol {
                Protocol::Uci => "chess".to_string(),
                Protocol::Xboard => "normal".to_string(),
            });
        }
        let alias = match (self.protocol, variant) {
            (Protocol::Xboard, "chess") => "normal",
            (Protocol::Uci, "normal") => "chess",
            _ => variant,
        };
        [variant, alias]
            .iter()
            .find(|v| self.variants.iter().any(|x| x == *v))
            .map(|v| v.to_string())
    }

    /// Starts a game from a FEN (or the variant's own start, `None`), to be played under the
    /// limit or, if one is given, the time control.
    pub fn new_game(
        &mut self,
        variant: &str,
        xboard: Option<&str>,
        fen: Option<&str>,
        limit: EngineLimit,
        tc: Option<TimeControl>,
    ) -> Result<(), EngineFailure> {
        let Some(v) = self.variant_name(variant, xboard) else {
            return Err(failure(
                "engine-failed",
                format!("{} does not play {variant}", self.name),
            ));
        };
        self.told = 0;
        self.going = false;
        self.clock = None;
        match self.protocol {
            Protocol::Uci => {
                if !self.variants.is_empty() {
                    self.send(&format!("setoption name UCI_Variant value {v}"))?;
                }
                self.send("ucinewgame")?;
                self.send("isready")?;
                let deadline = Instant::now() + HANDSHAKE;
                while self.read(deadline)? != "readyok" {}
            }
            Protocol::Xboard => {
                self.send("new")?;
                if v != "normal" {
                    self.send(&format!("variant {v}"))?;
                }
                self.send("force")?;
                if let Some(f) = fen {
                    self.send(&format!("setboard {f}"))?;
                }
                self.send("post")?;
                self.send("easy")?;
                if self.memory {
                    // HaChu crashes when it searches before it is told its hash size.
                    self.send("memory 64")?;
                }
                match limit {
                    // A time control: `time` and `otim` tell the clocks before each move.
                    _ if tc.is_some() => {
                        self.send(&tc.map(|t| t.xboard_level()).unwrap_or_default())?
                    }
                    EngineLimit::Depth(d) => {
                        self.send(&format!("sd {d}"))?;
                        self.send("st 3600")?;
                    }
                    EngineLimit::Movetime(t) if t.subsec_nanos() == 0 => {
                        self.send(&format!("st {}", t.as_secs()))?
                    }
                    // `st` takes whole seconds: a time with a fraction is one move a period,
                    // the period's time set before each move in centiseconds.
                    EngineLimit::Movetime(t) => {
                        let secs = t.as_secs() + 1;
                        self.send(&format!("level 1 {}:{:02} 0", secs / 60, secs % 60))?;
                        self.clock = Some(centiseconds(t));
                    }
                    EngineLimit::Nodes(_) => self.send("st 1")?,
                }
                // Protocol 2 engines answer `ping` once everything before it is done.
                self.send("ping 1")?;
                let deadline = Instant::now() + HANDSHAKE;
                while let Ok(l) = self.read(deadline) {
                    if l.starts_with("pong") {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// Asks for a move in the position after `moves` from the start `fen`; the answer must come
    /// within `patience`. With the clocks, the engine is told them instead of the limit, and
    /// an answer that does not come in time is a loss on time (`time-forfeit`).
    pub fn best_move(
        &mut self,
        fen: &str,
        moves: &[String],
        limit: EngineLimit,
        patience: Duration,
        clock: Option<Reading>,
    ) -> Result<(String, Option<Eval>), EngineFailure> {
        match self.answer(fen, moves, limit, patience, clock) {
            Err(f) if clock.is_some() && f.cause == "engine-timeout" => {
                // Routine under a clock: no log is kept for it.
                self.failed = false;
                Err(failure("time-forfeit", "the engine's clock ran out"))
            }
            answer => answer,
        }
    }

    fn answer(
        &mut self,
        fen: &str,
        moves: &[String],
        limit: EngineLimit,
        patience: Duration,
        clock: Option<Reading>,
    ) -> Result<(String, Option<Eval>), EngineFailure> {
        let deadline = Instant::now() + patience;
        // The last score the engine gave while it searched, with its depth: for adjudication
        // and the PGN.
        let mut score = None;
        match self.protocol {
            Protocol::Uci => {
                let mut cmd = format!("position fen {fen}");
                if !moves.is_empty() {
                    cmd += &format!(" moves {}", moves.join(" "));
                }
                self.send(&cmd)?;
                self.send(&match limit {
                    _ if clock.is_some() => clock.map(|c| c.uci_go()).unwrap_or_default(),
                    EngineLimit::Depth(d) => format!("go depth {d}"),
                    EngineLimit::Nodes(n) => format!("go nodes {n}"),
                    EngineLimit::Movetime(t) => format!("go movetime {}", t.as_millis()),
                })?;
                loop {
                    let line = self.read(deadline)?;
                    if line.starts_with("info ") {
                        score = uci_eval(&line).or(score);
                    }
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let m = rest.split_whitespace().next().unwrap_or("");
                        return if m.is_empty() || m == "(none)" {
                            Err(failure("engine-no-move", "the engine has no move"))
                        } else {
                            Ok((m.to_string(), score))
                        };
                    }
                }
            }
            Protocol::Xboard => {
                if let Some(c) = clock {
                    // Rounded down: an engine is never told more time than it has.
                    self.send(&format!("time {}", c.own.as_millis() / 10))?;
                    self.send(&format!("otim {}", c.other.as_millis() / 10))?;
                } else if let Some(cs) = self.clock {
                    self.send(&format!("time {cs}"))?;
                    self.send(&format!("otim {cs}"))?;
                }
                for m in &moves[self.told.min(moves.len())..] {
                    let cmd = if self.usermove {
                        format!("usermove {m}")
                    } else {
                        m.clone()
                    };
                    self.send(&cmd)?;
                }
                self.told = moves.len();
                if !self.going {
                    self.send("go")?;
                    self.going = true;
                }
                loop {
                    let line = self.read(deadline)?;
                    let mut words = line.split_whitespace();
                    match words.next() {
                        Some("move") => {
                            let mut m = words.next().unwrap_or("").to_string();
                            // HaChu sends a move in legs a leg a line, each but the last
                            // ending in a comma (`move e7f7,` then `move f7e7`).
                            let mut lines = 0;
                            while m.ends_with(',') && lines < 100 {
                                let leg = self.read(deadline)?;
                                lines += 1;
                                if let Some(rest) = leg.strip_prefix("move ") {
                                    m += rest.trim();
                                }
                            }
                            self.told += 1;
                            return Ok((m, score));
                        }
                        Some("resign") => {
                            return Err(failure("resignation", "the engine resigned"));
                        }
                        // A result instead of a move: a claim, for the referee to judge.
                        Some("1/2-1/2") => return Err(failure("draw-claim", line.clone())),
                        Some("1-0") | Some("0-1") => {
                            return Err(failure("win-claim", line.clone()));
                        }
                        Some(w) if w.starts_with("Illegal") => {
                            return Err(failure("engine-refused-move", line.clone()));
                        }
                        _ => score = xboard_eval(&line).or(score),
                    }
                }
            }
        }
    }

    /// Ends the process: `quit`, a moment's grace, then its whole process group is killed
    /// (when it is dropped).
    pub fn quit(mut self) {
        if writeln!(self.stdin, "quit")
            .and_then(|_| self.stdin.flush())
            .is_ok()
        {
            self.process.wait_a_moment(Duration::from_millis(300));
        }
    }
}

impl Drop for External {
    /// Kills the engine's process group, and removes its log unless a failure was reported.
    fn drop(&mut self) {
        self.process.kill();
        if !self.failed {
            let _ = std::fs::remove_file(&self.process.log);
        }
    }
}

/// A move as XBoard's protocol writes it: a pass (the game's own, or a move in legs that comes
/// back to its start without capturing: a lion's) as XBoard's null move `@@@@`, as XBoard itself,
/// HaChu and Fairy-Stockfish write one (HaChu reads no pass in legs); any other move in varia's
/// notation, its cells numbered as varia numbers them (`varia xboard` renumbers the ranks of a
/// board of ten from 0 on top of it).
pub fn xboard_move(game: &Game, m: &Move) -> String {
    if m.is_pass() {
        "@@@@".to_string()
    } else {
        game.move_to_string(m)
    }
}

/// Reads the engine's lines on a thread of its own: `None` for a line over [`MAX_LINE`] bytes,
/// as soon as it is that long (a line without end must not pass for silence), after which
/// nothing more is read.
fn read_lines(stdout: ChildStdout) -> Receiver<Option<String>> {
    let (tx, rx): (Sender<Option<String>>, _) = channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        loop {
            let mut buf = Vec::new();
            let n = (&mut reader)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut buf)
                .unwrap_or(0);
            if n == 0 {
                break;
            }
            if buf.last() == Some(&b'\n') {
                buf.pop();
            } else if buf.len() > MAX_LINE {
                let _ = tx.send(None);
                break;
            }
            let line = String::from_utf8_lossy(&buf).trim().to_string();
            if tx.send(Some(line)).is_err() {
                break;
            }
        }
    });
    rx
}

/// The score of a UCI `info` line (`score cp X` or `score mate N`) and its `depth` (0 if it gives
/// none), of its first line where several are searched (`multipv 1`).
fn uci_eval(line: &str) -> Option<Eval> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1).copied()
    };
    if after("multipv").is_some_and(|k| k != "1") {
        return None;
    }
    let i = words.iter().position(|w| *w == "score")?;
    let value = words.get(i + 2)?.parse::<i32>().ok()?;
    let score = match *words.get(i + 1)? {
        "cp" => Score::Cp(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let depth = after("depth").and_then(|d| d.parse().ok()).unwrap_or(0);
    Some(Eval { score, depth })
}

/// The score and depth of an XBoard thinking line, `ply score time nodes pv` (centipawns; a mate
/// as the engine writes it, a large number).
fn xboard_eval(line: &str) -> Option<Eval> {
    let words: Vec<&str> = line.split_whitespace().take(4).collect();
    let numbers: Option<Vec<i64>> = words
        .iter()
        .map(|w| w.trim_end_matches(['.', '&']).parse::<i64>().ok())
        .collect();
    match numbers?.as_slice() {
        [ply, score, _, _] => Some(Eval {
            score: Score::Cp((*score).clamp(-1_000_000, 1_000_000) as i32),
            depth: (*ply).clamp(0, i64::from(u32::MAX)) as u32,
        }),
        _ => None,
    }
}

/// A time in XBoard's centiseconds, to the nearest, at least one.
fn centiseconds(t: Duration) -> u64 {
    (t.as_millis().saturating_add(5) / 10).clamp(1, u64::MAX as u128) as u64
}
