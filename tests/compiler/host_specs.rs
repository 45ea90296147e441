//! The table of [`Host`]s: each learner-corpus kernel that generated inputs cannot run, set
//! up as its host program upstream sets it up (`from` names the host code; the repositories
//! and commits are in each author's `SOURCE.md`). Random data stands where the host reads
//! a file or fills constants (a constant fill would hide a wrong index); sizes are scaled
//! down where the host's would take long on a debug simulator, keeping every code path
//! unless `from` says otherwise.

use crate::hosts::{d2, tex_desc, Data, Expect, Field, Host, Step, Tex, A};

use cuda_library::{AddressMode, ArrayDesc, ArrayFormat, FilterMode, ReadMode};

/// A launch step.
fn launch(
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    shared: u32,
    args: Vec<A>,
) -> Step {
    Step::Launch {
        kernel,
        grid,
        block,
        shared,
        args,
    }
}

/// A host that launches its kernel once.
fn once(
    unit: &'static str,
    kernel: &'static str,
    from: &'static str,
    buffers: Vec<Data>,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<A>,
) -> Host {
    Host {
        unit,
        kernel,
        from,
        buffers,
        textures: Vec::new(),
        globals: Vec::new(),
        steps: vec![launch(kernel, grid, block, 0, args)],
        expect: Expect::Outputs,
    }
}

/// `n` `half2` values as fp16ScalarProduct's `generateInput` makes them (`x = rand() % 4`,
/// `y = rand() % 2`, as halves), from a fixed linear congruential generator seeded `seed`.
fn small_half2s(n: usize, seed: u32) -> Data {
    // 0, 1, 2 and 3 as IEEE half-precision bits.
    const HALF: [u16; 4] = [0x0000, 0x3c00, 0x4000, 0x4200];
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (state >> 16) as usize
    };
    Data::Bytes(
        (0..n)
            .flat_map(|_| {
                let x = HALF[next() % 4];
                let y = HALF[next() % 2];
                [x.to_le_bytes(), y.to_le_bytes()].concat()
            })
            .collect(),
    )
}

/// `n` integers of 4 bytes in `lo..=hi`.
fn ints(n: usize, lo: u64, hi: u64) -> Data {
    Data::Ints {
        n,
        width: 4,
        lo,
        hi,
    }
}

/// Every host set up here.
pub fn all() -> Vec<Host> {
    let mut v = Vec::new();
    v.extend(coffeebeforearch());
    v.extend(nvidia_blog());
    v.extend(packt());
    v.extend(siboehm());
    v.extend(merge_sort());
    v.extend(samples_introduction());
    v.extend(textures());
    v.extend(box_filter());
    v.extend(convolution_and_histogram());
    v
}

fn coffeebeforearch() -> Vec<Host> {
    let mm = "_Z9matrixMulPKiS0_Pi";
    // `rand() % 100` matrices, as main() fills them; 8 x 8 blocks rather than 32 x 32
    // (the kernel steps by blockDim.x, so any square block gives the same products).
    let tiled = once(
        "coffeebeforearch/02_matrix_mul/tiled/mmul.cu",
        mm,
        "main(): N = 1024, grid N/32 x N/32 of 32 x 32; here one block of 8 x 8 (NVRTC's `-G` code runs 2 x 2 past the budget)",
        vec![
            ints(1 << 20, 0, 99),
            ints(1 << 20, 0, 99),
            Data::Zeros(4 << 20),
        ],
        [1, 1, 1],
        [8, 8, 1],
        vec![A::Buf(0), A::Buf(1), A::Buf(2)],
    );
    let rectangular = once(
        "coffeebeforearch/02_matrix_mul/rectangular/mmul.cu",
        mm,
        "main(): M = 1024, N = 2048, K = 4096, grid N/32 x M/32 of 32 x 32; here 2 x 1 blocks of 8 x 8",
        vec![ints(1 << 22, 0, 99), ints(1 << 23, 0, 99), Data::Zeros(8 << 20)],
        [2, 1, 1],
        [8, 8, 1],
        vec![A::Buf(0), A::Buf(1), A::Buf(2)],
    );
    // M, N, K = 519, 1031, 2055 padded to 544, 1056, 2080.
    let non_multiple = once(
        "coffeebeforearch/02_matrix_mul/nonMultiple/mmul.cu",
        mm,
        "main(): padded 544 x 2080 and 2080 x 1056 matrices, grid 33 x 17 of 32 x 32; here one \
         block of 8 x 8 (the `row < M && col < N` false side needs blocks past row 519 or column \
         1031 and is not reached)",
        vec![
            ints(544 * 2080, 0, 99),
            ints(2080 * 1056, 0, 99),
            Data::Zeros(519 * 1031 * 4),
        ],
        [1, 1, 1],
        [8, 8, 1],
        vec![A::Buf(0), A::Buf(1), A::Buf(2)],
    );
    // Lower-case letters, 512 threads a block, one block per 512 letters.
    let letters = |n| Data::Ints {
        n,
        width: 1,
        lo: u64::from(b'a'),
        hi: u64::from(b'z'),
    };
    let hist = |unit, n: u32| {
        once(
            unit,
            "_Z9histogramPcPii",
            "main(): N random letters 'a' + rand() % 26, N / 512 blocks of 512, 7 bins",
            vec![letters(n as usize), Data::Zeros(7 * 4)],
            [n / 512, 1, 1],
            [512, 1, 1],
            vec![A::Buf(0), A::Buf(1), A::I32(n as i32)],
        )
    };
    vec![
        tiled,
        rectangular,
        non_multiple,
        hist(
            "coffeebeforearch/04_histogram/global_atomic/histogram.cu",
            4096,
        ),
        hist(
            "coffeebeforearch/04_histogram/shmem_atomic/histogram.cu",
            8192,
        ),
    ]
}

