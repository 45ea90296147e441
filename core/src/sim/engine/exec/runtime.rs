//! The device runtime a kernel calls: `__assert_fail`, `vprintf` (device `printf`),
//! `malloc` and `free`.

use super::block::Block;
use super::warp::{lanes, Warp};
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::Memory;
use crate::sim::engine::printf;

/// `printf`'s argument buffer as one thread sees it (usually in its local memory).
pub(super) struct ThreadArgs<'a, 'b> {
    pub(super) block: &'a mut Block<'b>,
    pub(super) gmem: &'a mut Memory,
    pub(super) w: &'a mut Warp,
    pub(super) l: usize,
    pub(super) base: u64,
}

impl printf::Args for ThreadArgs<'_, '_> {
    fn read(&mut self, offset: u64, size: usize) -> std::result::Result<u64, String> {
        let at = self.base.wrapping_add(offset);
        self.block
            .read(self.gmem, self.w, self.l, MemSpace::Generic, at, size)
            .map_err(|e| format!("argument at offset {offset}: {e}"))
    }

    fn string(&mut self, address: u64) -> std::result::Result<String, String> {
        self.block.c_string(self.gmem, self.w, self.l, address)
    }
}

impl Block<'_> {
    /// A C string at generic address `addr` as lane `l` sees it (at most 64 KiB).
    pub(super) fn c_string(
        &mut self,
        gmem: &mut Memory,
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
    /// lanes `m`.
    pub(super) fn exec_runtime(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        m: u32,
    ) -> Result<()> {
        let Op::Runtime {
            func,
            ref args,
            ret,
        } = ins.op
        else {
            return Ok(());
        };
        let arg = |w: &Warp, l: usize, k: usize| args.get(k).map_or(0, |&r| w.regs[r as usize][l]);
        for l in lanes(m) {
            let result = match func {
                RuntimeFn::AssertFail => {
                    let (m_at, f_at, fn_at) = (arg(w, l, 0), arg(w, l, 1), arg(w, l, 3));
                    let source_line = arg(w, l, 2) as u32;
                    let mut text = |a: u64| -> String {
                        self.c_string(gmem, w, l, a)
                            .unwrap_or_else(|e| format!("<unreadable: {e}>"))
                    };
                    let expression = text(m_at);
                    let file = text(f_at);
                    let function = text(fn_at);
                    return Err(Error::DeviceAssert(Box::new(
                        crate::error::DeviceAssertion {
                            kernel: self.code.name.clone(),
                            block: self.ctaid,
                            thread: w.tid[l],
                            expression,
                            file,
                            source_line,
                            function,
                        },
                    )));
                }
                RuntimeFn::Vprintf => {
                    let fmt = self
                        .c_string(gmem, w, l, arg(w, l, 0))
                        .map_err(|d| self.fault(w, l, ins, format!("printf's format: {d}")))?;
                    let base = arg(w, l, 1);
                    let mut reader = ThreadArgs {
                        block: &mut *self,
                        gmem: &mut *gmem,
                        w: &mut *w,
                        l,
                        base,
                    };
                    let (text, count) =
                        printf::format(fmt.as_bytes(), &mut reader).map_err(|d| {
                            self.fault(w, l, ins, format!("printf(\"{fmt}\", ...): {d}"))
                        })?;
                    gmem.push_device_output(&text);
                    count as u64
                }
                RuntimeFn::Malloc => gmem.device_malloc(arg(w, l, 0)),
                RuntimeFn::Free => {
                    gmem.device_free(arg(w, l, 0))
                        .map_err(|d| self.fault(w, l, ins, d))?;
                    0
                }
            };
            if let Some(r) = ret {
                w.set(r, l, result);
            }
        }
        Ok(())
    }
}
