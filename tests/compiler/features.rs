//! Which language features the learner corpus uses: a table of how many units use each,
//! printed by the corpus test, to say what the built-in compiler must cover first. A unit
//! uses a feature when its text (comments removed) holds one of the feature's markers: a
//! measure, not a parser.

use crate::harness::Source;

/// (feature, markers: any one found counts).
pub const FEATURES: &[(&str, &[&str])] = &[
    ("#define", &["#define"]),
    ("function-like #define", &["#define "]),
    ("#if/#ifdef/#ifndef", &["#if", "#ifdef", "#ifndef"]),
    ("#include <system header>", &["#include <"]),
    ("#include \"user header\"", &["#include \""]),
    ("#pragma unroll", &["#pragma unroll"]),
    ("template", &["template <", "template<"]),
    ("__device__ function", &["__device__ "]),
    (
        "__host__ __device__",
        &["__host__ __device__", "__device__ __host__"],
    ),
    ("__forceinline__/inline", &["__forceinline__", "inline "]),
    ("__launch_bounds__", &["__launch_bounds__"]),
    ("__restrict__", &["__restrict__"]),
    ("static __shared__", &["__shared__ "]),
    ("extern __shared__", &["extern __shared__"]),
    ("__constant__", &["__constant__"]),
    ("__syncthreads", &["__syncthreads"]),
    ("__syncwarp", &["__syncwarp"]),
    (
        "__shfl*_sync",
        &[
            "__shfl_sync",
            "__shfl_down_sync",
            "__shfl_xor_sync",
            "__shfl_up_sync",
        ],
    ),
    (
        "__ballot/__any/__all_sync",
        &["__ballot_sync", "__any_sync", "__all_sync"],
    ),
    (
        "atomic*",
        &[
            "atomicAdd",
            "atomicSub",
            "atomicMax",
            "atomicMin",
            "atomicCAS",
            "atomicExch",
            "atomicOr",
            "atomicAnd",
            "atomicXor",
            "atomicInc",
        ],
    ),
    ("cooperative_groups", &["cooperative_groups"]),
    ("__half / cuda_fp16", &["__half", "cuda_fp16"]),
    (
        "vector types (float2/4, int4, make_*)",
        &[
            "float2",
            "float3",
            "float4",
            "int2",
            "int4",
            "make_float",
            "make_int",
        ],
    ),
    ("dim3", &["dim3"]),
    ("double", &["double"]),
    (
        "long long / size_t / intN_t",
        &[
            "long long",
            "size_t",
            "int64_t",
            "int32_t",
            "uint32_t",
            "uint64_t",
        ],
    ),
    (
        "unsigned char/short",
        &["unsigned char", "unsigned short", "uint8_t", "uint16_t"],
    ),
    ("struct", &["struct "]),
    ("class with methods", &["class "]),
    ("typedef / using", &["typedef ", "using "]),
    ("enum", &["enum "]),
    ("constexpr", &["constexpr"]),
    ("auto", &["auto "]),
    ("namespace", &["namespace "]),
    ("extern \"C\"", &["extern \"C\""]),
    ("static_assert", &["static_assert"]),
    ("lambda", &["[&]", "[=]", "[]("]),
    ("operator overloading", &["operator"]),
    (
        "float math (sqrtf, expf, ...)",
        &[
            "sqrtf", "expf", "logf", "sinf", "cosf", "powf", "fabsf", "fmaxf", "fminf", "tanhf",
            "rsqrtf", "floorf",
        ],
    ),
    (
        "fast intrinsics (__expf, __fdividef, ...)",
        &[
            "__expf",
            "__logf",
            "__sinf",
            "__cosf",
            "__fdividef",
            "__fmaf",
            "__saturatef",
            "__powf",
        ],
    ),
    (
        "integer intrinsics (__popc, __clz, ...)",
        &["__popc", "__clz", "__ffs", "__brev", "__mul24", "__umulhi"],
    ),
    ("__ldg", &["__ldg"]),
    ("printf", &["printf"]),
    ("assert", &["assert("]),
    ("inline PTX (asm)", &["asm(", "asm volatile"]),
    ("do/while/switch", &["while (", "while(", "switch"]),
    ("volatile", &["volatile"]),
    ("goto", &["goto "]),
    ("std::", &["std::"]),
    (
        "recursion / dynamic parallelism (<<< in device code)",
        &["<<<"],
    ),
];

/// `text` without `//` and `/* */` comments (string literals are not looked into).
pub fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("//") {
            rest = r.find('\n').map_or("", |n| &r[n..]);
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.find("*/").map_or("", |n| &r[n + 2..]);
            out.push(' ');
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Whether `text` (comments removed) uses `feature`'s markers.
pub fn uses(text: &str, markers: &[&str], feature: &str) -> bool {
    if feature == "function-like #define" {
        return text.lines().any(|l| {
            let l = l.trim_start();
            l.strip_prefix("#define ")
                .and_then(|r| r.split_whitespace().next())
                .is_some_and(|name| name.contains('('))
        });
    }
    markers.iter().any(|m| text.contains(m))
}

/// The table: each feature with the number of units using it, most used first.
pub fn table<'a>(sources: impl Iterator<Item = &'a Source>) -> String {
    let texts: Vec<String> = sources.map(|s| strip_comments(&s.text)).collect();
    let mut rows: Vec<(&str, usize)> = FEATURES
        .iter()
        .map(|(f, m)| (*f, texts.iter().filter(|t| uses(t, m, f)).count()))
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut out = format!(
        "| feature | units using it (of {}) |\n|---|---|\n",
        texts.len()
    );
    for (f, n) in rows {
        out.push_str(&format!("| {f} | {n} |\n"));
    }
    out
}

#[test]
fn features_are_measured_without_comments() {
    let text = strip_comments("int a; // atomicAdd(\n/* __shfl_sync */ #define F(x) x\n");
    assert!(!uses(&text, &["atomicAdd"], "atomic*"));
    assert!(!uses(&text, &["__shfl_sync"], "__shfl*_sync"));
    assert!(uses(&text, &["#define "], "function-like #define"));
    assert!(!uses(
        "#define N 4\n",
        &["#define "],
        "function-like #define"
    ));
}
