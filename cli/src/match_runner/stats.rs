//! The statistics of a match: the SPRT ([`Sprt`]) that stops it once
//! decided, and the Elo difference of a score with its interval. Pure
//! arithmetic over W-D-L counts, public (`sowing_cli::match_runner::Sprt`),
//! and named by nothing but the front's report.

/// The SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The false positive rate.
    pub alpha: f64,
    /// The false negative rate.
    pub beta: f64,
}

impl Sprt {
    /// Reads `elo0=0 elo1=10 alpha=0.05 beta=0.05` (each word optional;
    /// those are the defaults).
    ///
    /// # Errors
    /// A word that is not one of those with a number, or a bound out of range.
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for w in words.iter().flat_map(|w| w.split_whitespace()) {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| format!("--sprt {w:?}: expected name=value"))?;
            let v: f64 = v
                .parse()
                .map_err(|_| format!("--sprt {w:?}: {v:?} is not a number"))?;
            match k {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                _ => return Err(format!("--sprt {w:?}: expected elo0, elo1, alpha or beta")),
            }
        }
        if !(s.alpha > 0.0 && s.alpha < 1.0 && s.beta > 0.0 && s.beta < 1.0) {
            return Err("--sprt: alpha and beta must lie between 0 and 1".into());
        }
        // Otherwise the bounds are not either side of 0 (the LLR before
        // any evidence), and the first game would decide.
        if s.alpha + s.beta >= 1.0 {
            return Err("--sprt: alpha + beta must be below 1".into());
        }
        if !(s.elo0.is_finite() && s.elo1.is_finite()) {
            return Err("--sprt: elo0 and elo1 must be finite numbers".into());
        }
        if s.elo1 <= s.elo0 {
            return Err("--sprt: elo1 must be above elo0".into());
        }
        Ok(s)
    }

    /// The bounds of the log-likelihood ratio: H0 is accepted at or below
    /// the first, H1 at or above the second (Wald: `ln(beta/(1-alpha))`,
    /// `ln((1-beta)/alpha)`).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after `wdl` (wins, draws,
    /// losses of the first engine), by the trinomial GSPRT approximation
    /// of logistic Elo that fishtest and fastchess use (Van den Bergh):
    /// with `s0`, `s1` the expected scores of `elo0`, `elo1`
    /// (`1/(1+10^(-elo/400))`), `x` the mean score a game and `v` its
    /// variance a game, `LLR = N (s1-s0) (2x-s0-s1) / (2v)`. Zero while a
    /// side has no result or the variance is zero.
    pub fn llr(&self, [w, d, l]: [u32; 3]) -> f64 {
        let n = f64::from(w + d + l);
        if n == 0.0 || w + d == 0 || d + l == 0 {
            return 0.0;
        }
        let (w, d, l) = (f64::from(w), f64::from(d), f64::from(l));
        let x = (w + d / 2.0) / n;
        let v = (w * (1.0 - x).powi(2) + d * (0.5 - x).powi(2) + l * x.powi(2)) / n;
        if v <= 0.0 {
            return 0.0;
        }
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * v)
    }

    /// `Some(true)`: H1 accepted; `Some(false)`: H0; `None`: go on.
    pub fn decision(&self, wdl: [u32; 3]) -> Option<bool> {
        let llr = self.llr(wdl);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        }
    }
}

/// The expected score of an Elo difference (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of a score in (0, 1).
pub fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The Elo difference of `wdl` with its 95% interval (the normal
/// approximation of the mean score a game, as cutechess-cli gives it, each
/// end turned into Elo): `(elo, low, high)`; `None` before a game, or at a
/// score of 0 or 1.
pub fn elo_interval([w, d, l]: [u32; 3]) -> Option<(f64, f64, f64)> {
    let n = f64::from(w + d + l);
    let (wf, df, lf) = (f64::from(w), f64::from(d), f64::from(l));
    let x = (wf + df / 2.0) / n;
    if n == 0.0 || x <= 0.0 || x >= 1.0 {
        return None;
    }
    let v = (wf * (1.0 - x).powi(2) + df * (0.5 - x).powi(2) + lf * x.powi(2)) / n;
    let dev = 1.959_964 * (v / n).sqrt();
    // An end at a score of 0 or 1 or beyond is an infinite Elo difference.
    let lo = if x - dev <= 0.0 {
        f64::NEG_INFINITY
    } else {
        elo_of(x - dev)
    };
    let hi = if x + dev >= 1.0 {
        f64::INFINITY
    } else {
        elo_of(x + dev)
    };
    Some((elo_of(x), lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sprt_of_known_numbers() {
        let s = Sprt::parse(&["elo0=0 elo1=10 alpha=0.05 beta=0.05".into()]).unwrap();
        let (lo, hi) = s.bounds();
        assert!((lo + 2.944_438_979).abs() < 1e-6, "{lo}");
        assert!((hi - 2.944_438_979).abs() < 1e-6, "{hi}");
        // 60-20-20: mean 0.7, variance 0.16; s1 = 1/(1+10^(-1/40)).
        let s1 = 1.0 / (1.0 + 10f64.powf(-0.025));
        let want = 100.0 * (s1 - 0.5) * (1.4 - 0.5 - s1) / 0.32;
        assert!((s.llr([60, 20, 20]) - want).abs() < 1e-9);
        assert!((want - 1.733_65).abs() < 1e-3, "{want}");
        assert_eq!(s.decision([60, 20, 20]), None);
        assert_eq!(s.decision([600, 200, 200]), Some(true));
        assert_eq!(s.decision([200, 200, 600]), Some(false));
        assert_eq!(s.llr([5, 0, 0]), 0.0);
        assert!(Sprt::parse(&["elo0=5 elo1=0".into()]).is_err());
        assert!(Sprt::parse(&["gamma=1".into()]).is_err());
        // Error rates whose bounds are not either side of 0 would decide on
        // the first game; an Elo that is not a number never would.
        for words in [
            "alpha=0.5 beta=0.5",
            "alpha=0.9 beta=0.9",
            "elo0=NaN elo1=10",
            "elo0=0 elo1=inf",
        ] {
            let e = Sprt::parse(&[words.into()]).unwrap_err();
            assert!(e.starts_with("--sprt: "), "{words}: {e}");
        }
        let (lo, hi) = Sprt::parse(&["alpha=0.4 beta=0.4".into()])
            .unwrap()
            .bounds();
        assert!(lo < 0.0 && hi > 0.0);
    }

    #[test]
    fn the_elo_of_known_scores() {
        assert!((elo_of(0.75) - 190.848).abs() < 1e-3);
        let (elo, lo, hi) = elo_interval([60, 20, 20]).unwrap();
        assert!((elo - elo_of(0.7)).abs() < 1e-9);
        // 1.96 * sqrt(0.16 / 100) = 0.0784 either side of 0.7.
        assert!((lo - elo_of(0.6216)).abs() < 0.1, "{lo}");
        assert!((hi - elo_of(0.7784)).abs() < 0.1, "{hi}");
        assert_eq!(elo_interval([3, 0, 0]), None);
        assert_eq!(elo_interval([3, 0, 1]).unwrap().2, f64::INFINITY);
    }
}
