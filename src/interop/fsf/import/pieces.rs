//! The pieces' rules: promotion and the pawn's moves, the clock, drops, the start position and
//! castling.

use super::draft::{Cells, Draft, file_of, pname, squares};
use super::in_place;
use super::inherit::Piece;
use super::tree::{at, int, name, names};
use super::words::moves;
use crate::rules::{Obligation, Trigger};
use crate::syntax::{PieceFlag, Property, Span, Statement};

/// Promotion and the pawn's moves.
pub(super) fn pawn_rules(d: &mut Draft) -> Result<(), String> {
    let pawn = d.kind("pawn");
    let (r7, r0) = (d.rank(7), d.rank(0));
    d.promotion = d.region("promotionRegion", r7, r0)?;
    // Without the key, a section with no parent has none (FSF's `reset_pieces`), and a built-in
    // parent's export always writes it.
    let mut promo_types = match d.keys.take("promotionPieceTypes") {
        Some(v) => d.letters_of("promotionPieceTypes", &v)?,
        None => Vec::new(),
    };
    // A shogi-style promotion of the pawn (`promotedPieceType = p:...`) is one choice more.
    if let Some(p) = pawn
        && let Some(form) = d.pieces.iter().find(|q| q.key == format!("+{}", p.letter))
    {
        promo_types.push(pname(form));
    }
    let promo_pawns = d.keys.take("promotionPawnTypes");
    let mandatory = d.keys.bool("mandatoryPawnPromotion", true)?;
    // FSF's sittuyin promotion replaces the promotion by moving.
    let in_place = in_place::sittuyin(d, pawn, &promo_types)?;
    // What the region does to FSF's pawn (`pawn = p`): it promotes there, or with nothing to
    // promote to and promotion compulsory, no move of it ends there.
    let region_rules = !in_place
        && (!d.promotion.0.is_empty() || !d.promotion.1.is_empty())
        && (mandatory || !promo_types.is_empty());
    match (&promo_pawns, pawn) {
        (None, _) => {}
        (Some(v), Some(p)) if v.len() == 1 && v.starts_with(p.letter) => {}
        (Some(v), _) if v == "-" && !(pawn.is_some() && region_rules) => {}
        (Some(v), Some(p)) if v == "-" => {
            return Err(format!(
                "`promotionPawnTypes = -` with a pawn (`pawn = {}`) and a promotion region: Fairy-Stockfish's pawn keeps its promotion rules whatever this key says, which varia's import does not follow",
                p.letter
            ));
        }
        (Some(v), _) => {
            return Err(format!(
                "`promotionPawnTypes = {v}`: only the pawn promotes in varia's import"
            ));
        }
    }
    if !in_place && !mandatory && pawn.is_some() && !promo_types.is_empty() {
        return Err("`mandatoryPawnPromotion = false`: an optional pawn promotion (the pawn may stay a pawn in the region) is not translated".into());
    }
    let Some(p) = pawn else {
        for k in [
            "doubleStep",
            "doubleStepRegionWhite",
            "doubleStepRegionBlack",
            "enPassantRegion",
            "enPassantRegionWhite",
            "enPassantRegionBlack",
        ] {
            d.keys.take(k);
        }
        return Ok(());
    };
    let mut props = vec![moves(&["mfW".into(), "cfF".into()], None)?];
    let double = d.keys.bool("doubleStep", true)?;
    let (r1, r6) = (d.rank(1), d.rank(6));
    let (dw, db) = d.region("doubleStepRegion", r1, r6)?;
    let ep = en_passant(d, double, (&dw, &db))?;
    if double && (!dw.is_empty() || !db.is_empty()) {
        d.zone("pawn-start", &dw, &db)?;
        props.push(moves(&["mfnD".into()], Some("pawn-start"))?);
        if ep {
            props.push(Property::EnPassant(Span::default(), None));
        }
    }
    let (pw, pb) = d.promotion.clone();
    if double && ep && region_rules {
        ep_outside_region((&dw, &db), (&pw, &pb))?;
    }
    if region_rules && promo_types.is_empty() {
        d.zone("promotion", &pw, &pb)?;
        props.push(Property::Barred(name("promotion")));
    } else if region_rules {
        d.zone("promotion", &pw, &pb)?;
        props.push(Property::Promotes {
            captive: false,
            to: names(&promo_types),
            trigger: at(Trigger::EndingIn),
            zone: name("promotion"),
            obligation: Some(at(Obligation::Compulsory)),
            deferred: None,
            span: Span::default(),
        });
    }
    d.extra.insert(p.key.clone(), props);
    Ok(())
}

