//! Lowering a parsed PTX module to the simulator's instruction form.
//!
//! This file places a module's variables and lowers each kernel: [`Lowerer`] walks a
//! function body ([`flatten`] opens its blocks, [`calls`] inlines its calls) and lowers
//! each instruction in [`Lowerer::op`], which parses the opcode once into an
//! [`Opcode`](opcode::Opcode) (the table in [`opcode`]) and hands the instruction to its
//! family's file: [`arith`], [`bits`], [`compare`], [`convert`], [`memory`], [`control`],
//! [`warp`], [`tensor`] or [`texture`] ([`half`] first takes what has a half-precision
//! type). [`operands`] turns operands into registers, sources and addresses.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use super::ir::*;
use super::mem::Memory;
use crate::error::{Error, Result};
use crate::image::ptx::ast::{self, align_up, Function, Space, Statement, VarDecl};
use crate::image::ptx::init_bytes_with;
use crate::image::table::GlobalKind;

mod arith;
mod bits;
mod calls;
mod cluster;
mod compare;
mod control;
mod convert;
mod flatten;
mod function_shared;
mod half;
mod memory;
mod opcode;
mod operands;
mod special;
mod tensor;
mod texture;
mod tma;
mod warp;
mod wgmma;

use calls::param_in_memory;
pub use cluster::CLUSTER_SPECIAL;
use flatten::flatten;
use opcode::{Family, Opcode};
use operands::Ins;
pub(crate) use tma::reduction_allowed;

/// Where the addresses of functions whose address is taken start: no allocation or
/// window reaches them (see `mem`).
const FUNCTION_BASE: u64 = 0x0000_7c00_0000_0000;

/// A kernel whose code, calls inlined, grows past this many instructions is refused (each
/// call inlines its callee, an indirect one every candidate: hostile PTX must not make
/// that exponential).
const MAX_CODE: usize = 1 << 18;

/// Special registers, in the fixed register slots every warp fills at launch (the others
/// PTX defines are read as `special.rs` says).
pub const SPECIAL: [&str; 23] = [
    "%tid.x",
    "%tid.y",
    "%tid.z",
    "%ntid.x",
    "%ntid.y",
    "%ntid.z",
    "%ctaid.x",
    "%ctaid.y",
    "%ctaid.z",
    "%nctaid.x",
    "%nctaid.y",
    "%nctaid.z",
    "%laneid",
    "%warpid",
    "%nwarpid",
    "%lanemask_eq",
    "%lanemask_lt",
    "%lanemask_le",
    "%lanemask_gt",
    "%lanemask_ge",
    "%nsmid",
    // The grid-sync workspace of cooperative groups (`grid.sync()`): the high and low
    // halves of its address, set only for kernels that read them.
    "%envreg1",
    "%envreg2",
];

/// A kernel ready to run.
#[derive(Debug, Clone)]
pub struct KernelCode {
    /// Symbol name.
    pub name: String,
    /// Instructions.
    pub code: Vec<Instr>,
    /// Registers per thread (special registers included).
    pub nregs: usize,
    /// Parameter offsets and sizes, in order.
    pub params: Vec<(u32, u32)>,
    /// Size of the parameter buffer.
    pub param_bytes: usize,
    /// Static shared bytes; dynamic shared memory starts here (16-byte aligned).
    pub shared_static: usize,
    /// Local bytes per thread.
    pub local_bytes: usize,
    /// `.maxntid`/`.reqntid` volume, if declared.
    pub max_threads: Option<u32>,
    /// Whether the kernel reads `%envreg1`/`%envreg2` (cooperative groups' grid sync): a
    /// launch then gives it a zeroed workspace for the grid barrier.
    pub grid_workspace: bool,
    /// The cluster special registers the kernel reads (`%cluster_ctarank`, `%clusterid.x`,
    /// ...: their index in the engine's table, and the register), filled at each block's
    /// start: only kernels that read them pay for them.
    pub cluster_regs: Vec<(u8, u32)>,
    /// Whether the kernel has `barrier.cluster`: its blocks then run as groups even in a
    /// plain launch (each a cluster of one).
    pub cluster_barrier: bool,
    /// `.reqnctapercluster` (`__cluster_dims__`): the cluster shape of a launch that names
    /// none.
    pub cluster_dims: Option<[u32; 3]>,
}

