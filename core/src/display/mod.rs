//! Rich display (feature `notebook`): HTML cards, tables and charts for this crate's types,
//! through inherent `evcxr_display` methods, so in a Jupyter cell with the evcxr kernel the
//! last expression shows richly after `:dep cuda-library` with no `use` line.
//!
//! Every method also has a `to_html` form (one self-contained HTML document: inline CSS and
//! SVG, nothing fetched), used by the evcxr output and usable anywhere else. Times from
//! the simulator are labelled simulated wherever they appear.

pub mod plot;
mod profile;

use cuda_library_notebook::chart::{Histogram, LineChart, Series};
use cuda_library_notebook::evcxr::show_html;
use cuda_library_notebook::html::{
    document, escape, hex_dump, Align, Badge, BadgeKind, Card, Cell, Column, ErrorBox, Table,
};
use cuda_library_notebook::stats::{format_seconds, rate_si, three_digits};

use crate::backend::{BackendInfo, BackendKind};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::global::{Global, Managed};
use crate::info::DeviceProperties;
use crate::kernel_table::KernelTable;
use crate::library::Library;
use crate::memory::{as_bytes, DeviceBuffer, DeviceRepr};
// `super::timing` in the renderers below names the measuring API.
use crate::timing::{self, Sweep, Timings};

/// The badge naming where results come from.
fn backend_badge(info: Option<&BackendInfo>) -> Badge {
    match info {
        Some(i) if i.kind == BackendKind::Driver => Badge {
            text: "GPU".into(),
            kind: BadgeKind::Gpu,
        },
        Some(_) => Badge {
            text: "simulated".into(),
            kind: BadgeKind::Sim,
        },
        None => Badge {
            text: "no backend".into(),
            kind: BadgeKind::Info,
        },
    }
}

/// One line saying which backend runs, and why the simulator when it does.
fn backend_line(info: &BackendInfo) -> (String, Option<String>) {
    match &info.driver {
        Some(d) => (format!("CUDA driver {} ({})", d.version, d.path), None),
        None => (
            format!("{} (simulated)", crate::sim::device::NAME),
            info.fallback_reason
                .as_ref()
                .map(|r| format!("the CUDA driver was not used: {r}")),
        ),
    }
}

fn error_html(e: &Error) -> String {
    let full = e.to_string();
    let what = full.split("\nhint: ").next().unwrap_or(&full).to_string();
    ErrorBox {
        what,
        hint: e.hint(),
    }
    .to_html()
}

fn render(parts: Vec<String>, plain: String) {
    show_html(&document(&parts), &plain);
}

/// Shows parts made by a `parts()` method, or the error that stopped them.
fn render_result(parts: Result<(Vec<String>, String)>) {
    match parts {
        Ok((parts, plain)) => render(parts, plain),
        Err(e) => e.evcxr_display(),
    }
}

impl Error {
    /// The error as HTML: what failed, and the hint.
    pub fn to_html(&self) -> String {
        document(&[error_html(self)])
    }

    /// Shows the error in a notebook cell (evcxr), styled rather than as a Debug dump.
    pub fn evcxr_display(&self) {
        render(vec![error_html(self)], self.to_string());
    }
}

impl BackendInfo {
    fn card(&self) -> Card {
        let (line, note) = backend_line(self);
        let mut fields = vec![
            ("backend".to_string(), line),
            ("selected by".to_string(), self.selected_by.clone()),
            ("devices".to_string(), self.device_count.to_string()),
        ];
        if let Some(m) = &self.cost_model {
            fields.push((
                "cost model".to_string(),
                format!(
                    "launch {}, {} SMs × {} warp-instr/cycle at {} GHz, host link {}",
                    format_seconds(m.launch_ns * 1e-9),
                    m.multiprocessors,
                    m.issue_per_cycle,
                    m.clock_ghz,
                    rate_si(m.host_bytes_per_ns * 1e9, "B/s")
                ),
            ));
        }
        Card {
            title: "cuda-library backend".to_string(),
            badge: Some(backend_badge(Some(self))),
            fields,
            note,
        }
    }

    /// The backend as HTML.
    pub fn to_html(&self) -> String {
        document(&[self.card().to_html()])
    }

    /// Shows the backend in a notebook cell.
    pub fn evcxr_display(&self) {
        let c = self.card();
        render(vec![c.to_html()], c.to_text());
    }
}

