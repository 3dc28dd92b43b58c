//! Finds the definition line that says a rule, for refusals: the exporter works on the compiled
//! rule set, which keeps no spans, so the line is found in the text by the statement's words.

/// Where a refused rule is said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A game statement beginning with one of these words.
    Statement(&'static [&'static str]),
    /// A property of a piece, beginning with one of these words (none: the `piece` line).
    Piece(String, &'static [&'static str]),
}

/// Gets the 1-based line number and text of the line of `source` that says the rule at `place`,
/// preferring the block of `variant` (a `variant` or `option` block whose words name it).
pub fn locate(source: &str, variant: &str, place: &Place) -> Option<(usize, String)> {
    let lines: Vec<&str> = source.lines().collect();
    // Block of each line: None for the main game, else the block's header line.
    let mut block: Vec<Option<usize>> = Vec::with_capacity(lines.len());
    let mut current = None;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        if t.starts_with("variant ") || t.starts_with("option ") {
            current = Some(i);
        }
        block.push(current);
    }
    let in_variant = |i: usize| {
        block[i].is_some_and(|h| {
            let words: Vec<&str> = lines[h].split_whitespace().collect();
            match words.first() {
                Some(&"variant") => words.get(1) == Some(&variant),
                Some(&"option") => words
                    .get(2)
                    .is_some_and(|v| variant.split('-').any(|p| p == *v) || variant.contains(v)),
                _ => false,
            }
        })
    };
    let starts = |l: &str, words: &[&str]| {
        let t = l.trim_start();
        let t = t.split('#').next().unwrap_or("");
        words.iter().any(|w| {
            t.starts_with(w)
                && t[w.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        })
    };
    let mut hits: Vec<usize> = Vec::new();
    match place {
        Place::Statement(words) => {
            hits.extend((0..lines.len()).filter(|&i| starts(lines[i], words)));
        }
        Place::Piece(name, words) => {
            for i in 0..lines.len() {
                let w: Vec<&str> = lines[i].split_whitespace().collect();
                if w.first() != Some(&"piece") || w.get(1) != Some(&name.as_str()) {
                    continue;
                }
                if words.is_empty() {
                    hits.push(i);
                    continue;
                }
                for (j, l) in lines.iter().enumerate().skip(i + 1) {
                    let indented = l.starts_with(' ') || l.starts_with('\t');
                    if !indented && !l.trim().is_empty() && !l.trim_start().starts_with('#') {
                        break;
                    }
                    if starts(l, words) {
                        hits.push(j);
                    }
                }
            }
            if hits.is_empty() {
                return locate(source, variant, &Place::Piece(name.clone(), &[]));
            }
        }
    }
    let pick = hits
        .iter()
        .rev()
        .find(|&&i| in_variant(i))
        .or_else(|| hits.iter().find(|&&i| block[i].is_none()))
        .or(hits.first())?;
    Some((pick + 1, lines[*pick].trim().to_string()))
}
