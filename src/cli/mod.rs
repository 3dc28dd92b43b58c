//! Command-line front end: check, show, moves, perft, export, serve, and the programs that play:
//! xboard, uci, play, match, openings, tune, values.

mod fsf;
mod load;
mod match_shards;
mod match_spec;
mod matches;
mod openings;
mod play;
mod serve;
mod session;
mod show;
mod tune;
mod uci;
mod values;
mod xbetza;
mod xbnames;
mod xboard;

use clap::{Parser, Subcommand, ValueEnum};
use load::{Failure, load_game, read, render_load_error};
use std::time::Instant;
use varia::referee::{
    DrawRule, EngineLimit, MatchConfig, Protocol, ResignRule, Shard, Sprt, TimeControl,
};
use varia::{Game, Position};

#[derive(Parser)]
#[command(
    name = "varia",
    version,
    about = "Chess variants from declarative definitions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a position comes from.
#[derive(clap::Args)]
struct Select {
    /// A definition file (.varia), or an exported rule set (.ron, .json)
    file: String,
    /// The variant to play (default: the file's main game)
    #[arg(long)]
    variant: Option<String>,
    /// Start from this FEN instead of the game's setup
    #[arg(long)]
    fen: Option<String>,
    /// Start from the set-up this seed shuffles (games with a `shuffle` rule, such as Chess960)
    #[arg(long, conflicts_with = "fen")]
    seed: Option<u64>,
    /// Moves to play first
    #[arg(long, num_args = 1.., value_name = "M")]
    moves: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Checks a definition and lists its variants
    Check {
        file: String,
        #[arg(long)]
        json: bool,
        /// Fail (exit 1) when there are warnings
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Shows a position as a diagram
    Show {
        #[command(flatten)]
        select: Select,
        /// Print the position as JSON: FEN, side to move, status, eliminated players, winner
        #[arg(long)]
        json: bool,
    },
    /// Lists the legal moves, one a line, sorted
    Moves {
        #[command(flatten)]
        select: Select,
        #[arg(long)]
        json: bool,
        /// Write the moves in SAN (`Nf3`, `exd5`, `O-O`, `P@e4`), sorted as written
        #[arg(long)]
        san: bool,
    },
    /// Counts the leaf nodes of the move tree
    Perft {
        #[command(flatten)]
        select: Select,
        #[arg(long)]
        depth: u32,
        /// Also count the nodes under each move
        #[arg(long)]
        divide: bool,
        /// Share the root's moves out among this many threads
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        #[arg(long)]
        json: bool,
    },
    /// Speaks the XBoard protocol (CECP v2) for the files' two-player variants
    Xboard {
        #[arg(required = true)]
        files: Vec<String>,
        /// Evaluate with the tuned terms of these weights files (`varia tune`), each in the
        /// variant it was tuned for
        #[arg(long)]
        weights: Vec<String>,
    },
    /// Speaks UCI, with the files' variants as the UCI_Variant option
    Uci {
        #[arg(required = true)]
        files: Vec<String>,
        /// Evaluate with the tuned terms of these weights files (`varia tune`), each in the
        /// variant it was tuned for
        #[arg(long)]
        weights: Vec<String>,
    },
    /// Plays a game in the terminal against the engine (or engine against engine)
    Play {
        file: String,
        #[arg(long)]
        variant: Option<String>,
        /// The player you play (a player's name), or `none` to watch the engine play itself
        /// (default: the first player)
        #[arg(long = "as", value_name = "SIDE")]
        side: Option<String>,
        #[command(flatten)]
        think: Think,
        /// Declare a draw after this many plies
        #[arg(long, default_value_t = 1000)]
        max_plies: usize,
        /// Evaluate with the tuned terms of this weights file (`varia tune`)
        #[arg(long)]
        weights: Option<String>,
    },
    /// Plays series of games and reports who wins how often and how games end
    // Boxed: its flags would make every command as large as it.
    Match(Box<MatchArgs>),
    /// Finds a book of balanced openings for `varia match --openings`
    Openings(openings::OpeningsArgs),
    /// Tunes the evaluation of a variant from self-play and writes a weights file
    Tune(tune::TuneArgs),
    /// Estimates each piece type's value from self-play, with 95% intervals
    Values(values::ValuesArgs),
    /// Exports the compiled rule set
    Export {
        file: String,
        #[arg(long)]
        variant: Option<String>,
        #[arg(long)]
        format: Format,
    },
    /// Writes a .varia definition for each section of a Fairy-Stockfish variants.ini (or the one
    /// named), or the reason a section is refused
    Import {
        file: String,
        /// The section to import (default: all of them)
        #[arg(long)]
        variant: Option<String>,
        /// Write NAME.varia files into this folder instead of printing the definitions
        #[arg(long)]
        out: Option<String>,
        /// With --out, replace files that already exist (never a symbolic link)
        #[arg(long, requires = "out")]
        force: bool,
        /// Where the built-in parents' definitions are (DIR/fsf/NAME.varia, DIR/classic/NAME.varia;
        /// default: ./definitions, else the source tree's)
        #[arg(long)]
        definitions: Option<String>,
    },
    /// Serves a web playground for the definitions of a folder or one file, on 127.0.0.1 (or,
    /// shared, on --host: read-only, nothing outside the folder read, limits per client)
    Serve {
        /// A folder of definitions or one file (default: definitions/ if present, else .)
        target: Option<String>,
        #[arg(long, default_value_t = 8080)]
        port: u16,
        #[command(flatten)]
        share: serve::ShareArgs,
    },
}

/// `varia match`'s arguments.
#[derive(clap::Args)]
struct MatchArgs {
    file: String,
    /// A variant to play (several: reported side by side; default: the main variant)
    #[arg(long)]
    variant: Vec<String>,
    /// Games per variant (and per engine)
    #[arg(long)]
    games: usize,
    #[command(flatten)]
    think: Think,
    /// An external engine to play against: `[NAME=VALUE ...] PROGRAM [ARG ...]` or Cute
    /// Chess's `cmd=PROGRAM arg=ARG dir=DIR env.NAME=VALUE option.NAME=VALUE` with time odds
    /// `tc=BASE+INC`, `st=SECONDS`, `depth=N` or `nodes=N`, split as a shell splits words, run
    /// without a shell (several: one series each)
    #[arg(long, num_args = 1..)]
    engine: Vec<String>,
    /// The external engines' protocol (default: UCI if it answers `uci`, else XBoard)
    #[arg(long)]
    protocol: Option<ProtocolArg>,
    /// Games played at once (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
    #[arg(long)]
    json: bool,
    /// Start positions: one a line, a FEN or moves from the setup
    #[arg(long)]
    openings: Option<String>,
    /// Write the games as PGN to this file
    #[arg(long)]
    pgn: Option<String>,
    /// Declare a draw after this many plies
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Random moves played from each opening before the engines take over (games 2k and
    /// 2k+1 get the same ones)
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// Evaluate with the tuned terms of this weights file (`varia tune`) in the variant it
    /// was tuned for
    #[arg(long)]
    weights: Option<String>,
    /// Stop when a sequential test decides between two Elo differences of varia against one
    /// engine: `elo0=A elo1=B [alpha=0.05] [beta=0.05] [batch=1]` (--games is then the most
    /// played), looked at after each batch of pairs of games in the order of their indices
    #[arg(long, num_args = 1.., value_name = "NAME=VALUE")]
    sprt: Vec<String>,
    /// A clock for each player instead of a limit a move: BASE+INC in seconds (`10+0.1`,
    /// `1:30+1`), or MOVES/BASE+INC (`40/60+0`); a move that ends past the time left loses
    /// on time
    #[arg(long, value_name = "BASE+INC", value_parser = parse_tc_text,
          conflicts_with_all = ["depth", "nodes", "movetime"])]
    tc: Option<String>,
    /// Milliseconds a move may end past the time left before it loses on time (with --tc)
    #[arg(long, value_name = "MS", default_value_t = 50, requires = "tc")]
    timemargin: u64,
    /// Adjudicate a draw once every score has been within S centipawns of 0 for M moves of each
    /// player in a row, from full move N on: `movenumber=N movecount=M score=S`
    #[arg(long, num_args = 1.., value_name = "NAME=VALUE")]
    draw_adjudication: Vec<String>,
    /// Adjudicate a loss once the scores of both players have agreed that one of them is S
    /// centipawns or more behind for M moves of each in a row: `movecount=M score=S`
    #[arg(long, num_args = 1.., value_name = "NAME=VALUE")]
    resign_adjudication: Vec<String>,
    /// A round robin: varia and every --engine play each other, --games games a pairing in
    /// each variant, reported with a crosstable and each entrant's Elo against the field
    #[arg(long, conflicts_with = "sprt")]
    tournament: bool,
    /// A results file of the match in shards (JSON lines, as the Python package's
    /// `varia.match(..., results=...)` writes it): with --shard, the shard's games are appended
    /// to it; without, its shards make the whole match's report
    #[arg(long, value_name = "FILE")]
    results: Option<String>,
    /// Play shard K of N (from 0) into --results: the pairs of games p with p % N == K of
    /// every series (games 2p and 2p+1); with --sprt, batch K of the test (N batches)
    #[arg(long, value_name = "K/N", requires = "results", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// With --results and no --shard: play the shards the file lacks here (each appended as it
    /// ends) instead of listing them
    #[arg(long, requires = "results", conflicts_with = "shard")]
    play_missing: bool,
}

