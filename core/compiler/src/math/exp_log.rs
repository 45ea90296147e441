//! Exponentials, logarithms and powers, single precision, and their fast intrinsics.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `expf`: eˣ as 2ⁱ·2ᶠ. `i` is x·log₂e rounded, found with a saturated `fma` whose result's low bits hold it (the 0x4B400001 trick, which also clamps the exponent), `f` = x·log₂e − i in two `fma`s with log₂e split in a high and a low part; `ex2.approx.ftz` gives 2ᶠ and the product with 2ⁱ, built in the exponent field, rounds once. Fast math: `__expf`.
pub(super) static EXPF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mov.f32 	%f2, 0f3F000000;
	mov.f32 	%f3, 0f3BBB989D;
	fma.rn{ftz}.f32 	%f4, %f1, %f3, %f2;
	cvt{ftz}.sat.f32.f32 	%f5, %f4;
	mov.f32 	%f6, 0f4B400001;
	mov.f32 	%f7, 0f437C0000;
	fma.rm{ftz}.f32 	%f8, %f5, %f7, %f6;
	add{rn}{ftz}.f32 	%f9, %f8, 0fCB40007F;
	neg{ftz}.f32 	%f10, %f9;
	mov.f32 	%f11, 0f3FB8AA3B;
	fma.rn{ftz}.f32 	%f12, %f1, %f11, %f10;
	mov.f32 	%f13, 0f32A57060;
	fma.rn{ftz}.f32 	%f14, %f1, %f13, %f12;
	mov.b32 	%r1, %f8;
	shl.b32 	%r2, %r1, 23;
	mov.b32 	%f15, %r2;
	ex2.approx.ftz.f32 	%f16, %f14;
	mul{rn}{ftz}.f32 	%f17, %f16, %f15;
	st.param.b32 	[{ret}], %f17;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3FB8AA3B;
	ex2.approx{ftz}.f32 	%f3, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `exp2f`: the `ex2.approx` instruction, exact to within its documented error and what NVRTC emits.
pub(super) static EXP2F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ex2.approx{ftz}.f32 	%f2, %f1;
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

/// `exp10f`: as `expf` with log₂10 (split high/low) in place of log₂e. Fast math: `__exp10f`.
pub(super) static EXP10F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mov.f32 	%f2, 0f3F000000;
	mov.f32 	%f3, 0f3C57FA62;
	fma.rn{ftz}.f32 	%f4, %f1, %f3, %f2;
	cvt{ftz}.sat.f32.f32 	%f5, %f4;
	mov.f32 	%f6, 0f4B400001;
	mov.f32 	%f7, 0f437C0000;
	fma.rm{ftz}.f32 	%f8, %f5, %f7, %f6;
	add{rn}{ftz}.f32 	%f9, %f8, 0fCB40007F;
	neg{ftz}.f32 	%f10, %f9;
	mov.f32 	%f11, 0f40549A78;
	fma.rn{ftz}.f32 	%f12, %f1, %f11, %f10;
	mov.f32 	%f13, 0f33979A37;
	fma.rn{ftz}.f32 	%f14, %f1, %f13, %f12;
	mov.b32 	%r1, %f8;
	shl.b32 	%r2, %r1, 23;
	mov.b32 	%f15, %r2;
	ex2.approx.ftz.f32 	%f16, %f14;
	mul{rn}{ftz}.f32 	%f17, %f16, %f15;
	st.param.b32 	[{ret}], %f17;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f40549A78;
	ex2.approx{ftz}.f32 	%f3, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `expm1f`: eˣ − 1 without cancellation: x = i·ln2 + r (a two-part ln2), a polynomial in r for eʳ − 1, recombined as 2ⁱ·(eʳ − 1) + (2ⁱ − 1) with the overflow and large-negative branches (−1) and small |x| returned as the polynomial.
