//! Fuzzing the readers of outside text (the position text and the action
//! text) and the command line: no input may panic the engine or the CLI.
//!
//! Inputs are tokens of each notation's own alphabet mixed with
//! multi-byte, zero-width and control characters, mutations of valid texts
//! written by the engine, and every cut of valid texts at every character
//! and byte. Each reader runs inside `catch_unwind`, so a panic is counted
//! and its input shown rather than ending the run. Besides not panicking,
//! an error must print as one short line, and whatever is accepted must
//! read back the same from what the writer makes of it; a broken property
//! counts as a panic.
//!
//! - `cargo test -p choko --test fuzz` runs a short pass (about 2 × 10^5
//!   inputs) and spawns the CLI on 1,000 hostile command lines.
//! - The long run, 10^7 inputs by default, on all cores:
//!
//!   ```text
//!   FUZZ_INPUTS=10000000 nice -n 19 cargo test -p choko --test fuzz -- --ignored --nocapture
//!   ```
//!
//!   It prints the inputs tried, the panics found (which must be 0) and
//!   the time. It uses the test profile on purpose: the crate is built at
//!   opt-level 3 there but keeps overflow checks and debug assertions, so
//!   an arithmetic overflow is a panic here instead of a silent wrap.
//!   `FUZZ_SEED` changes the inputs.

use choko::{parse_position, to_text, Action, Position};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Minimal deterministic PRNG (SplitMix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Characters that break naive readers: multi-byte letters and digits,
/// zero-width and direction marks, controls, separators.
const HOSTILE: &[&str] = &[
    "é", "€", "𝄞", "\u{200b}", "\u{202e}", "\u{feff}", "\0", "\t", "\n", "\r", "\u{2028}", "٣",
    "３", "ｘ", "Ｏ", "\u{85}", "\u{7f}", " ", "\u{a0}",
];

/// The position text's alphabet, and pieces of real texts.
const POSITION_ALPHABET: &[&str] = &[
    "x",
    "o",
    "X",
    "O",
    "/",
    " ",
    "-",
    "!",
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "9",
    "12",
    "13",
    "40",
    "41",
    "199",
    "200",
    "201",
    "255",
    "256",
    "999",
    "99999999999999999999",
    "5/5/5/5/5",
    "12/12",
    "x!",
    "o!",
    "+1",
    "-1",
];

/// The action text's alphabet.
const ACTION_ALPHABET: &[&str] = &[
    "@", "a", "b", "c", "e", "f", "1", "3", "5", "6", "0", "-", "x", "X", " ", "c3", "e5", "a1",
    "@c3", "c3-c4", "c3xc5", "b2", "@@", "xx", "--",
];

/// Up to `max` tokens of `alphabet`, with a hostile character now and then.
fn soup(rng: &mut Rng, alphabet: &[&str], max: usize) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(max + 1) {
        if rng.below(8) == 0 {
            s += *rng.pick(HOSTILE);
        } else {
            s += *rng.pick(alphabet);
        }
    }
    s
}

