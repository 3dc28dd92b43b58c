//! The scenario format (see `README.md` in this folder): a parser into steps, and a runner
//! that plays each case through the public API and reports every expectation that fails as
//! `file:line: case NAME: what`, with the expected and the actual value.
//!
//! Everything the runner asks of the library goes through [`api`], so that a change of the
//! public API (how a move is represented, say) touches that module only.
#![allow(dead_code)]

use std::collections::HashMap;

/// One line of a case, with its line number in the file.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// A shipped definition, relative to the crate root.
    Definition(String),
    /// A variant of the current definition.
    Variant(String),
    /// An inline definition, after template expansion.
    Source(String),
    /// The position to start from: a FEN, or `start`.
    Position(String),
    /// Moves to play, one after the other.
    Play(Vec<String>),
    /// The exact set of legal moves.
    Moves(Vec<String>),
    /// The exact set of legal moves that start with a cell (or `X@`, the drops of `X`).
    MovesFrom(String, Vec<String>),
    /// Moves that must be legal.
    Include(Vec<String>),
    /// Moves that must not be legal.
    Exclude(Vec<String>),
    /// The number of legal moves.
    Count(usize),
    /// The leaf count of perft at a depth.
    Perft(u32, u64),
    /// The FEN of the current position.
    Fen(String),
    /// The status of the current position (see [`api::status`]).
    Status(String),
    /// The exact error of the previous step (a refused FEN or move).
    Error(String),
    /// One diagnostic of the definition: its line in the source and its message.
    Diagnostic(usize, String),
    /// One warning of `varia check` on the definition: its line and column, and its message.
    Warning(usize, usize, String),
    /// `varia check` gives the definition no warning.
    NoWarnings,
}

/// A case: a name, the rule IDs it covers, and its steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    pub name: String,
    pub line: usize,
    pub rules: Vec<String>,
    pub steps: Vec<(usize, Step)>,
}

/// A parsed file: the header's steps (a default definition for every case) and the cases.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub name: String,
    pub header: Vec<(usize, Step)>,
    pub cases: Vec<Case>,
}

/// A list of moves, sorted; `none` is the empty list, and a move named twice is a mistake.
fn list(s: &str) -> Result<Vec<String>, String> {
    let s = s.trim();
    if s == "none" {
        return Ok(Vec::new());
    }
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("`{}` twice in a list", w[0]));
    }
    Ok(v)
}

/// Splits `key = value` where the key is exactly `key`.
fn expect<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(key)?;
    let rest = rest.trim_start();
    rest.strip_prefix('=').map(str::trim)
}

