//! The wasm-bindgen surface, tested in WebAssembly (Node, through wasm-bindgen-test-runner):
//! `scripts/playground-test.sh` runs it with
//! `cargo test -p cuda-library-playground --target wasm32-unknown-unknown --test web`.
#![cfg(target_arch = "wasm32")]

use cuda_library_playground::{Args, Buffer, Library, Sweep};
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
    let line = x.plot("f32").unwrap();
    assert_eq!(line.title(), "buffer as f32[3000]");
    assert!(
        line.note().starts_with("3000 values; drawn as"),
        "{}",
        line.note()
    );
    assert!(line.to_svg().starts_with("<svg"));
    let map = x.heatmap("f32", 60).unwrap();
    assert!(map.note().contains("50 rows of 60"), "{}", map.note());
    assert!(x.histogram("i32").unwrap().to_html().contains("<svg"));
    let e = x.plot("f16").err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidArgument"));
    let e = x.heatmap("f32", 0).err().unwrap();
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidArgument"));
    let lib = Library::load_data(KERNELS_PTX).unwrap();
    let table = lib.get_global("table").unwrap().plot("f32").unwrap();
    assert_eq!(table.title(), "global table as f32[4]");
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
    assert_eq!(field(&e, "kind"), JsValue::from_str("InvalidArgument"));
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
