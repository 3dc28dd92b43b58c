//! The fuzz targets' bodies, shared by the cargo-fuzz crate (fuzz/fuzz_targets/*.rs) and the
//! plain-cargo-test harness (tests/fuzz.rs); both include this file with `#[path]`.
//!
//! A library target returns `Err` for an invariant that failed and lets a panic be a panic; a
//! target that drives the `varia` binary (uci, xboard, http) returns `Err` for what went wrong
//! in the child: a panic, a hang (no end within `CHILD_DEADLINE`) or an out-of-memory abort.
//! Every input does bounded work: inputs are cut at `MAX_INPUT` bytes, move lists at `MAX_PLIES`,
//! and the searches that protocol streams and HTTP requests ask for are capped (depth, nodes,
//! time) before they are sent.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};
use varia::{Game, Position, Status};

/// Inputs are cut to this many bytes.
pub const MAX_INPUT: usize = 64 * 1024;
/// Moves played from one input.
pub const MAX_PLIES: usize = 200;
/// Lines of a protocol stream.
pub const MAX_LINES: usize = 200;
/// How long a child (a protocol session, an HTTP request) may take.
pub const CHILD_DEADLINE: Duration = Duration::from_secs(8);
/// The address space a child may use (KiB, `ulimit -v`): a larger allocation aborts the child,
/// which is reported as out of memory.
pub const CHILD_MEMORY_KIB: u64 = 3 * 1024 * 1024;

/// The names of the targets, in the order the campaign runs them.
pub const TARGETS: [&str; 8] = [
    "definition",
    "ruleset_json",
    "ruleset_ron",
    "fen",
    "moves",
    "uci",
    "xboard",
    "http",
];

/// What a target found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// A panic (in a child: `panicked at`, exit status 101, or a signal).
    Panic(String),
    /// No end in time.
    Hang(String),
    /// An allocation failed (`memory allocation of N bytes failed`).
    Oom(String),
    /// A property that must hold did not.
    Invariant(String),
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Panic(s) => write!(f, "panic: {s}"),
            Finding::Hang(s) => write!(f, "hang: {s}"),
            Finding::Oom(s) => write!(f, "out of memory: {s}"),
            Finding::Invariant(s) => write!(f, "invariant: {s}"),
        }
    }
}

pub type Outcome = Result<(), Finding>;

/// Runs a target by name.
pub fn run(target: &str, data: &[u8]) -> Outcome {
    match target {
        "definition" => definition(data),
        "ruleset_json" => ruleset_json(data),
        "ruleset_ron" => ruleset_ron(data),
        "fen" => fen(data),
        "moves" => moves(data),
        "uci" => uci(data),
        "xboard" => xboard(data),
        "http" => http(data),
        other => panic!("no fuzz target `{other}`"),
    }
}

/// The repository's root (the includer is either the main crate or fuzz/).
pub fn root() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if here.join("definitions").is_dir() {
        here
    } else {
        here.parent().expect("fuzz/ has a parent").to_path_buf()
    }
}

/// The `varia` binary the child targets drive: `$VARIA_BIN`, else the one cargo built for the
/// tests, else target/release/varia.
pub fn binary() -> PathBuf {
    if let Some(p) = std::env::var_os("VARIA_BIN") {
        return PathBuf::from(p);
    }
    if let Some(p) = option_env!("CARGO_BIN_EXE_varia") {
        return PathBuf::from(p);
    }
    root().join("target/release/varia")
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(&data[..data.len().min(MAX_INPUT)]).into_owned()
}

// ---------------------------------------------------------------------------------------------
// library targets

