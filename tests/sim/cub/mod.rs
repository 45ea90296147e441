//! CUB's device-wide algorithms (radix sort, scan, select, histogram; reduce and merge sort)
//! as nvcc builds them, run on the simulator and compared bit for bit with an H200's answers.
//!
//! A device-wide algorithm is several kernels launched by CUB's host code, with grids from
//! its tuning policies and temporary storage holding tile state (decoupled look-back).
//! `tests/realworld/cub/` holds, per build, the PTX of small host programs and, per case,
//! the trace the `cubtrace` shim recorded on the GPU: every allocation, copy, memset and
//! launch (name, grid, block, shared memory, parameter bytes) and the bytes the GPU copied
//! back (`SOURCE.md` there says how they were made). The test replays each trace in order
//! ([`replay`]) and compares every copy back to the host.
//!
//! `cases.txt` lists the cases: the build, the program, the trace, whether the quick run
//! (the default suite) takes it, and what is expected when the simulator cannot run it
//! (`refuses INSTRUCTION`: a finding, reported, not worked around). The whole set runs
//! with `CUDA_LIBRARY_DIFF_SET=cub` (about 2 s in a release build, 20 s in a debug one),
//! with [`lookback`], which rebuilds the one known difference (a multi-tile f32 scan) from
//! the order in which CUB's look-back adds tile sums.

mod lookback;
mod replay;
mod trace;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use cuda_library::sim::{self, Memory};

use crate::common::realworld::corpus_dir;

/// Copies back to the host the full run compares today; fewer fails (a case that stopped
/// running, a trace that lost its copies).
const COMPARED_FLOOR: usize = 73;
/// The same for the quick run.
const QUICK_COMPARED_FLOOR: usize = 17;

/// One line of `cases.txt`.
struct Case {
    build: String,
    program: String,
    trace: String,
    quick: bool,
    /// `refuses X`: the simulator is expected to refuse a kernel with this in its error.
    refuses: Option<String>,
    /// `known REASON`: the copies back may differ from the GPU's, for REASON (a word; the
    /// comment above the line in cases.txt says more).
    known: Option<String>,
}

fn cub_dir() -> PathBuf {
    corpus_dir().join("cub")
}

fn read_cases() -> Vec<Case> {
    let path = cub_dir().join("cases.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        assert!(w.len() >= 3, "cases.txt: {line}");
        let after = |key: &str| {
            w.iter()
                .position(|x| *x == key)
                .and_then(|i| w.get(i + 1))
                .map(|s| s.to_string())
        };
        let (refuses, known) = (after("refuses"), after("known"));
        cases.push(Case {
            build: w[0].into(),
            program: w[1].into(),
            trace: w[2].into(),
            quick: w.contains(&"quick"),
            refuses,
            known,
        });
    }
    cases
}

