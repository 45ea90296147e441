//! A launch made on a GPU, run again on the simulator for the counters only the simulator
//! has (what [`timing::profile`](crate::timing::profile) shows beside the measured time).
//!
//! While a profile is being taken its stream records the launch
//! ([`Recorder`](super::recorder::Recorder)): the kernel, its geometry and its argument
//! bytes. [`simulate`] then builds a private
//! simulated device (its own memory; the process's simulated GPU is not touched), loads the
//! library's PTX there (the library kept its PTX or fatbin image when it was loaded:
//! [`KEEP_IMAGE_BYTES`]), copies in the current contents of the `__device__` variables and
//! of every device allocation an argument points into (found with `cuMemGetAddressRange`),
//! points those arguments at the copies and runs the launch with its counters.
//!
//! What it cannot follow: pointers stored inside buffers (the copy holds the GPU's
//! addresses), texture and surface objects, and more than [`COPY_LIMIT_BYTES`] of
//! arguments' memory. The simulated run then fails or is refused, and the profile says why
//! instead of showing counters. Nothing the simulated run does reaches the GPU.

use std::collections::HashMap;
use std::sync::Arc;

use super::recorder::LaunchRecord;
use crate::backend::slot::{KeptImage, LibRef};
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::sim::{self, CostModel, LaunchProfile, Memory};

/// The largest PTX or fatbin image a library loaded on the driver keeps a copy of for
/// profiles (larger ones are not kept, and their profiles have no counters): the bound the
/// simulator's own libraries keep their PTX text under.
pub(crate) const KEEP_IMAGE_BYTES: usize = sim::library::KEEP_PTX_COPY;

/// The most device memory a profile copies from the GPU for its simulated run.
pub(crate) const COPY_LIMIT_BYTES: usize = 1 << 30;

/// The cost model's preset for a GPU of this name, and the preset's name: H200 for an
/// H200 (not a GH200, whose memory differs), H100 for any other.
pub(crate) fn preset(device: &str) -> (CostModel, &'static str) {
    if device.contains("H200") && !device.contains("GH200") {
        (CostModel::h200(), "H200")
    } else {
        (CostModel::h100(), "H100")
    }
}

/// Runs `record` on a private simulated device; its profile, with the cost model's
/// [`preset`] for the GPU it ran on.
pub(crate) fn simulate(record: &LaunchRecord) -> Result<LaunchProfile> {
    let image = record.lib.live(|| "a library".to_string())?.image();
    let Some(image) = image else {
        return Err(Error::Unsupported(format!(
            "the library of `{}` kept no PTX to simulate (it was loaded from a cubin, wrapped \
             from a raw CUlibrary, or its image is over {} MiB): load PTX or a fatbin with PTX \
             for simulated counters",
            record.kernel,
            KEEP_IMAGE_BYTES >> 20
        )));
    };
    // The image's PTX is read once, for every profile and variable lookup of the library.
    let Some(ptx) = image.ptx()? else {
        return Err(Error::Unsupported(format!(
            "the library of `{}` holds no PTX the simulator can run (only SASS, or PTX for a \
             newer architecture than sm_{}): embed PTX in the fatbin for simulated counters",
            record.kernel,
            crate::SIM_ARCH
        )));
    };
    let mut mem = Memory::new();
    let module = sim::engine::load_module(ptx.module.clone(), &mut mem)?;
    copy_variables(record, &module, &mut mem)?;
    let args = copy_arguments(record, &mut mem)?;
    let arg_refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
    let params = sim::pack_params(&module, &record.kernel, &arg_refs)?;
    let g = record.geometry;
    let dims = sim::Dims {
        grid: g.grid(),
        block: g.block(),
        shared_dynamic: g.shared_mem_bytes(),
    };
    let (stats, lines) = sim::launch_profiled(
        &module,
        &mut mem,
        &record.kernel,
        dims,
        &params,
        &crate::limits(),
    )?;
    let (cost, _) = preset(&record.device);
    Ok(LaunchProfile {
        kernel: record.kernel.clone(),
        grid: g.grid(),
        block: g.block(),
        shared_dynamic: g.shared_mem_bytes(),
        time: cost.kernel_time(&stats),
        stats,
        lines,
        ptx: Some(Arc::clone(&ptx.text)),
    })
}

