//! Random programs (`gen`) compiled by NVRTC and by the built-in compiler, run on the
//! simulator with the same random input, their output buffers compared bit for bit. The
//! seed picks the options too (default, `-fmad=false`, `--use_fast_math`, `-G` in turn).
//!
//! Each program is a `__device__` function; up to [`BATCH`] programs of the same options are
//! one translation unit with one kernel that runs each on its own blocks and slices of the
//! input and output (`gen::batch_source`), compiled once by each compiler and launched once
//! per image. A program whose slice differs is checked again alone, and that verdict counts;
//! a batch that fails whole (a refusal, an image that does not load or run) is split in two,
//! down to single programs, so that a finding names one program and its seed.
//!
//! A fixed range of seeds runs by default; `CUDA_LIBRARY_LONG_TESTS=1` runs thousands, and
//! `CUDA_LIBRARY_GEN_SEEDS=FIRST..END` any range. `CUDA_LIBRARY_GEN_PRINT=1` prints every
//! program; `CUDA_LIBRARY_GEN_FILE=reduced.cu` runs that file instead of each seed's program
//! (with the seed's input and options), for reducing a mismatch by hand;
//! `CUDA_LIBRARY_GEN_BATCH=N` sets the batch size. A program NVRTC rejects, or whose NVRTC
//! PTX does not run, is a bug of the generator and fails the test; a mismatch prints the
//! seed, the options and the program.

use crate::common::nvrtc;
use crate::gen::{self, Program};
use crate::harness::{self, Mode, Refusal, Source};

use std::time::Instant;

use cuda_library::{Context, Error, KernelArg, LaunchConfig, Library};

/// Seeds run by default (the debug build's run takes about a minute on a loaded 2-core
/// machine).
const DEFAULT_SEEDS: u64 = 256;

/// Seeds whose programs differ from NVRTC for a reason already in `FINDINGS.md`: they are
/// expected to fail until it is fixed, and one that agrees fails the test until it is taken
/// off this list (so the list only shrinks). Any other difference fails.
const KNOWN: &[(u64, &str)] = &[
    (
        34,
        "FINDINGS.md F13: NVVM folds a product of constant array elements (1 ulp)",
    ),
    (
        186,
        "FINDINGS.md, not reduced yet: --use_fast_math, a NaN's sign",
    ),
    (
        222,
        "FINDINGS.md, not reduced yet: --use_fast_math, 1 ulp (met once the fusion ranks and the 256-seed run were merged)",
    ),
    (
        226,
        "FINDINGS.md, not reduced yet: --use_fast_math, a NaN's payload",
    ),
];

/// Seeds run with `CUDA_LIBRARY_LONG_TESTS=1`.
const LONG_SEEDS: u64 = 3000;

/// Programs of the default range that agree with NVRTC, at least (the count reached; a
/// difference outside `KNOWN` fails on its own).
const AGREE_FLOOR: usize = 251;

/// The constructs the default run leaves out: none (functional casts, FINDINGS.md F10, and
/// `__noinline__` helpers, S2, are fixed). `CUDA_LIBRARY_GEN_AVOID=math` (or
/// `functional-casts`, `noinline`) leaves some out.
const AVOIDED: &str = "";

fn avoided() -> gen::Avoid {
    let list = std::env::var("CUDA_LIBRARY_GEN_AVOID").unwrap_or_else(|_| AVOIDED.to_string());
    gen::Avoid::parse(&list).unwrap_or_else(|e| panic!("CUDA_LIBRARY_GEN_AVOID: {e}"))
}

/// The options of `seed`'s program.
pub fn mode_of(seed: u64) -> Mode {
    Mode::ALL[(seed % Mode::ALL.len() as u64) as usize]
}

