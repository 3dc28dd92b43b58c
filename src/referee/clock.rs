//! Time controls for `varia match --tc`: a clock per player, run down by the time each move took,
//! told to external engines as UCI's `go wtime ...` or XBoard's `level`, `time` and `otim`, and
//! turned into a time budget for varia's own search.

use crate::rules::PlayerId;
use crate::search::Limits;
use std::time::Duration;

/// A time control: a base time, an increment added after each move, and optionally a number of
/// moves after which the base time is given again (Cute Chess's `MOVES/BASE+INC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves after which the base time is given again, if any.
    pub moves: Option<u32>,
    /// The time on the clock at the start (and at each period's start).
    pub base: Duration,
    /// The time added after each move.
    pub inc: Duration,
}

/// The longest base time or increment taken: a year.
const LONGEST: f64 = 365.0 * 24.0 * 3600.0;

/// Seconds, as `10`, `0.5` or `1:30` (minutes and seconds).
fn seconds(text: &str) -> Option<Duration> {
    let (minutes, secs) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u32>().ok()?, s),
        None => (0, text),
    };
    // Digits and one point only: no sign, exponent, `inf` or `nan`.
    if secs.is_empty()
        || !secs.chars().all(|c| c.is_ascii_digit() || c == '.')
        || secs.matches('.').count() > 1
        || secs == "."
    {
        return None;
    }
    let total = f64::from(minutes) * 60.0 + secs.parse::<f64>().ok()?;
    (total <= LONGEST).then(|| Duration::from_secs_f64(total))
}

/// A duration in seconds as few digits write it: `10`, `0.1`, `1.25`.
pub fn seconds_text(d: Duration) -> String {
    format!("{}", d.as_secs_f64())
}

impl TimeControl {
    /// Reads `BASE+INC`, `BASE` or `MOVES/BASE+INC` (seconds, or minutes and seconds `M:SS`).
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let shape = "expected BASE+INC in seconds (`10+0.1`, `1:30+1`), or MOVES/BASE+INC \
                     (`40/60+0`: the base time again every 40 moves)";
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => match m.parse::<u32>() {
                Ok(0) => return Err("the moves of a period (before `/`) must be at least 1".into()),
                Ok(n) => (Some(n), rest),
                Err(_) => return Err(shape.into()),
            },
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let (Some(base), Some(inc)) = (seconds(base), seconds(inc)) else {
            return Err(shape.into());
        };
        if base.is_zero() {
            return Err("the base time must be above 0".into());
        }
        Ok(TimeControl { moves, base, inc })
    }

    /// As `--tc` takes it: `10+0.1`, `40/60+0`.
    pub fn text(&self) -> String {
        let period = self.moves.map_or(String::new(), |m| format!("{m}/"));
        format!(
            "{period}{}+{}",
            seconds_text(self.base),
            seconds_text(self.inc)
        )
    }

    /// As PGN's `TimeControl` tag writes it (Cute Chess's form): `40/60`, `10+0.1`, `300`; no
    /// increment of 0.
    pub fn pgn_text(&self) -> String {
        let period = self.moves.map_or(String::new(), |m| format!("{m}/"));
        let inc = if self.inc.is_zero() {
            String::new()
        } else {
            format!("+{}", seconds_text(self.inc))
        };
        format!("{period}{}{inc}", seconds_text(self.base))
    }

    /// XBoard's `level MPS BASE INC`: the base in minutes, or `M:SS` (whole seconds, rounded up:
    /// `time` tells the exact clock before each move), the increment in seconds.
    pub fn xboard_level(&self) -> String {
        let ms = self.base.as_millis();
        let base = if ms.is_multiple_of(60_000) {
            (ms / 60_000).to_string()
        } else {
            let s = ms.div_ceil(1000);
            format!("{}:{:02}", s / 60, s % 60)
        };
        format!(
            "level {} {base} {}",
            self.moves.unwrap_or(0),
            seconds_text(self.inc)
        )
    }
}

/// What an engine is told of the clocks before it moves.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The time left of the player to move.
    pub own: Duration,
    /// The time left of its opponent.
    pub other: Duration,
    /// Whether the player to move is the first (UCI's white).
    pub first: bool,
    /// The increment of the player to move.
    pub own_inc: Duration,
    /// The increment of its opponent (different under time odds).
    pub other_inc: Duration,
    /// Moves until the base time is given again, with a period of moves.
    pub moves_to_go: Option<u32>,
}

