//! Carry chains (`add.cc`, `addc`, `sub.cc`, `subc`, `mad.cc`, `madc`), directed rounding
//! of `f64` `add`/`sub`/`mul`/`fma` (`.rz`, `.rm`, `.rp`) and half-precision atomic adds
//! (`atom.add.noftz.f16`/`.bf16`/`.f16x2`/`.bf16x2`, `red` too) on the simulated backend,
//! through the public API, against definitions computed here independently: 128- and
//! 256-bit integer arithmetic on 32-bit limbs, an exact integer oracle for the rounding,
//! and the `half` crate for half-precision sums.

use cuda_library::{launch, BackendKind, Device, LaunchConfig, Library, LibraryOptions};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Mostly random, sometimes all ones or zero (where carries ripple).
    fn word(&mut self) -> u64 {
        match self.next() % 5 {
            0 => u64::MAX,
            1 => 0,
            2 => u64::MAX - (self.next() & 3),
            _ => self.next(),
        }
    }
}

const CARRY_PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry carries(.param .u64 out, .param .u64 inp)
{
    .reg .b32 %a<4>;
    .reg .b32 %b<4>;
    .reg .b32 %r<32>;
    .reg .b64 %x<2>;
    .reg .b64 %y<2>;
    .reg .b64 %q<8>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd3, %r0, 32;
    add.s64 %rd4, %rd2, %rd3;
    mul.wide.u32 %rd3, %r0, 128;
    add.s64 %rd5, %rd1, %rd3;
    ld.global.v4.u32 {%a0, %a1, %a2, %a3}, [%rd4];
    ld.global.v4.u32 {%b0, %b1, %b2, %b3}, [%rd4+16];
    ld.global.v2.u64 {%x0, %x1}, [%rd4];
    ld.global.v2.u64 {%y0, %y1}, [%rd4+16];
    // 128-bit a + b in 32-bit words.
    add.cc.u32 %r1, %a0, %b0;
    addc.cc.u32 %r2, %a1, %b1;
    addc.cc.u32 %r3, %a2, %b2;
    addc.u32 %r4, %a3, %b3;
    st.global.v4.u32 [%rd5], {%r1, %r2, %r3, %r4};
    // 128-bit a - b in 32-bit words (the flag holds the borrow), and the final borrow.
    sub.cc.u32 %r1, %a0, %b0;
    subc.cc.u32 %r2, %a1, %b1;
    subc.cc.s32 %r3, %a2, %b2;
    subc.cc.u32 %r4, %a3, %b3;
    addc.u32 %r5, 0, 0;
    st.global.v4.u32 [%rd5+16], {%r1, %r2, %r3, %r4};
    // 128-bit a + b in 64-bit words, with the carry out of the top.
    add.cc.u64 %q0, %x0, %y0;
    addc.cc.s64 %q1, %x1, %y1;
    addc.u64 %q2, 0, 0;
    st.global.v2.u64 [%rd5+32], {%q0, %q1};
    // The low 64-bit halves multiplied into 128 bits, in 32-bit words.
    mul.lo.u32 %r6, %a0, %b0;
    mul.hi.u32 %r7, %a0, %b0;
    mad.lo.cc.u32 %r7, %a0, %b1, %r7;
    madc.hi.u32 %r8, %a0, %b1, 0;
    mad.lo.cc.u32 %r7, %a1, %b0, %r7;
    madc.hi.cc.u32 %r8, %a1, %b0, %r8;
    addc.u32 %r9, 0, 0;
    mad.lo.cc.u32 %r8, %a1, %b1, %r8;
    madc.hi.u32 %r9, %a1, %b1, %r9;
    st.global.v4.u32 [%rd5+48], {%r6, %r7, %r8, %r9};
    // 128 x 128 -> 256 bits in 64-bit words.
    mul.lo.u64 %q3, %x0, %y0;
    mul.hi.u64 %q4, %x0, %y0;
    mad.lo.cc.u64 %q4, %x0, %y1, %q4;
    madc.hi.u64 %q5, %x0, %y1, 0;
    mad.lo.cc.u64 %q4, %x1, %y0, %q4;
    madc.hi.cc.u64 %q5, %x1, %y0, %q5;
    addc.u64 %q6, 0, 0;
    mad.lo.cc.u64 %q5, %x1, %y1, %q5;
    madc.hi.u64 %q6, %x1, %y1, %q6;
    st.global.v2.u64 [%rd5+64], {%q3, %q4};
    st.global.v2.u64 [%rd5+80], {%q5, %q6};
    // Signed high half with a carry in and out; madc.lo as a plain mad plus the flag.
    add.cc.u32 %r10, %a2, %b2;
    madc.hi.cc.s32 %r11, %a0, %b0, %a1;
    madc.lo.cc.u32 %r12, %a3, %b3, 0;
    addc.u32 %r13, 0, 0;
    st.global.v4.u32 [%rd5+96], {%r5, %r10, %r11, %r12};
    cvt.u32.u64 %r14, %q2;
    st.global.v2.u32 [%rd5+112], {%r13, %r14};
    ret;
}
"#;

