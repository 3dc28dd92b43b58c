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

/// Every file in tests/bad/ has a test above, so no case is silently skipped.
#[test]
fn every_bad_file_is_a_case() {
    let known = [
        "syntax_error",
        "unknown_piece_in_promotion",
        "zone_off_board",
        "promotion_to_undefined_piece",
        "duplicate_symbol",
        "several_errors",
        "bad_betza",
        "missing_setup",
        "bad_setup_piece",
        "bad_setup_width",
        "unknown_zone_in_moves",
        "board_too_large",
        "unknown_parent",
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
