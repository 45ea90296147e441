//! Less common double-precision functions: π-scaled trigonometry, inverse hyperbolic functions,
//! inverse error functions, the normal distribution, and integer-valued rounding and exponents.
//!
//! Each body follows the operation sequence, constants and special-case branches NVRTC's
//! PTX has for the function, mode by mode (see the module `table` for how a body is chosen).

use super::table::Variants;

/// `sinpi`: sin(πx): the argument reduced exactly to a half-integer and a remainder in [−¼, ¼] (no Payne–Hanek needed), the sine or cosine polynomial of π·r by quadrant.
pub(super) static SINPI: Variants = Variants {
    base: "	ld.param.b64 	%fd10, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd10;
	}
	add.s32 	%r3, %r2, 1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r4, %temp}, %fd10;
	}
	mov.b64 	%fd11, {%r4, %r3};
	cvt.rni.f64.f64 	%fd12, %fd11;
	cvt.rzi.s64.f64 	%rd2, %fd12;
	cvt.u32.u64 	%r1, %rd2;
	neg.f64 	%fd13, %fd12;
	mov.f64 	%fd14, 0d3FE0000000000000;
	fma.rn.f64 	%fd15, %fd13, %fd14, %fd10;
	mul{rn}.f64 	%fd16, %fd15, 0d3CA1A62633145C07;
	mov.f64 	%fd17, 0d400921FB54442D18;
	fma.rn.f64 	%fd18, %fd15, %fd17, %fd16;
	and.b32  	%r5, %r1, 1;
	shl.b32 	%r6, %r1, 3;
	and.b32  	%r7, %r6, 8;
	mul.wide.u32 	%rd3, %r7, 8;
	mov.u64 	%rd4, {sincos_coeffs};
	add.s64 	%rd5, %rd4, %rd3;
	mul.rn.f64 	%fd1, %fd18, %fd18;
	setp.eq.s32 	%p1, %r5, 0;
	selp.f64 	%fd19, 0d3DE5DB65F9785EBA, 0dBDA8FF8320FD8164, %p1;
	ld.global.nc.v2.f64 	{%fd20, %fd21}, [%rd5];
	fma.rn.f64 	%fd24, %fd19, %fd1, %fd20;
	fma.rn.f64 	%fd25, %fd24, %fd1, %fd21;
	ld.global.nc.v2.f64 	{%fd26, %fd27}, [%rd5+16];
	fma.rn.f64 	%fd30, %fd25, %fd1, %fd26;
	fma.rn.f64 	%fd31, %fd30, %fd1, %fd27;
	ld.global.nc.v2.f64 	{%fd32, %fd33}, [%rd5+32];
	fma.rn.f64 	%fd36, %fd31, %fd1, %fd32;
	fma.rn.f64 	%fd2, %fd36, %fd1, %fd33;
	fma.rn.f64 	%fd43, %fd2, %fd18, %fd18;
	@%p1 bra 	$L__BB0_2;

	mov.f64 	%fd37, 0d3FF0000000000000;
	fma.rn.f64 	%fd43, %fd2, %fd1, %fd37;

$L__BB0_2:
	and.b32  	%r8, %r1, 2;
	setp.eq.s32 	%p2, %r8, 0;
	@%p2 bra 	$L__BB0_4;

	mov.f64 	%fd38, 0d0000000000000000;
	mov.f64 	%fd39, 0dBFF0000000000000;
	fma.rn.f64 	%fd43, %fd43, %fd39, %fd38;

$L__BB0_4:
	cvt.rzi.f64.f64 	%fd40, %fd10;
	setp.neu.f64 	%p3, %fd40, %fd10;
	@%p3 bra 	$L__BB0_6;

	mov.f64 	%fd41, 0d0000000000000000;
	mul.rn.f64 	%fd43, %fd10, %fd41;

$L__BB0_6:
	st.param.b64 	[{ret}], %fd43;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `cospi`: cos(πx): `sinpi`'s exact reduction, the quadrant advanced by one.
pub(super) static COSPI: Variants = Variants {
    base: "	ld.param.b64 	%fd41, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r13}, %fd41;
	}
	shl.b32 	%r5, %r13, 1;
	setp.lt.u32 	%p1, %r5, -2038431743;
	@%p1 bra 	$L__BB0_2;

	mov.f64 	%fd11, 0d0000000000000000;
	mul.rn.f64 	%fd41, %fd41, %fd11;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r13}, %fd41;
	}

$L__BB0_2:
	add.s32 	%r6, %r13, 1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r7, %temp}, %fd41;
	}
	mov.b64 	%fd12, {%r7, %r6};
	cvt.rni.f64.f64 	%fd13, %fd12;
	cvt.rzi.s64.f64 	%rd2, %fd13;
	cvt.u32.u64 	%r8, %rd2;
	neg.f64 	%fd14, %fd13;
	mov.f64 	%fd15, 0d3FE0000000000000;
	fma.rn.f64 	%fd16, %fd14, %fd15, %fd41;
	mul{rn}.f64 	%fd17, %fd16, 0d3CA1A62633145C07;
	mov.f64 	%fd18, 0d400921FB54442D18;
	fma.rn.f64 	%fd19, %fd16, %fd18, %fd17;
	add.s32 	%r4, %r8, 1;
	and.b32  	%r9, %r4, 1;
	shl.b32 	%r10, %r4, 3;
	and.b32  	%r11, %r10, 8;
	mul.wide.u32 	%rd3, %r11, 8;
	mov.u64 	%rd4, {sincos_coeffs};
	add.s64 	%rd5, %rd4, %rd3;
	mul.rn.f64 	%fd3, %fd19, %fd19;
	setp.eq.s32 	%p2, %r9, 0;
	selp.f64 	%fd20, 0d3DE5DB65F9785EBA, 0dBDA8FF8320FD8164, %p2;
	ld.global.nc.v2.f64 	{%fd21, %fd22}, [%rd5];
	fma.rn.f64 	%fd25, %fd20, %fd3, %fd21;
	fma.rn.f64 	%fd26, %fd25, %fd3, %fd22;
	ld.global.nc.v2.f64 	{%fd27, %fd28}, [%rd5+16];
	fma.rn.f64 	%fd31, %fd26, %fd3, %fd27;
	fma.rn.f64 	%fd32, %fd31, %fd3, %fd28;
	ld.global.nc.v2.f64 	{%fd33, %fd34}, [%rd5+32];
	fma.rn.f64 	%fd37, %fd32, %fd3, %fd33;
	fma.rn.f64 	%fd4, %fd37, %fd3, %fd34;
	fma.rn.f64 	%fd43, %fd4, %fd19, %fd19;
	@%p2 bra 	$L__BB0_4;

	mov.f64 	%fd38, 0d3FF0000000000000;
	fma.rn.f64 	%fd43, %fd4, %fd3, %fd38;

$L__BB0_4:
	and.b32  	%r12, %r4, 2;
	setp.eq.s32 	%p3, %r12, 0;
	@%p3 bra 	$L__BB0_6;

	mov.f64 	%fd39, 0d0000000000000000;
	mov.f64 	%fd40, 0dBFF0000000000000;
	fma.rn.f64 	%fd43, %fd43, %fd40, %fd39;

$L__BB0_6:
	st.param.b64 	[{ret}], %fd43;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `sincospi`: sin(πx) and cos(πx) from one exact reduction, as its two results.
pub(super) static SINCOSPI: Variants = Variants {
    base: "	ld.param.b64 	%fd57, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r18}, %fd57;
	}
	shl.b32 	%r4, %r18, 1;
	setp.lt.u32 	%p1, %r4, -2038431743;
	@%p1 bra 	$L__BB0_2;

	mov.f64 	%fd12, 0d0000000000000000;
	mul.rn.f64 	%fd57, %fd57, %fd12;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r18}, %fd57;
	}

$L__BB0_2:
	add.s32 	%r5, %r18, 1048576;
	{
	.reg .b32 %temp;
	mov.b64 	{%r6, %temp}, %fd57;
	}
	mov.b64 	%fd13, {%r6, %r5};
	cvt.rni.f64.f64 	%fd14, %fd13;
	cvt.rzi.s64.f64 	%rd3, %fd14;
	cvt.u32.u64 	%r7, %rd3;
	neg.f64 	%fd15, %fd14;
	mov.f64 	%fd16, 0d3FE0000000000000;
	fma.rn.f64 	%fd17, %fd15, %fd16, %fd57;
	mul{rn}.f64 	%fd18, %fd17, 0d3CA1A62633145C07;
	mov.f64 	%fd19, 0d400921FB54442D18;
	fma.rn.f64 	%fd20, %fd17, %fd19, %fd18;
	mul.rn.f64 	%fd21, %fd20, %fd20;
	mov.f64 	%fd22, 0d3E21EEA7C1EF8528;
	mov.f64 	%fd23, 0dBDA8FF8320FD8164;
	fma.rn.f64 	%fd24, %fd23, %fd21, %fd22;
	mov.f64 	%fd25, 0dBE927E4F8E06E6D9;
	fma.rn.f64 	%fd26, %fd24, %fd21, %fd25;
	mov.f64 	%fd27, 0d3EFA01A019DDBCE9;
	fma.rn.f64 	%fd28, %fd26, %fd21, %fd27;
	mov.f64 	%fd29, 0dBF56C16C16C15D47;
	fma.rn.f64 	%fd30, %fd28, %fd21, %fd29;
	mov.f64 	%fd31, 0d3FA5555555555551;
	fma.rn.f64 	%fd32, %fd30, %fd21, %fd31;
	mov.f64 	%fd33, 0dBFE0000000000000;
	fma.rn.f64 	%fd34, %fd32, %fd21, %fd33;
	mov.f64 	%fd35, 0d3FF0000000000000;
	fma.rn.f64 	%fd36, %fd34, %fd21, %fd35;
	mov.f64 	%fd37, 0dBE5AE5F12CB0D246;
	mov.f64 	%fd38, 0d3DE5DB65F9785EBA;
	fma.rn.f64 	%fd39, %fd38, %fd21, %fd37;
	mov.f64 	%fd40, 0d3EC71DE369ACE392;
	fma.rn.f64 	%fd41, %fd39, %fd21, %fd40;
	mov.f64 	%fd42, 0dBF2A01A019DB62A1;
	fma.rn.f64 	%fd43, %fd41, %fd21, %fd42;
	mov.f64 	%fd44, 0d3F81111111110818;
	fma.rn.f64 	%fd45, %fd43, %fd21, %fd44;
	mov.f64 	%fd46, 0dBFC5555555555554;
	fma.rn.f64 	%fd47, %fd45, %fd21, %fd46;
	mov.f64 	%fd48, 0d0000000000000000;
	fma.rn.f64 	%fd49, %fd47, %fd21, %fd48;
	fma.rn.f64 	%fd50, %fd49, %fd20, %fd20;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r8}, %fd50;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r9, %temp}, %fd50;
	}
	xor.b32  	%r10, %r8, -2147483648;
	mov.b64 	%fd51, {%r9, %r10};
	and.b64  	%rd4, %rd3, 1;
	setp.eq.b64 	%p2, %rd4, 1;
	selp.f64 	%fd60, %fd36, %fd50, %p2;
	selp.f64 	%fd59, %fd51, %fd36, %p2;
	and.b32  	%r11, %r7, 2;
	setp.eq.s32 	%p3, %r11, 0;
	@%p3 bra 	$L__BB0_4;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r12}, %fd60;
	}
	xor.b32  	%r13, %r12, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r14, %temp}, %fd60;
	}
	mov.b64 	%fd60, {%r14, %r13};
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd59;
	}
	xor.b32  	%r16, %r15, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%r17, %temp}, %fd59;
	}
	mov.b64 	%fd59, {%r17, %r16};

$L__BB0_4:
	cvt.rzi.f64.f64 	%fd52, %fd57;
	setp.neu.f64 	%p4, %fd57, %fd52;
	@%p4 bra 	$L__BB0_6;

	mov.f64 	%fd53, 0d0000000000000000;
	mul.rn.f64 	%fd60, %fd57, %fd53;

$L__BB0_6:
	st.param.b64 	[{ret}], %fd60;
	mov.f64 	%fd54, 0d0000000000000000;
	mov.f64 	%fd55, 0d3FF0000000000000;
	fma.rn.f64 	%fd56, %fd59, %fd55, %fd54;
	st.param.b64 	[{ret1}], %fd56;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `asinh`: asinh(x): log(|x| + √(x² + 1)) arranged to keep small arguments accurate (a log1p-style evaluation), sign restored.
pub(super) static ASINH: Variants = Variants {
    base: "	ld.param.b64 	%fd22, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd22;
	}
	and.b32  	%r22, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r23, %temp}, %fd22;
	}
	mov.b64 	%fd157, {%r23, %r22};
	setp.gt.u32 	%p1, %r22, 1138753535;
	@%p1 bra 	$L__BB0_10;
	bra.uni 	$L__BB0_1;

$L__BB0_10:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r63, %temp}, %fd157;
	}
	setp.gt.s32 	%p9, %r62, 1048575;
	mov.u32 	%r64, -1023;
	@%p9 bra 	$L__BB0_12;

	mul.f64 	%fd157, %fd157, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r63, %temp}, %fd157;
	}
	mov.u32 	%r64, -1077;

$L__BB0_12:
	add.s32 	%r43, %r62, -1;
	setp.lt.u32 	%p10, %r43, 2146435071;
	@%p10 bra 	$L__BB0_14;
	bra.uni 	$L__BB0_13;

$L__BB0_14:
	shr.u32 	%r45, %r62, 20;
	add.s32 	%r65, %r64, %r45;
	and.b32  	%r46, %r62, -2146435073;
	or.b32  	%r47, %r46, 1072693248;
	mov.b64 	%fd158, {%r63, %r47};
	setp.lt.s32 	%p12, %r47, 1073127583;
	@%p12 bra 	$L__BB0_16;

	{
	.reg .b32 %temp;
	mov.b64 	{%r48, %temp}, %fd158;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r49}, %fd158;
	}
	add.s32 	%r50, %r49, -1048576;
	mov.b64 	%fd158, {%r48, %r50};
	add.s32 	%r65, %r65, 1;

$L__BB0_16:
	add.f64 	%fd110, %fd158, 0d3FF0000000000000;
	mov.f64 	%fd111, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd112, %fd110;
	neg.f64 	%fd113, %fd110;
	fma.rn.f64 	%fd114, %fd113, %fd112, %fd111;
	fma.rn.f64 	%fd115, %fd114, %fd114, %fd114;
	fma.rn.f64 	%fd116, %fd115, %fd112, %fd112;
	add.f64 	%fd117, %fd158, 0dBFF0000000000000;
	mul.f64 	%fd118, %fd117, %fd116;
	fma.rn.f64 	%fd119, %fd117, %fd116, %fd118;
	mul.f64 	%fd120, %fd119, %fd119;
	mov.f64 	%fd121, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd122, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd123, %fd122, %fd120, %fd121;
	mov.f64 	%fd124, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd125, %fd123, %fd120, %fd124;
	mov.f64 	%fd126, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd127, %fd125, %fd120, %fd126;
	mov.f64 	%fd128, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd129, %fd127, %fd120, %fd128;
	mov.f64 	%fd130, 0d3F624924923BE72D;
	fma.rn.f64 	%fd131, %fd129, %fd120, %fd130;
	mov.f64 	%fd132, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd133, %fd131, %fd120, %fd132;
	mov.f64 	%fd134, 0d3FB5555555555554;
	fma.rn.f64 	%fd135, %fd133, %fd120, %fd134;
	sub.f64 	%fd136, %fd117, %fd119;
	add.f64 	%fd137, %fd136, %fd136;
	neg.f64 	%fd138, %fd119;
	fma.rn.f64 	%fd139, %fd138, %fd117, %fd137;
	mul.f64 	%fd140, %fd116, %fd139;
	mul.f64 	%fd141, %fd120, %fd135;
	fma.rn.f64 	%fd142, %fd141, %fd119, %fd140;
	xor.b32  	%r51, %r65, -2147483648;
	mov.u32 	%r52, -2147483648;
	mov.u32 	%r53, 1127219200;
	mov.b64 	%fd143, {%r51, %r53};
	mov.b64 	%fd144, {%r52, %r53};
	sub.f64 	%fd145, %fd143, %fd144;
	mov.f64 	%fd146, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd147, %fd145, %fd146, %fd119;
	neg.f64 	%fd148, %fd145;
	fma.rn.f64 	%fd149, %fd148, %fd146, %fd147;
	sub.f64 	%fd150, %fd149, %fd119;
	sub.f64 	%fd151, %fd142, %fd150;
	mov.f64 	%fd152, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd153, %fd145, %fd152, %fd151;
	add.f64 	%fd159, %fd147, %fd153;
	bra.uni 	$L__BB0_17;

$L__BB0_1:
	mul.rn.f64 	%fd23, %fd22, %fd22;
	mov.f64 	%fd24, 0d3FF0000000000000;
	fma.rn.f64 	%fd25, %fd22, %fd22, %fd24;
	rsqrt.approx.ftz.f64 	%fd26, %fd25;
	{
	.reg .b32 %temp;
	mov.b64 	{%r24, %temp}, %fd26;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd26;
	}
	add.s32 	%r26, %r25, -1048576;
	mov.b64 	%fd27, {%r24, %r26};
	mul.f64 	%fd28, %fd25, %fd26;
	neg.f64 	%fd29, %fd28;
	fma.rn.f64 	%fd30, %fd28, %fd29, %fd25;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd28;
	neg.f64 	%fd32, %fd31;
	fma.rn.f64 	%fd33, %fd26, %fd32, %fd24;
	fma.rn.f64 	%fd34, %fd33, %fd27, %fd27;
	fma.rn.f64 	%fd35, %fd31, %fd32, %fd25;
	fma.rn.f64 	%fd36, %fd35, %fd34, %fd31;
	add.f64 	%fd37, %fd36, 0d3FF0000000000000;
	div.rn.f64 	%fd38, %fd23, %fd37;
	add.f64 	%fd2, %fd157, %fd38;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd2;
	}
	mov.b32 	%f1, %r27;
	setp.lt{ftz}.f32 	%p2, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p3, %f1, 0fBFD99999;
	and.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_9;
	bra.uni 	$L__BB0_2;

$L__BB0_9:
	add.f64 	%fd85, %fd2, 0d4000000000000000;
	div.rn.f64 	%fd86, %fd2, %fd85;
	mul.f64 	%fd87, %fd2, %fd86;
	neg.f64 	%fd88, %fd87;
	sub.f64 	%fd89, %fd2, %fd87;
	mul.f64 	%fd90, %fd89, %fd89;
	mov.f64 	%fd91, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd92, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd93, %fd92, %fd90, %fd91;
	mov.f64 	%fd94, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd95, %fd93, %fd90, %fd94;
	mov.f64 	%fd96, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd97, %fd95, %fd90, %fd96;
	mov.f64 	%fd98, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd99, %fd97, %fd90, %fd98;
	mov.f64 	%fd100, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd101, %fd99, %fd90, %fd100;
	mov.f64 	%fd102, 0d3F899999999D70C4;
	fma.rn.f64 	%fd103, %fd101, %fd90, %fd102;
	mov.f64 	%fd104, 0d3FB5555555555462;
	fma.rn.f64 	%fd105, %fd103, %fd90, %fd104;
	mul.f64 	%fd106, %fd90, %fd105;
	fma.rn.f64 	%fd107, %fd106, %fd89, %fd88;
	add.f64 	%fd160, %fd2, %fd107;
	bra.uni 	$L__BB0_18;

$L__BB0_13:
	mov.f64 	%fd108, 0d7FF0000000000000;
	fma.rn.f64 	%fd109, %fd157, %fd108, %fd108;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r44}, %fd157;
	}
	mov.b32 	%f3, %r44;
	setp.eq{ftz}.f32 	%p11, %f3, 0f00000000;
	selp.f64 	%fd159, 0dFFF0000000000000, %fd109, %p11;

$L__BB0_17:
	add.f64 	%fd160, %fd159, 0d3FE62E42FEFA39EF;

$L__BB0_18:
	and.b32  	%r54, %r1, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd160;
	}
	or.b32  	%r56, %r55, %r54;
	{
	.reg .b32 %temp;
	mov.b64 	{%r57, %temp}, %fd160;
	}
	mov.b64 	%fd154, {%r57, %r56};
	st.param.b64 	[{ret}], %fd154;
	ret;

$L__BB0_2:
	add.f64 	%fd155, %fd2, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r58}, %fd155;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r59, %temp}, %fd155;
	}
	setp.gt.s32 	%p5, %r58, 1048575;
	mov.u32 	%r60, -1023;
	@%p5 bra 	$L__BB0_4;

	mul.f64 	%fd155, %fd155, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r58}, %fd155;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r59, %temp}, %fd155;
	}
	mov.u32 	%r60, -1077;

$L__BB0_4:
	add.s32 	%r30, %r58, -1;
	setp.lt.u32 	%p6, %r30, 2146435071;
	@%p6 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	shr.u32 	%r32, %r58, 20;
	add.s32 	%r61, %r60, %r32;
	and.b32  	%r33, %r58, -2146435073;
	or.b32  	%r34, %r33, 1072693248;
	mov.b64 	%fd156, {%r59, %r34};
	setp.lt.s32 	%p8, %r34, 1073127583;
	@%p8 bra 	$L__BB0_8;

	{
	.reg .b32 %temp;
	mov.b64 	{%r35, %temp}, %fd156;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r36}, %fd156;
	}
	add.s32 	%r37, %r36, -1048576;
	mov.b64 	%fd156, {%r35, %r37};
	add.s32 	%r61, %r61, 1;

$L__BB0_8:
	add.f64 	%fd41, %fd156, 0d3FF0000000000000;
	mov.f64 	%fd42, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd43, %fd41;
	neg.f64 	%fd44, %fd41;
	fma.rn.f64 	%fd45, %fd44, %fd43, %fd42;
	fma.rn.f64 	%fd46, %fd45, %fd45, %fd45;
	fma.rn.f64 	%fd47, %fd46, %fd43, %fd43;
	add.f64 	%fd48, %fd156, 0dBFF0000000000000;
	mul.f64 	%fd49, %fd48, %fd47;
	fma.rn.f64 	%fd50, %fd48, %fd47, %fd49;
	mul.f64 	%fd51, %fd50, %fd50;
	mov.f64 	%fd52, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd53, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd54, %fd53, %fd51, %fd52;
	mov.f64 	%fd55, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd56, %fd54, %fd51, %fd55;
	mov.f64 	%fd57, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd58, %fd56, %fd51, %fd57;
	mov.f64 	%fd59, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd60, %fd58, %fd51, %fd59;
	mov.f64 	%fd61, 0d3F624924923BE72D;
	fma.rn.f64 	%fd62, %fd60, %fd51, %fd61;
	mov.f64 	%fd63, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd64, %fd62, %fd51, %fd63;
	mov.f64 	%fd65, 0d3FB5555555555554;
	fma.rn.f64 	%fd66, %fd64, %fd51, %fd65;
	sub.f64 	%fd67, %fd48, %fd50;
	add.f64 	%fd68, %fd67, %fd67;
	neg.f64 	%fd69, %fd50;
	fma.rn.f64 	%fd70, %fd69, %fd48, %fd68;
	mul.f64 	%fd71, %fd47, %fd70;
	mul.f64 	%fd72, %fd51, %fd66;
	fma.rn.f64 	%fd73, %fd72, %fd50, %fd71;
	xor.b32  	%r38, %r61, -2147483648;
	mov.u32 	%r39, -2147483648;
	mov.u32 	%r40, 1127219200;
	mov.b64 	%fd74, {%r38, %r40};
	mov.b64 	%fd75, {%r39, %r40};
	sub.f64 	%fd76, %fd74, %fd75;
	mov.f64 	%fd77, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd78, %fd76, %fd77, %fd50;
	neg.f64 	%fd79, %fd76;
	fma.rn.f64 	%fd80, %fd79, %fd77, %fd78;
	sub.f64 	%fd81, %fd80, %fd50;
	sub.f64 	%fd82, %fd73, %fd81;
	mov.f64 	%fd83, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd84, %fd76, %fd83, %fd82;
	add.f64 	%fd160, %fd78, %fd84;
	bra.uni 	$L__BB0_18;

