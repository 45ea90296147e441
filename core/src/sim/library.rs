//! A library loaded on the simulated device: the image's table (what the driver would
//! report), its variables placed in simulated memory, and its PTX ready to run.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use std::ffi::c_void;
use std::path::Path;

use super::device::{gpu, GpuState, SM_COUNT};
use super::engine::{CheckedLaunch, ClusterLimits, KernelLimits, SimModule};
use super::stream::Stream;
use super::MAX_SHARED_PER_BLOCK;
use super::{Budget, KernelCode, LaunchProfile, SimBackend};
use crate::backend::interface::{ArgBytes, CheckedArgs, KernelInterface, LibraryInterface, Loaded};
use crate::error::{Error, Result};
use crate::image::fatbin::RunnablePtx;
use crate::image::table::{GlobalKind, LibraryTable};
use crate::image::{fatbin, ImageKind, Prepared};
use crate::info::{CachePreference, Geometry, KernelAttribute, KernelAttributes, ParamInfo};
use crate::options::LibraryOptions;

/// What a launch on the simulated device did: its work (thread-instructions, what a
/// graph's budget charges) and, when a profile asked for it, its profile.
pub(crate) struct Launched {
    /// The launch's work.
    pub work: u64,
    /// The launch's profile, made only while a profile is taken on the stream.
    pub profile: Option<LaunchProfile>,
}

/// Settable attributes of one kernel, as `cuKernelSetAttribute` would keep them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SimKernelSettings {
    pub max_dynamic_shared: i32,
    pub carveout: i32,
    pub cluster_dim: [i32; 3],
    pub non_portable_cluster: bool,
    pub cluster_policy: i32,
}

/// The default dynamic shared memory a kernel may use without opting in (48 KiB in all,
/// static included), as on the driver.
const DEFAULT_SHARED: i32 = 48 * 1024;

/// The largest PTX image whose text a library copies to show in profiles (and the largest
/// image a driver library keeps for them: `profile::shadow`).
pub(crate) const KEEP_PTX_COPY: usize = 8 << 20;

/// A library on the simulated device.
pub(crate) struct SimLibrary {
    /// What the image says (kernels sorted by name).
    pub table: LibraryTable,
    /// The PTX lowered for execution; `None` when the image holds only SASS.
    module: Option<SimModule>,
    /// Each kernel's code, by its index in the table (taken out of the module when it
    /// loads, so a launch finds its kernel by index, never by name); `None` for a kernel
    /// that cannot run, whose reason a launch then gives.
    codes: Vec<Option<KernelCode>>,
    /// Why there is no module.
    no_ptx: String,
    /// The PTX text the module was lowered from (what a profile's line numbers refer to):
    /// the decompressed entry itself, moved here, or a copy of a PTX image up to
    /// [`KEEP_PTX_COPY`] bytes (a profile of a larger one names lines without their text).
    ptx: Option<Arc<String>>,
    /// Variables: name → (address, size, kind).
    globals: HashMap<String, (u64, u64, GlobalKind)>,
    /// The types the PTX declarations of variables name (`.f32`, `.b8`...), read at load.
    declared: HashMap<String, String>,
    /// Allocations to free on unload.
    allocations: Vec<u64>,
    /// Per kernel (table order): settable attributes.
    pub settings: Mutex<Vec<SimKernelSettings>>,
}

/// The image's table and its PTX, if it has any: the image itself (its text checked when it
/// was prepared: `ptx`), or the newest PTX entry of a fatbin that the simulated device can
/// run. A fatbin is decompressed once for both, and the text borrows the image or reuses the
/// decompressed entry, never a copy; the PTX's module comes with it when reading the table
/// parsed it, so that the text is parsed once.
pub(crate) fn parsed_ptx_of<'a>(
    kind: ImageKind,
    bytes: &'a [u8],
    ptx: Option<&'a str>,
) -> Result<(LibraryTable, Option<RunnablePtx<'a>>)> {
    match (kind, ptx) {
        (ImageKind::Ptx, Some(text)) => {
            let module = crate::ptx::parse(text)?;
            let table = crate::image::ptx::read_module_table(&module)?;
            Ok((
                table,
                Some(RunnablePtx {
                    text: text.into(),
                    module: Some(module),
                }),
            ))
        }
        (ImageKind::Ptx, None) => {
            let text = crate::image::table::ptx_image_text(bytes)?;
            parsed_ptx_of(kind, bytes, Some(text))
        }
        (ImageKind::Fatbin, _) => fatbin::read_with_ptx(bytes, crate::SIM_ARCH),
        _ => Ok((LibraryTable::read(bytes)?, None)),
    }
}

