//! A rule set as a Fairy-Stockfish variants.ini section, exactly equivalent or refused.
//!
//! Every field of the rule set is taken apart by an exhaustive pattern (no `..`), so a field added
//! to the rule set later does not compile here until the exporter decides how to say it or to
//! refuse it. Every piece becomes one of FSF's custom pieces, written in the Betza words FSF reads
//! (checked against FSF's own reading, [`super::betza`]); the chess pawn, whose double step,
//! en passant and promotion FSF ties to its built-in `pawn`, and the shogi pawn (drop mate) are
//! the only built-in types used.

use super::betza;
use crate::rules::{
    BackAndForth, Direction, DropRule, Effect, EndingRule, Filter, MoveRule, PlayerId, ValueDraws,
    Verdict,
};
use crate::rules::{
    Board, Castling, Cell, Counting, DropRules, Extinction, Goal, GoalMode, Mode, MovePart,
    Obligation, Outcome, PieceId, PieceType, Player, Promotion, Repetition, Royalty, RuleSet,
    Style, Trigger, Zone, ZoneId,
};
use std::fmt::Write as _;

/// Why a rule set cannot be written for Fairy-Stockfish: the rule, and where it is said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What FSF cannot say, in the language's words.
    pub rule: String,
    /// The rule-set path of what says it (`pieces[3].moves[1]`, `captures_explode`): a
    /// definition's [`crate::SourceMap`] gives its place.
    pub at: String,
}

type Result<T> = std::result::Result<T, Refusal>;

fn refuse<T>(rule: impl Into<String>, at: impl Into<String>) -> Result<T> {
    Err(Refusal {
        rule: rule.into(),
        at: at.into(),
    })
}

/// The rule-set path of a piece type's field (`""`: the piece type).
fn piece_path(pieces: &[PieceType], p: &PieceType, field: &str) -> String {
    let i = pieces.iter().position(|q| std::ptr::eq(q, p)).unwrap_or(0);
    match field {
        "" => format!("pieces[{i}]"),
        f => format!("pieces[{i}].{f}"),
    }
}

/// How a piece type is written for FSF.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    /// FSF's built-in chess pawn.
    Pawn,
    /// FSF's built-in shogi pawn (`fW`), for its drop-mate rule.
    ShogiPawn,
    /// The custom royal piece (`king = x:BETZA`).
    King(String),
    /// A custom piece slot with its Betza.
    Custom(usize, String),
}

/// The facts about the chess pawn the exporter found.
struct PawnFacts {
    double_step: Option<ZoneId>,
}

