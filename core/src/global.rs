//! Views of a library's variables: [`Global`] (device memory, incl. `__constant__`),
//! [`Managed`] (host-accessible `__managed__` memory) and [`UnifiedFunction`].

use std::ffi::c_void;
use std::mem::size_of;
use std::sync::OnceLock;

use crate::backend::slot::LibRef;
use crate::context::Context;
use crate::element::ElementType;
use crate::error::{Error, Result};
use crate::memory::{as_bytes, as_bytes_mut, DevicePtr, DeviceRepr};

/// A library variable in device memory (`cuLibraryGetGlobal`): `__device__`, `__constant__`
/// or `__managed__`. A view: it never frees the memory, which belongs to the library.
/// Reads and writes are checked against the variable's size and fail with
/// [`Error::Unloaded`] once the library is gone.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// # let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .const .align 4 .f32 lookup[4];\n";
/// # let lib = cuda_library::Library::load_data(ptx.as_bytes(), &Default::default())?;
/// let table = lib.get_global("lookup")?;     // __constant__ float lookup[4];
/// table.write_slice(&[1.0f32, 2.0, 3.0, 4.0])?;
/// assert_eq!(table.read_vec::<f32>()?, vec![1.0, 2.0, 3.0, 4.0]);
/// assert!(table.read::<f64>().is_err());      // 8 bytes != 16 bytes
/// # Ok(()) }
/// ```
///
/// A variable the PTX declares as bytes can be viewed as elements of a type
/// ([`typed`](Global::typed)), for its displays:
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::ElementType;
/// # let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n.visible .global .align 4 .b8 table[8];\n";
/// # let lib = cuda_library::Library::load_data(ptx.as_bytes(), &Default::default())?;
/// let table = lib.get_global("table")?;          // __device__ float table[2];
/// assert_eq!(table.element_type(), None);        // PTX says .b8: bytes
/// let table = table.typed(ElementType::F32)?;
/// assert_eq!(table.element_type(), Some(ElementType::F32));
/// # Ok(()) }
/// ```
///
/// [Try it in your browser](../playground/index.html#globals): the playground lesson on reading
/// and writing globals and constants, run on the simulated GPU.
pub struct Global {
    var: Variable,
}

/// A `__managed__` variable (`cuLibraryGetManaged`): unified memory the host reads and
/// writes directly. Each access first waits for the context's queued work
/// (`cuCtxSynchronize`), so a value written by a kernel is seen and a host write is not
/// raced by a running kernel.
///
/// [Try it in your browser](../playground/index.html#managed): the playground lesson on managed
/// variables shared by host and device, run on the simulated GPU.
pub struct Managed {
    var: Variable,
}

/// How a variable's bytes are copied: device memory, or managed memory after the context's
/// queued work.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    Device,
    Managed,
}

/// What [`Global`] and [`Managed`] are: a library variable's place, name and element type,
/// its size-checked reads and writes, and how its bytes are copied.
struct Variable {
    lib: LibRef,
    name: String,
    ptr: u64,
    size: usize,
    ctx: Context,
    access: Access,
    /// The element type `typed` gave, else the PTX declaration's (looked up once).
    elem: OnceLock<Option<ElementType>>,
}

fn size_check(what: &str, size: usize, got: usize) -> Result<()> {
    if got != size {
        return Err(Error::SizeMismatch {
            what: what.to_string(),
            expected: size,
            got,
        });
    }
    Ok(())
}

fn elems_check<T>(what: &str, size: usize) -> Result<usize> {
    let s = size_of::<T>();
    if s == 0 || size % s != 0 {
        return Err(Error::SizeMismatch {
            what: format!(
                "{what} (not a whole number of {})",
                std::any::type_name::<T>()
            ),
            expected: size,
            got: s,
        });
    }
    Ok(size / s)
}

impl Variable {
    fn what(&self) -> String {
        match self.access {
            Access::Device => format!("global `{}`", self.name),
            Access::Managed => format!("managed variable `{}`", self.name),
        }
    }

    fn element_type(&self) -> Option<ElementType> {
        *self
            .elem
            .get_or_init(|| ElementType::from_ptx(&self.lib.declared_type(&self.name)?))
    }

    fn typed(self, ty: ElementType) -> Result<Variable> {
        ty.check_whole(&self.what(), self.size)?;
        Ok(Variable {
            elem: OnceLock::from(Some(ty)),
            ..self
        })
    }

    fn read_into(&self, out: &mut [u8]) -> Result<()> {
        let _g = self.lib.live(|| self.what())?;
        // The variable is `self.size == out.len()` bytes and the library is held loaded.
        match self.access {
            Access::Device if out.is_empty() => Ok(()),
            Access::Device => self.ctx.imp.dtoh(out, self.ptr),
            Access::Managed => self.ctx.imp.read_managed(out, self.ptr),
        }
    }

    fn read_bytes(&self) -> Result<Vec<u8>> {
        let mut out = vec![0u8; self.size];
        self.read_into(&mut out)?;
        Ok(out)
    }

    fn write_bytes(&self, bytes: &[u8]) -> Result<()> {
        size_check(&self.what(), self.size, bytes.len())?;
        let _g = self.lib.live(|| self.what())?;
        // Sizes checked; the library is held loaded.
        match self.access {
            Access::Device if bytes.is_empty() => Ok(()),
            Access::Device => self.ctx.imp.htod(self.ptr, bytes),
            Access::Managed => self.ctx.imp.write_managed(self.ptr, bytes),
        }
    }