/// The type each module-scope variable's PTX declaration names (`.f32`, `.b8`...).
fn declared_types(module: &crate::ptx::ast::Module) -> HashMap<String, String> {
    module
        .vars
        .iter()
        .map(|v| (v.name.clone(), v.ty.clone()))
        .collect()
}

/// A library's PTX as the simulator reads it: its text and its syntax tree, read once (what a
/// profile of a driver library runs again, and where its variables' element types come
/// from: `backend::slot::KeptImage`).
#[cfg(feature = "notebook")]
pub(crate) struct ReadPtx {
    /// The text (what a profile's line numbers refer to).
    pub text: Arc<String>,
    /// The text's syntax tree, before contraction and lowering (each run lowers a copy).
    pub module: crate::ptx::ast::Module,
    /// What [`declared_types`] gives.
    declared: HashMap<String, String>,
}

#[cfg(feature = "notebook")]
impl ReadPtx {
    /// Reads the PTX of an image of `kind` (one parse); `None` when it holds no PTX the
    /// simulated device runs.
    pub fn read(kind: ImageKind, bytes: &[u8]) -> Result<Option<ReadPtx>> {
        let (_, ptx) = parsed_ptx_of(kind, bytes, None)?;
        let Some(RunnablePtx { text, module }) = ptx else {
            return Ok(None);
        };
        let module = match module {
            Some(parsed) => parsed,
            None => crate::ptx::parse(&text)?,
        };
        Ok(Some(ReadPtx {
            text: Arc::new(text.into_owned()),
            declared: declared_types(&module),
            module,
        }))
    }

    /// The type variable `name`'s declaration names (`.f32`, `.b8`...).
    pub fn declared_type(&self, name: &str) -> Option<&str> {
        self.declared.get(name).map(String::as_str)
    }
}

impl SimLibrary {
    /// Loads an image that passed the structural checks.
    pub fn load(image: &Prepared<'_>) -> Result<SimLibrary> {
        let kind = image.kind;
        if !matches!(kind, ImageKind::Cubin | ImageKind::Fatbin | ImageKind::Ptx) {
            return Err(Error::Unsupported(format!(
                "the simulator loads cubin, fatbin and PTX images, not {kind}: link it first"
            )));
        }
        let (table, ptx) = parsed_ptx_of(kind, &image.bytes, image.ptx)?;
        let mut st = gpu().lock();
        let mut ptx_text = None;
        let mut declared = HashMap::new();
        let (mut module, globals, allocations, no_ptx) = match ptx {
            Some(RunnablePtx { text, module }) => {
                let parsed = match module {
                    Some(parsed) => parsed,
                    None => crate::ptx::parse(&text)?,
                };
                declared = declared_types(&parsed);
                let module = super::engine::load_module(parsed, &mut st.mem)?;
                let globals = module.globals.clone();
                ptx_text = match text {
                    std::borrow::Cow::Owned(s) => Some(Arc::new(s)),
                    std::borrow::Cow::Borrowed(s) if s.len() <= KEEP_PTX_COPY => {
                        Some(Arc::new(s.to_string()))
                    }
                    std::borrow::Cow::Borrowed(_) => None,
                };
                (Some(module), globals, Vec::new(), String::new())
            }
            None => {
                let (globals, allocations) = place_globals(&table, &mut st)?;
                let why = format!(
                    "the image holds only SASS ({}); the simulator executes PTX: compile to \
                     PTX (ImageKind::Ptx) or embed PTX in the fatbin",
                    table.arch
                );
                (None, globals, allocations, why)
            }
        };
        let codes = match module.as_mut() {
            Some(m) => take_codes(&table, m),
            None => Vec::new(),
        };
        let settings = table
            .kernels
            .iter()
            .map(|k| SimKernelSettings {
                max_dynamic_shared: (DEFAULT_SHARED - k.shared_bytes.unwrap_or(0) as i32).max(0),
                carveout: -1,
                cluster_dim: [0; 3],
                non_portable_cluster: false,
                cluster_policy: 0,
            })
            .collect();
        Ok(SimLibrary {
            table,
            module,
            codes,
            no_ptx,
            ptx: ptx_text,
            globals,
            declared,
            allocations,
            settings: Mutex::new(settings),
        })
    }

