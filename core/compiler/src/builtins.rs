//! CUDA's built-in functions and types, one table row each: the C name, the signature, and
//! the PTX it becomes. A row's PTX is a template: `{d}` is the result register, `{0}`,
//! `{1}`, ... the arguments, `{p}`/`{q}` fresh predicates, `{r}`/`{s}` fresh 32-bit and
//! `{rd}` fresh 64-bit registers. Rows whose lowering depends on the argument type
//! (atomics, shuffles, votes) name a [`Lower`] kind the code generator expands.

/// A parameter or result type in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum P {
    /// No value.
    Void,
    /// `int`
    I32,
    /// `unsigned int`
    U32,
    /// `long long`
    I64,
    /// `unsigned long long`
    U64,
    /// `float`
    F32,
    /// `double`
    F64,
    /// Any type (the lowering decides; atomics' values, shuffles' payloads).
    Any,
    /// A pointer to anything.
    Ptr,
}

/// How a row lowers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lower {
    /// The PTX template.
    Ptx(&'static str),
    /// `atom.OP` on the pointee's type (arguments: pointer, value[, value]).
    Atomic(&'static str),
    /// `shfl.sync.MODE` on a 32- or 64-bit payload (mask, value, lane/delta, width).
    Shfl(&'static str),
    /// `vote.sync.MODE` (mask, predicate).
    Vote(&'static str),
    /// `ld.global.nc` of the pointee.
    Ldg,
}

/// One built-in function.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The C name.
    pub name: &'static str,
    /// Parameter types.
    pub params: &'static [P],
    /// Result type.
    pub ret: P,
    /// The PTX it becomes.
    pub lower: Lower,
}

const fn row(name: &'static str, params: &'static [P], ret: P, ptx: &'static str) -> Builtin {
    Builtin {
        name,
        params,
        ret,
        lower: Lower::Ptx(ptx),
    }
}

const fn special(name: &'static str, params: &'static [P], ret: P, lower: Lower) -> Builtin {
    Builtin {
        name,
        params,
        ret,
        lower,
    }
}

use P::*;

/// Every built-in function. Several rows may share a name (overloads by arity or type);
/// the first whose parameters fit the arguments is used.
pub const BUILTINS: &[Builtin] = &[
    // synchronisation and fences
    row("__syncthreads", &[], Void, "bar.sync \t0"),
    row("__syncthreads_count", &[I32], I32, "setp.ne.s32 \t{p}, {0}, 0;bar.red.popc.u32 \t{d}, 0, {p}"),
    row("__syncthreads_and", &[I32], I32, "setp.ne.s32 \t{p}, {0}, 0;bar.red.and.pred \t{q}, 0, {p};selp.u32 \t{d}, 1, 0, {q}"),
    row("__syncthreads_or", &[I32], I32, "setp.ne.s32 \t{p}, {0}, 0;bar.red.or.pred \t{q}, 0, {p};selp.u32 \t{d}, 1, 0, {q}"),
    row("__syncwarp", &[], Void, "bar.warp.sync \t-1"),
    row("__syncwarp", &[U32], Void, "bar.warp.sync \t{0}"),
    row("__threadfence", &[], Void, "membar.gl"),
    row("__threadfence_block", &[], Void, "membar.cta"),
    row("__threadfence_system", &[], Void, "membar.sys"),
    row("__trap", &[], Void, "trap"),
    row("__brkpt", &[], Void, "brkpt"),
    row("__nanosleep", &[U32], Void, "nanosleep.u32 \t{0}"),
    // warp votes and lane masks
    special("__ballot_sync", &[U32, I32], U32, Lower::Vote("ballot")),
    special("__any_sync", &[U32, I32], I32, Lower::Vote("any")),
    special("__all_sync", &[U32, I32], I32, Lower::Vote("all")),
    special("__uni_sync", &[U32, I32], I32, Lower::Vote("uni")),
    row("__activemask", &[], U32, "activemask.b32 \t{d}"),
    row("__lanemask_lt", &[], U32, "mov.u32 \t{d}, %lanemask_lt"),
    row("__lanemask_le", &[], U32, "mov.u32 \t{d}, %lanemask_le"),
    row("__lanemask_gt", &[], U32, "mov.u32 \t{d}, %lanemask_gt"),
    row("__lanemask_ge", &[], U32, "mov.u32 \t{d}, %lanemask_ge"),
    row("__lanemask_eq", &[], U32, "mov.u32 \t{d}, %lanemask_eq"),
    special("__shfl_sync", &[U32, Any, I32, I32], Any, Lower::Shfl("idx")),
    special("__shfl_up_sync", &[U32, Any, U32, I32], Any, Lower::Shfl("up")),
    special("__shfl_down_sync", &[U32, Any, U32, I32], Any, Lower::Shfl("down")),
    special("__shfl_xor_sync", &[U32, Any, I32, I32], Any, Lower::Shfl("bfly")),
    // integer intrinsics
    row("__popc", &[U32], I32, "popc.b32 \t{d}, {0}"),
    row("__popcll", &[U64], I32, "popc.b64 \t{d}, {0}"),
    row("__clz", &[I32], I32, "clz.b32 \t{d}, {0}"),
    row("__clzll", &[I64], I32, "clz.b64 \t{d}, {0}"),
    row("__ffs", &[I32], I32, "brev.b32 \t{r}, {0};bfind.shiftamt.u32 \t{s}, {r};add.s32 \t{d}, {s}, 1"),
    row("__ffsll", &[I64], I32, "brev.b64 \t{rd}, {0};bfind.shiftamt.u64 \t{s}, {rd};add.s32 \t{d}, {s}, 1"),
    row("__brev", &[U32], U32, "brev.b32 \t{d}, {0}"),
    row("__brevll", &[U64], U64, "brev.b64 \t{d}, {0}"),
    row("__mul24", &[I32, I32], I32, "mul24.lo.s32 \t{d}, {0}, {1}"),
    row("__umul24", &[U32, U32], U32, "mul24.lo.u32 \t{d}, {0}, {1}"),
    row("__mulhi", &[I32, I32], I32, "mul.hi.s32 \t{d}, {0}, {1}"),
    row("__umulhi", &[U32, U32], U32, "mul.hi.u32 \t{d}, {0}, {1}"),
    row("__mul64hi", &[I64, I64], I64, "mul.hi.s64 \t{d}, {0}, {1}"),
    row("__umul64hi", &[U64, U64], U64, "mul.hi.u64 \t{d}, {0}, {1}"),
    row("__sad", &[I32, I32, U32], U32, "sad.s32 \t{d}, {0}, {1}, {2}"),
    row("__usad", &[U32, U32, U32], U32, "sad.u32 \t{d}, {0}, {1}, {2}"),
    row("__byte_perm", &[U32, U32, U32], U32, "prmt.b32 \t{d}, {0}, {1}, {2}"),
    row("__funnelshift_l", &[U32, U32, U32], U32, "shf.l.wrap.b32 \t{d}, {0}, {1}, {2}"),
    row("__funnelshift_r", &[U32, U32, U32], U32, "shf.r.wrap.b32 \t{d}, {0}, {1}, {2}"),
    row("__funnelshift_lc", &[U32, U32, U32], U32, "shf.l.clamp.b32 \t{d}, {0}, {1}, {2}"),
    row("__funnelshift_rc", &[U32, U32, U32], U32, "shf.r.clamp.b32 \t{d}, {0}, {1}, {2}"),
    row("__hadd", &[I32, I32], I32, "cvt.s64.s32 \t{rd}, {0};cvt.s64.s32 \t{rd2}, {1};add.s64 \t{rd3}, {rd}, {rd2};shr.s64 \t{rd4}, {rd3}, 1;cvt.u32.u64 \t{d}, {rd4}"),
    row("__uhadd", &[U32, U32], U32, "cvt.u64.u32 \t{rd}, {0};cvt.u64.u32 \t{rd2}, {1};add.s64 \t{rd3}, {rd}, {rd2};shr.u64 \t{rd4}, {rd3}, 1;cvt.u32.u64 \t{d}, {rd4}"),
    row("__rhadd", &[I32, I32], I32, "cvt.s64.s32 \t{rd}, {0};cvt.s64.s32 \t{rd2}, {1};add.s64 \t{rd3}, {rd}, {rd2};add.s64 \t{rd4}, {rd3}, 1;shr.s64 \t{rd5}, {rd4}, 1;cvt.u32.u64 \t{d}, {rd5}"),
    row("__urhadd", &[U32, U32], U32, "cvt.u64.u32 \t{rd}, {0};cvt.u64.u32 \t{rd2}, {1};add.s64 \t{rd3}, {rd}, {rd2};add.s64 \t{rd4}, {rd3}, 1;shr.u64 \t{rd5}, {rd4}, 1;cvt.u32.u64 \t{d}, {rd5}"),
    // time and identity
    row("clock64", &[], I64, "mov.u64 \t{d}, %clock64"),
    // `clock_t` is 64-bit on the device: NVRTC reads `%clock64` for `clock()` too.
    row("clock", &[], I64, "mov.u64 \t{d}, %clock64"),
    row("__globaltimer", &[], U64, "mov.u64 \t{d}, %globaltimer"),
    // reinterpretation and rounding conversions
    row("__int_as_float", &[I32], F32, "mov.b32 \t{d}, {0}"),
    row("__uint_as_float", &[U32], F32, "mov.b32 \t{d}, {0}"),
    row("__float_as_int", &[F32], I32, "mov.b32 \t{d}, {0}"),
    row("__float_as_uint", &[F32], U32, "mov.b32 \t{d}, {0}"),
    row("__longlong_as_double", &[I64], F64, "mov.b64 \t{d}, {0}"),
    row("__double_as_longlong", &[F64], I64, "mov.b64 \t{d}, {0}"),
    row("__float2int_rn", &[F32], I32, "cvt.rni.s32.f32 \t{d}, {0}"),
    row("__float2int_rz", &[F32], I32, "cvt.rzi.s32.f32 \t{d}, {0}"),
    row("__float2int_rd", &[F32], I32, "cvt.rmi.s32.f32 \t{d}, {0}"),
    row("__float2int_ru", &[F32], I32, "cvt.rpi.s32.f32 \t{d}, {0}"),
    row("__float2uint_rn", &[F32], U32, "cvt.rni.u32.f32 \t{d}, {0}"),
    row("__float2uint_rz", &[F32], U32, "cvt.rzi.u32.f32 \t{d}, {0}"),
    row("__int2float_rn", &[I32], F32, "cvt.rn.f32.s32 \t{d}, {0}"),
    row("__int2float_rz", &[I32], F32, "cvt.rz.f32.s32 \t{d}, {0}"),
    row("__uint2float_rn", &[U32], F32, "cvt.rn.f32.u32 \t{d}, {0}"),
    row("__double2float_rn", &[F64], F32, "cvt.rn.f32.f64 \t{d}, {0}"),
    row("__double2float_rz", &[F64], F32, "cvt.rz.f32.f64 \t{d}, {0}"),
    row("__double2int_rn", &[F64], I32, "cvt.rni.s32.f64 \t{d}, {0}"),
    row("__double2int_rz", &[F64], I32, "cvt.rzi.s32.f64 \t{d}, {0}"),
    row("__int2double_rn", &[I32], F64, "cvt.rn.f64.s32 \t{d}, {0}"),
    row("__float2ll_rn", &[F32], I64, "cvt.rni.s64.f32 \t{d}, {0}"),
    row("__float2ll_rz", &[F32], I64, "cvt.rzi.s64.f32 \t{d}, {0}"),
    row("__ll2float_rn", &[I64], F32, "cvt.rn.f32.s64 \t{d}, {0}"),
    // single-instruction double functions (the float ones are in the math library)
    row("__fma_rn", &[F64, F64, F64], F64, "fma.rn.f64 \t{d}, {0}, {1}, {2}"),
    row("__frsqrt_rn", &[F32], F32, "rsqrt.approx.f32 \t{d}, {0}"),
    row("__dadd_rn", &[F64, F64], F64, "add.rn.f64 \t{d}, {0}, {1}"),
    row("__dmul_rn", &[F64, F64], F64, "mul.rn.f64 \t{d}, {0}, {1}"),
    row("__ddiv_rn", &[F64, F64], F64, "div.rn.f64 \t{d}, {0}, {1}"),
    row("__dsqrt_rn", &[F64], F64, "sqrt.rn.f64 \t{d}, {0}"),
    // atomics: the pointee's type picks the PTX type
    special("atomicAdd", &[Ptr, Any], Any, Lower::Atomic("add")),
    special("atomicSub", &[Ptr, Any], Any, Lower::Atomic("sub")),
    special("atomicExch", &[Ptr, Any], Any, Lower::Atomic("exch")),
    special("atomicMin", &[Ptr, Any], Any, Lower::Atomic("min")),
    special("atomicMax", &[Ptr, Any], Any, Lower::Atomic("max")),
    special("atomicInc", &[Ptr, Any], Any, Lower::Atomic("inc")),
    special("atomicDec", &[Ptr, Any], Any, Lower::Atomic("dec")),
    special("atomicAnd", &[Ptr, Any], Any, Lower::Atomic("and")),
    special("atomicOr", &[Ptr, Any], Any, Lower::Atomic("or")),
    special("atomicXor", &[Ptr, Any], Any, Lower::Atomic("xor")),
    special("atomicCAS", &[Ptr, Any, Any], Any, Lower::Atomic("cas")),
    special("__ldg", &[Ptr], Any, Lower::Ldg),
];

/// The rows named `name`.
pub fn lookup(name: &str) -> impl Iterator<Item = &'static Builtin> + '_ {
    BUILTINS.iter().filter(move |b| b.name == name)
}

/// A CUDA vector type: its name, element type, length, alignment.
#[derive(Debug, Clone, Copy)]
pub struct VectorType {
    /// `float4`
    pub name: &'static str,
    /// The element's C name.
    pub elem: &'static str,
    /// Number of elements (1 to 4).
    pub len: u8,
    /// Alignment in bytes.
    pub align: u8,
}

const fn vt(name: &'static str, elem: &'static str, len: u8, align: u8) -> VectorType {
    VectorType {
        name,
        elem,
        len,
        align,
    }
}

/// CUDA's vector types, with their alignments as `vector_types.h` gives them.
pub const VECTOR_TYPES: &[VectorType] = &[
    vt("char1", "signed char", 1, 1),
    vt("char2", "signed char", 2, 2),
    vt("char3", "signed char", 3, 1),
    vt("char4", "signed char", 4, 4),
    vt("uchar1", "unsigned char", 1, 1),
    vt("uchar2", "unsigned char", 2, 2),
    vt("uchar3", "unsigned char", 3, 1),
    vt("uchar4", "unsigned char", 4, 4),
    vt("short1", "short", 1, 2),
    vt("short2", "short", 2, 4),
    vt("short3", "short", 3, 2),
    vt("short4", "short", 4, 8),
    vt("ushort1", "unsigned short", 1, 2),
    vt("ushort2", "unsigned short", 2, 4),
    vt("ushort3", "unsigned short", 3, 2),
    vt("ushort4", "unsigned short", 4, 8),
    vt("int1", "int", 1, 4),
    vt("int2", "int", 2, 8),
    vt("int3", "int", 3, 4),
    vt("int4", "int", 4, 16),
    vt("uint1", "unsigned int", 1, 4),
    vt("uint2", "unsigned int", 2, 8),
    vt("uint3", "unsigned int", 3, 4),
    vt("uint4", "unsigned int", 4, 16),
    vt("long1", "long", 1, 8),
    vt("long2", "long", 2, 16),
    vt("long3", "long", 3, 8),
    vt("long4", "long", 4, 16),
    vt("ulong1", "unsigned long", 1, 8),
    vt("ulong2", "unsigned long", 2, 16),
    vt("ulong3", "unsigned long", 3, 8),
    vt("ulong4", "unsigned long", 4, 16),
    vt("longlong1", "long long", 1, 8),
    vt("longlong2", "long long", 2, 16),
    vt("longlong3", "long long", 3, 8),
    vt("longlong4", "long long", 4, 16),
    vt("ulonglong1", "unsigned long long", 1, 8),
    vt("ulonglong2", "unsigned long long", 2, 16),
    vt("ulonglong3", "unsigned long long", 3, 8),
    vt("ulonglong4", "unsigned long long", 4, 16),
    vt("float1", "float", 1, 4),
    vt("float2", "float", 2, 8),
    vt("float3", "float", 3, 4),
    vt("float4", "float", 4, 16),
    vt("double1", "double", 1, 8),
    vt("double2", "double", 2, 16),
    vt("double3", "double", 3, 8),
    vt("double4", "double", 4, 16),
    vt("dim3", "unsigned int", 3, 4),
];

/// Type names the compiler knows without a declaration: the vector types and the
/// typedefs NVRTC declares itself.
pub const TYPE_NAMES: &[&str] = &[
    "size_t",
    "clock_t",
    "cudaTextureObject_t",
    "cudaSurfaceObject_t",
    "thread_block",
    "grid_group",
    "thread_group",
    "coalesced_group",
    "thread_block_tile",
    "ptrdiff_t",
    "uint",
    "ushort",
    "ulong",
    "uchar",
    "cudaError_t",
    "cudaStream_t",
    "cudaEvent_t",
    "cudaArray_t",
    "__half",
    "half",
    "__half2",
    "half2",
    "__nv_bfloat16",
    "nv_bfloat16",
    "__nv_bfloat162",
    "nv_bfloat162",
    "char1",
    "char2",
    "char3",
    "char4",
    "uchar1",
    "uchar2",
    "uchar3",
    "uchar4",
    "short1",
    "short2",
    "short3",
    "short4",
    "ushort1",
    "ushort2",
    "ushort3",
    "ushort4",
    "int1",
    "int2",
    "int3",
    "int4",
    "uint1",
    "uint2",
    "uint3",
    "uint4",
    "long1",
    "long2",
    "long3",
    "long4",
    "ulong1",
    "ulong2",
    "ulong3",
    "ulong4",
    "longlong1",
    "longlong2",
    "longlong3",
    "longlong4",
    "ulonglong1",
    "ulonglong2",
    "ulonglong3",
    "ulonglong4",
    "float1",
    "float2",
    "float3",
    "float4",
    "double1",
    "double2",
    "double3",
    "double4",
    "dim3",
];

/// The built-in variables (`threadIdx`, ...) and their PTX special registers.
pub const BUILTIN_VARS: &[(&str, &str)] = &[
    ("threadIdx", "%tid"),
    ("blockIdx", "%ctaid"),
    ("blockDim", "%ntid"),
    ("gridDim", "%nctaid"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_names_only_known_slots() {
        for b in BUILTINS {
            if let Lower::Ptx(t) = b.lower {
                let mut rest = t;
                while let Some(i) = rest.find('{') {
                    let j = rest[i..].find('}').map(|j| i + j).unwrap();
                    let slot = &rest[i + 1..j];
                    let ok = matches!(slot, "d" | "p" | "q" | "r" | "s")
                        || slot.starts_with("rd")
                        || slot.parse::<usize>().is_ok_and(|k| k < b.params.len());
                    assert!(ok, "{}: {{{slot}}}", b.name);
                    rest = &rest[j..];
                }
            }
        }
    }

    #[test]
    fn vector_types_are_type_names() {
        for v in VECTOR_TYPES {
            assert!(TYPE_NAMES.contains(&v.name), "{}", v.name);
        }
    }
}
