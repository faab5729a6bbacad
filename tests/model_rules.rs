//! The reference model (`tests/model`) against the rule book's own worked
//! cases and checks (RULES.md sections 2 to 6), so that the model is tied to
//! RULES.md directly and not only through its agreement with the engine.

mod model;

use model::{Model, Mv, NORTH, Reading, Result_, Rules, SOUTH};

/// `before` (for `rules`), move `mv`, then the position string `after`.
fn check(rules: Rules, before: &str, mv: Mv, after: &str) -> Model {
    let mut m = Model::parse(rules, before).unwrap_or_else(|e| panic!("{before}: {e}"));
    assert_eq!(m.to_string(), before, "round trip");
    m.play(mv)
        .unwrap_or_else(|e| panic!("{before}: {mv}: {e:?}"));
    assert_eq!(m.to_string(), after, "{before} after {mv}");
    let back = Model::parse(rules, after).unwrap_or_else(|e| panic!("{after}: {e}"));
    assert_eq!(back, m, "{after} reads back");
    m
}

const V: Rules = Rules::SadeqaV;

// ---- section 3, Sadeqa V: the worked cases ----

#[test]
fn sadeqa_v_new_warana() {
    check(
        V,
        "sadeqa-v 0,0,0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0,0,1 S 38-37",
        Mv::Pit(10),
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/4w,0,0,0,0,0,0,0,0,1 N 38-37",
    );
}

#[test]
fn sadeqa_v_own_3_to_4_relays() {
    check(
        V,
        "sadeqa-v 1,3,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37",
        Mv::Pit(1),
        "sadeqa-v 0,0,1,1,1,1,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 38-37",
    );
}

#[test]
fn sadeqa_v_capture_and_bonus() {
    check(
        V,
        "sadeqa-v 1,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 37-37",
        Mv::Pit(5),
        "sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-37",
    );
}

#[test]
fn sadeqa_v_capture_from_an_empty_warana() {
    check(
        V,
        "sadeqa-v 1,0,0,0,1,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-38",
        Mv::Pit(5),
        "sadeqa-v 1,0,0,0,0,0w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 40-38",
    );
}

#[test]
fn sadeqa_v_own_warana() {
    check(
        V,
        "sadeqa-v 0,0,0,0,0,0,0,0,0,1/2w,0,0,0,0,0,0,0,0,1 S 38-38",
        Mv::Pit(10),
        "sadeqa-v 0,0,0,0,0,0,0,0,0,0/3w,0,0,0,0,0,0,0,0,1 N 38-38",
    );
}

#[test]
fn sadeqa_v_pass_after_a_capture() {
    let m = check(
        V,
        "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 38-37",
        Mv::Pit(5),
        "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 N 40-37",
    );
    assert_eq!(m.legal_moves(), [Mv::Pit(10)]);
}

#[test]
fn sadeqa_v_neither_can_move_a_draw() {
    // The side-to-move field keeps South, who could not move first.
    let m = check(
        V,
        "sadeqa-v 0,0,0,0,1,3w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 38-38",
        Mv::Pit(5),
        "sadeqa-v 0,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,0 S 40-38",
    );
    assert!(m.over);
    assert_eq!(m.outcome(), Result_::DrawEqual(40, 40));
}

#[test]
fn sadeqa_v_south_1_from_the_start() {
    let mut m = Model::new(V, SOUTH);
    assert_eq!(
        m.to_string(),
        "sadeqa-v 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0"
    );
    assert_eq!(m.legal_moves().len(), 10);
    m.play(Mv::Pit(1)).unwrap();
    assert_eq!(
        m.to_string(),
        "sadeqa-v 1,6,6,6,1,5,5,5,5,0/5,5,5,5,0,5,5,5,5,0 N 0-0"
    );
}

#[test]
fn sadeqa_v_every_opening_ends_in_an_empty_pit() {
    for k in 1..=10 {
        let mut m = Model::new(V, SOUTH);
        m.play(Mv::Pit(k)).unwrap();
        // No warana, no capture, North to move.
        assert!(!m.to_string().contains('w'), "{k}: {m}");
        assert!(m.to_string().ends_with(" N 0-0"), "{k}: {m}");
    }
}

