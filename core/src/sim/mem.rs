//! Simulated global memory: allocations at stable device addresses, bounds-checked.

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
    /// Allocations sorted by base address.
    allocs: Vec<(u64, Vec<u8>)>,
    next: u64,
    used: u64,
    /// Index of the last allocation an access hit: kernels touch few buffers, so most
    /// lookups end here instead of in a search.
    last: std::cell::Cell<usize>,
}

impl Memory {
    /// Empty memory.
    pub fn new() -> Self {
        Memory {
            allocs: Vec::new(),
            next: GLOBAL_BASE,
            used: 0,
            last: std::cell::Cell::new(0),
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
        // Addresses only grow, so pushing keeps the list sorted.
        self.allocs.push((addr, vec![0; size]));
        Ok(addr)
    }

    /// Frees an allocation made by [`alloc`](Memory::alloc).
    pub fn free(&mut self, addr: u64) -> Result<()> {
        match self.allocs.binary_search_by_key(&addr, |(b, _)| *b) {
            Ok(i) => {
                let (_, v) = self.allocs.remove(i);
                self.used -= v.len() as u64;
                self.last.set(0);
                Ok(())
            }
            Err(_) => Err(Error::InvalidArgument(format!(
                "{addr:#x} is not the start of a simulated allocation"
            ))),
        }
    }

    /// The index of the allocation holding `[addr, addr + len)` and the offset in it.
    #[inline]
    fn locate(&self, addr: u64, len: usize) -> Option<(usize, usize)> {
        let fits = |i: usize| -> Option<usize> {
            let (base, v) = self.allocs.get(i)?;
            let off = addr.checked_sub(*base)? as usize;
            (off.checked_add(len)? <= v.len()).then_some(off)
        };
        let i = self.last.get();
        if let Some(off) = fits(i) {
            return Some((i, off));
        }
        let i = match self.allocs.binary_search_by_key(&addr, |(b, _)| *b) {
            Ok(i) => i,
            Err(0) => return None,
            Err(i) => i - 1,
        };
        let off = fits(i)?;
        self.last.set(i);
        Some((i, off))
    }

    /// The allocation holding `[addr, addr + len)` and the offset of `addr` in it.
    pub fn find(&self, addr: u64, len: usize) -> Option<(u64, usize)> {
        self.locate(addr, len)
            .map(|(i, off)| (self.allocs[i].0, off))
    }

    /// A mutable view of `[addr, addr + len)`, if it lies inside one allocation.
    #[inline]
    pub fn slice_mut(&mut self, addr: u64, len: usize) -> Option<&mut [u8]> {
        let (i, off) = self.locate(addr, len)?;
        Some(&mut self.allocs[i].1[off..off + len])
    }

    /// The allocation holding `[lo, end)`, as its base address and bytes: lets a warp's
    /// accesses be checked against one allocation instead of looked up lane by lane.
    #[inline]
    pub fn region_mut(&mut self, lo: u64, end: u64) -> Option<(u64, &mut [u8])> {
        let len = usize::try_from(end.checked_sub(lo)?).ok()?;
        let (i, _) = self.locate(lo, len)?;
        let (base, bytes) = &mut self.allocs[i];
        Some((*base, bytes.as_mut_slice()))
    }

    /// A view of `[addr, addr + len)`, if it lies inside one allocation.
    pub fn slice(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let (i, off) = self.locate(addr, len)?;
        Some(&self.allocs[i].1[off..off + len])
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