/// The seeds to run.
fn seeds() -> std::ops::Range<u64> {
    if let Ok(v) = std::env::var("CUDA_LIBRARY_GEN_SEEDS") {
        if let Some((a, b)) = v.split_once("..") {
            if let (Ok(a), Ok(b)) = (a.trim().parse(), b.trim().parse()) {
                return a..b;
            }
        }
        panic!("CUDA_LIBRARY_GEN_SEEDS={v}: write FIRST..END");
    }
    if harness::long_tests() {
        0..LONG_SEEDS
    } else {
        0..DEFAULT_SEEDS
    }
}

/// Runs a generated program's kernel from `lib` on its input: the output buffer.
pub fn run(ctx: &Context, lib: &Library, seed: u64) -> Result<Vec<u8>, Error> {
    run_named(ctx, lib, gen::KERNEL, seed)
}

/// [`run`] of the kernel named `kernel` (a batch names each program's kernel apart).
fn run_named(ctx: &Context, lib: &Library, kernel: &str, seed: u64) -> Result<Vec<u8>, Error> {
    let kernel = lib.get_kernel(kernel)?;
    let stream = ctx.create_stream()?;
    let input: Vec<u8> = gen::input(seed)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let din = ctx.htod(&input)?;
    let dout = ctx.htod(&vec![0u8; gen::output_bytes()])?;
    let pin = din.as_raw().to_le_bytes();
    let pout = dout.as_raw().to_le_bytes();
    let args = [KernelArg::from_bytes(&pin), KernelArg::from_bytes(&pout)];
    let cfg = LaunchConfig::new((gen::BLOCKS, 1, 1), (gen::THREADS, 1, 1));
    kernel.launch(&stream, &cfg, &args)?;
    stream.synchronize()?;
    dout.to_vec()
}

/// What one program gave.
#[derive(Debug)]
pub enum Verdict {
    Agrees,
    /// The built-in compiler refused it (not a failure: the language it takes grows).
    Refused(String),
    /// A failure, with what to print.
    Fails(String),
}

/// Where a run of generated programs spends its time (seconds, summed).
#[derive(Debug, Default)]
pub struct Timings {
    pub nvrtc: f64,
    pub builtin: f64,
    pub simulator: f64,
}

/// Compiles and runs `program` both ways under `mode`, adding each stage's time to `t`.
pub fn check(
    ctx: &Context,
    program: &Program,
    mode: Mode,
    t: &mut Timings,
) -> Result<Verdict, Error> {
    let src = Source {
        uncached: true,
        ..Source::new(format!("gen_{}.cu", program.seed), program.source.clone())
    };
    let clock = Instant::now();
    let nv = harness::nvrtc(&src, mode);
    t.nvrtc += clock.elapsed().as_secs_f64();
    let (nv_ptx, nv_map) = match nv {
        Ok(x) => x,
        Err(e @ Error::NvrtcNotFound { .. }) => return Err(e),
        Err(e) => {
            return Ok(Verdict::Fails(format!(
                "NVRTC rejects the generated program: {e}"
            )))
        }
    };
    let clock = Instant::now();
    let want = harness::load(&nv_ptx, &nv_map).and_then(|l| run(ctx, &l, program.seed));
    t.simulator += clock.elapsed().as_secs_f64();
    let want = match want {
        Ok(w) => w,
        Err(e) => return Ok(Verdict::Fails(format!("NVRTC's PTX does not run: {e}"))),
    };
    let clock = Instant::now();
    let built = harness::builtin(&src, mode);
    t.builtin += clock.elapsed().as_secs_f64();
    let (ptx, map) = match built {
        Ok(x) => x,
        Err(Refusal::Error(log)) => {
            return Ok(Verdict::Refused(Refusal::Error(log).summary()));
        }
        Err(r) => return Ok(Verdict::Fails(r.summary())),
    };
    let clock = Instant::now();
    let got = harness::load(&ptx, &map).and_then(|l| run(ctx, &l, program.seed));
    t.simulator += clock.elapsed().as_secs_f64();
    let got = match got {
        Ok(g) => g,
        Err(e) => {
            return Ok(Verdict::Fails(format!(
                "the built-in compiler's PTX does not run: {e}"
            )))
        }
    };
    Ok(match harness::first_difference(&[want], &[got]) {
        None => Verdict::Agrees,
        Some(d) => Verdict::Fails(d),
    })
}

