//! `cuda-library` in the browser: the crate's public API, compiled to WebAssembly on the
//! simulated backend, exposed to JavaScript with wasm-bindgen.
//!
//! The JavaScript names mirror the Rust ones (`Library.loadData` is
//! [`Library::load_data`](cuda_library::Library::load_data), `lib.getKernel` is
//! [`Library::get_kernel`](cuda_library::Library::get_kernel), ...). Nothing here
//! re-implements the core: loading, tables, variables, launches, timing and every rendering
//! (`toHtml`) are the core's and the notebook crate's, so a kernel table looks the same in a
//! notebook and in the browser.
//!
//! Errors thrown to JavaScript are `Error` objects with extra fields: `kind` (the Rust
//! variant), `hint`, `line`/`column` (PTX position, or the source position of a compile
//! error, where known), `file` (the source file of a compile error) and `html` (the styled
//! box).
//!
//! The static site in `playground/site/` drives this module from a Web Worker; see
//! `scripts/playground.sh` for the build.

pub mod arg_types;
pub mod program;
pub mod session;

pub use program::{ObjectCode, Program, ProgramOptions};

use cuda_library::timing::{Profile as CoreProfile, Sweep as CoreSweep, Timings as CoreTimings};
use cuda_library::{
    DataPlot, DeviceBuffer, DevicePtr, DeviceRepr, ElementType, Error, Global, Managed, PlotValue,
    Result,
};
use cuda_library_notebook::stats::Summary;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use session::{Arg, ErrorInfo, Scalar};

/// The JavaScript `Error` for `e`, with `kind`, `hint`, `line`, `column` and `html` set.
fn js_error(e: Error) -> JsValue {
    let info = ErrorInfo::of(&e);
    let err = js_sys::Error::new(&info.message);
    let obj: &JsValue = err.as_ref();
    let set = |k: &str, v: JsValue| {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(obj, &JsValue::from_str(k), &v);
    };
    set("kind", JsValue::from_str(&info.kind));
    set(
        "hint",
        info.hint
            .as_deref()
            .map_or(JsValue::NULL, JsValue::from_str),
    );
    if let Some(file) = &info.file {
        // Only when the error names it: the worker names the image for the others.
        set("file", JsValue::from_str(file));
    }
    set("line", info.line.map_or(JsValue::NULL, JsValue::from));
    set("column", info.column.map_or(JsValue::NULL, JsValue::from));
    set("html", JsValue::from_str(&info.html));
    err.into()
}

/// `Result<T>` of the core as wasm-bindgen wants it.
fn js<T>(r: Result<T>) -> std::result::Result<T, JsValue> {
    r.map_err(js_error)
}

/// A serialisable value as a plain JavaScript object (through JSON).
fn to_js_object<T: Serialize>(v: &T) -> std::result::Result<JsValue, JsValue> {
    let text = serde_json::to_string(v).map_err(|e| JsValue::from_str(&e.to_string()))?;
    js_sys::JSON::parse(&text)
}

/// Starts the simulated device (selects the sim backend, sets the playground's launch
/// budget). Called once by the page; every other call also starts it on first use.
#[wasm_bindgen]
pub fn start() -> std::result::Result<(), JsValue> {
    session::record_panics();
    js(session::start())
}

/// The message of the last panic inside the module, if one happened (a bug in cuda-library;
/// WebAssembly then traps with `RuntimeError: unreachable` and the page starts a fresh
/// worker).
#[wasm_bindgen(js_name = takePanic)]
pub fn take_panic() -> Option<String> {
    session::take_panic()
}

/// What device `printf` wrote since the last call (`sim::take_device_output`): the worker
/// shows it under the snippet's output after every run.
#[wasm_bindgen(js_name = takeDeviceOutput)]
pub fn take_device_output() -> String {
    cuda_library::sim::take_device_output()
}

/// The warnings about launch arguments since the last call (`arg_types`): the worker shows
/// them after the call that made them.
#[wasm_bindgen(js_name = takeWarnings)]
pub fn take_warnings() -> Vec<String> {
    arg_types::take_warnings()
}

/// The backend in use, as the core's `BackendInfo` (`toHtml`, `toJSON`).
#[wasm_bindgen]
pub fn backend() -> std::result::Result<BackendInfo, JsValue> {
    js(session::start())?;
    Ok(BackendInfo(js(cuda_library::backend())?))
}

/// Which backend runs the calls, and why.
#[wasm_bindgen]
pub struct BackendInfo(cuda_library::BackendInfo);

#[wasm_bindgen]
impl BackendInfo {
    /// The card a notebook shows.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> String {
        self.0.to_html()
    }

    /// The plain data.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> std::result::Result<JsValue, JsValue> {
        to_js_object(&self.0)
    }
}

/// Device 0 of the simulator (`Device::new(0)`): `toHtml` shows its properties.
#[wasm_bindgen]
pub fn device() -> std::result::Result<Device, JsValue> {
    js(session::start())?;
    Ok(Device(js(cuda_library::Device::new(0))?))
}

/// A device.
#[wasm_bindgen]
pub struct Device(cuda_library::Device);

#[wasm_bindgen]
impl Device {
    /// The device's name.
    pub fn name(&self) -> std::result::Result<String, JsValue> {
        js(self.0.name())
    }

    /// The properties table a notebook shows.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.0.to_html())
    }
}

