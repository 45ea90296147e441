//! Hyperbolic functions, the error function, roots and `__frsqrt_rn`, single precision.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `sinhf`: for |x| ≥ 1, (eˣ − e⁻ˣ)/2 from one exponential as in `coshf` (with an approximate reciprocal), below 1 an odd polynomial; the sign copied from x and large |x| to infinity.
pub(super) static SINHF: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	abs{ftz}.f32 	%f1, %f5;
	setp.ltu{ftz}.f32 	%p1, %f1, 0f3F800000;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mul{rn}{ftz}.f32 	%f27, %f5, %f5;
	mov.f32 	%f28, 0f394FFF49;
	mov.f32 	%f29, 0f363D0ADA;
	fma.rn{ftz}.f32 	%f30, %f29, %f27, %f28;
	mov.f32 	%f31, 0f3C08889A;
	fma.rn{ftz}.f32 	%f32, %f30, %f27, %f31;
	mov.f32 	%f33, 0f3E2AAAAB;
	fma.rn{ftz}.f32 	%f34, %f32, %f27, %f33;
	mul{rn}{ftz}.f32 	%f35, %f27, %f34;
	fma.rn{ftz}.f32 	%f36, %f35, %f5, %f5;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	mov.f32 	%f6, 0f3FB8AA3B;
	mul.rn{ftz}.f32 	%f7, %f1, %f6;
	cvt.rzi.f32.f32 	%f8, %f7;
	abs{ftz}.f32 	%f9, %f8;
	setp.gt{ftz}.f32 	%p2, %f9, 0f42FC0000;
	mov.b32 	%r1, %f8;
	and.b32  	%r2, %r1, -2147483648;
	or.b32  	%r3, %r2, 1123811328;
	mov.b32 	%f10, %r3;
	selp.f32 	%f11, %f10, %f8, %p2;
	mov.f32 	%f12, 0fBF317218;
	fma.rn{ftz}.f32 	%f13, %f11, %f12, %f1;
	mov.f32 	%f14, 0f3102E308;
	fma.rn{ftz}.f32 	%f15, %f11, %f14, %f13;
	mul{rn}{ftz}.f32 	%f16, %f15, 0f3FB8AA3B;
	add{rn}{ftz}.f32 	%f17, %f11, 0f4B40007D;
	mov.b32 	%r4, %f17;
	shl.b32 	%r5, %r4, 23;
	mov.b32 	%f18, %r5;
	ex2.approx.ftz.f32 	%f19, %f16;
	mul{rn}{ftz}.f32 	%f20, %f19, %f18;
	mov.f32 	%f21, 0f3E000000;
	div.approx{ftz}.f32 	%f22, %f21, %f20;
	neg{ftz}.f32 	%f23, %f22;
	mov.f32 	%f24, 0f40000000;
	fma.rn{ftz}.f32 	%f25, %f24, %f20, %f23;
	setp.ge{ftz}.f32 	%p3, %f1, 0f42B40000;
	selp.f32 	%f26, 0f7F800000, %f25, %p3;
	mov.b32 	%r6, %f26;
	mov.b32 	%r7, %f5;
	and.b32  	%r8, %r7, -2147483648;
	or.b32  	%r9, %r8, %r6;
	mov.b32 	%f36, %r9;

$L__BB0_3:
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

/// `coshf`: e^|x|/2 computed as 2^(i−1)·2ᶠ (the halving folded into the exponent so that coshf near overflow does not overflow early), plus 1/(8·that)·... through `div.approx`, infinity for |x| ≥ 90.
pub(super) static COSHF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	mov.f32 	%f3, 0f3FB8AA3B;
	mul.rn{ftz}.f32 	%f4, %f2, %f3;
	cvt.rzi.f32.f32 	%f5, %f4;
	abs{ftz}.f32 	%f6, %f5;
	setp.gt{ftz}.f32 	%p1, %f6, 0f42FC0000;
	mov.b32 	%r1, %f5;
	and.b32  	%r2, %r1, -2147483648;
	or.b32  	%r3, %r2, 1123811328;
	mov.b32 	%f7, %r3;
	selp.f32 	%f8, %f7, %f5, %p1;
	mov.f32 	%f9, 0fBF317218;
	fma.rn{ftz}.f32 	%f10, %f8, %f9, %f2;
	mov.f32 	%f11, 0f3102E308;
	fma.rn{ftz}.f32 	%f12, %f8, %f11, %f10;
	mul{rn}{ftz}.f32 	%f13, %f12, 0f3FB8AA3B;
	add{rn}{ftz}.f32 	%f14, %f8, 0f4B40007D;
	mov.b32 	%r4, %f14;
	shl.b32 	%r5, %r4, 23;
	mov.b32 	%f15, %r5;
	ex2.approx.ftz.f32 	%f16, %f13;
	mul{rn}{ftz}.f32 	%f17, %f16, %f15;
	mov.f32 	%f18, 0f3E000000;
	div.approx{ftz}.f32 	%f19, %f18, %f17;
	mov.f32 	%f20, 0f40000000;
	fma.rn{ftz}.f32 	%f21, %f20, %f17, %f19;
	setp.ge{ftz}.f32 	%p2, %f2, 0f42B40000;
	selp.f32 	%f22, 0f7F800000, %f21, %p2;
	st.param.b32 	[{ret}], %f22;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `tanhf`: for |x| ≥ 0.6, 1 − 2/(e^{2|x|} + 1) (`ex2.approx`, `rcp.approx`), saturating at 1 for |x| ≥ 9.01, with x's sign; below, an odd polynomial. Fast math: the `tanh.approx.f32` instruction.