/// Gives the simulated module's variables the values they have on the GPU now (a
/// variable the driver does not find keeps its initial value).
fn copy_variables(
    record: &LaunchRecord,
    module: &sim::engine::SimModule,
    mem: &mut Memory,
) -> Result<()> {
    record.ctx.make_current()?;
    let _g = record.lib.live(|| "a library".to_string())?;
    for (name, &(at, size, _)) in &module.globals {
        let Some((ptr, gpu_size)) = record.lib.imp.variable(name, false)? else {
            continue;
        };
        let n = (size as usize).min(gpu_size);
        record.ctx.dtoh(simulated(mem, at, n)?, ptr)?;
    }
    Ok(())
}

/// `n` bytes of simulated memory at `at`, to copy the GPU's bytes straight into.
fn simulated(mem: &mut Memory, at: u64, n: usize) -> Result<&mut [u8]> {
    mem.slice_mut(at, n).ok_or_else(|| {
        Error::InvalidArgument(format!(
            "{n} bytes at {at:#x} are not simulated memory (a variable's or an argument's copy)"
        ))
    })
}

/// The arguments with every 8-byte word that points into a device allocation (or just
/// past its end) made to point at the same place in a copy of that allocation in `mem`.
/// (A 64-bit number that happens to equal such an address is rewritten too: the image
/// does not say which `.u64` parameters are pointers.)
fn copy_arguments(record: &LaunchRecord, mem: &mut Memory) -> Result<Vec<Vec<u8>>> {
    // GPU allocation base -> its copy's address.
    let mut copies: HashMap<u64, u64> = HashMap::new();
    let mut copied = 0usize;
    let mut out = Vec::with_capacity(record.args.len());
    for arg in &record.args {
        let mut arg = arg.clone();
        if arg.len() % 8 == 0 {
            for word in arg.chunks_exact_mut(8) {
                let mut w = [0u8; 8];
                w.copy_from_slice(word);
                let value = u64::from_le_bytes(w);
                if value == 0 {
                    continue;
                }
                // An end pointer (one past an allocation) belongs to the allocation too.
                let found = match record.ctx.address_range(value)? {
                    Some(range) => Some(range),
                    None => record
                        .ctx
                        .address_range(value - 1)?
                        .filter(|&(base, size)| value - base == size as u64),
                };
                let Some((base, size)) = found else {
                    continue;
                };
                let at = match copies.get(&base) {
                    Some(&at) => at,
                    None => {
                        copied = copied.saturating_add(size);
                        if copied > COPY_LIMIT_BYTES {
                            return Err(Error::Unsupported(format!(
                                "the arguments of `{}` point into more than {} MiB of device \
                                 memory, more than a profile copies to the simulator",
                                record.kernel,
                                COPY_LIMIT_BYTES >> 20
                            )));
                        }
                        let at = mem.alloc(size.max(1), 256)?;
                        record.ctx.dtoh(simulated(mem, at, size)?, base)?;
                        copies.insert(base, at);
                        at
                    }
                };
                word.copy_from_slice(&(at + (value - base)).to_le_bytes());
            }
        }
        out.push(arg);
    }
    Ok(out)
}

/// Keeps, for a library loaded on the driver from a PTX or fatbin image of at most
/// [`KEEP_IMAGE_BYTES`] bytes, a copy of the image, so that a profile can run the library's
/// launches again on the simulator ([`simulate`]). A simulated library needs none: the
/// simulator profiles its own launches.
pub(crate) fn keep_image(
    lib: &LibRef,
    kind: ImageKind,
    len: usize,
    bytes: impl FnOnce() -> Vec<u8>,
) {
    if !lib.imp.is_simulated()
        && matches!(kind, ImageKind::Ptx | ImageKind::Fatbin)
        && len <= KEEP_IMAGE_BYTES
    {
        lib.keep_image(KeptImage::new(kind, bytes()));
    }
}
