//! Rarer functions, single and double precision: `remquo`, `fdividef`, the scaled complementary
//! error function `erfcx`, and the three-dimensional norms `norm3d`/`rnorm3d`.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `remquof`: `remainderf`'s long division, also giving the quotient's low three bits with its sign as the second result.
pub(super) static REMQUOF: Variants = Variants {
    base: "	ld.param.b32 	%f25, [{p0}];
	ld.param.b32 	%f24, [{p1}];
	mov.b32 	%r1, %f25;
	abs.f32 	%f53, %f25;
	abs.f32 	%f2, %f24;
	setp.lt.f32 	%p1, %f53, %f2;
	mov.u32 	%r52, 0;
	@%p1 bra 	$L__BB0_12;

	mul{rn}.f32 	%f3, %f2, 0f4B000000;
	setp.gtu.f32 	%p2, %f53, %f3;
	@%p2 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_2;

$L__BB0_8:
	mov.b32 	%r4, %f53;
	mov.b32 	%r5, %f3;
	and.b32  	%r24, %r4, 8388607;
	or.b32  	%r47, %r24, 1065353216;
	mov.b32 	%f50, %r47;
	add.s32 	%r25, %r5, -192937984;
	and.b32  	%r26, %r25, -8388608;
	sub.s32 	%r27, %r4, %r26;
	and.b32  	%r7, %r27, -8388608;
	setp.eq.s32 	%p8, %r7, 0;
	mov.u32 	%r50, 0;
	mov.u32 	%r51, %r50;
	@%p8 bra 	$L__BB0_11;

	and.b32  	%r29, %r5, 8388607;
	or.b32  	%r30, %r29, 1065353216;
	mov.b32 	%f34, %r30;
	rcp.approx.ftz.f32 	%f13, %f34;
	neg.f32 	%f14, %f34;
	mov.u32 	%r50, 0;
	mov.u32 	%r51, %r7;

$L__BB0_10:
	min.u32 	%r31, %r51, 192937984;
	add.s32 	%r32, %r31, %r47;
	mov.b32 	%f35, %r32;
	mov.f32 	%f36, 0f80000000;
	fma.rn.f32 	%f37, %f35, %f13, %f36;
	fma.rn.f32 	%f38, %f14, %f37, %f35;
	fma.rn.f32 	%f39, %f38, %f13, %f37;
	fma.rn.f32 	%f40, %f14, %f39, %f35;
	fma.rz.f32 	%f41, %f40, %f13, %f39;
	cvt.rzi.f32.f32 	%f42, %f41;
	fma.rn.f32 	%f50, %f14, %f42, %f35;
	sub.s32 	%r51, %r51, %r31;
	mov.b32 	%r47, %f50;
	shr.u32 	%r33, %r31, 23;
	shl.b32 	%r34, %r50, %r33;
	cvt.rzi.u32.f32 	%r35, %f42;
	add.s32 	%r50, %r34, %r35;
	setp.ne.s32 	%p9, %r51, 0;
	setp.ne.s32 	%p10, %r47, 0;
	and.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_10;

$L__BB0_11:
	setp.lt.u32 	%p12, %r51, 33554432;
	shr.u32 	%r36, %r51, 23;
	selp.b32 	%r37, %r36, 3, %p12;
	shl.b32 	%r52, %r50, %r37;
	setp.gt.u32 	%p13, %r4, 2139095039;
	setp.leu.f32 	%p14, %f2, 0f00000000;
	or.pred  	%p15, %p14, %p13;
	and.b32  	%r38, %r5, -8388608;
	mov.b32 	%f43, %r38;
	selp.f32 	%f44, 0f7FFFFFFF, %f43, %p15;
	mul{rn}.f32 	%f45, %f50, 0f34000000;
	mul{rn}.f32 	%f53, %f44, %f45;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	div.approx.f32 	%f26, %f53, %f2;
	cvt.rzi.f32.f32 	%f49, %f26;
	neg.f32 	%f5, %f2;
	fma.rn.f32 	%f6, %f5, %f49, %f53;
	mov.b32 	%r2, %f6;
	mov.b32 	%r21, %f2;
	setp.lt.u32 	%p3, %r2, %r21;
	@%p3 bra 	$L__BB0_7;

	setp.gt.u32 	%p4, %r2, -2147483648;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_4;

$L__BB0_6:
	add{rn}.f32 	%f32, %f49, 0fBF800000;
	add{rn}.f32 	%f33, %f32, 0fBF800000;
	setp.lt.f32 	%p7, %f6, %f5;
	selp.f32 	%f49, %f33, %f32, %p7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	add{rn}.f32 	%f49, %f49, 0f3F800000;
	add{rn}.f32 	%f27, %f2, %f2;
	setp.ltu.f32 	%p5, %f6, %f27;
	@%p5 bra 	$L__BB0_7;

	add{rn}.f32 	%f28, %f49, 0f3F800000;
	mov.f32 	%f29, 0fC0400000;
	fma.rn.f32 	%f30, %f29, %f2, %f6;
	setp.ge.f32 	%p6, %f30, 0f00000000;
	add{rn}.f32 	%f31, %f28, 0f3F800000;
	selp.f32 	%f49, %f31, %f28, %p6;

$L__BB0_7:
	cvt.rzi.u32.f32 	%r52, %f49;
	fma.rn.f32 	%f53, %f5, %f49, %f53;

$L__BB0_12:
	add{rn}.f32 	%f19, %f53, %f53;
	setp.gt.f32 	%p16, %f19, %f2;
	@%p16 bra 	$L__BB0_14;

	setp.neu.f32 	%p17, %f19, %f2;
	and.b32  	%r39, %r52, 1;
	setp.eq.b32 	%p18, %r39, 1;
	not.pred 	%p19, %p18;
	or.pred  	%p20, %p19, %p17;
	@%p20 bra 	$L__BB0_15;

$L__BB0_14:
	add.s32 	%r52, %r52, 1;
	sub{rn}.f32 	%f53, %f53, %f2;

$L__BB0_15:
	setp.gt.s32 	%p21, %r1, -1;
	@%p21 bra 	$L__BB0_17;

	abs.f32 	%f46, %f53;
	setp.le.f32 	%p22, %f46, 0f7F800000;
	neg.f32 	%f47, %f53;
	selp.f32 	%f53, %f47, %f53, %p22;

$L__BB0_17:
	mov.b32 	%r40, %f24;
	xor.b32  	%r41, %r40, %r1;
	shr.s32 	%r42, %r41, 31;
	and.b32  	%r43, %r52, 7;
	xor.b32  	%r44, %r43, %r42;
	sub.s32 	%r45, %r44, %r42;
	abs.f32 	%f48, %f53;
	setp.gtu.f32 	%p23, %f48, 0f7F800000;
	selp.b32 	%r46, 0, %r45, %p23;
	st.param.b32 	[{ret1}], %r46;
	st.param.b32 	[{ret}], %f53;
	ret;
",
    ftz: Some(
        "	ld.param.b32 	%f29, [{p0}];
	ld.param.b32 	%f28, [{p1}];
	mov.b32 	%r1, %f29;
	abs{ftz}.f32 	%f1, %f29;
	add{rn}{ftz}.f32 	%f61, %f1, %f1;
	abs{ftz}.f32 	%f3, %f28;
	setp.lt{ftz}.f32 	%p1, %f1, %f3;
	mov.u32 	%r53, 0;
	mov.f32 	%f63, %f1;
	@%p1 bra 	$L__BB0_12;

	mul{rn}{ftz}.f32 	%f4, %f3, 0f4B000000;
	setp.gtu{ftz}.f32 	%p2, %f1, %f4;
	@%p2 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_2;

$L__BB0_8:
	mov.b32 	%r4, %f1;
	mov.b32 	%r5, %f4;
	and.b32  	%r24, %r4, 8388607;
	or.b32  	%r47, %r24, 1065353216;
	mov.b32 	%f60, %r47;
	add.s32 	%r25, %r5, -192937984;
	and.b32  	%r26, %r25, -8388608;
	sub.s32 	%r27, %r4, %r26;
	and.b32  	%r7, %r27, -8388608;
	setp.eq.s32 	%p8, %r7, 0;
	mov.u32 	%r50, 0;
	mov.u32 	%r51, %r50;
	@%p8 bra 	$L__BB0_11;

	and.b32  	%r29, %r5, 8388607;
	or.b32  	%r30, %r29, 1065353216;
	mov.b32 	%f41, %r30;
	rcp.approx{ftz}.f32 	%f15, %f41;
	neg{ftz}.f32 	%f16, %f41;
	mov.u32 	%r50, 0;
	mov.u32 	%r51, %r7;

$L__BB0_10:
	min.u32 	%r31, %r51, 192937984;
	add.s32 	%r32, %r31, %r47;
	mov.b32 	%f42, %r32;
	mov.f32 	%f43, 0f80000000;
	fma.rn{ftz}.f32 	%f44, %f42, %f15, %f43;
	fma.rn{ftz}.f32 	%f45, %f16, %f44, %f42;
	fma.rn{ftz}.f32 	%f46, %f45, %f15, %f44;
	fma.rn{ftz}.f32 	%f47, %f16, %f46, %f42;
	fma.rz{ftz}.f32 	%f48, %f47, %f15, %f46;
	cvt.rzi.f32.f32 	%f49, %f48;
	fma.rn{ftz}.f32 	%f60, %f16, %f49, %f42;
	sub.s32 	%r51, %r51, %r31;
	mov.b32 	%r47, %f60;
	shr.u32 	%r33, %r31, 23;
	shl.b32 	%r34, %r50, %r33;
	cvt.rzi{ftz}.u32.f32 	%r35, %f49;
	add.s32 	%r50, %r34, %r35;
	setp.ne.s32 	%p9, %r51, 0;
	setp.ne.s32 	%p10, %r47, 0;
	and.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_10;

$L__BB0_11:
	setp.lt.u32 	%p12, %r51, 33554432;
	shr.u32 	%r36, %r51, 23;
	selp.b32 	%r37, %r36, 3, %p12;
	shl.b32 	%r53, %r50, %r37;
	setp.gt.u32 	%p13, %r4, 2139095039;
	setp.leu{ftz}.f32 	%p14, %f3, 0f00000000;
	or.pred  	%p15, %p14, %p13;
	and.b32  	%r38, %r5, -8388608;
	mov.b32 	%f50, %r38;
	selp.f32 	%f51, 0f7FFFFFFF, %f50, %p15;
	mul{rn}{ftz}.f32 	%f52, %f60, 0f34000000;
	mul{rn}{ftz}.f32 	%f63, %f51, %f52;
	mul{rn}{ftz}.f32 	%f53, %f60, 0f34800000;
	mul{rn}{ftz}.f32 	%f61, %f51, %f53;
	bra.uni 	$L__BB0_12;

$L__BB0_2:
	div.approx{ftz}.f32 	%f30, %f1, %f3;
	cvt.rzi.f32.f32 	%f59, %f30;
	neg{ftz}.f32 	%f6, %f3;
	fma.rn.f32 	%f7, %f6, %f59, %f1;
	mov.b32 	%r2, %f7;
	mov.b32 	%r21, %f3;
	setp.lt.u32 	%p3, %r2, %r21;
	@%p3 bra 	$L__BB0_7;

	setp.gt.u32 	%p4, %r2, -2147483648;
	@%p4 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_4;

$L__BB0_6:
	add{rn}{ftz}.f32 	%f36, %f59, 0fBF800000;
	add{rn}{ftz}.f32 	%f37, %f36, 0fBF800000;
	setp.lt{ftz}.f32 	%p7, %f7, %f6;
	selp.f32 	%f59, %f37, %f36, %p7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	add{rn}{ftz}.f32 	%f59, %f59, 0f3F800000;
	add{rn}{ftz}.f32 	%f31, %f3, %f3;
	setp.ltu{ftz}.f32 	%p5, %f7, %f31;
	@%p5 bra 	$L__BB0_7;

	add{rn}{ftz}.f32 	%f32, %f59, 0f3F800000;
	mov.f32 	%f33, 0fC0400000;
	fma.rn{ftz}.f32 	%f34, %f33, %f3, %f7;
	setp.ge{ftz}.f32 	%p6, %f34, 0f00000000;
	add{rn}{ftz}.f32 	%f35, %f32, 0f3F800000;
	selp.f32 	%f59, %f35, %f32, %p6;

$L__BB0_7:
	cvt.rzi{ftz}.u32.f32 	%r53, %f59;
	fma.rn{ftz}.f32 	%f63, %f6, %f59, %f1;
	fma.rn.f32 	%f38, %f6, %f59, %f1;
	mov.f32 	%f39, 0f00000000;
	mov.f32 	%f40, 0f40000000;
	fma.rn.f32 	%f61, %f40, %f38, %f39;

$L__BB0_12:
	setp.gt{ftz}.f32 	%p16, %f61, %f3;
	@%p16 bra 	$L__BB0_14;

	setp.neu{ftz}.f32 	%p17, %f61, %f3;
	and.b32  	%r39, %r53, 1;
	setp.eq.b32 	%p18, %r39, 1;
	not.pred 	%p19, %p18;
	or.pred  	%p20, %p17, %p19;
	@%p20 bra 	$L__BB0_17;

$L__BB0_14:
	add.s32 	%r53, %r53, 1;
	setp.lt{ftz}.f32 	%p21, %f63, 0f00800000;
	@%p21 bra 	$L__BB0_16;
	bra.uni 	$L__BB0_15;

$L__BB0_16:
	mov.f32 	%f54, 0fC0000000;
	fma.rn{ftz}.f32 	%f55, %f3, %f54, %f61;
	mul{rn}{ftz}.f32 	%f63, %f55, 0f3F000000;
	bra.uni 	$L__BB0_17;

$L__BB0_15:
	sub{rn}{ftz}.f32 	%f63, %f63, %f3;

$L__BB0_17:
	setp.gt.s32 	%p22, %r1, -1;
	@%p22 bra 	$L__BB0_19;

	abs{ftz}.f32 	%f56, %f63;
	setp.le{ftz}.f32 	%p23, %f56, 0f7F800000;
	neg{ftz}.f32 	%f57, %f63;
	selp.f32 	%f63, %f57, %f63, %p23;

$L__BB0_19:
	mov.b32 	%r40, %f28;
	xor.b32  	%r41, %r40, %r1;
	shr.s32 	%r42, %r41, 31;
	and.b32  	%r43, %r53, 7;
	xor.b32  	%r44, %r43, %r42;
	sub.s32 	%r45, %r44, %r42;
	abs{ftz}.f32 	%f58, %f63;
	setp.gtu{ftz}.f32 	%p24, %f58, 0f7F800000;
	selp.b32 	%r46, 0, %r45, %p24;
	st.param.b32 	[{ret1}], %r46;
	st.param.b32 	[{ret}], %f63;
	ret;
",
    ),
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `remquo`: `remainder`'s long division, also giving the quotient's low three bits with its sign as the second result.
pub(super) static REMQUO: Variants = Variants {
    base: "	ld.param.b64 	%fd17, [{p0}];
	ld.param.b64 	%fd18, [{p1}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd18;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd17;
	}
	and.b32  	%r29, %r2, 2147483647;
	and.b32  	%r30, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r31, %temp}, %fd17;
	}
	mov.b64 	%fd31, {%r31, %r29};
	{
	.reg .b32 %temp;
	mov.b64 	{%r32, %temp}, %fd18;
	}
	mov.b64 	%fd2, {%r32, %r30};
	setp.gt.u32 	%p1, %r29, 2146435071;
	setp.gt.u32 	%p2, %r30, 2146435071;
	or.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_19;
	bra.uni 	$L__BB0_1;

