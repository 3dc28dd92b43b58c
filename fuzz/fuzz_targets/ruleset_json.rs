#![no_main]

#[path = "../libfuzzer.rs"]
mod libfuzzer;
#[path = "../targets.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| libfuzzer::report(targets::run("ruleset_json", data)));

/// The exported rule sets of the seed corpus, kept at hand: inputs that byte mutations broke
/// (most of the corpus, as they reach new error paths of the JSON reader) do not starve the
/// structural mutations.
const SEEDS: [&[u8]; 10] = [
    include_bytes!("../corpus/ruleset_json/4-faces.json"),
    include_bytes!("../corpus/ruleset_json/classic-chess.json"),
    include_bytes!("../corpus/ruleset_json/classic-crazyhouse.json"),
    include_bytes!("../corpus/ruleset_json/classic-minishogi.json"),
    include_bytes!("../corpus/ruleset_json/fsf-3check.json"),
    include_bytes!("../corpus/ruleset_json/fsf-atomic.json"),
    include_bytes!("../corpus/ruleset_json/fsf-clobber.json"),
    include_bytes!("../corpus/ruleset_json/fsf-flipello.json"),
    include_bytes!("../corpus/ruleset_json/fsf-joust.json"),
    include_bytes!("../corpus/ruleset_json/fsf-placement.json"),
];

// A quarter of the mutations change a leaf of a seed rule set, a quarter a leaf of the input
// (when it reads as JSON): a number, a string, an array's length. The rule set still reads, and
// validation has to catch what is wrong in it. The rest are libFuzzer's own.
libfuzzer_sys::fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    let mut rng = targets::Rng::new(seed as u64);
    let base: Option<&[u8]> = match seed % 4 {
        0 => Some(SEEDS[rng.below(SEEDS.len())]),
        1 => Some(&data[..size]),
        _ => None,
    };
    if let Some(base) = base
        && let Some(out) = targets::mutate_json(&base.to_vec(), &mut rng)
        && out.len() <= max_size
    {
        data[..out.len()].copy_from_slice(&out);
        return out.len();
    }
    libfuzzer_sys::fuzzer_mutate(data, size, max_size)
});
