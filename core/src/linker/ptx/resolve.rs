//! Resolving the modules' symbols: which definition each global name has, whether every
//! `.extern` finds one, and which internal names must be renamed.

use std::collections::{HashMap, HashSet};

use super::{Definition, Input, Linkage, Symbol, NAME, RUNTIME_FUNCTIONS};
use crate::error::{Error, Result};
use crate::image::ptx::ast::Space;

/// The global definitions, and the `.weak` definitions that lost to another.
pub(super) struct Globals {
    pub definitions: HashMap<String, Definition>,
    /// `(module, item)` of each definition not kept.
    pub losers: HashSet<(usize, usize)>,
}

pub(super) fn resolve_globals(inputs: &[Input<'_>], log: &mut Vec<String>) -> Result<Globals> {
    let mut definitions: HashMap<String, Definition> = HashMap::new();
    let mut losers = HashSet::new();
    let mut twice = Vec::new();
    for (m, input) in inputs.iter().enumerate() {
        for s in input.symbols.iter().filter(|s| s.defined) {
            if !matches!(s.linkage, Linkage::Visible | Linkage::Weak) {
                continue;
            }
            let new = Definition {
                module: m,
                item: s.item,
                linkage: s.linkage,
                function: s.function,
                space: s.space,
            };
            let Some(old) = definitions.get(&s.name).copied() else {
                definitions.insert(s.name.clone(), new);
                continue;
            };
            match (old.linkage, s.linkage) {
                (Linkage::Weak, Linkage::Visible) => {
                    losers.insert((old.module, old.item));
                    definitions.insert(s.name.clone(), new);
                }
                (_, Linkage::Weak) => {
                    losers.insert((m, s.item));
                }
                _ => twice.push(format!(
                    "multiple definitions of `{}`: in {} and in {}",
                    s.name, inputs[old.module].name, input.name
                )),
            }
        }
    }
    if !twice.is_empty() {
        return Err(Error::Link {
            linker: NAME.to_string(),
            inputs: inputs.iter().map(|i| i.name.to_string()).collect(),
            log: twice.join("\n"),
        });
    }
    if !losers.is_empty() {
        log.push(format!(
            "kept one of several .weak definitions for {} symbol(s)",
            losers.len()
        ));
    }
    Ok(Globals {
        definitions,
        losers,
    })
}

/// Every `.extern` resolved, or the errors naming each one that is not.
pub(super) fn check_references(
    inputs: &[Input<'_>],
    globals: &Globals,
) -> std::result::Result<(), Vec<String>> {
    let mut errors = Vec::new();
    for input in inputs {
        for s in input.symbols.iter().filter(|s| !s.defined) {
            if input.defines(&s.name) || stays_extern(s) {
                continue;
            }
            let what = if s.function { "function" } else { "variable" };
            match globals.definitions.get(&s.name) {
                Some(d) if d.function != s.function => errors.push(format!(
                    "`{}` is a {what} in {} but a {} in {}",
                    s.name,
                    input.name,
                    if d.function { "function" } else { "variable" },
                    inputs[d.module].name
                )),
                Some(d) if !s.function && d.space != s.space => errors.push(format!(
                    "`{}` is declared in the {} space in {} but defined in the {} space in {}",
                    s.name,
                    space_word(s.space),
                    input.name,
                    space_word(d.space),
                    inputs[d.module].name
                )),
                Some(_) => {}
                None => {
                    // Defined, but not global: internal, since globals were looked up.
                    let hidden = inputs.iter().find(|other| other.defines(&s.name));
                    errors.push(match hidden {
                        Some(other) => format!(
                            "undefined reference to `{}` in {}: {} defines it without \
                             linkage (not `.visible`), so only {} sees it",
                            s.name, input.name, other.name, other.name
                        ),
                        None => format!(
                            "undefined reference to `{}` in {} (no input defines this {what})",
                            s.name, input.name
                        ),
                    });
                }
            }
        }
    }
    const SHOWN: usize = 100;
    if errors.len() > SHOWN {
        let more = errors.len() - SHOWN;
        errors.truncate(SHOWN);
        errors.push(format!("... and {more} more"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A state space as PTX writes it (`.const`), for messages.
fn space_word(space: Option<Space>) -> &'static str {
    match space {
        Some(Space::Reg) => ".reg",
        Some(Space::SReg) => ".sreg",
        Some(Space::Const) => ".const",
        Some(Space::Global) => ".global",
        Some(Space::Local) => ".local",
        Some(Space::Param) => ".param",
        Some(Space::Shared) => ".shared",
        Some(Space::Tex) => ".tex",
        None => "no",
    }
}

/// A declaration that stays `.extern` in the linked module: a device runtime function or
/// dynamic shared memory.
pub(super) fn stays_extern(s: &Symbol) -> bool {
    (s.function && RUNTIME_FUNCTIONS.contains(&s.name.as_str()))
        || (!s.function && s.space == Some(Space::Shared) && s.linkage == Linkage::Extern)
}

/// New names for internal symbols another module also uses, per module.
pub(super) fn rename_internals(
    inputs: &[Input<'_>],
    globals: &Globals,
    log: &mut Vec<String>,
) -> Vec<HashMap<String, String>> {
    let mut all: HashSet<String> = inputs
        .iter()
        .flat_map(|i| i.symbols.iter().map(|s| s.name.clone()))
        .collect();
    all.extend(
        inputs
            .iter()
            .flat_map(|i| i.module.aliases.iter().map(|a| a.name.clone())),
    );
    let mut internal_taken: HashSet<String> = HashSet::new();
    let mut renames = Vec::with_capacity(inputs.len());
    for (m, input) in inputs.iter().enumerate() {
        let mut map = HashMap::new();
        let internal: HashSet<&str> = input
            .symbols
            .iter()
            .filter(|s| s.linkage == Linkage::Internal && !stays_extern(s))
            .map(|s| s.name.as_str())
            .collect();
        let mut internal: Vec<&str> = internal.into_iter().collect();
        internal.sort_unstable();
        for name in internal {
            let clash = internal_taken.contains(name) || globals.definitions.contains_key(name);
            let new = if clash {
                let mut n = 1usize;
                let mut fresh = format!("{name}_{m}");
                while all.contains(&fresh) {
                    fresh = format!("{name}_{m}_{n}");
                    n += 1;
                }
                all.insert(fresh.clone());
                log.push(format!(
                    "renamed `{name}` of {} to `{fresh}` (another input uses the name)",
                    input.name
                ));
                map.insert(name.to_string(), fresh.clone());
                fresh
            } else {
                name.to_string()
            };
            internal_taken.insert(new);
        }
        renames.push(map);
    }
    renames
}
