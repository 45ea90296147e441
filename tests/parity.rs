//! Keeps the parity page (`core/guide/parity.md`) true: every row marked ✓ names items of
//! this crate that exist, every row marked ✗ gives a reason, and a row marked ✗ whose
//! named item has since appeared fails, so that the page is updated when it lands.
//!
//! The items are found in the crate's sources, not its rustdoc (which needs a nightly
//! compiler): the names `lib.rs` exports (`pub use`, `pub mod`, `#[macro_export]`), and for
//! each type the `pub fn`/`pub const` of its `impl` blocks, the methods of the traits it
//! implements, and its enum variants, in the API files (`core/src` without the seam and the
//! backends, `backend/`, `driver/`, `sim/`, `sys/`, whose types share the API's names but
//! are not the API; `backend/mod.rs` and `driver/interop.rs`, the public `interop` module,
//! are read).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The page, relative to the package root.
const PAGE: &str = "core/guide/parity.md";

/// What the crate's API files declare.
#[derive(Default, Debug)]
struct Api {
    /// Names usable as `cuda_library::NAME`: re-exports, public modules, exported macros
    /// (with their `!`).
    root: BTreeSet<String>,
    /// Members by type name: methods, associated constants, enum variants.
    members: BTreeMap<String, BTreeSet<String>>,
    /// Public items by public module (`ipc`, `guide`, `timing`, ...).
    modules: BTreeMap<String, BTreeSet<String>>,
}

