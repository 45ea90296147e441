//! `Linker` on the simulator: a program split in two PTX files (a kernel calling an
//! `.extern .func` and reading an `.extern .global` the other file defines) linked by the
//! PTX linker and run; the same split in CUDA C++ compiled by NVRTC as relocatable code;
//! a missing symbol named; LTO-IR and SASS refused by the PTX linker with what they need.

use crate::common::linking::{HELPER_PTX, INLINED_CU, MAIN_PTX, PTX_OUTPUT};
use cuda_library::{
    launch, BackendKind, Device, Error, ImageKind, LaunchConfig, LibraryOptions, Linker,
    LinkerBackend, LinkerOptions, ObjectCode, Program, ProgramOptions,
};

fn ptx(text: &str, name: &str) -> ObjectCode {
    ObjectCode::from_ptx(text.as_bytes()).with_name(name)
}

fn run(code: &ObjectCode) -> Vec<u32> {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("apply").unwrap();
    let input = ctx.htod(&[1u32, 2, 3, 4]).unwrap();
    let out = ctx.alloc_zeroed::<u32>(4).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(
        k,
        &stream,
        &LaunchConfig::for_num_elems(4, 32),
        input,
        out,
        4u32
    )
    .unwrap();
    stream.synchronize().unwrap();
    out.to_vec().unwrap()
}

#[test]
fn a_program_split_in_two_ptx_files_links_and_runs() {
    let linker = Linker::new(
        [ptx(MAIN_PTX, "main.ptx"), ptx(HELPER_PTX, "helper.ptx")],
        LinkerOptions::default(),
    )
    .unwrap();
    assert_eq!(linker.backend(ImageKind::Ptx).unwrap(), LinkerBackend::Ptx);
    let linked = linker.link(ImageKind::Ptx).unwrap();
    assert_eq!(linked.kind(), ImageKind::Ptx);
    assert_eq!(run(&linked), PTX_OUTPUT);
    // Either file alone does not load as a program that runs: the extern is unresolved.
    let alone = Linker::new([ptx(MAIN_PTX, "main.ptx")], LinkerOptions::default()).unwrap();
    let e = alone.link(ImageKind::Ptx).unwrap_err();
    assert!(matches!(e, Error::Link { .. }), "{e}");
}

#[test]
fn the_order_of_the_inputs_does_not_matter() {
    let linked = Linker::new(
        [ptx(HELPER_PTX, "helper.ptx"), ptx(MAIN_PTX, "main.ptx")],
        LinkerOptions::default(),
    )
    .unwrap()
    .link(ImageKind::Ptx)
    .unwrap();
    assert_eq!(run(&linked), PTX_OUTPUT);
    // The globals of both files are the library's.
    let lib = linked.to_library(&LibraryOptions::default()).unwrap();
    let bias = lib.get_global("bias").unwrap();
    assert_eq!(bias.size(), 4);
}

#[test]
fn a_missing_symbol_is_a_link_error_naming_it() {
    let no_bias = HELPER_PTX.replace(".visible .global .align 4 .u32 bias = 1000;", "");
    let e = Linker::new(
        [ptx(MAIN_PTX, "main.ptx"), ptx(&no_bias, "helper.ptx")],
        LinkerOptions::default(),
    )
    .unwrap()
    .link(ImageKind::Ptx)
    .unwrap_err();
    let text = e.to_string();
    let Error::Link { linker, log, .. } = &e else {
        panic!("{text}");
    };
    assert_eq!(linker, "the PTX linker");
    assert!(
        log.contains("undefined reference to `bias` in main.ptx"),
        "{log}"
    );
    assert!(
        text.contains("linking main.ptx, helper.ptx with the PTX linker failed"),
        "{text}"
    );
    assert!(text.contains("hint:"), "{text}");
}

#[test]
fn the_ptx_linker_refuses_ltoir_and_sass_saying_what_they_need() {
    let forced = LinkerOptions {
        backend: Some(LinkerBackend::Ptx),
        ..Default::default()
    };
    let ltoir = ObjectCode::from_ltoir(vec![1u8, 2, 3]).with_name("k.ltoir");
    let e = Linker::new([ptx(MAIN_PTX, "main.ptx"), ltoir], forced.clone())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{text}");
    assert!(text.contains("cannot link LTO-IR"), "{text}");
    assert!(text.contains("needs a GPU toolchain"), "{text}");
    let object = ObjectCode::from_object(vec![0x7fu8, b'E', b'L', b'F']);
    let e = Linker::new([object], forced.clone())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("links PTX only") && e.contains("1 relocatable object"),
        "{e}"
    );
    let e = Linker::new([ptx(MAIN_PTX, "main.ptx")], forced)
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err()
        .to_string();
    assert!(e.contains("makes PTX, not a cubin"), "{e}");
    let e = Linker::new([ptx(MAIN_PTX, "m.ptx")], LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Fatbin)
        .unwrap_err()
        .to_string();
    assert!(e.contains("a link makes a cubin or PTX"), "{e}");
}

