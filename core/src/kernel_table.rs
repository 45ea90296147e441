//! [`KernelTable`]: a library's kernels as rows of plain data, with occupancy at one block
//! size on the current device. What a notebook shows for a [`Library`] or its [`Kernels`];
//! the rendering is `display`'s.

use crate::backend::BackendKind;
use crate::context;
use crate::device::Device;
use crate::error::Result;
use crate::info::KernelRow;
use crate::kernel::{Kernel, Kernels};
use crate::library::Library;

/// A library's kernels as plain data, with occupancy at one block size on the current
/// device. Made by [`Library::kernel_table`]; shows as an HTML table in a notebook.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KernelTable {
    /// Where the library came from.
    pub source: String,
    /// The backend the values come from.
    pub backend: BackendKind,
    /// The device the values are for, with its architecture:
    /// `NVIDIA H100 80GB HBM3 (sm_90)` (the current context's device, or device 0).
    pub device: String,
    /// The block size occupancy was computed for.
    pub block_size: u32,
    /// Kernels sorted by demangled name.
    pub rows: Vec<KernelRow>,
}

/// The backend a library's values come from.
fn backend_of(simulated: bool) -> BackendKind {
    if simulated {
        BackendKind::Sim
    } else {
        BackendKind::Driver
    }
}

/// The table of `kernels` (rows sorted by demangled name) on the current context's device,
/// with the parameter types `types` gives per kernel name (PTX images give them; others
/// none) and occupancy at `block_size`.
fn table(
    source: String,
    simulated: bool,
    kernels: &[Kernel],
    types: &[(String, Vec<Option<String>>)],
    block_size: u32,
) -> Result<KernelTable> {
    let ctx = context::current_or_default()?;
    let dev = Device::new(ctx.device_ordinal())?;
    let mut rows = Vec::with_capacity(kernels.len());
    for k in kernels {
        let mut row = k.info(&dev)?;
        if let Some((_, ty)) = types.iter().find(|(n, _)| *n == row.name) {
            for (p, t) in row.params.iter_mut().zip(ty) {
                p.ptx_type.clone_from(t);
            }
        }
        row.blocks_per_sm = k.max_active_blocks_per_sm(block_size, 0).ok();
        rows.push(row);
    }
    rows.sort_by(|a, b| a.demangled.cmp(&b.demangled));
    Ok(KernelTable {
        source,
        backend: backend_of(simulated),
        device: format!("{} ({})", dev.name()?, dev.arch()?),
        block_size,
        rows,
    })
}

impl Kernels {
    /// The kernels as a [`KernelTable`] at `block_size` threads per block (as
    /// [`Library::kernel_table`], for this list's kernels; without PTX parameter types).
    pub fn kernel_table(&self, block_size: u32) -> Result<KernelTable> {
        table(self.source.clone(), self.simulated, self, &[], block_size)
    }
}

impl Library {
    /// The kernel table: names, parameters, registers, memory, max threads and occupancy at
    /// `block_size` threads per block on the current device (device 0 if none is current).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.fatbin");
    /// let lib = cuda_library::Library::load_file(path, &Default::default())?;
    /// let table = lib.kernel_table(256)?;
    /// assert!(table.rows.iter().any(|r| r.demangled == "void scale<float>(float*, float, int)"));
    /// # #[cfg(feature = "notebook")]
    /// assert!(table.to_html().contains("scale&lt;float&gt;"));
    /// # Ok(()) }
    /// ```
    pub fn kernel_table(&self, block_size: u32) -> Result<KernelTable> {
        let (source, simulated) = (self.source().to_string(), self.is_simulated());
        table(
            source,
            simulated,
            &self.kernels()?,
            &self.param_types(),
            block_size,
        )
    }
}
