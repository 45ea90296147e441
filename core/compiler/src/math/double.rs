//! Double-precision functions and intrinsics. `-ftz`, `-prec-div` and `-prec-sqrt` do not touch
//! `double` arithmetic; fast math changes only the few `float` comparisons some reductions make.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `sqrt`: `sqrt.rn.f64`.
pub(super) static SQRT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	sqrt.rn.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rsqrt`: `rsqrt.approx.f64`, as NVRTC emits it.
pub(super) static RSQRT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	rsqrt.approx.f64 	%fd2, %fd1;
	st.param.b64 	[{ret}], %fd2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cbrt`: an initial guess from the exponent bits refined by Newton steps in `fma`s, with the sign restored and zeros, infinities and NaNs passed through.
pub(super) static CBRT: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r29, %temp}, %fd4;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd4;
	}
	and.b32  	%r30, %r2, 2147483647;
	setp.lt.u32 	%p1, %r30, 2146435072;
	setp.neu.f64 	%p2, %fd4, 0d0000000000000000;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	shr.u32 	%r31, %r30, 20;
	setp.ne.s32 	%p4, %r31, 0;
	mov.u32 	%r32, 0;
	@%p4 bra 	$L__BB0_4;

	mov.b64 	%fd5, {%r29, %r30};
	mul{rn}.f64 	%fd6, %fd5, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%r29, %temp}, %fd6;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r30}, %fd6;
	}
	shr.u32 	%r31, %r30, 20;
	mov.u32 	%r32, 18;

$L__BB0_4:
	add.s32 	%r14, %r31, -1022;
	cvt.rn.f32.s32 	%f1, %r14;
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3EAAAAAB;
	cvt.rni{ftz}.s32.f32 	%r15, %f2;
	mad.lo.s32 	%r16, %r15, -3145728, %r30;
	mov.b64 	%fd7, {%r29, %r16};
	cvt.rn{ftz}.f32.f64 	%f3, %fd7;
	lg2.approx.ftz.f32 	%f4, %f3;
	mul{rn}{ftz}.f32 	%f5, %f4, 0f3EAAAAAB;
	ex2.approx.ftz.f32 	%f6, %f5;
	cvt{ftz}.f64.f32 	%fd8, %f6;
	mul{rn}.f64 	%fd9, %fd8, %fd8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r17, %temp}, %fd9;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r18}, %fd9;
	}
	add.s32 	%r19, %r18, 1048576;
	mov.b64 	%fd10, {%r17, %r19};
	fma.rn.f64 	%fd11, %fd10, %fd8, %fd7;
	rcp.approx.ftz.f64 	%fd12, %fd11;
	neg.f64 	%fd13, %fd11;
	mov.f64 	%fd14, 0d3FF0000000000000;
	fma.rn.f64 	%fd15, %fd13, %fd12, %fd14;
	fma.rn.f64 	%fd16, %fd15, %fd15, %fd15;
	fma.rn.f64 	%fd17, %fd16, %fd12, %fd12;
	neg.f64 	%fd18, %fd8;
	fma.rn.f64 	%fd19, %fd9, %fd18, %fd7;
	mul{rn}.f64 	%fd20, %fd17, %fd19;
	fma.rn.f64 	%fd21, %fd8, %fd20, %fd8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r20, %temp}, %fd21;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r21}, %fd21;
	}
	sub.s32 	%r22, %r15, %r32;
	shl.b32 	%r23, %r22, 20;
	add.s32 	%r24, %r21, %r23;
	mov.b64 	%fd22, {%r20, %r24};
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd22;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r26}, %fd22;
	}
	and.b32  	%r27, %r2, -2147483648;
	or.b32  	%r28, %r26, %r27;
	mov.b64 	%fd23, {%r25, %r28};
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	add{rn}.f64 	%fd23, %fd4, %fd4;

$L__BB0_5:
	st.param.b64 	[{ret}], %fd23;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `exp`: x = k·ln2 + r (k by the round-to-integer bits trick, ln2 in two parts), a degree-11 polynomial for eʳ, scaled by 2ᵏ in one or two steps so that results near overflow and underflow (to subnormals) round once; overflow to infinity, underflow to zero, NaN passed through.
pub(super) static EXP: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	mov.f64 	%fd6, 0d4338000000000000;
	mov.f64 	%fd7, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd8, %fd5, %fd7, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%r1, %temp}, %fd8;
	}
	mov.f64 	%fd9, 0dC338000000000000;
	add.rn.f64 	%fd10, %fd8, %fd9;
	mov.f64 	%fd11, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd12, %fd10, %fd11, %fd5;
	mov.f64 	%fd13, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd14, %fd10, %fd13, %fd12;
	mov.f64 	%fd15, 0d3E928AF3FCA213EA;
	mov.f64 	%fd16, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd17, %fd16, %fd14, %fd15;
	mov.f64 	%fd18, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd19, %fd17, %fd14, %fd18;
	mov.f64 	%fd20, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd21, %fd19, %fd14, %fd20;
	mov.f64 	%fd22, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd23, %fd21, %fd14, %fd22;
	mov.f64 	%fd24, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd25, %fd23, %fd14, %fd24;
	mov.f64 	%fd26, 0d3F81111111122322;
	fma.rn.f64 	%fd27, %fd25, %fd14, %fd26;
	mov.f64 	%fd28, 0d3FA55555555502A1;
	fma.rn.f64 	%fd29, %fd27, %fd14, %fd28;
	mov.f64 	%fd30, 0d3FC5555555555511;
	fma.rn.f64 	%fd31, %fd29, %fd14, %fd30;
	mov.f64 	%fd32, 0d3FE000000000000B;
	fma.rn.f64 	%fd33, %fd31, %fd14, %fd32;
	mov.f64 	%fd34, 0d3FF0000000000000;
	fma.rn.f64 	%fd35, %fd33, %fd14, %fd34;
	fma.rn.f64 	%fd36, %fd35, %fd14, %fd34;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd36;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd36;
	}
	shl.b32 	%r4, %r1, 20;
	add.s32 	%r5, %r3, %r4;
	mov.b64 	%fd40, {%r2, %r5};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r6}, %fd5;
	}
	mov.b32 	%f2, %r6;
	abs{ftz}.f32 	%f1, %f2;
	setp.lt{ftz}.f32 	%p1, %f1, 0f4086232B;
	@%p1 bra 	$L__BB0_3;

	setp.lt.f64 	%p2, %fd5, 0d0000000000000000;
	add{rn}.f64 	%fd37, %fd5, 0d7FF0000000000000;
	selp.f64 	%fd40, 0d0000000000000000, %fd37, %p2;
	setp.geu{ftz}.f32 	%p3, %f1, 0f40874800;
	@%p3 bra 	$L__BB0_3;

	shr.u32 	%r7, %r1, 31;
	add.s32 	%r8, %r1, %r7;
	shr.s32 	%r9, %r8, 1;
	shl.b32 	%r10, %r9, 20;
	add.s32 	%r11, %r3, %r10;
	mov.b64 	%fd38, {%r2, %r11};
	sub.s32 	%r12, %r1, %r9;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.u32 	%r15, 0;
	mov.b64 	%fd39, {%r15, %r14};
	mul{rn}.f64 	%fd40, %fd38, %fd39;

$L__BB0_3:
	st.param.b64 	[{ret}], %fd40;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `exp2`: as `exp`, the argument scaled by ln2 exactly in two parts.
pub(super) static EXP2: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	mov.f64 	%fd6, 0d4338000000000000;
	add.rn.f64 	%fd7, %fd5, %fd6;
	mov.f64 	%fd8, 0dC338000000000000;
	add.rn.f64 	%fd9, %fd7, %fd8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r1, %temp}, %fd7;
	}
	sub{rn}.f64 	%fd10, %fd5, %fd9;
	mul{rn}.f64 	%fd11, %fd10, 0d3C7ABC9E3B39803F;
	mov.f64 	%fd12, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd13, %fd10, %fd12, %fd11;
	mov.f64 	%fd14, 0d3E928AF3FCA213EA;
	mov.f64 	%fd15, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd16, %fd15, %fd13, %fd14;
	mov.f64 	%fd17, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd18, %fd16, %fd13, %fd17;
	mov.f64 	%fd19, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd20, %fd18, %fd13, %fd19;
	mov.f64 	%fd21, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd22, %fd20, %fd13, %fd21;
	mov.f64 	%fd23, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd24, %fd22, %fd13, %fd23;
	mov.f64 	%fd25, 0d3F81111111122322;
	fma.rn.f64 	%fd26, %fd24, %fd13, %fd25;
	mov.f64 	%fd27, 0d3FA55555555502A1;
	fma.rn.f64 	%fd28, %fd26, %fd13, %fd27;
	mov.f64 	%fd29, 0d3FC5555555555511;
	fma.rn.f64 	%fd30, %fd28, %fd13, %fd29;
	mov.f64 	%fd31, 0d3FE000000000000B;
	fma.rn.f64 	%fd32, %fd30, %fd13, %fd31;
	mov.f64 	%fd33, 0d3FF0000000000000;
	fma.rn.f64 	%fd34, %fd32, %fd13, %fd33;
	fma.rn.f64 	%fd35, %fd34, %fd13, %fd33;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd35;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd35;
	}
	shl.b32 	%r5, %r1, 20;
	add.s32 	%r6, %r3, %r5;
	mov.b64 	%fd41, {%r2, %r6};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd5;
	}
	mov.b32 	%f2, %r4;
	abs{ftz}.f32 	%f1, %f2;
	setp.lt{ftz}.f32 	%p1, %f1, 0f408FF000;
	@%p1 bra 	$L__BB0_3;

	setp.lt.s32 	%p2, %r4, 0;
	selp.f64 	%fd36, 0d0000000000000000, 0d7FF0000000000000, %p2;
	abs.f64 	%fd37, %fd5;
	setp.gtu.f64 	%p3, %fd37, 0d7FF0000000000000;
	add{rn}.f64 	%fd38, %fd5, %fd5;
	selp.f64 	%fd41, %fd38, %fd36, %p3;
	setp.geu{ftz}.f32 	%p4, %f1, 0f4090CC00;
	@%p4 bra 	$L__BB0_3;

	shr.u32 	%r7, %r1, 31;
	add.s32 	%r8, %r1, %r7;
	shr.s32 	%r9, %r8, 1;
	shl.b32 	%r10, %r9, 20;
	add.s32 	%r11, %r3, %r10;
	mov.b64 	%fd39, {%r2, %r11};
	sub.s32 	%r12, %r1, %r9;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.u32 	%r15, 0;
	mov.b64 	%fd40, {%r15, %r14};
	mul{rn}.f64 	%fd41, %fd39, %fd40;

$L__BB0_3:
	st.param.b64 	[{ret}], %fd41;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `exp10`: as `exp`, the argument multiplied by ln10 in double-double.
pub(super) static EXP10: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	mov.f64 	%fd6, 0d4338000000000000;
	mov.f64 	%fd7, 0d400A934F0979A371;
	fma.rn.f64 	%fd8, %fd5, %fd7, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%r1, %temp}, %fd8;
	}
	mov.f64 	%fd9, 0dC338000000000000;
	add.rn.f64 	%fd10, %fd8, %fd9;
	mov.f64 	%fd11, 0dBFD34413509F79FF;
	fma.rn.f64 	%fd12, %fd10, %fd11, %fd5;
	mov.f64 	%fd13, 0d3C49DC1DA994FD21;
	fma.rn.f64 	%fd14, %fd10, %fd13, %fd12;
	mul{rn}.f64 	%fd15, %fd14, 0dBCAF48AD494EA3E9;
	mov.f64 	%fd16, 0d40026BB1BBB55516;
	fma.rn.f64 	%fd17, %fd14, %fd16, %fd15;
	mov.f64 	%fd18, 0d3E928AF3FCA213EA;
	mov.f64 	%fd19, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd20, %fd19, %fd17, %fd18;
	mov.f64 	%fd21, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd22, %fd20, %fd17, %fd21;
	mov.f64 	%fd23, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd24, %fd22, %fd17, %fd23;
	mov.f64 	%fd25, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd26, %fd24, %fd17, %fd25;
	mov.f64 	%fd27, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd28, %fd26, %fd17, %fd27;
	mov.f64 	%fd29, 0d3F81111111122322;
	fma.rn.f64 	%fd30, %fd28, %fd17, %fd29;
	mov.f64 	%fd31, 0d3FA55555555502A1;
	fma.rn.f64 	%fd32, %fd30, %fd17, %fd31;
	mov.f64 	%fd33, 0d3FC5555555555511;
	fma.rn.f64 	%fd34, %fd32, %fd17, %fd33;
	mov.f64 	%fd35, 0d3FE000000000000B;
	fma.rn.f64 	%fd36, %fd34, %fd17, %fd35;
	mov.f64 	%fd37, 0d3FF0000000000000;
	fma.rn.f64 	%fd38, %fd36, %fd17, %fd37;
	fma.rn.f64 	%fd39, %fd38, %fd17, %fd37;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd39;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd39;
	}
	shl.b32 	%r5, %r1, 20;
	add.s32 	%r6, %r3, %r5;
	mov.b64 	%fd45, {%r2, %r6};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd5;
	}
	mov.b32 	%f2, %r4;
	abs{ftz}.f32 	%f1, %f2;
	setp.lt{ftz}.f32 	%p1, %f1, 0f40733A71;
	@%p1 bra 	$L__BB0_3;

	setp.lt.s32 	%p2, %r4, 0;
	selp.f64 	%fd40, 0d0000000000000000, 0d7FF0000000000000, %p2;
	abs.f64 	%fd41, %fd5;
	setp.gtu.f64 	%p3, %fd41, 0d7FF0000000000000;
	add{rn}.f64 	%fd42, %fd5, %fd5;
	selp.f64 	%fd45, %fd42, %fd40, %p3;
	setp.geu{ftz}.f32 	%p4, %f1, 0f407439B8;
	@%p4 bra 	$L__BB0_3;

	shr.u32 	%r7, %r1, 31;
	add.s32 	%r8, %r1, %r7;
	shr.s32 	%r9, %r8, 1;
	shl.b32 	%r10, %r9, 20;
	add.s32 	%r11, %r3, %r10;
	mov.b64 	%fd43, {%r2, %r11};
	sub.s32 	%r12, %r1, %r9;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.u32 	%r15, 0;
	mov.b64 	%fd44, {%r15, %r14};
	mul{rn}.f64 	%fd45, %fd43, %fd44;

$L__BB0_3:
	st.param.b64 	[{ret}], %fd45;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `expm1`: as `exp`'s reduction, then 2ᵏ·(eʳ − 1) + (2ᵏ − 1) recombined without cancellation, with the small-argument and saturating branches.
pub(super) static EXPM1: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd4;
	}
	mov.b32 	%f1, %r1;
	setp.lt{ftz}.f32 	%p1, %f1, 0f40862E43;
	setp.gt{ftz}.f32 	%p2, %f1, 0fC04A8000;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mov.f64 	%fd8, 0d4338000000000000;
	mov.f64 	%fd9, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd10, %fd4, %fd9, %fd8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd10;
	}
	mov.f64 	%fd11, 0dC338000000000000;
	add.rn.f64 	%fd12, %fd10, %fd11;
	mov.f64 	%fd13, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd14, %fd12, %fd13, %fd4;
	mov.f64 	%fd15, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd16, %fd12, %fd15, %fd14;
	shl.b32 	%r3, %r1, 1;
	setp.lt.u32 	%p6, %r3, 2142496327;
	selp.f64 	%fd17, %fd4, %fd16, %p6;
	selp.b32 	%r4, 0, %r2, %p6;
	mov.u32 	%r5, 0;
	mov.f64 	%fd18, 0d3E5AF86D8EBD13CD;
	mov.f64 	%fd19, 0d3E21F4076ACD15B6;
	fma.rn.f64 	%fd20, %fd19, %fd17, %fd18;
	mov.f64 	%fd21, 0d3E927E5092BA033D;
	fma.rn.f64 	%fd22, %fd20, %fd17, %fd21;
	mov.f64 	%fd23, 0d3EC71DDE6C5F9DA1;
	fma.rn.f64 	%fd24, %fd22, %fd17, %fd23;
	mov.f64 	%fd25, 0d3EFA01A018D034E6;
	fma.rn.f64 	%fd26, %fd24, %fd17, %fd25;
	mov.f64 	%fd27, 0d3F2A01A01B3B6940;
	fma.rn.f64 	%fd28, %fd26, %fd17, %fd27;
	mov.f64 	%fd29, 0d3F56C16C16C1B5DD;
	fma.rn.f64 	%fd30, %fd28, %fd17, %fd29;
	mov.f64 	%fd31, 0d3F8111111110F74D;
	fma.rn.f64 	%fd32, %fd30, %fd17, %fd31;
	mov.f64 	%fd33, 0d3FA555555555554D;
	fma.rn.f64 	%fd34, %fd32, %fd17, %fd33;
	mov.f64 	%fd35, 0d3FC5555555555557;
	fma.rn.f64 	%fd36, %fd34, %fd17, %fd35;
	mov.f64 	%fd37, 0d3FE0000000000000;
	fma.rn.f64 	%fd38, %fd36, %fd17, %fd37;
	mul{rn}.f64 	%fd39, %fd17, %fd38;
	fma.rn.f64 	%fd40, %fd39, %fd17, %fd17;
	setp.eq.s32 	%p7, %r4, 1024;
	selp.b32 	%r6, -1, 0, %p7;
	add.s32 	%r7, %r4, %r6;
	shl.b32 	%r8, %r7, 20;
	add.s32 	%r9, %r8, 1072693248;
	mov.u32 	%r10, 1072693248;
	mov.b64 	%fd41, {%r5, %r9};
	mov.b64 	%fd42, {%r5, %r10};
	sub{rn}.f64 	%fd43, %fd41, %fd42;
	fma.rn.f64 	%fd44, %fd40, %fd41, %fd43;
	add{rn}.f64 	%fd45, %fd44, %fd44;
	setp.eq.s32 	%p8, %r3, 0;
	selp.f64 	%fd46, %fd45, %fd44, %p7;
	selp.f64 	%fd47, %fd17, %fd46, %p8;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.lt.s32 	%p4, %r1, 0;
	abs.f64 	%fd5, %fd4;
	setp.gtu.f64 	%p5, %fd5, 0d7FF0000000000000;
	selp.f64 	%fd6, 0dBFF0000000000000, 0d7FF0000000000000, %p4;
	add{rn}.f64 	%fd7, %fd4, %fd4;
	selp.f64 	%fd47, %fd7, %fd6, %p5;

$L__BB0_3:
	st.param.b64 	[{ret}], %fd47;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log`: subnormals scaled by 2⁵⁴; m in [0.7, 1.4) and e from the bits; ln(m) through f = (m−1)/(m+1) (an `rcp.approx.ftz.f64` refined by `fma`s) and an odd polynomial in f, plus e·ln2 in two parts; zero to −inf, negative to NaN, inf and NaN passed through. Without contraction NVRTC computes 2·f·u with an add where it has an `fma`: a body of its own.
pub(super) static LOG: Variants = Variants {
    base: "	ld.param.b64 	%fd56, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd56;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd56;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.f64 	%fd56, %fd56, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd56;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd56;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd57, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd57;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd57;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd57, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.f64 	%fd12, %fd57, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.f64 	%fd19, %fd57, 0dBFF0000000000000;
	mul.f64 	%fd20, %fd19, %fd18;
	fma.rn.f64 	%fd21, %fd19, %fd18, %fd20;
	mul.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.f64 	%fd38, %fd19, %fd21;
	add.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.f64 	%fd42, %fd18, %fd41;
	mul.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.f64 	%fd52, %fd51, %fd21;
	sub.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.f64 	%fd58, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd56, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd56;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd58, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd56, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd56;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd56;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.rn.f64 	%fd56, %fd56, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd56;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd56;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd57, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd57;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd57;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd57, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.rn.f64 	%fd12, %fd57, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.rn.f64 	%fd19, %fd57, 0dBFF0000000000000;
	mul.rn.f64 	%fd20, %fd19, %fd18;
	add.rn.f64 	%fd21, %fd20, %fd20;
	mul.rn.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.rn.f64 	%fd38, %fd19, %fd21;
	add.rn.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.rn.f64 	%fd42, %fd18, %fd41;
	mul.rn.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.rn.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.rn.f64 	%fd52, %fd51, %fd21;
	sub.rn.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.rn.f64 	%fd58, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd56, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd56;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd58, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log2`: the reduction of `log`, the result scaled by log₂e in double-double.
