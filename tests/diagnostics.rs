//! Snapshot tests of the diagnostics a user sees for broken definitions.
//!
//! Each case is a small variant of `definitions/classic/chess.varia` stored in `tests/bad/`. The
//! test compiles it, checks how many problems are reported and that they come sorted by position,
//! then snapshots the rendered text (file:line:column, the source line and a caret).
//!
//! Update the snapshots with `INSTA_UPDATE=always cargo test --test diagnostics` (or
//! `cargo insta accept`) and read every changed `.snap` file before keeping it.

use varia::Diagnostic;
use varia::LoadError;

/// The path of a case as the snapshots show it (relative to the crate, `/` separators).
fn case_path(name: &str) -> String {
    format!("tests/bad/{name}.varia")
}

fn read_case(name: &str) -> String {
    let full = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), case_path(name));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
}

/// 1-based line and column (in characters) of a byte offset, as the renderer counts them.
fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..offset.min(source.len())].chars().count() + 1;
    (line, col)
}

/// Compiles a case, which must fail with definition diagnostics.
fn diagnostics(name: &str, source: &str) -> Vec<Diagnostic> {
    match varia::compile(source, None) {
        Err(LoadError::Definition(d)) => d,
        Err(other) => panic!("{name}: expected definition diagnostics, got {other:?}"),
        Ok(_) => panic!("{name}: the broken definition compiled"),
    }
}

/// Runs one case: counts the diagnostics, checks their order and rendering, and returns the
/// rendered text for the snapshot.
fn run_case(name: &str, expected: usize) -> String {
    let source = read_case(name);
    let diags = diagnostics(name, &source);
    let listing: Vec<String> = diags
        .iter()
        .map(|d| format!("{:?} {}", d.span, d.message))
        .collect();
    assert_eq!(
        diags.len(),
        expected,
        "{name}: wrong number of diagnostics:\n{}",
        listing.join("\n")
    );
    assert!(
        diags.windows(2).all(|w| w[0].span <= w[1].span),
        "{name}: diagnostics are not sorted by position:\n{}",
        listing.join("\n")
    );
    let path = case_path(name);
    let rendered = varia::render_diagnostics(&path, &source, &diags);
    assert_eq!(
        rendered.matches("error: ").count(),
        expected,
        "{name}: one `error:` header per diagnostic:\n{rendered}"
    );
    for d in &diags {
        assert!(d.span.start <= d.span.end && d.span.end <= source.len());
        let (line, col) = line_col(&source, d.span.start);
        let location = format!("{path}:{line}:{col}");
        assert!(
            rendered.contains(&location),
            "{name}: `{}` should be shown at {location}:\n{rendered}",
            d.message
        );
        assert!(
            rendered.contains(&d.message),
            "{name}: message `{}` missing:\n{rendered}",
            d.message
        );
        // The offending source line is quoted.
        let text = source.lines().nth(line - 1).unwrap_or("").trim_end();
        assert!(
            rendered.contains(text),
            "{name}: source line {line} `{text}` is not quoted:\n{rendered}"
        );
    }
    assert!(rendered.contains('^'), "{name}: no caret:\n{rendered}");
    rendered
}

macro_rules! case {
    ($name:ident, $count:expr) => {
        #[test]
        fn $name() {
            let rendered = run_case(stringify!($name), $count);
            insta::assert_snapshot!(stringify!($name), rendered);
        }
    };
}

