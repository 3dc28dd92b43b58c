//! A piece type's moves in the Betza words Fairy-Stockfish reads (checked against FSF's own
//! reading, [`crate::betza::fsf`]), or the move part it cannot say.

use super::refusal::{Result, refuse};
use crate::betza::fsf as betza;
use crate::rules::{Mode, MovePart, PieceType, Style};
use std::fmt::Write as _;

/// The Betza word FSF reads as exactly these move parts, or a refusal.
pub(super) fn betza_of(at: &str, p: &PieceType) -> Result<String> {
    let mut word = String::new();
    for (j, m) in p.moves.iter().enumerate() {
        part(&mut word, m, &format!("{at}.moves[{j}]"))?;
    }
    Ok(word)
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
        within: _, // with its zone: refused below as a per-zone move
    } = m;
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
