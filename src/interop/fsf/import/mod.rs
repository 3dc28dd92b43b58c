//! `varia import`: a Fairy-Stockfish variants.ini section as a `.varia` definition, exactly
//! equivalent or refused.
//!
//! A section is first resolved as FSF resolves it ([`inherit`]): its keys overlay its parent's (a
//! section above it in the file, or one of FSF's built-in variants, whose rules come from the
//! shipped definition of that name, exported with [`crate::interop::fsf::export()`]). Piece keys
//! replace a piece of the same letter, as FSF's `add_piece` does. The merged keys are then
//! translated one by one ([`pieces`], [`endings`]); a key that is not translated exactly refuses
//! the section, naming the key. Every piece's moves are read as FSF reads Betza
//! ([`crate::betza::fsf`]) and written in varia's words ([`words`]), and the finished definition
//! is compiled and its move parts compared with FSF's reading before it is returned.

mod counting;
mod draft;
mod endings;
mod in_place;
mod inherit;
mod ini;
mod mobility;
mod pieces;
mod promoted;
mod stones;
mod tree;
mod words;

use crate::rules::Direction;
use crate::syntax::{self as ast, PieceFlag, Property, Span, Statement};
use draft::{Draft, Keys, file_of, pname};
use inherit::{Merged, resolve};
pub use ini::{Section, parse_ini};
use std::collections::BTreeMap;
use tree::{at, int, name};
use words::{Expect, as_expect, expected, moves, read_betza, word_for};

/// The outcome for one section: its `.varia` text, or why it is refused.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section's name.
    pub name: String,
    /// The definition, or why the section is refused.
    pub result: Result<String, String>,
}