fn nvidia_blog() -> Vec<Host> {
    // struct DataElement { char *name; int value; }: the name's buffer, then the struct.
    let data_elem = once(
        "nvidia-blog/posts/unified-memory/dataElem.cu",
        "_Z6KernelP11DataElement",
        "launch(): a DataElement copied to the device with its name \"hello\" copied apart and the \
         pointer patched, Kernel<<<1, 1>>>",
        vec![
            Data::Bytes(b"hello\0".to_vec()),
            Data::Fields(vec![
                Field::Ptr(0),
                Field::Bytes([10i32.to_le_bytes(), [0; 4]].concat()),
            ]),
        ],
        [1, 1, 1],
        [1, 1, 1],
        vec![A::Buf(1)],
    );
    // setDerivativeParameters(): the stencil's coefficients for 64 points a side.
    let coefficients = |axis: &'static str| {
        let dsinv = 63.0f32;
        let values = [
            4.0f32 / 5.0 * dsinv,
            -1.0f32 / 5.0 * dsinv,
            4.0f32 / 105.0 * dsinv,
            -1.0f32 / 280.0 * dsinv,
        ];
        let names: [&'static str; 4] = match axis {
            "y" => ["c_ay", "c_by", "c_cy", "c_dy"],
            _ => ["c_az", "c_bz", "c_cz", "c_dz"],
        };
        names
            .into_iter()
            .zip(values)
            .map(|(n, v)| (n, Data::F32s(vec![v])))
            .collect::<Vec<_>>()
    };
    let derivative = |kernel, axis| Host {
        globals: coefficients(axis),
        ..once(
            "nvidia-blog/series/cuda-cpp/finite-difference/finite-difference.cu",
            kernel,
            "runTest(): a 64³ field, grid 16 x 64 of 4 x 64 (sPencils); here the first 4 of the \
             64 rows of blocks",
            vec![Data::Floats(64 * 64 * 64), Data::Zeros(64 * 64 * 64 * 4)],
            [16, 4, 1],
            [4, 64, 1],
            vec![A::Buf(0), A::Buf(1)],
        )
    };
    vec![
        data_elem,
        derivative("_Z12derivative_yPfS_", "y"),
        derivative("_Z12derivative_zPfS_", "z"),
    ]
}

fn packt() -> Vec<Host> {
    // struct Coefficients_SOA { int *r, *b, *g, *hue, *saturation, *maxVal, *minVal,
    // *finalVal; } by value. The host leaves the arrays unset; the divisors here are
    // never zero.
    let n = 1024;
    let mut soa_buffers = vec![ints(n, 0, 255); 5];
    soa_buffers.extend([ints(n, 1, 255), ints(n, 1, 255), Data::Zeros(n * 4)]);
    let soa = once(
        "packt/Chapter02/02_memory_overview/03_aos_soa/soa.cu",
        "_Z22complicatedCalculation16Coefficients_SOA",
        "complicatedCalculation(): eight arrays of IMG_SIZE ints in a struct by value, \
         IMG_SIZE/256 blocks of 256; here 1024 ints",
        soa_buffers,
        [4, 1, 1],
        [256, 1, 1],
        vec![A::Struct((0..8).map(Field::Ptr).collect())],
    );
    // reduction_global.cpp's run_benchmark(): d_out = d_in, then global_reduction(d_out,
    // d_out, 256, size): one launch per stride 1, 2, 4, ... below size.
    let size = 4096u32;
    let mut steps = vec![Step::Copy {
        from: 0,
        from_at: 0,
        to: 1,
        to_at: 0,
        bytes: size as usize * 4,
    }];
    let mut stride = 1;
    while stride < size {
        steps.push(launch(
            "_Z23global_reduction_kernelPfS_ii",
            [size / 256, 1, 1],
            [256, 1, 1],
            0,
            vec![
                A::Buf(1),
                A::Buf(1),
                A::I32(stride as i32),
                A::I32(size as i32),
            ],
        ));
        stride *= 2;
    }
    let reduction = Host {
        unit: "packt/Chapter03/03_cuda_thread_programming/03_threadsync_and_reduction/reduction_global_kernel.cu",
        kernel: "_Z23global_reduction_kernelPfS_ii",
        from: "reduction_global.cpp, run_benchmark(): size 1 << 24, 256 threads; here size 4096",
        buffers: vec![Data::Floats(size as usize), Data::Zeros(size as usize * 4)],
        textures: Vec::new(),
        globals: Vec::new(),
        steps,
        expect: Expect::Outputs,
    };
    let radix = Host {
        unit: "packt/Chapter07/07_parallel_programming_pattern/07_radixsort/radix_warp_sort.cu",
        kernel: "_Z15radix_warp_sortv",
        from: "main(): 32 keys rand() % (1 << 31) into __device__ d_data, <<<1, 32>>>",
        buffers: Vec::new(),
        textures: Vec::new(),
        globals: vec![("d_data", ints(32, 0, (1 << 31) - 1))],
        steps: vec![launch(
            "_Z15radix_warp_sortv",
            [1, 1, 1],
            [32, 1, 1],
            0,
            Vec::new(),
        )],
        expect: Expect::Outputs,
    };
    let (w, h) = (64usize, 64usize);
    let histogram = Host {
        textures: vec![Tex {
            array: d2(w, h, ArrayFormat::U8, 1),
            data: Data::Ints {
                n: w * h,
                width: 1,
                lo: 0,
                hi: 255,
            },
            desc: Some(tex_desc(
                AddressMode::Clamp,
                FilterMode::Point,
                ReadMode::ElementType,
                false,
            )),
            pitch: None,
        }],
        ..once(
            "packt/Chapter07/07_parallel_programming_pattern/08_histogram/image_histogram.cu",
            "_Z18calculateHistogramPjjjy",
            "main(): an 8-bit image in an array, clamp, point, unnormalised; one 256-bin \
             histogram per 32 x 32 block; here a 64 x 64 random image",
            vec![Data::Zeros(4 * 256 * 4)],
            [2, 2, 1],
            [32, 32, 1],
            vec![A::Buf(0), A::U32(w as u32), A::U32(h as u32), A::Tex(0)],
        )
    };
    vec![soa, reduction, radix, histogram]
}