$L__BB0_5:
	mov.f64 	%fd39, 0d7FF0000000000000;
	fma.rn.f64 	%fd40, %fd155, %fd39, %fd39;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r31}, %fd155;
	}
	mov.b32 	%f2, %r31;
	setp.eq{ftz}.f32 	%p7, %f2, 0f00000000;
	selp.f64 	%fd160, 0dFFF0000000000000, %fd40, %p7;
	bra.uni 	$L__BB0_18;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd22, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd22;
	}
	and.b32  	%r22, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r23, %temp}, %fd22;
	}
	mov.b64 	%fd157, {%r23, %r22};
	setp.gt.u32 	%p1, %r22, 1138753535;
	@%p1 bra 	$L__BB0_10;
	bra.uni 	$L__BB0_1;

$L__BB0_10:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r63, %temp}, %fd157;
	}
	setp.gt.s32 	%p9, %r62, 1048575;
	mov.u32 	%r64, -1023;
	@%p9 bra 	$L__BB0_12;

	mul.rn.f64 	%fd157, %fd157, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r62}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r63, %temp}, %fd157;
	}
	mov.u32 	%r64, -1077;

$L__BB0_12:
	add.s32 	%r43, %r62, -1;
	setp.lt.u32 	%p10, %r43, 2146435071;
	@%p10 bra 	$L__BB0_14;
	bra.uni 	$L__BB0_13;

$L__BB0_14:
	shr.u32 	%r45, %r62, 20;
	add.s32 	%r65, %r64, %r45;
	and.b32  	%r46, %r62, -2146435073;
	or.b32  	%r47, %r46, 1072693248;
	mov.b64 	%fd158, {%r63, %r47};
	setp.lt.s32 	%p12, %r47, 1073127583;
	@%p12 bra 	$L__BB0_16;

	{
	.reg .b32 %temp;
	mov.b64 	{%r48, %temp}, %fd158;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r49}, %fd158;
	}
	add.s32 	%r50, %r49, -1048576;
	mov.b64 	%fd158, {%r48, %r50};
	add.s32 	%r65, %r65, 1;

$L__BB0_16:
	add.rn.f64 	%fd110, %fd158, 0d3FF0000000000000;
	mov.f64 	%fd111, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd112, %fd110;
	neg.f64 	%fd113, %fd110;
	fma.rn.f64 	%fd114, %fd113, %fd112, %fd111;
	fma.rn.f64 	%fd115, %fd114, %fd114, %fd114;
	fma.rn.f64 	%fd116, %fd115, %fd112, %fd112;
	add.rn.f64 	%fd117, %fd158, 0dBFF0000000000000;
	mul.rn.f64 	%fd118, %fd117, %fd116;
	add.rn.f64 	%fd119, %fd118, %fd118;
	mul.rn.f64 	%fd120, %fd119, %fd119;
	mov.f64 	%fd121, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd122, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd123, %fd122, %fd120, %fd121;
	mov.f64 	%fd124, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd125, %fd123, %fd120, %fd124;
	mov.f64 	%fd126, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd127, %fd125, %fd120, %fd126;
	mov.f64 	%fd128, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd129, %fd127, %fd120, %fd128;
	mov.f64 	%fd130, 0d3F624924923BE72D;
	fma.rn.f64 	%fd131, %fd129, %fd120, %fd130;
	mov.f64 	%fd132, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd133, %fd131, %fd120, %fd132;
	mov.f64 	%fd134, 0d3FB5555555555554;
	fma.rn.f64 	%fd135, %fd133, %fd120, %fd134;
	sub.rn.f64 	%fd136, %fd117, %fd119;
	add.rn.f64 	%fd137, %fd136, %fd136;
	neg.f64 	%fd138, %fd119;
	fma.rn.f64 	%fd139, %fd138, %fd117, %fd137;
	mul.rn.f64 	%fd140, %fd116, %fd139;
	mul.rn.f64 	%fd141, %fd120, %fd135;
	fma.rn.f64 	%fd142, %fd141, %fd119, %fd140;
	xor.b32  	%r51, %r65, -2147483648;
	mov.u32 	%r52, -2147483648;
	mov.u32 	%r53, 1127219200;
	mov.b64 	%fd143, {%r51, %r53};
	mov.b64 	%fd144, {%r52, %r53};
	sub.rn.f64 	%fd145, %fd143, %fd144;
	mov.f64 	%fd146, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd147, %fd145, %fd146, %fd119;
	neg.f64 	%fd148, %fd145;
	fma.rn.f64 	%fd149, %fd148, %fd146, %fd147;
	sub.rn.f64 	%fd150, %fd149, %fd119;
	sub.rn.f64 	%fd151, %fd142, %fd150;
	mov.f64 	%fd152, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd153, %fd145, %fd152, %fd151;
	add.rn.f64 	%fd159, %fd147, %fd153;
	bra.uni 	$L__BB0_17;

$L__BB0_1:
	mul.rn.f64 	%fd23, %fd22, %fd22;
	mov.f64 	%fd24, 0d3FF0000000000000;
	fma.rn.f64 	%fd25, %fd22, %fd22, %fd24;
	rsqrt.approx.ftz.f64 	%fd26, %fd25;
	{
	.reg .b32 %temp;
	mov.b64 	{%r24, %temp}, %fd26;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r25}, %fd26;
	}
	add.s32 	%r26, %r25, -1048576;
	mov.b64 	%fd27, {%r24, %r26};
	mul.rn.f64 	%fd28, %fd25, %fd26;
	neg.f64 	%fd29, %fd28;
	fma.rn.f64 	%fd30, %fd28, %fd29, %fd25;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd28;
	neg.f64 	%fd32, %fd31;
	fma.rn.f64 	%fd33, %fd26, %fd32, %fd24;
	fma.rn.f64 	%fd34, %fd33, %fd27, %fd27;
	fma.rn.f64 	%fd35, %fd31, %fd32, %fd25;
	fma.rn.f64 	%fd36, %fd35, %fd34, %fd31;
	add.rn.f64 	%fd37, %fd36, 0d3FF0000000000000;
	div.rn.f64 	%fd38, %fd23, %fd37;
	add.rn.f64 	%fd2, %fd157, %fd38;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd2;
	}
	mov.b32 	%f1, %r27;
	setp.lt{ftz}.f32 	%p2, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p3, %f1, 0fBFD99999;
	and.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_9;
	bra.uni 	$L__BB0_2;

$L__BB0_9:
	add.rn.f64 	%fd85, %fd2, 0d4000000000000000;
	div.rn.f64 	%fd86, %fd2, %fd85;
	mul.rn.f64 	%fd87, %fd2, %fd86;
	neg.f64 	%fd88, %fd87;
	sub.rn.f64 	%fd89, %fd2, %fd87;
	mul.rn.f64 	%fd90, %fd89, %fd89;
	mov.f64 	%fd91, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd92, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd93, %fd92, %fd90, %fd91;
	mov.f64 	%fd94, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd95, %fd93, %fd90, %fd94;
	mov.f64 	%fd96, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd97, %fd95, %fd90, %fd96;
	mov.f64 	%fd98, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd99, %fd97, %fd90, %fd98;
	mov.f64 	%fd100, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd101, %fd99, %fd90, %fd100;
	mov.f64 	%fd102, 0d3F899999999D70C4;
	fma.rn.f64 	%fd103, %fd101, %fd90, %fd102;
	mov.f64 	%fd104, 0d3FB5555555555462;
	fma.rn.f64 	%fd105, %fd103, %fd90, %fd104;
	mul.rn.f64 	%fd106, %fd90, %fd105;
	fma.rn.f64 	%fd107, %fd106, %fd89, %fd88;
	add.rn.f64 	%fd160, %fd2, %fd107;
	bra.uni 	$L__BB0_18;

$L__BB0_13:
	mov.f64 	%fd108, 0d7FF0000000000000;
	fma.rn.f64 	%fd109, %fd157, %fd108, %fd108;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r44}, %fd157;
	}
	mov.b32 	%f3, %r44;
	setp.eq{ftz}.f32 	%p11, %f3, 0f00000000;
	selp.f64 	%fd159, 0dFFF0000000000000, %fd109, %p11;

$L__BB0_17:
	add.rn.f64 	%fd160, %fd159, 0d3FE62E42FEFA39EF;

$L__BB0_18:
	and.b32  	%r54, %r1, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd160;
	}
	or.b32  	%r56, %r55, %r54;
	{
	.reg .b32 %temp;
	mov.b64 	{%r57, %temp}, %fd160;
	}
	mov.b64 	%fd154, {%r57, %r56};
	st.param.b64 	[{ret}], %fd154;
	ret;

$L__BB0_2:
	add.rn.f64 	%fd155, %fd2, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r58}, %fd155;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r59, %temp}, %fd155;
	}
	setp.gt.s32 	%p5, %r58, 1048575;
	mov.u32 	%r60, -1023;
	@%p5 bra 	$L__BB0_4;

	mul.rn.f64 	%fd155, %fd155, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r58}, %fd155;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r59, %temp}, %fd155;
	}
	mov.u32 	%r60, -1077;

$L__BB0_4:
	add.s32 	%r30, %r58, -1;
	setp.lt.u32 	%p6, %r30, 2146435071;
	@%p6 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	shr.u32 	%r32, %r58, 20;
	add.s32 	%r61, %r60, %r32;
	and.b32  	%r33, %r58, -2146435073;
	or.b32  	%r34, %r33, 1072693248;
	mov.b64 	%fd156, {%r59, %r34};
	setp.lt.s32 	%p8, %r34, 1073127583;
	@%p8 bra 	$L__BB0_8;

	{
	.reg .b32 %temp;
	mov.b64 	{%r35, %temp}, %fd156;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r36}, %fd156;
	}
	add.s32 	%r37, %r36, -1048576;
	mov.b64 	%fd156, {%r35, %r37};
	add.s32 	%r61, %r61, 1;

$L__BB0_8:
	add.rn.f64 	%fd41, %fd156, 0d3FF0000000000000;
	mov.f64 	%fd42, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd43, %fd41;
	neg.f64 	%fd44, %fd41;
	fma.rn.f64 	%fd45, %fd44, %fd43, %fd42;
	fma.rn.f64 	%fd46, %fd45, %fd45, %fd45;
	fma.rn.f64 	%fd47, %fd46, %fd43, %fd43;
	add.rn.f64 	%fd48, %fd156, 0dBFF0000000000000;
	mul.rn.f64 	%fd49, %fd48, %fd47;
	add.rn.f64 	%fd50, %fd49, %fd49;
	mul.rn.f64 	%fd51, %fd50, %fd50;
	mov.f64 	%fd52, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd53, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd54, %fd53, %fd51, %fd52;
	mov.f64 	%fd55, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd56, %fd54, %fd51, %fd55;
	mov.f64 	%fd57, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd58, %fd56, %fd51, %fd57;
	mov.f64 	%fd59, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd60, %fd58, %fd51, %fd59;
	mov.f64 	%fd61, 0d3F624924923BE72D;
	fma.rn.f64 	%fd62, %fd60, %fd51, %fd61;
	mov.f64 	%fd63, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd64, %fd62, %fd51, %fd63;
	mov.f64 	%fd65, 0d3FB5555555555554;
	fma.rn.f64 	%fd66, %fd64, %fd51, %fd65;
	sub.rn.f64 	%fd67, %fd48, %fd50;
	add.rn.f64 	%fd68, %fd67, %fd67;
	neg.f64 	%fd69, %fd50;
	fma.rn.f64 	%fd70, %fd69, %fd48, %fd68;
	mul.rn.f64 	%fd71, %fd47, %fd70;
	mul.rn.f64 	%fd72, %fd51, %fd66;
	fma.rn.f64 	%fd73, %fd72, %fd50, %fd71;
	xor.b32  	%r38, %r61, -2147483648;
	mov.u32 	%r39, -2147483648;
	mov.u32 	%r40, 1127219200;
	mov.b64 	%fd74, {%r38, %r40};
	mov.b64 	%fd75, {%r39, %r40};
	sub.rn.f64 	%fd76, %fd74, %fd75;
	mov.f64 	%fd77, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd78, %fd76, %fd77, %fd50;
	neg.f64 	%fd79, %fd76;
	fma.rn.f64 	%fd80, %fd79, %fd77, %fd78;
	sub.rn.f64 	%fd81, %fd80, %fd50;
	sub.rn.f64 	%fd82, %fd73, %fd81;
	mov.f64 	%fd83, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd84, %fd76, %fd83, %fd82;
	add.rn.f64 	%fd160, %fd78, %fd84;
	bra.uni 	$L__BB0_18;

$L__BB0_5:
	mov.f64 	%fd39, 0d7FF0000000000000;
	fma.rn.f64 	%fd40, %fd155, %fd39, %fd39;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r31}, %fd155;
	}
	mov.b32 	%f2, %r31;
	setp.eq{ftz}.f32 	%p7, %f2, 0f00000000;
	selp.f64 	%fd160, 0dFFF0000000000000, %fd40, %p7;
	bra.uni 	$L__BB0_18;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `acosh`: acosh(x): log(x + √(x² − 1)) in the form log1p(t) for arguments near 1, NaN below 1.
pub(super) static ACOSH: Variants = Variants {
    base: "	ld.param.b64 	%fd24, [{p0}];
	add.f64 	%fd156, %fd24, 0dBFF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd156;
	}
	setp.gt.u32 	%p1, %r55, 1127219199;
	@%p1 bra 	$L__BB0_11;
	bra.uni 	$L__BB0_1;

$L__BB0_11:
	{
	.reg .b32 %temp;
	mov.b64 	{%r56, %temp}, %fd156;
	}
	setp.gt.s32 	%p10, %r55, 1048575;
	mov.u32 	%r57, -1023;
	@%p10 bra 	$L__BB0_13;

	mul.f64 	%fd156, %fd156, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd156;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r56, %temp}, %fd156;
	}
	mov.u32 	%r57, -1077;

$L__BB0_13:
	add.s32 	%r40, %r55, -1;
	setp.lt.u32 	%p11, %r40, 2146435071;
	@%p11 bra 	$L__BB0_15;
	bra.uni 	$L__BB0_14;

$L__BB0_15:
	shr.u32 	%r42, %r55, 20;
	add.s32 	%r58, %r57, %r42;
	and.b32  	%r43, %r55, -2146435073;
	or.b32  	%r44, %r43, 1072693248;
	mov.b64 	%fd157, {%r56, %r44};
	setp.lt.s32 	%p13, %r44, 1073127583;
	@%p13 bra 	$L__BB0_17;

	{
	.reg .b32 %temp;
	mov.b64 	{%r45, %temp}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r46}, %fd157;
	}
	add.s32 	%r47, %r46, -1048576;
	mov.b64 	%fd157, {%r45, %r47};
	add.s32 	%r58, %r58, 1;

$L__BB0_17:
	add.f64 	%fd109, %fd157, 0d3FF0000000000000;
	mov.f64 	%fd110, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd111, %fd109;
	neg.f64 	%fd112, %fd109;
	fma.rn.f64 	%fd113, %fd112, %fd111, %fd110;
	fma.rn.f64 	%fd114, %fd113, %fd113, %fd113;
	fma.rn.f64 	%fd115, %fd114, %fd111, %fd111;
	add.f64 	%fd116, %fd157, 0dBFF0000000000000;
	mul.f64 	%fd117, %fd116, %fd115;
	fma.rn.f64 	%fd118, %fd116, %fd115, %fd117;
	mul.f64 	%fd119, %fd118, %fd118;
	mov.f64 	%fd120, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd121, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd122, %fd121, %fd119, %fd120;
	mov.f64 	%fd123, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd124, %fd122, %fd119, %fd123;
	mov.f64 	%fd125, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd126, %fd124, %fd119, %fd125;
	mov.f64 	%fd127, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd128, %fd126, %fd119, %fd127;
	mov.f64 	%fd129, 0d3F624924923BE72D;
	fma.rn.f64 	%fd130, %fd128, %fd119, %fd129;
	mov.f64 	%fd131, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd132, %fd130, %fd119, %fd131;
	mov.f64 	%fd133, 0d3FB5555555555554;
	fma.rn.f64 	%fd134, %fd132, %fd119, %fd133;
	sub.f64 	%fd135, %fd116, %fd118;
	add.f64 	%fd136, %fd135, %fd135;
	neg.f64 	%fd137, %fd118;
	fma.rn.f64 	%fd138, %fd137, %fd116, %fd136;
	mul.f64 	%fd139, %fd115, %fd138;
	mul.f64 	%fd140, %fd119, %fd134;
	fma.rn.f64 	%fd141, %fd140, %fd118, %fd139;
	xor.b32  	%r48, %r58, -2147483648;
	mov.u32 	%r49, -2147483648;
	mov.u32 	%r50, 1127219200;
	mov.b64 	%fd142, {%r48, %r50};
	mov.b64 	%fd143, {%r49, %r50};
	sub.f64 	%fd144, %fd142, %fd143;
	mov.f64 	%fd145, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd146, %fd144, %fd145, %fd118;
	neg.f64 	%fd147, %fd144;
	fma.rn.f64 	%fd148, %fd147, %fd145, %fd146;
	sub.f64 	%fd149, %fd148, %fd118;
	sub.f64 	%fd150, %fd141, %fd149;
	mov.f64 	%fd151, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd152, %fd144, %fd151, %fd150;
	add.f64 	%fd158, %fd146, %fd152;
	bra.uni 	$L__BB0_18;

$L__BB0_1:
	fma.rn.f64 	%fd25, %fd24, %fd156, %fd156;
	rsqrt.approx.ftz.f64 	%fd26, %fd25;
	{
	.reg .b32 %temp;
	mov.b64 	{%r21, %temp}, %fd26;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd26;
	}
	add.s32 	%r23, %r22, -1048576;
	mov.b64 	%fd27, {%r21, %r23};
	mul.f64 	%fd28, %fd25, %fd26;
	neg.f64 	%fd29, %fd28;
	fma.rn.f64 	%fd30, %fd28, %fd29, %fd25;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd28;
	neg.f64 	%fd32, %fd31;
	mov.f64 	%fd33, 0d3FF0000000000000;
	fma.rn.f64 	%fd34, %fd26, %fd32, %fd33;
	fma.rn.f64 	%fd35, %fd34, %fd27, %fd27;
	fma.rn.f64 	%fd36, %fd31, %fd32, %fd25;
	fma.rn.f64 	%fd37, %fd36, %fd35, %fd31;
	add.f64 	%fd2, %fd156, %fd37;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd2;
	}
	mov.b32 	%f1, %r24;
	setp.lt{ftz}.f32 	%p2, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p3, %f1, 0fBFD99999;
	and.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_9;
	bra.uni 	$L__BB0_2;

$L__BB0_9:
	add.f64 	%fd84, %fd2, 0d4000000000000000;
	div.rn.f64 	%fd85, %fd2, %fd84;
	mul.f64 	%fd86, %fd2, %fd85;
	neg.f64 	%fd87, %fd86;
	sub.f64 	%fd88, %fd2, %fd86;
	mul.f64 	%fd89, %fd88, %fd88;
	mov.f64 	%fd90, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd91, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd92, %fd91, %fd89, %fd90;
	mov.f64 	%fd93, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd94, %fd92, %fd89, %fd93;
	mov.f64 	%fd95, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd96, %fd94, %fd89, %fd95;
	mov.f64 	%fd97, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd98, %fd96, %fd89, %fd97;
	mov.f64 	%fd99, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd100, %fd98, %fd89, %fd99;
	mov.f64 	%fd101, 0d3F899999999D70C4;
	fma.rn.f64 	%fd102, %fd100, %fd89, %fd101;
	mov.f64 	%fd103, 0d3FB5555555555462;
	fma.rn.f64 	%fd104, %fd102, %fd89, %fd103;
	mul.f64 	%fd105, %fd89, %fd104;
	fma.rn.f64 	%fd106, %fd105, %fd88, %fd87;
	add.f64 	%fd155, %fd2, %fd106;
	bra.uni 	$L__BB0_10;

$L__BB0_14:
	mov.f64 	%fd107, 0d7FF0000000000000;
	fma.rn.f64 	%fd108, %fd156, %fd107, %fd107;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd156;
	}
	mov.b32 	%f3, %r41;
	setp.eq{ftz}.f32 	%p12, %f3, 0f00000000;
	selp.f64 	%fd158, 0dFFF0000000000000, %fd108, %p12;

$L__BB0_18:
	add.f64 	%fd159, %fd158, 0d3FE62E42FEFA39EF;
	bra.uni 	$L__BB0_19;

$L__BB0_2:
	add.f64 	%fd153, %fd2, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r51}, %fd153;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r52, %temp}, %fd153;
	}
	setp.gt.s32 	%p5, %r51, 1048575;
	mov.u32 	%r53, -1023;
	@%p5 bra 	$L__BB0_4;

	mul.f64 	%fd153, %fd153, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r51}, %fd153;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r52, %temp}, %fd153;
	}
	mov.u32 	%r53, -1077;

$L__BB0_4:
	add.s32 	%r27, %r51, -1;
	setp.lt.u32 	%p6, %r27, 2146435071;
	@%p6 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	shr.u32 	%r29, %r51, 20;
	add.s32 	%r54, %r53, %r29;
	and.b32  	%r30, %r51, -2146435073;
	or.b32  	%r31, %r30, 1072693248;
	mov.b64 	%fd154, {%r52, %r31};
	setp.lt.s32 	%p8, %r31, 1073127583;
	@%p8 bra 	$L__BB0_8;

	{
	.reg .b32 %temp;
	mov.b64 	{%r32, %temp}, %fd154;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r33}, %fd154;
	}
	add.s32 	%r34, %r33, -1048576;
	mov.b64 	%fd154, {%r32, %r34};
	add.s32 	%r54, %r54, 1;

$L__BB0_8:
	add.f64 	%fd40, %fd154, 0d3FF0000000000000;
	mov.f64 	%fd41, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd42, %fd40;
	neg.f64 	%fd43, %fd40;
	fma.rn.f64 	%fd44, %fd43, %fd42, %fd41;
	fma.rn.f64 	%fd45, %fd44, %fd44, %fd44;
	fma.rn.f64 	%fd46, %fd45, %fd42, %fd42;
	add.f64 	%fd47, %fd154, 0dBFF0000000000000;
	mul.f64 	%fd48, %fd47, %fd46;
	fma.rn.f64 	%fd49, %fd47, %fd46, %fd48;
	mul.f64 	%fd50, %fd49, %fd49;
	mov.f64 	%fd51, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd52, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd53, %fd52, %fd50, %fd51;
	mov.f64 	%fd54, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd55, %fd53, %fd50, %fd54;
	mov.f64 	%fd56, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd57, %fd55, %fd50, %fd56;
	mov.f64 	%fd58, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd59, %fd57, %fd50, %fd58;
	mov.f64 	%fd60, 0d3F624924923BE72D;
	fma.rn.f64 	%fd61, %fd59, %fd50, %fd60;
	mov.f64 	%fd62, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd63, %fd61, %fd50, %fd62;
	mov.f64 	%fd64, 0d3FB5555555555554;
	fma.rn.f64 	%fd65, %fd63, %fd50, %fd64;
	sub.f64 	%fd66, %fd47, %fd49;
	add.f64 	%fd67, %fd66, %fd66;
	neg.f64 	%fd68, %fd49;
	fma.rn.f64 	%fd69, %fd68, %fd47, %fd67;
	mul.f64 	%fd70, %fd46, %fd69;
	mul.f64 	%fd71, %fd50, %fd65;
	fma.rn.f64 	%fd72, %fd71, %fd49, %fd70;
	xor.b32  	%r35, %r54, -2147483648;
	mov.u32 	%r36, -2147483648;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd73, {%r35, %r37};
	mov.b64 	%fd74, {%r36, %r37};
	sub.f64 	%fd75, %fd73, %fd74;
	mov.f64 	%fd76, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd77, %fd75, %fd76, %fd49;
	neg.f64 	%fd78, %fd75;
	fma.rn.f64 	%fd79, %fd78, %fd76, %fd77;
	sub.f64 	%fd80, %fd79, %fd49;
	sub.f64 	%fd81, %fd72, %fd80;
	mov.f64 	%fd82, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd83, %fd75, %fd82, %fd81;
	add.f64 	%fd155, %fd77, %fd83;
	bra.uni 	$L__BB0_10;