    fn read<T: DeviceRepr + Default>(&self) -> Result<T> {
        size_check(&self.what(), self.size, size_of::<T>())?;
        let mut v = T::default();
        self.read_into(as_bytes_mut(std::slice::from_mut(&mut v)))?;
        Ok(v)
    }

    fn read_vec<T: DeviceRepr + Default>(&self) -> Result<Vec<T>> {
        let n = elems_check::<T>(&self.what(), self.size)?;
        let mut v = vec![T::default(); n];
        self.read_into(as_bytes_mut(&mut v))?;
        Ok(v)
    }

    fn debug(&self, type_name: &str, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(type_name)
            .field("name", &self.name)
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .field("size", &self.size)
            .finish()
    }
}

/// The public methods of [`Global`] and [`Managed`], the same for both (each type's own docs
/// say how its reads and writes reach the memory).
macro_rules! variable_methods {
    ($ty:ident, $access:expr) => {
        impl $ty {
            pub(crate) fn new(
                lib: LibRef,
                name: String,
                ptr: u64,
                size: usize,
                ctx: Context,
            ) -> $ty {
                let (access, elem) = ($access, OnceLock::new());
                let var = Variable {
                    lib,
                    name,
                    ptr,
                    size,
                    ctx,
                    access,
                    elem,
                };
                $ty { var }
            }

            /// The type of the variable's elements: the one [`typed`](Self::typed) gave,
            /// else the one its PTX declaration names (`.f32 x[4]`, `.u32 n`); `None` for
            /// bytes of unknown type (nvcc declares initialised arrays as `.b8`) or where no
            /// PTX is at hand (a cubin, or a driver library not kept for profiles).
            pub fn element_type(&self) -> Option<ElementType> {
                self.var.element_type()
            }

            /// The variable viewed as elements of `ty`, for
            /// [`element_type`](Self::element_type) and its displays; an error unless its
            /// size is a whole number of them.
            pub fn typed(self, ty: ElementType) -> Result<$ty> {
                Ok($ty {
                    var: self.var.typed(ty)?,
                })
            }

            /// The variable's name.
            pub fn name(&self) -> &str {
                &self.var.name
            }

            /// Size in bytes.
            pub fn size(&self) -> usize {
                self.var.size
            }

            /// The variable's address: in device memory, in the context it was looked up in
            /// (a managed variable's is valid on the host and the device).
            pub fn device_ptr(&self) -> DevicePtr {
                DevicePtr(self.var.ptr)
            }

            /// Copies the whole variable to the host as bytes.
            pub fn read_bytes(&self) -> Result<Vec<u8>> {
                self.var.read_bytes()
            }

            /// Overwrites the whole variable with `bytes` (exactly `size()` bytes).
            pub fn write_bytes(&self, bytes: &[u8]) -> Result<()> {
                self.var.write_bytes(bytes)
            }

            /// Reads the variable as one `T`; its size must be exactly `size_of::<T>()`.
            pub fn read<T: DeviceRepr + Default>(&self) -> Result<T> {
                self.var.read()
            }

            /// Reads the variable as an array of `T`; its size must be a multiple of
            /// `size_of::<T>()`.
            pub fn read_vec<T: DeviceRepr + Default>(&self) -> Result<Vec<T>> {
                self.var.read_vec()
            }

            /// Writes one `T`; its size must equal the variable's.
            pub fn write<T: DeviceRepr>(&self, value: &T) -> Result<()> {
                self.write_bytes(as_bytes(std::slice::from_ref(value)))
            }

            /// Writes an array of `T` covering the whole variable.
            pub fn write_slice<T: DeviceRepr>(&self, values: &[T]) -> Result<()> {
                self.write_bytes(as_bytes(values))
            }

            /// Whether the library is still loaded.
            pub fn is_loaded(&self) -> bool {
                self.var.lib.is_loaded()
            }
        }

        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.var.debug(stringify!($ty), f)
            }
        }
    };
}

variable_methods!(Global, Access::Device);
variable_methods!(Managed, Access::Managed);

impl Global {
    /// The address, borrowed (what a kernel argument points to).
    pub(crate) fn device_ptr_ref(&self) -> &u64 {
        &self.var.ptr
    }
}

/// A unified function's address (`cuLibraryGetUnifiedFunction`), valid while the library is
/// loaded.
pub struct UnifiedFunction {
    lib: LibRef,
    name: String,
    /// The address, kept as a number: this crate never dereferences it.
    ptr: usize,
}

impl std::fmt::Debug for UnifiedFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnifiedFunction")
            .field("name", &self.name)
            .field("ptr", &(self.ptr as *mut c_void))
            .finish()
    }
}

impl UnifiedFunction {
    pub(crate) fn new(lib: LibRef, name: String, ptr: *mut c_void) -> Self {
        UnifiedFunction {
            lib,
            name,
            ptr: ptr as usize,
        }
    }

    /// The function's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The address, or [`Error::Unloaded`] once the library is gone.
    pub fn as_raw(&self) -> Result<*mut c_void> {
        let _g = self
            .lib
            .live(|| format!("unified function `{}`", self.name))?;
        Ok(self.ptr as *mut c_void)
    }
}
