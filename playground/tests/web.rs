//! The wasm-bindgen surface, tested in WebAssembly (Node, through wasm-bindgen-test-runner):
//! `scripts/playground-test.sh` runs it with
//! `cargo test -p cuda-library-playground --target wasm32-unknown-unknown --test web`.
#![cfg(target_arch = "wasm32")]

use cuda_library_playground::{Args, Buffer, Library, Program, ProgramOptions, Sweep};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const KERNELS_PTX: &[u8] = include_bytes!("../../tests/fixtures/kernels.ptx");
const TABLES_CUBIN: &[u8] = include_bytes!("../../tests/fixtures/tables.sm90.cubin");

fn field(e: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(e, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

#[wasm_bindgen_test]
fn device_reports_its_memory_on_32_bit_targets() {
    let html = cuda_library_playground::device()
        .unwrap()
        .to_html()
        .unwrap();
    assert!(html.contains("4.0 GiB"), "{html}");
}

#[wasm_bindgen_test]
fn saxpy_runs_in_webassembly() {
    let lib = Library::load_data(KERNELS_PTX).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let n = 300u32;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = Buffer::from_f32(&xs).unwrap();
    let y = Buffer::from_f32(&vec![1.0; n as usize]).unwrap();
    let args = Args::new().f32(2.0).buffer(&x).buffer(&y).i32(n as i32);
    saxpy.launch(&[2], &[256], &args, None).unwrap();
    let got = y.read_f32().unwrap();
    assert!(got
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2.0 * i as f32 + 1.0));
}

#[wasm_bindgen_test]
fn timings_and_sweep_render_simulated_charts() {
    let lib = Library::load_data(KERNELS_PTX).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let mut sweep = Sweep::new("saxpy");
    for n in [1024u32, 4096] {
        let x = Buffer::zeros(4 * n as usize).unwrap();
        let args = Args::new().f32(2.0).buffer(&x).buffer(&x).i32(n as i32);
        let t = saxpy.time(&[n / 256], &[256], &args, 3, None).unwrap();
        assert!(t.simulated());
        assert_eq!(t.samples_ms().len(), 3);
        sweep.add(n as f64, &t, Some(12.0 * n as f64));
        let html = t.to_html().unwrap();
        assert!(
            html.contains("simulated") && html.contains("every run"),
            "{html}"
        );
    }
    let html = sweep.to_html().unwrap();
    assert!(html.matches("<svg").count() >= 2, "{html}");
}

/// The quickstart's kernel (README.md), as the playground's launch lesson compiles it.
const SAXPY_CU: &str = r#"extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
"#;

#[wasm_bindgen_test]
fn cuda_c_compiles_and_runs_in_webassembly() {
    let program = Program::new(JsValue::from_str(SAXPY_CU), None)
        .unwrap()
        .with_name("saxpy.cu");
    // No NVRTC in the browser: Auto is the built-in compiler.
    assert_eq!(program.compiler().unwrap(), "builtin");
    let code = program.compile(None, None).unwrap();
    assert_eq!(code.name().as_deref(), Some("saxpy.cu"));
    assert!(code.compiler().unwrap().starts_with("built-in compiler"));
    let ptx = code.ptx_text().unwrap();
    assert!(
        ptx.contains(".visible .entry saxpy(") && ptx.contains(".target sm_90"),
        "{ptx}"
    );
    let lib = code.to_library().unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let x = Buffer::from_f32(&[1.0, 2.0, 3.0]).unwrap();
    let y = Buffer::from_f32(&[10.0, 10.0, 10.0]).unwrap();
    let args = Args::new().f32(3.0).buffer(&x).buffer(&y).i32(3);
    saxpy.launch(&[1], &[32], &args, None).unwrap();
    assert_eq!(y.read_f32().unwrap(), vec![13.0, 16.0, 19.0]);

    // Source as the bytes of an editor's file, with options.
    let bytes = js_sys::Uint8Array::from(SAXPY_CU.as_bytes());
    let options = ProgramOptions::new().define("UNUSED", "1").fast_math(true);
    let code = Program::new(bytes.into(), Some(options))
        .unwrap()
        .compile(Some("ptx".into()), None)
        .unwrap();
    assert!(code.ptx_text().unwrap().contains(".entry saxpy("));
}

#[wasm_bindgen_test]
fn compile_errors_carry_the_source_file_line_and_column() {
    let bad = SAXPY_CU.replace("x[i] + y[i]", "x[j] + y[i]");
    let e = Program::new(JsValue::from_str(&bad), None)
        .unwrap()
        .with_name("saxpy.cu")
        .compile(None, None)
        .err()
        .unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("Compile"));
    assert_eq!(field(&e, "file"), JsValue::from_str("saxpy.cu"));
    assert_eq!(field(&e, "line").as_f64(), Some(3.0));
    assert_eq!(field(&e, "column").as_f64(), Some(29.0));
    let message = field(&e, "message").as_string().unwrap();
    assert!(
        message.starts_with("error: 'j' is not declared\n") && message.contains('^'),
        "{message}"
    );

    // NVRTC, asked for by name, says it is not here and what to use.
    let nvrtc = ProgramOptions::new().with_compiler("nvrtc").unwrap();
    let e = Program::new(JsValue::from_str(SAXPY_CU), Some(nvrtc))
        .unwrap()
        .compile(None, None)
        .err()
        .unwrap();
    let message = field(&e, "message").as_string().unwrap();
    assert!(
        message.contains("NVRTC does not exist in the browser; use Compiler::Builtin"),
        "{message}"
    );
    assert!(ProgramOptions::new().with_compiler("gcc").is_err());
    // The built-in compiler makes PTX only; a source must be text.
    let e = Program::new(JsValue::from_str(SAXPY_CU), None)
        .unwrap()
        .compile(Some("cubin".into()), None)
        .err()
        .unwrap();
    assert!(field(&e, "message")
        .as_string()
        .unwrap()
        .contains("ImageKind::Ptx"));
    let not_utf8 = js_sys::Uint8Array::from(&[0xff, 0xfe][..]);
    assert!(Program::new(not_utf8.into(), None).is_err());
    assert!(Program::new(JsValue::from_f64(1.0), None).is_err());
}

