//! Simulated global memory: allocations at stable device addresses, bounds-checked.
//!
//! Global allocations take addresses in `[GLOBAL_BASE, GLOBAL_END)`, below the local and
//! shared windows, whatever comes and goes: addresses are handed out upwards (so a stale
//! pointer to a freed buffer usually faults) and, once the top is reached, from the first
//! gap that fits. At most [`CAPACITY`] bytes are live in a range of 108 TiB, so a gap
//! always exists.

use std::collections::BTreeMap;

pub(crate) use bytes::Bytes;

mod bytes;
pub(crate) mod plain;
mod shared;

pub(crate) use shared::{fence, gather, scatter, SharedMemory, SharedView};

use crate::error::{Error, Result};
use crate::texture::{Layout, TextureDesc};

/// Where global allocations start (an address no real pointer arithmetic reaches by accident).
pub const GLOBAL_BASE: u64 = 0x0000_1000_0000_0000;
/// Generic addresses of shared memory: `SHARED_WINDOW + offset`.
pub const SHARED_WINDOW: u64 = 0x0000_7e00_0000_0000;
/// Generic addresses of local memory: `LOCAL_WINDOW + offset`.
pub const LOCAL_WINDOW: u64 = 0x0000_7d00_0000_0000;
/// Size of each window.
pub const WINDOW_SIZE: u64 = 0x0000_0100_0000_0000;
/// End of the global allocations' range: the local window starts there, and the shared
/// window after it, so no allocation can be read as local or shared memory.
pub const GLOBAL_END: u64 = LOCAL_WINDOW;
const _: () = assert!(GLOBAL_BASE < GLOBAL_END && LOCAL_WINDOW + WINDOW_SIZE <= SHARED_WINDOW);
/// Total global memory the simulated device has.
pub const CAPACITY: u64 = 4 << 30;

/// The simulated device's global memory.
#[derive(Debug, Default, Clone)]
pub struct Memory {
    /// The live allocations by base address, each as its index in `slots`: finding,
    /// adding and freeing one is O(log n), whatever order they come and go in.
    by_base: BTreeMap<u64, usize>,
    /// The allocations' bytes, in slots that a later allocation reuses once freed (so an
    /// index stays valid while its allocation lives, and a cached one is checked, never
    /// trusted).
    slots: Vec<Slot>,
    /// Slots whose allocation was freed.
    vacant: Vec<usize>,
    next: u64,
    used: u64,
    /// Slot of the last allocation an access hit: kernels touch few buffers, so most
    /// lookups end here instead of in a search.
    last: std::cell::Cell<usize>,
    /// Text device `printf` wrote that nobody has taken yet (the GPU's printf FIFO).
    device_output: String,
    /// Whether output was dropped because the FIFO was full.
    output_dropped: bool,
    /// The heap device code's `malloc` carves blocks from.
    heap: Heap,
    /// Live texture and surface objects (public for `cuda-library`'s texture handles).
    #[doc(hidden)]
    pub textures: Objects,
}

/// One slot of [`Memory`]'s allocations: a live allocation's base address and bytes, or
/// `None` once it is freed.
type Slot = Option<(u64, Bytes)>;

/// Bytes of device `printf` output kept until it is taken, as CUDA's default
/// `cudaLimitPrintfFifoSize` (1 MiB); later output is dropped, as on a GPU.
pub const PRINTF_FIFO_BYTES: usize = 1 << 20;
/// Bytes device code may hold with `malloc` at once, as CUDA's default
/// `cudaLimitMallocHeapSize` (8 MiB); past it `malloc` returns null, as on a GPU.
pub const DEVICE_HEAP_BYTES: u64 = 8 << 20;

impl Memory {
    /// Empty memory.
    pub fn new() -> Self {
        Memory {
            by_base: BTreeMap::new(),
            slots: Vec::new(),
            vacant: Vec::new(),
            next: GLOBAL_BASE,
            used: 0,
            last: std::cell::Cell::new(0),
            device_output: String::new(),
            output_dropped: false,
            heap: Heap::default(),
            textures: Default::default(),
        }
    }