/// Runs `varia match`.
fn match_command(args: MatchArgs) -> Result<String, Failure> {
    let MatchArgs {
        file,
        variant,
        games,
        think,
        engine,
        protocol,
        threads,
        json,
        openings,
        pgn,
        max_plies,
        random_plies,
        weights,
        sprt,
        tc,
        timemargin,
        draw_adjudication,
        resign_adjudication,
        tournament,
        results,
        shard,
        play_missing,
    } = args;
    let config = MatchConfig {
        games,
        limit: think.limit(EngineLimit::Depth(3)),
        protocol: protocol.map(|p| match p {
            ProtocolArg::Uci => Protocol::Uci,
            ProtocolArg::Xboard => Protocol::Xboard,
        }),
        threads: session::threads_or_cores(threads),
        max_plies: max_plies.max(1),
        random_plies,
        seed: 0,
        sprt: match sprt.is_empty() {
            true => None,
            false => Some(Sprt::parse(&sprt).map_err(|m| Failure(format!("error: --sprt: {m}")))?),
        },
        tc: tc
            .as_deref()
            .map(parse_tc)
            .transpose()
            .map_err(|m| Failure(format!("error: --tc: {m}")))?,
        time_margin: std::time::Duration::from_millis(timemargin),
        draw: DrawRule::parse(&draw_adjudication)
            .map_err(|m| Failure(format!("error: --draw-adjudication: {m}")))?,
        resign: ResignRule::parse(&resign_adjudication)
            .map_err(|m| Failure(format!("error: --resign-adjudication: {m}")))?,
    };
    let spec = match_spec::MatchSpec {
        file,
        variants: variant,
        engines: engine,
        json,
        openings,
        pgn,
        weights,
        tournament,
        config,
        tc_text: tc,
        draw_words: draw_adjudication,
        resign_words: resign_adjudication,
        results,
        shard,
        play_missing,
    };
    matches::run(spec)
}

