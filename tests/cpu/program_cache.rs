//! The compile cache through `Program::compile`: a second compile reads the first one's
//! result, anything that changes NVRTC's output misses, damaged entries are rewritten,
//! processes share a cache, and the switch turns it off. Each test uses a cache directory
//! of its own, so tests running at once do not see each other's entries.
//!
//! `cargo test --release --test cpu program_cache -- --nocapture` prints the timings of the
//! notebook's compile cell (first compile, then from the cache).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use cuda_library::{ImageKind, Program, ProgramCache, ProgramOptions};

/// The compile cell of `notebooks/04-nvrtc-launch-and-time.ipynb`.
const CELL: &str = r#"
extern "C" __global__ void vadd(const float* a, const float* b, float* c, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        c[i] = a[i] + b[i];
}

template <typename T>
__global__ void scale(T* x, T s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}
"#;

fn nvrtc_available() -> bool {
    match Program::nvrtc_version() {
        Ok(_) => true,
        Err(e) => {
            crate::common::nvrtc::skip_without_nvrtc(e);
            false
        }
    }
}

/// A fresh cache directory for one test.
fn cache_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("culib-cache-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn cell(cache: &ProgramCache) -> Program {
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    Program::new(CELL, options)
        .with_name("cell.cu")
        .with_cache(cache.clone())
}

#[test]
fn a_second_compile_reads_the_first_from_the_cache() {
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("second"));
    let t = Instant::now();
    let first = cell(&cache)
        .compile(ImageKind::Ptx, &["scale<float>"])
        .unwrap();
    let cold = t.elapsed();
    let t = Instant::now();
    let second = cell(&cache)
        .compile(ImageKind::Ptx, &["scale<float>"])
        .unwrap();
    let warm = t.elapsed();
    assert_eq!(second, first);
    assert_eq!(
        second.symbol_mapping()["scale<float>"],
        "_Z5scaleIfEvPT_S0_i"
    );
    assert_eq!(
        (cache.misses(), cache.hits(), cache.len().unwrap()),
        (1, 1, 1)
    );
    // The same in a fresh NVRTC-warm state: best of a few, both ways.
    let best = |f: &dyn Fn() -> Duration| (0..5).map(|_| f()).min().unwrap_or_default();
    let uncached = best(&|| {
        let t = Instant::now();
        cell(&cache)
            .without_cache()
            .compile(ImageKind::Ptx, &["scale<float>"])
            .unwrap();
        t.elapsed()
    });
    let hit = best(&|| {
        let t = Instant::now();
        cell(&cache)
            .compile(ImageKind::Ptx, &["scale<float>"])
            .unwrap();
        t.elapsed()
    });
    let ratio = uncached.as_secs_f64() / hit.as_secs_f64().max(1e-9);
    println!(
        "compile cell: first {cold:?} (NVRTC loaded before), second {warm:?}; best of 5: NVRTC \
         {uncached:?}, cache {hit:?}, {ratio:.0}x"
    );
    // Debug builds hash and check entries slowly; the README's figure is a release build.
    assert!(ratio > 10.0, "a cache hit is only {ratio:.1}x faster");
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

