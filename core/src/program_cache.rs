//! [`ProgramCache`]: NVRTC results kept on disk, so compiling the same program again is a
//! file read.
//!
//! # Design
//!
//! An entry is one file named after the SHA-256 digest of its key. The file holds the whole
//! key and the compiled code, and ends with the SHA-256 digest of all that: a read compares
//! the key byte for byte (two keys with one name are two programs, never one answer for both)
//! and checks the digest, so a truncated or damaged file reads as a miss, and the compile that
//! follows writes it again. A write goes to a new temporary file of a name no other writer
//! uses, which is then renamed over the entry: a reader in another process sees the old file
//! or the new one, never half of one. After a write, the entries past the size bound are
//! removed, least recently used first (a hit refreshes the file's modification time).
//!
//! The key holds every file the compile could read ([`inputs`]), and the directory is used
//! only when no one but its owner can write it ([`private_dir`]): those two, not the digests,
//! are what keep someone else's code out of a compile. The digest is cryptographic so that
//! no one can make two keys share an entry's name.

mod includes;
pub(crate) mod inputs;
mod private_dir;

use std::collections::BTreeMap;
use std::io::Write;

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;

/// The first bytes of every entry; a new layout gets a new number, and old entries miss.
const MAGIC: &[u8; 16] = b"culib-nvrtc-v2\n\0";

/// How old a temporary file must be to count as left behind by a writer that died (a
/// live writer renames its file within moments).
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(3600);

/// The largest entry read or written, whatever the size bound: a compile's output is far
/// smaller (a large cubin is a few MiB), and this keeps a huge bound from letting a huge file
/// be read whole.
pub(crate) const MAX_ENTRY_BYTES: u64 = 1 << 30;

/// What an entry file's name ends with.
const ENTRY_EXT: &str = "entry";

/// The process-wide switch: 0 not decided yet (the environment decides), 1 on, 2 off.
static SWITCH: AtomicU8 = AtomicU8::new(0);

/// Compiled programs on disk, keyed by everything that decides NVRTC's output: the source,
/// the program's name, every header file the compile could read (their contents), the
/// options (after the crate adds its own), the name expressions, NVRTC's file and version,
/// the target and this crate's version.
///
/// [`Program::compile`](crate::Program::compile) uses [`ProgramCache::user_default`]
/// unless the program says otherwise ([`Program::with_cache`](crate::Program::with_cache),
/// [`Program::without_cache`](crate::Program::without_cache)) or the cache is switched off
/// for the process ([`ProgramCache::set_enabled`], or `CUDA_LIBRARY_COMPILE_CACHE=off` in
/// the environment). A hit returns the same [`ObjectCode`] (bytes, symbol mapping, log) as
/// the compile that made it.
///
/// ```
/// use cuda_library::ProgramCache;
/// let dir = std::env::temp_dir().join(format!("culib-doc-cache-{}", std::process::id()));
/// let cache = ProgramCache::new(&dir).with_max_bytes(64 << 20);
/// assert_eq!(cache.dir(), dir.as_path());
/// assert_eq!(cache.len()?, 0);
/// cache.clear()?;
/// # std::fs::remove_dir_all(&dir).ok();
/// # Ok::<(), cuda_library::Error>(())
/// ```
///
/// The cache trusts its directory, not its entries: it uses a directory only when this user
/// owns it, no other user can write it and it is not a symbolic link (a new one is made with
/// mode 0700), and it reads, evicts and clears only regular files of this user named as it
/// names them, never following a link. A compile whose files cannot all be known (a header
/// named by a macro, an option that reads or writes files of its own) runs NVRTC and is not
/// cached ([`skipped`](ProgramCache::skipped)).
///
/// The [`backends`](crate::guide::backends) guide says where the cache lives and what its
/// key holds; the [`limits`](crate::guide::limits) guide gives its trust model and bounds.
#[derive(Debug, Clone)]
pub struct ProgramCache {
    dir: PathBuf,
    max_bytes: u64,
    stats: Arc<Stats>,
}

