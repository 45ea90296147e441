//! The kernel table: a [`KernelTable`]'s rows as an HTML table (a [`Kernels`] list shows as
//! its table too).

use cuda_library_notebook::html::{document, Align, Cell, Column, Table};

use super::render;
use crate::backend::BackendKind;
use crate::error::Result;
use crate::kernel::Kernels;
use crate::kernel_table::KernelTable;

impl Kernels {
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

fn opt(v: Option<u32>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "?".into())
}

impl KernelTable {
    pub(super) fn table(&self) -> Table {
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
            row_header: true,
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