/// Programs compiled together: one translation unit and one launch per image for up to this
/// many programs of the same options ([`gen::batch_source`]), so that NVRTC's cost per
/// compile, the simulator's cost per load and launch, and the built-in compiler's per
/// translation unit are paid once per batch. Most of each compile's cost is per program
/// (NVVM optimising it, the built-in compiler's debug build), so larger batches gain little,
/// and a batch of 32 keeps the built-in compiler's debug build well inside the harness's
/// deadline per compile on a loaded machine (128 under `-G` ran past it). `CUDA_LIBRARY_GEN_BATCH=N` sets another size.
const BATCH: usize = 32;

/// The batch size: [`BATCH`] or `CUDA_LIBRARY_GEN_BATCH`.
fn batch_size() -> usize {
    match std::env::var("CUDA_LIBRARY_GEN_BATCH") {
        Ok(v) => v
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .unwrap_or_else(|| panic!("CUDA_LIBRARY_GEN_BATCH={v}: write a count above 0")),
        Err(_) => BATCH,
    }
}

/// How a batch's programs came out: those that agree, and those to check alone.
struct Sorted {
    agree: usize,
    alone: Vec<Program>,
    /// The seeds of [`Sorted::alone`] whose slice of the batch's output differed.
    differed: Vec<u64>,
}

/// Runs a batch's kernel from `lib` on the batch's input: the output buffer (each program's
/// slice of [`gen::output_bytes`] in turn).
fn run_batch(ctx: &Context, lib: &Library, programs: &[Program]) -> Result<Vec<u8>, Error> {
    let kernel = lib.get_kernel(gen::BATCH_KERNEL)?;
    let stream = ctx.create_stream()?;
    let input: Vec<u8> = gen::batch_input(programs)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let din = ctx.htod(&input)?;
    let dout = ctx.htod(&vec![0u8; gen::output_bytes() * programs.len()])?;
    let pin = din.as_raw().to_le_bytes();
    let pout = dout.as_raw().to_le_bytes();
    let args = [KernelArg::from_bytes(&pin), KernelArg::from_bytes(&pout)];
    let blocks = gen::BLOCKS * programs.len() as u32;
    let cfg = LaunchConfig::new((blocks, 1, 1), (gen::THREADS, 1, 1));
    kernel.launch(&stream, &cfg, &args)?;
    stream.synchronize()?;
    dout.to_vec()
}

