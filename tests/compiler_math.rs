//! The built-in compiler's math library against NVRTC, on the simulator.
//!
//! For every function `cuda_library_compiler::math` knows and every compile mode NVRTC changes
//! something for, two kernels run the function over the same inputs on the simulator (one
//! worker, the GPU's bits for `.approx` instructions): one NVRTC compiled from
//! `out[i] = f(in[i])`, one written in PTX here that calls the library's `.func`. Every output
//! bit must agree, NaN payloads and signed zeros included.
//!
//! The inputs: edge cases (±0, ±inf, NaNs, subnormals, the largest finite, integers, halfway
//! cases, huge arguments for trig, values near branch thresholds), then random bit patterns
//! and random values of moderate size from a fixed seed. `CUDA_LIBRARY_LONG_TESTS=1` tries
//! many more random inputs.
//!
//! NVRTC is found through `VIRTUAL_ENV=$PWD/.venv` (`scripts/setup-venv.sh`); without it every
//! test says `skipped at run time` and passes, unless `CUDA_LIBRARY_REQUIRE_NVRTC=1`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use cuda_library::{
    BackendKind, Context, Device, Error, ImageKind, LaunchConfig, Library, ObjectCode, Program,
    ProgramOptions,
};
use cuda_library_compiler::math::{self, MathFunction, MathMode, Scalar};

/// The compile modes tried: NVRTC's defaults and each option that changes a math function.
const MODES: [(&str, MathMode); 8] = [
    (
        "default",
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
        },
    ),
    (
        "ftz",
        MathMode {
            ftz: true,
            fast_math: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
        },
    ),
    (
        "fast_math",
        MathMode {
            ftz: true,
            fast_math: true,
            prec_div: false,
            prec_sqrt: false,
            fmad: true,
        },
    ),
    (
        "fast_math_fmad_false",
        MathMode {
            ftz: true,
            fast_math: true,
            prec_div: false,
            prec_sqrt: false,
            fmad: false,
        },
    ),
    (
        "prec_div_false",
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: false,
            prec_sqrt: true,
            fmad: true,
        },
    ),
    (
        "prec_sqrt_false",
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: true,
            prec_sqrt: false,
            fmad: true,
        },
    ),
    (
        "prec_div_sqrt_false",
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: false,
            prec_sqrt: false,
            fmad: true,
        },
    ),
    (
        "fmad_false",
        MathMode {
            ftz: false,
            fast_math: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: false,
        },
    ),
];

/// NVRTC's options for a mode, compiling for `compute_<arch>`.
fn nvrtc_options(mode: &MathMode, arch: u32) -> ProgramOptions {
    let mut extra = vec![];
    if mode.ftz && !mode.fast_math {
        extra.push("-ftz=true".to_string());
    }
    if !mode.prec_div && !mode.fast_math {
        extra.push("-prec-div=false".to_string());
    }
    if !mode.prec_sqrt && !mode.fast_math {
        extra.push("-prec-sqrt=false".to_string());
    }
    if !mode.fmad {
        extra.push("-fmad=false".to_string());
    }
    ProgramOptions {
        arch: Some(format!("compute_{arch}")),
        use_fast_math: mode.fast_math,
        extra,
        ..Default::default()
    }
}

/// The C type of a parameter or result.
fn c_type(s: Scalar) -> &'static str {
    match s {
        Scalar::F32 => "float",
        Scalar::F64 => "double",
        Scalar::S32 => "int",
        Scalar::U32 => "unsigned int",
        Scalar::S64 => "long long",
        Scalar::U64 => "unsigned long long",
    }
}

/// The kernel name for a function.
fn kernel_name(c_name: &str) -> String {
    format!("k_{c_name}")
}

/// The C statement that calls `c_name` for element `i`: results that C gives back through
/// pointers (`sincosf`'s two, `frexpf`'s exponent, `modff`'s integral part) are written to
/// `o1` (and `o0`).
fn c_call(c_name: &str, f: &MathFunction) -> String {
    let args: Vec<String> = (0..f.params.len()).map(|j| format!("a{j}[i]")).collect();
    let args = args.join(", ");
    if matches!(
        c_name,
        "sincosf" | "sincos" | "__sincosf" | "sincospif" | "sincospi"
    ) {
        format!("{c_name}({args}, &o0[i], &o1[i]);")
    } else if f.rets.len() == 2 {
        format!("o0[i] = {c_name}({args}, &o1[i]);")
    } else {
        format!("o0[i] = {c_name}({args});")
    }
}