// `board 8 by 8`: a syntax error stops at the first problem.
case!(syntax_error, 1);
// `promotes to Queen Rook Bishop Knigt`: a misspelt piece name among several targets.
case!(unknown_piece_in_promotion, 1);
// `rank 9` and cell `i1` on an 8 x 8 board.
case!(zone_off_board, 2);
// `promotes to Queen Amazon`: no piece Amazon is defined.
case!(promotion_to_undefined_piece, 1);
// `piece Knight B`: the Bishop already uses `B`.
case!(duplicate_symbol, 1);
// 129 piece types (dressed symbols give more than 52): the 129th is refused at its name.
case!(too_many_types, 1);
// Six problems in one file, found in another order than they appear; all reported, sorted.
case!(several_errors, 6);
// `moves Y` (unknown atom) and `moves qN` (unknown modifier): two problems, and no knock-on
// `has no moves` for a piece whose only move word was bad.
case!(bad_betza, 2);
// No `setup` line.
case!(missing_setup, 1);
// `setup .../RNBQKBNX`: an unknown piece letter in the start position.
case!(bad_setup_piece, 1);
// `setup rnbqkbnr/pppppppp/9/...`: a rank with nine cells.
case!(bad_setup_width, 1);
// `moves mfnD in pawn-starts`: no such zone.
case!(unknown_zone_in_moves, 1);
// `board 17 x 8`.
case!(board_too_large, 1);
// `variant fast extends blitz`: no variant blitz above it.
case!(unknown_parent, 1);
// `chekmate loss`: a statement's first word misspelt; the nearest one is suggested, and the
// statements' first words are not listed.
case!(misspelt_statement, 1);
// `en-passant`: a phrase written with a hyphen; the phrase with a space is suggested.
case!(hyphenated_phrase, 1);

// Every single-valued statement and piece property given twice in the main game: fifteen
// errors, each with a label at the first (the variant's own is reported with the variant).
case!(duplicate_statements, 15);
// Interchangeable groups sharing a type, a castling pair and a goal given twice, extinction rules
// with one condition and two verdicts (the variant's, across blocks, with the variant).
case!(overlapping_rules, 4);
// `files h-a` and `ranks 8-7` run backwards; `files a-d` is fine.
case!(reversed_range, 2);
// `1 in a row`, `5 in a row` on a board of 4 x 3, a line said twice, `drops fall` without drops.
case!(bad_rows, 4);
// A wall rule beside `pieces leave walls`: a move writes one wall.
case!(bad_walls, 1);
// Gating without hands and beside a wall rule.
case!(bad_gating, 2);
// Promotion in place to an unknown piece, in an unknown zone.
case!(bad_in_place, 2);
// Lion trading misused: an unknown type after `by` and after `than`, `unless also capturing` on
// a rook that never takes two pieces at once, a counter-strike rule listing every type.
case!(bad_lion_trading, 4);
// `may not capture protected Lion from far`: `afar` expected where it goes wrong.
case!(bad_capture_limit, 1);
// `unless protected only by` on a limit without `protected`.
case!(bad_protected_only, 1);
// A type with `drop may not mate` listed in `mating drops of ... are forbidden`, and an unknown
// type in that list.
case!(bad_mating_drops, 2);
// `castling King from h` on a board of six files, and `royalty first by lowest rank, then
// rearmost`: both keys order the ranks.
case!(bad_royal_order, 2);

/// The path of a case that loads with warnings, as the snapshots show it.
fn warning_path(name: &str) -> String {
    format!("tests/warn/{name}.varia")
}

fn read_warning_case(name: &str) -> String {
    let full = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), warning_path(name));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
}

/// Runs a case of tests/warn/, which loads with warnings only: counts them, checks their
/// rendering, and returns the rendered text for the snapshot.
fn run_warning_case(name: &str, expected: usize) -> String {
    let source = read_warning_case(name);
    let checked = match varia::check_all(&source) {
        Ok(c) => c,
        Err(e) => panic!("{name}: expected warnings only, got {e:?}"),
    };
    let warnings = &checked.warnings;
    assert_eq!(warnings.len(), expected, "{name}: {warnings:#?}");
    assert!(
        warnings
            .iter()
            .all(|w| w.severity == varia::Severity::Warning)
    );
    assert!(warnings.windows(2).all(|w| w[0].span <= w[1].span));
    // The game still loads and plays.
    assert!(varia::load_str(&source, None).is_ok());
    let path = warning_path(name);
    let rendered = varia::render_diagnostics(&path, &source, warnings);
    assert_eq!(
        rendered.matches("warning: ").count(),
        expected,
        "{rendered}"
    );
    assert!(!rendered.contains("error"), "{rendered}");
    for w in warnings {
        let (line, col) = line_col(&source, w.span.start);
        assert!(
            rendered.contains(&format!("{path}:{line}:{col}")),
            "{rendered}"
        );
    }
    rendered
}

