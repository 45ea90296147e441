//! The device linkers `Linker` calls on the driver side: nvJitLink and the driver's
//! `cuLink*` (`crate::driver`); on wasm32 neither exists and each call says so. Their inputs
//! and outputs are the linker's plain data (`linker::input`).

use super::dispatch::driver;
#[cfg(not(target_arch = "wasm32"))]
use crate::driver;
#[cfg(not(target_arch = "wasm32"))]
use crate::error::Error;
use crate::error::Result;
use crate::linker::input::{LinkInput, Linked};
use crate::linker::options::LinkerOptions;

/// Where nvJitLink was opened from and its version, or where it was looked for.
pub(crate) fn nvjitlink_found(
) -> std::result::Result<(String, (u32, u32)), Vec<crate::error::LoadAttempt>> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        driver::nvjitlink::open()
            .map(|n| (n.path.clone(), n.version))
            .map_err(<[_]>::to_vec)
    }
    #[cfg(target_arch = "wasm32")]
    {
        Err(vec![crate::error::LoadAttempt {
            candidate: "nvJitLink".to_string(),
            reason: "a browser has no native libraries".to_string(),
        }])
    }
}

/// Links with nvJitLink (the caller found it with [`nvjitlink_found`]).
#[cfg_attr(target_arch = "wasm32", expect(unused_variables))]
pub(crate) fn nvjitlink_link(
    inputs: &[LinkInput<'_>],
    args: &[String],
    ptx: bool,
) -> Result<Linked> {
    driver!(match driver::nvjitlink::open() {
        Ok(n) => n.link(inputs, args, ptx),
        Err(tried) => Err(Error::LinkerNotFound {
            needs: "this link needs nvJitLink".to_string(),
            tried: tried.to_vec(),
        }),
    })
}

/// Links with the driver's `cuLink*` into a cubin for the current context's device.
#[cfg_attr(target_arch = "wasm32", expect(unused_variables))]
pub(crate) fn driver_link(inputs: &[LinkInput<'_>], options: &LinkerOptions) -> Result<Linked> {
    driver!(driver::culink::link(inputs, options))
}
