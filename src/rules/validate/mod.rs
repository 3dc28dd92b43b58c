//! The one check of a compiled rule set, whether lowering made it or it came from outside (RON or
//! JSON from another tool, a hand-edited export), before any engine table is built: every index,
//! range, size and reference, every text that goes into a protocol or an ini file, and every
//! combination the engine cannot play. Each fault is reported with the path of the field at fault,
//! as serde names it (`pieces[3].promotions[0].to: no piece 9`); lowering maps the paths back to
//! the statements that said them. The checks come in passes by topic, each collecting every fault
//! it finds: [`board`] (texts, board, players, zones, setup), [`pieces`], [`promotions`],
//! [`hands`], [`mechanics`] and [`endings`].

use crate::rules::{endings::*, ids::*, mechanics::*, set::*};

mod board;
mod endings;
mod hands;
mod mechanics;
mod pieces;
mod promotions;

/// Why a rule set cannot be played: the field at fault and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct RuleSetError {
    /// The field, as a path from the rule set: `pieces[3].promotions[0].to`.
    pub path: String,
    /// What is wrong with it.
    pub message: String,
}

/// The longest board side, in files or ranks.
pub const MAX_SIDE: u8 = 16;
/// The most move vectors, summed over every piece type, that a rule set may have: the engine's
/// tables grow with it for every player and cell, but only with the vectors a game has, each
/// kind of move in tables of its own (a move in three legs in the legs plan, which a game
/// without them does not build). 4,096 since a game may have 128 types: Tenjiku Shogi's four
/// types with the area move (`KmaKmamaK`, up to three king's steps: 8 steps, 72 legs and 512
/// paths of three legs each) need 2,368 of its 3,262.
pub const MAX_VECTORS: usize = 4096;
/// The most cells one leap may need empty (a `paths` entry of a move part): a leap of at most 15
/// cells each way passes at most 14 on the way the language computes, and a path written by
/// another tool may turn, so twice that. Nothing limits their sum: the engine keeps each leap's
/// path as one set of cells per start cell, whatever its length, so the sum is bounded by
/// [`MAX_VECTORS`] and costs nothing at play.
pub const MAX_PATH_LEN: usize = 30;
/// The largest piece value, in pawns: generous for the strongest pieces of large variants (a
/// Queen is 9). Material can then sum past the search's mate scores (10,000 pawns), so the
/// evaluation clamps its sum well inside them (search/eval.rs): no material count reads as a mate.
pub const MAX_VALUE: i32 = 1000;
/// The longest name or title, in bytes.
pub const MAX_NAME_LEN: usize = 128;
/// The most rules of one kind: promotions of a type, goals, extinction rules, castling rules,
/// honours of a counting rule, groups and pairs of a shuffle.
pub const MAX_RULES: usize = 64;
/// The longest limit of a counting rule, in moves (a FEN's counting field holds up to 20,000
/// plies).
pub const MAX_COUNT_LIMIT: u16 = 10_000;
/// The longest start position FEN, in bytes.
pub const MAX_SETUP_LEN: usize = 4096;

type Checked = Result<(), RuleSetError>;

fn fail(path: impl Into<String>, message: impl Into<String>) -> Checked {
    Err(RuleSetError {
        path: path.into(),
        message: message.into(),
    })
}

/// Whether a symbol is an upper-case letter, maybe after `+`, maybe dressed: followed by `'` or
/// `!` (XBoard's and HaChu's letters for the large shogi variants, `N'`, `+C!`), so that a game
/// has 156 symbols for its types.
pub fn valid_symbol(s: &str) -> bool {
    let s = s.strip_prefix('+').unwrap_or(s);
    let letter = s.strip_suffix(DRESSES).unwrap_or(s);
    letter.len() == 1 && letter.chars().all(|c| c.is_ascii_uppercase())
}

/// The marks that may follow a symbol's letter to make another symbol of it.
pub const DRESSES: [char; 2] = ['\'', '!'];

/// Whether a text is a name as the language writes one: letters, digits, `-` and `_`, with a
/// letter after any leading digits. Names go into FENs, UCI option lists, XBoard feature lines
/// and variants.ini section headers, where anything else (a space, `]`, a line break) would
/// change their meaning.
pub fn valid_name(s: &str) -> bool {
    let rest = s.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && s.len() <= MAX_NAME_LEN
}

fn strictly_sorted<T: Ord>(xs: &[T]) -> bool {
    xs.windows(2).all(|w| w[0] < w[1])
}

/// The checks, with the rule set, its sizes, and the faults found so far.
struct Check<'a> {
    r: &'a RuleSet,
    cells: usize,
    errors: Vec<RuleSetError>,
}