/// The cells where each side captures en passant: those the other side's double step passes.
fn ep_cells((dw, db): (&Cells, &Cells)) -> [Cells; 2] {
    let passed =
        |cells: &Cells, dy: i32| -> Cells { cells.iter().map(|&(f, r)| (f, r + dy)).collect() };
    [passed(db, -1), passed(dw, 1)]
}

/// Whether the pawn takes en passant. FSF's en-passant regions (the cells a side may capture on)
/// are read exactly when each holds all of that side's en-passant cells or none of them, the
/// same for both sides.
fn en_passant(d: &mut Draft, double: bool, starts: (&Cells, &Cells)) -> Result<bool, String> {
    let both = d.keys.take("enPassantRegion");
    // Per side: whether it captures en passant (`None`: it never could), and the keys that say so.
    let mut allowed = Vec::new();
    for (side, cells) in ["White", "Black"].into_iter().zip(ep_cells(starts)) {
        let key = format!("enPassantRegion{side}");
        let own = d.keys.take(&key);
        if !double || cells.is_empty() {
            allowed.push((None, String::new()));
            continue;
        }
        let (key, value) = match own {
            Some(v) => (key, v),
            None => match &both {
                Some(v) => ("enPassantRegion".to_string(), v.clone()),
                None => {
                    allowed.push((Some(true), format!("no `{key}` (all cells)")));
                    continue;
                }
            },
        };
        let region = squares(&value, d.files, d.ranks, &key)?;
        let inside = cells.iter().filter(|c| region.contains(c)).count();
        if inside == 0 || inside == cells.len() {
            allowed.push((Some(inside > 0), format!("`{key} = {value}`")));
            continue;
        }
        let (f, r) = cells
            .iter()
            .find(|c| !region.contains(c))
            .copied()
            .unwrap_or_default();
        return Err(format!(
            "`{key} = {value}`: {} may capture en passant on some of its en-passant cells but not on {}{}, and varia's en passant holds on all of them or none",
            side.to_lowercase(),
            (b'a' + f as u8) as char,
            r + 1
        ));
    }
    match (&allowed[0], &allowed[1]) {
        ((Some(w), said_w), (Some(b), said_b)) if w != b => {
            let (yes, no) = if *w {
                ("white", "black")
            } else {
                ("black", "white")
            };
            Err(format!(
                "{said_w} with {said_b}: {yes} may capture en passant and {no} may not, and varia's en passant holds for both sides or neither"
            ))
        }
        ((w, _), (b, _)) => Ok(w.or(*b).unwrap_or(true)),
    }
}

/// Refuses a promotion region holding a cell where a pawn captures en passant: FSF's pawn lands
/// there without promoting, and is not kept out of it.
fn ep_outside_region((dw, db): (&Cells, &Cells), (pw, pb): (&Cells, &Cells)) -> Result<(), String> {
    let [white, black] = ep_cells((dw, db));
    for (colour, region, ep_cells) in [("White", pw, white), ("Black", pb, black)] {
        if let Some(&(f, r)) = ep_cells.iter().find(|c| region.contains(c)) {
            let cell = format!("{}{}", (b'a' + f as u8) as char, r + 1);
            return Err(format!(
                "`promotionRegion{colour}` holds {cell}, where a pawn may capture en passant: Fairy-Stockfish's pawn lands there without promoting, which varia's import cannot say (en passant into a promotion zone)"
            ));
        }
    }
    Ok(())
}

