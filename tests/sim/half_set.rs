//! `set` and `setp` on half-precision pairs (finding S5 of `tests/compiler/FINDINGS.md`):
//! the simulator refused them, so every kernel using `__heq2`, `__hbeq2`, `__hlt2` or a
//! pair operator failed to launch. Checked against an independent oracle over NaN, ±0,
//! ±inf and subnormals (`tests/common/half_set.rs`, which the GPU test also runs), and
//! through NVRTC's headers.

use crate::common::half_set;
use crate::common::nvrtc::compiled_or_skip;

use cuda_library::{BackendKind, Device, Program, ProgramOptions};

#[test]
fn set_and_setp_on_half_pairs_follow_the_ptx_isa() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    half_set::run_and_check(&ctx);
}

/// The pair comparisons of `cuda_fp16.h` and `cuda_bf16.h`: eight words per thread.
const PAIR_COMPARISONS: &str = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
template <typename T> __device__ unsigned bits(T v) { return *reinterpret_cast<unsigned*>(&v); }
extern "C" __global__ void cmp2(unsigned* out, const unsigned* in) {
    const int t = threadIdx.x;
    const __half2 a = *reinterpret_cast<const __half2*>(in + 2 * t);
    const __half2 b = *reinterpret_cast<const __half2*>(in + 2 * t + 1);
    const __nv_bfloat162 c = *reinterpret_cast<const __nv_bfloat162*>(in + 2 * t);
    const __nv_bfloat162 d = *reinterpret_cast<const __nv_bfloat162*>(in + 2 * t + 1);
    unsigned* o = out + 8 * t;
    o[0] = bits(__heq2(a, b));
    o[1] = __hbeq2(a, b);
    o[2] = bits(__hlt2(a, b));
    o[3] = bits(__hgeu2(a, b));
    o[4] = __hbeq2(c, d);
    o[5] = bits(__hlt2(c, d));
    o[6] = bits(__hisnan2(a));
    o[7] = __hbgeu2(a, b);
}
"#;

#[test]
fn nvrtcs_pair_comparisons_run_on_the_simulator() {
    let options = ProgramOptions {
        arch: Some("compute_90".into()),
        ..Default::default()
    };
    let Some(code) = compiled_or_skip(Program::new(PAIR_COMPARISONS, options)) else {
        return;
    };
    let ptx = code.ptx_text().unwrap_or_default().to_string();
    assert!(ptx.contains(".f16x2") && ptx.contains("set."), "{ptx}");
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let threads = half_set::threads();
    let inputs = half_set::inputs();
    let got = crate::common::ptx_ops::launch_rows(&ctx, &ptx, "cmp2", &inputs, threads, 8);
    let mut bad = Vec::new();
    for t in 0..threads {
        let (a, b) = (inputs[2 * t], inputs[2 * t + 1]);
        let f = |c: &str| half_set::halves_compare(c, false, a, b);
        let bf = |c: &str| half_set::halves_compare(c, true, a, b);
        let pack = half_set::pack;
        let nan = half_set::halves_compare("nan", false, a, a);
        let want = [
            pack(f("eq"), 0x3c00),
            (f("eq") == [true, true]) as u32,
            pack(f("lt"), 0x3c00),
            pack(f("geu"), 0x3c00),
            (bf("eq") == [true, true]) as u32,
            pack(bf("lt"), 0x3f80),
            pack(nan, 0x3c00),
            (f("geu") == [true, true]) as u32,
        ];
        let row = &got[8 * t..8 * t + 8];
        if row != want {
            bad.push(format!(
                "thread {t} ({a:#010x}, {b:#010x}): got {row:x?}, expected {want:x?}"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} threads differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
