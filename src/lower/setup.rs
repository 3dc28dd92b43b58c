//! Castling and the shuffled set-up.

use super::board::Ground;
use super::draft::Draft;
use super::names::Names;
use super::source_map;
use crate::rules::{Castling, Shuffle};
use crate::syntax::{self, Name};

/// The ways to castle; one with a fault is left out.
pub(super) fn castling(d: &Draft, files: u8, cx: &mut Names) -> Vec<Castling> {
    let mut castling = Vec::new();
    for (k, r, to, any_of, all_unattacked, from, by) in &d.castling {
        let king = cx.piece(k);
        let rook = cx.piece(r);
        let file = |f: &Name, cx: &mut Names| {
            let n = f.node.as_bytes()[0] - b'a';
            if n >= files {
                cx.err(f.span, format!("file `{}` is not on the board", f.node));
            }
            n
        };
        let king_to = to
            .as_ref()
            .map(|(high, low)| (file(high, cx), file(low, cx)));
        let mut landings: Vec<u8> = Vec::new();
        for f in any_of {
            let n = file(f, cx);
            if landings.contains(&n) {
                cx.err(f.span, format!("file `{}` is listed twice", f.node));
            }
            landings.push(n);
        }
        let from_file = from.as_ref().map(|f| file(f, cx));
        let king_steps = by.as_ref().and_then(|n| {
            let v = n.node.value.and_then(|v| u8::try_from(v).ok());
            let v = v.filter(|&v| v >= 2 && v < files);
            if v.is_none() {
                cx.err(
                    n.span,
                    format!(
                        "castling by {} cells: the king moves 2 to {} cells on a board of {files} files (the partner lands on a cell it passed)",
                        n.node,
                        files.saturating_sub(1)
                    ),
                );
            }
            v
        });
        landings.sort_unstable();
        landings.dedup();
        let (Some(king), Some(rook)) = (king, rook) else {
            continue;
        };
        if king == rook {
            cx.err(r.span, format!("`{}` cannot castle with itself", r.node));
            continue;
        }
        let i = castling.len();
        let last = any_of.last().map_or(r.span, |f| f.span);
        let span = source_map::join(k.span, to.as_ref().map_or(last, |t| t.1.span));
        cx.map.insert_first("castling", span);
        cx.map.insert(format!("castling[{i}]"), span);
        cx.map.insert(format!("castling[{i}].king"), k.span);
        cx.map.insert(format!("castling[{i}].rook"), r.span);
        if let Some((high, low)) = to {
            cx.map.insert(
                format!("castling[{i}].king_to"),
                source_map::join(high.span, low.span),
            );
        }
        if let Some(f) = from {
            cx.map.insert(format!("castling[{i}].from_file"), f.span);
        }
        if let Some(n) = by {
            cx.map.insert(format!("castling[{i}].king_steps"), n.span);
        }
        if let (Some(first), Some(last)) = (any_of.first(), any_of.last()) {
            cx.map.insert(
                format!("castling[{i}].landings"),
                source_map::join(first.span, last.span),
            );
        }
        castling.push(Castling {
            king,
            rook,
            king_to,
            landings,
            all_unattacked: *all_unattacked,
            from_file,
            king_steps,
        });
    }
    castling
}

/// The shuffled set-up, if the game has one.
pub(super) fn shuffle(d: &Draft, ground: &Ground, cx: &mut Names) -> Option<Shuffle> {
    let (region, rules) = d.shuffle.as_ref()?;
    if ground.players.len() != 2 {
        cx.err(region.span, "a shuffled set-up needs two players");
    }
    let ctx = super::region::Context::new(&ground.board, &ground.players);
    let cells = ctx.absolute(region, &ground.zone_set, &mut cx.sink());
    cx.map.insert("shuffle.cells", region.span);
    let mut both_colours = Vec::new();
    let mut between = Vec::new();
    for rule in rules {
        match rule {
            syntax::ShuffleRule::BothColours(names) => both_colours.push(cx.types(names)),
            syntax::ShuffleRule::Between(a, b) => {
                if let (Some(a), Some(b)) = (cx.piece(a), cx.piece(b)) {
                    between.push((a, b));
                }
            }
        }
    }
    Some(Shuffle {
        cells,
        both_colours,
        between,
    })
}
