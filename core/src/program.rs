//! [`Program`]: CUDA C++ compiled to PTX or cubin with NVRTC, opened at run time.

use std::ffi::{c_char, CStr, CString};
use std::path::PathBuf;
use std::ptr;
use std::sync::OnceLock;

use crate::error::{Error, LoadAttempt, Result};
use crate::image::ImageKind;
use crate::loader;
use crate::object_code::ObjectCode;
use crate::sys::nvrtc as sys;

/// The opened NVRTC library.
struct Nvrtc {
    lib: sys::NvrtcLib,
    path: String,
    version: (i32, i32),
}

// SAFETY: NVRTC functions are thread-safe for distinct programs; the table is immutable.
unsafe impl Send for Nvrtc {}
// SAFETY: as above.
unsafe impl Sync for Nvrtc {}

static NVRTC: OnceLock<std::result::Result<Nvrtc, NvrtcLoadError>> = OnceLock::new();

#[derive(Clone)]
enum NvrtcLoadError {
    NotFound(Vec<LoadAttempt>),
    Broken(String),
}

fn nvrtc() -> Result<&'static Nvrtc> {
    let r = NVRTC.get_or_init(|| {
        let (lib, path, _) =
            loader::open_first(&loader::nvrtc_candidates()).map_err(NvrtcLoadError::NotFound)?;
        // SAFETY: bindgen's loader looks up each symbol; missing ones become Err entries.
        let lib = unsafe { sys::NvrtcLib::from_library(lib) }
            .map_err(|e| NvrtcLoadError::Broken(format!("{path}: {e}")))?;
        let mut version = (0, 0);
        if let Ok(f) = &lib.nvrtcVersion {
            // SAFETY: writes two ints.
            unsafe { f(&mut version.0, &mut version.1) };
        }
        Ok(Nvrtc { lib, path, version })
    });
    match r {
        Ok(n) => Ok(n),
        Err(NvrtcLoadError::NotFound(tried)) => Err(Error::NvrtcNotFound {
            tried: tried.clone(),
        }),
        Err(NvrtcLoadError::Broken(m)) => Err(Error::Nvrtc {
            function: "loading NVRTC",
            message: m.clone(),
        }),
    }
}

/// Where NVRTC was loaded from and its version, e.g. `("/usr/local/cuda/lib64/libnvrtc.so.13", (13, 0))`.
pub fn nvrtc_info() -> Result<(String, (i32, i32))> {
    let n = nvrtc()?;
    Ok((n.path.clone(), n.version))
}

impl Nvrtc {
    fn check(&self, rc: sys::nvrtcResult, function: &'static str) -> Result<()> {
        if rc == sys::nvrtcResult::NVRTC_SUCCESS {
            return Ok(());
        }
        let message = match &self.lib.nvrtcGetErrorString {
            // SAFETY: returns a static string.
            Ok(f) => {
                let p = unsafe { f(rc) };
                if p.is_null() {
                    format!("nvrtcResult {}", rc.0)
                } else {
                    // SAFETY: NUL-terminated static string.
                    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
                }
            }
            Err(_) => format!("nvrtcResult {}", rc.0),
        };
        Err(Error::Nvrtc { function, message })
    }

    fn get<F: Copy>(
        &self,
        f: &std::result::Result<F, libloading::Error>,
        name: &'static str,
    ) -> Result<F> {
        f.as_ref().copied().map_err(|e| Error::Nvrtc {
            function: name,
            message: format!("not in {} ({e})", self.path),
        })
    }
}

/// NVRTC compile options, as plain data.
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
    /// Include directories (`-I`), searched before CUDA's own headers (see
    /// [`Program::compile`]).
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

/// CUDA C++ source to compile with NVRTC.
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
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Program {
    source: String,
    name: String,
    options: ProgramOptions,
}

