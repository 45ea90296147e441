//! Options for loading a library: the `CU_LIBRARY_*` options and the JIT options.

use std::ffi::c_void;

use crate::error::{Error, Result};

/// How a library is loaded. Mirrors `CUlibraryOption` plus the JIT options that apply when
/// the image holds PTX the driver must compile.
///
/// ```
/// use cuda_library::{JitOptions, LibraryOptions};
/// let opts = LibraryOptions {
///     jit: JitOptions { optimization_level: Some(3), max_registers: Some(64), ..Default::default() },
///     ..Default::default()
/// };
/// assert!(!opts.binary_is_preserved);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LibraryOptions {
    /// `CU_LIBRARY_BINARY_IS_PRESERVED`: the image bytes stay valid until the library is
    /// unloaded, so the driver need not copy them. This crate then keeps its own copy of the
    /// bytes alive for the library's lifetime. Not valid with [`Library::load_file`]
    /// (the driver returns `CUDA_ERROR_INVALID_VALUE`).
    ///
    /// [`Library::load_file`]: crate::Library::load_file
    pub binary_is_preserved: bool,
    /// `CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE`: the host table nvcc emits for
    /// unified functions. Only meaningful with code built by nvcc for that purpose.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub host_universal_table: Option<HostTable>,
    /// JIT options (used when the driver compiles PTX).
    pub jit: JitOptions,
}

/// A pointer to a host universal function and data table, for
/// [`LibraryOptions::host_universal_table`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostTable(usize);

impl HostTable {
    /// Wraps a table address.
    ///
    /// # Safety
    /// `ptr` must point to a table in the layout the CUDA driver expects for
    /// `CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE`, valid while the library is loaded.
    pub unsafe fn from_raw(ptr: *mut c_void) -> HostTable {
        // Kept as a number: this crate only hands it to the driver.
        HostTable(ptr as usize)
    }

    /// The address.
    pub fn as_raw(&self) -> *mut c_void {
        self.0 as *mut c_void
    }
}

/// JIT compilation options (`CU_JIT_*`), applied when the image needs compiling.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct JitOptions {
    /// `CU_JIT_OPTIMIZATION_LEVEL`, 0 to 4 (the driver's default is 4).
    pub optimization_level: Option<u32>,
    /// `CU_JIT_MAX_REGISTERS`: registers per thread, at most.
    pub max_registers: Option<u32>,
    /// `CU_JIT_TARGET`: compile for this compute capability, written as `10 * major + minor`
    /// (90 for sm_90) instead of the current context's device.
    pub target: Option<u32>,
    /// `CU_JIT_THREADS_PER_BLOCK`: optimise register use for at least this block size.
    pub threads_per_block: Option<u32>,
    /// `CU_JIT_GENERATE_DEBUG_INFO`.
    pub generate_debug_info: bool,
    /// `CU_JIT_GENERATE_LINE_INFO`.
    pub generate_line_info: bool,
    /// `CU_JIT_LOG_VERBOSE`: the info log lists registers, spills and so on.
    pub log_verbose: bool,
    /// Bytes reserved for each of the info and error logs (0: no logs). Default 16 KiB.
    pub log_size: usize,
}

impl Default for JitOptions {
    fn default() -> Self {
        JitOptions {
            optimization_level: None,
            max_registers: None,
            target: None,
            threads_per_block: None,
            generate_debug_info: false,
            generate_line_info: false,
            log_verbose: false,
            log_size: 16 * 1024,
        }
    }
}

impl LibraryOptions {
    /// Checks every value, as both backends do before loading: a JIT option out of the
    /// driver's range or a null host table is an error, never a driver call.
    pub fn validate(&self) -> Result<()> {
        let j = &self.jit;
        let bad = |m: String| Err(Error::InvalidArgument(m));
        if let Some(level) = j.optimization_level.filter(|&l| l > 4) {
            return bad(format!(
                "JIT optimization level {level} is out of range: use 0 to 4"
            ));
        }
        if let Some(r) = j.max_registers.filter(|r| !(16..=255).contains(r)) {
            return bad(format!("max_registers {r} is out of range: use 16 to 255"));
        }
        if let Some(t) = j.target.filter(|t| !(30..=200).contains(t)) {
            return bad(format!(
                "JIT target {t} is not a compute capability: write 10 * major + minor, e.g. 90 for sm_90"
            ));
        }
        if let Some(t) = j.threads_per_block.filter(|&t| t == 0 || t > 1024) {
            return bad(format!(
                "threads_per_block {t} is out of range: use 1 to 1024"
            ));
        }
        if self.host_universal_table.is_some_and(|t| t.0 == 0) {
            // Seen on driver 580: a null table crashes cuLibraryLoadData.
            return bad(
                "host_universal_table is a null pointer; leave the option unset when there is no table"
                    .to_string(),
            );
        }
        Ok(())
    }
}
