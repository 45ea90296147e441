//! The compile cache through `Program::compile`: a second compile reads the first one's
//! result, anything that changes NVRTC's output misses, damaged entries are rewritten,
//! processes share a cache, and the switch turns it off. Each test uses a cache directory
//! of its own, so tests running at once do not see each other's entries.
//!
//! `cargo test --release --test cpu program_cache -- --nocapture` prints the timings of the
//! notebook's compile cell (first compile, then from the cache).

use std::path::PathBuf;
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

/// Four processes compile the same cell into one cache at once: every one gets the right
/// code, and one entry is left, with no temporary file.
#[test]
fn processes_share_a_cache() {
    if in_child() {
        let dir = std::env::var_os("CULIB_TEST_CACHE").expect("cache dir");
        let cache = ProgramCache::new(dir);
        for _ in 0..5 {
            let code = cell(&cache).compile(ImageKind::Ptx, &[]).unwrap();
            assert!(code.ptx_text().unwrap().contains(".entry vadd("));
        }
        return;
    }
    if !nvrtc_available() {
        return;
    }
    let dir = cache_dir("processes");
    let exe = std::env::current_exe().unwrap();
    let name = crate::common::test_name(module_path!(), "processes_share_a_cache");
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(&exe)
                .args([name.as_str(), "--exact", "--nocapture"])
                .env("CUDA_LIBRARY_CHILD", "1")
                .env("CULIB_TEST_CACHE", &dir)
                .output()
        })
        .collect();
    for out in children {
        let out = out.unwrap();
        assert!(
            out.status.success(),
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
    assert!(names[0].ends_with(".entry"));
    std::fs::remove_dir_all(&dir).unwrap();
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
