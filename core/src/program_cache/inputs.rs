//! Every file a compile could read, for the cache key: the include directories and
//! pre-included headers its options name, and the headers its source asks for, followed
//! through the headers they ask for. When that cannot be known (a header named by a macro,
//! an option this module does not know, an option that reads or writes files of its own), the
//! compile is not cached: [`NotCacheable`] says why.
//!
//! NVRTC 12.9 cannot report the files it opened (it has no `-M`/`-MD`/`--dependency-output`
//! option, and its `--time` and `--fdevice-time-trace` outputs name no header), so the files are
//! found the way NVRTC looks for them, checked against NVRTC 12.9: a quoted name beside the
//! including file first, then in the directory of the program's name (relative to the
//! working directory; `program.cu` means the working directory itself), then in the `-I`
//! directories in order; an angle-bracketed name in the `-I` directories; an absolute name
//! as it is; a pre-included header relative to the working directory (a quoted name is also
//! looked for beside each file that included the including one). The walk looks wider than
//! that: every name any text asks for is looked up in all of those places (the working
//! directory, the program's directory, the directory of every file read, every `-I`
//! directory), until reading finds nothing new, and every file found counts, not only the one
//! NVRTC would take. A file that appears or goes away in any of those places, or changes,
//! changes the key.
//!
//! Files under the directories the crate adds itself (CCCL's and CUDA's headers) count by
//! path, size and modification time and are not read: they are the toolkit as installed.

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use sha2::{Digest, Sha256};

use super::includes::header_names;
use super::private_dir::read_header;
use super::KeyBuilder;
use crate::nvrtc_options::{self, UnknownOption};

/// At most this many header files are read for one key.
pub(crate) const MAX_HEADERS: usize = 4096;
/// At most this many bytes of headers are read for one key (one header at most this too).
pub(crate) const MAX_HEADER_BYTES: u64 = 64 << 20;
/// At most this many places are looked at for one key.
pub(crate) const MAX_PROBES: usize = 200_000;

/// Why a compile is not cached: what the cache cannot know about the files it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NotCacheable(pub String);

impl std::fmt::Display for NotCacheable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the options say about the files a compile reads.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct FileOptions {
    /// `-I` directories, in order.
    pub include_dirs: Vec<PathBuf>,
    /// `-include` / `--pre-include` headers, in order.
    pub pre_includes: Vec<String>,
}

/// What an NVRTC option does with files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Effect {
    /// Nothing: its text in the key is enough.
    None,
    /// Adds an include directory.
    IncludeDir,
    /// Pre-includes a header.
    PreInclude,
    /// Reads or writes files of its own (or has effects a cache hit would skip).
    Refused(&'static str),
}

/// What the option named `name` (its long name) does with files.
fn effect(name: &str) -> Effect {
    const PCH: Effect = Effect::Refused("reads or writes precompiled header files");
    match name {
        "include-path" => Effect::IncludeDir,
        "pre-include" => Effect::PreInclude,
        "pch" | "create-pch" | "use-pch" | "pch-dir" => PCH,
        "time" => Effect::Refused(
            "writes a table of compile times (or adds it to the log) on every compile",
        ),
        "fdevice-time-trace" => Effect::Refused("writes a trace file on every compile"),
        _ => Effect::None,
    }
}

/// Reads `args` as NVRTC reads them: the include directories and pre-included headers they
/// name, or why the compile cannot be cached (an option that reads or writes files of its
/// own, or one NVRTC 12.9 does not document, which may).
pub(crate) fn file_options(args: &[String]) -> Result<FileOptions, NotCacheable> {
    let options = nvrtc_options::read(args).map_err(|e| match e {
        UnknownOption::NotAnOption(arg) => NotCacheable(format!(
            "`{arg}` is not an NVRTC option, so the cache cannot know what it does"
        )),
        UnknownOption::Undocumented(arg) => NotCacheable(format!(
            "`{arg}` is not an option NVRTC 12.9 documents, so the cache cannot know which \
             files it reads"
        )),
    })?;
    let mut out = FileOptions::default();
    for option in options {
        let value = option.value.filter(|v| !v.is_empty());
        match effect(option.name) {
            Effect::None => {}
            Effect::IncludeDir => out.include_dirs.extend(value.map(PathBuf::from)),
            Effect::PreInclude => out.pre_includes.extend(value.map(str::to_string)),
            Effect::Refused(why) => {
                return Err(NotCacheable(format!(
                    "`{}` {why}, which a compile read from the cache would not do",
                    option.text
                )))
            }
        }
    }
    Ok(out)
}

