//! Unified memory: [`ManagedBuffer`], one allocation the host and kernels both address
//! (`cuMemAllocManaged`), with prefetch, memory advice and stream attachment.
//!
//! The rule of who may touch the memory when, and what the simulator models, are on
//! [`ManagedBuffer`].

use std::marker::PhantomData;
use std::mem::size_of;
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};
pub use crate::info::{Advice, Attach, Location, Migration};
use crate::memory::{as_bytes, as_bytes_mut, DevicePtr, DeviceRepr};
use crate::stream::Stream;

/// Who is using a managed buffer: the host's views and the streams of launches that took it.
#[derive(Default)]
struct Users {
    /// Live shared host views ([`ManagedBuffer::host`]).
    host_views: usize,
    /// Launches with the buffer under way in this process (the simulator runs a launch in
    /// the call that queues it).
    launching: usize,
    /// Streams kernels using the buffer were queued on, until seen idle.
    streams: Vec<Arc<seam::Stream>>,
}

/// A managed buffer's bookkeeping, shared with the launches that take it as an argument
/// (through [`KernelArg::managed`](crate::KernelArg::managed)).
pub(crate) struct ManagedUse {
    users: Mutex<Users>,
    /// The buffer's address and size.
    ptr: u64,
    bytes: usize,
    /// The buffer in words, for errors.
    describe: String,
}

impl std::fmt::Debug for ManagedUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManagedUse")
            .field("buffer", &self.describe)
            .finish_non_exhaustive()
    }
}

impl ManagedUse {
    fn lock(&self) -> MutexGuard<'_, Users> {
        self.users.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn busy(&self, what: &str, reason: String) -> Error {
        Error::ManagedInUse {
            what: format!("{what} {}", self.describe),
            reason,
        }
    }

    /// The buffer's address and size in bytes.
    pub(crate) fn range(&self) -> (u64, usize) {
        (self.ptr, self.bytes)
    }

    /// Before a launch that takes the buffer: refused while the host views it.
    pub(crate) fn begin_launch(&self) -> Result<()> {
        let mut u = self.lock();
        if u.host_views > 0 {
            return Err(self.busy(
                "a launch with",
                format!(
                    "the host holds {} view(s) of it (ManagedBuffer::host); drop them before \
                     launching",
                    u.host_views
                ),
            ));
        }
        u.launching += 1;
        Ok(())
    }

    /// After the launch was queued (or failed): the stream it went to, when queued.
    pub(crate) fn end_launch(&self, stream: Option<&Arc<seam::Stream>>) {
        let mut u = self.lock();
        u.launching = u.launching.saturating_sub(1);
        if let Some(s) = stream {
            if !u.streams.iter().any(|t| Arc::ptr_eq(t, s)) {
                u.streams.push(s.clone());
            }
        }
    }

    /// Checks that no kernel that may use the buffer runs, forgetting streams seen idle.
    fn check_idle(&self, u: &mut Users, what: &str) -> Result<()> {
        if u.launching > 0 {
            return Err(self.busy(
                what,
                "a launch that takes it is under way on another thread; wait for it (or \
                 synchronize its stream) first"
                    .to_string(),
            ));
        }
        let mut busy = 0usize;
        let mut first_error = None;
        u.streams.retain(|s| match s.is_idle() {
            Ok(true) => false,
            Ok(false) => {
                busy += 1;
                true
            }
            Err(e) => {
                first_error.get_or_insert(e);
                true
            }
        });
        if let Some(e) = first_error {
            return Err(e);
        }
        if busy > 0 {
            return Err(self.busy(
                what,
                format!(
                    "a kernel that takes it may still run on {busy} stream(s); call \
                     ManagedBuffer::synchronize (or the stream's synchronize) first"
                ),
            ));
        }
        Ok(())
    }

    /// Waits for every stream a launch with the buffer went to.
    fn wait(&self) -> Result<()> {
        let streams: Vec<Arc<seam::Stream>> = self.lock().streams.clone();
        for s in &streams {
            s.synchronize()?;
        }
        let mut u = self.lock();
        u.streams
            .retain(|s| !streams.iter().any(|done| Arc::ptr_eq(done, s)));
        Ok(())
    }
}

