//! `varia values`: each piece type's value estimated from self-play, with intervals; the same
//! seed gives the same estimates on any number of threads; a weights file with them that a match
//! plays with; games it cannot estimate refused.

mod common;
use common::*;
use varia::search::Weights;

fn values(args: &[&str]) -> serde_json::Value {
    let chess = def("definitions/classic/chess.varia");
    let mut all = vec!["values", chess.as_str()];
    all.extend_from_slice(args);
    let run = varia(&all);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).expect("JSON")
}

#[test]
fn values_estimates_each_type_with_an_interval_the_same_on_any_threads() {
    let args = [
        "--games",
        "24",
        "--nodes",
        "300",
        "--max-plies",
        "120",
        "--seed",
        "5",
        "--json",
    ];
    let one = values(&[&args[..], &["--threads", "1"]].concat());
    let two = values(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one["games"], 24);
    let wins = one["wins"]["white"].as_u64().unwrap() + one["wins"]["black"].as_u64().unwrap();
    assert_eq!(wins + one["draws"].as_u64().unwrap(), 24);
    assert!(one["positions"].as_u64().unwrap() > 24, "{one}");
    let pieces = one["pieces"].as_array().unwrap();
    let names: Vec<&str> = pieces.iter().map(|p| p["name"].as_str().unwrap()).collect();
    // The King is royal: no value to estimate.
    assert_eq!(names, ["Queen", "Rook", "Bishop", "Knight", "Pawn"]);
    let defined: Vec<u64> = pieces
        .iter()
        .map(|p| p["defined"].as_u64().unwrap())
        .collect();
    assert_eq!(defined, [900, 500, 300, 300, 100]);
    for p in pieces {
        if p["unequal"].as_u64().unwrap() == 0 {
            assert!(p["estimate"].is_null(), "{p}");
            continue;
        }
        let (v, lo, hi) = (
            p["estimate"].as_f64().unwrap(),
            p["low"].as_f64().unwrap(),
            p["high"].as_f64().unwrap(),
        );
        assert!(lo < v && v < hi, "{p}");
    }
}

#[test]
fn values_writes_weights_with_its_estimates_that_a_match_plays_with() {
    let dir = std::env::temp_dir().join(format!("varia-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("chess.json");
    let out = out.to_str().unwrap();
    let report = values(&[
        "--games",
        "16",
        "--nodes",
        "200",
        "--max-plies",
        "100",
        "--seed",
        "9",
        "--threads",
        "2",
        "--json",
        "--out",
        out,
    ]);
    let game = load("definitions/classic/chess.varia", None);
    let w = Weights::parse(&std::fs::read_to_string(out).unwrap(), &game).unwrap();
    for p in report["pieces"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        let expected = match p["estimate"].as_f64() {
            Some(v) => v.max(0.0).round() as i32,
            None => p["defined"].as_i64().unwrap() as i32,
        };
        assert!((w.pieces[name].value - expected).abs() <= 1, "{name}: {p}");
        assert_eq!(w.pieces[name].mobility, 4, "{name}");
    }
    let chess = def("definitions/classic/chess.varia");
    let played = varia(&[
        "match",
        &chess,
        "--games",
        "2",
        "--nodes",
        "100",
        "--max-plies",
        "20",
        "--threads",
        "1",
        "--weights",
        out,
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn values_refuses_what_it_cannot_estimate() {
    let four = def("definitions/4-faces.varia");
    let refused = varia(&["values", &four, "--games", "1"]);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        "error: varia values needs a game of two players (this one has 4)\n"
    );
    let chess = def("definitions/classic/chess.varia");
    for bad in [["--games", "0"], ["--nodes", "0"], ["--threads", "0"]] {
        let out = varia(&["values", &chess, bad[0], bad[1]]);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let unwritable = varia(&[
        "values",
        &chess,
        "--games",
        "1",
        "--nodes",
        "50",
        "--max-plies",
        "10",
        "--out",
        "/nonexistent/dir/w.json",
    ]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(
        String::from_utf8(unwritable.stderr)
            .unwrap()
            .starts_with("error: cannot write /nonexistent/dir/w.json"),
    );
}
