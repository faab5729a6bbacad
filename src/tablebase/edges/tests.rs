//! The tests of the kept moves: blocks written and read back, in memory
//! and in files, and the stores' choice between the two.

use super::block::AHEAD;
use super::store::{available_memory, reserve};
use super::*;
use crate::tablebase::TablebaseError;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A move staying in the layer, to `index`.
fn edge(index: u64, gain: i8, same_mover: bool) -> Edge {
    Edge {
        index,
        gain,
        same_mover,
    }
}

/// A scratch directory of this test process, named after `name`.
fn scratch_dir(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("sowing-edges-{name}-{}", std::process::id()))
}

/// What a store gives back of a block: each position visited, its
/// exit and its edges.
fn read_back(
    store: &EdgeStore,
    chunk: usize,
    positions: usize,
) -> Vec<(usize, Option<i32>, Vec<Edge>)> {
    let mut out = Vec::new();
    store
        .read(
            chunk,
            positions,
            &Every,
            |_| {},
            |i, exit, edges| out.push((i, exit, edges.collect())),
        )
        .expect("the block reads back");
    out
}

/// A block kept in memory and one kept in a file read back alike, and
/// as written: settled positions skipped, exits, plain and other edges.
#[test]
fn blocks_in_memory_and_in_files_read_back_as_written() {
    let mut plain = Moves::default();
    plain.exit(3);
    plain.edge(edge(7, 0, false));
    plain.edge(edge(9, 0, false));
    let mut other = Moves::default();
    other.edge(edge(1, 2, true));
    let mut block = BlockWriter::new();
    block.push(Some(&plain));
    block.push(None);
    block.push(Some(&other));
    let dir = scratch_dir("blocks");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let expected = vec![
        (0, Some(3), vec![edge(7, 0, false), edge(9, 0, false)]),
        (2, None, vec![edge(1, 2, true)]),
    ];
    let files = EdgeStore::in_files(&dir, "test", 2).expect("the files open");
    for store in [EdgeStore::in_memory(2), files] {
        assert_eq!(store.bytes(), 0);
        store.write(1, &block).expect("the block is written");
        store
            .write(0, &BlockWriter::new())
            .expect("an empty block is written");
        assert_eq!(read_back(&store, 1, 3), expected);
        assert_eq!(read_back(&store, 0, 0), vec![]);
        // The blocks' bytes: the plain flag, 3 counts, 3 exits, 3 edges
        // of 4 bytes and 3 gain and flag pairs; then the empty block's
        // flag.
        assert_eq!(store.bytes(), 1 + 3 + 3 + 12 + 6 + 1);
    }
    // The files' store removed its files when dropped.
    assert_eq!(std::fs::read_dir(&dir).expect("the directory").count(), 0);
    let _ = std::fs::remove_dir(&dir);
}

/// A store of files made in one pool of worker threads and written by
/// another with more threads (each thread writes into a file of the
/// store, whatever its number) reads back every block as written.
#[test]
fn a_store_written_by_more_threads_than_it_has_files_reads_back() {
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
    };
    let dir = scratch_dir("pools");
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let store = pool(2)
        .install(|| EdgeStore::in_files(&dir, "pools", 7))
        .expect("the files open");
    let block = |chunk: usize| {
        let mut moves = Moves::default();
        moves.exit(chunk as i32);
        let mut block = BlockWriter::new();
        block.push(Some(&moves));
        block
    };
    pool(7).broadcast(|ctx| {
        let chunk = ctx.index();
        store.write(chunk, &block(chunk)).expect("written");
    });
    for chunk in 0..7 {
        assert_eq!(
            read_back(&store, chunk, 1),
            vec![(0, Some(chunk as i32), vec![])]
        );
    }
    drop(store);
    let _ = std::fs::remove_dir(&dir);
}

/// Positions are wanted if a move leads to a target in `changed`; the
/// quick test of a run says whether any of its targets is in a block
/// (of 16 indices) holding one, as the layer's changed blocks do.
struct ChangedTargets {
    changed: Vec<u64>,
    sparse: bool,
}