/// Hits, misses and compiles that skipped the cache, of one cache value and its clones.
#[derive(Debug, Default)]
struct Stats {
    hits: AtomicU64,
    misses: AtomicU64,
    skipped: AtomicU64,
}

impl PartialEq for ProgramCache {
    fn eq(&self, other: &Self) -> bool {
        self.dir == other.dir && self.max_bytes == other.max_bytes
    }
}

impl Eq for ProgramCache {}

impl ProgramCache {
    /// The size bound of a cache made without [`with_max_bytes`](ProgramCache::with_max_bytes):
    /// 256 MiB.
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::DEFAULT_MAX_BYTES, 256 << 20);
    /// ```
    pub const DEFAULT_MAX_BYTES: u64 = 256 << 20;

    /// A cache in `dir` (made when first written), bounded to
    /// [`DEFAULT_MAX_BYTES`](ProgramCache::DEFAULT_MAX_BYTES).
    ///
    /// ```
    /// use cuda_library::ProgramCache;
    /// let cache = ProgramCache::new("/tmp/my-kernels");
    /// assert_eq!(cache.max_bytes(), ProgramCache::DEFAULT_MAX_BYTES);
    /// ```
    pub fn new(dir: impl Into<PathBuf>) -> ProgramCache {
        ProgramCache {
            dir: dir.into(),
            max_bytes: Self::DEFAULT_MAX_BYTES,
            stats: Arc::default(),
        }
    }

    /// The same cache with another size bound: after a write, entries are removed, least
    /// recently used first, until the directory's entries total at most `max_bytes`.
    ///
    /// ```
    /// let cache = cuda_library::ProgramCache::new("/tmp/k").with_max_bytes(1 << 20);
    /// assert_eq!(cache.max_bytes(), 1 << 20);
    /// ```
    pub fn with_max_bytes(mut self, max_bytes: u64) -> ProgramCache {
        self.max_bytes = max_bytes;
        self
    }

    /// The cache [`Program::compile`](crate::Program::compile) uses by default, or `None`
    /// when the cache is switched off ([`is_enabled`](ProgramCache::is_enabled)) or no
    /// cache directory could be found.
    ///
    /// Its directory is `$CUDA_LIBRARY_CACHE_DIR` when set, otherwise `cuda-library/nvrtc`
    /// in the user's cache directory: `$XDG_CACHE_HOME` or `~/.cache` on Linux and other
    /// Unix systems, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows. Its bound is
    /// `$CUDA_LIBRARY_CACHE_MAX_BYTES` when set to a number, otherwise
    /// [`DEFAULT_MAX_BYTES`](ProgramCache::DEFAULT_MAX_BYTES).
    ///
    /// ```
    /// use cuda_library::ProgramCache;
    /// if let Some(cache) = ProgramCache::user_default() {
    ///     println!("compiles are cached in {}", cache.dir().display());
    /// }
    /// ```
    pub fn user_default() -> Option<ProgramCache> {
        if !ProgramCache::is_enabled() {
            return None;
        }
        static DEFAULT: std::sync::OnceLock<Option<ProgramCache>> = std::sync::OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                let dir = match std::env::var_os("CUDA_LIBRARY_CACHE_DIR") {
                    Some(d) if !d.is_empty() => PathBuf::from(d),
                    _ => user_cache_dir()?.join("cuda-library").join("nvrtc"),
                };
                let max = std::env::var("CUDA_LIBRARY_CACHE_MAX_BYTES")
                    .ok()
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(Self::DEFAULT_MAX_BYTES);
                Some(ProgramCache::new(dir).with_max_bytes(max))
            })
            .clone()
    }

    /// Switches the default cache on or off for this process (programs given a cache with
    /// [`Program::with_cache`](crate::Program::with_cache) keep using it).
    ///
    /// ```
    /// use cuda_library::ProgramCache;
    /// ProgramCache::set_enabled(false);
    /// assert!(ProgramCache::user_default().is_none());
    /// ProgramCache::set_enabled(true);
    /// assert!(ProgramCache::is_enabled());
    /// ```
    pub fn set_enabled(on: bool) {
        SWITCH.store(if on { 1 } else { 2 }, Ordering::Relaxed);
    }

    /// Whether the default cache is on: what [`set_enabled`](ProgramCache::set_enabled)
    /// last said, otherwise on unless `CUDA_LIBRARY_COMPILE_CACHE` is `0`, `off`, `false`
    /// or `no`.
    ///
    /// ```
    /// println!("compile cache on: {}", cuda_library::ProgramCache::is_enabled());
    /// ```
    pub fn is_enabled() -> bool {
        match SWITCH.load(Ordering::Relaxed) {
            1 => true,
            2 => false,
            _ => {
                let off = std::env::var("CUDA_LIBRARY_COMPILE_CACHE").is_ok_and(|v| {
                    matches!(
                        v.trim().to_ascii_lowercase().as_str(),
                        "0" | "off" | "false" | "no"
                    )
                });
                // Only the first answer is kept: a racing `set_enabled` wins.
                let _ = SWITCH.compare_exchange(
                    0,
                    if off { 2 } else { 1 },
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                );
                !off
            }
        }
    }

    /// The directory holding the entries.
    ///
    /// ```
    /// let cache = cuda_library::ProgramCache::new("/tmp/k");
    /// assert_eq!(cache.dir(), std::path::Path::new("/tmp/k"));
    /// ```
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The size bound in bytes.
    ///
    /// ```
    /// assert!(cuda_library::ProgramCache::new("/tmp/k").max_bytes() > 0);
    /// ```
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// How many compiles this value (and its clones) answered from disk.
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::new("/tmp/k").hits(), 0);
    /// ```
    pub fn hits(&self) -> u64 {
        self.stats.hits.load(Ordering::Relaxed)
    }

    /// How many compiles this value (and its clones) looked up and did not find (a
    /// damaged entry counts as a miss).
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::new("/tmp/k").misses(), 0);
    /// ```
    pub fn misses(&self) -> u64 {
        self.stats.misses.load(Ordering::Relaxed)
    }

    /// How many compiles through this value (and its clones) did not use the cache because
    /// what they read could not all be known: a header named by a macro
    /// (`#include HEADER`), `__DATE__`/`__TIME__`/`__TIMESTAMP__` (the output changes with
    /// the clock), an option that reads or writes files of its own (`--pch`,
    /// `--time`, ...) or one NVRTC 12.9 does not document, a header that is a FIFO or a
    /// device, or more headers than the cache reads for one key (the
    /// [`limits`](crate::guide::limits) guide lists the bounds). A cache directory that is not
    /// private counts here too ([`len`](ProgramCache::len) says why it is refused).
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::new("/tmp/k").skipped(), 0);
    /// ```
    pub fn skipped(&self) -> u64 {
        self.stats.skipped.load(Ordering::Relaxed)
    }

    /// The number of entries in the directory (0 when it does not exist). An error when the
    /// directory is not one the cache uses: a symbolic link, another user's, or writable by
    /// other users.
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::new("/nonexistent/culib").len()?, 0);
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn len(&self) -> Result<usize> {
        Ok(self.entries()?.len())
    }

    /// Whether the directory holds no entry.
    ///
    /// ```
    /// assert!(cuda_library::ProgramCache::new("/nonexistent/culib").is_empty()?);
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// The entries' total size in bytes.
    ///
    /// ```
    /// assert_eq!(cuda_library::ProgramCache::new("/nonexistent/culib").size_bytes()?, 0);
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn size_bytes(&self) -> Result<u64> {
        Ok(total_len(&self.entries()?))
    }

    /// Removes every entry (and temporary files writers left behind): the regular files of
    /// this user named as the cache names its files. Other files in the directory are left
    /// alone. A compile running meanwhile may add an entry again.
    ///
    /// ```
    /// let cache = cuda_library::ProgramCache::new(std::env::temp_dir().join("culib-clear-doc"));
    /// cache.clear()?;
    /// assert!(cache.is_empty()?);
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn clear(&self) -> Result<()> {
        if !self.trusted_if_present()? {
            return Ok(());
        }
        let files = private_dir::own_files(&self.dir, |n| is_entry_name(n) || is_temp_name(n))
            .map_err(|s| self.io(s))?;
        for f in files {
            match std::fs::remove_file(&f.path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(source) => {
                    return Err(Error::Io {
                        path: f.path,
                        source,
                    })
                }
            }
        }
        Ok(())
    }

    /// Counts a compile that did not use the cache (see [`skipped`](ProgramCache::skipped)).
    pub(crate) fn note_skipped(&self) {
        self.stats.skipped.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether a compile may use this cache now: the directory is missing (a write makes it
    /// private) or is private.
    pub(crate) fn usable(&self) -> bool {
        self.trusted_if_present().is_ok()
    }

    /// The code stored under `key`, or `None` (counted as a miss) when there is none, the
    /// entry is damaged, or it is not a regular file of this user within the size bound.
    pub(crate) fn get(&self, key: &Key) -> Option<ObjectCode> {
        let found = match self.trusted_if_present() {
            Ok(true) => private_dir::read_entry(&self.entry_path(key), self.entry_bound())
                .and_then(|(bytes, file)| Some((decode(&bytes, &key.bytes)?, file))),
            _ => None,
        };
        match found {
            Some((code, file)) => {
                self.stats.hits.fetch_add(1, Ordering::Relaxed);
                // Recently used: eviction goes by modification time. Through the file read,
                // never through a path a link could redirect.
                let _ = file.set_modified(SystemTime::now());
                Some(code)
            }
            None => {
                self.stats.misses.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }

    /// Stores `code` under `key` (a new temporary file, then rename), then trims the
    /// directory to the size bound. An entry larger than the bound (or than
    /// [`MAX_ENTRY_BYTES`]) is not written.
    pub(crate) fn put(&self, key: &Key, code: &ObjectCode) -> Result<()> {
        let Some(entry) = encode(&key.bytes, code) else {
            return Ok(()); // code held as a file path: nothing to keep
        };
        let path = self.entry_path(key);
        if entry.len() as u64 > self.entry_bound() {
            // Eviction would remove it at once: trim the others to the bound only.
            return match self.trusted_if_present()? {
                true => self.evict(&path),
                false => Ok(()),
            };
        }
        private_dir::prepare_dir(&self.dir).map_err(|s| self.io(s))?;
        let temp = self.dir.join(temp_name());
        let written = private_dir::create_new(&temp)
            .and_then(|mut f| f.write_all(&entry))
            .and_then(|()| std::fs::rename(&temp, &path));
        if let Err(source) = written {
            let _ = std::fs::remove_file(&temp);
            return Err(Error::Io { path, source });
        }
        self.evict(&path)
    }

    /// Removes entries, least recently used first, until they total at most the bound;
    /// `keep` (the entry just written) goes last. Also removes temporary files a writer
    /// that died left behind (older than [`STALE_TEMP`]). Only the cache's own files count.
    fn evict(&self, keep: &Path) -> Result<()> {
        self.remove_stale_temps();
        let mut entries = self.entries()?;
        let mut total = total_len(&entries);
        if total <= self.max_bytes {
            return Ok(());
        }
        let modified =
            |f: &private_dir::OwnFile| f.meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        entries.sort_by_key(|e| (e.path == keep, modified(e)));
        for e in entries {
            if total <= self.max_bytes {
                break;
            }
            // Another process may have removed it first: its size is gone either way.
            let _ = std::fs::remove_file(&e.path);
            total = total.saturating_sub(e.meta.len());
        }
        Ok(())
    }

    fn remove_stale_temps(&self) {
        let Ok(temps) = private_dir::own_files(&self.dir, is_temp_name) else {
            return;
        };
        for t in temps {
            let old = t
                .meta
                .modified()
                .ok()
                .and_then(|m| m.elapsed().ok())
                .is_some_and(|age| age > STALE_TEMP);
            if old {
                let _ = std::fs::remove_file(&t.path);
            }
        }
    }

    /// The size of the largest entry this cache reads or writes.
    fn entry_bound(&self) -> u64 {
        self.max_bytes.min(MAX_ENTRY_BYTES)
    }

    /// `Ok(true)` when the directory exists and may be used, `Ok(false)` when it does not
    /// exist, an error saying why when it may not be used.
    fn trusted_if_present(&self) -> Result<bool> {
        match private_dir::check_dir(&self.dir) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(source) => Err(self.io(source)),
        }
    }

    /// The entry files: regular files of this user named as entries.
    fn entries(&self) -> Result<Vec<private_dir::OwnFile>> {
        if !self.trusted_if_present()? {
            return Ok(Vec::new());
        }
        private_dir::own_files(&self.dir, is_entry_name).map_err(|s| self.io(s))
    }

    fn entry_path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{}.{ENTRY_EXT}", hex(&key.digest)))
    }

    fn io(&self, source: std::io::Error) -> Error {
        Error::Io {
            path: self.dir.clone(),
            source,
        }
    }
}

/// The files' sizes added up, saturating: sparse files may each claim up to 2^63 - 1 bytes
/// (tmpfs), so a few of them would overflow a plain sum.
fn total_len(files: &[private_dir::OwnFile]) -> u64 {
    files
        .iter()
        .fold(0u64, |total, f| total.saturating_add(f.meta.len()))
}

/// Lowercase hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `name` is an entry's: 64 lowercase hexadecimal digits and `.entry` (or 32, the
/// names of the first layout's entries, which never hit now and go first when evicting).
fn is_entry_name(name: &str) -> bool {
    name.strip_suffix(ENTRY_EXT)
        .and_then(|n| n.strip_suffix('.'))
        .is_some_and(|digest| {
            matches!(digest.len(), 32 | 64)
                && digest
                    .bytes()
                    .all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'))
        })
}

/// Whether `name` is a temporary file's, as [`temp_name`] makes them.
fn is_temp_name(name: &str) -> bool {
    name.strip_prefix(".tmp-").is_some_and(|rest| {
        !rest.is_empty() && rest.bytes().all(|c| c.is_ascii_digit() || c == b'-')
    })
}

/// A temporary file name no other writer (thread or process) uses at the same time.
fn temp_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(".tmp-{}-{n}-{nanos}", std::process::id())
}

