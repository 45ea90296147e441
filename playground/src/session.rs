//! The playground's plain-Rust layer: one simulated context and stream per page, launch
//! arguments built from JavaScript values, typed views of byte buffers and the structured
//! error the page shows inline. Everything here is host-testable; `lib.rs` only adapts it
//! to wasm-bindgen.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use cuda_library::timing::{self, time_launches, Profile, Timings};
use cuda_library::{
    BackendKind, Context, Device, DevicePtr, Error, Kernel, KernelArg, LaunchConfig, ManagedBuffer,
    Result, Stream, TensorMapDataType, TensorMapSwizzle, TENSOR_MAP_BYTES,
};
use serde::Serialize;

/// Thread-instructions one launch may run in the playground before it is stopped: about a
/// tenth of a second of interpreting in a browser, so a runaway kernel ends quickly.
pub const PLAYGROUND_BUDGET: u64 = 10_000_000;

/// The page's context and stream on the simulated device.
pub struct Session {
    /// The simulated device's context.
    pub ctx: Context,
    /// The stream every launch and timing uses.
    pub stream: Stream,
}

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Remembers the message of a panic (a bug: no user input should cause one), so the page can
/// say what went wrong after WebAssembly traps instead of showing only "unreachable".
pub fn record_panics() {
    std::panic::set_hook(Box::new(|info| {
        let msg = info.to_string();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(msg));
    }));
}

/// The message of the last panic, if any (taken: a second call returns `None`).
pub fn take_panic() -> Option<String> {
    LAST_PANIC.with(|p| p.borrow_mut().take())
}

/// Selects the simulated backend, sets the playground's launch budget and makes the
/// session's context current. Idempotent.
pub fn start() -> Result<()> {
    with_session(|_| Ok(()))
}

/// Runs `f` with the session, creating it on first use.
pub fn with_session<R>(f: impl FnOnce(&Session) -> Result<R>) -> Result<R> {
    SESSION.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            cuda_library::use_backend(BackendKind::Sim)?;
            cuda_library::sim::set_launch_budget(PLAYGROUND_BUDGET);
            let ctx = Device::new(0)?.set_current()?;
            let stream = ctx.create_stream()?;
            *slot = Some(Session { ctx, stream });
        }
        match slot.as_ref() {
            Some(s) => f(s),
            None => Err(Error::BackendUnavailable(
                "the playground session could not start".to_string(),
            )),
        }
    })
}

/// One kernel argument as the page gives it: a scalar of a PTX type, or a device address.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Arg {
    /// `.s32`
    I32(i32),
    /// `.u32`
    U32(u32),
    /// `.s64`
    I64(i64),
    /// `.u64`
    U64(u64),
    /// `.f32`
    F32(f32),
    /// `.f64`
    F64(f64),
    /// A device address (a buffer or a variable).
    Ptr(DevicePtr),
    /// A managed buffer's address; the launch finds the buffer (`managed_args`) so that it
    /// keeps unified memory's rule and charges page migration.
    Managed(DevicePtr),
    /// A tensor map, passed by value (`.param .align 64 .b8 map[128]`).
    TensorMap(MapBytes),
}

/// A tensor map's 128 bytes as a kernel receives them (the simulator's encoding).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MapBytes(pub [u8; TENSOR_MAP_BYTES]);

impl std::fmt::Debug for MapBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MapBytes([128 bytes])")
    }
}

/// Serialized by what it is, not its bytes (an opaque encoding nobody reads field by field).
impl Serialize for MapBytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str("tensor map")
    }
}

impl Arg {
    /// The argument's bytes as the kernel receives them.
    pub fn as_kernel_arg(&self) -> KernelArg<'_> {
        match self {
            Arg::I32(v) => KernelArg::of(v),
            Arg::U32(v) => KernelArg::of(v),
            Arg::I64(v) => KernelArg::of(v),
            Arg::U64(v) => KernelArg::of(v),
            Arg::F32(v) => KernelArg::of(v),
            Arg::F64(v) => KernelArg::of(v),
            Arg::Ptr(v) | Arg::Managed(v) => KernelArg::of(v),
            Arg::TensorMap(m) => KernelArg::from_bytes(&m.0),
        }
    }
}