$L__BB0_19:
	setp.le.f64 	%p24, %fd31, 0d7FF0000000000000;
	setp.le.f64 	%p25, %fd2, 0d7FF0000000000000;
	and.pred  	%p26, %p24, %p25;
	@%p26 bra 	$L__BB0_21;
	bra.uni 	$L__BB0_20;

$L__BB0_21:
	setp.eq.f64 	%p27, %fd31, 0d7FF0000000000000;
	selp.f64 	%fd33, 0dFFF8000000000000, %fd17, %p27;
	mov.u32 	%r99, 0;
	bra.uni 	$L__BB0_22;

$L__BB0_1:
	setp.eq.f64 	%p4, %fd2, 0d0000000000000000;
	mov.u32 	%r99, 0;
	mov.f64 	%fd33, 0dFFF8000000000000;
	@%p4 bra 	$L__BB0_22;

	setp.ltu.f64 	%p5, %fd31, %fd2;
	mov.u32 	%r98, 0;
	@%p5 bra 	$L__BB0_15;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r35}, %fd31;
	}
	shr.u32 	%r88, %r35, 20;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r36}, %fd2;
	}
	shr.u32 	%r89, %r36, 20;
	setp.ne.s32 	%p6, %r88, 0;
	@%p6 bra 	$L__BB0_5;

	mul{rn}.f64 	%fd31, %fd31, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r37}, %fd31;
	}
	shr.u32 	%r38, %r37, 20;
	add.s32 	%r88, %r38, -54;

