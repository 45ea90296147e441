//! `cuda_fp16.h` and `cuda_bf16.h`'s functions, one table row each: the C name, the
//! signature, and the PTX NVRTC 12.9 emits for it on each architecture (read from its
//! output for a kernel calling the function alone; no header text is copied).
//!
//! A row's PTX is a template, one statement a line: `{d}` is the result register (`{e}` the
//! second one of a `float2`), `{0}`, `{1}`, `{2}` the arguments, `{fN}`, `{rsN}`, `{rN}`,
//! `{pN}` fresh `.f32`, `.b16`, `.b32` and `.pred` registers, `{LN}` fresh labels, `{ftz}`
//! `.ftz` under `-ftz=true`. A line in braces is the headers' inline assembly, written as
//! NVRTC writes it (the simulator, as ptxas, sees through braces that declare nothing); a
//! line ending in `:` places a label; `@%p bra` lines branch.
//!
//! The C++ operators of the headers' classes (`a + b`, `a < b`, `-a`) are these functions
//! ([`operator`]); conversions to and from the arithmetic types are in [`conversion`].

use crate::types::{HalfKind, IntKind, Type};

/// A parameter or result type in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum H {
    /// `float`
    F32,
    /// `double`
    F64,
    /// `int`
    I32,
    /// `unsigned int`
    U32,
    /// `long long`
    I64,
    /// `unsigned long long`
    U64,
    /// `unsigned short` (the bits of a half)
    U16,
    /// `__half`
    F16,
    /// `__nv_bfloat16`
    Bf16,
    /// `__half2`
    F16x2,
    /// `__nv_bfloat162`
    Bf16x2,
    /// `float2`, as two `.f32` registers `{d}` (x) and `{e}` (y)
    Float2,
    /// `bool`, computed as a `.b16` 0 or 1 in `{d}`
    Bool16,
    /// `bool`, computed as a `.b32` 0 or 1 in `{d}`
    Bool32,
}

impl H {
    /// The C++ type of a parameter or result (`None` for `float2`, a struct the caller makes).
    pub fn ty(self) -> Option<Type> {
        Some(match self {
            H::F32 => Type::Float,
            H::F64 => Type::Double,
            H::I32 => Type::Int(IntKind::Int),
            H::U32 => Type::Int(IntKind::UInt),
            H::I64 => Type::Int(IntKind::LongLong),
            H::U64 => Type::Int(IntKind::ULongLong),
            H::U16 => Type::Int(IntKind::UShort),
            H::F16 => Type::Half(HalfKind::F16),
            H::Bf16 => Type::Half(HalfKind::Bf16),
            H::F16x2 => Type::Half2(HalfKind::F16),
            H::Bf16x2 => Type::Half2(HalfKind::Bf16),
            H::Bool16 | H::Bool32 => Type::Bool,
            H::Float2 => return None,
        })
    }
}

/// One function of the headers.
#[derive(Debug, Clone, Copy)]
pub struct HalfFn {
    /// The C name (overloaded on `__half` and `__nv_bfloat16` by rows of one name).
    pub name: &'static str,
    /// Parameter types.
    pub params: &'static [H],
    /// Result type.
    pub ret: H,
    /// `(lowest architecture, PTX)`, the newest first: the first whose architecture the
    /// target reaches is used; an older target is refused by name.
    pub forms: &'static [(u32, &'static str)],
}

const fn f(
    name: &'static str,
    params: &'static [H],
    ret: H,
    forms: &'static [(u32, &'static str)],
) -> HalfFn {
    HalfFn {
        name,
        params,
        ret,
        forms,
    }
}

use H::*;

// Shared bodies: bfloat16's division (the quotient of the floats, scaled where the divisor
// is huge) and half's (a reciprocal, refined where the result is a tiny subnormal).
const HDIV_F16: &str = "{  cvt.f32.f16 {f1}, {0};}
{  cvt.f32.f16 {f2}, {1};}
{rcp.approx.ftz.f32 {f3}, {f2};}
mul{ftz}.f32 {f4}, {f1}, {f3};
{  cvt.rn.f16.f32 {d}, {f4};}
{abs.f16 {rs1},{d};}
mov.u16 {rs2}, 143;
{ .reg .pred __$temp3; setp.lt.f16  __$temp3, {rs1}, {rs2}; selp.u16 {rs3}, 1, 0, __$temp3;}
setp.eq.s16 {p1}, {rs3}, 0;
@{p1} bra {L1};
mov.f32 {f5}, 0f00000000;
{  cvt.rn.f16.f32 {rs4}, {f5};}
{ .reg .pred __$temp3; setp.lt.f16  __$temp3, {rs4}, {rs1}; selp.u16 {rs5}, 1, 0, __$temp3;}
setp.eq.s16 {p2}, {rs5}, 0;
@{p2} bra {L1};
neg{ftz}.f32 {f6}, {f2};
fma.rn{ftz}.f32 {f7}, {f6}, {f4}, {f1};
fma.rn{ftz}.f32 {f8}, {f3}, {f7}, {f4};
{  cvt.rn.f16.f32 {d}, {f8};}
{L1}:";

// Before sm_53 the same, with the headers' float forms of __habs and `<`.
const HDIV_F16_52: &str = "{  cvt.f32.f16 {f1}, {0};}
{  cvt.f32.f16 {f2}, {1};}
{rcp.approx.ftz.f32 {f3}, {f2};}
mul{ftz}.f32 {f4}, {f1}, {f3};
{  cvt.rn.f16.f32 {d}, {f4};}
and.b16 {rs1}, {d}, 32767;
setp.gt.u16 {p1}, {rs1}, 31744;
selp.b16 {rs2}, 32767, {rs1}, {p1};
{  cvt.f32.f16 {f5}, {rs2};}
mov.u16 {rs3}, 143;
{  cvt.f32.f16 {f6}, {rs3};}
setp.geu{ftz}.f32 {p2}, {f5}, {f6};
@{p2} bra {L1};
mov.f32 {f7}, 0f00000000;
{  cvt.rn.f16.f32 {rs4}, {f7};}
{  cvt.f32.f16 {f8}, {rs4};}
{  cvt.f32.f16 {f9}, {rs2};}
setp.geu{ftz}.f32 {p3}, {f8}, {f9};
@{p3} bra {L1};
neg{ftz}.f32 {f10}, {f2};
fma.rn{ftz}.f32 {f11}, {f10}, {f4}, {f1};
fma.rn{ftz}.f32 {f12}, {f3}, {f11}, {f4};
{  cvt.rn.f16.f32 {d}, {f12};}
{L1}:";

