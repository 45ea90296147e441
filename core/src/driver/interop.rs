//! Interop with [cudarc](https://docs.rs/cudarc) (the `cudarc` feature, off by default):
//! cudarc's device memory as kernel arguments, and its contexts and streams as this crate's,
//! without copies. Driver backend only (cudarc has no simulator).
//!
//! Ownership rules:
//! - [`Context::from_cudarc`] shares the `CUcontext`: for a primary context this crate
//!   retains the device's primary context itself (each side releases its own retain); for any
//!   other context the returned [`Context`] keeps cudarc's `Arc<CudaContext>` alive and never
//!   destroys it. [`Context::to_cudarc`] works for primary contexts only: cudarc would take
//!   ownership of any other and destroy it, twice with this crate.
//! - [`Stream::from_cudarc`] borrows cudarc's stream and keeps its `Arc<CudaStream>` alive;
//!   the stream is not destroyed when the [`Stream`] drops. [`Stream::to_cudarc`] lends this
//!   crate's stream to cudarc (`wrap_borrowed_stream`), which never destroys it: keep the
//!   [`Stream`] alive while cudarc may use it.
//! - [`arg`] and [`arg_mut`] pass a `CudaSlice`/`CudaView` as a pointer argument with
//!   cudarc's event tracking: the returned [`CudarcArg`] must live until the launch is
//!   enqueued (pass it to [`Launcher::arg`](crate::Launcher::arg) and drop it after
//!   `launch()`), so cudarc's later work waits for the kernel. Arguments are checked against
//!   the kernel's parameters like every other (a slice is an 8-byte pointer).
//!
//! ```no_run
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use cuda_library::{interop, Context, Library, Stream};
//! let cu = cudarc::driver::CudaContext::new(0)?;
//! let cu_stream = cu.new_stream()?;
//! let ctx = Context::from_cudarc(&cu)?;
//! let stream = Stream::from_cudarc(&cu_stream)?;
//! let lib = Library::load_file("kernels.ptx", &Default::default())?;
//! let x = cu_stream.clone_htod(&[1.0f32, 2.0, 3.0])?;
//! let mut y = cu_stream.alloc_zeros::<f32>(3)?;
//! {
//!     let (xa, ya) = (interop::arg(&x, &cu_stream), interop::arg_mut(&mut y, &cu_stream));
//!     lib.get_kernel("saxpy")?.launcher(&stream).grid(1).block(32)
//!         .arg(&2.0f32).arg(&xa).arg(&ya).arg(&3i32).launch()?;
//! }
//! let y = cu_stream.clone_dtoh(&y)?;
//! # let _ = (ctx, y);
//! # Ok(()) }
//! ```

use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaStream, DevicePtr, DevicePtrMut, SyncOnDrop};

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::launch::{AsKernelArg, KernelArg};
use crate::stream::Stream;

fn driver_only(what: &str) -> Result<()> {
    if crate::backend::selected()?.kind == crate::BackendKind::Sim {
        return Err(Error::Unsupported(format!(
            "{what} needs the driver backend: cudarc has no simulated GPU"
        )));
    }
    Ok(())
}

impl Context {
    /// This crate's view of a cudarc context (the same `CUcontext`; see the module's
    /// ownership rules).
    pub fn from_cudarc(ctx: &Arc<CudaContext>) -> Result<Context> {
        driver_only("Context::from_cudarc")?;
        if ctx.is_primary() {
            return crate::Device::new(ctx.ordinal())?.primary_context();
        }
        let owner: Arc<dyn std::any::Any + Send + Sync> = ctx.clone();
        // SAFETY: cudarc's context is valid while its Arc lives, and the new Context keeps
        // that Arc.
        unsafe { Context::borrowed(ctx.cu_ctx().cast(), Some(owner)) }
    }