/// One NVRTC kernel per function: `k_NAME(o0, o1, a0, a1, a2, n)`.
fn cuda_source(functions: &[(&str, MathFunction)]) -> String {
    let mut src = String::new();
    for (c_name, f) in functions {
        let ret1 = f.rets.get(1).copied().unwrap_or(f.rets[0]);
        let mut params = vec![
            format!("{}* o0", c_type(f.rets[0])),
            format!("{}* o1", c_type(ret1)),
        ];
        for j in 0..3 {
            let ty = f.params.get(j).copied().unwrap_or(Scalar::F32);
            params.push(format!("const {}* a{j}", c_type(ty)));
        }
        src.push_str(&format!(
            "extern \"C\" __global__ void {}({}, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) {{ {} }}\n}}\n",
            kernel_name(c_name),
            params.join(", "),
            c_call(c_name, f)
        ));
    }
    src
}

/// One hand-written PTX kernel per function, with the same parameters as the CUDA one, that
/// loads element `i` of each argument, calls the library's `.func` and stores its results.
fn ptx_module(functions: &[(&str, MathFunction)], mode: &MathMode) -> String {
    let mut ptx = String::from(".version 8.0\n.target sm_90\n.address_size 64\n\n");
    // Each function's callees first, each once, as a compiler emits them.
    let mut emitted: Vec<String> = Vec::new();
    for (_, f) in functions {
        for callee in &f.calls {
            let helper = math::lookup(callee, mode).unwrap_or_else(|| {
                panic!("{} calls {callee}, which lookup does not find", f.ptx_name)
            });
            if !emitted.contains(&helper.ptx_name) {
                ptx.push_str(&helper.definition);
                ptx.push('\n');
                emitted.push(helper.ptx_name);
            }
        }
        ptx.push_str(&f.definition);
        ptx.push('\n');
    }
    for (c_name, f) in functions {
        let k = kernel_name(c_name);
        let mut body = String::new();
        body.push_str(&format!(
            ".visible .entry {k}(.param .u64 {k}_o0, .param .u64 {k}_o1, .param .u64 {k}_a0, .param .u64 {k}_a1, .param .u64 {k}_a2, .param .u32 {k}_n)\n{{\n"
        ));
        body.push_str("\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<40>;\n");
        body.push_str(
            "\t.reg .b32 %v<4>;\n\t.reg .b64 %w<4>;\n\t.reg .b32 %x<4>;\n\t.reg .b64 %y<4>;\n",
        );
        body.push_str("\tmov.u32 %r1, %ctaid.x;\n\tmov.u32 %r2, %ntid.x;\n\tmov.u32 %r3, %tid.x;\n\tmad.lo.s32 %r4, %r1, %r2, %r3;\n");
        body.push_str(&format!(
            "\tld.param.u32 %r5, [{k}_n];\n\tsetp.ge.s32 %p1, %r4, %r5;\n\t@%p1 bra DONE;\n"
        ));
        let mut call_args = vec![];
        let mut decls = String::new();
        for (j, ty) in f.params.iter().enumerate() {
            let (w, reg) = if ty.bits() == 32 {
                (4, format!("%v{j}"))
            } else {
                (8, format!("%w{j}"))
            };
            body.push_str(&format!(
                "\tld.param.u64 %rd{a}, [{k}_a{j}];\n\tcvta.to.global.u64 %rd{a}, %rd{a};\n\tmul.wide.s32 %rd{b}, %r4, {w};\n\tadd.s64 %rd{a}, %rd{a}, %rd{b};\n\tld.global.b{bits} {reg}, [%rd{a}];\n",
                a = 10 + 2 * j,
                b = 11 + 2 * j,
                bits = ty.bits()
            ));
            decls.push_str(&format!(
                "\t.param .b{} arg{j};\n\tst.param.b{} [arg{j}], {reg};\n",
                ty.bits(),
                ty.bits()
            ));
            call_args.push(format!("arg{j}"));
        }
        let mut rets = vec![];
        let mut loads = String::new();
        for (j, ty) in f.rets.iter().enumerate() {
            let reg = if ty.bits() == 32 {
                format!("%x{j}")
            } else {
                format!("%y{j}")
            };
            decls.push_str(&format!("\t.param .b{} res{j};\n", ty.bits()));
            loads.push_str(&format!("\tld.param.b{} {reg}, [res{j}];\n", ty.bits()));
            rets.push(format!("res{j}"));
        }
        body.push_str(&format!(
            "\t{{\n{decls}\tcall.uni ({}), {}, ({});\n{loads}\t}}\n",
            rets.join(", "),
            f.ptx_name,
            call_args.join(", ")
        ));
        for (j, ty) in f.rets.iter().enumerate() {
            let (w, reg) = if ty.bits() == 32 {
                (4, format!("%x{j}"))
            } else {
                (8, format!("%y{j}"))
            };
            body.push_str(&format!(
                "\tld.param.u64 %rd{a}, [{k}_o{j}];\n\tcvta.to.global.u64 %rd{a}, %rd{a};\n\tmul.wide.s32 %rd{b}, %r4, {w};\n\tadd.s64 %rd{a}, %rd{a}, %rd{b};\n\tst.global.b{bits} [%rd{a}], {reg};\n",
                a = 20 + 2 * j,
                b = 21 + 2 * j,
                bits = ty.bits()
            ));
        }
        body.push_str("DONE:\n\tret;\n}\n\n");
        ptx.push_str(&body);
    }
    ptx
}