/// A definition through the parser and the lowering (`check`, `variant_names`, `load_str`); a
/// refused one through the diagnostics renderer; a compiled one a few plies deep.
pub fn definition(data: &[u8]) -> Outcome {
    let source = text(data);
    let names = varia::variant_names(&source);
    match varia::check(&source) {
        Err(e) => {
            let rendered = varia::render_diagnostics("fuzz.varia", &source, e.diagnostics());
            if matches!(e, varia::LoadError::Definition(_)) && rendered.is_empty() {
                return Err(Finding::Invariant(format!(
                    "refused without a message: {e}"
                )));
            }
        }
        Ok(checked) => {
            let Ok(names) = names else {
                return Err(Finding::Invariant(
                    "check accepts what variant_names refuses".into(),
                ));
            };
            if names != checked {
                return Err(Finding::Invariant(format!(
                    "variant_names {names:?} != check {checked:?}"
                )));
            }
            for name in checked.iter().take(4) {
                let game = varia::load_str(&source, Some(name)).map_err(|e| {
                    Finding::Invariant(format!("check accepts variant `{name}`, load_str: {e}"))
                })?;
                exercise(&game, &game.start(), 2)?;
            }
        }
    }
    Ok(())
}

/// A rule set in JSON into `Game::new`, and a built game a few plies deep.
pub fn ruleset_json(data: &[u8]) -> Outcome {
    let Ok(rules) = serde_json::from_slice::<varia::RuleSet>(&data[..data.len().min(MAX_INPUT)])
    else {
        return Ok(());
    };
    ruleset(rules)
}

/// A rule set in RON into `Game::new`, and a built game a few plies deep.
pub fn ruleset_ron(data: &[u8]) -> Outcome {
    let Ok(rules) = ron::from_str::<varia::RuleSet>(&text(data)) else {
        return Ok(());
    };
    ruleset(rules)
}

fn ruleset(rules: varia::RuleSet) -> Outcome {
    let Ok(game) = Game::new(rules) else {
        return Ok(());
    };
    let start = game.start();
    // The rules a game was built from build it again.
    let json = serde_json::to_string(game.rules())
        .map_err(|e| Finding::Invariant(format!("rules do not serialise: {e}")))?;
    let again: varia::RuleSet = serde_json::from_str(&json)
        .map_err(|e| Finding::Invariant(format!("exported rules do not read back: {e}")))?;
    match Game::new(again) {
        Ok(g) if g.fen(&g.start()) == game.fen(&start) => {}
        Ok(g) => {
            return Err(Finding::Invariant(format!(
                "start FEN {} becomes {} through JSON",
                game.fen(&start),
                g.fen(&g.start())
            )));
        }
        Err(e) => {
            return Err(Finding::Invariant(format!(
                "exported rules are refused: {e}"
            )));
        }
    }
    exercise(&game, &start, 2)
}

/// The games the FEN and move targets play; the input's first byte picks one.
pub const GAMES: [&str; 12] = [
    "classic/chess.varia",
    "classic/crazyhouse.varia",
    "classic/shogi.varia",
    "classic/xiangqi.varia",
    "fsf/placement.varia",
    "fsf/flipello.varia",
    "fsf/atomic.varia",
    "fsf/janggi.varia",
    "fsf/joust.varia",
    "fsf/grand.varia",
    "fsf/3check.varia",
    "4-faces.varia",
];

fn games() -> &'static [Game] {
    static GAMES_LOADED: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES_LOADED.get_or_init(|| {
        GAMES
            .iter()
            .map(|g| {
                let path = root().join("definitions").join(g);
                let source = std::fs::read_to_string(&path).expect("a shipped definition");
                varia::load_str(&source, None).expect("a shipped definition loads")
            })
            .collect()
    })
}

fn pick(data: &[u8]) -> (&'static Game, String) {
    let games = games();
    match data.split_first() {
        Some((b, rest)) => (&games[*b as usize % games.len()], text(rest)),
        None => (&games[0], String::new()),
    }
}

/// A FEN (after one byte picking the game): a position read is written, read back and written
/// again the same (`parse(print(p)) == p`: same FEN, legal moves and status), and its
/// legal moves parse back from their strings.
pub fn fen(data: &[u8]) -> Outcome {
    let (game, fen) = pick(data);
    let Ok(pos) = game.parse_fen(&fen) else {
        return Ok(());
    };
    exercise(game, &pos, 1)
}

