//! Device data as pictures: [`DeviceBuffer`], [`Global`] and [`Managed`] contents as a line
//! chart, a histogram or a heatmap ([`DataPlot`]), in a notebook cell or as SVG/HTML
//! anywhere else (the playground shows the same SVG).
//!
//! Large arrays are reduced before drawing, and the plot says how: a line chart keeps the
//! smallest and largest value of each run of consecutive elements (spikes survive), a
//! heatmap averages blocks of elements. Values that are not finite (NaN, infinities) are
//! left out and counted in the note.

use cuda_library_notebook::chart::{downsample, Heatmap, Histogram, LineChart, Series};
use cuda_library_notebook::html::{document, escape};

use super::chart_box;
use crate::error::{Error, Result};
use crate::global::{Global, Managed};
use crate::memory::{DeviceBuffer, DeviceRepr};

mod sealed {
    pub trait Sealed {}
}

/// Element types a [`DataPlot`] can show: the primitive integers and floats.
pub trait PlotValue: DeviceRepr + Default + sealed::Sealed {
    /// The value as an `f64` (64-bit integers beyond 2^53 lose their low bits).
    fn to_f64(self) -> f64;
}

macro_rules! plot_value {
    ($($t:ty),*) => { $(
        impl sealed::Sealed for $t {}
        impl PlotValue for $t {
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )* };
}
plot_value!(u8, i8, u16, i16, u32, i32, u64, i64, usize, isize, f32, f64);

/// Points a line chart draws at most; longer arrays are reduced to this many.
pub const LINE_POINTS: usize = 1000;

/// A picture of device data: its title, an SVG chart and a note on what was drawn.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// # cuda_library::use_backend(cuda_library::BackendKind::Sim)?;
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let wave: Vec<f32> = (0..4096).map(|i| (i as f32 / 100.0).sin()).collect();
/// let x = ctx.htod(&wave)?;
/// let plot = x.plot()?;                        // a line chart, sampled to 1000 points
/// assert!(plot.to_svg().starts_with("<svg"));
/// assert!(plot.note().contains("4096 values"));
/// let h = x.histogram()?;                      // how the values are distributed
/// let m = x.heatmap(64)?;                      // 64 elements to a row
/// assert!(m.to_html().contains("<svg"));
/// # let _ = h;
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct DataPlot {
    title: String,
    note: String,
    svg: String,
}

impl DataPlot {
    /// What is plotted (`buffer f32[4096]`, `global table as f32`).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// How many values there were and how they were drawn.
    pub fn note(&self) -> &str {
        &self.note
    }

    /// The chart as an SVG document (text in `currentColor`, so it follows the page's theme).
    pub fn to_svg(&self) -> &str {
        &self.svg
    }

    /// The chart and its note as one self-contained HTML document.
    pub fn to_html(&self) -> String {
        document(&self.parts())
    }

    fn parts(&self) -> Vec<String> {
        vec![
            chart_box(&self.svg),
            format!("<div class=\"note\">{}</div>", escape(&self.note)),
        ]
    }

    /// A line chart of host values against their index (what [`DeviceBuffer::plot`] draws
    /// after copying the buffer), sampled to [`LINE_POINTS`] when longer.
    ///
    /// ```
    /// let p = cuda_library::DataPlot::line("squares", &[0u32, 1, 4, 9, 16])?;
    /// assert_eq!(p.note(), "5 values");
    /// # Ok::<(), cuda_library::Error>(())
    /// ```
    pub fn line<T: PlotValue>(title: impl Into<String>, values: &[T]) -> Result<DataPlot> {
        Self::of(title.into(), values, Kind::Line)
    }

    /// A histogram of host values.
    pub fn histogram<T: PlotValue>(title: impl Into<String>, values: &[T]) -> Result<DataPlot> {
        Self::of(title.into(), values, Kind::Histogram)
    }

    /// Host values, `width` to a row, as a heatmap (row 0 at the top).
    pub fn heatmap<T: PlotValue>(
        title: impl Into<String>,
        values: &[T],
        width: usize,
    ) -> Result<DataPlot> {
        Self::of(title.into(), values, Kind::Heatmap(width))
    }

    fn of<T: PlotValue>(title: String, values: &[T], kind: Kind) -> Result<DataPlot> {
        let v: Vec<f64> = values.iter().map(|x| x.to_f64()).collect();
        draw(title, type_name::<T>(), &v, kind)
    }

    /// Shows the chart in a notebook cell.
    pub fn evcxr_display(&self) {
        cuda_library_notebook::evcxr::show_html(
            &cuda_library_notebook::html::cell_document(&self.parts()),
            &format!("{}: {}", self.title, self.note),
        );
    }
}

/// `f32` for `f32` (the type's name without its path).
pub(super) fn type_name<T>() -> &'static str {
    let ty = std::any::type_name::<T>();
    ty.rsplit("::").next().unwrap_or(ty)
}

/// `f32[1024]` for a buffer of 1024 `f32`.
pub(super) fn buffer_name<T>(len: usize) -> String {
    format!("{}[{len}]", type_name::<T>())
}

/// Which chart.
#[derive(Clone, Copy)]
enum Kind {
    Line,
    Histogram,
    Heatmap(usize),
}

/// " (3 not finite, left out)" or "".
fn not_finite(values: &[f64]) -> String {
    match values.iter().filter(|v| !v.is_finite()).count() {
        0 => String::new(),
        n => format!("; {n} not finite (NaN or infinite), left out"),
    }
}