/// Little-endian 32-bit limbs of a product (schoolbook with 64-bit accumulators).
fn limb_product(x: &[u32], y: &[u32]) -> Vec<u32> {
    let mut out = vec![0u32; x.len() + y.len()];
    for (i, &a) in x.iter().enumerate() {
        let mut carry = 0u64;
        for (j, &b) in y.iter().enumerate() {
            let t = out[i + j] as u64 + a as u64 * b as u64 + carry;
            out[i + j] = t as u32;
            carry = t >> 32;
        }
        out[i + y.len()] = carry as u32;
    }
    out
}

#[test]
fn carry_chains_compute_multi_word_arithmetic() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = Library::load_data(CARRY_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("carries").unwrap();
    const N: usize = 256;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let inp: Vec<u64> = (0..N * 4).map(|_| rng.word()).collect();
    let dinp = ctx.htod(&inp).unwrap();
    let dout = ctx.alloc_zeroed::<u32>(N * 32).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, N as u32), dout, dinp).unwrap();
    stream.synchronize().unwrap();
    let got = dout.to_vec().unwrap();
    for t in 0..N {
        let g = &got[t * 32..t * 32 + 32];
        let x = inp[4 * t] as u128 | (inp[4 * t + 1] as u128) << 64;
        let y = inp[4 * t + 2] as u128 | (inp[4 * t + 3] as u128) << 64;
        let words = |v: u128| {
            [
                v as u32,
                (v >> 32) as u32,
                (v >> 64) as u32,
                (v >> 96) as u32,
            ]
        };
        let a = words(x);
        let b = words(y);
        assert_eq!(
            g[0..4],
            words(x.wrapping_add(y)),
            "thread {t}: add 32-bit words"
        );
        assert_eq!(
            g[4..8],
            words(x.wrapping_sub(y)),
            "thread {t}: sub 32-bit words"
        );
        assert_eq!(
            g[8..12],
            words(x.wrapping_add(y)),
            "thread {t}: add 64-bit words"
        );
        assert_eq!(
            g[29],
            (x.checked_add(y).is_none()) as u32,
            "thread {t}: carry out"
        );
        assert_eq!(g[24], (x < y) as u32, "thread {t}: borrow out");
        assert_eq!(
            g[12..16],
            limb_product(&a[0..2], &b[0..2])[..],
            "thread {t}: 64 x 64 bits"
        );
        assert_eq!(
            g[16..24],
            limb_product(&a, &b)[..],
            "thread {t}: 128 x 128 bits"
        );
        let c = (a[2] as u64 + b[2] as u64) >> 32;
        assert_eq!(g[25], a[2].wrapping_add(b[2]), "thread {t}");
        let hi = ((a[0] as i32 as i64 * b[0] as i32 as i64) >> 32) as u32 as u64;
        let s = hi + a[1] as u64 + c;
        assert_eq!(g[26], s as u32, "thread {t}: madc.hi.s32");
        let lo = (a[3] as u64 * b[3] as u64) as u32 as u64 + (s >> 32);
        assert_eq!(g[27], lo as u32, "thread {t}: madc.lo.u32");
        assert_eq!(g[28], (lo >> 32) as u32, "thread {t}: its carry");
    }
}

