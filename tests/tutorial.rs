//! docs/tutorial.md and the README's example: every definition they show compiles, without a
//! warning, and plays as the page says.

use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// The tutorial's `varia` blocks, in order.
fn blocks() -> Vec<String> {
    read("docs/tutorial.md")
        .split("```varia\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap().to_string())
        .collect()
}

/// Compiles a definition shown in `docs/` (an `extends` in it is found from there): it must
/// give no error and no warning.
fn check(text: &str) -> varia::Checked {
    let at = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/step.varia");
    let checked = varia::check_all_at(text, &at).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(
        checked.warnings.is_empty(),
        "{:?}\n{text}",
        checked.warnings
    );
    checked
}

fn load(text: &str, variant: Option<&str>) -> varia::Game {
    let at = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/step.varia");
    varia::load_at(text, &at, variant).unwrap()
}

fn perft(g: &varia::Game, depth: u32) -> u64 {
    g.perft(&g.start(), depth).unwrap()
}

#[test]
fn every_tutorial_step_compiles_without_warnings() {
    let steps = blocks();
    assert_eq!(steps.len(), 6);
    for s in &steps {
        check(s);
    }
    // Step 1: the white king's five moves from d1.
    assert_eq!(perft(&load(&steps[0], None), 1), 5);
    // Step 5: two variants, the second with bishops.
    assert_eq!(check(&steps[4]).variants, ["six", "bishops"]);
    let bishops = load(&steps[4], Some("bishops"));
    assert!(bishops.rules().setup.starts_with("rbqkbr/"));
    // Step 4 adds the double step: more moves than step 3 from the start.
    assert!(perft(&load(&steps[3], None), 1) > perft(&load(&steps[2], None), 1));
}

/// Step 6 builds Nightrider chess on chess in five lines: it plays as the shipped definition.
#[test]
fn the_extends_step_plays_as_the_shipped_nightrider_chess() {
    let steps = blocks();
    let built = load(&steps[5], None);
    let shipped = varia::load_str(&read("definitions/fsf/nightrider.varia"), None).unwrap();
    for depth in 1..=3 {
        assert_eq!(
            perft(&built, depth),
            perft(&shipped, depth),
            "depth {depth}"
        );
    }
    assert!(steps[5].lines().filter(|l| !l.trim().is_empty()).count() <= 5);
}

/// The README's "A complete small example" compiles without a warning, and its pawns have the
/// double step and en passant.
#[test]
fn the_readme_example_is_complete() {
    let readme = read("README.md");
    let example: String = readme
        .split("### A complete small example\n")
        .nth(1)
        .unwrap()
        .split("\n### ")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("    ").or((l.is_empty()).then_some("")))
        .map(|l| format!("{l}\n"))
        .collect();
    let checked = check(&example);
    assert_eq!(checked.variants, ["demo", "crowded"]);
    let g = load(&example, None);
    let pawn = g.rules().piece_by_symbol("P").unwrap();
    assert!(g.rules().pieces[pawn.index()].can_be_taken_en_passant);
    // White's double step b2b4 passes b3, next to Black's pawn on c4, which takes en passant.
    let mut p = g.start();
    for m in ["a2a3", "c5c4", "b2b4"] {
        let mv = g.parse_move(&p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(&mut p, &mv).unwrap();
    }
    let moves: Vec<String> = g
        .legal_moves(&p)
        .iter()
        .map(|m| g.move_to_string(m))
        .collect();
    assert!(moves.contains(&"c4b3".to_string()), "{moves:?}");
}
