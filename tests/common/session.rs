//! A running `varia` speaking a protocol on its standard input and output, for the protocol
//! tests. Every wait has a deadline, so a broken engine fails a test instead of hanging it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A path under the crate's root.
pub fn def(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A running `varia` speaking a protocol on its standard input and output.
pub struct Session {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Receiver<String>,
}

impl Session {
    pub fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("varia starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line of output (at most 20 s away).
    pub fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer in time")
    }

    /// Reads lines until one satisfies `f`; returns it.
    pub fn until(&self, mut f: impl FnMut(&str) -> bool) -> String {
        loop {
            let l = self.line();
            if f(&l) {
                return l;
            }
        }
    }

    /// Sends `quit` and checks that the process ends well.
    pub fn quit(mut self) {
        self.send("quit");
        for _ in 0..200 {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                use std::io::Read;
                self.child
                    .stderr
                    .take()
                    .unwrap()
                    .read_to_string(&mut err)
                    .unwrap();
                assert!(!err.contains("panicked"), "{err}");
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        panic!("varia did not quit");
    }
}
