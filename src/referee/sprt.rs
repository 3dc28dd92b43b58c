//! `varia match --sprt`: the sequential probability ratio test that stops a match against an
//! engine once it has decided between two Elo differences.
//!
//! Games 2k and 2k+1 of a match against an engine share their opening with colours swapped, so
//! they are counted as a pair: varia's score over the two games is 0, ½, 1, 1½ or 2, and the
//! counts of the five are the pentanomial counts. The test is the generalized SPRT on them, as
//! Fishtest and fastchess compute it (Michel Van den Bergh's method): under each hypothesis the
//! distribution of pair scores is the one nearest the observed (its maximum likelihood) whose mean
//! is the score the hypothesis' Elo implies, and the log-likelihood ratio is the number of pairs
//! times the observed frequencies' mean of the log ratio of the two. Elo is logistic (a score of
//! `1 / (1 + 10^(-elo/400))`), as Cute Chess's and fastchess's logistic bounds read it. The test
//! accepts H1 (varia is `elo1` stronger) once the ratio reaches `ln((1 - beta) / alpha)`, and H0
//! (`elo0`) once it falls to `ln(beta / (1 - alpha))`.
//!
//! The test looks at the games in the order of their indices, not in the order they end: the
//! pairs are taken in batches of `batch` pairs in a row (0 to `batch - 1`, then on), and after
//! each batch whose pairs are all over, every batch before it being over too, the ratio is
//! computed on the pairs counted so far ([`Sprt::decide`]). The first batch after which it
//! crosses a bound decides; games past it, played while it was being finished, are discarded.
//! So the verdict, the ratio and the counts depend only on each game's result, whatever the
//! threads or machines that played them and the order they ended in: a match played at once and
//! one played in shards of a batch each decide alike.

use std::collections::BTreeMap;

/// The hypotheses and error rates of `--sprt elo0=A elo1=B [alpha=X] [beta=Y]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 where H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 where H1 holds.
    pub beta: f64,
    /// The pairs of games between two looks at the test (and of a shard of a match in shards).
    pub batch: usize,
}

/// What the test says of the games played so far ([`Sprt::decide`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The pentanomial counts of the pairs counted.
    pub penta: [usize; 5],
    /// The test's standing on them.
    pub standing: Standing,
    /// The pairs counted: those of the batches over in a row from the first, up to the one after
    /// which the test decided.
    pub pairs: usize,
    /// Tells whether the match is over: the test decided, or every pair is counted.
    pub over: bool,
    /// Games played but not counted (past the batch that decided); set by the caller, which
    /// knows the games.
    pub discarded: usize,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The bound at or below which H0 is accepted.
    pub lower: f64,
    /// The bound at or above which H1 is accepted.
    pub upper: f64,
    /// `Some(true)`: H1 accepted; `Some(false)`: H0 accepted; `None`: not decided.
    pub verdict: Option<bool>,
}