/// The two libraries for one mode: NVRTC's and the library's, with every function in each.
struct Pair {
    nvrtc: Library,
    ours: Library,
    /// NVRTC's PTX text, to tell which modes compile a function alike.
    nvrtc_ptx: String,
}

/// The text of `.entry NAME` in a PTX module (up to the closing brace at a line's start).
fn entry_text<'a>(ptx: &'a str, name: &str) -> &'a str {
    let head = format!(".entry {name}(");
    let Some(start) = ptx.find(&head) else {
        return "";
    };
    let end = ptx[start..].find("\n}").map_or(ptx.len(), |k| start + k);
    &ptx[start..end]
}

/// What the whole binary shares: the simulator's context and each mode's two libraries,
/// built once (a compile per mode, not per function), or why the tests cannot run.
struct Shared {
    ctx: Context,
    pairs: Mutex<HashMap<&'static str, std::sync::Arc<Pair>>>,
}

fn all_functions(mode: &MathMode) -> Vec<(&'static str, MathFunction)> {
    math::names()
        .iter()
        .map(|name| {
            let f = math::lookup(name, mode)
                .unwrap_or_else(|| panic!("{name} is listed but not found"));
            (*name, f)
        })
        .collect()
}

/// The shared state, or `None` (with the reason printed) where NVRTC is missing.
fn shared() -> Option<&'static Shared> {
    static SHARED: OnceLock<Option<Shared>> = OnceLock::new();
    SHARED
        .get_or_init(|| {
            if let Err(e) = cuda_library::nvrtc_info() {
                if std::env::var("CUDA_LIBRARY_REQUIRE_NVRTC").is_ok_and(|v| v == "1") {
                    panic!("{e}");
                }
                return None;
            }
            cuda_library::use_backend(BackendKind::Sim).expect("the simulator is always there");
            let mut limits = cuda_library::limits();
            limits.sim_threads = 1;
            limits.approx_math = cuda_library::ApproxMath::Gpu;
            cuda_library::set_limits(limits);
            let ctx = Device::new(0)
                .and_then(|d| d.set_current())
                .expect("the simulated device");
            Some(Shared {
                ctx,
                pairs: Mutex::new(HashMap::new()),
            })
        })
        .as_ref()
}

