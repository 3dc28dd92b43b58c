//! Scripted UCI and XBoard sessions and terminal games: the exact lines sent and expected. Every
//! wait has a deadline, so a broken engine fails a test instead of hanging it.

#[path = "common/session.rs"]
mod session;

use session::{Session, def};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn uci_handshake_lists_every_variant_of_the_files() {
    let mut s = Session::start(&[
        "uci",
        &def("definitions/symgi.varia"),
        &def("definitions/classic/chess.varia"),
    ]);
    s.send("uci");
    assert_eq!(
        s.line(),
        format!("id name varia {}", env!("CARGO_PKG_VERSION"))
    );
    assert_eq!(s.line(), "id author the varia developers");
    assert_eq!(
        s.line(),
        "option name UCI_Variant type combo default stepping var stepping var leaping var displacer var chess"
    );
    assert_eq!(
        s.line(),
        "option name Hash type spin default 16 min 1 max 4096"
    );
    assert_eq!(s.line(), "option name Clear Hash type button");
    assert_eq!(
        s.line(),
        "option name Threads type spin default 1 min 1 max 256"
    );
    assert_eq!(
        s.line(),
        "option name MultiPV type spin default 1 min 1 max 256"
    );
    assert_eq!(s.line(), "uciok");
    s.send("isready");
    assert_eq!(s.line(), "readyok");
    s.quit();
}

#[test]
fn uci_finds_a_mate_and_reports_it() {
    let mut s = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    s.send("go depth 3");
    let info = s.until(|l| l.starts_with("info depth 3 "));
    assert!(info.contains(" score mate 1 "), "{info}");
    assert!(info.ends_with(" pv a1a8"), "{info}");
    assert_eq!(s.until(|l| l.starts_with("bestmove")), "bestmove a1a8");
    s.quit();
}

#[test]
fn uci_plays_the_variant_chosen_from_moves() {
    let mut s = Session::start(&["uci", &def("definitions/symgi.varia")]);
    s.send("setoption name UCI_Variant value leaping");
    s.send("position startpos moves e3e4 e7e6");
    s.send("go nodes 500");
    let best = s.until(|l| l.starts_with("bestmove"));
    let m = best.split_whitespace().nth(1).unwrap();
    // The move is legal there: `varia moves` lists it.
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args([
            "moves",
            &def("definitions/symgi.varia"),
            "--variant",
            "leaping",
        ])
        .args(["--moves", "e3e4", "e7e6"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout).lines().any(|l| l == m),
        "{m}"
    );
    s.quit();
}

#[test]
fn uci_answers_bad_input_and_goes_on() {
    let mut s = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    s.send("position startpos moves e2e5");
    assert_eq!(s.line(), "info string error: illegal move `e2e5`");
    s.send("position fen 8/8/8 w - - 0 1");
    assert!(s.line().starts_with("info string error: bad FEN: "));
    s.send("setoption name UCI_Variant value nonsense");
    assert_eq!(s.line(), "info string error: unknown variant `nonsense`");
    s.send("go depth x");
    assert_eq!(
        s.line(),
        "info string error: `depth` needs a number, not `x`"
    );
    s.send("stop");
    assert!(
        s.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove ")
    );
    s.send("frobnicate");
    assert_eq!(s.line(), "info string unknown command: frobnicate");
    s.send("isready");
    assert_eq!(s.line(), "readyok");
    s.quit();
}