/// Unified (managed) memory holding `len` values of `T`, one allocation the host and kernels
/// both address (`cuMemAllocManaged`), freed on drop (`cuMemFree`). Made with
/// [`Context::alloc_managed`].
///
/// The host reads and writes it through views ([`host`](Self::host),
/// [`host_mut`](Self::host_mut)) that deref to slices; a kernel takes it as an argument
/// (`launch!(kernel, &stream, &cfg, buf, ...)`), as a [`DeviceBuffer`](crate::DeviceBuffer).
/// The rule below keeps the two apart: a view while a kernel that takes the buffer may run,
/// or a launch while a view lives, is an [`Error::ManagedInUse`].
///
/// # The synchronisation rule
///
/// CUDA's rule for managed memory is that the host must not touch it while a kernel that may
/// use it runs. On devices without concurrent managed access
/// (`CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 0`: Windows, and GPUs before Pascal) the
/// host's access faults (a segfault) while any kernel runs; on devices with it (the H100 and
/// H200 on Linux report 1) the access is allowed, migrates pages on demand and races with the
/// kernel. Rust forbids the race either way, so this crate enforces the rule on every device
/// and on the simulator:
///
/// - a host view ([`ManagedBuffer::host`], [`ManagedBuffer::host_mut`], [`to_vec`](ManagedBuffer::to_vec),
///   [`copy_from`](ManagedBuffer::copy_from)) is refused with [`Error::ManagedInUse`] while a
///   kernel launched with the buffer as an argument may still run: its stream is not idle
///   (`cuStreamQuery`), or, on the simulator, the launch is under way on another thread.
///   [`ManagedBuffer::synchronize`] (or the stream's) makes it idle;
/// - a launch with the buffer as an argument is refused with the same error while a host view
///   of it lives ([`host_mut`](ManagedBuffer::host_mut) borrows the buffer mutably, so the
///   compiler already refuses a launch then; [`host`](ManagedBuffer::host) is counted at run
///   time, as a `RefCell` counts borrows);
/// - on a device without concurrent managed access, a host view of a buffer attached
///   globally also synchronizes the context first (there the rule covers every kernel on the
///   device, which this crate cannot see).
///
/// Launches are tracked when the buffer is a [`launch!`](crate::launch) argument (or a
/// [`KernelArg::managed`](crate::KernelArg::managed) one). A kernel node of a graph is not:
/// synchronize the stream a graph was launched on before touching the buffer from the host.
///
/// # On the simulator
///
/// The same API, rules and errors, with simulated memory behind the pointer (a host view is a
/// copy, written back when a mutable view drops) and page migration charged by the cost
/// model: the [`cost_model`](crate::guide::cost_model) guide's "Unified memory" section says
/// how, and [`ManagedBuffer::migration`] shows what was charged.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::Device;
/// let ctx = Device::new(0)?.set_current()?;
/// let mut x = ctx.alloc_managed::<f32>(4)?;
/// x.host_mut()?.copy_from_slice(&[1.0, 2.0, 3.0, 4.0]);
/// assert_eq!(x.host()?.iter().sum::<f32>(), 10.0);
/// assert_eq!(x.to_vec()?, vec![1.0, 2.0, 3.0, 4.0]);
/// # Ok(()) }
/// ```
pub struct ManagedBuffer<T: DeviceRepr> {
    ptr: u64,
    len: usize,
    attach: Mutex<Attach>,
    ctx: seam::Context,
    uses: Arc<ManagedUse>,
    /// `fn() -> T`: the buffer holds no `T` of the host's, only managed memory.
    _t: PhantomData<fn() -> T>,
}

impl<T: DeviceRepr> std::fmt::Debug for ManagedBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManagedBuffer")
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .field("len", &self.len)
            .field("type", &std::any::type_name::<T>())
            .field("attach", &self.attachment())
            .finish()
    }
}

