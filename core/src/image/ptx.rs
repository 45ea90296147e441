//! PTX: a lexer and parser that report errors with line and column, and the library table
//! read from a module (kernel parameters laid out as the driver lays them out, static
//! shared memory, constants, initialised globals).
//!
//! # Stability
//!
//! An unstable, low-level module (`cuda_library::ptx`): public for tools that read PTX as
//! this crate does (the fuzz targets, tests of hostile input) and for the curious, but its
//! lexer, parser and syntax tree ([`ast`]) are the simulator's internals (they live in the
//! engine crate, `cuda-library-engine`). They change whenever the simulator or the linker
//! needs them to, in any release, and follow no semver promise; what is stable is what the
//! rest of the API reads from them ([`LibraryTable`](crate::LibraryTable),
//! [`Library::kernels`](crate::Library::kernels)).

use std::collections::{BTreeMap, HashMap, HashSet};

pub use cuda_library_engine::ptx::{ast, lexer, parser, PTX_TREE_ALLOWANCE};

use ast::{align_up, Function, FunctionIndex, Module, Space, Statement, VarDecl};
use cuda_library_engine::ptx::{init_bytes, names, visit};

use super::table::{
    max_threads, volume, GlobalKind, GlobalRow, KernelRow, LibraryTable, ParamRow, VariableBudget,
    MAX_CONST_BYTES, MAX_PARAM_BYTES, MAX_SHARED_BYTES,
};
use super::ImageKind;
use crate::error::{Error, Result};
use crate::names::demangle;

impl From<lexer::PtxError> for Error {
    fn from(e: lexer::PtxError) -> Self {
        Error::PtxSyntax {
            line: e.pos.line,
            column: e.pos.col,
            message: e.message,
        }
    }
}

/// Parses PTX text into a module, its syntax tree bounded by
/// [`Limits::ptx_tree_factor`](crate::Limits::ptx_tree_factor).
pub fn parse(text: &str) -> Result<Module> {
    Ok(cuda_library_engine::ptx::parse(text)?)
}

/// [`parse`], keeping only the module-scope declarations (functions without their bodies,
/// variables without their initialisers' contents): what the PTX linker reads, in the
/// memory of one function's tree.
pub(crate) fn parse_declarations(text: &str) -> Result<Module> {
    Ok(cuda_library_engine::ptx::parse_declarations(text)?)
}

/// What each function's body names that the table needs: the module-scope `.shared`
/// variables and the functions (called or named), each body read once however many
/// kernels reach it.
struct Mentions<'a> {
    index: FunctionIndex<'a>,
    /// By function name (as [`FunctionIndex`] resolves it): (shared variables, functions).
    by_function: HashMap<&'a str, (Vec<&'a str>, Vec<&'a Function>)>,
}

