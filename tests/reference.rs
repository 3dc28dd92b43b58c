//! The README's tables of statements and piece properties are generated from the language's
//! table of phrases (src/syntax/words.rs): the README must hold them as generated.
//! `VARIA_UPDATE_README=1 cargo test --release --test reference` rewrites them in README.md.

use std::path::PathBuf;

/// The README with each generated block (from its marker to the end marker) replaced by the
/// block of the same marker in `generated`.
fn splice(readme: &str, generated: &str) -> String {
    const END: &str = "<!-- end words -->";
    let mut out = readme.to_string();
    for block in generated.split_inclusive(&format!("{END}\n")) {
        let block = block.trim_start_matches('\n');
        let marker = block.lines().next().expect("a marker line");
        let Some(start) = out.find(&format!("{marker}\n")) else {
            panic!("README.md has no line `{marker}`");
        };
        let end = out[start..].find(END).expect("an end marker") + start + END.len() + 1;
        out.replace_range(start..end, block);
    }
    out
}

#[test]
fn readme_reference_is_generated() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md");
    let generated = varia::language_reference();
    let want = splice(&readme, &generated);
    if std::env::var_os("VARIA_UPDATE_README").is_some() {
        std::fs::write(&path, &want).expect("write README.md");
        return;
    }
    assert!(
        readme == want,
        "README.md's language reference differs from src/syntax/words.rs: run \
         `VARIA_UPDATE_README=1 cargo test --release --test reference` and commit README.md"
    );
}

/// Every phrase's form that lists a keyword choice lists exactly the choice's words, and each
/// table has a row per phrase.
#[test]
fn reference_tables_have_every_phrase() {
    let generated = varia::language_reference();
    assert_eq!(generated.matches("<!-- words: ").count(), 3);
    let rows = generated.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows, varia::words::PHRASES.len());
    assert!(rows > 80, "{rows} rows");
    assert!(generated.contains(
        "| `checkmate win\\|loss\\|draw\\|elimination` | the result for the player who is mated (default loss) |"
    ));
}
