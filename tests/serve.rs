//! `varia serve`: the JSON API answers as the page expects, and bad requests get a JSON error
//! with an HTTP error status, never a crash. (The page itself is tested in a browser by
//! web/tests/run.sh.)

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

#[path = "common/server.rs"]
mod server;
use server::{Server, serve};

const CHESS: &str = "classic/chess.varia";

#[test]
fn page_and_api() {
    let s = serve("definitions");
    let (status, page) = s.raw(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert!(page.contains(r#"<svg id="board""#));
    assert_eq!(
        s.raw(b"GET /app.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .0,
        200
    );
    assert_eq!(
        s.raw(b"GET /pieces.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .0,
        200
    );
    let (status, clock) = s.raw(b"GET /clock.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert!(clock.contains("function clockMovetime"));

    let (status, defs) = s.get("/api/definitions");
    assert_eq!(status, 200);
    let list = defs["definitions"].as_array().unwrap();
    let four = list.iter().find(|d| d["file"] == "4-faces.varia").unwrap();
    assert_eq!(four["variants"], json!(["small", "large"]));
    assert!(list.iter().any(|d| d["file"] == CHESS));

    let (status, rules) = s.get("/api/rules?file=4-faces.varia");
    assert_eq!(status, 200);
    let r = &rules["rules"];
    assert_eq!(r["board"]["files"], 9);
    assert_eq!(r["board"]["holes"].as_array().unwrap().len(), 36);
    assert_eq!(r["players"].as_array().unwrap().len(), 4);
    assert_eq!(r["players"][1]["tag"], "o");
    // A Wing's moves with their vectors in the owner's frame (the page draws them): it rides
    // forward only.
    assert_eq!(r["pieces"][1]["name"], "Wing");
    assert_eq!(r["pieces"][1]["moves"][0]["vectors"], json!([[0, 1]]));

    let (status, pos) = s.post(
        "/api/play",
        &json!({"file": CHESS, "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "move": "a7a8n"})
            .to_string(),
    );
    assert_eq!(status, 200, "{pos}");
    let fen = pos["fen"].as_str().unwrap();
    assert!(fen.starts_with('N') && fen.ends_with(" b - - 0 1"), "{fen}");
    let knight_on_a8 = |p: &Value| p["cell"] == 56 && p["kind"] == 4 && p["owner"] == 0;
    assert!(pos["board"].as_array().unwrap().iter().any(knight_on_a8));
    assert_eq!(pos["moves"], json!(["a7a8n"]));
    assert_eq!(pos["san"], json!(["a8=N"]));
    assert_eq!(pos["to_move"], 1);

    let (_, pos) = s.post(
        "/api/position",
        &json!({"file": CHESS, "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}).to_string(),
    );
    let promotions: Vec<&Value> = pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["to"] == 56)
        .collect();
    assert_eq!(promotions.len(), 4);
    assert!(promotions.iter().all(|m| !m["promotion"].is_null()));

    let (_, pos) = s.post(
        "/api/takeback",
        &json!({"file": CHESS, "moves": ["e2e4", "e7e5"]}).to_string(),
    );
    assert_eq!(pos["moves"], json!(["e2e4"]));

    // Fool's mate: over, and Black wins.
    let (_, pos) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}).to_string(),
    );
    assert_eq!(pos["san"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(pos["status"], "checkmate");
    assert_eq!(pos["winner"], 1);
    assert_eq!(pos["legal"], json!([]));

    let (_, moves) = s.post("/api/moves", &json!({"file": CHESS}).to_string());
    assert_eq!(moves["moves"].as_array().unwrap().len(), 20);

    let (status, d) = s.get("/api/diagram?file=classic/chess.varia&piece=N&cell=d4");
    assert_eq!(status, 200);
    assert_eq!(d["targets"].as_array().unwrap().len(), 8);
    let (_, d) = s.get("/api/diagram?file=classic/xiangqi.varia&piece=C&cell=e5");
    let targets = d["targets"].as_array().unwrap();
    assert!(targets.iter().any(|t| t["hop_capture"] == true));
    assert!(targets.iter().all(|t| t["capture"] == false));

    // Crazyhouse: a drop names the hand it comes from.
    let (_, pos) = s.post(
        "/api/position",
        &json!({"file": "classic/crazyhouse.varia", "fen": "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"})
            .to_string(),
    );
    assert_eq!(pos["hands"][0], json!([{"kind": 4, "count": 1}]));
    let drops = pos["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["hand"] == 4)
        .count();
    assert_eq!(drops, 62);
}

#[test]
fn bad_requests_get_json_errors() {
    let s = serve("definitions");
    let get = [
        ("/api/rules?file=../Cargo.toml", 404),
        ("/api/rules?file=/etc/passwd", 404),
        ("/api/rules?file=classic/../../README.md", 404),
        ("/api/rules?file=nothing.varia", 404),
        ("/api/rules?file=classic/chess.varia&variant=nope", 404),
        ("/api/rules", 400),
        ("/api/rules?file=%zz", 400),
        ("/api/rules?file=%ff", 400),
        ("/api/diagram?file=classic/chess.varia&piece=Z", 404),
        (
            "/api/diagram?file=classic/chess.varia&piece=N&cell=z99",
            400,
        ),
        (
            "/api/diagram?file=classic/chess.varia&piece=N&player=7",
            400,
        ),
        ("/api/nothing", 404),
        ("/api/position", 404),
    ];
    for (path, want) in get {
        let (status, body) = s.get(path);
        assert_eq!(status, want, "{path}: {body}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
    let post = [
        ("/api/position", "not json".to_string(), 400),
        ("/api/position", "{}".to_string(), 400),
        (
            "/api/position",
            json!({"file": CHESS, "unknown": 1}).to_string(),
            400,
        ),
        (
            "/api/position",
            json!({"file": CHESS, "fen": "8/8 w"}).to_string(),
            422,
        ),
        (
            "/api/position",
            json!({"file": CHESS, "moves": ["e2e4", "e2e4"]}).to_string(),
            422,
        ),
        (
            "/api/play",
            json!({"file": CHESS, "move": "e2e5"}).to_string(),
            422,
        ),
        ("/api/play", json!({"file": CHESS}).to_string(), 400),
        (
            "/api/play",
            json!({"file": CHESS, "move": "\u{1F600}@@"}).to_string(),
            422,
        ),
        ("/api/takeback", json!({"file": CHESS}).to_string(), 422),
        (
            "/api/engine",
            json!({"file": CHESS, "movetime": "fast"}).to_string(),
            400,
        ),
        (
            "/api/engine",
            json!({"file": CHESS, "depth": -1}).to_string(),
            400,
        ),
        (
            "/api/engine",
            json!({"file": CHESS, "moves": ["e2e5"]}).to_string(),
            422,
        ),
        (
            "/api/engine",
            json!({"file": CHESS, "fen": "8/8 w"}).to_string(),
            422,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "lines": 0}).to_string(),
            400,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "lines": 6}).to_string(),
            400,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "lines": "two"}).to_string(),
            400,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "movetime": -5}).to_string(),
            400,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "moves": ["e2e5"]}).to_string(),
            422,
        ),
        (
            "/api/analyse",
            json!({"file": CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}).to_string(),
            409,
        ),
        ("/api/rules", json!({"file": CHESS}).to_string(), 405),
        ("/api/else", "{}".to_string(), 404),
    ];
    for (path, body, want) in post {
        let (status, answer) = s.post(path, &body);
        assert_eq!(status, want, "{path} {body}: {answer}");
        assert!(answer["error"].is_string(), "{path}: {answer}");
    }
    let (status, answer) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": ["e2e4", "e2e4"]}).to_string(),
    );
    assert_eq!((status, &answer["index"]), (422, &json!(1)));

    // Kept what is valid: the moves up to the first illegal one.
    let (status, answer) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": ["e2e4", "e2e4"], "keep_valid": true}).to_string(),
    );
    assert_eq!(status, 200);
    assert_eq!(answer["moves"], json!(["e2e4"]));
    assert!(
        answer["dropped"]
            .as_str()
            .unwrap()
            .contains("no longer legal")
    );

    let (status, _) =
        s.raw(b"POST /api/position HTTP/1.1\r\nHost: x\r\nContent-Length: 3000000\r\n\r\n{}");
    assert_eq!(status, 413);
    let big = format!(r#"{{"file": "{CHESS}", "fen": "{}"}}"#, "x".repeat(100_000));
    assert_eq!(s.post("/api/position", &big).0, 422);
    let (status, _) =
        s.raw(b"DELETE /api/position HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 405);
    // Garbage on the wire does not stop the server.
    let _ = s.raw(b"\x00\x01garbage\r\n\r\n");
    let _ = s.raw(b"GET /%%% HTTP/1.1\r\n\r\n");
    assert_eq!(s.get("/api/info").0, 200);
}

/// Asks the engine for a move and checks the answer: a legal move of the position, the position
/// after it as `/api/play` gives it, and what the search found.
fn engine_move(s: &Server, body: Value) -> Value {
    let (status, legal) = s.post("/api/moves", &body.to_string());
    assert_eq!(status, 200, "{legal}");
    let mut ask = body.clone();
    ask["movetime"] = json!(300);
    let (status, answer) = s.post("/api/engine", &ask.to_string());
    assert_eq!(status, 200, "{answer}");
    let mv = answer["move"].as_str().expect("a move");
    assert!(
        legal["moves"].as_array().unwrap().contains(&json!(mv)),
        "{mv} is not one of {legal}"
    );
    let mut play = body.clone();
    play["move"] = json!(mv);
    let (_, after) = s.post("/api/play", &play.to_string());
    assert_eq!(answer["fen"], after["fen"]);
    assert_eq!(answer["moves"], after["moves"]);
    assert_eq!(answer["legal"], after["legal"]);
    let engine = &answer["engine"];
    assert_eq!(engine["move"], json!(mv));
    // A loaded machine may stop the search within its first iteration (depth 0: the first move
    // in the search's order); the move is legal all the same.
    assert!(engine["depth"].is_u64(), "{engine}");
    assert!(engine["score"]["cp"].is_i64() || engine["score"]["mate"].is_i64());
    assert_eq!(engine["pv"][0], json!(mv));
    assert!(engine["time_ms"].as_u64().unwrap() < 5000, "{engine}");
    answer
}

#[test]
fn engine_plays_a_legal_move() {
    let s = serve("definitions");
    let (_, info) = s.get("/api/info");
    assert_eq!(info["engine"], true);

    let a = engine_move(&s, json!({"file": CHESS}));
    assert_eq!(a["moves"].as_array().unwrap().len(), 1);
    assert_eq!(a["to_move"], 1);
    let b = engine_move(&s, json!({"file": CHESS, "moves": a["moves"]}));
    assert_eq!(b["moves"].as_array().unwrap().len(), 2);
    // A mate in one is found.
    let (status, mate) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "depth": 3}).to_string(),
    );
    assert_eq!(status, 200, "{mate}");
    assert_eq!(mate["move"], "a1a8");
    assert_eq!(mate["status"], "checkmate");
    assert_eq!(mate["engine"]["score"], json!({"mate": 1}));

    // 4 Faces: four players on a board with holes, the second and third to move too.
    let four = "4-faces.varia";
    let mut moves = Vec::new();
    for turn in 0..3 {
        let a = engine_move(&s, json!({"file": four, "moves": moves}));
        assert_eq!(a["moves"].as_array().unwrap().len(), turn + 1);
        moves = a["moves"].as_array().unwrap().clone();
    }
    engine_move(&s, json!({"file": four, "variant": "large"}));

    // A game that is over gets no move: 409, with why.
    let (status, over) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}).to_string(),
    );
    assert_eq!(status, 409, "{over}");
    assert_eq!(over["kind"], "over");
    assert!(
        over["error"].as_str().unwrap().contains("checkmate"),
        "{over}"
    );
    let (status, over) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}).to_string(),
    );
    assert_eq!(status, 409, "a stalemate: {over}");

    // The time asked for is bounded; a depth alone is searched to that depth.
    let (status, quick) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "movetime": 0}).to_string(),
    );
    assert_eq!(status, 200, "{quick}");
    let (status, deep) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "depth": 2}).to_string(),
    );
    assert_eq!(status, 200, "{deep}");
    assert_eq!(deep["engine"]["depth"], 2);
}

