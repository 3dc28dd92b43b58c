//! The mechanics as lists (`RuleSet::effects` and the others, compiled into the engine's plan):
//! two mechanisms of one phase are two entries and combine in the engine's order whatever the
//! list's order, a kind listed twice is refused, and the rule-set format is checked.

mod common;

use common::after;
use varia::rules::*;
use varia::{Game, RuleSet};

/// Blasts and flipping neighbours in one game: a rook no blast removes, pawns that only their
/// own capture's blast removes, knights that every blast removes.
const BLAST_AND_FLIP: &str = "game blastflip
board 8 x 8
player white north
player black south
piece King K
  royal
  moves K
piece Rook R
  moves R
  survives blasts
piece Pawn P
  moves mfW
  survives nearby blasts
piece Knight N
  moves N
captures explode
neighbours flip
setup 7k/8/2n5/3pp3/8/8/8/3R3K w - - 0 1
";

fn game() -> Game {
    varia::load_str(BLAST_AND_FLIP, None).unwrap()
}

#[test]
fn blasts_and_flipping_neighbours_are_two_entries() {
    let g = game();
    assert_eq!(
        g.rules().effects,
        vec![
            Effect::Blast {
                spare_nearby: vec![PieceId(2)],
                spare_always: vec![PieceId(1)],
            },
            Effect::FlipNeighbours,
        ]
    );
}

#[test]
fn a_capture_blasts_then_flips_the_neighbours_left() {
    let g = game();
    // Rxd5: the blast takes the knight on c6 (the pawn on e5 survives a blast next to it, the
    // capturing rook every blast); then the pawn next to the rook changes owner.
    assert_eq!(
        after(&g, "7k/8/2n5/3pp3/8/8/8/3R3K w - - 0 1", &["d1d5"]),
        "7k/8/8/3RP3/8/8/8/7K b - - 0 1"
    );
    // A move that takes nothing only flips.
    assert_eq!(
        after(&g, "7k/8/2n5/3pp3/8/8/8/3R3K w - - 0 1", &["d1d4"]),
        "7k/8/2n5/3PP3/3R4/8/8/7K b - - 1 1"
    );
}

#[test]
fn the_engine_applies_effects_in_its_order_whatever_the_lists_order() {
    let mut rules = game().rules().clone();
    rules.effects.reverse();
    let g = Game::new(rules).unwrap();
    assert_eq!(
        after(&g, "7k/8/2n5/3pp3/8/8/8/3R3K w - - 0 1", &["d1d5"]),
        "7k/8/8/3RP3/8/8/8/7K b - - 0 1"
    );
}

fn refusal(rules: RuleSet) -> String {
    Game::new(rules).expect_err("refused").to_string()
}

#[test]
fn a_kind_listed_twice_is_refused_with_its_entry() {
    let mut rules = game().rules().clone();
    rules.effects.push(Effect::FlipNeighbours);
    assert_eq!(refusal(rules), "effects[2]: this rule is listed twice");
    let mut rules = game().rules().clone();
    rules.effects[0] = Effect::Blast {
        spare_nearby: vec![PieceId(2)],
        spare_always: vec![PieceId(9)],
    };
    assert_eq!(refusal(rules), "effects[0].spare_always: no piece 9");
    let mut rules = game().rules().clone();
    rules.effects[0] = Effect::Blast {
        spare_nearby: vec![PieceId(2)],
        spare_always: vec![PieceId(2)],
    };
    assert_eq!(
        refusal(rules),
        "effects[0].spare_always: piece 2 is also in `spare_nearby`"
    );
}

/// The XBoard variant a rule set says it is goes to XBoard as a word of the protocol: a name,
/// not any text (`varia xboard` would write `variants="chu x"` whole).
#[test]
fn an_xboard_variant_must_be_a_name() {
    let mut rules = game().rules().clone();
    rules.xboard_variant = Some("chu".into());
    assert!(rules.problems().is_empty(), "{:?}", rules.problems());
    rules.xboard_variant = Some("chu x".into());
    let why = refusal(rules);
    assert!(why.starts_with("xboard_variant: "), "{why}");
}

#[test]
fn a_rule_set_of_another_format_is_refused() {
    let mut rules = game().rules().clone();
    assert_eq!(rules.format, FORMAT);
    rules.format = 1;
    assert_eq!(
        refusal(rules),
        "format: rule-set format 1 is not one of the formats 2..=28 this varia reads; export the definition again"
    );
}

/// Format-2 and format-3 rule sets (before rows and falling drops, before capturers that change
/// sides, before walls as a move's second part, before promotion limits) are read as they were; format 29
/// is refused.
#[test]
fn a_format_2_rule_set_is_read_and_a_later_one_refused() {
    let mut rules = game().rules().clone();
    for old in [
        2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
        27,
    ] {
        rules.format = old;
        assert!(rules.problems().is_empty(), "{:?}", rules.problems());
    }
    rules.format = 29;
    assert_eq!(
        refusal(rules),
        "format: rule-set format 29 is not one of the formats 2..=28 this varia reads; export the definition again"
    );
}