/// Mode `name`'s two libraries, built on first use.
fn pair(shared: &Shared, name: &'static str, mode: &MathMode) -> std::sync::Arc<Pair> {
    let mut pairs = shared.pairs.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(p) = pairs.get(name) {
        return p.clone();
    }
    let functions = all_functions(mode);
    let source = cuda_source(&functions);
    let nvrtc = Program::new(&source, nvrtc_options(mode, 90))
        .with_name("math.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap_or_else(|e| panic!("NVRTC, mode {name}: {e}"));
    let nvrtc_ptx = nvrtc.ptx_text().unwrap_or_default().to_string();
    let nvrtc = nvrtc
        .to_library(&Default::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let ptx = ptx_module(&functions, mode);
    let ours = ObjectCode::from_ptx(ptx.clone().into_bytes())
        .to_library(&Default::default())
        .unwrap_or_else(|e: Error| panic!("the library's PTX, mode {name}: {e}\n{ptx}"));
    let p = std::sync::Arc::new(Pair {
        nvrtc,
        ours,
        nvrtc_ptx,
    });
    pairs.insert(name, p.clone());
    p
}

/// A fixed-seed generator (SplitMix64): the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Single-precision edge cases, as bits.
fn f32_edges() -> Vec<u32> {
    let mut v: Vec<u32> = vec![
        0x0000_0000,
        0x8000_0000,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0xFFC0_0000,
        0x7F80_0001,
        0x7FBF_FFFF,
        0x0000_0001,
        0x8000_0001,
        0x007F_FFFF,
        0x807F_FFFF,
        0x0080_0000,
        0x8080_0000,
        0x7F7F_FFFF,
        0xFF7F_FFFF,
        0x0040_0000,
        0x3380_0000,
        0x3400_0000,
    ];
    let values: [f32; 66] = [
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        2.0,
        3.0,
        0.25,
        10.0,
        100.0,
        1e-3,
        1e-10,
        1e-30,
        1e10,
        1e30,
        0.499_999_97,
        0.500_000_06,
        8_388_607.5,
        8_388_608.0,
        16_777_216.0,
        16_777_217.0,
        std::f32::consts::PI,
        -std::f32::consts::PI,
        std::f32::consts::FRAC_PI_2,
        std::f32::consts::FRAC_PI_4,
        105_615.0,
        105_616.0,
        -105_615.5,
        1e5,
        1e6,
        1e7,
        3e38,
        88.72,
        88.73,
        -87.33,
        -103.0,
        -104.0,
        89.0,
        128.0,
        -126.0,
        -149.0,
        -150.0,
        38.5,
        -45.0,
        std::f32::consts::LN_2,
        9.0,
        0.1,
        0.9,
        1.000_000_1,
        0.999_999_94,
        4.0,
        0.75,
        1.25,
        5.0,
        15.0,
        20.0,
        0.875,
        1e-4,
        0.003,
        0.6,
        0.55,
        7.5,
        2.0e-6,
    ];
    for x in values {
        v.push(x.to_bits());
        v.push((-x).to_bits());
    }
    // Around each power of two and its neighbours.
    for e in (-150i32..=128).step_by(1) {
        let x = 2f32.powi(e);
        if x.is_finite() && x != 0.0 {
            v.push(x.to_bits());
            v.push(x.to_bits().wrapping_sub(1));
            v.push((-x).to_bits());
        }
    }
    for k in -20i32..=20 {
        v.push((k as f32).to_bits());
        v.push((k as f32 + 0.5).to_bits());
    }
    v
}

/// Double-precision edge cases, as bits.
fn f64_edges() -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0,
        0x8000_0000_0000_0000,
        0x7FF0_0000_0000_0000,
        0xFFF0_0000_0000_0000,
        0x7FF8_0000_0000_0000,
        0xFFF8_0000_0000_0000,
        0x7FF0_0000_0000_0001,
        1,
        0x8000_0000_0000_0001,
        0x000F_FFFF_FFFF_FFFF,
        0x0010_0000_0000_0000,
        0x7FEF_FFFF_FFFF_FFFF,
        0xFFEF_FFFF_FFFF_FFFF,
    ];
    let values: [f64; 44] = [
        1.0,
        0.5,
        1.5,
        2.5,
        2.0,
        3.0,
        0.25,
        10.0,
        100.0,
        1e-3,
        1e-10,
        1e-30,
        1e10,
        1e30,
        1e300,
        0.499_999_999_999_999_94,
        4_503_599_627_370_495.5,
        4_503_599_627_370_496.0,
        std::f64::consts::PI,
        std::f64::consts::FRAC_PI_2,
        std::f64::consts::FRAC_PI_4,
        1e5,
        1e15,
        1e22,
        709.78,
        709.79,
        -708.4,
        -745.1,
        -746.0,
        1024.0,
        -1022.0,
        -1075.0,
        0.693,
        0.1,
        0.9,
        20.0,
        22.0,
        0.6,
        5.0,
        2.0e-9,
        2_147_483_647.0,
        2_147_483_648.0,
        2_147_483_649.0,
        0.575,
    ];
    for x in values {
        v.push(x.to_bits());
        v.push((-x).to_bits());
    }
    for e in (-1075i32..=1024).step_by(7) {
        let x = 2f64.powi(e);
        if x.is_finite() && x != 0.0 {
            v.push(x.to_bits());
            v.push(x.to_bits().wrapping_sub(1));
        }
    }
    v
}