    /// Frees the library's memory on the simulated device.
    pub fn unload(&mut self) {
        let mut st = gpu().lock();
        if let Some(m) = &mut self.module {
            m.free(&mut st.mem);
        }
        for a in self.allocations.drain(..) {
            let _ = st.mem.free(a);
        }
    }

    /// A kernel's index by symbol name.
    pub fn kernel_index(&self, name: &str) -> Option<usize> {
        self.table.kernels.iter().position(|k| k.name == name)
    }

    /// A variable: address, size, kind.
    pub fn global(&self, name: &str) -> Option<(u64, u64, GlobalKind)> {
        self.globals.get(name).copied()
    }

    /// The settings of kernel `index`.
    pub fn settings(&self, index: usize) -> SimKernelSettings {
        let s = self.settings.lock().unwrap_or_else(|p| p.into_inner());
        s.get(index).copied().unwrap_or(SimKernelSettings {
            max_dynamic_shared: DEFAULT_SHARED,
            carveout: -1,
            cluster_dim: [0; 3],
            non_portable_cluster: false,
            cluster_policy: 0,
        })
    }

    /// Runs kernel `index` now over `geometry` with the packed parameter buffer, under
    /// `limits`; moves the simulated clock of the stream (`stream_ns`, on device `ordinal`)
    /// by the launch's cost. The engine checks the launch against the kernel, its
    /// attributes and the simulated device in one place ([`CheckedLaunch::new`]); the
    /// geometry's own rules were checked when it was made. The launch's profile is made
    /// only when `profiled` asks for it (a profile is being taken on the stream).
    pub fn launch(
        &self,
        index: usize,
        geometry: &Geometry,
        params: &[u8],
        (ordinal, stream_ns): (usize, &mut f64),
        (limits, profiled): (&crate::Limits, bool),
    ) -> Result<Launched> {
        let row = self.row(index)?;
        let (module, code) = self.code(index)?;
        let shape = geometry.shape();
        let dims = shape.dims();
        let budget = Budget::from(limits);
        let checked = CheckedLaunch::new(
            code,
            &row.name,
            shape,
            &self.kernel_limits(index),
            (params.len(), &budget),
        )?;
        let g = gpu();
        let mut st = g.lock();
        let (stats, lines) = super::engine::launch_checked(
            module,
            &mut st.mem,
            code,
            (checked, params),
            budget,
            profiled,
        )?;
        let time = st.charge_launch(&g.cost, ordinal, stream_ns, &stats);
        let work = stats.work;
        let profile = profiled.then(|| LaunchProfile {
            kernel: row.name.clone(),
            grid: dims.grid,
            block: dims.block,
            shared_dynamic: dims.shared_dynamic,
            stats,
            time,
            lines,
            ptx: self.ptx.clone(),
        });
        Ok(Launched { work, profile })
    }

    /// Kernel `index`'s code and the module it belongs to, or why it cannot run.
    #[inline]
    fn code(&self, index: usize) -> Result<(&SimModule, &KernelCode)> {
        match (&self.module, self.codes.get(index)) {
            (Some(module), Some(Some(code))) => Ok((module, code)),
            _ => Err(self.cannot_run(index)),
        }
    }