    /// cudarc's view of this context: for a primary context, `CudaContext::new` on its
    /// device (the same `CUcontext`, retained once more). Any other context is refused:
    /// cudarc would take ownership of it and destroy it.
    pub fn to_cudarc(&self) -> Result<Arc<CudaContext>> {
        driver_only("Context::to_cudarc")?;
        if self.is_simulated() {
            return Err(Error::Unsupported(
                "a simulated context has no cudarc form".into(),
            ));
        }
        if !self.is_primary() {
            return Err(Error::Unsupported(
                "only a primary context converts to cudarc: cudarc would destroy any other \
                 when its CudaContext drops, and so would this crate; use the device's \
                 primary context"
                    .into(),
            ));
        }
        CudaContext::new(self.device_ordinal())
            .map_err(|e| Error::InvalidArgument(format!("cudarc could not open the context: {e}")))
    }
}

impl Stream {
    /// This crate's view of a cudarc stream (the same `CUstream`, not destroyed when the
    /// returned value drops; cudarc's `Arc<CudaStream>` is kept alive until then).
    pub fn from_cudarc(stream: &Arc<CudaStream>) -> Result<Stream> {
        driver_only("Stream::from_cudarc")?;
        let ctx = Context::from_cudarc(stream.context())?;
        let owner: Arc<dyn std::any::Any + Send + Sync> = stream.clone();
        // SAFETY: cudarc's stream belongs to `ctx` (made from the stream's own context) and
        // lives as long as `owner`, its Arc, which the new Stream keeps.
        let imp = unsafe { seam::Stream::borrowed(stream.cu_stream().cast(), &ctx.imp, owner) }?;
        Ok(Stream::wrap(imp))
    }

    /// cudarc's view of this stream, in `ctx` (this stream's context as cudarc has it, e.g.
    /// from [`Context::to_cudarc`]).
    ///
    /// # Safety
    /// cudarc borrows the stream: this [`Stream`] must outlive the returned `CudaStream` and
    /// every clone of it, and `ctx` must be the stream's context.
    pub unsafe fn to_cudarc(&self, ctx: &Arc<CudaContext>) -> Result<Arc<CudaStream>> {
        driver_only("Stream::to_cudarc")?;
        if ctx.cu_ctx().cast() != self.context().as_raw() {
            return Err(Error::InvalidArgument(
                "the cudarc context given is not this stream's context".into(),
            ));
        }
        // SAFETY: the caller keeps this stream alive while cudarc uses it; it belongs to
        // `ctx` (checked above).
        Ok(unsafe { ctx.wrap_borrowed_stream(self.as_raw().cast()) })
    }
}

/// A cudarc slice or view as a pointer argument, with cudarc's tracking of reads and
/// writes: keep it until the launch is enqueued (see the module's rules).
pub struct CudarcArg<'a> {
    ptr: u64,
    _sync: SyncOnDrop<'a>,
}

impl std::fmt::Debug for CudarcArg<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CudarcArg")
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .finish()
    }
}

impl AsKernelArg for CudarcArg<'_> {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::of(&self.ptr)
    }
}

/// `slice` (a `CudaSlice`, `CudaView` or `CudaViewMut`) as an argument the kernel reads,
/// ordered after cudarc's earlier writes to it on `stream`.
///
/// Launch the kernel on that same stream (`Stream::from_cudarc(&stream)`): cudarc orders
/// its own work with the kernel through events on `stream` only, so a launch on another
/// stream would race with it.
pub fn arg<'a, T>(slice: &'a impl DevicePtr<T>, stream: &'a CudaStream) -> CudarcArg<'a> {
    let (ptr, sync) = slice.device_ptr(stream);
    CudarcArg { ptr, _sync: sync }
}

/// `slice` as an argument the kernel writes, ordered after cudarc's earlier reads and writes
/// of it on `stream`. Launch on that same stream, as for [`arg`].
pub fn arg_mut<'a, T>(
    slice: &'a mut impl DevicePtrMut<T>,
    stream: &'a CudaStream,
) -> CudarcArg<'a> {
    let (ptr, sync) = slice.device_ptr_mut(stream);
    CudarcArg { ptr, _sync: sync }
}
