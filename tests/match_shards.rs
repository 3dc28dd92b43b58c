//! `varia match --shard K/N --results FILE`: a match played in shards into a results file, and
//! the report merged from it equal to the match played at once; missing shards listed or
//! played; bad shards and files of another match refused.

use std::path::PathBuf;
use std::process::Output;

mod common;

use common::{def, json, varia};

/// A node-limited self-play match of chess: 6 games, 3 pairs.
const MATCH: [&str; 8] = [
    "--games",
    "6",
    "--nodes",
    "300",
    "--max-plies",
    "30",
    "--threads",
    "1",
];

fn chess() -> String {
    def("definitions/classic/chess.varia")
}

/// A fresh path in the temporary folder, for this test alone.
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("varia-shards-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn run(file: &str, more: &[&str]) -> Output {
    let mut args = vec!["match", file];
    args.extend(MATCH);
    args.extend(more);
    varia(&args)
}

fn stderr(out: &Output) -> String {
    assert!(!out.status.success(), "it succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn lines(path: &PathBuf) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn shards_merged_equal_the_match_played_at_once() {
    let (results, whole_pgn, merged_pgn) = (temp("r1"), temp("w1.pgn"), temp("m1.pgn"));
    let (r, wp, mp) = (
        results.to_str().unwrap(),
        whole_pgn.to_str().unwrap(),
        merged_pgn.to_str().unwrap(),
    );
    let whole = json(&run(&chess(), &["--json", "--pgn", wp]));
    assert_eq!(whole["series"][0]["games"], 6);
    // Shard k of 3 holds pair k: games 2k and 2k+1, reported alone.
    for k in [2, 0, 1] {
        let shard = json(&run(
            &chess(),
            &["--shard", &format!("{k}/3"), "--results", r, "--json"],
        ));
        let s = &shard["series"][0];
        assert_eq!(s["games"], 2, "{s}");
        assert_eq!(
            s["wins"].as_u64().unwrap()
                + s["draws"].as_u64().unwrap()
                + s["losses"].as_u64().unwrap(),
            2
        );
    }
    let file = lines(&results);
    assert_eq!(file.len(), 4);
    assert_eq!(file[0]["match"]["shards"], 3);
    assert_eq!(file[0]["match"]["settings"]["nodes"], 300);
    assert_eq!(
        file[0]["match"]["settings"]["depth"],
        serde_json::Value::Null
    );
    let order: Vec<u64> = file[1..]
        .iter()
        .map(|l| l["shard"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [2, 0, 1]);
    let indices: Vec<u64> = file[1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indices, [4, 5]);
    // The report from the file alone: the same JSON and PGN as the match played at once.
    let merged = json(&run(&chess(), &["--results", r, "--json", "--pgn", mp]));
    assert_eq!(merged, whole);
    assert_eq!(
        std::fs::read_to_string(&merged_pgn).unwrap(),
        std::fs::read_to_string(&whole_pgn).unwrap()
    );
    // A shard the file holds is not played again: its games are reported as they are.
    let again = json(&run(
        &chess(),
        &["--shard", "1/3", "--results", r, "--json"],
    ));
    assert_eq!(again["series"][0]["games"], 2);
    assert_eq!(lines(&results).len(), 4);
    for p in [&results, &whole_pgn, &merged_pgn] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn missing_shards_are_listed_or_played() {
    let results = temp("r2");
    let r = results.to_str().unwrap();
    let whole = json(&run(&chess(), &["--json"]));
    assert!(
        run(&chess(), &["--shard", "1/3", "--results", r])
            .status
            .success()
    );
    let out = run(&chess(), &["--results", r]);
    assert_eq!(
        stderr(&out),
        format!(
            "error: {r}: lacks 2 of its 3 shards: 0/3 2/3; play them with --shard K/3 --results \
             {r}, or give --play-missing to play them here\n"
        )
    );
    assert_eq!(lines(&results).len(), 2);
    // A line cut off by an interruption is dropped, and the missing shards played here.
    let mut text = std::fs::read_to_string(&results).unwrap();
    text.push_str("{\"shard\": 0, \"gam");
    std::fs::write(&results, text).unwrap();
    let merged = json(&run(
        &chess(),
        &["--results", r, "--play-missing", "--json"],
    ));
    assert_eq!(merged, whole);
    let shards: Vec<u64> = lines(&results)[1..]
        .iter()
        .map(|l| l["shard"].as_u64().unwrap())
        .collect();
    assert_eq!(shards, [1, 0, 2]);
    let none = temp("r2-none");
    let out = run(&chess(), &["--results", none.to_str().unwrap()]);
    assert!(stderr(&out).contains(": holds no shard yet: play them with --shard K/N"));
    assert!(!none.exists());
    let _ = std::fs::remove_file(&results);
}

#[test]
fn bad_shards_are_refused() {
    let results = temp("r3");
    let r = results.to_str().unwrap();
    for (shard, message) in [
        ("3/3", "shard 3/3 is not K/N with 0 <= K < N"),
        ("0/0", "shard 0/0 is not K/N with 0 <= K < N"),
        (
            "1",
            "shard `1` is not K/N (shard K of N, from 0: `0/4` to `3/4`)",
        ),
        ("a/2", "shard `a/2` is not K/N"),
    ] {
        let err = stderr(&run(&chess(), &["--shard", shard, "--results", r]));
        assert!(err.contains(message), "{shard}: {err}");
    }
    let err = stderr(&run(&chess(), &["--shard", "0/4", "--results", r]));
    assert_eq!(
        err,
        "error: --shard: 4 shards is more than the 3 pairs of games of a series (--games 6)\n"
    );
    let err = stderr(&run(&chess(), &["--shard", "0/3"]));
    assert!(err.contains("--results <FILE>"), "{err}");
    let err = stderr(&run(&chess(), &["--play-missing"]));
    assert!(err.contains("--results <FILE>"), "{err}");
    assert!(!results.exists());
}

#[test]
fn a_results_file_of_another_match_is_refused() {
    let results = temp("r4");
    let r = results.to_str().unwrap();
    assert!(
        run(&chess(), &["--shard", "0/3", "--results", r])
            .status
            .success()
    );
    let before = std::fs::read_to_string(&results).unwrap();
    let other = |more: &[&str]| {
        let mut args = vec!["--shard", "1/3", "--results", r];
        args.extend(more);
        stderr(&run(&chess(), &args))
    };
    let expected = |what: &str| {
        format!(
            "error: {r}: holds the results of another match ({what} differ): give another file\n"
        )
    };
    assert_eq!(
        other(&["--random-plies", "2"]),
        expected("setting random_plies")
    );
    assert_eq!(
        other(&[
            "--draw-adjudication",
            "movenumber=40",
            "movecount=8",
            "score=10"
        ]),
        expected("setting draw_adjudication")
    );
    // Another definition: chess's rules are not the variant's of another file.
    let out = varia(&[
        "match",
        &def("definitions/classic/minishogi.varia"),
        "--games",
        "6",
        "--nodes",
        "300",
        "--max-plies",
        "30",
        "--shard",
        "1/3",
        "--results",
        r,
    ]);
    assert_eq!(stderr(&out), expected("rules"));
    // Other shards of the same match.
    let out = run(&chess(), &["--shard", "0/2", "--results", r]);
    assert_eq!(stderr(&out), expected("shards"));
    assert_eq!(std::fs::read_to_string(&results).unwrap(), before);
    // A file that is no results file.
    std::fs::write(&results, "not json\n").unwrap();
    let out = run(&chess(), &["--results", r]);
    assert_eq!(
        stderr(&out),
        format!("error: {r}:1: not JSON: not a results file\n")
    );
    let _ = std::fs::remove_file(&results);
}

#[test]
fn shards_under_a_clock_play_every_game_once() {
    let results = temp("r5");
    let r = results.to_str().unwrap();
    let file = chess();
    let run_clock = |more: &[&str]| {
        let mut a = vec![
            "match",
            &file,
            "--games",
            "4",
            "--tc",
            "2+0.02",
            "--max-plies",
            "20",
            "--threads",
            "1",
            "--draw-adjudication",
            "movenumber=4",
            "movecount=2",
            "score=30",
            "--results",
            r,
            "--json",
        ];
        a.extend(more);
        varia(&a)
    };
    for k in ["0/2", "1/2"] {
        assert!(run_clock(&["--shard", k]).status.success());
    }
    let report = json(&run_clock(&[]));
    let s = &report["series"][0];
    assert_eq!(s["games"], 4);
    let n = |k: &str| s[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 4);
    let causes: u64 = s["causes"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(causes, 4);
    assert_eq!(s["clock"]["tc"], "2+0.02");
    let file_lines = lines(&results);
    let mut indices: Vec<u64> = file_lines[1..]
        .iter()
        .flat_map(|l| {
            l["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["index"].as_u64().unwrap())
        })
        .collect();
    indices.sort();
    assert_eq!(indices, [0, 1, 2, 3]);
    // Each game's clock is in its line, and the series' moves are theirs.
    let moves: Vec<u64> = (0..2)
        .map(|i| {
            file_lines[1..]
                .iter()
                .flat_map(|l| l["games"].as_array().unwrap().clone())
                .map(|g| g["clock"][i]["moves"].as_u64().unwrap())
                .sum()
        })
        .collect();
    assert_eq!(s["clock"]["moves"], serde_json::json!(moves));
    assert_eq!(file_lines[0]["match"]["settings"]["tc"], "2+0.02");
    assert_eq!(file_lines[0]["match"]["settings"]["timemargin"], 50);
    let _ = std::fs::remove_file(&results);
}
