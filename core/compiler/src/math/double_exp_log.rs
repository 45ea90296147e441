//! Exponentials, logarithms and powers, double precision. `-ftz`, `-prec-div` and `-prec-sqrt`
//! do not touch `double` arithmetic; `-fmad=false` gives `log` and `pow` bodies of their own.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