/// How many random inputs each function gets per mode (more with `CUDA_LIBRARY_LONG_TESTS=1`).
fn random_count() -> usize {
    if std::env::var("CUDA_LIBRARY_LONG_TESTS").is_ok_and(|v| v == "1") {
        1 << 14
    } else {
        1 << 8
    }
}

/// The inputs for a function: each column's bits. The edge cases (every one for a function of
/// one argument; for two or three arguments each edge case against a sample of the others),
/// then random bit patterns, then random values of moderate size.
fn inputs(f: &MathFunction, seed: u64) -> (usize, Vec<Vec<u64>>) {
    let mut rng = Rng(seed);
    let e32 = f32_edges();
    let e64 = f64_edges();
    let edges_of = |ty: Scalar| -> Vec<u64> {
        match ty {
            Scalar::F32 => e32.iter().map(|&b| u64::from(b)).collect(),
            Scalar::F64 => e64.clone(),
            Scalar::S32 | Scalar::U32 => [
                0i32,
                1,
                -1,
                2,
                -2,
                3,
                10,
                127,
                -127,
                128,
                -149,
                -150,
                200,
                -300,
                24,
                64,
                -64,
                254,
                -252,
                277,
                -277,
                i32::MAX,
                i32::MIN,
            ]
            .iter()
            .map(|&k| u64::from(k as u32))
            .collect(),
            Scalar::S64 | Scalar::U64 => [0i64, 1, -1, i64::MAX, i64::MIN, 1 << 40]
                .iter()
                .map(|&k| k as u64)
                .collect(),
        }
    };
    let arity = f.params.len();
    let mut cols: Vec<Vec<u64>> = vec![Vec::new(); arity];
    // Edge cases: the cross product for two arguments (capped), the diagonal otherwise.
    let edges: Vec<Vec<u64>> = f.params.iter().map(|&ty| edges_of(ty)).collect();
    if arity == 1 {
        cols[0].extend(&edges[0]);
    } else {
        let a = &edges[0];
        let b = &edges[1];
        let stride_a = (a.len() / 40).max(1);
        let stride_b = (b.len() / 40).max(1);
        for x in a.iter().step_by(stride_a) {
            for y in b.iter().step_by(stride_b) {
                cols[0].push(*x);
                cols[1].push(*y);
                for (j, col) in cols.iter_mut().enumerate().skip(2) {
                    let e = &edges[j];
                    col.push(e[(rng.next() as usize) % e.len()]);
                }
            }
        }
    }
    let random = random_count();
    for k in 0..random {
        for (j, &ty) in f.params.iter().enumerate() {
            let bits = rng.next();
            let value = match ty {
                // Half of the random inputs are bit patterns (every exponent equally likely),
                // half values of moderate size (where most of the arithmetic happens).
                Scalar::F32 if k % 2 == 0 => bits & 0xFFFF_FFFF,
                Scalar::F32 => {
                    let scale = [1.0f32, 4.0, 32.0, 128.0, 1e4][(bits >> 40) as usize % 5];
                    let unit = (bits & 0xFF_FFFF) as f32 / 16_777_216.0;
                    u64::from(((unit * 2.0 - 1.0) * scale).to_bits())
                }
                Scalar::F64 if k % 2 == 0 => bits,
                Scalar::F64 => {
                    let scale = [1.0f64, 4.0, 32.0, 128.0, 1e4, 800.0][(bits >> 58) as usize % 6];
                    let unit = (bits & 0xF_FFFF_FFFF_FFFF) as f64 / 4_503_599_627_370_496.0;
                    ((unit * 2.0 - 1.0) * scale).to_bits()
                }
                Scalar::S32 | Scalar::U32 => {
                    u64::from((bits % 600) as u32).wrapping_sub(300) & 0xFFFF_FFFF
                }
                Scalar::S64 | Scalar::U64 => bits,
            };
            cols[j].push(value);
        }
    }
    (cols[0].len(), cols)
}

