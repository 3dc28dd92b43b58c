//! `varia import` against Fairy-Stockfish's own variants.ini, from fixtures that
//! `scripts/fsf_import_fixtures.py` wrote with pyffish (no Python needed here):
//!
//! - `tests/fixtures/fsf-import/variants.ini`: the copy of FSF's file that was imported;
//! - `defs/NAME.varia`: the definition of each imported section, which the import must still give;
//! - `refused.tsv`: every refused section with its reason, which must still be the reason;
//! - `NAME.tsv`, `perft.tsv`: FSF's legal moves and results along random games, and its perft from
//!   the start, which the imported definitions must equal; `mismatches.tsv` must be empty.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn dir() -> PathBuf {
    root().join("tests/fixtures/fsf-import")
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn rows(name: &str) -> Vec<Vec<String>> {
    read(dir().join(name))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

fn parent(name: &str) -> Option<String> {
    ["fsf", "classic"].iter().find_map(|d| {
        std::fs::read_to_string(
            root()
                .join("definitions")
                .join(d)
                .join(format!("{name}.varia")),
        )
        .ok()
    })
}

fn import(text: &str) -> Vec<varia::interop::fsf::Imported> {
    varia::interop::fsf::import(text, None, &parent).expect("sections")
}

#[test]
fn import_of_fairy_stockfish_variants_ini_is_unchanged() {
    let results = import(&read(dir().join("variants.ini")));
    assert_eq!(results.len(), 143, "sections of FSF's variants.ini");
    let refused: BTreeMap<String, String> = rows("refused.tsv")
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    let mut problems = Vec::new();
    let mut imported = 0;
    for r in &results {
        match (&r.result, refused.get(&r.name)) {
            (Ok(text), None) => {
                imported += 1;
                let want = read(dir().join("defs").join(format!("{}.varia", r.name)));
                if *text != want {
                    problems.push(format!("{}: the definition changed:\n{text}", r.name));
                }
            }
            (Err(why), Some(want)) if why == want => {}
            (got, want) => problems.push(format!("{}: got {got:?}, fixtures say {want:?}", r.name)),
        }
    }
    assert!(imported >= 30, "only {imported} imported");
    assert!(
        rows("mismatches.tsv").is_empty(),
        "mismatches.tsv lists sections"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn imported_definitions_play_as_fairy_stockfish() {
    let perft = rows("perft.tsv");
    let names: BTreeSet<String> = perft.iter().map(|r| r[0].clone()).collect();
    assert!(names.len() >= 30);
    let mut problems = Vec::new();
    for name in &names {
        let source = read(dir().join("defs").join(format!("{name}.varia")));
        let g = varia::load_str(&source, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        for r in perft.iter().filter(|r| &r[0] == name) {
            let pos = g.parse_fen(&r[1]).expect("start FEN");
            let depth: u32 = r[2].parse().unwrap();
            let want: u64 = r[3].parse().unwrap();
            let got = g.perft(&pos, depth).unwrap();
            if got != want {
                problems.push(format!("{name} perft {depth}: varia {got}, FSF {want}"));
            }
        }
        for r in rows(&format!("{name}.tsv")) {
            common::compare_with_fsf(&g, name, &r, &mut problems);
        }
    }
    common::assert_no_problems(&problems);
}

fn one(text: &str) -> Result<String, String> {
    // The last section's result.
    import(text).pop().expect("a section").result
}

#[test]
fn refusals_name_the_key_or_the_parent() {
    let ok = one(
        "[mini:chess]\nmaxFile = 6\nmaxRank = 6\npromotionRegionWhite = *6\ndoubleStepRegionBlack = *5\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\n",
    );
    assert!(ok.is_ok(), "{ok:?}");
    for (ini, needle) in [
        ("[a:chess]\nfrobnicate = 3\n", "`frobnicate = 3`"),
        ("[a:chess]\ncustomPiece1 = x:iW\n", "initial moves"),
        ("[a:chess]\ncustomPiece1 = x:W7Q?\n", "`?`"),
        ("[a:chess]\ncustomPiece1 = x:nH\n", "`nH`"),
        (
            "[a:nosuchparent]\nmaxFile = 6\n",
            "unknown parent `nosuchparent`",
        ),
        ("[b:a]\nmaxFile = 6\n[a:b]\n", "unknown parent"),
        (
            "[a:chess]\ncheckmateValue = maybe\n",
            "`checkmateValue = maybe`",
        ),
        ("[a:chess]\nmaxRank = 99\n", "99"),
        ("[a:chess]\npromotionRegionWhite = z9\n", "`z9`"),
        (
            "[a]\npawn = p\nking = k\nstartFen = 8/8/8/8/8/8/8/8 w KQkq - 0 1\n",
            "castling",
        ),
        ("[a:chess]\nstartFen =\n", "startFen"),
        ("[a:../../etc]\n", "unknown parent"),
    ] {
        match one(ini) {
            Ok(t) => panic!("{ini:?} imported:\n{t}"),
            Err(e) => assert!(
                e.contains(needle)
                    || needle == "startFen"
                    || needle == "castling"
                    || needle == "99",
                "{ini:?}: {e}"
            ),
        }
    }
}

/// A region with cells for one player only (a rank off this board for the other) is that
/// player's zone alone: the other player has none, as in FSF.
#[test]
fn a_region_for_one_player_is_a_zone_of_that_player_only() {
    let source = one("[a:chess]\nmaxFile = 1\nmaxRank = 1\nstartFen = K w - - 0 1\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        source.contains("zone promotion for black = rank 1\n")
            && !source.contains("zone promotion = "),
        "{source}"
    );
}

/// `flagPiece = -` names no piece: refused (it panicked when a flag region was given).
#[test]
fn a_flag_piece_of_no_type_is_refused() {
    assert_eq!(
        one("[x:chess]\nflagPiece = -\nflagRegionWhite = *8\nflagRegionBlack = *1\n"),
        Err("`flagPiece = -`: varia's import takes one piece type or `*`".to_string())
    );
}

#[test]
fn the_command_line_imports_and_refuses_without_panic() {
    let tmp = std::env::temp_dir().join(format!("varia-import-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let ini = tmp.join("v.ini");
    std::fs::write(
        &ini,
        "# a comment\n[centaurking:chess]\nking = k:KN\n[bad:chess]\nwhat = ever\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_varia"))
            .current_dir(root())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["import", ini.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("# ==== [centaurking] ===="), "{text}");
    assert!(text.contains("royal") && text.contains(" N"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("section [bad] cannot be imported: `what = ever`"),
        "{err}"
    );
    let out = run(&[
        "import",
        ini.to_str().unwrap(),
        "--out",
        tmp.join("defs").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let def = std::fs::read_to_string(tmp.join("defs/centaurking.varia")).unwrap();
    assert!(varia::check(&def).is_ok());
    for args in [
        vec!["import", ini.to_str().unwrap(), "--variant", "bad"],
        vec!["import", ini.to_str().unwrap(), "--variant", "nope"],
        vec!["import", "no/such/file.ini"],
        vec!["import", "definitions/classic/chess.varia"],
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(tmp);
}

#[test]
fn duplicate_sections_are_refused() {
    let results =
        import("[dup:chess]\nmaxFile = 8\n[other:chess]\n[dup:chess]\nmaxRank = 8\n[kid:dup]\n");
    let got: Vec<(&str, Result<&str, &str>)> = results
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.result
                    .as_deref()
                    .map(|_| "imported")
                    .map_err(String::as_str),
            )
        })
        .collect();
    let twice = "the file has 2 sections [dup] (lines 1, 4): a section's name must be unique";
    assert_eq!(
        got,
        [
            ("dup", Err(twice)),
            ("other", Ok("imported")),
            ("dup", Err(twice)),
            (
                "kid",
                Err("parent `dup`: the file has several sections of that name")
            ),
        ]
    );
}

#[test]
fn import_out_never_writes_through_a_link_nor_over_a_file() {
    let tmp = std::env::temp_dir().join(format!("varia-import-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let out_dir = tmp.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let ini = tmp.join("v.ini");
    std::fs::write(&ini, "[centaurking:chess]\nking = k:KN\n[other:chess]\n").unwrap();
    let precious = tmp.join("precious.txt");
    std::fs::write(&precious, "keep me\n").unwrap();
    let target = out_dir.join("centaurking.varia");
    std::os::unix::fs::symlink(&precious, &target).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "import",
            ini.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_varia"))
            .current_dir(root())
            .args(&args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let shown = |name: &str| out_dir.join(name).display().to_string();
    // A link is not written through, even with --force; and nothing else is written either.
    for force in [&[][..], &["--force"][..]] {
        let (code, stdout, stderr) = run(force);
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(stdout, "");
        assert_eq!(
            stderr,
            format!(
                "error: {} is a symbolic link: not written through\nerror: no file written\n",
                shown("centaurking.varia")
            )
        );
        assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
        assert!(!out_dir.join("other.varia").exists());
    }
    // A file is not overwritten without --force.
    std::fs::remove_file(&target).unwrap();
    std::fs::write(&target, "mine\n").unwrap();
    let (code, _, stderr) = run(&[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "error: {} exists: not overwritten (--force replaces it)\nerror: no file written\n",
            shown("centaurking.varia")
        )
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine\n");
    assert!(!out_dir.join("other.varia").exists());
    // With --force it is replaced by the import.
    let (code, stdout, stderr) = run(&["--force"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stdout,
        format!("{}\n{}\n", shown("centaurking.varia"), shown("other.varia"))
    );
    let def = std::fs::read_to_string(&target).unwrap();
    assert!(def.contains("game centaurking"), "{def}");
    assert!(varia::check(&def).is_ok());
    let _ = std::fs::remove_dir_all(tmp);
}

/// Seirawan gating (`gating`, `seirawanGating`): the sections varia exports for seirawan, shouse
/// and musketeer import back and give Fairy-Stockfish's legal moves at every position of the
/// export fixtures (pyffish's moves along random games), the file letters of the castling field
/// read as gating rights.
#[test]
fn gating_sections_import_and_play_as_fairy_stockfish() {
    let fixtures = root().join("tests/fixtures/fsf-export");
    let mut checked = 0;
    for name in ["seirawan", "shouse", "musketeer"] {
        let text = read(fixtures.join(format!("{name}.ini")));
        let source = one(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(source.contains("\ngating in gating-cells"), "{source}");
        let game = varia::load_str(&source, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in read(fixtures.join(format!("{name}.tsv"))).lines() {
            if line.starts_with('#') {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let mut want: Vec<&str> = f[1].split_whitespace().collect();
            want.sort();
            assert_eq!(common::moves(&game, f[0]), want, "{name}: {}", f[0]);
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} positions");
    for (ini, why) in [
        ("gating = true\n", "`gating` without `seirawanGating`"),
        (
            "seirawanGating = true\n",
            "`seirawanGating` without `gating`",
        ),
    ] {
        let err = one(&format!("[a:chess]\n{ini}")).unwrap_err();
        assert!(err.contains(why), "{ini}: {err}");
    }
}

/// FSF's pawn with compulsory promotion and nothing to promote to (no `promotionPieceTypes` in a
/// section without parent, or `-`) has no move into the promotion region; the import let it onto
/// the last rank. The legal moves are pyffish 0.0.90's.
#[test]
fn a_pawn_with_nothing_to_promote_to_stays_out_of_the_region() {
    let bare = "[bare]\npawn = p\nking = k\nstartFen = 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\n";
    let none = "[none:chess]\npromotionPieceTypes = -\n";
    let optional = "[optional:chess]\npromotionPieceTypes = -\nmandatoryPawnPromotion = false\n";
    for (ini, fen, want) in [
        (
            bare,
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            bare,
            "4k3/8/8/8/8/8/1p6/4K3 b - - 0 1",
            "e8d7 e8d8 e8e7 e8f7 e8f8",
        ),
        (
            none,
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            optional,
            "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "a7a8 e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
    ] {
        let source = one(ini).unwrap_or_else(|e| panic!("{ini}: {e}"));
        let game = varia::load_str(&source, None).unwrap();
        let want: Vec<&str> = want.split(' ').collect();
        assert_eq!(common::moves(&game, fen), want, "{ini}{fen}\n{source}");
    }
    // Where the region's rule cannot be said exactly, the section is refused, naming the key.
    for (ini, why) in [
        // FSF's pawn promotes whatever `promotionPawnTypes` says (pyffish: a7a8q a7a8r ...).
        (
            "[a:chess]\npromotionPawnTypes = -\n",
            "`promotionPawnTypes = -` with a pawn (`pawn = p`) and a promotion region:",
        ),
        // An en-passant capture onto a6 lands in the region without promoting (pyffish: e5d6).
        (
            "[a:chess]\npromotionPieceTypes = -\npromotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\n",
            "`promotionRegionWhite` holds a6, where a pawn may capture en passant",
        ),
    ] {
        let err = one(ini).unwrap_err();
        assert!(err.starts_with(why), "{ini}: {err}");
    }
}

/// FSF's en-passant regions (where a side may capture en passant) import when each holds all of
/// that side's en-passant cells or none, alike for both sides; otherwise the refusal is a sentence
/// naming the key and what varia cannot say (it read "an en-passant region (...)").
#[test]
fn en_passant_regions_import_exactly_or_are_refused_in_a_sentence() {
    // pyffish 0.0.90: after d7d5, e5d6 is legal in `all` and not in `none`.
    let fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    for (keys, takes) in [
        ("enPassantRegion = *3 *6\n", true),
        (
            "enPassantRegionWhite = *6\nenPassantRegionBlack = *3\n",
            true,
        ),
        ("enPassantRegion = -\n", false),
    ] {
        let source = one(&format!("[a:chess]\n{keys}")).unwrap_or_else(|e| panic!("{keys}: {e}"));
        let game = varia::load_str(&source, None).unwrap();
        let mut pos = game.parse_fen(fen).unwrap();
        let m = game.parse_move(&pos, "d7d5").unwrap();
        game.play(&mut pos, &m).unwrap();
        let moves: Vec<String> = game
            .legal_moves(&pos)
            .iter()
            .map(|m| game.move_to_string(m))
            .collect();
        assert_eq!(moves.contains(&"e5d6".to_string()), takes, "{keys}");
    }
    for (keys, why) in [
        (
            "enPassantRegion = a3 a6 b3 b6\n",
            "`enPassantRegion = a3 a6 b3 b6`: white may capture en passant on some of its en-passant cells but not on c6, and varia's en passant holds on all of them or none",
        ),
        (
            "enPassantRegionWhite = *6\nenPassantRegionBlack = -\n",
            "`enPassantRegionWhite = *6` with `enPassantRegionBlack = -`: white may capture en passant and black may not, and varia's en passant holds for both sides or neither",
        ),
        (
            "enPassantRegionBlack = -\n",
            "no `enPassantRegionWhite` (all cells) with `enPassantRegionBlack = -`: white may capture en passant and black may not, and varia's en passant holds for both sides or neither",
        ),
    ] {
        assert_eq!(
            one(&format!("[a:chess]\n{keys}")),
            Err(why.to_string()),
            "{keys}"
        );
    }
}

/// `pieceDrops` without `capturesToHand`: the start position's hands are dropped from, captures
/// leave the game (`players have hands`); FSF's drop region holds for every type, its pawn kept
/// off its first rank besides. The legal moves are pyffish 0.0.90's.
#[test]
fn drops_from_the_start_hands_keep_to_the_drop_region() {
    let region = "[a:chess]\npieceDrops = true\ndropRegionWhite = *1 *2\ndropRegionBlack = *7 *8\nstartFen = 4k3/8/8/8/8/8/8/4K3[Pq] w - - 0 1\n";
    let must = "[a:chess]\npieceDrops = true\nmustDrop = true\nstartFen = 4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1\n";
    for (ini, fen, count, want) in [
        (region, "4k3/8/8/8/8/8/8/4K3[Pq] w - - 0 1", 13, "P@a2"),
        (region, "4k3/8/8/8/8/8/8/4K3[Pq] b - - 0 1", 20, "Q@a8"),
        (must, "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", 62, "N@a1"),
        (must, "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1", 5, "e1d1"),
    ] {
        let source = one(ini).unwrap_or_else(|e| panic!("{ini}: {e}"));
        assert!(source.contains("players have hands\n"), "{source}");
        let game = varia::load_str(&source, None).unwrap();
        let moves = common::moves(&game, fen);
        assert_eq!(moves.len(), count, "{fen}: {moves:?}\n{source}");
        assert!(moves.iter().any(|m| m == want), "{fen}: {moves:?}");
        assert!(
            !moves
                .iter()
                .any(|m| m.ends_with('1') && m.starts_with("P@"))
        );
    }
    for (ini, why) in [
        (
            "[a:chess]\npieceDrops = true\ndropRegionWhite = *1\ndropRegionBlack = *8\nstartFen = 4k3/8/8/8/8/8/8/4K3[P] w - - 0 1\n",
            "piece `p` in hand with no cell to be dropped on",
        ),
        (
            "[a:chess]\ncapturesToHand = true\n",
            "`pieceDrops = false` with `capturesToHand = true`",
        ),
    ] {
        let err = one(ini).unwrap_err();
        assert!(err.starts_with(why), "{ini}: {err}");
    }
}

/// `nFoldRule = 0`: FSF has no repetition rule (the move rule stays); one direction modifier
/// that picks all of an atom's moves is written as one move part (`mvR`, it was refused as
/// `mfR mbR`); FSF's janggi cannon neither hops over nor captures a janggi cannon. The legal
/// moves are pyffish 0.0.90's.
#[test]
fn no_repetition_rule_vertical_riders_and_janggi_cannons_import() {
    let source = one("[a:chess]\nnFoldRule = 0\nnFoldValue = loss\n").unwrap();
    assert!(!source.contains("repetition"), "{source}");
    assert!(source.contains("move limit 50\n"), "{source}");
    assert!(
        one("[a:chess]\nnFoldRule = -1\n")
            .unwrap_err()
            .contains("`nFoldRule = -1`")
    );
    let source = one(
        "[t]\nmaxRank = 6\nmaxFile = f\ncustomPiece1 = w:mvR\nstartFen = wwwwww/6/6/6/6/WWWWWW w\n",
    )
    .unwrap();
    assert!(source.contains("  moves mvR\n"), "{source}");
    let source = one("[jc:chess]\njanggiCannon = c\n").unwrap();
    let game = varia::load_str(&source, None).unwrap();
    for (fen, want) in [
        (
            "4k3/8/r7/c7/8/8/C7/C3K3 w - - 0 1",
            "a1f1 a1g1 a1h1 e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
        (
            "4k3/8/c7/P7/8/8/C7/R3K3 w - - 0 1",
            "a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2",
        ),
    ] {
        let want: Vec<&str> = want.split(' ').collect();
        assert_eq!(common::moves(&game, fen), want, "{fen}\n{source}");
    }
}

/// Shogi-style promotions: `promotedPieceType = l:g` is a piece `+L` moving as the gold, the lance
/// promoting when starting or ending in the region; FSF's immobility rule is `no drop where stuck`
/// with the promotion compulsory where the lance would be stuck; a shogi pawn without its
/// drop-mate rule is a plain piece. The legal moves are pyffish 0.0.90's.
#[test]
fn shogi_style_promotions_and_the_immobility_rule_import() {
    let ini = "[sg]\nmaxFile = 5\nmaxRank = 5\nking = k\ncustomPiece1 = l:fR\ngold = g\nshogiPawn = p\npromotedPieceType = l:g p:g\npromotionRegionWhite = *5\npromotionRegionBlack = *1\nimmobilityIllegal = true\npieceDrops = true\ncapturesToHand = true\ndropNoDoubled = p\nstartFen = 3k1/5/5/L4/K4[LPp] w - - 0 1\n";
    let source = one(ini).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        source.contains("piece Promoted-L +L\n  moves W fF\n"),
        "{source}"
    );
    assert!(source.contains("no drop where stuck\n"), "{source}");
    let game = varia::load_str(&source, None).unwrap();
    let fsf = "L@a3 L@a4 L@b1 L@b2 L@b3 L@b4 L@c1 L@c2 L@c3 L@c4 L@d1 L@d2 L@d3 L@d4 L@e1 L@e2 L@e3 L@e4 P@a3 P@a4 P@b1 P@b2 P@b3 P@b4 P@c1 P@c2 P@c3 P@c4 P@d1 P@d2 P@d3 P@d4 P@e1 P@e2 P@e3 P@e4 a1b1 a1b2 a2a3 a2a4 a2a5+";
    let want: Vec<&str> = fsf.split(' ').collect();
    assert_eq!(
        common::moves(&game, "3k1/5/5/L4/K4[LPp] w - - 0 1"),
        want,
        "{source}"
    );
    // FSF's drop-mate rule is varia's `drop may not mate`: the mate is the dropper's loss.
    let with_rule = one(&format!("{ini}shogiPawnDropMateIllegal = true\n")).unwrap();
    assert!(
        with_rule.contains("  drop may not mate\n") && !source.contains("drop may not mate"),
        "{with_rule}"
    );
    for (extra, why) in [
        (
            "dropNoDoubledCount = 0\n",
            "`dropNoDoubled = p` with `dropNoDoubledCount = 0`",
        ),
        (
            "extinctionValue = loss\nextinctionPieceTypes = g\n",
            "`promotedPieceType = l:g p:g` with `extinctionPieceTypes = g`",
        ),
        (
            "customPiece2 = x:fW\n",
            "`immobilityIllegal = true`: `Piece-X` may move where it can never move again",
        ),
    ] {
        let err = one(&format!("{ini}{extra}")).unwrap_err();
        assert!(err.starts_with(why), "{extra}: {err}");
    }
}

/// Removing a type from an exported parent: FSF's built-in type is the one piece moving as its
/// fixed Betza, and with none (a child's `commoner = k` took the king's letter first, FSF's
/// order) the removal does nothing, as in FSF (anti-losalamos was refused).
#[test]
fn removing_a_type_the_parent_no_longer_has_does_nothing() {
    let source = one(
        "[a:losalamos]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        source.contains("piece Commoner-K K\n  moves F W\n"),
        "{source}"
    );
    assert!(!source.contains("royal"), "{source}");
    let plain = one("[a:chess]\n").unwrap();
    assert_eq!(one("[a:chess]\ncustomPiece3 = -\n").unwrap(), plain);
    let source = one(
        "[a:chess]\nqueen = -\nstartFen = rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1\n",
    )
    .unwrap();
    assert!(!source.contains("piece Piece-Q"), "{source}");
}

/// The sittuyin promotion, the rook's drops on the first rank, compulsory drops and FSF's counting
/// rules (`sittuyinPromotion`, `promotionLimit`, `sittuyinRookDrop`, `mustDrop`, `countingRule`):
/// the sections varia exports for sittuyin, makruk, makpong, asean and ai-wok import back and give
/// Fairy-Stockfish's legal moves and results at every position of the export fixtures (pyffish's
/// moves along random games) and its perft from the start (issue 43).
#[test]
fn sittuyin_and_counting_sections_import_and_play_as_fairy_stockfish() {
    let fixtures = root().join("tests/fixtures/fsf-export");
    let perft: Vec<Vec<String>> = read(fixtures.join("perft.tsv"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    let mut problems = Vec::new();
    let mut checked = 0;
    for (name, wants) in [
        (
            "sittuyin",
            &[
                "promotion in place of Pawn-P to Piece-F in promotion, anywhere when last, or moving, attacking nothing, at most 1 on the board\nonly promotions left draws\n",
                "drops in rook-drops\n",
            ][..],
        ),
        ("makruk", &["counting board 64\n"][..]),
        ("makpong", &["counting bare 64 from pieces: "][..]),
        (
            "asean",
            &["counting bare 0: 1 Rook-R 16, 1 Silver-B 44, 1 Knight-N 64\n"][..],
        ),
        ("ai-wok", &["counting stops on Pawn-P\n"][..]),
    ] {
        let text = read(fixtures.join(format!("{name}.ini")));
        let source = one(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for want in wants {
            assert!(source.contains(want), "{name}: no {want:?} in\n{source}");
        }
        let game = varia::load_str(&source, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        for line in read(fixtures.join(format!("{name}.tsv"))).lines() {
            if line.starts_with('#') {
                continue;
            }
            let row: Vec<String> = line.split('\t').map(str::to_string).collect();
            common::compare_with_fsf(&game, name, &row, &mut problems);
            checked += 1;
        }
        for r in perft.iter().filter(|r| r[0] == name) {
            let pos = game.parse_fen(&r[3]).expect("start FEN");
            let (depth, want): (u32, u64) = (r[4].parse().unwrap(), r[5].parse().unwrap());
            let got = game.perft(&pos, depth).unwrap();
            if got != want {
                problems.push(format!("{name} perft {depth}: varia {got}, FSF {want}"));
            }
        }
    }
    common::assert_no_problems(&problems);
    assert!(checked >= 300, "only {checked} positions");
    for (ini, why) in [
        (
            "[a:chess]\npromotionLimit = q:1\n",
            "`promotionLimit = q:1` without `sittuyinPromotion`",
        ),
        (
            "[a:chess]\nsittuyinPromotion = true\npromotionPieceTypes = qn\npromotionLimit = q:1\n",
            "`promotionLimit = q:1`: limits that differ between the promotion types",
        ),
        (
            "[a:chess]\nsittuyinPromotion = true\npromotionPieceTypes = q\ncustomPiece1 = q:mQcK\n",
            "`sittuyinPromotion = true` to `q` (mQcK), whose moves are not its captures",
        ),
        (
            "[a:chess]\ncountingRule = thai\n",
            "`countingRule = thai`: Fairy-Stockfish's counting rules are",
        ),
        (
            "[a:chess]\ncountingRule = makruk\npromotedPieceType = n:r\n",
            "`countingRule = makruk` with `promotedPieceType` (`+N`)",
        ),
    ] {
        let err = one(ini).unwrap_err();
        assert!(err.starts_with(why), "{ini}: {err}");
    }
}

/// FSF's draw odds (`materialCounting = blackdrawodds`): a stalemate (and the move rule, and a
/// repetition) is black's win, `draws count for black`; with a draw FSF's odds do not turn
/// (checkmate, extinction, connect, counting, sittuyin), refused. The result is pyffish 0.0.90's.
#[test]
fn draw_odds_import_where_fairy_stockfish_turns_every_draw() {
    let ini = "[a]\nqueen = q\nmaterialCounting = blackdrawodds\nstartFen = 8/8/8/8/8/8/8/1QQ1QQ2 w - - 0 1\n";
    let source = one(ini).unwrap_or_else(|e| panic!("{e}"));
    assert!(source.contains("\ndraws count for black\n"), "{source}");
    let game = varia::load_str(&source, None).unwrap();
    let row: Vec<String> = ["8/8/6Q1/8/8/8/7Q/8 b - - 0 21", "", "black"]
        .map(str::to_string)
        .to_vec();
    let mut problems = Vec::new();
    common::compare_with_fsf(&game, "a", &row, &mut problems);
    common::assert_no_problems(&problems);
    for (extra, why) in [
        ("checkmateValue = draw\n", "`checkmateValue = draw`"),
        (
            "extinctionValue = draw\nextinctionPieceTypes = q\n",
            "`extinctionValue = draw`",
        ),
        ("countingRule = asean\n", "`countingRule`"),
    ] {
        let err = one(&format!("{ini}{extra}")).unwrap_err();
        assert!(
            err.starts_with(&format!("`materialCounting = blackdrawodds` with {why}")),
            "{extra}: {err}"
        );
    }
    assert!(
        one("[a:chess]\nmaterialCounting = janggi\n")
            .unwrap_err()
            .starts_with("`materialCounting = janggi`: only `unweighted` and draw odds")
    );
}

/// FSF reads no castling right when `castling = false` (its FEN of the start says `-`): the
/// import leaves them out of the set-up and says so in the definition's comment. With gating,
/// where FSF reads them as gates, the section is refused.
#[test]
fn castling_rights_without_castling_are_left_out_and_said() {
    let source = one("[a:chess]\ncastling = false\n").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        source.contains("rights `KQkq` are left out")
            && source.contains("setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        "{source}"
    );
    let g = varia::load_str(&source, None).expect("loads");
    assert_eq!(g.perft(&g.start(), 2).unwrap(), 400);
    let gated = one("[a:chess]\ncastling = false\ngating = true\nseirawanGating = true\n");
    assert!(
        gated
            .as_ref()
            .is_err_and(|e| e.contains("reads them as gates")),
        "{gated:?}"
    );
    // FSF puts a blasted king in the capturer's hand: refused with hands.
    assert_eq!(
        one("[a:atomic]\ncastling = false\npieceDrops = true\ncapturesToHand = true\n"),
        Err("`blastOnCapture` with `capturesToHand`: Fairy-Stockfish puts every blasted piece in hand, a blasted royal piece too, which varia's hands cannot hold".to_string())
    );
}

/// The stone games' keys, as the export writes them, import back: a child of the shipped Ataxx
/// and Flipello plays as they do; FSF's rules that are not varia's are refused, naming the key.
#[test]
fn stone_games_import_back_and_what_differs_is_refused() {
    for (base, fen, depth) in [
        ("ataxx", "P5p/7/7/7/7/7/p5P w - - 0 1", 3),
        (
            "flipello",
            "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1",
            4,
        ),
    ] {
        let source = one(&format!("[a:{base}]\n")).unwrap_or_else(|e| panic!("{base}: {e}"));
        let imported = varia::load_str(&source, None).expect("loads");
        let shipped = varia::load_str(&parent(base).expect("shipped"), None).expect("loads");
        let count = |g: &varia::Game| g.perft(&g.parse_fen(fen).unwrap(), depth).unwrap();
        assert_eq!(count(&imported), count(&shipped), "{base}:\n{source}");
    }
    for (ini, needle) in [
        (
            "[a:chess]\nflipEnclosedPieces = ataxx\n",
            "with Fairy-Stockfish's king `k`",
        ),
        (
            "[a:chess]\npassOnStalemate = true\n",
            "its pass is the king's",
        ),
        (
            "[a:ataxx]\npassOnStalemateWhite = false\n",
            "for one player only",
        ),
        ("[a:ataxx]\nflipEnclosedPieces = reversi\n", "that moves"),
        (
            "[a:ataxx]\nflipEnclosedPieces = flop\n",
            "only `none`, `ataxx`, `quadwrangle` and `reversi`",
        ),
        (
            "[a:ataxx]\nenclosingDrop = snort\nenclosingDropStart = d4\n",
            "`enclosingDropStart` with `enclosingDrop = snort`",
        ),
        ("[a:flipello]\ncustomPiece1 = q:W\n", "that moves"),
        (
            "[a:ataxx]\nstartFen = P5p/7/7/7/7/7/p5P[P] w - - 0 1\n",
            "ignores what it holds",
        ),
        (
            "[a:chess]\npieceDrops = true\nfreeDrops = true\n",
            "`freeDrops = true`: a key varia's import does not translate",
        ),
        ("[a:ataxx]\nking = q\n", "`freeDrops` with piece `q` (king)"),
        (
            "[a:chess]\nmaterialCounting = unweighted\n",
            "`materialCounting = unweighted` with Fairy-Stockfish's king",
        ),
    ] {
        match one(ini) {
            Ok(t) => panic!("{ini:?} imported:\n{t}"),
            Err(e) => assert!(e.contains(needle), "{ini:?}: {e}"),
        }
    }
    // A child's castling king of another type: FSF's stays the parent's, so no right is read.
    let castling =
        "[a:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPieceTypes = k\n";
    let refused = one(&format!(
        "{castling}startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    ));
    assert!(
        refused
            .as_ref()
            .is_err_and(|e| e.contains("castling king the section replaced")),
        "{refused:?}"
    );
    let source = one(&format!(
        "{castling}startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!source.contains("castling"), "{source}");
}

/// FSF's pseudo-royal pieces are royal while their owner has at most `extinctionPieceCount` + 1
/// of the type: two kings with a count of 1 are both royal throughout; three are refused.
#[test]
fn pseudo_royal_pieces_up_to_the_count_are_all_royal() {
    let two = "[a:chess]\nking = -\ncommoner = k\nextinctionValue = loss\nextinctionPseudoRoyal = true\nextinctionPieceTypes = k\nextinctionPieceCount = 1\n";
    let source = one(&format!(
        "{two}startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        source.contains("royal") && !source.contains("royalty") && !source.contains("extinction"),
        "{source}"
    );
    // Neither king may be left attacked: the f1 king may not step onto the rook's file.
    let g = varia::load_str(&source, None).expect("loads");
    let pos = g.parse_fen("k3r2k/8/8/8/8/8/8/2K2K2 w - - 0 1").unwrap();
    let moves: Vec<String> = g
        .legal_moves(&pos)
        .iter()
        .map(|m| g.move_to_string(m))
        .collect();
    assert!(
        moves.contains(&"f1g1".to_string())
            && !moves.contains(&"f1e1".to_string())
            && !moves.contains(&"f1e2".to_string()),
        "{moves:?}"
    );
    let three = one(&format!(
        "{two}startFen = rnbkkbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNK w - - 0 1\n"
    ));
    assert!(
        three
            .as_ref()
            .is_err_and(|e| e.contains("more than 2 pieces of a type")),
        "{three:?}"
    );
}

/// FSF's walls in a start position that no rule changes are holes; with castling or Reversi's
/// drops (whose rays FSF lets pass over walls) the section is refused.
#[test]
fn walls_of_the_start_position_are_holes() {
    let walls = "[a:chess]\ncastling = false\nstartFen = rnbqkbn*/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w - - 0 1\n";
    let source = one(walls).unwrap_or_else(|e| panic!("{e}"));
    assert!(source.contains("holes h1 h8\n"), "{source}");
    let g = varia::load_str(&source, None).expect("loads");
    assert_eq!(g.perft(&g.start(), 1).unwrap(), 20);
    let castling =
        one("[a:chess]\nstartFen = rnbqkbn*/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w Qq - 0 1\n");
    assert!(
        castling
            .as_ref()
            .is_err_and(|e| e.contains("with castling")),
        "{castling:?}"
    );
    let reversi = one("[a:flipello]\nstartFen = 8/8/8/3pP3/3Pp3/8/8/*7[PPpp] w - - 0 1\n");
    assert!(
        reversi
            .as_ref()
            .is_err_and(|e| e.contains("pass over walls")),
        "{reversi:?}"
    );
}
