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

mod ast;
mod builtins;
mod consteval;
mod diag;
mod emit;
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
