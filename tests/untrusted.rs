//! Rule sets from outside (JSON or RON from another tool, a hand-edited export) are untrusted:
//! one validation pass checks every index, range, reference and text before an engine table is
//! built, and refuses with the path of the field at fault. Each class of bad field has a case
//! here with the exact error; each goes through `Game::new`, JSON and RON alike.

use std::sync::mpsc;
use std::time::Duration;
use varia::rules::*;
use varia::{Game, RuleSet};

fn rules_of(file: &str) -> RuleSet {
    let path = format!("{}/definitions/{file}.varia", env!("CARGO_MANIFEST_DIR"));
    varia::compile(&std::fs::read_to_string(&path).unwrap(), None).unwrap()
}

fn id(rules: &RuleSet, symbol: &str) -> usize {
    rules.piece_by_symbol(symbol).unwrap().index()
}

/// The error `Game::new` gives, checked to be the same after a trip through JSON and RON.
fn refusal(rules: &RuleSet) -> String {
    let Err(direct) = Game::new(rules.clone()).map_err(|e| e.to_string()) else {
        panic!("accepted");
    };
    let json: RuleSet = serde_json::from_str(&serde_json::to_string(rules).unwrap()).unwrap();
    assert_eq!(
        Game::new(json).err().unwrap().to_string(),
        direct,
        "via JSON"
    );
    let ron: RuleSet = ron::from_str(&ron::to_string(rules).unwrap()).unwrap();
    assert_eq!(Game::new(ron).err().unwrap().to_string(), direct, "via RON");
    assert_eq!(rules.validate().unwrap_err().to_string(), direct);
    direct
}

type Breaker = fn(&mut RuleSet);

/// The rule set's first ending of the kind `pick` takes.
fn ending<T>(r: &mut RuleSet, pick: fn(&mut EndingRule) -> Option<&mut T>) -> &mut T {
    r.endings.iter_mut().find_map(pick).expect("the ending")
}

fn goal(e: &mut EndingRule) -> Option<&mut Goal> {
    match e {
        EndingRule::Goal(g) => Some(g),
        _ => None,
    }
}

fn counting(e: &mut EndingRule) -> Option<&mut Counting> {
    match e {
        EndingRule::Counting(c) => Some(c),
        _ => None,
    }
}

fn repetition(e: &mut EndingRule) -> Option<&mut Repetition> {
    match e {
        EndingRule::Repetition(x) => Some(x),
        _ => None,
    }
}

/// Makes the rule set's first drop rule its free drops, of these types.
fn free_drops(r: &mut RuleSet, pieces: Vec<PieceId>) {
    r.drops.retain(|d| !matches!(d, DropRule::Free { .. }));
    r.drops.insert(0, DropRule::Free { pieces });
}