impl Wanted for ChangedTargets {
    fn wanted(&self, mut targets: Targets<'_>) -> bool {
        targets.any(|t| self.changed.contains(&t))
    }
    fn sparse(&self) -> bool {
        self.sparse
    }
    fn maybe(&self, targets: Targets<'_>) -> bool {
        targets.into_iter().fold(false, |m, t| {
            m | self.changed.iter().any(|c| c / 16 == t / 16)
        })
    }
}

/// The sparse pick (a run of moves at a time, a wanted move's position
/// found by counting moves) visits the same positions, with the same
/// moves, as the test a position at a time: over positions with no
/// move, settled ones, several wanted moves in one position, wanted
/// moves at the ends of runs and of the block.
#[test]
fn a_sparse_pick_visits_what_a_pick_a_position_does() {
    let mut block = BlockWriter::new();
    let mut next = 0u64;
    let positions = 400;
    for i in 0..positions {
        if i % 7 == 3 {
            block.push(None);
            continue;
        }
        let mut m = Moves::default();
        for _ in 0..(i * 5 + 1) % 6 {
            // Targets spread over 0..1000, in no order.
            next = (next * 37 + 11) % 1000;
            m.edge(Edge {
                index: next,
                gain: 0,
                same_mover: false,
            });
        }
        block.push(Some(&m));
    }
    let store = EdgeStore::in_memory(1);
    store.write(0, &block).expect("the block is written");
    let visits = |wanted: &ChangedTargets| {
        let mut out = Vec::new();
        store
            .read(
                0,
                positions,
                wanted,
                |_| {},
                |i, exit, edges| out.push((i, exit, edges.collect::<Vec<_>>())),
            )
            .expect("the block reads back");
        out
    };
    for changed in [
        vec![],
        vec![0],
        vec![11, 418],
        vec![5, 500, 999],
        (0..1000).step_by(97).collect(),
    ] {
        let dense = visits(&ChangedTargets {
            changed: changed.clone(),
            sparse: false,
        });
        let sparse = visits(&ChangedTargets {
            changed: changed.clone(),
            sparse: true,
        });
        assert_eq!(sparse, dense, "changed targets {changed:?}");
        assert_eq!(dense.is_empty(), changed.is_empty());
    }
}

/// A store whose files cannot all be made (here the second worker's
/// name is taken by a directory) is refused and leaves none of its
/// files behind (it used to leave the ones made before the error).
#[test]
fn a_store_whose_files_cannot_be_made_leaves_none() {
    let dir = scratch_dir("fail");
    let taken = dir.join(".test.moves.1.tmp");
    std::fs::create_dir_all(taken.join("inside")).expect("a temporary directory");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    let store = pool.install(|| EdgeStore::in_files(&dir, "test", 1));
    assert!(matches!(store, Err(TablebaseError::Io { .. })));
    assert!(!dir.join(".test.moves.0.tmp").exists());
    std::fs::remove_dir_all(&dir).expect("the directory removed");
}

/// Two stores that each fit in half the memory available but not
/// together get memory for the first only (two workers of one process
/// each took half before, both together all of it); the memory comes
/// back when the first is done.
#[test]
fn stores_of_one_process_share_half_the_memory() {
    let reserved = AtomicU64::new(0);
    assert!(reserve(&reserved, 40, 100));
    assert!(!reserve(&reserved, 40, 100));
    assert!(reserve(&reserved, 10, 100));
    assert!(!reserve(&reserved, 1, 100));
    reserved.fetch_sub(40, Relaxed);
    assert!(reserve(&reserved, 40, 100));
}