    /// Takes what device `printf` wrote since the last call (the output of every thread,
    /// in the order the simulator ran them), ending with a note if some was dropped.
    pub fn take_device_output(&mut self) -> String {
        let mut out = std::mem::take(&mut self.device_output);
        if std::mem::take(&mut self.output_dropped) {
            out.push_str("[cuda-library: device printf output past 1 MiB was dropped, as a GPU drops what overflows its printf buffer]\n");
        }
        out
    }

    /// Bytes of device `printf` output the FIFO still takes (what
    /// `printf::format_within` needs to stop formatting text that cannot fit).
    pub(crate) fn printf_room(&self) -> usize {
        PRINTF_FIFO_BYTES.saturating_sub(self.device_output.len())
    }

    /// Appends device `printf` output, dropping what does not fit in the FIFO.
    pub(crate) fn push_device_output(&mut self, text: &str) {
        if text.len() > self.printf_room() {
            self.output_dropped = true;
        } else {
            self.device_output.push_str(text);
        }
    }

    /// Device-side `malloc`: an allocation of `size` bytes, or 0 (null) when the heap
    /// has no room for it. The heap is one global allocation of [`DEVICE_HEAP_BYTES`],
    /// made on the first call, as a GPU reserves its heap before the first launch.
    pub(crate) fn device_malloc(&mut self, size: u64) -> u64 {
        if size == 0 || size > DEVICE_HEAP_BYTES {
            return 0;
        }
        if self.heap.base == 0 {
            match self.alloc(DEVICE_HEAP_BYTES as usize, 256) {
                Ok(base) => self.heap = Heap::new(base),
                Err(_) => return 0,
            }
        }
        self.heap
            .malloc(size)
            .map_or(0, |offset| self.heap.base + offset)
    }

    /// Device-side `free` of what `malloc` returned (null is ignored).
    pub(crate) fn device_free(&mut self, addr: u64) -> std::result::Result<(), String> {
        if addr == 0 {
            return Ok(());
        }
        addr.checked_sub(self.heap.base)
            .filter(|_| self.heap.base != 0)
            .and_then(|offset| self.heap.free(offset))
            .ok_or_else(|| {
                format!("free({addr:#x}): not an address device malloc returned (or freed twice)")
            })
    }

    /// Allocates `size` zeroed bytes aligned to `align` (at least 256).
    pub fn alloc(&mut self, size: usize, align: u64) -> Result<u64> {
        let bytes = size as u64;
        let out_of_memory = |detail: String| Error::OutOfMemory {
            asked: Some(bytes),
            detail,
        };
        if self.used.saturating_add(bytes) > CAPACITY {
            return Err(out_of_memory(format!(
                "{} of the simulated device's {CAPACITY} in use",
                self.used
            )));
        }
        let data = Bytes::zeroed(size).ok_or_else(|| {
            out_of_memory("more than this host process can allocate in one piece".into())
        })?;
        let align = align.max(256);
        let span = bytes.max(1);
        let addr = self
            .gap(self.next.max(GLOBAL_BASE), span, align)
            .or_else(|| self.gap(GLOBAL_BASE, span, align))
            .ok_or_else(|| {
                out_of_memory(
                    "no free address range of the simulated device is large enough".into(),
                )
            })?;
        self.next = addr + span;
        self.used += bytes;
        let slot = match self.vacant.pop() {
            Some(slot) => {
                self.slots[slot] = Some((addr, data));
                slot
            }
            None => {
                self.slots.push(Some((addr, data)));
                self.slots.len() - 1
            }
        };
        self.by_base.insert(addr, slot);
        Ok(addr)
    }

    /// The base address and length of the allocation in `slot`.
    fn span_of(&self, slot: usize) -> Option<(u64, u64)> {
        let (base, bytes) = self.slots.get(slot)?.as_ref()?;
        Some((*base, bytes.len() as u64))
    }

