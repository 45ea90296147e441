//! The CUDA device runtime on the simulator, through the public API: `printf`, `assert()`,
//! `malloc` and `free` in CUDA C++ compiled by NVRTC (which declares them itself; no header
//! is needed), as real kernels use them.

use cuda_library::{launch, BackendKind, Device, Error, LaunchConfig, Program, ProgramOptions};

const SOURCE: &str = r#"
extern "C" __global__ void k(int* p, int n) {
    int i = threadIdx.x;
    printf("thread %d of %d: %.2f %s %5.1e|\n", i, n, 1.5 * i, "ok", 1234.5);
    assert(i < n);
    int* q = (int*)malloc(16);
    if (q) { q[0] = i; p[i] = q[0] + 100; free(q); }
}
"#;

use crate::common::nvrtc;

/// The source compiled to PTX, or `None` (printed) where NVRTC is missing.
fn compiled() -> Option<cuda_library::ObjectCode> {
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    nvrtc::compiled_or_skip(Program::new(SOURCE, options).with_name("runtime.cu"))
}

#[test]
fn printf_assert_malloc_and_free_behave_as_on_a_gpu() {
    let Some(code) = compiled() else {
        return;
    };
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let stream = ctx.create_stream().unwrap();
    let lib = code.to_library(&Default::default()).unwrap();
    let k = lib.get_kernel("k").unwrap();
    let p = ctx.alloc_zeroed::<i32>(4).unwrap();

    // Every thread prints, formatted as C's printf formats; malloc/free work per thread.
    launch!(k, &stream, &LaunchConfig::new(1, 4), p, 4i32).unwrap();
    let out = cuda_library::sim::take_device_output();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "thread 0 of 4: 0.00 ok 1.2e+03|",
            "thread 1 of 4: 1.50 ok 1.2e+03|",
            "thread 2 of 4: 3.00 ok 1.2e+03|",
            "thread 3 of 4: 4.50 ok 1.2e+03|",
        ]
    );
    assert_eq!(p.to_vec().unwrap(), [100, 101, 102, 103]);

    // Thread 3 fails the assert: the launch ends with the expression, file, line,
    // function, block and thread, as the GPU's device-side assert reports them.
    let e = launch!(k, &stream, &LaunchConfig::new(1, 4), p, 3i32).unwrap_err();
    match &e {
        Error::DeviceAssert(a) => {
            assert_eq!(a.kernel, "k");
            assert_eq!((a.block, a.thread), ([0, 0, 0], [3, 0, 0]));
            assert_eq!(a.expression, "i < n");
            assert_eq!(a.file, "runtime.cu");
            assert_eq!(a.source_line, 5);
            assert!(a.function.contains('k'), "{}", a.function);
        }
        other => panic!("{other}"),
    }
    let text = e.to_string();
    assert!(
        text.starts_with("runtime.cu:5: ")
            && text.contains("thread: [3,0,0] Assertion `i < n` failed"),
        "{text}"
    );
    // What the threads printed before the assert is kept; the library stays usable.
    assert!(cuda_library::sim::take_device_output().contains("thread 3 of 3"));
    launch!(k, &stream, &LaunchConfig::new(1, 2), p, 2i32).unwrap();
    stream.synchronize().unwrap(); // prints the two lines to standard output
    assert_eq!(cuda_library::sim::take_device_output(), "");
}
