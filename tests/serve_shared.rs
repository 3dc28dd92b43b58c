//! `varia serve --shared` (the mode `--host` turns on at any address but 127.0.0.1): each limit
//! per client hit with its status and error, writes refused, no file outside the folder read,
//! and the local mode as it was. Every server here listens on 127.0.0.1.

use serde_json::{Value, json};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "common/server.rs"]
mod server;
use server::{Server, serve, serve_with};

const CHESS: &str = "classic/chess.varia";

/// Sends raw bytes on a new connection; gets the status, the head and the body.
fn exchange(port: u16, request: &[u8]) -> (u16, String, String) {
    server::exchange(port, request, true)
}

fn get(port: u16, path: &str) -> (u16, String, String) {
    exchange(
        port,
        format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

fn body_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// A folder of its own under the system's temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("varia-shared-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn chess_text() -> String {
    let path = format!("{}/definitions/{CHESS}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn requests_over_the_rate_are_refused_with_retry_after() {
    let s = serve_with(
        "definitions",
        &["--shared", "--max-requests-per-second", "1"],
    );
    // A burst of two, then one a second.
    assert_eq!(get(s.port, "/api/info").0, 200);
    assert_eq!(get(s.port, "/app.js").0, 200);
    let (status, head, body) = get(s.port, "/api/info");
    assert_eq!(status, 429);
    assert!(head.contains("\r\nretry-after: 1\r\n"), "{head}");
    assert_eq!(
        body_json(&body),
        json!({
            "error": "too many requests from this client: at most 1 a second (bursts of 2); ask again in 1 s",
            "kind": "limit",
            "retry_after": 1,
        })
    );
    // A POST over the rate is refused before its body is read.
    let (status, _, _) = exchange(
        s.port,
        b"POST /api/moves HTTP/1.1\r\nHost: x\r\nContent-Length: 30\r\n\r\n",
    );
    assert_eq!(status, 429);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(get(s.port, "/api/info").0, 200);
    // The local mode counts no requests.
    let local = serve("definitions");
    for _ in 0..60 {
        assert_eq!(get(local.port, "/api/info").0, 200);
    }
}

fn engine_request(s: &Server, movetime: u64) -> (u16, Value) {
    s.post(
        "/api/engine",
        &json!({"file": CHESS, "movetime": movetime}).to_string(),
    )
}

#[test]
fn a_client_runs_a_bounded_number_of_searches() {
    let s = std::sync::Arc::new(serve_with("definitions", &["--shared"]));
    let both: Vec<_> = (0..2)
        .map(|i| {
            let s = std::sync::Arc::clone(&s);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(300 * i));
                engine_request(&s, 1500)
            })
        })
        .collect();
    let mut answers: Vec<(u16, Value)> = both.into_iter().map(|t| t.join().unwrap()).collect();
    answers.sort_by_key(|a| a.0);
    assert_eq!(answers[0].0, 200);
    assert_eq!(
        answers[1],
        (
            429,
            json!({
                "error": "this client already runs 1 search at once, its most: ask again when it is done",
                "kind": "limit",
            })
        )
    );
    // The place is given back; an analysis counts as a search too.
    let (status, _) = s.post(
        "/api/analyse",
        &json!({"file": CHESS, "movetime": 50}).to_string(),
    );
    assert_eq!(status, 200);
}

#[test]
fn a_search_thinks_at_most_the_shared_time() {
    let s = serve_with("definitions", &["--shared", "--max-movetime", "200"]);
    assert_eq!(s.get("/api/info").1["engine_limits"]["max_movetime"], 200);
    let started = Instant::now();
    let (status, v) = engine_request(&s, 8000);
    assert_eq!(status, 200);
    let took = v["engine"]["time_ms"].as_u64().unwrap();
    assert!(took <= 600, "the search took {took} ms");
    assert!(started.elapsed() < Duration::from_secs(3));
    // The shared default is lower than the local one.
    assert_eq!(
        serve_with("definitions", &["--shared"]).get("/api/info").1["engine_limits"]["max_movetime"],
        2000
    );
    assert_eq!(
        serve("definitions").get("/api/info").1["engine_limits"]["max_movetime"],
        10_000
    );
}

#[test]
fn bodies_over_the_limit_are_413() {
    let s = serve_with("definitions", &["--shared", "--max-body", "100"]);
    let small = json!({"file": CHESS, "moves": ["e2e4"]}).to_string();
    assert!(small.len() <= 100);
    assert_eq!(s.post("/api/moves", &small).0, 200);
    let large = format!("{small:<150}");
    let refused = json!({"error": "the request body is over 100 bytes", "kind": "request"});
    assert_eq!(s.post("/api/moves", &large), (413, refused.clone()));
    // Sent in chunks with no length given: refused once 100 bytes have come.
    let chunked = format!(
        "POST /api/moves HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{large}\r\n0\r\n\r\n",
        large.len()
    );
    let (status, _, body) = exchange(s.port, chunked.as_bytes());
    assert_eq!((status, body_json(&body)), (413, refused));
    // The local mode keeps its 1 MiB.
    assert_eq!(serve("definitions").post("/api/moves", &large).0, 200);
}