    /// The lowest address at or above `from`, aligned to `align`, where `span` bytes lie
    /// between allocations and below [`GLOBAL_END`].
    fn gap(&self, from: u64, span: u64, align: u64) -> Option<u64> {
        // Where an allocation ends: an empty one still takes its address.
        let end = |slot: usize| self.span_of(slot).map(|(base, len)| base + len.max(1));
        // The allocation below `from` may reach past it.
        let mut at = match self.by_base.range(..from).next_back() {
            Some((_, &slot)) => from.max(end(slot)?),
            None => from,
        };
        for (&base, &slot) in self.by_base.range(from..) {
            let start = at.checked_next_multiple_of(align)?;
            if start.checked_add(span)? <= base {
                return Some(start);
            }
            at = at.max(end(slot)?);
        }
        let start = at.checked_next_multiple_of(align)?;
        (start.checked_add(span)? <= GLOBAL_END).then_some(start)
    }

    /// Frees an allocation made by [`alloc`](Memory::alloc).
    pub fn free(&mut self, addr: u64) -> Result<()> {
        if addr == self.heap.base && addr != 0 {
            return Err(Error::InvalidArgument(format!(
                "{addr:#x} is the device malloc heap, which lives as long as the device"
            )));
        }
        let freed = self
            .by_base
            .remove(&addr)
            .and_then(|slot| Some((slot, self.slots.get_mut(slot)?.take()?)));
        let Some((slot, (_, bytes))) = freed else {
            return Err(Error::InvalidArgument(format!(
                "{addr:#x} is not the start of a simulated allocation"
            )));
        };
        self.used -= bytes.len() as u64;
        self.vacant.push(slot);
        Ok(())
    }

    /// The slot of the allocation holding `[addr, addr + len)` and the offset in it.
    #[inline]
    fn locate(&self, addr: u64, len: usize) -> Option<(usize, usize)> {
        let fits = |slot: usize| -> Option<usize> {
            let (base, v) = self.slots.get(slot)?.as_ref()?;
            let off = usize::try_from(addr.checked_sub(*base)?).ok()?;
            (off.checked_add(len)? <= v.len()).then_some(off)
        };
        let slot = self.last.get();
        if let Some(off) = fits(slot) {
            return Some((slot, off));
        }
        let (_, &slot) = self.by_base.range(..=addr).next_back()?;
        let off = fits(slot)?;
        self.last.set(slot);
        Some((slot, off))
    }

    /// The base address and bytes of the allocation in `slot` (one [`locate`] found).
    ///
    /// [`locate`]: Memory::locate
    #[inline]
    fn at(&self, slot: usize) -> Option<(u64, &Bytes)> {
        let (base, bytes) = self.slots.get(slot)?.as_ref()?;
        Some((*base, bytes))
    }

    /// [`at`](Memory::at), to write.
    #[inline]
    fn at_mut(&mut self, slot: usize) -> Option<(u64, &mut Bytes)> {
        let (base, bytes) = self.slots.get_mut(slot)?.as_mut()?;
        Some((*base, bytes))
    }

    /// The allocation holding `addr`: its base and size.
    pub fn allocation(&self, addr: u64) -> Option<(u64, usize)> {
        let (slot, _) = self.locate(addr, 1)?;
        let (base, bytes) = self.at(slot)?;
        Some((base, bytes.len()))
    }

    /// The allocation holding `[addr, addr + len)` and the offset of `addr` in it.
    pub fn find(&self, addr: u64, len: usize) -> Option<(u64, usize)> {
        let (slot, off) = self.locate(addr, len)?;
        Some((self.at(slot)?.0, off))
    }

    /// A mutable view of `[addr, addr + len)`, if it lies inside one allocation.
    #[inline]
    pub fn slice_mut(&mut self, addr: u64, len: usize) -> Option<&mut [u8]> {
        let (slot, off) = self.locate(addr, len)?;
        let (_, bytes) = self.at_mut(slot)?;
        bytes.as_mut_slice().get_mut(off..off.checked_add(len)?)
    }