$L__BB0_5:
	mov.f64 	%fd38, 0d7FF0000000000000;
	fma.rn.f64 	%fd39, %fd153, %fd38, %fd38;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r28}, %fd153;
	}
	mov.b32 	%f2, %r28;
	setp.eq{ftz}.f32 	%p7, %f2, 0f00000000;
	selp.f64 	%fd155, 0dFFF0000000000000, %fd39, %p7;

$L__BB0_10:
	setp.eq.s32 	%p9, %r55, 0;
	selp.f64 	%fd159, %fd156, %fd155, %p9;

$L__BB0_19:
	st.param.b64 	[{ret}], %fd159;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd24, [{p0}];
	add.rn.f64 	%fd156, %fd24, 0dBFF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd156;
	}
	setp.gt.u32 	%p1, %r55, 1127219199;
	@%p1 bra 	$L__BB0_11;
	bra.uni 	$L__BB0_1;

$L__BB0_11:
	{
	.reg .b32 %temp;
	mov.b64 	{%r56, %temp}, %fd156;
	}
	setp.gt.s32 	%p10, %r55, 1048575;
	mov.u32 	%r57, -1023;
	@%p10 bra 	$L__BB0_13;

	mul.rn.f64 	%fd156, %fd156, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r55}, %fd156;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r56, %temp}, %fd156;
	}
	mov.u32 	%r57, -1077;

$L__BB0_13:
	add.s32 	%r40, %r55, -1;
	setp.lt.u32 	%p11, %r40, 2146435071;
	@%p11 bra 	$L__BB0_15;
	bra.uni 	$L__BB0_14;

$L__BB0_15:
	shr.u32 	%r42, %r55, 20;
	add.s32 	%r58, %r57, %r42;
	and.b32  	%r43, %r55, -2146435073;
	or.b32  	%r44, %r43, 1072693248;
	mov.b64 	%fd157, {%r56, %r44};
	setp.lt.s32 	%p13, %r44, 1073127583;
	@%p13 bra 	$L__BB0_17;

	{
	.reg .b32 %temp;
	mov.b64 	{%r45, %temp}, %fd157;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r46}, %fd157;
	}
	add.s32 	%r47, %r46, -1048576;
	mov.b64 	%fd157, {%r45, %r47};
	add.s32 	%r58, %r58, 1;

$L__BB0_17:
	add.rn.f64 	%fd109, %fd157, 0d3FF0000000000000;
	mov.f64 	%fd110, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd111, %fd109;
	neg.f64 	%fd112, %fd109;
	fma.rn.f64 	%fd113, %fd112, %fd111, %fd110;
	fma.rn.f64 	%fd114, %fd113, %fd113, %fd113;
	fma.rn.f64 	%fd115, %fd114, %fd111, %fd111;
	add.rn.f64 	%fd116, %fd157, 0dBFF0000000000000;
	mul.rn.f64 	%fd117, %fd116, %fd115;
	add.rn.f64 	%fd118, %fd117, %fd117;
	mul.rn.f64 	%fd119, %fd118, %fd118;
	mov.f64 	%fd120, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd121, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd122, %fd121, %fd119, %fd120;
	mov.f64 	%fd123, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd124, %fd122, %fd119, %fd123;
	mov.f64 	%fd125, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd126, %fd124, %fd119, %fd125;
	mov.f64 	%fd127, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd128, %fd126, %fd119, %fd127;
	mov.f64 	%fd129, 0d3F624924923BE72D;
	fma.rn.f64 	%fd130, %fd128, %fd119, %fd129;
	mov.f64 	%fd131, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd132, %fd130, %fd119, %fd131;
	mov.f64 	%fd133, 0d3FB5555555555554;
	fma.rn.f64 	%fd134, %fd132, %fd119, %fd133;
	sub.rn.f64 	%fd135, %fd116, %fd118;
	add.rn.f64 	%fd136, %fd135, %fd135;
	neg.f64 	%fd137, %fd118;
	fma.rn.f64 	%fd138, %fd137, %fd116, %fd136;
	mul.rn.f64 	%fd139, %fd115, %fd138;
	mul.rn.f64 	%fd140, %fd119, %fd134;
	fma.rn.f64 	%fd141, %fd140, %fd118, %fd139;
	xor.b32  	%r48, %r58, -2147483648;
	mov.u32 	%r49, -2147483648;
	mov.u32 	%r50, 1127219200;
	mov.b64 	%fd142, {%r48, %r50};
	mov.b64 	%fd143, {%r49, %r50};
	sub.rn.f64 	%fd144, %fd142, %fd143;
	mov.f64 	%fd145, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd146, %fd144, %fd145, %fd118;
	neg.f64 	%fd147, %fd144;
	fma.rn.f64 	%fd148, %fd147, %fd145, %fd146;
	sub.rn.f64 	%fd149, %fd148, %fd118;
	sub.rn.f64 	%fd150, %fd141, %fd149;
	mov.f64 	%fd151, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd152, %fd144, %fd151, %fd150;
	add.rn.f64 	%fd158, %fd146, %fd152;
	bra.uni 	$L__BB0_18;

$L__BB0_1:
	fma.rn.f64 	%fd25, %fd24, %fd156, %fd156;
	rsqrt.approx.ftz.f64 	%fd26, %fd25;
	{
	.reg .b32 %temp;
	mov.b64 	{%r21, %temp}, %fd26;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd26;
	}
	add.s32 	%r23, %r22, -1048576;
	mov.b64 	%fd27, {%r21, %r23};
	mul.rn.f64 	%fd28, %fd25, %fd26;
	neg.f64 	%fd29, %fd28;
	fma.rn.f64 	%fd30, %fd28, %fd29, %fd25;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd28;
	neg.f64 	%fd32, %fd31;
	mov.f64 	%fd33, 0d3FF0000000000000;
	fma.rn.f64 	%fd34, %fd26, %fd32, %fd33;
	fma.rn.f64 	%fd35, %fd34, %fd27, %fd27;
	fma.rn.f64 	%fd36, %fd31, %fd32, %fd25;
	fma.rn.f64 	%fd37, %fd36, %fd35, %fd31;
	add.rn.f64 	%fd2, %fd156, %fd37;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd2;
	}
	mov.b32 	%f1, %r24;
	setp.lt{ftz}.f32 	%p2, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p3, %f1, 0fBFD99999;
	and.pred  	%p4, %p2, %p3;
	@%p4 bra 	$L__BB0_9;
	bra.uni 	$L__BB0_2;

$L__BB0_9:
	add.rn.f64 	%fd84, %fd2, 0d4000000000000000;
	div.rn.f64 	%fd85, %fd2, %fd84;
	mul.rn.f64 	%fd86, %fd2, %fd85;
	neg.f64 	%fd87, %fd86;
	sub.rn.f64 	%fd88, %fd2, %fd86;
	mul.rn.f64 	%fd89, %fd88, %fd88;
	mov.f64 	%fd90, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd91, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd92, %fd91, %fd89, %fd90;
	mov.f64 	%fd93, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd94, %fd92, %fd89, %fd93;
	mov.f64 	%fd95, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd96, %fd94, %fd89, %fd95;
	mov.f64 	%fd97, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd98, %fd96, %fd89, %fd97;
	mov.f64 	%fd99, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd100, %fd98, %fd89, %fd99;
	mov.f64 	%fd101, 0d3F899999999D70C4;
	fma.rn.f64 	%fd102, %fd100, %fd89, %fd101;
	mov.f64 	%fd103, 0d3FB5555555555462;
	fma.rn.f64 	%fd104, %fd102, %fd89, %fd103;
	mul.rn.f64 	%fd105, %fd89, %fd104;
	fma.rn.f64 	%fd106, %fd105, %fd88, %fd87;
	add.rn.f64 	%fd155, %fd2, %fd106;
	bra.uni 	$L__BB0_10;

$L__BB0_14:
	mov.f64 	%fd107, 0d7FF0000000000000;
	fma.rn.f64 	%fd108, %fd156, %fd107, %fd107;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd156;
	}
	mov.b32 	%f3, %r41;
	setp.eq{ftz}.f32 	%p12, %f3, 0f00000000;
	selp.f64 	%fd158, 0dFFF0000000000000, %fd108, %p12;

$L__BB0_18:
	add.rn.f64 	%fd159, %fd158, 0d3FE62E42FEFA39EF;
	bra.uni 	$L__BB0_19;

$L__BB0_2:
	add.rn.f64 	%fd153, %fd2, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r51}, %fd153;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r52, %temp}, %fd153;
	}
	setp.gt.s32 	%p5, %r51, 1048575;
	mov.u32 	%r53, -1023;
	@%p5 bra 	$L__BB0_4;

	mul.rn.f64 	%fd153, %fd153, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r51}, %fd153;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r52, %temp}, %fd153;
	}
	mov.u32 	%r53, -1077;

$L__BB0_4:
	add.s32 	%r27, %r51, -1;
	setp.lt.u32 	%p6, %r27, 2146435071;
	@%p6 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	shr.u32 	%r29, %r51, 20;
	add.s32 	%r54, %r53, %r29;
	and.b32  	%r30, %r51, -2146435073;
	or.b32  	%r31, %r30, 1072693248;
	mov.b64 	%fd154, {%r52, %r31};
	setp.lt.s32 	%p8, %r31, 1073127583;
	@%p8 bra 	$L__BB0_8;

	{
	.reg .b32 %temp;
	mov.b64 	{%r32, %temp}, %fd154;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r33}, %fd154;
	}
	add.s32 	%r34, %r33, -1048576;
	mov.b64 	%fd154, {%r32, %r34};
	add.s32 	%r54, %r54, 1;

$L__BB0_8:
	add.rn.f64 	%fd40, %fd154, 0d3FF0000000000000;
	mov.f64 	%fd41, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd42, %fd40;
	neg.f64 	%fd43, %fd40;
	fma.rn.f64 	%fd44, %fd43, %fd42, %fd41;
	fma.rn.f64 	%fd45, %fd44, %fd44, %fd44;
	fma.rn.f64 	%fd46, %fd45, %fd42, %fd42;
	add.rn.f64 	%fd47, %fd154, 0dBFF0000000000000;
	mul.rn.f64 	%fd48, %fd47, %fd46;
	add.rn.f64 	%fd49, %fd48, %fd48;
	mul.rn.f64 	%fd50, %fd49, %fd49;
	mov.f64 	%fd51, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd52, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd53, %fd52, %fd50, %fd51;
	mov.f64 	%fd54, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd55, %fd53, %fd50, %fd54;
	mov.f64 	%fd56, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd57, %fd55, %fd50, %fd56;
	mov.f64 	%fd58, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd59, %fd57, %fd50, %fd58;
	mov.f64 	%fd60, 0d3F624924923BE72D;
	fma.rn.f64 	%fd61, %fd59, %fd50, %fd60;
	mov.f64 	%fd62, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd63, %fd61, %fd50, %fd62;
	mov.f64 	%fd64, 0d3FB5555555555554;
	fma.rn.f64 	%fd65, %fd63, %fd50, %fd64;
	sub.rn.f64 	%fd66, %fd47, %fd49;
	add.rn.f64 	%fd67, %fd66, %fd66;
	neg.f64 	%fd68, %fd49;
	fma.rn.f64 	%fd69, %fd68, %fd47, %fd67;
	mul.rn.f64 	%fd70, %fd46, %fd69;
	mul.rn.f64 	%fd71, %fd50, %fd65;
	fma.rn.f64 	%fd72, %fd71, %fd49, %fd70;
	xor.b32  	%r35, %r54, -2147483648;
	mov.u32 	%r36, -2147483648;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd73, {%r35, %r37};
	mov.b64 	%fd74, {%r36, %r37};
	sub.rn.f64 	%fd75, %fd73, %fd74;
	mov.f64 	%fd76, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd77, %fd75, %fd76, %fd49;
	neg.f64 	%fd78, %fd75;
	fma.rn.f64 	%fd79, %fd78, %fd76, %fd77;
	sub.rn.f64 	%fd80, %fd79, %fd49;
	sub.rn.f64 	%fd81, %fd72, %fd80;
	mov.f64 	%fd82, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd83, %fd75, %fd82, %fd81;
	add.rn.f64 	%fd155, %fd77, %fd83;
	bra.uni 	$L__BB0_10;

$L__BB0_5:
	mov.f64 	%fd38, 0d7FF0000000000000;
	fma.rn.f64 	%fd39, %fd153, %fd38, %fd38;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r28}, %fd153;
	}
	mov.b32 	%f2, %r28;
	setp.eq{ftz}.f32 	%p7, %f2, 0f00000000;
	selp.f64 	%fd155, 0dFFF0000000000000, %fd39, %p7;

$L__BB0_10:
	setp.eq.s32 	%p9, %r55, 0;
	selp.f64 	%fd159, %fd156, %fd155, %p9;

$L__BB0_19:
	st.param.b64 	[{ret}], %fd159;
	ret;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `atanh`: atanh(x): ½·log1p(2x/(1 − x)), sign restored, ±inf at ±1 and NaN beyond.
pub(super) static ATANH: Variants = Variants {
    base: "	ld.param.b64 	%fd12, [{p0}];
	abs.f64 	%fd13, %fd12;
	add.f64 	%fd14, %fd13, %fd13;
	mov.f64 	%fd15, 0d3FF0000000000000;
	sub.f64 	%fd16, %fd15, %fd13;
	div.rn.f64 	%fd1, %fd14, %fd16;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r11}, %fd1;
	}
	mov.b32 	%f1, %r11;
	setp.lt{ftz}.f32 	%p1, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p2, %f1, 0fBFD99999;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_1;

$L__BB0_8:
	add.f64 	%fd63, %fd1, 0d4000000000000000;
	div.rn.f64 	%fd64, %fd1, %fd63;
	mul.f64 	%fd65, %fd1, %fd64;
	neg.f64 	%fd66, %fd65;
	sub.f64 	%fd67, %fd1, %fd65;
	mul.f64 	%fd68, %fd67, %fd67;
	mov.f64 	%fd69, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd70, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd71, %fd70, %fd68, %fd69;
	mov.f64 	%fd72, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd73, %fd71, %fd68, %fd72;
	mov.f64 	%fd74, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd75, %fd73, %fd68, %fd74;
	mov.f64 	%fd76, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd77, %fd75, %fd68, %fd76;
	mov.f64 	%fd78, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd79, %fd77, %fd68, %fd78;
	mov.f64 	%fd80, 0d3F899999999D70C4;
	fma.rn.f64 	%fd81, %fd79, %fd68, %fd80;
	mov.f64 	%fd82, 0d3FB5555555555462;
	fma.rn.f64 	%fd83, %fd81, %fd68, %fd82;
	mul.f64 	%fd84, %fd68, %fd83;
	fma.rn.f64 	%fd85, %fd84, %fd67, %fd66;
	add.f64 	%fd90, %fd1, %fd85;
	bra.uni 	$L__BB0_9;

$L__BB0_1:
	add.f64 	%fd88, %fd1, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r30}, %fd88;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r31, %temp}, %fd88;
	}
	setp.gt.s32 	%p4, %r30, 1048575;
	mov.u32 	%r32, -1023;
	@%p4 bra 	$L__BB0_3;

	mul.f64 	%fd88, %fd88, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r30}, %fd88;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r31, %temp}, %fd88;
	}
	mov.u32 	%r32, -1077;

$L__BB0_3:
	add.s32 	%r14, %r30, -1;
	setp.lt.u32 	%p5, %r14, 2146435071;
	@%p5 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r16, %r30, 20;
	add.s32 	%r33, %r32, %r16;
	and.b32  	%r17, %r30, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd89, {%r31, %r18};
	setp.lt.s32 	%p7, %r18, 1073127583;
	@%p7 bra 	$L__BB0_7;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd89;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd89;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd89, {%r19, %r21};
	add.s32 	%r33, %r33, 1;

$L__BB0_7:
	add.f64 	%fd19, %fd89, 0d3FF0000000000000;
	mov.f64 	%fd20, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd21, %fd19;
	neg.f64 	%fd22, %fd19;
	fma.rn.f64 	%fd23, %fd22, %fd21, %fd20;
	fma.rn.f64 	%fd24, %fd23, %fd23, %fd23;
	fma.rn.f64 	%fd25, %fd24, %fd21, %fd21;
	add.f64 	%fd26, %fd89, 0dBFF0000000000000;
	mul.f64 	%fd27, %fd26, %fd25;
	fma.rn.f64 	%fd28, %fd26, %fd25, %fd27;
	mul.f64 	%fd29, %fd28, %fd28;
	mov.f64 	%fd30, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd31, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd32, %fd31, %fd29, %fd30;
	mov.f64 	%fd33, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd34, %fd32, %fd29, %fd33;
	mov.f64 	%fd35, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd36, %fd34, %fd29, %fd35;
	mov.f64 	%fd37, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd38, %fd36, %fd29, %fd37;
	mov.f64 	%fd39, 0d3F624924923BE72D;
	fma.rn.f64 	%fd40, %fd38, %fd29, %fd39;
	mov.f64 	%fd41, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd42, %fd40, %fd29, %fd41;
	mov.f64 	%fd43, 0d3FB5555555555554;
	fma.rn.f64 	%fd44, %fd42, %fd29, %fd43;
	sub.f64 	%fd45, %fd26, %fd28;
	add.f64 	%fd46, %fd45, %fd45;
	neg.f64 	%fd47, %fd28;
	fma.rn.f64 	%fd48, %fd47, %fd26, %fd46;
	mul.f64 	%fd49, %fd25, %fd48;
	mul.f64 	%fd50, %fd29, %fd44;
	fma.rn.f64 	%fd51, %fd50, %fd28, %fd49;
	xor.b32  	%r22, %r33, -2147483648;
	mov.u32 	%r23, -2147483648;
	mov.u32 	%r24, 1127219200;
	mov.b64 	%fd52, {%r22, %r24};
	mov.b64 	%fd53, {%r23, %r24};
	sub.f64 	%fd54, %fd52, %fd53;
	mov.f64 	%fd55, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd56, %fd54, %fd55, %fd28;
	neg.f64 	%fd57, %fd54;
	fma.rn.f64 	%fd58, %fd57, %fd55, %fd56;
	sub.f64 	%fd59, %fd58, %fd28;
	sub.f64 	%fd60, %fd51, %fd59;
	mov.f64 	%fd61, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd62, %fd54, %fd61, %fd60;
	add.f64 	%fd90, %fd56, %fd62;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	mov.f64 	%fd17, 0d7FF0000000000000;
	fma.rn.f64 	%fd18, %fd88, %fd17, %fd17;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd88;
	}
	mov.b32 	%f2, %r15;
	setp.eq{ftz}.f32 	%p6, %f2, 0f00000000;
	selp.f64 	%fd90, 0dFFF0000000000000, %fd18, %p6;

$L__BB0_9:
	mul.f64 	%fd86, %fd90, 0d3FE0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd86;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r26}, %fd86;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd12;
	}
	and.b32  	%r28, %r27, -2147483648;
	or.b32  	%r29, %r26, %r28;
	mov.b64 	%fd87, {%r25, %r29};
	st.param.b64 	[{ret}], %fd87;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd12, [{p0}];
	abs.f64 	%fd13, %fd12;
	add.rn.f64 	%fd14, %fd13, %fd13;
	mov.f64 	%fd15, 0d3FF0000000000000;
	sub.rn.f64 	%fd16, %fd15, %fd13;
	div.rn.f64 	%fd1, %fd14, %fd16;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r11}, %fd1;
	}
	mov.b32 	%f1, %r11;
	setp.lt{ftz}.f32 	%p1, %f1, 0f3FE55555;
	setp.gt{ftz}.f32 	%p2, %f1, 0fBFD99999;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_8;
	bra.uni 	$L__BB0_1;

$L__BB0_8:
	add.rn.f64 	%fd63, %fd1, 0d4000000000000000;
	div.rn.f64 	%fd64, %fd1, %fd63;
	mul.rn.f64 	%fd65, %fd1, %fd64;
	neg.f64 	%fd66, %fd65;
	sub.rn.f64 	%fd67, %fd1, %fd65;
	mul.rn.f64 	%fd68, %fd67, %fd67;
	mov.f64 	%fd69, 0d3ED087FFCEB2DC44;
	mov.f64 	%fd70, 0d3EB372FB2FBE14B5;
	fma.rn.f64 	%fd71, %fd70, %fd68, %fd69;
	mov.f64 	%fd72, 0d3EF3B9FF890F468C;
	fma.rn.f64 	%fd73, %fd71, %fd68, %fd72;
	mov.f64 	%fd74, 0d3F17457EFD51BAF8;
	fma.rn.f64 	%fd75, %fd73, %fd68, %fd74;
	mov.f64 	%fd76, 0d3F3C71C8DE3CE825;
	fma.rn.f64 	%fd77, %fd75, %fd68, %fd76;
	mov.f64 	%fd78, 0d3F6249248FA4661F;
	fma.rn.f64 	%fd79, %fd77, %fd68, %fd78;
	mov.f64 	%fd80, 0d3F899999999D70C4;
	fma.rn.f64 	%fd81, %fd79, %fd68, %fd80;
	mov.f64 	%fd82, 0d3FB5555555555462;
	fma.rn.f64 	%fd83, %fd81, %fd68, %fd82;
	mul.rn.f64 	%fd84, %fd68, %fd83;
	fma.rn.f64 	%fd85, %fd84, %fd67, %fd66;
	add.rn.f64 	%fd90, %fd1, %fd85;
	bra.uni 	$L__BB0_9;

$L__BB0_1:
	add.rn.f64 	%fd88, %fd1, 0d3FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r30}, %fd88;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r31, %temp}, %fd88;
	}
	setp.gt.s32 	%p4, %r30, 1048575;
	mov.u32 	%r32, -1023;
	@%p4 bra 	$L__BB0_3;

	mul.rn.f64 	%fd88, %fd88, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r30}, %fd88;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r31, %temp}, %fd88;
	}
	mov.u32 	%r32, -1077;

$L__BB0_3:
	add.s32 	%r14, %r30, -1;
	setp.lt.u32 	%p5, %r14, 2146435071;
	@%p5 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r16, %r30, 20;
	add.s32 	%r33, %r32, %r16;
	and.b32  	%r17, %r30, -2146435073;
	or.b32  	%r18, %r17, 1072693248;
	mov.b64 	%fd89, {%r31, %r18};
	setp.lt.s32 	%p7, %r18, 1073127583;
	@%p7 bra 	$L__BB0_7;

	{
	.reg .b32 %temp;
	mov.b64 	{%r19, %temp}, %fd89;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r20}, %fd89;
	}
	add.s32 	%r21, %r20, -1048576;
	mov.b64 	%fd89, {%r19, %r21};
	add.s32 	%r33, %r33, 1;

