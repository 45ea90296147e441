//! CUDA C in the browser: `Program`, `ProgramOptions` and `ObjectCode` for JavaScript, as
//! [`cuda_library::Program`] and friends in Rust. The browser has no NVRTC, so
//! `Compiler::Auto` is the built-in compiler here and `Compiler::Nvrtc` is an error that
//! says so (the core's `program/browser.rs`).
//!
//! ```js
//! const code = new Program(files["saxpy.cu"]).compile();   // Program::new(..).compile(ImageKind::Ptx, &[])
//! show(code.ptxText());                                    // the PTX it made
//! const lib = code.toLibrary();                            // code.to_library(&Default::default())
//! ```

use cuda_library::{Compiler, Error, ImageKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js, js_error, to_js_object, Library};

/// Compile options (`ProgramOptions`): `new ProgramOptions().define("N", "256")`.
#[wasm_bindgen]
#[derive(Debug, Clone, Default)]
pub struct ProgramOptions(cuda_library::ProgramOptions);

#[wasm_bindgen]
impl ProgramOptions {
    /// The defaults: the simulated device's architecture, the built-in compiler.
    #[wasm_bindgen(constructor)]
    pub fn new() -> ProgramOptions {
        ProgramOptions::default()
    }

    /// Adds `-D name=value` (`ProgramOptions::define`).
    pub fn define(mut self, name: &str, value: &str) -> ProgramOptions {
        self.0 = self.0.define(name, value);
        self
    }

    /// Sets `--use_fast_math` (`ProgramOptions::fast_math`).
    #[wasm_bindgen(js_name = fastMath)]
    pub fn fast_math(mut self, yes: bool) -> ProgramOptions {
        self.0 = self.0.fast_math(yes);
        self
    }

    /// Which compiler runs: `"auto"` (the built-in compiler here), `"builtin"` or `"nvrtc"`
    /// (which the browser does not have: compiling then says so).
    #[wasm_bindgen(js_name = withCompiler)]
    pub fn with_compiler(mut self, name: &str) -> Result<ProgramOptions, JsValue> {
        self.0.compiler = js(name.parse::<Compiler>())?;
        Ok(self)
    }

    /// Any other option, as NVRTC's command line writes it (`-fmad=false`, `-G`, ...).
    pub fn extra(mut self, option: &str) -> ProgramOptions {
        self.0.extra.push(option.to_string());
        self
    }

    /// The options as plain data.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        to_js_object(&self.0)
    }
}

/// CUDA C++ source to compile (`cuda_library::Program`).
#[wasm_bindgen]
pub struct Program(cuda_library::Program);

#[wasm_bindgen]
impl Program {
    /// A program from CUDA C++ `source`: a string, or the bytes of a UTF-8 text file (an
    /// editor's file, `files["saxpy.cu"]`). `options` are taken (the object is used up).
    #[wasm_bindgen(constructor)]
    pub fn new(source: JsValue, options: Option<ProgramOptions>) -> Result<Program, JsValue> {
        let text = source_text(&source)?;
        Ok(Program(cuda_library::Program::new(
            text,
            options.unwrap_or_default().0,
        )))
    }

    /// Names the program, as compile errors show it (`Program::with_name`).
    #[wasm_bindgen(js_name = withName)]
    pub fn with_name(self, name: &str) -> Program {
        Program(self.0.with_name(name))
    }

    /// Which compiler `compile` runs: `"builtin"` here (`"nvrtc"` only when asked for).
    pub fn compiler(&self) -> Result<String, JsValue> {
        Ok(js(self.0.compiler())?.to_string())
    }

