//! The source's shape (issue "the core as data", item 3): no source file over 800 lines, no
//! function over 150 (`scripts/sizes`), and no module circle, files that import each other in a
//! loop (`scripts/circles`). Each checker is also run on a small tree that breaks its rule, so
//! that a checker that finds nothing cannot pass for a clean source.

use std::path::Path;
use std::process::Command;

fn run(script: &str, args: &[&str]) -> (bool, String) {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(Path::new(root).join("scripts").join(script))
        .args(args)
        .output()
        .expect("python3 runs");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

fn tree(name: &str, files: &[(&str, String)]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("varia-structure-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

#[test]
fn no_source_file_or_function_is_over_the_size_limits() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let (ok, text) = run("sizes", &[src]);
    assert!(ok, "scripts/sizes found:\n{text}");
}

#[test]
fn the_size_check_finds_a_long_function() {
    let body: String = (0..160)
        .map(|i| format!("    let _x{i} = {i};\n"))
        .collect();
    let dir = tree("sizes", &[("lib.rs", format!("fn long() {{\n{body}}}\n"))]);
    let (ok, text) = run("sizes", &[dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok && text.contains("long"), "{text}");
}

#[test]
fn no_module_circle_is_left() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let (ok, text) = run("circles", &[src]);
    assert!(ok, "scripts/circles found module circles:\n{text}");
}

#[test]
fn the_circle_check_finds_a_parent_and_child_loop_and_a_sibling_loop() {
    let dir = tree(
        "circles",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\npub struct Top;\n".into()),
            ("a.rs", "use crate::b::B;\npub struct A;\n".into()),
            (
                "b.rs",
                "pub struct B;\npub fn f() -> crate::a::A { crate::a::A }\n".into(),
            ),
            ("c/mod.rs", "mod d;\npub use d::D;\npub struct E;\n".into()),
            ("c/d.rs", "use super::E;\npub struct D;\n".into()),
        ],
    );
    let (ok, text) = run("circles", &[dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(!ok, "{text}");
    assert!(text.contains("crate::a <-> crate::b"), "{text}");
    assert!(text.contains("crate::c <-> crate::c::d"), "{text}");
}
