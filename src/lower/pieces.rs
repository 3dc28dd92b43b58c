//! The piece types: their properties, moves and promotions, the movement styles, and the
//! groups of interchangeable types.

use super::draft::{Draft, PieceDraft};
use super::names::Names;
use super::source_map;
use crate::betza::read as betza;
use crate::rules::*;
use crate::syntax::words::PieceMeaning;
use crate::syntax::{Flag, Int, Name, PieceFlag, Property, Span, Spanned};

/// The types blasts spare: near them only, and always.
#[derive(Default)]
pub(super) struct Spared {
    pub(super) nearby: Vec<PieceId>,
    pub(super) always: Vec<PieceId>,
}

/// Lowers the pieces, then the movement styles that amend their moves; fills the piece names
/// first, so properties may refer to any piece. `None` if there are too many.
pub(super) fn lower(d: &Draft, cx: &mut Names) -> Option<(Vec<PieceType>, Spared)> {
    if d.pieces.len() > MAX_PIECES {
        cx.err(
            d.pieces[MAX_PIECES].name.span,
            format!("a game may have at most {MAX_PIECES} piece types"),
        );
        return None;
    }
    cx.pieces = d.pieces.iter().map(|p| p.name.node.clone()).collect();
    let mut spared = Spared::default();
    let mut pieces = Vec::new();
    for p in &d.pieces {
        let pt = piece_type(d, p, pieces.len(), &mut spared, cx);
        pieces.push(pt);
    }
    let vectors: usize = pieces
        .iter()
        .flat_map(|p| &p.moves)
        .map(|m| m.vectors.len())
        .sum();
    if vectors > MAX_VECTORS {
        cx.err(
            d.game
                .as_ref()
                .map_or(Span { start: 0, end: 0 }, |g| g.span),
            format!("the pieces have {vectors} move directions in all; at most {MAX_VECTORS}"),
        );
    }
    styles(d, &mut pieces, cx);
    Some((pieces, spared))
}

/// One piece type, the `i`th, with the places of its parts.
fn piece_type(
    d: &Draft,
    p: &PieceDraft,
    i: usize,
    spared: &mut Spared,
    cx: &mut Names,
) -> PieceType {
    cx.map.insert_first("pieces", p.name.span);
    cx.map.insert(format!("pieces[{i}]"), p.name.span);
    cx.map.insert(format!("pieces[{i}].name"), p.name.span);
    cx.map.insert(format!("pieces[{i}].symbol"), p.symbol.span);
    for prop in &p.properties {
        source_map::record_property(&mut cx.map, i, prop);
    }
    let mut pt = PieceType {
        name: p.name.node.clone(),
        symbol: p.symbol.node.clone(),
        value: 0,
        royal: false,
        moves: Vec::new(),
        leg_moves: Vec::new(),
        leg_chains: Vec::new(),
        confined_to: None,
        barred_from: None,
        promotions: Vec::new(),
        drops: DropRules::default(),
        can_be_taken_en_passant: false,
        takes_en_passant: false,
        ep_field_full: false,
        removed_when_captured: false,
        promotes_friendly_screens: false,
        demotes_enemy_screens: false,
        en_passant_zone: None,
        resets_clock: false,
        may_not_mate_alone: false,
        first_moves_lost_to: Vec::new(),
        may_not_hop_over: Vec::new(),
        may_not_capture: Vec::new(),
        capture_limits: Vec::new(),
        moves_until_capture: Vec::new(),
        rank: 0,
        range_captures: false,
    };
    for prop in &p.properties {
        property(d, p, i, prop, &mut pt, spared, cx);
    }
    let stated = p
        .properties
        .iter()
        .any(|p| matches!(p, Property::Moves { .. }));
    let never = p.properties.iter().find_map(|p| match p {
        Property::Flag(PieceFlag::NeverMoves, span) => Some(*span),
        _ => None,
    });
    if let Some(span) = never
        && stated
    {
        cx.err(
            span,
            format!(
                "piece `{}` has moves: it cannot also never move",
                p.name.node
            ),
        );
    }
    if pt.moves.is_empty() && !stated && never.is_none() {
        cx.err(
            p.name.span,
            format!("piece `{}` has no `moves`", p.name.node),
        );
    }
    pt
}

/// A count limit of drops, 1..255.
fn limit(n: &Spanned<Int>, what: &str, cx: &mut Names) -> Option<u8> {
    match n.node.value.map(u8::try_from) {
        Some(Ok(x)) if x >= 1 => Some(x),
        _ => {
            cx.err(n.span, format!("{what} must be 1..255, not {}", n.node));
            None
        }
    }
}

/// Applies one property to the `i`th piece type.
/// Refuses what moves in legs cannot have yet: a zone, a wait for the piece's first move.
fn legs_limited(span: Span, zone: bool, after_first: bool, cx: &mut Names) {
    if after_first {
        cx.err(
            span,
            "a move in legs (`a`) cannot wait for the piece's first move (`after its first move`) yet",
        );
    }
    if zone {
        cx.err(
            span,
            "a move in legs (`a`) cannot be limited to a zone (`in`, `within`) yet",
        );
    }
}

