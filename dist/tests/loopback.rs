//! The distributed build writes the single-process build's files: game 91
//! up to 10 seeds built by `Builder` in this process, then by `sowing-dist`
//! on 2 processes over loopback TCP, every layer file compared byte for
//! byte. Ignored by default (it opens ports and takes a few seconds);
//! `dist/test.sh` (run by `.ci/run`) does the same with 2 and 4 processes
//! up to 12 seeds against the `tablebase` example. Run it with
//! `cargo test --release -p sowing-dist -- --ignored`.

use sowing::rulesets::SadeqaIII;
use sowing::tablebase::Builder;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;

const MAX_SEEDS: u32 = 10;

/// `n` different ports nothing listens on now (the system's choice).
fn free_ports(n: usize) -> Vec<u16> {
    let listeners: Vec<_> = (0..n)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().expect("its address").port())
        .collect()
}

#[test]
#[ignore = "opens loopback ports; dist/test.sh covers it in CI"]
fn two_processes_write_the_files_of_one() {
    let work: PathBuf = std::env::temp_dir().join(format!("sowing-dist-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let one = work.join("one");
    Builder::new(SadeqaIII::game_91(), &one)
        .max_seeds(MAX_SEEDS)
        .threads(1)
        .build(|_| {})
        .unwrap();
    let hosts = work.join("hosts");
    let lines: String = free_ports(2)
        .into_iter()
        .map(|port| format!("127.0.0.1:{port}\n"))
        .collect();
    std::fs::write(&hosts, lines).unwrap();
    let children: Vec<_> = (0..2)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_sowing-dist"))
                .args([
                    "--variant",
                    "game-91",
                    "--max-seeds",
                    &MAX_SEEDS.to_string(),
                ])
                .arg("--dir")
                .arg(work.join(format!("p{i}")))
                .args([
                    "--threads",
                    "1",
                    "--",
                    "-n",
                    "2",
                    "-p",
                    &i.to_string(),
                    "-h",
                ])
                .arg(&hosts)
                .output_spawn()
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "process {i}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for i in 0..2 {
        for seeds in 0..=MAX_SEEDS {
            let name = format!("game-91.{seeds}.tb");
            let expected = std::fs::read(one.join(&name)).unwrap();
            let got = std::fs::read(work.join(format!("p{i}")).join(&name)).unwrap();
            assert!(expected == got, "process {i}, layer {seeds} differs");
        }
    }
    std::fs::remove_dir_all(&work).ok();
}

/// Spawns with stdout and stderr captured.
trait OutputSpawn {
    fn output_spawn(&mut self) -> std::process::Child;
}

impl OutputSpawn for Command {
    fn output_spawn(&mut self) -> std::process::Child {
        self.stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("sowing-dist starts")
    }
}
