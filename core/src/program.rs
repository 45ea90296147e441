//! [`Program`]: CUDA C++ compiled to PTX or cubin, by NVRTC or by the built-in compiler.
//!
//! This file is what every build has: the options, the program, and the choice of compiler.
//! The compilers are beside it, one file each: `builtin.rs` bridges to the built-in compiler
//! (`cuda-library-compiler`, pure Rust, everywhere); `nvrtc.rs` opens NVRTC at run time and
//! keeps the compile cache in front of it, where NVIDIA's libraries can be opened. The browser
//! (wasm32) has no NVRTC: there `browser.rs` stands in for `nvrtc.rs` with the same functions,
//! which say so, and `Compiler::Auto` means the built-in compiler.

use std::path::PathBuf;

use crate::compiler::Compiler;
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::object_code::ObjectCode;

mod builtin;
// The one place the target decides: NVRTC and its cache where they can exist, their
// stand-in in the browser.
#[cfg_attr(target_arch = "wasm32", path = "program/browser.rs")]
mod nvrtc;

use builtin::compile_builtin;

/// Where NVRTC was loaded from and its version, e.g. `("/usr/local/cuda/lib64/libnvrtc.so.13", (13, 0))`.
/// In the browser, an error: NVRTC does not exist there.
pub fn nvrtc_info() -> Result<(String, (i32, i32))> {
    nvrtc::info()
}

/// Compile options, as plain data: NVRTC's command line, which the built-in compiler reads too.
///
/// ```
/// use cuda_library::ProgramOptions;
/// let o = ProgramOptions { arch: Some("sm_90".into()), std: Some("c++17".into()), ..Default::default() }
///     .define("N", "256")
///     .fast_math(true);
/// assert!(o.to_args(cuda_library::ImageKind::Cubin).unwrap().contains(&"-arch=sm_90".to_string()));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct ProgramOptions {
    /// Target architecture: `sm_90`, `compute_90`, `90` or `sm_90a`. The right prefix for the
    /// output is chosen (`compute_` for PTX, `sm_` for cubin). `None`: device 0's
    /// architecture when a driver is present, otherwise NVRTC's default.
    pub arch: Option<String>,
    /// Language standard, e.g. `c++17`.
    pub std: Option<String>,
    /// Preprocessor definitions (`-D NAME` or `-D NAME=VALUE`).
    pub defines: Vec<(String, Option<String>)>,
    /// Include directories (`-I`), searched before CCCL's and CUDA's own headers; a header
    /// here also wins over the standard headers the crate ships (see [`Program::compile`]).
    pub include_paths: Vec<PathBuf>,
    /// `--use_fast_math`.
    pub use_fast_math: bool,
    /// `-G` device debug info.
    pub debug: bool,
    /// `-lineinfo`.
    pub line_info: bool,
    /// `-rdc=true` (relocatable device code).
    pub relocatable: bool,
    /// Any other NVRTC options, passed as given.
    pub extra: Vec<String>,
    /// Which compiler runs: NVRTC where it loads and the built-in compiler elsewhere
    /// ([`Compiler::Auto`], which `CUDA_LIBRARY_COMPILER` overrides), or one of them.
    pub compiler: Compiler,
}

impl ProgramOptions {
    /// Adds `-D name=value`.
    pub fn define(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.defines.push((name.into(), Some(value.into())));
        self
    }

    /// Sets `--use_fast_math`.
    pub fn fast_math(mut self, yes: bool) -> Self {
        self.use_fast_math = yes;
        self
    }

    /// The NVRTC command-line options for a compile to `target`.
    pub fn to_args(&self, target: ImageKind) -> Result<Vec<String>> {
        let mut a = Vec::new();
        if let Some(arch) = &self.arch {
            let digits = arch
                .trim()
                .trim_start_matches("sm_")
                .trim_start_matches("compute_")
                .trim_start_matches("lto_");
            let ok = !digits.is_empty()
                && digits.chars().next().is_some_and(|c| c.is_ascii_digit())
                && digits.chars().all(|c| c.is_ascii_alphanumeric());
            if !ok {
                return Err(Error::InvalidArgument(format!(
                    "arch `{arch}` is not an architecture: write e.g. sm_90, compute_80 or 90"
                )));
            }
            let prefix = match target {
                ImageKind::Cubin => "sm_",
                ImageKind::Ptx | ImageKind::Ltoir => "compute_",
                other => {
                    return Err(Error::Unsupported(format!(
                        "NVRTC cannot produce a {other}; compile to PTX, cubin or LTO-IR"
                    )))
                }
            };
            a.push(format!("-arch={prefix}{digits}"));
        }
        if target == ImageKind::Ltoir {
            a.push("-dlto".to_string());
        }
        if let Some(std) = &self.std {
            a.push(format!("-std={std}"));
        }
        for (k, v) in &self.defines {
            a.push(match v {
                Some(v) => format!("-D{k}={v}"),
                None => format!("-D{k}"),
            });
        }
        for p in &self.include_paths {
            a.push(format!("-I{}", p.display()));
        }
        if self.use_fast_math {
            a.push("--use_fast_math".to_string());
        }
        if self.debug {
            a.push("-G".to_string());
        }
        if self.line_info {
            a.push("-lineinfo".to_string());
        }
        if self.relocatable {
            a.push("-rdc=true".to_string());
        }
        a.extend(self.extra.iter().cloned());
        Ok(a)
    }
}

