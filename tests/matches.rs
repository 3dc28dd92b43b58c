//! `varia match`: reports whose numbers add up, PGN that replays, and external engines that die or
//! hang without hanging the referee.

use std::process::Output;

mod common;

use common::{def, json, varia};

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
            .filter(|w| !w.ends_with('.') && !w.contains('-') && *w != "*" && !w.starts_with('{'))
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

/// The lines a wrapped engine received, from its log (several games appended).
fn received(log: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let _ = std::fs::remove_file(log);
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_clock_is_told_to_uci_and_xboard_engines() {
    // varia's own UCI and XBoard modes, behind `tee`, which keeps every line they are sent.
    let file = def("definitions/classic/chess.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    for protocol in ["uci", "xboard"] {
        let log =
            std::env::temp_dir().join(format!("varia-tc-{protocol}-{}.log", std::process::id()));
        let engine = format!("sh -c 'tee -a {} | {bin} {protocol} {file}'", log.display());
        let args = [
            "match",
            &file,
            "--games",
            "2",
            "--tc",
            "1+0.05",
            "--threads",
            "1",
            "--random-plies",
            "0",
            "--max-plies",
            "6",
            "--protocol",
            protocol,
            "--engine",
            &engine,
        ];
        let out = varia(&[&args[..], &["--json"]].concat());
        let s = &json(&out)["series"][0];
        consistent(s, 2);
        assert_eq!(s["causes"], serde_json::json!({"ply-cap": 2}), "{s}");
        let c = &s["clock"];
        assert_eq!(c["tc"], "1+0.05", "{s}");
        assert_eq!(c["margin_ms"], 50, "{s}");
        // Three moves each a game.
        assert_eq!(c["moves"], serde_json::json!([6, 6]), "{s}");
        for i in 0..2 {
            assert!(c["least_left_ms"][i].as_u64().unwrap() <= 1000, "{s}");
            assert!(c["ms_per_move"][i].as_f64().unwrap() > 0.0, "{s}");
        }
        let lines = received(&log);
        if protocol == "uci" {
            let go: Vec<&String> = lines.iter().filter(|l| l.starts_with("go ")).collect();
            assert_eq!(go.len(), 6, "{lines:?}");
            // Game 1: varia (white) has moved; black's clock is whole.
            let first: Vec<&str> = go[0].split_whitespace().collect();
            assert_eq!(first[..2], ["go", "wtime"], "{}", go[0]);
            assert!(first[2].parse::<u64>().unwrap() <= 1050, "{}", go[0]);
            assert_eq!(first[3..], ["btime", "1000", "winc", "50", "binc", "50"]);
            // Game 2: the engine is white and moves first.
            assert_eq!(go[3], "go wtime 1000 btime 1000 winc 50 binc 50");
        } else {
            let level: Vec<&String> = lines.iter().filter(|l| l.starts_with("level")).collect();
            assert_eq!(level, ["level 0 0:01 0.05"; 2], "{lines:?}");
            let times: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("time ") || l.starts_with("otim "))
                .collect();
            assert_eq!(times.len(), 12, "{lines:?}");
            // Game 2: the engine moves first, both clocks whole (centiseconds).
            assert_eq!(times[6..8], ["time 100", "otim 100"], "{lines:?}");
        }
        // The report's rows.
        let text = String::from_utf8_lossy(&varia(&args).stdout).to_string();
        let row = |label: &str| {
            text.lines()
                .find(|l| l.starts_with(label))
                .unwrap_or_else(|| panic!("no {label} row: {text}"))
                .to_string()
        };
        assert!(
            row("time control").ends_with("  1+0.05 s (margin 50 ms)"),
            "{text}"
        );
        row("ms a move (each entrant)");
        row("least time left (ms)");
    }
}

