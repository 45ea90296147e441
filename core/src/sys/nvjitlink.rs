// Written by hand from `nvJitLink.h` (CUDA 12.9, PyPI wheel nvidia-nvjitlink-cu12==12.9.86):
// the types and the functions cuda-library calls, in the shape bindgen gives the other
// bindings (a struct of `Result`s of function pointers, opened with `libloading`). bindgen
// cannot generate this one: the header defines every function as a `static inline` wrapper
// of a versioned symbol (`__nvJitLinkCreate_12_9`), and the library also exports the plain
// names, which are what is looked up here (with `__<name>_12_0` as the fallback).

/// `nvJitLinkResult`.
#[repr(transparent)]
#[derive(Debug, Copy, Clone, Hash, PartialEq, Eq)]
pub struct nvJitLinkResult(pub ::std::os::raw::c_uint);

impl nvJitLinkResult {
    pub const NVJITLINK_SUCCESS: nvJitLinkResult = nvJitLinkResult(0);
    pub const NVJITLINK_ERROR_UNRECOGNIZED_OPTION: nvJitLinkResult = nvJitLinkResult(1);
    pub const NVJITLINK_ERROR_MISSING_ARCH: nvJitLinkResult = nvJitLinkResult(2);
    pub const NVJITLINK_ERROR_INVALID_INPUT: nvJitLinkResult = nvJitLinkResult(3);
    pub const NVJITLINK_ERROR_PTX_COMPILE: nvJitLinkResult = nvJitLinkResult(4);
    pub const NVJITLINK_ERROR_NVVM_COMPILE: nvJitLinkResult = nvJitLinkResult(5);
    pub const NVJITLINK_ERROR_INTERNAL: nvJitLinkResult = nvJitLinkResult(6);
    pub const NVJITLINK_ERROR_THREADPOOL: nvJitLinkResult = nvJitLinkResult(7);
    pub const NVJITLINK_ERROR_UNRECOGNIZED_INPUT: nvJitLinkResult = nvJitLinkResult(8);
    pub const NVJITLINK_ERROR_FINALIZE: nvJitLinkResult = nvJitLinkResult(9);

    /// The enumerator's name, as the header spells it.
    pub fn name(self) -> Option<&'static str> {
        Some(match self.0 {
            0 => "NVJITLINK_SUCCESS",
            1 => "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
            2 => "NVJITLINK_ERROR_MISSING_ARCH",
            3 => "NVJITLINK_ERROR_INVALID_INPUT",
            4 => "NVJITLINK_ERROR_PTX_COMPILE",
            5 => "NVJITLINK_ERROR_NVVM_COMPILE",
            6 => "NVJITLINK_ERROR_INTERNAL",
            7 => "NVJITLINK_ERROR_THREADPOOL",
            8 => "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
            9 => "NVJITLINK_ERROR_FINALIZE",
            _ => return None,
        })
    }
}

/// `nvJitLinkInputType`.
#[repr(transparent)]
#[derive(Debug, Copy, Clone, Hash, PartialEq, Eq)]
pub struct nvJitLinkInputType(pub ::std::os::raw::c_uint);

impl nvJitLinkInputType {
    pub const NVJITLINK_INPUT_NONE: nvJitLinkInputType = nvJitLinkInputType(0);
    pub const NVJITLINK_INPUT_CUBIN: nvJitLinkInputType = nvJitLinkInputType(1);
    pub const NVJITLINK_INPUT_PTX: nvJitLinkInputType = nvJitLinkInputType(2);
    pub const NVJITLINK_INPUT_LTOIR: nvJitLinkInputType = nvJitLinkInputType(3);
    pub const NVJITLINK_INPUT_FATBIN: nvJitLinkInputType = nvJitLinkInputType(4);
    pub const NVJITLINK_INPUT_OBJECT: nvJitLinkInputType = nvJitLinkInputType(5);
    pub const NVJITLINK_INPUT_LIBRARY: nvJitLinkInputType = nvJitLinkInputType(6);
    pub const NVJITLINK_INPUT_ANY: nvJitLinkInputType = nvJitLinkInputType(10);
}