/// A module's variables placed in simulated memory, and its kernels.
#[derive(Debug, Clone)]
pub struct SimModule {
    /// Kernels by name.
    pub kernels: HashMap<String, KernelCode>,
    /// Kernels that use something the simulator does not support, with the reason. The
    /// rest of the module still loads; launching one of these returns the reason.
    pub unsupported: HashMap<String, String>,
    /// Kernels whose body could not be read, or holds an instruction ptxas rejects (an
    /// `mma` of types PTX does not define, say), with the error (line, column, message):
    /// the rest of the module still loads; launching one returns [`Error::PtxSyntax`].
    pub syntax_errors: HashMap<String, (u32, u32, String)>,
    /// Variables: name → (device address, size, kind). `__constant__` variables live in the
    /// constant bank, itself one allocation in simulated memory.
    pub globals: HashMap<String, (u64, u64, GlobalKind)>,
    /// The constant bank: its address and size (`ld.const` may read only inside it).
    pub const_bank: (u64, u64),
    /// The allocations the module made in simulated memory (its variables and constant
    /// bank), for [`SimModule::free`].
    pub allocations: Vec<u64>,
}

fn unsupported(line: u32, what: impl std::fmt::Display) -> Error {
    Error::Unsupported(format!(
        "the simulator does not support {what} (PTX line {line})"
    ))
}

/// Places the module's variables in `mem` and lowers every kernel.
/// Nothing stays in `mem` when loading fails.
pub fn load(m: &ast::Module, mem: &mut Memory) -> Result<SimModule> {
    let mut allocations = Vec::new();
    let r = load_into(m, mem, &mut allocations);
    if r.is_err() {
        for a in allocations {
            let _ = mem.free(a);
        }
    }
    r
}

fn load_into(m: &ast::Module, mem: &mut Memory, allocations: &mut Vec<u64>) -> Result<SimModule> {
    let mut globals = HashMap::new();
    // Constants: the bank's size so far, and each constant with its offset in it.
    let mut const_bank = 0u64;
    let mut consts: Vec<(&VarDecl, u64, u64)> = Vec::new();
    // Variables placed in memory with their address and size, initialised once all are.
    let mut placed: Vec<(&VarDecl, u64, u64)> = Vec::new();
    let mut symbols: HashMap<String, (MemSpace, u64)> = HashMap::new();
    let mut module_shared: Vec<&VarDecl> = Vec::new();
    for v in &m.vars {
        let line = v.pos.line;
        if v.linkage.as_deref() == Some(".extern") {
            if v.space == Space::Shared {
                module_shared.push(v);
            }
            // Another module's variable: only a kernel that uses it fails (at the symbol).
            continue;
        }
        if matches!(v.ty.as_str(), ".texref" | ".surfref" | ".samplerref") {
            // A texture reference (removed in CUDA 12) holds no memory here: a kernel that
            // fetches through one is refused, naming it.
            continue;
        }
        let size = v
            .size()
            .ok_or_else(|| unsupported(line, format!("the size of `{}`", v.name)))?;
        crate::image::table::check_variable(&v.name, line, size)?;
        match v.space {
            Space::Global => {
                let addr = mem.alloc(size.max(1) as usize, v.alignment())?;
                allocations.push(addr);
                let kind = if v.managed {
                    GlobalKind::Managed
                } else {
                    GlobalKind::Device
                };
                globals.insert(v.name.clone(), (addr, size, kind));
                symbols.insert(v.name.clone(), (MemSpace::Global, addr));
                placed.push((v, addr, size));
            }
            Space::Const => {
                let off = align_up(const_bank, v.alignment());
                const_bank = off.saturating_add(size);
                globals.insert(v.name.clone(), (off, size, GlobalKind::Constant));
                consts.push((v, off, size));
            }
            Space::Shared => module_shared.push(v),
            _ => {}
        }
    }
    // The constant bank becomes one allocation; constants get their device addresses, so a
    // generic pointer to a constant (`cvta.const`) reads the same bytes as `ld.const`.
    let bank = mem.alloc(const_bank.max(1) as usize, 256)?;
    allocations.push(bank);
    for (v, off, size) in consts {
        let addr = bank + off;
        if let Some(g) = globals.get_mut(&v.name) {
            g.0 = addr;
        }
        symbols.insert(v.name.clone(), (MemSpace::Const, addr));
        placed.push((v, addr, size));
    }
    // Every variable has its address now, so initialisers may hold addresses (a pointer to
    // another variable), as the driver relocates them.
    // Functions whose address is taken get one (a virtual table, a function pointer): an
    // indirect call compares against it. Nothing is mapped there, so a load faults.
    let mut functions = HashMap::new();
    for (k, (name, def)) in crate::image::ptx::addressed_functions(m)
        .into_iter()
        .enumerate()
    {
        let addr = FUNCTION_BASE + 16 * (k as u64 + 1);
        let addr = *functions.entry(def.name.as_str()).or_insert(addr);
        functions.insert(name, addr);
        symbols.insert(name.to_string(), (MemSpace::Global, addr));
    }
    let address_of =
        |name: &str| (globals.get(name).map(|g| g.0)).or_else(|| functions.get(name).copied());
    for (v, addr, size) in placed {
        let init = init_bytes_with(v, size, &address_of).ok_or_else(|| {
            unsupported(
                v.pos.line,
                format!(
                    "the initialiser of `{}` (an address of no variable)",
                    v.name
                ),
            )
        })?;
        mem.write(addr, &init)?;
    }
    let mut kernels = HashMap::new();
    let mut unsupported = HashMap::new();
    let mut syntax_errors = HashMap::new();
    for f in m
        .functions
        .iter()
        .filter(|f| f.is_entry && f.body.is_none())
    {
        if let Some(e) = &f.error {
            let at = (e.pos.line, e.pos.col, e.message.clone());
            syntax_errors.insert(f.name.clone(), at);
        }
    }
    for f in m
        .functions
        .iter()
        .filter(|f| f.is_entry && f.body.is_some())
    {
        match Lowerer::new(m, &symbols, &module_shared).kernel(f) {
            Ok(k) => {
                kernels.insert(f.name.clone(), k);
            }
            Err(Error::Unsupported(why)) => {
                unsupported.insert(f.name.clone(), why);
            }
            // PTX that ptxas rejects (an `mma` of types PTX does not define, say): the
            // kernel's launch says so, as for a body that does not parse.
            Err(Error::PtxSyntax {
                line,
                column,
                message,
            }) => {
                syntax_errors.insert(f.name.clone(), (line, column, message));
            }
            Err(other) => return Err(other),
        }
    }
    Ok(SimModule {
        kernels,
        unsupported,
        syntax_errors,
        globals,
        const_bank: (bank, const_bank),
        allocations: std::mem::take(allocations),
    })
}

