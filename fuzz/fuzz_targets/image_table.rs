//! Any bytes through the image reader (cubin, fatbin with LZ4/zstd entries, PTX) and the
//! structural checks the driver path uses: errors are fine, panics, hangs and unbounded
//! allocations are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = cuda_library::LibraryTable::read(data);
    let _ = cuda_library::check_cubin(data);
    let _ = cuda_library::check_fatbin(data);
    if let Ok(entries) = cuda_library::fatbin_entries(data) {
        let _ = cuda_library::choose_fatbin_entry(&entries, 90);
    }
});
