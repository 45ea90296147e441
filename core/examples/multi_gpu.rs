//! Splits a vector over every GPU of the machine: one `Library`, its kernel taken once and
//! launched on a stream of each device, each device holding its part of the data; then the
//! parts are gathered on device 0 with peer copies and checked.
//!
//!   cargo run --release --example multi_gpu                          # every GPU
//!   CUDA_LIBRARY_SIM_DEVICES=4 cargo run --release --example multi_gpu   # no GPU: 4 simulated

use cuda_library::{Device, DeviceBuffer, LaunchConfig, Library};

/// `y[i] = a * x[i] + y[i]` (NVRTC's PTX for the CUDA C++ in the crate's front page).
const SAXPY_PTX: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry saxpy(.param .f32 a, .param .u64 x, .param .u64 y, .param .u32 n)
{
    .reg .pred %p<2>; .reg .b32 %r<6>; .reg .f32 %f<5>; .reg .b64 %rd<8>;
    ld.param.f32 %f1, [a];
    ld.param.u64 %rd1, [x];
    ld.param.u64 %rd2, [y];
    ld.param.u32 %r2, [n];
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %tid.x;
    mad.lo.s32 %r1, %r3, %r4, %r5;
    setp.ge.s32 %p1, %r1, %r2;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mul.wide.s32 %rd5, %r1, 4;
    add.s64 %rd6, %rd3, %rd5;
    add.s64 %rd7, %rd4, %rd5;
    ld.global.f32 %f2, [%rd6];
    ld.global.f32 %f3, [%rd7];
    fma.rn.f32 %f4, %f1, %f2, %f3;
    st.global.f32 [%rd7], %f4;
DONE:
    ret;
}"#;

/// Runs the example; an error prints as its message and hint (not Rust's `Debug`) and
/// the exit status is 1.
fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> cuda_library::Result<()> {
    println!("{}", cuda_library::backend()?);
    let devices = Device::all()?;
    println!("{} device(s)", devices.len());
    let lib = Library::load_data(SAXPY_PTX.as_bytes(), &Default::default())?;
    let saxpy = lib.get_kernel("saxpy")?; // once, for every device

    let n: usize = 1 << 22;
    let xs: Vec<f32> = (0..n).map(|i| (i % 1000) as f32).collect();
    let chunk = n.div_ceil(devices.len());

    // Each device: its context, a stream, its part of x and y, one launch.
    let mut parts = Vec::new();
    for (d, range) in devices.iter().zip(xs.chunks(chunk)) {
        let ctx = d.primary_context()?;
        let stream = ctx.create_stream()?;
        let x = DeviceBuffer::from_slice(&ctx, range)?;
        let y = DeviceBuffer::from_slice(&ctx, &vec![1.0f32; range.len()])?;
        let (start, end) = (ctx.create_event()?, ctx.create_event()?);
        start.record(&stream)?;
        saxpy
            .launcher(&stream)
            .config(LaunchConfig::for_num_elems(range.len() as u32, 256))
            .arg(&2.0f32)
            .arg(&x)
            .arg(&y)
            .arg(&(range.len() as u32))
            .launch()?;
        end.record(&stream)?;
        parts.push((d, ctx, stream, y, start, end));
    }

    // Gather on device 0: one peer copy per part (peer access where the hardware has it).
    let first = &parts[0].1;
    let mut gathered = Vec::with_capacity(n);
    for (d, ctx, stream, y, start, end) in &parts {
        stream.synchronize()?;
        let ms = end.elapsed_ms_since(start)?;
        let label = if end.is_simulated() {
            " (simulated)"
        } else {
            ""
        };
        if d.ordinal() != 0 && devices[0].can_access_peer(d)? {
            first.enable_peer_access(ctx)?;
        }
        let on_first = DeviceBuffer::<f32>::zeroed(first, y.len())?;
        on_first.copy_from_peer(y)?;
        println!(
            "device {} ({}): {} elements in {ms:.3} ms{label}",
            d.ordinal(),
            d.name()?,
            y.len()
        );
        gathered.extend(on_first.to_vec()?);
    }
    let wrong = gathered
        .iter()
        .zip(&xs)
        .filter(|(y, x)| **y != 2.0 * **x + 1.0)
        .count();
    println!("{} of {n} results wrong", wrong);
    if wrong != 0 || gathered.len() != n {
        return Err(cuda_library::Error::InvalidArgument(format!(
            "{wrong} wrong results, {} gathered of {n}",
            gathered.len()
        )));
    }
    Ok(())
}
