//! Certificate files (module `sowing::certificate`) from any bytes read
//! lossily as text, for two small boards: the first byte picks the Sadeqa
//! III rules or Sadeqa II on 2 x 3 with 2 seeds a pit (12 seeds, so the
//! exact endless-sowing test of every position is instant), the rest is
//! the file.
//!
//! Checks: parsing never panics; a file that parses writes as text that
//! parses back to the same certificates; checking each one (no databases)
//! gives a result or a typed error, never a panic; a certificate that
//! checks is also accepted after its lines are shuffled (order is not
//! part of it) and refused when its claim is raised past what a finished
//! game can give.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sowing::certificate::{Certificate, Claim, NoLeaves};
use sowing::rulesets::{Resized, SadeqaII, SadeqaIII};
use sowing::{Position, Ruleset};

fn run<R: Ruleset>(rules: R, text: &str) {
    let Ok(certs) = Certificate::parse(rules, text, Some(&Position::new(rules))) else {
        return;
    };
    let mut written = Vec::new();
    for c in &certs {
        c.write(&mut written).expect("written to memory");
    }
    let written = String::from_utf8(written).expect("UTF-8");
    let again = Certificate::parse(rules, &written, None)
        .unwrap_or_else(|e| panic!("{text:?} parsed, its writing {written:?} does not: {e}"));
    assert_eq!(again.len(), certs.len());
    for (a, c) in again.iter().zip(&certs) {
        assert_eq!((a.claim, a.root, a.leaves), (c.claim, c.root, c.leaves));
        assert_eq!(a.lines, c.lines);
    }
    for c in &certs {
        if c.check(&NoLeaves).is_ok() {
            let mut reversed = c.clone();
            reversed.lines.reverse();
            assert!(reversed.check(&NoLeaves).is_ok(), "{text:?}: order matters");
            // No game of 12 seeds ends 13 or more ahead.
            let mut beyond = c.clone();
            beyond.claim = Claim::AtLeast {
                player: c.claim.player(),
                margin: 13,
            };
            assert!(beyond.check(&NoLeaves).is_err(), "{text:?}: a margin of 13");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 16384 {
        return;
    }
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if choice % 2 == 0 {
        run(Resized::new(SadeqaIII::new(), 3, 2).expect("a board"), &text);
    } else {
        run(Resized::new(SadeqaII::new(), 3, 2).expect("a board"), &text);
    }
});