/// Moves (after one byte picking the game), whitespace-separated, from the start position; a
/// first line holding a `/` is a FEN to start from instead. `#N` plays the N-th legal move
/// (modulo their number), so inputs reach deep positions. A move `parse_move` accepts is legal
/// and plays; undoing every move played gives the start back.
pub fn moves(data: &[u8]) -> Outcome {
    let (game, text) = pick(data);
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let (start, body) = if first.contains('/') {
        match game.parse_fen(first) {
            Ok(p) => (p, rest),
            Err(_) => return Ok(()),
        }
    } else {
        (game.start(), text.as_str())
    };
    let mut pos = start.clone();
    let mut played = 0;
    for token in body.split_whitespace().take(MAX_PLIES) {
        let legal = game.legal_moves(&pos);
        let m = if let Some(n) = token
            .strip_prefix('#')
            .and_then(|n| n.parse::<usize>().ok())
        {
            if legal.is_empty() {
                break;
            }
            legal[n % legal.len()]
        } else {
            match game.parse_move(&pos, token) {
                Ok(m) => {
                    if !legal.contains(&m) {
                        return Err(Finding::Invariant(format!(
                            "parse_move accepts `{token}` in {} but it is not a legal move",
                            game.fen(&pos)
                        )));
                    }
                    m
                }
                Err(_) => continue,
            }
        };
        let before = game.fen(&pos);
        game.play(&mut pos, &m).map_err(|e| {
            Finding::Invariant(format!(
                "a legal move {} in {before} does not play: {e}",
                game.move_to_string(&m)
            ))
        })?;
        played += 1;
        if played % 16 == 0 {
            round_trip(game, &pos)?;
        }
        let _ = game.status(&pos);
    }
    round_trip(game, &pos)?;
    for _ in 0..played {
        if !game.undo(&mut pos) {
            return Err(Finding::Invariant(format!(
                "undo fails after {played} moves played"
            )));
        }
    }
    if game.fen(&pos) != game.fen(&start) {
        return Err(Finding::Invariant(format!(
            "undoing {played} moves gives {} instead of {}",
            game.fen(&pos),
            game.fen(&start)
        )));
    }
    Ok(())
}

/// The cheap invariants of a position, then `depth` plies of its first moves.
fn exercise(game: &Game, pos: &Position, depth: u32) -> Outcome {
    round_trip(game, pos)?;
    if depth > 1 {
        let mut p = pos.clone();
        for m in game.legal_moves(pos).iter().take(3) {
            game.play(&mut p, m)
                .map_err(|e| Finding::Invariant(format!("a legal move does not play: {e}")))?;
            let _ = game.status(&p);
            round_trip(game, &p)?;
            if !game.undo(&mut p) {
                return Err(Finding::Invariant("undo fails after one move".into()));
            }
        }
        let _ = game.perft(pos, 1);
    }
    Ok(())
}