/// A device buffer of the column's values at their width.
enum Buf {
    W32(cuda_library::DeviceBuffer<u32>),
    W64(cuda_library::DeviceBuffer<u64>),
}

impl Buf {
    fn of(ctx: &Context, ty: Scalar, col: &[u64]) -> Buf {
        if ty.bits() == 32 {
            let v: Vec<u32> = col.iter().map(|&b| b as u32).collect();
            Buf::W32(ctx.htod(&v).expect("device memory"))
        } else {
            Buf::W64(ctx.htod(col).expect("device memory"))
        }
    }
    fn zeroed(ctx: &Context, ty: Scalar, n: usize) -> Buf {
        if ty.bits() == 32 {
            Buf::W32(ctx.alloc_zeroed(n).expect("device memory"))
        } else {
            Buf::W64(ctx.alloc_zeroed(n).expect("device memory"))
        }
    }
    fn bits(&self) -> Vec<u64> {
        match self {
            Buf::W32(b) => b
                .to_vec()
                .expect("read back")
                .into_iter()
                .map(u64::from)
                .collect(),
            Buf::W64(b) => b.to_vec().expect("read back"),
        }
    }
    fn arg(&self) -> cuda_library::KernelArg<'_> {
        match self {
            Buf::W32(b) => cuda_library::KernelArg::from_ref(b),
            Buf::W64(b) => cuda_library::KernelArg::from_ref(b),
        }
    }
}

/// Runs `kernel` of `lib` over the columns: its output columns' bits, or the launch's error.
fn run(
    shared: &Shared,
    lib: &Library,
    kernel: &str,
    f: &MathFunction,
    cols: &[Vec<u64>],
    n: usize,
) -> Result<Vec<Vec<u64>>, Error> {
    let ctx = &shared.ctx;
    let k = lib
        .get_kernel(kernel)
        .unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let ret1 = f.rets.get(1).copied().unwrap_or(f.rets[0]);
    let o0 = Buf::zeroed(ctx, f.rets[0], n);
    let o1 = Buf::zeroed(ctx, ret1, n);
    let dummy = vec![0u64; n];
    let ins: Vec<Buf> = (0..3)
        .map(|j| match (f.params.get(j), cols.get(j)) {
            (Some(&ty), Some(col)) => Buf::of(ctx, ty, col),
            _ => Buf::of(ctx, Scalar::F32, &dummy),
        })
        .collect();
    let stream = ctx.create_stream().expect("a stream");
    let count = i32::try_from(n).expect("fewer than 2^31 inputs");
    let block = 256u32;
    let grid = u32::try_from(n.div_ceil(256)).expect("a small grid");
    let args = [
        o0.arg(),
        o1.arg(),
        ins[0].arg(),
        ins[1].arg(),
        ins[2].arg(),
        cuda_library::KernelArg::from_ref(&count),
    ];
    k.launch(&stream, &LaunchConfig::new(grid, block), &args)?;
    stream.synchronize()?;
    let mut outs = vec![o0.bits()];
    if f.rets.len() > 1 {
        outs.push(o1.bits());
    }
    Ok(outs)
}

/// What the simulator said it cannot execute, without the line it met it on.
fn unsupported(e: &Error) -> Option<String> {
    let text = e.to_string();
    let at = text.find("the simulator does not support")?;
    let end = text[at..].find(" (PTX line").map_or(text.len(), |k| at + k);
    Some(text[at..end].to_string())
}