pub(super) static LOG2: Variants = Variants {
    base: "	ld.param.b64 	%fd59, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.f64 	%fd59, %fd59, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd60, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd60;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd60, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.f64 	%fd12, %fd60, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.f64 	%fd19, %fd60, 0dBFF0000000000000;
	mul.f64 	%fd20, %fd19, %fd18;
	fma.rn.f64 	%fd21, %fd19, %fd18, %fd20;
	mul.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.f64 	%fd38, %fd19, %fd21;
	add.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.f64 	%fd42, %fd18, %fd41;
	mul.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.f64 	%fd52, %fd51, %fd21;
	sub.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.f64 	%fd61, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd59, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd59;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd61, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	mul.f64 	%fd56, %fd61, 0d3C7777D0FFDA0D24;
	mov.f64 	%fd57, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd58, %fd61, %fd57, %fd56;
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd59, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.rn.f64 	%fd59, %fd59, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd60, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd60;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd60, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.rn.f64 	%fd12, %fd60, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.rn.f64 	%fd19, %fd60, 0dBFF0000000000000;
	mul.rn.f64 	%fd20, %fd19, %fd18;
	add.rn.f64 	%fd21, %fd20, %fd20;
	mul.rn.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.rn.f64 	%fd38, %fd19, %fd21;
	add.rn.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.rn.f64 	%fd42, %fd18, %fd41;
	mul.rn.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.rn.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.rn.f64 	%fd52, %fd51, %fd21;
	sub.rn.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.rn.f64 	%fd61, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd59, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd59;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd61, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	mul.rn.f64 	%fd56, %fd61, 0d3C7777D0FFDA0D24;
	mov.f64 	%fd57, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd58, %fd61, %fd57, %fd56;
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log10`: the reduction of `log`, the result scaled by log₁₀e in double-double.
pub(super) static LOG10: Variants = Variants {
    base: "	ld.param.b64 	%fd59, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.f64 	%fd59, %fd59, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd60, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd60;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd60, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.f64 	%fd12, %fd60, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.f64 	%fd19, %fd60, 0dBFF0000000000000;
	mul.f64 	%fd20, %fd19, %fd18;
	fma.rn.f64 	%fd21, %fd19, %fd18, %fd20;
	mul.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.f64 	%fd38, %fd19, %fd21;
	add.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.f64 	%fd42, %fd18, %fd41;
	mul.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.f64 	%fd52, %fd51, %fd21;
	sub.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.f64 	%fd61, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd59, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd59;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd61, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	mul.f64 	%fd56, %fd61, 0d3C695355BAAAFAD3;
	mov.f64 	%fd57, 0d3FDBCB7B1526E50E;
	fma.rn.f64 	%fd58, %fd61, %fd57, %fd56;
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd59, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	setp.gt.s32 	%p1, %r24, 1048575;
	mov.u32 	%r26, -1023;
	@%p1 bra 	$L__BB0_2;

	mul.rn.f64 	%fd59, %fd59, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd59;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd59;
	}
	mov.u32 	%r26, -1077;

$L__BB0_2:
	add.s32 	%r13, %r24, -1;
	setp.lt.u32 	%p2, %r13, 2146435071;
	@%p2 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r15, %r24, 20;
	add.s32 	%r27, %r26, %r15;
	and.b32  	%r16, %r24, -2146435073;
	or.b32  	%r17, %r16, 1072693248;
	mov.b64 	%fd60, {%r25, %r17};
	setp.lt.s32 	%p4, %r17, 1073127583;
	@%p4 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd60;
	}
	add.s32 	%r20, %r19, -1048576;
	mov.b64 	%fd60, {%r18, %r20};
	add.s32 	%r27, %r27, 1;

$L__BB0_6:
	add.rn.f64 	%fd12, %fd60, 0d3FF0000000000000;
	mov.f64 	%fd13, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd14, %fd12;
	neg.f64 	%fd15, %fd12;
	fma.rn.f64 	%fd16, %fd15, %fd14, %fd13;
	fma.rn.f64 	%fd17, %fd16, %fd16, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd14, %fd14;
	add.rn.f64 	%fd19, %fd60, 0dBFF0000000000000;
	mul.rn.f64 	%fd20, %fd19, %fd18;
	add.rn.f64 	%fd21, %fd20, %fd20;
	mul.rn.f64 	%fd22, %fd21, %fd21;
	mov.f64 	%fd23, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd24, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3F624924923BE72D;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FB5555555555554;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	sub.rn.f64 	%fd38, %fd19, %fd21;
	add.rn.f64 	%fd39, %fd38, %fd38;
	neg.f64 	%fd40, %fd21;
	fma.rn.f64 	%fd41, %fd40, %fd19, %fd39;
	mul.rn.f64 	%fd42, %fd18, %fd41;
	mul.rn.f64 	%fd43, %fd22, %fd37;
	fma.rn.f64 	%fd44, %fd43, %fd21, %fd42;
	xor.b32  	%r21, %r27, -2147483648;
	mov.u32 	%r22, -2147483648;
	mov.u32 	%r23, 1127219200;
	mov.b64 	%fd45, {%r21, %r23};
	mov.b64 	%fd46, {%r22, %r23};
	sub.rn.f64 	%fd47, %fd45, %fd46;
	mov.f64 	%fd48, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd49, %fd47, %fd48, %fd21;
	neg.f64 	%fd50, %fd47;
	fma.rn.f64 	%fd51, %fd50, %fd48, %fd49;
	sub.rn.f64 	%fd52, %fd51, %fd21;
	sub.rn.f64 	%fd53, %fd44, %fd52;
	mov.f64 	%fd54, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd55, %fd47, %fd54, %fd53;
	add.rn.f64 	%fd61, %fd49, %fd55;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	mov.f64 	%fd10, 0d7FF0000000000000;
	fma.rn.f64 	%fd11, %fd59, %fd10, %fd10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r14}, %fd59;
	}
	mov.b32 	%f1, %r14;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f64 	%fd61, 0dFFF0000000000000, %fd11, %p3;

$L__BB0_7:
	mul.rn.f64 	%fd56, %fd61, 0d3C695355BAAAFAD3;
	mov.f64 	%fd57, 0d3FDBCB7B1526E50E;
	fma.rn.f64 	%fd58, %fd61, %fd57, %fd56;
	st.param.b64 	[{ret}], %fd58;
	ret;
",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log1p`: small |x| through the odd polynomial directly, otherwise 1 + x split into scale and mantissa with the rounding error of the add carried along, then `log`'s polynomial.
pub(super) static LOG1P: Variants = Variants {
    base: "	ld.param.b64 	%fd11, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r11}, %fd11;
	}
	mov.b32 	%f1, %r11;
	setp.lt{ftz}.f32 	%p1, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p2, %f1, 0fBFD99999;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_1;

$L__BB0_8:
	add.f64 	%fd58, %fd11, 0d4000000000000000;
	div.rn.f64 	%fd59, %fd11, %fd58;
	mul.f64 	%fd60, %fd59, %fd11;
	neg.f64 	%fd61, %fd60;
	sub.f64 	%fd62, %fd11, %fd60;
	mul.f64 	%fd63, %fd62, %fd62;
	mov.f64 	%fd64, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd65, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd66, %fd65, %fd63, %fd64;
	mov.f64 	%fd67, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd68, %fd66, %fd63, %fd67;
	mov.f64 	%fd69, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd70, %fd68, %fd63, %fd69;
	mov.f64 	%fd71, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd72, %fd70, %fd63, %fd71;
	mov.f64 	%fd73, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd74, %fd72, %fd63, %fd73;
	mov.f64 	%fd75, 0d3F899999999D70C4;
	fma.rn.f64 	%fd76, %fd74, %fd63, %fd75;
	mov.f64 	%fd77, 0d3FB5555555555462;
	fma.rn.f64 	%fd78, %fd76, %fd63, %fd77;
	mul.f64 	%fd79, %fd63, %fd78;
	fma.rn.f64 	%fd80, %fd79, %fd62, %fd61;
	add.f64 	%fd83, %fd80, %fd11;
	bra.uni 	$L__BB0_9;

$L__BB0_1:
	add.f64 	%fd81, %fd11, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd81;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd81;
	}
	setp.gt.s32 	%p4, %r25, 1048575;
	mov.u32 	%r27, -1023;
	@%p4 bra 	$L__BB0_3;

	mul.f64 	%fd81, %fd81, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd81;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd81;
	}
	mov.u32 	%r27, -1077;

$L__BB0_3:
	add.s32 	%r14, %r25, -1;
	setp.lt.u32 	%p5, %r14, 2146435071;
	@%p5 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r16, %r25, 20;
	add.s32 	%r28, %r27, %r16;
	and.b32  	%r17, %r25, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd82, {%r26, %r18};
	setp.lt.s32 	%p7, %r18, 1073127583;
	@%p7 bra 	$L__BB0_7;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd82;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd82;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd82, {%r19, %r21};
	add.s32 	%r28, %r28, 1;

$L__BB0_7:
	add.f64 	%fd14, %fd82, 0d3FF0000000000000;
	mov.f64 	%fd15, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd16, %fd14;
	neg.f64 	%fd17, %fd14;
	fma.rn.f64 	%fd18, %fd17, %fd16, %fd15;
	fma.rn.f64 	%fd19, %fd18, %fd18, %fd18;
	fma.rn.f64 	%fd20, %fd19, %fd16, %fd16;
	add.f64 	%fd21, %fd82, 0dBFF0000000000000;
	mul.f64 	%fd22, %fd21, %fd20;
	fma.rn.f64 	%fd23, %fd21, %fd20, %fd22;
	mul.f64 	%fd24, %fd23, %fd23;
	mov.f64 	%fd25, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd26, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd27, %fd26, %fd24, %fd25;
	mov.f64 	%fd28, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd29, %fd27, %fd24, %fd28;
	mov.f64 	%fd30, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd31, %fd29, %fd24, %fd30;
	mov.f64 	%fd32, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd33, %fd31, %fd24, %fd32;
	mov.f64 	%fd34, 0d3F624924923BE72D;
	fma.rn.f64 	%fd35, %fd33, %fd24, %fd34;
	mov.f64 	%fd36, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd37, %fd35, %fd24, %fd36;
	mov.f64 	%fd38, 0d3FB5555555555554;
	fma.rn.f64 	%fd39, %fd37, %fd24, %fd38;
	sub.f64 	%fd40, %fd21, %fd23;
	add.f64 	%fd41, %fd40, %fd40;
	neg.f64 	%fd42, %fd23;
	fma.rn.f64 	%fd43, %fd42, %fd21, %fd41;
	mul.f64 	%fd44, %fd20, %fd43;
	mul.f64 	%fd45, %fd24, %fd39;
	fma.rn.f64 	%fd46, %fd45, %fd23, %fd44;
	xor.b32  	%r22, %r28, -2147483648;
	mov.u32 	%r23, -2147483648;
	mov.u32 	%r24, 1127219200;
	mov.b64 	%fd47, {%r22, %r24};
	mov.b64 	%fd48, {%r23, %r24};
	sub.f64 	%fd49, %fd47, %fd48;
	mov.f64 	%fd50, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd51, %fd49, %fd50, %fd23;
	neg.f64 	%fd52, %fd49;
	fma.rn.f64 	%fd53, %fd52, %fd50, %fd51;
	sub.f64 	%fd54, %fd53, %fd23;
	sub.f64 	%fd55, %fd46, %fd54;
	mov.f64 	%fd56, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd57, %fd49, %fd56, %fd55;
	add.f64 	%fd83, %fd51, %fd57;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	mov.f64 	%fd12, 0d7FF0000000000000;
	fma.rn.f64 	%fd13, %fd81, %fd12, %fd12;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd81;
	}
	mov.b32 	%f2, %r15;
	setp.eq{ftz}.f32 	%p6, %f2, 0f00000000;
	selp.f64 	%fd83, 0dFFF0000000000000, %fd13, %p6;

$L__BB0_9:
	st.param.b64 	[{ret}], %fd83;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd11, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r11}, %fd11;
	}
	mov.b32 	%f1, %r11;
	setp.lt{ftz}.f32 	%p1, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p2, %f1, 0fBFD99999;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_1;

$L__BB0_8:
	add.rn.f64 	%fd58, %fd11, 0d4000000000000000;
	div.rn.f64 	%fd59, %fd11, %fd58;
	mul.rn.f64 	%fd60, %fd59, %fd11;
	neg.f64 	%fd61, %fd60;
	sub.rn.f64 	%fd62, %fd11, %fd60;
	mul.rn.f64 	%fd63, %fd62, %fd62;
	mov.f64 	%fd64, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd65, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd66, %fd65, %fd63, %fd64;
	mov.f64 	%fd67, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd68, %fd66, %fd63, %fd67;
	mov.f64 	%fd69, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd70, %fd68, %fd63, %fd69;
	mov.f64 	%fd71, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd72, %fd70, %fd63, %fd71;
	mov.f64 	%fd73, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd74, %fd72, %fd63, %fd73;
	mov.f64 	%fd75, 0d3F899999999D70C4;
	fma.rn.f64 	%fd76, %fd74, %fd63, %fd75;
	mov.f64 	%fd77, 0d3FB5555555555462;
	fma.rn.f64 	%fd78, %fd76, %fd63, %fd77;
	mul.rn.f64 	%fd79, %fd63, %fd78;
	fma.rn.f64 	%fd80, %fd79, %fd62, %fd61;
	add.rn.f64 	%fd83, %fd80, %fd11;
	bra.uni 	$L__BB0_9;

$L__BB0_1:
	add.rn.f64 	%fd81, %fd11, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd81;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd81;
	}
	setp.gt.s32 	%p4, %r25, 1048575;
	mov.u32 	%r27, -1023;
	@%p4 bra 	$L__BB0_3;

	mul.rn.f64 	%fd81, %fd81, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd81;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd81;
	}
	mov.u32 	%r27, -1077;

$L__BB0_3:
	add.s32 	%r14, %r25, -1;
	setp.lt.u32 	%p5, %r14, 2146435071;
	@%p5 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r16, %r25, 20;
	add.s32 	%r28, %r27, %r16;
	and.b32  	%r17, %r25, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd82, {%r26, %r18};
	setp.lt.s32 	%p7, %r18, 1073127583;
	@%p7 bra 	$L__BB0_7;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd82;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd82;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd82, {%r19, %r21};
	add.s32 	%r28, %r28, 1;

$L__BB0_7:
	add.rn.f64 	%fd14, %fd82, 0d3FF0000000000000;
	mov.f64 	%fd15, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd16, %fd14;
	neg.f64 	%fd17, %fd14;
	fma.rn.f64 	%fd18, %fd17, %fd16, %fd15;
	fma.rn.f64 	%fd19, %fd18, %fd18, %fd18;
	fma.rn.f64 	%fd20, %fd19, %fd16, %fd16;
	add.rn.f64 	%fd21, %fd82, 0dBFF0000000000000;
	mul.rn.f64 	%fd22, %fd21, %fd20;
	add.rn.f64 	%fd23, %fd22, %fd22;
	mul.rn.f64 	%fd24, %fd23, %fd23;
	mov.f64 	%fd25, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd26, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd27, %fd26, %fd24, %fd25;
	mov.f64 	%fd28, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd29, %fd27, %fd24, %fd28;
	mov.f64 	%fd30, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd31, %fd29, %fd24, %fd30;
	mov.f64 	%fd32, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd33, %fd31, %fd24, %fd32;
	mov.f64 	%fd34, 0d3F624924923BE72D;
	fma.rn.f64 	%fd35, %fd33, %fd24, %fd34;
	mov.f64 	%fd36, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd37, %fd35, %fd24, %fd36;
	mov.f64 	%fd38, 0d3FB5555555555554;
	fma.rn.f64 	%fd39, %fd37, %fd24, %fd38;
	sub.rn.f64 	%fd40, %fd21, %fd23;
	add.rn.f64 	%fd41, %fd40, %fd40;
	neg.f64 	%fd42, %fd23;
	fma.rn.f64 	%fd43, %fd42, %fd21, %fd41;
	mul.rn.f64 	%fd44, %fd20, %fd43;
	mul.rn.f64 	%fd45, %fd24, %fd39;
	fma.rn.f64 	%fd46, %fd45, %fd23, %fd44;
	xor.b32  	%r22, %r28, -2147483648;
	mov.u32 	%r23, -2147483648;
	mov.u32 	%r24, 1127219200;
	mov.b64 	%fd47, {%r22, %r24};
	mov.b64 	%fd48, {%r23, %r24};
	sub.rn.f64 	%fd49, %fd47, %fd48;
	mov.f64 	%fd50, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd51, %fd49, %fd50, %fd23;
	neg.f64 	%fd52, %fd49;
	fma.rn.f64 	%fd53, %fd52, %fd50, %fd51;
	sub.rn.f64 	%fd54, %fd53, %fd23;
	sub.rn.f64 	%fd55, %fd46, %fd54;
	mov.f64 	%fd56, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd57, %fd49, %fd56, %fd55;
	add.rn.f64 	%fd83, %fd51, %fd57;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	mov.f64 	%fd12, 0d7FF0000000000000;
	fma.rn.f64 	%fd13, %fd81, %fd12, %fd12;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd81;
	}
	mov.b32 	%f2, %r15;
	setp.eq{ftz}.f32 	%p6, %f2, 0f00000000;
	selp.f64 	%fd83, 0dFFF0000000000000, %fd13, %p6;

$L__BB0_9:
	st.param.b64 	[{ret}], %fd83;
	ret;
",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `pow`: log(|x|) in double-double (head and tail), times y with the product's error recovered by `fma`, then exp of the double-double result; C99's special cases (integer y and negative x, zeros, infinities, NaNs, pow(1, y), pow(x, 0)).
pub(super) static POW: Variants = Variants {
    base: "	ld.param.b64 	%fd11, [{p0}];
	ld.param.b64 	%fd12, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd12;
	}
	and.b32  	%r7, %r1, 2146435072;
	shr.u32 	%r8, %r7, 20;
	add.s32 	%r9, %r8, -1012;
	mov.b64 	%rd3, %fd12;
	shl.b64 	%rd1, %rd3, %r9;
	setp.eq.s64 	%p1, %rd1, -9223372036854775808;
	setp.ne.s64 	%p2, %rd1, -9223372036854775808;
	abs.f64 	%fd1, %fd11;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd1;
	.param .b64 param1;
	st.param.b64 	[param1], %fd12;
	.param .b64 retval0;
	call.uni (retval0),
	{call:__internal_accurate_pow},
	(
	param0,
	param1
	);
	ld.param.b64 	%fd21, [retval0];
	} // callseq 0
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd11;
	}
	setp.gt.s32 	%p3, %r2, -1;
	or.pred  	%p4, %p3, %p2;
	@%p4 bra 	$L__BB0_2;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r10}, %fd21;
	}
	xor.b32  	%r11, %r10, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r12, %temp}, %fd21;
	}
	mov.b64 	%fd21, {%r12, %r11};

$L__BB0_2:
	setp.eq.f64 	%p5, %fd11, 0d0000000000000000;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_3;