#[test]
fn what_changes_the_output_changes_the_key() {
    if !nvrtc_available() {
        return;
    }
    let dir = cache_dir("key");
    let headers = dir.join("include");
    std::fs::create_dir_all(&headers).unwrap();
    std::fs::write(headers.join("factor.h"), "#define FACTOR 2\n").unwrap();
    let cache = ProgramCache::new(dir.join("cache"));
    let src = "#include \"factor.h\"\nextern \"C\" __global__ void k(int* x) { *x = FACTOR; }";
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        include_paths: vec![headers.clone()],
        ..Default::default()
    };
    let compile = |p: Program, target| p.with_cache(cache.clone()).compile(target, &[]).unwrap();
    let base = || Program::new(src, options.clone());
    let first = compile(base(), ImageKind::Ptx);
    assert!(first.ptx_text().unwrap().contains("2;"));
    // The header changes: a miss, and the new value.
    std::fs::write(headers.join("factor.h"), "#define FACTOR 3\n").unwrap();
    let changed = compile(base(), ImageKind::Ptx);
    assert!(changed.ptx_text().unwrap().contains("3;"), "stale header");
    assert_eq!((cache.hits(), cache.misses()), (0, 2));
    // Options, name, target and source each make another entry.
    compile(
        Program::new(src, options.clone().define("UNUSED", "1")),
        ImageKind::Ptx,
    );
    compile(base().with_name("other.cu"), ImageKind::Ptx);
    compile(base(), ImageKind::Cubin);
    compile(
        Program::new(format!("{src}\n"), options.clone()),
        ImageKind::Ptx,
    );
    assert_eq!((cache.hits(), cache.misses()), (0, 6));
    // And the original again hits.
    compile(base(), ImageKind::Ptx);
    assert_eq!(cache.hits(), 1);
    assert_eq!(cache.len().unwrap(), 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_entry_is_compiled_again_and_rewritten() {
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("damaged"));
    let good = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    let entry = std::fs::read_dir(cache.dir())
        .unwrap()
        .flatten()
        .find(|e| e.path().extension().is_some_and(|x| x == "entry"))
        .unwrap()
        .path();
    let bytes = std::fs::read(&entry).unwrap();
    let mut bad = bytes.clone();
    let middle = bad.len() / 2;
    bad[middle] ^= 1;
    std::fs::write(&entry, &bad).unwrap();
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!((cache.hits(), cache.misses()), (0, 2));
    assert_eq!(std::fs::read(&entry).unwrap(), bytes, "not rewritten");
    std::fs::write(&entry, b"").unwrap();
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!((cache.hits(), cache.misses()), (1, 3));
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

#[test]
fn compile_errors_are_not_kept() {
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("errors"));
    let broken = || {
        Program::new("__global__ void k() { nope(); }", ProgramOptions::default())
            .with_cache(cache.clone())
            .compile(ImageKind::Ptx, &[])
    };
    assert!(broken().is_err());
    assert!(broken().is_err());
    assert_eq!(cache.len().unwrap(), 0);
}

