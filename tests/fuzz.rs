//! The fuzz targets (fuzz/targets.rs, shared with the cargo-fuzz crate in fuzz/) on a small
//! budget: each replays its committed corpus (fuzz/corpus/TARGET/) and its fixed regressions
//! (fuzz/regressions/TARGET/, except those fuzz/regressions/KNOWN.md lists as still open), then
//! a fixed number of deterministic mutations of the corpus. A finding (panic, hang, allocation
//! failure, broken invariant) fails the test with the input that caused it.
//!
//! The long campaign is `scripts/fuzz-campaign SECONDS` (cargo-fuzz, coverage-guided).

#[path = "../fuzz/targets.rs"]
mod targets;

use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::mpsc::channel;
use std::time::Duration;
use targets::{Finding, Rng};

/// How long one input may take in-process before it counts as a hang.
const INPUT_DEADLINE: Duration = Duration::from_secs(30);
/// Mutated inputs are at most this long.
const MAX_MUTATED: usize = 16 * 1024;

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// The regressions fuzz/regressions/KNOWN.md lists as open: `TARGET/NAME` in backticks at the
/// start of a list item.
fn known_open() -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(root().join("fuzz/regressions/KNOWN.md")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .map(String::from)
        .collect()
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(e.path()).expect("readable"))
        })
        .filter(|(name, _)| !name.starts_with('.') && !name.ends_with(".md"))
        .collect();
    out.sort();
    out
}

/// Writes an input shortly: printable ASCII as it is, the rest escaped, cut at 400 bytes.
fn show(data: &[u8]) -> String {
    let cut = &data[..data.len().min(400)];
    let mut s: String = cut.escape_ascii().to_string();
    if data.len() > cut.len() {
        s.push_str(&format!("... ({} bytes)", data.len()));
    }
    s
}

/// Runs the target over the corpus, the fixed regressions and `mutations` mutated inputs;
/// fails listing every finding.
fn campaign(target: &'static str, mutations: usize) {
    let corpus_dir = root().join("fuzz/corpus").join(target);
    let corpus = files(&corpus_dir);
    assert!(
        corpus.len() >= 3,
        "fuzz/corpus/{target}/ holds the target's seeds ({} found)",
        corpus.len()
    );
    let open = known_open();
    let mut inputs: Vec<(String, Vec<u8>)> = corpus
        .iter()
        .map(|(n, d)| (format!("corpus/{target}/{n}"), d.clone()))
        .collect();
    for (n, d) in files(&root().join("fuzz/regressions").join(target)) {
        if !open.contains(&format!("{target}/{n}")) {
            inputs.push((format!("regressions/{target}/{n}"), d));
        }
    }
    let seeds: Vec<Vec<u8>> = corpus.iter().map(|(_, d)| d.clone()).collect();
    // `FUZZ_SCALE=N` runs N times the mutations (with another seed for each N).
    let scale: usize = std::env::var("FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let seed = target.bytes().fold(27, |h, b| h * 31 + b as u64);
    let mut rng = Rng::new(seed + scale as u64 - 1);
    for i in 0..mutations * scale {
        let seed = &seeds[rng.below(seeds.len())];
        let data = if target == "ruleset_json" && i % 2 == 0 {
            targets::mutate_json(seed, &mut rng)
                .unwrap_or_else(|| targets::mutate(seed, &seeds, &mut rng, MAX_MUTATED))
        } else {
            let mut d = targets::mutate(seed, &seeds, &mut rng, MAX_MUTATED);
            // Mutations of mutations reach further.
            if i % 3 == 0 {
                d = targets::mutate(&d, &seeds, &mut rng, MAX_MUTATED);
            }
            d
        };
        inputs.push((format!("mutation {i}"), data));
    }
    let count = inputs.len();

    // The inputs run on a thread of their own, so a hang is reported instead of waited for.
    let (tx, rx) = channel();
    let work = inputs.clone();
    std::thread::spawn(move || {
        for (i, (_, data)) in work.iter().enumerate() {
            if tx.send((i, outcome(target, data))).is_err() {
                return;
            }
        }
    });
    let mut findings = Vec::new();
    for expected in 0..count {
        match rx.recv_timeout(INPUT_DEADLINE) {
            Ok((i, Ok(()))) => assert_eq!(i, expected),
            Ok((i, Err(f))) => findings.push((i, f)),
            Err(_) => {
                findings.push((
                    expected,
                    Finding::Hang(format!("no end within {INPUT_DEADLINE:?} in-process")),
                ));
                break;
            }
        }
    }
    if std::env::var_os("FUZZ_SAVE").is_some() {
        for (i, f) in &findings {
            save(target, &inputs[*i].1, f);
        }
    }
    let report: Vec<String> = findings
        .iter()
        .map(|(i, f)| {
            let (name, data) = &inputs[*i];
            format!("{name}: {f}\n    input: {}", show(data))
        })
        .collect();
    assert!(
        findings.is_empty(),
        "fuzz target `{target}`: {} of {count} inputs found something (save a reproducer under \
         fuzz/regressions/{target}/ and list it in fuzz/regressions/KNOWN.md until it is \
         fixed):\n{}",
        findings.len(),
        report.join("\n")
    );
}

/// Runs one input, a panic caught.
fn outcome(target: &str, data: &[u8]) -> Result<(), Finding> {
    catch_unwind(AssertUnwindSafe(|| targets::run(target, data))).unwrap_or_else(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(Finding::Panic(msg))
    })
}

