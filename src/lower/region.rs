//! Regions to cells, mirrored for each player.

use crate::rules::{Board, Cell, Direction, Player};
use crate::suggest::did_you_mean;
use crate::syntax::{Region, RegionItem, Span};
use std::collections::HashMap;

/// One zone statement: name, explicit player (if any), region, span of the name.
pub type ZoneDraft = (String, Option<String>, Region, Span);

/// The zone statements of a variant, found by name in constant time.
#[derive(Default)]
pub struct ZoneSet {
    drafts: Vec<ZoneDraft>,
    /// (name, player) to the statement's index in `drafts`.
    index: HashMap<(String, Option<String>), usize>,
}

impl ZoneSet {
    /// Collects zone statements; a later statement for the same name and player wins.
    pub fn new(drafts: Vec<ZoneDraft>) -> ZoneSet {
        let index = drafts
            .iter()
            .enumerate()
            .map(|(i, z)| ((z.0.clone(), z.1.clone()), i))
            .collect();
        ZoneSet { drafts, index }
    }

    fn get(&self, name: &str, player: Option<&str>) -> Option<&ZoneDraft> {
        self.index
            .get(&(name.to_string(), player.map(str::to_string)))
            .map(|&i| &self.drafts[i])
    }

    /// The zone names defined.
    fn names(&self) -> impl Iterator<Item = &str> {
        self.drafts.iter().map(|z| z.0.as_str())
    }

    fn has(&self, name: &str, players: &[Player]) -> bool {
        self.get(name, None).is_some()
            || players
                .iter()
                .any(|p| self.get(name, Some(&p.name)).is_some())
    }
}

pub struct Context<'a> {
    board: &'a Board,
    players: &'a [Player],
}

/// Maps a cell in a player's own frame (x from its left, y from its own side) to the board.
fn from_frame(b: &Board, d: Direction, x: i32, y: i32) -> Option<Cell> {
    let (w, h) = (b.files as i32, b.ranks as i32);
    let (f, r) = match d {
        Direction::North => (x, y),
        Direction::South => (w - 1 - x, h - 1 - y),
        Direction::East => (y, h - 1 - x),
        Direction::West => (w - 1 - y, x),
    };
    b.cell(f, r)
}

/// Maps a board cell to a player's own frame.
fn to_frame(b: &Board, d: Direction, c: Cell) -> (i32, i32) {
    let (w, h) = (b.files as i32, b.ranks as i32);
    let (f, r) = b.coords(c);
    match d {
        Direction::North => (f, r),
        Direction::South => (w - 1 - f, h - 1 - r),
        Direction::East => (h - 1 - r, f),
        Direction::West => (r, w - 1 - f),
    }
}

/// Parses a cell name such as `e4` or `a10` against a board.
pub fn parse_cell(b: &Board, s: &str) -> Option<(i32, i32)> {
    let mut chars = s.chars();
    let f = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let r: i32 = chars.as_str().parse().ok()?;
    let file = f as i32 - 'a' as i32;
    if file >= b.files as i32 || r < 1 || r > b.ranks as i32 {
        return None;
    }
    Some((file, r - 1))
}

impl<'a> Context<'a> {
    pub fn new(board: &'a Board, players: &'a [Player]) -> Self {
        Context { board, players }
    }

    /// The cells of a region as written (board coordinates), zone references resolved for
    /// player 0 through `zones`.
    pub fn absolute(
        &self,
        region: &Region,
        zones: &ZoneSet,
        err: &mut dyn FnMut(Span, String),
    ) -> Vec<Cell> {
        self.items(region, zones, 0, 0, err)
    }

