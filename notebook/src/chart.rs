//! SVG charts drawn with `plotters` (SVG backend only, no system fonts): line charts with
//! optional logarithmic axes, histograms and heatmaps, and [`downsample`] for series too long
//! to draw point by point.
//!
//! Text and axes are drawn in `currentColor`, so a chart inlined in a page takes the page's
//! text colour (light and dark themes); series use mid-tone colours legible on both.

use plotters::coord::combinators::LogCoord;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::svg::Svg;

/// Series colours: mid-tones that read on white and on near-black.
const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(23, 190, 207),
];

/// A named series of `(x, y)` points.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Series {
    /// Legend text.
    pub name: String,
    /// Points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// A line chart with markers.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineChart {
    /// Title above the plot.
    pub title: String,
    /// x axis label (with its unit).
    pub x_label: String,
    /// y axis label (with its unit).
    pub y_label: String,
    /// Logarithmic x axis.
    pub log_x: bool,
    /// Logarithmic y axis.
    pub log_y: bool,
    /// The series.
    pub series: Vec<Series>,
    /// Size in pixels.
    pub size: (u32, u32),
}

/// A histogram of samples.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Histogram {
    /// Title above the plot.
    pub title: String,
    /// x axis label (with its unit).
    pub x_label: String,
    /// The samples.
    pub values: Vec<f64>,
    /// Number of bins.
    pub bins: usize,
    /// Size in pixels.
    pub size: (u32, u32),
}

/// Series with more points than this are drawn as a line without a marker per point.
pub const MARKERS_UP_TO: usize = 200;

/// Reduces `values` (at x = 0, 1, 2, ...) to at most `max_points` points for a line chart,
/// keeping the shape: the values are cut into `max_points / 2` buckets of consecutive
/// indices and each bucket keeps its smallest and largest finite value, in index order, so
/// spikes survive. Non-finite values are left out. Short inputs come back whole.
///
/// ```
/// use cuda_library_notebook::chart::downsample;
/// let mut v = vec![0.0; 10_000];
/// v[1234] = 5.0;
/// let pts = downsample(&v, 500);
/// assert!(pts.len() <= 500);
/// assert!(pts.contains(&(1234.0, 5.0)));
/// ```
pub fn downsample(values: &[f64], max_points: usize) -> Vec<(f64, f64)> {
    let finite = |(i, v): (usize, &f64)| v.is_finite().then_some((i as f64, *v));
    let max_points = max_points.max(2);
    if values.len() <= max_points {
        return values.iter().enumerate().filter_map(finite).collect();
    }
    let buckets = max_points / 2;
    let mut out = Vec::with_capacity(2 * buckets);
    for b in 0..buckets {
        // Wider: `b * len` passes a 32-bit usize (WebAssembly) past ~8.6M values.
        let at = |b: usize| (b as u128 * values.len() as u128 / buckets as u128) as usize;
        let (start, end) = (at(b), at(b + 1));
        let mut lo: Option<(f64, f64)> = None;
        let mut hi: Option<(f64, f64)> = None;
        for p in values[start..end]
            .iter()
            .enumerate()
            .filter_map(|(i, v)| finite((start + i, v)))
        {
            if lo.is_none_or(|l| p.1 < l.1) {
                lo = Some(p);
            }
            if hi.is_none_or(|h| p.1 > h.1) {
                hi = Some(p);
            }
        }
        match (lo, hi) {
            (Some(l), Some(h)) if l.0 < h.0 => out.extend([l, h]),
            (Some(l), Some(h)) if l.0 > h.0 => out.extend([h, l]),
            (Some(l), _) => out.push(l),
            _ => {}
        }
    }
    out
}

/// A heatmap of a 2-D array: `values` row by row, `width` to a row (a partial last row is
/// drawn with gaps). Row 0 is at the top, as in an image. Arrays larger than
/// [`Heatmap::MAX_CELLS`] a side are shown averaged over blocks of elements; non-finite
/// values are gaps. Colours follow the viridis scale (dark blue-violet for the smallest value,
/// yellow for the largest), with a colour bar.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Heatmap {
    /// Title above the plot.
    pub title: String,
    /// The values, row by row.
    pub values: Vec<f64>,
    /// Elements per row.
    pub width: usize,
    /// Size in pixels.
    pub size: (u32, u32),
}

