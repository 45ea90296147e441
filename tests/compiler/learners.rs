//! The public learner corpus (`tests/compiler/corpus/<author>/`, and cuda-samples'
//! introductory and concepts units kept in `tests/realworld/cuda-samples/`): code people
//! write while learning CUDA, by several authors, each file's origin and licence beside it.
//! Every unit is compiled both ways and every kernel NVRTC emits is run on both PTX images
//! with the same generated inputs (`harness`).

use crate::common::nvrtc;
use crate::common::realworld;
use crate::features;
use crate::harness::{self, Report, Source};

use std::path::PathBuf;

use cuda_library::Error;

/// The learner corpus's folder.
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/compiler/corpus")
}

/// Kernel compiles (NVRTC's kernels over every unit and the modes `harness::unit_modes`
/// gives by default: 404) the built-in compiler makes, at least: the count reached, so
/// that a change that loses one fails. Under the default options alone: 197 of 202.
const COMPILED_FLOOR: usize = 394;

/// Kernel compiles whose results agree with NVRTC's, at least (every kernel compiled is
/// compared: generated inputs or its host's setup, `hosts.rs`).
const AGREE_FLOOR: usize = 392;

/// Kernels that differ from NVRTC (or fail to run) for a reason already in `FINDINGS.md`:
/// (unit, kernel, finding). One that agrees fails the test until it is taken off.
const KNOWN: &[(&str, &str, &str)] = &[];

/// cuda-samples' folders that hold learner code (the rest is libraries' showcases).
const SAMPLES_FOLDERS: [&str; 2] = ["0_Introduction", "2_Concepts_and_Techniques"];

/// One unit of the corpus: its author (the folder) and how to compile it.
pub struct Unit {
    pub author: String,
    pub source: Source,
}

/// NVRTC's options of a `units.txt` as a [`Source`]'s fields.
fn apply_options(src: &mut Source, options: &[String]) {
    for o in options {
        if let Some(h) = o.strip_prefix("-include=") {
            src.pre_includes.push(h.to_string());
        } else if let Some(s) = o.strip_prefix("-std=") {
            src.std = Some(s.to_string());
        } else if let Some(d) = o.strip_prefix("-D") {
            let (n, v) = match d.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (d.to_string(), None),
            };
            src.defines.push((n, v));
        } else {
            panic!("a units.txt option the harness does not pass on: {o}");
        }
    }
}

/// Every unit: the authors' folders (their `units.txt`, the format of
/// `tests/realworld/README.md`), then cuda-samples' learner folders.
pub fn units() -> Vec<Unit> {
    let shim = realworld::corpus_dir().join("shim");
    let mut authors: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("units.txt").is_file())
        .collect();
    authors.sort();
    // Relative to the working directory (cargo runs tests in the package's folder), so that
    // a file name `assert()` writes into the PTX does not depend on the checkout's place.
    let cwd = std::env::current_dir().ok();
    let relative = |p: PathBuf| match cwd.as_deref().and_then(|c| p.strip_prefix(c).ok()) {
        Some(rel) => rel.to_path_buf(),
        None => p,
    };
    let mut out = Vec::new();
    for dir in authors {
        let author = dir.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(dir.join("units.txt")).unwrap();
        let mut options: Vec<String> = Vec::new();
        for line in text.lines().map(str::trim) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "" => {}
                k if k.starts_with('#') => {}
                "options" => options = rest.split_whitespace().map(String::from).collect(),
                "unit" => {
                    let path = dir.join(rest.trim());
                    let mut source = Source {
                        name: format!("{author}/{}", rest.trim()),
                        text: std::fs::read_to_string(&path)
                            .unwrap_or_else(|e| panic!("{}: {e}", path.display())),
                        // The unit's folder first (quoted includes), then the shims
                        // for host headers, then cuda-samples' helpers (the Packt book's
                        // code includes them).
                        include_paths: vec![
                            path.parent().unwrap_or(&dir).to_path_buf(),
                            corpus_dir().join("shim"),
                            shim.clone(),
                            realworld::corpus_dir().join("cuda-samples/Common"),
                        ],
                        ..Default::default()
                    };
                    source.include_paths =
                        source.include_paths.into_iter().map(&relative).collect();
                    apply_options(&mut source, &options);
                    out.push(Unit {
                        author: author.clone(),
                        source,
                    });
                }
                "name" => out
                    .last_mut()
                    .expect("a name line follows a unit line")
                    .source
                    .names
                    .push(rest.trim().to_string()),
                other => panic!("{}: unknown line kind `{other}`", dir.display()),
            }
        }
    }
    for u in realworld::units() {
        let id = u.id();
        if u.project != "cuda-samples" || !SAMPLES_FOLDERS.iter().any(|f| id.contains(f)) {
            continue;
        }
        let cwd = std::env::current_dir().ok();
        let mut source = Source {
            name: id,
            text: std::fs::read_to_string(&u.path).unwrap(),
            include_paths: u
                .include_paths
                .iter()
                .map(
                    |p| match cwd.as_deref().and_then(|c| p.strip_prefix(c).ok()) {
                        Some(rel) => rel.to_path_buf(),
                        None => p.clone(),
                    },
                )
                .collect(),
            names: u.names.clone(),
            ..Default::default()
        };
        apply_options(&mut source, &u.options);
        out.push(Unit {
            author: "nvidia-cuda-samples".into(),
            source,
        });
    }
    out
}

