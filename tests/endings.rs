//! Scenario tests of the ending rules, each on a position where the rule decides. Expected
//! results are Fairy-Stockfish's (checked with pyffish when the tests were written).
//!
//! The cases that need no Rust (a position, moves, the expected answer) are data in
//! `tests/scenarios/endings.scn`; what stays here needs the API beyond them.

// ---------------------------------------------------------------------------------------------
// bad input

#[test]
fn endings_naming_unknown_things_are_refused_at_their_line() {
    let base = "game g\nboard 4 x 4\nplayer white north\nplayer black south\nzone far = rank 4\npiece King K\n  royal\n  moves K\nsetup k3/4/4/3K w - - 0 1\n";
    for (line, needle) in [
        ("goal Queen in far", "unknown piece `Queen`"),
        ("goal King in nowhere", "unknown zone `nowhere`"),
        ("extinction of Rook loses", "unknown piece `Rook`"),
        ("draws count for red", "unknown player `red`"),
        ("repetition 1 draws", "repetition count must be 2..99"),
        ("0 checks win", "check limit must be 1..99"),
        ("counting bare 10: 1 Queen 4", "unknown piece `Queen`"),
    ] {
        let src = format!("{base}{line}\n");
        let Err(e) = varia::load_str(&src, None) else {
            panic!("{line}: accepted");
        };
        let text = varia::render_diagnostics("g.varia", &src, e.diagnostics());
        assert!(text.contains(needle), "{line}: {text}");
        assert!(
            text.contains("g.varia:10:"),
            "{line}: not at line 10: {text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// moves back and forth

#[test]
fn the_python_stub_names_every_ending_rule() {
    // python/varia/__init__.pyi types `Status.reason` as a Literal of the rule names; a rule added
    // to the engine must be added there too.
    let stub = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/python/varia/__init__.pyi"
    ))
    .unwrap();
    let start = stub.find("def reason(").unwrap();
    let literal = &stub[start..start + stub[start..].find("\"\"\"").unwrap()];
    let listed = literal.matches('"').count() / 2;
    for r in varia::Reason::ALL {
        assert!(
            literal.contains(&format!("\"{}\"", r.name())),
            "{} missing from python/varia/__init__.pyi",
            r.name()
        );
    }
    assert_eq!(listed, varia::Reason::ALL.len(), "{literal}");
}