/// What an image holds, read without loading it (`culib inspect --json`): kernels,
/// parameters, variables, fatbin entries.
#[wasm_bindgen]
pub fn inspect(image: &[u8]) -> std::result::Result<JsValue, JsValue> {
    let table = js(cuda_library::LibraryTable::read(image))?;
    let text =
        serde_json::to_string(&table.inspect()).map_err(|e| JsValue::from_str(&e.to_string()))?;
    js_sys::JSON::parse(&text)
}

/// A loaded library (`cuda_library::Library`).
#[wasm_bindgen]
pub struct Library {
    inner: Option<cuda_library::Library>,
    /// Each kernel's parameter types as the image declares them (PTX does; a cubin does
    /// not), by mangled name: for the argument warnings (`arg_types`).
    param_types: std::rc::Rc<std::collections::BTreeMap<String, Vec<Option<String>>>>,
}

impl Library {
    /// The page's handle of `lib`, loaded from `image` (whose table gives the kernels'
    /// parameter types; an image it cannot read gives none).
    fn new(lib: cuda_library::Library, image: &[u8]) -> Library {
        let param_types = cuda_library::LibraryTable::read(image)
            .map(|t| {
                t.kernels
                    .into_iter()
                    .map(|k| (k.name, k.params.into_iter().map(|p| p.ptx_type).collect()))
                    .collect()
            })
            .unwrap_or_default();
        Library {
            inner: Some(lib),
            param_types: std::rc::Rc::new(param_types),
        }
    }

    /// The page's handle of one of this library's kernels, with its parameter types.
    fn kernel(&self, inner: cuda_library::Kernel) -> std::result::Result<Kernel, JsValue> {
        let name = js(inner.name())?;
        Ok(Kernel {
            param_types: self.param_types.get(&name).cloned().unwrap_or_default(),
            name,
            inner,
        })
    }

    fn get(&self) -> std::result::Result<&cuda_library::Library, JsValue> {
        self.inner.as_ref().ok_or_else(|| {
            js_error(Error::Unloaded {
                what: "library".to_string(),
            })
        })
    }
}

#[wasm_bindgen]
impl Library {
    /// Loads a cubin, fatbin or PTX image (`Library::load_data` with default options).
    #[wasm_bindgen(js_name = loadData)]
    pub fn load_data(image: &[u8]) -> std::result::Result<Library, JsValue> {
        js(session::start())?;
        let lib = js(cuda_library::Library::load_data(image, &Default::default()))?;
        Ok(Library::new(lib, image))
    }

    /// Every kernel (`lib.kernels()`).
    pub fn kernels(&self) -> std::result::Result<Vec<Kernel>, JsValue> {
        let kernels = js(self.get()?.kernels())?;
        kernels.into_iter().map(|k| self.kernel(k)).collect()
    }

    /// One kernel by its (mangled) name (`lib.get_kernel(name)`).
    #[wasm_bindgen(js_name = getKernel)]
    pub fn get_kernel(&self, name: &str) -> std::result::Result<Kernel, JsValue> {
        let k = js(self.get()?.get_kernel(name))?;
        self.kernel(k)
    }

    /// A `__device__` or `__constant__` variable (`lib.get_global(name)`).
    #[wasm_bindgen(js_name = getGlobal)]
    pub fn get_global(&self, name: &str) -> std::result::Result<Variable, JsValue> {
        Ok(Variable(Var::Global(js(self.get()?.get_global(name))?)))
    }

    /// A `__managed__` variable (`lib.get_managed(name)`).
    #[wasm_bindgen(js_name = getManaged)]
    pub fn get_managed(&self, name: &str) -> std::result::Result<Variable, JsValue> {
        Ok(Variable(Var::Managed(js(self.get()?.get_managed(name))?)))
    }

    /// The names of the module-scope variables.
    #[wasm_bindgen(js_name = variableNames)]
    pub fn variable_names(&self) -> std::result::Result<Vec<String>, JsValue> {
        Ok(self.get()?.variable_names().unwrap_or_default())
    }

    /// The kernel table with occupancy at `block_size` threads per block.
    #[wasm_bindgen(js_name = kernelTable)]
    pub fn kernel_table(&self, block_size: u32) -> std::result::Result<KernelTable, JsValue> {
        Ok(KernelTable(js(self.get()?.kernel_table(block_size))?))
    }

    /// Where the image came from.
    #[wasm_bindgen(getter)]
    pub fn source(&self) -> std::result::Result<String, JsValue> {
        Ok(self.get()?.source().to_string())
    }

    /// The card a notebook shows: source, backend, kernel and variable counts.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.get()?.to_html())
    }

    /// Unloads the library (`lib.unload()`): its kernels and variables report `Unloaded`
    /// from then on.
    pub fn unload(&mut self) -> std::result::Result<(), JsValue> {
        match self.inner.take() {
            Some(lib) => js(lib.unload()),
            None => Err(js_error(Error::Unloaded {
                what: "library".to_string(),
            })),
        }
    }
}

/// The kernel table (`lib.kernel_table(block)`).
#[wasm_bindgen]
pub struct KernelTable(cuda_library::KernelTable);

#[wasm_bindgen]
impl KernelTable {
    /// The table a notebook shows.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> String {
        self.0.to_html()
    }

    /// The rows as plain objects.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> std::result::Result<JsValue, JsValue> {
        to_js_object(&self.0)
    }
}

