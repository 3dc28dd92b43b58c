//! `extends "FILE"`: a definition built on another file's main game, stating only what differs
//! (tests/extends/). Each is checked against the shipped definition written out in full.

use std::path::Path;
use varia::{Game, LoadError};

fn load(path: &str) -> Result<Game, LoadError> {
    let text = std::fs::read_to_string(path).unwrap();
    varia::load_at(&text, Path::new(path), None)
}

fn perft(g: &Game, depth: u32) -> u64 {
    g.perft(&g.start(), depth).unwrap()
}

/// The messages of a definition that does not load, each with its line and column.
fn errors(path: &str) -> Vec<(usize, usize, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    let Err(LoadError::Definition(ds)) = varia::check_all_at(&text, Path::new(path)) else {
        panic!("{path} loads");
    };
    ds.iter()
        .map(|d| {
            let before = &text[..d.span.start];
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            (
                before.matches('\n').count() + 1,
                before[line_start..].chars().count() + 1,
                d.message.clone(),
            )
        })
        .collect()
}

/// Six lines of King of the Hill compile to the rule set of the shipped definition written out
/// in full (40 lines), and play as it does.
#[test]
fn king_of_the_hill_in_six_lines_is_the_shipped_one() {
    let built = load("tests/extends/kingofthehill.varia").unwrap();
    let full = load("definitions/fsf/kingofthehill.varia").unwrap();
    let json = |g: &Game| serde_json::to_value(g.rules()).unwrap();
    assert_eq!(json(&built), json(&full));
    assert_eq!(perft(&built, 4), 197_281);
    // The king reaches the hill on its third move: e2, e3, then d4 wins.
    let mut p = built.start();
    for m in ["e2e4", "a7a6", "e1e2", "a6a5", "e2e3", "a5a4", "e3d4"] {
        let mv = built.parse_move(&p, m).unwrap();
        built.play(&mut p, &mv).unwrap();
    }
    assert!(matches!(built.status(&p), varia::Status::Over(_)));
}

/// Pieces are amended by name (the King's moves), added (the Commoner), and the set-up and a
/// promotion replaced: the game plays as the shipped Knightmate; the chess Knight it no longer
/// uses is warned about at the `extends`, with its place in chess.varia.
#[test]
fn knightmate_amends_adds_and_replaces() {
    let path = "tests/extends/knightmate.varia";
    let built = load(path).unwrap();
    let full = load("definitions/fsf/knightmate.varia").unwrap();
    for depth in 1..=3 {
        assert_eq!(perft(&built, depth), perft(&full, depth), "depth {depth}");
    }
    let text = std::fs::read_to_string(path).unwrap();
    let checked = varia::check_all_at(&text, Path::new(path)).unwrap();
    let messages: Vec<&str> = checked
        .warnings
        .iter()
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "piece `Knight` never reaches the board: it is not in the start position nor in hand, \
          and no promotion makes it (in definitions/classic/chess.varia:24:7, which this game \
          extends)"
        ]
    );
    assert_eq!(&text[checked.warnings[0].span.start..][..8], "extends ");
}

/// A file may extend a file that extends another; its paths are its own folder's.
#[test]
fn extends_chain_through_two_files() {
    let g = load("tests/extends/hill-with-checks.varia").unwrap();
    assert_eq!(g.rules().game, "hill3check");
    assert_eq!(g.rules().check_limit(), Some(3));
    assert!(g.rules().zones.iter().any(|z| z.name == "hill"));
    assert_eq!(perft(&g, 3), 8_902);
}

#[test]
fn a_circle_is_refused_naming_it() {
    assert_eq!(
        errors("tests/extends/circle-a.varia"),
        [(
            1,
            1,
            "`extends` goes round in a circle: tests/extends/circle-a.varia extends \
             tests/extends/circle-b.varia extends tests/extends/circle-a.varia"
                .to_string()
        )]
    );
}

#[test]
fn a_missing_file_is_an_error_at_the_statement() {
    assert_eq!(
        errors("tests/extends/missing.varia"),
        [(
            3,
            1,
            "cannot read `no-such-file.varia` (tests/extends/no-such-file.varia): no such file"
                .to_string()
        )]
    );
}

/// An error that lies in the extended file is given at the `extends`, with its place there.
#[test]
fn an_error_in_the_extended_file_is_placed_at_the_extends() {
    let found = errors("tests/extends/small-board.varia");
    assert!(!found.is_empty());
    for (line, column, message) in &found {
        assert_eq!((*line, *column), (2, 1), "{message}");
        assert!(
            message.contains("(in definitions/classic/chess.varia:"),
            "{message}"
        );
    }
}

/// A problem of the extended file as a whole is given at the `extends` too, with its place.
#[test]
fn an_extended_file_without_a_game_is_placed_at_the_extends() {
    assert_eq!(
        errors("tests/extends/no-game.varia"),
        [(
            2,
            1,
            "the file has no `game NAME` statement (in tests/extends/no-game-base.varia:1:1, \
             which this game extends)"
                .to_string()
        )]
    );
}

/// Text given without its file cannot find what it extends, and says so; a second `extends`
/// and one in a variant are refused.
#[test]
fn extends_needs_a_file_and_stands_once_in_the_main_game() {
    let text = "extends \"chess.varia\"\ngame g\n";
    let Err(LoadError::Definition(ds)) = varia::load_str(text, None) else {
        panic!("loads");
    };
    assert_eq!(
        ds[0].message,
        "`extends \"chess.varia\"` needs the path of this definition to find that file from: \
         load the definition from its file"
    );
    let text = "extends \"a.varia\"\nextends \"b.varia\"\ngame g\n";
    let Err(LoadError::Definition(ds)) = varia::load_str(text, None) else {
        panic!("loads");
    };
    assert_eq!(
        ds[0].message,
        "a game extends one file; this is a second `extends`"
    );
    assert_eq!(ds[0].span.start, 18);
    let text = "game g\nvariant v\nextends \"a.varia\"\n";
    let Err(LoadError::Definition(ds)) = varia::load_str(text, None) else {
        panic!("loads");
    };
    assert!(
        ds[0].message.contains("found `extends`"),
        "{}",
        ds[0].message
    );
}

/// `varia check`, `perft` and `show` find the extended file from the file's own folder, from
/// any working folder.
#[test]
fn the_command_line_reads_extended_files() {
    let bin = env!("CARGO_BIN_EXE_varia");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/extends/kingofthehill.varia");
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .current_dir(std::env::temp_dir())
            .output()
            .unwrap()
    };
    let f = file.to_str().unwrap();
    let o = run(&["check", f, "--deny-warnings"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["perft", f, "--depth", "3"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("8902"));
    let missing = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/extends/missing.varia");
    let o = run(&["check", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("missing.varia:3:1"), "{err}");
    assert!(err.contains("cannot read `no-such-file.varia`"), "{err}");
}
