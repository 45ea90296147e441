//! Real-world kernels on the simulator against the GPU's results.
//!
//! `tests/realworld/differential/cases.json` lists launches of corpus kernels with
//! generated inputs (see `tests/common/differential.rs`); `gpu-nvrtc.jsonl` and
//! `gpu-nvcc.jsonl` beside it hold what a GPU computed for each: the kernels compiled by
//! NVRTC 12.9 here (the PTX text's hash is recorded, so a different NVRTC is noticed) and by
//! nvcc 13 -O3 on the GPU machine (its PTX kept, compressed, in `nvcc/`). This test runs
//! every recorded case on the simulator and compares: bit for bit, or within
//! [`differential::APPROX_ULPS`] where the kernel uses approximate instructions. It prints a
//! table per project and compiler and writes every case's outcome to
//! `target/differential.txt`.
//!
//! `CUDA_LIBRARY_DIFF_SELECT=1` instead chooses the cases: every kernel that lowers is
//! tried with generated inputs until one finishes on the simulator and changes a buffer
//! (writes `cases.json`, and with `CUDA_LIBRARY_DIFF_PTX_OUT=dir` the NVRTC PTX of the units
//! for the GPU run). `scripts/differential.sh` has the whole procedure.
//!
//! Without NVRTC the test is skipped (printed), unless `CUDA_LIBRARY_REQUIRE_NVRTC=1`.

use crate::common::differential;
use crate::common::nvrtc;
use crate::common::realworld;

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;

use cuda_library::{BackendKind, Device, Error, Library, LibraryOptions};
use differential::{Arg, Case, Fill, Param};
use serde_json::Value;

/// Cases the GPU results must cover (the brief: at least 150 kernels).
const CASES_FLOOR: usize = 150;

/// Cases of ggml's set the GPU results must cover.
const GGML_CASES_FLOOR: usize = 1;

fn context() -> cuda_library::Context {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap().set_current().unwrap()
}

/// Compiles `units` with NVRTC on all cores: (unit id, PTX) in order, or NVRTC's absence.
/// A unit's id and its PTX, or NVRTC's error.
type Compiled = (String, Result<String, String>);

fn compile_all(units: &[&realworld::Unit]) -> Result<Vec<Compiled>, Error> {
    let out = realworld::par_map(units, realworld::threads(), |u| (u.id(), u.compile()));
    let mut r = Vec::new();
    for (id, c) in out {
        match c {
            Err(e @ Error::NvrtcNotFound { .. }) => return Err(e),
            c => r.push((id, c.map_err(|e| e.to_string()))),
        }
    }
    Ok(r)
}

// ---------------------------------------------------------------------------------------
// Choosing the cases.

/// The integer values tried for every integer parameter, largest first.
const INTS: [u64; 5] = [1000, 256, 32, 8, 1];

/// Candidate cases for `kernel`, most thorough first.
fn candidates(unit: &str, kernel: &str, ptx: &str) -> Vec<Case> {
    let Some((params, directives, body)) = differential::kernel_text(ptx, kernel) else {
        return Vec::new();
    };
    let approx = differential::uses_approx(&body);
    let elem = differential::store_width(&body);
    let (block, threads) = match differential::thread_limit(&directives) {
        Some((true, dims)) => (dims, dims.iter().product::<u32>()),
        Some((false, dims)) => {
            let t = dims.iter().product::<u32>().min(256);
            ([t, 1, 1], t)
        }
        None => ([256, 1, 1], 256),
    };
    let shared = if ptx.contains(".extern .shared") {
        8192
    } else {
        0
    };
    let pointers: Vec<usize> = (0..params.len())
        .filter(|&i| params[i] == Param::Pointer)
        .collect();
    let mut plans: Vec<Vec<Fill>> = vec![vec![Fill::Float; pointers.len()]];
    for alt in [Fill::Int32, Fill::Int64] {
        for i in 0..pointers.len() {
            let mut p = vec![Fill::Float; pointers.len()];
            p[i] = alt;
            plans.push(p);
        }
        plans.push(vec![alt; pointers.len()]);
    }
    plans.push(vec![Fill::Zero; pointers.len()]);
    plans.dedup();
    let mut out = Vec::new();
    for v in INTS {
        for plan in &plans {
            let mut fills = plan.iter();
            let args = params
                .iter()
                .map(|p| match p {
                    Param::Pointer => Arg::Buffer(*fills.next().unwrap()),
                    Param::Int(1) => Arg::Value(vec![1]),
                    Param::Int(2) => Arg::Value((v as u16).to_le_bytes().to_vec()),
                    Param::Int(4) => Arg::Value((v as u32).to_le_bytes().to_vec()),
                    Param::Int(n) => Arg::Value(v.to_le_bytes()[..(*n).min(8)].to_vec()),
                    Param::Float(4) => Arg::Value(0.5f32.to_le_bytes().to_vec()),
                    Param::Float(n) => Arg::Value(0.5f64.to_le_bytes()[..(*n).min(8)].to_vec()),
                    Param::Bytes(n) => Arg::Value(vec![0; *n]),
                })
                .collect();
            let grid = (v as u32).div_ceil(threads).clamp(1, 64);
            out.push(Case {
                unit: unit.to_string(),
                kernel: kernel.to_string(),
                grid: [grid, 1, 1],
                block,
                shared,
                args,
                approx,
                elem,
            });
        }
    }
    out
}

