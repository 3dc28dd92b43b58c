//! The server's HTTP side, on hyper: connections are read and written without holding a thread,
//! so a client that sends slowly, or not at all, holds nothing but its own connection, and that
//! only for a bounded time ([`HEAD_TIMEOUT`], [`BODY_TIMEOUT`], [`MAX_CONNECTION_TIME`]). A
//! client may hold at most `--max-connections` connections, and send at most
//! `--max-requests-per-second` requests (when set) and bodies of `--max-body`. Requests are
//! answered on at most [`WORKERS`] threads (`Served::answer`, which knows nothing of HTTP).

use super::shared::client_key;
use super::{
    ApiError, BODY_TIMEOUT, GRACE, HEAD_TIMEOUT, MAX_CONNECTION_TIME, MAX_CONNECTIONS, MAX_HEAD,
    Served,
};
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Accepts connections until the listener fails.
pub async fn accept(listener: tokio::net::TcpListener, served: Arc<Served>) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD)
        // A client may close its side once it has sent its request and still get the answer.
        .half_close(true);
    let connections = Arc::new(Connections::default());
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(x) => x,
            // Out of file descriptors, say: wait a little for connections to close.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let per_client = served.limits().connections;
        let Some(slot) = Connections::admit(&connections, client_key(peer.ip()), per_client) else {
            // Over the bound: a short answer if the socket takes it, and the connection closed.
            let _ = stream.try_write(BUSY);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let served = Arc::clone(&served);
        let http = http.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let ip = peer.ip();
            let service =
                hyper::service::service_fn(move |req| handle(Arc::clone(&served), ip, req));
            let conn = http.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            if tokio::time::timeout(MAX_CONNECTION_TIME, conn.as_mut())
                .await
                .is_err()
            {
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(GRACE, conn).await;
            }
        });
    }
}

/// The answer to a connection over the bounds.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
Content-Length: 63\r\nConnection: close\r\n\r\n\
{\"error\":\"too many connections from this client\",\"kind\":\"busy\"}";

/// The connections open, per client address and in all.
#[derive(Default)]
struct Connections {
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// A connection's place, given back when it closes.
struct Slot {
    connections: Arc<Connections>,
    ip: IpAddr,
}

impl Connections {
    /// Takes a place for a connection of a client that may hold `per_client`.
    fn admit(this: &Arc<Connections>, ip: IpAddr, per_client: usize) -> Option<Slot> {
        let mut open = this.open.lock().ok()?;
        let (total, by_client) = &mut *open;
        let mine = by_client.entry(ip).or_insert(0);
        if *total >= MAX_CONNECTIONS || *mine >= per_client {
            if *mine == 0 {
                by_client.remove(&ip);
            }
            return None;
        }
        *mine += 1;
        *total += 1;
        Some(Slot {
            connections: Arc::clone(this),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.connections.open.lock() {
            let (total, by_client) = &mut *open;
            *total -= 1;
            if let Some(n) = by_client.get_mut(&self.ip) {
                *n -= 1;
                if *n == 0 {
                    by_client.remove(&self.ip);
                }
            }
        }
    }
}

/// Reads a client's request's body within the bounds, then answers it on a worker thread.
async fn handle(
    served: Arc<Served>,
    client: IpAddr,
    req: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    if let Err((e, wait)) = served.clients.admit_request(client) {
        // The body, if any, is not read: the connection closes after the answer.
        let text = serde_json::Value::Object(e.body).to_string();
        return Ok(Response::builder()
            .status(e.status)
            .header("Content-Type", "application/json")
            .header("Cache-Control", "no-store")
            .header("Retry-After", wait.to_string())
            .header("Connection", "close")
            .body(Full::new(Bytes::from(text)))
            .unwrap_or_else(|_| Response::new(Full::new(Bytes::new()))));
    }
    let max_body = served.limits().body;
    let method = req.method().as_str().to_string();
    let url = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.uri().path().to_string(), |p| p.as_str().to_string());
    let mut keep = true;
    let body = if method == "POST" {
        let declared = req
            .headers()
            .get(hyper::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        let read = if declared.is_some_and(|n| n > max_body) {
            Err(too_large(max_body))
        } else {
            let limited = Limited::new(req.into_body(), max_body as usize);
            match tokio::time::timeout(BODY_TIMEOUT, limited.collect()).await {
                Err(_) => Err(ApiError::new(
                    408,
                    "request",
                    format!(
                        "the request body did not arrive within {} s",
                        BODY_TIMEOUT.as_secs()
                    ),
                )),
                Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => {
                    Err(too_large(max_body))
                }
                Ok(Err(e)) => Err(ApiError::new(
                    400,
                    "request",
                    format!("cannot read the request: {e}"),
                )),
                Ok(Ok(c)) => String::from_utf8(c.to_bytes().to_vec())
                    .map_err(|_| ApiError::new(400, "request", "the body is not UTF-8")),
            }
        };
        // What is left of a body not read makes the connection unusable.
        keep = read.is_ok();
        Some(read)
    } else {
        None
    };
    let answered =
        tokio::task::spawn_blocking(move || served.answer(client, &method, &url, body)).await;
    let (status, text, mime) = answered.unwrap_or_else(|_| {
        (
            500,
            r#"{"error":"the server failed on this request","kind":"internal"}"#.to_string(),
            "application/json",
        )
    });
    let mut response = Response::builder()
        .status(status)
        .header("Content-Type", mime)
        .header("Cache-Control", "no-store");
    if !keep {
        response = response.header("Connection", "close");
    }
    Ok(response
        .body(Full::new(Bytes::from(text)))
        .unwrap_or_else(|_| Response::new(Full::new(Bytes::new()))))
}

fn too_large(max_body: u64) -> ApiError {
    ApiError::new(
        413,
        "request",
        format!("the request body is over {max_body} bytes"),
    )
}
