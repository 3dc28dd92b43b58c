//! The selectable variants of a file: the main game, every combination of option values, and the
//! `variant` blocks; built once per file, so that finding one variant's chain of statements costs
//! time in proportion to the chain, not to the file.

use super::diagnostic::Diagnostic;
use crate::suggest::did_you_mean;
use crate::syntax::{File, OptionBlock, Span, Statement};
use std::collections::HashMap;

/// The most variants one file may define (option combinations and `variant` blocks together).
pub const MAX_VARIANTS: usize = 1024;

/// One block of statements (the main game's, an option's, a variant's) and where each is.
pub type Block<'f> = (&'f [Statement], &'f [Span]);

/// What a selectable name stands for.
#[derive(Clone, Debug)]
enum Entry {
    /// A combination of option values: the blocks chosen, in group order.
    Combination(Vec<usize>),
    /// The `variant` block at this index.
    Variant(usize),
}

/// Every selectable variant of a file, by name.
pub struct Catalog<'f> {
    file: &'f File,
    names: Vec<String>,
    index: HashMap<String, Entry>,
    /// The main variant's name.
    main: String,
    /// Problems with the file's structure (names, parents, counts).
    pub problems: Vec<Diagnostic>,
}

/// The main variant's name without options: `main variant NAME`, else the game's identifier.
fn game_id(file: &File) -> String {
    let named = file.statements.iter().find_map(|s| match s {
        Statement::MainVariant(n) => Some(n.node.clone()),
        _ => None,
    });
    named
        .or_else(|| {
            file.statements.iter().find_map(|s| match s {
                Statement::Game { id, .. } => Some(id.node.clone()),
                _ => None,
            })
        })
        .unwrap_or_else(|| "main".to_string())
}