$L__BB0_6:
	abs.f64 	%fd15, %fd12;
	setp.neu.f64 	%p9, %fd15, 0d3FE0000000000000;
	and.pred  	%p10, %p1, %p9;
	selp.u32 	%r31, 1, 0, %p10;
	selp.b32 	%r13, %r2, 0, %p10;
	mov.u32 	%r14, 0;
	or.b32  	%r15, %r13, 2146435072;
	setp.lt.s32 	%p11, %r1, 0;
	selp.b32 	%r16, %r15, %r13, %p11;
	mov.b64 	%fd21, {%r14, %r16};
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	selp.u32 	%r31, 1, 0, %p1;
	@%p3 bra 	$L__BB0_7;

	cvt.rzi.f64.f64 	%fd13, %fd12;
	setp.eq.f64 	%p7, %fd13, %fd12;
	@%p7 bra 	$L__BB0_7;

	mov.f64 	%fd21, 0dFFF8000000000000;

$L__BB0_7:
	add.f64 	%fd16, %fd11, %fd12;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r17}, %fd16;
	}
	and.b32  	%r18, %r17, 2146435072;
	setp.ne.s32 	%p12, %r18, 2146435072;
	@%p12 bra 	$L__BB0_15;

	setp.gtu.f64 	%p13, %fd1, 0d7FF0000000000000;
	@%p13 bra 	$L__BB0_14;

	abs.f64 	%fd17, %fd12;
	setp.gtu.f64 	%p14, %fd17, 0d7FF0000000000000;
	@%p14 bra 	$L__BB0_14;
	bra.uni 	$L__BB0_10;

$L__BB0_14:
	add.rn.f64 	%fd21, %fd11, %fd12;

$L__BB0_15:
	setp.eq.f64 	%p30, %fd12, 0d0000000000000000;
	setp.eq.f64 	%p31, %fd11, 0d3FF0000000000000;
	or.pred  	%p32, %p31, %p30;
	selp.f64 	%fd18, 0d3FF0000000000000, %fd21, %p32;
	st.param.b64 	[{ret}], %fd18;
	ret;

$L__BB0_10:
	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd12;
	}
	and.b32  	%r6, %r1, 2147483647;
	setp.eq.s32 	%p15, %r6, 2146435072;
	setp.eq.s32 	%p16, %r19, 0;
	and.pred  	%p17, %p15, %p16;
	@%p17 bra 	$L__BB0_13;
	bra.uni 	$L__BB0_11;

$L__BB0_13:
	setp.gt.f64 	%p27, %fd1, 0d3FF0000000000000;
	selp.b32 	%r26, 2146435072, 0, %p27;
	mov.u32 	%r27, 0;
	xor.b32  	%r28, %r26, 2146435072;
	setp.lt.s32 	%p28, %r1, 0;
	selp.b32 	%r29, %r28, %r26, %p28;
	setp.eq.f64 	%p29, %fd11, 0dBFF0000000000000;
	selp.b32 	%r30, 1072693248, %r29, %p29;
	mov.b64 	%fd21, {%r27, %r30};
	bra.uni 	$L__BB0_15;

$L__BB0_11:
	{
	.reg .b32 %temp;
	mov.b64 	{%r20, %temp}, %fd11;
	}
	and.b32  	%r21, %r2, 2147483647;
	setp.ne.s32 	%p18, %r21, 2146435072;
	setp.ne.s32 	%p19, %r20, 0;
	or.pred  	%p20, %p18, %p19;
	@%p20 bra 	$L__BB0_15;

	setp.lt.s32 	%p21, %r2, 0;
	mov.u32 	%r22, 0;
	setp.gt.s32 	%p22, %r1, -1;
	selp.b32 	%r23, 2146435072, 0, %p22;
	setp.ne.s32 	%p23, %r31, 0;
	and.pred  	%p24, %p21, %p23;
	setp.ne.s32 	%p25, %r6, 1071644672;
	and.pred  	%p26, %p25, %p24;
	or.b32  	%r24, %r23, -2147483648;
	selp.b32 	%r25, %r24, %r23, %p26;
	mov.b64 	%fd21, {%r22, %r25};
	bra.uni 	$L__BB0_15;

",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd11, [{p0}];
	ld.param.b64 	%fd12, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd12;
	}
	and.b32  	%r7, %r1, 2146435072;
	shr.u32 	%r8, %r7, 20;
	add.s32 	%r9, %r8, -1012;
	mov.b64 	%rd3, %fd12;
	shl.b64 	%rd1, %rd3, %r9;
	setp.eq.s64 	%p1, %rd1, -9223372036854775808;
	setp.ne.s64 	%p2, %rd1, -9223372036854775808;
	abs.f64 	%fd1, %fd11;
	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd1;
	.param .b64 param1;
	st.param.b64 	[param1], %fd12;
	.param .b64 retval0;
	call.uni (retval0),
	{call:__internal_accurate_pow},
	(
	param0,
	param1
	);
	ld.param.b64 	%fd21, [retval0];
	} // callseq 0
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd11;
	}
	setp.gt.s32 	%p3, %r2, -1;
	or.pred  	%p4, %p3, %p2;
	@%p4 bra 	$L__BB0_2;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r10}, %fd21;
	}
	xor.b32  	%r11, %r10, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r12, %temp}, %fd21;
	}
	mov.b64 	%fd21, {%r12, %r11};

$L__BB0_2:
	setp.eq.f64 	%p5, %fd11, 0d0000000000000000;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_3;

$L__BB0_6:
	abs.f64 	%fd15, %fd12;
	setp.neu.f64 	%p9, %fd15, 0d3FE0000000000000;
	and.pred  	%p10, %p1, %p9;
	selp.u32 	%r31, 1, 0, %p10;
	selp.b32 	%r13, %r2, 0, %p10;
	mov.u32 	%r14, 0;
	or.b32  	%r15, %r13, 2146435072;
	setp.lt.s32 	%p11, %r1, 0;
	selp.b32 	%r16, %r15, %r13, %p11;
	mov.b64 	%fd21, {%r14, %r16};
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	selp.u32 	%r31, 1, 0, %p1;
	@%p3 bra 	$L__BB0_7;

	cvt.rzi.f64.f64 	%fd13, %fd12;
	setp.eq.f64 	%p7, %fd13, %fd12;
	@%p7 bra 	$L__BB0_7;

	mov.f64 	%fd21, 0dFFF8000000000000;

$L__BB0_7:
	add.rn.f64 	%fd16, %fd11, %fd12;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r17}, %fd16;
	}
	and.b32  	%r18, %r17, 2146435072;
	setp.ne.s32 	%p12, %r18, 2146435072;
	@%p12 bra 	$L__BB0_15;

	setp.gtu.f64 	%p13, %fd1, 0d7FF0000000000000;
	@%p13 bra 	$L__BB0_14;

	abs.f64 	%fd17, %fd12;
	setp.gtu.f64 	%p14, %fd17, 0d7FF0000000000000;
	@%p14 bra 	$L__BB0_14;
	bra.uni 	$L__BB0_10;

$L__BB0_14:
	add.rn.f64 	%fd21, %fd11, %fd12;

$L__BB0_15:
	setp.eq.f64 	%p30, %fd12, 0d0000000000000000;
	setp.eq.f64 	%p31, %fd11, 0d3FF0000000000000;
	or.pred  	%p32, %p31, %p30;
	selp.f64 	%fd18, 0d3FF0000000000000, %fd21, %p32;
	st.param.b64 	[{ret}], %fd18;
	ret;

$L__BB0_10:
	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd12;
	}
	and.b32  	%r6, %r1, 2147483647;
	setp.eq.s32 	%p15, %r6, 2146435072;
	setp.eq.s32 	%p16, %r19, 0;
	and.pred  	%p17, %p15, %p16;
	@%p17 bra 	$L__BB0_13;
	bra.uni 	$L__BB0_11;

$L__BB0_13:
	setp.gt.f64 	%p27, %fd1, 0d3FF0000000000000;
	selp.b32 	%r26, 2146435072, 0, %p27;
	mov.u32 	%r27, 0;
	xor.b32  	%r28, %r26, 2146435072;
	setp.lt.s32 	%p28, %r1, 0;
	selp.b32 	%r29, %r28, %r26, %p28;
	setp.eq.f64 	%p29, %fd11, 0dBFF0000000000000;
	selp.b32 	%r30, 1072693248, %r29, %p29;
	mov.b64 	%fd21, {%r27, %r30};
	bra.uni 	$L__BB0_15;

$L__BB0_11:
	{
	.reg .b32 %temp;
	mov.b64 	{%r20, %temp}, %fd11;
	}
	and.b32  	%r21, %r2, 2147483647;
	setp.ne.s32 	%p18, %r21, 2146435072;
	setp.ne.s32 	%p19, %r20, 0;
	or.pred  	%p20, %p18, %p19;
	@%p20 bra 	$L__BB0_15;

	setp.lt.s32 	%p21, %r2, 0;
	mov.u32 	%r22, 0;
	setp.gt.s32 	%p22, %r1, -1;
	selp.b32 	%r23, 2146435072, 0, %p22;
	setp.ne.s32 	%p23, %r31, 0;
	and.pred  	%p24, %p21, %p23;
	setp.ne.s32 	%p25, %r6, 1071644672;
	and.pred  	%p26, %p25, %p24;
	or.b32  	%r24, %r23, -2147483648;
	selp.b32 	%r25, %r24, %r23, %p26;
	mov.b64 	%fd21, {%r22, %r25};
	bra.uni 	$L__BB0_15;

",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sin`: x = q·π/2 + r with three-part π/2 for |x| < 2³¹·…; beyond, the Payne–Hanek reduction over a table of 2/π's bits (a loop over the needed words into local memory). The sine or cosine polynomial (coefficients in a table, chosen by q's low bit), sign from q's second bit; ±inf gives NaN.
pub(super) static SIN: Variants = Variants {
    base: "	ld.param.b64 	%fd12, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd12;
	}
	and.b32  	%r5, %r4, 2147483647;
	setp.eq.s32 	%p1, %r5, 2146435072;
	{
	.reg .b32 %temp;
	mov.b64 	{%r6, %temp}, %fd12;
	}
	setp.eq.s32 	%p2, %r6, 0;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_1;

$L__BB0_3:
	mov.f64 	%fd22, 0d0000000000000000;
	mul.rn.f64 	%fd44, %fd12, %fd22;
	mov.u32 	%r12, 0;
	bra.uni 	$L__BB0_4;

$L__BB0_1:
	mul{rn}.f64 	%fd13, %fd12, 0d3FE45F306DC9C883;
	cvt.rni.s32.f64 	%r12, %fd13;
	cvt.rn.f64.s32 	%fd14, %r12;
	neg.f64 	%fd15, %fd14;
	mov.f64 	%fd16, 0d3FF921FB54442D18;
	fma.rn.f64 	%fd17, %fd15, %fd16, %fd12;
	mov.f64 	%fd18, 0d3C91A62633145C00;
	fma.rn.f64 	%fd19, %fd15, %fd18, %fd17;
	mov.f64 	%fd20, 0d397B839A252049C0;
	fma.rn.f64 	%fd44, %fd15, %fd20, %fd19;
	abs.f64 	%fd21, %fd12;
	setp.ltu.f64 	%p4, %fd21, 0d41E0000000000000;
	@%p4 bra 	$L__BB0_4;

	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd12;
	.param .b64 retval0;
	.param .b32 retval1;
	call.uni (retval0, retval1),
	{call:__internal_trig_reduction_slowpathd},
	(
	param0
	);
	ld.param.b64 	%fd44, [retval0];
	ld.param.b32 	%r12, [retval1];
	} // callseq 0

$L__BB0_4:
	and.b32  	%r8, %r12, 1;
	shl.b32 	%r9, %r12, 3;
	and.b32  	%r10, %r9, 8;
	mul.wide.u32 	%rd2, %r10, 8;
	mov.u64 	%rd3, {sincos_coeffs};
	add.s64 	%rd4, %rd3, %rd2;
	setp.eq.s32 	%p5, %r8, 0;
	selp.f64 	%fd23, 0d3DE5DB65F9785EBA, 0dBDA8FF8320FD8164, %p5;
	ld.global.nc.v2.f64 	{%fd24, %fd25}, [%rd4];
	mul.rn.f64 	%fd5, %fd44, %fd44;
	fma.rn.f64 	%fd28, %fd23, %fd5, %fd24;
	fma.rn.f64 	%fd29, %fd28, %fd5, %fd25;
	ld.global.nc.v2.f64 	{%fd30, %fd31}, [%rd4+16];
	fma.rn.f64 	%fd34, %fd29, %fd5, %fd30;
	fma.rn.f64 	%fd35, %fd34, %fd5, %fd31;
	ld.global.nc.v2.f64 	{%fd36, %fd37}, [%rd4+32];
	fma.rn.f64 	%fd40, %fd35, %fd5, %fd36;
	fma.rn.f64 	%fd6, %fd40, %fd5, %fd37;
	fma.rn.f64 	%fd46, %fd6, %fd44, %fd44;
	@%p5 bra 	$L__BB0_6;

	mov.f64 	%fd41, 0d3FF0000000000000;
	fma.rn.f64 	%fd46, %fd6, %fd5, %fd41;

$L__BB0_6:
	and.b32  	%r11, %r12, 2;
	setp.eq.s32 	%p6, %r11, 0;
	@%p6 bra 	$L__BB0_8;

	mov.f64 	%fd42, 0d0000000000000000;
	mov.f64 	%fd43, 0dBFF0000000000000;
	fma.rn.f64 	%fd46, %fd46, %fd43, %fd42;

$L__BB0_8:
	st.param.b64 	[{ret}], %fd46;
	ret;

",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cos`: the reduction of `sin`, the quadrant advanced by one.
pub(super) static COS: Variants = Variants {
    base: "	ld.param.b64 	%fd12, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r5}, %fd12;
	}
	and.b32  	%r6, %r5, 2147483647;
	setp.eq.s32 	%p1, %r6, 2146435072;
	{
	.reg .b32 %temp;
	mov.b64 	{%r7, %temp}, %fd12;
	}
	setp.eq.s32 	%p2, %r7, 0;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_1;

$L__BB0_3:
	mov.f64 	%fd22, 0d0000000000000000;
	mul.rn.f64 	%fd44, %fd12, %fd22;
	mov.u32 	%r13, 0;
	bra.uni 	$L__BB0_4;

$L__BB0_1:
	mul{rn}.f64 	%fd13, %fd12, 0d3FE45F306DC9C883;
	cvt.rni.s32.f64 	%r13, %fd13;
	cvt.rn.f64.s32 	%fd14, %r13;
	neg.f64 	%fd15, %fd14;
	mov.f64 	%fd16, 0d3FF921FB54442D18;
	fma.rn.f64 	%fd17, %fd15, %fd16, %fd12;
	mov.f64 	%fd18, 0d3C91A62633145C00;
	fma.rn.f64 	%fd19, %fd15, %fd18, %fd17;
	mov.f64 	%fd20, 0d397B839A252049C0;
	fma.rn.f64 	%fd44, %fd15, %fd20, %fd19;
	abs.f64 	%fd21, %fd12;
	setp.ltu.f64 	%p4, %fd21, 0d41E0000000000000;
	@%p4 bra 	$L__BB0_4;

	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd12;
	.param .b64 retval0;
	.param .b32 retval1;
	call.uni (retval0, retval1),
	{call:__internal_trig_reduction_slowpathd},
	(
	param0
	);
	ld.param.b64 	%fd44, [retval0];
	ld.param.b32 	%r13, [retval1];
	} // callseq 0

$L__BB0_4:
	add.s32 	%r4, %r13, 1;
	and.b32  	%r9, %r4, 1;
	shl.b32 	%r10, %r4, 3;
	and.b32  	%r11, %r10, 8;
	mul.wide.u32 	%rd2, %r11, 8;
	mov.u64 	%rd3, {sincos_coeffs};
	add.s64 	%rd4, %rd3, %rd2;
	setp.eq.s32 	%p5, %r9, 0;
	selp.f64 	%fd23, 0d3DE5DB65F9785EBA, 0dBDA8FF8320FD8164, %p5;
	ld.global.nc.v2.f64 	{%fd24, %fd25}, [%rd4];
	mul.rn.f64 	%fd5, %fd44, %fd44;
	fma.rn.f64 	%fd28, %fd23, %fd5, %fd24;
	fma.rn.f64 	%fd29, %fd28, %fd5, %fd25;
	ld.global.nc.v2.f64 	{%fd30, %fd31}, [%rd4+16];
	fma.rn.f64 	%fd34, %fd29, %fd5, %fd30;
	fma.rn.f64 	%fd35, %fd34, %fd5, %fd31;
	ld.global.nc.v2.f64 	{%fd36, %fd37}, [%rd4+32];
	fma.rn.f64 	%fd40, %fd35, %fd5, %fd36;
	fma.rn.f64 	%fd6, %fd40, %fd5, %fd37;
	fma.rn.f64 	%fd46, %fd6, %fd44, %fd44;
	@%p5 bra 	$L__BB0_6;

	mov.f64 	%fd41, 0d3FF0000000000000;
	fma.rn.f64 	%fd46, %fd6, %fd5, %fd41;

$L__BB0_6:
	and.b32  	%r12, %r4, 2;
	setp.eq.s32 	%p6, %r12, 0;
	@%p6 bra 	$L__BB0_8;

	mov.f64 	%fd42, 0d0000000000000000;
	mov.f64 	%fd43, 0dBFF0000000000000;
	fma.rn.f64 	%fd46, %fd46, %fd43, %fd42;

$L__BB0_8:
	st.param.b64 	[{ret}], %fd46;
	ret;

",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `tan`: the reduction of `sin`, a rational approximation for tan(r), and −1/tan(r) in odd quadrants (a refined reciprocal).
pub(super) static TAN: Variants = Variants {
    base: "	ld.param.b64 	%fd9, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r4, %temp}, %fd9;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r5}, %fd9;
	}
	and.b32  	%r6, %r5, 2147483647;
	setp.eq.s32 	%p1, %r6, 2146435072;
	setp.eq.s32 	%p2, %r4, 0;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_1;

$L__BB0_3:
	mov.f64 	%fd19, 0d0000000000000000;
	mul.rn.f64 	%fd62, %fd9, %fd19;
	mov.u32 	%r9, 0;
	bra.uni 	$L__BB0_4;

$L__BB0_1:
	mul{rn}.f64 	%fd10, %fd9, 0d3FE45F306DC9C883;
	cvt.rni.s32.f64 	%r9, %fd10;
	cvt.rn.f64.s32 	%fd11, %r9;
	neg.f64 	%fd12, %fd11;
	mov.f64 	%fd13, 0d3FF921FB54442D18;
	fma.rn.f64 	%fd14, %fd12, %fd13, %fd9;
	mov.f64 	%fd15, 0d3C91A62633145C00;
	fma.rn.f64 	%fd16, %fd12, %fd15, %fd14;
	mov.f64 	%fd17, 0d397B839A252049C0;
	fma.rn.f64 	%fd62, %fd12, %fd17, %fd16;
	abs.f64 	%fd18, %fd9;
	setp.ltu.f64 	%p4, %fd18, 0d41E0000000000000;
	@%p4 bra 	$L__BB0_4;

	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd9;
	.param .b64 retval0;
	.param .b32 retval1;
	call.uni (retval0, retval1),
	{call:__internal_trig_reduction_slowpathd},
	(
	param0
	);
	ld.param.b64 	%fd62, [retval0];
	ld.param.b32 	%r9, [retval1];
	} // callseq 0

