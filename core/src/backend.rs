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

/// The CUDA driver a backend runs on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DriverInfo {
    /// Where the driver was loaded from.
    pub path: String,
    /// The CUDA version the driver supports.
    pub version: CudaVersion,
    /// Candidates that failed before the one that loaded (a misconfigured
    /// `CUDA_LIBRARY_DRIVER`, for example).
    pub skipped: Vec<LoadAttempt>,
}

/// What backend is in use, where it came from and why it was chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct BackendInfo {
    /// The backend.
    pub kind: BackendKind,
    /// Why this backend: `auto` or the `CUDA_LIBRARY_BACKEND` value.
    pub selected_by: String,
    /// Number of devices.
    pub device_count: usize,
    /// The driver, for the driver backend.
    pub driver: Option<DriverInfo>,
    /// Why the driver was not used, when another backend was chosen automatically.
    pub fallback_reason: Option<String>,
}

impl std::fmt::Display for BackendInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.driver {
            Some(d) => {
                write!(
                    f,
                    "CUDA driver {} ({} device(s)) from {}, selected by {}",
                    d.version, self.device_count, d.path, self.selected_by
                )?;
                for s in &d.skipped {
                    write!(f, "\n  note: {} was skipped: {}", s.candidate, s.reason)?;
                }
            }
            None => write!(
                f,
                "{:?} backend, selected by {}",
                self.kind, self.selected_by
            )?,
        }
        if let Some(why) = &self.fallback_reason {
            write!(f, "\n  the CUDA driver was not used: {why}")?;
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
        selected_by,
        device_count,
        driver: Some(DriverInfo {
            path: drv.path.clone(),
            version: drv.version,
            skipped: drv.skipped.clone(),
        }),
        fallback_reason: None,
    })
}

/// The CUDA driver's version, without selecting a backend.
pub fn driver_version() -> Result<CudaVersion> {
    Ok(driver()?.version)
}
