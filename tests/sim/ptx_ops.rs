//! `mul24`, `mad24`, `sad`, `slct` and `testp` on the simulated backend, through the public
//! API, against the PTX ISA's definitions (the same kernel is checked on a GPU by
//! `tests/gpu/library.rs`); half-precision arithmetic, comparisons and conversions against
//! an independent oracle (the same kernel is checked on a GPU); and half-precision
//! instructions the simulator does not implement are refused, not run as integers.

use crate::common::half_ops;
use crate::common::ptx_ops;

use cuda_library::{BackendKind, Device, Error, LaunchConfig, Library, LibraryOptions};

#[test]
fn integer_and_select_extras_follow_the_ptx_isa() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    ptx_ops::run_and_check(&ctx);
}

#[test]
fn floating_point_atomics_add_up() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    ptx_ops::run_float_atomics(&ctx);
}

#[test]
fn half_precision_follows_the_ptx_isa() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    half_ops::run_and_check(&ctx);
}

#[test]
fn unimplemented_half_precision_instructions_are_refused_with_their_line() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let _ctx = Device::new(0).unwrap().set_current().unwrap();
    let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n\
        .visible .entry half(.param .u64 p)\n{\n .reg .b16 %h<3>;\n .reg .f32 %f<2>;\n\
        mov.b16 %h1, 0x3c00;\n add.rz.f16 %h2, %h1, %h1;\n ret;\n}\n";
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let e = lib
        .get_kernel("half")
        .and_then(|k| {
            let ctx = Device::new(0)?.set_current()?;
            let s = ctx.create_stream()?;
            cuda_library::launch!(k, &s, &LaunchConfig::new(1, 1), 0u64)
        })
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{t}");
    assert!(t.contains("half precision") && t.contains("line 9"), "{t}");
}

use crate::common::nvrtc;
use nvrtc::ptx_or_skip;

/// CUDA C++ with `__half` and `__nv_bfloat16` as users write it; `cuda_fp16.h` and
/// `cuda_bf16.h` turn it into inline assembly (blocks with their own `.reg` temporaries; on
/// sm_80 bf16 add and multiply become `fma.rn.bf16` with a constant).
const HALF_SOURCE: &str = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void halves(const unsigned short* in, unsigned short* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = __ushort_as_half(in[2 * i]), y = __ushort_as_half(in[2 * i + 1]);
    __nv_bfloat16 u = __ushort_as_bfloat16(in[2 * i]), v = __ushort_as_bfloat16(in[2 * i + 1]);
    unsigned short* o = out + 10 * i;
    o[0] = __half_as_ushort(__hadd(x, y));
    o[1] = __half_as_ushort(__hmul(x, y));
    o[2] = __half_as_ushort(__hfma(x, y, x));
    o[3] = __half_as_ushort(__hlt(x, y) ? x : y);
    o[4] = __half_as_ushort(__float2half(__half2float(x) * 3.0f));
    o[5] = __bfloat16_as_ushort(__hadd(u, v));
    o[6] = __bfloat16_as_ushort(__hmul(u, v));
    o[7] = __bfloat16_as_ushort(__hfma(u, v, u));
    o[8] = __bfloat16_as_ushort(__hsub(u, v));
    o[9] = __bfloat16_as_ushort(__float2bfloat16(__bfloat162float(u) * 3.0f));
}
"#;

