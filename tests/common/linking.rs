//! The linker tests' inputs, shared by the simulator, CPU (nvJitLink) and GPU tests: a
//! program split in two PTX files and one split in two CUDA C++ files
//! (`tests/fixtures/linking/`).

#![allow(dead_code)]

/// `main.cu`: a kernel `apply(float* x, int n)` computing `x[i] = scale(x[i]) + offset`,
/// with `scale` and `offset` in `helper.cu`.
pub const MAIN_CU: &str = include_str!("../fixtures/linking/main.cu");
/// `helper.cu`: `scale(x) = 3x` and `offset = 0.5`.
pub const HELPER_CU: &str = include_str!("../fixtures/linking/helper.cu");
/// What `apply` makes of [`APPLY_INPUT`].
pub const APPLY_OUTPUT: [f32; 3] = [3.5, 6.5, 9.5];
/// `apply`'s input.
pub const APPLY_INPUT: [f32; 3] = [1.0, 2.0, 3.0];

/// The kernel: `out[i] = twice(in[i]) + bias`, with `twice` and `bias` in the other file.
pub const MAIN_PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64

.extern .func (.param .b32 ret) twice(.param .b32 x);
.extern .global .align 4 .u32 bias;

.visible .entry apply(.param .u64 in, .param .u64 out, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [in];
    ld.param.u64 %rd2, [out];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd1, %rd3;
    ld.global.u32 %r3, [%rd4];
    {
        .param .b32 x;
        .param .b32 r;
        st.param.b32 [x], %r3;
        call.uni (r), twice, (x);
        ld.param.b32 %r4, [r];
    }
    ld.global.u32 %r5, [bias];
    add.s32 %r6, %r4, %r5;
    add.s64 %rd5, %rd2, %rd3;
    st.global.u32 [%rd5], %r6;
DONE:
    ret;
}
"#;

/// `twice` and `bias`, and an internal helper whose name the main file could also use.
pub const HELPER_PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64

.visible .global .align 4 .u32 bias = 1000;
.global .align 4 .u32 scale_unused = 3;

.visible .func (.param .b32 ret) twice(.param .b32 x)
{
    .reg .b32 %r<3>;
    ld.param.b32 %r1, [x];
    shl.b32 %r2, %r1, 1;
    st.param.b32 [ret], %r2;
    ret;
}
"#;

/// What the PTX pair's `apply` makes of `[1, 2, 3, 4]`.
pub const PTX_OUTPUT: [u32; 4] = [1002, 1004, 1006, 1008];

/// Two files whose kernels inline a function of their own: compiled with `-lineinfo`, each
/// has `.loc ... inlined_at` notes naming labels of its own `.debug_str` section, which
/// the PTX linker keeps for the first file only. `k1(x)` sets `x[0] = sq(x[0]) + one()`,
/// `k2(x)` sets `x[1] = cube(x[1])`, with `one` defined in the second file.
pub const INLINED_CU: [&str; 2] = [
    r#"
extern __device__ float one();
__device__ __forceinline__ float sq(float v) { return v * v; }
extern "C" __global__ void k1(float* x) { x[0] = sq(x[0]) + one(); }
"#,
    r#"
__device__ float one() { return 1.0f; }
__device__ __forceinline__ float cube(float v) { return v * v * v; }
extern "C" __global__ void k2(float* x) { x[1] = cube(x[1]); }
"#,
];

/// Where libcudadevrt.a is (it defines `cudaGraphSetConditional` for kernels run on a GPU):
/// `CUDA_LIBRARY_CUDADEVRT`, the `nvidia-cuda-runtime` wheel of the active virtual
/// environment or of the repository's `.venv` (the same release as the wheel's nvJitLink,
/// which links it), then the CUDA toolkit's.
pub fn cudadevrt() -> Option<std::path::PathBuf> {
    use std::path::{Path, PathBuf};
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(p) = std::env::var_os("CUDA_LIBRARY_CUDADEVRT") {
        candidates.push(p.into());
    }
    let venvs = [
        std::env::var_os("VIRTUAL_ENV").map(PathBuf::from),
        Some(Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv")),
    ];
    for venv in venvs.into_iter().flatten() {
        for entry in std::fs::read_dir(venv.join("lib"))
            .into_iter()
            .flatten()
            .flatten()
        {
            candidates.push(
                entry
                    .path()
                    .join("site-packages/nvidia/cuda_runtime/lib/libcudadevrt.a"),
            );
        }
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(home) = std::env::var_os(var) {
            candidates.push(Path::new(&home).join("lib64/libcudadevrt.a"));
        }
    }
    candidates.push("/usr/local/cuda/lib64/libcudadevrt.a".into());
    candidates.into_iter().find(|p| p.is_file())
}

/// A static library (`ar` archive, GNU layout) of `members` (name, bytes), as `ar rc`
/// writes one: for tests that link an archive they made (no `ar` tool needed).
pub fn ar_archive(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = b"!<arch>\n".to_vec();
    for (name, data) in members {
        let header = format!(
            "{:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
            format!("{name}/"),
            0,
            0,
            0,
            644,
            data.len()
        );
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        if data.len() % 2 == 1 {
            out.push(b'\n');
        }
    }
    out
}