impl Reading {
    /// UCI's `go wtime W btime B winc I binc I [movestogo N]`, in milliseconds.
    pub fn uci_go(&self) -> String {
        let ((w, wi), (b, bi)) = if self.first {
            ((self.own, self.own_inc), (self.other, self.other_inc))
        } else {
            ((self.other, self.other_inc), (self.own, self.own_inc))
        };
        let mut go = format!(
            "go wtime {} btime {} winc {} binc {}",
            w.as_millis(),
            b.as_millis(),
            wi.as_millis(),
            bi.as_millis()
        );
        if let Some(n) = self.moves_to_go {
            go += &format!(" movestogo {n}");
        }
        go
    }
}

/// An entrant's use of its clock, in a game or summed over a series.
#[derive(Clone, Copy, Debug)]
pub struct ClockUse {
    /// The time its moves took (not a move that lost on time).
    pub used: Duration,
    /// The moves it made.
    pub moves: u32,
    /// The least time it had left after a move (the base time before any).
    pub least: Duration,
}

impl ClockUse {
    /// Sums two uses: times and moves added, the least time left the lesser.
    pub fn plus(self, other: ClockUse) -> ClockUse {
        ClockUse {
            used: self.used + other.used,
            moves: self.moves + other.moves,
            least: self.least.min(other.least),
        }
    }

    /// Milliseconds a move, to a tenth.
    pub fn per_move(&self) -> f64 {
        (self.used.as_secs_f64() * 1000.0 / f64::from(self.moves.max(1)) * 10.0).round() / 10.0
    }
}

/// The clocks of a game: the time each player has left.
pub struct Clock {
    /// Each player's time control (different under time odds).
    tcs: Vec<TimeControl>,
    left: Vec<Duration>,
    /// Moves each player has made.
    made: Vec<u32>,
    /// The time each player's moves took (a move that lost on time not counted).
    used: Vec<Duration>,
    /// The least time each player had left after a move.
    least: Vec<Duration>,
}

impl Clock {
    /// A clock for each player with its own time control.
    pub fn each(tcs: Vec<TimeControl>) -> Clock {
        let n = tcs.len();
        Clock {
            left: tcs.iter().map(|t| t.base).collect(),
            least: tcs.iter().map(|t| t.base).collect(),
            tcs,
            made: vec![0; n],
            used: vec![Duration::ZERO; n],
        }
    }

    /// `p`'s use of its clock so far.
    pub fn usage(&self, p: PlayerId) -> ClockUse {
        let i = p.index();
        ClockUse {
            used: self.used[i],
            moves: self.made[i],
            least: self.least[i],
        }
    }

    /// Gets the time `p` has left.
    pub fn left(&self, p: PlayerId) -> Duration {
        self.left[p.index()]
    }

    fn moves_to_go(&self, p: PlayerId) -> Option<u32> {
        self.tcs[p.index()]
            .moves
            .map(|n| n - self.made[p.index()] % n)
    }

    /// What `p` is told before its move (in a game of two players).
    pub fn reading(&self, p: PlayerId) -> Reading {
        let other = PlayerId(1 - p.0.min(1));
        Reading {
            own: self.left(p),
            other: self.left(other),
            first: p.0 == 0,
            own_inc: self.tcs[p.index()].inc,
            other_inc: self.tcs[other.index()].inc,
            moves_to_go: self.moves_to_go(p),
        }
    }

    /// varia's own budget for `p`'s move: [`Limits::clock`], as `varia uci` spends `go wtime`.
    pub fn limits(&self, p: PlayerId) -> Limits {
        Limits::clock(self.left(p), self.tcs[p.index()].inc, self.moves_to_go(p))
    }