/// Checks `c_name` in every mode; panics with the first disagreements.
fn check(c_name: &str) {
    let Some(shared) = shared() else {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped at run time: {c_name}: needs NVRTC (scripts/setup-venv.sh)"
        );
        return;
    };
    let mut report = String::new();
    let mut seen: Vec<((String, String), &str)> = Vec::new();
    for (mode_name, mode) in MODES {
        let f =
            math::lookup(c_name, &mode).unwrap_or_else(|| panic!("{c_name} not in the library"));
        let p = pair(shared, mode_name, &mode);
        // A mode in which NVRTC's kernel and the library's function are the same text as in a
        // mode already run gives the same bits: it is not run again.
        let key = (
            entry_text(&p.nvrtc_ptx, &kernel_name(c_name)).to_string(),
            f.definition.replace(&f.ptx_name, "F"),
        );
        if let Some(same) = seen.iter().find(|(k, _)| *k == key).map(|(_, m)| *m) {
            eprintln!("{c_name} [{mode_name}]: compiled as in [{same}] by both");
            continue;
        }
        seen.push((key, mode_name));
        let seed = c_name.bytes().fold(0x5EED_u64, |h, b| {
            h.wrapping_mul(31).wrapping_add(u64::from(b))
        });
        let (n, cols) = inputs(&f, seed);
        let kernel = kernel_name(c_name);
        let want = run(shared, &p.nvrtc, &kernel, &f, &cols, n);
        let got = run(shared, &p.ours, &kernel, &f, &cols, n);
        let (want, got) = match (want, got) {
            (Ok(want), Ok(got)) => (want, got),
            // An instruction the simulator cannot execute yet (`rcp.rz`, ...): NVRTC's kernel
            // and the library's meet the same wall, and nothing is compared.
            (Err(a), Err(b)) if unsupported(&a).is_some() && unsupported(&a) == unsupported(&b) => {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "skipped at run time: {c_name} [{mode_name}]: {a}"
                );
                continue;
            }
            (want, got) => panic!(
                "{c_name} [{mode_name}]: NVRTC's kernel: {want:?}, the library's: {got:?}",
                want = want.err(),
                got = got.err()
            ),
        };
        let mut bad = 0usize;
        for (r, (w, g)) in want.iter().zip(&got).enumerate() {
            for i in 0..n {
                if w[i] != g[i] {
                    bad += 1;
                    if bad <= 8 {
                        let args: Vec<String> =
                            cols.iter().map(|c| format!("{:#x}", c[i])).collect();
                        report.push_str(&format!(
                            "{c_name} [{mode_name}] result {r} of ({}): NVRTC {:#x}, library {:#x}\n",
                            args.join(", "),
                            w[i],
                            g[i]
                        ));
                    }
                }
            }
        }
        if bad > 8 {
            report.push_str(&format!(
                "{c_name} [{mode_name}]: {bad} disagreements of {n} inputs\n"
            ));
        }
        eprintln!("{c_name} [{mode_name}]: {n} inputs, {bad} disagree");
    }
    assert!(report.is_empty(), "{report}");
}

/// The functions whose PTX NVRTC writes differently for `compute_52` than for `compute_90`
/// (fast-math `tanhf` has no `tanh.approx` there; the others select polynomial coefficients by a
/// branch rather than `selp`, or extract bits with `bfe`), against NVRTC's for `compute_52`, in
/// the default and the fast-math modes.
#[test]
fn functions_compiled_for_sm_52() {
    let Some(shared) = shared() else {
        return;
    };
    let names = [
        "tanhf",
        "sinpif",
        "cospif",
        "sincospif",
        "tgammaf",
        "lroundf",
        "llrintf",
        "llroundf",
        "pow",
        "sin",
        "cos",
        "tan",
        "sincos",
    ];
    for (mode_name, mode) in [MODES[0], MODES[2]] {
        let functions: Vec<(&str, MathFunction)> = names
            .iter()
            .map(|name| {
                (
                    *name,
                    math::lookup_for_arch(name, &mode, 52).expect("listed"),
                )
            })
            .collect();
        let nvrtc = Program::new(cuda_source(&functions), nvrtc_options(&mode, 52))
            .compile(ImageKind::Ptx, &[])
            .unwrap_or_else(|e| panic!("NVRTC: {e}"));
        let nvrtc = nvrtc
            .to_library(&Default::default())
            .expect("NVRTC's PTX loads");
        let ours = ObjectCode::from_ptx(ptx_module(&functions, &mode).into_bytes())
            .to_library(&Default::default())
            .expect("the library's PTX loads");
        for (name, f) in &functions {
            let (n, cols) = inputs(f, 52);
            let kernel = kernel_name(name);
            let want = run(shared, &nvrtc, &kernel, f, &cols, n).expect("NVRTC's kernel runs");
            let got = run(shared, &ours, &kernel, f, &cols, n).expect("the library's kernel runs");
            let bad: usize = want
                .iter()
                .zip(&got)
                .map(|(w, g)| (0..n).filter(|&i| w[i] != g[i]).count())
                .sum();
            eprintln!("{name} [{mode_name}, sm_52]: {n} inputs, {bad} disagree");
            assert_eq!(bad, 0, "{name} [{mode_name}, sm_52]");
        }
    }
}