struct Lowerer<'a> {
    module: &'a ast::Module,
    module_symbols: &'a HashMap<String, (MemSpace, u64)>,
    module_shared: &'a [&'a VarDecl],
    symbols: HashMap<String, (MemSpace, u64)>,
    regs: HashMap<String, u32>,
    /// Registers declared by name (`.reg .b32 %t;`), with the namespace of the function
    /// that declares them (see [`special`]).
    declared: HashSet<String>,
    /// Numbered registers declared (`.reg .b32 %r<16>;`: `%r` with 16), likewise.
    declared_ranges: HashMap<String, u32>,
    labels: HashMap<String, u32>,
    shared: u64,
    local: u64,
    params: Vec<(u32, u32)>,
    param_bytes: u64,
    /// Namespace of the function being inlined (empty for the kernel itself).
    prefix: String,
    /// Where `ret` jumps inside an inlined function.
    ret_label: Option<String>,
    /// `.param` variables of call sequences and inlined functions, held in registers.
    param_regs: HashMap<String, u32>,
    call_stack: Vec<String>,
    inlines: usize,
    code: Vec<Instr>,
    /// Branches whose label is resolved once all code is emitted.
    fixups: Vec<(usize, String, u32)>,
    /// Recursive functions, emitted once out of line and reached by real calls.
    recursive: Vec<OutOfLine>,
    /// While one of them is emitted: its index (its `ret` returns from a real call).
    in_recursive: Option<usize>,
    /// Whether the kernel reads `%envreg1`/`%envreg2`.
    envreg: bool,
    /// The cluster special registers read so far (see [`KernelCode::cluster_regs`]).
    cluster_regs: Vec<(u8, u32)>,
    /// Whether the kernel has `barrier.cluster`.
    cluster_barrier: bool,
}

/// A recursive function's out-of-line body.
struct OutOfLine {
    name: String,
    /// Its register namespace and entry label.
    prefix: String,
    /// Registers of its small parameters, then of its results.
    params: Vec<u32>,
    results: Vec<u32>,
    emitted: bool,
    /// Every real call to it and every return from it, to receive its frame.
    uses: Vec<usize>,
}

