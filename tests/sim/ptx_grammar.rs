//! Every PTX form CUDA's compilers and headers emit parses, lowers and, where it changes what
//! a kernel computes, runs on the simulator with the right result: multi-name register
//! declarations (`.reg .f16 low,high;` in cuda_fp16.hpp's inline assembly), vector operands
//! with immediates and sinks, the module and function directives of the PTX ISA 8.x grammar
//! (`tests/fixtures/grammar.ptx` holds them), indirect calls through a `.callprototype`, and
//! code NVRTC 12.9 makes of cuda_fp16.h/cuda_bf16.h, `assert`, `printf`, function pointers,
//! virtual functions, recursion and `__noinline__` functions, with `-lineinfo` and `-G`.
//! A module never fails as a whole because one kernel cannot be read or run: that kernel
//! alone says why, with its line.

use cuda_library::ptx::ast::{Function, Module, Operand, Statement};
use cuda_library::sim::{self, Dims, Memory, SimModule};
use cuda_library::{
    launch, BackendKind, Device, Error, LaunchConfig, LibraryTable, ObjectCode, Program,
    ProgramOptions,
};

const GRAMMAR: &str = include_str!("../fixtures/grammar.ptx");
const HEADER: &str = ".version 8.5\n.target sm_90\n.address_size 64\n";

fn one_block(threads: u32) -> Dims {
    Dims {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    }
}

fn function<'m>(m: &'m Module, name: &str) -> &'m Function {
    m.function(name)
        .unwrap_or_else(|| panic!("no function `{name}`"))
}