/// The first candidate that finishes on the simulator and changes a buffer, with the same
/// results when its buffers lie elsewhere (a kernel that reads past them gives the GPU's
/// neighbouring memory's results, which nothing can reproduce).
fn choose(ctx: &cuda_library::Context, lib: &Library, cands: Vec<Case>) -> Option<Case> {
    for case in cands {
        let Ok(out) = differential::run(ctx, lib, &case) else {
            continue;
        };
        match differential::run_spaced(ctx, lib, &case, 1 << 16) {
            Ok(spaced) if spaced == out => {}
            _ => continue,
        }
        let mut inputs = case.args.iter().enumerate().filter_map(|(i, a)| match a {
            Arg::Buffer(f) => Some(case.input(i, *f)),
            Arg::Value(_) => None,
        });
        if out.iter().any(|o| Some(o) != inputs.next().as_ref()) {
            return Some(case);
        }
    }
    None
}

#[test]
fn select_cases() {
    let _turn = crate::turn();
    if !std::env::var("CUDA_LIBRARY_DIFF_SELECT").is_ok_and(|v| v == "1") {
        eprintln!("set CUDA_LIBRARY_DIFF_SELECT=1 to choose the differential cases");
        return;
    }
    // CUDA_LIBRARY_DIFF_SET=project: that project's own set (differential::OWN_SETS).
    let set = differential::set_from_env();
    let units = realworld::units();
    let refs: Vec<&realworld::Unit> = units
        .iter()
        .filter(|u| differential::in_set(&u.id(), set.as_deref()))
        .collect();
    let compiled = match compile_all(&refs) {
        Ok(c) => c,
        Err(e) => return nvrtc::skip_without_nvrtc(e),
    };
    let ctx = context();
    // A kernel that needs more than this with the generated inputs is not a good case.
    cuda_library::sim::set_launch_budget(50_000_000);
    let ptx_out = std::env::var_os("CUDA_LIBRARY_DIFF_PTX_OUT").map(PathBuf::from);
    let per_unit = realworld::par_map(&compiled, 2, |(id, ptx)| {
        let Ok(ptx) = ptx else {
            return Vec::new();
        };
        let Ok(lib) = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()) else {
            return Vec::new();
        };
        let mut chosen = Vec::new();
        for k in realworld::entries(ptx) {
            if let Some(c) = choose(&ctx, &lib, candidates(id, &k, ptx)) {
                chosen.push(c);
            }
        }
        eprintln!("{id}: {} cases", chosen.len());
        chosen
    });
    // Chosen on two threads, a case's buffers may have had the other thread's for
    // neighbours: each is tried again alone, so one that reads past its buffers faults or
    // gives other results with the spacers.
    let mut cases: Vec<Value> = Vec::new();
    for ((id, ptx), chosen) in compiled.iter().zip(&per_unit) {
        let Ok(text) = ptx else { continue };
        let Ok(lib) = Library::load_data(text.as_bytes(), &LibraryOptions::default()) else {
            continue;
        };
        let chosen: Vec<&Case> = chosen
            .iter()
            .filter(|c| choose(&ctx, &lib, vec![(*c).clone()]).is_some())
            .collect();
        if chosen.is_empty() {
            continue;
        }
        if let (Some(dir), Ok(ptx)) = (&ptx_out, ptx) {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join(differential::ptx_file(id)), ptx).unwrap();
        }
        cases.extend(chosen.iter().map(|c| c.to_json()));
    }
    let dir = differential::set_dir(set.as_deref());
    std::fs::create_dir_all(&dir).unwrap();
    let text = serde_json::to_string_pretty(&Value::Array(cases.clone())).unwrap();
    std::fs::write(dir.join("cases.json"), text + "\n").unwrap();
    println!(
        "{} cases written to {}",
        cases.len(),
        dir.join("cases.json").display()
    );
}