/// A kernel of a loaded library.
#[wasm_bindgen]
pub struct Kernel {
    inner: cuda_library::Kernel,
    /// The mangled name (for warnings, which must not fail once the library is unloaded).
    name: String,
    /// The parameters' PTX types, where the image declares them.
    param_types: Vec<Option<String>>,
}

impl Kernel {
    /// Keeps the warnings about `args` for the page (`arg_types`).
    fn check_kinds(&self, args: &Args) {
        arg_types::warn(arg_types::mismatches(
            &self.name,
            &self.param_types,
            &args.0,
        ));
    }
}

#[wasm_bindgen]
impl Kernel {
    /// The mangled name.
    pub fn name(&self) -> std::result::Result<String, JsValue> {
        js(self.inner.name())
    }

    /// The demangled C++ name.
    #[wasm_bindgen(js_name = demangledName)]
    pub fn demangled_name(&self) -> std::result::Result<String, JsValue> {
        js(self.inner.demangled_name())
    }

    /// The parameters' offsets and sizes: `[{offset, size}, ...]`.
    #[wasm_bindgen(js_name = paramInfo)]
    pub fn param_info(&self) -> std::result::Result<JsValue, JsValue> {
        to_js_object(&js(self.inner.param_info())?)
    }

    /// Launches on the page's stream and waits. `grid` and `block` are arrays of 1 to 3
    /// numbers; `args` must match the kernel's parameters in count and sizes.
    pub fn launch(
        &self,
        grid: &[u32],
        block: &[u32],
        args: &Args,
        shared_bytes: Option<u32>,
    ) -> std::result::Result<(), JsValue> {
        let cfg = js(session::launch_config(
            grid,
            block,
            shared_bytes.unwrap_or(0),
        ))?;
        self.check_kinds(args);
        js(session::launch(&self.inner, &cfg, &args.0))
    }

    /// Launches once and profiles the launch: counters, where the simulated time goes, and
    /// hints naming the PTX lines responsible.
    pub fn profile(
        &self,
        grid: &[u32],
        block: &[u32],
        args: &Args,
        shared_bytes: Option<u32>,
    ) -> std::result::Result<Profile, JsValue> {
        let cfg = js(session::launch_config(
            grid,
            block,
            shared_bytes.unwrap_or(0),
        ))?;
        self.check_kinds(args);
        Ok(Profile(js(session::profile(&self.inner, &cfg, &args.0))?))
    }

    /// Times `runs` launches (after one untimed) on the simulated clock.
    pub fn time(
        &self,
        grid: &[u32],
        block: &[u32],
        args: &Args,
        runs: u32,
        shared_bytes: Option<u32>,
    ) -> std::result::Result<Timings, JsValue> {
        let cfg = js(session::launch_config(
            grid,
            block,
            shared_bytes.unwrap_or(0),
        ))?;
        self.check_kinds(args);
        let t = js(session::time(&self.inner, &cfg, &args.0, runs as usize, 1))?;
        Ok(Timings(t))
    }
}

/// Kernel arguments, built in order: `new Args().buffer(x).f32(2.0).i32(n)`.
#[wasm_bindgen]
#[derive(Default)]
pub struct Args(Vec<Arg>);

/// `v` as an integer of at most 53 bits, or an error naming the argument.
fn whole(v: f64, what: &str) -> std::result::Result<f64, JsValue> {
    if v.fract() != 0.0 || v.abs() > 9_007_199_254_740_992.0 || v.is_nan() {
        return Err(js_error(Error::InvalidArgument(format!(
            "{what} argument {v} is not a whole number JavaScript can hold exactly"
        ))));
    }
    Ok(v)
}

#[wasm_bindgen]
impl Args {
    /// No arguments yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Args {
        Args::default()
    }

    /// A 32-bit signed integer (`int`).
    pub fn i32(mut self, v: i32) -> Args {
        self.0.push(Arg::I32(v));
        self
    }

    /// A 32-bit unsigned integer (`unsigned`).
    pub fn u32(mut self, v: u32) -> Args {
        self.0.push(Arg::U32(v));
        self
    }

    /// A 64-bit signed integer (`long long`), from a whole JavaScript number.
    pub fn i64(mut self, v: f64) -> std::result::Result<Args, JsValue> {
        self.0.push(Arg::I64(whole(v, "i64")? as i64));
        Ok(self)
    }

    /// A 64-bit unsigned integer (`size_t`), from a whole non-negative JavaScript number.
    pub fn u64(mut self, v: f64) -> std::result::Result<Args, JsValue> {
        if v < 0.0 {
            return Err(js_error(Error::InvalidArgument(format!(
                "u64 argument {v} is negative"
            ))));
        }
        self.0.push(Arg::U64(whole(v, "u64")? as u64));
        Ok(self)
    }

    /// A `float`.
    pub fn f32(mut self, v: f32) -> Args {
        self.0.push(Arg::F32(v));
        self
    }

    /// A `double`.
    pub fn f64(mut self, v: f64) -> Args {
        self.0.push(Arg::F64(v));
        self
    }

    /// A buffer's device address (a pointer parameter).
    pub fn buffer(mut self, b: &Buffer) -> Args {
        self.0.push(Arg::Ptr(DevicePtr(b.raw())));
        self
    }

    /// A tensor map, by value (a `__grid_constant__ const CUtensorMap` parameter, in PTX
    /// `.param .align 64 .b8 map[128]`).
    #[wasm_bindgen(js_name = tensorMap)]
    pub fn tensor_map(mut self, map: &TensorMap) -> Args {
        self.0
            .push(Arg::TensorMap(session::MapBytes(*map.0.as_bytes())));
        self
    }

    /// A managed buffer's address (a pointer parameter); the launch keeps unified memory's
    /// rule for it and charges page migration.
    pub fn managed(mut self, m: &ManagedBuffer) -> Args {
        self.0.push(Arg::Managed(DevicePtr(m.0.as_raw())));
        self
    }

    /// A variable's device address (a pointer parameter).
    pub fn address(mut self, v: &Variable) -> Args {
        self.0.push(Arg::Ptr(v.device_ptr()));
        self
    }

    /// How many arguments so far.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.0.len()
    }
}