/// A pair's score for varia (0, ½, 1, 1½, 2) as a fraction of the two games.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Sprt {
    /// Reads `elo0=A elo1=B [alpha=X] [beta=Y] [batch=N]` (alpha and beta 0.05 and batch 1
    /// unless given).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        let mut batch = 1;
        for w in words {
            let Some((key, value)) = w.split_once('=') else {
                return Err(format!(
                    "`{w}` is not NAME=VALUE (names: elo0, elo1, alpha, beta, batch)"
                ));
            };
            if key == "batch" {
                batch = value
                    .parse()
                    .ok()
                    .filter(|b| (1..=1_000_000).contains(b))
                    .ok_or_else(|| {
                        format!("`{w}`: `{value}` is not a count of pairs in 1..=1000000")
                    })?;
                continue;
            }
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("`{w}`: `{value}` is not a number"))?;
            match key {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                _ => {
                    return Err(format!(
                        "`{key}` is not a parameter of the test (names: elo0, elo1, alpha, beta, \
                         batch)"
                    ));
                }
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err("both elo0= and elo1= are needed".into());
        };
        if elo0 >= elo1 {
            return Err(format!("elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        if elo0.abs() >= 1000.0 || elo1.abs() >= 1000.0 {
            return Err("elo0 and elo1 must lie between -1000 and 1000".into());
        }
        if !(alpha > 0.0 && beta > 0.0 && alpha + beta < 1.0) {
            return Err(format!(
                "alpha ({alpha}) and beta ({beta}) must be above 0 with a sum below 1"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
            batch,
        })
    }

    /// The test's parameters, as a results file's header records them.
    pub fn params(&self) -> serde_json::Value {
        serde_json::json!({
            "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
            "batch": self.batch,
        })
    }

    /// The batches of a match of `pairs` pairs of games (the last may be shorter).
    pub fn batches(&self, pairs: usize) -> usize {
        pairs.div_ceil(self.batch)
    }

    /// The test on the pairs over (`bins`: a pair's number, from 0, to its bin, varia's score
    /// in half points) of a match of `pairs` pairs, looked at batch by batch from the first:
    /// the pairs counted stop before the first batch not over, or after the first batch at
    /// whose end the ratio crosses a bound.
    pub fn decide(&self, bins: &BTreeMap<usize, usize>, pairs: usize) -> Decision {
        let mut penta = [0; 5];
        let mut counted = 0;
        let mut standing = self.standing(&penta);
        while counted < pairs && standing.verdict.is_none() {
            let end = (counted + self.batch).min(pairs);
            if !(counted..end).all(|p| bins.contains_key(&p)) {
                break;
            }
            for p in counted..end {
                penta[bins[&p].min(4)] += 1;
            }
            counted = end;
            standing = self.standing(&penta);
        }
        Decision {
            penta,
            standing,
            pairs: counted,
            over: standing.verdict.is_some() || counted == pairs,
            discarded: 0,
        }
    }

    /// The bounds on the log-likelihood ratio: H0 is accepted at or below the first, H1 at or
    /// above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pentanomial counts (0 with no pair).
    pub fn llr(&self, penta: &[usize; 5]) -> f64 {
        let n: usize = penta.iter().sum();
        if n == 0 {
            return 0.0;
        }
        // An outcome not seen yet counts as a thousandth of a pair (as Fishtest regularizes), so
        // that every mean between 0 and 1 has a distribution to be the nearest of.
        let counts = penta.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / total);
        let p0 = nearest(&freq, score_of(self.elo0));
        let p1 = nearest(&freq, score_of(self.elo1));
        let mean_log: f64 = (0..5).map(|i| freq[i] * (p1[i] / p0[i]).ln()).sum();
        n as f64 * mean_log
    }

    /// The report's line: the ratio, its bounds, the verdict, and the games discarded if any.
    pub fn text(&self, d: &Decision) -> String {
        let st = &d.standing;
        let verdict = match st.verdict {
            Some(true) => format!("H1 accepted (elo1 {})", self.elo1),
            Some(false) => format!("H0 accepted (elo0 {})", self.elo0),
            None => "undecided".into(),
        };
        let discarded = match d.discarded {
            0 => String::new(),
            1 => "; 1 game discarded".into(),
            n => format!("; {n} games discarded"),
        };
        format!(
            "LLR {:.2} [{:.2}, {:.2}], {verdict}{discarded}",
            st.llr, st.lower, st.upper
        )
    }

    /// The test in the JSON report: its parameters, the pairs counted and their pentanomial
    /// counts, the ratio, its bounds, the verdict, and the games discarded.
    pub fn json(&self, d: &Decision) -> serde_json::Value {
        let r = |x: f64| (x * 1000.0).round() / 1000.0;
        let st = &d.standing;
        serde_json::json!({
            "elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
            "batch": self.batch, "pairs": d.pairs,
            "pentanomial": d.penta,
            "llr": r(st.llr), "lower": r(st.lower), "upper": r(st.upper),
            "verdict": st.verdict.map(|h1| if h1 { "H1" } else { "H0" }),
            "discarded": d.discarded,
        })
    }

    /// The test's standing on these counts.
    pub fn standing(&self, penta: &[usize; 5]) -> Standing {
        let llr = self.llr(penta);
        let (lower, upper) = self.bounds();
        let verdict = if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        };
        Standing {
            llr,
            lower,
            upper,
            verdict,
        }
    }
}

