//! `varia match` with time odds: an engine given its own limit a move (`st=`, `depth=`, `nodes=`)
//! or its own clock (`tc=`) in Cute Chess's keys, told that and not the match's, with the odds
//! in the report and in the PGN's `WhiteTimeControl` and `BlackTimeControl` tags.

use std::path::{Path, PathBuf};

mod common;

use common::{def, json, varia};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("varia-odds-{name}-{}", std::process::id()))
}

/// The lines a wrapped engine received, from its log (several games appended).
fn received(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let _ = std::fs::remove_file(log);
    text.lines().map(str::to_string).collect()
}

/// varia's own UCI engine behind `tee`, which keeps every line it is sent, in Cute Chess's keys
/// with `odds` added (`st=0.06`, `tc=1+0.01`).
fn engine(log: &Path, file: &str, odds: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_varia");
    format!(
        "cmd=sh arg=-c 'arg=tee -a {} | {bin} uci {file}' {odds}",
        log.display()
    )
}

fn args<'a>(file: &'a str, engine: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "match",
        file,
        "--games",
        "2",
        "--threads",
        "1",
        "--random-plies",
        "0",
        "--max-plies",
        "4",
        "--engine",
        engine,
    ];
    a.extend_from_slice(extra);
    a
}

#[test]
fn an_engine_with_its_own_time_a_move_is_told_it_and_the_odds_are_reported() {
    let file = def("definitions/classic/chess.varia");
    let log = temp("st.log");
    let pgn = temp("st.pgn");
    let e = engine(&log, &file, "st=0.06");
    let pgn_path = pgn.to_str().unwrap();
    let out = varia(&args(
        &file,
        &e,
        &["--movetime", "20", "--json", "--pgn", pgn_path],
    ));
    let s = &json(&out)["series"][0];
    assert_eq!(s["games"], 2, "{s}");
    assert_eq!(s["causes"], serde_json::json!({"ply-cap": 2}), "{s}");
    assert_eq!(
        s["limits"],
        serde_json::json!(["movetime 20 ms", "movetime 60 ms"]),
        "{s}"
    );
    // The engine moved twice a game, told its own 60 ms each time.
    let lines = received(&log);
    let go: Vec<&String> = lines.iter().filter(|l| l.starts_with("go")).collect();
    assert_eq!(go, ["go movetime 60"; 4], "{lines:?}");
    // Game 1: varia is white; game 2: the engine is.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{text}");
    for (g, (white, black)) in games.iter().zip([("0.02", "0.06"), ("0.06", "0.02")]) {
        assert!(
            g.contains(&format!(
                "[WhiteTimeControl \"{white}/move\"]\n[BlackTimeControl \"{black}/move\"]\n"
            )),
            "{g}"
        );
        assert!(!g.contains("[TimeControl "), "{g}");
    }
    // The text report's row.
    let out = varia(&args(&file, &e, &["--movetime", "20"]));
    let _ = std::fs::remove_file(&log);
    let text = String::from_utf8_lossy(&out.stdout);
    let row = text
        .lines()
        .find(|l| l.starts_with("limit a move (each entrant)"))
        .unwrap_or_else(|| panic!("no limit row: {text}"));
    assert!(row.ends_with("  movetime 20 ms / movetime 60 ms"), "{row}");
}

#[test]
fn an_engine_with_its_own_clock_is_told_both_clocks_and_increments() {
    let file = def("definitions/classic/chess.varia");
    let log = temp("tc.log");
    let e = engine(&log, &file, "tc=1+0.01");
    let out = varia(&args(&file, &e, &["--tc", "2+0.02", "--json"]));
    let s = &json(&out)["series"][0];
    assert_eq!(s["causes"], serde_json::json!({"ply-cap": 2}), "{s}");
    let c = &s["clock"];
    assert_eq!(c["tc"], "2+0.02", "{s}");
    assert_eq!(c["tcs"], serde_json::json!(["2+0.02", "1+0.01"]), "{s}");
    assert_eq!(c["moves"], serde_json::json!([4, 4]), "{s}");
    assert!(c["least_left_ms"][1].as_u64().unwrap() <= 1000, "{s}");
    assert!(s.get("limits").is_none(), "{s}");
    let lines = received(&log);
    let go: Vec<&String> = lines.iter().filter(|l| l.starts_with("go ")).collect();
    assert_eq!(go.len(), 4, "{lines:?}");
    // Game 1: the engine is black; varia (white) has moved once on its own 2 s.
    let first: Vec<&str> = go[0].split_whitespace().collect();
    assert_eq!(first[..2], ["go", "wtime"], "{}", go[0]);
    assert!(first[2].parse::<u64>().unwrap() <= 2020, "{}", go[0]);
    assert_eq!(first[3..], ["btime", "1000", "winc", "20", "binc", "10"]);
    // Game 2: the engine is white and moves first, both clocks whole.
    assert_eq!(go[2], "go wtime 1000 btime 2000 winc 10 binc 20");
}

#[test]
fn odds_of_another_kind_than_the_match_are_refused() {
    let file = def("definitions/classic/chess.varia");
    for (odds, extra, message) in [
        (
            "tc=1+0",
            "--depth",
            "its own clock (`tc=`) needs --tc, varia's clock",
        ),
        (
            "st=1",
            "--tc",
            "its own limit a move (`st=`, `depth=`, `nodes=`) cannot meet varia's clock (--tc): \
             give it `tc=`",
        ),
        (
            "st=1 depth=3",
            "--depth",
            "`depth=` after another of tc, st, depth, nodes: an engine has one limit",
        ),
        (
            "nodes=0",
            "--depth",
            "`nodes=0`: the node count must be a whole number from 1 to 4294967295",
        ),
    ] {
        let e = format!("cmd=true {odds}");
        let value = if extra == "--tc" { "1+0" } else { "2" };
        let out = varia(&["match", &file, "--games", "2", extra, value, "--engine", &e]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{odds}: {err}");
        assert_eq!(
            err.trim_end(),
            format!("error: engine `{e}`: {message}"),
            "{odds}"
        );
    }
}
