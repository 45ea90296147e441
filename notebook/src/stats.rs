//! Summary statistics of timing samples.

/// Minimum, median, mean, 95th percentile, maximum and standard deviation of samples.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Summary {
    /// Number of samples.
    pub n: usize,
    /// Smallest sample.
    pub min: f64,
    /// Median (the mean of the two middle samples for an even count).
    pub median: f64,
    /// Arithmetic mean.
    pub mean: f64,
    /// 95th percentile (nearest rank).
    pub p95: f64,
    /// Largest sample.
    pub max: f64,
    /// Standard deviation (population).
    pub stddev: f64,
}

impl Summary {
    /// Summarises `samples`, ignoring NaNs; `None` when none is left.
    ///
    /// ```
    /// let s = cuda_library_notebook::stats::Summary::of(&[4.0, 1.0, 3.0, 2.0]).unwrap();
    /// assert_eq!((s.min, s.median, s.mean, s.max), (1.0, 2.5, 2.5, 4.0));
    /// assert_eq!(s.p95, 4.0);
    /// ```
    pub fn of(samples: &[f64]) -> Option<Summary> {
        let mut v: Vec<f64> = samples.iter().copied().filter(|x| !x.is_nan()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        let mean = v.iter().sum::<f64>() / n as f64;
        let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
        // Nearest rank: the smallest sample with at least 95% of samples at or below it.
        let rank = ((0.95 * n as f64).ceil() as usize).clamp(1, n);
        Some(Summary {
            n,
            min: v[0],
            median,
            mean,
            p95: v[rank - 1],
            max: v[n - 1],
            stddev: var.sqrt(),
        })
    }
}

/// A duration in seconds written with a fitting unit: `1.23 µs`, `45.6 ms`.
///
/// ```
/// use cuda_library_notebook::stats::format_seconds;
/// assert_eq!(format_seconds(2.5e-6), "2.50 µs");
/// assert_eq!(format_seconds(0.0123), "12.3 ms");
/// ```
pub fn format_seconds(s: f64) -> String {
    let (v, unit) = if s.abs() >= 1.0 {
        (s, "s")
    } else if s.abs() >= 1e-3 {
        (s * 1e3, "ms")
    } else if s.abs() >= 1e-6 {
        (s * 1e6, "µs")
    } else {
        (s * 1e9, "ns")
    };
    format!("{} {unit}", three_digits(v))
}

/// A number with three significant digits (`123`, `12.3`, `1.23`).
pub fn three_digits(v: f64) -> String {
    let a = v.abs();
    if a >= 100.0 || a == 0.0 {
        format!("{v:.0}")
    } else if a >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// A rate with an SI prefix: `12.3 GB/s` for `rate_si(12.3e9, "B/s")`.
///
/// ```
/// assert_eq!(cuda_library_notebook::stats::rate_si(12.3e9, "B/s"), "12.3 GB/s");
/// ```
pub fn rate_si(v: f64, unit: &str) -> String {
    let prefixes = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (scale, p) in prefixes {
        if v.abs() >= scale {
            return format!("{} {p}{unit}", three_digits(v / scale));
        }
    }
    format!("{} {unit}", three_digits(v))
}
