//! # cuda-library-notebook
//!
//! Renderers for rich output in Jupyter (the evcxr Rust kernel) and in the browser: HTML
//! [tables](html::Table), [cards](html::Card), [error boxes](html::ErrorBox) and
//! [hex dumps](html::hex_dump), SVG [charts](chart) drawn with `plotters`, summary
//! [statistics](stats::Summary), and the [evcxr output protocol](evcxr).
//!
//! It knows nothing of CUDA: `cuda-library` maps its own types onto these renderers. All
//! output is self-contained (inline CSS, inline SVG, nothing fetched), escapes every piece
//! of text it is given, and reads well in light and dark themes (text and axes use the
//! page's own colour).
//!
//! ```
//! use cuda_library_notebook::html::{document, Align, Cell, Column, Table};
//! let table = Table {
//!     caption: Some("kernels".into()),
//!     columns: vec![Column::new("name", Align::Left), Column::new("regs", Align::Right)],
//!     rows: vec![vec![Cell::mono("scale<float>"), Cell::text("8")]],
//!     row_header: true,
//! };
//! let html = document(&[table.to_html()]);
//! assert!(html.contains("scale&lt;float&gt;"));
//! ```

#![warn(missing_docs)]

pub mod chart;
pub mod evcxr;
pub mod html;
pub mod stats;
mod svg;
