//! The "why is it slow?" view: a profiled launch as a compact summary (where the time goes
//! as a stacked bar, memory efficiency, divergence, occupancy and what limits it, hints
//! naming the PTX lines responsible), and profiles side by side.

use cuda_library_notebook::chart::StackedBars;
use cuda_library_notebook::html::{escape, Align, Badge, BadgeKind, Card, Cell, Column, Table};
use cuda_library_notebook::stats::format_seconds;

use super::{chart_box, render_result, Error, Result};
use crate::profile::{Comparison, Profile};
use crate::sim::LaunchProfile;
use crate::sim::{Bound, Limiter};

fn badge(simulated: bool) -> Badge {
    if simulated {
        Badge {
            text: "simulated".into(),
            kind: BadgeKind::Sim,
        }
    } else {
        Badge {
            text: "GPU".into(),
            kind: BadgeKind::Gpu,
        }
    }
}

fn percent(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// The cost model's parts of a launch, in µs, for a stacked bar.
fn time_parts(l: &LaunchProfile) -> Vec<(String, f64)> {
    let t = &l.time;
    [
        ("launch", t.launch_ns),
        ("compute", t.compute_ns),
        ("memory", t.memory_ns),
        ("shared memory", t.shared_ns),
        ("latency", t.latency_ns),
        ("atomics", t.atomics_ns),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v / 1e3))
    .collect()
}

/// `2097152` as `2,097,152`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn bound_name(b: Bound) -> &'static str {
    match b {
        Bound::Compute => "compute (instruction issue)",
        Bound::Memory => "memory bandwidth",
        Bound::Shared => "shared-memory bandwidth",
        Bound::Latency => "memory latency",
        Bound::Atomics => "atomics queued at one address",
    }
}

fn limiter_name(l: Limiter) -> &'static str {
    match l {
        Limiter::Threads => "threads per SM",
        Limiter::Blocks => "blocks per SM",
        Limiter::SharedMemory => "shared memory per SM",
    }
}

