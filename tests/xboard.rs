//! XBoard sessions on what XBoard numbers or names its own way: boards of ten ranks (counted
//! from 0 by XBoard), variant names XBoard would take for its own, games it cannot show.

#[path = "common/session.rs"]
mod session;

use session::{Session, def};
use std::process::Command;

/// The sorted legal moves after some moves, as `varia moves` lists them.
fn legal_after(file: &str, moves: &[&str]) -> Vec<String> {
    let mut args = vec!["moves".to_string(), def(file)];
    if !moves.is_empty() {
        args.push("--moves".into());
        args.extend(moves.iter().map(|m| m.to_string()));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// A cell of XBoard's on a ten-rank board: a file letter and one digit, 0 to 9.
fn xboard_cell(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
}

/// XBoard's move on a ten-rank board in varia's notation (every rank one higher).
fn varia_move(xb: &str) -> String {
    assert!(
        xb.len() == 4 && xboard_cell(&xb[..2]) && xboard_cell(&xb[2..]),
        "not an XBoard move of a ten-rank board: {xb}"
    );
    let b = xb.as_bytes();
    format!(
        "{}{}{}{}",
        b[0] as char,
        b[1] - b'0' + 1,
        b[2] as char,
        b[3] - b'0' + 1
    )
}

/// On a board of ten ranks XBoard numbers them 0 to 9: its `b2e2` is varia's `b3e3` (a cannon),
/// its `b3c3` varia's `b4c4` (nothing there), and the engine's own move and thinking come back
/// in XBoard's numbers (classic xiangqi forfeited `b3c3` on move 1; a 10 x 10 chess forfeited
/// its first move).
#[test]
fn xboard_numbers_the_ranks_of_a_ten_rank_board_from_zero() {
    for (file, ours, theirs, wrong) in [
        ("definitions/classic/xiangqi.varia", "b3e3", "b2e2", "b3c3"),
        ("definitions/fsf/grand.varia", "a3a5", "a2a4", "a3a4"),
    ] {
        let mut s = Session::start(&["xboard", &def(file)]);
        s.send("xboard");
        s.send("protover 2");
        s.until(|l| l == "feature done=1");
        s.send("new");
        s.send("force");
        s.send(&format!("usermove {wrong}"));
        assert_eq!(
            s.line(),
            format!("Illegal move (not a legal move): {wrong}")
        );
        s.send(&format!("usermove {theirs}"));
        s.send("post");
        s.send("sd 2");
        s.send("go");
        let mut thinking = Vec::new();
        let reply = s.until(|l| {
            let done = l.starts_with("move ");
            if !done {
                thinking.push(l.to_string());
            }
            done
        });
        let reply = reply.strip_prefix("move ").unwrap();
        let legal = legal_after(file, &[ours]);
        assert!(
            legal.contains(&varia_move(reply)),
            "{file}: {reply} is not a legal move in XBoard's numbers"
        );
        // Thinking lines: depth, score, time, nodes, then the moves in XBoard's numbers.
        assert!(!thinking.is_empty());
        for t in &thinking {
            let pv: Vec<&str> = t.split_whitespace().skip(4).collect();
            assert!(!pv.is_empty(), "{t}");
            let first = varia_move(pv[0]);
            assert!(legal.contains(&first), "{file}: {t}");
        }
        s.send("ping 1");
        assert_eq!(s.until(|l| l.starts_with("pong")), "pong 1");
        s.quit();
    }
}

/// A board of other than ten ranks keeps varia's numbers, from 1.
#[test]
fn xboard_keeps_the_ranks_of_other_boards() {
    let mut s = Session::start(&["xboard", &def("definitions/classic/chess.varia")]);
    s.send("protover 2");
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("usermove e1e0");
    assert_eq!(s.line(), "Illegal move (no such cell): e1e0");
    s.send("usermove e2e4");
    s.send("ping 2");
    assert_eq!(s.line(), "pong 2");
    s.quit();
}

/// The variant names of XBoard's `variants` feature.
fn offered(files: &[&str]) -> (Vec<String>, Session) {
    let mut args = vec!["xboard".to_string()];
    args.extend(files.iter().map(|f| def(f)));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut s = Session::start(&args);
    s.send("xboard");
    s.send("protover 2");
    let features = s.until(|l| l.contains("variants="));
    s.until(|l| l == "feature done=1");
    let list = features.split("variants=\"").nth(1).unwrap();
    let list = &list[..list.find('"').unwrap()];
    (list.split(',').map(str::to_string).collect(), s)
}

/// Shoxiang 108's `shogi-heavy-*` were taken by XBoard for its shogi (a shogi board, "Variant
/// shogi not supported"): they are offered after `v-`, and XBoard's names found anywhere in a name
/// (`crazyhouse`, `atomic`) are broken with `_`; each is chosen by the name offered. The
/// `xq-heavy-*` variants, whose Wazir XBoard cannot show, are not offered.
#[test]
fn xboard_is_offered_names_it_cannot_take_for_its_own() {
    let (names, mut s) = offered(&[
        "definitions/shoxiang108.varia",
        "definitions/classic/crazyhouse.varia",
        "definitions/fsf/atomic.varia",
        "definitions/classic/chess.varia",
    ]);
    for n in [
        "v-shogi-heavy-weak",
        "v-shogi-heavy-strong-cannon-screens",
        "v-c_razyhouse",
        "v-a_tomic",
        "chess",
    ] {
        assert!(names.contains(&n.to_string()), "{n} in {names:?}");
    }
    assert_eq!(
        names.iter().filter(|n| n.contains("shogi-heavy")).count(),
        8,
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.contains("xq-heavy")), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("shogi")), "{names:?}");
    s.send("variant v-c_razyhouse");
    let setup = s.line();
    assert!(setup.starts_with("setup ("), "{setup}");
    assert!(setup.contains(" 8x8+5_fairy "), "{setup}");
    s.send("variant crazyhouse");
    s.until(|l| l == "Error (unsupported variant): crazyhouse");
    s.send("variant v-shogi-heavy-weak");
    let setup = s.until(|l| l.starts_with("setup ("));
    assert!(setup.contains(" 9x12+"), "{setup}");
    s.send("new");
    s.send("force");
    s.send("ping 4");
    assert_eq!(s.until(|l| l.starts_with("pong")), "pong 4");
    s.quit();
}