/// A tensor map's element type from its name as the page writes it (`"f16"`, `"u32"`, ...).
pub fn tensor_map_data_type(name: &str) -> Result<TensorMapDataType> {
    use TensorMapDataType as D;
    Ok(match name {
        "u8" => D::U8,
        "u16" => D::U16,
        "u32" => D::U32,
        "i32" | "s32" => D::S32,
        "u64" => D::U64,
        "i64" | "s64" => D::S64,
        "f16" => D::F16,
        "bf16" => D::BF16,
        "f32" => D::F32,
        "f64" => D::F64,
        "tf32" => D::TF32,
        _ => {
            return Err(Error::InvalidArgument(format!(
                "tensor map element type `{name}`: use one of u8, u16, u32, i32, u64, i64, f16, \
                 bf16, f32, f64, tf32"
            )))
        }
    })
}

/// A swizzle from its span in bytes (0 for none, 32, 64 or 128).
pub fn tensor_map_swizzle(bytes: u32) -> Result<TensorMapSwizzle> {
    Ok(match bytes {
        0 => TensorMapSwizzle::None,
        32 => TensorMapSwizzle::B32,
        64 => TensorMapSwizzle::B64,
        128 => TensorMapSwizzle::B128,
        _ => {
            return Err(Error::InvalidArgument(format!(
                "swizzle {bytes}: give the span in bytes, 0 (none), 32, 64 or 128"
            )))
        }
    })
}

/// Grid, block and dynamic shared bytes from the page's arrays (`[x]`, `[x, y]` or
/// `[x, y, z]`; missing dimensions are 1).
pub fn launch_config(grid: &[u32], block: &[u32], shared_bytes: u32) -> Result<LaunchConfig> {
    Ok(LaunchConfig::new(dim3(grid, "grid")?, dim3(block, "block")?).with_shared_mem(shared_bytes))
}

fn dim3(v: &[u32], what: &str) -> Result<(u32, u32, u32)> {
    match *v {
        [x] => Ok((x, 1, 1)),
        [x, y] => Ok((x, y, 1)),
        [x, y, z] => Ok((x, y, z)),
        _ => Err(Error::InvalidArgument(format!(
            "{what} needs 1 to 3 dimensions, got {}",
            v.len()
        ))),
    }
}

thread_local! {
    /// The page's managed buffers (`ManagedBuffer` in JavaScript), found by address when a
    /// launch takes one.
    static MANAGED: RefCell<Vec<Weak<ManagedBuffer<f32>>>> = const { RefCell::new(Vec::new()) };
}

/// `n` floats of unified memory, registered for the launches that take them.
pub fn alloc_managed(n: usize) -> Result<Rc<ManagedBuffer<f32>>> {
    let buf = Rc::new(with_session(|s| s.ctx.alloc_managed::<f32>(n))?);
    MANAGED.with(|m| {
        let mut m = m.borrow_mut();
        m.retain(|w| w.strong_count() > 0);
        m.push(Rc::downgrade(&buf));
    });
    Ok(buf)
}

/// The managed buffers among `args`, in order, held for a launch.
fn managed_args(args: &[Arg]) -> Result<Vec<Rc<ManagedBuffer<f32>>>> {
    args.iter()
        .filter_map(|a| match a {
            Arg::Managed(p) => Some(p.0),
            _ => None,
        })
        .map(|addr| {
            MANAGED
                .with(|m| {
                    m.borrow()
                        .iter()
                        .filter_map(Weak::upgrade)
                        .find(|b| b.as_raw() == addr)
                })
                .ok_or_else(|| {
                    Error::InvalidArgument(format!(
                        "the managed buffer at {addr:#x} was freed before the launch"
                    ))
                })
        })
        .collect()
}

