//! The lifetime of a loaded library, for every backend: a slot the library occupies, and
//! the holds a call takes on it so that an unload waits for calls in progress and fails
//! the calls that start after it (see [`Slot`]).

use std::sync::atomic::{AtomicU64, Ordering};
#[cfg(feature = "notebook")]
use std::sync::Arc;
use std::sync::{Condvar, Mutex};

use super::seam;
use crate::error::{Error, Result};
#[cfg(feature = "notebook")]
use crate::sim::library::ReadPtx;

/// A process-lifetime cell a loaded library occupies. Handles (kernels, globals) refer to a
/// slot and the generation they were made in, so they need no reference count: taking a
/// kernel costs no atomic operation, and after unload the generation no longer matches.
/// Slots are recycled, so their number is bounded by the most libraries loaded at once.
///
/// # Why an unload cannot deadlock
///
/// A call that uses the library takes a *hold* ([`LibRef::live`]): one atomic increment
/// of `holds`, undone when the [`Live`] proof drops. Taking a hold never waits: when the
/// slot is closed (unloading or unloaded) or belongs to another load, it fails at once with
/// [`Error::Unloaded`]. An unload closes the slot (new holds fail), then waits until the
/// holds taken before it have been released, and only then calls `cuLibraryUnload` or frees
/// the simulated library. Only unloads wait, and they wait for nothing but calls in
/// progress, which never wait for anything an unload holds: there is no cycle, whatever
/// order threads run in, and a call may take a second hold while it holds one (a launch
/// asking for the kernel's parameters) without the risk that std's `RwLock` has of a
/// queued writer blocking the second read.
struct Slot {
    /// Holds in progress (low bits) and [`CLOSED`].
    holds: AtomicU64,
    /// The load occupying the slot; changed only while the slot is closed and unheld.
    generation: AtomicU64,
    /// A driver-backend library's PTX or fatbin image, kept for profiles
    /// (`profile::shadow`).
    #[cfg(feature = "notebook")]
    image: Mutex<Option<Arc<KeptImage>>>,
}

/// An image a driver-backend library keeps so that a profile can run its launches again on
/// the simulator (`profile::shadow`) and a variable's element type can be read from its PTX.
/// Its PTX is read (decompressed, checked, parsed) once, the first time either asks, and
/// what that gave is kept beside the image: neither reads the image again.
#[cfg(feature = "notebook")]
pub(crate) struct KeptImage {
    pub kind: crate::ImageKind,
    pub bytes: Vec<u8>,
    /// The PTX read from `bytes`, once; `None` for an image with no PTX the simulator runs;
    /// the reason, as text, for one that cannot be read.
    read: std::sync::OnceLock<std::result::Result<Option<Arc<ReadPtx>>, String>>,
}

#[cfg(feature = "notebook")]
impl KeptImage {
    /// Keeps `bytes` of an image of `kind`, not yet read.
    pub fn new(kind: crate::ImageKind, bytes: Vec<u8>) -> KeptImage {
        KeptImage {
            kind,
            bytes,
            read: std::sync::OnceLock::new(),
        }
    }

    /// The image's PTX as the simulator reads it, read on the first call only; `None` when
    /// the image holds no PTX the simulator can run.
    pub fn ptx(&self) -> Result<Option<Arc<ReadPtx>>> {
        self.read
            .get_or_init(|| {
                ReadPtx::read(self.kind, &self.bytes)
                    .map(|ptx| ptx.map(Arc::new))
                    .map_err(|e| e.to_string())
            })
            .clone()
            .map_err(Error::Unsupported)
    }
}

/// The bit of [`Slot::holds`] that says the slot is unloading or free.
const CLOSED: u64 = 1 << 63;

static FREE_SLOTS: Mutex<Vec<&'static Slot>> = Mutex::new(Vec::new());

/// Where unloads wait for holds to end. One for the process: unloads are rare and a
/// spurious wake-up costs one check.
static RELEASED: (Mutex<()>, Condvar) = (Mutex::new(()), Condvar::new());

fn take_slot() -> (&'static Slot, u64) {
    let reused = FREE_SLOTS.lock().unwrap_or_else(|p| p.into_inner()).pop();
    let slot = reused.unwrap_or_else(|| {
        Box::leak(Box::new(Slot {
            holds: AtomicU64::new(CLOSED),
            generation: AtomicU64::new(0),
            #[cfg(feature = "notebook")]
            image: Mutex::new(None),
        }))
    });
    #[cfg(feature = "notebook")]
    {
        *slot.image.lock().unwrap_or_else(|p| p.into_inner()) = None;
    }
    // The slot is closed: stale holds fail before they look at the generation, so it can
    // be set before the slot opens.
    let generation = slot.generation.fetch_add(1, Ordering::Relaxed) + 1;
    // Release: a hold that sees the slot open sees the generation above.
    slot.holds.fetch_and(!CLOSED, Ordering::Release);
    (slot, generation)
}

/// A handle's link to its library: cheap to copy, checked on every use.
#[derive(Clone, Copy)]
pub(crate) struct LibRef {
    slot: &'static Slot,
    generation: u64,
    pub imp: seam::Library,
}

/// Proof, held across a driver call or a simulated launch, that the library stays loaded
/// until it is dropped (a hold on its slot: see [`Slot`]).
pub(crate) struct Live {
    slot: &'static Slot,
}

#[cfg(feature = "notebook")]
impl Live {
    /// The image the library kept for profiles, if it kept one.
    pub fn image(&self) -> Option<Arc<KeptImage>> {
        self.slot
            .image
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        release(self.slot);
    }
}