/// The move limit and the pieces whose moves reset it.
pub(super) fn clock(d: &mut Draft) -> Result<(), String> {
    let pawn = d.kind("pawn");
    d.move_limit = d.keys.int("nMoveRule", 50)?;
    match d.keys.take("nMoveRuleTypes") {
        None => {
            if let Some(p) = pawn {
                d.extra(p, Property::Flag(PieceFlag::ResetsClock, Span::default()));
            }
        }
        Some(v) if v == "-" => {}
        Some(v) => match pawn {
            Some(p) if v.len() == 1 && v.starts_with(p.letter) => {
                d.extra(p, Property::Flag(PieceFlag::ResetsClock, Span::default()));
            }
            _ if d.move_limit > 0 => {
                return Err(format!(
                    "`nMoveRuleTypes = {v}`: only the pawn resets the clock in varia's import"
                ));
            }
            _ => {}
        },
    }
    Ok(())
}

/// Hands and where pieces are dropped.
pub(super) fn drops(d: &mut Draft) -> Result<(), String> {
    let drops = d.keys.bool("pieceDrops", false)?;
    let to_hand = d.keys.bool("capturesToHand", false)?;
    if d.keys.bool("dropLoop", false)? {
        return Err(
            "`dropLoop = true`: captured promoted pieces going to hand undemoted is not translated"
                .into(),
        );
    }
    match (
        d.keys.bool("gating", false)?,
        d.keys.bool("seirawanGating", false)?,
    ) {
        (false, false) => {}
        (true, true) => d.gating = Some(!drops),
        (true, false) => {
            return Err(
                "`gating` without `seirawanGating` (first-move rights of other kinds)".into(),
            );
        }
        (false, true) => return Err("`seirawanGating` without `gating`".into()),
    }
    // FSF's free drops only matter where pieces are dropped.
    d.free_drops = drops && super::stones::free_drops(d, to_hand)?;
    (d.hands, d.setup_hands) = match (drops, to_hand) {
        // Every type is dropped without being held: there is no hand.
        _ if d.free_drops => (false, false),
        (false, false) => (false, false),
        (true, true) => (true, false),
        (true, false) if d.gating.is_some() => (false, false),
        // Pieces the start position (or a FEN) puts in hand are dropped; captures leave the game.
        (true, false) => (false, true),
        (false, true) => {
            return Err(
                "`pieceDrops = false` with `capturesToHand = true`: captured pieces kept in hand but never dropped"
                    .into(),
            );
        }
    };
    if !d.hands && !d.setup_hands {
        for k in [
            "firstRankPawnDrops",
            "promotionZonePawnDrops",
            "dropRegionWhite",
            "dropRegionBlack",
            "shogiPawnDropMateIllegal",
            "dropNoDoubled",
            "dropNoDoubledCount",
            "sittuyinRookDrop",
        ] {
            d.keys.take(k);
        }
        return Ok(());
    }
    // FSF's rule lets a shogi pawn's drop mate and scores the mate as the dropper's loss, as
    // varia's `drop may not mate` does (only a drop can make a shogi pawn the sole checker).
    if d.keys.bool("shogiPawnDropMateIllegal", false)?
        && let Some(p) = d.kind("shogiPawn")
    {
        d.extra(
            p,
            Property::Flag(PieceFlag::DropMayNotMate, Span::default()),
        );
    }
    no_doubled(d)?;
    let rook_first_rank = d.keys.bool("sittuyinRookDrop", false)?;
    let first = d.keys.bool("firstRankPawnDrops", false)?;
    let zone_drops = d.keys.bool("promotionZonePawnDrops", false)?;
    // FSF's drop region holds for every type; its pawn is besides kept off its first rank and
    // out of the promotion region unless the keys above allow them.
    let all: Cells = (0..d.ranks).flat_map(|r| d.rank(r)).collect();
    let (rw, rb) = d.region("dropRegion", all.clone(), all.clone())?;
    let (pw, pb) = d.promotion.clone();
    let last = d.ranks - 1;
    let pawn_cells = |cells: &Cells, first_rank: i32, promo: &Cells| -> Cells {
        cells
            .iter()
            .copied()
            .filter(|c| (first || c.1 != first_rank) && (zone_drops || !promo.contains(c)))
            .collect()
    };
    let (paw, pab) = (pawn_cells(&rw, 0, &pw), pawn_cells(&rb, last, &pb));
    // FSF's rook with `sittuyinRookDrop`: on the drop region's cells of its first rank.
    let on_rank =
        |cells: &Cells, r: i32| -> Cells { cells.iter().copied().filter(|c| c.1 == r).collect() };
    let (rkw, rkb) = (on_rank(&rw, 0), on_rank(&rb, last));
    let whole = |w: &Cells, b: &Cells| w.len() == all.len() && b.len() == all.len();
    let zone_of =
        |d: &mut Draft, n: &str, w: &Cells, b: &Cells| -> Result<Option<String>, String> {
            if whole(w, b) {
                return Ok(None);
            }
            if !d
                .zones
                .iter()
                .any(|s| matches!(s, Statement::Zone { name, .. } if name.node == n))
            {
                d.zone(n, w, b)?;
            }
            Ok(Some(n.to_string()))
        };
    // Without captures to hand, only the start position's hands are dropped from.
    let start_hand: String = d
        .keys
        .map
        .get("startFen")
        .and_then(|f| f.split_whitespace().next())
        .and_then(|b| b.split_once('['))
        .map(|(_, h)| h.split(']').next().unwrap_or("").to_ascii_lowercase())
        .unwrap_or_default();
    for p in d.pieces {
        // A promoted form goes to hand as the type it promoted from; a king only from the start.
        if (p.kind() == "king" && !start_hand.contains(p.letter)) || p.key.starts_with('+') {
            continue;
        }
        let (n, w, b) = if p.kind() == "pawn" {
            ("pawn-drops", &paw, &pab)
        } else if p.kind() == "rook" && rook_first_rank {
            ("rook-drops", &rkw, &rkb)
        } else {
            ("drop-region", &rw, &rb)
        };
        // FSF's drops of a type stay in its mobility region.
        let (n, w, b) = match d.mobility.get(&p.letter) {
            Some((mw, mb)) => {
                let keep = |c: &Cells, m: &Cells| -> Cells {
                    c.iter().copied().filter(|x| m.contains(x)).collect()
                };
                (format!("{n}-{}", p.letter), keep(w, mw), keep(b, mb))
            }
            None => (n.to_string(), w.clone(), b.clone()),
        };
        let (n, w, b) = (n.as_str(), &w, &b);
        if w.is_empty() && b.is_empty() {
            if d.hands || start_hand.contains(p.letter) {
                return Err(format!(
                    "piece `{}` in hand with no cell to be dropped on (FSF's drop region and pawn-drop keys): varia's import does not say a type that is never dropped",
                    p.letter
                ));
            }
            // It never comes to hand.
            continue;
        }
        if let Some(z) = zone_of(d, n, w, b)? {
            d.extra(p, Property::DropsIn(name(&z)));
        }
    }
    Ok(())
}