/// The user's cache directory, by each platform's convention (the XDG base directory
/// rules on Linux and other Unix systems).
fn user_cache_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        return var("LOCALAPPDATA");
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| h.join("Library/Caches"));
    }
    // XDG: a relative $XDG_CACHE_HOME is invalid and must be ignored.
    var("XDG_CACHE_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| var("HOME").map(|h| h.join(".cache")))
}

/// What decides a compile's output, as bytes (each field length-prefixed, so no two keys
/// run together into one), and its SHA-256 digest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Key {
    bytes: Vec<u8>,
    digest: [u8; 32],
}

/// Builds a [`Key`] field by field.
pub(crate) struct KeyBuilder {
    bytes: Vec<u8>,
}

impl KeyBuilder {
    /// A key whose first field is the compiler's identity: which compiler made the code
    /// (NVRTC's path and version today; a built-in compiler gives its own name and version),
    /// so that no compiler's output is taken for another's.
    pub fn new(compiler: &str) -> Self {
        KeyBuilder { bytes: Vec::new() }.field("compiler", compiler.as_bytes())
    }

    /// Adds a labelled field.
    pub fn field(mut self, label: &str, value: &[u8]) -> Self {
        for part in [label.as_bytes(), value] {
            self.bytes
                .extend_from_slice(&(part.len() as u64).to_le_bytes());
            self.bytes.extend_from_slice(part);
        }
        self
    }