/// How long the engine thinks per move (at most one of them).
#[derive(clap::Args, Clone, Copy)]
struct Think {
    /// Search this many plies deep
    #[arg(long, conflicts_with_all = ["nodes", "movetime"],
          value_parser = clap::value_parser!(u32).range(1..))]
    depth: Option<u32>,
    /// Search this many nodes
    #[arg(long, conflicts_with_all = ["depth", "movetime"],
          value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search this many milliseconds
    #[arg(long, conflicts_with_all = ["depth", "nodes"],
          value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
}

impl Think {
    /// The limit given, or `default`.
    fn limit(&self, default: EngineLimit) -> EngineLimit {
        use EngineLimit::*;
        match (self.depth, self.nodes, self.movetime) {
            (Some(d), _, _) => Depth(d.clamp(1, varia::search::MAX_PLY as u32 - 1)),
            (_, Some(n), _) => Nodes(n.max(1)),
            (_, _, Some(t)) => Movetime(std::time::Duration::from_millis(t.max(1))),
            _ => default,
        }
    }
}

/// Reads `--tc`.
fn parse_tc(text: &str) -> Result<TimeControl, String> {
    TimeControl::parse(text)
}

/// `--tc` as given (a results file records it so), once it reads as a time control.
fn parse_tc_text(text: &str) -> Result<String, String> {
    TimeControl::parse(text).map(|_| text.to_string())
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    Shard::parse(text)
}