fn read_as<T: Scalar>(bytes: Result<Vec<u8>>, ty: &str) -> std::result::Result<Vec<T>, JsValue> {
    js(bytes.and_then(|b| session::values_from_bytes(&b, ty)))
}

/// A picture of device data (the core's `DataPlot`): a line chart, histogram or heatmap
/// from `Buffer` or `Variable`, shown with `show(...)` like a notebook shows it.
#[wasm_bindgen]
pub struct Plot(DataPlot);

#[wasm_bindgen]
impl Plot {
    /// What is plotted.
    #[wasm_bindgen(getter)]
    pub fn title(&self) -> String {
        self.0.title().to_string()
    }

    /// How many values there were and how they were drawn.
    #[wasm_bindgen(getter)]
    pub fn note(&self) -> String {
        self.0.note().to_string()
    }

    /// The chart as an SVG document.
    #[wasm_bindgen(js_name = toSvg)]
    pub fn to_svg(&self) -> String {
        self.0.to_svg().to_string()
    }

    /// The chart and its note, as a notebook cell shows them.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> String {
        self.0.to_html()
    }
}

/// Which picture of a buffer or variable.
#[derive(Clone, Copy)]
enum Picture {
    Line,
    Histogram,
    Heatmap(usize),
}

/// `bytes` read as elements of the type named `ty` and drawn as `what`.
fn picture(
    title: &str,
    bytes: Result<Vec<u8>>,
    ty: &str,
    what: Picture,
) -> std::result::Result<Plot, JsValue> {
    fn draw<T: Scalar + PlotValue>(
        title: &str,
        bytes: &[u8],
        ty: &str,
        what: Picture,
    ) -> Result<DataPlot> {
        let values = session::values_from_bytes::<T>(bytes, ty)?;
        let title = format!("{title} as {ty}[{}]", values.len());
        match what {
            Picture::Line => DataPlot::line(title, &values),
            Picture::Histogram => DataPlot::histogram(title, &values),
            Picture::Heatmap(width) => DataPlot::heatmap(title, &values, width),
        }
    }
    let plot = bytes.and_then(|b| match ty {
        "f32" => draw::<f32>(title, &b, ty, what),
        "f64" => draw::<f64>(title, &b, ty, what),
        "i32" => draw::<i32>(title, &b, ty, what),
        "u32" => draw::<u32>(title, &b, ty, what),
        "i16" => draw::<i16>(title, &b, ty, what),
        "u16" => draw::<u16>(title, &b, ty, what),
        "i8" => draw::<i8>(title, &b, ty, what),
        "u8" => draw::<u8>(title, &b, ty, what),
        other => Err(Error::InvalidArgument(format!(
            "cannot plot elements of type {other:?}: use \"f32\", \"f64\", \"i32\", \"u32\", \"i16\", \"u16\", \"i8\" or \"u8\""
        ))),
    });
    js(plot).map(Plot)
}

/// Device memory on the simulated GPU that remembers the element type it was made with:
/// `fromF32` and `zerosF32` make a buffer of `f32`, `fromI32` and `zerosI32` of `i32`, and
/// so on; `zeros(bytes)` and `fromBytes` make untyped bytes (`u8`). `show(buffer)` and the
/// pictures use that type; the `read*` methods read any buffer as any type. Freed when the
/// JavaScript object is freed (`free()`) or collected.
#[wasm_bindgen]
pub struct Buffer(Typed);

/// A device buffer of one of the element types JavaScript has typed arrays for.
enum Typed {
    Bytes(DeviceBuffer<u8>),
    F32(DeviceBuffer<f32>),
    F64(DeviceBuffer<f64>),
    I32(DeviceBuffer<i32>),
    U32(DeviceBuffer<u32>),
}

/// `$body` with `$b` bound to the typed `DeviceBuffer` inside `$typed`, whatever its type.
macro_rules! with_buffer {
    ($typed:expr, $b:ident => $body:expr) => {
        match $typed {
            Typed::Bytes($b) => $body,
            Typed::F32($b) => $body,
            Typed::F64($b) => $body,
            Typed::I32($b) => $body,
            Typed::U32($b) => $body,
        }
    };
}

impl Buffer {
    /// A device copy of `values`, kept as the type `wrap` gives it.
    fn copy_of<T: DeviceRepr>(
        values: &[T],
        wrap: fn(DeviceBuffer<T>) -> Typed,
    ) -> std::result::Result<Buffer, JsValue> {
        js(session::with_session(|s| s.ctx.htod(values)).map(|b| Buffer(wrap(b))))
    }

