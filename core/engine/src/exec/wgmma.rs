//! Warpgroup matrix multiply-accumulate (`wgmma`) and `setmaxnreg`.
//!
//! A warpgroup is four consecutive warps whose first has a warp rank that is a multiple
//! of 4. Warp `w % 4` of it owns rows `16 (w % 4)` to `16 (w % 4) + 15` of the m64 result
//! and of A: each warp's part of a `wgmma.mma_async` needs only its own registers and the
//! shared memory, so the simulator runs it warp by warp, as it runs everything else.
//!
//! **Asynchrony.** `wgmma.mma_async` reads its operands when it issues and computes its
//! result then, but writes the accumulators only when a `wgmma.wait_group` retires its
//! group (`wgmma.commit_group` closes one). A later `wgmma.mma_async` into the same
//! registers accumulates onto the pending value, as on the GPU. Where the code names an
//! accumulator between the instruction and its wait, ptxas serializes the pipeline, and so
//! does the simulator: lowering marks such an instruction (`lower/wgmma.rs`) and it
//! completes when it issues. Otherwise a register written while its result is pending is a
//! fault when the group retires. What is pending stays bounded whatever the kernel issues:
//! one result per register in the open group, and at most `MAX_GROUPS` (32) committed
//! groups (a commit past them lands the oldest, as a GPU may). `wgmma.fence` orders
//! nothing the simulator needs ordered: ptxas injects it where a kernel leaves it out (its
//! info C7519), so neither needs it.
//!
//! **Shared-memory operands** (the PTX ISA's "Matrix Descriptor" and "Shared Memory
//! Matrix Layout"): a 64-bit descriptor holds the start address (bits 0-13, in 16-byte
//! units), the leading dimension byte offset LBO (bits 16-29), the stride dimension byte
//! offset SBO (bits 32-45), the base offset (bits 49-51) and the swizzle mode (bits
//! 62-63: 0 none, 1 128-byte, 2 64-byte, 3 32-byte). Matrices are made of core matrices
//! of 8 rows of 16 bytes. K-major (the default) without swizzle: row `r`, byte `kb` of K
//! at `start + (r % 8) * 16 + (r / 8) * SBO + kb % 16 + (kb / 16) * LBO`; with a swizzle
//! of width W: `start + (r % 8) * W + (r / 8) * SBO + kb`. MN-major (`imm-trans` 1,
//! 16-bit types), byte `mb` of M/N and row `k` of K: without swizzle `start + mb % 16 +
//! (mb / 16) * SBO + (k % 8) * 16 + (k / 8) * LBO`; with a swizzle `start + mb % W +
//! (mb / W) * LBO + (k % 8) * W + (k / 8) * SBO`. A swizzle then XORs the address's bits
//! 4.. (the 16-byte chunk) with its bits 7.. (the row within 8): one bit for 32-byte, two
//! for 64-byte, three for 128-byte, on the shared-memory address itself, so a descriptor
//! that starts 32 bytes into a swizzled row reads that row's next columns.
//! A descriptor with a base offset, or whose start is 128 bytes or more into its swizzle's
//! repeating pattern, is refused ([`Descriptor::unsimulated`] says why).

use super::budget::INSTRUCTION_WORK_AT_LEAST;
use super::control::{Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp, FULL};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;
use crate::sim::engine::tensor::{self, Operand as Which};
use std::collections::VecDeque;

/// Committed groups a warp keeps in flight at most. A commit past it lands the oldest group
/// first: a GPU may complete an asynchronous group at any time between its issue and its
/// wait (its queue is finite), so a kernel cannot tell, and a loop that commits without
/// ever waiting holds bounded memory instead of every result the work budget allows.
pub(super) const MAX_GROUPS: usize = 32;

/// A warp's `wgmma.mma_async` results not yet retired. The open group holds one result per
/// register (a later result for a register folds into the earlier one), so it is at most
/// the warp's registers, and at most [`MAX_GROUPS`] groups are committed.
#[derive(Debug, Default)]
pub(super) struct Pending {
    /// Results of the `wgmma.mma_async` since the last `wgmma.commit_group`.
    open: Vec<Write>,
    /// Committed groups, oldest first.
    groups: VecDeque<Vec<Write>>,
}

/// One accumulator register's pending result.
#[derive(Debug)]
struct Write {
    reg: u32,
    value: [u64; 32],
    /// The register's value when the instruction issued, which it must still hold when
    /// the result lands (`None` while an earlier pending result for it lands first).
    before: Option<[u64; 32]>,
    /// The issuing instruction's line, for the fault.
    line: u32,
}