$L__BB0_5:
	setp.ne.s32 	%p7, %r89, 0;
	mov.f64 	%fd29, %fd2;
	@%p7 bra 	$L__BB0_7;

	mul{rn}.f64 	%fd29, %fd2, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r39}, %fd29;
	}
	shr.u32 	%r40, %r39, 20;
	add.s32 	%r89, %r40, -54;

$L__BB0_7:
	mov.b64 	%rd16, %fd31;
	and.b64  	%rd17, %rd16, 4503599627370495;
	or.b64  	%rd41, %rd17, 4503599627370496;
	mov.b64 	%rd18, %fd29;
	and.b64  	%rd19, %rd18, 4503599627370495;
	or.b64  	%rd2, %rd19, 4503599627370496;
	not.b32 	%r43, %r88;
	mov.u32 	%r96, -1;
	add.s32 	%r44, %r89, %r43;
	max.s32 	%r45, %r44, -1;
	add.s32 	%r46, %r88, %r45;
	add.s32 	%r47, %r46, 2;
	sub.s32 	%r9, %r47, %r89;
	add.s32 	%r48, %r46, 1;
	sub.s32 	%r49, %r48, %r89;
	and.b32  	%r95, %r9, 3;
	setp.lt.u32 	%p8, %r49, 3;
	@%p8 bra 	$L__BB0_10;

	sub.s32 	%r91, %r9, %r95;
	mov.u32 	%r96, -1;

$L__BB0_9:
	sub.s64 	%rd20, %rd41, %rd2;
	mov.b64 	%fd20, %rd20;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r51}, %fd20;
	}
	shr.u32 	%r52, %r51, 31;
	setp.eq.s32 	%p9, %r52, 0;
	selp.b64 	%rd21, %rd20, %rd41, %p9;
	shl.b64 	%rd22, %rd21, 1;
	shl.b32 	%r53, %r96, 1;
	or.b32  	%r54, %r52, %r53;
	sub.s64 	%rd23, %rd22, %rd2;
	mov.b64 	%fd21, %rd23;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd21;
	}
	shr.u32 	%r56, %r55, 31;
	setp.eq.s32 	%p10, %r56, 0;
	selp.b64 	%rd24, %rd23, %rd22, %p10;
	shl.b64 	%rd25, %rd24, 1;
	shl.b32 	%r57, %r54, 1;
	or.b32  	%r58, %r56, %r57;
	sub.s64 	%rd26, %rd25, %rd2;
	mov.b64 	%fd22, %rd26;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r59}, %fd22;
	}
	shr.u32 	%r60, %r59, 31;
	setp.eq.s32 	%p11, %r60, 0;
	selp.b64 	%rd27, %rd26, %rd25, %p11;
	shl.b64 	%rd28, %rd27, 1;
	shl.b32 	%r61, %r58, 1;
	or.b32  	%r62, %r60, %r61;
	sub.s64 	%rd29, %rd28, %rd2;
	mov.b64 	%fd23, %rd29;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r63}, %fd23;
	}
	shr.u32 	%r64, %r63, 31;
	setp.eq.s32 	%p12, %r64, 0;
	selp.b64 	%rd43, %rd29, %rd28, %p12;
	shl.b64 	%rd41, %rd43, 1;
	shl.b32 	%r65, %r62, 1;
	or.b32  	%r96, %r64, %r65;
	add.s32 	%r91, %r91, -4;
	setp.ne.s32 	%p13, %r91, 0;
	@%p13 bra 	$L__BB0_9;

$L__BB0_10:
	setp.eq.s32 	%p14, %r95, 0;
	@%p14 bra 	$L__BB0_12;

$L__BB0_11:
	.pragma \"nounroll\";
	sub.s64 	%rd30, %rd41, %rd2;
	mov.b64 	%fd24, %rd30;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r66}, %fd24;
	}
	shr.u32 	%r67, %r66, 31;
	setp.eq.s32 	%p15, %r67, 0;
	selp.b64 	%rd43, %rd30, %rd41, %p15;
	shl.b64 	%rd41, %rd43, 1;
	shl.b32 	%r68, %r96, 1;
	or.b32  	%r96, %r67, %r68;
	add.s32 	%r95, %r95, -1;
	setp.ne.s32 	%p16, %r95, 0;
	@%p16 bra 	$L__BB0_11;

$L__BB0_12:
	and.b64  	%rd12, %rd43, 9223372036854775807;
	setp.eq.s64 	%p17, %rd12, 0;
	mov.f64 	%fd31, 0d0000000000000000;
	@%p17 bra 	$L__BB0_14;

	mov.b64 	%fd26, %rd12;
	mul{rn}.f64 	%fd27, %fd26, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r69}, %fd27;
	}
	shr.u32 	%r70, %r69, 20;
	mov.u32 	%r71, 55;
	sub.s32 	%r72, %r71, %r70;
	sub.s32 	%r73, %r89, %r72;
	shl.b64 	%rd31, %rd12, %r72;
	setp.lt.s32 	%p18, %r73, 1;
	mov.u32 	%r74, 1;
	sub.s32 	%r75, %r74, %r73;
	shr.u64 	%rd32, %rd31, %r75;
	add.s32 	%r76, %r73, -1;
	cvt.u64.u32 	%rd33, %r76;
	shl.b64 	%rd34, %rd33, 52;
	add.s64 	%rd35, %rd34, %rd31;
	selp.b64 	%rd36, %rd32, %rd35, %p18;
	mov.b64 	%fd31, %rd36;

