//! Output to a closed pipe (`... | head`) or a full disk ends an example as
//! command-line tools end, instead of with `println!`'s panic and a
//! backtrace: quietly with status 141 for a closed pipe (as if by SIGPIPE),
//! with a one-line message and status 1 otherwise.

/// Installs the panic hook; every other panic is reported as before.
pub fn exit_quietly_on_closed_output() {
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.starts_with("failed printing to std") {
            if msg.contains("Broken pipe") {
                std::process::exit(141);
            }
            eprintln!("{msg}");
            std::process::exit(1);
        }
        report(info);
    }));
}
