//! A CUDA C++ compiler in pure Rust: source text in, PTX text out.
//!
//! It compiles the CUDA C that learners and teachers write (kernels, `__shared__` memory,
//! atomics, warp intrinsics, the math library, function templates) to PTX that gives, on a
//! GPU or on `cuda-library`'s simulator, the bits NVRTC's PTX gives. It knows nothing of the
//! CUDA driver or the simulator, and runs anywhere Rust does, the browser included.
//!
//! The stages, one module each:
//!
//! | stage | module |
//! |---|---|
//! | source positions and diagnostics (`file:line:col`, a caret) | `diag` |
//! | tokens | `lex` |
//! | the preprocessor and the headers it provides | `preprocess` |
//! | the grammar: tokens to a syntax tree | `parse` |
//! | types, promotions and conversions | `types` |
//! | name lookup, overloads, templates, checking: syntax tree to typed IR | `sema` |
//! | built-in functions (one table row each) and the math library | `builtins`, `math` |
//! | PTX emission | `emit` |

#![forbid(unsafe_code)]

/// This compiler's version (its crate's), as logs and caches name it.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

mod ast;
mod builtins;
mod consteval;
mod contract;
mod diag;
mod emit;
mod half;
mod headers;
mod lex;
mod mangle;
pub mod math;
mod parse;
mod preprocess;
mod sema;
mod types;

/// Compiles CUDA C++ `source` (called `name` in diagnostics) to PTX. `name_expressions`
/// (`"reduce<256, 8>"`, `"saxpy"`) instantiate templates and report their mangled names in
/// [`Output::lowered_names`].
///
/// # Errors
///
/// A compile error: the log holds `name:line:col: error: ...` with the source line, a caret
/// and what to do.
pub fn compile(
    source: &str,
    name: &str,
    name_expressions: &[&str],
    options: &Options,
) -> Result<Output, Error> {
    let mut pp = preprocess::Preprocessor::new(options);
    let result = pp.run(source, name).and_then(|toks| {
        let items = parse::parse(toks)?;
        let mut sema = sema::Sema::new(options, items);
        let ptx = sema.run(name_expressions)?;
        Ok((ptx, std::mem::take(&mut sema.lowered)))
    });
    match result {
        Ok((ptx, lowered_names)) => Ok(Output {
            ptx,
            log: String::new(),
            lowered_names,
            files_read: pp.files_read,
        }),
        Err(d) => {
            let mut sources = std::mem::take(&mut pp.sources);
            if d.pos.file == u32::MAX {
                sources.files.clear();
            }
            Err(Error {
                log: sources.render(&d),
            })
        }
    }
}

/// What to compile for and how: the subset of NVRTC's options the built-in compiler takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Target architecture as a number: 90 for `sm_90`/`compute_90`.
    pub arch: u32,
    /// `-D NAME` (`None`) or `-D NAME=VALUE`.
    pub defines: Vec<(String, Option<String>)>,
    /// `-I` directories, searched in order for `#include "..."` and `<...>`.
    pub include_paths: Vec<std::path::PathBuf>,
    /// In-memory headers (NVRTC's `headers`/`includeNames`), consulted before any directory.
    pub headers: Vec<(String, String)>,
    /// `--pre-include=H` / `-include H`: headers included, in order, before the source's first
    /// line (as if by `#include "H"`), so the source's own line numbers do not move.
    pub pre_includes: Vec<String>,
    /// `--use_fast_math` (implies `ftz`, `!prec_div`, `!prec_sqrt`, `fmad`, fast intrinsics).
    pub fast_math: bool,
    /// `-ftz=true`.
    pub ftz: bool,
    /// `-prec-div=true` (the default).
    pub prec_div: bool,
    /// `-prec-sqrt=true` (the default).
    pub prec_sqrt: bool,
    /// `-fmad=true` (the default): `a*b+c` contracted into `fma` where NVRTC contracts it.
    pub fmad: bool,
    /// `-G`: debug code (no optimisation).
    pub debug: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            arch: 52,
            defines: Vec::new(),
            include_paths: Vec::new(),
            headers: Vec::new(),
            pre_includes: Vec::new(),
            fast_math: false,
            ftz: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
            debug: false,
        }
    }
}

/// A successful compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The PTX module's text.
    pub ptx: String,
    /// Warnings, formatted as a compiler prints them (empty when there are none).
    pub log: String,
    /// Each name expression asked for, with the mangled name it compiled to.
    pub lowered_names: Vec<(String, String)>,
    /// Every file the compile read from disk (for cache keys), in the order first read.
    pub files_read: Vec<std::path::PathBuf>,
}