fn siboehm() -> Vec<Host> {
    // sgemm.cu: alpha 0.5, beta 3, random matrices; runner.cu's launch shapes.
    // (M = N, K): A is M x K, B is K x N, C is M x N.
    let gemm = |unit, kernel, from, (dim, k): (usize, usize), grid: [u32; 3], block: [u32; 3]| {
        once(
            unit,
            kernel,
            from,
            vec![
                Data::Floats(dim * k),
                Data::Floats(k * dim),
                Data::Floats(dim * dim),
            ],
            grid,
            block,
            vec![
                A::I32(dim as i32),
                A::I32(dim as i32),
                A::I32(k as i32),
                A::F32(0.5),
                A::Buf(0),
                A::Buf(1),
                A::F32(3.0),
                A::Buf(2),
            ],
        )
    };
    vec![
        gemm(
            "siboehm/src/kernels/4_kernel_1D_blocktiling.cuh",
            "_Z18sgemm1DBlocktilingILi64ELi64ELi8ELi8EEviiifPKfS1_fPf",
            "runner.cu, runSgemm1DBlocktiling(): grid N/64 x M/64 of 64 * 64 / 8 threads, \
             the smallest size 128; here one block of M = N = 64, K = 32 (NVRTC's `-G` code \
             runs 128³ past the budget)",
            (64, 32),
            [1, 1, 1],
            [512, 1, 1],
        ),
        gemm(
            "siboehm/src/kernels/6_kernel_vectorize.cuh",
            "_Z14sgemmVectorizeILi64ELi64ELi8ELi8ELi8EEviiifPfS0_fS0_",
            "runner.cu, runSgemmVectorize(): the 64 x 64 tiles for M or N below 128, 64 * 64 / \
             64 threads; here M = N = 64, K = 32",
            (64, 32),
            [1, 1, 1],
            [64, 1, 1],
        ),
        // The 128 x 128 tiles, as the runners launch them for M and N of 128 or more: one
        // block, K = 8 (NVRTC's `-G` code for generated cases runs past the budget).
        gemm(
            "siboehm/src/kernels/6_kernel_vectorize.cuh",
            "_Z14sgemmVectorizeILi128ELi128ELi8ELi8ELi8EEviiifPfS0_fS0_",
            "runner.cu, runSgemmVectorize(): grid N/128 x M/128 of 128 * 128 / 64 threads; here \
             M = N = 128, K = 8",
            (128, 8),
            [1, 1, 1],
            [256, 1, 1],
        ),
        gemm(
            "siboehm/src/kernels/8_kernel_bank_extra_col.cuh",
            "_Z24sgemmResolveBankExtraColILi128ELi128ELi8ELi8ELi8EEviiifPfS0_fS0_",
            "runner.cu, runSgemmResolveBankExtraCol(): grid N/128 x M/128 of 256 threads; here \
             M = N = 128, K = 8",
            (128, 8),
            [1, 1, 1],
            [256, 1, 1],
        ),
    ]
}