$L__BB0_7:
	add.rn.f64 	%fd19, %fd89, 0d3FF0000000000000;
	mov.f64 	%fd20, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd21, %fd19;
	neg.f64 	%fd22, %fd19;
	fma.rn.f64 	%fd23, %fd22, %fd21, %fd20;
	fma.rn.f64 	%fd24, %fd23, %fd23, %fd23;
	fma.rn.f64 	%fd25, %fd24, %fd21, %fd21;
	add.rn.f64 	%fd26, %fd89, 0dBFF0000000000000;
	mul.rn.f64 	%fd27, %fd26, %fd25;
	add.rn.f64 	%fd28, %fd27, %fd27;
	mul.rn.f64 	%fd29, %fd28, %fd28;
	mov.f64 	%fd30, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd31, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd32, %fd31, %fd29, %fd30;
	mov.f64 	%fd33, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd34, %fd32, %fd29, %fd33;
	mov.f64 	%fd35, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd36, %fd34, %fd29, %fd35;
	mov.f64 	%fd37, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd38, %fd36, %fd29, %fd37;
	mov.f64 	%fd39, 0d3F624924923BE72D;
	fma.rn.f64 	%fd40, %fd38, %fd29, %fd39;
	mov.f64 	%fd41, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd42, %fd40, %fd29, %fd41;
	mov.f64 	%fd43, 0d3FB5555555555554;
	fma.rn.f64 	%fd44, %fd42, %fd29, %fd43;
	sub.rn.f64 	%fd45, %fd26, %fd28;
	add.rn.f64 	%fd46, %fd45, %fd45;
	neg.f64 	%fd47, %fd28;
	fma.rn.f64 	%fd48, %fd47, %fd26, %fd46;
	mul.rn.f64 	%fd49, %fd25, %fd48;
	mul.rn.f64 	%fd50, %fd29, %fd44;
	fma.rn.f64 	%fd51, %fd50, %fd28, %fd49;
	xor.b32  	%r22, %r33, -2147483648;
	mov.u32 	%r23, -2147483648;
	mov.u32 	%r24, 1127219200;
	mov.b64 	%fd52, {%r22, %r24};
	mov.b64 	%fd53, {%r23, %r24};
	sub.rn.f64 	%fd54, %fd52, %fd53;
	mov.f64 	%fd55, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd56, %fd54, %fd55, %fd28;
	neg.f64 	%fd57, %fd54;
	fma.rn.f64 	%fd58, %fd57, %fd55, %fd56;
	sub.rn.f64 	%fd59, %fd58, %fd28;
	sub.rn.f64 	%fd60, %fd51, %fd59;
	mov.f64 	%fd61, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd62, %fd54, %fd61, %fd60;
	add.rn.f64 	%fd90, %fd56, %fd62;
	bra.uni 	$L__BB0_9;

$L__BB0_4:
	mov.f64 	%fd17, 0d7FF0000000000000;
	fma.rn.f64 	%fd18, %fd88, %fd17, %fd17;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r15}, %fd88;
	}
	mov.b32 	%f2, %r15;
	setp.eq{ftz}.f32 	%p6, %f2, 0f00000000;
	selp.f64 	%fd90, 0dFFF0000000000000, %fd18, %p6;