// The scaling back of a huge divisor's quotient is an `fma` NVRTC writes without `.ftz`
// even under fast math (the other float operations take it).
const HDIV_BF16_90: &str = "{ cvt.f32.bf16 {f1}, {0};}
{ cvt.f32.bf16 {f2}, {1};}
abs{ftz}.f32 {f3}, {f2};
setp.ltu{ftz}.f32 {p1}, {f3}, 0f7E800000;
setp.ge{ftz}.f32 {p2}, {f3}, 0f7E800000;
mul{ftz}.f32 {f4}, {f2}, 0f3E800000;
selp.f32 {f5}, {f4}, {f2}, {p2};
{ div.approx.f32 {f6}, {f1}, {f5}; }
@{p1} bra {L1};
mov.f32 {f7}, 0f80000000;
mov.f32 {f8}, 0f3E800000;
fma.rn.f32 {f6}, {f6}, {f8}, {f7};
{L1}:
{  cvt.rn.bf16.f32 {d}, {f6};}";

const HDIV_BF16_80: &str = "{ mov.b32 {f1}, {0,{0}};}
{ mov.b32 {f2}, {0,{1}};}
abs{ftz}.f32 {f3}, {f2};
setp.ltu{ftz}.f32 {p1}, {f3}, 0f7E800000;
setp.ge{ftz}.f32 {p2}, {f3}, 0f7E800000;
mul{ftz}.f32 {f4}, {f2}, 0f3E800000;
selp.f32 {f5}, {f4}, {f2}, {p2};
{ div.approx.f32 {f6}, {f1}, {f5}; }
@{p1} bra {L1};
mov.f32 {f7}, 0f80000000;
mov.f32 {f8}, 0f3E800000;
fma.rn.f32 {f6}, {f6}, {f8}, {f7};
{L1}:
{  cvt.rn.bf16.f32 {d}, {f6};}";

// An integer (`{T}`: s32, u64, ...) rounded to float toward zero with a sticky bit where it
// is inexact, so that rounding that float to bfloat16 rounds the integer once (sm_80 has no
// cvt.bf16.s32).
const INT2BF16_80: &str = "cvt.rp.f32.{T} {f1}, {0};
cvt.rm.f32.{T} {f2}, {0};
cvt.rz.f32.{T} {f3}, {0};
setp.neu{ftz}.f32 {p1}, {f1}, {f2};
mov.b32 {r1}, {f3};
or.b32 {r2}, {r1}, 1;
mov.b32 {f4}, {r2};
selp.f32 {f5}, {f4}, {f3}, {p1};
{  cvt.rn.bf16.f32 {d}, {f5};}";

