//! Adjudication for `varia match`: a game ended as a draw, or as a loss for one side, once both
//! players' own scores have agreed long enough (Cute Chess's `-draw` and `-resign`).

use super::Verdict;
use crate::rules::PlayerId;
use crate::search::Score;

/// `--draw-adjudication movenumber=N movecount=M score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The full moves the game must have (its opening included) before a draw is adjudicated.
    pub movenumber: u32,
    /// Moves of each player in a row whose score is within `score` of 0.
    pub movecount: u32,
    /// The largest score (centipawns, either sign) that counts as level.
    pub score: i32,
}

/// `--resign-adjudication movecount=M score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Moves of each player in a row that agree one side is `score` or more behind.
    pub movecount: u32,
    /// How far behind (centipawns) a side must be said to be.
    pub score: i32,
}

/// A mate's score in centipawns, beyond any threshold.
const MATE_CP: i32 = 100_000;

/// Reads `NAME=VALUE` words, each name once and among `names`; every name is needed.
fn values(args: &[String], names: &[&str]) -> Result<Vec<i64>, String> {
    let mut out: Vec<Option<i64>> = vec![None; names.len()];
    for a in args {
        let Some((name, value)) = a.split_once('=') else {
            return Err(format!("`{a}` is not NAME=VALUE"));
        };
        let Some(i) = names.iter().position(|n| *n == name) else {
            return Err(format!("unknown `{name}` (expected {})", names.join(", ")));
        };
        if out[i].is_some() {
            return Err(format!("`{name}` is given twice"));
        }
        match value.parse::<i64>() {
            Ok(v) if (0..=1_000_000).contains(&v) => out[i] = Some(v),
            _ => {
                return Err(format!(
                    "{name}={value}: expected a whole number from 0 to 1000000"
                ));
            }
        }
    }
    names
        .iter()
        .zip(out)
        .map(|(n, v)| v.ok_or_else(|| format!("{n}= is needed")))
        .collect()
}

impl DrawRule {
    /// Reads the rule from `movenumber=N movecount=M score=S` (each once, in any order), as
    /// `varia match --draw-adjudication` gives it: `None` for no words; the error says what is
    /// wrong.
    pub fn parse(args: &[String]) -> Result<Option<DrawRule>, String> {
        if args.is_empty() {
            return Ok(None);
        }
        let v = values(args, &["movenumber", "movecount", "score"])?;
        if v[1] == 0 {
            return Err("movecount must be at least 1".into());
        }
        Ok(Some(DrawRule {
            movenumber: v[0] as u32,
            movecount: v[1] as u32,
            score: v[2] as i32,
        }))
    }
}

impl ResignRule {
    /// Reads the rule from `movecount=M score=S` (each once, in any order), as `varia match
    /// --resign-adjudication` gives it: `None` for no words; the error says what is wrong.
    pub fn parse(args: &[String]) -> Result<Option<ResignRule>, String> {
        if args.is_empty() {
            return Ok(None);
        }
        let v = values(args, &["movecount", "score"])?;
        if v[0] == 0 || v[1] == 0 {
            return Err("movecount and score must be at least 1".into());
        }
        Ok(Some(ResignRule {
            movecount: v[0] as u32,
            score: v[1] as i32,
        }))
    }
}

/// A score in centipawns, a mate beyond any threshold.
pub fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(v) => v,
        Score::Mate(n) if n > 0 => MATE_CP - n,
        Score::Mate(n) => -MATE_CP - n,
    }
}

/// Follows one game's scores, move by move.
pub struct Adjudicator {
    draw: Option<DrawRule>,
    resign: Option<ResignRule>,
    /// Moves in a row whose score was within the draw threshold.
    level: u32,
    /// The side the last moves in a row agreed was lost, and how many moves.
    lost: Option<(PlayerId, u32)>,
}

impl Adjudicator {
    /// An adjudicator of a new game by the rules given (none: it never ends a game).
    pub fn new(draw: Option<DrawRule>, resign: Option<ResignRule>) -> Adjudicator {
        Adjudicator {
            draw,
            resign,
            level: 0,
            lost: None,
        }
    }

