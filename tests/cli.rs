//! The command-line tool, run as a user runs it: exit codes, stdout and stderr.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const CLASSICS: [&str; 5] = ["chess", "crazyhouse", "minishogi", "shogi", "xiangqi"];

fn classic(game: &str) -> String {
    format!(
        "{}/definitions/classic/{game}.varia",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn chess() -> String {
    classic("chess")
}

fn bad(name: &str) -> String {
    format!("{}/tests/bad/{name}.varia", env!("CARGO_MANIFEST_DIR"))
}

/// Runs the tool; never lets a panic pass, whatever the exit code.
fn varia(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "varia {args:?} panicked:\n{stderr}"
    );
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally, not by a signal")
}

/// Asserts a failure with exit 1, nothing on stdout and a single `error: ` line on stderr.
fn assert_one_line_error(o: &Output, what: &str) -> String {
    let err = stderr(o);
    assert_eq!(code(o), 1, "{what}: exit code; stderr:\n{err}");
    assert_eq!(stdout(o), "", "{what}: nothing on stdout");
    assert_eq!(err.lines().count(), 1, "{what}: one line expected:\n{err}");
    assert!(err.starts_with("error: "), "{what}: {err}");
    assert!(err.ends_with('\n'), "{what}: ends with a newline");
    err
}

/// A fresh directory under the system's temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "varia-cli-test-{tag}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

// ---------------------------------------------------------------------------------------------
// check

#[test]
fn check_good_file() {
    let o = varia(&["check", &chess()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    assert!(out.contains("ok"), "{out}");
    assert!(out.contains("chess"), "{out}");
}

#[test]
fn check_json_lists_the_variants() {
    let o = varia(&["check", "--json", &chess()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "{\"variants\":[\"chess\"],\"warnings\":[]}\n");
    assert_eq!(stderr(&o), "");
}

#[test]
fn check_every_classic() {
    for game in CLASSICS {
        let o = varia(&["check", "--json", &classic(game)]);
        assert_eq!(code(&o), 0, "{game}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
        assert_eq!(
            v,
            serde_json::json!({ "variants": [game], "warnings": [] }),
            "{game}"
        );
    }
}

#[test]
fn check_bad_file_reports_file_line_col() {
    let path = bad("unknown_zone_in_moves");
    let o = varia(&["check", &path]);
    let err = stderr(&o);
    assert_eq!(code(&o), 1, "{err}");
    assert_eq!(stdout(&o), "");
    assert!(err.contains(&format!("{path}:30:17")), "{err}");
    assert!(err.contains("unknown zone `pawn-starts`"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn check_bad_syntax_reports_file_line_col() {
    let path = bad("syntax_error");
    let o = varia(&["check", &path]);
    let err = stderr(&o);
    assert_eq!(code(&o), 1, "{err}");
    assert!(err.contains(&format!("{path}:5:")), "{err}");
}

#[test]
fn check_reports_every_problem_of_a_file() {
    let path = bad("several_errors");
    let o = varia(&["check", "--json", &path]);
    let err = stderr(&o);
    assert_eq!(code(&o), 1, "{err}");
    // With --json a failure is still the rendered text on stderr, and nothing on stdout.
    assert_eq!(stdout(&o), "");
    // Six problems, in file order.
    let lines: Vec<usize> = err
        .lines()
        .filter_map(|l| l.trim().strip_prefix(&format!("┌─ {path}:")))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(lines, [25, 29, 31, 32, 36, 37], "{err}");
}

#[test]
fn check_every_bad_case_fails_cleanly() {
    let dir = format!("{}/tests/bad", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let p = path.to_str().unwrap();
        let o = varia(&["check", p]);
        let err = stderr(&o);
        assert_eq!(code(&o), 1, "{p}: {err}");
        assert!(err.contains(&format!("{p}:")), "{p}: no location:\n{err}");
    }
}

#[test]
fn missing_file_is_one_line() {
    let dir = TempDir::new("missing");
    let path = dir.path("no-such-file.varia");
    for args in [
        vec!["check", s(&path)],
        vec!["moves", s(&path)],
        vec!["perft", s(&path), "--depth", "1"],
        vec!["export", s(&path), "--format", "ron"],
    ] {
        let o = varia(&args);
        let err = assert_one_line_error(&o, &format!("{args:?}"));
        assert!(err.contains("no-such-file.varia"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// selecting a position

#[test]
fn unknown_variant() {
    for args in [
        vec!["moves", "--variant", "nope"],
        vec!["perft", "--variant", "nope", "--depth", "1"],
        vec!["export", "--variant", "nope", "--format", "json"],
    ] {
        let mut args = args.clone();
        let file = chess();
        args.insert(1, &file);
        let o = varia(&args);
        let err = assert_one_line_error(&o, &format!("{args:?}"));
        assert!(err.contains("nope"), "{err}");
        assert!(
            err.contains("chess"),
            "the known variants are listed: {err}"
        );
    }
}

#[test]
fn malformed_fen_is_one_line() {
    for fen in [
        "",
        "   ",
        "xyz",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - zero 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[ w - - 0 1",
        "♜♞♝♛♚♝♞♜/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        let o = varia(&["moves", &chess(), "--fen", fen]);
        let err = assert_one_line_error(&o, &format!("--fen {fen:?}"));
        assert!(err.starts_with("error: bad FEN: "), "{fen:?}: {err}");
    }
}

#[test]
fn good_fen_is_accepted() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let o = varia(&["moves", &chess(), "--fen", fen]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).lines().any(|l| l == "e1g1"), "castling listed");
}

#[test]
fn illegal_moves_fail() {
    for moves in [
        vec!["e2e5"],
        vec!["e7e5"],
        vec!["e2e4", "e2e4"],
        vec!["e1g1"],
        vec!["a1a9"],
    ] {
        let mut args = vec!["moves".to_string(), chess(), "--moves".into()];
        args.extend(moves.iter().map(|m| m.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = varia(&args);
        let err = assert_one_line_error(&o, &format!("{moves:?}"));
        assert!(err.contains("move"), "{err}");
    }
}

#[test]
fn malformed_moves_fail() {
    for m in [
        "zz", "e2", "e2e", "e2-e4", "E2E4", "e2e4e5e6", "P@", "@e4", "é2e4", "0000",
    ] {
        let o = varia(&["moves", &chess(), "--moves", m]);
        let err = assert_one_line_error(&o, m);
        assert!(err.contains("move"), "{err}");
    }
}

#[test]
fn moves_after_moves() {
    let o = varia(&["moves", &chess(), "--moves", "e2e4", "e7e5", "g1f3"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 29);
}

// ---------------------------------------------------------------------------------------------
// moves, perft

#[test]
fn moves_are_sorted_one_a_line() {
    let o = varia(&["moves", &chess()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20, "{out}");
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"e2e4") && lines.contains(&"g1f3"), "{out}");
}

#[test]
fn moves_json_is_an_array() {
    let o = varia(&["moves", &chess(), "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let arr = v.as_array().expect("an array");
    let moves: Vec<&str> = arr.iter().map(|m| m.as_str().expect("strings")).collect();
    assert_eq!(moves.len(), 20);
    let plain = stdout(&varia(&["moves", &chess()]));
    assert_eq!(moves, plain.lines().collect::<Vec<_>>());
}

#[test]
fn perft_json() {
    let o = varia(&["perft", &chess(), "--depth", "3", "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let obj = v.as_object().expect("an object");
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["depth", "nodes", "nps", "seconds"]);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 8902);
    assert!(v["seconds"].as_f64().is_some_and(|s| s >= 0.0));
    assert!(v["nps"].as_u64().is_some());
}

/// Parses `move: count` lines, the blank line and the `depth N: T nodes ...` summary.
fn parse_divide(out: &str) -> (Vec<(String, u64)>, u64) {
    let mut lines = out.lines();
    let mut per_move = Vec::new();
    for l in lines.by_ref() {
        if l.is_empty() {
            break;
        }
        let (m, n) = l.split_once(": ").unwrap_or_else(|| panic!("`{l}`"));
        per_move.push((m.to_string(), n.parse().unwrap_or_else(|_| panic!("`{l}`"))));
    }
    let summary = lines.next().expect("a summary line");
    let total = summary
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("summary `{summary}`"));
    assert_eq!(lines.next(), None, "nothing after the summary");
    (per_move, total)
}

#[test]
fn perft_divide() {
    let o = varia(&["perft", &chess(), "--depth", "3", "--divide"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let (per_move, total) = parse_divide(&stdout(&o));
    assert_eq!(per_move.len(), 20);
    assert_eq!(total, 8902);
    assert_eq!(per_move.iter().map(|x| x.1).sum::<u64>(), total);
    let moves: Vec<&str> = per_move.iter().map(|x| x.0.as_str()).collect();
    let listed = stdout(&varia(&["moves", &chess()]));
    assert_eq!(
        moves,
        listed.lines().collect::<Vec<_>>(),
        "the same moves, sorted"
    );
    assert!(per_move.iter().any(|(m, n)| m == "e2e4" && *n == 600));
}

#[test]
fn perft_divide_json() {
    let o = varia(&["perft", &chess(), "--depth", "2", "--divide", "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["nodes"], 400);
    let d = v["divide"].as_object().expect("divide object");
    assert_eq!(d.len(), 20);
    assert_eq!(d.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 400);
}

#[test]
fn perft_with_fen_and_moves() {
    // Kiwipete, depth 2: 2039.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let o = varia(&["perft", &chess(), "--fen", fen, "--depth", "2", "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["nodes"], 2039);
    let o = varia(&[
        "perft",
        &chess(),
        "--moves",
        "e2e4",
        "--depth",
        "1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["nodes"], 20);
}

#[test]
fn perft_needs_a_depth() {
    let o = varia(&["perft", &chess()]);
    assert_eq!(code(&o), 2, "a usage error");
    assert!(stderr(&o).contains("--depth"), "{}", stderr(&o));
}

#[test]
fn show_a_position() {
    let o = varia(&["show", &chess(), "--moves", "e2e4"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!stdout(&o).is_empty());
}

// ---------------------------------------------------------------------------------------------
// export, and an exported rule set fed back

fn perft_nodes(file: &str, depth: u32) -> u64 {
    let d = depth.to_string();
    let o = varia(&["perft", file, "--depth", &d, "--json"]);
    assert_eq!(code(&o), 0, "perft {file}: {}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    v["nodes"].as_u64().expect("nodes")
}

#[test]
fn export_formats() {
    let ron = varia(&["export", &chess(), "--format", "ron"]);
    assert_eq!(code(&ron), 0, "{}", stderr(&ron));
    let rules: varia::RuleSet = ron::from_str(&stdout(&ron)).expect("RON rule set");
    assert_eq!(rules.game, "chess");
    let json = varia(&["export", &chess(), "--format", "json"]);
    assert_eq!(code(&json), 0, "{}", stderr(&json));
    let rules2: varia::RuleSet = serde_json::from_str(&stdout(&json)).expect("JSON rule set");
    assert_eq!(rules, rules2);
    let bad_format = varia(&["export", &chess(), "--format", "xml"]);
    assert_eq!(code(&bad_format), 2);
}

#[test]
fn exported_files_play_the_same() {
    let dir = TempDir::new("export");
    for game in CLASSICS {
        let depth = if game == "chess" { 3 } else { 2 };
        let expected = perft_nodes(&classic(game), depth);
        for format in ["ron", "json"] {
            let o = varia(&["export", &classic(game), "--format", format]);
            assert_eq!(code(&o), 0, "{game} {format}: {}", stderr(&o));
            let path = dir.path(&format!("{game}.{format}"));
            std::fs::write(&path, &o.stdout).unwrap();
            assert_eq!(
                perft_nodes(s(&path), depth),
                expected,
                "{game} exported as {format}"
            );
            // The variant of an exported file may be named, and a wrong one is refused.
            let d = depth.to_string();
            let ok = varia(&["perft", s(&path), "--variant", game, "--depth", &d]);
            assert_eq!(code(&ok), 0, "{}", stderr(&ok));
            let o = varia(&["perft", s(&path), "--variant", "nope", "--depth", "1"]);
            assert_one_line_error(&o, "wrong variant of an exported file");
        }
    }
    let o = varia(&["moves", s(&dir.path("chess.json"))]);
    assert_eq!(stdout(&o).lines().count(), 20);
}

#[test]
fn broken_exported_files_fail_cleanly() {
    let dir = TempDir::new("broken");
    let o = varia(&["export", &chess(), "--format", "json"]);
    let text = stdout(&o);
    let cases = [
        ("garbage.json", "not json at all".to_string()),
        ("garbage.ron", "(((".to_string()),
        ("empty.json", String::new()),
        ("truncated.json", text[..text.len() / 2].to_string()),
        // Well-formed, but fails the rule set's own checks.
        (
            "wide.json",
            text.replacen("\"files\": 8", "\"files\": 0", 1),
        ),
        (
            "holes.json",
            text.replacen("\"holes\": []", "\"holes\": [4000]", 1),
        ),
        ("one-player.json", {
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            v["players"].as_array_mut().unwrap().pop();
            v.to_string()
        }),
        ("no-pieces.json", {
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            v["pieces"] = serde_json::json!([]);
            v.to_string()
        }),
    ];
    for (name, content) in cases {
        let path = dir.path(name);
        std::fs::write(&path, content).unwrap();
        let o = varia(&["perft", s(&path), "--depth", "1"]);
        let err = stderr(&o);
        assert_eq!(code(&o), 1, "{name}: {err}");
        assert!(err.starts_with("error: "), "{name}: {err}");
    }
}

// ---------------------------------------------------------------------------------------------
// output closed early

/// `varia moves FILE | head -1` must not panic when the reader goes away. The pipe's read end is
/// closed before the tool starts, so its first write fails (EPIPE) every time.
#[test]
fn closed_stdout_is_not_a_panic() {
    for args in [
        vec!["moves".to_string(), chess()],
        vec!["check".to_string(), chess()],
        vec![
            "export".to_string(),
            classic("shogi"),
            "--format".into(),
            "json".into(),
        ],
        vec![
            "perft".to_string(),
            chess(),
            "--depth".into(),
            "2".into(),
            "--divide".into(),
        ],
    ] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
        assert_ne!(
            out.status.code(),
            Some(101),
            "{args:?}: exit code of a panic"
        );
    }
}

#[test]
fn show_json_names_the_winner_of_a_two_player_checkmate() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let o = varia(&["show", &chess(), "--fen", fen, "--json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["status"], "checkmate");
    assert_eq!(v["winner"], "black");
    // A stalemate is a draw: no winner.
    let o = varia(&[
        "show",
        &chess(),
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["status"], "stalemate");
    assert_eq!(v["winner"], serde_json::Value::Null);
}

#[test]
fn a_long_game_replays_to_the_right_position() {
    // 16,000 moves (knights out and back). The replay took 10.6 s when each move copied the
    // game so far; speed is measured outside the tests (timed tests are not kept).
    let moves: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .cycle()
        .take(16_000)
        .copied()
        .collect();
    let mut args = vec!["moves", "--json"];
    let chess = chess();
    args.push(&chess);
    args.push("--moves");
    args.extend(&moves);
    let o = varia(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "[\"a2a3\",\"a2a4\",\"b1a3\",\"b1c3\",\"b2b3\",\"b2b4\",\"c2c3\",\"c2c4\",\"d2d3\",\"d2d4\",\"e2e3\",\"e2e4\",\"f2f3\",\"f2f4\",\"g1f3\",\"g1h3\",\"g2g3\",\"g2g4\",\"h2h3\",\"h2h4\"]\n"
    );
}

#[test]
fn a_huge_file_is_refused_without_reading_it_whole() {
    // A sparse file of 4 GiB: read whole, it took 4 GiB of memory before the size was checked.
    let path = std::env::temp_dir().join(format!("varia-huge-{}.varia", std::process::id()));
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(4 << 30).unwrap();
    drop(f);
    let p = path.to_str().unwrap();
    let o = varia(&["check", p]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code(&o), 1);
    assert_eq!(
        stderr(&o),
        format!("error: cannot read {p}: the file is over 16 MiB\n")
    );
}

#[test]
fn a_rule_set_that_does_not_parse_is_refused_with_the_path_of_the_field() {
    let out = varia(&["export", &chess(), "--format", "json"]);
    let mut rules: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    rules["pieces"][2]["extra"] = serde_json::json!(1);
    let path = std::env::temp_dir().join(format!("varia-extra-{}.json", std::process::id()));
    std::fs::write(&path, rules.to_string()).unwrap();
    let p = path.to_str().unwrap();
    let o = varia(&["moves", p]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code(&o), 1);
    let prefix = format!("error: {p}: not a rule set: pieces[2].extra: unknown field `extra`");
    assert!(stderr(&o).starts_with(&prefix), "{}", stderr(&o));
}

/// `moves` on a finished game printed nothing and exited 0 without a word: the list stays empty
/// (for scripts), exit 0, and why goes to standard error.
#[test]
fn moves_of_a_finished_game_say_the_game_is_over() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args([
            "moves",
            &format!(
                "{}/definitions/classic/chess.varia",
                env!("CARGO_MANIFEST_DIR")
            ),
            "--fen",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "--moves",
            "a1a8",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "game over: checkmate: white wins\n"
    );
}

#[test]
fn moves_in_san_and_san_after_moves() {
    // After 1. e4 e5 2. Nf3 (given in SAN), Black's moves in SAN, sorted as written.
    let out = varia(&[
        "moves",
        &chess(),
        "--moves",
        "e4",
        "e5",
        "Nf3",
        "--san",
        "--json",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let moves: Vec<String> = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(moves.len(), 29);
    assert_eq!(&moves[..6], ["Ba3", "Bb4", "Bc5", "Bd6", "Be7", "Ke7"]);
    assert!(moves.contains(&"Nc6".to_string()) && moves.contains(&"Qh4".to_string()));
    // The default output is unchanged: coordinates.
    let plain = varia(&["moves", &chess(), "--moves", "e2e4", "e7e5", "g1f3"]);
    assert!(stdout(&plain).starts_with("a7a5\na7a6\n"));
    // Castling with zeros, as python-chess reads it: the king goes to g1.
    let castled = varia(&[
        "show",
        &chess(),
        "--moves",
        "e4",
        "e5",
        "Nf3",
        "Nc6",
        "Bc4",
        "Nf6",
        "0-0",
        "--json",
    ]);
    assert_eq!(code(&castled), 0, "{}", stderr(&castled));
    let v: serde_json::Value = serde_json::from_str(&stdout(&castled)).expect("JSON");
    assert_eq!(
        v["fen"],
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"
    );
    // A string that is neither: one error line naming the coordinate form.
    let bad = varia(&["moves", &chess(), "--moves", "Nf4"]);
    let err = assert_one_line_error(&bad, "bad SAN");
    assert!(err.contains("`Nf4`"), "{err}");
}