impl Program {
    /// A program from CUDA C++ source.
    pub fn new(source: impl Into<String>, options: ProgramOptions) -> Self {
        Program {
            source: source.into(),
            name: "program.cu".to_string(),
            options,
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

    /// Where NVRTC was loaded from and its `(major, minor)` version.
    pub fn nvrtc_version() -> Result<(i32, i32)> {
        Ok(nvrtc()?.version)
    }

    /// Compiles to `target` (PTX, cubin or LTO-IR). `name_expressions` are C++ expressions
    /// naming kernels or variables (e.g. `scale<float>`); their mangled names come back in
    /// the result's [`symbol_mapping`](ObjectCode::symbol_mapping), so the loaded library's
    /// `get_kernel("scale<float>")` works. A compile error returns [`Error::Compile`] with
    /// NVRTC's log.
    ///
    /// CUDA's own headers (`#include <cuda_fp16.h>`, `<cuda_bf16.h>`, ...) are found without
    /// an include path: after [`ProgramOptions::include_paths`], the first of
    /// `$CUDA_HOME/include`, `$CUDA_PATH/include`, `/usr/local/cuda/include` and the PyPI
    /// runtime wheel's `nvidia/cuda_runtime/include` that holds them is searched.
    pub fn compile(&self, target: ImageKind, name_expressions: &[&str]) -> Result<ObjectCode> {
        let mut options = self.options.clone();
        if options.arch.is_none() {
            options.arch = default_arch();
        }
        let mut args = options.to_args(target)?;
        if let Some(dir) = crate::loader::cuda_include_dir() {
            args.push(format!("-I{}", dir.display()));
        }
        let n = nvrtc()?;
        let src = CString::new(self.source.as_str())
            .map_err(|_| Error::InvalidArgument("the source contains a NUL byte".into()))?;
        let name =
            CString::new(self.name.as_str()).map_err(|_| Error::InvalidName(self.name.clone()))?;
        let mut prog: sys::nvrtcProgram = ptr::null_mut();
        let create = n.get(&n.lib.nvrtcCreateProgram, "nvrtcCreateProgram")?;
        // SAFETY: NUL-terminated source and name; no headers.
        n.check(
            unsafe {
                create(
                    &mut prog,
                    src.as_ptr(),
                    name.as_ptr(),
                    0,
                    ptr::null(),
                    ptr::null(),
                )
            },
            "nvrtcCreateProgram",
        )?;
        let guard = ProgramGuard { n, prog };
        let result = self.compile_created(&guard, target, &args, name_expressions);
        drop(guard);
        result
    }

    fn compile_created(
        &self,
        g: &ProgramGuard,
        target: ImageKind,
        args: &[String],
        name_expressions: &[&str],
    ) -> Result<ObjectCode> {
        let n = g.n;
        let exprs: Vec<CString> = name_expressions
            .iter()
            .map(|e| CString::new(*e).map_err(|_| Error::InvalidName(e.to_string())))
            .collect::<Result<_>>()?;
        let add = n.get(&n.lib.nvrtcAddNameExpression, "nvrtcAddNameExpression")?;
        for e in &exprs {
            // SAFETY: a live program and a NUL-terminated expression.
            n.check(unsafe { add(g.prog, e.as_ptr()) }, "nvrtcAddNameExpression")?;
        }
        let cargs: Vec<CString> = args
            .iter()
            .map(|a| CString::new(a.as_str()).map_err(|_| Error::InvalidName(a.clone())))
            .collect::<Result<_>>()?;
        let ptrs: Vec<*const c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
        let compile = n.get(&n.lib.nvrtcCompileProgram, "nvrtcCompileProgram")?;
        // SAFETY: `ptrs` holds `ptrs.len()` NUL-terminated options that outlive the call.
        let rc = unsafe { compile(g.prog, ptrs.len() as i32, ptrs.as_ptr()) };
        let log = self.log(g)?;
        if rc == sys::nvrtcResult::NVRTC_ERROR_COMPILATION {
            return Err(Error::Compile {
                program: self.name.clone(),
                options: args.to_vec(),
                log,
            });
        }
        n.check(rc, "nvrtcCompileProgram")?;

        let (size_fn, get_fn, what) = match target {
            ImageKind::Ptx => (&n.lib.nvrtcGetPTXSize, &n.lib.nvrtcGetPTX, "nvrtcGetPTX"),
            ImageKind::Cubin => (
                &n.lib.nvrtcGetCUBINSize,
                &n.lib.nvrtcGetCUBIN,
                "nvrtcGetCUBIN",
            ),
            ImageKind::Ltoir => (
                &n.lib.nvrtcGetLTOIRSize,
                &n.lib.nvrtcGetLTOIR,
                "nvrtcGetLTOIR",
            ),
            other => {
                return Err(Error::Unsupported(format!(
                    "NVRTC cannot produce a {other}"
                )))
            }
        };
        let size_fn = n.get(size_fn, what)?;
        let get_fn = n.get(get_fn, what)?;
        let mut size = 0usize;
        // SAFETY: writes one size_t.
        n.check(unsafe { size_fn(g.prog, &mut size) }, what)?;
        let mut bytes = vec![0u8; size];
        // SAFETY: `bytes` has the size NVRTC reported.
        n.check(unsafe { get_fn(g.prog, bytes.as_mut_ptr().cast()) }, what)?;

        let lowered = n.get(&n.lib.nvrtcGetLoweredName, "nvrtcGetLoweredName")?;
        let mut mapping = Vec::new();
        for (e, c) in name_expressions.iter().zip(&exprs) {
            let mut p: *const c_char = ptr::null();
            // SAFETY: a compiled program and an expression added before compiling.
            n.check(
                unsafe { lowered(g.prog, c.as_ptr(), &mut p) },
                "nvrtcGetLoweredName",
            )?;
            if !p.is_null() {
                // SAFETY: owned by the program, which is alive.
                let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
                mapping.push((e.to_string(), s));
            }
        }
        let code = match target {
            ImageKind::Ptx => ObjectCode::from_ptx(bytes),
            ImageKind::Cubin => ObjectCode::from_cubin(bytes),
            _ => ObjectCode::from_ltoir(bytes),
        };
        Ok(code
            .with_name(self.name.clone())
            .with_symbol_mapping(mapping)
            .with_log(log))
    }

    fn log(&self, g: &ProgramGuard) -> Result<String> {
        let n = g.n;
        let size_fn = n.get(&n.lib.nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize")?;
        let get_fn = n.get(&n.lib.nvrtcGetProgramLog, "nvrtcGetProgramLog")?;
        let mut size = 0usize;
        // SAFETY: writes one size_t.
        n.check(
            unsafe { size_fn(g.prog, &mut size) },
            "nvrtcGetProgramLogSize",
        )?;
        let mut buf = vec![0u8; size.max(1)];
        // SAFETY: `buf` has the size NVRTC reported.
        n.check(
            unsafe { get_fn(g.prog, buf.as_mut_ptr().cast()) },
            "nvrtcGetProgramLog",
        )?;
        let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        Ok(String::from_utf8_lossy(&buf[..end]).into_owned())
    }
}

/// Device 0's architecture, when a driver with a device is present.
fn default_arch() -> Option<String> {
    crate::Device::new(0).ok()?.arch().ok()
}

struct ProgramGuard {
    n: &'static Nvrtc,
    prog: sys::nvrtcProgram,
}

impl Drop for ProgramGuard {
    fn drop(&mut self) {
        if let Ok(f) = &self.n.lib.nvrtcDestroyProgram {
            // SAFETY: destroys the program this guard owns.
            unsafe { f(&mut self.prog) };
        }
    }
}
