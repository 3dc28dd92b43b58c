//! The shipped JSON Schema of the rule set (`schema/ruleset.schema.json`): it must be what the
//! Rust types generate today, and every shipped definition's JSON export must validate against
//! it. `VARIA_UPDATE_SCHEMA=1 cargo test --test schema` rewrites the file.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn definitions(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("definitions folder") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            definitions(&p, out);
        } else if p.extension().is_some_and(|x| x == "varia") {
            out.push(p);
        }
    }
}

#[test]
fn shipped_schema_is_current() {
    let path = root().join("schema/ruleset.schema.json");
    let generated = varia::interop::ruleset_schema();
    if std::env::var_os("VARIA_UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("write the schema");
    }
    let shipped = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        shipped == generated,
        "schema/ruleset.schema.json is stale: run `VARIA_UPDATE_SCHEMA=1 cargo test --release --test schema` and commit it"
    );
}

#[test]
fn every_shipped_export_validates() {
    let shipped = std::fs::read_to_string(root().join("schema/ruleset.schema.json"))
        .expect("schema/ruleset.schema.json");
    let schema: serde_json::Value = serde_json::from_str(&shipped).expect("the schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("a valid JSON Schema");
    let mut files = Vec::new();
    definitions(&root().join("definitions"), &mut files);
    definitions(&root().join("examples"), &mut files);
    files.sort();
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        let source = std::fs::read_to_string(file).expect("definition");
        let Ok(names) = varia::variant_names(&source) else {
            continue; // examples may be deliberately broken
        };
        for name in names {
            let Ok(rules) = varia::compile(&source, Some(&name)) else {
                continue;
            };
            let json = serde_json::to_value(&rules).expect("a rule set serialises");
            checked += 1;
            for e in validator.iter_errors(&json) {
                problems.push(format!(
                    "{} [{name}] at {}: {e}",
                    file.display(),
                    e.instance_path()
                ));
            }
            // A value the schema refuses must fail: the schema is not vacuous.
            let mut broken = json.clone();
            broken["board"]["files"] = serde_json::json!("eight");
            if validator.is_valid(&broken) {
                problems.push(format!(
                    "{} [{name}]: a string board width validated",
                    file.display()
                ));
            }
        }
    }
    assert!(checked >= 50, "only {checked} variants checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
