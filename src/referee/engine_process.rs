//! How an external engine of `varia match --engine` is started and ended: its command split into
//! words as a shell splits them (without running a shell), its working directory, environment
//! and options, its standard error kept in a log file that failures quote, and its whole process
//! group ended at the end (a wrapper script's children with it).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::clock::TimeControl;

/// What an external engine (or varia in a match) is told to search per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLimit {
    /// A search this many plies deep.
    Depth(u32),
    /// A search of this many nodes.
    Nodes(u64),
    /// A search of this long.
    Movetime(Duration),
}

/// An engine as `--engine` gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The text given, which names the engine in messages.
    pub text: String,
    /// The program run.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The folder it runs in, if not the current one.
    pub dir: Option<String>,
    /// Variables set in its environment.
    pub env: Vec<(String, String)>,
    /// Options set after the handshake (UCI `setoption`, XBoard `option`), in order.
    pub options: Vec<(String, String)>,
    /// The engine's own limit a move (Cute Chess's `st=`, `depth=`, `nodes=`), for time odds:
    /// otherwise the match's.
    pub limit: Option<EngineLimit>,
    /// The engine's own clock (Cute Chess's `tc=`), for time odds: otherwise the match's `--tc`.
    pub tc: Option<TimeControl>,
}

/// Tells whether a word is a name a shell takes for an environment variable.
fn env_name(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

impl EngineSpec {
    /// Parses `--engine`'s text, split into words as a POSIX shell splits them (quotes and
    /// backslashes; no expansion, no operators). Either `[NAME=VALUE ...] PROGRAM [ARG ...]`,
    /// the leading assignments setting the environment as in a shell, or Cute Chess's keys, when
    /// a word starts with `cmd=`: `cmd=PROGRAM`, `arg=ARG` (again for each), `dir=DIR`,
    /// `env.NAME=VALUE`, `option.NAME=VALUE`, and the engine's own limit for time odds: `tc=TC`
    /// (a clock, as `--tc` reads it), `st=SECONDS` (a time a move), `depth=N` or `nodes=N`.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let words = shlex::split(text).ok_or("an unclosed quote or a final backslash")?;
        let mut spec = EngineSpec {
            text: text.to_string(),
            program: String::new(),
            args: Vec::new(),
            dir: None,
            env: Vec::new(),
            options: Vec::new(),
            limit: None,
            tc: None,
        };
        if words.iter().any(|w| w.starts_with("cmd=")) {
            for w in &words {
                spec.key(w)?;
            }
        } else {
            let mut rest = words.as_slice();
            while let Some((first, tail)) = rest.split_first() {
                match first.split_once('=') {
                    Some((n, v)) if env_name(n) => spec.env.push((n.into(), v.into())),
                    _ => break,
                }
                rest = tail;
            }
            if let Some((program, args)) = rest.split_first() {
                spec.program = program.clone();
                spec.args = args.to_vec();
            }
        }
        if spec.program.is_empty() {
            return Err("no program to run".into());
        }
        Ok(spec)
    }

    /// Reads one word of Cute Chess's form.
    fn key(&mut self, word: &str) -> Result<(), String> {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "`{word}` is not KEY=VALUE (with `cmd=`, every word is one)"
            ));
        };
        match key {
            "cmd" => self.program = value.into(),
            "arg" => self.args.push(value.into()),
            "dir" => self.dir = Some(value.into()),
            "tc" | "st" | "depth" | "nodes" => self.odds(key, value)?,
            _ => {
                if let Some(name) = key.strip_prefix("option.").filter(|n| !n.is_empty()) {
                    self.options.push((name.into(), value.into()));
                } else if let Some(name) = key.strip_prefix("env.").filter(|n| env_name(n)) {
                    self.env.push((name.into(), value.into()));
                } else {
                    return Err(format!(
                        "unknown key `{key}` (cmd, arg, dir, env.NAME, option.NAME, tc, st, \
                         depth, nodes)"
                    ));
                }
            }
        }
        Ok(())
    }
}