$L__BB0_14:
	not.b32 	%r98, %r96;

$L__BB0_15:
	add{rn}.f64 	%fd10, %fd31, %fd31;
	setp.gt.f64 	%p19, %fd10, %fd2;
	@%p19 bra 	$L__BB0_17;

	setp.neu.f64 	%p20, %fd10, %fd2;
	and.b32  	%r77, %r98, 1;
	setp.eq.b32 	%p21, %r77, 1;
	not.pred 	%p22, %p21;
	or.pred  	%p23, %p20, %p22;
	@%p23 bra 	$L__BB0_18;

$L__BB0_17:
	add.s32 	%r98, %r98, 1;
	sub{rn}.f64 	%fd31, %fd31, %fd2;

$L__BB0_18:
	xor.b32  	%r78, %r1, %r2;
	shr.s32 	%r79, %r78, 31;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r80}, %fd31;
	}
	and.b32  	%r81, %r2, -2147483648;
	xor.b32  	%r82, %r80, %r81;
	{
	.reg .b32 %temp;
	mov.b64 	{%r83, %temp}, %fd31;
	}
	mov.b64 	%fd33, {%r83, %r82};
	and.b32  	%r84, %r98, 7;
	xor.b32  	%r85, %r84, %r79;
	sub.s32 	%r99, %r85, %r79;
	bra.uni 	$L__BB0_22;

$L__BB0_20:
	add.rn.f64 	%fd33, %fd17, %fd18;
	mov.u32 	%r99, 0;

$L__BB0_22:
	st.param.b32 	[{ret1}], %r99;
	st.param.b64 	[{ret}], %fd33;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `fdividef`: x/y by IEEE division (`div.rn`), or `div.approx`/`div.full` where division is approximate.
pub(super) static FDIVIDEF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	div.rn{ftz}.f32 	%f3, %f1, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	div.approx{ftz}.f32 	%f3, %f1, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: Some(
        "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	div.full{ftz}.f32 	%f3, %f1, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_sqrt: None,
};

/// `erfcxf`: e^(x²)·erfc(x): a rational approximation in t = (x − 4)/(x + 4)-style variable for x ≥ 0 (refined reciprocals), for negative x 2·e^(x²) − erfcx(−x) with x² split exactly; its own body without contraction.
pub(super) static ERFCXF: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	abs{ftz}.f32 	%f1, %f7;
	setp.lt{ftz}.f32 	%p1, %f1, 0f4120E148;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	add{ftz}.f32 	%f22, %f1, 0fC0800000;
	mov.f32 	%f23, 0fC0800000;
	add{ftz}.f32 	%f24, %f1, 0f40800000;
	rcp.approx.ftz.f32 	%f25, %f24;
	mul.rn{ftz}.f32 	%f26, %f22, %f25;
	add{ftz}.f32 	%f27, %f26, 0f3F800000;
	mov.f32 	%f28, 0f3F800000;
	fma.rn{ftz}.f32 	%f29, %f23, %f27, %f1;
	neg{ftz}.f32 	%f30, %f26;
	fma.rn{ftz}.f32 	%f31, %f30, %f1, %f29;
	fma.rn{ftz}.f32 	%f32, %f25, %f31, %f26;
	mov.f32 	%f33, 0f3BE6E05B;
	mov.f32 	%f34, 0f3A69A091;
	fma.rn{ftz}.f32 	%f35, %f34, %f32, %f33;
	mov.f32 	%f36, 0fBC81FB4B;
	fma.rn{ftz}.f32 	%f37, %f35, %f32, %f36;
	mov.f32 	%f38, 0f3D15373B;
	fma.rn{ftz}.f32 	%f39, %f37, %f32, %f38;
	mov.f32 	%f40, 0fBD887C5A;
	fma.rn{ftz}.f32 	%f41, %f39, %f32, %f40;
	mov.f32 	%f42, 0f3DC021D5;
	fma.rn{ftz}.f32 	%f43, %f41, %f32, %f42;
	mov.f32 	%f44, 0fBDCED424;
	fma.rn{ftz}.f32 	%f45, %f43, %f32, %f44;
	mov.f32 	%f46, 0f3D8B74DE;
	fma.rn{ftz}.f32 	%f47, %f45, %f32, %f46;
	mov.f32 	%f48, 0f3C7BF170;
	fma.rn{ftz}.f32 	%f49, %f47, %f32, %f48;
	mov.f32 	%f50, 0fBE0EF8D4;
	fma.rn{ftz}.f32 	%f51, %f49, %f32, %f50;
	mov.f32 	%f52, 0f3F9DD2C9;
	fma.rn{ftz}.f32 	%f53, %f51, %f32, %f52;
	mov.f32 	%f54, 0f40000000;
	fma.rn{ftz}.f32 	%f55, %f54, %f1, %f28;
	rcp.approx.ftz.f32 	%f56, %f55;
	mul.rn{ftz}.f32 	%f57, %f53, %f56;
	mul{ftz}.f32 	%f58, %f57, 0fC0000000;
	fma.rn{ftz}.f32 	%f59, %f1, %f58, %f53;
	sub{ftz}.f32 	%f60, %f59, %f57;
	fma.rn{ftz}.f32 	%f84, %f60, %f56, %f57;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mul{ftz}.f32 	%f8, %f1, 0f3E800000;
	mov.f32 	%f9, 0f3E800000;
	div.approx{ftz}.f32 	%f10, %f9, %f8;
	mul{ftz}.f32 	%f11, %f10, %f10;
	mov.f32 	%f12, 0fBFF00000;
	mov.f32 	%f13, 0f40D20000;
	fma.rn{ftz}.f32 	%f14, %f13, %f11, %f12;
	mov.f32 	%f15, 0f3F400000;
	fma.rn{ftz}.f32 	%f16, %f14, %f11, %f15;
	mov.f32 	%f17, 0fBF000000;
	fma.rn{ftz}.f32 	%f18, %f16, %f11, %f17;
	mov.f32 	%f19, 0f3F800000;
	fma.rn{ftz}.f32 	%f20, %f18, %f11, %f19;
	mul{ftz}.f32 	%f21, %f10, 0f3F106EBB;
	mul{ftz}.f32 	%f84, %f21, %f20;

$L__BB0_3:
	setp.geu{ftz}.f32 	%p2, %f7, 0f00000000;
	@%p2 bra 	$L__BB0_5;

	mul.rz{ftz}.f32 	%f61, %f1, %f1;
	neg{ftz}.f32 	%f62, %f61;
	fma.rn{ftz}.f32 	%f63, %f1, %f1, %f62;
	mov.f32 	%f64, 0f3F000000;
	mov.f32 	%f65, 0f3BBB989D;
	fma.rn{ftz}.f32 	%f66, %f61, %f65, %f64;
	cvt{ftz}.sat.f32.f32 	%f67, %f66;
	mov.f32 	%f68, 0f4B400001;
	mov.f32 	%f69, 0f437C0000;
	fma.rm{ftz}.f32 	%f70, %f67, %f69, %f68;
	add{ftz}.f32 	%f71, %f70, 0fCB40007F;
	neg{ftz}.f32 	%f72, %f71;
	mov.f32 	%f73, 0f3FB8AA3B;
	fma.rn{ftz}.f32 	%f74, %f61, %f73, %f72;
	mov.f32 	%f75, 0f32A57060;
	fma.rn{ftz}.f32 	%f76, %f61, %f75, %f74;
	mov.b32 	%r1, %f70;
	shl.b32 	%r2, %r1, 23;
	mov.b32 	%f77, %r2;
	ex2.approx.ftz.f32 	%f78, %f76;
	mul{ftz}.f32 	%f79, %f78, %f77;
	fma.rn{ftz}.f32 	%f80, %f78, %f77, %f79;
	fma.rn{ftz}.f32 	%f81, %f80, %f63, %f80;
	sub{ftz}.f32 	%f82, %f81, %f84;
	setp.eq{ftz}.f32 	%p3, %f80, 0f7F800000;
	selp.f32 	%f84, %f80, %f82, %p3;

