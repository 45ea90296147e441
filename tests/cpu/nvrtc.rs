//! NVRTC tests: compile CUDA C++ to PTX and cubin with no GPU.
//!
//! NVRTC comes from the PyPI wheel `nvidia-cuda-nvrtc-cu12` (the test command installs it
//! into `.venv`) or a CUDA toolkit. Without one these tests print why and pass, unless
//! `CUDA_LIBRARY_REQUIRE_NVRTC=1` (set by `scripts/test.sh`) makes a missing NVRTC a failure.
//!
//! The header tests compile kernels that include the C and C++ standard headers the crate
//! ships for NVRTC and libcu++'s `<cuda/std/*>` (CCCL, from the PyPI wheel
//! `nvidia-cuda-cccl-cu12` that `scripts/setup-venv.sh` installs), then run the PTX on the
//! simulator and check the results.

use std::path::{Path, PathBuf};
use std::process::Command;

use cuda_library::{
    check_cubin, BackendKind, Context, DeviceBuffer, Error, ImageKind, ObjectCode, Program,
    ProgramOptions,
};

const SAXPY: &str = r#"
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
__constant__ float lut[16];
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

fn opts(arch: &str) -> ProgramOptions {
    ProgramOptions {
        arch: Some(arch.into()),
        std: Some("c++17".into()),
        ..Default::default()
    }
}

#[test]
fn compiles_to_ptx_with_template_instances_and_lowered_names() {
    if !nvrtc_available() {
        return;
    }
    let code = Program::new(SAXPY, opts("compute_80"))
        .with_name("saxpy.cu")
        .compile(ImageKind::Ptx, &["scale<float>", "scale<double>", "&lut"])
        .unwrap();
    assert_eq!(code.kind(), ImageKind::Ptx);
    let ptx = code.ptx_text().unwrap();
    assert!(ptx.contains(".target sm_80"), "{ptx}");
    assert!(ptx.contains(".entry saxpy("));
    assert!(ptx.contains(".entry _Z5scaleIfEvPT_S0_i("));
    assert!(ptx.contains(".entry _Z5scaleIdEvPT_S0_i("));
    let m = code.symbol_mapping();
    assert_eq!(m["scale<float>"], "_Z5scaleIfEvPT_S0_i");
    assert_eq!(m["scale<double>"], "_Z5scaleIdEvPT_S0_i");
    assert_eq!(m["&lut"], "lut");
}

#[test]
fn compiles_to_a_cubin_for_the_requested_arch() {
    if !nvrtc_available() {
        return;
    }
    for (arch, sm) in [("sm_80", 80u8), ("90", 90), ("compute_86", 86)] {
        let code = Program::new(SAXPY, opts(arch))
            .compile(ImageKind::Cubin, &[])
            .unwrap();
        let bytes = code.bytes().unwrap();
        check_cubin(bytes).unwrap();
        assert_eq!(
            cuda_library::detect_image_kind(bytes),
            Some(ImageKind::Cubin)
        );
        // EI_ABIVERSION 7 keeps the SM in e_flags bits 0-7, 8 keeps it in bits 8-15.
        let flags = u32::from_le_bytes(bytes[0x30..0x34].try_into().unwrap());
        let found = if bytes[8] >= 8 {
            (flags >> 8) as u8
        } else {
            flags as u8
        };
        assert_eq!(found, sm, "{arch}: e_flags {flags:#x}");
    }
}

#[test]
fn options_become_nvrtc_flags() {
    let o = ProgramOptions {
        arch: Some("sm_90a".into()),
        std: Some("c++20".into()),
        defines: vec![("N".into(), Some("4".into())), ("FAST".into(), None)],
        include_paths: vec![PathBuf::from("/inc")],
        use_fast_math: true,
        debug: false,
        line_info: true,
        relocatable: true,
        extra: vec!["--extra-device-vectorization".into()],
        compiler: Default::default(),
    };
    assert_eq!(
        o.to_args(ImageKind::Ptx).unwrap(),
        [
            "-arch=compute_90a",
            "-std=c++20",
            "-DN=4",
            "-DFAST",
            "-I/inc",
            "--use_fast_math",
            "-lineinfo",
            "-rdc=true",
            "--extra-device-vectorization"
        ]
    );
    assert_eq!(o.to_args(ImageKind::Cubin).unwrap()[0], "-arch=sm_90a");
    assert!(o
        .to_args(ImageKind::Ltoir)
        .unwrap()
        .contains(&"-dlto".to_string()));
    let bad = ProgramOptions {
        arch: Some("volta".into()),
        ..Default::default()
    };
    assert!(bad
        .to_args(ImageKind::Ptx)
        .unwrap_err()
        .to_string()
        .contains("sm_90"));
    assert!(ProgramOptions::default().to_args(ImageKind::Fatbin).is_ok());
}

