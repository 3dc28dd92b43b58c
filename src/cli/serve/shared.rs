//! The shared mode of `varia serve`: a playground safe to open to other machines. It reads only
//! the definitions of the folder served (and the page, compiled in), changes nothing on disk,
//! and bounds what each client (an IPv4 address, or an IPv6 /64 network) may ask: requests a
//! second, searches at once, a search's time, a body's size and connections at once. The same
//! limits are options in the local mode, where each is off or loose unless given.

use super::error::ApiError;
use serde_json::Value;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a search may think when the request names no limit (milliseconds; at most
/// `--max-movetime`).
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The shared mode's defaults.
const SHARED_REQUESTS_PER_SECOND: u32 = 20;
const SHARED_SEARCHES: usize = 1;
const SHARED_MOVETIME_MS: u64 = 2000;
const SHARED_BODY: u64 = 64 * 1024;
const SHARED_CONNECTIONS: usize = 8;
/// The local mode's: as before the shared mode existed.
const LOCAL_MOVETIME_MS: u64 = 10_000;
const LOCAL_BODY: u64 = 1 << 20;
const LOCAL_CONNECTIONS: usize = 32;
/// How many clients' request counts are kept: a client whose bucket is full again is forgotten
/// first (it is as a new one); past this, a new client is refused until some are.
const MAX_CLIENTS: usize = 4096;

/// `varia serve`'s options for sharing and its limits per client.
#[derive(clap::Args, Clone, Debug)]
pub struct ShareArgs {
    /// The address to listen on; any but 127.0.0.1 turns the shared mode on
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The shared mode at any address: read-only, nothing outside the folder read, and limits
    /// per client (an IPv4 address, an IPv6 /64) with the defaults below
    #[arg(long)]
    pub shared: bool,
    /// Requests a second per client, in bursts of twice as many (shared: 20; local: no limit);
    /// more are answered 429 with Retry-After
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_requests_per_second: Option<u32>,
    /// Searches (engine move, analysis) one client may run at once (shared: 1; local: any); more
    /// are answered 429. The server runs at most 2 at once in all (more: 503)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_searches: Option<u64>,
    /// The longest a search may think, in milliseconds (shared: 2000; local: 10000)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub max_movetime: Option<u64>,
    /// The largest request body, in bytes (shared: 65536; local: 1048576); larger is 413
    #[arg(long, value_name = "BYTES", value_parser = clap::value_parser!(u64).range(64..=16 << 20))]
    pub max_body: Option<u64>,
    /// Connections one client may hold at once (shared: 8; local: 32); one more is answered 503
    /// and closed
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub max_connections: Option<u64>,
}

/// The limits in force.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Read-only, confined to the folder, the folder's path not shown.
    pub shared: bool,
    /// Requests a second per client (none: no limit); a burst may take twice as many.
    pub requests_per_second: Option<u32>,
    /// Searches at once per client (none: only the server's bound).
    pub searches: Option<usize>,
    pub movetime_ms: u64,
    pub body: u64,
    pub connections: usize,
}

impl Limits {
    /// The limits the options give: each as given, else the mode's default.
    pub fn new(args: &ShareArgs) -> Limits {
        let shared = args.shared || args.host != IpAddr::from([127, 0, 0, 1]);
        let pick = |given: Option<u64>, shared_default: u64, local: u64| {
            given.unwrap_or(if shared { shared_default } else { local })
        };
        Limits {
            shared,
            requests_per_second: args
                .max_requests_per_second
                .or(shared.then_some(SHARED_REQUESTS_PER_SECOND)),
            searches: args
                .max_searches
                .map(|n| n.try_into().unwrap_or(usize::MAX))
                .or(shared.then_some(SHARED_SEARCHES)),
            movetime_ms: pick(args.max_movetime, SHARED_MOVETIME_MS, LOCAL_MOVETIME_MS),
            body: pick(args.max_body, SHARED_BODY, LOCAL_BODY),
            connections: pick(
                args.max_connections,
                SHARED_CONNECTIONS as u64,
                LOCAL_CONNECTIONS as u64,
            ) as usize,
        }
    }

