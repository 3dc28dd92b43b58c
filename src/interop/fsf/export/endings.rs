//! How the game ends: checkmate and stalemate, the mechanics entries that become Fairy-Stockfish's
//! rule keys, extinction, the flag, repetition and the move limit.

use super::ini::{Ini, squares};
use super::mechanics::{Said, Say};
use super::pieces::{Kind, Types};
use super::refusal::{Result, piece_path, refuse};
use crate::rules::{Extinction, Goal, GoalMode, Line, Outcome, PieceId, Repetition, Row, RuleSet};

/// An outcome as FSF's value keys say it.
fn value(o: &Outcome, place: String) -> Result<String> {
    match o {
        Outcome::Win => Ok("win".into()),
        Outcome::Loss => Ok("loss".into()),
        Outcome::Draw => Ok("draw".into()),
        Outcome::Elimination => refuse("elimination: Fairy-Stockfish plays two players", place),
    }
}

fn opposite(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        other => other,
    }
}

/// Writes the keys of the endings and of the rules on moves, or refuses.
pub(super) fn write(
    ini: &mut Ini,
    rules: &RuleSet,
    types: &Types,
    said: &Said,
    checkmate: &Outcome,
    stalemate: &Outcome,
) -> Result<()> {
    let st = |path: &str| rules.entry_path(path);
    ini.kv("checkmateValue", value(checkmate, st("checkmate"))?);
    ini.kv("stalemateValue", value(stalemate, st("stalemate"))?);
    ini.kv("stalematePieceCount", said.has(Say::StalematePieceCount));
    ini.kv("flyingGeneral", said.has(Say::FlyingGeneral));
    ini.kv("mustCapture", said.has(Say::MustCapture));
    ini.kv("checking", !said.has(Say::NoChecking));
    ini.kv("makpongRule", said.has(Say::Makpong));
    if said.has(Say::NoDropChecks) {
        ini.kv("dropChecks", "false");
    }
    // varia's pass is the royal piece's: with no royal type it is never played (`check` warns),
    // and FSF's `pass` would play it.
    if said.has(Say::Pass) && rules.pieces.iter().any(|p| p.royal) {
        ini.kv("pass", "true");
    }
    if said.has(Say::Bikjang) {
        ini.kv("bikjangRule", "true");
    }
    for (_, petrified) in said.all(|s| match s {
        Say::Petrify(types) => Some(types),
        _ => None,
    }) {
        let letters: String = petrified.iter().map(|&t| types.letter(t)).collect();
        ini.kv("petrifyOnCaptureTypes", letters);
    }
    blast(ini, rules, types, said)?;
    for (_, (rule, zone)) in said.all(|s| match s {
        Say::Walling(rule, zone) => Some((rule, zone)),
        _ => None,
    }) {
        ini.kv("wallingRule", rule);
        if let Some(z) = zone {
            let cells = &rules.zones[z.index()].cells;
            ini.kv("wallingRegionWhite", squares(&rules.board, &cells[0]));
            ini.kv("wallingRegionBlack", squares(&rules.board, &cells[1]));
        }
    }
    for (_, only) in said.all(|s| match s {
        Say::Gating(only) => Some(only),
        _ => None,
    }) {
        ini.kv("gating", "true");
        ini.kv("seirawanGating", "true");
        if only {
            ini.kv("pieceDrops", "false");
        }
    }
    let must_drop = said.all(|s| match s {
        Say::MustDrop(types) => Some(types),
        _ => None,
    });
    for (at, must) in must_drop {
        match must {
            [] => {}
            [t] => {
                ini.kv("mustDrop", "true");
                ini.kv("mustDropType", types.letter(*t));
            }
            // Every type that can be held is listed: FSF's mustDrop of any type.
            several
                if super::drops::held_types(rules, types).is_some_and(|held| {
                    held.iter().all(|t| several.contains(&PieceId(*t as u8)))
                }) =>
            {
                ini.kv("mustDrop", "true");
            }
            _ => {
                return refuse(
                    "compulsory drops of several types, not of every type held: Fairy-Stockfish's mustDropType is one type or all",
                    at,
                );
            }
        }
    }
    said.refuse_unsaid(true)?;
    super::stones::write(ini, rules, checkmate, said)?;
    extinction(ini, types, said)?;
    flag(ini, rules, types, said)?;
    connect(ini, types, said)?;
    ini.kv("checkCounting", said.has(Say::CheckCounting));
    repetition(ini, said)?;
    move_limit(ini, rules, types, said)
}

