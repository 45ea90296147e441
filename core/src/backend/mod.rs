//! Which backend runs the API, and why.
//!
//! One public API sits over a backend seam: the **driver** backend (the real CUDA driver,
//! opened at run time) and the **sim** backend (a simulated GPU in pure Rust that reads the
//! images itself and executes their PTX; see [`crate::sim`]). The choice is made once per
//! process, on first use: `CUDA_LIBRARY_BACKEND=driver|sim|auto` forces it, [`use_backend`]
//! picks it from code, and `auto` (the default) picks the driver when it loads and reports a
//! device, otherwise the simulator, recording why in [`BackendInfo::fallback_reason`].

use std::sync::OnceLock;

mod dispatch;
pub(crate) mod driver_only;
pub(crate) mod green;
pub(crate) mod interface;
pub(crate) mod linkers;
pub(crate) mod seam;
pub(crate) mod slot;

use crate::error::{CudaVersion, Error, LoadAttempt, Result};
use crate::sim::CostModel;

/// A backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum BackendKind {
    /// The NVIDIA CUDA driver (`libcuda`), opened at run time.
    Driver,
    /// The simulated GPU: images read and PTX executed in software, time simulated.
    Sim,
}

impl std::fmt::Display for BackendKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BackendKind::Driver => "driver",
            BackendKind::Sim => "sim",
        })
    }
}

/// The CUDA driver a backend runs on.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
///
/// The [`backends`](crate::guide::backends) guide says how it is chosen and what each does.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct BackendInfo {
    /// The backend.
    pub kind: BackendKind,
    /// Why this backend: `auto`, `CUDA_LIBRARY_BACKEND=<value>` or `use_backend`.
    pub selected_by: String,
    /// Number of devices.
    pub device_count: usize,
    /// The driver, for the driver backend.
    pub driver: Option<DriverInfo>,
    /// Why the driver was not used, when `auto` chose the simulator.
    pub fallback_reason: Option<String>,
    /// For the simulator: the cost model its simulated times come from.
    pub cost_model: Option<CostModel>,
}

impl BackendInfo {
    /// Whether times and results come from the simulator.
    pub fn is_simulated(&self) -> bool {
        self.kind == BackendKind::Sim
    }

    /// What runs kernels, in a few words: `CUDA driver 13.0 (/usr/lib/.../libcuda.so.1)`
    /// or `cuda-library simulated GPU (sm_90) (simulated)`.
    ///
    /// ```
    /// let info = cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// assert!(info.runs_on().ends_with("(simulated)"));
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn runs_on(&self) -> String {
        match &self.driver {
            Some(d) => format!("CUDA driver {} ({})", d.version, d.path),
            None => format!("{} (simulated)", crate::sim::device::NAME),
        }
    }

    /// Why this backend runs, in words: `chosen automatically: no usable CUDA driver (why
    /// below)`, `chosen by CUDA_LIBRARY_BACKEND=sim`, `chosen in code by use_backend(...)`.
    pub fn reason(&self) -> String {
        match (self.selected_by.as_str(), self.kind) {
            ("auto", BackendKind::Driver) => {
                "chosen automatically: the CUDA driver loaded and found a GPU".to_string()
            }
            ("auto", BackendKind::Sim) if cfg!(target_arch = "wasm32") => {
                "chosen automatically: a browser has no CUDA driver".to_string()
            }
            ("auto", BackendKind::Sim) => {
                "chosen automatically: no usable CUDA driver (why below)".to_string()
            }
            ("use_backend", _) => format!(
                "chosen in code by use_backend(BackendKind::{:?})",
                self.kind
            ),
            (other, _) => format!("chosen by {other}"),
        }
    }

    /// How to choose another backend, in words.
    pub fn how_to_change(&self) -> &'static str {
        if cfg!(target_arch = "wasm32") {
            "in the browser the simulated GPU is the only backend"
        } else {
            "set CUDA_LIBRARY_BACKEND=driver, sim or auto before the program starts, or call \
             use_backend(BackendKind::Driver or Sim) before any other cuda-library call"
        }
    }
}

impl std::fmt::Display for BackendInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.driver {
            Some(d) => {
                write!(
                    f,
                    "CUDA driver {} ({} device(s)) from {}, {}",
                    d.version,
                    self.device_count,
                    d.path,
                    self.reason()
                )?;
                for s in &d.skipped {
                    write!(f, "\n  note: {} was skipped: {}", s.candidate, s.reason)?;
                }
            }
            None => write!(
                f,
                "{} (simulated: PTX executed in software, times from a cost model), {}",
                crate::sim::device::NAME,
                self.reason()
            )?,
        }
        if let Some(why) = &self.fallback_reason {
            let mut lines = why.lines();
            write!(
                f,
                "\n  the CUDA driver was not used: {}",
                lines.next().unwrap_or_default()
            )?;
            for line in lines {
                write!(f, "\n    {line}")?;
            }
        }
        Ok(())
    }
}

