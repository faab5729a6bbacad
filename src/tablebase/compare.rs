//! Win/draw/loss databases checked against margin databases of the same
//! game ([`compare_win_draw_loss`]): what `tablebase compare` runs, and the
//! tests. The two builds share nothing but the sowing: the margins are
//! exact, the win/draw/loss build clamps them to a window a layer
//! (`build::wdl`), so agreement position by position checks the window's
//! argument as well as the code.

use super::file::{Header, LayerFile, layer_path};
use super::{Tablebase, TablebaseError, Tabulate, ValueKind, Wdl, wdl_code};
use std::path::Path;

/// One layer of [`compare_win_draw_loss`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerCheck {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions compared.
    pub positions: u64,
    /// Wins, draws and losses for the side to move, by the win/draw/loss
    /// file.
    pub wdl: [u64; 3],
    /// Positions whose result is not the sign of their margin.
    pub mismatches: u64,
    /// The window the build kept for the layer (its `windows` file), if
    /// there is one: `k`, its margins clamped to `-k..=k`.
    pub window: Option<u32>,
    /// Positions whose window value is not the margin clamped.
    pub window_mismatches: u64,
}

/// Compares every position of every layer held by both the win/draw/loss
/// databases in `wdl_dir` ([`Builder::win_draw_loss`](super::Builder::win_draw_loss))
/// and the margin databases in `margin_dir`, both of `rules`: each result
/// against the sign of the margin, and each window value the build kept
/// (`wdl_dir/windows`) against the margin clamped to its window.
///
/// # Errors
/// As [`Tablebase::open`] for either directory (a damaged file included);
/// [`TablebaseError::WrongRuleset`] if `wdl_dir` holds margins or
/// `margin_dir` results; a window file that is damaged or of another
/// game.
pub fn compare_win_draw_loss<R: Tabulate>(
    rules: R,
    wdl_dir: &Path,
    margin_dir: &Path,
) -> Result<Vec<LayerCheck>, TablebaseError> {
    let results = Tablebase::open(rules, wdl_dir)?;
    let margins = Tablebase::open(rules, margin_dir)?;
    for (tb, dir, kind) in [
        (&results, wdl_dir, ValueKind::WinDrawLoss),
        (&margins, margin_dir, ValueKind::Margin),
    ] {
        if tb.kind != kind {
            return Err(TablebaseError::WrongRuleset {
                path: dir.to_path_buf(),
                found: format!("{} values", tb.kind.name()),
                expected: format!("{} values", kind.name()),
            });
        }
    }
    let name = rules.name();
    let top = results.max_seeds().min(margins.max_seeds());
    let mut checks = Vec::new();
    for seeds in 0..=top {
        let packed = results.layers[seeds as usize].values();
        let exact = margins.layers[seeds as usize].values();
        let window_path = layer_path(&wdl_dir.join("windows"), &name, seeds);
        let window = match window_path.exists() {
            true => Some(open_window(
                &window_path,
                &results.layers[seeds as usize].header,
            )?),
            false => None,
        };
        let mut check = LayerCheck {
            seeds,
            positions: exact.len() as u64,
            wdl: [0; 3],
            mismatches: 0,
            window: window.as_ref().map(|(k, _)| *k),
            window_mismatches: 0,
        };
        for (i, &m) in exact.iter().enumerate() {
            let margin = m as i8 as i32;
            let result = Wdl::from_code(wdl_code(packed, i as u64));
            if let Some(w) = result {
                check.wdl[2 - w as usize] += 1;
            }
            check.mismatches += (result != Some(Wdl::of_margin(margin))) as u64;
            if let Some((k, file)) = &window {
                let k = *k as i32;
                let kept = file.values()[i] as i8 as i32;
                check.window_mismatches += (kept != margin.clamp(-k, k)) as u64;
            }
        }
        checks.push(check);
    }
    Ok(checks)
}

/// A window file: its `k` and its values, checked whole, and of the game,
/// options and layer of `layer` (the header of the layer's results).
fn open_window(path: &Path, layer: &Header) -> Result<(u32, LayerFile), TablebaseError> {
    let bad = |why: String| TablebaseError::BadFile {
        path: path.to_path_buf(),
        why,
    };
    let file = LayerFile::open(path)?;
    let k = file
        .header
        .values
        .strip_prefix("margin-within-")
        .and_then(|k| k.parse::<u32>().ok())
        .ok_or_else(|| {
            bad(format!(
                "values `{}`, not a window's `margin-within-<k>`",
                file.header.values
            ))
        })?;
    // Everything but the values and the checksum is the layer's: a window
    // of another game or layer (a file copied or renamed) is not compared.
    let expected = Header {
        values: file.header.values.clone(),
        crc32: file.header.crc32,
        ..layer.clone()
    };
    if file.header != expected {
        return Err(TablebaseError::WrongRuleset {
            path: path.to_path_buf(),
            found: super::describe(&file.header, &expected),
            expected: super::describe(&expected, &file.header),
        });
    }
    if !file.verify() {
        return Err(TablebaseError::Checksum {
            path: path.to_path_buf(),
        });
    }
    Ok((k, file))
}