    /// Why kernel `index` has no code: the image holds no PTX, or its PTX's reason (a
    /// syntax error, an instruction the simulator lacks), as the module says it.
    #[cold]
    fn cannot_run(&self, index: usize) -> Error {
        let Ok(row) = self.row(index) else {
            return Error::InvalidArgument("a kernel index out of range".into());
        };
        match &self.module {
            None => {
                Error::Unsupported(format!("kernel `{}` cannot run: {}", row.name, self.no_ptx))
            }
            Some(module) => match module.kernel(&row.name) {
                Err(e) => e.into(),
                // Not reached: a kernel the module holds was taken into `codes` at load.
                Ok(_) => Error::InvalidArgument(format!(
                    "kernel `{}` has no code on the simulated device",
                    row.name
                )),
            },
        }
    }

    /// What kernel `index` may use beyond its code, as its attributes say. (A cooperative
    /// grid's size against the device was decided with the launch's settings, in
    /// `Kernel::launch`; the geometry is proof of it.)
    fn kernel_limits(&self, index: usize) -> KernelLimits {
        let settings = self.settings(index);
        let required = settings.cluster_dim.map(|d| d.max(0) as u32);
        KernelLimits {
            max_dynamic_shared: Some(settings.max_dynamic_shared.max(0) as u32),
            cluster: Some(ClusterLimits {
                non_portable: settings.non_portable_cluster,
                required: (required != [0; 3]).then_some(required),
            }),
        }
    }

    /// Kernel `index`'s row of the table.
    fn row(&self, index: usize) -> Result<&crate::image::table::KernelRow> {
        self.table
            .kernels
            .get(index)
            .ok_or_else(|| Error::InvalidArgument("a kernel index out of range".into()))
    }

    /// Kernel `index`'s symbol name.
    pub fn kernel_name(&self, index: usize) -> Result<String> {
        Ok(self.row(index)?.name.clone())
    }

    /// Kernel `index`'s parameters, as the image lays them out.
    pub fn params(&self, index: usize) -> Result<Vec<ParamInfo>> {
        Ok(self
            .row(index)?
            .params
            .iter()
            .enumerate()
            .map(|(index, p)| ParamInfo {
                index,
                offset: p.offset as usize,
                size: p.size as usize,
            })
            .collect())
    }

    /// Kernel `index`'s attributes: from the image, and the settable ones as set. What an
    /// image cannot tell is `None`.
    pub fn attributes(&self, index: usize) -> Result<KernelAttributes> {
        let k = self.row(index)?;
        let s = self.settings(index);
        let arch = |a: &str| -> Option<i32> {
            a.trim_start_matches("sm_")
                .trim_start_matches("compute_")
                .trim_end_matches(['a', 'f'])
                .parse()
                .ok()
        };
        let is_ptx = self.table.source_kind == ImageKind::Ptx;
        Ok(KernelAttributes {
            max_threads_per_block: k.max_threads.unwrap_or(1024) as i32,
            shared_size_bytes: k.shared_bytes.unwrap_or(0) as i32,
            const_size_bytes: k.const_bytes.unwrap_or(0) as i32,
            local_size_bytes: k.local_bytes.map(|v| v as i32),
            num_regs: k.num_regs.map(|v| v as i32),
            ptx_version: if is_ptx { arch(&self.table.arch) } else { None },
            binary_version: if is_ptx { None } else { arch(&self.table.arch) },
            cache_mode_ca: false,
            max_dynamic_shared_size_bytes: s.max_dynamic_shared,
            preferred_shared_memory_carveout: s.carveout,
            cluster_size_must_be_set: false,
            required_cluster_dim: s.cluster_dim,
            non_portable_cluster_size_allowed: s.non_portable_cluster,
            cluster_scheduling_policy_preference: s.cluster_policy,
        })
    }

