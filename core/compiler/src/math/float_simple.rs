//! Single-precision functions of a few instructions whose body depends on the mode.

use super::MathMode;

/// `roundf`: halfway cases away from zero. Adds ½ with x's sign, rounding toward zero (so that
/// the largest float below ½ does not round up to 1), then truncates.
pub(super) fn roundf(_mode: &MathMode) -> String {
    "\tld.param.b32 \t%f1, [{p0}];
\tmov.b32 \t%r2, %f1;
\tand.b32 \t%r3, %r2, -2147483648;
\tor.b32 \t%r4, %r3, 1056964608;
\tmov.b32 \t%f2, %r4;
\tadd.rz{ftz}.f32 \t%f3, %f1, %f2;
\tcvt.rzi.f32.f32 \t%f4, %f3;
\tst.param.b32 \t[{ret}], %f4;
\tret;
"
    .to_string()
}

/// `copysignf(x, y)`: PTX's `copysign` takes the sign from its first source operand.
pub(super) fn copysignf(_mode: &MathMode) -> String {
    "\tld.param.b32 \t%f1, [{p0}];
\tld.param.b32 \t%f2, [{p1}];
\tcopysign.f32 \t%f3, %f2, %f1;
\tst.param.b32 \t[{ret}], %f3;
\tret;
"
    .to_string()
}

/// `fdimf(x, y)`: `x - y` where `x > y` (or either is NaN), else +0.
pub(super) fn fdimf(_mode: &MathMode) -> String {
    "\tld.param.b32 \t%f1, [{p0}];
\tld.param.b32 \t%f2, [{p1}];
\tsub.rn{ftz}.f32 \t%f3, %f1, %f2;
\tsetp.le{ftz}.f32 \t%p1, %f1, %f2;
\tselp.f32 \t%f4, 0f00000000, %f3, %p1;
\tst.param.b32 \t[{ret}], %f4;
\tret;
"
    .to_string()
}

/// `sqrtf`: IEEE `sqrt.rn`, or `sqrt.approx` under `-prec-sqrt=false` (and fast math).
pub(super) fn sqrtf(mode: &MathMode) -> String {
    let op = if mode.prec_sqrt {
        "sqrt.rn"
    } else {
        "sqrt.approx"
    };
    format!(
        "\tld.param.b32 \t%f1, [{{p0}}];
\t{op}{{ftz}}.f32 \t%f2, %f1;
\tst.param.b32 \t[{{ret}}], %f2;
\tret;
"
    )
}