// ---------------------------------------------------------------------------------------
// Checking against the GPU.

/// The cases of the set in `dir`, by (unit, kernel).
fn load_cases(dir: &std::path::Path) -> Vec<Case> {
    let text = std::fs::read_to_string(dir.join("cases.json")).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (CUDA_LIBRARY_DIFF_SELECT=1 writes it)",
            dir.join("cases.json").display()
        )
    });
    let v: Value = serde_json::from_str(&text).unwrap();
    v.as_array().unwrap().iter().map(Case::from_json).collect()
}

/// A GPU record file of the set in `dir`: (unit, canonical kernel name) -> record line.
fn load_records(dir: &std::path::Path, name: &str) -> HashMap<(String, String), Value> {
    let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
        return HashMap::new();
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| {
            let key = (
                v["unit"].as_str().unwrap().to_string(),
                differential::canonical(v["kernel"].as_str().unwrap()),
            );
            (key, v)
        })
        .collect()
}

/// Outcome counts of one (project, compiler) row.
#[derive(Default)]
struct Row {
    cases: usize,
    exact: usize,
    within: usize,
    worst_ulps: u64,
    differ: usize,
    known: usize,
    not_recorded: usize,
}

/// A known difference: the compiler whose PTX it is about (`None`: every compiler's),
/// the unit and the canonical kernel name.
type KnownKey = (Option<String>, String, String);

/// `known.txt` of the set in `dir`: each case whose GPU result cannot be reproduced, with
/// why. A line is `unit<TAB>kernel<TAB>why`, or `compiler<TAB>unit<TAB>kernel<TAB>why`
/// for one compiler's PTX only.
fn load_known(dir: &std::path::Path) -> HashMap<KnownKey, String> {
    let text = std::fs::read_to_string(dir.join("known.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let (compiler, rest) = match l.split_once('\t') {
                Some((c @ ("nvrtc" | "nvcc"), rest)) => (Some(c.to_string()), rest),
                _ => (None, l),
            };
            let mut f = rest.splitn(3, '\t');
            let (u, k, why) = (f.next()?, f.next()?, f.next()?);
            let key = (compiler, u.to_string(), differential::canonical(k));
            Some((key, why.to_string()))
        })
        .collect()
}

/// The known difference that covers `compiler`'s case `(unit, kernel)`, if one does.
fn known_for<'k>(
    known: &'k HashMap<KnownKey, String>,
    compiler: &str,
    (unit, kernel): &(String, String),
) -> Option<(&'k KnownKey, &'k String)> {
    let mine = (Some(compiler.to_string()), unit.clone(), kernel.clone());
    let any = (None, unit.clone(), kernel.clone());
    known
        .get_key_value(&mine)
        .or_else(|| known.get_key_value(&any))
}

#[test]
fn simulator_matches_the_gpu() {
    compare_with_gpu(None, &["nvrtc", "nvcc"], CASES_FLOOR);
}

/// ggml's CUDA backend (its own set, `differential/ggml/`, recorded for NVRTC's PTX only):
/// run with `CUDA_LIBRARY_DIFF_SET=ggml` (compiling its units takes minutes on two cores,
/// so the default run leaves it out).
#[test]
fn ggml_matches_the_gpu() {
    if differential::set_from_env().as_deref() != Some("ggml") {
        eprintln!("set CUDA_LIBRARY_DIFF_SET=ggml to compare ggml's kernels with the GPU");
        return;
    }
    compare_with_gpu(Some("ggml"), &["nvrtc"], GGML_CASES_FLOOR);
}

