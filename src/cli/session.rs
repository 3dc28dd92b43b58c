//! What the engine front ends share: the variants of the files given, a game record with its
//! repetitions and endings, and a search running in the background while input is read.

use super::load::Failure;
use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use varia::Game;
use varia::search::{Info, Limits, SearchResult, Searcher};

pub use varia::referee::{Line, MAX_LINE, Rng, Verdict, escape_controls};

/// A line read with a bound on its length.
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, without its line break, as bytes (not necessarily UTF-8).
    Line(Vec<u8>),
    /// A line longer than the bound: read to its end, its bytes dropped.
    TooLong,
    /// The end of the input (or an error reading it).
    End,
}

/// Reads one line of at most `max` bytes. A longer line is read to its end and dropped, so that
/// memory stays bounded whatever the input, and reading goes on at the next line.
pub fn read_line(input: &mut impl BufRead, max: usize) -> Input {
    let mut line = Vec::new();
    let mut over = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => &[][..],
        };
        if chunk.is_empty() {
            return match (any, over) {
                (false, _) => Input::End,
                (true, true) => Input::TooLong,
                (true, false) => Input::Line(line),
            };
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !over && line.len() + part.len() > max {
            over = true;
            line = Vec::new();
        }
        if !over {
            line.extend_from_slice(part);
        }
        input.consume(used);
        if done {
            return if over {
                Input::TooLong
            } else {
                Input::Line(line)
            };
        }
    }
}

/// Writes one line to standard output and flushes it; a closed pipe is ignored (the reader has
/// gone, and the input loop will end).
/// A name as offered to a GUI: each character other than a letter, digit, `-`, `_` or `.`
/// (a space, a line break, a quote or comma of XBoard's list) written `_`.
fn offered(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Control characters in the line (from echoed input: a CR would let it pass for another line)
/// are written escaped (`\r`, `\u{c}`); a line break is kept, for text of several lines (`d`),
/// as input, read line by line, has none.
pub fn send(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", escape_controls(line)).and_then(|_| out.flush());
}

/// The selectable variants of one or more files, each under a unique name.
pub struct Catalogue {
    /// (name offered, file, variant in the file)
    entries: Vec<(String, String, String)>,
    games: HashMap<String, Arc<Game>>,
    /// Tuned terms (`--weights`), each for one of the variants offered.
    weights: Vec<varia::search::Weights>,
    /// Threads each search uses (UCI's `Threads`, XBoard's `cores`).
    pub threads: usize,
}

impl Catalogue {
    /// Lists the variants of the files; a name used by an earlier file is offered as
    /// `STEM-NAME` (the file's name without extension), and one still taken as `STEM-NAME-2`,
    /// `-3`, ...; names and stems are offered with only letters, digits, `-`, `_` and `.`.
    pub fn load(files: &[String]) -> Result<Catalogue, Failure> {
        let mut entries: Vec<(String, String, String)> = Vec::new();
        for path in files {
            let names = if path.ends_with(".ron") || path.ends_with(".json") {
                vec![super::load::load_game(path, None)?.rules().variant.clone()]
            } else {
                let source = super::load::read(path)?;
                varia::variant_names_at(&source, std::path::Path::new(path))
                    .map_err(|e| super::load::render_load_error(path, &source, e))?
            };
            let stem = offered(
                &std::path::Path::new(path)
                    .file_stem()
                    .map(|s| s.to_string_lossy().to_string())
                    .unwrap_or_default(),
            );
            for v in names {
                let taken = |n: &str| entries.iter().any(|e| e.0 == n);
                let clean = offered(&v);
                let mut name = clean.clone();
                if taken(&name) {
                    name = format!("{stem}-{clean}");
                }
                let mut n = 2;
                while taken(&name) {
                    name = format!("{stem}-{clean}-{n}");
                    n += 1;
                }
                entries.push((name, path.clone(), v));
            }
        }
        if entries.is_empty() {
            return Err(Failure("error: no variant to play".into()));
        }
        Ok(Catalogue {
            entries,
            games: HashMap::new(),
            weights: Vec::new(),
            threads: 1,
        })
    }

    /// Reads weights files (`--weights`), each checked against the variant it was tuned for,
    /// which must be one of those offered.
    pub fn add_weights(&mut self, paths: &[String]) -> Result<(), Failure> {
        for path in paths {
            let w = super::load::read_weights(path)?;
            let names: Vec<String> = self
                .entries
                .iter()
                .filter(|e| w.variant.ends_with(&format!("/{}", e.2)))
                .map(|e| e.0.clone())
                .collect();
            let mut fits = false;
            for n in names {
                let g = self.game(&n).map_err(|e| Failure(format!("error: {e}")))?;
                fits |= super::load::weights_for(path, &w, &g)?.is_some();
            }
            if !fits {
                return Err(Failure(format!(
                    "error: {path}: the weights are for `{}`, which none of the files offers",
                    w.variant
                )));
            }
            self.weights.push(w);
        }
        Ok(())
    }

    /// A searcher for a game, evaluating with the weights read for its variant, if any, on the
    /// catalogue's threads.
    pub fn searcher(&self, game: &Arc<Game>, hash_mb: usize) -> Searcher {
        let mut s = Searcher::new(game.clone(), hash_mb);
        s.set_threads(self.threads);
        let name = varia::search::variant_name(game);
        if let Some(w) = self
            .weights
            .iter()
            .find(|w| w.variant == name && w.check(game).is_ok())
        {
            s.set_weights(w);
        }
        s
    }

    /// Gets the names offered, the first file's main variant first.
    pub fn names(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.0.clone()).collect()
    }

    /// Compiles (once) and gets the game of a name.
    pub fn game(&mut self, name: &str) -> Result<Arc<Game>, String> {
        if let Some(g) = self.games.get(name) {
            return Ok(g.clone());
        }
        let Some((_, path, variant)) = self.entries.iter().find(|e| e.0 == name) else {
            return Err(format!("unknown variant `{name}`"));
        };
        let game = super::load::load_game(path, Some(variant))
            .map(Arc::new)
            .map_err(|Failure(m)| m.lines().next().unwrap_or_default().to_string())?;
        self.games.insert(name.to_string(), game.clone());
        Ok(game)
    }
}