    /// Stops `p`'s clock after a move that took `elapsed`: false if that was more than the time
    /// left and the `margin`, a loss on time. Otherwise the increment is added, and the base time
    /// again at the end of a period.
    pub fn punch(&mut self, p: PlayerId, elapsed: Duration, margin: Duration) -> bool {
        let i = p.index();
        if elapsed > self.left[i] + margin {
            self.left[i] = Duration::ZERO;
            self.least[i] = Duration::ZERO;
            return false;
        }
        let tc = self.tcs[i];
        self.left[i] = self.left[i].saturating_sub(elapsed) + tc.inc;
        self.used[i] += elapsed;
        self.made[i] += 1;
        if let Some(n) = tc.moves
            && self.made[i].is_multiple_of(n)
        {
            self.left[i] += tc.base;
        }
        self.least[i] = self.least[i].min(self.left[i]);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_are_read_and_written_back() {
        for (text, moves, base, inc, back, level) in [
            ("10+0.1", None, 10_000, 100, "10+0.1", "level 0 0:10 0.1"),
            ("60", None, 60_000, 0, "60+0", "level 0 1 0"),
            ("40/60+0", Some(40), 60_000, 0, "40/60+0", "level 40 1 0"),
            ("1:30+1", None, 90_000, 1000, "90+1", "level 0 1:30 1"),
            ("0.5+0.05", None, 500, 50, "0.5+0.05", "level 0 0:01 0.05"),
        ] {
            let tc = TimeControl::parse(text).unwrap();
            assert_eq!(tc.moves, moves, "{text}");
            assert_eq!(tc.base, ms(base), "{text}");
            assert_eq!(tc.inc, ms(inc), "{text}");
            assert_eq!(tc.text(), back);
            assert_eq!(tc.xboard_level(), level);
        }
        // PGN's tag as Cute Chess writes it: no increment of 0.
        for (text, pgn) in [
            ("10+0.1", "10+0.1"),
            ("60", "60"),
            ("40/60+0", "40/60"),
            ("40/60+2", "40/60+2"),
            ("1:30+1", "90+1"),
            ("0.5+0.05", "0.5+0.05"),
        ] {
            assert_eq!(TimeControl::parse(text).unwrap().pgn_text(), pgn, "{text}");
        }
        for bad in [
            "", "+1", "10+", "-1+0", "0+1", "10+-1", "inf", "nan+0", "1e3", "0/10+0", "x/10",
            "10+0.1+1", "1..5", ":30", "10 + 1",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_runs_down_adds_the_increment_and_flags() {
        let tc = TimeControl::parse("1+0.1").unwrap();
        let mut c = Clock::each(vec![tc; 2]);
        assert!(c.punch(PlayerId(0), ms(300), ms(50)));
        assert_eq!(c.left(PlayerId(0)), ms(800));
        assert_eq!(
            c.reading(PlayerId(1)).uci_go(),
            "go wtime 800 btime 1000 winc 100 binc 100"
        );
        // Within the margin: the clock stops at 0 and gets the increment.
        assert!(c.punch(PlayerId(1), ms(1040), ms(50)));
        assert_eq!(c.left(PlayerId(1)), ms(100));
        assert!(!c.punch(PlayerId(1), ms(151), ms(50)));
        let mut c = Clock::each(vec![TimeControl::parse("2/1+0").unwrap(); 2]);
        assert_eq!(c.reading(PlayerId(0)).moves_to_go, Some(2));
        assert!(c.punch(PlayerId(0), ms(400), ms(0)));
        assert_eq!(c.reading(PlayerId(0)).moves_to_go, Some(1));
        assert!(c.punch(PlayerId(0), ms(400), ms(0)));
        assert_eq!(c.left(PlayerId(0)), ms(1200));
        assert_eq!(
            c.reading(PlayerId(0)).uci_go(),
            "go wtime 1200 btime 1000 winc 0 binc 0 movestogo 2"
        );
    }

    #[test]
    fn under_time_odds_each_player_has_its_own_clock_and_increment() {
        let odds = |t: &str| TimeControl::parse(t).unwrap();
        let mut c = Clock::each(vec![odds("3+0.3"), odds("1+0.1")]);
        assert_eq!(
            c.reading(PlayerId(0)).uci_go(),
            "go wtime 3000 btime 1000 winc 300 binc 100"
        );
        assert!(c.punch(PlayerId(0), ms(500), ms(0)));
        assert!(c.punch(PlayerId(1), ms(500), ms(0)));
        assert_eq!(
            c.reading(PlayerId(1)).uci_go(),
            "go wtime 2800 btime 600 winc 300 binc 100"
        );
        // The second player's 0.6 s is gone where the first's 2.8 s is not.
        assert!(!c.punch(PlayerId(1), ms(700), ms(50)));
        assert!(c.punch(PlayerId(0), ms(700), ms(50)));
    }
}