impl Context {
    /// Allocates unified memory for `len` values of `T`, attached globally (any stream on any
    /// device may use it), as `cudaMallocManaged` does. Its contents are zero on the
    /// simulator and unspecified on a GPU until written.
    ///
    /// Zero elements, or more bytes than the address space holds, are an
    /// [`Error::InvalidArgument`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed::<u32>(1 << 20)?;
    /// assert_eq!(buf.size_bytes(), 4 << 20);
    /// assert!(ctx.alloc_managed::<u32>(0).is_err());
    /// assert!(ctx.alloc_managed::<u64>(usize::MAX / 4).is_err());
    /// # Ok(()) }
    /// ```
    pub fn alloc_managed<T: DeviceRepr>(&self, len: usize) -> Result<ManagedBuffer<T>> {
        self.alloc_managed_with(len, Attach::Global)
    }

    /// As [`alloc_managed`](Self::alloc_managed), attached as `attach` says
    /// ([`Attach::Global`] or [`Attach::Host`]; [`Attach::Single`] needs a stream:
    /// [`ManagedBuffer::attach`]).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::Attach;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed_with::<u8>(4096, Attach::Host)?;
    /// assert_eq!(buf.attachment(), Attach::Host);
    /// assert!(ctx.alloc_managed_with::<u8>(4096, Attach::Single).is_err());
    /// # Ok(()) }
    /// ```
    pub fn alloc_managed_with<T: DeviceRepr>(
        &self,
        len: usize,
        attach: Attach,
    ) -> Result<ManagedBuffer<T>> {
        let type_name = std::any::type_name::<T>();
        if len == 0 {
            return Err(Error::InvalidArgument(format!(
                "a managed buffer of 0 elements of {type_name}: cuMemAllocManaged needs at \
                 least one byte; allocate at least one element"
            )));
        }
        if attach == Attach::Single {
            return Err(Error::InvalidArgument(
                "a managed allocation is attached globally or to the host \
                 (Attach::Global or Attach::Host); attach it to one stream afterwards with \
                 ManagedBuffer::attach(&stream, Attach::Single)"
                    .to_string(),
            ));
        }
        let bytes = len
            .checked_mul(size_of::<T>())
            .filter(|&b| u64::try_from(b).is_ok_and(|b| b <= i64::MAX as u64))
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "{len} elements of {type_name} overflow the address space"
                ))
            })?;
        let ptr = self.imp.alloc_managed(bytes, attach)?;
        Ok(ManagedBuffer {
            ptr,
            len,
            attach: Mutex::new(attach),
            ctx: self.imp.clone(),
            uses: Arc::new(ManagedUse {
                users: Mutex::new(Users::default()),
                ptr,
                bytes,
                describe: format!("the managed buffer of {len} {type_name} at {ptr:#x}"),
            }),
            _t: PhantomData,
        })
    }

    /// Whether the host may access managed memory while kernels run on this context's
    /// device (`CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS`): true on the H100 and H200
    /// under Linux and on the simulator, false on Windows and GPUs before Pascal. This crate
    /// keeps the host off a managed buffer while a kernel that takes it may run either way
    /// ([`ManagedBuffer`]); where it is false, a host view of a globally attached buffer
    /// also waits for the whole context.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// if ctx.is_simulated() {
    ///     assert!(ctx.concurrent_managed_access()?);
    /// }
    /// # Ok(()) }
    /// ```
    pub fn concurrent_managed_access(&self) -> Result<bool> {
        self.imp.concurrent_managed_access()
    }
}

impl<T: DeviceRepr> ManagedBuffer<T> {
    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no elements (never: a managed buffer has at least one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        // Checked when it was allocated.
        self.len * size_of::<T>()
    }

    /// The address, the same on the host and the device.
    pub fn device_ptr(&self) -> DevicePtr {
        DevicePtr(self.ptr)
    }

    /// The raw address, valid while this buffer lives.
    pub fn as_raw(&self) -> u64 {
        self.ptr
    }