$L__BB0_4:
	mul{rn}.f64 	%fd20, %fd62, %fd62;
	mov.f64 	%fd21, 0dBEF9757C5B27EBB1;
	mov.f64 	%fd22, 0d3EE48DAC2799BCB9;
	fma.rn.f64 	%fd23, %fd22, %fd20, %fd21;
	mov.f64 	%fd24, 0d3F0980E90FD91E04;
	fma.rn.f64 	%fd25, %fd23, %fd20, %fd24;
	mov.f64 	%fd26, 0dBEFAE2B0417D7E1D;
	fma.rn.f64 	%fd27, %fd25, %fd20, %fd26;
	mov.f64 	%fd28, 0d3F119F5341BFBA57;
	fma.rn.f64 	%fd29, %fd27, %fd20, %fd28;
	mov.f64 	%fd30, 0d3F15E791A00F6919;
	fma.rn.f64 	%fd31, %fd29, %fd20, %fd30;
	mov.f64 	%fd32, 0d3F2FF2E7FADEC73A;
	fma.rn.f64 	%fd33, %fd31, %fd20, %fd32;
	mov.f64 	%fd34, 0d3F434BC1B206DA62;
	fma.rn.f64 	%fd35, %fd33, %fd20, %fd34;
	mov.f64 	%fd36, 0d3F57DB18EF2F83F9;
	fma.rn.f64 	%fd37, %fd35, %fd20, %fd36;
	mov.f64 	%fd38, 0d3F6D6D2E7AE49FBC;
	fma.rn.f64 	%fd39, %fd37, %fd20, %fd38;
	mov.f64 	%fd40, 0d3F8226E3A816A776;
	fma.rn.f64 	%fd41, %fd39, %fd20, %fd40;
	mov.f64 	%fd42, 0d3F9664F485D25660;
	fma.rn.f64 	%fd43, %fd41, %fd20, %fd42;
	mov.f64 	%fd44, 0d3FABA1BA1BABF31D;
	fma.rn.f64 	%fd45, %fd43, %fd20, %fd44;
	mov.f64 	%fd46, 0d3FC11111111105D2;
	fma.rn.f64 	%fd47, %fd45, %fd20, %fd46;
	mov.f64 	%fd48, 0d3FD555555555555E;
	fma.rn.f64 	%fd49, %fd47, %fd20, %fd48;
	mul{rn}.f64 	%fd5, %fd20, %fd49;
	fma.rn.f64 	%fd63, %fd5, %fd62, %fd62;
	and.b32  	%r8, %r9, 1;
	setp.eq.b32 	%p5, %r8, 1;
	mov.pred 	%p6, 0;
	xor.pred  	%p7, %p5, %p6;
	not.pred 	%p8, %p7;
	@%p8 bra 	$L__BB0_6;

	sub{rn}.f64 	%fd50, %fd63, %fd62;
	neg.f64 	%fd51, %fd50;
	fma.rn.f64 	%fd52, %fd5, %fd62, %fd51;
	neg.f64 	%fd53, %fd63;
	rcp.approx.ftz.f64 	%fd54, %fd63;
	mov.f64 	%fd55, 0d3FF0000000000000;
	fma.rn.f64 	%fd56, %fd53, %fd54, %fd55;
	fma.rn.f64 	%fd57, %fd56, %fd56, %fd56;
	fma.rn.f64 	%fd58, %fd57, %fd54, %fd54;
	neg.f64 	%fd59, %fd58;
	fma.rn.f64 	%fd60, %fd63, %fd59, %fd55;
	fma.rn.f64 	%fd61, %fd59, %fd52, %fd60;
	fma.rn.f64 	%fd63, %fd61, %fd59, %fd59;

$L__BB0_6:
	st.param.b64 	[{ret}], %fd63;
	ret;

",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sincos`: one reduction as in `sin`, both polynomials: the sine and the cosine as its two results.
pub(super) static SINCOS: Variants = Variants {
    base: "	ld.param.b64 	%fd11, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd11;
	}
	and.b32  	%r5, %r4, 2147483647;
	setp.eq.s32 	%p1, %r5, 2146435072;
	{
	.reg .b32 %temp;
	mov.b64 	{%r6, %temp}, %fd11;
	}
	setp.eq.s32 	%p2, %r6, 0;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_1;

$L__BB0_3:
	mov.f64 	%fd21, 0d0000000000000000;
	mul.rn.f64 	%fd53, %fd11, %fd21;
	mov.u32 	%r19, 0;
	bra.uni 	$L__BB0_4;

$L__BB0_1:
	mul{rn}.f64 	%fd12, %fd11, 0d3FE45F306DC9C883;
	cvt.rni.s32.f64 	%r19, %fd12;
	cvt.rn.f64.s32 	%fd13, %r19;
	neg.f64 	%fd14, %fd13;
	mov.f64 	%fd15, 0d3FF921FB54442D18;
	fma.rn.f64 	%fd16, %fd14, %fd15, %fd11;
	mov.f64 	%fd17, 0d3C91A62633145C00;
	fma.rn.f64 	%fd18, %fd14, %fd17, %fd16;
	mov.f64 	%fd19, 0d397B839A252049C0;
	fma.rn.f64 	%fd53, %fd14, %fd19, %fd18;
	abs.f64 	%fd20, %fd11;
	setp.ltu.f64 	%p4, %fd20, 0d41E0000000000000;
	@%p4 bra 	$L__BB0_4;

	{ // callseq 0, 0
	.reg .b32 temp_param_reg;
	.param .b64 param0;
	st.param.b64 	[param0], %fd11;
	.param .b64 retval0;
	.param .b32 retval1;
	call.uni (retval0, retval1),
	{call:__internal_trig_reduction_slowpathd},
	(
	param0
	);
	ld.param.b64 	%fd53, [retval0];
	ld.param.b32 	%r19, [retval1];
	} // callseq 0

$L__BB0_4:
	mul.rn.f64 	%fd22, %fd53, %fd53;
	mov.f64 	%fd23, 0d3E21EEA7C1EF8528;
	mov.f64 	%fd24, 0dBDA8FF8320FD8164;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0dBE927E4F8E06E6D9;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3EFA01A019DDBCE9;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0dBF56C16C16C15D47;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0d3FA5555555555551;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0dBFE0000000000000;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3FF0000000000000;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	mov.f64 	%fd38, 0dBE5AE5F12CB0D246;
	mov.f64 	%fd39, 0d3DE5DB65F9785EBA;
	fma.rn.f64 	%fd40, %fd39, %fd22, %fd38;
	mov.f64 	%fd41, 0d3EC71DE369ACE392;
	fma.rn.f64 	%fd42, %fd40, %fd22, %fd41;
	mov.f64 	%fd43, 0dBF2A01A019DB62A1;
	fma.rn.f64 	%fd44, %fd42, %fd22, %fd43;
	mov.f64 	%fd45, 0d3F81111111110818;
	fma.rn.f64 	%fd46, %fd44, %fd22, %fd45;
	mov.f64 	%fd47, 0dBFC5555555555554;
	fma.rn.f64 	%fd48, %fd46, %fd22, %fd47;
	mov.f64 	%fd49, 0d0000000000000000;
	fma.rn.f64 	%fd50, %fd48, %fd22, %fd49;
	fma.rn.f64 	%fd51, %fd50, %fd53, %fd53;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r8}, %fd51;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r9, %temp}, %fd51;
	}
	xor.b32  	%r10, %r8, -2147483648;
	mov.b64 	%fd52, {%r9, %r10};
	and.b32  	%r11, %r19, 1;
	setp.eq.b32 	%p5, %r11, 1;
	selp.f64 	%fd54, %fd37, %fd51, %p5;
	selp.f64 	%fd55, %fd52, %fd37, %p5;
	and.b32  	%r12, %r19, 2;
	setp.eq.s32 	%p6, %r12, 0;
	@%p6 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r13}, %fd54;
	}
	xor.b32  	%r14, %r13, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r15, %temp}, %fd54;
	}
	mov.b64 	%fd54, {%r15, %r14};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r16}, %fd55;
	}
	xor.b32  	%r17, %r16, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd55;
	}
	mov.b64 	%fd55, {%r18, %r17};

$L__BB0_6:
	st.param.b64 	[{ret}], %fd54;
	st.param.b64 	[{ret1}], %fd55;
	ret;

",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `asin`: below |x| = 0.575 a polynomial in x², above π/2 − 2·asin(√((1−|x|)/2)) with the square root refined from `rsqrt.approx`; sign restored.
pub(super) static ASIN: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd4;
	}
	mov.b32 	%f1, %r1;
	abs{ftz}.f32 	%f2, %f1;
	setp.lt{ftz}.f32 	%p1, %f2, 0f3FE26666;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul{rn}.f64 	%fd55, %fd4, %fd4;
	mov.f64 	%fd56, 0dBFB3823B180754AF;
	mov.f64 	%fd57, 0d3FB0066BDC1895E9;
	fma.rn.f64 	%fd58, %fd57, %fd55, %fd56;
	mov.f64 	%fd59, 0d3FB11E52CC2F79AE;
	fma.rn.f64 	%fd60, %fd58, %fd55, %fd59;
	mov.f64 	%fd61, 0dBF924EAF3526861B;
	fma.rn.f64 	%fd62, %fd60, %fd55, %fd61;
	mov.f64 	%fd63, 0d3F91DF02A31E6CB7;
	fma.rn.f64 	%fd64, %fd62, %fd55, %fd63;
	mov.f64 	%fd65, 0d3F847D18B0EEC6CC;
	fma.rn.f64 	%fd66, %fd64, %fd55, %fd65;
	mov.f64 	%fd67, 0d3F8D0AF961BA53B0;
	fma.rn.f64 	%fd68, %fd66, %fd55, %fd67;
	mov.f64 	%fd69, 0d3F91BF7734CF1C48;
	fma.rn.f64 	%fd70, %fd68, %fd55, %fd69;
	mov.f64 	%fd71, 0d3F96E91483144EF7;
	fma.rn.f64 	%fd72, %fd70, %fd55, %fd71;
	mov.f64 	%fd73, 0d3F9F1C6E0A4F9F81;
	fma.rn.f64 	%fd74, %fd72, %fd55, %fd73;
	mov.f64 	%fd75, 0d3FA6DB6DC27FA92B;
	fma.rn.f64 	%fd76, %fd74, %fd55, %fd75;
	mov.f64 	%fd77, 0d3FB333333320F91B;
	fma.rn.f64 	%fd78, %fd76, %fd55, %fd77;
	mov.f64 	%fd79, 0d3FC5555555555F4D;
	fma.rn.f64 	%fd80, %fd78, %fd55, %fd79;
	mul{rn}.f64 	%fd81, %fd55, %fd80;
	fma.rn.f64 	%fd82, %fd81, %fd4, %fd4;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	abs.f64 	%fd5, %fd4;
	mov.f64 	%fd6, 0d3FE0000000000000;
	mov.f64 	%fd7, 0dBFE0000000000000;
	fma.rn.f64 	%fd8, %fd7, %fd5, %fd6;
	rsqrt.approx.ftz.f64 	%fd9, %fd8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd9;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd9;
	}
	add.s32 	%r4, %r3, -1048576;
	mov.b64 	%fd10, {%r2, %r4};
	mul{rn}.f64 	%fd11, %fd8, %fd9;
	neg.f64 	%fd12, %fd11;
	fma.rn.f64 	%fd13, %fd11, %fd12, %fd8;
	fma.rn.f64 	%fd14, %fd13, %fd10, %fd11;
	neg.f64 	%fd15, %fd14;
	mov.f64 	%fd16, 0d3FF0000000000000;
	fma.rn.f64 	%fd17, %fd9, %fd15, %fd16;
	fma.rn.f64 	%fd18, %fd17, %fd10, %fd10;
	fma.rn.f64 	%fd19, %fd14, %fd15, %fd8;
	fma.rn.f64 	%fd20, %fd19, %fd18, %fd14;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r5}, %fd8;
	}
	setp.lt.s32 	%p2, %r5, 0;
	selp.f64 	%fd21, 0dFFF8000000000000, %fd20, %p2;
	setp.ne.f64 	%p3, %fd8, 0d0000000000000000;
	selp.f64 	%fd22, %fd21, %fd8, %p3;
	mov.f64 	%fd23, 0dBFB3823B180754AF;
	mov.f64 	%fd24, 0d3FB0066BDC1895E9;
	fma.rn.f64 	%fd25, %fd24, %fd8, %fd23;
	mov.f64 	%fd26, 0d3FB11E52CC2F79AE;
	fma.rn.f64 	%fd27, %fd25, %fd8, %fd26;
	mov.f64 	%fd28, 0dBF924EAF3526861B;
	fma.rn.f64 	%fd29, %fd27, %fd8, %fd28;
	mov.f64 	%fd30, 0d3F91DF02A31E6CB7;
	fma.rn.f64 	%fd31, %fd29, %fd8, %fd30;
	mov.f64 	%fd32, 0d3F847D18B0EEC6CC;
	fma.rn.f64 	%fd33, %fd31, %fd8, %fd32;
	mov.f64 	%fd34, 0d3F8D0AF961BA53B0;
	fma.rn.f64 	%fd35, %fd33, %fd8, %fd34;
	mov.f64 	%fd36, 0d3F91BF7734CF1C48;
	fma.rn.f64 	%fd37, %fd35, %fd8, %fd36;
	mov.f64 	%fd38, 0d3F96E91483144EF7;
	fma.rn.f64 	%fd39, %fd37, %fd8, %fd38;
	mov.f64 	%fd40, 0d3F9F1C6E0A4F9F81;
	fma.rn.f64 	%fd41, %fd39, %fd8, %fd40;
	mov.f64 	%fd42, 0d3FA6DB6DC27FA92B;
	fma.rn.f64 	%fd43, %fd41, %fd8, %fd42;
	mov.f64 	%fd44, 0d3FB333333320F91B;
	fma.rn.f64 	%fd45, %fd43, %fd8, %fd44;
	mov.f64 	%fd46, 0d3FC5555555555F4D;
	fma.rn.f64 	%fd47, %fd45, %fd8, %fd46;
	mul{rn}.f64 	%fd48, %fd8, %fd47;
	mul{rn}.f64 	%fd49, %fd22, 0dC000000000000000;
	mov.f64 	%fd50, 0d3C91A62633145C07;
	fma.rn.f64 	%fd51, %fd49, %fd48, %fd50;
	add{rn}.f64 	%fd52, %fd49, 0d3FE921FB54442D18;
	add{rn}.f64 	%fd53, %fd52, %fd51;
	add{rn}.f64 	%fd54, %fd53, 0d3FE921FB54442D18;
	{
	.reg .b32 %temp;
	mov.b64 	{%r6, %temp}, %fd54;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd54;
	}
	and.b32  	%r8, %r1, -2147483648;
	or.b32  	%r9, %r7, %r8;
	mov.b64 	%fd82, {%r6, %r9};

$L__BB0_3:
	st.param.b64 	[{ret}], %fd82;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `acos`: from the same reduction as `asin`, π − that or that by the sign of x, with the square root of (1−|x|)/2 refined from `rsqrt.approx`.
pub(super) static ACOS: Variants = Variants {
    base: "	ld.param.b64 	%fd13, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd13;
	}
	abs.f64 	%fd1, %fd13;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd1;
	}
	setp.lt.s32 	%p1, %r3, 1071801958;
	@%p1 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_1;

$L__BB0_8:
	mul{rn}.f64 	%fd61, %fd1, %fd1;
	mov.f64 	%fd62, 0dBFB3823B180754AF;
	mov.f64 	%fd63, 0d3FB0066BDC1895E9;
	fma.rn.f64 	%fd64, %fd63, %fd61, %fd62;
	mov.f64 	%fd65, 0d3FB11E52CC2F79AE;
	fma.rn.f64 	%fd66, %fd64, %fd61, %fd65;
	mov.f64 	%fd67, 0dBF924EAF3526861B;
	fma.rn.f64 	%fd68, %fd66, %fd61, %fd67;
	mov.f64 	%fd69, 0d3F91DF02A31E6CB7;
	fma.rn.f64 	%fd70, %fd68, %fd61, %fd69;
	mov.f64 	%fd71, 0d3F847D18B0EEC6CC;
	fma.rn.f64 	%fd72, %fd70, %fd61, %fd71;
	mov.f64 	%fd73, 0d3F8D0AF961BA53B0;
	fma.rn.f64 	%fd74, %fd72, %fd61, %fd73;
	mov.f64 	%fd75, 0d3F91BF7734CF1C48;
	fma.rn.f64 	%fd76, %fd74, %fd61, %fd75;
	mov.f64 	%fd77, 0d3F96E91483144EF7;
	fma.rn.f64 	%fd78, %fd76, %fd61, %fd77;
	mov.f64 	%fd79, 0d3F9F1C6E0A4F9F81;
	fma.rn.f64 	%fd80, %fd78, %fd61, %fd79;
	mov.f64 	%fd81, 0d3FA6DB6DC27FA92B;
	fma.rn.f64 	%fd82, %fd80, %fd61, %fd81;
	mov.f64 	%fd83, 0d3FB333333320F91B;
	fma.rn.f64 	%fd84, %fd82, %fd61, %fd83;
	mov.f64 	%fd85, 0d3FC5555555555F4D;
	fma.rn.f64 	%fd86, %fd84, %fd61, %fd85;
	mul{rn}.f64 	%fd87, %fd61, %fd86;
	fma.rn.f64 	%fd9, %fd87, %fd1, %fd1;
	setp.lt.s32 	%p5, %r1, 0;
	@%p5 bra 	$L__BB0_10;

	mov.f64 	%fd88, 0dBC91A62633145C07;
	add.rn.f64 	%fd89, %fd9, %fd88;
	neg.f64 	%fd90, %fd89;
	mov.f64 	%fd91, 0d3FF921FB54442D18;
	add.rn.f64 	%fd97, %fd91, %fd90;
	bra.uni 	$L__BB0_11;

$L__BB0_1:
	mov.f64 	%fd14, 0d3FF0000000000000;
	sub{rn}.f64 	%fd2, %fd14, %fd1;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd2;
	}
	setp.lt.s32 	%p2, %r2, 1;
	@%p2 bra 	$L__BB0_3;

	add.s32 	%r4, %r2, -1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r5, %temp}, %fd2;
	}
	mov.b64 	%fd15, {%r5, %r4};
	rsqrt.approx.ftz.f64 	%fd16, %fd15;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r6}, %fd16;
	}
	add.s32 	%r7, %r6, -1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r8, %temp}, %fd16;
	}
	mov.b64 	%fd17, {%r8, %r7};
	mul{rn}.f64 	%fd18, %fd15, %fd16;
	neg.f64 	%fd19, %fd18;
	fma.rn.f64 	%fd20, %fd18, %fd19, %fd15;
	fma.rn.f64 	%fd21, %fd20, %fd17, %fd18;
	neg.f64 	%fd22, %fd21;
	fma.rn.f64 	%fd23, %fd21, %fd22, %fd15;
	fma.rn.f64 	%fd25, %fd16, %fd22, %fd14;
	fma.rn.f64 	%fd26, %fd25, %fd17, %fd17;
	fma.rn.f64 	%fd27, %fd23, %fd26, %fd21;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r9}, %fd27;
	}
	add.s32 	%r10, %r9, 1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r11, %temp}, %fd27;
	}
	mov.b64 	%fd28, {%r11, %r10};
	mov.f64 	%fd29, 0dBEBAC2FE66FAAC4B;
	mov.f64 	%fd30, 0d3EC715B371155F70;
	fma.rn.f64 	%fd31, %fd30, %fd2, %fd29;
	mov.f64 	%fd32, 0d3ED9A9B88EFCD9B8;
	fma.rn.f64 	%fd33, %fd31, %fd2, %fd32;
	mov.f64 	%fd34, 0d3EDD0F40A8A0C4C3;
	fma.rn.f64 	%fd35, %fd33, %fd2, %fd34;
	mov.f64 	%fd36, 0d3EF46D4CFA9E0E1F;
	fma.rn.f64 	%fd37, %fd35, %fd2, %fd36;
	mov.f64 	%fd38, 0d3F079C168D1E2422;
	fma.rn.f64 	%fd39, %fd37, %fd2, %fd38;
	mov.f64 	%fd40, 0d3F1C9A88C3BCA540;
	fma.rn.f64 	%fd41, %fd39, %fd2, %fd40;
	mov.f64 	%fd42, 0d3F31C4E64BD476DF;
	fma.rn.f64 	%fd43, %fd41, %fd2, %fd42;
	mov.f64 	%fd44, 0d3F46E8BA60009C8F;
	fma.rn.f64 	%fd45, %fd43, %fd2, %fd44;
	mov.f64 	%fd46, 0d3F5F1C71C62B05A2;
	fma.rn.f64 	%fd47, %fd45, %fd2, %fd46;
	mov.f64 	%fd48, 0d3F76DB6DB6DC9F2C;
	fma.rn.f64 	%fd49, %fd47, %fd2, %fd48;
	mov.f64 	%fd50, 0d3F9333333333329C;
	fma.rn.f64 	%fd51, %fd49, %fd2, %fd50;
	mov.f64 	%fd52, 0d3FB5555555555555;
	fma.rn.f64 	%fd53, %fd51, %fd2, %fd52;
	mul{rn}.f64 	%fd54, %fd2, %fd53;
	fma.rn.f64 	%fd97, %fd54, %fd28, %fd28;
	bra.uni 	$L__BB0_4;