    fn items(
        &self,
        region: &Region,
        zones: &ZoneSet,
        player: usize,
        depth: usize,
        err: &mut dyn FnMut(Span, String),
    ) -> Vec<Cell> {
        let b = self.board;
        let mut out = Vec::new();
        let rect = |out: &mut Vec<Cell>, f0: i32, f1: i32, r0: i32, r1: i32| {
            for r in r0.min(r1)..=r0.max(r1) {
                for f in f0.min(f1)..=f0.max(f1) {
                    if let Some(c) = b.cell(f, r) {
                        out.push(c);
                    }
                }
            }
        };
        for item in &region.items {
            let sp = item.span;
            match &item.node {
                RegionItem::Ranks(a, c) => {
                    let on_board =
                        |n: &crate::syntax::Int| n.value.filter(|&v| v >= 1 && v <= b.ranks as u32);
                    for n in [a, c] {
                        if on_board(n).is_none() {
                            err(sp, format!("rank {n} is off the board (1..{})", b.ranks));
                        }
                    }
                    if let (Some(x), Some(y)) = (a.value, c.value)
                        && x > y
                    {
                        err(
                            sp,
                            format!(
                                "ranks {a}-{c} run backwards: write the lower rank first (`ranks {c}-{a}`)"
                            ),
                        );
                    } else if let (Some(x), Some(y)) = (on_board(a), on_board(c)) {
                        rect(&mut out, 0, b.files as i32 - 1, x as i32 - 1, y as i32 - 1);
                    }
                }
                RegionItem::Files(a, c) => {
                    let (fa, fc) = (*a as i32 - 'a' as i32, *c as i32 - 'a' as i32);
                    for (n, ch) in [(fa, a), (fc, c)] {
                        if n >= b.files as i32 {
                            err(sp, format!("file {ch} is off the board"));
                        }
                    }
                    if fa > fc {
                        err(
                            sp,
                            format!(
                                "files {a}-{c} run backwards: write the lower file first (`files {c}-{a}`)"
                            ),
                        );
                    } else {
                        rect(&mut out, fa, fc, 0, b.ranks as i32 - 1);
                    }
                }
                RegionItem::All => rect(&mut out, 0, b.files as i32 - 1, 0, b.ranks as i32 - 1),
                RegionItem::Rect(x, y) => match (parse_cell(b, x), parse_cell(b, y)) {
                    (Some((f0, r0)), Some((f1, r1))) => rect(&mut out, f0, f1, r0, r1),
                    _ => err(sp, format!("`{x}-{y}` is off the board")),
                },
                RegionItem::Cell(x) => match parse_cell(b, x) {
                    Some((f, r)) => rect(&mut out, f, f, r, r),
                    None => err(sp, format!("cell `{x}` is off the board")),
                },
                RegionItem::Zone(name) => {
                    if depth > 16 {
                        err(sp, format!("zone `{name}` refers to itself"));
                    } else if zones.has(name, self.players) {
                        out.extend(self.cells_for(name, zones, player, depth + 1, err));
                    } else {
                        let hint = did_you_mean(name, zones.names());
                        err(sp, format!("unknown zone `{name}`{hint}"));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// The cells of zone `name` for one player.
    fn cells_for(
        &self,
        name: &str,
        zones: &ZoneSet,
        player: usize,
        depth: usize,
        err: &mut dyn FnMut(Span, String),
    ) -> Vec<Cell> {
        let pname = &self.players[player].name;
        if let Some(z) = zones.get(name, Some(pname)) {
            return self.items(&z.2, zones, player, depth, err);
        }
        let Some(z) = zones.get(name, None) else {
            return Vec::new();
        };
        if player == 0 {
            return self.items(&z.2, zones, 0, depth, err);
        }
        // Mirror the first player's view into this player's frame; only references to other
        // zones are resolved for this player directly.
        let (own, refs): (Vec<_>, Vec<_>) =
            z.2.items
                .iter()
                .cloned()
                .partition(|i| !matches!(i.node, RegionItem::Zone(_)));
        let own = Region {
            items: own,
            span: z.2.span,
        };
        let refs = Region {
            items: refs,
            span: z.2.span,
        };
        let d0 = self.players[0].forward;
        let dp = self.players[player].forward;
        // Errors were already reported for player 0.
        let mut quiet = |_: Span, _: String| {};
        let mut out: Vec<Cell> = self
            .items(&own, zones, 0, depth, &mut quiet)
            .into_iter()
            .filter_map(|c| {
                let (x, y) = to_frame(self.board, d0, c);
                from_frame(self.board, dp, x, y)
            })
            .collect();
        out.extend(self.items(&refs, zones, player, depth, &mut quiet));
        out.sort();
        out.dedup();
        out
    }

    /// The cells of zone `name` for every player.
    pub fn zone_cells(
        &self,
        name: &str,
        zones: &ZoneSet,
        err: &mut dyn FnMut(Span, String),
    ) -> Vec<Vec<Cell>> {
        (0..self.players.len())
            .map(|p| self.cells_for(name, zones, p, 0, err))
            .collect()
    }
}
