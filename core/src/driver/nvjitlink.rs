//! nvJitLink, opened at run time: links PTX, cubins, fatbins, LTO-IR and relocatable
//! objects into a cubin (or, with link-time optimisation, into PTX). It needs no GPU.
//! [`Linker`](crate::Linker) chooses it and builds its options; this module makes the calls.

use std::ffi::{c_char, CString};
use std::ptr;
use std::sync::OnceLock;

use super::loader;
use crate::error::{Error, LoadAttempt, Result};
use crate::image::ImageKind;
use crate::linker::input::{LinkInput as Input, Linked};
use crate::sys::nvjitlink as sys;

/// The opened nvJitLink library.
pub(crate) struct NvJitLink {
    lib: sys::NvJitLinkLib,
    /// Where it was opened from.
    pub path: String,
    /// `nvJitLinkVersion` (`(0, 0)` before CUDA 12.3, which lacks it).
    pub version: (u32, u32),
}

// SAFETY: nvJitLink is thread-safe for distinct handles; the table is immutable.
unsafe impl Send for NvJitLink {}
// SAFETY: as above.
unsafe impl Sync for NvJitLink {}

static NVJITLINK: OnceLock<std::result::Result<NvJitLink, Vec<LoadAttempt>>> = OnceLock::new();

/// nvJitLink, opened on first use from [`loader::nvjitlink_candidates`]; where it was
/// looked for when it could not be opened.
pub(crate) fn open() -> std::result::Result<&'static NvJitLink, &'static [LoadAttempt]> {
    let r = NVJITLINK.get_or_init(|| {
        let (lib, path, _) = loader::open_first(&loader::nvjitlink_candidates())?;
        // SAFETY: a library found as nvJitLink; missing symbols become Err entries.
        let lib = unsafe { sys::NvJitLinkLib::from_library(lib) }.map_err(|e| {
            vec![LoadAttempt {
                candidate: path.clone(),
                reason: format!("its symbol table could not be read: {e}"),
            }]
        })?;
        let mut version = (0, 0);
        if let Ok(f) = &lib.nvJitLinkVersion {
            // SAFETY: writes two unsigned ints.
            unsafe { f(&mut version.0, &mut version.1) };
        }
        Ok(NvJitLink { lib, path, version })
    });
    r.as_ref().map_err(|tried| tried.as_slice())
}

impl NvJitLink {
    /// `nvJitLink 12.9`, for messages.
    pub fn describe(&self) -> String {
        match self.version {
            (0, 0) => "nvJitLink".to_string(),
            (major, minor) => format!("nvJitLink {major}.{minor}"),
        }
    }

    fn get<F: Copy>(&self, f: &std::result::Result<F, libloading::Error>, name: &str) -> Result<F> {
        f.as_ref().copied().map_err(|e| Error::Link {
            linker: self.describe(),
            inputs: Vec::new(),
            log: format!("{name} is not in {} ({e})", self.path),
        })
    }

