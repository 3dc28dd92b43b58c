//! Syntax-tree values the import writes, which have no source text to point into.

use crate::syntax::{Int, Name, Region, RegionItem, Span, Spanned};

/// A syntax-tree value written by the import, which has no source text to point into.
pub(super) fn at<T>(node: T) -> Spanned<T> {
    Spanned {
        node,
        span: Span::default(),
    }
}

pub(super) fn name(n: &str) -> Name {
    at(n.to_string())
}

pub(super) fn names(ns: &[String]) -> Vec<Name> {
    ns.iter().map(|n| name(n)).collect()
}

pub(super) fn int(n: i64) -> Spanned<Int> {
    at(Int {
        value: u32::try_from(n).ok(),
        text: n.to_string(),
    })
}

/// Board cells as a region: whole ranks as `rank N`, other cells by name.
pub(super) fn region(cells: &[(i32, i32)], files: i32) -> Region {
    let mut items = Vec::new();
    let mut ranks: Vec<i32> = cells.iter().map(|c| c.1).collect();
    ranks.sort_unstable();
    ranks.dedup();
    // A run of whole ranks is one `ranks A-B`.
    let mut run: Option<(i32, i32)> = None;
    let close = |run: &mut Option<(i32, i32)>, items: &mut Vec<_>| {
        if let Some((a, b)) = run.take() {
            let n = |r: i32| int(i64::from(r) + 1).node;
            items.push(at(RegionItem::Ranks(n(a), n(b))));
        }
    };
    for r in ranks {
        let row: Vec<i32> = cells.iter().filter(|c| c.1 == r).map(|c| c.0).collect();
        if row.len() == files as usize {
            run = match run {
                Some((a, b)) if b + 1 == r => Some((a, r)),
                _ => {
                    close(&mut run, &mut items);
                    Some((r, r))
                }
            };
        } else {
            close(&mut run, &mut items);
            for f in row {
                let cell = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                items.push(at(RegionItem::Cell(cell)));
            }
        }
    }
    close(&mut run, &mut items);
    Region {
        items,
        span: Span::default(),
    }
}