$L__BB0_5:
	st.param.b32 	[{ret}], %f84;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b32 	%f7, [{p0}];
	abs{ftz}.f32 	%f1, %f7;
	setp.lt{ftz}.f32 	%p1, %f1, 0f4120E148;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	add.rn{ftz}.f32 	%f22, %f1, 0fC0800000;
	mov.f32 	%f23, 0fC0800000;
	add.rn{ftz}.f32 	%f24, %f1, 0f40800000;
	rcp.approx.ftz.f32 	%f25, %f24;
	mul.rn{ftz}.f32 	%f26, %f22, %f25;
	add.rn{ftz}.f32 	%f27, %f26, 0f3F800000;
	mov.f32 	%f28, 0f3F800000;
	fma.rn{ftz}.f32 	%f29, %f23, %f27, %f1;
	neg{ftz}.f32 	%f30, %f26;
	fma.rn{ftz}.f32 	%f31, %f30, %f1, %f29;
	fma.rn{ftz}.f32 	%f32, %f25, %f31, %f26;
	mov.f32 	%f33, 0f3BE6E05B;
	mov.f32 	%f34, 0f3A69A091;
	fma.rn{ftz}.f32 	%f35, %f34, %f32, %f33;
	mov.f32 	%f36, 0fBC81FB4B;
	fma.rn{ftz}.f32 	%f37, %f35, %f32, %f36;
	mov.f32 	%f38, 0f3D15373B;
	fma.rn{ftz}.f32 	%f39, %f37, %f32, %f38;
	mov.f32 	%f40, 0fBD887C5A;
	fma.rn{ftz}.f32 	%f41, %f39, %f32, %f40;
	mov.f32 	%f42, 0f3DC021D5;
	fma.rn{ftz}.f32 	%f43, %f41, %f32, %f42;
	mov.f32 	%f44, 0fBDCED424;
	fma.rn{ftz}.f32 	%f45, %f43, %f32, %f44;
	mov.f32 	%f46, 0f3D8B74DE;
	fma.rn{ftz}.f32 	%f47, %f45, %f32, %f46;
	mov.f32 	%f48, 0f3C7BF170;
	fma.rn{ftz}.f32 	%f49, %f47, %f32, %f48;
	mov.f32 	%f50, 0fBE0EF8D4;
	fma.rn{ftz}.f32 	%f51, %f49, %f32, %f50;
	mov.f32 	%f52, 0f3F9DD2C9;
	fma.rn{ftz}.f32 	%f53, %f51, %f32, %f52;
	mov.f32 	%f54, 0f40000000;
	fma.rn{ftz}.f32 	%f55, %f54, %f1, %f28;
	rcp.approx.ftz.f32 	%f56, %f55;
	mul.rn{ftz}.f32 	%f57, %f53, %f56;
	mul.rn{ftz}.f32 	%f58, %f57, 0fC0000000;
	fma.rn{ftz}.f32 	%f59, %f1, %f58, %f53;
	sub.rn{ftz}.f32 	%f60, %f59, %f57;
	fma.rn{ftz}.f32 	%f84, %f60, %f56, %f57;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mul.rn{ftz}.f32 	%f8, %f1, 0f3E800000;
	mov.f32 	%f9, 0f3E800000;
	div.approx{ftz}.f32 	%f10, %f9, %f8;
	mul.rn{ftz}.f32 	%f11, %f10, %f10;
	mov.f32 	%f12, 0fBFF00000;
	mov.f32 	%f13, 0f40D20000;
	fma.rn{ftz}.f32 	%f14, %f13, %f11, %f12;
	mov.f32 	%f15, 0f3F400000;
	fma.rn{ftz}.f32 	%f16, %f14, %f11, %f15;
	mov.f32 	%f17, 0fBF000000;
	fma.rn{ftz}.f32 	%f18, %f16, %f11, %f17;
	mov.f32 	%f19, 0f3F800000;
	fma.rn{ftz}.f32 	%f20, %f18, %f11, %f19;
	mul.rn{ftz}.f32 	%f21, %f10, 0f3F106EBB;
	mul.rn{ftz}.f32 	%f84, %f21, %f20;

$L__BB0_3:
	setp.geu{ftz}.f32 	%p2, %f7, 0f00000000;
	@%p2 bra 	$L__BB0_5;

	mul.rz{ftz}.f32 	%f61, %f1, %f1;
	neg{ftz}.f32 	%f62, %f61;
	fma.rn{ftz}.f32 	%f63, %f1, %f1, %f62;
	mov.f32 	%f64, 0f3F000000;
	mov.f32 	%f65, 0f3BBB989D;
	fma.rn{ftz}.f32 	%f66, %f61, %f65, %f64;
	cvt{ftz}.sat.f32.f32 	%f67, %f66;
	mov.f32 	%f68, 0f4B400001;
	mov.f32 	%f69, 0f437C0000;
	fma.rm{ftz}.f32 	%f70, %f67, %f69, %f68;
	add.rn{ftz}.f32 	%f71, %f70, 0fCB40007F;
	neg{ftz}.f32 	%f72, %f71;
	mov.f32 	%f73, 0f3FB8AA3B;
	fma.rn{ftz}.f32 	%f74, %f61, %f73, %f72;
	mov.f32 	%f75, 0f32A57060;
	fma.rn{ftz}.f32 	%f76, %f61, %f75, %f74;
	mov.b32 	%r1, %f70;
	shl.b32 	%r2, %r1, 23;
	mov.b32 	%f77, %r2;
	ex2.approx.ftz.f32 	%f78, %f76;
	mul.rn{ftz}.f32 	%f79, %f78, %f77;
	add.rn{ftz}.f32 	%f80, %f79, %f79;
	fma.rn{ftz}.f32 	%f81, %f80, %f63, %f80;
	sub.rn{ftz}.f32 	%f82, %f81, %f84;
	setp.eq{ftz}.f32 	%p3, %f80, 0f7F800000;
	selp.f32 	%f84, %f80, %f82, %p3;

