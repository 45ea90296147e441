//! NVVM's constant folding of math functions (FINDINGS.md F13): NVVM computes the
//! approximate `ex2`/`lg2`/`sin`/`cos` of a constant with correctly rounded host math, not
//! the GPU's approximation, so `__expf(c)` in NVRTC's PTX is a constant that the GPU's
//! `ex2.approx` may miss by an ulp. The built-in compiler folds the same calls
//! (`consteval::fold_f32_function`); here each function that involves those operations is
//! called on many constants, under every mode, in one kernel compiled both ways, and every
//! result must have NVRTC's bits.

use crate::common::nvrtc;
use crate::gen::Rng;
use crate::harness::{self, Mode, Source};

use cuda_library::{Context, Error, KernelArg, LaunchConfig};

/// Constants tried per function.
const PER_FUNCTION: usize = 24;

/// The functions tried and the range their constants are drawn from: `(name, arguments,
/// low, high)`; a name without an `f` (`sin`) is the `double` one. The fast intrinsics, the
/// functions NVVM folds and some it leaves to the GPU. `cbrtf` is left out: NVVM folds its
/// inlined body's steps one by one (products rounded before they would fuse), which the
/// built-in compiler does not do (FINDINGS.md F13).
const FUNCTIONS: &[(&str, usize, f32, f32)] = &[
    ("__expf", 1, -90.0, 90.0),
    ("__exp10f", 1, -40.0, 40.0),
    ("__logf", 1, 0.0, 1e30),
    ("__log2f", 1, 0.0, 1e30),
    ("__log10f", 1, 0.0, 1e30),
    ("__sinf", 1, -100.0, 100.0),
    ("__cosf", 1, -100.0, 100.0),
    ("__powf", 2, 0.0, 8.0),
    ("expf", 1, -90.0, 90.0),
    ("exp2f", 1, -130.0, 130.0),
    ("exp10f", 1, -40.0, 40.0),
    ("logf", 1, 0.0, 1e30),
    ("log2f", 1, 0.0, 1e30),
    ("log10f", 1, 0.0, 1e30),
    ("sinf", 1, -100.0, 100.0),
    ("cosf", 1, -100.0, 100.0),
    ("tanf", 1, -100.0, 100.0),
    ("powf", 2, 0.0, 8.0),
    ("tanhf", 1, -10.0, 10.0),
    ("atanf", 1, -10.0, 10.0),
    ("expm1f", 1, -10.0, 10.0),
    ("log1pf", 1, -0.9, 100.0),
    ("erff", 1, -3.0, 3.0),
    ("sinhf", 1, -10.0, 10.0),
    ("coshf", 1, -10.0, 10.0),
    ("asinf", 1, -1.0, 1.0),
    ("acosf", 1, -1.0, 1.0),
    ("atan2f", 2, -10.0, 10.0),
    ("hypotf", 2, -10.0, 10.0),
    ("fmodf", 2, -100.0, 100.0),
    ("exp", 1, -700.0, 700.0),
    ("exp2", 1, -1000.0, 1000.0),
    ("log", 1, 0.0, 1e30),
    ("log2", 1, 0.0, 1e30),
    ("log10", 1, 0.0, 1e30),
    ("sin", 1, -100.0, 100.0),
    ("cos", 1, -100.0, 100.0),
    ("tan", 1, -100.0, 100.0),
    ("pow", 2, 0.0, 8.0),
    ("tanh", 1, -10.0, 10.0),
    ("atan", 1, -10.0, 10.0),
    ("erf", 1, -3.0, 3.0),
    ("atan2", 2, -10.0, 10.0),
    ("hypot", 2, -10.0, 10.0),
];

/// Constants every function is also tried on (zeros, ones, tiny and subnormal values).
const EDGES: &[f32] = &[0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-40, -1e-40, 1e-30, 3.0e38];

/// A constant in `lo..hi`, now and then a sign-flipped or edge one.
fn constant(r: &mut Rng, lo: f32, hi: f32) -> f32 {
    let unit = (r.next() >> 40) as f32 / (1u64 << 24) as f32;
    lo + (hi - lo) * unit
}

/// A float literal NVRTC and the built-in compiler read as `x`.
fn literal(x: f32) -> String {
    if x.is_sign_negative() {
        format!("(-{:e}f)", -x)
    } else {
        format!("{x:e}f")
    }
}

/// The kernel: thread 0 stores each call's bits in turn. Returns the source and, per word,
/// the call it holds.
fn source() -> (String, Vec<String>) {
    let mut r = Rng::new(0xf013);
    let mut body = String::new();
    let mut calls = Vec::new();
    for &(f, arity, lo, hi) in FUNCTIONS {
        for i in 0..PER_FUNCTION + EDGES.len() {
            let args: Vec<String> = (0..arity)
                .map(|k| {
                    let x = match EDGES.get(i.wrapping_sub(PER_FUNCTION)) {
                        Some(&e) if k == 0 => e,
                        _ if k == 1 => constant(&mut r, -6.0, 6.0),
                        _ => constant(&mut r, lo, hi),
                    };
                    literal(x)
                })
                .collect();
            let double = !f.ends_with('f');
            let args: Vec<String> = if double {
                args.iter().map(|a| format!("(double){a}")).collect()
            } else {
                args
            };
            let call = format!("{f}({})", args.join(", "));
            if double {
                body.push_str(&format!(
                    "    {{ unsigned long long b = __double_as_longlong({call}); out[{}] = (unsigned)b; out[{}] = (unsigned)(b >> 32); }}\n",
                    calls.len(),
                    calls.len() + 1
                ));
                calls.push(format!("{call} (low word)"));
            } else {
                body.push_str(&format!(
                    "    out[{}] = __float_as_uint({call});\n",
                    calls.len()
                ));
            }
            calls.push(call);
        }
    }
    let text = format!(
        "extern \"C\" __global__ void fold(unsigned* out) {{\n  if (threadIdx.x == 0) {{\n{body}  }}\n}}\n"
    );
    (text, calls)
}