#[repr(C)]
#[derive(Debug, Copy, Clone)]
pub struct nvJitLink {
    _unused: [u8; 0],
}
/// `nvJitLinkHandle`: an opaque linker state.
pub type nvJitLinkHandle = *mut nvJitLink;

type Sym<F> = Result<F, ::libloading::Error>;

/// The nvJitLink functions, looked up in the opened library.
pub struct NvJitLinkLib {
    __library: ::libloading::Library,
    pub nvJitLinkCreate: Sym<
        unsafe extern "C" fn(
            handle: *mut nvJitLinkHandle,
            numOptions: u32,
            options: *const *const ::std::os::raw::c_char,
        ) -> nvJitLinkResult,
    >,
    pub nvJitLinkDestroy: Sym<unsafe extern "C" fn(handle: *mut nvJitLinkHandle) -> nvJitLinkResult>,
    pub nvJitLinkAddData: Sym<
        unsafe extern "C" fn(
            handle: nvJitLinkHandle,
            inputType: nvJitLinkInputType,
            data: *const ::std::os::raw::c_void,
            size: usize,
            name: *const ::std::os::raw::c_char,
        ) -> nvJitLinkResult,
    >,
    pub nvJitLinkComplete: Sym<unsafe extern "C" fn(handle: nvJitLinkHandle) -> nvJitLinkResult>,
    pub nvJitLinkGetLinkedCubinSize:
        Sym<unsafe extern "C" fn(handle: nvJitLinkHandle, size: *mut usize) -> nvJitLinkResult>,
    pub nvJitLinkGetLinkedCubin: Sym<
        unsafe extern "C" fn(
            handle: nvJitLinkHandle,
            cubin: *mut ::std::os::raw::c_void,
        ) -> nvJitLinkResult,
    >,
    pub nvJitLinkGetLinkedPtxSize:
        Sym<unsafe extern "C" fn(handle: nvJitLinkHandle, size: *mut usize) -> nvJitLinkResult>,
    pub nvJitLinkGetLinkedPtx: Sym<
        unsafe extern "C" fn(
            handle: nvJitLinkHandle,
            ptx: *mut ::std::os::raw::c_char,
        ) -> nvJitLinkResult,
    >,
    pub nvJitLinkGetErrorLogSize:
        Sym<unsafe extern "C" fn(handle: nvJitLinkHandle, size: *mut usize) -> nvJitLinkResult>,
    pub nvJitLinkGetErrorLog: Sym<
        unsafe extern "C" fn(
            handle: nvJitLinkHandle,
            log: *mut ::std::os::raw::c_char,
        ) -> nvJitLinkResult,
    >,
    pub nvJitLinkGetInfoLogSize:
        Sym<unsafe extern "C" fn(handle: nvJitLinkHandle, size: *mut usize) -> nvJitLinkResult>,
    pub nvJitLinkGetInfoLog: Sym<
        unsafe extern "C" fn(
            handle: nvJitLinkHandle,
            log: *mut ::std::os::raw::c_char,
        ) -> nvJitLinkResult,
    >,
    /// CUDA 12.3 and newer.
    pub nvJitLinkVersion: Sym<
        unsafe extern "C" fn(
            major: *mut ::std::os::raw::c_uint,
            minor: *mut ::std::os::raw::c_uint,
        ) -> nvJitLinkResult,
    >,
}