/// A file XBoard can show nothing of (four players; a game without a start) no longer ends the
/// engine with one line on standard error while XBoard shows a chessboard: the protocol runs,
/// the reason goes to XBoard's window (`tellusererror`), and every command is answered.
#[test]
fn xboard_tells_the_user_why_a_file_cannot_be_shown() {
    for (file, why) in [
        (
            "definitions/4-faces.varia",
            "small: XBoard plays two-player games only",
        ),
        (
            "tests/bad/missing_setup.varia",
            "chess: the game has no `setup FEN`",
        ),
    ] {
        let (names, mut s) = offered(&[file]);
        assert_eq!(names, vec![String::new()]);
        let told = s.line();
        assert!(
            told.starts_with("tellusererror varia cannot show any variant"),
            "{told}"
        );
        assert!(told.contains(why), "{told}");
        s.send("new");
        assert!(s.line().starts_with("tellusererror "));
        s.send("usermove e2e4");
        assert_eq!(s.line(), "Error (no variant): usermove");
        s.send("ping 7");
        assert_eq!(s.line(), "pong 7");
        s.quit();
    }
}

/// The `setup` and `piece` lines sent for a variant, until `pong`.
fn setup_of(file: &str, variant: &str) -> Vec<String> {
    let (_, mut s) = offered(&[file]);
    s.send(&format!("variant {variant}"));
    s.send("ping 9");
    let mut lines = Vec::new();
    loop {
        let l = s.line();
        if l == "pong 9" {
            break;
        }
        lines.push(l);
    }
    s.quit();
    lines
}

