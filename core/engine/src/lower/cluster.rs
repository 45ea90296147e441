//! Thread-block clusters: their special registers, `barrier.cluster`, and the addresses of
//! distributed shared memory (`mapa`, `getctarank`) with `isspacep`.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::sim::engine::ir::*;

/// The cluster special registers. Unlike [`SPECIAL`](super::SPECIAL) they are numbered
/// like the kernel's own registers on first use ([`KernelCode::cluster_regs`](super::KernelCode::cluster_regs)),
/// so kernels that do not read them (nearly all) keep their register file and launch as
/// before; a launch fills them at each block's start.
pub const CLUSTER_SPECIAL: [&str; 15] = [
    "%cluster_ctarank",
    "%cluster_nctarank",
    "%clusterid.x",
    "%clusterid.y",
    "%clusterid.z",
    "%nclusterid.x",
    "%nclusterid.y",
    "%nclusterid.z",
    "%cluster_ctaid.x",
    "%cluster_ctaid.y",
    "%cluster_ctaid.z",
    "%cluster_nctaid.x",
    "%cluster_nctaid.y",
    "%cluster_nctaid.z",
    "%is_explicit_cluster",
];

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Cluster`](super::opcode::Family::Cluster).
    pub(super) fn cluster(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        let generic = !x.has("shared");
        Ok(match opcode {
            Opcode::Mapa => {
                x.need(3)?;
                Op::Dsmem(Dsmem {
                    op: DsmemOp::Mapa { generic },
                    d: self.dst(&o[0], line)?,
                    a: self.src(&o[1], Ty::U(8), line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                })
            }
            Opcode::Getctarank => {
                x.need(2)?;
                Op::Dsmem(Dsmem {
                    op: DsmemOp::Getctarank { generic },
                    d: self.dst(&o[0], line)?,
                    a: self.src(&o[1], Ty::U(8), line)?,
                    b: Src::Imm(0),
                })
            }
            Opcode::Isspacep => {
                x.need(2)?;
                let raw: Vec<&str> = x.i.mods.iter().map(String::as_str).collect();
                let space = match raw.as_slice() {
                    ["global"] => SpaceTest::Global,
                    ["local"] => SpaceTest::Local,
                    ["shared"] | ["shared::cta"] => SpaceTest::SharedCta,
                    ["shared::cluster"] => SpaceTest::SharedCluster,
                    _ => return Err(unsupported(line, format!("`isspacep.{}`", raw.join(".")))),
                };
                Op::Dsmem(Dsmem {
                    op: DsmemOp::Isspacep(space),
                    d: self.dst(&o[0], line)?,
                    a: self.src(&o[1], Ty::U(8), line)?,
                    b: Src::Imm(0),
                })
            }
            _ => return Err(x.refused()),
        })
    }

    /// `barrier.cluster.arrive{.release|.relaxed}{.aligned}` and
    /// `barrier.cluster.wait{.acquire}{.aligned}`: the simulator runs a cluster's blocks in
    /// turn, so the memory orderings need nothing more.
    pub(super) fn cluster_barrier(&mut self, x: &Ins) -> Result<Op> {
        self.cluster_barrier = true;
        match (x.has("arrive"), x.has("wait")) {
            (true, false) => Ok(Op::ClusterBar(ClusterBar { wait: false })),
            (false, true) => Ok(Op::ClusterBar(ClusterBar { wait: true })),
            _ => Err(x.refused()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::sim::engine::ir::*;
    use crate::sim::engine::{load_ptx, Memory};

    /// The ops of kernel `k` whose body is `body`.
    fn lowered(body: &str) -> crate::error::Result<Vec<Op>> {
        let text = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() {{ \
             .reg .b32 %r<9>; .reg .b64 %rd<9>; .reg .pred %p<3>; {body} ret; }}"
        );
        let mut mem = Memory::new();
        let m = load_ptx(&text, &mut mem)?;
        Ok(m.kernel("k")?.code.iter().map(|i| i.op.clone()).collect())
    }

    #[test]
    fn cluster_instructions_lower_to_their_operations() {
        let ops = lowered(
            "mapa.shared::cluster.u32 %r1, %r2, %r3; mapa.u64 %rd1, %rd2, 1; \
             getctarank.shared::cluster.u32 %r4, %r1; isspacep.shared::cluster %p1, %rd1; \
             isspacep.shared %p2, %rd1; barrier.cluster.arrive.release.aligned; \
             barrier.cluster.wait.acquire.aligned; barrier.cluster.arrive.relaxed;",
        )
        .unwrap();
        assert!(matches!(
            ops[0],
            Op::Dsmem(Dsmem {
                op: DsmemOp::Mapa { generic: false },
                ..
            })
        ));
        assert!(matches!(
            ops[1],
            Op::Dsmem(Dsmem {
                op: DsmemOp::Mapa { generic: true },
                b: Src::Imm(1),
                ..
            })
        ));
        assert!(matches!(
            ops[2],
            Op::Dsmem(Dsmem {
                op: DsmemOp::Getctarank { generic: false },
                ..
            })
        ));
        assert!(matches!(
            ops[3],
            Op::Dsmem(Dsmem {
                op: DsmemOp::Isspacep(SpaceTest::SharedCluster),
                ..
            })
        ));
        assert!(matches!(
            ops[4],
            Op::Dsmem(Dsmem {
                op: DsmemOp::Isspacep(SpaceTest::SharedCta),
                ..
            })
        ));
        assert_eq!(ops[5], Op::ClusterBar(ClusterBar { wait: false }));
        assert_eq!(ops[6], Op::ClusterBar(ClusterBar { wait: true }));
        assert_eq!(ops[7], Op::ClusterBar(ClusterBar { wait: false }));
        // The fences that come with them order memory the simulator already keeps in order;
        // an mbarrier of another block is reached by a shared::cluster address.
        let ops = lowered(
            "fence.acq_rel.cluster; fence.mbarrier_init.release.cluster; membar.gl; \
             fence.proxy.async.shared::cta; \
             mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r1];",
        )
        .unwrap();
        assert!(
            ops[..4].iter().all(|o| *o == Op::Fence(Fence {})),
            "{ops:?}"
        );
        assert!(
            matches!(
                ops[4],
                Op::Mbar(Mbar {
                    addr: Addr {
                        space: MemSpace::Shared,
                        ..
                    },
                    ..
                })
            ),
            "{:?}",
            ops[4]
        );
    }

    #[test]
    fn cluster_special_registers_are_read_only_and_numbered_on_use() {
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k() { \
             .reg .b32 %r<3>; mov.u32 %r1, %cluster_ctarank; mov.u32 %r2, %cluster_ctarank; ret; }";
        let mut mem = Memory::new();
        let m = load_ptx(text, &mut mem).unwrap();
        assert_eq!(m.kernels["k"].cluster_regs.len(), 1);
        let e = lowered("mov.u32 %cluster_ctarank, 1;").unwrap_err();
        assert!(e.to_string().contains("read-only special register"), "{e}");
        let e = lowered("isspacep.param %p1, %rd1;").unwrap_err();
        assert!(e.to_string().contains("isspacep.param"), "{e}");
    }
}