/// Writes the variants.ini section of a rule set (beginning with `[variant]`), or refuses.
pub fn export(rules: &RuleSet) -> Result<String> {
    let RuleSet {
        format: _,
        game: _,
        variant,
        title: _,
        board,
        players,
        zones,
        pieces,
        setup,
        captures_to_hand,
        hands,
        captures_to_partner,
        hand_order: _,
        promoted_keep_type_in_hand,
        castling,
        castling_chess960,
        shuffle,
        interchangeable,
        swapped_to_hand,
        separated,
        checkmate,
        stalemate,
        royalty,
        moves: _,
        drops: _,
        effects: _,
        filters: _,
        endings: _,
        verdicts: _,
    } = rules;
    let flat = Flat::of(rules);
    let Flat {
        royals_may_not_face,
        passing,
        passing_when_stuck,
        drops_enclose,
        drops_touch,
        free_drops,
        no_drop_where_stuck,
        castling_by_drops,
        flip_enclosed,
        captures_explode,
        pieces_leave_walls,
        neighbours_flip,
        no_checks,
        no_drop_checks,
        must_drop,
        checked_royal_only_captures,
        must_capture,
        goals,
        extinctions,
        full_board_ends,
        facing_draws,
        check_limit,
        back_and_forth,
        repetition,
        move_limit,
        counting,
        mate_needs_check_by,
        stalemate_counts_pieces,
        draw_odds,
        draws_by_value,
    } = &flat;
    let st = |path: &str| rules.entry_path(path);
    let pc = |p: &PieceType, field: &str| piece_path(pieces, p, field);
    // A rule set from outside may not have been checked: nothing below indexes it unchecked.
    if let Err(e) = rules.validate() {
        return refuse(format!("not a valid rule set: {e}"), st("game"));
    }

    // The board and the players.
    let Board {
        files,
        ranks,
        holes,
    } = board;
    if *files > 12 || *ranks > 10 {
        return refuse(
            format!("a board of {files} x {ranks}: Fairy-Stockfish's boards are at most 12 x 10"),
            st("board"),
        );
    }
    if players.len() != 2 {
        return refuse(
            format!("{} players: Fairy-Stockfish plays two", players.len()),
            st("players"),
        );
    }
    for (i, p) in players.iter().enumerate() {
        let Player { name: _, forward } = p;
        let want = if i == 0 {
            Direction::North
        } else {
            Direction::South
        };
        if *forward != want {
            return refuse(
                "players facing east or west: Fairy-Stockfish's first player faces north and the second south",
                st("players"),
            );
        }
    }
    for z in zones {
        let Zone { name: _, cells: _ } = z;
    }
    let any_hopper = pieces.iter().any(|p| p.moves.iter().any(|m| m.hop));
    if !holes.is_empty() && any_hopper {
        return refuse(
            "holes in a game with hoppers: Fairy-Stockfish's holes are walls a hopper can use as its screen",
            st("board.holes"),
        );
    }
    if !separated.is_empty() {
        return refuse(
            "`no leap between`: Fairy-Stockfish has no such rule",
            st("separated"),
        );
    }
    if !interchangeable.is_empty() {
        return refuse(
            "interchangeable hand pieces: Fairy-Stockfish has none",
            st("interchangeable"),
        );
    }
    if *pieces_leave_walls {
        return refuse(
            "`pieces leave walls`: not yet written as Fairy-Stockfish's wallingRule",
            st("pieces_leave_walls"),
        );
    }
    if !free_drops.is_empty() || *drops_touch || *neighbours_flip {
        return refuse(
            "`drops of TYPE... are free` / `drops must touch own pieces` / `neighbours flip`: not yet written as Fairy-Stockfish's freeDrops and Ataxx rules",
            st(if !free_drops.is_empty() {
                "free_drops"
            } else if *drops_touch {
                "drops_touch"
            } else {
                "neighbours_flip"
            }),
        );
    }
    if *drops_enclose || *flip_enclosed {
        return refuse(
            "`drops must enclose` / `enclosed pieces flip`: not yet written as Fairy-Stockfish's enclosingDrop",
            st(if *drops_enclose {
                "drops_enclose"
            } else {
                "flip_enclosed"
            }),
        );
    }
    if *passing_when_stuck || *full_board_ends {
        return refuse(
            "`passing when stuck` / `a full board ends the game`: not yet written as Fairy-Stockfish's passOnStalemate and adjudicateFullBoard",
            st(if *passing_when_stuck {
                "passing_when_stuck"
            } else {
                "full_board_ends"
            }),
        );
    }
    if castling_by_drops.is_some() {
        return refuse(
            "`drops give castling rights`: not yet written as Fairy-Stockfish's castlingDroppedPiece",
            st("castling_by_drops"),
        );
    }
    if *captures_explode {
        return refuse(
            "`captures explode`: not yet written as Fairy-Stockfish's blast rules",
            st("captures_explode"),
        );
    }
    if *swapped_to_hand {
        return refuse(
            "`swapped pieces go to hand`: Fairy-Stockfish has no swap promotions",
            st("swapped_to_hand"),
        );
    }
    match royalty {
        Royalty::Each => {}
        Royalty::All | Royalty::Alone => {
            return refuse(
                "`royalty all` / `royalty alone`: Fairy-Stockfish's pseudo-royal rules differ",
                st("royalty"),
            );
        }
    }

    // Pieces: which FSF type each becomes.
    let royals: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].royal).collect();
    if royals.len() > 1 {
        return refuse(
            "several royal types: Fairy-Stockfish has one king type",
            pc(&pieces[royals[1]], "royal"),
        );
    }
    if let Some(&k) = royals.first() {
        let sym = pieces[k].symbol.chars().last().unwrap_or('K');
        let board_part = setup.split([' ', '[']).next().unwrap_or("");
        for (side, c) in [(0, sym.to_ascii_uppercase()), (1, sym.to_ascii_lowercase())] {
            let n = board_part
                .char_indices()
                .filter(|&(i, ch)| ch == c && !board_part[..i].ends_with('+'))
                .count();
            if n > 1 {
                return refuse(
                    format!(
                        "{n} royal pieces for the {} player at the start: Fairy-Stockfish's king is one piece",
                        if side == 0 { "first" } else { "second" }
                    ),
                    st("setup"),
                );
            }
        }
    }
    let mut kinds: Vec<Kind> = Vec::new();
    let mut pawn: Option<(usize, PawnFacts)> = None;
    let mut slot = 0;
    for (i, p) in pieces.iter().enumerate() {
        let PieceType {
            name: _,
            symbol: _,
            value: _, // only the evaluation (and swaps, refused) use it
            royal,
            moves,
            confined_to: _,
            barred_from: _,
            promotions: _,
            drops,
            can_be_taken_en_passant,
            takes_en_passant,
            ep_field_full: _, // Fairy-Stockfish writes its custom pieces' field so by itself
            removed_when_captured,
            promotes_friendly_screens,
            demotes_enemy_screens,
            en_passant_zone,
            resets_clock: _,
            may_not_mate_alone,
            first_moves_lost_to: _, // refused below with the `i` moves
            may_not_hop_over,
            may_not_capture,
        } = p;
        if *promotes_friendly_screens || *demotes_enemy_screens {
            return refuse(
                "hop captures that promote or demote the screen: Fairy-Stockfish has none",
                pc(
                    p,
                    if *promotes_friendly_screens {
                        "promotes_friendly_screens"
                    } else {
                        "demotes_enemy_screens"
                    },
                ),
            );
        }
        if !may_not_hop_over.is_empty() || !may_not_capture.is_empty() {
            return refuse(
                "`may not hop over` / `may not capture`: Fairy-Stockfish restricts only its own Janggi cannon",
                pc(
                    p,
                    if may_not_hop_over.is_empty() {
                        "may_not_capture"
                    } else {
                        "may_not_hop_over"
                    },
                ),
            );
        }
        if *may_not_mate_alone {
            return refuse(
                "`may not mate alone`: Fairy-Stockfish's shatar rule is not this rule",
                pc(p, "may_not_mate_alone"),
            );
        }
        if *removed_when_captured && *captures_to_hand {
            return refuse(
                "`removed when captured` with hands: Fairy-Stockfish returns every captured piece to hand",
                pc(p, "removed_when_captured"),
            );
        }
        if let Some(facts) = chess_pawn(moves) {
            if pawn.is_some() {
                return refuse(
                    "a second type that moves as the chess pawn: Fairy-Stockfish's pawn rules hold for one type",
                    pc(p, "moves"),
                );
            }
            let ep = *can_be_taken_en_passant || *takes_en_passant;
            if facts.double_step.is_none() && (ep || en_passant_zone.is_some()) {
                return refuse("en passant without a double step", pc(p, "en_passant_zone"));
            }
            if *can_be_taken_en_passant != *takes_en_passant {
                return refuse(
                    "en passant one way only: Fairy-Stockfish's pawns take and are taken en passant alike",
                    pc(p, "takes_en_passant"),
                );
            }
            pawn = Some((i, facts));
            kinds.push(Kind::Pawn);
            continue;
        }
        if *can_be_taken_en_passant || *takes_en_passant || en_passant_zone.is_some() {
            return refuse(
                "en passant for a piece that is not the chess pawn",
                pc(
                    p,
                    if *takes_en_passant {
                        "takes_en_passant"
                    } else {
                        "can_be_taken_en_passant"
                    },
                ),
            );
        }
        if drops.may_not_mate {
            if !is_shogi_pawn(moves) {
                return refuse(
                    "`drop may not mate` on a piece that is not the shogi pawn (fW): Fairy-Stockfish's rule is the shogi pawn's",
                    pc(p, "drops.may_not_mate"),
                );
            }
            if kinds.contains(&Kind::ShogiPawn) {
                return refuse(
                    "`drop may not mate` on two types",
                    pc(p, "drops.may_not_mate"),
                );
            }
            kinds.push(Kind::ShogiPawn);
            continue;
        }
        let word = betza_of(&pc(p, ""), p)?;
        if *royal {
            kinds.push(Kind::King(word));
        } else {
            slot += 1;
            if slot > 25 {
                return refuse(
                    "more than 25 piece types: Fairy-Stockfish has 25 custom pieces",
                    pc(p, ""),
                );
            }
            kinds.push(Kind::Custom(slot, word));
        }
    }

    // Letters: each type its own symbol; a `+X` type, shown by FSF as a promoted X, any free one.
    let mut used: Vec<char> = pieces
        .iter()
        .filter(|p| !p.symbol.starts_with('+'))
        .map(|p| p.symbol.chars().next().unwrap_or('?').to_ascii_lowercase())
        .collect();
    let mut letters: Vec<char> = Vec::new();
    for p in pieces {
        if let Some(base) = p.symbol.strip_prefix('+') {
            let Some(free) = ('a'..='z').find(|c| !used.contains(c)) else {
                return refuse(
                    "too many piece types for Fairy-Stockfish's letters",
                    pc(p, ""),
                );
            };
            used.push(free);
            letters.push(free);
            let b = rules.piece_by_symbol(base);
            let from_base = b.is_some_and(|b| {
                pieces[b.index()]
                    .promotions
                    .iter()
                    .any(|pr| pr.to == [PieceId(letters.len() as u8 - 1)])
            });
            if !from_base {
                return refuse(
                    format!(
                        "`{}` is written `{}` but is not the promotion of `{base}`: Fairy-Stockfish writes `+X` only for X's promoted type",
                        p.name, p.symbol
                    ),
                    pc(p, ""),
                );
            }
        } else {
            letters.push(p.symbol.chars().next().unwrap_or('?').to_ascii_lowercase());
        }
    }
    let letter = |id: PieceId| letters[id.index()];

    let mut ini = format!("[{variant}]\n");
    let mut kv = |k: &str, v: String| {
        let _ = writeln!(ini, "{k} = {v}");
    };
    kv("maxFile", files.to_string());
    kv("maxRank", ranks.to_string());
    for (i, p) in pieces.iter().enumerate() {
        let l = letters[i];
        match &kinds[i] {
            Kind::Pawn => kv("pawn", l.to_string()),
            Kind::ShogiPawn => kv("shogiPawn", l.to_string()),
            Kind::King(w) => kv("king", format!("{l}:{w}")),
            Kind::Custom(n, w) => kv(&format!("customPiece{n}"), format!("{l}:{w}")),
        }
        let name = match &kinds[i] {
            Kind::Pawn => "Pawn".to_string(),
            Kind::ShogiPawn => "ShogiPawn".to_string(),
            Kind::King(_) => "King".to_string(),
            Kind::Custom(n, _) => format!("CustomPiece{n}"),
        };
        let region = match (p.confined_to, p.barred_from) {
            (Some(_), Some(_)) => {
                return refuse(
                    "both `confined to` and `never enters`",
                    pc(p, "confined_to"),
                );
            }
            (Some(z), None) => Some((zones[z.index()].cells.clone(), false)),
            (None, Some(z)) => Some((zones[z.index()].cells.clone(), true)),
            (None, None) => None,
        };
        if let Some((cells, invert)) = region {
            for (side, colour) in ["White", "Black"].iter().enumerate() {
                let set: Vec<Cell> = if invert {
                    all_cells(board)
                        .into_iter()
                        .filter(|c| !cells[side].contains(c))
                        .collect()
                } else {
                    cells[side].clone()
                };
                kv(
                    &format!("mobilityRegion{colour}{name}"),
                    squares(board, &set),
                );
            }
        }
    }
    kv("startFen", setup.clone());

    // Promotions.
    let mut region: Option<&Vec<Vec<Cell>>> = None;
    let mut piece_mandatory: Option<bool> = None;
    let mut promoted: Vec<String> = Vec::new();
    let mut pawn_promotion: Option<&Promotion> = None;
    for (i, p) in pieces.iter().enumerate() {
        if p.promotions.len() > 1 {
            return refuse(
                "several promotion rules for one type: Fairy-Stockfish has one",
                pc(p, "promotions"),
            );
        }
        let Some(pr) = p.promotions.first() else {
            continue;
        };
        let Promotion {
            swap,
            zone,
            trigger,
            obligation,
            to,
            deferred_after_drop_in,
        } = pr;
        let here = pc(p, "promotions");
        if *swap {
            return refuse(
                "a swap promotion (`stronger captive`): Fairy-Stockfish has none",
                here,
            );
        }
        if deferred_after_drop_in.is_some() {
            return refuse("a deferred promotion: Fairy-Stockfish has none", here);
        }
        let cells = &zones[zone.index()].cells;
        if region.is_some_and(|r| r != cells) {
            return refuse(
                "promotion zones that differ between types: Fairy-Stockfish has one promotion region",
                here,
            );
        }
        region = Some(cells);
        if kinds[i] == Kind::Pawn {
            match trigger {
                Trigger::EndingIn => {}
                Trigger::Entering if !leaves(board, &p.moves, cells, true) => {}
                _ => {
                    return refuse(
                        "a pawn promotion not triggered by ending in its zone: Fairy-Stockfish's pawn promotes on reaching it",
                        here,
                    );
                }
            }
            pawn_promotion = Some(pr);
            continue;
        }
        // Fairy-Stockfish's trigger is starting or ending in the zone: the same where no move
        // the two triggers tell apart exists.
        let same = match trigger {
            Trigger::StartingOrEndingIn => true,
            Trigger::EndingIn => !leaves(board, &p.moves, cells, false),
            Trigger::Entering => {
                !leaves(board, &p.moves, cells, false) && !leaves(board, &p.moves, cells, true)
            }
            Trigger::Leaving | Trigger::CapturingIn => false,
        };
        match same {
            true => {}
            false => {
                return refuse(
                    "a piece promotion not triggered by starting or ending in its zone: Fairy-Stockfish's shogi-style promotion is",
                    here,
                );
            }
        }
        if to.len() != 1 || !pieces[to[0].index()].symbol.starts_with('+') {
            return refuse(
                "a piece promoting to a choice, or to a type not written `+X`: Fairy-Stockfish's shogi-style promotion flips to one `+X` type",
                here,
            );
        }
        if pieces[to[0].index()].symbol[1..] != p.symbol {
            return refuse("a piece promoting to another type's `+X`", here);
        }
        let mandatory = match obligation {
            Obligation::Compulsory => true,
            Obligation::Optional | Obligation::CompulsoryWhenStuck => false,
        };
        if piece_mandatory.is_some_and(|m| m != mandatory) {
            return refuse(
                "compulsory and optional piece promotions together: Fairy-Stockfish has one setting",
                here,
            );
        }
        piece_mandatory = Some(mandatory);
        promoted.push(format!("{}:{}", letters[i], letter(to[0])));
    }
    if let Some(cells) = region {
        kv("promotionRegionWhite", squares(board, &cells[0]));
        kv("promotionRegionBlack", squares(board, &cells[1]));
    }
    let pawn_letter = pawn.as_ref().map(|(i, _)| letters[*i]);
    kv(
        "promotionPawnTypes",
        pawn_letter.map_or("-".into(), |c| c.to_string()),
    );
    match pawn_promotion {
        Some(pr) => {
            kv(
                "promotionPieceTypes",
                pr.to.iter().map(|&t| letter(t)).collect::<String>(),
            );
            kv(
                "mandatoryPawnPromotion",
                (pr.obligation == Obligation::Compulsory).to_string(),
            );
        }
        None => {
            if pawn.is_some() {
                kv("promotionRegionWhite", "-".into());
                kv("promotionRegionBlack", "-".into());
            }
            kv("promotionPieceTypes", "-".into());
        }
    }
    kv("promotedPieceType", promoted.join(" "));
    kv(
        "mandatoryPiecePromotion",
        piece_mandatory.unwrap_or(false).to_string(),
    );
    // No piece may come to stand where it can never move, unless FSF's immobility rule (which
    // forbids such moves and drops outright) says the same as the definition.
    stuck_rule(rules, &kinds, *no_drop_where_stuck)?;
    kv("immobilityIllegal", no_drop_where_stuck.to_string());

    // Pawn double steps and en passant.
    match &pawn {
        Some((
            i,
            PawnFacts {
                double_step: Some(z),
            },
        )) => {
            let cells = &zones[z.index()].cells;
            kv("doubleStep", "true".into());
            kv("doubleStepRegionWhite", squares(board, &cells[0]));
            kv("doubleStepRegionBlack", squares(board, &cells[1]));
            let p = &pieces[*i];
            if !p.can_be_taken_en_passant {
                kv("enPassantRegion", "-".into());
            } else if let Some(ez) = p.en_passant_zone {
                let e = &zones[ez.index()].cells;
                kv("enPassantRegionWhite", squares(board, &e[0]));
                kv("enPassantRegionBlack", squares(board, &e[1]));
            }
        }
        _ => kv("doubleStep", "false".into()),
    }

    // Drops.
    kv(
        "pieceDrops",
        (*captures_to_hand || *hands || *captures_to_partner).to_string(),
    );
    kv("capturesToHand", captures_to_hand.to_string());
    if *captures_to_partner {
        kv("twoBoards", "true".into());
    }
    if *promoted_keep_type_in_hand {
        kv("dropLoop", "true".into());
    }
    let mut no_doubled: Option<(char, u8)> = None;
    for (i, p) in pieces.iter().enumerate() {
        let DropRules {
            zone,
            max_per_file,
            max_per_colour,
            may_not_mate: _,
            max_on_board,
            on_both_colours,
        } = &p.drops;
        if *on_both_colours {
            return refuse(
                "`dropped on both colours`: not yet written as Fairy-Stockfish's dropOppositeColoredBishop",
                pc(p, "drops.on_both_colours"),
            );
        }
        if max_per_colour.is_some() {
            return refuse(
                "`at most N per colour`: Fairy-Stockfish has no such limit",
                pc(p, "drops.max_per_colour"),
            );
        }
        if max_on_board.is_some() {
            return refuse(
                "`at most N on the board`: Fairy-Stockfish's promotion limit does not hold for drops",
                pc(p, "drops.max_on_board"),
            );
        }
        if let Some(n) = max_per_file {
            let is_target = pieces.iter().any(|q| {
                q.promotions
                    .iter()
                    .any(|pr| pr.to.contains(&PieceId(i as u8)))
            });
            if no_doubled.is_some() || is_target || !*captures_to_hand {
                return refuse(
                    "`at most N per file` other than on one dropped type: Fairy-Stockfish's rule holds for drops of one type",
                    pc(p, "drops.max_per_file"),
                );
            }
            no_doubled = Some((letters[i], *n));
        }
        if !*captures_to_hand {
            continue;
        }
        let is_pawn = kinds[i] == Kind::Pawn;
        match (zone, is_pawn) {
            (None, false) => {}
            (None, true) => {
                kv("firstRankPawnDrops", "true".into());
                kv("promotionZonePawnDrops", "true".into());
            }
            (Some(z), true) => {
                // FSF's pawn may not be dropped on the first rank or in the promotion zone.
                let cells = &zones[z.index()].cells;
                let ok = (0..2).all(|side| {
                    let first = if side == 0 { 0 } else { *ranks as i32 - 1 };
                    let want: Vec<Cell> = all_cells(board)
                        .into_iter()
                        .filter(|&c| {
                            board.coords(c).1 != first
                                && !region.is_some_and(|r| r[side].contains(&c))
                        })
                        .collect();
                    cells[side] == want
                });
                if !ok {
                    return refuse(
                        "a pawn drop zone other than off the first rank and the promotion zone",
                        pc(p, "drops.zone"),
                    );
                }
            }
            (Some(_), false) => {
                return refuse(
                    "`drops in ZONE` for one type: Fairy-Stockfish's drop region holds for all",
                    pc(p, "drops.zone"),
                );
            }
        }
    }
    if let Some((l, n)) = no_doubled {
        kv("dropNoDoubled", l.to_string());
        kv("dropNoDoubledCount", n.to_string());
    }

    // Castling.
    if castling.is_empty() {
        kv("castling", "false".into());
    } else {
        let kings: Vec<PieceId> = castling.iter().map(|c| c.king).collect();
        if kings.iter().any(|&k| k != kings[0]) {
            return refuse(
                "castling with two king types: Fairy-Stockfish has one",
                st("castling"),
            );
        }
        let Castling {
            king,
            rook: _,
            king_to,
        } = &castling[0];
        let rights = setup.split(' ').nth(2).unwrap_or("-");
        let home = setup.split([' ', '[']).next().unwrap_or("");
        let rows: Vec<&str> = home.split('/').collect();
        let ks = pieces[king.index()].symbol.clone();
        let file_of = |row: &str, s: &str| expand(row).iter().position(|x| x == s);
        let white = rights.contains(|c: char| c.is_ascii_uppercase());
        let black = rights.contains(|c: char| c.is_ascii_lowercase());
        let wf = rows.last().and_then(|r| file_of(r, &ks));
        let bf = file_of(rows[0], &ks.to_ascii_lowercase());
        let kf = match (white, black) {
            (true, true) if wf == bf => wf,
            (true, false) => wf,
            (false, true) => bf,
            _ => None,
        };
        let Some(kf) = kf.filter(|_| rows.len() == *ranks as usize) else {
            return refuse(
                "castling rights for kings that are not on one file of their first ranks",
                st("castling[0]"),
            );
        };
        let (high, low) = match king_to {
            Some((h, l)) => (*h as usize, *l as usize),
            None => (kf + 2, kf.wrapping_sub(2)),
        };
        if high >= *files as usize || low >= *files as usize {
            return refuse(
                "castling two cells towards a board edge too near the king",
                st("castling[0]"),
            );
        }
        if king_to.is_none() && !rights.chars().all(|c| "KQkq-".contains(c)) {
            return refuse(
                "two-cell castling with rights held by inner rooks (file letters)",
                st("castling[0]"),
            );
        }
        let file = |f: usize| ((b'a' + f as u8) as char).to_string();
        // Fairy-Stockfish's defaults: the king on e, landing on g or c.
        for (key, f, default) in [
            ("castlingKingFile", kf, 4),
            ("castlingKingsideFile", high, 6),
            ("castlingQueensideFile", low, 2),
        ] {
            if f != default {
                kv(key, file(f));
            }
        }
        kv("castling", "true".into());
        kv("castlingKingPiece", letter(*king).to_string());
        kv(
            "castlingRookPieces",
            castling.iter().map(|c| letter(c.rook)).collect::<String>(),
        );
    }

    // Chess960 conventions; a shuffled set-up only with them (Fairy-Stockfish reads any set-up
    // from a FEN, but generates none).
    if *castling_chess960 {
        kv("chess960", "true".into());
    }
    if shuffle.is_some() && !castling_chess960 {
        return refuse(
            "a shuffled set-up without `castling notation chess960`: Fairy-Stockfish generates no set-ups",
            st("shuffle"),
        );
    }

    // How the game ends.
    let value = |o: &Outcome, place: String| -> Result<String> {
        match o {
            Outcome::Win => Ok("win".into()),
            Outcome::Loss => Ok("loss".into()),
            Outcome::Draw => Ok("draw".into()),
            Outcome::Elimination => refuse("elimination: Fairy-Stockfish plays two players", place),
        }
    };
    kv("checkmateValue", value(checkmate, st("checkmate"))?);
    kv("stalemateValue", value(stalemate, st("stalemate"))?);
    kv("stalematePieceCount", stalemate_counts_pieces.to_string());
    kv("flyingGeneral", royals_may_not_face.to_string());
    kv("mustCapture", must_capture.to_string());
    kv("checking", (!no_checks).to_string());
    kv("makpongRule", checked_royal_only_captures.to_string());
    if *no_drop_checks {
        kv("dropChecks", "false".into());
    }
    if *passing {
        kv("pass", "true".into());
    }
    if *facing_draws {
        kv("bikjangRule", "true".into());
    }
    match must_drop.as_slice() {
        [] => {}
        [t] => {
            kv("mustDrop", "true".into());
            kv("mustDropType", letter(*t).to_string());
        }
        _ => {
            return refuse(
                "compulsory drops of several types: Fairy-Stockfish's mustDropType is one",
                st("must_drop"),
            );
        }
    }
    if !mate_needs_check_by.is_empty() {
        return refuse(
            "`checkmate needs a check by`: Fairy-Stockfish's shatar rule names its own pieces",
            st("mate_needs_check_by"),
        );
    }
    if back_and_forth.is_some() {
        return refuse(
            "`back and forth`: Fairy-Stockfish's moveRepetitionIllegal counts its own moves and exempts pieces by their regions",
            st("back_and_forth"),
        );
    }
    if draws_by_value.is_some() {
        return refuse(
            "`draws decided by value`: Fairy-Stockfish's material counting names its own pieces",
            st("draws_by_value"),
        );
    }
    if draw_odds.is_some() {
        return refuse(
            "`draws count for`: Fairy-Stockfish's draw odds only adjudicate",
            st("draw_odds"),
        );
    }
    if let Some(Counting { .. }) = counting {
        return refuse(
            "a counting rule: Fairy-Stockfish's counting rules are fixed per game",
            st("counting"),
        );
    }
    match extinctions.as_slice() {
        [] => {}
        [e] => {
            let Extinction {
                pieces: types,
                at_most,
                against,
                bared_back,
                outcome,
            } = e;
            kv(
                "extinctionValue",
                value(outcome, st("extinctions[0].outcome"))?,
            );
            kv(
                "extinctionPieceTypes",
                if types.is_empty() {
                    "*".into()
                } else {
                    types.iter().map(|&t| letter(t)).collect()
                },
            );
            kv("extinctionPieceCount", at_most.to_string());
            kv("extinctionOpponentPieceCount", against.to_string());
            kv("extinctionClaim", bared_back.to_string());
        }
        _ => {
            return refuse(
                "several extinction rules: Fairy-Stockfish has one",
                st("extinctions[1]"),
            );
        }
    }
    match goals.as_slice() {
        [] => {}
        [g] => {
            let Goal {
                pieces: types,
                zone,
                mode,
            } = g;
            let here = st("goals[0]");
            if types.len() != 1 {
                return refuse(
                    "a goal for several types: Fairy-Stockfish's flag is one type",
                    here,
                );
            }
            let cells = &zones[zone.index()].cells;
            kv("flagPiece", letter(types[0]).to_string());
            kv("flagRegionWhite", squares(board, &cells[0]));
            kv("flagRegionBlack", squares(board, &cells[1]));
            match mode {
                GoalMode::Immediate => {}
                GoalMode::Held => kv("flagMove", "true".into()),
                GoalMode::Safe => kv("flagPieceSafe", "true".into()),
                GoalMode::Answerable => {
                    if !pieces[types[0].index()].royal {
                        return refuse("an answerable goal for a piece that is not the king", here);
                    }
                    kv("flagMove", "true".into());
                }
            }
        }
        _ => {
            return refuse(
                "several goals: Fairy-Stockfish has one flag rule",
                st("goals[1]"),
            );
        }
    }
    kv("checkCounting", check_limit.is_some().to_string());
    match repetition {
        None => {
            return refuse(
                "no repetition rule: Fairy-Stockfish always ends a game on a repetition",
                st("game"),
            );
        }
        Some(Repetition {
            count,
            outcome,
            player,
            perpetual_check_loses,
        }) => {
            kv("nFoldRule", count.to_string());
            // FSF's value is for the side to move after the repeating move, the other player.
            let v = match (outcome, player) {
                (o, None) => value(&opposite(*o), st("repetition"))?,
                (o, Some(p)) => {
                    kv("nFoldValueAbsolute", "true".into());
                    let o = if p.index() == 0 { *o } else { opposite(*o) };
                    value(&o, st("repetition"))?
                }
            };
            kv("nFoldValue", v);
            kv("perpetualCheckIllegal", perpetual_check_loses.to_string());
        }
    }
    kv("nMoveRule", move_limit.map_or(0, |n| n).to_string());
    let resetting: Vec<usize> = (0..pieces.len())
        .filter(|&i| pieces[i].resets_clock)
        .collect();
    if move_limit.is_some() && resetting.iter().any(|&i| kinds[i] != Kind::Pawn) {
        return refuse(
            "`resets the clock` on a piece other than the chess pawn: Fairy-Stockfish resets on every move of such a type",
            pc(&pieces[resetting[0]], "resets_clock"),
        );
    }
    kv(
        "nMoveRuleTypes",
        if resetting.is_empty() {
            "-".into()
        } else {
            resetting.iter().map(|&i| letters[i]).collect()
        },
    );
    if !well_formed(&ini) {
        return refuse(
            "a name or value that would break the variants.ini section",
            st("game"),
        );
    }
    Ok(ini)
}

