//! Classification: the functions `isnan`, `isinf`, `isfinite` and `signbit` become (CUDA's
//! `__isnanf`, `__isinff`, `__finitef`, `__signbitf` and their `double` forms), each giving an `int`.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `__isnanf`: 1 where |x| compares unordered-greater than +inf (x is NaN), else 0.
pub(super) static INTRINSIC_ISNANF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	setp.gtu{ftz}.f32 	%p1, %f2, 0f7F800000;
	selp.u32 	%r1, 1, 0, %p1;
	st.param.b32 	[{ret}], %r1;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__isinff`: 1 where |x| equals +inf, else 0.
pub(super) static INTRINSIC_ISINFF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	setp.eq{ftz}.f32 	%p1, %f2, 0f7F800000;
	selp.u32 	%r1, 1, 0, %p1;
	st.param.b32 	[{ret}], %r1;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__finitef`: 1 where |x| is below +inf (false for NaN), else 0.
pub(super) static INTRINSIC_FINITEF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	setp.lt{ftz}.f32 	%p1, %f2, 0f7F800000;
	selp.u32 	%r1, 1, 0, %p1;
	st.param.b32 	[{ret}], %r1;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__signbitf`: the sign bit, as 0 or 1 (of NaNs and zeros too).
pub(super) static INTRINSIC_SIGNBITF: Variants = Variants {
    base: "	ld.param.b32 	%r1, [{p0}];
	shr.u32 	%r2, %r1, 31;
	st.param.b32 	[{ret}], %r2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__isnan`: 1 where |x| compares unordered-greater than +inf, else 0.
pub(super) static INTRINSIC_ISNAN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	abs.f64 	%fd2, %fd1;
	setp.gtu.f64 	%p1, %fd2, 0d7FF0000000000000;
	selp.u32 	%r1, 1, 0, %p1;
	st.param.b32 	[{ret}], %r1;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__isinf`: 1 where x is ±inf, tested on the high and low words of its bits.
pub(super) static INTRINSIC_ISINF: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r1, %temp}, %fd1;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd1;
	}
	and.b32  	%r3, %r2, 2147483647;
	setp.eq.s32 	%p1, %r3, 2146435072;
	setp.eq.s32 	%p2, %r1, 0;
	and.pred  	%p3, %p2, %p1;
	selp.u32 	%r4, 1, 0, %p3;
	st.param.b32 	[{ret}], %r4;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__finite`: 1 where x's exponent field is not all ones, tested on its high word.
pub(super) static INTRINSIC_FINITE: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	and.b32  	%r2, %r1, 2146435072;
	setp.ne.s32 	%p1, %r2, 2146435072;
	selp.u32 	%r3, 1, 0, %p1;
	st.param.b32 	[{ret}], %r3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
