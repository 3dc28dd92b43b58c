//! Deterministic fuzzing: many malformed definitions, FENs and move strings, none of which may make
//! the library panic. A simple LCG drives the mutations, so every run sees the same inputs.
//!
//! (a) mutated shipped definitions through `varia::compile` (and the renderer, and the engine when
//!     one still compiles); (b) mutated and random FENs through `Game::parse_fen`, then
//!     `legal_moves`, `fen`, `status` and a few moves; (c) random move strings through
//!     `Game::parse_move`.
//!
//! Each input runs under `catch_unwind`; a panic is recorded with its input and the test fails at
//! the end listing the shortest inputs that panicked. Debug builds run fewer inputs.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;
use varia::engine::FenError;
use varia::{Game, LoadError, Position};

const CLASSICS: [&str; 5] = ["chess", "crazyhouse", "minishogi", "shogi", "xiangqi"];

/// Fewer iterations without optimisation, so plain `cargo test` stays quick.
const SCALE: usize = if cfg!(debug_assertions) { 1 } else { 5 };

fn source(game: &str) -> String {
    let path = format!(
        "{}/definitions/classic/{game}.varia",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("definition exists")
}

fn game(name: &str) -> Game {
    varia::load_str(&source(name), None).expect("a shipped definition loads")
}

// ---------------------------------------------------------------------------------------------
// randomness

/// Knuth's MMIX LCG; the high bits are used.
struct Lcg(u64);

impl Lcg {
    fn new(seed: u64) -> Lcg {
        Lcg(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1))
    }

    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

// ---------------------------------------------------------------------------------------------
// collecting panics

thread_local! {
    /// Where the last panic on this thread happened.
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Installs (once) a panic hook that remembers each panic's location for its thread, then prints
/// as usual.
fn track_panic_locations() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let at = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
                .unwrap_or_default();
            LAST_PANIC.with(|p| *p.borrow_mut() = at);
            default(info);
        }));
    });
}

/// Inputs that panicked, with the panic message and location.
struct Failures(Vec<(String, String)>);

impl Default for Failures {
    fn default() -> Self {
        track_panic_locations();
        Failures(Vec::new())
    }
}

