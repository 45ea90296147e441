//! Unified memory on the simulated devices: managed allocations in the simulated memory,
//! and a model of where their pages are and what moving them costs.
//!
//! The model (the [`cost_model`](crate::guide::cost_model) guide's "Unified memory"): an
//! allocation's pages are on the host, on one device, or (read-mostly) on both; a first touch
//! of pages nobody holds places them where they are touched, at a page fault's cost; a touch
//! from the side that does not hold them moves them, at a fault per page
//! ([`PAGE_BYTES`]) plus the bytes over the host link. A kernel that takes the buffer as an
//! argument is taken to touch all of it, charged to its stream's timeline before it runs; a
//! host view touches all of it, charged to the device's clock as a synchronous copy is. A
//! prefetch moves the pages as one copy on its stream, so the touch after it costs nothing.
//! Advice changes what moves: read-mostly keeps a copy on each side that reads; a preferred
//! location with the other side's access-by maps the pages there instead of moving them.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use super::device::gpu;
use super::{Context, SimBackend, Stream};
use crate::backend::interface::ManagedInterface;
use crate::error::{Error, Result};
use crate::info::{Advice, Attach, Location, Migration};

/// The pages the model moves on demand, one fault each: 64 KiB, the granule the driver's
/// fault handler migrates in (it groups faults within 2 MiB blocks).
pub(crate) const PAGE_BYTES: usize = 64 << 10;

/// What servicing one page fault costs beyond moving its bytes, in nanoseconds (the model's
/// figure, not calibrated on a GPU: on-demand migration is several times slower than a
/// copy of the same bytes).
pub(crate) const FAULT_NS: f64 = 10_000.0;

/// One managed allocation: its size, the advice given and where its pages are.
struct Range {
    ordinal: usize,
    bytes: usize,
    read_mostly: bool,
    preferred: Option<Location>,
    accessed_by: Vec<Location>,
    state: Migration,
}

impl Range {
    fn pages(&self) -> u64 {
        self.bytes.div_ceil(PAGE_BYTES) as u64
    }

    fn populated(&self) -> bool {
        self.state.on_host || self.state.on_device.is_some()
    }

    /// What moving the whole range on demand costs.
    fn fault_ns(&self) -> f64 {
        let link = gpu().cost.host_bytes_per_ns.max(1e-3);
        self.pages() as f64 * FAULT_NS + self.bytes as f64 / link
    }

    /// A kernel on device `d` touches the range: what it costs.
    fn kernel_touch(&mut self, d: usize) -> f64 {
        let s = &mut self.state;
        if s.on_device == Some(d) {
            return 0.0;
        }
        let mapped = self.preferred == Some(Location::Host)
            && self.accessed_by.contains(&Location::Device(d))
            && s.on_host;
        if mapped {
            // Read over the link where they are, no fault.
            return self.bytes as f64 / gpu().cost.host_bytes_per_ns.max(1e-3);
        }
        let populated = s.on_host || s.on_device.is_some();
        let pages = self.bytes.div_ceil(PAGE_BYTES) as u64;
        let ns = if populated {
            let link = gpu().cost.host_bytes_per_ns.max(1e-3);
            s.faulted_to_device = s.faulted_to_device.saturating_add(self.bytes as u64);
            pages as f64 * FAULT_NS + self.bytes as f64 / link
        } else {
            pages as f64 * FAULT_NS
        };
        s.faults = s.faults.saturating_add(pages);
        s.on_host = s.on_host && self.read_mostly;
        s.on_device = Some(d);
        s.charged_ns += ns;
        ns
    }

    /// The host touches the range: what it costs the device it comes from.
    fn host_touch(&mut self) -> f64 {
        if self.state.on_host {
            return 0.0;
        }
        let mapped = matches!(self.preferred, Some(Location::Device(_)))
            && self.accessed_by.contains(&Location::Host)
            && self.state.on_device.is_some();
        if mapped {
            return 0.0;
        }
        if !self.populated() {
            // Pages nobody holds are placed on the host at the host's own cost.
            self.state.on_host = true;
            return 0.0;
        }
        let ns = self.fault_ns();
        let pages = self.pages();
        let s = &mut self.state;
        s.faults = s.faults.saturating_add(pages);
        s.faulted_to_host = s.faulted_to_host.saturating_add(self.bytes as u64);
        s.on_host = true;
        if !self.read_mostly {
            s.on_device = None;
        }
        s.charged_ns += ns;
        ns
    }