#[test]
fn bad_ptx_is_refused_naming_the_input() {
    let e = Linker::new(
        [
            ptx(MAIN_PTX, "main.ptx"),
            ptx(".version 8.0\n.target sm_80\n.global", "bad.ptx"),
        ],
        LinkerOptions::default(),
    )
    .unwrap()
    .link(ImageKind::Ptx)
    .unwrap_err()
    .to_string();
    assert!(e.contains("bad.ptx: PTX error at line 3"), "{e}");
}

const MAIN_CU: &str = r#"
extern __device__ unsigned twice(unsigned x);
extern __device__ unsigned bias;
static __device__ unsigned calls;
extern "C" __global__ void apply(const unsigned* in, unsigned* out, unsigned n) {
    unsigned i = threadIdx.x;
    if (i < n) { out[i] = twice(in[i]) + bias; atomicAdd(&calls, 1); }
}
"#;

const HELPER_CU: &str = r#"
__device__ unsigned bias = 1000;
static __device__ unsigned calls;
__device__ unsigned twice(unsigned x) { atomicAdd(&calls, 1); return 2 * x; }
"#;

#[test]
fn cuda_cpp_in_two_files_compiled_relocatable_links_and_runs() {
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        relocatable: true,
        ..Default::default()
    };
    let compile = |src: &str, name: &str| {
        crate::common::nvrtc::compiled_or_skip(Program::new(src, options.clone()).with_name(name))
    };
    let (Some(main), Some(helper)) = (compile(MAIN_CU, "main.cu"), compile(HELPER_CU, "helper.cu"))
    else {
        return;
    };
    let linked = Linker::new([&main, &helper], LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap();
    let text = linked.ptx_text().unwrap();
    // Both files have an internal `calls`: the second one's is renamed.
    assert!(
        linked.compile_log().contains("renamed `"),
        "{}",
        linked.compile_log()
    );
    assert_eq!(run(&linked), PTX_OUTPUT, "{text}");
}

#[test]
fn name_expressions_survive_the_link_and_files_are_read() {
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        relocatable: true,
        ..Default::default()
    };
    // `extern "C"`: the PTX helper's `twice` is not a mangled C++ name.
    let src = r#"
extern "C" __device__ unsigned twice(unsigned x);
extern __device__ unsigned bias;
template <typename T>
__global__ void apply(const T* in, T* out, unsigned n) {
    unsigned i = threadIdx.x;
    if (i < n) out[i] = twice(in[i]) + bias;
}
"#;
    let main = match Program::new(src, options)
        .with_name("main.cu")
        .compile(ImageKind::Ptx, &["apply<unsigned>"])
    {
        Ok(code) => code,
        Err(e @ Error::NvrtcNotFound { .. }) => {
            return crate::common::nvrtc::skip_without_nvrtc(e);
        }
        Err(e) => panic!("{e}"),
    };
    // The helper from a file: read when linking.
    let dir = std::env::temp_dir().join(format!("cuda-library-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("helper.ptx");
    std::fs::write(&path, HELPER_PTX).unwrap();
    let helper = ObjectCode::from_ptx(path.as_path());
    let linked = Linker::new([&main, &helper], LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(linked.symbol_mapping().contains_key("apply<unsigned>"));
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = linked.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("apply<unsigned>").unwrap();
    let input = ctx.htod(&[1u32, 2, 3, 4]).unwrap();
    let out = ctx.alloc_zeroed::<u32>(4).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(
        k,
        &stream,
        &LaunchConfig::for_num_elems(4, 32),
        input,
        out,
        4u32
    )
    .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), PTX_OUTPUT);
}

#[test]
fn line_info_of_two_files_links_and_runs() {
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        relocatable: true,
        line_info: true,
        ..Default::default()
    };
    let mut codes = Vec::new();
    for (i, src) in INLINED_CU.iter().enumerate() {
        let program = Program::new(*src, options.clone()).with_name(format!("inlined{i}.cu"));
        let Some(code) = crate::common::nvrtc::compiled_or_skip(program) else {
            return;
        };
        codes.push(code);
    }
    assert!(
        codes[1].ptx_text().unwrap().contains("inlined_at"),
        "NVRTC no longer notes inlining"
    );
    let linked = Linker::new(&codes, LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap();
    let text = linked.ptx_text().unwrap();
    assert!(text.contains(".file\t2"), "{text}");
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = linked.to_library(&LibraryOptions::default()).unwrap();
    let x = ctx.htod(&[3.0f32, 2.0]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let one = LaunchConfig::for_num_elems(1, 1);
    launch!(lib.get_kernel("k1").unwrap(), &stream, &one, x).unwrap();
    launch!(lib.get_kernel("k2").unwrap(), &stream, &one, x).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(x.to_vec().unwrap(), [10.0, 8.0]);
}