#[test]
fn defines_reach_the_source() {
    if !nvrtc_available() {
        return;
    }
    let src = "extern \"C\" __global__ void k(int* o) { *o = VALUE; }";
    let code = Program::new(src, opts("compute_80").define("VALUE", "1234567"))
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    assert!(code.ptx_text().unwrap().contains("1234567"));
}

#[test]
fn a_compile_error_returns_the_log_with_the_line() {
    if !nvrtc_available() {
        return;
    }
    let src = "extern \"C\" __global__ void k(float* x) {\n  x[0] = undefined_name;\n}\n";
    let e = Program::new(src, opts("compute_80"))
        .with_name("broken.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    match &e {
        Error::Compile {
            program,
            log,
            options,
            ..
        } => {
            assert_eq!(program, "broken.cu");
            assert!(log.contains("broken.cu(2)"), "{log}");
            assert!(log.contains("undefined_name"), "{log}");
            assert!(options.contains(&"-arch=compute_80".to_string()));
        }
        other => panic!("expected a compile error, got {other}"),
    }
    assert!(e
        .to_string()
        .contains("hint: fix the source at the line the log names"));
}

#[test]
fn nul_bytes_in_source_are_rejected() {
    let e = Program::new("__global__ void k() {}\0", ProgramOptions::default())
        .compile(ImageKind::Ptx, &[]);
    // Without NVRTC the source check may not be reached; either way no panic.
    if let Err(e) = e {
        let t = e.to_string();
        assert!(t.contains("NUL") || t.contains("NVRTC"), "{t}");
    }
}

/// The README's quickstart kernel.
const README_SAXPY: &str = r#"extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}"#;

/// Runs the quickstart's saxpy from `code` on whichever backend is current: y = 3x + 2.
fn run_saxpy(code: &cuda_library::ObjectCode) -> Vec<f32> {
    use cuda_library::{launch, Device, LaunchConfig};
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = code.to_library(&Default::default()).unwrap();
    let k = lib.get_kernel("saxpy").unwrap();
    let n = 1000usize;
    let x = ctx
        .htod(&(0..n).map(|i| i as f32 * 0.25).collect::<Vec<_>>())
        .unwrap();
    let y = ctx.htod(&vec![2.0f32; n]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    launch!(k, &stream, &cfg, 3.0f32, x, y, n as i32).unwrap();
    stream.synchronize().unwrap();
    y.to_vec().unwrap()
}

#[test]
fn the_builtin_compiler_runs_the_quickstart_as_nvrtc_does() {
    let builtin = ProgramOptions {
        compiler: cuda_library::Compiler::Builtin,
        ..Default::default()
    };
    let prog = Program::new(README_SAXPY, builtin).with_name("saxpy.cu");
    assert_eq!(prog.compiler().unwrap(), cuda_library::Compiler::Builtin);
    let code = prog.compile(ImageKind::Ptx, &[]).unwrap();
    assert!(code.compiler().unwrap().starts_with("built-in compiler"));
    let ours = run_saxpy(&code);
    assert!(ours
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 3.0 * (i as f32 * 0.25) + 2.0));
    if crate::common::nvrtc::missing().is_none() {
        let nvrtc = ProgramOptions {
            compiler: cuda_library::Compiler::Nvrtc,
            ..Default::default()
        };
        let code = Program::new(README_SAXPY, nvrtc)
            .compile(ImageKind::Ptx, &[])
            .unwrap();
        assert!(code.compiler().unwrap().starts_with("NVRTC"));
        let theirs = run_saxpy(&code);
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&ours), bits(&theirs));
    }
}