/// Viridis at nine evenly spaced points (matplotlib's perceptually uniform scale, readable on
/// light and dark pages and in greyscale).
const VIRIDIS: [(u8, u8, u8); 9] = [
    (68, 1, 84),
    (71, 44, 122),
    (59, 81, 139),
    (44, 113, 142),
    (33, 144, 141),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
];

/// The viridis colour of `t` in [0, 1].
fn viridis(t: f64) -> RGBColor {
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (VIRIDIS.len() - 1) as f64;
    let i = (x.floor() as usize).min(VIRIDIS.len() - 2);
    let f = x - i as f64;
    let (a, b) = (VIRIDIS[i], VIRIDIS[i + 1]);
    let mix = |p: u8, q: u8| (p as f64 + (q as f64 - p as f64) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

impl Heatmap {
    /// Cells drawn at most along each side; larger arrays are averaged over blocks.
    pub const MAX_CELLS: usize = 128;

    /// The grid actually drawn: (columns, rows, block width, block height, cell means).
    fn cells(&self) -> (usize, usize, usize, usize, Vec<f64>) {
        let width = self.width.max(1);
        let rows = self.values.len().div_ceil(width);
        let (bw, bh) = (
            width.div_ceil(Self::MAX_CELLS),
            rows.div_ceil(Self::MAX_CELLS),
        );
        let (cols_out, rows_out) = (width.div_ceil(bw), rows.div_ceil(bh));
        let mut sums = vec![(0.0f64, 0u32); cols_out * rows_out];
        for (i, v) in self.values.iter().enumerate() {
            if v.is_finite() {
                let (r, c) = (i / width, i % width);
                let cell = &mut sums[(r / bh) * cols_out + c / bw];
                cell.0 += v;
                cell.1 += 1;
            }
        }
        let means = sums
            .into_iter()
            .map(|(s, n)| if n == 0 { f64::NAN } else { s / n as f64 })
            .collect();
        (cols_out, rows_out, bw, bh, means)
    }

    /// The heatmap as an SVG document.
    ///
    /// ```
    /// use cuda_library_notebook::chart::Heatmap;
    /// let values: Vec<f64> = (0..64).map(|i| (i % 8 + i / 8) as f64).collect();
    /// let svg = Heatmap { title: "8 x 8".into(), values, width: 8, size: (480, 400) }
    ///     .to_svg()
    ///     .unwrap();
    /// assert!(svg.matches("<rect").count() >= 64);
    /// ```
    pub fn to_svg(&self) -> Result<String, String> {
        if self.width == 0 {
            return Err(err("a heatmap needs a row width of at least 1"));
        }
        let (cols, rows, bw, bh, cells) = self.cells();
        let (lo, hi) = cells
            .iter()
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
                (l.min(v), h.max(v))
            });
        if !lo.is_finite() {
            return Err(err("no finite values to draw"));
        }
        // A colour bar of finite length (cells past it take the end colours).
        let (lo, hi) = (lo.max(-AXIS_LIMIT), hi.min(AXIS_LIMIT));
        let span = if hi > lo { hi - lo } else { 1.0 };
        let (w_elems, h_elems) = ((cols * bw) as f64, (rows * bh) as f64);
        let mut out = String::new();
        {
            let root = Svg::with_string(&mut out, self.size).into_drawing_area();
            let (plot, bar) = root.split_horizontally(self.size.0.saturating_sub(96));
            // Row r is drawn at y = -r, so row 0 is at the top and the ticks fall on round
            // row numbers.
            let mut chart = ChartBuilder::on(&plot)
                .caption(&self.title, ("sans-serif", 16).into_font().color(&BLACK))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(56)
                .build_cartesian_2d(Axis::linear(0.0..w_elems), Axis::linear(-h_elems..0.0))
                .map_err(err)?;
            chart
                .configure_mesh()
                .disable_mesh()
                .x_desc("column")
                .y_desc("row")
                .x_label_formatter(&|v| format!("{v:.0}"))
                .y_label_formatter(&|v| format!("{:.0}", 0.0 - v))
                .axis_style(BLACK.mix(0.6))
                .label_style(("sans-serif", 12).into_font().color(&BLACK))
                .axis_desc_style(("sans-serif", 13).into_font().color(&BLACK))
                .draw()
                .map_err(err)?;
            chart
                .draw_series(cells.iter().enumerate().filter(|(_, v)| v.is_finite()).map(
                    |(i, v)| {
                        let (r, c) = ((i / cols) as f64, (i % cols) as f64);
                        let (x0, y1) = (c * bw as f64, -r * bh as f64);
                        Rectangle::new(
                            [(x0, y1 - bh as f64), (x0 + bw as f64, y1)],
                            viridis((v.clamp(lo, hi) - lo) / span).filled(),
                        )
                    },
                ))
                .map_err(err)?;
            // The colour bar: the scale from the smallest to the largest value.
            let mut scale = ChartBuilder::on(&bar)
                .margin_top(40)
                .margin_bottom(52)
                .margin_right(8)
                .y_label_area_size(56)
                .build_cartesian_2d(Axis::linear(0.0..1.0), Axis::linear(lo..lo + span))
                .map_err(err)?;
            scale
                .configure_mesh()
                .disable_mesh()
                .disable_x_axis()
                .y_labels(5)
                .y_label_formatter(&ticks(lo..lo + span))
                .axis_style(BLACK.mix(0.6))
                // 12, as every other chart label: plotters writes 11 as 8.9 px, too small
                // to read on a phone.
                .label_style(("sans-serif", 12).into_font().color(&BLACK))
                .draw()
                .map_err(err)?;
            const STEPS: usize = 48;
            scale
                .draw_series((0..STEPS).map(|k| {
                    let (a, b) = (k as f64 / STEPS as f64, (k + 1) as f64 / STEPS as f64);
                    Rectangle::new(
                        [(0.0, lo + a * span), (1.0, lo + b * span)],
                        viridis((a + b) / 2.0).filled(),
                    )
                }))
                .map_err(err)?;
            root.present().map_err(err)?;
        }
        Ok(themed(
            out,
            &format!(
                "{}: heatmap of {} values, {} to a row",
                self.title,
                self.values.len(),
                self.width
            ),
        ))
    }
}