    /// Keeps a settable attribute of kernel `index`; the dynamic shared memory limit is
    /// checked as the driver checks it and enforced at launch.
    pub fn set_attribute(&self, index: usize, attr: KernelAttribute, value: i32) -> Result<()> {
        let static_shared = self.row(index)?.shared_bytes.unwrap_or(0) as i32;
        let mut all = self.settings.lock().unwrap_or_else(|p| p.into_inner());
        let s = all
            .get_mut(index)
            .ok_or_else(|| Error::InvalidArgument("a kernel index out of range".into()))?;
        let limit = MAX_SHARED_PER_BLOCK as i32 - static_shared;
        match attr {
            KernelAttribute::MaxDynamicSharedSizeBytes => {
                if !(0..=limit).contains(&value) {
                    return Err(Error::InvalidArgument(format!(
                        "MaxDynamicSharedSizeBytes {value} is outside 0..={limit} on the \
                         simulated device (CUDA_ERROR_INVALID_VALUE on the driver)"
                    )));
                }
                s.max_dynamic_shared = value;
            }
            KernelAttribute::PreferredSharedMemoryCarveout => s.carveout = value,
            KernelAttribute::RequiredClusterWidth => s.cluster_dim[0] = value,
            KernelAttribute::RequiredClusterHeight => s.cluster_dim[1] = value,
            KernelAttribute::RequiredClusterDepth => s.cluster_dim[2] = value,
            KernelAttribute::NonPortableClusterSizeAllowed => s.non_portable_cluster = value != 0,
            KernelAttribute::ClusterSchedulingPolicyPreference => s.cluster_policy = value,
        }
        Ok(())
    }

    /// Resident blocks of kernel `index` per multiprocessor on the simulated device:
    /// limited by threads (2048), blocks (32), shared memory (228 KiB) and, when known,
    /// registers (64 Ki).
    pub fn max_active_blocks_per_sm(
        &self,
        index: usize,
        block_size: u32,
        dynamic_smem: usize,
    ) -> Result<u32> {
        let k = self.row(index)?;
        let max_threads = k.max_threads.unwrap_or(1024);
        if block_size == 0 || block_size > max_threads {
            return Ok(0);
        }
        let warps = block_size.div_ceil(32);
        let mut blocks = (64 / warps).min(32);
        let shared = (k.shared_bytes.unwrap_or(0) as usize).saturating_add(dynamic_smem);
        if shared > 0 {
            blocks = blocks.min((233_472 / shared.saturating_add(1024)) as u32);
        }
        if let Some(regs) = k.num_regs {
            let per_warp = (regs.max(1) * 32).div_ceil(256) * 256;
            blocks = blocks.min(65_536 / (per_warp * warps).max(1));
        }
        Ok(blocks)
    }

    /// The block size that maximises kernel `index`'s occupancy and the smallest grid that
    /// reaches it: `(min_grid_size, block_size)`.
    pub fn max_potential_block_size(
        &self,
        index: usize,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        let limit = if block_size_limit == 0 {
            1024
        } else {
            block_size_limit.min(1024)
        };
        let (mut best, mut best_threads) = (0u32, 0u32);
        for block in (32..=limit).step_by(32) {
            let threads = self.max_active_blocks_per_sm(index, block, dynamic_smem)? * block;
            if threads > best_threads || (threads == best_threads && block > best) {
                (best, best_threads) = (block, threads);
            }
        }
        let per_sm = best_threads.checked_div(best).unwrap_or(0);
        Ok((per_sm * SM_COUNT, best))
    }

    /// Runs kernel `index` on `stream`: packs the arguments at the parameters' offsets,
    /// advances the stream's timeline by the launch's simulated cost and, while a profile
    /// is taken on the stream, keeps the launch's profile there.
    pub fn launch_on<A: ArgBytes>(
        &self,
        index: usize,
        stream: &Stream,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        let buf = super::param_buffer(args.at_offsets())?;
        let launched = {
            let mut t = stream.timeline();
            let clock = (stream.ctx.ordinal, &mut *t);
            let profiled = stream.profiling();
            self.launch(index, geometry, &buf, clock, (&crate::limits(), profiled))?
        };
        stream.keep_profile(launched.profile);
        Ok(())
    }
}

impl Drop for SimLibrary {
    fn drop(&mut self) {
        self.unload();
    }
}

/// Takes each kernel of `table` out of `module`, in table order: a launch then finds its
/// kernel by index. A kernel the module could not lower stays out (`None`; the module keeps
/// its reason); a name the table lists twice gets its code twice.
fn take_codes(table: &LibraryTable, module: &mut SimModule) -> Vec<Option<KernelCode>> {
    let mut taken: HashMap<&str, usize> = HashMap::new();
    let mut codes: Vec<Option<KernelCode>> = Vec::with_capacity(table.kernels.len());
    for (i, row) in table.kernels.iter().enumerate() {
        let code = match taken.get(row.name.as_str()) {
            Some(&first) => codes.get(first).cloned().flatten(),
            None => module.kernels.remove(&row.name),
        };
        taken.insert(&row.name, i);
        codes.push(code);
    }
    codes
}

