//! Certificates (module `certificate`): the solver's proofs over the
//! endgame databases, written, read back and checked by the checker that
//! uses only the rules and the databases' reader; and the faults the
//! checker must find. The boards are small enough that the databases of
//! the whole game are built too, so the proved margins are also compared
//! with them (docs/SOLVED.md's table).

use sowing::certificate::{Certificate, CertificateError, Claim, NoLeaves};
use sowing::rulesets::{Resized, SadeqaII, SadeqaIII};
use sowing::solver::{Limits, Solver, Verdict};
use sowing::tablebase::{Builder, Tablebase};
use sowing::{Player, Position, Ruleset};
use std::path::PathBuf;
use std::sync::Arc;

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sowing-cert-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The databases of `rules` up to `seeds`, built into a fresh directory.
fn databases<R: sowing::tablebase::Tabulate>(rules: R, name: &str, seeds: u32) -> Tablebase<R> {
    let dir = temp_dir(name);
    Builder::new(rules, &dir)
        .max_seeds(seeds)
        .build(|_| {})
        .expect("a build");
    Tablebase::open(rules, &dir).expect("the files just built")
}

/// Written and read back: the same certificate.
fn round_trip<R: Ruleset>(c: &Certificate<R>) -> Certificate<R> {
    let mut text = Vec::new();
    c.write(&mut text).expect("written to memory");
    let text = String::from_utf8(text).expect("UTF-8");
    let mut read = Certificate::parse(*c.root.rules(), &text, None).expect("its own file");
    assert_eq!(read.len(), 1);
    let read = read.remove(0);
    assert_eq!(
        (read.claim, read.root, read.leaves),
        (c.claim, c.root, c.leaves)
    );
    assert_eq!(read.lines, c.lines);
    read
}

/// The Sadeqa III rules on 2 x 4 with 2 seeds a pit (16 seeds): South
/// wins by 2 (docs/SOLVED.md, from the databases of the whole game). The
/// solver, with the databases up to 8 seeds at its leaves, finds the same
/// margin and proves both bounds; each certificate passes the checker
/// with the small databases, and the whole game's databases agree.
#[test]
fn the_margin_over_the_databases_has_two_certificates_that_check() {
    let rules = Resized::new(SadeqaIII::new(), 4, 2).expect("a board");
    let small = Arc::new(databases(rules, "iii-4x2-8", 8));
    let whole = databases(rules, "iii-4x2-16", 16);
    let start = Position::new(rules);
    assert_eq!(whole.final_margin(&start), Some(2), "the table's entry");

    let mut solver = Solver::new(18).with_tablebase(small.clone());
    assert_eq!(solver.solve_margin(&start, Limits::default()), Some(2));

    for (claim, holds) in [
        (
            Claim::AtLeast {
                player: Player::South,
                margin: 2,
            },
            true,
        ),
        (
            Claim::AtLeast {
                player: Player::North,
                margin: -2,
            },
            true,
        ),
        (
            Claim::AtLeast {
                player: Player::South,
                margin: 3,
            },
            false,
        ),
        (
            Claim::AtLeast {
                player: Player::North,
                margin: -1,
            },
            false,
        ),
        (Claim::Wins(Player::South), true),
    ] {
        assert_eq!(
            solver.prove(&start, claim, Limits::default()),
            Some(holds),
            "{claim}"
        );
        if !holds {
            assert!(
                solver.certificate(&start).is_err(),
                "nothing proved: no certificate"
            );
            continue;
        }
        let cert = round_trip(&solver.certificate(&start).expect("a certificate"));
        assert_eq!(cert.leaves, Some(8));
        let small_check = cert
            .check(small.as_ref())
            .expect("it holds over the small databases");
        assert!(
            small_check.leaves > 0,
            "{claim}: the lines stop at database positions"
        );
        assert!(small_check.prover_positions > 0);
        // The whole game's databases decide every position: the check
        // stops at once, and must agree.
        cert.check(&whole)
            .expect("it holds over the whole databases");
        // Without the databases the checker says what it needs.
        assert!(matches!(
            cert.check(&NoLeaves),
            Err(CertificateError::NeedsDatabases { needed: 8, .. })
        ));
    }
}

