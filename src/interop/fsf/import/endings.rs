//! How the game ends: checkmate, stalemate and the rules on checks, captures and drops;
//! extinction, the flag and the check limit; repetition and the move limit.

use super::draft::{Cells, Draft, outcome, pname, squares};
use super::tree::{at, int, name, names};
use crate::rules::{Outcome, Royalty, WallCells};
use crate::syntax::{
    Flag, GoalRider, PieceFlag, Property, RowLines, Span, Statement, TypesPhrase, Verdict,
};
use std::collections::BTreeMap;

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
/// FSF's walls in the start position (`*`) where no rule adds or lifts walls: holes, which no
/// piece enters, passes or takes, as FSF's walls. Refused with Reversi's drops (FSF's enclosing
/// rays pass over walls) and with castling (not translated).
pub(super) fn walls_as_holes(d: &mut Draft) -> Result<(), String> {
    let board = d.fen[0].split('[').next().unwrap_or("").to_string();
    if !board.contains('*') {
        return Ok(());
    }
    let walling = d.ends.iter().any(|s| {
        matches!(
            s,
            Statement::WallRule { .. }
                | Statement::Flag(Flag::LeaveWalls, _)
                | Statement::Types(TypesPhrase::Petrify, ..)
        )
    });
    if walling {
        return Ok(());
    }
    if d.ends
        .iter()
        .any(|s| matches!(s, Statement::EnclosingDrops(..)))
    {
        return Err(
            "walls (`*`) in `startFen` with `enclosingDrop = reversi`: Fairy-Stockfish's enclosing rays pass over walls".into(),
        );
    }
    if !d.castling.is_empty() {
        return Err("walls (`*`) in `startFen` with castling: not translated".into());
    }
    let mut cells = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let rank = d.ranks - 1 - i as i32;
        let mut x = 0;
        let mut n = 0;
        for ch in row.chars() {
            if let Some(v) = ch.to_digit(10) {
                n = n * 10 + v as i32;
                continue;
            }
            x += n;
            n = 0;
            if ch == '*' {
                cells.push((x, rank));
            }
            if ch == '*' || ch.is_ascii_alphabetic() {
                x += 1;
            }
        }
    }
    if cells.iter().any(|&(f, r)| f >= d.files || r < 0) {
        return Err("`startFen`: a wall off the board".into());
    }
    d.holes = cells;
    Ok(())
}

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
    if d.keys.bool("extinctionPseudoRoyal", false)? {
        let blast = d
            .keys
            .map
            .get("blastOnCapture")
            .is_some_and(|v| v == "true");
        pseudo_royal(d, blast)?;
        if !blast {
            // Such a piece cannot be taken: extinction never applies.
            for k in KEYS.iter().chain(&["extinctionValue"]) {
                d.keys.take(k);
            }
            return Ok(());
        }
    }
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
                together: false,
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

/// FSF's pseudo-royal extinction (`extinctionPseudoRoyal`): a piece of an extinction type is
/// royal while its owner has at most `extinctionPieceCount` + 1 of the type, and extinction
/// never applies (such a piece cannot be taken). With at most that many pieces of each type a
/// player from the start (more only with a count of 0: `royalty alone`), never more (checked on
/// the compiled rules by [`check_pseudo_royal`]), each is varia's `royal` piece: never left
/// attacked, and its player mated (FSF's stalemate value turns to the checkmate value) when one
/// is attacked without a legal move. FSF's check rules see only its
/// king, so a section with one of them is refused.
fn pseudo_royal(d: &mut Draft, blast: bool) -> Result<(), String> {
    let types = d
        .keys
        .map
        .get("extinctionPieceTypes")
        .cloned()
        .unwrap_or_default();
    if matches!(types.as_str(), "" | "-" | "*") {
        return Err(format!(
            "`extinctionPseudoRoyal` with `extinctionPieceTypes = {types}`: not translated (pseudo-royal types named one by one only)"
        ));
    }
    // A piece is royal while its owner has at most `n` + 1 of its type.
    let n: usize = match d.keys.map.get("extinctionPieceCount").map(|v| v.parse()) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => return Err("`extinctionPieceCount`: not a whole number".into()),
    };
    if n > 0 && (blast || d.hands || d.setup_hands) {
        return Err(format!(
            "`extinctionPseudoRoyal` with `extinctionPieceCount = {n}` and blasts or hands: not translated"
        ));
    }
    for c in types.chars() {
        let Some(p) = d.by_letter(c) else {
            return Err(format!("`extinctionPieceTypes = {types}`: no piece `{c}`"));
        };
        if p.kind() != "king" {
            d.extra(p, Property::Flag(PieceFlag::Royal, Span::default()));
        }
        d.pseudo_royal.push(pname(p));
    }
    // Each player's royal pieces in the start position, by type (a promoted form, `+X`, is not
    // one). FSF counts a player's pieces of each type on the board; varia's `royalty alone`
    // counts its royal pieces together, which is the same while a player holds one type.
    let mut royal: Vec<char> = types.chars().collect();
    royal.extend(d.kind("king").map(|p| p.letter));
    let board = d.fen.first().cloned().unwrap_or_default();
    let mut counts: BTreeMap<(bool, char), usize> = BTreeMap::new();
    let mut promoted = false;
    for ch in board.chars() {
        if ch.is_ascii_alphabetic() && !promoted && royal.contains(&ch.to_ascii_lowercase()) {
            *counts
                .entry((ch.is_ascii_uppercase(), ch.to_ascii_lowercase()))
                .or_default() += 1;
        }
        promoted = ch == '+';
    }
    if n > 0 && counts.values().any(|&c| c > n + 1) {
        return Err(format!(
            "`extinctionPseudoRoyal` with `extinctionPieceCount = {n}` and more than {} pieces of a type: not translated",
            n + 1
        ));
    }
    // With at most `n` + 1 pieces of each type from the start, never more (no promotion makes
    // one: [`check_pseudo_royal`]), and none taken, every one is royal throughout.
    if counts.values().any(|&c| c > n + 1) {
        let one_type = |white: bool| counts.keys().filter(|k| k.0 == white).count() <= 1;
        if blast || d.hands || d.setup_hands || !one_type(true) || !one_type(false) {
            return Err(
                "`extinctionPseudoRoyal` with several pieces of a type: translated only without hands and with one royal type a player"
                    .into(),
            );
        }
        d.ends.push(Statement::Royalty(at(Royalty::Alone)));
    }
    Ok(())
}

