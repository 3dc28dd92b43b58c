//! What `varia match` was asked, read from its flags: [`super::matches`] plays it, and
//! [`super::match_shards`] plays it in shards into a results file or reads it from one.

use varia::referee::{MatchConfig, Shard};

/// Everything `varia match` was asked.
pub struct MatchSpec {
    pub file: String,
    pub variants: Vec<String>,
    pub engines: Vec<String>,
    pub json: bool,
    pub openings: Option<String>,
    pub pgn: Option<String>,
    /// A weights file varia evaluates with where its variant is played (`--weights`).
    pub weights: Option<String>,
    /// A round robin of varia and the engines (`--tournament`).
    pub tournament: bool,
    /// How the games are played.
    pub config: MatchConfig,
    /// `--tc`, `--draw-adjudication` and `--resign-adjudication` as given, as a results file
    /// records them.
    pub tc_text: Option<String>,
    pub draw_words: Vec<String>,
    pub resign_words: Vec<String>,
    /// A results file of the match in shards (`--results`), the shard to play into it
    /// (`--shard`), and whether the shards it lacks are played (`--play-missing`).
    pub results: Option<String>,
    pub shard: Option<Shard>,
    pub play_missing: bool,
}
