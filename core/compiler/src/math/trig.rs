//! Trigonometric functions, single precision, and their fast intrinsics.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `sinf`: x = q·π/2 + r with r from three `fma`s (π/2 in three parts) for |x| < 105615; beyond, a Payne–Hanek reduction multiplies x's mantissa by 192 bits of 2/π (a table) in a local-memory buffer and converts the product's top bits through double; ±inf gives NaN (x·0). Then the sine or cosine polynomial on r by q's low bit, negated by q's second bit. Fast math: `sin.approx.ftz`.
pub(super) static SINF: Variants = Variants {
    base: "	.local .align 4 .b8 	__local_depot0[28];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;


	mov.u64 	%SPL, __local_depot0;
	ld.param.b32 	%f13, [{p0}];
	add.u64 	%rd1, %SPL, 0;
	mul{rn}{ftz}.f32 	%f14, %f13, 0f3F22F983;
	cvt.rni{ftz}.s32.f32 	%r53, %f14;
	cvt.rn.f32.s32 	%f15, %r53;
	mov.f32 	%f16, 0fBFC90FDA;
	fma.rn{ftz}.f32 	%f17, %f15, %f16, %f13;
	mov.f32 	%f18, 0fB3A22168;
	fma.rn{ftz}.f32 	%f19, %f15, %f18, %f17;
	mov.f32 	%f20, 0fA7C234C5;
	fma.rn{ftz}.f32 	%f35, %f15, %f20, %f19;
	abs{ftz}.f32 	%f2, %f13;
	setp.ltu{ftz}.f32 	%p1, %f2, 0f47CE4780;
	@%p1 bra 	$L__BB0_8;

	setp.eq{ftz}.f32 	%p2, %f2, 0f7F800000;
	@%p2 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	mov.f32 	%f23, 0f00000000;
	mul.rn{ftz}.f32 	%f35, %f13, %f23;
	mov.u32 	%r53, 0;
	bra.uni 	$L__BB0_8;

$L__BB0_2:
	mov.b32 	%r2, %f13;
	shr.u32 	%r20, %r2, 23;
	and.b32  	%r21, %r20, 255;
	add.s32 	%r3, %r21, -128;
	shl.b32 	%r22, %r2, 8;
	or.b32  	%r4, %r22, -2147483648;
	shr.u32 	%r5, %r3, 5;
	mov.u64 	%rd23, 0;
	mov.u32 	%r50, 0;
	mov.u64 	%rd22, {i2opi_f};
	mov.u64 	%rd21, %rd1;

$L__BB0_3:
	.pragma \"nounroll\";
	ld.global.nc.u32 	%r23, [%rd22];
	mad.wide.u32 	%rd12, %r23, %r4, %rd23;
	shr.u64 	%rd23, %rd12, 32;
	st.local.u32 	[%rd21], %rd12;
	add.s64 	%rd22, %rd22, 4;
	add.s64 	%rd21, %rd21, 4;
	add.s32 	%r50, %r50, 1;
	setp.ne.s32 	%p3, %r50, 6;
	@%p3 bra 	$L__BB0_3;

	st.local.u32 	[%rd1+24], %rd23;
	mov.u32 	%r24, 4;
	sub.s32 	%r8, %r24, %r5;
	mov.u32 	%r25, 6;
	sub.s32 	%r26, %r25, %r5;
	mul.wide.s32 	%rd13, %r26, 4;
	add.s64 	%rd14, %rd1, %rd13;
	ld.local.u32 	%r51, [%rd14];
	ld.local.u32 	%r52, [%rd14+-4];
	and.b32  	%r11, %r3, 31;
	setp.eq.s32 	%p4, %r11, 0;
	@%p4 bra 	$L__BB0_6;

	mov.u32 	%r27, 32;
	sub.s32 	%r28, %r27, %r11;
	shr.u32 	%r29, %r52, %r28;
	shl.b32 	%r30, %r51, %r11;
	add.s32 	%r51, %r29, %r30;
	mul.wide.s32 	%rd15, %r8, 4;
	add.s64 	%rd16, %rd1, %rd15;
	ld.local.u32 	%r31, [%rd16];
	shr.u32 	%r32, %r31, %r28;
	shl.b32 	%r33, %r52, %r11;
	add.s32 	%r52, %r32, %r33;

$L__BB0_6:
	and.b32  	%r34, %r2, -2147483648;
	shr.u32 	%r35, %r52, 30;
	shl.b32 	%r36, %r51, 2;
	or.b32  	%r37, %r35, %r36;
	shr.u32 	%r38, %r37, 31;
	shr.u32 	%r39, %r51, 30;
	add.s32 	%r40, %r38, %r39;
	neg.s32 	%r41, %r40;
	setp.eq.s32 	%p5, %r34, 0;
	selp.b32 	%r53, %r40, %r41, %p5;
	setp.ne.s32 	%p6, %r38, 0;
	xor.b32  	%r42, %r34, -2147483648;
	selp.b32 	%r43, %r42, %r34, %p6;
	selp.b32 	%r44, -1, 0, %p6;
	xor.b32  	%r45, %r37, %r44;
	shl.b32 	%r46, %r52, 2;
	xor.b32  	%r47, %r46, %r44;
	cvt.u64.u32 	%rd17, %r45;
	cvt.u64.u32 	%rd18, %r47;
	bfi.b64 	%rd19, %rd17, %rd18, 32, 32;
	cvt.rn.f64.s64 	%fd1, %rd19;
	mul{rn}.f64 	%fd2, %fd1, 0d3BF921FB54442D19;
	cvt.rn{ftz}.f32.f64 	%f21, %fd2;
	setp.eq.s32 	%p7, %r43, 0;
	neg{ftz}.f32 	%f22, %f21;
	selp.f32 	%f35, %f21, %f22, %p7;

$L__BB0_8:
	and.b32  	%r18, %r53, 1;
	setp.eq.s32 	%p8, %r18, 0;
	selp.f32 	%f6, %f35, 0f3F800000, %p8;
	mul.rn{ftz}.f32 	%f7, %f35, %f35;
	mov.f32 	%f36, 0fB94D4153;
	@%p8 bra 	$L__BB0_10;

	mov.f32 	%f25, 0fBAB607ED;
	mov.f32 	%f26, 0f37CBAC00;
	fma.rn{ftz}.f32 	%f36, %f26, %f7, %f25;

$L__BB0_10:
	selp.f32 	%f27, 0f3C0885E4, 0f3D2AAABB, %p8;
	fma.rn{ftz}.f32 	%f28, %f36, %f7, %f27;
	selp.f32 	%f29, 0fBE2AAAA8, 0fBEFFFFFF, %p8;
	fma.rn{ftz}.f32 	%f30, %f28, %f7, %f29;
	mov.f32 	%f31, 0f00000000;
	fma.rn{ftz}.f32 	%f32, %f7, %f6, %f31;
	fma.rn{ftz}.f32 	%f37, %f30, %f32, %f6;
	and.b32  	%r49, %r53, 2;
	setp.eq.s32 	%p10, %r49, 0;
	@%p10 bra 	$L__BB0_12;

	mov.f32 	%f34, 0fBF800000;
	fma.rn{ftz}.f32 	%f37, %f37, %f34, %f31;

$L__BB0_12:
	st.param.b32 	[{ret}], %f37;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cosf`: the reduction of `sinf`, with the quadrant advanced by one. Fast math: `cos.approx.ftz`.
pub(super) static COSF: Variants = Variants {
    base: "	.local .align 4 .b8 	__local_depot0[28];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;


	mov.u64 	%SPL, __local_depot0;
	ld.param.b32 	%f13, [{p0}];
	add.u64 	%rd1, %SPL, 0;
	mul{rn}{ftz}.f32 	%f14, %f13, 0f3F22F983;
	cvt.rni{ftz}.s32.f32 	%r54, %f14;
	cvt.rn.f32.s32 	%f15, %r54;
	mov.f32 	%f16, 0fBFC90FDA;
	fma.rn{ftz}.f32 	%f17, %f15, %f16, %f13;
	mov.f32 	%f18, 0fB3A22168;
	fma.rn{ftz}.f32 	%f19, %f15, %f18, %f17;
	mov.f32 	%f20, 0fA7C234C5;
	fma.rn{ftz}.f32 	%f35, %f15, %f20, %f19;
	abs{ftz}.f32 	%f2, %f13;
	setp.ltu{ftz}.f32 	%p1, %f2, 0f47CE4780;
	@%p1 bra 	$L__BB0_8;

	setp.eq{ftz}.f32 	%p2, %f2, 0f7F800000;
	@%p2 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	mov.f32 	%f23, 0f00000000;
	mul.rn{ftz}.f32 	%f35, %f13, %f23;
	mov.u32 	%r54, 0;
	bra.uni 	$L__BB0_8;

$L__BB0_2:
	mov.b32 	%r2, %f13;
	shr.u32 	%r21, %r2, 23;
	and.b32  	%r22, %r21, 255;
	add.s32 	%r3, %r22, -128;
	shl.b32 	%r23, %r2, 8;
	or.b32  	%r4, %r23, -2147483648;
	shr.u32 	%r5, %r3, 5;
	mov.u64 	%rd23, 0;
	mov.u32 	%r51, 0;
	mov.u64 	%rd22, {i2opi_f};
	mov.u64 	%rd21, %rd1;

$L__BB0_3:
	.pragma \"nounroll\";
	ld.global.nc.u32 	%r24, [%rd22];
	mad.wide.u32 	%rd12, %r24, %r4, %rd23;
	shr.u64 	%rd23, %rd12, 32;
	st.local.u32 	[%rd21], %rd12;
	add.s64 	%rd22, %rd22, 4;
	add.s64 	%rd21, %rd21, 4;
	add.s32 	%r51, %r51, 1;
	setp.ne.s32 	%p3, %r51, 6;
	@%p3 bra 	$L__BB0_3;

	st.local.u32 	[%rd1+24], %rd23;
	mov.u32 	%r25, 4;
	sub.s32 	%r8, %r25, %r5;
	mov.u32 	%r26, 6;
	sub.s32 	%r27, %r26, %r5;
	mul.wide.s32 	%rd13, %r27, 4;
	add.s64 	%rd14, %rd1, %rd13;
	ld.local.u32 	%r52, [%rd14];
	ld.local.u32 	%r53, [%rd14+-4];
	and.b32  	%r11, %r3, 31;
	setp.eq.s32 	%p4, %r11, 0;
	@%p4 bra 	$L__BB0_6;

	mov.u32 	%r28, 32;
	sub.s32 	%r29, %r28, %r11;
	shr.u32 	%r30, %r53, %r29;
	shl.b32 	%r31, %r52, %r11;
	add.s32 	%r52, %r30, %r31;
	mul.wide.s32 	%rd15, %r8, 4;
	add.s64 	%rd16, %rd1, %rd15;
	ld.local.u32 	%r32, [%rd16];
	shr.u32 	%r33, %r32, %r29;
	shl.b32 	%r34, %r53, %r11;
	add.s32 	%r53, %r33, %r34;

$L__BB0_6:
	and.b32  	%r35, %r2, -2147483648;
	shr.u32 	%r36, %r53, 30;
	shl.b32 	%r37, %r52, 2;
	or.b32  	%r38, %r36, %r37;
	shr.u32 	%r39, %r38, 31;
	shr.u32 	%r40, %r52, 30;
	add.s32 	%r41, %r39, %r40;
	neg.s32 	%r42, %r41;
	setp.eq.s32 	%p5, %r35, 0;
	selp.b32 	%r54, %r41, %r42, %p5;
	setp.ne.s32 	%p6, %r39, 0;
	xor.b32  	%r43, %r35, -2147483648;
	selp.b32 	%r44, %r43, %r35, %p6;
	selp.b32 	%r45, -1, 0, %p6;
	xor.b32  	%r46, %r38, %r45;
	shl.b32 	%r47, %r53, 2;
	xor.b32  	%r48, %r47, %r45;
	cvt.u64.u32 	%rd17, %r46;
	cvt.u64.u32 	%rd18, %r48;
	bfi.b64 	%rd19, %rd17, %rd18, 32, 32;
	cvt.rn.f64.s64 	%fd1, %rd19;
	mul{rn}.f64 	%fd2, %fd1, 0d3BF921FB54442D19;
	cvt.rn{ftz}.f32.f64 	%f21, %fd2;
	setp.eq.s32 	%p7, %r44, 0;
	neg{ftz}.f32 	%f22, %f21;
	selp.f32 	%f35, %f21, %f22, %p7;

$L__BB0_8:
	add.s32 	%r18, %r54, 1;
	and.b32  	%r19, %r18, 1;
	setp.eq.s32 	%p8, %r19, 0;
	selp.f32 	%f6, %f35, 0f3F800000, %p8;
	mul.rn{ftz}.f32 	%f7, %f35, %f35;
	mov.f32 	%f36, 0fB94D4153;
	@%p8 bra 	$L__BB0_10;

	mov.f32 	%f25, 0fBAB607ED;
	mov.f32 	%f26, 0f37CBAC00;
	fma.rn{ftz}.f32 	%f36, %f26, %f7, %f25;

$L__BB0_10:
	selp.f32 	%f27, 0f3C0885E4, 0f3D2AAABB, %p8;
	fma.rn{ftz}.f32 	%f28, %f36, %f7, %f27;
	selp.f32 	%f29, 0fBE2AAAA8, 0fBEFFFFFF, %p8;
	fma.rn{ftz}.f32 	%f30, %f28, %f7, %f29;
	mov.f32 	%f31, 0f00000000;
	fma.rn{ftz}.f32 	%f32, %f7, %f6, %f31;
	fma.rn{ftz}.f32 	%f37, %f30, %f32, %f6;
	and.b32  	%r50, %r18, 2;
	setp.eq.s32 	%p10, %r50, 0;
	@%p10 bra 	$L__BB0_12;

	mov.f32 	%f34, 0fBF800000;
	fma.rn{ftz}.f32 	%f37, %f37, %f34, %f31;

$L__BB0_12:
	st.param.b32 	[{ret}], %f37;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	cos.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `tanf`: the reduction of `sinf`, then a polynomial for tan(r) and, in odd quadrants, −1/tan(r) (an IEEE-rounded reciprocal built from `rcp.approx` and `fma` refinements). Fast math: `__tanf` (`sin.approx`/`cos.approx` divided).
pub(super) static TANF: Variants = Variants {
    base: "	.local .align 4 .b8 	__local_depot0[28];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;


	mov.u64 	%SPL, __local_depot0;
	ld.param.b32 	%f6, [{p0}];
	add.u64 	%rd1, %SPL, 0;
	mul{rn}{ftz}.f32 	%f7, %f6, 0f3F22F983;
	cvt.rni{ftz}.s32.f32 	%r52, %f7;
	cvt.rn.f32.s32 	%f8, %r52;
	mov.f32 	%f9, 0fBFC90FDA;
	fma.rn{ftz}.f32 	%f10, %f8, %f9, %f6;
	mov.f32 	%f11, 0fB3A22168;
	fma.rn{ftz}.f32 	%f12, %f8, %f11, %f10;
	mov.f32 	%f13, 0fA7C234C5;
	fma.rn{ftz}.f32 	%f36, %f8, %f13, %f12;
	abs{ftz}.f32 	%f2, %f6;
	setp.ltu{ftz}.f32 	%p1, %f2, 0f47CE4780;
	@%p1 bra 	$L__BB0_8;

	setp.eq{ftz}.f32 	%p2, %f2, 0f7F800000;
	@%p2 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	mov.f32 	%f16, 0f00000000;
	mul.rn{ftz}.f32 	%f36, %f6, %f16;
	mov.u32 	%r52, 0;
	bra.uni 	$L__BB0_8;

$L__BB0_2:
	mov.b32 	%r2, %f6;
	shr.u32 	%r19, %r2, 23;
	and.b32  	%r20, %r19, 255;
	add.s32 	%r3, %r20, -128;
	shl.b32 	%r21, %r2, 8;
	or.b32  	%r4, %r21, -2147483648;
	shr.u32 	%r5, %r3, 5;
	mov.u64 	%rd23, 0;
	mov.u32 	%r49, 0;
	mov.u64 	%rd22, {i2opi_f};
	mov.u64 	%rd21, %rd1;

$L__BB0_3:
	.pragma \"nounroll\";
	ld.global.nc.u32 	%r22, [%rd22];
	mad.wide.u32 	%rd12, %r22, %r4, %rd23;
	shr.u64 	%rd23, %rd12, 32;
	st.local.u32 	[%rd21], %rd12;
	add.s64 	%rd22, %rd22, 4;
	add.s64 	%rd21, %rd21, 4;
	add.s32 	%r49, %r49, 1;
	setp.ne.s32 	%p3, %r49, 6;
	@%p3 bra 	$L__BB0_3;

	st.local.u32 	[%rd1+24], %rd23;
	mov.u32 	%r23, 4;
	sub.s32 	%r8, %r23, %r5;
	mov.u32 	%r24, 6;
	sub.s32 	%r25, %r24, %r5;
	mul.wide.s32 	%rd13, %r25, 4;
	add.s64 	%rd14, %rd1, %rd13;
	ld.local.u32 	%r50, [%rd14];
	ld.local.u32 	%r51, [%rd14+-4];
	and.b32  	%r11, %r3, 31;
	setp.eq.s32 	%p4, %r11, 0;
	@%p4 bra 	$L__BB0_6;

	mov.u32 	%r26, 32;
	sub.s32 	%r27, %r26, %r11;
	shr.u32 	%r28, %r51, %r27;
	shl.b32 	%r29, %r50, %r11;
	add.s32 	%r50, %r28, %r29;
	mul.wide.s32 	%rd15, %r8, 4;
	add.s64 	%rd16, %rd1, %rd15;
	ld.local.u32 	%r30, [%rd16];
	shr.u32 	%r31, %r30, %r27;
	shl.b32 	%r32, %r51, %r11;
	add.s32 	%r51, %r31, %r32;

$L__BB0_6:
	and.b32  	%r33, %r2, -2147483648;
	shr.u32 	%r34, %r51, 30;
	shl.b32 	%r35, %r50, 2;
	or.b32  	%r36, %r34, %r35;
	shr.u32 	%r37, %r36, 31;
	shr.u32 	%r38, %r50, 30;
	add.s32 	%r39, %r37, %r38;
	neg.s32 	%r40, %r39;
	setp.eq.s32 	%p5, %r33, 0;
	selp.b32 	%r52, %r39, %r40, %p5;
	setp.ne.s32 	%p6, %r37, 0;
	xor.b32  	%r41, %r33, -2147483648;
	selp.b32 	%r42, %r41, %r33, %p6;
	selp.b32 	%r43, -1, 0, %p6;
	xor.b32  	%r44, %r36, %r43;
	shl.b32 	%r45, %r51, 2;
	xor.b32  	%r46, %r45, %r43;
	cvt.u64.u32 	%rd17, %r44;
	cvt.u64.u32 	%rd18, %r46;
	bfi.b64 	%rd19, %rd17, %rd18, 32, 32;
	cvt.rn.f64.s64 	%fd1, %rd19;
	mul{rn}.f64 	%fd2, %fd1, 0d3BF921FB54442D19;
	cvt.rn{ftz}.f32.f64 	%f14, %fd2;
	setp.eq.s32 	%p7, %r42, 0;
	neg{ftz}.f32 	%f15, %f14;
	selp.f32 	%f36, %f14, %f15, %p7;

$L__BB0_8:
	mul{rn}{ftz}.f32 	%f17, %f36, %f36;
	mov.f32 	%f18, 0f3B560000;
	mov.f32 	%f19, 0f3C190000;
	fma.rn{ftz}.f32 	%f20, %f19, %f17, %f18;
	mov.f32 	%f21, 0f3CC70000;
	fma.rn{ftz}.f32 	%f22, %f20, %f17, %f21;
	mov.f32 	%f23, 0f3D5B0000;
	fma.rn{ftz}.f32 	%f24, %f22, %f17, %f23;
	mov.f32 	%f25, 0f3E089438;
	fma.rn{ftz}.f32 	%f26, %f24, %f17, %f25;
	mov.f32 	%f27, 0f3EAAAA88;
	fma.rn{ftz}.f32 	%f28, %f26, %f17, %f27;
	mul.rn{ftz}.f32 	%f29, %f17, %f36;
	fma.rn{ftz}.f32 	%f30, %f28, %f29, %f36;
	abs{ftz}.f32 	%f31, %f36;
	setp.eq{ftz}.f32 	%p8, %f31, 0f3A00B43C;
	selp.f32 	%f32, %f36, %f30, %p8;
	and.b32  	%r48, %r52, 1;
	setp.eq.b32 	%p9, %r48, 1;
	neg{ftz}.f32 	%f33, %f32;
	rcp.approx.ftz.f32 	%f34, %f33;
	selp.f32 	%f35, %f34, %f32, %p9;
	st.param.b32 	[{ret}], %f35;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	cos.approx{ftz}.f32 	%f3, %f1;
	div.approx{ftz}.f32 	%f4, %f2, %f3;
	st.param.b32 	[{ret}], %f4;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sincosf`: one reduction as in `sinf`, then both polynomials: the sine and the cosine of x as its two results. Fast math: `sin.approx.ftz` and `cos.approx.ftz`.
pub(super) static SINCOSF: Variants = Variants {
    base: "	.local .align 4 .b8 	__local_depot0[28];
	.reg .b64 	%SP;
	.reg .b64 	%SPL;


	mov.u64 	%SPL, __local_depot0;
	ld.param.b32 	%f6, [{p0}];
	add.u64 	%rd1, %SPL, 0;
	mul{rn}{ftz}.f32 	%f7, %f6, 0f3F22F983;
	cvt.rni{ftz}.s32.f32 	%r55, %f7;
	cvt.rn.f32.s32 	%f8, %r55;
	mov.f32 	%f9, 0fBFC90FDA;
	fma.rn{ftz}.f32 	%f10, %f8, %f9, %f6;
	mov.f32 	%f11, 0fB3A22168;
	fma.rn{ftz}.f32 	%f12, %f8, %f11, %f10;
	mov.f32 	%f13, 0fA7C234C5;
	fma.rn{ftz}.f32 	%f41, %f8, %f13, %f12;
	abs{ftz}.f32 	%f2, %f6;
	setp.ltu{ftz}.f32 	%p1, %f2, 0f47CE4780;
	@%p1 bra 	$L__BB0_8;

	setp.eq{ftz}.f32 	%p2, %f2, 0f7F800000;
	@%p2 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	mov.f32 	%f16, 0f00000000;
	mul.rn{ftz}.f32 	%f41, %f6, %f16;
	mov.u32 	%r55, 0;
	bra.uni 	$L__BB0_8;

$L__BB0_2:
	mov.b32 	%r2, %f6;
	shr.u32 	%r19, %r2, 23;
	and.b32  	%r20, %r19, 255;
	add.s32 	%r3, %r20, -128;
	shl.b32 	%r21, %r2, 8;
	or.b32  	%r4, %r21, -2147483648;
	shr.u32 	%r5, %r3, 5;
	mov.u64 	%rd25, 0;
	mov.u32 	%r52, 0;
	mov.u64 	%rd24, {i2opi_f};
	mov.u64 	%rd23, %rd1;

$L__BB0_3:
	.pragma \"nounroll\";
	ld.global.nc.u32 	%r22, [%rd24];
	mad.wide.u32 	%rd13, %r22, %r4, %rd25;
	shr.u64 	%rd25, %rd13, 32;
	st.local.u32 	[%rd23], %rd13;
	add.s64 	%rd24, %rd24, 4;
	add.s64 	%rd23, %rd23, 4;
	add.s32 	%r52, %r52, 1;
	setp.ne.s32 	%p3, %r52, 6;
	@%p3 bra 	$L__BB0_3;

	st.local.u32 	[%rd1+24], %rd25;
	mov.u32 	%r23, 4;
	sub.s32 	%r8, %r23, %r5;
	mov.u32 	%r24, 6;
	sub.s32 	%r25, %r24, %r5;
	mul.wide.s32 	%rd14, %r25, 4;
	add.s64 	%rd15, %rd1, %rd14;
	ld.local.u32 	%r53, [%rd15];
	ld.local.u32 	%r54, [%rd15+-4];
	and.b32  	%r11, %r3, 31;
	setp.eq.s32 	%p4, %r11, 0;
	@%p4 bra 	$L__BB0_6;

	mov.u32 	%r26, 32;
	sub.s32 	%r27, %r26, %r11;
	shr.u32 	%r28, %r54, %r27;
	shl.b32 	%r29, %r53, %r11;
	add.s32 	%r53, %r28, %r29;
	mul.wide.s32 	%rd16, %r8, 4;
	add.s64 	%rd17, %rd1, %rd16;
	ld.local.u32 	%r30, [%rd17];
	shr.u32 	%r31, %r30, %r27;
	shl.b32 	%r32, %r54, %r11;
	add.s32 	%r54, %r31, %r32;

$L__BB0_6:
	and.b32  	%r33, %r2, -2147483648;
	shr.u32 	%r34, %r54, 30;
	shl.b32 	%r35, %r53, 2;
	or.b32  	%r36, %r34, %r35;
	shr.u32 	%r37, %r36, 31;
	shr.u32 	%r38, %r53, 30;
	add.s32 	%r39, %r37, %r38;
	neg.s32 	%r40, %r39;
	setp.eq.s32 	%p5, %r33, 0;
	selp.b32 	%r55, %r39, %r40, %p5;
	setp.ne.s32 	%p6, %r37, 0;
	xor.b32  	%r41, %r33, -2147483648;
	selp.b32 	%r42, %r41, %r33, %p6;
	selp.b32 	%r43, -1, 0, %p6;
	xor.b32  	%r44, %r36, %r43;
	shl.b32 	%r45, %r54, 2;
	xor.b32  	%r46, %r45, %r43;
	cvt.u64.u32 	%rd18, %r44;
	cvt.u64.u32 	%rd19, %r46;
	bfi.b64 	%rd20, %rd18, %rd19, 32, 32;
	cvt.rn.f64.s64 	%fd1, %rd20;
	mul{rn}.f64 	%fd2, %fd1, 0d3BF921FB54442D19;
	cvt.rn{ftz}.f32.f64 	%f14, %fd2;
	setp.eq.s32 	%p7, %r42, 0;
	neg{ftz}.f32 	%f15, %f14;
	selp.f32 	%f41, %f14, %f15, %p7;

$L__BB0_8:
	mul{rn}{ftz}.f32 	%f17, %f41, %f41;
	mov.f32 	%f18, 0fBAB607ED;
	mov.f32 	%f19, 0f37CBAC00;
	fma.rn{ftz}.f32 	%f20, %f19, %f17, %f18;
	mov.f32 	%f21, 0f3D2AAABB;
	fma.rn{ftz}.f32 	%f22, %f20, %f17, %f21;
	mov.f32 	%f23, 0fBEFFFFFF;
	fma.rn{ftz}.f32 	%f24, %f22, %f17, %f23;
	mov.f32 	%f25, 0f3F800000;
	fma.rn{ftz}.f32 	%f26, %f24, %f17, %f25;
	mov.f32 	%f27, 0f00000000;
	fma.rn{ftz}.f32 	%f28, %f17, %f41, %f27;
	mov.f32 	%f29, 0f3C0885E4;
	mov.f32 	%f30, 0fB94D4153;
	fma.rn{ftz}.f32 	%f31, %f30, %f17, %f29;
	mov.f32 	%f32, 0fBE2AAAA8;
	fma.rn{ftz}.f32 	%f33, %f31, %f17, %f32;
	fma.rn{ftz}.f32 	%f34, %f33, %f28, %f41;
	and.b32  	%r48, %r55, 1;
	setp.eq.b32 	%p8, %r48, 1;
	selp.f32 	%f35, %f26, %f34, %p8;
	selp.f32 	%f36, %f34, %f26, %p8;
	and.b32  	%r49, %r55, 2;
	setp.eq.s32 	%p9, %r49, 0;
	neg{ftz}.f32 	%f37, %f35;
	selp.f32 	%f38, %f35, %f37, %p9;
	add.s32 	%r50, %r55, 1;
	and.b32  	%r51, %r50, 2;
	setp.eq.s32 	%p10, %r51, 0;
	neg{ftz}.f32 	%f39, %f36;
	selp.f32 	%f40, %f36, %f39, %p10;
	st.param.b32 	[{ret}], %f38;
	st.param.b32 	[{ret1}], %f40;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	cos.approx{ftz}.f32 	%f3, %f1;
	st.param.b32 	[{ret1}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `asinf`: for |x| > 0.57 the identity asin(x) = π/2 − 2·asin(√((1−|x|)/2)) (the square root through `sqrt.rn`), otherwise x·(1 + x²·P(x²)), with the sign restored from x.
pub(super) static ASINF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	neg{ftz}.f32 	%f3, %f2;
	mov.f32 	%f4, 0f3F000000;
	fma.rn{ftz}.f32 	%f5, %f4, %f3, %f4;
	rsqrt.approx.ftz.f32 	%f6, %f5;
	mul{rn}{ftz}.f32 	%f7, %f5, %f6;
	mul{rn}{ftz}.f32 	%f8, %f6, 0f3F000000;
	neg{ftz}.f32 	%f9, %f7;
	fma.rn{ftz}.f32 	%f10, %f9, %f8, %f4;
	fma.rn{ftz}.f32 	%f11, %f7, %f10, %f7;
	setp.eq{ftz}.f32 	%p1, %f2, 0f3F800000;
	selp.f32 	%f12, 0f00000000, %f11, %p1;
	setp.gt{ftz}.f32 	%p2, %f2, 0f3F0F5C29;
	selp.f32 	%f13, %f12, %f2, %p2;
	mul{rn}{ftz}.f32 	%f14, %f13, %f13;
	mov.f32 	%f15, 0f3C99CA97;
	mov.f32 	%f16, 0f3D4DD2F7;
	fma.rn{ftz}.f32 	%f17, %f16, %f14, %f15;
	mov.f32 	%f18, 0f3D3F90E8;
	fma.rn{ftz}.f32 	%f19, %f17, %f14, %f18;
	mov.f32 	%f20, 0f3D993CCF;
	fma.rn{ftz}.f32 	%f21, %f19, %f14, %f20;
	mov.f32 	%f22, 0f3E2AAC04;
	fma.rn{ftz}.f32 	%f23, %f21, %f14, %f22;
	mul{rn}{ftz}.f32 	%f24, %f14, %f23;
	fma.rn{ftz}.f32 	%f25, %f24, %f13, %f13;
	mul{rn}{ftz}.f32 	%f26, %f25, 0fC0000000;
	mov.f32 	%f27, 0f3FD774EB;
	mov.f32 	%f28, 0f3F6EE581;
	fma.rn{ftz}.f32 	%f29, %f28, %f27, %f26;
	selp.f32 	%f30, %f29, %f25, %p2;
	setp.le{ftz}.f32 	%p3, %f30, 0f7F800000;
	mov.b32 	%r1, %f30;
	mov.b32 	%r2, %f1;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f31, %r4;
	selp.f32 	%f32, %f31, %f30, %p3;
	st.param.b32 	[{ret}], %f32;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `acosf`: acos from the same polynomial as `asinf` on √((1−|x|)/2) (or |x| below the threshold), then π − that or π/2 − that by the sign of x.
pub(super) static ACOSF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	neg{ftz}.f32 	%f3, %f2;
	mov.f32 	%f4, 0f3F000000;
	fma.rn{ftz}.f32 	%f5, %f4, %f3, %f4;
	rsqrt.approx.ftz.f32 	%f6, %f5;
	mul{rn}{ftz}.f32 	%f7, %f5, %f6;
	mul{rn}{ftz}.f32 	%f8, %f6, 0f3F000000;
	neg{ftz}.f32 	%f9, %f7;
	fma.rn{ftz}.f32 	%f10, %f9, %f8, %f4;
	fma.rn{ftz}.f32 	%f11, %f7, %f10, %f7;
	setp.eq{ftz}.f32 	%p1, %f2, 0f3F800000;
	selp.f32 	%f12, 0f00000000, %f11, %p1;
	setp.gt{ftz}.f32 	%p2, %f2, 0f3F0F5C29;
	selp.f32 	%f13, %f12, %f2, %p2;
	mov.b32 	%r1, %f13;
	mov.b32 	%r2, %f1;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f14, %r4;
	mul{rn}{ftz}.f32 	%f15, %f14, %f14;
	mov.f32 	%f16, 0f3C8B1ABB;
	mov.f32 	%f17, 0f3D10ECEF;
	fma.rn{ftz}.f32 	%f18, %f17, %f15, %f16;
	mov.f32 	%f19, 0f3CFC028C;
	fma.rn{ftz}.f32 	%f20, %f18, %f15, %f19;
	mov.f32 	%f21, 0f3D372139;
	fma.rn{ftz}.f32 	%f22, %f20, %f15, %f21;
	mov.f32 	%f23, 0f3D9993DB;
	fma.rn{ftz}.f32 	%f24, %f22, %f15, %f23;
	mov.f32 	%f25, 0f3E2AAAC6;
	fma.rn{ftz}.f32 	%f26, %f24, %f15, %f25;
	mul{rn}{ftz}.f32 	%f27, %f26, %f15;
	fma.rn{ftz}.f32 	%f28, %f27, %f14, %f14;
	neg{ftz}.f32 	%f29, %f28;
	selp.f32 	%f30, %f28, %f29, %p2;
	mov.f32 	%f31, 0f3FD774EB;
	mov.f32 	%f32, 0f3F6EE581;
	fma.rn{ftz}.f32 	%f33, %f32, %f31, %f30;
	setp.gt{ftz}.f32 	%p3, %f1, 0f3F0F5C29;
	selp.f32 	%f34, %f28, %f33, %p3;
	add{rn}{ftz}.f32 	%f35, %f34, %f34;
	selp.f32 	%f36, %f35, %f34, %p2;
	st.param.b32 	[{ret}], %f36;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `atanf`: |x| > 1 is reduced to 1/|x| (an IEEE reciprocal), a polynomial in the reduced argument's square, π/2 − that where reduced, the sign of x restored; NaN passed through by an add.
pub(super) static ATANF: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	abs{ftz}.f32 	%f1, %f5;
	setp.leu{ftz}.f32 	%p1, %f1, 0f3F800000;
	setp.gt{ftz}.f32 	%p2, %f1, 0f3F800000;
	rcp.approx.ftz.f32 	%f6, %f1;
	selp.f32 	%f7, %f6, %f1, %p2;
	mul{rn}{ftz}.f32 	%f8, %f7, %f7;
	mov.f32 	%f9, 0fBC6BE14F;
	mov.f32 	%f10, 0f3B2090AA;
	fma.rn{ftz}.f32 	%f11, %f10, %f8, %f9;
	mov.f32 	%f12, 0f3D23397E;
	fma.rn{ftz}.f32 	%f13, %f11, %f8, %f12;
	mov.f32 	%f14, 0fBD948A7A;
	fma.rn{ftz}.f32 	%f15, %f13, %f8, %f14;
	mov.f32 	%f16, 0f3DD76B21;
	fma.rn{ftz}.f32 	%f17, %f15, %f8, %f16;
	mov.f32 	%f18, 0fBE111E88;
	fma.rn{ftz}.f32 	%f19, %f17, %f8, %f18;
	mov.f32 	%f20, 0f3E4CAF60;
	fma.rn{ftz}.f32 	%f21, %f19, %f8, %f20;
	mov.f32 	%f22, 0fBEAAAA27;
	fma.rn{ftz}.f32 	%f23, %f21, %f8, %f22;
	mul{rn}{ftz}.f32 	%f24, %f8, %f23;
	fma.rn{ftz}.f32 	%f30, %f24, %f7, %f7;
	@%p1 bra 	$L__BB0_2;

	neg{ftz}.f32 	%f25, %f30;
	mov.f32 	%f26, 0f3FD774EB;
	mov.f32 	%f27, 0f3F6EE581;
	fma.rn{ftz}.f32 	%f30, %f27, %f26, %f25;

$L__BB0_2:
	mov.b32 	%r1, %f5;
	and.b32  	%r2, %r1, -2147483648;
	mov.b32 	%r3, %f30;
	or.b32  	%r4, %r2, %r3;
	mov.b32 	%f28, %r4;
	setp.le{ftz}.f32 	%p3, %f1, 0f7F800000;
	selp.f32 	%f29, %f28, %f30, %p3;
	st.param.b32 	[{ret}], %f29;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `atan2f(y, x)`: the ratio min(|x|,|y|)/max(|x|,|y|) by IEEE division (or `div.approx` under `-prec-div=false`), the `atanf` polynomial on it, then the quadrant from the signs and which was larger, with C99's special cases for zeros, infinities and NaNs. Fast math: the same with approximate division.
pub(super) static ATAN2F: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	ld.param.b32 	%f8, [{p1}];
	abs{ftz}.f32 	%f1, %f8;
	setp.eq{ftz}.f32 	%p1, %f1, 0f00000000;
	abs{ftz}.f32 	%f2, %f7;
	setp.eq{ftz}.f32 	%p2, %f2, 0f00000000;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	mov.b32 	%r11, %f8;
	shr.s32 	%r12, %r11, 31;
	and.b32  	%r13, %r12, 1078530011;
	mov.b32 	%r14, %f7;
	and.b32  	%r15, %r14, -2147483648;
	or.b32  	%r16, %r13, %r15;
	mov.b32 	%f35, %r16;
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	setp.eq{ftz}.f32 	%p4, %f1, 0f7F800000;
	setp.eq{ftz}.f32 	%p5, %f2, 0f7F800000;
	and.pred  	%p6, %p4, %p5;
	@%p6 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	mov.b32 	%r6, %f8;
	setp.lt.s32 	%p10, %r6, 0;
	selp.b32 	%r7, 1075235812, 1061752795, %p10;
	mov.b32 	%r8, %f7;
	and.b32  	%r9, %r8, -2147483648;
	or.b32  	%r10, %r7, %r9;
	mov.b32 	%f35, %r10;
	bra.uni 	$L__BB0_5;

$L__BB0_2:
	max{ftz}.f32 	%f9, %f2, %f1;
	min{ftz}.f32 	%f10, %f2, %f1;
	div.rn{ftz}.f32 	%f11, %f10, %f9;
	mul.rn{ftz}.f32 	%f12, %f11, %f11;
	mov.f32 	%f13, 0fC0B59883;
	mov.f32 	%f14, 0fBF52C7EA;
	fma.rn{ftz}.f32 	%f15, %f12, %f14, %f13;
	mov.f32 	%f16, 0fC0D21907;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mul{rn}{ftz}.f32 	%f18, %f12, %f17;
	mul{rn}{ftz}.f32 	%f19, %f11, %f18;
	add{rn}{ftz}.f32 	%f20, %f12, 0f41355DC0;
	mov.f32 	%f21, 0f41E6BD60;
	fma.rn{ftz}.f32 	%f22, %f20, %f12, %f21;
	mov.f32 	%f23, 0f419D92C8;
	fma.rn{ftz}.f32 	%f24, %f22, %f12, %f23;
	rcp.rn{ftz}.f32 	%f25, %f24;
	fma.rn{ftz}.f32 	%f26, %f19, %f25, %f11;
	mov.f32 	%f27, 0f3FC90FDB;
	sub{rn}{ftz}.f32 	%f28, %f27, %f26;
	setp.gt{ftz}.f32 	%p7, %f2, %f1;
	selp.f32 	%f29, %f28, %f26, %p7;
	mov.b32 	%r1, %f8;
	setp.lt.s32 	%p8, %r1, 0;
	mov.f32 	%f30, 0f40490FDB;
	sub{rn}{ftz}.f32 	%f31, %f30, %f29;
	selp.f32 	%f32, %f31, %f29, %p8;
	mov.b32 	%r2, %f32;
	mov.b32 	%r3, %f7;
	and.b32  	%r4, %r3, -2147483648;
	or.b32  	%r5, %r4, %r2;
	mov.b32 	%f33, %r5;
	add{rn}{ftz}.f32 	%f34, %f1, %f2;
	setp.le{ftz}.f32 	%p9, %f34, 0f7F800000;
	selp.f32 	%f35, %f33, %f34, %p9;

$L__BB0_5:
	st.param.b32 	[{ret}], %f35;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f7, [{p0}];
	ld.param.b32 	%f8, [{p1}];
	abs{ftz}.f32 	%f1, %f8;
	setp.eq{ftz}.f32 	%p1, %f1, 0f00000000;
	abs{ftz}.f32 	%f2, %f7;
	setp.eq{ftz}.f32 	%p2, %f2, 0f00000000;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	mov.b32 	%r11, %f8;
	shr.s32 	%r12, %r11, 31;
	and.b32  	%r13, %r12, 1078530011;
	mov.b32 	%r14, %f7;
	and.b32  	%r15, %r14, -2147483648;
	or.b32  	%r16, %r13, %r15;
	mov.b32 	%f35, %r16;
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	setp.eq{ftz}.f32 	%p4, %f1, 0f7F800000;
	setp.eq{ftz}.f32 	%p5, %f2, 0f7F800000;
	and.pred  	%p6, %p4, %p5;
	@%p6 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	mov.b32 	%r6, %f8;
	setp.lt.s32 	%p10, %r6, 0;
	selp.b32 	%r7, 1075235812, 1061752795, %p10;
	mov.b32 	%r8, %f7;
	and.b32  	%r9, %r8, -2147483648;
	or.b32  	%r10, %r7, %r9;
	mov.b32 	%f35, %r10;
	bra.uni 	$L__BB0_5;

$L__BB0_2:
	max{ftz}.f32 	%f9, %f2, %f1;
	min{ftz}.f32 	%f10, %f2, %f1;
	div.full{ftz}.f32 	%f11, %f10, %f9;
	mul.rn{ftz}.f32 	%f12, %f11, %f11;
	mov.f32 	%f13, 0fC0B59883;
	mov.f32 	%f14, 0fBF52C7EA;
	fma.rn{ftz}.f32 	%f15, %f12, %f14, %f13;
	mov.f32 	%f16, 0fC0D21907;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mul{rn}{ftz}.f32 	%f18, %f12, %f17;
	mul{rn}{ftz}.f32 	%f19, %f11, %f18;
	add{rn}{ftz}.f32 	%f20, %f12, 0f41355DC0;
	mov.f32 	%f21, 0f41E6BD60;
	fma.rn{ftz}.f32 	%f22, %f20, %f12, %f21;
	mov.f32 	%f23, 0f419D92C8;
	fma.rn{ftz}.f32 	%f24, %f22, %f12, %f23;
	rcp.approx{ftz}.f32 	%f25, %f24;
	fma.rn{ftz}.f32 	%f26, %f19, %f25, %f11;
	mov.f32 	%f27, 0f3FC90FDB;
	sub{rn}{ftz}.f32 	%f28, %f27, %f26;
	setp.gt{ftz}.f32 	%p7, %f2, %f1;
	selp.f32 	%f29, %f28, %f26, %p7;
	mov.b32 	%r1, %f8;
	setp.lt.s32 	%p8, %r1, 0;
	mov.f32 	%f30, 0f40490FDB;
	sub{rn}{ftz}.f32 	%f31, %f30, %f29;
	selp.f32 	%f32, %f31, %f29, %p8;
	mov.b32 	%r2, %f32;
	mov.b32 	%r3, %f7;
	and.b32  	%r4, %r3, -2147483648;
	or.b32  	%r5, %r4, %r2;
	mov.b32 	%f33, %r5;
	add{rn}{ftz}.f32 	%f34, %f1, %f2;
	setp.le{ftz}.f32 	%p9, %f34, 0f7F800000;
	selp.f32 	%f35, %f33, %f34, %p9;

$L__BB0_5:
	st.param.b32 	[{ret}], %f35;
	ret;
",
    ),
    approx_both: None,
    approx_div: Some(
        "	ld.param.b32 	%f7, [{p0}];
	ld.param.b32 	%f8, [{p1}];
	abs{ftz}.f32 	%f1, %f8;
	setp.eq{ftz}.f32 	%p1, %f1, 0f00000000;
	abs{ftz}.f32 	%f2, %f7;
	setp.eq{ftz}.f32 	%p2, %f2, 0f00000000;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	mov.b32 	%r11, %f8;
	shr.s32 	%r12, %r11, 31;
	and.b32  	%r13, %r12, 1078530011;
	mov.b32 	%r14, %f7;
	and.b32  	%r15, %r14, -2147483648;
	or.b32  	%r16, %r13, %r15;
	mov.b32 	%f35, %r16;
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	setp.eq{ftz}.f32 	%p4, %f1, 0f7F800000;
	setp.eq{ftz}.f32 	%p5, %f2, 0f7F800000;
	and.pred  	%p6, %p4, %p5;
	@%p6 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	mov.b32 	%r6, %f8;
	setp.lt.s32 	%p10, %r6, 0;
	selp.b32 	%r7, 1075235812, 1061752795, %p10;
	mov.b32 	%r8, %f7;
	and.b32  	%r9, %r8, -2147483648;
	or.b32  	%r10, %r7, %r9;
	mov.b32 	%f35, %r10;
	bra.uni 	$L__BB0_5;

$L__BB0_2:
	max{ftz}.f32 	%f9, %f2, %f1;
	min{ftz}.f32 	%f10, %f2, %f1;
	div.full{ftz}.f32 	%f11, %f10, %f9;
	mul.rn{ftz}.f32 	%f12, %f11, %f11;
	mov.f32 	%f13, 0fC0B59883;
	mov.f32 	%f14, 0fBF52C7EA;
	fma.rn{ftz}.f32 	%f15, %f12, %f14, %f13;
	mov.f32 	%f16, 0fC0D21907;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mul{rn}{ftz}.f32 	%f18, %f12, %f17;
	mul{rn}{ftz}.f32 	%f19, %f11, %f18;
	add{rn}{ftz}.f32 	%f20, %f12, 0f41355DC0;
	mov.f32 	%f21, 0f41E6BD60;
	fma.rn{ftz}.f32 	%f22, %f20, %f12, %f21;
	mov.f32 	%f23, 0f419D92C8;
	fma.rn{ftz}.f32 	%f24, %f22, %f12, %f23;
	rcp.approx{ftz}.f32 	%f25, %f24;
	fma.rn{ftz}.f32 	%f26, %f19, %f25, %f11;
	mov.f32 	%f27, 0f3FC90FDB;
	sub{rn}{ftz}.f32 	%f28, %f27, %f26;
	setp.gt{ftz}.f32 	%p7, %f2, %f1;
	selp.f32 	%f29, %f28, %f26, %p7;
	mov.b32 	%r1, %f8;
	setp.lt.s32 	%p8, %r1, 0;
	mov.f32 	%f30, 0f40490FDB;
	sub{rn}{ftz}.f32 	%f31, %f30, %f29;
	selp.f32 	%f32, %f31, %f29, %p8;
	mov.b32 	%r2, %f32;
	mov.b32 	%r3, %f7;
	and.b32  	%r4, %r3, -2147483648;
	or.b32  	%r5, %r4, %r2;
	mov.b32 	%f33, %r5;
	add{rn}{ftz}.f32 	%f34, %f1, %f2;
	setp.le{ftz}.f32 	%p9, %f34, 0f7F800000;
	selp.f32 	%f35, %f33, %f34, %p9;

$L__BB0_5:
	st.param.b32 	[{ret}], %f35;
	ret;
",
    ),
    approx_sqrt: None,
};

/// `__sinf`: `sin.approx`.
pub(super) static INTRINSIC_SINF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__cosf`: `cos.approx`.
pub(super) static INTRINSIC_COSF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	cos.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__tanf`: `sin.approx` divided by `cos.approx` (`div.approx` on the magnitudes, or IEEE division where division is precise).
pub(super) static INTRINSIC_TANF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	cos.approx{ftz}.f32 	%f3, %f1;
	div.approx{ftz}.f32 	%f4, %f2, %f3;
	st.param.b32 	[{ret}], %f4;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__sincosf`: `sin.approx` and `cos.approx`.
pub(super) static INTRINSIC_SINCOSF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	sin.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	cos.approx{ftz}.f32 	%f3, %f1;
	st.param.b32 	[{ret1}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