/// `parse(print(p)) == p`, and every legal move parses back from its string.
fn round_trip(game: &Game, pos: &Position) -> Outcome {
    let written = game.fen(pos);
    let back = game.parse_fen(&written).map_err(|e| {
        Finding::Invariant(format!("varia refuses the FEN it wrote, {written}: {e}"))
    })?;
    let again = game.fen(&back);
    if again != written {
        return Err(Finding::Invariant(format!(
            "FEN {written} reads back as {again}"
        )));
    }
    // An ending decided by the line (a repetition, facing that outlasted a move, passes in a
    // row) cannot survive the FEN, which holds no line: the FEN's position goes on.
    if let Status::Over(end) = game.status(pos)
        && end.reason.needs_line()
    {
        return Ok(());
    }
    let legal = game.legal_moves(pos);
    let mut a: Vec<String> = legal.iter().map(|m| game.move_to_string(m)).collect();
    let mut b: Vec<String> = game
        .legal_moves(&back)
        .iter()
        .map(|m| game.move_to_string(m))
        .collect();
    a.sort();
    b.sort();
    if a != b {
        return Err(Finding::Invariant(format!(
            "{written}: the legal moves differ once the FEN is read back ({} vs {})",
            a.len(),
            b.len()
        )));
    }
    if game.status(pos).is_over() != game.status(&back).is_over() {
        return Err(Finding::Invariant(format!(
            "{written}: the status differs once the FEN is read back"
        )));
    }
    for m in &legal {
        let s = game.move_to_string(m);
        match game.parse_move(pos, &s) {
            Ok(p) if p == *m => {}
            Ok(p) => {
                return Err(Finding::Invariant(format!(
                    "{written}: move `{s}` parses back as `{}`",
                    game.move_to_string(&p)
                )));
            }
            Err(e) => {
                return Err(Finding::Invariant(format!(
                    "{written}: legal move `{s}` does not parse: {e}"
                )));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// protocol streams (the `varia` binary on a pipe)

/// The definitions the protocol sessions offer (UCI_Variant / `variant`).
const SESSION_FILES: [&str; 5] = [
    "classic/chess.varia",
    "classic/crazyhouse.varia",
    "classic/minishogi.varia",
    "classic/xiangqi.varia",
    "symgi.varia",
];

/// A UCI session: the input's lines, with every search capped (`go` gets `nodes 2000` first
/// and its depth, nodes and times are cut down).
pub fn uci(data: &[u8]) -> Outcome {
    session("uci", &uci_input(data))
}

/// The lines a UCI input is sent as.
pub fn uci_input(data: &[u8]) -> Vec<Vec<u8>> {
    protocol_lines(data, |words| match words.first().map(String::as_str) {
        Some("go") => {
            let mut out = vec!["go".to_string(), "nodes".into(), "2000".into()];
            out.extend(cap_numbers(
                &words[1..],
                &[
                    ("depth", 3),
                    ("nodes", 2000),
                    ("movetime", 50),
                    ("mate", 1),
                    ("wtime", 2000),
                    ("btime", 2000),
                    ("winc", 50),
                    ("binc", 50),
                ],
            ));
            vec![out.join(" ")]
        }
        _ => vec![words.join(" ")],
    })
}

/// An XBoard session: the input's lines, with `sd 2` and `st 0.05` set at the start and after
/// every `new` and `level` (which reset them) and larger values cut down.
pub fn xboard(data: &[u8]) -> Outcome {
    session("xboard", &xboard_input(data))
}

/// The lines an XBoard input is sent as.
pub fn xboard_input(data: &[u8]) -> Vec<Vec<u8>> {
    let caps = ["sd 2".to_string(), "st 0.05".to_string()];
    let mut lines: Vec<Vec<u8>> = caps.iter().map(|c| c.as_bytes().to_vec()).collect();
    lines.extend(protocol_lines(data, |words| {
        let mut out = match words.first().map(String::as_str) {
            Some("sd") => vec![cap_numbers(words, &[("sd", 2)]).join(" ")],
            Some("st") => match words.get(1).and_then(|s| s.parse::<f64>().ok()) {
                Some(s) if s > 0.05 => vec!["st 0.05".to_string()],
                _ => vec![words.join(" ")],
            },
            _ => vec![words.join(" ")],
        };
        if matches!(words.first().map(String::as_str), Some("new" | "level")) {
            out.extend(caps.iter().cloned());
        }
        out
    }));
    lines
}

/// Splits an input into at most `MAX_LINES` lines; a line that is valid UTF-8 goes through
/// `rewrite` (as its words), any other is sent as it is.
///
/// A first line `#unbounded` sends the rest as it is, caps and all: for reproducers of hangs
/// that the caps would hide (fuzz/regressions/).
fn protocol_lines(data: &[u8], rewrite: impl Fn(&[String]) -> Vec<String>) -> Vec<Vec<u8>> {
    let data = &data[..data.len().min(16 * 1024)];
    if let Some(rest) = data.strip_prefix(b"#unbounded\n") {
        return rest
            .split(|&b| b == b'\n')
            .take(MAX_LINES)
            .map(<[u8]>::to_vec)
            .collect();
    }
    let mut out = Vec::new();
    for line in data.split(|&b| b == b'\n').take(MAX_LINES) {
        // The binary reads a line lossily, so a line is matched as it reads it.
        let text = String::from_utf8_lossy(line);
        let words: Vec<String> = text.split_whitespace().map(String::from).collect();
        if words.is_empty() {
            out.push(line.to_vec());
            continue;
        }
        let rewritten = rewrite(&words);
        if rewritten.len() == 1 && rewritten[0] == words.join(" ") {
            // Untouched: sent byte for byte (spacing, invalid UTF-8 and all).
            out.push(line.to_vec());
        } else {
            out.extend(rewritten.into_iter().map(String::into_bytes));
        }
    }
    out
}

/// Cuts the number after each named word down to its cap (a number too large to read counts as
/// large).
fn cap_numbers(words: &[String], caps: &[(&str, i64)]) -> Vec<String> {
    let mut out: Vec<String> = words.to_vec();
    for i in 0..out.len().saturating_sub(1) {
        if let Some(&(_, cap)) = caps.iter().find(|(w, _)| *w == out[i]) {
            let next = &out[i + 1];
            let big = match next.parse::<i128>() {
                Ok(n) => n > cap as i128,
                Err(_) => next.bytes().all(|b| b.is_ascii_digit()) && !next.is_empty(),
            };
            if big {
                out[i + 1] = cap.to_string();
            }
        }
    }
    out
}

/// Starts the binary under a memory limit; `args` follow it.
fn spawn(args: &[String], stdin: Stdio) -> std::io::Result<Child> {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {CHILD_MEMORY_KIB} 2>/dev/null; exec \"$0\" \"$@\""
        ))
        .arg(binary())
        .args(args)
        .current_dir(root())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
}

/// Reads a pipe to its end on a thread, keeping the last 64 KiB.
fn drain(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            kept.extend_from_slice(&buf[..n]);
            if kept.len() > 128 * 1024 {
                kept.drain(..kept.len() - 64 * 1024);
            }
        }
        kept
    })
}