/// Parses a scenario file; an error names `file:line`.
pub fn parse(name: &str, text: &str) -> Result<File, String> {
    let mut file = File {
        name: name.to_string(),
        header: Vec::new(),
        cases: Vec::new(),
    };
    let mut templates: HashMap<String, Vec<String>> = HashMap::new();
    // The template or source block being read: (template name or None, first line, lines).
    let mut block: Option<(Option<String>, usize, Vec<String>)> = None;
    let lines: Vec<&str> = text.lines().collect();
    let err = |n: usize, msg: String| format!("{name}:{n}: {msg}");
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim_end();
        if let Some(body) = line.strip_prefix('|') {
            let body = body.strip_prefix(' ').unwrap_or(body);
            let Some((_, _, ls)) = block.as_mut() else {
                return Err(err(n, "a `|` line outside `source` or `template`".into()));
            };
            let t = body.trim();
            if let Some(tname) = t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                let Some(tl) = templates.get(tname) else {
                    return Err(err(n, format!("no template `{tname}`")));
                };
                ls.extend(tl.iter().cloned());
            } else {
                ls.push(body.to_string());
            }
            continue;
        }
        // Any other line ends a block.
        if let Some((tname, first, ls)) = block.take() {
            match tname {
                Some(t) => {
                    templates.insert(t, ls);
                }
                None => {
                    let mut src = ls.join("\n");
                    src.push('\n');
                    push(&mut file, first, Step::Source(src));
                }
            }
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let list = |s: &str| list(s).map_err(|e| err(n, e));
        let step = match word {
            "case" => {
                if rest.is_empty() || rest.contains(' ') {
                    return Err(err(n, "`case` takes one name".into()));
                }
                file.cases.push(Case {
                    name: rest.to_string(),
                    line: n,
                    rules: Vec::new(),
                    steps: Vec::new(),
                });
                continue;
            }
            "rules" => {
                let Some(c) = file.cases.last_mut() else {
                    return Err(err(n, "`rules` outside a case".into()));
                };
                c.rules.extend(rest.split_whitespace().map(str::to_string));
                continue;
            }
            "template" => {
                if rest.is_empty() {
                    return Err(err(n, "`template` takes a name".into()));
                }
                block = Some((Some(rest.to_string()), n, Vec::new()));
                continue;
            }
            "source" => {
                block = Some((None, n, Vec::new()));
                continue;
            }
            "definition" => Step::Definition(rest.to_string()),
            "variant" => Step::Variant(rest.to_string()),
            "position" => Step::Position(rest.to_string()),
            "play" => Step::Play(rest.split_whitespace().map(str::to_string).collect()),
            "moves" => {
                if let Some(v) = expect(line, "moves") {
                    Step::Moves(list(v)?)
                } else if let Some(v) = expect(line, "moves count") {
                    Step::Count(
                        v.parse()
                            .map_err(|_| err(n, format!("not a count: `{v}`")))?,
                    )
                } else if let Some(r) = rest.strip_prefix("include ") {
                    Step::Include(list(r)?)
                } else if let Some(r) = rest.strip_prefix("exclude ") {
                    Step::Exclude(list(r)?)
                } else if let Some(r) = rest.strip_prefix("from ") {
                    let Some((from, v)) = r.split_once('=') else {
                        return Err(err(n, "expected `moves from CELL = MOVES`".into()));
                    };
                    Step::MovesFrom(from.trim().to_string(), list(v)?)
                } else {
                    return Err(err(n, format!("unknown expectation `{line}`")));
                }
            }
            "perft" => {
                let Some((d, c)) = rest.split_once('=') else {
                    return Err(err(n, "expected `perft DEPTH = COUNT`".into()));
                };
                let d = d.trim().parse().map_err(|_| err(n, "not a depth".into()))?;
                let c = c.trim().parse().map_err(|_| err(n, "not a count".into()))?;
                Step::Perft(d, c)
            }
            "fen" => Step::Fen(
                expect(line, "fen")
                    .ok_or_else(|| err(n, "expected `fen = FEN`".into()))?
                    .to_string(),
            ),
            "status" => Step::Status(
                expect(line, "status")
                    .ok_or_else(|| err(n, "expected `status = STATUS`".into()))?
                    .to_string(),
            ),
            "error" => Step::Error(
                expect(line, "error")
                    .ok_or_else(|| err(n, "expected `error = MESSAGE`".into()))?
                    .to_string(),
            ),
            "diagnostic" => {
                let Some((l, m)) = rest.split_once('=') else {
                    return Err(err(n, "expected `diagnostic LINE = MESSAGE`".into()));
                };
                let l = l
                    .trim()
                    .parse()
                    .map_err(|_| err(n, "not a line number".into()))?;
                Step::Diagnostic(l, m.trim().to_string())
            }
            "warning" => {
                let parsed = rest.split_once('=').and_then(|(at, m)| {
                    let (l, c) = at.trim().split_once(':')?;
                    Some((l.parse().ok()?, c.parse().ok()?, m.trim().to_string()))
                });
                let Some((l, c, m)) = parsed else {
                    return Err(err(n, "expected `warning LINE:COLUMN = MESSAGE`".into()));
                };
                Step::Warning(l, c, m)
            }
            "warnings" => match expect(line, "warnings") {
                Some("none") => Step::NoWarnings,
                _ => return Err(err(n, "expected `warnings = none`".into())),
            },
            _ => return Err(err(n, format!("unknown word `{word}`"))),
        };
        push(&mut file, n, step);
    }
    if let Some((tname, first, ls)) = block.take() {
        match tname {
            Some(t) => {
                templates.insert(t, ls);
            }
            None => {
                let mut src = ls.join("\n");
                src.push('\n');
                push(&mut file, first, Step::Source(src));
            }
        }
    }
    Ok(file)
}