/// Rows of metrics: (name, value) for one launch.
fn metrics(p: &Profile) -> Vec<(&'static str, String)> {
    let mut rows = vec![(
        "time",
        format!(
            "{}{}",
            format_seconds(p.ms * 1e-3),
            if p.simulated {
                " (simulated)"
            } else {
                " (GPU events)"
            }
        ),
    )];
    let Some(l) = &p.launch else {
        return rows;
    };
    let s = &l.stats;
    let t = &l.time;
    let o = &t.occupancy;
    if !p.simulated {
        rows.push((
            "model's time",
            format!(
                "{} (simulated, for the same launch)",
                format_seconds(t.total_ns * 1e-9)
            ),
        ));
    }
    rows.push(("bound by", bound_name(t.bound).to_string()));
    rows.push((
        "grid",
        format!(
            "{} blocks of {} threads, {:.2} waves",
            s.blocks, s.block_threads, o.waves
        ),
    ));
    rows.push((
        "occupancy",
        format!(
            "{} theoretical, {} achieved ({} blocks/SM, limited by {})",
            percent(o.theoretical),
            percent(o.achieved),
            o.blocks_per_sm,
            limiter_name(o.limiter)
        ),
    ));
    let eff = l
        .global_efficiency()
        .map(percent)
        .unwrap_or_else(|| "no global accesses".to_string());
    // Sectors per request say how well a warp's accesses coalesce; the totals say how much
    // the kernel moves (a naive matmul coalesces better per request than a tiled one and
    // still moves eight times the sectors).
    rows.push((
        "global memory",
        format!(
            "{eff} efficient; loads {:.1}, stores {:.1} sectors per request; {} sectors loaded, {} stored",
            s.global_loads.sectors_per_request(),
            s.global_stores.sectors_per_request(),
            thousands(s.global_loads.sectors),
            thousands(s.global_stores.sectors)
        ),
    ));
    let (bulk_in, bulk_out) = (&s.bulk_loads, &s.bulk_stores);
    if bulk_in.requests + bulk_out.requests > 0 {
        rows.push((
            "bulk copies (TMA)",
            format!(
                "{} loads, {} stores; {} sectors loaded, {} stored",
                thousands(bulk_in.requests),
                thousands(bulk_out.requests),
                thousands(bulk_in.sectors),
                thousands(bulk_out.sectors)
            ),
        ));
    }
    if s.shared.requests > 0 {
        rows.push((
            "shared memory",
            format!(
                "{:.2} wavefronts per request (1 = no bank conflicts)",
                s.shared.wavefronts_per_request()
            ),
        ));
    }
    rows.push((
        "lanes",
        format!(
            "{:.1} of 32 active per instruction; {} divergent branches",
            s.active_lanes(),
            s.divergent_branches
        ),
    ));
    let m = &s.mix;
    let total = s.warp_instructions.max(1) as f64;
    let mut mix: Vec<(&str, u64)> = vec![
        ("integer", m.integer),
        ("fp32", m.fp32),
        ("fp64", m.fp64),
        ("half", m.half),
        ("SFU", m.sfu),
        ("memory", m.memory),
        ("control", m.control),
        ("tensor", m.tensor),
    ];
    mix.sort_by_key(|x| std::cmp::Reverse(x.1));
    rows.push((
        "instructions",
        format!(
            "{} warp instructions: {}",
            s.warp_instructions,
            mix.iter()
                .filter(|x| x.1 > 0)
                .take(4)
                .map(|(n, v)| format!("{n} {}", percent(*v as f64 / total)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    ));
    if s.tensor.pipe_issues > 0 {
        rows.push((
            "tensor cores",
            format!(
                "{} operations (multiply-adds x 2) in {} m16n8 tile issues",
                thousands(s.tensor.ops),
                thousands(s.tensor.pipe_issues)
            ),
        ));
    }
    if let Some(what) = uncalibrated(s) {
        rows.push((
            "uncalibrated",
            format!(
                "the model's time for {what} is an estimate, not yet calibrated against an H100"
            ),
        ));
    }
    if s.atomics.requests > 0 {
        rows.push((
            "atomics",
            format!(
                "{} requests, {} updates of the busiest address",
                s.atomics.requests, s.atomics.hottest
            ),
        ));
    }
    rows
}

/// What of a launch the cost model times without calibration against an H100: tensor-core
/// multiplies (`wgmma`, `mma`) and bulk (TMA) copies; `None` when it has neither.
fn uncalibrated(s: &crate::sim::Stats) -> Option<&'static str> {
    let tensor = s.tensor.pipe_issues > 0;
    let bulk = s.bulk_loads.requests + s.bulk_stores.requests > 0;
    match (tensor, bulk) {
        (true, true) => Some("tensor-core work (wgmma, mma) and TMA copies"),
        (true, false) => Some("tensor-core work (wgmma, mma)"),
        (false, true) => Some("TMA copies"),
        (false, false) => None,
    }
}

fn hints_html(p: &Profile) -> (String, String) {
    let hints = p.hints();
    if hints.is_empty() {
        return (String::new(), String::new());
    }
    // Plain divs and spans: what the playground's HTML filter keeps.
    let mut html =
        String::from("<div class=\"note\"><div>Hints (from the simulator's counters):</div>");
    let mut text = String::from("hints:\n");
    for (i, h) in hints.iter().take(4).enumerate() {
        html.push_str(&format!("<div>{}. {}", i + 1, escape(&h.text)));
        text.push_str(&format!("{}. {}\n", i + 1, h.text));
        if let Some((n, code)) = &h.line {
            html.push_str(&format!(
                "<span class=\"sub mono\">line {n}: {}</span>",
                escape(code)
            ));
            text.push_str(&format!("   line {n}: {code}\n"));
        }
        html.push_str("</div>");
    }
    html.push_str("</div>");
    (html, text)
}

impl Profile {
    fn parts(&self) -> Result<(Vec<String>, String)> {
        let fields: Vec<(String, String)> = metrics(self)
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect();
        let note = match (&self.launch, self.simulated) {
            (Some(_), true) => "a model of an H100 (sim::CostModel), calibrated against one; \
                                counters from the simulator"
                .to_string(),
            (Some(_), false) => format!(
                "time measured by GPU events; counters, hints and where the time goes are \
                 simulated ({})",
                self.note
                    .as_deref()
                    .unwrap_or("the same launch run again on the simulator")
            ),
            (None, _) => self.note.clone().unwrap_or_else(|| {
                "counters come from the simulator: profile the same launch with \
                 use_backend(BackendKind::Sim) to see why it takes this long"
                    .to_string()
            }),
        };
        let note = Some(note);
        let card = Card {
            title: self.label.clone(),
            badge: Some(badge(self.simulated)),
            fields,
            note,
            folded: false,
        };
        let mut parts = vec![card.to_html()];
        let mut plain = card.to_text();
        if let Some(l) = &self.launch {
            let chart = StackedBars {
                title: "where the time goes (simulated, µs)".to_string(),
                unit: "µs".to_string(),
                rows: vec![(self.label.clone(), time_parts(l))],
                width: 640,
                muted: vec!["launch".to_string()],
            }
            .to_svg()
            .map_err(Error::InvalidArgument)?;
            parts.push(chart_box(&chart));
        }
        let (html, text) = hints_html(self);
        parts.push(html);
        plain.push_str(&text);
        Ok((parts, plain))
    }

    /// The profile as HTML: summary card, where the time goes, hints.
    pub fn to_html(&self) -> Result<String> {
        Ok(cuda_library_notebook::html::document(&self.parts()?.0))
    }

    /// Shows the profile in a notebook cell.
    pub fn evcxr_display(&self) {
        render_result(self.parts());
    }
}

impl Comparison {
    fn parts(&self) -> Result<(Vec<String>, String)> {
        let first = self.profiles.first().ok_or_else(|| {
            Error::InvalidArgument("timing::compare was given no profiles".to_string())
        })?;
        let simulated = self.profiles.iter().any(|p| p.simulated);
        let mut columns = vec![Column::new("metric", Align::Left)];
        for p in &self.profiles {
            columns.push(Column::new(p.label.clone(), Align::Left));
        }
        let tables: Vec<Vec<(&str, String)>> = self.profiles.iter().map(metrics).collect();
        let mut rows = Vec::new();
        // Every row any profile has, in first-seen order.
        let mut names: Vec<&str> = Vec::new();
        for t in &tables {
            for r in t {
                if !names.contains(&r.0) {
                    names.push(r.0);
                }
            }
        }
        for name in names {
            let mut row = vec![Cell::text(name)];
            for t in &tables {
                let v = t
                    .iter()
                    .find(|r| r.0 == name)
                    .map(|r| r.1.clone())
                    .unwrap_or_default();
                row.push(Cell::text(v));
            }
            rows.push(row);
        }
        let mut row = vec![Cell::text("speed-up over the first")];
        for p in &self.profiles {
            row.push(Cell::text(format!("{:.2}x", first.ms / p.ms.max(1e-12))));
        }
        rows.push(row);
        let table = Table {
            caption: Some(format!(
                "{} profiles{}",
                self.profiles.len(),
                if simulated {
                    " · simulated: the cost model's times and the simulator's counters"
                } else {
                    ""
                }
            )),
            columns,
            rows,
            row_header: true,
        };
        let mut parts = vec![table.to_html()];
        let mut plain = table.to_text();
        let bars: Vec<(String, Vec<(String, f64)>)> = self
            .profiles
            .iter()
            .filter_map(|p| Some((p.label.clone(), time_parts(p.launch.as_ref()?))))
            .collect();
        if !bars.is_empty() {
            let chart = StackedBars {
                title: "where the time goes (simulated, µs)".to_string(),
                unit: "µs".to_string(),
                rows: bars,
                width: 720,
                muted: vec!["launch".to_string()],
            }
            .to_svg()
            .map_err(Error::InvalidArgument)?;
            parts.push(chart_box(&chart));
        }
        for p in &self.profiles {
            let (html, text) = hints_html(p);
            if !html.is_empty() {
                parts.push(format!("<div><h3>{}</h3>{html}</div>", escape(&p.label)));
                plain.push_str(&format!("{}: {text}", p.label));
            }
        }
        Ok((parts, plain))
    }

    /// The comparison as HTML.
    pub fn to_html(&self) -> Result<String> {
        Ok(cuda_library_notebook::html::document(&self.parts()?.0))
    }

    /// Shows the comparison in a notebook cell.
    pub fn evcxr_display(&self) {
        render_result(self.parts());
    }
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(2_097_152), "2,097,152");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
