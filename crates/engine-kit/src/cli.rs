//! The command line of a game's tool: parsing its arguments with one set
//! of limits and messages, and writing its output through a check.
//!
//! - Arguments: `--name value` or `--name=value` for an option that takes
//!   a value, `--name` alone for a flag, anything else positional. An
//!   option the tool does not know, one given twice, a value missing, or a
//!   flag given a value is an error. Arguments must be UTF-8.
//! - Numbers are whole numbers written in ASCII digits only (no sign, no
//!   spaces) within the range the option states; the thread count is 1 to
//!   [`MAX_THREADS`].
//! - An error is one line on standard error, `PROGRAM: message`, quoting
//!   at most a short excerpt of any argument, and the exit status is
//!   [`BAD_ARGUMENT_STATUS`] (2); so is a standard output that cannot be
//!   written (a full disk).
//! - Standard output is written through [`Output`]: when its reader goes
//!   away (`checkers bench | head -1`), the program stops at its next
//!   write, prints nothing more, and exits with [`CLOSED_OUTPUT_STATUS`]
//!   (141): the status a shell shows for a program that a closed pipe
//!   stopped, so that `set -o pipefail` scripts see what they see for
//!   other tools, and distinct from success, since not everything was
//!   written.

use crate::arena::ArenaError;
use crate::text::{excerpt, one_line};
pub use crate::threads::MAX_THREADS;
use crate::threads::{self, ThreadsError};
use std::fmt;
use std::io::{self, Read, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;

/// The exit status after a bad argument or input, or a standard output
/// that cannot be written.
pub const BAD_ARGUMENT_STATUS: u8 = 2;

/// The exit status when standard output's reader has gone away: 128 plus
/// the number of SIGPIPE, as a shell reports a program the signal ended.
pub const CLOSED_OUTPUT_STATUS: u8 = 141;

/// Why a command did not run to its end.
#[derive(Debug)]
pub enum CliError {
    /// `--NAME` is not an option of this tool or command.
    UnknownOption(String),
    /// `--NAME` takes a value and none followed it.
    MissingValue(String),
    /// `--NAME` is a flag and was given a value.
    FlagWithValue(String),
    /// `--NAME` is given twice.
    Repeated(String),
    /// A positional argument the command does not take.
    Unexpected(String),
    /// A number that is not a whole number in its range: what it is (an
    /// option's `--name`, or a word), the text given, and the range.
    BadNumber {
        what: String,
        text: String,
        min: u32,
        max: u32,
    },
    /// Argument number `index` (from 1) is not UTF-8.
    NotUtf8 { index: usize, text: String },
    /// The threads asked for could not be started.
    Threads(ThreadsError),
    /// A match's games could not be played.
    Match(ArenaError),
    /// Standard output could not be written.
    Output(io::Error),
    /// Standard output's reader has gone away: nothing is printed.
    ClosedOutput,
    /// Anything else the command refuses, in its own words.
    Message(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::UnknownOption(name) => write!(f, "unknown option --{}", excerpt(name)),
            CliError::MissingValue(name) => write!(f, "--{name} needs a value"),
            CliError::FlagWithValue(name) => write!(f, "--{name} takes no value"),
            CliError::Repeated(name) => write!(f, "--{name} is given twice"),
            CliError::Unexpected(arg) => write!(f, "unexpected argument {}", excerpt(arg)),
            CliError::BadNumber {
                what,
                text,
                min,
                max,
            } => write!(
                f,
                "bad {what} '{}': expected a number from {min} to {max}",
                excerpt(text)
            ),
            CliError::NotUtf8 { index, text } => write!(
                f,
                "argument {index} is not valid UTF-8: '{}'",
                excerpt(text)
            ),
            CliError::Threads(e) => e.fmt(f),
            CliError::Match(e) => e.fmt(f),
            CliError::Output(e) => write!(f, "cannot write to standard output: {e}"),
            CliError::ClosedOutput => f.write_str("standard output is closed"),
            CliError::Message(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Threads(e) => Some(e),
            CliError::Match(e) => Some(e),
            CliError::Output(e) => Some(e),
            _ => None,
        }
    }
}

impl From<String> for CliError {
    fn from(msg: String) -> CliError {
        CliError::Message(msg)
    }
}

impl From<&str> for CliError {
    fn from(msg: &str) -> CliError {
        CliError::Message(msg.to_string())
    }
}

impl From<ThreadsError> for CliError {
    fn from(e: ThreadsError) -> CliError {
        CliError::Threads(e)
    }
}

impl From<ArenaError> for CliError {
    fn from(e: ArenaError) -> CliError {
        CliError::Match(e)
    }
}

impl CliError {
    /// The error a failed write to standard output gives: a reader that
    /// has gone away is [`CliError::ClosedOutput`], anything else
    /// [`CliError::Output`].
    pub fn from_write(e: io::Error) -> CliError {
        if e.kind() == io::ErrorKind::BrokenPipe {
            CliError::ClosedOutput
        } else {
            CliError::Output(e)
        }
    }

    /// The exit status this error gives: [`CLOSED_OUTPUT_STATUS`] for a
    /// closed standard output, [`BAD_ARGUMENT_STATUS`] for every other.
    pub fn status(&self) -> u8 {
        match self {
            CliError::ClosedOutput => CLOSED_OUTPUT_STATUS,
            _ => BAD_ARGUMENT_STATUS,
        }
    }
}

/// A parsed command line: options with their values, flags, and
/// positional arguments, in the order given.
#[derive(Debug, Default)]
pub struct Args {
    options: Vec<(String, Option<String>)>,
    positional: Vec<String>,
}

impl Args {
    /// Reads `args` (the command line after the command's name): `options`
    /// are the names that take a value, `flags` those that take none;
    /// any other `--name` is an error.
    pub fn parse(args: &[String], options: &[&str], flags: &[&str]) -> Result<Args, CliError> {
        let mut out = Args::default();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let Some(opt) = arg.strip_prefix("--") else {
                out.positional.push(arg.clone());
                continue;
            };
            let (name, value) = match opt.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (opt, None),
            };
            let value = if options.contains(&name) {
                match value {
                    Some(v) => Some(v),
                    None => Some(
                        it.next()
                            .ok_or_else(|| CliError::MissingValue(name.to_string()))?
                            .clone(),
                    ),
                }
            } else if flags.contains(&name) {
                if value.is_some() {
                    return Err(CliError::FlagWithValue(name.to_string()));
                }
                None
            } else {
                return Err(CliError::UnknownOption(name.to_string()));
            };
            out.options.push((name.to_string(), value));
        }
        Ok(out)
    }

    /// Refuses an option or flag that the command does not take, and any
    /// given twice.
    pub fn allow(&self, allowed: &[&str]) -> Result<(), CliError> {
        for (i, (name, _)) in self.options.iter().enumerate() {
            if !allowed.contains(&name.as_str()) {
                return Err(CliError::UnknownOption(name.clone()));
            }
            if self.options[..i].iter().any(|(n, _)| n == name) {
                return Err(CliError::Repeated(name.clone()));
            }
        }
        Ok(())
    }

    /// The value of option `--name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// Whether flag `--name` is given.
    pub fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, v)| n == name && v.is_none())
    }

    /// The positional arguments, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// Refuses any positional argument.
    pub fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            Some(arg) => Err(CliError::Unexpected(arg.clone())),
            None => Ok(()),
        }
    }

    /// The one positional argument the command takes; `missing` is the
    /// error when there is none, and a second one is refused.
    pub fn one_positional(&self, missing: &str) -> Result<&str, CliError> {
        match self.positional.as_slice() {
            [arg] => Ok(arg),
            [] => Err(CliError::Message(missing.to_string())),
            [_, extra, ..] => Err(CliError::Unexpected(extra.clone())),
        }
    }

    /// The value of option `--name` as a whole number in `range`, if
    /// given ([`number`]).
    pub fn number(&self, name: &str, range: RangeInclusive<u32>) -> Result<Option<u32>, CliError> {
        self.get(name)
            .map(|text| number(&format!("--{name}"), text, range))
            .transpose()
    }

    /// The thread count option `--name` asks for, if given: 1 to
    /// [`MAX_THREADS`].
    pub fn thread_count(&self, name: &str) -> Result<Option<usize>, CliError> {
        Ok(self
            .number(name, 1..=MAX_THREADS as u32)?
            .map(|n| n as usize))
    }

    /// The thread count `--threads` asks for, if given.
    pub fn threads(&self) -> Result<Option<usize>, CliError> {
        self.thread_count("threads")
    }

    /// Runs `f` on a pool of `--threads` threads, or on rayon's global
    /// pool (all cores, or `RAYON_NUM_THREADS`) when the option is absent.
    pub fn with_threads<T: Send>(&self, f: impl FnOnce() -> T + Send) -> Result<T, CliError> {
        Ok(threads::with_threads(self.threads()?, f)?)
    }
}