/// Runs `varia PROTOCOL FILES...` on the lines; the session must end within the deadline,
/// without a panic or an allocation failure.
fn session(protocol: &str, lines: &[Vec<u8>]) -> Outcome {
    let mut args = vec![protocol.to_string()];
    for f in SESSION_FILES {
        args.push(format!("definitions/{f}"));
    }
    let mut child = spawn(&args, Stdio::piped()).expect("varia starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let mut input = Vec::new();
    for l in lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    // Written on a thread: the child may stop reading (after `quit`) before it all goes in.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = drain(child.stdout.take().expect("a pipe"));
    let err = drain(child.stderr.take().expect("a pipe"));
    let status = wait(&mut child, CHILD_DEADLINE);
    let _ = writer.join();
    let _ = out.join();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    judge(protocol, status, &stderr)
}

/// Waits for a child until the deadline; kills it then (`None`).
fn wait(child: &mut Child, deadline: Duration) -> Option<std::process::ExitStatus> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Some(s),
            Ok(None) if start.elapsed() < deadline => std::thread::sleep(Duration::from_millis(2)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// What a child's end says.
fn judge(what: &str, status: Option<std::process::ExitStatus>, stderr: &str) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    let tail = |s: &str| {
        let s = s.trim();
        s[s.len().saturating_sub(600)..].to_string()
    };
    let Some(status) = status else {
        return Err(Finding::Hang(format!(
            "`varia {what}` did not end within {:?}",
            CHILD_DEADLINE
        )));
    };
    if stderr.contains("memory allocation of") || stderr.contains("capacity overflow") {
        return Err(Finding::Oom(format!("`varia {what}`: {}", tail(stderr))));
    }
    if stderr.contains("panicked at") || status.code() == Some(101) {
        return Err(Finding::Panic(format!("`varia {what}`: {}", tail(stderr))));
    }
    if let Some(sig) = status.signal() {
        return Err(Finding::Panic(format!(
            "`varia {what}` killed by signal {sig}: {}",
            tail(stderr)
        )));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// the HTTP API (one `varia serve definitions` for the process, on 127.0.0.1)

struct Server {
    child: Child,
    port: u16,
    stderr: std::sync::Arc<Mutex<Vec<u8>>>,
}

impl Drop for Server {
    /// Closing the shell's standard input makes it kill the server (killing the shell would
    /// leave the server running).
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

fn server_slot() -> &'static Mutex<Option<Server>> {
    static SERVER: OnceLock<Mutex<Option<Server>>> = OnceLock::new();
    SERVER.get_or_init(|| Mutex::new(None))
}

/// Starts `varia serve definitions --port 0` and reads the port it prints. The shell in front
/// kills the server when our end of its standard input closes (when this process ends).
fn start_server() -> Server {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {CHILD_MEMORY_KIB} 2>/dev/null; \"$0\" serve definitions --port 0 & \
             pid=$!; read _; kill $pid"
        ))
        .arg(binary())
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("varia serve starts");
    let stdout = child.stdout.take().expect("a pipe");
    let mut reader = std::io::BufReader::new(stdout);
    let mut first = String::new();
    std::io::BufRead::read_line(&mut reader, &mut first).expect("varia serve prints its address");
    let port = first
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no port in `{first}`"));
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let stderr = std::sync::Arc::new(Mutex::new(Vec::new()));
    let mut pipe = child.stderr.take().expect("a pipe");
    let kept = stderr.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            let mut k = kept.lock().unwrap_or_else(|e| e.into_inner());
            k.extend_from_slice(&buf[..n]);
            if k.len() > 64 * 1024 {
                let cut = k.len() - 32 * 1024;
                k.drain(..cut);
            }
        }
    });
    // The first child line (stdin) is never written: the pipe stays open while we live.
    Server {
        child,
        port,
        stderr,
    }
}

