//! How a target's finding reaches libFuzzer, so that it counts it as what it is: a panic or a
//! broken invariant as a crash, a child's hang as a timeout (this process waits until
//! libFuzzer's `-timeout` fires), a child's failed allocation as an out-of-memory (an
//! allocation above `-malloc_limit_mb`).

use crate::targets::{Finding, Outcome};

pub fn report(outcome: Outcome) {
    match outcome {
        Ok(()) => {}
        Err(f @ (Finding::Panic(_) | Finding::Invariant(_))) => panic!("{f}"),
        Err(f @ Finding::Hang(_)) => {
            eprintln!("{f}");
            loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        }
        Err(f @ Finding::Oom(_)) => {
            eprintln!("{f}");
            let huge = vec![1u8; 1 << 40];
            std::hint::black_box(huge);
        }
    }
}