/// `text` as a whole number in `range`: ASCII digits only, no sign or
/// space. `what` names it in the error (`--depth`, `depth`).
pub fn number(what: &str, text: &str, range: RangeInclusive<u32>) -> Result<u32, CliError> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse::<u32>().ok())
        .flatten()
        .filter(|n| range.contains(n))
        .ok_or_else(|| CliError::BadNumber {
            what: what.to_string(),
            text: text.to_string(),
            min: *range.start(),
            max: *range.end(),
        })
}

/// The bytes of the file `path` (`-`: standard input), at most `limit`;
/// a larger input is an error that calls it not `what` (`a PDN game`),
/// and is never loaded whole.
pub fn read_bounded(path: &str, limit: usize, what: &str) -> Result<Vec<u8>, CliError> {
    let name = excerpt(path);
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin()
            .lock()
            .take(limit as u64 + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| CliError::Message(format!("cannot read {name}: {e}")))?;
    if bytes.len() > limit {
        let size = if limit >= 1 << 20 {
            format!("{} MiB", limit >> 20)
        } else {
            format!("{} KiB", limit >> 10)
        };
        return Err(CliError::Message(format!(
            "{name} is larger than {size}: not {what}"
        )));
    }
    Ok(bytes)
}

/// The program's arguments after its name as UTF-8 strings, or an error
/// naming the first that is not UTF-8 (`std::env::args` would panic).
pub fn utf8_args() -> Result<Vec<String>, CliError> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| CliError::NotUtf8 {
                index: i + 1,
                text: arg.to_string_lossy().into_owned(),
            })
        })
        .collect()
}