    /// How the buffer is attached now.
    pub fn attachment(&self) -> Attach {
        *self.attach.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The context the buffer was allocated in (kept alive by the buffer).
    pub fn context(&self) -> Context {
        Context {
            imp: self.ctx.clone(),
        }
    }

    /// Whether the buffer is on the simulator.
    pub fn is_simulated(&self) -> bool {
        self.ctx.is_simulated()
    }

    /// The bookkeeping a launch that takes this buffer updates.
    pub(crate) fn uses(&self) -> &ManagedUse {
        &self.uses
    }

    /// The address as a kernel argument reads it.
    pub(crate) fn ptr_ref(&self) -> &u64 {
        &self.ptr
    }

    /// Checks the rule before a host access and counts it as a view until `end_host`, in
    /// one hold of the bookkeeping, so no launch begins between the check and the access;
    /// `alone`: also refused while another view lives (a write through `&self`). Then makes
    /// the memory ready for the host.
    fn begin_host(&self, what: &str, alone: bool) -> Result<()> {
        {
            let mut u = self.uses.lock();
            self.uses.check_idle(&mut u, what)?;
            if alone && u.host_views > 0 {
                return Err(self.uses.busy(
                    what,
                    "the host holds a view of it (ManagedBuffer::host); drop it first".to_string(),
                ));
            }
            u.host_views += 1;
        }
        let ready = self.ready_for_host();
        if ready.is_err() {
            self.end_host();
        }
        ready
    }

    /// The end of an access `begin_host` counted.
    fn end_host(&self) {
        let mut u = self.uses.lock();
        u.host_views = u.host_views.saturating_sub(1);
    }

    /// Makes the memory ready for the host (the rule checked).
    fn ready_for_host(&self) -> Result<()> {
        if self.attachment() == Attach::Global && !self.ctx.concurrent_managed_access()? {
            // There the rule covers every kernel on the device, which no stream here shows.
            self.ctx.synchronize()?;
        }
        self.ctx.managed_to_host(self.ptr, self.size_bytes())
    }

    /// A read-only view for the host, refused while a kernel that takes the buffer may
    /// run; while it lives, launches that take the buffer are refused.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed::<i32>(3)?;
    /// let view = buf.host()?;
    /// assert_eq!(&*view, &[0, 0, 0][..view.len()]);
    /// # Ok(()) }
    /// ```
    pub fn host(&self) -> Result<HostView<'_, T>> {
        self.begin_host("a host view of", false)?;
        match self.host_data() {
            Ok(data) => Ok(HostView { buf: self, data }),
            Err(e) => {
                self.end_host();
                Err(e)
            }
        }
    }

