//! Roots, hyperbolic functions and the error function, double precision.
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