/// The expected score of a player `elo` stronger (logistic).
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution over the pair scores nearest `freq` (of maximum likelihood for it) whose mean
/// is `s`: `freq[i] / (1 + λ (a[i] - s))`, with λ the root of `Σ freq[i] (a[i] - s) / (1 + λ (a[i]
/// - s)) = 0`, which decreases in λ over the interval where every denominator is positive.
fn nearest(freq: &[f64; 5], s: f64) -> [f64; 5] {
    let d = PAIR_SCORES.map(|a| a - s);
    let g = |l: f64| -> f64 { (0..5).map(|i| freq[i] * d[i] / (1.0 + l * d[i])).sum() };
    // Every outcome has a frequency (see `llr`), so the interval is set by the scores 0 and 1.
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    let margin = (hi - lo) * 1e-12;
    lo += margin;
    hi -= margin;
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let l = (lo + hi) / 2.0;
    std::array::from_fn(|i| freq[i] / (1.0 + l * d[i]))
}

/// Each pair's bin (varia's score over its two games in half points, 0 to 4) from varia's
/// score (0, ½ or 1) in each game by its index: games 2k and 2k+1 form pair k, binned once both
/// are over.
pub fn score_bins(scores: impl Iterator<Item = (usize, f64)>) -> BTreeMap<usize, usize> {
    let mut halves: BTreeMap<usize, Vec<f64>> = BTreeMap::new();
    for (index, score) in scores {
        halves.entry(index / 2).or_default().push(score);
    }
    halves
        .into_iter()
        .filter(|(_, p)| p.len() == 2)
        .map(|(k, p)| (k, (((p[0] + p[1]) * 2.0).round() as usize).min(4)))
        .collect()
}