impl NvJitLinkLib {
    /// Looks every function up in `library`; a missing one becomes an `Err` entry.
    ///
    /// # Safety
    ///
    /// `library` must be nvJitLink: each symbol is given the signature of `nvJitLink.h`.
    pub unsafe fn from_library<L>(library: L) -> Result<Self, ::libloading::Error>
    where
        L: Into<::libloading::Library>,
    {
        let __library = library.into();
        macro_rules! get {
            ($name:literal) => {{
                let plain = __library.get(concat!($name, "\0").as_bytes()).map(|sym| *sym);
                match plain {
                    Ok(f) => Ok(f),
                    Err(e) => __library
                        .get(concat!("__", $name, "_12_0\0").as_bytes())
                        .map(|sym| *sym)
                        .map_err(|_| e),
                }
            }};
        }
        Ok(NvJitLinkLib {
            nvJitLinkCreate: get!("nvJitLinkCreate"),
            nvJitLinkDestroy: get!("nvJitLinkDestroy"),
            nvJitLinkAddData: get!("nvJitLinkAddData"),
            nvJitLinkComplete: get!("nvJitLinkComplete"),
            nvJitLinkGetLinkedCubinSize: get!("nvJitLinkGetLinkedCubinSize"),
            nvJitLinkGetLinkedCubin: get!("nvJitLinkGetLinkedCubin"),
            nvJitLinkGetLinkedPtxSize: get!("nvJitLinkGetLinkedPtxSize"),
            nvJitLinkGetLinkedPtx: get!("nvJitLinkGetLinkedPtx"),
            nvJitLinkGetErrorLogSize: get!("nvJitLinkGetErrorLogSize"),
            nvJitLinkGetErrorLog: get!("nvJitLinkGetErrorLog"),
            nvJitLinkGetInfoLogSize: get!("nvJitLinkGetInfoLogSize"),
            nvJitLinkGetInfoLog: get!("nvJitLinkGetInfoLog"),
            nvJitLinkVersion: get!("nvJitLinkVersion"),
            __library,
        })
    }
}

// The driver's linker (`cuLink*`, cuda.h), resolved through `cuGetProcAddress` like every
// other driver entry point; the generated driver bindings do not carry these typedefs.

/// `CUlinkState`: an opaque pending link of the driver.
pub type CUlinkState = *mut ::std::os::raw::c_void;

/// `CUjitInputType`.
#[repr(transparent)]
#[derive(Debug, Copy, Clone, Hash, PartialEq, Eq)]
pub struct CUjitInputType(pub ::std::os::raw::c_uint);

impl CUjitInputType {
    pub const CU_JIT_INPUT_CUBIN: CUjitInputType = CUjitInputType(0);
    pub const CU_JIT_INPUT_PTX: CUjitInputType = CUjitInputType(1);
    pub const CU_JIT_INPUT_FATBINARY: CUjitInputType = CUjitInputType(2);
    pub const CU_JIT_INPUT_OBJECT: CUjitInputType = CUjitInputType(3);
    pub const CU_JIT_INPUT_LIBRARY: CUjitInputType = CUjitInputType(4);
}

/// `PFN_cuLinkCreate_v6050`.
pub type PFN_cuLinkCreate_v6050 = unsafe extern "C" fn(
    numOptions: ::std::os::raw::c_uint,
    options: *mut super::driver::CUjit_option,
    optionValues: *mut *mut ::std::os::raw::c_void,
    stateOut: *mut CUlinkState,
) -> super::driver::CUresult;
/// `PFN_cuLinkAddData_v6050`.
pub type PFN_cuLinkAddData_v6050 = unsafe extern "C" fn(
    state: CUlinkState,
    type_: CUjitInputType,
    data: *mut ::std::os::raw::c_void,
    size: usize,
    name: *const ::std::os::raw::c_char,
    numOptions: ::std::os::raw::c_uint,
    options: *mut super::driver::CUjit_option,
    optionValues: *mut *mut ::std::os::raw::c_void,
) -> super::driver::CUresult;
/// `PFN_cuLinkComplete_v5050`.
pub type PFN_cuLinkComplete_v5050 = unsafe extern "C" fn(
    state: CUlinkState,
    cubinOut: *mut *mut ::std::os::raw::c_void,
    sizeOut: *mut usize,
) -> super::driver::CUresult;
/// `PFN_cuLinkDestroy_v5050`.
pub type PFN_cuLinkDestroy_v5050 =
    unsafe extern "C" fn(state: CUlinkState) -> super::driver::CUresult;