/// Each author's folder carries where its files came from and the licence they came under.
#[test]
fn every_author_keeps_origin_and_licence() {
    let mut authors = 0;
    for e in std::fs::read_dir(corpus_dir()).unwrap() {
        let dir = e.unwrap().path();
        // `shim/`: ours, stand-ins for host headers (see its files).
        if !dir.is_dir() || dir.ends_with("shim") {
            continue;
        }
        authors += 1;
        for f in ["SOURCE.md", "LICENSE", "units.txt"] {
            assert!(dir.join(f).is_file(), "{} has no {f}", dir.display());
        }
        let source = std::fs::read_to_string(dir.join("SOURCE.md")).unwrap();
        assert!(
            source.contains("https://github.com/") && source.contains("commit"),
            "{}/SOURCE.md names no repository and commit",
            dir.display()
        );
    }
    assert!(authors >= 5, "{authors} authors' folders");
}

/// The corpus compiled both ways under each mode `harness::unit_modes()` gives: no compile may
/// crash, every kernel the built-in compiler compiles must give NVRTC's bits, and at least
/// the floors compile and agree. Writes the table to `target/compiler-corpus.txt`.
/// Compiles the units with NVRTC, in the order the comparisons need them, on a thread of its
/// own, into the compile cache the comparisons then read. The comparisons run one at a time
/// (the simulator's launch budget is process-wide), and with the simulator optimised NVRTC
/// is almost half of their CPU: this way it runs on the other core, ahead of them. A unit it
/// has not reached yet is compiled where it is needed, as without it. `None` where the cache
/// is off (the compiles would be done twice) or every unit bypasses it.
fn warm_nvrtc_cache(units: &[Unit]) -> Option<std::thread::JoinHandle<()>> {
    let work: Vec<(Source, Vec<harness::Mode>)> = units
        .iter()
        .enumerate()
        .filter(|(_, u)| !u.source.uncached)
        .map(|(index, u)| {
            let mut modes = harness::unit_modes(index);
            // `compare` also reads the default mode's PTX for a `-G` compile.
            if modes.contains(&harness::Mode::Debug) && !modes.contains(&harness::Mode::Default) {
                modes.push(harness::Mode::Default);
            }
            (u.source.clone(), modes)
        })
        .collect();
    if work.is_empty() || !cuda_library::ProgramCache::is_enabled() {
        return None;
    }
    Some(std::thread::spawn(move || {
        for (source, modes) in &work {
            for mode in modes {
                // Without NVRTC the test skips; its errors are reported by the comparison.
                if let Err(Error::NvrtcNotFound { .. }) = harness::nvrtc(source, *mode) {
                    return;
                }
            }
        }
    }))
}