$L__BB0_5:
	st.param.b32 	[{ret}], %f84;
	ret;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfcx`: e^(x²)·erfc(x), as `erfcxf` in double precision.
pub(super) static ERFCX: Variants = Variants {
    base: "	ld.param.b64 	%fd11, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd11;
	}
	mov.b32 	%f2, %r1;
	abs{ftz}.f32 	%f3, %f2;
	setp.lt{ftz}.f32 	%p1, %f3, 0f40400000;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	{
	.reg .b32 %temp;
	mov.b64 	{%r5, %temp}, %fd11;
	}
	and.b32  	%r6, %r1, 2147483647;
	mov.b64 	%fd26, {%r5, %r6};
	add{rn}.f64 	%fd27, %fd26, 0dC010000000000000;
	mov.f64 	%fd28, 0dC010000000000000;
	add{rn}.f64 	%fd29, %fd26, 0d4010000000000000;
	rcp.approx.ftz.f64 	%fd30, %fd29;
	neg.f64 	%fd31, %fd29;
	mov.f64 	%fd32, 0d3FF0000000000000;
	fma.rn.f64 	%fd33, %fd31, %fd30, %fd32;
	fma.rn.f64 	%fd34, %fd33, %fd33, %fd33;
	fma.rn.f64 	%fd35, %fd34, %fd30, %fd30;
	mul{rn}.f64 	%fd36, %fd27, %fd35;
	add.rn.f64 	%fd37, %fd36, %fd32;
	fma.rn.f64 	%fd38, %fd28, %fd37, %fd26;
	neg.f64 	%fd39, %fd36;
	fma.rn.f64 	%fd40, %fd39, %fd26, %fd38;
	fma.rn.f64 	%fd41, %fd35, %fd40, %fd36;
	mov.f64 	%fd42, 0dBE44E1C6FD03D328;
	mov.f64 	%fd43, 0dBDF8774AD4E0BFD7;
	fma.rn.f64 	%fd44, %fd43, %fd41, %fd42;
	mov.f64 	%fd45, 0dBE4330149F7A56B6;
	fma.rn.f64 	%fd46, %fd44, %fd41, %fd45;
	mov.f64 	%fd47, 0d3E7BEDDED8376273;
	fma.rn.f64 	%fd48, %fd46, %fd41, %fd47;
	mov.f64 	%fd49, 0d3E6F9254C3ABF22B;
	fma.rn.f64 	%fd50, %fd48, %fd41, %fd49;
	mov.f64 	%fd51, 0dBEAB9068C2148CF0;
	fma.rn.f64 	%fd52, %fd50, %fd41, %fd51;
	mov.f64 	%fd53, 0d3E94C6454DB34009;
	fma.rn.f64 	%fd54, %fd52, %fd41, %fd53;
	mov.f64 	%fd55, 0d3ED7F1C378F2311D;
	fma.rn.f64 	%fd56, %fd54, %fd41, %fd55;
	mov.f64 	%fd57, 0dBEE78E051C6D5C58;
	fma.rn.f64 	%fd58, %fd56, %fd41, %fd57;
	mov.f64 	%fd59, 0dBEF995B4EAD14A90;
	fma.rn.f64 	%fd60, %fd58, %fd41, %fd59;
	mov.f64 	%fd61, 0d3F23BE27CF0A29B2;
	fma.rn.f64 	%fd62, %fd60, %fd41, %fd61;
	mov.f64 	%fd63, 0dBF2A1DEF3E81672E;
	fma.rn.f64 	%fd64, %fd62, %fd41, %fd63;
	mov.f64 	%fd65, 0dBF48D4ABE68C1713;
	fma.rn.f64 	%fd66, %fd64, %fd41, %fd65;
	mov.f64 	%fd67, 0d3F749C67210DD6B4;
	fma.rn.f64 	%fd68, %fd66, %fd41, %fd67;
	mov.f64 	%fd69, 0dBF9096238568E357;
	fma.rn.f64 	%fd70, %fd68, %fd41, %fd69;
	mov.f64 	%fd71, 0d3FA3079EDF8C2DC9;
	fma.rn.f64 	%fd72, %fd70, %fd41, %fd71;
	mov.f64 	%fd73, 0dBFB0FB06DFF601FC;
	fma.rn.f64 	%fd74, %fd72, %fd41, %fd73;
	mov.f64 	%fd75, 0d3FB7FEE004DFBCDC;
	fma.rn.f64 	%fd76, %fd74, %fd41, %fd75;
	mov.f64 	%fd77, 0dBFB9DDB23C3DB8C6;
	fma.rn.f64 	%fd78, %fd76, %fd41, %fd77;
	mov.f64 	%fd79, 0d3FB16ECEFCFA5FDA;
	fma.rn.f64 	%fd80, %fd78, %fd41, %fd79;
	mov.f64 	%fd81, 0d3F8F7F5DF66FB6D6;
	fma.rn.f64 	%fd82, %fd80, %fd41, %fd81;
	mov.f64 	%fd83, 0dBFC1DF1AD154A29D;
	fma.rn.f64 	%fd84, %fd82, %fd41, %fd83;
	mov.f64 	%fd85, 0d3FF3BA5916E9FD7F;
	fma.rn.f64 	%fd86, %fd84, %fd41, %fd85;
	mov.f64 	%fd87, 0d4000000000000000;
	fma.rn.f64 	%fd88, %fd87, %fd26, %fd32;
	rcp.approx.ftz.f64 	%fd89, %fd88;
	neg.f64 	%fd90, %fd88;
	fma.rn.f64 	%fd91, %fd90, %fd89, %fd32;
	fma.rn.f64 	%fd92, %fd91, %fd91, %fd91;
	fma.rn.f64 	%fd93, %fd92, %fd89, %fd89;
	mul{rn}.f64 	%fd94, %fd86, %fd93;
	mul{rn}.f64 	%fd95, %fd94, 0dC000000000000000;
	fma.rn.f64 	%fd96, %fd26, %fd95, %fd86;
	neg.f64 	%fd97, %fd94;
	add.rn.f64 	%fd98, %fd96, %fd97;
	fma.rn.f64 	%fd142, %fd98, %fd93, %fd94;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	rcp.rn.f64 	%fd12, %fd11;
	mov.f64 	%fd13, 0d3FF0000000000000;
	mul{rn}.f64 	%fd14, %fd12, %fd12;
	mov.f64 	%fd15, 0d401A400000000000;
	mov.f64 	%fd16, 0dC03D880000000000;
	fma.rn.f64 	%fd17, %fd16, %fd14, %fd15;
	mov.f64 	%fd18, 0dBFFE000000000000;
	fma.rn.f64 	%fd19, %fd17, %fd14, %fd18;
	mov.f64 	%fd20, 0d3FE8000000000000;
	fma.rn.f64 	%fd21, %fd19, %fd14, %fd20;
	mov.f64 	%fd22, 0dBFE0000000000000;
	fma.rn.f64 	%fd23, %fd21, %fd14, %fd22;
	fma.rn.f64 	%fd24, %fd23, %fd14, %fd13;
	mul{rn}.f64 	%fd25, %fd12, 0d3FE20DD750429B6D;
	mul{rn}.f64 	%fd142, %fd25, %fd24;

$L__BB0_3:
	ld.param.b64 	%fd137, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd137;
	}
	setp.gt.s32 	%p2, %r19, -1;
	@%p2 bra 	$L__BB0_8;

	ld.param.b64 	%fd138, [{p0}];
	mul{rn}.f64 	%fd4, %fd138, %fd138;
	mov.f64 	%fd99, 0d4338000000000000;
	mov.f64 	%fd100, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd101, %fd4, %fd100, %fd99;
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd101;
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
	mov.f64 	%fd127, 0d3FF0000000000000;
	fma.rn.f64 	%fd128, %fd126, %fd107, %fd127;
	fma.rn.f64 	%fd129, %fd128, %fd107, %fd127;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd129;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r4}, %fd129;
	}
	shl.b32 	%r7, %r2, 20;
	add.s32 	%r8, %r4, %r7;
	mov.b64 	%fd141, {%r3, %r8};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r9}, %fd4;
	}
	mov.b32 	%f4, %r9;
	abs{ftz}.f32 	%f1, %f4;
	setp.lt{ftz}.f32 	%p3, %f1, 0f4086232B;
	@%p3 bra 	$L__BB0_7;

	add{rn}.f64 	%fd141, %fd4, 0d7FF0000000000000;
	setp.geu{ftz}.f32 	%p4, %f1, 0f40874800;
	@%p4 bra 	$L__BB0_7;

	shr.u32 	%r10, %r2, 31;
	add.s32 	%r11, %r2, %r10;
	shr.s32 	%r12, %r11, 1;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r4, %r13;
	mov.b64 	%fd130, {%r3, %r14};
	sub.s32 	%r15, %r2, %r12;
	shl.b32 	%r16, %r15, 20;
	add.s32 	%r17, %r16, 1072693248;
	mov.u32 	%r18, 0;
	mov.b64 	%fd131, {%r18, %r17};
	mul{rn}.f64 	%fd141, %fd130, %fd131;

$L__BB0_7:
	ld.param.b64 	%fd139, [{p0}];
	add{rn}.f64 	%fd132, %fd141, %fd141;
	neg.f64 	%fd133, %fd4;
	fma.rn.f64 	%fd134, %fd139, %fd139, %fd133;
	fma.rn.f64 	%fd135, %fd132, %fd134, %fd132;
	sub{rn}.f64 	%fd136, %fd135, %fd142;
	setp.eq.f64 	%p5, %fd132, 0d7FF0000000000000;
	selp.f64 	%fd142, %fd132, %fd136, %p5;

$L__BB0_8:
	st.param.b64 	[{ret}], %fd142;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `norm3df`: √(a² + b² + c²) with the three scaled by a power of two from the largest's exponent, `sqrt.rn` (or `sqrt.approx`), scaled back; infinity wins over NaN.
pub(super) static NORM3DF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	ld.param.b32 	%f3, [{p2}];
	abs{ftz}.f32 	%f4, %f1;
	abs{ftz}.f32 	%f5, %f2;
	abs{ftz}.f32 	%f6, %f3;
	add{rn}{ftz}.f32 	%f7, %f4, %f5;
	add{rn}{ftz}.f32 	%f8, %f7, %f6;
	min{ftz}.f32 	%f9, %f4, %f5;
	max{ftz}.f32 	%f10, %f4, %f5;
	min{ftz}.f32 	%f11, %f10, %f6;
	max{ftz}.f32 	%f12, %f10, %f6;
	mov.b32 	%r1, %f12;
	and.b32  	%r2, %r1, -33554432;
	mov.u32 	%r3, 2122317824;
	sub.s32 	%r4, %r3, %r2;
	mov.b32 	%f13, %r4;
	mul{rn}{ftz}.f32 	%f14, %f11, %f13;
	mul{rn}{ftz}.f32 	%f15, %f9, %f13;
	mul{rn}{ftz}.f32 	%f16, %f12, %f13;
	mul{rn}{ftz}.f32 	%f17, %f14, %f14;
	fma.rn{ftz}.f32 	%f18, %f15, %f15, %f17;
	fma.rn{ftz}.f32 	%f19, %f16, %f16, %f18;
	sqrt.rn{ftz}.f32 	%f20, %f19;
	or.b32  	%r5, %r2, 8388608;
	mov.b32 	%f21, %r5;
	mul{rn}{ftz}.f32 	%f22, %f20, %f21;
	setp.gt{ftz}.f32 	%p1, %f8, %f12;
	selp.f32 	%f23, %f22, %f8, %p1;
	setp.eq{ftz}.f32 	%p2, %f12, 0f7F800000;
	selp.f32 	%f24, 0f7F800000, %f23, %p2;
	st.param.b32 	[{ret}], %f24;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	ld.param.b32 	%f3, [{p2}];
	abs{ftz}.f32 	%f4, %f1;
	abs{ftz}.f32 	%f5, %f2;
	abs{ftz}.f32 	%f6, %f3;
	add{rn}{ftz}.f32 	%f7, %f4, %f5;
	add{rn}{ftz}.f32 	%f8, %f7, %f6;
	min{ftz}.f32 	%f9, %f4, %f5;
	max{ftz}.f32 	%f10, %f4, %f5;
	min{ftz}.f32 	%f11, %f10, %f6;
	max{ftz}.f32 	%f12, %f10, %f6;
	mov.b32 	%r1, %f12;
	and.b32  	%r2, %r1, -33554432;
	mov.u32 	%r3, 2122317824;
	sub.s32 	%r4, %r3, %r2;
	mov.b32 	%f13, %r4;
	mul{rn}{ftz}.f32 	%f14, %f11, %f13;
	mul{rn}{ftz}.f32 	%f15, %f9, %f13;
	mul{rn}{ftz}.f32 	%f16, %f12, %f13;
	mul{rn}{ftz}.f32 	%f17, %f14, %f14;
	fma.rn{ftz}.f32 	%f18, %f15, %f15, %f17;
	fma.rn{ftz}.f32 	%f19, %f16, %f16, %f18;
	sqrt.approx{ftz}.f32 	%f20, %f19;
	or.b32  	%r5, %r2, 8388608;
	mov.b32 	%f21, %r5;
	mul{rn}{ftz}.f32 	%f22, %f20, %f21;
	setp.gt{ftz}.f32 	%p1, %f8, %f12;
	selp.f32 	%f23, %f22, %f8, %p1;
	setp.eq{ftz}.f32 	%p2, %f12, 0f7F800000;
	selp.f32 	%f24, 0f7F800000, %f23, %p2;
	st.param.b32 	[{ret}], %f24;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: Some(
        "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	ld.param.b32 	%f3, [{p2}];
	abs{ftz}.f32 	%f4, %f1;
	abs{ftz}.f32 	%f5, %f2;
	abs{ftz}.f32 	%f6, %f3;
	add{rn}{ftz}.f32 	%f7, %f4, %f5;
	add{rn}{ftz}.f32 	%f8, %f7, %f6;
	min{ftz}.f32 	%f9, %f4, %f5;
	max{ftz}.f32 	%f10, %f4, %f5;
	min{ftz}.f32 	%f11, %f10, %f6;
	max{ftz}.f32 	%f12, %f10, %f6;
	mov.b32 	%r1, %f12;
	and.b32  	%r2, %r1, -33554432;
	mov.u32 	%r3, 2122317824;
	sub.s32 	%r4, %r3, %r2;
	mov.b32 	%f13, %r4;
	mul{rn}{ftz}.f32 	%f14, %f11, %f13;
	mul{rn}{ftz}.f32 	%f15, %f9, %f13;
	mul{rn}{ftz}.f32 	%f16, %f12, %f13;
	mul{rn}{ftz}.f32 	%f17, %f14, %f14;
	fma.rn{ftz}.f32 	%f18, %f15, %f15, %f17;
	fma.rn{ftz}.f32 	%f19, %f16, %f16, %f18;
	sqrt.approx{ftz}.f32 	%f20, %f19;
	or.b32  	%r5, %r2, 8388608;
	mov.b32 	%f21, %r5;
	mul{rn}{ftz}.f32 	%f22, %f20, %f21;
	setp.gt{ftz}.f32 	%p1, %f8, %f12;
	selp.f32 	%f23, %f22, %f8, %p1;
	setp.eq{ftz}.f32 	%p2, %f12, 0f7F800000;
	selp.f32 	%f24, 0f7F800000, %f23, %p2;
	st.param.b32 	[{ret}], %f24;
	ret;
",
    ),
};

/// `norm3d`: √(a² + b² + c²), scaled as `norm3df`, in double precision.
pub(super) static NORM3D: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	ld.param.b64 	%fd3, [{p2}];
	abs.f64 	%fd4, %fd1;
	abs.f64 	%fd5, %fd2;
	abs.f64 	%fd6, %fd3;
	add{rn}.f64 	%fd7, %fd4, %fd5;
	add{rn}.f64 	%fd8, %fd7, %fd6;
	min.f64 	%fd9, %fd4, %fd5;
	max.f64 	%fd10, %fd4, %fd5;
	min.f64 	%fd11, %fd10, %fd6;
	max.f64 	%fd12, %fd10, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd12;
	}
	and.b32  	%r2, %r1, -4194304;
	mov.u32 	%r3, 2144337920;
	sub.s32 	%r4, %r3, %r2;
	mov.u32 	%r5, 0;
	mov.b64 	%fd13, {%r5, %r4};
	mul{rn}.f64 	%fd14, %fd11, %fd13;
	mul{rn}.f64 	%fd15, %fd9, %fd13;
	mul{rn}.f64 	%fd16, %fd12, %fd13;
	mul{rn}.f64 	%fd17, %fd14, %fd14;
	fma.rn.f64 	%fd18, %fd15, %fd15, %fd17;
	fma.rn.f64 	%fd19, %fd16, %fd16, %fd18;
	mov.f64 	%fd20, 0d7FEFFFFFFFFFFFFF;
	min.f64 	%fd21, %fd19, %fd20;
	rsqrt.approx.ftz.f64 	%fd22, %fd21;
	mul.rn.f64 	%fd23, %fd22, %fd22;
	neg.f64 	%fd24, %fd23;
	mov.f64 	%fd25, 0d3FF0000000000000;
	fma.rn.f64 	%fd26, %fd21, %fd24, %fd25;
	mov.f64 	%fd27, 0d3FE0000000000000;
	mov.f64 	%fd28, 0d3FD8000000000000;
	fma.rn.f64 	%fd29, %fd28, %fd26, %fd27;
	mul.rn.f64 	%fd30, %fd26, %fd22;
	fma.rn.f64 	%fd31, %fd29, %fd30, %fd22;
	mul{rn}.f64 	%fd32, %fd19, %fd31;
	or.b32  	%r6, %r2, 1048576;
	mov.b64 	%fd33, {%r5, %r6};
	mul{rn}.f64 	%fd34, %fd32, %fd33;
	setp.gt.f64 	%p1, %fd8, %fd12;
	selp.f64 	%fd35, %fd34, %fd8, %p1;
	mov.f64 	%fd36, 0d7FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd36;
	}
	setp.lt.u32 	%p2, %r1, %r7;
	selp.f64 	%fd37, %fd35, %fd12, %p2;
	st.param.b64 	[{ret}], %fd37;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rnorm3df`: 1/√(a² + b² + c²), scaled as `norm3df`, with `rsqrt.approx`.
