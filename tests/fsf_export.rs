//! `varia export --format fsf` against Fairy-Stockfish, from fixtures that
//! `scripts/fsf_export_fixtures.py` wrote with pyffish playing the exported sections (no Python
//! needed here):
//!
//! - `tests/fixtures/fsf-export/NAME.ini`: the section; the export must still be exactly it;
//! - `NAME.tsv`: positions of random games in FSF with its legal moves and results, which varia's
//!   definition must equal; `perft.tsv`: FSF's perft from the start;
//! - `refusals.tsv`: every variant that is refused, with the first line of the refusal, which must
//!   still be what varia says.

mod common;

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    let p = root().join("tests/fixtures/fsf-export").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn rows(name: &str) -> Vec<Vec<String>> {
    fixture(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn export(file: &str, variant: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_varia"))
        .current_dir(root())
        .args(["export", file, "--variant", variant, "--format", "fsf"])
        .output()
        .expect("run varia")
}

fn load(file: &str, variant: &str) -> varia::Game {
    let source = std::fs::read_to_string(root().join(file)).expect("definition");
    varia::load_str(&source, Some(variant)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The export of a definition's text (which must compile), or its refusal.
fn export_source(src: &str) -> Result<String, varia::interop::fsf::Refusal> {
    let rules = varia::compile(src, None).unwrap_or_else(|e| panic!("{e}\n{src}"));
    varia::interop::fsf::export(&rules)
}

#[test]
fn exports_are_unchanged_and_play_as_fairy_stockfish() {
    let mut problems = Vec::new();
    let perft = rows("perft.tsv");
    let mut names: Vec<(String, String, String)> = perft
        .iter()
        .map(|r| (r[0].clone(), r[1].clone(), r[2].clone()))
        .collect();
    names.dedup();
    assert!(names.len() >= 10, "only {} exported variants", names.len());
    for (name, file, variant) in &names {
        let out = export(file, variant);
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || text.trim_end() != fixture(&format!("{name}.ini")).trim_end() {
            problems.push(format!(
                "{name}: the export changed (rerun scripts/fsf_export_fixtures.py):\n{text}{}",
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let g = load(file, variant);
        for r in perft.iter().filter(|r| &r[0] == name) {
            let pos = g.parse_fen(&r[3]).expect("start FEN");
            let depth: u32 = r[4].parse().unwrap();
            let want: u64 = r[5].parse().unwrap();
            let got = g.perft(&pos, depth).unwrap();
            if got != want {
                problems.push(format!(
                    "{name} perft {depth}: varia {got}, Fairy-Stockfish {want}"
                ));
            }
        }
        for r in rows(&format!("{name}.tsv")) {
            common::compare_with_fsf(&g, name, &r, &mut problems);
        }
    }
    common::assert_no_problems(&problems);
}

#[test]
fn refusals_name_the_rule_and_the_line() {
    let mut problems = Vec::new();
    let refusals = rows("refusals.tsv");
    assert!(!refusals.is_empty());
    for r in &refusals {
        let out = export(&r[0], &r[1]);
        let err = String::from_utf8_lossy(&out.stderr);
        if out.status.success() || err.lines().next() != Some(r[2].as_str()) {
            problems.push(format!(
                "{} [{}]: expected `{}`, got:\n{err}",
                r[0], r[1], r[2]
            ));
        }
        // The line named is the file's line that the refusal quotes.
        let source = std::fs::read_to_string(root().join(&r[0])).unwrap();
        let line: Option<usize> = r[2].split(':').nth(2).and_then(|n| n.parse().ok());
        let quoted = err
            .lines()
            .nth(1)
            .and_then(|l| l.split_once(" | "))
            .map(|(_, t)| t.to_string());
        match (line, quoted) {
            (Some(n), Some(q)) if source.lines().nth(n - 1).map(str::trim) == Some(q.as_str()) => {}
            _ => problems.push(format!(
                "{} [{}]: no definition line quoted:\n{err}",
                r[0], r[1]
            )),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn bad_input_is_refused_without_panic() {
    let tmp = std::env::temp_dir().join(format!("varia-fsf-{}.varia", std::process::id()));
    std::fs::write(&tmp, "game g\nboard 8 x 99\n").unwrap();
    for args in [
        vec!["export", tmp.to_str().unwrap(), "--format", "fsf"],
        vec![
            "export",
            "definitions/classic/chess.varia",
            "--variant",
            "nope",
            "--format",
            "fsf",
        ],
        vec!["export", "no/such/file.varia", "--format", "fsf"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .current_dir(root())
            .args(&args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("error"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(tmp);
}

/// The immobility refusal names the `no drop where stuck` entry's path in the rule set's lists,
/// as every other mechanics refusal does, not the statement's old field name.
#[test]
fn the_immobility_refusal_names_the_drop_entry() {
    let source = "game stuck\nboard 5 x 6\nplayer white north\nplayer black south\n\
                  piece King K\n  royal\n  moves K\npiece Pawn P\n  moves mfW cfF\n\
                  captures go to hand\nno drop where stuck\ncheckmate loss\nstalemate draw\n\
                  setup 2k2/ppppp/5/5/PPPPP/2K2 w - - 0 1\n";
    let rules = varia::compile(source, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "drops[0]");
    assert_eq!(
        refusal.rule,
        "`Pawn` may move where it can never move again: Fairy-Stockfish's immobility rule (from `no drop where stuck`) would forbid it"
    );
}

/// A row is Fairy-Stockfish's connectN with its lines and types; a row inside a zone, or a
/// second row rule, is refused at its entry.
#[test]
fn rows_are_connect_n_and_what_connect_n_cannot_say_is_refused() {
    let game = "game rows\nboard 5 x 5\nplayer white north\nplayer black south\nzone low = a1-e2\n\
                piece Mark P\n  never moves\npiece Stone S\n  never moves\nplayers have hands\n\
                drops fall\nrepetition 3 draws\n";
    let setup = "setup 5/5/5/5/5[PPSSppss] w 0 1\n";
    let export = |rows: &str| {
        let rules = varia::compile(&format!("{game}{rows}{setup}"), None).unwrap();
        varia::interop::fsf::export(&rules)
    };
    let ini = export("4 in a row of Stone horizontally diagonally loses\n").unwrap();
    for line in [
        "enclosingDrop = top",
        "connectN = 4",
        "connectPieceTypes = s",
        "connectHorizontal = true",
        "connectVertical = false",
        "connectDiagonal = true",
        "connectValue = loss",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    let refusal = export("3 in a row in low wins\n").unwrap_err();
    assert_eq!(refusal.at, "endings[0].zone");
    assert_eq!(
        refusal.rule,
        "a row inside a zone: Fairy-Stockfish's connectN looks at the whole board"
    );
    let refusal = export("3 in a row wins\n4 in a row vertically draws\n").unwrap_err();
    assert_eq!(refusal.at, "endings[1]");
    assert_eq!(
        refusal.rule,
        "several row rules: Fairy-Stockfish has one connectN"
    );
}

/// Capturers that turn into walls are Fairy-Stockfish's petrifyOnCaptureTypes; capturers that
/// change sides are refused at their entry.
#[test]
fn petrifying_captures_are_petrify_types_and_turning_capturers_are_refused() {
    let game = "game stones\nboard 5 x 5\nplayer white north\nplayer black south\n\
                piece King K\n  royal\n  moves mK\npiece Rook R\n  moves R\npiece Knight N\n  moves N\n\
                repetition 3 draws\nsetup rnk2/5/5/5/2KNR w - - 0 1\n";
    let export = |rule: &str| {
        let rules = varia::compile(&format!("{game}{rule}\n"), None).unwrap();
        varia::interop::fsf::export(&rules)
    };
    let ini = export("capturing Rook Knight become walls").unwrap();
    assert!(
        ini.lines().any(|l| l == "petrifyOnCaptureTypes = rn"),
        "{ini}"
    );
    let refusal = export("capturing pieces change sides").unwrap_err();
    assert_eq!(refusal.at, "effects[0]");
    assert_eq!(
        refusal.rule,
        "`capturing pieces change sides`: Fairy-Stockfish has no rule for it"
    );
}

/// Chu Shogi's lion-trading rules are refused by name: a piece's capture limit at the piece, the
/// counter-strike rule at its entry (before the pieces are looked at).
#[test]
fn lion_trading_rules_are_refused_by_name() {
    let game = "game lions\nboard 6 x 6\nplayer white north\nplayer black south\n\
                piece King K\n  royal\n  moves K\npiece Lion N\n  moves KNAD\n";
    let export = |piece: &str, rule: &str| {
        let src =
            format!("{game}{piece}checkmate loss\n{rule}\nsetup 2kn2/6/6/6/6/2KN2 w - - 0 1\n");
        let rules = varia::compile(&src, None).unwrap_or_else(|e| panic!("{e}"));
        varia::interop::fsf::export(&rules)
    };
    assert!(export("", "").is_ok());
    let refusal = export("  may not capture protected Lion from afar\n", "").unwrap_err();
    assert_eq!(refusal.at, "pieces[1].capture_limits");
    assert!(
        refusal
            .rule
            .starts_with("`may not capture protected TYPE... from afar"),
        "{}",
        refusal.rule
    );
    let refusal = export(
        "",
        "captures of Lion by other types may not follow one another",
    )
    .unwrap_err();
    assert_eq!(refusal.at, "moves[0]");
    assert_eq!(
        refusal.rule,
        "`captures of TYPE... by other types may not follow one another`: Fairy-Stockfish has no counter-strike rule (Chu Shogi's Lions)"
    );
}

/// A game of kings, pawns and one piece type `X` with the given moves, for the export's pieces.
fn x_game(moves: &str) -> String {
    format!(
        "game xs\nboard 8 x 8\nplayer white north\nplayer black south\n\
         piece King K\n  royal\n  moves K\npiece Pawn P\n  moves mfW cfF\npiece X X\n  moves {moves}\n\
         checkmate loss\nstalemate draw\nrepetition 3 draws\n\
         setup 3xk3/pp1x1p1p/2p3p1/8/8/2P1P1P1/PP1X1P1P/3XK3 w - - 0 1\n"
    )
}

/// A tiny deterministic generator (xorshift) for the random games of these tests.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Compares the legal moves of a definition with those of its export read back as Fairy-Stockfish
/// reads it (`varia import`, which reads Betza as FSF's `from_betza` does), along random games.
fn export_plays_as_its_import(source: &str, rng: &mut Rng) -> Result<(), String> {
    let rules = varia::compile(source, None).map_err(|e| e.to_string())?;
    let ini = varia::interop::fsf::export(&rules).map_err(|r| format!("{r:?}"))?;
    let imported = varia::interop::fsf::import(&ini, None, &|_| None)?
        .pop()
        .ok_or("no section")?
        .result
        .map_err(|e| format!("import: {e}\n{ini}"))?;
    let ours = varia::load_str(source, None).map_err(|e| e.to_string())?;
    let theirs = varia::load_str(&imported, None).map_err(|e| format!("{e}\n{imported}"))?;
    for _ in 0..6 {
        let mut pos = ours.start();
        for _ in 0..30 {
            let fen = ours.fen(&pos);
            let list = ours.legal_moves(&pos);
            let mut a: Vec<String> = list.iter().map(|m| ours.move_to_string(m)).collect();
            let their_pos = theirs.parse_fen(&fen).map_err(|e| e.to_string())?;
            let mut b: Vec<String> = theirs
                .legal_moves(&their_pos)
                .iter()
                .map(|m| theirs.move_to_string(m))
                .collect();
            a.sort();
            b.sort();
            if a != b {
                return Err(format!("{fen}: varia {a:?}\n  its export {b:?}\n{ini}"));
            }
            if list.is_empty() {
                break;
            }
            pos = ours.make(&pos, &list[rng.below(list.len())]);
        }
    }
    Ok(())
}

/// Repeated atoms are not joined into a rider (`cW W` is not `cWW`), and overlapping parts are
/// merged (FSF keeps the last distance written for a direction: `mR R2` is not `mWWW2`).
#[test]
fn a_pieces_parts_are_merged_as_fairy_stockfish_reads_them() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (moves, word) in [
        ("cW W", "W"),
        ("W W", "W"),
        ("mA A", "A"),
        ("FB3", "F3F"),
        ("mR R2", "mWWcW2"),
        ("B F2", "FF"),
        ("N nN", "N"),
        ("W R2", "W2W"),
    ] {
        let source = x_game(moves);
        let rules = varia::compile(&source, None).unwrap();
        let ini = varia::interop::fsf::export(&rules).unwrap();
        let line = format!("customPiece1 = x:{word}");
        assert!(
            ini.lines().any(|l| l == line),
            "`moves {moves}`: no `{line}`:\n{ini}"
        );
        if let Err(e) = export_plays_as_its_import(&source, &mut rng) {
            panic!("`moves {moves}`: {e}");
        }
    }
}

/// Plays every piece of `tests/fixtures/fsf-pieces/pieces.tsv` (written by
/// `scripts/fsf_piece_fixtures.py` with pyffish) at its positions: `game` makes the game to
/// compare from the template's source, the piece's moves and its word in the fixture (or none,
/// with the problem told); the counts of pieces made and positions compared are asserted.
fn play_fixture_pieces(
    mut game: impl FnMut(&str, &str, &str, &mut Vec<String>) -> Option<varia::Game>,
) {
    let dir = root().join("tests/fixtures/fsf-pieces");
    let template = std::fs::read_to_string(dir.join("template.varia")).unwrap();
    let table = std::fs::read_to_string(dir.join("pieces.tsv")).unwrap();
    let mut problems = Vec::new();
    let mut last: Option<(String, Option<varia::Game>)> = None;
    let (mut pieces, mut positions) = (0, 0);
    for row in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let r: Vec<&str> = row.split('\t').collect();
        let (moves, word) = (r[0], r[1]);
        if last.as_ref().is_none_or(|(m, _)| m != moves) {
            let source = template.replace("MOVES", moves);
            let g = game(&source, moves, word, &mut problems);
            pieces += usize::from(g.is_some());
            last = Some((moves.to_string(), g));
        }
        if let Some((_, Some(g))) = &last {
            positions += 1;
            let row = [r[2].to_string(), r[3].to_string(), r[4].to_string()];
            let name = format!("`moves {moves}` exported as `{word}`");
            common::compare_with_fsf(g, &name, &row, &mut problems);
        }
    }
    assert!(
        pieces >= 100 && positions >= 1000,
        "{pieces} pieces, {positions} positions"
    );
    common::assert_no_problems(&problems);
}

/// Over random pieces made of two or three move words of the shipped definitions (and the
/// cases above), the export is unchanged and plays as Fairy-Stockfish played it
/// (`scripts/fsf_piece_fixtures.py` wrote `tests/fixtures/fsf-pieces/pieces.tsv` with pyffish),
/// or is still refused at the piece's moves.
#[test]
fn random_pieces_export_as_fairy_stockfish_plays_them_or_are_refused() {
    play_fixture_pieces(|source, moves, word, problems| {
        let rules = varia::compile(source, None).unwrap();
        let got = match varia::interop::fsf::export(&rules) {
            Ok(ini) => ini
                .lines()
                .find_map(|l| l.strip_prefix("customPiece1 = x:"))
                .unwrap_or("?")
                .to_string(),
            Err(r) => {
                if !r.at.starts_with("pieces[2].moves") {
                    problems.push(format!("`moves {moves}`: refused at {}", r.at));
                }
                "refused".to_string()
            }
        };
        if got != word {
            problems.push(format!(
                "`moves {moves}`: exported `{got}`, the fixture has `{word}`"
            ));
        }
        (got == word && word != "refused").then(|| varia::load_str(source, None).unwrap())
    });
}

/// `passing allowed` is the royal piece's pass: in a game with no royal piece it is never played
/// (`check` warns of it), so it is not Fairy-Stockfish's `pass`, which would be.
#[test]
fn a_dead_passing_rule_is_not_exported_as_a_pass() {
    let game = |royal: &str| {
        format!(
            "game passes\nboard 5 x 5\nplayer white north\nplayer black south\n\
             piece King K\n{royal}  moves K\npiece Rook R\n  moves R\n\
             passing allowed\nrepetition 3 draws\nsetup r1k2/5/5/5/2K1R w - - 0 1\n"
        )
    };
    let export =
        |source: &str| varia::interop::fsf::export(&varia::compile(source, None).unwrap()).unwrap();
    assert!(
        export(&game("  royal\n"))
            .lines()
            .any(|l| l == "pass = true")
    );
    let dead = game("");
    let warnings = varia::check_all(&dead).unwrap().warnings;
    assert!(
        warnings
            .iter()
            .any(|w| format!("{w:?}").contains("passing allowed")),
        "{warnings:?}"
    );
    let ini = export(&dead);
    assert!(
        !ini.lines().any(|l| l.starts_with("pass")),
        "a pass FSF would play, varia never:\n{ini}"
    );
}

/// Where only the setup's pieces are in hand (captures leave the game), their drop zone is
/// Fairy-Stockfish's drop region (Dragon chess: tests/fixtures/fsf-export/dragon.*); types in hand
/// with different zones are refused, as FSF's region holds for all.
#[test]
fn the_drop_zone_of_the_pieces_in_hand_is_the_drop_region() {
    let game = |knight_zone: &str| {
        format!(
            "game hands\nboard 5 x 5\nplayer white north\nplayer black south\nzone home = rank 1\n\
             piece King K\n  royal\n  moves K\npiece Dragon D\n  moves BN\n  drops in home\n\
             piece Knight N\n  moves N\n{knight_zone}players have hands\nrepetition 3 draws\n\
             setup 2k2/5/5/5/2K2[DNdn] w - - 0 1\n"
        )
    };
    let export = |source: &str| varia::interop::fsf::export(&varia::compile(source, None).unwrap());
    let ini = export(&game("  drops in home\n")).unwrap();
    for line in [
        "dropRegionWhite = a1 b1 c1 d1 e1",
        "dropRegionBlack = a5 b5 c5 d5 e5",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    let refusal = export(&game("")).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].drops.zone");
}

/// The definition line a refusal quotes is shown with its control characters escaped.
#[test]
fn a_refusal_quotes_its_line_escaped() {
    let tmp = std::env::temp_dir().join(format!("varia-fsf-esc-{}.varia", std::process::id()));
    let source = "game g\nboard 15 x 15 # \x1b[2J\r# x\nplayer white north\nplayer black south\n\
                  piece King K\n  royal\n  moves K\n\
                  setup k14/15/15/15/15/15/15/15/15/15/15/15/15/15/K14 w - - 0 1\n";
    std::fs::write(&tmp, source).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["export", tmp.to_str().unwrap(), "--format", "fsf"])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(tmp);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a board of 15 x 15"), "{err}");
    assert!(
        err.contains("  2 | board 15 x 15 # \\u{1b}[2J\\r# x\n"),
        "{err:?}"
    );
}

/// A file letter in the castling field is an inner rook's castling right, which Fairy-Stockfish's
/// two-cell castling cannot say, unless the game gates and no castling partner stands there: then
/// it is a gating right, as Fairy-Stockfish's `gating` reads it.
#[test]
fn file_letters_are_gating_rights_only_where_no_rook_stands() {
    let game = |gating: &str, rights: &str| {
        format!(
            "game g\nboard 8 x 8\nplayer white north\nplayer black south\nzone home = rank 1\n\
             piece King K\n  royal\n  moves K\npiece Rook R\n  moves R\npiece Knight N\n  moves N\n\
             piece Hawk H\n  moves BN\nplayers have hands\ncastling King with Rook\n{gating}\
             checkmate loss\nrepetition 3 draws\nsetup rr2kn1r/8/8/8/8/8/8/RR2KN1R[Hh] w {rights} - 0 1\n"
        )
    };
    let export = |src: String| export_source(&src);
    // The knight's file: a gating right.
    let ini = export(game("gating in home, without drops\n", "KQFkqf")).unwrap();
    for line in ["gating = true", "seirawanGating = true", "castling = true"] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    // The inner rook's file, with or without gating: refused.
    for gating in ["gating in home, without drops\n", ""] {
        let refusal = export(game(gating, "KBkb")).unwrap_err();
        assert_eq!(
            refusal.rule,
            "two-cell castling with rights held by inner rooks (file letters)"
        );
    }
}

/// A type whose moves equal Fairy-Stockfish's built-in soldier's (forward, and sideways from a
/// rank on) is that soldier, with its rank (classic xiangqi: tests/fixtures/fsf-export/xiangqi.*);
/// sideways steps from a zone that is not every rank from one on, and a second such type, are
/// refused.
#[test]
fn a_soldier_is_fairy_stockfishs_soldier_by_its_moves() {
    let game = |zone: &str, second: &str| {
        format!(
            "game g\nboard 7 x 7\nplayer white north\nplayer black south\nzone far = {zone}\n\
             piece King K\n  royal\n  moves K\npiece Soldier P\n  moves fW\n  moves sW in far\n\
             {second}checkmate loss\nrepetition 3 draws\nsetup 3k3/7/p5p/7/P5P/7/3K3 w - - 0 1\n"
        )
    };
    let export = |src: String| export_source(&src);
    for (zone, rank) in [("ranks 5-7", "5"), ("ranks 1-7", "1"), ("rank 7", "7")] {
        let ini = export(game(zone, "")).unwrap();
        for line in [
            "soldier = p".to_string(),
            format!("soldierPromotionRank = {rank}"),
        ] {
            assert!(
                ini.lines().any(|l| l == line),
                "{zone}: {line} missing:\n{ini}"
            );
        }
    }
    for zone in ["ranks 5-6", "a5-c7"] {
        let refusal = export(game(zone, "")).unwrap_err();
        assert_eq!(refusal.at, "pieces[1].moves[1]", "{zone}");
    }
    let second = "piece Guard G\n  moves fW\n  moves sW in far\n";
    let refusal = export(game("ranks 5-7", second)).unwrap_err();
    assert_eq!(refusal.at, "pieces[2].moves");
    assert!(refusal.rule.contains("second type"), "{}", refusal.rule);
}

#[test]
fn a_counting_rule_is_fairy_stockfishs_own_or_refused() {
    let makruk = std::fs::read_to_string(root().join("definitions/fsf/makruk.varia")).unwrap();
    let export = export_source;
    let ini = export(&makruk).unwrap();
    for line in [
        "countingRule = makruk",
        "rook = r",
        "silver = s",
        "knight = n",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    let asean = std::fs::read_to_string(root().join("definitions/fsf/asean.varia")).unwrap();
    let ini = export(&asean).unwrap();
    assert!(ini.lines().any(|l| l == "countingRule = asean"), "{ini}");
    assert!(ini.lines().any(|l| l == "silver = b"), "{ini}");
    // A limit, a stopper or a counted piece's moves that FSF's rule does not have.
    for (from, to) in [
        ("counting board 64", "counting board 65"),
        ("2 Knight 32", "2 Knight 33"),
        ("counting stops on Pawn", "counting stops on Pawn Met"),
        ("  moves R\n", "  moves R D\n"),
        ("  moves N\n", "  moves nN\n"),
    ] {
        assert!(makruk.contains(from), "{from}");
        let refusal = export(&makruk.replacen(from, to, 1)).unwrap_err();
        assert!(
            refusal.rule.contains("none of Fairy-Stockfish's"),
            "{to}: {}",
            refusal.rule
        );
        assert!(refusal.at.starts_with("endings["), "{to}: {}", refusal.at);
    }
}

#[test]
fn a_promotion_in_place_is_fairy_stockfishs_sittuyin_promotion_or_refused() {
    let sittuyin = std::fs::read_to_string(root().join("definitions/fsf/sittuyin.varia")).unwrap();
    let export = export_source;
    let ini = export(&sittuyin).unwrap();
    for line in [
        "sittuyinPromotion = true",
        "promotionLimit = f:1",
        "promotionPieceTypes = f",
        "sittuyinRookDrop = true",
        "mustDrop = true",
        "countingRule = asean",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    for (from, to, why) in [
        (
            "only promotions left draws\n",
            "",
            "without `only promotions left draws`",
        ),
        (", or moving", "", "without all of"),
        ("drops in rook-set-up", "drops in set-up", ""),
        (
            "zone rook-set-up = rank 1",
            "zone rook-set-up = rank 2",
            "its rook's may be",
        ),
    ] {
        assert!(sittuyin.contains(from), "{from}");
        let changed = sittuyin.replacen(from, to, 1);
        match export(&changed) {
            Ok(ini) if why.is_empty() => {
                assert!(!ini.contains("sittuyinRookDrop"), "{to}:\n{ini}");
            }
            Ok(ini) => panic!("{from} -> {to}: exported\n{ini}"),
            Err(r) => assert!(r.rule.contains(why), "{from} -> {to}: {}", r.rule),
        }
    }
}

#[test]
fn promotion_sets_of_each_players_own_are_written_per_colour() {
    let chigorin = std::fs::read_to_string(root().join("definitions/fsf/chigorin.varia")).unwrap();
    let export = export_source;
    let ini = export(&chigorin).unwrap();
    for line in [
        "promotionPieceTypesWhite = crn",
        "promotionPieceTypesBlack = qrb",
        "promotionRegionWhite = a8 b8 c8 d8 e8 f8 g8 h8",
        "promotionRegionBlack = a1 b1 c1 d1 e1 f1 g1 h1",
    ] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
    assert!(!ini.contains("promotionPieceTypes ="), "{ini}");
    // A rule the other player can use too (its cells off that player's first rank) is two
    // rules for one type.
    let both = chigorin.replacen(
        "zone white-promotion for black = rank 8",
        "zone white-promotion for black = rank 1",
        1,
    );
    assert_ne!(both, chigorin);
    let refusal = export(&both).unwrap_err();
    assert!(
        refusal.rule.contains("several promotion rules"),
        "{}",
        refusal.rule
    );
}

/// Every piece the export writes (the Betza words of `tests/fixtures/fsf-pieces/pieces.tsv`)
/// imports back, and the imported section plays as Fairy-Stockfish played the export at every
/// position of the fixture: the import reads each word the export writes, as FSF does.
#[test]
fn every_exported_piece_imports_back_and_plays_as_fairy_stockfish() {
    play_fixture_pieces(|source, moves, word, problems| {
        if word == "refused" {
            return None;
        }
        let imported = varia::compile(source, None)
            .map_err(|e| e.to_string())
            .and_then(|rules| varia::interop::fsf::export(&rules).map_err(|r| r.at))
            .and_then(|ini| varia::interop::fsf::import(&ini, None, &|_| None))
            .and_then(|mut s| s.pop().ok_or_else(|| "no section".to_string()))
            .and_then(|s| s.result)
            .and_then(|text| varia::load_str(&text, None).map_err(|e| e.to_string()));
        imported
            .map_err(|e| problems.push(format!("`moves {moves}` (exported `{word}`): {e}")))
            .ok()
    });
}

/// A game without a repetition rule is exported with `nFoldRule = 0` (Fairy-Stockfish's "none"),
/// no longer refused, and its export imports back without one.
#[test]
fn a_game_without_a_repetition_rule_exports_as_nfoldrule_zero() {
    let source = x_game("R").replace("repetition 3 draws\n", "");
    assert!(!source.contains("repetition"), "{source}");
    let rules = varia::compile(&source, None).unwrap();
    let ini = varia::interop::fsf::export(&rules).unwrap();
    assert!(ini.lines().any(|l| l == "nFoldRule = 0"), "{ini}");
    let back = varia::interop::fsf::import(&ini, None, &|_| None).unwrap();
    let text = back[0].result.clone().unwrap();
    assert!(!text.contains("repetition"), "{text}");
    let with = varia::compile(&x_game("R"), None).unwrap();
    let ini = varia::interop::fsf::export(&with).unwrap();
    assert!(ini.lines().any(|l| l == "nFoldRule = 3"), "{ini}");
}

/// A first leg that rides (Rifle chess's rook, `cabR`) is a move in legs: Fairy-Stockfish has
/// none, and the export says so at the piece's `leg_moves`.
#[test]
fn a_shooting_rider_is_refused_as_a_move_in_legs() {
    let source = "game shots\nboard 6 x 6\nplayer white north\nplayer black south\n\
                  piece King K\n  royal\n  moves K\npiece Rook R\n  moves mR cabR\n\
                  checkmate loss\nstalemate draw\nsetup k5/6/6/6/6/K4R w - - 0 1\n";
    let rules = varia::compile(source, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].leg_moves");
    assert_eq!(
        refusal.rule,
        "moves in legs (XBetza `a`): Fairy-Stockfish's pieces move in one leg"
    );
}

/// A hook move (`masR`, a rook's ride that turns once) is refused by its own name.
#[test]
fn a_hook_mover_is_refused_by_name() {
    let source = "game hooks\nboard 6 x 6\nplayer white north\nplayer black south\n\
                  piece King K\n  royal\n  moves K\npiece Hook H\n  moves RmasR\n\
                  checkmate loss\nstalemate draw\nsetup k5/6/6/6/6/K4H w - - 0 1\n";
    let refusal = varia::interop::fsf::export(&varia::compile(source, None).unwrap()).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].leg_moves");
    assert_eq!(
        refusal.rule,
        "hook moves (XBetza `masR`: a ride that turns and rides on): Fairy-Stockfish's pieces move in one leg"
    );
}

/// Pickups (Twilight chess) are refused at their entry: Fairy-Stockfish has none.
#[test]
fn pickups_are_refused() {
    let src = std::fs::read_to_string(format!(
        "{}/definitions/sjaak/twilight.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let rules = varia::compile(&src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "moves[0]");
    assert_eq!(
        refusal.rule,
        "`pieces of TYPE... may be picked up`: Fairy-Stockfish has no pickup (Twilight chess)"
    );
}

/// Contagion (Werewolf chess) is refused at its entry: Fairy-Stockfish has none.
#[test]
fn contagion_is_refused() {
    let src = std::fs::read_to_string(format!(
        "{}/definitions/hachu/werewolf.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let rules = varia::compile(&src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "effects[0]");
    assert_eq!(
        refusal.rule,
        "`pieces that capture TYPE... become one`: Fairy-Stockfish has no contagion"
    );
}

/// Burning (Tenjiku Shogi's Fire Demon) is refused at its entry, passive or not: Fairy-Stockfish
/// has none.
#[test]
fn burning_is_refused() {
    for phrase in ["burn", "burn, also passively"] {
        let src = format!(
            "game burning\nboard 6 x 6\nplayer white north\nplayer black south\n\
             piece King K\n  royal\n  moves K\npiece Demon D\n  moves R\n\
             pieces of Demon {phrase}\nextinction of King loses\n\
             setup k5/6/6/6/6/KD4 w - - 0 1\n"
        );
        let rules = varia::compile(&src, None).unwrap();
        let refusal = varia::interop::fsf::export(&rules).unwrap_err();
        assert_eq!(refusal.at, "effects[0]");
        assert_eq!(
            refusal.rule,
            "`pieces of TYPE... burn`: Fairy-Stockfish has no burning"
        );
    }
}

/// Captures over lower ranks (Tenjiku Shogi's jumping generals) are refused at the piece:
/// Fairy-Stockfish has none.
#[test]
fn captures_over_lower_ranks_are_refused() {
    let src = "game ranks\nboard 6 x 6\nplayer white north\nplayer black south\n\
               piece King K\n  royal\n  rank 4\n  moves K\n\
               piece General G\n  rank 3\n  moves Q\n  captures over lower ranks\n\
               setup k5/6/6/6/6/KG4 w - - 0 1\n";
    let rules = varia::compile(src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].range_captures");
    assert_eq!(
        refusal.rule,
        "`captures over lower ranks` (Tenjiku Shogi's jumping generals): Fairy-Stockfish has none"
    );
}

/// A ride that skips its first cell (Betza `j` on a rider, the Heavenly Tetrarchs) is refused at
/// its move part: Fairy-Stockfish has none.
#[test]
fn rides_that_skip_their_first_cell_are_refused() {
    let src = "game skip\nboard 6 x 6\nplayer white north\nplayer black south\n\
               piece King K\n  royal\n  moves K\n\
               piece Tetrarch T\n  moves K\n  moves jQ\n\
               setup k5/6/6/6/6/KT4 w - - 0 1\n";
    let rules = varia::compile(src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].moves[1]");
    assert_eq!(
        refusal.rule,
        "a ride that skips its first cell (Betza `j` on a rider, the Heavenly Tetrarchs' `jQ`): Fairy-Stockfish has none"
    );
}

/// Extinction of listed types together (`extinction of all of TYPE...`) is refused at its entry
/// for more than one type: Fairy-Stockfish counts each type on its own.
#[test]
fn extinction_of_types_together_is_refused() {
    let src = "game pair\nboard 6 x 6\nplayer white north\nplayer black south\n\
               piece King K\n  moves K\n\
               piece Prince P\n  moves K\n\
               extinction of all of King Prince loses\n\
               setup kp4/6/6/6/6/KP4 w - - 0 1\n";
    let rules = varia::compile(src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "endings[0]");
    assert_eq!(
        refusal.rule,
        "`extinction of all of TYPE...` (types counted together): Fairy-Stockfish counts each type on its own"
    );
}

/// Free castling (Schoolbook chess) is refused at its entry: Fairy-Stockfish's king lands on one
/// cell a side.
#[test]
fn free_castling_is_refused() {
    let src = std::fs::read_to_string(format!(
        "{}/definitions/sjaak/schoolbook.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let rules = varia::compile(&src, None).unwrap();
    let refusal = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(refusal.at, "castling[0].landings");
    assert_eq!(
        refusal.rule,
        "`castling KING with ROOK to any of FILE...`: Fairy-Stockfish's king lands on one cell a side (free castling)"
    );
}

/// Promotion on a capture that starts or ends in the zone (Chu Shogi as HaChu plays it) is
/// refused at its promotion: Fairy-Stockfish's shogi-style promotion has no capture condition.
#[test]
fn promotion_on_a_capture_from_or_in_the_zone_is_refused() {
    let src = "game capture\nboard 5 x 5\nplayer white north\nplayer black south\n\
               zone camp = ranks 4-5\n\
               piece King K\n  royal\n  moves K\npiece Silver S\n  moves FfW\n  \
               promotes to Gold when capturing from or in camp\npiece Gold +S\n  moves WfF\n\
               setup 2k2/5/5/5/1S1K1 w - - 0 1\n";
    let refusal = export_source(src).unwrap_err();
    assert_eq!(refusal.at, "pieces[1].promotions");
    assert_eq!(
        refusal.rule,
        "a piece promotion not triggered by starting or ending in its zone: Fairy-Stockfish's shogi-style promotion is"
    );
}