#[test]
fn sadeqa_v_a_warana_may_not_be_played() {
    let m = Model::parse(
        V,
        "sadeqa-v 1,0,0,0,0,2w,0,0,0,0/0,0,0,0,0,0,0,0,0,1 S 39-37",
    )
    .unwrap();
    assert_eq!(m.legal_moves(), [Mv::Pit(1)]);
}

// ---- section 4, Sadeqa II ----

#[test]
fn sadeqa_ii_forced_opening() {
    let rules = Rules::SadeqaII {
        starter_only: false,
    };
    let mut m = Model::new(rules, SOUTH);
    assert_eq!(
        m.to_string(),
        "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:SN"
    );
    assert_eq!(m.legal_moves(), [Mv::Pit(6)]);
    assert!(m.clone().play(Mv::Pit(1)).is_err());
    m.play(Mv::Pit(6)).unwrap();
    assert_eq!(
        m.to_string(),
        "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0 first:N"
    );
    assert_eq!(m.board_sum(), 32);
    assert_eq!(m.legal_moves(), [Mv::Pit(6)]);
    m.play(Mv::Pit(6)).unwrap();
    assert!(!m.to_string().contains("first"), "{m}");
}

#[test]
fn sadeqa_ii_starter_only() {
    let rules = Rules::SadeqaII { starter_only: true };
    let mut m = Model::new(rules, SOUTH);
    assert_eq!(
        m.to_string(),
        "sadeqa-ii 3,3,3,3,3,3/3,3,3,3,3,3 S 0-0 first:S"
    );
    m.play(Mv::Pit(6)).unwrap();
    assert_eq!(m.to_string(), "sadeqa-ii 0,4,4,0,0,1/5,5,1,4,4,4 N 4-0");
    assert_eq!(m.legal_moves().len(), 6);
    let m = Model::new(rules, NORTH);
    assert!(m.to_string().ends_with(" N 0-0 first:N"), "{m}");
}

#[test]
fn sadeqa_ii_forced_pit_empty_the_restriction_lapses() {
    let rules = Rules::SadeqaII {
        starter_only: false,
    };
    let m = Model::parse(rules, "sadeqa-ii 3,3,3,3,3,0/3,3,3,3,3,3 S 2-1 first:SN").unwrap();
    assert_eq!(m.legal_moves().len(), 5);
}

#[test]
fn sadeqa_ii_capture_on_either_side() {
    let rules = Rules::SadeqaII {
        starter_only: false,
    };
    // In the mover's row: S5 (1) into empty S6, the opposite N1 (2) goes.
    check(
        rules,
        "sadeqa-ii 0,0,0,0,1,0/2,0,0,0,0,1 S 16-16",
        Mv::Pit(5),
        "sadeqa-ii 0,0,0,0,0,1/0,0,0,0,0,1 N 18-16",
    );
    // North likewise: N5 (1) into empty N6, the opposite S1 (3) goes.
    check(
        rules,
        "sadeqa-ii 3,0,0,0,0,1/0,0,0,0,1,0 N 16-15",
        Mv::Pit(5),
        "sadeqa-ii 0,0,0,0,0,1/0,0,0,0,0,1 S 16-18",
    );
    // In the opponent's row: S6 (2) sows N1, N2; N2 was empty, and its
    // opposite S5 (4), South's own seeds, is removed all the same.
    check(
        rules,
        "sadeqa-ii 1,0,0,0,4,2/0,0,0,0,0,1 S 14-14",
        Mv::Pit(6),
        "sadeqa-ii 1,0,0,0,0,0/1,1,0,0,0,1 N 18-14",
    );
}

#[test]
fn sadeqa_ii_endless_move_is_not_legal() {
    let rules = Rules::SadeqaII {
        starter_only: false,
    };
    let m = Model::parse(rules, "sadeqa-ii 6,2,3,4,1,3/2,0,4,3,2,1 S 3-2").unwrap();
    assert!(m.candidates().contains(&Mv::Pit(1)));
    assert!(!m.legal_moves().contains(&Mv::Pit(1)));
    assert_eq!(m.after(Mv::Pit(1)), Err(model::Refused::Endless));
    let limited = m.clone().with_lap_limit(Some(10));
    assert_eq!(limited.after(Mv::Pit(1)), Err(model::Refused::LapLimit));
}

