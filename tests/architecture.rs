//! The layering the README's "Architecture" section describes, checked on the sources:
//! API files name no backend and have no `cfg(target_arch)`, no module imports a module
//! that imports it back, and `unsafe` appears only in the driver, the bindings, the PTX
//! engine and the few places listed here with their reason.

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

/// Drops `//` comments (doc comments included): a path in prose is not an import.
fn strip_comments(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
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
            "sim::device",
            "sim::Sim",
            "gpu()",
        ] {
            assert!(
                !text.contains(banned),
                "core/src/{name}.rs names a backend ({banned}); go through backend::seam"
            );
        }
    }
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let m = all();
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
    for (module, text) in &m {
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
    let mut cycles = Vec::new();
    for (a, deps) in &edges {
        for b in deps {
            if edges.get(b.as_str()).is_some_and(|d| d.contains(*a)) && *a < b.as_str() {
                cycles.push(format!("{a} <-> {b}"));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules that import each other: {cycles:?}"
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

/// Modules of plain data and leaf helpers that both backends may use.
fn is_plain_data(module: &str) -> bool {
    matches!(
        module,
        "error" | "info" | "options" | "sampling" | "limits" | "names"
    )
}

#[test]
fn unsafe_lives_in_the_driver_the_bindings_and_the_engine() {
    let m = all();
    // Outside driver/, sys/ and sim/engine/, each file that may hold `unsafe`, and why.
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
            "backend::seam",
            "Context::from_raw's promise, passed on to the driver",
        ),
        (
            "backend::slot",
            "the one cuLibraryUnload, which the slot makes safe to call",
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
            || module.starts_with("sys::")
            || module.starts_with("sim::engine");
        assert!(
            free || allowed.contains_key(module.as_str()),
            "core/src/{module} uses unsafe; move the call into driver/ (or explain it here)"
        );
    }
}
