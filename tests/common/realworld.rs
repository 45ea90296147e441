//! The real-world corpus (`tests/realworld/`): its translation units as `units.txt` lists
//! them, compiled to PTX with the crate's `Program` (NVRTC). Shared by
//! `tests/sim/realworld.rs` (how many kernels lower) and the differential tests
//! (`tests/sim/differential.rs`, `tests/gpu/differential.rs`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use cuda_library::{Error, ImageKind, Program, ProgramOptions};

/// `tests/realworld`.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/realworld")
}

/// One translation unit of a project's `units.txt`.
pub struct Unit {
    /// The project's folder name (`candle`, `llm.c`, ...).
    pub project: String,
    /// The unit's file.
    pub path: PathBuf,
    /// NVRTC options for it.
    pub options: Vec<String>,
    /// `-I` directories: the shim, the unit's folder, the project's `include` lines.
    pub include_paths: Vec<PathBuf>,
    /// NVRTC name expressions (template instances to emit).
    pub names: Vec<String>,
}

impl Unit {
    /// `project/path-inside-project`, the unit's name in tables and recorded files.
    pub fn id(&self) -> String {
        rel(&self.path)
    }

    /// The unit compiled to PTX for compute_80 by NVRTC: the PTX text, or the error.
    pub fn compile(&self) -> Result<String, Error> {
        let src = std::fs::read_to_string(&self.path)
            .unwrap_or_else(|e| panic!("{}: {e}", self.path.display()));
        // Include paths relative to the working directory where they can be (cargo runs
        // tests in the package's folder), for the same reason as the name below: `assert()`
        // in a header writes the header's path into the PTX.
        let cwd = std::env::current_dir().ok();
        let include_paths = self
            .include_paths
            .iter()
            .map(
                |p| match cwd.as_deref().and_then(|c| p.strip_prefix(c).ok()) {
                    Some(rel) => rel.to_path_buf(),
                    None => p.clone(),
                },
            )
            .collect();
        let options = ProgramOptions {
            arch: Some("compute_80".into()),
            include_paths,
            extra: self.options.clone(),
            ..Default::default()
        };
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        // Named by its place in the corpus, not its path on this machine: `assert()` puts the
        // file's name into the PTX, which must not depend on where the checkout is (the GPU's
        // records are matched to the PTX by its hash).
        let code = Program::new(src, options)
            .with_name(self.id())
            .compile(ImageKind::Ptx, &names)?;
        Ok(code.ptx_text().unwrap_or_default().to_string())
    }
}

/// `p` relative to `tests/realworld`.
pub fn rel(p: &Path) -> String {
    p.strip_prefix(corpus_dir())
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// Reads `tests/realworld/*/units.txt` (format in tests/realworld/README.md).
pub fn units() -> Vec<Unit> {
    let mut projects: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("units.txt").is_file())
        .collect();
    projects.sort();
    let shim = corpus_dir().join("shim");
    let mut units = Vec::new();
    for dir in projects {
        let project = dir.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(dir.join("units.txt")).unwrap();
        let mut options = Vec::new();
        let mut includes = Vec::new();
        let mut mine: Vec<Unit> = Vec::new();
        for line in text.lines().map(str::trim) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "" | "#" => {}
                k if k.starts_with('#') => {}
                "options" => options = rest.split_whitespace().map(String::from).collect(),
                "include" => includes.push(dir.join(rest.trim())),
                "unit" => {
                    let path = dir.join(rest.trim());
                    let mut include_paths =
                        vec![shim.clone(), path.parent().unwrap().to_path_buf()];
                    include_paths.extend(includes.iter().cloned());
                    mine.push(Unit {
                        project: project.clone(),
                        path,
                        options: options.clone(),
                        include_paths,
                        names: Vec::new(),
                    });
                }
                "name" => mine
                    .last_mut()
                    .expect("a name line follows a unit line")
                    .names
                    .push(rest.trim().to_string()),
                other => panic!("{}: unknown line kind `{other}`", dir.display()),
            }
        }
        units.extend(mine);
    }
    units
}

/// The kernels a PTX module declares, in order.
pub fn entries(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| {
            let rest = l.split(".entry").nth(1)?;
            if !l.trim_start().starts_with('.') {
                return None;
            }
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
                .collect();
            (!name.is_empty()).then_some(name)
        })
        .collect()
}

/// Runs `f` over `items` on up to `threads` threads; results in input order.
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= items.len() {
                    break;
                }
                let r = f(&items[i]);
                out.lock().unwrap()[i] = Some(r);
            });
        }
    });
    out.into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every item ran"))
        .collect()
}

/// The cargo target directory (where the tests write their listings).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// Worker threads for compiling: the machine's cores, at most 8.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 8)
}