/// `src` with comments removed and string and character literals emptied, so that braces
/// and keywords in them are not counted.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |e| e + 2);
        } else if let Some(len) = raw_string_len(src, i) {
            out.push_str("\"\"");
            i += len;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), not a lifetime ('a).
            let lit = match (b.get(i + 1), b.get(i + 2)) {
                (Some(b'\\'), _) => rest[2..].find('\'').map(|e| e + 3),
                (Some(_), _) => {
                    let ch = rest[1..].chars().next().map_or(1, char::len_utf8);
                    (rest.as_bytes().get(1 + ch) == Some(&b'\'')).then_some(ch + 2)
                }
                _ => None,
            };
            match lit {
                Some(len) => {
                    out.push_str("' '");
                    i += len;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`, `br"..."`) starting at `i`.
fn raw_string_len(src: &str, i: usize) -> Option<usize> {
    let b = src.as_bytes();
    if i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_') {
        return None;
    }
    let start = if src[i..].starts_with("br") {
        i + 2
    } else {
        i + 1
    };
    if !(b[i] == b'r' || src[i..].starts_with("br")) {
        return None;
    }
    let hashes = src[start..].bytes().take_while(|&c| c == b'#').count();
    if b.get(start + hashes) != Some(&b'"') {
        return None;
    }
    let close = format!("\"{}", "#".repeat(hashes));
    let body = start + hashes + 1;
    let end = src[body..]
        .find(&close)
        .map_or(src.len(), |e| body + e + close.len());
    Some(end - i)
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The type an `impl` line implements for: `impl<T> Foo<T> {`, `impl Trait for Foo {`.
fn impl_target(line: &str) -> Option<String> {
    let rest = line.strip_prefix("impl")?;
    if !(rest.starts_with(' ') || rest.starts_with('<')) {
        return None;
    }
    // Skip the impl's own generics.
    let mut rest = rest.trim_start();
    if rest.starts_with('<') {
        let mut depth = 0;
        let mut end = 0;
        for (k, c) in rest.char_indices() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = rest[end..].trim_start();
    }
    let head = rest.split('{').next()?.split(" where ").next()?;
    let ty = match head.split_once(" for ") {
        Some((_, ty)) => ty,
        None => head,
    };
    let ty = ty.trim().trim_start_matches('&').trim_start_matches("mut ");
    let last = ty.split('<').next()?.rsplit("::").next()?.trim();
    (!last.is_empty()).then(|| last.to_string())
}

/// What a `{ ... }` at the top of a file holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Body {
    /// `impl Type { ... }`.
    Impl,
    /// `impl Trait for Type { ... }`.
    TraitImpl,
    /// `pub enum Type { ... }`.
    Enum,
}

/// Adds what one API file declares to `api`; `module` is its public module, if any.
fn scan_file(src: &str, module: Option<&str>, api: &mut Api) {
    let code = code_only(src);
    let mut depth: i32 = 0;
    // The type whose impl or enum body is open, the depth it opened at, and what it is.
    let mut open: Option<(String, i32, Body)> = None;
    let mut exported_macro = false;
    for line in code.lines() {
        let t = line.trim();
        if depth == 0 {
            if let Some(ty) = impl_target(t) {
                let body = match t.contains(" for ") {
                    true => Body::TraitImpl,
                    false => Body::Impl,
                };
                open = Some((ty, 0, body));
            } else if let Some(rest) = t.strip_prefix("pub enum ") {
                open = Some((ident(rest).to_string(), 0, Body::Enum));
            }
            if let Some(m) = module {
                for kw in [
                    "pub struct ",
                    "pub enum ",
                    "pub trait ",
                    "pub type ",
                    "pub fn ",
                    "pub const ",
                    "pub mod ",
                    "pub static ",
                ] {
                    if let Some(rest) = t.strip_prefix(kw) {
                        api.modules
                            .entry(m.to_string())
                            .or_default()
                            .insert(ident(rest).to_string());
                    }
                }
            }
            if t.starts_with("#[macro_export]") {
                exported_macro = true;
            } else if let Some(rest) = t.strip_prefix("macro_rules! ") {
                if exported_macro {
                    api.root.insert(format!("{}!", ident(rest)));
                }
                exported_macro = false;
            }
        } else if let Some((ty, at, body)) = &open {
            if depth == at + 1 {
                // A trait's methods are public when the trait is; an inherent impl's only
                // when marked `pub`.
                let keywords: &[&str] = match body {
                    Body::TraitImpl => &["fn ", "unsafe fn ", "const "],
                    _ => &["pub fn ", "pub unsafe fn ", "pub const fn ", "pub const "],
                };
                let member = match body {
                    Body::Enum => Some(ident(t)).filter(|n| n.starts_with(char::is_uppercase)),
                    _ => keywords.iter().find_map(|kw| t.strip_prefix(kw).map(ident)),
                };
                if let Some(name) = member.filter(|n| !n.is_empty()) {
                    api.members
                        .entry(ty.clone())
                        .or_default()
                        .insert(name.to_string());
                }
            }
        }
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        if open.as_ref().is_some_and(|(_, at, _)| depth <= *at) && line.contains('}') {
            open = None;
        }
    }
}

/// The names `lib.rs` makes usable at the root, and its public modules.
fn scan_lib(src: &str, api: &mut Api) -> Vec<String> {
    let code = code_only(src);
    let mut modules = Vec::new();
    // `pub use` statements may span lines: join each up to its `;`.
    let mut statement = String::new();
    for line in code.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("pub mod ") {
            let name = ident(rest).to_string();
            api.root.insert(name.clone());
            modules.push(name);
        }
        if t.starts_with("pub use ") || !statement.is_empty() {
            statement.push_str(t);
            statement.push(' ');
            if t.ends_with(';') {
                let body = statement
                    .trim()
                    .trim_start_matches("pub use ")
                    .trim_end_matches(';');
                let names = match (body.find('{'), body.rfind('}')) {
                    (Some(a), Some(b)) => body[a + 1..b].to_string(),
                    _ => body.rsplit("::").next().unwrap_or(body).to_string(),
                };
                for part in names.split(',') {
                    let part = part.trim();
                    let name = match part.split_once(" as ") {
                        Some((_, alias)) => alias.trim(),
                        None => part.rsplit("::").next().unwrap_or(part),
                    };
                    if !name.is_empty() && name != "self" {
                        api.root.insert(ident(name).to_string());
                    }
                }
                statement.clear();
            }
        }
    }
    modules
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What `core/src` declares, the backends left out.
fn api(root: &Path) -> Api {
    let src = root.join("core/src");
    let mut api = Api::default();
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("core/src/lib.rs");
    let modules = scan_lib(&lib, &mut api);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for file in files {
        let rel = file.strip_prefix(&src).expect("under core/src");
        let first = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("");
        // `driver/interop.rs` is the public `interop` module (feature `cudarc`);
        // `backend/mod.rs` holds `BackendKind` and `backend()`.
        let interop = rel == Path::new("driver/interop.rs");
        let api_file = interop || rel == Path::new("backend/mod.rs");
        if ["backend", "driver", "sim", "sys"].contains(&first) && !api_file {
            continue;
        }
        let stem = first.trim_end_matches(".rs");
        let module = if interop {
            Some("interop")
        } else {
            modules
                .iter()
                .find(|m| m.as_str() == stem)
                .map(String::as_str)
        };
        let text = std::fs::read_to_string(&file).expect("a source file");
        scan_file(&text, module, &mut api);
    }
    api
}

/// Whether `path` (relative to `cuda_library::`) names something in `api`.
fn exists(api: &Api, path: &str) -> bool {
    match path.split("::").collect::<Vec<_>>().as_slice() {
        [name] => api.root.contains(*name),
        [first, second] => {
            let as_member = api.root.contains(*first)
                && api.members.get(*first).is_some_and(|m| m.contains(*second));
            let in_module = api.modules.get(*first).is_some_and(|m| m.contains(*second));
            as_member || in_module
        }
        [module, ty, member] => {
            api.modules.get(*module).is_some_and(|m| m.contains(*ty))
                && api.members.get(*ty).is_some_and(|m| m.contains(*member))
        }
        _ => false,
    }
}

/// One row of the page's tables.
struct Row {
    line: usize,
    theirs: String,
    present: bool,
    /// The backticked paths of the "here" column.
    here: Vec<String>,
    why: String,
}

/// The text between backticks in `cell`.
fn backticked(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Every row of every four-column table whose status column holds ✓ or ✗; a row with any
/// other status is returned as an error.
fn rows(page: &str) -> (Vec<Row>, Vec<String>) {
    let mut rows = Vec::new();
    let mut bad = Vec::new();
    for (k, line) in page.lines().enumerate() {
        let t = line.trim();
        if !t.starts_with('|') || t.starts_with("|---") || t.starts_with("| ---") {
            continue;
        }
        let cells: Vec<&str> = t.trim_matches('|').split('|').map(str::trim).collect();
        if cells.len() != 4 || cells[1] == "Here" {
            continue;
        }
        let present = match cells[2] {
            "✓" => true,
            "✗" => false,
            other => {
                bad.push(format!(
                    "{PAGE}:{}: row '{}' has status {other:?}: write ✓ or ✗",
                    k + 1,
                    cells[0]
                ));
                continue;
            }
        };
        rows.push(Row {
            line: k + 1,
            theirs: cells[0].to_string(),
            present,
            here: backticked(cells[1]),
            why: cells[3].to_string(),
        });
    }
    (rows, bad)
}

#[test]
fn every_row_of_the_parity_page_is_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join(PAGE)).expect("the parity page");
    let api = api(root);
    let (rows, mut wrong) = rows(&page);
    assert!(
        rows.len() >= 60,
        "{PAGE} has {} rows: the tables were not found (columns: theirs | Here | ✓/✗ | notes)",
        rows.len()
    );
    for row in &rows {
        let at = format!("{PAGE}:{}: row '{}'", row.line, row.theirs);
        if row.present {
            if row.here.is_empty() {
                wrong.push(format!(
                    "{at} is ✓ but names nothing of this crate in `backticks`"
                ));
            }
            for path in row.here.iter().filter(|p| !exists(&api, p)) {
                wrong.push(format!(
                    "{at} is ✓ but `{path}` is not in cuda_library: fix the name or mark the row ✗ \
                     with the reason"
                ));
            }
        } else {
            if row.why.len() < 12 {
                wrong.push(format!(
                    "{at} is ✗ without a stated reason in its last column"
                ));
            }
            for path in row.here.iter().filter(|p| exists(&api, p)) {
                wrong.push(format!(
                    "{at} is ✗ but `{path}` now exists in cuda_library: mark the row ✓ (and keep \
                     its note true)"
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the parity page is wrong:\n{}",
        wrong.join("\n")
    );
    let present = rows.iter().filter(|r| r.present).count();
    println!(
        "{PAGE}: {} rows, {present} ✓, {} ✗",
        rows.len(),
        rows.len() - present
    );
}

/// The scanner finds what it must, and nothing that is not there (so a ✓ cannot pass by
/// accident).
#[test]
fn the_scanner_finds_known_items_and_rejects_made_up_ones() {
    let api = api(Path::new(env!("CARGO_MANIFEST_DIR")));
    for real in [
        "Device",
        "Device::new",
        "Context::create_stream",
        "DeviceBuffer::from_slice",
        "Stream::alloc_async_from",
        "MemPool::new",
        "MemPool::export_fd",
        "IpcBuffer::open",
        "BackendKind::Sim",
        "launch!",
        "backend",
        "ipc::IpcEvent",
        "guide::api",
        "LaunchConfig::new",
    ] {
        assert!(exists(&api, real), "`{real}` exists but was not found");
    }
    for made_up in [
        "Devicee",
        "Device::warp_drive",
        "Context::new_green",
        "launch_now!",
        "ipc::Nothing",
        "guide::nowhere",
        "MemPool::create_shareable", // the seam's, not the API's
        "IpcBuffer::deref_fails",
        "Kernel::launch_checked", // not a method anywhere
        "DeviceBuffer::alloc",    // a private method
        "a::b::c::d",
    ] {
        assert!(
            !exists(&api, made_up),
            "`{made_up}` does not exist but was found"
        );
    }
}

#[test]
fn literals_and_comments_do_not_count() {
    let code = code_only(
        "let a = \"{ pub fn fake\"; // { pub fn fake2\nlet c = '{'; /* } */ let r = r#\"}\"#; fn f<'a>() {}",
    );
    assert!(!code.contains("fake"), "{code}");
    assert_eq!(code.matches('{').count(), 1, "{code}");
    assert_eq!(code.matches('}').count(), 1, "{code}");
}