    /// Adds a labelled field of a file's identity: its size and modification time (for
    /// files too large to read on every compile: NVRTC itself, a toolkit's headers).
    pub fn file_stamp(self, label: &str, path: &Path) -> Self {
        let stamp = std::fs::metadata(path).ok().map(|m| {
            let t = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            format!("{} {} {t}", path.display(), m.len())
        });
        let value = stamp.unwrap_or_else(|| format!("{} missing", path.display()));
        self.field(label, value.as_bytes())
    }

    pub fn build(self) -> Key {
        Key {
            digest: Sha256::digest(&self.bytes).into(),
            bytes: self.bytes,
        }
    }
}

/// SHA-256 of `bytes`: names entries, checks them, and stands for headers' contents in keys.
pub(crate) fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

fn kind_byte(kind: ImageKind) -> Option<u8> {
    match kind {
        ImageKind::Ptx => Some(1),
        ImageKind::Cubin => Some(2),
        ImageKind::Ltoir => Some(3),
        _ => None,
    }
}

fn kind_of(byte: u8) -> Option<ImageKind> {
    match byte {
        1 => Some(ImageKind::Ptx),
        2 => Some(ImageKind::Cubin),
        3 => Some(ImageKind::Ltoir),
        _ => None,
    }
}

/// An entry: magic, key, kind, name, log, symbol mapping, code, then the SHA-256 digest of
/// all that. `None` for code that is not bytes of a kind NVRTC makes.
fn encode(key: &[u8], code: &ObjectCode) -> Option<Vec<u8>> {
    let bytes = code.bytes()?;
    let mut out = Vec::with_capacity(MAGIC.len() + key.len() + bytes.len() + 256);
    out.extend_from_slice(MAGIC);
    let mut put = |part: &[u8]| {
        out.extend_from_slice(&(part.len() as u64).to_le_bytes());
        out.extend_from_slice(part);
    };
    put(key);
    put(&[kind_byte(code.kind())?]);
    put(code.name().unwrap_or_default().as_bytes());
    put(code.compile_log().as_bytes());
    put(&(code.symbol_mapping().len() as u64).to_le_bytes());
    for (expr, symbol) in code.symbol_mapping() {
        put(expr.as_bytes());
        put(symbol.as_bytes());
    }
    put(bytes);
    let sum = sha256(&out);
    out.extend_from_slice(&sum);
    Some(out)
}