/// XBoard promotes a type it is given moves for (`piece`) on the last rank only, so Grand chess's
/// promotions on the 8th and 9th ranks were forfeited under the `fairy` parent. A game whose only
/// promoting type is a pawn as XBoard's own promoting in the last three ranks is shown under the
/// `grand` parent with XBoard's own pawn (no `piece P&`); chess keeps `fairy` and its pawn's moves.
#[test]
fn a_pawn_promoting_in_the_last_three_ranks_is_shown_under_the_grand_parent() {
    let grand = setup_of("definitions/fsf/grand.varia", "v-grand");
    assert!(
        grand[0].starts_with("setup (") && grand[0].contains(" 10x10+0_grand "),
        "{grand:?}"
    );
    assert!(
        !grand.iter().any(|l| l.starts_with("piece P&")),
        "{grand:?}"
    );
    assert!(grand.contains(&"piece C& RN".to_string()), "{grand:?}");
    let chess = setup_of("definitions/classic/chess.varia", "chess");
    assert!(chess[0].contains(" 8x8+0_fairy "), "{chess:?}");
    assert!(
        chess.iter().any(|l| l.starts_with("piece P& ")),
        "{chess:?}"
    );
    let shako = setup_of("definitions/fsf/shako.varia", "shako");
    assert!(shako[0].contains("_fairy "), "{shako:?}");
}

/// XBoard reads an atom's modifiers in a fixed order (`i`, directions, then `m`, `c`, `p`, `n`,
/// `j`): the pawn written `mfWcfF` was read as `mWcF`, so XBoard took a square diagonally behind
/// an enemy pawn for attacked and forfeited Shako's king moves there; the pawn's captures take
/// en passant (`e`). XBoard castles with the
/// first piece met, `j` cells in from the edge: Shako's rooks stand inside its corner elephants.
#[test]
fn xboard_gets_directions_before_modes_and_castling_partners_inside_the_corner() {
    let shako = setup_of("definitions/fsf/shako.varia", "shako");
    for want in ["piece P& fmWfceFifmnD", "piece K& WFjO2", "piece C& mRcpR"] {
        assert!(shako.contains(&want.to_string()), "{want} in {shako:?}");
    }
    let chess = setup_of("definitions/classic/chess.varia", "chess");
    assert!(chess.contains(&"piece K& WFO2".to_string()), "{chess:?}");
    // Free castling: one atom a distance, as Sjaak II writes Schoolbook chess's king.
    let schoolbook = setup_of("definitions/sjaak/schoolbook.varia", "schoolbook");
    assert!(
        schoolbook.contains(&"piece K& WFisO2isO3ilO4".to_string()),
        "{schoolbook:?}"
    );
    // Castling by three cells (Elven chess): `O3`.
    let elven = setup_of("definitions/elven.varia", "v-elven");
    assert!(elven.contains(&"piece K& WFO3".to_string()), "{elven:?}");
}

/// XBoard's Betza has `i` for first moves but no opposite: a move after the first goes to XBoard
/// as always available (`piece W& WmD`), so that XBoard never refuses one varia plays, and the
/// user is told; the jump XBoard then offers before the Warrior's first move is refused.
#[test]
fn moves_after_the_first_go_to_xboard_as_always_available_and_the_user_is_told() {
    let game = "tests/fixtures/fsf-export/laterwarrior.varia";
    let lines = setup_of(game, "laterwarrior");
    assert!(lines.contains(&"piece W& WmD".to_string()), "{lines:?}");
    assert!(
        lines.contains(&"telluser XBoard cannot follow the Warrior's moves after its first move (XBoard's Betza has no such modifier): XBoard is told them as always available and offers them before its first move too, where varia refuses them".to_string()),
        "{lines:?}"
    );
    let (_, mut s) = offered(&[game]);
    s.send("variant laterwarrior");
    s.send("force");
    s.send("ping 0");
    s.until(|l| l == "pong 0");
    s.send("usermove d1d3");
    assert_eq!(s.line(), "Illegal move (not a legal move): d1d3");
    for m in ["d1d2", "e8e7", "d2d4"] {
        s.send(&format!("usermove {m}"));
    }
    s.send("ping 1");
    assert_eq!(s.line(), "pong 1");
    s.quit();
}