impl EngineSpec {
    /// Reads the engine's own limit or clock: one of them, given once.
    fn odds(&mut self, key: &str, value: &str) -> Result<(), String> {
        if self.limit.is_some() || self.tc.is_some() {
            return Err(format!(
                "`{key}=` after another of tc, st, depth, nodes: an engine has one limit"
            ));
        }
        let whole = |what: &str| -> Result<u64, String> {
            match value.parse::<u64>() {
                Ok(n) if n > 0 && n <= u64::from(u32::MAX) => Ok(n),
                _ => Err(format!(
                    "`{key}={value}`: {what} must be a whole number from 1 to {}",
                    u32::MAX
                )),
            }
        };
        match key {
            "tc" => {
                self.tc = Some(TimeControl::parse(value).map_err(|m| format!("`tc={value}`: {m}"))?)
            }
            "st" => {
                let secs = value
                    .parse::<f64>()
                    .ok()
                    .filter(|s| {
                        s.is_finite() && *s > 0.0 && *s <= 86_400.0 && !value.contains(['e', 'E'])
                    })
                    .ok_or(format!(
                        "`st={value}`: the time a move must be seconds above 0 and at most a day \
                         (`st=0.5`)"
                    ))?;
                let t = Duration::from_secs_f64(secs);
                if t.as_millis() == 0 {
                    return Err(format!(
                        "`st={value}`: the time a move must be 1 ms or more"
                    ));
                }
                self.limit = Some(EngineLimit::Movetime(t));
            }
            "depth" => self.limit = Some(EngineLimit::Depth(whole("the depth")? as u32)),
            _ => self.limit = Some(EngineLimit::Nodes(whole("the node count")?)),
        }
        Ok(())
    }
}

static NEXT_LOG: AtomicU64 = AtomicU64::new(0);

/// A running engine process, the leader of a process group of its own.
pub struct Process {
    child: Child,
    /// Where its standard error goes.
    pub log: PathBuf,
}

