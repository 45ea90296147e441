//! Launching kernels: [`LaunchConfig`], checked arguments, the [`launch!`](crate::launch)
//! macro and a builder.

use crate::backend::interface::{ArgBytes, ArgMismatch, CheckedArgs};
use crate::backend::slot::Live;
use crate::error::{Error, Result};
use crate::global::Global;
use crate::info::Geometry;
use crate::kernel::Kernel;
use crate::managed::{ManagedBuffer, ManagedUse};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::stream::Stream;

/// Grid, block or cluster dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dim3 {
    /// x extent.
    pub x: u32,
    /// y extent.
    pub y: u32,
    /// z extent.
    pub z: u32,
}

impl Dim3 {
    /// `x * y * z`.
    pub fn volume(&self) -> u64 {
        // Three u32 extents can pass u64::MAX; past it the volume is too large anyway.
        (self.x as u64 * self.y as u64).saturating_mul(self.z as u64)
    }
}

impl From<u32> for Dim3 {
    fn from(x: u32) -> Self {
        Dim3 { x, y: 1, z: 1 }
    }
}
impl From<(u32, u32)> for Dim3 {
    fn from((x, y): (u32, u32)) -> Self {
        Dim3 { x, y, z: 1 }
    }
}
impl From<(u32, u32, u32)> for Dim3 {
    fn from((x, y, z): (u32, u32, u32)) -> Self {
        Dim3 { x, y, z }
    }
}

/// How to launch a kernel: grid and block dimensions, dynamic shared memory, an optional
/// thread-block cluster shape and cooperative launch (`cuLaunchKernelEx`).
///
/// ```
/// use cuda_library::LaunchConfig;
/// let cfg = LaunchConfig::for_num_elems(1_000_000, 256);
/// assert_eq!(cfg.grid.x, 3907);
/// let tiled = LaunchConfig::new((64, 64), (16, 16)).with_shared_mem(2 * 16 * 16 * 4);
/// assert_eq!(tiled.block.volume(), 256);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LaunchConfig {
    /// Blocks in the grid.
    pub grid: Dim3,
    /// Threads in a block.
    pub block: Dim3,
    /// Dynamic shared memory per block in bytes.
    pub shared_mem_bytes: u32,
    /// Thread-block cluster dimensions (sm_90+), if any.
    pub cluster: Option<Dim3>,
    /// Cooperative launch (grid-wide synchronisation allowed).
    pub cooperative: bool,
}

impl LaunchConfig {
    /// A grid of `grid` blocks of `block` threads.
    pub fn new(grid: impl Into<Dim3>, block: impl Into<Dim3>) -> Self {
        LaunchConfig {
            grid: grid.into(),
            block: block.into(),
            shared_mem_bytes: 0,
            cluster: None,
            cooperative: false,
        }
    }

    /// A 1-D launch with enough blocks of `block` threads to cover `n` elements.
    pub fn for_num_elems(n: u32, block: u32) -> Self {
        let block = block.max(1);
        LaunchConfig::new(n.div_ceil(block).max(1), block)
    }

    /// Sets the dynamic shared memory per block.
    pub fn with_shared_mem(mut self, bytes: u32) -> Self {
        self.shared_mem_bytes = bytes;
        self
    }

    /// Sets a thread-block cluster shape (sm_90+); the grid must be a multiple of it, and a
    /// cluster has at most 8 blocks (16 where the kernel allows non-portable sizes). A
    /// cluster's blocks run together and reach each other's shared memory (distributed
    /// shared memory, `barrier.cluster`); the simulator runs them in turns, as the
    /// [`engine`](crate::guide::engine) guide says.
    ///
    /// ```
    /// use cuda_library::LaunchConfig;
    /// let cfg = LaunchConfig::new(16, 128).with_cluster(4);
    /// assert!(cfg.validate().is_ok());
    /// assert!(LaunchConfig::new(6, 128).with_cluster(4).validate().is_err());
    /// ```
    pub fn with_cluster(mut self, cluster: impl Into<Dim3>) -> Self {
        self.cluster = Some(cluster.into());
        self
    }

    /// Makes the launch cooperative: every block of the grid is resident at once, so
    /// cooperative groups' `grid.sync()` may wait for all of them. The grid may have at most
    /// [`Kernel::max_active_blocks_per_sm`] times the device's multiprocessors blocks (on a
    /// [`GreenContext`](crate::GreenContext)'s stream, its SMs'); past that the launch fails
    /// with [`Error::CooperativeLaunchTooLarge`]. On the simulator the
    /// grid's blocks take turns (the [`engine`](crate::guide::engine) guide says how).
    ///
    /// ```
    /// use cuda_library::LaunchConfig;
    /// let cfg = LaunchConfig::new(132, 256).with_cooperative(true);
    /// assert!(cfg.cooperative);
    /// ```
    pub fn with_cooperative(mut self, yes: bool) -> Self {
        self.cooperative = yes;
        self
    }