    /// The limits in words, for the banner (empty in the local mode with no limit given).
    pub fn describe(&self) -> String {
        let mode = if self.shared {
            "shared, read-only"
        } else {
            "local"
        };
        let rate = self
            .requests_per_second
            .map_or("any number of requests a second".into(), |r| {
                let s = if r == 1 { "" } else { "s" };
                format!("{r} request{s} a second (bursts of {})", 2 * u64::from(r))
            });
        let searches = self
            .searches
            .map_or("2 searches at once in all".into(), |n| {
                format!("{n} search{} at once", if n == 1 { "" } else { "es" })
            });
        format!(
            "{mode}; per client {rate}, {searches}, {} ms a search, bodies up to {} bytes, {} \
             connections",
            self.movetime_ms, self.body, self.connections
        )
    }
}

/// The key a client is counted by: its IPv4 address, or its IPv6 /64 network (one machine is
/// given a whole /64), an IPv4 address mapped into IPv6 as itself.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut bytes = v6.octets();
                bytes[8..].fill(0);
                IpAddr::from(bytes)
            }
        },
    }
}

/// What is known of a client: its token bucket and the searches it runs.
struct Client {
    tokens: f64,
    at: Instant,
    searches: usize,
}

/// The clients' request buckets and searches.
pub struct Clients {
    limits: Limits,
    known: Mutex<HashMap<IpAddr, Client>>,
}

impl Clients {
    pub fn new(limits: Limits) -> Clients {
        Clients {
            limits,
            known: Mutex::new(HashMap::new()),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Takes a token of the client's bucket for one request; over the limit, the 429 error with
    /// the seconds to wait.
    pub fn admit_request(&self, ip: IpAddr) -> Result<(), (ApiError, u64)> {
        let Some(rate) = self.limits.requests_per_second else {
            return Ok(());
        };
        let rate = f64::from(rate);
        let burst = 2.0 * rate;
        let now = Instant::now();
        let Ok(mut known) = self.known.lock() else {
            return Ok(());
        };
        let key = client_key(ip);
        if !known.contains_key(&key) && known.len() >= MAX_CLIENTS {
            // Forget the clients whose bucket has filled up again: they are as new ones.
            known.retain(|_, c| {
                c.searches > 0 || c.tokens + now.duration_since(c.at).as_secs_f64() * rate < burst
            });
            if known.len() >= MAX_CLIENTS {
                let e = ApiError::new(503, "busy", "too many clients at once: ask again soon");
                return Err((e, 1));
            }
        }
        let c = known.entry(key).or_insert(Client {
            tokens: burst,
            at: now,
            searches: 0,
        });
        c.tokens = (c.tokens + now.duration_since(c.at).as_secs_f64() * rate).min(burst);
        c.at = now;
        if c.tokens >= 1.0 {
            c.tokens -= 1.0;
            return Ok(());
        }
        let wait = ((1.0 - c.tokens) / rate).ceil().max(1.0) as u64;
        let e = ApiError::new(
            429,
            "limit",
            format!(
                "too many requests from this client: at most {} a second (bursts of {}); ask \
                 again in {wait} s",
                rate as u64, burst as u64
            ),
        )
        .with("retry_after", wait.into());
        Err((e, wait))
    }

    /// Counts a search of the client's, if it may run one more; 429 when it runs its most.
    pub fn start_search(&self, ip: IpAddr) -> Result<(), ApiError> {
        let Some(most) = self.limits.searches else {
            return Ok(());
        };
        let mut known = self
            .known
            .lock()
            .map_err(|_| ApiError::new(500, "internal", "the server's client table failed"))?;
        let c = known.entry(client_key(ip)).or_insert(Client {
            tokens: 2.0 * f64::from(self.limits.requests_per_second.unwrap_or(0)),
            at: Instant::now(),
            searches: 0,
        });
        if c.searches >= most {
            return Err(ApiError::new(
                429,
                "limit",
                format!(
                    "this client already runs {most} search{} at once, its most: ask again when \
                     it is done",
                    if most == 1 { "" } else { "es" }
                ),
            ));
        }
        c.searches += 1;
        Ok(())
    }

    /// Counts a search of the client's as done.
    pub fn end_search(&self, ip: IpAddr) {
        if self.limits.searches.is_none() {
            return;
        }
        if let Ok(mut known) = self.known.lock()
            && let Some(c) = known.get_mut(&client_key(ip))
        {
            c.searches = c.searches.saturating_sub(1);
            if c.searches == 0 && self.limits.requests_per_second.is_none() {
                known.remove(&client_key(ip));
            }
        }
    }
}

/// The refusal of a request that would change something (PUT, DELETE, PATCH) on a shared
/// server.
pub fn read_only(method: &str) -> ApiError {
    ApiError::new(
        403,
        "read-only",
        format!("this server is shared read-only: {method} changes nothing here"),
    )
}

/// A JSON value with a folder's path (ending with `/`) taken out of every string in it.
pub fn without_folder(v: Value, folder: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace(folder, "")),
        Value::Array(a) => a.into_iter().map(|x| without_folder(x, folder)).collect(),
        Value::Object(o) => Value::Object(
            o.into_iter()
                .map(|(k, x)| (k, without_folder(x, folder)))
                .collect(),
        ),
        other => other,
    }
}