#[test]
fn uci_bestmove_none_when_the_game_is_over() {
    let mut s = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    s.send("position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    s.send("go depth 2");
    assert_eq!(s.until(|l| l.starts_with("bestmove")), "bestmove (none)");
    s.quit();
}

#[test]
fn uci_infinite_waits_for_stop() {
    let mut s = Session::start(&["uci", &def("definitions/classic/minishogi.varia")]);
    s.send("go infinite");
    s.send("isready");
    assert_eq!(s.until(|l| !l.starts_with("info")), "readyok");
    s.send("stop");
    assert!(
        s.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove ")
    );
    s.quit();
}

#[test]
fn xboard_features_and_variant_setup() {
    let mut s = Session::start(&["xboard", &def("definitions/symgi.varia")]);
    s.send("xboard");
    s.send("protover 2");
    assert_eq!(s.line(), "feature done=0");
    let features = s.line();
    assert!(
        features.starts_with("feature ping=1 setboard=1 "),
        "{features}"
    );
    for f in [
        "usermove=1",
        "sigint=0",
        "sigterm=0",
        "analyze=1",
        "smp=1",
        "variants=\"stepping,leaping,displacer\"",
    ] {
        assert!(features.contains(f), "{f} in {features}");
    }
    assert_eq!(s.line(), "feature done=1");
    s.send("variant leaping");
    assert_eq!(
        s.line(),
        "setup (.NBRPFZXTW...+++.....K.nbrpfzxtw...+++.....k) 9x9+9_shogi \
         wxttkzzfn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/NFZZKTTXW[] w - - 0 1"
    );
    let pieces: Vec<String> = (0..13).map(|_| s.line()).collect();
    assert_eq!(pieces[0], "piece K& WF");
    assert!(pieces.contains(&"piece +B& BW".to_string()));
    // The leaping Waffle jumps (no `n`); the stepping one would not.
    assert!(pieces.contains(&"piece W& WA@9".to_string()), "{pieces:?}");
    // XBoard cannot follow Symgi's swap promotions: the user is told so.
    assert!(
        s.line()
            .starts_with("telluser XBoard cannot follow the Point's swap promotions")
    );
    s.send("variant nonsense");
    assert_eq!(s.line(), "Error (unsupported variant): nonsense");
    s.quit();
}

#[test]
fn xboard_refuses_illegal_moves_and_plays_legal_ones() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("usermove e2e5");
    assert_eq!(s.line(), "Illegal move (not a legal move): e2e5");
    s.send("usermove z9z9");
    assert_eq!(s.line(), "Illegal move (no such cell): z9z9");
    s.send("usermove hello");
    assert_eq!(s.line(), "Illegal move (malformed): hello");
    s.send("usermove e2e4");
    s.send("ping 5");
    assert_eq!(s.line(), "pong 5");
    s.send("sd 2");
    s.send("go");
    let mv = s.until(|l| l.starts_with("move "));
    assert!(mv.len() >= 9, "{mv}");
    s.send("frobnicate");
    assert_eq!(s.line(), "Error (unknown command): frobnicate");
    s.send("setboard this is not a position");
    assert_eq!(s.line(), "tellusererror Illegal position");
    s.quit();
}

#[test]
fn xboard_mates_and_reports_the_result() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    s.send("sd 3");
    s.send("go");
    assert_eq!(s.until(|l| !l.starts_with(char::is_numeric)), "move a1a8");
    assert_eq!(s.line(), "1-0 {White wins by checkmate}");
    s.send("undo");
    s.send("usermove a1a8");
    assert_eq!(s.line(), "1-0 {White wins by checkmate}");
    s.send("usermove g8h8");
    assert!(s.line().starts_with("Illegal move (the game is over"));
    s.quit();
}

#[test]
fn xboard_analyze_prints_thinking_until_exit() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("analyze");
    let line = s.line();
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert!(fields.len() >= 5, "{line}");
    assert!(
        fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
        "{line}"
    );
    s.send("exit");
    s.send("ping 9");
    assert_eq!(s.until(|l| l.starts_with("pong")), "pong 9");
    s.quit();
}

/// The fields of a thinking line (`depth score time nodes pv...`), if it is one.
fn thinking(line: &str) -> Option<(u32, i64, Vec<String>)> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 5 || !f[..4].iter().all(|x| x.parse::<i64>().is_ok()) {
        return None;
    }
    let pv = f[4..].iter().map(|m| m.to_string()).collect();
    Some((f[0].parse().ok()?, f[1].parse().ok()?, pv))
}

/// The first thinking line of a depth-1 analysis that starts after this point, its pv's first move.
fn first_analysis_move(s: &Session) -> String {
    let line = s.until(|l| thinking(l).is_some_and(|t| t.0 == 1));
    thinking(&line).unwrap().2[0].clone()
}

