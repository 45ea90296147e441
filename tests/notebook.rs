//! Rich display of the core types (feature `notebook`): what a notebook cell shows, on the
//! simulated backend. `CULIB_HTML_DIR=dir` also writes each rendering there, for looking at.

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

/// One test at a time: they share the process's simulated GPU, and a synchronous copy in
/// one test is ordered with every stream, so it would lengthen the other's timed launches.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn svg_ok(html: &str) -> usize {
    let n = html.matches("<svg").count();
    assert_eq!(n, html.matches("</svg>").count());
    n
}

#[test]
fn every_type_renders_escaped_self_contained_html() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
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
    // `table` is declared `.b8` in the PTX: bytes of unknown type, shown as a hex dump.
    assert!(g.contains("global `table`: 16 bytes") && g.contains("element type unknown"));
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

/// `DeviceBuffer`, `Global` and `Managed` as pictures: what is drawn and what the note says.
#[test]
fn device_data_plots_as_line_charts_histograms_and_heatmaps() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();

    // A long 1-D array: sampled, spikes kept, no marker per point.
    let mut wave: Vec<f32> = (0..4096).map(|i| (i as f32 / 100.0).sin()).collect();
    wave[3000] = 25.0;
    let x = ctx.htod(&wave).unwrap();
    let line = x.plot().unwrap();
    keep("plot_line", &line.to_html());
    assert_eq!(line.title(), "buffer f32[4096]");
    assert!(
        line.note().starts_with("4096 values; drawn as"),
        "{}",
        line.note()
    );
    assert_eq!(svg_ok(line.to_svg()), 1);
    assert!(line.to_svg().contains("<polyline"));
    assert!(
        !line.to_svg().contains("<circle"),
        "no markers on a long series"
    );
    // The spike at index 3000 survives the sampling: the y axis reaches 20 or more.
    let top = line
        .to_svg()
        .split("</text>")
        .filter_map(|t| t.rsplit('>').next()?.trim().parse::<f64>().ok())
        .fold(f64::MIN, f64::max);
    assert!(
        top >= 20.0,
        "the spike sets the y axis (highest label {top})"
    );
    // A short one keeps every point and marks it.
    let short = ctx.htod(&[1i32, 4, 9, 16]).unwrap().plot().unwrap();
    assert_eq!(short.note(), "4 values");
    assert_eq!(short.to_svg().matches("<circle").count(), 4);

    let hist = x.histogram().unwrap();
    keep("plot_histogram", &hist.to_html());
    assert_eq!(hist.note(), "4096 values in 64 bins");
    assert!(hist.to_svg().matches("<rect").count() >= 64);

    // A 2-D array: one cell per element up to 128 a side, then block means.
    let grid: Vec<f32> = (0..64 * 64).map(|i| ((i % 64) * (i / 64)) as f32).collect();
    let map = ctx.htod(&grid).unwrap().heatmap(64).unwrap();
    keep("plot_heatmap", &map.to_html());
    assert_eq!(map.note(), "4096 values as 64 rows of 64");
    assert!(map.to_svg().matches("<rect").count() >= 64 * 64);
    let big = ctx.alloc_zeroed::<u8>(1024 * 512).unwrap();
    let big_map = big.heatmap(1024).unwrap();
    assert_eq!(
        big_map.note(),
        "524288 values as 512 rows of 1024; each cell is the mean of a block of 8 x 4 elements"
    );
    assert!(big_map.to_svg().matches("<rect").count() < 128 * 128 + 100);
    let ragged = ctx.htod(&[1.0f64, 2.0, 3.0, 4.0, 5.0]).unwrap();
    assert_eq!(
        ragged.heatmap(2).unwrap().note(),
        "5 values as 3 rows of 2 (the last row has 1)"
    );

    // Values that are not finite are left out and counted.
    let holes = ctx.htod(&[1.0f32, f32::NAN, 3.0, f32::INFINITY]).unwrap();
    assert_eq!(
        holes.plot().unwrap().note(),
        "4 values; 2 not finite (NaN or infinite), left out"
    );

    // Errors say what is wrong.
    let e = x.heatmap(0).unwrap_err().to_string();
    assert!(
        e.contains("row width between 1 and its 4096 elements, not 0"),
        "{e}"
    );
    let e = ctx
        .htod(&[f32::NAN; 3])
        .unwrap()
        .plot()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("nothing to plot: buffer f32[3] has no finite values among its 3"),
        "{e}"
    );

    // Variables: the element type is named at the call.
    let ptx = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .global .align 4 .f32 table[6] = {0f3F800000, 0f40000000, 0f40400000, 0f40800000, 0f40A00000, 0f40C00000};
