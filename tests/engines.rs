//! `varia match --engine`: engines started without a shell from an argument list, with a working
//! folder, an environment and options; their standard error quoted when they fail; a crash told
//! from a timeout; and nothing of theirs left running after the match. The engines are small
//! shell scripts, or varia itself.

use std::time::Duration;

mod common;

use common::{def, varia};

/// A chess match of `games` games against `engine` (more flags after), as JSON: its one series.
fn chess_match(games: &str, engine: &str, more: &[&str]) -> (serde_json::Value, String) {
    let chess = def("definitions/classic/chess.varia");
    let mut args = vec![
        "match", &chess, "--games", games, "--engine", engine, "--json",
    ];
    args.extend_from_slice(more);
    let out = varia(&args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    (v["series"][0].clone(), err)
}

/// A folder of its own under the temporary folder, with a copy of the chess definition.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("varia-engines-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(
        def("definitions/classic/chess.varia"),
        dir.join("chess.varia"),
    )
    .unwrap();
    dir
}

/// The engine runs without a shell: its folder (`dir=`) and environment (`NAME=VALUE` words
/// before the program, or `env.NAME=`) reach it, and quoted words stay one argument. Here varia
/// itself plays, reading `chess.varia` from its folder, behind a check of its environment that
/// exits with status 3 when it fails.
#[test]
fn an_engine_gets_its_arguments_folder_and_environment() {
    let dir = folder("env");
    let bin = env!("CARGO_BIN_EXE_varia");
    let check = "test \"$WHO\" = \"an engine\" || exit 3; exec \"$0\" uci chess.varia";
    let key_form = format!(
        "cmd=sh arg=-c 'arg={check}' arg={bin} dir={} 'env.WHO=an engine'",
        dir.display()
    );
    let plain_form = format!(
        "WHO='an engine' sh -c 'cd {} && {}' {bin}",
        dir.display(),
        check
    );
    for engine in [key_form, plain_form] {
        let (s, err) = chess_match("2", &engine, &["--depth", "1", "--max-plies", "6"]);
        assert_eq!(s["games"], 2, "{s}");
        let causes = s["causes"].as_object().unwrap();
        assert!(
            causes.keys().all(|k| !k.starts_with("engine")),
            "{engine}: {s} {err}"
        );
        assert_eq!(
            s["entrants"][1],
            format!("varia {}", env!("CARGO_PKG_VERSION"))
        );
    }
    // Without the environment, the check fails: the engine crashes before the games.
    let out = varia(&[
        "match",
        &def("definitions/classic/chess.varia"),
        "--games",
        "1",
        "--engine",
        &format!(
            "cmd=sh arg=-c 'arg={check}' arg={bin} dir={}",
            dir.display()
        ),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("the engine crashed (exit status 3)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bad `--engine` is refused before any game, with the reason.
#[test]
fn a_bad_engine_text_is_refused() {
    for (engine, why) in [
        ("eng 'open", "an unclosed quote"),
        ("A=1 B=2", "no program to run"),
        ("cmd=eng junk", "`junk` is not KEY=VALUE"),
        ("cmd=eng colour=red", "unknown key `colour`"),
        (
            "cmd=/nonexistent/engine dir=/",
            "cannot start `/nonexistent/engine` in /",
        ),
    ] {
        let out = varia(&[
            "match",
            &def("definitions/classic/chess.varia"),
            "--games",
            "1",
            "--engine",
            engine,
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{engine}");
        assert!(
            err.starts_with(&format!("error: engine `{engine}`: ")) && err.contains(why),
            "{engine}: {err}"
        );
    }
}

/// Options (`option.NAME=VALUE`) are sent after the handshake, as UCI's `setoption` and XBoard's
/// `option`, and the handshake is asked again (the engine's name here shows the option).
#[test]
fn an_engine_is_given_its_options() {
    let uci = "g=none; while read -r l; do case \"$l\" in uci) echo \"id name Greeter $g\"; echo uciok;; \"setoption name Greeting value \"*) g=${l#setoption name Greeting value };; isready) echo readyok;; quit) exit 0;; esac; done";
    let xboard = "g=none; while read -r l; do case \"$l\" in protover*) echo \"feature myname=\\\"Greeter $g\\\" done=1\";; \"option Greeting=\"*) g=${l#option Greeting=};; ping*) echo \"pong ${l#ping }\";; quit) exit 0;; esac; done";
    for (script, protocol) in [(uci, "uci"), (xboard, "xboard")] {
        let engine = format!(
            "cmd=sh arg=-c 'arg={}' 'option.Greeting=hello there'",
            script.replace('\'', "'\\''")
        );
        let (s, _) = chess_match(
            "1",
            &engine,
            &[
                "--movetime",
                "50",
                "--protocol",
                protocol,
                "--random-plies",
                "0",
            ],
        );
        assert_eq!(s["entrants"][1], "Greeter hello there", "{protocol}: {s}");
    }
}

/// An engine that crashes in a game loses by `engine-crashed` (not a timeout nor a plain exit),
/// and the end of its standard error is quoted on varia's, with the log that keeps it.
#[test]
fn a_crash_is_reported_as_a_crash_with_the_engines_last_words() {
    let script = "while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; go*) echo \"assertion failed: out of cheese\" >&2; kill -SEGV $$;; esac; done";
    let engine = format!("sh -c '{script}'");
    let (s, err) = chess_match("2", &engine, &["--depth", "1", "--random-plies", "0"]);
    assert_eq!(s["causes"], serde_json::json!({"engine-crashed": 2}), "{s}");
    assert_eq!(s["wins"], 2);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(
        lines[0].starts_with("game 1 of chess against sh: engine-crashed: the engine crashed (killed by signal 11, SIGSEGV); the end of its standard error (logged in "),
        "{err}"
    );
    assert_eq!(lines[1], "    assertion failed: out of cheese");
    let log = lines[0]
        .rsplit("logged in ")
        .next()
        .unwrap()
        .trim_end_matches("):");
    let kept = std::fs::read_to_string(log).unwrap();
    assert_eq!(kept, "assertion failed: out of cheese\n");
    let _ = std::fs::remove_file(log);
}

/// An engine run by a wrapper that hangs: the wrapper's own children are ended with it (the
/// engine gets a process group of its own, and the group is killed), not left running.
#[test]
fn nothing_of_an_engine_is_left_running() {
    let dir = folder("group");
    let pids = dir.join("pids");
    let script = format!(
        "sleep 600 & echo $! >> {}; while read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; esac; done",
        pids.display()
    );
    let engine = format!("sh -c '{script}'");
    let (s, _) = chess_match("1", &engine, &["--movetime", "50", "--random-plies", "0"]);
    assert_eq!(s["causes"], serde_json::json!({"engine-timeout": 1}), "{s}");
    let text = std::fs::read_to_string(&pids).unwrap();
    let pids: Vec<&str> = text.lines().collect();
    // The check before the games, and the game.
    assert_eq!(pids.len(), 2, "{text}");
    for pid in pids {
        let proc = std::path::PathBuf::from(format!("/proc/{pid}"));
        let mut gone = false;
        for _ in 0..100 {
            let state = std::fs::read_to_string(proc.join("stat")).unwrap_or_default();
            // Gone, or a zombie waiting for whoever adopted it.
            if state.is_empty() || state.contains(") Z ") {
                gone = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(gone, "the wrapper's `sleep 600` ({pid}) is still running");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An XBoard engine under `--movetime 100` was sent `st 1` (XBoard's `st` takes whole seconds):
/// a short match ran ten times longer than asked. A time with a fraction of a second is now one
/// move a period (`level 1 0:01 0`) with the clocks set before each move in centiseconds (`time
/// 10`, `otim 10`); a whole number of seconds is still `st`. varia itself plays, behind a `tee`
/// that keeps what it is sent.
#[test]
fn an_xboard_engine_gets_a_fraction_of_a_second() {
    let dir = folder("level");
    let bin = env!("CARGO_BIN_EXE_varia");
    for (movetime, expected, unexpected) in [
        ("100", ["level 1 0:01 0", "time 10", "otim 10"], "st "),
        ("1000", ["st 1", "usermove ", "go"], "level "),
    ] {
        let log = dir.join(format!("sent-{movetime}"));
        let engine = format!(
            "sh -c 'tee -a {} | exec {bin} xboard {}/chess.varia'",
            log.display(),
            dir.display()
        );
        let started = std::time::Instant::now();
        let (s, err) = chess_match(
            "2",
            &engine,
            &[
                "--movetime",
                movetime,
                "--protocol",
                "xboard",
                "--max-plies",
                "6",
                "--random-plies",
                "0",
                "--threads",
                "1",
            ],
        );
        let took = started.elapsed();
        assert_eq!(s["games"], 2, "{s}");
        let causes = s["causes"].as_object().unwrap();
        assert!(causes.keys().all(|k| !k.starts_with("engine")), "{s} {err}");
        let sent = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = sent.lines().collect();
        for e in expected {
            assert!(lines.iter().any(|l| l.starts_with(e)), "{e} not in {sent}");
        }
        assert!(!lines.iter().any(|l| l.starts_with(unexpected)), "{sent}");
        if movetime == "100" {
            // 12 moves of 0.1 s one after the other, where `st 1` took 12 s.
            assert!(took < Duration::from_secs(8), "{took:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
