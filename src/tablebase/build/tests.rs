//! The builder's tests: plans, whole builds (the moves kept in memory or
//! in files give the same files), and the directory's lock and
//! temporary files.

use super::*;
use crate::rulesets::SadeqaIII;

/// The plan of game 91 up to 16 seeds, as the README's build reports
/// it; a maximum above the game's seeds is refused before any size.
#[test]
fn a_plan_is_made_after_the_checks_of_a_build() {
    let plan = Builder::new(SadeqaIII::game_91(), "unused")
        .max_seeds(16)
        .plan()
        .unwrap();
    assert_eq!(plan.positions, 601_080_390);
    assert_eq!(plan.largest_layer, 300_540_195);
    assert_eq!(
        plan.to_string(),
        "601080390 positions (601.1 MB of files); the largest layer, 300540195 \
         positions, needs about 638.6 MB of memory and up to 4.2 GB of scratch (memory if \
         it fits, else files) while it is built"
    );
    let err = Builder::new(SadeqaIII::game_91(), "unused")
        .max_seeds(1000)
        .plan()
        .unwrap_err();
    assert_eq!(
        err,
        TablebaseError::TooManySeeds {
            max_seeds: 1000,
            total: 64,
            ruleset: "game-91".into()
        }
    );
    // Win/draw/loss to 18 seeds: the results, a quarter of a byte a
    // position, the windows below the top a byte; the memory of layer
    // 17's margins (a byte a position) over layer 18's two bits.
    let plan = Builder::new(SadeqaIII::game_91(), "unused")
        .max_seeds(18)
        .win_draw_loss()
        .plan()
        .unwrap();
    assert_eq!(plan.top_layer, 1_037_158_320);
    assert_eq!(plan.largest_below_top, 565_722_720);
    assert_eq!(
        plan.file_bytes(),
        2_203_961_430u64.div_ceil(4) + (2_203_961_430 - 1_037_158_320)
    );
    assert_eq!(plan.memory_bytes(), 565_722_720 + 565_722_720 / 8);
    // Sadeqa V's waranas: its layer of 20 seeds is over a build's bound.
    let err = Builder::new(crate::rulesets::SadeqaV::new(), "unused")
        .max_seeds(20)
        .plan()
        .unwrap_err();
    assert!(matches!(err, TablebaseError::LayerTooLarge { .. }), "{err}");
}

/// Two builds into one directory would write the same temporary
/// files: the second is refused while the first holds the directory,
/// and may build once it is done.
#[test]
#[cfg(target_os = "linux")]
fn a_second_build_into_the_same_directory_is_refused() {
    let dir = std::env::temp_dir().join(format!("sowing-lock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let held = lock_dir(&dir).unwrap();
    let err = Builder::new(SadeqaIII::game_91(), &dir)
        .max_seeds(1)
        .build(|_| {})
        .unwrap_err();
    assert!(err.to_string().contains("another build"), "{err}");
    let layers = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "tb"))
            .count()
    };
    assert_eq!(layers(&dir), 0);
    drop(held);
    Builder::new(SadeqaIII::game_91(), &dir)
        .max_seeds(1)
        .build(|_| {})
        .unwrap();
    assert_eq!(layers(&dir), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every file under `dir` (its `windows` too), by name, with its
/// bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if entry.file_name() == ".build.lock" {
            // The build's lock (`lock_dir`), empty: not a database file.
            continue;
        }
        if path.is_dir() {
            for (name, bytes) in files(&path) {
                out.push((
                    format!("{}/{name}", entry.file_name().to_string_lossy()),
                    bytes,
                ));
            }
        } else {
            let name = entry.file_name().to_string_lossy().into_owned();
            out.push((name, std::fs::read(&path).unwrap()));
        }
    }
    out.sort();
    out
}

/// The first sweep's moves kept in memory or in files give the same
/// layer files, byte for byte, and leave no temporary file: margins
/// and win/draw/loss, game 91, Sadeqa III and Sadeqa V (moves within
/// a layer that gain points: blocks with gains and flags) on small
/// boards, on two threads (blocks of two files interleaved).
#[test]
fn the_moves_kept_in_memory_or_in_files_give_the_same_files() {
    use crate::rulesets::{Resized, SadeqaV};
    fn both<R: Tabulate>(rules: R, seeds: u32, wdl: bool) {
        let base = std::env::temp_dir().join(format!(
            "sowing-keep-{}-{}-{seeds}-{wdl}",
            std::process::id(),
            rules.name()
        ));
        let mut built = Vec::new();
        for keep in [Keep::Files, Keep::Memory, Keep::Auto] {
            let dir = base.join(format!("{keep:?}"));
            let mut builder = Builder::new(rules, &dir)
                .max_seeds(seeds)
                .threads(2)
                .keep(keep);
            if wdl {
                builder = builder.win_draw_loss();
            }
            builder.build(|_| {}).unwrap();
            let files = files(&dir);
            assert!(
                files.iter().all(|(name, _)| !name.ends_with(".tmp")),
                "{keep:?}: {:?}",
                files.iter().map(|f| &f.0).collect::<Vec<_>>()
            );
            assert_eq!(
                files.len(),
                seeds as usize + 1 + if wdl { seeds as usize } else { 0 }
            );
            built.push(files);
        }
        assert!(
            built[0] == built[1],
            "{}: files and memory differ",
            rules.name()
        );
        assert!(
            built[0] == built[2],
            "{}: files and auto differ",
            rules.name()
        );
        std::fs::remove_dir_all(&base).unwrap();
    }
    both(SadeqaIII::game_91(), 9, false);
    both(SadeqaIII::game_91(), 8, true);
    both(Resized::new(SadeqaIII::new(), 4, 2).unwrap(), 16, false);
    both(Resized::new(SadeqaIII::new(), 4, 2).unwrap(), 16, true);
    both(Resized::new(SadeqaV::new(), 3, 2).unwrap(), 12, false);
}

