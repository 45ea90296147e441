//! `set` and `setp` on half-precision pairs (`.f16x2`, `.bf16x2`), which `cuda_fp16.h` and
//! `cuda_bf16.h` write for `__heq2`, `__hbeq2`, `__hlt2`, `__hgeu2`, `__hisnan2` and the
//! pair operators (finding S5 of `tests/compiler/FINDINGS.md`). One thread per pair of input
//! words `a`, `b` (each two halves, read as f16 and as bf16), over NaN, ±0, ±inf and
//! subnormals; each thread writes [`OUTPUTS`] words: for each of the 14 comparisons,
//! [`VARIANTS`] forms. [`expected`] computes them with the `half` crate as an independent
//! oracle; the simulator test (`tests/sim/half_set.rs`) checks against it and the GPU test
//! (`tests/gpu/half_set.rs`) checks the GPU against it and against the simulator, bit for
//! bit.

use half::{bf16, f16};

/// The comparisons, as PTX spells them.
pub const CMPS: [&str; 14] = [
    "eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
];

/// The forms each comparison is run in (`{c}` is the comparison): what each thread's
/// output words hold, in order.
pub const VARIANTS: [&str; 9] = [
    "set.{c}.f16x2.f16x2",
    "set.{c}.u32.f16x2",
    "set.{c}.ftz.f16x2.f16x2",
    "setp.{c}.f16x2 (p | q << 1)",
    "set.{c}.bf16x2.bf16x2",
    "set.{c}.s32.bf16x2",
    "setp.{c}.bf16x2 (p | q << 1)",
    "set.{c}.xor.f16x2.f16x2 with the predicate `tid odd`",
    "set.{c}.ftz.u32.f16 of the low halves",
];

/// Results per thread.
pub const OUTPUTS: usize = CMPS.len() * VARIANTS.len();

/// Half values (bits) every pair is made of: zeros, ones, twos, subnormals of both formats,
/// the largest finite f16, infinities and NaNs of both formats.
const VALUES: [u16; 18] = [
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x4000, 0x0001, 0x8001, 0x03ff, 0x7bff, 0x7c00, 0xfc00, 0x7e00,
    0xfe01, 0x7f80, 0xff80, 0x7fc0, 0x3f80, 0x007f,
];

/// The inputs, two words per thread: thread `i + 18 j` compares `(v[i], v[j])` with
/// `(v[j], v[i])` (low half first), so every ordered pair of values meets in a low half.
pub fn inputs() -> Vec<u32> {
    let n = VALUES.len();
    (0..n * n)
        .flat_map(|t| {
            let (x, y) = (VALUES[t % n] as u32, VALUES[t / n] as u32);
            [x | y << 16, y | x << 16]
        })
        .collect()
}

/// Threads in the launch.
pub fn threads() -> usize {
    VALUES.len() * VALUES.len()
}

/// The kernel `half_set(out, inp)`.
pub fn ptx() -> String {
    let mut body = String::new();
    for (k, c) in CMPS.iter().enumerate() {
        let at = |v: usize| 4 * (k * VARIANTS.len() + v);
        body.push_str(&format!(
            "    set.{c}.f16x2.f16x2 %r10, %r2, %r3;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.u32.f16x2 %r10, %r2, %r3;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.ftz.f16x2.f16x2 %r10, %r2, %r3;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 setp.{c}.f16x2 %p2|%p3, %r2, %r3;\n    selp.u32 %r11, 1, 0, %p2;\n    \
                 selp.u32 %r12, 2, 0, %p3;\n    or.b32 %r10, %r11, %r12;\n    \
                 st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.bf16x2.bf16x2 %r10, %r2, %r3;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.s32.bf16x2 %r10, %r2, %r3;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 setp.{c}.bf16x2 %p2|%p3, %r2, %r3;\n    selp.u32 %r11, 1, 0, %p2;\n    \
                 selp.u32 %r12, 2, 0, %p3;\n    or.b32 %r10, %r11, %r12;\n    \
                 st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.xor.f16x2.f16x2 %r10, %r2, %r3, %p1;\n    st.global.u32 [%rd5+{}], %r10;\n\
                 set.{c}.ftz.u32.f16 %r10, %h1, %h3;\n    st.global.u32 [%rd5+{}], %r10;\n",
            at(0),
            at(1),
            at(2),
            at(3),
            at(4),
            at(5),
            at(6),
            at(7),
            at(8),
        ));
    }
    format!(
        r#".version 8.0
.target sm_90
.address_size 64

.visible .entry half_set(.param .u64 out, .param .u64 inp)
{{
    .reg .pred %p<4>;
    .reg .b16 %h<5>;
    .reg .b32 %r<13>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 8;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    ld.global.u32 %r3, [%rd4+4];
    mov.b32 {{%h1, %h2}}, %r2;
    mov.b32 {{%h3, %h4}}, %r3;
    and.b32 %r4, %r1, 1;
    setp.ne.u32 %p1, %r4, 0;
    mul.wide.u32 %rd6, %r1, {row};
    add.s64 %rd5, %rd1, %rd6;
{body}    ret;
}}
"#,
        row = OUTPUTS * 4
    )
}