$L__BB0_10:
	mov.f64 	%fd92, 0d3C91A62633145C07;
	add.rn.f64 	%fd93, %fd9, %fd92;
	mov.f64 	%fd94, 0d3FF921FB54442D18;
	add.rn.f64 	%fd97, %fd94, %fd93;
	bra.uni 	$L__BB0_11;

$L__BB0_3:
	mov.f64 	%fd55, 0d0000000000000000;
	mul.rn.f64 	%fd97, %fd1, %fd55;

$L__BB0_4:
	setp.gt.s32 	%p3, %r2, -1;
	@%p3 bra 	$L__BB0_6;

	mov.f64 	%fd56, 0d7FF0000000000000;
	mul.rn.f64 	%fd97, %fd97, %fd56;

$L__BB0_6:
	setp.gt.s32 	%p4, %r1, -1;
	@%p4 bra 	$L__BB0_11;

	mov.f64 	%fd57, 0dBCA1A62633145C07;
	add.rn.f64 	%fd58, %fd97, %fd57;
	neg.f64 	%fd59, %fd58;
	mov.f64 	%fd60, 0d400921FB54442D18;
	add.rn.f64 	%fd97, %fd60, %fd59;

$L__BB0_11:
	st.param.b64 	[{ret}], %fd97;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `atan`: |x| > 1 reduced to 1/|x| (a refined `rcp.approx`), a degree-19 polynomial, π/2 − that where reduced, sign restored.
pub(super) static ATAN: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	abs.f64 	%fd1, %fd4;
	setp.leu.f64 	%p1, %fd1, 0d3FF0000000000000;
	mov.f64 	%fd55, %fd1;
	@%p1 bra 	$L__BB0_2;

	rcp.approx.ftz.f64 	%fd5, %fd1;
	neg.f64 	%fd6, %fd1;
	mov.f64 	%fd7, 0d3FF0000000000000;
	fma.rn.f64 	%fd8, %fd6, %fd5, %fd7;
	fma.rn.f64 	%fd9, %fd8, %fd8, %fd8;
	fma.rn.f64 	%fd10, %fd9, %fd5, %fd5;
	setp.eq.f64 	%p2, %fd1, 0d7FF0000000000000;
	selp.f64 	%fd55, 0d0000000000000000, %fd10, %p2;

$L__BB0_2:
	mul{rn}.f64 	%fd11, %fd55, %fd55;
	mov.f64 	%fd12, 0d3F2D3B63DBB65B49;
	mov.f64 	%fd13, 0dBEF53E1D2A25FF7E;
	fma.rn.f64 	%fd14, %fd13, %fd11, %fd12;
	mov.f64 	%fd15, 0dBF5312788DDE082E;
	fma.rn.f64 	%fd16, %fd14, %fd11, %fd15;
	mov.f64 	%fd17, 0d3F6F9690C8249315;
	fma.rn.f64 	%fd18, %fd16, %fd11, %fd17;
	mov.f64 	%fd19, 0dBF82CF5AABC7CF0D;
	fma.rn.f64 	%fd20, %fd18, %fd11, %fd19;
	mov.f64 	%fd21, 0d3F9162B0B2A3BFDE;
	fma.rn.f64 	%fd22, %fd20, %fd11, %fd21;
	mov.f64 	%fd23, 0dBF9A7256FEB6FC6B;
	fma.rn.f64 	%fd24, %fd22, %fd11, %fd23;
	mov.f64 	%fd25, 0d3FA171560CE4A489;
	fma.rn.f64 	%fd26, %fd24, %fd11, %fd25;
	mov.f64 	%fd27, 0dBFA4F44D841450E4;
	fma.rn.f64 	%fd28, %fd26, %fd11, %fd27;
	mov.f64 	%fd29, 0d3FA7EE3D3F36BB95;
	fma.rn.f64 	%fd30, %fd28, %fd11, %fd29;
	mov.f64 	%fd31, 0dBFAAD32AE04A9FD1;
	fma.rn.f64 	%fd32, %fd30, %fd11, %fd31;
	mov.f64 	%fd33, 0d3FAE17813D66954F;
	fma.rn.f64 	%fd34, %fd32, %fd11, %fd33;
	mov.f64 	%fd35, 0dBFB11089CA9A5BCD;
	fma.rn.f64 	%fd36, %fd34, %fd11, %fd35;
	mov.f64 	%fd37, 0d3FB3B12B2DB51738;
	fma.rn.f64 	%fd38, %fd36, %fd11, %fd37;
	mov.f64 	%fd39, 0dBFB745D022F8DC5C;
	fma.rn.f64 	%fd40, %fd38, %fd11, %fd39;
	mov.f64 	%fd41, 0d3FBC71C709DFE927;
	fma.rn.f64 	%fd42, %fd40, %fd11, %fd41;
	mov.f64 	%fd43, 0dBFC2492491FA1744;
	fma.rn.f64 	%fd44, %fd42, %fd11, %fd43;
	mov.f64 	%fd45, 0d3FC99999999840D2;
	fma.rn.f64 	%fd46, %fd44, %fd11, %fd45;
	mov.f64 	%fd47, 0dBFD555555555544C;
	fma.rn.f64 	%fd48, %fd46, %fd11, %fd47;
	mul{rn}.f64 	%fd49, %fd11, %fd48;
	fma.rn.f64 	%fd50, %fd49, %fd55, %fd55;
	mov.f64 	%fd51, 0d3FF921FB54442D18;
	sub{rn}.f64 	%fd52, %fd51, %fd50;
	setp.gt.f64 	%p3, %fd1, 0d3FF0000000000000;
	selp.f64 	%fd53, %fd52, %fd50, %p3;
	{
	.reg .b32 %temp;
	mov.b64 	{%r1, %temp}, %fd53;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd53;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd4;
	}
	and.b32  	%r4, %r3, -2147483648;
	or.b32  	%r5, %r2, %r4;
	mov.b64 	%fd54, {%r1, %r5};
	st.param.b64 	[{ret}], %fd54;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `atan2`: min/max of |x|, |y| divided (a refined reciprocal), `atan`'s polynomial, the quadrant from the signs, C99's special cases.
pub(super) static ATAN2: Variants = Variants {
    base: "	ld.param.b64 	%fd7, [{p0}];
	ld.param.b64 	%fd8, [{p1}];
	abs.f64 	%fd1, %fd8;
	setp.eq.f64 	%p1, %fd1, 0d0000000000000000;
	abs.f64 	%fd2, %fd7;
	setp.eq.f64 	%p2, %fd2, 0d0000000000000000;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r13}, %fd8;
	}
	setp.lt.s32 	%p11, %r13, 0;
	selp.f64 	%fd61, 0d400921FB54442D18, 0d0000000000000000, %p11;
	{
	.reg .b32 %temp;
	mov.b64 	{%r14, %temp}, %fd61;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd61;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r16}, %fd7;
	}
	and.b32  	%r17, %r16, -2147483648;
	or.b32  	%r18, %r15, %r17;
	mov.b64 	%fd62, {%r14, %r18};
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	setp.eq.f64 	%p4, %fd1, 0d7FF0000000000000;
	setp.eq.f64 	%p5, %fd2, 0d7FF0000000000000;
	and.pred  	%p6, %p4, %p5;
	@%p6 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd8;
	}
	setp.lt.s32 	%p10, %r7, 0;
	selp.f64 	%fd60, 0d4002D97C7F3321D2, 0d3FE921FB54442D18, %p10;
	{
	.reg .b32 %temp;
	mov.b64 	{%r8, %temp}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r9}, %fd60;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r10}, %fd7;
	}
	and.b32  	%r11, %r10, -2147483648;
	or.b32  	%r12, %r9, %r11;
	mov.b64 	%fd62, {%r8, %r12};
	bra.uni 	$L__BB0_5;

$L__BB0_2:
	max.f64 	%fd9, %fd2, %fd1;
	min.f64 	%fd10, %fd2, %fd1;
	div.rn.f64 	%fd11, %fd10, %fd9;
	mul{rn}.f64 	%fd12, %fd11, %fd11;
	mov.f64 	%fd13, 0d3F2D3B63DBB65B49;
	mov.f64 	%fd14, 0dBEF53E1D2A25FF7E;
	fma.rn.f64 	%fd15, %fd14, %fd12, %fd13;
	mov.f64 	%fd16, 0dBF5312788DDE082E;
	fma.rn.f64 	%fd17, %fd15, %fd12, %fd16;
	mov.f64 	%fd18, 0d3F6F9690C8249315;
	fma.rn.f64 	%fd19, %fd17, %fd12, %fd18;
	mov.f64 	%fd20, 0dBF82CF5AABC7CF0D;
	fma.rn.f64 	%fd21, %fd19, %fd12, %fd20;
	mov.f64 	%fd22, 0d3F9162B0B2A3BFDE;
	fma.rn.f64 	%fd23, %fd21, %fd12, %fd22;
	mov.f64 	%fd24, 0dBF9A7256FEB6FC6B;
	fma.rn.f64 	%fd25, %fd23, %fd12, %fd24;
	mov.f64 	%fd26, 0d3FA171560CE4A489;
	fma.rn.f64 	%fd27, %fd25, %fd12, %fd26;
	mov.f64 	%fd28, 0dBFA4F44D841450E4;
	fma.rn.f64 	%fd29, %fd27, %fd12, %fd28;
	mov.f64 	%fd30, 0d3FA7EE3D3F36BB95;
	fma.rn.f64 	%fd31, %fd29, %fd12, %fd30;
	mov.f64 	%fd32, 0dBFAAD32AE04A9FD1;
	fma.rn.f64 	%fd33, %fd31, %fd12, %fd32;
	mov.f64 	%fd34, 0d3FAE17813D66954F;
	fma.rn.f64 	%fd35, %fd33, %fd12, %fd34;
	mov.f64 	%fd36, 0dBFB11089CA9A5BCD;
	fma.rn.f64 	%fd37, %fd35, %fd12, %fd36;
	mov.f64 	%fd38, 0d3FB3B12B2DB51738;
	fma.rn.f64 	%fd39, %fd37, %fd12, %fd38;
	mov.f64 	%fd40, 0dBFB745D022F8DC5C;
	fma.rn.f64 	%fd41, %fd39, %fd12, %fd40;
	mov.f64 	%fd42, 0d3FBC71C709DFE927;
	fma.rn.f64 	%fd43, %fd41, %fd12, %fd42;
	mov.f64 	%fd44, 0dBFC2492491FA1744;
	fma.rn.f64 	%fd45, %fd43, %fd12, %fd44;
	mov.f64 	%fd46, 0d3FC99999999840D2;
	fma.rn.f64 	%fd47, %fd45, %fd12, %fd46;
	mov.f64 	%fd48, 0dBFD555555555544C;
	fma.rn.f64 	%fd49, %fd47, %fd12, %fd48;
	mul{rn}.f64 	%fd50, %fd12, %fd49;
	fma.rn.f64 	%fd51, %fd50, %fd11, %fd11;
	mov.f64 	%fd52, 0d3FF921FB54442D18;
	sub{rn}.f64 	%fd53, %fd52, %fd51;
	setp.gt.f64 	%p7, %fd2, %fd1;
	selp.f64 	%fd54, %fd53, %fd51, %p7;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd8;
	}
	setp.lt.s32 	%p8, %r1, 0;
	mov.f64 	%fd55, 0d400921FB54442D18;
	sub{rn}.f64 	%fd56, %fd55, %fd54;
	selp.f64 	%fd57, %fd56, %fd54, %p8;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd57;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd57;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd7;
	}
	and.b32  	%r5, %r4, -2147483648;
	or.b32  	%r6, %r3, %r5;
	mov.b64 	%fd58, {%r2, %r6};
	add.rn.f64 	%fd59, %fd1, %fd2;
	setp.le.f64 	%p9, %fd59, 0d7FF0000000000000;
	selp.f64 	%fd62, %fd58, %fd59, %p9;

$L__BB0_5:
	st.param.b64 	[{ret}], %fd62;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sinh`: below |x| = 1 an odd polynomial; above, (eˣ − e⁻ˣ)/2 from one exponential as in `exp` and its refined reciprocal; sign restored, overflow to infinity.
pub(super) static SINH: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd5;
	}
	and.b32  	%r2, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd5;
	}
	mov.b64 	%fd1, {%r3, %r2};
	setp.lt.u32 	%p1, %r2, 1072693248;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul{rn}.f64 	%fd51, %fd1, %fd1;
	mov.f64 	%fd52, 0d3DE611A561D87DEF;
	mov.f64 	%fd53, 0d3D6B4C75AB274C53;
	fma.rn.f64 	%fd54, %fd53, %fd51, %fd52;
	mov.f64 	%fd55, 0d3E5AE64671B18F5C;
	fma.rn.f64 	%fd56, %fd54, %fd51, %fd55;
	mov.f64 	%fd57, 0d3EC71DE3A465B1E4;
	fma.rn.f64 	%fd58, %fd56, %fd51, %fd57;
	mov.f64 	%fd59, 0d3F2A01A01A02899D;
	fma.rn.f64 	%fd60, %fd58, %fd51, %fd59;
	mov.f64 	%fd61, 0d3F811111111110A6;
	fma.rn.f64 	%fd62, %fd60, %fd51, %fd61;
	mov.f64 	%fd63, 0d3FC5555555555556;
	fma.rn.f64 	%fd64, %fd62, %fd51, %fd63;
	mul{rn}.f64 	%fd65, %fd51, %fd64;
	fma.rn.f64 	%fd67, %fd65, %fd1, %fd1;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd1;
	}
	mov.f64 	%fd6, 0d4338000000000000;
	mov.f64 	%fd7, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd8, %fd1, %fd7, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%r5, %temp}, %fd8;
	}
	add.s32 	%r6, %r5, -1;
	mov.f64 	%fd9, 0dC338000000000000;
	add.rn.f64 	%fd10, %fd8, %fd9;
	mov.f64 	%fd11, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd12, %fd10, %fd11, %fd1;
	mov.f64 	%fd13, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd14, %fd10, %fd13, %fd12;
	shl.b32 	%r7, %r4, 1;
	setp.lt.u32 	%p2, %r7, 2142496327;
	selp.f64 	%fd15, %fd1, %fd14, %p2;
	selp.b32 	%r8, 0, %r6, %p2;
	mov.u32 	%r9, 0;
	mov.f64 	%fd16, 0d3E5AF86D8EBD13CD;
	mov.f64 	%fd17, 0d3E21F4076ACD15B6;
	fma.rn.f64 	%fd18, %fd17, %fd15, %fd16;
	mov.f64 	%fd19, 0d3E927E5092BA033D;
	fma.rn.f64 	%fd20, %fd18, %fd15, %fd19;
	mov.f64 	%fd21, 0d3EC71DDE6C5F9DA1;
	fma.rn.f64 	%fd22, %fd20, %fd15, %fd21;
	mov.f64 	%fd23, 0d3EFA01A018D034E6;
	fma.rn.f64 	%fd24, %fd22, %fd15, %fd23;
	mov.f64 	%fd25, 0d3F2A01A01B3B6940;
	fma.rn.f64 	%fd26, %fd24, %fd15, %fd25;
	mov.f64 	%fd27, 0d3F56C16C16C1B5DD;
	fma.rn.f64 	%fd28, %fd26, %fd15, %fd27;
	mov.f64 	%fd29, 0d3F8111111110F74D;
	fma.rn.f64 	%fd30, %fd28, %fd15, %fd29;
	mov.f64 	%fd31, 0d3FA555555555554D;
	fma.rn.f64 	%fd32, %fd30, %fd15, %fd31;
	mov.f64 	%fd33, 0d3FC5555555555557;
	fma.rn.f64 	%fd34, %fd32, %fd15, %fd33;
	mov.f64 	%fd35, 0d3FE0000000000000;
	fma.rn.f64 	%fd36, %fd34, %fd15, %fd35;
	mul{rn}.f64 	%fd37, %fd15, %fd36;
	fma.rn.f64 	%fd38, %fd37, %fd15, %fd15;
	setp.eq.s32 	%p3, %r8, 1024;
	selp.b32 	%r10, -1, 0, %p3;
	add.s32 	%r11, %r8, %r10;
	shl.b32 	%r12, %r11, 20;
	add.s32 	%r13, %r12, 1072693248;
	mov.b64 	%fd39, {%r9, %r13};
	mov.u32 	%r14, 1071644672;
	mov.b64 	%fd40, {%r9, %r14};
	sub{rn}.f64 	%fd41, %fd39, %fd40;
	fma.rn.f64 	%fd42, %fd38, %fd39, %fd41;
	add{rn}.f64 	%fd43, %fd42, %fd42;
	selp.f64 	%fd44, %fd43, %fd42, %p3;
	setp.eq.s32 	%p4, %r7, 0;
	selp.f64 	%fd45, %fd15, %fd44, %p4;
	mov.f64 	%fd46, 0d3FF0000000000000;
	mov.f64 	%fd47, 0d4000000000000000;
	fma.rn.f64 	%fd48, %fd47, %fd45, %fd46;
	div.rn.f64 	%fd49, %fd45, %fd48;
	add{rn}.f64 	%fd50, %fd45, %fd49;
	setp.ge.f64 	%p5, %fd1, 0d408633CE8FB9F87E;
	selp.f64 	%fd67, 0d7FF0000000000000, %fd50, %p5;

$L__BB0_3:
	and.b32  	%r15, %r1, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r16}, %fd67;
	}
	or.b32  	%r17, %r16, %r15;
	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd67;
	}
	mov.b64 	%fd66, {%r18, %r17};
	st.param.b64 	[{ret}], %fd66;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cosh`: e^|x|/2 + 1/(2e^|x|) from `exp`'s reduction with the halving folded into the exponent, infinity beyond the overflow threshold.