/// Compiles `programs` (all of `mode`) as one translation unit both ways, runs each image once
/// and compares each program's slice of the output. A program whose slice differs goes to
/// [`Sorted::alone`]; where the batch as a whole fails (a compiler refuses it, an image does
/// not load or run), it is split in two and each half tried again, down to single programs,
/// so that a finding names one program.
fn sort_batch(ctx: &Context, programs: &[Program], mode: Mode, t: &mut Timings) -> Sorted {
    if programs.len() <= 1 {
        return Sorted {
            agree: 0,
            alone: programs.to_vec(),
            differed: Vec::new(),
        };
    }
    let src = Source {
        uncached: true,
        ..Source::new("gen_batch.cu", gen::batch_source(programs))
    };
    // NVRTC compiles on a thread of its own while the built-in compiler runs: on two cores
    // the batch costs the slower of the two, not their sum.
    let ((nv, nv_secs), (built, builtin_secs)) = std::thread::scope(|s| {
        let nvrtc = s.spawn(|| {
            let clock = Instant::now();
            (harness::nvrtc(&src, mode), clock.elapsed().as_secs_f64())
        });
        let clock = Instant::now();
        let built = harness::builtin(&src, mode);
        let builtin_secs = clock.elapsed().as_secs_f64();
        let nv = nvrtc.join().unwrap_or_else(|_| {
            (
                Err(Error::InvalidArgument("NVRTC's thread panicked".into())),
                0.0,
            )
        });
        (nv, (built, builtin_secs))
    });
    t.nvrtc += nv_secs;
    t.builtin += builtin_secs;
    let first = programs.first().map_or(0, |p| p.seed);
    let split = |why: String, t: &mut Timings| {
        println!(
            "  batch of {} from seed {first} ({}): {why}; split in two",
            programs.len(),
            mode.flag()
        );
        let (a, b) = programs.split_at(programs.len() / 2);
        let mut x = sort_batch(ctx, a, mode, t);
        let y = sort_batch(ctx, b, mode, t);
        x.agree += y.agree;
        x.alone.extend(y.alone);
        x.differed.extend(y.differed);
        x
    };
    let (nv_ptx, nv_map) = match nv {
        Ok(x) => x,
        Err(Error::NvrtcNotFound { .. }) => {
            // Each program alone then says so (and the test skips).
            return Sorted {
                agree: 0,
                alone: programs.to_vec(),
                differed: Vec::new(),
            };
        }
        Err(e) => {
            let first_line = e.to_string().lines().next().unwrap_or("").to_string();
            return split(format!("NVRTC: {first_line}"), t);
        }
    };
    let (ptx, map) = match built {
        Ok(x) => x,
        Err(r) => return split(format!("the built-in compiler: {}", r.summary()), t),
    };
    let clock = Instant::now();
    let want = harness::load(&nv_ptx, &nv_map).and_then(|l| run_batch(ctx, &l, programs));
    let got = harness::load(&ptx, &map).and_then(|l| run_batch(ctx, &l, programs));
    let sim_secs = clock.elapsed().as_secs_f64();
    t.simulator += sim_secs;
    println!(
        "  batch of {} from seed {first} ({}): NVRTC {nv_secs:.1} s, built-in compiler {builtin_secs:.1} s, simulator {sim_secs:.1} s",
        programs.len(),
        mode.flag()
    );
    let (want, got) = match (want, got) {
        (Ok(w), Ok(g)) => (w, g),
        (Err(e), _) => return split(format!("NVRTC's image: {e}"), t),
        (_, Err(e)) => return split(format!("the built-in compiler's image: {e}"), t),
    };
    let slice = gen::output_bytes();
    let mut sorted = Sorted {
        agree: 0,
        alone: Vec::new(),
        differed: Vec::new(),
    };
    for (p, (w, g)) in programs
        .iter()
        .zip(want.chunks(slice).zip(got.chunks(slice)))
    {
        if w == g {
            sorted.agree += 1;
        } else {
            let d = harness::first_difference(&[w.to_vec()], &[g.to_vec()]).unwrap_or_default();
            println!(
                "  seed {} ({}) differs in its batch: {d}",
                p.seed,
                mode.flag()
            );
            sorted.alone.push(p.clone());
            sorted.differed.push(p.seed);
        }
    }
    sorted
}