    /// A prefetch to `to`: what it costs its stream.
    fn prefetch(&mut self, to: Location) -> f64 {
        let cost = &gpu().cost;
        let s = &mut self.state;
        let there = match to {
            Location::Host => s.on_host,
            Location::Device(d) => s.on_device == Some(d),
        };
        if there {
            return 0.0;
        }
        let populated = s.on_host || s.on_device.is_some();
        let ns = if populated {
            s.prefetched = s.prefetched.saturating_add(self.bytes as u64);
            cost.copy_ns(self.bytes, true)
        } else {
            // Nothing to move: the pages are made where they are asked for.
            cost.copy_latency_ns
        };
        match to {
            Location::Host => {
                s.on_host = true;
                if !self.read_mostly {
                    s.on_device = None;
                }
            }
            Location::Device(d) => {
                s.on_device = Some(d);
                s.on_host = s.on_host && self.read_mostly;
            }
        }
        s.charged_ns += ns;
        ns
    }

    fn advise(&mut self, advice: Advice) {
        match advice {
            Advice::SetReadMostly => self.read_mostly = true,
            Advice::UnsetReadMostly => self.read_mostly = false,
            Advice::SetPreferredLocation(l) => self.preferred = Some(l),
            Advice::UnsetPreferredLocation => self.preferred = None,
            Advice::SetAccessedBy(l) => {
                if !self.accessed_by.contains(&l) {
                    self.accessed_by.push(l);
                }
            }
            Advice::UnsetAccessedBy(l) => self.accessed_by.retain(|&a| a != l),
        }
    }
}

/// Every live managed allocation, by address.
static RANGES: Mutex<Option<HashMap<u64, Range>>> = Mutex::new(None);

fn ranges() -> MutexGuard<'static, Option<HashMap<u64, Range>>> {
    RANGES.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `f` on the range at `ptr` (taken and released before any clock is).
fn with_range<R>(ptr: u64, f: impl FnOnce(&mut Range) -> R) -> Result<R> {
    let mut guard = ranges();
    let range = guard
        .as_mut()
        .and_then(|m| m.get_mut(&ptr))
        .ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{ptr:#x} is not a live managed allocation on the simulator"
            ))
        })?;
    Ok(f(range))
}

/// Charges `ns` to `stream`'s timeline, as work queued on it (its clock before the device's,
/// as launches take them).
fn charge_stream(stream: &Stream, ns: f64) {
    if ns <= 0.0 {
        return;
    }
    let mut t = stream.timeline();
    let g = gpu();
    let mut st = g.lock();
    let clock = st.clock(stream.ctx.ordinal);
    let end = t.max(clock.legacy_ns) + ns;
    *t = end;
    clock.latest_ns = clock.latest_ns.max(end);
}

/// Charges `ns` to device `ordinal` as a synchronous copy: after all its work.
fn charge_device(ordinal: usize, ns: f64) {
    if ns <= 0.0 {
        return;
    }
    let mut st = gpu().lock();
    let clock = st.clock(ordinal);
    let end = clock.legacy_ns.max(clock.latest_ns) + ns;
    clock.legacy_ns = end;
    clock.latest_ns = end;
}

fn out_of_range(what: &str, bytes: usize, addr: u64) -> Error {
    Error::InvalidArgument(format!(
        "{what} of {bytes} bytes at {addr:#x} is outside simulated device memory"
    ))
}

impl ManagedInterface<SimBackend> for Context {
    /// Simulated memory (zeroed), registered with the migration model: nobody holds its
    /// pages yet.
    fn alloc_managed(&self, bytes: usize, _attach: Attach) -> Result<u64> {
        super::refuse_alloc_during_capture()?;
        let ptr = gpu().lock().mem.alloc(bytes, 256)?;
        ranges().get_or_insert_with(HashMap::new).insert(
            ptr,
            Range {
                ordinal: self.ordinal,
                bytes,
                read_mostly: false,
                preferred: None,
                accessed_by: Vec::new(),
                state: Migration::default(),
            },
        );
        Ok(ptr)
    }

    fn free_managed(&self, ptr: u64) -> Result<()> {
        if let Some(m) = ranges().as_mut() {
            m.remove(&ptr);
        }
        Ok(gpu().lock().mem.free(ptr)?)
    }

    /// As the H100 and H200 on Linux.
    fn concurrent_managed_access(&self) -> Result<bool> {
        Ok(true)
    }

    /// The host sees simulated memory through copies.
    fn managed_host_ptr(&self, _ptr: u64) -> Option<*mut u8> {
        None
    }

    /// Moves the pages to the host, charged to the device they come from.
    fn managed_to_host(&self, ptr: u64, _bytes: usize) -> Result<()> {
        let (ordinal, ns) = with_range(ptr, |r| {
            let from = r.state.on_device.unwrap_or(r.ordinal);
            (from, r.host_touch())
        })?;
        charge_device(ordinal, ns);
        Ok(())
    }

