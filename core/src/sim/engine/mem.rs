//! Simulated global memory: allocations at stable device addresses, bounds-checked.

use crate::error::{Error, Result};
use crate::sampling::{Layout, TextureDesc};

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
    /// Text device `printf` wrote that nobody has taken yet (the GPU's printf FIFO).
    device_output: String,
    /// Whether output was dropped because the FIFO was full.
    output_dropped: bool,
    /// Allocations device code made with `malloc`, and their bytes in all.
    heap: Vec<(u64, u64)>,
    /// Live texture and surface objects.
    pub(crate) textures: Objects,
}

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
            allocs: Vec::new(),
            next: GLOBAL_BASE,
            used: 0,
            last: std::cell::Cell::new(0),
            device_output: String::new(),
            output_dropped: false,
            heap: Vec::new(),
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
    /// limit would be passed.
    pub(crate) fn device_malloc(&mut self, size: u64) -> u64 {
        let held: u64 = self.heap.iter().map(|h| h.1).sum();
        if size == 0 || held.saturating_add(size) > DEVICE_HEAP_BYTES {
            return 0;
        }
        match self.alloc(size as usize, 16) {
            Ok(addr) => {
                self.heap.push((addr, size));
                addr
            }
            Err(_) => 0,
        }
    }

    /// Device-side `free` of what `malloc` returned (null is ignored).
    pub(crate) fn device_free(&mut self, addr: u64) -> std::result::Result<(), String> {
        if addr == 0 {
            return Ok(());
        }
        let Some(i) = self.heap.iter().position(|h| h.0 == addr) else {
            return Err(format!(
                "free({addr:#x}): not an address device malloc returned (or freed twice)"
            ));
        };
        self.heap.swap_remove(i);
        self.free(addr).map_err(|e| e.to_string())
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

    /// The allocation holding `addr`: its base and size.
    pub fn allocation(&self, addr: u64) -> Option<(u64, usize)> {
        self.locate(addr, 1)
            .map(|(i, _)| (self.allocs[i].0, self.allocs[i].1.len()))
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

/// Handles start here, so that a pointer or a small integer passed by mistake is not one.
const FIRST_HANDLE: u64 = 0x7e7e_0000_0000_0001;

/// The live texture and surface objects.
#[derive(Debug, Clone, Default)]
pub(crate) struct Objects {
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