pub(super) static EXPM1F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3FB8AA3B;
	cvt.rni.f32.f32 	%f3, %f2;
	abs{ftz}.f32 	%f4, %f1;
	setp.lt{ftz}.f32 	%p1, %f4, 0f3ED1EB85;
	selp.f32 	%f5, 0f00000000, %f3, %p1;
	neg{ftz}.f32 	%f6, %f5;
	mov.f32 	%f7, 0f3F317200;
	fma.rn{ftz}.f32 	%f8, %f6, %f7, %f1;
	mov.f32 	%f9, 0f35BFBE8E;
	fma.rn{ftz}.f32 	%f10, %f6, %f9, %f8;
	setp.eq{ftz}.f32 	%p2, %f5, 0f43000000;
	add{rn}{ftz}.f32 	%f11, %f5, 0fBF800000;
	selp.f32 	%f12, %f11, %f5, %p2;
	mov.f32 	%f13, 0f3C095663;
	mov.f32 	%f14, 0f3AB5EBE6;
	fma.rn{ftz}.f32 	%f15, %f14, %f10, %f13;
	mov.f32 	%f16, 0f3D2AABE3;
	fma.rn{ftz}.f32 	%f17, %f15, %f10, %f16;
	mov.f32 	%f18, 0f3E2AA9F6;
	fma.rn{ftz}.f32 	%f19, %f17, %f10, %f18;
	mov.f32 	%f20, 0f3EFFFFFE;
	fma.rn{ftz}.f32 	%f21, %f19, %f10, %f20;
	mul{rn}{ftz}.f32 	%f22, %f10, %f21;
	fma.rn{ftz}.f32 	%f23, %f22, %f10, %f10;
	ex2.approx{ftz}.f32 	%f24, %f12;
	add{rn}{ftz}.f32 	%f25, %f24, 0fBF800000;
	fma.rn{ftz}.f32 	%f26, %f23, %f24, %f25;
	add{rn}{ftz}.f32 	%f27, %f26, %f26;
	selp.f32 	%f28, %f27, %f26, %p2;
	setp.gt{ftz}.f32 	%p3, %f12, 0f43000000;
	selp.f32 	%f29, 0f7F800000, %f28, %p3;
	setp.lt{ftz}.f32 	%p4, %f12, 0fC1C80000;
	selp.f32 	%f30, 0fBF800000, %f29, %p4;
	setp.eq{ftz}.f32 	%p5, %f1, 0f00000000;
	add{rn}{ftz}.f32 	%f31, %f1, %f1;
	selp.f32 	%f32, %f31, %f30, %p5;
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

/// `logf`: subnormal inputs scaled by 2²³ first; x = 2ᵉ·m with m in [0.67, 1.33) (the exponent split at 0x3F2AAAAB's bits), then ln(m) as m−1 plus a degree-9 polynomial, plus e·ln2. Non-finite and negative inputs through one `fma` with +inf (NaN or +inf), zero to −inf. Fast math: `lg2.approx` times ln2.
pub(super) static LOGF: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	mul{rn}{ftz}.f32 	%f6, %f5, 0f4B000000;
	setp.lt{ftz}.f32 	%p1, %f5, 0f00800000;
	selp.f32 	%f1, %f6, %f5, %p1;
	selp.f32 	%f7, 0fC1B80000, 0f00000000, %p1;
	mov.b32 	%r1, %f1;
	add.s32 	%r2, %r1, -1059760811;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f8, %r4;
	cvt.rn.f32.s32 	%f9, %r3;
	mov.f32 	%f10, 0f34000000;
	fma.rn{ftz}.f32 	%f11, %f9, %f10, %f7;
	add{rn}{ftz}.f32 	%f12, %f8, 0fBF800000;
	mov.f32 	%f13, 0f3E1039F6;
	mov.f32 	%f14, 0fBE055027;
	fma.rn{ftz}.f32 	%f15, %f14, %f12, %f13;
	mov.f32 	%f16, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mov.f32 	%f18, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f19, %f17, %f12, %f18;
	mov.f32 	%f20, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f21, %f19, %f12, %f20;
	mov.f32 	%f22, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f23, %f21, %f12, %f22;
	mov.f32 	%f24, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f25, %f23, %f12, %f24;
	mov.f32 	%f26, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f27, %f25, %f12, %f26;
	mov.f32 	%f28, 0fBF000000;
	fma.rn{ftz}.f32 	%f29, %f27, %f12, %f28;
	mul{rn}{ftz}.f32 	%f30, %f12, %f29;
	fma.rn{ftz}.f32 	%f31, %f30, %f12, %f12;
	mov.f32 	%f32, 0f3F317218;
	fma.rn{ftz}.f32 	%f35, %f11, %f32, %f31;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_2;

	mov.f32 	%f33, 0f7F800000;
	fma.rn{ftz}.f32 	%f35, %f1, %f33, %f33;