impl Failures {
    /// Runs `f` on `input`; records a panic instead of unwinding.
    fn run(&mut self, input: &str, f: impl FnOnce()) {
        if self.0.len() >= 50 {
            // Enough examples; skip the rest quietly.
            return;
        }
        if let Err(e) = catch_unwind(AssertUnwindSafe(f)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "non-string panic".into());
            let at = LAST_PANIC.with(|p| p.borrow().clone());
            self.0.push((input.to_string(), format!("{msg} at {at}")));
        }
    }

    fn assert_none(mut self, what: &str) {
        if self.0.is_empty() {
            return;
        }
        let n = self.0.len();
        self.0.sort_by_key(|(input, _)| input.len());
        let mut shown = Vec::new();
        let mut messages: Vec<&str> = Vec::new();
        for (input, msg) in &self.0 {
            // One example per distinct message, shortest first.
            if messages.contains(&msg.as_str()) {
                continue;
            }
            messages.push(msg);
            shown.push(format!(
                "--- panic: {msg}\n--- input ({} bytes):\n{input:?}",
                input.len()
            ));
            if shown.len() == 5 {
                break;
            }
        }
        panic!(
            "{what}: {n} input(s) panicked; shortest per message:\n{}",
            shown.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// (a) definitions

/// Words of the language and troublesome values, for token-level mutations.
const DEF_TOKENS: &[&str] = &[
    "game",
    "board",
    "x",
    "holes",
    "player",
    "north",
    "south",
    "east",
    "west",
    "zone",
    "for",
    "=",
    "setup",
    "captures go to hand",
    "no drop where stuck",
    "royals may not face",
    "castling",
    "with",
    "checkmate",
    "stalemate",
    "win",
    "loss",
    "draw",
    "piece",
    "value",
    "royal",
    "moves",
    "in",
    "confined to",
    "never enters",
    "promotes to",
    "when",
    "entering",
    "ending in",
    "starting or ending in",
    "leaving",
    "optional",
    "compulsory",
    "compulsory when stuck",
    "drops in",
    "at most",
    "per file",
    "drop may not mate",
    "en passant",
    "variant",
    "extends",
    "rank",
    "ranks",
    "file",
    "files",
    "all",
    "a1",
    "i1",
    "p16",
    "a0",
    "a1-h8",
    "a1-z99",
    "1-16",
    "9-1",
    "0",
    "1",
    "2",
    "8",
    "9",
    "16",
    "17",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "99999999999999999999",
    "-1",
    "K",
    "Q",
    "+P",
    "+",
    "R",
    "B",
    "N",
    "P",
    "Z",
    "King",
    "Queen",
    "Rook",
    "Pawn",
    "back-rank",
    "pawn-start",
    "camp",
    "palace",
    "white",
    "black",
    "(0,0)",
    "(15,15)",
    "(16,1)",
    "(-15,-15)",
    "(1,-1)",
    "(99999999999,1)",
    "R0",
    "R255",
    "R256",
    "N*",
    "NN",
    "mfnD",
    "cpR",
    "xR",
    "pN",
    "ffN",
    "fsbW",
    "bbN",
    "llW",
    "vsW",
    "lrF",
    "mcF",
    "W99",
    "Q*",
    "fffW",
    "\n",
    "\n  ",
    "#",
    "\"",
    "\"Title\"",
    ",",
    "-",
    "[",
    "]",
    "\t",
];

/// Odd characters for byte-level mutations, besides printable ASCII.
const ODD_CHARS: &[char] = &[
    '\n', '\t', '\r', '\0', 'é', '♜', '\u{FEFF}', '\u{200B}', '𝕏',
];

fn random_char(rng: &mut Lcg) -> char {
    if rng.chance(15) {
        *rng.pick(ODD_CHARS)
    } else {
        (b' ' + rng.below(95) as u8) as char
    }
}

/// Applies one random mutation to a definition.
fn mutate_definition(rng: &mut Lcg, text: &str, main: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let lines: Vec<&str> = text.split('\n').collect();
    match rng.below(11) {
        // Delete a run of characters.
        0 if n > 0 => {
            let at = rng.below(n);
            let len = 1 + rng.below(8);
            chars.drain(at..(at + len).min(n));
            chars.into_iter().collect()
        }
        // Insert a character.
        1 => {
            let at = rng.below(n + 1);
            chars.insert(at, random_char(rng));
            chars.into_iter().collect()
        }
        // Replace a character.
        2 if n > 0 => {
            let at = rng.below(n);
            chars[at] = random_char(rng);
            chars.into_iter().collect()
        }
        // Replace a word by a token.
        3 => {
            let mut words: Vec<String> = text.split(' ').map(String::from).collect();
            let i = rng.below(words.len());
            let keep_newline = words[i].ends_with('\n');
            words[i] = rng.pick(DEF_TOKENS).to_string();
            if keep_newline {
                words[i].push('\n');
            }
            words.join(" ")
        }
        // Insert a token.
        4 => {
            let at = rng.below(n + 1);
            let tok: Vec<char> = format!(" {} ", rng.pick(DEF_TOKENS)).chars().collect();
            chars.splice(at..at, tok);
            chars.into_iter().collect()
        }
        // Delete a line.
        5 => {
            let mut l = lines.clone();
            l.remove(rng.below(l.len()));
            l.join("\n")
        }
        // Duplicate a line, somewhere.
        6 => {
            let mut l = lines.clone();
            let line = l[rng.below(l.len())];
            l.insert(rng.below(l.len() + 1), line);
            l.join("\n")
        }
        // Swap two lines.
        7 => {
            let mut l = lines.clone();
            let (a, b) = (rng.below(l.len()), rng.below(l.len()));
            l.swap(a, b);
            l.join("\n")
        }
        // Truncate.
        8 => chars[..rng.below(n + 1)].iter().collect(),
        // Append a variant made of lines of the file.
        9 => {
            let parent = if rng.chance(70) {
                main.to_string()
            } else {
                format!("v{}", rng.below(3))
            };
            let mut out = format!("{text}\nvariant v{} extends {parent}\n", rng.below(3));
            for _ in 0..rng.below(4) {
                out += *rng.pick(&lines);
                out.push('\n');
            }
            out
        }
        // Replace a number by another number.
        _ => {
            let digits: Vec<usize> = (0..n).filter(|&i| chars[i].is_ascii_digit()).collect();
            if digits.is_empty() {
                return text.to_string();
            }
            let at = *rng.pick(&digits);
            let mut end = at;
            while end < n && chars[end].is_ascii_digit() {
                end += 1;
            }
            let num = *rng.pick(&[
                "0",
                "1",
                "9",
                "16",
                "17",
                "255",
                "256",
                "4294967296",
                "99999999999999999999",
            ]);
            chars.splice(at..end, num.chars());
            chars.into_iter().collect()
        }
    }
}

/// Everything a definition that compiled may be asked to do.
fn exercise_rules(rules: varia::RuleSet) {
    // What lowering accepts must also pass the checks applied to imported rule sets.
    let game = Game::new(rules.clone()).expect("a compiled rule set validates");
    let json = serde_json::to_string(&rules).expect("serialises");
    let back: varia::RuleSet = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, rules);
    let start = game.start();
    let fen = game.fen(&start);
    let again = game.parse_fen(&fen).expect("the engine reads its own FEN");
    assert_eq!(game.fen(&again), fen);
    let _ = game.status(&start);
    let moves = game.legal_moves(&start);
    for m in moves.iter().take(12) {
        let s = game.move_to_string(m);
        let _ = game.parse_move(&start, &s);
        let child = game.make(&start, m);
        let _ = game.status(&child);
        let _ = game.fen(&child);
        let _ = game.legal_moves(&child);
    }
}

/// Compiles a definition every way the tool may; returns whether its main game compiled.
fn exercise_definition(src: &str, main: &str) -> bool {
    let compiled = match varia::compile(src, None) {
        Ok(rules) => {
            exercise_rules(rules);
            true
        }
        Err(LoadError::Definition(diags)) => {
            assert!(!diags.is_empty(), "an error has at least one diagnostic");
            for d in &diags {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= src.len(),
                    "span {:?} outside the source ({} bytes): {}",
                    d.span,
                    src.len(),
                    d.message
                );
                assert!(
                    src.is_char_boundary(d.span.start) && src.is_char_boundary(d.span.end),
                    "span {:?} splits a character: {}",
                    d.span,
                    d.message
                );
            }
            assert!(diags.windows(2).all(|w| w[0].span <= w[1].span), "sorted");
            let text = varia::render_diagnostics("fuzz.varia", src, &diags);
            assert!(text.contains("fuzz.varia:"), "{text}");
            false
        }
        Err(e) => panic!("compile(None) gave {e:?}"),
    };
    // Every variant the file names, and one it does not.
    if let Ok(names) = varia::variant_names(src) {
        for name in names.iter().skip(1).take(4) {
            match varia::compile(src, Some(name)) {
                Ok(rules) => exercise_rules(rules),
                Err(LoadError::Definition(d)) => {
                    let _ = varia::render_diagnostics("fuzz.varia", src, &d);
                }
                Err(_) => {}
            }
        }
        let _ = varia::compile(src, Some("no-such-variant"));
        let _ = varia::compile(src, Some(main));
    }
    compiled
}

