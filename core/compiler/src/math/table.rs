//! The math library's table: one row per C function.

use std::sync::OnceLock;

use super::{
    classify, decompose, double_exp_log, double_extra, double_simple, double_special, double_trig,
    exp_log, float_extra, float_simple, rare, special, trig, MathMode, Scalar,
};

const F: Scalar = Scalar::F32;
const I: Scalar = Scalar::S32;
const D: Scalar = Scalar::F64;
const L: Scalar = Scalar::S64;

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
    /// Bodies chosen by the mode, each with `{ftz}`/`{rn}` placeholders.
    Variants(&'static Variants),
}

/// A function's bodies: the one NVRTC's defaults give, and those for the options that change
/// its structure rather than only its instructions' `.ftz` and `.rn` (which placeholders cover).
pub(super) struct Variants {
    /// The body without flushing, fast math or approximate division or square root.
    pub(super) base: &'static str,
    /// The body under `-ftz=true`, where flushing changes more than `.ftz` suffixes (a
    /// subnormal input's rescaling disappears, ...).
    pub(super) ftz: Option<&'static str>,
    /// The body under `-fmad=false`, where NVRTC no longer contracts a multiply and an add that
    /// the other bodies have as one `fma` (more than `.rn` suffixes change).
    pub(super) no_fma: Option<&'static str>,
    /// The body under `--use_fast_math` (most become their fast intrinsic).
    pub(super) fast: Option<&'static str>,
    /// The body under `-prec-div=false` and `-prec-sqrt=false` together, where it is neither
    /// of theirs.
    pub(super) approx_both: Option<&'static str>,
    /// The body under `-prec-div=false`.
    pub(super) approx_div: Option<&'static str>,
    /// The body under `-prec-sqrt=false`.
    pub(super) approx_sqrt: Option<&'static str>,
}

impl Variants {
    /// The body for `mode` (already [`MathMode::effective`]).
    fn pick(&self, mode: &MathMode) -> &'static str {
        let by_option = if mode.fast_math {
            self.fast
        } else if !mode.prec_div && !mode.prec_sqrt && self.approx_both.is_some() {
            self.approx_both
        } else if !mode.prec_div && self.approx_div.is_some() {
            self.approx_div
        } else if !mode.prec_sqrt {
            self.approx_sqrt
        } else {
            None
        };
        let structural = if !mode.fmad && self.no_fma.is_some() {
            self.no_fma
        } else if mode.ftz {
            self.ftz
        } else {
            None
        };
        by_option.or(structural).unwrap_or(self.base)
    }
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
            Body::Variants(variants) => variants.pick(mode).to_string(),
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
    /// Whether C code may call it by this name; `false` for the helpers NVRTC keeps out of
    /// line (their names are libdevice's), which only other functions' bodies call.
    pub(super) public: bool,
}

const fn unary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F],
        rets: &[F],
        body: Body::Unary(op),
        public: true,
    }
}

const fn binary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F, F],
        rets: &[F],
        body: Body::Binary(op),
        public: true,
    }
}

const fn ternary(name: &'static str, op: &'static str) -> Row {
    Row {
        name,
        params: &[F, F, F],
        rets: &[F],
        body: Body::Ternary(op),
        public: true,
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
        public: true,
    }
}

const fn variants(
    name: &'static str,
    params: &'static [Scalar],
    rets: &'static [Scalar],
    variants: &'static Variants,
) -> Row {
    Row {
        name,
        params,
        rets,
        body: Body::Variants(variants),
        public: true,
    }
}