/// Where a compile looks for files.
pub(crate) struct Search<'a> {
    /// The program's name, as given to NVRTC: its directory is searched.
    pub program_name: &'a str,
    /// What the options say (the crate's own directories included).
    pub options: &'a FileOptions,
    /// The directories the crate added (CCCL's and CUDA's headers): files there count by
    /// path, size and modification time, unread.
    pub toolkit_dirs: &'a [PathBuf],
}

/// Adds to `key` every file the compile of `source` could read, with its contents' digest
/// (or, under the toolkit's directories, its size and modification time), or says why that
/// cannot be known.
pub(crate) fn add_inputs(
    key: KeyBuilder,
    source: &str,
    search: &Search<'_>,
) -> Result<KeyBuilder, NotCacheable> {
    let mut walk = Walk::new(search);
    walk.queue.push_back(source.as_bytes().to_vec());
    for name in &search.options.pre_includes {
        walk.add_name(name);
    }
    // Until nothing new turns up: a header read adds its names and its directory, and every
    // name is looked up in every directory, whichever file it came from.
    loop {
        while let Some(text) = walk.queue.pop_front() {
            let names = header_names(&text).map_err(|u| NotCacheable(u.to_string()))?;
            for h in names {
                walk.add_name(&h.name);
            }
        }
        walk.resolve_all()?;
        if walk.queue.is_empty() {
            break;
        }
    }
    let mut key = key;
    for (path, found) in walk.found {
        let mut value = path.as_os_str().as_encoded_bytes().to_vec();
        value.push(0);
        value.extend_from_slice(found.as_bytes());
        key = key.field("input", &value);
    }
    Ok(key)
}

struct Walk<'a> {
    search: &'a Search<'a>,
    /// The places a relative name is looked up in besides the `-I` directories: the
    /// program's directory, the working directory, and the directory of every file read
    /// (NVRTC looks beside the including file and the files that included it).
    dirs: Vec<PathBuf>,
    /// The `-I` directories that are the user's (the toolkit's left out).
    user_dirs: Vec<PathBuf>,
    /// Every name any text asks for.
    names: Vec<PathBuf>,
    known_names: HashSet<String>,
    /// `names[..names_done]` have been looked up in the `-I` directories and in
    /// `dirs[..dirs_done]`.
    names_done: usize,
    dirs_done: usize,
    /// Every path looked at.
    probed: HashSet<PathBuf>,
    /// What was found: a path and its digest, stamp or kind.
    found: BTreeMap<PathBuf, String>,
    /// The digest of each file read, by its canonical path.
    digests: HashMap<PathBuf, String>,
    /// Texts read and not yet scanned.
    queue: VecDeque<Vec<u8>>,
    headers: usize,
    bytes: u64,
}