/// One HTTP request: the input's first line is `METHOD PATH` (a missing method is GET), the rest
/// its body (sent with its length). A JSON body's `movetime` and `depth` are cut to 20 ms and 3
/// plies. The answer must come within the deadline and must not be a 500 (the server turns a
/// panic into a 500).
pub fn http(data: &[u8]) -> Outcome {
    let data = &data[..data.len().min(MAX_INPUT)];
    let (head, body) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let head = String::from_utf8_lossy(head).replace('\u{FFFD}', "\u{e9}");
    let mut words = head.split_whitespace();
    let (method, path) = match (words.next(), words.next()) {
        (Some(m), Some(p)) => (m.to_string(), p.to_string()),
        (Some(p), None) if p.starts_with('/') => ("GET".to_string(), p.to_string()),
        (Some(m), None) => (m.to_string(), "/".to_string()),
        _ => ("GET".to_string(), "/".to_string()),
    };
    let method: String = method
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .take(16)
        .collect();
    let method = if method.is_empty() {
        "GET".into()
    } else {
        method
    };
    // Bytes a request line cannot hold are sent percent-encoded, as a browser sends them.
    let path: String = path
        .bytes()
        .take(2048)
        .map(|b| match b {
            0x21..=0x7e => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let path = if path.starts_with('/') {
        path
    } else {
        format!("/{path}")
    };
    let body = bound_body(body);
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n\
         Content-Type: application/json\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(&body);

    let mut slot = server_slot().lock().unwrap_or_else(|e| e.into_inner());
    if slot.is_none() {
        *slot = Some(start_server());
    }
    let server = slot.as_mut().expect("started");
    let answer = exchange(server.port, &request, CHILD_DEADLINE);
    let what = format!("{method} {path}");
    let result = match answer {
        Ok(500) => Err(Finding::Panic(format!(
            "`varia serve` answers 500 to {what}: {}",
            server_panic(server)
        ))),
        Ok(_) => Ok(()),
        Err(e) => {
            // Is the server gone, or stuck on this one request?
            let died = matches!(server.child.try_wait(), Ok(Some(_)));
            let finding = if died {
                Finding::Panic(format!(
                    "`varia serve` died on {what}: {}",
                    server_panic(server)
                ))
            } else if e.kind() == std::io::ErrorKind::WouldBlock
                || e.kind() == std::io::ErrorKind::TimedOut
            {
                Finding::Hang(format!("`varia serve` gives no answer to {what} in time"))
            } else {
                Finding::Panic(format!("`varia serve` on {what}: {e}"))
            };
            // The next input gets a fresh server.
            *slot = None;
            Err(finding)
        }
    };
    if let Err(Finding::Panic(s)) = &result
        && s.contains("memory allocation of")
    {
        return Err(Finding::Oom(s.clone()));
    }
    result
}

fn server_panic(server: &Server) -> String {
    let k = server.stderr.lock().unwrap_or_else(|e| e.into_inner());
    let s = String::from_utf8_lossy(&k);
    let s = s.trim();
    s[s.len().saturating_sub(600)..].to_string()
}

/// Caps the searches a JSON body asks for; other bodies go as they are.
pub fn bound_body(body: &[u8]) -> Vec<u8> {
    let Ok(mut v) = serde_json::from_slice::<serde_json::Value>(body) else {
        return body.to_vec();
    };
    if let Some(o) = v.as_object_mut() {
        let too_long = o
            .get("movetime")
            .is_none_or(|t| t.as_u64().is_none_or(|t| t > 20));
        if too_long {
            o.insert("movetime".into(), 20.into());
        }
        if o.get("depth")
            .is_some_and(|d| d.as_u64().is_none_or(|d| d > 3))
        {
            o.insert("depth".into(), 3.into());
        }
    }
    serde_json::to_vec(&v).expect("a value serialises")
}

/// Sends a request and reads the status code of the answer (and the rest of it).
fn exchange(port: u16, request: &[u8], deadline: Duration) -> std::io::Result<u16> {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(deadline))?;
    s.set_write_timeout(Some(deadline))?;
    s.write_all(request)?;
    let start = Instant::now();
    let mut answer = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
            // libFuzzer's timer signal (`-timeout`) interrupts a read: not the server's doing.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
        if start.elapsed() > deadline {
            return Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "slow"));
        }
    }
    let line = String::from_utf8_lossy(&answer[..answer.len().min(64)]).into_owned();
    line.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status line in `{line}`")))
}

