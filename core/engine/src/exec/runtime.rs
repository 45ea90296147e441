//! The device runtime a kernel calls: `__assert_fail`, `vprintf` (device `printf`),
//! `malloc` and `free`, and `cudaGraphSetConditional`.

use super::budget::{PRINTF_WORK_PER_BYTE, RUNTIME_CALL_WORK};
use super::control::{Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::{Memory, PRINTF_FIFO_BYTES};
use crate::sim::engine::printf;

/// `printf`'s argument buffer as one thread sees it (usually in its local memory).
pub(super) struct ThreadArgs<'a, 'b> {
    pub(super) block: &'a mut Block<'b>,
    pub(super) gmem: &'a mut Memory,
    pub(super) w: &'a mut Warp,
    pub(super) l: usize,
    pub(super) base: u64,
    /// Bytes of arguments read so far, strings included (bounded by
    /// [`PRINTF_ARGUMENT_BYTES`]).
    pub(super) read: u64,
}

/// Bytes of arguments (strings included) one `printf` may read: as much as the output
/// buffer holds, so a format of many `%s` cannot read gigabytes for text a GPU drops.
const PRINTF_ARGUMENT_BYTES: u64 = PRINTF_FIFO_BYTES as u64;

impl printf::Args for ThreadArgs<'_, '_> {
    fn read(&mut self, offset: u64, size: usize) -> std::result::Result<u64, String> {
        let at = self.base.wrapping_add(offset);
        self.read = self.read.saturating_add(size as u64);
        self.block
            .read(self.gmem, self.w, self.l, MemSpace::Generic, at, size)
            .map_err(|e| format!("argument at offset {offset}: {e}"))
    }

    fn string(&mut self, address: u64) -> std::result::Result<String, String> {
        if self.read >= PRINTF_ARGUMENT_BYTES {
            return Err(format!(
                "its arguments' strings pass {PRINTF_ARGUMENT_BYTES} bytes (the size of the \
                 printf buffer)"
            ));
        }
        let s = self.block.c_string(self.gmem, self.w, self.l, address)?;
        self.read = self.read.saturating_add(s.len() as u64 + 1);
        Ok(s)
    }
}

impl Block<'_> {
    /// A C string at generic address `addr` as lane `l` sees it (at most 64 KiB).
    pub(super) fn c_string<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        addr: u64,
    ) -> std::result::Result<String, String> {
        let mut bytes = Vec::new();
        for i in 0..(64u64 << 10) {
            let b = self.read(gmem, w, l, MemSpace::Generic, addr.wrapping_add(i), 1)? as u8;
            if b == 0 {
                return Ok(String::from_utf8_lossy(&bytes).into_owned());
            }
            bytes.push(b);
        }
        Err(format!("the string at {addr:#x} has no end within 64 KiB"))
    }

    /// A device-runtime call (`assert`, `printf`, `malloc`, `free`; `Op::Runtime`) in
    /// lanes `m`, lane after lane. Each is charged what it costs (see [`super::budget`]),
    /// and the clock is read after it: one call may take as long as thousands of
    /// instructions.
    #[inline(never)]
    pub(super) fn exec_runtime<G: Global>(&mut self, x: Exec<'_, G>, op: &Runtime) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at,
            m,
        } = x;
        let Runtime {
            func,
            ref args,
            ret,
        } = *op;
        let arg = |w: &Warp, l: usize, k: usize| args.get(k).map_or(0, |&r| w.regs[r as usize][l]);
        for l in lanes(m) {
            let result = match func {
                RuntimeFn::AssertFail => {
                    let at = [arg(w, l, 0), arg(w, l, 1), arg(w, l, 3)];
                    return Err(self.assert_fail(gmem, w, l, at, arg(w, l, 2) as u32));
                }
                RuntimeFn::Vprintf => {
                    let mem = only_one(gmem)?;
                    self.printf(mem, w, ins, l, (arg(w, l, 0), arg(w, l, 1)))?
                }
                RuntimeFn::Malloc => {
                    let size = arg(w, l, 0);
                    // The heap hands out blocks as they are, not cleared (as on a GPU):
                    // the work is the search alone, whatever the size.
                    let at = only_one(gmem)?.device_malloc(size);
                    self.charge(heap_work(self.device_allocations));
                    self.device_allocations += (at != 0) as u64;
                    at
                }
                RuntimeFn::Free => {
                    let at = arg(w, l, 0);
                    self.charge(heap_work(self.device_allocations));
                    only_one(gmem)?
                        .device_free(at)
                        .map_err(|d| self.fault(w, l, ins, d))?;
                    self.device_allocations =
                        self.device_allocations.saturating_sub((at != 0) as u64);
                    0
                }
                RuntimeFn::SetConditional => {
                    // The handle is the address of its value (the simulator's graphs make
                    // it so): a store of 32 bits there, which faults on any other address.
                    let (handle, value) = (arg(w, l, 0), arg(w, l, 1) & 0xffff_ffff);
                    self.write(gmem, w, l, (MemSpace::Global, handle, 4), value)
                        .map_err(|d| self.fault(w, l, ins, d))?;
                    0
                }
            };
            if let Some(r) = ret {
                w.set(r, l, result);
            }
            self.meter.look(&self.code.name, ins.line)?;
        }
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }

    /// `__assert_fail` in lane `l`: the failed assertion, with the expression, file and
    /// function the strings at `at` name.
    #[cold]
    fn assert_fail<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        at: [u64; 3],
        source_line: u32,
    ) -> Error {
        let mut text = |a: u64| -> String {
            self.c_string(gmem, w, l, a)
                .unwrap_or_else(|e| format!("<unreadable: {e}>"))
        };
        let [expression, file, function] = at.map(&mut text);
        Error::DeviceAssert(Box::new(crate::error::DeviceAssertion {
            kernel: self.code.name.clone(),
            block: self.ctaid,
            thread: w.tid[l],
            expression,
            file,
            source_line,
            function,
        }))
    }

    /// `vprintf` in lane `l` of the format at `fmt_at` with the arguments at `base`: the
    /// text goes to the device output; the number of characters it printed. Charged for
    /// the bytes of the format, of the arguments read and of the text.
    fn printf(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        l: usize,
        (fmt_at, base): (u64, u64),
    ) -> Result<u64> {
        let fmt = self
            .c_string(gmem, w, l, fmt_at)
            .map_err(|d| self.fault(w, l, ins, format!("printf's format: {d}")))?;
        // Formatting stops where the device's printf buffer is full, so a huge width costs
        // what fits, not what was asked for.
        let room = gmem.printf_room();
        let mut reader = ThreadArgs {
            block: &mut *self,
            gmem: &mut *gmem,
            w: &mut *w,
            l,
            base,
            read: 0,
        };
        let formatted = printf::format_within(fmt.as_bytes(), &mut reader, room);
        let read = reader.read;
        let bytes = fmt.len() as u64 + read;
        let bytes =
            bytes.saturating_add(formatted.as_ref().map_or(0, |(text, _)| text.len() as u64));
        self.charge(RUNTIME_CALL_WORK + bytes.saturating_mul(PRINTF_WORK_PER_BYTE));
        let (text, count) =
            formatted.map_err(|d| self.fault(w, l, ins, format!("printf(\"{fmt}\", ...): {d}")))?;
        gmem.push_device_output(&text);
        Ok(count as u64)
    }
}

/// The memory itself, which device `printf`, `malloc` and `free` change: a launch of a
/// kernel that calls them runs on one thread ([`launch`](super::launch) sees to it).
pub(super) fn only_one<G: Global>(gmem: &mut G) -> Result<&mut Memory> {
    gmem.exclusive().ok_or_else(|| {
        Error::Unsupported("internal: a device-runtime call or texture in a parallel launch".into())
    })
}

/// The work of a device `malloc` or `free` while this launch holds `held` allocations: a
/// call, and a search of the heap in O(log n).
fn heap_work(held: u64) -> u64 {
    RUNTIME_CALL_WORK + u64::from(held.checked_ilog2().unwrap_or(0))
}