    /// Checks what can be checked without the device: no zero dimension, at most 1024
    /// threads per block, a grid divisible by the cluster. A broken rule is
    /// [`Error::InvalidLaunch`], whose [`LaunchProblem`](crate::LaunchProblem) says which.
    ///
    /// ```
    /// use cuda_library::{Error, LaunchConfig, LaunchProblem};
    ///
    /// let e = LaunchConfig::new(3, 128).with_cluster(2).validate().unwrap_err();
    /// assert!(matches!(
    ///     e,
    ///     Error::InvalidLaunch { problem: LaunchProblem::ClusterDoesNotTile { .. }, .. }
    /// ));
    /// ```
    pub fn validate(&self) -> Result<()> {
        self.geometry().map(|_| ())
    }

    /// The settings checked ([`validate`](Self::validate)'s rules), as every layer below
    /// the API takes them: made once per launch, never checked again.
    #[inline]
    pub(crate) fn geometry(&self) -> Result<Geometry> {
        let d = |d: Dim3| [d.x, d.y, d.z];
        Geometry::check(
            d(self.grid),
            d(self.block),
            self.shared_mem_bytes,
            self.cluster.map(d),
            self.cooperative,
        )
    }
}

/// One kernel argument: where its bytes are and how many. Made by [`AsKernelArg`].
#[derive(Debug, Clone, Copy)]
pub struct KernelArg<'a> {
    bytes: &'a [u8],
    /// The managed buffer the argument points to, whose rule the launch keeps
    /// ([`ManagedBuffer`]).
    managed: Option<&'a ManagedUse>,
}

impl<'a> KernelArg<'a> {
    /// The argument for a plain value passed by value.
    pub fn of<T: DeviceRepr>(value: &'a T) -> Self {
        KernelArg {
            bytes: crate::memory::as_bytes(std::slice::from_ref(value)),
            managed: None,
        }
    }

    /// An argument given as its bytes: a struct or array parameter laid out by hand, or
    /// arguments built from a kernel's [`param_info`](crate::Kernel::param_info). The size
    /// is checked against the parameter's like any other argument.
    ///
    /// ```
    /// let bytes = [0u8; 16]; // e.g. a `struct { float x, y, z, w; }` parameter
    /// let arg = cuda_library::KernelArg::from_bytes(&bytes);
    /// assert_eq!(arg.size(), 16);
    /// ```
    pub fn from_bytes(bytes: &'a [u8]) -> Self {
        KernelArg {
            bytes,
            managed: None,
        }
    }

    /// The argument for a managed buffer: its address, with the buffer's rule kept by the
    /// launch (refused while the host views the buffer; the buffer's host views wait for
    /// the kernel). What [`launch!`](crate::launch) makes of a [`ManagedBuffer`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed::<f32>(8)?;
    /// assert_eq!(cuda_library::KernelArg::managed(&buf).size(), 8);
    /// # Ok(()) }
    /// ```
    pub fn managed<T: DeviceRepr>(buf: &'a ManagedBuffer<T>) -> Self {
        KernelArg {
            bytes: crate::memory::as_bytes(std::slice::from_ref(buf.ptr_ref())),
            managed: Some(buf.uses()),
        }
    }

    /// Any value that converts to a kernel argument (used by [`launch!`](crate::launch)).
    pub fn from_ref<T: AsKernelArg + ?Sized>(value: &'a T) -> Self {
        value.as_kernel_arg()
    }

    /// The argument's size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }

    /// The argument's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Values that can be passed to a kernel: plain data by value, device buffers and globals
/// as their device address.
pub trait AsKernelArg {
    /// The argument.
    fn as_kernel_arg(&self) -> KernelArg<'_>;
}

impl<T: DeviceRepr> AsKernelArg for T {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::of(self)
    }
}

impl<T: DeviceRepr> AsKernelArg for DeviceBuffer<T> {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::of(&self.ptr)
    }
}

impl<T: DeviceRepr> AsKernelArg for ManagedBuffer<T> {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::managed(self)
    }
}

impl AsKernelArg for Global {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        // The address lives in the Global; DevicePtr is a transparent u64.
        let p: &u64 = self.device_ptr_ref();
        KernelArg::of(p)
    }
}