// ---------------------------------------------------------------------------------------------
// a small deterministic mutator (for the test harness and the JSON-aware cargo-fuzz mutator)

/// Knuth's MMIX LCG; the high bits are used.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Words worth splicing into any input: edge numbers, the language's and protocols' keywords.
const TOKENS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65535",
    "65536",
    "2147483648",
    "4294967296",
    "18446744073709551616",
    "99999999999",
    "NaN",
    "",
    " ",
    "\n",
    "\u{0}",
    "é",
    "/",
    "[",
    "]",
    "@",
    "+",
    "=",
    "*",
    "-",
    "#",
    "go",
    "stop",
    "quit",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption name Hash value 1",
    "setoption name UCI_Variant value crazyhouse",
    "ucinewgame",
    "isready",
    "new",
    "force",
    "usermove",
    "undo",
    "remove",
    "setboard",
    "variant",
    "ping",
    "board",
    "piece",
    "moves like",
    "promotes to",
    "royal",
    "hand",
    "drops",
    "zone",
    "files",
    "ranks",
    "{",
    "}",
    "\"",
    ",",
    ":",
    "null",
    "true",
    "false",
    "[]",
    "{}",
];

/// Mutates bytes: a few of flips, deletions, duplications, splices from the corpus and token
/// insertions; the result is at most `max_len` long.
pub fn mutate(data: &[u8], corpus: &[Vec<u8>], rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let mut out = data.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = out.len();
        let at = rng.below(len + 1);
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let end = (at + 1 + rng.below(16)).min(len);
                out.drain(at.min(len)..end.max(at.min(len)));
            }
            2 if len > 0 => {
                let end = (at + 1 + rng.below(32)).min(len);
                let piece = out[at.min(len)..end.max(at.min(len))].to_vec();
                out.splice(at..at, piece);
            }
            3 if !corpus.is_empty() => {
                let other = &corpus[rng.below(corpus.len())];
                if !other.is_empty() {
                    let s = rng.below(other.len());
                    let e = (s + 1 + rng.below(64)).min(other.len());
                    out.splice(at..at, other[s..e].iter().copied());
                }
            }
            4 if len > 0 => {
                // A number somewhere becomes an edge number.
                let digits: Vec<usize> = (0..len).filter(|&i| out[i].is_ascii_digit()).collect();
                if !digits.is_empty() {
                    let i = digits[rng.below(digits.len())];
                    let mut e = i;
                    while e < len && out[e].is_ascii_digit() {
                        e += 1;
                    }
                    let t = TOKENS[rng.below(9)];
                    out.splice(i..e, t.bytes());
                }
            }
            5 => {
                let b = rng.below(256) as u8;
                out.insert(at, b);
            }
            _ => {
                let t = TOKENS[rng.below(TOKENS.len())];
                out.splice(at..at, t.bytes());
            }
        }
    }
    out.truncate(max_len);
    out
}

