//! A bounded load test of `varia serve --shared` on 127.0.0.1: 50 clients send 5,000 requests
//! at once (positions, legal moves, rules, engine moves at a tiny time, bad requests, attempts
//! to read a secret file beside the folder served). Every answer must be right (the legal moves
//! those the library gives for the position asked), the server must stay up with its resident
//! memory under [`MAX_RSS_KB`], and no answer may hold a word only the secret file has. It
//! prints the figures (`cargo test --release --test serve_load -- --nocapture`).

use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "common/server.rs"]
mod server;
use server::serve_with;

const CLIENTS: usize = 50;
const REQUESTS_PER_CLIENT: usize = 100;
/// The bound on the server's resident memory (VmRSS), in kB.
const MAX_RSS_KB: u64 = 200 * 1024;
/// A word only the secret file outside the folder holds.
const SECRET: &str = "Loadsecretpiecezq";

/// Sends one request on a new connection; gets the status and the body.
fn ask(port: u16, method: &str, path: &str, body: &str) -> (u16, String) {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(port, request.as_bytes())
}

/// Sends raw bytes on a new connection; gets the status and the body.
fn exchange(port: u16, request: &[u8]) -> (u16, String) {
    let (status, _, body) = server::exchange(port, request, false);
    (status, body)
}

/// A position of the test: the moves from the start, its FEN and its legal moves, sorted.
struct Known {
    moves: Vec<String>,
    fen: String,
    legal: Vec<String>,
}

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions along random games of chess, with what the library says of each.
fn known_positions(source: &str) -> Vec<Known> {
    let game = varia::load_str(source, None).unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = Vec::new();
    for _ in 0..4 {
        let mut pos = game.start().clone();
        let mut moves = Vec::new();
        for _ in 0..40 {
            let mut legal: Vec<String> = game
                .legal_moves(&pos)
                .iter()
                .map(|m| game.move_to_string(m))
                .collect();
            legal.sort();
            out.push(Known {
                moves: moves.clone(),
                fen: game.fen(&pos),
                legal: legal.clone(),
            });
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())].clone();
            let mv = game.parse_move(&pos, &m).unwrap();
            pos = game.make(&pos, &mv);
            moves.push(m);
        }
    }
    out
}

/// The resident memory of a process, in kB.
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// What one client found wrong, if anything.
fn client(port: u16, seed: u64, known: &[Known], absolute: &str) -> Result<u64, String> {
    let mut rng = Rng(seed | 1);
    let mut answered = 0;
    for i in 0..REQUESTS_PER_CLIENT {
        let k = &known[rng.below(known.len())];
        let position = json!({"file": "chess.varia", "moves": k.moves}).to_string();
        let kind = rng.below(20);
        let (what, status, body) = match kind {
            0..=6 => {
                let (status, body) = ask(port, "POST", "/api/moves", &position);
                let v: Value = serde_json::from_str(&body).map_err(|e| format!("{body}: {e}"))?;
                if status != 200 || v["moves"] != json!(k.legal) {
                    return Err(format!("moves after {:?}: {status} {body}", k.moves));
                }
                ("moves", status, body)
            }
            7..=10 => {
                let (status, body) = ask(port, "POST", "/api/position", &position);
                let v: Value = serde_json::from_str(&body).map_err(|e| format!("{body}: {e}"))?;
                let mut legal: Vec<String> = v["legal"]
                    .as_array()
                    .map(|l| {
                        l.iter()
                            .filter_map(|m| m["move"].as_str())
                            .map(String::from)
                            .collect()
                    })
                    .unwrap_or_default();
                legal.sort();
                if status != 200 || v["fen"] != k.fen.as_str() || legal != k.legal {
                    return Err(format!("position after {:?}: {status} {body}", k.moves));
                }
                ("position", status, body)
            }
            11 => {
                let (status, body) = ask(port, "GET", "/api/rules?file=chess.varia", "");
                let v: Value = serde_json::from_str(&body).map_err(|e| format!("{body}: {e}"))?;
                if status != 200 || v["rules"]["pieces"].as_array().is_none_or(Vec::is_empty) {
                    return Err(format!("rules: {status} {body}"));
                }
                ("rules", status, body)
            }
            12 => {
                let body =
                    json!({"file": "chess.varia", "moves": k.moves, "movetime": 5}).to_string();
                let (status, body) = ask(port, "POST", "/api/engine", &body);
                let v: Value = serde_json::from_str(&body).map_err(|e| format!("{body}: {e}"))?;
                let ok = match status {
                    200 => v["move"]
                        .as_str()
                        .is_some_and(|m| k.legal.iter().any(|l| l == m)),
                    409 => k.legal.is_empty(),
                    429 => v["kind"] == "limit",
                    503 => v["kind"] == "busy",
                    _ => false,
                };
                if !ok {
                    return Err(format!("engine after {:?}: {status} {body}", k.moves));
                }
                ("engine", status, body)
            }
            13..=15 => {
                let (path, body, want) = match i % 4 {
                    0 => ("/api/moves", "{\"file\": ".to_string(), 400),
                    1 => (
                        "/api/play",
                        json!({"file": "chess.varia", "moves": k.moves, "move": "a1a8"})
                            .to_string(),
                        422,
                    ),
                    2 => (
                        "/api/moves",
                        json!({"file": "nothing.varia"}).to_string(),
                        404,
                    ),
                    _ => ("/api/moves", String::new(), 413),
                };
                let (status, text) = if want == 413 {
                    // A body over the bound, refused by its length before it is sent (a body
                    // sent and not read would make the closing connection lose the answer).
                    let head =
                        "POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n";
                    exchange(port, head.as_bytes())
                } else {
                    ask(port, "POST", path, &body)
                };
                let v: Value = serde_json::from_str(&text).map_err(|e| format!("{text}: {e}"))?;
                if status != want || !v["error"].is_string() {
                    return Err(format!("bad request {path} wants {want}: {status} {text}"));
                }
                ("bad", status, text)
            }
            _ => {
                let tries = [
                    ("GET", "/api/rules?file=../secret.varia".to_string(), 404),
                    ("GET", "/api/rules?file=%2e%2e%2fsecret.varia".into(), 404),
                    ("GET", format!("/api/rules?file={absolute}"), 404),
                    ("GET", "/api/rules?file=link.varia".into(), 404),
                    ("GET", "/api/rules?file=ext.varia".into(), 422),
                    ("GET", "/../secret.varia".into(), 404),
                    ("GET", "/%2e%2e/secret.varia".into(), 404),
                ];
                let (method, path, want) = &tries[rng.below(tries.len())];
                let (status, body) = ask(port, method, path, "");
                if status != *want {
                    return Err(format!("{path} wants {want}: {status} {body}"));
                }
                ("traversal", status, body)
            }
        };
        if body.contains(SECRET) {
            return Err(format!("{what} answered the secret ({status}): {body}"));
        }
        answered += 1;
    }
    Ok(answered)
}