/// Over win/draw/loss databases a draw from here on is an exact leaf (the
/// final margin is the points held now), for the solver and the checker
/// alike: what the solver proves with them, and the certificate it
/// writes, check over the same databases (a review found the solver
/// stopping at such a leaf and the checker refusing it), and the margin
/// is the one the margin databases of the whole game give.
#[test]
fn certificates_over_win_draw_loss_databases_check() {
    let rules = Resized::new(SadeqaIII::new(), 4, 2).expect("a board");
    let dir = temp_dir("iii-4x2-wdl-8");
    Builder::new(rules, &dir)
        .max_seeds(8)
        .win_draw_loss()
        .build(|_| {})
        .expect("a build");
    let wdl = Arc::new(Tablebase::open(rules, &dir).expect("the files just built"));
    let start = Position::new(rules);
    let mut solver = Solver::new(18).with_tablebase(wdl.clone());
    assert_eq!(solver.solve_margin(&start, Limits::default()), Some(2));
    let mut leaves = 0;
    for claim in [
        Claim::AtLeast {
            player: Player::South,
            margin: 2,
        },
        Claim::AtLeast {
            player: Player::North,
            margin: -2,
        },
    ] {
        assert_eq!(
            solver.prove(&start, claim, Limits::default()),
            Some(true),
            "{claim}"
        );
        let cert = round_trip(&solver.certificate(&start).expect("a certificate"));
        let check = cert
            .check(wdl.as_ref())
            .unwrap_or_else(|e| panic!("{claim}: {e}"));
        leaves += check.leaves;
    }
    assert!(leaves > 0, "the lines stop at database positions");
    std::fs::remove_dir_all(&dir).ok();
}

/// A certificate the checker must refuse: a claim beyond what its lines
/// give, a line missing, a move changed, a line that loops.
#[test]
fn a_certificate_that_does_not_hold_is_refused() {
    let rules = Resized::new(SadeqaIII::new(), 4, 2).expect("a board");
    let small = Arc::new(databases(rules, "iii-4x2-faults", 8));
    let start = Position::new(rules);
    let mut solver = Solver::new(18).with_tablebase(small.clone());
    let small = small.as_ref();
    let claim = Claim::AtLeast {
        player: Player::South,
        margin: 2,
    };
    assert_eq!(solver.prove(&start, claim, Limits::default()), Some(true));
    let cert = solver.certificate(&start).expect("a certificate");
    cert.check(small).expect("the certificate as written holds");

    // The same lines do not give South 3.
    let mut more = cert.clone();
    more.claim = Claim::AtLeast {
        player: Player::South,
        margin: 3,
    };
    assert!(matches!(
        more.check(small),
        Err(CertificateError::NotMet { .. } | CertificateError::LeafNotMet { .. })
    ));

    // The root's line removed.
    let mut missing = cert.clone();
    missing.lines.retain(|(p, _)| *p != start);
    assert!(matches!(
        missing.check(small),
        Err(CertificateError::MissingLine { .. })
    ));

    // The root's move replaced by a move not legal there (pit 1 of North's
    // row is not South's), then by each other legal move: none of them
    // keeps the certificate whole (its lines follow the move it chose).
    let mut illegal = cert.clone();
    let root_line = illegal
        .lines
        .iter()
        .position(|(p, _)| *p == start)
        .expect("the root's line");
    illegal.lines[root_line].1 = "9".parse().expect("a move");
    assert!(matches!(
        illegal.check(small),
        Err(CertificateError::IllegalMove { .. })
    ));

    // Two lines for one position.
    let mut conflict = cert.clone();
    let (p, mv) = conflict.lines[root_line];
    let other = start
        .legal_moves()
        .iter()
        .find(|m| *m != mv)
        .expect("a second move");
    conflict.lines.push((p, other));
    assert!(matches!(
        conflict.check(small),
        Err(CertificateError::Conflict { .. })
    ));
}

/// A winning strategy file of docs/SOLVED.md (no leaves) reads as a
/// certificate of its win and passes the independent checker, as it
/// passes `check_strategy`.
#[test]
fn a_strategy_file_is_a_certificate_of_its_win() {
    let rules = Resized::new(SadeqaII::new(), 4, 3).expect("a board");
    let text = std::fs::read_to_string("tests/data/strategies/sadeqa-ii-4x3.strategy")
        .expect("a committed strategy");
    let start = Position::new(rules);
    let certs = Certificate::parse(rules, &text, Some(&start)).expect("a strategy file");
    assert_eq!(certs.len(), 1);
    assert_eq!(certs[0].claim, Claim::Wins(Player::South));
    let check = certs[0].check(&NoLeaves).expect("the strategy holds");
    assert_eq!(check.leaves, 0);
    assert!(check.finished > 0);
}

