//! Rich display of the core types (feature `notebook`): what a notebook cell shows, on the
//! simulated backend. `CULIB_HTML_DIR=dir` also writes each rendering there, for looking at.
#![cfg(feature = "notebook")]

use std::path::PathBuf;

use cuda_library::{launch, timing, BackendKind, Device, LaunchConfig, Library};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn keep(name: &str, html: &str) {
    if let Some(dir) = std::env::var_os("CULIB_HTML_DIR") {
        let page = format!(
            "<!doctype html><meta charset=utf-8><link rel=icon href=\"data:,\"><body style=\"font-family:sans-serif\">{html}</body>"
        );
        std::fs::write(PathBuf::from(dir).join(format!("{name}.html")), page).unwrap();
    }
}

fn svg_ok(html: &str) -> usize {
    let n = html.matches("<svg").count();
    assert_eq!(n, html.matches("</svg>").count());
    n
}

#[test]
fn every_type_renders_escaped_self_contained_html() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let dev = Device::new(0).unwrap();
    let ctx = dev.set_current().unwrap();
    let lib = Library::load_file(fixture("kernels.fatbin"), &Default::default()).unwrap();

    let html = lib.to_html().unwrap();
    keep("library", &html);
    assert!(html.contains("simulated"), "the backend is named");
    assert!(html.contains("void scale&lt;float&gt;(float*, float, int)"));
    assert!(
        html.contains("_Z5scaleIfEvPT_S0_i"),
        "the raw name under the demangled one"
    );
    assert!(
        html.contains("0:4 .f32") || html.contains("0:4"),
        "parameters"
    );
    assert!(
        html.contains("coeffs, counter, managed_value, table"),
        "variables"
    );
    assert!(!html.contains("<script") && !html.contains("http"));

    // `lib.kernels()?` shows as the kernel table too (it printed a Debug dump before).
    let kernels = lib.kernels().unwrap();
    let kh = kernels.to_html().unwrap();
    keep("kernels", &kh);
    assert!(kh.contains("void scale&lt;float&gt;(float*, float, int)") && kh.contains("saxpy"));
    assert_eq!(kernels.kernel_table(256).unwrap().rows.len(), 7);

    let t = lib.kernel_table(128).unwrap();
    assert_eq!(t.rows.len(), 7);
    let saxpy = t.rows.iter().find(|r| r.name == "saxpy").unwrap();
    assert_eq!(saxpy.params.len(), 4);
    assert_eq!(
        saxpy.num_regs,
        Some(10),
        "the fatbin's sm_90 SASS tells registers"
    );
    assert_eq!(saxpy.blocks_per_sm, Some(16));

    let g = lib.get_global("table").unwrap().to_html().unwrap();
    keep("global", &g);
    assert!(g.contains("global `table`: 16 bytes") && g.contains("0x3f800000"));
    assert!(g.contains("  00 00 80 3f 00 00 00 40"), "hex dump");
    let m = lib.get_managed("managed_value").unwrap().to_html().unwrap();
    assert!(m.contains("managed `managed_value`") && m.contains(">42<"));

    let d = dev.to_html().unwrap();
    keep("device", &d);
    assert!(d.contains("9.0 (sm_90)") && d.contains("badge sim"));
    let b = cuda_library::backend().unwrap().to_html();
    assert!(b.contains("cost model"));

    let e = lib.get_kernel("scale").unwrap_err().to_html();
    keep("error", &e);
    assert!(e.contains("class=\"error\"") && e.contains("did you mean"));

    let k = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 4096usize;
    let (x, y) = (
        ctx.htod(&vec![1.0f32; n]).unwrap(),
        ctx.alloc_zeroed::<f32>(n).unwrap(),
    );
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    let t = timing::time_launches(&stream, 20, 1, || {
        launch!(k, &stream, &cfg, 2.0f32, x, y, n as i32)
    })
    .unwrap();
    assert!(t.simulated);
    let s = t.summary().unwrap();
    assert!(s.min > 0.0 && s.min <= s.median && s.median <= s.p95);
    let th = t.to_html().unwrap();
    keep("timings", &th);
    // The simulator gives every run the same time: one value, no histogram of one bar.
    assert!(
        th.contains("simulated") && th.contains("every run") && svg_ok(&th) == 0,
        "{th}"
    );
    // Samples that vary show their statistics and distribution.
    let varied = timing::Timings {
        label: "host".into(),
        samples_ms: vec![1.0, 1.25, 1.5, 1.1],
        clock: "host clock".into(),
        simulated: false,
    };
    let vh = varied.to_html().unwrap();
    keep("timings-varied", &vh);
    assert!(svg_ok(&vh) == 1 && vh.contains("p95") && !vh.contains("every run"));

    let mut sweep = timing::Sweep::new("saxpy");
    for n in [1usize << 8, 1 << 10, 1 << 12] {
        let (x, y) = (
            ctx.htod(&vec![1.0f32; n]).unwrap(),
            ctx.alloc_zeroed::<f32>(n).unwrap(),
        );
        let cfg = LaunchConfig::for_num_elems(n as u32, 256);
        let t = timing::time_launches(&stream, 3, 0, || {
            launch!(k, &stream, &cfg, 2.0f32, x, y, n as i32)
        })
        .unwrap();
        sweep.add(n as f64, &t, Some(12.0 * n as f64));
    }
    let sh = sweep.to_html().unwrap();
    keep("sweep", &sh);
    assert_eq!(svg_ok(&sh), 2, "time vs size and bandwidth");
    assert!(sh.contains("4,096") && sh.contains("B/s"));
    assert!(timing::Sweep::new("empty").to_html().is_err());
    assert!(timing::time_host(0, || Ok(())).is_err());
}