/// CUDA C++ source to compile, with NVRTC or the built-in compiler
/// ([`ProgramOptions::compiler`]).
///
/// [Try it in your browser](../playground/index.html#launch): the playground lesson that
/// compiles the quickstart's kernel with the built-in compiler, shows its PTX and launches it
/// on the simulated GPU.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{ImageKind, Program, ProgramOptions};
/// let src = r#"
/// template <typename T>
/// __global__ void scale(T* x, T a, int n) {
///     int i = blockIdx.x * blockDim.x + threadIdx.x;
///     if (i < n) x[i] *= a;
/// }"#;
/// let prog = Program::new(src, ProgramOptions::default()).with_name("scale.cu");
/// let code = prog.compile(ImageKind::Ptx, &["scale<float>", "scale<double>"])?;
/// println!("{}", code.symbol_mapping()["scale<float>"]); // _Z5scaleIfEvPT_S0_i
/// # Ok(()) }
/// ```
///
/// The [`backends`](crate::guide::backends) guide says where NVRTC and its headers are found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Program {
    source: String,
    name: String,
    options: ProgramOptions,
    /// Which compile cache an NVRTC compile goes through (`nvrtc.rs`: with_cache,
    /// without_cache, cache). The built-in compiler's compiles are not cached.
    #[cfg_attr(feature = "serde", serde(skip))]
    cache: nvrtc::CacheChoice,
}

impl Program {
    /// A program from CUDA C++ source.
    pub fn new(source: impl Into<String>, options: ProgramOptions) -> Self {
        Program {
            source: source.into(),
            name: "program.cu".to_string(),
            options,
            cache: nvrtc::CacheChoice::default(),
        }
    }

    /// Names the program (shown in compiler messages).
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The options.
    pub fn options(&self) -> &ProgramOptions {
        &self.options
    }

    /// Where NVRTC was loaded from and its `(major, minor)` version (in the browser, an error:
    /// NVRTC does not exist there).
    pub fn nvrtc_version() -> Result<(i32, i32)> {
        Ok(nvrtc::info()?.1)
    }