#[derive(Clone, Copy, ValueEnum)]
enum ProtocolArg {
    Uci,
    Xboard,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Ron,
    Json,
    /// Fairy-Stockfish's variants.ini: a section per variant, or a refusal naming the rule
    Fsf,
}

/// Runs the tool and returns its exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match dispatch(cli.command) {
        Ok(text) => {
            use std::io::Write as _;
            let mut stdout = std::io::stdout().lock();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
            {
                Ok(()) => 0,
                // A reader that stops early (`| head`) is not an error of ours.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    1
                }
            }
        }
        Err(Failure(msg)) => {
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            1
        }
    }
}

fn position(select: &Select) -> Result<(Game, Position), Failure> {
    position_after(select).map(|(g, p, _)| (g, p))
}

/// The selected position and the last of the `--moves` that lead to it.
fn position_after(select: &Select) -> Result<(Game, Position, Option<varia::Move>), Failure> {
    let game = load_game(&select.file, select.variant.as_deref())?;
    let mut pos = match &select.fen {
        Some(f) => game
            .parse_fen(f)
            .map_err(|e| format!("error: bad FEN: {e}"))?,
        None => match select.seed {
            Some(seed) => game
                .shuffled_start(seed)
                .map_err(|e| format!("error: --seed: {e}"))?,
            None => game.start(),
        },
    };
    // In place, one parse a move: replaying takes time in proportion to the moves.
    let mut last = None;
    for m in &select.moves {
        // Coordinates first; SAN (a PGN's moves) where the string is no coordinate move, whose
        // error is then the one to show.
        let mv = match game.parse_move(&pos, m) {
            Ok(mv) => Ok(mv),
            Err(varia::engine::MoveError::Malformed(_)) => {
                game.parse_san(&pos, m).map_err(|e| e.to_string())
            }
            Err(e) => game.parse_san(&pos, m).map_err(|_| e.to_string()),
        }
        .map_err(|e| format!("error: {e} (position: {})", game.fen(&pos)))?;
        game.play_unchecked(&mut pos, &mv);
        last = Some(mv);
    }
    Ok((game, pos, last))
}

