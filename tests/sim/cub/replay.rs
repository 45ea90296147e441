//! Runs a GPU trace on the simulator: the same allocations, copies, memsets and launches in
//! the same order, with the device addresses in launch parameters moved to the simulator's
//! allocations, and every copy back to the host compared with the bytes the GPU gave.

use std::collections::BTreeSet;

use cuda_library::sim::{self, Dims, Memory, SimModule};

use super::trace::{Event, Launch, Trace};

/// What a replay found.
#[derive(Default)]
pub struct Outcome {
    /// Kernels launched (mangled names).
    pub kernels: BTreeSet<String>,
    pub launches: usize,
    /// Copies back to the host compared with the GPU's, and how many were bit-identical.
    pub compared: usize,
    pub identical: usize,
    /// What differed, one line each.
    pub differences: Vec<String>,
    /// The first launch after which an allocation differed from the GPU's snapshot (traces
    /// recorded with snapshots only): which launch, which kernel, where.
    pub first_divergence: Option<String>,
    /// A launch the simulator refused or could not finish: the kernel and the error.
    pub refused: Option<(String, String)>,
    /// Launch-parameter words moved from a GPU allocation to the simulator's.
    pub pointers_moved: usize,
    /// Snapshots compared (an allocation after a launch), up to the first divergence.
    pub snapshots: usize,
    /// The simulator's bytes of each copy back to the host, in order.
    pub copies: Vec<Vec<u8>>,
    /// The simulator's bytes of each allocation the trace freed (CUB's temporary storage
    /// among them), with its GPU address, in order.
    pub freed: Vec<(u64, Vec<u8>)>,
}

/// A GPU allocation and where the simulator holds it.
struct Allocation {
    gpu: u64,
    size: u64,
    sim: u64,
}

/// The allocations of a replay, by GPU address.
#[derive(Default)]
struct Allocations(Vec<Allocation>);

impl Allocations {
    /// The simulator's address for GPU address `addr`: inside an allocation, or one past
    /// its end (an end pointer), preferring the allocation that holds it.
    fn translate(&self, addr: u64) -> Option<u64> {
        let inside = self
            .0
            .iter()
            .find(|a| addr >= a.gpu && addr - a.gpu < a.size);
        let end = || self.0.iter().find(|a| addr == a.gpu + a.size);
        inside.or_else(end).map(|a| a.sim + (addr - a.gpu))
    }
}

/// Replays `trace` with the kernels of `module` in `mem`, freeing what it allocated.
pub fn replay(trace: &Trace, module: &SimModule, mem: &mut Memory) -> Outcome {
    let mut out = Outcome::default();
    let mut allocs = Allocations::default();
    let mut last_launch = String::new();
    let result = run(trace, module, mem, &mut allocs, &mut out, &mut last_launch);
    if let Err(e) = result {
        out.refused = Some((last_launch, e));
    }
    for a in allocs.0.drain(..) {
        let _ = mem.free(a.sim);
    }
    out
}