/// Mutates a JSON document at its leaves: a number, string, bool or array length changes; a
/// document that is not JSON is left to `mutate`. Rule sets are large and byte flips mostly
/// break their syntax; this keeps it and changes what validation must catch.
pub fn mutate_json(data: &[u8], rng: &mut Rng) -> Option<Vec<u8>> {
    let mut v: serde_json::Value = serde_json::from_slice(data).ok()?;
    let mut leaves = 0;
    count(&v, &mut leaves);
    for _ in 0..1 + rng.below(3) {
        let target = rng.below(leaves.max(1));
        let mut seen = 0;
        change(&mut v, target, &mut seen, rng);
    }
    serde_json::to_vec(&v).ok()
}

fn count(v: &serde_json::Value, n: &mut usize) {
    *n += 1;
    match v {
        serde_json::Value::Array(a) => a.iter().for_each(|x| count(x, n)),
        serde_json::Value::Object(o) => o.values().for_each(|x| count(x, n)),
        _ => {}
    }
}

fn change(v: &mut serde_json::Value, target: usize, seen: &mut usize, rng: &mut Rng) -> bool {
    use serde_json::Value;
    if *seen == target {
        const NUMBERS: [i64; 12] = [0, 1, -1, 2, 7, 8, 63, 64, 255, 256, 65535, 2147483647];
        *v = match v {
            Value::Number(_) => match rng.below(3) {
                0 => Value::from(NUMBERS[rng.below(NUMBERS.len())]),
                1 => Value::from(v.as_i64().unwrap_or(0).wrapping_add(1)),
                _ => Value::from(v.as_i64().unwrap_or(0).wrapping_sub(1)),
            },
            Value::Bool(b) => Value::Bool(!*b),
            Value::String(s) => Value::String(match rng.below(4) {
                0 => String::new(),
                1 => format!("{s}\n{s}"),
                2 => s.chars().rev().collect(),
                _ => format!("{s}{}", TOKENS[rng.below(TOKENS.len())]),
            }),
            Value::Array(a) => {
                let mut a = a.clone();
                match rng.below(3) {
                    0 if !a.is_empty() => {
                        a.remove(rng.below(a.len()));
                    }
                    1 if !a.is_empty() => {
                        let x = a[rng.below(a.len())].clone();
                        a.push(x);
                    }
                    _ => a.clear(),
                }
                Value::Array(a)
            }
            Value::Null => Value::from(NUMBERS[rng.below(NUMBERS.len())]),
            Value::Object(_) => return true,
        };
        return true;
    }
    *seen += 1;
    match v {
        Value::Array(a) => a.iter_mut().any(|x| change(x, target, seen, rng)),
        Value::Object(o) => o.values_mut().any(|x| change(x, target, seen, rng)),
        _ => false,
    }
}
