//! The layer file: one file a layer, a text header of 4,096 bytes, then the
//! values, one byte a position, in index order.
//!
//! # The header (format 2)
//!
//! UTF-8 text, one `key: value` line each, in this order, padded with zero
//! bytes to 4,096 bytes, so that the values start on a page boundary and
//! are read memory-mapped (a probe costs a page read):
//!
//! | line | meaning |
//! |---|---|
//! | `sowing tablebase 2` | what the file is, and the header's format |
//! | `ruleset: <name>` | the ruleset's notation name, the position string's variant field and the file's name (`game-91`, `andada-15`, `sadeqa-iii:2x6`) |
//! | `options: <name>(<option>=<value>,...)` | the ruleset with its options as the notation writes them (see [`crate::options`]): the name alone when every option has its default (`game-91`), otherwise the options that differ (`sadeqa-ii(starter-only)`, `andada-12(clockwise,reading=ludii)`) |
//! | `values: margin`, `values: last-mover` or `values: win-draw-loss` | how the bytes read (see [`Value`](super::Value) and [`ValueKind`]); a win/draw/loss file holds four positions a byte |
//! | `pits: <2n>` | pits on the board |
//! | `seeds: <k>` | seeds on the board in every position of the layer (the file is `<ruleset>.<k>.tb`) |
//! | `positions: <count>` | positions in the layer: bytes of values after the header (a quarter of that, rounded up, for `win-draw-loss`) |
//! | `crc32: 0x<8 hex digits>` | the CRC-32 (IEEE) of the values |
//!
//! For example, the layer of 12 seeds of Sadeqa II with the starter-only
//! option:
//!
//! ```text
//! sowing tablebase 2
//! ruleset: sadeqa-ii
//! options: sadeqa-ii(starter-only)
//! values: last-mover
//! pits: 12
//! seeds: 12
//! positions: 1352078
//! crc32: 0xd166db5e
//! ```
//!
//! A database is opened only with the ruleset and options it was built for:
//! otherwise the error says so in these words ("built for
//! sadeqa-ii(starter-only), not sadeqa-ii"). Files of format 1 (before
//! 0.4, whose `options` line was Rust's debug text,
//! `SadeqaIII { game_91: true }`) are refused with a message that says to
//! build them again (minutes for the sizes the examples build).
//!
//! A file is written under a temporary name and renamed when complete, so
//! a file of the right name is whole.

use super::{TablebaseError, ValueKind};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Bytes of the header.
pub const HEADER_BYTES: usize = 4096;

/// The first line of every layer file.
const MAGIC: &str = "sowing tablebase 2";

/// The first line of the files of format 1 (before 0.4).
const MAGIC_1: &str = "sowing tablebase 1";

/// What a layer file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The ruleset's notation name (`game-91`).
    pub ruleset: String,
    /// The ruleset with its options, as the notation writes them
    /// (`sadeqa-ii(starter-only)`; the name alone for default options).
    pub options: String,
    /// `margin`, `last-mover` or `win-draw-loss` (and, in a win/draw/loss
    /// build's `windows` directory, `margin-within-<k>`).
    pub values: String,
    /// Pits on the board (`2n`).
    pub pits: usize,
    /// Seeds on the board in every position of the layer.
    pub seeds: u32,
    /// Positions (bytes of values).
    pub positions: u64,
    /// CRC-32 of the values.
    pub crc32: u32,
}

impl Header {
    /// Bytes of values after the header: one a position, or a quarter of
    /// one for `values: win-draw-loss`.
    pub fn value_bytes(&self) -> u64 {
        ValueKind::from_name(&self.values)
            .unwrap_or(ValueKind::Margin)
            .bytes(self.positions)
    }

    fn to_text(&self) -> String {
        format!(
            "{MAGIC}\nruleset: {}\noptions: {}\nvalues: {}\npits: {}\nseeds: {}\npositions: {}\ncrc32: {:#010x}\n",
            self.ruleset,
            self.options,
            self.values,
            self.pits,
            self.seeds,
            self.positions,
            self.crc32
        )
    }

    /// The header of the layer of `seeds` seeds of `rules`, whose values'
    /// CRC-32 is `crc32`.
    pub fn of<R: super::Tabulate>(rules: &R, seeds: u32, crc32: u32) -> Header {
        super::build::header_of(
            rules,
            &super::codec::Layout::of(rules),
            ValueKind::of(rules).name(),
            seeds,
            crc32,
        )
    }