impl Process {
    /// Starts the engine with piped standard input and output, its standard error written to a
    /// new log file in the temporary folder.
    pub fn spawn(spec: &EngineSpec) -> Result<(Process, ChildStdin, ChildStdout), String> {
        let log = std::env::temp_dir().join(format!(
            "varia-engine-{}-{}.log",
            std::process::id(),
            NEXT_LOG.fetch_add(1, Ordering::Relaxed)
        ));
        let err = File::create(&log)
            .map_err(|e| format!("cannot create the engine's log {}: {e}", log.display()))?;
        let mut cmd = Command::new(&spec.program);
        cmd.args(&spec.args)
            .envs(spec.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::from(err));
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                let _ = std::fs::remove_file(&log);
                let place = spec
                    .dir
                    .as_ref()
                    .map(|d| format!(" in {d}"))
                    .unwrap_or_default();
                return Err(format!("cannot start `{}`{place}: {e}", spec.program));
            }
        };
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        Ok((Process { child, log }, stdin, stdout))
    }

    /// Gets the exit status if the process has ended.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Waits a moment for the process to end; gets its status if it did.
    pub fn wait_a_moment(&mut self, moment: std::time::Duration) -> Option<ExitStatus> {
        let until = std::time::Instant::now() + moment;
        loop {
            if let Some(s) = self.exited() {
                return Some(s);
            }
            if std::time::Instant::now() >= until {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// The last lines of its standard error (at most `n`, from at most its last 4 KiB), each
    /// with its control characters escaped.
    pub fn stderr_tail(&self, n: usize) -> Vec<String> {
        let Ok(mut f) = File::open(&self.log) else {
            return Vec::new();
        };
        let len = f.metadata().map(|m| m.len()).unwrap_or(0);
        let _ = f.seek(SeekFrom::Start(len.saturating_sub(4096)));
        let mut bytes = Vec::new();
        let _ = f.read_to_end(&mut bytes);
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<String> = text
            .lines()
            .map(|l| escape_controls(l.trim_end()).into_owned())
            .filter(|l| !l.is_empty())
            .collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }

    /// Ends the process and every process of its group (a wrapper's children), and reaps it.
    pub fn kill(&mut self) {
        // The group may be gone already: nothing to do then.
        #[cfg(unix)]
        let _ = rustix::process::kill_process_group(
            rustix::process::Pid::from_child(&self.child),
            rustix::process::Signal::KILL,
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a process ended, in words: `exit status 3`, `killed by signal 11, SIGSEGV`.
pub fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    if let Some(sig) = std::os::unix::process::ExitStatusExt::signal(&status) {
        let name = match sig {
            4 => ", SIGILL",
            6 => ", SIGABRT",
            7 => ", SIGBUS",
            8 => ", SIGFPE",
            9 => ", SIGKILL",
            11 => ", SIGSEGV",
            13 => ", SIGPIPE",
            15 => ", SIGTERM",
            _ => "",
        };
        return format!("killed by signal {sig}{name}");
    }
    match status.code() {
        Some(c) => format!("exit status {c}"),
        None => "ended".into(),
    }
}

/// The text with each control character but the line break escaped as Rust writes it (`\r`,
/// `\u{1b}`).
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| c.is_control() && c != '\n';
    if !text.chars().any(bad) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if bad(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &EngineSpec) -> (Vec<&str>, Vec<(&str, &str)>) {
        let mut w = vec![s.program.as_str()];
        w.extend(s.args.iter().map(String::as_str));
        let env = s
            .env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        (w, env)
    }

    #[test]
    fn an_engine_command_is_split_as_a_shell_splits_it() {
        let s = EngineSpec::parse(r#"FOO=1 BAR="a b" ./eng --x 'y z' w\ v"#).unwrap();
        assert_eq!(
            words(&s),
            (
                vec!["./eng", "--x", "y z", "w v"],
                vec![("FOO", "1"), ("BAR", "a b")]
            )
        );
        // Only leading assignments set the environment.
        let s = EngineSpec::parse("eng A=1").unwrap();
        assert_eq!(words(&s), (vec!["eng", "A=1"], vec![]));
        for bad in ["", "   ", "A=1", "eng 'open", "eng \\"] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn cute_chess_keys_give_program_arguments_folder_environment_and_options() {
        let s = EngineSpec::parse(
            "cmd=fairy-stockfish arg=--x dir=/tmp env.LANG=C \
             option.VariantPath=/a/v.ini 'option.Skill Level=3' arg=y",
        )
        .unwrap();
        assert_eq!(
            words(&s),
            (vec!["fairy-stockfish", "--x", "y"], vec![("LANG", "C")])
        );
        assert_eq!(s.dir.as_deref(), Some("/tmp"));
        assert_eq!(
            s.options,
            vec![
                ("VariantPath".to_string(), "/a/v.ini".to_string()),
                ("Skill Level".to_string(), "3".to_string())
            ]
        );
        for bad in [
            "cmd=eng junk",
            "cmd=eng foo=1",
            "cmd= arg=1",
            "cmd=e env.1A=2",
            "cmd=e option.=1",
            "cmd=e st=0",
            "cmd=e st=-1",
            "cmd=e st=1e3",
            "cmd=e st=inf",
            "cmd=e depth=0",
            "cmd=e nodes=x",
            "cmd=e tc=0+1",
            "cmd=e tc=1+0 st=1",
            "cmd=e depth=2 nodes=5",
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn an_engine_may_have_its_own_limit_or_clock_for_time_odds() {
        let s = EngineSpec::parse("cmd=e st=0.25").unwrap();
        assert_eq!(
            s.limit,
            Some(EngineLimit::Movetime(Duration::from_millis(250)))
        );
        assert_eq!(s.tc, None);
        let s = EngineSpec::parse("cmd=e depth=7").unwrap();
        assert_eq!(s.limit, Some(EngineLimit::Depth(7)));
        let s = EngineSpec::parse("cmd=e nodes=5000").unwrap();
        assert_eq!(s.limit, Some(EngineLimit::Nodes(5000)));
        let s = EngineSpec::parse("cmd=e tc=40/60+0.5").unwrap();
        assert_eq!(s.tc.map(|t| t.text()), Some("40/60+0.5".to_string()));
        assert_eq!(s.limit, None);
        // Without `cmd=`, `st=1` is an argument of the program.
        let s = EngineSpec::parse("eng st=1").unwrap();
        assert_eq!((s.limit, s.args), (None, vec!["st=1".to_string()]));
    }
}