const DIRECTED_PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry directed(.param .u64 out, .param .u64 inp)
{
    .reg .b32 %r<2>;
    .reg .f64 %a, %b, %c, %d<16>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd3, %r0, 24;
    add.s64 %rd4, %rd2, %rd3;
    mul.wide.u32 %rd3, %r0, 128;
    add.s64 %rd5, %rd1, %rd3;
    ld.global.f64 %a, [%rd4];
    ld.global.f64 %b, [%rd4+8];
    ld.global.f64 %c, [%rd4+16];
    add.rn.f64 %d0, %a, %c;
    add.rz.f64 %d1, %a, %c;
    add.rm.f64 %d2, %a, %c;
    add.rp.f64 %d3, %a, %c;
    sub.rn.f64 %d4, %a, %c;
    sub.rz.f64 %d5, %a, %c;
    sub.rm.f64 %d6, %a, %c;
    sub.rp.f64 %d7, %a, %c;
    mul.rn.f64 %d8, %a, %b;
    mul.rz.f64 %d9, %a, %b;
    mul.rm.f64 %d10, %a, %b;
    mul.rp.f64 %d11, %a, %b;
    fma.rn.f64 %d12, %a, %b, %c;
    fma.rz.f64 %d13, %a, %b, %c;
    fma.rm.f64 %d14, %a, %b, %c;
    fma.rp.f64 %d15, %a, %b, %c;
    st.global.v2.f64 [%rd5], {%d0, %d1};
    st.global.v2.f64 [%rd5+16], {%d2, %d3};
    st.global.v2.f64 [%rd5+32], {%d4, %d5};
    st.global.v2.f64 [%rd5+48], {%d6, %d7};
    st.global.v2.f64 [%rd5+64], {%d8, %d9};
    st.global.v2.f64 [%rd5+80], {%d10, %d11};
    st.global.v2.f64 [%rd5+96], {%d12, %d13};
    st.global.v2.f64 [%rd5+112], {%d14, %d15};
    ret;
}
"#;

/// `v * 2^-104` rounded to a double toward `mode` ("rn", "rz", "rm", "rp"), for
/// `|v| < 2^120`: the nearest double from the CPU, moved one step when the exact integer
/// says it lies on the wrong side (no subnormals or overflow at this scale).
fn round_i128(v: i128, mode: &str) -> f64 {
    let scale = 2f64.powi(-104);
    let n = v as f64;
    let back = n as i128;
    if back == v || mode == "rn" {
        return n * scale;
    }
    let step = |x: f64, up: bool| {
        if x == 0.0 {
            f64::from_bits(1).copysign(if up { 1.0 } else { -1.0 })
        } else if (x > 0.0) == up {
            f64::from_bits(x.to_bits() + 1)
        } else {
            f64::from_bits(x.to_bits() - 1)
        }
    };
    let (down, up) = if back < v {
        (n, step(n, true))
    } else {
        (step(n, false), n)
    };
    let r = match mode {
        "rm" => down,
        "rp" => up,
        _ if v > 0 => down,
        _ => up,
    };
    r * scale
}

#[test]
fn f64_directed_rounding_matches_an_exact_integer_oracle() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = Library::load_data(DIRECTED_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("directed").unwrap();
    const N: usize = 512;
    let mut rng = Rng(0x1357_9bdf_2468_ace0);
    // a = ma * 2^-52 and b = mb * 2^-52 in [1, 2) (signed), c = mc * 2^(k - 52) with
    // |k| <= 10: every exact result is an integer times 2^-104 below 2^120.
    let mut parts = Vec::new();
    let mut inp = Vec::new();
    for t in 0..N {
        let mut m = || -> i64 {
            let v = (1i64 << 52) | (rng.next() >> 12) as i64;
            let v = if t % 7 == 0 { v & !0xffff } else { v };
            if rng.next() & 1 == 1 {
                -v
            } else {
                v
            }
        };
        let (ma, mb, mc) = (m(), m(), m());
        let kc = (rng.next() % 21) as i32 - 10;
        let kc = if t % 5 == 0 { 0 } else { kc };
        let a = ma as f64 * 2f64.powi(-52);
        let b = mb as f64 * 2f64.powi(-52);
        // c cancels a * b's leading bits now and then.
        let c = if t % 11 == 0 {
            -(a * b)
        } else {
            mc as f64 * 2f64.powi(kc - 52)
        };
        let (mc, kc) = if t % 11 == 0 {
            // a * b lies in [1, 4): c's exponent is 0 or 1.
            let e = (c.abs() >= 2.0) as i32;
            ((c * 2f64.powi(52 - e)) as i64, e)
        } else {
            (mc, kc)
        };
        parts.push((ma as i128, mb as i128, mc as i128, kc));
        inp.extend([a, b, c]);
    }
    let dinp = ctx.htod(&inp).unwrap();
    let dout = ctx.alloc_zeroed::<f64>(N * 16).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, N as u32), dout, dinp).unwrap();
    stream.synchronize().unwrap();
    let got = dout.to_vec().unwrap();
    for (t, &(ma, mb, mc, kc)) in parts.iter().enumerate() {
        let a = ma << 52; // a * 2^104
        let c = mc << (kc + 52);
        let sums = [
            ("add", a + c),
            ("sub", a - c),
            ("mul", ma * mb),
            ("fma", ma * mb + c),
        ];
        for (i, (what, v)) in sums.iter().enumerate() {
            for (j, mode) in ["rn", "rz", "rm", "rp"].iter().enumerate() {
                let want = round_i128(*v, mode);
                let g = got[t * 16 + i * 4 + j];
                assert_eq!(
                    g.to_bits(),
                    want.to_bits(),
                    "thread {t}: {what}.{mode}.f64 of {:?}: got {g:e}, want {want:e}",
                    &inp[3 * t..3 * t + 3]
                );
            }
        }
    }
}