#[test]
fn sadeqa_ii_no_move_loses() {
    let rules = Rules::SadeqaII {
        starter_only: false,
    };
    let m = check(
        rules,
        "sadeqa-ii 0,0,0,0,1,0/0,0,0,0,0,0 S 18-17",
        Mv::Pit(5),
        "sadeqa-ii 0,0,0,0,0,1/0,0,0,0,0,0 N 18-17",
    );
    assert!(m.over);
    assert_eq!(m.outcome(), Result_::Win(SOUTH, None));
}

// ---- section 5, Sadeqa III and game 91 ----

#[test]
fn sadeqa_iii_south_1_captures_north_4() {
    let mut m = Model::new(Rules::SadeqaIII, SOUTH);
    m.play(Mv::Pit(1)).unwrap();
    assert_eq!(
        m.to_string(),
        "sadeqa-iii 2,9,9,9,1,8,1,8/8,8,8,0,0,1,8,8 N 8-0"
    );
}

#[test]
fn sadeqa_iii_south_5_ends_in_north_1_no_capture() {
    let mut m = Model::new(Rules::SadeqaIII, SOUTH);
    m.play(Mv::Pit(5)).unwrap();
    assert_eq!(m.rows[NORTH][0], 1, "{m}");
    assert!(m.to_string().ends_with(" N 0-0"), "{m}");
    assert_eq!(m.board_sum(), 96);
}

#[test]
fn game_91_south_8_captures_north_8() {
    let mut m = Model::new(Rules::Game91, SOUTH);
    m.play(Mv::Pit(8)).unwrap();
    assert_eq!(
        m.to_string(),
        "game-91 1,5,5,5,5,0,5,1/6,6,0,1,6,6,6,0 N 6-0"
    );
}

#[test]
fn sadeqa_iii_final_sweep_to_the_last_mover() {
    // South 7 (1) into empty S8, captures the opposite N1 (2); North has
    // no seed left and cannot move: the rest (S1 = 5, S8 = 1) goes to South.
    let m = check(
        Rules::SadeqaIII,
        "sadeqa-iii 5,0,0,0,0,0,1,0/2,0,0,0,0,0,0,0 S 44-44",
        Mv::Pit(7),
        "sadeqa-iii 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 N 52-44",
    );
    assert!(m.over);
    assert_eq!(m.outcome(), Result_::Win(SOUTH, Some((52, 44))));
}

// ---- section 6, Andada ----

fn andada(n: usize, clockwise: bool, reading: Reading) -> Rules {
    Rules::Andada {
        n,
        clockwise,
        reading,
    }
}

#[test]
fn andada_opening_from_pit_1_and_pit_2() {
    let rules = andada(12, false, Reading::Pankhurst);
    let mut m = Model::new(rules, SOUTH);
    assert!(m.to_string().ends_with(" S 0-0 opening"));
    m.play(Mv::Pit(1)).unwrap();
    assert_eq!(
        m.to_string(),
        "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 N 0-0 choice"
    );
    assert_eq!(m.legal_moves(), [Mv::Choose(SOUTH), Mv::Choose(NORTH)]);
    let mut m = Model::new(rules, SOUTH);
    m.play(Mv::Pit(2)).unwrap();
    assert_eq!(
        m.to_string(),
        "andada-12 3,0,3,3,0,3,3,0,3,3,0,3/3,0,3,3,0,3,3,0,3,3,0,3 N 0-0 choice"
    );
    // Only three distinct results: pit 4 as pit 1.
    let mut four = Model::new(rules, SOUTH);
    four.play(Mv::Pit(4)).unwrap();
    let mut one = Model::new(rules, SOUTH);
    one.play(Mv::Pit(1)).unwrap();
    assert_eq!(four, one);
    // The choice: North names South, who makes the first regular move.
    m.play(Mv::Choose(SOUTH)).unwrap();
    assert!(m.to_string().ends_with(" S 0-0 play"), "{m}");
}