/// The value of half bits in `bf`16 or f16, flushed to zero of its sign where `ftz` and
/// the value is subnormal.
fn value(h: u16, bf: bool, ftz: bool) -> f64 {
    let x = if bf {
        bf16::from_bits(h).to_f64()
    } else {
        f16::from_bits(h).to_f64()
    };
    let subnormal = x != 0.0
        && x.abs()
            < if bf {
                1.175_494_350_822_287_5e-38
            } else {
                6.103_515_625e-5
            };
    if ftz && subnormal {
        0.0
    } else {
        x
    }
}

/// Comparison `c` of `CMPS` on two values, with PTX's NaN rules.
fn compare(c: &str, x: f64, y: f64) -> bool {
    let nan = x.is_nan() || y.is_nan();
    let (op, unordered) = match c.strip_suffix('u').filter(|_| c.len() == 3) {
        Some(op) => (op, true),
        None => (c, false),
    };
    match op {
        "num" => !nan,
        "nan" => nan,
        _ if nan => unordered,
        "eq" => x == y,
        "ne" => x != y,
        "lt" => x < y,
        "le" => x <= y,
        "gt" => x > y,
        _ => x >= y,
    }
}

/// Comparison `c` (of [`CMPS`]) of each half of `a` with that of `b`, read as bf16 where
/// `bf`, else f16 (low half first).
pub fn halves_compare(c: &str, bf: bool, a: u32, b: u32) -> [bool; 2] {
    let halves = |w: u32| [w as u16, (w >> 16) as u16];
    let (a, b) = (halves(a), halves(b));
    [0, 1].map(|i| compare(c, value(a[i], bf, false), value(b[i], bf, false)))
}

/// Two halves' results as `set` writes them: `yes` in each half whose result is true.
pub fn pack(r: [bool; 2], yes: u32) -> u32 {
    (u32::from(r[0]) * yes) | (u32::from(r[1]) * (yes << 16))
}

/// What thread `t` writes, from its inputs `a`, `b`.
pub fn expected(t: usize, a: u32, b: u32) -> Vec<u32> {
    let halves = |w: u32| [w as u16, (w >> 16) as u16];
    let (a, b) = (halves(a), halves(b));
    let per_half = |c: &str, bf: bool, ftz: bool| -> [bool; 2] {
        [0, 1].map(|i| compare(c, value(a[i], bf, ftz), value(b[i], bf, ftz)))
    };
    let odd = t % 2 == 1;
    let mut out = Vec::with_capacity(OUTPUTS);
    for c in CMPS {
        let f16s = per_half(c, false, false);
        let bf16s = per_half(c, true, false);
        out.push(pack(f16s, 0x3c00));
        out.push(pack(f16s, 0xffff));
        out.push(pack(per_half(c, false, true), 0x3c00));
        out.push(f16s[0] as u32 | (f16s[1] as u32) << 1);
        out.push(pack(bf16s, 0x3f80));
        out.push(pack(bf16s, 0xffff));
        out.push(bf16s[0] as u32 | (bf16s[1] as u32) << 1);
        out.push(pack(f16s.map(|r| r ^ odd), 0x3c00));
        out.push(if per_half(c, false, true)[0] {
            u32::MAX
        } else {
            0
        });
    }
    out
}

/// Each output of `got` (the kernel's, over [`inputs`]) that differs from [`expected`],
/// named: its thread, inputs, comparison and form.
pub fn mismatches(got: &[u32]) -> Vec<String> {
    let inp = inputs();
    let mut bad = Vec::new();
    for t in 0..threads() {
        let (a, b) = (inp[2 * t], inp[2 * t + 1]);
        let want = expected(t, a, b);
        let Some(row) = got.get(t * OUTPUTS..(t + 1) * OUTPUTS) else {
            bad.push(format!("thread {t}: no output"));
            continue;
        };
        for (i, (g, w)) in row.iter().zip(&want).enumerate() {
            if g != w {
                let form = VARIANTS[i % VARIANTS.len()].replace("{c}", CMPS[i / VARIANTS.len()]);
                bad.push(format!(
                    "thread {t} ({a:#010x}, {b:#010x}) {form}: got {g:#010x}, expected {w:#010x}"
                ));
            }
        }
    }
    bad
}

/// Loads [`ptx`] on the current backend, runs it over [`inputs`] in `ctx` and returns
/// every thread's outputs.
pub fn run(ctx: &cuda_library::Context) -> Vec<u32> {
    super::ptx_ops::launch_rows(ctx, &ptx(), "half_set", &inputs(), threads(), OUTPUTS)
}

/// [`run`], asserting every output is the oracle's.
pub fn run_and_check(ctx: &cuda_library::Context) {
    let bad = mismatches(&run(ctx));
    assert!(
        bad.is_empty(),
        "{} differences:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