fn check_cases(cases: &[(&str, Breaker, &str)]) {
    let mut wrong = Vec::new();
    for (file, breaker, expected) in cases {
        let mut rules = rules_of(file);
        breaker(&mut rules);
        let got = refusal(&rules);
        if got != *expected {
            wrong.push(format!("{file}:\n  expected {expected}\n  got      {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_faults_found_are_refused_with_their_field() {
    check_cases(&[
        // These panicked in the engine's tables (index out of bounds).
        (
            "fsf/flipello",
            |r| {
                r.drops[0] = DropRule::Enclose {
                    start: Some(ZoneId(200)),
                }
            },
            "drops[0].start: no zone 200",
        ),
        (
            "fsf/placement",
            |r| {
                r.effects[0] = Effect::CastlingByDrops {
                    kings: ZoneId(3),
                    partners: ZoneId(200),
                }
            },
            "effects[0].partners: no zone 200",
        ),
        // These gave no drops, or a shift that wrapped to piece 0.
        (
            "fsf/placement",
            |r| free_drops(r, vec![PieceId(9)]),
            "drops[0].pieces: no piece 9",
        ),
        (
            "fsf/placement",
            |r| free_drops(r, vec![PieceId(64)]),
            "drops[0].pieces: no piece 64",
        ),
        (
            "classic/chess",
            |r| r.pieces[5].promotions[0].to.push(PieceId(9)),
            "pieces[5].promotions[0].to: no piece 9",
        ),
        (
            "classic/chess",
            |r| r.pieces[1].value = i32::MAX,
            "pieces[1].value: a value is 0 to 1000 pawns (0: none given), not 2147483647",
        ),
        (
            "classic/chess",
            |r| r.pieces[1].value = -1,
            "pieces[1].value: a value is 0 to 1000 pawns (0: none given), not -1",
        ),
    ]);
}

#[test]
fn piece_indices_are_checked_everywhere() {
    check_cases(&[
        (
            "classic/chess",
            |r| r.hand_order = vec![PieceId(2), PieceId(2)],
            "hand_order: piece 2 is listed twice",
        ),
        (
            "classic/crazyhouse",
            |r| {
                r.filters = vec![Filter::MustDrop {
                    pieces: vec![PieceId(70)],
                }]
            },
            "filters[0].pieces: no piece 70",
        ),
        (
            "classic/chess",
            |r| r.castling[0].king = PieceId(7),
            "castling[0].king: no piece 7",
        ),
        (
            "classic/chess",
            |r| {
                r.verdicts = vec![Verdict::MateNeedsCheckBy {
                    pieces: vec![PieceId(6)],
                }]
            },
            "verdicts[0].pieces: no piece 6",
        ),
        (
            "fsf/kingofthehill",
            |r| ending(r, goal).pieces.clear(),
            "endings[0].pieces: a goal needs a piece type",
        ),
        (
            "fsf/extinction",
            |r| {
                let EndingRule::Extinction(x) = &mut r.endings[0] else {
                    panic!("an extinction rule");
                };
                x.pieces.push(PieceId(99));
            },
            "endings[0].pieces: no piece 99",
        ),
        (
            "classic/chess",
            |r| {
                r.endings.push(EndingRule::BackAndForth(BackAndForth {
                    times: 3,
                    except: vec![PieceId(50)],
                }))
            },
            "endings[2].except: no piece 50",
        ),
        (
            "fsf/makruk",
            |r| ending(r, counting).stoppers.push(PieceId(8)),
            "endings[1].stoppers: no piece 8",
        ),
        (
            "fsf/makruk",
            |r| {
                let bare = ending(r, counting).bare.as_mut().unwrap();
                bare.honours[1].piece = PieceId(40);
            },
            "endings[1].bare.honours[1].piece: no piece 40",
        ),
        (
            "fsf/fischerandom",
            |r| r.shuffle.as_mut().unwrap().between[0].1 = PieceId(30),
            "shuffle.between[0].1: no piece 30",
        ),
        (
            "fsf/fischerandom",
            |r| r.shuffle.as_mut().unwrap().both_colours[0].push(PieceId(12)),
            "shuffle.both_colours[0]: no piece 12",
        ),
        (
            "classic/crazyhouse",
            |r| r.interchangeable = vec![vec![PieceId(1), PieceId(80)]],
            "interchangeable[0]: no piece 80",
        ),
        (
            "classic/crazyhouse",
            |r| {
                r.interchangeable = vec![vec![PieceId(1), PieceId(2)], vec![PieceId(3), PieceId(2)]]
            },
            "interchangeable[1]: piece 2 is in two interchangeable groups",
        ),
        (
            "fsf/janggi",
            |r| r.pieces[0].may_not_hop_over.push(PieceId(63)),
            "pieces[0].may_not_hop_over: no piece 63",
        ),
        (
            "classic/chess",
            |r| r.pieces[4].may_not_capture = vec![PieceId(0), PieceId(0)],
            "pieces[4].may_not_capture: piece 0 is listed twice",
        ),
        (
            "fsf/cambodian",
            |r| r.pieces[0].first_moves_lost_to.push(PieceId(33)),
            "pieces[0].first_moves_lost_to: no piece 33",
        ),
    ]);
}

#[test]
fn zone_and_player_indices_are_checked_everywhere() {
    check_cases(&[
        (
            "classic/chess",
            |r| r.pieces[3].confined_to = Some(ZoneId(9)),
            "pieces[3].confined_to: no zone 9",
        ),
        (
            "classic/chess",
            |r| r.pieces[3].barred_from = Some(ZoneId(9)),
            "pieces[3].barred_from: no zone 9",
        ),
        (
            "classic/crazyhouse",
            |r| r.pieces[5].drops.zone = Some(ZoneId(77)),
            "pieces[5].drops.zone: no zone 77",
        ),
        (
            "classic/chess",
            |r| r.pieces[5].en_passant_zone = Some(ZoneId(31)),
            "pieces[5].en_passant_zone: no zone 31",
        ),
        (
            "classic/chess",
            |r| {
                let part = r.pieces[5].moves.iter().position(|m| m.from_zone.is_some());
                r.pieces[5].moves[part.unwrap()].from_zone = Some(ZoneId(99));
            },
            "pieces[5].moves[2].from_zone: no zone 99",
        ),
        (
            "classic/chess",
            |r| r.pieces[5].promotions[0].zone = ZoneId(12),
            "pieces[5].promotions[0].zone: no zone 12",
        ),
        (
            "classic/shogi",
            |r| r.pieces[4].promotions[0].deferred_after_drop_in = Some(ZoneId(12)),
            "pieces[4].promotions[0].deferred_after_drop_in: no zone 12",
        ),
        (
            "classic/chess",
            |r| r.separated = vec![ZoneId(0), ZoneId(0)],
            "separated: zone 0 is listed twice",
        ),
        (
            "fsf/kingofthehill",
            |r| ending(r, goal).zone = ZoneId(50),
            "endings[0].zone: no zone 50",
        ),
        (
            "classic/chess",
            |r| {
                r.verdicts = vec![Verdict::DrawOdds {
                    player: PlayerId(2),
                }]
            },
            "verdicts[0].player: no player 2",
        ),
        (
            "classic/chess",
            |r| ending(r, repetition).player = Some(PlayerId(5)),
            "endings[0].player: no player 5",
        ),
        (
            "fsf/janggi",
            |r| {
                for v in &mut r.verdicts {
                    if let Verdict::DrawsByValue(d) = v {
                        d.player = PlayerId(3);
                    }
                }
            },
            "verdicts[0].player: no player 3",
        ),
    ]);
}

#[test]
fn cells_sizes_and_counts_are_checked() {
    check_cases(&[
        (
            "classic/chess",
            |r| r.board.holes = vec![Cell(64)],
            "board.holes: no cell 64 on a 8 x 8 board",
        ),
        (
            "classic/chess",
            |r| r.zones[0].cells[1].push(Cell(300)),
            "zones[0].cells[1]: no cell 300 on a 8 x 8 board",
        ),
        (
            "classic/chess",
            |r| {
                r.zones[0].cells.pop();
            },
            "zones[0].cells: a list of cells for each of the 2 players, not 1",
        ),
        (
            "fsf/fischerandom",
            |r| r.shuffle.as_mut().unwrap().cells.push(Cell(56)),
            "shuffle.cells: cell 0 and its mirror are both shuffled",
        ),
        (
            "classic/chess",
            |r| r.board.files = 17,
            "board.files: board sides must be 1..16, not 17",
        ),
        (
            "classic/chess",
            |r| r.board.ranks = 0,
            "board.ranks: board sides must be 1..16, not 0",
        ),
        (
            "4-faces",
            |r| {
                let mut extra = r.players[0].clone();
                extra.name = "yellow".into();
                r.players.push(extra);
            },
            "players: a game needs 2 to 4 players, not 5",
        ),
        (
            "classic/chess",
            |r| r.pieces = r.pieces.iter().cycle().take(130).cloned().collect(),
            "pieces: a game needs 1 to 128 piece types, not 130",
        ),
        (
            "classic/chess",
            |r| r.zones = vec![r.zones[0].clone(); 256],
            "zones: a game may have at most 255 zones, not 256",
        ),
        (
            "classic/chess",
            |r| {
                let all: Vec<(i8, i8)> = (-15..=15)
                    .flat_map(|x| (-15..=15).map(move |y| (x, y)))
                    .filter(|&v| v != (0, 0))
                    .collect();
                for p in 1..=5 {
                    r.pieces[p].moves[0].vectors = all.clone();
                    r.pieces[p].moves[0].paths.clear();
                }
            },
            "pieces: the pieces have 4811 move vectors in all; at most 4096",
        ),
        (
            "classic/chess",
            |r| r.pieces[1].moves[0].vectors.push((16, 0)),
            "pieces[1].moves[0].vectors: (16, 0): a vector is -15..15 each way, and not (0, 0)",
        ),
        (
            "classic/chess",
            |r| r.pieces[1].moves[0].vectors.push((0, 0)),
            "pieces[1].moves[0].vectors: (0, 0): a vector is -15..15 each way, and not (0, 0)",
        ),
        (
            "classic/xiangqi",
            |r| {
                let horse = id(r, "N");
                r.pieces[horse].moves[0].paths.pop();
            },
            "pieces[3].moves[0].paths: a path for each of the 8 vectors, or none, not 7",
        ),
        (
            "classic/xiangqi",
            |r| {
                let horse = id(r, "N");
                r.pieces[horse].moves[0].paths[0] = vec![(0, 1); 31];
            },
            "pieces[3].moves[0].paths[0]: at most 30 cells, not 31",
        ),
        (
            "classic/chess",
            |r| {
                let p = r.pieces[5].promotions[0].clone();
                r.pieces[5].promotions = vec![p; 65];
            },
            "pieces[5].promotions: at most 64 promotion rules, not 65",
        ),
        (
            "classic/shogi",
            |r| r.pieces[4].drops.max_per_file = Some(0),
            "pieces[4].drops.max_per_file: a limit of 0 pieces",
        ),
        (
            "fsf/fischerandom",
            |r| r.castling[0].king_to = Some((9, 2)),
            "castling[0].king_to: (9, 2): the king would land off a board of 8 files",
        ),
        (
            "fsf/makruk",
            |r| ending(r, counting).board.as_mut().unwrap().limit = 40000,
            "endings[1].board.limit: a count is at most 10000 moves, not 40000",
        ),
        (
            "classic/chess",
            |r| ending(r, repetition).count = 1,
            "endings[0].count: a repetition rule needs a count of 2 or more, not 1",
        ),
        (
            "fsf/3check",
            |r| r.endings = vec![EndingRule::CheckLimit { checks: 0 }],
            "endings[0].checks: a check limit of 0",
        ),
        (
            "classic/chess",
            |r| {
                r.endings
                    .retain(|e| !matches!(e, EndingRule::MoveLimit { .. }));
                r.endings.push(EndingRule::MoveLimit { moves: 0 });
            },
            "endings[1].moves: a move limit of 0",
        ),
    ]);
}

/// Names and texts go into FENs, UCI option lists, XBoard feature lines and variants.ini
/// headers: a line break, a space or a `]` would add lines or sections of their own.
#[test]
fn names_and_texts_that_would_break_protocols_are_refused() {
    check_cases(&[
        (
            "classic/chess",
            |r| r.variant = "chess\noption name Evil type check default true".into(),
            "variant: \"chess\\noption name Evil type check default true\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.game = "two words".into(),
            "game: \"two words\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.variant = "chess]\n[evil".into(),
            "variant: \"chess]\\n[evil\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.variant = "v".repeat(129),
            "variant: a name is at most 128 bytes, not 129",
        ),
        (
            "classic/chess",
            |r| r.title = Some("Chess\u{7}".into()),
            "title: '\\u{7}' in a title (no control characters or `\"`)",
        ),
        (
            "classic/chess",
            |r| r.title = Some("Chess \"960\"".into()),
            "title: '\"' in a title (no control characters or `\"`)",
        ),
        (
            "classic/chess",
            |r| r.pieces[5].name = "Pawn]".into(),
            "pieces[5].name: \"Pawn]\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.players[1].name = String::new(),
            "players[1].name: \"\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.zones[0].name = "back rank".into(),
            "zones[0].name: \"back rank\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)",
        ),
        (
            "classic/chess",
            |r| r.setup = r.setup.replace(' ', "\n"),
            "setup: '\\n' in a FEN (printable ASCII and spaces only)",
        ),
        (
            "classic/chess",
            |r| r.pieces[2].symbol = "R\n".into(),
            "pieces[2].symbol: \"R\\n\": a symbol is an upper-case letter, maybe after `+`, maybe followed by `'` or `!`",
        ),
        (
            "classic/chess",
            |r| r.pieces[2].symbol = "R'!".into(),
            "pieces[2].symbol: \"R'!\": a symbol is an upper-case letter, maybe after `+`, maybe followed by `'` or `!`",
        ),
    ]);
}

/// A small game whose `+A` and `+B` promote to each other, built from a definition without the
/// cycle and given the second promotion (and, with `pawn`, a pawn that promotes to `+A`) as
/// another tool might.
fn promoted_cycle(pawn: bool) -> RuleSet {
    let src = "game cyc
board 4 x 4
player white north
player black south
zone far = rank 4
zone near = rank 1
piece King K
  royal
  moves K
piece Ay +A
  moves K
  promotes to By when entering far
piece By +B
  moves F
piece Pawn P
  moves fW
setup k3/4/1+b2/+A2K w - - 0 1
";
    let mut rules = varia::compile(src, None).unwrap();
    let mut back = rules.pieces[1].promotions[0].clone();
    back.zone = ZoneId(1);
    back.to = vec![PieceId(1)];
    rules.pieces[2].promotions.push(back);
    if pawn {
        let mut promotion = rules.pieces[1].promotions[0].clone();
        promotion.to = vec![PieceId(1)];
        rules.pieces[3].promotions.push(promotion);
    }
    rules.captures_to_hand = true;
    rules
}

#[test]
fn promoted_types_that_would_go_to_hand_as_promoted_are_refused() {
    // +A -> +B -> +A and nothing else: a captured +B went to hand as `+B`, a FEN varia refuses
    // to read.
    assert_eq!(
        refusal(&promoted_cycle(false)),
        "pieces[1]: a captured `+A` would go to hand as `+A` (no single unpromoted type promotes to it, directly or through `+X` types), and a hand cannot hold a `+X` type"
    );
    // Without hands the cycle is only a piece changing back and forth.
    let mut no_hands = promoted_cycle(false);
    no_hands.captures_to_hand = false;
    assert!(Game::new(no_hands).is_ok());
    // With a pawn that promotes to +A, every chain starts from the pawn: a captured +B goes to
    // hand as a pawn.
    let g = Game::new(promoted_cycle(true)).unwrap();
    let pos = g.parse_fen("k3/4/1+b2/+A2K w - - 0 1").unwrap();
    let m = g.parse_move(&pos, "a1b2").unwrap();
    assert_eq!(g.fen(&g.make(&pos, &m)), "k3/4/1+A2/3K[P] b - - 0 1");
    // Keeping the type in hand keeps `+X` types there too.
    let mut keep = rules_of("classic/shogi");
    keep.promoted_keep_type_in_hand = true;
    assert_eq!(
        refusal(&keep),
        "pieces[8]: a captured `+R` would go to hand as `+R` (`promoted_keep_type_in_hand`), and a hand cannot hold a `+X` type"
    );
}

/// Twenty-five `+X` types, each promoting to every later one: the roots of promotion chains are
/// found once per type, not once per chain (2^24 chains).
#[test]
fn many_promotion_chains_are_checked_in_bounded_time() {
    let mut rules = promoted_cycle(false);
    rules.pieces.truncate(2);
    rules.pieces[1].symbol = "P".into();
    let template = rules.pieces[1].clone();
    let letters: Vec<char> = ('A'..='Z').filter(|&c| c != 'K').collect();
    for (i, c) in letters.iter().enumerate() {
        let mut p = template.clone();
        p.name = format!("Promoted{c}");
        p.symbol = format!("+{c}");
        let later: Vec<PieceId> = (i + 1..letters.len())
            .map(|j| PieceId(j as u8 + 2))
            .collect();
        p.promotions[0].to = later;
        if p.promotions[0].to.is_empty() {
            p.promotions.clear();
        }
        rules.pieces.push(p);
    }
    rules.pieces[1].promotions[0].to = vec![PieceId(2)];
    rules.setup = "k3/4/4/P2K w - - 0 1".into();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(Game::new(rules).map(|g| g.rules().base_of(PieceId(26))));
    });
    let base = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("validated and built within 20 s");
    assert_eq!(base.expect("valid"), PieceId(1));
}

#[test]
fn unknown_fields_are_refused() {
    let rules = rules_of("classic/chess");
    let mut json: serde_json::Value = serde_json::to_value(&rules).unwrap();
    json["castles_explode"] = serde_json::json!(true);
    let err = serde_json::from_value::<RuleSet>(json)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(
            "unknown field `castles_explode`, expected one of `format`, `game`, `variant`"
        ),
        "{err}"
    );
    let mut json: serde_json::Value = serde_json::to_value(&rules).unwrap();
    json["pieces"][3]["colour"] = serde_json::json!("white");
    let err = serde_json::from_value::<RuleSet>(json)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("unknown field `colour`"), "{err}");
    let text =
        ron::to_string(&rules)
            .unwrap()
            .replacen("(name:\"King\"", "(name:\"King\",wings:2", 1);
    let err = ron::from_str::<RuleSet>(&text).unwrap_err().to_string();
    assert!(err.contains("Unexpected field named `wings`"), "{err}");
}