fn read_ptx(build: &str, program: &str) -> String {
    use std::io::Read;
    let path = cub_dir()
        .join("ptx")
        .join(build)
        .join(format!("{program}.ptx.zst"));
    let file = std::fs::File::open(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut dec = ruzstd::decoding::StreamingDecoder::new(std::io::BufReader::new(file))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    dec.read_to_string(&mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

/// The algorithm a program runs, for the table.
fn algorithm(program: &str) -> &'static str {
    match program.split('_').next() {
        Some("radix") => "DeviceRadixSort",
        Some("scan") => "DeviceScan",
        Some("select") => "DeviceSelect",
        Some("histogram") => "DeviceHistogram",
        Some("reduce") => "DeviceReduce",
        Some("merge") => "DeviceMergeSort",
        _ => "other",
    }
}

/// One row of the table: a build's cases of one algorithm.
#[derive(Default)]
struct Row {
    cases: usize,
    kernels: std::collections::BTreeSet<String>,
    launches: usize,
    compared: usize,
    identical: usize,
    differ: usize,
    known: usize,
    refused: usize,
    pointers_moved: usize,
    snapshots: usize,
}

/// Replays `cases` and checks them, at least `floor` copies compared; prints the table.
fn check(cases: &[&Case], floor: usize) {
    let mut rows: BTreeMap<(String, &'static str), Row> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    // One module (and one simulated memory) per build and program.
    let mut groups: BTreeMap<(&str, &str), Vec<&Case>> = BTreeMap::new();
    for c in cases {
        groups.entry((&c.build, &c.program)).or_default().push(c);
    }
    for ((build, program), group) in groups {
        let t = Instant::now();
        let mut mem = Memory::new();
        let module = sim::load_ptx(&read_ptx(build, program), &mut mem);
        let load_s = t.elapsed().as_secs_f64();
        for c in group {
            let t = Instant::now();
            let stem = cub_dir().join("traces").join(build).join(&c.trace);
            let trace = trace::Trace::read(&stem).unwrap_or_else(|e| panic!("{e}"));
            let out = match &module {
                Ok(module) => replay::replay(&trace, module, &mut mem),
                Err(e) => replay::Outcome {
                    refused: Some(("(the module)".into(), format!("the PTX does not load: {e}"))),
                    ..Default::default()
                },
            };
            let row = rows
                .entry((build.to_string(), algorithm(program)))
                .or_default();
            row.cases += 1;
            row.kernels.extend(out.kernels.iter().cloned());
            row.launches += out.launches;
            row.compared += out.compared;
            row.identical += out.identical;
            match &c.known {
                Some(_) => row.known += out.differences.len(),
                None => row.differ += out.differences.len(),
            }
            row.pointers_moved += out.pointers_moved;
            row.snapshots += out.snapshots;
            let id = format!("{build}/{}", c.trace);
            match (&out.refused, &c.refuses) {
                (Some((k, e)), Some(want)) if e.contains(want.as_str()) => {
                    row.refused += 1;
                    notes.push(format!("{id}: refused as expected: `{k}`: {e}"));
                }
                (Some((k, e)), _) => {
                    row.refused += 1;
                    failures.push(format!("{id}: `{k}`: {e}"));
                }
                (None, Some(want)) => notes.push(format!(
                    "{id}: runs now (cases.txt expects `refuses {want}`): update cases.txt"
                )),
                (None, None) => {}
            }
            for d in &out.differences {
                match &c.known {
                    Some(why) => notes.push(format!("{id}: known difference ({why}): {d}")),
                    None => failures.push(format!("{id}: {d}")),
                }
            }
            if let (Some(why), true) = (&c.known, out.differences.is_empty()) {
                notes.push(format!("{id}: matches now (cases.txt: known {why})"));
            }
            if let Some(d) = &out.first_divergence {
                notes.push(format!("{id}: first divergence {d}"));
            }
            eprintln!(
                "{id}: {} launches, {}/{} copies identical, {:.1} s (PTX loaded in {load_s:.1} s)",
                out.launches,
                out.identical,
                out.compared,
                t.elapsed().as_secs_f64()
            );
        }
    }
    print_table(&rows);
    for n in &notes {
        eprintln!("note: {n}");
    }
    let compared: usize = rows.values().map(|r| r.compared).sum();
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        compared >= floor,
        "only {compared} copies compared (at least {floor} expected)"
    );
}

fn print_table(rows: &BTreeMap<(String, &'static str), Row>) {
    eprintln!(
        "\n| build | algorithm | cases | kernels | launches | compared | identical | known | differ | refused |"
    );
    eprintln!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for ((build, alg), r) in rows {
        eprintln!(
            "| {build} | {alg} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.cases,
            r.kernels.len(),
            r.launches,
            r.compared,
            r.identical,
            r.known,
            r.differ,
            r.refused
        );
    }
    for ((build, alg), r) in rows {
        eprintln!("{build} {alg} kernels:");
        for k in &r.kernels {
            eprintln!("    {k}");
        }
        eprintln!(
            "    ({} parameter words moved to simulator allocations, {} snapshots compared)",
            r.pointers_moved, r.snapshots
        );
    }
}

/// Every case of `cases.txt`; with `CUDA_LIBRARY_DIFF_SET=cub` only (minutes in a debug
/// build; run it with `--release`).
#[test]
fn cub_matches_the_gpu() {
    if crate::common::differential::set_from_env().as_deref() != Some("cub") {
        crate::common::skip(
            "set CUDA_LIBRARY_DIFF_SET=cub to compare CUB's algorithms with the GPU",
        );
        return;
    }
    let cases = read_cases();
    check(&cases.iter().collect::<Vec<_>>(), COMPARED_FLOOR);
}

/// The cases `cases.txt` marks `quick`: small inputs of each algorithm, in the default run.
#[test]
fn cub_quick_cases_match_the_gpu() {
    let cases = read_cases();
    let quick: Vec<&Case> = cases.iter().filter(|c| c.quick).collect();
    check(&quick, QUICK_COMPARED_FLOOR);
}
