//! The unit tests of `engine`'s front (a session as the program runs
//! it), kept beside it in a file of their own.

use super::*;

/// A session in process answers as the program does: `uci` ends with
/// `uciok`, a `go` gets one `bestmove` (here or at the end), a bad line
/// an `info string error`, and `quit` ends it.
#[test]
fn a_session_answers_the_protocol_in_process() {
    let mut s = Session::new(&Games::built_in(), ["engine", "--hash", "1"]).unwrap();
    let (more, out) = s.command("uci");
    assert!(more);
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
    assert_eq!(s.command("isready").1, ["readyok"]);
    let mut out = s.command("go depth 1").1;
    let refused = s.command("sideways").1;
    assert!(
        refused
            .iter()
            .any(|l| l.starts_with("info string error: unknown command")),
        "{refused:?}"
    );
    out.extend(refused);
    let (more, rest) = s.command("quit");
    assert!(!more);
    out.extend(rest);
    out.extend(s.finish());
    let best: Vec<&String> = out.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(best.len(), 1, "{out:?}");
    assert!(Session::new(&Games::built_in(), ["engine", "--hash", "x"]).is_err());
    // Beyond the option's range: refused, not a table of petabytes.
    assert!(Session::new(&Games::built_in(), ["engine", "--hash", "0"]).is_err());
    assert!(Session::new(&Games::built_in(), ["engine", "--hash", "4000000000"]).is_err());
}

/// `uci` gives the game the engine started with as the Variant's
/// default (a GUI reads it as the game being played).
#[test]
fn uci_names_the_starting_game_as_the_variants_default() {
    for (args, default) in [
        (&["engine"][..], "sadeqa-v"),
        (&["engine", "--variant", "sadeqa-iii"][..], "sadeqa-iii"),
    ] {
        let mut s = Session::new(&Games::built_in(), args.iter().copied()).unwrap();
        let out = s.command("uci").1;
        let line = format!("option name Variant type string default {default}");
        assert!(out.contains(&line), "{args:?}: {out:?}");
    }
}