$L__BB0_9:
	mul.rn.f64 	%fd86, %fd90, 0d3FE0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%r25, %temp}, %fd86;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r26}, %fd86;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd12;
	}
	and.b32  	%r28, %r27, -2147483648;
	or.b32  	%r29, %r26, %r28;
	mov.b64 	%fd87, {%r25, %r29};
	st.param.b64 	[{ret}], %fd87;
	ret;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfinv`: erf⁻¹(x): a polynomial in w = −log(1 − x²) (one set of coefficients for small w, one for large through √w).
pub(super) static ERFINV: Variants = Variants {
    base: "	ld.param.b64 	%fd173, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd173;
	}
	mov.b32 	%f1, %r1;
	abs{ftz}.f32 	%f2, %f1;
	setp.lt{ftz}.f32 	%p1, %f2, 0f3FF00000;
	@%p1 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_1;

$L__BB0_3:
	neg.f64 	%fd10, %fd173;
	mov.f64 	%fd11, 0d3FF0000000000000;
	fma.rn.f64 	%fd12, %fd173, %fd10, %fd11;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd12;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd12;
	}
	shr.u32 	%r4, %r2, 20;
	and.b32  	%r5, %r4, 2046;
	add.s32 	%r6, %r5, 2147482626;
	mov.u32 	%r7, 1127219200;
	mov.b64 	%fd13, {%r6, %r7};
	mov.u32 	%r8, -2147483648;
	mov.b64 	%fd14, {%r8, %r7};
	sub{rn}.f64 	%fd15, %fd13, %fd14;
	and.b32  	%r9, %r2, -2145386497;
	or.b32  	%r10, %r9, 1071644672;
	mov.b64 	%fd16, {%r3, %r10};
	add{rn}.f64 	%fd17, %fd16, 0dBFF0000000000000;
	add{rn}.f64 	%fd18, %fd16, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd19, %fd18;
	neg.f64 	%fd20, %fd18;
	fma.rn.f64 	%fd21, %fd20, %fd19, %fd11;
	fma.rn.f64 	%fd22, %fd21, %fd21, %fd21;
	fma.rn.f64 	%fd23, %fd22, %fd19, %fd19;
	mul{rn}.f64 	%fd24, %fd17, %fd23;
	mov.f64 	%fd25, 0dC000000000000000;
	fma.rn.f64 	%fd26, %fd25, %fd24, %fd17;
	neg.f64 	%fd27, %fd24;
	fma.rn.f64 	%fd28, %fd27, %fd17, %fd26;
	fma.rn.f64 	%fd29, %fd28, %fd23, %fd24;
	mul{rn}.f64 	%fd30, %fd29, %fd29;
	mov.f64 	%fd31, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd32, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd33, %fd32, %fd30, %fd31;
	mov.f64 	%fd34, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd35, %fd33, %fd30, %fd34;
	mov.f64 	%fd36, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd37, %fd35, %fd30, %fd36;
	mov.f64 	%fd38, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd39, %fd37, %fd30, %fd38;
	mov.f64 	%fd40, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd41, %fd39, %fd30, %fd40;
	mov.f64 	%fd42, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd43, %fd41, %fd30, %fd42;
	mov.f64 	%fd44, 0d3FC249249209112E;
	fma.rn.f64 	%fd45, %fd43, %fd30, %fd44;
	mov.f64 	%fd46, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd47, %fd45, %fd30, %fd46;
	mov.f64 	%fd48, 0d3FD5555555555535;
	fma.rn.f64 	%fd49, %fd47, %fd30, %fd48;
	mul{rn}.f64 	%fd50, %fd30, %fd49;
	fma.rn.f64 	%fd51, %fd50, %fd29, %fd29;
	add{rn}.f64 	%fd52, %fd51, %fd51;
	mov.f64 	%fd53, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd3, %fd15, %fd53, %fd52;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r11}, %fd3;
	}
	setp.lt.u32 	%p4, %r11, -1072103424;
	@%p4 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_4;

$L__BB0_7:
	mov.f64 	%fd125, 0dC009000000000000;
	sub{rn}.f64 	%fd126, %fd125, %fd3;
	mov.f64 	%fd127, 0dBC08DDF93324D327;
	mov.f64 	%fd128, 0dBBB135D2E746E627;
	fma.rn.f64 	%fd129, %fd128, %fd126, %fd127;
	mov.f64 	%fd130, 0d3C37B83EEF0B7C9F;
	fma.rn.f64 	%fd131, %fd129, %fd126, %fd130;
	mov.f64 	%fd132, 0d3C69BA72CD589B91;
	fma.rn.f64 	%fd133, %fd131, %fd126, %fd132;
	mov.f64 	%fd134, 0dBCA33689090A6B96;
	fma.rn.f64 	%fd135, %fd133, %fd126, %fd134;
	mov.f64 	%fd136, 0d3C782E11898132E0;
	fma.rn.f64 	%fd137, %fd135, %fd126, %fd136;
	mov.f64 	%fd138, 0d3CFDE4ACFD9E26BA;
	fma.rn.f64 	%fd139, %fd137, %fd126, %fd138;
	mov.f64 	%fd140, 0dBD26D33EED66C487;
	fma.rn.f64 	%fd141, %fd139, %fd126, %fd140;
	mov.f64 	%fd142, 0dBD36F2167040D8E2;
	fma.rn.f64 	%fd143, %fd141, %fd126, %fd142;
	mov.f64 	%fd144, 0d3D872A22C2D77E20;
	fma.rn.f64 	%fd145, %fd143, %fd126, %fd144;
	mov.f64 	%fd146, 0dBDAC8859C4E5C0AF;
	fma.rn.f64 	%fd147, %fd145, %fd126, %fd146;
	mov.f64 	%fd148, 0dBDCDC583D118A561;
	fma.rn.f64 	%fd149, %fd147, %fd126, %fd148;
	mov.f64 	%fd150, 0d3E120F47CCF46B3C;
	fma.rn.f64 	%fd151, %fd149, %fd126, %fd150;
	mov.f64 	%fd152, 0dBE31A9E38DC84D60;
	fma.rn.f64 	%fd153, %fd151, %fd126, %fd152;
	mov.f64 	%fd154, 0dBE5F36CD6D3D46A9;
	fma.rn.f64 	%fd155, %fd153, %fd126, %fd154;
	mov.f64 	%fd156, 0d3E9C6B4F5D03B787;
	fma.rn.f64 	%fd157, %fd155, %fd126, %fd156;
	mov.f64 	%fd158, 0dBEB6E8A5434AE8A2;
	fma.rn.f64 	%fd159, %fd157, %fd126, %fd158;
	mov.f64 	%fd160, 0dBEED1D1F7B8736F6;
	fma.rn.f64 	%fd161, %fd159, %fd126, %fd160;
	mov.f64 	%fd162, 0d3F2879C2A212F024;
	fma.rn.f64 	%fd163, %fd161, %fd126, %fd162;
	mov.f64 	%fd164, 0dBF4845769484FCA8;
	fma.rn.f64 	%fd165, %fd163, %fd126, %fd164;
	mov.f64 	%fd166, 0dBF78B6C33114F909;
	fma.rn.f64 	%fd167, %fd165, %fd126, %fd166;
	mov.f64 	%fd168, 0d3FCEBD80D9B13E28;
	fma.rn.f64 	%fd169, %fd167, %fd126, %fd168;
	mov.f64 	%fd170, 0d3FFA755E7C99AE86;
	fma.rn.f64 	%fd173, %fd169, %fd126, %fd170;
	bra.uni 	$L__BB0_8;

$L__BB0_1:
	abs.f64 	%fd1, %fd173;
	setp.gtu.f64 	%p2, %fd1, 0d7FF0000000000000;
	@%p2 bra 	$L__BB0_8;

	setp.eq.f64 	%p3, %fd1, 0d3FF0000000000000;
	selp.f64 	%fd173, 0d7FF0000000000000, 0dFFF8000000000000, %p3;
	bra.uni 	$L__BB0_8;

$L__BB0_4:
	neg.f64 	%fd54, %fd3;
	sqrt.rn.f64 	%fd4, %fd54;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r12}, %fd4;
	}
	setp.lt.s32 	%p5, %r12, 1074790400;
	@%p5 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_5;

$L__BB0_6:
	add{rn}.f64 	%fd88, %fd4, 0dC00A000000000000;
	mov.f64 	%fd89, 0d3E785CBE52878635;
	mov.f64 	%fd90, 0d3E23040F87DBD932;
	fma.rn.f64 	%fd91, %fd90, %fd88, %fd89;
	mov.f64 	%fd92, 0dBE92777453DD3955;
	fma.rn.f64 	%fd93, %fd91, %fd88, %fd92;
	mov.f64 	%fd94, 0d3E5395ABCD554C6C;
	fma.rn.f64 	%fd95, %fd93, %fd88, %fd94;
	mov.f64 	%fd96, 0d3EB936388A3790AD;
	fma.rn.f64 	%fd97, %fd95, %fd88, %fd96;
	mov.f64 	%fd98, 0dBED0D5DB812B5083;
	fma.rn.f64 	%fd99, %fd97, %fd88, %fd98;
	mov.f64 	%fd100, 0d3EC8860CD5D652F6;
	fma.rn.f64 	%fd101, %fd99, %fd88, %fd100;
	mov.f64 	%fd102, 0d3EEA29A0CACDFB23;
	fma.rn.f64 	%fd103, %fd101, %fd88, %fd102;
	mov.f64 	%fd104, 0dBF08CEF1F80281F2;
	fma.rn.f64 	%fd105, %fd103, %fd88, %fd104;
	mov.f64 	%fd106, 0d3F11E684D0B9188A;
	fma.rn.f64 	%fd107, %fd105, %fd88, %fd106;
	mov.f64 	%fd108, 0d3EF932CD54C8A222;
	fma.rn.f64 	%fd109, %fd107, %fd88, %fd108;
	mov.f64 	%fd110, 0dBF37448A89EF8AA3;
	fma.rn.f64 	%fd111, %fd109, %fd88, %fd110;
	mov.f64 	%fd112, 0d3F4F3CC55AD40C25;
	fma.rn.f64 	%fd113, %fd111, %fd88, %fd112;
	mov.f64 	%fd114, 0dBF5BA924132F38B1;
	fma.rn.f64 	%fd115, %fd113, %fd88, %fd114;
	mov.f64 	%fd116, 0d3F6468EECA533CF8;
	fma.rn.f64 	%fd117, %fd115, %fd88, %fd116;
	mov.f64 	%fd118, 0dBF6EBADABB891BBD;
	fma.rn.f64 	%fd119, %fd117, %fd88, %fd118;
	mov.f64 	%fd120, 0d3F75FFCFE5B76AFC;
	fma.rn.f64 	%fd121, %fd119, %fd88, %fd120;
	mov.f64 	%fd122, 0d3FF0158A6D641D39;
	fma.rn.f64 	%fd123, %fd121, %fd88, %fd122;
	mov.f64 	%fd124, 0d4008ABCC380D5A48;
	fma.rn.f64 	%fd173, %fd123, %fd88, %fd124;
	bra.uni 	$L__BB0_8;

$L__BB0_5:
	add{rn}.f64 	%fd55, %fd4, 0dC014000000000000;
	mov.f64 	%fd56, 0dBDF18FEEC0E38727;
	mov.f64 	%fd57, 0dBDBDCEC3A7785389;
	fma.rn.f64 	%fd58, %fd57, %fd55, %fd56;
	mov.f64 	%fd59, 0d3E19E6BF2DDA45E3;
	fma.rn.f64 	%fd60, %fd58, %fd55, %fd59;
	mov.f64 	%fd61, 0dBE30468FB24E2F5F;
	fma.rn.f64 	%fd62, %fd60, %fd55, %fd61;
	mov.f64 	%fd63, 0d3E405AC6A8FBA182;
	fma.rn.f64 	%fd64, %fd62, %fd55, %fd63;
	mov.f64 	%fd65, 0dBE50102E495FB9C0;
	fma.rn.f64 	%fd66, %fd64, %fd55, %fd65;
	mov.f64 	%fd67, 0d3E5F4C20E1334AF8;
	fma.rn.f64 	%fd68, %fd66, %fd55, %fd67;
	mov.f64 	%fd69, 0dBE722D220FDF9C3E;
	fma.rn.f64 	%fd70, %fd68, %fd55, %fd69;
	mov.f64 	%fd71, 0d3E8EBC8BB824CB54;
	fma.rn.f64 	%fd72, %fd70, %fd55, %fd71;
	mov.f64 	%fd73, 0dBEB0A8D40EA372CC;
	fma.rn.f64 	%fd74, %fd72, %fd55, %fd73;
	mov.f64 	%fd75, 0d3ED2FBD29D093D2B;
	fma.rn.f64 	%fd76, %fd74, %fd55, %fd75;
	mov.f64 	%fd77, 0dBEF4A3497E1E0FAC;
	fma.rn.f64 	%fd78, %fd76, %fd55, %fd77;
	mov.f64 	%fd79, 0d3F13EBF4EB00938F;
	fma.rn.f64 	%fd80, %fd78, %fd55, %fd79;
	mov.f64 	%fd81, 0dBF2C2F36A8FC5D53;
	fma.rn.f64 	%fd82, %fd80, %fd55, %fd81;
	mov.f64 	%fd83, 0dBF222EA5DF04047C;
	fma.rn.f64 	%fd84, %fd82, %fd55, %fd83;
	mov.f64 	%fd85, 0d3FF02A30D1FBA0DC;
	fma.rn.f64 	%fd86, %fd84, %fd55, %fd85;
	mov.f64 	%fd87, 0d4013664DDD1AD7FB;
	fma.rn.f64 	%fd173, %fd86, %fd55, %fd87;

$L__BB0_8:
	ld.param.b64 	%fd172, [{p0}];
	mul{rn}.f64 	%fd171, %fd173, %fd172;
	st.param.b64 	[{ret}], %fd171;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `erfcinv`: erfc⁻¹(x): as `erfinv` on 2 − x near 0..2's middle, otherwise a rational function of √(−log x) (refined reciprocals).
pub(super) static ERFCINV: Variants = Variants {
    base: "	ld.param.b64 	%fd18, [{p0}];
	neg.f64 	%fd1, %fd18;
	mov.f64 	%fd19, 0d4000000000000000;
	add.rn.f64 	%fd2, %fd19, %fd1;
	setp.le.f64 	%p1, %fd18, 0d3FFFFC0B65AA4E0E;
	setp.ge.f64 	%p2, %fd18, 0d3F4FA4D2AD8F904D;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_12;
	bra.uni 	$L__BB0_1;

$L__BB0_12:
	mul.rn.f64 	%fd172, %fd2, %fd18;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r32}, %fd172;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r33, %temp}, %fd172;
	}
	shr.u32 	%r34, %r32, 20;
	and.b32  	%r35, %r34, 2046;
	add.s32 	%r36, %r35, 2147482626;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd173, {%r36, %r37};
	mov.u32 	%r38, -2147483648;
	mov.b64 	%fd174, {%r38, %r37};
	sub.f64 	%fd175, %fd173, %fd174;
	and.b32  	%r39, %r32, -2145386497;
	or.b32  	%r40, %r39, 1071644672;
	mov.b64 	%fd176, {%r33, %r40};
	add.f64 	%fd177, %fd176, 0dBFF0000000000000;
	add.f64 	%fd178, %fd176, 0d3FF0000000000000;
	mov.f64 	%fd179, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd180, %fd178;
	neg.f64 	%fd181, %fd178;
	fma.rn.f64 	%fd182, %fd181, %fd180, %fd179;
	fma.rn.f64 	%fd183, %fd182, %fd182, %fd182;
	fma.rn.f64 	%fd184, %fd183, %fd180, %fd180;
	mul.f64 	%fd185, %fd177, %fd184;
	mov.f64 	%fd186, 0dC000000000000000;
	fma.rn.f64 	%fd187, %fd186, %fd185, %fd177;
	neg.f64 	%fd188, %fd185;
	fma.rn.f64 	%fd189, %fd188, %fd177, %fd187;
	fma.rn.f64 	%fd190, %fd189, %fd184, %fd185;
	mul.f64 	%fd191, %fd190, %fd190;
	mov.f64 	%fd192, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd193, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd194, %fd193, %fd191, %fd192;
	mov.f64 	%fd195, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd196, %fd194, %fd191, %fd195;
	mov.f64 	%fd197, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd198, %fd196, %fd191, %fd197;
	mov.f64 	%fd199, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd200, %fd198, %fd191, %fd199;
	mov.f64 	%fd201, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd202, %fd200, %fd191, %fd201;
	mov.f64 	%fd203, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd204, %fd202, %fd191, %fd203;
	mov.f64 	%fd205, 0d3FC249249209112E;
	fma.rn.f64 	%fd206, %fd204, %fd191, %fd205;
	mov.f64 	%fd207, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd208, %fd206, %fd191, %fd207;
	mov.f64 	%fd209, 0d3FD5555555555535;
	fma.rn.f64 	%fd210, %fd208, %fd191, %fd209;
	mul.f64 	%fd211, %fd191, %fd210;
	fma.rn.f64 	%fd212, %fd211, %fd190, %fd190;
	add.f64 	%fd213, %fd212, %fd212;
	mov.f64 	%fd214, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd215, %fd175, %fd214, %fd213;
	mov.f64 	%fd216, 0dC009000000000000;
	sub.f64 	%fd217, %fd216, %fd215;
	mov.f64 	%fd218, 0dBC08DDF93324D327;
	mov.f64 	%fd219, 0dBBB135D2E746E627;
	fma.rn.f64 	%fd220, %fd219, %fd217, %fd218;
	mov.f64 	%fd221, 0d3C37B83EEF0B7C9F;
	fma.rn.f64 	%fd222, %fd220, %fd217, %fd221;
	mov.f64 	%fd223, 0d3C69BA72CD589B91;
	fma.rn.f64 	%fd224, %fd222, %fd217, %fd223;
	mov.f64 	%fd225, 0dBCA33689090A6B96;
	fma.rn.f64 	%fd226, %fd224, %fd217, %fd225;
	mov.f64 	%fd227, 0d3C782E11898132E0;
	fma.rn.f64 	%fd228, %fd226, %fd217, %fd227;
	mov.f64 	%fd229, 0d3CFDE4ACFD9E26BA;
	fma.rn.f64 	%fd230, %fd228, %fd217, %fd229;
	mov.f64 	%fd231, 0dBD26D33EED66C487;
	fma.rn.f64 	%fd232, %fd230, %fd217, %fd231;
	mov.f64 	%fd233, 0dBD36F2167040D8E2;
	fma.rn.f64 	%fd234, %fd232, %fd217, %fd233;
	mov.f64 	%fd235, 0d3D872A22C2D77E20;
	fma.rn.f64 	%fd236, %fd234, %fd217, %fd235;
	mov.f64 	%fd237, 0dBDAC8859C4E5C0AF;
	fma.rn.f64 	%fd238, %fd236, %fd217, %fd237;
	mov.f64 	%fd239, 0dBDCDC583D118A561;
	fma.rn.f64 	%fd240, %fd238, %fd217, %fd239;
	mov.f64 	%fd241, 0d3E120F47CCF46B3C;
	fma.rn.f64 	%fd242, %fd240, %fd217, %fd241;
	mov.f64 	%fd243, 0dBE31A9E38DC84D60;
	fma.rn.f64 	%fd244, %fd242, %fd217, %fd243;
	mov.f64 	%fd245, 0dBE5F36CD6D3D46A9;
	fma.rn.f64 	%fd246, %fd244, %fd217, %fd245;
	mov.f64 	%fd247, 0d3E9C6B4F5D03B787;
	fma.rn.f64 	%fd248, %fd246, %fd217, %fd247;
	mov.f64 	%fd249, 0dBEB6E8A5434AE8A2;
	fma.rn.f64 	%fd250, %fd248, %fd217, %fd249;
	mov.f64 	%fd251, 0dBEED1D1F7B8736F6;
	fma.rn.f64 	%fd252, %fd250, %fd217, %fd251;
	mov.f64 	%fd253, 0d3F2879C2A212F024;
	fma.rn.f64 	%fd254, %fd252, %fd217, %fd253;
	mov.f64 	%fd255, 0dBF4845769484FCA8;
	fma.rn.f64 	%fd256, %fd254, %fd217, %fd255;
	mov.f64 	%fd257, 0dBF78B6C33114F909;
	fma.rn.f64 	%fd258, %fd256, %fd217, %fd257;
	mov.f64 	%fd259, 0d3FCEBD80D9B13E28;
	fma.rn.f64 	%fd260, %fd258, %fd217, %fd259;
	mov.f64 	%fd261, 0d3FFA755E7C99AE86;
	fma.rn.f64 	%fd262, %fd260, %fd217, %fd261;
	fma.rn.f64 	%fd267, %fd262, %fd1, %fd262;
	bra.uni 	$L__BB0_13;

$L__BB0_1:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd18;
	}
	setp.gt.s32 	%p4, %r1, 1072693247;
	selp.f64 	%fd263, %fd2, %fd18, %p4;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd263;
	}
	mov.b32 	%f1, %r41;
	setp.ltu{ftz}.f32 	%p5, %f1, 0f2B2BFF2F;
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd263;
	}
	@%p5 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	setp.gt.s32 	%p6, %r41, 1048575;
	mov.u32 	%r43, -1023;
	@%p6 bra 	$L__BB0_5;

	mul.f64 	%fd263, %fd263, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd263;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd263;
	}
	mov.u32 	%r43, -1077;

$L__BB0_5:
	add.s32 	%r21, %r41, -1;
	setp.lt.u32 	%p7, %r21, 2146435071;
	@%p7 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_6;

$L__BB0_7:
	shr.u32 	%r23, %r41, 20;
	add.s32 	%r44, %r43, %r23;
	and.b32  	%r24, %r41, -2146435073;
	or.b32  	%r25, %r24, 1072693248;
	mov.b64 	%fd264, {%r42, %r25};
	setp.lt.s32 	%p9, %r25, 1073127583;
	@%p9 bra 	$L__BB0_9;

	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd264;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd264;
	}
	add.s32 	%r28, %r27, -1048576;
	mov.b64 	%fd264, {%r26, %r28};
	add.s32 	%r44, %r44, 1;

$L__BB0_9:
	add.f64 	%fd106, %fd264, 0d3FF0000000000000;
	mov.f64 	%fd107, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd108, %fd106;
	neg.f64 	%fd109, %fd106;
	fma.rn.f64 	%fd110, %fd109, %fd108, %fd107;
	fma.rn.f64 	%fd111, %fd110, %fd110, %fd110;
	fma.rn.f64 	%fd112, %fd111, %fd108, %fd108;
	add.f64 	%fd113, %fd264, 0dBFF0000000000000;
	mul.f64 	%fd114, %fd113, %fd112;
	fma.rn.f64 	%fd115, %fd113, %fd112, %fd114;
	mul.f64 	%fd116, %fd115, %fd115;
	mov.f64 	%fd117, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd118, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd119, %fd118, %fd116, %fd117;
	mov.f64 	%fd120, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd121, %fd119, %fd116, %fd120;
	mov.f64 	%fd122, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd123, %fd121, %fd116, %fd122;
	mov.f64 	%fd124, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd125, %fd123, %fd116, %fd124;
	mov.f64 	%fd126, 0d3F624924923BE72D;
	fma.rn.f64 	%fd127, %fd125, %fd116, %fd126;
	mov.f64 	%fd128, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd129, %fd127, %fd116, %fd128;
	mov.f64 	%fd130, 0d3FB5555555555554;
	fma.rn.f64 	%fd131, %fd129, %fd116, %fd130;
	sub.f64 	%fd132, %fd113, %fd115;
	add.f64 	%fd133, %fd132, %fd132;
	neg.f64 	%fd134, %fd115;
	fma.rn.f64 	%fd135, %fd134, %fd113, %fd133;
	mul.f64 	%fd136, %fd112, %fd135;
	mul.f64 	%fd137, %fd116, %fd131;
	fma.rn.f64 	%fd138, %fd137, %fd115, %fd136;
	xor.b32  	%r29, %r44, -2147483648;
	mov.u32 	%r30, -2147483648;
	mov.u32 	%r31, 1127219200;
	mov.b64 	%fd139, {%r29, %r31};
	mov.b64 	%fd140, {%r30, %r31};
	sub.f64 	%fd141, %fd139, %fd140;
	mov.f64 	%fd142, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd143, %fd141, %fd142, %fd115;
	neg.f64 	%fd144, %fd141;
	fma.rn.f64 	%fd145, %fd144, %fd142, %fd143;
	sub.f64 	%fd146, %fd145, %fd115;
	sub.f64 	%fd147, %fd138, %fd146;
	mov.f64 	%fd148, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd149, %fd141, %fd148, %fd147;
	add.f64 	%fd265, %fd143, %fd149;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	shr.u32 	%r12, %r41, 20;
	and.b32  	%r13, %r12, 2046;
	add.s32 	%r14, %r13, 2147482626;
	mov.u32 	%r15, 1127219200;
	mov.b64 	%fd20, {%r14, %r15};
	mov.u32 	%r16, -2147483648;
	mov.b64 	%fd21, {%r16, %r15};
	sub.f64 	%fd22, %fd20, %fd21;
	and.b32  	%r17, %r41, -2145386497;
	or.b32  	%r18, %r17, 1071644672;
	mov.b64 	%fd23, {%r42, %r18};
	add.f64 	%fd24, %fd23, 0dBFF0000000000000;
	add.f64 	%fd25, %fd23, 0d3FF0000000000000;
	mov.f64 	%fd26, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd27, %fd25;
	neg.f64 	%fd28, %fd25;
	fma.rn.f64 	%fd29, %fd28, %fd27, %fd26;
	fma.rn.f64 	%fd30, %fd29, %fd29, %fd29;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd27;
	mul.f64 	%fd32, %fd24, %fd31;
	mov.f64 	%fd33, 0dC000000000000000;
	fma.rn.f64 	%fd34, %fd33, %fd32, %fd24;
	neg.f64 	%fd35, %fd32;
	fma.rn.f64 	%fd36, %fd35, %fd24, %fd34;
	fma.rn.f64 	%fd37, %fd36, %fd31, %fd32;
	mul.f64 	%fd38, %fd37, %fd37;
	mov.f64 	%fd39, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd40, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd41, %fd40, %fd38, %fd39;
	mov.f64 	%fd42, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd43, %fd41, %fd38, %fd42;
	mov.f64 	%fd44, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd45, %fd43, %fd38, %fd44;
	mov.f64 	%fd46, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd47, %fd45, %fd38, %fd46;
	mov.f64 	%fd48, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd49, %fd47, %fd38, %fd48;
	mov.f64 	%fd50, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd51, %fd49, %fd38, %fd50;
	mov.f64 	%fd52, 0d3FC249249209112E;
	fma.rn.f64 	%fd53, %fd51, %fd38, %fd52;
	mov.f64 	%fd54, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd55, %fd53, %fd38, %fd54;
	mov.f64 	%fd56, 0d3FD5555555555535;
	fma.rn.f64 	%fd57, %fd55, %fd38, %fd56;
	mul.f64 	%fd58, %fd38, %fd57;
	fma.rn.f64 	%fd59, %fd58, %fd37, %fd37;
	add.f64 	%fd60, %fd59, %fd59;
	mov.f64 	%fd61, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd62, %fd22, %fd61, %fd60;
	neg.f64 	%fd63, %fd62;
	rsqrt.approx.ftz.f64 	%fd64, %fd63;
	mul.rn.f64 	%fd65, %fd64, %fd64;
	neg.f64 	%fd66, %fd65;
	fma.rn.f64 	%fd67, %fd63, %fd66, %fd26;
	mov.f64 	%fd68, 0d3FE0000000000000;
	mov.f64 	%fd69, 0d3FD8000000000000;
	fma.rn.f64 	%fd70, %fd69, %fd67, %fd68;
	mul.rn.f64 	%fd71, %fd67, %fd64;
	fma.rn.f64 	%fd72, %fd70, %fd71, %fd64;
	mov.f64 	%fd73, 0d4000A0E7333839AA;
	mov.f64 	%fd74, 0d3FEBE9222591AFAB;
	fma.rn.f64 	%fd75, %fd74, %fd72, %fd73;
	mov.f64 	%fd76, 0d4008768CF7E57D5C;
	fma.rn.f64 	%fd77, %fd75, %fd72, %fd76;
	mov.f64 	%fd78, 0d400B77E7E28DA583;
	fma.rn.f64 	%fd79, %fd77, %fd72, %fd78;
	mov.f64 	%fd80, 0d3FF34F26A4F99CF9;
	fma.rn.f64 	%fd81, %fd79, %fd72, %fd80;
	mov.f64 	%fd82, 0d3FC1F674ADB019ED;
	fma.rn.f64 	%fd83, %fd81, %fd72, %fd82;
	mov.f64 	%fd84, 0d3F75DDAE9506431D;
	fma.rn.f64 	%fd85, %fd83, %fd72, %fd84;
	mov.f64 	%fd86, 0d3F0ADA49AA32489C;
	fma.rn.f64 	%fd87, %fd85, %fd72, %fd86;
	add.f64 	%fd88, %fd72, 0d4001E90FF51C2197;
	mov.f64 	%fd89, 0d40111EA3A7CF3820;
	fma.rn.f64 	%fd90, %fd88, %fd72, %fd89;
	mov.f64 	%fd91, 0d4011A0E4A4749594;
	fma.rn.f64 	%fd92, %fd90, %fd72, %fd91;
	mov.f64 	%fd93, 0d400D4E977D38C14D;
	fma.rn.f64 	%fd94, %fd92, %fd72, %fd93;
	mov.f64 	%fd95, 0d3FF37FD567EC0D5F;
	fma.rn.f64 	%fd96, %fd94, %fd72, %fd95;
	mov.f64 	%fd97, 0d3FC1FB9D7F676033;
	fma.rn.f64 	%fd98, %fd96, %fd72, %fd97;
	mov.f64 	%fd99, 0d3F75DDCDF98946E4;
	fma.rn.f64 	%fd100, %fd98, %fd72, %fd99;
	mov.f64 	%fd101, 0d3F0ADA42D79D8DBB;
	fma.rn.f64 	%fd102, %fd100, %fd72, %fd101;
	mul.f64 	%fd103, %fd72, %fd102;
	div.rn.f64 	%fd266, %fd87, %fd103;
	bra.uni 	$L__BB0_11;

$L__BB0_6:
	mov.f64 	%fd104, 0d7FF0000000000000;
	fma.rn.f64 	%fd105, %fd263, %fd104, %fd104;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd263;
	}
	mov.b32 	%f2, %r22;
	setp.eq{ftz}.f32 	%p8, %f2, 0f00000000;
	selp.f64 	%fd265, 0dFFF0000000000000, %fd105, %p8;

$L__BB0_10:
	neg.f64 	%fd150, %fd265;
	rsqrt.approx.f64 	%fd151, %fd150;
	mov.f64 	%fd152, 0d3FFA2013964E259C;
	mov.f64 	%fd153, 0d3FE8E2101C71B0BF;
	fma.rn.f64 	%fd154, %fd153, %fd151, %fd152;
	mov.f64 	%fd155, 0d3FDABFE90921BE68;
	fma.rn.f64 	%fd156, %fd154, %fd151, %fd155;
	mov.f64 	%fd157, 0d3F97E41314DE00D4;
	fma.rn.f64 	%fd158, %fd156, %fd151, %fd157;
	mov.f64 	%fd159, 0d3F311BD487102E94;
	fma.rn.f64 	%fd160, %fd158, %fd151, %fd159;
	add.f64 	%fd161, %fd151, 0d3FF59895C30BAA54;
	mov.f64 	%fd162, 0d3FFAE8E5956A143F;
	fma.rn.f64 	%fd163, %fd161, %fd151, %fd162;
	mov.f64 	%fd164, 0d3FDACCE85FF7383D;
	fma.rn.f64 	%fd165, %fd163, %fd151, %fd164;
	mov.f64 	%fd166, 0d3F97E43B6CAC34FE;
	fma.rn.f64 	%fd167, %fd165, %fd151, %fd166;
	mov.f64 	%fd168, 0d3F311BD08289EB12;
	fma.rn.f64 	%fd169, %fd167, %fd151, %fd168;
	mul.f64 	%fd170, %fd151, %fd169;
	div.rn.f64 	%fd266, %fd160, %fd170;

$L__BB0_11:
	neg.f64 	%fd171, %fd266;
	selp.f64 	%fd267, %fd171, %fd266, %p4;

$L__BB0_13:
	st.param.b64 	[{ret}], %fd267;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd18, [{p0}];
	neg.f64 	%fd1, %fd18;
	mov.f64 	%fd19, 0d4000000000000000;
	add.rn.f64 	%fd2, %fd19, %fd1;
	setp.le.f64 	%p1, %fd18, 0d3FFFFC0B65AA4E0E;
	setp.ge.f64 	%p2, %fd18, 0d3F4FA4D2AD8F904D;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_12;
	bra.uni 	$L__BB0_1;

$L__BB0_12:
	mul.rn.f64 	%fd172, %fd2, %fd18;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r32}, %fd172;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r33, %temp}, %fd172;
	}
	shr.u32 	%r34, %r32, 20;
	and.b32  	%r35, %r34, 2046;
	add.s32 	%r36, %r35, 2147482626;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd173, {%r36, %r37};
	mov.u32 	%r38, -2147483648;
	mov.b64 	%fd174, {%r38, %r37};
	sub.rn.f64 	%fd175, %fd173, %fd174;
	and.b32  	%r39, %r32, -2145386497;
	or.b32  	%r40, %r39, 1071644672;
	mov.b64 	%fd176, {%r33, %r40};
	add.rn.f64 	%fd177, %fd176, 0dBFF0000000000000;
	add.rn.f64 	%fd178, %fd176, 0d3FF0000000000000;
	mov.f64 	%fd179, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd180, %fd178;
	neg.f64 	%fd181, %fd178;
	fma.rn.f64 	%fd182, %fd181, %fd180, %fd179;
	fma.rn.f64 	%fd183, %fd182, %fd182, %fd182;
	fma.rn.f64 	%fd184, %fd183, %fd180, %fd180;
	mul.rn.f64 	%fd185, %fd177, %fd184;
	mov.f64 	%fd186, 0dC000000000000000;
	fma.rn.f64 	%fd187, %fd186, %fd185, %fd177;
	neg.f64 	%fd188, %fd185;
	fma.rn.f64 	%fd189, %fd188, %fd177, %fd187;
	fma.rn.f64 	%fd190, %fd189, %fd184, %fd185;
	mul.rn.f64 	%fd191, %fd190, %fd190;
	mov.f64 	%fd192, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd193, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd194, %fd193, %fd191, %fd192;
	mov.f64 	%fd195, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd196, %fd194, %fd191, %fd195;
	mov.f64 	%fd197, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd198, %fd196, %fd191, %fd197;
	mov.f64 	%fd199, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd200, %fd198, %fd191, %fd199;
	mov.f64 	%fd201, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd202, %fd200, %fd191, %fd201;
	mov.f64 	%fd203, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd204, %fd202, %fd191, %fd203;
	mov.f64 	%fd205, 0d3FC249249209112E;
	fma.rn.f64 	%fd206, %fd204, %fd191, %fd205;
	mov.f64 	%fd207, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd208, %fd206, %fd191, %fd207;
	mov.f64 	%fd209, 0d3FD5555555555535;
	fma.rn.f64 	%fd210, %fd208, %fd191, %fd209;
	mul.rn.f64 	%fd211, %fd191, %fd210;
	fma.rn.f64 	%fd212, %fd211, %fd190, %fd190;
	add.rn.f64 	%fd213, %fd212, %fd212;
	mov.f64 	%fd214, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd215, %fd175, %fd214, %fd213;
	mov.f64 	%fd216, 0dC009000000000000;
	sub.rn.f64 	%fd217, %fd216, %fd215;
	mov.f64 	%fd218, 0dBC08DDF93324D327;
	mov.f64 	%fd219, 0dBBB135D2E746E627;
	fma.rn.f64 	%fd220, %fd219, %fd217, %fd218;
	mov.f64 	%fd221, 0d3C37B83EEF0B7C9F;
	fma.rn.f64 	%fd222, %fd220, %fd217, %fd221;
	mov.f64 	%fd223, 0d3C69BA72CD589B91;
	fma.rn.f64 	%fd224, %fd222, %fd217, %fd223;
	mov.f64 	%fd225, 0dBCA33689090A6B96;
	fma.rn.f64 	%fd226, %fd224, %fd217, %fd225;
	mov.f64 	%fd227, 0d3C782E11898132E0;
	fma.rn.f64 	%fd228, %fd226, %fd217, %fd227;
	mov.f64 	%fd229, 0d3CFDE4ACFD9E26BA;
	fma.rn.f64 	%fd230, %fd228, %fd217, %fd229;
	mov.f64 	%fd231, 0dBD26D33EED66C487;
	fma.rn.f64 	%fd232, %fd230, %fd217, %fd231;
	mov.f64 	%fd233, 0dBD36F2167040D8E2;
	fma.rn.f64 	%fd234, %fd232, %fd217, %fd233;
	mov.f64 	%fd235, 0d3D872A22C2D77E20;
	fma.rn.f64 	%fd236, %fd234, %fd217, %fd235;
	mov.f64 	%fd237, 0dBDAC8859C4E5C0AF;
	fma.rn.f64 	%fd238, %fd236, %fd217, %fd237;
	mov.f64 	%fd239, 0dBDCDC583D118A561;
	fma.rn.f64 	%fd240, %fd238, %fd217, %fd239;
	mov.f64 	%fd241, 0d3E120F47CCF46B3C;
	fma.rn.f64 	%fd242, %fd240, %fd217, %fd241;
	mov.f64 	%fd243, 0dBE31A9E38DC84D60;
	fma.rn.f64 	%fd244, %fd242, %fd217, %fd243;
	mov.f64 	%fd245, 0dBE5F36CD6D3D46A9;
	fma.rn.f64 	%fd246, %fd244, %fd217, %fd245;
	mov.f64 	%fd247, 0d3E9C6B4F5D03B787;
	fma.rn.f64 	%fd248, %fd246, %fd217, %fd247;
	mov.f64 	%fd249, 0dBEB6E8A5434AE8A2;
	fma.rn.f64 	%fd250, %fd248, %fd217, %fd249;
	mov.f64 	%fd251, 0dBEED1D1F7B8736F6;
	fma.rn.f64 	%fd252, %fd250, %fd217, %fd251;
	mov.f64 	%fd253, 0d3F2879C2A212F024;
	fma.rn.f64 	%fd254, %fd252, %fd217, %fd253;
	mov.f64 	%fd255, 0dBF4845769484FCA8;
	fma.rn.f64 	%fd256, %fd254, %fd217, %fd255;
	mov.f64 	%fd257, 0dBF78B6C33114F909;
	fma.rn.f64 	%fd258, %fd256, %fd217, %fd257;
	mov.f64 	%fd259, 0d3FCEBD80D9B13E28;
	fma.rn.f64 	%fd260, %fd258, %fd217, %fd259;
	mov.f64 	%fd261, 0d3FFA755E7C99AE86;
	fma.rn.f64 	%fd262, %fd260, %fd217, %fd261;
	fma.rn.f64 	%fd267, %fd262, %fd1, %fd262;
	bra.uni 	$L__BB0_13;

$L__BB0_1:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd18;
	}
	setp.gt.s32 	%p4, %r1, 1072693247;
	selp.f64 	%fd263, %fd2, %fd18, %p4;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd263;
	}
	mov.b32 	%f1, %r41;
	setp.ltu{ftz}.f32 	%p5, %f1, 0f2B2BFF2F;
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd263;
	}
	@%p5 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	setp.gt.s32 	%p6, %r41, 1048575;
	mov.u32 	%r43, -1023;
	@%p6 bra 	$L__BB0_5;

	mul.rn.f64 	%fd263, %fd263, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd263;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd263;
	}
	mov.u32 	%r43, -1077;

$L__BB0_5:
	add.s32 	%r21, %r41, -1;
	setp.lt.u32 	%p7, %r21, 2146435071;
	@%p7 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_6;

$L__BB0_7:
	shr.u32 	%r23, %r41, 20;
	add.s32 	%r44, %r43, %r23;
	and.b32  	%r24, %r41, -2146435073;
	or.b32  	%r25, %r24, 1072693248;
	mov.b64 	%fd264, {%r42, %r25};
	setp.lt.s32 	%p9, %r25, 1073127583;
	@%p9 bra 	$L__BB0_9;

	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd264;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd264;
	}
	add.s32 	%r28, %r27, -1048576;
	mov.b64 	%fd264, {%r26, %r28};
	add.s32 	%r44, %r44, 1;

$L__BB0_9:
	add.rn.f64 	%fd106, %fd264, 0d3FF0000000000000;
	mov.f64 	%fd107, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd108, %fd106;
	neg.f64 	%fd109, %fd106;
	fma.rn.f64 	%fd110, %fd109, %fd108, %fd107;
	fma.rn.f64 	%fd111, %fd110, %fd110, %fd110;
	fma.rn.f64 	%fd112, %fd111, %fd108, %fd108;
	add.rn.f64 	%fd113, %fd264, 0dBFF0000000000000;
	mul.rn.f64 	%fd114, %fd113, %fd112;
	add.rn.f64 	%fd115, %fd114, %fd114;
	mul.rn.f64 	%fd116, %fd115, %fd115;
	mov.f64 	%fd117, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd118, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd119, %fd118, %fd116, %fd117;
	mov.f64 	%fd120, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd121, %fd119, %fd116, %fd120;
	mov.f64 	%fd122, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd123, %fd121, %fd116, %fd122;
	mov.f64 	%fd124, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd125, %fd123, %fd116, %fd124;
	mov.f64 	%fd126, 0d3F624924923BE72D;
	fma.rn.f64 	%fd127, %fd125, %fd116, %fd126;
	mov.f64 	%fd128, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd129, %fd127, %fd116, %fd128;
	mov.f64 	%fd130, 0d3FB5555555555554;
	fma.rn.f64 	%fd131, %fd129, %fd116, %fd130;
	sub.rn.f64 	%fd132, %fd113, %fd115;
	add.rn.f64 	%fd133, %fd132, %fd132;
	neg.f64 	%fd134, %fd115;
	fma.rn.f64 	%fd135, %fd134, %fd113, %fd133;
	mul.rn.f64 	%fd136, %fd112, %fd135;
	mul.rn.f64 	%fd137, %fd116, %fd131;
	fma.rn.f64 	%fd138, %fd137, %fd115, %fd136;
	xor.b32  	%r29, %r44, -2147483648;
	mov.u32 	%r30, -2147483648;
	mov.u32 	%r31, 1127219200;
	mov.b64 	%fd139, {%r29, %r31};
	mov.b64 	%fd140, {%r30, %r31};
	sub.rn.f64 	%fd141, %fd139, %fd140;
	mov.f64 	%fd142, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd143, %fd141, %fd142, %fd115;
	neg.f64 	%fd144, %fd141;
	fma.rn.f64 	%fd145, %fd144, %fd142, %fd143;
	sub.rn.f64 	%fd146, %fd145, %fd115;
	sub.rn.f64 	%fd147, %fd138, %fd146;
	mov.f64 	%fd148, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd149, %fd141, %fd148, %fd147;
	add.rn.f64 	%fd265, %fd143, %fd149;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	shr.u32 	%r12, %r41, 20;
	and.b32  	%r13, %r12, 2046;
	add.s32 	%r14, %r13, 2147482626;
	mov.u32 	%r15, 1127219200;
	mov.b64 	%fd20, {%r14, %r15};
	mov.u32 	%r16, -2147483648;
	mov.b64 	%fd21, {%r16, %r15};
	sub.rn.f64 	%fd22, %fd20, %fd21;
	and.b32  	%r17, %r41, -2145386497;
	or.b32  	%r18, %r17, 1071644672;
	mov.b64 	%fd23, {%r42, %r18};
	add.rn.f64 	%fd24, %fd23, 0dBFF0000000000000;
	add.rn.f64 	%fd25, %fd23, 0d3FF0000000000000;
	mov.f64 	%fd26, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd27, %fd25;
	neg.f64 	%fd28, %fd25;
	fma.rn.f64 	%fd29, %fd28, %fd27, %fd26;
	fma.rn.f64 	%fd30, %fd29, %fd29, %fd29;
	fma.rn.f64 	%fd31, %fd30, %fd27, %fd27;
	mul.rn.f64 	%fd32, %fd24, %fd31;
	mov.f64 	%fd33, 0dC000000000000000;
	fma.rn.f64 	%fd34, %fd33, %fd32, %fd24;
	neg.f64 	%fd35, %fd32;
	fma.rn.f64 	%fd36, %fd35, %fd24, %fd34;
	fma.rn.f64 	%fd37, %fd36, %fd31, %fd32;
	mul.rn.f64 	%fd38, %fd37, %fd37;
	mov.f64 	%fd39, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd40, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd41, %fd40, %fd38, %fd39;
	mov.f64 	%fd42, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd43, %fd41, %fd38, %fd42;
	mov.f64 	%fd44, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd45, %fd43, %fd38, %fd44;
	mov.f64 	%fd46, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd47, %fd45, %fd38, %fd46;
	mov.f64 	%fd48, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd49, %fd47, %fd38, %fd48;
	mov.f64 	%fd50, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd51, %fd49, %fd38, %fd50;
	mov.f64 	%fd52, 0d3FC249249209112E;
	fma.rn.f64 	%fd53, %fd51, %fd38, %fd52;
	mov.f64 	%fd54, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd55, %fd53, %fd38, %fd54;
	mov.f64 	%fd56, 0d3FD5555555555535;
	fma.rn.f64 	%fd57, %fd55, %fd38, %fd56;
	mul.rn.f64 	%fd58, %fd38, %fd57;
	fma.rn.f64 	%fd59, %fd58, %fd37, %fd37;
	add.rn.f64 	%fd60, %fd59, %fd59;
	mov.f64 	%fd61, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd62, %fd22, %fd61, %fd60;
	neg.f64 	%fd63, %fd62;
	rsqrt.approx.ftz.f64 	%fd64, %fd63;
	mul.rn.f64 	%fd65, %fd64, %fd64;
	neg.f64 	%fd66, %fd65;
	fma.rn.f64 	%fd67, %fd63, %fd66, %fd26;
	mov.f64 	%fd68, 0d3FE0000000000000;
	mov.f64 	%fd69, 0d3FD8000000000000;
	fma.rn.f64 	%fd70, %fd69, %fd67, %fd68;
	mul.rn.f64 	%fd71, %fd67, %fd64;
	fma.rn.f64 	%fd72, %fd70, %fd71, %fd64;
	mov.f64 	%fd73, 0d4000A0E7333839AA;
	mov.f64 	%fd74, 0d3FEBE9222591AFAB;
	fma.rn.f64 	%fd75, %fd74, %fd72, %fd73;
	mov.f64 	%fd76, 0d4008768CF7E57D5C;
	fma.rn.f64 	%fd77, %fd75, %fd72, %fd76;
	mov.f64 	%fd78, 0d400B77E7E28DA583;
	fma.rn.f64 	%fd79, %fd77, %fd72, %fd78;
	mov.f64 	%fd80, 0d3FF34F26A4F99CF9;
	fma.rn.f64 	%fd81, %fd79, %fd72, %fd80;
	mov.f64 	%fd82, 0d3FC1F674ADB019ED;
	fma.rn.f64 	%fd83, %fd81, %fd72, %fd82;
	mov.f64 	%fd84, 0d3F75DDAE9506431D;
	fma.rn.f64 	%fd85, %fd83, %fd72, %fd84;
	mov.f64 	%fd86, 0d3F0ADA49AA32489C;
	fma.rn.f64 	%fd87, %fd85, %fd72, %fd86;
	add.rn.f64 	%fd88, %fd72, 0d4001E90FF51C2197;
	mov.f64 	%fd89, 0d40111EA3A7CF3820;
	fma.rn.f64 	%fd90, %fd88, %fd72, %fd89;
	mov.f64 	%fd91, 0d4011A0E4A4749594;
	fma.rn.f64 	%fd92, %fd90, %fd72, %fd91;
	mov.f64 	%fd93, 0d400D4E977D38C14D;
	fma.rn.f64 	%fd94, %fd92, %fd72, %fd93;
	mov.f64 	%fd95, 0d3FF37FD567EC0D5F;
	fma.rn.f64 	%fd96, %fd94, %fd72, %fd95;
	mov.f64 	%fd97, 0d3FC1FB9D7F676033;
	fma.rn.f64 	%fd98, %fd96, %fd72, %fd97;
	mov.f64 	%fd99, 0d3F75DDCDF98946E4;
	fma.rn.f64 	%fd100, %fd98, %fd72, %fd99;
	mov.f64 	%fd101, 0d3F0ADA42D79D8DBB;
	fma.rn.f64 	%fd102, %fd100, %fd72, %fd101;
	mul.rn.f64 	%fd103, %fd72, %fd102;
	div.rn.f64 	%fd266, %fd87, %fd103;
	bra.uni 	$L__BB0_11;

$L__BB0_6:
	mov.f64 	%fd104, 0d7FF0000000000000;
	fma.rn.f64 	%fd105, %fd263, %fd104, %fd104;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd263;
	}
	mov.b32 	%f2, %r22;
	setp.eq{ftz}.f32 	%p8, %f2, 0f00000000;
	selp.f64 	%fd265, 0dFFF0000000000000, %fd105, %p8;

$L__BB0_10:
	neg.f64 	%fd150, %fd265;
	rsqrt.approx.f64 	%fd151, %fd150;
	mov.f64 	%fd152, 0d3FFA2013964E259C;
	mov.f64 	%fd153, 0d3FE8E2101C71B0BF;
	fma.rn.f64 	%fd154, %fd153, %fd151, %fd152;
	mov.f64 	%fd155, 0d3FDABFE90921BE68;
	fma.rn.f64 	%fd156, %fd154, %fd151, %fd155;
	mov.f64 	%fd157, 0d3F97E41314DE00D4;
	fma.rn.f64 	%fd158, %fd156, %fd151, %fd157;
	mov.f64 	%fd159, 0d3F311BD487102E94;
	fma.rn.f64 	%fd160, %fd158, %fd151, %fd159;
	add.rn.f64 	%fd161, %fd151, 0d3FF59895C30BAA54;
	mov.f64 	%fd162, 0d3FFAE8E5956A143F;
	fma.rn.f64 	%fd163, %fd161, %fd151, %fd162;
	mov.f64 	%fd164, 0d3FDACCE85FF7383D;
	fma.rn.f64 	%fd165, %fd163, %fd151, %fd164;
	mov.f64 	%fd166, 0d3F97E43B6CAC34FE;
	fma.rn.f64 	%fd167, %fd165, %fd151, %fd166;
	mov.f64 	%fd168, 0d3F311BD08289EB12;
	fma.rn.f64 	%fd169, %fd167, %fd151, %fd168;
	mul.rn.f64 	%fd170, %fd151, %fd169;
	div.rn.f64 	%fd266, %fd160, %fd170;

$L__BB0_11:
	neg.f64 	%fd171, %fd266;
	selp.f64 	%fd267, %fd171, %fd266, %p4;

$L__BB0_13:
	st.param.b64 	[{ret}], %fd267;
	ret;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `normcdf`: Φ(x) = ½·erfc(−x/√2) with −x/√2 formed in double-double, through `erfc`'s algorithm.
pub(super) static NORMCDF: Variants = Variants {
    base: "	ld.param.b64 	%fd10, [{p0}];
	abs.f64 	%fd11, %fd10;
	setp.gt.f64 	%p1, %fd11, 0d4043400000000000;
	mov.f64 	%fd12, 0d4043400000000000;
	copysign.f64 	%fd13, %fd10, %fd12;
	selp.f64 	%fd1, %fd13, %fd10, %p1;
	mov.f64 	%fd14, 0dBFE6A09E667F3BCD;
	mul.rn.f64 	%fd2, %fd1, %fd14;
	neg.f64 	%fd15, %fd2;
	fma.rn.f64 	%fd16, %fd1, %fd14, %fd15;
	mov.f64 	%fd17, 0d3C8BDD3413B26456;
	fma.rn.f64 	%fd3, %fd1, %fd17, %fd16;
	add.rn.f64 	%fd4, %fd2, %fd3;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd4;
	}
	and.b32  	%r2, %r1, 2147483647;
	{
	.reg .b32 %temp;
	mov.b64 	{%r3, %temp}, %fd4;
	}
	setp.lt.u32 	%p2, %r2, 2146435072;
	@%p2 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	mov.b64 	%fd20, {%r3, %r2};
	add{rn}.f64 	%fd21, %fd20, 0dC010000000000000;
	mov.f64 	%fd22, 0dC010000000000000;
	add{rn}.f64 	%fd23, %fd20, 0d4010000000000000;
	rcp.approx.ftz.f64 	%fd24, %fd23;
	neg.f64 	%fd25, %fd23;
	mov.f64 	%fd26, 0d3FF0000000000000;
	fma.rn.f64 	%fd27, %fd25, %fd24, %fd26;
	fma.rn.f64 	%fd28, %fd27, %fd27, %fd27;
	fma.rn.f64 	%fd29, %fd28, %fd24, %fd24;
	mul{rn}.f64 	%fd30, %fd21, %fd29;
	add.rn.f64 	%fd31, %fd30, %fd26;
	fma.rn.f64 	%fd32, %fd22, %fd31, %fd20;
	neg.f64 	%fd33, %fd30;
	fma.rn.f64 	%fd34, %fd33, %fd20, %fd32;
	fma.rn.f64 	%fd35, %fd29, %fd34, %fd30;
	mov.f64 	%fd36, 0dBE44E1C6FD03D328;
	mov.f64 	%fd37, 0dBDF8774AD4E0BFD7;
	fma.rn.f64 	%fd38, %fd37, %fd35, %fd36;
	mov.f64 	%fd39, 0dBE4330149F7A56B6;
	fma.rn.f64 	%fd40, %fd38, %fd35, %fd39;
	mov.f64 	%fd41, 0d3E7BEDDED8376273;
	fma.rn.f64 	%fd42, %fd40, %fd35, %fd41;
	mov.f64 	%fd43, 0d3E6F9254C3ABF22B;
	fma.rn.f64 	%fd44, %fd42, %fd35, %fd43;
	mov.f64 	%fd45, 0dBEAB9068C2148CF0;
	fma.rn.f64 	%fd46, %fd44, %fd35, %fd45;
	mov.f64 	%fd47, 0d3E94C6454DB34009;
	fma.rn.f64 	%fd48, %fd46, %fd35, %fd47;
	mov.f64 	%fd49, 0d3ED7F1C378F2311D;
	fma.rn.f64 	%fd50, %fd48, %fd35, %fd49;
	mov.f64 	%fd51, 0dBEE78E051C6D5C58;
	fma.rn.f64 	%fd52, %fd50, %fd35, %fd51;
	mov.f64 	%fd53, 0dBEF995B4EAD14A90;
	fma.rn.f64 	%fd54, %fd52, %fd35, %fd53;
	mov.f64 	%fd55, 0d3F23BE27CF0A29B2;
	fma.rn.f64 	%fd56, %fd54, %fd35, %fd55;
	mov.f64 	%fd57, 0dBF2A1DEF3E81672E;
	fma.rn.f64 	%fd58, %fd56, %fd35, %fd57;
	mov.f64 	%fd59, 0dBF48D4ABE68C1713;
	fma.rn.f64 	%fd60, %fd58, %fd35, %fd59;
	mov.f64 	%fd61, 0d3F749C67210DD6B4;
	fma.rn.f64 	%fd62, %fd60, %fd35, %fd61;
	mov.f64 	%fd63, 0dBF9096238568E357;
	fma.rn.f64 	%fd64, %fd62, %fd35, %fd63;
	mov.f64 	%fd65, 0d3FA3079EDF8C2DC9;
	fma.rn.f64 	%fd66, %fd64, %fd35, %fd65;
	mov.f64 	%fd67, 0dBFB0FB06DFF601FC;
	fma.rn.f64 	%fd68, %fd66, %fd35, %fd67;
	mov.f64 	%fd69, 0d3FB7FEE004DFBCDC;
	fma.rn.f64 	%fd70, %fd68, %fd35, %fd69;
	mov.f64 	%fd71, 0dBFB9DDB23C3DB8C6;
	fma.rn.f64 	%fd72, %fd70, %fd35, %fd71;
	mov.f64 	%fd73, 0d3FB16ECEFCFA5FDA;
	fma.rn.f64 	%fd74, %fd72, %fd35, %fd73;
	mov.f64 	%fd75, 0d3F8F7F5DF66FB6D6;
	fma.rn.f64 	%fd76, %fd74, %fd35, %fd75;
	mov.f64 	%fd77, 0dBFC1DF1AD154A29D;
	fma.rn.f64 	%fd78, %fd76, %fd35, %fd77;
	mov.f64 	%fd79, 0d3FF3BA5916E9FD7F;
	fma.rn.f64 	%fd80, %fd78, %fd35, %fd79;
	mov.f64 	%fd81, 0d4000000000000000;
	fma.rn.f64 	%fd82, %fd81, %fd20, %fd26;
	rcp.approx.ftz.f64 	%fd83, %fd82;
	neg.f64 	%fd84, %fd82;
	fma.rn.f64 	%fd85, %fd84, %fd83, %fd26;
	fma.rn.f64 	%fd86, %fd85, %fd85, %fd85;
	fma.rn.f64 	%fd87, %fd86, %fd83, %fd83;
	mul{rn}.f64 	%fd88, %fd80, %fd87;
	mul{rn}.f64 	%fd89, %fd88, 0dC000000000000000;
	fma.rn.f64 	%fd90, %fd20, %fd89, %fd80;
	neg.f64 	%fd91, %fd88;
	add.rn.f64 	%fd92, %fd90, %fd91;
	fma.rn.f64 	%fd93, %fd92, %fd87, %fd88;
	mul{rn}.f64 	%fd94, %fd20, %fd20;
	neg.f64 	%fd95, %fd94;
	mov.f64 	%fd96, 0d4338000000000000;
	mov.f64 	%fd97, 0d3FF71547652B82FE;
	fma.rn.f64 	%fd98, %fd95, %fd97, %fd96;
	mov.f64 	%fd99, 0dC338000000000000;
	add.rn.f64 	%fd100, %fd98, %fd99;
	mov.f64 	%fd101, 0dBFE62E42FEFA39EF;
	fma.rn.f64 	%fd102, %fd100, %fd101, %fd95;
	mov.f64 	%fd103, 0dBC7ABC9E3B39803F;
	fma.rn.f64 	%fd104, %fd100, %fd103, %fd102;
	mov.f64 	%fd105, 0d3E928AF3FCA213EA;
	mov.f64 	%fd106, 0d3E5ADE1569CE2BDF;
	fma.rn.f64 	%fd107, %fd106, %fd104, %fd105;
	mov.f64 	%fd108, 0d3EC71DEE62401315;
	fma.rn.f64 	%fd109, %fd107, %fd104, %fd108;
	mov.f64 	%fd110, 0d3EFA01997C89EB71;
	fma.rn.f64 	%fd111, %fd109, %fd104, %fd110;
	mov.f64 	%fd112, 0d3F2A01A014761F65;
	fma.rn.f64 	%fd113, %fd111, %fd104, %fd112;
	mov.f64 	%fd114, 0d3F56C16C1852B7AF;
	fma.rn.f64 	%fd115, %fd113, %fd104, %fd114;
	mov.f64 	%fd116, 0d3F81111111122322;
	fma.rn.f64 	%fd117, %fd115, %fd104, %fd116;
	mov.f64 	%fd118, 0d3FA55555555502A1;
	fma.rn.f64 	%fd119, %fd117, %fd104, %fd118;
	mov.f64 	%fd120, 0d3FC5555555555511;
	fma.rn.f64 	%fd121, %fd119, %fd104, %fd120;
	mov.f64 	%fd122, 0d3FE000000000000B;
	fma.rn.f64 	%fd123, %fd121, %fd104, %fd122;
	fma.rn.f64 	%fd124, %fd123, %fd104, %fd26;
	fma.rn.f64 	%fd125, %fd124, %fd104, %fd26;
	{
	.reg .b32 %temp;
	mov.b64 	{%r4, %temp}, %fd98;
	}
	shr.u32 	%r5, %r4, 31;
	add.s32 	%r6, %r4, %r5;
	shr.s32 	%r7, %r6, 1;
	{
	.reg .b32 %temp;
	mov.b64 	{%r8, %temp}, %fd125;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r9}, %fd125;
	}
	shl.b32 	%r10, %r7, 20;
	add.s32 	%r11, %r9, %r10;
	mov.b64 	%fd126, {%r8, %r11};
	sub.s32 	%r12, %r4, %r7;
	shl.b32 	%r13, %r12, 20;
	add.s32 	%r14, %r13, 1072693248;
	mov.u32 	%r15, 0;
	mov.b64 	%fd127, {%r15, %r14};
	mul{rn}.f64 	%fd128, %fd126, %fd127;
	neg.f64 	%fd129, %fd20;
	fma.rn.f64 	%fd130, %fd129, %fd20, %fd94;
	fma.rn.f64 	%fd131, %fd128, %fd130, %fd128;
	mul{rn}.f64 	%fd132, %fd93, %fd131;
	setp.gt.u32 	%p7, %r2, 1077624832;
	selp.f64 	%fd133, 0d0000000000000000, %fd132, %p7;
	sub{rn}.f64 	%fd134, %fd81, %fd133;
	setp.lt.s32 	%p8, %r1, 0;
	selp.f64 	%fd146, %fd134, %fd133, %p8;
	bra.uni 	$L__BB0_3;

$L__BB0_1:
	setp.eq.s32 	%p3, %r2, 2146435072;
	setp.eq.s32 	%p4, %r3, 0;
	and.pred  	%p5, %p3, %p4;
	setp.lt.s32 	%p6, %r1, 0;
	selp.f64 	%fd18, 0d4000000000000000, 0d0000000000000000, %p6;
	add{rn}.f64 	%fd19, %fd4, %fd4;
	selp.f64 	%fd146, %fd18, %fd19, %p5;

$L__BB0_3:
	ld.param.b64 	%fd144, [{p0}];
	mov.f64 	%fd143, 0d4043400000000000;
	abs.f64 	%fd142, %fd144;
	setp.gt.f64 	%p10, %fd142, 0d4043400000000000;
	copysign.f64 	%fd141, %fd144, %fd143;
	selp.f64 	%fd140, %fd141, %fd144, %p10;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r16}, %fd140;
	}
	setp.lt.u32 	%p9, %r16, -1074790399;
	@%p9 bra 	$L__BB0_5;

	sub{rn}.f64 	%fd135, %fd2, %fd4;
	add.rn.f64 	%fd136, %fd135, %fd3;
	mul{rn}.f64 	%fd137, %fd4, 0dC000000000000000;
	mul{rn}.f64 	%fd138, %fd137, %fd146;
	fma.rn.f64 	%fd146, %fd138, %fd136, %fd146;

$L__BB0_5:
	mul{rn}.f64 	%fd139, %fd146, 0d3FE0000000000000;
	st.param.b64 	[{ret}], %fd139;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `normcdfinv`: Φ⁻¹(x) = −√2·erfc⁻¹(2x) through `erfcinv`'s algorithm.
pub(super) static NORMCDFINV: Variants = Variants {
    base: "	ld.param.b64 	%fd19, [{p0}];
	add.f64 	%fd1, %fd19, %fd19;
	neg.f64 	%fd2, %fd1;
	mov.f64 	%fd20, 0d4000000000000000;
	add.rn.f64 	%fd3, %fd20, %fd2;
	setp.ge.f64 	%p1, %fd1, 0d3F4FA4D2AD8F904D;
	setp.le.f64 	%p2, %fd1, 0d3FFFFC0B65AA4E0E;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_12;
	bra.uni 	$L__BB0_1;

$L__BB0_12:
	mul.rn.f64 	%fd173, %fd3, %fd1;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r32}, %fd173;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r33, %temp}, %fd173;
	}
	shr.u32 	%r34, %r32, 20;
	and.b32  	%r35, %r34, 2046;
	add.s32 	%r36, %r35, 2147482626;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd174, {%r36, %r37};
	mov.u32 	%r38, -2147483648;
	mov.b64 	%fd175, {%r38, %r37};
	sub.f64 	%fd176, %fd174, %fd175;
	and.b32  	%r39, %r32, -2145386497;
	or.b32  	%r40, %r39, 1071644672;
	mov.b64 	%fd177, {%r33, %r40};
	add.f64 	%fd178, %fd177, 0dBFF0000000000000;
	add.f64 	%fd179, %fd177, 0d3FF0000000000000;
	mov.f64 	%fd180, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd181, %fd179;
	neg.f64 	%fd182, %fd179;
	fma.rn.f64 	%fd183, %fd182, %fd181, %fd180;
	fma.rn.f64 	%fd184, %fd183, %fd183, %fd183;
	fma.rn.f64 	%fd185, %fd184, %fd181, %fd181;
	mul.f64 	%fd186, %fd178, %fd185;
	mov.f64 	%fd187, 0dC000000000000000;
	fma.rn.f64 	%fd188, %fd187, %fd186, %fd178;
	neg.f64 	%fd189, %fd186;
	fma.rn.f64 	%fd190, %fd189, %fd178, %fd188;
	fma.rn.f64 	%fd191, %fd190, %fd185, %fd186;
	mul.f64 	%fd192, %fd191, %fd191;
	mov.f64 	%fd193, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd194, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd195, %fd194, %fd192, %fd193;
	mov.f64 	%fd196, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd197, %fd195, %fd192, %fd196;
	mov.f64 	%fd198, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd199, %fd197, %fd192, %fd198;
	mov.f64 	%fd200, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd201, %fd199, %fd192, %fd200;
	mov.f64 	%fd202, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd203, %fd201, %fd192, %fd202;
	mov.f64 	%fd204, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd205, %fd203, %fd192, %fd204;
	mov.f64 	%fd206, 0d3FC249249209112E;
	fma.rn.f64 	%fd207, %fd205, %fd192, %fd206;
	mov.f64 	%fd208, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd209, %fd207, %fd192, %fd208;
	mov.f64 	%fd210, 0d3FD5555555555535;
	fma.rn.f64 	%fd211, %fd209, %fd192, %fd210;
	mul.f64 	%fd212, %fd192, %fd211;
	fma.rn.f64 	%fd213, %fd212, %fd191, %fd191;
	add.f64 	%fd214, %fd213, %fd213;
	mov.f64 	%fd215, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd216, %fd176, %fd215, %fd214;
	mov.f64 	%fd217, 0dC009000000000000;
	sub.f64 	%fd218, %fd217, %fd216;
	mov.f64 	%fd219, 0dBC08DDF93324D327;
	mov.f64 	%fd220, 0dBBB135D2E746E627;
	fma.rn.f64 	%fd221, %fd220, %fd218, %fd219;
	mov.f64 	%fd222, 0d3C37B83EEF0B7C9F;
	fma.rn.f64 	%fd223, %fd221, %fd218, %fd222;
	mov.f64 	%fd224, 0d3C69BA72CD589B91;
	fma.rn.f64 	%fd225, %fd223, %fd218, %fd224;
	mov.f64 	%fd226, 0dBCA33689090A6B96;
	fma.rn.f64 	%fd227, %fd225, %fd218, %fd226;
	mov.f64 	%fd228, 0d3C782E11898132E0;
	fma.rn.f64 	%fd229, %fd227, %fd218, %fd228;
	mov.f64 	%fd230, 0d3CFDE4ACFD9E26BA;
	fma.rn.f64 	%fd231, %fd229, %fd218, %fd230;
	mov.f64 	%fd232, 0dBD26D33EED66C487;
	fma.rn.f64 	%fd233, %fd231, %fd218, %fd232;
	mov.f64 	%fd234, 0dBD36F2167040D8E2;
	fma.rn.f64 	%fd235, %fd233, %fd218, %fd234;
	mov.f64 	%fd236, 0d3D872A22C2D77E20;
	fma.rn.f64 	%fd237, %fd235, %fd218, %fd236;
	mov.f64 	%fd238, 0dBDAC8859C4E5C0AF;
	fma.rn.f64 	%fd239, %fd237, %fd218, %fd238;
	mov.f64 	%fd240, 0dBDCDC583D118A561;
	fma.rn.f64 	%fd241, %fd239, %fd218, %fd240;
	mov.f64 	%fd242, 0d3E120F47CCF46B3C;
	fma.rn.f64 	%fd243, %fd241, %fd218, %fd242;
	mov.f64 	%fd244, 0dBE31A9E38DC84D60;
	fma.rn.f64 	%fd245, %fd243, %fd218, %fd244;
	mov.f64 	%fd246, 0dBE5F36CD6D3D46A9;
	fma.rn.f64 	%fd247, %fd245, %fd218, %fd246;
	mov.f64 	%fd248, 0d3E9C6B4F5D03B787;
	fma.rn.f64 	%fd249, %fd247, %fd218, %fd248;
	mov.f64 	%fd250, 0dBEB6E8A5434AE8A2;
	fma.rn.f64 	%fd251, %fd249, %fd218, %fd250;
	mov.f64 	%fd252, 0dBEED1D1F7B8736F6;
	fma.rn.f64 	%fd253, %fd251, %fd218, %fd252;
	mov.f64 	%fd254, 0d3F2879C2A212F024;
	fma.rn.f64 	%fd255, %fd253, %fd218, %fd254;
	mov.f64 	%fd256, 0dBF4845769484FCA8;
	fma.rn.f64 	%fd257, %fd255, %fd218, %fd256;
	mov.f64 	%fd258, 0dBF78B6C33114F909;
	fma.rn.f64 	%fd259, %fd257, %fd218, %fd258;
	mov.f64 	%fd260, 0d3FCEBD80D9B13E28;
	fma.rn.f64 	%fd261, %fd259, %fd218, %fd260;
	mov.f64 	%fd262, 0d3FFA755E7C99AE86;
	fma.rn.f64 	%fd263, %fd261, %fd218, %fd262;
	fma.rn.f64 	%fd273, %fd263, %fd2, %fd263;
	bra.uni 	$L__BB0_13;

$L__BB0_1:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	setp.gt.s32 	%p4, %r1, 1072693247;
	selp.f64 	%fd269, %fd3, %fd1, %p4;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd269;
	}
	mov.b32 	%f1, %r41;
	setp.ltu{ftz}.f32 	%p5, %f1, 0f2B2BFF2F;
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd269;
	}
	@%p5 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	setp.gt.s32 	%p6, %r41, 1048575;
	mov.u32 	%r43, -1023;
	@%p6 bra 	$L__BB0_5;

	mul.f64 	%fd269, %fd269, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd269;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd269;
	}
	mov.u32 	%r43, -1077;

$L__BB0_5:
	add.s32 	%r21, %r41, -1;
	setp.lt.u32 	%p7, %r21, 2146435071;
	@%p7 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_6;

$L__BB0_7:
	shr.u32 	%r23, %r41, 20;
	add.s32 	%r44, %r43, %r23;
	and.b32  	%r24, %r41, -2146435073;
	or.b32  	%r25, %r24, 1072693248;
	mov.b64 	%fd270, {%r42, %r25};
	setp.lt.s32 	%p9, %r25, 1073127583;
	@%p9 bra 	$L__BB0_9;

	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd270;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd270;
	}
	add.s32 	%r28, %r27, -1048576;
	mov.b64 	%fd270, {%r26, %r28};
	add.s32 	%r44, %r44, 1;

$L__BB0_9:
	add.f64 	%fd107, %fd270, 0d3FF0000000000000;
	mov.f64 	%fd108, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd109, %fd107;
	neg.f64 	%fd110, %fd107;
	fma.rn.f64 	%fd111, %fd110, %fd109, %fd108;
	fma.rn.f64 	%fd112, %fd111, %fd111, %fd111;
	fma.rn.f64 	%fd113, %fd112, %fd109, %fd109;
	add.f64 	%fd114, %fd270, 0dBFF0000000000000;
	mul.f64 	%fd115, %fd114, %fd113;
	fma.rn.f64 	%fd116, %fd114, %fd113, %fd115;
	mul.f64 	%fd117, %fd116, %fd116;
	mov.f64 	%fd118, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd119, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd120, %fd119, %fd117, %fd118;
	mov.f64 	%fd121, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd122, %fd120, %fd117, %fd121;
	mov.f64 	%fd123, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd124, %fd122, %fd117, %fd123;
	mov.f64 	%fd125, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd126, %fd124, %fd117, %fd125;
	mov.f64 	%fd127, 0d3F624924923BE72D;
	fma.rn.f64 	%fd128, %fd126, %fd117, %fd127;
	mov.f64 	%fd129, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd130, %fd128, %fd117, %fd129;
	mov.f64 	%fd131, 0d3FB5555555555554;
	fma.rn.f64 	%fd132, %fd130, %fd117, %fd131;
	sub.f64 	%fd133, %fd114, %fd116;
	add.f64 	%fd134, %fd133, %fd133;
	neg.f64 	%fd135, %fd116;
	fma.rn.f64 	%fd136, %fd135, %fd114, %fd134;
	mul.f64 	%fd137, %fd113, %fd136;
	mul.f64 	%fd138, %fd117, %fd132;
	fma.rn.f64 	%fd139, %fd138, %fd116, %fd137;
	xor.b32  	%r29, %r44, -2147483648;
	mov.u32 	%r30, -2147483648;
	mov.u32 	%r31, 1127219200;
	mov.b64 	%fd140, {%r29, %r31};
	mov.b64 	%fd141, {%r30, %r31};
	sub.f64 	%fd142, %fd140, %fd141;
	mov.f64 	%fd143, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd144, %fd142, %fd143, %fd116;
	neg.f64 	%fd145, %fd142;
	fma.rn.f64 	%fd146, %fd145, %fd143, %fd144;
	sub.f64 	%fd147, %fd146, %fd116;
	sub.f64 	%fd148, %fd139, %fd147;
	mov.f64 	%fd149, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd150, %fd142, %fd149, %fd148;
	add.f64 	%fd271, %fd144, %fd150;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	shr.u32 	%r12, %r41, 20;
	and.b32  	%r13, %r12, 2046;
	add.s32 	%r14, %r13, 2147482626;
	mov.u32 	%r15, 1127219200;
	mov.b64 	%fd21, {%r14, %r15};
	mov.u32 	%r16, -2147483648;
	mov.b64 	%fd22, {%r16, %r15};
	sub.f64 	%fd23, %fd21, %fd22;
	and.b32  	%r17, %r41, -2145386497;
	or.b32  	%r18, %r17, 1071644672;
	mov.b64 	%fd24, {%r42, %r18};
	add.f64 	%fd25, %fd24, 0dBFF0000000000000;
	add.f64 	%fd26, %fd24, 0d3FF0000000000000;
	mov.f64 	%fd27, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd28, %fd26;
	neg.f64 	%fd29, %fd26;
	fma.rn.f64 	%fd30, %fd29, %fd28, %fd27;
	fma.rn.f64 	%fd31, %fd30, %fd30, %fd30;
	fma.rn.f64 	%fd32, %fd31, %fd28, %fd28;
	mul.f64 	%fd33, %fd25, %fd32;
	mov.f64 	%fd34, 0dC000000000000000;
	fma.rn.f64 	%fd35, %fd34, %fd33, %fd25;
	neg.f64 	%fd36, %fd33;
	fma.rn.f64 	%fd37, %fd36, %fd25, %fd35;
	fma.rn.f64 	%fd38, %fd37, %fd32, %fd33;
	mul.f64 	%fd39, %fd38, %fd38;
	mov.f64 	%fd40, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd41, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd42, %fd41, %fd39, %fd40;
	mov.f64 	%fd43, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd44, %fd42, %fd39, %fd43;
	mov.f64 	%fd45, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd46, %fd44, %fd39, %fd45;
	mov.f64 	%fd47, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd48, %fd46, %fd39, %fd47;
	mov.f64 	%fd49, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd50, %fd48, %fd39, %fd49;
	mov.f64 	%fd51, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd52, %fd50, %fd39, %fd51;
	mov.f64 	%fd53, 0d3FC249249209112E;
	fma.rn.f64 	%fd54, %fd52, %fd39, %fd53;
	mov.f64 	%fd55, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd56, %fd54, %fd39, %fd55;
	mov.f64 	%fd57, 0d3FD5555555555535;
	fma.rn.f64 	%fd58, %fd56, %fd39, %fd57;
	mul.f64 	%fd59, %fd39, %fd58;
	fma.rn.f64 	%fd60, %fd59, %fd38, %fd38;
	add.f64 	%fd61, %fd60, %fd60;
	mov.f64 	%fd62, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd63, %fd23, %fd62, %fd61;
	neg.f64 	%fd64, %fd63;
	rsqrt.approx.ftz.f64 	%fd65, %fd64;
	mul.rn.f64 	%fd66, %fd65, %fd65;
	neg.f64 	%fd67, %fd66;
	fma.rn.f64 	%fd68, %fd64, %fd67, %fd27;
	mov.f64 	%fd69, 0d3FE0000000000000;
	mov.f64 	%fd70, 0d3FD8000000000000;
	fma.rn.f64 	%fd71, %fd70, %fd68, %fd69;
	mul.rn.f64 	%fd72, %fd68, %fd65;
	fma.rn.f64 	%fd73, %fd71, %fd72, %fd65;
	mov.f64 	%fd74, 0d4000A0E7333839AA;
	mov.f64 	%fd75, 0d3FEBE9222591AFAB;
	fma.rn.f64 	%fd76, %fd75, %fd73, %fd74;
	mov.f64 	%fd77, 0d4008768CF7E57D5C;
	fma.rn.f64 	%fd78, %fd76, %fd73, %fd77;
	mov.f64 	%fd79, 0d400B77E7E28DA583;
	fma.rn.f64 	%fd80, %fd78, %fd73, %fd79;
	mov.f64 	%fd81, 0d3FF34F26A4F99CF9;
	fma.rn.f64 	%fd82, %fd80, %fd73, %fd81;
	mov.f64 	%fd83, 0d3FC1F674ADB019ED;
	fma.rn.f64 	%fd84, %fd82, %fd73, %fd83;
	mov.f64 	%fd85, 0d3F75DDAE9506431D;
	fma.rn.f64 	%fd86, %fd84, %fd73, %fd85;
	mov.f64 	%fd87, 0d3F0ADA49AA32489C;
	fma.rn.f64 	%fd88, %fd86, %fd73, %fd87;
	add.f64 	%fd89, %fd73, 0d4001E90FF51C2197;
	mov.f64 	%fd90, 0d40111EA3A7CF3820;
	fma.rn.f64 	%fd91, %fd89, %fd73, %fd90;
	mov.f64 	%fd92, 0d4011A0E4A4749594;
	fma.rn.f64 	%fd93, %fd91, %fd73, %fd92;
	mov.f64 	%fd94, 0d400D4E977D38C14D;
	fma.rn.f64 	%fd95, %fd93, %fd73, %fd94;
	mov.f64 	%fd96, 0d3FF37FD567EC0D5F;
	fma.rn.f64 	%fd97, %fd95, %fd73, %fd96;
	mov.f64 	%fd98, 0d3FC1FB9D7F676033;
	fma.rn.f64 	%fd99, %fd97, %fd73, %fd98;
	mov.f64 	%fd100, 0d3F75DDCDF98946E4;
	fma.rn.f64 	%fd101, %fd99, %fd73, %fd100;
	mov.f64 	%fd102, 0d3F0ADA42D79D8DBB;
	fma.rn.f64 	%fd103, %fd101, %fd73, %fd102;
	mul.f64 	%fd104, %fd73, %fd103;
	div.rn.f64 	%fd272, %fd88, %fd104;
	bra.uni 	$L__BB0_11;

$L__BB0_6:
	mov.f64 	%fd105, 0d7FF0000000000000;
	fma.rn.f64 	%fd106, %fd269, %fd105, %fd105;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd269;
	}
	mov.b32 	%f2, %r22;
	setp.eq{ftz}.f32 	%p8, %f2, 0f00000000;
	selp.f64 	%fd271, 0dFFF0000000000000, %fd106, %p8;

$L__BB0_10:
	neg.f64 	%fd151, %fd271;
	rsqrt.approx.f64 	%fd152, %fd151;
	mov.f64 	%fd153, 0d3FFA2013964E259C;
	mov.f64 	%fd154, 0d3FE8E2101C71B0BF;
	fma.rn.f64 	%fd155, %fd154, %fd152, %fd153;
	mov.f64 	%fd156, 0d3FDABFE90921BE68;
	fma.rn.f64 	%fd157, %fd155, %fd152, %fd156;
	mov.f64 	%fd158, 0d3F97E41314DE00D4;
	fma.rn.f64 	%fd159, %fd157, %fd152, %fd158;
	mov.f64 	%fd160, 0d3F311BD487102E94;
	fma.rn.f64 	%fd161, %fd159, %fd152, %fd160;
	add.f64 	%fd162, %fd152, 0d3FF59895C30BAA54;
	mov.f64 	%fd163, 0d3FFAE8E5956A143F;
	fma.rn.f64 	%fd164, %fd162, %fd152, %fd163;
	mov.f64 	%fd165, 0d3FDACCE85FF7383D;
	fma.rn.f64 	%fd166, %fd164, %fd152, %fd165;
	mov.f64 	%fd167, 0d3F97E43B6CAC34FE;
	fma.rn.f64 	%fd168, %fd166, %fd152, %fd167;
	mov.f64 	%fd169, 0d3F311BD08289EB12;
	fma.rn.f64 	%fd170, %fd168, %fd152, %fd169;
	mul.f64 	%fd171, %fd152, %fd170;
	div.rn.f64 	%fd272, %fd161, %fd171;

$L__BB0_11:
	neg.f64 	%fd172, %fd272;
	selp.f64 	%fd273, %fd172, %fd272, %p4;

$L__BB0_13:
	mul.f64 	%fd264, %fd273, 0dBCA21165F626CDD5;
	mov.f64 	%fd265, 0dBFF6A09E667F3BCC;
	fma.rn.f64 	%fd266, %fd265, %fd273, %fd264;
	mov.f64 	%fd267, 0d0000000000000000;
	add.rn.f64 	%fd268, %fd266, %fd267;
	st.param.b64 	[{ret}], %fd268;
	ret;
",
    ftz: None,
    no_fma: Some(
        "	ld.param.b64 	%fd19, [{p0}];
	add.rn.f64 	%fd1, %fd19, %fd19;
	neg.f64 	%fd2, %fd1;
	mov.f64 	%fd20, 0d4000000000000000;
	add.rn.f64 	%fd3, %fd20, %fd2;
	setp.ge.f64 	%p1, %fd1, 0d3F4FA4D2AD8F904D;
	setp.le.f64 	%p2, %fd1, 0d3FFFFC0B65AA4E0E;
	and.pred  	%p3, %p1, %p2;
	@%p3 bra 	$L__BB0_12;
	bra.uni 	$L__BB0_1;

$L__BB0_12:
	mul.rn.f64 	%fd173, %fd3, %fd1;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r32}, %fd173;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r33, %temp}, %fd173;
	}
	shr.u32 	%r34, %r32, 20;
	and.b32  	%r35, %r34, 2046;
	add.s32 	%r36, %r35, 2147482626;
	mov.u32 	%r37, 1127219200;
	mov.b64 	%fd174, {%r36, %r37};
	mov.u32 	%r38, -2147483648;
	mov.b64 	%fd175, {%r38, %r37};
	sub.rn.f64 	%fd176, %fd174, %fd175;
	and.b32  	%r39, %r32, -2145386497;
	or.b32  	%r40, %r39, 1071644672;
	mov.b64 	%fd177, {%r33, %r40};
	add.rn.f64 	%fd178, %fd177, 0dBFF0000000000000;
	add.rn.f64 	%fd179, %fd177, 0d3FF0000000000000;
	mov.f64 	%fd180, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd181, %fd179;
	neg.f64 	%fd182, %fd179;
	fma.rn.f64 	%fd183, %fd182, %fd181, %fd180;
	fma.rn.f64 	%fd184, %fd183, %fd183, %fd183;
	fma.rn.f64 	%fd185, %fd184, %fd181, %fd181;
	mul.rn.f64 	%fd186, %fd178, %fd185;
	mov.f64 	%fd187, 0dC000000000000000;
	fma.rn.f64 	%fd188, %fd187, %fd186, %fd178;
	neg.f64 	%fd189, %fd186;
	fma.rn.f64 	%fd190, %fd189, %fd178, %fd188;
	fma.rn.f64 	%fd191, %fd190, %fd185, %fd186;
	mul.rn.f64 	%fd192, %fd191, %fd191;
	mov.f64 	%fd193, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd194, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd195, %fd194, %fd192, %fd193;
	mov.f64 	%fd196, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd197, %fd195, %fd192, %fd196;
	mov.f64 	%fd198, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd199, %fd197, %fd192, %fd198;
	mov.f64 	%fd200, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd201, %fd199, %fd192, %fd200;
	mov.f64 	%fd202, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd203, %fd201, %fd192, %fd202;
	mov.f64 	%fd204, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd205, %fd203, %fd192, %fd204;
	mov.f64 	%fd206, 0d3FC249249209112E;
	fma.rn.f64 	%fd207, %fd205, %fd192, %fd206;
	mov.f64 	%fd208, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd209, %fd207, %fd192, %fd208;
	mov.f64 	%fd210, 0d3FD5555555555535;
	fma.rn.f64 	%fd211, %fd209, %fd192, %fd210;
	mul.rn.f64 	%fd212, %fd192, %fd211;
	fma.rn.f64 	%fd213, %fd212, %fd191, %fd191;
	add.rn.f64 	%fd214, %fd213, %fd213;
	mov.f64 	%fd215, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd216, %fd176, %fd215, %fd214;
	mov.f64 	%fd217, 0dC009000000000000;
	sub.rn.f64 	%fd218, %fd217, %fd216;
	mov.f64 	%fd219, 0dBC08DDF93324D327;
	mov.f64 	%fd220, 0dBBB135D2E746E627;
	fma.rn.f64 	%fd221, %fd220, %fd218, %fd219;
	mov.f64 	%fd222, 0d3C37B83EEF0B7C9F;
	fma.rn.f64 	%fd223, %fd221, %fd218, %fd222;
	mov.f64 	%fd224, 0d3C69BA72CD589B91;
	fma.rn.f64 	%fd225, %fd223, %fd218, %fd224;
	mov.f64 	%fd226, 0dBCA33689090A6B96;
	fma.rn.f64 	%fd227, %fd225, %fd218, %fd226;
	mov.f64 	%fd228, 0d3C782E11898132E0;
	fma.rn.f64 	%fd229, %fd227, %fd218, %fd228;
	mov.f64 	%fd230, 0d3CFDE4ACFD9E26BA;
	fma.rn.f64 	%fd231, %fd229, %fd218, %fd230;
	mov.f64 	%fd232, 0dBD26D33EED66C487;
	fma.rn.f64 	%fd233, %fd231, %fd218, %fd232;
	mov.f64 	%fd234, 0dBD36F2167040D8E2;
	fma.rn.f64 	%fd235, %fd233, %fd218, %fd234;
	mov.f64 	%fd236, 0d3D872A22C2D77E20;
	fma.rn.f64 	%fd237, %fd235, %fd218, %fd236;
	mov.f64 	%fd238, 0dBDAC8859C4E5C0AF;
	fma.rn.f64 	%fd239, %fd237, %fd218, %fd238;
	mov.f64 	%fd240, 0dBDCDC583D118A561;
	fma.rn.f64 	%fd241, %fd239, %fd218, %fd240;
	mov.f64 	%fd242, 0d3E120F47CCF46B3C;
	fma.rn.f64 	%fd243, %fd241, %fd218, %fd242;
	mov.f64 	%fd244, 0dBE31A9E38DC84D60;
	fma.rn.f64 	%fd245, %fd243, %fd218, %fd244;
	mov.f64 	%fd246, 0dBE5F36CD6D3D46A9;
	fma.rn.f64 	%fd247, %fd245, %fd218, %fd246;
	mov.f64 	%fd248, 0d3E9C6B4F5D03B787;
	fma.rn.f64 	%fd249, %fd247, %fd218, %fd248;
	mov.f64 	%fd250, 0dBEB6E8A5434AE8A2;
	fma.rn.f64 	%fd251, %fd249, %fd218, %fd250;
	mov.f64 	%fd252, 0dBEED1D1F7B8736F6;
	fma.rn.f64 	%fd253, %fd251, %fd218, %fd252;
	mov.f64 	%fd254, 0d3F2879C2A212F024;
	fma.rn.f64 	%fd255, %fd253, %fd218, %fd254;
	mov.f64 	%fd256, 0dBF4845769484FCA8;
	fma.rn.f64 	%fd257, %fd255, %fd218, %fd256;
	mov.f64 	%fd258, 0dBF78B6C33114F909;
	fma.rn.f64 	%fd259, %fd257, %fd218, %fd258;
	mov.f64 	%fd260, 0d3FCEBD80D9B13E28;
	fma.rn.f64 	%fd261, %fd259, %fd218, %fd260;
	mov.f64 	%fd262, 0d3FFA755E7C99AE86;
	fma.rn.f64 	%fd263, %fd261, %fd218, %fd262;
	fma.rn.f64 	%fd273, %fd263, %fd2, %fd263;
	bra.uni 	$L__BB0_13;

$L__BB0_1:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	setp.gt.s32 	%p4, %r1, 1072693247;
	selp.f64 	%fd269, %fd3, %fd1, %p4;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd269;
	}
	mov.b32 	%f1, %r41;
	setp.ltu{ftz}.f32 	%p5, %f1, 0f2B2BFF2F;
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd269;
	}
	@%p5 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	setp.gt.s32 	%p6, %r41, 1048575;
	mov.u32 	%r43, -1023;
	@%p6 bra 	$L__BB0_5;

	mul.rn.f64 	%fd269, %fd269, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r41}, %fd269;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%r42, %temp}, %fd269;
	}
	mov.u32 	%r43, -1077;

$L__BB0_5:
	add.s32 	%r21, %r41, -1;
	setp.lt.u32 	%p7, %r21, 2146435071;
	@%p7 bra 	$L__BB0_7;
	bra.uni 	$L__BB0_6;

$L__BB0_7:
	shr.u32 	%r23, %r41, 20;
	add.s32 	%r44, %r43, %r23;
	and.b32  	%r24, %r41, -2146435073;
	or.b32  	%r25, %r24, 1072693248;
	mov.b64 	%fd270, {%r42, %r25};
	setp.lt.s32 	%p9, %r25, 1073127583;
	@%p9 bra 	$L__BB0_9;

	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd270;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r27}, %fd270;
	}
	add.s32 	%r28, %r27, -1048576;
	mov.b64 	%fd270, {%r26, %r28};
	add.s32 	%r44, %r44, 1;

$L__BB0_9:
	add.rn.f64 	%fd107, %fd270, 0d3FF0000000000000;
	mov.f64 	%fd108, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd109, %fd107;
	neg.f64 	%fd110, %fd107;
	fma.rn.f64 	%fd111, %fd110, %fd109, %fd108;
	fma.rn.f64 	%fd112, %fd111, %fd111, %fd111;
	fma.rn.f64 	%fd113, %fd112, %fd109, %fd109;
	add.rn.f64 	%fd114, %fd270, 0dBFF0000000000000;
	mul.rn.f64 	%fd115, %fd114, %fd113;
	add.rn.f64 	%fd116, %fd115, %fd115;
	mul.rn.f64 	%fd117, %fd116, %fd116;
	mov.f64 	%fd118, 0d3ED0EE258B7A8B04;
	mov.f64 	%fd119, 0d3EB1380B3AE80F1E;
	fma.rn.f64 	%fd120, %fd119, %fd117, %fd118;
	mov.f64 	%fd121, 0d3EF3B2669F02676F;
	fma.rn.f64 	%fd122, %fd120, %fd117, %fd121;
	mov.f64 	%fd123, 0d3F1745CBA9AB0956;
	fma.rn.f64 	%fd124, %fd122, %fd117, %fd123;
	mov.f64 	%fd125, 0d3F3C71C72D1B5154;
	fma.rn.f64 	%fd126, %fd124, %fd117, %fd125;
	mov.f64 	%fd127, 0d3F624924923BE72D;
	fma.rn.f64 	%fd128, %fd126, %fd117, %fd127;
	mov.f64 	%fd129, 0d3F8999999999A3C4;
	fma.rn.f64 	%fd130, %fd128, %fd117, %fd129;
	mov.f64 	%fd131, 0d3FB5555555555554;
	fma.rn.f64 	%fd132, %fd130, %fd117, %fd131;
	sub.rn.f64 	%fd133, %fd114, %fd116;
	add.rn.f64 	%fd134, %fd133, %fd133;
	neg.f64 	%fd135, %fd116;
	fma.rn.f64 	%fd136, %fd135, %fd114, %fd134;
	mul.rn.f64 	%fd137, %fd113, %fd136;
	mul.rn.f64 	%fd138, %fd117, %fd132;
	fma.rn.f64 	%fd139, %fd138, %fd116, %fd137;
	xor.b32  	%r29, %r44, -2147483648;
	mov.u32 	%r30, -2147483648;
	mov.u32 	%r31, 1127219200;
	mov.b64 	%fd140, {%r29, %r31};
	mov.b64 	%fd141, {%r30, %r31};
	sub.rn.f64 	%fd142, %fd140, %fd141;
	mov.f64 	%fd143, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd144, %fd142, %fd143, %fd116;
	neg.f64 	%fd145, %fd142;
	fma.rn.f64 	%fd146, %fd145, %fd143, %fd144;
	sub.rn.f64 	%fd147, %fd146, %fd116;
	sub.rn.f64 	%fd148, %fd139, %fd147;
	mov.f64 	%fd149, 0d3C7ABC9E3B39803F;
	fma.rn.f64 	%fd150, %fd142, %fd149, %fd148;
	add.rn.f64 	%fd271, %fd144, %fd150;
	bra.uni 	$L__BB0_10;

$L__BB0_2:
	shr.u32 	%r12, %r41, 20;
	and.b32  	%r13, %r12, 2046;
	add.s32 	%r14, %r13, 2147482626;
	mov.u32 	%r15, 1127219200;
	mov.b64 	%fd21, {%r14, %r15};
	mov.u32 	%r16, -2147483648;
	mov.b64 	%fd22, {%r16, %r15};
	sub.rn.f64 	%fd23, %fd21, %fd22;
	and.b32  	%r17, %r41, -2145386497;
	or.b32  	%r18, %r17, 1071644672;
	mov.b64 	%fd24, {%r42, %r18};
	add.rn.f64 	%fd25, %fd24, 0dBFF0000000000000;
	add.rn.f64 	%fd26, %fd24, 0d3FF0000000000000;
	mov.f64 	%fd27, 0d3FF0000000000000;
	rcp.approx.ftz.f64 	%fd28, %fd26;
	neg.f64 	%fd29, %fd26;
	fma.rn.f64 	%fd30, %fd29, %fd28, %fd27;
	fma.rn.f64 	%fd31, %fd30, %fd30, %fd30;
	fma.rn.f64 	%fd32, %fd31, %fd28, %fd28;
	mul.rn.f64 	%fd33, %fd25, %fd32;
	mov.f64 	%fd34, 0dC000000000000000;
	fma.rn.f64 	%fd35, %fd34, %fd33, %fd25;
	neg.f64 	%fd36, %fd33;
	fma.rn.f64 	%fd37, %fd36, %fd25, %fd35;
	fma.rn.f64 	%fd38, %fd37, %fd32, %fd33;
	mul.rn.f64 	%fd39, %fd38, %fd38;
	mov.f64 	%fd40, 0d3FA55CF59CDC5D89;
	mov.f64 	%fd41, 0d3FB5C5C218C775C9;
	fma.rn.f64 	%fd42, %fd41, %fd39, %fd40;
	mov.f64 	%fd43, 0d3FAEFD18CF6EBB9C;
	fma.rn.f64 	%fd44, %fd42, %fd39, %fd43;
	mov.f64 	%fd45, 0d3FB10682EDCB8D1B;
	fma.rn.f64 	%fd46, %fd44, %fd39, %fd45;
	mov.f64 	%fd47, 0d3FB3B1DD3AC7FC96;
	fma.rn.f64 	%fd48, %fd46, %fd39, %fd47;
	mov.f64 	%fd49, 0d3FB745CB459B54A6;
	fma.rn.f64 	%fd50, %fd48, %fd39, %fd49;
	mov.f64 	%fd51, 0d3FBC71C741A0669F;
	fma.rn.f64 	%fd52, %fd50, %fd39, %fd51;
	mov.f64 	%fd53, 0d3FC249249209112E;
	fma.rn.f64 	%fd54, %fd52, %fd39, %fd53;
	mov.f64 	%fd55, 0d3FC99999999A06C1;
	fma.rn.f64 	%fd56, %fd54, %fd39, %fd55;
	mov.f64 	%fd57, 0d3FD5555555555535;
	fma.rn.f64 	%fd58, %fd56, %fd39, %fd57;
	mul.rn.f64 	%fd59, %fd39, %fd58;
	fma.rn.f64 	%fd60, %fd59, %fd38, %fd38;
	add.rn.f64 	%fd61, %fd60, %fd60;
	mov.f64 	%fd62, 0d3FE62E42FEFA39EF;
	fma.rn.f64 	%fd63, %fd23, %fd62, %fd61;
	neg.f64 	%fd64, %fd63;
	rsqrt.approx.ftz.f64 	%fd65, %fd64;
	mul.rn.f64 	%fd66, %fd65, %fd65;
	neg.f64 	%fd67, %fd66;
	fma.rn.f64 	%fd68, %fd64, %fd67, %fd27;
	mov.f64 	%fd69, 0d3FE0000000000000;
	mov.f64 	%fd70, 0d3FD8000000000000;
	fma.rn.f64 	%fd71, %fd70, %fd68, %fd69;
	mul.rn.f64 	%fd72, %fd68, %fd65;
	fma.rn.f64 	%fd73, %fd71, %fd72, %fd65;
	mov.f64 	%fd74, 0d4000A0E7333839AA;
	mov.f64 	%fd75, 0d3FEBE9222591AFAB;
	fma.rn.f64 	%fd76, %fd75, %fd73, %fd74;
	mov.f64 	%fd77, 0d4008768CF7E57D5C;
	fma.rn.f64 	%fd78, %fd76, %fd73, %fd77;
	mov.f64 	%fd79, 0d400B77E7E28DA583;
	fma.rn.f64 	%fd80, %fd78, %fd73, %fd79;
	mov.f64 	%fd81, 0d3FF34F26A4F99CF9;
	fma.rn.f64 	%fd82, %fd80, %fd73, %fd81;
	mov.f64 	%fd83, 0d3FC1F674ADB019ED;
	fma.rn.f64 	%fd84, %fd82, %fd73, %fd83;
	mov.f64 	%fd85, 0d3F75DDAE9506431D;
	fma.rn.f64 	%fd86, %fd84, %fd73, %fd85;
	mov.f64 	%fd87, 0d3F0ADA49AA32489C;
	fma.rn.f64 	%fd88, %fd86, %fd73, %fd87;
	add.rn.f64 	%fd89, %fd73, 0d4001E90FF51C2197;
	mov.f64 	%fd90, 0d40111EA3A7CF3820;
	fma.rn.f64 	%fd91, %fd89, %fd73, %fd90;
	mov.f64 	%fd92, 0d4011A0E4A4749594;
	fma.rn.f64 	%fd93, %fd91, %fd73, %fd92;
	mov.f64 	%fd94, 0d400D4E977D38C14D;
	fma.rn.f64 	%fd95, %fd93, %fd73, %fd94;
	mov.f64 	%fd96, 0d3FF37FD567EC0D5F;
	fma.rn.f64 	%fd97, %fd95, %fd73, %fd96;
	mov.f64 	%fd98, 0d3FC1FB9D7F676033;
	fma.rn.f64 	%fd99, %fd97, %fd73, %fd98;
	mov.f64 	%fd100, 0d3F75DDCDF98946E4;
	fma.rn.f64 	%fd101, %fd99, %fd73, %fd100;
	mov.f64 	%fd102, 0d3F0ADA42D79D8DBB;
	fma.rn.f64 	%fd103, %fd101, %fd73, %fd102;
	mul.rn.f64 	%fd104, %fd73, %fd103;
	div.rn.f64 	%fd272, %fd88, %fd104;
	bra.uni 	$L__BB0_11;

$L__BB0_6:
	mov.f64 	%fd105, 0d7FF0000000000000;
	fma.rn.f64 	%fd106, %fd269, %fd105, %fd105;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r22}, %fd269;
	}
	mov.b32 	%f2, %r22;
	setp.eq{ftz}.f32 	%p8, %f2, 0f00000000;
	selp.f64 	%fd271, 0dFFF0000000000000, %fd106, %p8;

$L__BB0_10:
	neg.f64 	%fd151, %fd271;
	rsqrt.approx.f64 	%fd152, %fd151;
	mov.f64 	%fd153, 0d3FFA2013964E259C;
	mov.f64 	%fd154, 0d3FE8E2101C71B0BF;
	fma.rn.f64 	%fd155, %fd154, %fd152, %fd153;
	mov.f64 	%fd156, 0d3FDABFE90921BE68;
	fma.rn.f64 	%fd157, %fd155, %fd152, %fd156;
	mov.f64 	%fd158, 0d3F97E41314DE00D4;
	fma.rn.f64 	%fd159, %fd157, %fd152, %fd158;
	mov.f64 	%fd160, 0d3F311BD487102E94;
	fma.rn.f64 	%fd161, %fd159, %fd152, %fd160;
	add.rn.f64 	%fd162, %fd152, 0d3FF59895C30BAA54;
	mov.f64 	%fd163, 0d3FFAE8E5956A143F;
	fma.rn.f64 	%fd164, %fd162, %fd152, %fd163;
	mov.f64 	%fd165, 0d3FDACCE85FF7383D;
	fma.rn.f64 	%fd166, %fd164, %fd152, %fd165;
	mov.f64 	%fd167, 0d3F97E43B6CAC34FE;
	fma.rn.f64 	%fd168, %fd166, %fd152, %fd167;
	mov.f64 	%fd169, 0d3F311BD08289EB12;
	fma.rn.f64 	%fd170, %fd168, %fd152, %fd169;
	mul.rn.f64 	%fd171, %fd152, %fd170;
	div.rn.f64 	%fd272, %fd161, %fd171;

$L__BB0_11:
	neg.f64 	%fd172, %fd272;
	selp.f64 	%fd273, %fd172, %fd272, %p4;

$L__BB0_13:
	mul.rn.f64 	%fd264, %fd273, 0dBCA21165F626CDD5;
	mov.f64 	%fd265, 0dBFF6A09E667F3BCC;
	fma.rn.f64 	%fd266, %fd265, %fd273, %fd264;
	mov.f64 	%fd267, 0d0000000000000000;
	add.rn.f64 	%fd268, %fd266, %fd267;
	st.param.b64 	[{ret}], %fd268;
	ret;
",
    ),
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rcbrt`: 1/∛x: `lg2.approx`/`ex2.approx`-style seed from the exponent bits, refined by Newton steps in `fma`s.
pub(super) static RCBRT: Variants = Variants {
    base: "	ld.param.b64 	%fd4, [{p0}];
	{
	.reg .b32 %temp;
	mov.b64 	{%r27, %temp}, %fd4;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd4;
	}
	and.b32  	%r28, %r2, 2147483647;
	setp.lt.u32 	%p1, %r28, 2146435072;
	setp.neu.f64 	%p2, %fd4, 0d0000000000000000;
	and.pred  	%p3, %p2, %p1;
	@%p3 bra 	$L__BB0_2;
	bra.uni 	$L__BB0_1;

$L__BB0_2:
	shr.u32 	%r29, %r28, 20;
	setp.ne.s32 	%p5, %r29, 0;
	mov.u32 	%r30, 0;
	@%p5 bra 	$L__BB0_4;

	mov.b64 	%fd8, {%r27, %r28};
	mul{rn}.f64 	%fd9, %fd8, 0d4350000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%r27, %temp}, %fd9;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r28}, %fd9;
	}
	shr.u32 	%r29, %r28, 20;
	mov.u32 	%r30, 18;