    /// A copy out of simulated memory, uncharged (the migration was charged).
    fn managed_read(&self, dst: &mut [u8], src: u64) -> Result<()> {
        let st = gpu().lock();
        let s = st
            .mem
            .slice(src, dst.len())
            .ok_or_else(|| out_of_range("a host view", dst.len(), src))?;
        dst.copy_from_slice(s);
        Ok(())
    }

    /// A host write: the host's copy is now the only current one.
    fn managed_write(&self, dst: u64, src: &[u8]) -> Result<()> {
        gpu()
            .lock()
            .mem
            .slice_mut(dst, src.len())
            .ok_or_else(|| out_of_range("a host write", src.len(), dst))?
            .copy_from_slice(src);
        with_range(dst, |r| {
            r.state.on_host = true;
            r.state.on_device = None;
        })
    }

    /// Moves the pages to the stream's device, charged to the stream before the kernel.
    fn managed_kernel_touch(&self, ptr: u64, _bytes: usize, stream: &Stream) -> Result<()> {
        let ns = with_range(ptr, |r| r.kernel_touch(stream.ctx.ordinal))?;
        charge_stream(stream, ns);
        Ok(())
    }

    /// One copy of the pages to `to`, on the stream.
    fn prefetch_managed(
        &self,
        ptr: u64,
        _bytes: usize,
        to: Location,
        stream: &Stream,
    ) -> Result<()> {
        let ns = with_range(ptr, |r| r.prefetch(to))?;
        charge_stream(stream, ns);
        Ok(())
    }

    fn advise_managed(&self, ptr: u64, _bytes: usize, advice: Advice) -> Result<()> {
        with_range(ptr, |r| r.advise(advice))
    }

    /// The simulated device, as an H100, has concurrent managed access: attachment changes
    /// nothing the model charges.
    fn attach_managed(&self, ptr: u64, _attach: Attach, _stream: &Stream) -> Result<()> {
        with_range(ptr, |_| ())
    }

    fn managed_migration(&self, ptr: u64) -> Option<Migration> {
        with_range(ptr, |r| r.state).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(bytes: usize) -> Range {
        Range {
            ordinal: 0,
            bytes,
            read_mostly: false,
            preferred: None,
            accessed_by: Vec::new(),
            state: Migration::default(),
        }
    }

    #[test]
    fn first_touch_places_pages_and_the_other_side_pays_to_move_them() {
        let mut r = range(4 * PAGE_BYTES);
        assert_eq!(r.host_touch(), 0.0);
        assert!(r.state.on_host);
        let moved = r.kernel_touch(0);
        assert!(moved > 4.0 * FAULT_NS, "{moved}");
        assert_eq!(r.state.faults, 4);
        assert_eq!(r.state.faulted_to_device, 4 * PAGE_BYTES as u64);
        assert_eq!(r.kernel_touch(0), 0.0);
        assert!(r.host_touch() > 0.0);
        assert_eq!((r.state.on_host, r.state.on_device), (true, None));
    }

    #[test]
    fn a_prefetch_costs_less_than_the_faults_it_saves() {
        let mut faulted = range(16 * PAGE_BYTES);
        faulted.host_touch();
        let on_demand = faulted.kernel_touch(0);
        let mut prefetched = range(16 * PAGE_BYTES);
        prefetched.host_touch();
        let copy = prefetched.prefetch(Location::Device(0));
        assert!(copy < on_demand, "{copy} vs {on_demand}");
        assert_eq!(prefetched.kernel_touch(0), 0.0);
        assert_eq!(prefetched.state.faults, 0);
    }

    #[test]
    fn read_mostly_keeps_a_copy_on_each_side() {
        let mut r = range(PAGE_BYTES);
        r.advise(Advice::SetReadMostly);
        r.host_touch();
        r.kernel_touch(0);
        assert_eq!((r.state.on_host, r.state.on_device), (true, Some(0)));
        assert_eq!(r.host_touch(), 0.0);
        assert_eq!(r.kernel_touch(0), 0.0);
    }

    #[test]
    fn host_preferred_memory_accessed_by_the_device_is_mapped_not_moved() {
        let mut r = range(8 * PAGE_BYTES);
        r.advise(Advice::SetPreferredLocation(Location::Host));
        r.advise(Advice::SetAccessedBy(Location::Device(0)));
        r.host_touch();
        assert!(r.kernel_touch(0) > 0.0);
        assert_eq!(r.state.faults, 0);
        assert_eq!(r.state.on_device, None);
        r.advise(Advice::UnsetAccessedBy(Location::Device(0)));
        assert!(r.accessed_by.is_empty());
    }
}