#[test]
fn the_builtin_compiler_reports_errors_at_their_line_and_refuses_cubin() {
    let builtin = ProgramOptions {
        compiler: cuda_library::Compiler::Builtin,
        ..Default::default()
    };
    let src = "__global__ void k(int* p) {\n    p[0] = undefined_name;\n}\n";
    let e = Program::new(src, builtin.clone())
        .with_name("broken.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::Compile { .. }), "{t}");
    assert!(t.starts_with("The built-in compiler"), "{t}");
    assert!(t.contains("broken.cu:2:"), "{t}");
    assert!(t.contains("undefined_name"), "{t}");
    let e = Program::new(README_SAXPY, builtin)
        .compile(ImageKind::Cubin, &[])
        .unwrap_err();
    assert!(e.to_string().contains("ImageKind::Ptx"), "{e}");
}

#[test]
fn the_compiler_environment_variable_chooses_and_is_checked() {
    let exe = std::env::current_exe().unwrap();
    let exact = crate::common::test_name(module_path!(), "child_compiler_from_environment");
    for (value, expect) in [
        ("builtin", "CHILD SAW built-in compiler"),
        (
            "gcc",
            "CHILD SAW CUDA_LIBRARY_COMPILER=`gcc` is not a compiler",
        ),
    ] {
        let out = Command::new(&exe)
            .args([
                exact.as_str(),
                "--exact",
                "--nocapture",
                "--include-ignored",
            ])
            .env("CUDA_LIBRARY_COMPILER", value)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{text}");
        assert!(text.contains(expect), "{text}");
    }
}

#[test]
#[ignore = "run by the_compiler_environment_variable_chooses_and_is_checked"]
fn child_compiler_from_environment() {
    let r = Program::new(README_SAXPY, ProgramOptions::default()).compile(ImageKind::Ptx, &[]);
    match r {
        Ok(code) => println!("CHILD SAW {}", code.compiler().unwrap_or("nothing")),
        Err(e) => println!("CHILD SAW {e}"),
    }
}

#[test]
fn missing_nvrtc_lists_every_place_tried() {
    let cuda_home_has_nvrtc = std::path::Path::new("/usr/local/cuda/lib64/libnvrtc.so").exists();
    if cuda_home_has_nvrtc {
        crate::common::skip("/usr/local/cuda provides NVRTC, so it cannot be made missing here");
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let exact = crate::common::test_name(module_path!(), "child_missing_nvrtc");
    let out = Command::new(exe)
        .args([
            exact.as_str(),
            "--exact",
            "--nocapture",
            "--include-ignored",
        ])
        .env("CUDA_LIBRARY_NVRTC", "/nonexistent/libnvrtc.so.12")
        .env("CUDA_HOME", "/nonexistent-cuda")
        .env_remove("CUDA_PATH")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .env("PATH", "/nonexistent-bin")
        // Outside the repository, whose .venv the crate would find.
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("CHILD OK"), "{text}");
}

#[test]
#[ignore = "run by missing_nvrtc_lists_every_place_tried"]
fn child_missing_nvrtc() {
    // With NVRTC missing, `Auto` compiles with the built-in compiler...
    let code = Program::new(README_SAXPY, ProgramOptions::default())
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    assert!(code.compiler().unwrap().starts_with("built-in compiler"));
    // ...and asking for NVRTC says where it was looked for.
    let nvrtc = ProgramOptions {
        compiler: cuda_library::Compiler::Nvrtc,
        ..Default::default()
    };
    let e = Program::new("__global__ void k() {}", nvrtc)
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::NvrtcNotFound { .. }), "{t}");
    assert!(
        t.contains("/nonexistent/libnvrtc.so.12: no such file"),
        "{t}"
    );
    assert!(t.contains("/nonexistent-cuda/lib64/libnvrtc.so.12"), "{t}");
    assert!(t.contains("pip install nvidia-cuda-nvrtc-cu12"), "{t}");
    // Where it looked for a project's .venv, found or not.
    assert!(t.contains("a .venv in ") || t.contains(".venv at "), "{t}");
    println!("CHILD OK");
}

// ---- Standard headers: the ones the crate ships, libcu++'s, and the user's own ----

/// Whether CCCL's headers are available to NVRTC (a `<cuda/std/version>` compiles). Without
/// them the libcu++ tests print why and pass, unless `CUDA_LIBRARY_REQUIRE_NVRTC=1`.
fn cccl_available() -> bool {
    let src = "#include <cuda/std/version>\n__global__ void k() {}\n";
    match Program::new(src, opts("compute_80")).compile(ImageKind::Ptx, &[]) {
        Ok(_) => true,
        Err(e) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_NVRTC").is_ok_and(|v| v == "1") {
                panic!("CCCL is required (scripts/setup-venv.sh installs it) but missing: {e}");
            }
            eprintln!("no CCCL: {e}");
            crate::common::skip("needs CCCL (scripts/setup-venv.sh)");
            false
        }
    }
}