fn merge_sort() -> Vec<Host> {
    // mergeSort(): N keys below 65536 (main.cpp); one merge of two sorted runs of
    // SHARED_SIZE_LIMIT (1024) keys, N = 2048, with the limits generateSampleRanks and
    // mergeRanksAndIndices compute, N / SAMPLE_STRIDE blocks of SAMPLE_STRIDE (128).
    let merge = |unit, kernel, descending| {
        let keys = Data::SortedRuns {
            runs: 2,
            run: 1024,
            below: 65536,
            descending,
        };
        let limits = |b| Data::MergeLimits {
            keys: Box::new(keys.clone()),
            keys_seed: 2,
            b,
        };
        once(
            unit,
            kernel,
            "mergeSort.cu, mergeSort() and mergeElementaryIntervals(): N = 4M keys; here one \
             merge of two runs of 1024",
            vec![
                Data::Zeros(2048 * 4),
                Data::Zeros(2048 * 4),
                keys.clone(),
                Data::Words(2048),
                limits(false),
                limits(true),
            ],
            [16, 1, 1],
            [128, 1, 1],
            vec![
                A::Buf(0),
                A::Buf(1),
                A::Buf(2),
                A::Buf(3),
                A::Buf(4),
                A::Buf(5),
                A::U32(1024),
                A::U32(2048),
            ],
        )
    };
    let ms = "cuda-samples/Samples/0_Introduction/mergeSort/mergeSort.cu";
    let bt = "cuda-samples/Samples/0_Introduction/mergeSort/bitonic.cu";
    vec![
        merge(
            ms,
            "_Z30mergeElementaryIntervalsKernelILj1EEvPjS0_S0_S0_S0_S0_jj",
            false,
        ),
        merge(
            ms,
            "_Z30mergeElementaryIntervalsKernelILj0EEvPjS0_S0_S0_S0_S0_jj",
            true,
        ),
        merge(
            bt,
            "_Z37bitonicMergeElementaryIntervalsKernelILj1EEvPjS0_S0_S0_S0_S0_jj",
            false,
        ),
        merge(
            bt,
            "_Z37bitonicMergeElementaryIntervalsKernelILj0EEvPjS0_S0_S0_S0_S0_jj",
            true,
        ),
    ]
}

fn samples_introduction() -> Vec<Host> {
    // matrixMul.h: WA = 4 * 8, HA = 6 * 8, WB = 4 * 8 for block_size 8.
    let mm = Host {
        steps: vec![launch(
            "matrixMul_bs8_64bit",
            [4, 6, 1],
            [8, 8, 1],
            2 * 8 * 8 * 4,
            vec![A::Buf(0), A::Buf(1), A::Buf(2), A::U64(32), A::U64(32)],
        )],
        unit: "cuda-samples/Samples/0_Introduction/matrixMulDrv/matrixMul_kernel.cu",
        kernel: "matrixMul_bs8_64bit",
        from: "matrixMulDrv.cpp: 48 x 32 times 32 x 32 for block size 8, grid 4 x 6 of 8 x 8, \
               2 * 8 * 8 floats of dynamic shared memory; random matrices rather than constants",
        buffers: vec![
            Data::Zeros(32 * 48 * 4),
            Data::Floats(32 * 48),
            Data::Floats(32 * 32),
        ],
        textures: Vec::new(),
        globals: Vec::new(),
        expect: Expect::Outputs,
    };
    // simpleAssert.cu's runTest(): testKernel<<<2, 32>>>(60): threads 60 to 63 fail.
    let assert = |unit, kernel| Host {
        expect: Expect::SameError,
        ..once(
            unit,
            kernel,
            "runTest(): testKernel<<<2, 32>>>(60), which must end in a failed assert",
            Vec::new(),
            [2, 1, 1],
            [32, 1, 1],
            vec![A::I32(60)],
        )
    };
    // simpleHyperQ.cu's main(): kernel_A and kernel_B <<<1, 1>>> spin for time_clocks on
    // &d_a[2i] and &d_a[2i + 1] of 2 * nstreams clock_t, then write the clocks they waited;
    // sum<<<1, 32>>>(d_a, 2 * nstreams) adds them. The simulator's clock counts each
    // compiler's instructions, so a positive count would compare how long each one's loop
    // takes: here time_clocks is 0, the spin loop's test fails at once and each kernel
    // writes 0 over a word of garbage. Compared:
    // the 4 words of d_a (2 streams), only the kernel's own changed.
    let spin = |kernel, word: usize| {
        once(
            "cuda-samples/Samples/0_Introduction/simpleHyperQ/simpleHyperQ.cu",
            kernel,
            "main(): one kernel of a stream's pair on its word of d_a, time_clocks = kernel_time \
             * clockRate; here 2 streams and time_clocks 0 (the loop body is not run)",
            vec![Data::Words(4 * 2)],
            [1, 1, 1],
            [1, 1, 1],
            vec![A::BufAt(0, word * 8), A::U64(0)],
        )
    };
    let sum = once(
        "cuda-samples/Samples/0_Introduction/simpleHyperQ/simpleHyperQ.cu",
        "_Z3sumPli",
        "main(): sum<<<1, 32>>>(d_a, 2 * nstreams) over the 64 clock readings; here 64 random \
         readings below 2^40",
        vec![Data::Ints {
            n: 64,
            width: 8,
            lo: 0,
            hi: (1 << 40) - 1,
        }],
        [1, 1, 1],
        [32, 1, 1],
        vec![A::Buf(0), A::I32(64)],
    );
    // fp16ScalarProduct.cu's main(): scalarProductKernel_*<<<128, 128>>>(a, b, results,
    // 128 * 128 * 16); its kernels reduce a 128-entry __shared__ array by threadIdx.x, so
    // a generated launch of 256 threads runs off its end (NVRTC's PTX faults too).
    let pairs = 8 * 128 * 4;
    let scalar = |kernel| {
        once(
            "cuda-samples/Samples/0_Introduction/fp16ScalarProduct/fp16ScalarProduct.cu",
            kernel,
            "main(): <<<128, 128>>> over 128 * 128 * 16 pairs from generateInput (x = rand() % 4, \
             y = rand() % 2); here 8 blocks of 128 over 8 * 128 * 4 pairs from a fixed generator",
            vec![
                small_half2s(pairs, 1),
                small_half2s(pairs, 2),
                Data::Zeros(8 * 4),
            ],
            [8, 1, 1],
            [128, 1, 1],
            vec![A::Buf(0), A::Buf(1), A::Buf(2), A::U64(pairs as u64)],
        )
    };
    vec![
        mm,
        scalar("_Z30scalarProductKernel_intrinsicsPK7__half2S1_Pfm"),
        scalar("_Z26scalarProductKernel_nativePK7__half2S1_Pfm"),
        assert(
            "cuda-samples/Samples/0_Introduction/simpleAssert/simpleAssert.cu",
            "_Z10testKerneli",
        ),
        assert(
            "cuda-samples/Samples/0_Introduction/simpleAssert_nvrtc/simpleAssert_kernel.cu",
            "testKernel",
        ),
        spin("_Z8kernel_APll", 2),
        spin("_Z8kernel_BPll", 3),
        sum,
        clock(
            "cuda-samples/Samples/0_Introduction/clock/clock.cu",
            "_Z14timedReductionPKfPfPl",
        ),
        clock(
            "cuda-samples/Samples/0_Introduction/clock_nvrtc/clock_kernel.cu",
            "timedReduction",
        ),
    ]
}