pub(super) static TANHF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	mul{rn}{ftz}.f32 	%f3, %f2, 0f4038AA3B;
	ex2.approx.ftz.f32 	%f4, %f3;
	add{rn}{ftz}.f32 	%f5, %f4, 0f3F800000;
	mov.f32 	%f6, 0f3F800000;
	rcp.approx.ftz.f32 	%f7, %f5;
	mov.f32 	%f8, 0fC0000000;
	fma.rn{ftz}.f32 	%f9, %f7, %f8, %f6;
	setp.ge{ftz}.f32 	%p1, %f2, 0f41102CB4;
	selp.f32 	%f10, 0f3F800000, %f9, %p1;
	mov.b32 	%r1, %f10;
	mov.b32 	%r2, %f1;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f11, %r4;
	mul{rn}{ftz}.f32 	%f12, %f1, %f1;
	mov.f32 	%f13, 0fBD563CAE;
	mov.f32 	%f14, 0f3C80F082;
	fma.rn{ftz}.f32 	%f15, %f14, %f12, %f13;
	mov.f32 	%f16, 0f3E085941;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mov.f32 	%f18, 0fBEAAA9ED;
	fma.rn{ftz}.f32 	%f19, %f17, %f12, %f18;
	mov.f32 	%f20, 0f00000000;
	fma.rn{ftz}.f32 	%f21, %f19, %f12, %f20;
	fma.rn{ftz}.f32 	%f22, %f21, %f1, %f1;
	setp.ge{ftz}.f32 	%p2, %f2, 0f3F19999A;
	selp.f32 	%f23, %f11, %f22, %p2;
	st.param.b32 	[{ret}], %f23;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	tanh.approx.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erff`: two polynomials: below |x| = 1.0030 one in x², above one whose result goes through `ex2.approx` (1 − e^(−P(|x|))), with the sign restored and the large-|x| result exactly 1.
pub(super) static ERFF: Variants = Variants {
    base: "	ld.param.b32 	%f4, [{p0}];
	abs{ftz}.f32 	%f5, %f4;
	setp.ltu{ftz}.f32 	%p1, %f5, 0f3F8060FE;
	setp.ge{ftz}.f32 	%p2, %f5, 0f3F8060FE;
	mul{rn}{ftz}.f32 	%f6, %f4, %f4;
	selp.f32 	%f7, %f5, %f6, %p2;
	selp.f32 	%f8, 0f38EB4C3A, 0f38B1E96A, %p2;
	selp.f32 	%f9, 0fBAAE005B, 0fBA574D20, %p2;
	fma.rn{ftz}.f32 	%f10, %f8, %f7, %f9;
	selp.f32 	%f11, 0f3C09919F, 0f3BAAD5EA, %p2;
	fma.rn{ftz}.f32 	%f12, %f10, %f7, %f11;
	selp.f32 	%f13, 0fBD24D99A, 0fBCDC1BE7, %p2;
	fma.rn{ftz}.f32 	%f14, %f12, %f7, %f13;
	selp.f32 	%f15, 0f3E235519, 0f3DE718AF, %p2;
	fma.rn{ftz}.f32 	%f16, %f14, %f7, %f15;
	selp.f32 	%f17, 0f3F69B4F9, 0fBEC093AC, %p2;
	fma.rn{ftz}.f32 	%f18, %f16, %f7, %f17;
	selp.f32 	%f19, 0f3F210A14, 0f3E0375D3, %p2;
	fma.rn{ftz}.f32 	%f20, %f18, %f7, %f19;
	neg{ftz}.f32 	%f21, %f5;
	selp.f32 	%f22, %f21, %f4, %p2;
	fma.rn{ftz}.f32 	%f26, %f20, %f22, %f22;
	@%p1 bra 	$L__BB0_2;

	ex2.approx.ftz.f32 	%f23, %f26;
	mov.f32 	%f24, 0f3F800000;
	sub{rn}{ftz}.f32 	%f25, %f24, %f23;
	mov.b32 	%r1, %f25;
	mov.b32 	%r2, %f4;
	and.b32  	%r3, %r2, -2147483648;
	or.b32  	%r4, %r3, %r1;
	mov.b32 	%f26, %r4;

$L__BB0_2:
	st.param.b32 	[{ret}], %f26;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfcf`: below |x| = 0.75... through `erff`'s small-argument polynomial (1 − erf), above as e^(−x²)·R(x) with x² split exactly (two `fma`s) and R a rational approximation built from `rcp.approx`, reflected for negative x (2 − erfc(−x)); underflows to 0 beyond x ≈ 10.05.