impl<'a> Mentions<'a> {
    fn new(m: &'a Module, shared: &HashSet<&str>) -> Mentions<'a> {
        let index = m.function_index();
        let mut by_function = HashMap::new();
        for f in &m.functions {
            let Some(body) = &f.body else { continue };
            // Each name once, in the order of first mention (sets of names rather than a
            // sort: no sort code generated for these types, which the WebAssembly
            // playground pays for).
            let mut vars = Vec::new();
            let mut funcs = Vec::new();
            let (mut seen_vars, mut seen_funcs) = (HashSet::new(), HashSet::new());
            visit(body, &mut |s| {
                if let Statement::Instr(i) = s {
                    let mut ns = Vec::new();
                    i.operands.iter().for_each(|o| names(o, &mut ns));
                    for n in ns {
                        if shared.contains(n) && seen_vars.insert(n) {
                            vars.push(n);
                        }
                        if let Some(callee) = index.get(n) {
                            if seen_funcs.insert(callee.name.as_str()) {
                                funcs.push(callee);
                            }
                        }
                    }
                }
            });
            by_function.entry(&*f.name).or_insert((vars, funcs));
        }
        Mentions { index, by_function }
    }

    /// The module-scope shared variables `f` refers to, following calls into other
    /// functions.
    fn shared_of(&self, f: &'a Function) -> HashSet<&'a str> {
        let mut seen: HashSet<&str> = HashSet::new();
        let mut out = HashSet::new();
        let mut stack = vec![f];
        while let Some(func) = stack.pop() {
            // The body as the module resolves the name (a prototype stands for its body).
            let name = self.index.get(&func.name).map_or(&*func.name, |d| &*d.name);
            if !seen.insert(name) {
                continue;
            }
            let Some((vars, funcs)) = self.by_function.get(name) else {
                continue;
            };
            out.extend(vars.iter().copied());
            stack.extend(funcs.iter().copied());
        }
        out
    }
}

/// An error at a declaration.
fn at(pos: lexer::Pos, message: String) -> Error {
    Error::PtxSyntax {
        line: pos.line,
        column: pos.col,
        message,
    }
}

/// A variable's size in bytes (`None` when unknown, as for `[]` without an initialiser);
/// an error when it does not fit in 64 bits.
fn var_size(v: &VarDecl) -> Result<Option<u64>> {
    match v.size() {
        None if v.size_overflows() => {
            Err(at(v.pos, format!("`{}` is larger than 2^64 bytes", v.name)))
        }
        size => Ok(size),
    }
}

/// The library table of a PTX module.
///
/// Refuses what the driver cannot load or would misreport: module-scope variables past
/// [`Limits::variable_bytes`](crate::Limits::variable_bytes) (summed), more than 64 KiB of
/// `.const`, kernel parameters past 32,764 bytes, and static shared memory past 227 KiB.
pub fn read_table(text: &str) -> Result<LibraryTable> {
    read_module_table(&parse(text)?)
}

/// [`read_table`] of a module already parsed (the simulator parses once for the table
/// and for lowering).
pub(crate) fn read_module_table(m: &Module) -> Result<LibraryTable> {
    let mut globals = BTreeMap::new();
    let mut const_bytes = 0u64;
    let mut budget = VariableBudget::new();
    for v in &m.vars {
        if v.linkage.as_deref() == Some(".extern") {
            continue;
        }
        let kind = match (v.space, v.managed) {
            (Space::Global, true) => GlobalKind::Managed,
            (Space::Global, false) => GlobalKind::Device,
            (Space::Const, _) => GlobalKind::Constant,
            _ => continue,
        };
        let Some(size) = var_size(v)? else { continue };
        budget.add(|| format!("`{}` (PTX line {})", v.name, v.pos.line), size)?;
        if kind == GlobalKind::Constant {
            const_bytes = align_up(const_bytes, v.alignment()).saturating_add(size);
            if const_bytes > MAX_CONST_BYTES {
                return Err(at(
                    v.pos,
                    format!(
                        "with `{}` the `.const` variables take {const_bytes} bytes, more than the {MAX_CONST_BYTES}-byte constant bank",
                        v.name
                    ),
                ));
            }
        }
        globals.insert(
            v.name.clone(),
            GlobalRow {
                size,
                init: init_bytes(v, size),
                kind,
            },
        );
    }
    let module_shared: Vec<&VarDecl> = m
        .vars
        .iter()
        .filter(|v| v.space == Space::Shared && v.linkage.as_deref() != Some(".extern"))
        .collect();
    let shared_names: HashSet<&str> = module_shared.iter().map(|v| v.name.as_str()).collect();
    // Where each is declared, to add a kernel's in module order.
    let mut shared_order: HashMap<&str, Vec<usize>> = HashMap::new();
    for (k, v) in module_shared.iter().enumerate() {
        shared_order.entry(&v.name).or_default().push(k);
    }
    let mentions = Mentions::new(m, &shared_names);

    let mut kernels = Vec::new();
    // A kernel whose body could not be read is listed with its parameters (what the
    // body would tell, its shared memory, is unknown).
    for f in m
        .functions
        .iter()
        .filter(|f| f.is_entry && (f.body.is_some() || f.error.is_some()))
    {
        let mut offset = 0u64;
        let mut params = Vec::new();
        for p in &f.params {
            let size = var_size(p)?
                .ok_or_else(|| at(p.pos, format!("parameter `{}` has no size", p.name)))?;
            offset = align_up(offset, p.alignment());
            let end = offset.saturating_add(size);
            if end > MAX_PARAM_BYTES {
                return Err(at(
                    p.pos,
                    format!(
                        "the parameters of `{}` take {end} bytes up to `{}`, more than the {MAX_PARAM_BYTES} CUDA allows (4096 before CUDA 12.1)",
                        f.name, p.name
                    ),
                ));
            }
            let ty = if p.dims.is_empty() {
                p.ty.clone()
            } else {
                format!("{}[{}]", p.ty, size / p.element_size().unwrap_or(1).max(1))
            };
            params.push(ParamRow {
                offset: offset as u32,
                size: size as u32,
                ptx_type: Some(ty),
            });
            offset = end;
        }
        // Static shared memory: the kernel's own `.shared` variables and the module-scope
        // ones it (or a function it calls) refers to.
        let refs = mentions.shared_of(f);
        let mut shared = 0u64;
        let mut add_shared = |v: &VarDecl| -> Result<()> {
            shared = align_up(shared, v.alignment()).saturating_add(var_size(v)?.unwrap_or(0));
            if shared > MAX_SHARED_BYTES {
                return Err(at(
                    v.pos,
                    format!(
                        "with `{}` kernel `{}` has {shared} bytes of static shared memory, more than the {MAX_SHARED_BYTES} (227 KiB) a block can have on sm_90",
                        v.name, f.name
                    ),
                ));
            }
            Ok(())
        };
        let mut used: Vec<usize> = refs
            .iter()
            .filter_map(|n| shared_order.get(n))
            .flatten()
            .copied()
            .collect();
        used.sort_unstable();
        for k in used {
            add_shared(module_shared[k])?;
        }
        if let Some(body) = &f.body {
            let mut first_error = Ok(());
            visit(body, &mut |s| {
                if let Statement::Var(v) = s {
                    if v.space == Space::Shared
                        && v.linkage.as_deref() != Some(".extern")
                        && first_error.is_ok()
                    {
                        first_error = add_shared(v);
                    }
                }
            });
            first_error?;
        }
        // ptxas allocates static shared memory in 16-byte units (seen: 13 + 264 bytes of
        // variables report 288).
        let shared = align_up(shared, 16);
        let declared = f.reqntid.or(f.maxntid).map(volume);
        kernels.push(KernelRow {
            demangled: demangle(&f.name),
            name: f.name.clone(),
            params,
            num_regs: None,
            // Both are bounded above (227 KiB, 64 KiB): exact.
            shared_bytes: f.body.is_some().then_some(shared as u32),
            const_bytes: Some(const_bytes as u32),
            local_bytes: None,
            max_threads: declared.map(|d| max_threads(None, Some(d))),
            reqntid: f.reqntid,
            maxntid: f.maxntid,
            blocks_per_sm: None,
        });
    }
    super::table::sort_by_name(&mut kernels);
    Ok(LibraryTable {
        source_kind: ImageKind::Ptx,
        arch: m.target.first().cloned().unwrap_or_default(),
        kernels,
        globals,
        fatbin_entries: Vec::new(),
        chosen_entry: None,
    })
}