#[test]
fn andada_opening_pattern_on_every_size_both_directions() {
    for n in [12, 15, 18, 21, 24] {
        for clockwise in [false, true] {
            for k in 1..=n {
                let mut m = Model::new(andada(n, clockwise, Reading::Pankhurst), SOUTH);
                m.play(Mv::Pit(k)).unwrap();
                // 0 at the chosen pit and every third pit in sowing order.
                let mut at = (SOUTH, k);
                for step in 0..2 * n {
                    let want = if step % 3 == 0 { 0 } else { 3 };
                    assert_eq!(m.rows[at.0][at.1 - 1], want, "n {n} cw {clockwise} pit {k}");
                    at = match (clockwise, at) {
                        (false, (r, p)) if p < n => (r, p + 1),
                        (false, (r, _)) => (1 - r, 1),
                        (true, (r, p)) if p > 1 => (r, p - 1),
                        (true, (r, _)) => (1 - r, n),
                    };
                }
            }
        }
    }
}

#[test]
fn andada_singleton_checks() {
    let rules = andada(12, false, Reading::Pankhurst);
    check(
        rules,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
        Mv::Pit(12),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    let m = check(
        rules,
        "andada-12 0,0,0,0,0,0,0,0,0,0,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 singles",
        Mv::Pit(11),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,0 N 1-0 singles",
    );
    // North has no seed, no move: he loses.
    assert!(m.over);
    assert_eq!(m.outcome(), Result_::Win(SOUTH, None));
}

#[test]
fn andada_singleton_ending_cuts_a_relay_at_the_last_pit() {
    // Every pit at most one seed: S10 (1) sows into S11 (1, now 2): relay,
    // S12 gets one, and the other would pass into North's row: removed.
    let rules = andada(12, false, Reading::Pankhurst);
    check(
        rules,
        "andada-12 1,0,0,0,0,0,0,0,0,1,1,0/1,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
        Mv::Pit(10),
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
}

#[test]
fn andada_clockwise_last_pit_is_pit_1() {
    let rules = andada(12, true, Reading::Pankhurst);
    check(
        rules,
        "andada-12 1,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,1 S 0-0 singles",
        Mv::Pit(1),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0,0,1 N 0-0 singles",
    );
}

#[test]
fn andada_empty_row_loses() {
    let rules = andada(12, false, Reading::EmptyRowLoses);
    // South's only seed passes into North's row (no singleton ending: N1
    // holds 2), relays 3 on to N4: South's row is empty after his move, he
    // loses.
    let m = check(
        rules,
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,1/2,0,0,0,0,0,0,0,0,0,0,0 S 0-0 play",
        Mv::Pit(12),
        "andada-12 0,0,0,0,0,0,0,0,0,0,0,0/0,1,1,1,0,0,0,0,0,0,0,0 N 0-0 singles",
    );
    assert!(m.over);
    assert_eq!(m.outcome(), Result_::Win(NORTH, None));
}

#[test]
fn andada_ludii_has_no_choice_move() {
    let mut m = Model::new(andada(12, false, Reading::Ludii), SOUTH);
    m.play(Mv::Pit(1)).unwrap();
    assert_eq!(
        m.to_string(),
        "andada-12 0,3,3,0,3,3,0,3,3,0,3,3/0,3,3,0,3,3,0,3,3,0,3,3 N 0-0 play"
    );
}

#[test]
fn perft_of_the_start_counts_plies() {
    // Sadeqa II: the forced first moves; Andada: opening (12) then choice (2).
    let ii = Model::new(
        Rules::SadeqaII {
            starter_only: false,
        },
        SOUTH,
    );
    assert_eq!(model::perft(&ii, 1), Some(1));
    assert_eq!(model::perft(&ii, 2), Some(1));
    let a = Model::new(andada(12, false, Reading::Pankhurst), SOUTH);
    assert_eq!(model::perft(&a, 1), Some(12));
    assert_eq!(model::perft(&a, 2), Some(24));
    assert_eq!(model::perft(&a, 0), Some(1));
}
