//! Lowering a parsed PTX module to the simulator's instruction form.

use std::borrow::Cow;
use std::collections::HashMap;

use super::ir::*;
use super::mem::{Memory, LOCAL_WINDOW, SHARED_WINDOW};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{self, align_up, Function, Operand, Space, Statement, VarDecl};
use crate::image::ptx::{float_bits, init_bytes_with};
use crate::image::table::GlobalKind;

/// Where the addresses of functions whose address is taken start: no allocation or
/// window reaches them (see `mem`).
const FUNCTION_BASE: u64 = 0x0000_7c00_0000_0000;

/// A kernel whose code, calls inlined, grows past this many instructions is refused (each
/// call inlines its callee, an indirect one every candidate: hostile PTX must not make
/// that exponential).
const MAX_CODE: usize = 1 << 18;

/// Special registers, in the fixed register slots every warp fills at launch.
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
    "%warpsize",
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
}

/// A module's variables placed in simulated memory, and its kernels.
#[derive(Debug, Clone)]
pub struct SimModule {
    /// Kernels by name.
    pub kernels: HashMap<String, KernelCode>,
    /// Kernels that use something the simulator does not support, with the reason. The
    /// rest of the module still loads; launching one of these returns the reason.
    pub unsupported: HashMap<String, String>,
    /// Kernels whose body could not be read, with the syntax error (line, column,
    /// message): the rest of the module still loads; launching one returns
    /// [`Error::PtxSyntax`].
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
        Lowerer {
            module,
            module_symbols,
            module_shared,
            symbols: HashMap::new(),
            regs,
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
        }
    }

    fn place_shared(&mut self, v: &VarDecl) {
        if v.linkage.as_deref() == Some(".extern") {
            return; // dynamic shared memory: placed after the static bytes
        }
        let off = align_up(self.shared, v.alignment());
        self.shared = off.saturating_add(v.size().unwrap_or(0));
        self.symbols.insert(v.name.clone(), (MemSpace::Shared, off));
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
            op: Op::Exit,
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
                Op::Call { target: t, .. } => *t = target,
                op => *op = Op::Bra { target },
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
        })
    }

    /// Whether `name` is a register: `%`-names, and names a `.reg` declaration introduced
    /// (inline assembly declares `.reg .pred p;` in a block of its own).
    fn is_reg(&self, name: &str) -> bool {
        name.starts_with('%') || self.regs.contains_key(&format!("{}{name}", self.prefix))
    }

    fn reg(&mut self, name: &str) -> u32 {
        let key = if SPECIAL.contains(&name) {
            name.to_string()
        } else {
            format!("{}{name}", self.prefix)
        };
        let next = self.regs.len() as u32;
        *self.regs.entry(key).or_insert(next)
    }

    fn symbol(&self, name: &str) -> Option<(MemSpace, u64)> {
        self.symbols
            .get(&format!("{}{name}", self.prefix))
            .or_else(|| self.symbols.get(name))
            .or_else(|| self.module_symbols.get(name))
            .copied()
    }

    /// The register holding a call-sequence `.param` variable, if `name` is one.
    fn param_reg(&self, name: &str) -> Option<u32> {
        self.param_regs
            .get(&format!("{}{name}", self.prefix))
            .copied()
    }

    /// Lowers statements of the current function (kernel or inlined callee).
    fn emit(&mut self, flat: &[Cow<'_, Statement>]) -> Result<()> {
        for s in flat {
            if let Statement::Var(v) = &**s {
                match v.space {
                    Space::Shared if self.prefix.is_empty() => {}
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
        for s in flat {
            match &**s {
                Statement::Label(l, _) => {
                    self.labels
                        .insert(format!("{}{l}", self.prefix), self.code.len() as u32);
                }
                Statement::Instr(i) if i.opcode == "call" => self.inline_call(i)?,
                Statement::Instr(i) => {
                    let ins = self.instr(i)?;
                    self.code.push(ins);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// `call (rets), f, (args)`: the callee's body is inlined here with its own registers
    /// and labels; parameters and results move through registers.
    /// A call of a function already being inlined (recursion): a real call to its
    /// out-of-line body, with a frame per lane (`Op::Call`).
    fn real_call(
        &mut self,
        i: &ast::Instruction,
        callee: &'a Function,
        rets: &[Operand],
        args: &[Operand],
    ) -> Result<()> {
        let line = i.pos.line;
        if callee
            .params
            .iter()
            .chain(&callee.returns)
            .any(param_in_memory)
        {
            return Err(unsupported(
                line,
                format!(
                    "the recursive call to `{}` with a struct or array passed by value",
                    callee.name
                ),
            ));
        }
        if args.len() != callee.params.len() || rets.len() != callee.returns.len() {
            return Err(unsupported(
                line,
                format!(
                    "a call to `{}` with the wrong number of arguments",
                    callee.name
                ),
            ));
        }
        let r = self.out_of_line(callee);
        let reg_of = |this: &mut Self, o: &Operand| -> Result<u32> {
            match o {
                Operand::Name(n) => Ok(this.param_reg(n).unwrap_or_else(|| this.reg(n))),
                other => Err(unsupported(line, format!("the call argument {other:?}"))),
            }
        };
        let mut moves = Vec::new();
        for (o, &formal) in args.iter().zip(&self.recursive[r].params.clone()) {
            moves.push((formal, Src::Reg(reg_of(self, o)?)));
        }
        let guard = i.guard.as_ref().map(|(neg, p)| (self.reg(p), *neg));
        let label = self.recursive[r].prefix.clone();
        self.fixups.push((self.code.len(), label, line));
        self.recursive[r].uses.push(self.code.len());
        self.code.push(Instr {
            guard,
            op: Op::Call {
                target: 0,
                args: moves,
                frame: Frame::default(),
            },
            line,
            text: format!("call {} (recursive)", callee.name),
        });
        for (o, &formal) in rets.iter().zip(&self.recursive[r].results.clone()) {
            let d = reg_of(self, o)?;
            self.code.push(Instr {
                guard,
                op: Op::Mov {
                    d,
                    a: Src::Reg(formal),
                },
                line,
                text: format!("call {} (result)", callee.name),
            });
        }
        Ok(())
    }

    /// The out-of-line body of `f` (registered, emitted later by [`emit_recursive`]).
    fn out_of_line(&mut self, f: &Function) -> usize {
        if let Some(r) = self.recursive.iter().position(|o| o.name == f.name) {
            return r;
        }
        let prefix = format!("{}#rec/", f.name);
        let mut formal = |p: &VarDecl| -> u32 {
            let key = format!("{prefix}{}#param", p.name);
            let next = self.regs.len() as u32;
            *self.regs.entry(key).or_insert(next)
        };
        let params = f.params.iter().map(&mut formal).collect();
        let results = f.returns.iter().map(&mut formal).collect();
        self.recursive.push(OutOfLine {
            name: f.name.clone(),
            prefix,
            params,
            results,
            emitted: false,
            uses: Vec::new(),
        });
        self.recursive.len() - 1
    }

    /// Emits the out-of-line bodies of recursive functions after the kernel's code, and
    /// gives every call to and return from each the frame it keeps: the body's registers
    /// (but not its results) and its local memory.
    fn emit_recursive(&mut self) -> Result<()> {
        while let Some(r) = self.recursive.iter().position(|o| !o.emitted) {
            self.recursive[r].emitted = true;
            let module: &'a ast::Module = self.module;
            let Some(f) = module.function(&self.recursive[r].name) else {
                continue;
            };
            let prefix = self.recursive[r].prefix.clone();
            let saved = (
                std::mem::replace(&mut self.prefix, prefix.clone()),
                self.ret_label.take(),
                std::mem::replace(&mut self.call_stack, vec![f.name.clone()]),
                self.in_recursive.replace(r),
            );
            self.labels.insert(prefix.clone(), self.code.len() as u32);
            let small = |p: &&VarDecl| !param_in_memory(p);
            let formals: Vec<(&VarDecl, u32)> = f
                .params
                .iter()
                .chain(&f.returns)
                .filter(small)
                .zip(
                    self.recursive[r]
                        .params
                        .iter()
                        .chain(&self.recursive[r].results)
                        .copied(),
                )
                .collect();
            for (p, reg) in formals {
                self.param_regs.insert(format!("{prefix}{}", p.name), reg);
            }
            let local_start = self.local;
            let flat = flatten(f.body.as_deref().unwrap_or(&[]));
            self.emit(&flat)?;
            // Falling off the end returns.
            self.recursive[r].uses.push(self.code.len());
            self.code.push(Instr {
                guard: None,
                op: Op::Return {
                    frame: Frame::default(),
                },
                line: 0,
                text: format!("ret ({})", f.name),
            });
            let results = &self.recursive[r].results;
            let mut save: Vec<u32> = self
                .regs
                .iter()
                .filter(|(k, v)| k.starts_with(&prefix) && !results.contains(v))
                .map(|(_, &v)| v)
                .collect();
            save.sort_unstable();
            let frame = Frame {
                save,
                local: (local_start as u32, (self.local - local_start) as u32),
            };
            for &at in &self.recursive[r].uses {
                match &mut self.code[at].op {
                    Op::Call { frame: fr, .. } | Op::Return { frame: fr } => *fr = frame.clone(),
                    _ => {}
                }
            }
            (
                self.prefix,
                self.ret_label,
                self.call_stack,
                self.in_recursive,
            ) = saved;
        }
        Ok(())
    }

    fn inline_call(&mut self, i: &ast::Instruction) -> Result<()> {
        let line = i.pos.line;
        if call_target(i).and_then(RuntimeFn::named).is_some() {
            // `printf`, `assert`, `malloc`, `free`: one instruction the engine carries out.
            let ins = self.instr(i)?;
            self.code.push(ins);
            return Ok(());
        }
        let mut lists: Vec<&Vec<Operand>> = Vec::new();
        for o in &i.operands {
            if let Operand::List(l) = o {
                lists.push(l);
            }
        }
        let name = call_target(i).ok_or_else(|| unsupported(line, "a call without a target"))?;
        let (rets, args): (&[Operand], &[Operand]) = match (lists.len(), i.operands.first()) {
            (2, _) => (lists[0], lists[1]),
            (1, Some(Operand::List(_))) => (lists[0], &[]),
            (1, _) => (&[], lists[0]),
            _ => (&[], &[]),
        };
        if self.code.len() > MAX_CODE {
            return Err(unsupported(
                line,
                format!("a kernel of more than {MAX_CODE} instructions with its calls inlined"),
            ));
        }
        if self.is_reg(name) {
            return self.indirect_call(i, name, rets, args);
        }
        let module: &'a ast::Module = self.module;
        // The definition (a function may be declared first, or named by an `.alias`).
        let callee = match module.function(name) {
            Some(f) if f.body.is_some() => f,
            Some(ast::Function { error: Some(e), .. }) => {
                return Err(unsupported(line, format!("a call to `{name}` ({e})")))
            }
            _ => {
                return Err(unsupported(
                    line,
                    format!("a call to `{name}`, which has no body"),
                ))
            }
        };
        let name = callee.name.as_str();
        if self.call_stack.iter().any(|n| n == name) {
            return self.real_call(i, callee, rets, args);
        }
        if self.call_stack.len() > 32 {
            return Err(unsupported(line, "calls nested deeper than 32"));
        }
        if args.len() != callee.params.len() || rets.len() != callee.returns.len() {
            return Err(unsupported(
                line,
                format!("a call to `{name}` with the wrong number of arguments"),
            ));
        }
        // Each argument and result: a register (8 bytes or less), or the caller's local
        // bytes the callee's formal parameter will name.
        let mut in_memory: Vec<(String, u64)> = Vec::new();
        let mut bind = |ops: &[Operand],
                        formals: &[VarDecl],
                        this: &mut Self|
         -> Result<Vec<u32>> {
            let mut regs = Vec::new();
            for (o, f) in ops.iter().zip(formals) {
                let Operand::Name(n) = o else {
                    return Err(unsupported(line, format!("the call argument {o:?}")));
                };
                let big = param_in_memory(f);
                match (big, this.symbol(n)) {
                    (true, Some((MemSpace::Local, off))) => in_memory.push((f.name.clone(), off)),
                    (false, None) => {
                        regs.push(this.param_reg(n).unwrap_or_else(|| this.reg(n)));
                    }
                    _ => {
                        return Err(unsupported(
                            line,
                            format!("passing `{n}` as `{}` of `{name}` (sizes differ)", f.name),
                        ))
                    }
                }
            }
            Ok(regs)
        };
        let caller_rets = bind(rets, &callee.returns, self)?;
        let caller_args = bind(args, &callee.params, self)?;
        // `@p call`: the inlined call is skipped where the guard is false.
        let skip = match &i.guard {
            Some((neg, p)) => {
                let label = format!("{}#{}/$skip", name, self.inlines);
                let p = self.reg(p);
                self.fixups.push((self.code.len(), label.clone(), line));
                self.code.push(Instr {
                    guard: Some((p, !*neg)),
                    op: Op::Bra { target: 0 },
                    line,
                    text: format!("call {name} (skipped where the guard is false)"),
                });
                Some(label)
            }
            None => None,
        };
        let saved = (
            std::mem::replace(&mut self.prefix, format!("{}#{}/", name, self.inlines)),
            self.ret_label.take(),
        );
        self.inlines += 1;
        let ret_label = format!("{}$ret", self.prefix);
        self.ret_label = Some(ret_label.clone());
        self.call_stack.push(name.to_string());
        for (formal, off) in in_memory {
            self.symbols
                .insert(format!("{}{formal}", self.prefix), (MemSpace::Local, off));
        }
        // Register formals, parameters first, then results.
        let mut formals = Vec::new();
        let small = |p: &&VarDecl| !param_in_memory(p);
        let n_small_params = callee.params.iter().filter(small).count();
        for p in callee
            .params
            .iter()
            .filter(small)
            .chain(callee.returns.iter().filter(small))
        {
            let r = self.reg(&format!("{}#param", p.name));
            self.param_regs
                .insert(format!("{}{}", self.prefix, p.name), r);
            formals.push(r);
        }
        for (&formal, &arg) in formals.iter().zip(&caller_args) {
            self.code.push(Instr {
                guard: None,
                op: Op::Mov {
                    d: formal,
                    a: Src::Reg(arg),
                },
                line,
                text: format!("call {name} (argument)"),
            });
        }
        let flat = flatten(callee.body.as_deref().unwrap_or(&[]));
        self.emit(&flat)?;
        self.labels.insert(ret_label, self.code.len() as u32);
        for (&formal, &ret) in formals[n_small_params..].iter().zip(&caller_rets) {
            self.code.push(Instr {
                guard: None,
                op: Op::Mov {
                    d: ret,
                    a: Src::Reg(formal),
                },
                line,
                text: format!("call {name} (result)"),
            });
        }
        if let Some(label) = skip {
            self.labels.insert(label, self.code.len() as u32);
        }
        self.call_stack.pop();
        (self.prefix, self.ret_label) = saved;
        Ok(())
    }

    /// `call (rets), %rd, (args), proto;`: every function of the module whose address is
    /// taken and whose signature is the prototype's (or that the call table lists) is
    /// inlined behind a comparison of `%rd` with its address; an address that is none of
    /// them faults.
    fn indirect_call(
        &mut self,
        i: &ast::Instruction,
        fptr: &str,
        rets: &[Operand],
        args: &[Operand],
    ) -> Result<()> {
        let line = i.pos.line;
        let module: &'a ast::Module = self.module;
        // The operand after the arguments: a `.callprototype` label or a call table.
        let last = match i.operands.last() {
            Some(Operand::Name(n)) if n != fptr => Some(n.as_str()),
            _ => None,
        };
        let caller = self.call_stack.last().and_then(|n| module.function(n));
        let proto = last.and_then(|p| caller?.prototypes.iter().find(|c| c.name == p));
        // `.calltargets` in the caller, or a variable initialised with function names.
        let targets = last.and_then(|t| caller?.call_targets.iter().find(|c| c.name == t));
        let table: Option<Vec<&str>> = match targets {
            Some(c) => Some(c.targets.iter().map(String::as_str).collect()),
            None => last
                .and_then(|t| module.vars.iter().find(|v| v.name == t))
                .and_then(|v| match &v.init {
                    Some(ast::InitValue::List(items)) => Some(
                        items
                            .iter()
                            .filter_map(|x| match x {
                                ast::InitValue::Address(n, 0) => Some(n.as_str()),
                                _ => None,
                            })
                            .collect(),
                    ),
                    _ => None,
                }),
        };
        let sizes = |ps: &[VarDecl]| ps.iter().map(VarDecl::size).collect::<Vec<_>>();
        let fits = |name: &str, f: &Function| match (&table, proto) {
            (Some(t), _) => t.contains(&name),
            (None, Some(p)) => {
                sizes(&f.params) == sizes(&p.params) && sizes(&f.returns) == sizes(&p.returns)
            }
            (None, None) => f.params.len() == args.len() && f.returns.len() == rets.len(),
        };
        let mut candidates: Vec<(&str, u64)> = Vec::new();
        for f in module.functions.iter().filter(|f| !f.is_entry) {
            if let Some(&(_, addr)) = self.module_symbols.get(&f.name) {
                if fits(&f.name, f) && !candidates.iter().any(|c| c.1 == addr) {
                    candidates.push((&f.name, addr));
                }
            }
        }
        let tag = format!("{}#{}/$icall", fptr, self.inlines);
        self.inlines += 1;
        let end = format!("{tag}.end");
        let fp = self.reg(fptr);
        if let Some((neg, p)) = &i.guard {
            // `@p call`: skipped where the guard is false.
            let p = self.reg(p);
            self.fixups.push((self.code.len(), end.clone(), line));
            self.code.push(Instr {
                guard: Some((p, !*neg)),
                op: Op::Bra { target: 0 },
                line,
                text: "call (skipped where the guard is false)".into(),
            });
        }
        let ne = self.reg(&format!("{tag}.ne"));
        for (k, (name, addr)) in candidates.into_iter().enumerate() {
            let next = format!("{tag}.{k}");
            let text = format!("call {fptr} (is it `{name}`?)");
            self.code.push(Instr {
                guard: None,
                op: Op::Setp {
                    cmp: Cmp::Ne,
                    ty: Ty::U(8),
                    unordered: false,
                    ftz: false,
                    p: ne,
                    pn: None,
                    a: Src::Reg(fp),
                    b: Src::Imm(addr),
                    combine: None,
                },
                line,
                text: text.clone(),
            });
            self.fixups.push((self.code.len(), next.clone(), line));
            self.code.push(Instr {
                guard: Some((ne, false)),
                op: Op::Bra { target: 0 },
                line,
                text,
            });
            let direct = ast::Instruction {
                guard: None,
                opcode: "call".into(),
                mods: Vec::new(),
                operands: vec![
                    Operand::List(rets.to_vec()),
                    Operand::Name(name.to_string()),
                    Operand::List(args.to_vec()),
                ],
                pos: i.pos,
            };
            self.inline_call(&direct)?;
            self.fixups.push((self.code.len(), end.clone(), line));
            self.code.push(Instr {
                guard: None,
                op: Op::Bra { target: 0 },
                line,
                text: format!("call {fptr} (returned from `{name}`)"),
            });
            self.labels.insert(next, self.code.len() as u32);
        }
        // No function of this signature here: a fault at the pointer (at 0 when it points
        // into data), as the GPU faults.
        let sink = self.reg("%_sink");
        for (space, base) in [
            (MemSpace::Generic, Src::Reg(fp)),
            (MemSpace::Global, Src::Imm(0)),
        ] {
            self.code.push(Instr {
                guard: None,
                op: Op::Ld {
                    ty: Ty::U(1),
                    d: vec![sink],
                    addr: Addr {
                        space,
                        base,
                        offset: 0,
                    },
                },
                line,
                text: format!("call {fptr} (no function of this signature at that address)"),
            });
        }
        self.labels.insert(end, self.code.len() as u32);
        Ok(())
    }

    /// `.ftz`/`.sat` of `add`, `mul`, `fma` and the like, and a refusal of what the
    /// simulator does not compute: rounding toward zero or an infinity (`.rz`, `.rm`, `.rp`)
    /// of floating-point arithmetic, `.sat` other than on `f32` or `add`/`sub.s32`.
    fn fp_mods(&self, opcode: &str, ty: Ty, mods: &[&str], line: u32) -> Result<FpMods> {
        let float = matches!(ty, Ty::F32 | Ty::F64);
        let round = match mods.iter().find(|m| matches!(**m, "rz" | "rm" | "rp")) {
            // Directed rounding is exact for f32 add/sub/mul/fma (computed in f64 and
            // rounded once) and f64 (computed in integers, `exact`); division has no
            // exact form here.
            Some(r) if float && matches!(opcode, "add" | "sub" | "mul" | "fma" | "mad") => {
                Some(match *r {
                    "rz" => Round::Zero,
                    "rm" => Round::Down,
                    _ => Round::Up,
                })
            }
            Some(r) if float => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}.{r}` (rounding other than to nearest)"),
                ))
            }
            _ => None,
        };
        let min_max_f32 = ty == Ty::F32 && matches!(opcode, "min" | "max");
        if let Some(m) = mods.iter().find(|m| match **m {
            "NaN" | "xorsign" | "abs" => !min_max_f32,
            "relu" | "oob" => true,
            _ => false,
        }) {
            return Err(unsupported(line, format!("`{opcode}.{m}`")));
        }
        let xorsign = mods.contains(&"xorsign");
        if xorsign != mods.contains(&"abs") {
            return Err(unsupported(
                line,
                format!("`{opcode}.xorsign` without `.abs`"),
            ));
        }
        let sat = mods.contains(&"sat");
        let sat_ok = ty == Ty::F32 || (ty == Ty::S(4) && matches!(opcode, "add" | "sub"));
        if sat && !sat_ok {
            return Err(unsupported(line, format!("`{opcode}.sat` on this type")));
        }
        Ok(FpMods {
            ftz: mods.contains(&"ftz") && ty == Ty::F32,
            sat,
            round,
            nan: mods.contains(&"NaN"),
            xorsign,
        })
    }

    /// Registers (or immediates) of a vector operand such as `{%r1, %r2}` (a lone
    /// register counts as a vector of one).
    fn vector_srcs(&mut self, o: &Operand, ty: Ty, line: u32) -> Result<Vec<Src>> {
        match o {
            Operand::Vector(v) => v.iter().map(|x| self.src(x, ty, line)).collect(),
            x => Ok(vec![self.src(x, ty, line)?]),
        }
    }

    fn vector_dsts(&mut self, o: &Operand, line: u32) -> Result<Vec<u32>> {
        match o {
            Operand::Vector(v) => v.iter().map(|x| self.dst(x, line)).collect(),
            x => Ok(vec![self.dst(x, line)?]),
        }
    }

    /// `ldmatrix`, `stmatrix`, `movmatrix`, `mma.sync` and `wmma.load/store/mma`.
    fn matrix(
        &mut self,
        i: &ast::Instruction,
        mods: &[&str],
        space: MemSpace,
        line: u32,
    ) -> Result<MatrixInstr> {
        use super::tensor::Operand as Which;
        let has = |m: &str| mods.contains(&m);
        let o = &i.operands;
        let opcode = i.opcode.as_str();
        let text = || format!("`{opcode}.{}`", mods.join("."));
        let need = |n: usize| -> Result<()> {
            if o.len() < n {
                Err(unsupported(
                    line,
                    format!("{} with {} operands", text(), o.len()),
                ))
            } else {
                Ok(())
            }
        };
        let shape = mods.iter().find_map(|m| Shape::parse(m));
        let elems: Vec<Elem> = mods.iter().filter_map(|m| Elem::parse(m)).collect();
        let mut mi = MatrixInstr {
            op: MatrixOp::MovMatrix,
            d: Vec::new(),
            a: Vec::new(),
            b: Vec::new(),
            c: Vec::new(),
            addr: None,
            stride: None,
        };
        let b32 = Ty::U(4);
        match opcode {
            "ldmatrix" | "stmatrix" => {
                need(2)?;
                let count = match (has("x1"), has("x2"), has("x4")) {
                    (true, false, false) => 1,
                    (false, true, false) => 2,
                    (false, false, true) => 4,
                    _ => return Err(unsupported(line, text())),
                };
                if !has("m8n8") || !has("b16") {
                    return Err(unsupported(line, text()));
                }
                let space = match space {
                    MemSpace::Shared | MemSpace::Generic => space,
                    _ => return Err(unsupported(line, text())),
                };
                let trans = has("trans");
                if opcode == "ldmatrix" {
                    mi.op = MatrixOp::LdMatrix { count, trans };
                    mi.d = self.vector_dsts(&o[0], line)?;
                    mi.addr = Some(self.addr(&o[1], space, line)?);
                } else {
                    mi.op = MatrixOp::StMatrix { count, trans };
                    mi.addr = Some(self.addr(&o[0], space, line)?);
                    mi.a = self.vector_srcs(&o[1], b32, line)?;
                }
                if mi.d.len().max(mi.a.len()) != count as usize {
                    return Err(unsupported(
                        line,
                        format!("{} with {} registers", text(), count),
                    ));
                }
            }
            "movmatrix" => {
                need(2)?;
                if !has("trans") || !has("m8n8") || !has("b16") {
                    return Err(unsupported(line, text()));
                }
                mi.d = vec![self.dst(&o[0], line)?];
                mi.a = vec![self.src(&o[1], b32, line)?];
            }
            "mma" => {
                need(4)?;
                let shape = shape.ok_or_else(|| unsupported(line, text()))?;
                let [d, a, b, c] = elems[..] else {
                    return Err(unsupported(line, text()));
                };
                let supported = matches!(
                    (shape.m, shape.n, shape.k, a),
                    (16, 8, 8 | 16, Elem::F16 | Elem::BF16)
                        | (16, 8, 4 | 8, Elem::TF32)
                        | (8, 8, 4, Elem::F64)
                        | (16, 8, 16 | 32, Elem::S8 | Elem::U8)
                        | (16, 8, 32 | 64, Elem::S4 | Elem::U4)
                );
                if !supported || has("sp") || !(has("row") && has("col")) {
                    return Err(unsupported(line, text()));
                }
                let types = MmaTypes {
                    a,
                    b,
                    c,
                    d,
                    satfinite: has("satfinite"),
                };
                mi.op = MatrixOp::Mma { shape, types };
                self.fragments(&mut mi, o, shape, types, false, line)?;
            }
            "wmma" => {
                let shape = shape.ok_or_else(|| unsupported(line, text()))?;
                // Only the shapes PTX defines, each with its element types: the fragment
                // layouts (and their sizes) are defined for those alone.
                let inputs: &[Elem] = match (shape.m, shape.n, shape.k) {
                    (16, 16, 16) | (32, 8, 16) | (8, 32, 16) => {
                        &[Elem::F16, Elem::BF16, Elem::S8, Elem::U8]
                    }
                    (16, 16, 8) => &[Elem::TF32],
                    (8, 8, 4) => &[Elem::F64],
                    (8, 8, 32) => &[Elem::S4, Elem::U4],
                    _ => return Err(unsupported(line, text())),
                };
                let fits = |e: Elem| {
                    inputs.contains(&e)
                        || match inputs[0] {
                            Elem::F16 => matches!(e, Elem::F32 | Elem::S32),
                            Elem::TF32 => e == Elem::F32,
                            Elem::F64 => false,
                            _ => e == Elem::S32,
                        }
                };
                if !elems.iter().all(|&e| fits(e)) {
                    return Err(unsupported(line, text()));
                }
                let row_major = has("row");
                match mods.first().copied() {
                    Some("load") => {
                        need(2)?;
                        let which = match mods.get(1).copied() {
                            Some("a") => Which::A,
                            Some("b") => Which::B,
                            Some("c") => Which::C,
                            _ => return Err(unsupported(line, text())),
                        };
                        let [elem] = elems[..] else {
                            return Err(unsupported(line, text()));
                        };
                        mi.op = MatrixOp::WmmaLoad {
                            which,
                            shape,
                            elem,
                            row_major,
                        };
                        mi.d = self.vector_dsts(&o[0], line)?;
                        mi.addr = Some(self.addr(&o[1], space, line)?);
                        if let Some(s) = o.get(2) {
                            mi.stride = Some(self.src(s, b32, line)?);
                        }
                    }
                    Some("store") => {
                        need(2)?;
                        let [elem] = elems[..] else {
                            return Err(unsupported(line, text()));
                        };
                        mi.op = MatrixOp::WmmaStore {
                            shape,
                            elem,
                            row_major,
                        };
                        mi.addr = Some(self.addr(&o[0], space, line)?);
                        let ty = if elem == Elem::F64 { Ty::F64 } else { b32 };
                        mi.a = self.vector_srcs(&o[1], ty, line)?;
                        if let Some(s) = o.get(2) {
                            mi.stride = Some(self.src(s, b32, line)?);
                        }
                    }
                    Some("mma") => {
                        need(4)?;
                        let (d, a, b, c) = match elems[..] {
                            [d, c] => (d, Elem::F16, Elem::F16, c),
                            [d, a, b, c] => (d, a, b, c),
                            _ => return Err(unsupported(line, text())),
                        };
                        if mods.iter().any(|m| matches!(*m, "b1" | "e4m3" | "e5m2")) {
                            return Err(unsupported(line, text()));
                        }
                        let types = MmaTypes {
                            a,
                            b,
                            c,
                            d,
                            satfinite: has("satfinite"),
                        };
                        mi.op = MatrixOp::WmmaMma { shape, types };
                        self.fragments(&mut mi, o, shape, types, true, line)?;
                    }
                    _ => return Err(unsupported(line, text())),
                }
            }
            _ => return Err(unsupported(line, text())),
        }
        Ok(mi)
    }

    /// The `d, a, b, c` fragments of `mma`/`wmma.mma`, checked against the registers the
    /// shape and types need (for `wmma`, at least that many).
    fn fragments(
        &mut self,
        mi: &mut MatrixInstr,
        o: &[Operand],
        shape: Shape,
        t: MmaTypes,
        wmma: bool,
        line: u32,
    ) -> Result<()> {
        use super::tensor::Operand as Which;
        let ty = |e: Elem| match e {
            Elem::F64 => Ty::F64,
            Elem::F32 => Ty::F32,
            _ => Ty::U(4),
        };
        mi.d = self.vector_dsts(&o[0], line)?;
        mi.a = self.vector_srcs(&o[1], ty(t.a), line)?;
        mi.b = self.vector_srcs(&o[2], ty(t.b), line)?;
        mi.c = self.vector_srcs(&o[3], ty(t.c), line)?;
        let regs = |which: Which, e: Elem| {
            let (r, c) = which.dims(shape);
            (r * c / 32).div_ceil(e.per_reg())
        };
        let fits = |have: usize, want: usize| if wmma { have >= want } else { have == want };
        let ok = fits(mi.a.len(), regs(Which::A, t.a))
            && fits(mi.b.len(), regs(Which::B, t.b))
            && fits(mi.c.len(), regs(Which::C, t.c))
            && fits(mi.d.len(), regs(Which::C, t.d));
        if !ok {
            return Err(unsupported(
                line,
                format!(
                    "a matrix multiply-accumulate with {}/{}/{}/{} registers for d/a/b/c",
                    mi.d.len(),
                    mi.a.len(),
                    mi.b.len(),
                    mi.c.len()
                ),
            ));
        }
        Ok(())
    }

    /// `mbarrier.init/arrive/arrive_drop/expect_tx/complete_tx/test_wait/try_wait/
    /// pending_count/inval`.
    fn mbarrier(
        &mut self,
        i: &ast::Instruction,
        mods: &[&str],
        space: MemSpace,
        line: u32,
    ) -> Result<Op> {
        let has = |m: &str| mods.contains(&m);
        let o = &i.operands;
        let what = mods.first().copied().unwrap_or("");
        let bad = |n: usize| -> Result<()> {
            if o.len() < n {
                Err(unsupported(
                    line,
                    format!("`mbarrier.{what}` with {} operands", o.len()),
                ))
            } else {
                Ok(())
            }
        };
        let space = match space {
            MemSpace::Shared | MemSpace::Generic => space,
            _ => {
                return Err(unsupported(
                    line,
                    format!("`mbarrier.{what}` outside shared memory"),
                ))
            }
        };
        let sink_or_dst = |s: &mut Self, op: &Operand| -> Result<Option<u32>> {
            match op {
                Operand::Sink => Ok(None),
                op => s.dst(op, line).map(Some),
            }
        };
        let u64t = Ty::U(8);
        Ok(match what {
            "init" => {
                bad(2)?;
                Op::Mbar {
                    op: MbarOp::Init,
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: Some(self.src(&o[1], Ty::U(4), line)?),
                }
            }
            "arrive" | "arrive_drop" => {
                bad(2)?;
                let d = sink_or_dst(self, &o[0])?;
                let addr = self.addr(&o[1], space, line)?;
                let a = match o.get(2) {
                    Some(x) => self.src(x, Ty::U(4), line)?,
                    None => Src::Imm(1),
                };
                Op::Mbar {
                    op: MbarOp::Arrive {
                        drop: what == "arrive_drop",
                        no_complete: has("noComplete"),
                        expect_tx: has("expect_tx"),
                    },
                    d,
                    addr,
                    a: Some(a),
                }
            }
            "expect_tx" | "complete_tx" => {
                bad(2)?;
                Op::Mbar {
                    op: if what == "expect_tx" {
                        MbarOp::ExpectTx
                    } else {
                        MbarOp::CompleteTx
                    },
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: Some(self.src(&o[1], Ty::U(4), line)?),
                }
            }
            "test_wait" | "try_wait" => {
                bad(3)?;
                let d = sink_or_dst(self, &o[0])?;
                Op::Mbar {
                    op: MbarOp::Wait {
                        parity: has("parity"),
                    },
                    d,
                    addr: self.addr(&o[1], space, line)?,
                    a: Some(self.src(&o[2], u64t, line)?),
                }
            }
            "pending_count" => {
                bad(2)?;
                let d = self.dst(&o[0], line)?;
                Op::Mbar {
                    op: MbarOp::PendingCount,
                    d: Some(d),
                    addr: Addr {
                        space: MemSpace::Shared,
                        base: Src::Imm(0),
                        offset: 0,
                    },
                    a: Some(self.src(&o[1], u64t, line)?),
                }
            }
            "inval" => {
                bad(1)?;
                Op::Mbar {
                    op: MbarOp::Inval,
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: None,
                }
            }
            other => return Err(unsupported(line, format!("`mbarrier.{other}`"))),
        })
    }

    /// A carry-chain step: `add.cc`, `addc{.cc}`, `sub.cc`, `subc{.cc}`,
    /// `mad{.lo,.hi}.cc`, `madc{.lo,.hi}{.cc}` on `.u32`, `.s32`, `.u64` or `.s64`. The
    /// carry flag is one register of the kernel (PTX's `CC.CF`).
    fn carry(&mut self, i: &ast::Instruction, mods: &[&str], line: u32) -> Result<Op> {
        let has = |m: &str| mods.contains(&m);
        let opcode = i.opcode.as_str();
        let ty = mods.iter().rev().find_map(|m| Ty::parse(m));
        let (bits, signed) = match ty {
            Some(Ty::U(n)) if n == 4 || n == 8 => (n * 8, false),
            Some(Ty::S(n)) if n == 4 || n == 8 => (n * 8, true),
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}` with the carry flag on this type"),
                ))
            }
        };
        let op = match opcode {
            "add" | "addc" => CarryOp::Add,
            "sub" | "subc" => CarryOp::Sub,
            _ if has("hi") => CarryOp::MadHi,
            _ if has("lo") => CarryOp::MadLo,
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}` without `.lo` or `.hi`"),
                ))
            }
        };
        let n = if matches!(op, CarryOp::MadLo | CarryOp::MadHi) {
            4
        } else {
            3
        };
        let o = &i.operands;
        if o.len() != n {
            return Err(unsupported(
                line,
                format!("`{opcode}` with {} operands", o.len()),
            ));
        }
        let ty = Ty::U(bits / 8);
        let d = self.dst(&o[0], line)?;
        let a = self.src(&o[1], ty, line)?;
        let b = self.src(&o[2], ty, line)?;
        let c = match o.get(3) {
            Some(x) => self.src(x, ty, line)?,
            None => Src::Imm(0),
        };
        let next = self.regs.len() as u32;
        let cf = *self.regs.entry("%%cc.cf".to_string()).or_insert(next);
        Ok(Op::Carry {
            op,
            bits,
            signed,
            carry_in: opcode.ends_with('c'),
            carry_out: has("cc"),
            cf,
            d,
            a,
            b,
            c,
        })
    }

    /// `add`/`sub`/`mul`/`fma`/`min`/`max`/`neg`/`abs` on `.f16`, `.bf16` or their pairs.
    fn half_op(
        &mut self,
        i: &ast::Instruction,
        mods: &[&str],
        fmt: HalfFmt,
        pair: bool,
        line: u32,
    ) -> Result<Op> {
        let op = match i.opcode.as_str() {
            "add" => HalfOp::Add,
            "sub" => HalfOp::Sub,
            "mul" => HalfOp::Mul,
            "fma" => HalfOp::Fma,
            "min" => HalfOp::Min,
            "max" => HalfOp::Max,
            "neg" => HalfOp::Neg,
            _ => HalfOp::Abs,
        };
        // Modifiers that change the answer and are not implemented are refused.
        let allowed = |m: &str| match m {
            "rn" | "ftz" | "sat" | "relu" | "f16" | "f16x2" | "bf16" | "bf16x2" => true,
            "NaN" => matches!(op, HalfOp::Min | HalfOp::Max),
            _ => false,
        };
        if let Some(m) = mods.iter().find(|m| !allowed(m)) {
            return Err(unsupported(
                line,
                format!("`{}.{m}` on half precision", i.opcode),
            ));
        }
        let arity = match op {
            HalfOp::Neg | HalfOp::Abs => 2,
            HalfOp::Fma => 4,
            _ => 3,
        };
        let o = &i.operands;
        if o.len() < arity {
            return Err(unsupported(
                line,
                format!("`{}` with {} operands", i.opcode, o.len()),
            ));
        }
        let ty = if pair { Ty::U(4) } else { Ty::U(2) };
        let d = self.dst(&o[0], line)?;
        let src = |s: &mut Self, k: usize| -> Result<Src> {
            match o.get(k) {
                Some(x) if k < arity => s.src(x, ty, line),
                _ => Ok(Src::Imm(0)),
            }
        };
        let (a, b, c) = (src(self, 1)?, src(self, 2)?, src(self, 3)?);
        Ok(Op::Half {
            op,
            fmt,
            pair,
            mods: HalfMods {
                ftz: mods.contains(&"ftz"),
                sat: mods.contains(&"sat"),
                relu: mods.contains(&"relu"),
                nan: mods.contains(&"NaN"),
            },
            d,
            a,
            b,
            c,
        })
    }

    fn dst(&mut self, op: &Operand, line: u32) -> Result<u32> {
        match op {
            // The simulator sets these once per warp, as the hardware does: never written.
            Operand::Name(n) if SPECIAL.contains(&n.as_str()) => Err(unsupported(
                line,
                format!("writing the read-only special register {n}"),
            )),
            Operand::Name(n) if self.is_reg(n) => Ok(self.reg(n)),
            Operand::Sink => Ok(self.reg("%_sink")),
            other => Err(unsupported(line, format!("the destination {other:?}"))),
        }
    }

    /// The destinations of `d|p` (either may be `_`), or of a lone `d`.
    fn dst_pair(&mut self, op: &Operand, line: u32) -> Result<(Option<u32>, Option<u32>)> {
        let mut one = |o: &Operand| -> Result<Option<u32>> {
            match o {
                Operand::Sink => Ok(None),
                o => self.dst(o, line).map(Some),
            }
        };
        match op {
            Operand::Pair(d, p) => Ok((one(d)?, one(p)?)),
            d => Ok((one(d)?, None)),
        }
    }

    fn src(&mut self, op: &Operand, ty: Ty, line: u32) -> Result<Src> {
        if matches!(op, Operand::Name(n) if n.starts_with("%envreg")) {
            self.envreg = true;
        }
        Ok(match op {
            Operand::Name(n) if self.is_reg(n) => Src::Reg(self.reg(n)),
            // The one built-in constant.
            Operand::Name(n) if n == "WARP_SZ" => Src::Imm(32),
            Operand::Name(n) => match self.symbol(n) {
                Some((_, addr)) => Src::Imm(addr),
                None => return Err(unsupported(line, format!("the symbol `{n}`"))),
            },
            Operand::Int(v) => Src::Imm(match ty {
                Ty::F32 => (*v as f32).to_bits() as u64,
                Ty::F64 => (*v as f64).to_bits(),
                _ => *v as u64,
            }),
            Operand::Float(f) => Src::Imm(float_bits(*f, ty != Ty::F64)),
            Operand::Addr { base, offset } if !self.is_reg(base) => match self.symbol(base) {
                Some((_, addr)) => Src::Imm(addr.wrapping_add(*offset as u64)),
                None => return Err(unsupported(line, format!("the symbol `{base}`"))),
            },
            other => return Err(unsupported(line, format!("the operand {other:?}"))),
        })
    }

    fn addr(&mut self, op: &Operand, space: MemSpace, line: u32) -> Result<Addr> {
        let Operand::Addr { base, offset } = op else {
            return Err(unsupported(line, format!("the address {op:?}")));
        };
        if base.is_empty() {
            return Ok(Addr {
                space,
                base: Src::Imm(0),
                offset: *offset,
            });
        }
        if self.is_reg(base) {
            return Ok(Addr {
                space,
                base: Src::Reg(self.reg(base)),
                offset: *offset,
            });
        }
        let Some((sym_space, at)) = self.symbol(base) else {
            return Err(unsupported(line, format!("the symbol `{base}`")));
        };
        // A symbol in a generic access: use its generic address.
        let (space, at) = match (space, sym_space) {
            (MemSpace::Generic, MemSpace::Shared) => (MemSpace::Generic, at + SHARED_WINDOW),
            (MemSpace::Generic, MemSpace::Local) => (MemSpace::Generic, at + LOCAL_WINDOW),
            (MemSpace::Generic, MemSpace::Global) => (MemSpace::Generic, at),
            // A call parameter held in local memory.
            (MemSpace::Param, MemSpace::Local) => (MemSpace::Local, at),
            (s, _) => (s, at),
        };
        Ok(Addr {
            space,
            base: Src::Imm(at),
            offset: *offset,
        })
    }

    /// The register behind the `.param` address of an `ld.param`/`st.param`, when the
    /// address names a call-sequence or inlined-function parameter at offset 0.
    fn param_operand(&self, i: &ast::Instruction) -> Option<u32> {
        let addr = if i.opcode == "ld" {
            i.operands.get(1)
        } else {
            i.operands.first()
        };
        match addr {
            Some(Operand::Addr { base, offset: 0 }) => self.param_reg(base),
            _ => None,
        }
    }

    fn instr(&mut self, i: &ast::Instruction) -> Result<Instr> {
        let line = i.pos.line;
        let guard = i.guard.as_ref().map(|(neg, p)| (self.reg(p), *neg));
        let text = std::iter::once(i.opcode.as_str())
            .chain(i.mods.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(".");
        let op = self.op(i, line)?;
        Ok(Instr {
            guard,
            op,
            line,
            text,
        })
    }

    /// `tex`, `suld.b` and `sust.b`: `[handle, {coordinates}]` with the texture or surface
    /// object in a 64-bit register (bindless objects, as CUDA 12 compiles them).
    fn texture_op(&mut self, i: &ast::Instruction, mods: &[&str], line: u32) -> Result<Op> {
        let text = || {
            std::iter::once(i.opcode.as_str())
                .chain(mods.iter().copied())
                .collect::<Vec<_>>()
                .join(".")
        };
        let geometry = mods
            .iter()
            .find_map(|m| Geometry::parse(m))
            .ok_or_else(|| unsupported(line, format!("`{}` without a geometry", text())))?;
        let o = &i.operands;
        let (target, data) = match i.opcode.as_str() {
            "sust" => (o.first(), o.get(1)),
            _ => (o.get(1), o.first()),
        };
        let (Some(Operand::List(target)), Some(data)) = (target, data) else {
            return Err(unsupported(
                line,
                format!("`{}` with these operands", text()),
            ));
        };
        // What follows `[handle, coords]`: `tex.level` a level of detail, `tex.grad` two
        // gradients (both read level 0 here); anything else (a texel offset, a depth-compare
        // value) changes the result and is refused rather than ignored.
        let extra = match i.opcode.as_str() {
            "tex" if mods.contains(&"level") => 1,
            "tex" if mods.contains(&"grad") => 2,
            _ => 0,
        };
        if o.len() != 2 + extra {
            return Err(unsupported(
                line,
                format!(
                    "`{}` with {} operands (texel offsets and depth compare are not simulated)",
                    text(),
                    o.len()
                ),
            ));
        }
        let handle = match target.first() {
            Some(Operand::Name(n)) if self.is_reg(n) => Src::Reg(self.reg(n)),
            Some(Operand::Name(n)) => {
                return Err(unsupported(
                    line,
                    format!(
                        "`{}` through the texture or surface reference `{n}` (references were \
                         removed in CUDA 12; pass a texture or surface object instead)",
                        text()
                    ),
                ))
            }
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{}` with these operands", text()),
                ))
            }
        };
        if target.len() != 2 {
            return Err(unsupported(
                line,
                format!("`{}` with a separate sampler (unified mode only)", text()),
            ));
        }
        let ctype = if i.opcode == "tex" && mods.contains(&"s32") && mods.last() == Some(&"s32") {
            CoordType::S32
        } else {
            CoordType::F32
        };
        let coord_ty = if i.opcode == "tex" && ctype == CoordType::F32 {
            Ty::F32
        } else {
            Ty::S(4)
        };
        let coords = match &target[1] {
            Operand::Vector(v) => v.as_slice(),
            one => std::slice::from_ref(one),
        };
        let mut cs = Vec::with_capacity(4);
        for (k, c) in coords.iter().enumerate().take(geometry.coordinates()) {
            // The layer index of an array geometry is an integer.
            let ty = if k == 0 && geometry.layered() {
                Ty::S(4)
            } else {
                coord_ty
            };
            cs.push(self.src(c, ty, line)?);
        }
        if cs.len() < geometry.coordinates() {
            return Err(unsupported(
                line,
                format!("`{}` with too few coordinates", text()),
            ));
        }
        let items = match data {
            Operand::Vector(v) => v.as_slice(),
            one => std::slice::from_ref(one),
        };
        if i.opcode == "tex" {
            if !mods.contains(&"v4") || items.len() != 4 {
                return Err(unsupported(
                    line,
                    format!("`{}` (only `.v4` results)", text()),
                ));
            }
            let ttype = match mods.iter().rev().nth(1) {
                Some(&"f32") => TexelType::F32,
                Some(&"s32") => TexelType::S32,
                Some(&"u32") => TexelType::U32,
                _ => {
                    return Err(unsupported(
                        line,
                        format!("`{}` (results of .f32, .s32 or .u32 only)", text()),
                    ))
                }
            };
            let mut d = [0u32; 4];
            for (k, x) in items.iter().enumerate() {
                d[k] = self.dst(x, line)?;
            }
            return Ok(Op::Tex {
                geometry,
                ctype,
                ttype,
                d,
                handle,
                coords: cs,
            });
        }
        if !mods.contains(&"b") {
            return Err(unsupported(
                line,
                format!(
                    "`{}` (formatted surface access, `.p`, is not simulated; `.b` is)",
                    text()
                ),
            ));
        }
        let boundary = if mods.contains(&"clamp") {
            Boundary::Clamp
        } else if mods.contains(&"zero") {
            Boundary::Zero
        } else {
            Boundary::Trap
        };
        let ty = match mods
            .iter()
            .find(|m| matches!(**m, "b8" | "b16" | "b32" | "b64"))
        {
            Some(&"b8") => Ty::U(1),
            Some(&"b16") => Ty::U(2),
            Some(&"b32") => Ty::U(4),
            Some(_) => Ty::U(8),
            None => {
                return Err(unsupported(
                    line,
                    format!("`{}` without an element type", text()),
                ))
            }
        };
        if !matches!(items.len(), 1 | 2 | 4) {
            return Err(unsupported(
                line,
                format!(
                    "`{}` with {} data operands (1, 2 or 4)",
                    text(),
                    items.len()
                ),
            ));
        }
        if i.opcode == "suld" {
            let d = items
                .iter()
                .map(|x| self.dst(x, line))
                .collect::<Result<Vec<_>>>()?;
            Ok(Op::SurfLd {
                geometry,
                boundary,
                ty,
                d,
                handle,
                coords: cs,
            })
        } else {
            let s = items
                .iter()
                .map(|x| self.src(x, ty, line))
                .collect::<Result<Vec<_>>>()?;
            Ok(Op::SurfSt {
                geometry,
                boundary,
                ty,
                s,
                handle,
                coords: cs,
            })
        }
    }

    fn op(&mut self, i: &ast::Instruction, line: u32) -> Result<Op> {
        // `.shared::cta` is `.shared`; so is `.shared::cluster` (a launch is a cluster
        // of one block here).
        let mods: Vec<&str> = i
            .mods
            .iter()
            .map(|m| match m.as_str() {
                "shared::cta" | "shared::cluster" => "shared",
                m => m,
            })
            .collect();
        let has = |m: &str| mods.contains(&m);
        let ty = mods.iter().rev().find_map(|m| Ty::parse(m));
        let o = &i.operands;
        let need = |n: usize| -> Result<()> {
            if o.len() < n {
                Err(unsupported(
                    line,
                    format!("`{}` with {} operands", i.opcode, o.len()),
                ))
            } else {
                Ok(())
            }
        };
        let space = pick(
            &mods,
            &[
                ("global", MemSpace::Global),
                ("shared", MemSpace::Shared),
                ("local", MemSpace::Local),
                ("const", MemSpace::Const),
                ("param", MemSpace::Param),
            ],
        )
        .unwrap_or(MemSpace::Generic);
        let unsupported_op = || unsupported(line, format!("`{}`", i.opcode));
        let t = || ty.ok_or_else(|| unsupported(line, format!("`{}` without a type", i.opcode)));
        // Half precision (f16, f16x2, bf16, bf16x2): arithmetic, comparisons and
        // conversions are computed as the GPU computes them; anything else on half values
        // (ex2, tanh, ...) is refused rather than run as integer math.
        let half = mods.iter().find_map(|m| match *m {
            "f16" => Some((HalfFmt::F16, false)),
            "f16x2" => Some((HalfFmt::F16, true)),
            "bf16" => Some((HalfFmt::BF16, false)),
            "bf16x2" => Some((HalfFmt::BF16, true)),
            _ => None,
        });
        if let Some((fmt, pair)) = half {
            match i.opcode.as_str() {
                "mov" | "ld" | "ldu" | "st" | "mma" | "wmma" => {}
                "atom" | "red" if has("add") && has("noftz") => {
                    if mods.iter().any(|m| matches!(*m, "v2" | "v4" | "v8")) {
                        return Err(unsupported(line, format!("vector `{}`", i.opcode)));
                    }
                    let ty = Ty::U(if pair { 4 } else { 2 });
                    let (d, rest) = if i.opcode == "atom" {
                        need(3)?;
                        (Some(self.dst(&o[0], line)?), &o[1..])
                    } else {
                        need(2)?;
                        (None, &o[..])
                    };
                    let addr = self.addr(&rest[0], space, line)?;
                    return Ok(Op::Atom {
                        op: AtomOp::AddHalf { fmt, pair },
                        ty,
                        d,
                        addr,
                        b: self.src(&rest[1], ty, line)?,
                        c: None,
                    });
                }
                "add" | "sub" | "mul" | "fma" | "min" | "max" | "neg" | "abs" => {
                    return self.half_op(i, &mods, fmt, pair, line);
                }
                "setp" if !pair && !has("ftz") => {}
                "cvt" if !pair && (has("relu") || has("satfinite")) => {
                    return Err(unsupported(
                        line,
                        "`cvt.relu`/`cvt.satfinite` to half precision",
                    ))
                }
                "cvt" if mods.iter().filter(|m| Ty::parse(m).is_some()).count() == 2 => {}
                // `set` compares as `setp` does (below).
                "set" if !pair && !has("ftz") && o.len() == 3 => {}
                "cvt" if pair && o.len() == 3 && has("f32") => {
                    let round = pick(
                        &mods,
                        &[
                            ("rn", Round::Nearest),
                            ("rz", Round::Zero),
                            ("rm", Round::Down),
                            ("rp", Round::Up),
                        ],
                    )
                    .ok_or_else(|| unsupported(line, "`cvt` to a half pair without rounding"))?;
                    if has("satfinite") || has("sat") {
                        return Err(unsupported(line, "`cvt.satfinite` to a half pair"));
                    }
                    let d = self.dst(&o[0], line)?;
                    return Ok(Op::CvtPair {
                        fmt,
                        round,
                        mods: HalfMods {
                            relu: has("relu"),
                            ..HalfMods::default()
                        },
                        d,
                        a: self.src(&o[1], Ty::F32, line)?,
                        b: self.src(&o[2], Ty::F32, line)?,
                    });
                }
                _ => {
                    return Err(unsupported(
                        line,
                        format!("`{}` on half precision (f16/bf16)", i.opcode),
                    ))
                }
            }
        }
        Ok(match i.opcode.as_str() {
            "mov" => {
                need(2)?;
                let ty = t()?;
                match (&o[0], &o[1]) {
                    (Operand::Vector(parts), src) => {
                        let part_bits = ty.bits() / parts.len().max(1) as u32;
                        let ds = parts
                            .iter()
                            .map(|x| self.dst(x, line))
                            .collect::<Result<Vec<_>>>()?;
                        Op::Unpack {
                            ds,
                            a: self.src(src, ty, line)?,
                            part_bits,
                        }
                    }
                    (dst, Operand::Vector(parts)) => {
                        let part_bits = ty.bits() / parts.len().max(1) as u32;
                        let d = self.dst(dst, line)?;
                        let pty = Ty::U((part_bits / 8).max(1) as u8);
                        let parts = parts
                            .iter()
                            .map(|x| self.src(x, pty, line))
                            .collect::<Result<Vec<_>>>()?;
                        Op::Pack {
                            d,
                            parts,
                            part_bits,
                        }
                    }
                    (dst, src) => {
                        let d = self.dst(dst, line)?;
                        Op::Mov {
                            d,
                            a: self.src(src, ty, line)?,
                        }
                    }
                }
            }
            "prmt" => {
                need(4)?;
                let mode = PRMT_MODES
                    .iter()
                    .find(|(name, _)| has(name))
                    .map(|(_, table)| table);
                let d = self.dst(&o[0], line)?;
                Op::Prmt {
                    mode,
                    d,
                    a: self.src(&o[1], Ty::U(4), line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                }
            }
            "bfind" => {
                need(2)?;
                let ty = t()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfind {
                    ty,
                    shiftamt: has("shiftamt"),
                    d,
                    a: self.src(&o[1], ty, line)?,
                }
            }
            "addc" | "subc" | "madc" => self.carry(i, &mods, line)?,
            "add" | "sub" | "mad" if has("cc") => self.carry(i, &mods, line)?,
            "add" | "sub" | "mul" | "mul24" | "div" | "rem" | "min" | "max" | "and" | "or"
            | "xor" | "shl" | "shr" | "copysign" => {
                need(3)?;
                let ty = t()?;
                if ty == Ty::Pred {
                    let op = match i.opcode.as_str() {
                        "and" => BoolOp::And,
                        "or" => BoolOp::Or,
                        "xor" => BoolOp::Xor,
                        _ => return Err(unsupported_op()),
                    };
                    let d = self.dst(&o[0], line)?;
                    return Ok(Op::Logic {
                        op: Some(op),
                        d,
                        a: self.src(&o[1], ty, line)?,
                        b: self.src(&o[2], ty, line)?,
                    });
                }
                let op = match i.opcode.as_str() {
                    "add" => BinOp::Add,
                    "sub" => BinOp::Sub,
                    "mul" if has("hi") => BinOp::MulHi,
                    "mul" if has("wide") => BinOp::MulWide,
                    "mul" => BinOp::MulLo,
                    "mul24" if has("hi") => BinOp::Mul24Hi,
                    "mul24" => BinOp::Mul24Lo,
                    "div" => BinOp::Div,
                    "rem" => BinOp::Rem,
                    "min" => BinOp::Min,
                    "max" => BinOp::Max,
                    "and" => BinOp::And,
                    "or" => BinOp::Or,
                    "xor" => BinOp::Xor,
                    "shl" => BinOp::Shl,
                    "shr" => BinOp::Shr,
                    _ => BinOp::CopySign,
                };
                let d = self.dst(&o[0], line)?;
                let bty = if matches!(op, BinOp::Shl | BinOp::Shr) {
                    Ty::U(4)
                } else {
                    ty
                };
                let mods = self.fp_mods(i.opcode.as_str(), ty, &mods, line)?;
                Op::Bin {
                    op,
                    ty,
                    mods,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], bty, line)?,
                }
            }
            "neg" | "abs" | "not" | "popc" | "clz" | "brev" | "sqrt" | "rsqrt" | "rcp" | "ex2"
            | "lg2" | "sin" | "cos" | "cnot" => {
                need(2)?;
                let ty = t()?;
                if let Some(r) = mods.iter().find(|m| matches!(**m, "rz" | "rm" | "rp")) {
                    return Err(unsupported(
                        line,
                        format!("`{}.{r}` (rounding other than to nearest)", i.opcode),
                    ));
                }
                let d = self.dst(&o[0], line)?;
                let a = self.src(&o[1], ty, line)?;
                if ty == Ty::Pred && i.opcode == "not" {
                    return Ok(Op::Logic {
                        op: None,
                        d,
                        a,
                        b: a,
                    });
                }
                let op = match i.opcode.as_str() {
                    "neg" => UnOp::Neg,
                    "abs" => UnOp::Abs,
                    "not" => UnOp::Not,
                    "popc" => UnOp::Popc,
                    "clz" => UnOp::Clz,
                    "brev" => UnOp::Brev,
                    "sqrt" => UnOp::Sqrt,
                    "rsqrt" => UnOp::Rsqrt,
                    "rcp" => UnOp::Rcp,
                    "ex2" => UnOp::Ex2,
                    "lg2" => UnOp::Lg2,
                    "sin" => UnOp::Sin,
                    "cos" => UnOp::Cos,
                    _ => return Err(unsupported_op()),
                };
                Op::Un {
                    op,
                    ty,
                    ftz: has("ftz"),
                    d,
                    a,
                }
            }
            "mad" | "fma" | "mad24" | "sad" => {
                need(4)?;
                let ty = t()?;
                let wide = has("wide");
                let mul = match (i.opcode.as_str(), has("hi")) {
                    ("sad", _) => BinOp::AbsDiff,
                    ("mad24", true) => BinOp::Mul24Hi,
                    ("mad24", false) => BinOp::Mul24Lo,
                    (_, true) => BinOp::MulHi,
                    _ if wide => BinOp::MulWide,
                    _ => BinOp::MulLo,
                };
                let d = self.dst(&o[0], line)?;
                let cty = match (wide, ty) {
                    (true, Ty::U(4)) => Ty::U(8),
                    (true, Ty::S(4)) => Ty::S(8),
                    _ => ty,
                };
                let mods = self.fp_mods(i.opcode.as_str(), ty, &mods, line)?;
                Op::Mad {
                    ty,
                    mul,
                    wide,
                    mods,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    c: self.src(&o[3], cty, line)?,
                }
            }
            "setp" => {
                need(3)?;
                let ty = t()?;
                let (cmp, unordered, uns) = match mods.first().copied().unwrap_or("") {
                    "eq" => (Cmp::Eq, false, false),
                    "ne" => (Cmp::Ne, false, false),
                    "lt" => (Cmp::Lt, false, false),
                    "le" => (Cmp::Le, false, false),
                    "gt" => (Cmp::Gt, false, false),
                    "ge" => (Cmp::Ge, false, false),
                    "lo" => (Cmp::Lt, false, true),
                    "ls" => (Cmp::Le, false, true),
                    "hi" => (Cmp::Gt, false, true),
                    "hs" => (Cmp::Ge, false, true),
                    "equ" => (Cmp::Eq, true, false),
                    "neu" => (Cmp::Ne, true, false),
                    "ltu" => (Cmp::Lt, true, false),
                    "leu" => (Cmp::Le, true, false),
                    "gtu" => (Cmp::Gt, true, false),
                    "geu" => (Cmp::Ge, true, false),
                    "num" => (Cmp::Num, false, false),
                    "nan" => (Cmp::Nan, false, false),
                    other => return Err(unsupported(line, format!("`setp.{other}`"))),
                };
                let ty = match (uns, ty) {
                    (true, Ty::S(n)) => Ty::U(n),
                    (_, t) => t,
                };
                let (p, pn) = match &o[0] {
                    Operand::Pair(a, b) => {
                        let p = self.dst(a, line)?;
                        (p, Some(self.dst(b, line)?))
                    }
                    other => (self.dst(other, line)?, None),
                };
                let combine = if o.len() > 3 {
                    let op = if has("and") {
                        BoolOp::And
                    } else if has("or") {
                        BoolOp::Or
                    } else {
                        BoolOp::Xor
                    };
                    let (neg, q) = match &o[3] {
                        Operand::Not(q) => (true, q.as_ref()),
                        q => (false, q),
                    };
                    Some((op, self.src(q, Ty::Pred, line)?, neg))
                } else {
                    None
                };
                Op::Setp {
                    cmp,
                    ty,
                    unordered,
                    ftz: has("ftz"),
                    p,
                    pn,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    combine,
                }
            }
            "selp" => {
                need(4)?;
                let ty = t()?;
                let d = self.dst(&o[0], line)?;
                Op::Selp {
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    p: self.src(&o[3], Ty::Pred, line)?,
                }
            }
            "slct" => {
                need(4)?;
                let tys: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
                let [dty, cty] = tys[..] else {
                    return Err(unsupported(line, "`slct` without two types"));
                };
                let d = self.dst(&o[0], line)?;
                Op::Slct {
                    cty,
                    ftz: has("ftz"),
                    d,
                    a: self.src(&o[1], dty, line)?,
                    b: self.src(&o[2], dty, line)?,
                    c: self.src(&o[3], cty, line)?,
                }
            }
            "testp" => {
                need(2)?;
                let ty = t()?;
                let test = match mods.first().copied().unwrap_or("") {
                    "finite" => FpTest::Finite,
                    "infinite" => FpTest::Infinite,
                    "number" => FpTest::Number,
                    "notanumber" => FpTest::NotANumber,
                    "normal" => FpTest::Normal,
                    "subnormal" => FpTest::Subnormal,
                    _ => return Err(unsupported_op()),
                };
                let p = self.dst(&o[0], line)?;
                Op::Testp {
                    test,
                    ty,
                    p,
                    a: self.src(&o[1], ty, line)?,
                }
            }
            "cvt" => {
                need(2)?;
                let tys: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
                let [dty, sty] = tys[..] else {
                    return Err(unsupported(line, "`cvt` without two types"));
                };
                let round = pick(
                    &mods,
                    &[
                        ("rn", Round::Nearest),
                        ("rni", Round::Nearest),
                        ("rz", Round::Zero),
                        ("rzi", Round::Zero),
                        ("rm", Round::Down),
                        ("rmi", Round::Down),
                        ("rp", Round::Up),
                        ("rpi", Round::Up),
                    ],
                );
                let d = self.dst(&o[0], line)?;
                Op::Cvt {
                    dty,
                    sty,
                    round,
                    sat: has("sat"),
                    ftz: has("ftz"),
                    d,
                    a: self.src(&o[1], sty, line)?,
                }
            }
            "cvta" => {
                need(2)?;
                let d = self.dst(&o[0], line)?;
                Op::Cvta {
                    to: has("to"),
                    space,
                    d,
                    a: self.src(&o[1], Ty::U(8), line)?,
                }
            }
            "ld" | "st" if space == MemSpace::Param && self.param_operand(i).is_some() => {
                need(2)?;
                let ty = t()?;
                let r = self.param_operand(i).unwrap_or_default();
                if i.opcode == "ld" {
                    let d = self.dst(&o[0], line)?;
                    Op::Cvt {
                        dty: ty,
                        sty: ty,
                        round: None,
                        sat: false,
                        ftz: false,
                        d,
                        a: Src::Reg(r),
                    }
                } else {
                    let a = self.src(&o[1], ty, line)?;
                    Op::Cvt {
                        dty: ty,
                        sty: ty,
                        round: None,
                        sat: false,
                        ftz: false,
                        d: r,
                        a,
                    }
                }
            }
            "ld" | "ldu" => {
                need(2)?;
                let ty = t()?;
                let d = match &o[0] {
                    Operand::Vector(v) => v
                        .iter()
                        .map(|x| self.dst(x, line))
                        .collect::<Result<Vec<_>>>()?,
                    x => vec![self.dst(x, line)?],
                };
                Op::Ld {
                    ty,
                    d,
                    addr: self.addr(&o[1], space, line)?,
                }
            }
            "st" => {
                need(2)?;
                let ty = t()?;
                let s = match &o[1] {
                    Operand::Vector(v) => v
                        .iter()
                        .map(|x| self.src(x, ty, line))
                        .collect::<Result<Vec<_>>>()?,
                    x => vec![self.src(x, ty, line)?],
                };
                Op::St {
                    ty,
                    s,
                    addr: self.addr(&o[0], space, line)?,
                }
            }
            "atom" | "red" => {
                if mods.iter().any(|m| matches!(*m, "v2" | "v4" | "v8")) {
                    return Err(unsupported(line, format!("vector `{}`", i.opcode)));
                }
                let ty = t()?;
                let op = pick(
                    &mods,
                    &[
                        ("add", AtomOp::Add),
                        ("min", AtomOp::Min),
                        ("max", AtomOp::Max),
                        ("exch", AtomOp::Exch),
                        ("cas", AtomOp::Cas),
                        ("and", AtomOp::And),
                        ("or", AtomOp::Or),
                        ("xor", AtomOp::Xor),
                        ("inc", AtomOp::Inc),
                        ("dec", AtomOp::Dec),
                    ],
                )
                .ok_or_else(|| unsupported(line, format!("`{}` of this kind", i.opcode)))?;
                let (d, rest) = if i.opcode == "atom" {
                    need(3)?;
                    (Some(self.dst(&o[0], line)?), &o[1..])
                } else {
                    need(2)?;
                    (None, &o[..])
                };
                let addr = self.addr(&rest[0], space, line)?;
                let b = self.src(&rest[1], ty, line)?;
                let c = match rest.get(2) {
                    Some(x) => Some(self.src(x, ty, line)?),
                    None => None,
                };
                Op::Atom {
                    op,
                    ty,
                    d,
                    addr,
                    b,
                    c,
                }
            }
            "bra" => {
                need(1)?;
                let Operand::Name(l) = &o[0] else {
                    return Err(unsupported(line, "an indirect branch"));
                };
                // Resolved once all code (inlined calls included) is emitted.
                self.fixups
                    .push((self.code.len(), format!("{}{l}", self.prefix), line));
                Op::Bra { target: 0 }
            }
            // `__syncwarp(mask)`: the simulator runs a warp's lanes at one program counter
            // together and those elsewhere after them, so there is nothing to wait for.
            "bar" | "barrier" if has("warp") => Op::Nop,
            "bar" | "barrier" => {
                // bar.sync a{, b}; bar.arrive a, b; bar.red.op d, a{, b}, {!}c.
                let (red, ids) = if has("red") {
                    let op = pick(
                        &mods,
                        &[
                            ("popc", BarRedOp::Popc),
                            ("and", BarRedOp::And),
                            ("or", BarRedOp::Or),
                        ],
                    )
                    .ok_or_else(unsupported_op)?;
                    need(3)?;
                    let d = self.dst(&o[0], line)?;
                    let last = &o[o.len() - 1];
                    let (negate, p) = match last {
                        Operand::Not(p) => (true, p.as_ref()),
                        p => (false, p),
                    };
                    let p = self.src(p, Ty::Pred, line)?;
                    let red = BarRed { op, d, p, negate };
                    (Some(red), &o[1..o.len() - 1])
                } else {
                    (None, &o[..])
                };
                let id = match ids.first() {
                    None => Src::Imm(0),
                    Some(Operand::Int(id)) if (0..16).contains(id) => Src::Imm(*id as u64),
                    Some(Operand::Int(id)) => {
                        return Err(unsupported(line, format!("barrier number {id} (0 to 15)")));
                    }
                    Some(other) => self.src(other, Ty::U(4), line)?,
                };
                let count = match ids.get(1) {
                    Some(c) => Some(self.src(c, Ty::U(4), line)?),
                    None => None,
                };
                let arrive = has("arrive");
                if arrive && (count.is_none() || red.is_some()) {
                    return Err(unsupported(line, "`bar.arrive` without a thread count"));
                }
                Op::Bar {
                    id,
                    count,
                    arrive,
                    red,
                }
            }
            "mbarrier" => self.mbarrier(i, &mods, space, line)?,
            // The copies are done when issued: an arrival that waits for them is an arrival
            // now. Without `.noinc` the pending count is raised by one first, so nothing
            // changes.
            "cp" if has("async") && has("mbarrier") && has("arrive") => {
                need(1)?;
                if !has("noinc") {
                    return Ok(Op::Nop);
                }
                let space = if has("shared") {
                    MemSpace::Shared
                } else {
                    MemSpace::Generic
                };
                Op::Mbar {
                    op: MbarOp::Arrive {
                        drop: false,
                        no_complete: false,
                        expect_tx: false,
                    },
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: Some(Src::Imm(1)),
                }
            }
            "nanosleep" => Op::Nop,
            "ldmatrix" | "stmatrix" | "movmatrix" | "mma" | "wmma" => {
                Op::Matrix(Box::new(self.matrix(i, &mods, space, line)?))
            }
            // Bulk copies are done when issued: their groups have nothing to wait for, and a
            // prefetch is a hint.
            "cp" if has("async")
                && has("bulk")
                && (has("commit_group") || has("wait_group") || has("prefetch")) =>
            {
                Op::Nop
            }
            "cp" if has("async") && has("bulk") => {
                need(3)?;
                if has("tensor") || mods.iter().any(|m| m.starts_with("multicast")) {
                    return Err(unsupported(
                        line,
                        "`cp.async.bulk.tensor` and multicast bulk copies",
                    ));
                }
                let spaces: Vec<MemSpace> = mods
                    .iter()
                    .filter_map(|m| match *m {
                        "global" => Some(MemSpace::Global),
                        "shared" => Some(MemSpace::Shared),
                        _ => None,
                    })
                    .collect();
                let [dst_space, src_space] = spaces[..] else {
                    return Err(unsupported(
                        line,
                        "`cp.async.bulk` without two state spaces",
                    ));
                };
                let mbar = if mods.iter().any(|m| m.starts_with("mbarrier")) {
                    need(4)?;
                    Some(self.addr(&o[3], MemSpace::Shared, line)?)
                } else {
                    None
                };
                Op::BulkCopy {
                    dst: self.addr(&o[0], dst_space, line)?,
                    src: self.addr(&o[1], src_space, line)?,
                    size: self.src(&o[2], Ty::U(4), line)?,
                    mbar,
                }
            }
            "shfl" => {
                need(4)?;
                let mode = pick(
                    &mods,
                    &[
                        ("up", ShflMode::Up),
                        ("down", ShflMode::Down),
                        ("bfly", ShflMode::Bfly),
                    ],
                )
                .unwrap_or(ShflMode::Idx);
                let (d, p) = match &o[0] {
                    Operand::Pair(a, b) => {
                        let d = self.dst(a, line)?;
                        (d, Some(self.dst(b, line)?))
                    }
                    x => (self.dst(x, line)?, None),
                };
                Op::Shfl {
                    mode,
                    d,
                    p,
                    a: self.src(&o[1], Ty::U(4), line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                }
            }
            "vote" => {
                need(2)?;
                let mode = pick(
                    &mods,
                    &[
                        ("all", VoteMode::All),
                        ("any", VoteMode::Any),
                        ("uni", VoteMode::Uni),
                    ],
                )
                .unwrap_or(VoteMode::Ballot);
                let d = self.dst(&o[0], line)?;
                let (negate, p) = match &o[1] {
                    Operand::Not(p) => (true, p.as_ref()),
                    p => (false, p),
                };
                Op::Vote {
                    mode,
                    d,
                    p: self.src(p, Ty::Pred, line)?,
                    negate,
                }
            }
            "redux" => {
                need(2)?;
                let op = pick(
                    &mods,
                    &[
                        ("add", BinOp::Add),
                        ("min", BinOp::Min),
                        ("max", BinOp::Max),
                        ("and", BinOp::And),
                        ("or", BinOp::Or),
                        ("xor", BinOp::Xor),
                    ],
                )
                .ok_or_else(unsupported_op)?;
                if has("f32") || has("abs") || has("NaN") {
                    return Err(unsupported_op());
                }
                let d = self.dst(&o[0], line)?;
                Op::Redux {
                    op,
                    signed: has("s32"),
                    d,
                    a: self.src(&o[1], Ty::U(4), line)?,
                    mask: match o.get(2) {
                        Some(m) => self.src(m, Ty::U(4), line)?,
                        None => Src::Imm(0xffff_ffff),
                    },
                }
            }
            "match" => {
                need(2)?;
                let all = has("all");
                if all == has("any") {
                    return Err(unsupported_op());
                }
                let (d, p) = self.dst_pair(&o[0], line)?;
                let bits = if has("b64") { 64 } else { 32 };
                Op::Match {
                    all,
                    bits,
                    d,
                    p,
                    a: self.src(&o[1], Ty::U(bits as u8 / 8), line)?,
                }
            }
            "elect" => {
                need(1)?;
                let (d, p) = self.dst_pair(&o[0], line)?;
                Op::Elect { d, p }
            }
            "activemask" => {
                need(1)?;
                Op::ActiveMask {
                    d: self.dst(&o[0], line)?,
                }
            }
            "bfe" => {
                need(4)?;
                let ty = t()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfe {
                    ty,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                }
            }
            "call" => {
                let name = call_target(i).unwrap_or_default();
                let Some((func, n_args, n_rets)) = RuntimeFn::named(name) else {
                    return Err(unsupported_op());
                };
                let lists: Vec<&Vec<Operand>> = i
                    .operands
                    .iter()
                    .filter_map(|o| match o {
                        Operand::List(l) => Some(l),
                        _ => None,
                    })
                    .collect();
                let (rets, args): (&[Operand], &[Operand]) = match lists[..] {
                    [r, a] => (r, a),
                    [a] if !matches!(i.operands.first(), Some(Operand::List(_))) => (&[], a),
                    [r] => (r, &[]),
                    _ => (&[], &[]),
                };
                if args.len() != n_args || rets.len() > n_rets {
                    return Err(unsupported(
                        line,
                        format!("a call to `{name}` with {} arguments", args.len()),
                    ));
                }
                let mut reg = |o: &Operand| -> Result<u32> {
                    match o {
                        Operand::Name(n) => Ok(self.param_reg(n).unwrap_or_else(|| self.reg(n))),
                        other => Err(unsupported(line, format!("the call argument {other:?}"))),
                    }
                };
                let args = args.iter().map(&mut reg).collect::<Result<Vec<_>>>()?;
                let ret = rets.first().map(&mut reg).transpose()?;
                Op::Runtime { func, args, ret }
            }
            "shf" => {
                need(4)?;
                let left = has("l");
                if left == has("r") || has("wrap") == has("clamp") {
                    return Err(unsupported_op());
                }
                let d = self.dst(&o[0], line)?;
                Op::Shf {
                    left,
                    clamp: has("clamp"),
                    d,
                    a: self.src(&o[1], Ty::U(4), line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                }
            }
            "bfi" => {
                need(5)?;
                let ty = t()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfi {
                    ty,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                    e: self.src(&o[4], Ty::U(4), line)?,
                }
            }
            "ret" if self.ret_label.is_some() => {
                let label = self.ret_label.clone().unwrap_or_default();
                self.fixups.push((self.code.len(), label, line));
                Op::Bra { target: 0 }
            }
            "ret" if self.in_recursive.is_some() => {
                if let Some(r) = self.in_recursive {
                    self.recursive[r].uses.push(self.code.len());
                }
                Op::Return {
                    frame: Frame::default(),
                }
            }
            "ret" | "exit" => Op::Exit,
            "membar" | "fence" => Op::Nop,
            "trap" => Op::Trap,
            "dp4a" | "dp2a" => {
                need(4)?;
                let signs: Vec<bool> = mods
                    .iter()
                    .filter_map(|m| match *m {
                        "s32" => Some(true),
                        "u32" => Some(false),
                        _ => None,
                    })
                    .collect();
                let [a_signed, b_signed] = signs[..] else {
                    return Err(unsupported_op());
                };
                let d = self.dst(&o[0], line)?;
                Op::Dp {
                    pair: i.opcode == "dp2a",
                    hi: has("hi"),
                    a_signed,
                    b_signed,
                    d,
                    a: self.src(&o[1], Ty::U(4), line)?,
                    b: self.src(&o[2], Ty::U(4), line)?,
                    c: self.src(&o[3], Ty::U(4), line)?,
                }
            }
            // `set.cmp.dtype.stype d, a, b`: a comparison as a number (1.0 or all ones).
            "set" => {
                need(3)?;
                let tys: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
                let [dty, sty] = tys[..] else {
                    return Err(unsupported_op());
                };
                if o.len() > 3 {
                    return Err(unsupported(line, "`set` combined with a predicate"));
                }
                let p = self.reg("%set#p");
                let mut as_setp = i.clone();
                as_setp.opcode = "setp".into();
                as_setp.mods = mods
                    .iter()
                    .filter(|m| Ty::parse(m).is_none())
                    .map(|m| m.to_string())
                    .chain(std::iter::once(sty_name(&mods, sty)))
                    .collect();
                as_setp.operands[0] = Operand::Name("%set#p".into());
                let compare = self.op(&as_setp, line)?;
                let guard = i.guard.as_ref().map(|(neg, g)| (self.reg(g), *neg));
                self.code.push(Instr {
                    guard,
                    op: compare,
                    line,
                    text: "set (the comparison)".into(),
                });
                let d = self.dst(&o[0], line)?;
                // True is 1.0 in a floating-point destination, all ones in an integer one.
                let dname = mods.iter().find(|m| Ty::parse(m).is_some()).copied();
                let yes = match dname {
                    Some("f32") => 1.0f32.to_bits() as u64,
                    Some("f16") => 0x3c00,
                    Some("bf16") => 0x3f80,
                    _ if dty == Ty::F32 => 1.0f32.to_bits() as u64,
                    _ => 0xffff_ffff,
                };
                Op::Selp {
                    d,
                    a: Src::Imm(yes),
                    b: Src::Imm(0),
                    p: Src::Reg(p),
                }
            }
            // The copies are done when issued (Op::CpAsync), so the groups have nothing to
            // wait for.
            "cp" if has("async")
                && (has("commit_group") || has("wait_group") || has("wait_all")) =>
            {
                Op::Nop
            }
            "cp" if has("async") && !has("bulk") && !has("mbarrier") => {
                need(3)?;
                let size = match &o[2] {
                    Operand::Int(n @ (4 | 8 | 16)) => *n as u32,
                    other => {
                        return Err(unsupported(line, format!("`cp.async` of {other:?} bytes")))
                    }
                };
                let src_size = match o.get(3) {
                    Some(Operand::Name(n)) if n.starts_with('%') || self.is_reg(n) => {
                        Some(self.src(&o[3], Ty::U(4), line)?)
                    }
                    Some(Operand::Int(n)) => Some(Src::Imm(*n as u64)),
                    _ => None,
                };
                Op::CpAsync {
                    dst: self.addr(&o[0], MemSpace::Shared, line)?,
                    src: self.addr(&o[1], MemSpace::Global, line)?,
                    size,
                    src_size,
                }
            }
            "tex" | "suld" | "sust" => return self.texture_op(i, &mods, line),
            "tld4" | "txq" | "sured" | "suq" | "istypep" => {
                return Err(unsupported(
                    line,
                    format!(
                        "`{}` (texture gather, queries and surface reductions are not simulated; \
                         `tex`, `suld.b` and `sust.b` are)",
                        std::iter::once(i.opcode.as_str())
                            .chain(mods.iter().copied())
                            .collect::<Vec<_>>()
                            .join(".")
                    ),
                ))
            }
            _ => return Err(unsupported_op()),
        })
    }
}

/// The value of the first modifier in `table` that the instruction carries.
/// The spelling of `set`'s source type among its modifiers (the second type named).
fn sty_name(mods: &[&str], sty: Ty) -> String {
    mods.iter()
        .rev()
        .find(|m| Ty::parse(m) == Some(sty))
        .map_or_else(String::new, |m| m.to_string())
}

/// The function a `call` names (`call (ret), f, (args)`).
fn call_target(i: &ast::Instruction) -> Option<&str> {
    i.operands.iter().find_map(|o| match o {
        Operand::Name(n) => Some(n.as_str()),
        _ => None,
    })
}

fn pick<T: Copy>(mods: &[&str], table: &[(&str, T)]) -> Option<T> {
    table
        .iter()
        .find(|(m, _)| mods.contains(m))
        .map(|&(_, v)| v)
}

/// Whether a call parameter lives in local memory (a struct or array: over 8 bytes, or
/// declared as an array and so accessed at offsets) rather than in a register.
fn param_in_memory(v: &VarDecl) -> bool {
    v.size().unwrap_or(0) > 8 || !v.dims.is_empty()
}

/// The statements of a function body with its `{ }` blocks opened up. A register or
/// parameter declared inside a block is renamed (with a `#b<n>.` suffix no PTX name has),
/// with every use inside the block, so that two blocks declaring `param0` (call sequences)
/// or `p` (inline assembly) keep apart as the PTX scoping rules say.
fn flatten(body: &[Statement]) -> Vec<Cow<'_, Statement>> {
    let mut out = Vec::new();
    let mut blocks = 0;
    flatten_into(body, &HashMap::new(), &mut blocks, &mut out);
    out
}

fn flatten_into<'s>(
    body: &'s [Statement],
    renames: &HashMap<String, String>,
    blocks: &mut u32,
    out: &mut Vec<Cow<'s, Statement>>,
) {
    for s in body {
        match s {
            Statement::Block(inner) => {
                *blocks += 1;
                let tag = format!("#b{blocks}.");
                let mut scope = renames.clone();
                for s in inner {
                    if let Statement::Var(v) = s {
                        if matches!(v.space, Space::Reg | Space::Param) {
                            let new = format!("{}{tag}", v.name);
                            for k in 0..v.count.unwrap_or(0) {
                                scope.insert(format!("{}{k}", v.name), format!("{new}{k}"));
                            }
                            scope.insert(v.name.clone(), new);
                        }
                    }
                }
                flatten_into(inner, &scope, blocks, out);
            }
            other if renames.is_empty() => out.push(Cow::Borrowed(other)),
            other => out.push(Cow::Owned(renamed(other, renames))),
        }
    }
}

/// `s` with the names of `renames` replaced (declarations, operands, guards).
fn renamed(s: &Statement, renames: &HashMap<String, String>) -> Statement {
    let name = |n: &str| renames.get(n).cloned().unwrap_or_else(|| n.to_string());
    fn operand(o: &Operand, name: &dyn Fn(&str) -> String) -> Operand {
        match o {
            Operand::Name(n) => Operand::Name(name(n)),
            Operand::Addr { base, offset } => Operand::Addr {
                base: name(base),
                offset: *offset,
            },
            Operand::Vector(v) => Operand::Vector(v.iter().map(|o| operand(o, name)).collect()),
            Operand::List(v) => Operand::List(v.iter().map(|o| operand(o, name)).collect()),
            Operand::Not(o) => Operand::Not(Box::new(operand(o, name))),
            Operand::Pair(a, b) => {
                Operand::Pair(Box::new(operand(a, name)), Box::new(operand(b, name)))
            }
            other => other.clone(),
        }
    }
    match s {
        Statement::Var(v) if matches!(v.space, Space::Reg | Space::Param) => {
            let mut v = v.clone();
            v.name = name(&v.name);
            Statement::Var(v)
        }
        Statement::Instr(i) => {
            let mut i = i.clone();
            i.guard = i.guard.map(|(neg, p)| (neg, name(&p)));
            i.operands = i.operands.iter().map(|o| operand(o, &name)).collect();
            Statement::Instr(i)
        }
        other => other.clone(),
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
