#![no_main]

#[path = "../targets.rs"]
mod targets;
#[path = "../libfuzzer.rs"]
mod libfuzzer;

libfuzzer_sys::fuzz_target!(|data: &[u8]| libfuzzer::report(targets::run("http", data)));