/// Runs the cases of `set` (see `differential::set_dir`) on the simulator and compares them
/// with the GPU's records of each of `compilers`, printing the table; at least `floor`
/// cases per compiler must be compared.
fn compare_with_gpu(set: Option<&str>, compilers: &[&'static str], floor: usize) {
    // Some corpus kernels read a little past their buffers, as the GPU lets them; what they
    // read there depends on the device's allocations, so no other test may allocate now.
    let _turn = crate::turn();
    let dir = differential::set_dir(set);
    let cases = load_cases(&dir);
    let units = realworld::units();
    let wanted: Vec<&realworld::Unit> = units
        .iter()
        .filter(|u| cases.iter().any(|c| c.unit == u.id()))
        .collect();
    let compiled = match compile_all(&wanted) {
        Ok(c) => c,
        Err(e) => return nvrtc::skip_without_nvrtc(e),
    };
    let ctx = context();
    let mut table: BTreeMap<(String, &str), Row> = BTreeMap::new();
    let mut listing = String::new();
    let mut failures = Vec::new();
    let mut stale = Vec::new();
    let known = load_known(&dir);
    let ptx_out = std::env::var_os("CUDA_LIBRARY_DIFF_PTX_OUT").map(PathBuf::from);
    // CUDA_LIBRARY_DIFF_DUMP=file: every output's bytes, to look into a difference.
    let mut dump =
        std::env::var_os("CUDA_LIBRARY_DIFF_DUMP").map(|p| std::fs::File::create(p).unwrap());
    // Cases that match the GPU though a known difference covers them: the list must say
    // only what is true, so each fails the test.
    let mut matching_known: Vec<String> = Vec::new();
    // Per compiler: cases compared, and cases the GPU could not give one answer for.
    let mut compared: HashMap<&str, usize> = HashMap::new();
    let mut unusable: HashMap<&str, usize> = HashMap::new();
    for &compiler in compilers {
        let file = format!("gpu-{compiler}.jsonl");
        let records = load_records(&dir, &file);
        assert!(
            !records.is_empty(),
            "no GPU records in {} (scripts/differential.sh records them)",
            dir.join(&file).display()
        );
        *unusable.entry(compiler).or_default() = records
            .values()
            .filter(|r| r.get("error").is_some() || r["deterministic"] == Value::Bool(false))
            .count();
        for (id, ptx) in &compiled {
            let ptx = match compiler {
                "nvrtc" => ptx.clone().ok(),
                _ => differential::nvcc_ptx(id),
            };
            // CUDA_LIBRARY_DIFF_PTX_OUT=dir: the NVRTC PTX the cases ran, for re-recording
            // on a GPU (`scripts/differential.sh ptx`) without choosing the cases again.
            if let (Some(dir), "nvrtc", Some(text)) = (&ptx_out, compiler, &ptx) {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(dir.join(differential::ptx_file(id)), text).unwrap();
            }
            let Some(ptx) = ptx else {
                panic!("{compiler}: no PTX for {id}, which has cases");
            };
            let hash = differential::ptx_hash(&ptx);
            let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default());
            for case in cases.iter().filter(|c| &c.unit == id) {
                let project = id.split('/').next().unwrap_or("").to_string();
                let row = table.entry((project, compiler)).or_default();
                // Kernel names canonical: a kernel named after an internal-linkage symbol
                // has another name in every compile (differential::canonical).
                let key = (case.unit.clone(), differential::canonical(&case.kernel));
                let Some(rec) = records.get(&key) else {
                    row.not_recorded += 1;
                    continue;
                };
                if rec.get("error").is_some() || rec["deterministic"] == Value::Bool(false) {
                    // The GPU could not run it (not in nvcc's PTX, a fault) or gave two
                    // answers: nothing to compare with.
                    row.not_recorded += 1;
                    continue;
                }
                if rec["ptx_hash"].as_str() != Some(hash.as_str()) {
                    stale.push(format!("{compiler} {id}"));
                    row.not_recorded += 1;
                    continue;
                }
                row.cases += 1;
                *compared.entry(compiler).or_default() += 1;
                let mut case = case.clone();
                let symbol = differential::entry_name(&ptx, &case.kernel);
                if let Some((_, _, body)) = differential::kernel_text(&ptx, &symbol) {
                    case.approx = differential::uses_approx(&body);
                    case.elem = differential::store_width(&body);
                }
                let shown = cuda_library::demangle(&case.kernel);
                // Err(Ok(why)): the outputs differ; Err(Err(why)): it did not run here.
                let outcome = match &lib {
                    Ok(lib) => match differential::run_as(&ctx, lib, &case, &symbol) {
                        Ok(out) => {
                            if let Some(dump) = &mut dump {
                                let mut v = serde_json::json!({ "unit": id, "kernel": case.kernel, "compiler": compiler });
                                v["outputs"] = differential::record_with(&case, &out, true);
                                writeln!(dump, "{v}").unwrap();
                            }
                            differential::compare(&case, &out, &rec["outputs"]).map_err(Ok)
                        }
                        Err(e) => Err(Err(e.to_string())),
                    },
                    Err(e) => Err(Err(e.to_string())),
                };
                match outcome {
                    Ok(u) => {
                        if u == 0 {
                            row.exact += 1;
                            listing.push_str(&format!("{compiler}\t{id}\t{shown}\texact\n"));
                        } else {
                            row.within += 1;
                            row.worst_ulps = row.worst_ulps.max(u);
                            listing
                                .push_str(&format!("{compiler}\t{id}\t{shown}\twithin {u} ulps\n"));
                        }
                        if let Some((entry, _)) = known_for(&known, compiler, &key) {
                            let scope = entry.0.as_deref().unwrap_or("every compiler");
                            matching_known
                                .push(format!("{compiler} {id} {shown} (listed for {scope})"));
                        }
                    }
                    // Only a difference in the outputs can be a known one: a kernel that no
                    // longer loads or runs here is a failure.
                    Err(Ok(why)) if known_for(&known, compiler, &key).is_some() => {
                        row.known += 1;
                        let reason = known_for(&known, compiler, &key).map_or("", |k| k.1);
                        listing.push_str(&format!(
                            "{compiler}\t{id}\t{shown}\tknown difference ({reason}): {why}\n"
                        ));
                    }
                    Err(Ok(why) | Err(why)) => {
                        row.differ += 1;
                        listing.push_str(&format!("{compiler}\t{id}\t{shown}\tDIFFERS: {why}\n"));
                        failures.push(format!("{compiler} {id} {shown}: {why}"));
                    }
                }
            }
        }
    }
    println!("\nReal-world kernels: the simulator against the GPU's results\n");
    println!("| project | compiler | compared | bit-identical | within ulps (largest) | known differences | differ | not run on the GPU |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    let mut total = Row::default();
    for ((p, c), r) in &table {
        println!(
            "| {p} | {c} | {} | {} | {} ({}) | {} | {} | {} |",
            r.cases, r.exact, r.within, r.worst_ulps, r.known, r.differ, r.not_recorded
        );
        total.cases += r.cases;
        total.exact += r.exact;
        total.within += r.within;
        total.worst_ulps = total.worst_ulps.max(r.worst_ulps);
        total.differ += r.differ;
        total.known += r.known;
        total.not_recorded += r.not_recorded;
    }
    println!(
        "| all | | {} | {} | {} ({}) | {} | {} | {} |",
        total.cases,
        total.exact,
        total.within,
        total.worst_ulps,
        total.known,
        total.differ,
        total.not_recorded
    );
    std::fs::create_dir_all(realworld::target_dir()).unwrap();
    let file = realworld::target_dir().join(match set {
        Some(s) => format!("differential-{s}.txt"),
        None => "differential.txt".to_string(),
    });
    std::fs::write(&file, listing).unwrap();
    println!("\nevery case: {}", file.display());
    assert!(
        stale.is_empty(),
        "the PTX differs from what the GPU ran (another NVRTC?); re-record with scripts/differential.sh:\n{}",
        stale.join("\n")
    );
    assert!(
        failures.is_empty(),
        "{} cases differ from the GPU:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        matching_known.is_empty(),
        "listed in {} as known differences but matching the GPU (remove them from the list, or \
         restrict them to the compiler whose PTX still differs: compiler<TAB>unit<TAB>kernel<TAB>why):\n{}",
        dir.join("known.txt").display(),
        matching_known.join("\n")
    );
    for &compiler in compilers {
        let n = compared.get(compiler).copied().unwrap_or(0);
        assert!(
            n >= floor,
            "only {n} {compiler} cases compared, fewer than {floor}"
        );
        let not_run: usize = table
            .iter()
            .filter(|((_, c), _)| *c == compiler)
            .map(|(_, r)| r.not_recorded)
            .sum();
        assert_eq!(
            not_run, unusable[compiler],
            "{compiler}: every case not compared is one the GPU could not give one answer for"
        );
    }
}
