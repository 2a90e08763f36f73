//! A game's command-line tool run as a program, and the contract every
//! such tool keeps (`engine_kit::cli`): on any command line it ends with
//! exit status 0 and nothing on standard error, or with status 2 and
//! exactly one line on standard error, `PROGRAM: message`; never a panic
//! (status 101), a signal or a hang. When the reader of its standard
//! output goes away, it ends with status 141 and says nothing.

use crate::text::escape;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long one command line may run in [`Tool::contract`].
const DEADLINE: Duration = Duration::from_secs(60);

/// The exit status of a tool whose standard output was closed.
pub const CLOSED_OUTPUT_STATUS: i32 = engine_kit::cli::CLOSED_OUTPUT_STATUS as i32;

/// Standard output of a finished run, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error of a finished run, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A tool: its binary (`env!("CARGO_BIN_EXE_…")`) and the name its error
/// lines start with.
#[derive(Clone, Debug)]
pub struct Tool {
    bin: PathBuf,
    program: String,
}

/// How many command lines of a [`Tool::contracts`] run succeeded, how
/// many were refused, and what went wrong with the others.
#[derive(Clone, Debug, Default)]
pub struct Contracts {
    pub succeeded: usize,
    pub refused: usize,
    pub failures: Vec<String>,
}

impl Tool {
    /// The tool at `bin`, whose errors start `program: `.
    pub fn new(bin: impl Into<PathBuf>, program: &str) -> Tool {
        Tool {
            bin: bin.into(),
            program: program.to_string(),
        }
    }