/// A failed compile: the log, as `file:line:col: error: ...` lines with the source line and a
/// caret under the column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The whole log.
    pub log: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.log)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    fn ptx(src: &str) -> String {
        match compile(src, "t.cu", &[], &Options::default()) {
            Ok(o) => o.ptx,
            Err(e) => panic!("{e}"),
        }
    }

    fn err(src: &str) -> String {
        compile(src, "t.cu", &[], &Options::default())
            .unwrap_err()
            .log
    }

    #[test]
    fn saxpy_compiles_to_an_entry_with_an_fma() {
        let p = ptx("extern \"C\" __global__ void saxpy(float a, const float* x, float* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = a * x[i] + y[i]; }");
        assert!(p.contains(".visible .entry saxpy("), "{p}");
        assert!(p.contains("fma.rn.f32"), "{p}");
        assert!(p.contains(".target sm_52"));
    }

    #[test]
    fn a_managed_variable_is_a_global_the_driver_maps_for_the_host() {
        let p = ptx("__managed__ int hits = 42;\nextern \"C\" __global__ void k() { hits += 1; }");
        assert!(
            p.contains(
                ".visible .global .attribute(.managed) .align 4 .b8 hits[4] = {42, 0, 0, 0};"
            ),
            "{p}"
        );
    }

    #[test]
    fn subtraction_of_a_product_is_not_contracted() {
        let p = ptx("extern \"C\" __global__ void k(float* y, const float* a) { float x = a[0], w = a[1], z = a[2]; y[0] = x * w - z; }");
        assert!(!p.contains("fma"), "{p}");
        assert!(p.contains("sub.f32"), "{p}");
    }

    #[test]
    fn a_product_with_a_non_add_use_is_not_contracted() {
        let p = ptx("extern \"C\" __global__ void k(float* y, const float* a) { float t = a[0] * a[1]; y[0] = t + a[2]; y[1] = t * a[2]; }");
        assert!(!p.contains("fma"), "{p}");
    }

    #[test]
    fn fmad_false_writes_rounded_operations() {
        let o = Options {
            fmad: false,
            ..Options::default()
        };
        let p = compile(
            "extern \"C\" __global__ void k(float* y) { y[0] = y[1] * y[2] + y[3]; }",
            "t.cu",
            &[],
            &o,
        )
        .unwrap()
        .ptx;
        assert!(
            p.contains("mul.rn.f32") && p.contains("add.rn.f32") && !p.contains("fma"),
            "{p}"
        );
    }

    #[test]
    fn call_blocks_close_without_a_semicolon() {
        let p = ptx("__device__ int get(int i) { printf(\"%d\\n\", i); return i; }\nextern \"C\" __global__ void k(int* out) { out[threadIdx.x] = get(threadIdx.x); }");
        assert!(p.contains("call.uni (retval0), vprintf"), "{p}");
        assert!(!p.contains("\t};"), "{p}");
    }

    /// The bytes of the string PTX initialises `sym` with (`.b8 sym[n] = {...}`), NUL dropped.
    fn string_of(p: &str, text: &str) -> bool {
        let bytes: Vec<String> = text.bytes().map(|b| b.to_string()).collect();
        p.contains(&format!("{{{}, 0}}", bytes.join(", ")))
    }

    #[test]
    fn assert_passes_the_text_nvrtc_passes() {
        let p = ptx("#define TWICE(n) (n*2)\nstruct S { int v; };\n__device__ float g(const float* x, unsigned n, S s, float** q) {\n  assert(x[0]  <  TWICE(n) &&\n    s.v);\n  return x[1];\n}\n__global__ void k(float* p, int n) { S s; s.v = n; p[0] = g(p, n, s, 0); }");
        assert!(string_of(&p, "x[0] < (n*2) && s.v"), "{p}");
        assert!(string_of(&p, "t.cu"), "{p}");
        assert!(
            string_of(&p, "float g(const float *, unsigned int, S, float **)"),
            "{p}"
        );
        assert!(p.contains("st.param.b32 \t[param2], 5;"), "{p}");
    }

    #[test]
    fn assert_with_the_wrong_number_of_arguments_is_a_clear_error() {
        let e = err("__global__ void k(int n) { assert(); }");
        assert!(e.contains("assert"), "{e}");
        let e = err("__global__ void k(int n) { assert(n, n); }");
        assert!(
            e.contains("macro 'assert' takes 1 arguments, 2 given"),
            "{e}"
        );
    }

    #[test]
    fn explicit_instantiation_and_name_expressions_mangle_as_nvrtc() {
        let src = "template <typename T> __global__ void scale(T* x, T a) { x[threadIdx.x] *= a; }\ntemplate __global__ void scale<float>(float*, float);\ntemplate <int N, int M> __global__ void reduce(const float* a, float* b) { b[0] = a[0] * N + M; }";
        let o = compile(src, "t.cu", &["reduce<256, 8>"], &Options::default()).unwrap();
        assert!(o.ptx.contains(".entry _Z5scaleIfEvPT_S0_("), "{}", o.ptx);
        assert_eq!(
            o.lowered_names,
            vec![(
                "reduce<256, 8>".to_string(),
                "_Z6reduceILi256ELi8EEvPKfPf".to_string()
            )]
        );
    }

    #[test]
    fn const_locals_are_array_bounds() {
        let p = ptx("extern \"C\" __global__ void k(float* x) { const int extra = 5; constexpr int n = 32 + extra; __shared__ float s[n]; s[threadIdx.x] = x[0]; x[1] = s[3]; }");
        assert!(p.contains("[148]"), "{p}");
    }

    #[test]
    fn spliced_string_literals_and_namespace_aliases() {
        let p = ptx("namespace cg = cooperative_groups;\nextern \"C\" __global__ void k() { printf(\"Hello \\\nWorld\"); }");
        assert!(p.contains("$str"), "{p}");
    }

    #[test]
    fn host_code_and_class_templates_are_skipped() {
        let p = ptx("template <class T> struct Conv;\ntemplate <class T> struct Box { T v; T get() const { return v; } };\nint main() { k<<<1, 1>>>(); return 0; }\nextern \"C\" __global__ void k(int* x) { x[0] = 1; }");
        assert!(p.contains(".entry k("), "{p}");
        let e = err("class C { int f() { return 1; } };\n__global__ void k(C c) {}");
        assert!(
            e.contains("a class, is not supported by the built-in compiler"),
            "{e}"
        );
        assert!(e.contains("NVRTC compiles it"), "{e}");
    }

    #[test]
    fn unions_share_storage_and_operators_are_inlined() {
        let p = ptx("union U { float f; unsigned u; };\nextern \"C\" __global__ void k(unsigned* x) { U a; a.f = 1.5f; x[0] = a.u; }");
        assert!(p.contains("__local_depot0[4]"), "{p}");
        let p = ptx("inline __host__ __device__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }\nextern \"C\" __global__ void k(float2* v) { v[0] = v[1] + v[2]; }");
        assert!(p.contains("add.f32"), "{p}");
    }

    #[test]
    fn errors_point_at_the_line_and_column() {
        let e = err("extern \"C\" __global__ void k(float* x) {\n  x[0] = y;\n}");
        assert!(
            e.starts_with("t.cu:2:10: error: 'y' is not declared"),
            "{e}"
        );
        assert!(e.contains("\n    x[0] = y;\n           ^\n"), "{e}");
    }

    #[test]
    fn hostile_input_is_a_clear_error() {
        let deep = format!(
            "__global__ void k(int* x) {{ x[0] = {}1{}; }}",
            "(".repeat(5000),
            ")".repeat(5000)
        );
        assert!(err(&deep).contains("nesting deeper than"));
        let rec = "__device__ int f(int x) { return x <= 0 ? 0 : f(x - 1) + 1; }\n__global__ void k(int* x) { x[0] = f(x[1]); }";
        assert!(err(rec).contains("recursion deeper than"));
        let big = "__global__ void k(int* x) { __shared__ int s[1LL << 40]; s[0] = 1; }";
        assert!(err(big).contains("larger than"));
        assert!(
            err("__global__ void k(int* x) { __shared__ int s[1 << 40]; s[0] = 1; }")
                .contains("shift count 40")
        );
        assert!(err("__global__ void k( {").contains("error"));
        let chain = format!(
            "__global__ void k(int* x) {{ x[0] = x[1]{}; }}",
            " + x[1]".repeat(20000)
        );
        assert!(err(&chain).contains("operators in one expression"));
        let chain = format!(
            "__global__ void k(int* x) {{ x[0] = x[1]{}; }}",
            " + x[1]".repeat(900)
        );
        assert!(err(&chain).contains("nested deeper than"));
        assert!(
            err("#define A A A\n#define B(x) B(x) B(x)\n__global__ void k() { B(A); }")
                .contains("t.cu:3")
        );
    }
}