    /// `len` zeroed elements of `T`, kept as the type `wrap` gives them.
    fn zeroed<T: DeviceRepr>(
        len: usize,
        wrap: fn(DeviceBuffer<T>) -> Typed,
    ) -> std::result::Result<Buffer, JsValue> {
        js(session::with_session(|s| s.ctx.alloc_zeroed::<T>(len)).map(|b| Buffer(wrap(b))))
    }

    /// The device address.
    fn raw(&self) -> u64 {
        with_buffer!(&self.0, b => b.as_raw())
    }

    /// The contents as bytes.
    fn bytes(&self) -> Result<Vec<u8>> {
        with_buffer!(&self.0, b => b.to_vec().map(|v| session::bytes_from_values(&v)))
    }

    /// A picture of the contents: read as `ty` when given and not the buffer's own type,
    /// else drawn by the core from the typed buffer (titled `buffer f32[1000]`).
    fn picture(&self, ty: Option<String>, what: Picture) -> std::result::Result<Plot, JsValue> {
        match ty {
            Some(ty) if ty != self.element_type() => picture("buffer", self.bytes(), &ty, what),
            _ => js(with_buffer!(&self.0, b => match what {
                Picture::Line => b.plot(),
                Picture::Histogram => b.histogram(),
                Picture::Heatmap(width) => b.heatmap(width),
            }))
            .map(Plot),
        }
    }
}

#[wasm_bindgen]
impl Buffer {
    /// `bytes` zero-filled bytes (untyped: shown as bytes).
    pub fn zeros(bytes: usize) -> std::result::Result<Buffer, JsValue> {
        Buffer::zeroed(bytes, Typed::Bytes)
    }

    /// `n` 32-bit floats, all zero.
    #[wasm_bindgen(js_name = zerosF32)]
    pub fn zeros_f32(n: usize) -> std::result::Result<Buffer, JsValue> {
        Buffer::zeroed(n, Typed::F32)
    }

    /// `n` 64-bit floats, all zero.
    #[wasm_bindgen(js_name = zerosF64)]
    pub fn zeros_f64(n: usize) -> std::result::Result<Buffer, JsValue> {
        Buffer::zeroed(n, Typed::F64)
    }

    /// `n` 32-bit signed integers, all zero.
    #[wasm_bindgen(js_name = zerosI32)]
    pub fn zeros_i32(n: usize) -> std::result::Result<Buffer, JsValue> {
        Buffer::zeroed(n, Typed::I32)
    }

    /// `n` 32-bit unsigned integers, all zero.
    #[wasm_bindgen(js_name = zerosU32)]
    pub fn zeros_u32(n: usize) -> std::result::Result<Buffer, JsValue> {
        Buffer::zeroed(n, Typed::U32)
    }

    /// A copy of `bytes` (untyped: shown as bytes).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8]) -> std::result::Result<Buffer, JsValue> {
        Buffer::copy_of(bytes, Typed::Bytes)
    }

    /// A copy of 32-bit floats.
    #[wasm_bindgen(js_name = fromF32)]
    pub fn from_f32(v: &[f32]) -> std::result::Result<Buffer, JsValue> {
        Buffer::copy_of(v, Typed::F32)
    }

    /// A copy of 64-bit floats.
    #[wasm_bindgen(js_name = fromF64)]
    pub fn from_f64(v: &[f64]) -> std::result::Result<Buffer, JsValue> {
        Buffer::copy_of(v, Typed::F64)
    }

    /// A copy of 32-bit signed integers.
    #[wasm_bindgen(js_name = fromI32)]
    pub fn from_i32(v: &[i32]) -> std::result::Result<Buffer, JsValue> {
        Buffer::copy_of(v, Typed::I32)
    }

    /// A copy of 32-bit unsigned integers.
    #[wasm_bindgen(js_name = fromU32)]
    pub fn from_u32(v: &[u32]) -> std::result::Result<Buffer, JsValue> {
        Buffer::copy_of(v, Typed::U32)
    }

    /// The element type the buffer was made with: `"f32"`, `"f64"`, `"i32"`, `"u32"` or
    /// `"u8"` (bytes).
    #[wasm_bindgen(getter, js_name = elementType)]
    pub fn element_type(&self) -> String {
        match self.0 {
            Typed::Bytes(_) => "u8",
            Typed::F32(_) => "f32",
            Typed::F64(_) => "f64",
            Typed::I32(_) => "i32",
            Typed::U32(_) => "u32",
        }
        .to_string()
    }

    /// How many elements of its type the buffer holds.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        with_buffer!(&self.0, b => b.len())
    }

    /// Size in bytes.
    #[wasm_bindgen(getter, js_name = sizeBytes)]
    pub fn size_bytes(&self) -> usize {
        with_buffer!(&self.0, b => b.size_bytes())
    }

    /// The device address.
    #[wasm_bindgen(getter)]
    pub fn address(&self) -> f64 {
        self.raw() as f64
    }

    /// The contents.
    #[wasm_bindgen(js_name = readBytes)]
    pub fn read_bytes(&self) -> std::result::Result<Vec<u8>, JsValue> {
        js(self.bytes())
    }

    /// The contents as 32-bit floats.
    #[wasm_bindgen(js_name = readF32)]
    pub fn read_f32(&self) -> std::result::Result<Vec<f32>, JsValue> {
        read_as(self.bytes(), "f32")
    }

    /// The contents as 64-bit floats.
    #[wasm_bindgen(js_name = readF64)]
    pub fn read_f64(&self) -> std::result::Result<Vec<f64>, JsValue> {
        read_as(self.bytes(), "f64")
    }

    /// The contents as 32-bit signed integers.
    #[wasm_bindgen(js_name = readI32)]
    pub fn read_i32(&self) -> std::result::Result<Vec<i32>, JsValue> {
        read_as(self.bytes(), "i32")
    }

    /// The contents as 32-bit unsigned integers.
    #[wasm_bindgen(js_name = readU32)]
    pub fn read_u32(&self) -> std::result::Result<Vec<u32>, JsValue> {
        read_as(self.bytes(), "u32")
    }

    /// The first values in the buffer's own type, as a notebook shows a buffer; a buffer
    /// of bytes (`zeros`, `fromBytes`) has no element type and shows as a hex dump.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(match &self.0 {
            Typed::Bytes(b) => b.to_html_as(None),
            typed => with_buffer!(typed, b => b.to_html()),
        })
    }

    /// A line chart of value against index (sampled when longer than 1000 elements), of
    /// the buffer's own type or of its contents read as `ty` (`"f32"`, `"i32"`, ...).
    pub fn plot(&self, ty: Option<String>) -> std::result::Result<Plot, JsValue> {
        self.picture(ty, Picture::Line)
    }

    /// A histogram of the values (of the buffer's own type, or read as `ty`).
    pub fn histogram(&self, ty: Option<String>) -> std::result::Result<Plot, JsValue> {
        self.picture(ty, Picture::Histogram)
    }

    /// The values, `width` to a row, as a heatmap. `ty` reads the contents as another
    /// type; `heatmap(width)` keeps the buffer's own.
    pub fn heatmap(&self, width: usize, ty: Option<String>) -> std::result::Result<Plot, JsValue> {
        self.picture(ty, Picture::Heatmap(width))
    }
}

