//! `varia export --format fsf` and `varia import`: Fairy-Stockfish's variants.ini.

use super::{Failure, load_game, read};
use varia::interop::fsf::{self, Place, Refusal};

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
            None => varia::variant_names(&source)
                .map_err(|e| super::render_load_error(path, &source, e))?
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

/// A refusal as the user reads it: the file and line that says the rule, and the rule.
fn render(path: &str, source: Option<&str>, variant: &str, r: &Refusal) -> String {
    let place = source.and_then(|s| fsf::locate(s, variant, &r.place));
    match place {
        Some((line, text)) => format!(
            "error: {path}:{line}: variant `{variant}` cannot be exported to Fairy-Stockfish: {}\n  {line} | {text}\n",
            r.rule
        ),
        None => {
            let what = match &r.place {
                Place::Statement(w) => format!("`{}`", w[0]),
                Place::Piece(n, _) => format!("piece `{n}`"),
            };
            format!(
                "error: {path}: variant `{variant}` cannot be exported to Fairy-Stockfish: {} ({what})\n",
                r.rule
            )
        }
    }
}

/// Imports the sections of a variants.ini file (or the one named): the definitions are printed
/// (each after a `# ==== [name] ====` line) or written to `DIR/NAME.varia`; refused sections are
/// reported on stderr. Fails only when no section imports.
pub fn import(
    path: &str,
    variant: Option<&str>,
    dir: Option<&str>,
    definitions: Option<&str>,
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
            ["fsf", "classic"].iter().find_map(|sub| {
                std::fs::read_to_string(r.join(sub).join(format!("{name}.varia"))).ok()
            })
        })
    };
    let results =
        fsf::import(&text, variant, &parent).map_err(|e| Failure(format!("error: {path}: {e}")))?;
    let mut out = String::new();
    let mut refused = String::new();
    let mut written = 0;
    for r in &results {
        match &r.result {
            Ok(def) => {
                written += 1;
                match dir {
                    Some(d) => {
                        let target = std::path::Path::new(d).join(format!("{}.varia", r.name));
                        std::fs::create_dir_all(d)
                            .and_then(|_| std::fs::write(&target, def))
                            .map_err(|e| {
                                Failure(format!("error: cannot write {}: {e}", target.display()))
                            })?;
                        out.push_str(&format!("{}\n", target.display()));
                    }
                    None => {
                        out.push_str(&format!("# ==== [{}] ====\n{def}\n", r.name));
                    }
                }
            }
            Err(why) => {
                refused.push_str(&format!(
                    "refused: {path}: section [{}] cannot be imported: {why}\n",
                    r.name
                ));
            }
        }
    }
    if written == 0 {
        return Err(Failure(refused));
    }
    eprint!("{refused}");
    Ok(out)
}