#[wasm_bindgen_test]
fn variables_read_and_write() {
    let lib = Library::load_data(KERNELS_PTX).unwrap();
    let table = lib.get_global("table").unwrap();
    assert_eq!(table.read_f32().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
    table.write_f32(&[5.0, 6.0, 7.0, 8.0]).unwrap();
    assert_eq!(table.read_f32().unwrap(), vec![5.0, 6.0, 7.0, 8.0]);
    let e = table.write_f32(&[1.0]).unwrap_err();
    assert_eq!(field(&e, "kind"), JsValue::from_str("SizeMismatch"));
    let m = lib.get_managed("managed_value").unwrap();
    assert_eq!(m.read_i32().unwrap(), vec![42]);
    assert!(lib.get_managed("table").is_err());
}

#[wasm_bindgen_test]
fn buffers_and_variables_plot_as_svg() {
    let xs: Vec<f32> = (0..3000).map(|i| (i as f32 / 50.0).sin()).collect();
    let x = Buffer::from_f32(&xs).unwrap();
    let line = x.plot(None).unwrap();
    assert_eq!(line.title(), "buffer f32[3000]");
    assert!(
        line.note().starts_with("3000 values; drawn as"),
        "{}",
        line.note()
    );
    assert!(line.to_svg().starts_with("<svg"));
    let map = x.heatmap(60, None).unwrap();
    assert!(map.note().contains("50 rows of 60"), "{}", map.note());
    let as_i32 = x.histogram(Some("i32".into())).unwrap();
    assert_eq!(as_i32.title(), "buffer as i32[3000]");
    assert!(as_i32.to_html().contains("<svg"));
    let e = x.plot(Some("f16".into())).err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidArgument"));
    let e = x.heatmap(0, None).err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidArgument"));
    let lib = Library::load_data(KERNELS_PTX).unwrap();
    let table = lib.get_global("table").unwrap().plot("f32").unwrap();
    assert_eq!(table.title(), "global table as f32[4]");
}

/// A buffer remembers the element type it was made with: `show` titles and previews it in
/// that type, and untyped bytes get one view of bytes.
#[wasm_bindgen_test]
fn buffers_remember_their_element_type() {
    let x = Buffer::from_f32(&[1.5, 2.0, 3.0]).unwrap();
    assert_eq!((x.element_type().as_str(), x.length()), ("f32", 3));
    let html = x.to_html().unwrap();
    assert!(html.contains("buffer `f32[3]`: 12 bytes"), "{html}");
    assert!(html.contains("1.5"), "{html}");
    assert!(!html.contains("i32") && !html.contains("f64"), "{html}");
    let z = Buffer::zeros_f32(1000).unwrap();
    assert_eq!((z.element_type().as_str(), z.size_bytes()), ("f32", 4000));
    assert!(z.to_html().unwrap().contains("`f32[1000]`: 4000 bytes"));
    let n = Buffer::from_i32(&[-7, 8]).unwrap();
    assert!(n.to_html().unwrap().contains("-7"));
    assert_eq!(Buffer::zeros_i32(2).unwrap().element_type(), "i32");
    assert_eq!(
        Buffer::zeros_u32(2).unwrap().read_u32().unwrap(),
        vec![0, 0]
    );
    assert_eq!(Buffer::zeros_f64(2).unwrap().size_bytes(), 16);
    let bytes = Buffer::from_bytes(&[0xab, 7]).unwrap();
    assert_eq!(bytes.element_type(), "u8");
    let html = bytes.to_html().unwrap();
    assert!(
        html.contains("shown as bytes") && html.contains("ab 07"),
        "{html}"
    );
    assert!(!html.contains("f32"), "{html}");
    // Any buffer still reads as any type.
    assert_eq!(x.read_bytes().unwrap().len(), 12);
    assert_eq!(
        Buffer::zeros(8).unwrap().read_f32().unwrap(),
        vec![0.0, 0.0]
    );
}

#[wasm_bindgen_test]
fn errors_carry_kind_line_column_and_html() {
    // A typo in a kernel's body is that kernel's error, raised when it is launched.
    let bad = String::from_utf8_lossy(KERNELS_PTX).replace("ret;", "ret");
    let lib = Library::load_data(bad.as_bytes()).unwrap();
    let empty = lib.get_kernel("empty").unwrap();
    let e = empty.launch(&[1], &[1], &Args::new(), None).err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("PtxSyntax"));
    assert!(field(&e, "line").as_f64().unwrap() > 1.0);
    assert!(field(&e, "column").as_f64().is_some());
    assert!(field(&e, "html")
        .as_string()
        .unwrap()
        .contains("PTX error at line"));
    assert!(e.is_instance_of::<js_sys::Error>());

    let e = Library::load_data(&KERNELS_PTX[..0]).err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidImage"));
    let e = Library::load_data(&TABLES_CUBIN[..TABLES_CUBIN.len() / 2])
        .err()
        .unwrap();
    assert!(field(&e, "message").as_string().unwrap().len() > 10);
}