impl Pending {
    /// The value register `reg` will hold once everything pending lands, if anything
    /// pending writes it.
    fn latest(&self, reg: u32) -> Option<&[u64; 32]> {
        self.open
            .iter()
            .rev()
            .chain(self.groups.iter().rev().flat_map(|g| g.iter().rev()))
            .find(|wr| wr.reg == reg)
            .map(|wr| &wr.value)
    }
}

/// A decoded matrix descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Descriptor {
    /// Start address in shared memory (bytes).
    pub(super) start: u64,
    /// Leading dimension byte offset.
    pub(super) lbo: u64,
    /// Stride dimension byte offset.
    pub(super) sbo: u64,
    /// The base offset field (bits 49-51).
    pub(super) base_offset: u8,
    /// Swizzle width in bytes: 0 (none), 32, 64 or 128.
    pub(super) swizzle: u64,
}

impl Descriptor {
    /// The fields of the 64-bit descriptor `v`.
    pub(super) fn decode(v: u64) -> Descriptor {
        let field = |shift: u32| ((v >> shift) & 0x3fff) << 4;
        Descriptor {
            start: field(0),
            lbo: field(16),
            sbo: field(32),
            base_offset: ((v >> 49) & 7) as u8,
            swizzle: match v >> 62 {
                1 => 128,
                2 => 64,
                3 => 32,
                _ => 0,
            },
        }
    }

    /// The byte address of byte `kb` along K of row `r` (along M or N) of a K-major
    /// operand.
    pub(super) fn k_major(&self, r: u64, kb: u64) -> u64 {
        let at = if self.swizzle == 0 {
            self.start + (r % 8) * 16 + (r / 8) * self.sbo + kb % 16 + (kb / 16) * self.lbo
        } else {
            self.start + (r % 8) * self.swizzle + (r / 8) * self.sbo + kb
        };
        self.swizzled(at)
    }

    /// The byte address of byte `mb` along M or N of row `k` (along K) of an MN-major
    /// operand.
    pub(super) fn mn_major(&self, mb: u64, k: u64) -> u64 {
        let w = self.swizzle;
        let at = if w == 0 {
            self.start + mb % 16 + (mb / 16) * self.sbo + (k % 8) * 16 + (k / 8) * self.lbo
        } else {
            self.start + mb % w + (mb / w) * self.lbo + (k % 8) * w + (k / 8) * self.sbo
        };
        self.swizzled(at)
    }

    /// Why the simulator does not read through this descriptor, if it does not: a base
    /// offset, or a start whose bits 7 and up are not those of its swizzle pattern's start.
    ///
    /// The PTX ISA ("Matrix Descriptor Format") says the base offset is 0 when the
    /// swizzle's repeating pattern starts on a 1024-, 512- or 256-byte boundary (128-,
    /// 64-, 32-byte swizzle) and otherwise `(pattern start >> 7) & 7`: the pattern's row
    /// bits, which the GPU may take from the field or from the start address. It does not
    /// say which, nor how the field enters the address. What is recorded on an H100
    /// (`tests/fixtures/hopper/mma/`, `layout_*_start32`) are starts within the first 128
    /// bytes of a repeat with base offset 0, read by the address's own bits as here; CUTLASS,
    /// DeepGEMM and ThunderKittens make no other. The rest is refused rather than guessed
    /// (`tests/gpu/wgmma.rs`, `wgmma_base_offsets_are_recorded`, records what an H100 does).
    pub(super) fn unsimulated(&self) -> Option<String> {
        let w = self.swizzle;
        if w == 0 {
            return (self.base_offset != 0).then(|| {
                format!(
                    "has a base offset ({}) without a swizzle: the PTX ISA gives the field a \
                     meaning only for swizzled layouts and what a GPU does with it is not \
                     recorded; write 0 in bits 49-51",
                    self.base_offset
                )
            });
        }
        let repeat = 8 * w;
        let into = self.start % repeat;
        if self.base_offset == 0 && into < 128 {
            return None;
        }
        let offset = if self.base_offset == 0 {
            String::new()
        } else {
            format!("has a base offset ({}) and ", self.base_offset)
        };
        Some(format!(
            "{offset}starts at {:#x}, {into} bytes into the {w}-byte swizzle's {repeat}-byte \
             repeating pattern: the PTX ISA does not say how a GPU reads such an operand and \
             an H100's answer is not recorded, so the simulator needs the pattern to start \
             on a {repeat}-byte boundary (base offset 0) and the descriptor at most 112 bytes \
             past it, as CUTLASS, DeepGEMM and ThunderKittens lay their tiles out",
            self.start
        ))
    }