#[test]
fn every_shipped_definition_still_validates_and_reloads() {
    let root = format!("{}/definitions", env!("CARGO_MANIFEST_DIR"));
    let mut stack = vec![std::path::PathBuf::from(root)];
    let mut checked = 0;
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "varia") {
                continue;
            }
            let src = std::fs::read_to_string(&p).unwrap();
            let rules = varia::compile(&src, None).unwrap();
            let json: RuleSet =
                serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
            let ron: RuleSet = ron::from_str(&ron::to_string(&rules).unwrap()).unwrap();
            for back in [json, ron] {
                assert_eq!(back, rules, "{}", p.display());
                Game::new(back).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            }
            checked += 1;
        }
    }
    assert!(checked >= 115, "{checked}");
}

// ---------------------------------------------------------------------------------------------
// The Fairy-Stockfish exporter, handed a rule set nobody checked

#[test]
fn the_fsf_exporter_refuses_an_unchecked_rule_set() {
    let mut rules = rules_of("classic/chess");
    rules.pieces[3].confined_to = Some(ZoneId(99)); // indexed the zones: a panic
    let r = varia::interop::fsf::export(&rules).unwrap_err();
    assert_eq!(
        r.rule,
        "not a valid rule set: pieces[3].confined_to: no zone 99"
    );
    let mut rules = rules_of("classic/chess");
    rules.variant = "chess]\nmaxRank = 12\n[evil".into();
    let r = varia::interop::fsf::export(&rules).unwrap_err();
    assert!(
        r.rule.starts_with("not a valid rule set: variant: "),
        "{}",
        r.rule
    );
    // A valid one still exports, one `key = value` a line under its header.
    let ini = varia::interop::fsf::export(&rules_of("classic/chess")).unwrap();
    assert!(
        ini.starts_with("[chess]\nmaxFile = 8\nmaxRank = 8\n"),
        "{ini}"
    );
}

