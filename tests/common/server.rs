//! A running `varia serve` for the tests of tests/serve.rs, and its requests.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `varia serve`, stopped when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    /// The first line the server printed.
    pub banner: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn serve(target: &str) -> Server {
    serve_with(target, &[])
}

/// A running `varia serve` with more options (`--shared`, the limits).
pub fn serve_with(target: &str, options: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_varia"))
        .args(["serve", target, "--port", "0"])
        .args(options)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("varia serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server {
        child,
        port,
        banner: line,
    }
}

impl Server {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Tells whether the server is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends raw bytes; gets the status and the body.
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        let (status, _, body) = exchange(self.port, request, true);
        (status, body)
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = self
            .raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes());
        (status, serde_json::from_str(&body).unwrap_or(Value::Null))
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let (status, body) = self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        );
        (status, serde_json::from_str(&body).unwrap_or(Value::Null))
    }
}

/// Sends raw bytes on a new connection to 127.0.0.1:`port` (its writing side then shut where
/// `shut`: the server answers once it has the whole request, and EOF ends a kept-alive
/// connection); gets the status (0 without one), the head in lower case and the body.
pub fn exchange(port: u16, request: &[u8], shut: bool) -> (u16, String, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    let limit = Some(std::time::Duration::from_secs(30));
    s.set_read_timeout(limit).unwrap();
    s.set_write_timeout(limit).unwrap();
    let _ = s.write_all(request);
    if shut {
        let _ = s.shutdown(std::net::Shutdown::Write);
    }
    let mut text = Vec::new();
    let _ = s.read_to_end(&mut text);
    let text = String::from_utf8_lossy(&text).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, head.to_ascii_lowercase(), body.to_string())
}