/// A tensor map over a buffer (the crate's `TensorMap`): what a Hopper kernel's TMA copies
/// (`cp.async.bulk.tensor`) read to move a box of a tensor into shared memory. Pass it with
/// `new Args().tensorMap(map)`; `show(map)` draws its fields and its swizzle.
#[wasm_bindgen]
pub struct TensorMap(cuda_library::TensorMap);

#[wasm_bindgen]
impl TensorMap {
    /// A tiled map of the densely packed tensor at the start of `buffer`: `dims` and `boxDims`
    /// innermost first, elements of `dataType` (`"f16"`, `"f32"`, `"u32"`, ...), `swizzle` the
    /// span in bytes (0, 32, 64 or 128). The driver's rules are checked: a refusal names the
    /// rule and what to change.
    pub fn tiled(
        buffer: &Buffer,
        data_type: &str,
        dims: Vec<u32>,
        box_dims: Vec<u32>,
        swizzle: u32,
    ) -> std::result::Result<TensorMap, JsValue> {
        let ty = js(session::tensor_map_data_type(data_type))?;
        let swizzle = js(session::tensor_map_swizzle(swizzle))?;
        let dims: Vec<u64> = dims.into_iter().map(u64::from).collect();
        // The rank and the box's length are checked here, the other rules by `TensorMap::new`.
        let mut desc = cuda_library::TensorMapDesc::tiled(ty, buffer.raw(), &dims, &box_dims)
            .map_err(|e| {
                js_error(Error::InvalidTensorMap {
                    rule: e.rule,
                    detail: e.detail,
                })
            })?;
        desc.swizzle = swizzle;
        js(with_buffer!(&buffer.0, b => cuda_library::TensorMap::new(b, &desc))).map(TensorMap)
    }

    /// The map as a notebook shows it: its fields and the swizzle as a picture.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> String {
        self.0.to_html()
    }
}

/// Unified memory (`cudaMallocManaged`) of 32-bit floats: one allocation the snippet
/// reads and writes and kernels take (`new Args().managed(x)`), with no copies. On the
/// simulator page migration is charged by the cost model: `migration()` says where the
/// pages are and what moving them cost. Freed when the JavaScript object is freed or
/// collected.
#[wasm_bindgen]
pub struct ManagedBuffer(std::rc::Rc<cuda_library::ManagedBuffer<f32>>);

#[wasm_bindgen]
impl ManagedBuffer {
    /// `n` floats of unified memory (zero on the simulator).
    #[wasm_bindgen(js_name = allocF32)]
    pub fn alloc_f32(n: usize) -> std::result::Result<ManagedBuffer, JsValue> {
        js(session::alloc_managed(n)).map(ManagedBuffer)
    }

    /// How many floats it holds.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.0.len()
    }

    /// Writes `values` (exactly `length` of them) from the host.
    #[wasm_bindgen(js_name = writeF32)]
    pub fn write_f32(&self, values: &[f32]) -> std::result::Result<(), JsValue> {
        js(self.0.copy_from(values))
    }

    /// Reads the contents on the host.
    #[wasm_bindgen(js_name = readF32)]
    pub fn read_f32(&self) -> std::result::Result<Vec<f32>, JsValue> {
        js(self.0.to_vec())
    }

    /// Migrates the pages ahead of their use, on the page's stream: `"device"` or `"host"`.
    pub fn prefetch(&self, to: &str) -> std::result::Result<(), JsValue> {
        let to = match to {
            "device" => cuda_library::Location::Device(0),
            "host" => cuda_library::Location::Host,
            other => {
                return Err(js_error(Error::InvalidArgument(format!(
                    "prefetch to {other:?}: use \"device\" or \"host\""
                ))))
            }
        };
        js(session::with_session(|s| self.0.prefetch(to, &s.stream)))
    }

    /// Where the pages are and what the cost model charged for moving them:
    /// `{on_host, on_device, faults, faulted_to_device, faulted_to_host, prefetched,
    /// charged_ns}`.
    pub fn migration(&self) -> std::result::Result<JsValue, JsValue> {
        to_js_object(&self.0.migration())
    }

    /// The values and the migration line, as a notebook shows a managed buffer.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.0.to_html())
    }
}

