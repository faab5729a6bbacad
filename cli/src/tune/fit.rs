//! The fit with the ruleset's type: sampled positions labelled by the
//! databases or by results, the features, and the least-squares or
//! logistic fit.

use crate::rule_options::RuleOptions;
use clap::Parser;
use sowing::bots::tuned::FEATURES;
use sowing::bots::{BotSpec, Budget, EvalKind, Evaluation, StandardEval};
use sowing::tablebase::{Tablebase, Value};
use sowing::{Outcome, Player, Position, Ruleset, Scoring};
use std::collections::HashSet;
use std::path::PathBuf;

/// The command line of `tune`.
#[derive(Parser, Debug)]
#[command(about = "Fits the evaluation's weights to labelled positions (Texel's method)")]
pub(crate) struct Args {
    /// The game; default: the program's first.
    #[arg(long)]
    pub(crate) variant: Option<String>,
    #[command(flatten)]
    pub(crate) options: RuleOptions,
    /// The directory of the databases, for exact labels where they hold
    /// the position (`tablebase build --dir D`); without, the results of
    /// the sampled games only.
    #[arg(long, value_name = "D")]
    tablebase: Option<PathBuf>,
    /// Sampled games.
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// Random plies that open each sampled game.
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// The depth of the alpha-beta that plays the sampled games.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=32))]
    sampler_depth: u8,
    /// A position taken every this many plies.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    every: u32,
    /// Gradient-descent steps.
    #[arg(long, default_value_t = 3000)]
    steps: u32,
    /// The seed of the sampling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Features left out of the fit (their weights 0), by name, for
    /// example `--without best_capture,moves`: without those two the
    /// evaluation sows nothing, and costs about what `StandardEval` does.
    /// Not `to_move`, the constant that holds the fit's offset.
    #[arg(long, value_delimiter = ',', value_parser = feature_name)]
    without: Vec<usize>,
}

/// A feature's index in [`FEATURES`], from its name; not `to_move`, the
/// constant feature, which carries the fit's offset (the features are
/// centred while fitted).
fn feature_name(name: &str) -> Result<usize, String> {
    if name == "to_move" {
        return Err("`to_move` is the constant feature, which holds the fit's offset: it cannot be left out".into());
    }
    FEATURES
        .iter()
        .position(|f| *f == name)
        .ok_or_else(|| format!("no feature `{name}`; the features: {}", FEATURES.join(", ")))
}

/// The features of `pos` for its side to move, as the tuned evaluation
/// reads them ([`sowing::bots::tuned::features`]).
fn features<R: Ruleset>(pos: &Position<R>) -> [f64; FEATURES.len()] {
    sowing::bots::tuned::features(pos).map(f64::from)
}

/// One labelled position: its features, [`StandardEval`]'s value, the label.
struct Sample {
    x: [f64; FEATURES.len()],
    standard: f64,
    label: f64,
}

/// The fit with the rules' type.
pub(crate) fn run<R: Ruleset>(rules: R, args: &Args) -> Result<(), String> {
    let tb = match &args.tablebase {
        Some(dir) => Some(
            Tablebase::open(rules, dir)
                .map_err(|e| format!("--tablebase {}: {e}", dir.display()))?,
        ),
        None => None,
    };
    let points = rules.scoring() == Scoring::Points;
    let (samples, exact) = sample(rules, tb.as_ref(), args);
    if samples.len() < 10 {
        return Err(format!("only {} positions sampled", samples.len()));
    }
    println!(
        "// Tuned on {}: {} positions ({} labelled by the databases, the rest by self-play), seed {}",
        sowing::options::with_options(&rules),
        samples.len(),
        exact,
        args.seed
    );
    if !args.without.is_empty() {
        let mut left_out = args.without.clone();
        left_out.sort_unstable();
        left_out.dedup();
        let names: Vec<&str> = left_out.iter().map(|&j| FEATURES[j]).collect();
        println!("// Left out: {}", names.join(", "));
    }
    let standard: Vec<(Vec<f64>, f64)> = samples
        .iter()
        .map(|s| (vec![s.standard, 1.0], s.label))
        .collect();
    // A feature left out is a column of zeros, which the fit leaves at 0.
    let full: Vec<(Vec<f64>, f64)> = samples
        .iter()
        .map(|s| {
            let mut x = s.x.to_vec();
            for &j in &args.without {
                x[j] = 0.0;
            }
            (x, s.label)
        })
        .collect();
    let (_, before) = fit(&standard, points, args.steps);
    let (w, after) = fit(&full, points, args.steps);
    let (measure, scale, unit) = if points {
        (
            "root-mean-square error, seeds of margin",
            16.0,
            "sixteenths of a seed",
        )
    } else {
        ("log-loss, nats a position", 100.0, "hundredths of a logit")
    };
    println!("// {measure}: StandardEval (best scale) {before:.4}, tuned {after:.4}");
    println!("// Weights in {unit} a unit of each feature:");
    let name = sowing::options::with_options(&rules)
        .to_string()
        .to_uppercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let list: Vec<String> = w
        .iter()
        .zip(FEATURES)
        .map(|(v, f)| format!("{} /* {f} */", (v * scale).round() as i32))
        .collect();
    println!(
        "pub const {name}: [i32; {}] = [{}];",
        FEATURES.len(),
        list.join(", ")
    );
    Ok(())
}

