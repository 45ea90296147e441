//! Double-precision functions of one or a few instructions, the remainders, and the functions
//! that take a double apart or scale it.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `fabs`: `abs.f64`.
pub(super) static FABS: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	abs.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fmin`: `min.f64` (a NaN loses to a number).
pub(super) static FMIN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	min.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fmax`: `max.f64`.
pub(super) static FMAX: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	max.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `floor`: `cvt.rmi.f64.f64`.
pub(super) static FLOOR: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rmi.f64.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `ceil`: `cvt.rpi.f64.f64`.
pub(super) static CEIL: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rpi.f64.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `trunc`: `cvt.rzi.f64.f64`.
pub(super) static TRUNC: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rzi.f64.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `round`: halfway away from zero: the truncation of x + ½·sign(x) where that is exact, x itself when |x| ≥ 2⁵², and ±0 for |x| < ½ kept signed.
pub(super) static ROUND: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	mov.f64 	%fd2, 0d3FE0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd2;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd2;
	}
	and.b32  	%r4, %r1, -2147483648;
	or.b32  	%r5, %r3, %r4;
	mov.b64 	%fd3, {%r2, %r5};
	add.rz.f64 	%fd4, %fd1, %fd3;
	cvt.rzi.f64.f64 	%fd5, %fd4;
	st.param.b64 	[{ret}], %fd5;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rint`: `cvt.rni.f64.f64`.
pub(super) static RINT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rni.f64.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `nearbyint`: `cvt.rni.f64.f64`.
pub(super) static NEARBYINT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rni.f64.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fdim`: x − y where x > y (or either is NaN), else +0.
pub(super) static FDIM: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	sub.rn.f64 	%fd3, %fd1, %fd2;
	setp.le.f64 	%p1, %fd1, %fd2;
	selp.f64 	%fd4, 0d0000000000000000, %fd3, %p1;
	st.param.b64 	[{ret}], %fd4;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `copysign`: `copysign.f64`.
pub(super) static COPYSIGN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	copysign.f64 	%fd3, %fd2, %fd1;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fma`: `fma.rn.f64`.
pub(super) static FMA: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	ld.param.b64 	%fd3, [{p2}];
	fma.rn.f64 	%fd4, %fd1, %fd2, %fd3;
	st.param.b64 	[{ret}], %fd4;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__dadd_rn`: `add.rn.f64` (never contracted).
pub(super) static INTRINSIC_DADD_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	add.rn.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__dsub_rn`: `sub.rn.f64`.
pub(super) static INTRINSIC_DSUB_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	sub.rn.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__dmul_rn`: `mul.rn.f64`.
pub(super) static INTRINSIC_DMUL_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	mul.rn.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__ddiv_rn`: `div.rn.f64`.
pub(super) static INTRINSIC_DDIV_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	div.rn.f64 	%fd3, %fd1, %fd2;
	st.param.b64 	[{ret}], %fd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__drcp_rn`: `rcp.rn.f64`.
