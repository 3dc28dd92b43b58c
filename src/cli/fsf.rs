//! `varia export --format fsf` and `varia import`: Fairy-Stockfish's variants.ini.

use super::load::{Failure, load_game, read, read_capped};
use varia::interop::fsf::{self, Refusal};

/// Writes a variants.ini section for each variant of a file (or the one asked for). Sections that
/// export are returned only if every variant exports; otherwise every refusal is reported.
pub fn export(path: &str, variant: Option<&str>) -> Result<String, Failure> {
    let is_rules = path.ends_with(".json") || path.ends_with(".ron");
    let (source, names) = if is_rules {
        (None, vec![variant.map(str::to_string)])
    } else {
        let source = read(path)?;
        let names = match variant {
            Some(v) => vec![Some(v.to_string())],
            None => varia::variant_names_at(&source, std::path::Path::new(path))
                .map_err(|e| super::load::render_load_error(path, &source, e))?
                .into_iter()
                .map(Some)
                .collect(),
        };
        (Some(source), names)
    };
    let mut sections = Vec::new();
    let mut refusals = Vec::new();
    for name in names {
        let game = load_game(path, name.as_deref())?;
        let rules = game.rules();
        match fsf::export(rules) {
            Ok(s) => sections.push(s),
            Err(r) => refusals.push(render(path, source.as_deref(), &rules.variant, &r)),
        }
    }
    if !refusals.is_empty() {
        return Err(Failure(refusals.join("")));
    }
    Ok(sections.join("\n").trim_end().to_string())
}

/// A refusal as the user reads it: the file and line that says the rule (found through the
/// definition's source map), and the rule; for a rule set without a source, its path there.
fn render(path: &str, source: Option<&str>, variant: &str, r: &Refusal) -> String {
    let place = source.and_then(|s| {
        let span = varia::source_map_at(s, std::path::Path::new(path), Some(variant))
            .ok()?
            .get(&r.at)?;
        let start = s.get(..span.start)?;
        let line = start.matches('\n').count() + 1;
        let from = start.rfind('\n').map_or(0, |i| i + 1);
        let to = s[from..].find('\n').map_or(s.len(), |i| from + i);
        // The line is the user's: a control character in it is shown escaped, not sent raw.
        let text = super::session::escape_controls(s[from..to].trim()).into_owned();
        Some((line, text))
    });
    match place {
        Some((line, text)) => format!(
            "error: {path}:{line}: variant `{variant}` cannot be exported to Fairy-Stockfish: {}\n  {line} | {text}\n",
            r.rule
        ),
        None => format!(
            "error: {path}: variant `{variant}` cannot be exported to Fairy-Stockfish: {} (at `{}`)\n",
            r.rule, r.at
        ),
    }
}

/// Imports the sections of a variants.ini file (or the one named): the definitions are printed
/// (each after a `# ==== [name] ====` line) or written to `DIR/NAME.varia`; refused sections are
/// reported on stderr. Fails only when no section imports, or when a file cannot be written.
pub fn import(
    path: &str,
    variant: Option<&str>,
    dir: Option<&str>,
    definitions: Option<&str>,
    force: bool,
) -> Result<String, Failure> {
    let text = read(path)?;
    let roots: Vec<std::path::PathBuf> = match definitions {
        Some(d) => vec![d.into()],
        None => vec![
            "definitions".into(),
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions"),
        ],
    };
    let parent = |name: &str| -> Option<String> {
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return None;
        }
        roots.iter().find_map(|r| {
            ["fsf", "classic"]
                .iter()
                .find_map(|sub| read_capped(&r.join(sub).join(format!("{name}.varia"))).ok())
        })
    };
    let results =
        fsf::import(&text, variant, &parent).map_err(|e| Failure(format!("error: {path}: {e}")))?;
    let mut refused = String::new();
    let mut imported = Vec::new();
    for r in &results {
        match &r.result {
            Ok(def) => imported.push((r.name.as_str(), def.as_str())),
            Err(why) => refused.push_str(&format!(
                "refused: {path}: section [{}] cannot be imported: {why}\n",
                r.name
            )),
        }
    }
    if imported.is_empty() {
        return Err(Failure(refused));
    }
    let out = match dir {
        Some(d) => write_files(d, &imported, force).map_err(|e| Failure(refused.clone() + &e))?,
        None => imported
            .iter()
            .map(|(name, def)| format!("# ==== [{name}] ====\n{def}\n"))
            .collect(),
    };
    eprint!("{refused}");
    Ok(out)
}

/// Writes each definition to `DIR/NAME.varia` and lists the paths written. Every target is
/// checked before anything is written, so an import writes all its files or none: a file that
/// exists is not replaced unless `force` says so, and a symbolic link is never written through
/// (nor replaced), wherever it points.
fn write_files(dir: &str, imported: &[(&str, &str)], force: bool) -> Result<String, String> {
    use std::io::Write as _;
    let dir = std::path::Path::new(dir);
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("error: cannot create {}: {e}\n", dir.display()))?;
    let mut plan = Vec::new();
    let mut problems = String::new();
    for (name, def) in imported {
        let target = dir.join(format!("{name}.varia"));
        let shown = target.display();
        match std::fs::symlink_metadata(&target) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => plan.push((target, def, false)),
            Err(e) => problems += &format!("error: cannot write {shown}: {e}\n"),
            Ok(m) if m.file_type().is_symlink() => {
                problems += &format!("error: {shown} is a symbolic link: not written through\n")
            }
            Ok(m) if !m.is_file() => {
                problems += &format!("error: {shown} exists and is not a file: not replaced\n")
            }
            Ok(_) if !force => {
                problems +=
                    &format!("error: {shown} exists: not overwritten (--force replaces it)\n")
            }
            Ok(_) => plan.push((target, def, true)),
        }
    }
    if !problems.is_empty() {
        return Err(problems + "error: no file written\n");
    }
    let mut out = String::new();
    for (target, def, replace) in plan {
        let fail = |e: std::io::Error| format!("error: cannot write {}: {e}\n", target.display());
        if replace {
            std::fs::remove_file(&target).map_err(fail)?;
        }
        // `create_new` makes a new file and never follows a link that appeared meanwhile.
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .and_then(|mut f| f.write_all(def.as_bytes()))
            .map_err(fail)?;
        out.push_str(&format!("{}\n", target.display()));
    }
    Ok(out)
}