/// Keys with no effect on the rules (GUI, XBoard images, evaluation): read and left out.
const COSMETIC: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Imports every section of a variants.ini text (or the one named). `parent_source` gives the
/// shipped definition of a built-in FSF variant by its name.
pub fn import(
    text: &str,
    only: Option<&str>,
    parent_source: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Imported>, String> {
    let sections = parse_ini(text);
    if sections.is_empty() {
        return Err("no section (`[name]` or `[name:parent]`) in the file".into());
    }
    if let Some(n) = only
        && !sections.iter().any(|s| s.name == n)
    {
        return Err(format!(
            "no section `{n}` (sections: {})",
            sections
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut out = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        if only.is_some_and(|n| n != s.name) {
            continue;
        }
        let lines: Vec<String> = sections
            .iter()
            .filter(|o| o.name == s.name)
            .map(|o| o.line.to_string())
            .collect();
        let result = if !valid_name(&s.name) {
            Err(format!("`{}` is not a name varia reads", s.name))
        } else if lines.len() > 1 {
            // Which one is meant cannot be told: none is imported (nor a child of that name).
            Err(format!(
                "the file has {} sections [{}] (lines {}): a section's name must be unique",
                lines.len(),
                s.name,
                lines.join(", ")
            ))
        } else {
            resolve(&sections, i, parent_source, 0).and_then(|m| translate(&s.name, &m))
        };
        out.push(Imported {
            name: s.name.clone(),
            result,
        });
    }
    Ok(out)
}

fn valid_name(n: &str) -> bool {
    n.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && n.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The definition of one resolved section, as text.
fn translate(section: &str, m: &Merged) -> Result<String, String> {
    let mut keys = Keys {
        map: m.keys.clone(),
    };
    for k in COSMETIC {
        keys.take(k);
    }
    let files = match keys.take("maxFile") {
        Some(v) => file_of(&v, "maxFile")?,
        None => 8,
    };
    let ranks = keys.int("maxRank", 8)? as i32;
    if !(1..=12).contains(&files) || !(1..=10).contains(&ranks) {
        return Err(format!("a board of {files} x {ranks}"));
    }
    let pieces = promoted::forms(&m.pieces, &keys.map)?;
    let mut d = Draft {
        keys,
        files,
        ranks,
        pieces: &pieces,
        zones: Vec::new(),
        extra: BTreeMap::new(),
        castling: Vec::new(),
        ends: Vec::new(),
        promotion: (Vec::new(), Vec::new()),
        hands: false,
        setup_hands: false,
        builtin_free: m.free_drops,
        free_drops: false,
        immobility: false,
        gating: None,
        move_limit: 0,
        soldier: None,
        pseudo_royal: Vec::new(),
        mobility: BTreeMap::new(),
        fen: Vec::new(),
        notes: Vec::new(),
        holes: Vec::new(),
    };
    endings::pseudo_royal_checks(&mut d)?;
    pieces::pawn_rules(&mut d)?;
    promoted::rules(&mut d)?;
    pieces::clock(&mut d)?;
    mobility::regions(&mut d)?;
    mobility::soldier(&mut d)?;
    pieces::drops(&mut d)?;
    pieces::start_fen(&mut d)?;
    pieces::castling(&mut d)?;
    stones::rules(&mut d)?;
    endings::outcomes(&mut d)?;
    endings::extinction(&mut d)?;
    endings::blast(&mut d)?;
    endings::goal(&mut d)?;
    endings::connect(&mut d)?;
    endings::repetition(&mut d)?;
    counting::counting(&mut d)?;
    counting::material(&mut d)?;
    endings::walls_as_holes(&mut d)?;
    if let Some(k) = d.keys.map.keys().next() {
        return Err(format!(
            "`{k} = {}`: a key varia's import does not translate",
            d.keys.map[k]
        ));
    }
    let immobility = d.immobility;
    let pseudo_royal = d.pseudo_royal.clone();
    let notes: String = d.notes.iter().map(|n| format!("# {n}\n")).collect();
    let (file, expects) = definition(section, d)?;
    let out = format!(
        "# Imported from Fairy-Stockfish's variants.ini section [{section}] by `varia import`.\n{notes}{file}"
    );
    check(&out, expects, immobility, &pseudo_royal)?;
    Ok(out)
}

/// The moves FSF reads for each piece but the pawn, by varia name.
type Expects = Vec<(String, Vec<Expect>)>;

/// The definition's syntax tree, printed.
fn definition(section: &str, mut d: Draft) -> Result<(String, Expects), String> {
    let sp = Span::default();
    let mut statements = vec![
        Statement::Game {
            id: name(section),
            title: None,
        },
        Statement::Board {
            files: int(i64::from(d.files)),
            ranks: int(i64::from(d.ranks)),
        },
        Statement::Player {
            name: name("white"),
            forward: at(Direction::North),
        },
        Statement::Player {
            name: name("black"),
            forward: at(Direction::South),
        },
    ];
    if !d.holes.is_empty() {
        statements.push(Statement::Holes(tree::region(&d.holes, d.files)));
    }
    statements.append(&mut d.zones);
    let mut expects = Vec::new();
    for p in d.pieces {
        let mut properties = Vec::new();
        if p.kind() == "king" {
            properties.push(Property::Flag(PieceFlag::Royal, sp));
        }
        // The pawn's moves are among its rules.
        if let (Some(sideways), "soldier") = (&d.soldier, p.kind()) {
            // FSF's soldier steps sideways only from its promotion rank on.
            let mut e = expected(&read_betza("fW")?);
            properties.push(moves(&["fW".into()], None)?);
            if let Some(z) = sideways {
                e.extend(expected(&read_betza("sW")?));
                properties.push(moves(&["sW".into()], Some(z.as_str()))?);
            }
            e.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
            expects.push((pname(p), e));
        } else if p.kind() != "pawn" {
            let t = read_betza(&p.betza).map_err(|e| format!("piece `{}`: {e}", p.letter))?;
            let e = expected(&t);
            let words = e
                .iter()
                .map(word_for)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("piece `{}` ({}): {e}", p.letter, p.betza))?;
            if words.is_empty() {
                properties.push(Property::Flag(PieceFlag::NeverMoves, sp));
            } else {
                properties.push(moves(&words, None)?);
            }
            expects.push((pname(p), e));
        }
        if p.kind() == "janggiCannon" {
            // FSF's janggi cannon neither hops over nor captures one of its type.
            properties.push(Property::NoHopOver(vec![name(&pname(p))]));
            properties.push(Property::NoCapture(vec![name(&pname(p))]));
        }
        properties.extend(d.extra.remove(&p.key).unwrap_or_default());
        statements.push(Statement::Piece(ast::Piece {
            name: name(&pname(p)),
            symbol: Some(at(if p.key.starts_with('+') {
                format!("+{}", p.letter.to_ascii_uppercase())
            } else {
                p.letter.to_ascii_uppercase().to_string()
            })),
            property_spans: vec![sp; properties.len()],
            properties,
            span: sp,
        }));
    }
    statements.append(&mut d.castling);
    statements.append(&mut d.ends);
    statements.push(Statement::Setup(at(d.fen.join(" "))));
    let file = ast::File {
        extends: None,
        base: Vec::new(),
        spans: vec![sp; statements.len()],
        statements,
        variants: Vec::new(),
        options: Vec::new(),
    };
    Ok((file.to_string(), expects))
}

/// Checks that the definition compiles and its pieces move as FSF reads them.
fn check(
    text: &str,
    expects: Expects,
    immobility: bool,
    pseudo_royal: &[String],
) -> Result<(), String> {
    let rules = crate::compile(text, None)
        .map_err(|e| format!("the definition written for it does not compile ({e})"))?;
    endings::check_pseudo_royal(&rules, pseudo_royal)?;
    if immobility {
        promoted::check_immobility(&rules)?;
    }
    for (n, e) in expects {
        let Some(p) = rules.pieces.iter().find(|p| p.name == n) else {
            return Err(format!("piece `{n}` missing after compiling"));
        };
        if as_expect(&p.moves) != e {
            return Err(format!(
                "piece `{n}`: varia does not read its moves as Fairy-Stockfish does"
            ));
        }
    }
    Ok(())
}