#[test]
fn the_shared_mode_under_load_answers_right_in_bounded_memory() {
    let dir = std::env::temp_dir().join(format!("varia-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let root = dir.join("root");
    std::fs::create_dir_all(&root).unwrap();
    let chess = std::fs::read_to_string(format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(root.join("chess.varia"), &chess).unwrap();
    let secret = dir.join("secret.varia");
    std::fs::write(&secret, chess.replace("Knight", SECRET)).unwrap();
    std::os::unix::fs::symlink("../secret.varia", root.join("link.varia")).unwrap();
    std::fs::write(
        root.join("ext.varia"),
        "extends \"../secret.varia\"\ngame ext \"Ext\"\n",
    )
    .unwrap();
    let known = Arc::new(known_positions(&chess));
    // The shared mode, its request rate and connections raised for 50 clients that are all
    // 127.0.0.1 (one client to the server); its other limits as they are.
    let mut s = serve_with(
        root.to_str().unwrap(),
        &[
            "--shared",
            "--max-requests-per-second",
            "100000",
            "--max-connections",
            "100",
        ],
    );
    let pid = s.pid();
    let idle_rss = rss_kb(pid).unwrap_or(0);
    let done = Arc::new(AtomicBool::new(false));
    let max_rss = Arc::new(AtomicU64::new(0));
    let sampler = {
        let (done, max_rss) = (Arc::clone(&done), Arc::clone(&max_rss));
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if let Some(kb) = rss_kb(pid) {
                    max_rss.fetch_max(kb, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let started = Instant::now();
    let failures = Arc::new(Mutex::new(Vec::new()));
    let absolute = secret.to_str().unwrap().to_string();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (known, failures, absolute) =
                (Arc::clone(&known), Arc::clone(&failures), absolute.clone());
            let port = s.port;
            std::thread::spawn(
                move || match client(port, 1000 + c as u64, &known, &absolute) {
                    Ok(n) => n,
                    Err(e) => {
                        failures.lock().unwrap().push(e);
                        0
                    }
                },
            )
        })
        .collect();
    let answered: u64 = threads.into_iter().map(|t| t.join().unwrap()).sum();
    let seconds = started.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let max_rss = max_rss.load(Ordering::Relaxed);
    println!(
        "{answered} requests from {CLIENTS} clients in {seconds:.1} s ({:.0} a second); \
         resident memory {} MB idle, at most {} MB",
        answered as f64 / seconds,
        idle_rss / 1024,
        max_rss / 1024
    );
    let failures = failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} wrong answers: {:#?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert_eq!(answered, (CLIENTS * REQUESTS_PER_CLIENT) as u64);
    assert!(max_rss > 0, "no memory read from /proc/{pid}/status");
    assert!(
        max_rss < MAX_RSS_KB,
        "resident memory {max_rss} kB over {MAX_RSS_KB} kB"
    );
    assert!(s.running(), "the server stopped");
    assert_eq!(ask(s.port, "GET", "/api/info", "").0, 200);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