/// Writes FSF's blast rule: its pawn, and only it, survives the blasts of captures next to it;
/// `blastImmuneTypes` survive every blast. FSF follows blasts (a move may not blow up its own
/// royal piece, touching royal pieces are safe) only for its pseudo-royal pieces, so the royal
/// type (written as a custom piece) must be the extinction type, lost when extinct, and is
/// made pseudo-royal.
fn blast(ini: &mut Ini, rules: &RuleSet, types: &Types, said: &Said) -> Result<()> {
    for (at, (nearby, always)) in said.all(|s| match s {
        Say::Blast(nearby, always) => Some((nearby, always)),
        _ => None,
    }) {
        let pawns: Vec<PieceId> = (0..types.kinds.len())
            .filter(|&i| matches!(types.kinds[i], Kind::Pawn))
            .map(|i| PieceId(i as u8))
            .filter(|t| !always.contains(t))
            .collect();
        let mut spared = nearby.to_vec();
        spared.sort_by_key(|t| t.index());
        if spared != pawns {
            return refuse(
                "`survives nearby blasts` on other types than the chess pawn: Fairy-Stockfish spares its pawn, and only it",
                at,
            );
        }
        if !said
            .all(|s| matches!(s, Say::Petrify(_)).then_some(()))
            .is_empty()
        {
            return refuse(
                "`captures explode` with `capturing TYPE... become walls`: Fairy-Stockfish's blast replaces its petrification",
                at,
            );
        }
        if !said
            .all(|s| matches!(s, Say::Walling(..)).then_some(()))
            .is_empty()
        {
            return refuse(
                "`captures explode` with walls: Fairy-Stockfish places the wall among the cells empty before the blast",
                at,
            );
        }
        ini.kv("blastOnCapture", "true");
        if !always.is_empty() {
            let letters: String = always.iter().map(|&t| types.letter(t)).collect();
            ini.kv("blastImmuneTypes", letters);
        }
        let royals: Vec<PieceId> = (0..rules.pieces.len())
            .filter(|&i| rules.pieces[i].royal)
            .map(|i| PieceId(i as u8))
            .collect();
        if royals.is_empty() {
            continue;
        }
        let lost = said.all(|s| match s {
            Say::Extinction(x) => Some(x),
            _ => None,
        });
        let pseudo = matches!(lost.as_slice(), [(_, x)] if x.pieces == royals
            && (!x.together || royals.len() == 1)
            && x.at_most == 0 && x.against == 0 && !x.bared_back && x.outcome == Outcome::Loss);
        if !pseudo {
            return refuse(
                "`captures explode` with a royal type that is not the one type whose extinction loses: Fairy-Stockfish follows blasts for its pseudo-royal extinction pieces only",
                at,
            );
        }
        ini.kv("extinctionPseudoRoyal", "true");
    }
    Ok(())
}

/// Writes the extinction rule.
fn extinction(ini: &mut Ini, types: &Types, said: &Said) -> Result<()> {
    let extinctions = said.all(|s| match s {
        Say::Extinction(x) => Some(x),
        _ => None,
    });
    match extinctions.as_slice() {
        [] => {}
        [(at, e)] => {
            let Extinction {
                pieces,
                together,
                at_most,
                against,
                bared_back,
                outcome,
            } = e;
            if *together && pieces.len() > 1 {
                return refuse(
                    "`extinction of all of TYPE...` (types counted together): Fairy-Stockfish counts each type on its own",
                    *at,
                );
            }
            ini.kv("extinctionValue", value(outcome, format!("{at}.outcome"))?);
            ini.kv(
                "extinctionPieceTypes",
                if pieces.is_empty() {
                    "*".into()
                } else {
                    pieces.iter().map(|&t| types.letter(t)).collect::<String>()
                },
            );
            ini.kv("extinctionPieceCount", at_most);
            ini.kv("extinctionOpponentPieceCount", against);
            ini.kv("extinctionClaim", bared_back);
        }
        [_, (at, _), ..] => {
            return refuse("several extinction rules: Fairy-Stockfish has one", *at);
        }
    }
    Ok(())
}

