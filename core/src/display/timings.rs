//! Timings and sweeps: statistics, the distribution of the samples, time against size and
//! the achieved bandwidth.

use cuda_library_notebook::chart::{Histogram, LineChart, Series};
use cuda_library_notebook::html::{document, Align, Cell, Column, Table};
use cuda_library_notebook::stats::{format_seconds, rate_si, three_digits};

use super::timing::{Sweep, Timings};
use super::{chart_box, render_result};
use crate::error::{Error, Result};

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
                    Column::new("runs", Align::Left),
                ],
                rows: vec![vec![
                    Cell::text(sec(s.min)),
                    Cell::text(format!("every run ({why})")),
                ]],
                row_header: false,
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
            row_header: false,
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
        Ok((vec![table.to_html(), chart_box(&chart)], plain))
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
            row_header: true,
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
        let mut parts = vec![table.to_html(), chart_box(&time)];
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
            parts.push(chart_box(&bw));
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
