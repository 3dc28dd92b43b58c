//! Parts of a definition that nothing uses: a move none of whose leaps fits on the board, a zone
//! no rule names, a piece type that never reaches the board.

use super::betza;
use super::catalog::Block;
use super::diagnostic::Diagnostic;
use crate::rules::{Cell, DRESSES, MoveRule, PieceId, PlayerId, RuleSet};
use crate::syntax::{MoveWord, Statement};
use std::collections::HashSet;

/// Whether some leap of a move word fits on the board for some player (a leap longer than the
/// board in its direction can never be made).
pub(crate) fn fits(rules: &RuleSet, w: &MoveWord) -> bool {
    let Ok(parts) = betza::lower_word(w) else {
        return true;
    };
    let (files, ranks) = (rules.board.files as i32, rules.board.ranks as i32);
    parts.iter().any(|m| {
        m.vectors.iter().any(|&(x, y)| {
            rules.players.iter().any(|p| {
                let (dx, dy) = p.forward.orient(x as i32, y as i32);
                dx.abs() < files && dy.abs() < ranks
            })
        })
    })
}

/// A move word as written.
pub(crate) fn text(w: &MoveWord) -> String {
    w.atoms
        .iter()
        .map(|a| {
            let range = a.range.as_ref().map_or("", |r| r.node.as_str());
            format!("{}{}{range}", a.modifiers.node, a.atom.node)
        })
        .collect()
}

/// Every string in a statement but the names it defines (a zone's own name), by serialising it:
/// whatever names a zone anywhere names it with a string.
fn mentions(s: &Statement, out: &mut HashSet<String>) {
    fn walk(v: &serde_json::Value, out: &mut HashSet<String>) {
        match v {
            serde_json::Value::String(t) => {
                out.insert(t.clone());
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let value = match s {
        Statement::Zone { player, region, .. } => serde_json::to_value((player, region)),
        other => serde_json::to_value(other),
    };
    if let Ok(v) = value {
        walk(&v, out);
    }
}

/// A zone that no statement of the variant names (its own definitions aside).
pub(crate) fn zones(chain: &[Block], out: &mut Vec<Diagnostic>) {
    let mut named = HashSet::new();
    for (statements, _) in chain {
        statements.iter().for_each(|s| mentions(s, &mut named));
    }
    for (statements, spans) in chain {
        for (s, _) in statements.iter().zip(*spans) {
            if let Statement::Zone { name, .. } = s
                && !named.contains(&name.node)
            {
                out.push(Diagnostic::warning(
                    name.span,
                    format!("zone `{}` is never used: no rule names it", name.node),
                ));
            }
        }
    }
}

/// The symbols a start position's hand holds, in upper case: each letter, with the dress that
/// follows it (`'`, `!`) where the game has a type of that dressed symbol (`S'`).
fn hand_symbols(rules: &RuleSet, hand: &str) -> Vec<String> {
    let chars: Vec<char> = hand.to_ascii_uppercase().chars().collect();
    let mut out = Vec::new();
    let mut j = 0;
    while j < chars.len() {
        let mut s = chars[j].to_string();
        j += 1;
        if let Some(&d) = chars.get(j)
            && DRESSES.contains(&d)
            && rules.piece_by_symbol(&format!("{s}{d}")).is_some()
        {
            s.push(d);
            j += 1;
        }
        out.push(s);
    }
    out
}

/// A piece type that never reaches the board: not in the start position (board or hand), not
/// dropped without being held, no promotion's target, not what a piece in hand may be dropped
/// as (an interchangeable group).
pub(crate) fn pieces(
    chain: &[Block],
    rules: &RuleSet,
    start: &dyn Fn(Cell) -> Option<(PieceId, PlayerId)>,
    out: &mut Vec<Diagnostic>,
) {
    let mut present = vec![false; rules.pieces.len()];
    for c in 0..rules.board.cells() {
        if let Some((k, _)) = start(Cell(c as u16)) {
            present[k.index()] = true;
        }
    }
    let hand = rules.setup.split_once('[').map_or("", |(_, h)| h);
    let hand = hand_symbols(rules, hand.split(']').next().unwrap_or(""));
    for (i, p) in rules.pieces.iter().enumerate() {
        let letter = p.symbol.trim_start_matches('+');
        if hand.iter().any(|s| s == letter) {
            present[i] = true;
        }
        for pr in &p.promotions {
            pr.to.iter().for_each(|t| present[t.index()] = true);
        }
    }
    for &k in rules.free_drops() {
        present[k.index()] = true;
    }
    for m in &rules.moves {
        if let MoveRule::PromoteInPlace { to, .. } = m {
            to.iter().for_each(|t| present[t.index()] = true);
        }
    }
    // A piece of an interchangeable group in hand may be dropped as any type of the group.
    if rules.has_hands() {
        for group in &rules.interchangeable {
            if group.iter().any(|k| present[k.index()]) {
                group.iter().for_each(|k| present[k.index()] = true);
            }
        }
    }
    for (statements, _) in chain {
        for s in *statements {
            let Statement::Piece(p) = s else { continue };
            let Some(i) = rules.pieces.iter().position(|q| q.name == p.name.node) else {
                continue;
            };
            if !present[i] && p.symbol.is_some() {
                out.push(Diagnostic::warning(
                    p.name.span,
                    format!(
                        "piece `{}` never reaches the board: it is not in the start position \
                         nor in hand, and no promotion makes it",
                        p.name.node
                    ),
                ));
            }
        }
    }
}