// ---------------------------------------------------------------------------------------------
// The command line, handed such files

fn varia(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_command_line_refuses_a_rule_set_with_a_line_break_in_its_name() {
    let dir = std::env::temp_dir().join(format!("varia-untrusted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rules = rules_of("classic/chess");
    rules.variant = "chess\noption name Evil type check default true".into();
    let path = dir.join("evil.json");
    std::fs::write(&path, serde_json::to_string(&rules).unwrap()).unwrap();
    let p = path.to_str().unwrap();
    for args in [
        vec!["moves", p],
        vec!["export", p, "--format", "fsf"],
        vec!["uci", p],
    ] {
        let o = varia(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            o.stdout.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        assert_eq!(
            String::from_utf8_lossy(&o.stderr),
            format!(
                "error: {p}: variant: \"chess\\noption name Evil type check default true\" is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)\n"
            ),
            "{args:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Castling rights in a FEN: a right that names no king or no partner is refused, in chess as in
// Cambodian chess (Fairy-Stockfish's `validate_fen` refuses such rights too: "No castling rook
// for flag K"), never dropped without a word.

fn game(file: &str) -> Game {
    Game::new(rules_of(file)).unwrap()
}

#[test]
fn castling_rights_without_their_pieces_are_refused() {
    let chess = game("classic/chess");
    let fen_error = |g: &Game, fen: &str| match g.parse_fen(fen) {
        Ok(_) => panic!("{fen} accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        fen_error(&chess, "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"),
        "castling right `Q`: white has no Rook on its King's rank towards the a-file"
    );
    assert_eq!(
        fen_error(&chess, "r3k3/8/8/8/8/8/8/4K3 w k - 0 1"),
        "castling right `k`: black has no Rook on its King's rank towards the h-file"
    );
    assert_eq!(
        fen_error(&chess, "4k3/8/8/8/8/8/8/7R w K - 0 1"),
        "castling right `K`: white has no King to castle"
    );
    assert_eq!(
        fen_error(&chess, "4k3/8/8/8/8/8/8/4K2R w KX - 0 1"),
        "bad castling field `KX`"
    );
    // Rights that name their pieces are read as before.
    let pos = chess.parse_fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1").unwrap();
    assert_eq!(chess.fen(&pos), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    let frc = game("fsf/fischerandom");
    assert_eq!(
        fen_error(&frc, "4k3/8/8/8/8/8/8/4K2R w C - 0 1"),
        "castling right `C`: white has no Rook on c1"
    );
    let cambodian = game("fsf/cambodian");
    assert_eq!(
        fen_error(
            &cambodian,
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSN1 w DEdeH - 0 1"
        ),
        "castling right `H`: white has no piece with a first move on h1"
    );
    assert_eq!(
        fen_error(
            &cambodian,
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNS1MSNR w DEde - 0 1"
        ),
        "castling right `D`: white has no piece with a first move on d1"
    );
}