#[cfg(test)]
mod group_tests {
    use super::*;

    #[test]
    fn cooperative_groups_lower_to_barriers_and_shuffles() {
        let src = "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\nextern \"C\" __global__ void k(float* x) { cg::thread_block b = cg::this_thread_block(); auto t = cg::tiled_partition<16>(b); x[b.thread_rank()] = t.shfl_down(x[0], 1); b.sync(); }";
        let p = compile(src, "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(p.contains("shfl.sync.down.b32"), "{p}");
        // A 16-thread tile shuffles within 16 lanes: c = (32 - 16) << 8 | 31.
        assert!(p.contains(", 4127, -1;"), "{p}");
        assert!(p.contains("bar.sync \t0;"), "{p}");
        let e = compile("#include <cooperative_groups.h>\n__global__ void k() { auto b = cooperative_groups::this_thread_block(); b.frobnicate(); }", "t.cu", &[], &Options::default()).unwrap_err().log;
        assert!(
            e.contains("the cooperative-groups method 'frobnicate' is not supported"),
            "{e}"
        );
    }

    #[test]
    fn printf_buffers_are_whole_eight_byte_slots_and_asserts_skip_when_true() {
        let p = compile(
            "__global__ void k(int x) { printf(\"%ld\\n\", x); assert(x > 0); }",
            "t.cu",
            &[],
            &Options::default(),
        )
        .unwrap()
        .ptx;
        assert!(p.contains("__local_depot0[8]"), "{p}");
        // The assertion's failure call is skipped when the condition holds.
        assert!(p.contains("setp.gt.s32 \t%p1, %r1, 0;\n\t@%p1 bra"), "{p}");
    }

    #[test]
    fn a_typedef_names_an_anonymous_struct_for_mangling() {
        let p = compile("typedef struct { float x, y; } Body;\n__global__ void bodyForce(Body* p, float dt, int n) {}", "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(p.contains(".entry _Z9bodyForceP4Bodyfi("), "{p}");
    }
}

#[cfg(test)]
mod texture_tests {
    use super::*;

    #[test]
    fn texture_fetches_become_one_tex_instruction() {
        let src = "extern \"C\" __global__ void k(float* o, cudaTextureObject_t t) { float4 b = tex2D<float4>(t, 0.5f, 1.5f); o[0] = b.y + tex1Dfetch<float>(t, 3); }";
        let p = compile(src, "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(p.contains("tex.2d.v4.f32.f32"), "{p}");
        assert!(p.contains("tex.1d.v4.f32.s32"), "{p}");
    }

    #[test]
    fn system_and_block_scoped_atomics_are_the_device_atomic() {
        let p = compile(
            "__global__ void k(int* x) { atomicAdd_system(x, 1); atomicMax_block(x, 2); }",
            "t.cu",
            &[],
            &Options::default(),
        )
        .unwrap()
        .ptx;
        assert!(
            p.contains("atom.add.u32") && p.contains("atom.max.s32"),
            "{p}"
        );
    }
}

#[cfg(test)]
mod param_tests {
    use super::*;

    #[test]
    fn signed_char_and_short_parameters_are_sign_extended() {
        let p = compile(
            "__global__ void k(signed char a, short b, int* o) { o[0] = a + b; }",
            "t.cu",
            &[],
            &Options::default(),
        )
        .unwrap()
        .ptx;
        assert!(p.contains("cvt.s32.s8"), "{p}");
        assert!(p.contains("cvt.s32.s16"), "{p}");
    }
}

#[cfg(test)]
mod include_tests {
    use super::*;

    #[test]
    fn headers_from_include_paths_are_reported_once() {
        let dir = std::env::temp_dir().join(format!("cc-core-include-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("scale.h"), "#pragma once\n#define SCALE 3.0f\n").unwrap();
        let o = Options {
            include_paths: vec![dir.clone()],
            ..Options::default()
        };
        let src = "#include \"scale.h\"\n#include <scale.h>\n__global__ void k(float* x) { x[0] *= SCALE; }";
        let out = compile(src, "t.cu", &[], &o).unwrap();
        assert_eq!(out.files_read, vec![dir.join("scale.h")]);
        assert!(out.ptx.contains("0f40400000"), "{}", out.ptx);
        let e = compile("#include \"nope.h\"\n", "t.cu", &[], &o)
            .unwrap_err()
            .log;
        assert!(
            e.starts_with("t.cu:1:2: error: cannot open 'nope.h'"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn predefined_macros_and_defines() {
        let o = Options {
            arch: 90,
            defines: vec![("N".into(), Some("7".into())), ("FLAG".into(), None)],
            ..Options::default()
        };
        let src = "#if __CUDA_ARCH__ == 900 && defined(__CUDACC_RTC__) && FLAG\n__global__ void k(int* x) { x[0] = N; }\n#endif";
        let p = compile(src, "t.cu", &[], &o).unwrap().ptx;
        assert!(p.contains("mov.u32 \t%r1, 7;"), "{p}");
        assert!(p.contains(".target sm_90"), "{p}");
    }
}

#[cfg(test)]
mod llvm_shape_tests {
    use super::*;

    fn ptx(src: &str) -> String {
        compile(src, "t.cu", &[], &Options::default()).unwrap().ptx
    }

    #[test]
    fn equal_products_are_computed_once_and_a_negated_factor_moves_out() {
        // NVRTC: x*x once; -(x*x) for the first use, so `1 + x*x` has a product with a
        // non-add use and stays an add.
        let p = ptx(
            "__global__ void k(float* o, float x) { o[0] = (-x * x) * 2.0f; o[1] = 1.0f + x * x; }",
        );
        assert_eq!(p.matches("mul.f32").count(), 2, "{p}");
        assert!(p.contains("neg.f32") && !p.contains("fma"), "{p}");
    }

    #[test]
    fn subtracting_a_constant_is_an_addition_that_fuses() {
        let p = ptx("__global__ void k(float* o, float x, float y) { o[0] = x * y - 1.0f; }");
        assert!(p.contains("fma.rn.f32") && p.contains("0fBF800000"), "{p}");
    }

    #[test]
    fn noinline_results_are_rounded_products_that_never_fuse() {
        let p = ptx("__device__ __noinline__ float sq(float x) { return x * x; }\n__global__ void k(float* o, float x) { o[0] = sq(x) + 1.0f; }");
        assert!(p.contains("mul.rn.f32") && !p.contains("fma"), "{p}");
    }
}

#[cfg(test)]
mod scratch_tests {
    use super::*;

    #[test]
    fn learning_a_type_does_not_leave_a_product_behind() {
        // The ternary's type is learned by compiling its arm into scratch: that product must
        // not be reused as if it had been computed.
        let p = compile("__global__ void g(float* o, float a, float b, int c) { float x = b * 0.5f; o[0] = c ? x + 1.0f : x * 92.625f; }", "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(p.contains("0f42B94000"), "{p}");
    }
}

#[cfg(test)]
mod conversion_tests {
    use super::*;

    #[test]
    fn float_to_unsigned_char_converts_unsigned_and_constant_ternaries_select() {
        let p = compile("__global__ void k(const float* in, int* o, long long z) { unsigned char a = in[0]; signed char b = in[1]; o[0] = a + b + (z ? 65535 : 65532); }", "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(
            p.contains("cvt.rzi.u32.f32") && p.contains("cvt.rzi.s32.f32"),
            "{p}"
        );
        assert!(p.contains("selp.b32"), "{p}");
    }
}

#[cfg(test)]
mod both_products_tests {
    use super::*;

    #[test]
    fn the_right_product_fuses_when_it_has_a_constant_and_the_left_holds_an_fma() {
        // NVRTC 12.9: `(p*27)*(q*q+p) + s*6` is fma(s, 6, (p*27)*(q*q+p));
        // `(p*27)*(q*q+q) + s*t` fuses the left product.
        let p = compile("__global__ void k(float* y, float p, float q, float s, float t) { y[0] = (p*27.0f)*(q*q+p) + s*6.0f; y[1] = (p*27.0f)*(q*q+q) + s*t; }", "t.cu", &[], &Options::default()).unwrap().ptx;
        assert!(p.contains(", 0f40C00000, %f"), "{p}");
        assert_eq!(p.matches("fma.rn.f32").count(), 4, "{p}");
    }

    #[test]
    fn a_host_struct_with_bit_fields_is_skipped_until_device_code_uses_it() {
        // The NVIDIA blog's fp16_conversion.h: unions of bit-fields used by host code.
        let src = "union FP16 { unsigned short u; struct { unsigned m : 10; unsigned e : 5; unsigned s : 1; }; };\n";
        let ok = format!("{src}extern \"C\" __global__ void k(float* y) {{ y[0] = 1.0f; }}");
        let p = compile(&ok, "t.cu", &[], &Options::default()).map(|o| o.ptx);
        let p = p.unwrap_or_else(|e| e.log);
        assert!(p.contains(".entry k("), "{p}");
        let used = format!(
            "{src}extern \"C\" __global__ void k(float* y) {{ FP16 h; h.u = 1; y[0] = h.u; }}"
        );
        let e = compile(&used, "t.cu", &[], &Options::default())
            .map(|o| o.ptx)
            .unwrap_or_else(|e| e.log);
        assert!(e.contains("a struct with bit-fields"), "{e}");
    }
}