/// Runs a tool: `command` gets the arguments after the program's name.
/// Success is exit status 0; an error is one line on standard error,
/// `PROGRAM: message`, and [`BAD_ARGUMENT_STATUS`]; a closed standard
/// output prints nothing and gives [`CLOSED_OUTPUT_STATUS`].
pub fn run(program: &str, command: impl FnOnce(&[String]) -> Result<(), CliError>) -> ExitCode {
    match utf8_args().and_then(|args| command(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(program, &e),
    }
}

/// Prints `e` as one line on standard error (nothing for a closed
/// standard output) and gives its exit status. A standard error that
/// cannot be written is passed over: the status still tells.
pub fn fail(program: &str, e: &CliError) -> ExitCode {
    if !matches!(e, CliError::ClosedOutput) {
        let line = format!("{program}: {}\n", one_line(&e.to_string()));
        // Nowhere is left to report a failure to write the report.
        let _ = io::stderr().write_all(line.as_bytes());
    }
    ExitCode::from(e.status())
}

/// Standard output, written through a check: every write is flushed at
/// once and its failure is an error, never a panic as in `println!`.
/// After a failure nothing more is written, and every later write gives
/// the same error.
#[derive(Debug)]
pub struct Output {
    stdout: io::Stdout,
    failed: Option<(io::ErrorKind, String)>,
}

impl Default for Output {
    fn default() -> Output {
        Output::new()
    }
}

impl Output {
    /// The process's standard output.
    pub fn new() -> Output {
        Output {
            stdout: io::stdout(),
            failed: None,
        }
    }

    /// Writes `text` and flushes it.
    pub fn print(&mut self, text: &str) -> Result<(), CliError> {
        self.check()?;
        let mut out = self.stdout.lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => Ok(()),
            Err(e) => {
                self.failed = Some((e.kind(), e.to_string()));
                Err(CliError::from_write(e))
            }
        }
    }

    /// Writes `text` and a line end.
    pub fn line(&mut self, text: impl fmt::Display) -> Result<(), CliError> {
        self.print(&format!("{text}\n"))
    }

    /// Writes `text` where the error cannot be returned at once (in a
    /// callback): a failure is kept, and [`Output::check`] and every
    /// later write give it.
    pub fn print_deferred(&mut self, text: &str) {
        // The failure is kept in `self.failed` and reported by `check`.
        let _ = self.print(text);
    }

    /// The error of the first failed write, if one failed.
    pub fn check(&self) -> Result<(), CliError> {
        match &self.failed {
            None => Ok(()),
            Some((kind, msg)) => Err(CliError::from_write(io::Error::new(*kind, msg.clone()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    fn parse(args: &[&str]) -> Result<Args, CliError> {
        Args::parse(&strings(args), &["fen", "depth", "threads"], &["ideal"])
    }

    fn message(r: Result<impl fmt::Debug, CliError>) -> String {
        r.expect_err("an error").to_string()
    }

    #[test]
    fn options_flags_and_positional_arguments() {
        let a = parse(&["--fen", "B:W21:B1", "3", "--ideal", "--depth=4", "x"]).unwrap();
        assert_eq!(a.get("fen"), Some("B:W21:B1"));
        assert_eq!(a.get("depth"), Some("4"));
        assert_eq!(a.get("ideal"), None);
        assert!(a.flag("ideal") && !a.flag("fen") && !a.flag("threads"));
        assert_eq!(a.positional(), ["3", "x"]);
        assert_eq!(message(a.no_positional()), "unexpected argument 3");
        assert_eq!(
            message(a.one_positional("needs one")),
            "unexpected argument x"
        );
        assert!(a.allow(&["fen", "depth", "ideal"]).is_ok());
        assert_eq!(
            message(a.allow(&["fen", "depth"])),
            "unknown option --ideal"
        );
        let a = parse(&["--fen="]).unwrap();
        assert_eq!(a.get("fen"), Some(""));
        assert_eq!(
            message(a.one_positional("perft needs a DEPTH")),
            "perft needs a DEPTH"
        );
    }

    #[test]
    fn malformed_options_are_refused() {
        assert_eq!(message(parse(&["--bogus", "1"])), "unknown option --bogus");
        assert_eq!(message(parse(&["--"])), "unknown option --");
        assert_eq!(message(parse(&["--x=1"])), "unknown option --x");
        assert_eq!(message(parse(&["--fen"])), "--fen needs a value");
        assert_eq!(message(parse(&["--ideal=no"])), "--ideal takes no value");
        let twice = parse(&["--depth", "2", "--depth=3"]).unwrap();
        assert_eq!(message(twice.allow(&["depth"])), "--depth is given twice");
        let long = format!("--{}", "y".repeat(1000));
        assert_eq!(
            message(parse(&[&long])),
            "unknown option --yyyyyyyyyyyyyyyyyyyyyyyy…"
        );
    }

    #[test]
    fn numbers_are_ascii_digits_in_range() {
        assert_eq!(number("depth", "7", 1..=20).ok(), Some(7));
        assert_eq!(number("depth", "007", 1..=20).ok(), Some(7));
        for bad in [
            "+5", "-1", " 5", "5 ", "", "0", "21", "1e1", "٣", "３", "0x5",
        ] {
            assert_eq!(
                message(number("depth", bad, 1..=20)),
                format!("bad depth '{bad}': expected a number from 1 to 20")
            );
        }
        assert!(number("n", "99999999999999999999", 1..=u32::MAX).is_err());
        assert_eq!(number("n", "4294967295", 1..=u32::MAX).ok(), Some(u32::MAX));
        let a = parse(&["--depth", "+5"]).unwrap();
        assert_eq!(
            message(a.number("depth", 1..=64)),
            "bad --depth '+5': expected a number from 1 to 64"
        );
        assert_eq!(parse(&[]).unwrap().number("depth", 1..=64).ok(), Some(None));
    }

    #[test]
    fn threads_are_1_to_256() {
        let threads = |t: &str| parse(&["--threads", t]).unwrap().threads();
        assert_eq!(threads("1").ok(), Some(Some(1)));
        assert_eq!(threads("256").ok(), Some(Some(256)));
        for bad in ["0", "257", "+2"] {
            assert_eq!(
                message(threads(bad)),
                format!("bad --threads '{bad}': expected a number from 1 to 256")
            );
        }
        let a = parse(&["--threads", "3"]).unwrap();
        assert_eq!(a.with_threads(rayon::current_num_threads).ok(), Some(3));
    }

    #[test]
    fn a_closed_output_is_its_own_error_with_its_own_status() {
        let closed = CliError::from_write(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(matches!(closed, CliError::ClosedOutput));
        assert_eq!(closed.status(), CLOSED_OUTPUT_STATUS);
        let full = CliError::from_write(io::Error::other("No space left on device"));
        assert_eq!(full.status(), BAD_ARGUMENT_STATUS);
        assert_eq!(
            full.to_string(),
            "cannot write to standard output: No space left on device"
        );
        assert_eq!(CliError::from("x").status(), BAD_ARGUMENT_STATUS);
    }
}
