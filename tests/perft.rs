//! Data-driven perft: every `tests/perft/<game>.perft` file against definitions/classic/<game>.varia,
//! or against the definition and variant its `definition PATH` and `variant NAME` lines name (they
//! apply to the lines after them). Lines whose node count exceeds the limit (and lines marked
//! `deep`) run only in the ignored test.

use std::path::Path;

struct Case {
    file: String,
    /// The definition, relative to the crate root, and the variant (`None`: the main one).
    definition: String,
    variant: Option<String>,
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
    deep: bool,
}

fn cases() -> Vec<(String, Vec<Case>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/perft exists")
        .map(|e| e.expect("readable dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let game = path.file_stem().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).expect("readable perft file");
            let (mut id, mut fen) = (String::new(), String::new());
            let mut definition = format!("definitions/classic/{game}.varia");
            let mut variant = None;
            let mut out = Vec::new();
            for line in text.lines().map(str::trim) {
                if let Some(rest) = line.strip_prefix("definition ") {
                    definition = rest.to_string();
                } else if let Some(rest) = line.strip_prefix("variant ") {
                    variant = Some(rest.to_string());
                } else if let Some(rest) = line.strip_prefix("id ") {
                    id = rest.to_string();
                } else if let Some(rest) = line.strip_prefix("epd ") {
                    fen = rest.to_string();
                } else if let Some(rest) = line.strip_prefix("perft ") {
                    let w: Vec<&str> = rest.split_whitespace().collect();
                    out.push(Case {
                        file: game.clone(),
                        definition: definition.clone(),
                        variant: variant.clone(),
                        id: id.clone(),
                        fen: fen.clone(),
                        depth: w[0].parse().expect("depth"),
                        nodes: w[1].parse().expect("nodes"),
                        deep: w.get(2) == Some(&"deep"),
                    });
                }
            }
            (game, out)
        })
        .collect()
}

fn run(select: impl Fn(&Case) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for (_, cases) in cases() {
        for c in cases.iter().filter(|c| select(c)) {
            let g = game(c);
            let pos = g.parse_fen(&c.fen).expect("perft FEN parses");
            let n = g.perft(&pos, c.depth).unwrap();
            ran += 1;
            if n != c.nodes {
                failures.push(format!(
                    "{} {} depth {}: expected {}, got {}",
                    c.file, c.id, c.depth, c.nodes, n
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    ran
}

/// The game a case runs on.
fn game(c: &Case) -> varia::Game {
    let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), c.definition);
    let source = std::fs::read_to_string(&path).expect("definition exists");
    varia::load_str(&source, c.variant.as_deref())
        .unwrap_or_else(|e| panic!("{} {:?}: {e}", c.definition, c.variant))
}

/// The node limit of the default run: a few seconds in release builds.
fn limit() -> u64 {
    if cfg!(debug_assertions) {
        200_000
    } else {
        5_000_000
    }
}

#[test]
fn perft_within_limit() {
    let ran = run(|c| !c.deep && c.nodes <= limit());
    assert!(ran >= 20, "only {ran} perft lines ran");
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn perft_deep() {
    run(|c| c.deep || c.nodes > limit());
}

/// Every line of the shared reference appears in the perft files.
#[test]
fn perft_files_cover_reference() {
    let reference = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/perft.tsv");
    let Ok(text) = std::fs::read_to_string(&reference) else {
        eprintln!("no {}: coverage not checked", reference.display());
        return;
    };
    let all = cases();
    let mut missing = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (game, fen, depth, nodes) = (
            f[0],
            f[1],
            f[2].parse::<u32>().unwrap(),
            f[3].parse::<u64>().unwrap(),
        );
        let found = all
            .iter()
            .filter(|(g, _)| g == game)
            .flat_map(|(_, c)| c)
            .any(|c| {
                (c.fen == fen || (fen == "startpos" && c.id.ends_with("-start")))
                    && c.depth == depth
                    && c.nodes == nodes
            });
        if !found {
            missing.push(line.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "reference lines missing from tests/perft:\n{}",
        missing.join("\n")
    );
}

/// The start positions in the perft files are the definitions' own setups.
#[test]
fn perft_start_positions_match_setups() {
    for (game, cases) in cases() {
        for c in cases.iter().filter(|c| c.id.ends_with("-start")) {
            let g = self::game(c);
            assert_eq!(c.fen, g.fen(&g.start()), "{game} {}", c.id);
        }
    }
}

/// Counting the last ply's moves (perft 1: whole sets counted at once, promotions counted by
/// rule, only suspect moves tested) agrees with listing them, in random games of every shipped
/// definition and variant.
#[test]
fn counting_moves_equals_listing_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let mut files = Vec::new();
    for dir in [
        root.clone(),
        root.join("classic"),
        root.join("fsf"),
        root.join("sjaak"),
    ] {
        for e in std::fs::read_dir(&dir).expect("definitions folder") {
            let path = e.expect("readable dir entry").path();
            if path.extension().is_some_and(|x| x == "varia") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let (mut checked, mut problems) = (0, Vec::new());
    for path in &files {
        let source = std::fs::read_to_string(path).expect("readable definition");
        for variant in varia::variant_names(&source).expect("a valid definition") {
            let g = varia::load_str(&source, Some(&variant)).expect("a valid variant");
            for _ in 0..3 {
                let mut pos = g.start();
                for _ in 0..60 {
                    let moves = g.legal_moves(&pos);
                    let counted = g.perft(&pos, 1).expect("depth 1");
                    checked += 1;
                    if counted != moves.len() as u64 {
                        problems.push(format!(
                            "{} ({variant}) {}: perft 1 counts {counted}, {} moves listed",
                            path.display(),
                            g.fen(&pos),
                            moves.len()
                        ));
                    }
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    g.play_unchecked(&mut pos, &moves[(seed % moves.len() as u64) as usize]);
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