/// Whether a section is a `[name]` header and `key = value` lines only: no text of the rule set
/// may add a line, a section or a key of its own.
fn well_formed(ini: &str) -> bool {
    let mut lines = ini.lines();
    let header = lines
        .next()
        .and_then(|h| h.strip_prefix('[')?.strip_suffix(']'));
    let name_ok = header.is_some_and(crate::rules::valid_name);
    let line_ok = |l: &str| {
        l.split_once(" = ").is_some_and(|(k, v)| {
            !k.is_empty()
                && k.chars().all(|c| c.is_ascii_alphanumeric())
                && v.chars().all(|c| (' '..='~').contains(&c))
        })
    };
    name_ok && lines.all(line_ok) && !ini.contains('\r')
}

fn opposite(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        other => other,
    }
}

/// Expands a FEN rank into one symbol per file.
fn expand(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut num = 0usize;
    let mut plus = false;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            num = num * 10 + d as usize;
            continue;
        }
        for _ in 0..num {
            out.push(String::new());
        }
        num = 0;
        if c == '+' {
            plus = true;
        } else if c.is_ascii_alphabetic() || c == '*' {
            out.push(if plus { format!("+{c}") } else { c.to_string() });
            plus = false;
        }
    }
    for _ in 0..num {
        out.push(String::new());
    }
    out
}