#[test]
fn mutated_definitions_do_not_panic() {
    let mut failures = Failures::default();
    let mut compiled = 0;
    let mut total = 0;
    for (k, name) in CLASSICS.iter().enumerate() {
        let original = source(name);
        let mut rng = Lcg::new(1000 + k as u64);
        for _ in 0..600 * SCALE {
            let mut text = original.clone();
            for _ in 0..1 + rng.below(3) {
                text = mutate_definition(&mut rng, &text, name);
            }
            total += 1;
            failures.run(&text, || {
                if exercise_definition(&text, name) {
                    compiled += 1;
                }
            });
        }
    }
    failures.assert_none("mutated definitions");
    // The mutations should leave a fair share compiling, so the engine is exercised too.
    eprintln!("{compiled} of {total} mutants compiled");
    assert!(
        compiled * 20 > total,
        "only {compiled} of {total} mutants compiled"
    );
}

/// Random text, and definitions put together from random lines of every classic.
#[test]
fn random_definitions_do_not_panic() {
    let lines: Vec<String> = CLASSICS
        .iter()
        .flat_map(|g| source(g).lines().map(String::from).collect::<Vec<_>>())
        .collect();
    let mut rng = Lcg::new(7);
    let mut failures = Failures::default();
    for i in 0..400 * SCALE {
        let text: String = if i % 4 == 0 {
            (0..rng.below(200)).map(|_| random_char(&mut rng)).collect()
        } else {
            let mut t = String::from("game g\n");
            for _ in 0..rng.below(40) {
                t += rng.pick(&lines).as_str();
                t.push('\n');
            }
            t
        };
        failures.run(&text, || {
            exercise_definition(&text, "g");
        });
    }
    // A few fixed extremes.
    let big = format!("game g\nboard 16 x 16\n{}", "zone z = all\n".repeat(300));
    let deep = format!(
        "game g\nboard 8 x 8\nplayer a north\nplayer b south\nzone z0 = rank 1\n{}",
        (1..200)
            .map(|i| format!("zone z{i} = z{}\n", i - 1))
            .collect::<String>()
    );
    let cycle = "game g\nboard 8 x 8\nplayer a north\nplayer b south\nzone a = b\nzone b = a\n";
    let self_ref = "game g\nboard 8 x 8\nplayer a north\nplayer b south\nzone a = a\n";
    let many_variants = format!(
        "{}{}",
        source("chess"),
        (0..100)
            .map(|i| format!(
                "\nvariant v{i} extends {}\n  checkmate win\n",
                if i == 0 {
                    "chess".to_string()
                } else {
                    format!("v{}", i - 1)
                }
            ))
            .collect::<String>()
    );
    let many_pieces = format!(
        "{}{}",
        source("chess"),
        (0..70)
            .map(|i| format!(
                "piece P{i} +{}\n  moves W\n",
                (b'A' + (i % 26) as u8) as char
            ))
            .collect::<String>()
    );
    let long_line = format!("game g {}\n", "x".repeat(100_000));
    let empty_board = "game g\nboard 0 x 0\n";
    for text in [
        big.as_str(),
        deep.as_str(),
        cycle,
        self_ref,
        many_variants.as_str(),
        many_pieces.as_str(),
        long_line.as_str(),
        empty_board,
        "",
        "\n",
        "#",
        "\u{FEFF}game g\n",
        "game",
        "variant v extends v\n",
    ] {
        failures.run(text, || {
            exercise_definition(text, "g");
        });
    }
    failures.assert_none("random definitions");
}

// ---------------------------------------------------------------------------------------------
// (b) FENs

/// Positions reached by random playouts from the start, as FENs.
fn playout_fens(game: &Game, rng: &mut Lcg, count: usize) -> Vec<String> {
    let start = game.start();
    let mut out = vec![game.fen(&start)];
    if game.legal_moves(&start).is_empty() {
        // Nothing to play out (a game over at once).
        return out;
    }
    let mut pos = start.clone();
    let mut ply = 0;
    while out.len() < count {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() || ply > 60 {
            pos = start.clone();
            ply = 0;
            continue;
        }
        pos = game.make(&pos, rng.pick(&moves));
        ply += 1;
        out.push(game.fen(&pos));
    }
    out
}

const FEN_TOKENS: &[&str] = &[
    "-",
    "w",
    "b",
    "x",
    "W",
    "KQkq",
    "Kk",
    "Qq",
    "HAha",
    "KQkqKQkq",
    "A",
    "e3",
    "e6",
    "a0",
    "z9",
    "i9",
    "e99",
    "0",
    "1",
    "-1",
    "+1",
    "01",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999",
    "[",
    "]",
    "[]",
    "[-]",
    "[QQ]",
    "[Pp]",
    "[KkKk]",
    "~",
    "+",
    "*",
    "/",
    "",
    " ",
    "é",
    "♜",
];

