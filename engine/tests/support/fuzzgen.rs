//! Hostile text for parsers: a seeded generator and a panic-counting
//! harness, with no dependency but `std`.
//!
//! Random strings almost never look like the format under test, so a
//! parser's interesting paths (a `[` that opens a tag, a character that
//! straddles a computed byte offset) go untested; `"[aaé]"` panicked the
//! FEN parser for that reason. This module builds inputs from the format's
//! own alphabet instead, mixed with the characters that break naive code
//! (multi-byte, zero-width, combining, direction and control characters),
//! and from mutations and truncations of valid documents.
//!
//! Include it in a test crate with
//!
//! ```text
//! #[path = "support/fuzzgen.rs"]   // from another crate: a relative path to this file
//! mod fuzzgen;
//! ```
//!
//! and use:
//!
//! - [`Rng`]: a small seeded generator (SplitMix64); the same seed gives
//!   the same inputs on every machine, so a failure can be replayed.
//! - [`from_alphabet`]: a string of random tokens from an alphabet
//!   (tokens may be whole words such as `[FEN "`), with [`HOSTILE`]
//!   characters mixed in.
//! - [`mutate`]: a valid document with a few random edits (insert a token,
//!   delete, replace or duplicate a span, swap two characters, cut short).
//! - [`char_truncations`] and [`byte_truncations`]: every prefix of a
//!   document, at every character and at every byte (a cut inside a
//!   character is read lossily, as a program reading a truncated file
//!   would).
//! - [`Harness`]: runs a parser on each input inside
//!   `std::panic::catch_unwind`, counts inputs and panics, and keeps the
//!   first panicking inputs (escaped) with their messages, so a run reports
//!   every panic instead of stopping at the first. Panics inside the
//!   harness are not printed by the panic hook; others still are.

#![allow(dead_code)]

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::time::{Duration, Instant};

/// A seeded pseudo-random generator (SplitMix64): fast, small, and the
/// same sequence everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den as usize) < num as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One token of a non-empty alphabet.
    pub fn token<'a>(&mut self, alphabet: &[&'a str]) -> &'a str {
        alphabet[self.below(alphabet.len())]
    }
}

/// Characters that break code which assumes one byte per character, no
/// invisible characters or one line: multi-byte (2, 3 and 4 bytes),
/// combining, zero-width, direction, byte-order mark, replacement
/// character, look-alikes of ASCII punctuation, and controls.
pub const HOSTILE: &[&str] = &[
    "é",
    "€",
    "𝄞",
    "½",
    "…",
    "–",
    "—",
    "＂",
    "［",
    "：",
    "，",
    "٣",
    "１",
    "\u{301}",
    "\u{200b}",
    "\u{200d}",
    "\u{2060}",
    "\u{feff}",
    "\u{202e}",
    "\u{2066}",
    "\u{fffd}",
    "\u{10ffff}",
    "\0",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\u{1b}",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{2028}",
    "\u{3000}",
];

/// A string of up to `max_tokens` tokens: each from `alphabet`, or one of
/// [`HOSTILE`] about one time in eight.
pub fn from_alphabet(rng: &mut Rng, alphabet: &[&str], max_tokens: usize) -> String {
    let n = rng.below(max_tokens + 1);
    let mut out = String::new();
    for _ in 0..n {
        let token = if rng.chance(1, 8) {
            rng.token(HOSTILE)
        } else {
            rng.token(alphabet)
        };
        out.push_str(token);
    }
    out
}

/// The byte offsets of every character boundary of `s`, its end included.
pub fn boundaries(s: &str) -> Vec<usize> {
    s.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()))
        .collect()
}

/// `doc` with one to four random edits: insert a token (from `alphabet`
/// or [`HOSTILE`]), delete a span, replace a span with a token, duplicate a
/// span, swap two characters, or cut the rest off. Edits happen at
/// character boundaries, so the result is valid UTF-8; [`byte_truncations`]
/// covers cuts inside characters.
pub fn mutate(rng: &mut Rng, doc: &str, alphabet: &[&str]) -> String {
    let mut s = doc.to_string();
    for _ in 0..1 + rng.below(4) {
        let b = boundaries(&s);
        let i = b[rng.below(b.len())];
        let j = b[rng.below(b.len())];
        let (lo, hi) = (i.min(j), i.max(j));
        let token = if rng.chance(1, 3) {
            rng.token(HOSTILE)
        } else {
            rng.token(alphabet)
        };
        match rng.below(6) {
            0 => s.insert_str(i, token),
            1 => s.replace_range(lo..hi, ""),
            2 => s.replace_range(lo..hi, token),
            3 => {
                let span = s[lo..hi].to_string();
                s.insert_str(hi, &span);
            }
            4 => {
                let chars: Vec<char> = s.chars().collect();
                if chars.len() >= 2 {
                    let (x, y) = (rng.below(chars.len()), rng.below(chars.len()));
                    let mut chars = chars;
                    chars.swap(x, y);
                    s = chars.into_iter().collect();
                }
            }
            _ => s.truncate(i),
        }
    }
    s
}

/// Every prefix of `doc` that ends at a character boundary, shortest
/// first, the empty one and `doc` itself included.
pub fn char_truncations(doc: &str) -> impl Iterator<Item = &str> {
    boundaries(doc).into_iter().map(move |i| &doc[..i])
}

/// Every prefix of `doc` at every byte, read lossily: a cut inside a
/// multi-byte character leaves U+FFFD, as a program reading a truncated
/// file with `String::from_utf8_lossy` would see.
pub fn byte_truncations(doc: &str) -> impl Iterator<Item = String> + '_ {
    (0..=doc.len()).map(move |i| String::from_utf8_lossy(&doc.as_bytes()[..i]).into_owned())
}

/// Text with every non-printable or non-ASCII character escaped, to show
/// an input in a report.
pub fn escape(s: &str) -> String {
    s.chars().flat_map(char::escape_default).collect()
}

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

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// One line of totals, then one line per kept panic.
    pub fn report(&self) -> String {
        let mut out = format!(
            "{} inputs, {} panics, {:.1} s",
            self.inputs,
            self.panics,
            self.elapsed().as_secs_f64()
        );
        for f in &self.found {
            out.push_str(&format!(
                "\n  {} panicked on \"{}\": {}",
                f.target, f.input, f.message
            ));
        }
        out
    }
}