impl<'a> Lowerer<'a> {
    fn new(
        module: &'a ast::Module,
        module_symbols: &'a HashMap<String, (MemSpace, u64)>,
        module_shared: &'a [&'a VarDecl],
    ) -> Self {
        let regs = SPECIAL
            .iter()
            .enumerate()
            .map(|(i, s)| (s.to_string(), i as u32))
            .collect();
        let mut lowerer = Lowerer {
            module,
            module_symbols,
            module_shared,
            symbols: HashMap::new(),
            regs,
            declared: HashSet::new(),
            declared_ranges: HashMap::new(),
            labels: HashMap::new(),
            shared: 0,
            local: 0,
            params: Vec::new(),
            param_bytes: 0,
            prefix: String::new(),
            ret_label: None,
            param_regs: HashMap::new(),
            call_stack: Vec::new(),
            inlines: 0,
            code: Vec::new(),
            fixups: Vec::new(),
            recursive: Vec::new(),
            in_recursive: None,
            envreg: false,
            cluster_regs: Vec::new(),
            cluster_barrier: false,
        };
        // Registers declared at module scope are every function's.
        for v in module.vars.iter().filter(|v| v.space == Space::Reg) {
            lowerer.declare(v);
        }
        lowerer
    }

    fn place_shared(&mut self, v: &VarDecl) {
        if v.linkage.as_deref() == Some(".extern") {
            return; // dynamic shared memory: placed after the static bytes
        }
        let off = self.place_static_shared(v);
        self.symbols.insert(v.name.clone(), (MemSpace::Shared, off));
    }

    /// Places `v` after the static shared memory placed so far: its offset.
    fn place_static_shared(&mut self, v: &VarDecl) -> u64 {
        let off = align_up(self.shared, v.alignment());
        self.shared = off.saturating_add(v.size().unwrap_or(0));
        off
    }

    fn kernel(mut self, f: &Function) -> Result<KernelCode> {
        for p in &f.params {
            let size = p.size().unwrap_or(0);
            let off = align_up(self.param_bytes, p.alignment());
            self.params.push((off as u32, size as u32));
            self.param_bytes = off.saturating_add(size);
            self.symbols.insert(p.name.clone(), (MemSpace::Param, off));
        }
        for v in self.module_shared {
            self.place_shared(v);
        }
        let body = f.body.as_deref().unwrap_or(&[]);
        let flat = flatten(body);
        // The kernel's own static shared memory comes before the dynamic part.
        for s in &flat {
            if let Statement::Var(v) = &**s {
                if v.space == Space::Shared {
                    self.place_shared(v);
                }
            }
        }
        self.place_function_shared(f);
        let extern_shared: Vec<String> = self
            .module_shared
            .iter()
            .filter(|v| v.linkage.as_deref() == Some(".extern"))
            .map(|v| v.name.clone())
            .collect();
        let dynamic_base = align_up(self.shared, 16);
        for name in extern_shared {
            self.symbols.insert(name, (MemSpace::Shared, dynamic_base));
        }
        self.call_stack.push(f.name.clone());
        self.emit(&flat)?;
        // Falling off the end exits.
        self.code.push(Instr {
            guard: None,
            op: Op::Exit(Exit {}),
            line: 0,
            text: "ret".into(),
        });
        self.emit_recursive()?;
        for (at, label, line) in std::mem::take(&mut self.fixups) {
            let target = *self
                .labels
                .get(&label)
                .ok_or_else(|| unsupported(line, format!("the label `{label}`")))?;
            match &mut self.code[at].op {
                Op::Call(Call { target: t, .. }) => *t = target,
                op => *op = Op::Bra(Bra { target }),
            }
        }
        let code = std::mem::take(&mut self.code);
        Ok(KernelCode {
            name: f.name.clone(),
            code,
            nregs: self.regs.len(),
            params: self.params,
            param_bytes: self.param_bytes as usize,
            shared_static: dynamic_base as usize,
            local_bytes: self.local as usize,
            max_threads: f.reqntid.or(f.maxntid).map(crate::image::table::volume),
            grid_workspace: self.envreg,
            cluster_regs: self.cluster_regs,
            cluster_barrier: self.cluster_barrier,
            cluster_dims: f.reqnctapercluster,
        })
    }

    /// Lowers statements of the current function (kernel or inlined callee).
    fn emit(&mut self, flat: &[Cow<'_, Statement>]) -> Result<()> {
        for s in flat {
            if let Statement::Var(v) = &**s {
                if v.space == Space::Reg {
                    self.declare(v);
                }
                match v.space {
                    Space::Shared if self.prefix.is_empty() => {}
                    // Placed with the kernel's (see `function_shared`).
                    Space::Shared => {
                        let function = self.call_stack.last().map_or("", String::as_str);
                        let key = function_shared::key(function, &v.name);
                        let Some(&placed) = self.symbols.get(&key) else {
                            return Err(unsupported(
                                v.pos.line,
                                "a `.shared` variable of a function the kernel does not name",
                            ));
                        };
                        self.symbols
                            .insert(format!("{}{}", self.prefix, v.name), placed);
                    }
                    Space::Local => {
                        let off = align_up(self.local, v.alignment());
                        self.local = off.saturating_add(v.size().unwrap_or(0));
                        self.symbols
                            .insert(format!("{}{}", self.prefix, v.name), (MemSpace::Local, off));
                    }
                    // A struct or array passed by value lives in the thread's local
                    // memory; the callee's formal parameter names the same bytes (see
                    // `inline_call`).
                    Space::Param if param_in_memory(v) => {
                        let off = align_up(self.local, v.alignment());
                        self.local = off.saturating_add(v.size().unwrap_or(0));
                        self.symbols
                            .insert(format!("{}{}", self.prefix, v.name), (MemSpace::Local, off));
                    }
                    Space::Param => {
                        let key = format!("{}{}", self.prefix, v.name);
                        let r = self.reg(&format!("{}#param", v.name));
                        self.param_regs.insert(key, r);
                    }
                    // Blocks are flattened, so a name declared in two blocks is one
                    // register; each inline-assembly block writes its temporaries first.
                    Space::Reg if !v.name.starts_with('%') => match v.count {
                        Some(n) => (0..n).for_each(|k| {
                            self.reg(&format!("{}{k}", v.name));
                        }),
                        None => {
                            self.reg(&v.name);
                        }
                    },
                    Space::Reg => {}
                    _ => {
                        return Err(unsupported(
                            v.pos.line,
                            "this declaration inside a function",
                        ))
                    }
                }
            }
        }
        let serialized = wgmma::serialized(flat.iter().map(|s| &**s));
        let first = self.code.len();
        for s in flat {
            match &**s {
                Statement::Label(l, _) => {
                    self.labels
                        .insert(format!("{}{l}", self.prefix), self.code.len() as u32);
                }
                Statement::Instr(i) if i.opcode == Opcode::Call.name() => self.inline_call(i)?,
                Statement::Instr(i) => {
                    let ins = self.instr(i)?;
                    self.code.push(ins);
                }
                _ => {}
            }
        }
        if let Some(code) = self.code.get_mut(first..) {
            wgmma::mark_serialized(code, &serialized);
        }
        Ok(())
    }

    /// Lowers one instruction, after refusing undeclared registers in it; special
    /// registers read at run time are read by instructions emitted before it (a `mov` of
    /// one becomes the read itself).
    fn instr(&mut self, i: &ast::Instruction) -> Result<Instr> {
        let line = i.pos.line;
        self.check_names(i)?;
        let guard = i.guard.as_ref().map(|(neg, p)| (self.reg(p), *neg));
        let text = std::iter::once(i.opcode.as_str())
            .chain(i.mods.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(".");
        let reads = self.read_specials(i, guard, &text);
        let mut op = self.op(i, line)?;
        if let (1, Op::Mov(Mov { d, a: Src::Reg(a) })) = (reads, &op) {
            if let Some(Op::Special(read)) = self.code.last().map(|last| &last.op) {
                if read.d == *a {
                    op = Op::Special(Special { d: *d, ..*read });
                    self.code.pop();
                }
            }
        }
        Ok(Instr {
            guard,
            op,
            line,
            text,
        })
    }

    /// Lowers one instruction (a runtime `call` included; `emit` inlines other calls): the
    /// opcode is parsed once, and the family's file lowers it. An opcode the table does not
    /// know is refused by name.
    fn op(&mut self, i: &ast::Instruction, line: u32) -> Result<Op> {
        let x = Ins::new(i, line);
        let opcode = Opcode::from_name(&i.opcode);
        if let Some(op) = self.half_precision(opcode, &x)? {
            return Ok(op);
        }
        let Some(opcode) = opcode else {
            return Err(x.refused());
        };
        match opcode.family() {
            Family::Arith => self.arith(opcode, &x),
            Family::Bits => self.bits(opcode, &x),
            Family::Compare => self.compare(opcode, &x),
            Family::Convert => self.convert(opcode, &x),
            Family::Memory => self.memory(opcode, &x),
            Family::Control => self.control(opcode, &x),
            Family::Warp => self.warp(opcode, &x),
            Family::Tensor => self.tensor(opcode, &x),
            Family::Texture => self.texture(opcode, &x),
            Family::Cluster => self.cluster(opcode, &x),
            Family::Tma => self.tma(opcode, &x),
            Family::Wgmma => self.wgmma(opcode, &x),
        }
    }
}

impl SimModule {
    /// Frees the module's variables and constant bank in `mem` (after this, its kernels must
    /// not run again).
    pub fn free(&mut self, mem: &mut Memory) {
        for a in self.allocations.drain(..) {
            let _ = mem.free(a);
        }
    }

    /// The kernel's code, or why it cannot run on the simulator, or that it does not exist.
    pub fn kernel(&self, name: &str) -> Result<&KernelCode> {
        if let Some(k) = self.kernels.get(name) {
            return Ok(k);
        }
        if let Some((line, column, message)) = self.syntax_errors.get(name) {
            return Err(Error::PtxSyntax {
                line: *line,
                column: *column,
                message: format!("{message} (in kernel `{name}`)"),
            });
        }
        if let Some(why) = self.unsupported.get(name) {
            return Err(Error::Unsupported(format!("kernel `{name}`: {why}")));
        }
        Err(Error::SymbolNotFound {
            kind: "kernel",
            name: name.to_string(),
            suggestions: Vec::new(),
        })
    }
}

/// Lowering small kernels through the real parser, for the families' unit tests.
#[cfg(test)]
mod testing {
    use super::*;

    /// The first register a kernel's own code numbers (after the special registers).
    pub(super) const R0: u32 = SPECIAL.len() as u32;

    /// Lowers `body` as the body of `k(.param .u64 p)` (registers `%r`, `%rd`, `%f`,
    /// `%fd`, `%h`, `%p` declared, 256 bytes of shared memory at `sm`), without the
    /// contraction pass: the kernel's instructions (but the exit at the end of its own
    /// code), or why it is refused.
    pub(super) fn lower(body: &str) -> std::result::Result<Vec<Instr>, String> {
        lower_module(&format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n\
             .visible .entry k(.param .u64 p)\n{{\n\
             .reg .b32 %r<16>;\n.reg .b64 %rd<16>;\n.reg .f32 %f<16>;\n\
             .reg .f64 %fd<16>;\n.reg .b16 %h<16>; .reg .b16 %rs<16>;\n.reg .pred %p<8>;\n\
             .shared .align 16 .b8 sm[256];\n{body}\n}}\n"
        ))
    }

    /// Lowers the module `text` (its kernel `k`, as [`lower`] does).
    pub(super) fn lower_module(text: &str) -> std::result::Result<Vec<Instr>, String> {
        let module = crate::ptx::parse(text).map_err(|e| e.to_string())?;
        let mut mem = Memory::new();
        let mut sim = load(&module, &mut mem).map_err(|e| e.to_string())?;
        let kernel = sim.kernel("k").map_err(|e| e.to_string());
        // Without the exit lowering adds where the kernel's code ends.
        let code = kernel.map(|k| {
            let mut code = k.code.clone();
            code.retain(|i| !(i.line == 0 && i.op == Op::Exit(Exit {})));
            code
        });
        sim.free(&mut mem);
        code
    }

    /// The operation of the single instruction `line`.
    pub(super) fn op(line: &str) -> Op {
        match lower(line) {
            Ok(code) if code.len() == 1 => code[0].op.clone(),
            other => panic!("`{line}` lowered to {other:?}"),
        }
    }

    /// Why the simulator refuses `line`.
    pub(super) fn refusal(line: &str) -> String {
        match lower(line) {
            Err(why) => why,
            Ok(code) => panic!("`{line}` lowered to {code:?}"),
        }
    }

    /// Register `n` of the kernel's own (the `n`-th distinct one its code names).
    pub(super) fn r(n: u32) -> u32 {
        R0 + n
    }

    /// Register `n` as a source.
    pub(super) fn reg(n: u32) -> Src {
        Src::Reg(r(n))
    }
}
