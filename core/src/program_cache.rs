//! [`ProgramCache`]: NVRTC results kept on disk, so compiling the same program again is a
//! file read.
//!
//! # Design
//!
//! An entry is one file named after a 128-bit digest of its key. The file holds the whole
//! key and the compiled code, and ends with a checksum: a read compares the key byte for
//! byte (two keys with one digest are two programs, never one answer for both) and checks
//! the sum, so a truncated or damaged file reads as a miss, and the compile that follows
//! writes it again. A write goes to a temporary file of a name no other writer uses, which
//! is then renamed over the entry: a reader in another process sees the old file or the new
//! one, never half of one. After a write, the entries past the size bound are removed,
//! least recently used first (a hit refreshes the file's modification time).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::SystemTime;

use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;

/// The first bytes of every entry; a new layout gets a new number, and old entries miss.
const MAGIC: &[u8; 16] = b"culib-nvrtc-v1\n\0";

/// How old a temporary file must be to count as left behind by a writer that died (a
/// live writer renames its file within moments).
const STALE_TEMP: std::time::Duration = std::time::Duration::from_secs(3600);

/// What an entry file's name ends with.
const ENTRY_EXT: &str = "entry";

/// The process-wide switch: 0 not decided yet (the environment decides), 1 on, 2 off.
static SWITCH: AtomicU8 = AtomicU8::new(0);

/// Compiled programs on disk, keyed by everything that decides NVRTC's output: the source,
/// the program's name, the headers it includes from the include directories (their
/// contents), the options (after the crate adds its own), the name expressions, NVRTC's
/// file and version, the target and this crate's version.
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
/// The [`backends`](crate::guide::backends) guide says where the cache lives and what its
/// key holds.
#[derive(Debug, Clone)]
pub struct ProgramCache {
    dir: PathBuf,
    max_bytes: u64,
    stats: Arc<Stats>,
}

/// Hits and misses of one cache value and its clones.
#[derive(Debug, Default)]
struct Stats {
    hits: AtomicU64,
    misses: AtomicU64,
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

    /// The number of entries in the directory (0 when it does not exist).
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
        Ok(self.entries()?.iter().map(|e| e.size).sum())
    }

    /// Removes every entry (and temporary files writers left behind); other files in the
    /// directory are left alone. A compile running meanwhile may add an entry again.
    ///
    /// ```
    /// let cache = cuda_library::ProgramCache::new(std::env::temp_dir().join("culib-clear-doc"));
    /// cache.clear()?;
    /// assert!(cache.is_empty()?);
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn clear(&self) -> Result<()> {
        let read = match std::fs::read_dir(&self.dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(source) => return Err(self.io(source)),
        };
        for item in read.flatten() {
            let path = item.path();
            if is_entry(&path) || is_temp(&path) {
                match std::fs::remove_file(&path) {
                    Ok(()) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                    Err(source) => return Err(Error::Io { path, source }),
                }
            }
        }
        Ok(())
    }

    /// The code stored under `key`, or `None` (counted as a miss) when there is none or
    /// the entry is damaged.
    pub(crate) fn get(&self, key: &Key) -> Option<ObjectCode> {
        let path = self.entry_path(key);
        let found = std::fs::read(&path)
            .ok()
            .and_then(|bytes| decode(&bytes, &key.bytes));
        match found {
            Some(code) => {
                self.stats.hits.fetch_add(1, Ordering::Relaxed);
                // Recently used: eviction goes by modification time.
                if let Ok(f) = std::fs::File::options().append(true).open(&path) {
                    let _ = f.set_modified(SystemTime::now());
                }
                Some(code)
            }
            None => {
                self.stats.misses.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }

    /// Stores `code` under `key` (temporary file, then rename), then trims the directory to
    /// the size bound.
    pub(crate) fn put(&self, key: &Key, code: &ObjectCode) -> Result<()> {
        let Some(entry) = encode(&key.bytes, code) else {
            return Ok(()); // code held as a file path: nothing to keep
        };
        std::fs::create_dir_all(&self.dir).map_err(|s| self.io(s))?;
        let path = self.entry_path(key);
        let temp = self.dir.join(temp_name());
        let written = std::fs::File::create(&temp)
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
    /// that died left behind (older than [`STALE_TEMP`]).
    fn evict(&self, keep: &Path) -> Result<()> {
        self.remove_stale_temps();
        let mut entries = self.entries()?;
        let mut total: u64 = entries.iter().map(|e| e.size).sum();
        if total <= self.max_bytes {
            return Ok(());
        }
        entries.sort_by_key(|e| (e.path == keep, e.modified));
        for e in entries {
            if total <= self.max_bytes {
                break;
            }
            // Another process may have removed it first: its size is gone either way.
            let _ = std::fs::remove_file(&e.path);
            total = total.saturating_sub(e.size);
        }
        Ok(())
    }

    fn remove_stale_temps(&self) {
        let Ok(read) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for item in read.flatten() {
            let path = item.path();
            let old = item
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > STALE_TEMP);
            if is_temp(&path) && old {
                let _ = std::fs::remove_file(&path);
            }
        }
    }

    /// The entry files: path, size, modification time.
    fn entries(&self) -> Result<Vec<EntryFile>> {
        let read = match std::fs::read_dir(&self.dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(self.io(source)),
        };
        Ok(read
            .flatten()
            .filter(|item| is_entry(&item.path()))
            .filter_map(|item| {
                let meta = item.metadata().ok()?;
                Some(EntryFile {
                    path: item.path(),
                    size: meta.len(),
                    modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                })
            })
            .collect())
    }

    fn entry_path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{:032x}.{ENTRY_EXT}", key.digest))
    }

    fn io(&self, source: std::io::Error) -> Error {
        Error::Io {
            path: self.dir.clone(),
            source,
        }
    }
}

