//! Resolving the modules' symbols: which definition each global name has, whether every
//! `.extern` finds one, and which internal names must be renamed.

use std::collections::{HashMap, HashSet};

use super::scope::UsedNames;
use super::{Definition, Input, Linkage, Symbol, NAME, RUNTIME_FUNCTIONS};
use crate::error::{Error, Result};
use crate::image::ptx::ast::Space;

/// The global definitions, and the `.weak` definitions that lost to another.
pub(super) struct Globals {
    pub definitions: HashMap<String, Definition>,
    /// `(module, item)` of each definition not kept.
    pub losers: HashSet<(usize, usize)>,
}

/// Errors a link lists before it says how many more there are.
const SHOWN: usize = 100;

/// The first [`SHOWN`] of `errors`, then how many more there are.
fn capped(mut errors: Vec<String>) -> Vec<String> {
    if errors.len() > SHOWN {
        let more = errors.len() - SHOWN;
        errors.truncate(SHOWN);
        errors.push(format!("... and {more} more"));
    }
    errors
}

/// The definition of each global name, and the definitions that lose: of `.visible` and
/// `.weak` ones the `.visible` (two are an error), else the first `.weak`; of `.common`
/// ones the largest, which alone may be initialised (PTX ISA 11.6.4). `.common` mixed
/// with other linkage for one name is an error: the ISA says nothing of which wins.
pub(super) fn resolve_globals(inputs: &[Input<'_>], log: &mut Vec<String>) -> Result<Globals> {
    let mut definitions: HashMap<String, Definition> = HashMap::new();
    let mut losers = HashSet::new();
    let mut errors = Vec::new();
    let mut commons = 0usize;
    for (m, input) in inputs.iter().enumerate() {
        for s in input.symbols.iter().filter(|s| s.defined) {
            if !matches!(
                s.linkage,
                Linkage::Visible | Linkage::Weak | Linkage::Common
            ) {
                continue;
            }
            if s.linkage == Linkage::Common && (s.function || s.space != Some(Space::Global)) {
                errors.push(format!(
                    "`{}` in {} is `.common`, which only `.global` variables may be",
                    s.name, input.name
                ));
                continue;
            }
            let new = Definition {
                module: m,
                item: s.item,
                linkage: s.linkage,
                function: s.function,
                space: s.space,
                size: s.size,
            };
            let Some(old) = definitions.get(&s.name).copied() else {
                definitions.insert(s.name.clone(), new);
                continue;
            };
            let old_input = inputs[old.module].name;
            match (old.linkage, s.linkage) {
                (Linkage::Common, Linkage::Common) => {
                    commons += 1;
                    let old_init = inputs[old.module]
                        .symbols_of(old.item)
                        .any(|o| o.name == s.name && o.initialised);
                    let (old_size, new_size) = (old.size.unwrap_or(0), s.size.unwrap_or(0));
                    let (winner, loser_init) = if new_size > old_size {
                        (true, old_init)
                    } else {
                        (false, s.initialised)
                    };
                    if old_init && s.initialised {
                        errors.push(format!(
                            "`.common` `{}` is initialised in {old_input} and in {}: only one \
                             declaration may initialise it",
                            s.name, input.name
                        ));
                    } else if loser_init {
                        errors.push(format!(
                            "`.common` `{}` is initialised in {} with {} bytes, but {} \
                             declares {} bytes: only the largest declaration may initialise it",
                            s.name,
                            if winner { old_input } else { input.name },
                            if winner { old_size } else { new_size },
                            if winner { input.name } else { old_input },
                            if winner { new_size } else { old_size },
                        ));
                    }
                    if winner {
                        losers.insert((old.module, old.item));
                        definitions.insert(s.name.clone(), new);
                    } else {
                        losers.insert((m, s.item));
                    }
                }
                (Linkage::Common, _) | (_, Linkage::Common) => errors.push(format!(
                    "`{}` is `{}` in {old_input} but `{}` in {}: declare it `.common` in \
                     every input, or in none",
                    s.name,
                    old.linkage.word(),
                    s.linkage.word(),
                    input.name
                )),
                (Linkage::Weak, Linkage::Visible) => {
                    losers.insert((old.module, old.item));
                    definitions.insert(s.name.clone(), new);
                }
                (_, Linkage::Weak) => {
                    losers.insert((m, s.item));
                }
                _ => errors.push(format!(
                    "multiple definitions of `{}`: in {old_input} and in {}",
                    s.name, input.name
                )),
            }
        }
    }
    if !errors.is_empty() {
        return Err(Error::Link {
            linker: NAME.to_string(),
            inputs: inputs.iter().map(|i| i.name.to_string()).collect(),
            log: capped(errors).join("\n"),
        });
    }
    if losers.len() > commons {
        log.push(format!(
            "kept one of several .weak definitions for {} symbol(s)",
            losers.len() - commons
        ));
    }
    if commons > 0 {
        log.push(format!(
            "kept the largest of several .common declarations {commons} time(s)"
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
    // Which input defines a name without linkage: built once, only when a name is missing.
    let mut internal: Option<HashMap<&str, &str>> = None;
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
                    "`{}` is declared {} in {} but defined {} in {}",
                    s.name,
                    space_word(s.space),
                    input.name,
                    space_word(d.space),
                    inputs[d.module].name
                )),
                Some(_) => {}
                None => {
                    // Defined, but not global: internal, since globals were looked up.
                    let internal = internal.get_or_insert_with(|| internal_definitions(inputs));
                    errors.push(match internal.get(s.name.as_str()) {
                        Some(other) => format!(
                            "undefined reference to `{}` in {}: {other} defines it without \
                             linkage (not `.visible`), so only {other} sees it",
                            s.name, input.name
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
    if errors.is_empty() {
        Ok(())
    } else {
        Err(capped(errors))
    }
}

/// The first input that defines each name without linkage.
fn internal_definitions<'a>(inputs: &'a [Input<'_>]) -> HashMap<&'a str, &'a str> {
    let mut found = HashMap::new();
    for input in inputs {
        for s in &input.symbols {
            if s.defined && s.linkage == Linkage::Internal {
                found.entry(s.name.as_str()).or_insert(input.name);
            }
        }
    }
    found
}

/// A state space as PTX writes it (`.global`), for messages.
fn space_word(space: Option<Space>) -> String {
    match space {
        Some(s) => format!(".{}", format!("{s:?}").to_lowercase()),
        None => "in no state space".to_string(),
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
    all.extend(inputs.iter().flat_map(|i| i.aliases.iter().cloned()));
    // Names that stay `.extern` in the linked module (the device runtime's functions,
    // dynamic shared memory): an internal symbol of that name would capture them.
    let kept_extern: HashSet<&str> = inputs
        .iter()
        .flat_map(|i| &i.symbols)
        .filter(|s| s.linkage == Linkage::Extern && stays_extern(s))
        .map(|s| s.name.as_str())
        .collect();
    let mut internal_taken: HashSet<String> = HashSet::new();
    let mut renames = Vec::with_capacity(inputs.len());
    for (m, input) in inputs.iter().enumerate() {
        let mut map = HashMap::new();
        let internal: HashSet<&str> = input
            .symbols
            .iter()
            .filter(|s| s.linkage == Linkage::Internal)
            .map(|s| s.name.as_str())
            .collect();
        let mut internal: Vec<&str> = internal.into_iter().collect();
        internal.sort_unstable();
        // Every name the module uses, read only if one of its names must change.
        let mut used: Option<UsedNames<'_>> = None;
        for name in internal {
            let clash = internal_taken.contains(name)
                || globals.definitions.contains_key(name)
                || kept_extern.contains(name);
            let new = if clash {
                let mut n = 1usize;
                let mut fresh = format!("{name}_{m}");
                let used = used.get_or_insert_with(|| UsedNames::of(input.text));
                while all.contains(&fresh) || used.contains(&fresh) {
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