pub(super) static COSH: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd5;
	}
	and.b32  	%r2, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd5;
	}
	mov.b64 	%fd1, {%r3, %r2};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd1;
	}
	setp.lt.u32 	%p1, %r4, 1082536911;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mov.f64 	%fd6, 0d4338000000000000;
	mov.f64 	%fd7, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd8, %fd1, %fd7, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%r5, %temp}, %fd8;
	}
	mov.f64 	%fd9, 0dC338000000000000;
	add.rn.f64 	%fd10, %fd8, %fd9;
	mov.f64 	%fd11, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd12, %fd10, %fd11, %fd1;
	mov.f64 	%fd13, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd14, %fd10, %fd13, %fd12;
	mov.f64 	%fd15, 0d3E928AF3FCA213EA;
	mov.f64 	%fd16, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd17, %fd16, %fd14, %fd15;
	mov.f64 	%fd18, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd19, %fd17, %fd14, %fd18;
	mov.f64 	%fd20, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd21, %fd19, %fd14, %fd20;
	mov.f64 	%fd22, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd23, %fd21, %fd14, %fd22;
	mov.f64 	%fd24, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd25, %fd23, %fd14, %fd24;
	mov.f64 	%fd26, 0d3F81111111122322;
	fma.rn.f64 	%fd27, %fd25, %fd14, %fd26;
	mov.f64 	%fd28, 0d3FA55555555502A1;
	fma.rn.f64 	%fd29, %fd27, %fd14, %fd28;
	mov.f64 	%fd30, 0d3FC5555555555511;
	fma.rn.f64 	%fd31, %fd29, %fd14, %fd30;
	mov.f64 	%fd32, 0d3FE000000000000B;
	fma.rn.f64 	%fd33, %fd31, %fd14, %fd32;
	mov.f64 	%fd34, 0d3FF0000000000000;
	fma.rn.f64 	%fd35, %fd33, %fd14, %fd34;
	fma.rn.f64 	%fd36, %fd35, %fd14, %fd34;
	{
	.reg .b32 %temp;
	mov.b64 	{%r6, %temp}, %fd36;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd36;
	}
	shl.b32 	%r8, %r5, 20;
	add.s32 	%r9, %r8, %r7;
	add.s32 	%r10, %r9, -2097152;
	mov.b64 	%fd37, {%r6, %r10};
	rcp.approx.ftz.f64 	%fd38, %fd37;
	neg.f64 	%fd39, %fd37;
	fma.rn.f64 	%fd40, %fd39, %fd38, %fd34;
	fma.rn.f64 	%fd41, %fd40, %fd40, %fd40;
	fma.rn.f64 	%fd42, %fd41, %fd38, %fd38;
	mov.f64 	%fd43, 0d3FB0000000000000;
	fma.rn.f64 	%fd45, %fd42, %fd43, %fd37;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.le.f64 	%p2, %fd5, 0d7FF0000000000000;
	selp.f64 	%fd45, 0d7FF0000000000000, %fd5, %p2;

$L__BB0_3:
	add{rn}.f64 	%fd44, %fd45, %fd45;
	st.param.b64 	[{ret}], %fd44;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `tanh`: below |x| = 0.6 an odd polynomial; above, 1 − 2/(e^{2|x|} + 1) with a refined reciprocal, saturating at 1; sign restored.
pub(super) static TANH: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd5;
	}
	and.b32  	%r2, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd5;
	}
	mov.b64 	%fd1, {%r3, %r2};
	setp.ltu.f64 	%p1, %fd1, 0d3FE4F92224DD2F1A;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul{rn}.f64 	%fd47, %fd5, %fd5;
	mov.f64 	%fd48, 0d3F14359F420AFC3D;
	mov.f64 	%fd49, 0dBEF0BC46E2F5E964;
	fma.rn.f64 	%fd50, %fd49, %fd47, %fd48;
	mov.f64 	%fd51, 0dBF2DF9F0728C5D84;
	fma.rn.f64 	%fd52, %fd50, %fd47, %fd51;
	mov.f64 	%fd53, 0d3F4337D1CEC4F033;
	fma.rn.f64 	%fd54, %fd52, %fd47, %fd53;
	mov.f64 	%fd55, 0dBF57D6E9674335B3;
	fma.rn.f64 	%fd56, %fd54, %fd47, %fd55;
	mov.f64 	%fd57, 0d3F6D6D000D7AAD3D;
	fma.rn.f64 	%fd58, %fd56, %fd47, %fd57;
	mov.f64 	%fd59, 0dBF8226E1F3CF1EF5;
	fma.rn.f64 	%fd60, %fd58, %fd47, %fd59;
	mov.f64 	%fd61, 0d3F9664F47EC0C8CF;
	fma.rn.f64 	%fd62, %fd60, %fd47, %fd61;
	mov.f64 	%fd63, 0dBFABA1BA1B80AB40;
	fma.rn.f64 	%fd64, %fd62, %fd47, %fd63;
	mov.f64 	%fd65, 0d3FC111111110FA4A;
	fma.rn.f64 	%fd66, %fd64, %fd47, %fd65;
	mov.f64 	%fd67, 0dBFD5555555555550;
	fma.rn.f64 	%fd68, %fd66, %fd47, %fd67;
	mov.f64 	%fd69, 0d0000000000000000;
	fma.rn.f64 	%fd70, %fd68, %fd47, %fd69;
	fma.rn.f64 	%fd71, %fd70, %fd5, %fd5;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	add{rn}.f64 	%fd6, %fd1, %fd1;
	mov.f64 	%fd7, 0d4000000000000000;
	cvt.rn{ftz}.f32.f64 	%f1, %fd6;
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3FB8AA3B;
	cvt.rni.f32.f32 	%f3, %f2;
	cvt{ftz}.f64.f32 	%fd8, %f3;
	neg.f64 	%fd9, %fd8;
	mov.f64 	%fd10, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd11, %fd9, %fd10, %fd6;
	mov.f64 	%fd12, 0d3E928A27F89B6999;
	mov.f64 	%fd13, 0d3E5AE904A4741B81;
	fma.rn.f64 	%fd14, %fd13, %fd11, %fd12;
	mov.f64 	%fd15, 0d3EC71DE715FF7E07;
	fma.rn.f64 	%fd16, %fd14, %fd11, %fd15;
	mov.f64 	%fd17, 0d3EFA019A6B0AC45A;
	fma.rn.f64 	%fd18, %fd16, %fd11, %fd17;
	mov.f64 	%fd19, 0d3F2A01A017EED94F;
	fma.rn.f64 	%fd20, %fd18, %fd11, %fd19;
	mov.f64 	%fd21, 0d3F56C16C17F2A71B;
	fma.rn.f64 	%fd22, %fd20, %fd11, %fd21;
	mov.f64 	%fd23, 0d3F811111111173C4;
	fma.rn.f64 	%fd24, %fd22, %fd11, %fd23;
	mov.f64 	%fd25, 0d3FA555555555211A;
	fma.rn.f64 	%fd26, %fd24, %fd11, %fd25;
	mov.f64 	%fd27, 0d3FC5555555555540;
	fma.rn.f64 	%fd28, %fd26, %fd11, %fd27;
	mov.f64 	%fd29, 0d3FE0000000000005;
	fma.rn.f64 	%fd30, %fd28, %fd11, %fd29;
	mul{rn}.f64 	%fd31, %fd11, %fd30;
	fma.rn.f64 	%fd32, %fd31, %fd11, %fd11;
	ex2.approx.ftz.f32 	%f4, %f3;
	cvt{ftz}.f64.f32 	%fd33, %f4;
	mov.f64 	%fd34, 0d3FF0000000000000;
	sub{rn}.f64 	%fd35, %fd34, %fd33;
	neg.f64 	%fd36, %fd32;
	fma.rn.f64 	%fd37, %fd36, %fd33, %fd35;
	sub{rn}.f64 	%fd38, %fd7, %fd37;
	rcp.approx.ftz.f64 	%fd39, %fd38;
	neg.f64 	%fd40, %fd38;
	fma.rn.f64 	%fd41, %fd40, %fd39, %fd34;
	fma.rn.f64 	%fd42, %fd41, %fd41, %fd41;
	fma.rn.f64 	%fd43, %fd42, %fd39, %fd39;
	neg.f64 	%fd44, %fd43;
	fma.rn.f64 	%fd45, %fd7, %fd44, %fd34;
	setp.gt.u32 	%p2, %r2, 1077088193;
	selp.f64 	%fd46, 0d3FF0000000000000, %fd45, %p2;
	{
	.reg .b32 %temp;
	mov.b64 	{%r4, %temp}, %fd46;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r5}, %fd46;
	}
	and.b32  	%r6, %r1, -2147483648;
	or.b32  	%r7, %r5, %r6;
	mov.b64 	%fd71, {%r4, %r7};

$L__BB0_3:
	st.param.b64 	[{ret}], %fd71;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erf`: below |x| = 1 a polynomial in x², above 1 − e^(−P(|x|)) through `exp`'s reduction, exactly ±1 for large |x|.
pub(super) static ERF: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	abs.f64 	%fd2, %fd1;
	mov.f64 	%fd3, 0d3D47088FDB46FA5F;
	mov.f64 	%fd4, 0dBCF0679AFBA6F279;
	fma.rn.f64 	%fd5, %fd4, %fd2, %fd3;
	mov.f64 	%fd6, 0dBD8DF9F9B976A9B2;
	fma.rn.f64 	%fd7, %fd5, %fd2, %fd6;
	mov.f64 	%fd8, 0d3DC7F1F5590CC332;
	fma.rn.f64 	%fd9, %fd7, %fd2, %fd8;
	mov.f64 	%fd10, 0dBDFA28A3CD2D56C4;
	fma.rn.f64 	%fd11, %fd9, %fd2, %fd10;
	mov.f64 	%fd12, 0d3E2485EE67835925;
	fma.rn.f64 	%fd13, %fd11, %fd2, %fd12;
	mov.f64 	%fd14, 0dBE476DB45919F583;
	fma.rn.f64 	%fd15, %fd13, %fd2, %fd14;
	mov.f64 	%fd16, 0d3E62D698D98C8D71;
	fma.rn.f64 	%fd17, %fd15, %fd2, %fd16;
	mov.f64 	%fd18, 0dBE720A2C7155D5C6;
	fma.rn.f64 	%fd19, %fd17, %fd2, %fd18;
	mov.f64 	%fd20, 0dBE41D29B37CA1397;
	fma.rn.f64 	%fd21, %fd19, %fd2, %fd20;
	mov.f64 	%fd22, 0d3EA2EF6CC0F67A49;
	fma.rn.f64 	%fd23, %fd21, %fd2, %fd22;
	mov.f64 	%fd24, 0dBEC102B892333B6F;
	fma.rn.f64 	%fd25, %fd23, %fd2, %fd24;
	mov.f64 	%fd26, 0d3ECA30375BA9A84E;
	fma.rn.f64 	%fd27, %fd25, %fd2, %fd26;
	mov.f64 	%fd28, 0d3ECAAD18DEDEA43E;
	fma.rn.f64 	%fd29, %fd27, %fd2, %fd28;
	mov.f64 	%fd30, 0dBEFF05355BC5B225;
	fma.rn.f64 	%fd31, %fd29, %fd2, %fd30;
	mov.f64 	%fd32, 0d3F10E37A3108BC8B;
	fma.rn.f64 	%fd33, %fd31, %fd2, %fd32;
	mov.f64 	%fd34, 0d3EFB292D828E5CB2;
	fma.rn.f64 	%fd35, %fd33, %fd2, %fd34;
	mov.f64 	%fd36, 0dBF4356626EBF9BFA;
	fma.rn.f64 	%fd37, %fd35, %fd2, %fd36;
	mov.f64 	%fd38, 0d3F5BCA68F73D6AFC;
	fma.rn.f64 	%fd39, %fd37, %fd2, %fd38;
	mov.f64 	%fd40, 0dBF2B6B69EBBC280B;
	fma.rn.f64 	%fd41, %fd39, %fd2, %fd40;
	mov.f64 	%fd42, 0dBF9396685912A453;
	fma.rn.f64 	%fd43, %fd41, %fd2, %fd42;
	mov.f64 	%fd44, 0d3FBA4F4E2A1ABEF8;
	fma.rn.f64 	%fd45, %fd43, %fd2, %fd44;
	mov.f64 	%fd46, 0d3FE45F306DC9C8BB;
	fma.rn.f64 	%fd47, %fd45, %fd2, %fd46;
	mov.f64 	%fd48, 0d3FC06EBA8214DB69;
	fma.rn.f64 	%fd49, %fd47, %fd2, %fd48;
	fma.rn.f64 	%fd50, %fd49, %fd2, %fd2;
	sub{rn}.f64 	%fd51, %fd2, %fd50;
	fma.rn.f64 	%fd52, %fd49, %fd2, %fd51;
	neg.f64 	%fd53, %fd50;
	cvt.rn{ftz}.f32.f64 	%f1, %fd50;
	mul{rn}{ftz}.f32 	%f2, %f1, 0fBFB8AA3B;
	cvt.rni.f32.f32 	%f3, %f2;
	cvt{ftz}.f64.f32 	%fd54, %f3;
	neg.f64 	%fd55, %fd54;
	mov.f64 	%fd56, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd57, %fd55, %fd56, %fd53;
	mov.f64 	%fd58, 0d3E928A27F89B6999;
	mov.f64 	%fd59, 0d3E5AE904A4741B81;
	fma.rn.f64 	%fd60, %fd59, %fd57, %fd58;
	mov.f64 	%fd61, 0d3EC71DE715FF7E07;
	fma.rn.f64 	%fd62, %fd60, %fd57, %fd61;
	mov.f64 	%fd63, 0d3EFA019A6B0AC45A;
	fma.rn.f64 	%fd64, %fd62, %fd57, %fd63;
	mov.f64 	%fd65, 0d3F2A01A017EED94F;
	fma.rn.f64 	%fd66, %fd64, %fd57, %fd65;
	mov.f64 	%fd67, 0d3F56C16C17F2A71B;
	fma.rn.f64 	%fd68, %fd66, %fd57, %fd67;
	mov.f64 	%fd69, 0d3F811111111173C4;
	fma.rn.f64 	%fd70, %fd68, %fd57, %fd69;
	mov.f64 	%fd71, 0d3FA555555555211A;
	fma.rn.f64 	%fd72, %fd70, %fd57, %fd71;
	mov.f64 	%fd73, 0d3FC5555555555540;
	fma.rn.f64 	%fd74, %fd72, %fd57, %fd73;
	mov.f64 	%fd75, 0d3FE0000000000005;
	fma.rn.f64 	%fd76, %fd74, %fd57, %fd75;
	mul{rn}.f64 	%fd77, %fd57, %fd76;
	neg.f64 	%fd78, %fd52;
	fma.rn.f64 	%fd79, %fd77, %fd57, %fd78;
	add{rn}.f64 	%fd80, %fd57, %fd79;
	ex2.approx.ftz.f32 	%f4, %f3;
	cvt{ftz}.f64.f32 	%fd81, %f4;
	mov.f64 	%fd82, 0d3FF0000000000000;
	sub{rn}.f64 	%fd83, %fd82, %fd81;
	neg.f64 	%fd84, %fd80;
	fma.rn.f64 	%fd85, %fd84, %fd81, %fd83;
	setp.ge.f64 	%p1, %fd2, 0d4017AFB48DC96626;
	selp.f64 	%fd86, 0d3FF0000000000000, %fd85, %p1;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd86;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd86;
	}
	and.b32  	%r4, %r1, -2147483648;
	or.b32  	%r5, %r3, %r4;
	mov.b64 	%fd87, {%r2, %r5};
	st.param.b64 	[{ret}], %fd87;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfc`: near zero 1 − erf's polynomial, otherwise e^(−x²) with x² split exactly times a rational approximation (refined reciprocals), reflected for negative x (2 − erfc(−x)), underflowing to zero.
pub(super) static ERFC: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd4;
	}
	and.b32  	%r2, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd4;
	}
	setp.lt.u32 	%p1, %r2, 2146435072;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mov.b64 	%fd7, {%r3, %r2};
	add{rn}.f64 	%fd8, %fd7, 0dC010000000000000;
	mov.f64 	%fd9, 0dC010000000000000;
	add{rn}.f64 	%fd10, %fd7, 0d4010000000000000;
	rcp.approx.ftz.f64 	%fd11, %fd10;
	neg.f64 	%fd12, %fd10;
	mov.f64 	%fd13, 0d3FF0000000000000;
	fma.rn.f64 	%fd14, %fd12, %fd11, %fd13;
	fma.rn.f64 	%fd15, %fd14, %fd14, %fd14;
	fma.rn.f64 	%fd16, %fd15, %fd11, %fd11;
	mul{rn}.f64 	%fd17, %fd8, %fd16;
	add.rn.f64 	%fd18, %fd17, %fd13;
	fma.rn.f64 	%fd19, %fd9, %fd18, %fd7;
	neg.f64 	%fd20, %fd17;
	fma.rn.f64 	%fd21, %fd20, %fd7, %fd19;
	fma.rn.f64 	%fd22, %fd16, %fd21, %fd17;
	mov.f64 	%fd23, 0dBE44E1C6FD03D328;
	mov.f64 	%fd24, 0dBDF8774AD4E0BFD7;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mov.f64 	%fd26, 0dBE4330149F7A56B6;
	fma.rn.f64 	%fd27, %fd25, %fd22, %fd26;
	mov.f64 	%fd28, 0d3E7BEDDED8376273;
	fma.rn.f64 	%fd29, %fd27, %fd22, %fd28;
	mov.f64 	%fd30, 0d3E6F9254C3ABF22B;
	fma.rn.f64 	%fd31, %fd29, %fd22, %fd30;
	mov.f64 	%fd32, 0dBEAB9068C2148CF0;
	fma.rn.f64 	%fd33, %fd31, %fd22, %fd32;
	mov.f64 	%fd34, 0d3E94C6454DB34009;
	fma.rn.f64 	%fd35, %fd33, %fd22, %fd34;
	mov.f64 	%fd36, 0d3ED7F1C378F2311D;
	fma.rn.f64 	%fd37, %fd35, %fd22, %fd36;
	mov.f64 	%fd38, 0dBEE78E051C6D5C58;
	fma.rn.f64 	%fd39, %fd37, %fd22, %fd38;
	mov.f64 	%fd40, 0dBEF995B4EAD14A90;
	fma.rn.f64 	%fd41, %fd39, %fd22, %fd40;
	mov.f64 	%fd42, 0d3F23BE27CF0A29B2;
	fma.rn.f64 	%fd43, %fd41, %fd22, %fd42;
	mov.f64 	%fd44, 0dBF2A1DEF3E81672E;
	fma.rn.f64 	%fd45, %fd43, %fd22, %fd44;
	mov.f64 	%fd46, 0dBF48D4ABE68C1713;
	fma.rn.f64 	%fd47, %fd45, %fd22, %fd46;
	mov.f64 	%fd48, 0d3F749C67210DD6B4;
	fma.rn.f64 	%fd49, %fd47, %fd22, %fd48;
	mov.f64 	%fd50, 0dBF9096238568E357;
	fma.rn.f64 	%fd51, %fd49, %fd22, %fd50;
	mov.f64 	%fd52, 0d3FA3079EDF8C2DC9;
	fma.rn.f64 	%fd53, %fd51, %fd22, %fd52;
	mov.f64 	%fd54, 0dBFB0FB06DFF601FC;
	fma.rn.f64 	%fd55, %fd53, %fd22, %fd54;
	mov.f64 	%fd56, 0d3FB7FEE004DFBCDC;
	fma.rn.f64 	%fd57, %fd55, %fd22, %fd56;
	mov.f64 	%fd58, 0dBFB9DDB23C3DB8C6;
	fma.rn.f64 	%fd59, %fd57, %fd22, %fd58;
	mov.f64 	%fd60, 0d3FB16ECEFCFA5FDA;
	fma.rn.f64 	%fd61, %fd59, %fd22, %fd60;
	mov.f64 	%fd62, 0d3F8F7F5DF66FB6D6;
	fma.rn.f64 	%fd63, %fd61, %fd22, %fd62;
	mov.f64 	%fd64, 0dBFC1DF1AD154A29D;
	fma.rn.f64 	%fd65, %fd63, %fd22, %fd64;
	mov.f64 	%fd66, 0d3FF3BA5916E9FD7F;
	fma.rn.f64 	%fd67, %fd65, %fd22, %fd66;
	mov.f64 	%fd68, 0d4000000000000000;
	fma.rn.f64 	%fd69, %fd68, %fd7, %fd13;
	rcp.approx.ftz.f64 	%fd70, %fd69;
	neg.f64 	%fd71, %fd69;
	fma.rn.f64 	%fd72, %fd71, %fd70, %fd13;
	fma.rn.f64 	%fd73, %fd72, %fd72, %fd72;
	fma.rn.f64 	%fd74, %fd73, %fd70, %fd70;
	mul{rn}.f64 	%fd75, %fd67, %fd74;
	mul{rn}.f64 	%fd76, %fd75, 0dC000000000000000;
	fma.rn.f64 	%fd77, %fd7, %fd76, %fd67;
	neg.f64 	%fd78, %fd75;
	add.rn.f64 	%fd79, %fd77, %fd78;
	fma.rn.f64 	%fd80, %fd79, %fd74, %fd75;
	mul{rn}.f64 	%fd81, %fd7, %fd7;
	neg.f64 	%fd82, %fd81;
	mov.f64 	%fd83, 0d4338000000000000;
	mov.f64 	%fd84, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd85, %fd82, %fd84, %fd83;
	mov.f64 	%fd86, 0dC338000000000000;
	add.rn.f64 	%fd87, %fd85, %fd86;
	mov.f64 	%fd88, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd89, %fd87, %fd88, %fd82;
	mov.f64 	%fd90, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd91, %fd87, %fd90, %fd89;
	mov.f64 	%fd92, 0d3E928AF3FCA213EA;
	mov.f64 	%fd93, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd94, %fd93, %fd91, %fd92;
	mov.f64 	%fd95, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd96, %fd94, %fd91, %fd95;
	mov.f64 	%fd97, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd98, %fd96, %fd91, %fd97;
	mov.f64 	%fd99, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd100, %fd98, %fd91, %fd99;
	mov.f64 	%fd101, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd102, %fd100, %fd91, %fd101;
	mov.f64 	%fd103, 0d3F81111111122322;
	fma.rn.f64 	%fd104, %fd102, %fd91, %fd103;
	mov.f64 	%fd105, 0d3FA55555555502A1;
	fma.rn.f64 	%fd106, %fd104, %fd91, %fd105;
	mov.f64 	%fd107, 0d3FC5555555555511;
	fma.rn.f64 	%fd108, %fd106, %fd91, %fd107;
	mov.f64 	%fd109, 0d3FE000000000000B;
	fma.rn.f64 	%fd110, %fd108, %fd91, %fd109;
	fma.rn.f64 	%fd111, %fd110, %fd91, %fd13;
	fma.rn.f64 	%fd112, %fd111, %fd91, %fd13;
	{
	.reg .b32 %temp;
	mov.b64 	{%r4, %temp}, %fd85;
	}
	shr.u32 	%r5, %r4, 31;
	add.s32 	%r6, %r4, %r5;
	shr.s32 	%r7, %r6, 1;
	{
	.reg .b32 %temp;
	mov.b64 	{%r8, %temp}, %fd112;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r9}, %fd112;
	}
	shl.b32 	%r10, %r7, 20;
	add.s32 	%r11, %r9, %r10;
	mov.b64 	%fd113, {%r8, %r11};
	sub.s32 	%r12, %r4, %r7;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.u32 	%r15, 0;
	mov.b64 	%fd114, {%r15, %r14};
	mul{rn}.f64 	%fd115, %fd113, %fd114;
	neg.f64 	%fd116, %fd7;
	fma.rn.f64 	%fd117, %fd116, %fd7, %fd81;
	fma.rn.f64 	%fd118, %fd115, %fd117, %fd115;
	mul{rn}.f64 	%fd119, %fd80, %fd118;
	setp.gt.u32 	%p6, %r2, 1077624832;
	selp.f64 	%fd120, 0d0000000000000000, %fd119, %p6;
	sub{rn}.f64 	%fd121, %fd68, %fd120;
	setp.lt.s32 	%p7, %r1, 0;
	selp.f64 	%fd122, %fd121, %fd120, %p7;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.eq.s32 	%p2, %r2, 2146435072;
	setp.eq.s32 	%p3, %r3, 0;
	and.pred  	%p4, %p2, %p3;
	setp.lt.s32 	%p5, %r1, 0;
	selp.f64 	%fd5, 0d4000000000000000, 0d0000000000000000, %p5;
	add{rn}.f64 	%fd6, %fd4, %fd4;
	selp.f64 	%fd122, %fd5, %fd6, %p4;