struct EntryFile {
    path: PathBuf,
    size: u64,
    modified: SystemTime,
}

fn is_entry(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == ENTRY_EXT)
}

fn is_temp(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with(".tmp-"))
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
/// run together into one), and its digest.
#[derive(Debug, Clone)]
pub(crate) struct Key {
    bytes: Vec<u8>,
    digest: u128,
}

/// Builds a [`Key`] field by field.
#[derive(Default)]
pub(crate) struct KeyBuilder {
    bytes: Vec<u8>,
}

impl KeyBuilder {
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

    /// Adds the contents of every header `source` includes from `dirs` (the user's include
    /// directories), and of the headers those include, found as NVRTC finds them: a quoted
    /// name beside the including header first, then each of `dirs` in order. Every
    /// `#include` line counts, whatever the preprocessor conditions around it (a header
    /// that is never read only costs a read); one spelled with a macro is not followed.
    pub fn includes(mut self, source: &str, dirs: &[PathBuf]) -> Self {
        // Bounds the walk for a header tree that is huge or includes itself.
        const MAX_HEADERS: usize = 4096;
        let mut seen: Vec<PathBuf> = Vec::new();
        let mut queue: Vec<(String, Option<PathBuf>)> = vec![(source.to_string(), None)];
        while let Some((text, here)) = queue.pop() {
            for (name, quoted) in include_names(&text) {
                let beside = here
                    .as_ref()
                    .filter(|_| quoted)
                    .map(|h| h.join(&name))
                    .filter(|p| p.is_file());
                let found =
                    beside.or_else(|| dirs.iter().map(|d| d.join(&name)).find(|p| p.is_file()));
                let Some(path) = found else { continue };
                if seen.contains(&path) || seen.len() >= MAX_HEADERS {
                    continue;
                }
                let Ok(bytes) = std::fs::read(&path) else {
                    continue;
                };
                self = self.field(
                    "header",
                    format!("{} {:032x}", path.display(), fnv1a_128(&bytes)).as_bytes(),
                );
                seen.push(path.clone());
                let dir = path.parent().map(Path::to_path_buf);
                queue.push((String::from_utf8_lossy(&bytes).into_owned(), dir));
            }
        }
        self
    }

    pub fn build(self) -> Key {
        Key {
            digest: fnv1a_128(&self.bytes),
            bytes: self.bytes,
        }
    }
}

/// The header names of the `#include` lines in `text`, each with whether it was quoted.
fn include_names(text: &str) -> Vec<(String, bool)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let (close, quoted) = match rest.chars().next()? {
                '"' => ('"', true),
                '<' => ('>', false),
                _ => return None,
            };
            let name = &rest[1..];
            let name = &name[..name.find(close)?];
            (!name.is_empty()).then(|| (name.to_string(), quoted))
        })
        .collect()
}

/// FNV-1a, 128 bits: the entry's file name. Not cryptographic; the entry holds the whole
/// key, so a collision costs a miss, never a wrong answer.
pub(crate) fn fnv1a_128(bytes: &[u8]) -> u128 {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u128::from(b)).wrapping_mul(PRIME))
}

/// FNV-1a, 64 bits: the entry's checksum, fast enough to run over the whole entry.
fn fnv1a_64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
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

/// An entry: magic, key, kind, name, log, symbol mapping, code, then the checksum of all
/// that. `None` for code that is not bytes of a kind NVRTC makes.
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
    let sum = fnv1a_64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
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
    let (body, sum) = entry.split_last_chunk::<8>()?;
    if fnv1a_64(body) != u64::from_le_bytes(*sum) {
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
        KeyBuilder::default()
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
        let sum = fnv1a_64(&entry);
        entry.extend_from_slice(&sum.to_le_bytes());
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
            .filter(|e| is_temp(&e.path()))
            .count();
        assert_eq!(temps, 0);
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }

    #[test]
    fn the_key_follows_included_headers_and_their_includes() {
        let dir = temp_dir("includes");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(
            dir.join("a.h"),
            "#include \"sub/b.h\"\n#include <cuda/std/cstdint>",
        )
        .unwrap();
        std::fs::write(dir.join("sub/b.h"), "#define B 1\n# include \"c.h\"").unwrap();
        std::fs::write(dir.join("sub/c.h"), "#define C 1\n#include \"a.h\"").unwrap();
        let src = "#include \"a.h\"\n__global__ void k() {}";
        let dirs = [dir.clone()];
        let k = || KeyBuilder::default().includes(src, &dirs).build();
        let first = k().digest;
        assert_eq!(k().digest, first);
        // A header two levels down, found beside the header that includes it.
        std::fs::write(dir.join("sub/c.h"), "#define C 2\n#include \"a.h\"").unwrap();
        assert_ne!(k().digest, first);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn include_lines_are_read_as_the_preprocessor_writes_them() {
        let names = include_names(
            "#include <a.h>\n  #  include \"b/c.h\" // x\n#define X\n#include MACRO\n#include <>",
        );
        assert_eq!(
            names,
            vec![("a.h".to_string(), false), ("b/c.h".to_string(), true)]
        );
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