/// A context on the simulator. Another test of this binary may have chosen the backend
/// first (on a GPU machine, the driver): then that one runs the kernels, which must give
/// the same results.
fn context() -> Context {
    if let Err(e) = cuda_library::use_backend(BackendKind::Sim) {
        eprintln!("running on the backend already chosen: {e}");
    }
    cuda_library::Device::new(0).unwrap().set_current().unwrap()
}

fn ulps(a: f32, b: f32) -> u32 {
    (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
}

const C_HEADERS_KERNEL: &str = r#"
#include <stdint.h>
#include <stddef.h>
#include <limits.h>
#include <float.h>
#include <math.h>

struct Sample { uint32_t id; int64_t acc; float x; };

extern "C" __global__ void c_headers(const float* in, float* out, int64_t* wide,
                                     uint32_t* bits, size_t n) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    out[4 * i + 0] = sqrtf(x);
    out[4 * i + 1] = fminf(x, (float)M_PI);
    out[4 * i + 2] = expf(-x);
    out[4 * i + 3] = (float)(M_PI * x);
    wide[2 * i] = (int64_t)INT_MAX * (int64_t)(i + 1);
    wide[2 * i + 1] = INT64_MIN + (int64_t)i;
    uint32_t flags = (isinf(INFINITY) ? 1u : 0u) | (isnan(NAN) ? 2u : 0u)
                   | (HUGE_VAL > DBL_MAX ? 4u : 0u) | (CHAR_BIT == 8 ? 8u : 0u)
                   | (x < FLT_MAX ? 16u : 0u) | (UINT32_MAX == 0xffffffffu ? 32u : 0u)
                   | (SIZE_MAX == UINT64_MAX ? 64u : 0u);
    bits[2 * i] = (uint32_t)offsetof(struct Sample, x) + 1000u * (uint32_t)sizeof(struct Sample);
    bits[2 * i + 1] = flags;
}
"#;

/// Compiles `C_HEADERS_KERNEL` (C headers, C-style code) and checks what it computes.
fn check_c_headers(code: &ObjectCode) {
    let ctx = context();
    let lib = code.to_library(&Default::default()).unwrap();
    let k = lib.get_kernel("c_headers").unwrap();
    let input: Vec<f32> = (0..64).map(|i| i as f32 * 0.37).collect();
    let n = input.len();
    let x = DeviceBuffer::from_slice(&ctx, &input).unwrap();
    let out = DeviceBuffer::<f32>::zeroed(&ctx, 4 * n).unwrap();
    let wide = DeviceBuffer::<i64>::zeroed(&ctx, 2 * n).unwrap();
    let bits = DeviceBuffer::<u32>::zeroed(&ctx, 2 * n).unwrap();
    let stream = ctx.create_stream().unwrap();
    k.launcher(&stream)
        .grid(2)
        .block(32)
        .arg(&x)
        .arg(&out)
        .arg(&wide)
        .arg(&bits)
        .arg(&(n as u64))
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    let (out, wide, bits) = (
        out.to_vec().unwrap(),
        wide.to_vec().unwrap(),
        bits.to_vec().unwrap(),
    );
    let pi = std::f64::consts::PI;
    for (i, &x) in input.iter().enumerate() {
        assert_eq!(out[4 * i], x.sqrt(), "sqrtf({x})");
        assert_eq!(out[4 * i + 1], x.min(pi as f32), "fminf({x}, M_PI)");
        let e = (-x).exp();
        assert!(
            ulps(out[4 * i + 2], e) <= 2,
            "expf(-{x}) = {} vs {e}",
            out[4 * i + 2]
        );
        assert_eq!(out[4 * i + 3], (pi * x as f64) as f32, "M_PI * {x}");
        assert_eq!(wide[2 * i], i32::MAX as i64 * (i as i64 + 1));
        assert_eq!(wide[2 * i + 1], i64::MIN + i as i64);
        // offsetof(Sample, x) == 16, sizeof(Sample) == 24.
        assert_eq!(bits[2 * i], 16 + 24_000);
        assert_eq!(bits[2 * i + 1], 0b111_1111, "flags of item {i}");
    }
}