impl Check<'_> {
    /// Keeps a fault, if any; tells whether there was none (so that a check that depends on
    /// this one may go on).
    fn keep(&mut self, c: Checked) -> bool {
        match c {
            Ok(()) => true,
            Err(e) => {
                self.errors.push(e);
                false
            }
        }
    }

    fn name(&self, path: &str, s: &str) -> Checked {
        if valid_name(s) {
            return Ok(());
        }
        if s.len() > MAX_NAME_LEN {
            return fail(
                path,
                format!("a name is at most {MAX_NAME_LEN} bytes, not {}", s.len()),
            );
        }
        fail(
            path,
            format!(
                "{s:?} is not a name (letters, digits, `-` and `_`, with a letter after any leading digits)"
            ),
        )
    }

    fn piece(&self, path: &str, id: PieceId) -> Checked {
        if id.index() < self.r.pieces.len() {
            Ok(())
        } else {
            fail(path, format!("no piece {id}"))
        }
    }

    fn zone(&self, path: &str, id: ZoneId) -> Checked {
        if id.index() < self.r.zones.len() {
            Ok(())
        } else {
            fail(path, format!("no zone {id}"))
        }
    }

    fn zone_opt(&self, path: &str, id: Option<ZoneId>) -> Checked {
        id.map_or(Ok(()), |z| self.zone(path, z))
    }

    fn player(&self, path: &str, id: PlayerId) -> Checked {
        if id.index() < self.r.players.len() {
            Ok(())
        } else {
            fail(path, format!("no player {id}"))
        }
    }

    fn cell(&self, path: &str, c: Cell) -> Checked {
        if c.index() < self.cells {
            Ok(())
        } else {
            let b = &self.r.board;
            fail(
                path,
                format!("no cell {c} on a {} x {} board", b.files, b.ranks),
            )
        }
    }

    /// A list of piece types: each known, none twice.
    fn pieces(&self, path: &str, list: &[PieceId]) -> Checked {
        for (i, &k) in list.iter().enumerate() {
            self.piece(path, k)?;
            if list[..i].contains(&k) {
                return fail(path, format!("piece {k} is listed twice"));
            }
        }
        Ok(())
    }

    fn count(&self, path: &str, n: usize, what: &str) -> Checked {
        if n > MAX_RULES {
            return fail(path, format!("at most {MAX_RULES} {what}, not {n}"));
        }
        Ok(())
    }

    fn two_players(&self, path: &str, what: &str) -> Checked {
        if self.r.players.len() != 2 {
            return fail(path, format!("{what} needs two players"));
        }
        Ok(())
    }
}

impl RuleSet {
    /// Checks that a rule set (one loaded from RON or JSON by another tool, say) describes a game
    /// the engine can play: every index, size and range, every name and text that goes into a
    /// FEN, a protocol or an ini file, every list free of repeats that would make one move count
    /// twice, and nothing the language itself would refuse. The error names the field at fault;
    /// it is the first of [`RuleSet::problems`].
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let mut rules = varia::compile(&src, None).unwrap();
    /// rules.pieces[5].promotions[0].to.push(varia::rules::PieceId(9));
    /// let e = rules.validate().unwrap_err();
    /// assert_eq!(e.to_string(), "pieces[5].promotions[0].to: no piece 9");
    /// assert_eq!(e.path, "pieces[5].promotions[0].to");
    /// ```
    pub fn validate(&self) -> Result<(), RuleSetError> {
        match self.problems().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Finds every fault [`RuleSet::validate`] checks for, in pass order (texts, board, players,
    /// zones, pieces, promotions, setup, drops and hands, endings; the types hands hold last,
    /// only when nothing else is wrong, as that check follows promotions through the pieces).
    ///
    /// ```
    /// let src = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
    /// let mut rules = varia::compile(&src, None).unwrap();
    /// rules.pieces[3].confined_to = Some(varia::rules::ZoneId(7));
    /// rules.hand_order = vec![varia::rules::PieceId(9)];
    /// let found: Vec<String> = rules.problems().iter().map(|e| e.to_string()).collect();
    /// assert_eq!(found, ["pieces[3].confined_to: no zone 7", "hand_order: no piece 9"]);
    /// ```
    pub fn problems(&self) -> Vec<RuleSetError> {
        let mut check = Check {
            r: self,
            cells: self.board.cells(),
            errors: Vec::new(),
        };
        check.format();
        check.texts();
        check.board();
        check.players();
        check.zones();
        check.all_pieces();
        check.setup();
        check.drops_and_hands();
        check.mechanics();
        check.endings();
        if check.errors.is_empty() {
            check.hand_types();
        }
        check.errors
    }
}