    /// Compiles (`Program::compile`): `target` is `"ptx"` (the default; the built-in compiler
    /// makes only PTX), `nameExpressions` C++ names such as `"scale<float>"` whose mangled
    /// names come back in `symbolMapping()`. A compile error is thrown with `file`, `line`
    /// and `column` of the first error and the whole log in its message.
    pub fn compile(
        &self,
        target: Option<String>,
        name_expressions: Option<Vec<String>>,
    ) -> Result<ObjectCode, JsValue> {
        let target = match target.as_deref().unwrap_or("ptx") {
            "ptx" => ImageKind::Ptx,
            "cubin" => ImageKind::Cubin,
            "ltoir" => ImageKind::Ltoir,
            other => {
                return Err(js_error(Error::InvalidArgument(format!(
                    "`{other}` is not a compile target: write \"ptx\" (or \"cubin\", \"ltoir\" with NVRTC)"
                ))))
            }
        };
        crate::session::start().map_err(js_error)?; // the simulated device's architecture
        let names = name_expressions.unwrap_or_default();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Ok(ObjectCode(js(self.0.compile(target, &names))?))
    }
}

/// The text of `source`: a string, or UTF-8 bytes.
fn source_text(source: &JsValue) -> Result<String, JsValue> {
    if let Some(s) = source.as_string() {
        return Ok(s);
    }
    if let Some(bytes) = source.dyn_ref::<js_sys::Uint8Array>() {
        return String::from_utf8(bytes.to_vec()).map_err(|e| {
            js_error(Error::InvalidArgument(format!(
                "the source is not UTF-8 text (byte {} is not): give CUDA C as text",
                e.utf8_error().valid_up_to()
            )))
        });
    }
    Err(js_error(Error::InvalidArgument(
        "a program's source is a string or the bytes of a text file (files[\"name.cu\"])"
            .to_string(),
    )))
}

/// Compiled code, not yet loaded (`cuda_library::ObjectCode`).
#[wasm_bindgen]
pub struct ObjectCode(cuda_library::ObjectCode);

/// What `show(code)` lists.
#[derive(Serialize)]
struct Summary<'a> {
    name: Option<&'a str>,
    kind: String,
    compiler: Option<&'a str>,
    bytes: usize,
    log: &'a str,
    #[serde(rename = "symbolMapping")]
    symbol_mapping: &'a std::collections::BTreeMap<String, String>,
}

#[wasm_bindgen]
impl ObjectCode {
    /// The program's name (`saxpy.cu`).
    pub fn name(&self) -> Option<String> {
        self.0.name().map(str::to_string)
    }

    /// `PTX`, `cubin`, ...
    pub fn kind(&self) -> String {
        self.0.kind().to_string()
    }

    /// The PTX text (for PTX code).
    #[wasm_bindgen(js_name = ptxText)]
    pub fn ptx_text(&self) -> Option<String> {
        self.0.ptx_text().map(str::to_string)
    }

    /// The image's bytes, as `Library.loadData` takes them.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        self.0.bytes().map(<[u8]>::to_vec)
    }

    /// The compiler's warnings (empty when there are none).
    #[wasm_bindgen(js_name = compileLog)]
    pub fn compile_log(&self) -> String {
        self.0.compile_log().to_string()
    }

    /// Which compiler made it: `built-in compiler 0.1.0`.
    pub fn compiler(&self) -> Option<String> {
        self.0.compiler().map(str::to_string)
    }

    /// Name expression → mangled name, as a plain object.
    #[wasm_bindgen(js_name = symbolMapping)]
    pub fn symbol_mapping(&self) -> Result<JsValue, JsValue> {
        to_js_object(self.0.symbol_mapping())
    }

    /// Loads it (`to_library` with default options).
    #[wasm_bindgen(js_name = toLibrary)]
    pub fn to_library(&self) -> Result<Library, JsValue> {
        crate::session::start().map_err(js_error)?;
        let lib = js(self.0.to_library(&Default::default()))?;
        Ok(Library::new(lib, self.0.bytes().unwrap_or_default()))
    }

    /// Name, kind, compiler, size, log and symbol mapping, as plain data.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> Result<JsValue, JsValue> {
        to_js_object(&Summary {
            name: self.0.name(),
            kind: self.0.kind().to_string(),
            compiler: self.0.compiler(),
            bytes: self.0.bytes().map_or(0, <[u8]>::len),
            log: self.0.compile_log(),
            symbol_mapping: self.0.symbol_mapping(),
        })
    }
}