/// `dropNoDoubled`: no drop of the type on a file holding `dropNoDoubledCount` of its pieces.
fn no_doubled(d: &mut Draft) -> Result<(), String> {
    let n = d.keys.int("dropNoDoubledCount", 1)?;
    let Some(v) = d.keys.take("dropNoDoubled") else {
        return Ok(());
    };
    if v == "-" {
        return Ok(());
    }
    let mut cs = v.chars();
    let (Some(c), None) = (cs.next(), cs.next()) else {
        return Err(format!("`dropNoDoubled = {v}`: not one piece letter"));
    };
    let Some(p) = d.by_letter(c) else {
        return Err(format!("`dropNoDoubled = {v}`: no piece `{c}`"));
    };
    if !d.hands || n < 1 {
        return Err(format!(
            "`dropNoDoubled = {v}` with `dropNoDoubledCount = {n}`{}: not translated",
            if d.hands {
                ""
            } else {
                " without captures to hand"
            }
        ));
    }
    d.extra(p, Property::PerFile(int(n)));
    Ok(())
}

/// The start position: FSF accepts a FEN without its later fields.
pub(super) fn start_fen(d: &mut Draft) -> Result<(), String> {
    let fen = d
        .keys
        .take("startFen")
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if fields.is_empty() {
        return Err("an empty `startFen`".into());
    }
    // A FEN that goes from the side to move to the move counters (`w 0 1`).
    if fields.len() >= 3 && fields[2].chars().all(|c| c.is_ascii_digit()) {
        fields.insert(2, "-".into());
        fields.insert(3, "-".into());
    }
    for (i, x) in ["w", "-", "-", "0", "1"].iter().enumerate() {
        if fields.len() <= i + 1 {
            fields.push(x.to_string());
        }
    }
    if (d.hands || d.setup_hands || d.gating.is_some()) && !fields[0].contains('[') {
        fields[0].push_str("[]");
    }
    d.fen = fields;
    Ok(())
}