type Placed = (HashMap<String, (u64, u64, GlobalKind)>, Vec<u64>);

/// Places the variables of a SASS-only image (their initial bytes from the table) in
/// simulated memory, so they can be read and written as on the driver.
fn place_globals(table: &LibraryTable, st: &mut GpuState) -> Result<Placed> {
    let mut globals = HashMap::new();
    let mut allocations = Vec::new();
    let r = (|| {
        for (name, g) in &table.globals {
            let addr = st.mem.alloc(g.size.max(1) as usize, 256)?;
            allocations.push(addr);
            if let Some(init) = &g.init {
                st.mem.write(addr, init)?;
            }
            globals.insert(name.clone(), (addr, g.size, g.kind));
        }
        Ok(())
    })();
    if let Err(e) = r {
        for a in allocations {
            let _ = st.mem.free(a);
        }
        return Err(e);
    }
    Ok((globals, allocations))
}

/// A library loaded on the simulated device, as the seam holds it: `Copy`, a reference to
/// the cell the loaded [`SimLibrary`] lives in until unload. Each call clones the library
/// out of its cell (one lock, one reference count), so a call in progress keeps it alive;
/// the library slot (`backend::slot`) makes sure no call starts after the unload.
#[derive(Clone, Copy)]
pub(crate) struct Library(&'static Cell);

/// Where a loaded library lives. Cells are recycled, so their number is bounded by the
/// most libraries loaded at once; a handle to an unloaded library never reaches its old
/// cell, because the slot's generation check fails first.
struct Cell(Mutex<Option<Arc<SimLibrary>>>);

static FREE_CELLS: Mutex<Vec<&'static Cell>> = Mutex::new(Vec::new());

impl Library {
    fn new(lib: SimLibrary) -> Library {
        let reused = FREE_CELLS.lock().unwrap_or_else(|p| p.into_inner()).pop();
        let cell = reused.unwrap_or_else(|| Box::leak(Box::new(Cell(Mutex::new(None)))));
        *cell.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(Arc::new(lib));
        Library(cell)
    }

    /// The loaded library, for one call.
    #[inline]
    fn get(&self) -> Result<Arc<SimLibrary>> {
        self.0
             .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or_else(|| Error::Unloaded {
                what: "a library".to_string(),
            })
    }

    fn kernel(&self, index: usize) -> Kernel {
        Kernel { lib: *self, index }
    }
}

/// A kernel of a simulated library: the library and the kernel's index in its table.
#[derive(Clone, Copy)]
pub(crate) struct Kernel {
    lib: Library,
    index: usize,
}

impl Kernel {
    /// Runs the kernel over `geometry` with a packed parameter buffer on `stream`, starting no
    /// earlier than `*at` (a graph's node: the caller holds the stream's timeline), which
    /// moves to the launch's end, under `limits` (a graph's node runs with what is left of
    /// the graph launch's budget and deadline). The work it did.
    pub fn run_packed(
        &self,
        stream: &Stream,
        geometry: &Geometry,
        params: &[u8],
        at: &mut f64,
        limits: &crate::Limits,
    ) -> Result<u64> {
        let clock = (stream.ctx.ordinal, at);
        let profiled = stream.profiling();
        let launched =
            self.lib
                .get()?
                .launch(self.index, geometry, params, clock, (limits, profiled))?;
        stream.keep_profile(launched.profile);
        Ok(launched.work)
    }
}

impl LibraryInterface<SimBackend> for Library {
    fn load_data(
        image: &Prepared<'_>,
        options: &LibraryOptions,
        _describe: &str,
    ) -> Result<Loaded<Library>> {
        options.validate()?;
        if options.host_universal_table.is_some() {
            return Err(Error::Unsupported(
                "a host universal function and data table needs the CUDA driver; the \
                 simulator has no unified functions"
                    .to_string(),
            ));
        }
        Ok(Loaded {
            library: Library::new(SimLibrary::load(image)?),
            info_log: String::new(),
            kept: None,
        })
    }

    /// The simulator reads the file's bytes, as a load of them.
    fn load_file(
        _path: &Path,
        image: &Prepared<'_>,
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded<Library>> {
        Library::load_data(image, options, describe)
    }

    /// Frees the library (its simulated memory goes with the last reference, which this
    /// is: no call is in progress) and recycles its cell.
    unsafe fn unload(self) -> Result<()> {
        drop(self.0 .0.lock().unwrap_or_else(|p| p.into_inner()).take());
        FREE_CELLS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(self.0);
        Ok(())
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }

    #[inline]
    fn get_kernel(&self, name: &str) -> Result<Option<Kernel>> {
        Ok(self.get()?.kernel_index(name).map(|i| self.kernel(i)))
    }

    fn kernels(&self) -> Result<Vec<Kernel>> {
        let n = self.get()?.table.kernels.len();
        Ok((0..n).map(|i| self.kernel(i)).collect())
    }

    fn variable(&self, name: &str, managed: bool) -> Result<Option<(u64, usize)>> {
        Ok(self
            .get()?
            .global(name)
            .filter(|&(_, _, kind)| !managed || kind == GlobalKind::Managed)
            .map(|(addr, size, _)| (addr, size as usize)))
    }

    fn unified_function(&self, name: &str) -> Result<Option<*mut c_void>> {
        Err(Error::Unsupported(format!(
            "unified function `{name}`: unified functions are host code the CUDA driver \
             links in; the simulator has none"
        )))
    }

    fn module(&self) -> Result<*mut c_void> {
        Err(driver_only("a CUmodule"))
    }

    fn param_types(&self) -> Vec<(String, Vec<Option<String>>)> {
        let Ok(lib) = self.get() else {
            return Vec::new();
        };
        lib.table
            .kernels
            .iter()
            .map(|k| {
                (
                    k.name.clone(),
                    k.params.iter().map(|p| p.ptx_type.clone()).collect(),
                )
            })
            .collect()
    }

    fn variable_names(&self) -> Option<Vec<String>> {
        Some(self.get().ok()?.table.globals.keys().cloned().collect())
    }

    fn declared_type(&self, name: &str) -> Option<String> {
        self.get().ok()?.declared.get(name).cloned()
    }
}

/// What a driver-only handle is asked for on the simulator.
fn driver_only(what: &str) -> Error {
    Error::Unsupported(format!("{what} is a driver handle; the simulator has none"))
}

impl KernelInterface<SimBackend> for Kernel {
    fn name(&self) -> Result<String> {
        self.lib.get()?.kernel_name(self.index)
    }

    fn params(&self) -> Result<Vec<ParamInfo>> {
        self.lib.get()?.params(self.index)
    }

    fn attributes(&self, _device: &super::Device) -> Result<KernelAttributes> {
        self.lib.get()?.attributes(self.index)
    }

    fn set_attribute(
        &self,
        attr: KernelAttribute,
        value: i32,
        _device: &super::Device,
    ) -> Result<()> {
        self.lib.get()?.set_attribute(self.index, attr, value)
    }

    /// A preference only: the simulator accepts and ignores it.
    fn set_cache_config(&self, _pref: CachePreference, _device: &super::Device) -> Result<()> {
        self.lib.get().map(|_| ())
    }

    fn function(&self) -> Result<*mut c_void> {
        Err(driver_only("a CUfunction"))
    }

    fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        self.lib
            .get()?
            .max_active_blocks_per_sm(self.index, block_size, dynamic_smem)
    }

    fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        self.lib
            .get()?
            .max_potential_block_size(self.index, dynamic_smem, block_size_limit)
    }

    fn library_raw(&self) -> Result<*mut c_void> {
        Err(driver_only("a CUlibrary"))
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }

    #[inline]
    fn launch<A: ArgBytes>(
        &self,
        stream: &Stream,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        self.lib
            .get()?
            .launch_on(self.index, stream, geometry, args)
    }
}
