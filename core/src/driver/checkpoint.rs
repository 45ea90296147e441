//! Checkpointing a CUDA process on the driver (`cuCheckpointProcess*`, CUDA 12.8+, Linux):
//! lock a process's CUDA calls, move its GPU memory to host memory and release the GPU, bring
//! it back, unlock.
//!
//! Resolved when first needed through `cuGetProcAddress` at the 12.8 ABI of their
//! `cudaTypedefs.h` typedefs (as `ipc.rs` does). Their argument structs are all reserved
//! words (plus a lock timeout) in that ABI, written out below from `cuda.h` (12.9).

use std::ffi::{c_int, c_uint, c_void, CStr};

use super::{driver, Driver};
use crate::error::{CudaVersion, Error, Result};
use crate::info::ProcessState;
use crate::sys::driver as sys;

/// The ABI version of every entry point here.
const SINCE: i32 = 12080;

/// `CUcheckpointLockArgs`.
#[repr(C)]
struct LockArgs {
    timeout_ms: c_uint,
    reserved0: c_uint,
    reserved1: [u64; 7],
}

/// `CUcheckpointCheckpointArgs`, `CUcheckpointRestoreArgs`, `CUcheckpointUnlockArgs`: eight
/// reserved words, zeroed.
#[repr(C)]
struct ReservedArgs {
    reserved: [u64; 8],
}

type CuResult = sys::CUresult;
type GetState = unsafe extern "C" fn(c_int, *mut c_int) -> CuResult;
type GetRestoreThreadId = unsafe extern "C" fn(c_int, *mut c_int) -> CuResult;
type Lock = unsafe extern "C" fn(c_int, *mut LockArgs) -> CuResult;
type StepFn = unsafe extern "C" fn(c_int, *mut ReservedArgs) -> CuResult;

/// Resolves `name` at the 12.8 ABI as `F`.
///
/// # Safety
/// `F` is the `cudaTypedefs.h` typedef of `name` at version 12080.
unsafe fn resolve<F: Copy>(drv: &Driver, name: &'static CStr) -> Result<F> {
    let p = drv.proc_address(name, SINCE);
    if p.is_null() {
        return Err(Error::MissingEntryPoint {
            function: name.to_str().unwrap_or("cuCheckpointProcess*"),
            driver: drv.version,
            needed: CudaVersion(SINCE),
        });
    }
    // SAFETY: a non-null address for this symbol at this version, whose signature `F`
    // spells (the caller's promise); `F` is a thin fn pointer.
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&p) })
}

/// `cuCheckpointProcessGetState`.
pub(crate) fn state(pid: i32) -> Result<ProcessState> {
    let drv = driver()?;
    // SAFETY: the type is `PFN_cuCheckpointProcessGetState_v12080` (the enum is an int).
    let f: GetState = unsafe { resolve(drv, c"cuCheckpointProcessGetState") }?;
    let mut state: c_int = -1;
    // SAFETY: writes one enum value.
    drv.check(unsafe { f(pid, &mut state) }, "cuCheckpointProcessGetState")?;
    match state {
        0 => Ok(ProcessState::Running),
        1 => Ok(ProcessState::Locked),
        2 => Ok(ProcessState::Checkpointed),
        3 => Ok(ProcessState::Failed),
        other => Err(Error::Unsupported(format!(
            "cuCheckpointProcessGetState gave the state {other}, which this crate does not \
             know (a newer driver?)"
        ))),
    }
}

/// `cuCheckpointProcessGetRestoreThreadId`.
pub(crate) fn restore_thread_id(pid: i32) -> Result<i32> {
    let drv = driver()?;
    // SAFETY: the type is `PFN_cuCheckpointProcessGetRestoreThreadId_v12080`.
    let f: GetRestoreThreadId = unsafe { resolve(drv, c"cuCheckpointProcessGetRestoreThreadId") }?;
    let mut tid: c_int = 0;
    // SAFETY: writes one int.
    drv.check(
        unsafe { f(pid, &mut tid) },
        "cuCheckpointProcessGetRestoreThreadId",
    )?;
    Ok(tid)
}

/// `cuCheckpointProcessLock`, giving up after `timeout_ms` (0: no timeout).
pub(crate) fn lock(pid: i32, timeout_ms: u32) -> Result<()> {
    let drv = driver()?;
    // SAFETY: the type is `PFN_cuCheckpointProcessLock_v12080`.
    let f: Lock = unsafe { resolve(drv, c"cuCheckpointProcessLock") }?;
    let mut args = LockArgs {
        timeout_ms,
        reserved0: 0,
        reserved1: [0; 7],
    };
    // SAFETY: a complete, zeroed argument struct, alive for the call.
    drv.check(unsafe { f(pid, &mut args) }, "cuCheckpointProcessLock")
}

/// Which step after the lock.
#[derive(Clone, Copy)]
pub(crate) enum Step {
    Checkpoint,
    Restore,
    Unlock,
}

/// `cuCheckpointProcessCheckpoint`, `Restore` or `Unlock`.
pub(crate) fn step(pid: i32, which: Step) -> Result<()> {
    let drv = driver()?;
    let name = match which {
        Step::Checkpoint => c"cuCheckpointProcessCheckpoint",
        Step::Restore => c"cuCheckpointProcessRestore",
        Step::Unlock => c"cuCheckpointProcessUnlock",
    };
    // SAFETY: the three typedefs at 12080 take (int pid, <struct of 8 reserved words> *).
    let f: StepFn = unsafe { resolve(drv, name) }?;
    let mut args = ReservedArgs { reserved: [0; 8] };
    // SAFETY: a zeroed argument struct, alive for the call.
    let rc = unsafe { f(pid, &mut args) };
    drv.check(rc, name.to_str().unwrap_or("cuCheckpointProcess*"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_structs_have_the_header_sizes() {
        assert_eq!(std::mem::size_of::<LockArgs>(), 64);
        assert_eq!(std::mem::size_of::<ReservedArgs>(), 64);
    }
}
