//! Scenario tests as data: every `tests/scenarios/*.scn` file is parsed and run through the
//! public API (the format is described in `tests/scenarios/README.md`). A failure names the
//! file and line and shows what was expected and what came.

#[path = "scenarios/format.rs"]
mod format;

use std::path::Path;

fn scenario_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "scn"))
        .collect();
    files.sort();
    files
}

fn run_text(name: &str, text: &str) -> Result<Vec<String>, String> {
    let file = format::parse(name, text)?;
    Ok(format::run(&file))
}

#[test]
fn every_scenario_file_passes() {
    let files = scenario_files();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    let mut cases = 0;
    for path in &files {
        let name = format!(
            "tests/scenarios/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let text = std::fs::read_to_string(path).unwrap();
        match format::parse(&name, &text) {
            Ok(file) => {
                cases += file.cases.len();
                for c in &file.cases {
                    if c.steps.is_empty() {
                        failures.push(format!("{name}:{}: case {}: no steps", c.line, c.name));
                    }
                }
                failures.extend(format::run(&file));
            }
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} scenario failure(s) in {cases} cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn case_names_are_unique_within_a_file() {
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = format::parse(&path.display().to_string(), &text).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for c in &file.cases {
            assert!(
                seen.insert(&c.name),
                "{}: case {} twice",
                path.display(),
                c.name
            );
        }
    }
}

#[test]
fn the_readme_example_passes() {
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/README.md"),
    )
    .unwrap();
    let example = readme.split("```\n").nth(1).unwrap();
    let file = format::parse("README.md", example).unwrap();
    assert_eq!(file.cases.len(), 1);
    assert_eq!(format::run(&file), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// the runner itself: a wrong expectation fails, with file:line, expected and got

const CHESS: &str = "definition definitions/classic/chess.varia\n";

#[test]
fn a_wrong_move_list_fails_with_its_line_and_the_difference() {
    let text = format!(
        "{CHESS}\ncase wrong\nposition 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmoves from e1 = e1d1 e1d2 e1e2 e1f2 e1f3\n"
    );
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [
            "t.scn:5: case wrong: moves from e1\n    expected: e1d1 e1d2 e1e2 e1f2 e1f3\n    \
             got:      e1d1 e1d2 e1e2 e1f1 e1f2\n    missing:  e1f3\n    extra:    e1f1"
        ]
    );
}

#[test]
fn a_wrong_fen_status_or_count_fails_and_the_case_goes_on() {
    let text = format!(
        "{CHESS}case wrong\nposition start\nplay e2e4\nfen = x\nstatus = check\nmoves count = 3\nperft 1 = 20\n"
    );
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [
            "t.scn:5: case wrong: fen\n    expected: x\n    \
             got:      rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "t.scn:6: case wrong: status\n    expected: check\n    got:      ongoing",
            "t.scn:7: case wrong: moves count\n    expected: 3\n    got:      20",
        ]
    );
    let text = format!("{CHESS}case perft\nposition start\nperft 2 = 401\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        ["t.scn:4: case perft: perft 2\n    expected: 401\n    got:      400"]
    );
}

#[test]
fn a_right_case_passes() {
    let text = format!(
        "{CHESS}case right\nrules XX-01\nposition 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\nmoves = none\nstatus = checkmate, white wins\n\
         case stalemate\nposition 7k/8/6QK/8/8/8/8/8 b - - 0 1\nstatus = stalemate, draw\n"
    );
    let file = format::parse("t.scn", &text).unwrap();
    assert_eq!(file.cases[0].rules, ["XX-01"]);
    assert_eq!(format::run(&file), Vec::<String>::new());
}

#[test]
fn an_illegal_move_or_fen_fails_unless_an_error_line_claims_it() {
    let text = format!(
        "{CHESS}case illegal\nposition start\nplay e2e5\nfen = x\n\
         case claimed\nposition start\nplay e2e5\nerror = wrong text\n"
    );
    let got = run_text("t.scn", &text).unwrap();
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[0].starts_with("t.scn:4: case illegal: unexpected error: e2e5 in rnbqkbnr/"),
        "{got:?}"
    );
    assert!(
        got[1].starts_with(
            "t.scn:9: case claimed: error\n    expected: wrong text\n    got:      e2e5 in "
        ),
        "{got:?}"
    );
}

