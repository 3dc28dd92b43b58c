//! The server's error answers.

use serde_json::{Map, Value};

/// An error answer: an HTTP status and a JSON body `{"error": message, "kind": ..., ...}`.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub(super) status: u16,
    pub(super) body: Map<String, Value>,
}

impl ApiError {
    pub(super) fn new(status: u16, kind: &str, message: impl Into<String>) -> ApiError {
        let mut body = Map::new();
        body.insert("error".into(), Value::String(message.into()));
        body.insert("kind".into(), Value::String(kind.into()));
        ApiError { status, body }
    }

    /// Adds a field to the error's body.
    pub(super) fn with(mut self, key: &str, value: Value) -> ApiError {
        self.body.insert(key.into(), value);
        self
    }
}