    /// `at` with its 16-byte chunk bits XORed with its row bits, as the swizzle says.
    fn swizzled(&self, at: u64) -> u64 {
        let bits = match self.swizzle {
            32 => 1,
            64 => 2,
            128 => 3,
            _ => return at,
        };
        let mask = (1u64 << bits) - 1;
        at ^ (((at >> 7) & mask) << 4)
    }
}

/// The row and column of element `i` of a lane's accumulator fragment in its warp's
/// 16 rows: the `mma` m16n8 layout, one 8-column block per four elements.
pub(super) fn accumulator_position(lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane & 3);
    (g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * t + (i & 1))
}

impl Block<'_> {
    /// A warpgroup instruction (`Op::Wgmma`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_wgmma<G: Global>(&mut self, x: Exec<'_, G>, op: &Wgmma) -> Result<Flow> {
        let Exec { w, ins, at, m, .. } = x;
        let first = lanes(m).next().unwrap_or(0);
        // `.sync.aligned`: the whole warp (and warpgroup) executes it together.
        if m != FULL || w.live != FULL {
            return Err(self.fault(
                w,
                first,
                ins,
                format!(
                    "{} is .sync.aligned: all 32 threads of each warp of the warpgroup must \
                     execute it together, and lanes {:#010x} did",
                    ins.text, m
                ),
            ));
        }
        let group = w.index / 4;
        if (self.threads as usize) < 128 * (group + 1) {
            return Err(self.fault(
                w,
                first,
                ins,
                format!(
                    "{} needs a whole warpgroup (4 warps, 128 threads), and the block's {} \
                     threads leave warpgroup {group} incomplete",
                    ins.text, self.threads
                ),
            ));
        }
        match &op.op {
            // ptxas injects the fence (`warpgroup.arrive`, its info C7519) where a kernel
            // leaves it out, so the GPU runs such a kernel as if it were there.
            WgmmaOp::Fence => {}
            WgmmaOp::Commit => {
                if !w.wgmma.open.is_empty() {
                    let g = std::mem::take(&mut w.wgmma.open);
                    w.wgmma.groups.push_back(g);
                    self.retire(w, ins, MAX_GROUPS)?;
                }
            }
            WgmmaOp::Wait(n) => self.retire(w, ins, *n as usize)?,
            WgmmaOp::SetMaxNReg { .. } => {}
            WgmmaOp::Mma(mma) => {
                self.mma_async(w, ins, mma)?;
                let s = mma.shape;
                let products = (16 * s.n as u64).saturating_mul(s.k as u64);
                self.charge(products.saturating_sub(INSTRUCTION_WORK_AT_LEAST));
            }
        }
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }

    /// Lands the oldest committed groups until at most `keep` are pending.
    fn retire(&self, w: &mut Warp, ins: &Instr, keep: usize) -> Result<()> {
        while w.wgmma.groups.len() > keep {
            let Some(group) = w.wgmma.groups.pop_front() else {
                break;
            };
            for wr in group {
                let now = w.regs[wr.reg as usize];
                if let Some(before) = wr.before {
                    if now != before {
                        let lane = (0..32).find(|&l| now[l] != before[l]).unwrap_or(0);
                        return Err(self.fault(
                            w,
                            lane,
                            ins,
                            format!(
                                "an accumulator of the wgmma.mma_async at line {} was written \
                                 while it was in flight: wait for its group \
                                 (wgmma.wait_group) before writing it",
                                wr.line
                            ),
                        ));
                    }
                }
                w.regs[wr.reg as usize] = wr.value;
                // The next pending result for this register lands on this one.
                let next = w
                    .wgmma
                    .groups
                    .iter_mut()
                    .flat_map(|g| g.iter_mut())
                    .chain(w.wgmma.open.iter_mut())
                    .find(|n| n.reg == wr.reg);
                if let Some(n) = next {
                    n.before = Some(wr.value);
                }
            }
        }
        Ok(())
    }

    /// Issues this warp's part of a `wgmma.mma_async`: its 16 rows of `D = A * B (+ D)`.
    fn mma_async(&mut self, w: &mut Warp, ins: &Instr, mma: &WgmmaMma) -> Result<()> {
        let Shape { n, k, .. } = mma.shape;
        let t = mma.types;
        let rows = 16usize;
        let row0 = 16 * (w.index % 4);
        let bits = t.a.bits() as u64;
        // A: 16 x k of this warp's rows.
        let mut a = vec![0u64; rows * k];
        match &mma.a {
            WgmmaA::Regs(regs) => {
                let frag: tensor::Fragment = regs.iter().map(|&s| w.row(s)).collect();
                let shape = Shape { m: 16, n: 8, k };
                let (ar, ac) = Which::A.dims(shape);
                for l in 0..32 {
                    for i in 0..ar * ac / 32 {
                        let (r, c) = tensor::mma_position(Which::A, t.a, l, i);
                        a[r * k + c] = tensor::fragment_get(&frag, t.a, l, i);
                    }
                }
            }
            WgmmaA::Desc(src) => {
                let desc = self.descriptor(w, ins, *src)?;
                for r in 0..rows {
                    for c in 0..k {
                        a[r * k + c] = self.element(
                            w,
                            ins,
                            &desc,
                            mma.transpose[0],
                            ((row0 + r) as u64, c as u64),
                            bits,
                        )?;
                    }
                }
            }
        }
        // B: k x n.
        let desc = self.descriptor(w, ins, mma.b_desc)?;
        let mut b = vec![0u64; k * n];
        for c in 0..k {
            for col in 0..n {
                b[c * n + col] = self.element(
                    w,
                    ins,
                    &desc,
                    mma.transpose[1],
                    (col as u64, c as u64),
                    t.b.bits() as u64,
                )?;
            }
        }
        if mma.negate[0] {
            a.iter_mut().for_each(|v| *v ^= 1 << (bits - 1));
        }
        if mma.negate[1] {
            let top = t.b.bits() - 1;
            b.iter_mut().for_each(|v| *v ^= 1 << top);
        }
        // C: the accumulators (as pending results will leave them), or 0 where scale-d
        // is false.
        let frag: tensor::Fragment = mma
            .d
            .iter()
            .map(|&r| *w.wgmma.latest(r).unwrap_or(&w.regs[r as usize]))
            .collect();
        let scale = w.row(mma.scale_d);
        let per_lane = n / 2;
        let mut c = vec![0u64; rows * n];
        for (l, &keep) in scale.iter().enumerate() {
            if keep & 1 == 0 {
                continue;
            }
            for i in 0..per_lane {
                let (r, col) = accumulator_position(l, i);
                c[r * n + col] = tensor::fragment_get(&frag, t.d, l, i);
            }
        }
        let d = tensor::multiply(Shape { m: rows, n, k }, t, tensor::Unit::Wgmma, &a, &b, &c);
        let mut out: tensor::Fragment = vec![[0u64; 32]; mma.d.len()];
        for l in 0..32 {
            for i in 0..per_lane {
                let (r, col) = accumulator_position(l, i);
                tensor::fragment_set(&mut out, t.d, l, i, d[r * n + col]);
            }
        }
        if mma.serialized {
            // As ptxas compiles it: everything before it lands, then it completes.
            w.wgmma
                .groups
                .extend(Some(std::mem::take(&mut w.wgmma.open)).filter(|g| !g.is_empty()));
            self.retire(w, ins, 0)?;
            for (&reg, value) in mma.d.iter().zip(out) {
                w.regs[reg as usize] = value;
            }
            return Ok(());
        }
        for (&reg, value) in mma.d.iter().zip(out) {
            // A second result for a register in the open group lands right after the
            // first, in the same wait: keeping only the last (and the first's `before`, what
            // the register must hold until then) retires the same way.
            if let Some(open) = w.wgmma.open.iter_mut().find(|wr| wr.reg == reg) {
                open.value = value;
                continue;
            }
            let chained = w.wgmma.latest(reg).is_some();
            w.wgmma.open.push(Write {
                reg,
                value,
                before: (!chained).then(|| w.regs[reg as usize]),
                line: ins.line,
            });
        }
        Ok(())
    }

    /// The descriptor in `src`, which must be the same in every lane.
    fn descriptor(&self, w: &Warp, ins: &Instr, src: Src) -> Result<Descriptor> {
        let row = w.row(src);
        if let Some(l) = (1..32).find(|&l| row[l] != row[0]) {
            return Err(self.fault(
                w,
                l,
                ins,
                format!(
                    "{}: a matrix descriptor must be the same in every thread ({:#x} in lane 0, \
                     {:#x} in lane {l})",
                    ins.text, row[0], row[l]
                ),
            ));
        }
        let desc = Descriptor::decode(row[0]);
        if let Some(why) = desc.unsimulated() {
            return Err(self.fault(
                w,
                0,
                ins,
                format!("{}: the descriptor {:#x} {why}", ins.text, row[0]),
            ));
        }
        Ok(desc)
    }

    /// Element `(mn, k)` of `bits` bits of a shared-memory operand.
    fn element(
        &self,
        w: &Warp,
        ins: &Instr,
        desc: &Descriptor,
        mn_major: bool,
        (mn, k): (u64, u64),
        bits: u64,
    ) -> Result<u64> {
        let (addr, shift) = if mn_major {
            (desc.mn_major(mn * bits / 8, k), 0)
        } else {
            let kbit = k * bits;
            (desc.k_major(mn, kbit / 8), kbit % 8)
        };
        let bytes = bits.div_ceil(8) as usize;
        let slice = usize::try_from(addr)
            .ok()
            .and_then(|a| self.shared.get(a..a.checked_add(bytes)?));
        let Some(slice) = slice else {
            return Err(self.fault(
                w,
                0,
                ins,
                format!(
                    "{} reads shared memory at {addr:#x}, past the block's {} bytes \
                     (descriptor start {:#x}, LBO {}, SBO {}, swizzle {})",
                    ins.text,
                    self.shared.len(),
                    desc.start,
                    desc.lbo,
                    desc.sbo,
                    match desc.swizzle {
                        0 => "none".to_string(),
                        s => format!("{s}B"),
                    }
                ),
            ));
        };
        let v = slice
            .iter()
            .rev()
            .fold(0u64, |v, &byte| (v << 8) | byte as u64);
        Ok(if bits < 8 {
            (v >> shift) & ((1 << bits) - 1)
        } else {
            v
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(start: u64, lbo: u64, sbo: u64, swizzle: u64) -> u64 {
        (start >> 4) | (lbo >> 4) << 16 | (sbo >> 4) << 32 | swizzle << 62
    }

    #[test]
    fn descriptors_decode_their_fields() {
        let d = Descriptor::decode(desc(0x1230, 128, 1024, 1) | 5 << 49);
        assert_eq!(
            d,
            Descriptor {
                start: 0x1230,
                lbo: 128,
                sbo: 1024,
                base_offset: 5,
                swizzle: 128
            }
        );
        assert_eq!(Descriptor::decode(desc(0, 0, 0, 3)).swizzle, 32);
        assert_eq!(Descriptor::decode(desc(0, 0, 0, 2)).swizzle, 64);
    }

    #[test]
    fn k_major_without_swizzle_steps_core_matrices_by_lbo_and_sbo() {
        let d = Descriptor::decode(desc(0x400, 128, 256, 0));
        assert_eq!(d.k_major(0, 0), 0x400);
        assert_eq!(d.k_major(1, 2), 0x400 + 16 + 2);
        assert_eq!(d.k_major(0, 16), 0x400 + 128);
        assert_eq!(d.k_major(9, 17), 0x400 + 256 + 16 + 128 + 1);
    }

    #[test]
    fn a_128_byte_swizzle_permutes_the_chunks_of_each_row() {
        let d = Descriptor::decode(desc(0, 16, 1024, 1));
        // Row 0 is in place; row 1's chunk 0 is its chunk 1; row 7's chunk 0 its chunk 7.
        assert_eq!(d.k_major(0, 0), 0);
        assert_eq!(d.k_major(1, 0), 128 + 16);
        assert_eq!(d.k_major(7, 3), 7 * 128 + 7 * 16 + 3);
        // Row 8 starts the next 8-row group, SBO on, in place again.
        assert_eq!(d.k_major(8, 0), 1024);
        // Every row's 128 bytes are a permutation of its chunks.
        for r in 0..8 {
            let mut chunks: Vec<u64> = (0..8).map(|c| d.k_major(r, c * 16) % 128 / 16).collect();
            chunks.sort_unstable();
            assert_eq!(chunks, (0..8).collect::<Vec<_>>());
        }
        // A descriptor 32 bytes into the row reads logical chunks 2 and 3.
        let k2 = Descriptor::decode(desc(32, 16, 1024, 1));
        // Row 3's logical chunk 2 sits at chunk 2 ^ 3 = 1.
        assert_eq!(k2.k_major(3, 0), 3 * 128 + 16);
    }

    #[test]
    fn narrower_swizzles_xor_fewer_bits() {
        // 32-byte rows: address bit 7 is the row's bit 2, so rows 4-7 swap their chunks.
        let d32 = Descriptor::decode(desc(0, 16, 256, 3));
        assert_eq!(d32.k_major(1, 0), 32);
        assert_eq!(d32.k_major(4, 0), 4 * 32 + 16);
        assert_eq!(d32.k_major(5, 16), 5 * 32);
        // 64-byte rows: bits 7-8 are the row's bits 1-2.
        let d64 = Descriptor::decode(desc(0, 16, 512, 2));
        assert_eq!(d64.k_major(1, 0), 64);
        assert_eq!(d64.k_major(3, 0), 3 * 64 + 16);
        assert_eq!(d64.k_major(4, 16), 4 * 64 + 3 * 16);
    }

    #[test]
    fn only_starts_in_the_first_128_bytes_of_a_pattern_without_a_base_offset_are_read() {
        let why = |d: u64| Descriptor::decode(d).unsimulated();
        // 128-byte swizzle: the start 1024-aligned, or 16..112 bytes on (a k-step).
        for start in [0, 32, 96, 1024, 1024 + 112, 0x3fc00] {
            assert_eq!(why(desc(start, 16, 1024, 1)), None, "start {start:#x}");
        }
        // 128 bytes or more into the 1024-byte repeat: bits 7-9 of the start not 0.
        for (start, into) in [(128, 128), (384 + 32, 416), (1024 + 640, 640)] {
            let e = why(desc(start, 16, 1024, 1)).expect("refused");
            assert!(
                e.contains(&format!("starts at {start:#x}, {into} bytes into")),
                "{e}"
            );
            assert!(e.contains("1024-byte boundary"), "{e}");
            assert!(e.contains("at most 112 bytes past"), "{e}");
        }
        // 64-byte swizzle, a 512-byte repeat: rows 0 and 1 (the recorded start 32 and a
        // row on) are read, 128 bytes on is not. 32-byte, 256: rows 0-3 are read.
        assert_eq!(why(desc(512 + 32, 16, 512, 2)), None);
        assert_eq!(why(desc(64, 16, 512, 2)), None);
        assert!(why(desc(128, 16, 512, 2)).is_some_and(|e| e.contains("512-byte boundary")));
        assert_eq!(why(desc(256 + 32, 16, 256, 3)), None);
        assert!(why(desc(128, 16, 256, 3)).is_some_and(|e| e.contains("256-byte boundary")));
        // A base offset is refused at any start, with a swizzle or without one.
        let e = why(desc(0, 16, 1024, 1) | 3 << 49).expect("refused");
        assert!(
            e.starts_with("has a base offset (3) and starts at 0x0"),
            "{e}"
        );
        let e = why(desc(0, 128, 256, 0) | 1 << 49).expect("refused");
        assert!(e.contains("has a base offset (1) without a swizzle"), "{e}");
        // Without a swizzle any (16-byte) start is read.
        assert_eq!(why(desc(0x1230, 128, 256, 0)), None);
    }

    #[test]
    fn mn_major_layouts_run_along_m_first() {
        let d = Descriptor::decode(desc(0, 1024, 128, 0));
        assert_eq!(d.mn_major(2, 0), 2);
        assert_eq!(d.mn_major(16, 0), 128);
        assert_eq!(d.mn_major(0, 1), 16);
        assert_eq!(d.mn_major(0, 8), 1024);
        let s = Descriptor::decode(desc(0, 2048, 1024, 1));
        assert_eq!(s.mn_major(0, 1), 128 + 16);
        assert_eq!(s.mn_major(128, 0), 2048);
        assert_eq!(s.mn_major(0, 8), 1024);
    }

    #[test]
    fn accumulators_tile_the_warps_rows() {
        for n in [8usize, 24, 256] {
            let mut seen = vec![0u8; 16 * n];
            for l in 0..32 {
                for i in 0..n / 2 {
                    let (r, c) = accumulator_position(l, i);
                    seen[r * n + c] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "n {n}");
        }
    }
}