#[test]
fn generated_programs_agree_with_nvrtc() {
    let _turn = harness::turn();
    let ctx = harness::context();
    // A batch's launch does the work of each of its programs' (the other tests of this
    // binary wait for this one's turn; `harness::context` sets theirs back).
    let mut limits = cuda_library::limits();
    limits.launch_budget = harness::LAUNCH_BUDGET.saturating_mul(batch_size() as u64);
    cuda_library::set_limits(limits);
    let start = Instant::now();
    let (mut agree, mut refused, mut failures) = (0usize, Vec::new(), Vec::new());
    let range = seeds();
    let avoid = avoided();
    let n = range.end.saturating_sub(range.start);
    let mut timings = Timings::default();
    let file = std::env::var("CUDA_LIBRARY_GEN_FILE").ok();
    let print = std::env::var("CUDA_LIBRARY_GEN_PRINT").is_ok_and(|v| v == "1");
    let programs: Vec<Program> = range
        .map(|seed| {
            let mut program = gen::generate_avoiding(seed, avoid);
            if let Some(file) = &file {
                // A program being reduced by hand, on the seed's input.
                program.source = std::fs::read_to_string(file).unwrap();
            }
            program
        })
        .collect();
    // Batches of programs with the same options (the seed picks them), in seed order.
    let mut batches: Vec<Vec<Program>> = Vec::new();
    for mode in Mode::ALL {
        let same: Vec<Program> = programs
            .iter()
            .filter(|p| mode_of(p.seed) == mode)
            .cloned()
            .collect();
        batches.extend(same.chunks(batch_size()).map(<[Program]>::to_vec));
    }
    let mut batched = 0usize;
    let mut batch_only = Vec::new();
    for batch in batches {
        let mode = mode_of(batch[0].seed);
        let (alone, differed) = if file.is_none() && !print {
            let sorted = sort_batch(&ctx, &batch, mode, &mut timings);
            agree += sorted.agree;
            batched += sorted.agree;
            (sorted.alone, sorted.differed)
        } else {
            (batch, Vec::new())
        };
        for program in &alone {
            let seed = program.seed;
            if print {
                println!("--- seed {seed} ({})\n{}", mode.flag(), program.source);
            }
            match check(&ctx, program, mode, &mut timings) {
                Err(e) => return nvrtc::skip_without_nvrtc(e),
                Ok(Verdict::Agrees) => {
                    agree += 1;
                    if differed.contains(&seed) {
                        batch_only.push(seed);
                    }
                }
                Ok(Verdict::Refused(why)) => refused.push(why),
                Ok(Verdict::Fails(why)) => {
                    eprintln!(
                        "seed {seed} ({}): {why}\n--- program (CUDA_LIBRARY_GEN_SEEDS={seed}..{}) ---\n{}",
                        mode.flag(),
                        seed + 1,
                        program.source
                    );
                    failures.push(seed);
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mut reasons: std::collections::BTreeMap<&str, usize> = Default::default();
    for r in &refused {
        // Grouped by the message, without the place (`file:line:col: `).
        let message = r.split_once(": error: ").map_or(r.as_str(), |(_, m)| m);
        *reasons.entry(message).or_default() += 1;
    }
    println!(
        "{n} generated programs in {secs:.1} s ({:.0} per minute; {batched} settled in batches of up to {}): {agree} agree, {} refused, {} fail",
        n as f64 / secs.max(1e-9) * 60.0,
        batch_size(),
        refused.len(),
        failures.len()
    );
    println!(
        "  time: NVRTC {:.1} s, built-in compiler {:.1} s, simulator (both images) {:.1} s",
        timings.nvrtc, timings.builtin, timings.simulator
    );
    if !batch_only.is_empty() {
        // Not failures (each program's own verdict counts), but worth reducing.
        println!("  differed in their batch only, agree alone: seeds {batch_only:?}");
    }
    let mut reasons: Vec<(&str, usize)> = reasons.into_iter().collect();
    reasons.sort_by_key(|r| std::cmp::Reverse(r.1));
    for (r, k) in reasons.iter().take(20) {
        println!("  refused {k}x: {r}");
    }
    if std::env::var_os("CUDA_LIBRARY_GEN_FILE").is_some() {
        assert!(failures.is_empty(), "the reduced program still differs");
        return;
    }
    let unknown: Vec<u64> = failures
        .iter()
        .copied()
        .filter(|s| !KNOWN.iter().any(|(k, _)| k == s))
        .collect();
    let fixed: Vec<&(u64, &str)> = KNOWN
        .iter()
        .filter(|(k, _)| (seeds().contains(k)) && !failures.contains(k))
        .collect();
    for (k, why) in KNOWN.iter().filter(|(k, _)| failures.contains(k)) {
        println!("  known difference, seed {k}: {why}");
    }
    assert!(
        unknown.is_empty(),
        "failing seeds: {unknown:?} (programs printed above; reduce them into FINDINGS.md)"
    );
    assert!(
        fixed.is_empty(),
        "these known differences agree now: take them off `KNOWN`: {fixed:?}"
    );
    assert!(
        agree >= AGREE_FLOOR,
        "{agree} agree, the floor is {AGREE_FLOOR}"
    );
}