impl DeviceProperties {
    fn card(&self, info: Option<&BackendInfo>) -> Card {
        let gib = self.total_memory as f64 / (1u64 << 30) as f64;
        Card {
            title: format!("device {}: {}", self.ordinal, self.name),
            badge: Some(backend_badge(info)),
            fields: vec![
                (
                    "compute capability".into(),
                    format!(
                        "{}.{} (sm_{}{})",
                        self.compute_capability.0,
                        self.compute_capability.1,
                        self.compute_capability.0,
                        self.compute_capability.1
                    ),
                ),
                ("memory".into(), format!("{gib:.1} GiB")),
                (
                    "multiprocessors".into(),
                    format!(
                        "{} × {} threads",
                        self.multiprocessor_count, self.max_threads_per_multiprocessor
                    ),
                ),
                (
                    "clock".into(),
                    format!("{:.2} GHz", self.clock_rate_khz as f64 / 1e6),
                ),
                (
                    "threads per block".into(),
                    format!(
                        "{} (block ≤ {:?}, grid ≤ {:?})",
                        self.max_threads_per_block, self.max_block_dim, self.max_grid_dim
                    ),
                ),
                (
                    "shared memory".into(),
                    format!(
                        "{} KiB per block ({} KiB opt-in), {} KiB per SM",
                        self.shared_memory_per_block / 1024,
                        self.shared_memory_per_block_optin / 1024,
                        self.shared_memory_per_multiprocessor / 1024
                    ),
                ),
                (
                    "registers per block".into(),
                    self.registers_per_block.to_string(),
                ),
                (
                    "L2 cache".into(),
                    format!("{} MiB", self.l2_cache_size / (1 << 20)),
                ),
                (
                    "managed / cooperative / clusters".into(),
                    format!(
                        "{} / {} / {}",
                        self.managed_memory, self.cooperative_launch, self.cluster_launch
                    ),
                ),
                ("uuid".into(), self.uuid.clone()),
            ],
            note: None,
        }
    }
}

impl Device {
    /// The device's main properties as HTML.
    pub fn to_html(&self) -> Result<String> {
        let info = crate::backend::backend().ok();
        Ok(document(&[self
            .properties()?
            .card(info.as_ref())
            .to_html()]))
    }

    /// Shows the device in a notebook cell: its main properties.
    pub fn evcxr_display(&self) {
        let info = crate::backend::backend().ok();
        match self.properties() {
            Ok(p) => {
                let c = p.card(info.as_ref());
                render(vec![c.to_html()], c.to_text());
            }
            Err(e) => e.evcxr_display(),
        }
    }
}

impl crate::Kernels {
    /// The kernels as an HTML table (names, parameters, registers, memory, occupancy at 256
    /// threads per block).
    pub fn to_html(&self) -> Result<String> {
        Ok(document(&[self.kernel_table(256)?.table().to_html()]))
    }

    /// Shows the kernels in a notebook cell as the kernel table.
    pub fn evcxr_display(&self) {
        match self.kernel_table(256) {
            Ok(t) => {
                let table = t.table();
                render(vec![table.to_html()], table.to_text());
            }
            Err(e) => e.evcxr_display(),
        }
    }
}

impl Library {
    /// The library's card, with the kernel count and the device from its kernel table.
    fn card(&self, table: &KernelTable) -> Card {
        let info = crate::backend::backend().ok();
        let mut fields = vec![
            (
                "image".to_string(),
                self.image_kind()
                    .map(|k| k.to_string())
                    .unwrap_or_else(|| "unknown".into()),
            ),
            ("kernels".to_string(), table.rows.len().to_string()),
        ];
        match self.variable_names() {
            Some(v) => fields.push(("variables".to_string(), v.join(", "))),
            None => fields.push((
                "variables".to_string(),
                "not listed by the driver (look them up with get_global)".to_string(),
            )),
        }
        let mut note = None;
        if let Some(i) = &info {
            let (line, why) = backend_line(i);
            // On a GPU: which one (the device the table is for) and the driver.
            let gpu = if i.driver.is_some() && table.backend == BackendKind::Driver {
                format!("{}, ", table.device)
            } else {
                String::new()
            };
            fields.push(("backend".to_string(), format!("{gpu}{line}")));
            note = why;
        }
        if !self.jit_info_log().is_empty() {
            fields.push(("JIT log".to_string(), self.jit_info_log().to_string()));
        }
        Card {
            title: self.source().to_string(),
            badge: Some(backend_badge(info.as_ref())),
            fields,
            note,
        }
    }

    /// The library as HTML: a card (source, backend, counts) and the kernel table at 256
    /// threads per block.
    pub fn to_html(&self) -> Result<String> {
        let t = self.kernel_table(256)?;
        Ok(document(&[self.card(&t).to_html(), t.table().to_html()]))
    }