/// The kernel arguments of `args`, the managed buffers among them (`held`, from
/// `managed_args`) as managed arguments.
fn kernel_args<'a>(args: &'a [Arg], held: &'a [Rc<ManagedBuffer<f32>>]) -> Vec<KernelArg<'a>> {
    let mut managed = held.iter();
    args.iter()
        .map(|a| match (a, managed.len()) {
            (Arg::Managed(_), 1..) => managed
                .next()
                .map_or_else(|| a.as_kernel_arg(), |b| KernelArg::managed(b)),
            _ => a.as_kernel_arg(),
        })
        .collect()
}

/// Launches `kernel` on the session's stream and waits for it. The arguments are checked
/// against the kernel's parameters exactly as on the driver.
pub fn launch(kernel: &Kernel, config: &LaunchConfig, args: &[Arg]) -> Result<()> {
    let held = managed_args(args)?;
    let raw = kernel_args(args, &held);
    with_session(|s| {
        kernel.launch(&s.stream, config, &raw)?;
        s.stream.synchronize()
    })
}

/// Times `runs` launches (after `warmup` untimed ones) with the simulated clock.
pub fn time(
    kernel: &Kernel,
    config: &LaunchConfig,
    args: &[Arg],
    runs: usize,
    warmup: usize,
) -> Result<Timings> {
    let held = managed_args(args)?;
    let raw = kernel_args(args, &held);
    with_session(|s| {
        let t = time_launches(&s.stream, runs, warmup, || {
            kernel.launch(&s.stream, config, &raw)
        })?;
        s.stream.synchronize()?;
        Ok(t)
    })
}

/// Launches `kernel` once on the session's stream and profiles it (`timing::profile`): the
/// simulator's counters, the cost model's account and hints.
pub fn profile(kernel: &Kernel, config: &LaunchConfig, args: &[Arg]) -> Result<Profile> {
    let held = managed_args(args)?;
    let raw = kernel_args(args, &held);
    with_session(|s| {
        let p = timing::profile(&s.stream, || kernel.launch(&s.stream, config, &raw))?;
        s.stream.synchronize()?;
        Ok(p)
    })
}

/// Plain numbers that convert to and from little-endian bytes.
pub trait Scalar: Copy {
    /// Bytes per value.
    const SIZE: usize;
    /// The value stored in `b` (exactly `SIZE` bytes).
    fn from_le(b: &[u8]) -> Self;
    /// Appends the value's bytes.
    fn put_le(self, out: &mut Vec<u8>);
}

macro_rules! scalar {
    ($($t:ty),*) => {$(
        impl Scalar for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn from_le(b: &[u8]) -> Self {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                a.copy_from_slice(b);
                <$t>::from_le_bytes(a)
            }
            fn put_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
        }
    )*};
}
scalar!(u8, i8, u16, i16, i32, u32, f32, f64);

/// `bytes` read as values of `T`; an error if the length is not a multiple of its size.
pub fn values_from_bytes<T: Scalar>(bytes: &[u8], type_name: &str) -> Result<Vec<T>> {
    if bytes.len() % T::SIZE != 0 {
        return Err(Error::SizeMismatch {
            what: format!("{} bytes read as {type_name}", bytes.len()),
            expected: bytes.len() - bytes.len() % T::SIZE,
            got: bytes.len(),
        });
    }
    Ok(bytes.chunks_exact(T::SIZE).map(T::from_le).collect())
}

/// The little-endian bytes of `values`.
pub fn bytes_from_values<T: Scalar>(values: &[T]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * T::SIZE);
    for v in values {
        v.put_le(&mut out);
    }
    out
}

/// An error as the page shows it: the message, the hint, where in the PTX or the CUDA C
/// source (when the error knows) and the same styled box a notebook shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErrorInfo {
    /// The error's variant, e.g. `PtxSyntax`, `KernelFault`.
    pub kind: String,
    /// What failed (the Display text without the hint).
    pub message: String,
    /// What to do about it.
    pub hint: Option<String>,
    /// The source file a compile error is in (`saxpy.cu`); for other errors the page knows
    /// which image it loaded.
    pub file: Option<String>,
    /// Line (1-based): of the PTX for syntax errors, faults, budget stops; of the source for
    /// compile errors.
    pub line: Option<u32>,
    /// Column (1-based) for PTX syntax errors and compile errors.
    pub column: Option<u32>,
    /// The styled HTML box.
    pub html: String,
}

