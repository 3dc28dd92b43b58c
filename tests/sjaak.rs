//! The definitions under definitions/sjaak/ against Sjaak II: perft after seeded random games,
//! recorded by scripts/sjaak_fixtures.py from Sjaak II 1.4 (Debian's `sjaakii`).

mod common;

use std::path::Path;

#[test]
fn sjaak_definitions_count_as_sjaak_ii() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(root.join("definitions/sjaak"))
        .expect("definitions/sjaak")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "varia").then(|| p.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    assert!(!names.is_empty());
    let mut problems = Vec::new();
    for name in &names {
        let fixture = root.join(format!("tests/fixtures/sjaak/{name}.tsv"));
        let text = std::fs::read_to_string(&fixture)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.display()));
        let mut rows = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let f: Vec<&str> = line.split('\t').collect();
            let (variant, moves, depth, want) = (f[0], f[1], f[2], f[3]);
            let game = common::load(&format!("definitions/sjaak/{name}.varia"), Some(variant));
            let mut pos = game.start();
            for m in moves.split_whitespace() {
                let mv = game
                    .parse_move(&pos, m)
                    .unwrap_or_else(|e| panic!("{name} {variant}: {m}: {e}"));
                pos = game.make(&pos, &mv);
            }
            let got = game.perft(&pos, depth.parse().unwrap()).unwrap();
            if got.to_string() != want {
                problems.push(format!(
                    "{name} {variant} after `{moves}`: varia {got}, Sjaak II {want}"
                ));
            }
            rows += 1;
        }
        assert!(rows >= 50, "{name}: only {rows} positions");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