/// clock.cu's main() (and clock_nvrtc's): timedReduction<<<64, 256, 2 * 256 * 4>>>(input,
/// output, timer) over 512 floats; each block writes the minimum and two `clock()`
/// readings. The minima are compared; the readings are each compiler's own cycles (the
/// simulator's clock counts the work done), so they are only checked to be written.
fn clock(unit: &'static str, kernel: &'static str) -> Host {
    const BLOCKS: u32 = 64;
    const THREADS: u32 = 256;
    Host {
        unit,
        kernel,
        from: "main(): timedReduction<<<NUM_BLOCKS, NUM_THREADS, sizeof(float) * 2 * \
               NUM_THREADS>>>(dinput, doutput, dtimer), input[i] = (float)i; here random floats",
        buffers: vec![
            Data::Floats(2 * THREADS as usize),
            Data::Zeros(4 * BLOCKS as usize),
            Data::Zeros(8 * 2 * BLOCKS as usize),
        ],
        textures: Vec::new(),
        globals: Vec::new(),
        steps: vec![launch(
            kernel,
            [BLOCKS, 1, 1],
            [THREADS, 1, 1],
            2 * THREADS * 4,
            vec![A::Buf(0), A::Buf(1), A::Buf(2)],
        )],
        expect: Expect::OutputsBut(vec![2]),
    }
}

