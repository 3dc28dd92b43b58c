//! A benchmark (not a test): what `status` and `legal_moves` cost after a long game.
//!
//! It plays a line of `PLIES` (4,000) plies of shogi (no move limit; repetition and perpetual
//! check are its history rules) that never captures, checks or repeats a position, so the game
//! never ends, then times `CALLS` calls of `status` and of `legal_moves` at ply 0 and at the last
//! ply (and at the same position read from its FEN, without the line) and prints the ratios. A cost that grows with the game's length shows as a ratio well
//! above 1.
//!
//! `cargo run --release --example history [PLIES] [CALLS] [QUERY AT]` (defaults 4000 and
//! 100000); with `QUERY` (`status` or `legal_moves`) and `AT` (`start`, `end` or `fen`) it makes
//! only those calls, for an instruction count under valgrind.

use std::collections::HashSet;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let plies: usize = args.next().map_or(4000, |s| s.parse().expect("PLIES"));
    let calls: usize = args.next().map_or(100_000, |s| s.parse().expect("CALLS"));
    let only: Option<(String, String)> = args.next().zip(args.next());
    let source = std::fs::read_to_string("definitions/classic/shogi.varia")
        .expect("run from the repository's root");
    let game = varia::load_str(&source, None).expect("shogi loads");
    let start = game.start();
    let mut pos = start.clone();
    let mut seen = HashSet::from([game.key(&pos)]);
    // A fixed pseudo-random walk (an LCG): the same line every run.
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for ply in 0..plies {
        let mut moves: Vec<_> = game
            .legal_moves(&pos)
            .into_iter()
            .filter(|m| !game.is_capture(&pos, m))
            .collect();
        let mut played = false;
        while !moves.is_empty() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves.swap_remove((seed >> 33) as usize % moves.len());
            game.play(&mut pos, &m).expect("a legal move");
            let fresh = !seen.contains(&game.key(&pos)) && !game.in_check(&pos);
            if fresh && !game.status(&pos).is_over() {
                seen.insert(game.key(&pos));
                played = true;
                break;
            }
            game.undo(&mut pos);
        }
        assert!(played, "the line is stuck at ply {ply}: {}", game.fen(&pos));
    }
    assert!(!game.status(&pos).is_over());
    let time = |p: &varia::Position, what: &str| -> f64 {
        let t = Instant::now();
        let mut n = 0usize;
        for _ in 0..calls {
            n += match what {
                "status" => game.status(p).is_over() as usize,
                _ => game.legal_moves(p).len(),
            };
        }
        std::hint::black_box(n);
        t.elapsed().as_secs_f64()
    };
    println!("shogi, {plies} plies without capture or repetition; {calls} calls each (seconds)");
    // The same position read from its FEN: no line behind it.
    let fresh = game.parse_fen(&game.fen(&pos)).expect("the FEN reads back");
    if let Some((what, at)) = only {
        let p = match at.as_str() {
            "start" => &start,
            "end" => &pos,
            _ => &fresh,
        };
        println!("{what} at {at}: {:.3} s", time(p, &what));
        return;
    }
    for what in ["status", "legal_moves"] {
        let a = time(&start, what);
        let b = time(&pos, what);
        let c = time(&fresh, what);
        println!(
            "{what:<12} ply 0: {a:.3}  ply {plies}: {b:.3} (ratio {:.2})  same position from its FEN: {c:.3} (ratio {:.2})",
            b / a,
            b / c
        );
    }
}
