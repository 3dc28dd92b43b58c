//! `varia match --pgn`: the time control in a `TimeControl` tag and each move's engine score and
//! depth in a comment, as Cute Chess writes them, checked on the exact text.

mod common;

use common::{def, varia};

/// A book of one position: white mates with Rh8 (Kb6 guards a7, b7 and c7), or, black to move,
/// its only move is Kb8, after which Rh8 mates.
const WHITE_MATES: &str = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
const BLACK_FIRST: &str = "k7/8/1K6/8/8/8/8/7R b - - 0 1";

/// Plays a match of chess from `opening` with the extra arguments and gives its PGN.
fn pgn_of(name: &str, opening: &str, extra: &[&str]) -> String {
    let dir = std::env::temp_dir();
    let id = format!("{}-{name}", std::process::id());
    let book = dir.join(format!("varia-pgn-{id}.fen"));
    let pgn = dir.join(format!("varia-pgn-{id}.pgn"));
    std::fs::write(&book, format!("{opening}\n")).unwrap();
    let chess = def("definitions/classic/chess.varia");
    let args = [
        "match",
        chess.as_str(),
        "--games",
        "1",
        "--random-plies",
        "0",
        "--threads",
        "1",
        "--openings",
        book.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    let out = varia(&[&args[..], extra].concat());
    let _ = std::fs::remove_file(&book);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    let _ = std::fs::remove_file(&pgn);
    text
}

/// The PGN of a game varia won with one move, under a depth limit.
#[test]
fn a_mate_is_written_with_its_score_depth_and_no_time_control() {
    let text = pgn_of("mate", WHITE_MATES, &["--depth", "1"]);
    assert_eq!(
        text,
        "[Event \"varia match\"]\n\
         [Site \"varia\"]\n\
         [Round \"1\"]\n\
         [White \"varia\"]\n\
         [Black \"varia\"]\n\
         [Result \"1-0\"]\n\
         [Variant \"chess\"]\n\
         [SetUp \"1\"]\n\
         [FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\
         [Termination \"checkmate\"]\n\
         [PlyCount \"1\"]\n\
         [TimeControl \"-\"]\n\
         \n\
         1. Rh8# {+M1/1} 1-0\n\n"
    );
}

/// Against a UCI engine (varia's own, searching 2 plies): the engine's score and depth from its
/// `info` lines, mated in one, and varia's mate.
#[test]
fn an_engines_score_and_depth_come_from_its_info_lines() {
    let file = def("definitions/classic/chess.varia");
    let bin = env!("CARGO_BIN_EXE_varia");
    let engine = format!("sh -c 'sed -u \"s/^go .*/go depth 2/\" | {bin} uci {file}'");
    let text = pgn_of(
        "uci",
        BLACK_FIRST,
        &["--depth", "1", "--engine", &engine, "--protocol", "uci"],
    );
    assert_eq!(
        text,
        "[Event \"varia match\"]\n\
         [Site \"varia\"]\n\
         [Round \"1\"]\n\
         [White \"varia\"]\n\
         [Black \"varia 0.1.0\"]\n\
         [Result \"1-0\"]\n\
         [Variant \"chess\"]\n\
         [SetUp \"1\"]\n\
         [FEN \"k7/8/1K6/8/8/8/8/7R b - - 0 1\"]\n\
         [Termination \"checkmate\"]\n\
         [PlyCount \"2\"]\n\
         [TimeControl \"-\"]\n\
         \n\
         1... Kb8 {-M1/2} 2. Rh8# {+M1/1} 1-0\n\n"
    );
}

/// The tag says the clock (`--tc`, without an increment of 0, as Cute Chess writes it) or the
/// time a move (`--movetime`).
#[test]
fn the_time_control_tag_says_the_clock_or_the_time_a_move() {
    for (name, extra, tag) in [
        ("tc", &["--tc", "40/5+0"][..], "40/5"),
        ("inc", &["--tc", "5+0.1"][..], "5+0.1"),
        ("movetime", &["--movetime", "50"][..], "0.05/move"),
    ] {
        let text = pgn_of(name, WHITE_MATES, extra);
        let line = format!("\n[TimeControl \"{tag}\"]\n");
        assert!(text.contains(&line), "{name}: {text}");
        // varia found the mate, whatever depth it reached in the time.
        assert!(text.contains("1. Rh8# {+M1/"), "{name}: {text}");
    }
}

/// A PGN path that cannot be written is refused before the first game, with the reason and a
/// non-zero exit: a match of 100,000 games to depth 30, which would take days, ends at once.
#[test]
fn an_unwritable_pgn_path_is_refused_before_the_match() {
    let dir = std::env::temp_dir().join(format!("varia-pgn-{}-refused", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("no-such-folder/games.pgn");
    let chess = def("definitions/classic/chess.varia");
    for (path, why) in [
        (missing.to_str().unwrap(), "No such file or directory"),
        (dir.to_str().unwrap(), "Is a directory"),
    ] {
        // Spawned, and killed if it plays on: a check made after the games would hang here.
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
            .args([
                "match",
                &chess,
                "--games",
                "100000",
                "--depth",
                "30",
                "--threads",
                "1",
                "--pgn",
                path,
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed().as_secs() > 120 {
                let _ = child.kill();
                panic!("{path}: the match was played before the path was checked");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{path}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: cannot write {path}: ")) && stderr.contains(why),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
