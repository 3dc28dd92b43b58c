//! The language itself: the README's example, inheritance, zones, Betza.

mod common;
use common::*;

#[test]
fn readme_example_is_the_shipped_example_and_plays() {
    let readme =
        std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let example = std::fs::read_to_string(format!(
        "{}/examples/demo.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let indented: String = example
        .lines()
        .map(|l| {
            if l.is_empty() {
                "\n".to_string()
            } else {
                format!("    {l}\n")
            }
        })
        .collect();
    assert!(
        readme.contains(&indented),
        "README's example differs from examples/demo.varia"
    );
    let g = load("examples/demo.varia", None);
    // Four knights over the pawns, five single pawn steps and five double steps.
    assert_eq!(
        moves(&g, &g.fen(&g.start())),
        strs(&[
            "a1b3", "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d1c3", "d1e3",
            "d2d3", "d2d4", "e1d3", "e2e3", "e2e4"
        ])
    );
    let c = load("examples/demo.varia", Some("crowded"));
    assert_eq!(c.rules().variant, "crowded");
    assert_eq!(
        moves(&c, &c.fen(&c.start())),
        strs(&[
            "a3b4", "b3a4", "b3c4", "c3b4", "c3d4", "d3c4", "d3e4", "e3d4"
        ])
    );
}

fn compile(src: &str, variant: Option<&str>) -> varia::Game {
    varia::load_str(src, variant).unwrap_or_else(|e| panic!("{e}"))
}

const BASE: &str = "game t
board 5 x 5
player white north
player black south
zone far = rank 5
zone corner = a1
piece King K
  royal
  moves K
piece Leaper L
  value 3
  moves ffN
  promotes to King when entering far, optional
setup k4/5/5/5/L3K w - - 0 1
";

#[test]
fn subvariant_amends_an_inherited_piece_and_keeps_the_rest() {
    let src = format!(
        "{BASE}\nvariant wide\npiece Leaper\n  moves fsN\nvariant wider extends wide\nsetup k4/5/5/5/1L2K w - - 0 1\n"
    );
    let g = compile(&src, None);
    assert_eq!(
        moves_from(&g, "k4/5/5/5/L3K w - - 0 1", "a1"),
        strs(&["a1b3"])
    );
    let w = compile(&src, Some("wide"));
    assert_eq!(
        moves_from(&w, "k4/5/5/5/L3K w - - 0 1", "a1"),
        strs(&["a1c2"])
    );
    // The amendment kept the promotion; the grandchild inherits the amendment.
    assert_eq!(w.rules().pieces[1].promotions.len(), 1);
    let ww = compile(&src, Some("wider"));
    assert_eq!(moves_from(&ww, &ww.fen(&ww.start()), "b1"), strs(&["b1d2"]));
    let names = varia::variant_names(&src).unwrap();
    assert_eq!(names, ["t", "wide", "wider"]);
}

#[test]
fn zones_mirror_for_the_second_player() {
    let g = compile(BASE, None);
    let z = &g.rules().zones;
    assert_eq!(z[0].cells[0], [20, 21, 22, 23, 24].map(varia::rules::Cell));
    assert_eq!(z[0].cells[1], [0, 1, 2, 3, 4].map(varia::rules::Cell));
    // a1 rotated 180 degrees is e5.
    assert_eq!(z[1].cells[1], [24].map(varia::rules::Cell));
}

#[test]
fn betza_directions() {
    let vectors = |betza: &str| -> Vec<(i8, i8)> {
        let src = BASE.replace("moves ffN", &format!("moves {betza}"));
        let g = compile(&src, None);
        let mut v: Vec<(i8, i8)> = g.rules().pieces[1]
            .moves
            .iter()
            .flat_map(|m| m.vectors.clone())
            .collect();
        v.sort();
        v
    };
    assert_eq!(vectors("ffN"), vec![(-1, 2), (1, 2)]);
    assert_eq!(vectors("fsN"), vec![(-2, 1), (2, 1)]);
    assert_eq!(vectors("fN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
    assert_eq!(vectors("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
    assert_eq!(vectors("flF"), vec![(-1, 1)]);
    assert_eq!(vectors("vW"), vec![(0, -1), (0, 1)]);
    assert_eq!(
        vectors("FfW"),
        vec![(-1, -1), (-1, 1), (0, 1), (1, -1), (1, 1)]
    );
    assert_eq!(vectors("(3,1)").len(), 8);
    let ranges = |betza: &str| -> Vec<u8> {
        let src = BASE.replace("moves ffN", &format!("moves {betza}"));
        compile(&src, None).rules().pieces[1]
            .moves
            .iter()
            .map(|m| m.range)
            .collect()
    };
    assert_eq!(ranges("NN"), vec![0]);
    assert_eq!(ranges("R4"), vec![4]);
    assert_eq!(ranges("N*"), vec![0]);
    assert_eq!(ranges("WN"), vec![1, 1]);
}

#[test]
fn stepping_paths_go_straight_first() {
    let src = BASE.replace("moves ffN", "moves n(3,1)");
    let g = compile(&src, None);
    let m = &g.rules().pieces[1].moves[0];
    let i = m.vectors.iter().position(|&v| v == (3, 1)).unwrap();
    assert_eq!(m.paths[i], vec![(1, 0), (2, 0)]);
}

#[test]
fn options_combine_into_named_variants_and_variants_extend_them() {
    let src = "game t
board 5 x 5
player white north
player black south
piece King K
  royal
  moves K
piece Man M
  moves W
setup k4/5/5/5/K4 w - - 0 1
option size big
board 6 x 6
setup k5/6/6/6/6/K5 w - - 0 1
option men many
piece Man
  moves K
variant crowded extends big-many
setup k5/6/6/6/6/KM4 w - - 0 1
";
    let names = varia::variant_names(src).unwrap();
    // Single-value groups are optional: without any, the main game keeps the game's name.
    assert_eq!(names, ["t", "many", "big", "big-many", "crowded"]);
    let g = compile(src, Some("crowded"));
    assert_eq!(g.rules().board.files, 6);
    // The Man moves as a King in `many`: from b1 to a2, b2, c2, c1 (a1 is the King's).
    assert_eq!(
        moves_from(&g, "k5/6/6/6/6/KM4 w - - 0 1", "b1"),
        strs(&["b1a2", "b1b2", "b1c1", "b1c2"])
    );
    let plain = compile(src, None);
    assert_eq!(plain.rules().board.files, 5);
    assert!(varia::compile(src, Some("big-few")).is_err());
}

/// The messages of a definition that must fail, as `(line, column, message)`.
fn errors(src: &str) -> Vec<(usize, usize, String)> {
    let Err(e) = varia::check(src) else {
        panic!("the definition compiled")
    };
    e.diagnostics()
        .iter()
        .map(|d| {
            let before = &src[..d.span.start];
            let line = before.matches('\n').count() + 1;
            let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            (line, col, d.message.clone())
        })
        .collect()
}

#[test]
fn file_ranges_and_single_files_are_regions() {
    let src = BASE.replace("zone corner = a1", "zone corner = files a-b, file e");
    let g = compile(&src, None);
    // Files a, b and e of ranks 1..5 for the first player: 15 cells.
    assert_eq!(g.rules().zones[1].cells[0].len(), 15);
    assert_eq!(
        g.rules().zones[1].cells[0][..3],
        [0, 1, 4].map(varia::rules::Cell)
    );
}

#[test]
fn a_misspelt_file_range_says_what_is_expected() {
    let src = BASE.replace("zone corner = a1", "zone corner = files cd");
    assert_eq!(
        errors(&src),
        [(6, 21, "expected a file letter, found `cd`".to_string())]
    );
    let src = BASE.replace("zone corner = a1", "zone corner = files e-a, ranks 3-2");
    assert_eq!(
        errors(&src),
        [
            (
                6,
                15,
                "files e-a run backwards: write the lower file first (`files a-e`)".to_string()
            ),
            (
                6,
                26,
                "ranks 3-2 run backwards: write the lower rank first (`ranks 2-3`)".to_string()
            )
        ]
    );
}

#[test]
fn a_file_past_the_size_limit_is_refused_where_the_limit_is_passed() {
    // Blank lines (the case that once ran out of memory), past 1 MiB.
    let mut src = BASE.to_string();
    src.push_str(&"\n".repeat(varia::MAX_SOURCE_BYTES + 1 - src.len()));
    let line = src[..varia::MAX_SOURCE_BYTES].matches('\n').count() + 1;
    assert_eq!(
        errors(&src),
        [(
            line,
            1,
            format!(
                "the file has {} bytes; at most 1048576 (1 MiB) are allowed",
                varia::MAX_SOURCE_BYTES + 1
            )
        )]
    );
    // Rendering the error reads only the text up to it.
    let e = varia::check(&src).unwrap_err();
    let text = varia::render_diagnostics("big.varia", &src, e.diagnostics());
    assert!(text.contains(&format!("big.varia:{line}:1")), "{text}");
    // One byte less loads.
    src.pop();
    compile(&src, None);
}

#[test]
fn a_line_past_the_length_limit_is_refused() {
    let long = format!("# {}", "x".repeat(varia::MAX_LINE_BYTES - 2));
    assert_eq!(long.len(), varia::MAX_LINE_BYTES);
    compile(&format!("{BASE}{long}\n"), None);
    let src = format!("{BASE}{long}y\n");
    assert_eq!(
        errors(&src),
        [(
            15,
            4097,
            "this line has 4097 bytes; at most 4096 are allowed".to_string()
        )]
    );
}

#[test]
fn a_file_past_the_statement_limit_is_refused() {
    // BASE has 14 statements, properties included; holes add one each.
    let base = BASE.replace("k4/5/5/5/L3K", "k4/5/2*2/5/L3K");
    let fill = |n: usize| format!("{base}{}", "holes c3\n".repeat(n));
    compile(&fill(varia::MAX_STATEMENTS - 14), None);
    assert_eq!(
        errors(&fill(varia::MAX_STATEMENTS - 13)),
        [(
            10001,
            1,
            "the file has 10001 statements (piece properties, `variant` and `option` lines \
             included); at most 10000 are allowed"
                .to_string()
        )]
    );
}

#[test]
fn a_rule_dead_in_one_combination_of_options_only_is_not_warned() {
    // `drops in` is dead without hands, but the `hand` option gives hands: no warning. The
    // `style` is dead in every combination: a warning; so is the zone `corner`, which no rule
    // names.
    let src = format!(
        "{}style step for King\noption hand yes\ncaptures go to hand\n",
        BASE.replace("  value 3\n", "  value 3\n  drops in far\n")
    );
    let checked = varia::check_all(&src).unwrap();
    assert_eq!(checked.variants, ["t", "yes"]);
    let warnings: Vec<&str> = checked
        .warnings
        .iter()
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(
        warnings,
        [
            "zone `corner` is never used: no rule names it",
            "`style step` changes nothing for `King`: it has no single leap over more than one cell"
        ]
    );
    // Without the option, the drop rule is dead everywhere.
    let plain = src.replace("option hand yes\ncaptures go to hand\n", "");
    let warnings: Vec<String> = varia::check_all(&plain)
        .unwrap()
        .warnings
        .into_iter()
        .map(|w| w.message)
        .collect();
    assert_eq!(
        warnings,
        [
            "zone `corner` is never used: no rule names it",
            "`drops in` never applies: no piece is ever dropped (the game has no hands)",
            "`style step` changes nothing for `King`: it has no single leap over more than one cell"
        ]
    );
}

#[test]
fn a_subvariant_restates_a_statement_but_one_block_may_not() {
    // Restating `setup` in a variant replaces it; twice in the variant is an error there.
    let src = format!("{BASE}variant v\nsetup 4k/5/5/5/K3L w - - 0 1\n");
    compile(&src, Some("v"));
    let src = format!("{src}setup 4k/5/5/5/K3L w - - 0 1\n");
    assert_eq!(
        errors(&src),
        [(17, 1, "`setup` is given twice".to_string())]
    );
    // `passing when stuck` replaces an inherited `passing allowed`.
    let src = format!("{BASE}passing allowed\nvariant v\npassing when stuck\n");
    let g = compile(&src, Some("v"));
    assert_eq!(g.rules().passing(), Some(true));
}

/// The bounds a rule set puts on values, names and titles, and its refusal of `+X` types in hand,
/// are reported at the statement at fault (they were reported at 1:1, from the rule set's own
/// validation).
#[test]
fn rule_set_bounds_are_reported_where_they_are_written() {
    let chess = std::fs::read_to_string(format!(
        "{}/definitions/classic/chess.varia",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let value = chess.replace("  value 9\n", "  value 5000\n");
    assert_eq!(
        errors(&value),
        vec![(16, 9, "a value is 0 to 1000 pawns, not 5000".to_string())]
    );
    let title = chess.replace("\"Chess\"", "\"Ch\u{1}ess\"");
    assert_eq!(
        errors(&title),
        vec![(
            3,
            12,
            "'\\u{1}' in a title (no control characters)".to_string()
        )]
    );
    let long_title = chess.replace("\"Chess\"", &format!("\"{}\"", "C".repeat(129)));
    assert_eq!(
        errors(&long_title),
        vec![(3, 12, "a title is at most 128 bytes, not 129".to_string())]
    );
    let name = format!("Q{}", "u".repeat(128));
    let long_name = chess.replace("piece Queen Q", &format!("piece {name} Q"));
    assert_eq!(
        errors(&long_name),
        vec![(
            15,
            7,
            "a name has at most 128 bytes; this one has 129".to_string()
        )]
    );
    let cyclic = "game cyc\nboard 5 x 5\nplayer white north\nplayer black south\n\
        zone camp = rank 5\npiece King K\n  royal\n  moves K\n\
        piece Alpha +A\n  moves W\n  promotes to Beta when ending in camp\n\
        piece Beta +B\n  moves W\n  promotes to Alpha when ending in camp\n\
        captures go to hand\ncheckmate loss\nstalemate loss\nsetup k4/5/5/+a4/K4[-] w 0 1\n";
    let e = errors(cyclic);
    // Both types a hand could not hold are reported, each at its piece.
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!((e[0].0, e[0].1), (9, 7), "{e:?}");
    assert_eq!((e[1].0, e[1].1), (12, 7), "{e:?}");
    assert!(
        e[0].2
            .starts_with("a captured `+A` would go to hand as `+A`"),
        "{e:?}"
    );
}

/// `board 10x8` reads as `board 10 x 8`; a fractional value is refused in words (values are
/// whole pawns), at the number.
#[test]
fn a_board_written_without_spaces_reads_and_a_fractional_value_is_refused_in_words() {
    for board in ["board 5x5", "board 5 x5", "board 5x 5"] {
        let src = BASE.replace("board 5 x 5", board);
        compile(&src, None);
    }
    let src = BASE.replace("  value 3\n", "  value 2.5\n");
    assert_eq!(
        errors(&src),
        [(
            11,
            9,
            "a value is a whole number of pawns (`value 4`, from 0), not `2.5`".to_string()
        )]
    );
}