fn run(
    trace: &Trace,
    module: &SimModule,
    mem: &mut Memory,
    allocs: &mut Allocations,
    out: &mut Outcome,
    last_launch: &mut String,
) -> Result<(), String> {
    let place = |allocs: &Allocations, addr: u64| {
        allocs
            .translate(addr)
            .ok_or_else(|| format!("{addr:#x} is in no allocation of the trace"))
    };
    for event in &trace.events {
        match event {
            Event::Malloc { addr, size } => {
                let len = usize::try_from(*size).map_err(|e| e.to_string())?;
                let sim = mem.alloc(len.max(1), 256).map_err(|e| e.to_string())?;
                allocs.0.push(Allocation {
                    gpu: *addr,
                    size: *size,
                    sim,
                });
            }
            Event::Free { addr } => {
                if let Some(i) = allocs.0.iter().position(|a| a.gpu == *addr) {
                    let a = allocs.0.remove(i);
                    let mut bytes = vec![0u8; a.size as usize];
                    mem.read(a.sim, &mut bytes).map_err(|e| e.to_string())?;
                    out.freed.push((a.gpu, bytes));
                    mem.free(a.sim).map_err(|e| e.to_string())?;
                }
            }
            Event::Copy {
                dir,
                dst,
                src,
                len,
                at,
            } => match dir.as_str() {
                "h2d" => {
                    let to = place(allocs, *dst)?;
                    mem.write(to, trace.bytes(*at, *len))
                        .map_err(|e| e.to_string())?;
                }
                "d2h" => {
                    let from = place(allocs, *src)?;
                    let mut got = vec![0u8; *len as usize];
                    mem.read(from, &mut got).map_err(|e| e.to_string())?;
                    out.compared += 1;
                    match first_difference(&got, trace.bytes(*at, *len)) {
                        None => out.identical += 1,
                        Some(d) => out.differences.push(format!(
                            "copy {} of {len} bytes from {src:#x}: {d}",
                            out.compared
                        )),
                    }
                    out.copies.push(got);
                }
                "d2d" => {
                    let (from, to) = (place(allocs, *src)?, place(allocs, *dst)?);
                    let mut bytes = vec![0u8; *len as usize];
                    mem.read(from, &mut bytes).map_err(|e| e.to_string())?;
                    mem.write(to, &bytes).map_err(|e| e.to_string())?;
                }
                _ => {}
            },
            Event::Memset { addr, value, len } => {
                let to = place(allocs, *addr)?;
                mem.write(to, &vec![*value; *len as usize])
                    .map_err(|e| e.to_string())?;
            }
            Event::Launch(l) => {
                last_launch.clone_from(&l.name);
                out.launches += 1;
                out.kernels.insert(l.name.clone());
                launch(trace, module, mem, allocs, l, out)?;
            }
            Event::Snap { addr, len, at } => {
                if out.first_divergence.is_some() {
                    continue;
                }
                let from = place(allocs, *addr)?;
                let mut got = vec![0u8; *len as usize];
                mem.read(from, &mut got).map_err(|e| e.to_string())?;
                out.snapshots += 1;
                if let Some(d) = first_difference(&got, trace.bytes(*at, *len)) {
                    out.first_divergence = Some(format!(
                        "after launch {} ({last_launch}), allocation {addr:#x} of {len} bytes: {d}",
                        out.launches
                    ));
                }
            }
        }
    }
    Ok(())
}

/// One launch: the GPU's parameter bytes with device addresses moved, the GPU's grid.
fn launch(
    trace: &Trace,
    module: &SimModule,
    mem: &mut Memory,
    allocs: &Allocations,
    l: &Launch,
    out: &mut Outcome,
) -> Result<(), String> {
    let code = module.kernel(&l.name).map_err(|e| e.to_string())?;
    if code.params != l.layout {
        return Err(format!(
            "the PTX lays out the parameters as {:?}, the driver as {:?}",
            code.params, l.layout
        ));
    }
    let mut buf = trace.bytes(l.at, l.total).to_vec();
    for &(offset, size) in &l.layout {
        let (start, end) = (offset as usize, (offset + size) as usize);
        // Every aligned 8-byte word of the parameter: a pointer, or a pointer in a struct
        // (CUB passes double buffers and tile states by value).
        let first = start.next_multiple_of(8);
        for w in (first..end.saturating_sub(7)).step_by(8) {
            let word = u64::from_le_bytes(buf[w..w + 8].try_into().map_err(|_| "word")?);
            if let Some(moved) = allocs.translate(word) {
                buf[w..w + 8].copy_from_slice(&moved.to_le_bytes());
                out.pointers_moved += 1;
            }
        }
    }
    let args: Vec<&[u8]> = l
        .layout
        .iter()
        .map(|&(o, s)| &buf[o as usize..(o + s) as usize])
        .collect();
    let params = sim::pack_params(module, &l.name, &args).map_err(|e| e.to_string())?;
    let dims = Dims {
        grid: l.grid,
        block: l.block,
        shared_dynamic: l.smem,
    };
    sim::launch(module, mem, &l.name, dims, &params, sim::DEFAULT_BUDGET)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Where two byte strings first differ, and how many 4-byte words differ in all.
fn first_difference(got: &[u8], want: &[u8]) -> Option<String> {
    let i = got.iter().zip(want).position(|(a, b)| a != b)?;
    let words = got
        .chunks(4)
        .zip(want.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    let word = |b: &[u8]| {
        let s = i / 4 * 4;
        b.get(s..s + 4).map_or(String::from("?"), |w| {
            format!("{:#010x}", u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        })
    };
    Some(format!(
        "first at byte {i} (word {} simulator, {} GPU), {words} words differ",
        word(got),
        word(want)
    ))
}