const fn internal(
    name: &'static str,
    params: &'static [Scalar],
    rets: &'static [Scalar],
    variants: &'static Variants,
) -> Row {
    Row {
        name,
        params,
        rets,
        body: Body::Variants(variants),
        public: false,
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
    // Single precision, several instructions: bodies chosen by the mode.
    variants("expf", &[F], &[F], &exp_log::EXPF),
    variants("exp2f", &[F], &[F], &exp_log::EXP2F),
    variants("exp10f", &[F], &[F], &exp_log::EXP10F),
    variants("expm1f", &[F], &[F], &exp_log::EXPM1F),
    variants("logf", &[F], &[F], &exp_log::LOGF),
    variants("log2f", &[F], &[F], &exp_log::LOG2F),
    variants("log10f", &[F], &[F], &exp_log::LOG10F),
    variants("log1pf", &[F], &[F], &exp_log::LOG1PF),
    variants("powf", &[F, F], &[F], &exp_log::POWF),
    variants("__expf", &[F], &[F], &exp_log::INTRINSIC_EXPF),
    variants("__exp10f", &[F], &[F], &exp_log::INTRINSIC_EXP10F),
    variants("__logf", &[F], &[F], &exp_log::INTRINSIC_LOGF),
    variants("__log2f", &[F], &[F], &exp_log::INTRINSIC_LOG2F),
    variants("__log10f", &[F], &[F], &exp_log::INTRINSIC_LOG10F),
    variants("__powf", &[F, F], &[F], &exp_log::INTRINSIC_POWF),
    variants("sinf", &[F], &[F], &trig::SINF),
    variants("cosf", &[F], &[F], &trig::COSF),
    variants("tanf", &[F], &[F], &trig::TANF),
    variants("sincosf", &[F], &[F, F], &trig::SINCOSF),
    variants("asinf", &[F], &[F], &trig::ASINF),
    variants("acosf", &[F], &[F], &trig::ACOSF),
    variants("atanf", &[F], &[F], &trig::ATANF),
    variants("atan2f", &[F, F], &[F], &trig::ATAN2F),
    variants("__sinf", &[F], &[F], &trig::INTRINSIC_SINF),
    variants("__cosf", &[F], &[F], &trig::INTRINSIC_COSF),
    variants("__tanf", &[F], &[F], &trig::INTRINSIC_TANF),
    variants("__sincosf", &[F], &[F, F], &trig::INTRINSIC_SINCOSF),
    variants("sinhf", &[F], &[F], &special::SINHF),
    variants("coshf", &[F], &[F], &special::COSHF),
    variants("tanhf", &[F], &[F], &special::TANHF),
    variants("erff", &[F], &[F], &special::ERFF),
    variants("erfcf", &[F], &[F], &special::ERFCF),
    variants("cbrtf", &[F], &[F], &special::CBRTF),
    variants("hypotf", &[F, F], &[F], &special::HYPOTF),
    variants("__frsqrt_rn", &[F], &[F], &special::INTRINSIC_FRSQRT_RN),
    variants("fmodf", &[F, F], &[F], &decompose::FMODF),
    variants("remainderf", &[F, F], &[F], &decompose::REMAINDERF),
    variants("ldexpf", &[F, I], &[F], &decompose::LDEXPF),
    variants("frexpf", &[F], &[F, I], &decompose::FREXPF),
    variants("modff", &[F], &[F, F], &decompose::MODFF),
    // Double precision.
    variants("sqrt", &[D], &[D], &double_special::SQRT),
    variants("rsqrt", &[D], &[D], &double_special::RSQRT),
    variants("cbrt", &[D], &[D], &double_special::CBRT),
    variants("exp", &[D], &[D], &double_exp_log::EXP),
    variants("exp2", &[D], &[D], &double_exp_log::EXP2),
    variants("exp10", &[D], &[D], &double_exp_log::EXP10),
    variants("expm1", &[D], &[D], &double_exp_log::EXPM1),
    variants("log", &[D], &[D], &double_exp_log::LOG),
    variants("log2", &[D], &[D], &double_exp_log::LOG2),
    variants("log10", &[D], &[D], &double_exp_log::LOG10),
    variants("log1p", &[D], &[D], &double_exp_log::LOG1P),
    variants("pow", &[D, D], &[D], &double_exp_log::POW),
    variants("sin", &[D], &[D], &double_trig::SIN),
    variants("cos", &[D], &[D], &double_trig::COS),
    variants("tan", &[D], &[D], &double_trig::TAN),
    variants("sincos", &[D], &[D, D], &double_trig::SINCOS),
    variants("asin", &[D], &[D], &double_trig::ASIN),
    variants("acos", &[D], &[D], &double_trig::ACOS),
    variants("atan", &[D], &[D], &double_trig::ATAN),
    variants("atan2", &[D, D], &[D], &double_trig::ATAN2),
    variants("sinh", &[D], &[D], &double_special::SINH),
    variants("cosh", &[D], &[D], &double_special::COSH),
    variants("tanh", &[D], &[D], &double_special::TANH),
    variants("erf", &[D], &[D], &double_special::ERF),
    variants("erfc", &[D], &[D], &double_special::ERFC),
    variants("fabs", &[D], &[D], &double_simple::FABS),
    variants("fmin", &[D, D], &[D], &double_simple::FMIN),
    variants("fmax", &[D, D], &[D], &double_simple::FMAX),
    variants("floor", &[D], &[D], &double_simple::FLOOR),
    variants("ceil", &[D], &[D], &double_simple::CEIL),
    variants("trunc", &[D], &[D], &double_simple::TRUNC),
    variants("round", &[D], &[D], &double_simple::ROUND),
    variants("rint", &[D], &[D], &double_simple::RINT),
    variants("nearbyint", &[D], &[D], &double_simple::NEARBYINT),
    variants("fmod", &[D, D], &[D], &double_simple::FMOD),
    variants("remainder", &[D, D], &[D], &double_simple::REMAINDER),
    variants("hypot", &[D, D], &[D], &double_special::HYPOT),
    variants("fdim", &[D, D], &[D], &double_simple::FDIM),
    variants("copysign", &[D, D], &[D], &double_simple::COPYSIGN),
    variants("ldexp", &[D, I], &[D], &double_simple::LDEXP),
    variants("frexp", &[D], &[D, I], &double_simple::FREXP),
    variants("modf", &[D], &[D, D], &double_simple::MODF),
    variants("fma", &[D, D, D], &[D], &double_simple::FMA),
    variants(
        "__dadd_rn",
        &[D, D],
        &[D],
        &double_simple::INTRINSIC_DADD_RN,
    ),
    variants(
        "__dsub_rn",
        &[D, D],
        &[D],
        &double_simple::INTRINSIC_DSUB_RN,
    ),
    variants(
        "__dmul_rn",
        &[D, D],
        &[D],
        &double_simple::INTRINSIC_DMUL_RN,
    ),
    variants(
        "__ddiv_rn",
        &[D, D],
        &[D],
        &double_simple::INTRINSIC_DDIV_RN,
    ),
    variants("__drcp_rn", &[D], &[D], &double_simple::INTRINSIC_DRCP_RN),
    variants("__dsqrt_rn", &[D], &[D], &double_simple::INTRINSIC_DSQRT_RN),
    variants(
        "__fma_rn",
        &[D, D, D],
        &[D],
        &double_simple::INTRINSIC_FMA_RN,
    ),
    // Less common functions, single then double precision.
    variants("sinpif", &[F], &[F], &float_extra::SINPIF),
    variants("cospif", &[F], &[F], &float_extra::COSPIF),
    variants("sincospif", &[F], &[F, F], &float_extra::SINCOSPIF),
    variants("asinhf", &[F], &[F], &float_extra::ASINHF),
    variants("acoshf", &[F], &[F], &float_extra::ACOSHF),
    variants("atanhf", &[F], &[F], &float_extra::ATANHF),
    variants("tgammaf", &[F], &[F], &float_extra::TGAMMAF),
    variants("lgammaf", &[F], &[F], &float_extra::LGAMMAF),
    variants("erfinvf", &[F], &[F], &float_extra::ERFINVF),
    variants("erfcinvf", &[F], &[F], &float_extra::ERFCINVF),
    variants("normcdff", &[F], &[F], &float_extra::NORMCDFF),
    variants("normcdfinvf", &[F], &[F], &float_extra::NORMCDFINVF),
    variants("rcbrtf", &[F], &[F], &float_extra::RCBRTF),
    variants("logbf", &[F], &[F], &float_extra::LOGBF),
    variants("ilogbf", &[F], &[I], &float_extra::ILOGBF),
    variants("scalbnf", &[F, I], &[F], &float_extra::SCALBNF),
    variants("nextafterf", &[F, F], &[F], &float_extra::NEXTAFTERF),
    variants("rhypotf", &[F, F], &[F], &float_extra::RHYPOTF),
    variants("lrintf", &[F], &[L], &float_extra::LRINTF),
    variants("lroundf", &[F], &[L], &float_extra::LROUNDF),
    variants("llrintf", &[F], &[L], &float_extra::LLRINTF),
    variants("llroundf", &[F], &[L], &float_extra::LLROUNDF),
    variants("sinpi", &[D], &[D], &double_extra::SINPI),
    variants("cospi", &[D], &[D], &double_extra::COSPI),
    variants("sincospi", &[D], &[D, D], &double_extra::SINCOSPI),
    variants("asinh", &[D], &[D], &double_extra::ASINH),
    variants("acosh", &[D], &[D], &double_extra::ACOSH),
    variants("atanh", &[D], &[D], &double_extra::ATANH),
    variants("erfinv", &[D], &[D], &double_extra::ERFINV),
    variants("erfcinv", &[D], &[D], &double_extra::ERFCINV),
    variants("normcdf", &[D], &[D], &double_extra::NORMCDF),
    variants("normcdfinv", &[D], &[D], &double_extra::NORMCDFINV),
    variants("rcbrt", &[D], &[D], &double_extra::RCBRT),
    variants("logb", &[D], &[D], &double_extra::LOGB),
    variants("ilogb", &[D], &[I], &double_extra::ILOGB),
    variants("scalbn", &[D, I], &[D], &double_extra::SCALBN),
    variants("nextafter", &[D, D], &[D], &double_extra::NEXTAFTER),
    variants("rhypot", &[D, D], &[D], &double_extra::RHYPOT),
    variants("lrint", &[D], &[L], &double_extra::LRINT),
    variants("lround", &[D], &[L], &double_extra::LROUND),
    variants("llrint", &[D], &[L], &double_extra::LLRINT),
    variants("llround", &[D], &[L], &double_extra::LLROUND),
    // Rarer functions.
    variants("remquof", &[F, F], &[F, I], &rare::REMQUOF),
    variants("remquo", &[D, D], &[D, I], &rare::REMQUO),
    variants("fdividef", &[F, F], &[F], &rare::FDIVIDEF),
    variants("erfcxf", &[F], &[F], &rare::ERFCXF),
    variants("erfcx", &[D], &[D], &rare::ERFCX),
    variants("norm3df", &[F, F, F], &[F], &rare::NORM3DF),
    variants("norm3d", &[D, D, D], &[D], &rare::NORM3D),
    variants("rnorm3df", &[F, F, F], &[F], &rare::RNORM3DF),
    variants("rnorm3d", &[D, D, D], &[D], &rare::RNORM3D),
    // Classification.
    variants("__isnanf", &[F], &[I], &classify::INTRINSIC_ISNANF),
    variants("__isinff", &[F], &[I], &classify::INTRINSIC_ISINFF),
    variants("__finitef", &[F], &[I], &classify::INTRINSIC_FINITEF),
    variants("__signbitf", &[F], &[I], &classify::INTRINSIC_SIGNBITF),
    variants("__isnan", &[D], &[I], &classify::INTRINSIC_ISNAN),
    variants("__isinf", &[D], &[I], &classify::INTRINSIC_ISINF),
    variants("__finite", &[D], &[I], &classify::INTRINSIC_FINITE),
    // Out-of-line helpers the double-precision bodies call (NVRTC does not inline them).
    internal(
        "__internal_accurate_pow",
        &[D, D],
        &[D],
        &double_exp_log::INTERNAL_ACCURATE_POW,
    ),
    internal(
        "__internal_trig_reduction_slowpathd",
        &[D],
        &[D, I],
        &double_trig::INTERNAL_TRIG_REDUCTION_SLOWPATHD,
    ),
];

/// The functions whose bodies differ for targets before `sm_60` (see
/// [`super::lookup_for_arch`]).
pub(super) static BEFORE_SM_60: &[Row] = &[variants(
    "llrintf",
    &[F],
    &[L],
    &float_extra::LLRINTF_BEFORE_SM_60,
)];

/// The C names of every public row, in table order.
pub(super) fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| {
        ROWS.iter()
            .filter(|row| row.public)
            .map(|row| row.name)
            .collect()
    })
}
