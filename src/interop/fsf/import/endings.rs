//! How the game ends: checkmate, stalemate and the rules on checks, captures and drops;
//! extinction, the flag and the check limit; repetition and the move limit.

use super::draft::{Cells, Draft, outcome, pname, squares};
use super::tree::{at, int, name, names};
use crate::rules::{Outcome, WallCells};
use crate::syntax::{Flag, GoalRider, RowLines, Span, Statement, TypesPhrase, Verdict};

/// Hands, checkmate, stalemate and the rules on checks, captures and drops.
pub(super) fn outcomes(d: &mut Draft) -> Result<(), String> {
    let sp = Span::default();
    if d.hands {
        d.ends.push(Statement::Flag(Flag::CapturesToHand, sp));
    }
    if d.setup_hands || (d.gating.is_some() && !d.hands) {
        d.ends.push(Statement::Flag(Flag::HaveHands, sp));
    }
    if let Some(without_drops) = d.gating {
        // Gating rights stand on the castling ranks: the FEN's file letters give them.
        let (w, b) = (d.rank(0), d.rank(d.ranks - 1));
        d.zone("gating-cells", &w, &b)?;
        d.ends
            .push(Statement::Gating(sp, name("gating-cells"), without_drops));
    }
    let cm = d.keys.take("checkmateValue").unwrap_or("loss".into());
    let cm = outcome("checkmateValue", &cm)?;
    d.ends.push(Statement::Checkmate(at(cm)));
    let sm = d.keys.take("stalemateValue").unwrap_or("draw".into());
    let sm = outcome("stalemateValue", &sm)?;
    d.ends.push(Statement::Stalemate(at(sm)));
    let flags: [(&str, bool, Statement); 6] = [
        (
            "stalematePieceCount",
            true,
            Statement::Flag(Flag::StalemateCount, sp),
        ),
        (
            "flyingGeneral",
            true,
            Statement::Flag(Flag::RoyalsMayNotFace, sp),
        ),
        ("mustCapture", true, Statement::Flag(Flag::MustCapture, sp)),
        ("checking", false, Statement::Flag(Flag::NoChecks, sp)),
        ("makpongRule", true, Statement::Flag(Flag::CheckedRoyal, sp)),
        ("dropChecks", false, Statement::Flag(Flag::NoDropChecks, sp)),
    ];
    for (k, when, statement) in flags {
        if d.keys.bool(k, !when)? == when {
            d.ends.push(statement);
        }
    }
    if let Some(t) = d.keys.take("petrifyOnCaptureTypes") {
        let types = d.letters_of("petrifyOnCaptureTypes", &t)?;
        if !types.is_empty() {
            d.ends.push(Statement::Types(
                TypesPhrase::Petrify,
                names(&types),
                Span::default(),
            ));
        }
    }
    walling(d)?;
    let must_drop_type = d.keys.take("mustDropType");
    if d.keys.bool("mustDrop", false)? {
        match must_drop_type.as_deref() {
            None | Some("*") => {
                // Any piece in hand: a drop of every type.
                let types: Vec<String> = d
                    .pieces
                    .iter()
                    .filter(|p| !p.key.starts_with('+'))
                    .map(pname)
                    .collect();
                d.ends.push(Statement::Types(
                    TypesPhrase::MustDrop,
                    names(&types),
                    Span::default(),
                ));
            }
            Some(t) => {
                let types = d.letters_of("mustDropType", t)?;
                d.ends.push(Statement::Types(
                    TypesPhrase::MustDrop,
                    names(&types),
                    Span::default(),
                ));
            }
        }
    }
    Ok(())
}

/// `wallingRule` (`arrow`, `static`, `duck`) and its regions: a wall placed as a move's second
/// part, on the zone `wall-cells` where the regions are not the whole board.
fn walling(d: &mut Draft) -> Result<(), String> {
    let Some(rule) = d.keys.take("wallingRule") else {
        return Ok(());
    };
    let (cells, moves) = match rule.as_str() {
        "none" => return Ok(()),
        "past" => {
            // The wall on the cell the piece leaves, wherever it stands.
            if d.keys.take("wallingRegionWhite").is_some()
                || d.keys.take("wallingRegionBlack").is_some()
            {
                return Err(
                    "`wallingRule = past` with a walling region: varia's walls left \
                            behind go on every cell"
                        .into(),
                );
            }
            d.ends
                .push(Statement::Flag(Flag::LeaveWalls, Span::default()));
            return Ok(());
        }
        "arrow" => (WallCells::Reach, false),
        "static" => (WallCells::Empty, false),
        "duck" => (WallCells::Empty, true),
        other => {
            return Err(format!(
                "`wallingRule = {other}`: only `arrow`, `static`, `duck` and `past` are translated"
            ));
        }
    };
    let all: Cells = (0..d.ranks).flat_map(|r| d.rank(r)).collect();
    let (w, b) = d.region("wallingRegion", all.clone(), all.clone())?;
    let zone = if w.len() == all.len() && b.len() == all.len() {
        None
    } else {
        d.zone("wall-cells", &w, &b)?;
        Some(name("wall-cells"))
    };
    d.ends.push(Statement::WallRule {
        moves,
        cells: at(cells),
        zone,
        span: Span::default(),
    });
    Ok(())
}

