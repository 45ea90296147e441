//! Which backend runs the API, and why.
//!
//! One public API sits over a backend seam. This release has the **driver** backend (the
//! real CUDA driver, opened at run time); the simulated backend joins behind the same API.
//! `CUDA_LIBRARY_BACKEND=driver|sim|auto` forces a choice; `auto` (the default) picks the
//! driver when it loads and reports a device.

use serde::Serialize;

use crate::driver::driver;
use crate::error::{CudaVersion, Error, LoadAttempt, Result};

/// A backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub enum BackendKind {
    /// The NVIDIA CUDA driver (`libcuda`), opened at run time.
    Driver,
}

/// What backend is in use, where it came from and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackendInfo {
    /// The backend.
    pub kind: BackendKind,
    /// Where the driver was loaded from.
    pub driver_path: String,
    /// The CUDA version the driver supports.
    pub driver_version: CudaVersion,
    /// Number of devices.
    pub device_count: usize,
    /// Why this backend: `auto` or the `CUDA_LIBRARY_BACKEND` value.
    pub selected_by: String,
    /// Candidates that failed before the one that loaded (a misconfigured
    /// `CUDA_LIBRARY_DRIVER`, for example).
    pub skipped: Vec<LoadAttempt>,
}

impl std::fmt::Display for BackendInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CUDA driver {} ({} device(s)) from {}, selected by {}",
            self.driver_version, self.device_count, self.driver_path, self.selected_by
        )?;
        for s in &self.skipped {
            write!(f, "\n  note: {} was skipped: {}", s.candidate, s.reason)?;
        }
        Ok(())
    }
}

/// The backend this process uses, chosen once: the CUDA driver when it loads and reports a
/// device. The error says why no backend is available (every driver candidate tried and
/// the loader's message for each).
///
/// ```
/// match cuda_library::backend() {
///     Ok(info) => println!("running on {info}"),
///     Err(why) => println!("no GPU backend: {why}"),
/// }
/// ```
pub fn backend() -> Result<BackendInfo> {
    let requested = std::env::var("CUDA_LIBRARY_BACKEND").unwrap_or_default();
    let selected_by = match requested.trim() {
        "" | "auto" => "auto".to_string(),
        "driver" => "CUDA_LIBRARY_BACKEND=driver".to_string(),
        "sim" => {
            return Err(Error::BackendUnavailable(
                "CUDA_LIBRARY_BACKEND=sim asks for the simulated backend, which this version of cuda-library does not include yet".to_string(),
            ))
        }
        other => {
            return Err(Error::BackendUnavailable(format!(
                "CUDA_LIBRARY_BACKEND={other} is not a backend: use driver, sim or auto"
            )))
        }
    };
    let drv = driver()?;
    let device_count = crate::Device::count()?;
    if device_count == 0 {
        return Err(Error::NoDevice);
    }
    Ok(BackendInfo {
        kind: BackendKind::Driver,
        driver_path: drv.path.clone(),
        driver_version: drv.version,
        device_count,
        selected_by,
        skipped: drv.skipped.clone(),
    })
}

/// The CUDA driver's version, without selecting a backend.
pub fn driver_version() -> Result<CudaVersion> {
    Ok(driver()?.version)
}