/// The labelled positions, and how many of them the databases labelled.
fn sample<R: Ruleset>(rules: R, tb: Option<&Tablebase<R>>, args: &Args) -> (Vec<Sample>, usize) {
    let points = rules.scoring() == Scoring::Points;
    let mut out = Vec::new();
    let mut exact = 0;
    let mut seen: HashSet<Position<R>> = HashSet::new();
    let mut sampler = BotSpec::AlphaBeta(Budget::Depth(args.sampler_depth), EvalKind::Standard)
        .build_for::<R>(args.seed);
    for g in 0..args.games {
        let mut game = crate::sampling::opened_game(rules, args.seed, g as u64, args.random_plies);
        let mut taken: Vec<(Position<R>, Option<f64>)> = Vec::new();
        let mut ply = 0u32;
        while game.outcome().is_ongoing() {
            let pos = *game.position();
            if ply.is_multiple_of(args.every) && !pos.is_over() && seen.insert(pos) {
                taken.push((pos, tb.and_then(|tb| exact_label(tb, &pos))));
            }
            ply += 1;
            let Some(mv) = sampler.choose_from(&pos, game.legal_moves()) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        let outcome = game.outcome();
        for (pos, label) in taken {
            let label = match label {
                Some(l) => {
                    exact += 1;
                    l
                }
                None => match result_label(outcome, pos.side_to_move(), points) {
                    Some(l) => l,
                    None => continue,
                },
            };
            out.push(Sample {
                x: features(&pos),
                standard: f64::from(StandardEval.evaluate(&pos)),
                label,
            });
        }
    }
    (out, exact)
}

/// The databases' label of `pos` for its side to move, if they hold it:
/// the final margin (points held now plus the margin to come), or 1, 0, ½.
fn exact_label<R: Ruleset>(tb: &Tablebase<R>, pos: &Position<R>) -> Option<f64> {
    let me = pos.side_to_move();
    let points = |p: Player| pos.points(p).map_or(0, i32::from);
    Some(match tb.probe(pos)? {
        Value::Margin(m) => f64::from(points(me) - points(me.other()) + m),
        Value::Win { .. } => 1.0,
        Value::Loss { .. } => 0.0,
        Value::Draw => 0.5,
        // No margin to fit to.
        Value::Wdl(_) => return None,
    })
}

/// The label of a finished game for `me`: his final margin, or 1, 0, ½;
/// none if the game did not end (the ply limit).
fn result_label(outcome: Outcome, me: Player, points: bool) -> Option<f64> {
    if outcome.is_ongoing() {
        return None;
    }
    if points {
        let s = outcome.score()?;
        return Some(f64::from(s.of(me)) - f64::from(s.of(me.other())));
    }
    Some(match outcome {
        Outcome::Win { winner, .. } if winner == me => 1.0,
        Outcome::Win { .. } => 0.0,
        _ => 0.5,
    })
}

/// Fits weights to `(features, label)` pairs by gradient descent on
/// standardized features: least squares (`linear`), else logistic. The
/// weights for the raw features, and the error: root-mean-square
/// (linear) or mean log-loss (logistic).
fn fit(data: &[(Vec<f64>, f64)], linear: bool, steps: u32) -> (Vec<f64>, f64) {
    let k = data[0].0.len();
    let n = data.len() as f64;
    // Standardize each feature (a constant one is left as it is).
    let mut mean = vec![0.0; k];
    let mut sd = vec![0.0; k];
    for (x, _) in data {
        for j in 0..k {
            mean[j] += x[j] / n;
        }
    }
    for (x, _) in data {
        for j in 0..k {
            sd[j] += (x[j] - mean[j]).powi(2) / n;
        }
    }
    let scaled: Vec<(Vec<f64>, f64)> = data
        .iter()
        .map(|(x, y)| {
            let z = (0..k)
                .map(|j| {
                    if sd[j] > 1e-12 {
                        (x[j] - mean[j]) / sd[j].sqrt()
                    } else if mean[j].abs() > 1e-12 {
                        1.0
                    } else {
                        // A feature always 0 (waranas outside Sadeqa V).
                        0.0
                    }
                })
                .collect();
            (z, *y)
        })
        .collect();
    let predict = |w: &[f64], z: &[f64]| {
        let t: f64 = w.iter().zip(z).map(|(a, b)| a * b).sum();
        if linear { t } else { 1.0 / (1.0 + (-t).exp()) }
    };
    let mut w = vec![0.0; k];
    let rate = if linear { 0.1 } else { 0.5 };
    for _ in 0..steps {
        let mut grad = vec![0.0; k];
        for (z, y) in &scaled {
            let e = predict(&w, z) - y;
            for j in 0..k {
                grad[j] += e * z[j] / n;
            }
        }
        for j in 0..k {
            w[j] -= rate * grad[j];
        }
    }
    let error = if linear {
        (scaled
            .iter()
            .map(|(z, y)| (predict(&w, z) - y).powi(2))
            .sum::<f64>()
            / n)
            .sqrt()
    } else {
        scaled
            .iter()
            .map(|(z, y)| {
                let p = predict(&w, z).clamp(1e-9, 1.0 - 1e-9);
                -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
            })
            .sum::<f64>()
            / n
    };
    // Back to the raw features: the constant feature takes the offsets.
    let mut raw = vec![0.0; k];
    let mut offset = 0.0;
    let mut constant = None;
    for j in 0..k {
        if sd[j] > 1e-12 {
            raw[j] = w[j] / sd[j].sqrt();
            offset -= raw[j] * mean[j];
        } else if mean[j].abs() > 1e-12 {
            raw[j] = w[j] / mean[j];
            constant = Some(j);
        }
    }
    if let Some(j) = constant {
        raw[j] += offset / mean[j];
    }
    (raw, error)
}

#[cfg(test)]
mod tests {
    use super::{feature_name, fit};

    /// `--without` takes the features by name, not the constant one.
    #[test]
    fn features_left_out_by_name_but_not_the_constant() {
        assert_eq!(feature_name("best_capture"), Ok(6));
        assert_eq!(feature_name("moves"), Ok(7));
        assert!(feature_name("to_move").unwrap_err().contains("offset"));
        assert!(
            feature_name("mobility")
                .unwrap_err()
                .contains("the features: points")
        );
    }

    /// The fit finds a line's weights, and a logistic fit's error falls
    /// below chance's.
    #[test]
    fn the_fit_recovers_known_weights() {
        let data: Vec<(Vec<f64>, f64)> = (0..50)
            .map(|i| {
                let x = f64::from(i);
                (vec![x, 1.0], 3.0 * x - 2.0)
            })
            .collect();
        let (w, err) = fit(&data, true, 3000);
        assert!(
            (w[0] - 3.0).abs() < 1e-3 && (w[1] + 2.0).abs() < 1e-2,
            "{w:?}"
        );
        assert!(err < 1e-2);
        let data: Vec<(Vec<f64>, f64)> = (0..50)
            .map(|i| (vec![f64::from(i) - 25.0, 1.0], f64::from(u8::from(i > 25))))
            .collect();
        let (_, loss) = fit(&data, false, 3000);
        assert!(loss < std::f64::consts::LN_2 / 2.0, "{loss}");
    }
}