/// One test per function, named after it.
macro_rules! math_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*

        /// Every function the library lists has a test above, and every test a function.
        #[test]
        fn every_function_has_a_test() {
            let tested: Vec<&str> = vec![$(stringify!($name)),*];
            let listed = math::names();
            let untested: Vec<&&str> = listed.iter().filter(|n| !tested.contains(n)).collect();
            let unknown: Vec<&&str> = tested.iter().filter(|n| !listed.contains(n)).collect();
            assert!(untested.is_empty() && unknown.is_empty(), "untested: {untested:?}, not in the library: {unknown:?}");
        }
    };
}

math_tests![
    fabsf,
    fminf,
    fmaxf,
    floorf,
    ceilf,
    truncf,
    rintf,
    nearbyintf,
    roundf,
    copysignf,
    fdimf,
    fmaf,
    sqrtf,
    rsqrtf,
    __saturatef,
    __fdividef,
    __frcp_rn,
    __frcp_rz,
    __frcp_ru,
    __frcp_rd,
    __fsqrt_rn,
    __fsqrt_rz,
    __fsqrt_ru,
    __fsqrt_rd,
    __fmaf_rn,
    __fmaf_rz,
    __fmaf_ru,
    __fmaf_rd,
    __fmaf_ieee_rn,
    __fmaf_ieee_rz,
    __fmaf_ieee_ru,
    __fmaf_ieee_rd,
    __fadd_rn,
    __fadd_rz,
    __fadd_ru,
    __fadd_rd,
    __fsub_rn,
    __fsub_rz,
    __fsub_ru,
    __fsub_rd,
    __fmul_rn,
    __fmul_rz,
    __fmul_ru,
    __fmul_rd,
    __fdiv_rn,
    __fdiv_rz,
    __fdiv_ru,
    __fdiv_rd,
    expf,
    exp2f,
    exp10f,
    expm1f,
    logf,
    log2f,
    log10f,
    log1pf,
    powf,
    __expf,
    __exp10f,
    __logf,
    __log2f,
    __log10f,
    __powf,
    sinf,
    cosf,
    tanf,
    sincosf,
    asinf,
    acosf,
    atanf,
    atan2f,
    __sinf,
    __cosf,
    __tanf,
    __sincosf,
    sinhf,
    coshf,
    tanhf,
    erff,
    erfcf,
    cbrtf,
    hypotf,
    __frsqrt_rn,
    fmodf,
    remainderf,
    ldexpf,
    frexpf,
    modff,
    sqrt,
    rsqrt,
    cbrt,
    exp,
    exp2,
    exp10,
    expm1,
    log,
    log2,
    log10,
    log1p,
    pow,
    sin,
    cos,
    tan,
    sincos,
    asin,
    acos,
    atan,
    atan2,
    sinh,
    cosh,
    tanh,
    erf,
    erfc,
    fabs,
    fmin,
    fmax,
    floor,
    ceil,
    trunc,
    round,
    rint,
    nearbyint,
    fmod,
    remainder,
    hypot,
    fdim,
    copysign,
    ldexp,
    frexp,
    modf,
    fma,
    __dadd_rn,
    __dsub_rn,
    __dmul_rn,
    __ddiv_rn,
    __drcp_rn,
    __dsqrt_rn,
    __fma_rn,
    sinpif,
    cospif,
    sincospif,
    asinhf,
    acoshf,
    atanhf,
    tgammaf,
    lgammaf,
    erfinvf,
    erfcinvf,
    normcdff,
    normcdfinvf,
    rcbrtf,
    logbf,
    ilogbf,
    scalbnf,
    nextafterf,
    rhypotf,
    lrintf,
    lroundf,
    llrintf,
    llroundf,
    sinpi,
    cospi,
    sincospi,
    asinh,
    acosh,
    atanh,
    erfinv,
    erfcinv,
    normcdf,
    normcdfinv,
    rcbrt,
    logb,
    ilogb,
    scalbn,
    nextafter,
    rhypot,
    lrint,
    lround,
    llrint,
    llround,
    __isnanf,
    __isinff,
    __finitef,
    __signbitf,
    __isnan,
    __isinf,
    __finite,
    remquof,
    remquo,
    fdividef,
    erfcxf,
    erfcx,
    norm3df,
    norm3d,
    rnorm3df,
    rnorm3d,
];
