//! `varia match`: reports whose numbers add up, PGN that replays, and external engines that die or
//! hang without hanging the referee.

use std::process::Output;

mod common;

use common::{def, varia};

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Checks the arithmetic of one series of a report.
fn consistent(s: &serde_json::Value, games: u64) {
    let n = |k: &str| s[k].as_u64().unwrap();
    assert_eq!(n("games"), games);
    assert_eq!(n("wins") + n("draws") + n("losses"), games, "{s}");
    let causes: u64 = s["causes"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(causes, games, "{s}");
    let by_player: u64 = s["wins_by_player"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(by_player + n("draws"), games, "{s}");
    let score = (n("wins") as f64 + n("draws") as f64 / 2.0) / games as f64;
    assert!((s["score"].as_f64().unwrap() - score).abs() < 0.001, "{s}");
    let plies = &s["plies"];
    assert!(plies["min"].as_u64().unwrap() <= plies["max"].as_u64().unwrap());
}

#[test]
fn self_play_series_side_by_side() {
    let pgn = std::env::temp_dir().join(format!("varia-match-{}.pgn", std::process::id()));
    let out = varia(&[
        "match",
        &def("definitions/classic/minishogi.varia"),
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "60",
        "--threads",
        "2",
        "--json",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let report = json(&out);
    let series = report["series"].as_array().unwrap();
    assert_eq!(series.len(), 1);
    assert_eq!(series[0]["variant"], "minishogi");
    consistent(&series[0], 4);
    // Every game of the PGN replays with `varia show`.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 4);
    for g in games {
        let tag = |k: &str| {
            let start = g.find(&format!("[{k} \"")).unwrap() + k.len() + 3;
            g[start..].split('"').next().unwrap().to_string()
        };
        let body = g.split("\n\n").nth(1).unwrap();
        let moves: Vec<&str> = body
            .split_whitespace()
            .filter(|w| !w.ends_with('.') && !w.contains('-') && *w != "*")
            .collect();
        assert_eq!(moves.len().to_string(), tag("PlyCount"));
        let mut args = vec![
            "show".to_string(),
            def("definitions/classic/minishogi.varia"),
            "--variant".into(),
            tag("Variant"),
            "--fen".into(),
            tag("FEN"),
        ];
        if !moves.is_empty() {
            args.push("--moves".into());
            args.extend(moves.iter().map(|m| m.to_string()));
        }
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let shown = varia(&args);
        assert!(
            shown.status.success(),
            "{}",
            String::from_utf8_lossy(&shown.stderr)
        );
    }
}

#[test]
fn two_subvariants_reported_side_by_side() {
    let out = varia(&[
        "match",
        &def("definitions/symgi.varia"),
        "--variant",
        "stepping",
        "--variant",
        "leaping",
        "--games",
        "2",
        "--nodes",
        "300",
        "--max-plies",
        "40",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("variant") && first.contains("stepping") && first.contains("leaping"),
        "{text}"
    );
    assert!(text.contains("wins / draws / losses"), "{text}");
}

#[test]
fn an_engine_that_dies_loses_and_the_match_ends() {
    // A varia UCI engine killed after a second: its games end when its pipe closes.
    let engine = format!(
        "timeout 1 {} uci {}",
        env!("CARGO_BIN_EXE_varia"),
        def("definitions/classic/chess.varia")
    );
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--movetime",
        "150",
        "--engine",
        &engine,
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 2);
    assert_eq!(
        s["entrants"][1],
        format!("varia {}", env!("CARGO_PKG_VERSION"))
    );
    // Unless varia mates within a second, the engine's death ends the game: `timeout` ends
    // with status 124, a crash.
    let causes = s["causes"].as_object().unwrap();
    assert!(
        causes
            .keys()
            .all(|k| k == "engine-crashed" || k == "checkmate"),
        "{s}"
    );
    assert_eq!(s["wins"], 2, "{s}");
}

#[test]
fn an_engine_that_hangs_loses_on_time() {
    // Answers the handshake, then never moves.
    let script =
        "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; esac; done";
    let engine = format!("sh -c '{script}'");
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--movetime",
        "50",
        "--engine",
        &engine,
        "--random-plies",
        "0",
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 2);
    // varia moves first in game 1; the engine then hangs in both games.
    assert_eq!(s["causes"]["engine-timeout"], 2, "{s}");
    assert_eq!(s["wins"], 2);
}

#[test]
fn an_engine_that_does_not_start_is_an_error() {
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "1",
        "--engine",
        "/nonexistent/engine",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: engine"));
}

#[test]
fn bad_match_flags_are_refused() {
    let chess = def("definitions/classic/chess.varia");
    let out = varia(&["match", &chess, "--games", "0"]);
    assert!(!out.status.success());
    let out = varia(&[
        "match",
        &chess,
        "--games",
        "2",
        "--depth",
        "2",
        "--movetime",
        "5",
    ]);
    assert!(!out.status.success());
    let out = varia(&["match", &chess, "--games", "2", "--variant", "nope"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variant `nope`"));
}

#[test]
fn an_xboard_engine_with_a_false_claim_loses() {
    // Speaks XBoard, and answers every move with a claim of a draw instead of a move.
    let script = "while read l; do case \"$l\" in protover*) echo 'feature myname=\"claimer\" usermove=1 done=1';; ping*) echo \"pong ${l#ping }\";; go|usermove*) echo '1/2-1/2 {Draw by 50-move rule}';; esac; done";
    let engine = format!("sh -c '{}'", script.replace('\'', "'\\''"));
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--depth",
        "1",
        "--engine",
        &engine,
        "--protocol",
        "xboard",
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 2);
    assert_eq!(s["entrants"][1], "claimer");
    assert_eq!(s["causes"]["false-claim"], 2, "{s}");
    assert_eq!(s["wins"], 2);
}

#[test]
fn an_engine_that_exits_at_once_is_named_in_the_report() {
    // Answers the check before the games (`uci`), then exits as each game starts.
    let script = "read l; echo \"id name Quitter 1.0\"; echo uciok; read l";
    let engine = format!("sh -c '{script}'");
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--depth",
        "1",
        "--engine",
        &engine,
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 2);
    assert_eq!(s["entrants"], serde_json::json!(["varia", "Quitter 1.0"]));
    assert_eq!(s["causes"], serde_json::json!({"engine-died": 2}), "{s}");
    assert_eq!(s["wins"], 2);
}

#[test]
fn an_engine_that_writes_an_endless_line_loses() {
    // Plays the handshake, then answers `go` with a line of 4 MB that never ends (it was scored
    // a timeout: the line was read to its end before it counted as too long).
    let script = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) head -c 4000000 /dev/zero | tr '\\0' x; sleep 600;; esac; done";
    let engine = format!("sh -c '{}'", script.replace('\'', "'\\''"));
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--depth",
        "1",
        "--engine",
        &engine,
        "--random-plies",
        "0",
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 2);
    assert_eq!(
        s["causes"],
        serde_json::json!({"engine-line-too-long": 2}),
        "{s}"
    );
    assert_eq!(s["wins"], 2);
}

#[test]
fn an_engine_with_a_name_over_65535_characters_is_reported() {
    // The report's table padded its columns with `format!` widths, which stop at 65,535: the
    // match panicked after every game was played.
    let script = "N=$(head -c 70000 /dev/zero | tr \"\\0\" x); read l; echo \"id name $N\"; echo uciok; read l";
    let engine = format!("sh -c '{}'", script.replace('\'', "'\\''"));
    for json_out in [false, true] {
        let mut args = vec![
            "match".to_string(),
            def("definitions/classic/chess.varia"),
            "--games".into(),
            "2".into(),
            "--depth".into(),
            "1".into(),
            "--engine".into(),
            engine.clone(),
        ];
        if json_out {
            args.push("--json".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = varia(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
                .chars()
                .filter(|&c| c != 'x')
                .collect::<String>()
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(&"x".repeat(70000)),
            "the name is not in the report"
        );
    }
}

#[test]
fn zero_threads_depth_nodes_and_movetime_are_refused() {
    // `--threads 0` was taken (as perft refuses it), `--depth 0` played depth 1 and `--nodes 0`
    // a one-node search without a word.
    let chess = def("definitions/classic/chess.varia");
    for flag in ["--threads", "--depth", "--nodes", "--movetime"] {
        let out = varia(&["match", &chess, "--games", "2", flag, "0"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "match {flag} 0: {err}");
        assert!(
            err.starts_with(&format!("error: invalid value '0' for '{flag} ")),
            "match {flag} 0: {err}"
        );
    }
    for flag in ["--depth", "--nodes", "--movetime"] {
        let out = varia(&["play", &chess, flag, "0"]);
        assert_eq!(out.status.code(), Some(2), "play {flag} 0");
    }
}

/// Elo at a score of 0 or 1 was written `-`, and all draws `-0 [-0, -0]`: now an infinite
/// difference says so, and no difference is 0 (JSON too).
#[test]
fn elo_is_written_for_all_draws_and_all_wins() {
    let chess = def("definitions/classic/chess.varia");
    let row = |out: &Output| {
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.starts_with("Elo [95% interval]"))
            .expect("an Elo row")
            .to_string()
    };
    // One ply each: every game a draw at the ply cap.
    let args = [
        "match",
        &chess,
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "1",
    ];
    let draws = varia(&args);
    assert!(row(&draws).ends_with(" 0 [0, 0]"), "{}", row(&draws));
    let json_out = varia(&[&args[..], &["--json"]].concat());
    let s = &json(&json_out)["series"][0];
    assert_eq!(s["draws"], 2, "{s}");
    for k in ["elo", "elo_low", "elo_high"] {
        assert_eq!(s[k].to_string(), "0.0", "{s}");
    }
    // An engine that exits as each game starts: every game won.
    let script = "read l; echo \"id name Quitter\"; echo uciok; read l";
    let engine = format!("sh -c '{script}'");
    let wins = varia(&[
        "match", &chess, "--games", "2", "--depth", "1", "--engine", &engine,
    ]);
    assert!(
        row(&wins).ends_with(" +inf (every game won)"),
        "{}",
        row(&wins)
    );
}

#[test]
fn a_sequential_test_stops_when_it_has_decided() {
    // The engine is varia told to search one ply whatever it is asked; varia searches three.
    let file = def("definitions/classic/minishogi.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    let engine = format!("sh -c 'sed -u \"s/^go .*/go depth 1/\" | {bin} uci {file}'");
    let out = varia(&[
        "match",
        &file,
        "--games",
        "40",
        "--depth",
        "3",
        "--threads",
        "1",
        "--max-plies",
        "100",
        "--engine",
        &engine,
        "--sprt",
        "elo0=0",
        "elo1=100",
        "--json",
    ]);
    let s = &json(&out)["series"][0];
    let games = s["games"].as_u64().unwrap();
    consistent(s, games);
    let t = &s["sprt"];
    let pairs: u64 = t["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    // One game at a time: the match stops right after the pair that decided.
    assert_eq!(games, 2 * pairs, "{s}");
    assert!(games < 40, "{s}");
    assert_eq!(t["verdict"], "H1", "{s}");
    assert!(
        t["llr"].as_f64().unwrap() >= t["upper"].as_f64().unwrap(),
        "{s}"
    );
    assert!((t["upper"].as_f64().unwrap() - 2.944).abs() < 1e-9, "{s}");
    // Varia's score of each pair, as counted from the games' results, is at least one win.
    let score = s["wins"].as_f64().unwrap() + s["draws"].as_f64().unwrap() / 2.0;
    let weighted: f64 = t["pentanomial"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, v)| i as f64 / 2.0 * v.as_f64().unwrap())
        .sum();
    assert_eq!(score, weighted, "{s}");
}

#[test]
fn a_sequential_test_is_refused_where_it_cannot_apply() {
    let file = def("definitions/classic/minishogi.varia");
    let engine = format!("{} uci {file}", env!("CARGO_BIN_EXE_varia"));
    for (args, says) in [
        (
            vec![
                "--games", "3", "--engine", &engine, "--sprt", "elo0=0", "elo1=5",
            ],
            "error: --sprt counts games in pairs (one opening, colours swapped): --games 3 must be even",
        ),
        (
            vec!["--games", "4", "--sprt", "elo0=0", "elo1=5"],
            "error: --sprt tests varia against one --engine in one variant",
        ),
        (
            vec!["--games", "4", "--engine", &engine, "--sprt", "elo1=5"],
            "error: --sprt: both elo0= and elo1= are needed",
        ),
        (
            vec![
                "--games", "4", "--engine", &engine, "--sprt", "elo0=0", "elo1=5", "alpha=0",
            ],
            "error: --sprt: alpha (0) and beta (0.05) must be above 0 with a sum below 1",
        ),
    ] {
        let mut all = vec!["match", file.as_str(), "--depth", "1"];
        all.extend(args);
        let out = varia(&all);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), says);
    }
}