/// Draws `values` (elements of type `ty`) as `kind`.
fn draw(title: String, ty: &str, values: &[f64], kind: Kind) -> Result<DataPlot> {
    let n = values.len();
    if values.iter().all(|v| !v.is_finite()) {
        return Err(Error::InvalidArgument(format!(
            "nothing to plot: {title} has {}",
            if n == 0 {
                "no elements".to_string()
            } else {
                format!("no finite values among its {n}")
            }
        )));
    }
    let skipped = not_finite(values);
    let (svg, note) = match kind {
        Kind::Line => {
            let points = downsample(values, LINE_POINTS);
            let how = if n > LINE_POINTS {
                format!(
                    "; drawn as {} points, the smallest and largest value of each of {} runs of \
                     consecutive elements",
                    points.len(),
                    LINE_POINTS / 2
                )
            } else {
                String::new()
            };
            let svg = LineChart {
                title: title.clone(),
                x_label: "index".into(),
                y_label: ty.to_string(),
                log_x: false,
                log_y: false,
                series: vec![Series {
                    name: title.clone(),
                    points,
                }],
                size: (720, 320),
            }
            .to_svg();
            (svg, format!("{n} values{skipped}{how}"))
        }
        Kind::Histogram => {
            let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
            // About the square root of the count, within [8, 64].
            let bins = (finite.len() as f64).sqrt().round().clamp(8.0, 64.0) as usize;
            let svg = Histogram {
                title: title.clone(),
                x_label: format!("value ({ty})"),
                values: finite,
                bins,
                size: (720, 320),
            }
            .to_svg();
            (svg, format!("{n} values in {bins} bins{skipped}"))
        }
        Kind::Heatmap(width) => {
            if width == 0 || width > n {
                return Err(Error::InvalidArgument(format!(
                    "a heatmap of {title} needs a row width between 1 and its {n} elements, \
                     not {width}"
                )));
            }
            let rows = n.div_ceil(width);
            let map = Heatmap {
                title: title.clone(),
                values: values.to_vec(),
                width,
                size: (720, 480),
            };
            let (bw, bh) = (
                width.div_ceil(Heatmap::MAX_CELLS),
                rows.div_ceil(Heatmap::MAX_CELLS),
            );
            let mut note = format!("{n} values as {rows} rows of {width}");
            if n % width != 0 {
                note.push_str(&format!(" (the last row has {})", n % width));
            }
            if bw > 1 || bh > 1 {
                note.push_str(&format!(
                    "; each cell is the mean of a block of {bw} x {bh} elements"
                ));
            }
            note.push_str(&skipped);
            (map.to_svg(), note)
        }
    };
    Ok(DataPlot {
        title,
        note,
        svg: svg.map_err(Error::InvalidArgument)?,
    })
}

impl<T: PlotValue> DeviceBuffer<T> {
    fn plot_as(&self, kind: Kind) -> Result<DataPlot> {
        let values: Vec<f64> = self.to_vec()?.into_iter().map(T::to_f64).collect();
        let title = format!("buffer {}", buffer_name::<T>(self.len()));
        draw(title, type_name::<T>(), &values, kind)
    }

    /// The buffer's current contents as a line chart of value against index (sampled to
    /// [`LINE_POINTS`] points when longer, keeping each run's smallest and largest value).
    pub fn plot(&self) -> Result<DataPlot> {
        self.plot_as(Kind::Line)
    }

    /// A histogram of the buffer's current values.
    pub fn histogram(&self) -> Result<DataPlot> {
        self.plot_as(Kind::Histogram)
    }

    /// The buffer as a 2-D array of `width` elements to a row, drawn as a heatmap (row 0 at
    /// the top; blocks averaged when larger than 128 cells a side).
    pub fn heatmap(&self, width: usize) -> Result<DataPlot> {
        self.plot_as(Kind::Heatmap(width))
    }
}

/// The variable methods: the same three pictures, with the element type named because a
/// variable's bytes have none.
macro_rules! variable_plots {
    ($ty:ty, $kind:literal) => {
        impl $ty {
            fn plot_as<T: PlotValue>(&self, kind: Kind) -> Result<DataPlot> {
                let title = format!("{} {} as {}", $kind, self.name(), type_name::<T>());
                let values: Vec<f64> = self.read_vec::<T>()?.into_iter().map(T::to_f64).collect();
                draw(title, type_name::<T>(), &values, kind)
            }

            /// The variable's current contents read as elements of `T`, as a line chart
            /// (`var.plot::<f32>()`); sampled when longer than [`LINE_POINTS`].
            pub fn plot<T: PlotValue>(&self) -> Result<DataPlot> {
                self.plot_as::<T>(Kind::Line)
            }

            /// A histogram of the variable's elements read as `T`.
            pub fn histogram<T: PlotValue>(&self) -> Result<DataPlot> {
                self.plot_as::<T>(Kind::Histogram)
            }

            /// The variable's elements read as `T`, `width` to a row, as a heatmap.
            pub fn heatmap<T: PlotValue>(&self, width: usize) -> Result<DataPlot> {
                self.plot_as::<T>(Kind::Heatmap(width))
            }
        }
    };
}
variable_plots!(Global, "global");
variable_plots!(Managed, "managed");