/// Ends one hold; wakes the unloads when it was the last hold of a closing slot.
#[inline]
fn release(slot: &Slot) {
    let before = slot.holds.fetch_sub(1, Ordering::AcqRel);
    if before == CLOSED | 1 {
        // Taking the lock orders this wake-up after the unload's check of the count.
        let _g = RELEASED.0.lock().unwrap_or_else(|p| p.into_inner());
        RELEASED.1.notify_all();
    }
}

impl LibRef {
    /// Holds the library loaded for the duration of a call, or says it is gone. Never
    /// waits (see [`Slot`]).
    #[inline]
    pub fn live(&self, what: impl FnOnce() -> String) -> Result<Live> {
        let slot = self.slot;
        let before = slot.holds.fetch_add(1, Ordering::Acquire);
        if before & CLOSED != 0 || slot.generation.load(Ordering::Relaxed) != self.generation {
            release(slot);
            return Err(Error::Unloaded { what: what() });
        }
        Ok(Live { slot })
    }

    /// The type the PTX declaration of variable `name` names (`.f32`, `.b8`...), where the
    /// library's PTX was read: by the simulator's load, or (with the `notebook` feature,
    /// which keeps images for profiles) from the image a driver library kept, read once for
    /// this and for profiles.
    pub fn declared_type(&self, name: &str) -> Option<String> {
        let live = self.live(String::new).ok()?;
        if let Some(ty) = self.imp.declared_type(name) {
            return Some(ty);
        }
        #[cfg(feature = "notebook")]
        {
            Some(live.image()?.ptx().ok()??.declared_type(name)?.to_string())
        }
        #[cfg(not(feature = "notebook"))]
        {
            drop(live);
            None
        }
    }

    /// Keeps the image for profiles (`profile::shadow`).
    #[cfg(feature = "notebook")]
    pub fn keep_image(&self, image: KeptImage) {
        if let Ok(_g) = self.live(String::new) {
            *self.slot.image.lock().unwrap_or_else(|p| p.into_inner()) = Some(Arc::new(image));
        }
    }

    /// Whether the library is still loaded (a hold taken and given back at once).
    pub fn is_loaded(&self) -> bool {
        self.live(String::new).is_ok()
    }

    /// Whether both refer to the same load of the same library.
    pub fn same(&self, other: &LibRef) -> bool {
        std::ptr::eq(self.slot, other.slot) && self.generation == other.generation
    }

    /// Unloads once; later calls (and Drop after `unload`) do nothing. Closes the slot,
    /// waits for the calls in progress that hold it, then unloads.
    pub fn unload(&self) -> Result<()> {
        let slot = self.slot;
        // Close the slot if it is still this load's and open; otherwise someone else did.
        let mut cur = slot.holds.load(Ordering::Relaxed);
        loop {
            if cur & CLOSED != 0 || slot.generation.load(Ordering::Relaxed) != self.generation {
                return Ok(());
            }
            match slot.holds.compare_exchange_weak(
                cur,
                cur | CLOSED,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => break,
                Err(now) => cur = now,
            }
        }
        {
            let mut g = RELEASED.0.lock().unwrap_or_else(|p| p.into_inner());
            while slot.holds.load(Ordering::Acquire) != CLOSED {
                g = RELEASED.1.wait(g).unwrap_or_else(|p| p.into_inner());
            }
        }
        #[cfg(feature = "notebook")]
        drop(slot.image.lock().unwrap_or_else(|p| p.into_inner()).take());
        // SAFETY: unloading a library this slot holds, exactly once (only the thread that
        // closed the slot gets here), with no call in progress using it (a simulated
        // library's memory is freed here, with its last reference).
        let r = unsafe { self.imp.unload() };
        FREE_SLOTS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(slot);
        r
    }
}

impl LibRef {
    /// Puts a freshly loaded library in a slot.
    pub fn new(imp: seam::Library) -> LibRef {
        let (slot, generation) = take_slot();
        LibRef {
            slot,
            generation,
            imp,
        }
    }
}

#[cfg(all(test, feature = "notebook"))]
mod tests {
    use super::KeptImage;
    use crate::ImageKind;
    use cuda_library_engine::ptx::parser::parse_count;

    /// A driver library's kept image is read once, however many profiles and element-type
    /// lookups ask for its PTX.
    #[test]
    fn a_kept_image_is_read_once() {
        let ptx = b".version 8.0\n.target sm_80\n.address_size 64\n\
            .visible .global .align 8 .f64 scale;\n\
            .visible .entry k() { ret; }\n";
        let kept = KeptImage::new(ImageKind::Ptx, ptx.to_vec());
        let before = parse_count();
        for _ in 0..3 {
            let read = kept.ptx().unwrap().expect("PTX the simulator runs");
            assert_eq!(read.declared_type("scale"), Some(".f64"));
            assert_eq!(read.module.functions.len(), 1);
        }
        assert_eq!(parse_count() - before, 1);
        // An image that cannot be read says why, every time, without reading it again.
        let bad = KeptImage::new(ImageKind::Ptx, b".version 8.0\n.target sm_80\n{".to_vec());
        let before = parse_count();
        let first = bad.ptx().err().map(|e| e.to_string());
        assert!(
            first.as_deref().is_some_and(|m| m.contains("PTX error")),
            "{first:?}"
        );
        assert_eq!(bad.ptx().err().map(|e| e.to_string()), first);
        assert_eq!(parse_count() - before, 1);
    }
}