#[wasm_bindgen_test]
fn unload_retires_kernels_and_the_library() {
    let mut lib = Library::load_data(TABLES_CUBIN).unwrap();
    assert!(lib
        .kernel_table(256)
        .unwrap()
        .to_html()
        .contains("unrolled&lt;3&gt;"));
    let k = lib.kernels().unwrap().remove(0);
    lib.unload().unwrap();
    assert_eq!(
        field(&k.name().unwrap_err(), "kind"),
        JsValue::from_str("Unloaded")
    );
    assert!(lib.get_kernel("padded").is_err());
    assert!(lib.unload().is_err());
}

#[wasm_bindgen_test]
fn sass_only_cubin_lists_but_does_not_launch() {
    let lib = Library::load_data(TABLES_CUBIN).unwrap();
    let k = lib.get_kernel("padded").unwrap();
    let e = k.launch(&[1], &[1], &Args::new(), None).unwrap_err();
    assert!(field(&e, "message").as_string().unwrap().len() > 10);
}

#[path = "../../tests/common/hostile.rs"]
mod hostile;

/// The hostile kernels of `tests/common/hostile.rs` (the native tests and the fuzz target
/// run the same), through the public API in WebAssembly, where `usize` is 32 bits: each
/// ends in an error, none panics (a panic aborts the whole module here).
#[wasm_bindgen_test]
fn hostile_kernels_end_in_errors_in_webassembly() {
    cuda_library::sim::set_launch_budget(cuda_library_playground::session::PLAYGROUND_BUDGET);
    for (name, body, grid, block) in hostile::CASES {
        let r = hostile::load_and_run(hostile::ptx(body).as_bytes(), *grid, *block, 3);
        assert!(r.is_err(), "{name} did not fail");
    }
}

