//! A variants.ini text read into sections as Fairy-Stockfish reads it.

/// One section of a variants.ini file, as FSF reads it.
#[derive(Clone, Debug)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// The variant it inherits from (`[name:parent]`).
    pub parent: Option<String>,
    /// Keys in file order; a later duplicate replaces an earlier one (FSF keeps the last).
    pub keys: Vec<(String, String)>,
    /// The line of its `[name]` header (from 1).
    pub line: usize,
}

/// Reads the sections of a variants.ini text as FSF's `parse_istream` does: everything before
/// the first `[` is skipped, lines starting with `;` or `#` are comments, `key = value`.
pub fn parse_ini(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if let Some(rest) = line.strip_prefix('[') {
            let head = rest.split(']').next().unwrap_or("");
            let (name, parent) = match head.split_once(':') {
                Some((n, p)) => (n.to_string(), Some(p.to_string())),
                None => (head.to_string(), None),
            };
            out.push(Section {
                name,
                parent,
                keys: Vec::new(),
                line: n + 1,
            });
            continue;
        }
        let Some(sec) = out.last_mut() else { continue };
        if line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            let k = k.trim().to_string();
            if !k.is_empty() {
                sec.keys.push((k, v.trim().to_string()));
            }
        }
    }
    out
}