    /// Reads a header from the first bytes of a file.
    pub(crate) fn parse(bytes: &[u8], path: &Path) -> Result<Header, TablebaseError> {
        let bad = |why: String| TablebaseError::BadFile {
            path: path.to_path_buf(),
            why,
        };
        if bytes.len() < HEADER_BYTES {
            return Err(bad(format!(
                "{} bytes, shorter than the {HEADER_BYTES}-byte header",
                bytes.len()
            )));
        }
        let end = bytes[..HEADER_BYTES]
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(HEADER_BYTES);
        let text = std::str::from_utf8(&bytes[..end])
            .map_err(|_| bad("the header is not UTF-8 text".into()))?;
        let mut lines = text.lines();
        let first = lines.next();
        if first == Some(MAGIC_1) {
            return Err(bad(
                "a file of format 1, written before sowing 0.4 (its options in Rust's debug text): \
                 build the databases again (`cargo run --release --example tablebase -- build ...`)"
                    .into(),
            ));
        }
        if first != Some(MAGIC) {
            return Err(bad(format!("the first line is not `{MAGIC}`")));
        }
        let mut field = |key: &str| -> Result<String, TablebaseError> {
            let line = lines.next().unwrap_or("");
            line.strip_prefix(key)
                .and_then(|rest| rest.strip_prefix(": "))
                .map(str::to_owned)
                .ok_or_else(|| bad(format!("expected the field `{key}`, found `{line}`")))
        };
        let ruleset = field("ruleset")?;
        let options = field("options")?;
        let values = field("values")?;
        let number = |s: String, what: &str| -> Result<u64, TablebaseError> {
            s.parse::<u64>()
                .map_err(|_| bad(format!("{what} `{s}` is not a number")))
        };
        let pits = number(field("pits")?, "pits")?;
        let pits = usize::try_from(pits).map_err(|_| bad(format!("pits `{pits}` is too many")))?;
        let seeds = number(field("seeds")?, "seeds")?;
        let seeds =
            u32::try_from(seeds).map_err(|_| bad(format!("seeds `{seeds}` is too many")))?;
        let positions = number(field("positions")?, "positions")?;
        let crc = field("crc32")?;
        let crc32 = crc
            .strip_prefix("0x")
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| bad(format!("crc32 `{crc}` is not a hexadecimal number")))?;
        let header = Header {
            ruleset,
            options,
            values,
            pits,
            seeds,
            positions,
            crc32,
        };
        // Only the text the builder writes is a header: a number written
        // another way (`+3`, `03`, a checksum in capitals) or a line more
        // would be taken for the header it resembles, and the file for a
        // layer it may not be.
        let written = header.to_text();
        if text != written {
            let lines = written.lines().count();
            let at = text
                .lines()
                .zip(written.lines())
                .position(|(found, ours)| found != ours)
                .or_else(|| (text.lines().count() > lines).then_some(lines));
            return Err(bad(match at {
                Some(i) => format!(
                    "line {} of the header, `{}`, is not as sowing writes it",
                    i + 1,
                    crate::error::excerpt(text.lines().nth(i).unwrap_or(""))
                ),
                None => {
                    "the header's lines do not end as sowing writes them (a line feed each)".into()
                }
            }));
        }
        if bytes[end..HEADER_BYTES].iter().any(|&b| b != 0) {
            return Err(bad(
                "the header's padding holds bytes other than zero".into()
            ));
        }
        Ok(header)
    }
}

/// The file of the layer of `seeds` seeds of the ruleset named `name` in
/// `dir`: `<dir>/<name>.<seeds>.tb`.
pub fn layer_path(dir: &Path, name: &str, seeds: u32) -> PathBuf {
    dir.join(format!("{name}.{seeds}.tb"))
}

