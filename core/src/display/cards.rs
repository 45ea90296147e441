//! Cards: the backend, a device's properties and a library (its source, image, kernels,
//! variables and where it runs).

use cuda_library_notebook::html::{document, Card};
use cuda_library_notebook::stats::{format_seconds, rate_si};

use super::{backend_badge, backend_line, render};
use crate::backend::{BackendInfo, BackendKind};
use crate::device::Device;
use crate::error::Result;
use crate::info::DeviceProperties;
use crate::kernel_table::KernelTable;
use crate::library::Library;

impl BackendInfo {
    fn card(&self) -> Card {
        let (line, note) = backend_line(self);
        let mut fields = vec![
            ("backend".to_string(), line),
            ("why this one".to_string(), self.reason()),
            (
                "to choose another".to_string(),
                self.how_to_change().to_string(),
            ),
            ("devices".to_string(), self.device_count.to_string()),
        ];
        if let Some(m) = &self.cost_model {
            fields.push((
                "cost model".to_string(),
                format!(
                    "launch {}, {} SMs × {} warp-instr/cycle at {:.2} GHz (SM boost clock), host link {}",
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
            note: note.as_ref().map(|n| n.0.clone()),
            folded: note.is_some_and(|n| n.1),
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
                    "SM clock".into(),
                    format!("{:.2} GHz (boost)", self.clock_rate_khz as f64 / 1e6),
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
            folded: false,
        }
    }
}

impl Device {
    /// The device's main properties as HTML.
    pub fn to_html(&self) -> Result<String> {
        let info = crate::backend().ok();
        Ok(document(&[self
            .properties()?
            .card(info.as_ref())
            .to_html()]))
    }

    /// Shows the device in a notebook cell: its main properties.
    pub fn evcxr_display(&self) {
        let info = crate::backend().ok();
        match self.properties() {
            Ok(p) => {
                let c = p.card(info.as_ref());
                render(vec![c.to_html()], c.to_text());
            }
            Err(e) => e.evcxr_display(),
        }
    }
}

impl Library {
    /// The library's card, with the kernel count and the device from its kernel table.
    fn card(&self, table: &KernelTable) -> Card {
        let info = crate::backend().ok();
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
            Some(v) if v.is_empty() => fields.push(("variables".to_string(), "none".to_string())),
            Some(v) => fields.push(("variables".to_string(), v.join(", "))),
            None => fields.push((
                "variables".to_string(),
                "not listed by the driver (look them up with get_global)".to_string(),
            )),
        }
        let mut note: Option<(String, bool)> = None;
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
            folded: note.as_ref().is_some_and(|n| n.1),
            note: note.map(|n| n.0),
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