pub(super) fn extinction(d: &mut Draft) -> Result<(), String> {
    const KEYS: [&str; 4] = [
        "extinctionPieceTypes",
        "extinctionPieceCount",
        "extinctionOpponentPieceCount",
        "extinctionClaim",
    ];
    match d.keys.take("extinctionValue") {
        None => {
            for k in KEYS {
                if let Some(v) = d.keys.take(k) {
                    d.keys.map.insert(k.into(), v);
                }
            }
            if d.keys.map.contains_key("extinctionPieceTypes")
                && !d.keys.map.contains_key("extinctionValue")
            {
                // FSF ignores the types without a value.
                for k in KEYS {
                    d.keys.take(k);
                }
            }
        }
        Some(v) if v == "none" => {
            for k in KEYS {
                d.keys.take(k);
            }
        }
        Some(v) => {
            let verdict = match outcome("extinctionValue", &v)? {
                Outcome::Win => Verdict::Wins,
                Outcome::Loss => Verdict::Loses,
                _ => Verdict::Draws,
            };
            let types = d.keys.take("extinctionPieceTypes").unwrap_or_default();
            let pieces = if types == "*" {
                Vec::new()
            } else if types.is_empty() || types == "-" {
                return Err("`extinctionValue` without `extinctionPieceTypes`".into());
            } else {
                names(&d.letters_of("extinctionPieceTypes", &types)?)
            };
            let n = d.keys.int("extinctionPieceCount", 0)?;
            let a = d.keys.int("extinctionOpponentPieceCount", 0)?;
            let claim = d.keys.bool("extinctionClaim", false)?;
            d.ends.push(Statement::Extinction {
                pieces,
                down_to: (n > 0).then(|| int(n)),
                against: (a > 0).then(|| int(a)),
                bared_back: claim,
                verdict: at(verdict),
                span: Span::default(),
            });
        }
    }
    Ok(())
}

/// The flag piece and its region, and the check limit.
pub(super) fn goal(d: &mut Draft) -> Result<(), String> {
    match d.keys.take("flagPiece") {
        None => {
            for k in ["flagRegion", "flagRegionWhite", "flagRegionBlack"] {
                if d.keys.map.contains_key(k) {
                    // Regions without a flag piece: FSF's flag is any piece (ALL_PIECES default).
                    return Err(format!("`{k}` without `flagPiece`"));
                }
            }
            d.keys.take("flagMove");
            d.keys.take("flagPieceSafe");
        }
        Some(v) => {
            if v.len() != 1 {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type"
                ));
            }
            // `-` names no piece.
            let [p] = &d.letters_of("flagPiece", &v)?[..] else {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type"
                ));
            };
            let p = p.clone();
            let (dw, db) = match d.keys.take("flagRegion") {
                Some(b) => (
                    squares(&b, d.files, d.ranks, "flagRegion")?,
                    squares(&b, d.files, d.ranks, "flagRegion")?,
                ),
                None => (Vec::new(), Vec::new()),
            };
            let (w, b) = d.region("flagRegion", dw, db)?;
            d.zone("goal", &w, &b)?;
            let flag_move = d.keys.bool("flagMove", false)?;
            let safe = d.keys.bool("flagPieceSafe", false)?;
            let mode = match (flag_move, safe) {
                (false, false) => None,
                (true, false) => {
                    let king = d
                        .by_letter(v.chars().next().unwrap_or(' '))
                        .is_some_and(|p| p.kind() == "king");
                    Some(if king {
                        GoalRider::Answerable
                    } else {
                        GoalRider::Held
                    })
                }
                (false, true) => Some(GoalRider::Safe),
                _ => return Err("`flagMove` with `flagPieceSafe`".into()),
            };
            d.ends.push(Statement::Goal {
                pieces: vec![name(&p)],
                zone: name("goal"),
                mode: mode.map(at),
                span: Span::default(),
            });
        }
    }
    if d.keys.bool("checkCounting", false)? {
        let f = d.fen.get(4);
        let n = f
            .and_then(|f| f.split('+').next())
            .and_then(|x| x.parse::<u32>().ok())
            .filter(|_| f.is_some_and(|f| f.contains('+')));
        let Some(n) = n else {
            return Err("`checkCounting` without the checks in `startFen`".into());
        };
        d.ends.push(Statement::CheckLimit(int(i64::from(n))));
    }
    Ok(())
}