/// Writes a layer file (header and values), under a temporary name first:
/// what [`Builder`](super::Builder) writes, public for drivers that share
/// a build between processes (each writes the same bytes).
///
/// The temporary file is [`temporary_path`]'s, of this process, made new
/// (never a file or a link already there: a link planted at that name is
/// removed, not followed), then renamed over `path` once whole on disk; a
/// failed write removes it.
///
/// # Errors
/// [`TablebaseError::Io`].
pub fn write_layer(path: &Path, header: &Header, values: &[u8]) -> Result<(), TablebaseError> {
    let io = |e: std::io::Error| TablebaseError::Io {
        path: path.to_path_buf(),
        error: e.to_string(),
    };
    let tmp = temporary_path(path);
    // Until the rename, what fails is the temporary file: named in the error.
    let on_tmp = |e: std::io::Error| TablebaseError::Io {
        path: tmp.clone(),
        error: e.to_string(),
    };
    let written = (|| {
        let file = match File::create_new(&tmp) {
            // Left by a killed process that had this one's number, or put
            // there by someone else: ours to replace, never to follow.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                std::fs::remove_file(&tmp)?;
                File::create_new(&tmp)?
            }
            made => made?,
        };
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut head = header.to_text().into_bytes();
        head.resize(HEADER_BYTES, 0);
        out.write_all(&head)?;
        out.write_all(values)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()
    })()
    .map_err(on_tmp)
    .and_then(|()| std::fs::rename(&tmp, path).map_err(io));
    if written.is_err() {
        // A full disk, say: the part written would hold the space the
        // user must free to build again.
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The temporary name [`write_layer`] writes `path` under, in the same
/// directory: `.<file name>.<process id>.tmp` (hidden; one a process, so
/// that processes writing the same layer never write into one file).
pub fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// A layer file opened read-only and memory-mapped, or its values held in
/// memory (`LayerFile::in_memory`).
#[derive(Debug)]
pub struct LayerFile {
    /// What its header says.
    pub header: Header,
    held: Held,
}

/// Where a [`LayerFile`]'s values are read from.
#[derive(Debug)]
enum Held {
    /// The file, mapped (its header included).
    Mapped(memmap2::Mmap),
    /// The values in the process's memory: a copy of the file's, or the
    /// values a build just made (shared with the thread writing them).
    Owned(Arc<Vec<u8>>),
}

impl LayerFile {
    /// Opens and maps `path`, checking the header's shape against the
    /// file's length (not the checksum: see [`LayerFile::verify`]).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] or [`TablebaseError::BadFile`].
    pub fn open(path: &Path) -> Result<LayerFile, TablebaseError> {
        let io = |e: std::io::Error| TablebaseError::Io {
            path: path.to_path_buf(),
            error: e.to_string(),
        };
        let file = File::open(path).map_err(io)?;
        let map = map_file(&file).map_err(io)?;
        let header = Header::parse(&map, path)?;
        // Checked: a header may claim up to 2^64 - 1 positions, and the
        // sum must not wrap to the file's length.
        let expected = (HEADER_BYTES as u64).checked_add(header.value_bytes());
        if expected != Some(map.len() as u64) {
            return Err(TablebaseError::BadFile {
                path: path.to_path_buf(),
                why: format!(
                    "{} bytes, but its header says {} positions ({} bytes)",
                    map.len(),
                    header.positions,
                    expected.map_or("more than 2^64".to_string(), |b| b.to_string())
                ),
            });
        }
        Ok(LayerFile {
            header,
            held: Held::Mapped(map),
        })
    }

    /// The same layer, its values read into the process's memory (backed by
    /// huge pages where the system gives them) and the file unmapped. A
    /// build reads the smaller layers' values at random places, once for
    /// each move that captures: through the map each read of a large layer
    /// also waits on the translation of its 4 KiB page, which a copy held
    /// in 2 MiB pages mostly saves. The file is not read again.
    pub(crate) fn in_memory(self) -> LayerFile {
        let values = match self.held {
            Held::Owned(_) => return self,
            Held::Mapped(ref map) => {
                let bytes = &map[HEADER_BYTES..];
                let mut v = Vec::with_capacity(bytes.len());
                crate::search::advise_huge_pages(v.spare_capacity_mut());
                v.extend_from_slice(bytes);
                v
            }
        };
        LayerFile {
            header: self.header,
            held: Held::Owned(Arc::new(values)),
        }
    }

    /// A layer held in memory only: `values`, which `header` describes (a
    /// build's layer just made, whose file is written from the same
    /// values).
    pub(crate) fn shared(header: Header, values: Arc<Vec<u8>>) -> LayerFile {
        LayerFile {
            header,
            held: Held::Owned(values),
        }
    }

    /// The values in index order: a byte a position, or for
    /// `values: win-draw-loss` four positions a byte.
    #[inline]
    pub fn values(&self) -> &[u8] {
        match &self.held {
            Held::Mapped(map) => &map[HEADER_BYTES..],
            Held::Owned(values) => &values[..],
        }
    }

    /// Whether the values' CRC-32 is the header's (and, in a win/draw/loss
    /// file, no position holds the code 3, which is never written).
    pub fn verify(&self) -> bool {
        crc32fast::hash(self.values()) == self.header.crc32
            && (self.header.values != ValueKind::WinDrawLoss.name()
                || self.values().iter().all(|&b| b & (b >> 1) & 0x55 == 0))
    }
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map_file(file: &File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: the map is read-only, and layer files are written under a
    // temporary name and renamed into place whole, never changed after:
    // the one way the mapped bytes could change under us is another
    // program truncating or rewriting the file, which the crate documents
    // as not allowed while a database is open.
    unsafe { memmap2::Mmap::map(file) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header_bytes(text: &str) -> Vec<u8> {
        let mut bytes = text.as_bytes().to_vec();
        bytes.resize(HEADER_BYTES, 0);
        bytes
    }

    const WRITTEN: &str = "sowing tablebase 2\nruleset: game-91\noptions: game-91\nvalues: margin\npits: 16\nseeds: 3\npositions: 816\ncrc32: 0x0000abcd\n";

    /// A header is read only as the builder writes it. The fuzzer
    /// (fuzz/fuzz_targets/tablebase_file.rs) found a byte in the padding
    /// taken for a whole header; reading the parser then showed the rest:
    /// a layer's seeds past 2^32 were read modulo 2^32 (`seeds:
    /// 4294967299` as layer 3), and numbers written another way (`+3`,
    /// `03`), a checksum in capitals or cut short, a line more and other
    /// line ends were taken for the header they resemble.
    #[test]
    fn only_the_written_header_is_read() {
        let path = Path::new("game-91.3.tb");
        let header = Header::parse(&header_bytes(WRITTEN), path).expect("the builder's header");
        assert_eq!(
            (header.seeds, header.positions, header.crc32),
            (3, 816, 0xabcd)
        );
        assert_eq!(header.to_text(), WRITTEN);
        for (from, to) in [
            ("seeds: 3", "seeds: 4294967299"),
            ("seeds: 3", "seeds: +3"),
            ("seeds: 3", "seeds: 03"),
            ("pits: 16", "pits: 18446744073709551616"),
            ("positions: 816", "positions: +816"),
            ("crc32: 0x0000abcd", "crc32: 0x0000ABCD"),
            ("crc32: 0x0000abcd", "crc32: 0xabcd"),
            ("crc32: 0x0000abcd\n", "crc32: 0x0000abcd\nextra: line\n"),
            ("crc32: 0x0000abcd\n", "crc32: 0x0000abcd"),
            ("\n", "\r\n"),
        ] {
            let text = WRITTEN.replace(from, to);
            let err = Header::parse(&header_bytes(&text), path).expect_err(&text);
            assert!(
                matches!(&err, TablebaseError::BadFile { .. }),
                "{text:?}: {err}"
            );
        }
        let mut padded = header_bytes(WRITTEN);
        padded[HEADER_BYTES - 1] = b'x';
        let err = Header::parse(&padded, path).expect_err("a byte in the padding");
        assert!(err.to_string().contains("padding"), "{err}");
    }

    /// A header that claims the most positions a number can say is
    /// refused as not matching the file's length, without the length's
    /// sum wrapping (a panic where overflow is checked).
    #[test]
    fn a_header_of_2_to_the_64_positions_is_refused() {
        let dir = std::env::temp_dir().join(format!("sowing-huge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let path = dir.join("game-91.3.tb");
        let text = WRITTEN.replace("positions: 816", &format!("positions: {}", u64::MAX));
        let mut bytes = header_bytes(&text);
        bytes.extend([0; 816]);
        std::fs::write(&path, &bytes).expect("a file");
        let Err(err) = LayerFile::open(&path) else {
            panic!("a header of 2^64 - 1 positions opened");
        };
        assert!(matches!(&err, TablebaseError::BadFile { .. }), "{err}");
        assert!(err.to_string().contains("more than 2^64"), "{err}");
        std::fs::remove_dir_all(&dir).expect("the directory removed");
    }

    /// A layer file that cannot be written whole (here its name is taken
    /// by a directory, as a full disk would fail a write) leaves no
    /// temporary file behind (it used to leave the part written).
    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("sowing-write-fail-{}", std::process::id()));
        let path = dir.join("game-91.3.tb");
        std::fs::create_dir_all(path.join("inside")).expect("a temporary directory");
        let header = Header::parse(&header_bytes(WRITTEN), &path).expect("a header");
        let err = write_layer(&path, &header, &[0; 816]).expect_err("a directory in the way");
        assert!(matches!(err, TablebaseError::Io { .. }), "{err}");
        assert!(!temporary_path(&path).exists());
        std::fs::remove_dir_all(&dir).expect("the directory removed");
    }

    /// A link planted at the temporary name (a user's mistake, or
    /// another's doing in a shared directory) is replaced, not followed:
    /// the file it points to is left as it was, and the layer is written.
    #[cfg(unix)]
    #[test]
    fn a_link_at_the_temporary_name_is_not_followed() {
        let dir = std::env::temp_dir().join(format!("sowing-write-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let path = dir.join("game-91.3.tb");
        let victim = dir.join("victim");
        std::fs::write(&victim, b"keep me").expect("a file");
        std::os::unix::fs::symlink(&victim, temporary_path(&path)).expect("a link");
        let header = Header::parse(&header_bytes(WRITTEN), &path).expect("a header");
        write_layer(&path, &header, &[7; 816]).expect("written");
        assert_eq!(std::fs::read(&victim).expect("the file"), b"keep me");
        let written = std::fs::read(&path).expect("the layer");
        assert_eq!(written.len(), HEADER_BYTES + 816);
        assert!(written[HEADER_BYTES..].iter().all(|&b| b == 7));
        assert!(!temporary_path(&path).exists());
        std::fs::remove_dir_all(&dir).expect("the directory removed");
    }
}