/// The file of the first piece `c` on a FEN row, from 0.
fn file_in_row(row: &str, c: char) -> Option<i32> {
    let mut x = 0;
    let mut n = String::new();
    for ch in row.chars() {
        if ch.is_ascii_digit() {
            n.push(ch);
            continue;
        }
        x += n.parse::<i32>().unwrap_or(0);
        n.clear();
        if ch == c {
            return Some(x);
        }
        if ch != '+' {
            x += 1;
        }
    }
    None
}

pub(super) fn castling(d: &mut Draft) -> Result<(), String> {
    let castling = d.keys.bool("castling", true)?;
    if d.keys.bool("chess960", false)? {
        return Err("`chess960 = true`: chess960 castling is not translated".into());
    }
    let ks = d.keys.take("castlingKingsideFile");
    let qs = d.keys.take("castlingQueensideFile");
    let kf = d.keys.take("castlingKingFile");
    let kp = d.keys.take("castlingKingPiece");
    let rp = d.keys.take("castlingRookPieces");
    let rights = d.fen[2].clone();
    if !castling && rights != "-" {
        if d.gating.is_some() {
            // FSF's gating reads the rights as gates even without castling.
            return Err(format!(
                "`castling = false` with castling rights `{rights}` in the start position and gating: Fairy-Stockfish reads them as gates"
            ));
        }
        // FSF reads no castling right when castling is off (its FEN of the position says `-`):
        // the definition's start position leaves them out, and its comment says so.
        d.notes.push(format!(
            "The start position's castling rights `{rights}` are left out: the section has `castling = false`, so Fairy-Stockfish ignores them."
        ));
        d.fen[2] = "-".into();
    }
    if !castling || rights == "-" {
        return Ok(());
    }
    let kp = match kp.as_deref() {
        // The child replaced the parent's castling king ([`super::inherit`]).
        Some("-") => {
            return Err(
                "castling rights whose castling king the section replaced with a piece of another type"
                    .into(),
            );
        }
        Some(v) => d.by_letter(v.chars().next().unwrap_or(' ')),
        None => d.kind("king"),
    }
    .ok_or("castling rights without a castling king")?;
    let rooks: Vec<&Piece> = match rp {
        Some(v) => v.chars().filter_map(|c| d.by_letter(c)).collect(),
        None => d.pieces.iter().filter(|p| p.kind() == "rook").collect(),
    };
    if rooks.is_empty() {
        return Err("castling rights without castling partners".into());
    }
    let f = |v: &Option<String>, x: i32, k: &str| -> Result<i32, String> {
        match v {
            Some(s) => Ok(file_of(s, k)? - 1),
            None => Ok(x),
        }
    };
    let (h, l) = (
        f(&ks, 6, "castlingKingsideFile")?,
        f(&qs, 2, "castlingQueensideFile")?,
    );
    let kfile = f(&kf, 4, "castlingKingFile")?;
    let file_letter = |x: i32| at(((b'a' + x as u8) as char).to_string());
    let rows: Vec<&str> = d.fen[0]
        .split('[')
        .next()
        .unwrap_or("")
        .split('/')
        .collect();
    let kc = kp.letter;
    let plain = h == 6
        && l == 2
        && kfile == 4
        && rows
            .last()
            .is_some_and(|r| file_in_row(r, kc.to_ascii_uppercase()).is_none_or(|x| x == 4))
        && rows
            .first()
            .is_some_and(|r| file_in_row(r, kc).is_none_or(|x| x == 4));
    // With gating, a file letter is a gating right (Fairy-Stockfish reads it so).
    if d.gating.is_none() && !rights.chars().all(|c| "KQkq".contains(c)) {
        return Err(format!("castling rights `{rights}` naming files"));
    }
    for r in rooks {
        d.castling.push(Statement::Castling {
            king: name(&pname(kp)),
            from: None,
            rook: name(&pname(r)),
            to: (!plain).then(|| (file_letter(h), file_letter(l))),
            any_of: Vec::new(),
            all_unattacked: false,
            by: None,
        });
    }
    Ok(())
}