impl ArgBytes for KernelArg<'_> {
    #[inline(always)]
    fn arg_bytes(&self) -> &[u8] {
        self.bytes
    }
}

impl Kernel {
    /// Refuses a cooperative launch of more blocks than `stream`'s SMs hold at once: the
    /// kernel's occupancy for the launch's block and shared memory
    /// ([`Kernel::max_active_blocks_per_sm`]) times the multiprocessors the stream's context
    /// may use, the rule the driver applies (`CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`).
    /// Those are the device's, or in a green context only its group's: every block of a
    /// cooperative grid is resident at once, and a green context's work runs on its own SMs
    /// (`cuGreenCtxCreate` "creates a green context with the resources specified in the
    /// descriptor"; `tests/gpu/green.rs` sees its launches use no others).
    /// Decided here, once, for both backends: the geometry a backend is handed has passed it.
    #[cold]
    fn check_cooperative(&self, g: &Live, stream: &Stream, geometry: &Geometry) -> Result<()> {
        let threads = geometry.shape().threads();
        let per_sm = self
            .raw
            .max_active_blocks_per_sm(threads, geometry.shared_mem_bytes() as usize)?;
        let ctx = stream.context();
        let multiprocessors = match ctx.imp.green_sms() {
            Some(sms) => sms,
            None => crate::Device::new(ctx.device_ordinal())?
                .properties()?
                .multiprocessor_count
                .max(0) as u32,
        };
        let blocks = geometry
            .grid()
            .iter()
            .map(|&d| u64::from(d))
            .product::<u64>();
        if blocks <= u64::from(per_sm) * u64::from(multiprocessors) {
            return Ok(());
        }
        Err(Error::CooperativeLaunchTooLarge {
            kernel: self.name_held(g)?,
            blocks,
            per_sm,
            multiprocessors,
        })
    }