    /// A view the host reads and writes, refused while a kernel that takes the buffer may
    /// run. It borrows the buffer mutably, so no launch can take the buffer while it lives.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let mut buf = ctx.alloc_managed::<f64>(8)?;
    /// for (i, v) in buf.host_mut()?.iter_mut().enumerate() {
    ///     *v = i as f64;
    /// }
    /// assert_eq!(buf.host()?[7], 7.0);
    /// # Ok(()) }
    /// ```
    pub fn host_mut(&mut self) -> Result<HostViewMut<'_, T>> {
        self.begin_host("a host view of", true)?;
        match self.host_data() {
            Ok(data) => Ok(HostViewMut { buf: self, data }),
            Err(e) => {
                self.end_host();
                Err(e)
            }
        }
    }

    /// The host's access to the memory: the memory itself on a GPU (managed memory is
    /// host-addressable), a copy of the simulated memory on the simulator.
    fn host_data(&self) -> Result<HostData<T>> {
        match self.ctx.managed_host_ptr(self.ptr) {
            Some(p) => Ok(HostData::Direct(p.cast())),
            None => {
                let mut v = self.host_vec()?;
                self.ctx.managed_read(as_bytes_mut(&mut v), self.ptr)?;
                Ok(HostData::Copy(v))
            }
        }
    }

    /// `len` zeroed elements in host memory, or an error where the host cannot allocate
    /// them (a 32-bit WebAssembly playground, a process under a memory limit): a failed
    /// allocation would abort the process.
    fn host_vec(&self) -> Result<Vec<T>> {
        let mut v = Vec::new();
        v.try_reserve_exact(self.len).map_err(|_| {
            Error::InvalidArgument(format!(
                "this process cannot allocate the {} bytes of a host copy of {}; use a smaller \
                 buffer or give the process more memory",
                self.size_bytes(),
                self.uses.describe
            ))
        })?;
        v.resize(self.len, zeroed::<T>());
        Ok(v)
    }

    /// Copies the contents to a new `Vec` (a host read, under the same rule as
    /// [`host`](Self::host)). On the simulator the view's copy is the `Vec`; an allocation
    /// the host cannot make is an error, as for [`host`](Self::host).
    pub fn to_vec(&self) -> Result<Vec<T>> {
        let mut view = self.host()?;
        match std::mem::replace(&mut view.data, HostData::Copy(Vec::new())) {
            HostData::Copy(v) => Ok(v),
            HostData::Direct(p) => {
                view.data = HostData::Direct(p);
                let mut v = self.host_vec()?;
                v.copy_from_slice(&view);
                Ok(v)
            }
        }
    }

    /// Copies `data` (exactly `len()` elements) in from the host, under the rule of
    /// [`host_mut`](Self::host_mut) (checked at run time, since it takes `&self`).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed::<u16>(2)?;
    /// buf.copy_from(&[7, 9])?;
    /// assert_eq!(buf.to_vec()?, vec![7, 9]);
    /// assert!(buf.copy_from(&[1]).is_err());
    /// # Ok(()) }
    /// ```
    pub fn copy_from(&self, data: &[T]) -> Result<()> {
        if data.len() != self.len {
            return Err(Error::SizeMismatch {
                what: format!("a managed buffer of {} elements", self.len),
                expected: self.size_bytes(),
                got: std::mem::size_of_val(data),
            });
        }
        // Refused while a shared view lives, as a launch is: the view would see the write.
        self.begin_host("a host write to", true)?;
        let written = self.write_host(data);
        self.end_host();
        written
    }

    /// Writes `data` (exactly `len` elements) from the host; the access is counted.
    fn write_host(&self, data: &[T]) -> Result<()> {
        match self.ctx.managed_host_ptr(self.ptr) {
            Some(p) => {
                // SAFETY: `p` is this buffer's host-addressable managed memory, `len`
                // elements long; the caller's `begin_host(.., true)` found no kernel that
                // takes it running and no other view, and holds off launches until
                // `end_host`, so nothing else reads or writes it.
                let dst = unsafe { std::slice::from_raw_parts_mut(p.cast::<T>(), self.len) };
                dst.copy_from_slice(data);
                Ok(())
            }
            None => self.ctx.managed_write(self.ptr, as_bytes(data)),
        }
    }

    /// Waits for every stream a launch that took this buffer went to; afterwards host
    /// views are allowed (until the next launch).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_managed::<f32>(16)?;
    /// buf.synchronize()?;
    /// assert!(buf.host().is_ok());
    /// # Ok(()) }
    /// ```
    pub fn synchronize(&self) -> Result<()> {
        self.uses.wait()
    }

    /// Migrates the buffer to `to` ahead of its use, ordered on `stream`
    /// (`cuMemPrefetchAsync`): a kernel that then uses it on that device, or the host, does
    /// not fault its pages over one by one. A device that does not exist is an
    /// [`Error::InvalidDevice`]; a capturing stream is refused.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::Location;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_managed::<f32>(1 << 20)?;
    /// buf.prefetch(Location::Device(0), &stream)?;
    /// assert!(buf.prefetch(Location::Device(99), &stream).is_err());
    /// # Ok(()) }
    /// ```
    pub fn prefetch(&self, to: Location, stream: &Stream) -> Result<()> {
        check_location(to)?;
        self.check_stream(stream, "a prefetch")?;
        let turn = stream.turn();
        if turn.is_some() {
            return Err(Error::InvalidArgument(
                "a prefetch of managed memory on a capturing stream: this crate records no \
                 prefetch node; prefetch before the capture begins"
                    .to_string(),
            ));
        }
        self.ctx
            .prefetch_managed(self.ptr, self.size_bytes(), to, &stream.imp)?;
        drop(turn);
        // A prefetch to the host is device work the host must not overtake.
        self.uses.end_launch_like(&stream.imp);
        Ok(())
    }

    /// Gives the driver advice on how the buffer will be used (`cuMemAdvise`). A location
    /// naming a device that does not exist is an [`Error::InvalidDevice`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Advice, Location};
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let table = ctx.alloc_managed::<f32>(1024)?;
    /// table.advise(Advice::SetReadMostly)?;
    /// table.advise(Advice::SetPreferredLocation(Location::Device(0)))?;
    /// table.advise(Advice::SetAccessedBy(Location::Host))?;
    /// # Ok(()) }
    /// ```
    pub fn advise(&self, advice: Advice) -> Result<()> {
        match advice {
            Advice::SetPreferredLocation(l)
            | Advice::SetAccessedBy(l)
            | Advice::UnsetAccessedBy(l) => check_location(l)?,
            Advice::SetReadMostly | Advice::UnsetReadMostly | Advice::UnsetPreferredLocation => {}
        }
        self.ctx.advise_managed(self.ptr, self.size_bytes(), advice)
    }

    /// Attaches the buffer as `attach` says, ordered on `stream`
    /// (`cuStreamAttachMemAsync`): [`Attach::Single`] ties it to `stream`, so on a device
    /// without concurrent managed access the host may use it while other streams run.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::Attach;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_managed_with::<u32>(256, Attach::Host)?;
    /// buf.attach(&stream, Attach::Single)?;
    /// assert_eq!(buf.attachment(), Attach::Single);
    /// # Ok(()) }
    /// ```
    pub fn attach(&self, stream: &Stream, attach: Attach) -> Result<()> {
        self.check_stream(stream, "an attachment")?;
        let turn = stream.turn();
        if turn.is_some() {
            return Err(Error::InvalidArgument(
                "an attachment of managed memory on a capturing stream: attach it before \
                 the capture begins"
                    .to_string(),
            ));
        }
        self.ctx.attach_managed(self.ptr, attach, &stream.imp)?;
        drop(turn);
        self.uses.end_launch_like(&stream.imp);
        *self.attach.lock().unwrap_or_else(|p| p.into_inner()) = attach;
        Ok(())
    }

    /// What the simulator charged this buffer for page migration and where its pages are;
    /// `None` on a GPU (the driver keeps no such count).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::Location;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let mut buf = ctx.alloc_managed::<f32>(1 << 16)?;
    /// buf.host_mut()?.fill(1.0); // first touch on the host
    /// buf.prefetch(Location::Device(0), &stream)?;
    /// if let Some(m) = buf.migration() {
    ///     assert_eq!(m.on_device, Some(0));
    ///     assert_eq!(m.prefetched, 1 << 18);
    /// }
    /// # Ok(()) }
    /// ```
    pub fn migration(&self) -> Option<Migration> {
        self.ctx.managed_migration(self.ptr)
    }

    fn check_stream(&self, stream: &Stream, what: &str) -> Result<()> {
        let s = stream.context().imp;
        if s.is_simulated() != self.ctx.is_simulated() {
            return Err(Error::InvalidArgument(format!(
                "{what} of a managed buffer on a stream of the other backend (driver and \
                 simulator)"
            )));
        }
        Ok(())
    }
}