/// The texture samples, as `tests/common/textures.rs` sets them up (24 x 16 images, 8 x 8
/// blocks), with random images.
fn textures() -> Vec<Host> {
    let (w, h) = (24usize, 16usize);
    let wrap_linear = tex_desc(
        AddressMode::Wrap,
        FilterMode::Linear,
        ReadMode::ElementType,
        true,
    );
    let f32_array = |desc: ArrayDesc, t| Tex {
        data: Data::Floats(desc.elements()),
        array: desc,
        desc: t,
        pitch: None,
    };
    let grid = [(w / 8) as u32, (h / 8) as u32, 1];
    let with_tex = |host: Host, textures: Vec<Tex>| Host { textures, ..host };
    let unit = |name: &str| -> &'static str {
        match name {
            "simpleTexture" => "cuda-samples/Samples/0_Introduction/simpleTexture/simpleTexture.cu",
            "simplePitchLinearTexture" => "cuda-samples/Samples/0_Introduction/simplePitchLinearTexture/simplePitchLinearTexture.cu",
            "simpleSurfaceWrite" => "cuda-samples/Samples/0_Introduction/simpleSurfaceWrite/simpleSurfaceWrite.cu",
            "simpleLayeredTexture" => "cuda-samples/Samples/0_Introduction/simpleLayeredTexture/simpleLayeredTexture.cu",
            "simpleCubemapTexture" => "cuda-samples/Samples/0_Introduction/simpleCubemapTexture/simpleCubemapTexture.cu",
            _ => "cuda-samples/Samples/0_Introduction/simpleTexture3D/simpleTexture3D_kernel.cu",
        }
    };
    let transform = with_tex(
        once(
            unit("simpleTexture"),
            "_Z15transformKernelPfiify",
            "runTest(): a float image in an array, wrap, linear, normalised, rotated by 0.5 \
             rad, 8 x 8 blocks; here 24 x 16",
            vec![Data::Zeros(w * h * 4)],
            grid,
            [8, 8, 1],
            vec![
                A::Buf(0),
                A::I32(w as i32),
                A::I32(h as i32),
                A::F32(0.5),
                A::Tex(0),
            ],
        ),
        vec![f32_array(d2(w, h, ArrayFormat::F32, 1), Some(wrap_linear))],
    );
    // simplePitchLinearTexture: rows 32 floats apart, wrap, point, normalised, shift 5, 3.
    let wrap_point = tex_desc(
        AddressMode::Wrap,
        FilterMode::Point,
        ReadMode::ElementType,
        true,
    );
    let pitch_elems = 32usize;
    let shift = |kernel, pitched: bool| {
        with_tex(
            once(
                unit("simplePitchLinearTexture"),
                kernel,
                "runTest(): the same image as pitch-linear memory and as an array, wrap, point, \
                 normalised, shifted by (5, 3); here 24 x 16 in rows of 32",
                vec![Data::Zeros(pitch_elems * h * 4)],
                grid,
                [8, 8, 1],
                vec![
                    A::Buf(0),
                    A::I32(pitch_elems as i32),
                    A::I32(w as i32),
                    A::I32(h as i32),
                    A::I32(5),
                    A::I32(3),
                    A::Tex(0),
                ],
            ),
            vec![Tex {
                array: d2(w, h, ArrayFormat::F32, 1),
                data: Data::Floats(if pitched { pitch_elems * h } else { w * h }),
                desc: Some(wrap_point),
                pitch: pitched.then_some(pitch_elems * 4),
            }],
        )
    };
    let surface_write = with_tex(
        once(
            unit("simpleSurfaceWrite"),
            "_Z18surfaceWriteKernelPfiiy",
            "runTest(): the image written into a float surface, 8 x 8 blocks; here 24 x 16",
            vec![Data::Floats(w * h)],
            grid,
            [8, 8, 1],
            vec![A::Buf(0), A::I32(w as i32), A::I32(h as i32), A::Surf(0)],
        ),
        vec![Tex {
            array: d2(w, h, ArrayFormat::F32, 1).with_surface(),
            data: Data::Zeros(w * h * 4),
            desc: None,
            pitch: None,
        }],
    );
    let surface_transform = with_tex(
        once(
            unit("simpleSurfaceWrite"),
            "_Z15transformKernelPfiify",
            "runTest(): the surface's array read back through a wrap, linear, normalised \
             texture, rotated by 0.5 rad; here 24 x 16",
            vec![Data::Zeros(w * h * 4)],
            grid,
            [8, 8, 1],
            vec![
                A::Buf(0),
                A::I32(w as i32),
                A::I32(h as i32),
                A::F32(0.5),
                A::Tex(0),
            ],
        ),
        vec![f32_array(d2(w, h, ArrayFormat::F32, 1), Some(wrap_linear))],
    );
    let layers = 3usize;
    let layered = Host {
        steps: (0..layers as i32)
            .map(|layer| {
                launch(
                    "_Z15transformKernelPfiiiy",
                    grid,
                    [8, 8, 1],
                    0,
                    vec![
                        A::Buf(0),
                        A::I32(w as i32),
                        A::I32(h as i32),
                        A::I32(layer),
                        A::Tex(0),
                    ],
                )
            })
            .collect(),
        ..with_tex(
            once(
                unit("simpleLayeredTexture"),
                "_Z15transformKernelPfiiiy",
                "main(): one launch per layer of a layered float array, wrap, linear, \
                 normalised; here 3 layers of 24 x 16",
                vec![Data::Zeros(w * h * layers * 4)],
                grid,
                [8, 8, 1],
                Vec::new(),
            ),
            vec![f32_array(
                ArrayDesc::layered_2d(w, h, layers, ArrayFormat::F32, 1),
                Some(wrap_linear),
            )],
        )
    };
    let size = 16usize;
    let cubemap = with_tex(
        once(
            unit("simpleCubemapTexture"),
            "_Z15transformKernelPfiy",
            "main(): a float cubemap, wrap, linear, normalised, 8 x 8 blocks; here 16 a side",
            vec![Data::Zeros(6 * size * size * 4)],
            [2, 2, 1],
            [8, 8, 1],
            vec![A::Buf(0), A::I32(size as i32), A::Tex(0)],
        ),
        vec![f32_array(
            ArrayDesc::cubemap(size, ArrayFormat::F32, 1),
            Some(wrap_linear),
        )],
    );
    // simpleTexture3D: a 32³ volume of bytes, wrap, linear, normalised, read as normalised
    // floats, rendered at w = 0.5 in 16 x 16 blocks; here a 40 x 40 image.
    let volume = with_tex(
        once(
            unit("simpleTexture3D"),
            "_Z8d_renderPjjjfy",
            "simpleTexture3D.cpp: a 32³ byte volume, 512 x 512 image in 16 x 16 blocks at w = \
             0.5; here a random volume and a 40 x 40 image",
            vec![Data::Zeros(40 * 40 * 4)],
            [3, 3, 1],
            [16, 16, 1],
            vec![A::Buf(0), A::U32(40), A::U32(40), A::F32(0.5), A::Tex(0)],
        ),
        vec![Tex {
            array: ArrayDesc::d3(32, 32, 32, ArrayFormat::U8, 1),
            data: Data::Ints {
                n: 32 * 32 * 32,
                width: 1,
                lo: 0,
                hi: 255,
            },
            desc: Some(tex_desc(
                AddressMode::Wrap,
                FilterMode::Linear,
                ReadMode::NormalizedFloat,
                true,
            )),
            pitch: None,
        }],
    );
    vec![
        transform,
        shift("_Z16shiftPitchLinearPfiiiiiy", true),
        shift("_Z10shiftArrayPfiiiiiy", false),
        surface_write,
        surface_transform,
        layered,
        cubemap,
        volume,
    ]
}

