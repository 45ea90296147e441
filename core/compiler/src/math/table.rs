//! The math library's table: one row per C function.

use std::sync::OnceLock;

use super::{float_simple, MathMode, Scalar};

const F: Scalar = Scalar::F32;

/// How a row's PTX body is made.
#[derive(Clone, Copy)]
pub(super) enum Body {
    /// One instruction (with `{ftz}` where the mode matters) applied to the one `float`
    /// parameter: `OP %f2, %f1`.
    Unary(&'static str),
    /// One instruction on the two `float` parameters in order: `OP %f3, %f1, %f2`.
    Binary(&'static str),
    /// One instruction on the three `float` parameters in order: `OP %f4, %f1, %f2, %f3`.
    Ternary(&'static str),
    /// A body built for the mode (see [`super::func`] for its placeholders).
    Build(fn(&MathMode) -> String),
}

impl Body {
    /// The body's PTX text for `mode` (placeholders not yet replaced).
    pub(super) fn text(&self, mode: &MathMode) -> String {
        match self {
            Body::Unary(op) => format!(
                "\tld.param.b32 \t%f1, [{{p0}}];\n\t{op} \t%f2, %f1;\n\tst.param.b32 \t[{{ret}}], %f2;\n\tret;\n"
            ),
            Body::Binary(op) => format!(
                "\tld.param.b32 \t%f1, [{{p0}}];\n\tld.param.b32 \t%f2, [{{p1}}];\n\t{op} \t%f3, %f1, %f2;\n\tst.param.b32 \t[{{ret}}], %f3;\n\tret;\n"
            ),
            Body::Ternary(op) => format!(
                "\tld.param.b32 \t%f1, [{{p0}}];\n\tld.param.b32 \t%f2, [{{p1}}];\n\tld.param.b32 \t%f3, [{{p2}}];\n\t{op} \t%f4, %f1, %f2, %f3;\n\tst.param.b32 \t[{{ret}}], %f4;\n\tret;\n"
            ),
            Body::Build(build) => build(mode),
        }
    }
}

/// One C math function.
pub(super) struct Row {
    /// Its C name.
    pub(super) name: &'static str,
    /// Its parameters' types.
    pub(super) params: &'static [Scalar],
    /// Its results' types.
    pub(super) rets: &'static [Scalar],
    /// Its PTX body.
    pub(super) body: Body,
}

const fn unary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F],
        rets: &[F],
        body: Body::Unary(op),
    }
}

const fn binary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F, F],
        rets: &[F],
        body: Body::Binary(op),
    }
}

const fn ternary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F, F, F],
        rets: &[F],
        body: Body::Ternary(op),
    }
}

const fn built(
    name: &'static str,
    params: &'static [Scalar],
    rets: &'static [Scalar],
    build: fn(&MathMode) -> String,
) -> Row {
    Row {
        name,
        params,
        rets,
        body: Body::Build(build),
    }
}

/// Every function, in the order of the list: single precision, its fast intrinsics,
/// then double precision.
pub(super) static ROWS: &[Row] = &[
    // Single precision: one instruction each.
    unary("fabsf", "abs{ftz}.f32"),
    binary("fminf", "min{ftz}.f32"),
    binary("fmaxf", "max{ftz}.f32"),
    unary("floorf", "cvt.rmi{ftz}.f32.f32"),
    unary("ceilf", "cvt.rpi{ftz}.f32.f32"),
    // NVRTC rounds to an integer without `.ftz` even under -ftz: a subnormal's truncation is
    // a signed zero either way.
    unary("truncf", "cvt.rzi.f32.f32"),
    unary("rintf", "cvt.rni.f32.f32"),
    unary("nearbyintf", "cvt.rni.f32.f32"),
    built("roundf", &[F], &[F], float_simple::roundf),
    built("copysignf", &[F, F], &[F], float_simple::copysignf),
    built("fdimf", &[F, F], &[F], float_simple::fdimf),
    ternary("fmaf", "fma.rn{ftz}.f32"),
    built("sqrtf", &[F], &[F], float_simple::sqrtf),
    unary("rsqrtf", "rsqrt.approx{ftz}.f32"),
    // Fast and rounding-mode intrinsics.
    unary("__saturatef", "cvt{ftz}.sat.f32.f32"),
    binary("__fdividef", "div.approx{ftz}.f32"),
    unary("__frcp_rn", "rcp.rn{ftz}.f32"),
    unary("__frcp_rz", "rcp.rz{ftz}.f32"),
    unary("__frcp_ru", "rcp.rp{ftz}.f32"),
    unary("__frcp_rd", "rcp.rm{ftz}.f32"),
    unary("__fsqrt_rn", "sqrt.rn{ftz}.f32"),
    unary("__fsqrt_rz", "sqrt.rz{ftz}.f32"),
    unary("__fsqrt_ru", "sqrt.rp{ftz}.f32"),
    unary("__fsqrt_rd", "sqrt.rm{ftz}.f32"),
    ternary("__fmaf_rn", "fma.rn{ftz}.f32"),
    ternary("__fmaf_rz", "fma.rz{ftz}.f32"),
    ternary("__fmaf_ru", "fma.rp{ftz}.f32"),
    ternary("__fmaf_rd", "fma.rm{ftz}.f32"),
    ternary("__fmaf_ieee_rn", "fma.rn.f32"),
    ternary("__fmaf_ieee_rz", "fma.rz.f32"),
    ternary("__fmaf_ieee_ru", "fma.rp.f32"),
    ternary("__fmaf_ieee_rd", "fma.rm.f32"),
    binary("__fadd_rn", "add.rn{ftz}.f32"),
    binary("__fadd_rz", "add.rz{ftz}.f32"),
    binary("__fadd_ru", "add.rp{ftz}.f32"),
    binary("__fadd_rd", "add.rm{ftz}.f32"),
    binary("__fsub_rn", "sub.rn{ftz}.f32"),
    binary("__fsub_rz", "sub.rz{ftz}.f32"),
    binary("__fsub_ru", "sub.rp{ftz}.f32"),
    binary("__fsub_rd", "sub.rm{ftz}.f32"),
    binary("__fmul_rn", "mul.rn{ftz}.f32"),
    binary("__fmul_rz", "mul.rz{ftz}.f32"),
    binary("__fmul_ru", "mul.rp{ftz}.f32"),
    binary("__fmul_rd", "mul.rm{ftz}.f32"),
    binary("__fdiv_rn", "div.rn{ftz}.f32"),
    binary("__fdiv_rz", "div.rz{ftz}.f32"),
    binary("__fdiv_ru", "div.rp{ftz}.f32"),
    binary("__fdiv_rd", "div.rm{ftz}.f32"),
];

/// The C names of every row, in table order.
pub(super) fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| ROWS.iter().map(|row| row.name).collect())
}
