//! [`LinkerOptions`] and [`LinkerBackend`]: what a link is asked for, as plain data.

use crate::error::{Error, Result};

/// Which linker does a link.
///
/// ```
/// use cuda_library::LinkerBackend;
/// assert_eq!(LinkerBackend::Ptx.to_string(), "the PTX linker");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum LinkerBackend {
    /// NVIDIA's nvJitLink library, opened at run time (it needs no GPU). Links every input
    /// kind into a cubin, and LTO-IR into PTX.
    NvJitLink,
    /// The CUDA driver's own linker (`cuLinkCreate` ... `cuLinkComplete`): PTX, cubins,
    /// fatbins and relocatable objects into a cubin for the current context's GPU. No LTO.
    Driver,
    /// This crate's PTX linker, pure Rust: PTX modules into one PTX module, their
    /// `.extern` functions and variables resolved across modules. Needs no CUDA at all (the
    /// simulator and the browser use it); links only PTX, into PTX.
    Ptx,
}

impl std::fmt::Display for LinkerBackend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LinkerBackend::NvJitLink => "nvJitLink",
            LinkerBackend::Driver => "the CUDA driver's linker (cuLink)",
            LinkerBackend::Ptx => "the PTX linker",
        })
    }
}

/// Link options, as plain data (cuda.core's `LinkerOptions`).
///
/// ```
/// use cuda_library::LinkerOptions;
/// let o = LinkerOptions {
///     arch: Some("sm_90".into()),
///     link_time_optimization: true,
///     optimization_level: Some(3),
///     ..Default::default()
/// };
/// assert_eq!(o.to_nvjitlink_args("sm_80").unwrap(), ["-arch=sm_90", "-lto", "-O3"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct LinkerOptions {
    /// Target architecture: `sm_90`, `90`, `compute_90` or `sm_90a`. `None`: device 0's
    /// architecture (the simulated device's `sm_90` on the simulator).
    pub arch: Option<String>,
    /// Link-time optimisation (`-lto`): needed to link LTO-IR, and set by itself when an
    /// input is LTO-IR. nvJitLink only.
    pub link_time_optimization: bool,
    /// Optimisation level of the final compile, 0 to 4 (`-O<n>`, `CU_JIT_OPTIMIZATION_LEVEL`).
    pub optimization_level: Option<u32>,
    /// Device debug information (`-g`, `CU_JIT_GENERATE_DEBUG_INFO`).
    pub debug: bool,
    /// Line information (`-lineinfo`, `CU_JIT_GENERATE_LINE_INFO`).
    pub line_info: bool,
    /// Most registers a thread may use (`-maxrregcount=<n>`, `CU_JIT_MAX_REGISTERS`).
    pub max_register_count: Option<u32>,
    /// Verbose logs (`-verbose`, `CU_JIT_LOG_VERBOSE`): what each kernel uses, in the
    /// linked code's [`compile_log`](crate::ObjectCode::compile_log).
    pub verbose: bool,
    /// Which linker: `None` chooses (see [`Linker::link`](crate::Linker::link)).
    pub backend: Option<LinkerBackend>,
    /// Any other nvJitLink options, passed as given (e.g. `-ftz=true`).
    pub extra: Vec<String>,
}

impl LinkerOptions {
    /// The architecture as `sm_<digits>` (`90` and `compute_90` become `sm_90`), or an
    /// error naming what is wrong with it.
    pub(crate) fn sm_arch(arch: &str) -> Result<String> {
        let digits = arch
            .trim()
            .trim_start_matches("sm_")
            .trim_start_matches("compute_")
            .trim_start_matches("lto_");
        let ok = digits.chars().next().is_some_and(|c| c.is_ascii_digit())
            && digits.chars().all(|c| c.is_ascii_alphanumeric());
        if !ok {
            return Err(Error::InvalidArgument(format!(
                "arch `{arch}` is not an architecture: write e.g. sm_90, compute_80 or 90"
            )));
        }
        Ok(format!("sm_{digits}"))
    }

    /// The nvJitLink options for these settings; `default_arch` when
    /// [`arch`](LinkerOptions::arch) is `None`.
    ///
    /// ```
    /// use cuda_library::LinkerOptions;
    /// let o = LinkerOptions { max_register_count: Some(64), verbose: true, ..Default::default() };
    /// assert_eq!(o.to_nvjitlink_args("90").unwrap(), ["-arch=sm_90", "-maxrregcount=64", "-verbose"]);
    /// ```
    pub fn to_nvjitlink_args(&self, default_arch: &str) -> Result<Vec<String>> {
        let arch = Self::sm_arch(self.arch.as_deref().unwrap_or(default_arch))?;
        let mut a = vec![format!("-arch={arch}")];
        if self.link_time_optimization {
            a.push("-lto".to_string());
        }
        if let Some(level) = self.optimization_level {
            if level > 4 {
                return Err(Error::InvalidArgument(format!(
                    "optimization_level {level}: nvJitLink takes 0 to 4"
                )));
            }
            a.push(format!("-O{level}"));
        }
        if self.debug {
            a.push("-g".to_string());
        }
        if self.line_info {
            a.push("-lineinfo".to_string());
        }
        if let Some(r) = self.max_register_count {
            a.push(format!("-maxrregcount={r}"));
        }
        if self.verbose {
            a.push("-verbose".to_string());
        }
        a.extend(self.extra.iter().cloned());
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arches_are_normalised_and_checked() {
        assert_eq!(LinkerOptions::sm_arch("90").unwrap(), "sm_90");
        assert_eq!(LinkerOptions::sm_arch("compute_80").unwrap(), "sm_80");
        assert_eq!(LinkerOptions::sm_arch("sm_90a").unwrap(), "sm_90a");
        let e = LinkerOptions::sm_arch("hopper").unwrap_err().to_string();
        assert!(e.contains("not an architecture"), "{e}");
    }

    #[test]
    fn every_option_becomes_its_flag() {
        let o = LinkerOptions {
            link_time_optimization: true,
            optimization_level: Some(2),
            debug: true,
            line_info: true,
            max_register_count: Some(64),
            verbose: true,
            extra: vec!["-ftz=true".into()],
            ..Default::default()
        };
        assert_eq!(
            o.to_nvjitlink_args("sm_90").unwrap(),
            [
                "-arch=sm_90",
                "-lto",
                "-O2",
                "-g",
                "-lineinfo",
                "-maxrregcount=64",
                "-verbose",
                "-ftz=true"
            ]
        );
        let bad = LinkerOptions {
            optimization_level: Some(9),
            ..Default::default()
        };
        assert!(bad.to_nvjitlink_args("sm_90").is_err());
    }
}