/// boxFilter_kernel.cu's boxFilter() and boxFilterRGBA(): height / nthreads blocks of
/// nthreads for the row passes, width / nthreads for the column passes. Here a 64 x 64
/// image, radius 4, 16 threads a block.
fn box_filter() -> Vec<Host> {
    let unit = "cuda-samples/Samples/2_Concepts_and_Techniques/boxFilter/boxFilter_kernel.cu";
    let (w, r, threads) = (64usize, 4, 16u32);
    let grid = [w as u32 / threads, 1, 1];
    let dims = || vec![A::I32(w as i32), A::I32(w as i32), A::I32(r)];
    let global = |kernel| {
        let mut args = vec![A::Buf(0), A::Buf(1)];
        args.extend(dims());
        once(
            unit,
            kernel,
            "boxFilter(): the float passes over global memory; here 64 x 64, radius 4",
            vec![Data::Floats(w * w), Data::Zeros(w * w * 4)],
            grid,
            [threads, 1, 1],
            args,
        )
    };
    // The host's float textures take normalised coordinates with integer arguments (each
    // fetch one texel); the RGBA texture's settings (wrap, linear, unnormalised) are used
    // for the float passes too, so that the fetches move over the image.
    let float_tex = |kernel| {
        let mut args = vec![A::Buf(0)];
        args.extend(dims());
        args.push(A::Tex(0));
        Host {
            textures: vec![Tex {
                array: d2(w, w, ArrayFormat::F32, 1),
                data: Data::Floats(w * w),
                desc: Some(tex_desc(
                    AddressMode::Wrap,
                    FilterMode::Linear,
                    ReadMode::ElementType,
                    false,
                )),
                pitch: None,
            }],
            ..once(
                unit,
                kernel,
                "boxFilter(): the float passes through a texture; here 64 x 64, radius 4, \
                 wrap, linear, unnormalised",
                vec![Data::Zeros(w * w * 4)],
                grid,
                [threads, 1, 1],
                args,
            )
        }
    };
    let rgba_x = {
        let mut args = vec![A::Buf(0)];
        args.extend(dims());
        args.push(A::Tex(0));
        Host {
            textures: vec![Tex {
                array: d2(w, w, ArrayFormat::U8, 4),
                data: Data::Words(w * w),
                desc: Some(tex_desc(
                    AddressMode::Wrap,
                    FilterMode::Linear,
                    ReadMode::NormalizedFloat,
                    false,
                )),
                pitch: None,
            }],
            ..once(
                unit,
                "_Z18d_boxfilter_rgba_xPjiiiy",
                "boxFilterRGBA(): the row pass through rgbaTex (RGBA bytes, wrap, linear, \
                 unnormalised, read as normalised floats); here 64 x 64, radius 4",
                vec![Data::Zeros(w * w * 4)],
                grid,
                [threads, 1, 1],
                args,
            )
        }
    };
    let rgba_y = {
        let mut args = vec![A::Buf(0), A::Buf(1)];
        args.extend(dims());
        once(
            unit,
            "_Z18d_boxfilter_rgba_yPjS_iii",
            "boxFilterRGBA(): the column pass over packed RGBA words; here 64 x 64, radius 4",
            vec![Data::Words(w * w), Data::Zeros(w * w * 4)],
            grid,
            [threads, 1, 1],
            args,
        )
    };
    vec![
        global("_Z20d_boxfilter_x_globalPfS_iii"),
        global("_Z20d_boxfilter_y_globalPfS_iii"),
        float_tex("_Z17d_boxfilter_x_texPfiiiy"),
        float_tex("_Z17d_boxfilter_y_texPfiiiy"),
        rgba_x,
        rgba_y,
    ]
}

