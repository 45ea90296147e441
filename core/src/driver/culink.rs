//! The driver's own linker (`cuLinkCreate`/`AddData`/`Complete`/`Destroy`): the fallback
//! when nvJitLink is absent and a CUDA driver is present. It links PTX, cubins, fatbins and
//! relocatable objects for the current context's GPU (not LTO-IR: the driver's LTO path is
//! deprecated since CUDA 12.0, and [`Linker`](crate::Linker) refuses it before coming here).

use std::ffi::{c_void, CString};
use std::ptr;

use super::{driver, Context, Driver};
use crate::backend::interface::ContextInterface;
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::linker::input::{LinkInput as Input, Linked};
use crate::linker::options::LinkerOptions;
use crate::sys::driver as drv_sys;
use crate::sys::nvjitlink as sys;

/// Bytes of each log buffer handed to the driver.
const LOG_BYTES: usize = 64 * 1024;

/// The four entry points, resolved through `cuGetProcAddress` at their ABI versions.
struct Functions {
    create: sys::PFN_cuLinkCreate_v6050,
    add_data: sys::PFN_cuLinkAddData_v6050,
    complete: sys::PFN_cuLinkComplete_v5050,
    destroy: sys::PFN_cuLinkDestroy_v5050,
}

fn functions(drv: &Driver) -> Result<Functions> {
    let missing = |function: &'static str, since: i32| Error::MissingEntryPoint {
        function,
        driver: drv.version,
        needed: crate::error::CudaVersion(since),
    };
    let create = drv.proc_address(c"cuLinkCreate", 6050);
    let add_data = drv.proc_address(c"cuLinkAddData", 6050);
    let complete = drv.proc_address(c"cuLinkComplete", 5050);
    let destroy = drv.proc_address(c"cuLinkDestroy", 5050);
    if create.is_null() {
        return Err(missing("cuLinkCreate", 6050));
    }
    if add_data.is_null() {
        return Err(missing("cuLinkAddData", 6050));
    }
    if complete.is_null() {
        return Err(missing("cuLinkComplete", 5050));
    }
    if destroy.is_null() {
        return Err(missing("cuLinkDestroy", 5050));
    }
    // SAFETY: each pointer is what cuGetProcAddress returned for exactly this symbol at
    // exactly the ABI version whose cuda.h signature the type spells; none is null.
    unsafe {
        Ok(Functions {
            create: std::mem::transmute::<*mut c_void, sys::PFN_cuLinkCreate_v6050>(create),
            add_data: std::mem::transmute::<*mut c_void, sys::PFN_cuLinkAddData_v6050>(add_data),
            complete: std::mem::transmute::<*mut c_void, sys::PFN_cuLinkComplete_v5050>(complete),
            destroy: std::mem::transmute::<*mut c_void, sys::PFN_cuLinkDestroy_v5050>(destroy),
        })
    }
}

/// The words this linker goes by in messages.
pub(crate) const NAME: &str = "the CUDA driver's linker (cuLink)";