const RANK_TOKENS: &[&str] = &[
    "",
    "0",
    "9",
    "10",
    "16",
    "17",
    "99",
    "2147483647",
    "p2147483647",
    "2147483647p",
    "99999999999",
    "*8",
    "8*",
    "********",
    "+P7",
    "P~7",
    "~P7",
    "+7",
    "++P6",
    "ppppppppp",
    "KKKKKKKK",
    "kkkkkkkk",
    "Qq6",
    "1p1p1p1p",
    "♜7",
    "é7",
    "[",
    "]",
    "P ",
    "p@6",
    "𝕏7",
];

fn fen_char(rng: &mut Lcg) -> char {
    const ALPHABET: &[u8] = b"pnbrqkPNBRQKgslcaGSLCAzZ12345678909/ []+~*-wb";
    if rng.chance(10) {
        *rng.pick(ODD_CHARS)
    } else {
        *rng.pick(ALPHABET) as char
    }
}

fn mutate_fen(rng: &mut Lcg, fen: &str) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    let n = chars.len();
    match rng.below(9) {
        0 if n > 0 => {
            let at = rng.below(n);
            chars.drain(at..(at + 1 + rng.below(4)).min(n));
            chars.into_iter().collect()
        }
        1 => {
            chars.insert(rng.below(n + 1), fen_char(rng));
            chars.into_iter().collect()
        }
        2 if n > 0 => {
            let at = rng.below(n);
            chars[at] = fen_char(rng);
            chars.into_iter().collect()
        }
        // Replace a field.
        3 => {
            let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
            let i = rng.below(fields.len());
            fields[i] = rng.pick(FEN_TOKENS).to_string();
            fields.join(" ")
        }
        // Add or drop a field.
        4 => {
            let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
            if rng.chance(50) && fields.len() > 1 {
                fields.remove(rng.below(fields.len()));
            } else {
                let at = rng.below(fields.len() + 1);
                fields.insert(at, rng.pick(FEN_TOKENS).to_string());
            }
            fields.join(" ")
        }
        // Replace a rank.
        5 => {
            let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
            let mut ranks: Vec<String> = board.split('/').map(String::from).collect();
            let i = rng.below(ranks.len());
            ranks[i] = rng.pick(RANK_TOKENS).to_string();
            format!("{} {rest}", ranks.join("/"))
        }
        // Add or drop a rank.
        6 => {
            let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
            let mut ranks: Vec<String> = board.split('/').map(String::from).collect();
            if rng.chance(50) && ranks.len() > 1 {
                ranks.remove(rng.below(ranks.len()));
            } else {
                let r = ranks[rng.below(ranks.len())].clone();
                ranks.insert(rng.below(ranks.len() + 1), r);
            }
            format!("{} {rest}", ranks.join("/"))
        }
        // Swap the case of a letter (changes owner).
        7 if n > 0 => {
            let at = rng.below(n);
            let c = chars[at];
            chars[at] = if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            chars.into_iter().collect()
        }
        _ => chars[..rng.below(n + 1)].iter().collect(),
    }
}

/// Parses a FEN and, if it is accepted, uses the position every way the CLI does.
/// Feeds `count` FENs to a game: mostly mutations of the seeds, every tenth a random string of up
/// to `max_random` characters.
fn fuzz_fens(
    failures: &mut Failures,
    game: &Game,
    name: &str,
    rng: &mut Lcg,
    seeds: &[String],
    count: usize,
    max_random: usize,
) {
    for i in 0..count {
        let fen = if i % 10 == 9 {
            (0..rng.below(max_random)).map(|_| fen_char(rng)).collect()
        } else {
            let mut f = rng.pick(seeds).clone();
            for _ in 0..1 + rng.below(3) {
                f = mutate_fen(rng, &f);
            }
            f
        };
        failures.run(&format!("{name}: {fen}"), || exercise_fen(game, &fen));
    }
}

fn exercise_fen(game: &Game, fen: &str) {
    let Ok(pos) = game.parse_fen(fen) else {
        return;
    };
    exercise_position(game, &pos);
}

fn exercise_position(game: &Game, pos: &Position) {
    let written = game.fen(pos);
    let _ = game.status(pos);
    let moves = game.legal_moves(pos);
    for m in moves.iter().take(16) {
        let s = game.move_to_string(m);
        let _ = game.parse_move(pos, &s);
        let child = game.make(pos, m);
        let _ = game.status(&child);
        let _ = game.fen(&child);
    }
    let _ = game.perft(pos, 1).unwrap();
    let _ = game.divide(pos, 1).unwrap();
    // What the engine writes it reads back.
    if let Ok(again) = game.parse_fen(&written) {
        let _ = game.fen(&again);
    }
}