/// Appends a formatted line to the output buffer.
macro_rules! outln {
    ($out:ident, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

/// Appends formatted text to the output buffer.
macro_rules! outp {
    ($out:ident, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = write!($out, $($arg)*);
    }};
}

fn dispatch(cmd: Command) -> Result<String, Failure> {
    let mut out = String::new();
    dispatch_into(cmd, &mut out)?;
    Ok(out)
}

fn dispatch_into(cmd: Command, out: &mut String) -> Result<(), Failure> {
    match cmd {
        Command::Serve {
            target,
            port,
            share,
        } => serve::run(target.as_deref(), port, &share).map_err(Failure),
        Command::Check {
            file,
            json,
            deny_warnings,
        } => check(&file, json, deny_warnings, out),
        Command::Show { select, json } => {
            let (game, pos, last) = position_after(&select)?;
            if json {
                outln!(out, "{}", show::json(&game, &pos));
            } else {
                outp!(out, "{}", show::diagram(&game, &pos, last.as_ref()));
            }
            Ok(())
        }
        Command::Moves { select, json, san } => {
            let (game, pos) = position(&select)?;
            let mut moves: Vec<String> = if san {
                game.san_moves(&pos).into_iter().map(|(_, s)| s).collect()
            } else {
                game.legal_moves(&pos)
                    .iter()
                    .map(|m| game.move_to_string(m))
                    .collect()
            };
            moves.sort();
            // A finished game: no move to list (or only what its rules still generate), and
            // why on standard error, so that the list stays a list of moves for scripts.
            let status = game.status(&pos);
            if matches!(status, varia::Status::Over(_)) {
                eprintln!("game over: {}", show::describe(&game, &pos, &status));
            }
            if json {
                outln!(out, "{}", serde_json::to_string(&moves).unwrap_or_default());
            } else {
                for m in moves {
                    outln!(out, "{m}");
                }
            }
            Ok(())
        }
        Command::Perft {
            select,
            depth,
            divide,
            threads,
            json,
        } => perft(&select, depth, divide, threads, json, out),
        Command::Xboard { files, weights } => {
            out.push_str(&xboard::run(&files, &weights)?);
            Ok(())
        }
        Command::Uci { files, weights } => {
            out.push_str(&uci::run(&files, &weights)?);
            Ok(())
        }
        Command::Play {
            file,
            variant,
            side,
            think,
            max_plies,
            weights,
        } => {
            let side = side.as_deref();
            let (variant, weights) = (variant.as_deref(), weights.as_deref());
            out.push_str(&play(&file, variant, side, &think, max_plies, weights)?);
            Ok(())
        }
        Command::Match(args) => {
            out.push_str(&match_command(*args)?);
            Ok(())
        }
        Command::Openings(args) => {
            out.push_str(&openings::command(args)?);
            Ok(())
        }
        Command::Values(args) => {
            out.push_str(&values::command(args)?);
            Ok(())
        }
        Command::Tune(args) => {
            out.push_str(&tune::command(args)?);
            Ok(())
        }
        Command::Export {
            file,
            variant,
            format,
        } => {
            let game = load_game(&file, variant.as_deref())?;
            let rules = game.rules();
            let text = match format {
                Format::Ron => ron::ser::to_string_pretty(rules, ron::ser::PrettyConfig::default())
                    .map_err(|e| format!("error: {e}"))?,
                Format::Json => {
                    serde_json::to_string_pretty(rules).map_err(|e| format!("error: {e}"))?
                }
                Format::Fsf => fsf::export(&file, variant.as_deref())?,
            };
            outln!(out, "{text}");
            Ok(())
        }
        Command::Import {
            file,
            variant,
            out: dir,
            force,
            definitions,
        } => {
            out.push_str(&fsf::import(
                &file,
                variant.as_deref(),
                dir.as_deref(),
                definitions.as_deref(),
                force,
            )?);
            Ok(())
        }
    }
}

/// `varia perft`: the leaf count at a depth (per move with `divide`), and the speed.
fn perft(
    select: &Select,
    depth: u32,
    divide: bool,
    threads: u32,
    json: bool,
    out: &mut String,
) -> Result<(), Failure> {
    let (game, pos) = position(select)?;
    let threads = threads as usize;
    let t0 = Instant::now();
    let (nodes, per_move) = if divide {
        let d = game
            .divide_threads(&pos, depth, threads)
            .map_err(|e| format!("error: {e}"))?;
        let mut d: Vec<(String, u64)> = d
            .into_iter()
            .map(|(m, n)| (game.move_to_string(&m), n))
            .collect();
        d.sort();
        (
            if depth == 0 {
                1
            } else {
                d.iter().map(|x| x.1).sum()
            },
            Some(d),
        )
    } else {
        (
            game.perft_threads(&pos, depth, threads)
                .map_err(|e| format!("error: {e}"))?,
            None,
        )
    };
    let secs = t0.elapsed().as_secs_f64();
    let nps = if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    };
    if json {
        let mut obj = serde_json::json!({
            "depth": depth, "nodes": nodes, "seconds": secs, "nps": nps
        });
        if let Some(d) = per_move {
            obj["divide"] =
                serde_json::Value::Object(d.into_iter().map(|(m, n)| (m, n.into())).collect());
        }
        outln!(out, "{obj}");
    } else {
        if let Some(d) = per_move {
            for (m, n) in d {
                outln!(out, "{m}: {n}");
            }
            out.push('\n');
        }
        outln!(
            out,
            "depth {depth}: {nodes} nodes in {secs:.3} s ({nps} nodes/s)"
        );
    }
    Ok(())
}

