//! Inline PTX (`asm("..." : "=r"(out) : "r"(in));`): each operand in a register of the
//! class its constraint names, `%N` in the text replaced by that register's name and `%%` by
//! `%`, the text written where the statement stands, the outputs stored afterwards. The
//! constraints are NVCC's: `h` (16-bit integer, in a `.b16` register), `r` (32-bit
//! integer), `l` (64-bit integer), `f` (`float`), `d` (`double`), `n` (an integer constant,
//! written as a literal).

use super::*;
use crate::ast::Asm;
use crate::types::{IntKind, RegClass, UINT, ULONG};

/// The operands' most: `%0` to `%29` (NVCC's limit is 30 too).
const MAX_OPERANDS: usize = 30;

/// What one constraint asks for.
enum Constraint {
    /// A register holding a value of this type.
    Reg(Type),
    /// An integer constant, written into the text.
    Immediate,
}

/// The constraint's letter after its modifiers (`=`, `+`, `&`).
fn constraint(c: &str, pos: Pos) -> Result<Constraint> {
    let letter = c.trim_start_matches(['=', '+', '&']);
    Ok(match letter {
        "h" => Constraint::Reg(Type::Int(IntKind::UShort)),
        "r" => Constraint::Reg(UINT),
        "l" => Constraint::Reg(ULONG),
        "f" => Constraint::Reg(Type::Float),
        "d" => Constraint::Reg(Type::Double),
        "n" => Constraint::Immediate,
        _ => {
            return Err(Diag::unsupported(
                pos,
                &format!(
                "the asm operand constraint \"{c}\" (the built-in compiler takes h, r, l, f, d and n)"
            ),
            ))
        }
    })
}

impl Sema<'_> {
    /// Emits an inline PTX statement.
    pub(super) fn asm(&mut self, a: &Asm) -> Result<()> {
        let pos = a.pos;
        if a.outputs.len() + a.inputs.len() > MAX_OPERANDS {
            return Err(
                Diag::new(pos, format!("more than {MAX_OPERANDS} asm operands"))
                    .note("split the asm statement"),
            );
        }
        // Outputs first (their numbers come first), then inputs.
        let mut operands: Vec<String> = Vec::new();
        let mut stores: Vec<(String, Type, LVal)> = Vec::new();
        for (c, e) in &a.outputs {
            if !c.starts_with('=') && !c.starts_with('+') {
                return Err(Diag::new(
                    e.pos,
                    format!("the asm output constraint \"{c}\" has no '=' or '+'"),
                )
                .note("write \"=r\"(x) for an output, \"+r\"(x) for one that is also read"));
            }
            let Constraint::Reg(ty) = constraint(c, e.pos)? else {
                return Err(
                    Diag::new(e.pos, "an asm output cannot be a constant (\"n\")")
                        .note("use \"=r\" and a variable"),
                );
            };
            let lv = self.lvalue(e)?;
            let short = is_short(&ty);
            let r = self.b().reg(if short { RegClass::B16 } else { ty.class() });
            if c.starts_with('+') {
                let v = self.load(&lv)?;
                let v = self.convert(v, &ty, e.pos)?;
                let src = self.reg_of(&v);
                self.b().seal(&src);
                if short {
                    self.b().ins(&format!("cvt.u16.u32 \t{r}, {src}"));
                } else {
                    let mt = mov_type(&ty);
                    self.b().ins(&format!("mov.{mt} \t{r}, {src}"));
                }
            }
            operands.push(r.clone());
            stores.push((r, ty, lv));
        }
        for (c, e) in &a.inputs {
            match constraint(c, e.pos)? {
                Constraint::Reg(ty) => {
                    let v = self.expr(e)?;
                    let v = self.convert(v, &ty, e.pos)?;
                    let r = self.reg_of(&v);
                    // The PTX reads the product as it is: nothing fuses it afterwards.
                    self.b().seal(&r);
                    if is_short(&ty) {
                        // A 16-bit integer lives in a 32-bit register here; `h` is `.b16`.
                        let h = self.b().reg(RegClass::B16);
                        self.b().ins(&format!("cvt.u16.u32 \t{h}, {r}"));
                        operands.push(h);
                    } else {
                        operands.push(r);
                    }
                }
                Constraint::Immediate => {
                    let tp = self.tparams();
                    operands.push(self.const_int(e, &tp)?.to_string());
                }
            }
        }
        let text = substitute(&a.text, &operands, pos)?;
        // Memory the PTX writes is not what any merged load read.
        self.cse_clear();
        self.b().raw(&format!(
            "\t// begin inline asm\n\t{text}\n\t// end inline asm"
        ));
        for (r, ty, lv) in stores {
            let r = if is_short(&ty) {
                let w = self.b().reg(RegClass::B32);
                self.b().ins(&format!("cvt.u32.u16 \t{w}, {r}"));
                w
            } else {
                r
            };
            let v = Value::new(Op::Reg(r), ty);
            let v = self.convert(v, lv.ty(), pos)?;
            self.store(&lv, v)?;
        }
        Ok(())
    }
}

/// Whether an operand is `h`'s 16-bit integer.
fn is_short(t: &Type) -> bool {
    matches!(t, Type::Int(k) if k.bits() == 16)
}

fn mov_type(t: &Type) -> &'static str {
    match t.class() {
        RegClass::F32 => "f32",
        RegClass::F64 => "f64",
        RegClass::B64 => "u64",
        _ => "u32",
    }
}

/// `text` with `%N` replaced by operand N and `%%` by `%`.
fn substitute(text: &str, operands: &[String], pos: Pos) -> Result<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('%') => {
                chars.next();
                out.push('%');
            }
            Some(d) if d.is_ascii_digit() => {
                let mut n = 0usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    chars.next();
                    n = n.saturating_mul(10).saturating_add(d as usize);
                }
                let Some(op) = operands.get(n) else {
                    return Err(
                        Diag::new(pos, format!("asm operand %{n} does not exist")).note(format!(
                            "the statement has {} operands, %0 to %{}",
                            operands.len(),
                            operands.len().saturating_sub(1)
                        )),
                    );
                };
                out.push_str(op);
            }
            _ => {
                return Err(
                    Diag::new(pos, "a '%' in asm text that names no operand").note(
                        "write %% for a PTX register such as %%laneid, %0 for the first operand",
                    ),
                )
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::substitute;
    use crate::diag::Pos;

    #[test]
    fn operands_and_percent_signs_are_substituted() {
        let ops = ["%r1".to_string(), "%rd2".to_string()];
        let pos = Pos::default();
        assert_eq!(
            substitute("mov.u32 %0, %%laneid; ld.u32 %0, [%1];", &ops, pos).unwrap(),
            "mov.u32 %r1, %laneid; ld.u32 %r1, [%rd2];"
        );
        let e = substitute("mov.u32 %2, 1;", &ops, pos).unwrap_err();
        assert!(e.message.contains("%2 does not exist"), "{}", e.message);
        assert!(substitute("mov.u32 %x, 1;", &ops, pos).is_err());
        // A huge operand number saturates into a clear error, not an overflow.
        assert!(substitute("%99999999999999999999999", &ops, pos).is_err());
    }
}