#[test]
fn malformed_fens_do_not_panic() {
    let mut failures = Failures::default();
    for (k, name) in CLASSICS.iter().enumerate() {
        let game = game(name);
        let mut rng = Lcg::new(2000 + k as u64);
        let seeds = playout_fens(&game, &mut rng, 60);
        fuzz_fens(
            &mut failures,
            &game,
            name,
            &mut rng,
            &seeds,
            600 * SCALE,
            80,
        );
        // Fixed extremes.
        let start = game.fen(&game.start());
        let (board, _) = start.split_once(' ').unwrap();
        let extremes = [
            String::new(),
            " ".into(),
            "/".repeat(10_000),
            "1".repeat(10_000),
            "p".repeat(10_000),
            format!("{board} w - - 4294967295 4294967295"),
            format!("{board} b - - 4294967295 4294967295"),
            format!("{board} w - - 4294967296 1"),
            format!("{board} w - - 0 0"),
            format!("{board}[{}] w - - 0 1", "P".repeat(1000)),
            format!("{board}[{}] w 0 1", "p".repeat(300)),
            format!("{board} w {} - 0 1", "K".repeat(1000)),
            format!("{board} w - a1 0 1"),
            format!("{board} w - a99999999999999999999 0 1"),
            format!("{board}\u{0} w - - 0 1"),
            "♜♞♝♛♚♝♞♜/8/8/8/8/8/8/8 w - - 0 1".into(),
            "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            "9/9/9/9/9/9/9/9/9/9 w - - 0 1".into(),
            "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1".into(),
            "KKKKKKKK/8/8/8/8/8/8/kkkkkkkk w - - 0 1".into(),
            "k7/8/8/8/8/8/8/7K w KQkq e3 0 1".into(),
        ];
        for fen in extremes {
            failures.run(&format!("{name}: {fen}"), || exercise_fen(&game, &fen));
        }
    }
    failures.assert_none("malformed FENs");
}

// ---------------------------------------------------------------------------------------------
// (c) move strings

fn random_move_string(rng: &mut Lcg, legal: &[String]) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789@+~-=*#PNBRQKGSLCA ";
    match rng.below(5) {
        0 => (0..rng.below(24))
            .map(|_| {
                if rng.chance(5) {
                    *rng.pick(ODD_CHARS)
                } else {
                    *rng.pick(ALPHABET) as char
                }
            })
            .collect(),
        // A legal move, mutated.
        1 if !legal.is_empty() => {
            let mut c: Vec<char> = rng.pick(legal).chars().collect();
            let at = rng.below(c.len() + 1);
            match rng.below(3) {
                0 => c.insert(at, *rng.pick(ALPHABET) as char),
                1 if at < c.len() => {
                    c.remove(at);
                }
                _ if at < c.len() => c[at] = *rng.pick(ALPHABET) as char,
                _ => c.push('+'),
            }
            c.into_iter().collect()
        }
        // Two cells, maybe far off the board, maybe a suffix.
        2 => {
            let rank = |rng: &mut Lcg| {
                rng.pick(&[
                    "0",
                    "1",
                    "2",
                    "5",
                    "8",
                    "9",
                    "10",
                    "16",
                    "17",
                    "99999999999",
                    "01",
                ])
                .to_string()
            };
            let file = |rng: &mut Lcg| (b'a' + rng.below(26) as u8) as char;
            let suffix = *rng.pick(&["", "", "q", "+", "=", "k", "p", "Q", "~", "qq"]);
            format!(
                "{}{}{}{}{suffix}",
                file(rng),
                rank(rng),
                file(rng),
                rank(rng)
            )
        }
        // A drop.
        3 => format!(
            "{}@{}{}",
            rng.pick(&["P", "p", "N", "K", "+P", "", "PP", "Z", "@"]),
            (b'a' + rng.below(12) as u8) as char,
            rng.pick(&["1", "5", "9", "10", "0", "", "99999999999"])
        ),
        _ => rng
            .pick(&[
                "", " ", "e2e4 ", " e2e4", "e2e4\n", "0000", "O-O", "e1g1", "a1a1", "@", "@@",
                "e2@e4", "P@", "é2é4",
            ])
            .to_string(),
    }
}

#[test]
fn random_move_strings_do_not_panic() {
    let mut failures = Failures::default();
    for (k, name) in CLASSICS.iter().enumerate() {
        let game = game(name);
        let mut rng = Lcg::new(3000 + k as u64);
        let fens = playout_fens(&game, &mut rng, 40);
        for fen in &fens {
            let pos = game.parse_fen(fen).expect("a playout FEN parses");
            let legal: Vec<String> = game
                .legal_moves(&pos)
                .iter()
                .map(|m| game.move_to_string(m))
                .collect();
            for _ in 0..40 * SCALE {
                let s = random_move_string(&mut rng, &legal);
                failures.run(&format!("{name}: {fen}: {s:?}"), || {
                    if let Ok(m) = game.parse_move(&pos, &s) {
                        // Whatever parses is legal and can be played.
                        assert!(game.legal_moves(&pos).contains(&m));
                        let child = game.make(&pos, &m);
                        let _ = game.status(&child);
                        let _ = game.fen(&child);
                    }
                });
            }
        }
    }
    failures.assert_none("move strings");
}

// ---------------------------------------------------------------------------------------------
// round trips on the same generated positions (correctness, not only panics)