    /// Shows the library in a notebook cell: a card and its kernel table.
    pub fn evcxr_display(&self) {
        match self.kernel_table(256) {
            Ok(t) => {
                let card = self.card(&t);
                let table = t.table();
                render(
                    vec![card.to_html(), table.to_html()],
                    format!("{}{}", card.to_text(), table.to_text()),
                );
            }
            Err(e) => e.evcxr_display(),
        }
    }
}

fn opt(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "?".into())
}

impl KernelTable {
    fn table(&self) -> Table {
        let sim = if self.backend == BackendKind::Sim {
            " (simulated device)"
        } else {
            ""
        };
        Table {
            caption: Some(format!(
                "{} kernels · occupancy at {} threads per block{sim} · ? = unknown until a JIT compiles the PTX",
                self.rows.len(),
                self.block_size
            )),
            columns: vec![
                Column::new("kernel", Align::Left),
                Column::new("parameters (offset:size type)", Align::Left),
                Column::new("regs", Align::Right),
                Column::new("shared B", Align::Right),
                Column::new("const B", Align::Right),
                Column::new("local B", Align::Right),
                Column::new("max threads", Align::Right),
                Column::new("blocks/SM", Align::Right),
            ],
            rows: self
                .rows
                .iter()
                .map(|r| {
                    let mut name = Cell::mono(&r.demangled);
                    if r.demangled != r.name {
                        name = name.with_sub(&r.name);
                    }
                    let params: Vec<String> = r
                        .params
                        .iter()
                        .map(|p| match &p.ptx_type {
                            Some(t) => format!("{}:{} {t}", p.offset, p.size),
                            None => format!("{}:{}", p.offset, p.size),
                        })
                        .collect();
                    vec![
                        name,
                        Cell::mono(if params.is_empty() {
                            "(none)".to_string()
                        } else {
                            params.join("  ")
                        }),
                        Cell::text(opt(r.num_regs)),
                        Cell::text(opt(r.shared_bytes)),
                        Cell::text(opt(r.const_bytes)),
                        Cell::text(opt(r.local_bytes)),
                        Cell::text(opt(r.max_threads)),
                        Cell::text(opt(r.blocks_per_sm)),
                    ]
                })
                .collect(),
        }
    }

    /// The table as HTML.
    pub fn to_html(&self) -> String {
        document(&[self.table().to_html()])
    }

    /// Shows the table in a notebook cell.
    pub fn evcxr_display(&self) {
        let t = self.table();
        render(vec![t.to_html()], t.to_text());
    }
}

/// A preview of a variable's bytes: 32-bit words as hex, integers and floats (and 64-bit
/// floats when the size allows), then a hex dump.
fn variable_parts(kind: &str, name: &str, addr: u64, bytes: &[u8]) -> (Vec<String>, String) {
    let words: Vec<[u8; 4]> = bytes
        .chunks_exact(4)
        .take(16)
        .map(|c| [c[0], c[1], c[2], c[3]])
        .collect();
    let show_f64 = bytes.len() % 8 == 0 && !bytes.is_empty();
    let mut columns = vec![
        Column::new("index", Align::Right),
        Column::new("u32 (hex)", Align::Right),
        Column::new("i32", Align::Right),
        Column::new("f32", Align::Right),
    ];
    if show_f64 {
        columns.push(Column::new("f64 (pairs)", Align::Right));
    }
    let rows = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let mut r = vec![
                Cell::text(i.to_string()),
                Cell::mono(format!("{:#010x}", u32::from_le_bytes(*w))),
                Cell::text(i32::from_le_bytes(*w).to_string()),
                Cell::text(format!("{}", f32::from_le_bytes(*w))),
            ];
            if show_f64 {
                r.push(Cell::text(if i % 2 == 0 {
                    bytes
                        .get(4 * i..4 * i + 8)
                        .and_then(|b| b.try_into().ok())
                        .map(|b: [u8; 8]| format!("{}", f64::from_le_bytes(b)))
                        .unwrap_or_default()
                } else {
                    String::new()
                }));
            }
            r
        })
        .collect();
    let more = if bytes.len() > 64 {
        format!(" (first 16 of {} words)", bytes.len() / 4)
    } else {
        String::new()
    };
    let table = Table {
        caption: Some(format!(
            "{kind} `{name}`: {} bytes at {addr:#x}{more}",
            bytes.len()
        )),
        columns,
        rows,
    };
    let plain = format!(
        "{}{}",
        table.to_text(),
        cuda_library_notebook::html::hex_text(bytes, addr, 16)
    );
    let parts = if words.is_empty() {
        vec![
            format!(
                "<div>{kind} <code>{}</code>: {} bytes at {addr:#x}</div>",
                escape(name),
                bytes.len()
            ),
            hex_dump(bytes, addr, 16),
        ]
    } else {
        vec![table.to_html(), hex_dump(bytes, addr, 16)]
    };
    (parts, plain)
}

