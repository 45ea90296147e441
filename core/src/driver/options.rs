//! Library options laid out as `cuLibraryLoadData` wants them.

use std::ffi::c_void;

use crate::error::Result;
use crate::options::LibraryOptions;
use crate::sys::driver as sys;

/// Options laid out as the driver wants them: parallel key and value arrays, with the log
/// buffers they point into. Keep it alive (and unmoved in its heap parts) across the call.
pub(crate) struct EncodedOptions {
    pub jit_keys: Vec<sys::CUjit_option>,
    pub jit_values: Vec<*mut c_void>,
    pub lib_keys: Vec<sys::CUlibraryOption>,
    pub lib_values: Vec<*mut c_void>,
    info_log: Vec<u8>,
    error_log: Vec<u8>,
    info_size_slot: Option<usize>,
    error_size_slot: Option<usize>,
}

fn as_value(v: usize) -> *mut c_void {
    v as *mut c_void
}

/// Checks the values and lays them out for `cuLibraryLoadData`/`cuLibraryLoadFromFile`.
/// `may_jit` is false for a cubin, which the driver never compiles: no log buffers are
/// allocated or passed then.
pub(crate) fn encode(options: &LibraryOptions, may_jit: bool) -> Result<EncodedOptions> {
    options.validate()?;
    let j = &options.jit;
    let log_size = if may_jit { j.log_size } else { 0 };
    let mut e = EncodedOptions {
        jit_keys: Vec::new(),
        jit_values: Vec::new(),
        lib_keys: Vec::new(),
        lib_values: Vec::new(),
        info_log: vec![0; log_size],
        error_log: vec![0; log_size],
        info_size_slot: None,
        error_size_slot: None,
    };
    let mut push = |k: sys::CUjit_option, v: usize| {
        e.jit_keys.push(k);
        e.jit_values.push(as_value(v));
    };
    if let Some(level) = j.optimization_level {
        push(sys::CUjit_option::CU_JIT_OPTIMIZATION_LEVEL, level as usize);
    }
    if let Some(r) = j.max_registers {
        push(sys::CUjit_option::CU_JIT_MAX_REGISTERS, r as usize);
    }
    if let Some(t) = j.target {
        push(sys::CUjit_option::CU_JIT_TARGET, t as usize);
    }
    if let Some(t) = j.threads_per_block {
        push(sys::CUjit_option::CU_JIT_THREADS_PER_BLOCK, t as usize);
    }
    if j.generate_debug_info {
        push(sys::CUjit_option::CU_JIT_GENERATE_DEBUG_INFO, 1);
    }
    if j.generate_line_info {
        push(sys::CUjit_option::CU_JIT_GENERATE_LINE_INFO, 1);
    }
    if j.log_verbose {
        push(sys::CUjit_option::CU_JIT_LOG_VERBOSE, 1);
    }
    if log_size > 0 {
        e.jit_keys.push(sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER);
        e.jit_values.push(e.info_log.as_mut_ptr().cast());
        e.jit_keys
            .push(sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
        e.info_size_slot = Some(e.jit_values.len());
        e.jit_values.push(as_value(log_size));
        e.jit_keys.push(sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER);
        e.jit_values.push(e.error_log.as_mut_ptr().cast());
        e.jit_keys
            .push(sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
        e.error_size_slot = Some(e.jit_values.len());
        e.jit_values.push(as_value(log_size));
    }
    if options.binary_is_preserved {
        e.lib_keys
            .push(sys::CUlibraryOption::CU_LIBRARY_BINARY_IS_PRESERVED);
        e.lib_values.push(as_value(1));
    }
    if let Some(t) = options.host_universal_table {
        e.lib_keys
            .push(sys::CUlibraryOption::CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE);
        e.lib_values.push(t.as_raw());
    }
    Ok(e)
}

impl EncodedOptions {
    fn log(buf: &[u8], slot: Option<usize>, values: &[*mut c_void]) -> String {
        // The driver writes the used size back into the value slot (including the NUL).
        let used = slot
            .and_then(|i| values.get(i))
            .map(|v| *v as usize)
            .unwrap_or(0)
            .min(buf.len());
        let text = &buf[..used];
        let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
        String::from_utf8_lossy(&text[..end]).into_owned()
    }

    /// The JIT info log after the call.
    pub fn info_log(&self) -> String {
        Self::log(&self.info_log, self.info_size_slot, &self.jit_values)
    }

    /// The JIT error log after the call.
    pub fn error_log(&self) -> String {
        Self::log(&self.error_log, self.error_size_slot, &self.jit_values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{HostTable, JitOptions};

    /// The tests read better as a method.
    trait Encode {
        fn encode(&self, may_jit: bool) -> Result<EncodedOptions>;
    }
    impl Encode for LibraryOptions {
        fn encode(&self, may_jit: bool) -> Result<EncodedOptions> {
            encode(self, may_jit)
        }
    }

    #[test]
    fn default_options_carry_only_log_buffers() {
        let e = LibraryOptions::default().encode(true).unwrap();
        assert_eq!(
            e.jit_keys,
            vec![
                sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER,
                sys::CUjit_option::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER,
                sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            ]
        );
        assert_eq!(e.jit_values[1] as usize, 16 * 1024);
        assert!(e.lib_keys.is_empty());
        assert_eq!(e.info_log(), "");
    }

    #[test]
    fn a_cubin_gets_no_log_buffers() {
        let e = LibraryOptions::default().encode(false).unwrap();
        assert!(e.jit_keys.is_empty());
        assert_eq!(e.info_log(), "");
    }

    #[test]
    fn a_null_host_table_is_refused() {
        // SAFETY: only encoded, never given to a driver.
        let t = unsafe { HostTable::from_raw(std::ptr::null_mut()) };
        let opts = LibraryOptions {
            host_universal_table: Some(t),
            ..Default::default()
        };
        let e = opts
            .encode(true)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("null pointer"), "{e}");
    }

    #[test]
    fn every_option_is_encoded_with_its_value() {
        let opts = LibraryOptions {
            binary_is_preserved: true,
            host_universal_table: None,
            jit: JitOptions {
                optimization_level: Some(2),
                max_registers: Some(32),
                target: Some(90),
                threads_per_block: Some(256),
                generate_debug_info: true,
                generate_line_info: true,
                log_verbose: true,
                log_size: 0,
            },
        };
        let e = opts.encode(true).unwrap();
        let pairs: Vec<(u32, usize)> = e
            .jit_keys
            .iter()
            .zip(&e.jit_values)
            .map(|(k, v)| (k.0, *v as usize))
            .collect();
        assert_eq!(
            pairs,
            vec![
                (7, 2),
                (0, 32),
                (9, 90),
                (1, 256),
                (11, 1),
                (13, 1),
                (12, 1)
            ]
        );
        assert_eq!(
            e.lib_keys,
            vec![sys::CUlibraryOption::CU_LIBRARY_BINARY_IS_PRESERVED]
        );
        assert_eq!(e.lib_values[0] as usize, 1);
    }

    #[test]
    fn host_table_is_passed_as_its_address() {
        let mut table = [0u64; 4];
        // SAFETY: only encoded here, never given to a driver.
        let t = unsafe { HostTable::from_raw(table.as_mut_ptr().cast()) };
        let opts = LibraryOptions {
            host_universal_table: Some(t),
            ..Default::default()
        };
        let e = opts.encode(true).unwrap();
        assert_eq!(e.lib_keys[0].0, 0);
        assert_eq!(e.lib_values[0], table.as_mut_ptr().cast());
    }

    #[test]
    fn out_of_range_values_are_rejected_with_the_range() {
        let bad = |jit: JitOptions| {
            LibraryOptions {
                jit,
                ..Default::default()
            }
            .encode(true)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
        };
        assert!(bad(JitOptions {
            optimization_level: Some(9),
            ..Default::default()
        })
        .contains("use 0 to 4"));
        assert!(bad(JitOptions {
            max_registers: Some(1000),
            ..Default::default()
        })
        .contains("16 to 255"));
        assert!(bad(JitOptions {
            target: Some(9),
            ..Default::default()
        })
        .contains("90 for sm_90"));
        assert!(bad(JitOptions {
            threads_per_block: Some(0),
            ..Default::default()
        })
        .contains("1 to 1024"));
    }

    #[test]
    fn logs_are_read_up_to_the_size_the_driver_wrote_back() {
        let mut e = LibraryOptions::default().encode(true).unwrap();
        e.info_log[..6].copy_from_slice(b"hello\0");
        let slot = e.info_size_slot.unwrap();
        e.jit_values[slot] = as_value(6);
        assert_eq!(e.info_log(), "hello");
        // A hostile size larger than the buffer is clamped.
        e.jit_values[slot] = as_value(usize::MAX);
        assert_eq!(e.info_log(), "hello");
    }

    #[test]
    #[cfg(feature = "serde")]
    fn options_round_trip_through_json() {
        let opts = LibraryOptions {
            binary_is_preserved: true,
            ..Default::default()
        };
        let json = serde_json::to_string(&opts).unwrap();
        let back: LibraryOptions = serde_json::from_str(&json).unwrap();
        assert_eq!(back, opts);
    }
}