/// Device `printf` with the widths and precisions of issue 26 (a `*` width of -1 or
/// INT_MIN, a precision past 65,535, a width of two billion): the text glibc prints, or
/// the FIFO's note that the text was dropped, and no panic (a panic aborts the module).
#[wasm_bindgen_test]
fn hostile_printf_formats_print_or_drop_without_panicking() {
    const PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64
.extern .func (.param .b32 rv) vprintf (.param .b64 a, .param .b64 b);
.visible .entry pf(.param .u64 fmt, .param .u64 args) {
  .reg .b64 %rd<3>;
  .reg .b32 %r<2>;
  ld.param.u64 %rd1, [fmt];
  ld.param.u64 %rd2, [args];
  {
    .param .b64 p0;
    st.param.b64 [p0], %rd1;
    .param .b64 p1;
    st.param.b64 [p1], %rd2;
    .param .b32 rv;
    call.uni (rv), vprintf, (p0, p1);
    ld.param.b32 %r1, [rv];
  }
  ret;
}
"#;
    let lib = Library::load_data(PTX.as_bytes()).unwrap();
    let pf = lib.get_kernel("pf").unwrap();
    let printf = |fmt: &str, args: &[u8]| -> String {
        let f = Buffer::from_bytes(format!("{fmt}\0").as_bytes()).unwrap();
        let mut a = args.to_vec();
        a.resize(64, 0);
        let a = Buffer::from_bytes(&a).unwrap();
        pf.launch(&[1], &[1], &Args::new().buffer(&f).buffer(&a), None)
            .unwrap();
        cuda_library_playground::take_device_output()
    };
    let int = |v: i32| v.to_le_bytes().to_vec();
    let one_and_a_half = 1.5f64.to_le_bytes().to_vec();
    assert_eq!(printf("%*d|", &[int(-1), int(5)].concat()), "5|");
    let star_precision = [int(-1), int(0), one_and_a_half.clone()].concat();
    assert_eq!(printf("%.*f|", &star_precision), "1.500000|");
    assert_eq!(printf("%.65536f", &one_and_a_half).len(), 65538);
    for (fmt, args) in [
        ("%*d", [int(i32::MIN), int(5)].concat()),
        ("%2000000000d", int(1)),
        ("%.2000000000d", int(1)),
        ("%.1000000000e", one_and_a_half.clone()),
    ] {
        let out = printf(fmt, &args);
        assert!(
            out.contains("output past 1 MiB was dropped"),
            "{fmt}: {out}"
        );
    }
}

/// A buffer larger than a 32-bit host can hold in one piece (but within the simulated
/// device's 4 GiB) is an error, not a "capacity overflow" panic that aborts the module.
#[wasm_bindgen_test]
fn a_buffer_past_the_host_s_reach_is_an_error() {
    let e = Buffer::zeros(3_000_000_000)
        .err()
        .expect("3 GB cannot fit a 32-bit host");
    let message = field(&e, "message").as_string().unwrap_or_default();
    assert!(message.contains("out of device memory"), "{message}");
    assert_eq!(
        field(&e, "kind").as_string().as_deref(),
        Some("OutOfMemory")
    );
    // The session still works.
    assert_eq!(Buffer::zeros(16).unwrap().read_u32().unwrap(), vec![0; 4]);
}

/// A line plot of more values than `bucket × length` fits a 32-bit usize (9M values, 500
/// buckets) samples them; the bucket bounds overflowed and sliced out of order.
#[wasm_bindgen_test]
fn a_plot_of_millions_of_values_samples_them() {
    let n = 9_000_000;
    let x = Buffer::zeros(n).unwrap();
    let line = x.plot(None).unwrap();
    assert_eq!(line.title(), format!("buffer u8[{n}]"));
    assert!(line.to_svg().starts_with("<svg"));
}