$L__BB0_4:
	add.s32 	%r15, %r29, -1022;
	cvt.rn.f32.s32 	%f1, %r15;
	mul{rn}{ftz}.f32 	%f2, %f1, 0f3EAAAAAB;
	cvt.rni{ftz}.s32.f32 	%r16, %f2;
	mad.lo.s32 	%r17, %r16, -3145728, %r28;
	mov.b64 	%fd10, {%r27, %r17};
	cvt.rn{ftz}.f32.f64 	%f3, %fd10;
	lg2.approx.ftz.f32 	%f4, %f3;
	mul{rn}{ftz}.f32 	%f5, %f4, 0fBEAAAAAB;
	ex2.approx.ftz.f32 	%f6, %f5;
	cvt{ftz}.f64.f32 	%fd11, %f6;
	mul.rn.f64 	%fd12, %fd11, %fd11;
	mul.rn.f64 	%fd13, %fd10, %fd11;
	neg.f64 	%fd14, %fd13;
	mov.f64 	%fd15, 0d3FF0000000000000;
	fma.rn.f64 	%fd16, %fd12, %fd14, %fd15;
	fma.rn.f64 	%fd17, %fd10, %fd11, %fd14;
	neg.f64 	%fd18, %fd17;
	fma.rn.f64 	%fd19, %fd12, %fd18, %fd16;
	neg.f64 	%fd20, %fd12;
	fma.rn.f64 	%fd21, %fd11, %fd11, %fd20;
	neg.f64 	%fd22, %fd21;
	fma.rn.f64 	%fd23, %fd13, %fd22, %fd19;
	mov.f64 	%fd24, 0d3FD5555555555555;
	mov.f64 	%fd25, 0d3FCC71C71C71C71C;
	fma.rn.f64 	%fd26, %fd25, %fd23, %fd24;
	mul.rn.f64 	%fd27, %fd23, %fd11;
	fma.rn.f64 	%fd28, %fd26, %fd27, %fd11;
	{
	.reg .b32 %temp;
	mov.b64 	{%r18, %temp}, %fd28;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r19}, %fd28;
	}
	sub.s32 	%r20, %r30, %r16;
	shl.b32 	%r21, %r20, 20;
	add.s32 	%r22, %r19, %r21;
	mov.b64 	%fd30, {%r18, %r22};
	bra.uni 	$L__BB0_5;