$L__BB0_3:
	st.param.b64 	[{ret}], %fd122;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

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
    approx_div: None,
    approx_sqrt: None,
};

/// `hypot`: both magnitudes scaled by a power of two from the larger one's exponent, √(a² + b²) by `sqrt.rn`, scaled back; infinity wins over NaN.
pub(super) static HYPOT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	abs.f64 	%fd3, %fd1;
	abs.f64 	%fd4, %fd2;
	mov.b64 	%rd3, %fd4;
	mov.b64 	%rd4, %fd3;
	min.u64 	%rd5, %rd3, %rd4;
	mov.b64 	%fd5, %rd5;
	max.u64 	%rd6, %rd3, %rd4;
	mov.b64 	%fd6, %rd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd6;
	}
	and.b32  	%r2, %r1, -4194304;
	mov.u32 	%r3, 2144337920;
	sub.s32 	%r4, %r3, %r2;
	mov.u32 	%r5, 0;
	mov.b64 	%fd7, {%r5, %r4};
	mul{rn}.f64 	%fd8, %fd7, %fd5;
	mul{rn}.f64 	%fd9, %fd7, %fd6;
	mul{rn}.f64 	%fd10, %fd8, %fd8;
	fma.rn.f64 	%fd11, %fd9, %fd9, %fd10;
	mov.f64 	%fd12, 0d7FEFFFFFFFFFFFFF;
	min.f64 	%fd13, %fd11, %fd12;
	rsqrt.approx.ftz.f64 	%fd14, %fd13;
	mul.rn.f64 	%fd15, %fd14, %fd14;
	neg.f64 	%fd16, %fd15;
	mov.f64 	%fd17, 0d3FF0000000000000;
	fma.rn.f64 	%fd18, %fd13, %fd16, %fd17;
	mov.f64 	%fd19, 0d3FE0000000000000;
	mov.f64 	%fd20, 0d3FD8000000000000;
	fma.rn.f64 	%fd21, %fd20, %fd18, %fd19;
	mul.rn.f64 	%fd22, %fd18, %fd14;
	fma.rn.f64 	%fd23, %fd21, %fd22, %fd14;
	mul{rn}.f64 	%fd24, %fd11, %fd23;
	or.b32  	%r6, %r2, 1048576;
	mov.b64 	%fd25, {%r5, %r6};
	mul{rn}.f64 	%fd26, %fd24, %fd25;
	setp.eq.f64 	%p1, %fd5, 0d0000000000000000;
	selp.f64 	%fd27, %fd6, %fd26, %p1;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd5;
	}
	mov.f64 	%fd28, 0d7FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r8}, %fd28;
	}
	setp.lt.u32 	%p2, %r7, %r8;
	selp.f64 	%fd29, %fd27, %fd5, %p2;
	st.param.b64 	[{ret}], %fd29;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
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
    approx_div: None,
    approx_sqrt: None,
};

/// The core of `pow`: log(|x|) in double-double from a polynomial, times y with the product's rounding error kept, then exp of the double-double result (called by `pow` for every finite, non-special pair).
pub(super) static INTERNAL_ACCURATE_POW: Variants = Variants {
    base: "	ld.param.b64 	%fd12, [{p0}];
	ld.param.b64 	%fd13, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r50}, %fd12;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r49, %temp}, %fd12;
	}
	shr.u32 	%r51, %r50, 20;
	setp.ne.s32 	%p1, %r51, 0;
	@%p1 bra 	$L__BB1_2;

	mul.f64 	%fd14, %fd12, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r50}, %fd14;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r49, %temp}, %fd14;
	}
	shr.u32 	%r16, %r50, 20;
	add.s32 	%r51, %r16, -54;

$L__BB1_2:
	add.s32 	%r52, %r51, -1023;
	and.b32  	%r17, %r50, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd135, {%r49, %r18};
	setp.lt.u32 	%p2, %r18, 1073127583;
	@%p2 bra 	$L__BB1_4;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd135;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd135;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd135, {%r19, %r21};
	add.s32 	%r52, %r51, -1022;

$L__BB1_4:
	add.f64 	%fd15, %fd135, 0d3FF0000000000000;
	mov.f64 	%fd16, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd17, %fd15;
	neg.f64 	%fd18, %fd15;
	fma.rn.f64 	%fd19, %fd18, %fd17, %fd16;
	fma.rn.f64 	%fd20, %fd19, %fd19, %fd19;
	fma.rn.f64 	%fd21, %fd20, %fd17, %fd17;
	add.f64 	%fd22, %fd135, 0dBFF0000000000000;
	mul.f64 	%fd23, %fd22, %fd21;
	fma.rn.f64 	%fd24, %fd22, %fd21, %fd23;
	mul.f64 	%fd25, %fd24, %fd24;
	mov.f64 	%fd26, 0d3ED0F5D241AD3B5A;
	mov.f64 	%fd27, 0d3EB0F5FF7D2CAFE2;
	fma.rn.f64 	%fd28, %fd27, %fd25, %fd26;
	mov.f64 	%fd29, 0d3EF3B20A75488A3F;
	fma.rn.f64 	%fd30, %fd28, %fd25, %fd29;
	mov.f64 	%fd31, 0d3F1745CDE4FAECD5;
	fma.rn.f64 	%fd32, %fd30, %fd25, %fd31;
	mov.f64 	%fd33, 0d3F3C71C7258A578B;
	fma.rn.f64 	%fd34, %fd32, %fd25, %fd33;
	mov.f64 	%fd35, 0d3F6249249242B910;
	fma.rn.f64 	%fd36, %fd34, %fd25, %fd35;
	mov.f64 	%fd37, 0d3F89999999999DFB;
	fma.rn.f64 	%fd38, %fd36, %fd25, %fd37;
	sub.f64 	%fd39, %fd22, %fd24;
	add.f64 	%fd40, %fd39, %fd39;
	neg.f64 	%fd41, %fd24;
	fma.rn.f64 	%fd42, %fd41, %fd22, %fd40;
	mul.f64 	%fd43, %fd21, %fd42;
	fma.rn.f64 	%fd44, %fd25, %fd38, 0d3FB5555555555555;
	mov.f64 	%fd45, 0d3FB5555555555555;
	sub.f64 	%fd46, %fd45, %fd44;
	fma.rn.f64 	%fd47, %fd25, %fd38, %fd46;
	add.f64 	%fd48, %fd47, 0d0000000000000000;
	add.f64 	%fd49, %fd48, 0dBC46A4CB00B9E7B0;
	add.f64 	%fd50, %fd44, %fd49;
	sub.f64 	%fd51, %fd44, %fd50;
	add.f64 	%fd52, %fd49, %fd51;
	mul.rn.f64 	%fd53, %fd24, %fd24;
	neg.f64 	%fd54, %fd53;
	fma.rn.f64 	%fd55, %fd24, %fd24, %fd54;
	{
	.reg .b32 %temp;
	mov.b64 	{%r22, %temp}, %fd43;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r23}, %fd43;
	}
	add.s32 	%r24, %r23, 1048576;
	mov.b64 	%fd56, {%r22, %r24};
	fma.rn.f64 	%fd57, %fd24, %fd56, %fd55;
	mul.rn.f64 	%fd58, %fd53, %fd24;
	neg.f64 	%fd59, %fd58;
	fma.rn.f64 	%fd60, %fd53, %fd24, %fd59;
	fma.rn.f64 	%fd61, %fd53, %fd43, %fd60;
	fma.rn.f64 	%fd62, %fd57, %fd24, %fd61;
	mul.rn.f64 	%fd63, %fd50, %fd58;
	neg.f64 	%fd64, %fd63;
	fma.rn.f64 	%fd65, %fd50, %fd58, %fd64;
	fma.rn.f64 	%fd66, %fd50, %fd62, %fd65;
	fma.rn.f64 	%fd67, %fd52, %fd58, %fd66;
	add.f64 	%fd68, %fd63, %fd67;
	sub.f64 	%fd69, %fd63, %fd68;
	add.f64 	%fd70, %fd67, %fd69;
	add.f64 	%fd71, %fd24, %fd68;
	sub.f64 	%fd72, %fd24, %fd71;
	add.f64 	%fd73, %fd68, %fd72;
	add.f64 	%fd74, %fd70, %fd73;
	add.f64 	%fd75, %fd43, %fd74;
	add.f64 	%fd76, %fd71, %fd75;
	sub.f64 	%fd77, %fd71, %fd76;
	add.f64 	%fd78, %fd75, %fd77;
	xor.b32  	%r25, %r52, -2147483648;
	mov.u32 	%r26, -2147483648;
	mov.u32 	%r27, 1127219200;
	mov.b64 	%fd79, {%r25, %r27};
	mov.b64 	%fd80, {%r26, %r27};
	sub.f64 	%fd81, %fd79, %fd80;
	mov.f64 	%fd82, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd83, %fd81, %fd82, %fd76;
	neg.f64 	%fd84, %fd81;
	fma.rn.f64 	%fd85, %fd84, %fd82, %fd83;
	sub.f64 	%fd86, %fd85, %fd76;
	sub.f64 	%fd87, %fd78, %fd86;
	mov.f64 	%fd88, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd89, %fd81, %fd88, %fd87;
	add.f64 	%fd90, %fd83, %fd89;
	sub.f64 	%fd91, %fd83, %fd90;
	add.f64 	%fd92, %fd89, %fd91;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r28}, %fd13;
	}
	shl.b32 	%r29, %r28, 1;
	setp.gt.u32 	%p3, %r29, -33554433;
	and.b32  	%r30, %r28, -15728641;
	selp.b32 	%r31, %r30, %r28, %p3;
	{
	.reg .b32 %temp;
	mov.b64 	{%r32, %temp}, %fd13;
	}
	mov.b64 	%fd93, {%r32, %r31};
	mul.rn.f64 	%fd94, %fd90, %fd93;
	neg.f64 	%fd95, %fd94;
	fma.rn.f64 	%fd96, %fd90, %fd93, %fd95;
	fma.rn.f64 	%fd97, %fd92, %fd93, %fd96;
	add.f64 	%fd4, %fd94, %fd97;
	sub.f64 	%fd98, %fd94, %fd4;
	add.f64 	%fd5, %fd97, %fd98;
	mov.f64 	%fd99, 0d4338000000000000;
	mov.f64 	%fd100, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd101, %fd4, %fd100, %fd99;
	{
	.reg .b32 %temp;
	mov.b64 	{%r13, %temp}, %fd101;
	}
	mov.f64 	%fd102, 0dC338000000000000;
	add.rn.f64 	%fd103, %fd101, %fd102;
	mov.f64 	%fd104, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd105, %fd103, %fd104, %fd4;
	mov.f64 	%fd106, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd107, %fd103, %fd106, %fd105;
	mov.f64 	%fd108, 0d3E928AF3FCA213EA;
	mov.f64 	%fd109, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd110, %fd109, %fd107, %fd108;
	mov.f64 	%fd111, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd112, %fd110, %fd107, %fd111;
	mov.f64 	%fd113, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd114, %fd112, %fd107, %fd113;
	mov.f64 	%fd115, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd116, %fd114, %fd107, %fd115;
	mov.f64 	%fd117, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd118, %fd116, %fd107, %fd117;
	mov.f64 	%fd119, 0d3F81111111122322;
	fma.rn.f64 	%fd120, %fd118, %fd107, %fd119;
	mov.f64 	%fd121, 0d3FA55555555502A1;
	fma.rn.f64 	%fd122, %fd120, %fd107, %fd121;
	mov.f64 	%fd123, 0d3FC5555555555511;
	fma.rn.f64 	%fd124, %fd122, %fd107, %fd123;
	mov.f64 	%fd125, 0d3FE000000000000B;
	fma.rn.f64 	%fd126, %fd124, %fd107, %fd125;
	fma.rn.f64 	%fd127, %fd126, %fd107, %fd16;
	fma.rn.f64 	%fd128, %fd127, %fd107, %fd16;
	{
	.reg .b32 %temp;
	mov.b64 	{%r14, %temp}, %fd128;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd128;
	}
	shl.b32 	%r33, %r13, 20;
	add.s32 	%r34, %r15, %r33;
	mov.b64 	%fd136, {%r14, %r34};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r35}, %fd4;
	}
	mov.b32 	%f2, %r35;
	abs{ftz}.f32 	%f1, %f2;
	setp.lt{ftz}.f32 	%p4, %f1, 0f4086232B;
	@%p4 bra 	$L__BB1_7;

	setp.lt.f64 	%p5, %fd4, 0d0000000000000000;
	add.f64 	%fd129, %fd4, 0d7FF0000000000000;
	selp.f64 	%fd136, 0d0000000000000000, %fd129, %p5;
	setp.geu{ftz}.f32 	%p6, %f1, 0f40874800;
	@%p6 bra 	$L__BB1_7;

	mov.f64 	%fd134, 0d4338000000000000;
	mov.f64 	%fd133, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd132, %fd4, %fd133, %fd134;
	{
	.reg .b32 %temp;
	mov.b64 	{%r48, %temp}, %fd132;
	}
	shr.u32 	%r36, %r48, 31;
	add.s32 	%r37, %r48, %r36;
	shr.s32 	%r38, %r37, 1;
	shl.b32 	%r39, %r38, 20;
	add.s32 	%r40, %r15, %r39;
	mov.b64 	%fd130, {%r14, %r40};
	sub.s32 	%r41, %r48, %r38;
	shl.b32 	%r42, %r41, 20;
	add.s32 	%r43, %r42, 1072693248;
	mov.u32 	%r44, 0;
	mov.b64 	%fd131, {%r44, %r43};
	mul.f64 	%fd136, %fd130, %fd131;

$L__BB1_7:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r45}, %fd136;
	}
	and.b32  	%r46, %r45, 2147483647;
	setp.eq.s32 	%p7, %r46, 2146435072;
	{
	.reg .b32 %temp;
	mov.b64 	{%r47, %temp}, %fd136;
	}
	setp.eq.s32 	%p8, %r47, 0;
	and.pred  	%p9, %p8, %p7;
	@%p9 bra 	$L__BB1_9;

	fma.rn.f64 	%fd136, %fd136, %fd5, %fd136;

$L__BB1_9:
	st.param.b64 	[{ret}], %fd136;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd12, [{p0}];
	ld.param.b64 	%fd13, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r50}, %fd12;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r49, %temp}, %fd12;
	}
	shr.u32 	%r51, %r50, 20;
	setp.ne.s32 	%p1, %r51, 0;
	@%p1 bra 	$L__BB1_2;

	mul.rn.f64 	%fd14, %fd12, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r50}, %fd14;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r49, %temp}, %fd14;
	}
	shr.u32 	%r16, %r50, 20;
	add.s32 	%r51, %r16, -54;

$L__BB1_2:
	add.s32 	%r52, %r51, -1023;
	and.b32  	%r17, %r50, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd136, {%r49, %r18};
	setp.lt.u32 	%p2, %r18, 1073127583;
	@%p2 bra 	$L__BB1_4;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd136;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd136;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd136, {%r19, %r21};
	add.s32 	%r52, %r51, -1022;