fn push(file: &mut File, n: usize, step: Step) {
    match file.cases.last_mut() {
        Some(c) => c.steps.push((n, step)),
        None => file.header.push((n, step)),
    }
}

/// The one place that talks to the library.
pub mod api {
    use varia::{Game, LoadError, Position, Status};

    /// Loads a definition: a shipped file (relative to the crate root) or an inline source.
    /// A definition error gives its diagnostics as (line, message).
    pub fn load(
        path: Option<&str>,
        source: Option<&str>,
        variant: Option<&str>,
    ) -> Result<Game, Result<Vec<(usize, String)>, String>> {
        let text = match (path, source) {
            (_, Some(s)) => s.to_string(),
            (Some(p), None) => {
                let full = format!("{}/{p}", env!("CARGO_MANIFEST_DIR"));
                std::fs::read_to_string(&full).map_err(|e| Err(format!("{full}: {e}")))?
            }
            (None, None) => return Err(Err("no definition given".into())),
        };
        match varia::load_str(&text, variant) {
            Ok(g) => Ok(g),
            Err(LoadError::Definition(ds)) => Err(Ok(ds
                .iter()
                .map(|d| {
                    (
                        text[..d.span.start.min(text.len())].matches('\n').count() + 1,
                        d.message.clone(),
                    )
                })
                .collect())),
            Err(e) => Err(Err(e.to_string())),
        }
    }

