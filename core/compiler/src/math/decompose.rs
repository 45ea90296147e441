//! Remainders and the functions that take a float apart or scale it, single precision.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `fmodf`: exact long division: the divisor is scaled to the dividend's exponent and subtracted by repeated halving (a loop of exact operations), the quotient's bits never formed; |x| < |y| returns x; NaN for y = 0 or infinite x; subnormals handled by prescaling.
pub(super) static FMODF: Variants = Variants {
    base: "	ld.param.b32 	%f19, [{p0}];
	ld.param.b32 	%f20, [{p1}];
	abs{ftz}.f32 	%f46, %f19;
	abs{ftz}.f32 	%f2, %f20;
	setp.lt{ftz}.f32 	%p1, %f46, %f2;
	@%p1 bra 	$L__BB0_12;

	mul{rn}{ftz}.f32 	%f3, %f2, 0f4B000000;
	setp.gtu{ftz}.f32 	%p2, %f46, %f3;
	@%p2 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_2;

$L__BB0_8:
	mov.b32 	%r2, %f46;
	mov.b32 	%r3, %f3;
	and.b32  	%r11, %r2, 8388607;
	or.b32  	%r24, %r11, 1065353216;
	mov.b32 	%f45, %r24;
	add.s32 	%r12, %r3, -192937984;
	and.b32  	%r13, %r12, -8388608;
	sub.s32 	%r14, %r2, %r13;
	and.b32  	%r25, %r14, -8388608;
	setp.eq.s32 	%p8, %r25, 0;
	@%p8 bra 	$L__BB0_11;

	and.b32  	%r15, %r3, 8388607;
	or.b32  	%r16, %r15, 1065353216;
	mov.b32 	%f29, %r16;
	rcp.approx.ftz.f32 	%f13, %f29;
	neg{ftz}.f32 	%f14, %f29;

$L__BB0_10:
	min.u32 	%r17, %r25, 192937984;
	add.s32 	%r18, %r17, %r24;
	mov.b32 	%f30, %r18;
	mov.f32 	%f31, 0f80000000;
	fma.rn{ftz}.f32 	%f32, %f30, %f13, %f31;
	fma.rn{ftz}.f32 	%f33, %f14, %f32, %f30;
	fma.rn{ftz}.f32 	%f34, %f33, %f13, %f32;
	fma.rn{ftz}.f32 	%f35, %f14, %f34, %f30;
	fma.rz{ftz}.f32 	%f36, %f35, %f13, %f34;
	cvt.rzi.f32.f32 	%f37, %f36;
	fma.rn{ftz}.f32 	%f45, %f14, %f37, %f30;
	sub.s32 	%r25, %r25, %r17;
	mov.b32 	%r24, %f45;
	setp.ne.s32 	%p9, %r25, 0;
	setp.ne.s32 	%p10, %r24, 0;
	and.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_10;

$L__BB0_11:
	setp.gt.u32 	%p12, %r2, 2139095039;
	setp.leu{ftz}.f32 	%p13, %f2, 0f00000000;
	or.pred  	%p14, %p13, %p12;
	and.b32  	%r19, %r3, -8388608;
	mov.b32 	%f38, %r19;
	selp.f32 	%f39, 0f7FFFFFFF, %f38, %p14;
	mul{rn}{ftz}.f32 	%f40, %f45, 0f34000000;
	mul{rn}{ftz}.f32 	%f46, %f39, %f40;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	div.approx{ftz}.f32 	%f21, %f46, %f2;
	cvt.rzi.f32.f32 	%f44, %f21;
	neg{ftz}.f32 	%f5, %f2;
	fma.rn.f32 	%f6, %f5, %f44, %f46;
	mov.b32 	%r1, %f6;
	mov.b32 	%r10, %f2;
	setp.lt.u32 	%p3, %r1, %r10;
	@%p3 bra 	$L__BB0_7;

	setp.gt.u32 	%p4, %r1, -2147483648;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_4;

$L__BB0_6:
	add{rn}{ftz}.f32 	%f27, %f44, 0fBF800000;
	add{rn}{ftz}.f32 	%f28, %f27, 0fBF800000;
	setp.lt{ftz}.f32 	%p7, %f6, %f5;
	selp.f32 	%f44, %f28, %f27, %p7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	add{rn}{ftz}.f32 	%f44, %f44, 0f3F800000;
	add{rn}{ftz}.f32 	%f22, %f2, %f2;
	setp.ltu{ftz}.f32 	%p5, %f6, %f22;
	@%p5 bra 	$L__BB0_7;

	add{rn}{ftz}.f32 	%f23, %f44, 0f3F800000;
	mov.f32 	%f24, 0fC0400000;
	fma.rn{ftz}.f32 	%f25, %f24, %f2, %f6;
	setp.ge{ftz}.f32 	%p6, %f25, 0f00000000;
	add{rn}{ftz}.f32 	%f26, %f23, 0f3F800000;
	selp.f32 	%f44, %f26, %f23, %p6;

$L__BB0_7:
	fma.rn{ftz}.f32 	%f46, %f5, %f44, %f46;

$L__BB0_12:
	abs{ftz}.f32 	%f41, %f46;
	setp.gtu{ftz}.f32 	%p15, %f41, 0f7F800000;
	mov.b32 	%r20, %f19;
	and.b32  	%r21, %r20, -2147483648;
	mov.b32 	%r22, %f46;
	or.b32  	%r23, %r21, %r22;
	mov.b32 	%f42, %r23;
	selp.f32 	%f43, %f46, %f42, %p15;
	st.param.b32 	[{ret}], %f43;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `remainderf`: the long division of `fmodf`, then the last step rounds the quotient to nearest, ties to even, by comparing twice the remainder with the divisor; under `-ftz` the subnormal prescaling drops out.
pub(super) static REMAINDERF: Variants = Variants {
    base: "	ld.param.b32 	%f24, [{p0}];
	ld.param.b32 	%f25, [{p1}];
	abs.f32 	%f1, %f25;
	abs.f32 	%f52, %f24;
	setp.lt.f32 	%p1, %f52, %f1;
	mov.u32 	%r46, 0;
	@%p1 bra 	$L__BB0_12;

	mul{rn}.f32 	%f3, %f1, 0f4B000000;
	setp.gtu.f32 	%p2, %f52, %f3;
	@%p2 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_2;

$L__BB0_8:
	mov.b32 	%r2, %f52;
	and.b32  	%r22, %r2, 8388607;
	or.b32  	%r41, %r22, 1065353216;
	mov.b32 	%r3, %f3;
	mov.b32 	%f49, %r41;
	add.s32 	%r24, %r3, -192937984;
	and.b32  	%r25, %r24, -8388608;
	sub.s32 	%r26, %r2, %r25;
	and.b32  	%r4, %r26, -8388608;
	setp.eq.s32 	%p8, %r4, 0;
	mov.u32 	%r44, 0;
	mov.u32 	%r45, %r44;
	@%p8 bra 	$L__BB0_11;

	and.b32  	%r28, %r3, 8388607;
	or.b32  	%r29, %r28, 1065353216;
	mov.b32 	%f34, %r29;
	rcp.approx.ftz.f32 	%f13, %f34;
	neg.f32 	%f14, %f34;
	mov.u32 	%r44, 0;
	mov.u32 	%r45, %r4;

$L__BB0_10:
	min.u32 	%r31, %r45, 192937984;
	add.s32 	%r32, %r31, %r41;
	mov.b32 	%f35, %r32;
	mov.f32 	%f36, 0f80000000;
	fma.rn.f32 	%f37, %f35, %f13, %f36;
	fma.rn.f32 	%f38, %f14, %f37, %f35;
	fma.rn.f32 	%f39, %f38, %f13, %f37;
	fma.rn.f32 	%f40, %f14, %f39, %f35;
	fma.rz.f32 	%f41, %f40, %f13, %f39;
	cvt.rzi.f32.f32 	%f42, %f41;
	fma.rn.f32 	%f49, %f14, %f42, %f35;
	sub.s32 	%r45, %r45, %r31;
	mov.b32 	%r41, %f49;
	shr.u32 	%r33, %r31, 23;
	shl.b32 	%r34, %r44, %r33;
	cvt.rzi.u32.f32 	%r35, %f42;
	add.s32 	%r44, %r34, %r35;
	setp.ne.s32 	%p9, %r45, 0;
	setp.ne.s32 	%p10, %r41, 0;
	and.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_10;

$L__BB0_11:
	setp.lt.u32 	%p12, %r45, 33554432;
	shr.u32 	%r36, %r45, 23;
	selp.b32 	%r37, %r36, 3, %p12;
	shl.b32 	%r46, %r44, %r37;
	and.b32  	%r38, %r3, -8388608;
	mov.b32 	%f43, %r38;
	setp.gt.u32 	%p13, %r2, 2139095039;
	setp.leu.f32 	%p14, %f1, 0f00000000;
	or.pred  	%p15, %p14, %p13;
	selp.f32 	%f44, 0f7FFFFFFF, %f43, %p15;
	mul{rn}.f32 	%f45, %f49, 0f34000000;
	mul{rn}.f32 	%f52, %f44, %f45;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	div.approx.f32 	%f26, %f52, %f1;
	cvt.rzi.f32.f32 	%f48, %f26;
	neg.f32 	%f5, %f1;
	fma.rn.f32 	%f6, %f5, %f48, %f52;
	mov.b32 	%r17, %f6;
	mov.b32 	%r18, %f1;
	setp.lt.u32 	%p3, %r17, %r18;
	@%p3 bra 	$L__BB0_7;

	setp.gt.u32 	%p4, %r17, -2147483648;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_4;

$L__BB0_6:
	add{rn}.f32 	%f32, %f48, 0fBF800000;
	add{rn}.f32 	%f33, %f32, 0fBF800000;
	setp.lt.f32 	%p7, %f6, %f5;
	selp.f32 	%f48, %f33, %f32, %p7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	add{rn}.f32 	%f48, %f48, 0f3F800000;
	add{rn}.f32 	%f27, %f1, %f1;
	setp.ltu.f32 	%p5, %f6, %f27;
	@%p5 bra 	$L__BB0_7;

	add{rn}.f32 	%f28, %f48, 0f3F800000;
	mov.f32 	%f29, 0fC0400000;
	fma.rn.f32 	%f30, %f29, %f1, %f6;
	setp.ge.f32 	%p6, %f30, 0f00000000;
	add{rn}.f32 	%f31, %f28, 0f3F800000;
	selp.f32 	%f48, %f31, %f28, %p6;

$L__BB0_7:
	cvt.rzi.u32.f32 	%r46, %f48;
	fma.rn.f32 	%f52, %f5, %f48, %f52;

$L__BB0_12:
	add{rn}.f32 	%f19, %f52, %f52;
	setp.gt.f32 	%p16, %f19, %f1;
	@%p16 bra 	$L__BB0_14;

	setp.neu.f32 	%p17, %f19, %f1;
	and.b32  	%r39, %r46, 1;
	setp.eq.b32 	%p18, %r39, 1;
	not.pred 	%p19, %p18;
	or.pred  	%p20, %p19, %p17;
	@%p20 bra 	$L__BB0_15;

$L__BB0_14:
	sub{rn}.f32 	%f52, %f52, %f1;

$L__BB0_15:
	mov.b32 	%r40, %f24;
	setp.gt.s32 	%p21, %r40, -1;
	@%p21 bra 	$L__BB0_17;

	abs.f32 	%f46, %f52;
	setp.le.f32 	%p22, %f46, 0f7F800000;
	neg.f32 	%f47, %f52;
	selp.f32 	%f52, %f47, %f52, %p22;

$L__BB0_17:
	st.param.b32 	[{ret}], %f52;
	ret;
",
    ftz: Some(
        "	ld.param.b32 	%f28, [{p0}];
	ld.param.b32 	%f29, [{p1}];
	abs{ftz}.f32 	%f1, %f29;
	abs{ftz}.f32 	%f2, %f28;
	add{rn}{ftz}.f32 	%f60, %f2, %f2;
	setp.lt{ftz}.f32 	%p1, %f2, %f1;
	mov.u32 	%r46, 0;
	mov.f32 	%f62, %f2;
	@%p1 bra 	$L__BB0_12;

	mul{rn}{ftz}.f32 	%f4, %f1, 0f4B000000;
	setp.gtu{ftz}.f32 	%p2, %f2, %f4;
	@%p2 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_2;

$L__BB0_8:
	mov.b32 	%r2, %f2;
	and.b32  	%r22, %r2, 8388607;
	or.b32  	%r41, %r22, 1065353216;
	mov.b32 	%r3, %f4;
	mov.b32 	%f59, %r41;
	add.s32 	%r24, %r3, -192937984;
	and.b32  	%r25, %r24, -8388608;
	sub.s32 	%r26, %r2, %r25;
	and.b32  	%r4, %r26, -8388608;
	setp.eq.s32 	%p8, %r4, 0;
	mov.u32 	%r44, 0;
	mov.u32 	%r45, %r44;
	@%p8 bra 	$L__BB0_11;

	and.b32  	%r28, %r3, 8388607;
	or.b32  	%r29, %r28, 1065353216;
	mov.b32 	%f41, %r29;
	rcp.approx{ftz}.f32 	%f15, %f41;
	neg{ftz}.f32 	%f16, %f41;
	mov.u32 	%r44, 0;
	mov.u32 	%r45, %r4;

$L__BB0_10:
	min.u32 	%r31, %r45, 192937984;
	add.s32 	%r32, %r31, %r41;
	mov.b32 	%f42, %r32;
	mov.f32 	%f43, 0f80000000;
	fma.rn{ftz}.f32 	%f44, %f42, %f15, %f43;
	fma.rn{ftz}.f32 	%f45, %f16, %f44, %f42;
	fma.rn{ftz}.f32 	%f46, %f45, %f15, %f44;
	fma.rn{ftz}.f32 	%f47, %f16, %f46, %f42;
	fma.rz{ftz}.f32 	%f48, %f47, %f15, %f46;
	cvt.rzi.f32.f32 	%f49, %f48;
	fma.rn{ftz}.f32 	%f59, %f16, %f49, %f42;
	sub.s32 	%r45, %r45, %r31;
	mov.b32 	%r41, %f59;
	shr.u32 	%r33, %r31, 23;
	shl.b32 	%r34, %r44, %r33;
	cvt.rzi{ftz}.u32.f32 	%r35, %f49;
	add.s32 	%r44, %r34, %r35;
	setp.ne.s32 	%p9, %r45, 0;
	setp.ne.s32 	%p10, %r41, 0;
	and.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_10;

$L__BB0_11:
	setp.lt.u32 	%p12, %r45, 33554432;
	shr.u32 	%r36, %r45, 23;
	selp.b32 	%r37, %r36, 3, %p12;
	shl.b32 	%r46, %r44, %r37;
	and.b32  	%r38, %r3, -8388608;
	mov.b32 	%f50, %r38;
	setp.gt.u32 	%p13, %r2, 2139095039;
	setp.leu{ftz}.f32 	%p14, %f1, 0f00000000;
	or.pred  	%p15, %p14, %p13;
	selp.f32 	%f51, 0f7FFFFFFF, %f50, %p15;
	mul{rn}{ftz}.f32 	%f52, %f59, 0f34000000;
	mul{rn}{ftz}.f32 	%f62, %f51, %f52;
	mul{rn}{ftz}.f32 	%f53, %f59, 0f34800000;
	mul{rn}{ftz}.f32 	%f60, %f51, %f53;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	div.approx{ftz}.f32 	%f30, %f2, %f1;
	cvt.rzi.f32.f32 	%f58, %f30;
	neg{ftz}.f32 	%f6, %f1;
	fma.rn.f32 	%f7, %f6, %f58, %f2;
	mov.b32 	%r17, %f7;
	mov.b32 	%r18, %f1;
	setp.lt.u32 	%p3, %r17, %r18;
	@%p3 bra 	$L__BB0_7;

	setp.gt.u32 	%p4, %r17, -2147483648;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_4;

$L__BB0_6:
	add{rn}{ftz}.f32 	%f36, %f58, 0fBF800000;
	add{rn}{ftz}.f32 	%f37, %f36, 0fBF800000;
	setp.lt{ftz}.f32 	%p7, %f7, %f6;
	selp.f32 	%f58, %f37, %f36, %p7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	add{rn}{ftz}.f32 	%f58, %f58, 0f3F800000;
	add{rn}{ftz}.f32 	%f31, %f1, %f1;
	setp.ltu{ftz}.f32 	%p5, %f7, %f31;
	@%p5 bra 	$L__BB0_7;

	add{rn}{ftz}.f32 	%f32, %f58, 0f3F800000;
	mov.f32 	%f33, 0fC0400000;
	fma.rn{ftz}.f32 	%f34, %f33, %f1, %f7;
	setp.ge{ftz}.f32 	%p6, %f34, 0f00000000;
	add{rn}{ftz}.f32 	%f35, %f32, 0f3F800000;
	selp.f32 	%f58, %f35, %f32, %p6;

$L__BB0_7:
	cvt.rzi{ftz}.u32.f32 	%r46, %f58;
	fma.rn{ftz}.f32 	%f62, %f6, %f58, %f2;
	fma.rn.f32 	%f38, %f6, %f58, %f2;
	mov.f32 	%f39, 0f00000000;
	mov.f32 	%f40, 0f40000000;
	fma.rn.f32 	%f60, %f40, %f38, %f39;

$L__BB0_12:
	setp.gt{ftz}.f32 	%p16, %f60, %f1;
	@%p16 bra 	$L__BB0_14;

	setp.neu{ftz}.f32 	%p17, %f60, %f1;
	and.b32  	%r39, %r46, 1;
	setp.eq.b32 	%p18, %r39, 1;
	not.pred 	%p19, %p18;
	or.pred  	%p20, %p17, %p19;
	@%p20 bra 	$L__BB0_17;

$L__BB0_14:
	setp.lt{ftz}.f32 	%p21, %f62, 0f00800000;
	@%p21 bra 	$L__BB0_16;
	bra.uni 	$L__BB0_15;

$L__BB0_16:
	mov.f32 	%f54, 0fC0000000;
	fma.rn{ftz}.f32 	%f55, %f1, %f54, %f60;
	mul{rn}{ftz}.f32 	%f62, %f55, 0f3F000000;
	bra.uni 	$L__BB0_17;

$L__BB0_15:
	sub{rn}{ftz}.f32 	%f62, %f62, %f1;

$L__BB0_17:
	mov.b32 	%r40, %f28;
	setp.gt.s32 	%p22, %r40, -1;
	@%p22 bra 	$L__BB0_19;

	abs{ftz}.f32 	%f56, %f62;
	setp.le{ftz}.f32 	%p23, %f56, 0f7F800000;
	neg{ftz}.f32 	%f57, %f62;
	selp.f32 	%f62, %f57, %f62, %p23;

$L__BB0_19:
	st.param.b32 	[{ret}], %f62;
	ret;
",
    ),
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `ldexpf`: x·2ⁿ in at most three exact multiplications by powers of two (n clamped), so that every intermediate stays in range and only the last rounds.
pub(super) static LDEXPF: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	ld.param.b32 	%r2, [{p1}];
	abs{ftz}.f32 	%f1, %f7;
	setp.eq{ftz}.f32 	%p1, %f1, 0f00000000;
	setp.eq{ftz}.f32 	%p2, %f1, 0f7F800000;
	or.pred  	%p3, %p1, %p2;
	setp.eq.s32 	%p4, %r2, 0;
	or.pred  	%p5, %p4, %p3;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_1;

$L__BB0_6:
	setp.gt{ftz}.f32 	%p8, %f1, 0f00000000;
	add{rn}{ftz}.f32 	%f22, %f7, %f7;
	selp.f32 	%f23, %f7, %f22, %p8;
	bra.uni 	$L__BB0_7;

$L__BB0_1:
	abs.s32 	%r1, %r2;
	setp.lt.s32 	%p6, %r1, 126;
	@%p6 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_2;

$L__BB0_5:
	cvt.rn.f32.s32 	%f20, %r2;
	ex2.approx.ftz.f32 	%f21, %f20;
	mul{rn}{ftz}.f32 	%f23, %f21, %f7;
	bra.uni 	$L__BB0_7;

$L__BB0_2:
	setp.lt.s32 	%p7, %r1, 252;
	@%p7 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_3;

$L__BB0_4:
	shr.u32 	%r8, %r2, 31;
	add.s32 	%r9, %r2, %r8;
	shr.s32 	%r10, %r9, 1;
	sub.s32 	%r11, %r2, %r10;
	cvt.rn.f32.s32 	%f15, %r10;
	ex2.approx.ftz.f32 	%f16, %f15;
	mul{rn}{ftz}.f32 	%f17, %f16, %f7;
	cvt.rn.f32.s32 	%f18, %r11;
	ex2.approx.ftz.f32 	%f19, %f18;
	mul{rn}{ftz}.f32 	%f23, %f17, %f19;
	bra.uni 	$L__BB0_7;

$L__BB0_3:
	shr.s32 	%r3, %r2, 31;
	shr.u32 	%r4, %r3, 30;
	add.s32 	%r5, %r2, %r4;
	shr.s32 	%r6, %r5, 2;
	cvt.rn.f32.s32 	%f8, %r6;
	ex2.approx.ftz.f32 	%f9, %f8;
	mad.lo.s32 	%r7, %r6, -3, %r2;
	mul{rn}{ftz}.f32 	%f10, %f9, %f7;
	mul{rn}{ftz}.f32 	%f11, %f9, %f10;
	mul{rn}{ftz}.f32 	%f12, %f9, %f11;
	cvt.rn.f32.s32 	%f13, %r7;
	ex2.approx.ftz.f32 	%f14, %f13;
	mul{rn}{ftz}.f32 	%f23, %f14, %f12;

$L__BB0_7:
	st.param.b32 	[{ret}], %f23;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `frexpf`: the mantissa in [0.5, 1) and the exponent from the bits, subnormals scaled by 2²⁴ first; zeros, infinities and NaNs returned with exponent 0.
pub(super) static FREXPF: Variants = Variants {
    base: "	ld.param.b32 	%f6, [{p0}];
	abs{ftz}.f32 	%f1, %f6;
	setp.lt{ftz}.f32 	%p1, %f1, 0f00800000;
	mul{rn}{ftz}.f32 	%f7, %f6, 0f4B800000;
	selp.f32 	%f2, %f7, %f6, %p1;
	mov.b32 	%r1, %f2;
	shr.u32 	%r5, %r1, 23;
	and.b32  	%r2, %r5, 255;
	setp.eq{ftz}.f32 	%p2, %f1, 0f00000000;
	setp.eq.s32 	%p3, %r2, 255;
	or.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	add{rn}{ftz}.f32 	%f8, %f2, %f2;
	mov.u32 	%r10, 0;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	selp.b32 	%r6, -150, -126, %p1;
	add.s32 	%r10, %r6, %r2;
	and.b32  	%r7, %r1, -2139095041;
	or.b32  	%r8, %r7, 1056964608;
	mov.b32 	%f8, %r8;

$L__BB0_3:
	st.param.b32 	[{ret1}], %r10;
	st.param.b32 	[{ret}], %f8;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `modff`: the integral part by `cvt.rzi` and the fractional part x − that with x's sign, infinity giving ±0 as fractional part.
pub(super) static MODFF: Variants = Variants {
    base: "	ld.param.b32 	%f6, [{p0}];
	abs{ftz}.f32 	%f1, %f6;
	setp.lt{ftz}.f32 	%p1, %f1, 0f7F800000;
	@%p1 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	cvt.rzi.f32.f32 	%f7, %f6;
	st.param.b32 	[{ret1}], %f7;
	sub{rn}{ftz}.f32 	%f8, %f6, %f7;
	mov.b32 	%r3, %f8;
	mov.b32 	%r4, %f6;
	and.b32  	%r5, %r4, -2147483648;
	or.b32  	%r6, %r5, %r3;
	mov.b32 	%f9, %r6;
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	setp.eq{ftz}.f32 	%p2, %f1, 0f7F800000;
	@%p2 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	st.param.b32 	[{ret1}], %f6;
	mov.b32 	%r1, %f6;
	and.b32  	%r2, %r1, -2147483648;
	mov.b32 	%f9, %r2;
	bra.uni 	$L__BB0_5;

$L__BB0_2:
	add{rn}{ftz}.f32 	%f9, %f6, %f6;
	st.param.b32 	[{ret1}], %f9;

$L__BB0_5:
	st.param.b32 	[{ret}], %f9;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
