//! A launch made on a GPU, run again on the simulator for the counters only the simulator
//! has (what [`timing::profile`](crate::timing::profile) shows beside the measured time).
//!
//! While a profile is being taken its stream records the launch ([`Recorder`]): the
//! kernel, its geometry and its argument bytes. [`simulate`] then builds a private
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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::seam;
use super::slot::LibRef;
use crate::error::{Error, Result};
use crate::info::Geometry;
use crate::sim::{self, CostModel, LaunchProfile, Memory};

/// The largest PTX or fatbin image a library loaded on the driver keeps a copy of for
/// profiles (larger ones are not kept, and their profiles have no counters).
pub(crate) const KEEP_IMAGE_BYTES: usize = 8 << 20;

/// The most device memory a profile copies from the GPU for its simulated run.
pub(crate) const COPY_LIMIT_BYTES: usize = 1 << 30;

/// One launch on a GPU stream, as [`simulate`] needs it.
pub(crate) struct LaunchRecord {
    pub lib: LibRef,
    /// The kernel's symbol name.
    pub kernel: String,
    pub geometry: Geometry,
    /// Each argument's bytes.
    pub args: Vec<Vec<u8>>,
    /// The stream's context: where the arguments' memory is.
    pub ctx: seam::Context,
    /// The device's name, for the cost model's preset.
    pub device: String,
}

/// Where a stream keeps its last launch while a profile is taken. Costs a launch one
/// relaxed load when no profile is being taken.
#[derive(Default)]
pub(crate) struct Recorder {
    armed: AtomicBool,
    last: Mutex<Option<LaunchRecord>>,
}

impl Recorder {
    /// Starts recording (and forgets an earlier record).
    pub fn arm(&self) {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.armed.store(true, Ordering::Relaxed);
    }

    /// Whether a launch should be recorded.
    #[inline(always)]
    pub fn is_armed(&self) -> bool {
        self.armed.load(Ordering::Relaxed)
    }

    /// Keeps `record` as the last launch.
    pub fn keep(&self, record: LaunchRecord) {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(record);
    }

    /// Stops recording; the last launch recorded, if any.
    pub fn disarm(&self) -> Option<LaunchRecord> {
        self.armed.store(false, Ordering::Relaxed);
        self.last.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

/// Runs `record` on a private simulated device; its profile, with the cost model of the
/// GPU it ran on (the H200 preset for an H200, the H100 one otherwise).
pub(crate) fn simulate(record: &LaunchRecord) -> Result<LaunchProfile> {
    let image = record.lib.live(|| "a library".to_string())?.image();
    let Some(image) = image else {
        return Err(Error::Unsupported(format!(
            "the library of `{}` kept no PTX to simulate (it was loaded from a cubin, or its \
             image is over {} MiB): load PTX or a fatbin with PTX for simulated counters",
            record.kernel,
            KEEP_IMAGE_BYTES >> 20
        )));
    };
    let (_, ptx) = sim::library::ptx_of(image.kind, &image.bytes)?;
    let Some(ptx) = ptx else {
        return Err(Error::Unsupported(format!(
            "the library of `{}` holds only SASS: the simulator executes PTX; embed PTX in \
             the fatbin for simulated counters",
            record.kernel
        )));
    };
    let mut mem = Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem)?;
    copy_variables(record, &module, &mut mem)?;
    let args = copy_arguments(record, &mut mem)?;
    let arg_refs: Vec<&[u8]> = args.iter().map(Vec::as_slice).collect();
    let params = sim::pack_params(&module, &record.kernel, &arg_refs)?;
    let g = record.geometry;
    let dims = sim::Dims {
        grid: g.grid,
        block: g.block,
        shared_dynamic: g.shared_mem_bytes,
    };
    let (stats, lines) = sim::launch_profiled(
        &module,
        &mut mem,
        &record.kernel,
        dims,
        &params,
        &crate::limits(),
    )?;
    let cost = if record.device.contains("H200") {
        CostModel::h200()
    } else {
        CostModel::h100()
    };
    Ok(LaunchProfile {
        kernel: record.kernel.clone(),
        grid: g.grid,
        block: g.block,
        shared_dynamic: g.shared_mem_bytes,
        time: cost.kernel_time(&stats),
        stats,
        lines,
        ptx: Some(Arc::new(ptx.into_owned())),
    })
}

/// Gives the simulated module's variables the values they have on the GPU now (a
/// variable the driver does not find keeps its initial value).
fn copy_variables(record: &LaunchRecord, module: &sim::SimModule, mem: &mut Memory) -> Result<()> {
    record.ctx.make_current()?;
    let g = record.lib.live(|| "a library".to_string())?;
    for (name, &(at, size, _)) in &module.globals {
        let Some((ptr, gpu_size)) = record.lib.imp.variable(name, false, g.sim())? else {
            continue;
        };
        let n = (size as usize).min(gpu_size);
        let mut bytes = vec![0u8; n];
        record.ctx.dtoh(&mut bytes, ptr)?;
        mem.write(at, &bytes)?;
    }
    Ok(())
}

/// The arguments with every 8-byte word that points into a device allocation made to
/// point at the same place in a copy of that allocation in `mem`.
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
                let Some((base, size)) = record.ctx.address_range(value)? else {
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
                        let mut bytes = vec![0u8; size];
                        record.ctx.dtoh(&mut bytes, base)?;
                        mem.write(at, &bytes)?;
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
