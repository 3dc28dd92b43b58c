//! Variant names XBoard cannot take for one of its own. XBoard 4.9 reads a variant name the way
//! it reads a chess server's: one of its names anywhere in it (`crazyhouse`, `atomic`, ...), one
//! of its later names at its start (`shogi-heavy-leaping` is shogi), `960`, `frc`, `wild 5` or
//! `w5`; and a name it takes so gets XBoard's own board and rules instead of the engine's
//! `setup`. Only a name it reads as none of them (as plain chess, but for `normal` itself) is an
//! engine-defined variant.

/// XBoard's names that it finds anywhere in a name, in its order.
const ANYWHERE: [&str; 23] = [
    "normal",
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
    "wild36",
];

/// XBoard's names that it takes only at the start of a name and not followed by a letter.
const AT_START: [&str; 26] = [
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
    "janggi",
    "duck",
    "unknown",
];

/// The byte offset of `word` in `text`, ASCII case ignored.
fn find(text: &str, word: &str) -> Option<usize> {
    let (t, w) = (text.as_bytes(), word.as_bytes());
    (0..=t.len().checked_sub(w.len())?).find(|&i| t[i..i + w.len()].eq_ignore_ascii_case(w))
}

/// The length of a board-size prefix XBoard skips (`10x8_`, `9x9+7_`), if the name has one.
fn size_prefix(name: &str) -> usize {
    let b = name.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| {
        if b.get(*i) == Some(&b'-') {
            *i += 1;
        }
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if !number(&mut i) || b.get(i) != Some(&b'x') {
        return 0;
    }
    i += 1;
    if !number(&mut i) {
        return 0;
    }
    if b.get(i) == Some(&b'+') {
        i += 1;
        if !number(&mut i) {
            return 0;
        }
    }
    if b.get(i) == Some(&b'_') && i + 1 < b.len() {
        i + 1
    } else {
        0
    }
}

/// Where XBoard finds one of its own variants in a name: the byte offset and length of the word
/// it reads (`None`: XBoard takes the name for an engine-defined variant).
pub fn own_word(name: &str) -> Option<(usize, usize)> {
    let skip = size_prefix(name);
    let e = &name[skip..];
    if find(e, "misc/").is_some() {
        return plain_chess(name);
    }
    for (i, word) in ANYWHERE.iter().enumerate() {
        if let Some(at) = find(e, word) {
            return if i < 2 {
                plain_chess(name)
            } else {
                Some((skip + at, word.len()))
            };
        }
    }
    for word in AT_START {
        if find(e, word) == Some(0)
            && !e
                .as_bytes()
                .get(word.len())
                .is_some_and(u8::is_ascii_alphabetic)
        {
            return Some((skip, word.len()));
        }
    }
    if let (Some(f), Some(_)) = (find(e, "fischer"), find(e, "random")) {
        return Some((skip + f, 7));
    }
    for word in ["wild/fr", "frc", "960"] {
        if let Some(at) = find(e, word) {
            return Some((skip + at, word.len()));
        }
    }
    // `wild` or else the first `w`, then spaces, `(` or `/`, then a number: one of the wild
    // variants of the chess servers (taken as XBoard's own whatever the number, to be safe).
    let (at, len) = match find(e, "wild") {
        Some(at) => (at, 4),
        None => (find(e, "w")?, 1),
    };
    let rest = e[at + len..].trim_start_matches([' ', '(', '/']);
    if rest.starts_with(|c: char| c.is_ascii_digit()) {
        return Some((skip + at, len));
    }
    plain_chess(name)
}

/// A name XBoard reads as plain chess: its own only if it is `normal` or holds `_normal`.
fn plain_chess(name: &str) -> Option<(usize, usize)> {
    if name == "normal" {
        return Some((0, 6));
    }
    name.find("_normal").map(|at| (at + 1, 6))
}

/// Gets the name under which XBoard takes a variant for an engine-defined one: the name itself
/// if it can, else the name after `v-`, with each of XBoard's names still found in it written
/// with `_` after its first character (`shogi-heavy-leaping` is offered as
/// `v-shogi-heavy-leaping`, `crazyhouse` as `v-c_razyhouse`, `chess960` as `v-chess9_60`).
pub fn engine_name(name: &str) -> String {
    if own_word(name).is_none() {
        return name.to_string();
    }
    let mut n = format!("v-{name}");
    // Each round breaks one word, and `_` starts none but `_normal`, which a break after its
    // `n` ends; the bound only guards that reasoning.
    for _ in 0..n.len() {
        let Some((at, _)) = own_word(&n) else { break };
        let first = n[at..].chars().next().map_or(1, char::len_utf8);
        n.insert(at + first, '_');
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xboard_reads_its_names_as_4_9_does() {
        for own in [
            "normal",
            "shogi",
            "shogi-heavy-leaping",
            "Xiangqi",
            "makruk",
            "grand",
            "crazyhouse",
            "my-atomic",
            "3check",
            "chess960",
            "frc-chess",
            "fischer-random",
            "wild5",
            "w12",
            "9x9+7_shogi",
            "10x10_grand",
            "x_normal",
            "super-chess-x",
        ] {
            assert!(own_word(own).is_some(), "{own}");
        }
        for engine in [
            "chess",
            "shogiX",
            "grandchess",
            "leaping",
            "xq-heavy-leaping",
            "abnormal",
            "wazir-w3",
            "makrukish",
            "symgi",
            "v-shogi-heavy-leaping",
        ] {
            assert!(own_word(engine).is_none(), "{engine}");
        }
    }

    #[test]
    fn a_name_xboard_would_take_is_offered_changed() {
        assert_eq!(engine_name("chess"), "chess");
        assert_eq!(engine_name("shogi-heavy-leaping"), "v-shogi-heavy-leaping");
        assert_eq!(engine_name("crazyhouse"), "v-c_razyhouse");
        assert_eq!(engine_name("chess960"), "v-chess9_60");
        assert_eq!(engine_name("normal"), "v-normal");
        assert_eq!(engine_name("10x8_normal"), "v-10x8_n_ormal");
        assert_eq!(engine_name("atomic-w3"), "v-a_tomic-w_3");
        for n in [
            "xiangqi",
            "3check",
            "fischer-random",
            "wild/fr",
            "x-giveaway-frc",
        ] {
            let e = engine_name(n);
            assert!(own_word(&e).is_none(), "{n} -> {e}");
        }
    }
}
