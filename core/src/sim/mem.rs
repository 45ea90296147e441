//! Simulated global memory: allocations at stable device addresses, bounds-checked.

use std::collections::BTreeMap;

use crate::error::{Error, Result};

/// Where global allocations start (an address no real pointer arithmetic reaches by accident).
pub const GLOBAL_BASE: u64 = 0x0000_1000_0000_0000;
/// Generic addresses of shared memory: `SHARED_WINDOW + offset`.
pub const SHARED_WINDOW: u64 = 0x0000_7e00_0000_0000;
/// Generic addresses of local memory: `LOCAL_WINDOW + offset`.
pub const LOCAL_WINDOW: u64 = 0x0000_7d00_0000_0000;
/// Size of each window.
pub const WINDOW_SIZE: u64 = 0x0000_0100_0000_0000;
/// Total global memory the simulated device has.
pub const CAPACITY: u64 = 4 << 30;

/// The simulated device's global memory.
#[derive(Debug, Default, Clone)]
pub struct Memory {
    allocs: BTreeMap<u64, Vec<u8>>,
    next: u64,
    used: u64,
}

impl Memory {
    /// Empty memory.
    pub fn new() -> Self {
        Memory {
            allocs: BTreeMap::new(),
            next: GLOBAL_BASE,
            used: 0,
        }
    }

    /// Allocates `size` zeroed bytes aligned to `align` (at least 256).
    pub fn alloc(&mut self, size: usize, align: u64) -> Result<u64> {
        if self.used + size as u64 > CAPACITY {
            return Err(Error::InvalidArgument(format!(
                "the simulated device is out of memory: {size} bytes asked, {} of {CAPACITY} in use",
                self.used
            )));
        }
        if self.next < GLOBAL_BASE {
            self.next = GLOBAL_BASE;
        }
        let align = align.max(256);
        let addr = self.next.div_ceil(align) * align;
        self.next = addr + (size as u64).max(1);
        self.used += size as u64;
        self.allocs.insert(addr, vec![0; size]);
        Ok(addr)
    }

    /// Frees an allocation made by [`alloc`](Memory::alloc).
    pub fn free(&mut self, addr: u64) -> Result<()> {
        match self.allocs.remove(&addr) {
            Some(v) => {
                self.used -= v.len() as u64;
                Ok(())
            }
            None => Err(Error::InvalidArgument(format!(
                "{addr:#x} is not the start of a simulated allocation"
            ))),
        }
    }

    /// The allocation holding `[addr, addr + len)` and the offset of `addr` in it.
    pub fn find(&self, addr: u64, len: usize) -> Option<(u64, usize)> {
        let (&base, v) = self.allocs.range(..=addr).next_back()?;
        let off = (addr - base) as usize;
        (off.checked_add(len)? <= v.len()).then_some((base, off))
    }

    /// A mutable view of `[addr, addr + len)`, if it lies inside one allocation.
    pub fn slice_mut(&mut self, addr: u64, len: usize) -> Option<&mut [u8]> {
        let (base, off) = self.find(addr, len)?;
        self.allocs.get_mut(&base).map(|v| &mut v[off..off + len])
    }

    /// A view of `[addr, addr + len)`, if it lies inside one allocation.
    pub fn slice(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let (base, off) = self.find(addr, len)?;
        self.allocs.get(&base).map(|v| &v[off..off + len])
    }

    /// Copies bytes in.
    pub fn write(&mut self, addr: u64, bytes: &[u8]) -> Result<()> {
        let s = self.slice_mut(addr, bytes.len()).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} bytes at {addr:#x} are outside simulated device memory",
                bytes.len()
            ))
        })?;
        s.copy_from_slice(bytes);
        Ok(())
    }

    /// Copies bytes out.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<()> {
        let s = self.slice(addr, out.len()).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} bytes at {addr:#x} are outside simulated device memory",
                out.len()
            ))
        })?;
        out.copy_from_slice(s);
        Ok(())
    }

    /// Bytes in use.
    pub fn used(&self) -> u64 {
        self.used
    }
}
