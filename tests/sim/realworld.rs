//! How much real-world CUDA the simulator can run: the corpus in `tests/realworld/` (kernels
//! from public code bases nobody here wrote, each folder with its licence and a SOURCE.md
//! naming its origin) compiled to PTX with NVRTC for compute_80, every module loaded on the
//! simulator, and every kernel counted as lowered or not, with the reason.
//!
//! The test prints a table per project, the reasons ranked by how many kernels each one
//! blocks, and writes every kernel with its outcome to `target/realworld-coverage.txt`. It
//! fails when fewer kernels lower than [`LOWERED_FLOOR`] (today's count: raise it as the
//! simulator learns more), when the corpus shrinks below [`KERNELS_FLOOR`], or when a unit
//! stops compiling. The goal, [`TARGET_PERCENT`], is printed, not asserted.
//!
//! `CUDA_LIBRARY_REALWORLD_PTX_OUT=DIR` writes every unit's PTX into `DIR`.
//!
//! Without NVRTC the test is skipped (printed), unless `CUDA_LIBRARY_REQUIRE_NVRTC=1`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::common::nvrtc;
use crate::common::realworld;

use cuda_library::sim;
use realworld::{entries, rel, units, Unit};

/// Kernels that lowered when this floor was last set.
const LOWERED_FLOOR: usize = 1201;
/// Kernels in the corpus today (at least 600 from three code bases was the brief; ggml's
/// backend brought 198 more).
const KERNELS_FLOOR: usize = 1201;
/// What the simulator should reach.
const TARGET_PERCENT: f64 = 98.0;

/// What a unit gave: its kernels with `None` (lowered) or the reason, or the compile error.
struct Outcome {
    kernels: Vec<(String, Option<String>)>,
    compile_error: Option<String>,
    compile_s: f64,
}

fn run_unit(u: &Unit) -> Result<Outcome, cuda_library::Error> {
    let t = Instant::now();
    let compiled = u.compile();
    let compile_s = t.elapsed().as_secs_f64();
    let ptx = match compiled {
        Ok(ptx) => ptx,
        Err(e @ cuda_library::Error::NvrtcNotFound { .. }) => return Err(e),
        Err(e) => {
            return Ok(Outcome {
                kernels: Vec::new(),
                compile_error: Some(e.to_string()),
                compile_s,
            })
        }
    };
    // `CUDA_LIBRARY_REALWORLD_PTX_OUT=DIR` keeps every unit's PTX (named by its corpus id,
    // `/` as `__`) for reading what a kernel that does not lower contains.
    if let Some(dir) = std::env::var_os("CUDA_LIBRARY_REALWORLD_PTX_OUT") {
        let file = std::path::Path::new(&dir).join(format!("{}.ptx", u.id().replace('/', "__")));
        if let Err(e) = std::fs::write(&file, &ptx) {
            eprintln!("could not write {}: {e}", file.display());
        }
    }
    let ptx = ptx.as_str();
    let names = entries(ptx);
    let lines: Vec<&str> = ptx.lines().collect();
    // A syntax error names a line and column: add the statement there, which the message
    // itself does not show (e.g. a texture instruction's operand list).
    let at_line = |why: String| -> String {
        let Some(rest) = why.strip_prefix("PTX error at line ") else {
            return why;
        };
        let n: usize = rest
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or(0);
        let statement = lines.get(n.wrapping_sub(1)).map_or("", |l| l.trim());
        let op = statement
            .split_whitespace()
            .map(|t| t.trim_start_matches('{'))
            .find(|t| !t.is_empty() && !t.starts_with('@'))
            .unwrap_or("");
        // An instruction by its opcode alone (`tex.2d.v4.f32.f32` -> `tex`), a directive whole.
        let op = if op.starts_with('.') {
            op
        } else {
            op.split('.').next().unwrap_or(op)
        };
        format!("{why} at `{op}`")
    };
    let mut mem = sim::Memory::new();
    let kernels = match sim::load_ptx(ptx, &mut mem) {
        Ok(mut module) => {
            let r = names
                .iter()
                .map(|n| {
                    let why = module.kernel(n).err().map(|e| at_line(e.to_string()));
                    (n.clone(), why)
                })
                .collect();
            module.free(&mut mem);
            r
        }
        // The module as a whole did not load: none of its kernels runs.
        Err(e) => {
            let why = format!("module: {e}");
            names.into_iter().map(|n| (n, Some(why.clone()))).collect()
        }
    };
    Ok(Outcome {
        kernels,
        compile_error: None,
        compile_s,
    })
}

