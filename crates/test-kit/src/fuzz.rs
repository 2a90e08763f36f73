//! The fuzz-run harness: each input runs inside `catch_unwind`, inputs and
//! panics are counted, and the first panicking inputs are kept (escaped)
//! with their messages, so that a run reports every panic instead of
//! stopping at the first. Panics inside the harness are not printed by
//! the panic hook; others still are.
//!
//! A target has a short run in the test suite and a long one, ignored, that
//! `scripts/fuzz` runs: [`long_run`] splits `FUZZ_INPUTS` inputs over every
//! core, each thread from its own seed derived from `FUZZ_SEED`, and
//! [`LongRun::report`] is the line `scripts/fuzz` reads.

use crate::text::escape;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Install, once per process, a panic hook that stays silent inside a
/// [`Harness`] run on this thread and prints as before everywhere else.
fn install_quiet_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// A long run's size and seed: `FUZZ_INPUTS` (else `default`) and
/// `FUZZ_SEED` (else 2025).
pub fn long_run_size(default: u64) -> (u64, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    (
        var("FUZZ_INPUTS").unwrap_or(default),
        var("FUZZ_SEED").unwrap_or(2025),
    )
}

/// Whether this thread is inside a [`Harness`] run, where a panic is caught
/// and counted by the harness: a panic hook that counts panics on every
/// thread can leave those to the harness.
pub fn inside_harness() -> bool {
    QUIET.with(Cell::get)
}

/// A panic seen by the harness: the input, escaped, and the message.
#[derive(Clone, Debug)]
pub struct Found {
    pub target: &'static str,
    pub input: String,
    pub message: String,
}

/// Runs parsers on inputs, counting inputs and panics.
#[derive(Debug)]
pub struct Harness {
    pub inputs: u64,
    pub panics: u64,
    /// The first panics, at most `keep` of them.
    pub found: Vec<Found>,
    keep: usize,
    started: Instant,
}

impl Harness {
    /// A harness that keeps the first `keep` panicking inputs.
    pub fn new(keep: usize) -> Harness {
        install_quiet_hook();
        Harness {
            inputs: 0,
            panics: 0,
            found: Vec::new(),
            keep,
            started: Instant::now(),
        }
    }

    /// Run `parse` on `input` and count it; a panic is caught, counted and
    /// kept (with `target` naming the parser).
    pub fn run<R>(&mut self, target: &'static str, input: &str, parse: impl FnOnce(&str) -> R) {
        self.inputs += 1;
        QUIET.with(|q| q.set(true));
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
            let _ = parse(input);
        }));
        QUIET.with(|q| q.set(false));
        if let Err(payload) = outcome {
            self.panics += 1;
            if self.found.len() < self.keep {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".into());
                let shown: String = input.chars().take(200).collect();
                self.found.push(Found {
                    target,
                    input: escape(&shown),
                    message: message.escape_debug().to_string(),
                });
            }
        }
    }

    /// The time since the harness was made.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// One line of totals, then one line per kept panic.
    pub fn report(&self) -> String {
        let out = format!(
            "{} inputs, {} panics, {:.1} s",
            self.inputs,
            self.panics,
            self.elapsed().as_secs_f64()
        );
        out + &found_lines(&self.found)
    }
}

/// One line per panic kept, each after a line end: the target, the
/// input (escaped) and the message.
fn found_lines(found: &[Found]) -> String {
    found
        .iter()
        .map(|f| {
            format!(
                "\n  {} panicked on \"{}\": {}",
                f.target, f.input, f.message
            )
        })
        .collect()
}

/// What a [`long_run`] did: its inputs and panics over all threads, the
/// panicking inputs kept, and its time.
#[derive(Debug)]
pub struct LongRun {
    pub inputs: u64,
    pub panics: u64,
    pub threads: u64,
    pub seed: u64,
    pub time: Duration,
    pub found: Vec<Found>,
}

/// Runs `fuzz(seed, n, harness)` for `total` inputs in all, split over
/// every core: thread `t` runs its share from seed `seed * 1000 + t`, on
/// a harness that keeps its first 20 panics.
pub fn long_run(total: u64, seed: u64, fuzz: impl Fn(u64, u64, &mut Harness) + Sync) -> LongRun {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let start = Instant::now();
    let fuzz = &fuzz;
    let harnesses: Vec<Harness> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut h = Harness::new(20);
                    let share = total / threads + u64::from(t < total % threads);
                    fuzz(seed.wrapping_mul(1000).wrapping_add(t), share, &mut h);
                    h
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a fuzz thread ends"))
            .collect()
    });
    LongRun {
        inputs: harnesses.iter().map(|h| h.inputs).sum(),
        panics: harnesses.iter().map(|h| h.panics).sum(),
        threads,
        seed,
        time: start.elapsed(),
        found: harnesses.into_iter().flat_map(|h| h.found).collect(),
    }
}

impl LongRun {
    /// The run's line, as `scripts/fuzz` reads it: `fuzz target NAME: N
    /// inputs, P panics, T s, K threads, seed S`, then `extra`; then one
    /// line per panic kept.
    pub fn report(&self, name: &str, extra: &str) -> String {
        let out = format!(
            "fuzz target {name}: {} inputs, {} panics, {:.1} s, {} threads, seed {}{extra}",
            self.inputs,
            self.panics,
            self.time.as_secs_f64(),
            self.threads,
            self.seed
        );
        out + &found_lines(&self.found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness does see panics: a parser that panics on some inputs
    /// is counted and its input kept, and the run goes on.
    #[test]
    fn the_harness_counts_and_shows_panics() {
        let mut harness = Harness::new(2);
        // The bug found by an attacker: the first three bytes inside the
        // brackets.
        for input in ["[FEN]", "[aaé]", "okay", "[𝄞]", "[FE€]"] {
            harness.run("slicer", input, |s| {
                let inner = s.trim_start_matches('[').trim_end_matches(']');
                inner.len() >= 3 && inner[..3].eq_ignore_ascii_case("FEN")
            });
        }
        assert_eq!((harness.inputs, harness.panics), (5, 3));
        assert_eq!(harness.found.len(), 2);
        assert_eq!(harness.found[0].target, "slicer");
        assert_eq!(harness.found[0].input, "[aa\\u{e9}]");
        assert!(harness.found[0].message.contains("char boundary"));
        assert!(harness.report().starts_with("5 inputs, 3 panics, "));
        assert!(!inside_harness());
    }

    #[test]
    fn a_long_run_splits_its_inputs_over_the_threads() {
        let run = long_run(1001, 7, |seed, n, h| {
            for i in 0..n {
                h.run("odd", &format!("{seed} {i}"), |s| {
                    assert!(!s.ends_with(" 3"), "three");
                });
            }
        });
        assert_eq!(run.inputs, 1001);
        assert_eq!(run.panics, run.threads.min(1001));
        let report = run.report("odd", ", more");
        let first = report.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("fuzz target odd: 1001 inputs, "),
            "{first}"
        );
        assert!(first.ends_with("seed 7, more"), "{first}");
        assert!(
            report.contains("odd panicked on \"7000 3\": three"),
            "{report}"
        );
    }
}