    /// Checks the arguments against the kernel's parameters and launches it on `stream`
    /// (`cuLaunchKernelEx`). A wrong argument count or size is an error, never a launch.
    ///
    /// Usually called through [`launch!`](crate::launch) or [`Kernel::launcher`].
    pub fn launch(
        &self,
        stream: &Stream,
        config: &LaunchConfig,
        args: &[KernelArg<'_>],
    ) -> Result<()> {
        // One hold of the library for the whole launch: everything below that needs the
        // library (parameters, the name for an error) uses it rather than taking another.
        let g = self.lib.live(|| "a kernel".to_string())?;
        let params = self.params_held(&g)?;
        // The one check of the arguments: the backends take them as checked.
        let checked = match CheckedArgs::new(params, args) {
            Ok(checked) => checked,
            Err(mismatch) => return Err(self.arg_error(&g, mismatch)),
        };
        // The one check of the settings: every layer below takes the geometry as checked,
        // a cooperative grid's size against the device included.
        let geometry = config.geometry()?;
        if geometry.cooperative() {
            self.check_cooperative(&g, stream, &geometry)?;
        }
        // Managed buffers among the arguments: refused while the host views one, and
        // noted as in use by this stream (`crate::managed`). Rare: one test per argument.
        if args.iter().any(|a| a.managed.is_some()) {
            self.launch_managed(stream, geometry, checked, args)?;
        } else {
            // Queued in the stream's turn: while it captures, the capture records the
            // launch and its log notes the node.
            stream.queue(
                |capture| stream.imp.launch(capture, &self.raw, &geometry, checked),
                |deps| crate::graph::log::NodeRecord::kernel(self, geometry, deps),
            )?;
        }
        // Armed only while a profile is taken on a GPU stream.
        #[cfg(feature = "notebook")]
        if stream.recorder.is_armed() {
            // A launch that could not be recorded has no counters; the profile says why.
            let record = self.record(&g, stream, geometry, args);
            stream.recorder.keep(record.map_err(|e| e.to_string()));
        }
        Ok(())
    }

    /// [`launch`](Kernel::launch) with managed buffers among `args`: each is refused while
    /// the host views it, migrated to the stream's device (the simulator's model), and
    /// noted as used by the stream, whose host views then wait for it.
    #[cold]
    fn launch_managed(
        &self,
        stream: &Stream,
        geometry: Geometry,
        checked: CheckedArgs<'_, KernelArg<'_>>,
        args: &[KernelArg<'_>],
    ) -> Result<()> {
        let managed: Vec<&ManagedUse> = args.iter().filter_map(|a| a.managed).collect();
        for (i, m) in managed.iter().enumerate() {
            if let Err(e) = m.begin_launch() {
                for begun in &managed[..i] {
                    begun.end_launch(None);
                }
                return Err(e);
            }
        }
        let ctx = stream.context();
        let queued = stream.queue(
            |capture| {
                if capture.is_none() {
                    for m in &managed {
                        let (ptr, bytes) = m.range();
                        ctx.imp.managed_kernel_touch(ptr, bytes, &stream.imp)?;
                    }
                }
                stream.imp.launch(capture, &self.raw, &geometry, checked)
            },
            |deps| crate::graph::log::NodeRecord::kernel(self, geometry, deps),
        );
        let on = queued.is_ok().then_some(&stream.imp);
        for m in &managed {
            m.end_launch(on);
        }
        queued
    }

    /// A launch on a GPU stream, for the profile being taken (`timing::profile`), which
    /// runs it again on the simulator for its counters.
    #[cfg(feature = "notebook")]
    #[cold]
    fn record(
        &self,
        g: &Live,
        stream: &Stream,
        geometry: Geometry,
        args: &[KernelArg<'_>],
    ) -> Result<crate::profile::LaunchRecord> {
        let ctx = stream.context();
        Ok(crate::profile::LaunchRecord {
            lib: self.lib,
            kernel: self.name_held(g)?,
            geometry,
            args: args.iter().map(|a| a.bytes().to_vec()).collect(),
            device: crate::Device::new(ctx.device_ordinal())?.name()?,
            ctx: ctx.imp,
        })
    }

    #[cold]
    pub(crate) fn arg_error(&self, g: &Live, m: ArgMismatch) -> Error {
        let kernel = self.name_held(g).unwrap_or_else(|_| "?".into());
        match m {
            ArgMismatch::Count { expected, got } => Error::ArgumentCount {
                kernel,
                expected,
                got,
            },
            ArgMismatch::Size {
                index,
                expected,
                got,
            } => Error::ArgumentSize {
                kernel,
                index,
                expected,
                got,
            },
        }
    }

    /// A launch builder that reads well in a notebook cell:
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # let lib = cuda_library::Library::load_file(
    /// #     concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx"), &Default::default())?;
    /// # let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// # let stream = ctx.create_stream()?;
    /// # let (x, y) = (ctx.htod(&[1f32; 1024])?, ctx.alloc_zeroed::<f32>(1024)?);
    /// lib.get_kernel("saxpy")?
    ///     .launcher(&stream)
    ///     .grid(4).block(256)
    ///     .arg(&2.0f32).arg(&x).arg(&y).arg(&1024i32)
    ///     .launch()?;
    /// # Ok(()) }
    /// ```
    pub fn launcher<'a>(&'a self, stream: &'a Stream) -> Launcher<'a> {
        Launcher {
            kernel: self,
            stream,
            config: LaunchConfig::new(1, 1),
            args: Vec::new(),
        }
    }
}

/// Builder made by [`Kernel::launcher`].
///
/// [Try it in your browser](../playground/index.html#launch): the playground lesson on
/// launching a kernel on device buffers, run on the simulated GPU.
pub struct Launcher<'a> {
    kernel: &'a Kernel,
    stream: &'a Stream,
    config: LaunchConfig,
    args: Vec<KernelArg<'a>>,
}

impl<'a> Launcher<'a> {
    /// Grid dimensions.
    pub fn grid(mut self, grid: impl Into<Dim3>) -> Self {
        self.config.grid = grid.into();
        self
    }
    /// Block dimensions.
    pub fn block(mut self, block: impl Into<Dim3>) -> Self {
        self.config.block = block.into();
        self
    }
    /// Dynamic shared memory in bytes.
    pub fn shared_mem(mut self, bytes: u32) -> Self {
        self.config.shared_mem_bytes = bytes;
        self
    }
    /// The whole configuration at once.
    pub fn config(mut self, config: LaunchConfig) -> Self {
        self.config = config;
        self
    }
    /// Appends one argument.
    pub fn arg<T: AsKernelArg + ?Sized>(mut self, value: &'a T) -> Self {
        self.args.push(value.as_kernel_arg());
        self
    }
    /// Launches (checked as [`Kernel::launch`]).
    pub fn launch(self) -> Result<()> {
        self.kernel.launch(self.stream, &self.config, &self.args)
    }
}

/// Launches a kernel with checked arguments, without allocating:
/// `launch!(kernel, &stream, &config, arg0, arg1, ...)`.
///
/// Each argument may be a plain value (`2.0f32`, `n as i32`), a [`DeviceBuffer`] (passed as
/// its device pointer) or a [`Global`]. Evaluates to `Result<()>`.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{launch, Device, LaunchConfig, Library};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let ctx = Device::new(0)?.set_current()?;
/// let stream = ctx.create_stream()?;
/// let lib = Library::load_file(path, &Default::default())?; // saxpy among others
/// let saxpy = lib.get_kernel("saxpy")?;
/// let n = 1 << 16;
/// let x = ctx.htod(&vec![1.0f32; n])?;
/// let y = ctx.htod(&vec![2.0f32; n])?;
/// launch!(saxpy, &stream, &LaunchConfig::for_num_elems(n as u32, 256), 3.0f32, x, y, n as i32)?;
/// stream.synchronize()?;
/// assert_eq!(y.to_vec()?[0], 5.0);
/// # Ok(()) }
/// ```
#[macro_export]
macro_rules! launch {
    ($kernel:expr, $stream:expr, $config:expr $(, $arg:expr)* $(,)?) => {
        $kernel.launch($stream, $config, &[$($crate::KernelArg::from_ref(&$arg)),*])
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::ParamInfo;

    fn params(sizes: &[usize]) -> Vec<ParamInfo> {
        let mut off = 0usize;
        sizes
            .iter()
            .enumerate()
            .map(|(index, &size)| {
                off = off.div_ceil(size) * size;
                let p = ParamInfo {
                    index,
                    offset: off,
                    size,
                };
                off += size;
                p
            })
            .collect()
    }

    #[test]
    fn huge_dimensions_are_refused_not_overflowed() {
        let max = (u32::MAX, u32::MAX, u32::MAX);
        assert_eq!(Dim3::from(max).volume(), u64::MAX);
        let e = LaunchConfig::new(1, max).validate().unwrap_err();
        assert!(
            e.to_string().contains("exceeds the CUDA limit of 1024"),
            "{e}"
        );
    }

    #[test]
    fn matching_arguments_pass() {
        let (a, x, n) = (2.0f32, 0u64, 7i32);
        let args = [KernelArg::of(&a), KernelArg::of(&x), KernelArg::of(&n)];
        assert!(CheckedArgs::new(&params(&[4, 8, 4]), &args).is_ok());
    }

    #[test]
    fn wrong_count_and_size_are_caught() {
        let (a, n64) = (2.0f32, 7usize);
        assert_eq!(
            CheckedArgs::new(&params(&[4, 8, 4]), &[KernelArg::of(&a)]).map(|_| ()),
            Err(ArgMismatch::Count {
                expected: 3,
                got: 1
            })
        );
        // `n` passed as usize where the kernel takes int
        assert_eq!(
            CheckedArgs::new(&params(&[4, 4]), &[KernelArg::of(&a), KernelArg::of(&n64)])
                .map(|_| ()),
            Err(ArgMismatch::Size {
                index: 1,
                expected: 4,
                got: 8
            })
        );
    }

    #[test]
    fn arrays_and_device_pointers_have_their_sizes() {
        let v = [1u8; 12];
        assert_eq!(KernelArg::of(&v).size(), 12);
        assert_eq!(crate::DevicePtr(5).as_kernel_arg().size(), 8);
        assert_eq!(KernelArg::from_ref(&3.0f64).size(), 8);
    }

    #[test]
    fn configs_are_validated() {
        assert!(LaunchConfig::new(1, 256).validate().is_ok());
        assert!(LaunchConfig::new(0, 256).validate().is_err());
        assert!(LaunchConfig::new(1, (32, 32, 2)).validate().is_err());
        assert!(LaunchConfig::new(4, 128).with_cluster(2).validate().is_ok());
        let e = LaunchConfig::new(3, 128)
            .with_cluster(2)
            .validate()
            .unwrap_err();
        assert!(e.to_string().contains("not a multiple of cluster"), "{e}");
        assert!(
            matches!(
                &e,
                Error::InvalidLaunch {
                    kernel: None,
                    problem: crate::LaunchProblem::ClusterDoesNotTile {
                        grid: [3, 1, 1],
                        cluster: [2, 1, 1]
                    }
                }
            ),
            "{e:?}"
        );
        assert!(matches!(
            LaunchConfig::new(1, (32, 32, 2)).validate(),
            Err(Error::InvalidLaunch {
                problem: crate::LaunchProblem::TooManyThreads {
                    threads: 2048,
                    most: 1024,
                    kernel_limit: false
                },
                ..
            })
        ));
        assert_eq!(LaunchConfig::for_num_elems(0, 256).grid.x, 1);
        assert_eq!(LaunchConfig::for_num_elems(257, 256).grid.x, 2);
    }
}