/// What the input loop of a protocol hears: a line of input, a line over [`MAX_LINE`] bytes
/// (dropped), its end, or a finished search.
pub enum Event {
    Input(String),
    TooLong,
    Closed,
    Done(Box<Done>),
}

/// A finished search, with the searcher handed back.
pub struct Done {
    pub id: u64,
    pub result: SearchResult,
    pub searcher: Searcher,
}

/// Standard input read on a thread of its own, and searches run on another, both reporting as
/// events in order.
pub struct Worker {
    tx: Sender<Event>,
    rx: Receiver<Event>,
    pending: VecDeque<Event>,
    running: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
}

impl Worker {
    /// Starts reading standard input.
    pub fn new() -> Worker {
        let (tx, rx) = channel();
        let input = tx.clone();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            loop {
                let event = match read_line(&mut lock, MAX_LINE) {
                    Input::End => break,
                    Input::TooLong => Event::TooLong,
                    Input::Line(l) => Event::Input(String::from_utf8_lossy(&l).trim().to_string()),
                };
                if input.send(event).is_err() {
                    return;
                }
            }
            let _ = input.send(Event::Closed);
        });
        Worker {
            tx,
            rx,
            pending: VecDeque::new(),
            running: None,
            next_id: 0,
        }
    }

    /// Waits for the next event.
    pub fn next(&mut self) -> Event {
        if let Some(e) = self.pending.pop_front() {
            return e;
        }
        self.rx.recv().unwrap_or(Event::Closed)
    }

    /// Tells whether a search is running.
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Marks the running search as finished (its `Done` event has arrived).
    pub fn finished(&mut self, id: u64) {
        if self.running.as_ref().is_some_and(|r| r.0 == id) {
            self.running = None;
        }
    }

    /// Starts a search on its own thread; `infinite` keeps it from reporting before it is
    /// stopped. Returns the search's id.
    pub fn start(
        &mut self,
        mut searcher: Searcher,
        line: &Line,
        mut limits: Limits,
        infinite: bool,
        mut info: Box<dyn FnMut(&Info) + Send>,
    ) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        let stop = Arc::new(AtomicBool::new(false));
        limits.stop = Some(stop.clone());
        self.running = Some((id, stop.clone()));
        let pos = line.current().clone();
        let tx = self.tx.clone();
        std::thread::spawn(move || {
            let result = searcher.search(&pos, &limits, &mut *info);
            while infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            let _ = tx.send(Event::Done(Box::new(Done {
                id,
                result,
                searcher,
            })));
        });
        id
    }

    /// Stops the running search and waits for it; input that arrives meanwhile is kept for
    /// later.
    pub fn stop(&mut self) -> Option<Done> {
        let (id, flag) = self.running.take()?;
        flag.store(true, Ordering::Relaxed);
        loop {
            match self.rx.recv() {
                Ok(Event::Done(d)) if d.id == id => return Some(*d),
                Ok(Event::Done(_)) => {}
                Ok(e) => self.pending.push_back(e),
                Err(_) => return None,
            }
        }
    }

    /// Asks the running search to stop without waiting for it.
    pub fn interrupt(&self) {
        if let Some((_, flag)) = &self.running {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Parses a number argument of a protocol command.
pub fn number<T: std::str::FromStr>(s: Option<&str>) -> Option<T> {
    s.and_then(|s| s.parse().ok())
}

/// Resizes the hash table of a front end's searcher (made for `game` with `*hash_mb` if there is
/// none yet) to `mb` megabytes; where the memory cannot be reserved, `Err` with the size kept.
pub fn resize_hash(
    searcher: &mut Option<Searcher>,
    make: impl FnOnce(usize) -> Searcher,
    hash_mb: &mut usize,
    mb: usize,
) -> Result<(), usize> {
    let old = *hash_mb;
    let s = searcher.get_or_insert_with(|| make(old));
    s.set_hash(mb).map_err(|_| old)?;
    *hash_mb = mb;
    Ok(())
}

/// The threads asked for, or the number of cores.
pub fn threads_or_cores(threads: Option<u64>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| usize::try_from(t).unwrap_or(usize::MAX),
    )
}