const HALF_ATOMICS_PTX: &str = r#".version 8.0
.target sm_90
.address_size 64

.visible .entry half_atomics(.param .u64 out, .param .u64 inp)
{
    .reg .b16 %h<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<12>;
    .reg .pred %p<2>;
    .shared .align 4 .b8 sh[1024];
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r0, %tid.x;
    // Thread t: its own slots hold x (f16, bf16, f16x2, bf16x2); it adds y to each.
    mul.wide.u32 %rd3, %r0, 24;
    add.s64 %rd4, %rd2, %rd3;
    mul.wide.u32 %rd3, %r0, 64;
    add.s64 %rd5, %rd1, %rd3;
    ld.global.u16 %h0, [%rd4];
    ld.global.u16 %h1, [%rd4+2];
    ld.global.u32 %r1, [%rd4+4];
    ld.global.u32 %r2, [%rd4+8];
    st.global.u16 [%rd5], %h0;
    st.global.u16 [%rd5+2], %h0;
    st.global.u32 [%rd5+4], %r1;
    st.global.u32 [%rd5+8], %r1;
    atom.global.add.noftz.f16 %h2, [%rd5], %h1;
    atom.global.add.noftz.bf16 %h3, [%rd5+2], %h1;
    atom.global.add.noftz.f16x2 %r3, [%rd5+4], %r2;
    red.global.add.noftz.bf16x2 [%rd5+8], %r2;
    st.global.u16 [%rd5+12], %h2;
    st.global.u16 [%rd5+14], %h3;
    st.global.u32 [%rd5+16], %r3;
    // The same in shared memory, copied out.
    mov.u32 %r4, sh;
    mul.lo.u32 %r5, %r0, 8;
    add.u32 %r6, %r4, %r5;
    st.shared.u16 [%r6], %h0;
    st.shared.u16 [%r6+2], %h0;
    st.shared.u32 [%r6+4], %r1;
    red.shared.add.noftz.f16 [%r6], %h1;
    atom.shared.add.noftz.bf16 %h4, [%r6+2], %h1;
    atom.shared.add.noftz.bf16x2 %r7, [%r6+4], %r2;
    ld.shared.u16 %h5, [%r6];
    ld.shared.u16 %h6, [%r6+2];
    ld.shared.u32 %r8, [%r6+4];
    st.global.u16 [%rd5+20], %h5;
    st.global.u16 [%rd5+22], %h6;
    st.global.u32 [%rd5+24], %r8;
    st.global.u16 [%rd5+28], %h4;
    st.global.u32 [%rd5+32], %r7;
    // Every thread adds 1.0 to one f16 and one bf16 in shared and global memory.
    mov.u32 %r9, 0x3c003f80;
    mov.b32 {%h7, _}, %r9;
    red.shared.add.noftz.bf16 [sh+1000], %h7;
    red.global.add.noftz.bf16 [%rd1+16384], %h7;
    mov.b32 {_, %h7}, %r9;
    red.shared.add.noftz.f16 [sh+1002], %h7;
    red.global.add.noftz.f16 [%rd1+16386], %h7;
    bar.sync 0;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 ret;
    ld.shared.u32 %r10, [sh+1000];
    st.global.u32 [%rd1+16388], %r10;
    ret;
}
"#;