$L__BB0_1:
	xor.b32  	%r12, %r28, 2146435072;
	mov.b64 	%fd5, {%r27, %r12};
	abs.f64 	%fd6, %fd4;
	setp.gtu.f64 	%p4, %fd6, 0d7FF0000000000000;
	add{rn}.f64 	%fd7, %fd4, %fd4;
	selp.f64 	%fd30, %fd7, %fd5, %p4;

$L__BB0_5:
	and.b32  	%r23, %r2, -2147483648;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r24}, %fd30;
	}
	or.b32  	%r25, %r24, %r23;
	{
	.reg .b32 %temp;
	mov.b64 	{%r26, %temp}, %fd30;
	}
	mov.b64 	%fd29, {%r26, %r25};
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

/// `logb`: the unbiased exponent as a float, subnormals counted by leading zeros; −inf for zero, +inf for inf, NaN passed through.
pub(super) static LOGB: Variants = Variants {
    base: "	ld.param.b64 	%fd6, [{p0}];
	abs.f64 	%fd1, %fd6;
	setp.gtu.f64 	%p1, %fd1, 0d7FF0000000000000;
	@%p1 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_1;

$L__BB0_6:
	add{rn}.f64 	%fd9, %fd6, %fd6;
	bra.uni 	$L__BB0_7;

$L__BB0_1:
	setp.eq.f64 	%p2, %fd1, 0d7FF0000000000000;
	mov.f64 	%fd9, 0d7FF0000000000000;
	@%p2 bra 	$L__BB0_7;

	setp.eq.f64 	%p3, %fd1, 0d0000000000000000;
	mov.f64 	%fd9, 0dFFF0000000000000;
	@%p3 bra 	$L__BB0_7;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	setp.gt.u32 	%p4, %r1, 1048575;
	@%p4 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r6, %r1, 20;
	add.s32 	%r7, %r6, -1023;
	cvt.rn.f64.s32 	%fd9, %r7;
	bra.uni 	$L__BB0_7;

$L__BB0_4:
	{
	.reg .b32 %temp;
	mov.b64 	{%r2, %temp}, %fd1;
	}
	cvt.u64.u32 	%rd2, %r2;
	cvt.u64.u32 	%rd3, %r1;
	bfi.b64 	%rd4, %rd3, %rd2, 32, 32;
	clz.b64 	%r3, %rd4;
	mov.u32 	%r4, -1011;
	sub.s32 	%r5, %r4, %r3;
	cvt.rn.f64.s32 	%fd9, %r5;

$L__BB0_7:
	st.param.b64 	[{ret}], %fd9;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `ilogb`: the unbiased exponent as an int, subnormals counted by leading zeros; FP_ILOGB0 (INT_MIN) for zero, FP_ILOGBNAN (INT_MIN) for NaN, INT_MAX for inf.
pub(super) static ILOGB: Variants = Variants {
    base: "	ld.param.b64 	%fd2, [{p0}];
	abs.f64 	%fd1, %fd2;
	setp.gtu.f64 	%p1, %fd1, 0d7FF0000000000000;
	mov.u32 	%r5, -2147483648;
	mov.u32 	%r15, %r5;
	@%p1 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%r7, %temp}, %fd2;
	}
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r8}, %fd2;
	}
	and.b32  	%r9, %r8, 2147483647;
	mov.u32 	%r15, 2147483647;
	setp.eq.s32 	%p2, %r9, 2146435072;
	setp.eq.s32 	%p3, %r7, 0;
	and.pred  	%p4, %p3, %p2;
	@%p4 bra 	$L__BB0_6;

	setp.eq.f64 	%p5, %fd2, 0d0000000000000000;
	mov.u32 	%r15, %r5;
	@%p5 bra 	$L__BB0_6;

	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd1;
	}
	setp.gt.u32 	%p6, %r1, 1048575;
	@%p6 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_4;

