use super::*;

fn input<'a>(name: &'a str, text: &'a str) -> LinkInput<'a> {
    LinkInput {
        kind: ImageKind::Ptx,
        bytes: text.as_bytes(),
        name,
    }
}

fn linked(inputs: &[(&str, &str)]) -> Result<(String, String)> {
    let inputs: Vec<LinkInput<'_>> = inputs.iter().map(|(n, t)| input(n, t)).collect();
    let l = link(&inputs)?;
    Ok((String::from_utf8(l.bytes).unwrap(), l.info_log))
}

const HEAD: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

#[test]
fn an_extern_function_becomes_a_prototype_before_its_use() {
    let a = format!(
        "{HEAD}.extern .func (.param .b32 r) f(.param .b32 x);\n\
         .visible .entry k() {{ ret; }}\n"
    );
    let b = format!("{HEAD}.visible .func (.param .b32 r) f(.param .b32 x) {{ ret; }}\n");
    let (text, _) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    let proto = text
        .find(".visible .func (.param .b32 r) f(.param .b32 x);")
        .unwrap();
    let def = text
        .find(".visible .func (.param .b32 r) f(.param .b32 x) {")
        .unwrap();
    assert!(
        proto < text.find(".entry k").unwrap() && def > proto,
        "{text}"
    );
    assert!(!text.contains(".extern"), "{text}");
    assert_eq!(text.matches(".version").count(), 1, "{text}");
    let m = crate::image::ptx::parse(&text).unwrap();
    assert!(m.function("f").unwrap().body.is_some());
}

#[test]
fn an_extern_variable_takes_its_definition_s_place() {
    let a = format!("{HEAD}.extern .global .align 4 .u32 g;\n.visible .entry k() {{ ret; }}\n");
    let b = format!("{HEAD}.visible .global .align 4 .u32 g = 7;\n");
    let (text, _) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert_eq!(text.matches(".u32 g").count(), 1, "{text}");
    assert!(
        text.find("g = 7").unwrap() < text.find(".entry k").unwrap(),
        "{text}"
    );
}

#[test]
fn internal_names_used_twice_are_renamed_in_the_later_module() {
    let a = format!(
        "{HEAD}.global .align 1 .b8 $str[3] = {{104, 105, 0}};\n\
         .visible .entry ka() {{ .reg .b64 %rd<2>; mov.u64 %rd1, $str; ret; }}\n"
    );
    let b = format!(
        "{HEAD}.global .align 1 .b8 $str[3] = {{104, 111, 0}};\n\
         .visible .entry kb() {{ .reg .b64 %rd<2>; mov.u64 %rd1, $str; ret; }}\n"
    );
    let (text, log) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert!(text.contains("mov.u64 %rd1, $str;"), "{text}");
    assert!(text.contains("$str_1[3] = {104, 111, 0}"), "{text}");
    assert!(text.contains("mov.u64 %rd1, $str_1;"), "{text}");
    assert!(log.contains("renamed `$str` of b.ptx"), "{log}");
    let m = crate::image::ptx::parse(&text).unwrap();
    assert_eq!(m.vars.len(), 2);
}

#[test]
fn undefined_and_twice_defined_symbols_are_named() {
    let a = format!(
        "{HEAD}.extern .func f();\n.extern .global .u32 missing_var;\n.visible .entry k() {{ ret; }}\n"
    );
    let e = linked(&[("a.ptx", &a)]).unwrap_err().to_string();
    assert!(e.contains("undefined reference to `f` in a.ptx"), "{e}");
    assert!(
        e.contains("undefined reference to `missing_var` in a.ptx"),
        "{e}"
    );
    assert!(e.contains("the PTX linker"), "{e}");
    let b = format!("{HEAD}.visible .entry k() {{ ret; }}\n");
    let e = linked(&[("a.ptx", &b), ("b.ptx", &b)])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("multiple definitions of `k`: in a.ptx and in b.ptx"),
        "{e}"
    );
    let hidden = format!("{HEAD}.func f() {{ ret; }}\n");
    let e = linked(&[("a.ptx", &a), ("h.ptx", &hidden)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("h.ptx defines it without linkage"), "{e}");
}

#[test]
fn weak_definitions_keep_one() {
    let a =
        format!("{HEAD}.weak .func w() {{ ret; }}\n.visible .entry ka() {{ call w, (); ret; }}\n");
    let b =
        format!("{HEAD}.weak .func w() {{ ret; }}\n.visible .entry kb() {{ call w, (); ret; }}\n");
    let (text, _) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert_eq!(text.matches(".weak .func w() {").count(), 1, "{text}");
    let strong = format!("{HEAD}.visible .func w() {{ ret; }}\n");
    let (text, _) = linked(&[("a.ptx", &a), ("s.ptx", &strong)]).unwrap();
    // a.ptx's weak copy leaves a prototype with the kept definition's linkage.
    assert!(text.contains(".visible .func w();"), "{text}");
    assert_eq!(text.matches("w() {").count(), 1, "{text}");
}

#[test]
fn runtime_functions_and_dynamic_shared_stay_extern_once() {
    let a = format!(
        "{HEAD}.extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n\
         .extern .shared .align 16 .b8 smem[];\n.visible .entry ka() {{ ret; }}\n"
    );
    let b = a.replace("ka()", "kb()");
    let (text, _) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert_eq!(text.matches(".extern .func").count(), 1, "{text}");
    assert_eq!(text.matches(".extern .shared").count(), 1, "{text}");
}

