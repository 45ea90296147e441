//! NVRTC, opened at run time: compiles CUDA C++ to PTX, cubin or LTO-IR. It needs no GPU.
//! [`Program`](crate::Program) builds the options and headers; this module makes the calls.

use std::ffi::{c_char, CStr, CString};
use std::ptr;
use std::sync::OnceLock;

use super::loader;
use crate::error::{Error, LoadAttempt, Result};
use crate::image::ImageKind;
use crate::sys::nvrtc as sys;

/// The opened NVRTC library.
struct Nvrtc {
    lib: sys::NvrtcLib,
    path: String,
    version: (i32, i32),
    /// `libnvrtc-builtins.so.<major>.<minor>` from NVRTC's folder, opened ahead of NVRTC's own
    /// lookup (see [`open_builtins`]); kept open for the process.
    _builtins: Option<libloading::Library>,
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
        let _builtins = open_builtins(&path, version);
        Ok(Nvrtc {
            lib,
            path,
            version,
            _builtins,
        })
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

/// NVRTC opens `libnvrtc-builtins.so.<major>.<minor>` by name when it first compiles. The CUDA
/// 12 wheel's `libnvrtc.so.12` finds it beside itself (RUNPATH `$ORIGIN`); the CUDA 13 wheel's
/// `nvidia/cu13/lib/libnvrtc.so.13` has no RUNPATH, so every compile failed with
/// `NVRTC_ERROR_BUILTIN_OPERATION_FAILURE` unless the folder was on `LD_LIBRARY_PATH`. Opening
/// it from NVRTC's folder first makes NVRTC's lookup by soname find the loaded copy.
fn open_builtins(nvrtc_path: &str, (major, minor): (i32, i32)) -> Option<libloading::Library> {
    if cfg!(windows) {
        return None;
    }
    let dir = std::path::Path::new(nvrtc_path).parent()?;
    let builtins = dir.join(format!("libnvrtc-builtins.so.{major}.{minor}"));
    if !builtins.is_file() {
        return None;
    }
    // SAFETY: NVRTC's own companion library, from the folder NVRTC was loaded from.
    unsafe { libloading::Library::new(&builtins) }.ok()
}

/// Where NVRTC was loaded from and its `(major, minor)` version.
pub(crate) fn info() -> Result<(String, (i32, i32))> {
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

/// What to compile.
pub(crate) struct Source<'a> {
    /// The CUDA C++ text.
    pub text: &'a str,
    /// The program's name (in messages and `#line` directives).
    pub name: &'a str,
    /// In-memory headers, `(include name, text)`.
    pub headers: &'a [(&'a str, &'a str)],
    /// Command-line options.
    pub args: &'a [String],
    /// C++ expressions whose mangled names to report.
    pub name_expressions: &'a [&'a str],
    /// PTX, cubin or LTO-IR.
    pub target: ImageKind,
}

/// A compiled program.
pub(crate) struct Compiled {
    /// The PTX, cubin or LTO-IR.
    pub bytes: Vec<u8>,
    /// NVRTC's log (warnings).
    pub log: String,
    /// `(name expression, mangled name)` pairs.
    pub lowered: Vec<(String, String)>,
}

/// Compiles `src`. The outer error is NVRTC failing to run; the inner one is a compile
/// error with its log.
pub(crate) fn compile(src: &Source<'_>) -> Result<std::result::Result<Compiled, String>> {
    let n = nvrtc()?;
    let cstr = |s: &str| CString::new(s).map_err(|_| Error::InvalidName(s.to_string()));
    let text = CString::new(src.text)
        .map_err(|_| Error::InvalidArgument("the source contains a NUL byte".into()))?;
    let name = cstr(src.name)?;
    let headers: Vec<(CString, CString)> = src
        .headers
        .iter()
        .map(|(name, text)| Ok((cstr(text)?, cstr(name)?)))
        .collect::<Result<_>>()?;
    let header_texts: Vec<*const c_char> = headers.iter().map(|(t, _)| t.as_ptr()).collect();
    let header_names: Vec<*const c_char> = headers.iter().map(|(_, n)| n.as_ptr()).collect();
    let mut prog: sys::nvrtcProgram = ptr::null_mut();
    let create = n.get(&n.lib.nvrtcCreateProgram, "nvrtcCreateProgram")?;
    // SAFETY: NUL-terminated source and name; `header_texts` and `header_names` hold
    // `headers.len()` NUL-terminated strings each, alive for the call (NVRTC copies them).
    n.check(
        unsafe {
            create(
                &mut prog,
                text.as_ptr(),
                name.as_ptr(),
                headers.len() as i32,
                header_texts.as_ptr(),
                header_names.as_ptr(),
            )
        },
        "nvrtcCreateProgram",
    )?;
    let guard = ProgramGuard { n, prog };
    compile_created(&guard, src)
}

fn compile_created(
    g: &ProgramGuard,
    src: &Source<'_>,
) -> Result<std::result::Result<Compiled, String>> {
    let n = g.n;
    let exprs: Vec<CString> = src
        .name_expressions
        .iter()
        .map(|e| CString::new(*e).map_err(|_| Error::InvalidName(e.to_string())))
        .collect::<Result<_>>()?;
    let add = n.get(&n.lib.nvrtcAddNameExpression, "nvrtcAddNameExpression")?;
    for e in &exprs {
        // SAFETY: a live program and a NUL-terminated expression.
        n.check(unsafe { add(g.prog, e.as_ptr()) }, "nvrtcAddNameExpression")?;
    }
    let cargs: Vec<CString> = src
        .args
        .iter()
        .map(|a| CString::new(a.as_str()).map_err(|_| Error::InvalidName(a.clone())))
        .collect::<Result<_>>()?;
    let ptrs: Vec<*const c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
    let compile = n.get(&n.lib.nvrtcCompileProgram, "nvrtcCompileProgram")?;
    // SAFETY: `ptrs` holds `ptrs.len()` NUL-terminated options that outlive the call.
    let rc = unsafe { compile(g.prog, ptrs.len() as i32, ptrs.as_ptr()) };
    let log = log(g)?;
    if rc == sys::nvrtcResult::NVRTC_ERROR_COMPILATION {
        return Ok(Err(log));
    }
    n.check(rc, "nvrtcCompileProgram")?;

    let (size_fn, get_fn, what) = match src.target {
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

    let lowered_fn = n.get(&n.lib.nvrtcGetLoweredName, "nvrtcGetLoweredName")?;
    let mut lowered = Vec::new();
    for (e, c) in src.name_expressions.iter().zip(&exprs) {
        let mut p: *const c_char = ptr::null();
        // SAFETY: a compiled program and an expression added before compiling.
        n.check(
            unsafe { lowered_fn(g.prog, c.as_ptr(), &mut p) },
            "nvrtcGetLoweredName",
        )?;
        if !p.is_null() {
            // SAFETY: owned by the program, which is alive.
            let s = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
            lowered.push((e.to_string(), s));
        }
    }
    Ok(Ok(Compiled {
        bytes,
        log,
        lowered,
    }))
}

fn log(g: &ProgramGuard) -> Result<String> {
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
