//! A piece type's moves in the Betza words Fairy-Stockfish reads (checked against FSF's own
//! reading, [`crate::betza::fsf`]), or the move part it cannot say.

use super::refusal::{Result, refuse};
use crate::betza::fsf as betza;
use crate::rules::{Mode, MovePart, PieceType, Style};
use std::fmt::Write as _;

/// The Betza word FSF reads as exactly these move parts, or a refusal.
///
/// Each part is written atom by atom; FSF keeps one distance per (steps, sliders or hoppers;
/// quiet or capture; direction) and a later word replaces an earlier one, and an atom letter
/// written twice in a row is a rider, so the words are only joined as they are when FSF reads
/// the joined word as the union of the parts. Otherwise the parts are merged (where two parts
/// give one direction, the wider move is kept: an unlimited rider over a limited one, a free
/// leap over a lame one, a cannon over a grasshopper; each holds the other's moves) and written
/// one word per table, distance, atom and modality. The word written is read back as FSF reads
/// it ([`betza::tables`]) and must be the union of the parts.
pub(super) fn betza_of(at: &str, p: &PieceType) -> Result<String> {
    let mut joined = String::new();
    let mut want = betza::Tables::new();
    for (j, m) in p.moves.iter().enumerate() {
        let here = format!("{at}.moves[{j}]");
        let mut word = String::new();
        part(&mut word, m, &here)?;
        let Some(t) = betza::tables(&word) else {
            return refuse(
                format!("moves written `{word}`, which Fairy-Stockfish reads otherwise"),
                here,
            );
        };
        for (k, d) in t {
            want.entry(k).and_modify(|e| *e = wider(*e, d)).or_insert(d);
        }
        joined.push_str(&word);
    }
    if betza::tables(&joined).as_ref() == Some(&want) {
        return Ok(joined);
    }
    let merged = merged_word(&want);
    if betza::tables(&merged).as_ref() == Some(&want) {
        return Ok(merged);
    }
    refuse(
        format!("moves that Fairy-Stockfish's Betza cannot join into one word (`{merged}`)"),
        format!("{at}.moves"),
    )
}

/// Of two distances FSF gives one direction of one table, the one whose moves hold the other's
/// (0: a free leap, unlimited rider or cannon; otherwise the longer range).
fn wider(a: i32, b: i32) -> i32 {
    if a == 0 || b == 0 { 0 } else { a.max(b) }
}

/// The tables written one word per table, distance, atom and modality: sliders first, then free
/// leaps, lame leaps and hoppers, so that no word's atom letter runs into the next one's (a word
/// that would begin with the letter the word before it ends with is prefixed `mc`).
fn merged_word(t: &betza::Tables) -> String {
    use std::collections::BTreeMap;
    // (table, vector) -> (modality, distance)
    type Entries = Vec<(u8, i32)>;
    let mut per: BTreeMap<(u8, (i8, i8)), Entries> = BTreeMap::new();
    for (&(table, md, v), &d) in t {
        per.entry((table, v)).or_default().push((md, d));
    }
    // (order, distance, atom, modalities) -> vectors
    type Group = (u8, i32, (i8, i8), Vec<u8>);
    let mut groups: BTreeMap<Group, Vec<(i8, i8)>> = BTreeMap::new();
    for ((table, v), list) in per {
        let split: Vec<(Vec<u8>, i32)> = if list.iter().all(|x| x.1 == list[0].1) {
            vec![(list.iter().map(|x| x.0).collect(), list[0].1)]
        } else {
            list.iter().map(|&(md, d)| (vec![md], d)).collect()
        };
        for (mds, d) in split {
            let order = match (table, d) {
                (1, _) => 0,
                (0, 0) => 1,
                (0, _) => 2,
                _ => 3,
            };
            groups
                .entry((order, d, betza::atom_of(v), mds))
                .or_default()
                .push(v);
        }
    }
    let mut out = String::new();
    for ((order, d, atom, mds), vs) in groups {
        let letter = betza::LEAPERS
            .iter()
            .find(|(_, a)| *a == atom)
            .map_or('?', |&(l, _)| l);
        let modality = match mds.as_slice() {
            [0] => "m",
            [1] => "c",
            _ => "",
        };
        let dirs = betza::modifiers(atom, &vs).unwrap_or_else(|| "?".into());
        let core = match (order, d) {
            (0, 0) => format!("{letter}{letter}"),
            (0, n) => format!("{letter}{n}"),
            (1, _) => letter.to_string(),
            (2, _) => format!("n{letter}"),
            (_, n) => format!(
                "{}{}",
                if n == 1 { 'g' } else { 'p' },
                if letter == 'W' { 'R' } else { 'B' }
            ),
        };
        let word = format!("{modality}{dirs}{core}");
        if out.ends_with(letter) && word.starts_with(letter) {
            out.push_str("mc");
        }
        out.push_str(&word);
    }
    out
}

