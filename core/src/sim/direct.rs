//! The engine's entry points for direct use (`sim::load_ptx`, `sim::launch`, ...), with this
//! crate's [`Error`](crate::Error): the engine crate's own functions, module and memory,
//! whose errors become this crate's variants of the same name and fields (with their hints).

use std::ops::{Deref, DerefMut};

use super::engine::{self, Budget, Coschedule, Dims, KernelCode, LineCounters, Memory, Stats};

/// The simulated device's global memory. Its other methods are the engine's memory's
/// (through `Deref`); the fallible ones here answer with this crate's error. The engine's
/// functions take it as they take their own (`&mut mem` derefs).
#[derive(Debug, Default, Clone)]
pub struct SimMemory(Memory);

impl SimMemory {
    /// Empty memory.
    pub fn new() -> Self {
        SimMemory(Memory::new())
    }

    /// Allocates `size` bytes aligned to `align` (a power of two); the address.
    pub fn alloc(&mut self, size: usize, align: u64) -> Result<u64> {
        Ok(self.0.alloc(size, align)?)
    }

    /// Frees the allocation at `addr`.
    pub fn free(&mut self, addr: u64) -> Result<()> {
        Ok(self.0.free(addr)?)
    }

    /// Writes `bytes` at `addr`, inside one allocation.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<()> {
        Ok(self.0.write(addr, bytes)?)
    }

    /// Reads `out.len()` bytes at `addr`, inside one allocation.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        Ok(self.0.read(addr, out)?)
    }
}

impl Deref for SimMemory {
    type Target = Memory;

    fn deref(&self) -> &Memory {
        &self.0
    }
}

impl DerefMut for SimMemory {
    fn deref_mut(&mut self) -> &mut Memory {
        &mut self.0
    }
}
use crate::error::Result;

/// A PTX module loaded for the simulator ([`load_ptx`]): its variables placed in simulated
/// memory, its kernels lowered. Its fields and its other methods are the engine's module's
/// (through `Deref`); [`kernel`](SimModule::kernel) answers with this crate's error.
#[derive(Debug, Clone)]
pub struct SimModule(engine::SimModule);

impl SimModule {
    /// The kernel's code, or why it cannot run on the simulator, or that it does not exist.
    pub fn kernel(&self, name: &str) -> Result<&KernelCode> {
        Ok(self.0.kernel(name)?)
    }
}

impl Deref for SimModule {
    type Target = engine::SimModule;

    fn deref(&self) -> &engine::SimModule {
        &self.0
    }
}

impl DerefMut for SimModule {
    fn deref_mut(&mut self) -> &mut engine::SimModule {
        &mut self.0
    }
}

/// Parses PTX, places its variables in `mem` and lowers its kernels.
pub fn load_ptx(text: &str, mem: &mut Memory) -> Result<SimModule> {
    Ok(SimModule(engine::load_ptx(text, mem)?))
}

/// Lays out kernel arguments (each given as its bytes) in the kernel's parameter buffer,
/// with the same checks as a driver launch: one argument per parameter, each of the
/// parameter's size.
pub fn pack_params(module: &engine::SimModule, kernel: &str, args: &[&[u8]]) -> Result<Vec<u8>> {
    Ok(engine::pack_params(module, kernel, args)?)
}

/// Runs `kernel` over a grid (the engine's [`launch`](engine::launch), which says how).
pub fn launch(
    module: &engine::SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<Stats> {
    Ok(engine::launch(module, gmem, kernel, dims, params, budget)?)
}

/// [`launch`], with each PTX line's counters (the engine's
/// [`launch_profiled`](engine::launch_profiled)).
pub fn launch_profiled(
    module: &engine::SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    Ok(engine::launch_profiled(
        module, gmem, kernel, dims, params, budget,
    )?)
}

/// [`launch_profiled`] of a cluster or cooperative launch ([`Coschedule`]; the engine's
/// [`launch_coscheduled`](engine::launch_coscheduled) has an example).
pub fn launch_coscheduled(
    module: &engine::SimModule,
    gmem: &mut Memory,
    launch: (&str, Dims, Coschedule),
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    Ok(engine::launch_coscheduled(
        module, gmem, launch, params, budget,
    )?)
}