/// A row rule from a rule set: a length below 2 or beyond the board, no line or a line twice,
/// and an elimination are refused at their fields; falling drops without drops too.
#[test]
fn a_row_rule_is_checked_field_by_field() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/definitions/connect-four.varia"
    );
    let c4 = varia::load_str(&std::fs::read_to_string(path).unwrap(), None).unwrap();
    let base = c4.rules().clone();
    let at = base
        .endings
        .iter()
        .position(|e| matches!(e, EndingRule::Row(_)))
        .unwrap();
    let with = |f: &dyn Fn(&mut Row)| {
        let mut r = base.clone();
        if let EndingRule::Row(row) = &mut r.endings[at] {
            f(row);
        }
        refusal(r)
    };
    assert_eq!(
        with(&|r| r.length = 1),
        format!("endings[{at}].length: a row needs 2 pieces or more, not 1")
    );
    assert_eq!(
        with(&|r| r.length = 8),
        format!("endings[{at}].length: a row of 8 does not fit on a board of 7 files and 6 ranks")
    );
    assert_eq!(
        with(&|r| {
            r.length = 7;
            r.lines = vec![Line::Vertical, Line::Diagonal];
        }),
        format!("endings[{at}].length: a row of 7 does not fit on a board of 7 files and 6 ranks")
    );
    assert_eq!(
        with(&|r| r.lines.clear()),
        format!("endings[{at}].lines: a row needs a line to lie along")
    );
    assert_eq!(
        with(&|r| r.lines.push(Line::Diagonal)),
        format!("endings[{at}].lines: `diagonal` is listed twice")
    );
    assert_eq!(
        with(&|r| r.outcome = Outcome::Elimination),
        format!("endings[{at}].outcome: a row rule wins, loses or draws")
    );
    let mut r = base.clone();
    r.hands = false;
    let fall = r.drops.iter().position(|d| *d == DropRule::Fall).unwrap();
    assert_eq!(
        refusal(r),
        format!(
            "drops[{fall}]: falling drops need drops (`captures go to hand`, `players have hands` or free drops)"
        )
    );
}

/// A format-1 export (one field per rule) given to the command line is refused by its format,
/// not by the first field that changed.
#[test]
fn the_command_line_refuses_an_old_export_by_its_format() {
    let mut json: serde_json::Value = serde_json::to_value(game().rules()).unwrap();
    let map = json.as_object_mut().unwrap();
    map.remove("format");
    map.remove("effects");
    map.insert("captures_explode".into(), true.into());
    let dir = std::env::temp_dir().join(format!("varia-mechanics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.json");
    std::fs::write(&path, serde_json::to_string(&json).unwrap()).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["moves", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        format!(
            "error: {}: not a rule set: format: missing: a rule set without a format version is of format 1, and this varia reads formats 2..=28; export the definition again",
            path.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Snort's drops (not orthogonally next to an enemy piece) and Quadwrangle's flips (after a
/// board move, or a drop next to a piece of its owner), and their Fairy-Stockfish keys.
#[test]
fn snort_drops_and_quadwrangle_flips() {
    let game = |rules: &str| {
        let src = format!(
            "game g\nboard 4 x 4\nplayer white north\nplayer black south\npiece Stone P\n  moves mQ\n\
             drops of Stone are free\n{rules}\nsetup 4/4/1p2/P3 w - - 0 1\n"
        );
        varia::load_str(&src, None).unwrap()
    };
    let snort = game("drops may not touch enemy pieces orthogonally");
    let fen = "4/4/1p2/P3 w - - 0 1";
    assert!(common::legal(&snort, fen, "P@c3") && common::legal(&snort, fen, "P@d1"));
    for next_to_black in ["P@b3", "P@a2", "P@c2", "P@b1"] {
        assert!(
            !common::legal(&snort, fen, next_to_black),
            "{next_to_black}"
        );
    }
    let quad = game("neighbours flip after moves and touching drops");
    // A drop next to no white stone turns nothing; one next to a1 turns b2; so does a move.
    assert_eq!(after(&quad, fen, &["P@c3"]), "4/2P1/1p2/P3 b - - 0 1");
    assert_eq!(after(&quad, fen, &["P@a2"]), "4/4/PP2/P3 b - - 0 1");
    assert_eq!(after(&quad, fen, &["a1b1"]), "4/4/1P2/1P2 b - - 1 1");
}

/// The two rules are Fairy-Stockfish's `enclosingDrop = snort` and `flipEnclosedPieces =
/// quadwrangle`.
#[test]
fn snort_drops_and_quadwrangle_flips_export() {
    let src = "game g\nboard 4 x 4\nplayer white north\nplayer black south\npiece Stone P\n  never moves\n\
               players have hands\ndrops may not touch enemy pieces orthogonally\n\
               neighbours flip after moves and touching drops\nsetup 4/4/4/4[PPPPpppp] w - - 0 1\n";
    let ini = varia::interop::fsf::export(&varia::compile(src, None).unwrap()).unwrap();
    for line in ["enclosingDrop = snort", "flipEnclosedPieces = quadwrangle"] {
        assert!(ini.lines().any(|l| l == line), "{line} missing:\n{ini}");
    }
}
