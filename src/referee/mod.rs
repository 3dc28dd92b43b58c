//! Games played to their end, as `varia match` and the Python package's `match` referee them.
//!
//! A [`Line`] is a game from a start position; [`opening`] sets one up from a book of openings
//! and random plies; [`play_out`] asks a chooser for each move until the game's rules, a cap on
//! plies, the chooser or an adjudicator end it, and keeps each move's [`Eval`]; [`Tally`] counts
//! the results of a series; [`run_jobs`] plays many games on threads.
//!
//! Play a short game of varia against itself and count it:
//!
//! ```
//! use std::sync::Arc;
//! use varia::referee::{Tally, opening, play_out, varia_choice};
//! use varia::search::{Limits, Searcher};
//! let source = std::fs::read_to_string("definitions/classic/chess.varia").unwrap();
//! let game = Arc::new(varia::load_str(&source, None).unwrap());
//! let book = vec![(game.start(), Vec::new())];
//! let mut line = opening(&game, &book, 0, 2, 0);
//! let mut searcher = Searcher::new(game.clone(), 1);
//! let played = play_out(&mut line, 6, |l| Ok(varia_choice(&mut searcher, l.current(), &Limits::depth(1))), |_, _, _| None);
//! assert_eq!(played.verdict.cause, "ply-cap");
//! assert_eq!((line.moves.len(), played.evals.len()), (8, 6));
//! let mut tally = Tally::new("chess", ["varia".into(), "varia".into()], vec!["white".into(), "black".into()]);
//! tally.add(played.verdict.winner, varia::rules::PlayerId(0), &played.verdict.cause, 6);
//! assert_eq!((tally.games, tally.draws, tally.score()), (1, 1, 0.5));
//! ```

mod adjudicate;
mod clock;
mod compare;
mod crosstable;
mod engine_process;
mod external;
mod line;
mod report;
mod series;
mod shards;
mod sprt;
mod tally;

pub use adjudicate::{Adjudicator, DrawRule, ResignRule, centipawns};
pub use clock::{Clock, ClockUse, Reading, TimeControl, seconds_text};
pub use compare::{Difference, Scores, difference};
pub use crosstable::Crosstable;
pub use engine_process::{EngineLimit, EngineSpec, escape_controls};
pub use external::{EngineFailure, External, MAX_LINE, Protocol, xboard_move};
pub use line::{
    BookError, Choice, Eval, Line, Opening, Played, Rng, Verdict, opening, play_out, read_openings,
    run_jobs, varia_choice,
};
pub use report::{Record, Series, Stats, eval_comment, json, pair_bins, pentanomial, pgn, report};
pub use series::{
    EngineRefusal, MatchConfig, check_engines, counts, decision, play_games, stats,
    time_control_tags,
};
pub use shards::{
    Shard, clock_json, clock_of_json, digest, game_line, game_of_line, play_rest, result_text,
};
pub use sprt::{Decision, Sprt, Standing, score_bins, score_of};
pub use tally::{Tally, wilson};