/// How long a search may think: the time asked (the default without one, the most with only a
/// depth), within 1 ms and the most.
pub fn search_time(movetime: Option<u64>, depth: Option<u32>, most_ms: u64) -> Duration {
    let ms = match (movetime, depth) {
        (Some(ms), _) => ms,
        (None, Some(_)) => most_ms,
        (None, None) => DEFAULT_MOVETIME_MS.min(most_ms),
    };
    Duration::from_millis(ms.clamp(1, most_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(rate: Option<u32>) -> Limits {
        Limits {
            shared: true,
            requests_per_second: rate,
            searches: Some(1),
            movetime_ms: 100,
            body: 100,
            connections: 1,
        }
    }

    #[test]
    fn a_bucket_takes_a_burst_then_one_a_second_per_client() {
        let clients = Clients::new(limits(Some(1)));
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(clients.admit_request(a).is_ok());
        assert!(clients.admit_request(a).is_ok());
        let (e, wait) = clients.admit_request(a).unwrap_err();
        assert_eq!((e.status, wait), (429, 1));
        // Another client has its own bucket.
        assert!(clients.admit_request(IpAddr::from([10, 0, 0, 2])).is_ok());
    }

    #[test]
    fn an_ipv6_client_is_its_network() {
        let one: IpAddr = "2001:db8::1".parse().unwrap();
        let other: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        let elsewhere: IpAddr = "2001:db8:0:1::1".parse().unwrap();
        assert_eq!(client_key(one), client_key(other));
        assert_ne!(client_key(one), client_key(elsewhere));
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(client_key(mapped), IpAddr::from([127, 0, 0, 1]));
    }

    #[test]
    fn searches_are_counted_per_client() {
        let clients = Clients::new(limits(None));
        let a = IpAddr::from([10, 0, 0, 1]);
        assert!(clients.start_search(a).is_ok());
        assert_eq!(clients.start_search(a).unwrap_err().status, 429);
        assert!(clients.start_search(IpAddr::from([10, 0, 0, 2])).is_ok());
        clients.end_search(a);
        assert!(clients.start_search(a).is_ok());
    }

    #[test]
    fn the_client_table_is_bounded() {
        let clients = Clients::new(limits(Some(1000)));
        for i in 0..(MAX_CLIENTS as u32 + 100) {
            let _ = clients.admit_request(IpAddr::from(i.to_be_bytes()));
        }
        assert!(clients.known.lock().unwrap().len() <= MAX_CLIENTS);
    }
}