pub(super) static RNORM3DF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	ld.param.b32 	%f3, [{p2}];
	abs{ftz}.f32 	%f4, %f1;
	abs{ftz}.f32 	%f5, %f2;
	abs{ftz}.f32 	%f6, %f3;
	add{rn}{ftz}.f32 	%f7, %f4, %f5;
	add{rn}{ftz}.f32 	%f8, %f7, %f6;
	min{ftz}.f32 	%f9, %f4, %f5;
	max{ftz}.f32 	%f10, %f4, %f5;
	min{ftz}.f32 	%f11, %f10, %f6;
	max{ftz}.f32 	%f12, %f10, %f6;
	mov.b32 	%r1, %f12;
	and.b32  	%r2, %r1, -33554432;
	mov.u32 	%r3, 2122317824;
	sub.s32 	%r4, %r3, %r2;
	mov.b32 	%f13, %r4;
	mul{rn}{ftz}.f32 	%f14, %f11, %f13;
	mul{rn}{ftz}.f32 	%f15, %f9, %f13;
	mul{rn}{ftz}.f32 	%f16, %f12, %f13;
	mul{rn}{ftz}.f32 	%f17, %f14, %f14;
	fma.rn{ftz}.f32 	%f18, %f15, %f15, %f17;
	fma.rn{ftz}.f32 	%f19, %f16, %f16, %f18;
	rsqrt.approx{ftz}.f32 	%f20, %f19;
	mul{rn}{ftz}.f32 	%f21, %f20, %f13;
	abs{ftz}.f32 	%f22, %f8;
	setp.gtu{ftz}.f32 	%p1, %f22, 0f7F800000;
	selp.f32 	%f23, %f8, %f21, %p1;
	setp.eq{ftz}.f32 	%p2, %f12, 0f7F800000;
	selp.f32 	%f24, 0f00000000, %f23, %p2;
	st.param.b32 	[{ret}], %f24;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rnorm3d`: 1/√(a² + b² + c²), scaled, with a refined `rsqrt.approx.f64`.
pub(super) static RNORM3D: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	ld.param.b64 	%fd2, [{p1}];
	ld.param.b64 	%fd3, [{p2}];
	abs.f64 	%fd4, %fd1;
	abs.f64 	%fd5, %fd2;
	abs.f64 	%fd6, %fd3;
	add{rn}.f64 	%fd7, %fd4, %fd5;
	add{rn}.f64 	%fd8, %fd7, %fd6;
	min.f64 	%fd9, %fd4, %fd5;
	max.f64 	%fd10, %fd4, %fd5;
	min.f64 	%fd11, %fd10, %fd6;
	max.f64 	%fd12, %fd10, %fd6;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd12;
	}
	and.b32  	%r2, %r1, -4194304;
	mov.u32 	%r3, 2144337920;
	sub.s32 	%r4, %r3, %r2;
	mov.u32 	%r5, 0;
	mov.b64 	%fd13, {%r5, %r4};
	mul{rn}.f64 	%fd14, %fd11, %fd13;
	mul{rn}.f64 	%fd15, %fd9, %fd13;
	mul{rn}.f64 	%fd16, %fd12, %fd13;
	mul{rn}.f64 	%fd17, %fd14, %fd14;
	fma.rn.f64 	%fd18, %fd15, %fd15, %fd17;
	fma.rn.f64 	%fd19, %fd16, %fd16, %fd18;
	rsqrt.approx.ftz.f64 	%fd20, %fd19;
	mul.rn.f64 	%fd21, %fd20, %fd20;
	neg.f64 	%fd22, %fd21;
	mov.f64 	%fd23, 0d3FF0000000000000;
	fma.rn.f64 	%fd24, %fd19, %fd22, %fd23;
	mov.f64 	%fd25, 0d3FE0000000000000;
	mov.f64 	%fd26, 0d3FD8000000000000;
	fma.rn.f64 	%fd27, %fd26, %fd24, %fd25;
	mul.rn.f64 	%fd28, %fd24, %fd20;
	fma.rn.f64 	%fd29, %fd27, %fd28, %fd20;
	mul{rn}.f64 	%fd30, %fd13, %fd29;
	setp.gt.f64 	%p1, %fd8, 0d0000000000000000;
	add{rn}.f64 	%fd31, %fd8, 0d7FF0000000000000;
	selp.f64 	%fd32, %fd30, %fd31, %p1;
	setp.eq.f64 	%p2, %fd12, 0d7FF0000000000000;
	selp.f64 	%fd33, 0d0000000000000000, %fd32, %p2;
	st.param.b64 	[{ret}], %fd33;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
