//! Rich display (feature `notebook`): HTML cards, tables and charts for this crate's types,
//! through inherent `evcxr_display` methods, so in a Jupyter cell with the evcxr kernel the
//! last expression shows richly after `:dep cuda-library` with no `use` line.
//!
//! Every method also has a `to_html` form (one self-contained HTML document: inline CSS and
//! SVG, nothing fetched), used by the evcxr output and usable anywhere else. Times from
//! the simulator are labelled simulated wherever they appear.
//!
//! This module only renders: it takes plain data that the types' own API gives
//! ([`KernelTable`](crate::KernelTable), [`Timings`](crate::timing::Timings),
//! [`DeviceProperties`](crate::DeviceProperties), a variable's bytes) and returns HTML and
//! SVG; each type's `to_html` and `evcxr_display` ask for that data and hand it on. One file
//! a family: cards (backend, device, library), the kernel table, variables and buffers,
//! timings and sweeps, device data as charts (`plot`), profiles and graphs.

pub mod plot;
mod profile;

mod cards;
mod graph;
mod kernels;
mod managed;
mod tensor_map;
mod timings;
mod variables;

use std::sync::atomic::{AtomicBool, Ordering};

use cuda_library_notebook::evcxr::show_html;
use cuda_library_notebook::html::{cell_document, document, Badge, BadgeKind, ErrorBox};

use crate::backend::{BackendInfo, BackendKind};
use crate::error::{Error, Result};
// The measuring API whose results the timing and profile views render.
use crate::timing;

/// A chart's SVG in the box that holds it. The box keeps the chart's drawn size and scrolls
/// sideways where the page is narrower (a phone: scaled to a 390-pixel screen, 12-pixel
/// labels became 4 to 5 pixels), so it is a tab stop: a region that scrolls must be
/// reachable by keyboard.
fn chart_box(svg: &str) -> String {
    format!("<div class=\"chart\" tabindex=\"0\">{svg}</div>")
}

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

/// Whether a card has shown why the CUDA driver was not used: the first card of the
/// process shows it in full, later ones fold it under a one-line summary.
static FALLBACK_SHOWN: AtomicBool = AtomicBool::new(false);

/// Why the simulator runs, as a card's note, and whether to fold it: in full the first
/// time in the process, then folded under one line (the details on demand).
fn fallback_note(info: &BackendInfo) -> Option<(String, bool)> {
    let why = info.fallback_reason.as_ref()?;
    let full = format!("the CUDA driver was not used: {why}");
    if FALLBACK_SHOWN.swap(true, Ordering::Relaxed) {
        Some((
            format!("simulated: the CUDA driver was not used (why)\n{full}"),
            true,
        ))
    } else {
        Some((full, false))
    }
}

/// One line saying which backend runs, and why the simulator when it does (the note, and
/// whether to fold it).
fn backend_line(info: &BackendInfo) -> (String, Option<(String, bool)>) {
    let note = match info.driver {
        Some(_) => None,
        None => fallback_note(info),
    };
    (info.runs_on(), note)
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

/// Shows `parts` in a notebook cell; the stylesheet comes with the process's first cell
/// output only (`cell_document`).
fn render(parts: Vec<String>, plain: String) {
    show_html(&cell_document(&parts), &plain);
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