#[test]
fn an_engine_past_its_clock_loses_on_time_unless_within_the_margin() {
    // varia's UCI engine, told every `go` 0.3 s late: at 0.2+0.3 its first move ends past its
    // 0.2 s and the 50 ms margin; with a margin of 400 ms every move stands (0.3 s left after
    // each, the increment).
    let file = def("definitions/classic/chess.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    let script = format!(
        "while IFS= read -r l; do case \"$l\" in go*) sleep 0.3;; esac; printf \"%s\\n\" \"$l\"; done | {bin} uci {file}"
    );
    let engine = format!("sh -c '{script}'");
    let run = |extra: &[&str]| {
        let args = [
            "match",
            &file,
            "--games",
            "2",
            "--tc",
            "0.2+0.3",
            "--random-plies",
            "0",
            "--max-plies",
            "4",
            "--engine",
            &engine,
            "--json",
        ];
        let out = varia(&[&args[..], extra].concat());
        json(&out)["series"][0].clone()
    };
    let s = run(&[]);
    consistent(&s, 2);
    assert_eq!(s["causes"], serde_json::json!({"time-forfeit": 2}), "{s}");
    assert_eq!(s["wins"], 2, "{s}");
    // varia moved once (white in game 1); the engine never did, and its clock ran out.
    assert_eq!(s["clock"]["moves"], serde_json::json!([1, 0]), "{s}");
    assert_eq!(s["clock"]["least_left_ms"][1], 0, "{s}");
    assert_eq!(s["plies"]["max"], 1, "{s}");
    let s = run(&["--timemargin", "400"]);
    consistent(&s, 2);
    assert_eq!(s["causes"], serde_json::json!({"ply-cap": 2}), "{s}");
    assert_eq!(s["clock"]["margin_ms"], 400, "{s}");
    assert_eq!(s["clock"]["moves"], serde_json::json!([4, 4]), "{s}");
    assert!(
        s["clock"]["ms_per_move"][1].as_f64().unwrap() >= 300.0,
        "{s}"
    );
}