/// The scratch files an interrupted build left for a layer (a process
/// killed runs no destructor; here more of them than the build has
/// threads, holding nothing a block reads as) are removed by the next
/// build of the layer, whether it keeps its moves in memory or in
/// files, and do not change its values.
#[test]
fn stale_scratch_files_are_removed_and_change_nothing() {
    let seeds = 9;
    let positions = Layout::of(&SadeqaIII::game_91()).size(seeds);
    let base = std::env::temp_dir().join(format!("sowing-stale-{}", std::process::id()));
    let mut built = Vec::new();
    for keep in [Keep::Memory, Keep::Files] {
        let dir = base.join(format!("{keep:?}"));
        std::fs::create_dir_all(&dir).unwrap();
        for t in [0, 1, 7] {
            let stale = dir.join(format!(".game-91.{seeds}.0-{positions}.moves.{t}.tmp"));
            std::fs::write(stale, [0xff; 100_000]).unwrap();
        }
        Builder::new(SadeqaIII::game_91(), &dir)
            .max_seeds(seeds)
            .threads(2)
            .keep(keep)
            .build(|_| {})
            .unwrap();
        let files = files(&dir);
        let names: Vec<&String> = files.iter().map(|f| &f.0).collect();
        assert_eq!(files.len(), seeds as usize + 1, "{keep:?}: {names:?}");
        built.push(files);
    }
    assert!(built[0] == built[1]);
    std::fs::remove_dir_all(&base).unwrap();
}

/// A killed build's temporary files, of layers above where the next
/// build stops as well as below (a layer file's half-written copy, a
/// window's, the moves a layer kept in files), are removed by the next
/// build into the directory; other rulesets' and the user's files are
/// left alone.
#[test]
fn a_build_removes_every_temporary_file_a_killed_build_left() {
    let dir = std::env::temp_dir().join(format!("sowing-left-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("windows")).unwrap();
    let left = [
        ".game-91.12.tb.999.tmp",
        ".game-91.2.tb.999.tmp",
        ".game-91.14.0-1000.moves.1.tmp",
        "windows/.game-91.13.tb.5.tmp",
        "game-91.11.tb.tmp",
    ];
    let kept = [
        ".sadeqa-ii.12.tb.999.tmp",
        ".game-91.notes.tmp",
        ".game-91.3.my-notes.tmp",
        ".game-91.3.tb.tmp",
        "game-91.3.notes.tb.tmp",
        "notes.tmp",
    ];
    for name in left.iter().chain(&kept) {
        std::fs::write(dir.join(name), [0xff; 1000]).unwrap();
    }
    Builder::new(SadeqaIII::game_91(), &dir)
        .max_seeds(3)
        .threads(2)
        .build(|_| {})
        .unwrap();
    for name in left {
        assert!(!dir.join(name).exists(), "{name} left");
    }
    for name in kept {
        assert!(dir.join(name).exists(), "{name} removed");
    }
    assert!(dir.join("game-91.3.tb").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Not a check by itself: a build of game 91 up to `SOWING_KILL_SEEDS`
/// seeds into `SOWING_KILL_DIR` with the moves kept in files, for a
/// check by hand that a build killed (`kill -9`) while it keeps them
/// leaves nothing that confuses the next build:
/// `SOWING_KILL_DIR=d SOWING_KILL_SEEDS=12 <test binary> --ignored
/// --exact tablebase::build::tests::a_build_with_files_to_kill`.
#[test]
#[ignore = "a helper for a check by hand: builds into $SOWING_KILL_DIR"]
fn a_build_with_files_to_kill() {
    let dir = std::env::var("SOWING_KILL_DIR").expect("SOWING_KILL_DIR");
    let seeds = std::env::var("SOWING_KILL_SEEDS").map_or(12, |s| s.parse().unwrap());
    Builder::new(SadeqaIII::game_91(), dir)
        .max_seeds(seeds)
        .keep(Keep::Files)
        .build(|_| {})
        .unwrap();
}

/// A win/draw/loss build of a game won by moving last is refused by
/// its plan, before anything is printed or made (it was refused only
/// after the plan was printed and the directory made).
#[test]
fn a_refused_win_draw_loss_build_is_refused_by_its_plan() {
    let dir = std::env::temp_dir().join(format!("sowing-no-wdl-{}", std::process::id()));
    let builder = Builder::new(crate::rulesets::Andada::default(), &dir)
        .max_seeds(2)
        .win_draw_loss();
    let err = builder.plan().unwrap_err();
    assert!(matches!(err, TablebaseError::NoWinDrawLoss { .. }), "{err}");
    assert!(builder.build(|_| {}).is_err());
    assert!(!dir.exists());
}