/// `text` with one to three edits: a token inserted, a character removed
/// or replaced, a cut, or a doubling.
fn mutate(rng: &mut Rng, text: &str, alphabet: &[&str]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 => {
                let token = if rng.below(4) == 0 {
                    rng.pick(HOSTILE)
                } else {
                    rng.pick(alphabet)
                };
                for (k, c) in token.chars().enumerate() {
                    chars.insert(at + k, c);
                }
            }
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => {
                let token: Vec<char> = rng.pick(alphabet).chars().collect();
                chars[at] = token[0];
            }
            3 => chars.truncate(at),
            _ => {
                let copy = chars.clone();
                chars.extend(copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// Panics found, with the inputs shown escaped.
struct Harness {
    inputs: u64,
    panics: u64,
    found: Vec<String>,
}

impl Harness {
    fn new() -> Harness {
        Harness {
            inputs: 0,
            panics: 0,
            found: Vec::new(),
        }
    }

    fn run(&mut self, target: &str, input: &str, f: impl FnOnce(&str)) {
        self.inputs += 1;
        if catch_unwind(AssertUnwindSafe(|| f(input))).is_err() {
            self.panics += 1;
            if self.found.len() < 20 {
                self.found
                    .push(format!("{target}: {}", input.escape_debug()));
            }
        }
    }
}

/// An error's message: one line, and short whatever the input.
fn check_message(e: &dyn std::error::Error) {
    let msg = e.to_string();
    assert!(!msg.chars().any(char::is_control), "{msg:?}");
    assert!(msg.chars().count() <= 300, "{msg:?}");
}

fn position_target(input: &str) {
    match parse_position(input) {
        Ok(pos) => assert_eq!(parse_position(&to_text(&pos)), Ok(pos)),
        Err(e) => check_message(&e),
    }
}

fn action_target(positions: &[Position], input: &str) {
    match input.parse::<Action>() {
        Ok(a) => assert_eq!(a.to_string().parse::<Action>(), Ok(a)),
        Err(e) => check_message(&e),
    }
    for pos in positions {
        match pos.parse_action(input) {
            Ok(a) => assert!(pos.play(a).is_ok()),
            Err(e) => check_message(&e),
        }
    }
}

/// A position from random play: placements, moves and captures alike.
fn random_position(rng: &mut Rng) -> Position {
    let mut pos = Position::start();
    for _ in 0..rng.below(120) {
        let actions = pos.legal_actions();
        if actions.is_empty() {
            break;
        }
        pos = pos.play_unchecked(*rng.pick(&actions));
    }
    pos
}

/// Run about `n` inputs from `seed`: every cut of a few valid texts, then
/// soup and mutations of both notations.
fn fuzz(seed: u64, n: u64, h: &mut Harness) {
    let mut rng = Rng(seed);
    let target = h.inputs + n;
    let positions: Vec<Position> = (0..4).map(|_| random_position(&mut rng)).collect();
    for pos in &positions {
        let text = to_text(pos);
        for (i, _) in text.char_indices() {
            h.run("parse_position", &text[..i], position_target);
        }
        let bytes = text.as_bytes();
        for i in 0..bytes.len() {
            let cut = String::from_utf8_lossy(&bytes[..i]).into_owned();
            h.run("parse_position", &cut, position_target);
        }
    }
    while h.inputs < target {
        let pos = random_position(&mut rng);
        let text = to_text(&pos);
        for input in [
            soup(&mut rng, POSITION_ALPHABET, 16),
            mutate(&mut rng, &text, POSITION_ALPHABET),
            mutate(&mut rng, &text, POSITION_ALPHABET),
        ] {
            h.run("parse_position", &input, position_target);
        }
        let actions = pos.legal_actions();
        let action = if actions.is_empty() {
            String::new()
        } else {
            rng.pick(&actions).to_string()
        };
        for input in [
            soup(&mut rng, ACTION_ALPHABET, 6),
            mutate(&mut rng, &action, ACTION_ALPHABET),
        ] {
            h.run("parse_action", &input, |t| {
                action_target(std::slice::from_ref(&pos), t)
            });
        }
    }
}

#[test]
fn readers_survive_a_short_fuzz_run() {
    let mut h = Harness::new();
    fuzz(1, 200_000, &mut h);
    println!("short fuzz run: {} inputs, {} panics", h.inputs, h.panics);
    assert_eq!(h.panics, 0, "{:#?}", h.found);
}

/// The harness does see panics: a reader that panics on some inputs is
/// counted and its input kept, and the run goes on.
#[test]
fn the_harness_counts_and_shows_panics() {
    let mut h = Harness::new();
    for input in ["ok", "é1", "a1"] {
        h.run("slicer", input, |s| {
            assert!(s.is_char_boundary(1) && &s[..1] == "a")
        });
    }
    assert_eq!((h.inputs, h.panics), (3, 2));
    assert_eq!(h.found[1], "slicer: é1");
}

/// `FUZZ_INPUTS` (default 10^7) and `FUZZ_SEED` (default 1).
fn long_run_size() -> (u64, u64) {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    (var("FUZZ_INPUTS", 10_000_000), var("FUZZ_SEED", 1))
}

/// The long run: see the module doc.
#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn readers_survive_a_long_fuzz_run() {
    let (total, seed) = long_run_size();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let start = Instant::now();
    let harnesses: Vec<Harness> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut h = Harness::new();
                    let share = total / threads + u64::from(t < total % threads);
                    fuzz(seed.wrapping_mul(1000).wrapping_add(t), share, &mut h);
                    h
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let inputs: u64 = harnesses.iter().map(|h| h.inputs).sum();
    let panics: u64 = harnesses.iter().map(|h| h.panics).sum();
    println!(
        "long fuzz run: {inputs} inputs, {panics} panics, {:.1} s, {threads} threads, seed {seed}",
        start.elapsed().as_secs_f64()
    );
    for h in &harnesses {
        for f in &h.found {
            println!("  {f}");
        }
    }
    assert!(inputs >= total);
    assert_eq!(panics, 0);
}

/// Values for options: invalid ones, and valid ones small enough that no
/// command line runs long (depths and levels at most 3, at most 2 games).
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "33",
    "99999999999999999999",
    "4294967297",
    "1e3",
    "٣",
    "３",
    " 1",
    "+2",
    "",
    "1.5",
    "9",
    "L1",
];

const OPTIONS: &[&str] = &[
    "--pos",
    "--level",
    "--depth",
    "--threads",
    "--a",
    "--b",
    "--games",
    "--",
    "-",
    "--x",
    "-pos",
    "--pos=",
    "--depth=",
    "--POS",
];

const COMMANDS: &[&str] = &[
    "moves",
    "perft",
    "best",
    "bench",
    "match",
    "help",
    "--help",
    "-h",
    "",
    "MOVES",
    "best\u{200b}",
];

/// A position argument: soup, a mutated real text, or a real one.
fn position_argument(rng: &mut Rng) -> String {
    let text = to_text(&random_position(rng));
    match rng.below(3) {
        0 => soup(rng, POSITION_ALPHABET, 12),
        1 => mutate(rng, &text, POSITION_ALPHABET),
        _ => text,
    }
}

/// `--name value` or `--name=value`.
fn option(rng: &mut Rng, args: &mut Vec<String>, name: &str, value: String) {
    if rng.below(3) == 0 {
        args.push(format!("--{name}={value}"));
    } else {
        args.push(format!("--{name}"));
        args.push(value);
    }
}

/// A command line: half shaped like real ones with hostile values, half
/// a command and up to six hostile arguments. `bench` always gets a stray
/// argument, so it stops at its argument check instead of timing levels.
fn command_line(rng: &mut Rng) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    if rng.below(2) == 0 {
        let small = |rng: &mut Rng| rng.pick(&VALUES[..8]).to_string();
        match rng.below(4) {
            0 => {
                args.push("moves".into());
                let p = position_argument(rng);
                option(rng, &mut args, "pos", p);
            }
            1 => {
                args.push("perft".into());
                let p = position_argument(rng);
                option(rng, &mut args, "pos", p);
                args.push(small(rng));
            }
            2 => {
                args.push("best".into());
                let p = position_argument(rng);
                option(rng, &mut args, "pos", p);
                let name = if rng.below(2) == 0 { "depth" } else { "level" };
                let v = small(rng);
                option(rng, &mut args, name, v);
                if rng.below(3) == 0 {
                    let v = small(rng);
                    option(rng, &mut args, "threads", v);
                }
            }
            _ => {
                args.push("match".into());
                for name in ["a", "b"] {
                    let v = small(rng);
                    option(rng, &mut args, name, v);
                }
                let v = rng.pick(&VALUES[..3]).to_string();
                option(rng, &mut args, "games", v);
            }
        }
    } else {
        args.push(rng.pick(COMMANDS).to_string());
        for _ in 0..rng.below(7) {
            let arg = match rng.below(4) {
                0 | 1 => rng.pick(OPTIONS).to_string(),
                2 => rng.pick(VALUES).to_string(),
                _ => soup(rng, POSITION_ALPHABET, 6),
            };
            args.push(arg);
        }
    }
    if args[0] == "bench" {
        args.push("¿".into());
    }
    // A NUL cannot be passed to a program at all.
    args.into_iter().map(|a| a.replace('\0', "0")).collect()
}