/// The best lines of a position: their first moves, as `/api/moves` (`varia moves`) lists them.
fn analyse(s: &Server, body: Value) -> Value {
    let (status, answer) = s.post("/api/analyse", &body.to_string());
    assert_eq!(status, 200, "{answer}");
    answer
}

#[test]
fn analysis_gives_the_best_lines() {
    let s = serve("definitions");
    // Three lines at depth 2 from the start, each a different legal first move, SAN beside.
    let a = analyse(&s, json!({"file": CHESS, "depth": 2, "lines": 3}));
    let (_, legal) = s.post("/api/moves", &json!({"file": CHESS}).to_string());
    let lines = a["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{a}");
    let mut firsts: Vec<&Value> = lines.iter().map(|l| &l["moves"][0]).collect();
    for (l, first) in lines.iter().zip(&firsts) {
        assert_eq!(l["depth"], 2, "{l}");
        assert!(legal["moves"].as_array().unwrap().contains(first), "{l}");
        assert_eq!(
            l["moves"].as_array().unwrap().len(),
            l["san"].as_array().unwrap().len()
        );
    }
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{a}");
    assert_eq!(a["to_move"], 0);
    // A mate in one comes first; five lines asked where there are four moves give four: all.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let m = analyse(
        &s,
        json!({"file": CHESS, "fen": fen, "depth": 3, "lines": 2}),
    );
    assert_eq!(m["lines"][0]["score"], json!({"mate": 1}), "{m}");
    assert_eq!(m["lines"][0]["moves"], json!(["a1a8"]));
    assert_eq!(m["lines"][0]["san"], json!(["Ra8#"]));
    let fen = "k7/8/8/8/8/8/P7/K7 w - - 0 1";
    let few = analyse(
        &s,
        json!({"file": CHESS, "fen": fen, "depth": 2, "lines": 5}),
    );
    let mut firsts: Vec<String> = few["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["moves"][0].as_str().unwrap().to_string())
        .collect();
    firsts.sort();
    assert_eq!(firsts, ["a1b1", "a1b2", "a2a3", "a2a4"]);
    // Without `lines`, one; a browsed position (the moves before it) is analysed like any other.
    let one = analyse(
        &s,
        json!({"file": CHESS, "moves": ["e2e4"], "movetime": 200}),
    );
    assert_eq!(one["lines"].as_array().unwrap().len(), 1, "{one}");
    assert_eq!(one["to_move"], 1);
}