$L__BB1_4:
	add.rn.f64 	%fd15, %fd136, 0d3FF0000000000000;
	mov.f64 	%fd16, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd17, %fd15;
	neg.f64 	%fd18, %fd15;
	fma.rn.f64 	%fd19, %fd18, %fd17, %fd16;
	fma.rn.f64 	%fd20, %fd19, %fd19, %fd19;
	fma.rn.f64 	%fd21, %fd20, %fd17, %fd17;
	add.rn.f64 	%fd22, %fd136, 0dBFF0000000000000;
	mul.rn.f64 	%fd23, %fd22, %fd21;
	add.rn.f64 	%fd24, %fd23, %fd23;
	mul.rn.f64 	%fd25, %fd24, %fd24;
	mov.f64 	%fd26, 0d3ED0F5D241AD3B5A;
	mov.f64 	%fd27, 0d3EB0F5FF7D2CAFE2;
	fma.rn.f64 	%fd28, %fd27, %fd25, %fd26;
	mov.f64 	%fd29, 0d3EF3B20A75488A3F;
	fma.rn.f64 	%fd30, %fd28, %fd25, %fd29;
	mov.f64 	%fd31, 0d3F1745CDE4FAECD5;
	fma.rn.f64 	%fd32, %fd30, %fd25, %fd31;
	mov.f64 	%fd33, 0d3F3C71C7258A578B;
	fma.rn.f64 	%fd34, %fd32, %fd25, %fd33;
	mov.f64 	%fd35, 0d3F6249249242B910;
	fma.rn.f64 	%fd36, %fd34, %fd25, %fd35;
	mov.f64 	%fd37, 0d3F89999999999DFB;
	fma.rn.f64 	%fd38, %fd36, %fd25, %fd37;
	mul.rn.f64 	%fd39, %fd25, %fd38;
	sub.rn.f64 	%fd40, %fd22, %fd24;
	add.rn.f64 	%fd41, %fd40, %fd40;
	neg.f64 	%fd42, %fd24;
	fma.rn.f64 	%fd43, %fd42, %fd22, %fd41;
	mul.rn.f64 	%fd44, %fd21, %fd43;
	add.rn.f64 	%fd45, %fd39, 0d3FB5555555555555;
	mov.f64 	%fd46, 0d3FB5555555555555;
	sub.rn.f64 	%fd47, %fd46, %fd45;
	add.rn.f64 	%fd48, %fd39, %fd47;
	add.rn.f64 	%fd49, %fd48, 0d0000000000000000;
	add.rn.f64 	%fd50, %fd49, 0dBC46A4CB00B9E7B0;
	add.rn.f64 	%fd51, %fd45, %fd50;
	sub.rn.f64 	%fd52, %fd45, %fd51;
	add.rn.f64 	%fd53, %fd50, %fd52;
	mul.rn.f64 	%fd54, %fd24, %fd24;
	neg.f64 	%fd55, %fd54;
	fma.rn.f64 	%fd56, %fd24, %fd24, %fd55;
	{
	.reg .b32 %temp;
	mov.b64 	{%r22, %temp}, %fd44;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r23}, %fd44;
	}
	add.s32 	%r24, %r23, 1048576;
	mov.b64 	%fd57, {%r22, %r24};
	fma.rn.f64 	%fd58, %fd24, %fd57, %fd56;
	mul.rn.f64 	%fd59, %fd54, %fd24;
	neg.f64 	%fd60, %fd59;
	fma.rn.f64 	%fd61, %fd54, %fd24, %fd60;
	fma.rn.f64 	%fd62, %fd54, %fd44, %fd61;
	fma.rn.f64 	%fd63, %fd58, %fd24, %fd62;
	mul.rn.f64 	%fd64, %fd51, %fd59;
	neg.f64 	%fd65, %fd64;
	fma.rn.f64 	%fd66, %fd51, %fd59, %fd65;
	fma.rn.f64 	%fd67, %fd51, %fd63, %fd66;
	fma.rn.f64 	%fd68, %fd53, %fd59, %fd67;
	add.rn.f64 	%fd69, %fd64, %fd68;
	sub.rn.f64 	%fd70, %fd64, %fd69;
	add.rn.f64 	%fd71, %fd68, %fd70;
	add.rn.f64 	%fd72, %fd24, %fd69;
	sub.rn.f64 	%fd73, %fd24, %fd72;
	add.rn.f64 	%fd74, %fd69, %fd73;
	add.rn.f64 	%fd75, %fd71, %fd74;
	add.rn.f64 	%fd76, %fd44, %fd75;
	add.rn.f64 	%fd77, %fd72, %fd76;
	sub.rn.f64 	%fd78, %fd72, %fd77;
	add.rn.f64 	%fd79, %fd76, %fd78;
	xor.b32  	%r25, %r52, -2147483648;
	mov.u32 	%r26, -2147483648;
	mov.u32 	%r27, 1127219200;
	mov.b64 	%fd80, {%r25, %r27};
	mov.b64 	%fd81, {%r26, %r27};
	sub.rn.f64 	%fd82, %fd80, %fd81;
	mov.f64 	%fd83, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd84, %fd82, %fd83, %fd77;
	neg.f64 	%fd85, %fd82;
	fma.rn.f64 	%fd86, %fd85, %fd83, %fd84;
	sub.rn.f64 	%fd87, %fd86, %fd77;
	sub.rn.f64 	%fd88, %fd79, %fd87;
	mov.f64 	%fd89, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd90, %fd82, %fd89, %fd88;
	add.rn.f64 	%fd91, %fd84, %fd90;
	sub.rn.f64 	%fd92, %fd84, %fd91;
	add.rn.f64 	%fd93, %fd90, %fd92;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r28}, %fd13;
	}
	shl.b32 	%r29, %r28, 1;
	setp.gt.u32 	%p3, %r29, -33554433;
	and.b32  	%r30, %r28, -15728641;
	selp.b32 	%r31, %r30, %r28, %p3;
	{
	.reg .b32 %temp;
	mov.b64 	{%r32, %temp}, %fd13;
	}
	mov.b64 	%fd94, {%r32, %r31};
	mul.rn.f64 	%fd95, %fd91, %fd94;
	neg.f64 	%fd96, %fd95;
	fma.rn.f64 	%fd97, %fd91, %fd94, %fd96;
	fma.rn.f64 	%fd98, %fd93, %fd94, %fd97;
	add.rn.f64 	%fd4, %fd95, %fd98;
	sub.rn.f64 	%fd99, %fd95, %fd4;
	add.rn.f64 	%fd5, %fd98, %fd99;
	mov.f64 	%fd100, 0d4338000000000000;
	mov.f64 	%fd101, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd102, %fd4, %fd101, %fd100;
	{
	.reg .b32 %temp;
	mov.b64 	{%r13, %temp}, %fd102;
	}
	mov.f64 	%fd103, 0dC338000000000000;
	add.rn.f64 	%fd104, %fd102, %fd103;
	mov.f64 	%fd105, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd106, %fd104, %fd105, %fd4;
	mov.f64 	%fd107, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd108, %fd104, %fd107, %fd106;
	mov.f64 	%fd109, 0d3E928AF3FCA213EA;
	mov.f64 	%fd110, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd111, %fd110, %fd108, %fd109;
	mov.f64 	%fd112, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd113, %fd111, %fd108, %fd112;
	mov.f64 	%fd114, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd115, %fd113, %fd108, %fd114;
	mov.f64 	%fd116, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd117, %fd115, %fd108, %fd116;
	mov.f64 	%fd118, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd119, %fd117, %fd108, %fd118;
	mov.f64 	%fd120, 0d3F81111111122322;
	fma.rn.f64 	%fd121, %fd119, %fd108, %fd120;
	mov.f64 	%fd122, 0d3FA55555555502A1;
	fma.rn.f64 	%fd123, %fd121, %fd108, %fd122;
	mov.f64 	%fd124, 0d3FC5555555555511;
	fma.rn.f64 	%fd125, %fd123, %fd108, %fd124;
	mov.f64 	%fd126, 0d3FE000000000000B;
	fma.rn.f64 	%fd127, %fd125, %fd108, %fd126;
	fma.rn.f64 	%fd128, %fd127, %fd108, %fd16;
	fma.rn.f64 	%fd129, %fd128, %fd108, %fd16;
	{
	.reg .b32 %temp;
	mov.b64 	{%r14, %temp}, %fd129;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd129;
	}
	shl.b32 	%r33, %r13, 20;
	add.s32 	%r34, %r15, %r33;
	mov.b64 	%fd137, {%r14, %r34};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r35}, %fd4;
	}
	mov.b32 	%f2, %r35;
	abs{ftz}.f32 	%f1, %f2;
	setp.lt{ftz}.f32 	%p4, %f1, 0f4086232B;
	@%p4 bra 	$L__BB1_7;

	setp.lt.f64 	%p5, %fd4, 0d0000000000000000;
	add.rn.f64 	%fd130, %fd4, 0d7FF0000000000000;
	selp.f64 	%fd137, 0d0000000000000000, %fd130, %p5;
	setp.geu{ftz}.f32 	%p6, %f1, 0f40874800;
	@%p6 bra 	$L__BB1_7;

	mov.f64 	%fd135, 0d4338000000000000;
	mov.f64 	%fd134, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd133, %fd4, %fd134, %fd135;
	{
	.reg .b32 %temp;
	mov.b64 	{%r48, %temp}, %fd133;
	}
	shr.u32 	%r36, %r48, 31;
	add.s32 	%r37, %r48, %r36;
	shr.s32 	%r38, %r37, 1;
	shl.b32 	%r39, %r38, 20;
	add.s32 	%r40, %r15, %r39;
	mov.b64 	%fd131, {%r14, %r40};
	sub.s32 	%r41, %r48, %r38;
	shl.b32 	%r42, %r41, 20;
	add.s32 	%r43, %r42, 1072693248;
	mov.u32 	%r44, 0;
	mov.b64 	%fd132, {%r44, %r43};
	mul.rn.f64 	%fd137, %fd131, %fd132;

$L__BB1_7:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r45}, %fd137;
	}
	and.b32  	%r46, %r45, 2147483647;
	setp.eq.s32 	%p7, %r46, 2146435072;
	{
	.reg .b32 %temp;
	mov.b64 	{%r47, %temp}, %fd137;
	}
	setp.eq.s32 	%p8, %r47, 0;
	and.pred  	%p9, %p8, %p7;
	@%p9 bra 	$L__BB1_9;

	fma.rn.f64 	%fd137, %fd137, %fd5, %fd137;

$L__BB1_9:
	st.param.b64 	[{ret}], %fd137;
	ret;
",
    ),
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};

/// The Payne–Hanek reduction of `sin`, `cos`, `tan` and `sincos` for |x| ≥ 2³¹: x's significand times the needed 2/π words from a table, accumulated in local memory, giving the reduced argument and the quadrant as two results.
pub(super) static INTERNAL_TRIG_REDUCTION_SLOWPATHD: Variants = Variants {
    base: "	.local .align 8 .b8 	__local_depot1[40];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;


	mov.u64 	%SPL, __local_depot1;
	ld.param.b64 	%fd4, [{p0}];
	add.u64 	%rd1, %SPL, 0;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd4;
	}
	shr.u32 	%r12, %r1, 20;
	and.b32  	%r2, %r12, 2047;
	setp.eq.s32 	%p1, %r2, 2047;
	mov.u32 	%r37, 0;
	@%p1 bra 	$L__BB1_7;

	add.s32 	%r13, %r2, -1024;
	shr.u32 	%r14, %r13, 6;
	mov.u32 	%r15, 16;
	sub.s32 	%r16, %r15, %r14;
	mov.u32 	%r17, 15;
	sub.s32 	%r3, %r17, %r14;
	mov.u32 	%r18, 19;
	sub.s32 	%r19, %r18, %r14;
	setp.gt.s32 	%p2, %r16, 14;
	selp.b32 	%r4, 18, %r19, %p2;
	setp.gt.s32 	%p3, %r16, %r4;
	mov.u64 	%rd74, 0;
	mov.u32 	%r36, %r3;
	@%p3 bra 	$L__BB1_4;

	mul.wide.s32 	%rd21, %r3, 8;
	mov.u64 	%rd22, {i2opi_d};
	add.s64 	%rd72, %rd22, %rd21;
	mov.b64 	%rd23, %fd4;
	shl.b64 	%rd24, %rd23, 11;
	or.b64  	%rd3, %rd24, -9223372036854775808;
	mov.u64 	%rd74, 0;
	mov.u64 	%rd71, %rd1;
	mov.u32 	%r36, %r3;

$L__BB1_3:
	.pragma \"nounroll\";
	ld.global.nc.u64 	%rd25, [%rd72];
	{
	.reg .u32 %r0, %r1, %r2, %r3, %alo, %ahi, %blo, %bhi, %clo, %chi;
	mov.b64 	{%alo,%ahi}, %rd25;
	mov.b64 	{%blo,%bhi}, %rd3;
	mov.b64 	{%clo,%chi}, %rd74;
	mad.lo.cc.u32 	%r0, %alo, %blo, %clo;
	madc.hi.cc.u32 	%r1, %alo, %blo, %chi;
	madc.hi.u32 	%r2, %alo, %bhi, 0;
	mad.lo.cc.u32 	%r1, %alo, %bhi, %r1;
	madc.hi.cc.u32 	%r2, %ahi, %blo, %r2;
	madc.hi.u32 	%r3, %ahi, %bhi, 0;
	mad.lo.cc.u32 	%r1, %ahi, %blo, %r1;
	madc.lo.cc.u32 	%r2, %ahi, %bhi, %r2;
	addc.u32 	%r3, %r3, 0;
	mov.b64 	%rd26, {%r0,%r1};
	mov.b64 	%rd74, {%r2,%r3};
	}
	st.local.u64 	[%rd71], %rd26;
	add.s64 	%rd72, %rd72, 8;
	add.s64 	%rd71, %rd71, 8;
	add.s32 	%r36, %r36, 1;
	setp.lt.s32 	%p4, %r36, %r4;
	@%p4 bra 	$L__BB1_3;

$L__BB1_4:
	sub.s32 	%r20, %r36, %r3;
	mul.wide.s32 	%rd27, %r20, 8;
	add.s64 	%rd28, %rd1, %rd27;
	st.local.u64 	[%rd28], %rd74;
	add.s32 	%r22, %r12, -1024;
	and.b32  	%r8, %r22, 63;
	ld.local.u64 	%rd76, [%rd1+16];
	ld.local.u64 	%rd75, [%rd1+24];
	setp.eq.s32 	%p5, %r8, 0;
	@%p5 bra 	$L__BB1_6;

	mov.u32 	%r23, 64;
	sub.s32 	%r24, %r23, %r8;
	shl.b64 	%rd29, %rd75, %r8;
	shr.u64 	%rd30, %rd76, %r24;
	or.b64  	%rd75, %rd29, %rd30;
	shl.b64 	%rd31, %rd76, %r8;
	ld.local.u64 	%rd32, [%rd1+8];
	shr.u64 	%rd33, %rd32, %r24;
	or.b64  	%rd76, %rd33, %rd31;

$L__BB1_6:
	shr.u64 	%rd34, %rd75, 62;
	cvt.u32.u64 	%r25, %rd34;
	shr.u64 	%rd35, %rd76, 62;
	shl.b64 	%rd36, %rd75, 2;
	or.b64  	%rd37, %rd35, %rd36;
	shr.u64 	%rd38, %rd75, 61;
	cvt.u32.u64 	%r26, %rd38;
	and.b32  	%r27, %r26, 1;
	add.s32 	%r28, %r27, %r25;
	and.b32  	%r29, %r1, -2147483648;
	setp.eq.s32 	%p6, %r29, 0;
	neg.s32 	%r30, %r28;
	selp.b32 	%r37, %r28, %r30, %p6;
	setp.eq.s32 	%p7, %r27, 0;
	shl.b64 	%rd39, %rd76, 2;
	mov.u64 	%rd40, 0;
	{
	.reg .u32 %r0, %r1, %r2, %r3, %a0, %a1, %a2, %a3, %b0, %b1, %b2, %b3;
	mov.b64 	{%a0,%a1}, %rd40;
	mov.b64 	{%a2,%a3}, %rd40;
	mov.b64 	{%b0,%b1}, %rd39;
	mov.b64 	{%b2,%b3}, %rd37;
	sub.cc.u32 	%r0, %a0, %b0;
	subc.cc.u32 	%r1, %a1, %b1;
	subc.cc.u32 	%r2, %a2, %b2;
	subc.u32 	%r3, %a3, %b3;
	mov.b64 	%rd41, {%r0,%r1};
	mov.b64 	%rd42, {%r2,%r3};
	}
	xor.b32  	%r31, %r29, -2147483648;
	selp.b64 	%rd43, %rd37, %rd42, %p7;
	selp.b64 	%rd44, %rd39, %rd41, %p7;
	selp.b32 	%r32, %r29, %r31, %p7;
	clz.b64 	%r33, %rd43;
	cvt.u64.u32 	%rd45, %r33;
	setp.eq.s64 	%p8, %rd45, 0;
	shl.b64 	%rd46, %rd43, %r33;
	mov.u64 	%rd47, 64;
	sub.s64 	%rd48, %rd47, %rd45;
	cvt.u32.u64 	%r34, %rd48;
	shr.u64 	%rd49, %rd44, %r34;
	or.b64  	%rd50, %rd49, %rd46;
	selp.b64 	%rd51, %rd43, %rd50, %p8;
	mov.u64 	%rd52, -3958705157555305931;
	{
	.reg .u32 %r0, %r1, %r2, %r3, %alo, %ahi, %blo, %bhi;
	mov.b64 	{%alo,%ahi}, %rd51;
	mov.b64 	{%blo,%bhi}, %rd52;
	mul.lo.u32 	%r0, %alo, %blo;
	mul.hi.u32 	%r1, %alo, %blo;
	mad.lo.cc.u32 	%r1, %alo, %bhi, %r1;
	madc.hi.u32 	%r2, %alo, %bhi, 0;
	mad.lo.cc.u32 	%r1, %ahi, %blo, %r1;
	madc.hi.cc.u32 	%r2, %ahi, %blo, %r2;
	madc.hi.u32 	%r3, %ahi, %bhi, 0;
	mad.lo.cc.u32 	%r2, %ahi, %bhi, %r2;
	addc.u32 	%r3, %r3, 0;
	mov.b64 	%rd53, {%r0,%r1};
	mov.b64 	%rd54, {%r2,%r3};
	}
	setp.gt.s64 	%p9, %rd54, 0;
	{
	.reg .u32 %r0, %r1, %r2, %r3, %a0, %a1, %a2, %a3, %b0, %b1, %b2, %b3;
	mov.b64 	{%a0,%a1}, %rd53;
	mov.b64 	{%a2,%a3}, %rd54;
	mov.b64 	{%b0,%b1}, %rd53;
	mov.b64 	{%b2,%b3}, %rd54;
	add.cc.u32 	%r0, %a0, %b0;
	addc.cc.u32 	%r1, %a1, %b1;
	addc.cc.u32 	%r2, %a2, %b2;
	addc.u32 	%r3, %a3, %b3;
	mov.b64 	%rd55, {%r0,%r1};
	mov.b64 	%rd56, {%r2,%r3};
	}
	selp.b64 	%rd57, %rd56, %rd54, %p9;
	selp.u64 	%rd58, 1, 0, %p9;
	add.s64 	%rd59, %rd45, %rd58;
	cvt.u64.u32 	%rd60, %r32;
	shl.b64 	%rd61, %rd60, 32;
	shl.b64 	%rd62, %rd59, 52;
	mov.u64 	%rd63, 4602678819172646912;
	sub.s64 	%rd64, %rd63, %rd62;
	add.s64 	%rd65, %rd57, 1;
	shr.u64 	%rd66, %rd65, 10;
	add.s64 	%rd67, %rd66, 1;
	shr.u64 	%rd68, %rd67, 1;
	add.s64 	%rd69, %rd64, %rd68;
	or.b64  	%rd70, %rd69, %rd61;
	mov.b64 	%fd4, %rd70;

$L__BB1_7:
	st.param.b64 	[{ret}], %fd4;
	st.param.b32 	[{ret1}], %r37;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_div: None,
    approx_sqrt: None,
};