/// Writes the goal as FSF's flag rule.
fn flag(ini: &mut Ini, rules: &RuleSet, types: &Types, said: &Said) -> Result<()> {
    let goals = said.all(|s| match s {
        Say::Flag(g) => Some(g),
        _ => None,
    });
    match goals.as_slice() {
        [] => {}
        [(at, g)] => {
            let Goal {
                pieces,
                zone,
                mode,
                count,
            } = g;
            let here = at.to_string();
            if pieces.len() != 1 {
                return refuse(
                    "a goal for several types: Fairy-Stockfish's flag is one type",
                    here,
                );
            }
            let board = &rules.board;
            let cells = &rules.zones[zone.index()].cells;
            ini.kv("flagPiece", types.letter(pieces[0]));
            ini.kv("flagRegionWhite", squares(board, &cells[0]));
            ini.kv("flagRegionBlack", squares(board, &cells[1]));
            if *count != 1 {
                ini.kv("flagPieceCount", count);
            }
            match mode {
                GoalMode::Immediate => {}
                GoalMode::Held => ini.kv("flagMove", "true"),
                GoalMode::Safe => ini.kv("flagPieceSafe", "true"),
                GoalMode::Answerable => {
                    if !rules.pieces[pieces[0].index()].royal {
                        return refuse("an answerable goal for a piece that is not the king", here);
                    }
                    ini.kv("flagMove", "true");
                }
            }
        }
        [_, (at, _), ..] => {
            return refuse("several goals: Fairy-Stockfish has one flag rule", *at);
        }
    }
    Ok(())
}

/// Writes the row rule as FSF's connect rule.
fn connect(ini: &mut Ini, types: &Types, said: &Said) -> Result<()> {
    let rows = said.all(|s| match s {
        Say::Connect(r) => Some(r),
        _ => None,
    });
    match rows.as_slice() {
        [] => {}
        [(at, r)] => {
            let Row {
                length,
                pieces,
                lines,
                zone,
                outcome,
            } = r;
            if zone.is_some() {
                return refuse(
                    "a row inside a zone: Fairy-Stockfish's connectN looks at the whole board",
                    format!("{at}.zone"),
                );
            }
            ini.kv("connectN", length);
            // Every type is FSF's default (it does not read `*` here as it does for extinction).
            if !pieces.is_empty() {
                let letters = pieces.iter().map(|&t| types.letter(t));
                ini.kv("connectPieceTypes", letters.collect::<String>());
            }
            ini.kv("connectHorizontal", lines.contains(&Line::Horizontal));
            ini.kv("connectVertical", lines.contains(&Line::Vertical));
            ini.kv("connectDiagonal", lines.contains(&Line::Diagonal));
            // FSF's value is for the player who made the row, as the rule's outcome is.
            ini.kv("connectValue", value(outcome, format!("{at}.outcome"))?);
        }
        [_, (at, _), ..] => {
            return refuse("several row rules: Fairy-Stockfish has one connectN", *at);
        }
    }
    Ok(())
}

/// Writes the repetition rule; a game without one gets `nFoldRule = 0`, FSF's "no repetition
/// rule" (its `is_game_end` looks for repetitions only while the count is not 0).
fn repetition(ini: &mut Ini, said: &Said) -> Result<()> {
    let repetition = said.all(|s| match s {
        Say::NFold(r) => Some(r),
        _ => None,
    });
    let Some(&(at, r)) = repetition.first() else {
        ini.kv("nFoldRule", 0);
        return Ok(());
    };
    let Repetition {
        count,
        outcome,
        player,
        perpetual_check_loses,
    } = r;
    ini.kv("nFoldRule", count);
    // FSF's value is for the side to move after the repeating move, the other player.
    let v = match (outcome, player) {
        (o, None) => value(&opposite(*o), at.to_string())?,
        (o, Some(p)) => {
            ini.kv("nFoldValueAbsolute", "true");
            let o = if p.index() == 0 { *o } else { opposite(*o) };
            value(&o, at.to_string())?
        }
    };
    ini.kv("nFoldValue", v);
    ini.kv("perpetualCheckIllegal", perpetual_check_loses);
    Ok(())
}

/// Writes the move limit and the types whose moves reset its count.
fn move_limit(ini: &mut Ini, rules: &RuleSet, types: &Types, said: &Said) -> Result<()> {
    let move_limit = said
        .all(|s| match s {
            Say::NMoveRule(n) => Some(n),
            _ => None,
        })
        .first()
        .map(|&(_, n)| n);
    ini.kv("nMoveRule", move_limit.unwrap_or(0));
    let pieces = &rules.pieces;
    let resetting: Vec<usize> = (0..pieces.len())
        .filter(|&i| pieces[i].resets_clock)
        .collect();
    if move_limit.is_some() && resetting.iter().any(|&i| types.kinds[i] != Kind::Pawn) {
        return refuse(
            "`resets the clock` on a piece other than the chess pawn: Fairy-Stockfish resets on every move of such a type",
            piece_path(pieces, &pieces[resetting[0]], "resets_clock"),
        );
    }
    ini.kv(
        "nMoveRuleTypes",
        if resetting.is_empty() {
            "-".into()
        } else {
            resetting
                .iter()
                .map(|&i| types.letters[i])
                .collect::<String>()
        },
    );
    Ok(())
}