/// Replaces plotters' black with `currentColor` and drops any opaque background, so the
/// chart follows the page's theme (its text is the page's text colour, which has the page's
/// contrast in light and dark themes); names it for screen readers ([`labelled`]).
fn themed(svg: String, label: &str) -> String {
    labelled(
        &svg.replace("#000000", "currentColor")
            .replace("<svg ", "<svg class=\"culib-chart\" "),
        label,
    )
}

/// `svg` as one image to assistive technology: `role="img"`, an `aria-label` and a
/// `<title>` (which browsers also show as a tooltip).
fn labelled(svg: &str, label: &str) -> String {
    let label = crate::html::escape(label);
    let Some(rest) = svg.strip_prefix("<svg ") else {
        return svg.to_string();
    };
    let Some(end) = rest.find('>') else {
        return svg.to_string();
    };
    format!(
        "<svg role=\"img\" aria-label=\"{label}\" {}><title>{label}</title>{}",
        &rest[..end],
        &rest[end + 1..]
    )
}

fn err(e: impl std::fmt::Display) -> String {
    format!("the chart could not be drawn: {e}")
}

/// The widest range an axis spans: its ends and their distance stay finite (plotters draws
/// nothing sensible, or never finishes choosing ticks, for an infinite range). Values past
/// it are drawn at the edge.
const AXIS_LIMIT: f64 = f64::MAX / 4.0;

/// The decades a log axis may reach: 1e-300 to 1e300, so that each end is a normal, finite
/// `f64` (10^-324 is 0 and 10^309 is infinite).
const LOG_DECADES: (f64, f64) = (-300.0, 300.0);

/// The most decades one log axis spans (its upper ones where the values span more): the
/// ratio of its ends must stay finite, or plotters never finishes choosing ticks.
const LOG_SPAN: f64 = 300.0;