    /// A command for the tool, with rayon's thread count left to the
    /// machine (`RAYON_NUM_THREADS` removed).
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.bin);
        c.env_remove("RAYON_NUM_THREADS");
        c
    }

    /// Runs the tool with `args` and no input.
    pub fn run(&self, args: &[&str]) -> Output {
        self.command()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the tool starts")
    }

    /// Runs the tool with `input` on standard input, written from another
    /// thread so that a tool that stops reading early cannot block.
    pub fn run_with_stdin(&self, args: &[&str], input: Vec<u8>) -> Output {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tool starts");
        let mut stdin = child.stdin.take().expect("a piped standard input");
        let writer = std::thread::spawn(move || {
            // The tool may stop reading before the end: that is its right.
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().expect("the tool ends");
        writer.join().expect("the writer ends");
        out
    }

    /// Runs the tool and checks that it refused `args`: exit status 2,
    /// nothing on standard output, exactly one line on standard error,
    /// starting `PROGRAM: `. Returns that line.
    pub fn one_error_line(&self, args: &[&str]) -> String {
        let o = self.run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with(&format!("{}: ", self.program)), "{err}");
        err
    }

    /// Runs the tool with `args` and `stdin` (standard output discarded)
    /// and checks its contract: `Ok` with its exit status, 0 or 2, or
    /// `Err` saying what broke it (another status, output on standard
    /// error after success, not exactly one `PROGRAM:` line after an
    /// error, or no end within a minute).
    pub fn contract(&self, args: &[String], stdin: Vec<u8>) -> Result<i32, String> {
        let mut child = self
            .command()
            .args(args)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tool starts");
        let mut pipe = child.stdin.take().expect("a piped standard input");
        let writer = std::thread::spawn(move || {
            // The tool may stop reading before the end: that is its right.
            let _ = pipe.write_all(&stdin);
        });
        let deadline = Instant::now() + DEADLINE;
        let status = loop {
            if let Some(status) = child.try_wait().expect("the tool's status") {
                break Some(status);
            }
            if Instant::now() > deadline {
                // Stopping it is the point; its status no longer matters.
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(1));
        };
        writer.join().expect("the writer ends");
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            // A standard error that is not UTF-8 shows as empty, and fails.
            let _ = e.read_to_string(&mut err);
        }
        let shown: Vec<String> = args.iter().map(|a| format!("\"{}\"", escape(a))).collect();
        let shown = shown.join(" ");
        let prefix = format!("{}: ", self.program);
        match status.map(|s| s.code()) {
            None => Err(format!("{shown}: no end within a minute")),
            Some(Some(0)) if err.is_empty() => Ok(0),
            Some(Some(2)) if err.starts_with(&prefix) && err.lines().count() == 1 => Ok(2),
            Some(code) => Err(format!(
                "{shown}: exit {code:?}, stderr {:?}",
                err.chars().take(300).collect::<String>()
            )),
        }
    }

    /// Checks [`Tool::contract`] on every job (a command line and its
    /// standard input), spread over every core.
    pub fn contracts(&self, jobs: &[(Vec<String>, Vec<u8>)]) -> Contracts {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let outcomes: Vec<Result<i32, String>> = std::thread::scope(|s| {
            let handles: Vec<_> = jobs
                .chunks(jobs.len().div_ceil(threads).max(1))
                .map(|chunk| {
                    s.spawn(move || {
                        chunk
                            .iter()
                            .map(|(args, stdin)| self.contract(args, stdin.clone()))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a checking thread ends"))
                .collect()
        });
        let mut out = Contracts::default();
        for outcome in outcomes {
            match outcome {
                Ok(0) => out.succeeded += 1,
                Ok(_) => out.refused += 1,
                Err(e) => out.failures.push(e),
            }
        }
        out
    }

    /// `TOOL ARGS | head -1`: runs the tool with its standard output a
    /// pipe that is closed once its first line is read, and checks that
    /// it then ends with [`CLOSED_OUTPUT_STATUS`] and nothing on standard
    /// error. A tool that writes everything before the pipe is closed
    /// (status 0) proves nothing, so it runs again, 20 times at most.
    /// Returns the first line.
    pub fn quiet_after_closed_pipe(&self, args: &[&str]) -> String {
        for _ in 0..20 {
            let mut child = self
                .command()
                .args(args)
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("the tool starts");
            let mut first = String::new();
            BufReader::new(child.stdout.take().expect("a piped standard output"))
                .read_line(&mut first)
                .expect("a first line");
            let o = child.wait_with_output().expect("the tool ends");
            if o.status.code() == Some(0) {
                continue;
            }
            assert_eq!(stderr(&o), "", "{args:?}: {:?}", o.status);
            assert_eq!(o.status.code(), Some(CLOSED_OUTPUT_STATUS), "{args:?}");
            return first;
        }
        panic!("{args:?} never wrote after its reader had gone");
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<String> {
        vec!["-c".to_string(), script.to_string()]
    }

    #[test]
    fn the_contract_is_0_or_2_with_one_error_line() {
        let tool = Tool::new("/bin/sh", "sh");
        assert_eq!(tool.contract(&sh("exit 0"), Vec::new()), Ok(0));
        assert_eq!(
            tool.contract(&sh("echo 'sh: no' >&2; exit 2"), Vec::new()),
            Ok(2)
        );
        for broken in [
            "echo 'sh: no' >&2; exit 0",
            "exit 101",
            "echo 'sh: one' >&2; echo 'sh: two' >&2; exit 2",
            "echo 'other: no' >&2; exit 2",
            "kill -9 $$",
        ] {
            assert!(tool.contract(&sh(broken), Vec::new()).is_err(), "{broken}");
        }
        let jobs = vec![
            (sh("exit 0"), Vec::new()),
            (sh("echo 'sh: x' >&2; exit 2"), Vec::new()),
            (sh("cat >/dev/null; exit 7"), b"input".to_vec()),
        ];
        let c = tool.contracts(&jobs);
        assert_eq!((c.succeeded, c.refused, c.failures.len()), (1, 1, 1));
        assert!(c.failures[0].contains("exit Some(7)"), "{:?}", c.failures);
    }

    #[test]
    fn runs_with_input_and_error_lines() {
        let tool = Tool::new("/bin/sh", "sh");
        let o = tool.run_with_stdin(&["-c", "tr a b"], b"aaa".to_vec());
        assert_eq!(stdout(&o), "bbb");
        let line = tool.one_error_line(&["-c", "echo 'sh: bad value' >&2; exit 2"]);
        assert_eq!(line, "sh: bad value\n");
    }
}
