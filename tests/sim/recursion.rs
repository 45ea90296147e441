//! Recursion on the simulator: a real call stack per thread (frames of the callee's
//! registers and local memory), as CUDA code that recurses needs it, from NVRTC's output.

use crate::common::nvrtc;

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::Error;
use nvrtc::ptx_text_or_skip;

const SOURCE: &str = r#"
__device__ __noinline__ unsigned fib(unsigned n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
// Local memory in a recursive function: each call keeps its own array.
__device__ __noinline__ int walk(int depth, int seed) {
    volatile int mine[8];
    for (int i = 0; i < 8; i++) mine[i] = seed * 10 + i + depth;
    int below = depth > 0 ? walk(depth - 1, seed + 1) : 0;
    int sum = 0;
    for (int i = 0; i < 8; i++) sum += mine[i];
    return sum + below;
}
// Mutual recursion.
__device__ __noinline__ bool is_odd(unsigned n);
__device__ __noinline__ bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }
__device__ __noinline__ bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }
__device__ __noinline__ unsigned deep(unsigned n) { return n == 0 ? 0 : deep(n - 1) + 1; }

extern "C" __global__ void recurse(unsigned* out, int runaway) {
    unsigned t = threadIdx.x;
    // A different depth in every lane; a billion deep when asked to run away.
    out[t * 4 + 0] = fib(runaway ? 1u << 30 : t % 16);
    out[t * 4 + 1] = walk(t % 5, t);
    out[t * 4 + 2] = is_even(t);
    out[t * 4 + 3] = deep(t); // the compiler turns this one into a loop
}
"#;

fn fib(n: u32) -> u32 {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}

fn walk(depth: i32, seed: i32) -> i32 {
    let mine: i32 = (0..8).map(|i| seed * 10 + i + depth).sum();
    mine + if depth > 0 {
        walk(depth - 1, seed + 1)
    } else {
        0
    }
}

#[test]
fn recursive_functions_run_with_a_stack_per_thread() {
    let Some(ptx) = ptx_text_or_skip(SOURCE, "compute_80") else {
        return;
    };
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let out = mem.alloc(64 * 16, 4).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [64, 1, 1],
        shared_dynamic: 0,
    };
    let p = sim::pack_params(&m, "recurse", &[&out.to_le_bytes(), &0i32.to_le_bytes()]).unwrap();
    sim::launch(&m, &mut mem, "recurse", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut bytes = vec![0u8; 64 * 16];
    mem.read(out, &mut bytes).unwrap();
    let word = |i: usize| u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap());
    for t in 0..64u32 {
        let i = t as usize * 4;
        assert_eq!(word(i), fib(t % 16), "fib, thread {t}");
        assert_eq!(
            word(i + 1) as i32,
            walk((t % 5) as i32, t as i32),
            "walk, thread {t}"
        );
        assert_eq!(word(i + 2), (t % 2 == 0) as u32, "is_even, thread {t}");
        assert_eq!(word(i + 3), t, "deep, thread {t}");
    }

    // Recursion a billion deep: a fault naming the stack, not a hang or a crash.
    let p = sim::pack_params(&m, "recurse", &[&out.to_le_bytes(), &1i32.to_le_bytes()]).unwrap();
    let e = sim::launch(&m, &mut mem, "recurse", dims, &p, sim::DEFAULT_BUDGET).unwrap_err();
    match &e {
        Error::KernelFault { detail, .. } => {
            assert!(detail.contains("call stack overflow"), "{detail}")
        }
        other => panic!("{other}"),
    }
}