    /// Links `inputs` with the nvJitLink options `args`; the linked PTX when `ptx` (which
    /// nvJitLink makes only with `-lto`), else the cubin.
    pub fn link(&self, inputs: &[Input<'_>], args: &[String], ptx: bool) -> Result<Linked> {
        let names: Vec<String> = inputs.iter().map(|i| i.name.to_string()).collect();
        let fail = |log: String| Error::Link {
            linker: self.describe(),
            inputs: names.clone(),
            log,
        };
        let cargs: Vec<CString> = args
            .iter()
            .map(|a| CString::new(a.as_str()).map_err(|_| Error::InvalidName(a.clone())))
            .collect::<Result<_>>()?;
        let ptrs: Vec<*const c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
        // nvJitLink keeps the input names it is given (nvJitLink 13.0 printed freed memory
        // for them in its error log on an H200): they live until the handle is destroyed,
        // which `guard`, declared after them, does first.
        let input_names: Vec<CString> = inputs
            .iter()
            .map(|i| CString::new(i.name).map_err(|_| Error::InvalidName(i.name.into())))
            .collect::<Result<_>>()?;
        let create = self.get(&self.lib.nvJitLinkCreate, "nvJitLinkCreate")?;
        let count = u32::try_from(ptrs.len())
            .map_err(|_| Error::InvalidArgument("too many linker options".into()))?;
        let mut handle: sys::nvJitLinkHandle = ptr::null_mut();
        // SAFETY: `ptrs` holds `count` NUL-terminated options that outlive the call.
        let rc = unsafe { create(&mut handle, count, ptrs.as_ptr()) };
        if handle.is_null() {
            return Err(fail(format!(
                "nvJitLinkCreate returned {} for the options `{}`",
                result_name(rc),
                args.join(" ")
            )));
        }
        let guard = Handle { n: self, handle };
        if rc != sys::nvJitLinkResult::NVJITLINK_SUCCESS {
            return Err(fail(guard.failure("nvJitLinkCreate", rc)));
        }
        let add = self.get(&self.lib.nvJitLinkAddData, "nvJitLinkAddData")?;
        for (input, name) in inputs.iter().zip(&input_names) {
            // SAFETY: a live handle; `bytes` and `name` outlive the handle.
            let rc = unsafe {
                add(
                    handle,
                    input_type(input),
                    input.bytes.as_ptr().cast(),
                    input.bytes.len(),
                    name.as_ptr(),
                )
            };
            if rc != sys::nvJitLinkResult::NVJITLINK_SUCCESS {
                let what = format!("nvJitLinkAddData({}, {})", input.name, input.kind);
                return Err(fail(guard.failure(&what, rc)));
            }
        }
        let complete = self.get(&self.lib.nvJitLinkComplete, "nvJitLinkComplete")?;
        // SAFETY: a live handle with its inputs added.
        let rc = unsafe { complete(handle) };
        if rc != sys::nvJitLinkResult::NVJITLINK_SUCCESS {
            return Err(fail(guard.failure("nvJitLinkComplete", rc)));
        }
        let bytes = if ptx {
            let size = self.get(
                &self.lib.nvJitLinkGetLinkedPtxSize,
                "nvJitLinkGetLinkedPtxSize",
            )?;
            let get = self.get(&self.lib.nvJitLinkGetLinkedPtx, "nvJitLinkGetLinkedPtx")?;
            // SAFETY: a completed link; the buffer has the size nvJitLink reports.
            guard.output(
                |n| unsafe { size(handle, n) },
                |b| unsafe { get(handle, b.cast()) },
            )
        } else {
            let size = self.get(
                &self.lib.nvJitLinkGetLinkedCubinSize,
                "nvJitLinkGetLinkedCubinSize",
            )?;
            let get = self.get(&self.lib.nvJitLinkGetLinkedCubin, "nvJitLinkGetLinkedCubin")?;
            // SAFETY: as above.
            guard.output(
                |n| unsafe { size(handle, n) },
                |b| unsafe { get(handle, b.cast()) },
            )
        };
        let mut bytes = bytes.map_err(|(what, rc)| fail(guard.failure(what, rc)))?;
        if ptx {
            // The text without its terminating NUL, as NVRTC's PTX is kept.
            while bytes.last() == Some(&0) {
                bytes.pop();
            }
        }
        Ok(Linked {
            bytes,
            info_log: guard.info_log(),
        })
    }
}

/// A live nvJitLink handle, destroyed on drop.
struct Handle<'a> {
    n: &'a NvJitLink,
    handle: sys::nvJitLinkHandle,
}