fn convolution_and_histogram() -> Vec<Host> {
    let concepts = |p: &str| -> &'static str {
        match p {
            "separable" => "cuda-samples/Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu",
            "texture" => "cuda-samples/Samples/2_Concepts_and_Techniques/convolutionTexture/convolutionTexture.cu",
            "h64" => "cuda-samples/Samples/2_Concepts_and_Techniques/histogram/histogram64.cu",
            _ => "cuda-samples/Samples/2_Concepts_and_Techniques/histogram/histogram256.cu",
        }
    };
    // setConvolutionKernel(): 17 taps into __constant__ c_Kernel.
    let taps = || vec![("c_Kernel", Data::Floats(17))];
    // convolutionColumnsGPU(): imageW / 16 x imageH / 64 blocks of 16 x 8; here 32 x 128.
    let columns = Host {
        globals: taps(),
        ..once(
            concepts("separable"),
            "_Z24convolutionColumnsKernelPfS_iii",
            "convolutionColumnsGPU(): a 3072² image, (W / 16) x (H / 64) blocks of 16 x 8, \
             pitch W; here 32 x 128",
            vec![Data::Zeros(32 * 128 * 4), Data::Floats(32 * 128)],
            [2, 2, 1],
            [16, 8, 1],
            vec![A::Buf(0), A::Buf(1), A::I32(32), A::I32(128), A::I32(32)],
        )
    };
    // convolutionTexture: a float array, wrap, linear, unnormalised, 16 x 12 blocks; here a
    // 40 x 30 image (the edges' early return reached).
    let (w, h) = (40usize, 30usize);
    let conv_tex = |kernel| Host {
        globals: taps(),
        textures: vec![Tex {
            array: d2(w, h, ArrayFormat::F32, 1),
            data: Data::Floats(w * h),
            desc: Some(tex_desc(
                AddressMode::Wrap,
                FilterMode::Linear,
                ReadMode::ElementType,
                false,
            )),
            pitch: None,
        }],
        ..once(
            concepts("texture"),
            kernel,
            "main.cpp: a 3072 x 1536 float array, wrap, linear, unnormalised, 16 x 12 blocks; \
             here 40 x 30",
            vec![Data::Zeros(w * h * 4)],
            [3, 3, 1],
            [16, 12, 1],
            vec![A::Buf(0), A::I32(w as i32), A::I32(h as i32), A::Tex(0)],
        )
    };
    // histogram64(): random bytes; iDivUp(byteCount, 64 * 240) blocks of 64 over uint4s.
    let bytes64 = 40000usize;
    let h64 = once(
        concepts("h64"),
        "_Z17histogram64KernelPjP5uint4j",
        "histogram64(): 64 MiB of rand() % 256, iDivUp(byteCount, 64 * 240) blocks of 64; here \
         40000 bytes, 3 blocks",
        vec![
            Data::Zeros(3 * 64 * 4),
            Data::Ints {
                n: bytes64,
                width: 1,
                lo: 0,
                hi: 255,
            },
        ],
        [3, 1, 1],
        [64, 1, 1],
        vec![A::Buf(0), A::Buf(1), A::U32((bytes64 / 16) as u32)],
    );
    // histogram256(): PARTIAL_HISTOGRAM256_COUNT (240) blocks of 192 over uints.
    let bytes256 = 32768usize;
    let h256 = once(
        concepts("h256"),
        "_Z18histogram256KernelPjS_j",
        "histogram256(): 64 MiB of rand() % 256, 240 blocks of 192; here 32768 bytes, 16 blocks",
        vec![
            Data::Zeros(16 * 256 * 4),
            Data::Ints {
                n: bytes256,
                width: 1,
                lo: 0,
                hi: 255,
            },
        ],
        [16, 1, 1],
        [192, 1, 1],
        vec![A::Buf(0), A::Buf(1), A::U32((bytes256 / 4) as u32)],
    );
    vec![
        columns,
        conv_tex("_Z21convolutionRowsKernelPfiiy"),
        conv_tex("_Z24convolutionColumnsKernelPfiiy"),
        h64,
        h256,
    ]
}

/// Every host names a unit of the learner corpus and a step of its own kernel, once each.
#[test]
fn every_host_names_a_corpus_unit_once() {
    let units = crate::learners::units();
    let hosts = all();
    for h in &hosts {
        assert!(
            units.iter().any(|u| u.source.name == h.unit),
            "{} is not a unit of the learner corpus",
            h.unit
        );
        assert!(
            h.steps
                .iter()
                .any(|s| matches!(s, Step::Launch { kernel, .. } if *kernel == h.kernel)),
            "{} {}: no step launches it",
            h.unit,
            h.kernel
        );
        let same = hosts
            .iter()
            .filter(|o| o.unit == h.unit && o.kernel == h.kernel)
            .count();
        assert_eq!(same, 1, "{} {} is set up {same} times", h.unit, h.kernel);
    }
}