/// Analyze mode as XBoard drives it (engine-intf section 12): thinking lines without `post`,
/// `.` answered with `stat01`, moves, `undo`, `new` and `setboard` restarting the analysis on
/// the new position, mate scores as 100000 + N, nothing after `exit`, no `move` ever.
#[test]
fn xboard_analysis_mode_follows_the_position_and_reports_its_status() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("xboard");
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("analyze");
    let m = first_analysis_move(&s);
    assert!(m.as_bytes()[1] <= b'2', "a White move at the start: {m}");
    // `.` once a depth is complete: time, nodes, depth, 0 moves left of the 20, the best move.
    s.until(|l| thinking(l).is_some_and(|t| t.0 >= 2));
    s.send(".");
    let stat = s.until(|l| l.starts_with("stat01: "));
    let f: Vec<&str> = stat.split_whitespace().collect();
    assert_eq!(f.len(), 7, "{stat}");
    assert!(f[1..4].iter().all(|x| x.parse::<u64>().is_ok()), "{stat}");
    assert!(f[3].parse::<u32>().unwrap() >= 2, "{stat}");
    assert_eq!(&f[4..6], ["0", "20"], "{stat}");
    assert!(f[6].len() == 4, "{stat}");
    // A move: Black's position is analysed.
    s.send("usermove e2e4");
    let m = first_analysis_move(&s);
    assert!(m.as_bytes()[1] >= b'7', "a Black move after e2e4: {m}");
    // `undo`: White's again; `new`: still analysing, from the start.
    s.send("undo");
    let m = first_analysis_move(&s);
    assert!(m.as_bytes()[1] <= b'2', "a White move after undo: {m}");
    s.send("new");
    let m = first_analysis_move(&s);
    assert!(m.as_bytes()[1] <= b'2', "a White move after new: {m}");
    // `setboard`: a mate in one, scored 100000 + 1.
    s.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let line = s.until(|l| thinking(l).is_some_and(|t| t.2[0] == "a1a8" && t.1 == 100_001));
    assert!(!line.contains("move "), "{line}");
    // `exit`: the analysis stops; nothing is sent after it but the answers.
    s.send("exit");
    s.send("ping 1");
    let mut seen = Vec::new();
    s.until(|l| {
        seen.push(l.to_string());
        l == "pong 1"
    });
    assert!(seen.iter().all(|l| !l.starts_with("move")), "{seen:?}");
    s.send(".");
    s.send("ping 2");
    assert_eq!(s.line(), "pong 2", "no thinking and no stat01 after exit");
    s.quit();
}

fn play(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    (
        String::from_utf8_lossy(&out.stdout).to_string() + &err,
        out.status.success(),
    )
}

#[test]
fn play_answers_an_illegal_move_with_the_legal_ones() {
    let chess = def("definitions/classic/chess.varia");
    let (out, ok) = play(&["play", &chess, "--depth", "1"], "e2e5\ne2e4\nquit\n");
    assert!(ok);
    assert!(
        out.contains("illegal move `e2e5`; legal moves: a2a3 a2a4 b1a3 b1c3 b2b3"),
        "{out}"
    );
    assert!(out.contains("black plays "), "{out}");
    assert!(out.contains("white resigns"), "{out}");
}

#[test]
fn play_engine_against_engine_with_four_players() {
    let faces = def("definitions/4-faces.varia");
    let (out, ok) = play(
        &[
            "play",
            &faces,
            "--as",
            "none",
            "--depth",
            "1",
            "--max-plies",
            "8",
        ],
        "",
    );
    assert!(ok, "{out}");
    assert!(out.contains("game over (ply-cap): draw"), "{out}");
    for p in ["red", "orange", "green", "blue"] {
        assert!(out.contains(&format!("{p} plays ")), "{p}: {out}");
    }
}

#[test]
fn play_refuses_an_unknown_side() {
    let chess = def("definitions/classic/chess.varia");
    let (out, ok) = play(&["play", &chess, "--as", "purple"], "");
    assert!(!ok);
    assert!(
        out.contains("error: unknown side `purple` (sides: white, black, none)"),
        "{out}"
    );
}