/// A module-scope variable: `__device__`, `__constant__` (from `getGlobal`) or
/// `__managed__` (from `getManaged`).
#[wasm_bindgen]
pub enum VariableKind {
    /// From `getGlobal`.
    Global,
    /// From `getManaged`.
    Managed,
}

/// A module-scope variable of a loaded library.
#[wasm_bindgen]
pub struct Variable(Var);

enum Var {
    Global(Global),
    Managed(Managed),
}

impl Variable {
    fn device_ptr(&self) -> DevicePtr {
        match &self.0 {
            Var::Global(g) => g.device_ptr(),
            Var::Managed(m) => m.device_ptr(),
        }
    }

    /// The contents as `T`s (the core's `read_vec`: the size must be a multiple of `T`'s).
    fn read_vec<T: DeviceRepr + Default>(&self) -> std::result::Result<Vec<T>, JsValue> {
        js(match &self.0 {
            Var::Global(g) => g.read_vec(),
            Var::Managed(m) => m.read_vec(),
        })
    }

    /// The contents as bytes, for a picture.
    fn bytes(&self) -> Result<Vec<u8>> {
        match &self.0 {
            Var::Global(g) => g.read_vec(),
            Var::Managed(m) => m.read_vec(),
        }
    }

    /// `global table` or `managed counter`, for a picture's title.
    fn title(&self) -> String {
        match &self.0 {
            Var::Global(g) => format!("global {}", g.name()),
            Var::Managed(m) => format!("managed {}", m.name()),
        }
    }

    /// Overwrites the whole variable (the core's `write_slice`: sizes must match).
    fn write_slice<T: DeviceRepr>(&self, values: &[T]) -> std::result::Result<(), JsValue> {
        js(match &self.0 {
            Var::Global(g) => g.write_slice(values),
            Var::Managed(m) => m.write_slice(values),
        })
    }
}

#[wasm_bindgen]
impl Variable {
    /// The variable viewed as elements of `ty` (`"f32"`, `"i32"`, ...), which `show` then
    /// lists as values: a variable the PTX declares as bytes (`.b8`, as nvcc writes an
    /// initialised array) otherwise shows as a hex dump. Takes the variable; an error
    /// unless its size is a whole number of elements.
    pub fn typed(self, ty: &str) -> std::result::Result<Variable, JsValue> {
        let ty: ElementType = js(ty.parse())?;
        js(match self.0 {
            Var::Global(g) => g.typed(ty).map(Var::Global),
            Var::Managed(m) => m.typed(ty).map(Var::Managed),
        })
        .map(Variable)
    }

    /// The variable's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        match &self.0 {
            Var::Global(g) => g.name().to_string(),
            Var::Managed(m) => m.name().to_string(),
        }
    }

    /// Global or managed.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> VariableKind {
        match &self.0 {
            Var::Global(_) => VariableKind::Global,
            Var::Managed(_) => VariableKind::Managed,
        }
    }

    /// Size in bytes.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        match &self.0 {
            Var::Global(g) => g.size(),
            Var::Managed(m) => m.size(),
        }
    }

    /// The current contents.
    #[wasm_bindgen(js_name = readBytes)]
    pub fn read_bytes(&self) -> std::result::Result<Vec<u8>, JsValue> {
        self.read_vec()
    }

    /// The contents as 32-bit floats.
    #[wasm_bindgen(js_name = readF32)]
    pub fn read_f32(&self) -> std::result::Result<Vec<f32>, JsValue> {
        self.read_vec()
    }

    /// The contents as 64-bit floats.
    #[wasm_bindgen(js_name = readF64)]
    pub fn read_f64(&self) -> std::result::Result<Vec<f64>, JsValue> {
        self.read_vec()
    }

    /// The contents as 32-bit signed integers.
    #[wasm_bindgen(js_name = readI32)]
    pub fn read_i32(&self) -> std::result::Result<Vec<i32>, JsValue> {
        self.read_vec()
    }

    /// The contents as 32-bit unsigned integers.
    #[wasm_bindgen(js_name = readU32)]
    pub fn read_u32(&self) -> std::result::Result<Vec<u32>, JsValue> {
        self.read_vec()
    }

    /// The contents read as elements of `ty` as a line chart.
    pub fn plot(&self, ty: &str) -> std::result::Result<Plot, JsValue> {
        picture(&self.title(), self.bytes(), ty, Picture::Line)
    }

    /// A histogram of the contents read as elements of `ty`.
    pub fn histogram(&self, ty: &str) -> std::result::Result<Plot, JsValue> {
        picture(&self.title(), self.bytes(), ty, Picture::Histogram)
    }

    /// The contents read as elements of `ty`, `width` to a row, as a heatmap.
    pub fn heatmap(&self, ty: &str, width: usize) -> std::result::Result<Plot, JsValue> {
        picture(&self.title(), self.bytes(), ty, Picture::Heatmap(width))
    }

    /// Overwrites the whole variable (exactly `size` bytes).
    #[wasm_bindgen(js_name = writeBytes)]
    pub fn write_bytes(&self, bytes: &[u8]) -> std::result::Result<(), JsValue> {
        self.write_slice(bytes)
    }

    /// Overwrites the whole variable with 32-bit floats.
    #[wasm_bindgen(js_name = writeF32)]
    pub fn write_f32(&self, v: &[f32]) -> std::result::Result<(), JsValue> {
        self.write_slice(v)
    }

    /// Overwrites the whole variable with 64-bit floats.
    #[wasm_bindgen(js_name = writeF64)]
    pub fn write_f64(&self, v: &[f64]) -> std::result::Result<(), JsValue> {
        self.write_slice(v)
    }

    /// Overwrites the whole variable with 32-bit signed integers.
    #[wasm_bindgen(js_name = writeI32)]
    pub fn write_i32(&self, v: &[i32]) -> std::result::Result<(), JsValue> {
        self.write_slice(v)
    }

    /// Overwrites the whole variable with 32-bit unsigned integers.
    #[wasm_bindgen(js_name = writeU32)]
    pub fn write_u32(&self, v: &[u32]) -> std::result::Result<(), JsValue> {
        self.write_slice(v)
    }

    /// A typed preview and hex dump, as a notebook shows the variable.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(match &self.0 {
            Var::Global(g) => g.to_html(),
            Var::Managed(m) => m.to_html(),
        })
    }
}

