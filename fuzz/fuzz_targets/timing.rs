//! Any numbers through the timing API (`cuda_library::timing`), as a user's program or the
//! playground would pass them: run and warm-up counts from 0 to `usize::MAX` to
//! `time_host` and to `time_launches` on a simulated stream, closures that fail part way,
//! and samples no clock gives (NaN, infinities, subnormals, ±f64::MAX) through the
//! statistics, a sweep and their HTML and SVG views. Errors are fine; panics, hangs and
//! allocations sized by the caller's number are not.
#![no_main]

use cuda_library::timing::{self, Sweep, Timings};
use cuda_library::{BackendKind, Device, Error};
use libfuzzer_sys::fuzz_target;

/// The `i`-th little-endian 8-byte word of `data` (0 past its end).
fn word(data: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    if let Some(b) = data.get(i * 8..) {
        let n = b.len().min(8);
        w[..n].copy_from_slice(&b[..n]);
    }
    u64::from_le_bytes(w)
}

/// A count that is often near a bound: small, near `MAX_RUNS`, or any `usize`.
fn count(w: u64) -> usize {
    match w % 4 {
        0 => (w >> 2) as usize % 8,
        1 => timing::MAX_RUNS.wrapping_add(((w >> 2) % 5) as usize).wrapping_sub(2),
        _ => (w >> 2) as usize,
    }
}

/// A closure that fails at its `fail_at`-th call, so no input runs a million launches.
fn failing(fail_at: u64) -> impl FnMut() -> cuda_library::Result<()> {
    let mut calls = 0u64;
    move || {
        calls += 1;
        if calls > fail_at {
            Err(Error::InvalidArgument("stop".to_string()))
        } else {
            Ok(())
        }
    }
}

fuzz_target!(|data: &[u8]| {
    static SIM: std::sync::Once = std::sync::Once::new();
    SIM.call_once(|| {
        let _ = cuda_library::use_backend(BackendKind::Sim);
    });
    let (runs, warmup, fail_at) = (count(word(data, 0)), count(word(data, 1)), word(data, 2) % 64);
    let _ = timing::time_host(runs, failing(fail_at));
    if let Ok(ctx) = Device::new(0).and_then(|d| d.set_current()) {
        if let Ok(stream) = ctx.create_stream() {
            let _ = timing::time_launches(&stream, runs, warmup, failing(fail_at));
        }
    }

    let samples: Vec<f64> = data
        .get(24..)
        .unwrap_or_default()
        .chunks_exact(8)
        .take(4096)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    let t = Timings {
        label: "fuzz".to_string(),
        samples_ms: samples.clone(),
        clock: "host clock".to_string(),
        simulated: data.first().is_some_and(|b| b & 1 == 1),
    };
    let _ = t.summary();
    let _ = t.to_html();
    let mut sweep = Sweep::new("fuzz");
    for (i, size) in samples.iter().take(16).enumerate() {
        let bytes = samples.get(i + 16).copied();
        sweep.add(*size, &t, bytes);
    }
    let _ = sweep.to_html();
});