.visible .global .align 4 .b8 odd[6];
.visible .entry nop() { ret; }
"#;
    let lib = Library::load_data(ptx.as_bytes(), &Default::default()).unwrap();
    let table = lib.get_global("table").unwrap();
    let p = table.plot::<f32>().unwrap();
    assert_eq!(p.title(), "global table as f32");
    assert_eq!(p.to_svg().matches("<circle").count(), 6);
    assert_eq!(
        table.heatmap::<f32>(3).unwrap().note(),
        "6 values as 2 rows of 3"
    );
    let e = lib
        .get_global("odd")
        .unwrap()
        .histogram::<f64>()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("global `odd` (not a whole number of f64) is 6 byte(s)"),
        "{e}"
    );
    lib.unload().unwrap();
    assert!(
        table.plot::<f32>().is_err(),
        "a variable of an unloaded library"
    );
}

/// The tutorial notebooks' prose: every figure it quotes (a decimal number, a percentage, a
/// speed-up like `0.25x`) is declared in its cell with where it comes from, in an HTML
/// comment the rendered notebook does not show:
///
/// ```text
/// <!-- check: figures bench.graph: 4.33 0.678 -->   the figures guide's row `bench.graph`
/// <!-- check: guide cost_model: 3.08 3.90 -->       core/guide/cost_model.md
/// <!-- check: output: 0.25x 24% -->                 the notebook's own outputs
/// <!-- check: output builtin: 0.26x -->             its outputs when the built-in compiler
///                                                   made the PTX (`nvrtc`: when NVRTC did)
/// ```
///
/// This test checks the first two against the guides and that the prose and its declarations
/// agree; `scripts/support/run_notebooks.py` checks `output` ones against the executed
/// notebook. A figure typed into the prose without a declaration fails here.
mod prose {
    use std::path::{Path, PathBuf};

    /// Where a quoted figure comes from.
    #[derive(Debug, PartialEq)]
    enum Source {
        /// A row of `core/guide/figures.md`, by its name (`bench.graph`).
        Figures(String),
        /// A guide, `core/guide/NAME.md`.
        Guide(String),
        /// The notebook's executed outputs (checked by run_notebooks.py): under every
        /// compiler, or (`Some`) only when that compiler, `nvrtc` or `builtin`, made the PTX.
        Output(Option<String>),
    }

    #[derive(Debug)]
    struct Declared {
        source: Source,
        figures: Vec<String>,
    }