/// A game won by moving last: Sadeqa II on 2 x 4 with 3 seeds (South
/// wins, docs/SOLVED.md), proved with the databases up to 10 seeds at the
/// leaves; the certificate checks with them, and the whole game's
/// winner agrees.
#[test]
fn a_last_mover_win_over_the_databases_checks() {
    let rules = Resized::new(SadeqaII::new(), 4, 3).expect("a board");
    let small = Arc::new(databases(rules, "ii-4x3-10", 10));
    let start = Position::new(rules);
    let mut solver = Solver::new(18).with_tablebase(small.clone());
    let solution = solver.solve(&start, Limits::default());
    assert_eq!(
        (solution.verdict, solution.winner),
        (Verdict::Win, Some(Player::South))
    );
    let cert = round_trip(&solver.certificate(&start).expect("a certificate"));
    assert_eq!(cert.claim, Claim::Wins(Player::South));
    let check = cert.check(small.as_ref()).expect("it holds");
    assert!(check.leaves > 0);
    // A margin is no claim for a game without a score.
    let mut margin = cert.clone();
    margin.claim = Claim::AtLeast {
        player: Player::South,
        margin: 1,
    };
    assert!(matches!(
        margin.check(small.as_ref()),
        Err(CertificateError::ClaimKind { .. })
    ));
}

/// The claim's words, both ways, and the reader's errors name the line.
#[test]
fn claims_and_headers_read_back() {
    for claim in [
        Claim::Wins(Player::North),
        Claim::AtLeast {
            player: Player::South,
            margin: -3,
        },
        Claim::AtLeast {
            player: Player::North,
            margin: 0,
        },
    ] {
        assert_eq!(claim.to_string().parse::<Claim>(), Ok(claim));
    }
    assert!("East wins".parse::<Claim>().is_err());
    assert!("South at least lots".parse::<Claim>().is_err());
    let rules = SadeqaIII::game_91();
    let no_claim = "# sowing certificate\n# root: game-91 4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 S 0-0\n";
    assert!(matches!(
        Certificate::parse(rules, no_claim, None),
        Err(CertificateError::MissingHeader {
            line: 1,
            what: "claim"
        })
    ));
    let bad_leaves = "# sowing certificate\n# claim: South wins\n# leaves: some\n";
    assert!(matches!(
        Certificate::parse(rules, bad_leaves, None),
        Err(CertificateError::Malformed { line: 3, .. })
    ));
    assert!(matches!(
        Certificate::parse(rules, "", None),
        Err(CertificateError::Empty)
    ));
    let stray = "game-91 4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 S 0-0 1\n";
    assert!(matches!(
        Certificate::parse(rules, stray, None),
        Err(CertificateError::Malformed { line: 1, .. })
    ));
}

/// The certificates committed in tests/data/certificates/ (docs/SOLVED.md,
/// "Boards solved by search over the databases"): each file with the
/// board it is for, the databases its leaves need, and its claims.
const COMMITTED: &[(usize, u8, u32, &str, [Claim; 2])] = &[(
    5,
    4,
    12,
    "sadeqa-iii-5x4-leaves-12.cert",
    [
        Claim::AtLeast {
            player: Player::South,
            margin: 4,
        },
        Claim::AtLeast {
            player: Player::North,
            margin: -4,
        },
    ],
)];

/// The Sadeqa III rules on 2 x 5 with 4 seeds: South wins by 4, proved
/// by search over the databases up to 12 seeds. Its committed
/// certificate is checked here with the databases built again.
#[test]
fn the_committed_certificates_check() {
    for &(m, n, k, file, claims) in COMMITTED {
        let rules = Resized::new(SadeqaIII::new(), m, n).expect("a board");
        let tb = databases(rules, &format!("committed-{m}x{n}-{k}"), k);
        let text = std::fs::read_to_string(format!("tests/data/certificates/{file}"))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let certs =
            Certificate::parse(rules, &text, None).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            certs.iter().map(|c| c.claim).collect::<Vec<_>>(),
            claims,
            "{file}"
        );
        for c in &certs {
            assert_eq!(c.root, Position::new(rules), "{file}: from the start");
            assert_eq!(c.leaves, Some(k), "{file}");
            let check = c
                .check(&tb)
                .unwrap_or_else(|e| panic!("{file}: {}: {e}", c.claim));
            assert_eq!(check.unused_lines, 0, "{file}");
        }
    }
}

