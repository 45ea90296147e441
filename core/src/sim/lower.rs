//! Lowering a parsed PTX module to the simulator's instruction form.

use std::collections::HashMap;

use super::ir::*;
use super::mem::{Memory, LOCAL_WINDOW, SHARED_WINDOW};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{self, Function, Operand, Space, Statement, VarDecl};
use crate::image::ptx::lexer::FloatLit;
use crate::image::table::GlobalKind;

/// Special registers, in the fixed register slots every warp fills at launch.
pub const SPECIAL: [&str; 21] = [
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
}

/// A module's variables placed in simulated memory, and its kernels.
#[derive(Debug, Clone)]
pub struct SimModule {
    /// Kernels by name.
    pub kernels: HashMap<String, KernelCode>,
    /// Kernels that use something the simulator does not support, with the reason. The
    /// rest of the module still loads; launching one of these returns the reason.
    pub unsupported: HashMap<String, String>,
    /// Variables: name → (address or constant-bank offset, size, kind).
    pub globals: HashMap<String, (u64, u64, GlobalKind)>,
    /// The constant bank.
    pub const_bank: Vec<u8>,
}

fn unsupported(line: u32, what: impl std::fmt::Display) -> Error {
    Error::Unsupported(format!(
        "the simulator does not support {what} (PTX line {line})"
    ))
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a.max(1)) * a.max(1)
}

/// Initial bytes of a variable (zeros where the initialiser is absent).
fn init_of(v: &VarDecl, size: u64, line: u32) -> Result<Vec<u8>> {
    let mut out = vec![0u8; size as usize];
    let Some(init) = &v.init else { return Ok(out) };
    let elem = ast::type_size(&v.ty).unwrap_or(1) as usize;
    let mut flat = Vec::new();
    fn flatten<'a>(i: &'a ast::InitValue, out: &mut Vec<&'a ast::InitValue>) {
        match i {
            ast::InitValue::List(items) => items.iter().for_each(|x| flatten(x, out)),
            other => out.push(other),
        }
    }
    flatten(init, &mut flat);
    let float = v.ty.starts_with(".f");
    for (i, item) in flat.iter().enumerate() {
        let bits: u64 = match item {
            ast::InitValue::Int(x) if float && elem == 4 => (*x as f32).to_bits() as u64,
            ast::InitValue::Int(x) if float => (*x as f64).to_bits(),
            ast::InitValue::Int(x) => *x as u64,
            ast::InitValue::Float(f) => float_bits(*f, elem == 4),
            _ => return Err(unsupported(line, "initialisers holding addresses")),
        };
        let at = i * elem;
        if at + elem <= out.len() {
            out[at..at + elem].copy_from_slice(&bits.to_le_bytes()[..elem]);
        }
    }
    Ok(out)
}

fn float_bits(f: FloatLit, single: bool) -> u64 {
    match (f, single) {
        (FloatLit::F32Bits(b), true) => b as u64,
        (FloatLit::F32Bits(b), false) => (f32::from_bits(b) as f64).to_bits(),
        (FloatLit::F64Bits(b), true) => (f64::from_bits(b) as f32).to_bits() as u64,
        (FloatLit::F64Bits(b), false) => b,
        (FloatLit::Decimal(d), true) => (d as f32).to_bits() as u64,
        (FloatLit::Decimal(d), false) => d.to_bits(),
    }
}

/// Places the module's variables in `mem` and lowers every kernel.
pub fn load(m: &ast::Module, mem: &mut Memory) -> Result<SimModule> {
    let mut globals = HashMap::new();
    let mut const_bank = Vec::new();
    let mut symbols: HashMap<String, (MemSpace, u64)> = HashMap::new();
    let mut module_shared: Vec<&VarDecl> = Vec::new();
    for v in &m.vars {
        let line = v.pos.line;
        if v.linkage.as_deref() == Some(".extern") {
            if v.space == Space::Shared {
                module_shared.push(v);
                continue;
            }
            return Err(unsupported(
                line,
                format!("the external variable `{}`", v.name),
            ));
        }
        let size = v
            .size()
            .ok_or_else(|| unsupported(line, format!("the size of `{}`", v.name)))?;
        match v.space {
            Space::Global => {
                let addr = mem.alloc(size.max(1) as usize, v.alignment())?;
                mem.write(addr, &init_of(v, size, line)?)?;
                let kind = if v.managed {
                    GlobalKind::Managed
                } else {
                    GlobalKind::Device
                };
                globals.insert(v.name.clone(), (addr, size, kind));
                symbols.insert(v.name.clone(), (MemSpace::Global, addr));
            }
            Space::Const => {
                let off = align_up(const_bank.len() as u64, v.alignment());
                const_bank.resize(off as usize, 0);
                const_bank.extend_from_slice(&init_of(v, size, line)?);
                globals.insert(v.name.clone(), (off, size, GlobalKind::Constant));
                symbols.insert(v.name.clone(), (MemSpace::Const, off));
            }
            Space::Shared => module_shared.push(v),
            _ => {}
        }
    }
    let mut kernels = HashMap::new();
    let mut unsupported = HashMap::new();
    for f in m
        .functions
        .iter()
        .filter(|f| f.is_entry && f.body.is_some())
    {
        match Lowerer::new(&symbols, &module_shared).kernel(f) {
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
        globals,
        const_bank,
    })
}