/// Every function of the headers the built-in compiler has. Rows of one name overload it
/// (`__hadd` on `__half` and on `__nv_bfloat16`); the one whose parameters the arguments
/// have is used.
pub const HALF_FNS: &[HalfFn] = &[
    // conversions
    f("__float2half", &[F32], F16, &[(50, "{  cvt.rn.f16.f32 {d}, {0};}")]),
    f("__float2half_rn", &[F32], F16, &[(50, "{  cvt.rn.f16.f32 {d}, {0};}")]),
    f("__float2half_rz", &[F32], F16, &[(50, "{  cvt.rz.f16.f32 {d}, {0};}")]),
    f("__double2half", &[F64], F16, &[(50, "{  cvt.rn.f16.f64 {d}, {0};}")]),
    f("__half2float", &[F16], F32, &[(50, "{  cvt.f32.f16 {d}, {0};}")]),
    // the integer conversions, each rounding (`_rn` nearest even, `_rz`, `_rd`, `_ru`)
    f("__half2int_rn", &[F16], I32, &[(50, "cvt.rni.s32.f16 {d}, {0};")]),
    f("__int2half_rn", &[I32], F16, &[(50, "cvt.rn.f16.s32 {d}, {0};")]),
    f("__half2int_rz", &[F16], I32, &[(50, "cvt.rzi.s32.f16 {d}, {0};")]),
    f("__int2half_rz", &[I32], F16, &[(50, "cvt.rz.f16.s32 {d}, {0};")]),
    f("__half2int_rd", &[F16], I32, &[(50, "cvt.rmi.s32.f16 {d}, {0};")]),
    f("__int2half_rd", &[I32], F16, &[(50, "cvt.rm.f16.s32 {d}, {0};")]),
    f("__half2int_ru", &[F16], I32, &[(50, "cvt.rpi.s32.f16 {d}, {0};")]),
    f("__int2half_ru", &[I32], F16, &[(50, "cvt.rp.f16.s32 {d}, {0};")]),
    f("__half2uint_rn", &[F16], U32, &[(50, "cvt.rni.u32.f16 {d}, {0};")]),
    f("__uint2half_rn", &[U32], F16, &[(50, "cvt.rn.f16.u32 {d}, {0};")]),
    f("__half2uint_rz", &[F16], U32, &[(50, "cvt.rzi.u32.f16 {d}, {0};")]),
    f("__uint2half_rz", &[U32], F16, &[(50, "cvt.rz.f16.u32 {d}, {0};")]),
    f("__half2uint_rd", &[F16], U32, &[(50, "cvt.rmi.u32.f16 {d}, {0};")]),
    f("__uint2half_rd", &[U32], F16, &[(50, "cvt.rm.f16.u32 {d}, {0};")]),
    f("__half2uint_ru", &[F16], U32, &[(50, "cvt.rpi.u32.f16 {d}, {0};")]),
    f("__uint2half_ru", &[U32], F16, &[(50, "cvt.rp.f16.u32 {d}, {0};")]),
    f("__half2ll_rn", &[F16], I64, &[(50, "cvt.rni.s64.f16 {d}, {0};")]),
    f("__ll2half_rn", &[I64], F16, &[(50, "cvt.rn.f16.s64 {d}, {0};")]),
    f("__half2ll_rz", &[F16], I64, &[(50, "cvt.rzi.s64.f16 {d}, {0};")]),
    f("__ll2half_rz", &[I64], F16, &[(50, "cvt.rz.f16.s64 {d}, {0};")]),
    f("__half2ll_rd", &[F16], I64, &[(50, "cvt.rmi.s64.f16 {d}, {0};")]),
    f("__ll2half_rd", &[I64], F16, &[(50, "cvt.rm.f16.s64 {d}, {0};")]),
    f("__half2ll_ru", &[F16], I64, &[(50, "cvt.rpi.s64.f16 {d}, {0};")]),
    f("__ll2half_ru", &[I64], F16, &[(50, "cvt.rp.f16.s64 {d}, {0};")]),
    f("__half2ull_rn", &[F16], U64, &[(50, "cvt.rni.u64.f16 {d}, {0};")]),
    f("__ull2half_rn", &[U64], F16, &[(50, "cvt.rn.f16.u64 {d}, {0};")]),
    f("__half2ull_rz", &[F16], U64, &[(50, "cvt.rzi.u64.f16 {d}, {0};")]),
    f("__ull2half_rz", &[U64], F16, &[(50, "cvt.rz.f16.u64 {d}, {0};")]),
    f("__half2ull_rd", &[F16], U64, &[(50, "cvt.rmi.u64.f16 {d}, {0};")]),
    f("__ull2half_rd", &[U64], F16, &[(50, "cvt.rm.f16.u64 {d}, {0};")]),
    f("__half2ull_ru", &[F16], U64, &[(50, "cvt.rpi.u64.f16 {d}, {0};")]),
    f("__ull2half_ru", &[U64], F16, &[(50, "cvt.rp.f16.u64 {d}, {0};")]),
    f("__half_as_ushort", &[F16], U16, &[(50, "mov.b16 {d}, {0};")]),
    f("__ushort_as_half", &[U16], F16, &[(50, "mov.b16 {d}, {0};")]),
    f("__float2bfloat16", &[F32], Bf16, &[(80, "{  cvt.rn.bf16.f32 {d}, {0};}")]),
    f("__float2bfloat16_rn", &[F32], Bf16, &[(80, "{  cvt.rn.bf16.f32 {d}, {0};}")]),
    f("__bfloat162float", &[Bf16], F32, &[(90, "{ cvt.f32.bf16 {d}, {0};}"), (80, "{ mov.b32 {d}, {0,{0}};}")]),
    f("__bfloat162int_rn", &[Bf16], I32, &[(90, "{  cvt.rni.s32.bf16 {d}, {0};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\ncvt.rni{ftz}.s32.f32 {d}, {f1};")]),
    f("__int2bfloat16_rn", &[I32], Bf16, &[(90, "cvt.rn.bf16.s32 {d}, {0};"), (80, INT2BF16_S32)]),
    f("__bfloat16_as_ushort", &[Bf16], U16, &[(80, "mov.b16 {d}, {0};")]),
    f("__ushort_as_bfloat16", &[U16], Bf16, &[(80, "mov.b16 {d}, {0};")]),
    // pairs
    f("__floats2half2_rn", &[F32, F32], F16x2, &[(80, "{ cvt.rn.f16x2.f32 {d}, {1}, {0}; }"), (50, "{.reg .f16 low,high; cvt.rn.f16.f32 low, {0}; cvt.rn.f16.f32 high, {1}; mov.b32 {d}, {low,high};}")]),
    f("__float2half2_rn", &[F32], F16x2, &[(50, "{.reg .f16 low; cvt.rn.f16.f32 low, {0}; mov.b32 {d}, {low,low};}")]),
    f("__half2half2", &[F16], F16x2, &[(50, "{  mov.b32 {d}, {{0},{0}};}")]),
    f("__halves2half2", &[F16, F16], F16x2, &[(50, "{  mov.b32 {d}, {{0},{1}};}")]),
    f("make_half2", &[F16, F16], F16x2, &[(50, "{  mov.b32 {d}, {{0},{1}};}")]),
    f("__low2half", &[F16x2], F16, &[(50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {d}, low;}")]),
    f("__high2half", &[F16x2], F16, &[(50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {d}, high;}")]),
    f("__low2float", &[F16x2], F32, &[(50, "{.reg .f16 low,high; mov.b32 {low,high},{0}; cvt.f32.f16 {d}, low;}")]),
    f("__high2float", &[F16x2], F32, &[(50, "{.reg .f16 low,high; mov.b32 {low,high},{0}; cvt.f32.f16 {d}, high;}")]),
    f("__half22float2", &[F16x2], Float2, &[(50, "{.reg .f16 low,high; mov.b32 {low,high},{0}; cvt.f32.f16 {e}, high;}\n{.reg .f16 low,high; mov.b32 {low,high},{0}; cvt.f32.f16 {d}, low;}")]),
    f("__lows2half2", &[F16x2, F16x2], F16x2, &[(50, "{.reg .f16 alow,ahigh,blow,bhigh; mov.b32 {alow,ahigh}, {0}; mov.b32 {blow,bhigh}, {1}; mov.b32 {d}, {alow,blow};}")]),
    f("__highs2half2", &[F16x2, F16x2], F16x2, &[(50, "{.reg .f16 alow,ahigh,blow,bhigh; mov.b32 {alow,ahigh}, {0}; mov.b32 {blow,bhigh}, {1}; mov.b32 {d}, {ahigh,bhigh};}")]),
    f("__floats2bfloat162_rn", &[F32, F32], Bf16x2, &[(80, "{ cvt.rn.bf16x2.f32 {d}, {1}, {0};}")]),
    f("__float2bfloat162_rn", &[F32], Bf16x2, &[(80, "{.reg .b16 low; cvt.rn.bf16.f32 low, {0}; mov.b32 {d}, {low,low};}")]),
    f("__bfloat162bfloat162", &[Bf16], Bf16x2, &[(80, "{  mov.b32 {d}, {{0},{0}};}")]),
    f("__halves2bfloat162", &[Bf16, Bf16], Bf16x2, &[(80, "{  mov.b32 {d}, {{0},{1}};}")]),
    f("make_bfloat162", &[Bf16, Bf16], Bf16x2, &[(80, "{  mov.b32 {d}, {{0},{1}};}")]),
    f("__low2bfloat16", &[Bf16x2], Bf16, &[(80, "{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {d}, low;}")]),
    f("__high2bfloat16", &[Bf16x2], Bf16, &[(80, "{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {d}, high;}")]),
    f("__bfloat1622float2", &[Bf16x2], Float2, &[
        (90, "{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{ cvt.f32.bf16 {e}, {rs2};}\n{ cvt.f32.bf16 {d}, {rs1};}"),
        (80, "{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .b16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{ mov.b32 {e}, {0,{rs2}};}\n{ mov.b32 {d}, {0,{rs1}};}"),
    ]),
    // half arithmetic (before sm_53, and max/min before sm_80, computed in float)
    f("__hadd", &[F16, F16], F16, &[(53, "{add.f16 {d},{0},{1};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nadd{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.rn.f16.f32 {d}, {f3};}")]),
    f("__hsub", &[F16, F16], F16, &[(53, "{sub.f16 {d},{0},{1};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsub{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.rn.f16.f32 {d}, {f3};}")]),
    f("__hmul", &[F16, F16], F16, &[(53, "{mul.f16 {d},{0},{1};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nmul{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.rn.f16.f32 {d}, {f3};}")]),
    f("__hadd_sat", &[F16, F16], F16, &[(53, "{add.sat.f16 {d},{0},{1};}")]),
    f("__hsub_sat", &[F16, F16], F16, &[(53, "{sub.sat.f16 {d},{0},{1};}")]),
    f("__hmul_sat", &[F16, F16], F16, &[(53, "{mul.sat.f16 {d},{0},{1};}")]),
    f("__hadd_rn", &[F16, F16], F16, &[(53, "{add.rn.f16 {d},{0},{1};}")]),
    f("__hsub_rn", &[F16, F16], F16, &[(53, "{sub.rn.f16 {d},{0},{1};}")]),
    f("__hmul_rn", &[F16, F16], F16, &[(53, "{mul.rn.f16 {d},{0},{1};}")]),
    f("__hfma", &[F16, F16, F16], F16, &[(53, "{fma.rn.f16 {d},{0},{1},{2};}")]),
    f("__hfma_sat", &[F16, F16, F16], F16, &[(53, "{fma.rn.sat.f16 {d},{0},{1},{2};}")]),
    f("__hdiv", &[F16, F16], F16, &[(53, HDIV_F16), (50, HDIV_F16_52)]),
    f("__hneg", &[F16], F16, &[(53, "{neg.f16 {d},{0};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\nneg{ftz}.f32 {f2}, {f1};\n{  cvt.rn.f16.f32 {d}, {f2};}")]),
    f("__habs", &[F16], F16, &[(53, "{abs.f16 {d},{0};}"), (50, "and.b16 {rs1}, {0}, 32767;\nsetp.gt.u16 {p1}, {rs1}, 31744;\nselp.b16 {d}, 32767, {rs1}, {p1};")]),
    f("__hmax", &[F16, F16], F16, &[(80, "{max.f16 {d},{0},{1};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\n{max.f32 {f3},{f1},{f2};}\n{  cvt.rn.f16.f32 {d}, {f3};}")]),
    f("__hmin", &[F16, F16], F16, &[(80, "{min.f16 {d},{0},{1};}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\n{min.f32 {f3},{f1},{f2};}\n{  cvt.rn.f16.f32 {d}, {f3};}")]),
    f("__hadd2", &[F16x2, F16x2], F16x2, &[(53, "{add.f16x2 {d},{0},{1};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs3}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs4}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\n{  cvt.f32.f16 {f2}, {rs3};}\nadd{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.f32.f16 {f4}, {rs2};}\n{  cvt.f32.f16 {f5}, {rs4};}\nadd{ftz}.f32 {f6}, {f4}, {f5};\n{  cvt.rn.f16.f32 {rs6}, {f6};}\n{  cvt.rn.f16.f32 {rs5}, {f3};}\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    f("__hsub2", &[F16x2, F16x2], F16x2, &[(53, "{sub.f16x2 {d},{0},{1};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs3}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs4}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\n{  cvt.f32.f16 {f2}, {rs3};}\nsub{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.f32.f16 {f4}, {rs2};}\n{  cvt.f32.f16 {f5}, {rs4};}\nsub{ftz}.f32 {f6}, {f4}, {f5};\n{  cvt.rn.f16.f32 {rs6}, {f6};}\n{  cvt.rn.f16.f32 {rs5}, {f3};}\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    f("__hmul2", &[F16x2, F16x2], F16x2, &[(53, "{mul.f16x2 {d},{0},{1};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs3}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs4}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\n{  cvt.f32.f16 {f2}, {rs3};}\nmul{ftz}.f32 {f3}, {f1}, {f2};\n{  cvt.f32.f16 {f4}, {rs2};}\n{  cvt.f32.f16 {f5}, {rs4};}\nmul{ftz}.f32 {f6}, {f4}, {f5};\n{  cvt.rn.f16.f32 {rs6}, {f6};}\n{  cvt.rn.f16.f32 {rs5}, {f3};}\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    f("__hadd2_sat", &[F16x2, F16x2], F16x2, &[(53, "{add.sat.f16x2 {d},{0},{1};}")]),
    f("__hmul2_sat", &[F16x2, F16x2], F16x2, &[(53, "{mul.sat.f16x2 {d},{0},{1};}")]),
    f("__hfma2", &[F16x2, F16x2, F16x2], F16x2, &[(53, "{fma.rn.f16x2 {d},{0},{1},{2};}")]),
    f("__hfma2_sat", &[F16x2, F16x2, F16x2], F16x2, &[(53, "{fma.rn.sat.f16x2 {d},{0},{1},{2};}")]),
    f("__hneg2", &[F16x2], F16x2, &[(53, "{neg.f16x2 {d},{0};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\nneg{ftz}.f32 {f2}, {f1};\n{  cvt.f32.f16 {f3}, {rs2};}\nneg{ftz}.f32 {f4}, {f3};\n{  cvt.rn.f16.f32 {rs4}, {f4};}\n{  cvt.rn.f16.f32 {rs3}, {f2};}\n{  mov.b32 {d}, {{rs3},{rs4}};}")]),
    f("__habs2", &[F16x2], F16x2, &[(53, "{abs.f16x2 {d},{0};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\nand.b16 {rs3}, {rs2}, 32767;\nsetp.gt.u16 {p1}, {rs3}, 31744;\nand.b16 {rs4}, {rs1}, 32767;\nsetp.gt.u16 {p2}, {rs4}, 31744;\nselp.b16 {rs5}, 32767, {rs4}, {p2};\nselp.b16 {rs6}, 32767, {rs3}, {p1};\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    f("__hmax2", &[F16x2, F16x2], F16x2, &[(80, "{max.f16x2 {d},{0},{1};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs3}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs4}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\n{  cvt.f32.f16 {f2}, {rs3};}\n{max.f32 {f3},{f1},{f2};}\n{  cvt.f32.f16 {f4}, {rs2};}\n{  cvt.f32.f16 {f5}, {rs4};}\n{max.f32 {f6},{f4},{f5};}\n{  cvt.rn.f16.f32 {rs6}, {f6};}\n{  cvt.rn.f16.f32 {rs5}, {f3};}\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    f("__hmin2", &[F16x2, F16x2], F16x2, &[(80, "{min.f16x2 {d},{0},{1};}"), (50, "{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs1}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {0}; mov.b16 {rs2}, high;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs3}, low;}\n{.reg .f16 low,high; mov.b32 {low,high}, {1}; mov.b16 {rs4}, high;}\n{  cvt.f32.f16 {f1}, {rs1};}\n{  cvt.f32.f16 {f2}, {rs3};}\n{min.f32 {f3},{f1},{f2};}\n{  cvt.f32.f16 {f4}, {rs2};}\n{  cvt.f32.f16 {f5}, {rs4};}\n{min.f32 {f6},{f4},{f5};}\n{  cvt.rn.f16.f32 {rs6}, {f6};}\n{  cvt.rn.f16.f32 {rs5}, {f3};}\n{  mov.b32 {d}, {{rs5},{rs6}};}")]),
    // half comparisons
    f("__heq", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.eq.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.eq{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hne", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.ne.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hneu", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.neu.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.neu{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hlt", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.lt.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.lt{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hle", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.le.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.le{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hgt", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.gt.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.gt{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hge", &[F16, F16], Bool16, &[(53, "{ .reg .pred __$temp3; setp.ge.f16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}"), (50, "{  cvt.f32.f16 {f1}, {0};}\n{  cvt.f32.f16 {f2}, {1};}\nsetp.ge{ftz}.f32 {p1}, {f1}, {f2};\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hisnan", &[F16], Bool16, &[(53, "{set.nan.f16.f16 {d},{0},{0};}"), (50, "and.b16 {rs1}, {0}, 32767;\nsetp.gt.u16 {p1}, {rs1}, 31744;\nselp.u16 {d}, 1, 0, {p1};")]),
    // pair comparisons: per lane (1.0 or 0.0), or both lanes (`__hb...2`, a bool)
    f("__heq2", &[F16x2, F16x2], F16x2, &[(53, "{ set.eq.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbeq2", &[F16x2, F16x2], Bool16, &[(53, "{ set.eq.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hne2", &[F16x2, F16x2], F16x2, &[(53, "{ set.ne.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbne2", &[F16x2, F16x2], Bool16, &[(53, "{ set.ne.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hlt2", &[F16x2, F16x2], F16x2, &[(53, "{ set.lt.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hblt2", &[F16x2, F16x2], Bool16, &[(53, "{ set.lt.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hle2", &[F16x2, F16x2], F16x2, &[(53, "{ set.le.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hble2", &[F16x2, F16x2], Bool16, &[(53, "{ set.le.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hgt2", &[F16x2, F16x2], F16x2, &[(53, "{ set.gt.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbgt2", &[F16x2, F16x2], Bool16, &[(53, "{ set.gt.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hge2", &[F16x2, F16x2], F16x2, &[(53, "{ set.ge.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbge2", &[F16x2, F16x2], Bool16, &[(53, "{ set.ge.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hequ2", &[F16x2, F16x2], F16x2, &[(53, "{ set.equ.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbequ2", &[F16x2, F16x2], Bool16, &[(53, "{ set.equ.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hneu2", &[F16x2, F16x2], F16x2, &[(53, "{ set.neu.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbneu2", &[F16x2, F16x2], Bool16, &[(53, "{ set.neu.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hltu2", &[F16x2, F16x2], F16x2, &[(53, "{ set.ltu.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbltu2", &[F16x2, F16x2], Bool16, &[(53, "{ set.ltu.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hleu2", &[F16x2, F16x2], F16x2, &[(53, "{ set.leu.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbleu2", &[F16x2, F16x2], Bool16, &[(53, "{ set.leu.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hgtu2", &[F16x2, F16x2], F16x2, &[(53, "{ set.gtu.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbgtu2", &[F16x2, F16x2], Bool16, &[(53, "{ set.gtu.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    f("__hgeu2", &[F16x2, F16x2], F16x2, &[(53, "{ set.geu.f16x2.f16x2 {d},{0},{1};}")]),
    f("__hbgeu2", &[F16x2, F16x2], Bool16, &[(53, "{ set.geu.u32.f16x2 {r1},{0},{1};}\nsetp.eq.s32 {p1}, {r1}, -1;\nselp.u16 {d}, 1, 0, {p1};")]),
    // half math (the fast approximations, with the headers' corrections of single inputs)
    f("hsqrt", &[F16], F16, &[(50, "{.reg.b32 f; .reg.b16 r; mov.b16 r,{0}; cvt.f32.f16 f,r; sqrt.approx.ftz.f32 f,f; cvt.rn.f16.f32 r,f; mov.b16 {d},r;}")]),
    f("hrsqrt", &[F16], F16, &[(50, "{.reg.b32 f; .reg.b16 r; mov.b16 r,{0}; cvt.f32.f16 f,r; rsqrt.approx.ftz.f32 f,f; cvt.rn.f16.f32 r,f; mov.b16 {d},r;}")]),
    f("hrcp", &[F16], F16, &[(50, "{.reg.b32 f; .reg.b16 r; mov.b16 r,{0}; cvt.f32.f16 f,r; rcp.approx.ftz.f32 f,f; cvt.rn.f16.f32 r,f; mov.b16 {d},r;}")]),
    f("hexp", &[F16], F16, &[(53, "{.reg.b32 f, C, nZ; .reg.b16 h,r; mov.b16 h,{0}; cvt.f32.f16 f,h; mov.b32 C, 0x3fb8aa3bU; mov.b32 nZ, 0x80000000U; fma.rn.f32 f,f,C,nZ; ex2.approx.ftz.f32 f,f; cvt.rn.f16.f32 r,f; {.reg.b16 spc, ulp, p; mov.b16 spc,0X1F79U; mov.b16 ulp,0x9400U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0X25CFU; mov.b16 ulp,0x9400U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0XC13BU; mov.b16 ulp,0x0400U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0XC1EFU; mov.b16 ulp,0x0200U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} mov.b16 {d},r;}")]),
    f("hlog", &[F16], F16, &[(53, "{.reg.b32 f, C; .reg.b16 r,h; mov.b16 h,{0}; cvt.f32.f16 f,h; lg2.approx.ftz.f32 f,f; mov.b32 C, 0x3f317218U; mul.f32 f,f,C; cvt.rn.f16.f32 r,f; {.reg.b16 spc, ulp, p; mov.b16 spc,0X160DU; mov.b16 ulp,0x9C00U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0X3BFEU; mov.b16 ulp,0x8010U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0X3C0BU; mov.b16 ulp,0x8080U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} {.reg.b16 spc, ulp, p; mov.b16 spc,0X6051U; mov.b16 ulp,0x1C00U; set.eq.f16.f16 p,h, spc; fma.rn.f16 r,p,ulp,r;} mov.b16 {d},r;}")]),
    f("h2sqrt", &[F16x2], F16x2, &[(50, "{.reg.b16 hl, hu; .reg.b32 fl, fu; mov.b32 {hl, hu}, {0}; cvt.f32.f16 fl, hl; cvt.f32.f16 fu, hu; sqrt.approx.ftz.f32 fl, fl; sqrt.approx.ftz.f32 fu, fu; cvt.rn.f16.f32 hl, fl; cvt.rn.f16.f32 hu, fu; mov.b32 {d}, {hl, hu};}")]),
    // bfloat16 arithmetic: sm_90 has add/sub/mul.bf16; sm_80 writes them as fma.rn.bf16
    f("__hadd", &[Bf16, Bf16], Bf16, &[(90, "{ add.bf16 {d},{0},{1}; }"), (80, "{.reg .b16 c; mov.b16 c, 0x3f80U; fma.rn.bf16 {d},{0},c,{1};}")]),
    f("__hsub", &[Bf16, Bf16], Bf16, &[(90, "{ sub.bf16 {d},{0},{1}; }"), (80, "{.reg .b16 c; mov.b16 c, 0xbf80U; fma.rn.bf16 {d},{1},c,{0};}")]),
    f("__hmul", &[Bf16, Bf16], Bf16, &[(90, "{ mul.bf16 {d},{0},{1}; }"), (80, "{.reg .b16 c; mov.b16 c, 0x8000U; fma.rn.bf16 {d},{0},{1},c;}")]),
    f("__hfma", &[Bf16, Bf16, Bf16], Bf16, &[(80, "{fma.rn.bf16 {d},{0},{1},{2};}")]),
    f("__hdiv", &[Bf16, Bf16], Bf16, &[(90, HDIV_BF16_90), (80, HDIV_BF16_80)]),
    f("__hneg", &[Bf16], Bf16, &[(80, "{neg.bf16 {d},{0};}")]),
    f("__habs", &[Bf16], Bf16, &[(80, "{abs.bf16 {d},{0};}")]),
    f("__hmax", &[Bf16, Bf16], Bf16, &[(80, "{ max.bf16 {d},{0},{1};}")]),
    f("__hmin", &[Bf16, Bf16], Bf16, &[(80, "{ min.bf16 {d},{0},{1};}")]),
    f("__hadd2", &[Bf16x2, Bf16x2], Bf16x2, &[(90, "{ add.bf16x2 {d},{0},{1}; }"), (80, "{.reg .b32 c; mov.b32 c, 0x3f803f80U; fma.rn.bf16x2 {d},{0},c,{1};}")]),
    f("__hsub2", &[Bf16x2, Bf16x2], Bf16x2, &[(90, "{ sub.bf16x2 {d},{0},{1}; }"), (80, "{.reg .b32 c; mov.b32 c, 0xbf80bf80U; fma.rn.bf16x2 {d},{1},c,{0};}")]),
    f("__hmul2", &[Bf16x2, Bf16x2], Bf16x2, &[(90, "{ mul.bf16x2 {d},{0},{1}; }"), (80, "{.reg .b32 c; mov.b32 c, 0x80008000U; fma.rn.bf16x2 {d},{0},{1},c;}")]),
    f("__hfma2", &[Bf16x2, Bf16x2, Bf16x2], Bf16x2, &[(80, "{fma.rn.bf16x2 {d},{0},{1},{2};}")]),
    f("__hneg2", &[Bf16x2], Bf16x2, &[(80, "{neg.bf16x2 {d},{0};}")]),
    f("__hmax2", &[Bf16x2, Bf16x2], Bf16x2, &[(80, "{ max.bf16x2 {d},{0},{1};}")]),
    f("__hmin2", &[Bf16x2, Bf16x2], Bf16x2, &[(80, "{ min.bf16x2 {d},{0},{1};}")]),
    // bfloat16 math: the float approximations of its value
    f("hsqrt", &[Bf16], Bf16, &[(90, "{ cvt.f32.bf16 {f1}, {0};}\n{ sqrt.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\n{ sqrt.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}")]),
    f("hrsqrt", &[Bf16], Bf16, &[(90, "{ cvt.f32.bf16 {f1}, {0};}\n{ rsqrt.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\n{ rsqrt.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}")]),
    f("hrcp", &[Bf16], Bf16, &[(90, "{ cvt.f32.bf16 {f1}, {0};}\n{ rcp.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\n{ rcp.approx.f32 {f1}, {f1}; }\n{  cvt.rn.bf16.f32 {d}, {f1};}")]),
    f("hexp", &[Bf16], Bf16, &[(90, "{ cvt.f32.bf16 {f1}, {0};}\nmul{ftz}.f32 {f2}, {f1}, 0f3FB8AA3C;\n{ ex2.approx.f32 {f2}, {f2}; }\n{  cvt.rn.bf16.f32 {d}, {f2};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\nmul{ftz}.f32 {f2}, {f1}, 0f3FB8AA3C;\n{ ex2.approx.f32 {f2}, {f2}; }\n{  cvt.rn.bf16.f32 {d}, {f2};}")]),
    f("hlog", &[Bf16], Bf16, &[(90, "{ cvt.f32.bf16 {f1}, {0};}\n{ lg2.approx.f32 {f1}, {f1}; }\nmul{ftz}.f32 {f2}, {f1}, 0f3F317218;\n{  cvt.rn.bf16.f32 {d}, {f2};}"), (80, "{ mov.b32 {f1}, {0,{0}};}\n{ lg2.approx.f32 {f1}, {f1}; }\nmul{ftz}.f32 {f2}, {f1}, 0f3F317218;\n{  cvt.rn.bf16.f32 {d}, {f2};}")]),
    // bfloat16 comparisons: sm_80 compares the floats
    f("__heq", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.eq.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__heq", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.eq.f32.f32 {d}, a, b;}")]),
    f("__hne", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.ne.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hne", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.ne.f32.f32 {d}, a, b;}")]),
    f("__hneu", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.neu.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hneu", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.neu.f32.f32 {d}, a, b;}")]),
    f("__hlt", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.lt.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hlt", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.lt.f32.f32 {d}, a, b;}")]),
    f("__hle", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.le.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hle", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.le.f32.f32 {d}, a, b;}")]),
    f("__hgt", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.gt.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hgt", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.gt.f32.f32 {d}, a, b;}")]),
    f("__hge", &[Bf16, Bf16], Bool16, &[(90, "{ .reg .pred __$temp3; setp.ge.bf16  __$temp3, {0}, {1}; selp.u16 {d}, 1, 0, __$temp3;}")]),
    f("__hge", &[Bf16, Bf16], Bool32, &[(80, "{.reg .b32 a,b; mov.b32 a, {0, {0}}; mov.b32 b, {0, {1}}; set.ge.f32.f32 {d}, a, b;}")]),
    f("__hisnan", &[Bf16], Bool16, &[(90, "{set.nan.bf16.bf16 {d},{0},{0};}")]),
    f("__hisnan", &[Bf16], Bool32, &[(80, "{.reg .b32 a; mov.b32 a, {0,{0}}; set.nan.f32.f32 {d}, a, a;}")]),
];

const INT2BF16_S32: &str = "cvt.rp.f32.s32 {f1}, {0};
cvt.rm.f32.s32 {f2}, {0};
cvt.rz.f32.s32 {f3}, {0};
setp.neu{ftz}.f32 {p1}, {f1}, {f2};
mov.b32 {r1}, {f3};
or.b32 {r2}, {r1}, 1;
mov.b32 {f4}, {r2};
selp.f32 {f5}, {f4}, {f3}, {p1};
{  cvt.rn.bf16.f32 {d}, {f5};}";

/// The rows named `name`.
pub fn lookup(name: &str) -> impl Iterator<Item = &'static HalfFn> + '_ {
    HALF_FNS.iter().filter(move |f| f.name == name)
}

/// Whether `name` is one of the headers' functions.
pub fn is_half_fn(name: &str) -> bool {
    // `__h2div` (`__hdiv` on each lane) and `__float22half2_rn` (of a float2's fields) are
    // made by the code generator.
    name == "__h2div" || name == "__float22half2_rn" || lookup(name).next().is_some()
}

/// The form of `f` for `sm_{arch}`, if the target reaches one.
pub fn form(f: &HalfFn, arch: u32) -> Option<&'static str> {
    f.forms.iter().find(|(a, _)| arch >= *a).map(|(_, t)| *t)
}

/// The lowest architecture any form of `f` needs.
pub fn lowest_arch(f: &HalfFn) -> u32 {
    f.forms.iter().map(|(a, _)| *a).min().unwrap_or(0)
}

/// The function a C++ operator of the headers' classes calls: `+` on `__half2` is
/// `__hadd2`, `!=` on `__half` is `__hneu` (unordered, as C's `!=`), `<` on `__half2` is
/// `__hblt2` (both lanes).
pub fn operator(op: &str, pair: bool) -> Option<&'static str> {
    Some(match (op, pair) {
        ("+", false) => "__hadd",
        ("-", false) => "__hsub",
        ("*", false) => "__hmul",
        ("/", false) => "__hdiv",
        ("+", true) => "__hadd2",
        ("-", true) => "__hsub2",
        ("*", true) => "__hmul2",
        ("/", true) => "__h2div",
        ("==", false) => "__heq",
        ("!=", false) => "__hneu",
        ("<", false) => "__hlt",
        ("<=", false) => "__hle",
        (">", false) => "__hgt",
        (">=", false) => "__hge",
        ("==", true) => "__hbeq2",
        ("!=", true) => "__hbneu2",
        ("<", true) => "__hblt2",
        ("<=", true) => "__hble2",
        (">", true) => "__hbgt2",
        (">=", true) => "__hbge2",
        _ => return None,
    })
}

/// The PTX of a conversion between a 16-bit float type and an arithmetic type (`{0}` the
/// source, `{d}` the result), as the headers' constructors and conversion operators make
/// it; `None` where this compiler does not have it for `sm_{arch}`.
pub fn conversion(from: &Type, to: &Type, arch: u32) -> Option<String> {
    use HalfKind::*;
    let int_t = |k: IntKind| format!("{}{}", if k.signed() { "s" } else { "u" }, k.bits());
    Some(match (from, to) {
        (Type::Half(F16), Type::Float) => "{  cvt.f32.f16 {d}, {0};}".into(),
        (Type::Half(Bf16), Type::Float) if arch >= 90 => "{ cvt.f32.bf16 {d}, {0};}".into(),
        (Type::Half(Bf16), Type::Float) if arch >= 80 => "{ mov.b32 {d}, {0,{0}};}".into(),
        (Type::Float, Type::Half(F16)) => "{  cvt.rn.f16.f32 {d}, {0};}".into(),
        (Type::Float, Type::Half(Bf16)) if arch >= 80 => "{  cvt.rn.bf16.f32 {d}, {0};}".into(),
        (Type::Double, Type::Half(F16)) => "{  cvt.rn.f16.f64 {d}, {0};}".into(),
        (Type::Double, Type::Half(Bf16)) if arch >= 90 => "{  cvt.rn.bf16.f64 {d}, {0};}".into(),
        // An 8-bit result is written to a 32-bit register (saturated to the 8-bit range).
        (Type::Half(F16), Type::Int(k)) if k.bits() == 8 => {
            format!("cvt.rzi.{}.f16 {{d}}, {{0}};", int_t(*k))
        }
        (Type::Half(F16), Type::Int(k)) if k.bits() >= 16 => {
            format!("cvt.rzi.{}.f16 {{d}}, {{0}};", int_t(*k))
        }
        // sm_90's bfloat16 one goes through an 8-bit register into a 16-bit one.
        (Type::Half(Bf16), Type::Int(k)) if k.bits() == 8 && arch >= 90 => format!(
            "{{ .reg.b8 myreg; cvt.rzi.{}.bf16 myreg, {{0}}; mov.b16 {{d}}, {{myreg, 0}}; }}",
            int_t(*k)
        ),
        (Type::Half(Bf16), Type::Int(k)) if k.bits() >= 16 && arch >= 90 => {
            format!("cvt.rzi.{}.bf16 {{d}}, {{0}};", int_t(*k))
        }
        (Type::Half(Bf16), Type::Int(k)) if k.bits() >= 32 && arch >= 80 => format!(
            "{{ mov.b32 {{f1}}, {{0,{{0}}}};}}\ncvt.rzi{{ftz}}.{}.f32 {{d}}, {{f1}};",
            int_t(*k)
        ),
        (Type::Int(k), Type::Half(F16)) if k.bits() >= 16 => {
            format!("cvt.rn.f16.{} {{d}}, {{0}};", int_t(*k))
        }
        (Type::Int(k), Type::Half(Bf16)) if k.bits() >= 16 && arch >= 90 => {
            format!("cvt.rn.bf16.{} {{d}}, {{0}};", int_t(*k))
        }
        (Type::Int(k), Type::Half(Bf16)) if k.bits() == 16 && arch >= 80 => format!(
            "cvt.rn.f32.{} {{f1}}, {{0}};\n{{  cvt.rn.bf16.f32 {{d}}, {{f1}};}}",
            int_t(*k)
        ),
        (Type::Int(k), Type::Half(Bf16)) if k.bits() >= 32 && arch >= 80 => {
            INT2BF16_80.replace("{T}", &int_t(*k))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_names_only_known_slots() {
        for f in HALF_FNS {
            for (_, t) in f.forms {
                // Innermost `{...}`: a slot, or inline assembly's own braces
                // (`{low,high}`, `{0,%rs1}` once filled, `{.reg ...}`).
                let mut rest = *t;
                while let Some(i) = rest.find('{') {
                    let after = &rest[i + 1..];
                    let Some(j) = after.find(['{', '}']) else {
                        break;
                    };
                    if after[j..].starts_with('}') {
                        let slot = &after[..j];
                        let fresh = ["f", "rs", "r", "p", "L"].iter().any(|p| {
                            slot.strip_prefix(p).is_some_and(|n| {
                                !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
                            })
                        });
                        let arg = slot.parse::<usize>().is_ok_and(|k| k < f.params.len());
                        let known = matches!(slot, "d" | "e" | "ftz") || fresh || arg;
                        let asm = slot.contains([',', ' ', ';', '.']);
                        assert!(known || asm, "{}: {{{slot}}}", f.name);
                    }
                    rest = after;
                }
            }
        }
    }

    #[test]
    fn bfloat16_adds_as_an_fma_before_sm_90() {
        let row = lookup("__hadd")
            .find(|f| f.params == [Bf16, Bf16])
            .expect("a bfloat16 __hadd");
        assert!(form(row, 80).is_some_and(|t| t.contains("fma.rn.bf16")));
        assert!(form(row, 90).is_some_and(|t| t.contains("add.bf16")));
        assert!(form(row, 75).is_none());
    }

    #[test]
    fn conversions_follow_the_architecture() {
        let bf = Type::Half(HalfKind::Bf16);
        assert!(conversion(&bf, &Type::Float, 80).is_some_and(|t| t.contains("mov.b32")));
        assert!(conversion(&bf, &Type::Float, 90).is_some_and(|t| t.contains("cvt.f32.bf16")));
        assert!(conversion(&Type::Double, &bf, 80).is_none());
        let i = Type::Int(IntKind::Int);
        assert!(conversion(&i, &bf, 80).is_some_and(|t| t.contains("cvt.rz.f32.s32")));
    }
}