    fn repo() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    /// The markdown cells of a notebook, as text.
    fn markdown_cells(path: &Path) -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap();
        let nb: serde_json::Value = serde_json::from_str(&text).unwrap();
        let cells = nb["cells"].as_array().cloned().unwrap_or_default();
        cells
            .iter()
            .filter(|c| c["cell_type"] == "markdown")
            .map(|c| match &c["source"] {
                serde_json::Value::Array(lines) => {
                    lines.iter().filter_map(|l| l.as_str()).collect::<String>()
                }
                other => other.as_str().unwrap_or_default().to_string(),
            })
            .collect()
    }

    /// The declarations of a cell and its prose with them taken out.
    fn split(cell: &str) -> Result<(Vec<Declared>, String), String> {
        let mut declared = Vec::new();
        let mut prose = String::new();
        let mut rest = cell;
        while let Some(at) = rest.find("<!--") {
            prose.push_str(&rest[..at]);
            let end = rest[at..]
                .find("-->")
                .ok_or_else(|| format!("an unclosed comment in: {cell}"))?;
            let body = rest[at + 4..at + end].trim();
            rest = &rest[at + end + 3..];
            let Some(check) = body.strip_prefix("check:") else {
                continue;
            };
            let (source, figures) = check
                .split_once(':')
                .ok_or_else(|| format!("`{body}` names no source"))?;
            let source = match source.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["figures", row] => Source::Figures(row.to_string()),
                ["guide", name] => Source::Guide(name.to_string()),
                ["output"] => Source::Output(None),
                ["output", compiler @ ("nvrtc" | "builtin")] => {
                    Source::Output(Some(compiler.to_string()))
                }
                _ => {
                    return Err(format!(
                        "`{body}`: the source is `figures ROW`, `guide NAME`, `output`, \
                         `output nvrtc` or `output builtin`"
                    ))
                }
            };
            declared.push(Declared {
                source,
                figures: figures.split_whitespace().map(str::to_string).collect(),
            });
        }
        prose.push_str(rest);
        Ok((declared, prose))
    }

    /// The numbers written in `text`, each with a `%` or `x` that ends it (`24%`,
    /// `0.25x`); a number glued to a letter before it (`sm_90`, `f32`) is a name, not one.
    fn numbers(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let glued = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
            if !chars[i].is_ascii_digit() || glued {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            let next_is_word = |k: usize| chars.get(k).is_some_and(|c| c.is_alphanumeric());
            if chars.get(i) == Some(&'%') || (chars.get(i) == Some(&'x') && !next_is_word(i + 1)) {
                i += 1;
            }
            if !next_is_word(i) || chars[i - 1] == 'x' {
                out.push(chars[start..i].iter().collect());
            }
        }
        out
    }

    /// Whether a number is a quoted figure (a measurement or a ratio) rather than a count
    /// or a size: it has a decimal point, a `%` or an `x`.
    fn is_figure(n: &str) -> bool {
        n.contains('.') || n.ends_with('%') || n.ends_with('x')
    }

    /// Whether `text` quotes the figure `n` (as a number of its own, with or without the
    /// `x` or `%` the prose gives it).
    fn quotes(text: &str, n: &str) -> bool {
        let bare = |s: &str| s.trim_end_matches(['x', '%']).to_string();
        numbers(text).iter().any(|m| bare(m) == bare(n))
    }

    fn figures_row(row: &str) -> Option<String> {
        let guide = std::fs::read_to_string(repo().join("core/guide/figures.md")).unwrap();
        let head = format!("| `{row}` |");
        guide
            .lines()
            .find(|l| l.starts_with(&head))
            .map(str::to_string)
    }

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(
            numbers("took 4.33 µs, 0.25x and 24% on sm_90 (f32), 3 times 1,2"),
            ["4.33", "0.25x", "24%", "3", "1", "2"]
        );
        let (declared, prose) =
            split("a 4.33 b <!-- check: figures bench.graph: 4.33 --> c").unwrap();
        assert_eq!(prose, "a 4.33 b  c");
        assert_eq!(declared[0].source, Source::Figures("bench.graph".into()));
        assert!(split("<!-- check: somewhere: 1.0 -->").is_err());
        let (declared, _) = split("0.26x <!-- check: output builtin: 0.26x -->").unwrap();
        assert_eq!(declared[0].source, Source::Output(Some("builtin".into())));
        assert_eq!(declared[0].figures, ["0.26x"]);
        assert!(split("<!-- check: output gcc: 1.0 -->").is_err());
    }

    #[test]
    fn every_figure_the_notebooks_quote_is_declared_and_holds() {
        let mut problems = Vec::new();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(repo().join("notebooks"))
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ipynb"))
            .collect();
        paths.sort();
        assert!(paths.len() >= 7, "{paths:?}");
        for path in &paths {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            for cell in markdown_cells(path) {
                let (declared, prose) = match split(&cell) {
                    Ok(x) => x,
                    Err(e) => {
                        problems.push(format!("{name}: {e}"));
                        continue;
                    }
                };
                let quoted = numbers(&prose);
                let all_declared: Vec<&String> = declared.iter().flat_map(|d| &d.figures).collect();
                for n in quoted.iter().filter(|n| is_figure(n)) {
                    if !all_declared.contains(&n) {
                        problems.push(format!(
                            "{name}: `{n}` is quoted with no `<!-- check: … -->` saying where it comes from"
                        ));
                    }
                }
                for d in &declared {
                    for n in &d.figures {
                        if !quoted.contains(n) {
                            problems.push(format!("{name}: `{n}` is declared but not in the text"));
                        }
                        let holds = match &d.source {
                            Source::Figures(row) => figures_row(row)
                                .map(|line| quotes(&line, n))
                                .unwrap_or(false),
                            Source::Guide(guide) => std::fs::read_to_string(
                                repo().join(format!("core/guide/{guide}.md")),
                            )
                            .map(|text| quotes(&text, n))
                            .unwrap_or(false),
                            Source::Output(_) => true, // run_notebooks.py
                        };
                        if !holds {
                            problems.push(format!("{name}: `{n}` is not in {:?}", d.source));
                        }
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
