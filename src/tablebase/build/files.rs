//! A build's files on disk: the directory's lock ([`lock_dir`]), the
//! temporary files a killed build left ([`remove_temporaries`]), the
//! layer files' headers, written by a thread of their own while the next
//! layer is built ([`Writing`]), and read back to resume a build
//! ([`reusable`]).

use crate::tablebase::TablebaseError;
use crate::tablebase::codec::{Layout, Tabulate};
use crate::tablebase::file::{Header, LayerFile, write_layer};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A layer file being written by a thread of its own, while the build
/// goes on with the next layer (which reads the values from memory): the
/// writing of a large layer (its pages new to the system's cache) took
/// about 2 s of the build's time, which the next layer's sweeps now
/// cover. Dropped unfinished (an error elsewhere), it still waits for the
/// file.
#[derive(Default)]
pub(super) struct Writing(Option<(PathBuf, std::thread::JoinHandle<Result<(), TablebaseError>>)>);

impl Writing {
    /// Writes `values` to `path` under `header`, in a thread (as
    /// [`write_layer`]).
    pub(super) fn start(&mut self, path: PathBuf, header: Header, values: Arc<Vec<u8>>) {
        let at = path.clone();
        let thread = std::thread::spawn(move || write_layer(&at, &header, &values));
        self.0 = Some((path, thread));
    }

    /// Waits for the file being written, if any: its error if it failed.
    pub(super) fn finish(&mut self) -> Result<(), TablebaseError> {
        match self.0.take() {
            Some((path, thread)) => thread.join().unwrap_or_else(|_| {
                Err(TablebaseError::Io {
                    path,
                    error: "the thread writing it stopped".into(),
                })
            }),
            None => Ok(()),
        }
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        let _ = self.finish();
    }
}

/// Holds `dir`'s build lock while alive (an advisory lock on the file
/// `.build.lock` in it; Linux only): two builds into one directory would
/// write the same temporary files, each emptying the other's, and the
/// one to finish last could rename an empty file into place.
///
/// # Errors
/// [`TablebaseError::Io`] if the lock file cannot be made, or another
/// build holds the lock.
pub(super) fn lock_dir(dir: &Path) -> Result<std::fs::File, TablebaseError> {
    let path = dir.join(".build.lock");
    let file = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| TablebaseError::Io {
            path: path.clone(),
            error: e.to_string(),
        })?;
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        #[allow(unsafe_code)]
        // SAFETY: `flock` on a descriptor this function owns and keeps
        // open; it reads and writes no memory of the program.
        let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
        if !locked {
            return Err(TablebaseError::Io {
                path,
                error: "another build is writing into this directory (it holds this lock): \
                        wait for it to end, or build into another directory"
                    .into(),
            });
        }
    }
    Ok(file)
}

/// Removes the temporary files a killed build of the ruleset named `name`
/// left in `dir` (a killed process runs no destructor), for every layer,
/// not only those this build will make: its layer files' half-written
/// copies (`.<name>.<seeds>.tb.<process>.tmp`,
/// [`temporary_path`](crate::tablebase::file::temporary_path), and 0.3's
/// `<name>.<seeds>.tb.tmp`) and the moves its layers kept in files
/// (`.<name>.<seeds>.<first>-<end>.moves.<thread>.tmp`). Called under the
/// directory's lock ([`lock_dir`]): no other build is writing them. Any
/// other file, and other rulesets', is left alone; `dir` itself is not
/// followed if it is a link (the build's `windows`).
pub(super) fn remove_temporaries(dir: &Path, name: &str) {
    if std::fs::symlink_metadata(dir).map_or(true, |m| !m.is_dir()) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        if is_temporary(&file.to_string_lossy(), name) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether `file` is the name of one of the temporary files of a build of
/// the ruleset `name` ([`remove_temporaries`]).
fn is_temporary(file: &str, name: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let range = |s: &str| {
        s.split_once('-')
            .is_some_and(|(a, b)| number(a) && number(b))
    };
    let old = file
        .strip_prefix(name)
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".tb.tmp"));
    if let Some(seeds) = old {
        return number(seeds);
    }
    let Some(rest) = file
        .strip_prefix('.')
        .and_then(|rest| rest.strip_prefix(name))
        .and_then(|rest| rest.strip_prefix('.'))
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let parts: Vec<&str> = rest.split('.').collect();
    match parts[..] {
        [seeds, "tb", process] => number(seeds) && number(process),
        [seeds, positions, "moves", thread] => number(seeds) && range(positions) && number(thread),
        _ => false,
    }
}

/// The header of a layer file of `rules` whose values are `values`
/// (a [`ValueKind::name`](crate::tablebase::ValueKind::name), or a window's `margin-within-<k>`).
pub(crate) fn header_of<R: Tabulate>(
    rules: &R,
    layout: &Layout,
    values: &str,
    seeds: u32,
    crc32: u32,
) -> Header {
    Header {
        ruleset: rules.name().into_owned(),
        options: crate::options::with_options(rules).to_string(),
        values: values.to_owned(),
        pits: layout.pits,
        seeds,
        positions: layout.size(seeds),
        crc32,
    }
}

/// Writes the layer of `seeds` seeds of `rules` to `path`: `values` (named
/// `kind` in the header) with the header that says so and their CRC-32.
pub(crate) fn write_values<R: Tabulate>(
    rules: &R,
    layout: &Layout,
    kind: &str,
    seeds: u32,
    path: &Path,
    values: &[u8],
) -> Result<(), TablebaseError> {
    let header = header_of(rules, layout, kind, seeds, crc32fast::hash(values));
    write_layer(path, &header, values)
}

/// The layer file at `path` if it is whole and of the build `expected`
/// describes (everything but the checksum); `None` if there is none, or a
/// damaged one (built again). A file of another ruleset or other options
/// is an error: the build would overwrite another database (each reading
/// of a game needs its own directory: the files are named after the game).
pub(super) fn reusable(
    path: &Path,
    expected: &Header,
) -> Result<Option<LayerFile>, TablebaseError> {
    let Ok(mapped) = LayerFile::open(path) else {
        return Ok(None);
    };
    let h = &mapped.header;
    if (&h.ruleset, &h.options, &h.values, h.pits)
        != (
            &expected.ruleset,
            &expected.options,
            &expected.values,
            expected.pits,
        )
    {
        return Err(TablebaseError::WrongRuleset {
            path: path.to_path_buf(),
            found: crate::tablebase::describe(h, expected),
            expected: format!(
                "{} (the build asked for; use another directory for another reading or options)",
                crate::tablebase::describe(expected, h)
            ),
        });
    }
    let same = Header {
        crc32: h.crc32,
        ..expected.clone()
    } == *h;
    Ok((same && mapped.verify()).then_some(mapped))
}
