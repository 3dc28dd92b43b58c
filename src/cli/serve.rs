//! `varia serve`: a local web playground for the definitions of a folder (or one file). The page
//! (web/, embedded in the binary) lists the definitions, draws a variant's board and plays it; the
//! engine runs here, on the server, and the page asks for everything over a small JSON API:
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/info` | server name and version, the folder served, whether an engine can play |
//! | `GET /api/definitions` | every definition with its variants (or why it does not parse) |
//! | `GET /api/version?file=F` | a hash of the file's text: the page polls it to see edits |
//! | `GET /api/rules?file=F&variant=V` | the board, players, pieces and zones to draw, or the diagnostics |
//! | `GET /api/diagram?file=F&variant=V&piece=P[&cell=C][&player=N]` | a piece's moves on an empty board |
//! | `POST /api/position` `{file, variant, fen?, moves?, keep_valid?}` | the position: board, hands, status, legal moves |
//! | `POST /api/moves` (same body) | the legal moves, sorted, as `varia moves --json` prints them |
//! | `POST /api/setup` (same body, `fen` required) | the position, once its FEN is checked playable (a position set up by hand) |
//! | `POST /api/play` (same body and `move`) | the position after one more move |
//! | `POST /api/takeback` (same body) | the position without the last move |
//! | `POST /api/engine` (same body, `movetime?` ms, `depth?`) | varia's search picks a move: the position after it, with `move` and `engine` (score, depth, nodes, time, line) |
//! | `POST /api/export` (same body) | one HTML file that replays the game with no server |
//! | `POST /api/analyse` (same body as `/api/engine`, `lines?` 1 to 5) | the best lines (multi-PV), best first: each one's score, depth and moves (also in SAN) |
//!
//! The server keeps no game state: a request names the file, the variant, the FEN and the moves,
//! and the server replays them. Take-back is the page dropping its last move; a changed definition
//! is the same request answered by new rules. A search is bounded: at most `--max-movetime`
//! whatever the request asks, and at most [`MAX_SEARCHES`] at once (more are refused with 503),
//! so the page stays answered while the engine thinks.
//!
//! It listens on 127.0.0.1; `--host` another address, or `--shared`, turns on the shared mode
//! (`shared.rs`): read-only, confined to the folder, with limits per client.

mod cache;
mod error;
mod export;
mod game;
mod http;
mod shared;

use error::ApiError;
pub use shared::ShareArgs;

use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const INDEX_HTML: &str = include_str!("../../web/index.html");
const APP_JS: &str = include_str!("../../web/app.js");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const HISTORY_JS: &str = include_str!("../../web/history.js");
const PIECES_JS: &str = include_str!("../../web/pieces.js");
const LEGS_JS: &str = include_str!("../../web/legs.js");
const ANALYSE_JS: &str = include_str!("../../web/analyse.js");
const EDITOR_JS: &str = include_str!("../../web/editor.js");
const CLOCK_JS: &str = include_str!("../../web/clock.js");
const BOARD_JS: &str = include_str!("../../web/board.js");

/// How many requests are worked on at once (the others wait for a thread); reading requests
/// and writing answers take no thread, so a slow client holds none.
const WORKERS: usize = 8;
/// How long a client may take to send a request's head, which is also how long an idle
/// connection is kept open.
const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a client may take to send a request's body once its head has arrived.
const BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// The most connections all clients together may hold at once (one client: `--max-connections`);
/// a connection over either is closed at once.
const MAX_CONNECTIONS: usize = 256;
/// How long a connection is kept: then it is closed once its request in progress is answered,
/// or after [`GRACE`] more.
const MAX_CONNECTION_TIME: Duration = Duration::from_secs(120);
const GRACE: Duration = Duration::from_secs(15);
/// The largest request head (request line and headers).
const MAX_HEAD: usize = 64 * 1024;
/// The deepest search a request may ask for (plies).
const MAX_SEARCH_DEPTH: u32 = 64;
/// How many searches run at once; the other workers keep answering the page.
pub const MAX_SEARCHES: usize = 2;
/// The most best lines an analysis finds (`/api/analyse`).
pub const MAX_LINES: usize = 5;
/// The most definition files listed from a folder, how deep the folder is searched, and how
/// many entries of folders are looked at in all.
const MAX_FILES: usize = 2000;
const MAX_DEPTH: usize = 8;
const MAX_ENTRIES: usize = 50_000;

/// What the server serves: a folder of definitions, or one file in a folder.
struct Served {
    /// The folder, canonical.
    root: PathBuf,
    /// The only file served, relative to `root`, when a file was named.
    single: Option<String>,
    /// The compiled games used last (a definition that does not compile is compiled again at
    /// each request, as on the command line).
    cache: Mutex<cache::Cache>,
    /// The searches running now.
    searches: AtomicUsize,
    /// The limits, and what each client asks of them.
    clients: shared::Clients,
}

/// Runs the server until it fails; prints the address to open.
pub fn run(target: Option<&str>, port: u16, share: &ShareArgs) -> Result<(), String> {
    let limits = shared::Limits::new(share);
    let host = share.host;
    let target = match target {
        Some(t) => PathBuf::from(t),
        None if Path::new("definitions").is_dir() => PathBuf::from("definitions"),
        None => PathBuf::from("."),
    };
    let canonical = target
        .canonicalize()
        .map_err(|e| format!("error: cannot open {}: {e}", target.display()))?;
    let (root, single) = if canonical.is_dir() {
        (canonical, None)
    } else {
        let name = canonical
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| format!("error: {} is not a file", target.display()))?;
        let parent = canonical
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("/"));
        (parent, Some(name))
    };
    let listener = std::net::TcpListener::bind((host, port))
        .map_err(|e| format!("error: cannot listen on {host}:{port}: {e}"))?;
    let port = listener.local_addr().map_or(port, |a| a.port());
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("error: cannot listen on {host}:{port}: {e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(WORKERS)
        .enable_all()
        .build()
        .map_err(|e| format!("error: cannot start the server: {e}"))?;
    let listener = {
        let _entered = runtime.enter();
        tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("error: cannot listen on {host}:{port}: {e}"))?
    };
    let address = std::net::SocketAddr::new(host, port);
    let mode = if limits.shared {
        format!(" ({})", limits.describe())
    } else {
        String::new()
    };
    println!(
        "varia serve: http://{address}/ serving {}{mode} (Ctrl-C stops)",
        target.display()
    );
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let served = Arc::new(Served {
        root,
        single,
        cache: Mutex::new(cache::Cache::default()),
        searches: AtomicUsize::new(0),
        clients: shared::Clients::new(limits),
    });
    runtime.block_on(http::accept(listener, served));
    Err("error: the server stopped".into())
}

/// The body of a request about a position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    file: String,
    #[serde(default)]
    variant: Option<String>,
    /// The FEN the moves start from (default: the setup).
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    /// Keep what is still valid of the FEN and moves instead of refusing them.
    #[serde(default)]
    keep_valid: bool,
    /// The move to play (`/api/play`).
    #[serde(default, rename = "move")]
    play: Option<String>,
    /// How long the engine may think, in milliseconds (`/api/engine`; bounded by the server).
    #[serde(default)]
    movetime: Option<u64>,
    /// How deep the engine searches, in plies (`/api/engine`; bounded by the server).
    #[serde(default)]
    depth: Option<u32>,
    /// How many best lines to find (`/api/analyse`; 1 to [`MAX_LINES`], 1 without it).
    #[serde(default)]
    lines: Option<usize>,
}

/// A successful answer.
enum Reply {
    Json(Value),
    Asset(&'static str, &'static str),
    /// A page made for the request (an exported game).
    Page(String),
}

impl Served {
    /// Answers a client's request: its method, its path and query, and for a POST its body (or
    /// why it could not be read). Gives the HTTP status, the body and its type.
    fn answer(
        &self,
        client: IpAddr,
        method: &str,
        url: &str,
        body: Option<Result<String, ApiError>>,
    ) -> (u16, String, &'static str) {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        // The library does not panic on bad input; should it all the same, this request fails
        // with a 500 and the server goes on.
        let reply =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match (method, body) {
                ("GET", _) => parse_query(query).and_then(|q| self.get(path, &q)),
                ("PUT" | "DELETE" | "PATCH", _) if self.limits().shared => {
                    Err(shared::read_only(method))
                }
                (_, Some(body)) => body.and_then(|b| self.post(client, path, &b)),
                (method, None) => Err(ApiError::new(
                    405,
                    "request",
                    format!("method {method} not allowed"),
                )),
            }))
            .unwrap_or_else(|_| {
                Err(ApiError::new(
                    500,
                    "internal",
                    "the server failed on this request (a bug in varia: please report it)",
                ))
            });
        match reply {
            Ok(Reply::Json(v)) => (200, v.to_string(), "application/json"),
            Ok(Reply::Asset(text, mime)) => (200, text.to_string(), mime),
            Ok(Reply::Page(text)) => (200, text, "text/html; charset=utf-8"),
            Err(e) => (
                e.status,
                Value::Object(e.body).to_string(),
                "application/json",
            ),
        }
    }

    fn get(&self, path: &str, q: &HashMap<String, String>) -> Result<Reply, ApiError> {
        let arg = |k: &str| {
            q.get(k)
                .map(String::as_str)
                .ok_or_else(|| ApiError::new(400, "request", format!("missing parameter `{k}`")))
        };
        let json = |v| Ok(Reply::Json(v));
        match path {
            "/" | "/index.html" => Ok(Reply::Asset(INDEX_HTML, "text/html; charset=utf-8")),
            "/app.js" => Ok(Reply::Asset(APP_JS, "text/javascript; charset=utf-8")),
            "/style.css" => Ok(Reply::Asset(STYLE_CSS, "text/css; charset=utf-8")),
            "/history.js" => Ok(Reply::Asset(HISTORY_JS, "text/javascript; charset=utf-8")),
            "/pieces.js" => Ok(Reply::Asset(PIECES_JS, "text/javascript; charset=utf-8")),
            "/legs.js" => Ok(Reply::Asset(LEGS_JS, "text/javascript; charset=utf-8")),
            "/analyse.js" => Ok(Reply::Asset(ANALYSE_JS, "text/javascript; charset=utf-8")),
            "/editor.js" => Ok(Reply::Asset(EDITOR_JS, "text/javascript; charset=utf-8")),
            "/clock.js" => Ok(Reply::Asset(CLOCK_JS, "text/javascript; charset=utf-8")),
            "/board.js" => Ok(Reply::Asset(BOARD_JS, "text/javascript; charset=utf-8")),
            "/api/info" => json(json!({
                "name": "varia",
                "version": env!("CARGO_PKG_VERSION"),
                "root": self.root_shown(),
                "single": self.single,
                "shared": self.limits().shared,
                "limits": {
                    "requests_per_second": self.limits().requests_per_second,
                    "searches_per_client": self.limits().searches,
                    "max_body": self.limits().body,
                    "connections_per_client": self.limits().connections,
                },
                // The page shows its engine controls only when this is true.
                "engine": true,
                "engine_limits": {
                    "default_movetime": shared::DEFAULT_MOVETIME_MS,
                    "max_movetime": self.limits().movetime_ms,
                    "max_depth": MAX_SEARCH_DEPTH,
                },
                "max_moves": game::MAX_MOVES,
                // Compiled games kept, of at most `capacity`.
                "cache": {
                    "games": self.cache.lock().map_or(0, |c| c.len()),
                    "capacity": cache::CAPACITY,
                },
            })),
            "/api/definitions" => json(self.definitions()),
            "/api/version" => {
                let (real, text) = self.read(arg("file")?)?;
                let v = version(&real, &text, self.within());
                json(json!({"version": version_string(v)}))
            }
            "/api/rules" => {
                let file = arg("file")?;
                let (v, game) = self.game(file, q.get("variant").map(String::as_str))?;
                json(json!({
                    "file": file,
                    "version": version_string(v),
                    "rules": game::rules_json(&game),
                }))
            }
            "/api/diagram" => {
                let (_, game) = self.game(arg("file")?, q.get("variant").map(String::as_str))?;
                let get = |k: &str| q.get(k).map(String::as_str);
                game::diagram_json(&game, arg("piece")?, get("cell"), get("player"))
                    .map(Reply::Json)
            }
            p if p.starts_with("/api/") => Err(not_found(p)),
            "/favicon.ico" => Err(ApiError::new(404, "not-found", "no icon")),
            p => Err(not_found(p)),
        }
    }

    fn post(&self, client: IpAddr, path: &str, body: &str) -> Result<Reply, ApiError> {
        if !matches!(
            path,
            "/api/position"
                | "/api/setup"
                | "/api/export"
                | "/api/moves"
                | "/api/play"
                | "/api/takeback"
                | "/api/engine"
                | "/api/analyse"
        ) {
            return Err(if self.get_route(path) {
                ApiError::new(405, "request", format!("{path} is read with GET"))
            } else {
                not_found(path)
            });
        }
        let mut req: GameRequest = serde_json::from_str(body)
            .map_err(|e| ApiError::new(400, "request", format!("bad request body: {e}")))?;
        let (_, shared) = self.game(&req.file, req.variant.as_deref())?;
        let game = &*shared;
        match path {
            "/api/engine" => {
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                let (time, depth) = self.search_limits(req.movetime, req.depth);
                let (mv, report) = {
                    let _slot = self.search_slot(client)?;
                    game::engine_move(&shared, &r.pos, time, depth)?
                };
                req.moves.push(mv.clone());
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                let mut state = game::state_json(game, &r);
                state["move"] = Value::String(mv);
                state["engine"] = report;
                Ok(Reply::Json(state))
            }
            "/api/analyse" => {
                let lines = req.lines.unwrap_or(1);
                if !(1..=MAX_LINES).contains(&lines) {
                    let why = format!("`lines` must be 1 to {MAX_LINES}, not {lines}");
                    return Err(ApiError::new(400, "request", why));
                }
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                let (time, depth) = self.search_limits(req.movetime, req.depth);
                let _slot = self.search_slot(client)?;
                let mut report = game::analyse(&shared, &r.pos, time, depth, lines)?;
                report["fen"] = json!(game.fen(&r.pos));
                Ok(Reply::Json(report))
            }
            "/api/setup" => {
                let fen = req.fen.as_deref().filter(|f| !f.trim().is_empty());
                let fen = fen.ok_or_else(|| {
                    ApiError::new(400, "request", "missing field `fen` (the position set up)")
                })?;
                game::check_setup(game, fen)?;
                let r = game::replay(game, Some(fen), &req.moves, false)?;
                Ok(Reply::Json(game::state_json(game, &r)))
            }
            "/api/export" => {
                let page = export::page(game, &req.file, req.fen.as_deref(), &req.moves)?;
                Ok(Reply::Page(page))
            }
            "/api/takeback" => {
                if req.moves.pop().is_none() {
                    return Err(ApiError::new(422, "move", "there is no move to take back"));
                }
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                Ok(Reply::Json(game::state_json(game, &r)))
            }
            "/api/play" => {
                let mv = req.play.take().ok_or_else(|| {
                    ApiError::new(400, "request", "missing field `move` (the move to play)")
                })?;
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                req.moves.push(game::parse_move(game, &r.pos, &mv)?);
                let r = game::replay(game, req.fen.as_deref(), &req.moves, false)?;
                Ok(Reply::Json(game::state_json(game, &r)))
            }
            "/api/moves" => {
                let r = game::replay(game, req.fen.as_deref(), &req.moves, req.keep_valid)?;
                Ok(Reply::Json(
                    json!({"moves": game::legal_strings(game, &r.pos)}),
                ))
            }
            _ => {
                let r = game::replay(game, req.fen.as_deref(), &req.moves, req.keep_valid)?;
                Ok(Reply::Json(game::state_json(game, &r)))
            }
        }
    }

    /// Tells whether a path is one of the GET routes.
    fn get_route(&self, path: &str) -> bool {
        matches!(
            path,
            "/api/info" | "/api/definitions" | "/api/version" | "/api/rules" | "/api/diagram"
        )
    }

    /// Lists the definition files with their variants.
    fn definitions(&self) -> Value {
        let files = match &self.single {
            Some(name) => vec![name.clone()],
            None => {
                let mut found = list_definitions(&self.root);
                found.sort();
                found
            }
        };
        let list: Vec<Value> = files
            .iter()
            .map(|f| match self.read(f) {
                Ok((real, text)) => match game::variants(&real, &text, self.within()) {
                    Ok(v) => json!({"file": f, "variants": v, "error": null}),
                    Err(e) => json!({"file": f, "variants": [], "error": self.hidden(e.into())}),
                },
                Err(e) => json!({"file": f, "variants": [], "error": e.body["error"]}),
            })
            .collect();
        json!({"root": self.root_shown(), "definitions": list})
    }

    fn limits(&self) -> &shared::Limits {
        self.clients.limits()
    }

    /// The folder that extended files must lie in: the served one when shared, else none.
    fn within(&self) -> Option<&Path> {
        self.limits().shared.then_some(self.root.as_path())
    }

    /// A text of the server's (a diagnostic naming an extended file) as the page sees it: when
    /// shared, with the served folder's path taken out of every string.
    fn hidden(&self, v: Value) -> Value {
        match self.within() {
            Some(root) => shared::without_folder(v, &format!("{}/", root.display())),
            None => v,
        }
    }

    /// The folder served as the page shows it: its path, or when shared only its name (the
    /// server's layout is no one else's business).
    fn root_shown(&self) -> String {
        match self.root.file_name() {
            Some(name) if self.limits().shared => name.to_string_lossy().into_owned(),
            _ if self.limits().shared => "/".into(),
            _ => self.root.display().to_string(),
        }
    }

    /// Reads a definition named relative to the served folder; refuses any other path.
    fn read(&self, file: &str) -> Result<(PathBuf, String), ApiError> {
        let missing = || ApiError::new(404, "file", format!("no definition `{file}` here"));
        if let Some(only) = &self.single
            && only != file
        {
            return Err(missing());
        }
        let rel = Path::new(file);
        if !file.ends_with(".varia")
            || file.contains('\\')
            || !rel.components().all(|c| matches!(c, Component::Normal(_)))
        {
            return Err(missing());
        }
        let path = self.root.join(rel);
        let real = path.canonicalize().map_err(|_| missing())?;
        if !real.starts_with(&self.root) || !real.is_file() {
            return Err(missing());
        }
        // At most as much as the command line reads (a file of 700 MB was read whole, per
        // request).
        let text = super::load::read_capped(&real)
            .map_err(|e| ApiError::new(422, "file", format!("cannot read `{file}`: {e}")))?;
        Ok((real, text))
    }

    /// Gets the compiled game of a file's current text (with the text's hash), compiling it
    /// when the text changed; a definition that does not compile is its error.
    fn game(&self, file: &str, variant: Option<&str>) -> Result<(u64, Arc<varia::Game>), ApiError> {
        let (real, text) = self.read(file)?;
        let version = version(&real, &text, self.within());
        let key = (file.to_string(), variant.map(str::to_string));
        if let Ok(mut cache) = self.cache.lock()
            && let Some(g) = cache.get(&key, version)
        {
            return Ok((version, g));
        }
        let game = game::load(file, &real, &text, self.within(), variant).map_err(|mut e| {
            for v in e.body.values_mut() {
                *v = self.hidden(v.take());
            }
            e
        })?;
        let game = Arc::new(game);
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(key, version, game.clone());
        }
        Ok((version, game))
    }

    /// Takes one of the client's places for a search (429 when all are taken) and one of the
    /// server's [`MAX_SEARCHES`] (503 when all are taken), given back when dropped.
    fn search_slot(&self, client: IpAddr) -> Result<SearchSlot<'_>, ApiError> {
        self.clients.start_search(client)?;
        let taken = self
            .searches
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_SEARCHES).then_some(n + 1)
            });
        match taken {
            Ok(_) => Ok(SearchSlot {
                served: self,
                client,
            }),
            Err(_) => {
                self.clients.end_search(client);
                Err(ApiError::new(
                    503,
                    "busy",
                    format!(
                        "the engine is busy with {MAX_SEARCHES} other searches: ask again soon"
                    ),
                ))
            }
        }
    }

    /// The search's limits from a request: its time (the default without one, the most with
    /// only a depth) and depth, each within the server's bounds.
    fn search_limits(&self, movetime: Option<u64>, depth: Option<u32>) -> (Duration, Option<u32>) {
        (
            shared::search_time(movetime, depth, self.limits().movetime_ms),
            depth.map(|d| d.clamp(1, MAX_SEARCH_DEPTH)),
        )
    }
}

/// A client's place for a search and one of the server's, given back when dropped (a panicking
/// search included).
struct SearchSlot<'a> {
    served: &'a Served,
    client: IpAddr,
}

impl Drop for SearchSlot<'_> {
    fn drop(&mut self) {
        self.served.searches.fetch_sub(1, Ordering::AcqRel);
        self.served.clients.end_search(self.client);
    }
}

fn not_found(path: &str) -> ApiError {
    ApiError::new(404, "not-found", format!("no such page or API: {path}"))
}

/// Collects the `.varia` files under the served folder (relative names with `/`), hidden
/// folders and build output left out. A symbolic link is followed only to a file or folder
/// inside the served folder, and a folder is walked once however many links lead to it, so
/// that no link leads out of the folder or round in a loop.
fn list_definitions(root: &Path) -> Vec<String> {
    let mut walk = Walk {
        root,
        seen: std::collections::HashSet::new(),
        entries: 0,
        out: Vec::new(),
    };
    walk.seen.insert(root.to_path_buf());
    walk.folder(root, "", 0);
    walk.out
}

struct Walk<'a> {
    /// The served folder, canonical.
    root: &'a Path,
    /// The folders walked, canonical.
    seen: std::collections::HashSet<PathBuf>,
    entries: usize,
    out: Vec<String>,
}

impl Walk<'_> {
    fn folder(&mut self, dir: &Path, prefix: &str, depth: usize) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries
            .take(MAX_ENTRIES.saturating_sub(self.entries))
            .flatten()
            .collect();
        self.entries += entries.len();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            if self.out.len() >= MAX_FILES {
                return;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            let Ok(kind) = e.file_type() else { continue };
            let path = e.path();
            // Where the entry really is: a link is followed only into the served folder.
            let (is_dir, is_file) = if kind.is_symlink() {
                match path.canonicalize() {
                    Ok(real) if real.starts_with(self.root) => (real.is_dir(), real.is_file()),
                    _ => continue,
                }
            } else {
                (kind.is_dir(), kind.is_file())
            };
            if is_dir {
                let Ok(real) = path.canonicalize() else {
                    continue;
                };
                if depth < MAX_DEPTH && self.seen.insert(real.clone()) {
                    self.folder(&real, &format!("{prefix}{name}/"), depth + 1);
                }
            } else if is_file && name.ends_with(".varia") {
                self.out.push(format!("{prefix}{name}"));
            }
        }
    }
}

fn hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// The version of a definition: its text's hash, and those of the files it extends, so that a
/// change to an extended file reloads the game too.
fn version(real: &Path, text: &str, within: Option<&Path>) -> u64 {
    let mut all = text.to_string();
    for t in game::extended_texts(real, text, within) {
        all += "\0";
        all += &t;
    }
    hash(&all)
}

fn version_string(v: u64) -> String {
    format!("{v:016x}")
}

/// Parses `a=1&b=x%20y` into a map; malformed escapes are an error.
fn parse_query(query: &str) -> Result<HashMap<String, String>, ApiError> {
    let mut out = HashMap::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        out.insert(percent_decode(k)?, percent_decode(v)?);
    }
    Ok(out)
}

fn percent_decode(s: &str) -> Result<String, ApiError> {
    let bad = || ApiError::new(400, "request", format!("malformed query text `{s}`"));
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).ok_or_else(bad)?;
                if !hex.iter().all(u8::is_ascii_hexdigit) {
                    return Err(bad());
                }
                let text = std::str::from_utf8(hex).map_err(|_| bad())?;
                out.push(u8::from_str_radix(text, 16).map_err(|_| bad())?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_decoding() {
        let q = parse_query("file=classic%2Fchess.varia&variant=a+b&x").unwrap();
        assert_eq!(q["file"], "classic/chess.varia");
        assert_eq!(q["variant"], "a b");
        assert_eq!(q["x"], "");
        assert!(parse_query("a=%4").is_err());
        assert!(parse_query("a=%zz").is_err());
        assert!(parse_query("a=%ff").is_err());
        assert!(parse_query("a=%+1").is_err());
    }
}