impl<'a> Walk<'a> {
    fn new(search: &'a Search<'a>) -> Walk<'a> {
        let program_dir = Path::new(search.program_name)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        let mut dirs = vec![program_dir];
        if !dirs.contains(&PathBuf::new()) {
            dirs.push(PathBuf::new());
        }
        let user_dirs = search
            .options
            .include_dirs
            .iter()
            .filter(|d| !search.toolkit_dirs.contains(d))
            .cloned()
            .collect();
        Walk {
            search,
            dirs,
            user_dirs,
            names: Vec::new(),
            known_names: HashSet::new(),
            names_done: 0,
            dirs_done: 0,
            probed: HashSet::new(),
            found: BTreeMap::new(),
            digests: HashMap::new(),
            queue: VecDeque::new(),
            headers: 0,
            bytes: 0,
        }
    }

    fn add_name(&mut self, name: &str) {
        if self.known_names.insert(name.to_string()) {
            self.names.push(PathBuf::from(name));
        }
    }

    /// Looks every name up in every place it has not been looked up in yet: each pair of a
    /// name and a place once, however the two grow while headers are read.
    fn resolve_all(&mut self) -> Result<(), NotCacheable> {
        loop {
            if self.names_done < self.names.len() {
                // A new name: the -I directories (or itself), and the directories so far.
                let path = self.names[self.names_done].clone();
                self.names_done += 1;
                if path.is_absolute() {
                    self.probe(path, false)?;
                    continue;
                }
                let places: Vec<(PathBuf, bool)> = self
                    .user_dirs
                    .iter()
                    .map(|d| (d.join(&path), false))
                    .chain(
                        self.search
                            .toolkit_dirs
                            .iter()
                            .map(|d| (d.join(&path), true)),
                    )
                    .chain(
                        self.dirs[..self.dirs_done]
                            .iter()
                            .map(|d| (d.join(&path), false)),
                    )
                    .collect();
                for (candidate, toolkit) in places {
                    self.probe(candidate, toolkit)?;
                }
            } else if self.dirs_done < self.dirs.len() {
                // A new directory: every name so far.
                let dir = self.dirs[self.dirs_done].clone();
                self.dirs_done += 1;
                for n in 0..self.names_done {
                    if !self.names[n].is_absolute() {
                        let candidate = dir.join(&self.names[n]);
                        self.probe(candidate, false)?;
                    }
                }
            } else {
                return Ok(());
            }
        }
    }

    fn probe(&mut self, path: PathBuf, toolkit: bool) -> Result<(), NotCacheable> {
        if self.probed.contains(&path) {
            return Ok(());
        }
        if self.probed.len() >= MAX_PROBES {
            return Err(NotCacheable(format!(
                "finding the headers took more than {MAX_PROBES} lookups"
            )));
        }
        self.probed.insert(path.clone());
        let meta = match std::fs::metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => {
                self.found
                    .insert(path, format!("unreadable: {:?}", e.kind()));
                return Ok(());
            }
        };
        if meta.is_dir() {
            self.found.insert(path, "directory".into());
            return Ok(());
        }
        if toolkit && meta.is_file() {
            let modified = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            self.found
                .insert(path, format!("toolkit {} {modified}", meta.len()));
            return Ok(());
        }
        // One file under many names (`d/../f.h`, a link) is read once, and its directory
        // counts once: the walk ends however the names spell it.
        let canonical = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if let Some(digest) = self.digests.get(&canonical) {
            let record = format!("{} {digest}", canonical.display());
            self.found.insert(path, record);
            return Ok(());
        }
        if self.headers >= MAX_HEADERS {
            return Err(NotCacheable(format!(
                "the compile includes more than {MAX_HEADERS} header files"
            )));
        }
        let left = MAX_HEADER_BYTES.saturating_sub(self.bytes);
        let text = match read_header(&path, left) {
            Ok(Some(text)) => text,
            Ok(None) => return Ok(()),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(NotCacheable(format!(
                    "{} may be included and is {e} (headers total at most {MAX_HEADER_BYTES} \
                     bytes)",
                    path.display()
                )))
            }
            Err(e) => {
                self.found
                    .insert(path, format!("unreadable: {:?}", e.kind()));
                return Ok(());
            }
        };
        self.headers += 1;
        self.bytes = self.bytes.saturating_add(text.len() as u64);
        let digest: String = Sha256::digest(&text)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if let Some(dir) = canonical.parent() {
            if !self.dirs.iter().any(|d| d == dir) {
                self.dirs.push(dir.to_path_buf());
            }
        }
        self.found
            .insert(path, format!("{} {digest}", canonical.display()));
        self.digests.insert(canonical, digest);
        self.queue.push_back(text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn include_directories_and_pre_includes_are_read_in_every_spelling() {
        let o = file_options(&args(&[
            "-Ia",
            "-I",
            "b",
            "-I=c",
            "--include-path=d",
            "--include-path",
            "e",
            "-include",
            "p.h",
            "--pre-include=q.h",
            "--pre-include",
            "r.h",
            "-include=s.h",
            "-DX=1",
            "-D",
            "Y",
            "-arch=compute_80",
            "-std=c++17",
            "--use_fast_math",
            "-Xptxas",
            "-v",
        ]))
        .unwrap();
        let dirs: Vec<PathBuf> = ["a", "b", "c", "d", "e"].map(PathBuf::from).into();
        assert_eq!(o.include_dirs, dirs);
        assert_eq!(o.pre_includes, ["p.h", "q.h", "r.h", "s.h"]);
    }

    #[test]
    fn options_that_touch_files_or_are_unknown_are_not_cached() {
        for bad in [
            &["--pch"][..],
            &["--create-pch=x.pch"],
            &["-use-pch", "x.pch"],
            &["--time=t.csv"],
            &["--fdevice-time-trace=t.json"],
            &["--some-future-option"],
            &["not-an-option"],
        ] {
            let e = file_options(&args(bad)).unwrap_err();
            assert!(e.0.contains(bad[0]), "{bad:?}: {e}");
        }
    }

    #[test]
    fn a_header_found_anywhere_it_could_be_read_is_in_the_key() {
        let root = std::env::temp_dir().join(format!("culib-inputs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (src_dir, inc) = (root.join("src"), root.join("inc"));
        std::fs::create_dir_all(&src_dir).unwrap();
        std::fs::create_dir_all(&inc).unwrap();
        std::fs::write(inc.join("a.h"), "#include \"b.h\"\n").unwrap();
        std::fs::write(inc.join("b.h"), "#define B 1\n").unwrap();
        let options = FileOptions {
            include_dirs: vec![inc.clone()],
            pre_includes: vec![],
        };
        let name = src_dir.join("p.cu").to_string_lossy().into_owned();
        let search = Search {
            program_name: &name,
            options: &options,
            toolkit_dirs: &[],
        };
        let key = || {
            add_inputs(KeyBuilder::new("test"), "#include <a.h>\n", &search)
                .unwrap()
                .build()
                .digest
        };
        let first = key();
        assert_eq!(key(), first);
        std::fs::write(inc.join("b.h"), "#define B 2\n").unwrap();
        let second = key();
        assert_ne!(second, first, "a header two levels down changed");
        // A file of the same name appears beside the program: NVRTC might read it.
        std::fs::write(src_dir.join("b.h"), "#define B 3\n").unwrap();
        assert_ne!(key(), second, "a new file where a name is looked up");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn header_trees_past_the_bounds_or_special_files_are_not_cached() {
        let root = std::env::temp_dir().join(format!("culib-inputs-bounds-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let options = FileOptions {
            include_dirs: vec![root.clone()],
            pre_includes: vec![],
        };
        let search = Search {
            program_name: "p.cu",
            options: &options,
            toolkit_dirs: &[],
        };
        let walk = |src: &str| add_inputs(KeyBuilder::new("test"), src, &search).map(|_| ());
        let t = std::time::Instant::now();
        // One header more than the bound, each including the next.
        for i in 0..=MAX_HEADERS {
            let text = format!("#include <h{}.h>\n", i + 1);
            std::fs::write(root.join(format!("h{i}.h")), text).unwrap();
        }
        let e = walk("#include <h0.h>").unwrap_err();
        assert!(e.0.contains("4096 header files"), "{e}");
        // A header that is a device, or a link to one: refused unread.
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("/dev/zero", root.join("zero.h")).unwrap();
            let e = walk("#include <zero.h>").unwrap_err();
            assert!(e.0.contains("not a regular file"), "{e}");
            assert!(walk("#include \"/dev/zero\"").is_err());
        }
        // A name no file has is looked up everywhere and costs nothing more.
        walk("#include <nowhere.h>").unwrap();
        assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
        std::fs::remove_dir_all(&root).unwrap();
    }

    /// NVRTC looks for a quoted name beside every file on the include stack, and a header
    /// included from two places is read once: a name is looked up beside every file read,
    /// whichever was read first.
    #[test]
    fn a_name_is_looked_up_beside_every_file_read() {
        let root = std::env::temp_dir().join(format!("culib-inputs-stack-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("inc/d")).unwrap();
        std::fs::create_dir_all(root.join("src")).unwrap();
        let inc = root.join("inc");
        std::fs::write(inc.join("f.h"), "#include \"y.h\"\n").unwrap();
        std::fs::write(inc.join("d/e.h"), "#include \"../f.h\"\n").unwrap();
        let options = FileOptions {
            include_dirs: vec![inc.clone()],
            pre_includes: vec![],
        };
        let name = root.join("src/p.cu").to_string_lossy().into_owned();
        let search = Search {
            program_name: &name,
            options: &options,
            toolkit_dirs: &[],
        };
        let key = || {
            add_inputs(
                KeyBuilder::new("test"),
                "#include <f.h>\n#include <d/e.h>\n",
                &search,
            )
            .unwrap()
            .build()
            .digest
        };
        let first = key();
        // f.h, included from d/e.h, may find y.h beside its includer.
        std::fs::write(inc.join("d/y.h"), "#define Y 1\n").unwrap();
        let second = key();
        assert_ne!(second, first);
        std::fs::write(inc.join("d/y.h"), "#define Y 2\n").unwrap();
        assert_ne!(key(), second);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