impl<'f> Catalog<'f> {
    /// Lists the variants of a file and checks its structure.
    pub fn new(file: &'f File) -> Catalog<'f> {
        let mut cat = Catalog {
            file,
            names: Vec::new(),
            index: HashMap::new(),
            main: String::new(),
            problems: Vec::new(),
        };
        let mut problem = |span: Span, message: String| {
            cat.problems.push(Diagnostic::error(span, message));
        };
        if !file
            .statements
            .iter()
            .any(|s| matches!(s, Statement::Game { .. }))
        {
            problem(
                Span { start: 0, end: 0 },
                "the file has no `game NAME` statement".into(),
            );
        }
        // Option groups in order of first appearance, each with its values' block indices.
        let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
        let mut seen_values: HashMap<(&str, &str), ()> = HashMap::new();
        for (i, o) in file.options.iter().enumerate() {
            let key = (o.group.node.as_str(), o.value.node.as_str());
            if seen_values.insert(key, ()).is_some() {
                problem(
                    o.value.span,
                    format!("option `{} {}` is defined twice", key.0, key.1),
                );
                continue;
            }
            match groups.iter_mut().find(|g| g.0 == key.0) {
                Some(g) => g.1.push(i),
                None => groups.push((key.0, vec![i])),
            }
        }
        // How many combinations there are, without listing them.
        let combos = groups.iter().fold(1usize, |n, (_, values)| {
            n.saturating_mul(values.len() + usize::from(values.len() == 1))
        });
        let total = combos.saturating_add(file.variants.len());
        if total > MAX_VARIANTS {
            let span = file
                .options
                .first()
                .map(|o| o.group.span)
                .or_else(|| file.variants.get(MAX_VARIANTS).map(|v| v.name.span))
                .unwrap_or(Span { start: 0, end: 0 });
            let count = if combos == usize::MAX {
                "more than 18446744073709551615".to_string()
            } else {
                total.to_string()
            };
            problem(
                span,
                format!("the file defines {count} variants; at most {MAX_VARIANTS} are allowed"),
            );
            cat.main = game_id(file);
            return cat;
        }
        // Every combination, the earlier groups varying slowest; a single-value group may be
        // left out (the combination without it first).
        let mut out: Vec<Vec<usize>> = vec![Vec::new()];
        for (_, values) in &groups {
            let mut next = Vec::with_capacity(out.len() * (values.len() + 1));
            for chosen in &out {
                if values.len() == 1 {
                    next.push(chosen.clone());
                }
                for &v in values {
                    let mut c = chosen.clone();
                    c.push(v);
                    next.push(c);
                }
            }
            out = next;
        }
        let id = game_id(file);
        for chosen in out {
            let name = if chosen.is_empty() {
                id.clone()
            } else {
                chosen
                    .iter()
                    .map(|&b| file.options[b].value.node.as_str())
                    .collect::<Vec<_>>()
                    .join("-")
            };
            if cat.index.contains_key(&name) {
                let at = chosen
                    .last()
                    .map(|&b| file.options[b].value.span)
                    .unwrap_or(Span { start: 0, end: 0 });
                problem(
                    at,
                    format!("two combinations of options are both named `{name}`; rename a value"),
                );
                continue;
            }
            cat.names.push(name.clone());
            cat.index.insert(name, Entry::Combination(chosen));
        }
        cat.main = if file.options.is_empty() {
            id
        } else {
            cat.names.first().cloned().unwrap_or(id)
        };
        if file.options.is_empty() {
            cat.names = vec![cat.main.clone()];
            cat.index.clear();
            cat.index
                .insert(cat.main.clone(), Entry::Combination(Vec::new()));
        }
        for (i, v) in file.variants.iter().enumerate() {
            if let Some(p) = &v.extends
                && !cat.index.contains_key(&p.node)
            {
                problem(
                    p.span,
                    format!(
                        "unknown parent variant `{}` (a variant may extend only one defined above it){}",
                        p.node,
                        did_you_mean(&p.node, cat.index.keys().map(String::as_str))
                    ),
                );
            }
            if cat.index.contains_key(&v.name.node) {
                problem(
                    v.name.span,
                    format!("variant `{}` is defined twice", v.name.node),
                );
                continue;
            }
            cat.names.push(v.name.node.clone());
            cat.index.insert(v.name.node.clone(), Entry::Variant(i));
        }
        cat
    }

    /// Gets the selectable names: the main game first (with options, every combination of them,
    /// the first values first), then each `variant` block.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Gets the main variant's name.
    pub fn main(&self) -> &str {
        &self.main
    }

    /// Gets the statement lists that make up a variant, from the main game's down to the
    /// variant's own, each with the statements' spans; `None` if the name is not a variant of
    /// the file.
    pub fn chain(&self, name: &str) -> Option<Vec<Block<'f>>> {
        let file = self.file;
        let mut chain: Vec<Block<'f>> = Vec::new();
        let mut entry = self.index.get(name)?.clone();
        // A variant's chain is its own statements, its parents', then the combination it rests
        // on; parents come earlier in the file, so the walk ends.
        let mut steps = 0;
        loop {
            steps += 1;
            match entry {
                Entry::Variant(i) => {
                    let v = &file.variants[i];
                    chain.push((&v.statements, &v.spans));
                    let parent = v.extends.as_ref().map_or(self.main.as_str(), |p| &p.node);
                    match self.index.get(parent) {
                        Some(Entry::Variant(j)) if *j < i && steps <= file.variants.len() => {
                            entry = Entry::Variant(*j)
                        }
                        Some(Entry::Combination(c)) => entry = Entry::Combination(c.clone()),
                        _ => return Some(self.finish(chain, &[])),
                    }
                }
                Entry::Combination(blocks) => return Some(self.finish(chain, &blocks)),
            }
        }
    }

    /// Gets how many blocks of a chain come from an extended file (`extends "FILE"`): they
    /// come first, and the file's own main game after them.
    pub fn base_len(&self) -> usize {
        self.file.base.len()
    }

    fn finish(&self, mut chain: Vec<Block<'f>>, blocks: &[usize]) -> Vec<Block<'f>> {
        for &b in blocks.iter().rev() {
            let o: &'f OptionBlock = &self.file.options[b];
            chain.push((&o.statements, &o.spans));
        }
        chain.push((&self.file.statements, &self.file.spans));
        for (statements, spans) in self.file.base.iter().rev() {
            chain.push((statements, spans));
        }
        chain.reverse();
        chain
    }
}
