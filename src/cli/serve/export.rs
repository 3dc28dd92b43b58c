//! The one-file export of a game (`POST /api/export`): an HTML page that replays the game with no
//! server. It holds the game as data (the rules the playground draws from, the start position,
//! and each move's changed cells, hands, FEN and status) and the playground's own drawing code
//! (web/board.js, web/pieces.js, web/style.css) with the viewer (web/replay.js), all inline: it
//! works opened from disk, with no network.

use super::ApiError;
use super::game;
use serde_json::{Value, json};

const TEMPLATE: &str = include_str!("../../../web/export.html");
const STYLE_CSS: &str = include_str!("../../../web/style.css");
const BOARD_JS: &str = include_str!("../../../web/board.js");
const PIECES_JS: &str = include_str!("../../../web/pieces.js");
const REPLAY_JS: &str = include_str!("../../../web/replay.js");

/// Writes the page replaying the game of `file` from `fen` (or the setup) through `moves`.
pub fn page(
    game: &varia::Game,
    file: &str,
    fen: Option<&str>,
    moves: &[String],
) -> Result<String, ApiError> {
    let mut data = game::replay_json(game, fen, moves)?;
    data["file"] = json!(file);
    data["version"] = json!(env!("CARGO_PKG_VERSION"));
    data["rules"] = game::rules_json(game);
    Ok(fill(&data))
}

/// The template with the code and the data put in. The data is JSON with every `<` written
/// `\u003c`, so that no string in it (a player's name, a title) can end the script it is in.
fn fill(data: &Value) -> String {
    let json = data.to_string().replace('<', "\\u003c");
    // The data last: nothing put in before it holds its mark.
    TEMPLATE
        .replacen("/*STYLE_CSS*/", STYLE_CSS, 1)
        .replacen("/*BOARD_JS*/", BOARD_JS, 1)
        .replacen("/*PIECES_JS*/", PIECES_JS, 1)
        .replacen("/*REPLAY_JS*/", REPLAY_JS, 1)
        .replacen("/*GAME*/", &json, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code put inline holds nothing that would end its `<script>` or `<style>` early, and
    /// each mark of the template is there once.
    #[test]
    fn the_parts_fit_the_template() {
        for (name, text) in [
            ("style.css", STYLE_CSS),
            ("board.js", BOARD_JS),
            ("pieces.js", PIECES_JS),
            ("replay.js", REPLAY_JS),
        ] {
            let lower = text.to_lowercase();
            assert!(!lower.contains("</script"), "{name}");
            assert!(!lower.contains("</style"), "{name}");
        }
        for mark in [
            "/*STYLE_CSS*/",
            "/*BOARD_JS*/",
            "/*PIECES_JS*/",
            "/*REPLAY_JS*/",
            "/*GAME*/",
        ] {
            assert_eq!(TEMPLATE.matches(mark).count(), 1, "{mark}");
        }
        let page = fill(&json!({"title": "</script><b>"}));
        assert!(page.contains(r#"{"title":"\u003c/script>\u003cb>"}"#));
    }
}