#[test]
fn engine_searches_are_limited() {
    let s = std::sync::Arc::new(serve("definitions"));
    // Three long searches at once: one more than the server runs, so one is refused.
    let threads: Vec<_> = (0..3)
        .map(|_| {
            let s = std::sync::Arc::clone(&s);
            std::thread::spawn(move || {
                s.post(
                    "/api/engine",
                    &json!({"file": CHESS, "movetime": 2500}).to_string(),
                )
            })
        })
        .collect();
    let mut statuses: Vec<u16> = threads.into_iter().map(|t| t.join().unwrap().0).collect();
    statuses.sort();
    assert_eq!(statuses, [200, 200, 503]);
    // The places are given back.
    let (status, _) = s.post(
        "/api/engine",
        &json!({"file": CHESS, "movetime": 50}).to_string(),
    );
    assert_eq!(status, 200);
    assert_eq!(s.get("/api/info").0, 200);
}

#[test]
fn diagnostics_and_one_file() {
    let dir = std::env::temp_dir().join(format!("varia-serve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.varia");
    std::fs::write(
        &broken,
        "game broken\nboard 8 x 8\nplayer white north\nnonsense here\n",
    )
    .unwrap();
    let s = serve(broken.to_str().unwrap());
    let (status, defs) = s.get("/api/definitions");
    assert_eq!(status, 200);
    assert_eq!(defs["definitions"].as_array().unwrap().len(), 1);
    let (status, err) = s.get("/api/rules?file=broken.varia");
    assert_eq!(status, 422, "{err}");
    assert_eq!(err["kind"], "definition");
    assert_eq!(err["diagnostics"][0]["line"], 4);
    assert_eq!(err["diagnostics"][0]["column"], 1);
    assert!(
        err["rendered"]
            .as_str()
            .unwrap()
            .contains("broken.varia:4:1")
    );
    // Only the named file is served.
    assert_eq!(s.get("/api/rules?file=other.varia").0, 404);
    let (_, v1) = s.get("/api/version?file=broken.varia");
    std::fs::write(&broken, "game broken\n").unwrap();
    let (_, v2) = s.get("/api/version?file=broken.varia");
    assert_ne!(v1["version"], v2["version"]);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kept-alive connection to the server: requests one after another, each answer read by its
/// `content-length`.
struct Client {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Client {
    fn connect(port: u16) -> Client {
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        let limit = Some(std::time::Duration::from_secs(20));
        stream.set_read_timeout(limit).unwrap();
        stream.set_write_timeout(limit).unwrap();
        Client {
            reader: BufReader::new(stream.try_clone().unwrap()),
            stream,
        }
    }

    fn ask(&mut self, method: &str, path: &str, body: &str) -> (u16, String) {
        write!(
            self.stream,
            "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut status = String::new();
        self.reader.read_line(&mut status).expect("a status line");
        let status = status.split(' ').nth(1).and_then(|s| s.parse().ok());
        let mut length = 0;
        loop {
            let mut header = String::new();
            self.reader.read_line(&mut header).expect("a header");
            let header = header.trim_end().to_ascii_lowercase();
            if header.is_empty() {
                break;
            }
            if let Some(n) = header.strip_prefix("content-length:") {
                length = n.trim().parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).expect("the body");
        (status.expect("a status"), String::from_utf8(body).unwrap())
    }
}

/// Holds a connection that sent a request's head and part of its body, and nothing more.
fn unfinished_body(port: u16) -> TcpStream {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    s.write_all(b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"fi")
        .unwrap();
    s
}

#[test]
fn slow_clients_do_not_stop_the_others() {
    let s = serve("definitions");
    let started = std::time::Instant::now();
    // Six clients that never finish their bodies, two that never finish their heads.
    let slow: Vec<TcpStream> = (0..6).map(|_| unfinished_body(s.port)).collect();
    let heads: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut h = TcpStream::connect(("127.0.0.1", s.port)).unwrap();
            h.write_all(b"GET /api/info HTTP/1.1\r\nHost: ").unwrap();
            h
        })
        .collect();
    let white = r#"["a2a3","a2a4","b1a3","b1c3","b2b3","b2b4","c2c3","c2c4","d2d3","d2d4","e2e3","e2e4","f2f3","f2f4","g1f3","g1h3","g2g3","g2g4","h2h3","h2h4"]"#;
    let black = r#"["a7a5","a7a6","b7b5","b7b6","b8a6","b8c6","c7c5","c7c6","d7d5","d7d6","e7e5","e7e6","f7f5","f7f6","g7g5","g7g6","g8f6","g8h6","h7h5","h7h6"]"#;
    let port = s.port;
    // 20 clients, 100 requests each, every answer checked.
    let clients: Vec<_> = (0..20)
        .map(|i| {
            std::thread::spawn(move || {
                let mut c = Client::connect(port);
                for r in 0..100 {
                    match (i + r) % 3 {
                        0 => {
                            let (status, body) = c.ask("GET", "/api/info", "");
                            assert_eq!(status, 200, "{body}");
                            let info: Value = serde_json::from_str(&body).unwrap();
                            assert_eq!(info["name"], "varia");
                        }
                        1 => {
                            let body = json!({"file": CHESS}).to_string();
                            let (status, answer) = c.ask("POST", "/api/moves", &body);
                            assert_eq!((status, answer), (200, format!(r#"{{"moves":{white}}}"#)));
                        }
                        _ => {
                            let body = json!({"file": CHESS, "moves": ["e2e4"]}).to_string();
                            let (status, answer) = c.ask("POST", "/api/moves", &body);
                            assert_eq!((status, answer), (200, format!(r#"{{"moves":{black}}}"#)));
                        }
                    }
                }
            })
        })
        .collect();
    for c in clients {
        c.join().expect("every answer right and in time");
    }
    let took = started.elapsed();
    assert!(took.as_secs() < 20, "2,000 requests took {took:?}");
    // The slow ones are told, within the server's 5 s, that their body did not come.
    for mut c in slow {
        let mut answer = String::new();
        let _ = c.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
        assert!(
            answer.ends_with(
                r#"{"error":"the request body did not arrive within 5 s","kind":"request"}"#
            ),
            "{answer}"
        );
    }
    assert!(started.elapsed().as_secs() < 25);
    drop(heads);
    assert_eq!(s.get("/api/info").0, 200);
}

#[test]
fn one_client_holds_a_bounded_number_of_connections() {
    let s = serve("definitions");
    // Connections from one address (127.0.0.7: another client than the test's 127.0.0.1).
    let from = |addr: &str| {
        let sock =
            socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
        sock.bind(
            &format!("{addr}:0")
                .parse::<std::net::SocketAddr>()
                .unwrap()
                .into(),
        )
        .unwrap();
        sock.connect(&std::net::SocketAddr::from(([127, 0, 0, 1], s.port)).into())
            .unwrap();
        let stream: TcpStream = sock.into();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        stream
    };
    let held: Vec<TcpStream> = (0..32).map(|_| from("127.0.0.7")).collect();
    // The server counts a connection once it has taken it: one request on the last shows that.
    let mut last = Client {
        reader: BufReader::new(held[31].try_clone().unwrap()),
        stream: held[31].try_clone().unwrap(),
    };
    assert_eq!(last.ask("GET", "/api/info", "").0, 200);
    let mut over = from("127.0.0.7");
    let mut answer = String::new();
    let _ = over.read_to_string(&mut answer);
    assert_eq!(
        answer,
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 63\r\nConnection: close\r\n\r\n{\"error\":\"too many connections from this client\",\"kind\":\"busy\"}"
    );
    // Another client is still answered.
    assert_eq!(s.get("/api/info").0, 200);
    drop(held);
}

#[test]
fn definitions_follow_no_link_out_of_the_folder_or_in_a_loop() {
    let dir = std::env::temp_dir().join(format!("varia-serve-links-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let root = dir.join("root");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::create_dir_all(dir.join("outside")).unwrap();
    let chess = format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::copy(&chess, root.join("a.varia")).unwrap();
    std::fs::copy(&chess, dir.join("outside/secret.varia")).unwrap();
    let link = |to: &str, at: &str| std::os::unix::fs::symlink(to, root.join(at)).unwrap();
    link("../outside", "out");
    link("../../outside/secret.varia", "sub/secret.varia");
    link("..", "sub/up");
    link("../sub", "sub/again");
    link("../a.varia", "sub/link.varia");
    let s = serve(root.to_str().unwrap());
    let (status, defs) = s.get("/api/definitions");
    assert_eq!(status, 200);
    let files: Vec<&Value> = defs["definitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["file"])
        .collect();
    assert_eq!(files, [&json!("a.varia"), &json!("sub/link.varia")]);
    assert_eq!(s.get("/api/rules?file=out/secret.varia").0, 404);
    assert_eq!(s.get("/api/rules?file=sub/link.varia").0, 200);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_game_replays_to_the_right_position() {
    let s = serve("definitions");
    // 20,000 moves (the most a request may replay): knights out and back.
    let moves: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .cycle()
        .take(20_000)
        .copied()
        .collect();
    let (status, pos) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": moves}).to_string(),
    );
    assert_eq!(status, 200, "{pos}");
    assert_eq!(
        pos["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20000 10001"
    );
    assert_eq!(pos["legal"].as_array().unwrap().len(), 20);
}

/// A replayed line may give its moves in SAN (a PGN's), mixed with moves as `varia moves` writes
/// them; the answer writes them as `varia moves` does, and a move legal in neither form is refused
/// with its index.
#[test]
fn moves_in_san_are_replayed() {
    let s = serve("definitions");
    let (status, pos) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": ["e4", "e7e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]})
            .to_string(),
    );
    assert_eq!(status, 200, "{pos}");
    assert_eq!(
        pos["moves"],
        json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"])
    );
    assert_eq!(
        pos["san"],
        json!(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"])
    );
    let (status, err) = s.post(
        "/api/position",
        &json!({"file": CHESS, "moves": ["e4", "e4"]}).to_string(),
    );
    assert_eq!(status, 422, "{err}");
    assert_eq!(err["index"], 1);
}

/// The server keeps a bounded number of compiled games and no failure: requests for ever new
/// unknown variants leave its cache as it was (3,000 of them grew the server from 5 MB to
/// 215 MB); a file over 16 MiB is refused unread, as on the command line.
#[test]
fn the_cache_is_bounded_and_files_are_capped() {
    let dir = std::env::temp_dir().join(format!("varia-serve-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let chess = std::fs::read_to_string(format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(dir.join("chess.varia"), &chess).unwrap();
    // Past 16 MiB with comment lines: the text is a definition in every other way.
    let big = std::fs::File::create(dir.join("big.varia")).unwrap();
    big.set_len(16 << 20).unwrap();
    drop(big);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("big.varia"))
        .unwrap();
    f.write_all(b"\n# one byte too many\n").unwrap();
    drop(f);
    let s = serve(dir.to_str().unwrap());
    let cached = |s: &Server| {
        let (code, info) = s.get("/api/info");
        assert_eq!(code, 200);
        (
            info["cache"]["games"]
                .as_u64()
                .expect("a count of cached games"),
            info["cache"]["capacity"].as_u64().unwrap(),
        )
    };
    let (code, _) = s.get("/api/rules?file=chess.varia");
    assert_eq!(code, 200);
    let (games, capacity) = cached(&s);
    assert_eq!(games, 1);
    for i in 0..200 {
        let (code, v) = s.get(&format!("/api/rules?file=chess.varia&variant=nope{i}"));
        assert_eq!(code, 404, "{v}");
    }
    assert_eq!(cached(&s).0, 1, "failures are not kept");
    assert!((1..=64).contains(&capacity), "{capacity}");
    let (code, v) = s.get("/api/rules?file=big.varia");
    assert_eq!(code, 422, "{v}");
    let error = v["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("cannot read `big.varia`: the file is over 16 MiB"),
        "{v}"
    );
    let (code, _) = s.get("/api/version?file=big.varia");
    assert_eq!(code, 422);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
