#![no_main]

#[path = "../targets.rs"]
mod targets;
#[path = "../libfuzzer.rs"]
mod libfuzzer;

libfuzzer_sys::fuzz_target!(|data: &[u8]| libfuzzer::report(targets::run("ruleset_json", data)));

// Half the mutations change a leaf of the JSON document (a number, a string, an array's
// length), so the rule set still reads and validation has to catch what is wrong in it.
libfuzzer_sys::fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    if seed % 2 == 0 {
        let mut rng = targets::Rng::new(seed as u64);
        if let Some(out) = targets::mutate_json(&data[..size], &mut rng)
            && out.len() <= max_size
        {
            data[..out.len()].copy_from_slice(&out);
            return out.len();
        }
    }
    libfuzzer_sys::fuzzer_mutate(data, size, max_size)
});
