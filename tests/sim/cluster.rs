//! The cases of `tests/common/cluster.rs` (thread-block clusters, their special registers,
//! distributed shared memory, cooperative grid sync and its occupancy limit) on the
//! simulator against what the GPU computed (`tests/fixtures/cluster.gpu.json`, recorded by
//! `tests/gpu/cluster.rs`). Bit for bit.

use crate::common::cluster;

use cuda_library::{sim, BackendKind, Device};

#[test]
fn simulator_matches_the_gpu_on_clusters_and_grid_sync() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/cluster.gpu.json")).unwrap();
    let results = cluster::run_all(&ctx);
    assert!(results.len() >= 20, "{} cases", results.len());
    let mut bad = Vec::new();
    for (name, got) in &results {
        let Some(want) = recorded["outputs"][name].as_str() else {
            bad.push(format!("{name}: no GPU record (here: {})", short(got)));
            continue;
        };
        if got != want {
            let at = got
                .bytes()
                .zip(want.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            bad.push(format!(
                "{name}: differs from byte {}:\n  here {}\n  GPU  {}",
                at / 2,
                short(got.get(at..).unwrap_or("")),
                short(want.get(at..).unwrap_or(""))
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} cases differ:\n{}",
        bad.len(),
        results.len(),
        bad.join("\n")
    );
}

fn short(s: &str) -> &str {
    s.get(..160).unwrap_or(s)
}

/// Runs kernel `k()` (body `body`, one `.u64 out` parameter, 4 bytes of output) on the
/// engine in `grid` blocks of `threads` as `co` says; the output word or the error.
fn run(body: &str, grid: u32, threads: u32, co: sim::Coschedule) -> cuda_library::Result<u32> {
    let text = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 out) {{ \
         .shared .align 4 .b8 sm[64]; .reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .pred %p<4>; \
         ld.param.u64 %rd1, [out]; {body} ret; }}"
    );
    let mut mem = sim::Memory::new();
    let module = sim::load_ptx(&text, &mut mem)?;
    let out = mem.alloc(4, 256)?;
    let params = sim::pack_params(&module, "k", &[&out.to_le_bytes()])?;
    let dims = sim::Dims {
        grid: [grid, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch_coscheduled(
        &module,
        &mut mem,
        ("k", dims, co),
        &params,
        sim::DEFAULT_BUDGET,
    )?;
    let mut bytes = [0u8; 4];
    mem.read(out, &mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

fn clusters_of(n: u32) -> sim::Coschedule {
    sim::Coschedule {
        cluster: Some([n, 1, 1]),
        cooperative: false,
    }
}

#[test]
fn an_address_outside_the_cluster_faults_and_says_so() {
    // mapa to rank 2 of a cluster of 2.
    let e = run(
        "mov.u32 %r1, sm; mapa.shared::cluster.u32 %r2, %r1, 2;",
        2,
        32,
        clusters_of(2),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("mapa to block rank 2 of a cluster of 2"),
        "{e}"
    );
    // A shared::cluster address naming rank 5 (made by hand), and one past the block's
    // shared memory in another block.
    let e = run(
        "mov.u32 %r1, 0x06000000; ld.shared::cluster.u32 %r2, [%r1];",
        2,
        32,
        clusters_of(2),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("names block rank 5 of a cluster of 2"),
        "{e}"
    );
    let e = run(
        "mov.u32 %r1, sm; mapa.shared::cluster.u32 %r2, %r1, 1; \
         barrier.cluster.arrive; barrier.cluster.wait; ld.shared::cluster.u32 %r3, [%r2+64];",
        2,
        32,
        clusters_of(2),
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("outside") && text.contains("block rank 1"),
        "{text}"
    );
}

#[test]
fn a_cluster_barrier_a_thread_never_reaches_is_a_deadlock() {
    // In rank 0, warp 1 waits at a barrier for warp 0, which waits for the cluster: warp 1
    // never arrives at the cluster barrier.
    let body = "mov.u32 %r1, %tid.x; mov.u32 %r2, %cluster_ctarank; \
         setp.ge.u32 %p1, %r1, 32; setp.eq.u32 %p2, %r2, 0; and.pred %p3, %p1, %p2; \
         @%p3 bra LATE; barrier.cluster.arrive; barrier.cluster.wait; bar.sync 1, 64; ret; \
         LATE: bar.sync 1, 64; barrier.cluster.arrive; barrier.cluster.wait;";
    let e = run(body, 2, 64, clusters_of(2)).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("deadlock") && text.contains("barrier.cluster"),
        "{text}"
    );
}

#[test]
fn blocks_of_a_plain_launch_are_clusters_of_one() {
    // barrier.cluster in a plain launch waits for the block alone; the registers say one
    // block per cluster.
    let body = "barrier.cluster.arrive; barrier.cluster.wait; mov.u32 %r1, %cluster_nctarank; \
         mov.u32 %r2, %clusterid.x; mov.u32 %r3, %ctaid.x; setp.eq.u32 %p1, %r2, %r3; \
         selp.u32 %r4, 100, 0, %p1; add.u32 %r5, %r1, %r4; \
         setp.ne.u32 %p2, %r3, 2; @%p2 ret; st.global.u32 [%rd1], %r5;";
    assert_eq!(run(body, 3, 64, sim::Coschedule::default()).unwrap(), 101);
}

#[test]
fn a_cooperative_grid_past_the_occupancy_limit_is_refused() {
    use cuda_library::{launch, Error, Kernel, LaunchConfig, Library, LibraryOptions};
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = Library::load_data(cluster::PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k: Kernel = lib.get_kernel("grid_and_cluster").unwrap();
    let per_sm = k.max_active_blocks_per_sm(1024, 0).unwrap();
    let sms = Device::new(0)
        .unwrap()
        .properties()
        .unwrap()
        .multiprocessor_count as u32;
    assert_eq!(per_sm, 2, "2048 threads per multiprocessor");
    let blocks = per_sm * sms + 2;
    let buf = ctx.alloc_zeroed::<u32>(blocks as usize).unwrap();
    let stream = ctx.create_stream().unwrap();
    let cfg = LaunchConfig::new(blocks, 1024)
        .with_cluster(2)
        .with_cooperative(true);
    let e = launch!(k, &stream, &cfg, buf, buf).unwrap_err();
    assert!(
        matches!(e, Error::CooperativeLaunchTooLarge { blocks: b, per_sm: 2, .. } if b == blocks as u64),
        "{e}"
    );
    assert_eq!(
        e.cuda_error_name(),
        Some("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE")
    );
    let text = e.to_string();
    assert!(
        text.contains(&format!("at most {}", per_sm * sms)),
        "{text}"
    );
}

/// A block's sum as the kernels compute it: each of `threads` threads adds its strided
/// share in order, then a tree halves the partial sums.
fn block_sum(values: &[f32], threads: usize) -> f32 {
    let mut part: Vec<f32> = (0..threads)
        .map(|t| {
            values
                .iter()
                .skip(t)
                .step_by(threads)
                .fold(0.0f32, |s, &v| s + v)
        })
        .collect();
    let mut stride = threads / 2;
    while stride > 0 {
        for t in 0..stride {
            part[t] += part[t + stride];
        }
        stride /= 2;
    }
    part[0]
}

fn words<T>(bytes: &[u8], f: fn([u8; 4]) -> T) -> Vec<T> {
    bytes
        .chunks(4)
        .map(|c| f([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn cluster_sums_histograms_and_grid_syncs_compute_what_the_code_says() {
    // Independent of the GPU's records: the same arithmetic in the same order on the CPU.
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let cases = cluster::Cases::new(&ctx).unwrap();
    // Clusters of 4 of a 16-block grid (x fastest): each cluster's ranks are consecutive
    // blocks.
    let (blocks, threads, size, per) = (16u32, 128usize, 4u32, 777u32);
    let got = words(
        &cases
            .sum_f32(&ctx, [8, 2, 1], threads as u32, [size, 1, 1], per)
            .unwrap(),
        f32::from_le_bytes,
    );
    let input = cluster::sum_input(blocks, per);
    let parts: Vec<f32> = input
        .chunks(per as usize)
        .map(|b| block_sum(b, threads))
        .collect();
    let clusters = (blocks / size) as usize;
    for (c, ranks) in parts.chunks(size as usize).enumerate() {
        let total = ranks.iter().fold(0.0f32, |s, &p| s + p);
        assert_eq!(got[c].to_bits(), total.to_bits(), "cluster {c}");
    }
    for (b, p) in parts.iter().enumerate() {
        assert_eq!(got[clusters + b].to_bits(), p.to_bits(), "block {b}");
    }
    // The histogram counts every input once, clamped into the end bins.
    let (nbins, n) = (256, 10_000);
    let got = words(
        &cases.histogram(&ctx, 16, 128, 4, nbins, n).unwrap(),
        i32::from_le_bytes,
    );
    let mut want = vec![0i32; nbins as usize];
    for x in cluster::histogram_input(n, nbins) {
        want[x.clamp(0, nbins - 1) as usize] += 1;
    }
    assert_eq!(got, want);
    // Grid sync: the total of the partial sums in block order, then rounds of neighbours.
    let (blocks, threads, per, rounds) = (16usize, 128usize, 500u32, 3);
    let got = cases
        .grid_sync_sum(&ctx, (blocks as u32, threads as u32, 0), per, rounds)
        .unwrap();
    let got = words(&got, f32::from_le_bytes);
    let input = cluster::grid_sync_input(blocks as u32, per);
    let mut partial: Vec<f32> = input
        .chunks(per as usize)
        .map(|b| block_sum(b, threads))
        .collect();
    let total = partial.iter().fold(0.0f32, |s, &p| s + p);
    assert_eq!(got[0].to_bits(), total.to_bits());
    let first = partial.clone();
    for _ in 0..rounds {
        partial = (0..blocks)
            .map(|b| partial[b].mul_add(0.5, partial[(b + 1) % blocks] * 0.25))
            .collect();
    }
    for b in 0..blocks {
        assert_eq!(
            got[1 + 3 * b].to_bits(),
            first[b].to_bits(),
            "block {b}'s partial"
        );
        assert_eq!(
            got[2 + 3 * b].to_bits(),
            total.to_bits(),
            "block {b}'s total"
        );
        assert_eq!(
            got[3 + 3 * b].to_bits(),
            partial[b].to_bits(),
            "block {b} after the rounds"
        );
    }
}
