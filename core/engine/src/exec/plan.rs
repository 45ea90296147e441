//! A launch's [`Plan`]: what every block shares (the kernel and its probes, the launch's
//! shape, how blocks group into units), from which the launch, or each worker of a
//! parallel one, makes its own [`Block`] state and warps.

use super::budget::Meter;
use super::cluster::Place;
use super::group::{Resident, Schedule};
use super::probe::{Memo, Probe, Site};
use super::warp_state::{empty_warp, init_warp, Warp, ENVREG};
use super::{Block, Dims};
use crate::sim::engine::lower::{KernelCode, SimModule};
use std::collections::HashMap;

/// What every block of a launch shares: the kernel and its probes, the launch's shape and
/// how its blocks are grouped. Each worker of a parallel launch makes its own [`Block`]
/// and warps from it.
pub(super) struct Plan<'a> {
    pub(super) module: &'a SimModule,
    pub(super) code: &'a KernelCode,
    pub(super) probes: &'a [Probe],
    pub(super) n_memos: u32,
    pub(super) params: &'a [u8],
    pub(super) dims: Dims,
    pub(super) threads: u32,
    pub(super) schedule: Schedule,
    /// Blocks run in groups (clusters, a cooperative grid) rather than each alone.
    pub(super) grouped: bool,
    /// The grid-sync workspace, if the kernel has one.
    pub(super) workspace: Option<u64>,
    /// The work of starting one block ([`block_work`](super::block_work)).
    pub(super) block_work: u64,
    /// The kernel's first PTX line, where a block's set-up is charged.
    pub(super) first_line: u32,
    /// The launch's `%gridid`.
    pub(super) grid_id: u64,
}

impl<'a> Plan<'a> {
    /// Shared memory of each block.
    pub(super) fn shared_bytes(&self) -> usize {
        self.code.shared_static + self.dims.shared_dynamic as usize
    }

    /// Blocks in each unit of scheduling.
    pub(super) fn group(&self) -> u64 {
        if self.grouped {
            self.schedule.group_blocks()
        } else {
            1
        }
    }

    /// Units of scheduling: the grid's blocks, or its groups.
    pub(super) fn units(&self) -> u64 {
        self.schedule.blocks() / self.group().max(1)
    }

    /// A block's state for running the launch's units, with `meter`.
    pub(super) fn block(&self, meter: Meter) -> Block<'a> {
        let nwarps = self.threads.div_ceil(32) as usize;
        let shared_bytes = self.shared_bytes();
        Block {
            code: self.code,
            probes: self.probes,
            memos: (0..self.n_memos).map(|_| Memo::empty(nwarps)).collect(),
            sites: self
                .probes
                .iter()
                .map(|p| Site {
                    probed: !matches!(p, Probe::None | Probe::Bulk { .. } | Probe::Matrix { .. }),
                    ..Site::default()
                })
                .collect(),
            updates: HashMap::new(),
            run: 0,
            serial: 0,
            module: self.module,
            params: self.params,
            shared: vec![0u8; if self.grouped { 0 } else { shared_bytes }],
            ctaid: [0; 3],
            threads: self.threads,
            bars: [(0, 0, 0); 16],
            epoch: 0,
            meter,
            charged: 0,
            unit_start: 0,
            grid_id: self.grid_id,
            device_allocations: 0,
            place: Place::ALONE,
            peers: if self.grouped {
                (0..self.group()).map(|_| vec![0u8; shared_bytes]).collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The warps of one unit's blocks, allocated once and reused by every unit.
    pub(super) fn residents(&self) -> Vec<Resident> {
        (0..self.group())
            .map(|_| {
                Resident::new(launch_warps(
                    self.code,
                    self.dims,
                    self.threads,
                    self.workspace,
                ))
            })
            .collect()
    }
}

/// A block's warps prepared for the launch: registers, the special registers every block
/// shares, and the grid-sync `workspace` if the kernel has one.
fn launch_warps(code: &KernelCode, dims: Dims, threads: u32, workspace: Option<u64>) -> Vec<Warp> {
    let nwarps = threads.div_ceil(32) as usize;
    let mut warps: Vec<Warp> = (0..nwarps).map(|_| empty_warp()).collect();
    for (wi, w) in warps.iter_mut().enumerate() {
        init_warp(w, code, dims, wi, threads);
        if let Some(at) = workspace {
            w.regs[ENVREG] = [at >> 32; 32];
            w.regs[ENVREG + 1] = [at & 0xffff_ffff; 32];
        }
    }
    warps
}