    /// Compiles to `target` (PTX, cubin or LTO-IR). `name_expressions` are C++ expressions
    /// naming kernels or variables (e.g. `scale<float>`); their mangled names come back in
    /// the result's [`symbol_mapping`](ObjectCode::symbol_mapping), so the loaded library's
    /// `get_kernel("scale<float>")` works. A compile error returns [`Error::Compile`] with
    /// NVRTC's log (a missing header gets a note after it saying where to find one).
    ///
    /// # Cache
    ///
    /// The result is kept in a [`ProgramCache`](crate::ProgramCache)
    /// ([`ProgramCache::user_default`](crate::ProgramCache::user_default) unless
    /// [`with_cache`](Program::with_cache) or [`without_cache`](Program::without_cache)
    /// says otherwise), and the same compile later (same source, name, options, header files
    /// it could read, name expressions, NVRTC and target) reads it back instead of running
    /// NVRTC. Compile errors are not kept. A cache that cannot be written is skipped: the
    /// compile still succeeds. A compile whose files the cache cannot all know (a header
    /// named by a macro, an option that reads or writes files of its own) and a cache
    /// directory that is not private are skipped too
    /// ([`ProgramCache::skipped`](crate::ProgramCache::skipped)); the
    /// [`backends`](crate::guide::backends#the-compile-cache) guide has the details.
    ///
    /// # Headers
    ///
    /// NVRTC ships no C or C++ standard library headers and searches no directory by itself.
    /// An `#include <...>` is looked up in this order:
    ///
    /// 1. [`ProgramOptions::include_paths`] (and `-I`/`--include-path=` in
    ///    [`ProgramOptions::extra`]), in the order given.
    /// 2. CCCL (libcu++ `<cuda/std/*>`, CUB, Thrust): the first of `$CUDA_HOME`,
    ///    `$CUDA_PATH` and `/usr/local/cuda` `include/cccl` (CUDA 13) or `include` (CUDA 12),
    ///    then the PyPI wheels in the active Python's site-packages: `nvidia/cu13/include/cccl`
    ///    (`nvidia-cuda-cccl`), `nvidia/cuda_cccl/include` (`nvidia-cuda-cccl-cu12`, which
    ///    `scripts/setup-venv.sh` installs), `cuda/cccl/headers/include` (`cuda-cccl`); the
    ///    first holding `cuda/std/version`.
    /// 3. CUDA's own headers (`<cuda_fp16.h>`, `<cuda_bf16.h>`, ...): the first of
    ///    `$CUDA_HOME/include`, `$CUDA_PATH/include`, `/usr/local/cuda/include` and the
    ///    runtime wheel's `nvidia/cuda_runtime/include` (or `nvidia/cu13/include`) holding
    ///    `cuda_fp16.h`.
    ///
    /// The crate also provides the C library headers device code most often includes, which
    /// no directory above holds: `<stdint.h>`/`<cstdint>`, `<stddef.h>`/`<cstddef>`,
    /// `<limits.h>`/`<climits>`, `<float.h>`/`<cfloat>` and `<math.h>`/`<cmath>` (the `M_PI`
    /// family, `INFINITY`, `NAN`, `HUGE_VAL`, and NVRTC's device math functions also in
    /// `namespace std`). They are given to NVRTC as in-memory headers, which NVRTC consults
    /// before any directory, so each is left out when one of the directories above holds a
    /// file of the same name: your own `stdint.h` wins. With CCCL found and C++17 or later
    /// (NVRTC's default), `<stdint.h>` and `<limits.h>` forward to `<cuda/std/cstdint>` and
    /// `<cuda/std/climits>`, so they and libcu++ define the same types and macros. Other
    /// standard headers (`<vector>`, `<algorithm>`, `<type_traits>`, `<cstdio>`, ...) are not
    /// provided: use libcu++'s `<cuda/std/...>` versions (`printf` and `assert` need no
    /// header under NVRTC).
    ///
    /// ```no_run
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{ImageKind, Program, ProgramOptions};
    /// let src = r#"
    /// #include <cstdint>
    /// #include <cmath>
    /// extern "C" __global__ void ring(float* xy, uint32_t n) {
    ///     uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    ///     if (i < n) { xy[2 * i] = cosf(2 * M_PI * i / n); xy[2 * i + 1] = std::sin(2 * M_PI * i / n); }
    /// }"#;
    /// let ptx = Program::new(src, ProgramOptions::default()).compile(ImageKind::Ptx, &[])?;
    /// # Ok(()) }
    /// ```
    pub fn compile(&self, target: ImageKind, name_expressions: &[&str]) -> Result<ObjectCode> {
        let mut options = self.options.clone();
        if options.arch.is_none() {
            options.arch = default_arch();
        }
        let args = options.to_args(target)?;
        match self.compiler()? {
            // Milliseconds, so not cached: reading an entry back would save nothing.
            Compiler::Builtin => compile_builtin(
                &self.source,
                &self.name,
                target,
                args,
                &[],
                name_expressions,
            ),
            _ => self.compile_nvrtc(target, args, &options, name_expressions),
        }
    }

    /// The compiler [`compile`](Program::compile) runs: [`Compiler::Nvrtc`] or
    /// [`Compiler::Builtin`], never `Auto` (see [`ProgramOptions::compiler`]).
    ///
    /// ```
    /// use cuda_library::{Compiler, Program, ProgramOptions};
    /// let o = ProgramOptions { compiler: Compiler::Builtin, ..Default::default() };
    /// assert_eq!(Program::new("", o).compiler().unwrap(), Compiler::Builtin);
    /// ```
    pub fn compiler(&self) -> Result<Compiler> {
        Ok(match builtin::requested(self.options.compiler)? {
            Compiler::Auto if !nvrtc::available() => Compiler::Builtin,
            Compiler::Auto => Compiler::Nvrtc,
            chosen => chosen,
        })
    }
}

/// Device 0's architecture, when a driver with a device is present.
fn default_arch() -> Option<String> {
    crate::Device::new(0).ok()?.arch().ok()
}