/// A variable's current contents as one HTML document.
fn variable_html(kind: &str, name: &str, addr: u64, bytes: Result<Vec<u8>>) -> Result<String> {
    Ok(document(&variable_parts(kind, name, addr, &bytes?).0))
}

/// Shows a variable's current contents in a notebook cell, or why they cannot be read.
fn show_variable(kind: &str, name: &str, addr: u64, bytes: Result<Vec<u8>>) {
    render_result(bytes.map(|b| variable_parts(kind, name, addr, &b)));
}

impl Global {
    /// The variable as HTML: a typed preview and a hex dump of its current contents.
    pub fn to_html(&self) -> Result<String> {
        variable_html(
            "global",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        )
    }

    /// Shows the variable's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        show_variable(
            "global",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        );
    }
}

impl Managed {
    /// The variable as HTML: a typed preview and a hex dump of its current contents.
    pub fn to_html(&self) -> Result<String> {
        variable_html(
            "managed",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        )
    }

    /// Shows the variable's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        show_variable(
            "managed",
            self.name(),
            self.device_ptr().0,
            self.read_bytes(),
        );
    }
}

/// `f32[1024]` for a buffer of 1024 `f32`.
fn buffer_name<T>(len: usize) -> String {
    format!("{}[{len}]", plot::type_name::<T>())
}

impl<T: DeviceRepr + Default> DeviceBuffer<T> {
    /// The buffer as HTML: a typed preview and a hex dump of its current contents.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let x = ctx.htod(&[1.0f32, 2.0, 3.0])?;
    /// assert!(x.to_html()?.contains("buffer `f32[3]`: 12 bytes"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> Result<String> {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        variable_html(
            "buffer",
            &buffer_name::<T>(self.len()),
            self.as_raw(),
            bytes,
        )
    }

    /// Shows the buffer's current contents in a notebook cell.
    pub fn evcxr_display(&self) {
        let bytes = self.to_vec().map(|v| as_bytes(&v).to_vec());
        show_variable(
            "buffer",
            &buffer_name::<T>(self.len()),
            self.as_raw(),
            bytes,
        );
    }
}

fn clock_note(simulated: bool, clock: &str) -> String {
    if simulated {
        "simulated times from the cost model, not measured on a GPU".to_string()
    } else {
        format!("times from {clock}")
    }
}

impl Timings {
    fn parts(&self) -> Result<(Vec<String>, String)> {
        let s = self.summary()?;
        let sec = |ms: f64| format_seconds(ms * 1e-3);
        let label = if self.simulated {
            format!("{} (simulated)", self.label)
        } else {
            self.label.clone()
        };
        // Every run took the same time (the simulator's cost model is deterministic): one
        // value, not six equal statistics and a histogram of one bar.
        if s.min == s.max {
            let why = if self.simulated {
                "the simulator's cost model gives every run the same time"
            } else {
                "every sample is the same"
            };
            let table = Table {
                caption: Some(format!(
                    "{label}: {} runs · {}",
                    s.n,
                    clock_note(self.simulated, &self.clock)
                )),
                columns: vec![
                    Column::new("time per run", Align::Right),
                    Column::new("", Align::Left),
                ],
                rows: vec![vec![
                    Cell::text(sec(s.min)),
                    Cell::text(format!("every run ({why})")),
                ]],
            };
            return Ok((vec![table.to_html()], table.to_text()));
        }
        let table = Table {
            caption: Some(format!(
                "{label}: {} runs · {}",
                s.n,
                clock_note(self.simulated, &self.clock)
            )),
            columns: ["min", "median", "mean", "p95", "max", "std dev"]
                .iter()
                .map(|c| Column::new(*c, Align::Right))
                .collect(),
            rows: vec![[s.min, s.median, s.mean, s.p95, s.max, s.stddev]
                .iter()
                .map(|&v| Cell::text(sec(v)))
                .collect()],
        };
        // Chart in µs or ms, whichever suits the median.
        let (scale, unit) = if s.median < 1.0 {
            (1e3, "µs")
        } else {
            (1.0, "ms")
        };
        let chart = Histogram {
            title: format!("distribution of {label}"),
            x_label: format!("time per run ({unit})"),
            values: self.samples_ms.iter().map(|v| v * scale).collect(),
            bins: (s.n / 4).clamp(5, 40),
            size: (640, 300),
        }
        .to_svg()
        .map_err(Error::InvalidArgument)?;
        let plain = table.to_text();
        Ok((
            vec![
                table.to_html(),
                format!("<div class=\"chart\">{chart}</div>"),
            ],
            plain,
        ))
    }

