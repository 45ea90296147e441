//! The layering the contributing guide's "Architecture" section describes, checked on the
//! sources: API files name no backend and have no `cfg(target_arch)`, no module imports a
//! module that imports it back, `unsafe` appears only in the driver, the bindings, the
//! PTX engine and the few places listed here with their reason, and the crates below
//! cuda-library (the engine, the compiler) name nothing of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src")
}

/// Every `.rs` file under `dir`, as (module path, source without comments).
fn modules(dir: &Path, prefix: &str, out: &mut BTreeMap<String, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("core/src is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        let name = p
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        if p.is_dir() {
            let child = join(prefix, &name);
            modules(&p, &child, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let module = match name.as_str() {
                "mod" | "lib" => prefix.to_string(),
                _ => join(prefix, &name),
            };
            let text = std::fs::read_to_string(&p).expect("source is UTF-8");
            out.insert(module, strip_comments(&text));
        }
    }
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}::{name}")
    }
}

/// The code alone: comments (doc comments included) and the text of string and character
/// literals are dropped, so a path in prose or in a message is neither an import nor a name
/// the API files may not use.
fn strip_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && at(i + 1) == '/' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                i += 1;
            }
            i += 2;
            out.push(' ');
        } else if c == '"'
            || (c == 'r' && matches!(at(i + 1), '"' | '#') && !ident(at(i.wrapping_sub(1))))
        {
            // A string, raw (`r#"..."#`) or not; `b"..."` is a `b` followed by one.
            let mut hashes = 0;
            if c == 'r' {
                i += 1;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                if at(i) != '"' {
                    // `r#ident`, not a string.
                    out.push('r');
                    continue;
                }
            }
            i += 1;
            loop {
                match at(i) {
                    '\0' => break,
                    '\\' if c != 'r' => i += 2,
                    '"' if (1..=hashes).all(|h| at(i + h) == '#') => {
                        i += 1 + hashes;
                        break;
                    }
                    _ => i += 1,
                }
            }
            out.push_str("\"\"");
        } else if c == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal (a lifetime has no closing quote).
            i += if at(i + 1) == '\\' { 3 } else { 1 };
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `text` starts a path with `module::` (`sim::X` after `use crate::{sim, ..}`;
/// not `crate::sim::X`, which the list above catches, nor `is_sim::` or `a::sim::`).
fn names_path(text: &str, module: &str) -> bool {
    let key = format!("{module}::");
    text.match_indices(&key).any(|(i, _)| {
        !text[..i]
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// The paths a module names after `crate::` or `super::`, braces expanded one level.
fn named_paths(module: &str, text: &str) -> Vec<String> {
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    let mut out = Vec::new();
    for (key, base) in [("crate::", String::new()), ("super::", parent(module))] {
        let mut rest = text;
        while let Some(i) = rest.find(key) {
            let before = rest[..i].chars().last();
            rest = &rest[i + key.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let path: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let path = path.trim_end_matches(':').to_string();
            let after = &rest[path.len()..];
            let after = after.trim_start_matches(':');
            if after.starts_with('{') {
                let inner = &after[1..after.find('}').unwrap_or(after.len())];
                for item in inner.split(',') {
                    let item = item.split_whitespace().next().unwrap_or_default();
                    let item = item.trim_end_matches(':');
                    if !item.is_empty() && item != "self" {
                        out.push(join(&base, &join(&path, item)));
                    } else if item == "self" {
                        out.push(join(&base, &path));
                    }
                }
            } else if !path.is_empty() {
                out.push(join(&base, &path));
            }
        }
    }
    out
}

/// The module a path lands in: its longest prefix that is a module, or, for a name the
/// crate root re-exports, the module it comes from.
fn resolve(
    path: &str,
    modules: &BTreeSet<String>,
    reexports: &BTreeMap<String, String>,
) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    for n in (1..=parts.len()).rev() {
        let candidate = parts[..n].join("::");
        if modules.contains(&candidate) {
            return Some(candidate);
        }
    }
    reexports.get(parts[0]).cloned()
}

fn all() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    modules(&src(), "", &mut m);
    m
}

/// Top-level files other than the crate root: the public API types, plain data and the
/// small leaf modules (error, names, limits).
fn api_files(m: &BTreeMap<String, String>) -> Vec<&String> {
    let dirs: BTreeSet<&str> = m
        .keys()
        .filter_map(|k| k.split_once("::").map(|(d, _)| d))
        .collect();
    m.keys()
        .filter(|k| !k.is_empty() && !k.contains("::") && !dirs.contains(k.as_str()))
        .collect()
}

#[test]
fn api_files_name_no_backend_and_have_no_target_cfg() {
    let m = all();
    let api = api_files(&m);
    assert!(api.len() >= 15, "the API files were not found: {api:?}");
    for name in api {
        let text = &m[name];
        assert!(
            !text.contains("target_arch"),
            "core/src/{name}.rs has a cfg(target_arch): the seam (backend/seam.rs) is where \
             the driver side is compiled out"
        );
        // The driver-only API file (raw.rs) names the bindings' types, which is its point.
        if name == "raw" || name == "program" {
            continue;
        }
        for banned in [
            "crate::driver",
            "crate::sys",
            "crate::sim",
            "SimLibrary",
            "SimBackend",
            "DriverBackend",
            "is_sim(",
            "gpu()",
        ] {
            assert!(
                !text.contains(banned),
                "core/src/{name}.rs names a backend ({banned}); go through backend::seam"
            );
        }
        // `sim::` as a path, however imported (`use crate::{sim, ..}` then `sim::X`).
        assert!(
            !names_path(text, "sim"),
            "core/src/{name}.rs names the simulator (sim::); go through backend::seam"
        );
    }
}

/// `display/` renders what the public API returns: it reaches into no backend and no
/// handle's insides (the data it shows comes from `Device::properties`, `crate::backend()`,
/// `Library::kernel_table` and the like).
#[test]
fn display_only_renders() {
    let m = all();
    let display: Vec<&String> = m.keys().filter(|k| k.starts_with("display")).collect();
    assert!(display.len() >= 5, "display/ was not found: {display:?}");
    for name in display {
        for banned in [
            "crate::driver",
            "crate::sys",
            "sim::device",
            "sim::library",
            "sim::engine",
            "backend::seam",
            "backend::slot",
            "backend::shadow",
            "SimLibrary",
            "is_sim(",
        ] {
            assert!(
                !m[name].contains(banned),
                "core/src/{name} gathers data ({banned}); display/ only renders what the API returns"
            );
        }
    }
}

/// Each module's imports: the other modules it names (`crate::` and `super::` paths, and
/// the names the crate root re-exports), a module and its own submodules counting as one.
fn imports(m: &BTreeMap<String, String>) -> BTreeMap<&str, BTreeSet<String>> {
    let names: BTreeSet<String> = m.keys().cloned().collect();
    // `pub use module::{A, B}` at the crate root: `crate::A` is module's.
    let mut reexports = BTreeMap::new();
    for line in m[""].split(';') {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        for p in named_paths("", &format!("crate::{rest}")) {
            if let (Some(module), Some(item)) =
                (resolve(&p, &names, &BTreeMap::new()), p.rsplit("::").next())
            {
                reexports.insert(item.to_string(), module);
            }
        }
    }
    let mut edges: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in m {
        let deps = edges.entry(module).or_default();
        for p in named_paths(module, text) {
            if let Some(d) = resolve(&p, &names, &reexports) {
                // A module and its own submodules are one unit (a parent declares and
                // re-exports its children; children use their parent's items).
                let related = d == *module
                    || d.starts_with(&format!("{module}::"))
                    || module.starts_with(&format!("{d}::"))
                    || d.is_empty();
                if !related {
                    deps.insert(d);
                }
            }
        }
    }
    edges
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let m = all();
    let edges = imports(&m);
    let cycles = cycles(&edges);
    assert!(
        cycles.is_empty(),
        "modules that import each other, directly or through others: {cycles:?}"
    );
    // The layering: the seam knows both backends, the API knows only the seam.
    // (`driver::interop` is the cudarc conversions of API types: it is API built on the
    // driver, and exists only with the `cudarc` feature.)
    for backend_module in ["driver", "sim"] {
        for (module, deps) in &edges {
            if module.starts_with(backend_module) && *module != "driver::interop" {
                for d in deps {
                    assert!(
                        !api_files(&m).contains(&d) || is_plain_data(d),
                        "{module} (a backend) imports the API module {d}"
                    );
                }
            }
        }
    }
}

/// Modules that sit in a folder for locality but belong to another layer, and why. Below:
/// plain data or a contract that names nothing but plain data (checked), so whichever
/// folders use it, no value goes through it and back. Above: API built on the folder.
const BELOW_THEIR_FOLDER: [(&str, &str); 3] = [
    (
        "backend::interface",
        "the contract both backends implement: traits over plain data",
    ),
    (
        "linker::input",
        "what a linker is given and makes, which the driver's linkers take",
    ),
    (
        "linker::options",
        "what a link is asked for, which the driver's cuLink takes",
    ),
];
const ABOVE_THEIR_FOLDER: [(&str, &str); 1] = [(
    "driver::interop",
    "the cudarc conversions of API types: API built on the driver, with the cudarc feature",
)];

/// The top-level folder a module is in, if it is in one (`sim::engine::ir` is in `sim`; a
/// top-level file such as `context` is in none).
fn folder<'a>(module: &'a str, m: &BTreeMap<String, String>) -> Option<&'a str> {
    let top = module.split("::").next()?;
    let is_folder = m.keys().any(|k| k.starts_with(&format!("{top}::")));
    is_folder.then_some(top)
}

/// The folders of `core/src` as layers: no folder names a module of another folder that
/// names it back, directly or through other folders (the module-level test above sees a
/// cycle only between single modules, so `sim::library` making a `profile::launch` value
/// that names `sim::engine` types went unseen).
#[test]
fn no_folder_imports_a_folder_that_imports_it_back() {
    let m = all();
    let edges = imports(&m);
    let below: BTreeSet<&str> = BELOW_THEIR_FOLDER.iter().map(|(m, _)| *m).collect();
    let above: BTreeSet<&str> = ABOVE_THEIR_FOLDER.iter().map(|(m, _)| *m).collect();
    for (module, _) in BELOW_THEIR_FOLDER.iter().chain(&ABOVE_THEIR_FOLDER) {
        assert!(
            m.contains_key(*module),
            "{module} is listed but does not exist"
        );
    }
    for module in &below {
        for d in &edges[module] {
            assert!(
                is_plain_data(d) || folder(d, &m) == Some("image"),
                "{module} is listed as below its folder but names {d}, which is not plain data"
            );
        }
    }
    let mut folders: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (module, deps) in &edges {
        let Some(from) = folder(module, &m) else {
            continue;
        };
        if above.contains(module) {
            continue;
        }
        for d in deps {
            match folder(d, &m) {
                Some(to) if to != from && !below.contains(d.as_str()) => {
                    folders.entry(from).or_default().insert(to.to_string());
                }
                _ => {}
            }
        }
    }
    assert!(
        folders.len() >= 8,
        "the folders were not found: {folders:?}"
    );
    let cycles = cycles(&folders);
    assert!(
        cycles.is_empty(),
        "folders that import each other, directly or through others: {cycles:?}; move the \
         plain data they share below both (beside info.rs, or into the lower folder)"
    );
}

/// Modules of plain data and leaf helpers that both backends may use. (The limits and the
/// texture descriptors are the engine crate's, below every module here.)
fn is_plain_data(module: &str) -> bool {
    matches!(module, "error" | "info" | "options" | "names")
}

/// The crates below cuda-library: the PTX engine and the built-in compiler. Each depends on
/// no crate of this workspace, so the compiler refuses any use of the API, the seam or the
/// driver in them; this checks the manifests that make it so, and that no source names
/// `cuda_library` (a doc example may).
#[test]
fn the_engine_and_the_compiler_name_nothing_of_the_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["core/engine", "core/compiler"] {
        let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml"))
            .expect("the crate's manifest is readable");
        let mut section = "";
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line;
            } else if section.contains("dependencies") {
                assert!(
                    !line.starts_with("cuda-library") && !line.contains("path ="),
                    "{dir}/Cargo.toml depends on a crate of this workspace ({line}): it must \
                     stay below cuda-library"
                );
            }
        }
        let mut sources = BTreeMap::new();
        modules(&root.join(dir).join("src"), "", &mut sources);
        assert!(sources.len() >= 5, "{dir}/src was not found");
        for (module, text) in &sources {
            assert!(
                !text.contains("cuda_library::"),
                "{dir}/src {module} names cuda_library; the API is above this crate"
            );
        }
    }
}