/// Reads fields of an entry back, refusing anything out of bounds.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn part(&mut self) -> Option<&'a [u8]> {
        let (len, rest) = self.rest.split_first_chunk::<8>()?;
        let len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
        if len > rest.len() {
            return None;
        }
        let (part, rest) = rest.split_at(len);
        self.rest = rest;
        Some(part)
    }

    fn text(&mut self) -> Option<String> {
        String::from_utf8(self.part()?.to_vec()).ok()
    }
}

/// The code in an entry whose key is `key`; `None` when the entry is damaged, of another
/// layout or of another key.
fn decode(entry: &[u8], key: &[u8]) -> Option<ObjectCode> {
    let (body, sum) = entry.split_last_chunk::<32>()?;
    if sha256(body) != *sum {
        return None;
    }
    let mut r = Reader {
        rest: body.strip_prefix(MAGIC.as_slice())?,
    };
    if r.part()? != key {
        return None;
    }
    let kind = kind_of(*r.part()?.first()?)?;
    let name = r.text()?;
    let log = r.text()?;
    let count = u64::from_le_bytes(r.part()?.try_into().ok()?);
    let mut mapping = BTreeMap::new();
    for _ in 0..count {
        let expr = r.text()?;
        mapping.insert(expr, r.text()?);
    }
    let bytes = r.part()?.to_vec();
    if !r.rest.is_empty() {
        return None;
    }
    let code = match kind {
        ImageKind::Ptx => ObjectCode::from_ptx(bytes),
        ImageKind::Cubin => ObjectCode::from_cubin(bytes),
        _ => ObjectCode::from_ltoir(bytes),
    };
    let mut code = code.with_name(name).with_symbol_mapping(mapping);
    code.log = log;
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "culib-cache-unit-{tag}-{}-{}",
            std::process::id(),
            temp_name()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    fn key(source: &str) -> Key {
        KeyBuilder::new("test")
            .field("source", source.as_bytes())
            .build()
    }

    fn code(ptx: &str) -> ObjectCode {
        let mut map = BTreeMap::new();
        map.insert(
            "scale<float>".to_string(),
            "_Z5scaleIfEvPT_S0_i".to_string(),
        );
        let mut c = ObjectCode::from_ptx(ptx.as_bytes().to_vec())
            .with_name("k.cu")
            .with_symbol_mapping(map);
        c.log = "a warning".to_string();
        c
    }

    #[test]
    fn an_entry_reads_back_as_written() {
        let cache = ProgramCache::new(temp_dir("roundtrip"));
        let (k, c) = (key("a"), code(".version 8.0"));
        assert_eq!(cache.get(&k), None);
        cache.put(&k, &c).unwrap();
        assert_eq!(cache.get(&k), Some(c));
        assert_eq!((cache.hits(), cache.misses()), (1, 1));
        assert_eq!(cache.len().unwrap(), 1);
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn another_key_misses_even_under_the_same_file_name() {
        let cache = ProgramCache::new(temp_dir("collide"));
        let (a, b) = (key("a"), key("b"));
        cache.put(&a, &code("A")).unwrap();
        // b's lookup reads a's file: the stored key differs, so it is a miss.
        let forged = Key {
            bytes: b.bytes.clone(),
            digest: a.digest,
        };
        assert_eq!(cache.get(&forged), None);
        assert_eq!(cache.get(&a), Some(code("A")));
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn a_damaged_entry_is_a_miss_and_is_rewritten() {
        let cache = ProgramCache::new(temp_dir("corrupt"));
        let k = key("a");
        cache.put(&k, &code("PTX")).unwrap();
        let path = cache.entry_path(&k);
        let good = std::fs::read(&path).unwrap();
        // Every truncation and every flipped byte reads as a miss, never as other code.
        for cut in 0..good.len() {
            std::fs::write(&path, &good[..cut]).unwrap();
            assert_eq!(cache.get(&k), None, "truncated to {cut}");
        }
        for i in 0..good.len() {
            let mut bad = good.clone();
            bad[i] ^= 0x41;
            std::fs::write(&path, &bad).unwrap();
            assert_eq!(cache.get(&k), None, "byte {i} flipped");
        }
        cache.put(&k, &code("PTX")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), good);
        assert_eq!(cache.get(&k), Some(code("PTX")));
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn a_length_field_past_the_end_is_refused_without_allocating() {
        let mut entry = MAGIC.to_vec();
        entry.extend_from_slice(&u64::MAX.to_le_bytes());
        let sum = sha256(&entry);
        entry.extend_from_slice(&sum);
        assert_eq!(decode(&entry, b""), None);
    }

    #[test]
    fn eviction_removes_the_least_recently_used_first() {
        let dir = temp_dir("evict");
        let big = "x".repeat(1000);
        let one = {
            let c = ProgramCache::new(&dir);
            c.put(&key("probe"), &code(&big)).unwrap();
            c.size_bytes().unwrap()
        };
        ProgramCache::new(&dir).clear().unwrap();
        // Room for three entries.
        let cache = ProgramCache::new(&dir).with_max_bytes(3 * one + one / 2);
        let keys: Vec<Key> = (0..3).map(|i| key(&format!("k{i}"))).collect();
        let old = SystemTime::now() - std::time::Duration::from_secs(100);
        for (i, k) in keys.iter().enumerate() {
            cache.put(k, &code(&big)).unwrap();
            let f = std::fs::File::options()
                .append(true)
                .open(cache.entry_path(k))
                .unwrap();
            f.set_modified(old + std::time::Duration::from_secs(i as u64))
                .unwrap();
        }
        // k0 is the oldest, but a hit makes it the most recent: k1 goes instead.
        assert!(cache.get(&keys[0]).is_some());
        cache.put(&key("k3"), &code(&big)).unwrap();
        assert_eq!(cache.len().unwrap(), 3);
        assert!(cache.size_bytes().unwrap() <= cache.max_bytes());
        assert!(cache.get(&keys[0]).is_some());
        assert!(cache.get(&keys[1]).is_none());
        assert!(cache.get(&keys[2]).is_some());
        assert!(cache.get(&key("k3")).is_some());
        // A bound smaller than one entry keeps nothing but the newest... and then not even it.
        let tiny = ProgramCache::new(&dir).with_max_bytes(1);
        tiny.put(&key("k4"), &code(&big)).unwrap();
        assert_eq!(tiny.len().unwrap(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_write_removes_temporary_files_left_behind_long_ago() {
        let cache = ProgramCache::new(temp_dir("stale"));
        std::fs::create_dir_all(cache.dir()).unwrap();
        let (stale, fresh) = (
            cache.dir().join(".tmp-1-0-0"),
            cache.dir().join(".tmp-2-0-0"),
        );
        std::fs::write(&stale, b"half").unwrap();
        std::fs::write(&fresh, b"being written").unwrap();
        let long_ago = SystemTime::now() - 2 * STALE_TEMP;
        let f = std::fs::File::options().append(true).open(&stale).unwrap();
        f.set_modified(long_ago).unwrap();
        cache.put(&key("a"), &code("A")).unwrap();
        assert!(!stale.exists());
        assert!(fresh.exists());
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn clear_removes_entries_and_temporary_files_only() {
        let cache = ProgramCache::new(temp_dir("clear"));
        cache.put(&key("a"), &code("A")).unwrap();
        std::fs::write(cache.dir().join(".tmp-1-2-3"), b"left behind").unwrap();
        std::fs::write(cache.dir().join("README"), b"mine").unwrap();
        cache.clear().unwrap();
        assert!(cache.is_empty().unwrap());
        let left: Vec<_> = std::fs::read_dir(cache.dir()).unwrap().flatten().collect();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].file_name(), "README");
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn concurrent_writers_and_readers_never_see_half_an_entry() {
        let cache = ProgramCache::new(temp_dir("race"));
        let k = key("shared");
        let body = "y".repeat(200_000);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..20 {
                        cache.put(&k, &code(&body)).unwrap();
                    }
                });
                s.spawn(|| {
                    for _ in 0..50 {
                        if let Some(c) = cache.get(&k) {
                            assert_eq!(c, code(&body));
                        }
                    }
                });
            }
        });
        assert_eq!(cache.len().unwrap(), 1);
        let temps = std::fs::read_dir(cache.dir())
            .unwrap()
            .flatten()
            .filter(|e| is_temp_name(&e.file_name().to_string_lossy()))
            .count();
        assert_eq!(temps, 0);
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn only_names_the_cache_gives_are_its_own() {
        let k = key("a");
        let name = format!("{}.entry", hex(&k.digest));
        assert!(is_entry_name(&name));
        assert!(is_temp_name(&temp_name()));
        for other in [
            "notes.entry",
            ".entry",
            "ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789.entry",
            "0123.entry",
            ".tmp-",
            ".tmp-x",
            "README",
        ] {
            assert!(!is_entry_name(other) && !is_temp_name(other), "{other}");
        }
    }

    #[test]
    fn the_user_cache_dir_follows_xdg() {
        if cfg!(any(windows, target_os = "macos")) {
            return;
        }
        // Read only: the environment is the process's, so this checks the rule against
        // whatever it holds.
        let want = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
        assert_eq!(user_cache_dir(), want);
    }
}