pub(super) static ERFCF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	add{rn}{ftz}.f32 	%f3, %f2, 0fC0800000;
	mov.f32 	%f4, 0fC0800000;
	add{rn}{ftz}.f32 	%f5, %f2, 0f40800000;
	rcp.approx.ftz.f32 	%f6, %f5;
	mul.rn{ftz}.f32 	%f7, %f3, %f6;
	add{rn}{ftz}.f32 	%f8, %f7, 0f3F800000;
	mov.f32 	%f9, 0f3F800000;
	fma.rn{ftz}.f32 	%f10, %f4, %f8, %f2;
	neg{ftz}.f32 	%f11, %f7;
	fma.rn{ftz}.f32 	%f12, %f11, %f2, %f10;
	fma.rn{ftz}.f32 	%f13, %f6, %f12, %f7;
	mov.f32 	%f14, 0f3BE6E05B;
	mov.f32 	%f15, 0f3A69A091;
	fma.rn{ftz}.f32 	%f16, %f15, %f13, %f14;
	mov.f32 	%f17, 0fBC81FB4B;
	fma.rn{ftz}.f32 	%f18, %f16, %f13, %f17;
	mov.f32 	%f19, 0f3D15373B;
	fma.rn{ftz}.f32 	%f20, %f18, %f13, %f19;
	mov.f32 	%f21, 0fBD887C5A;
	fma.rn{ftz}.f32 	%f22, %f20, %f13, %f21;
	mov.f32 	%f23, 0f3DC021D5;
	fma.rn{ftz}.f32 	%f24, %f22, %f13, %f23;
	mov.f32 	%f25, 0fBDCED424;
	fma.rn{ftz}.f32 	%f26, %f24, %f13, %f25;
	mov.f32 	%f27, 0f3D8B74DE;
	fma.rn{ftz}.f32 	%f28, %f26, %f13, %f27;
	mov.f32 	%f29, 0f3C7BF170;
	fma.rn{ftz}.f32 	%f30, %f28, %f13, %f29;
	mov.f32 	%f31, 0fBE0EF8D4;
	fma.rn{ftz}.f32 	%f32, %f30, %f13, %f31;
	mov.f32 	%f33, 0f3F9DD2C9;
	fma.rn{ftz}.f32 	%f34, %f32, %f13, %f33;
	mov.f32 	%f35, 0f40000000;
	fma.rn{ftz}.f32 	%f36, %f35, %f2, %f9;
	rcp.approx.ftz.f32 	%f37, %f36;
	mul.rn{ftz}.f32 	%f38, %f34, %f37;
	mul{rn}{ftz}.f32 	%f39, %f38, 0fC0000000;
	fma.rn{ftz}.f32 	%f40, %f2, %f39, %f34;
	sub{rn}{ftz}.f32 	%f41, %f40, %f38;
	fma.rn{ftz}.f32 	%f42, %f41, %f37, %f38;
	mul{rn}{ftz}.f32 	%f43, %f2, %f2;
	neg{ftz}.f32 	%f44, %f43;
	mov.f32 	%f45, 0f3FB8AA3B;
	mul.rn{ftz}.f32 	%f46, %f44, %f45;
	cvt.rzi.f32.f32 	%f47, %f46;
	abs{ftz}.f32 	%f48, %f47;
	setp.gt{ftz}.f32 	%p1, %f48, 0f42FC0000;
	mov.b32 	%r1, %f47;
	and.b32  	%r2, %r1, -2147483648;
	or.b32  	%r3, %r2, 1123811328;
	mov.b32 	%f49, %r3;
	selp.f32 	%f50, %f49, %f47, %p1;
	mov.f32 	%f51, 0fBF317218;
	fma.rn{ftz}.f32 	%f52, %f50, %f51, %f44;
	mov.f32 	%f53, 0f3102E308;
	fma.rn{ftz}.f32 	%f54, %f50, %f53, %f52;
	mul{rn}{ftz}.f32 	%f55, %f54, 0f3FB8AA3B;
	add{rn}{ftz}.f32 	%f56, %f50, 0f4B40007F;
	mov.b32 	%r4, %f56;
	shl.b32 	%r5, %r4, 23;
	mov.b32 	%f57, %r5;
	ex2.approx.ftz.f32 	%f58, %f55;
	mul{rn}{ftz}.f32 	%f59, %f58, %f57;
	neg{ftz}.f32 	%f60, %f2;
	fma.rn{ftz}.f32 	%f61, %f60, %f2, %f43;
	fma.rn{ftz}.f32 	%f62, %f59, %f61, %f59;
	mul{rn}{ftz}.f32 	%f63, %f42, %f62;
	setp.gt{ftz}.f32 	%p2, %f2, 0f4120E148;
	selp.f32 	%f64, 0f00000000, %f63, %p2;
	setp.lt{ftz}.f32 	%p3, %f1, 0f00000000;
	sub{rn}{ftz}.f32 	%f65, %f35, %f64;
	selp.f32 	%f66, %f65, %f64, %p3;
	st.param.b32 	[{ret}], %f66;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cbrtf`: `lg2.approx` of |x|, a third of it through `ex2.approx`, then one Newton step in `fma`s, the sign of x restored, zeros, infinities and NaNs passed through.
pub(super) static CBRTF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	abs{ftz}.f32 	%f2, %f1;
	lg2.approx{ftz}.f32 	%f3, %f2;
	mul{rn}{ftz}.f32 	%f4, %f3, 0f3EAAAAAB;
	ex2.approx.ftz.f32 	%f5, %f4;
	mul{rn}{ftz}.f32 	%f6, %f5, %f5;
	rcp.approx.ftz.f32 	%f7, %f6;
	neg{ftz}.f32 	%f8, %f2;
	fma.rn{ftz}.f32 	%f9, %f7, %f8, %f5;
	mov.f32 	%f10, 0fBEAAAAAB;
	fma.rn{ftz}.f32 	%f11, %f9, %f10, %f5;
	setp.lt{ftz}.f32 	%p1, %f1, 0f00000000;
	neg{ftz}.f32 	%f12, %f11;
	selp.f32 	%f13, %f12, %f11, %p1;
	add{rn}{ftz}.f32 	%f14, %f1, %f1;
	setp.eq{ftz}.f32 	%p2, %f14, %f1;
	selp.f32 	%f15, %f14, %f13, %p2;
	st.param.b32 	[{ret}], %f15;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `hypotf`: the larger magnitude's exponent factored out (by an integer trick on the bits), the sum of squares of the scaled values, `sqrt.rn` (or `sqrt.approx` where square roots are approximate), scaled back; infinity wins over NaN.
pub(super) static HYPOTF: Variants = Variants {
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
	sqrt.rn{ftz}.f32 	%f12, %f11;
	or.b32  	%r8, %r5, 8388608;
	mov.b32 	%f13, %r8;
	mul{rn}{ftz}.f32 	%f14, %f12, %f13;
	setp.eq{ftz}.f32 	%p1, %f5, 0f00000000;
	selp.f32 	%f15, %f6, %f14, %p1;
	setp.eq{ftz}.f32 	%p2, %f5, 0f7F800000;
	selp.f32 	%f16, 0f7F800000, %f15, %p2;
	st.param.b32 	[{ret}], %f16;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
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
	sqrt.approx{ftz}.f32 	%f12, %f11;
	or.b32  	%r8, %r5, 8388608;
	mov.b32 	%f13, %r8;
	mul{rn}{ftz}.f32 	%f14, %f12, %f13;
	setp.eq{ftz}.f32 	%p1, %f5, 0f00000000;
	selp.f32 	%f15, %f6, %f14, %p1;
	setp.eq{ftz}.f32 	%p2, %f5, 0f7F800000;
	selp.f32 	%f16, 0f7F800000, %f15, %p2;
	st.param.b32 	[{ret}], %f16;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: Some(
        "	ld.param.b32 	%f1, [{p0}];
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
	sqrt.approx{ftz}.f32 	%f12, %f11;
	or.b32  	%r8, %r5, 8388608;
	mov.b32 	%f13, %r8;
	mul{rn}{ftz}.f32 	%f14, %f12, %f13;
	setp.eq{ftz}.f32 	%p1, %f5, 0f00000000;
	selp.f32 	%f15, %f6, %f14, %p1;
	setp.eq{ftz}.f32 	%p2, %f5, 0f7F800000;
	selp.f32 	%f16, 0f7F800000, %f15, %p2;
	st.param.b32 	[{ret}], %f16;
	ret;
",
    ),
};

/// `__frsqrt_rn`: 1/√x rounded to nearest: `rsqrt.approx.ftz` on the mantissa scaled to [0.5, 2), one correction step computed in `fma`s so that the result is correctly rounded, the exponent restored by an integer add; zeros, infinities, NaNs and negative inputs from the approximation directly. Without `-ftz`, subnormal inputs are scaled by 2²⁴ first.
pub(super) static INTRINSIC_FRSQRT_RN: Variants = Variants {
    base: "	ld.param.b32 	%f6, [{p0}];
	abs.f32 	%f1, %f6;
	setp.lt.f32 	%p1, %f1, 0f00800000;
	mul{rn}.f32 	%f7, %f6, 0f4B800000;
	selp.f32 	%f2, %f7, %f6, %p1;
	mov.b32 	%r1, %f2;
	add.s32 	%r2, %r1, -8388608;
	setp.lt.u32 	%p2, %r2, 2130706432;
	@%p2 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	and.b32  	%r3, %r1, 16777215;
	or.b32  	%r4, %r3, 1056964608;
	mov.b32 	%f8, %r4;
	sub.s32 	%r5, %r4, %r1;
	add.s32 	%r6, %r5, 201326592;
	selp.b32 	%r7, %r6, %r5, %p1;
	rsqrt.approx.ftz.f32 	%f9, %f8;
	mul{rn}.f32 	%f10, %f9, %f9;
	neg.f32 	%f11, %f10;
	fma.rn.f32 	%f12, %f9, %f9, %f11;
	neg.f32 	%f13, %f8;
	mov.f32 	%f14, 0f3F800000;
	fma.rn.f32 	%f15, %f10, %f13, %f14;
	fma.rn.f32 	%f16, %f12, %f13, %f15;
	mov.f32 	%f17, 0f3F000000;
	mov.f32 	%f18, 0f3EC00000;
	fma.rn.f32 	%f19, %f18, %f16, %f17;
	mul{rn}.f32 	%f20, %f9, %f16;
	fma.rn.f32 	%f21, %f19, %f20, %f9;
	shr.s32 	%r8, %r7, 1;
	mov.b32 	%r9, %f21;
	add.s32 	%r10, %r8, %r9;
	mov.b32 	%f22, %r10;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	rsqrt.approx.ftz.f32 	%f22, %f2;

$L__BB0_3:
	st.param.b32 	[{ret}], %f22;
	ret;
",
    ftz: Some(
        "	ld.param.b32 	%f4, [{p0}];
	mov.b32 	%r1, %f4;
	add.s32 	%r2, %r1, -8388608;
	setp.lt.u32 	%p1, %r2, 2130706432;
	@%p1 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	and.b32  	%r3, %r1, 16777215;
	or.b32  	%r4, %r3, 1056964608;
	mov.b32 	%f5, %r4;
	sub.s32 	%r5, %r4, %r1;
	rsqrt.approx{ftz}.f32 	%f6, %f5;
	mul{rn}{ftz}.f32 	%f7, %f6, %f6;
	neg{ftz}.f32 	%f8, %f7;
	fma.rn{ftz}.f32 	%f9, %f6, %f6, %f8;
	neg{ftz}.f32 	%f10, %f5;
	mov.f32 	%f11, 0f3F800000;
	fma.rn{ftz}.f32 	%f12, %f7, %f10, %f11;
	fma.rn{ftz}.f32 	%f13, %f9, %f10, %f12;
	mov.f32 	%f14, 0f3F000000;
	mov.f32 	%f15, 0f3EC00000;
	fma.rn{ftz}.f32 	%f16, %f15, %f13, %f14;
	mul{rn}{ftz}.f32 	%f17, %f6, %f13;
	fma.rn{ftz}.f32 	%f18, %f16, %f17, %f6;
	shr.s32 	%r6, %r5, 1;
	mov.b32 	%r7, %f18;
	add.s32 	%r8, %r6, %r7;
	mov.b32 	%f19, %r8;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	rsqrt.approx{ftz}.f32 	%f19, %f4;

$L__BB0_3:
	st.param.b32 	[{ret}], %f19;
	ret;
",
    ),
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
