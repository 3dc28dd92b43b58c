//! `varia match --sprt` played at once and in shards: the test looks at its batches of pairs in
//! the order of their indices, so that a match played on threads, one played in shards of a
//! batch each (in any order, past the decision too) and one resumed from its results file
//! decide alike: the same verdict, ratio and counts.

use std::path::PathBuf;
use std::process::Output;

mod common;

use common::{def, json, varia};

/// A fresh path in the temporary folder, for this test alone.
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("varia-sprt-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Minishogi, varia at depth 3 against varia told to search one ply whatever it is asked: at
/// most 40 games (10 batches of 2 pairs), tested for 100 Elo.
fn run(more: &[&str]) -> Output {
    let file = def("definitions/classic/minishogi.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    let engine = format!("sh -c 'sed -u \"s/^go .*/go depth 1/\" | {bin} uci {file}'");
    let mut args = vec![
        "match",
        &file,
        "--games",
        "40",
        "--depth",
        "3",
        "--max-plies",
        "100",
        "--engine",
        &engine,
        "--sprt",
        "elo0=0",
        "elo1=100",
        "batch=2",
    ];
    args.extend(more);
    varia(&args)
}

fn series(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(out)["series"][0].clone()
}

fn stderr(out: &Output) -> String {
    assert!(!out.status.success(), "it succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The shards a results file holds, in the order of their lines.
fn shards(path: &PathBuf) -> Vec<u64> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["shard"]
                .as_u64()
                .unwrap()
        })
        .collect()
}

/// What must be equal between two runs of the test: the counts of the games counted and the
/// test's decision (but the games discarded, which depend on what was played past it).
fn decided(s: &serde_json::Value) -> serde_json::Value {
    let mut t = s["sprt"].clone();
    t.as_object_mut().unwrap().remove("discarded");
    serde_json::json!([
        s["games"],
        s["wins"],
        s["draws"],
        s["losses"],
        s["causes"],
        t
    ])
}

#[test]
fn a_test_in_shards_decides_as_the_match_played_at_once() {
    let one = series(&run(&["--threads", "1", "--json"]));
    let two = series(&run(&["--threads", "2", "--json"]));
    // Twelve pairs, six batches: the ratio crosses the upper bound after the sixth.
    let t = &one["sprt"];
    assert_eq!(one["games"], 24, "{one}");
    assert_eq!(t["pairs"], 12, "{t}");
    assert_eq!(t["batch"], 2, "{t}");
    assert_eq!(t["pentanomial"], serde_json::json!([0, 0, 4, 0, 8]), "{t}");
    assert_eq!(t["llr"], 2.962, "{t}");
    assert_eq!(t["verdict"], "H1", "{t}");
    assert_eq!(t["discarded"], 0, "{t}");
    assert_eq!(
        (one["wins"].clone(), one["losses"].clone()),
        (20.into(), 4.into())
    );
    assert_eq!(decided(&two), decided(&one));
    // Every shard played, from the last: the merged report counts the six batches the test
    // decided on and discards the games of the four past them.
    let results = temp("all");
    let r = results.to_str().unwrap();
    for k in (0..10).rev() {
        let shard = series(&run(&[
            "--shard",
            &format!("{k}/10"),
            "--results",
            r,
            "--json",
        ]));
        // A shard alone is reported without the test.
        assert_eq!(
            (shard["games"].clone(), shard["sprt"].clone()),
            (4.into(), serde_json::Value::Null)
        );
    }
    assert_eq!(shards(&results), (0..10).rev().collect::<Vec<_>>());
    let merged = series(&run(&["--results", r, "--json"]));
    assert_eq!(decided(&merged), decided(&one));
    assert_eq!(merged["sprt"]["discarded"], 16, "{merged}");
    let text = run(&["--results", r]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("LLR 2.96 [-2.94, 2.94], H1 accepted (elo1 100); 16 games discarded"),
        "{text}"
    );
    let _ = std::fs::remove_file(&results);
}

#[test]
fn an_interrupted_test_resumes_from_its_results_file() {
    let results = temp("resume");
    let r = results.to_str().unwrap();
    // Batches 0 and 2 played: the test has counted batch 0 alone.
    for k in ["0/10", "2/10"] {
        series(&run(&["--shard", k, "--results", r, "--json"]));
    }
    assert_eq!(
        stderr(&run(&["--results", r])),
        format!(
            "error: {r}: the test is undecided after the batches it holds in a row from the \
             first (1 of 10); it lacks 1/10 3/10 4/10 5/10 6/10 7/10 8/10 9/10; play them in \
             order with --shard K/10 --results {r}, or give --play-missing to play them here \
             until the test decides\n"
        )
    );
    // Played here in order, each batch appended as it ends, until the test decides: after
    // batch 5, as at once.
    let resumed = series(&run(&["--results", r, "--play-missing", "--json"]));
    assert_eq!(shards(&results), [0, 2, 1, 3, 4, 5]);
    assert_eq!(resumed["sprt"]["pairs"], 12, "{resumed}");
    assert_eq!(resumed["sprt"]["llr"], 2.962, "{resumed}");
    assert_eq!(resumed["games"], 24, "{resumed}");
    // Decided: a rerun plays nothing more.
    let again = series(&run(&["--results", r, "--play-missing", "--json"]));
    assert_eq!(decided(&again), decided(&resumed));
    assert_eq!(shards(&results).len(), 6);
    let header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&results)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        header["match"]["settings"]["sprt"],
        serde_json::json!({"elo0": 0.0, "elo1": 100.0, "alpha": 0.05, "beta": 0.05, "batch": 2})
    );
    assert_eq!(header["match"]["shards"], 10);
    let _ = std::fs::remove_file(&results);
}

#[test]
fn shards_of_a_test_are_its_batches() {
    let results = temp("count");
    let r = results.to_str().unwrap();
    assert_eq!(
        stderr(&run(&["--shard", "0/4", "--results", r])),
        "error: --shard: a match with a sequential test is played in shards of a batch of pairs \
         in a row: the 20 pairs of games here in batches of 2 make 10 shards, not 4 (shard \
         K/10)\n"
    );
    assert!(!results.exists());
}