impl ManagedUse {
    /// Notes device work on `stream` that touches the buffer (a prefetch, an attachment):
    /// host views wait for it as for a launch.
    fn end_launch_like(&self, stream: &Arc<seam::Stream>) {
        self.lock().launching += 1;
        self.end_launch(Some(stream));
    }
}

/// A device ordinal checked against the backend's count.
fn check_location(to: Location) -> Result<()> {
    if let Location::Device(ordinal) = to {
        crate::Device::new(ordinal)?;
    }
    Ok(())
}

impl<T: DeviceRepr> Drop for ManagedBuffer<T> {
    fn drop(&mut self) {
        // A kernel still queued may use the memory: wait for it before freeing (cuMemFree
        // of memory in use is undefined). Errors cannot be reported from Drop.
        let _ = self.uses.wait();
        let _ = self.ctx.free_managed(self.ptr);
    }
}

/// A zero `T` (every bit pattern is a valid `DeviceRepr`).
fn zeroed<T: DeviceRepr>() -> T {
    // SAFETY: DeviceRepr types are plain data for which every bit pattern, zero included,
    // is a valid value.
    unsafe { std::mem::zeroed() }
}

/// Where a view's elements are.
enum HostData<T> {
    /// The managed memory itself (a GPU's, host-addressable).
    Direct(*mut T),
    /// A copy of the simulated memory.
    Copy(Vec<T>),
}

