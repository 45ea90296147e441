//! The corpus's one difference, explained: `sm90/scan_30001_56_inclusive_f32`.
//!
//! CUB's `DeviceScanKernel` gives each tile an exclusive prefix by decoupled look-back: a
//! warp reads the states of the 32 tiles before it and reduces, in a tree, the partial sums
//! (aggregates) of those that have not finished up to the nearest one that has (its
//! inclusive prefix). Which tile that is depends on timing. The simulator runs blocks in
//! order, so the nearest is always the tile just before; on the GPU the tiles run at once.
//! For integers any order gives the same sum; for floats each order rounds its own way.
//!
//! This test rebuilds the GPU's answer on the simulator from that model alone: it takes
//! each tile's aggregate from the simulator (the tile scanned with every other input
//! zero), forms the prefix a look-back ending at tile `j` would form, runs the kernel with
//! that prefix (by putting it in the first input element and zeros before the tile), and
//! compares the tile with the GPU's bits. Every tile must be reproduced for some `j`.

use cuda_library::sim::{self, Memory, SimModule};

use super::replay::replay;
use super::trace::{Event, Trace};

/// Elements per tile of this build's f32 `DeviceScanKernel` (128 threads × 24 items): the
/// GPU's answer first differs at element 18432, the start of tile 6.
const TILE: usize = 3072;
/// CUB's `ScanTileState` keeps 32 padding entries before tile 0's; each is a status word
/// and the value, 8 bytes.
const PADDING: usize = 32;

/// The input's and the GPU's answer's offsets in the trace's data, and the element count.
fn layout(trace: &Trace) -> (usize, usize, usize) {
    let copy = |want: &str| {
        trace.events.iter().find_map(|e| match e {
            Event::Copy { dir, at, len, .. } if dir == want => Some((*at as usize, *len as usize)),
            _ => None,
        })
    };
    let (input, len) = copy("h2d").expect("an input");
    let (answer, _) = copy("d2h").expect("an answer");
    (input, answer, len / 4)
}

/// Runs the trace with `input` in place of the recorded one: the output, and each tile's
/// value in the tile states CUB left in its temporary storage.
fn run(
    trace: &mut Trace,
    module: &SimModule,
    mem: &mut Memory,
    input: &[f32],
) -> (Vec<f32>, Vec<f32>) {
    let (at, _, n) = layout(trace);
    for (i, v) in input.iter().enumerate() {
        trace.data[at + i * 4..at + i * 4 + 4].copy_from_slice(&v.to_le_bytes());
    }
    let out = replay(trace, module, mem);
    assert!(out.refused.is_none(), "{:?}", out.refused);
    let word = |b: &[u8], i: usize| f32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let values = (0..n).map(|i| word(&out.copies[0], i * 4)).collect();
    let temp = &out.freed.last().expect("the temporary storage").1;
    let tiles = n.div_ceil(TILE);
    let states = (0..tiles)
        .map(|k| word(temp, (PADDING + k) * 8 + 4))
        .collect();
    (values, states)
}

/// The sum of `xs` as the look-back's warp reduction forms it (lane 0 holds the tile just
/// before, the last lane the inclusive prefix it stopped at; shuffles down by 1, 2, 4, ...).
fn tree_sum(xs: &[f32]) -> f32 {
    let mut v = xs.to_vec();
    let mut step = 1;
    while step < v.len() {
        for i in (0..v.len()).step_by(2 * step) {
            if i + step < v.len() {
                v[i] += v[i + step];
            }
        }
        step *= 2;
    }
    v[0]
}

#[test]
fn the_f32_scan_difference_is_the_lookback_order() {
    if crate::common::differential::set_from_env().as_deref() != Some("cub") {
        crate::common::skip(
            "set CUDA_LIBRARY_DIFF_SET=cub to compare CUB's algorithms with the GPU",
        );
        return;
    }
    let mut mem = Memory::new();
    let module = sim::load_ptx(&super::read_ptx("sm90", "scan"), &mut mem).unwrap();
    let stem = super::cub_dir().join("traces/sm90/scan_30001_56_inclusive_f32");
    let mut trace = Trace::read(&stem).unwrap();
    let (input_at, answer_at, n) = layout(&trace);
    let f = |b: &[u8], i: usize| f32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let x: Vec<f32> = (0..n).map(|i| f(&trace.data, input_at + i * 4)).collect();
    let gpu: Vec<f32> = (0..n).map(|i| f(&trace.data, answer_at + i * 4)).collect();
    let tiles = n.div_ceil(TILE);
    let tile_of = |k: usize| k * TILE..((k + 1) * TILE).min(n);
    let alone = |k: usize| -> Vec<f32> {
        (0..n)
            .map(|i| if tile_of(k).contains(&i) { x[i] } else { 0.0 })
            .collect()
    };
    let aggregate: Vec<f32> = (0..tiles)
        .map(|k| run(&mut trace, &module, &mut mem, &alone(k)).1[k])
        .collect();
    let (in_order, _) = run(&mut trace, &module, &mut mem, &x);
    // The model's inclusive prefix of each tile, as the GPU's look-back left it.
    let mut inclusive = vec![aggregate[0]; tiles];
    let mut differs_in_order = 0;
    for k in 1..tiles {
        let same = |out: &[f32]| tile_of(k).all(|i| out[i].to_bits() == gpu[i].to_bits());
        if !same(&in_order) {
            differs_in_order += 1;
        }
        let mut reproduced = Vec::new();
        for j in (0..k).rev() {
            let mut lanes: Vec<f32> = (j + 1..k).rev().map(|q| aggregate[q]).collect();
            lanes.push(inclusive[j]);
            let prefix = tree_sum(&lanes);
            let mut with_prefix = alone(k);
            with_prefix[0] = prefix;
            if same(&run(&mut trace, &module, &mut mem, &with_prefix).0) {
                reproduced.push((j, prefix));
            }
        }
        eprintln!(
            "tile {k}: in order {}; the GPU's bits from a look-back stopping at tile {:?}",
            if same(&in_order) {
                "matches"
            } else {
                "differs"
            },
            reproduced.iter().map(|r| r.0).collect::<Vec<_>>()
        );
        let &(_, prefix) = reproduced
            .first()
            .unwrap_or_else(|| panic!("tile {k}: no look-back order gives the GPU's bits"));
        inclusive[k] = prefix + aggregate[k];
    }
    assert!(
        differs_in_order > 0,
        "the simulator's in-order answer matches the GPU's now"
    );
}