/// FSF's blast rule (`blastOnCapture`) as `captures explode`: FSF's pawn survives the blasts of
/// captures next to it (`survives nearby blasts`), `blastImmuneTypes` every blast (`survives
/// blasts`). FSF's king does not follow blasts in its checks (only pseudo-royal pieces do), so a
/// section with one is refused, and so is one that also petrifies (FSF's blast replaces it) or
/// places walls (FSF's wall goes on a cell empty before the blast).
pub(super) fn blast(d: &mut Draft) -> Result<(), String> {
    let immune = d.keys.take("blastImmuneTypes").unwrap_or_default();
    if !d.keys.bool("blastOnCapture", false)? {
        return Ok(());
    }
    if let Some(k) = d.kind("king") {
        return Err(format!(
            "`blastOnCapture` with Fairy-Stockfish's king `{}`, whose checks do not follow blasts",
            k.letter
        ));
    }
    if d.ends
        .iter()
        .any(|s| matches!(s, Statement::Types(TypesPhrase::Petrify, ..)))
    {
        return Err("`blastOnCapture` with `petrifyOnCaptureTypes`: not translated".into());
    }
    if d.ends.iter().any(|s| {
        matches!(
            s,
            Statement::WallRule { .. } | Statement::Flag(Flag::LeaveWalls, _)
        )
    }) {
        // FSF's wall goes on a cell empty before the blast; varia's on one empty after it.
        return Err(
            "`blastOnCapture` with `wallingRule`: Fairy-Stockfish places the wall among the cells empty before the blast, varia after it"
                .into(),
        );
    }
    if d.hands {
        // The blast that ends the game puts the royal piece in the capturer's hand too.
        return Err(
            "`blastOnCapture` with `capturesToHand`: Fairy-Stockfish puts every blasted piece in hand, a blasted royal piece too, which varia's hands cannot hold"
                .into(),
        );
    }
    let immune = if immune.is_empty() {
        Vec::new()
    } else {
        d.letters_of("blastImmuneTypes", &immune)?
    };
    d.ends
        .push(Statement::Flag(Flag::CapturesExplode, Span::default()));
    for p in d.pieces {
        let nearby = if immune.contains(&pname(p)) {
            false
        } else if p.kind() == "pawn" {
            true
        } else {
            continue;
        };
        d.extra(
            p,
            Property::SurvivesBlasts {
                nearby,
                span: Span::default(),
            },
        );
    }
    Ok(())
}

