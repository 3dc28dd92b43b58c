//! Series compared: a proportion's Wilson interval (a series' draw rate), and the difference of
//! the first player's score between two series with its interval and p-value.

use super::Tally;
use super::tally::Z95;

/// A player's results over a series: its wins, the draws and the games (the rest are its
/// losses). Each game scores it 1, ½ or 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    /// Games the player won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games played.
    pub games: usize,
}

impl Scores {
    /// The first player's (the first in turn order) results over a tally's games, whichever
    /// entrant played it.
    pub fn first_player(t: &Tally) -> Scores {
        Scores {
            wins: t.by_player.first().copied().unwrap_or(0),
            draws: t.draws,
            games: t.games,
        }
    }

    /// The points: a win 1, a draw ½.
    fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The mean score per game, in [0, 1]; `None` for no games.
    pub fn mean(&self) -> Option<f64> {
        (self.games > 0).then(|| self.points() / self.games as f64)
    }

    /// The sum of the squared deviations of the per-game scores from `about`.
    fn squares(&self, about: f64) -> f64 {
        let losses = self.games.saturating_sub(self.wins + self.draws) as f64;
        self.wins as f64 * (1.0 - about).powi(2)
            + self.draws as f64 * (0.5 - about).powi(2)
            + losses * about.powi(2)
    }
}

/// How a series' score differs from another's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Difference {
    /// The second series' mean score minus the first's.
    pub difference: f64,
    /// The 95% interval's lower bound.
    pub low: f64,
    /// The 95% interval's upper bound.
    pub high: f64,
    /// The two-sided p-value of no difference.
    pub p_value: f64,
}

/// The difference `b - a` of two series' mean per-game scores, by the two-proportion z test
/// carried over to scores of 1, ½ and 0: the interval is the difference ± 1.96 standard errors
/// from each series' own variance of its per-game scores (dividing by its games); the p-value is
/// two-sided, from the standard error under no difference (the variance of both series' games
/// pooled about their common mean), 1 when every game of both scored the same. `None` when
/// either series has no games.
pub fn difference(a: Scores, b: Scores) -> Option<Difference> {
    let (ma, mb) = (a.mean()?, b.mean()?);
    let (na, nb) = (a.games as f64, b.games as f64);
    let d = mb - ma;
    let se = (a.squares(ma) / (na * na) + b.squares(mb) / (nb * nb)).sqrt();
    let pooled = (a.points() + b.points()) / (na + nb);
    let var0 = (a.squares(pooled) + b.squares(pooled)) / (na + nb);
    let se0 = (var0 * (1.0 / na + 1.0 / nb)).sqrt();
    let p_value = if se0 > 0.0 {
        erfc(d.abs() / se0 / std::f64::consts::SQRT_2).min(1.0)
    } else {
        1.0
    };
    Some(Difference {
        difference: d,
        low: d - Z95 * se,
        high: d + Z95 * se,
        p_value,
    })
}