    /// The allocation holding `[lo, end)`, as its base address and bytes: lets a warp's
    /// accesses be checked against one allocation instead of looked up lane by lane.
    #[inline]
    pub fn region_mut(&mut self, lo: u64, end: u64) -> Option<(u64, &mut [u8])> {
        let len = usize::try_from(end.checked_sub(lo)?).ok()?;
        let (slot, _) = self.locate(lo, len)?;
        let (base, bytes) = self.at_mut(slot)?;
        Some((base, bytes.as_mut_slice()))
    }

    /// A view of `[addr, addr + len)`, if it lies inside one allocation.
    pub fn slice(&self, addr: u64, len: usize) -> Option<&[u8]> {
        let (slot, off) = self.locate(addr, len)?;
        let (_, bytes) = self.at(slot)?;
        bytes.as_slice().get(off..off.checked_add(len)?)
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

/// Bytes device `malloc` rounds each block up to (its alignment, as on a GPU).
const HEAP_GRAIN: u64 = 16;

/// The device `malloc` heap: blocks of one global allocation, found and freed in
/// O(log n): free ranges by address (to merge neighbours) and by size (best fit).
///
/// All three maps are `BTreeMap<u64, u64>`: one instantiation of the B-tree's code
/// instead of three, which a notebook's first `:dep` compiles (about 10,000 lines of
/// LLVM IR fewer than a `BTreeSet<(u64, u64)>` beside the maps).
#[derive(Debug, Default, Clone)]
struct Heap {
    /// Address of the heap's allocation; 0 until the first `malloc`.
    base: u64,
    /// Blocks in use: offset to length.
    live: BTreeMap<u64, u64>,
    /// Free ranges: offset to length.
    free_at: BTreeMap<u64, u64>,
    /// The same ranges keyed by [`size_key`] (length, then offset), to offset.
    free_by_size: BTreeMap<u64, u64>,
}

/// Orders free ranges by length, then offset, in one `u64`: both are below 2^32 because
/// the heap is [`DEVICE_HEAP_BYTES`] long.
const fn size_key(len: u64, offset: u64) -> u64 {
    (len << 32) | offset
}

const _: () = assert!(DEVICE_HEAP_BYTES <= u32::MAX as u64);

impl Heap {
    fn new(base: u64) -> Heap {
        let mut heap = Heap {
            base,
            ..Heap::default()
        };
        heap.add_free(0, DEVICE_HEAP_BYTES);
        heap
    }

    fn add_free(&mut self, offset: u64, len: u64) {
        self.free_at.insert(offset, len);
        self.free_by_size.insert(size_key(len, offset), offset);
    }

    fn remove_free(&mut self, offset: u64, len: u64) {
        self.free_at.remove(&offset);
        self.free_by_size.remove(&size_key(len, offset));
    }

    /// The offset of a new block of `size` bytes, from the smallest free range it fits.
    fn malloc(&mut self, size: u64) -> Option<u64> {
        let len = size.checked_next_multiple_of(HEAP_GRAIN)?;
        if len > DEVICE_HEAP_BYTES {
            return None;
        }
        let (&key, &offset) = self.free_by_size.range(size_key(len, 0)..).next()?;
        let free = key >> 32;
        self.remove_free(offset, free);
        if free > len {
            self.add_free(offset + len, free - len);
        }
        self.live.insert(offset, len);
        Some(offset)
    }

    /// Frees the block at `offset`, merging it with free neighbours; `None` if no block
    /// starts there.
    fn free(&mut self, offset: u64) -> Option<()> {
        let len = self.live.remove(&offset)?;
        let (mut start, mut end) = (offset, offset + len);
        if let Some((&before, &n)) = self.free_at.range(..offset).next_back() {
            if before + n == offset {
                self.remove_free(before, n);
                start = before;
            }
        }
        if let Some(&n) = self.free_at.get(&end) {
            self.remove_free(end, n);
            end += n;
        }
        self.add_free(start, end - start);
        Some(())
    }
}

/// Handles start here, so that a pointer or a small integer passed by mistake is not one.
const FIRST_HANDLE: u64 = 0x7e7e_0000_0000_0001;

/// The live texture and surface objects.
#[derive(Debug, Clone, Default)]
pub struct Objects {
    next: u64,
    /// By handle; handles only grow, so pushing keeps this sorted. One list for both kinds
    /// (rather than a map per kind) keeps the code a build compiles small.
    live: Vec<(u64, Object)>,
}

#[derive(Debug, Clone)]
enum Object {
    Texture(Layout, TextureDesc),
    Surface(Layout),
}

impl Objects {
    fn add(&mut self, object: Object) -> u64 {
        let h = FIRST_HANDLE + self.next;
        self.next += 1;
        self.live.push((h, object));
        h
    }

    fn index(&self, handle: u64) -> Option<usize> {
        self.live.binary_search_by_key(&handle, |(h, _)| *h).ok()
    }

    fn find(&self, handle: u64) -> Option<&Object> {
        Some(&self.live[self.index(handle)?].1)
    }

    /// Registers a texture over `layout`; returns its handle.
    pub fn add_texture(&mut self, layout: Layout, desc: TextureDesc) -> u64 {
        self.add(Object::Texture(layout, desc))
    }

    /// Registers a surface over `layout`; returns its handle.
    pub fn add_surface(&mut self, layout: Layout) -> u64 {
        self.add(Object::Surface(layout))
    }

    /// The texture with this handle.
    pub fn texture(&self, handle: u64) -> Option<(&Layout, &TextureDesc)> {
        match self.find(handle)? {
            Object::Texture(layout, desc) => Some((layout, desc)),
            Object::Surface(_) => None,
        }
    }

    /// The surface with this handle.
    pub fn surface(&self, handle: u64) -> Option<&Layout> {
        match self.find(handle)? {
            Object::Surface(layout) => Some(layout),
            Object::Texture(..) => None,
        }
    }

    /// Forgets a texture or surface.
    pub fn remove(&mut self, handle: u64) {
        if let Some(i) = self.index(handle) {
            self.live.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_heap_reuses_and_merges_freed_blocks() {
        let mut m = Memory::new();
        let a = m.device_malloc(1);
        let b = m.device_malloc(100);
        assert!(a != 0 && b == a + 16, "{a:#x} {b:#x}");
        // The whole heap in 1 MiB blocks: the ninth does not fit.
        m.device_free(a).unwrap();
        m.device_free(b).unwrap();
        let blocks: Vec<u64> = (0..8).map(|_| m.device_malloc(1 << 20)).collect();
        assert!(blocks.iter().all(|&p| p != 0));
        assert_eq!(m.device_malloc(1 << 20), 0);
        assert_eq!(m.device_malloc(DEVICE_HEAP_BYTES + 1), 0);
        // Freed neighbours merge back into one range that holds 2 MiB.
        m.device_free(blocks[3]).unwrap();
        m.device_free(blocks[4]).unwrap();
        assert_eq!(m.device_malloc(2 << 20), blocks[3]);
        // Double and bogus frees are errors; the heap itself is not the host's to free.
        assert!(m.device_free(blocks[0] + 16).is_err());
        m.device_free(blocks[0]).unwrap();
        assert!(m
            .device_free(blocks[0])
            .unwrap_err()
            .contains("freed twice"));
        assert!(m.free(a).is_err());
        assert_eq!(m.used(), DEVICE_HEAP_BYTES);
    }

    /// 100,000 allocations freed oldest first, newest first and from the middle out, each
    /// free O(log n). The sorted list they were kept in moved every later allocation on
    /// each free: freeing 100,000 oldest first took 9.8 s. Now 0.34 s in a debug build
    /// on 2 cores shared with other builds (load average 13); the bound is 2 s.
    #[test]
    fn a_hundred_thousand_allocations_come_and_go_in_log_time() {
        const N: usize = 100_000;
        let mut m = Memory::new();
        /// An order to free allocations in, given them in the order they were made.
        type Order = fn(&[u64]) -> Vec<u64>;
        let orders: [Order; 3] = [
            |a| a.to_vec(),
            |a| a.iter().rev().copied().collect(),
            |a| {
                let (lo, hi) = a.split_at(a.len() / 2);
                lo.iter()
                    .rev()
                    .zip(hi)
                    .flat_map(|(x, y)| [*x, *y])
                    .collect()
            },
        ];
        for (k, order) in orders.iter().enumerate() {
            let addrs: Vec<u64> = (0..N).map(|_| m.alloc(64, 256).unwrap()).collect();
            // Handed out upwards, 256 bytes apart, each readable and faulting past its end.
            assert!(addrs.windows(2).all(|w| w[1] == w[0] + 256));
            assert_eq!(m.used(), 64 * N as u64);
            assert_eq!(m.allocation(addrs[N / 2] + 63), Some((addrs[N / 2], 64)));
            assert_eq!(m.find(addrs[7] + 8, 8), Some((addrs[7], 8)));
            assert!(m.slice(addrs[N - 1] + 60, 8).is_none());
            let started = std::time::Instant::now();
            for a in order(&addrs) {
                m.free(a).unwrap();
            }
            let took = started.elapsed();
            assert!(
                took < std::time::Duration::from_secs(2),
                "order {k}: {took:?}"
            );
            assert_eq!(m.used(), 0);
            assert!(addrs.iter().all(|&a| m.slice(a, 1).is_none()));
            assert!(
                m.free(addrs[0]).is_err(),
                "a second free of {:#x}",
                addrs[0]
            );
        }
    }

    #[test]
    fn a_freed_slot_serves_the_next_allocation_and_stale_lookups_miss() {
        let mut m = Memory::new();
        let a = m.alloc(100, 256).unwrap();
        let b = m.alloc(100, 256).unwrap();
        // `b` was found last; after its free the lookup must not return it.
        m.write(b, &[7; 100]).unwrap();
        m.free(b).unwrap();
        assert!(m.read(b, &mut [0; 4]).is_err());
        // The next allocation reuses `b`'s slot at a new address, zeroed.
        let c = m.alloc(200, 256).unwrap();
        assert!(c > b);
        assert!(m.slice(b, 1).is_none());
        assert_eq!(m.slice(c, 200), Some(&[0u8; 200][..]));
        assert_eq!(m.allocation(a + 99), Some((a, 100)));
        assert!(m.free(a + 1).is_err());
        // A parallel launch's view finds both by address.
        {
            let shared = m.share();
            let mut view = shared.view();
            assert!(view.region(c + 8, 8).is_some() && view.region(a, 100).is_some());
            assert!(view.region(b, 1).is_none());
        }
        assert_eq!(m.used(), 300);
    }

    #[test]
    fn global_addresses_stay_below_the_windows_and_reuse_freed_ranges() {
        let mut m = Memory::new();
        let keep = m.alloc(100, 256).unwrap();
        // Jump to the top of the range: the next allocation wraps round to the gap.
        m.next = GLOBAL_END - 1024;
        let top = m.alloc(512, 256).unwrap();
        assert_eq!(top, GLOBAL_END - 1024);
        let wrapped = m.alloc(4096, 256).unwrap();
        assert_eq!(wrapped, keep + 256);
        m.free(wrapped).unwrap();
        m.free(top).unwrap();
        for _ in 0..1000 {
            let a = m.alloc(3 << 30, 256).unwrap();
            assert!(a > keep && a + (3 << 30) <= GLOBAL_END, "{a:#x}");
            m.free(a).unwrap();
        }
        assert_eq!(m.slice(keep, 100).map(<[u8]>::len), Some(100));
    }
}