/// Every legal move, written and parsed back, is the same move; every FEN the engine writes it
/// reads back to the same FEN.
#[test]
fn move_and_fen_round_trips() {
    let mut problems = Vec::new();
    for (k, name) in CLASSICS.iter().enumerate() {
        let game = game(name);
        let mut rng = Lcg::new(4000 + k as u64);
        for fen in playout_fens(&game, &mut rng, 100 * SCALE) {
            let pos = game.parse_fen(&fen).expect("a playout FEN parses");
            match game.parse_fen(&game.fen(&pos)) {
                Ok(again) if game.fen(&again) == fen => {}
                other => problems.push(format!(
                    "{name}: FEN {fen} read back as {:?}",
                    other.map(|p| game.fen(&p))
                )),
            }
            for m in game.legal_moves(&pos) {
                let s = game.move_to_string(&m);
                match game.parse_move(&pos, &s) {
                    Ok(back) if back == m => {}
                    other => problems.push(format!(
                        "{name}: {fen}: `{s}` parsed as {other:?}, not {m:?}"
                    )),
                }
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} round-trip problem(s), first ones:\n{}",
        problems.len(),
        problems
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// (a'), (b'), (c') on crafted games

/// Small games that use the rarer features: tiny, 16 x 16, four players, holes, odd castling,
/// promotion to itself, displacement and hoppers, east/west players, drops, confinement.
const CRAFTED: &[(&str, &str)] = &[
    (
        "tiny",
        "\
game tiny
board 1 x 2
player a north
player b south
piece King K
  royal
  moves K
setup k/K w - - 0 1
",
    ),
    (
        "big",
        "\
game big
board 16 x 16
player a north
player b south
zone last = rank 16
piece King K
  royal
  moves K
piece Leaper L
  moves (15,15) (15,-15) (1,15) R255 xR pB
piece Pawn P
  moves mfW cfF
  moves mfnD
  en passant
  promotes to Leaper King when entering last, compulsory
castling King with Leaper
setup l6k7l/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/L6K7L w KQkq - 0 1
",
    ),
    (
        "four",
        "\
game four
board 8 x 8
player a north
player b south
player c east
player d west
piece King K
  royal
  moves K
piece Pawn P
  moves fW
  en passant
  moves fnD
setup 3bK4/3bP4/cK7/8/8/7dK/3aP4/3aK4 a - 0 1
",
    ),
    (
        "holes",
        "\
game holes
board 8 x 8
holes a1-h1
player a north
player b south
piece King K
  royal
  moves K
setup 4k3/8/8/8/8/8/8/******** w - - 0 1
",
    ),
    (
        "castle_weird",
        "\
game cw
board 8 x 8
player a north
player b south
piece King K
  moves K
piece Rook R
  royal
  moves R
castling King with Rook
setup r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1
",
    ),
    (
        "no_royal_moves",
        "\
game nr
board 3 x 3
player a north
player b south
piece King K
  royal
  moves (2,2)
setup k2/3/2K w - - 0 1
",
    ),
    (
        "displace",
        "\
game dp
board 8 x 8
player a north
player b south
piece King K
  royal
  moves K
piece Lion X
  moves xQ cxR mxB xpN
piece Can C
  moves pR pB mpQ cpN
piece Pawn P
  moves mfW cfF
setup 4k3/pppppppp/8/3X4/3C4/8/PPPPPPPP/4K3 w - - 0 1
",
    ),
    (
        "east_west",
        "\
game ew
board 8 x 6
player a east
player b west
zone far = file h
zone near = file a
piece King K
  royal
  moves K
piece Pawn P
  moves mfW cfF mfnD in near
  en passant
  promotes to King when entering far
castling King with Pawn
setup 6k1/p7/8/8/8/P6K w - - 0 1
",
    ),
    (
        "drop_mate",
        "\
game dm
board 5 x 5
player a north
player b south
zone r5 = rank 5
piece King K
  royal
  moves K
piece Gold G
  moves WfF
piece Pawn P
  moves fW
  drop may not mate
  promotes to Gold when entering r5
captures go to hand
no drop where stuck
setup 4k/5/4K/5/5[PPPPGG] w 0 1
",
    ),
    (
        "confined_barred",
        "\
game cb
board 8 x 8
player a north
player b south
zone home = ranks 1-2
zone mid = ranks 3-6
piece King K
  royal
  moves K
  confined to home
  never enters home
setup 4k3/8/8/8/8/8/8/4K3 w - - 0 1
",
    ),
    (
        "royals_face",
        "\
game rf
board 3 x 3
player a north
player b south
piece King K
  royal
  moves W
royals may not face
setup 1k1/3/1K1 w - - 0 1
",
    ),
    (
        "hand_4p",
        "\
game h4
board 4 x 4
player a north
player b south
player c east
player d west
piece King K
  royal
  moves K
piece Pawn P
  moves W
captures go to hand
setup bK2bP/4/4/aK2aP[aPbPcP] a - 0 1
",
    ),
];

/// Each crafted game compiles and plays; its FENs and move strings are fuzzed like the classics'.
#[test]
fn crafted_games_do_not_panic() {
    let mut failures = Failures::default();
    for (k, (name, src)) in CRAFTED.iter().enumerate() {
        let mut game = None;
        failures.run(src, || {
            let rules = varia::compile(src, None).unwrap_or_else(|e| panic!("{name}: {e}"));
            exercise_rules(rules.clone());
            let g = Game::new(rules).expect("valid");
            let start = g.start();
            let _ = g.perft(&start, 2).unwrap();
            game = Some(g);
        });
        let Some(game) = game else { continue };
        let mut rng = Lcg::new(5000 + k as u64);
        let seeds = playout_fens(&game, &mut rng, 30);
        fuzz_fens(
            &mut failures,
            &game,
            name,
            &mut rng,
            &seeds,
            100 * SCALE,
            60,
        );
        for fen in &seeds {
            let Ok(pos) = game.parse_fen(fen) else {
                failures.run(&format!("{name}: {fen}"), || {
                    panic!("a playout FEN does not parse")
                });
                continue;
            };
            let legal: Vec<String> = game
                .legal_moves(&pos)
                .iter()
                .map(|m| game.move_to_string(m))
                .collect();
            for _ in 0..10 * SCALE {
                let s = random_move_string(&mut rng, &legal);
                failures.run(&format!("{name}: {fen}: {s:?}"), || {
                    if let Ok(m) = game.parse_move(&pos, &s) {
                        let _ = game.make(&pos, &m);
                    }
                });
            }
        }
        // Every definition line, mutated.
        for _ in 0..100 * SCALE {
            let mut text = src.to_string();
            for _ in 0..1 + rng.below(3) {
                text = mutate_definition(&mut rng, &text, name);
            }
            failures.run(&text, || {
                exercise_definition(&text, name);
            });
        }
    }
    failures.assert_none("crafted games");
}

// ---------------------------------------------------------------------------------------------
// regressions found by the fuzzing above (they panic in debug builds, where overflow is checked;
// release builds wrap silently, which these tests also catch)

/// An empty-run count near `i32::MAX` after a piece: `file + n` overflows in the FEN reader.
/// Debug: "attempt to add with overflow" in src/engine/fen.rs. Release: a nonsense width
/// ("rank 1 has 18446744071562067968 cells") or a wrong error ("a piece stands on a hole").
#[test]
fn huge_empty_run_in_a_fen_is_a_width_error() {
    let game = game("chess");
    for fen in [
        "8/8/8/8/8/8/8/p2147483647 w - - 0 1",
        "8/8/8/8/8/8/8/p2147483647p w - - 0 1",
        "8/8/8/8/8/8/8/p99999999999 w - - 0 1",
        "8/8/8/8/8/8/8/2147483647 w - - 0 1",
    ] {
        let mut result = None;
        let mut failures = Failures::default();
        failures.run(fen, || result = Some(game.parse_fen(fen)));
        failures.assert_none("huge empty run");
        match result {
            Some(Err(FenError::FileCount {
                rank: 1,
                found,
                expected: 8,
            })) if found > 8 && found <= u32::MAX as usize => {}
            // A count too long to read is quoted as written, not clamped.
            Some(Err(FenError::BadRun { rank: 1, run })) if fen.contains(run.as_str()) => {}
            other => panic!("{fen}: expected a width error for rank 1, got {other:?}"),
        }
    }
}

/// Move counters at `u32::MAX` are accepted by the FEN reader, and making a move overflows them.
/// Debug: "attempt to add with overflow" in src/engine/movegen.rs (`halfmove + 1`,
/// `fullmove += 1`). Release: they wrap to 0 (`... b - - 0 4294967295`, then `... w - - 0 0`).
#[test]
fn huge_move_counters_do_not_wrap() {
    let game = game("chess");
    for (fen, mv) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295", "e1e2"),
        ("4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295", "e8e7"),
    ] {
        let mut failures = Failures::default();
        let mut after = None;
        failures.run(fen, || {
            if let Ok(pos) = game.parse_fen(fen) {
                let m = game.parse_move(&pos, mv).expect("a king move");
                after = Some(game.fen(&game.make(&pos, &m)));
            }
        });
        failures.assert_none("huge move counters");
        // Refusing the FEN is fine; accepting it and wrapping the counters is not.
        if let Some(after) = after {
            let counters: Vec<u64> = after
                .split_whitespace()
                .rev()
                .take(2)
                .map(|n| n.parse().unwrap())
                .collect();
            let (fullmove, halfmove) = (counters[0], counters[1]);
            assert!(
                halfmove >= u32::MAX as u64 && fullmove >= u32::MAX as u64,
                "{fen} then {mv}: counters wrapped: {after}"
            );
        }
    }
}

/// An empty run (a digit) over a hole is reported as "`*` marks a hole, but rank N has a cell
/// there", which describes the opposite mistake: the FEN has no `*`, the board has a hole.
#[test]
fn empty_run_over_a_hole_is_not_called_a_misplaced_star() {
    let src = "game g\nboard 2 x 2\nholes a1\nplayer a north\nplayer b south\n\
               piece King K\n  royal\n  moves K\nsetup 1k/*K w - - 0 1\n";
    let game = varia::load_str(src, None).expect("compiles");
    // Rank 1 written `1K`: the `1` covers the hole a1.
    let err = game.parse_fen("1k/1K w - - 0 1").expect_err("a1 is a hole");
    assert!(
        !matches!(err, FenError::NotAHole(_)),
        "`1K` over the hole a1 was reported as: {err}"
    );
    // The opposite mistake keeps its message.
    let err = game
        .parse_fen("*k/*K w - - 0 1")
        .expect_err("a2 is not a hole");
    assert_eq!(err, FenError::NotAHole(2));
}

// ---------------------------------------------------------------------------------------------
// (d) exported rule sets, as another tool may hand them over

/// Every shipped definition's main rule set and a few of its variants.
fn shipped_rule_sets() -> Vec<varia::RuleSet> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut out: Vec<varia::RuleSet> = CLASSICS
        .iter()
        .map(|g| varia::compile(&source(g), None).expect("compiles"))
        .collect();
    for (file, variants) in [
        ("symgi", &["leaping", "displacer"][..]),
        ("shoxiang108", &["xq-heavy-strong-cannon-screens"][..]),
        ("hoo-mitregi", &["stepping"][..]),
        ("4-faces", &["small"][..]),
    ] {
        let src = std::fs::read_to_string(format!("{root}/definitions/{file}.varia")).unwrap();
        for v in variants {
            out.push(varia::compile(&src, Some(v)).expect("compiles"));
        }
    }
    // Fairy-Stockfish variants that use the rules added for them: first moves, passing, facing
    // royals, value-decided draws, hop and capture bans, moves within a zone, partner captures,
    // compulsory drops, hand order, drops that may not check, full en-passant fields, promotion
    // by capture.
    for file in [
        "cambodian",
        "janggi",
        "koedem",
        "supply",
        "berolina",
        "micro",
        "bughouse",
    ] {
        let src = std::fs::read_to_string(format!("{root}/definitions/fsf/{file}.varia")).unwrap();
        out.push(varia::compile(&src, None).expect("compiles"));
    }
    out
}

/// A number a mutation puts in place of another: edges of every integer type the rule set uses.
fn odd_number(rng: &mut Lcg) -> serde_json::Value {
    let picks: [i64; 16] = [
        0, 1, 2, 3, -1, 7, 15, 16, 17, 63, 64, 255, 256, 65535, 65536, -129,
    ];
    serde_json::json!(*rng.pick(&picks))
}

/// Mutates one random node of a JSON tree: numbers to edge values, booleans flipped, arrays
/// emptied, shortened, duplicated or repeated, strings replaced.
fn mutate_json(rng: &mut Lcg, v: &mut serde_json::Value) {
    use serde_json::Value;
    // Walk down a random path, stopping at a random depth.
    if !rng.chance(25) {
        match v {
            Value::Array(a) if !a.is_empty() => {
                let i = rng.below(a.len());
                return mutate_json(rng, &mut a[i]);
            }
            Value::Object(o) if !o.is_empty() => {
                let i = rng.below(o.len());
                if let Some(child) = o.values_mut().nth(i) {
                    return mutate_json(rng, child);
                }
            }
            _ => {}
        }
    }
    let node = v;
    match node {
        Value::Number(_) => *node = odd_number(rng),
        Value::Bool(b) => *b = !*b,
        Value::String(s) => {
            *s = rng
                .pick(&["", "P", "+P", "x", "white", "a-b", "K", "é", "leap", "step"])
                .to_string()
        }
        Value::Array(a) => match rng.below(5) {
            0 => a.clear(),
            1 if !a.is_empty() => {
                a.pop();
            }
            2 if !a.is_empty() => {
                let x = a[rng.below(a.len())].clone();
                a.push(x);
            }
            3 if !a.is_empty() => {
                let copy = a.clone();
                for _ in 0..rng.below(40) {
                    a.extend(copy.iter().cloned());
                }
            }
            _ => a.push(odd_number(rng)),
        },
        Value::Null => *node = odd_number(rng),
        Value::Object(_) => *node = Value::Null,
    }
}

/// Plays what a tool would with a game loaded from a rule set.
fn exercise_game(game: &Game) {
    let start = game.start();
    let fen = game.fen(&start);
    let _ = game.parse_fen(&fen);
    let _ = game.status(&start);
    let _ = game.perft(&start, 2);
    let moves = game.legal_moves(&start);
    for m in moves.iter().take(6) {
        let s = game.move_to_string(m);
        let _ = game.parse_move(&start, &s);
        let child = game.make(&start, m);
        let _ = game.fen(&child);
        let _ = game.status(&child);
        let _ = game.legal_moves(&child);
    }
}

#[test]
fn mutated_rule_sets_do_not_panic() {
    let sets = shipped_rule_sets();
    let mut rng = Lcg::new(2024);
    let mut failures = Failures::default();
    let mut loaded = 0;
    for i in 0..std::env::var("FUZZ_N")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300 * SCALE)
    {
        let rules = &sets[i % sets.len()];
        let mut tree = serde_json::to_value(rules).expect("serialises");
        for _ in 0..1 + rng.below(3) {
            mutate_json(&mut rng, &mut tree);
        }
        // Another format is refused before any other field is read: the mutations that count
        // are those of the rest.
        if let Some(o) = tree.as_object_mut() {
            o.insert("format".into(), varia::rules::FORMAT.into());
        }
        let json = tree.to_string();
        // Through JSON, and through RON for every other input.
        let parsed: Option<varia::RuleSet> = if i % 2 == 0 {
            serde_json::from_str(&json).ok()
        } else {
            serde_json::from_str::<varia::RuleSet>(&json)
                .ok()
                .and_then(|r| ron::to_string(&r).ok())
                .and_then(|text| ron::from_str(&text).ok())
        };
        let Some(parsed) = parsed else { continue };
        failures.run(&json, || {
            if let Ok(game) = Game::new(parsed) {
                loaded += 1;
                exercise_game(&game);
            }
        });
    }
    failures.assert_none("mutated rule sets");
    assert!(
        loaded > 30 * SCALE,
        "only {loaded} mutated rule sets loaded"
    );
}

#[test]
fn option_heavy_definitions_are_bounded() {
    // Many groups and values, variants extending combinations: every call returns (the variant
    // count is checked before anything is listed), and nothing panics.
    let mut rng = Lcg::new(99);
    let mut failures = Failures::default();
    let base = source("chess");
    for _ in 0..20 * SCALE {
        let mut text = base.clone();
        let groups = 1 + rng.below(40);
        for g in 0..groups {
            for v in 0..1 + rng.below(3) {
                text += &format!("option g{g} v{g}x{v}\n");
                if rng.chance(30) {
                    text += "checkmate win\n";
                }
                if rng.chance(10) {
                    text += &format!("variant w{g}x{v}\nstalemate loss\n");
                }
            }
        }
        failures.run(&text, || {
            let _ = varia::variant_names(&text);
            let _ = varia::load_str(&text, None);
            if let Ok(names) = varia::variant_names(&text) {
                for n in names.iter().rev().take(3) {
                    let _ = varia::load_str(&text, Some(n));
                }
                if names.len() <= 64 {
                    let _ = varia::check(&text);
                }
            }
        });
    }
    failures.assert_none("option-heavy definitions");
}