/// The connect rule (`connectN` and its keys) as a row rule, and drops on top as falling drops.
pub(super) fn connect(d: &mut Draft) -> Result<(), String> {
    let on_top = d.keys.bool("dropOnTop", false)?;
    match d.keys.take("enclosingDrop").as_deref() {
        None | Some("none") => {}
        Some("top") => d
            .ends
            .push(Statement::Flag(Flag::FallingDrops, Span::default())),
        Some(v) => {
            return Err(format!(
                "`enclosingDrop = {v}`: only `none` and `top` are translated"
            ));
        }
    }
    if on_top
        && !d
            .ends
            .iter()
            .any(|s| matches!(s, Statement::Flag(Flag::FallingDrops, _)))
    {
        d.ends
            .push(Statement::Flag(Flag::FallingDrops, Span::default()));
    }
    let n = d.keys.int("connectN", 0)?;
    let types = d.keys.take("connectPieceTypes");
    let h = d.keys.bool("connectHorizontal", true)?;
    let v = d.keys.bool("connectVertical", true)?;
    let g = d.keys.bool("connectDiagonal", true)?;
    let value = d.keys.take("connectValue");
    if n <= 0 {
        // FSF reads the other keys only with a length (and its region and square rules, which
        // varia does not translate, stay to refuse the section).
        return Ok(());
    }
    let pieces = match types.as_deref() {
        None => Vec::new(),
        Some(t) if t.contains(['*', '-']) => {
            return Err(format!(
                "`connectPieceTypes = {t}`: only a list of piece letters is translated"
            ));
        }
        Some(t) => names(&d.letters_of("connectPieceTypes", t)?),
    };
    let verdict = match outcome("connectValue", value.as_deref().unwrap_or("win"))? {
        Outcome::Win => Verdict::Wins,
        Outcome::Loss => Verdict::Loses,
        _ => Verdict::Draws,
    };
    let lines = match (h, v, g) {
        (true, true, true) => vec![],
        (false, false, false) => return Err("`connectN` along no line".into()),
        _ => [
            (h && v, RowLines::Orthogonally),
            (h && !v, RowLines::Horizontally),
            (v && !h, RowLines::Vertically),
            (g, RowLines::Diagonally),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, l)| at(l))
        .collect(),
    };
    d.ends.push(Statement::Row {
        length: int(n),
        pieces,
        lines,
        zone: None,
        verdict: at(verdict),
        span: Span::default(),
    });
    Ok(())
}

/// Repetition and the move limit.
pub(super) fn repetition(d: &mut Draft) -> Result<(), String> {
    let nfold = d.keys.int("nFoldRule", 3)?;
    let nv = d.keys.take("nFoldValue").unwrap_or("draw".into());
    let absolute = d.keys.bool("nFoldValueAbsolute", false)?;
    let perpetual = d.keys.bool("perpetualCheckIllegal", false)?;
    if nfold < 0 {
        return Err(format!(
            "`nFoldRule = {nfold}`: a repetition count below 0 is not translated"
        ));
    }
    // `nFoldRule = 0`: FSF has no repetition rule, and reads neither its value nor perpetual
    // checks.
    if nfold > 0 && absolute {
        return Err("`nFoldValueAbsolute = true`: a repetition result from white's point of view is not translated".into());
    }
    // FSF's value is for the side to move after the repeating move.
    let verdict = match outcome("nFoldValue", &nv)? {
        Outcome::Win => Verdict::Loses,
        Outcome::Loss => Verdict::Wins,
        _ => Verdict::Draws,
    };
    if nfold > 0 {
        d.ends.push(Statement::Repetition {
            count: int(nfold),
            verdict: at(verdict),
            player: None,
            perpetual,
            span: Span::default(),
        });
    }
    if d.move_limit > 0 {
        d.ends.push(Statement::MoveLimit(int(d.move_limit)));
    }
    Ok(())
}