#[test]
fn file_numbers_move_past_the_previous_modules() {
    let a = format!("{HEAD}.file 1 \"a.cu\"\n.visible .entry ka() {{ .loc 1 3 1\n ret; }}\n");
    let b = format!("{HEAD}.file 1 \"b.cu\"\n.visible .entry kb() {{ .loc 1 7 1\n ret; }}\n");
    let (text, _) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert!(
        text.contains(".file 1 \"a.cu\"") && text.contains(".loc 1 3 1"),
        "{text}"
    );
    assert!(
        text.contains(".file 2 \"b.cu\"") && text.contains(".loc 2 7 1"),
        "{text}"
    );
}

#[test]
fn the_header_is_the_newest_version_and_the_highest_target() {
    let a = ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry ka() { ret; }\n";
    let b = ".version 8.3\n.target sm_90a\n.address_size 64\n.visible .entry kb() { ret; }\n";
    let (text, _) = linked(&[("a.ptx", a), ("b.ptx", b)]).unwrap();
    assert!(
        text.contains(".version 8.3\n.target sm_90a\n.address_size 64\n"),
        "{text}"
    );
    let c = ".version 8.0\n.target sm_80\n.address_size 32\n";
    let e = linked(&[("a.ptx", a), ("c.ptx", c)])
        .unwrap_err()
        .to_string();
    assert!(e.contains("mix .address_size"), "{e}");
}

#[test]
fn a_syntax_error_names_the_input() {
    let e = linked(&[("bad.ptx", ".version 8.0\n.target sm_80\n.global .u32 ;")])
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad.ptx: PTX error at line 3"), "{e}");
}

#[test]
fn many_symbols_link_in_linear_time_and_errors_are_capped() {
    let n = 20_000;
    let mut a = String::from(HEAD);
    let mut b = String::from(HEAD);
    for k in 0..n {
        a.push_str(&format!(".extern .func f{k}();\n.global .u32 s{k};\n"));
        b.push_str(&format!(
            ".visible .func f{k}() {{ ret; }}\n.global .u32 s{k};\n"
        ));
    }
    let start = std::time::Instant::now();
    let (text, log) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert!(text.contains(".global .u32 s19999_1;"), "{}", &text[..200]);
    assert_eq!(log.matches("renamed").count(), n);
    let e = linked(&[("a.ptx", &a)]).unwrap_err().to_string();
    assert!(e.contains("... and 19900 more"), "{}", &e[e.len() - 200..]);
}

#[test]
fn inlining_notes_of_later_modules_go_with_their_debug_sections() {
    let a = format!(
        "{HEAD}.file 1 \"a.cu\"\n.visible .entry ka() {{ .loc 1 3 1\n ret; }}\n\
         .section .debug_str {{ $L__info_string0: .b8 102,0 }}\n"
    );
    let b = format!(
        "{HEAD}.file 1 \"b.cu\"\n.visible .entry kb() {{\n.loc 1 5 3, function_name $L__info_string0, inlined_at 1 8 5\n ret; }}\n\
         .section .debug_str {{ $L__info_string0: .b8 103,0 }}\n"
    );
    let (text, log) = linked(&[("a.ptx", &a), ("b.ptx", &b)]).unwrap();
    assert!(text.contains(".loc\t2 5 3\n"), "{text}");
    assert!(!text.contains("inlined_at"), "{text}");
    assert_eq!(text.matches(".section .debug_str").count(), 1, "{text}");
    assert!(log.contains("dropped the debug sections of b.ptx"), "{log}");
    crate::image::ptx::parse(&text).unwrap();
}

#[test]
fn modules_without_a_header_link_to_one_that_parses() {
    // Found by the link fuzz target: the fallback target was written `90`, not `sm_90`.
    let (text, _) = linked(&[("m0.ptx", "")]).unwrap();
    assert!(text.contains(".target sm_90\n"), "{text}");
    crate::image::ptx::parse(&text).unwrap();
}

/// Fuzz finding (`link`): a linkage directive written against the next one (`.weak.func`,
/// after a `.target` glued to `.extern`) was replaced with the next one's bytes, and the
/// linked module lost its `.func`: it did not parse.
#[test]
fn a_linkage_directive_glued_to_the_next_is_replaced_alone() {
    let user = format!(
        "{HEAD}.target.extern .weak.func (.param .b32 r) twice(.param .b32 x);\n\
         .visible .entry k() {{ .reg .b32 %r<3>;\n\
         {{ .param .b32 x; .param .b32 r; st.param.b32 [x], %r1;\n\
         call.uni (r), twice, (x); ld.param.b32 %r2, [r]; }} ret; }}\n"
    );
    let def = format!(
        "{HEAD}.visible .func (.param .b32 r) twice(.param .b32 x) {{ .reg .b32 %r<3>;\n\
         ld.param.b32 %r1, [x]; add.s32 %r2, %r1, %r1; st.param.b32 [r], %r2; ret; }}\n"
    );
    let (text, _) = linked(&[("m0.ptx", &user), ("m1.ptx", &def)]).unwrap();
    crate::image::ptx::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
}