fn all_cells(board: &Board) -> Vec<Cell> {
    (0..board.cells() as u16)
        .map(Cell)
        .filter(|&c| {
            let (f, r) = board.coords(c);
            board.cell(f, r).is_some()
        })
        .collect()
}

/// A cell list as FSF's Bitboard option: `a1 b1 ...`, or `-` for none.
fn squares(board: &Board, cells: &[Cell]) -> String {
    if cells.is_empty() {
        return "-".into();
    }
    cells
        .iter()
        .map(|&c| {
            let (f, r) = board.coords(c);
            format!("{}{}", (b'a' + f as u8) as char, r + 1)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Recognises the chess pawn: `mfW cfF`, maybe `mfnD` from a zone.
fn chess_pawn(moves: &[MovePart]) -> Option<PawnFacts> {
    let plain = |m: &MovePart, mode: Mode, mut v: Vec<(i8, i8)>| {
        let mut got = m.vectors.clone();
        got.sort();
        v.sort();
        m.range == 1
            && m.mode == mode
            && !m.hop
            && m.from_zone.is_none()
            && m.style != Style::Displace
            && got == v
            && m.paths.iter().all(|p| p.is_empty())
    };
    let mut push = false;
    let mut capture = false;
    let mut double = None;
    for m in moves {
        if plain(m, Mode::Move, vec![(0, 1)]) && !push {
            push = true;
        } else if plain(m, Mode::Capture, vec![(1, 1), (-1, 1)]) && !capture {
            capture = true;
        } else if m.vectors == [(0, 2)]
            && m.range == 1
            && m.mode == Mode::Move
            && !m.hop
            && m.from_zone.is_some()
            && double.is_none()
            && (m.style == Style::Step && m.paths.iter().all(|p| p.is_empty())
                || m.paths == [vec![(0, 1)]])
        {
            double = m.from_zone;
        } else {
            return None;
        }
    }
    (push && capture).then_some(PawnFacts {
        double_step: double,
    })
}

fn is_shogi_pawn(moves: &[MovePart]) -> bool {
    matches!(moves, [m] if m.vectors == [(0, 1)] && m.range == 1 && m.mode == Mode::Both
        && !m.hop && m.from_zone.is_none() && m.style != Style::Displace
        && m.paths.iter().all(|p| p.is_empty()))
}

/// Whether some move of these parts goes from a zone cell to a cell inside (`inside`) or outside
/// the zone, for either player.
fn leaves(board: &Board, moves: &[MovePart], cells: &[Vec<Cell>], inside: bool) -> bool {
    (0..2).any(|side| {
        cells[side].iter().any(|&c| {
            let (f, r) = board.coords(c);
            moves.iter().any(|m| {
                m.vectors.iter().any(|&(x, y)| {
                    let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
                    let reach = if m.range == 1 { 1 } else { 16 };
                    (1..=reach).any(|k| {
                        board
                            .cell(f + x as i32 * k, r + y as i32 * k)
                            .is_some_and(|d| cells[side].contains(&d) == inside)
                    })
                })
            })
        })
    })
}

/// The Betza word FSF reads as exactly these move parts, or a refusal.
fn betza_of(at: &str, p: &PieceType) -> Result<String> {
    let mut word = String::new();
    for (j, m) in p.moves.iter().enumerate() {
        let here = || format!("{at}.moves[{j}]");
        let MovePart {
            vectors,
            range,
            style,
            mode,
            hop,
            lands_behind_screen,
            from_zone,
            paths,
            initial,
            within: _, // with its zone: refused below as a per-zone move
        } = m;
        if *initial {
            return refuse(
                "a first move (Betza `i`): Fairy-Stockfish keeps first-move rights only for its own pieces' gating and castling",
                here(),
            );
        }
        if from_zone.is_some() {
            return refuse(
                "a move usable only from a zone (`moves ... in ZONE`): Fairy-Stockfish has no per-zone moves",
                here(),
            );
        }
        if *style == Style::Displace && !(*range == 1 && is_adjacent(vectors)) {
            return refuse(
                "a displacing move: Fairy-Stockfish has no multiple displacement",
                here(),
            );
        }
        let modality = match mode {
            Mode::Both => "",
            Mode::Move => "m",
            Mode::Capture => "c",
        };
        // Group the vectors by atom.
        let mut atoms: Vec<(i8, i8)> = vectors.iter().map(|&v| betza::atom_of(v)).collect();
        atoms.sort();
        atoms.dedup();
        for atom in atoms {
            let vs: Vec<(i8, i8)> = vectors
                .iter()
                .copied()
                .filter(|&v| betza::atom_of(v) == atom)
                .collect();
            let Some(&(letter, _)) = betza::LEAPERS.iter().find(|(_, a)| *a == atom) else {
                return refuse(
                    format!(
                        "a leap ({},{}): Fairy-Stockfish's atoms are W F D N A H C Z G",
                        atom.0, atom.1
                    ),
                    here(),
                );
            };
            let Some(dirs) = betza::modifiers(atom, &vs) else {
                return refuse(
                    format!(
                        "these directions of {letter}: Fairy-Stockfish's modifiers cannot pick them"
                    ),
                    here(),
                );
            };
            // Paths: explicit ones must be the style's own.
            let lame = *range == 1 && *style == Style::Step && atom.0 >= 2;
            for (i, v) in vs.iter().enumerate() {
                let k = vectors.iter().position(|x| x == v).unwrap_or(i);
                if let Some(path) = paths.get(k).filter(|p| !p.is_empty()) {
                    let default = betza::lame_path(*v);
                    if !(lame && *path == default) {
                        return refuse(
                            "a leap whose blocking cells are not Fairy-Stockfish's",
                            here(),
                        );
                    }
                }
            }
            if *hop {
                let (what, m) = if *lands_behind_screen {
                    ("a grasshopper", 'g')
                } else {
                    ("a hopper", 'p')
                };
                if *range != 0 || !matches!(letter, 'W' | 'F') {
                    return refuse(
                        format!(
                            "{what} other than along rook or bishop lines without limit ({m}R, {m}B)"
                        ),
                        here(),
                    );
                }
                let _ = write!(
                    word,
                    "{modality}{dirs}{m}{}",
                    if letter == 'W' { 'R' } else { 'B' }
                );
                continue;
            }
            if *range != 1 {
                if !matches!(letter, 'W' | 'F' | 'N') {
                    return refuse(
                        format!("a {letter} rider: Fairy-Stockfish rides only W, F and N lines"),
                        here(),
                    );
                }
                if *style == Style::Displace {
                    return refuse("a displacing rider: Fairy-Stockfish has none", here());
                }
                let suffix = match range {
                    0 => letter.to_string(),
                    2..=9 => range.to_string(),
                    _ => {
                        return refuse(
                            format!(
                                "a rider of range {range}: Fairy-Stockfish's ranges are 1 to 9"
                            ),
                            here(),
                        );
                    }
                };
                let _ = write!(word, "{modality}{dirs}{letter}{suffix}");
                continue;
            }
            if lame {
                if !matches!(letter, 'N' | 'A' | 'D' | 'Z') {
                    return refuse(
                        format!(
                            "a stepping {letter} (`n{letter}`): Fairy-Stockfish parses it but generates no moves; its lame leaps are nN nA nD nZ"
                        ),
                        here(),
                    );
                }
                let _ = write!(word, "{modality}{dirs}n{letter}");
            } else {
                let _ = write!(word, "{modality}{dirs}{letter}");
            }
        }
    }
    Ok(word)
}

fn is_adjacent(vectors: &[(i8, i8)]) -> bool {
    vectors.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
}

/// Whether a type can never move from a cell, as FSF's immobility rule sees it: no move to an
/// empty cell of the board on an otherwise empty board.
fn stuck(board: &Board, p: &PieceType, side: usize, cell: Cell) -> bool {
    let (f, r) = board.coords(cell);
    !p.moves.iter().any(|m| {
        m.mode != Mode::Capture
            && !m.hop
            && m.vectors.iter().any(|&(x, y)| {
                let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
                board.cell(f + x as i32, r + y as i32).is_some()
            })
    })
}

/// Checks that FSF's `immobilityIllegal` (as set) agrees with the definition: with it, no
/// ordinary move or drop may put a piece where it is stuck, which the definition must say by a
/// promotion compulsory there (or `no drop where stuck` for drops); without it, no move the
/// definition forbids for being stuck may exist.
fn stuck_rule(rules: &RuleSet, kinds: &[Kind], immobility: bool) -> Result<()> {
    let board = &rules.board;
    for (i, p) in rules.pieces.iter().enumerate() {
        let _ = &kinds[i];
        for side in 0..2 {
            for cell in all_cells(board) {
                if !stuck(board, p, side, cell) {
                    continue;
                }
                // Does a promotion always fire, compulsorily when stuck, on moves ending here?
                let forced = p.promotions.iter().any(|pr| {
                    let inz = rules.zones[pr.zone.index()].cells[side].contains(&cell);
                    inz && pr.obligation != Obligation::Optional
                        && matches!(
                            pr.trigger,
                            Trigger::EndingIn | Trigger::StartingOrEndingIn | Trigger::Entering
                        )
                });
                let optional_here = p.promotions.iter().any(|pr| {
                    rules.zones[pr.zone.index()].cells[side].contains(&cell)
                        && pr.obligation == Obligation::Optional
                });
                let reachable = reachable(board, p, side, cell);
                if immobility && reachable && !forced {
                    return refuse(
                        format!(
                            "`{}` may move where it can never move again: Fairy-Stockfish's immobility rule (from `no drop where stuck`) would forbid it",
                            p.name
                        ),
                        "no_drop_where_stuck",
                    );
                }
                if immobility && optional_here && reachable {
                    return refuse(
                        format!(
                            "`{}` has an optional promotion where it would be stuck",
                            p.name
                        ),
                        piece_path(&rules.pieces, p, "promotions"),
                    );
                }
                if !immobility
                    && reachable
                    && forced
                    && !p
                        .promotions
                        .iter()
                        .all(|pr| pr.obligation == Obligation::Compulsory)
                {
                    return refuse(
                        "`compulsory when stuck` without `no drop where stuck`: Fairy-Stockfish ties both to its immobility rule",
                        piece_path(&rules.pieces, p, "promotions"),
                    );
                }
            }
        }
    }
    Ok(())
}

/// Whether some move of the type ends on a cell (from any cell, on an empty board).
fn reachable(board: &Board, p: &PieceType, side: usize, cell: Cell) -> bool {
    let (f, r) = board.coords(cell);
    p.moves.iter().any(|m| {
        m.vectors.iter().any(|&(x, y)| {
            let (x, y) = if side == 0 { (x, y) } else { (-x, -y) };
            let reach = if m.range == 1 { 1 } else { 16 };
            (1..=reach).any(|k| board.cell(f - x as i32 * k, r - y as i32 * k).is_some())
        })
    })
}

/// The mechanics lists read back into one value per rule, as Fairy-Stockfish's keys want them.
/// Every arm of every list is matched here, so a new mechanism must be placed (or refused).
#[derive(Default)]
struct Flat {
    royals_may_not_face: bool,
    passing: bool,
    passing_when_stuck: bool,
    drops_enclose: bool,
    drops_touch: bool,
    free_drops: Vec<PieceId>,
    no_drop_where_stuck: bool,
    castling_by_drops: Option<(ZoneId, ZoneId)>,
    flip_enclosed: bool,
    captures_explode: bool,
    pieces_leave_walls: bool,
    neighbours_flip: bool,
    no_checks: bool,
    no_drop_checks: bool,
    must_drop: Vec<PieceId>,
    checked_royal_only_captures: bool,
    must_capture: bool,
    goals: Vec<Goal>,
    extinctions: Vec<Extinction>,
    full_board_ends: bool,
    facing_draws: bool,
    check_limit: Option<u8>,
    back_and_forth: Option<BackAndForth>,
    repetition: Option<Repetition>,
    move_limit: Option<u16>,
    counting: Option<Counting>,
    mate_needs_check_by: Vec<PieceId>,
    stalemate_counts_pieces: bool,
    draw_odds: Option<PlayerId>,
    draws_by_value: Option<ValueDraws>,
}

impl Flat {
    fn of(rules: &RuleSet) -> Flat {
        let mut f = Flat::default();
        for m in &rules.moves {
            match m {
                MoveRule::RoyalsMayNotFace => f.royals_may_not_face = true,
                MoveRule::Passing { when_stuck: false } => f.passing = true,
                MoveRule::Passing { when_stuck: true } => f.passing_when_stuck = true,
            }
        }
        for d in &rules.drops {
            match d {
                // The start zone is refused with the rule.
                DropRule::Enclose { start: _ } => f.drops_enclose = true,
                DropRule::TouchOwn => f.drops_touch = true,
                DropRule::Free { pieces } => f.free_drops = pieces.clone(),
                DropRule::NotWhereStuck => f.no_drop_where_stuck = true,
            }
        }
        for e in &rules.effects {
            match e {
                Effect::CastlingByDrops { kings, partners } => {
                    f.castling_by_drops = Some((*kings, *partners))
                }
                Effect::FlipEnclosed => f.flip_enclosed = true,
                // The survivors are refused with the blast.
                Effect::Blast {
                    spare_nearby: _,
                    spare_always: _,
                } => f.captures_explode = true,
                Effect::LeaveWalls => f.pieces_leave_walls = true,
                Effect::FlipNeighbours => f.neighbours_flip = true,
            }
        }
        for x in &rules.filters {
            match x {
                Filter::NoChecks { drops_only: false } => f.no_checks = true,
                Filter::NoChecks { drops_only: true } => f.no_drop_checks = true,
                Filter::MustDrop { pieces } => f.must_drop = pieces.clone(),
                Filter::CheckedRoyalOnlyCaptures => f.checked_royal_only_captures = true,
                Filter::MustCapture => f.must_capture = true,
            }
        }
        for e in &rules.endings {
            match e {
                EndingRule::Extinction(x) => f.extinctions.push(x.clone()),
                EndingRule::Goal(g) => f.goals.push(g.clone()),
                EndingRule::FullBoard => f.full_board_ends = true,
                EndingRule::Facing => f.facing_draws = true,
                EndingRule::CheckLimit { checks } => f.check_limit = Some(*checks),
                EndingRule::BackAndForth(b) => f.back_and_forth = Some(b.clone()),
                EndingRule::Repetition(r) => f.repetition = Some(r.clone()),
                EndingRule::MoveLimit { moves } => f.move_limit = Some(*moves),
                EndingRule::Counting(c) => f.counting = Some(c.clone()),
            }
        }
        for v in &rules.verdicts {
            match v {
                Verdict::MateNeedsCheckBy { pieces } => f.mate_needs_check_by = pieces.clone(),
                Verdict::StalemateCountsPieces => f.stalemate_counts_pieces = true,
                Verdict::DrawOdds { player } => f.draw_odds = Some(*player),
                Verdict::DrawsByValue(d) => f.draws_by_value = Some(*d),
            }
        }
        f
    }
}