#[test]
fn c_headers_compile_and_the_kernel_runs() {
    if !nvrtc_available() {
        return;
    }
    let code = Program::new(C_HEADERS_KERNEL, opts("compute_80"))
        .with_name("c_headers.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    let log = code.compile_log();
    assert!(!log.contains("#47-D"), "a macro was redefined:\n{log}");
    check_c_headers(&code);
}

#[test]
fn c_headers_compile_in_every_language_standard() {
    if !nvrtc_available() {
        return;
    }
    // C++17 and later forward <stdint.h> and <limits.h> to libcu++ where it is found; older
    // standards (libcu++ 3 needs C++17) use the crate's own definitions.
    for std in ["c++11", "c++14", "c++17", "c++20"] {
        let options = ProgramOptions {
            std: Some(std.into()),
            ..opts("compute_80")
        };
        let code = Program::new(C_HEADERS_KERNEL, options)
            .compile(ImageKind::Ptx, &[])
            .unwrap_or_else(|e| panic!("{std}: {e}"));
        assert!(code.ptx_text().unwrap().contains(".entry c_headers("));
        let log = code.compile_log();
        assert!(
            !log.contains("#47-D"),
            "{std}: a macro was redefined:\n{log}"
        );
    }
}

#[test]
fn cxx_headers_compile_and_the_kernel_runs() {
    if !nvrtc_available() {
        return;
    }
    let src = r#"
#include <cstdint>
#include <cstddef>
#include <climits>
#include <cfloat>
#include <cmath>

static_assert(sizeof(std::sqrt(1.0f)) == 4 && sizeof(std::sqrt(1.0)) == 8, "overloads");
static_assert(sizeof(std::int64_t) == 8 && sizeof(std::uint8_t) == 1, "sizes");
static_assert(sizeof(std::size_t) == sizeof(void*), "size_t");

template <typename T>
__global__ void cxx_headers(const T* in, T* out, std::int64_t* wide, std::size_t n) {
    std::size_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T x = in[i];
    out[3 * i + 0] = std::sqrt(x) + std::fabs(-x);
    out[3 * i + 1] = std::fmin(x, T(M_PI_2)) + std::floor(x);
    out[3 * i + 2] = std::isnan(x / T(0)) ? T(-1) : std::exp(-x);
    wide[i] = (std::int64_t)LLONG_MAX - (std::int64_t)i * INT_MAX;
}
"#;
    let code = Program::new(src, opts("compute_80"))
        .with_name("cxx_headers.cu")
        .compile(
            ImageKind::Ptx,
            &["cxx_headers<float>", "cxx_headers<double>"],
        )
        .unwrap();
    let ctx = context();
    let lib = code.to_library(&Default::default()).unwrap();
    let input: Vec<f32> = (0..40).map(|i| i as f32 * 0.25).collect();
    let n = input.len();
    let x = DeviceBuffer::from_slice(&ctx, &input).unwrap();
    let out = DeviceBuffer::<f32>::zeroed(&ctx, 3 * n).unwrap();
    let wide = DeviceBuffer::<i64>::zeroed(&ctx, n).unwrap();
    let stream = ctx.create_stream().unwrap();
    lib.get_kernel("cxx_headers<float>")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(64)
        .arg(&x)
        .arg(&out)
        .arg(&wide)
        .arg(&(n as u64))
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    let (out, wide) = (out.to_vec().unwrap(), wide.to_vec().unwrap());
    for (i, &x) in input.iter().enumerate() {
        assert_eq!(out[3 * i], x.sqrt() + x, "sqrt + fabs of {x}");
        let m = x.min(std::f64::consts::FRAC_PI_2 as f32) + x.floor();
        assert_eq!(out[3 * i + 1], m, "fmin + floor of {x}");
        if x == 0.0 {
            assert_eq!(out[3 * i + 2], -1.0, "0/0 is NaN");
        } else {
            let e = (-x).exp();
            assert!(
                ulps(out[3 * i + 2], e) <= 2,
                "exp(-{x}) = {} vs {e}",
                out[3 * i + 2]
            );
        }
        assert_eq!(wide[i], i64::MAX - i as i64 * i32::MAX as i64);
    }
}

#[test]
fn libcudacxx_headers_compile_and_the_kernel_runs() {
    if !nvrtc_available() || !cccl_available() {
        return;
    }
    // libcu++ mixed with the shipped <stdint.h>/<climits>: one set of types and macros.
    let src = r#"
#include <stdint.h>
#include <climits>
#include <cuda/std/cstdint>
#include <cuda/std/climits>
#include <cuda/std/limits>
#include <cuda/std/array>
#include <cuda/std/type_traits>

static_assert(cuda::std::is_same<int64_t, cuda::std::int64_t>::value, "int64_t");
static_assert(cuda::std::is_same<uint32_t, cuda::std::uint32_t>::value, "uint32_t");
static_assert(INT_MAX == cuda::std::numeric_limits<int>::max(), "INT_MAX");

extern "C" __global__ void libcu(float* out, uint64_t* wide) {
    cuda::std::array<float, 4> a = {1.0f, 4.0f, 9.0f, 16.0f};
    float s = 0.0f;
    for (float v : a) s += sqrtf(v);
    out[0] = s;
    out[1] = cuda::std::numeric_limits<float>::max();
    out[2] = cuda::std::numeric_limits<float>::lowest();
    out[3] = (float)a.size();
    out[4] = cuda::std::numeric_limits<float>::epsilon();
    wide[0] = cuda::std::numeric_limits<cuda::std::uint64_t>::max();
    wide[1] = (uint64_t)(int64_t)cuda::std::numeric_limits<int32_t>::min();
}
"#;
    let code = Program::new(src, opts("compute_80"))
        .with_name("libcu.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    let log = code.compile_log();
    assert!(!log.contains("#47-D"), "a macro was redefined:\n{log}");
    let ctx = context();
    let lib = code.to_library(&Default::default()).unwrap();
    let out = DeviceBuffer::<f32>::zeroed(&ctx, 5).unwrap();
    let wide = DeviceBuffer::<u64>::zeroed(&ctx, 2).unwrap();
    let stream = ctx.create_stream().unwrap();
    lib.get_kernel("libcu")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(1)
        .arg(&out)
        .arg(&wide)
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(
        out.to_vec().unwrap(),
        [10.0, f32::MAX, f32::MIN, 4.0, f32::EPSILON]
    );
    assert_eq!(wide.to_vec().unwrap(), [u64::MAX, i32::MIN as i64 as u64]);
}

#[test]
fn libcudacxx_cmath_compiles_beside_the_shipped_cmath() {
    if !nvrtc_available() || !cccl_available() {
        return;
    }
    let src = r#"
#include <cuda/std/cmath>
#include <cmath>
extern "C" __global__ void k(float* x) {
    x[0] = cuda::std::sqrt(x[0]) + std::sqrt(x[1]) + (float)M_PI + INFINITY;
}
"#;
    let code = Program::new(src, opts("compute_80"))
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    assert!(code.ptx_text().unwrap().contains(".entry k("));
}

/// A fresh directory under the target directory.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cpu_nvrtc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_users_own_standard_header_wins_over_the_shipped_one() {
    if !nvrtc_available() {
        return;
    }
    let dir = scratch_dir("own-headers");
    std::fs::write(
        dir.join("stdint.h"),
        "#define MY_STDINT 1\ntypedef unsigned int uint32_t;\n",
    )
    .unwrap();
    let src =
        "#include <stdint.h>\n#include <math.h>\n#ifndef MY_STDINT\n#error not mine\n#endif\n\
               extern \"C\" __global__ void k(uint32_t* o) { o[0] = (uint32_t)(M_PI * 1000); }\n";
    // Through include_paths, and through -I / --include-path= in the extra options.
    let ways = [
        ProgramOptions {
            include_paths: vec![dir.clone()],
            ..opts("compute_80")
        },
        ProgramOptions {
            extra: vec![format!("-I{}", dir.display())],
            ..opts("compute_80")
        },
        ProgramOptions {
            extra: vec![format!("--include-path={}", dir.display())],
            ..opts("compute_80")
        },
    ];
    for o in ways {
        let code = Program::new(src, o.clone())
            .compile(ImageKind::Ptx, &[])
            .unwrap_or_else(|e| panic!("{o:?}: {e}"));
        assert!(code.ptx_text().unwrap().contains("3141"), "{o:?}");
    }
    // Without it, the shipped <stdint.h> is used.
    let e = Program::new(src, opts("compute_80"))
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    assert!(e.to_string().contains("not mine"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_header_shows_nvrtcs_log_and_what_is_provided() {
    if !nvrtc_available() {
        return;
    }
    let src = "#include <cstdint>\n#include <vector>\n__global__ void k() {}\n";
    let e = Program::new(src, opts("compute_80"))
        .with_name("vec.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    let Error::Compile { log, .. } = &e else {
        panic!("expected a compile error, got {e}");
    };
    assert!(log.contains("vec.cu(2)"), "{log}");
    assert!(log.contains("open source file \"vector\""), "{log}");
    assert!(log.contains("note (cuda-library)"), "{log}");
    assert!(log.contains("<stdint.h>, <cstdint>"), "{log}");
    assert!(log.contains("<cuda/std/"), "{log}");
    // A header of the user's own gets NVRTC's log alone.
    let src = "#include \"my_own.h\"\n__global__ void k() {}\n";
    let e = Program::new(src, opts("compute_80"))
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    let t = e.to_string();
    assert!(t.contains("open source file \"my_own.h\""), "{t}");
    assert!(!t.contains("note (cuda-library)"), "{t}");
}

#[test]
fn shipped_headers_are_listed() {
    let h = Program::shipped_headers();
    for name in [
        "stdint.h", "cstdint", "stddef.h", "cstddef", "limits.h", "climits",
    ] {
        assert!(h.contains(&name), "{name}: {h:?}");
    }
    for name in ["math.h", "cmath", "float.h", "cfloat"] {
        assert!(h.contains(&name), "{name}: {h:?}");
    }
}

/// Runs `child` (an ignored test of this binary) with NVRTC named by path and no CUDA
/// toolkit or Python environment to find CCCL or CUDA's headers in.
fn run_without_cccl(child: &str) {
    let (nvrtc, _) = cuda_library::nvrtc_info().unwrap();
    for dir in ["/usr/local/cuda/include", "/usr/local/cuda/include/cccl"] {
        if Path::new(dir).join("cuda/std/version").exists() {
            crate::common::skip(
                "the CUDA toolkit provides CCCL, so it cannot be made missing here",
            );
            return;
        }
    }
    let exact = crate::common::test_name(module_path!(), child);
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            exact.as_str(),
            "--exact",
            "--nocapture",
            "--include-ignored",
        ])
        .env("CUDA_LIBRARY_NVRTC", &nvrtc)
        .env("CUDA_HOME", "/nonexistent-cuda")
        .env_remove("CUDA_PATH")
        .env_remove("VIRTUAL_ENV")
        .env_remove("CONDA_PREFIX")
        .env("PATH", "/nonexistent-bin")
        // Outside the repository, whose .venv the crate would find.
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("CHILD OK"), "{text}");
}

#[test]
fn without_cccl_the_shipped_headers_stand_alone() {
    if !nvrtc_available() {
        return;
    }
    run_without_cccl("child_without_cccl");
}

#[test]
#[ignore = "run by without_cccl_the_shipped_headers_stand_alone"]
fn child_without_cccl() {
    // The shipped headers compile and compute the same without libcu++ to forward to.
    for std in ["c++14", "c++17"] {
        let options = ProgramOptions {
            std: Some(std.into()),
            ..opts("compute_80")
        };
        let code = Program::new(C_HEADERS_KERNEL, options)
            .compile(ImageKind::Ptx, &[])
            .unwrap_or_else(|e| panic!("{std}: {e}"));
        check_c_headers(&code);
    }
    // <cuda/std/*> fails with NVRTC's log and a note saying where CCCL comes from.
    let src = "#include <cuda/std/array>\n__global__ void k() {}\n";
    let e = Program::new(src, opts("compute_80"))
        .compile(ImageKind::Ptx, &[])
        .unwrap_err();
    let t = e.to_string();
    assert!(t.contains("open source file \"cuda/std/array\""), "{t}");
    assert!(t.contains("pip install nvidia-cuda-cccl-cu12"), "{t}");
    assert!(
        t.contains("/nonexistent-cuda/include/cccl"),
        "the places looked in: {t}"
    );
    // So does CUDA's own <cuda_fp16.h>.
    let src = "#include <cuda_fp16.h>\n__global__ void k() {}\n";
    let t = Program::new(src, opts("compute_80"))
        .compile(ImageKind::Ptx, &[])
        .unwrap_err()
        .to_string();
    assert!(t.contains("nvidia-cuda-runtime-cu12"), "{t}");
    println!("CHILD OK");
}