#[test]
fn half_precision_atomic_adds_round_to_nearest_even() {
    use half::{bf16, f16};
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = Library::load_data(HALF_ATOMICS_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("half_atomics").unwrap();
    const N: usize = 100;
    let mut rng = Rng(0xfeed_face_dead_beef);
    let half_bits = |rng: &mut Rng| -> u16 {
        // Normal values near 1 and tiny ones (subnormal in f16), either sign; some NaN and
        // infinities.
        let v = rng.next();
        match v % 16 {
            0 => 0x7c00,
            1 => 0x0001 + (v >> 8) as u16 % 0x3ff,
            2 => 0x8000 | (0x0001 + (v >> 8) as u16 % 0x3ff),
            _ => ((v >> 8) as u16 & 0x87ff) | 0x3800,
        }
    };
    let mut inp = vec![0u16; N * 12];
    for t in 0..N {
        for i in 0..6 {
            inp[t * 12 + i] = half_bits(&mut rng);
        }
    }
    let dinp = ctx.htod(&inp).unwrap();
    let dout = ctx.alloc_zeroed::<u16>(8192 + 4).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, N as u32), dout, dinp).unwrap();
    stream.synchronize().unwrap();
    let got = dout.to_vec().unwrap();
    let canon = |nan: bool, bits: u16| if nan { 0x7fff } else { bits };
    let add16 = |x: u16, y: u16| {
        let s = f16::from_bits(x).to_f64() + f16::from_bits(y).to_f64();
        canon(s.is_nan(), f16::from_f64(s).to_bits())
    };
    let addbf = |x: u16, y: u16| {
        let s = bf16::from_bits(x).to_f64() + bf16::from_bits(y).to_f64();
        canon(s.is_nan(), bf16::from_f64(s).to_bits())
    };
    for t in 0..N {
        let i = &inp[t * 12..t * 12 + 12];
        let (x, y) = (i[0], i[1]);
        let (x2, y2) = ([i[2], i[3]], [i[4], i[5]]);
        let g = &got[t * 32..t * 32 + 32];
        assert_eq!(
            g[0],
            add16(x, y),
            "thread {t}: global f16 {x:#06x} + {y:#06x}"
        );
        assert_eq!(
            g[1],
            addbf(x, y),
            "thread {t}: global bf16 {x:#06x} + {y:#06x}"
        );
        assert_eq!(
            g[2..4],
            [add16(x2[0], y2[0]), add16(x2[1], y2[1])],
            "thread {t}: f16x2"
        );
        assert_eq!(
            g[4..6],
            [addbf(x2[0], y2[0]), addbf(x2[1], y2[1])],
            "thread {t}: bf16x2"
        );
        assert_eq!(g[6..10], [x, x, x2[0], x2[1]], "thread {t}: old values");
        assert_eq!(g[10], add16(x, y), "thread {t}: shared f16");
        assert_eq!(g[11], addbf(x, y), "thread {t}: shared bf16");
        assert_eq!(
            g[12..14],
            [addbf(x2[0], y2[0]), addbf(x2[1], y2[1])],
            "thread {t}: shared bf16x2"
        );
        assert_eq!(g[14], x, "thread {t}: shared old bf16");
        assert_eq!(g[16..18], x2, "thread {t}: shared old bf16x2");
    }
    let hundred = |bits: u16, bf: bool| {
        if bf {
            bf16::from_bits(bits).to_f64()
        } else {
            f16::from_bits(bits).to_f64()
        }
    };
    assert_eq!(
        hundred(got[8192], true),
        N as f64,
        "global bf16 sum of ones"
    );
    assert_eq!(
        hundred(got[8193], false),
        N as f64,
        "global f16 sum of ones"
    );
    assert_eq!(
        hundred(got[8194], true),
        N as f64,
        "shared bf16 sum of ones"
    );
    assert_eq!(
        hundred(got[8195], false),
        N as f64,
        "shared f16 sum of ones"
    );
}