/// Hook moves go to XBoard as HaChu writes them (`piece H& RmasR`, `piece C& BmasB`), and a
/// move that turns is read as a plain move (`c3f4`, round c4: mate), one behind a piece refused.
#[test]
fn hook_moves_are_written_as_hachu_writes_them() {
    let game = "tests/fixtures/hooks/hooks.varia";
    let lines = setup_of(game, "hooks");
    for want in ["piece H& RmasR", "piece C& BmasB"] {
        assert!(lines.contains(&want.to_string()), "{want} in {lines:?}");
    }
    let (_, mut s) = offered(&[game]);
    s.send("variant hooks");
    s.send("force");
    s.send("ping 0");
    s.until(|l| l == "pong 0");
    s.send("usermove c3c6");
    assert_eq!(s.line(), "Illegal move (not a legal move): c3c6");
    // Round c4 to f4, and on the f-file to the king, whose every cell the hook mover reaches.
    s.send("usermove c3f4");
    assert_eq!(s.line(), "1-0 {White wins by checkmate}");
    s.send("ping 1");
    assert_eq!(s.line(), "pong 1");
    s.quit();
}

/// Moves in three legs go to XBoard as HaChu writes them: the Lion Dog's `mcpafmcpavK`, after
/// its king's steps and leaps (`WFAD`) and its capture that may step back (`cavK`, before
/// written `cafbK`). Before, its `piece` command left the three legs out, and XBoard with
/// legality testing on refused its moves along a line of three.
#[test]
fn three_legs_are_written_as_hachu_writes_them() {
    let lines = setup_of("tests/fixtures/fsf-export/liondog.varia", "liondog");
    assert!(
        lines.contains(&"piece W& WFADcavKmcpafmcpavK".to_string()),
        "{lines:?}"
    );
    // Three legs along the forward lines only: varia writes three legs only from an atom's full
    // set, so XBoard is not told them, and the user is told why.
    let lines = setup_of("tests/fixtures/legs/forward_liondog.varia", "fdog");
    assert!(
        lines.contains(
            &"telluser XBoard cannot follow the Dog's moves in three legs other than an atom's \
              full set followed by the same turns: XBoard is not told them, and with legality \
              testing on it refuses them"
                .to_string()
        ),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("piece D&")),
        "{lines:?}"
    );
}

/// XBoard's `shogi` parent refuses a `+` outside its zone (a third of the ranks), so Shoxiang 108's
/// promotions on crossing the River (`f6f5+`, six ranks of twelve) were forfeited. A game whose
/// promotions to promoted types (`+`) reach past that zone is shown under `fairy`, with its
/// holdings; a type that promotes only to promoted forms leaves the Pawn's place, where XBoard
/// would take its `+` on the last rank for a named type. Shogi and Symgi (zones within XBoard's)
/// keep `shogi`; wolf chess's pawn, promoting to named types, keeps the Pawn's place.
#[test]
fn promotions_past_xboards_shogi_zone_are_shown_under_the_fairy_parent() {
    let heavy = setup_of("definitions/shoxiang108.varia", "v-shogi-heavy-weak");
    assert!(heavy[0].contains(" 9x12+11_fairy "), "{heavy:?}");
    let shogi = setup_of("definitions/classic/shogi.varia", "v-shogi");
    assert!(shogi[0].contains(" 9x9+7_shogi "), "{shogi:?}");
    let symgi = setup_of("definitions/symgi.varia", "stepping");
    assert!(symgi[0].contains("_shogi "), "{symgi:?}");
    let sho = setup_of("definitions/fsf/shoshogi.varia", "shoshogi");
    assert!(sho[0].starts_with("setup (.NBRLPESG"), "{sho:?}");
    let wolf = setup_of("definitions/fsf/wolf.varia", "wolf");
    assert!(wolf[0].starts_with("setup (PNBRQFS"), "{wolf:?}");
}

