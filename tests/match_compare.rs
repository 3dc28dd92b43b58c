//! `varia match` with several series: each series' draw rate with its Wilson interval, its first
//! player's score, and how that score differs from the first series', in text and in JSON, agree
//! with the counts of the games.

mod common;

use common::{def, varia};

/// Three subvariants of symgi, 6 self-play games each at depth 1: under a second.
fn three_series(json: bool) -> String {
    let mut args = vec![
        "match".to_string(),
        def("definitions/symgi.varia"),
        "--variant".into(),
        "stepping".into(),
        "--variant".into(),
        "leaping".into(),
        "--variant".into(),
        "displacer".into(),
        "--games".into(),
        "6".into(),
        "--depth".into(),
        "1".into(),
        "--max-plies".into(),
        "300".into(),
        "--threads".into(),
        "2".into(),
    ];
    if json {
        args.push("--json".into());
    }
    let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
    let out = varia(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The cells of the report's row `label`, one per series.
fn row(text: &str, label: &str) -> Vec<String> {
    let line = text
        .lines()
        .find(|l| l.starts_with(label) && l[label.len()..].starts_with("  "))
        .unwrap_or_else(|| panic!("no row {label:?} in\n{text}"));
    line[label.len()..]
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

/// The numbers of a cell, in order: `+0.500 [+0.100, +0.900]` is 0.5, 0.1, 0.9.
fn numbers(cell: &str) -> Vec<f64> {
    cell.split([' ', '[', ']', ',', '/'])
        .filter_map(|w| w.parse().ok())
        .collect()
}

fn near(a: f64, b: f64, tolerance: f64) {
    assert!((a - b).abs() <= tolerance, "{a} against {b}");
}

#[test]
fn series_are_compared_in_the_text_report() {
    let text = three_series(false);
    let results = row(&text, "wins / draws / losses");
    let first_wins = row(&text, "wins of player 1");
    let games = row(&text, "games");
    let rates = row(&text, "draw rate [95% Wilson]");
    let scores = row(&text, "score of player 1");
    let diffs = row(&text, "player 1 vs series 1 [95%]");
    let ps = row(&text, "p-value vs series 1");
    for cells in [&results, &first_wins, &rates, &scores, &diffs, &ps] {
        assert_eq!(cells.len(), 3, "{cells:?}\n{text}");
    }
    // The first series is compared with nothing.
    assert_eq!((diffs[0].as_str(), ps[0].as_str()), ("-", "-"), "{text}");
    let mut score_of = Vec::new();
    for i in 0..3 {
        let n: f64 = games[i].parse().unwrap();
        let draws = numbers(&results[i])[1];
        let wins1 = numbers(&first_wins[i])[0];
        let rate = numbers(&rates[i]);
        near(rate[0], draws / n, 0.0005);
        assert!(rate[1] <= rate[0] && rate[0] <= rate[2], "{text}");
        assert!(
            rate[1] >= 0.0 && rate[2] <= 1.0 && rate[2] > rate[1],
            "{text}"
        );
        let score = (wins1 + draws / 2.0) / n;
        near(numbers(&scores[i])[0], score, 0.0005);
        score_of.push(score);
    }
    for i in 1..3 {
        let d = numbers(&diffs[i]);
        near(d[0], score_of[i] - score_of[0], 0.0005);
        assert!(d[1] <= d[0] && d[0] <= d[2], "{text}");
        let p = numbers(&ps[i])[0];
        assert!((0.0..=1.0).contains(&p), "{text}");
    }
}

#[test]
fn series_are_compared_in_json() {
    let report: serde_json::Value = serde_json::from_str(&three_series(true)).unwrap();
    let series = report["series"].as_array().unwrap();
    assert_eq!(series.len(), 3);
    let f = |v: &serde_json::Value| v.as_f64().unwrap_or_else(|| panic!("{v}"));
    let mut score_of = Vec::new();
    for s in series {
        let n = f(&s["games"]);
        let draws = f(&s["draws"]);
        // Self-play: the first entrant is the first player.
        let score = (f(&s["wins"]) + draws / 2.0) / n;
        near(f(&s["first_player_score"]), score, 0.00005);
        score_of.push(score);
        let rate = &s["draw_rate"];
        near(f(&rate["rate"]), draws / n, 0.00005);
        assert!(f(&rate["low"]) <= f(&rate["rate"]) && f(&rate["rate"]) <= f(&rate["high"]));
        assert!(f(&rate["low"]) >= 0.0 && f(&rate["high"]) <= 1.0, "{s}");
        // The fields there were before stay.
        for k in [
            "variant", "wins", "losses", "score", "elo", "causes", "plies",
        ] {
            assert!(s.get(k).is_some(), "{k}: {s}");
        }
    }
    assert!(series[0]["vs_first"].is_null(), "{}", series[0]);
    for (i, s) in series.iter().enumerate().skip(1) {
        let vs = &s["vs_first"];
        near(f(&vs["difference"]), score_of[i] - score_of[0], 0.0001);
        assert!(f(&vs["low"]) <= f(&vs["difference"]) && f(&vs["difference"]) <= f(&vs["high"]));
        assert!((0.0..=1.0).contains(&f(&vs["p_value"])), "{vs}");
    }
}
