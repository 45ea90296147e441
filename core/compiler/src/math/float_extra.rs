//! Less common single-precision functions: π-scaled trigonometry, inverse hyperbolic functions,
//! gamma, inverse error functions, the normal distribution, and integer-valued rounding and exponents.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `sinpif`: sin(πx): the argument reduced exactly to a half-integer and a remainder in [−¼, ¼] (no Payne–Hanek needed), the sine or cosine polynomial of π·r by quadrant, single precision.
pub(super) static SINPIF: Variants = Variants {
    base: "	ld.param.b32 	%f4, [{p0}];
	add{rn}{ftz}.f32 	%f5, %f4, %f4;
	cvt.rni.f32.f32 	%f6, %f5;
	cvt.rzi.s32.f32 	%r1, %f6;
	neg{ftz}.f32 	%f7, %f6;
	mov.f32 	%f8, 0f3F000000;
	fma.rn{ftz}.f32 	%f9, %f7, %f8, %f4;
	mul.rn{ftz}.f32 	%f10, %f9, %f9;
	mov.f32 	%f11, 0f40233590;
	mov.f32 	%f12, 0fBF17ACC9;
	fma.rn{ftz}.f32 	%f13, %f12, %f10, %f11;
	mov.f32 	%f14, 0fBFAAD2E0;
	mov.f32 	%f15, 0f3E684E12;
	fma.rn{ftz}.f32 	%f16, %f15, %f10, %f14;
	mov.f32 	%f17, 0fC0A55DF6;
	fma.rn{ftz}.f32 	%f18, %f13, %f10, %f17;
	mov.f32 	%f19, 0f4081E0CF;
	fma.rn{ftz}.f32 	%f20, %f16, %f10, %f19;
	mov.f32 	%f21, 0f00000000;
	fma.rn{ftz}.f32 	%f22, %f10, %f9, %f21;
	mov.f32 	%f23, 0fC09DE9E6;
	fma.rn{ftz}.f32 	%f24, %f20, %f10, %f23;
	fma.rn{ftz}.f32 	%f25, %f18, %f22, %f21;
	mov.f32 	%f26, 0f3F800000;
	fma.rn{ftz}.f32 	%f27, %f24, %f10, %f26;
	mov.f32 	%f28, 0f40490FDB;
	fma.rn{ftz}.f32 	%f29, %f28, %f9, %f25;
	and.b32  	%r2, %r1, 1;
	setp.eq.b32 	%p1, %r2, 1;
	selp.f32 	%f30, %f27, %f29, %p1;
	and.b32  	%r3, %r1, 2;
	setp.eq.s32 	%p2, %r3, 0;
	sub{rn}{ftz}.f32 	%f31, %f21, %f30;
	selp.f32 	%f34, %f30, %f31, %p2;
	cvt.rzi.f32.f32 	%f32, %f4;
	setp.neu{ftz}.f32 	%p3, %f32, %f4;
	@%p3 bra 	$L__BB0_2;

	mul.rn{ftz}.f32 	%f34, %f4, %f21;

$L__BB0_2:
	st.param.b32 	[{ret}], %f34;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cospif`: cos(πx): `sinpi`'s exact reduction, the quadrant advanced by one, single precision.
pub(super) static COSPIF: Variants = Variants {
    base: "	ld.param.b32 	%f34, [{p0}];
	abs{ftz}.f32 	%f4, %f34;
	setp.leu{ftz}.f32 	%p1, %f4, 0f4B800000;
	@%p1 bra 	$L__BB0_2;

	mov.f32 	%f5, 0f00000000;
	mul.rn{ftz}.f32 	%f34, %f34, %f5;

$L__BB0_2:
	add{rn}{ftz}.f32 	%f6, %f34, %f34;
	cvt.rni.f32.f32 	%f7, %f6;
	cvt.rzi.s32.f32 	%r1, %f7;
	neg{ftz}.f32 	%f8, %f7;
	mov.f32 	%f9, 0f3F000000;
	fma.rn{ftz}.f32 	%f10, %f8, %f9, %f34;
	add.s32 	%r2, %r1, 1;
	mul.rn{ftz}.f32 	%f11, %f10, %f10;
	mov.f32 	%f12, 0f40233590;
	mov.f32 	%f13, 0fBF17ACC9;
	fma.rn{ftz}.f32 	%f14, %f13, %f11, %f12;
	mov.f32 	%f15, 0fBFAAD2E0;
	mov.f32 	%f16, 0f3E684E12;
	fma.rn{ftz}.f32 	%f17, %f16, %f11, %f15;
	mov.f32 	%f18, 0fC0A55DF6;
	fma.rn{ftz}.f32 	%f19, %f14, %f11, %f18;
	mov.f32 	%f20, 0f4081E0CF;
	fma.rn{ftz}.f32 	%f21, %f17, %f11, %f20;
	mov.f32 	%f22, 0f00000000;
	fma.rn{ftz}.f32 	%f23, %f11, %f10, %f22;
	mov.f32 	%f24, 0fC09DE9E6;
	fma.rn{ftz}.f32 	%f25, %f21, %f11, %f24;
	fma.rn{ftz}.f32 	%f26, %f19, %f23, %f22;
	mov.f32 	%f27, 0f3F800000;
	fma.rn{ftz}.f32 	%f28, %f25, %f11, %f27;
	mov.f32 	%f29, 0f40490FDB;
	fma.rn{ftz}.f32 	%f30, %f29, %f10, %f26;
	and.b32  	%r3, %r2, 1;
	setp.eq.b32 	%p2, %r3, 1;
	selp.f32 	%f31, %f28, %f30, %p2;
	and.b32  	%r4, %r2, 2;
	setp.eq.s32 	%p3, %r4, 0;
	sub{rn}{ftz}.f32 	%f32, %f22, %f31;
	selp.f32 	%f33, %f31, %f32, %p3;
	st.param.b32 	[{ret}], %f33;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sincospif`: sin(πx) and cos(πx) from one exact reduction, as its two results, single precision.
pub(super) static SINCOSPIF: Variants = Variants {
    base: "	ld.param.b32 	%f9, [{p0}];
	add{rn}{ftz}.f32 	%f10, %f9, %f9;
	cvt.rni.f32.f32 	%f11, %f10;
	cvt.rzi.s32.f32 	%r1, %f11;
	neg{ftz}.f32 	%f12, %f11;
	mov.f32 	%f13, 0f3F000000;
	fma.rn{ftz}.f32 	%f14, %f12, %f13, %f9;
	mul.rn{ftz}.f32 	%f15, %f14, %f14;
	mov.f32 	%f16, 0f40233590;
	mov.f32 	%f17, 0fBF17ACC9;
	fma.rn{ftz}.f32 	%f18, %f17, %f15, %f16;
	mov.f32 	%f19, 0fBFAAD2E0;
	mov.f32 	%f20, 0f3E684E12;
	fma.rn{ftz}.f32 	%f21, %f20, %f15, %f19;
	mov.f32 	%f22, 0fC0A55DF6;
	fma.rn{ftz}.f32 	%f23, %f18, %f15, %f22;
	mov.f32 	%f24, 0f4081E0CF;
	fma.rn{ftz}.f32 	%f25, %f21, %f15, %f24;
	mov.f32 	%f26, 0f00000000;
	fma.rn{ftz}.f32 	%f27, %f15, %f14, %f26;
	mov.f32 	%f28, 0fC09DE9E6;
	fma.rn{ftz}.f32 	%f29, %f25, %f15, %f28;
	fma.rn{ftz}.f32 	%f30, %f23, %f27, %f26;
	mov.f32 	%f31, 0f3F800000;
	fma.rn{ftz}.f32 	%f32, %f29, %f15, %f31;
	mov.f32 	%f33, 0f40490FDB;
	fma.rn{ftz}.f32 	%f34, %f33, %f14, %f30;
	and.b32  	%r2, %r1, 1;
	setp.eq.b32 	%p1, %r2, 1;
	selp.f32 	%f35, %f32, %f34, %p1;
	selp.f32 	%f45, %f34, %f32, %p1;
	and.b32  	%r3, %r1, 2;
	setp.eq.s32 	%p2, %r3, 0;
	neg{ftz}.f32 	%f36, %f35;
	selp.f32 	%f44, %f35, %f36, %p2;
	add.s32 	%r4, %r1, 1;
	and.b32  	%r5, %r4, 2;
	setp.eq.s32 	%p3, %r5, 0;
	@%p3 bra 	$L__BB0_2;

	mov.f32 	%f38, 0fBF800000;
	fma.rn{ftz}.f32 	%f45, %f45, %f38, %f26;

$L__BB0_2:
	cvt.rzi.f32.f32 	%f39, %f9;
	setp.neu{ftz}.f32 	%p4, %f39, %f9;
	@%p4 bra 	$L__BB0_4;

	mov.f32 	%f40, 0f00000000;
	mul.rn{ftz}.f32 	%f44, %f9, %f40;

$L__BB0_4:
	abs{ftz}.f32 	%f41, %f9;
	setp.leu{ftz}.f32 	%p5, %f41, 0f4B800000;
	@%p5 bra 	$L__BB0_6;

	mov.f32 	%f42, 0f3F800000;
	add.rn{ftz}.f32 	%f45, %f44, %f42;

$L__BB0_6:
	st.param.b32 	[{ret}], %f44;
	st.param.b32 	[{ret1}], %f45;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `asinhf`: asinh(x): log(|x| + √(x² + 1)) arranged to keep small arguments accurate (a log1p-style evaluation), sign restored, single precision.
pub(super) static ASINHF: Variants = Variants {
    base: "	ld.param.b32 	%f9, [{p0}];
	abs{ftz}.f32 	%f1, %f9;
	setp.gt{ftz}.f32 	%p1, %f1, 0f7E800000;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	lg2.approx{ftz}.f32 	%f46, %f1;
	mul{rn}{ftz}.f32 	%f47, %f46, 0f3F317218;
	mov.f32 	%f48, 0f3F317218;
	add.rn{ftz}.f32 	%f52, %f48, %f47;
	bra.uni 	$L__BB0_6;

$L__BB0_1:
	rcp.rn{ftz}.f32 	%f10, %f1;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f10, %f10, %f11;
	sqrt.rn{ftz}.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f10, %f13;
	rcp.approx.ftz.f32 	%f15, %f14;
	fma.rn{ftz}.f32 	%f2, %f1, %f15, %f1;
	add.rz{ftz}.f32 	%f16, %f2, %f11;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1061158912;
	and.b32  	%r3, %r2, -8388608;
	mov.b32 	%r4, %f2;
	sub.s32 	%r5, %r4, %r3;
	mov.b32 	%f17, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r3;
	mov.b32 	%f18, %r7;
	mov.f32 	%f19, 0fBF800000;
	mov.f32 	%f20, 0f3E800000;
	fma.rn{ftz}.f32 	%f21, %f20, %f18, %f19;
	add{rn}{ftz}.f32 	%f22, %f21, %f17;
	cvt.rn.f32.s32 	%f23, %r3;
	mul{rn}{ftz}.f32 	%f24, %f23, 0f34000000;
	mov.f32 	%f25, 0f3DD80012;
	mov.f32 	%f26, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f27, %f26, %f22, %f25;
	mov.f32 	%f28, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f29, %f27, %f22, %f28;
	mov.f32 	%f30, 0f3E146475;
	fma.rn{ftz}.f32 	%f31, %f29, %f22, %f30;
	mov.f32 	%f32, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f33, %f31, %f22, %f32;
	mov.f32 	%f34, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f35, %f33, %f22, %f34;
	mov.f32 	%f36, 0fBE800042;
	fma.rn{ftz}.f32 	%f37, %f35, %f22, %f36;
	mov.f32 	%f38, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f39, %f37, %f22, %f38;
	mov.f32 	%f40, 0fBF000000;
	fma.rn{ftz}.f32 	%f41, %f39, %f22, %f40;
	mul{rn}{ftz}.f32 	%f42, %f22, %f41;
	fma.rn{ftz}.f32 	%f43, %f42, %f22, %f22;
	mov.f32 	%f44, 0f3F317218;
	fma.rn{ftz}.f32 	%f52, %f24, %f44, %f43;
	setp.lt.u32 	%p2, %r4, 2139095040;
	@%p2 bra 	$L__BB0_6;

	setp.lt.s32 	%p3, %r4, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f45, 0f7F800000;
	fma.rn{ftz}.f32 	%f52, %f2, %f45, %f45;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f52, 0f80000000, %f52, %p4;

$L__BB0_6:
	mov.b32 	%r9, %f9;
	and.b32  	%r10, %r9, -2147483648;
	mov.b32 	%r11, %f52;
	or.b32  	%r12, %r10, %r11;
	mov.b32 	%f49, %r12;
	setp.le{ftz}.f32 	%p5, %f1, 0f7F800000;
	selp.f32 	%f50, %f49, %f52, %p5;
	st.param.b32 	[{ret}], %f50;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f9, [{p0}];
	abs{ftz}.f32 	%f1, %f9;
	setp.gt{ftz}.f32 	%p1, %f1, 0f7E800000;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	lg2.approx{ftz}.f32 	%f46, %f1;
	mul{rn}{ftz}.f32 	%f47, %f46, 0f3F317218;
	mov.f32 	%f48, 0f3F317218;
	add.rn{ftz}.f32 	%f52, %f48, %f47;
	bra.uni 	$L__BB0_6;

$L__BB0_1:
	rcp.approx{ftz}.f32 	%f10, %f1;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f10, %f10, %f11;
	sqrt.approx{ftz}.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f10, %f13;
	rcp.approx{ftz}.f32 	%f15, %f14;
	fma.rn{ftz}.f32 	%f2, %f1, %f15, %f1;
	add.rz{ftz}.f32 	%f16, %f2, %f11;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1061158912;
	and.b32  	%r3, %r2, -8388608;
	mov.b32 	%r4, %f2;
	sub.s32 	%r5, %r4, %r3;
	mov.b32 	%f17, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r3;
	mov.b32 	%f18, %r7;
	mov.f32 	%f19, 0fBF800000;
	mov.f32 	%f20, 0f3E800000;
	fma.rn{ftz}.f32 	%f21, %f20, %f18, %f19;
	add{rn}{ftz}.f32 	%f22, %f21, %f17;
	cvt.rn.f32.s32 	%f23, %r3;
	mul{rn}{ftz}.f32 	%f24, %f23, 0f34000000;
	mov.f32 	%f25, 0f3DD80012;
	mov.f32 	%f26, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f27, %f26, %f22, %f25;
	mov.f32 	%f28, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f29, %f27, %f22, %f28;
	mov.f32 	%f30, 0f3E146475;
	fma.rn{ftz}.f32 	%f31, %f29, %f22, %f30;
	mov.f32 	%f32, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f33, %f31, %f22, %f32;
	mov.f32 	%f34, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f35, %f33, %f22, %f34;
	mov.f32 	%f36, 0fBE800042;
	fma.rn{ftz}.f32 	%f37, %f35, %f22, %f36;
	mov.f32 	%f38, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f39, %f37, %f22, %f38;
	mov.f32 	%f40, 0fBF000000;
	fma.rn{ftz}.f32 	%f41, %f39, %f22, %f40;
	mul{rn}{ftz}.f32 	%f42, %f22, %f41;
	fma.rn{ftz}.f32 	%f43, %f42, %f22, %f22;
	mov.f32 	%f44, 0f3F317218;
	fma.rn{ftz}.f32 	%f52, %f24, %f44, %f43;
	setp.lt.u32 	%p2, %r4, 2139095040;
	@%p2 bra 	$L__BB0_6;

	setp.lt.s32 	%p3, %r4, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f45, 0f7F800000;
	fma.rn{ftz}.f32 	%f52, %f2, %f45, %f45;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f52, 0f80000000, %f52, %p4;

$L__BB0_6:
	mov.b32 	%r9, %f9;
	and.b32  	%r10, %r9, -2147483648;
	mov.b32 	%r11, %f52;
	or.b32  	%r12, %r10, %r11;
	mov.b32 	%f49, %r12;
	setp.le{ftz}.f32 	%p5, %f1, 0f7F800000;
	selp.f32 	%f50, %f49, %f52, %p5;
	st.param.b32 	[{ret}], %f50;
	ret;
",
    ),
    approx_both: Some(
        "	ld.param.b32 	%f9, [{p0}];
	abs{ftz}.f32 	%f1, %f9;
	setp.gt{ftz}.f32 	%p1, %f1, 0f7E800000;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	lg2.approx{ftz}.f32 	%f46, %f1;
	mul{rn}{ftz}.f32 	%f47, %f46, 0f3F317218;
	mov.f32 	%f48, 0f3F317218;
	add.rn{ftz}.f32 	%f52, %f48, %f47;
	bra.uni 	$L__BB0_6;

$L__BB0_1:
	rcp.approx{ftz}.f32 	%f10, %f1;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f10, %f10, %f11;
	sqrt.approx{ftz}.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f10, %f13;
	rcp.approx.ftz.f32 	%f15, %f14;
	fma.rn{ftz}.f32 	%f2, %f1, %f15, %f1;
	add.rz{ftz}.f32 	%f16, %f2, %f11;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1061158912;
	and.b32  	%r3, %r2, -8388608;
	mov.b32 	%r4, %f2;
	sub.s32 	%r5, %r4, %r3;
	mov.b32 	%f17, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r3;
	mov.b32 	%f18, %r7;
	mov.f32 	%f19, 0fBF800000;
	mov.f32 	%f20, 0f3E800000;
	fma.rn{ftz}.f32 	%f21, %f20, %f18, %f19;
	add{rn}{ftz}.f32 	%f22, %f21, %f17;
	cvt.rn.f32.s32 	%f23, %r3;
	mul{rn}{ftz}.f32 	%f24, %f23, 0f34000000;
	mov.f32 	%f25, 0f3DD80012;
	mov.f32 	%f26, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f27, %f26, %f22, %f25;
	mov.f32 	%f28, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f29, %f27, %f22, %f28;
	mov.f32 	%f30, 0f3E146475;
	fma.rn{ftz}.f32 	%f31, %f29, %f22, %f30;
	mov.f32 	%f32, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f33, %f31, %f22, %f32;
	mov.f32 	%f34, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f35, %f33, %f22, %f34;
	mov.f32 	%f36, 0fBE800042;
	fma.rn{ftz}.f32 	%f37, %f35, %f22, %f36;
	mov.f32 	%f38, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f39, %f37, %f22, %f38;
	mov.f32 	%f40, 0fBF000000;
	fma.rn{ftz}.f32 	%f41, %f39, %f22, %f40;
	mul{rn}{ftz}.f32 	%f42, %f22, %f41;
	fma.rn{ftz}.f32 	%f43, %f42, %f22, %f22;
	mov.f32 	%f44, 0f3F317218;
	fma.rn{ftz}.f32 	%f52, %f24, %f44, %f43;
	setp.lt.u32 	%p2, %r4, 2139095040;
	@%p2 bra 	$L__BB0_6;

	setp.lt.s32 	%p3, %r4, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f45, 0f7F800000;
	fma.rn{ftz}.f32 	%f52, %f2, %f45, %f45;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f52, 0f80000000, %f52, %p4;

$L__BB0_6:
	mov.b32 	%r9, %f9;
	and.b32  	%r10, %r9, -2147483648;
	mov.b32 	%r11, %f52;
	or.b32  	%r12, %r10, %r11;
	mov.b32 	%f49, %r12;
	setp.le{ftz}.f32 	%p5, %f1, 0f7F800000;
	selp.f32 	%f50, %f49, %f52, %p5;
	st.param.b32 	[{ret}], %f50;
	ret;
",
    ),
    approx_div: Some(
        "	ld.param.b32 	%f9, [{p0}];
	abs{ftz}.f32 	%f1, %f9;
	setp.gt{ftz}.f32 	%p1, %f1, 0f7E800000;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	lg2.approx{ftz}.f32 	%f46, %f1;
	mul{rn}{ftz}.f32 	%f47, %f46, 0f3F317218;
	mov.f32 	%f48, 0f3F317218;
	add.rn{ftz}.f32 	%f52, %f48, %f47;
	bra.uni 	$L__BB0_6;

$L__BB0_1:
	rcp.approx{ftz}.f32 	%f10, %f1;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f10, %f10, %f11;
	sqrt.rn{ftz}.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f10, %f13;
	rcp.approx.ftz.f32 	%f15, %f14;
	fma.rn{ftz}.f32 	%f2, %f1, %f15, %f1;
	add.rz{ftz}.f32 	%f16, %f2, %f11;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1061158912;
	and.b32  	%r3, %r2, -8388608;
	mov.b32 	%r4, %f2;
	sub.s32 	%r5, %r4, %r3;
	mov.b32 	%f17, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r3;
	mov.b32 	%f18, %r7;
	mov.f32 	%f19, 0fBF800000;
	mov.f32 	%f20, 0f3E800000;
	fma.rn{ftz}.f32 	%f21, %f20, %f18, %f19;
	add{rn}{ftz}.f32 	%f22, %f21, %f17;
	cvt.rn.f32.s32 	%f23, %r3;
	mul{rn}{ftz}.f32 	%f24, %f23, 0f34000000;
	mov.f32 	%f25, 0f3DD80012;
	mov.f32 	%f26, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f27, %f26, %f22, %f25;
	mov.f32 	%f28, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f29, %f27, %f22, %f28;
	mov.f32 	%f30, 0f3E146475;
	fma.rn{ftz}.f32 	%f31, %f29, %f22, %f30;
	mov.f32 	%f32, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f33, %f31, %f22, %f32;
	mov.f32 	%f34, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f35, %f33, %f22, %f34;
	mov.f32 	%f36, 0fBE800042;
	fma.rn{ftz}.f32 	%f37, %f35, %f22, %f36;
	mov.f32 	%f38, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f39, %f37, %f22, %f38;
	mov.f32 	%f40, 0fBF000000;
	fma.rn{ftz}.f32 	%f41, %f39, %f22, %f40;
	mul{rn}{ftz}.f32 	%f42, %f22, %f41;
	fma.rn{ftz}.f32 	%f43, %f42, %f22, %f22;
	mov.f32 	%f44, 0f3F317218;
	fma.rn{ftz}.f32 	%f52, %f24, %f44, %f43;
	setp.lt.u32 	%p2, %r4, 2139095040;
	@%p2 bra 	$L__BB0_6;

	setp.lt.s32 	%p3, %r4, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f45, 0f7F800000;
	fma.rn{ftz}.f32 	%f52, %f2, %f45, %f45;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f52, 0f80000000, %f52, %p4;

$L__BB0_6:
	mov.b32 	%r9, %f9;
	and.b32  	%r10, %r9, -2147483648;
	mov.b32 	%r11, %f52;
	or.b32  	%r12, %r10, %r11;
	mov.b32 	%f49, %r12;
	setp.le{ftz}.f32 	%p5, %f1, 0f7F800000;
	selp.f32 	%f50, %f49, %f52, %p5;
	st.param.b32 	[{ret}], %f50;
	ret;
",
    ),
    approx_sqrt: Some(
        "	ld.param.b32 	%f9, [{p0}];
	abs{ftz}.f32 	%f1, %f9;
	setp.gt{ftz}.f32 	%p1, %f1, 0f7E800000;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	lg2.approx{ftz}.f32 	%f46, %f1;
	mul{rn}{ftz}.f32 	%f47, %f46, 0f3F317218;
	mov.f32 	%f48, 0f3F317218;
	add.rn{ftz}.f32 	%f52, %f48, %f47;
	bra.uni 	$L__BB0_6;

$L__BB0_1:
	rcp.rn{ftz}.f32 	%f10, %f1;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f10, %f10, %f11;
	sqrt.approx{ftz}.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f10, %f13;
	rcp.approx.ftz.f32 	%f15, %f14;
	fma.rn{ftz}.f32 	%f2, %f1, %f15, %f1;
	add.rz{ftz}.f32 	%f16, %f2, %f11;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1061158912;
	and.b32  	%r3, %r2, -8388608;
	mov.b32 	%r4, %f2;
	sub.s32 	%r5, %r4, %r3;
	mov.b32 	%f17, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r3;
	mov.b32 	%f18, %r7;
	mov.f32 	%f19, 0fBF800000;
	mov.f32 	%f20, 0f3E800000;
	fma.rn{ftz}.f32 	%f21, %f20, %f18, %f19;
	add{rn}{ftz}.f32 	%f22, %f21, %f17;
	cvt.rn.f32.s32 	%f23, %r3;
	mul{rn}{ftz}.f32 	%f24, %f23, 0f34000000;
	mov.f32 	%f25, 0f3DD80012;
	mov.f32 	%f26, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f27, %f26, %f22, %f25;
	mov.f32 	%f28, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f29, %f27, %f22, %f28;
	mov.f32 	%f30, 0f3E146475;
	fma.rn{ftz}.f32 	%f31, %f29, %f22, %f30;
	mov.f32 	%f32, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f33, %f31, %f22, %f32;
	mov.f32 	%f34, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f35, %f33, %f22, %f34;
	mov.f32 	%f36, 0fBE800042;
	fma.rn{ftz}.f32 	%f37, %f35, %f22, %f36;
	mov.f32 	%f38, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f39, %f37, %f22, %f38;
	mov.f32 	%f40, 0fBF000000;
	fma.rn{ftz}.f32 	%f41, %f39, %f22, %f40;
	mul{rn}{ftz}.f32 	%f42, %f22, %f41;
	fma.rn{ftz}.f32 	%f43, %f42, %f22, %f22;
	mov.f32 	%f44, 0f3F317218;
	fma.rn{ftz}.f32 	%f52, %f24, %f44, %f43;
	setp.lt.u32 	%p2, %r4, 2139095040;
	@%p2 bra 	$L__BB0_6;

	setp.lt.s32 	%p3, %r4, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f45, 0f7F800000;
	fma.rn{ftz}.f32 	%f52, %f2, %f45, %f45;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f52, 0f80000000, %f52, %p4;

$L__BB0_6:
	mov.b32 	%r9, %f9;
	and.b32  	%r10, %r9, -2147483648;
	mov.b32 	%r11, %f52;
	or.b32  	%r12, %r10, %r11;
	mov.b32 	%f49, %r12;
	setp.le{ftz}.f32 	%p5, %f1, 0f7F800000;
	selp.f32 	%f50, %f49, %f52, %p5;
	st.param.b32 	[{ret}], %f50;
	ret;
",
    ),
};

/// `acoshf`: acosh(x): log(x + √(x² − 1)) in the form log1p(t) for arguments near 1, NaN below 1, single precision.
pub(super) static ACOSHF: Variants = Variants {
    base: "	ld.param.b32 	%f13, [{p0}];
	add{rn}{ftz}.f32 	%f1, %f13, 0fBF800000;
	mov.b32 	%r2, %f1;
	setp.gt.u32 	%p1, %r2, 1258291200;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	setp.lt{ftz}.f32 	%p5, %f1, 0f00800000;
	mul{rn}{ftz}.f32 	%f48, %f1, 0f4B000000;
	selp.f32 	%f7, %f48, %f1, %p5;
	selp.f32 	%f49, 0fC1B80000, 0f00000000, %p5;
	mov.b32 	%r9, %f7;
	add.s32 	%r10, %r9, -1059760811;
	and.b32  	%r11, %r10, -8388608;
	sub.s32 	%r12, %r9, %r11;
	mov.b32 	%f50, %r12;
	cvt.rn.f32.s32 	%f51, %r11;
	mov.f32 	%f52, 0f34000000;
	fma.rn{ftz}.f32 	%f53, %f51, %f52, %f49;
	add{rn}{ftz}.f32 	%f54, %f50, 0fBF800000;
	mov.f32 	%f55, 0f3E1039F6;
	mov.f32 	%f56, 0fBE055027;
	fma.rn{ftz}.f32 	%f57, %f56, %f54, %f55;
	mov.f32 	%f58, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f59, %f57, %f54, %f58;
	mov.f32 	%f60, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f61, %f59, %f54, %f60;
	mov.f32 	%f62, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f63, %f61, %f54, %f62;
	mov.f32 	%f64, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f65, %f63, %f54, %f64;
	mov.f32 	%f66, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f67, %f65, %f54, %f66;
	mov.f32 	%f68, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f69, %f67, %f54, %f68;
	mov.f32 	%f70, 0fBF000000;
	fma.rn{ftz}.f32 	%f71, %f69, %f54, %f70;
	mul{rn}{ftz}.f32 	%f72, %f54, %f71;
	fma.rn{ftz}.f32 	%f73, %f72, %f54, %f54;
	mov.f32 	%f74, 0f3F317218;
	fma.rn{ftz}.f32 	%f78, %f53, %f74, %f73;
	setp.lt.u32 	%p6, %r9, 2139095040;
	@%p6 bra 	$L__BB0_7;

	mov.f32 	%f75, 0f7F800000;
	fma.rn{ftz}.f32 	%f78, %f7, %f75, %f75;

$L__BB0_7:
	add{rn}{ftz}.f32 	%f76, %f78, 0f3F317218;
	setp.eq{ftz}.f32 	%p7, %f7, 0f00000000;
	selp.f32 	%f79, 0fFF800000, %f76, %p7;
	bra.uni 	$L__BB0_8;

$L__BB0_1:
	mul.rz{ftz}.f32 	%f14, %f13, %f1;
	add.rn{ftz}.f32 	%f15, %f14, %f1;
	sqrt.rn{ftz}.f32 	%f16, %f15;
	add{rn}{ftz}.f32 	%f2, %f1, %f16;
	mov.f32 	%f17, 0f3F800000;
	add.rz{ftz}.f32 	%f18, %f2, %f17;
	mov.b32 	%r3, %f18;
	add.s32 	%r4, %r3, -1061158912;
	and.b32  	%r5, %r4, -8388608;
	mov.b32 	%r1, %f2;
	sub.s32 	%r6, %r1, %r5;
	mov.b32 	%f19, %r6;
	mov.u32 	%r7, 1082130432;
	sub.s32 	%r8, %r7, %r5;
	mov.b32 	%f20, %r8;
	mov.f32 	%f21, 0fBF800000;
	mov.f32 	%f22, 0f3E800000;
	fma.rn{ftz}.f32 	%f23, %f22, %f20, %f21;
	add{rn}{ftz}.f32 	%f24, %f23, %f19;
	cvt.rn.f32.s32 	%f25, %r5;
	mul{rn}{ftz}.f32 	%f26, %f25, 0f34000000;
	mov.f32 	%f27, 0f3DD80012;
	mov.f32 	%f28, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f29, %f28, %f24, %f27;
	mov.f32 	%f30, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f31, %f29, %f24, %f30;
	mov.f32 	%f32, 0f3E146475;
	fma.rn{ftz}.f32 	%f33, %f31, %f24, %f32;
	mov.f32 	%f34, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f35, %f33, %f24, %f34;
	mov.f32 	%f36, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f37, %f35, %f24, %f36;
	mov.f32 	%f38, 0fBE800042;
	fma.rn{ftz}.f32 	%f39, %f37, %f24, %f38;
	mov.f32 	%f40, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f41, %f39, %f24, %f40;
	mov.f32 	%f42, 0fBF000000;
	fma.rn{ftz}.f32 	%f43, %f41, %f24, %f42;
	mul{rn}{ftz}.f32 	%f44, %f24, %f43;
	fma.rn{ftz}.f32 	%f45, %f44, %f24, %f24;
	mov.f32 	%f46, 0f3F317218;
	fma.rn{ftz}.f32 	%f79, %f26, %f46, %f45;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_8;

	setp.lt.s32 	%p3, %r1, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f47, 0f7F800000;
	fma.rn{ftz}.f32 	%f79, %f2, %f47, %f47;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f79, 0f80000000, %f79, %p4;

$L__BB0_8:
	st.param.b32 	[{ret}], %f79;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f13, [{p0}];
	add{rn}{ftz}.f32 	%f1, %f13, 0fBF800000;
	mov.b32 	%r2, %f1;
	setp.gt.u32 	%p1, %r2, 1258291200;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	setp.lt{ftz}.f32 	%p5, %f1, 0f00800000;
	mul{rn}{ftz}.f32 	%f48, %f1, 0f4B000000;
	selp.f32 	%f7, %f48, %f1, %p5;
	selp.f32 	%f49, 0fC1B80000, 0f00000000, %p5;
	mov.b32 	%r9, %f7;
	add.s32 	%r10, %r9, -1059760811;
	and.b32  	%r11, %r10, -8388608;
	sub.s32 	%r12, %r9, %r11;
	mov.b32 	%f50, %r12;
	cvt.rn.f32.s32 	%f51, %r11;
	mov.f32 	%f52, 0f34000000;
	fma.rn{ftz}.f32 	%f53, %f51, %f52, %f49;
	add{rn}{ftz}.f32 	%f54, %f50, 0fBF800000;
	mov.f32 	%f55, 0f3E1039F6;
	mov.f32 	%f56, 0fBE055027;
	fma.rn{ftz}.f32 	%f57, %f56, %f54, %f55;
	mov.f32 	%f58, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f59, %f57, %f54, %f58;
	mov.f32 	%f60, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f61, %f59, %f54, %f60;
	mov.f32 	%f62, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f63, %f61, %f54, %f62;
	mov.f32 	%f64, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f65, %f63, %f54, %f64;
	mov.f32 	%f66, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f67, %f65, %f54, %f66;
	mov.f32 	%f68, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f69, %f67, %f54, %f68;
	mov.f32 	%f70, 0fBF000000;
	fma.rn{ftz}.f32 	%f71, %f69, %f54, %f70;
	mul{rn}{ftz}.f32 	%f72, %f54, %f71;
	fma.rn{ftz}.f32 	%f73, %f72, %f54, %f54;
	mov.f32 	%f74, 0f3F317218;
	fma.rn{ftz}.f32 	%f78, %f53, %f74, %f73;
	setp.lt.u32 	%p6, %r9, 2139095040;
	@%p6 bra 	$L__BB0_7;

	mov.f32 	%f75, 0f7F800000;
	fma.rn{ftz}.f32 	%f78, %f7, %f75, %f75;

$L__BB0_7:
	add{rn}{ftz}.f32 	%f76, %f78, 0f3F317218;
	setp.eq{ftz}.f32 	%p7, %f7, 0f00000000;
	selp.f32 	%f79, 0fFF800000, %f76, %p7;
	bra.uni 	$L__BB0_8;

$L__BB0_1:
	mul.rz{ftz}.f32 	%f14, %f13, %f1;
	add.rn{ftz}.f32 	%f15, %f14, %f1;
	sqrt.approx{ftz}.f32 	%f16, %f15;
	add{rn}{ftz}.f32 	%f2, %f1, %f16;
	mov.f32 	%f17, 0f3F800000;
	add.rz{ftz}.f32 	%f18, %f2, %f17;
	mov.b32 	%r3, %f18;
	add.s32 	%r4, %r3, -1061158912;
	and.b32  	%r5, %r4, -8388608;
	mov.b32 	%r1, %f2;
	sub.s32 	%r6, %r1, %r5;
	mov.b32 	%f19, %r6;
	mov.u32 	%r7, 1082130432;
	sub.s32 	%r8, %r7, %r5;
	mov.b32 	%f20, %r8;
	mov.f32 	%f21, 0fBF800000;
	mov.f32 	%f22, 0f3E800000;
	fma.rn{ftz}.f32 	%f23, %f22, %f20, %f21;
	add{rn}{ftz}.f32 	%f24, %f23, %f19;
	cvt.rn.f32.s32 	%f25, %r5;
	mul{rn}{ftz}.f32 	%f26, %f25, 0f34000000;
	mov.f32 	%f27, 0f3DD80012;
	mov.f32 	%f28, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f29, %f28, %f24, %f27;
	mov.f32 	%f30, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f31, %f29, %f24, %f30;
	mov.f32 	%f32, 0f3E146475;
	fma.rn{ftz}.f32 	%f33, %f31, %f24, %f32;
	mov.f32 	%f34, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f35, %f33, %f24, %f34;
	mov.f32 	%f36, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f37, %f35, %f24, %f36;
	mov.f32 	%f38, 0fBE800042;
	fma.rn{ftz}.f32 	%f39, %f37, %f24, %f38;
	mov.f32 	%f40, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f41, %f39, %f24, %f40;
	mov.f32 	%f42, 0fBF000000;
	fma.rn{ftz}.f32 	%f43, %f41, %f24, %f42;
	mul{rn}{ftz}.f32 	%f44, %f24, %f43;
	fma.rn{ftz}.f32 	%f45, %f44, %f24, %f24;
	mov.f32 	%f46, 0f3F317218;
	fma.rn{ftz}.f32 	%f79, %f26, %f46, %f45;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_8;

	setp.lt.s32 	%p3, %r1, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f47, 0f7F800000;
	fma.rn{ftz}.f32 	%f79, %f2, %f47, %f47;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f79, 0f80000000, %f79, %p4;

$L__BB0_8:
	st.param.b32 	[{ret}], %f79;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: Some(
        "	ld.param.b32 	%f13, [{p0}];
	add{rn}{ftz}.f32 	%f1, %f13, 0fBF800000;
	mov.b32 	%r2, %f1;
	setp.gt.u32 	%p1, %r2, 1258291200;
	@%p1 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_1;

$L__BB0_5:
	setp.lt{ftz}.f32 	%p5, %f1, 0f00800000;
	mul{rn}{ftz}.f32 	%f48, %f1, 0f4B000000;
	selp.f32 	%f7, %f48, %f1, %p5;
	selp.f32 	%f49, 0fC1B80000, 0f00000000, %p5;
	mov.b32 	%r9, %f7;
	add.s32 	%r10, %r9, -1059760811;
	and.b32  	%r11, %r10, -8388608;
	sub.s32 	%r12, %r9, %r11;
	mov.b32 	%f50, %r12;
	cvt.rn.f32.s32 	%f51, %r11;
	mov.f32 	%f52, 0f34000000;
	fma.rn{ftz}.f32 	%f53, %f51, %f52, %f49;
	add{rn}{ftz}.f32 	%f54, %f50, 0fBF800000;
	mov.f32 	%f55, 0f3E1039F6;
	mov.f32 	%f56, 0fBE055027;
	fma.rn{ftz}.f32 	%f57, %f56, %f54, %f55;
	mov.f32 	%f58, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f59, %f57, %f54, %f58;
	mov.f32 	%f60, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f61, %f59, %f54, %f60;
	mov.f32 	%f62, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f63, %f61, %f54, %f62;
	mov.f32 	%f64, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f65, %f63, %f54, %f64;
	mov.f32 	%f66, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f67, %f65, %f54, %f66;
	mov.f32 	%f68, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f69, %f67, %f54, %f68;
	mov.f32 	%f70, 0fBF000000;
	fma.rn{ftz}.f32 	%f71, %f69, %f54, %f70;
	mul{rn}{ftz}.f32 	%f72, %f54, %f71;
	fma.rn{ftz}.f32 	%f73, %f72, %f54, %f54;
	mov.f32 	%f74, 0f3F317218;
	fma.rn{ftz}.f32 	%f78, %f53, %f74, %f73;
	setp.lt.u32 	%p6, %r9, 2139095040;
	@%p6 bra 	$L__BB0_7;

	mov.f32 	%f75, 0f7F800000;
	fma.rn{ftz}.f32 	%f78, %f7, %f75, %f75;

$L__BB0_7:
	add{rn}{ftz}.f32 	%f76, %f78, 0f3F317218;
	setp.eq{ftz}.f32 	%p7, %f7, 0f00000000;
	selp.f32 	%f79, 0fFF800000, %f76, %p7;
	bra.uni 	$L__BB0_8;

$L__BB0_1:
	mul.rz{ftz}.f32 	%f14, %f13, %f1;
	add.rn{ftz}.f32 	%f15, %f14, %f1;
	sqrt.approx{ftz}.f32 	%f16, %f15;
	add{rn}{ftz}.f32 	%f2, %f1, %f16;
	mov.f32 	%f17, 0f3F800000;
	add.rz{ftz}.f32 	%f18, %f2, %f17;
	mov.b32 	%r3, %f18;
	add.s32 	%r4, %r3, -1061158912;
	and.b32  	%r5, %r4, -8388608;
	mov.b32 	%r1, %f2;
	sub.s32 	%r6, %r1, %r5;
	mov.b32 	%f19, %r6;
	mov.u32 	%r7, 1082130432;
	sub.s32 	%r8, %r7, %r5;
	mov.b32 	%f20, %r8;
	mov.f32 	%f21, 0fBF800000;
	mov.f32 	%f22, 0f3E800000;
	fma.rn{ftz}.f32 	%f23, %f22, %f20, %f21;
	add{rn}{ftz}.f32 	%f24, %f23, %f19;
	cvt.rn.f32.s32 	%f25, %r5;
	mul{rn}{ftz}.f32 	%f26, %f25, 0f34000000;
	mov.f32 	%f27, 0f3DD80012;
	mov.f32 	%f28, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f29, %f28, %f24, %f27;
	mov.f32 	%f30, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f31, %f29, %f24, %f30;
	mov.f32 	%f32, 0f3E146475;
	fma.rn{ftz}.f32 	%f33, %f31, %f24, %f32;
	mov.f32 	%f34, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f35, %f33, %f24, %f34;
	mov.f32 	%f36, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f37, %f35, %f24, %f36;
	mov.f32 	%f38, 0fBE800042;
	fma.rn{ftz}.f32 	%f39, %f37, %f24, %f38;
	mov.f32 	%f40, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f41, %f39, %f24, %f40;
	mov.f32 	%f42, 0fBF000000;
	fma.rn{ftz}.f32 	%f43, %f41, %f24, %f42;
	mul{rn}{ftz}.f32 	%f44, %f24, %f43;
	fma.rn{ftz}.f32 	%f45, %f44, %f24, %f24;
	mov.f32 	%f46, 0f3F317218;
	fma.rn{ftz}.f32 	%f79, %f26, %f46, %f45;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_8;

	setp.lt.s32 	%p3, %r1, -1082130431;
	@%p3 bra 	$L__BB0_4;

	mov.f32 	%f47, 0f7F800000;
	fma.rn{ftz}.f32 	%f79, %f2, %f47, %f47;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p4, %f2, 0f00000000;
	selp.f32 	%f79, 0f80000000, %f79, %p4;

$L__BB0_8:
	st.param.b32 	[{ret}], %f79;
	ret;
",
    ),
};

/// `atanhf`: atanh(x): ½·log1p(2x/(1 − x)), sign restored, ±inf at ±1 and NaN beyond, single precision.
pub(super) static ATANHF: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	abs{ftz}.f32 	%f8, %f7;
	mov.f32 	%f9, 0f3F800000;
	sub{rn}{ftz}.f32 	%f10, %f9, %f8;
	rcp.approx.ftz.f32 	%f11, %f10;
	add{rn}{ftz}.f32 	%f12, %f11, %f11;
	mul{rn}{ftz}.f32 	%f13, %f8, %f12;
	setp.gt{ftz}.f32 	%p1, %f8, 0f7E800000;
	selp.f32 	%f1, 0fC0000000, %f13, %p1;
	add.rz{ftz}.f32 	%f14, %f1, %f9;
	mov.b32 	%r2, %f14;
	add.s32 	%r3, %r2, -1061158912;
	and.b32  	%r4, %r3, -8388608;
	mov.b32 	%r1, %f1;
	sub.s32 	%r5, %r1, %r4;
	mov.b32 	%f15, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r4;
	mov.b32 	%f16, %r7;
	mov.f32 	%f17, 0fBF800000;
	mov.f32 	%f18, 0f3E800000;
	fma.rn{ftz}.f32 	%f19, %f18, %f16, %f17;
	add{rn}{ftz}.f32 	%f20, %f19, %f15;
	cvt.rn.f32.s32 	%f21, %r4;
	mul{rn}{ftz}.f32 	%f22, %f21, 0f34000000;
	mov.f32 	%f23, 0f3DD80012;
	mov.f32 	%f24, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f25, %f24, %f20, %f23;
	mov.f32 	%f26, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f27, %f25, %f20, %f26;
	mov.f32 	%f28, 0f3E146475;
	fma.rn{ftz}.f32 	%f29, %f27, %f20, %f28;
	mov.f32 	%f30, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f31, %f29, %f20, %f30;
	mov.f32 	%f32, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f33, %f31, %f20, %f32;
	mov.f32 	%f34, 0fBE800042;
	fma.rn{ftz}.f32 	%f35, %f33, %f20, %f34;
	mov.f32 	%f36, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f37, %f35, %f20, %f36;
	mov.f32 	%f38, 0fBF000000;
	fma.rn{ftz}.f32 	%f39, %f37, %f20, %f38;
	mul{rn}{ftz}.f32 	%f40, %f20, %f39;
	fma.rn{ftz}.f32 	%f41, %f40, %f20, %f20;
	mov.f32 	%f42, 0f3F317218;
	fma.rn{ftz}.f32 	%f49, %f22, %f42, %f41;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_4;

	setp.lt.s32 	%p3, %r1, -1082130431;
	@%p3 bra 	$L__BB0_3;

	mov.f32 	%f43, 0f7F800000;
	fma.rn{ftz}.f32 	%f49, %f1, %f43, %f43;

$L__BB0_3:
	setp.eq{ftz}.f32 	%p4, %f1, 0f00000000;
	selp.f32 	%f49, 0f80000000, %f49, %p4;

$L__BB0_4:
	mul{rn}{ftz}.f32 	%f44, %f49, 0f3F000000;
	abs{ftz}.f32 	%f45, %f44;
	setp.le{ftz}.f32 	%p5, %f45, 0f7F800000;
	mov.b32 	%r8, %f44;
	mov.b32 	%r9, %f7;
	and.b32  	%r10, %r9, -2147483648;
	or.b32  	%r11, %r10, %r8;
	mov.b32 	%f46, %r11;
	selp.f32 	%f47, %f46, %f44, %p5;
	st.param.b32 	[{ret}], %f47;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `tgammaf`: Γ(x): a polynomial on the reduced argument, products for the shift, Stirling's formula with exp for large x, reflection for negative x, single precision.
pub(super) static TGAMMAF: Variants = Variants {
    base: "	ld.param.b32 	%f14, [{p0}];
	abs.f32 	%f1, %f14;
	setp.ltu.f32 	%p1, %f1, 0f3FC00000;
	@%p1 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	setp.eq.f32 	%p10, %f14, 0f00000000;
	mov.f32 	%f179, %f14;
	@%p10 bra 	$L__BB0_6;

	cvt.rni.f32.f32 	%f154, %f14;
	sub{rn}.f32 	%f179, %f14, %f154;

$L__BB0_6:
	setp.lt.f32 	%p11, %f14, 0fBF000000;
	selp.f32 	%f155, %f14, 0f3F800000, %p11;
	mov.f32 	%f156, 0f3F800000;
	mul{rn}.f32 	%f157, %f155, %f179;
	setp.le.f32 	%p12, %f14, 0f3F000000;
	selp.f32 	%f158, %f157, %f155, %p12;
	mov.f32 	%f159, 0f3BE903D7;
	mov.f32 	%f160, 0fBA8C9F66;
	fma.rn.f32 	%f161, %f160, %f179, %f159;
	mov.f32 	%f162, 0fBC1E00B0;
	fma.rn.f32 	%f163, %f161, %f179, %f162;
	mov.f32 	%f164, 0fBD2CC522;
	fma.rn.f32 	%f165, %f163, %f179, %f164;
	mov.f32 	%f166, 0f3E2A89B3;
	fma.rn.f32 	%f167, %f165, %f179, %f166;
	mov.f32 	%f168, 0fBD2C0C05;
	fma.rn.f32 	%f169, %f167, %f179, %f168;
	mov.f32 	%f170, 0fBF27E7A2;
	fma.rn.f32 	%f171, %f169, %f179, %f170;
	mov.f32 	%f172, 0f3F13C468;
	fma.rn.f32 	%f173, %f171, %f179, %f172;
	mov.f32 	%f174, 0f00000000;
	fma.rn.f32 	%f175, %f173, %f158, %f174;
	fma.rn.f32 	%f176, %f175, %f179, %f158;
	div.approx.f32 	%f181, %f156, %f176;
	setp.geu.f32 	%p13, %f14, 0f00000000;
	@%p13 bra 	$L__BB0_10;
	bra.uni 	$L__BB0_7;

$L__BB0_1:
	setp.lt.f32 	%p2, %f14, 0f00000000;
	setp.gt.f32 	%p3, %f1, 0f42246666;
	selp.f32 	%f2, 0f42246666, %f14, %p3;
	abs.f32 	%f3, %f2;
	setp.lt.f32 	%p4, %f3, 0f00800000;
	mul{rn}.f32 	%f15, %f3, 0f4B800000;
	selp.f32 	%f16, %f15, %f3, %p4;
	selp.f32 	%f17, 0fC1C00000, 0f00000000, %p4;
	mov.b32 	%r1, %f16;
	add.s32 	%r2, %r1, -1060439283;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f18, %r4;
	cvt.rn.f32.s32 	%f19, %r3;
	mov.f32 	%f20, 0f34000000;
	fma.rn.f32 	%f21, %f19, %f20, %f17;
	add{rn}.f32 	%f22, %f18, 0fBF800000;
	add{rn}.f32 	%f23, %f18, 0f3F800000;
	mov.f32 	%f24, 0f3F800000;
	rcp.approx.ftz.f32 	%f25, %f23;
	add{rn}.f32 	%f26, %f22, %f22;
	mul{rn}.f32 	%f27, %f26, %f25;
	mul{rn}.f32 	%f28, %f27, %f27;
	sub{rn}.f32 	%f29, %f22, %f27;
	add{rn}.f32 	%f30, %f29, %f29;
	neg.f32 	%f31, %f27;
	fma.rn.f32 	%f32, %f31, %f22, %f30;
	mul.rn.f32 	%f33, %f25, %f32;
	mov.f32 	%f34, 0f3B52E7DB;
	mov.f32 	%f35, 0f3A2C32E4;
	fma.rn.f32 	%f36, %f35, %f28, %f34;
	mov.f32 	%f37, 0f3C93BB73;
	fma.rn.f32 	%f38, %f36, %f28, %f37;
	mov.f32 	%f39, 0f3DF6384F;
	fma.rn.f32 	%f40, %f38, %f28, %f39;
	mul.rn.f32 	%f41, %f40, %f28;
	mov.f32 	%f42, 0f3FB8AA3B;
	fma.rn.f32 	%f43, %f27, %f42, %f21;
	sub{rn}.f32 	%f44, %f21, %f43;
	fma.rn.f32 	%f45, %f27, %f42, %f44;
	fma.rn.f32 	%f46, %f33, %f42, %f45;
	mov.f32 	%f47, 0f32A55E34;
	fma.rn.f32 	%f48, %f27, %f47, %f46;
	fma.rn.f32 	%f49, %f41, %f27, %f48;
	add.rn.f32 	%f50, %f43, %f49;
	neg.f32 	%f51, %f43;
	add.rn.f32 	%f52, %f50, %f51;
	neg.f32 	%f53, %f52;
	add.rn.f32 	%f54, %f49, %f53;
	add{rn}.f32 	%f55, %f3, 0fBF000000;
	mul.rn.f32 	%f56, %f50, %f55;
	neg.f32 	%f57, %f56;
	fma.rn.f32 	%f58, %f50, %f55, %f57;
	fma.rn.f32 	%f59, %f54, %f55, %f58;
	mul.rn.f32 	%f60, %f42, %f3;
	neg.f32 	%f61, %f60;
	fma.rn.f32 	%f62, %f42, %f3, %f61;
	mov.f32 	%f63, 0f32A57060;
	fma.rn.f32 	%f64, %f63, %f3, %f62;
	add.rn.f32 	%f65, %f56, %f61;
	add.rn.f32 	%f66, %f65, %f60;
	neg.f32 	%f67, %f66;
	add.rn.f32 	%f68, %f65, %f67;
	add.rn.f32 	%f69, %f56, %f67;
	neg.f32 	%f70, %f68;
	add.rn.f32 	%f71, %f61, %f70;
	add.rn.f32 	%f72, %f69, %f71;
	sub{rn}.f32 	%f73, %f59, %f64;
	add{rn}.f32 	%f74, %f73, %f72;
	neg.f32 	%f75, %f74;
	setp.gt.f32 	%p5, %f3, 0f42040000;
	selp.f32 	%f76, 0f42400000, 0f80000000, %p5;
	sub{rn}.f32 	%f77, %f76, %f65;
	selp.f32 	%f78, %f77, %f65, %p2;
	selp.f32 	%f79, %f75, %f74, %p2;
	cvt.rni.f32.f32 	%f80, %f78;
	sub{rn}.f32 	%f81, %f78, %f80;
	add{rn}.f32 	%f82, %f81, %f79;
	mov.f32 	%f83, 0f3AAF85ED;
	mov.f32 	%f84, 0f391FCB8E;
	fma.rn.f32 	%f85, %f84, %f82, %f83;
	mov.f32 	%f86, 0f3C1D9856;
	fma.rn.f32 	%f87, %f85, %f82, %f86;
	mov.f32 	%f88, 0f3D6357BB;
	fma.rn.f32 	%f89, %f87, %f82, %f88;
	mov.f32 	%f90, 0f3E75FDEC;
	fma.rn.f32 	%f91, %f89, %f82, %f90;
	mov.f32 	%f92, 0f3F317218;
	fma.rn.f32 	%f93, %f91, %f82, %f92;
	fma.rn.f32 	%f94, %f93, %f82, %f24;
	cvt.rzi.s32.f32 	%r5, %f80;
	setp.gt.f32 	%p6, %f80, 0f00000000;
	selp.b32 	%r6, 0, -2097152000, %p6;
	add.s32 	%r7, %r6, 2130706432;
	mov.b32 	%f95, %r7;
	mul{rn}.f32 	%f96, %f94, %f95;
	shl.b32 	%r8, %r5, 23;
	sub.s32 	%r9, %r8, %r6;
	mov.b32 	%f97, %r9;
	mul{rn}.f32 	%f98, %f96, %f97;
	mul{rn}.f32 	%f4, %f98, 0f40206C99;
	rcp.approx.ftz.f32 	%f99, %f3;
	mov.f32 	%f100, 0fB8543ED8;
	mov.f32 	%f101, 0f388F7971;
	fma.rn.f32 	%f102, %f101, %f99, %f100;
	mov.f32 	%f103, 0fB9DDA6BE;
	fma.rn.f32 	%f104, %f102, %f99, %f103;
	mov.f32 	%f105, 0f3A820ABE;
	fma.rn.f32 	%f106, %f104, %f99, %f105;
	mov.f32 	%f107, 0fB9920AFD;
	fma.rn.f32 	%f108, %f106, %f99, %f107;
	mov.f32 	%f109, 0fBB2F4D64;
	fma.rn.f32 	%f110, %f108, %f99, %f109;
	mov.f32 	%f111, 0f3B638732;
	fma.rn.f32 	%f112, %f110, %f99, %f111;
	mov.f32 	%f113, 0f3DAAAAAC;
	fma.rn.f32 	%f114, %f112, %f99, %f113;
	mul{rn}.f32 	%f5, %f99, %f114;
	@%p2 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	add{rn}.f32 	%f115, %f3, %f3;
	cvt.rni.f32.f32 	%f116, %f115;
	cvt.rzi.s32.f32 	%r10, %f116;
	mov.f32 	%f117, 0fBF000000;
	fma.rn.f32 	%f118, %f116, %f117, %f3;
	mul.rn.f32 	%f119, %f118, %f118;
	mov.f32 	%f120, 0f40233590;
	mov.f32 	%f121, 0fBF17ACC9;
	fma.rn.f32 	%f122, %f121, %f119, %f120;
	mov.f32 	%f123, 0fBFAAD2E0;
	mov.f32 	%f124, 0f3E684E12;
	fma.rn.f32 	%f125, %f124, %f119, %f123;
	mov.f32 	%f126, 0fC0A55DF6;
	fma.rn.f32 	%f127, %f122, %f119, %f126;
	mov.f32 	%f128, 0f4081E0CF;
	fma.rn.f32 	%f129, %f125, %f119, %f128;
	mov.f32 	%f130, 0f00000000;
	fma.rn.f32 	%f131, %f119, %f118, %f130;
	mov.f32 	%f132, 0fC09DE9E6;
	fma.rn.f32 	%f133, %f129, %f119, %f132;
	fma.rn.f32 	%f134, %f127, %f131, %f130;
	fma.rn.f32 	%f136, %f133, %f119, %f24;
	mov.f32 	%f137, 0f40490FDB;
	fma.rn.f32 	%f138, %f137, %f118, %f134;
	and.b32  	%r11, %r10, 1;
	setp.eq.b32 	%p8, %r11, 1;
	selp.f32 	%f139, %f136, %f138, %p8;
	and.b32  	%r12, %r10, 2;
	setp.eq.s32 	%p9, %r12, 0;
	sub{rn}.f32 	%f140, %f130, %f139;
	selp.f32 	%f141, %f139, %f140, %p9;
	fma.rn.f32 	%f142, %f5, %f2, %f2;
	mul.rn.f32 	%f143, %f142, %f141;
	neg.f32 	%f144, %f143;
	fma.rn.f32 	%f145, %f142, %f141, %f144;
	div.approx.f32 	%f146, %f24, %f143;
	mul{rn}.f32 	%f147, %f146, %f146;
	mul{rn}.f32 	%f148, %f145, %f147;
	mul{rn}.f32 	%f149, %f4, %f148;
	neg.f32 	%f150, %f149;
	fma.rn.f32 	%f151, %f4, %f146, %f150;
	mul{rn}.f32 	%f152, %f151, 0f3F000000;
	mul{rn}.f32 	%f153, %f152, 0f27800000;
	selp.f32 	%f181, %f153, %f152, %p5;

$L__BB0_7:
	mov.f32 	%f11, %f181;
	cvt.rzi.f32.f32 	%f178, %f14;
	setp.eq.f32 	%p14, %f178, %f14;
	mov.f32 	%f181, 0f7FFFFFFF;
	@%p14 bra 	$L__BB0_10;

	setp.geu.f32 	%p15, %f14, 0fC2246666;
	mov.f32 	%f181, %f11;
	@%p15 bra 	$L__BB0_10;

	cvt.rzi.s32.f32 	%r13, %f14;
	and.b32  	%r14, %r13, 1;
	setp.eq.b32 	%p16, %r14, 1;
	selp.f32 	%f181, 0f00000000, %f11, %p16;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	fma.rn.f32 	%f181, %f5, %f4, %f4;

$L__BB0_10:
	st.param.b32 	[{ret}], %f181;
	ret;
",
    ftz: Some(
        "	ld.param.b32 	%f14, [{p0}];
	abs{ftz}.f32 	%f1, %f14;
	setp.ltu{ftz}.f32 	%p1, %f1, 0f3FC00000;
	@%p1 bra 	$L__BB0_4;
	bra.uni 	$L__BB0_1;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p9, %f14, 0f00000000;
	mov.f32 	%f177, %f14;
	@%p9 bra 	$L__BB0_6;

	cvt.rni.f32.f32 	%f152, %f14;
	sub{rn}{ftz}.f32 	%f177, %f14, %f152;

$L__BB0_6:
	setp.lt{ftz}.f32 	%p10, %f14, 0fBF000000;
	selp.f32 	%f153, %f14, 0f3F800000, %p10;
	mov.f32 	%f154, 0f3F800000;
	mul{rn}{ftz}.f32 	%f155, %f153, %f177;
	setp.le{ftz}.f32 	%p11, %f14, 0f3F000000;
	selp.f32 	%f156, %f155, %f153, %p11;
	mov.f32 	%f157, 0f3BE903D7;
	mov.f32 	%f158, 0fBA8C9F66;
	fma.rn{ftz}.f32 	%f159, %f158, %f177, %f157;
	mov.f32 	%f160, 0fBC1E00B0;
	fma.rn{ftz}.f32 	%f161, %f159, %f177, %f160;
	mov.f32 	%f162, 0fBD2CC522;
	fma.rn{ftz}.f32 	%f163, %f161, %f177, %f162;
	mov.f32 	%f164, 0f3E2A89B3;
	fma.rn{ftz}.f32 	%f165, %f163, %f177, %f164;
	mov.f32 	%f166, 0fBD2C0C05;
	fma.rn{ftz}.f32 	%f167, %f165, %f177, %f166;
	mov.f32 	%f168, 0fBF27E7A2;
	fma.rn{ftz}.f32 	%f169, %f167, %f177, %f168;
	mov.f32 	%f170, 0f3F13C468;
	fma.rn{ftz}.f32 	%f171, %f169, %f177, %f170;
	mov.f32 	%f172, 0f00000000;
	fma.rn{ftz}.f32 	%f173, %f171, %f156, %f172;
	fma.rn{ftz}.f32 	%f174, %f173, %f177, %f156;
	div.approx{ftz}.f32 	%f179, %f154, %f174;
	setp.geu{ftz}.f32 	%p12, %f14, 0f00000000;
	@%p12 bra 	$L__BB0_10;
	bra.uni 	$L__BB0_7;

$L__BB0_1:
	setp.lt{ftz}.f32 	%p2, %f14, 0f00000000;
	mov.f32 	%f15, 0f00000000;
	setp.gt{ftz}.f32 	%p3, %f1, 0f42246666;
	selp.f32 	%f2, 0f42246666, %f14, %p3;
	abs{ftz}.f32 	%f3, %f2;
	mov.b32 	%r1, %f3;
	add.s32 	%r2, %r1, -1060439283;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f16, %r4;
	cvt.rn.f32.s32 	%f17, %r3;
	mov.f32 	%f18, 0f34000000;
	fma.rn{ftz}.f32 	%f19, %f17, %f18, %f15;
	add{rn}{ftz}.f32 	%f20, %f16, 0fBF800000;
	add{rn}{ftz}.f32 	%f21, %f16, 0f3F800000;
	mov.f32 	%f22, 0f3F800000;
	rcp.approx{ftz}.f32 	%f23, %f21;
	add{rn}{ftz}.f32 	%f24, %f20, %f20;
	mul{rn}{ftz}.f32 	%f25, %f24, %f23;
	mul{rn}{ftz}.f32 	%f26, %f25, %f25;
	sub{rn}{ftz}.f32 	%f27, %f20, %f25;
	add{rn}{ftz}.f32 	%f28, %f27, %f27;
	neg{ftz}.f32 	%f29, %f25;
	fma.rn{ftz}.f32 	%f30, %f29, %f20, %f28;
	mul.rn{ftz}.f32 	%f31, %f23, %f30;
	mov.f32 	%f32, 0f3B52E7DB;
	mov.f32 	%f33, 0f3A2C32E4;
	fma.rn{ftz}.f32 	%f34, %f33, %f26, %f32;
	mov.f32 	%f35, 0f3C93BB73;
	fma.rn{ftz}.f32 	%f36, %f34, %f26, %f35;
	mov.f32 	%f37, 0f3DF6384F;
	fma.rn{ftz}.f32 	%f38, %f36, %f26, %f37;
	mul.rn{ftz}.f32 	%f39, %f38, %f26;
	mov.f32 	%f40, 0f3FB8AA3B;
	fma.rn{ftz}.f32 	%f41, %f25, %f40, %f19;
	sub{rn}{ftz}.f32 	%f42, %f19, %f41;
	fma.rn{ftz}.f32 	%f43, %f25, %f40, %f42;
	fma.rn{ftz}.f32 	%f44, %f31, %f40, %f43;
	mov.f32 	%f45, 0f32A55E34;
	fma.rn{ftz}.f32 	%f46, %f25, %f45, %f44;
	fma.rn{ftz}.f32 	%f47, %f39, %f25, %f46;
	add.rn{ftz}.f32 	%f48, %f41, %f47;
	neg{ftz}.f32 	%f49, %f41;
	add.rn{ftz}.f32 	%f50, %f48, %f49;
	neg{ftz}.f32 	%f51, %f50;
	add.rn{ftz}.f32 	%f52, %f47, %f51;
	add{rn}{ftz}.f32 	%f53, %f3, 0fBF000000;
	mul.rn{ftz}.f32 	%f54, %f48, %f53;
	neg{ftz}.f32 	%f55, %f54;
	fma.rn{ftz}.f32 	%f56, %f48, %f53, %f55;
	fma.rn{ftz}.f32 	%f57, %f52, %f53, %f56;
	mul.rn{ftz}.f32 	%f58, %f40, %f3;
	neg{ftz}.f32 	%f59, %f58;
	fma.rn{ftz}.f32 	%f60, %f40, %f3, %f59;
	mov.f32 	%f61, 0f32A57060;
	fma.rn{ftz}.f32 	%f62, %f61, %f3, %f60;
	add.rn{ftz}.f32 	%f63, %f54, %f59;
	add.rn{ftz}.f32 	%f64, %f63, %f58;
	neg{ftz}.f32 	%f65, %f64;
	add.rn{ftz}.f32 	%f66, %f63, %f65;
	add.rn{ftz}.f32 	%f67, %f54, %f65;
	neg{ftz}.f32 	%f68, %f66;
	add.rn{ftz}.f32 	%f69, %f59, %f68;
	add.rn{ftz}.f32 	%f70, %f67, %f69;
	sub{rn}{ftz}.f32 	%f71, %f57, %f62;
	add{rn}{ftz}.f32 	%f72, %f71, %f70;
	neg{ftz}.f32 	%f73, %f72;
	setp.gt{ftz}.f32 	%p4, %f3, 0f42040000;
	selp.f32 	%f74, 0f42400000, 0f80000000, %p4;
	sub{rn}{ftz}.f32 	%f75, %f74, %f63;
	selp.f32 	%f76, %f75, %f63, %p2;
	selp.f32 	%f77, %f73, %f72, %p2;
	cvt.rni.f32.f32 	%f78, %f76;
	sub{rn}{ftz}.f32 	%f79, %f76, %f78;
	add{rn}{ftz}.f32 	%f80, %f79, %f77;
	mov.f32 	%f81, 0f3AAF85ED;
	mov.f32 	%f82, 0f391FCB8E;
	fma.rn{ftz}.f32 	%f83, %f82, %f80, %f81;
	mov.f32 	%f84, 0f3C1D9856;
	fma.rn{ftz}.f32 	%f85, %f83, %f80, %f84;
	mov.f32 	%f86, 0f3D6357BB;
	fma.rn{ftz}.f32 	%f87, %f85, %f80, %f86;
	mov.f32 	%f88, 0f3E75FDEC;
	fma.rn{ftz}.f32 	%f89, %f87, %f80, %f88;
	mov.f32 	%f90, 0f3F317218;
	fma.rn{ftz}.f32 	%f91, %f89, %f80, %f90;
	fma.rn{ftz}.f32 	%f92, %f91, %f80, %f22;
	cvt.rzi{ftz}.s32.f32 	%r5, %f78;
	setp.gt{ftz}.f32 	%p5, %f78, 0f00000000;
	selp.b32 	%r6, 0, -2097152000, %p5;
	add.s32 	%r7, %r6, 2130706432;
	mov.b32 	%f93, %r7;
	mul{rn}{ftz}.f32 	%f94, %f92, %f93;
	shl.b32 	%r8, %r5, 23;
	sub.s32 	%r9, %r8, %r6;
	mov.b32 	%f95, %r9;
	mul{rn}{ftz}.f32 	%f96, %f94, %f95;
	mul{rn}{ftz}.f32 	%f4, %f96, 0f40206C99;
	rcp.approx{ftz}.f32 	%f97, %f3;
	mov.f32 	%f98, 0fB8543ED8;
	mov.f32 	%f99, 0f388F7971;
	fma.rn{ftz}.f32 	%f100, %f99, %f97, %f98;
	mov.f32 	%f101, 0fB9DDA6BE;
	fma.rn{ftz}.f32 	%f102, %f100, %f97, %f101;
	mov.f32 	%f103, 0f3A820ABE;
	fma.rn{ftz}.f32 	%f104, %f102, %f97, %f103;
	mov.f32 	%f105, 0fB9920AFD;
	fma.rn{ftz}.f32 	%f106, %f104, %f97, %f105;
	mov.f32 	%f107, 0fBB2F4D64;
	fma.rn{ftz}.f32 	%f108, %f106, %f97, %f107;
	mov.f32 	%f109, 0f3B638732;
	fma.rn{ftz}.f32 	%f110, %f108, %f97, %f109;
	mov.f32 	%f111, 0f3DAAAAAC;
	fma.rn{ftz}.f32 	%f112, %f110, %f97, %f111;
	mul{rn}{ftz}.f32 	%f5, %f97, %f112;
	@%p2 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	add{rn}{ftz}.f32 	%f113, %f3, %f3;
	cvt.rni.f32.f32 	%f114, %f113;
	cvt.rzi.s32.f32 	%r10, %f114;
	mov.f32 	%f115, 0fBF000000;
	fma.rn{ftz}.f32 	%f116, %f114, %f115, %f3;
	mul.rn{ftz}.f32 	%f117, %f116, %f116;
	mov.f32 	%f118, 0f40233590;
	mov.f32 	%f119, 0fBF17ACC9;
	fma.rn{ftz}.f32 	%f120, %f119, %f117, %f118;
	mov.f32 	%f121, 0fBFAAD2E0;
	mov.f32 	%f122, 0f3E684E12;
	fma.rn{ftz}.f32 	%f123, %f122, %f117, %f121;
	mov.f32 	%f124, 0fC0A55DF6;
	fma.rn{ftz}.f32 	%f125, %f120, %f117, %f124;
	mov.f32 	%f126, 0f4081E0CF;
	fma.rn{ftz}.f32 	%f127, %f123, %f117, %f126;
	fma.rn{ftz}.f32 	%f129, %f117, %f116, %f15;
	mov.f32 	%f130, 0fC09DE9E6;
	fma.rn{ftz}.f32 	%f131, %f127, %f117, %f130;
	fma.rn{ftz}.f32 	%f132, %f125, %f129, %f15;
	fma.rn{ftz}.f32 	%f134, %f131, %f117, %f22;
	mov.f32 	%f135, 0f40490FDB;
	fma.rn{ftz}.f32 	%f136, %f135, %f116, %f132;
	and.b32  	%r11, %r10, 1;
	setp.eq.b32 	%p7, %r11, 1;
	selp.f32 	%f137, %f134, %f136, %p7;
	and.b32  	%r12, %r10, 2;
	setp.eq.s32 	%p8, %r12, 0;
	sub{rn}{ftz}.f32 	%f138, %f15, %f137;
	selp.f32 	%f139, %f137, %f138, %p8;
	fma.rn{ftz}.f32 	%f140, %f5, %f2, %f2;
	mul.rn{ftz}.f32 	%f141, %f140, %f139;
	neg{ftz}.f32 	%f142, %f141;
	fma.rn{ftz}.f32 	%f143, %f140, %f139, %f142;
	div.approx{ftz}.f32 	%f144, %f22, %f141;
	mul{rn}{ftz}.f32 	%f145, %f144, %f144;
	mul{rn}{ftz}.f32 	%f146, %f143, %f145;
	mul{rn}{ftz}.f32 	%f147, %f4, %f146;
	neg{ftz}.f32 	%f148, %f147;
	fma.rn{ftz}.f32 	%f149, %f4, %f144, %f148;
	mul{rn}{ftz}.f32 	%f150, %f149, 0f3F000000;
	mul{rn}{ftz}.f32 	%f151, %f150, 0f27800000;
	selp.f32 	%f179, %f151, %f150, %p4;

$L__BB0_7:
	mov.f32 	%f11, %f179;
	cvt.rzi.f32.f32 	%f176, %f14;
	setp.eq{ftz}.f32 	%p13, %f176, %f14;
	mov.f32 	%f179, 0f7FFFFFFF;
	@%p13 bra 	$L__BB0_10;

	setp.geu{ftz}.f32 	%p14, %f14, 0fC2246666;
	mov.f32 	%f179, %f11;
	@%p14 bra 	$L__BB0_10;

	cvt.rzi.s32.f32 	%r13, %f14;
	and.b32  	%r14, %r13, 1;
	setp.eq.b32 	%p15, %r14, 1;
	selp.f32 	%f179, 0f00000000, %f11, %p15;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	fma.rn{ftz}.f32 	%f179, %f5, %f4, %f4;

$L__BB0_10:
	st.param.b32 	[{ret}], %f179;
	ret;
",
    ),
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `lgammaf`: ln|Γ(x)|: polynomials near 1 and 2, Stirling's series for large x, the reflection formula with sin(πx) for negative x, single precision.
pub(super) static LGAMMAF: Variants = Variants {
    base: "	ld.param.b32 	%f34, [{p0}];
	abs{ftz}.f32 	%f1, %f34;
	setp.ltu{ftz}.f32 	%p1, %f1, 0f40400000;
	@%p1 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_1;

$L__BB0_6:
	setp.ltu{ftz}.f32 	%p7, %f1, 0f3FC00000;
	@%p7 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_7;

$L__BB0_8:
	setp.ltu{ftz}.f32 	%p8, %f1, 0f3F333333;
	@%p8 bra 	$L__BB0_10;
	bra.uni 	$L__BB0_9;

$L__BB0_10:
	mov.f32 	%f140, 0fBBB34878;
	mov.f32 	%f141, 0f3B6B1C86;
	fma.rn{ftz}.f32 	%f142, %f141, %f1, %f140;
	mov.f32 	%f143, 0fBD36CAEF;
	fma.rn{ftz}.f32 	%f144, %f142, %f1, %f143;
	mov.f32 	%f145, 0f3E2B5555;
	fma.rn{ftz}.f32 	%f146, %f144, %f1, %f145;
	mov.f32 	%f147, 0fBD2C96C7;
	fma.rn{ftz}.f32 	%f148, %f146, %f1, %f147;
	mov.f32 	%f149, 0fBF27E6EB;
	fma.rn{ftz}.f32 	%f150, %f148, %f1, %f149;
	mov.f32 	%f151, 0f3F13C463;
	fma.rn{ftz}.f32 	%f152, %f150, %f1, %f151;
	mul{rn}{ftz}.f32 	%f153, %f1, %f152;
	fma.rn{ftz}.f32 	%f154, %f153, %f1, %f1;
	setp.lt{ftz}.f32 	%p9, %f154, 0f00800000;
	mul{rn}{ftz}.f32 	%f155, %f154, 0f4B000000;
	selp.f32 	%f10, %f155, %f154, %p9;
	selp.f32 	%f156, 0fC1B80000, 0f00000000, %p9;
	mov.b32 	%r7, %f10;
	add.s32 	%r8, %r7, -1059760811;
	and.b32  	%r9, %r8, -8388608;
	sub.s32 	%r10, %r7, %r9;
	mov.b32 	%f157, %r10;
	cvt.rn.f32.s32 	%f158, %r9;
	mov.f32 	%f159, 0f34000000;
	fma.rn{ftz}.f32 	%f160, %f158, %f159, %f156;
	add{rn}{ftz}.f32 	%f161, %f157, 0fBF800000;
	mov.f32 	%f162, 0f3E1039F6;
	mov.f32 	%f163, 0fBE055027;
	fma.rn{ftz}.f32 	%f164, %f163, %f161, %f162;
	mov.f32 	%f165, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f166, %f164, %f161, %f165;
	mov.f32 	%f167, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f168, %f166, %f161, %f167;
	mov.f32 	%f169, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f170, %f168, %f161, %f169;
	mov.f32 	%f171, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f172, %f170, %f161, %f171;
	mov.f32 	%f173, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f174, %f172, %f161, %f173;
	mov.f32 	%f175, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f176, %f174, %f161, %f175;
	mov.f32 	%f177, 0fBF000000;
	fma.rn{ftz}.f32 	%f178, %f176, %f161, %f177;
	mul{rn}{ftz}.f32 	%f179, %f161, %f178;
	fma.rn{ftz}.f32 	%f180, %f179, %f161, %f161;
	mov.f32 	%f181, 0f3F317218;
	fma.rn{ftz}.f32 	%f268, %f160, %f181, %f180;
	setp.lt.u32 	%p10, %r7, 2139095040;
	@%p10 bra 	$L__BB0_12;

	mov.f32 	%f182, 0f7F800000;
	fma.rn{ftz}.f32 	%f268, %f10, %f182, %f182;

$L__BB0_12:
	neg{ftz}.f32 	%f183, %f268;
	setp.eq{ftz}.f32 	%p11, %f10, 0f00000000;
	selp.f32 	%f269, 0f7F800000, %f183, %p11;
	bra.uni 	$L__BB0_13;

$L__BB0_1:
	setp.ltu{ftz}.f32 	%p2, %f1, 0f40F9999A;
	@%p2 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_2;

$L__BB0_5:
	add{rn}{ftz}.f32 	%f79, %f1, 0fC0400000;
	mov.f32 	%f80, 0fC640F6F8;
	mov.f32 	%f81, 0fC43B38FB;
	fma.rn{ftz}.f32 	%f82, %f81, %f79, %f80;
	mov.f32 	%f83, 0fC7206560;
	fma.rn{ftz}.f32 	%f84, %f82, %f79, %f83;
	mov.f32 	%f85, 0fC73CB6AA;
	fma.rn{ftz}.f32 	%f86, %f84, %f79, %f85;
	mov.f32 	%f87, 0fC80BAE5A;
	fma.rn{ftz}.f32 	%f88, %f86, %f79, %f87;
	add{rn}{ftz}.f32 	%f89, %f79, 0fC381A020;
	mov.f32 	%f90, 0fC62864B8;
	fma.rn{ftz}.f32 	%f91, %f89, %f79, %f90;
	mov.f32 	%f92, 0fC7B50686;
	fma.rn{ftz}.f32 	%f93, %f91, %f79, %f92;
	mov.f32 	%f94, 0fC8498465;
	fma.rn{ftz}.f32 	%f95, %f93, %f79, %f94;
	rcp.approx.ftz.f32 	%f96, %f95;
	fma.rn{ftz}.f32 	%f269, %f88, %f96, %f79;
	bra.uni 	$L__BB0_13;

$L__BB0_7:
	add{rn}{ftz}.f32 	%f97, %f1, 0fC0000000;
	mov.f32 	%f98, 0fB967A002;
	mov.f32 	%f99, 0f385007FA;
	fma.rn{ftz}.f32 	%f100, %f99, %f97, %f98;
	mov.f32 	%f101, 0f3A0DE6FC;
	fma.rn{ftz}.f32 	%f102, %f100, %f97, %f101;
	mov.f32 	%f103, 0fBA9DE0E2;
	fma.rn{ftz}.f32 	%f104, %f102, %f97, %f103;
	mov.f32 	%f105, 0f3B3D05B7;
	fma.rn{ftz}.f32 	%f106, %f104, %f97, %f105;
	mov.f32 	%f107, 0fBBF1EB10;
	fma.rn{ftz}.f32 	%f108, %f106, %f97, %f107;
	mov.f32 	%f109, 0f3CA89A28;
	fma.rn{ftz}.f32 	%f110, %f108, %f97, %f109;
	mov.f32 	%f111, 0fBD89F01A;
	fma.rn{ftz}.f32 	%f112, %f110, %f97, %f111;
	mov.f32 	%f113, 0f3EA51A66;
	fma.rn{ftz}.f32 	%f114, %f112, %f97, %f113;
	mov.f32 	%f115, 0f3ED87730;
	fma.rn{ftz}.f32 	%f116, %f114, %f97, %f115;
	mul{rn}{ftz}.f32 	%f269, %f97, %f116;
	bra.uni 	$L__BB0_13;

$L__BB0_2:
	mul{rn}{ftz}.f32 	%f35, %f1, 0f4B000000;
	setp.lt{ftz}.f32 	%p3, %f1, 0f00800000;
	selp.f32 	%f2, %f35, %f1, %p3;
	selp.f32 	%f36, 0fC1B80000, 0f00000000, %p3;
	mov.b32 	%r3, %f2;
	add.s32 	%r4, %r3, -1059760811;
	and.b32  	%r5, %r4, -8388608;
	sub.s32 	%r6, %r3, %r5;
	mov.b32 	%f37, %r6;
	cvt.rn.f32.s32 	%f38, %r5;
	mov.f32 	%f39, 0f34000000;
	fma.rn{ftz}.f32 	%f40, %f38, %f39, %f36;
	add{rn}{ftz}.f32 	%f41, %f37, 0fBF800000;
	mov.f32 	%f42, 0f3E1039F6;
	mov.f32 	%f43, 0fBE055027;
	fma.rn{ftz}.f32 	%f44, %f43, %f41, %f42;
	mov.f32 	%f45, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f46, %f44, %f41, %f45;
	mov.f32 	%f47, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f48, %f46, %f41, %f47;
	mov.f32 	%f49, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f50, %f48, %f41, %f49;
	mov.f32 	%f51, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f52, %f50, %f41, %f51;
	mov.f32 	%f53, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f54, %f52, %f41, %f53;
	mov.f32 	%f55, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f56, %f54, %f41, %f55;
	mov.f32 	%f57, 0fBF000000;
	fma.rn{ftz}.f32 	%f58, %f56, %f41, %f57;
	mul{rn}{ftz}.f32 	%f59, %f41, %f58;
	fma.rn{ftz}.f32 	%f60, %f59, %f41, %f41;
	mov.f32 	%f61, 0f3F317218;
	fma.rn{ftz}.f32 	%f267, %f40, %f61, %f60;
	setp.lt.u32 	%p4, %r3, 2139095040;
	@%p4 bra 	$L__BB0_4;

	mov.f32 	%f62, 0f7F800000;
	fma.rn{ftz}.f32 	%f267, %f2, %f62, %f62;

$L__BB0_4:
	rcp.approx.ftz.f32 	%f63, %f1;
	mul{rn}{ftz}.f32 	%f64, %f63, %f63;
	mul{rn}{ftz}.f32 	%f65, %f267, 0f3F000000;
	setp.eq{ftz}.f32 	%p5, %f2, 0f00000000;
	selp.f32 	%f66, 0fFF800000, %f65, %p5;
	add{rn}{ftz}.f32 	%f67, %f1, 0fBF000000;
	mul.rn{ftz}.f32 	%f68, %f66, %f67;
	sub{rn}{ftz}.f32 	%f69, %f68, %f1;
	mov.f32 	%f70, 0fBB360953;
	mov.f32 	%f71, 0f3A4BE755;
	fma.rn{ftz}.f32 	%f72, %f71, %f64, %f70;
	mov.f32 	%f73, 0f3DAAAAA3;
	fma.rn{ftz}.f32 	%f74, %f72, %f64, %f73;
	mov.f32 	%f75, 0f3F6B3F8E;
	fma.rn{ftz}.f32 	%f76, %f74, %f63, %f75;
	add.rn{ftz}.f32 	%f77, %f68, %f76;
	add{rn}{ftz}.f32 	%f78, %f69, %f77;
	setp.eq{ftz}.f32 	%p6, %f1, 0f7F800000;
	selp.f32 	%f269, %f1, %f78, %p6;
	bra.uni 	$L__BB0_13;

$L__BB0_9:
	mov.f32 	%f117, 0f3F800000;
	sub{rn}{ftz}.f32 	%f118, %f117, %f1;
	mov.f32 	%f119, 0f3DD47577;
	mov.f32 	%f120, 0f3D3BEF76;
	fma.rn{ftz}.f32 	%f121, %f120, %f118, %f119;
	mov.f32 	%f122, 0f3DFB8079;
	fma.rn{ftz}.f32 	%f123, %f121, %f118, %f122;
	mov.f32 	%f124, 0f3E0295B5;
	fma.rn{ftz}.f32 	%f125, %f123, %f118, %f124;
	mov.f32 	%f126, 0f3E12A765;
	fma.rn{ftz}.f32 	%f127, %f125, %f118, %f126;
	mov.f32 	%f128, 0f3E2D6867;
	fma.rn{ftz}.f32 	%f129, %f127, %f118, %f128;
	mov.f32 	%f130, 0f3E5462BF;
	fma.rn{ftz}.f32 	%f131, %f129, %f118, %f130;
	mov.f32 	%f132, 0f3E8A8A72;
	fma.rn{ftz}.f32 	%f133, %f131, %f118, %f132;
	mov.f32 	%f134, 0f3ECD26A4;
	fma.rn{ftz}.f32 	%f135, %f133, %f118, %f134;
	mov.f32 	%f136, 0f3F528D32;
	fma.rn{ftz}.f32 	%f137, %f135, %f118, %f136;
	mov.f32 	%f138, 0f3F13C468;
	fma.rn{ftz}.f32 	%f139, %f137, %f118, %f138;
	mul{rn}{ftz}.f32 	%f269, %f118, %f139;

$L__BB0_13:
	setp.ge{ftz}.f32 	%p12, %f34, 0f00000000;
	mov.f32 	%f274, %f269;
	@%p12 bra 	$L__BB0_26;

	cvt.rmi{ftz}.f32.f32 	%f185, %f1;
	setp.eq{ftz}.f32 	%p13, %f1, %f185;
	mov.f32 	%f274, 0f7F800000;
	@%p13 bra 	$L__BB0_26;

	setp.lt{ftz}.f32 	%p14, %f1, 0f1FEC1E4A;
	@%p14 bra 	$L__BB0_23;
	bra.uni 	$L__BB0_16;

$L__BB0_23:
	setp.lt{ftz}.f32 	%p21, %f1, 0f00800000;
	mul{rn}{ftz}.f32 	%f238, %f1, 0f4B000000;
	selp.f32 	%f28, %f238, %f1, %p21;
	selp.f32 	%f239, 0fC1B80000, 0f00000000, %p21;
	mov.b32 	%r16, %f28;
	add.s32 	%r17, %r16, -1059760811;
	and.b32  	%r18, %r17, -8388608;
	sub.s32 	%r19, %r16, %r18;
	mov.b32 	%f240, %r19;
	cvt.rn.f32.s32 	%f241, %r18;
	mov.f32 	%f242, 0f34000000;
	fma.rn{ftz}.f32 	%f243, %f241, %f242, %f239;
	add{rn}{ftz}.f32 	%f244, %f240, 0fBF800000;
	mov.f32 	%f245, 0f3E1039F6;
	mov.f32 	%f246, 0fBE055027;
	fma.rn{ftz}.f32 	%f247, %f246, %f244, %f245;
	mov.f32 	%f248, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f249, %f247, %f244, %f248;
	mov.f32 	%f250, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f251, %f249, %f244, %f250;
	mov.f32 	%f252, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f253, %f251, %f244, %f252;
	mov.f32 	%f254, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f255, %f253, %f244, %f254;
	mov.f32 	%f256, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f257, %f255, %f244, %f256;
	mov.f32 	%f258, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f259, %f257, %f244, %f258;
	mov.f32 	%f260, 0fBF000000;
	fma.rn{ftz}.f32 	%f261, %f259, %f244, %f260;
	mul{rn}{ftz}.f32 	%f262, %f244, %f261;
	fma.rn{ftz}.f32 	%f263, %f262, %f244, %f244;
	mov.f32 	%f264, 0f3F317218;
	fma.rn{ftz}.f32 	%f273, %f243, %f264, %f263;
	setp.lt.u32 	%p22, %r16, 2139095040;
	@%p22 bra 	$L__BB0_25;

	mov.f32 	%f265, 0f7F800000;
	fma.rn{ftz}.f32 	%f273, %f28, %f265, %f265;

$L__BB0_25:
	neg{ftz}.f32 	%f266, %f273;
	setp.eq{ftz}.f32 	%p23, %f28, 0f00000000;
	selp.f32 	%f274, 0f7F800000, %f266, %p23;
	bra.uni 	$L__BB0_26;

$L__BB0_16:
	add{rn}{ftz}.f32 	%f187, %f1, %f1;
	cvt.rni.f32.f32 	%f188, %f187;
	cvt.rzi{ftz}.s32.f32 	%r1, %f188;
	neg{ftz}.f32 	%f189, %f188;
	mov.f32 	%f190, 0f3F000000;
	fma.rn{ftz}.f32 	%f191, %f189, %f190, %f1;
	mul{rn}{ftz}.f32 	%f192, %f191, 0f40490FDB;
	mul.rn{ftz}.f32 	%f16, %f192, %f192;
	and.b32  	%r2, %r1, 1;
	setp.eq.s32 	%p15, %r2, 0;
	selp.f32 	%f17, %f192, 0f3F800000, %p15;
	mov.f32 	%f270, 0fB94D4153;
	@%p15 bra 	$L__BB0_18;

	mov.f32 	%f193, 0fBAB607ED;
	mov.f32 	%f194, 0f37CBAC00;
	fma.rn{ftz}.f32 	%f270, %f194, %f16, %f193;

$L__BB0_18:
	selp.f32 	%f195, 0f3C0885E4, 0f3D2AAABB, %p15;
	fma.rn{ftz}.f32 	%f196, %f270, %f16, %f195;
	selp.f32 	%f197, 0fBE2AAAA8, 0fBEFFFFFF, %p15;
	fma.rn{ftz}.f32 	%f198, %f196, %f16, %f197;
	mov.f32 	%f199, 0f00000000;
	fma.rn{ftz}.f32 	%f200, %f16, %f17, %f199;
	fma.rn{ftz}.f32 	%f271, %f198, %f200, %f17;
	and.b32  	%r11, %r1, 2;
	setp.eq.s32 	%p17, %r11, 0;
	@%p17 bra 	$L__BB0_20;

	mov.f32 	%f202, 0fBF800000;
	fma.rn{ftz}.f32 	%f271, %f271, %f202, %f199;

$L__BB0_20:
	abs{ftz}.f32 	%f203, %f271;
	mul{rn}{ftz}.f32 	%f204, %f1, %f203;
	setp.lt{ftz}.f32 	%p18, %f204, 0f00800000;
	mul{rn}{ftz}.f32 	%f205, %f204, 0f4B000000;
	selp.f32 	%f206, 0fC1B80000, 0f00000000, %p18;
	selp.f32 	%f23, %f205, %f204, %p18;
	mov.b32 	%r12, %f23;
	add.s32 	%r13, %r12, -1059760811;
	and.b32  	%r14, %r13, -8388608;
	sub.s32 	%r15, %r12, %r14;
	mov.b32 	%f207, %r15;
	cvt.rn.f32.s32 	%f208, %r14;
	mov.f32 	%f209, 0f34000000;
	fma.rn{ftz}.f32 	%f210, %f208, %f209, %f206;
	add{rn}{ftz}.f32 	%f211, %f207, 0fBF800000;
	mov.f32 	%f212, 0f3E1039F6;
	mov.f32 	%f213, 0fBE055027;
	fma.rn{ftz}.f32 	%f214, %f213, %f211, %f212;
	mov.f32 	%f215, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f216, %f214, %f211, %f215;
	mov.f32 	%f217, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f218, %f216, %f211, %f217;
	mov.f32 	%f219, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f220, %f218, %f211, %f219;
	mov.f32 	%f221, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f222, %f220, %f211, %f221;
	mov.f32 	%f223, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f224, %f222, %f211, %f223;
	mov.f32 	%f225, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f226, %f224, %f211, %f225;
	mov.f32 	%f227, 0fBF000000;
	fma.rn{ftz}.f32 	%f228, %f226, %f211, %f227;
	mul{rn}{ftz}.f32 	%f229, %f228, %f211;
	fma.rn{ftz}.f32 	%f230, %f229, %f211, %f211;
	mov.f32 	%f231, 0f3F317218;
	fma.rn{ftz}.f32 	%f272, %f210, %f231, %f230;
	setp.lt.u32 	%p19, %r12, 2139095040;
	@%p19 bra 	$L__BB0_22;

	mov.f32 	%f232, 0f7F800000;
	fma.rn{ftz}.f32 	%f272, %f23, %f232, %f232;

$L__BB0_22:
	mov.f32 	%f233, 0f3F928682;
	sub{rn}{ftz}.f32 	%f234, %f233, %f272;
	setp.eq{ftz}.f32 	%p20, %f23, 0f00000000;
	selp.f32 	%f235, 0f7F800000, %f234, %p20;
	neg{ftz}.f32 	%f236, %f269;
	mov.f32 	%f237, 0f3F800000;
	fma.rn{ftz}.f32 	%f274, %f235, %f237, %f236;

$L__BB0_26:
	st.param.b32 	[{ret}], %f274;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfinvf`: erf⁻¹(x): a polynomial in w = −log(1 − x²) (one set of coefficients for small w, one for large through √w), single precision.
pub(super) static ERFINVF: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	neg{ftz}.f32 	%f6, %f5;
	mov.f32 	%f7, 0f3F800000;
	fma.rn{ftz}.f32 	%f8, %f5, %f6, %f7;
	lg2.approx.ftz.f32 	%f9, %f8;
	neg{ftz}.f32 	%f1, %f9;
	setp.lt{ftz}.f32 	%p1, %f9, 0fC1033333;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	rsqrt.approx.ftz.f32 	%f29, %f1;
	mov.f32 	%f30, 0fBF29BAA5;
	mov.f32 	%f31, 0fBF1704A1;
	fma.rn{ftz}.f32 	%f32, %f31, %f29, %f30;
	mov.f32 	%f33, 0f3FCC6ADC;
	fma.rn{ftz}.f32 	%f34, %f32, %f29, %f33;
	mov.f32 	%f35, 0fBF2CDAED;
	fma.rn{ftz}.f32 	%f36, %f34, %f29, %f35;
	mov.f32 	%f37, 0fBDC30537;
	fma.rn{ftz}.f32 	%f38, %f36, %f29, %f37;
	mov.f32 	%f39, 0f3F55D9B9;
	fma.rn{ftz}.f32 	%f40, %f38, %f29, %f39;
	rcp.rn{ftz}.f32 	%f41, %f29;
	mul{rn}{ftz}.f32 	%f42, %f41, %f40;
	mov.b32 	%r1, %f42;
	mov.b32 	%r2, %f5;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f43, %r4;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mov.f32 	%f10, 0f3221F645;
	mov.f32 	%f11, 0fAF8A6370;
	fma.rn{ftz}.f32 	%f12, %f11, %f1, %f10;
	mov.f32 	%f13, 0fB4016FDA;
	fma.rn{ftz}.f32 	%f14, %f12, %f1, %f13;
	mov.f32 	%f15, 0f3468F846;
	fma.rn{ftz}.f32 	%f16, %f14, %f1, %f15;
	mov.f32 	%f17, 0f370742AA;
	fma.rn{ftz}.f32 	%f18, %f16, %f1, %f17;
	mov.f32 	%f19, 0fB804DB4D;
	fma.rn{ftz}.f32 	%f20, %f18, %f1, %f19;
	mov.f32 	%f21, 0fBA4AFEA1;
	fma.rn{ftz}.f32 	%f22, %f20, %f1, %f21;
	mov.f32 	%f23, 0f3BB5C027;
	fma.rn{ftz}.f32 	%f24, %f22, %f1, %f23;
	mov.f32 	%f25, 0f3E24AE0F;
	fma.rn{ftz}.f32 	%f26, %f24, %f1, %f25;
	mov.f32 	%f27, 0f3F62DFC4;
	fma.rn{ftz}.f32 	%f28, %f26, %f1, %f27;
	mul{rn}{ftz}.f32 	%f43, %f28, %f5;

$L__BB0_3:
	st.param.b32 	[{ret}], %f43;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f5, [{p0}];
	neg{ftz}.f32 	%f6, %f5;
	mov.f32 	%f7, 0f3F800000;
	fma.rn{ftz}.f32 	%f8, %f5, %f6, %f7;
	lg2.approx{ftz}.f32 	%f9, %f8;
	neg{ftz}.f32 	%f1, %f9;
	setp.lt{ftz}.f32 	%p1, %f9, 0fC1033333;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	rsqrt.approx{ftz}.f32 	%f29, %f1;
	mov.f32 	%f30, 0fBF29BAA5;
	mov.f32 	%f31, 0fBF1704A1;
	fma.rn{ftz}.f32 	%f32, %f31, %f29, %f30;
	mov.f32 	%f33, 0f3FCC6ADC;
	fma.rn{ftz}.f32 	%f34, %f32, %f29, %f33;
	mov.f32 	%f35, 0fBF2CDAED;
	fma.rn{ftz}.f32 	%f36, %f34, %f29, %f35;
	mov.f32 	%f37, 0fBDC30537;
	fma.rn{ftz}.f32 	%f38, %f36, %f29, %f37;
	mov.f32 	%f39, 0f3F55D9B9;
	fma.rn{ftz}.f32 	%f40, %f38, %f29, %f39;
	rcp.approx{ftz}.f32 	%f41, %f29;
	mul{rn}{ftz}.f32 	%f42, %f41, %f40;
	mov.b32 	%r1, %f42;
	mov.b32 	%r2, %f5;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f43, %r4;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mov.f32 	%f10, 0f3221F645;
	mov.f32 	%f11, 0fAF8A6370;
	fma.rn{ftz}.f32 	%f12, %f11, %f1, %f10;
	mov.f32 	%f13, 0fB4016FDA;
	fma.rn{ftz}.f32 	%f14, %f12, %f1, %f13;
	mov.f32 	%f15, 0f3468F846;
	fma.rn{ftz}.f32 	%f16, %f14, %f1, %f15;
	mov.f32 	%f17, 0f370742AA;
	fma.rn{ftz}.f32 	%f18, %f16, %f1, %f17;
	mov.f32 	%f19, 0fB804DB4D;
	fma.rn{ftz}.f32 	%f20, %f18, %f1, %f19;
	mov.f32 	%f21, 0fBA4AFEA1;
	fma.rn{ftz}.f32 	%f22, %f20, %f1, %f21;
	mov.f32 	%f23, 0f3BB5C027;
	fma.rn{ftz}.f32 	%f24, %f22, %f1, %f23;
	mov.f32 	%f25, 0f3E24AE0F;
	fma.rn{ftz}.f32 	%f26, %f24, %f1, %f25;
	mov.f32 	%f27, 0f3F62DFC4;
	fma.rn{ftz}.f32 	%f28, %f26, %f1, %f27;
	mul{rn}{ftz}.f32 	%f43, %f28, %f5;

$L__BB0_3:
	st.param.b32 	[{ret}], %f43;
	ret;
",
    ),
    approx_both: None,
    approx_div: Some(
        "	ld.param.b32 	%f5, [{p0}];
	neg{ftz}.f32 	%f6, %f5;
	mov.f32 	%f7, 0f3F800000;
	fma.rn{ftz}.f32 	%f8, %f5, %f6, %f7;
	lg2.approx.ftz.f32 	%f9, %f8;
	neg{ftz}.f32 	%f1, %f9;
	setp.lt{ftz}.f32 	%p1, %f9, 0fC1033333;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	rsqrt.approx.ftz.f32 	%f29, %f1;
	mov.f32 	%f30, 0fBF29BAA5;
	mov.f32 	%f31, 0fBF1704A1;
	fma.rn{ftz}.f32 	%f32, %f31, %f29, %f30;
	mov.f32 	%f33, 0f3FCC6ADC;
	fma.rn{ftz}.f32 	%f34, %f32, %f29, %f33;
	mov.f32 	%f35, 0fBF2CDAED;
	fma.rn{ftz}.f32 	%f36, %f34, %f29, %f35;
	mov.f32 	%f37, 0fBDC30537;
	fma.rn{ftz}.f32 	%f38, %f36, %f29, %f37;
	mov.f32 	%f39, 0f3F55D9B9;
	fma.rn{ftz}.f32 	%f40, %f38, %f29, %f39;
	rcp.approx{ftz}.f32 	%f41, %f29;
	mul{rn}{ftz}.f32 	%f42, %f41, %f40;
	mov.b32 	%r1, %f42;
	mov.b32 	%r2, %f5;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f43, %r4;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mov.f32 	%f10, 0f3221F645;
	mov.f32 	%f11, 0fAF8A6370;
	fma.rn{ftz}.f32 	%f12, %f11, %f1, %f10;
	mov.f32 	%f13, 0fB4016FDA;
	fma.rn{ftz}.f32 	%f14, %f12, %f1, %f13;
	mov.f32 	%f15, 0f3468F846;
	fma.rn{ftz}.f32 	%f16, %f14, %f1, %f15;
	mov.f32 	%f17, 0f370742AA;
	fma.rn{ftz}.f32 	%f18, %f16, %f1, %f17;
	mov.f32 	%f19, 0fB804DB4D;
	fma.rn{ftz}.f32 	%f20, %f18, %f1, %f19;
	mov.f32 	%f21, 0fBA4AFEA1;
	fma.rn{ftz}.f32 	%f22, %f20, %f1, %f21;
	mov.f32 	%f23, 0f3BB5C027;
	fma.rn{ftz}.f32 	%f24, %f22, %f1, %f23;
	mov.f32 	%f25, 0f3E24AE0F;
	fma.rn{ftz}.f32 	%f26, %f24, %f1, %f25;
	mov.f32 	%f27, 0f3F62DFC4;
	fma.rn{ftz}.f32 	%f28, %f26, %f1, %f27;
	mul{rn}{ftz}.f32 	%f43, %f28, %f5;

$L__BB0_3:
	st.param.b32 	[{ret}], %f43;
	ret;
",
    ),
    approx_sqrt: None,
};

/// `erfcinvf`: erfc⁻¹(x): as `erfinv` on 2 − x near 0..2's middle, otherwise a rational function of √(−log x) (refined reciprocals), single precision.
pub(super) static ERFCINVF: Variants = Variants {
    base: "	ld.param.b32 	%f6, [{p0}];
	neg{ftz}.f32 	%f1, %f6;
	mov.f32 	%f7, 0f40000000;
	add.rn{ftz}.f32 	%f2, %f7, %f1;
	setp.le{ftz}.f32 	%p1, %f6, 0f3FFF9097;
	setp.ge{ftz}.f32 	%p2, %f6, 0f3B5ED289;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul.rn{ftz}.f32 	%f32, %f2, %f6;
	lg2.approx.ftz.f32 	%f33, %f32;
	neg{ftz}.f32 	%f34, %f33;
	mov.f32 	%f35, 0f3221F645;
	mov.f32 	%f36, 0fAF8A6370;
	fma.rn{ftz}.f32 	%f37, %f36, %f34, %f35;
	mov.f32 	%f38, 0fB4016FDA;
	fma.rn{ftz}.f32 	%f39, %f37, %f34, %f38;
	mov.f32 	%f40, 0f3468F846;
	fma.rn{ftz}.f32 	%f41, %f39, %f34, %f40;
	mov.f32 	%f42, 0f370742AA;
	fma.rn{ftz}.f32 	%f43, %f41, %f34, %f42;
	mov.f32 	%f44, 0fB804DB4D;
	fma.rn{ftz}.f32 	%f45, %f43, %f34, %f44;
	mov.f32 	%f46, 0fBA4AFEA1;
	fma.rn{ftz}.f32 	%f47, %f45, %f34, %f46;
	mov.f32 	%f48, 0f3BB5C027;
	fma.rn{ftz}.f32 	%f49, %f47, %f34, %f48;
	mov.f32 	%f50, 0f3E24AE0F;
	fma.rn{ftz}.f32 	%f51, %f49, %f34, %f50;
	mov.f32 	%f52, 0f3F62DFC4;
	fma.rn{ftz}.f32 	%f53, %f51, %f34, %f52;
	fma.rn{ftz}.f32 	%f54, %f53, %f1, %f53;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.gt{ftz}.f32 	%p4, %f6, 0f3F800000;
	selp.f32 	%f8, %f2, %f6, %p4;
	lg2.approx{ftz}.f32 	%f9, %f8;
	neg{ftz}.f32 	%f10, %f9;
	rsqrt.approx.ftz.f32 	%f11, %f10;
	mov.f32 	%f12, 0f42FEF829;
	mov.f32 	%f13, 0fC27C73F1;
	fma.rn{ftz}.f32 	%f14, %f13, %f11, %f12;
	mov.f32 	%f15, 0fC2E4361C;
	fma.rn{ftz}.f32 	%f16, %f14, %f11, %f15;
	mov.f32 	%f17, 0f42714D9B;
	fma.rn{ftz}.f32 	%f18, %f16, %f11, %f17;
	mov.f32 	%f19, 0fC1AE51B3;
	fma.rn{ftz}.f32 	%f20, %f18, %f11, %f19;
	mov.f32 	%f21, 0f40CEF504;
	fma.rn{ftz}.f32 	%f22, %f20, %f11, %f21;
	mov.f32 	%f23, 0fBFEA9E05;
	fma.rn{ftz}.f32 	%f24, %f22, %f11, %f23;
	mov.f32 	%f25, 0fBCF871F4;
	fma.rn{ftz}.f32 	%f26, %f24, %f11, %f25;
	mov.f32 	%f27, 0f3F553775;
	fma.rn{ftz}.f32 	%f28, %f26, %f11, %f27;
	rcp.approx.ftz.f32 	%f29, %f11;
	neg{ftz}.f32 	%f30, %f29;
	selp.f32 	%f31, %f30, %f29, %p4;
	mul.rn{ftz}.f32 	%f54, %f28, %f31;

$L__BB0_3:
	st.param.b32 	[{ret}], %f54;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `normcdff`: Φ(x) = ½·erfc(−x/√2) with −x/√2 formed in double-double, through `erfc`'s algorithm, single precision.
pub(super) static NORMCDFF: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	abs{ftz}.f32 	%f8, %f7;
	setp.gt{ftz}.f32 	%p1, %f8, 0f41680000;
	mov.f32 	%f9, 0f41680000;
	copysign.f32 	%f10, %f7, %f9;
	selp.f32 	%f11, %f10, %f7, %p1;
	mov.f32 	%f12, 0fBF3504F3;
	mul.rn{ftz}.f32 	%f1, %f11, %f12;
	neg{ftz}.f32 	%f13, %f1;
	fma.rn{ftz}.f32 	%f14, %f11, %f12, %f13;
	mov.f32 	%f15, 0fB24FE77A;
	fma.rn{ftz}.f32 	%f2, %f11, %f15, %f14;
	add.rn{ftz}.f32 	%f3, %f1, %f2;
	abs{ftz}.f32 	%f16, %f3;
	add{rn}{ftz}.f32 	%f17, %f16, 0fC0800000;
	mov.f32 	%f18, 0fC0800000;
	add{rn}{ftz}.f32 	%f19, %f16, 0f40800000;
	rcp.approx.ftz.f32 	%f20, %f19;
	mul.rn{ftz}.f32 	%f21, %f17, %f20;
	add{rn}{ftz}.f32 	%f22, %f21, 0f3F800000;
	mov.f32 	%f23, 0f3F800000;
	fma.rn{ftz}.f32 	%f24, %f18, %f22, %f16;
	neg{ftz}.f32 	%f25, %f21;
	fma.rn{ftz}.f32 	%f26, %f25, %f16, %f24;
	fma.rn{ftz}.f32 	%f27, %f20, %f26, %f21;
	mov.f32 	%f28, 0f3BE6E05B;
	mov.f32 	%f29, 0f3A69A091;
	fma.rn{ftz}.f32 	%f30, %f29, %f27, %f28;
	mov.f32 	%f31, 0fBC81FB4B;
	fma.rn{ftz}.f32 	%f32, %f30, %f27, %f31;
	mov.f32 	%f33, 0f3D15373B;
	fma.rn{ftz}.f32 	%f34, %f32, %f27, %f33;
	mov.f32 	%f35, 0fBD887C5A;
	fma.rn{ftz}.f32 	%f36, %f34, %f27, %f35;
	mov.f32 	%f37, 0f3DC021D5;
	fma.rn{ftz}.f32 	%f38, %f36, %f27, %f37;
	mov.f32 	%f39, 0fBDCED424;
	fma.rn{ftz}.f32 	%f40, %f38, %f27, %f39;
	mov.f32 	%f41, 0f3D8B74DE;
	fma.rn{ftz}.f32 	%f42, %f40, %f27, %f41;
	mov.f32 	%f43, 0f3C7BF170;
	fma.rn{ftz}.f32 	%f44, %f42, %f27, %f43;
	mov.f32 	%f45, 0fBE0EF8D4;
	fma.rn{ftz}.f32 	%f46, %f44, %f27, %f45;
	mov.f32 	%f47, 0f3F9DD2C9;
	fma.rn{ftz}.f32 	%f48, %f46, %f27, %f47;
	mov.f32 	%f49, 0f40000000;
	fma.rn{ftz}.f32 	%f50, %f49, %f16, %f23;
	rcp.approx.ftz.f32 	%f51, %f50;
	mul.rn{ftz}.f32 	%f52, %f48, %f51;
	mul{rn}{ftz}.f32 	%f53, %f52, 0fC0000000;
	fma.rn{ftz}.f32 	%f54, %f16, %f53, %f48;
	sub{rn}{ftz}.f32 	%f55, %f54, %f52;
	fma.rn{ftz}.f32 	%f56, %f55, %f51, %f52;
	mul{rn}{ftz}.f32 	%f57, %f16, %f16;
	neg{ftz}.f32 	%f58, %f57;
	mov.f32 	%f59, 0f3FB8AA3B;
	mul.rn{ftz}.f32 	%f60, %f58, %f59;
	cvt.rzi.f32.f32 	%f61, %f60;
	abs{ftz}.f32 	%f62, %f61;
	setp.gt{ftz}.f32 	%p2, %f62, 0f42FC0000;
	mov.b32 	%r1, %f61;
	and.b32  	%r2, %r1, -2147483648;
	or.b32  	%r3, %r2, 1123811328;
	mov.b32 	%f63, %r3;
	selp.f32 	%f64, %f63, %f61, %p2;
	mov.f32 	%f65, 0fBF317218;
	fma.rn{ftz}.f32 	%f66, %f64, %f65, %f58;
	mov.f32 	%f67, 0f3102E308;
	fma.rn{ftz}.f32 	%f68, %f64, %f67, %f66;
	mul{rn}{ftz}.f32 	%f69, %f68, 0f3FB8AA3B;
	add{rn}{ftz}.f32 	%f70, %f64, 0f4B40007F;
	mov.b32 	%r4, %f70;
	shl.b32 	%r5, %r4, 23;
	mov.b32 	%f71, %r5;
	ex2.approx.ftz.f32 	%f72, %f69;
	mul{rn}{ftz}.f32 	%f73, %f72, %f71;
	neg{ftz}.f32 	%f74, %f16;
	fma.rn{ftz}.f32 	%f75, %f74, %f16, %f57;
	fma.rn{ftz}.f32 	%f76, %f73, %f75, %f73;
	mul{rn}{ftz}.f32 	%f77, %f56, %f76;
	setp.gt{ftz}.f32 	%p3, %f16, 0f4120E148;
	selp.f32 	%f78, 0f00000000, %f77, %p3;
	setp.lt{ftz}.f32 	%p4, %f3, 0f00000000;
	sub{rn}{ftz}.f32 	%f79, %f49, %f78;
	selp.f32 	%f85, %f79, %f78, %p4;
	setp.geu{ftz}.f32 	%p5, %f11, 0fBF800000;
	@%p5 bra 	$L__BB0_2;

	sub{rn}{ftz}.f32 	%f80, %f1, %f3;
	add.rn{ftz}.f32 	%f81, %f80, %f2;
	mul{rn}{ftz}.f32 	%f82, %f3, 0fC0000000;
	mul{rn}{ftz}.f32 	%f83, %f82, %f85;
	fma.rn{ftz}.f32 	%f85, %f83, %f81, %f85;

$L__BB0_2:
	mul{rn}{ftz}.f32 	%f84, %f85, 0f3F000000;
	st.param.b32 	[{ret}], %f84;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `normcdfinvf`: Φ⁻¹(x) = −√2·erfc⁻¹(2x) through `erfcinv`'s algorithm, single precision.
pub(super) static NORMCDFINVF: Variants = Variants {
    base: "	ld.param.b32 	%f7, [{p0}];
	add{rn}{ftz}.f32 	%f1, %f7, %f7;
	neg{ftz}.f32 	%f2, %f1;
	mov.f32 	%f8, 0f40000000;
	add.rn{ftz}.f32 	%f3, %f8, %f2;
	setp.ge{ftz}.f32 	%p1, %f1, 0f3B5ED289;
	setp.le{ftz}.f32 	%p2, %f1, 0f3FFF9097;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul.rn{ftz}.f32 	%f33, %f3, %f1;
	lg2.approx.ftz.f32 	%f34, %f33;
	neg{ftz}.f32 	%f35, %f34;
	mov.f32 	%f36, 0f3221F645;
	mov.f32 	%f37, 0fAF8A6370;
	fma.rn{ftz}.f32 	%f38, %f37, %f35, %f36;
	mov.f32 	%f39, 0fB4016FDA;
	fma.rn{ftz}.f32 	%f40, %f38, %f35, %f39;
	mov.f32 	%f41, 0f3468F846;
	fma.rn{ftz}.f32 	%f42, %f40, %f35, %f41;
	mov.f32 	%f43, 0f370742AA;
	fma.rn{ftz}.f32 	%f44, %f42, %f35, %f43;
	mov.f32 	%f45, 0fB804DB4D;
	fma.rn{ftz}.f32 	%f46, %f44, %f35, %f45;
	mov.f32 	%f47, 0fBA4AFEA1;
	fma.rn{ftz}.f32 	%f48, %f46, %f35, %f47;
	mov.f32 	%f49, 0f3BB5C027;
	fma.rn{ftz}.f32 	%f50, %f48, %f35, %f49;
	mov.f32 	%f51, 0f3E24AE0F;
	fma.rn{ftz}.f32 	%f52, %f50, %f35, %f51;
	mov.f32 	%f53, 0f3F62DFC4;
	fma.rn{ftz}.f32 	%f54, %f52, %f35, %f53;
	fma.rn{ftz}.f32 	%f58, %f54, %f2, %f54;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.gt{ftz}.f32 	%p4, %f1, 0f3F800000;
	selp.f32 	%f9, %f3, %f1, %p4;
	lg2.approx{ftz}.f32 	%f10, %f9;
	neg{ftz}.f32 	%f11, %f10;
	rsqrt.approx.ftz.f32 	%f12, %f11;
	mov.f32 	%f13, 0f42FEF829;
	mov.f32 	%f14, 0fC27C73F1;
	fma.rn{ftz}.f32 	%f15, %f14, %f12, %f13;
	mov.f32 	%f16, 0fC2E4361C;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mov.f32 	%f18, 0f42714D9B;
	fma.rn{ftz}.f32 	%f19, %f17, %f12, %f18;
	mov.f32 	%f20, 0fC1AE51B3;
	fma.rn{ftz}.f32 	%f21, %f19, %f12, %f20;
	mov.f32 	%f22, 0f40CEF504;
	fma.rn{ftz}.f32 	%f23, %f21, %f12, %f22;
	mov.f32 	%f24, 0fBFEA9E05;
	fma.rn{ftz}.f32 	%f25, %f23, %f12, %f24;
	mov.f32 	%f26, 0fBCF871F4;
	fma.rn{ftz}.f32 	%f27, %f25, %f12, %f26;
	mov.f32 	%f28, 0f3F553775;
	fma.rn{ftz}.f32 	%f29, %f27, %f12, %f28;
	rcp.approx.ftz.f32 	%f30, %f12;
	neg{ftz}.f32 	%f31, %f30;
	selp.f32 	%f32, %f31, %f30, %p4;
	mul.rn{ftz}.f32 	%f58, %f29, %f32;

$L__BB0_3:
	mul{rn}{ftz}.f32 	%f55, %f58, 0fBFB504F3;
	mov.f32 	%f56, 0f00000000;
	add.rn{ftz}.f32 	%f57, %f55, %f56;
	st.param.b32 	[{ret}], %f57;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rcbrtf`: 1/∛x: `lg2.approx`/`ex2.approx`-style seed from the exponent bits, refined by Newton steps in `fma`s, single precision.
pub(super) static RCBRTF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	lg2.approx{ftz}.f32 	%f3, %f2;
	mul{rn}{ftz}.f32 	%f4, %f3, 0fBEAAAAAB;
	ex2.approx.ftz.f32 	%f5, %f4;
	mul{rn}{ftz}.f32 	%f6, %f5, %f5;
	mul{rn}{ftz}.f32 	%f7, %f2, %f5;
	neg{ftz}.f32 	%f8, %f7;
	mov.f32 	%f9, 0f3F800000;
	fma.rn{ftz}.f32 	%f10, %f6, %f8, %f9;
	mul{rn}{ftz}.f32 	%f11, %f5, 0f3EAAAAAB;
	fma.rn{ftz}.f32 	%f12, %f10, %f11, %f5;
	setp.lt{ftz}.f32 	%p1, %f1, 0f00000000;
	neg{ftz}.f32 	%f13, %f12;
	selp.f32 	%f14, %f13, %f12, %p1;
	add{rn}{ftz}.f32 	%f15, %f1, %f1;
	setp.eq{ftz}.f32 	%p2, %f15, %f1;
	rcp.approx.ftz.f32 	%f16, %f1;
	selp.f32 	%f17, %f16, %f14, %p2;
	st.param.b32 	[{ret}], %f17;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `logbf`: the unbiased exponent as a float, subnormals counted by leading zeros; −inf for zero, +inf for inf, NaN passed through, single precision.
pub(super) static LOGBF: Variants = Variants {
    base: "	ld.param.b32 	%f4, [{p0}];
	abs{ftz}.f32 	%f5, %f4;
	mov.b32 	%r1, %f5;
	setp.lt.u32 	%p1, %r1, 8388608;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	clz.b32 	%r4, %r1;
	mov.u32 	%r5, -118;
	sub.s32 	%r6, %r5, %r4;
	cvt.rn.f32.s32 	%f8, %r6;
	setp.eq{ftz}.f32 	%p3, %f4, 0f00000000;
	selp.f32 	%f9, 0fFF800000, %f8, %p3;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	shr.u32 	%r2, %r1, 23;
	add.s32 	%r3, %r2, -127;
	cvt.rn.f32.s32 	%f6, %r3;
	mul{rn}{ftz}.f32 	%f7, %f4, %f4;
	setp.gt.u32 	%p2, %r1, 2139095039;
	selp.f32 	%f9, %f7, %f6, %p2;

$L__BB0_3:
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

/// `ilogbf`: the unbiased exponent as an int, subnormals counted by leading zeros; FP_ILOGB0 (INT_MIN) for zero, FP_ILOGBNAN (INT_MIN) for NaN, INT_MAX for inf, single precision.
pub(super) static ILOGBF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	mov.b32 	%r1, %f2;
	setp.lt.u32 	%p1, %r1, 8388608;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	clz.b32 	%r8, %r1;
	mov.u32 	%r9, -118;
	sub.s32 	%r10, %r9, %r8;
	setp.eq.s32 	%p4, %r1, 0;
	selp.b32 	%r11, -2147483648, %r10, %p4;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	shr.u32 	%r5, %r1, 23;
	add.s32 	%r6, %r5, -127;
	setp.eq.s32 	%p2, %r1, 2139095040;
	selp.b32 	%r7, 2147483647, %r6, %p2;
	setp.gt.u32 	%p3, %r1, 2139095040;
	selp.b32 	%r11, -2147483648, %r7, %p3;

$L__BB0_3:
	st.param.b32 	[{ret}], %r11;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `scalbnf`: x·2ⁿ in exact steps by powers of two (n clamped), as `ldexp`, single precision.
pub(super) static SCALBNF: Variants = Variants {
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

/// `nextafterf`: the neighbour of x toward y by an integer step on the bits; NaN if either is NaN, y if x == y, the smallest subnormal from zero, single precision.
pub(super) static NEXTAFTERF: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	ld.param.b32 	%f10, [{p1}];
	mov.b32 	%r1, %f5;
	mov.b32 	%r2, %f10;
	abs.f32 	%f7, %f5;
	setp.gtu.f32 	%p1, %f7, 0f7F800000;
	@%p1 bra 	$L__BB0_6;

	abs.f32 	%f8, %f10;
	setp.gtu.f32 	%p2, %f8, 0f7F800000;
	@%p2 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_2;

$L__BB0_6:
	add{rn}.f32 	%f10, %f5, %f10;

$L__BB0_7:
	st.param.b32 	[{ret}], %f10;
	ret;

$L__BB0_2:
	or.b32  	%r3, %r2, %r1;
	mov.b32 	%f9, %r3;
	setp.eq.f32 	%p3, %f9, 0f00000000;
	@%p3 bra 	$L__BB0_7;

	setp.eq.f32 	%p4, %f5, 0f00000000;
	@%p4 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	and.b32  	%r12, %r2, -2147483648;
	or.b32  	%r13, %r12, 1;
	mov.b32 	%f10, %r13;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	setp.lt.f32 	%p5, %f5, %f10;
	setp.lt.f32 	%p6, %f5, 0f00000000;
	and.pred  	%p7, %p6, %p5;
	selp.s32 	%r4, -1, 0, %p7;
	add.s32 	%r5, %r4, %r1;
	setp.gt.f32 	%p8, %f5, 0f00000000;
	and.pred  	%p9, %p8, %p5;
	selp.u32 	%r6, 1, 0, %p9;
	add.s32 	%r7, %r5, %r6;
	setp.gt.f32 	%p10, %f5, %f10;
	and.pred  	%p11, %p6, %p10;
	selp.u32 	%r8, 1, 0, %p11;
	add.s32 	%r9, %r7, %r8;
	and.pred  	%p12, %p8, %p10;
	selp.s32 	%r10, -1, 0, %p12;
	add.s32 	%r11, %r9, %r10;
	mov.b32 	%f10, %r11;
	bra.uni 	$L__BB0_7;
",
    ftz: Some(
        "	ld.param.b32 	%f6, [{p0}];
	ld.param.b32 	%f7, [{p1}];
	mov.b32 	%r4, %f6;
	shl.b32 	%r5, %r4, 1;
	setp.lt.u32 	%p1, %r5, 16777216;
	and.b32  	%r6, %r4, -2147483648;
	selp.b32 	%r1, %r6, %r4, %p1;
	mov.b32 	%r7, %f7;
	shl.b32 	%r8, %r7, 1;
	setp.lt.u32 	%p2, %r8, 16777216;
	and.b32  	%r2, %r7, -2147483648;
	selp.b32 	%r3, %r2, %r7, %p2;
	abs{ftz}.f32 	%f8, %f6;
	setp.gtu{ftz}.f32 	%p3, %f8, 0f7F800000;
	@%p3 bra 	$L__BB0_7;

	abs{ftz}.f32 	%f9, %f7;
	setp.gtu{ftz}.f32 	%p4, %f9, 0f7F800000;
	@%p4 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_2;

$L__BB0_7:
	add{rn}{ftz}.f32 	%f14, %f6, %f7;

$L__BB0_8:
	st.param.b32 	[{ret}], %f14;
	ret;

$L__BB0_2:
	or.b32  	%r9, %r3, %r1;
	mov.b32 	%f10, %r9;
	setp.eq{ftz}.f32 	%p5, %f10, 0f00000000;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_3;

$L__BB0_6:
	mov.b32 	%f14, %r3;
	bra.uni 	$L__BB0_8;

$L__BB0_3:
	mov.b32 	%f11, %r1;
	setp.eq{ftz}.f32 	%p6, %f11, 0f00000000;
	@%p6 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	or.b32  	%r19, %r2, 8388608;
	mov.b32 	%f14, %r19;
	bra.uni 	$L__BB0_8;

$L__BB0_4:
	setp.lt{ftz}.f32 	%p7, %f6, %f7;
	setp.lt{ftz}.f32 	%p8, %f6, 0f00000000;
	and.pred  	%p9, %p8, %p7;
	selp.s32 	%r10, -1, 0, %p9;
	add.s32 	%r11, %r1, %r10;
	setp.gt{ftz}.f32 	%p10, %f6, 0f00000000;
	and.pred  	%p11, %p10, %p7;
	selp.u32 	%r12, 1, 0, %p11;
	add.s32 	%r13, %r11, %r12;
	setp.gt{ftz}.f32 	%p12, %f6, %f7;
	and.pred  	%p13, %p8, %p12;
	selp.u32 	%r14, 1, 0, %p13;
	add.s32 	%r15, %r13, %r14;
	and.pred  	%p14, %p10, %p12;
	selp.s32 	%r16, -1, 0, %p14;
	add.s32 	%r17, %r15, %r16;
	mov.b32 	%f12, %r17;
	setp.eq{ftz}.f32 	%p15, %f12, 0f00000000;
	and.b32  	%r18, %r17, -2147483648;
	mov.b32 	%f13, %r18;
	selp.f32 	%f14, %f13, %f12, %p15;
	bra.uni 	$L__BB0_8;
",
    ),
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rhypotf`: 1/√(x² + y²) with both scaled by a power of two from the larger's exponent, `rsqrt` refined, zero for an infinite argument, single precision.
pub(super) static RHYPOTF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	abs{ftz}.f32 	%f3, %f1;
	abs{ftz}.f32 	%f4, %f2;
	mov.b32 	%r1, %f4;
	mov.b32 	%r2, %f3;
	min.s32 	%r3, %r1, %r2;
	mov.b32 	%f5, %r3;
	max.s32 	%r4, %r1, %r2;
	mov.b32 	%f6, %r4;
	and.b32  	%r5, %r4, -33554432;
	mov.u32 	%r6, 2122317824;
	sub.s32 	%r7, %r6, %r5;
	mov.b32 	%f7, %r7;
	mul{rn}{ftz}.f32 	%f8, %f5, %f7;
	mul{rn}{ftz}.f32 	%f9, %f6, %f7;
	mul{rn}{ftz}.f32 	%f10, %f8, %f8;
	fma.rn{ftz}.f32 	%f11, %f9, %f9, %f10;
	rsqrt.approx{ftz}.f32 	%f12, %f11;
	mul{rn}{ftz}.f32 	%f13, %f12, %f7;
	setp.eq{ftz}.f32 	%p1, %f5, 0f7F800000;
	selp.f32 	%f14, 0f00000000, %f13, %p1;
	st.param.b32 	[{ret}], %f14;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `lrintf`: `cvt.rni.s64` (the current rounding, to nearest even), single precision.
pub(super) static LRINTF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	cvt.rni{ftz}.s64.f32 	%rd3, %f1;
	st.param.b64 	[{ret}], %rd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `lroundf`: x rounded halfway away from zero (the `roundf` sequence) converted to `long` with `cvt.rzi.s64`, out-of-range values as the conversion saturates.
pub(super) static LROUNDF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mov.b32 	%r1, %f1;
	abs{ftz}.f32 	%f2, %f1;
	setp.gtu{ftz}.f32 	%p1, %f2, 0f7F800000;
	mov.u64 	%rd9, -9223372036854775808;
	mov.u64 	%rd22, %rd9;
	@%p1 bra 	$L__BB0_6;

	setp.ge{ftz}.f32 	%p2, %f1, 0f5F000000;
	mov.u64 	%rd22, 9223372036854775807;
	@%p2 bra 	$L__BB0_6;

	setp.le{ftz}.f32 	%p3, %f1, 0fDF000000;
	mov.u64 	%rd22, %rd9;
	@%p3 bra 	$L__BB0_6;

	shr.u32 	%r3, %r1, 23;
	and.b32  	%r4, %r3, 255;
	mov.u32 	%r5, 189;
	sub.s32 	%r2, %r5, %r4;
	shl.b32 	%r6, %r1, 8;
	shr.u32 	%r7, %r6, 1;
	cvt.u64.u32 	%rd13, %r7;
	shl.b64 	%rd14, %rd13, 32;
	or.b64  	%rd21, %rd14, 4611686018427387904;
	setp.gt.s32 	%p4, %r2, 63;
	mov.u64 	%rd20, 0;
	@%p4 bra 	$L__BB0_5;

	setp.eq.s32 	%p5, %r2, 0;
	mov.u32 	%r8, 64;
	sub.s32 	%r9, %r8, %r2;
	shl.b64 	%rd15, %rd21, %r9;
	shr.u64 	%rd20, %rd21, %r2;
	selp.b64 	%rd21, 0, %rd15, %p5;

$L__BB0_5:
	shr.u64 	%rd16, %rd21, 63;
	add.s64 	%rd17, %rd16, %rd20;
	neg.s64 	%rd18, %rd17;
	setp.lt.s32 	%p6, %r1, 0;
	selp.b64 	%rd22, %rd18, %rd17, %p6;

$L__BB0_6:
	st.param.b64 	[{ret}], %rd22;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `llrintf`: `cvt.rni.s64`, single precision.
pub(super) static LLRINTF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	cvt.rni{ftz}.s64.f32 	%rd3, %f1;
	st.param.b64 	[{ret}], %rd3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `llroundf`: as `lroundf`, to `long long`.
pub(super) static LLROUNDF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mov.b32 	%r1, %f1;
	abs{ftz}.f32 	%f2, %f1;
	setp.gtu{ftz}.f32 	%p1, %f2, 0f7F800000;
	mov.u64 	%rd9, -9223372036854775808;
	mov.u64 	%rd22, %rd9;
	@%p1 bra 	$L__BB0_6;

	setp.ge{ftz}.f32 	%p2, %f1, 0f5F000000;
	mov.u64 	%rd22, 9223372036854775807;
	@%p2 bra 	$L__BB0_6;

	setp.le{ftz}.f32 	%p3, %f1, 0fDF000000;
	mov.u64 	%rd22, %rd9;
	@%p3 bra 	$L__BB0_6;

	shr.u32 	%r3, %r1, 23;
	and.b32  	%r4, %r3, 255;
	mov.u32 	%r5, 189;
	sub.s32 	%r2, %r5, %r4;
	shl.b32 	%r6, %r1, 8;
	shr.u32 	%r7, %r6, 1;
	cvt.u64.u32 	%rd13, %r7;
	shl.b64 	%rd14, %rd13, 32;
	or.b64  	%rd21, %rd14, 4611686018427387904;
	setp.gt.s32 	%p4, %r2, 63;
	mov.u64 	%rd20, 0;
	@%p4 bra 	$L__BB0_5;

	setp.eq.s32 	%p5, %r2, 0;
	mov.u32 	%r8, 64;
	sub.s32 	%r9, %r8, %r2;
	shl.b64 	%rd15, %rd21, %r9;
	shr.u64 	%rd20, %rd21, %r2;
	selp.b64 	%rd21, 0, %rd15, %p5;

$L__BB0_5:
	shr.u64 	%rd16, %rd21, 63;
	add.s64 	%rd17, %rd16, %rd20;
	neg.s64 	%rd18, %rd17;
	setp.lt.s32 	%p6, %r1, 0;
	selp.b64 	%rd22, %rd18, %rd17, %p6;

$L__BB0_6:
	st.param.b64 	[{ret}], %rd22;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `llrintf` for targets before `sm_60`, where NVRTC does not convert a `float` to a 64-bit
/// integer in one instruction: the high word is x·2⁻³² truncated, the low word the rounded
/// remainder x − high·2³² (found with an `fma`) as an unsigned 32-bit conversion of its
/// magnitude, negated and borrowed from the high word when negative.
pub(super) static LLRINTF_BEFORE_SM_60: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f2F800000;
	cvt.rzi{ftz}.s32.f32 	%r1, %f2;
	cvt.rzi.f32.f32 	%f3, %f2;
	mov.f32 	%f4, 0fCF800000;
	fma.rn{ftz}.f32 	%f5, %f4, %f3, %f1;
	mov.b32 	%r2, %f5;
	setp.gt.u32 	%p1, %r2, -1090519040;
	selp.u32 	%r3, 1, 0, %p1;
	abs{ftz}.f32 	%f6, %f5;
	cvt.rni{ftz}.u32.f32 	%r4, %f6;
	neg.s32 	%r5, %r4;
	selp.b32 	%r6, %r5, %r4, %p1;
	sub.s32 	%r7, %r1, %r3;
	mov.b64 	%fd1, {%r6, %r7};
	st.param.b64 	[{ret}], %fd1;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
