//! Cooperative groups, the part kernels use: `this_thread_block()`, `tiled_partition<N>()`,
//! and the groups' `sync`, `thread_rank`, `size`, `meta_group_rank`, shuffles and votes,
//! lowered onto the special registers and warp instructions NVRTC's inlined library uses.
//! A group holds no data: everything follows from its type and the thread's indices.

use super::*;
use crate::types::UINT;

/// The linear rank of the thread in its block.
const BLOCK_RANK: &str = "(threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x";
/// The number of threads in the block.
const BLOCK_SIZE: &str = "blockDim.x * blockDim.y * blockDim.z";

/// Which group a struct type is.
enum Group {
    Block,
    Tile(u32),
    Grid,
}

impl Sema<'_> {
    /// The struct type of a group named `name` (`thread_block`, `thread_block_tile<32>`).
    pub(super) fn group_type(&mut self, name: &str) -> Type {
        if let Some(&id) = self.struct_ids.get(name) {
            return Type::Struct(id);
        }
        let id = self.add_struct(StructInfo {
            name: Rc::from(name),
            fields: Vec::new(),
            size: 1,
            align: 1,
        });
        Type::Struct(id)
    }

    /// Whether a `thread_group` parameter is of type `p` and `a` is a group it takes (any
    /// group: a `thread_group` parameter takes the argument's own type when inlined, so
    /// `g.size()` is the tile's or the block's).
    pub(super) fn takes_any_group(&self, p: &Type, a: &Type) -> bool {
        self.is_thread_group(p) && self.group_of(a).is_some()
    }

    /// Whether `t` is `cooperative_groups::thread_group`.
    pub(super) fn is_thread_group(&self, t: &Type) -> bool {
        matches!(t, Type::Struct(id) if &*self.struct_info(*id).name == "thread_group")
    }

    fn group_of(&self, t: &Type) -> Option<Group> {
        let Type::Struct(id) = t else { return None };
        let name = &*self.struct_info(*id).name;
        match name {
            "thread_block" | "thread_group" => Some(Group::Block),
            "grid_group" => Some(Group::Grid),
            _ => name
                .strip_prefix("thread_block_tile<")
                .and_then(|n| n.trim_end_matches('>').parse().ok())
                .map(Group::Tile),
        }
    }

    fn snippet(&mut self, text: &str) -> Result<Value> {
        let e = crate::parse::parse_expression(text)?;
        self.expr(&e)
    }

    fn group_value(&mut self, t: Type) -> Value {
        Value::new(Op::Int(0), t)
    }

    /// `cg::this_thread_block()`, `cg::tiled_partition<N>(g)`, `cg::sync(g)`, if `name` is
    /// one of them.
    pub(super) fn group_function(
        &mut self,
        name: &str,
        targs: Option<&[TemplArg]>,
        args: &[Expr],
        pos: Pos,
    ) -> Result<Option<Value>> {
        Ok(Some(match name {
            "this_thread_block" => {
                let t = self.group_type("thread_block");
                self.group_value(t)
            }
            "this_grid" => {
                let t = self.group_type("grid_group");
                self.group_value(t)
            }
            "tiled_partition" => {
                let Some([TemplArg::Value(n)]) = targs else {
                    return Err(Diag::unsupported(
                        pos,
                        "tiled_partition without a constant size (the dynamic thread_group form)",
                    ));
                };
                let tp = self.tparams();
                let n = self.const_int(n, &tp)?;
                if !(1..=32).contains(&n) || n & (n - 1) != 0 {
                    return Err(Diag::new(pos, format!("a tile of {n} threads"))
                        .note("tiles are 1, 2, 4, 8, 16 or 32 threads"));
                }
                for a in args {
                    self.expr(a)?;
                }
                let t = self.group_type(&format!("thread_block_tile<{n}>"));
                self.group_value(t)
            }
            "sync" if args.len() == 1 => {
                let g = self.expr(&args[0])?;
                return self.group_method(&g.ty, "sync", &[], pos);
            }
            _ => return Ok(None),
        }))
    }

    /// A method of a group (`block.sync()`, `tile.shfl_down(v, 1)`).
    pub(super) fn group_method(
        &mut self,
        t: &Type,
        m: &str,
        args: &[Expr],
        pos: Pos,
    ) -> Result<Option<Value>> {
        let Some(g) = self.group_of(t) else {
            return Ok(None);
        };
        let void = Value::new(Op::Int(0), Type::Void);
        let v = match (g, m) {
            (Group::Block, "sync" | "barrier_sync") => {
                self.b().ins("bar.sync \t0");
                void
            }
            (Group::Block, "thread_rank") => self.snippet(BLOCK_RANK)?,
            (Group::Block, "size" | "num_threads") => self.snippet(BLOCK_SIZE)?,
            (Group::Block, "group_index") => self.snippet("make_dim3(blockIdx.x, blockIdx.y, blockIdx.z)")?,
            (Group::Block, "thread_index") => self.snippet("make_dim3(threadIdx.x, threadIdx.y, threadIdx.z)")?,
            (Group::Block, "group_dim" | "dim_threads") => self.snippet("make_dim3(blockDim.x, blockDim.y, blockDim.z)")?,
            (Group::Grid, "thread_rank") => self.snippet(&format!("(blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) * ({BLOCK_SIZE}) + {BLOCK_RANK}"))?,
            (Group::Grid, "size" | "num_threads") => self.snippet(&format!("gridDim.x * gridDim.y * gridDim.z * {BLOCK_SIZE}"))?,
            (Group::Tile(_), "sync") => {
                self.b().ins("bar.warp.sync \t-1");
                void
            }
            (Group::Tile(n), "thread_rank") => self.snippet(&format!("({BLOCK_RANK}) & {}u", n - 1))?,
            (Group::Tile(n), "size" | "num_threads") => Value::new(Op::Int(i64::from(n)), UINT),
            (Group::Tile(n), "meta_group_rank") => self.snippet(&format!("({BLOCK_RANK}) / {n}u"))?,
            (Group::Tile(n), "meta_group_size") => self.snippet(&format!("({BLOCK_SIZE} + {}u) / {n}u", n - 1))?,
            (Group::Tile(n), "shfl" | "shfl_down" | "shfl_up" | "shfl_xor") => {
                let mode = match m {
                    "shfl" => "idx",
                    "shfl_down" => "down",
                    "shfl_up" => "up",
                    _ => "bfly",
                };
                let mut vals = vec![Value::new(Op::Int(-1), UINT)];
                for a in args {
                    vals.push(self.expr(a)?);
                }
                vals.push(Value::new(Op::Int(i64::from(n)), crate::types::INT));
                return self.shfl(mode, vals, pos).map(Some);
            }
            (Group::Tile(_), "any" | "all" | "ballot") => {
                let mut vals = vec![Value::new(Op::Int(-1), UINT)];
                for a in args {
                    vals.push(self.expr(a)?);
                }
                return self.vote(m, vals, pos).map(Some);
            }
            (_, m) => return Err(Diag::unsupported(pos, &format!("the cooperative-groups method '{m}'"))),
        };
        Ok(Some(v))
    }
}
