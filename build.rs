//! Build script of the `cuda-library` package.
//!
//! Normally it does nothing: the driver and NVRTC bindings are checked in under
//! `core/src/sys/`, so building needs neither CUDA headers nor libclang.
//!
//! With the `bindgen` cargo feature it regenerates those bindings from `cuda.h`,
//! `cudaTypedefs.h` and `nvrtc.h` into `$OUT_DIR`, and the crate compiles against the
//! regenerated files. Setting `CUDA_LIBRARY_WRITE_BINDINGS=1` as well copies them over the
//! checked-in files (this is what `scripts/regen-bindings.sh` and the CI drift check do).
//!
//! Headers are searched in `CUDA_LIBRARY_INCLUDE` (folders separated like `PATH`), `CUDA_HOME`, `CUDA_PATH`, `/usr/local/cuda`, then the PyPI wheels
//! `nvidia-cuda-runtime-cu12` / `nvidia-cuda-nvrtc-cu12` in the active Python's site-packages.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(cuda_library_regenerated)");
    #[cfg(feature = "bindgen")]
    regen::run();
}

#[cfg(feature = "bindgen")]
mod regen {
    use std::env;
    use std::fs;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The header version the checked-in bindings are generated from.
    const PINNED_CUDA_VERSION: u32 = 12090;

    pub fn run() {
        for var in [
            "CUDA_LIBRARY_INCLUDE",
            "CUDA_HOME",
            "CUDA_PATH",
            "VIRTUAL_ENV",
            "CUDA_LIBRARY_WRITE_BINDINGS",
        ] {
            println!("cargo:rerun-if-env-changed={var}");
        }
        let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
        let driver_dir = find_include("cuda.h", "cuda_runtime");
        let nvrtc_dir = find_include("nvrtc.h", "cuda_nvrtc");
        check_version(&driver_dir.join("cuda.h"));

        let driver = generate_driver(&driver_dir);
        let nvrtc = generate_nvrtc(&nvrtc_dir);
        fs::write(out.join("driver.rs"), &driver).expect("write driver.rs");
        fs::write(out.join("nvrtc.rs"), &nvrtc).expect("write nvrtc.rs");
        println!("cargo:rustc-cfg=cuda_library_regenerated");

        if env::var_os("CUDA_LIBRARY_WRITE_BINDINGS").is_some_and(|v| v == "1") {
            let dest = Path::new(env!("CARGO_MANIFEST_DIR")).join("core/src/sys");
            fs::write(dest.join("driver.rs"), &driver).expect("write core/src/sys/driver.rs");
            fs::write(dest.join("nvrtc.rs"), &nvrtc).expect("write core/src/sys/nvrtc.rs");
            println!(
                "cargo:warning=wrote regenerated bindings to {}",
                dest.display()
            );
        }
    }