/// Runs `kernel` of `m` over one block of `threads` with `args`, the first a device buffer
/// of `words` 32-bit words it returns.
fn run_words(
    m: &SimModule,
    mem: &mut Memory,
    kernel: &str,
    threads: u32,
    words: usize,
    rest: &[&[u8]],
) -> Vec<u32> {
    let buf = mem.alloc(words * 4, 4).unwrap();
    let mut args: Vec<&[u8]> = Vec::new();
    let addr = buf.to_le_bytes();
    args.push(&addr);
    args.extend_from_slice(rest);
    let p = sim::pack_params(m, kernel, &args).unwrap();
    sim::launch(m, mem, kernel, one_block(threads), &p, sim::DEFAULT_BUDGET).unwrap();
    let mut out = vec![0u8; words * 4];
    mem.read(buf, &mut out).unwrap();
    out.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

#[test]
fn the_grammar_fixture_parses_with_every_form_read() {
    let m = cuda_library::ptx::parse(GRAMMAR).unwrap();
    assert!(m.functions.iter().all(|f| f.error.is_none()));
    // Prototypes and definitions; the alias names the definition.
    assert_eq!(m.functions.iter().filter(|f| f.name == "twice").count(), 2);
    assert!(function(&m, "twice").body.is_some());
    assert_eq!(m.aliases.len(), 1);
    assert_eq!(function(&m, "twice_alias").name, "twice");
    assert!(function(&m, "vprintf").body.is_none());
    assert_eq!(function(&m, "vprintf").linkage.as_deref(), Some(".extern"));
    assert!(function(&m, "stop").noreturn);
    // Linkage of variables.
    let linkage = |name: &str| {
        m.vars
            .iter()
            .find(|v| v.name == name)
            .and_then(|v| v.linkage.clone())
    };
    assert_eq!(linkage("elsewhere").as_deref(), Some(".extern"));
    assert_eq!(linkage("weak_value").as_deref(), Some(".weak"));
    assert_eq!(linkage("common_value").as_deref(), Some(".common"));
    // Performance directives.
    let forms = function(&m, "forms");
    assert_eq!(forms.maxntid, Some([64, 1, 1]));
    assert_eq!(forms.minnctapersm, Some(2));
    assert_eq!(forms.maxnreg, Some(64));
    // `.ptr .global .align 4` spaced out reads as `.ptr.global.align` written together does.
    assert_eq!(forms.params[0].ptr.as_deref(), Some(".ptr.global.align"));
    assert_eq!(forms.params[0].alignment(), 8);
    assert_eq!(forms.prototypes.len(), 1);
    assert_eq!(forms.prototypes[0].name, "prototype_1");
    assert_eq!(forms.prototypes[0].params[0].size(), Some(4));
    assert_eq!(function(&m, "ranked").maxntid, Some([256, 1, 1]));
    let targets = function(&m, "targets");
    assert_eq!(targets.call_targets[0].targets, ["twice", "thrice"]);
    assert_eq!(targets.branch_targets[0].name, "Btgt");
    // `.reg .b32 r, s;` is two registers.
    let thrice = function(&m, "thrice").body.as_ref().unwrap();
    let regs: Vec<&str> = thrice
        .iter()
        .filter_map(|s| match s {
            Statement::Var(v) => Some(v.name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(regs, ["r", "s"]);
    // Vector operands with an immediate and with a sink.
    let mut vectors = Vec::new();
    fn walk<'a>(body: &'a [Statement], out: &mut Vec<&'a Operand>) {
        for s in body {
            match s {
                Statement::Instr(i) if i.opcode == "mov" => out.extend(
                    i.operands
                        .iter()
                        .filter(|o| matches!(o, Operand::Vector(_))),
                ),
                Statement::Block(b) => walk(b, out),
                _ => {}
            }
        }
    }
    walk(forms.body.as_ref().unwrap(), &mut vectors);
    assert!(vectors.contains(&&Operand::Vector(vec![
        Operand::Int(0),
        Operand::Name("%rs2".into())
    ])));
    assert!(vectors.contains(&&Operand::Vector(vec![
        Operand::Sink,
        Operand::Name("%rs4".into())
    ])));
    assert!(vectors.contains(&&Operand::Vector(vec![
        Operand::Name("low".into()),
        Operand::Name("high".into())
    ])));
}

#[test]
fn the_grammar_fixture_runs_with_the_right_bits() {
    use half::{bf16, f16};
    let mut mem = Memory::new();
    let m = sim::load_ptx(GRAMMAR, &mut mem).unwrap();
    let x = 1.2345678f32;
    let out = run_words(&m, &mut mem, "forms", 32, 11, &[&x.to_le_bytes()]);
    let h = f16::from_f32(x).to_bits() as u32;
    let b = bf16::from_f32(x).to_bits() as u32;
    assert_eq!(out[0], h, "cvt.rn.f16.f32 in an inline-asm block");
    assert_eq!(out[1], b, "cvt.rn.bf16.f32");
    assert_eq!(out[2], b << 16, "mov.b32 a, {{0, %rs2}} (bf16 to f32)");
    assert_eq!(out[3], 1.0f32.to_bits(), "{{low,high}} of cvt.rn.f16x2.f32");
    assert_eq!(out[4], h, "the low half through `.reg .b16 low,high`");
    assert_eq!(
        out[5], 0x3c00,
        "mov.b32 {{_, %rs4}}: the sink drops the low half"
    );
    assert_eq!(out[6], 0x1234_0000 | h, "an immediate as the high half");
    assert_eq!(out[7], 32, "WARP_SZ");
    assert_eq!(out[8], 10, "a call through an .alias");
    assert_eq!(out[9], 15, "an indirect call through a function table");
    assert_eq!(out[10], 7, "a .weak variable");
    // The kernel that needs another module's variable says so; the rest run.
    let e = m.kernel("uses_extern").unwrap_err().to_string();
    assert!(e.contains("`elsewhere`") && e.contains("line 198"), "{e}");
    for k in ["clustered", "ranked"] {
        assert!(m.kernel(k).is_ok(), "{k}");
    }
    // An indirect call through a `.calltargets` list.
    assert_eq!(run_words(&m, &mut mem, "targets", 1, 1, &[]), [21]);
}

#[test]
fn the_grammar_fixture_lists_every_kernel() {
    let t = LibraryTable::read(GRAMMAR.as_bytes()).unwrap();
    let names: Vec<&str> = t.kernels.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(
        names,
        ["clustered", "forms", "ranked", "targets", "uses_extern"]
    );
    assert_eq!(t.kernels[1].params.len(), 2);
    assert_eq!(t.kernels[1].max_threads, Some(64));
    assert!(t.globals.contains_key("weak_value") && t.globals.contains_key("table"));
    assert!(!t.globals.contains_key("elsewhere"));
}

/// A kernel with a syntax error in its body beside a good one.
fn good_and_bad() -> String {
    format!(
        "{HEADER}
.visible .entry bad(.param .u64 p, .param .u32 n)
{{
    .reg .b32 %r<3>;
    add.s32 %r1, %r2 %r3;
    {{ mov.u32 %r1, 1; }}
}}
.visible .entry good(.param .u64 p)
{{
    .reg .b32 %r<2>; .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [p];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, 42;
    st.global.u32 [%rd2], %r1;
    ret;
}}
"
    )
}

#[test]
fn a_bad_kernel_fails_alone_naming_its_line() {
    let text = good_and_bad();
    let m = cuda_library::ptx::parse(&text).unwrap();
    let e = m.functions[0].error.as_ref().unwrap();
    assert_eq!((e.pos.line, e.pos.col), (8, 22), "{e}");
    assert!(m.functions[1].error.is_none());

    let mut mem = Memory::new();
    let sm = sim::load_ptx(&text, &mut mem).unwrap();
    assert_eq!(run_words(&sm, &mut mem, "good", 1, 1, &[]), [42]);
    match sm.kernel("bad").unwrap_err() {
        Error::PtxSyntax {
            line,
            column,
            message,
        } => {
            assert_eq!((line, column), (8, 22));
            assert!(
                message.contains("expected `;`") && message.contains("kernel `bad`"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }

    // The table lists the bad kernel with its parameters; what its body would tell is
    // unknown.
    let t = LibraryTable::read(text.as_bytes()).unwrap();
    let bad = t.kernels.iter().find(|k| k.name == "bad").unwrap();
    assert_eq!(bad.params.len(), 2);
    assert_eq!((bad.params[1].offset, bad.params[1].size), (8, 4));
    assert_eq!(bad.shared_bytes, None);
    assert!(t.kernels.iter().any(|k| k.name == "good"));
}

#[test]
fn a_bad_kernel_fails_alone_through_the_public_api() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let stream = ctx.create_stream().unwrap();
    let lib = ObjectCode::from_ptx(good_and_bad().into_bytes())
        .to_library(&Default::default())
        .unwrap();
    assert_eq!(lib.kernels().unwrap().len(), 2);
    let bad = lib.get_kernel("bad").unwrap();
    assert_eq!(bad.param_info().unwrap().len(), 2);
    let out = ctx.alloc_zeroed::<u32>(1).unwrap();
    let e = launch!(bad, &stream, &LaunchConfig::new(1, 1), out, 1u32).unwrap_err();
    assert!(
        matches!(
            e,
            Error::PtxSyntax {
                line: 8,
                column: 22,
                ..
            }
        ),
        "{e:?}"
    );
    let good = lib.get_kernel("good").unwrap();
    launch!(good, &stream, &LaunchConfig::new(1, 1), out).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), [42]);
}

#[test]
fn lexing_errors_and_unknown_directives_stay_in_their_function() {
    let text = format!(
        "{HEADER}
.visible .entry hash(.param .u64 p)
{{
    # not PTX
}}
.visible .entry future(.param .u64 p)
.someday 3, 4
{{
    ret;
}}
.visible .entry fine(.param .u64 p)
{{
    ret;
}}
"
    );
    let m = cuda_library::ptx::parse(&text).unwrap();
    let e = m.functions[0].error.as_ref().unwrap();
    assert_eq!((e.pos.line, e.pos.col), (7, 5));
    assert!(e.message.contains("unexpected character `#`"), "{e}");
    let e = m.functions[1].error.as_ref().unwrap();
    assert!(e.message.contains("`.someday`"), "{e}");
    assert_eq!(e.pos.line, 10);
    let mut mem = Memory::new();
    let sm = sim::load_ptx(&text, &mut mem).unwrap();
    assert!(sm.kernel("fine").is_ok());
    assert!(sm
        .kernel("hash")
        .unwrap_err()
        .to_string()
        .contains("line 7"));
    assert!(sm
        .kernel("future")
        .unwrap_err()
        .to_string()
        .contains("line 10"));
    assert_eq!(
        LibraryTable::read(text.as_bytes()).unwrap().kernels.len(),
        3
    );

    // What cannot be resynchronised (an unclosed body, a bad module directive) is still the
    // module's error.
    assert!(cuda_library::ptx::parse(&format!("{HEADER}.entry k() {{ ret;")).is_err());
    assert!(cuda_library::ptx::parse(&format!("{HEADER}.entry k() {{ ret; }}\n.bogus")).is_err());
    assert!(cuda_library::ptx::parse(&format!("{HEADER}.entry k() {{ /* ret; }}")).is_err());
}

#[test]
fn other_directive_forms_parse() {
    let text = format!(
        "{HEADER}
@@DWARF .section .debug_info, \"\", @progbits
.global .align 4 .u32 a = 1, b[2] = {{2, 3}}, c;
.func .attribute(.unified(0x1234, 0x5678)) (.param .b32 r) uni(.param .b32 x)
.abi_preserve 8
.abi_preserve_control 2
{{
    .local .align 4 .b8 buf1[8], buf2[16];
    .reg .b32 %r<2>, %q<3>;
    .pragma \"nounroll\", \"used_bytes_mask 0xff\";
    .loc 1 2 3, function_name $L__info_string0+4, inlined_at 1 5 6
    ld.param.b32 %r1, [x];
    st.param.b32 [r], %r1;
    ret;
}}
.global .attribute(.managed) .align 4 .u32 m1, m2;
.visible .entry k(.param .u64 .ptr.global.align 16 p)
.blocksareclusters
.maxnctapersm 1
{{
    .reg .b32 %r<3>;
    mov.u32 %r1, WARP_SZ;
    rem.u32 %r2, %r1, WARP_SZ;
    ret;
}}
"
    );
    let m = cuda_library::ptx::parse(&text).unwrap();
    assert!(m.functions.iter().all(|f| f.error.is_none()), "{m:?}");
    let names: Vec<(&str, Option<u64>)> =
        m.vars.iter().map(|v| (v.name.as_str(), v.size())).collect();
    assert_eq!(
        names,
        [
            ("a", Some(4)),
            ("b", Some(8)),
            ("c", Some(4)),
            ("m1", Some(4)),
            ("m2", Some(4))
        ]
    );
    assert!(m.vars[3].managed && m.vars[4].managed);
    let uni = function(&m, "uni").body.as_ref().unwrap();
    let decls: Vec<(&str, Option<u32>, Option<u64>)> = uni
        .iter()
        .filter_map(|s| match s {
            Statement::Var(v) => Some((v.name.as_str(), v.count, v.size())),
            _ => None,
        })
        .collect();
    assert_eq!(
        decls,
        [
            ("buf1", None, Some(8)),
            ("buf2", None, Some(16)),
            ("%r", Some(2), Some(4)),
            ("%q", Some(3), Some(4)),
        ]
    );
    assert_eq!(
        function(&m, "k").params[0].ptr.as_deref(),
        Some(".ptr.global.align")
    );
    let mut mem = Memory::new();
    let sm = sim::load_ptx(&text, &mut mem).unwrap();
    assert!(sm.kernel("k").is_ok());
    assert!(sm.globals.contains_key("m2") && sm.globals.contains_key("c"));
}

/// `call` through a register: a table of two functions and a prototype; a pointer to no
/// function of that signature faults at the call's line.
#[test]
fn indirect_calls_run_the_function_pointed_at() {
    let text = format!(
        "{HEADER}
.func (.param .b32 r) add1(.param .b32 x) {{ .reg .b32 %r<3>; ld.param.b32 %r1, [x]; add.s32 %r2, %r1, 1; st.param.b32 [r], %r2; ret; }}
.func (.param .b32 r) neg(.param .b32 x) {{ .reg .b32 %r<3>; ld.param.b32 %r1, [x]; neg.s32 %r2, %r1; st.param.b32 [r], %r2; ret; }}
.func (.param .b64 r) wide(.param .b64 x) {{ .reg .b64 %rd<2>; ld.param.b64 %rd1, [x]; st.param.b64 [r], %rd1; ret; }}
.global .align 8 .u64 fns[4] = {{add1, neg, wide, 0}};
.visible .entry k(.param .u64 out, .param .u32 which)
{{
    .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    ld.param.u32 %r1, [which];
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd3, %r1, 8;
    mov.u64 %rd4, fns;
    add.s64 %rd5, %rd4, %rd3;
    ld.global.u64 %rd6, [%rd5];
    and.b32 %r5, %r2, 1;
    setp.eq.u32 %p1, %r5, 0;
    mov.u32 %r4, 0;
    {{
    .param .b32 param0;
    st.param.b32 [param0+0], %r2;
    .param .b32 retval0;
    proto : .callprototype (.param .b32 _) _ (.param .b32 _);
    @%p1 call (retval0), %rd6, (param0), proto;
    @%p1 ld.param.b32 %r4, [retval0+0];
    }}
    mul.wide.u32 %rd7, %r2, 4;
    add.s64 %rd7, %rd2, %rd7;
    st.global.u32 [%rd7], %r4;
    ret;
}}
"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&text, &mut mem).unwrap();
    // Even threads call fns[which]; odd ones skip the guarded call.
    let want = |f: fn(i32) -> i32| -> Vec<u32> {
        (0..8)
            .map(|t| if t % 2 == 0 { f(t) as u32 } else { 0 })
            .collect()
    };
    assert_eq!(
        run_words(&m, &mut mem, "k", 8, 8, &[&0u32.to_le_bytes()]),
        want(|t| t + 1)
    );
    assert_eq!(
        run_words(&m, &mut mem, "k", 8, 8, &[&1u32.to_le_bytes()]),
        want(|t| -t)
    );
    // `wide` has another signature; fns[3] is a null pointer.
    for which in [2u32, 3] {
        let buf = mem.alloc(32, 4).unwrap();
        let p = sim::pack_params(&m, "k", &[&buf.to_le_bytes(), &which.to_le_bytes()]).unwrap();
        let e = sim::launch(&m, &mut mem, "k", one_block(8), &p, sim::DEFAULT_BUDGET).unwrap_err();
        match e {
            Error::KernelFault { line, .. } => assert_eq!(line, 28),
            other => panic!("{other:?}"),
        }
    }
}

/// `call` through a register with a `.calltargets` list: only the listed functions are
/// candidates. `.branchtargets` parses (for `brx.idx`).
#[test]
fn call_and_branch_target_lists() {
    let text = format!(
        "{HEADER}
.func (.param .b32 r) inc(.param .b32 x) {{ .reg .b32 %r<3>; ld.param.b32 %r1, [x]; add.s32 %r2, %r1, 1; st.param.b32 [r], %r2; ret; }}
.func (.param .b32 r) dec(.param .b32 x) {{ .reg .b32 %r<3>; ld.param.b32 %r1, [x]; sub.s32 %r2, %r1, 1; st.param.b32 [r], %r2; ret; }}
.visible .entry k(.param .u64 out, .param .u32 which)
{{
    .reg .pred %p<2>; .reg .b32 %r<4>; .reg .b64 %rd<5>;
    Ftgt: .calltargets inc, dec;
    Btgt: .branchtargets L0, L1;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    ld.param.u32 %r1, [which];
    setp.eq.u32 %p1, %r1, 0;
    mov.u64 %rd3, inc;
    mov.u64 %rd4, dec;
    selp.b64 %rd3, %rd3, %rd4, %p1;
    {{
    .param .b32 param0; .param .b32 retval0;
    st.param.b32 [param0+0], 10;
    call (retval0), %rd3, (param0), Ftgt;
    ld.param.b32 %r2, [retval0+0];
    }}
L0:
L1:
    st.global.u32 [%rd2], %r2;
    ret;
}}
"
    );
    let m = cuda_library::ptx::parse(&text).unwrap();
    let k = function(&m, "k");
    assert_eq!(k.call_targets[0].name, "Ftgt");
    assert_eq!(k.call_targets[0].targets, ["inc", "dec"]);
    assert_eq!(k.branch_targets[0].targets, ["L0", "L1"]);
    let mut mem = Memory::new();
    let sm = sim::load_ptx(&text, &mut mem).unwrap();
    assert_eq!(
        run_words(&sm, &mut mem, "k", 1, 1, &[&0u32.to_le_bytes()]),
        [11]
    );
    assert_eq!(
        run_words(&sm, &mut mem, "k", 1, 1, &[&1u32.to_le_bytes()]),
        [9]
    );
}

/// `f(x) = x <= 0 ? 0 : x + (*fp)(x - 1)` with `fp = f`: recursion through a pointer either
/// runs (a simulator with real calls) or is refused, naming the call's line, for its kernel
/// alone.
#[test]
fn recursion_through_a_pointer_runs_or_fails_its_kernel_alone() {
    let text = format!(
        "{HEADER}
.func (.param .b32 r) f(.param .b32 x);
.global .align 8 .u64 fp = f;
.func (.param .b32 r) f(.param .b32 x)
{{
    .reg .pred %p<2>; .reg .b32 %r<5>; .reg .b64 %rd<3>;
    ld.param.b32 %r1, [x];
    mov.u32 %r4, 0;
    setp.le.s32 %p1, %r1, 0;
    @%p1 bra DONE;
    mov.u64 %rd1, fp;
    ld.global.u64 %rd2, [%rd1];
    add.s32 %r3, %r1, -1;
    {{
    .param .b32 param0; .param .b32 retval0;
    st.param.b32 [param0+0], %r3;
    proto : .callprototype (.param .b32 _) _ (.param .b32 _);
    call (retval0), %rd2, (param0), proto;
    ld.param.b32 %r2, [retval0+0];
    }}
    add.s32 %r4, %r1, %r2;
DONE:
    st.param.b32 [r], %r4;
    ret;
}}
.visible .entry rec(.param .u64 out)
{{
    .reg .b32 %r<3>; .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    add.u32 %r1, %r1, 4;
    {{
    .param .b32 param0; .param .b32 retval0;
    st.param.b32 [param0+0], %r1;
    call (retval0), f, (param0);
    ld.param.b32 %r2, [retval0+0];
    }}
    st.global.u32 [%rd2], %r2;
    ret;
}}
.visible .entry plain() {{ ret; }}
"
    );
    let mut mem = Memory::new();
    let m = sim::load_ptx(&text, &mut mem).unwrap();
    assert!(m.kernel("plain").is_ok());
    match m.kernel("rec") {
        Ok(_) => assert_eq!(run_words(&m, &mut mem, "rec", 1, 1, &[]), [10]),
        Err(e) => {
            let e = e.to_string();
            assert!(
                e.contains("recursive call to `f`") && e.contains("line 21"),
                "{e}"
            );
        }
    }
}

/// Calls whose inlining would grow without bound are refused, not followed.
#[test]
fn exponential_inlining_is_refused() {
    let mut text = String::from(HEADER);
    text.push_str(".func f0() { ret; }\n");
    for k in 1..20 {
        text.push_str(&format!(
            ".func f{k}() {{ call f{0}; call f{0}; call f{0}; call f{0}; ret; }}\n",
            k - 1
        ));
    }
    text.push_str(".visible .entry big() { call f19; ret; }\n");
    let mut mem = Memory::new();
    let start = std::time::Instant::now();
    let m = sim::load_ptx(&text, &mut mem).unwrap();
    let e = m.kernel("big").unwrap_err().to_string();
    assert!(e.contains("instructions"), "{e}");
    assert!(start.elapsed().as_secs() < 20);
}

// ---- What NVRTC 12.9 emits -------------------------------------------------------------

/// CUDA C++ that makes NVRTC use the forms above: cuda_fp16.h/cuda_bf16.h conversions
/// (inline assembly with `.reg .f16 low,high;` and `{0, %rs}`), `assert`, `printf`, a
/// function-pointer table, virtual functions, `__noinline__` recursion and `warpSize`.
const SOURCE: &str = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define check(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__device__ __noinline__ float thrice(float x) { return 3.0f * x; }
typedef float (*fp)(float);
__device__ fp table[2] = {twice, thrice};
struct Shape { __device__ virtual float area(float x) const { return x; } };
struct Square : Shape { __device__ float area(float x) const override { return x * x; } };
__device__ __forceinline__ float sq(float x) { return x * x; }
extern "C" __global__ void halfs(const float* in, unsigned* out, float* back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half h = __float2half(in[i]);
    __nv_bfloat16 b = __float2bfloat16(in[i]);
    out[2 * i] = __half_as_ushort(h);
    out[2 * i + 1] = __bfloat16_as_ushort(b);
    __half2 h2 = __floats2half2_rn(in[i], 1.0f);
    back[i] = __low2float(h2) + __high2float(h2) + __bfloat162float(b);
}
extern "C" __global__ void asserts(int* p) { check(p[threadIdx.x] >= 0); p[threadIdx.x] += 1; }
extern "C" __global__ void prints(int* p) { printf("%d\n", p[threadIdx.x]); }
extern "C" __global__ void recursion(int* p) { p[threadIdx.x] = fib(p[threadIdx.x]); }
extern "C" __global__ void pointers(float* p, int k) { p[threadIdx.x] = table[k & 1](p[threadIdx.x]); }
extern "C" __global__ void virtuals(float* p, int k) {
    Square s; Shape b; const Shape* sh = k ? (const Shape*)&s : &b;
    p[threadIdx.x] = sq(sh->area(p[threadIdx.x]));
}
extern "C" __global__ void __launch_bounds__(128, 4) warps(float* p) { p[threadIdx.x] *= warpSize; }
"#;

/// Cluster directives exist only for sm_90.
const SOURCE_90: &str = r#"
extern "C" __global__ void __cluster_dims__(2, 1, 1) clustered(float* p) { p[threadIdx.x] += 1.0f; }
extern "C" __global__ void __launch_bounds__(256, 2, 4) ranked(float* p) { p[threadIdx.x] += 1.0f; }
extern "C" __global__ void __maxnreg__(40) capped(float* p) { p[threadIdx.x] += 1.0f; }
"#;

use crate::common::nvrtc;

/// `source` compiled to PTX with `options`, or `None` (printed) where NVRTC is missing.
fn ptx_or_skip(source: &str, options: ProgramOptions) -> Option<ObjectCode> {
    nvrtc::compiled_or_skip(Program::new(source, options).with_name("grammar.cu"))
}

/// The compile variants: (label, arch, `-lineinfo`, `-G`).
const VARIANTS: [(&str, &str, bool, bool); 5] = [
    ("-O3 sm_80", "compute_80", false, false),
    ("-O3 sm_90", "compute_90", false, false),
    ("-lineinfo sm_80", "compute_80", true, false),
    ("-G sm_80", "compute_80", false, true),
    ("-G -lineinfo sm_90", "compute_90", true, true),
];

fn options(arch: &str, line_info: bool, debug: bool) -> ProgramOptions {
    ProgramOptions {
        arch: Some(arch.into()),
        std: Some("c++17".into()),
        line_info,
        debug,
        ..Default::default()
    }
}

#[test]
fn nvrtc_output_parses_and_lowers_in_every_variant() {
    for (label, arch, line_info, debug) in VARIANTS {
        let Some(code) = ptx_or_skip(SOURCE, options(arch, line_info, debug)) else {
            return;
        };
        let text = code.ptx_text().unwrap();
        if debug {
            assert!(text.contains(".section"), "{label}: no debug sections");
        }
        if line_info {
            assert!(text.contains(".loc"), "{label}: no .loc");
        }
        assert!(
            text.contains(".callprototype") && text.contains("WARP_SZ"),
            "{label}"
        );
        let m = cuda_library::ptx::parse(text).unwrap_or_else(|e| panic!("{label}: {e}"));
        for f in &m.functions {
            assert!(f.error.is_none(), "{label}: {}: {:?}", f.name, f.error);
        }
        let mut mem = Memory::new();
        let sm = sim::load_ptx(text, &mut mem).unwrap_or_else(|e| panic!("{label}: {e}"));
        // At most the recursive kernel is refused, naming the recursion and its line.
        for (k, why) in &sm.unsupported {
            assert_eq!(k, "recursion", "{label}: {:?}", sm.unsupported);
            assert!(
                why.contains("recursive call to `_Z3fibi`") && why.contains("PTX line"),
                "{label}: {why}"
            );
        }
        for k in [
            "halfs", "asserts", "prints", "pointers", "virtuals", "warps",
        ] {
            assert!(sm.kernels.contains_key(k), "{label}: {k}");
        }
    }
    for (label, line_info, debug) in [("-O3", false, false), ("-G", true, true)] {
        let Some(code) = ptx_or_skip(SOURCE_90, options("compute_90", line_info, debug)) else {
            return;
        };
        let text = code.ptx_text().unwrap();
        for d in [
            ".explicitcluster",
            ".reqnctapercluster",
            ".maxclusterrank",
            ".maxnreg",
        ] {
            assert!(text.contains(d), "{label}: {d}");
        }
        let mut mem = Memory::new();
        let sm = sim::load_ptx(text, &mut mem).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert!(sm.unsupported.is_empty(), "{label}: {:?}", sm.unsupported);
        assert_eq!(sm.kernels.len(), 3, "{label}");
    }
}

#[test]
fn nvrtc_output_runs_with_the_right_results() {
    use half::{bf16, f16};
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let stream = ctx.create_stream().unwrap();
    let inputs: Vec<f32> = vec![
        1.2345678,
        -0.1,
        65504.0,
        65520.0,
        1e-7,
        -3.0,
        f32::from_bits(0x3f80_1001),
        0.0,
    ];
    let n = inputs.len();
    for (label, arch, line_info, debug) in VARIANTS {
        let Some(code) = ptx_or_skip(SOURCE, options(arch, line_info, debug)) else {
            return;
        };
        let lib = code.to_library(&Default::default()).unwrap();
        let cfg = LaunchConfig::new(1, n as u32);

        // cuda_fp16/cuda_bf16 conversions, bit for bit.
        let inp = ctx.htod(&inputs).unwrap();
        let out = ctx.alloc_zeroed::<u32>(2 * n).unwrap();
        let back = ctx.alloc_zeroed::<f32>(n).unwrap();
        let k = lib.get_kernel("halfs").unwrap();
        launch!(k, &stream, &cfg, inp, out, back, n as i32).unwrap();
        stream.synchronize().unwrap();
        let (got, got_back) = (out.to_vec().unwrap(), back.to_vec().unwrap());
        for (i, &x) in inputs.iter().enumerate() {
            let (h, b) = (f16::from_f32(x), bf16::from_f32(x));
            assert_eq!(got[2 * i], h.to_bits() as u32, "{label}: f16 of {x}");
            assert_eq!(got[2 * i + 1], b.to_bits() as u32, "{label}: bf16 of {x}");
            let want = h.to_f32() + 1.0 + b.to_f32();
            assert_eq!(
                got_back[i].to_bits(),
                want.to_bits(),
                "{label}: back of {x}"
            );
        }

        // A table of function pointers and a virtual call.
        let xs: Vec<f32> = (0..n).map(|i| i as f32 - 2.5).collect();
        for (kernel, k_arg, f) in [
            ("pointers", 0i32, (|x| 2.0 * x) as fn(f32) -> f32),
            ("pointers", 1, |x| 3.0 * x),
            ("virtuals", 0, |x| x * x),
            ("virtuals", 1, |x| (x * x) * (x * x)),
        ] {
            let p = ctx.htod(&xs).unwrap();
            let k = lib.get_kernel(kernel).unwrap();
            launch!(k, &stream, &cfg, p, k_arg).unwrap();
            stream.synchronize().unwrap();
            let want: Vec<f32> = xs.iter().map(|&x| f(x)).collect();
            assert_eq!(p.to_vec().unwrap(), want, "{label}: {kernel}({k_arg})");
        }

        // warpSize as WARP_SZ.
        let p = ctx.htod(&xs).unwrap();
        let k = lib.get_kernel("warps").unwrap();
        launch!(k, &stream, &cfg, p).unwrap();
        stream.synchronize().unwrap();
        let want: Vec<f32> = xs.iter().map(|&x| x * 32.0).collect();
        assert_eq!(p.to_vec().unwrap(), want, "{label}: warps");

        // The recursive kernel runs, or says why it cannot; the library stays usable.
        let k = lib.get_kernel("recursion").unwrap();
        let q = ctx.htod(&(0..n as i32).collect::<Vec<_>>()).unwrap();
        match launch!(k, &stream, &cfg, q) {
            Ok(()) => {
                stream.synchronize().unwrap();
                assert_eq!(q.to_vec().unwrap(), [0, 1, 1, 2, 3, 5, 8, 13], "{label}");
            }
            Err(e) => assert!(e.to_string().contains("recursive call"), "{label}: {e}"),
        }
    }
}

/// `cuda_fp16.h`'s inline assembly also writes declarations with no space between `.reg`
/// and the type (`{.reg.b32 f, C, nZ;`): the same declaration.
#[test]
fn a_directive_written_against_its_type_reads_as_two_words() {
    let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n\
        .visible .entry k(.param .u64 out) {\n\
        .reg .b64 %rd<3>;\n\
        { .reg.b32 f, C, nZ;\n\
          mov.b32 f, 40; mov.b32 C, 2; add.u32 nZ, f, C;\n\
          ld.param.u64 %rd1, [out]; cvta.to.global.u64 %rd2, %rd1;\n\
          st.global.u32 [%rd2], nZ; }\n\
        ret; }\n";
    let mut mem = Memory::new();
    let m = sim::load_ptx(ptx, &mut mem).unwrap();
    assert_eq!(run_words(&m, &mut mem, "k", 1, 1, &[]), [42]);
}

/// Texture and surface instructions (`[tex, {x, y}]` operands) parse and lower; the ones the
/// simulator does not implement (`tld4` gather, `txq` queries, texture references) are refused
/// for their kernel alone, naming the instruction and why.
#[test]
fn texture_instructions_lower_or_are_named_when_refused() {
    let text = r#".version 8.0
.target sm_80
.address_size 64
.global .texref legacy;
.visible .entry sample(.param .u64 out, .param .u64 tex)
{
    .reg .f32 %f<8>; .reg .b32 %r<4>; .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [tex];
    mov.f32 %f1, 0f3F000000;
    tex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd2, {%f1, %f1}];
    sust.b.2d.b32.trap [%rd2, {%r1, %r2}], {%r3};
    st.global.f32 [%rd1], %f2;
    ret;
}
.visible .entry gather(.param .u64 out, .param .u64 tex)
{
    .reg .f32 %f<8>; .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [tex];
    mov.f32 %f1, 0f3F000000;
    tld4.r.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd2, {%f1, %f1}];
    ret;
}
.visible .entry empty_vector(.param .u64 tex)
{
    .reg .b32 %r<4>; .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [tex];
    suld.b.1d.b32.trap {}, [%rd2, {%r1}];
    ret;
}
.visible .entry offset(.param .u64 tex)
{
    .reg .f32 %f<8>; .reg .b32 %r<4>; .reg .b64 %rd<4>;
    ld.param.u64 %rd2, [tex];
    mov.f32 %f1, 0f3F000000;
    tex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd2, {%f1, %f1}], {%r1, %r1};
    ret;
}
.visible .entry by_reference(.param .u64 out)
{
    .reg .f32 %f<8>;
    mov.f32 %f1, 0f3F000000;
    tex.2d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [legacy, {%f1, %f1}];
    ret;
}
.visible .entry plain(.param .u64 out)
{
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    ret;
}
"#;
    let m = cuda_library::ptx::parse(text).unwrap();
    assert!(m.functions.iter().all(|f| f.error.is_none()));
    let mut mem = Memory::new();
    let sm = sim::load_ptx(text, &mut mem).unwrap();
    assert!(sm.kernel("plain").is_ok());
    assert!(sm.kernel("sample").is_ok());
    let e = sm.kernel("gather").unwrap_err().to_string();
    assert!(
        e.contains("`tld4.r.2d.v4.f32.f32`") && e.contains("gather"),
        "{e}"
    );
    let e = sm.kernel("empty_vector").unwrap_err().to_string();
    assert!(e.contains("0 data operands"), "{e}");
    let e = sm.kernel("offset").unwrap_err().to_string();
    assert!(e.contains("texel offsets"), "{e}");
    let e = sm.kernel("by_reference").unwrap_err().to_string();
    assert!(e.contains("texture or surface reference `legacy`"), "{e}");
}