#[test]
fn unsafe_lives_in_the_driver_the_bindings_and_the_engine() {
    let m = all();
    // Outside driver/ and sys/ (and the engine crate, core/engine), each file that may hold
    // `unsafe`, and why.
    let allowed: BTreeMap<&str, &str> = [
        (
            "memory",
            "the DeviceRepr contract and the byte views it makes sound",
        ),
        (
            "options",
            "HostTable::from_raw is an unsafe fn (a pointer the driver reads)",
        ),
        (
            "library",
            "Library::from_raw is an unsafe fn (a CUlibrary someone else loaded)",
        ),
        (
            "context",
            "Context::from_raw passes its caller's promise on",
        ),
        (
            "backend::interface",
            "the contract's unsafe fn unload (the slot calls it once, with no call in progress)",
        ),
        (
            "sim::library",
            "implements the contract's unsafe fn unload; it does nothing unsafe",
        ),
        (
            "backend::seam",
            "the slot's promise for Library::unload, passed on to the backend",
        ),
        (
            "backend::driver_only",
            "the promises of Context::from_raw, Library::from_raw and a borrowed stream, \
             passed on to the driver",
        ),
        (
            "backend::slot",
            "the one cuLibraryUnload, which the slot makes safe to call",
        ),
        (
            "managed",
            "a host view of managed memory reads it in place (host-addressable on the driver; \
             the buffer's rule keeps kernels off it while the view lives), and a copy's \
             zeroed elements are valid by the DeviceRepr contract",
        ),
        (
            "program_cache::private_dir",
            "geteuid (no argument, cannot fail): the compile cache uses only this user's directory",
        ),
    ]
    .into_iter()
    .collect();
    for (module, text) in &m {
        if !text.contains("unsafe") {
            continue;
        }
        let free = module == "driver"
            || module.starts_with("driver::")
            || module == "sys"
            || module.starts_with("sys::");
        assert!(
            free || allowed.contains_key(module.as_str()),
            "core/src/{module} uses unsafe; move the call into driver/ (or explain it here)"
        );
    }
}