fn property(
    d: &Draft,
    p: &PieceDraft,
    i: usize,
    prop: &Property,
    pt: &mut PieceType,
    spared: &mut Spared,
    cx: &mut Names,
) {
    match prop {
        Property::Rank(v) => match u8::try_from(v.node) {
            Ok(x) => pt.rank = x,
            _ => cx.err(v.span, format!("a rank is 0 to 255, not {}", v.node)),
        },
        Property::Value(v) => match i32::try_from(v.node) {
            Ok(x) if (0..=MAX_VALUE).contains(&x) => pt.value = x,
            _ => cx.err(
                v.span,
                format!("a value is 0 to {MAX_VALUE} pawns, not {}", v.node),
            ),
        },
        Property::Moves {
            words,
            zone,
            within,
            after_first,
            span,
        } => {
            let z = zone.as_ref().and_then(|z| cx.zone(z));
            cx.map.insert_first(format!("pieces[{i}].moves"), *span);
            for w in words {
                match crate::betza::legs::lower_word_with_legs(w) {
                    Ok((parts, legs, chains)) => {
                        if !(legs.is_empty() && chains.is_empty()) {
                            legs_limited(w.span, zone.is_some(), *after_first, cx);
                        }
                        if !legs.is_empty() {
                            cx.map
                                .insert_first(format!("pieces[{i}].leg_moves"), w.span);
                        }
                        if !chains.is_empty() {
                            cx.map
                                .insert_first(format!("pieces[{i}].leg_chains"), w.span);
                        }
                        pt.leg_moves.extend(legs);
                        pt.leg_chains.extend(chains);
                        let n = pt.moves.len();
                        for j in n..n + parts.len() {
                            cx.map.insert(format!("pieces[{i}].moves[{j}]"), w.span);
                        }
                        pt.moves.extend(parts.into_iter().map(|mut m| {
                            m.from_zone = z;
                            m.within = *within;
                            m.after_first = *after_first;
                            m
                        }))
                    }
                    Err(e) => cx.err(e.span, e.message),
                }
            }
        }
        Property::Confined(z) => pt.confined_to = cx.zone(z),
        Property::Barred(z) => pt.barred_from = cx.zone(z),
        Property::Promotes { .. } => promotion(d, p, i, prop, pt, cx),
        Property::DropsIn(z) => pt.drops.zone = cx.zone(z),
        Property::PerFile(n) => {
            if let Some(x) = limit(n, "a per-file limit", cx) {
                pt.drops.max_per_file = Some(x);
            }
        }
        Property::PerColour(n) => {
            if let Some(x) = limit(n, "a per-colour limit", cx) {
                pt.drops.max_per_colour = Some(x);
            }
        }
        Property::OnBoard(n) => {
            if let Some(x) = limit(n, "an on-board limit", cx) {
                pt.drops.max_on_board = Some(x);
            }
        }
        Property::EnPassant(_, zone) => {
            pt.can_be_taken_en_passant = true;
            pt.takes_en_passant = true;
            pt.en_passant_zone = zone.as_ref().and_then(|z| cx.zone(z));
        }
        Property::TakesEnPassant(_, zone) => {
            pt.takes_en_passant = true;
            pt.en_passant_zone = zone.as_ref().and_then(|z| cx.zone(z));
        }
        Property::Flag(f, _) => {
            if let PieceMeaning::Set(set, _) = f.meaning() {
                set(pt);
            }
        }
        Property::SurvivesBlasts { nearby, span } => {
            if !d.has(Flag::CapturesExplode) {
                cx.err(
                    *span,
                    "a piece survives blasts only where `captures explode`",
                );
            }
            let list = if *nearby {
                &mut spared.nearby
            } else {
                &mut spared.always
            };
            list.push(PieceId(i as u8));
        }
        Property::NoHopOver(names) => pt.may_not_hop_over = cx.types(names),
        Property::NoCapture(names) => pt.may_not_capture = cx.types(names),
        Property::CaptureLimit {
            types,
            protected,
            only_by,
            afar,
            unless_also,
            ..
        } => pt.capture_limits.push(CaptureLimit {
            pieces: cx.types(types),
            protected: *protected,
            unless_protected_only_by: cx.types(only_by),
            from_afar: *afar,
            unless_also: cx.types(unless_also),
        }),
        Property::FirstMovesLost(names) => pt.first_moves_lost_to = cx.types(names),
        Property::OnlyUntilCapture { words, .. } => {
            let leap = |m: &MovePart| {
                m.range == 1
                    && !m.hop
                    && m.style == crate::rules::Style::Leap
                    && m.paths.iter().all(Vec::is_empty)
            };
            for w in words {
                match crate::betza::read::lower_word(w) {
                    Ok(parts) if parts.iter().all(leap) => pt.moves_until_capture.extend(parts),
                    Ok(_) => cx.err(
                        w.span,
                        format!(
                            "`moves only ... until its side captures` takes leaps, not `{w}` (a rider, hopper or lame leap: not yet)"
                        ),
                    ),
                    Err(e) => cx.err(e.span, e.message),
                }
            }
        }
    }
}

