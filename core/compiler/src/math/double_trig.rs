//! Trigonometric functions, double precision.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
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
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};