    /// The warnings `varia check` gives a definition, as (line, column, message); an error if
    /// the definition does not load.
    pub fn warnings(
        path: Option<&str>,
        source: Option<&str>,
    ) -> Result<Vec<(usize, usize, String)>, String> {
        let text = match (path, source) {
            (_, Some(s)) => s.to_string(),
            (Some(p), None) => {
                let full = format!("{}/{p}", env!("CARGO_MANIFEST_DIR"));
                std::fs::read_to_string(&full).map_err(|e| format!("{full}: {e}"))?
            }
            (None, None) => return Err("no definition given".into()),
        };
        let checked = varia::check_all(&text).map_err(|e| match e {
            LoadError::Definition(ds) => format!(
                "the definition does not load: {}",
                ds.iter()
                    .map(|d| d.message.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            e => e.to_string(),
        })?;
        Ok(checked
            .warnings
            .iter()
            .map(|w| {
                let before = &text[..w.span.start.min(text.len())];
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                (
                    before.matches('\n').count() + 1,
                    before[line_start..].chars().count() + 1,
                    w.message.clone(),
                )
            })
            .collect())
    }

    pub fn position(g: &Game, fen: &str) -> Result<Position, String> {
        if fen == "start" {
            Ok(g.start())
        } else {
            g.parse_fen(fen).map_err(|e| e.to_string())
        }
    }

    /// The legal moves as strings, sorted.
    pub fn moves(g: &Game, p: &Position) -> Vec<String> {
        let mut v: Vec<String> = g
            .legal_moves(p)
            .iter()
            .map(|m| g.move_to_string(m))
            .collect();
        v.sort();
        v
    }

    /// Plays a move given as a string; the error is the library's message.
    pub fn play(g: &Game, p: &mut Position, m: &str) -> Result<(), String> {
        let mv = g.parse_move(p, m).map_err(|e| e.to_string())?;
        g.play(p, &mv).map_err(|e| e.to_string())
    }

    pub fn fen(g: &Game, p: &Position) -> String {
        g.fen(p)
    }

    pub fn perft(g: &Game, p: &Position, depth: u32) -> Result<u64, String> {
        g.perft(p, depth).map_err(|e| e.to_string())
    }

    /// The status in words: `ongoing`, `check` (ongoing, in check), or the reason as
    /// `Reason::name` spells it, then `<winner> wins`, `draw` or `<player to move> eliminated`.
    pub fn status(g: &Game, p: &Position) -> String {
        let name = |i: usize| g.rules().players[i].name.clone();
        match g.status(p) {
            Status::Ongoing { in_check: false } => "ongoing".into(),
            Status::Ongoing { in_check: true } => "check".into(),
            Status::Over(e) => {
                use varia::rules::Outcome;
                let mover = p.side_to_move();
                let mut s = format!("{}, ", e.reason.name());
                let natural = match e.winner {
                    None => Outcome::Draw,
                    Some(w) if w == mover => Outcome::Win,
                    Some(_) => Outcome::Loss,
                };
                match (e.outcome, e.winner) {
                    (Outcome::Elimination, None) => {
                        s += &format!("{} eliminated", name(mover.index()))
                    }
                    (o, w) => {
                        s += &match w {
                            Some(w) => format!("{} wins", name(w.index())),
                            None => "draw".into(),
                        };
                        if o != natural {
                            s += &format!(", {} {o:?}", name(mover.index()));
                        }
                    }
                }
                s
            }
        }
    }
}

/// Moves of `all` that start on `from` (a cell, not a longer cell name) or, for `X@`, drops
/// of `X`.
pub fn moves_from(all: &[String], from: &str) -> Vec<String> {
    all.iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .cloned()
        .collect()
}

fn diff(want: &[String], got: &[String]) -> String {
    let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
    let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
    format!(
        "\n    expected: {}\n    got:      {}\n    missing:  {}\n    extra:    {}",
        show(want),
        show(got),
        show(&missing),
        show(&extra)
    )
}

fn show<T: AsRef<str>>(v: &[T]) -> String {
    if v.is_empty() {
        "none".into()
    } else {
        v.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(" ")
    }
}

/// Where a case stands while it runs.
struct State {
    path: Option<String>,
    source: Option<String>,
    variant: Option<String>,
    game: Option<varia::Game>,
    pos: Option<varia::Position>,
    /// The error of the last step, to be claimed by an `error =` line.
    pending: Option<(usize, String)>,
    /// The definition's diagnostics when it failed to load.
    diagnostics: Option<Vec<(usize, String)>>,
    claimed: usize,
    /// The definition's warnings, once a step asked for them, and how many were claimed.
    warnings: Option<Vec<(usize, usize, String)>>,
    warned: usize,
}

/// Runs every case of a file; returns the failures, one message each.
pub fn run(file: &File) -> Vec<String> {
    let mut failures = Vec::new();
    for case in &file.cases {
        run_case(file, case, &mut failures);
    }
    failures
}

fn run_case(file: &File, case: &Case, failures: &mut Vec<String>) {
    let mut st = State {
        path: None,
        source: None,
        variant: None,
        game: None,
        pos: None,
        pending: None,
        diagnostics: None,
        claimed: 0,
        warnings: None,
        warned: 0,
    };
    let at = |n: usize| format!("{}:{n}: case {}", file.name, case.name);
    let steps: Vec<&(usize, Step)> = file.header.iter().chain(&case.steps).collect();
    for (n, step) in steps {
        let n = *n;
        if let Some((pn, e)) = st.pending.take() {
            match step {
                Step::Error(want) => {
                    if *want != e {
                        failures.push(format!(
                            "{}: error\n    expected: {want}\n    got:      {e}",
                            at(n)
                        ));
                    }
                    continue;
                }
                _ => {
                    failures.push(format!("{}: unexpected error: {e}", at(pn)));
                    return;
                }
            }
        }
        match step {
            Step::Definition(p) => {
                st.path = Some(p.clone());
                st.source = None;
                st.variant = None;
                st.game = None;
                st.pos = None;
                st.diagnostics = None;
                st.claimed = 0;
                st.warnings = None;
                st.warned = 0;
            }
            Step::Source(s) => {
                st.source = Some(s.clone());
                st.path = None;
                st.variant = None;
                st.game = None;
                st.pos = None;
                st.diagnostics = None;
                st.claimed = 0;
                st.warnings = None;
                st.warned = 0;
            }
            Step::Variant(v) => {
                st.variant = Some(v.clone());
                st.game = None;
                st.pos = None;
                st.diagnostics = None;
                st.claimed = 0;
                st.warnings = None;
                st.warned = 0;
            }
            Step::Diagnostic(line, msg) => {
                if st.diagnostics.is_none() {
                    match api::load(
                        st.path.as_deref(),
                        st.source.as_deref(),
                        st.variant.as_deref(),
                    ) {
                        Ok(_) => {
                            failures.push(format!(
                                "{}: diagnostic\n    expected: {line}: {msg}\n    got:      the definition loads",
                                at(n)
                            ));
                            return;
                        }
                        Err(Err(e)) => {
                            failures.push(format!("{}: {e}", at(n)));
                            return;
                        }
                        Err(Ok(ds)) => st.diagnostics = Some(ds),
                    }
                }
                let ds = st.diagnostics.as_ref().unwrap();
                let got = ds.get(st.claimed);
                if got != Some(&(*line, msg.clone())) {
                    failures.push(format!(
                        "{}: diagnostic {}\n    expected: {line}: {msg}\n    got:      {}",
                        at(n),
                        st.claimed + 1,
                        got.map_or("no more diagnostics".into(), |(l, m)| format!("{l}: {m}"))
                    ));
                    return;
                }
                st.claimed += 1;
            }
            Step::Warning(..) | Step::NoWarnings => {
                if st.warnings.is_none() {
                    match api::warnings(st.path.as_deref(), st.source.as_deref()) {
                        Ok(ws) => st.warnings = Some(ws),
                        Err(e) => {
                            failures.push(format!("{}: {e}", at(n)));
                            return;
                        }
                    }
                }
                let ws = st.warnings.as_ref().unwrap();
                let show = |w: Option<&(usize, usize, String)>| {
                    w.map_or("no more warnings".into(), |(l, c, m)| {
                        format!("{l}:{c}: {m}")
                    })
                };
                if let Step::Warning(l, c, m) = step {
                    let got = ws.get(st.warned);
                    if got != Some(&(*l, *c, m.clone())) {
                        failures.push(format!(
                            "{}: warning {}\n    expected: {l}:{c}: {m}\n    got:      {}",
                            at(n),
                            st.warned + 1,
                            show(got)
                        ));
                        return;
                    }
                    st.warned += 1;
                } else if let Some(w) = ws.first() {
                    failures.push(format!(
                        "{}: warnings\n    expected: none\n    got:      {}",
                        at(n),
                        show(Some(w))
                    ));
                    return;
                }
            }
            Step::Error(e) => {
                failures.push(format!(
                    "{}: error\n    expected: {e}\n    got:      no error",
                    at(n)
                ));
                return;
            }
            _ => {
                if st.game.is_none() {
                    match api::load(
                        st.path.as_deref(),
                        st.source.as_deref(),
                        st.variant.as_deref(),
                    ) {
                        Ok(g) => st.game = Some(g),
                        Err(Ok(ds)) => {
                            failures.push(format!(
                                "{}: the definition does not load:\n    {}",
                                at(n),
                                ds.iter()
                                    .map(|(l, m)| format!("{l}: {m}"))
                                    .collect::<Vec<_>>()
                                    .join("\n    ")
                            ));
                            return;
                        }
                        Err(Err(e)) => {
                            failures.push(format!("{}: {e}", at(n)));
                            return;
                        }
                    }
                }
                let g = st.game.as_ref().unwrap();
                if let Step::Position(f) = step {
                    match api::position(g, f) {
                        Ok(p) => st.pos = Some(p),
                        Err(e) => {
                            st.pos = None;
                            st.pending = Some((n, e));
                        }
                    }
                    continue;
                }
                let Some(pos) = st.pos.as_mut() else {
                    failures.push(format!("{}: no position (write `position FEN`)", at(n)));
                    return;
                };
                match step {
                    Step::Play(ms) => {
                        for m in ms {
                            if let Err(e) = api::play(g, pos, m) {
                                st.pending = Some((n, format!("{m} in {}: {e}", api::fen(g, pos))));
                                break;
                            }
                        }
                    }
                    Step::Moves(want) => {
                        let got = api::moves(g, pos);
                        if *want != got {
                            failures.push(format!("{}: moves{}", at(n), diff(want, &got)));
                        }
                    }
                    Step::MovesFrom(from, want) => {
                        let got = moves_from(&api::moves(g, pos), from);
                        if *want != got {
                            failures.push(format!(
                                "{}: moves from {from}{}",
                                at(n),
                                diff(want, &got)
                            ));
                        }
                    }
                    Step::Include(want) => {
                        let got = api::moves(g, pos);
                        let missing: Vec<&String> =
                            want.iter().filter(|m| !got.contains(m)).collect();
                        if !missing.is_empty() {
                            failures.push(format!(
                                "{}: moves include\n    not legal: {}\n    legal:     {}",
                                at(n),
                                show(&missing),
                                show(&got)
                            ));
                        }
                    }
                    Step::Exclude(want) => {
                        let got = api::moves(g, pos);
                        let there: Vec<&String> = want.iter().filter(|m| got.contains(m)).collect();
                        if !there.is_empty() {
                            failures.push(format!(
                                "{}: moves exclude\n    legal: {}",
                                at(n),
                                show(&there)
                            ));
                        }
                    }
                    Step::Count(want) => {
                        let got = api::moves(g, pos).len();
                        if *want != got {
                            failures.push(format!(
                                "{}: moves count\n    expected: {want}\n    got:      {got}",
                                at(n)
                            ));
                        }
                    }
                    Step::Perft(d, want) => match api::perft(g, pos, *d) {
                        Ok(got) if got == *want => {}
                        Ok(got) => failures.push(format!(
                            "{}: perft {d}\n    expected: {want}\n    got:      {got}",
                            at(n)
                        )),
                        Err(e) => failures.push(format!(
                            "{}: perft {d}\n    expected: {want}\n    got:      error: {e}",
                            at(n)
                        )),
                    },
                    Step::Fen(want) => {
                        let got = api::fen(g, pos);
                        if *want != got {
                            failures.push(format!(
                                "{}: fen\n    expected: {want}\n    got:      {got}",
                                at(n)
                            ));
                        }
                    }
                    Step::Status(want) => {
                        let got = api::status(g, pos);
                        if *want != got {
                            failures.push(format!(
                                "{}: status\n    expected: {want}\n    got:      {got}",
                                at(n)
                            ));
                        }
                    }
                    _ => unreachable!(),
                }
            }
        }
    }
    if let Some((pn, e)) = st.pending {
        failures.push(format!("{}: unexpected error: {e}", at(pn)));
    }
    if let Some(ws) = &st.warnings
        && st.warned < ws.len()
    {
        failures.push(format!(
            "{}: more warnings than expected:\n    {}",
            at(case.line),
            ws[st.warned..]
                .iter()
                .map(|(l, c, m)| format!("{l}:{c}: {m}"))
                .collect::<Vec<_>>()
                .join("\n    ")
        ));
    }
    if let Some(ds) = &st.diagnostics
        && st.claimed < ds.len()
    {
        failures.push(format!(
            "{}: more diagnostics than expected:\n    {}",
            at(case.line),
            ds[st.claimed..]
                .iter()
                .map(|(l, m)| format!("{l}: {m}"))
                .collect::<Vec<_>>()
                .join("\n    ")
        ));
    }
}