macro_rules! warning_case {
    ($name:ident, $count:expr) => {
        #[test]
        fn $name() {
            let rendered = run_warning_case(stringify!($name), $count);
            insta::assert_snapshot!(stringify!($name), rendered);
        }
    };
}

// Rules that can never apply: confined to a zone without its start, drops without hands, castling
// with a piece that never starts on the king's rank, `royalty alone` without royals, a shuffle of
// an empty rank, a style for a piece without long leaps, removal without hands, mating drops
// forbidden without drops.
warning_case!(dead_rules, 9);
// `moves (0,9) N`: the word `(0,9)` fits on no 8 x 8 board (`N` does); the Buffalo, whose only
// move `(1,8)` fits on none, can never move; zone `centre` named by no rule; the Buffalo and the
// Dragon in no start position, hand or promotion.
warning_case!(unused_parts, 5);

/// Every file in tests/bad/ has a test above, so no case is silently skipped.
#[test]
fn every_bad_file_is_a_case() {
    let known = [
        "syntax_error",
        "unknown_piece_in_promotion",
        "zone_off_board",
        "promotion_to_undefined_piece",
        "duplicate_symbol",
        "too_many_types",
        "several_errors",
        "bad_betza",
        "missing_setup",
        "bad_setup_piece",
        "bad_setup_width",
        "unknown_zone_in_moves",
        "board_too_large",
        "unknown_parent",
        "duplicate_statements",
        "overlapping_rules",
        "reversed_range",
        "bad_rows",
        "bad_walls",
        "bad_gating",
        "bad_in_place",
        "bad_lion_trading",
        "bad_capture_limit",
        "bad_protected_only",
        "bad_mating_drops",
        "bad_royal_order",
        "misspelt_statement",
        "hyphenated_phrase",
    ];
    let dir = format!("{}/tests/bad", env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/bad exists")
        .filter_map(|e| {
            let p = e.ok()?.path();
            if p.extension()? != "varia" {
                return None;
            }
            Some(p.file_stem()?.to_string_lossy().into_owned())
        })
        .collect();
    found.sort();
    let mut known: Vec<String> = known.iter().map(|s| s.to_string()).collect();
    known.sort();
    assert_eq!(found, known);
}

/// The several-errors case reports each problem where it is written, in file order.
#[test]
fn several_errors_point_at_each_mistake() {
    let source = read_case("several_errors");
    let diags = diagnostics("several_errors", &source);
    let texts: Vec<&str> = diags
        .iter()
        .map(|d| &source[d.span.start..d.span.end])
        .collect();
    assert_eq!(
        texts,
        ["Y", "pawn-starts", "Knigt", "B", "Rok", "rank 9"],
        "{diags:#?}"
    );
}

/// The secondary label of a duplicate points at the first statement, by line and column.
#[test]
fn a_duplicate_points_at_both_places() {
    let source = read_case("duplicate_statements");
    let diags = diagnostics("duplicate_statements", &source);
    let board = diags
        .iter()
        .find(|d| d.message == "`board` is given twice")
        .expect("the board is reported");
    assert_eq!(&source[board.span.start..board.span.end], "board 8 x 9");
    assert_eq!(board.labels.len(), 1);
    let (first, note) = &board.labels[0];
    assert_eq!(&source[first.start..first.end], "board 8 x 8");
    assert_eq!(note, "first given here");
}

/// Runs the command-line tool.
fn varia(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("varia runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `varia check` prints warnings to stderr and exits 0; `--json` lists them instead.
#[test]
fn check_reports_warnings_and_succeeds() {
    let path = "tests/warn/dead_rules.varia";
    let (code, out, err) = varia(&["check", path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("{path}: ok (9 warnings), 1 variant(s): chess\n")
    );
    assert_eq!(err.matches("warning: ").count(), 9, "{err}");
    assert!(err.contains("warning: `royalty alone` never applies: no piece is royal"));
    let (code, out, err) = varia(&["check", "--json", path]);
    assert_eq!((code, err.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["variants"], serde_json::json!(["chess"]));
    let w = v["warnings"].as_array().expect("a warnings array");
    assert_eq!(w.len(), 9);
    assert_eq!(
        w[6],
        serde_json::json!({
            "line": 40,
            "column": 1,
            "message": "`royalty alone` never applies: no piece is royal"
        })
    );
    // A clean file has an empty list, and other commands stay quiet about warnings.
    let (code, out, _) = varia(&["check", "--json", "definitions/classic/chess.varia"]);
    assert_eq!(code, 0);
    assert_eq!(out, "{\"variants\":[\"chess\"],\"warnings\":[]}\n");
    let (code, _, err) = varia(&["perft", path, "--depth", "1"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

/// `--deny-warnings` fails a check that has warnings (exit 1, the warnings and why on stderr, no
/// `ok` line) and passes a clean one.
#[test]
fn deny_warnings_fails_a_check_with_warnings() {
    let path = "tests/warn/unused_parts.varia";
    let (code, out, err) = varia(&["check", "--deny-warnings", path]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert_eq!(err.matches("warning: ").count(), 5, "{err}");
    assert!(
        err.contains(&format!(
            "error: {path}: 5 warning(s), denied by --deny-warnings"
        )),
        "{err}"
    );
    let (code, out, _) = varia(&[
        "check",
        "--deny-warnings",
        "definitions/classic/chess.varia",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "definitions/classic/chess.varia: ok, 1 variant(s): chess\n"
    );
}

/// With errors, `check` shows the warnings too, and fails.
#[test]
fn check_with_errors_shows_warnings_too() {
    // Warnings come from the variants that compile: the main game here.
    let source = read_warning_case("dead_rules") + "variant bad\nboard 8 x 8\nboard 8 x 8\n";
    let Err(varia::LoadError::Definition(d)) = varia::check_all(&source) else {
        panic!("the duplicate board is an error");
    };
    assert_eq!(d.iter().filter(|d| d.is_error()).count(), 1);
    assert_eq!(d.iter().filter(|d| !d.is_error()).count(), 9);
    assert!(d.windows(2).all(|w| w[0].span <= w[1].span));
    // `check` alone gives the errors only.
    let Err(e) = varia::check(&source) else {
        panic!("the duplicate board is an error");
    };
    assert_eq!(e.diagnostics().len(), 1);
}

/// `check` compiles every variant, so the duplicates and contradictions of variant blocks are
/// reported too.
#[test]
fn check_reports_the_duplicates_of_variants() {
    let source = read_case("duplicate_statements");
    let Err(e) = varia::check(&source) else {
        panic!("duplicates are errors")
    };
    assert_eq!(e.diagnostics().len(), 16);
    let last = e.diagnostics().last().unwrap();
    assert_eq!(last.message, "`move limit` is given twice");
    assert_eq!(&source[last.span.start..last.span.end], "move limit 30");
    let source = read_case("overlapping_rules");
    let Err(e) = varia::check(&source) else {
        panic!("contradictions are errors")
    };
    let last = e.diagnostics().last().unwrap();
    assert_eq!(
        last.message,
        "this extinction rule loses where an earlier one with the same condition draws"
    );
    assert_eq!(e.diagnostics().len(), 5);
}

/// Each diagnostic of a definition as `line:col message` and the text it points at.
fn placed(source: &str) -> Vec<String> {
    let Err(e) = varia::check(source) else {
        panic!("the definition compiled")
    };
    e.diagnostics()
        .iter()
        .map(|d| {
            let (l, c) = line_col(source, d.span.start);
            format!(
                "{l}:{c} {} [{}]",
                d.message,
                &source[d.span.start..d.span.end]
            )
        })
        .collect()
}

const SMALL: &str = "game small
board 4 x 4
player white north
player black south
zone far = rank 4
piece King K
  royal
  moves K
";

/// Two independent mistakes, one that lowering finds (a zone that does not exist) and one that
/// only the rule set's checks find (a `+X` type a hand would hold): both are reported, each at
/// its statement. Before, lowering's error hid the other until it was fixed.
#[test]
fn two_independent_errors_are_both_reported() {
    let src = format!(
        "{SMALL}piece Alpha +A\n  moves W\n  confined to nowhere\n\
         captures go to hand\nsetup k3/4/4/+A2K[] w - - 0 1\n"
    );
    assert_eq!(
        placed(&src),
        [
            "9:7 a captured `+A` would go to hand as `+A` (no single unpromoted type promotes to it, directly or through `+X` types), and a hand cannot hold a `+X` type [Alpha]",
            "11:15 unknown zone `nowhere` [nowhere]",
        ]
    );
    // Two faults of the same pass (two pieces a hand cannot hold) are both reported too.
    let src = format!(
        "{SMALL}piece Alpha +A\n  moves W\npiece Beta +B\n  moves W\n\
         captures go to hand\nsetup k3/4/4/+A+BK1[] w - - 0 1\n"
    );
    let found = placed(&src);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("9:7 a captured `+A`"), "{found:?}");
    assert!(found[1].starts_with("11:7 a captured `+B`"), "{found:?}");
}

/// A setup error points at the rank it names, through the map lowering keeps of the setup's
/// ranks: a run of empty cells with a leading zero is shown at its rank (it was the whole setup).
#[test]
fn a_bad_run_points_at_its_rank() {
    let src = format!("{SMALL}setup k3/4/04/3K w - - 0 1\n");
    assert_eq!(
        placed(&src),
        ["9:12 bad setup: rank 2: `04` is not a count of empty cells on this board [04]"]
    );
}

/// A validation fault lowering used to check a second time is now checked once, in the rule
/// set's passes, and still placed at the statement: two castling statements of one king to
/// different files.
#[test]
fn castling_to_different_files_is_placed_at_the_second_statement() {
    let src = format!(
        "{SMALL}piece Rook R\n  moves R\npiece Guard G\n  moves K\ncastling King with Rook\n\
         castling King with Guard to c b\nsetup k3/4/4/R1GK w - - 0 1\n"
    );
    let found = placed(&src);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("14:29 `King` castles to different files with different partners"),
        "{found:?}"
    );
}

/// The source map a definition compiles with: a path without a place of its own falls back to
/// its longest recorded prefix.
#[test]
fn the_source_map_falls_back_to_the_longest_prefix() {
    let src = format!(
        "{SMALL}piece Pawn P\n  moves fW\n  promotes to King when entering far\nsetup k3/4/4/P2K w - - 0 1\n"
    );
    let map = varia::source_map(&src, None).unwrap();
    let text = |path: &str| map.get(path).map(|s| &src[s.start..s.end]);
    assert_eq!(text("pieces[1].promotions[0].to[0]"), Some("King"));
    assert_eq!(
        text("pieces[1].promotions[0].swap"),
        Some("promotes to King when entering far")
    );
    assert_eq!(text("pieces[1].moves[0]"), Some("fW"));
    assert_eq!(text("pieces[1].confined_to"), Some("Pawn"));
    assert_eq!(text("board.files"), Some("4"));
    assert_eq!(text("setup.ranks[4]"), Some("k3"));
    assert_eq!(text("no_such_field"), None);
}

/// Every entry of every list of mechanics, in every shipped variant, has a place of its own in
/// its source map: the statement it came from (the names lowering records statements under and
/// the names the entries are found by come from one place, the entry's arm).
#[test]
fn every_shipped_mechanics_entry_has_a_place() {
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("definitions")];
    while let Some(dir) = dirs.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "varia") {
                files.push(p);
            }
        }
    }
    let mut entries = 0;
    for file in files {
        let src = std::fs::read_to_string(&file).unwrap();
        for v in varia::variant_names(&src).unwrap() {
            let rules = varia::compile(&src, Some(&v)).unwrap();
            let map = varia::source_map(&src, Some(&v)).unwrap();
            for (path, name) in rules.entry_names() {
                if path.contains('.') {
                    continue;
                }
                let recorded = map.iter().any(|(p, _)| p == path);
                assert!(
                    recorded,
                    "{} {v}: {path} ({name}) has no place",
                    file.display()
                );
                entries += 1;
            }
        }
    }
    assert!(entries > 100, "{entries} entries");
}

/// The line of the caret under a source line in codespan's layout, as (column of the first `^`,
/// number of `^`), columns counted after the gutter.
fn caret_under(text: &str, source_line: &str) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.ends_with(source_line))
        .unwrap_or_else(|| panic!("no line ending `{source_line}` in:\n{text}"));
    let gutter = lines[at].len() - source_line.len();
    let carets = &lines[at + 1][gutter..];
    let first = carets.find('^').expect("a caret");
    (
        first,
        carets[first..].chars().take_while(|&c| c == '^').count(),
    )
}

/// Control characters of a definition (ESC, CR, C1) reach the terminal escaped as Rust writes
/// them, in the source line and the message, with the caret still under the place and the
/// column still counted in the file.
#[test]
fn control_characters_are_shown_escaped() {
    let source = "game g\nboard 8 x 8 # \x1b[2J\r\u{9b}here\n";
    let start = source.find("\x1b[2J").unwrap();
    let diag = Diagnostic::error(
        varia::Span {
            start,
            end: start + 4,
        },
        "bad `\x1b[2J`",
    )
    .with_label(
        varia::Span {
            start: start + 5,
            end: source.find('\n').unwrap() + 1 + "board 8 x 8 # \x1b[2J\r\u{9b}here".len(),
        },
        "and \r here",
    );
    let text = varia::render_diagnostics("g.varia", source, &[diag]);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(text.contains("error: bad `\\u{1b}[2J`"), "{text}");
    assert!(text.contains("g.varia:2:15"), "{text}");
    let shown = "board 8 x 8 # \\u{1b}[2J\\r\\u{9b}here";
    assert_eq!(
        caret_under(&text, shown),
        (14, "\\u{1b}[2J".len()),
        "{text}"
    );
    // The label's dashes start under the escaped C1 character, and its note is escaped too.
    assert!(text.contains("and \\r here"), "{text}");
    let dashes = text.lines().find(|l| l.contains("and \\r here")).unwrap();
    let gutter = text.lines().find(|l| l.ends_with(shown)).unwrap().len() - shown.len();
    assert_eq!(dashes[gutter..].find('-'), shown.find("\\u{9b}"), "{text}");
    // A CR that ends a line (a CRLF file) is not shown at all.
    let crlf = "game g\r\nboard 8 x 99\r\n";
    let at = crlf.find("99").unwrap();
    let diag = Diagnostic::error(
        varia::Span {
            start: at,
            end: at + 2,
        },
        "too big",
    );
    let text = varia::render_diagnostics("g.varia", crlf, &[diag]);
    assert!(!text.contains("\\r") && !text.contains('\r'), "{text:?}");
    assert_eq!(caret_under(&text, "board 8 x 99"), (10, 2), "{text}");
    // A line too long to show whole is escaped in its window too.
    let long = format!("game g\nboard 8 x 8 {}\x1b]0;title\x07\n", "#".repeat(300));
    let at = long.find('\x1b').unwrap();
    let diag = Diagnostic::error(
        varia::Span {
            start: at,
            end: at + 1,
        },
        "here",
    );
    let text = varia::render_diagnostics("g.varia", &long, &[diag]);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(text.contains("\\u{1b}]0;title\\u{7}"), "{text}");
    assert!(
        text.contains(&format!("g.varia:2:{}", 12 + 300 + 1)),
        "{text}"
    );
    let line = text.lines().find(|l| l.ends_with("title\\u{7}")).unwrap();
    let carets = text.lines().find(|l| l.ends_with("^^^^^^")).unwrap();
    let column = |l: &str, i: usize| l[..i].chars().count();
    assert_eq!(
        column(carets, carets.find('^').unwrap()),
        column(line, line.find("\\u{1b}").unwrap()),
        "{text}"
    );
}

/// `varia check` on a file with an ESC and a CR in a line it shows: nothing raw reaches stderr.
#[test]
fn check_escapes_the_source_line() {
    let path = std::env::temp_dir().join(format!("varia-esc-{}.varia", std::process::id()));
    let source = "game chess \"Chess\"\nboard 8 x 8\nplayer white north\nplayer black south\n\
                  # \x1b[31m red \rcomment\npiece King K\n  royal\n  moves K\n";
    std::fs::write(&path, source).unwrap();
    let (code, _, err) = varia(&["check", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{err}");
    assert!(!err.contains('\x1b') && !err.contains('\r'), "{err:?}");
    let shown = "# \\u{1b}[31m red \\rcomment";
    assert!(err.contains(":5:14"), "{err}");
    assert_eq!(
        caret_under(&err, shown).0,
        shown.find("comment").unwrap(),
        "{err}"
    );
}