/// Launch timings on the simulated clock (`timing::Timings`).
#[wasm_bindgen]
pub struct Timings(CoreTimings);

#[wasm_bindgen]
impl Timings {
    /// The samples in milliseconds.
    #[wasm_bindgen(getter, js_name = samplesMs)]
    pub fn samples_ms(&self) -> Vec<f64> {
        self.0.samples_ms.clone()
    }

    /// Whether the times come from the simulator's cost model (always, here).
    #[wasm_bindgen(getter)]
    pub fn simulated(&self) -> bool {
        self.0.simulated
    }

    /// n, min, median, mean, p95, max, stddev (milliseconds).
    pub fn summary(&self) -> std::result::Result<JsValue, JsValue> {
        let s: Summary = js(self.0.summary())?;
        to_js_object(&s)
    }

    /// Statistics table and distribution chart, labelled simulated.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.0.to_html())
    }
}

/// One profiled launch (`timing::Profile`): its simulated time, counters and hints.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Profile(CoreProfile);

#[wasm_bindgen]
impl Profile {
    /// The launch's simulated time in milliseconds.
    #[wasm_bindgen(getter)]
    pub fn ms(&self) -> f64 {
        self.0.ms
    }

    /// What the profile is called (the kernel's name unless renamed).
    #[wasm_bindgen(getter)]
    pub fn label(&self) -> String {
        self.0.label.clone()
    }

    /// The same profile under another name.
    #[wasm_bindgen(js_name = withLabel)]
    pub fn with_label(&self, label: &str) -> Profile {
        Profile(self.0.clone().with_label(label))
    }

    /// The hints, most important first, each with the PTX line it names (`line N: ...`).
    pub fn hints(&self) -> Vec<String> {
        self.0
            .hints()
            .into_iter()
            .map(|h| match h.line {
                Some((n, text)) => format!("{} (line {n}: {text})", h.text),
                None => h.text,
            })
            .collect()
    }

    /// The counters (`sim::Stats`) as an object.
    pub fn stats(&self) -> std::result::Result<JsValue, JsValue> {
        match &self.0.launch {
            Some(l) => to_js_object(&l.stats),
            None => Ok(JsValue::NULL),
        }
    }

    /// Summary card, where the time goes, hints.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.0.to_html())
    }
}

/// Profiles side by side (`timing::compare`): `const c = new Comparison(); c.push(a);
/// c.push(b); show(c)`.
#[wasm_bindgen]
#[derive(Default)]
pub struct Comparison(Vec<CoreProfile>);

#[wasm_bindgen]
impl Comparison {
    /// An empty comparison.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Comparison {
        Comparison::default()
    }

    /// Adds a profile (a copy).
    pub fn push(&mut self, profile: &Profile) {
        self.0.push(profile.0.clone());
    }

    /// One table of their counters, their times on one scale, the speed-ups and hints.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(cuda_library::timing::compare(self.0.clone()).to_html())
    }
}

/// Time against problem size (`timing::Sweep`): log-log time chart and achieved bandwidth.
#[wasm_bindgen]
pub struct Sweep(CoreSweep);

#[wasm_bindgen]
impl Sweep {
    /// An empty sweep; `label` titles the charts.
    #[wasm_bindgen(constructor)]
    pub fn new(label: &str) -> Sweep {
        Sweep(CoreSweep::new(label))
    }

    /// Adds one problem size, its timings and (optionally) the bytes it moves.
    pub fn add(&mut self, size: f64, timings: &Timings, bytes: Option<f64>) {
        self.0.add(size, &timings.0, bytes);
    }

    /// The table and charts a notebook shows.
    #[wasm_bindgen(js_name = toHtml)]
    pub fn to_html(&self) -> std::result::Result<String, JsValue> {
        js(self.0.to_html())
    }
}