#[test]
fn bad_time_controls_are_refused() {
    let chess = def("definitions/classic/chess.varia");
    for bad in ["", "10+", "abc", "-1+0", "0+1", "0/60+0", "inf", "10+0.1+1"] {
        let out = varia(&["match", &chess, "--games", "2", &format!("--tc={bad}")]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--tc {bad}: {err}");
        assert!(
            err.starts_with(&format!(
                "error: invalid value '{bad}' for '--tc <BASE+INC>': "
            )),
            "--tc {bad}: {err}"
        );
    }
    let out = varia(&["match", &chess, "--games", "2", "--tc", "1:"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(
            "expected BASE+INC in seconds (`10+0.1`, `1:30+1`), or MOVES/BASE+INC (`40/60+0`: \
             the base time again every 40 moves)"
        ),
        "{out:?}"
    );
    // A clock and a limit a move; a margin without a clock.
    for args in [
        &["--tc", "1+0", "--depth", "2"][..],
        &["--tc", "1+0", "--movetime", "100"],
        &["--timemargin", "10"],
    ] {
        let out = varia(&[&["match", &chess, "--games", "2"][..], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
    }
    // A game of four players.
    let out = varia(&[
        "match",
        &def("definitions/4-faces.varia"),
        "--games",
        "2",
        "--tc",
        "1+0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: small: --tc needs a game of two players (4 here): a loss on time among more is \
         not scored yet"
    );
}

#[test]
fn self_play_on_the_clock_with_moves_per_period() {
    // 2 moves a period: the base time comes back every 2 moves, so no one runs out.
    let out = varia(&[
        "match",
        &def("definitions/classic/minishogi.varia"),
        "--games",
        "2",
        "--tc",
        "2/0.3+0",
        "--max-plies",
        "12",
        "--json",
    ]);
    let s = &json(&out)["series"][0];
    consistent(s, 2);
    assert_eq!(s["clock"]["tc"], "2/0.3+0", "{s}");
    assert!(s["causes"].get("time-forfeit").is_none(), "{s}");
    let moves: u64 = (0..2)
        .map(|i| s["clock"]["moves"][i].as_u64().unwrap())
        .sum();
    let plies = (s["plies"]["mean"].as_f64().unwrap() * 2.0).round() as u64;
    assert_eq!(moves, plies, "{s}");
}

#[test]
fn adjudication_ends_games_on_both_players_scores() {
    let file = def("definitions/classic/chess.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    let uci = format!("sh -c 'sed -u \"s/^go .*/go depth 1/\" | {bin} uci {file}'");
    let xboard = format!("{bin} xboard {file}");
    // The UCI engine with its `info` lines taken out: it gives no score.
    let mute =
        format!("sh -c 'sed -u \"s/^go .*/go depth 1/\" | {bin} uci {file} | sed -u \"/^info/d\"'");
    let run = |engine: &str, protocol: &str, rule: &[&str]| {
        let args = [
            "match",
            &file,
            "--games",
            "2",
            "--depth",
            "1",
            "--random-plies",
            "0",
            "--max-plies",
            "6",
            "--engine",
            engine,
            "--protocol",
            protocol,
            "--json",
        ];
        let s = json(&varia(&[&args[..], rule].concat()))["series"][0].clone();
        consistent(&s, 2);
        s
    };
    // Every score is within 1000000 of 0: a draw once varia and the engine have each given one.
    let draw = [
        "--draw-adjudication",
        "movenumber=0",
        "movecount=1",
        "score=1000000",
    ];
    // Any advantage both agree on: a loss once each has given one for the same side.
    let resign = ["--resign-adjudication", "movecount=1", "score=1"];
    for (engine, protocol) in [(&uci, "uci"), (&xboard, "xboard")] {
        let s = run(engine, protocol, &draw);
        assert_eq!(
            s["causes"],
            serde_json::json!({"adjudicated-draw": 2}),
            "{s}"
        );
        assert_eq!(
            (&s["plies"]["min"], &s["plies"]["max"]),
            (&2.into(), &2.into()),
            "{s}"
        );
        let s = run(engine, protocol, &resign);
        assert_eq!(
            s["causes"],
            serde_json::json!({"adjudicated-resign": 2}),
            "{s}"
        );
        assert_eq!(s["draws"], 0, "{s}");
        assert_eq!(
            (&s["plies"]["min"], &s["plies"]["max"]),
            (&2.into(), &2.into()),
            "{s}"
        );
    }
    // Without the engine's scores, nothing is adjudicated.
    for rule in [&draw[..], &resign[..]] {
        let s = run(&mute, "uci", rule);
        assert_eq!(s["causes"], serde_json::json!({"ply-cap": 2}), "{s}");
    }
}

#[test]
fn a_draw_is_adjudicated_from_the_move_number_with_the_opening_counted() {
    // Four random plies, then a draw at full move 5: six plies in the record.
    let args = [
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--depth",
        "1",
        "--draw-adjudication",
        "movenumber=5",
        "movecount=1",
        "score=1000000",
    ];
    let s = &json(&varia(&[&args[..], &["--json"]].concat()))["series"][0];
    consistent(s, 2);
    assert_eq!(
        s["causes"],
        serde_json::json!({"adjudicated-draw": 2}),
        "{s}"
    );
    // Each cause's share with its 95% Wilson interval: 2 of 2, [0.3424, 1].
    assert_eq!(
        s["cause_rates"],
        serde_json::json!({"adjudicated-draw": {"rate": 1.0, "low": 0.3424, "high": 1.0}}),
        "{s}"
    );
    assert_eq!(
        (&s["plies"]["min"], &s["plies"]["max"]),
        (&6.into(), &6.into()),
        "{s}"
    );
    let text = String::from_utf8_lossy(&varia(&args).stdout).to_string();
    assert!(
        text.lines()
            .any(|l| l.starts_with("ended by adjudicated-draw")
                && l.ends_with("  2  1.000 [0.342, 1.000]")),
        "{text}"
    );
}

#[test]
fn bad_adjudication_rules_are_refused() {
    let chess = def("definitions/classic/chess.varia");
    for (args, says) in [
        (
            &["--draw-adjudication", "movecount=3", "score=10"][..],
            "error: --draw-adjudication: movenumber= is needed",
        ),
        (
            &[
                "--draw-adjudication",
                "movenumber=1",
                "movecount=0",
                "score=10",
            ],
            "error: --draw-adjudication: movecount must be at least 1",
        ),
        (
            &["--resign-adjudication", "movecount=3", "score=-400"],
            "error: --resign-adjudication: score=-400: expected a whole number from 0 to 1000000",
        ),
        (
            &["--resign-adjudication", "movecount=3", "score=0"],
            "error: --resign-adjudication: movecount and score must be at least 1",
        ),
        (
            &["--resign-adjudication", "movecount=3", "margin=4"],
            "error: --resign-adjudication: unknown `margin` (expected movecount, score)",
        ),
        (
            &["--resign-adjudication", "3", "400"],
            "error: --resign-adjudication: `3` is not NAME=VALUE",
        ),
    ] {
        let out = varia(&[&["match", &chess, "--games", "2"][..], args].concat());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end(), says);
    }
    let out = varia(&[
        "match",
        &def("definitions/4-faces.varia"),
        "--games",
        "2",
        "--resign-adjudication",
        "movecount=3",
        "score=400",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: small: adjudication needs a game of two players (4 here)"
    );
}

#[test]
fn an_xboard_engine_may_send_a_move_in_legs_a_leg_a_line_and_a_pass_as_null_move() {
    // Speaks XBoard as HaChu does: takes `memory`, sends a lion's capture without moving a leg
    // a line (`move e8e7,` then `move e7e8`), then a pass as XBoard's null move, then resigns.
    let log = std::env::temp_dir().join(format!("varia-legs-{}.log", std::process::id()));
    let script = format!(
        "n=0; go=0; answer() {{ n=$((n+1)); case $n in 1) printf \"move e8e7,\\nmove e7e8\\n\";; 2) echo \"move @@@@\";; *) echo resign;; esac; }}; \
         while read l; do echo \"$l\" >> {}; case \"$l\" in protover*) echo \"feature myname=\\\"lion\\\" usermove=1 memory=1 variants=\\\"chu\\\" done=1\";; ping*) echo \"pong ${{l#ping }}\";; go) go=1; answer;; usermove*) [ $go = 1 ] && answer;; esac; done",
        log.display()
    );
    let engine = format!("sh -c '{}'", script.replace('\'', "'\\''"));
    let openings = std::env::temp_dir().join(format!("varia-legs-{}.fen", std::process::id()));
    // Black's lion on e8 next to White's pawns; Black (the engine, in game 0) to move.
    std::fs::write(
        &openings,
        "6k5/12/12/12/4n7/4PP6/5G6/12/12/12/12/K11 b - - 0 1\n",
    )
    .unwrap();
    let pgn = std::env::temp_dir().join(format!("varia-legs-{}.pgn", std::process::id()));
    let out = varia(&[
        "match",
        &def("definitions/hachu/chu.varia"),
        "--games",
        "1",
        "--depth",
        "1",
        "--random-plies",
        "0",
        "--openings",
        openings.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
        "--engine",
        &engine,
        "--protocol",
        "xboard",
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][0];
    consistent(s, 1);
    assert_eq!(s["causes"]["resignation"], 1, "{s}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    let _ = std::fs::remove_file(&openings);
    // The capture without moving, in SAN; the pass was read (the engine resigned at its third
    // answer, which comes only after `@@@@` was taken as a legal move).
    assert!(games.contains("Nxe7-e8"), "{games}");
    let sent = received(&log);
    assert!(sent.iter().any(|l| l == "memory 64"), "{sent:?}");
}