impl Handle<'_> {
    /// The log of a failed call: nvJitLink's error log (and info log, which names the
    /// inputs), after the call and its result.
    fn failure(&self, what: &str, rc: sys::nvJitLinkResult) -> String {
        let mut log = format!("{what} returned {}", result_name(rc));
        let error = self.error_log();
        if !error.trim().is_empty() {
            log.push('\n');
            log.push_str(error.trim_end());
        }
        let info = self.info_log();
        if !info.trim().is_empty() {
            log.push_str("\ninfo log:\n");
            log.push_str(info.trim_end());
        }
        log
    }

    fn error_log(&self) -> String {
        let lib = &self.n.lib;
        match (&lib.nvJitLinkGetErrorLogSize, &lib.nvJitLinkGetErrorLog) {
            // SAFETY: a live handle; the buffer has the size nvJitLink reports.
            (Ok(size), Ok(get)) => self.text(
                |n| unsafe { size(self.handle, n) },
                |b| unsafe { get(self.handle, b.cast()) },
            ),
            _ => String::new(),
        }
    }

    fn info_log(&self) -> String {
        let lib = &self.n.lib;
        match (&lib.nvJitLinkGetInfoLogSize, &lib.nvJitLinkGetInfoLog) {
            // SAFETY: as above.
            (Ok(size), Ok(get)) => self.text(
                |n| unsafe { size(self.handle, n) },
                |b| unsafe { get(self.handle, b.cast()) },
            ),
            _ => String::new(),
        }
    }

    fn text(
        &self,
        size: impl Fn(&mut usize) -> sys::nvJitLinkResult,
        get: impl Fn(*mut u8) -> sys::nvJitLinkResult,
    ) -> String {
        let Ok(bytes) = self.output(size, get) else {
            return String::new();
        };
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        String::from_utf8_lossy(&bytes[..end]).into_owned()
    }

    /// Reads one of the handle's outputs: its size, then its bytes.
    fn output(
        &self,
        size: impl Fn(&mut usize) -> sys::nvJitLinkResult,
        get: impl Fn(*mut u8) -> sys::nvJitLinkResult,
    ) -> std::result::Result<Vec<u8>, (&'static str, sys::nvJitLinkResult)> {
        let mut n = 0usize;
        let rc = size(&mut n);
        if rc != sys::nvJitLinkResult::NVJITLINK_SUCCESS {
            return Err(("reading the size of the output", rc));
        }
        // One byte more than reported: a text output's NUL always fits.
        let mut buf = vec![0u8; n.saturating_add(1)];
        let rc = get(buf.as_mut_ptr());
        if rc != sys::nvJitLinkResult::NVJITLINK_SUCCESS {
            return Err(("reading the output", rc));
        }
        buf.truncate(n);
        Ok(buf)
    }
}

impl Drop for Handle<'_> {
    fn drop(&mut self) {
        if let Ok(destroy) = &self.n.lib.nvJitLinkDestroy {
            // SAFETY: destroys the handle this guard owns, once.
            unsafe { destroy(&mut self.handle) };
        }
    }
}

fn input_type(input: &Input<'_>) -> sys::nvJitLinkInputType {
    match input.kind {
        ImageKind::Object if is_device_elf(input.bytes) => {
            sys::nvJitLinkInputType::NVJITLINK_INPUT_CUBIN
        }
        ImageKind::Cubin => sys::nvJitLinkInputType::NVJITLINK_INPUT_CUBIN,
        ImageKind::Ptx => sys::nvJitLinkInputType::NVJITLINK_INPUT_PTX,
        ImageKind::Ltoir => sys::nvJitLinkInputType::NVJITLINK_INPUT_LTOIR,
        ImageKind::Fatbin => sys::nvJitLinkInputType::NVJITLINK_INPUT_FATBIN,
        ImageKind::Object => sys::nvJitLinkInputType::NVJITLINK_INPUT_OBJECT,
        ImageKind::Library => sys::nvJitLinkInputType::NVJITLINK_INPUT_LIBRARY,
    }
}

/// Whether `bytes` are a CUDA ELF (`e_machine` 190): a cubin, or a relocatable device object
/// (`nvcc -cubin -rdc=true`), which the linkers take as a cubin. A host object from
/// `nvcc -dc` (an x86-64 ELF holding the device code) is not.
pub(crate) fn is_device_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF") && bytes.get(18..20) == Some(&[190, 0][..])
}

fn result_name(rc: sys::nvJitLinkResult) -> String {
    rc.name()
        .map(str::to_string)
        .unwrap_or_else(|| format!("nvJitLinkResult {}", rc.0))
}