#[test]
fn learner_corpus_agrees_with_nvrtc() {
    // `CUDA_LIBRARY_COMPILER_UNITS=text,other`: only the units whose name holds one of them.
    let only = std::env::var("CUDA_LIBRARY_COMPILER_UNITS").unwrap_or_default();
    let units: Vec<Unit> = units()
        .into_iter()
        .filter(|u| only.split(',').any(|o| u.source.name.contains(o)))
        .collect();
    let authors: std::collections::BTreeSet<&str> =
        units.iter().map(|u| u.author.as_str()).collect();
    if only.is_empty() {
        assert!(authors.len() >= 5, "{} authors", authors.len());
    }
    let _turn = harness::turn();
    let ctx = harness::context();
    let warm_up = warm_nvrtc_cache(&units);
    let mut reports: Vec<Report> = Vec::new();
    let mut nvrtc_rejects = Vec::new();
    for (index, u) in units.iter().enumerate() {
        for mode in harness::unit_modes(index) {
            match harness::compare(&ctx, &u.source, mode) {
                Ok(r) => reports.push(r),
                Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
                Err(e) => {
                    let text = e.to_string();
                    let first = text.lines().find(|l| l.contains("error")).unwrap_or("");
                    nvrtc_rejects.push(format!("{} {}: {first}", u.source.name, mode.flag()));
                }
            }
        }
    }
    if let Some(w) = warm_up {
        // It only filled the cache: what it compiled was compared above.
        let _ = w.join();
    }
    harness::print_table(
        "learner corpus: NVRTC against the built-in compiler",
        &reports,
    );
    let (kernels, compiled, agree, wrong, crashes) = harness::totals(&reports);
    let summary = format!(
        "{} units by {} authors, {kernels} kernel compiles (units x modes); the built-in compiler \
         compiled {compiled}, {agree} agree with NVRTC bit for bit, {wrong} differ or fail, \
         {crashes} crashes",
        units.len(),
        authors.len()
    );
    println!("{summary}");
    // The figure the goal is stated in: NVRTC's default options.
    let defaults: Vec<&Report> = reports
        .iter()
        .filter(|r| r.mode == harness::Mode::Default)
        .collect();
    let d_kernels: usize = defaults.iter().map(|r| r.kernels.len()).sum();
    let d_compiled: usize = defaults.iter().map(|r| r.compiled()).sum();
    let d_agree: usize = defaults.iter().map(|r| r.agreeing()).sum();
    println!(
        "default options: the built-in compiler compiles {d_compiled} of {d_kernels} kernels ({:.1}%), {d_agree} run and agree",
        100.0 * d_compiled as f64 / d_kernels.max(1) as f64
    );
    // Per author: units, NVRTC's kernels, compiled, agreeing.
    let mut by_author: std::collections::BTreeMap<&str, [usize; 4]> = Default::default();
    for r in &reports {
        let author = r.unit.split('/').next().unwrap_or("");
        let e = by_author.entry(author).or_default();
        e[0] += 1;
        e[1] += r.kernels.len();
        e[2] += r.compiled();
        e[3] += r.agreeing();
    }
    println!("| author | unit compiles | kernels | compiled | agree |\n|---|---|---|---|---|");
    for (a, [u, k, c, g]) in &by_author {
        println!("| {a} | {u} | {k} | {c} | {g} |");
    }
    println!("{}", features::table(units.iter().map(|u| &u.source)));
    let path = realworld::target_dir().join("compiler-corpus.txt");
    let _ = std::fs::write(&path, format!("{summary}\n"));
    assert!(
        nvrtc_rejects.is_empty(),
        "NVRTC rejects:\n{}",
        nvrtc_rejects.join("\n")
    );
    // The floors are counts of the default set of modes.
    if !only.is_empty()
        || std::env::var_os("CUDA_LIBRARY_COMPILER_MODES").is_some()
        || harness::long_tests()
    {
        return;
    }
    assert!(kernels >= 100, "{kernels} kernels in the corpus");
    // Every host set up in `host_specs` meets its kernel (a renamed kernel or unit would
    // leave it unused, and the kernel back among those not run).
    let unused: Vec<String> = crate::host_specs::all()
        .iter()
        .filter(|h| {
            !reports.iter().any(|r| {
                r.unit == h.unit
                    && matches!(&r.result, Ok(ks) if ks.iter().any(|(k, _)| k == h.kernel))
            })
        })
        .map(|h| format!("{} {}", h.unit, h.kernel))
        .collect();
    assert!(unused.is_empty(), "hosts no kernel meets: {unused:?}");
    assert_eq!(crashes, 0, "the built-in compiler crashed (see the table)");
    let mut unknown = Vec::new();
    let mut still_known = Vec::new();
    for r in &reports {
        for (k, why) in r.wrong() {
            let known = KNOWN.iter().find(|(u, kk, _)| *u == r.unit && *kk == k);
            match known {
                Some((_, _, f)) => still_known.push((r.unit.as_str(), k, *f)),
                None => unknown.push(format!("{} {k} {}: {why}", r.unit, r.mode.flag())),
            }
        }
    }
    let fixed: Vec<&(&str, &str, &str)> = KNOWN
        .iter()
        .filter(|(u, k, _)| !still_known.iter().any(|(su, sk, _)| su == u && sk == k))
        .collect();
    println!("{} known differences ({wrong} in all)", still_known.len());
    assert!(
        unknown.is_empty(),
        "kernels differ from NVRTC (reduce them into FINDINGS.md):\n{}",
        unknown.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "these known differences agree now: take them off `KNOWN`: {fixed:?}"
    );
    assert!(
        compiled >= COMPILED_FLOOR,
        "{compiled} compiled, the floor is {COMPILED_FLOOR}"
    );
    assert!(
        agree >= AGREE_FLOOR,
        "{agree} agree, the floor is {AGREE_FLOOR}"
    );
}