impl ErrorInfo {
    /// The page's view of `e`.
    pub fn of(e: &Error) -> ErrorInfo {
        let full = e.to_string();
        let mut message = full.split("\nhint: ").next().unwrap_or(&full).to_string();
        let mut file = None;
        let (line, column) = match e {
            Error::Compile { log, .. } => match first_error(log) {
                Some(at) => {
                    // The page shows `file:line:col` as a link to the line: the message is
                    // the log from the first error on, without it.
                    message = at.rest;
                    file = Some(at.file);
                    (Some(at.line), at.column)
                }
                None => (None, None),
            },
            Error::PtxSyntax { line, column, .. } => (Some(*line), Some(*column)),
            Error::KernelFault { line, .. } | Error::InstructionBudget { line, .. } => {
                (Some(*line), None)
            }
            // The simulator's refusals end with the PTX line they are about.
            Error::Unsupported(what) => (ptx_line_of(what), None),
            _ => (None, None),
        };
        let debug = format!("{e:?}");
        let kind = debug
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("Error")
            .to_string();
        ErrorInfo {
            kind,
            message,
            hint: e.hint(),
            file,
            line,
            column,
            html: e.to_html(),
        }
    }
}

/// Where a compiler's log puts its first error, and the log from there on.
#[derive(Debug, Clone, PartialEq)]
struct ErrorAt {
    file: String,
    line: u32,
    column: Option<u32>,
    /// The first error's message (after `error: `) and every line after it.
    rest: String,
}

/// The first error of a compile log: `file:line:col: error: what` (the built-in compiler)
/// or `file(line): error: what` (NVRTC), with the lines that follow (the source line, the
/// caret, notes, later errors).
fn first_error(log: &str) -> Option<ErrorAt> {
    let mut lines = log.lines();
    while let Some(l) = lines.next() {
        let Some((at, what)) = l.split_once(": error: ") else {
            continue;
        };
        let (file, line, column) = if let Some(open) = at.strip_suffix(')') {
            let (file, line) = open.rsplit_once('(')?;
            (file, line.parse().ok()?, None)
        } else {
            let (rest, col) = at.rsplit_once(':')?;
            let (file, line) = rest.rsplit_once(':')?;
            (file, line.parse().ok()?, Some(col.parse().ok()?))
        };
        let mut rest = format!("error: {what}");
        for more in lines {
            rest.push('\n');
            rest.push_str(more);
        }
        return Some(ErrorAt {
            file: file.to_string(),
            line,
            column,
            rest: rest.trim_end().to_string(),
        });
    }
    None
}