/// Range of `values` for an axis, padded; for a log axis, positive values only.
fn range(values: impl Iterator<Item = f64>, log: bool) -> Option<(f64, f64)> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite() && (!log || *v > 0.0)) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return None;
    }
    if log {
        // Whole decades, so a log axis always has labelled ticks.
        let decade = |v: f64| v.clamp(LOG_DECADES.0, LOG_DECADES.1);
        let top = decade(hi.log10().ceil());
        let lo = 10f64.powf(decade(lo.log10().floor()).max(top - LOG_SPAN));
        let mut hi_d = 10f64.powf(top);
        if hi_d <= lo {
            hi_d = lo * 10.0;
        }
        Some((lo, hi_d))
    } else {
        let (lo, hi) = (lo.max(-AXIS_LIMIT), hi.min(AXIS_LIMIT));
        if lo == hi {
            // One value: a unit either side, or a tenth of it where a unit is lost in it.
            let pad = if lo - 1.0 == lo { lo.abs() * 0.1 } else { 1.0 };
            return Some((lo - pad, hi + pad));
        }
        let pad = (hi - lo) * 0.05;
        Some((
            (lo - pad).min(if lo >= 0.0 { 0.0 } else { lo - pad }),
            hi + pad,
        ))
    }
}

/// `x` to three significant digits, without trailing zeros (`x` in 0.001..1000).
fn sig3(x: f64) -> String {
    let a = x.abs();
    let decimals = if a >= 100.0 {
        0
    } else if a >= 10.0 {
        1
    } else if a >= 1.0 {
        2
    } else {
        4
    };
    let s = format!("{x:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// The SI prefixes tick labels use above 1000.
const SI: [(f64, &str); 6] = [
    (1e18, "E"),
    (1e15, "P"),
    (1e12, "T"),
    (1e9, "G"),
    (1e6, "M"),
    (1e3, "k"),
];

/// A tick label with an SI prefix: `500`, `1k`, `2.5k`, `100k`, `1M`.
fn si_tick(v: f64) -> String {
    let a = v.abs();
    if a == 0.0 {
        return "0".to_string();
    }
    for (scale, prefix) in SI {
        if a >= scale {
            return format!("{}{prefix}", sig3(v / scale));
        }
    }
    if a < 1e-3 {
        return sci_tick(v);
    }
    sig3(v)
}

/// A tick label in scientific notation: `2.5e-5`.
fn sci_tick(v: f64) -> String {
    if v == 0.0 {
        return "0".to_string();
    }
    let s = format!("{v:.2e}");
    match s.split_once('e') {
        Some((m, e)) if m.contains('.') => {
            format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
        }
        _ => s,
    }
}

/// How an axis labels its ticks, one style for the whole axis: with SI prefixes (`100`,
/// `1k`, `10k`, `100k`), or in scientific notation where every value is below 0.01 or
/// past the prefixes (1e21).
#[derive(Clone, Copy)]
enum TickStyle {
    Si,
    Scientific,
}

impl TickStyle {
    fn of(r: &std::ops::Range<f64>) -> TickStyle {
        let hi = r.start.abs().max(r.end.abs());
        if !(1e-2..1e21).contains(&hi) {
            TickStyle::Scientific
        } else {
            TickStyle::Si
        }
    }

    fn label(self, v: &f64) -> String {
        match self {
            TickStyle::Si => si_tick(*v),
            TickStyle::Scientific => sci_tick(*v),
        }
    }
}

/// The labels of an axis over `r`.
fn ticks(r: std::ops::Range<f64>) -> impl Fn(&f64) -> String {
    let style = TickStyle::of(&r);
    move |v| style.label(v)
}

/// Whether `v` is a power of ten (within rounding).
fn is_decade(v: f64) -> bool {
    let l = v.log10();
    (l - l.round()).abs() < 1e-9
}

/// Whether `v` is 1, 2 or 5 times a power of ten (within rounding).
fn is_one_two_five(v: f64) -> bool {
    let m = v / 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().any(|t| (m - t).abs() < 1e-6)
}

/// An `f64` axis, linear or logarithmic as chosen at run time: every chart uses this one
/// coordinate type, so plotters' chart code is compiled once rather than once per
/// combination of axis kinds (which cost notebook users build time and the playground's WASM
/// module bytes).
enum Axis {
    Linear(RangedCoordf64),
    Log(LogCoord<f64>),
}

impl Axis {
    fn new(r: std::ops::Range<f64>, log: bool) -> Axis {
        if log {
            Axis::Log(r.log_scale().into())
        } else {
            Axis::Linear(r.into())
        }
    }

    fn linear(r: std::ops::Range<f64>) -> Axis {
        Axis::new(r, false)
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        match self {
            Axis::Linear(a) => a.map(value, limit),
            Axis::Log(a) => a.map(value, limit),
        }
    }

    /// plotters' ticks, each once (its log axis can give a decade twice), and on a log
    /// axis only the decades (over more than two) or 1-2-5 steps, so labels do not crowd.
    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        let mut points = match self {
            Axis::Linear(a) => a.key_points(hint),
            Axis::Log(a) => {
                let r = a.range();
                let decades = (r.end / r.start).log10();
                let keep: fn(f64) -> bool = if decades > 2.0 {
                    is_decade
                } else {
                    is_one_two_five
                };
                a.key_points(hint)
                    .into_iter()
                    .filter(|&v| keep(v))
                    .collect()
            }
        };
        points.sort_by(f64::total_cmp);
        points.dedup_by(|a, b| (*a - *b).abs() <= 1e-9 * a.abs().max(b.abs()));
        points
    }

    fn range(&self) -> std::ops::Range<f64> {
        match self {
            Axis::Linear(a) => a.range(),
            Axis::Log(a) => a.range(),
        }
    }
}

impl LineChart {
    /// The chart as an SVG document, or why it could not be drawn (no positive values on a
    /// log axis, for example).
    ///
    /// ```
    /// use cuda_library_notebook::chart::{LineChart, Series};
    /// let svg = LineChart {
    ///     title: "time vs size".into(),
    ///     x_label: "elements".into(),
    ///     y_label: "time (µs)".into(),
    ///     log_x: true,
    ///     log_y: true,
    ///     series: vec![Series { name: "saxpy".into(), points: vec![(1e3, 3.0), (1e6, 90.0)] }],
    ///     size: (640, 360),
    /// }
    /// .to_svg()
    /// .unwrap();
    /// assert!(svg.starts_with("<svg") && svg.contains("<polyline"));
    /// ```
    pub fn to_svg(&self) -> Result<String, String> {
        let (x0, x1) = range(
            self.series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| p.0)),
            self.log_x,
        )
        .ok_or_else(|| err("no points to plot"))?;
        let (y0, y1) = range(
            self.series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| p.1)),
            self.log_y,
        )
        .ok_or_else(|| err("no points to plot"))?;
        let mut out = String::new();
        {
            let root = Svg::with_string(&mut out, self.size).into_drawing_area();
            self.draw(
                &root,
                Axis::new(x0..x1, self.log_x),
                Axis::new(y0..y1, self.log_y),
            )?;
            root.present().map_err(err)?;
        }
        Ok(themed(
            out,
            &format!("{}: {} against {}", self.title, self.y_label, self.x_label),
        ))
    }

    fn draw(&self, root: &DrawingArea<Svg<'_>, Shift>, x: Axis, y: Axis) -> Result<(), String> {
        let (x_ticks, y_ticks) = (ticks(x.range()), ticks(y.range()));
        let mut chart = ChartBuilder::on(root)
            .caption(&self.title, ("sans-serif", 16).into_font().color(&BLACK))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(64)
            .build_cartesian_2d(x, y)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(&self.x_label)
            .y_desc(&self.y_label)
            .x_label_formatter(&x_ticks)
            .y_label_formatter(&y_ticks)
            .light_line_style(BLACK.mix(0.08))
            .bold_line_style(BLACK.mix(0.18))
            .axis_style(BLACK.mix(0.6))
            .label_style(("sans-serif", 12).into_font().color(&BLACK))
            .axis_desc_style(("sans-serif", 13).into_font().color(&BLACK))
            .draw()
            .map_err(err)?;
        for (i, s) in self.series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let pts: Vec<(f64, f64)> = s
                .points
                .iter()
                .copied()
                .filter(|(a, b)| a.is_finite() && b.is_finite())
                .collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(&s.name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            // Markers show where the samples are; past a few hundred they only blur the line.
            if pts.len() <= MARKERS_UP_TO {
                chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
                    .map_err(err)?;
            }
        }
        if self.series.len() > 1 {
            chart
                .configure_series_labels()
                .border_style(BLACK.mix(0.3))
                .label_font(("sans-serif", 12).into_font().color(&BLACK))
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(err)?;
        }
        Ok(())
    }
}