#[test]
fn a_client_holds_a_bounded_number_of_connections() {
    let s = serve_with("definitions", &["--shared", "--max-connections", "2"]);
    let held: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(("127.0.0.1", s.port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (status, _, body) = get(s.port, "/api/info");
    assert_eq!(status, 503);
    assert_eq!(
        body_json(&body),
        json!({"error": "too many connections from this client", "kind": "busy"})
    );
    drop(held);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(get(s.port, "/api/info").0, 200);
}

#[test]
fn nothing_is_written_and_live_reload_stays() {
    let dir = TempDir::new("write");
    std::fs::write(dir.0.join("a.varia"), chess_text()).unwrap();
    let s = serve_with(dir.0.to_str().unwrap(), &["--shared"]);
    for method in ["PUT", "DELETE", "PATCH"] {
        let request = format!(
            "{method} /api/position HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{{}}"
        );
        let (status, _, body) = exchange(s.port, request.as_bytes());
        assert_eq!(status, 403);
        assert_eq!(
            body_json(&body),
            json!({
                "error": format!("this server is shared read-only: {method} changes nothing here"),
                "kind": "read-only",
            })
        );
    }
    let (_, v1) = s.get("/api/version?file=a.varia");
    std::fs::write(dir.0.join("a.varia"), chess_text() + "\n# edited\n").unwrap();
    let (_, v2) = s.get("/api/version?file=a.varia");
    assert_ne!(v1["version"], v2["version"]);
    assert_eq!(
        std::fs::read_to_string(dir.0.join("a.varia")).unwrap(),
        chess_text() + "\n# edited\n"
    );
    // Locally, such a method is only not allowed.
    let local = serve(dir.0.to_str().unwrap());
    let (status, _, _) = exchange(
        local.port,
        b"PUT /api/position HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
    );
    assert_eq!(status, 405);
}

/// A word only the secret file, outside the folder served, holds.
const SECRET: &str = "Zecretpiecewq";

/// A folder `root` to serve, beside a secret definition that holds [`SECRET`]; in `root` a
/// chess definition, a link to the secret, a definition that extends it, and one that extends
/// a file that is not a definition. Gives the outer folder.
fn folder_beside_a_secret(name: &str) -> TempDir {
    let dir = TempDir::new(name);
    let root = dir.0.join("root");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(
        dir.0.join("secret.varia"),
        chess_text().replace("Knight", SECRET),
    )
    .unwrap();
    std::fs::write(root.join("a.varia"), chess_text()).unwrap();
    std::os::unix::fs::symlink("../secret.varia", root.join("link.varia")).unwrap();
    let extends = |to: &str| format!("extends \"{to}\"\ngame ext \"Ext\"\n");
    std::fs::write(root.join("ext.varia"), extends("../secret.varia")).unwrap();
    std::fs::write(root.join("linked.varia"), extends("link.varia")).unwrap();
    std::fs::write(root.join("notes.txt"), chess_text()).unwrap();
    std::fs::write(root.join("txt.varia"), extends("notes.txt")).unwrap();
    dir
}

fn served(dir: &Path) -> String {
    dir.join("root").to_str().unwrap().to_string()
}

#[test]
fn no_path_leaves_the_folder() {
    let dir = folder_beside_a_secret("paths");
    let s = serve_with(&served(&dir.0), &["--shared"]);
    let secret = dir.0.join("secret.varia");
    let absolute = secret.to_str().unwrap();
    let mut answers = Vec::new();
    let mut unasked = Vec::new();
    let gets = [
        "/api/rules?file=../secret.varia".to_string(),
        "/api/rules?file=%2e%2e%2fsecret.varia".into(),
        "/api/rules?file=%2e%2e/secret.varia".into(),
        "/api/rules?file=sub/../../secret.varia".into(),
        format!("/api/rules?file={absolute}"),
        "/api/rules?file=link.varia".into(),
        "/api/version?file=link.varia".into(),
        "/api/diagram?file=link.varia&piece=N".into(),
        "/../secret.varia".into(),
        "/%2e%2e/secret.varia".into(),
        "/..%2fsecret.varia".into(),
        "/root/../secret.varia".into(),
        absolute.to_string(),
    ];
    for path in &gets {
        let (status, _, body) = get(s.port, path);
        assert_eq!(status, 404, "{path}: {body}");
        answers.push(body);
    }
    for file in [
        "../secret.varia",
        "%2e%2e/secret.varia",
        absolute,
        "link.varia",
    ] {
        let (status, v) = s.post("/api/position", &json!({"file": file}).to_string());
        assert_eq!(status, 404, "{file}: {v}");
        answers.push(v.to_string());
    }
    // An `extends` out of the folder, through a link in it, or to a file that is not a
    // definition, is refused unread.
    for file in ["ext.varia", "linked.varia", "txt.varia"] {
        let (status, v) = s.get(&format!("/api/rules?file={file}"));
        assert_eq!(status, 422, "{file}: {v}");
        let message = v["error"].as_str().unwrap();
        assert!(
            message.contains("names a file outside the folder served, or not a .varia file"),
            "{message}"
        );
        unasked.push(v.to_string());
    }
    let (status, defs) = s.get("/api/definitions");
    assert_eq!(status, 200);
    let files: Vec<&str> = defs["definitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["a.varia", "ext.varia", "linked.varia", "txt.varia"]);
    assert_eq!(defs["root"], "root");
    unasked.push(defs.to_string());
    unasked.push(s.get("/api/info").1.to_string());
    for a in answers.iter().chain(&unasked) {
        assert!(!a.contains(SECRET), "the secret leaked: {a}");
    }
    // No answer to a request that did not name it shows where the folder is.
    for a in &unasked {
        assert!(
            !a.contains(dir.0.to_str().unwrap()),
            "the folder's path shown: {a}"
        );
    }
    // The same folder served locally reads the extended file (the secret is there to be
    // found, so the test above can fail).
    let local = serve(&served(&dir.0));
    let (status, v) = local.get("/api/rules?file=ext.varia");
    assert_eq!(status, 200);
    assert!(v.to_string().contains(SECRET));
}

#[test]
fn diagnostics_do_not_show_where_the_folder_is() {
    let dir = TempDir::new("diagnostics");
    std::fs::write(
        dir.0.join("base.varia"),
        chess_text().replace("piece Knight N", "piece Knight"),
    )
    .unwrap();
    std::fs::write(
        dir.0.join("gone.varia"),
        "extends \"missing.varia\"\ngame g \"G\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.0.join("top.varia"),
        "extends \"base.varia\"\ngame t \"T\"\n",
    )
    .unwrap();
    let folder = format!("{}/", dir.0.display());
    let shared = serve_with(dir.0.to_str().unwrap(), &["--shared"]);
    let local = serve(dir.0.to_str().unwrap());
    for file in ["top.varia", "gone.varia"] {
        let (status, v) = shared.get(&format!("/api/rules?file={file}"));
        assert_eq!(status, 422, "{v}");
        assert!(!v.to_string().contains(&folder), "{v}");
        // Locally the path is shown, as on the command line.
        let (status, v) = local.get(&format!("/api/rules?file={file}"));
        assert_eq!(status, 422, "{v}");
        assert!(v.to_string().contains(&folder), "{v}");
    }
    let (_, defs) = shared.get("/api/definitions");
    assert!(!defs.to_string().contains(&folder), "{defs}");
    let (_, defs) = local.get("/api/definitions");
    assert!(defs.to_string().contains(&folder), "{defs}");
}

#[test]
fn local_mode_is_as_before() {
    let s = serve("definitions");
    let (status, info) = s.get("/api/info");
    assert_eq!(status, 200);
    assert_eq!(info["shared"], false);
    assert_eq!(
        info["limits"],
        json!({"requests_per_second": null, "searches_per_client": null, "max_body": 1_048_576, "connections_per_client": 32})
    );
    let root = info["root"].as_str().unwrap();
    assert!(Path::new(root).is_absolute(), "{root}");
    // --host 127.0.0.1 is the local mode; --shared there, the shared one.
    let s = serve_with("definitions", &["--host", "127.0.0.1"]);
    assert_eq!(s.get("/api/info").1["shared"], false);
    let s = serve_with("definitions", &["--host", "127.0.0.1", "--shared"]);
    let info = s.get("/api/info").1;
    assert_eq!(info["shared"], true);
    assert_eq!(
        info["limits"],
        json!({"requests_per_second": 20, "searches_per_client": 1, "max_body": 65_536, "connections_per_client": 8})
    );
}

#[test]
fn the_banner_says_the_mode_and_its_limits() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["serve", "definitions", "--host", "nowhere"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("invalid value 'nowhere' for '--host <HOST>'")
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["serve", "definitions", "--max-requests-per-second", "0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let s = serve_with("definitions", &["--shared", "--max-searches", "2"]);
    let line = &s.banner;
    assert!(line.starts_with("varia serve: http://127.0.0.1:"), "{line}");
    assert!(
        line.contains(
            "(shared, read-only; per client 20 requests a second (bursts of 40), 2 searches at \
             once, 2000 ms a search, bodies up to 65536 bytes, 8 connections)"
        ),
        "{line}"
    );
    let local = serve("definitions");
    let line = &local.banner;
    assert!(
        line.ends_with(" serving definitions (Ctrl-C stops)\n"),
        "{line}"
    );
}