#[test]
fn nvrtc_half_and_bfloat16_code_runs_as_the_formats_define() {
    use cuda_library::launch;
    use half::{bf16, f16};
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let pairs: [(u16, u16); 8] = [
        (0x3c00, 0x3c00),
        (0x3c01, 0x3c02),
        (0x7bff, 0x7bff),
        (0x0001, 0x8001),
        (0x3555, 0x4248),
        (0xc500, 0x3800),
        (0x3f81, 0x3b80),
        (0x4049, 0xc2c8),
    ];
    let f16r = |x: f64| f16::from_f64(x).to_bits();
    let bf16r = |x: f64| bf16::from_f64(x).to_bits();
    let want: Vec<u16> = pairs
        .iter()
        .flat_map(|&(a, b)| {
            let (x, y) = (f16::from_bits(a).to_f64(), f16::from_bits(b).to_f64());
            let (u, v) = (bf16::from_bits(a).to_f64(), bf16::from_bits(b).to_f64());
            [
                f16r(x + y),
                f16r(x * y),
                f16r(x * y + x),
                if x < y { a } else { b },
                f16r((x as f32 * 3.0) as f64),
                bf16r(u + v),
                bf16r(u * v),
                bf16r(u * v + u),
                bf16r(u - v),
                bf16r((u as f32 * 3.0) as f64),
            ]
        })
        .collect();
    for arch in ["compute_80", "compute_90"] {
        let Some(code) = ptx_or_skip(HALF_SOURCE, arch) else {
            return;
        };
        let lib = code.to_library(&LibraryOptions::default()).unwrap();
        let k = lib.get_kernel("halves").unwrap();
        let input: Vec<u16> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let inp = ctx.htod(&input).unwrap();
        let out = ctx.alloc_zeroed::<u16>(pairs.len() * 10).unwrap();
        let s = ctx.create_stream().unwrap();
        let n = pairs.len() as i32;
        launch!(k, &s, &LaunchConfig::new(1, 32), inp, out, n).unwrap();
        s.synchronize().unwrap();
        let got = out.to_vec().unwrap();
        let bad: Vec<String> = (0..got.len())
            .filter(|&i| got[i] != want[i])
            .map(|i| {
                format!(
                    "{arch} pair {} output {}: got {:#06x}, want {:#06x}",
                    i / 10,
                    i % 10,
                    got[i],
                    want[i]
                )
            })
            .collect();
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}

/// Structs passed to and returned from `__noinline__` functions by value (`.param .b8
/// x[16]` call parameters, which the simulator keeps in local memory).
const CALLS_SOURCE: &str = r#"
struct Vec4 { float x, y, z, w; };
struct Pair { int a; long long b; };
__device__ __noinline__ Vec4 scale4(Vec4 v, float s) { return {v.x * s, v.y * s, v.z * s, v.w * s}; }
__device__ __noinline__ long long mix(Pair p, int k) { return p.a * (long long)k + p.b; }
extern "C" __global__ void calls(const float* in, float* out, long long* out2, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Vec4 r = scale4(Vec4{in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]}, 0.5f);
    out[4 * i] = r.x; out[4 * i + 1] = r.y; out[4 * i + 2] = r.z; out[4 * i + 3] = r.w;
    out2[i] = mix(Pair{i, 1000000000000LL + i}, 3);
}
"#;

#[test]
fn structs_pass_by_value_through_calls() {
    use cuda_library::launch;
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let Some(code) = ptx_or_skip(CALLS_SOURCE, "compute_80") else {
        return;
    };
    let ptx = code.ptx_text().unwrap_or_default();
    assert!(
        ptx.contains(".b8 param0[16]") && ptx.contains("call.uni"),
        "{ptx}"
    );
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("calls").unwrap();
    let n = 40usize;
    let input: Vec<f32> = (0..4 * n).map(|v| v as f32 * 1.5 - 7.0).collect();
    let inp = ctx.htod(&input).unwrap();
    let out = ctx.alloc_zeroed::<f32>(4 * n).unwrap();
    let out2 = ctx.alloc_zeroed::<i64>(n).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(2, 32), inp, out, out2, n as i32).unwrap();
    s.synchronize().unwrap();
    let want: Vec<f32> = input.iter().map(|v| v * 0.5).collect();
    assert_eq!(out.to_vec().unwrap(), want);
    let want2: Vec<i64> = (0..n as i64)
        .map(|i| 3 * i + 1_000_000_000_000 + i)
        .collect();
    assert_eq!(out2.to_vec().unwrap(), want2);
}

#[test]
fn a_predicated_call_runs_only_where_its_guard_holds() {
    use cuda_library::launch;
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    // out[tid] = tid odd ? twice(tid) : tid, the call guarded by @%p1.
    let ptx = r#".version 8.0
.target sm_80
.address_size 64
.func (.param .b32 r) twice(.param .b32 x)
{
    .reg .b32 %v<3>;
    ld.param.b32 %v1, [x];
    shl.b32 %v2, %v1, 1;
    st.param.b32 [r], %v2;
    ret;
}
.visible .entry guarded(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mov.u32 %r3, %r1;
    and.b32 %r2, %r1, 1;
    setp.eq.u32 %p1, %r2, 1;
    {
        .param .b32 param0;
        .param .b32 retval0;
        st.param.b32 [param0], %r1;
        @%p1 call.uni (retval0), twice, (param0);
        @%p1 ld.param.b32 %r3, [retval0];
    }
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r3;
    ret;
}
"#;
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("guarded").unwrap();
    let out = ctx.alloc_zeroed::<u32>(32).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 32), out).unwrap();
    s.synchronize().unwrap();
    let want: Vec<u32> = (0..32)
        .map(|t| if t % 2 == 1 { 2 * t } else { t })
        .collect();
    assert_eq!(out.to_vec().unwrap(), want);
}

#[test]
fn a_register_declared_in_a_block_shadows_the_outer_one_only_there() {
    use cuda_library::launch;
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let ptx = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry scoped(.param .u64 out)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, 7;
    {
        .reg .b32 %r1;
        mov.u32 %r1, 100;
        st.global.u32 [%rd1+4], %r1;
    }
    {
        .reg .b32 %r1;
        mov.u32 %r1, 200;
        add.u32 %r2, %r1, 1;
    }
    st.global.u32 [%rd1], %r1;
    st.global.u32 [%rd1+8], %r2;
    ret;
}
"#;
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("scoped").unwrap();
    let out = ctx.alloc_zeroed::<u32>(3).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 1), out).unwrap();
    s.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), [7, 100, 201]);
}