$L__BB0_2:
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f32 	%f34, 0fFF800000, %f35, %p3;
	st.param.b32 	[{ret}], %f34;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
	mul{rn}{ftz}.f32 	%f3, %f2, 0f3F317218;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log2f`: the reduction of `logf`, with the polynomial's result scaled to base 2. Fast math: `lg2.approx`.
pub(super) static LOG2F: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	mul{rn}{ftz}.f32 	%f6, %f5, 0f4B000000;
	setp.lt{ftz}.f32 	%p1, %f5, 0f00800000;
	selp.f32 	%f1, %f6, %f5, %p1;
	selp.f32 	%f7, 0fC1B80000, 0f00000000, %p1;
	mov.b32 	%r1, %f1;
	add.s32 	%r2, %r1, -1060439283;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f8, %r4;
	cvt.rn.f32.s32 	%f9, %r3;
	mov.f32 	%f10, 0f34000000;
	fma.rn{ftz}.f32 	%f11, %f9, %f10, %f7;
	add{rn}{ftz}.f32 	%f12, %f8, 0fBF800000;
	mov.f32 	%f13, 0fBE2C7F30;
	mov.f32 	%f14, 0f3DC6B27F;
	fma.rn{ftz}.f32 	%f15, %f14, %f12, %f13;
	mov.f32 	%f16, 0f3E2FCF2A;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mov.f32 	%f18, 0fBE374E43;
	fma.rn{ftz}.f32 	%f19, %f17, %f12, %f18;
	mov.f32 	%f20, 0f3E520BF4;
	fma.rn{ftz}.f32 	%f21, %f19, %f12, %f20;
	mov.f32 	%f22, 0fBE763C8B;
	fma.rn{ftz}.f32 	%f23, %f21, %f12, %f22;
	mov.f32 	%f24, 0f3E93BF99;
	fma.rn{ftz}.f32 	%f25, %f23, %f12, %f24;
	mov.f32 	%f26, 0fBEB8AA49;
	fma.rn{ftz}.f32 	%f27, %f25, %f12, %f26;
	mov.f32 	%f28, 0f3EF6384A;
	fma.rn{ftz}.f32 	%f29, %f27, %f12, %f28;
	mov.f32 	%f30, 0fBF38AA3B;
	fma.rn{ftz}.f32 	%f31, %f29, %f12, %f30;
	mul{rn}{ftz}.f32 	%f32, %f12, %f31;
	mul{rn}{ftz}.f32 	%f33, %f12, %f32;
	mov.f32 	%f34, 0f3FB8AA3B;
	fma.rn{ftz}.f32 	%f35, %f12, %f34, %f33;
	add{rn}{ftz}.f32 	%f38, %f11, %f35;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_2;

	mov.f32 	%f36, 0f7F800000;
	fma.rn{ftz}.f32 	%f38, %f1, %f36, %f36;

$L__BB0_2:
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f32 	%f37, 0fFF800000, %f38, %p3;
	st.param.b32 	[{ret}], %f37;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
	st.param.b32 	[{ret}], %f2;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log10f`: the reduction of `logf`, with the result scaled by log₁₀e (a two-part constant). Fast math: `lg2.approx` times log₁₀2.