/// The line a message ends with, as "(PTX line N)".
fn ptx_line_of(message: &str) -> Option<u32> {
    let rest = message.strip_suffix(')')?;
    let at = rest.rfind("(PTX line ")?;
    rest[at + "(PTX line ".len()..].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cuda_library::{Library, LibraryOptions};

    const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry twice(.param .u64 p, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [p];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %tid.x;
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd2, %rd2, %rd3;
    ld.global.u32 %r3, [%rd2];
    shl.b32 %r3, %r3, 1;
    st.global.u32 [%rd2], %r3;
DONE:
    ret;
}
.visible .entry forever()
{
LOOP:
    bra LOOP;
}
"#;

    fn lib() -> Library {
        start().unwrap();
        Library::load_data(PTX.as_bytes(), &LibraryOptions::default()).unwrap()
    }

    #[test]
    fn launches_with_page_arguments() {
        let lib = lib();
        let k = lib.get_kernel("twice").unwrap();
        let buf = with_session(|s| s.ctx.htod(&[1u32, 2, 3, 4])).unwrap();
        let args = [Arg::Ptr(buf.device_ptr()), Arg::U32(3)];
        launch(&k, &launch_config(&[1], &[32], 0).unwrap(), &args).unwrap();
        assert_eq!(buf.to_vec().unwrap(), vec![2, 4, 6, 4]);
    }

    #[test]
    fn a_managed_argument_is_launched_as_a_managed_buffer_and_a_freed_one_refused() {
        let lib = lib();
        let k = lib.get_kernel("twice").unwrap();
        let buf = alloc_managed(4).unwrap();
        buf.copy_from(&[1, 2, 3, 4].map(f32::from_bits)).unwrap();
        let args = [Arg::Managed(buf.device_ptr()), Arg::U32(3)];
        launch(&k, &launch_config(&[1], &[32], 0).unwrap(), &args).unwrap();
        let bits: Vec<u32> = buf.to_vec().unwrap().iter().map(|v| v.to_bits()).collect();
        assert_eq!(bits, vec![2, 4, 6, 4]);
        // The launch went through the managed path: the model moved the page to the device
        // for the kernel, and back for the host's read.
        let m = buf.migration().unwrap();
        assert_eq!(
            (m.faults, m.faulted_to_device, m.faulted_to_host),
            (2, 16, 16)
        );
        drop(buf);
        let e = launch(&k, &launch_config(&[1], &[32], 0).unwrap(), &args).unwrap_err();
        assert!(e.to_string().contains("was freed"), "{e}");
    }

    #[test]
    fn wrong_argument_size_is_an_error_not_a_launch() {
        let lib = lib();
        let k = lib.get_kernel("twice").unwrap();
        let buf = with_session(|s| s.ctx.htod(&[1u32])).unwrap();
        let args = [Arg::Ptr(buf.device_ptr()), Arg::U64(1)];
        let e = launch(&k, &launch_config(&[1], &[1], 0).unwrap(), &args).unwrap_err();
        assert_eq!(ErrorInfo::of(&e).kind, "ArgumentSize");
        assert_eq!(buf.to_vec().unwrap(), vec![1]);
    }

    #[test]
    fn runaway_kernel_stops_at_the_playground_budget_with_its_line() {
        let lib = lib();
        let k = lib.get_kernel("forever").unwrap();
        let e = launch(&k, &launch_config(&[1], &[32], 0).unwrap(), &[]).unwrap_err();
        let info = ErrorInfo::of(&e);
        assert_eq!(info.kind, "InstructionBudget");
        assert_eq!(info.line, Some(26));
        assert!(info.message.contains("10000000"), "{}", info.message);
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        start().unwrap();
        let bad = PTX.replace("shl.b32 %r3, %r3, 1;", "shl.b32 %r3, %r3 1;");
        // The module loads (its other kernels run); the kernel with the typo says where.
        let lib = Library::load_data(bad.as_bytes(), &LibraryOptions::default()).unwrap();
        let k = lib.get_kernel("twice").unwrap();
        let buf = with_session(|s| s.ctx.htod(&[0u32; 1])).unwrap();
        let args = [Arg::Ptr(buf.device_ptr()), Arg::U32(1)];
        let e = launch(&k, &launch_config(&[1], &[1], 0).unwrap(), &args).unwrap_err();
        let info = ErrorInfo::of(&e);
        assert_eq!(info.kind, "PtxSyntax");
        assert_eq!(info.line, Some(18));
        assert!(info.column.is_some());
        assert!(info.html.contains("line 18"), "{}", info.html);
    }

    #[test]
    fn a_compile_error_is_placed_at_its_source_line_and_column() {
        let log = "saxpy.cu:3:17: error: `j` is not declared\n    if (i < n) y[j] = 1;\n                ^\n  note: declare it\n";
        let e = Error::Compile {
            compiler: "The built-in compiler".into(),
            program: "saxpy.cu".into(),
            options: vec![],
            log: log.into(),
        };
        let info = ErrorInfo::of(&e);
        assert_eq!(info.kind, "Compile");
        assert_eq!(info.file.as_deref(), Some("saxpy.cu"));
        assert_eq!((info.line, info.column), (Some(3), Some(17)));
        assert!(
            info.message.starts_with("error: `j` is not declared\n")
                && info.message.ends_with("note: declare it"),
            "{}",
            info.message
        );
    }

    #[test]
    fn nvrtc_logs_and_logs_without_a_position_are_read_too() {
        let at =
            first_error("warning: x\nk.cu(12): error: identifier \"j\" is undefined\n").unwrap();
        assert_eq!((at.file.as_str(), at.line, at.column), ("k.cu", 12, None));
        assert_eq!(
            first_error("error: the option `-rdc=true` is not taken"),
            None
        );
        assert_eq!(first_error("a:b:c: error: x"), None);
        assert_eq!(first_error(""), None);
    }

    #[test]
    fn a_program_compiles_and_runs_with_the_builtin_compiler() {
        use cuda_library::{Compiler, ImageKind, Program, ProgramOptions};
        start().unwrap();
        let o = ProgramOptions {
            compiler: Compiler::Builtin,
            ..Default::default()
        };
        let src = "extern \"C\" __global__ void twice(unsigned* p, unsigned n) {\n    if (threadIdx.x < n) p[threadIdx.x] *= 2;\n}\n";
        let code = Program::new(src, o.clone())
            .with_name("twice.cu")
            .compile(ImageKind::Ptx, &[])
            .unwrap();
        let lib = code.to_library(&LibraryOptions::default()).unwrap();
        let buf = with_session(|s| s.ctx.htod(&[1u32, 2, 3])).unwrap();
        let args = [Arg::Ptr(buf.device_ptr()), Arg::U32(2)];
        let k = lib.get_kernel("twice").unwrap();
        launch(&k, &launch_config(&[1], &[32], 0).unwrap(), &args).unwrap();
        assert_eq!(buf.to_vec().unwrap(), vec![2, 4, 3]);
        let bad = src.replace("p[threadIdx.x] *= 2", "p[j] *= 2");
        let e = Program::new(bad, o)
            .with_name("twice.cu")
            .compile(ImageKind::Ptx, &[])
            .unwrap_err();
        let info = ErrorInfo::of(&e);
        assert_eq!(
            (info.file.as_deref(), info.line),
            (Some("twice.cu"), Some(2)),
            "{}",
            info.message
        );
    }

    #[test]
    fn timing_is_simulated() {
        let lib = lib();
        let k = lib.get_kernel("twice").unwrap();
        let buf = with_session(|s| s.ctx.htod(&[0u32; 64])).unwrap();
        let args = [Arg::Ptr(buf.device_ptr()), Arg::U32(64)];
        let t = time(&k, &launch_config(&[2], &[32], 0).unwrap(), &args, 5, 1).unwrap();
        assert!(t.simulated);
        assert_eq!(t.samples_ms.len(), 5);
        assert!(t.samples_ms.iter().all(|&ms| ms > 0.0));
    }

    #[test]
    fn dimensions_and_typed_views() {
        assert!(launch_config(&[], &[1], 0).is_err());
        assert!(launch_config(&[1, 2, 3, 4], &[1], 0).is_err());
        let c = launch_config(&[4, 2], &[32], 128).unwrap();
        assert_eq!(
            (c.grid.x, c.grid.y, c.grid.z, c.shared_mem_bytes),
            (4, 2, 1, 128)
        );
        let b = bytes_from_values(&[1.5f32, -2.0]);
        assert_eq!(
            values_from_bytes::<f32>(&b, "f32").unwrap(),
            vec![1.5, -2.0]
        );
        assert!(values_from_bytes::<f64>(&b[..6], "f64").is_err());
    }

    /// The Hopper GEMM lesson's kernels (`notebooks/08-hopper-gemm.ptx`, copied into
    /// `site/lessons.js`) at the lesson's size: both GEMMs fit the playground's budget, the
    /// tensor maps pass as arguments, and the two results agree bit for bit.
    #[test]
    fn the_hopper_gemm_lesson_fits_the_budget_and_both_gemms_agree() {
        const GEMM_PTX: &str = include_str!("../../notebooks/08-hopper-gemm.ptx");
        let lessons = include_str!("../site/lessons.js");
        assert!(
            lessons.contains(GEMM_PTX.trim_end()),
            "site/lessons.js holds a copy of notebooks/08-hopper-gemm.ptx that differs from it"
        );
        start().unwrap();
        let lib = Library::load_data(GEMM_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
        let (m, n, k) = (128usize, 128usize, 128usize);
        // Small integers as f16 bits (|v| <= 4, so the exponent is 15..17): exact sums.
        let f16 = |v: i32| -> u16 {
            if v == 0 {
                return 0;
            }
            let a = v.unsigned_abs();
            let e = 31 - a.leading_zeros();
            (if v < 0 { 0x8000 } else { 0 })
                | ((e + 15) << 10) as u16
                | ((a << (10 - e)) & 0x3ff) as u16
        };
        let a: Vec<u16> = (0..m * k)
            .map(|i| f16(((i * 7 + i / k) % 9) as i32 - 4))
            .collect();
        let bt: Vec<u16> = (0..n * k)
            .map(|i| f16(((i * 5 + 3 * (i / k)) % 9) as i32 - 4))
            .collect();
        let (da, dbt, ct, cw) = with_session(|s| {
            Ok((
                s.ctx.htod(&a)?,
                s.ctx.htod(&bt)?,
                s.ctx.alloc_zeroed::<f32>(m * n)?,
                s.ctx.alloc_zeroed::<f32>(m * n)?,
            ))
        })
        .unwrap();
        let map = |buf: &cuda_library::DeviceBuffer<u16>, rows: usize| {
            let mut d = cuda_library::TensorMapDesc::tiled(
                tensor_map_data_type("f16").unwrap(),
                buf.as_raw(),
                &[k as u64, rows as u64],
                &[64, 64],
            )
            .unwrap();
            d.swizzle = tensor_map_swizzle(128).unwrap();
            MapBytes(*cuda_library::TensorMap::new(buf, &d).unwrap().as_bytes())
        };
        let tiled = lib.get_kernel("gemm_tiled").unwrap();
        let cfg = launch_config(&[n as u32 / 16, m as u32 / 16], &[16, 16], 0).unwrap();
        let args = [
            Arg::Ptr(DevicePtr(da.as_raw())),
            Arg::Ptr(DevicePtr(dbt.as_raw())),
            Arg::Ptr(DevicePtr(ct.as_raw())),
            Arg::U32(n as u32),
            Arg::U32(k as u32),
        ];
        let p = profile(&tiled, &cfg, &args).unwrap();
        assert!(p.simulated);
        let wgmma = lib.get_kernel("gemm_tma_wgmma").unwrap();
        let cfg = launch_config(&[n as u32 / 64, m as u32 / 64], &[128], 0).unwrap();
        let args = [
            Arg::TensorMap(map(&da, m)),
            Arg::TensorMap(map(&dbt, n)),
            Arg::Ptr(DevicePtr(cw.as_raw())),
            Arg::U32(n as u32),
            Arg::U32(k as u32),
        ];
        profile(&wgmma, &cfg, &args).unwrap();
        let (t, w) = (ct.to_vec().unwrap(), cw.to_vec().unwrap());
        assert!(t.iter().zip(&w).all(|(x, y)| x.to_bits() == y.to_bits()));
        assert!(t.iter().any(|&x| x != 0.0), "the GEMM wrote its output");
    }

    #[test]
    fn tensor_map_names_from_the_page_are_checked() {
        assert_eq!(tensor_map_data_type("f16").unwrap(), TensorMapDataType::F16);
        assert_eq!(tensor_map_swizzle(64).unwrap(), TensorMapSwizzle::B64);
        let e = tensor_map_data_type("half").unwrap_err().to_string();
        assert!(e.contains("`half`") && e.contains("f16"), "{e}");
        let e = tensor_map_swizzle(16).unwrap_err().to_string();
        assert!(e.contains("swizzle 16") && e.contains("128"), "{e}");
    }
}