struct Lowerer<'a> {
    module_symbols: &'a HashMap<String, (MemSpace, u64)>,
    module_shared: &'a [&'a VarDecl],
    symbols: HashMap<String, (MemSpace, u64)>,
    regs: HashMap<String, u32>,
    labels: HashMap<String, u32>,
    shared: u64,
    local: u64,
    params: Vec<(u32, u32)>,
    param_bytes: u64,
}

impl<'a> Lowerer<'a> {
    fn new(
        module_symbols: &'a HashMap<String, (MemSpace, u64)>,
        module_shared: &'a [&'a VarDecl],
    ) -> Self {
        let regs = SPECIAL
            .iter()
            .enumerate()
            .map(|(i, s)| (s.to_string(), i as u32))
            .collect();
        Lowerer {
            module_symbols,
            module_shared,
            symbols: HashMap::new(),
            regs,
            labels: HashMap::new(),
            shared: 0,
            local: 0,
            params: Vec::new(),
            param_bytes: 0,
        }
    }

    fn place_shared(&mut self, v: &VarDecl) {
        if v.linkage.as_deref() == Some(".extern") {
            return; // dynamic shared memory: placed after the static bytes
        }
        let off = align_up(self.shared, v.alignment());
        self.shared = off + v.size().unwrap_or(0);
        self.symbols.insert(v.name.clone(), (MemSpace::Shared, off));
    }

    fn kernel(mut self, f: &Function) -> Result<KernelCode> {
        for p in &f.params {
            let size = p.size().unwrap_or(0);
            let off = align_up(self.param_bytes, p.alignment());
            self.params.push((off as u32, size as u32));
            self.param_bytes = off + size;
            self.symbols.insert(p.name.clone(), (MemSpace::Param, off));
        }
        for v in self.module_shared {
            self.place_shared(v);
        }
        let body = f.body.as_deref().unwrap_or(&[]);
        // Declarations and labels first (labels can be used before they appear).
        let mut flat = Vec::new();
        flatten(body, &mut flat);
        let mut n = 0u32;
        for s in &flat {
            match s {
                Statement::Var(v) => match v.space {
                    Space::Shared => self.place_shared(v),
                    Space::Local => {
                        let off = align_up(self.local, v.alignment());
                        self.local = off + v.size().unwrap_or(0);
                        self.symbols.insert(v.name.clone(), (MemSpace::Local, off));
                    }
                    Space::Reg | Space::Param => {}
                    _ => return Err(unsupported(v.pos.line, "this declaration inside a kernel")),
                },
                Statement::Label(l, _) => {
                    self.labels.insert(l.clone(), n);
                }
                Statement::Instr(_) => n += 1,
                Statement::Block(_) => {}
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
        let mut code = Vec::new();
        for s in &flat {
            if let Statement::Instr(i) = s {
                code.push(self.instr(i)?);
            }
        }
        // Falling off the end exits.
        code.push(Instr {
            guard: None,
            op: Op::Exit,
            line: 0,
            text: "ret".into(),
        });
        Ok(KernelCode {
            name: f.name.clone(),
            code,
            nregs: self.regs.len(),
            params: self.params,
            param_bytes: self.param_bytes as usize,
            shared_static: dynamic_base as usize,
            local_bytes: self.local as usize,
            max_threads: f.reqntid.or(f.maxntid).map(|d| d.iter().product()),
        })
    }

    fn reg(&mut self, name: &str) -> u32 {
        let next = self.regs.len() as u32;
        *self.regs.entry(name.to_string()).or_insert(next)
    }

    fn symbol(&self, name: &str) -> Option<(MemSpace, u64)> {
        self.symbols
            .get(name)
            .or_else(|| self.module_symbols.get(name))
            .copied()
    }

    fn dst(&mut self, op: &Operand, line: u32) -> Result<u32> {
        match op {
            Operand::Name(n) if n.starts_with('%') => Ok(self.reg(n)),
            Operand::Sink => Ok(self.reg("%_sink")),
            other => Err(unsupported(line, format!("the destination {other:?}"))),
        }
    }

    fn src(&mut self, op: &Operand, ty: Ty, line: u32) -> Result<Src> {
        Ok(match op {
            Operand::Name(n) if n.starts_with('%') => Src::Reg(self.reg(n)),
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
            Operand::Addr { base, offset } if !base.starts_with('%') => match self.symbol(base) {
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
        if base.starts_with('%') {
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
            (s, _) => (s, at),
        };
        Ok(Addr {
            space,
            base: Src::Imm(at),
            offset: *offset,
        })
    }

    fn instr(&mut self, i: &ast::Instruction) -> Result<Instr> {
        let line = i.pos.line;
        let guard = i.guard.as_ref().map(|(neg, p)| (self.reg(p), *neg));
        let text = std::iter::once(i.opcode.as_str())
            .chain(i.mods.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(".");
        let op = self.op(i, line).map_err(|e| match e {
            Error::Unsupported(_) => e,
            other => other,
        })?;
        Ok(Instr {
            guard,
            op,
            line,
            text,
        })
    }

    fn op(&mut self, i: &ast::Instruction, line: u32) -> Result<Op> {
        let mods: Vec<&str> = i.mods.iter().map(String::as_str).collect();
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
        let space = if has("global") {
            MemSpace::Global
        } else if has("shared") {
            MemSpace::Shared
        } else if has("local") {
            MemSpace::Local
        } else if has("const") {
            MemSpace::Const
        } else if has("param") {
            MemSpace::Param
        } else {
            MemSpace::Generic
        };
        let unsupported_op = || unsupported(line, format!("`{}`", i.opcode));
        let t = || ty.ok_or_else(|| unsupported(line, format!("`{}` without a type", i.opcode)));
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
                if mods
                    .iter()
                    .any(|m| matches!(*m, "f4e" | "b4e" | "rc8" | "ecl" | "ecr" | "rc16"))
                {
                    return Err(unsupported(line, "`prmt` modes other than the default"));
                }
                let d = self.dst(&o[0], line)?;
                Op::Prmt {
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
            "add" | "sub" | "mul" | "div" | "rem" | "min" | "max" | "and" | "or" | "xor"
            | "shl" | "shr" | "copysign" => {
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
                Op::Bin {
                    op,
                    ty,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], bty, line)?,
                }
            }
            "neg" | "abs" | "not" | "popc" | "clz" | "brev" | "sqrt" | "rsqrt" | "rcp" | "ex2"
            | "lg2" | "sin" | "cos" | "cnot" => {
                need(2)?;
                let ty = t()?;
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
            "mad" | "fma" => {
                need(4)?;
                let ty = t()?;
                let wide = has("wide");
                let d = self.dst(&o[0], line)?;
                let cty = match (wide, ty) {
                    (true, Ty::U(4)) => Ty::U(8),
                    (true, Ty::S(4)) => Ty::S(8),
                    _ => ty,
                };
                Op::Mad {
                    ty,
                    hi: has("hi"),
                    wide,
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
            "cvt" => {
                need(2)?;
                let tys: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
                let [dty, sty] = tys[..] else {
                    return Err(unsupported(line, "`cvt` without two types"));
                };
                let round = if has("rn") || has("rni") {
                    Some(Round::Nearest)
                } else if has("rz") || has("rzi") {
                    Some(Round::Zero)
                } else if has("rm") || has("rmi") {
                    Some(Round::Down)
                } else if has("rp") || has("rpi") {
                    Some(Round::Up)
                } else {
                    None
                };
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
                let ty = t()?;
                let op = if has("add") {
                    AtomOp::Add
                } else if has("min") {
                    AtomOp::Min
                } else if has("max") {
                    AtomOp::Max
                } else if has("exch") {
                    AtomOp::Exch
                } else if has("cas") {
                    AtomOp::Cas
                } else if has("and") {
                    AtomOp::And
                } else if has("or") {
                    AtomOp::Or
                } else if has("xor") {
                    AtomOp::Xor
                } else if has("inc") {
                    AtomOp::Inc
                } else if has("dec") {
                    AtomOp::Dec
                } else {
                    return Err(unsupported(line, format!("`{}` of this kind", i.opcode)));
                };
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
                let target = *self
                    .labels
                    .get(l)
                    .ok_or_else(|| unsupported(line, format!("the label `{l}`")))?;
                Op::Bra { target }
            }
            "bar" | "barrier" => {
                if has("arrive") || has("red") || o.len() > 1 {
                    return Err(unsupported(line, format!("`{}` of this kind", i.opcode)));
                }
                Op::Bar
            }
            "shfl" => {
                need(4)?;
                let mode = if has("up") {
                    ShflMode::Up
                } else if has("down") {
                    ShflMode::Down
                } else if has("bfly") {
                    ShflMode::Bfly
                } else {
                    ShflMode::Idx
                };
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
                let mode = if has("all") {
                    VoteMode::All
                } else if has("any") {
                    VoteMode::Any
                } else if has("uni") {
                    VoteMode::Uni
                } else {
                    VoteMode::Ballot
                };
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
            "ret" | "exit" => Op::Exit,
            "membar" | "fence" => Op::Nop,
            _ => return Err(unsupported_op()),
        })
    }
}

fn flatten<'s>(body: &'s [Statement], out: &mut Vec<&'s Statement>) {
    for s in body {
        match s {
            Statement::Block(inner) => flatten(inner, out),
            other => out.push(other),
        }
    }
}

impl SimModule {
    /// The kernel's code, or why it cannot run on the simulator, or that it does not exist.
    pub fn kernel(&self, name: &str) -> Result<&KernelCode> {
        if let Some(k) = self.kernels.get(name) {
            return Ok(k);
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