/// A `promotes` property of the `i`th piece type, with the places of its parts.
fn promotion(
    d: &Draft,
    p: &PieceDraft,
    i: usize,
    prop: &Property,
    pt: &mut PieceType,
    cx: &mut Names,
) {
    let Property::Promotes {
        captive,
        to,
        trigger,
        zone,
        obligation,
        deferred,
        span,
    } = prop
    else {
        return;
    };
    let deferred_span = deferred.as_ref().map(|d| d.span);
    let obligation_span = obligation.as_ref().map(|o| o.span);
    let deferred = deferred.as_ref().and_then(|d| cx.zone(d));
    let targets: Vec<PieceId> = cx.types(to);
    for (j, t) in to.iter().enumerate() {
        if to[..j].iter().any(|u| u.node == t.node) {
            cx.err(
                t.span,
                format!("`{}` is named twice in this promotion", t.node),
            );
        } else if t.node == p.name.node {
            cx.err(
                t.span,
                format!("`{}` cannot promote to its own type", t.node),
            );
        }
    }
    if *captive && !d.has(Flag::CapturesToHand) {
        cx.err(
            *span,
            "a swap with a `stronger captive` needs `captures go to hand`",
        );
    }
    let z = cx.zone(zone);
    let (Some(z), true) = (z, targets.len() == to.len()) else {
        return;
    };
    cx.map
        .insert_first(format!("pieces[{i}].promotions"), *span);
    let n = pt.promotions.len();
    let at = |f: &str| format!("pieces[{i}].promotions[{n}]{f}");
    cx.map.insert(at(""), *span);
    if let (Some(a), Some(b)) = (to.first(), to.last()) {
        cx.map.insert(at(".to"), source_map::join(a.span, b.span));
    }
    for (k, t) in to.iter().enumerate() {
        cx.map.insert(at(&format!(".to[{k}]")), t.span);
    }
    cx.map.insert(at(".zone"), zone.span);
    cx.map.insert(at(".trigger"), trigger.span);
    if let Some(o) = obligation_span {
        cx.map.insert(at(".obligation"), o);
    }
    if let Some(d) = deferred_span {
        cx.map.insert(at(".deferred_after_drop_in"), d);
    }
    pt.promotions.push(Promotion {
        swap: *captive,
        deferred_after_drop_in: deferred,
        zone: z,
        trigger: trigger.node,
        obligation: obligation.as_ref().map_or(Obligation::Optional, |o| o.node),
        to: targets,
    });
}

/// Movement styles switch the multi-cell leaps of the named types, in statement order.
fn styles(d: &Draft, pieces: &mut [PieceType], cx: &mut Names) {
    for (style, names) in &d.styles {
        let st = style.node;
        for n in names {
            let Some(id) = cx.piece(n) else { continue };
            for part in &mut pieces[id.index()].moves {
                if part.range == 1 && !part.hop {
                    part.style = st;
                    part.paths = match st {
                        Style::Leap => Vec::new(),
                        _ => part
                            .vectors
                            .iter()
                            .map(|&(x, y)| betza::step_path((x as i32, y as i32)))
                            .collect(),
                    };
                }
            }
        }
    }
}

/// The groups of interchangeable types (in hand); a group with a fault is left out.
pub(super) fn interchangeable(
    d: &Draft,
    pieces: &[PieceType],
    cx: &mut Names,
) -> Vec<Vec<PieceId>> {
    let mut groups = Vec::new();
    for group in &d.interchangeable {
        let ids = cx.types(group);
        let mut ok = ids.len() == group.len();
        for (j, n) in group.iter().enumerate() {
            if group[..j].iter().any(|m| m.node == n.node) {
                cx.err(n.span, format!("`{}` is named twice in this group", n.node));
                ok = false;
            }
        }
        for (&id, n) in ids.iter().zip(group) {
            if pieces[id.index()].royal {
                cx.err(
                    n.span,
                    format!(
                        "royal piece `{}` cannot be interchangeable: it never goes to hand",
                        n.node
                    ),
                );
                ok = false;
            }
        }
        if ok {
            if let (Some(a), Some(b)) = (group.first(), group.last()) {
                let span = source_map::join(a.span, b.span);
                cx.map.insert_first("interchangeable", span);
                cx.map
                    .insert(format!("interchangeable[{}]", groups.len()), span);
            }
            groups.push(ids);
        }
    }
    groups
}

/// The hand order: the types named, each once.
pub(super) fn hand_order(d: &Draft, cx: &mut Names) -> Vec<PieceId> {
    let Some(names) = &d.hand_order else {
        return Vec::new();
    };
    let ids = cx.types(names);
    for (i, n) in names.iter().enumerate() {
        if names[..i].iter().any(|m: &Name| m.node == n.node) {
            cx.err(
                n.span,
                format!("`{}` is named twice in the hand order", n.node),
            );
        }
    }
    ids
}