/// The import cycles of any length: each strongly connected set of two or more modules
/// (Tarjan's algorithm), as one shortest cycle through its first module, `a -> b -> c -> a`.
fn cycles(edges: &BTreeMap<&str, BTreeSet<String>>) -> Vec<String> {
    struct Walk<'a> {
        edges: &'a BTreeMap<&'a str, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        sets: Vec<Vec<&'a str>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.edges.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(lw);
                } else if self.stack.contains(&w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).expect("visited");
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    set.push(w);
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.sets.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        sets: Vec::new(),
    };
    for &v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.sets
        .iter()
        .map(|set| shortest_cycle(edges, set).join(" -> "))
        .collect()
}

/// The shortest path from `set[0]` back to itself inside `set` (breadth first).
fn shortest_cycle<'a>(
    edges: &'a BTreeMap<&str, BTreeSet<String>>,
    set: &[&'a str],
) -> Vec<&'a str> {
    let start = set[0];
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for w in edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !set.contains(&w) {
                continue;
            }
            if w == start {
                let mut path = vec![start, v];
                let mut at = v;
                while let Some(&p) = came_from.get(at) {
                    path.push(p);
                    at = p;
                }
                path.push(start);
                path.dedup();
                // Built backwards from the end: start, v, ..., start reversed.
                let mut out: Vec<&str> = path.into_iter().rev().collect();
                out.dedup();
                return out;
            }
            if w != start && !came_from.contains_key(w) {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    set.to_vec()
}

/// The seam is generated (issue 35): `backend/seam.rs` stays under 500 lines, its
/// forwarders written by `forward!` and the driver-only calls (in `backend/driver_only.rs`)
/// by `driver_only!`; a `match` written out (`on!`) is left only where two handles must be
/// of one backend or the call is not one call of the same name, so a new hand-written
/// forwarder fails here.
#[test]
fn seam_is_generated() {
    let m = all();
    let seam = &m["backend::seam"];
    let lines = seam.lines().count();
    assert!(
        lines < 500,
        "backend/seam.rs is {lines} lines: write forwarders with forward! and driver-only \
         calls with driver_only! (backend::dispatch) instead of by hand"
    );
    for (module, most) in [("backend::seam", 6), ("backend::driver_only", 1)] {
        let written = m[module].matches("on!(").count();
        assert!(
            written <= most,
            "{module} has {written} hand-written matches (at most {most}): generate the \
             forwarder (forward!, driver_only!) instead"
        );
    }
}