/// `varia play`: a game against the engine in the terminal.
fn play(
    file: &str,
    variant: Option<&str>,
    side: Option<&str>,
    think: &Think,
    max_plies: usize,
    weights: Option<&str>,
) -> Result<String, Failure> {
    let game = load_game(file, variant)?;
    let weights = match weights {
        Some(p) => Some(load::weights_for_game(p, &game)?),
        None => None,
    };
    let players = &game.rules().players;
    let human: Vec<varia::rules::PlayerId> = match side {
        None => vec![varia::rules::PlayerId(0)],
        Some("none") => Vec::new(),
        Some(s) => match players.iter().position(|p| p.name.eq_ignore_ascii_case(s)) {
            Some(i) => vec![varia::rules::PlayerId(i as u8)],
            None => {
                let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
                return Err(Failure(format!(
                    "error: unknown side `{s}` (sides: {}, none)",
                    names.join(", ")
                )));
            }
        },
    };
    let limits = match think.limit(EngineLimit::Movetime(std::time::Duration::from_millis(
        1000,
    ))) {
        EngineLimit::Depth(d) => varia::search::Limits::depth(d),
        EngineLimit::Nodes(n) => varia::search::Limits::nodes(n),
        EngineLimit::Movetime(t) => varia::search::Limits::movetime(t),
    };
    play::run(game, &human, limits, max_plies, weights.as_ref())
}

/// Checks every variant of a file; reports all problems at once. Warnings (rules that can never
/// apply) go to stderr, or into the JSON's `warnings`; they fail the check only with `deny`.
fn check(path: &str, json: bool, deny: bool, out: &mut String) -> Result<(), Failure> {
    let source = read(path)?;
    let checked = varia::check_all_at(&source, std::path::Path::new(path))
        .map_err(|e| render_load_error(path, &source, e))?;
    let names = &checked.variants;
    if json {
        let warnings: Vec<serde_json::Value> = checked
            .warnings
            .iter()
            .map(|w| {
                let (line, column) = line_column(&source, w.span.start);
                serde_json::json!({ "line": line, "column": column, "message": w.message })
            })
            .collect();
        outln!(
            out,
            "{}",
            serde_json::json!({ "variants": names, "warnings": warnings })
        );
    } else {
        if !checked.warnings.is_empty() {
            eprint!(
                "{}",
                varia::render_diagnostics(path, &source, &checked.warnings)
            );
        }
        let warned = match checked.warnings.len() {
            0 => String::new(),
            1 => " (1 warning)".to_string(),
            n => format!(" ({n} warnings)"),
        };
        if !deny || checked.warnings.is_empty() {
            outln!(
                out,
                "{path}: ok{warned}, {} variant(s): {}",
                names.len(),
                names.join(", ")
            );
        }
    }
    match checked.warnings.len() {
        n if deny && n > 0 => Err(Failure(format!(
            "error: {path}: {n} warning(s), denied by --deny-warnings"
        ))),
        _ => Ok(()),
    }
}

/// The 1-based line and column (in characters) of a byte offset, as the diagnostics count them.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, source[line_start..at].chars().count() + 1)
}
