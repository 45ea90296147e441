//! Memory pools on the simulated devices: stream-ordered allocation over the simulated heap.
//!
//! Work runs when it is queued, so an allocation or a free on a stream happens at once. A
//! pool keeps the blocks its buffers free and hands them out again (the smallest that is
//! large enough); when a stream or context of its device synchronizes, it releases kept
//! blocks to the heap, largest first, until it keeps at most its release threshold, as a
//! GPU's pool does at a synchronization point.

use std::collections::{BTreeSet, HashMap};
use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use super::device::gpu;
use super::{Context, SimBackend};
use crate::backend::interface::MemPoolInterface;
use crate::error::{Error, Result};
use crate::info::MemPoolStats;

/// A simulated pool; clones of a device's default pool share its state.
pub(crate) struct MemPool {
    state: Arc<Mutex<PoolState>>,
}

/// What a pool holds. Its totals are kept as it goes and its blocks are indexed, so an
/// allocation or a free costs the same however many buffers are live.
struct PoolState {
    ordinal: usize,
    release_threshold: u64,
    /// Blocks in use: size by address.
    live: HashMap<u64, usize>,
    /// Blocks freed and kept, ordered for the best fit: size, then address.
    kept: BTreeSet<(usize, u64)>,
    /// Bytes of the blocks in use.
    used: u64,
    /// Bytes of the blocks kept.
    kept_bytes: u64,
    used_high: u64,
    reserved_high: u64,
}

/// Every pool, for the synchronization points that release memory (`release_kept`), and
/// each device's default pool by ordinal.
struct Pools {
    all: Vec<Weak<Mutex<PoolState>>>,
    defaults: Vec<Option<Arc<Mutex<PoolState>>>>,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools {
    all: Vec::new(),
    defaults: Vec::new(),
});

fn pools() -> MutexGuard<'static, Pools> {
    POOLS.lock().unwrap_or_else(|p| p.into_inner())
}

fn lock(state: &Mutex<PoolState>) -> MutexGuard<'_, PoolState> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

impl PoolState {
    fn new(ordinal: usize, release_threshold: u64) -> PoolState {
        PoolState {
            ordinal,
            release_threshold,
            live: HashMap::new(),
            kept: BTreeSet::new(),
            used: 0,
            kept_bytes: 0,
            used_high: 0,
            reserved_high: 0,
        }
    }

    fn used(&self) -> u64 {
        self.used
    }

    fn reserved(&self) -> u64 {
        self.used.saturating_add(self.kept_bytes)
    }

    /// A block of at least `bytes`: the smallest kept one that fits (the lowest of equal
    /// ones), or a new one.
    fn alloc(&mut self, bytes: usize) -> Result<u64> {
        let fit = self.kept.range((bytes, 0)..).next().copied();
        let (ptr, size) = match fit {
            Some((size, ptr)) => {
                self.kept.remove(&(size, ptr));
                self.kept_bytes -= size as u64;
                (ptr, size)
            }
            None => (gpu().lock().mem.alloc(bytes, 256)?, bytes),
        };
        self.live.insert(ptr, size);
        self.used = self.used.saturating_add(size as u64);
        self.used_high = self.used_high.max(self.used);
        self.reserved_high = self.reserved_high.max(self.reserved());
        Ok(ptr)
    }

    /// Keeps the block at `ptr` for reuse.
    fn free(&mut self, ptr: u64) -> Result<()> {
        let size = self.live.remove(&ptr).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{ptr:#x} is not memory allocated from this pool (or it was freed already)"
            ))
        })?;
        self.used -= size as u64;
        self.kept_bytes = self.kept_bytes.saturating_add(size as u64);
        self.kept.insert((size, ptr));
        Ok(())
    }

    /// Releases kept blocks to the heap, largest first (the highest of equal ones), until
    /// the pool holds at most `keep` bytes beyond what its buffers use.
    fn trim(&mut self, keep: u64) {
        while self.kept_bytes > keep {
            let Some((size, ptr)) = self.kept.pop_last() else {
                break;
            };
            // The block is this pool's, allocated from the heap: freeing it cannot fail.
            let _ = gpu().lock().mem.free(ptr);
            self.kept_bytes -= size as u64;
        }
    }
}

impl Drop for PoolState {
    /// A destroyed pool gives its kept blocks back (its buffers hold it until they are
    /// freed, so it has no block in use).
    fn drop(&mut self) {
        self.trim(0);
    }
}

/// The synchronization point of device `ordinal` (a stream or context synchronize): every
/// pool of the device releases what it keeps beyond its threshold.
pub(crate) fn release_kept(ordinal: usize) {
    let live: Vec<Arc<Mutex<PoolState>>> = {
        let mut p = pools();
        p.all.retain(|w| w.strong_count() > 0);
        p.all.iter().filter_map(Weak::upgrade).collect()
    };
    for state in live {
        let mut s = lock(&state);
        if s.ordinal == ordinal {
            let threshold = s.release_threshold;
            s.trim(threshold);
        }
    }
}

impl MemPool {
    /// Allocates `bytes` from this pool.
    pub fn alloc(&self, bytes: usize) -> Result<u64> {
        lock(&self.state).alloc(bytes)
    }

    /// Gives the block at `ptr` back to this pool.
    pub fn free(&self, ptr: u64) -> Result<()> {
        lock(&self.state).free(ptr)
    }

    fn register(state: PoolState) -> Arc<Mutex<PoolState>> {
        let state = Arc::new(Mutex::new(state));
        pools().all.push(Arc::downgrade(&state));
        state
    }
}

impl MemPoolInterface<SimBackend> for MemPool {
    fn create(ctx: &Arc<Context>, release_threshold: u64) -> Result<MemPool> {
        Ok(MemPool {
            state: MemPool::register(PoolState::new(ctx.ordinal, release_threshold)),
        })
    }

    /// The device's default pool, made on first use and kept for the process.
    fn device_default(ctx: &Arc<Context>) -> Result<MemPool> {
        let existing = pools().defaults.get(ctx.ordinal).and_then(|d| d.clone());
        let state = match existing {
            Some(s) => s,
            None => {
                let made = MemPool::register(PoolState::new(ctx.ordinal, 0));
                let mut p = pools();
                if p.defaults.len() <= ctx.ordinal {
                    p.defaults.resize(ctx.ordinal + 1, None);
                }
                // Another thread may have made it meanwhile: the first one stays.
                p.defaults[ctx.ordinal].get_or_insert(made).clone()
            }
        };
        Ok(MemPool { state })
    }

    fn stats(&self) -> Result<MemPoolStats> {
        let s = lock(&self.state);
        Ok(MemPoolStats {
            reserved: s.reserved(),
            reserved_high: s.reserved_high,
            used: s.used(),
            used_high: s.used_high,
            release_threshold: s.release_threshold,
        })
    }

    fn set_release_threshold(&self, bytes: u64) -> Result<()> {
        lock(&self.state).release_threshold = bytes;
        Ok(())
    }

    fn trim_to(&self, keep: u64) -> Result<()> {
        lock(&self.state).trim(keep);
        Ok(())
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }
}