impl<T: DeviceRepr> HostData<T> {
    fn slice(&self, len: usize) -> &[T] {
        match self {
            // SAFETY: the buffer's memory, `len` elements, host-addressable; the view that
            // holds this keeps the rule (no kernel that takes the buffer runs while it
            // lives) and borrows the buffer, so the memory outlives it.
            HostData::Direct(p) => unsafe { std::slice::from_raw_parts(*p, len) },
            HostData::Copy(v) => v,
        }
    }

    fn slice_mut(&mut self, len: usize) -> &mut [T] {
        match self {
            // SAFETY: as in `slice`, and the mutable view borrows the buffer mutably, so
            // this is the only access.
            HostData::Direct(p) => unsafe { std::slice::from_raw_parts_mut(*p, len) },
            HostData::Copy(v) => v,
        }
    }
}

/// The host's read-only view of a [`ManagedBuffer`]: derefs to `[T]`. While it lives,
/// launches that take the buffer are refused.
pub struct HostView<'a, T: DeviceRepr> {
    buf: &'a ManagedBuffer<T>,
    data: HostData<T>,
}

impl<T: DeviceRepr> Deref for HostView<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.data.slice(self.buf.len)
    }
}

impl<T: DeviceRepr> Drop for HostView<'_, T> {
    fn drop(&mut self) {
        self.buf.end_host();
    }
}

impl<T: DeviceRepr + std::fmt::Debug> std::fmt::Debug for HostView<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The host's read-write view of a [`ManagedBuffer`]: derefs to `[T]`. It borrows the
/// buffer mutably; on the simulator what was written goes back to simulated memory when it
/// drops.
pub struct HostViewMut<'a, T: DeviceRepr> {
    buf: &'a mut ManagedBuffer<T>,
    data: HostData<T>,
}

impl<T: DeviceRepr> Deref for HostViewMut<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.data.slice(self.buf.len)
    }
}

impl<T: DeviceRepr> DerefMut for HostViewMut<'_, T> {
    fn deref_mut(&mut self) -> &mut [T] {
        let len = self.buf.len;
        self.data.slice_mut(len)
    }
}

impl<T: DeviceRepr> Drop for HostViewMut<'_, T> {
    fn drop(&mut self) {
        if let HostData::Copy(v) = &self.data {
            // The buffer's own range in simulated memory, which exists while the buffer
            // does: the write cannot fail. Errors cannot be reported from Drop.
            let _ = self.buf.ctx.managed_write(self.buf.ptr, as_bytes(v));
        }
        self.buf.end_host();
    }
}

impl<T: DeviceRepr + std::fmt::Debug> std::fmt::Debug for HostViewMut<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_name_themselves() {
        assert_eq!(Location::Device(1).to_string(), "device 1");
        assert_eq!(Location::Host.to_string(), "the host");
    }

    #[test]
    fn a_launch_is_refused_while_a_host_view_lives_and_counted_otherwise() {
        let uses = ManagedUse {
            users: Mutex::new(Users::default()),
            ptr: 0,
            bytes: 0,
            describe: "b".into(),
        };
        uses.lock().host_views = 1;
        let e = uses.begin_launch().unwrap_err();
        assert!(e.to_string().contains("view"), "{e}");
        uses.lock().host_views = 0;
        uses.begin_launch().unwrap();
        assert_eq!(uses.lock().launching, 1);
        let mut u = uses.lock();
        let e = uses.check_idle(&mut u, "a host view of").unwrap_err();
        assert!(e.to_string().contains("under way"), "{e}");
        drop(u);
        uses.end_launch(None);
        assert_eq!(uses.lock().launching, 0);
    }
}