pub(super) static INTRINSIC_DRCP_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	rcp.rn.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__dsqrt_rn`: `sqrt.rn.f64`.
pub(super) static INTRINSIC_DSQRT_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	sqrt.rn.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__fma_rn`: `fma.rn.f64`.
pub(super) static INTRINSIC_FMA_RN: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	ld.param.b64 	%fd3, [{p2}];
	fma.rn.f64 	%fd4, %fd1, %fd2, %fd3;
	st.param.b64 	[{ret}], %fd4;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fmod`: the exact long division of `fmodf` on 53-bit significands (loops of exact subtractions), subnormals prescaled.
pub(super) static FMOD: Variants = Variants {
    base: "	ld.param.b64 	%fd13, [{p0}];
	ld.param.b64 	%fd14, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd13;
	}
	and.b32  	%r26, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd14;
	}
	and.b32  	%r28, %r27, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r29, %temp}, %fd13;
	}
	mov.b64 	%fd41, {%r29, %r26};
	{
	.reg .b32 %temp;
	mov.b64 	{%r30, %temp}, %fd14;
	}
	mov.b64 	%fd42, {%r30, %r28};
	setp.gt.u32 	%p1, %r26, 2146435071;
	setp.gt.u32 	%p2, %r28, 2146435071;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_18;
	bra.uni 	$L__BB0_1;

$L__BB0_18:
	setp.le.f64 	%p38, %fd41, 0d7FF0000000000000;
	setp.le.f64 	%p39, %fd42, 0d7FF0000000000000;
	and.pred  	%p40, %p38, %p39;
	@%p40 bra 	$L__BB0_20;
	bra.uni 	$L__BB0_19;

$L__BB0_20:
	setp.eq.f64 	%p41, %fd41, 0d7FF0000000000000;
	selp.f64 	%fd44, 0dFFF8000000000000, %fd13, %p41;
	bra.uni 	$L__BB0_21;

$L__BB0_1:
	setp.eq.f64 	%p4, %fd42, 0d0000000000000000;
	mov.f64 	%fd44, 0dFFF8000000000000;
	@%p4 bra 	$L__BB0_21;

	setp.ltu.f64 	%p5, %fd41, %fd42;
	mov.f64 	%fd44, %fd13;
	@%p5 bra 	$L__BB0_21;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r31}, %fd41;
	}
	shr.u32 	%r85, %r31, 20;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r32}, %fd42;
	}
	shr.u32 	%r86, %r32, 20;
	setp.ne.s32 	%p6, %r85, 0;
	@%p6 bra 	$L__BB0_5;

	mul{rn}.f64 	%fd41, %fd41, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r33}, %fd41;
	}
	shr.u32 	%r34, %r33, 20;
	add.s32 	%r85, %r34, -54;

$L__BB0_5:
	setp.ne.s32 	%p7, %r86, 0;
	@%p7 bra 	$L__BB0_7;

	mul{rn}.f64 	%fd42, %fd42, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r35}, %fd42;
	}
	shr.u32 	%r36, %r35, 20;
	add.s32 	%r86, %r36, -54;

$L__BB0_7:
	mov.b64 	%rd20, %fd41;
	and.b64  	%rd21, %rd20, 4503599627370495;
	or.b64  	%rd94, %rd21, 4503599627370496;
	mov.b64 	%rd22, %fd42;
	and.b64  	%rd23, %rd22, 4503599627370495;
	or.b64  	%rd2, %rd23, 4503599627370496;
	sub.s32 	%r92, %r85, %r86;
	not.b32 	%r37, %r85;
	add.s32 	%r38, %r86, %r37;
	max.s32 	%r39, %r38, -1;
	add.s32 	%r9, %r39, %r85;
	mov.u32 	%r40, 2;
	sub.s32 	%r41, %r40, %r86;
	add.s32 	%r42, %r41, %r9;
	and.b32  	%r88, %r42, 3;
	setp.eq.s32 	%p8, %r88, 0;
	@%p8 bra 	$L__BB0_9;

$L__BB0_8:
	.pragma \"nounroll\";
	sub.s64 	%rd24, %rd94, %rd2;
	mov.b64 	%fd16, %rd24;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r43}, %fd16;
	}
	setp.lt.s32 	%p9, %r43, 0;
	selp.b64 	%rd97, %rd94, %rd24, %p9;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r92, %r92, -1;
	add.s32 	%r88, %r88, -1;
	setp.ne.s32 	%p10, %r88, 0;
	@%p10 bra 	$L__BB0_8;

$L__BB0_9:
	mov.u32 	%r44, 1;
	sub.s32 	%r45, %r44, %r86;
	add.s32 	%r46, %r45, %r9;
	setp.lt.u32 	%p11, %r46, 3;
	@%p11 bra 	$L__BB0_15;

	not.b32 	%r47, %r92;
	max.s32 	%r48, %r47, -4;
	add.s32 	%r49, %r92, %r48;
	add.s32 	%r16, %r49, 4;
	shr.u32 	%r50, %r16, 2;
	add.s32 	%r51, %r50, 1;
	and.b32  	%r91, %r51, 3;
	setp.eq.s32 	%p12, %r91, 0;
	@%p12 bra 	$L__BB0_12;

$L__BB0_11:
	.pragma \"nounroll\";
	sub.s64 	%rd26, %rd94, %rd2;
	mov.b64 	%fd17, %rd26;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r52}, %fd17;
	}
	setp.lt.s32 	%p13, %r52, 0;
	selp.b64 	%rd27, %rd94, %rd26, %p13;
	shl.b64 	%rd28, %rd27, 1;
	sub.s64 	%rd29, %rd28, %rd2;
	mov.b64 	%fd18, %rd29;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r53}, %fd18;
	}
	setp.lt.s32 	%p14, %r53, 0;
	selp.b64 	%rd30, %rd28, %rd29, %p14;
	shl.b64 	%rd31, %rd30, 1;
	sub.s64 	%rd32, %rd31, %rd2;
	mov.b64 	%fd19, %rd32;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r54}, %fd19;
	}
	setp.lt.s32 	%p15, %r54, 0;
	selp.b64 	%rd33, %rd31, %rd32, %p15;
	shl.b64 	%rd34, %rd33, 1;
	sub.s64 	%rd35, %rd34, %rd2;
	mov.b64 	%fd20, %rd35;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd20;
	}
	setp.lt.s32 	%p16, %r55, 0;
	selp.b64 	%rd97, %rd34, %rd35, %p16;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r92, %r92, -4;
	add.s32 	%r91, %r91, -1;
	setp.ne.s32 	%p17, %r91, 0;
	@%p17 bra 	$L__BB0_11;

$L__BB0_12:
	setp.lt.u32 	%p18, %r16, 12;
	@%p18 bra 	$L__BB0_15;

	add.s32 	%r93, %r92, 16;

$L__BB0_14:
	sub.s64 	%rd36, %rd94, %rd2;
	mov.b64 	%fd21, %rd36;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r56}, %fd21;
	}
	setp.lt.s32 	%p19, %r56, 0;
	selp.b64 	%rd37, %rd94, %rd36, %p19;
	shl.b64 	%rd38, %rd37, 1;
	sub.s64 	%rd39, %rd38, %rd2;
	mov.b64 	%fd22, %rd39;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r57}, %fd22;
	}
	setp.lt.s32 	%p20, %r57, 0;
	selp.b64 	%rd40, %rd38, %rd39, %p20;
	shl.b64 	%rd41, %rd40, 1;
	sub.s64 	%rd42, %rd41, %rd2;
	mov.b64 	%fd23, %rd42;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r58}, %fd23;
	}
	setp.lt.s32 	%p21, %r58, 0;
	selp.b64 	%rd43, %rd41, %rd42, %p21;
	shl.b64 	%rd44, %rd43, 1;
	sub.s64 	%rd45, %rd44, %rd2;
	mov.b64 	%fd24, %rd45;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r59}, %fd24;
	}
	setp.lt.s32 	%p22, %r59, 0;
	selp.b64 	%rd46, %rd44, %rd45, %p22;
	shl.b64 	%rd47, %rd46, 1;
	sub.s64 	%rd48, %rd47, %rd2;
	mov.b64 	%fd25, %rd48;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r60}, %fd25;
	}
	setp.lt.s32 	%p23, %r60, 0;
	selp.b64 	%rd49, %rd47, %rd48, %p23;
	shl.b64 	%rd50, %rd49, 1;
	sub.s64 	%rd51, %rd50, %rd2;
	mov.b64 	%fd26, %rd51;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r61}, %fd26;
	}
	setp.lt.s32 	%p24, %r61, 0;
	selp.b64 	%rd52, %rd50, %rd51, %p24;
	shl.b64 	%rd53, %rd52, 1;
	sub.s64 	%rd54, %rd53, %rd2;
	mov.b64 	%fd27, %rd54;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd27;
	}
	setp.lt.s32 	%p25, %r62, 0;
	selp.b64 	%rd55, %rd53, %rd54, %p25;
	shl.b64 	%rd56, %rd55, 1;
	sub.s64 	%rd57, %rd56, %rd2;
	mov.b64 	%fd28, %rd57;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r63}, %fd28;
	}
	setp.lt.s32 	%p26, %r63, 0;
	selp.b64 	%rd58, %rd56, %rd57, %p26;
	shl.b64 	%rd59, %rd58, 1;
	sub.s64 	%rd60, %rd59, %rd2;
	mov.b64 	%fd29, %rd60;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r64}, %fd29;
	}
	setp.lt.s32 	%p27, %r64, 0;
	selp.b64 	%rd61, %rd59, %rd60, %p27;
	shl.b64 	%rd62, %rd61, 1;
	sub.s64 	%rd63, %rd62, %rd2;
	mov.b64 	%fd30, %rd63;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r65}, %fd30;
	}
	setp.lt.s32 	%p28, %r65, 0;
	selp.b64 	%rd64, %rd62, %rd63, %p28;
	shl.b64 	%rd65, %rd64, 1;
	sub.s64 	%rd66, %rd65, %rd2;
	mov.b64 	%fd31, %rd66;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r66}, %fd31;
	}
	setp.lt.s32 	%p29, %r66, 0;
	selp.b64 	%rd67, %rd65, %rd66, %p29;
	shl.b64 	%rd68, %rd67, 1;
	sub.s64 	%rd69, %rd68, %rd2;
	mov.b64 	%fd32, %rd69;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r67}, %fd32;
	}
	setp.lt.s32 	%p30, %r67, 0;
	selp.b64 	%rd70, %rd68, %rd69, %p30;
	shl.b64 	%rd71, %rd70, 1;
	sub.s64 	%rd72, %rd71, %rd2;
	mov.b64 	%fd33, %rd72;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r68}, %fd33;
	}
	setp.lt.s32 	%p31, %r68, 0;
	selp.b64 	%rd73, %rd71, %rd72, %p31;
	shl.b64 	%rd74, %rd73, 1;
	sub.s64 	%rd75, %rd74, %rd2;
	mov.b64 	%fd34, %rd75;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r69}, %fd34;
	}
	setp.lt.s32 	%p32, %r69, 0;
	selp.b64 	%rd76, %rd74, %rd75, %p32;
	shl.b64 	%rd77, %rd76, 1;
	sub.s64 	%rd78, %rd77, %rd2;
	mov.b64 	%fd35, %rd78;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r70}, %fd35;
	}
	setp.lt.s32 	%p33, %r70, 0;
	selp.b64 	%rd79, %rd77, %rd78, %p33;
	shl.b64 	%rd80, %rd79, 1;
	sub.s64 	%rd81, %rd80, %rd2;
	mov.b64 	%fd36, %rd81;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r71}, %fd36;
	}
	setp.lt.s32 	%p34, %r71, 0;
	selp.b64 	%rd97, %rd80, %rd81, %p34;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r93, %r93, -16;
	setp.gt.s32 	%p35, %r93, 15;
	@%p35 bra 	$L__BB0_14;

$L__BB0_15:
	and.b64  	%rd17, %rd97, 9223372036854775807;
	setp.eq.s64 	%p36, %rd17, 0;
	mov.f64 	%fd43, 0d0000000000000000;
	@%p36 bra 	$L__BB0_17;

	mov.b64 	%fd38, %rd17;
	mul{rn}.f64 	%fd39, %fd38, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r72}, %fd39;
	}
	shr.u32 	%r73, %r72, 20;
	mov.u32 	%r74, 55;
	sub.s32 	%r75, %r74, %r73;
	sub.s32 	%r76, %r86, %r75;
	shl.b64 	%rd82, %rd17, %r75;
	setp.lt.s32 	%p37, %r76, 1;
	mov.u32 	%r77, 1;
	sub.s32 	%r78, %r77, %r76;
	shr.u64 	%rd83, %rd82, %r78;
	add.s32 	%r79, %r76, -1;
	cvt.u64.u32 	%rd84, %r79;
	shl.b64 	%rd85, %rd84, 52;
	add.s64 	%rd86, %rd85, %rd82;
	selp.b64 	%rd87, %rd83, %rd86, %p37;
	mov.b64 	%fd43, %rd87;

$L__BB0_17:
	ld.param.b64 	%fd40, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r84}, %fd40;
	}
	and.b32  	%r80, %r84, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r81}, %fd43;
	}
	or.b32  	%r82, %r81, %r80;
	{
	.reg .b32 %temp;
	mov.b64 	{%r83, %temp}, %fd43;
	}
	mov.b64 	%fd44, {%r83, %r82};
	bra.uni 	$L__BB0_21;

$L__BB0_19:
	add.rn.f64 	%fd44, %fd13, %fd14;

$L__BB0_21:
	st.param.b64 	[{ret}], %fd44;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `remainder`: `fmod`'s long division with the last step rounding the quotient to nearest, ties to even.
pub(super) static REMAINDER: Variants = Variants {
    base: "	ld.param.b64 	%fd16, [{p0}];
	ld.param.b64 	%fd17, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd16;
	}
	and.b32  	%r33, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r34}, %fd17;
	}
	and.b32  	%r35, %r34, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r36, %temp}, %fd16;
	}
	mov.b64 	%fd46, {%r36, %r33};
	{
	.reg .b32 %temp;
	mov.b64 	{%r37, %temp}, %fd17;
	}
	mov.b64 	%fd2, {%r37, %r35};
	setp.gt.u32 	%p1, %r33, 2146435071;
	setp.gt.u32 	%p2, %r35, 2146435071;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_21;
	bra.uni 	$L__BB0_1;

$L__BB0_21:
	setp.le.f64 	%p42, %fd46, 0d7FF0000000000000;
	setp.le.f64 	%p43, %fd2, 0d7FF0000000000000;
	and.pred  	%p44, %p42, %p43;
	@%p44 bra 	$L__BB0_23;
	bra.uni 	$L__BB0_22;

$L__BB0_23:
	setp.eq.f64 	%p45, %fd46, 0d7FF0000000000000;
	selp.f64 	%fd48, 0dFFF8000000000000, %fd16, %p45;
	bra.uni 	$L__BB0_24;

$L__BB0_1:
	setp.eq.f64 	%p4, %fd2, 0d0000000000000000;
	mov.f64 	%fd48, 0dFFF8000000000000;
	@%p4 bra 	$L__BB0_24;

	setp.ltu.f64 	%p5, %fd46, %fd2;
	mov.u32 	%r107, 1;
	@%p5 bra 	$L__BB0_17;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r39}, %fd46;
	}
	shr.u32 	%r95, %r39, 20;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r40}, %fd2;
	}
	shr.u32 	%r96, %r40, 20;
	setp.ne.s32 	%p6, %r95, 0;
	@%p6 bra 	$L__BB0_5;

	mul{rn}.f64 	%fd46, %fd46, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd46;
	}
	shr.u32 	%r42, %r41, 20;
	add.s32 	%r95, %r42, -54;

$L__BB0_5:
	setp.ne.s32 	%p7, %r96, 0;
	mov.f64 	%fd45, %fd2;
	@%p7 bra 	$L__BB0_7;

	mul{rn}.f64 	%fd45, %fd2, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r43}, %fd45;
	}
	shr.u32 	%r44, %r43, 20;
	add.s32 	%r96, %r44, -54;

$L__BB0_7:
	mov.b64 	%rd20, %fd46;
	and.b64  	%rd21, %rd20, 4503599627370495;
	or.b64  	%rd94, %rd21, 4503599627370496;
	mov.b64 	%rd22, %fd45;
	and.b64  	%rd23, %rd22, 4503599627370495;
	or.b64  	%rd2, %rd23, 4503599627370496;
	sub.s32 	%r103, %r95, %r96;
	not.b32 	%r46, %r95;
	add.s32 	%r47, %r96, %r46;
	max.s32 	%r48, %r47, -1;
	add.s32 	%r9, %r48, %r95;
	mov.u32 	%r49, 2;
	sub.s32 	%r50, %r49, %r96;
	add.s32 	%r51, %r50, %r9;
	and.b32  	%r98, %r51, 3;
	setp.eq.s32 	%p8, %r98, 0;
	@%p8 bra 	$L__BB0_9;

$L__BB0_8:
	.pragma \"nounroll\";
	sub.s64 	%rd24, %rd94, %rd2;
	mov.b64 	%fd19, %rd24;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r52}, %fd19;
	}
	and.b32  	%r107, %r52, -2147483648;
	setp.eq.s32 	%p9, %r107, 0;
	selp.b64 	%rd97, %rd24, %rd94, %p9;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r103, %r103, -1;
	add.s32 	%r98, %r98, -1;
	setp.ne.s32 	%p10, %r98, 0;
	@%p10 bra 	$L__BB0_8;

$L__BB0_9:
	mov.u32 	%r53, 1;
	sub.s32 	%r54, %r53, %r96;
	add.s32 	%r55, %r54, %r9;
	setp.lt.u32 	%p11, %r55, 3;
	@%p11 bra 	$L__BB0_15;

	not.b32 	%r57, %r103;
	max.s32 	%r58, %r57, -4;
	add.s32 	%r59, %r103, %r58;
	add.s32 	%r18, %r59, 4;
	shr.u32 	%r60, %r18, 2;
	add.s32 	%r61, %r60, 1;
	and.b32  	%r102, %r61, 3;
	setp.eq.s32 	%p12, %r102, 0;
	@%p12 bra 	$L__BB0_12;

$L__BB0_11:
	.pragma \"nounroll\";
	sub.s64 	%rd26, %rd94, %rd2;
	mov.b64 	%fd20, %rd26;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd20;
	}
	setp.gt.s32 	%p13, %r62, -1;
	selp.b64 	%rd27, %rd26, %rd94, %p13;
	shl.b64 	%rd28, %rd27, 1;
	sub.s64 	%rd29, %rd28, %rd2;
	mov.b64 	%fd21, %rd29;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r63}, %fd21;
	}
	setp.gt.s32 	%p14, %r63, -1;
	selp.b64 	%rd30, %rd29, %rd28, %p14;
	shl.b64 	%rd31, %rd30, 1;
	sub.s64 	%rd32, %rd31, %rd2;
	mov.b64 	%fd22, %rd32;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r64}, %fd22;
	}
	setp.gt.s32 	%p15, %r64, -1;
	selp.b64 	%rd33, %rd32, %rd31, %p15;
	shl.b64 	%rd34, %rd33, 1;
	sub.s64 	%rd35, %rd34, %rd2;
	mov.b64 	%fd23, %rd35;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r65}, %fd23;
	}
	and.b32  	%r107, %r65, -2147483648;
	setp.eq.s32 	%p16, %r107, 0;
	selp.b64 	%rd97, %rd35, %rd34, %p16;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r103, %r103, -4;
	add.s32 	%r102, %r102, -1;
	setp.ne.s32 	%p17, %r102, 0;
	@%p17 bra 	$L__BB0_11;

$L__BB0_12:
	setp.lt.u32 	%p18, %r18, 12;
	@%p18 bra 	$L__BB0_15;

	add.s32 	%r105, %r103, 16;

$L__BB0_14:
	sub.s64 	%rd36, %rd94, %rd2;
	mov.b64 	%fd24, %rd36;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r66}, %fd24;
	}
	setp.gt.s32 	%p19, %r66, -1;
	selp.b64 	%rd37, %rd36, %rd94, %p19;
	shl.b64 	%rd38, %rd37, 1;
	sub.s64 	%rd39, %rd38, %rd2;
	mov.b64 	%fd25, %rd39;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r67}, %fd25;
	}
	setp.gt.s32 	%p20, %r67, -1;
	selp.b64 	%rd40, %rd39, %rd38, %p20;
	shl.b64 	%rd41, %rd40, 1;
	sub.s64 	%rd42, %rd41, %rd2;
	mov.b64 	%fd26, %rd42;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r68}, %fd26;
	}
	setp.gt.s32 	%p21, %r68, -1;
	selp.b64 	%rd43, %rd42, %rd41, %p21;
	shl.b64 	%rd44, %rd43, 1;
	sub.s64 	%rd45, %rd44, %rd2;
	mov.b64 	%fd27, %rd45;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r69}, %fd27;
	}
	setp.gt.s32 	%p22, %r69, -1;
	selp.b64 	%rd46, %rd45, %rd44, %p22;
	shl.b64 	%rd47, %rd46, 1;
	sub.s64 	%rd48, %rd47, %rd2;
	mov.b64 	%fd28, %rd48;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r70}, %fd28;
	}
	setp.gt.s32 	%p23, %r70, -1;
	selp.b64 	%rd49, %rd48, %rd47, %p23;
	shl.b64 	%rd50, %rd49, 1;
	sub.s64 	%rd51, %rd50, %rd2;
	mov.b64 	%fd29, %rd51;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r71}, %fd29;
	}
	setp.gt.s32 	%p24, %r71, -1;
	selp.b64 	%rd52, %rd51, %rd50, %p24;
	shl.b64 	%rd53, %rd52, 1;
	sub.s64 	%rd54, %rd53, %rd2;
	mov.b64 	%fd30, %rd54;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r72}, %fd30;
	}
	setp.gt.s32 	%p25, %r72, -1;
	selp.b64 	%rd55, %rd54, %rd53, %p25;
	shl.b64 	%rd56, %rd55, 1;
	sub.s64 	%rd57, %rd56, %rd2;
	mov.b64 	%fd31, %rd57;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r73}, %fd31;
	}
	setp.gt.s32 	%p26, %r73, -1;
	selp.b64 	%rd58, %rd57, %rd56, %p26;
	shl.b64 	%rd59, %rd58, 1;
	sub.s64 	%rd60, %rd59, %rd2;
	mov.b64 	%fd32, %rd60;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r74}, %fd32;
	}
	setp.gt.s32 	%p27, %r74, -1;
	selp.b64 	%rd61, %rd60, %rd59, %p27;
	shl.b64 	%rd62, %rd61, 1;
	sub.s64 	%rd63, %rd62, %rd2;
	mov.b64 	%fd33, %rd63;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r75}, %fd33;
	}
	setp.gt.s32 	%p28, %r75, -1;
	selp.b64 	%rd64, %rd63, %rd62, %p28;
	shl.b64 	%rd65, %rd64, 1;
	sub.s64 	%rd66, %rd65, %rd2;
	mov.b64 	%fd34, %rd66;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r76}, %fd34;
	}
	setp.gt.s32 	%p29, %r76, -1;
	selp.b64 	%rd67, %rd66, %rd65, %p29;
	shl.b64 	%rd68, %rd67, 1;
	sub.s64 	%rd69, %rd68, %rd2;
	mov.b64 	%fd35, %rd69;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r77}, %fd35;
	}
	setp.gt.s32 	%p30, %r77, -1;
	selp.b64 	%rd70, %rd69, %rd68, %p30;
	shl.b64 	%rd71, %rd70, 1;
	sub.s64 	%rd72, %rd71, %rd2;
	mov.b64 	%fd36, %rd72;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r78}, %fd36;
	}
	setp.gt.s32 	%p31, %r78, -1;
	selp.b64 	%rd73, %rd72, %rd71, %p31;
	shl.b64 	%rd74, %rd73, 1;
	sub.s64 	%rd75, %rd74, %rd2;
	mov.b64 	%fd37, %rd75;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r79}, %fd37;
	}
	setp.gt.s32 	%p32, %r79, -1;
	selp.b64 	%rd76, %rd75, %rd74, %p32;
	shl.b64 	%rd77, %rd76, 1;
	sub.s64 	%rd78, %rd77, %rd2;
	mov.b64 	%fd38, %rd78;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r80}, %fd38;
	}
	setp.gt.s32 	%p33, %r80, -1;
	selp.b64 	%rd79, %rd78, %rd77, %p33;
	shl.b64 	%rd80, %rd79, 1;
	sub.s64 	%rd81, %rd80, %rd2;
	mov.b64 	%fd39, %rd81;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r81}, %fd39;
	}
	and.b32  	%r107, %r81, -2147483648;
	setp.eq.s32 	%p34, %r107, 0;
	selp.b64 	%rd97, %rd81, %rd80, %p34;
	shl.b64 	%rd94, %rd97, 1;
	add.s32 	%r105, %r105, -16;
	setp.gt.s32 	%p35, %r105, 15;
	@%p35 bra 	$L__BB0_14;

$L__BB0_15:
	and.b64  	%rd17, %rd97, 9223372036854775807;
	setp.eq.s64 	%p36, %rd17, 0;
	mov.f64 	%fd46, 0d0000000000000000;
	@%p36 bra 	$L__BB0_17;

	mov.b64 	%fd41, %rd17;
	mul{rn}.f64 	%fd42, %fd41, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r82}, %fd42;
	}
	shr.u32 	%r83, %r82, 20;
	mov.u32 	%r84, 55;
	sub.s32 	%r85, %r84, %r83;
	sub.s32 	%r86, %r96, %r85;
	shl.b64 	%rd82, %rd17, %r85;
	setp.lt.s32 	%p37, %r86, 1;
	mov.u32 	%r87, 1;
	sub.s32 	%r88, %r87, %r86;
	shr.u64 	%rd83, %rd82, %r88;
	add.s32 	%r89, %r86, -1;
	cvt.u64.u32 	%rd84, %r89;
	shl.b64 	%rd85, %rd84, 52;
	add.s64 	%rd86, %rd85, %rd82;
	selp.b64 	%rd87, %rd83, %rd86, %p37;
	mov.b64 	%fd46, %rd87;

$L__BB0_17:
	add{rn}.f64 	%fd9, %fd46, %fd46;
	setp.gt.f64 	%p38, %fd9, %fd2;
	@%p38 bra 	$L__BB0_19;

	setp.neu.f64 	%p39, %fd9, %fd2;
	setp.ne.s32 	%p40, %r107, 0;
	or.pred  	%p41, %p39, %p40;
	@%p41 bra 	$L__BB0_20;

$L__BB0_19:
	sub{rn}.f64 	%fd46, %fd46, %fd2;

$L__BB0_20:
	ld.param.b64 	%fd43, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r94}, %fd43;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r90}, %fd46;
	}
	and.b32  	%r91, %r94, -2147483648;
	xor.b32  	%r92, %r90, %r91;
	{
	.reg .b32 %temp;
	mov.b64 	{%r93, %temp}, %fd46;
	}
	mov.b64 	%fd48, {%r93, %r92};
	bra.uni 	$L__BB0_24;

$L__BB0_22:
	add.rn.f64 	%fd48, %fd16, %fd17;

$L__BB0_24:
	st.param.b64 	[{ret}], %fd48;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `ldexp`: x·2ⁿ in exact steps by powers of two (n clamped), only the last rounding.
pub(super) static LDEXP: Variants = Variants {
    base: "	ld.param.b64 	%fd7, [{p0}];
	ld.param.b32 	%r3, [{p1}];
	min.s32 	%r4, %r3, 2200;
	max.s32 	%r1, %r4, -2200;
	abs.f64 	%fd1, %fd7;
	setp.eq.f64 	%p1, %fd1, 0d0000000000000000;
	setp.eq.f64 	%p2, %fd1, 0d7FF0000000000000;
	or.pred  	%p3, %p1, %p2;
	setp.eq.s32 	%p4, %r1, 0;
	or.pred  	%p5, %p4, %p3;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_1;

$L__BB0_6:
	setp.gt.f64 	%p8, %fd1, 0d0000000000000000;
	add{rn}.f64 	%fd17, %fd7, %fd7;
	selp.f64 	%fd18, %fd7, %fd17, %p8;
	bra.uni 	$L__BB0_7;

$L__BB0_1:
	abs.s32 	%r2, %r1;
	setp.lt.s32 	%p6, %r2, 1022;
	@%p6 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_2;

$L__BB0_5:
	shl.b32 	%r24, %r1, 20;
	add.s32 	%r25, %r24, 1072693248;
	mov.u32 	%r26, 0;
	mov.b64 	%fd16, {%r26, %r25};
	mul{rn}.f64 	%fd18, %fd16, %fd7;
	bra.uni 	$L__BB0_7;

$L__BB0_2:
	setp.lt.s32 	%p7, %r2, 2044;
	@%p7 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r1, 31;
	add.s32 	%r16, %r1, %r15;
	shr.s32 	%r17, %r16, 1;
	shl.b32 	%r18, %r17, 20;
	add.s32 	%r19, %r18, 1072693248;
	mov.u32 	%r20, 0;
	mov.b64 	%fd13, {%r20, %r19};
	mul{rn}.f64 	%fd14, %fd13, %fd7;
	sub.s32 	%r21, %r1, %r17;
	shl.b32 	%r22, %r21, 20;
	add.s32 	%r23, %r22, 1072693248;
	mov.b64 	%fd15, {%r20, %r23};
	mul{rn}.f64 	%fd18, %fd14, %fd15;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	shr.s32 	%r5, %r1, 31;
	shr.u32 	%r6, %r5, 30;
	add.s32 	%r7, %r1, %r6;
	shr.s32 	%r8, %r7, 2;
	shl.b32 	%r9, %r8, 20;
	add.s32 	%r10, %r9, 1072693248;
	mov.u32 	%r11, 0;
	mov.b64 	%fd8, {%r11, %r10};
	mul{rn}.f64 	%fd9, %fd8, %fd7;
	mul{rn}.f64 	%fd10, %fd8, %fd9;
	mul{rn}.f64 	%fd11, %fd8, %fd10;
	mad.lo.s32 	%r12, %r8, -3, %r1;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.b64 	%fd12, {%r11, %r14};
	mul{rn}.f64 	%fd18, %fd12, %fd11;

$L__BB0_7:
	st.param.b64 	[{ret}], %fd18;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `frexp`: mantissa in [0.5, 1) and exponent from the bits, subnormals scaled by 2⁵⁴ first; zeros, infinities and NaNs with exponent 0.
pub(super) static FREXP: Variants = Variants {
    base: "	ld.param.b64 	%fd7, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r6}, %fd7;
	}
	and.b32  	%r11, %r6, 2146435072;
	setp.ne.s32 	%p1, %r11, 0;
	@%p1 bra 	$L__BB0_2;

	mul{rn}.f64 	%fd7, %fd7, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd7;
	}
	and.b32  	%r8, %r7, 2146435072;
	add.s32 	%r11, %r8, -56623104;

$L__BB0_2:
	setp.gt.s32 	%p2, %r11, 2146435071;
	setp.eq.f64 	%p3, %fd7, 0d0000000000000000;
	or.pred  	%p4, %p3, %p2;
	@%p4 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	add{rn}.f64 	%fd8, %fd7, %fd7;
	mov.u32 	%r12, 0;
	bra.uni 	$L__BB0_5;

$L__BB0_3:
	mov.b64 	%rd3, %fd7;
	and.b64  	%rd4, %rd3, -9218868437227405313;
	or.b64  	%rd5, %rd4, 4602678819172646912;
	mov.b64 	%fd8, %rd5;
	add.s32 	%r9, %r11, -1071644672;
	shr.s32 	%r12, %r9, 20;

$L__BB0_5:
	st.param.b32 	[{ret1}], %r12;
	st.param.b64 	[{ret}], %fd8;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `modf`: the integral part by `cvt.rzi` and the fractional part x − that with x's sign; infinity gives a ±0 fraction.
pub(super) static MODF: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd5;
	}
	and.b32  	%r2, %r1, 2146435072;
	setp.eq.s32 	%p1, %r2, 2146435072;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	{
	.reg .b32 %temp;
	mov.b64 	{%r7, %temp}, %fd5;
	}
	and.b32  	%r8, %r1, 2147483647;
	setp.eq.s32 	%p2, %r8, 2146435072;
	setp.eq.s32 	%p3, %r7, 0;
	and.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	st.param.b64 	[{ret1}], %fd5;
	and.b32  	%r9, %r1, -2147483648;
	mov.f64 	%fd8, 0d0000000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r10}, %fd8;
	}
	or.b32  	%r11, %r10, %r9;
	{
	.reg .b32 %temp;
	mov.b64 	{%r12, %temp}, %fd8;
	}
	mov.b64 	%fd9, {%r12, %r11};
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	cvt.rzi.f64.f64 	%fd6, %fd5;
	st.param.b64 	[{ret1}], %fd6;
	sub{rn}.f64 	%fd7, %fd5, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd7;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd7;
	}
	and.b32  	%r5, %r1, -2147483648;
	or.b32  	%r6, %r4, %r5;
	mov.b64 	%fd9, {%r3, %r6};
	bra.uni 	$L__BB0_5;

$L__BB0_3:
	add{rn}.f64 	%fd9, %fd5, %fd5;
	st.param.b64 	[{ret1}], %fd9;

$L__BB0_5:
	st.param.b64 	[{ret}], %fd9;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