static SELECTED: OnceLock<BackendInfo> = OnceLock::new();

/// The backend this process uses, chosen on first use (`CUDA_LIBRARY_BACKEND`, or
/// [`use_backend`]): the CUDA driver when it loads and reports a device, otherwise the
/// simulator, with the reason in [`BackendInfo::fallback_reason`]. An error only when a backend was forced
/// and cannot run (`CUDA_LIBRARY_BACKEND=driver` on a machine without a GPU, or a value
/// that names no backend).
///
/// ```
/// let info = cuda_library::backend()?;
/// println!("running on {info}");
/// if let Some(why) = &info.fallback_reason {
///     println!("simulated because: {why}");
/// }
/// # Ok::<(), cuda_library::Error>(())
/// ```
///
/// The [`backends`](crate::guide::backends) guide says how the backend is chosen.
pub fn backend() -> Result<BackendInfo> {
    selected().cloned()
}

/// Chooses the backend from code instead of `CUDA_LIBRARY_BACKEND`. Call it before anything
/// else in cuda-library; asking again for the backend already chosen is fine, asking for
/// another one is an error (handles of one backend cannot be used with the other).
///
/// ```
/// use cuda_library::{use_backend, BackendKind};
/// let info = use_backend(BackendKind::Sim)?;
/// assert!(info.is_simulated());
/// assert!(use_backend(BackendKind::Sim).is_ok());
/// # Ok::<(), cuda_library::Error>(())
/// ```
///
/// The [`backends`](crate::guide::backends) guide says how the backend is chosen.
pub fn use_backend(kind: BackendKind) -> Result<BackendInfo> {
    if let Some(b) = SELECTED.get() {
        return same_or_err(b, kind);
    }
    let info = choose(kind_name(kind), "use_backend".to_string())?;
    same_or_err(install(info), kind)
}

fn same_or_err(b: &BackendInfo, kind: BackendKind) -> Result<BackendInfo> {
    if b.kind == kind {
        Ok(b.clone())
    } else {
        Err(Error::BackendUnavailable(format!(
            "the {} backend is already in use ({}); call use_backend({kind:?}) \
             before any other cuda-library call, or set CUDA_LIBRARY_BACKEND={kind}",
            b.kind,
            b.reason()
        )))
    }
}

fn kind_name(kind: BackendKind) -> &'static str {
    match kind {
        BackendKind::Driver => "driver",
        BackendKind::Sim => "sim",
    }
}

/// The chosen backend, choosing it on first use.
#[inline]
pub(crate) fn selected() -> Result<&'static BackendInfo> {
    if let Some(b) = SELECTED.get() {
        return Ok(b);
    }
    let requested = std::env::var("CUDA_LIBRARY_BACKEND").unwrap_or_default();
    let requested = requested.trim();
    let by = match requested {
        "" | "auto" => "auto".to_string(),
        other => format!("CUDA_LIBRARY_BACKEND={other}"),
    };
    let info = choose(requested, by)?;
    Ok(install(info))
}

/// Makes `info` the process's backend unless another thread chose first; the one chosen.
fn install(info: BackendInfo) -> &'static BackendInfo {
    SELECTED.get_or_init(|| info)
}

fn sim_info(selected_by: String, fallback_reason: Option<String>) -> BackendInfo {
    BackendInfo {
        kind: BackendKind::Sim,
        selected_by,
        device_count: 1,
        driver: None,
        fallback_reason,
        cost_model: Some(crate::sim::device::gpu().cost),
    }
}

fn choose(requested: &str, selected_by: String) -> Result<BackendInfo> {
    match requested {
        "sim" => Ok(sim_info(selected_by, None)),
        "driver" => driver_info(selected_by),
        "" | "auto" => match driver_info(selected_by.clone()) {
            Ok(info) => Ok(info),
            Err(why) => Ok(sim_info(selected_by, Some(why.to_string()))),
        },
        other => Err(Error::BackendUnavailable(format!(
            "CUDA_LIBRARY_BACKEND={other} is not a backend: use driver, sim or auto"
        ))),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn driver_info(selected_by: String) -> Result<BackendInfo> {
    use interface::DeviceInterface;
    let drv = crate::driver::driver()?;
    let device_count = crate::driver::Device::count()?;
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
        cost_model: None,
    })
}

#[cfg(target_arch = "wasm32")]
fn driver_info(_selected_by: String) -> Result<BackendInfo> {
    Err(Error::BackendUnavailable(
        "WebAssembly has no CUDA driver; this build runs on the simulator".to_string(),
    ))
}

/// The CUDA driver's version, without selecting a backend.
#[cfg(not(target_arch = "wasm32"))]
pub fn driver_version() -> Result<CudaVersion> {
    Ok(crate::driver::driver()?.version)
}