/// The complementary error function, by the Chebyshev fit of Numerical Recipes (`erfcc`, a
/// relative error under 1.2e-7 everywhere).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ]
    .iter()
    .rev()
    .fold(0.0, |acc, c| c + t * acc);
    let r = t * (-z * z + poly).exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::wilson;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-6, "{a} against {b}");
    }

    fn scores(wins: usize, draws: usize, games: usize) -> Scores {
        Scores { wins, draws, games }
    }

    #[test]
    fn the_complementary_error_function_matches_known_values() {
        // erfc(0) = 1, erfc(1) = 0.157299207..., erfc(2) = 0.004677735, erfc(-1) = 2 - erfc(1).
        close(erfc(0.0), 1.0);
        close(erfc(1.0), 0.157_299_207);
        close(erfc(2.0), 0.004_677_735);
        close(erfc(-1.0), 1.842_700_793);
    }

    #[test]
    fn wilson_intervals_of_known_counts() {
        // z = 1.96, p = k/n: centre = (p + z²/2n)/(1 + z²/n),
        // half = z/(1 + z²/n) · √(p(1-p)/n + z²/4n²).
        // 2 of 10: p = 0.2, 1 + z²/n = 1.384160, centre = (0.2 + 0.192080)/1.384160 = 0.283263,
        // half = 1.416040 · √(0.016 + 0.009604) = 0.226581: [0.056681, 0.509843].
        let (lo, hi) = wilson(2, 10).unwrap();
        close(lo, 0.056_680_948);
        close(hi, 0.509_843_153);
        // 0 of 10: [0, z²/n / (1 + z²/n)] = [0, 0.384160/1.384160].
        let (lo, hi) = wilson(0, 10).unwrap();
        assert_eq!(lo, 0.0);
        close(hi, 0.277_540_169);
        // 10 of 10 mirrors it.
        let (lo, hi) = wilson(10, 10).unwrap();
        close(lo, 0.722_459_831);
        assert_eq!(hi, 1.0);
        // 4 of 100 (the draws of symgi's leaping series in the README).
        let (lo, hi) = wilson(4, 100).unwrap();
        close(lo, 0.015_663_051);
        close(hi, 0.098_372_172);
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn score_differences_of_known_counts() {
        // a: 6 wins, 2 draws, 2 losses of 10: mean 0.7, squares 6·0.09 + 2·0.04 + 2·0.49 = 1.6.
        // b: 3 wins, 4 draws, 3 losses of 10: mean 0.5, squares 3·0.25 + 0 + 3·0.25 = 1.5.
        // d = -0.2; se = √(1.6/100 + 1.5/100) = 0.176068; interval -0.2 ± 0.345094.
        // Pooled: 9 wins, 6 draws, 5 losses of 20, mean 0.6, variance
        // (9·0.16 + 6·0.01 + 5·0.36)/20 = 0.165; se0 = √(0.165 · 0.2) = 0.181659;
        // z = 1.100963; p = erfc(z/√2) = 0.270912.
        let d = difference(scores(6, 2, 10), scores(3, 4, 10)).unwrap();
        close(d.difference, -0.2);
        close(d.low, -0.545_093_610);
        close(d.high, 0.145_093_610);
        close(d.p_value, 0.270_912_428);
        // Reversed, the difference changes sign and the p-value stays.
        let r = difference(scores(3, 4, 10), scores(6, 2, 10)).unwrap();
        close(r.difference, 0.2);
        close(r.low, -0.145_093_610);
        close(r.p_value, d.p_value);
        // Unequal series, the rest losses (or other players' wins): a = 5/10, b = 2.5/20.
        // d = -0.375, se = √(2.5/100 + 2.4375/400) = 0.172753: [-0.713597, -0.036403];
        // pooled mean 7.5/30 = 0.25, variance 4.3125/30, se0 = 0.163936, p = 0.022168.
        let d = difference(scores(5, 0, 10), scores(2, 1, 20)).unwrap();
        close(d.difference, -0.375);
        close(d.low, -0.713_596_737);
        close(d.high, -0.036_403_263);
        close(d.p_value, 0.022_167_906);
        // Every game won against every game lost: no spread within either series, none of the
        // interval; the pooled variance 0.25 gives se0 = √(0.25 · 0.2), z = 4.472136.
        let d = difference(scores(10, 0, 10), scores(0, 0, 10)).unwrap();
        close(d.difference, -1.0);
        close(d.low, -1.0);
        close(d.high, -1.0);
        close(d.p_value, 7.744_216e-6);
        // All draws on both sides: no difference, p = 1.
        let d = difference(scores(0, 8, 8), scores(0, 3, 3)).unwrap();
        assert_eq!((d.difference, d.p_value), (0.0, 1.0));
        assert_eq!(difference(scores(0, 0, 0), scores(1, 0, 1)), None);
    }
}