/// A pass goes to XBoard as its null move `@@@@`, as XBoard, HaChu and Fairy-Stockfish write
/// one (HaChu reads no pass in legs, `a1a2,a2a1`), and `@@@@` is read back as the pass of the
/// player to move, or refused where it has none: a piece whose only moves are a step and the
/// step back (`mabK`, the lion's jitto), and Ataxx's pass of a player who is stuck (before, varia
/// wrote them `a1b1,b1a1` and `a1a1`). The principal variation writes them alike.
#[test]
fn xboard_writes_and_reads_a_pass_as_the_null_move() {
    let path = std::env::temp_dir().join(format!("varia-jitto-{}.varia", std::process::id()));
    std::fs::write(
        &path,
        "game jitto \"A piece that may only pass\"\n\nboard 3 x 3\nplayer white north\n\
         player black south\n\npiece King K\n  royal\n  moves K\npiece Sitter S\n  moves mabK\n\n\
         checkmate loss\nstalemate loss\nsetup k2/3/S2 w - - 0 1\n",
    )
    .unwrap();
    let ataxx = def("definitions/fsf/ataxx.varia");
    for (file, variant, fen) in [
        (path.to_str().unwrap(), "jitto", "k2/3/S2 w - - 0 1"),
        (&ataxx, "ataxx", "7/7/7/7/ppp4/ppp4/Ppp4 w 0 1"),
    ] {
        let mut s = Session::start(&["xboard", file]);
        s.send("protover 2");
        s.until(|l| l == "feature done=1");
        s.send("new");
        s.send(&format!("variant {variant}"));
        s.send("force");
        s.send(&format!("setboard {fen}"));
        s.send("post");
        s.send("sd 2");
        s.send("go");
        let pv = s.until(|l| l.starts_with("1 "));
        assert_eq!(pv.split_whitespace().nth(4), Some("@@@@"), "{file}: {pv}");
        assert_eq!(s.until(|l| l.starts_with("move ")), "move @@@@", "{file}");
        // Black has no pass: refused.
        s.send("force");
        s.send("usermove @@@@");
        assert_eq!(
            s.until(|l| l.starts_with("Illegal") || l.starts_with("pong")),
            "Illegal move (not a legal move): @@@@",
            "{file}"
        );
        // Back to white to move: its pass is read.
        s.send(&format!("setboard {fen}"));
        s.send("usermove @@@@");
        s.send("ping 1");
        assert_eq!(
            s.until(|l| l.starts_with("Illegal") || l.starts_with("pong")),
            "pong 1",
            "{file}"
        );
        s.quit();
    }
    let _ = std::fs::remove_file(&path);
}

