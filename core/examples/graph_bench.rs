//! Benchmark: a 100-kernel CUDA graph replayed against the same 100 kernels launched one by
//! one on a stream, on one GPU in one run (`scripts/graph_bench.py` measures cuda.core's
//! graph launch the same way, for the comparison in the graphs guide).
//!
//! `cargo run --release --example graph_bench [-- path/to/kernels.ptx]`
//!
//! Each round times, for each way, a batch of 100 launches of the fixture's `empty` kernel:
//! the host time to queue it ("enqueue") and the time until the stream has run it
//! ("end to end": queue, then synchronize). Rounds alternate which way goes first; the
//! medians over rounds are printed per kernel, with one JSON line for scripts. On the
//! simulator the figures are the simulator's own speed (PTX executed in software), not a
//! GPU's.

use std::time::Instant;

use cuda_library::{launch, CaptureMode, Device, LaunchConfig, Library, Stream};

const KERNELS: usize = 100;
const ROUNDS: usize = 31;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// (enqueue, end to end) seconds of one batch run by `queue`.
fn batch(stream: &Stream, queue: &mut dyn FnMut() -> cuda_library::Result<()>) -> (f64, f64) {
    stream.synchronize().unwrap();
    let t = Instant::now();
    queue().unwrap();
    let enqueue = t.elapsed().as_secs_f64();
    stream.synchronize().unwrap();
    (enqueue, t.elapsed().as_secs_f64())
}

fn main() -> cuda_library::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx").to_string()
    });
    let info = cuda_library::backend()?;
    let dev = Device::new(0)?;
    let ctx = dev.set_current()?;
    let lib = Library::load_file(&path, &Default::default())?;
    let empty = lib.get_kernel("empty")?;
    let stream = ctx.create_stream()?;
    let cfg = LaunchConfig::new(1, 32);

    let mut launches = || -> cuda_library::Result<()> {
        for _ in 0..KERNELS {
            launch!(empty, &stream, &cfg)?;
        }
        Ok(())
    };
    let builder = stream.begin_capture(CaptureMode::Global)?;
    for _ in 0..KERNELS {
        launch!(empty, &stream, &cfg)?;
    }
    let graph = builder.complete()?;
    graph.upload(&stream)?;
    let mut replay = || graph.launch(&stream);

    // Warm up both ways.
    for _ in 0..3 {
        batch(&stream, &mut launches);
        batch(&stream, &mut replay);
    }
    let (mut se, mut st, mut ge, mut gt) = (vec![], vec![], vec![], vec![]);
    for round in 0..ROUNDS {
        let (s, g) = if round % 2 == 0 {
            let s = batch(&stream, &mut launches);
            (s, batch(&stream, &mut replay))
        } else {
            let g = batch(&stream, &mut replay);
            (batch(&stream, &mut launches), g)
        };
        se.push(s.0);
        st.push(s.1);
        ge.push(g.0);
        gt.push(g.1);
    }
    let us = |v: Vec<f64>| median(v) * 1e6 / KERNELS as f64;
    let (se, st, ge, gt) = (us(se), us(st), us(ge), us(gt));
    println!("{} on {}", info.runs_on(), dev.name()?);
    println!("{KERNELS} empty kernels, median of {ROUNDS} rounds, µs per kernel:");
    println!("  {:<28} {:>10} {:>12}", "", "enqueue", "end to end");
    println!(
        "  {:<28} {se:>10.3} {st:>12.3}",
        "stream launches (launch!)"
    );
    println!(
        "  {:<28} {ge:>10.3} {gt:>12.3}",
        "graph replay (Graph::launch)"
    );
    println!(
        "  graph replay is {:.1}x faster end to end, {:.1}x cheaper to enqueue",
        st / gt,
        se / ge
    );
    println!(
        "{{\"bench\":\"graph\",\"side\":\"rust\",\"device\":{:?},\"kernels\":{KERNELS},\"rounds\":{ROUNDS},\
         \"stream_enqueue_us\":{se:.4},\"stream_total_us\":{st:.4},\"graph_enqueue_us\":{ge:.4},\"graph_total_us\":{gt:.4}}}",
        dev.name()?
    );
    Ok(())
}
