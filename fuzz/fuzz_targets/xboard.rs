#![no_main]

#[path = "../libfuzzer.rs"]
mod libfuzzer;
#[path = "../targets.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| libfuzzer::report(targets::run("xboard", data)));