/// The larger entries of docs/SOLVED.md's "Boards solved by search over
/// the databases", each solved again (the search is deterministic) with
/// the databases up to its K seeds, its certificate written and checked
/// by the certificate checker; `cargo test --release --test certificate
/// -- --ignored` (a few minutes on two cores; more for Sadeqa II). The
/// committed 2 x 6 certificate is also checked.
#[test]
#[ignore = "minutes: the larger boards solved again over their databases"]
fn the_larger_boards_solve_over_the_databases_with_certificates() {
    // Sadeqa III rules, 2 x 6 with 3 seeds, over the databases up to 16.
    let rules = Resized::new(SadeqaIII::new(), 6, 3).expect("a board");
    let tb = databases(rules, "iii-6x3-16", 16);
    let text = std::fs::read_to_string("tests/data/certificates/sadeqa-iii-6x3-leaves-16.cert")
        .expect("the committed certificate");
    let certs = Certificate::parse(rules, &text, None).expect("a certificate file");
    assert_eq!(
        certs.iter().map(|c| c.claim).collect::<Vec<_>>(),
        [
            Claim::AtLeast {
                player: Player::South,
                margin: 4
            },
            Claim::AtLeast {
                player: Player::North,
                margin: -4
            },
        ]
    );
    for c in &certs {
        c.check(&tb).unwrap_or_else(|e| panic!("{}: {e}", c.claim));
    }
    // Sadeqa II on 2 x 7 with 4 seeds: South wins, over the databases up
    // to 12 seeds.
    let rules = Resized::new(SadeqaII::new(), 7, 4).expect("a board");
    let tb = Arc::new(databases(rules, "ii-7x4-12", 12));
    let start = Position::new(rules);
    let mut solver = Solver::new(24).with_tablebase(tb.clone());
    let solution = solver.solve(&start, Limits::default());
    assert_eq!(solution.winner, Some(Player::South));
    let cert = round_trip(&solver.certificate(&start).expect("a certificate"));
    cert.check(tb.as_ref()).expect("it holds");
}

/// The `# leaves:` header binds: a certificate that says it stops at no
/// database position (or at fewer seeds) may not lean on the databases
/// given to its check for more; and a header line given twice is refused.
#[test]
fn the_leaves_header_bounds_what_the_check_takes_from_the_databases() {
    let rules = Resized::new(SadeqaIII::new(), 4, 2).expect("a board");
    let small = Arc::new(databases(rules, "iii-4x2-header", 8));
    let start = Position::new(rules);
    let mut solver = Solver::new(18).with_tablebase(small.clone());
    let claim = Claim::AtLeast {
        player: Player::South,
        margin: 2,
    };
    assert_eq!(solver.prove(&start, claim, Limits::default()), Some(true));
    let cert = solver.certificate(&start).expect("a certificate");
    cert.check(small.as_ref()).expect("as written");
    for fewer in [None, Some(4)] {
        let mut lying = cert.clone();
        lying.leaves = fewer;
        assert!(
            matches!(
                lying.check(small.as_ref()),
                Err(CertificateError::MissingLine { .. })
            ),
            "leaves {fewer:?}"
        );
    }
    let mut text = Vec::new();
    cert.write(&mut text).expect("written");
    let text = String::from_utf8(text).expect("UTF-8");
    for header in [
        "# claim: South at least +5",
        "# leaves: none",
        "# root: sadeqa-iii:4x2 2,2,2,2/2,2,2,2 S 0-0",
    ] {
        let doubled = text.replacen('\n', &format!("\n{header}\n"), 2);
        assert!(
            matches!(
                Certificate::parse(rules, &doubled, None),
                Err(CertificateError::Malformed { .. })
            ),
            "{header}"
        );
    }
}