/// Run the CLI: its exit status, 0 or 2, or what went wrong: another
/// status (a panic is 101), output on stderr after success, not exactly
/// one `choko:` line on stderr after an error, or no end within a minute.
fn check_command_line(args: &[String]) -> Result<i32, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_choko"))
        .args(args)
        .env_remove("RAYON_NUM_THREADS")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut e, &mut err);
    }
    let shown: Vec<String> = args
        .iter()
        .map(|a| format!("\"{}\"", a.escape_debug()))
        .collect();
    match status.map(|s| s.code()) {
        None => Err(format!("{}: no end within a minute", shown.join(" "))),
        Some(Some(0)) if err.is_empty() => Ok(0),
        Some(Some(2)) if err.starts_with("choko: ") && err.lines().count() == 1 => Ok(2),
        Some(code) => Err(format!(
            "{}: exit {code:?}, stderr {err:?}",
            shown.join(" ")
        )),
    }
}

/// The CLI on 1,000 hostile command lines: every one ends with status 0
/// or 2, never a panic (101) or a signal.
#[test]
fn cli_survives_hostile_command_lines() {
    let mut rng = Rng(9);
    let lines: Vec<Vec<String>> = (0..1000).map(|_| command_line(&mut rng)).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let outcomes: Vec<Result<i32, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = lines
            .chunks(lines.len().div_ceil(threads))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|a| check_command_line(a))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let succeeded = outcomes.iter().filter(|o| o == &&Ok(0)).count();
    let refused = outcomes.iter().filter(|o| o == &&Ok(2)).count();
    let failures: Vec<String> = outcomes.into_iter().filter_map(Result::err).collect();
    println!("{succeeded} command lines succeeded, {refused} were refused");
    assert!(
        succeeded >= 20 && refused >= 500,
        "{succeeded} ok, {refused} refused"
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(20)].join("\n")
    );
    let _ = std::io::stdout().flush();
}