/// Pentanomial counts from varia's score (0, ½ or 1) in each game by its index: games 2k and
/// 2k+1 form a pair, counted once both are over.
pub fn pentanomial(scores: impl Iterator<Item = (usize, f64)>) -> [usize; 5] {
    let mut penta = [0; 5];
    for bin in score_bins(scores).into_values() {
        penta[bin] += 1;
    }
    penta
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
            batch: 1,
        }
    }

    #[test]
    fn bounds_are_wald_s() {
        let (lo, hi) = sprt(0.0, 5.0).bounds();
        assert!((lo - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((hi - 2.944_438_979).abs() < 1e-6);
    }

    #[test]
    fn the_nearest_distribution_has_the_asked_mean() {
        let freq = [0.1, 0.2, 0.4, 0.2, 0.1];
        for s in [0.3, 0.5, 0.5143, 0.7] {
            let p = nearest(&freq, s);
            let total: f64 = p.iter().sum();
            let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
            assert!((total - 1.0).abs() < 1e-9, "{p:?}");
            assert!((mean - s).abs() < 1e-9, "{p:?}");
        }
        // Its own mean: the frequencies themselves.
        let p = nearest(&freq, 0.5);
        assert!((0..5).all(|i| (p[i] - freq[i]).abs() < 1e-9));
    }

    /// For small Elo differences the ratio is close to the normal approximation Fishtest also
    /// gives: N (s1 - s0) (2 mean - s0 - s1) / (2 var), with the mean and variance of the pair
    /// scores.
    #[test]
    fn the_ratio_agrees_with_the_normal_approximation() {
        for penta in [
            [30usize, 200, 500, 220, 50],
            [10, 120, 400, 150, 20],
            [60, 180, 300, 190, 70],
        ] {
            let n: usize = penta.iter().sum();
            let f = penta.map(|c| c as f64 / n as f64);
            let mean: f64 = (0..5).map(|i| f[i] * PAIR_SCORES[i]).sum();
            let var: f64 = (0..5).map(|i| f[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
            let t = sprt(0.0, 5.0);
            let (s0, s1) = (score_of(0.0), score_of(5.0));
            let approx = n as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
            let llr = t.llr(&penta);
            assert!(
                (llr - approx).abs() < 0.02 * approx.abs().max(1.0),
                "{penta:?}: {llr} vs {approx}"
            );
        }
    }

    #[test]
    fn a_clear_result_decides() {
        let t = sprt(0.0, 10.0);
        // Many more won pairs than lost: H1.
        assert_eq!(t.standing(&[20, 100, 400, 250, 80]).verdict, Some(true));
        // A dead even record over 2,000 pairs: H0 (no 10 Elo gain).
        assert_eq!(t.standing(&[100, 400, 1000, 400, 100]).verdict, Some(false));
        // Too few pairs to say.
        assert_eq!(t.standing(&[1, 2, 3, 2, 1]).verdict, None);
        assert_eq!(t.llr(&[0; 5]), 0.0);
    }

    #[test]
    fn pairs_are_counted_when_both_games_are_over() {
        let scores = [(0, 1.0), (1, 0.5), (2, 0.0), (3, 0.0), (4, 1.0), (7, 1.0)];
        assert_eq!(pentanomial(scores.into_iter()), [1, 0, 0, 1, 0]);
    }

    #[test]
    fn parameters_are_read_and_checked() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            Sprt::parse(&words("elo0=0 elo1=5")),
            Ok(Sprt {
                elo0: 0.0,
                elo1: 5.0,
                alpha: 0.05,
                beta: 0.05,
                batch: 1
            })
        );
        assert_eq!(
            Sprt::parse(&words("elo1=2.5 elo0=-1 alpha=0.1 beta=0.2")).map(|s| s.beta),
            Ok(0.2)
        );
        for (bad, says) in [
            ("elo0=0", "both elo0= and elo1= are needed"),
            ("elo0=5 elo1=0", "elo0 (5) must be below elo1 (0)"),
            ("elo0=0 elo1=5 alpha=0.6 beta=0.5", "with a sum below 1"),
            ("elo0=0 elo1=x", "`elo1=x`: `x` is not a number"),
            ("elo0=0 elo1=5 gamma=1", "`gamma` is not a parameter"),
            ("elo0 0", "`elo0` is not NAME=VALUE"),
            (
                "elo0=0 elo1=5 batch=0",
                "`batch=0`: `0` is not a count of pairs",
            ),
            (
                "elo0=0 elo1=5 batch=2.5",
                "`batch=2.5`: `2.5` is not a count of pairs",
            ),
        ] {
            let e = Sprt::parse(&words(bad)).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// Pairs of games drawn with a seed, each game won, drawn or lost at the rates of a player
    /// `elo` stronger with a draw rate of 0.4: each pair's bin by its number.
    fn stream(seed: u64, elo: f64, pairs: usize) -> BTreeMap<usize, usize> {
        let mut rng = crate::referee::Rng::new(seed);
        let s = score_of(elo);
        let (win, draw) = (s - 0.2, 0.4);
        let mut game = || {
            let x = rng.below(1_000_000) as f64 / 1e6;
            if x < win {
                2
            } else if x < win + draw {
                1
            } else {
                0
            }
        };
        (0..pairs).map(|p| (p, game() + game())).collect()
    }

    /// The ratio looked at after each pair in turn, as a match played one game at a time looks
    /// at it: the pairs counted when it first crosses a bound.
    fn one_at_a_time(t: &Sprt, bins: &BTreeMap<usize, usize>) -> Option<usize> {
        let mut penta = [0; 5];
        for (&p, &bin) in bins {
            penta[bin] += 1;
            if t.standing(&penta).verdict.is_some() {
                return Some(p + 1);
            }
        }
        None
    }

    #[test]
    fn the_test_stops_after_the_first_batch_that_crosses_a_bound() {
        let t = sprt(0.0, 20.0);
        let bins = stream(7, 20.0, 20_000);
        let d = t.decide(&bins, 20_000);
        assert_eq!(Some(d.pairs), one_at_a_time(&t, &bins));
        assert_eq!((d.pairs, d.penta), (690, [57, 153, 221, 178, 81]));
        assert!(
            (d.standing.llr - 3.005_849).abs() < 1e-6,
            "{}",
            d.standing.llr
        );
        assert_eq!((d.standing.verdict, d.over), (Some(true), true));
        // In batches of 16 pairs the test looks less often: at the end of the batch holding
        // that pair, or later, never inside a batch.
        let b = Sprt { batch: 16, ..t };
        let d16 = b.decide(&bins, 20_000);
        assert_eq!(d16.pairs % 16, 0);
        assert!(d16.pairs >= d.pairs);
        let before: BTreeMap<usize, usize> = bins
            .range(..d16.pairs - 16)
            .map(|(k, v)| (*k, *v))
            .collect();
        assert!(!b.decide(&before, 20_000).over);
        assert_eq!((d16.pairs, d16.penta), (704, [57, 153, 226, 183, 85]));
        assert!(
            (d16.standing.llr - 4.096_286).abs() < 1e-6,
            "{}",
            d16.standing.llr
        );
    }

    /// The decision depends on the games' results, not on which games have ended: pairs past
    /// a gap are not counted, and pairs past the decision change nothing.
    #[test]
    fn the_test_counts_the_batches_over_in_a_row_from_the_first() {
        let t = Sprt {
            batch: 4,
            ..sprt(0.0, 20.0)
        };
        let bins = stream(7, 20.0, 20_000);
        let whole = t.decide(&bins, 20_000);
        // Only the pairs up to the decision, in any order: the same decision.
        let mut upto: BTreeMap<usize, usize> = BTreeMap::new();
        for p in (0..whole.pairs).rev() {
            upto.insert(p, bins[&p]);
        }
        assert_eq!(t.decide(&upto, 20_000), whole);
        // A pair missing: the batches before its own are counted, and the match goes on.
        let mut holed = upto.clone();
        holed.remove(&401);
        let d = t.decide(&holed, 20_000);
        assert_eq!((d.pairs, d.over, d.standing.verdict), (400, false, None));
        let prefix: BTreeMap<usize, usize> = upto.range(..400).map(|(k, v)| (*k, *v)).collect();
        assert_eq!(t.decide(&prefix, 20_000), d);
        // Every pair played but the test undecided: over, all counted.
        let short = t.decide(&bins.range(..20).map(|(k, v)| (*k, *v)).collect(), 20);
        assert_eq!(
            (short.pairs, short.over, short.standing.verdict),
            (20, true, None)
        );
        // A last batch shorter than the others is counted when its pairs are over.
        let odd = t.decide(&bins.range(..22).map(|(k, v)| (*k, *v)).collect(), 22);
        assert_eq!((odd.pairs, odd.over), (22, true));
    }

    /// On streams of known Elo (fixed seeds), H1 is accepted where H0 holds, and H0 where H1
    /// holds, at most about as often as alpha and beta say.
    #[test]
    fn errors_come_at_the_rates_alpha_and_beta_say() {
        let t = sprt(0.0, 40.0);
        let runs = 400;
        let wrong = |elo: f64, h1: bool| {
            (0..runs)
                .filter(|&seed| {
                    let bins = stream(seed as u64 + 1, elo, 20_000);
                    let d = t.decide(&bins, 20_000);
                    assert!(d.standing.verdict.is_some());
                    d.standing.verdict == Some(!h1)
                })
                .count()
        };
        let (false_h1, false_h0) = (wrong(0.0, false), wrong(40.0, true));
        assert_eq!((false_h1, false_h0), (21, 25));
        assert!(false_h1 as f64 <= 1.5 * t.alpha * runs as f64);
        assert!(false_h0 as f64 <= 1.5 * t.beta * runs as f64);
    }
}
