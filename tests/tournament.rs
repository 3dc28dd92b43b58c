//! `varia match --tournament`: a round robin of varia and external engines, engines paired with
//! each other too, with a crosstable whose numbers add up to the series'.

use std::process::Output;

mod common;

use common::{def, json, varia};

fn engine(prefix: &str) -> String {
    format!(
        "{prefix}{} uci {}",
        env!("CARGO_BIN_EXE_varia"),
        def("definitions/classic/chess.varia")
    )
}

/// A chess tournament of 2 games a pairing at depth 1, at most 40 plies a game, with `more`.
fn quick_tournament(more: &[&str]) -> Output {
    let chess = def("definitions/classic/chess.varia");
    let mut args = vec![
        "match",
        &chess,
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--tournament",
    ];
    args.extend_from_slice(more);
    varia(&args)
}

#[test]
fn a_round_robin_pairs_every_entrant_with_every_other() {
    let pgn = std::env::temp_dir().join(format!("varia-tournament-{}.pgn", std::process::id()));
    let b = format!(
        "cmd={} arg=uci arg={} depth=2",
        env!("CARGO_BIN_EXE_varia"),
        def("definitions/classic/chess.varia")
    );
    let a = engine("");
    let out = quick_tournament(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
    ]);
    let report = json(&out);
    let name = format!("varia {}", env!("CARGO_PKG_VERSION"));
    let series = report["series"].as_array().unwrap();
    let entrants: Vec<&serde_json::Value> = series.iter().map(|s| &s["entrants"]).collect();
    assert_eq!(
        entrants,
        [
            &serde_json::json!(["varia", name]),
            &serde_json::json!(["varia", name]),
            &serde_json::json!([name, name]),
        ]
    );
    // The second engine searches 2 plies where the match's limit says 1.
    assert_eq!(
        series[1]["limits"],
        serde_json::json!(["depth 1", "depth 2"])
    );
    assert_eq!(
        series[2]["limits"],
        serde_json::json!(["depth 1", "depth 2"])
    );
    let t = &report["tournament"];
    let second = format!("{name} (2)");
    assert_eq!(t["entrants"], serde_json::json!(["varia", name, second]));
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3);
    let mut points = 0.0;
    for s in standings {
        assert_eq!(s["games"], 4, "{s}");
        let n = |k: &str| s[k].as_u64().unwrap();
        assert_eq!(n("wins") + n("draws") + n("losses"), 4, "{s}");
        points += s["points"].as_f64().unwrap();
        // Each pairing seen from both sides.
        for (other, r) in s["against"].as_object().unwrap() {
            let mirror = standings.iter().find(|x| x["entrant"] == *other).unwrap();
            let back = &mirror["against"][s["entrant"].as_str().unwrap()];
            assert_eq!(r["wins"], back["losses"], "{t}");
            assert_eq!(r["draws"], back["draws"], "{t}");
        }
    }
    assert_eq!(points, 6.0);
    // The crosstable's pairings are the series'.
    let find = |e: &str| standings.iter().find(|x| x["entrant"] == e).unwrap();
    for (i, (first, second)) in [("varia", &name), ("varia", &second), (&name, &second)]
        .into_iter()
        .enumerate()
    {
        let cell = &find(first)["against"][second.as_str()];
        for k in ["wins", "draws", "losses"] {
            assert_eq!(cell[k], series[i][k], "{k} of {first} against {second}");
        }
    }
    // The games between the two engines name both in the PGN.
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    assert_eq!(text.matches("[Event ").count(), 6);
    let both = format!("[White \"{name}\"]\n[Black \"{name}\"]");
    assert_eq!(text.matches(&both).count(), 2, "{text}");

    // The same as a table.
    let out = quick_tournament(&["--engine", &a]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("crosstable"), "{text}");
    assert!(text.contains(&format!("  {name}  ")), "{text}");
}

#[test]
fn an_engine_in_varia_s_place_that_dies_loses_its_games() {
    // Entrants: varia, an engine killed after a second, a healthy engine; the dying one plays
    // first in its pairing with the healthy one, in varia's place.
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "2",
        "--movetime",
        "150",
        "--max-plies",
        "20",
        "--tournament",
        "--engine",
        &engine("timeout 1 "),
        "--engine",
        &engine(""),
        "--json",
    ]);
    let report = json(&out);
    let s = &report["series"][2];
    assert_eq!(s["losses"], 2, "{s}");
    assert!(
        s["causes"]
            .as_object()
            .unwrap()
            .keys()
            .all(|k| k == "engine-crashed"),
        "{s}"
    );
    let standings = report["tournament"]["standings"].as_array().unwrap();
    let last = standings.last().unwrap();
    assert_eq!(
        last["entrant"],
        format!("varia {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(last["points"], 0.0, "{last}");
}

#[test]
fn a_tournament_needs_an_engine_and_no_sequential_test() {
    let chess = def("definitions/classic/chess.varia");
    let out = varia(&["match", &chess, "--games", "2", "--tournament"]);
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --tournament needs at least one --engine to play varia\n"
    );
    let a = engine("");
    let out = varia(&[
        "match",
        &chess,
        "--games",
        "2",
        "--tournament",
        "--engine",
        &a,
        "--sprt",
        "elo0=0",
        "elo1=10",
    ]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot be used with"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