/// A reason reduced to what blocks the kernel, for ranking: the kernel's name and the line
/// number taken out ("kernel `k`: the simulator does not support `tex.2d` (PTX line 9)" ->
/// "the simulator does not support `tex.2d`").
fn reason_key(why: &str) -> String {
    let mut s = why.to_string();
    if let Some(rest) = s.strip_prefix("kernel `") {
        if let Some(i) = rest.find("`: ") {
            s = rest[i + 3..].to_string();
        }
    }
    // "(in kernel `k`)" of syntax errors, "(PTX line N)" and "line N, column M" positions.
    if let Some(i) = s.find(" (in kernel `") {
        let tail = s[i..]
            .find(')')
            .map_or(String::new(), |j| s[i + j + 1..].to_string());
        s.truncate(i);
        s.push_str(&tail);
    }
    if let Some(i) = s.find(" (PTX line") {
        s.truncate(i);
    }
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit()
            && !out
                .ends_with(|p: char| p.is_ascii_alphanumeric() || p == '_' || p == '%' || p == '.')
        {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            out.push('N');
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn realworld_kernels_lower() {
    let start = Instant::now();
    let mut units = units();
    assert!(!units.is_empty(), "no units.txt under tests/realworld");
    // Largest first, so the slowest compiles do not end up last on one thread.
    units.sort_by_key(|u| std::cmp::Reverse(std::fs::metadata(&u.path).unwrap().len()));
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .clamp(1, 8)
        .min(units.len());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new((0..units.len()).map(|_| None).collect());
    let missing: Mutex<Option<cuda_library::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= units.len() || missing.lock().unwrap().is_some() {
                    break;
                }
                match run_unit(&units[i]) {
                    Ok(o) => results.lock().unwrap()[i] = Some(o),
                    Err(e) => *missing.lock().unwrap() = Some(e),
                }
            });
        }
    });
    if let Some(e) = missing.into_inner().unwrap() {
        nvrtc::skip_without_nvrtc(e);
        return;
    }
    let results: Vec<Outcome> = results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect();

    // Per project: kernels, lowered; reasons: key -> (count, example kernel and full text).
    let mut table: BTreeMap<&str, (usize, usize, usize)> = BTreeMap::new();
    let mut reasons: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut compile_errors = Vec::new();
    let mut listing = String::new();
    let mut compile_total = 0.0;
    let mut order: Vec<usize> = (0..units.len()).collect();
    order.sort_by(|&a, &b| {
        (&units[a].project, &units[a].path).cmp(&(&units[b].project, &units[b].path))
    });
    for i in order {
        let (u, o) = (&units[i], &results[i]);
        compile_total += o.compile_s;
        let row = table.entry(&u.project).or_default();
        row.2 += 1;
        if let Some(e) = &o.compile_error {
            compile_errors.push(format!("{}: {e}", rel(&u.path)));
            listing.push_str(&format!("{}\tCOMPILE ERROR\t{e}\n", rel(&u.path)));
            continue;
        }
        for (name, why) in &o.kernels {
            row.0 += 1;
            let shown = cuda_library::demangle(name);
            match why {
                None => {
                    row.1 += 1;
                    listing.push_str(&format!("{}\t{shown}\tlowered\n", rel(&u.path)));
                }
                Some(why) => {
                    listing.push_str(&format!("{}\t{shown}\t{why}\n", rel(&u.path)));
                    let r = reasons
                        .entry(reason_key(why))
                        .or_insert_with(|| (0, format!("{}: {why}", rel(&u.path))));
                    r.0 += 1;
                }
            }
        }
    }

    let (kernels, lowered) = table.values().fold((0, 0), |a, r| (a.0 + r.0, a.1 + r.1));
    let pct = |l: usize, k: usize| {
        if k == 0 {
            0.0
        } else {
            100.0 * l as f64 / k as f64
        }
    };
    println!("\nReal-world corpus on the simulator (NVRTC, compute_80):\n");
    println!("| project | units | kernels | lowered | % |");
    println!("|---|---:|---:|---:|---:|");
    for (p, (k, l, n)) in &table {
        println!("| {p} | {n} | {k} | {l} | {:.1} |", pct(*l, *k));
    }
    println!(
        "| all | {} | {kernels} | {lowered} | {:.1} |",
        units.len(),
        pct(lowered, kernels)
    );
    println!(
        "\ntarget: {TARGET_PERCENT}% ({} kernels); floor asserted: {LOWERED_FLOOR}",
        (kernels as f64 * TARGET_PERCENT / 100.0).ceil()
    );
    let mut ranked: Vec<_> = reasons.iter().collect();
    ranked.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
    println!(
        "\nWhy the other {} kernels do not lower ({} reasons), by kernels blocked:\n",
        kernels - lowered,
        ranked.len()
    );
    for (key, (n, example)) in &ranked {
        println!("{n:5}  {key}\n       e.g. {example}");
    }
    let file = realworld::target_dir().join("realworld-coverage.txt");
    let header = format!(
        "# unit\tkernel (demangled)\toutcome; {lowered} of {kernels} kernels lowered ({:.1}%)\n",
        pct(lowered, kernels)
    );
    std::fs::create_dir_all(realworld::target_dir()).unwrap();
    std::fs::write(&file, header + &listing).unwrap();
    println!(
        "\nevery kernel: {}\nNVRTC {:.1} s of compiling on {threads} threads; {:.1} s in all",
        file.display(),
        compile_total,
        start.elapsed().as_secs_f64()
    );

    assert!(
        compile_errors.is_empty(),
        "units that no longer compile:\n{}",
        compile_errors.join("\n")
    );
    assert!(
        kernels >= KERNELS_FLOOR,
        "the corpus has {kernels} kernels, fewer than {KERNELS_FLOOR}"
    );
    assert!(
        lowered >= LOWERED_FLOOR,
        "{lowered} kernels lower, fewer than the {LOWERED_FLOOR} that did when the floor was set"
    );
}