#[test]
fn xboard_takes_a_move_that_declines_promotion_with_an_equals_sign() {
    let mut s = Session::start(&["xboard", &def("definitions/symgi.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("variant stepping");
    s.send("force");
    // The Bishop's way into Black's camp is open after c3c4 ... g7g6.
    s.send("usermove c3c4");
    s.send("usermove g7g6");
    s.send("usermove b2g7=");
    s.send("ping 1");
    assert_eq!(
        s.until(|l| l.starts_with("pong") || l.starts_with("Illegal")),
        "pong 1"
    );
    s.quit();
}

#[test]
fn protocols_survive_hostile_numbers() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    for cmd in [
        "time 99999999999999999",
        "st nan",
        "st -5",
        "level 40 x 0",
        "memory 0",
        "sd 0",
    ] {
        s.send(cmd);
    }
    s.send("ping 2");
    assert_eq!(s.until(|l| l.starts_with("pong")), "pong 2");
    s.quit();
    let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    u.send("setoption name Hash value 99999999");
    u.send("go wtime 9223372036854775807 btime -5 winc 9223372036854775807 depth 1");
    assert!(
        u.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove ")
    );
    u.quit();
}

#[test]
fn protocols_answer_an_over_long_line_and_stay_up() {
    let long = "a".repeat((1 << 20) + 10);
    let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    u.send(&long);
    u.send("isready");
    assert_eq!(
        u.line(),
        "info string error: a line over 1048576 bytes: ignored"
    );
    assert_eq!(u.line(), "readyok");
    u.quit();
    let mut x = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    x.send(&long);
    x.send("ping 3");
    assert_eq!(
        x.line(),
        "Error (line too long): a line over 1048576 bytes was ignored"
    );
    assert_eq!(x.line(), "pong 3");
    x.quit();
}

#[test]
fn uci_replays_a_long_game() {
    // 48,000 moves (knights out and back): 32,000 took 3.8-6.3 s when each move copied the
    // game so far.
    let moves = ["g1f3 g8f6 f3g1 f6g8"; 12000].join(" ");
    let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    u.send(&format!("position startpos moves {moves} e2e4"));
    u.send("isready");
    assert_eq!(u.line(), "readyok");
    u.send("d");
    assert_eq!(
        u.until(|l| l.starts_with("fen")),
        "fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 24001"
    );
    u.quit();
}

fn play_bytes(args: &[&str], input: &[u8]) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    (
        String::from_utf8_lossy(&out.stdout).to_string() + &err,
        out.status.success(),
    )
}

#[test]
fn play_skips_a_bad_line_and_prints_the_moves_at_the_end_of_input() {
    let chess = def("definitions/classic/chess.varia");
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(vec![b'x'; (1 << 20) + 1]);
    input.extend(b"\ne2e4\n");
    let (out, ok) = play_bytes(&["play", &chess, "--depth", "1"], &input);
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        out.contains("error: the line is not UTF-8 text: ignored\n"),
        "{out}"
    );
    assert!(
        out.contains("error: a line over 1048576 bytes: ignored\n"),
        "{out}"
    );
    let black = lines
        .iter()
        .find_map(|l| l.strip_prefix("black plays "))
        .and_then(|l| l.split(' ').next())
        .expect("black's move");
    assert_eq!(
        &lines[lines.len() - 2..],
        [
            "end of input: the game is left unfinished",
            &format!("moves: e2e4 {black}")
        ]
    );
}