/// Chu Shogi says it is XBoard's own `chu` (`xboard variant chu`): it is offered under that name
/// and, when chosen, gets no `setup` or `piece` lines (XBoard knows its board and pieces, as it
/// does for HaChu, which sends none). Before, Chu Shogi was not offered at all: its 39 types do
/// not fit XBoard's 22 places. Moves are XBoard's `chu` moves, ranks 1 to 12: a Lion's capture
/// without moving (`f4f5,f5f4`) is read, and the engine answers in two digits (`l12l11`).
#[test]
fn chu_shogi_is_offered_as_xboards_own_chu() {
    let mut s = Session::start(&[
        "xboard",
        &def("definitions/hachu/chu.varia"),
        &def("definitions/classic/shogi.varia"),
    ]);
    s.send("xboard");
    s.send("protover 2");
    assert_eq!(s.line(), "feature done=0");
    assert_eq!(
        s.line(),
        format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 name=0 nps=0 memory=1 smp=1 exclude=0 \
             myname=\"varia {}\" variants=\"chu,v-shogi\"",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert_eq!(s.line(), "feature done=1");
    s.send("new");
    s.send("variant chu");
    s.send("ping 1");
    assert_eq!(s.line(), "pong 1", "nothing but pong after `variant chu`");
    s.send("force");
    // A Lion on f4 takes the Pawn on f5 and steps back; Black's King then has one move.
    s.send("setboard 11k/12/12/12/12/12/12/5p6/5N6/12/12/K9R1 w - - 0 1");
    s.send("usermove f4f5,f5f4");
    s.send("ping 2");
    assert_eq!(s.line(), "pong 2", "the Lion's igui is accepted");
    s.send("sd 2");
    s.send("go");
    assert_eq!(s.until(|l| l.starts_with("move ")), "move l12l11");
    // Shogi, which XBoard also knows, is still offered for varia's own shogi, with `setup`.
    s.send("variant v-shogi");
    assert!(s.line().starts_with("setup ("));
    s.quit();
}

/// A game that says it is one of XBoard's own variants is offered under that name only if
/// XBoard takes the whole name for one of its own and no other game took it first; else it is
/// not offered, and why is told.
#[test]
fn a_name_xboard_does_not_know_is_refused() {
    let dir = std::env::temp_dir();
    let tiny = |name: &str, xboard: &str| {
        let path = dir.join(format!("varia-xb-{name}-{}.varia", std::process::id()));
        std::fs::write(
            &path,
            format!(
                "game {name}\nxboard variant {xboard}\nboard 3 x 3\nplayer white north\n\
                 player black south\npiece King K\n  royal\n  moves K\nsetup k2/3/2K w - - 0 1\n"
            ),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let files = [
        tiny("one", "chus"),
        tiny("two", "shogi"),
        tiny("three", "shogi"),
    ];
    let mut s = Session::start(&["xboard", &files[0], &files[1], &files[2]]);
    s.send("protover 2");
    let features = s.until(|l| l.contains("variants="));
    assert!(features.ends_with(" variants=\"shogi\""), "{features}");
    s.quit();
    let mut s = Session::start(&["xboard", &files[0]]);
    s.send("protover 2");
    let features = s.until(|l| l.contains("variants="));
    assert!(features.ends_with(" variants=\"\""), "{features}");
    s.until(|l| l == "feature done=1");
    assert_eq!(
        s.line(),
        "tellusererror varia cannot show any variant of these files in XBoard (one: \
         `xboard variant chus`: XBoard has no variant of its own named `chus`)"
    );
    s.quit();
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["xboard", &files[1], &files[2]])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "error: variant `three` not offered: `xboard variant shogi`: another variant is \
             offered as `shogi`"
        ),
        "{err}"
    );
    for f in files {
        let _ = std::fs::remove_file(f);
    }
}

/// varia's XBoard engine plays Chu Shogi in `varia match` (XBoard's `variant chu`, moves in XBoard's
/// `chu` notation, no `setup`): two games to the ply cap, every move taken on both sides. Before,
/// the engine offered no variant and the match refused it (`does not play chu`).
#[test]
fn varias_xboard_engine_plays_chu_in_a_match() {
    let varia = env!("CARGO_BIN_EXE_varia");
    let chu = def("definitions/hachu/chu.varia");
    let out = Command::new(varia)
        .args([
            "match",
            &chu,
            "--engine",
            &format!("'{varia}' xboard '{chu}'"),
            "--protocol",
            "xboard",
            "--games",
            "2",
            "--depth",
            "1",
            "--max-plies",
            "40",
            "--threads",
            "1",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("\"causes\":{\"ply-cap\":2}"), "{report}");
    assert!(report.contains("\"games\":2,"), "{report}");
    assert!(report.contains("\"variant\":\"chu\""), "{report}");
}