    /// The timings as HTML: statistics and the distribution of the samples, or the one
    /// value every run took (the simulator's times do not vary).
    pub fn to_html(&self) -> Result<String> {
        Ok(document(&self.parts()?.0))
    }

    /// Shows the timings in a notebook cell: statistics and a histogram, in one output (or
    /// the one value, where every run took the same time).
    pub fn evcxr_display(&self) {
        render_result(self.parts());
    }
}

impl Sweep {
    fn parts(&self) -> Result<(Vec<String>, String)> {
        if self.points.is_empty() {
            return Err(Error::InvalidArgument(format!(
                "the sweep `{}` has no points; add timings with Sweep::add",
                self.label
            )));
        }
        let label = if self.simulated {
            format!("{} (simulated)", self.label)
        } else {
            self.label.clone()
        };
        let has_bw = self.points.iter().any(|p| p.bytes.is_some());
        let mut columns = vec![
            Column::new(self.size_unit.clone(), Align::Right),
            Column::new("median", Align::Right),
            Column::new("min", Align::Right),
            Column::new("p95", Align::Right),
        ];
        if has_bw {
            columns.push(Column::new("bandwidth (median)", Align::Right));
        }
        let rows = self
            .points
            .iter()
            .map(|p| {
                let mut r = vec![
                    Cell::text(three_digits_int(p.size)),
                    Cell::text(format_seconds(p.summary.median * 1e-3)),
                    Cell::text(format_seconds(p.summary.min * 1e-3)),
                    Cell::text(format_seconds(p.summary.p95 * 1e-3)),
                ];
                if has_bw {
                    r.push(Cell::text(
                        p.bandwidth().map(|b| rate_si(b, "B/s")).unwrap_or_default(),
                    ));
                }
                r
            })
            .collect();
        let table = Table {
            caption: Some(format!(
                "{label} · {}",
                clock_note(self.simulated, &self.clock)
            )),
            columns,
            rows,
        };
        let time = LineChart {
            title: format!("{label}: time vs size"),
            x_label: self.size_unit.clone(),
            y_label: "median time per run (µs)".to_string(),
            log_x: true,
            log_y: true,
            series: vec![Series {
                name: label.clone(),
                points: self
                    .points
                    .iter()
                    .map(|p| (p.size, p.summary.median * 1e3))
                    .collect(),
            }],
            size: (640, 360),
        }
        .to_svg()
        .map_err(Error::InvalidArgument)?;
        let mut parts = vec![
            table.to_html(),
            format!("<div class=\"chart\">{time}</div>"),
        ];
        if has_bw {
            let bw = LineChart {
                title: format!("{label}: achieved bandwidth"),
                x_label: self.size_unit.clone(),
                y_label: "bandwidth (GB/s)".to_string(),
                log_x: true,
                log_y: false,
                series: vec![Series {
                    name: label,
                    points: self
                        .points
                        .iter()
                        .filter_map(|p| Some((p.size, p.bandwidth()? / 1e9)))
                        .collect(),
                }],
                size: (640, 320),
            }
            .to_svg()
            .map_err(Error::InvalidArgument)?;
            parts.push(format!("<div class=\"chart\">{bw}</div>"));
        }
        Ok((parts, table.to_text()))
    }

    /// The sweep as HTML: a table, time vs size (log-log) and, when bytes are known, the
    /// achieved bandwidth.
    pub fn to_html(&self) -> Result<String> {
        Ok(document(&self.parts()?.0))
    }

    /// Shows the sweep in a notebook cell, table and charts in one output.
    pub fn evcxr_display(&self) {
        render_result(self.parts());
    }
}

/// Sizes as integers with thousands separators where whole, otherwise three digits.
fn three_digits_int(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        let s = format!("{}", v as i64);
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i) % 3 == 0 && c != '-' {
                out.push(',');
            }
            out.push(c);
        }
        out
    } else {
        three_digits(v)
    }
}
