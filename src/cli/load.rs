//! Reading files named on the command line and loading their games, with failures rendered for
//! the user.

use varia::{Game, LoadError, RuleSet};

/// A failure already rendered for the user.
pub(super) struct Failure(pub(super) String);

impl From<String> for Failure {
    fn from(s: String) -> Self {
        Failure(s)
    }
}

/// The most bytes read from a file given on the command line (a definition is refused past
/// `varia::MAX_SOURCE_BYTES` with a diagnostic; this bounds what is read to find that out).
const MAX_FILE_BYTES: u64 = 16 << 20;

pub(super) fn read(path: &str) -> Result<String, Failure> {
    read_capped(std::path::Path::new(path))
        .map_err(|e| Failure(format!("error: cannot read {path}: {e}")))
}

/// Reads a file of at most [`MAX_FILE_BYTES`] (16 MiB) as UTF-8 text, or says why not: every
/// command, the server included, reads files through here.
pub(super) fn read_capped(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("the file is over {} MiB", MAX_FILE_BYTES >> 20));
    }
    String::from_utf8(bytes).map_err(|_| "stream did not contain valid UTF-8".to_string())
}

/// Renders a load error as the user reads it.
pub(super) fn render_load_error(path: &str, source: &str, e: LoadError) -> Failure {
    match e {
        LoadError::Definition(d) => Failure(varia::render_diagnostics(path, source, &d)),
        other => Failure(format!("error: {other}")),
    }
}

/// Loads the game of a file: a definition, or an exported RON / JSON rule set.
pub(super) fn load_game(path: &str, variant: Option<&str>) -> Result<Game, Failure> {
    let source = read(path)?;
    let exported = |r: Result<RuleSet, String>| -> Result<Game, Failure> {
        let rules = r.map_err(|e| format!("error: {path}: not a rule set: {e}"))?;
        if let Some(v) = variant
            && v != rules.variant
        {
            return Err(Failure(format!(
                "error: unknown variant `{v}` (variants: {})",
                rules.variant
            )));
        }
        Game::new(rules).map_err(|e| Failure(format!("error: {path}: {e}")))
    };
    // A parse error is given with its place in the text and its path in the rule set.
    let with_path = |e: String, path: Option<String>| match path {
        Some(p) if p != "." => format!("{p}: {e}"),
        _ => e,
    };
    // A rule set of another format is refused by its format, not by its first changed field.
    let other_format = |probe: Option<varia::rules::FormatProbe>, e: String| {
        probe.and_then(|p| p.refusal()).unwrap_or(e)
    };
    if path.ends_with(".ron") {
        return exported(ron::from_str(&source).map_err(|e| {
            let path = ron::Deserializer::from_str(&source).ok().and_then(|mut d| {
                serde_path_to_error::deserialize::<_, RuleSet>(&mut d)
                    .err()
                    .map(|e| e.path().to_string())
            });
            other_format(ron::from_str(&source).ok(), with_path(e.to_string(), path))
        }));
    }
    if path.ends_with(".json") {
        let mut d = serde_json::Deserializer::from_str(&source);
        return exported(serde_path_to_error::deserialize(&mut d).map_err(|e| {
            other_format(
                serde_json::from_str(&source).ok(),
                with_path(e.inner().to_string(), Some(e.path().to_string())),
            )
        }));
    }
    varia::load_at(&source, std::path::Path::new(path), variant)
        .map_err(|e| render_load_error(path, &source, e))
}

/// Reads a weights file (not yet checked against a game).
pub(super) fn read_weights(path: &str) -> Result<varia::search::Weights, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure(format!("error: cannot read {path}: {e}")))?;
    varia::search::Weights::from_json(&text).map_err(|e| Failure(format!("error: {path}: {e}")))
}

/// The weights among `weights` meant for a game, checked against it.
pub(super) fn weights_for(
    path: &str,
    weights: &varia::search::Weights,
    game: &Game,
) -> Result<Option<varia::search::Weights>, Failure> {
    if weights.variant != varia::search::variant_name(game) {
        return Ok(None);
    }
    weights
        .check(game)
        .map_err(|e| Failure(format!("error: {path}: {e}")))?;
    Ok(Some(weights.clone()))
}

/// Reads a weights file meant for `game` (`--weights`).
pub(super) fn weights_for_game(path: &str, game: &Game) -> Result<varia::search::Weights, Failure> {
    let w = read_weights(path)?;
    weights_for(path, &w, game)?.ok_or_else(|| {
        let variant = varia::search::variant_name(game);
        Failure(format!(
            "error: {path}: the weights are for `{}`, not `{variant}`",
            w.variant
        ))
    })
}