#[test]
fn diagnostics_are_compared_line_and_message() {
    let text =
        "case bad\nsource\n| game g\n| board 8 x 8\n| nonsense here\ndiagnostic 1 = nothing\n";
    let got = run_text("t.scn", text).unwrap();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with(
            "t.scn:6: case bad: diagnostic 1\n    expected: 1: nothing\n    got:      3: "
        ),
        "{got:?}"
    );
    // A definition that loads fails a diagnostic expectation.
    let text = format!("{CHESS}case good\ndiagnostic 1 = nothing\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [
            "t.scn:3: case good: diagnostic\n    expected: 1: nothing\n    got:      the definition loads"
        ]
    );
}

#[test]
fn warnings_are_compared_line_column_and_message() {
    let source = "source\n| game g\n| board 8 x 8\n| player white north\n| player black south\n\
                  | zone centre = d4-e5\n| piece King K\n|   moves K\n\
                  | setup 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    let warned = "zone `centre` is never used: no rule names it";
    // The right place and words pass; a wrong column fails.
    let text = format!("case w\n{source}warning 5:6 = {warned}\n");
    assert_eq!(run_text("t.scn", &text).unwrap(), Vec::<String>::new());
    let text = format!("case w\n{source}warning 5:7 = {warned}\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [format!(
            "t.scn:11: case w: warning 1\n    expected: 5:7: {warned}\n    got:      5:6: {warned}"
        )]
    );
    // `warnings = none` fails on a warning, and a warning not listed fails the case.
    let text = format!("case w\n{source}warnings = none\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [format!(
            "t.scn:11: case w: warnings\n    expected: none\n    got:      5:6: {warned}"
        )]
    );
    let text = format!("{CHESS}case c\nwarnings = none\n");
    assert_eq!(run_text("t.scn", &text).unwrap(), Vec::<String>::new());
    let text = format!("{CHESS}case c\nwarning 1:1 = nothing\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        ["t.scn:3: case c: warning 1\n    expected: 1:1: nothing\n    got:      no more warnings"]
    );
    let two = source.replace("| zone centre", "| zone edge = a1\n| zone centre");
    let text = format!("case w\n{two}warning 5:6 = zone `edge` is never used: no rule names it\n");
    assert_eq!(
        run_text("t.scn", &text).unwrap(),
        [format!(
            "t.scn:1: case w: more warnings than expected:\n    6:6: {warned}"
        )]
    );
}

#[test]
fn templates_expand_in_sources() {
    let text = "template T\n| game g\n| board 8 x 8\ncase c\nsource\n| {T}\n| player white north\n";
    let file = format::parse("t.scn", text).unwrap();
    assert_eq!(
        file.cases[0].steps,
        [(
            5,
            format::Step::Source("game g\nboard 8 x 8\nplayer white north\n".into())
        )]
    );
}

#[test]
fn a_bad_line_is_refused_with_its_line() {
    for (text, want) in [
        ("case a\nmovez = a", "t.scn:2: unknown word `movez`"),
        (
            "case a\nmoves form e1 = a",
            "t.scn:2: unknown expectation `moves form e1 = a`",
        ),
        (
            "| game g",
            "t.scn:1: a `|` line outside `source` or `template`",
        ),
        ("case a b", "t.scn:1: `case` takes one name"),
        ("case a\nsource\n| {X}", "t.scn:3: no template `X`"),
        (
            "case a\nperft 1 20",
            "t.scn:2: expected `perft DEPTH = COUNT`",
        ),
        (
            "case a\nwarning 3 = x",
            "t.scn:2: expected `warning LINE:COLUMN = MESSAGE`",
        ),
        (
            "case a\nwarnings = 2",
            "t.scn:2: expected `warnings = none`",
        ),
    ] {
        assert_eq!(format::parse("t.scn", text).unwrap_err(), want, "{text}");
    }
}