#[test]
fn uci_go_without_a_limit_is_stopped_by_the_end_of_input() {
    // Found by the fuzz campaign (fuzz/regressions/uci/go-without-limit-at-eof): a `go` with no
    // limit, or with only a parameter it cannot read, searched without end after the input closed.
    for go in ["go", "go \u{a9}"] {
        let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
        u.send("position startpos");
        u.send(go);
        u.send("isready");
        u.until(|l| l == "readyok");
        let Session {
            mut child,
            stdin,
            lines,
        } = u;
        drop(stdin);
        let best = loop {
            let l = lines
                .recv_timeout(Duration::from_secs(20))
                .expect("a bestmove in time");
            if l.starts_with("bestmove ") {
                break l;
            }
        };
        assert!(best.len() > "bestmove ".len(), "{best}");
        let mut ended = false;
        for _ in 0..400 {
            if let Some(status) = child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                ended = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        if !ended {
            let _ = child.kill();
        }
        assert!(ended, "`{go}` then end of input: varia uci did not end");
    }
}

/// Runs `varia PROTOCOL chess` on the input given, then closed; returns its output if it ends
/// within 5 seconds (it is killed and the test fails if not).
fn output_at_end_of_input(protocol: &str, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args([protocol, &def("definitions/classic/chess.varia")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{protocol}: {input:?} then end of input: still running after 5 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{:?}", out.status);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The end of input stops a search with a large limit, as `quit` does (UCI: with the best move
/// found so far); a `go depth 40` searched on for minutes after its input was gone.
#[test]
fn the_end_of_input_ends_any_search() {
    for go in [
        "go depth 40",
        "go mate 50",
        "go infinite",
        "go movetime 100000000",
    ] {
        let out = output_at_end_of_input("uci", &format!("uci\nposition startpos\n{go}\n"));
        let last = out.lines().last().unwrap_or_default();
        assert!(last.starts_with("bestmove "), "{go}: {out}");
    }
    for go in ["sd 40\ngo", "st 100000\ngo", "analyze"] {
        output_at_end_of_input("xboard", &format!("xboard\nprotover 2\nnew\n{go}\n"));
    }
}

/// Three files of one variant name: the second is offered as STEM-NAME with its stem cleaned (a
/// file name with line breaks injected lines into the option list), the third as
/// STEM-NAME-2 (it was dropped without a word); echoed input has its control characters escaped
/// (a CR let `foo\rbestmove e2e4` pass for a move).
#[test]
fn offered_names_are_clean_and_unique_and_echoes_are_escaped() {
    let dir = std::env::temp_dir().join(format!("varia-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("other")).unwrap();
    let chess = std::fs::read_to_string(def("definitions/classic/chess.varia")).unwrap();
    let files = [
        dir.join("chess.varia"),
        dir.join("evil\nreadyok\nid name x.varia"),
        dir.join("other/evil\nreadyok\nid name x.varia"),
    ];
    for f in &files {
        std::fs::write(f, &chess).unwrap();
    }
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let mut u = Session::start(&[&["uci"], &args[..]].concat());
    u.send("uci");
    let option = u.until(|l| l.starts_with("option name UCI_Variant"));
    assert_eq!(
        option,
        "option name UCI_Variant type combo default chess var chess \
         var evil_readyok_id_name_x-chess var evil_readyok_id_name_x-chess-2"
    );
    assert_eq!(
        u.line(),
        "option name Hash type spin default 16 min 1 max 4096"
    );
    u.until(|l| l == "uciok");
    u.send("setoption name UCI_Variant value evil_readyok_id_name_x-chess-2");
    u.send("foo\rbest\u{c}move e2e4");
    assert_eq!(
        u.line(),
        "info string unknown command: foo\\rbest\\u{c}move e2e4"
    );
    u.send("isready");
    assert_eq!(u.line(), "readyok");
    u.quit();

    let mut x = Session::start(&[&["xboard"], &args[..]].concat());
    x.send("xboard");
    x.send("protover 2");
    let features = x.until(|l| l.contains("variants="));
    assert!(
        features.contains(
            "variants=\"chess,evil_readyok_id_name_x-chess,evil_readyok_id_name_x-chess-2\""
        ),
        "{features}"
    );
    x.until(|l| l.contains("done=1"));
    x.send("foo\u{1b}[2Jbar");
    assert_eq!(x.line(), "Error (unknown command): foo\\u{1b}[2Jbar");
    x.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

/// UCI's `MultiPV` (python-chess's `analysis(multipv=2)` failed): the option is listed, and each
/// depth reports that many lines, `multipv 1` to `K`, best first, each with its own first move;
/// the move played is the first line's. A bad value is refused and the option stays.
#[test]
fn uci_multipv_reports_several_lines_per_depth() {
    let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    u.send("uci");
    u.until(|l| l == "option name MultiPV type spin default 1 min 1 max 256");
    u.until(|l| l == "uciok");
    u.send("setoption name MultiPV value 0");
    assert_eq!(
        u.line(),
        "info string error: bad MultiPV value `0` (1 to 256)"
    );
    u.send("setoption name MultiPV value 3");
    // Mate in one or a rook lost: three lines with three first moves.
    u.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    u.send("go depth 3");
    let mut lines: Vec<Vec<String>> = Vec::new();
    let best = u.until(|l| {
        if l.starts_with("info depth") {
            lines.push(l.split_whitespace().map(str::to_string).collect());
        }
        l.starts_with("bestmove")
    });
    assert_eq!(best, "bestmove a1a8");
    for depth in 1..=3 {
        let of_depth: Vec<&Vec<String>> =
            lines.iter().filter(|w| w[2] == depth.to_string()).collect();
        assert_eq!(of_depth.len(), 3, "depth {depth}: {lines:?}");
        let mut firsts = Vec::new();
        for (k, w) in of_depth.iter().enumerate() {
            assert_eq!(&w[5..7], ["multipv".to_string(), (k + 1).to_string()]);
            let pv = w.iter().position(|x| x == "pv").unwrap();
            firsts.push(w[pv + 1].clone());
        }
        assert_eq!(firsts[0], "a1a8", "{of_depth:?}");
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{of_depth:?}");
    }
    // The first line mates; the others do not.
    let last: Vec<&Vec<String>> = lines.iter().rev().take(3).collect();
    assert_eq!(&last[2][7..10], ["score", "mate", "1"]);
    assert!(last[1][8] == "cp" && last[0][8] == "cp", "{last:?}");
    // One line again: no `multipv` field, as before.
    u.send("setoption name MultiPV value 1");
    u.send("go depth 1");
    let info = u.until(|l| l.starts_with("info depth"));
    assert!(!info.contains("multipv"), "{info}");
    u.until(|l| l.starts_with("bestmove"));
    u.quit();
}

/// Under XBoard's shogi parent the Pawn's place carries shogi's pawn-drop rules (one a file, no
/// drop mate): shogi's pawn takes it. Shoxiang 108 (shown under `fairy`, its River being past
/// XBoard's shogi zone) keeps its Point, which promotes only to `+P`, off the Pawn's place, and
/// its sixteen types (six with promoted forms) still find places.
#[test]
fn xboard_gives_the_pawn_place_only_to_a_shogi_pawn() {
    for (file, variant, table) in [
        (
            "definitions/classic/shogi.varia",
            "v-shogi",
            "setup (PNBRLSG....++++++....Kpnbrlsg....++++++....k) 9x9+7_shogi ",
        ),
        (
            "definitions/shoxiang108.varia",
            "v-shogi-heavy-weak",
            "setup (.NBRPHTSCWEG.+.++++.+K.nbrphtscweg.+.++++.+k) 9x12+11_fairy ",
        ),
    ] {
        let mut s = Session::start(&["xboard", &def(file)]);
        s.send("protover 2");
        s.until(|l| l == "feature done=1");
        s.send(&format!("variant {variant}"));
        let setup = s.line();
        assert!(setup.starts_with(table), "{variant}: {setup}");
        s.quit();
    }
}

/// A stepping three-cell straight leap (Symgi's stepping Cross, `nG`) is written for XBoard as
/// three one-cell legs, the first two to empty cells, as XBoard's `n` on G does not check every
/// cell passed; the leaping one stays a plain `G`.
#[test]
fn xboard_writes_a_stepping_three_cell_leap_as_legs() {
    for (variant, cross) in [
        ("stepping", "piece X& WmafmafF@9"),
        ("leaping", "piece X& WG@9"),
    ] {
        let mut s = Session::start(&["xboard", &def("definitions/symgi.varia")]);
        s.send("protover 2");
        s.until(|l| l == "feature done=1");
        s.send(&format!("variant {variant}"));
        let line = s.until(|l| l.starts_with("piece X& "));
        assert_eq!(line, cross, "{variant}");
        s.quit();
    }
}

/// UCI's `Threads` and XBoard's `cores` (lazy SMP): a bad value is refused and the search goes on
/// with the threads it had; with two threads the mate is found, and the nodes reported are the
/// threads' together (more than one thread's: the helpers search until the main thread ends).
#[test]
fn uci_threads_and_xboard_cores_search_on_several_threads() {
    let mut u = Session::start(&["uci", &def("definitions/classic/chess.varia")]);
    u.send("uci");
    u.until(|l| l == "uciok");
    for bad in ["0", "257", "two"] {
        u.send(&format!("setoption name Threads value {bad}"));
        assert_eq!(
            u.line(),
            format!("info string error: bad Threads value `{bad}` (1 to 256)")
        );
    }
    u.send("setoption name Threads value 2");
    u.send("position fen 7k/8/8/8/8/8/R7/1R5K w - - 0 1");
    u.send("go depth 6");
    let mut last = String::new();
    let best = u.until(|l| {
        if l.starts_with("info depth") {
            last = l.to_string();
        }
        l.starts_with("bestmove")
    });
    assert!(last.contains(" score mate 2 "), "{last}");
    assert!(best.starts_with("bestmove "), "{best}");
    u.send("setoption name Threads value 1");
    u.send("position startpos");
    u.send("go depth 2");
    assert!(
        u.until(|l| l.starts_with("bestmove"))
            .starts_with("bestmove ")
    );
    u.quit();

    let mut x = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    x.send("xboard");
    x.send("protover 2");
    x.until(|l| l == "feature done=1");
    x.send("new");
    x.send("cores 0");
    assert_eq!(x.line(), "Error (bad argument): cores 0");
    x.send("cores 2");
    x.send("sd 3");
    x.send("go");
    let reply = x.until(|l| l.starts_with("move "));
    assert!(reply.len() > 5, "{reply}");
    x.quit();
}