/// A read announces each wanted position's targets before it visits
/// the position, about [`AHEAD`] edges ahead (the prefetch
/// distance): when position `p` is visited, the edges announced reach
/// at least `AHEAD` past `p`'s last edge, and stop within one
/// position's edges of that.
#[test]
fn targets_are_announced_about_ahead_edges_before_their_visit() {
    use std::cell::RefCell;
    const POSITIONS: usize = 200;
    const EDGES: usize = 4;
    let mut block = BlockWriter::new();
    for i in 0..POSITIONS as u64 {
        let mut moves = Moves::default();
        for j in 0..EDGES as u64 {
            moves.edge(edge(i * 100 + j, 0, false));
        }
        block.push(Some(&moves));
    }
    let store = EdgeStore::in_memory(1);
    store.write(0, &block).expect("written");
    // Positions announced, in order, and the edges announced so far.
    let announced = RefCell::new(Vec::new());
    let mut visited = 0;
    store
        .read(
            0,
            POSITIONS,
            &Every,
            |mut targets| {
                let first = targets.next().expect("a position's edges");
                announced.borrow_mut().push((first / 100) as usize);
            },
            |i, _, _| {
                let announced = announced.borrow();
                assert_eq!(i, visited);
                assert_eq!(announced[..], (0..announced.len()).collect::<Vec<_>>()[..]);
                assert!(announced.len() > i, "position {i} visited before announced");
                let (seen, asked) = (EDGES * (i + 1), EDGES * announced.len());
                assert!(
                    asked >= (seen + AHEAD).min(EDGES * POSITIONS),
                    "{i}: {asked}"
                );
                assert!(asked < seen + AHEAD + EDGES, "{i}: {asked}");
                visited += 1;
            },
        )
        .expect("read");
    assert_eq!((visited, announced.borrow().len()), (POSITIONS, POSITIONS));
}

/// A new store, in memory or in files, first removes the scratch files
/// a killed build of the same layer left, whatever their thread
/// number, and nothing else: not another layer's, nor files that are
/// not scratch files.
#[test]
fn a_new_store_removes_a_killed_builds_scratch_files() {
    let dir = scratch_dir("stale");
    let kept = [
        ".other.moves.0.tmp",
        ".layer.moves.0.txt",
        "layer.moves.1.tmp",
    ];
    for keep in [Keep::Memory, Keep::Files] {
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        for name in [".layer.moves.0.tmp", ".layer.moves.17.tmp"]
            .iter()
            .chain(&kept)
        {
            std::fs::write(dir.join(name), b"left").expect("written");
        }
        let store = EdgeStore::new(&dir, "layer", 1, 10, keep).expect("a store");
        drop(store);
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .expect("the directory")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        left.sort();
        let mut expected = kept.map(String::from).to_vec();
        expected.sort();
        assert_eq!(left, expected, "{keep:?}");
        std::fs::remove_dir_all(&dir).expect("removed");
    }
}

/// The memory available is Linux's `MemAvailable`, read in KiB and
/// given in bytes: some, in whole KiB, more than a megabyte.
#[test]
#[cfg(target_os = "linux")]
fn the_memory_available_is_read_from_the_system() {
    let bytes = available_memory().expect("/proc/meminfo has MemAvailable");
    assert!(bytes >= 1 << 20, "{bytes}");
    assert_eq!(bytes % 1024, 0);
}

/// A block stays plain (no gain and flag pair an edge) while every
/// edge gains nothing and passes the turn; the first edge that gains
/// seeds, or keeps the mover, makes it carry a pair for every edge,
/// the earlier ones included, and each reads back as written.
#[test]
fn a_block_is_plain_until_an_edge_gains_or_keeps_the_mover() {
    let block_of = |edges: &[Edge]| {
        let mut moves = Moves::default();
        for &e in edges {
            moves.edge(e);
        }
        let mut block = BlockWriter::new();
        block.push(Some(&moves));
        block
    };
    let cases = [
        // The flag, a count, an exit, 4 bytes an edge, and 2 an edge
        // when the block is not plain.
        (vec![edge(7, 0, false), edge(9, 0, false)], true, 11),
        (vec![edge(7, 0, false), edge(4, -3, false)], false, 15),
        (vec![edge(7, 0, false), edge(5, 0, true)], false, 15),
        (vec![edge(5, 2, true)], false, 9),
    ];
    for (edges, plain, len) in cases {
        let block = block_of(&edges);
        assert_eq!((block.plain, block.len()), (plain, len), "{edges:?}");
        let store = EdgeStore::in_memory(1);
        store.write(0, &block).expect("written");
        assert_eq!(read_back(&store, 0, 1), vec![(0, None, edges)]);
    }
}