/// A finding's kind and message without its numbers: a smaller input finds the same thing when
/// this is the same.
fn shape(f: &Finding) -> String {
    f.to_string()
        .lines()
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .take(80)
        .collect()
}

/// Shrinks an input while it finds the same thing (JSON keys and array items first, then
/// chunks of bytes), and writes it to target/fuzz-findings/TARGET/ (`FUZZ_SAVE=1`).
fn save(target: &str, data: &[u8], finding: &Finding) {
    let want = shape(finding);
    let same = |d: &[u8]| matches!(outcome(target, d), Err(f) if shape(&f) == want);
    let mut best = data.to_vec();
    let mut budget = if matches!(target, "uci" | "xboard") {
        150
    } else {
        3000
    };
    // JSON: drop object keys and array items.
    if let Ok(mut v) = serde_json::from_slice::<serde_json::Value>(&best) {
        let mut changed = true;
        while changed && budget > 0 {
            changed = false;
            let mut paths = Vec::new();
            json_paths(&v, &mut Vec::new(), &mut paths);
            for path in paths.into_iter().rev() {
                budget -= 1;
                if budget == 0 {
                    break;
                }
                let mut w = v.clone();
                if remove_at(&mut w, &path) {
                    let bytes = serde_json::to_vec(&w).expect("serialises");
                    if same(&bytes) {
                        v = w;
                        best = bytes;
                        changed = true;
                        break;
                    }
                }
            }
        }
    }
    let mut chunk = best.len() / 2;
    while chunk >= 1 && budget > 0 {
        let mut at = 0;
        while at < best.len() && budget > 0 {
            budget -= 1;
            let mut d = best.clone();
            d.drain(at..(at + chunk).min(best.len()));
            if same(&d) {
                best = d;
            } else {
                at += chunk;
            }
        }
        chunk /= 2;
    }
    let dir = root().join("target/fuzz-findings").join(target);
    std::fs::create_dir_all(&dir).expect("a folder for findings");
    let name = format!(
        "{:016x}",
        best.iter().fold(0xcbf29ce484222325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100000001b3)
        })
    );
    std::fs::write(dir.join(&name), &best).expect("finding written");
    eprintln!(
        "finding of `{target}` ({finding}) shrunk to {} bytes: target/fuzz-findings/{target}/{name}",
        best.len()
    );
}

fn json_paths(v: &serde_json::Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                at.push(k.clone());
                out.push(at.clone());
                json_paths(x, at, out);
                at.pop();
            }
        }
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(i.to_string());
                out.push(at.clone());
                json_paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn remove_at(v: &mut serde_json::Value, path: &[String]) -> bool {
    let Some((last, init)) = path.split_last() else {
        return false;
    };
    let mut cur = v;
    for k in init {
        cur = match cur {
            serde_json::Value::Object(o) => o.get_mut(k),
            serde_json::Value::Array(a) => k.parse::<usize>().ok().and_then(|i| a.get_mut(i)),
            _ => None,
        }
        .expect("a path of the value");
    }
    match cur {
        serde_json::Value::Object(o) => o.remove(last).is_some(),
        serde_json::Value::Array(a) => match last.parse::<usize>() {
            Ok(i) if i < a.len() => {
                a.remove(i);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

#[test]
fn definition() {
    campaign("definition", 150);
}

#[test]
fn ruleset_json() {
    campaign("ruleset_json", 120);
}

#[test]
fn ruleset_ron() {
    campaign("ruleset_ron", 60);
}

#[test]
fn fen() {
    campaign("fen", 400);
}

#[test]
fn moves() {
    campaign("moves", 200);
}

#[test]
fn uci() {
    campaign("uci", 12);
}

#[test]
fn xboard() {
    campaign("xboard", 12);
}

#[test]
fn http() {
    campaign("http", 60);
}

/// The mutator is deterministic, so every run sees the same inputs.
#[test]
fn mutations_repeat() {
    let seeds = vec![b"position startpos moves e2e4".to_vec()];
    let a = targets::mutate(&seeds[0], &seeds, &mut Rng::new(5), 64);
    let b = targets::mutate(&seeds[0], &seeds, &mut Rng::new(5), 64);
    assert_eq!(a, b);
    assert_ne!(a, seeds[0]);
}

/// The searches a protocol stream asks for are capped before it is sent.
#[test]
fn protocol_searches_are_capped() {
    let json = br#"{"file":"classic/chess.varia","movetime":100000,"depth":40}"#;
    assert_eq!(
        String::from_utf8(targets::bound_body(json)).unwrap(),
        r#"{"depth":3,"file":"classic/chess.varia","movetime":20}"#
    );
    let uci = targets::uci_input(b"go depth 99 wtime 99999999999999999999999 infinite\nisready");
    let uci: Vec<String> = uci
        .into_iter()
        .map(|l| String::from_utf8(l).unwrap())
        .collect();
    assert_eq!(
        uci,
        ["go nodes 2000 depth 3 wtime 2000 infinite", "isready"]
    );
    let xb = targets::xboard_input(b"new\nsd 40\nst 30\ngo");
    let xb: Vec<String> = xb
        .into_iter()
        .map(|l| String::from_utf8(l).unwrap())
        .collect();
    assert_eq!(
        xb,
        [
            "sd 2", "st 0.05", "new", "sd 2", "st 0.05", "sd 2", "st 0.05", "go"
        ]
    );
}