/// FSF's check rules see its king only, not pseudo-royal pieces (made `royal`, which varia's
/// rules see): without a king they never apply and are left out; with one, a section that
/// uses one of them with `extinctionPseudoRoyal` is refused. Called before the keys are read.
pub(super) fn pseudo_royal_checks(d: &mut Draft) -> Result<(), String> {
    if d.keys
        .map
        .get("extinctionPseudoRoyal")
        .is_none_or(|v| v != "true")
    {
        return Ok(());
    }
    let king = d.kind("king").is_some();
    for (k, default) in [
        ("checkCounting", "false"),
        ("dropChecks", "true"),
        ("checking", "true"),
        ("perpetualCheckIllegal", "false"),
        ("shatarMateRule", "false"),
        ("dupleCheck", "false"),
        ("makpongRule", "false"),
        ("flyingGeneral", "false"),
        ("shogiPawnDropMateIllegal", "false"),
    ] {
        match d.keys.map.get(k) {
            Some(v) if v != default && king => {
                return Err(format!(
                    "`extinctionPseudoRoyal` with `{k} = {v}`: Fairy-Stockfish's check rules see its king only, not pseudo-royal pieces"
                ));
            }
            Some(_) if !king => {
                d.keys.take(k);
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks that no piece can become one of a pseudo-royal type (made `royal`): no promotion or
/// effect makes one.
pub(super) fn check_pseudo_royal(
    rules: &crate::rules::RuleSet,
    types: &[String],
) -> Result<(), String> {
    if types.is_empty() {
        return Ok(());
    }
    // A blast only takes pieces away.
    if rules
        .effects
        .iter()
        .any(|e| !matches!(e, crate::rules::Effect::Blast { .. }))
    {
        return Err(
            "`extinctionPseudoRoyal` with a rule that changes pieces (an effect): not translated"
                .into(),
        );
    }
    for t in types {
        let Some(id) = rules.pieces.iter().position(|p| &p.name == t) else {
            return Err(format!("piece `{t}` missing after compiling"));
        };
        if rules.pieces.iter().any(|p| {
            p.promotions
                .iter()
                .any(|pr| pr.swap || pr.to.iter().any(|x| x.index() == id))
        }) {
            return Err(format!(
                "`extinctionPseudoRoyal`: a piece may promote to `{t}`, which Fairy-Stockfish's pseudo-royalty counts"
            ));
        }
    }
    Ok(())
}

/// The flag piece and its region, and the check limit.
pub(super) fn goal(d: &mut Draft) -> Result<(), String> {
    // FSF's flag piece is any piece (`*`, its default) or one type.
    let flag = d.keys.take("flagPiece");
    let (dw, db) = match d.keys.take("flagRegion") {
        Some(b) => (
            squares(&b, d.files, d.ranks, "flagRegion")?,
            squares(&b, d.files, d.ranks, "flagRegion")?,
        ),
        None => (Vec::new(), Vec::new()),
    };
    let (w, b) = d.region("flagRegion", dw, db)?;
    let flag_move = d.keys.bool("flagMove", false)?;
    let safe = d.keys.bool("flagPieceSafe", false)?;
    let count = d.keys.int("flagPieceCount", 1)?;
    if !(1..=255).contains(&count) {
        return Err(format!("`flagPieceCount = {count}`: not translated"));
    }
    if w.is_empty() && b.is_empty() {
        // No cell to reach: FSF's flag never wins.
        return check_counting(d);
    }
    let (pieces, king) = match flag.as_deref() {
        None | Some("*") => (d.pieces.iter().map(pname).collect::<Vec<_>>(), false),
        Some(v) => {
            // `-` names no piece.
            let [p] = &d.letters_of("flagPiece", v)?[..] else {
                return Err(format!(
                    "`flagPiece = {v}`: varia's import takes one piece type or `*`"
                ));
            };
            let king = d
                .by_letter(v.chars().next().unwrap_or(' '))
                .is_some_and(|p| p.kind() == "king");
            (vec![p.clone()], king)
        }
    };
    d.zone("goal", &w, &b)?;
    let mode = match (flag_move, safe) {
        (false, false) => None,
        (true, false) => Some(if king {
            GoalRider::Answerable
        } else {
            GoalRider::Held
        }),
        (false, true) => Some(GoalRider::Safe),
        _ => return Err("`flagMove` with `flagPieceSafe`".into()),
    };
    if count > 1 && mode == Some(GoalRider::Answerable) {
        return Err(format!(
            "`flagPieceCount = {count}` with the king's `flagMove`: varia's answerable goal is one piece"
        ));
    }
    d.ends.push(Statement::Goal {
        count: (count > 1).then(|| int(count)),
        pieces: names(&pieces),
        zone: name("goal"),
        mode: mode.map(at),
        span: Span::default(),
    });
    check_counting(d)
}

/// FSF's check counting (`checkCounting`, the checks in `startFen`) as `N checks win`.
fn check_counting(d: &mut Draft) -> Result<(), String> {
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
    // FSF's value is for the side to move after the repeating move, or with
    // `nFoldValueAbsolute` for white, whoever repeats (`for white`).
    let (verdict, player) = match (outcome("nFoldValue", &nv)?, absolute) {
        (Outcome::Win, false) => (Verdict::Loses, None),
        (Outcome::Loss, false) => (Verdict::Wins, None),
        (Outcome::Win, true) => (Verdict::Wins, Some(name("white"))),
        (Outcome::Loss, true) => (Verdict::Loses, Some(name("white"))),
        _ => (Verdict::Draws, None),
    };
    if nfold > 0 {
        d.ends.push(Statement::Repetition {
            count: int(nfold),
            verdict: at(verdict),
            player,
            perpetual,
            span: Span::default(),
        });
    }
    if d.move_limit > 0 {
        d.ends.push(Statement::MoveLimit(int(d.move_limit)));
    }
    Ok(())
}