/// Writes one move part's Betza onto `word`, or refuses the part (at `here`).
fn part(word: &mut String, m: &MovePart, here: &str) -> Result<()> {
    let MovePart {
        vectors,
        range,
        style,
        mode,
        hop: _, // these three are written atom by atom
        lands_behind_screen: _,
        from_zone,
        paths: _,
        initial,
        after_first,
        within: _, // with its zone: refused below as a per-zone move
        skips_first,
    } = m;
    if *skips_first {
        return refuse(
            "a ride that skips its first cell (Betza `j` on a rider, the Heavenly Tetrarchs' `jQ`): Fairy-Stockfish has none",
            here,
        );
    }
    if *after_first {
        return refuse(
            "a move after the first (`moves ... after its first move`): Fairy-Stockfish's pieces keep their moves all game",
            here,
        );
    }
    if *initial {
        return refuse(
            "a first move (Betza `i`): Fairy-Stockfish keeps first-move rights only for its own pieces' gating and castling",
            here,
        );
    }
    if from_zone.is_some() {
        return refuse(
            "a move usable only from a zone (`moves ... in ZONE`): Fairy-Stockfish has no per-zone moves",
            here,
        );
    }
    if *style == Style::Displace && !(*range == 1 && is_adjacent(vectors)) {
        return refuse(
            "a displacing move: Fairy-Stockfish has no multiple displacement",
            here,
        );
    }
    let modality = match mode {
        Mode::Both => "",
        Mode::Move => "m",
        Mode::Capture => "c",
    };
    // Group the vectors by atom.
    let mut atoms: Vec<(i8, i8)> = vectors.iter().map(|&v| betza::atom_of(v)).collect();
    atoms.sort();
    atoms.dedup();
    for atom in atoms {
        atom_word(word, m, atom, modality, here)?;
    }
    Ok(())
}

/// Writes the Betza of one atom's vectors of a move part onto `word`, or refuses them.
fn atom_word(
    word: &mut String,
    m: &MovePart,
    atom: (i8, i8),
    modality: &str,
    here: &str,
) -> Result<()> {
    let MovePart {
        vectors,
        range,
        style,
        hop,
        lands_behind_screen,
        paths,
        ..
    } = m;
    let vs: Vec<(i8, i8)> = vectors
        .iter()
        .copied()
        .filter(|&v| betza::atom_of(v) == atom)
        .collect();
    let Some(&(letter, _)) = betza::LEAPERS.iter().find(|(_, a)| *a == atom) else {
        return refuse(
            format!(
                "a leap ({},{}): Fairy-Stockfish's atoms are W F D N A H C Z G",
                atom.0, atom.1
            ),
            here,
        );
    };
    let Some(dirs) = betza::modifiers(atom, &vs) else {
        return refuse(
            format!("these directions of {letter}: Fairy-Stockfish's modifiers cannot pick them"),
            here,
        );
    };
    // Paths: explicit ones must be the style's own.
    let lame = *range == 1 && *style == Style::Step && atom.0 >= 2;
    for (i, v) in vs.iter().enumerate() {
        let k = vectors.iter().position(|x| x == v).unwrap_or(i);
        if let Some(path) = paths.get(k).filter(|p| !p.is_empty()) {
            let default = betza::lame_path(*v);
            if !(lame && *path == default) {
                return refuse(
                    "a leap whose blocking cells are not Fairy-Stockfish's",
                    here,
                );
            }
        }
    }
    if *hop {
        let (what, m) = if *lands_behind_screen {
            ("a grasshopper", 'g')
        } else {
            ("a hopper", 'p')
        };
        if *range != 0 || !matches!(letter, 'W' | 'F') {
            return refuse(
                format!("{what} other than along rook or bishop lines without limit ({m}R, {m}B)"),
                here,
            );
        }
        let _ = write!(
            word,
            "{modality}{dirs}{m}{}",
            if letter == 'W' { 'R' } else { 'B' }
        );
        return Ok(());
    }
    if *range != 1 {
        if !matches!(letter, 'W' | 'F' | 'N') {
            return refuse(
                format!("a {letter} rider: Fairy-Stockfish rides only W, F and N lines"),
                here,
            );
        }
        if *style == Style::Displace {
            return refuse("a displacing rider: Fairy-Stockfish has none", here);
        }
        let suffix = match range {
            0 => letter.to_string(),
            2..=9 => range.to_string(),
            _ => {
                return refuse(
                    format!("a rider of range {range}: Fairy-Stockfish's ranges are 1 to 9"),
                    here,
                );
            }
        };
        let _ = write!(word, "{modality}{dirs}{letter}{suffix}");
        return Ok(());
    }
    if lame {
        if !matches!(letter, 'N' | 'A' | 'D' | 'Z') {
            return refuse(
                format!(
                    "a stepping {letter} (`n{letter}`): Fairy-Stockfish parses it but generates no moves; its lame leaps are nN nA nD nZ"
                ),
                here,
            );
        }
        let _ = write!(word, "{modality}{dirs}n{letter}");
    } else {
        let _ = write!(word, "{modality}{dirs}{letter}");
    }
    Ok(())
}

fn is_adjacent(vectors: &[(i8, i8)]) -> bool {
    vectors.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
}