    /// Takes the move `mover` just played, with the score it gave for it (its own view; `None`
    /// if it gave none, which breaks every run), the game having `plies` moves since its start
    /// (its opening included): the verdict, once the scores have agreed long enough.
    pub fn after(
        &mut self,
        mover: PlayerId,
        score: Option<Score>,
        plies: usize,
    ) -> Option<Verdict> {
        let Some(cp) = score.map(centipawns) else {
            self.level = 0;
            self.lost = None;
            return None;
        };
        if let Some(r) = self.resign {
            // The side this score says is lost: the mover, or (two players) the other.
            let other = PlayerId(1 - mover.0.min(1));
            let loser = if cp <= -r.score {
                Some(mover)
            } else if cp >= r.score {
                Some(other)
            } else {
                None
            };
            self.lost = match (loser, self.lost) {
                (Some(l), Some((p, n))) if l == p => Some((l, n + 1)),
                (Some(l), _) => Some((l, 1)),
                (None, _) => None,
            };
            if let Some((l, n)) = self.lost
                && n >= 2 * r.movecount
            {
                return Some(Verdict {
                    winner: Some(PlayerId(1 - l.0.min(1))),
                    cause: "adjudicated-resign".into(),
                });
            }
        }
        if let Some(r) = self.draw {
            self.level = if cp.abs() <= r.score {
                self.level + 1
            } else {
                0
            };
            if self.level >= 2 * r.movecount && plies / 2 >= r.movenumber as usize {
                return Some(Verdict {
                    winner: None,
                    cause: "adjudicated-draw".into(),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn rules_are_read_or_refused() {
        assert_eq!(
            DrawRule::parse(&args(&["movenumber=40", "movecount=8", "score=10"])),
            Ok(Some(DrawRule {
                movenumber: 40,
                movecount: 8,
                score: 10
            }))
        );
        assert_eq!(
            ResignRule::parse(&args(&["score=600", "movecount=3"])),
            Ok(Some(ResignRule {
                movecount: 3,
                score: 600
            }))
        );
        assert_eq!(DrawRule::parse(&[]), Ok(None));
        for (bad, says) in [
            (&["movecount=3"][..], "score= is needed"),
            (
                &["movecount=3", "score=-5"],
                "score=-5: expected a whole number from 0 to 1000000",
            ),
            (
                &["movecount=3", "score=x"],
                "score=x: expected a whole number from 0 to 1000000",
            ),
            (
                &["movecount=3", "score=5", "moves=2"],
                "unknown `moves` (expected movecount, score)",
            ),
            (
                &["movecount=3", "movecount=3"],
                "`movecount` is given twice",
            ),
            (
                &["movecount=0", "score=5"],
                "movecount and score must be at least 1",
            ),
            (&["3"], "`3` is not NAME=VALUE"),
        ] {
            assert_eq!(ResignRule::parse(&args(bad)), Err(says.to_string()));
        }
    }

    #[test]
    fn both_sides_must_agree_for_the_moves_asked() {
        let (w, b) = (PlayerId(0), PlayerId(1));
        let resign = ResignRule {
            movecount: 2,
            score: 300,
        };
        let mut a = Adjudicator::new(None, Some(resign));
        // White thinks it is lost, black agrees, for two moves each.
        assert_eq!(a.after(w, Some(Score::Cp(-400)), 1), None);
        assert_eq!(a.after(b, Some(Score::Cp(350)), 2), None);
        assert_eq!(a.after(w, Some(Score::Mate(-3)), 3), None);
        let v = a.after(b, Some(Score::Cp(300)), 4).unwrap();
        assert_eq!(
            (v.winner, v.cause.as_str()),
            (Some(b), "adjudicated-resign")
        );
        // A move without a score, or one that disagrees, starts the count again.
        let mut a = Adjudicator::new(None, Some(resign));
        a.after(w, Some(Score::Cp(-400)), 1);
        a.after(b, None, 2);
        a.after(w, Some(Score::Cp(-400)), 3);
        a.after(b, Some(Score::Cp(299)), 4);
        a.after(w, Some(Score::Cp(-400)), 5);
        a.after(b, Some(Score::Cp(400)), 6);
        assert_eq!(a.after(w, Some(Score::Cp(-400)), 7), None);
        assert!(a.after(b, Some(Score::Cp(400)), 8).is_some());
        // A draw: within the threshold, and not before the move number.
        let draw = DrawRule {
            movenumber: 3,
            movecount: 1,
            score: 20,
        };
        let mut a = Adjudicator::new(Some(draw), None);
        assert_eq!(a.after(w, Some(Score::Cp(20)), 1), None);
        assert_eq!(a.after(b, Some(Score::Cp(-20)), 2), None);
        assert_eq!(a.after(w, Some(Score::Cp(0)), 3), None);
        assert_eq!(a.after(b, Some(Score::Cp(21)), 4), None);
        assert_eq!(a.after(w, Some(Score::Cp(0)), 5), None);
        let v = a.after(b, Some(Score::Cp(5)), 6).unwrap();
        assert_eq!((v.winner, v.cause.as_str()), (None, "adjudicated-draw"));
    }
}