/// Links `inputs` into a cubin for the current context's device (device 0's primary context
/// when none is current).
pub(crate) fn link(inputs: &[Input<'_>], options: &LinkerOptions) -> Result<Linked> {
    let drv = driver()?;
    let _ctx = Context::current_or_default()?;
    let f = functions(drv)?;
    let names: Vec<String> = inputs.iter().map(|i| i.name.to_string()).collect();
    let mut info = vec![0u8; LOG_BYTES];
    let mut error = vec![0u8; LOG_BYTES];
    let mut keys: Vec<drv_sys::CUjit_option> = Vec::new();
    let mut values: Vec<*mut c_void> = Vec::new();
    let mut push = |k: drv_sys::CUjit_option, v: usize| {
        keys.push(k);
        values.push(v as *mut c_void);
    };
    use drv_sys::CUjit_option as O;
    push(O::CU_JIT_INFO_LOG_BUFFER, info.as_mut_ptr() as usize);
    push(O::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, LOG_BYTES);
    push(O::CU_JIT_ERROR_LOG_BUFFER, error.as_mut_ptr() as usize);
    push(O::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, LOG_BYTES);
    if let Some(level) = options.optimization_level {
        push(O::CU_JIT_OPTIMIZATION_LEVEL, level as usize);
    }
    if let Some(r) = options.max_register_count {
        push(O::CU_JIT_MAX_REGISTERS, r as usize);
    }
    // `CU_JIT_TARGET` is the SM number (`CU_TARGET_COMPUTE_90` is 90); without an arch the
    // driver links for the context's device.
    if let Some(sm) = target(options)? {
        push(O::CU_JIT_TARGET, sm as usize);
    }
    if options.debug {
        push(O::CU_JIT_GENERATE_DEBUG_INFO, 1);
    }
    if options.line_info {
        push(O::CU_JIT_GENERATE_LINE_INFO, 1);
    }
    if options.verbose {
        push(O::CU_JIT_LOG_VERBOSE, 1);
    }
    // The driver may keep the input names until the state is destroyed: they outlive
    // `guard` (declared after them), as nvJitLink needs (see `nvjitlink.rs`).
    let input_names: Vec<CString> = inputs
        .iter()
        .map(|i| CString::new(i.name).map_err(|_| Error::InvalidName(i.name.into())))
        .collect::<Result<_>>()?;
    let mut state: sys::CUlinkState = ptr::null_mut();
    // SAFETY: parallel key/value arrays of equal length; the log buffers they point into
    // live (unmoved) until the state is destroyed, below, before they drop.
    let rc = unsafe {
        (f.create)(
            keys.len() as u32,
            keys.as_mut_ptr(),
            values.as_mut_ptr(),
            &mut state,
        )
    };
    drv.check(rc, "cuLinkCreate")?;
    let guard = State {
        destroy: f.destroy,
        state,
    };
    let log = |info: &[u8], error: &[u8], what: String| {
        let text = |b: &[u8]| {
            let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
            String::from_utf8_lossy(&b[..end]).trim_end().to_string()
        };
        let mut log = what;
        for part in [text(error), text(info)] {
            if !part.is_empty() {
                log.push('\n');
                log.push_str(&part);
            }
        }
        Error::Link {
            linker: NAME.to_string(),
            inputs: names.clone(),
            log,
        }
    };
    for (input, name) in inputs.iter().zip(&input_names) {
        let kind = match input.kind {
            ImageKind::Cubin => sys::CUjitInputType::CU_JIT_INPUT_CUBIN,
            ImageKind::Ptx => sys::CUjitInputType::CU_JIT_INPUT_PTX,
            ImageKind::Fatbin => sys::CUjitInputType::CU_JIT_INPUT_FATBINARY,
            ImageKind::Object if super::nvjitlink::is_device_elf(input.bytes) => {
                sys::CUjitInputType::CU_JIT_INPUT_CUBIN
            }
            ImageKind::Object => sys::CUjitInputType::CU_JIT_INPUT_OBJECT,
            ImageKind::Library => sys::CUjitInputType::CU_JIT_INPUT_LIBRARY,
            ImageKind::Ltoir => {
                return Err(Error::Unsupported(format!(
                    "{} cannot link LTO-IR ({}): use nvJitLink",
                    NAME, input.name
                )))
            }
        };
        // SAFETY: a live link state; the bytes and the name outlive it (the driver takes a
        // mutable pointer but does not write through it); no per-input options.
        let rc = unsafe {
            (f.add_data)(
                guard.state,
                kind,
                input.bytes.as_ptr() as *mut c_void,
                input.bytes.len(),
                name.as_ptr(),
                0,
                ptr::null_mut(),
                ptr::null_mut(),
            )
        };
        if rc != drv_sys::CUresult::CUDA_SUCCESS {
            let e = drv.error(rc, "cuLinkAddData");
            return Err(log(
                &info,
                &error,
                format!("{} ({}): {e}", input.name, input.kind),
            ));
        }
    }
    let mut cubin: *mut c_void = ptr::null_mut();
    let mut size = 0usize;
    // SAFETY: a live link state with its inputs added; writes a pointer and a size.
    let rc = unsafe { (f.complete)(guard.state, &mut cubin, &mut size) };
    if rc != drv_sys::CUresult::CUDA_SUCCESS || cubin.is_null() {
        let e = drv.error(rc, "cuLinkComplete");
        return Err(log(&info, &error, e.to_string()));
    }
    // SAFETY: the driver's cubin of `size` bytes, owned by the live state: copied out
    // before the state is destroyed.
    let bytes = unsafe { std::slice::from_raw_parts(cubin as *const u8, size) }.to_vec();
    drop(guard);
    let end = info.iter().position(|&c| c == 0).unwrap_or(info.len());
    Ok(Linked {
        bytes,
        info_log: String::from_utf8_lossy(&info[..end]).into_owned(),
    })
}

/// A pending link of the driver, destroyed on drop.
struct State {
    destroy: sys::PFN_cuLinkDestroy_v5050,
    state: sys::CUlinkState,
}

impl Drop for State {
    fn drop(&mut self) {
        // SAFETY: destroys the link state this guard owns, once.
        unsafe { (self.destroy)(self.state) };
    }
}

/// `CU_JIT_TARGET`'s value for [`LinkerOptions::arch`]: the SM number (90), with the
/// accelerated base (0x10000) for `sm_90a`; `None` without an arch.
fn target(options: &LinkerOptions) -> Result<Option<u32>> {
    let Some(arch) = &options.arch else {
        return Ok(None);
    };
    let sm = LinkerOptions::sm_arch(arch)?;
    let digits = sm.trim_start_matches("sm_");
    let (number, accelerated) = match digits.strip_suffix('a') {
        Some(d) => (d, true),
        None => (digits, false),
    };
    let n: u32 = number.parse().map_err(|_| {
        Error::InvalidArgument(format!(
            "arch `{arch}`: the driver's linker takes sm_NN or sm_NNa"
        ))
    })?;
    Ok(Some(if accelerated { 0x10000 + n } else { n }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_arch_becomes_the_jit_target() {
        let o = |a: &str| LinkerOptions {
            arch: Some(a.into()),
            ..Default::default()
        };
        assert_eq!(target(&o("sm_90")).unwrap(), Some(90));
        assert_eq!(target(&o("compute_80")).unwrap(), Some(80));
        assert_eq!(target(&o("90a")).unwrap(), Some(0x10000 + 90));
        assert_eq!(target(&LinkerOptions::default()).unwrap(), None);
        assert!(target(&o("sm_100f")).is_err());
    }
}