/// Runs `fold` from `ptx` with one thread: the output words.
fn run(ctx: &Context, ptx: &str, words: usize) -> Result<Vec<u32>, Error> {
    let lib = harness::load(ptx, &Default::default())?;
    let kernel = lib.get_kernel("fold")?;
    let stream = ctx.create_stream()?;
    let out = ctx.htod(&vec![0u8; 4 * words])?;
    let p = out.as_raw().to_le_bytes();
    kernel.launch(
        &stream,
        &LaunchConfig::new((1, 1, 1), (1, 1, 1)),
        &[KernelArg::from_bytes(&p)],
    )?;
    stream.synchronize()?;
    Ok(out
        .to_vec()?
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect())
}

#[test]
fn math_of_constants_folds_as_nvvm_folds_it() {
    let _turn = harness::turn();
    let ctx = harness::context();
    let (text, calls) = source();
    let src = Source {
        uncached: true,
        ..Source::new("fold.cu", text)
    };
    let mut differences = Vec::new();
    for mode in Mode::ALL {
        let nv = match harness::nvrtc(&src, mode) {
            Ok((ptx, _)) => ptx,
            Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
            Err(e) => panic!(
                "NVRTC rejects the folding kernel under {}: {e}",
                mode.flag()
            ),
        };
        let ours = harness::builtin(&src, mode)
            .unwrap_or_else(|r| panic!("under {}: {}", mode.flag(), r.summary()))
            .0;
        let want = run(&ctx, &nv, calls.len()).expect("NVRTC's PTX runs");
        let got = run(&ctx, &ours, calls.len()).expect("the built-in compiler's PTX runs");
        for ((call, w), g) in calls.iter().zip(&want).zip(&got) {
            if w != g {
                differences.push(format!(
                    "{} {call}: NVRTC 0x{w:08x}, built-in 0x{g:08x}",
                    mode.flag()
                ));
            }
        }
    }
    println!(
        "{} calls under {} modes, {} differ",
        calls.len(),
        Mode::ALL.len(),
        differences.len()
    );
    assert!(
        differences.is_empty(),
        "{} differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

/// Constants propagate through variables as NVVM propagates them: past a branch that does
/// not change them, into a branch and out of one where both paths agree, not past a loop
/// or a `goto` label that writes them. Each result is a folded or a run-time `__expf`/
/// `__logf`/`sinf`, which differ in the last bit, so a wrong propagation shows. (The loops
/// run a number of times the input decides: NVVM unrolls a loop of constant trip count and
/// folds through it, which the built-in compiler does not, FINDINGS.md F13.)
#[test]
fn constants_through_variables_fold_where_nvvm_folds_them() {
    let text = r#"
extern "C" __global__ void k(const float* in, float* out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float c = -1.4456298f;
    float d = 2.1f;
    out[i * 8 + 0] = __expf(c);
    if (in[i] > 0.0f) { c = 0.7f; }
    out[i * 8 + 1] = __expf(c);
    for (int k = 0; k < (i & 3); ++k) { out[i * 8 + 2] = __expf(d); d = d + 1.3f; }
    out[i * 8 + 3] = sinf(d);
    int n = 0;
again:
    d = d * 0.7f;
    if (++n < (i & 3)) goto again;
    out[i * 8 + 4] = __logf(d);
    float e = 3.3f;
    if (in[i] < 0.0f) { e = 3.3f; } else { e = 3.3f; }
    out[i * 8 + 5] = __sinf(e);
    float f = 0.3f;
    switch (i & 3) { case 0: f = 1.7f; case 1: out[i * 8 + 6] = __expf(f); break; default: break; }
    out[i * 8 + 7] = powf(e, f);
}
"#;
    let src = Source::new("propagation.cu", text);
    let _turn = harness::turn();
    let ctx = harness::context();
    for mode in Mode::ALL {
        let report = match harness::compare(&ctx, &src, mode) {
            Ok(r) => r,
            Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
            Err(e) => panic!("NVRTC rejects propagation.cu under {}: {e}", mode.flag()),
        };
        let outcomes = report
            .result
            .unwrap_or_else(|r| panic!("under {}: {}", mode.flag(), r.summary()));
        assert!(!outcomes.is_empty(), "NVRTC emitted no kernel");
        for (k, o) in outcomes {
            assert_eq!(o, harness::Outcome::Agrees, "{k} under {}", mode.flag());
        }
    }
}