    fn check_version(cuda_h: &Path) {
        let text = fs::read_to_string(cuda_h).expect("read cuda.h");
        let found = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("#define CUDA_VERSION"))
            .and_then(|v| v.trim().parse::<u32>().ok());
        if found != Some(PINNED_CUDA_VERSION) {
            println!(
                "cargo:warning={} has CUDA_VERSION {:?}; the checked-in bindings are pinned to {}. \
                 Install nvidia-cuda-runtime-cu12==12.9.79 and nvidia-cuda-nvrtc-cu12==12.9.86 \
                 (see scripts/regen-bindings.sh) to reproduce them exactly.",
                cuda_h.display(),
                found,
                PINNED_CUDA_VERSION
            );
        }
    }

    fn find_include(header: &str, wheel: &str) -> PathBuf {
        let mut tried = Vec::new();
        let mut candidates: Vec<PathBuf> = Vec::new();
        if let Some(dirs) = env::var_os("CUDA_LIBRARY_INCLUDE") {
            candidates.extend(env::split_paths(&dirs));
        }
        for var in ["CUDA_HOME", "CUDA_PATH"] {
            if let Some(v) = env::var_os(var) {
                candidates.push(PathBuf::from(v).join("include"));
            }
        }
        candidates.push(PathBuf::from("/usr/local/cuda/include"));
        for site in site_packages() {
            candidates.push(site.join("nvidia").join(wheel).join("include"));
        }
        for dir in candidates {
            if dir.join(header).is_file() {
                println!("cargo:rerun-if-changed={}", dir.join(header).display());
                return dir;
            }
            tried.push(dir.display().to_string());
        }
        panic!(
            "the `bindgen` feature needs {header}; looked in: {}. Set CUDA_HOME, or \
             `pip install nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvrtc-cu12==12.9.86` \
             in the active virtual environment.",
            tried.join(", ")
        );
    }

    fn site_packages() -> Vec<PathBuf> {
        let mut out = Vec::new();
        if let Some(venv) = env::var_os("VIRTUAL_ENV") {
            if let Ok(entries) = fs::read_dir(Path::new(&venv).join("lib")) {
                for e in entries.flatten() {
                    out.push(e.path().join("site-packages"));
                }
            }
        }
        if let Ok(o) = Command::new("python3")
            .args([
                "-c",
                "import site,sys; print('\\n'.join(site.getsitepackages()+[site.getusersitepackages()]))",
            ])
            .output()
        {
            for line in String::from_utf8_lossy(&o.stdout).lines() {
                out.push(PathBuf::from(line.trim()));
            }
        }
        out
    }

    const HEADER_NOTE: &str =
        "// Generated by bindgen from the CUDA 12.9 headers (CUDA_VERSION 12090).\n\
        // Do not edit: run scripts/regen-bindings.sh.\n";

    fn base(include: &Path) -> bindgen::Builder {
        bindgen::Builder::default()
            .clang_arg(format!("-I{}", include.display()))
            .default_enum_style(bindgen::EnumVariation::NewType {
                is_bitfield: false,
                is_global: false,
            })
            .derive_default(true)
            .derive_debug(true)
            .layout_tests(false)
            .generate_comments(false)
            .prepend_enum_name(false)
            .dynamic_link_require_all(false)
            .raw_line(HEADER_NOTE)
    }

    /// The driver entry points this crate uses, as cuda.h names them before its `_v2` macros.
    const DRIVER_FUNCTIONS: &str = "cu(Init|DriverGetVersion|GetProcAddress.*|GetErrorName|GetErrorString\
        |DeviceGet|DeviceGetCount|DeviceGetName|DeviceGetUuid.*|DeviceGetAttribute|DeviceTotalMem.*\
        |DevicePrimaryCtx.*|Ctx(GetCurrent|SetCurrent|Synchronize|GetDevice|PushCurrent.*|PopCurrent.*|Create.*|Destroy.*)\
        |Library.*|Kernel.*|ModuleGet.*|FuncGet.*|FuncSet.*|LaunchKernel.*\
        |Mem(Alloc|AllocManaged|Free|GetInfo|GetAddressRange|cpyHtoD|cpyDtoH|cpyDtoD|cpyHtoDAsync|cpyDtoHAsync|setD8|setD32|setD8Async|setD32Async)(_v2)?\
        |Mem(AllocAsync|FreeAsync|AllocFromPoolAsync|Pool(Create|Destroy|SetAttribute|GetAttribute|TrimTo))|DeviceGetDefaultMemPool\
        |Stream(Create|Destroy|Synchronize|Query)(_v2)?|Event(Create|Destroy|Record|Synchronize|Query|ElapsedTime)(_v2)?\
        |OccupancyMax.*|TexObject(Create|Destroy)|SurfObject(Create|Destroy)\
        |Array(Create|Destroy|3DCreate)(_v2)?|Memcpy3D(_v2)?\
        |DeviceCanAccessPeer|Ctx(Enable|Disable)PeerAccess|MemcpyPeer(Async)?\
        |Mem(PrefetchAsync|Advise)(_v2)?|StreamAttachMemAsync)";

    /// The driver functions the crate calls directly on the loaded library.
    const DRIVER_DIRECT: &str =
        "cu(Init|DriverGetVersion|GetProcAddress.*|GetErrorName|GetErrorString)";

    fn generate_driver(include: &Path) -> String {
        base(include)
            .header_contents(
                "wrapper.h",
                "#include <cuda.h>\n#include <cudaTypedefs.h>\n",
            )
            // Only what the crate calls through the loaded library; every other entry point
            // is resolved with cuGetProcAddress into its PFN type (below). Each function here
            // costs a libloading lookup instantiation in the generated `DriverLib`.
            .allowlist_function(DRIVER_DIRECT)
            .allowlist_type(format!("PFN_{}_v.*", &DRIVER_FUNCTIONS))
            .allowlist_type("CUdriverProcAddress_flags.*|CUstream_flags.*|CUevent_flags.*|CUarray_format.*|CUaddress_mode.*|CUfilter_mode.*|CUmemorytype.*|CUresourcetype.*|CUmem_advise.*|CUmemAttach_flags.*")
            .allowlist_var("CU_TRSF_.*|CUDA_ARRAY3D_.*")
            .allowlist_var("CUDA_VERSION")
            .dynamic_library_name("DriverLib")
            .generate()
            .expect("bindgen could not generate the driver bindings")
            .to_string()
    }

    fn generate_nvrtc(include: &Path) -> String {
        base(include)
            .header_contents("wrapper_nvrtc.h", "#include <nvrtc.h>\n")
            .allowlist_function("nvrtc.*")
            .allowlist_type("nvrtc.*")
            .dynamic_library_name("NvrtcLib")
            .generate()
            .expect("bindgen could not generate the NVRTC bindings")
            .to_string()
    }
}