$L__BB0_5:
	shr.u32 	%r14, %r1, 20;
	add.s32 	%r15, %r14, -1023;
	bra.uni 	$L__BB0_6;

$L__BB0_4:
	{
	.reg .b32 %temp;
	mov.b64 	{%r11, %temp}, %fd1;
	}
	cvt.u64.u32 	%rd2, %r11;
	cvt.u64.u32 	%rd3, %r1;
	bfi.b64 	%rd4, %rd3, %rd2, 32, 32;
	clz.b64 	%r12, %rd4;
	mov.u32 	%r13, -1011;
	sub.s32 	%r15, %r13, %r12;

$L__BB0_6:
	st.param.b32 	[{ret}], %r15;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `scalbn`: x·2ⁿ in exact steps by powers of two (n clamped), as `ldexp`.
pub(super) static SCALBN: Variants = Variants {
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
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `nextafter`: the neighbour of x toward y by an integer step on the bits; NaN if either is NaN, y if x == y, the smallest subnormal from zero.
pub(super) static NEXTAFTER: Variants = Variants {
    base: "	ld.param.b64 	%fd5, [{p0}];
	ld.param.b64 	%fd10, [{p1}];
	mov.b64 	%rd1, %fd5;
	abs.f64 	%fd7, %fd5;
	setp.gtu.f64 	%p1, %fd7, 0d7FF0000000000000;
	@%p1 bra 	$L__BB0_6;

	abs.f64 	%fd8, %fd10;
	setp.gtu.f64 	%p2, %fd8, 0d7FF0000000000000;
	@%p2 bra 	$L__BB0_6;
	bra.uni 	$L__BB0_2;

$L__BB0_6:
	add{rn}.f64 	%fd10, %fd5, %fd10;

$L__BB0_7:
	st.param.b64 	[{ret}], %fd10;
	ret;

$L__BB0_2:
	mov.b64 	%rd3, %fd10;
	or.b64  	%rd4, %rd3, %rd1;
	and.b64  	%rd5, %rd4, 9223372036854775807;
	setp.eq.s64 	%p3, %rd5, 0;
	@%p3 bra 	$L__BB0_7;

	and.b64  	%rd6, %rd1, 9223372036854775807;
	setp.eq.s64 	%p4, %rd6, 0;
	@%p4 bra 	$L__BB0_5;

	setp.lt.f64 	%p5, %fd5, %fd10;
	setp.lt.f64 	%p6, %fd5, 0d0000000000000000;
	and.pred  	%p7, %p6, %p5;
	selp.s64 	%rd7, -1, 0, %p7;
	add.s64 	%rd8, %rd7, %rd1;
	setp.gt.f64 	%p8, %fd5, 0d0000000000000000;
	and.pred  	%p9, %p8, %p5;
	selp.u64 	%rd9, 1, 0, %p9;
	add.s64 	%rd10, %rd8, %rd9;
	setp.gt.f64 	%p10, %fd5, %fd10;
	and.pred  	%p11, %p6, %p10;
	selp.u64 	%rd11, 1, 0, %p11;
	add.s64 	%rd12, %rd10, %rd11;
	and.pred  	%p12, %p8, %p10;
	selp.s64 	%rd13, -1, 0, %p12;
	add.s64 	%rd14, %rd12, %rd13;
	mov.b64 	%fd10, %rd14;
	bra.uni 	$L__BB0_7;

$L__BB0_5:
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd10;
	}
	and.b32  	%r2, %r1, -2147483648;
	mov.f64 	%fd9, 0d0000000000000001;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r3}, %fd9;
	}
	or.b32  	%r4, %r3, %r2;
	{
	.reg .b32 %temp;
	mov.b64 	{%r5, %temp}, %fd9;
	}
	mov.b64 	%fd10, {%r5, %r4};
	bra.uni 	$L__BB0_7;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `rhypot`: 1/√(x² + y²) with both scaled by a power of two from the larger's exponent, `rsqrt` refined, zero for an infinite argument.
pub(super) static RHYPOT: Variants = Variants {
    base: "	ld.param.b64 	%fd9, [{p0}];
	ld.param.b64 	%fd10, [{p1}];
	abs.f64 	%fd11, %fd10;
	mov.b64 	%rd2, %fd11;
	abs.f64 	%fd12, %fd9;
	mov.b64 	%rd3, %fd12;
	min.u64 	%rd4, %rd2, %rd3;
	mov.b64 	%fd1, %rd4;
	max.u64 	%rd5, %rd2, %rd3;
	mov.b64 	%fd2, %rd5;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r2}, %fd2;
	}
	and.b32  	%r3, %r2, -4194304;
	mov.u32 	%r4, 2144337920;
	sub.s32 	%r5, %r4, %r3;
	mov.u32 	%r6, 0;
	mov.b64 	%fd13, {%r6, %r5};
	mul{rn}.f64 	%fd14, %fd13, %fd1;
	mul{rn}.f64 	%fd15, %fd13, %fd2;
	mul{rn}.f64 	%fd16, %fd14, %fd14;
	fma.rn.f64 	%fd17, %fd15, %fd15, %fd16;
	rsqrt.approx.ftz.f64 	%fd18, %fd17;
	mul.rn.f64 	%fd19, %fd18, %fd18;
	neg.f64 	%fd20, %fd19;
	mov.f64 	%fd21, 0d3FF0000000000000;
	fma.rn.f64 	%fd22, %fd17, %fd20, %fd21;
	mov.f64 	%fd23, 0d3FE0000000000000;
	mov.f64 	%fd24, 0d3FD8000000000000;
	fma.rn.f64 	%fd25, %fd24, %fd22, %fd23;
	mul.rn.f64 	%fd26, %fd22, %fd18;
	fma.rn.f64 	%fd27, %fd25, %fd26, %fd18;
	mul{rn}.f64 	%fd31, %fd13, %fd27;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r7}, %fd31;
	}
	mov.f64 	%fd28, 0d7FF0000000000000;
	{
	.reg .b32 %temp;
	mov.b64 	{%temp, %r1}, %fd28;
	}
	setp.lt.u32 	%p1, %r7, %r1;
	@%p1 bra 	$L__BB0_5;

	abs.f64 	%fd29, %fd2;
	setp.gtu.f64 	%p2, %fd29, 0d7FF0000000000000;
	@%p2 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;

$L__BB0_3:
	add.rn.f64 	%fd30, %fd2, %fd1;
	bra.uni 	$L__BB0_4;

$L__BB0_2:
	setp.neu.f64 	%p3, %fd2, 0d7FF0000000000000;
	selp.b32 	%r8, %r1, 0, %p3;
	mov.u32 	%r9, 0;
	mov.b64 	%fd30, {%r9, %r8};

$L__BB0_4:
	setp.eq.f64 	%p4, %fd1, 0d7FF0000000000000;
	selp.f64 	%fd31, 0d0000000000000000, %fd30, %p4;

$L__BB0_5:
	st.param.b64 	[{ret}], %fd31;
	ret;
",
    ftz: None,
    no_fma: None,
    fast: None,
    approx_both: None,
    approx_div: None,
    approx_sqrt: None,
};

/// `lrint`: `cvt.rni.s64` (the current rounding, to nearest even).
pub(super) static LRINT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rni.s64.f64 	%rd3, %fd1;
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

/// `lround`: rounded halfway away from zero, then converted: the round body followed by `cvt.rzi.s64`.
pub(super) static LROUND: Variants = Variants {
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
	cvt.rzi.s64.f64 	%rd3, %fd5;
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

/// `llrint`: `cvt.rni.s64`.
pub(super) static LLRINT: Variants = Variants {
    base: "	ld.param.b64 	%fd1, [{p0}];
	cvt.rni.s64.f64 	%rd3, %fd1;
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

/// `llround`: rounded halfway away from zero, then converted to `long long`.
pub(super) static LLROUND: Variants = Variants {
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
	cvt.rzi.s64.f64 	%rd3, %fd5;
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