/// `CUDA_LIBRARY_COMPILE_CACHE=off` switches the default cache off; `without_cache` and
/// the process switch do too; `CUDA_LIBRARY_CACHE_DIR` moves it.
#[test]
fn the_default_cache_follows_the_environment_and_the_switch() {
    if in_child() {
        let mode = std::env::var("CULIB_TEST_MODE").unwrap_or_default();
        if mode == "off" {
            assert!(!ProgramCache::is_enabled());
            assert!(ProgramCache::user_default().is_none());
            return;
        }
        let dir = PathBuf::from(std::env::var_os("CUDA_LIBRARY_CACHE_DIR").unwrap());
        let cache = ProgramCache::user_default().expect("on by default");
        assert_eq!(cache.dir(), dir);
        assert_eq!(cache.max_bytes(), 12345);
        let p = Program::new(CELL, ProgramOptions::default());
        assert_eq!(p.cache(), Some(cache.clone()));
        if nvrtc_available() {
            p.clone()
                .without_cache()
                .compile(ImageKind::Ptx, &[])
                .unwrap();
            assert!(cache.is_empty().unwrap());
            p.compile(ImageKind::Ptx, &[]).unwrap();
            assert_eq!(cache.len().unwrap(), 1);
            ProgramCache::set_enabled(false);
            assert!(ProgramCache::user_default().is_none());
            p.with_name("b.cu").compile(ImageKind::Ptx, &[]).unwrap();
            assert_eq!(cache.len().unwrap(), 1);
        }
        return;
    }
    let dir = cache_dir("default");
    let exe = std::env::current_exe().unwrap();
    let name = crate::common::test_name(
        module_path!(),
        "the_default_cache_follows_the_environment_and_the_switch",
    );
    for (mode, env) in [
        ("off", [("CUDA_LIBRARY_COMPILE_CACHE", "off")]),
        ("on", [("CUDA_LIBRARY_CACHE_MAX_BYTES", "12345")]),
    ] {
        let mut cmd = Command::new(&exe);
        cmd.args([name.as_str(), "--exact", "--nocapture"])
            .env("CUDA_LIBRARY_CHILD", "1")
            .env("CULIB_TEST_MODE", mode)
            .env("CUDA_LIBRARY_CACHE_DIR", &dir)
            .env_remove("CUDA_LIBRARY_COMPILE_CACHE");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{mode}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn in_child() -> bool {
    std::env::var_os("CUDA_LIBRARY_CHILD").is_some()
}

// ---------------------------------------------------------------------------------------
// What the key covers: every file a compile could read (issue 34, item 2). Each test
// compiles, changes a header, and compiles again: the second compile must see the change,
// as an uncached compile does.

/// A kernel storing `V`, with `header` in front of it.
fn store_v(header: &str) -> String {
    format!("{header}\nextern \"C\" __global__ void k(int* x) {{ *x = V; }}\n")
}

/// The value the kernel stores, read from its PTX (`mov.u32 %r1, 1234;` or a `st` of it).
fn stored(code: &cuda_library::ObjectCode) -> u32 {
    let ptx = code.ptx_text().expect("PTX");
    [1111, 2222, 3333]
        .into_iter()
        .find(|v| ptx.contains(&format!(" {v};")))
        .unwrap_or_else(|| panic!("no known value in\n{ptx}"))
}

/// A fresh directory for one test's headers.
fn header_dir(test: &str) -> PathBuf {
    let dir = cache_dir(&format!("h-{test}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `header` defining V as `value`.
fn write_v(header: &Path, value: u32) {
    std::fs::write(header, format!("#define V {value}\n")).unwrap();
}

/// Compiles `program` through `cache` with the header at 1111, then at 2222 (twice): each
/// answer must be the header's value now. Returns the cache's (hits, misses, skipped).
fn follows_the_header(
    cache: &ProgramCache,
    program: &dyn Fn() -> Program,
    header: &Path,
) -> (u64, u64, u64) {
    let compile = || {
        stored(
            &program()
                .with_cache(cache.clone())
                .compile(ImageKind::Ptx, &[])
                .unwrap(),
        )
    };
    write_v(header, 1111);
    assert_eq!(compile(), 1111);
    write_v(header, 2222);
    assert_eq!(compile(), 2222, "stale code from the cache");
    assert_eq!(compile(), 2222);
    (cache.hits(), cache.misses(), cache.skipped())
}

fn ptx_options() -> ProgramOptions {
    ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    }
}

#[test]
fn include_spellings_the_preprocessor_accepts_are_followed() {
    if !nvrtc_available() {
        return;
    }
    let dir = header_dir("spellings");
    let header = dir.join("h.h");
    let options = ProgramOptions {
        include_paths: vec![dir.clone()],
        ..ptx_options()
    };
    for (i, spelling) in [
        "#include/**/\"h.h\"",
        "%:include \"h.h\"",
        "#include \\\n\"h.h\"",
        "#inc\\\nlude <h.h>",
        "/* a\n */ # /* b */ include /* c\n d */ \"h.h\"",
        "#if __has_include(\"h.h\")\n#include \"h.h\"\n#endif",
    ]
    .into_iter()
    .enumerate()
    {
        let cache = ProgramCache::new(cache_dir(&format!("spelling-{i}")));
        let src = store_v(spelling);
        let counts = follows_the_header(&cache, &|| Program::new(&src, options.clone()), &header);
        // Cached, and a miss when the header changed.
        assert_eq!(counts, (1, 2, 0), "{spelling:?}");
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Makes the program a test compiles again and again.
type MakeProgram<'a> = Box<dyn Fn() -> Program + 'a>;

#[test]
fn headers_found_without_an_include_directory_are_followed() {
    if !nvrtc_available() {
        return;
    }
    let dir = header_dir("no-include-dir");
    let header = dir.join("h.h");
    let abs = header.display().to_string();
    let cases: Vec<(&str, MakeProgram)> = vec![
        (
            "an absolute path",
            Box::new(|| Program::new(store_v(&format!("#include \"{abs}\"")), ptx_options())),
        ),
        (
            "beside the program's name",
            Box::new(|| {
                Program::new(store_v("#include \"h.h\""), ptx_options())
                    .with_name(dir.join("p.cu").display().to_string())
            }),
        ),
        (
            "--pre-include=",
            Box::new(|| {
                let options = ProgramOptions {
                    extra: vec![format!("--pre-include={abs}")],
                    ..ptx_options()
                };
                Program::new(store_v(""), options)
            }),
        ),
        (
            "-include",
            Box::new(|| {
                let options = ProgramOptions {
                    extra: vec!["-include".into(), abs.clone()],
                    ..ptx_options()
                };
                Program::new(store_v(""), options)
            }),
        ),
        (
            "a header's neighbour, two levels down",
            Box::new(|| {
                std::fs::create_dir_all(dir.join("sub")).unwrap();
                std::fs::write(dir.join("sub/g.h"), "#include \"../h.h\"\n").unwrap();
                let options = ProgramOptions {
                    include_paths: vec![dir.join("sub")],
                    ..ptx_options()
                };
                Program::new(store_v("#include <g.h>"), options)
            }),
        ),
    ];
    for (i, (what, program)) in cases.iter().enumerate() {
        let cache = ProgramCache::new(cache_dir(&format!("found-{i}")));
        assert_eq!(
            follows_the_header(&cache, program, &header),
            (1, 2, 0),
            "{what}"
        );
        std::fs::remove_dir_all(cache.dir()).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// NVRTC looks for a quoted header in the working directory (the directory of a program
/// named without one) and for a pre-included header there too; this test runs itself in a
/// child process whose working directory holds the headers.
#[test]
fn headers_in_the_working_directory_are_followed() {
    if in_child() {
        let cache = ProgramCache::new(std::env::var_os("CULIB_TEST_CACHE").expect("cache"));
        let quoted = || Program::new(store_v("#include \"h.h\""), ptx_options());
        assert_eq!(
            follows_the_header(&cache, &quoted, Path::new("h.h")),
            (1, 2, 0)
        );
        let pre = || {
            let options = ProgramOptions {
                extra: vec!["-include".into(), "pre.h".into()],
                ..ptx_options()
            };
            Program::new(store_v(""), options)
        };
        let cache = ProgramCache::new(cache.dir().join("pre"));
        assert_eq!(
            follows_the_header(&cache, &pre, Path::new("pre.h")),
            (1, 2, 0)
        );
        return;
    }
    if !nvrtc_available() {
        return;
    }
    let dir = header_dir("cwd");
    let name = crate::common::test_name(
        module_path!(),
        "headers_in_the_working_directory_are_followed",
    );
    // The child's working directory is outside the repository, so it would not find the
    // repository's .venv (where NVRTC is installed) by itself: name the environment the
    // parent found NVRTC in.
    let venv = std::env::var_os("VIRTUAL_ENV")
        .map(PathBuf::from)
        .or_else(|| {
            let cwd = std::env::current_dir().ok()?;
            cwd.ancestors()
                .map(|d| d.join(".venv"))
                .find(|venv| venv.is_dir())
        });
    let mut child = Command::new(std::env::current_exe().unwrap());
    if let Some(venv) = venv {
        child.env("VIRTUAL_ENV", venv);
    }
    let out = child
        .args([name.as_str(), "--exact", "--nocapture"])
        .current_dir(&dir)
        .env("CUDA_LIBRARY_CHILD", "1")
        // A cache test: NVRTC or a clear failure, never the built-in compiler.
        .env("CUDA_LIBRARY_COMPILER", "nvrtc")
        .env("CULIB_TEST_CACHE", dir.join("cache"))
        .output()
        .unwrap();
    assert!(
        out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A header named by a macro is known only after macro expansion: the compile runs NVRTC
/// every time, and answers right.
#[test]
fn a_header_named_by_a_macro_skips_the_cache() {
    if !nvrtc_available() {
        return;
    }
    let dir = header_dir("macro");
    let options = ProgramOptions {
        include_paths: vec![dir.clone()],
        ..ptx_options()
    };
    let cache = ProgramCache::new(cache_dir("macro"));
    let src = store_v("#define HEADER \"h.h\"\n#include HEADER");
    let counts = follows_the_header(
        &cache,
        &|| Program::new(&src, options.clone()),
        &dir.join("h.h"),
    );
    assert_eq!(counts, (0, 0, 3));
    assert!(cache.is_empty().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Options that write files (a timing table, a trace, a precompiled header) would not be
/// written by a compile read from the cache, and one NVRTC does not document may read
/// files: such compiles skip the cache.
#[test]
fn options_with_files_of_their_own_skip_the_cache() {
    if !nvrtc_available() {
        return;
    }
    let dir = header_dir("time");
    let table = dir.join("times.csv");
    let options = ProgramOptions {
        extra: vec![format!("--time={}", table.display())],
        ..ptx_options()
    };
    let cache = ProgramCache::new(cache_dir("time"));
    for _ in 0..2 {
        Program::new(store_v("#define V 1111"), options.clone())
            .with_cache(cache.clone())
            .compile(ImageKind::Ptx, &[])
            .unwrap();
    }
    // Each compile added its times: two rows and the heading.
    let rows = std::fs::read_to_string(&table).unwrap();
    assert!(rows.lines().count() >= 3, "{rows}");
    assert_eq!((cache.hits(), cache.misses(), cache.skipped()), (0, 0, 2));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------------------
// Entries and the directory (issue 34, item 7): an entry is read only when it is a regular
// file of this user within the size bound, without following a link; the directory is
// used only when it is this user's, no one else can write it and it is not a link; eviction
// and `clear` remove only the cache's own files.

/// The one entry in `cache`.
#[cfg(unix)]
fn the_entry(cache: &ProgramCache) -> PathBuf {
    let entries: Vec<PathBuf> = std::fs::read_dir(cache.dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "entry"))
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    entries[0].clone()
}

/// `VmHWM` of this process in KiB (0 where /proc has none).
#[cfg(unix)]
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Compiles the cell on another thread; fails the test if that takes over 60 s (a read that
/// waits for ever).
#[cfg(unix)]
fn compile_within_a_minute(cache: &ProgramCache) -> cuda_library::ObjectCode {
    let (tx, rx) = std::sync::mpsc::channel();
    let program = cell(cache);
    std::thread::spawn(move || {
        let _ = tx.send(program.compile(ImageKind::Ptx, &[]));
    });
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the compile hung on a cache entry")
        .unwrap()
}

/// A FIFO, a link to `/dev/zero`, a link to a good entry elsewhere and a sparse 1 GiB file
/// in an entry's place: each is a miss, answered by NVRTC at once, in bounded memory; the
/// link's target is neither read nor touched. Runs in a child process to measure its peak
/// memory.
#[test]
#[cfg(unix)]
fn entries_that_are_not_regular_files_within_the_bound_are_misses() {
    if !in_child() {
        if !nvrtc_available() {
            return;
        }
        let name = crate::common::test_name(
            module_path!(),
            "entries_that_are_not_regular_files_within_the_bound_are_misses",
        );
        let out = Command::new(std::env::current_exe().unwrap())
            .args([name.as_str(), "--exact", "--nocapture"])
            .env("CUDA_LIBRARY_CHILD", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }
    let cache = ProgramCache::new(cache_dir("special"));
    let good = compile_within_a_minute(&cache);
    let entry = the_entry(&cache);
    let kept = cache.dir().with_extension("kept");
    std::fs::rename(&entry, &kept).unwrap();
    let old = std::time::SystemTime::now() - Duration::from_secs(1000);
    std::fs::File::options()
        .append(true)
        .open(&kept)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let before = peak_rss_kib();
    let t = Instant::now();
    let plants: [(&str, &dyn Fn()); 4] = [
        ("a FIFO", &|| {
            assert!(Command::new("mkfifo")
                .arg(&entry)
                .status()
                .unwrap()
                .success());
        }),
        ("a link to /dev/zero", &|| {
            std::os::unix::fs::symlink("/dev/zero", &entry).unwrap();
        }),
        ("a link to a good entry", &|| {
            std::os::unix::fs::symlink(&kept, &entry).unwrap();
        }),
        ("a sparse 1 GiB file", &|| {
            std::fs::File::create(&entry)
                .unwrap()
                .set_len(1 << 30)
                .unwrap();
        }),
    ];
    for (i, (what, plant)) in plants.iter().enumerate() {
        let _ = std::fs::remove_file(&entry);
        plant();
        assert_eq!(compile_within_a_minute(&cache), good, "{what}");
        assert_eq!(cache.hits(), 0, "{what} was read as an entry");
        assert_eq!(cache.misses(), 2 + i as u64, "{what}");
    }
    let grew_mib = peak_rss_kib().saturating_sub(before) / 1024;
    println!(
        "four planted entries: {:?} in all, peak memory grew {grew_mib} MiB",
        t.elapsed()
    );
    assert!(grew_mib < 100, "peak memory grew {grew_mib} MiB");
    // The link's target was not marked used.
    let modified = std::fs::metadata(&kept).unwrap().modified().unwrap();
    assert_eq!(modified, old, "a hit through a link touched its target");
    std::fs::remove_file(&kept).unwrap();
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

#[test]
#[cfg(unix)]
fn a_directory_other_users_can_write_is_not_used() {
    use std::os::unix::fs::PermissionsExt;
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("shared-dir"));
    let good = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    let mode = |m| std::fs::set_permissions(cache.dir(), std::fs::Permissions::from_mode(m));
    // A new cache directory is private.
    let made = std::fs::metadata(cache.dir()).unwrap().permissions().mode();
    assert_eq!(made & 0o077, 0, "made with mode {made:o}");
    mode(0o777).unwrap();
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!((cache.hits(), cache.skipped()), (0, 1));
    let e = cache.len().unwrap_err().to_string();
    assert!(e.contains("other users") && e.contains("chmod 700"), "{e}");
    assert!(cache.clear().is_err());
    mode(0o755).unwrap();
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!((cache.hits(), cache.skipped()), (1, 1));
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

/// Another user's directory is refused; run as root (as CI runs), the test gives its
/// directory to `nobody` (65534).
#[test]
#[cfg(unix)]
fn another_users_directory_is_not_used() {
    use std::os::unix::fs::MetadataExt;
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("other-user"));
    let good = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    if std::fs::metadata(cache.dir()).unwrap().uid() != 0 {
        crate::common::skip("needs root, to give a directory to another user");
        std::fs::remove_dir_all(cache.dir()).unwrap();
        return;
    }
    std::os::unix::fs::chown(cache.dir(), Some(65534), Some(65534)).unwrap();
    assert_eq!(cell(&cache).compile(ImageKind::Ptx, &[]).unwrap(), good);
    assert_eq!((cache.hits(), cache.skipped()), (0, 1));
    let e = cache.len().unwrap_err().to_string();
    assert!(e.contains("owned by user 65534"), "{e}");
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

/// A cache directory that is a link (here to another program's folder, holding files named
/// as entries) is not used: nothing there is read, evicted or cleared.
#[test]
#[cfg(unix)]
fn a_linked_directory_is_not_used_and_nothing_is_removed_through_it() {
    if !nvrtc_available() {
        return;
    }
    let root = cache_dir("linked-dir");
    let theirs = root.join("theirs");
    std::fs::create_dir_all(&theirs).unwrap();
    let files = [
        theirs.join("notes.entry"),
        theirs.join(format!("{}.entry", "ab".repeat(32))),
        theirs.join(".tmp-1-2-3"),
    ];
    for f in &files {
        std::fs::write(f, b"someone else's").unwrap();
    }
    let link = root.join("cache");
    std::os::unix::fs::symlink(&theirs, &link).unwrap();
    let cache = ProgramCache::new(&link).with_max_bytes(1);
    cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    assert_eq!((cache.hits(), cache.misses(), cache.skipped()), (0, 0, 1));
    assert!(cache
        .clear()
        .unwrap_err()
        .to_string()
        .contains("symbolic link"));
    for f in &files {
        assert_eq!(
            std::fs::read(f).unwrap(),
            b"someone else's",
            "{}",
            f.display()
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// In the cache's own directory, eviction and `clear` remove only what the cache wrote:
/// files named otherwise, links named as entries (and what they point to) stay.
#[test]
#[cfg(unix)]
fn eviction_and_clear_remove_only_the_caches_own_files() {
    if !nvrtc_available() {
        return;
    }
    let root = cache_dir("own-files");
    let cache = ProgramCache::new(root.join("cache"));
    cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    let outside = root.join("outside.entry");
    std::fs::write(&outside, b"not the cache's").unwrap();
    let planted = [cache.dir().join("notes.entry"), cache.dir().join("README")];
    for f in &planted {
        std::fs::write(f, b"mine, not the cache's").unwrap();
    }
    let link = cache.dir().join(format!("{}.entry", "cd".repeat(32)));
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    // A bound of one byte evicts every entry on the next write.
    let tight = ProgramCache::new(cache.dir()).with_max_bytes(1);
    cell(&tight)
        .with_name("other.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    assert_eq!(tight.len().unwrap(), 0);
    cache.clear().unwrap();
    for f in planted.iter().chain([&outside]) {
        assert!(f.exists(), "{} removed", f.display());
    }
    assert!(
        std::fs::symlink_metadata(&link).is_ok(),
        "the link was removed"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// The toolkit's headers (CCCL, CUDA's) count by size and modification time, unread: a
/// program including them is cached, and its second compile is a hit.
#[test]
fn a_program_including_the_toolkits_headers_is_cached() {
    if !nvrtc_available() {
        return;
    }
    let src = "#include <cuda/std/cstdint>\n#include <cuda_fp16.h>\n\
               extern \"C\" __global__ void k(cuda::std::uint32_t* x) { *x = 1111; }";
    let cache = ProgramCache::new(cache_dir("toolkit"));
    let compile = || {
        Program::new(src, ptx_options())
            .with_cache(cache.clone())
            .compile(ImageKind::Ptx, &[])
    };
    match compile() {
        Ok(code) => assert_eq!(stored(&code), 1111),
        Err(e) => {
            crate::common::skip(&format!("no CCCL or CUDA headers: {e}"));
            return;
        }
    }
    assert_eq!(stored(&compile().unwrap()), 1111);
    assert_eq!((cache.hits(), cache.misses(), cache.skipped()), (1, 1, 0));
    std::fs::remove_dir_all(cache.dir()).unwrap();
}

/// `__TIME__` (and `__DATE__`, `__TIMESTAMP__`) make the output change with the clock: such
/// a program is compiled every time.
#[test]
fn a_program_that_reads_the_clock_skips_the_cache() {
    if !nvrtc_available() {
        return;
    }
    let src = "extern \"C\" __global__ void k(char* s) {\n\
               const char* t = __TIME__;\n\
               for (int i = 0; i < 8; i++) s[i] = t[i];\n}";
    let cache = ProgramCache::new(cache_dir("clock"));
    for _ in 0..2 {
        Program::new(src, ptx_options())
            .with_cache(cache.clone())
            .compile(ImageKind::Ptx, &[])
            .unwrap();
    }
    assert_eq!((cache.hits(), cache.misses(), cache.skipped()), (0, 0, 2));
    assert!(cache.is_empty().unwrap());
}

// ---------------------------------------------------------------------------------------
// Hostile audit of the cache (issue 34, "Done when").

/// Constant evaluation NVRTC must finish before it reaches what follows: keeps a compile
/// busy for a while before it opens a header included after it.
const SLOW_PREFIX: &str = r#"
__device__ constexpr unsigned spin(unsigned n, unsigned seed) {
    unsigned s = seed;
    for (unsigned i = 0; i < n; ++i) s = s * 1664525u + 1013904223u + (s >> 7);
    return s;
}
static_assert(spin(900000u, 1u) != 7u, "");
static_assert(spin(900000u, 2u) != 7u, "");
static_assert(spin(900000u, 3u) != 7u, "");
"#;

#[test]
fn a_header_changed_during_a_compile_is_not_kept_under_the_old_key() {
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("header-race"));
    let dir = header_dir("header-race");
    let header = dir.join("race.h");
    let source = format!(
        "{SLOW_PREFIX}\n#include \"{}\"\nextern \"C\" __global__ void k(int* x) {{ *x = V; }}\n",
        header.display()
    );
    let compile = || {
        Program::new(&source, ptx_options())
            .with_name("race.cu")
            .with_cache(cache.clone())
            .compile(ImageKind::Ptx, &[])
            .unwrap()
    };
    write_v(&header, 1111);
    let t = Instant::now();
    // The key is made from 1111 at once; NVRTC opens the header only after the constant
    // evaluation, by which time it says 2222.
    let writer = {
        let header = header.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(150));
            write_v(&header, 2222);
        })
    };
    let first = stored(&compile());
    writer.join().unwrap();
    let took = t.elapsed();
    if first != 2222 {
        eprintln!("the compile ({took:?}) opened the header before it changed: race not hit");
        return;
    }
    // The header says 1111 again: an uncached compile gives 1111, so must the cache.
    write_v(&header, 1111);
    assert_eq!(
        stored(&compile()),
        1111,
        "code compiled from the changed header was kept under the key of the old one"
    );
    let _ = std::fs::remove_dir_all(cache.dir());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Entries whose sizes add up past `u64::MAX` (sparse files on tmpfs may be 2^63 - 1
/// bytes each): the total saturates and eviction still runs, no overflow.
#[test]
fn entry_sizes_that_add_past_u64_max_saturate() {
    let shm = Path::new("/dev/shm");
    if !shm.is_dir() {
        return;
    }
    let dir = shm.join(format!("culib-cache-huge-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cache = ProgramCache::new(&dir).with_max_bytes(1 << 20);
    cache.clear().unwrap(); // nothing there yet
    std::fs::create_dir_all(&dir).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    for d in ['a', 'b', 'c'] {
        let f =
            std::fs::File::create(dir.join(format!("{}.entry", d.to_string().repeat(64)))).unwrap();
        if f.set_len(i64::MAX as u64).is_err() {
            let _ = std::fs::remove_dir_all(&dir);
            return; // a file system without files this large
        }
    }
    assert_eq!(cache.len().unwrap(), 3);
    assert_eq!(cache.size_bytes().unwrap(), u64::MAX);
    cache.clear().unwrap();
    assert_eq!(cache.size_bytes().unwrap(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Eight processes compiling the same program into one empty cache at the same moment (all
/// miss, all write the one entry): each gets NVRTC's code, and the directory ends with that
/// one entry and no temporary file.
#[test]
fn eight_processes_compiling_one_key_at_once() {
    if in_child() {
        let dir = std::env::var_os("CULIB_TEST_CACHE").expect("cache dir");
        let cache = ProgramCache::new(dir);
        for _ in 0..3 {
            let code = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
            assert!(code.ptx_text().unwrap().contains(".entry vadd("));
        }
        return;
    }
    if !nvrtc_available() {
        return;
    }
    let dir = cache_dir("eight-at-once");
    let expected = cell(&ProgramCache::new(cache_dir("eight-reference")))
        .without_cache()
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    let exe = std::env::current_exe().unwrap();
    let name =
        crate::common::test_name(module_path!(), "eight_processes_compiling_one_key_at_once");
    // Spawned together, waited for after: the compiles overlap.
    let children: Vec<_> = (0..8)
        .map(|_| {
            Command::new(&exe)
                .args([name.as_str(), "--exact", "--nocapture"])
                .env("CUDA_LIBRARY_CHILD", "1")
                .env("CULIB_TEST_CACHE", &dir)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("1 passed"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let cache = ProgramCache::new(&dir);
    let hit = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
    assert_eq!(cache.hits(), 1);
    assert_eq!(hit.ptx_text(), expected.ptx_text());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A directory in an entry's place (the rename of a new entry over it fails): every compile
/// is a miss answered by NVRTC, and no temporary file is left behind.
#[test]
#[cfg(unix)]
fn an_entry_that_is_a_directory_is_a_miss_and_leaves_nothing_behind() {
    if !nvrtc_available() {
        return;
    }
    let cache = ProgramCache::new(cache_dir("entry-dir"));
    let good = compile_within_a_minute(&cache);
    let entry = the_entry(&cache);
    std::fs::remove_file(&entry).unwrap();
    std::fs::create_dir(&entry).unwrap();
    std::fs::write(entry.join("inside"), b"x").unwrap();
    for _ in 0..2 {
        assert_eq!(compile_within_a_minute(&cache), good);
    }
    assert_eq!(cache.hits(), 0);
    let names: Vec<String> = std::fs::read_dir(cache.dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 1, "only the planted directory: {names:?}");
    assert!(entry.join("inside").is_file());
    assert_eq!(cache.len().unwrap(), 0);
    cache.clear().unwrap();
    assert!(
        entry.join("inside").is_file(),
        "clear removed what it did not write"
    );
    std::fs::remove_dir_all(cache.dir()).unwrap();
}
