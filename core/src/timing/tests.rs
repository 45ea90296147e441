//! Run counts past the bound, closures that fail and samples no clock gives: each ends in a
//! result or a typed error, never a panic or an allocation sized by the caller's number.

use super::*;
use crate::device::Device;

fn refused(r: Result<Timings>) -> String {
    match r {
        Err(Error::InvalidArgument(m)) => m,
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

#[test]
fn host_run_counts_past_the_bound_are_refused_before_anything_runs() {
    for runs in [0, MAX_RUNS + 1, 1 << 40, usize::MAX] {
        let mut called = false;
        let m = refused(time_host(runs, || {
            called = true;
            Ok(())
        }));
        assert!(!called, "{runs} runs: the closure ran");
        if runs > 0 {
            assert!(
                m.contains("MAX_RUNS") && m.contains(&runs.to_string()),
                "{m}"
            );
        }
    }
    assert_eq!(time_host(1, || Ok(())).unwrap().samples_ms.len(), 1);
}

#[test]
fn launch_run_and_warmup_counts_past_the_bound_are_refused() {
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let stream = ctx.create_stream().unwrap();
    for (runs, warmup) in [
        (0, 0),
        (usize::MAX, 0),
        (1 << 40, 1),
        (1, usize::MAX),
        (MAX_RUNS + 1, 0),
        (1, MAX_RUNS + 1),
    ] {
        let mut called = false;
        refused(time_launches(&stream, runs, warmup, || {
            called = true;
            Ok(())
        }));
        assert!(!called, "runs {runs}, warmup {warmup}: the closure ran");
    }
    let t = time_launches(&stream, 2, 1, || Ok(())).unwrap();
    assert_eq!(t.samples_ms.len(), 2);
}

#[test]
fn the_first_error_of_the_closure_ends_the_timing() {
    let mut calls = 0;
    let r = time_host(MAX_RUNS, || {
        calls += 1;
        if calls == 3 {
            Err(Error::InvalidArgument("stop".into()))
        } else {
            Ok(())
        }
    });
    assert!(matches!(r, Err(Error::InvalidArgument(m)) if m == "stop"));
    assert_eq!(calls, 3);
}

#[test]
fn samples_no_clock_gives_summarise_or_are_refused() {
    let odd = [
        vec![],
        vec![f64::NAN],
        vec![f64::INFINITY, f64::NEG_INFINITY],
        vec![f64::MAX, -f64::MAX, 0.0],
        vec![f64::MIN_POSITIVE, 1e-300, 5e-324],
        vec![1.0, f64::NAN, f64::INFINITY, 2.0],
    ];
    for samples in odd {
        let t = Timings {
            label: "odd".into(),
            samples_ms: samples.clone(),
            clock: "host clock".into(),
            simulated: false,
        };
        // A summary where a sample is not NaN; a view where one is finite.
        let summary = t.summary();
        assert_eq!(summary.is_ok(), samples.iter().any(|v| !v.is_nan()));
        let drawn = t.to_html();
        assert_eq!(
            drawn.is_ok(),
            samples.iter().any(|v| v.is_finite()),
            "{samples:?}"
        );
        let mut sweep = Sweep::new("odd");
        sweep.add(f64::NAN, &t, Some(f64::INFINITY));
        sweep.add(-1e300, &t, Some(-0.0));
        sweep.add(1e300, &t, None);
        let _ = sweep.to_html();
        for p in &sweep.points {
            let _ = p.bandwidth();
        }
    }
}