impl Histogram {
    /// The histogram as an SVG document.
    ///
    /// ```
    /// use cuda_library_notebook::chart::Histogram;
    /// let svg = Histogram {
    ///     title: "launch time".into(),
    ///     x_label: "µs".into(),
    ///     values: vec![2.5, 2.6, 2.6, 2.7, 3.9],
    ///     bins: 10,
    ///     size: (640, 320),
    /// }
    /// .to_svg()
    /// .unwrap();
    /// assert!(svg.contains("<rect"));
    /// ```
    pub fn to_svg(&self) -> Result<String, String> {
        let vals: Vec<f64> = self
            .values
            .iter()
            .copied()
            .filter(|v| v.is_finite())
            .collect();
        let (lo, hi) = range(vals.iter().copied(), false).ok_or_else(|| err("no samples"))?;
        let (lo, hi) = if vals.iter().all(|&v| v == vals[0]) {
            (lo, hi)
        } else {
            let within = |v: &f64| v.clamp(-AXIS_LIMIT, AXIS_LIMIT);
            let min = vals.iter().map(within).fold(f64::INFINITY, f64::min);
            let max = vals.iter().map(within).fold(f64::NEG_INFINITY, f64::max);
            let pad = (max - min) * 0.05;
            (min - pad, max + pad)
        };
        let bins = self.bins.clamp(1, 200);
        let width = (hi - lo) / bins as f64;
        let mut counts = vec![0u32; bins];
        for v in &vals {
            let b = (((v - lo) / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        let top = counts.iter().copied().max().unwrap_or(1) as f64 * 1.1;
        let mut out = String::new();
        {
            let root = Svg::with_string(&mut out, self.size).into_drawing_area();
            let mut chart = ChartBuilder::on(&root)
                .caption(&self.title, ("sans-serif", 16).into_font().color(&BLACK))
                .margin(12)
                .x_label_area_size(44)
                .y_label_area_size(56)
                .build_cartesian_2d(Axis::linear(lo..hi), Axis::linear(0.0..top))
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_desc(&self.x_label)
                .y_desc("samples")
                .x_label_formatter(&ticks(lo..hi))
                // Counts are whole numbers: label only the whole ticks.
                .y_label_formatter(&|v| {
                    if v.fract() == 0.0 {
                        format!("{v:.0}")
                    } else {
                        String::new()
                    }
                })
                .light_line_style(BLACK.mix(0.08))
                .bold_line_style(BLACK.mix(0.18))
                .axis_style(BLACK.mix(0.6))
                .label_style(("sans-serif", 12).into_font().color(&BLACK))
                .axis_desc_style(("sans-serif", 13).into_font().color(&BLACK))
                .draw()
                .map_err(err)?;
            let color = PALETTE[0];
            chart
                .draw_series(counts.iter().enumerate().map(|(i, &c)| {
                    let x0 = lo + i as f64 * width;
                    Rectangle::new(
                        [(x0, 0.0), (x0 + width, c as f64)],
                        color.mix(0.75).filled(),
                    )
                }))
                .map_err(err)?;
            root.present().map_err(err)?;
        }
        Ok(themed(
            out,
            &format!("{}: histogram of {}", self.title, self.x_label),
        ))
    }
}

/// Horizontal bars split into named parts, one bar per row on one scale: where a time goes,
/// and two or more of them side by side. Parts with the same name share a colour.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StackedBars {
    /// Title above the bars.
    pub title: String,
    /// Unit of the values (shown after each bar's total).
    pub unit: String,
    /// Each row: its label and its parts (name, value); non-positive parts are skipped.
    pub rows: Vec<(String, Vec<(String, f64)>)>,
    /// Width in pixels.
    pub width: u32,
    /// Parts drawn in grey (a fixed cost, say), so the others stand out.
    pub muted: Vec<String>,
}

impl StackedBars {
    /// The bars as an SVG element (hand-drawn: rectangles, text in `currentColor`).
    pub fn to_svg(&self) -> Result<String, String> {
        use std::fmt::Write;
        if self.rows.is_empty() {
            return Err(format!("`{}` has no bars to draw", self.title));
        }
        let total = |parts: &[(String, f64)]| -> f64 { parts.iter().map(|p| p.1.max(0.0)).sum() };
        let longest = self.rows.iter().map(|r| total(&r.1)).fold(0.0f64, f64::max);
        if !(longest > 0.0 && longest.is_finite()) {
            return Err(format!("`{}` has nothing to draw", self.title));
        }
        // Legend: every part name once, in first-seen order.
        let mut names: Vec<&str> = Vec::new();
        for (_, parts) in &self.rows {
            for (name, v) in parts {
                if *v > 0.0 && !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        // Colours by a part's place among every part the rows name, zero or not, so that
        // charts of the same parts give each the same colour ("memory" is not orange in one
        // chart and blue in the next because the first had no "compute").
        let mut every: Vec<&str> = Vec::new();
        for (_, parts) in &self.rows {
            for (name, _) in parts {
                if !every.contains(&name.as_str()) && !self.muted.iter().any(|m| m == name) {
                    every.push(name);
                }
            }
        }
        let colour = |name: &str| {
            if self.muted.iter().any(|m| m == name) {
                return "#969696".to_string();
            }
            let i = every.iter().position(|n| *n == name).unwrap_or(0);
            let RGBColor(r, g, b) = PALETTE[i % PALETTE.len()];
            format!("#{r:02x}{g:02x}{b:02x}")
        };
        let label_w = self
            .rows
            .iter()
            .map(|r| r.0.chars().count())
            .max()
            .unwrap_or(0)
            .min(40) as f64
            * 7.0
            + 12.0;
        let width = self.width.max(320) as f64;
        let bar_w = (width - label_w - 90.0).max(40.0);
        let (top, row_h, bar_h) = (28.0, 30.0, 20.0);
        let legend_y = top + row_h * self.rows.len() as f64 + 10.0;
        let height = legend_y + 22.0;
        let width = width.max(label_w + bar_w + 90.0);
        let mut s = String::new();
        let esc = crate::html::escape;
        // Text in the page's colour (light and dark themes); attributes on each element,
        // where the playground's filter keeps them.
        const TEXT: &str = "font-family=\"sans-serif\" fill=\"currentColor\"";
        let _ = write!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\"><text x=\"0\" y=\"16\" {TEXT} \
             font-size=\"14\">{}</text>",
            esc(&self.title)
        );
        for (i, (label, parts)) in self.rows.iter().enumerate() {
            let y = top + row_h * i as f64;
            let short: String = label.chars().take(40).collect();
            let _ = write!(
                s,
                "<text x=\"0\" y=\"{:.1}\" {TEXT} font-size=\"12\">{}</text>",
                y + bar_h * 0.72,
                esc(&short)
            );
            let mut x = label_w;
            for (name, v) in parts.iter().filter(|p| p.1 > 0.0) {
                let w = v / longest * bar_w;
                let _ = write!(
                    s,
                    "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{bar_h}\" \
                     fill=\"{}\"/>",
                    colour(name),
                );
                x += w;
            }
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" {TEXT} font-size=\"12\">{} {}</text>",
                x + 6.0,
                y + bar_h * 0.72,
                crate::stats::three_digits(total(parts)),
                esc(&self.unit)
            );
        }
        let mut x = label_w;
        for name in &names {
            let _ = write!(
                s,
                "<rect x=\"{x:.1}\" y=\"{legend_y:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/>\
                 <text x=\"{:.1}\" y=\"{:.1}\" {TEXT} font-size=\"12\">{}</text>",
                colour(name),
                x + 16.0,
                legend_y + 10.5,
                esc(name)
            );
            x += 16.0 + name.chars().count() as f64 * 7.0 + 14.0;
        }
        s.push_str("</svg>");
        let label = format!(
            "{}: {} bars of {}",
            self.title,
            self.rows.len(),
            names.join(", ")
        );
        Ok(labelled(&s, &label))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws `chart` on another thread: an answer (a chart or why not) within the time, or
    /// the test fails (plotters never finishes choosing ticks for some ranges).
    fn answers(what: &str, chart: impl FnOnce() -> Result<String, String> + Send + 'static) {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(chart().map(|svg| svg.len())));
        let r = rx.recv_timeout(std::time::Duration::from_secs(60));
        assert!(r.is_ok(), "{what}: no answer within 60 s");
    }

    fn line(points: Vec<(f64, f64)>, log: bool) -> LineChart {
        LineChart {
            title: "extremes".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            log_x: log,
            log_y: log,
            series: vec![Series {
                name: "s".into(),
                points,
            }],
            size: (320, 200),
        }
    }

    #[test]
    fn values_at_the_ends_of_f64_are_drawn_or_refused() {
        let tiny = f64::from_bits(1); // 5e-324, the smallest subnormal
        let cases: Vec<(&str, Vec<(f64, f64)>)> = vec![
            ("subnormal", vec![(tiny, tiny * 1000.0)]),
            ("subnormal to huge", vec![(tiny, 1.0), (f64::MAX, f64::MAX)]),
            ("huge", vec![(f64::MAX, f64::MAX), (f64::MAX / 2.0, 1.0)]),
            (
                "both signs",
                vec![(-f64::MAX, -f64::MAX), (f64::MAX, f64::MAX)],
            ),
        ];
        for (what, points) in cases {
            for log in [true, false] {
                let chart = line(points.clone(), log);
                answers(&format!("{what} line log {log}"), move || chart.to_svg());
            }
            let values: Vec<f64> = points.iter().flat_map(|p| [p.0, p.1]).collect();
            let h = Histogram {
                title: what.into(),
                x_label: "v".into(),
                values: values.clone(),
                bins: 10,
                size: (320, 200),
            };
            answers(&format!("{what} histogram"), move || h.to_svg());
            let m = Heatmap {
                title: what.into(),
                values,
                width: 2,
                size: (320, 200),
            };
            answers(&format!("{what} heatmap"), move || m.to_svg());
        }
    }

    #[test]
    fn log_axes_span_normal_decades() {
        let tiny = f64::from_bits(1);
        let (lo, hi) = range([tiny, f64::MAX].into_iter(), true).unwrap();
        assert!(
            lo > 0.0 && lo.is_normal() && (hi / lo).is_finite(),
            "{lo} {hi}"
        );
        let (lo, hi) = range([-f64::MAX, f64::MAX].into_iter(), false).unwrap();
        assert!(lo.is_finite() && hi.is_finite() && (hi - lo).is_finite());
        // Ordinary values keep the axes they had.
        assert_eq!(range([3.0, 30.0].into_iter(), true), Some((1.0, 100.0)));
        assert_eq!(range([5.0].into_iter(), false), Some((4.0, 6.0)));
    }

    /// The labels of the `<text>` elements at the left of the plot (the y ticks) and along
    /// its bottom (the x ticks), from plotters' SVG.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                Some(
                    t.split_once('>')?
                        .1
                        .split_once("</text>")?
                        .0
                        .trim()
                        .to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn ticks_use_one_style_per_axis_and_appear_once() {
        assert_eq!(si_tick(100.0), "100");
        assert_eq!(si_tick(1000.0), "1k");
        assert_eq!(si_tick(2500.0), "2.5k");
        assert_eq!(si_tick(1e5), "100k");
        assert_eq!(si_tick(1e6), "1M");
        assert_eq!(sci_tick(2.5e-5), "2.5e-5");
        let r = 0.0..4e-5;
        assert_eq!(
            ticks(r)(&2e-5),
            "2e-5",
            "a tiny axis is scientific throughout"
        );
        let mut chart = line(vec![(100.0, 1.0), (1e7, 9.0)], true);
        chart.title = "t".into();
        let svg = chart.to_svg().unwrap();
        let labels = texts(&svg);
        for want in ["100", "1k", "10k", "100k", "1M", "10M"] {
            assert_eq!(
                labels.iter().filter(|l| *l == want).count(),
                1,
                "{want} in {labels:?}"
            );
        }
        assert!(!labels.iter().any(|l| l.contains('e')), "{labels:?}");
        assert_eq!(
            labels.iter().filter(|l| *l == "10").count(),
            1,
            "top y tick once: {labels:?}"
        );
        assert!(svg.starts_with("<svg role=\"img\" aria-label=\"t: y against x\""));
        assert!(svg.contains("<title>t: y against x</title>"));
    }
}