pub(super) static LOG10F: Variants = Variants {
    base: "	ld.param.b32 	%f5, [{p0}];
	mul{rn}{ftz}.f32 	%f6, %f5, 0f4B000000;
	setp.lt{ftz}.f32 	%p1, %f5, 0f00800000;
	selp.f32 	%f1, %f6, %f5, %p1;
	selp.f32 	%f7, 0fC1B80000, 0f00000000, %p1;
	mov.b32 	%r1, %f1;
	add.s32 	%r2, %r1, -1059760811;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f8, %r4;
	cvt.rn.f32.s32 	%f9, %r3;
	mov.f32 	%f10, 0f34000000;
	fma.rn{ftz}.f32 	%f11, %f9, %f10, %f7;
	add{rn}{ftz}.f32 	%f12, %f8, 0fBF800000;
	mov.f32 	%f13, 0f3E1039F6;
	mov.f32 	%f14, 0fBE055027;
	fma.rn{ftz}.f32 	%f15, %f14, %f12, %f13;
	mov.f32 	%f16, 0fBDF8CDCC;
	fma.rn{ftz}.f32 	%f17, %f15, %f12, %f16;
	mov.f32 	%f18, 0f3E0F2955;
	fma.rn{ftz}.f32 	%f19, %f17, %f12, %f18;
	mov.f32 	%f20, 0fBE2AD8B9;
	fma.rn{ftz}.f32 	%f21, %f19, %f12, %f20;
	mov.f32 	%f22, 0f3E4CED0B;
	fma.rn{ftz}.f32 	%f23, %f21, %f12, %f22;
	mov.f32 	%f24, 0fBE7FFF22;
	fma.rn{ftz}.f32 	%f25, %f23, %f12, %f24;
	mov.f32 	%f26, 0f3EAAAA78;
	fma.rn{ftz}.f32 	%f27, %f25, %f12, %f26;
	mov.f32 	%f28, 0fBF000000;
	fma.rn{ftz}.f32 	%f29, %f27, %f12, %f28;
	mul{rn}{ftz}.f32 	%f30, %f12, %f29;
	fma.rn{ftz}.f32 	%f31, %f30, %f12, %f12;
	mov.f32 	%f32, 0f3F317218;
	fma.rn{ftz}.f32 	%f36, %f11, %f32, %f31;
	setp.lt.u32 	%p2, %r1, 2139095040;
	@%p2 bra 	$L__BB0_2;

	mov.f32 	%f33, 0f7F800000;
	fma.rn{ftz}.f32 	%f36, %f1, %f33, %f33;

$L__BB0_2:
	mul{rn}{ftz}.f32 	%f34, %f36, 0f3EDE5BD9;
	setp.eq{ftz}.f32 	%p3, %f1, 0f00000000;
	selp.f32 	%f35, 0fFF800000, %f34, %p3;
	st.param.b32 	[{ret}], %f35;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
	mul{rn}{ftz}.f32 	%f3, %f2, 0f3E9A209B;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `log1pf`: ln(1 + x) with 1 + x split exactly into a scale 2ᵉ and a reduced argument in [0.67, 1.33), the polynomial of `logf` on it, and the lost low part of 1 + x added back.
pub(super) static LOG1PF: Variants = Variants {
    base: "	ld.param.b32 	%f6, [{p0}];
	mov.f32 	%f7, 0f3F800000;
	add.rz{ftz}.f32 	%f8, %f6, %f7;
	mov.b32 	%r2, %f8;
	add.s32 	%r3, %r2, -1061158912;
	and.b32  	%r4, %r3, -8388608;
	mov.b32 	%r1, %f6;
	sub.s32 	%r5, %r1, %r4;
	mov.b32 	%f9, %r5;
	mov.u32 	%r6, 1082130432;
	sub.s32 	%r7, %r6, %r4;
	mov.b32 	%f10, %r7;
	mov.f32 	%f11, 0fBF800000;
	mov.f32 	%f12, 0f3E800000;
	fma.rn{ftz}.f32 	%f13, %f12, %f10, %f11;
	add{rn}{ftz}.f32 	%f14, %f13, %f9;
	cvt.rn.f32.s32 	%f15, %r4;
	mul{rn}{ftz}.f32 	%f16, %f15, 0f34000000;
	mov.f32 	%f17, 0f3DD80012;
	mov.f32 	%f18, 0fBD39BF78;
	fma.rn{ftz}.f32 	%f19, %f18, %f14, %f17;
	mov.f32 	%f20, 0fBE0778E0;
	fma.rn{ftz}.f32 	%f21, %f19, %f14, %f20;
	mov.f32 	%f22, 0f3E146475;
	fma.rn{ftz}.f32 	%f23, %f21, %f14, %f22;
	mov.f32 	%f24, 0fBE2A68DD;
	fma.rn{ftz}.f32 	%f25, %f23, %f14, %f24;
	mov.f32 	%f26, 0f3E4CAF9E;
	fma.rn{ftz}.f32 	%f27, %f25, %f14, %f26;
	mov.f32 	%f28, 0fBE800042;
	fma.rn{ftz}.f32 	%f29, %f27, %f14, %f28;
	mov.f32 	%f30, 0f3EAAAAE6;
	fma.rn{ftz}.f32 	%f31, %f29, %f14, %f30;
	mov.f32 	%f32, 0fBF000000;
	fma.rn{ftz}.f32 	%f33, %f31, %f14, %f32;
	mul{rn}{ftz}.f32 	%f34, %f14, %f33;
	fma.rn{ftz}.f32 	%f35, %f34, %f14, %f14;
	mov.f32 	%f36, 0f3F317218;
	fma.rn{ftz}.f32 	%f39, %f16, %f36, %f35;
	setp.lt.u32 	%p1, %r1, 2139095040;
	@%p1 bra 	$L__BB0_4;

	setp.lt.s32 	%p2, %r1, -1082130431;
	@%p2 bra 	$L__BB0_3;

	mov.f32 	%f37, 0f7F800000;
	fma.rn{ftz}.f32 	%f39, %f6, %f37, %f37;

$L__BB0_3:
	setp.eq{ftz}.f32 	%p3, %f6, 0f00000000;
	selp.f32 	%f39, 0f80000000, %f39, %p3;

$L__BB0_4:
	st.param.b32 	[{ret}], %f39;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `powf`: y·log₂|x| in double-single arithmetic (a head and a tail from a polynomial for log₂, the product's rounding error recovered with `fma`), then 2^(that) as in `expf` with the tail folded into the reduced argument; then C's special cases: odd integer y keeps x's sign, negative x with non-integer y gives NaN, zeros, infinities and NaNs as C99 says (pow(x, 0) = 1, pow(1, y) = 1). Under `-ftz` the subnormal rescaling drops out. Fast math: `__powf`.
pub(super) static POWF: Variants = Variants {
    base: "	ld.param.b32 	%f9, [{p0}];
	ld.param.b32 	%f10, [{p1}];
	mul{rn}.f32 	%f12, %f10, 0f3F000000;
	cvt.rzi.f32.f32 	%f13, %f12;
	add{rn}.f32 	%f14, %f13, %f13;
	sub{rn}.f32 	%f15, %f10, %f14;
	abs.f32 	%f1, %f15;
	abs.f32 	%f2, %f9;
	setp.lt.f32 	%p1, %f2, 0f00800000;
	mul{rn}.f32 	%f16, %f2, 0f4B800000;
	selp.f32 	%f17, %f16, %f2, %p1;
	selp.f32 	%f18, 0fC1C00000, 0f00000000, %p1;
	mov.b32 	%r1, %f17;
	add.s32 	%r2, %r1, -1060439283;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f19, %r4;
	cvt.rn.f32.s32 	%f20, %r3;
	mov.f32 	%f21, 0f34000000;
	fma.rn.f32 	%f22, %f20, %f21, %f18;
	add{rn}.f32 	%f23, %f19, 0fBF800000;
	add{rn}.f32 	%f24, %f19, 0f3F800000;
	mov.f32 	%f87, 0f3F800000;
	rcp.approx.ftz.f32 	%f25, %f24;
	add{rn}.f32 	%f26, %f23, %f23;
	mul{rn}.f32 	%f27, %f26, %f25;
	mul{rn}.f32 	%f28, %f27, %f27;
	sub{rn}.f32 	%f29, %f23, %f27;
	add{rn}.f32 	%f30, %f29, %f29;
	neg.f32 	%f31, %f27;
	fma.rn.f32 	%f32, %f31, %f23, %f30;
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
	fma.rn.f32 	%f43, %f27, %f42, %f22;
	sub{rn}.f32 	%f44, %f22, %f43;
	fma.rn.f32 	%f45, %f27, %f42, %f44;
	fma.rn.f32 	%f46, %f33, %f42, %f45;
	mov.f32 	%f47, 0f32A55E34;
	fma.rn.f32 	%f48, %f27, %f47, %f46;
	mul{rn}.f32 	%f49, %f41, 0f40400000;
	fma.rn.f32 	%f50, %f49, %f33, %f48;
	fma.rn.f32 	%f51, %f41, %f27, %f50;
	add.rn.f32 	%f52, %f43, %f51;
	neg.f32 	%f53, %f43;
	add.rn.f32 	%f54, %f52, %f53;
	neg.f32 	%f55, %f54;
	add.rn.f32 	%f56, %f51, %f55;
	mul.rn.f32 	%f57, %f52, %f10;
	neg.f32 	%f58, %f57;
	fma.rn.f32 	%f59, %f52, %f10, %f58;
	fma.rn.f32 	%f60, %f56, %f10, %f59;
	cvt.rni.f32.f32 	%f61, %f57;
	sub{rn}.f32 	%f62, %f57, %f61;
	add{rn}.f32 	%f63, %f60, %f62;
	mov.f32 	%f64, 0f3AAF85ED;
	mov.f32 	%f65, 0f391FCB8E;
	fma.rn.f32 	%f66, %f65, %f63, %f64;
	mov.f32 	%f67, 0f3C1D9856;
	fma.rn.f32 	%f68, %f66, %f63, %f67;
	mov.f32 	%f69, 0f3D6357BB;
	fma.rn.f32 	%f70, %f68, %f63, %f69;
	mov.f32 	%f71, 0f3E75FDEC;
	fma.rn.f32 	%f72, %f70, %f63, %f71;
	mov.f32 	%f73, 0f3F317218;
	fma.rn.f32 	%f74, %f72, %f63, %f73;
	fma.rn.f32 	%f75, %f74, %f63, %f87;
	cvt.rzi.s32.f32 	%r5, %f61;
	setp.gt.f32 	%p2, %f61, 0f00000000;
	selp.b32 	%r6, 0, -2097152000, %p2;
	add.s32 	%r7, %r6, 2130706432;
	mov.b32 	%f76, %r7;
	mul{rn}.f32 	%f77, %f75, %f76;
	shl.b32 	%r8, %r5, 23;
	sub.s32 	%r9, %r8, %r6;
	mov.b32 	%f78, %r9;
	mul{rn}.f32 	%f79, %f77, %f78;
	abs.f32 	%f80, %f57;
	setp.gt.f32 	%p3, %f80, 0f43180000;
	setp.lt.f32 	%p4, %f57, 0f00000000;
	selp.f32 	%f81, 0f00000000, 0f7F800000, %p4;
	selp.f32 	%f3, %f81, %f79, %p3;
	setp.eq.f32 	%p5, %f10, 0f00000000;
	setp.eq.f32 	%p6, %f9, 0f3F800000;
	or.pred  	%p7, %p6, %p5;
	@%p7 bra 	$L__BB0_9;

	setp.gtu.f32 	%p8, %f2, 0f7F800000;
	@%p8 bra 	$L__BB0_8;

	abs.f32 	%f4, %f10;
	setp.gtu.f32 	%p9, %f4, 0f7F800000;
	@%p9 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_3;

$L__BB0_8:
	add.rn.f32 	%f87, %f9, %f10;

$L__BB0_9:
	st.param.b32 	[{ret}], %f87;
	ret;

$L__BB0_3:
	setp.eq.f32 	%p10, %f9, 0f00000000;
	setp.eq.f32 	%p11, %f2, 0f7F800000;
	or.pred  	%p12, %p10, %p11;
	@%p12 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_4;

$L__BB0_7:
	setp.eq.f32 	%p19, %f1, 0f3F800000;
	add{rn}.f32 	%f86, %f9, %f9;
	mov.b32 	%r10, %f86;
	xor.b32  	%r11, %r10, 2139095040;
	setp.lt.f32 	%p20, %f10, 0f00000000;
	selp.b32 	%r12, %r11, %r10, %p20;
	and.b32  	%r13, %r12, 2147483647;
	selp.b32 	%r14, %r12, %r13, %p19;
	mov.b32 	%f87, %r14;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	setp.eq.f32 	%p13, %f9, 0fBF800000;
	setp.eq.f32 	%p14, %f4, 0f7F800000;
	and.pred  	%p15, %p13, %p14;
	@%p15 bra 	$L__BB0_9;

	setp.geu.f32 	%p16, %f9, 0f00000000;
	mov.f32 	%f87, %f3;
	@%p16 bra 	$L__BB0_9;

	setp.eq.f32 	%p17, %f1, 0f3F800000;
	neg.f32 	%f83, %f3;
	selp.f32 	%f84, %f83, %f3, %p17;
	cvt.rmi.f32.f32 	%f85, %f10;
	setp.neu.f32 	%p18, %f85, %f10;
	selp.f32 	%f87, 0f7FFFFFFF, %f84, %p18;
	bra.uni 	$L__BB0_9;
",
    ftz: Some(
        "	ld.param.b32 	%f9, [{p0}];
	ld.param.b32 	%f10, [{p1}];
	mul{rn}{ftz}.f32 	%f12, %f10, 0f3F000000;
	cvt.rzi.f32.f32 	%f13, %f12;
	add{rn}{ftz}.f32 	%f14, %f13, %f13;
	sub{rn}{ftz}.f32 	%f15, %f10, %f14;
	abs{ftz}.f32 	%f1, %f15;
	abs{ftz}.f32 	%f2, %f9;
	mov.b32 	%r1, %f2;
	add.s32 	%r2, %r1, -1060439283;
	and.b32  	%r3, %r2, -8388608;
	sub.s32 	%r4, %r1, %r3;
	mov.b32 	%f16, %r4;
	cvt.rn.f32.s32 	%f17, %r3;
	mov.f32 	%f18, 0f00000000;
	mov.f32 	%f19, 0f34000000;
	fma.rn{ftz}.f32 	%f20, %f17, %f19, %f18;
	add{rn}{ftz}.f32 	%f21, %f16, 0fBF800000;
	add{rn}{ftz}.f32 	%f22, %f16, 0f3F800000;
	mov.f32 	%f85, 0f3F800000;
	rcp.approx{ftz}.f32 	%f23, %f22;
	add{rn}{ftz}.f32 	%f24, %f21, %f21;
	mul{rn}{ftz}.f32 	%f25, %f24, %f23;
	mul{rn}{ftz}.f32 	%f26, %f25, %f25;
	sub{rn}{ftz}.f32 	%f27, %f21, %f25;
	add{rn}{ftz}.f32 	%f28, %f27, %f27;
	neg{ftz}.f32 	%f29, %f25;
	fma.rn{ftz}.f32 	%f30, %f29, %f21, %f28;
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
	fma.rn{ftz}.f32 	%f41, %f25, %f40, %f20;
	sub{rn}{ftz}.f32 	%f42, %f20, %f41;
	fma.rn{ftz}.f32 	%f43, %f25, %f40, %f42;
	fma.rn{ftz}.f32 	%f44, %f31, %f40, %f43;
	mov.f32 	%f45, 0f32A55E34;
	fma.rn{ftz}.f32 	%f46, %f25, %f45, %f44;
	mul{rn}{ftz}.f32 	%f47, %f39, 0f40400000;
	fma.rn{ftz}.f32 	%f48, %f47, %f31, %f46;
	fma.rn{ftz}.f32 	%f49, %f39, %f25, %f48;
	add.rn{ftz}.f32 	%f50, %f41, %f49;
	neg{ftz}.f32 	%f51, %f41;
	add.rn{ftz}.f32 	%f52, %f50, %f51;
	neg{ftz}.f32 	%f53, %f52;
	add.rn{ftz}.f32 	%f54, %f49, %f53;
	mul.rn{ftz}.f32 	%f55, %f50, %f10;
	neg{ftz}.f32 	%f56, %f55;
	fma.rn{ftz}.f32 	%f57, %f50, %f10, %f56;
	fma.rn{ftz}.f32 	%f58, %f54, %f10, %f57;
	cvt.rni.f32.f32 	%f59, %f55;
	sub{rn}{ftz}.f32 	%f60, %f55, %f59;
	add{rn}{ftz}.f32 	%f61, %f58, %f60;
	mov.f32 	%f62, 0f3AAF85ED;
	mov.f32 	%f63, 0f391FCB8E;
	fma.rn{ftz}.f32 	%f64, %f63, %f61, %f62;
	mov.f32 	%f65, 0f3C1D9856;
	fma.rn{ftz}.f32 	%f66, %f64, %f61, %f65;
	mov.f32 	%f67, 0f3D6357BB;
	fma.rn{ftz}.f32 	%f68, %f66, %f61, %f67;
	mov.f32 	%f69, 0f3E75FDEC;
	fma.rn{ftz}.f32 	%f70, %f68, %f61, %f69;
	mov.f32 	%f71, 0f3F317218;
	fma.rn{ftz}.f32 	%f72, %f70, %f61, %f71;
	fma.rn{ftz}.f32 	%f73, %f72, %f61, %f85;
	cvt.rzi{ftz}.s32.f32 	%r5, %f59;
	setp.gt{ftz}.f32 	%p1, %f59, 0f00000000;
	selp.b32 	%r6, 0, -2097152000, %p1;
	add.s32 	%r7, %r6, 2130706432;
	mov.b32 	%f74, %r7;
	mul{rn}{ftz}.f32 	%f75, %f73, %f74;
	shl.b32 	%r8, %r5, 23;
	sub.s32 	%r9, %r8, %r6;
	mov.b32 	%f76, %r9;
	mul{rn}{ftz}.f32 	%f77, %f75, %f76;
	abs{ftz}.f32 	%f78, %f55;
	setp.gt{ftz}.f32 	%p2, %f78, 0f43180000;
	setp.lt{ftz}.f32 	%p3, %f55, 0f00000000;
	selp.f32 	%f79, 0f00000000, 0f7F800000, %p3;
	selp.f32 	%f3, %f79, %f77, %p2;
	setp.eq{ftz}.f32 	%p4, %f10, 0f00000000;
	setp.eq{ftz}.f32 	%p5, %f9, 0f3F800000;
	or.pred  	%p6, %p5, %p4;
	@%p6 bra 	$L__BB0_9;

	setp.gtu{ftz}.f32 	%p7, %f2, 0f7F800000;
	@%p7 bra 	$L__BB0_8;

	abs{ftz}.f32 	%f4, %f10;
	setp.gtu{ftz}.f32 	%p8, %f4, 0f7F800000;
	@%p8 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_3;

$L__BB0_8:
	add.rn{ftz}.f32 	%f85, %f9, %f10;

$L__BB0_9:
	st.param.b32 	[{ret}], %f85;
	ret;

$L__BB0_3:
	setp.eq{ftz}.f32 	%p9, %f9, 0f00000000;
	setp.eq{ftz}.f32 	%p10, %f2, 0f7F800000;
	or.pred  	%p11, %p9, %p10;
	@%p11 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_4;

$L__BB0_7:
	setp.eq{ftz}.f32 	%p18, %f1, 0f3F800000;
	add{rn}{ftz}.f32 	%f84, %f9, %f9;
	mov.b32 	%r10, %f84;
	xor.b32  	%r11, %r10, 2139095040;
	setp.lt{ftz}.f32 	%p19, %f10, 0f00000000;
	selp.b32 	%r12, %r11, %r10, %p19;
	and.b32  	%r13, %r12, 2147483647;
	selp.b32 	%r14, %r12, %r13, %p18;
	mov.b32 	%f85, %r14;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	setp.eq{ftz}.f32 	%p12, %f9, 0fBF800000;
	setp.eq{ftz}.f32 	%p13, %f4, 0f7F800000;
	and.pred  	%p14, %p12, %p13;
	@%p14 bra 	$L__BB0_9;

	setp.geu{ftz}.f32 	%p15, %f9, 0f00000000;
	mov.f32 	%f85, %f3;
	@%p15 bra 	$L__BB0_9;

	setp.eq{ftz}.f32 	%p16, %f1, 0f3F800000;
	neg{ftz}.f32 	%f81, %f3;
	selp.f32 	%f82, %f81, %f3, %p16;
	cvt.rmi{ftz}.f32.f32 	%f83, %f10;
	setp.neu{ftz}.f32 	%p17, %f83, %f10;
	selp.f32 	%f85, 0f7FFFFFFF, %f82, %p17;
	bra.uni 	$L__BB0_9;
",
    ),
    no_fma: None,
    fast: Some(
        "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	lg2.approx{ftz}.f32 	%f3, %f1;
	mul{rn}{ftz}.f32 	%f4, %f3, %f2;
	ex2.approx{ftz}.f32 	%f5, %f4;
	st.param.b32 	[{ret}], %f5;
	ret;
",
    ),
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__expf`: x·log₂e, then `ex2.approx`.
pub(super) static INTRINSIC_EXPF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3FB8AA3B;
	ex2.approx{ftz}.f32 	%f3, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__exp10f`: x·log₂10, then `ex2.approx`.
pub(super) static INTRINSIC_EXP10F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	mul{rn}{ftz}.f32 	%f2, %f1, 0f40549A78;
	ex2.approx{ftz}.f32 	%f3, %f2;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__logf`: `lg2.approx`, times ln2.
pub(super) static INTRINSIC_LOGF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
	mul{rn}{ftz}.f32 	%f3, %f2, 0f3F317218;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__log2f`: `lg2.approx`.
pub(super) static INTRINSIC_LOG2F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
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

/// `__log10f`: `lg2.approx`, times log₁₀2.
pub(super) static INTRINSIC_LOG10F: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	lg2.approx{ftz}.f32 	%f2, %f1;
	mul{rn}{ftz}.f32 	%f3, %f2, 0f3E9A209B;
	st.param.b32 	[{ret}], %f3;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `__powf`: 2^(y·`lg2.approx`(x)).
pub(super) static INTRINSIC_POWF: Variants = Variants {
    base: "	ld.param.b32 	%f1, [{p0}];
	ld.param.b32 	%f2, [{p1}];
	lg2.approx{ftz}.f32 	%f3, %f1;
	mul{rn}{ftz}.f32 	%f4, %f3, %f2;
	ex2.approx{ftz}.f32 	%f5, %f4;
	st.param.b32 	[{ret}], %f5;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
