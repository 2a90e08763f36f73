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
//!
//! For the JSON documents (the saved files, the commands' arguments), two
//! further parts, which use `serde_json` and the `checkers` engine (both
//! dependencies of every crate that includes this file):
//!
//! - [`mutate_json`]: structural edits of a JSON value (wrong types,
//!   numbers on and past limits, hostile texts, keys dropped, added or
//!   renamed, arrays cut, grown or shuffled, deep nesting), and
//!   [`json_text`], which writes a value compactly, pretty, or with a key
//!   twice.
//! - [`random_game`], [`finished_game`], [`random_records`] and the
//!   version-1 shapes [`v1_value`] and [`v1_records`]: valid documents
//!   made by the engine itself, to mutate.

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

// JSON documents. The saved files and the commands' arguments are JSON, so
// besides edits of their text they get edits of their structure: a value
// of the wrong type or out of range where a number, a square or a name
// belongs, keys dropped, added, renamed or written twice, arrays cut,
// grown or shuffled, values nested deeply. This part uses `serde_json`,
// which every crate that includes this file depends on.

use serde_json::{Map, Value};

/// JSON punctuation and literals, for alphabet soup and text edits.
#[rustfmt::skip]
pub const JSON_ALPHABET: &[&str] = &[
    "{", "}", "[", "]", ":", ",", "\"", "\"", "\"", "\\", "\\\"", "\\u0000", "\\ud800", "\\u00e9",
    "\\n", " ", "\n", "null", "true", "false", "0", "-1", "1", "2", "12", "32", "33", "-0",
    "0.5", "1e308", "1e400", "9007199254740992", "18446744073709551615",
    "18446744073709551616", "{}", "[]", "\"\"", "\":", "\",\"",
];

/// Numbers that sit on or across a limit: zero, negatives, the square and
/// piece limits, 2^53 (the largest integer every JSON reader keeps
/// exactly), the ends of `u64` and `i64`, the largest float, fractions.
pub fn hostile_numbers() -> &'static [Value] {
    static NUMBERS: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
    NUMBERS.get_or_init(|| {
        let mut out: Vec<Value> = vec![
            0.into(),
            (-1).into(),
            1.into(),
            2.into(),
            12.into(),
            13.into(),
            31.into(),
            32.into(),
            33.into(),
            50.into(),
            51.into(),
            10_000.into(),
            10_001.into(),
            u64::from(u32::MAX).into(),
            (u64::from(u32::MAX) + 1).into(),
            ((1u64 << 53) - 1).into(),
            (1u64 << 53).into(),
            ((1u64 << 53) + 1).into(),
            i64::MAX.into(),
            u64::MAX.into(),
            i64::MIN.into(),
        ];
        for f in [1e308, -1e308, 0.5, -0.0, 22.0, 1e-300, 4.5e15] {
            out.push(Value::from(f));
        }
        out
    })
}

/// A hostile text: one of `strings` (the format's own values, valid or
/// nearly), one of them edited, alphabet soup of them with [`HOSTILE`]
/// characters, or rarely (one time in a thousand) a text of up to a
/// megabyte.
pub fn hostile_string(rng: &mut Rng, strings: &[&str]) -> String {
    if rng.chance(1, 1000) {
        return rng.token(HOSTILE).repeat(1 + rng.below(1 << 18));
    }
    match rng.below(3) {
        0 => rng.token(strings).to_string(),
        1 => {
            let s = rng.token(strings);
            mutate(rng, s, strings)
        }
        _ => from_alphabet(rng, strings, 6),
    }
}

/// A scalar or small value of any type: a hostile number, a hostile
/// string, null, a boolean, an empty array or object.
pub fn hostile_scalar(rng: &mut Rng, strings: &[&str]) -> Value {
    match rng.below(8) {
        0..=2 => rng.pick(hostile_numbers()).clone(),
        3..=4 => Value::String(hostile_string(rng, strings)),
        5 => Value::Null,
        6 => Value::Bool(rng.chance(1, 2)),
        _ => {
            if rng.chance(1, 2) {
                Value::Array(Vec::new())
            } else {
                Value::Object(Map::new())
            }
        }
    }
}

/// The number of values in `v`, itself included.
pub fn json_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(json_nodes).sum(),
        Value::Object(map) => map.values().map(json_nodes).sum(),
        _ => 0,
    }
}

/// The `k`-th value of `v` in depth-first order (0 is `v` itself); `v`
/// when there are fewer.
pub fn json_node_mut(v: &mut Value, k: usize) -> &mut Value {
    if k == 0 {
        return v;
    }
    // Find the child that holds the node first, then borrow it mutably.
    let mut rest = k - 1;
    let child = match &*v {
        Value::Array(items) => items.iter().map(json_nodes).collect::<Vec<_>>(),
        Value::Object(map) => map.values().map(json_nodes).collect::<Vec<_>>(),
        _ => Vec::new(),
    }
    .into_iter()
    .enumerate()
    .find_map(|(i, n)| {
        if rest < n {
            Some(i)
        } else {
            rest -= n;
            None
        }
    });
    match (v, child) {
        (Value::Array(items), Some(i)) => json_node_mut(&mut items[i], rest),
        (Value::Object(map), Some(i)) => match map.values_mut().nth(i) {
            Some(c) => json_node_mut(c, rest),
            None => unreachable!("child {i} was counted"),
        },
        (v, _) => v,
    }
}

/// `v` wrapped in `depth` arrays or one-key objects.
pub fn nest(rng: &mut Rng, v: Value, depth: usize) -> Value {
    let mut out = v;
    for _ in 0..depth {
        out = if rng.chance(1, 2) {
            Value::Array(vec![out])
        } else {
            let mut map = Map::new();
            map.insert("x".into(), out);
            Value::Object(map)
        };
    }
    out
}

/// One structural edit of one value of `doc`, chosen at random: see the
/// section's doc. `keys` are the format's own keys (and near misses),
/// `strings` its own texts.
pub fn edit_json(rng: &mut Rng, doc: &mut Value, keys: &[&str], strings: &[&str]) {
    let n = json_nodes(doc);
    // Another value of the document, to put where it does not belong.
    let donor = json_node_mut(doc, rng.below(n)).clone();
    let node = json_node_mut(doc, rng.below(n));
    match rng.below(10) {
        // A value of the wrong type or out of range in place of this one.
        0..=2 => *node = hostile_scalar(rng, strings),
        3 => *node = donor,
        4 => {
            let most = if rng.chance(1, 8) { 200 } else { 8 };
            let depth = 1 + rng.below(most);
            *node = nest(rng, node.take(), depth);
        }
        // An edit that fits the node's own type.
        _ => match node {
            Value::Number(_) => *node = rng.pick(hostile_numbers()).clone(),
            Value::String(s) => *s = hostile_string(rng, strings),
            Value::Array(items) => {
                let len = items.len();
                match rng.below(7) {
                    0 if len > 0 => {
                        items.remove(rng.below(len));
                    }
                    1 if len > 0 => {
                        let i = rng.below(len);
                        let copy = items[i].clone();
                        items.insert(i, copy);
                    }
                    2 if len > 1 => items.swap(rng.below(len), rng.below(len)),
                    3 => items.truncate(rng.below(len + 1)),
                    4 if len > 0 && rng.chance(1, 8) => {
                        // Grown past any limit: ten thousand and more.
                        let copy = items[rng.below(len)].clone();
                        items.resize(10_001 + rng.below(3), copy);
                    }
                    5 => items.reverse(),
                    _ => items.insert(rng.below(len + 1), hostile_scalar(rng, strings)),
                }
            }
            Value::Object(map) => {
                let present: Vec<String> = map.keys().cloned().collect();
                match rng.below(3) {
                    0 if !present.is_empty() => {
                        map.remove(rng.pick(&present));
                    }
                    1 if !present.is_empty() => {
                        // Renamed: to another key of the format, a near
                        // miss, or a hostile text.
                        let old = rng.pick(&present).clone();
                        let value = map.remove(&old).unwrap_or(Value::Null);
                        let new = if rng.chance(3, 4) {
                            rng.token(keys).to_string()
                        } else {
                            hostile_string(rng, keys)
                        };
                        map.insert(new, value);
                    }
                    _ => {
                        let key = if rng.chance(3, 4) {
                            rng.token(keys).to_string()
                        } else {
                            hostile_string(rng, keys)
                        };
                        let value = if rng.chance(1, 2) {
                            donor
                        } else {
                            hostile_scalar(rng, strings)
                        };
                        map.insert(key, value);
                    }
                }
            }
            _ => *node = hostile_scalar(rng, strings),
        },
    }
}

/// `doc` with one to three [`edit_json`] edits.
pub fn mutate_json(rng: &mut Rng, doc: &Value, keys: &[&str], strings: &[&str]) -> Value {
    let mut out = doc.clone();
    for _ in 0..1 + rng.below(3) {
        edit_json(rng, &mut out, keys, strings);
    }
    out
}

/// `v` as text, written in one of several ways: compact, pretty, or with
/// one key of one object written twice (which a `Value` cannot hold), the
/// second time with another value.
pub fn json_text(rng: &mut Rng, v: &Value) -> String {
    match rng.below(4) {
        0 => serde_json::to_string_pretty(v).unwrap_or_default(),
        1 => {
            let mut objects = Vec::new();
            let mut count = 0;
            list_objects(v, &mut count, &mut objects);
            if objects.is_empty() {
                return v.to_string();
            }
            let target = *rng.pick(&objects);
            let mut out = String::new();
            let mut count = 0;
            write_with_duplicate(rng, v, target, &mut count, &mut out);
            out
        }
        _ => v.to_string(),
    }
}

/// The depth-first numbers of the non-empty objects in `v`.
fn list_objects(v: &Value, count: &mut usize, out: &mut Vec<usize>) {
    let here = *count;
    *count += 1;
    match v {
        Value::Array(items) => items.iter().for_each(|i| list_objects(i, count, out)),
        Value::Object(map) => {
            if !map.is_empty() {
                out.push(here);
            }
            map.values().for_each(|i| list_objects(i, count, out));
        }
        _ => {}
    }
}

/// Write `v` compactly, the object numbered `target` (depth-first, all
/// values counted) with its first key written again at the end.
fn write_with_duplicate(
    rng: &mut Rng,
    v: &Value,
    target: usize,
    count: &mut usize,
    out: &mut String,
) {
    let here = *count;
    *count += 1;
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_with_duplicate(rng, item, target, count, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                write_with_duplicate(rng, item, target, count, out);
            }
            if here == target {
                if let Some((k, item)) = map.iter().next() {
                    let again = if rng.chance(1, 2) {
                        item.clone()
                    } else {
                        hostile_scalar(rng, &["x"])
                    };
                    out.push(',');
                    out.push_str(&Value::String(k.clone()).to_string());
                    out.push(':');
                    out.push_str(&again.to_string());
                }
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

// Saved games and records as the app writes them, to mutate: random games
// played through the session API, random endgames, finished games and the
// records they make. This part uses the `checkers` engine, which every
// crate that includes this file depends on.

use checkers::game::Game;
use checkers::records::{ArchivedGame, Records};
use checkers::sides::First;
use checkers::{to_fen, Bitboard, Color, Level, Position, Square};
use serde_json::json;

/// The keys of both saved-game versions, and near misses.
#[rustfmt::skip]
pub const GAME_KEYS: &[&str] = &[
    "version", "level", "first", "start", "startQuiet", "moves", "chain", "playTimeMs",
    "startedAtMs", "recorded", "fen", "quiet", "lastMove", "Version", "start_quiet", "",
    "path", "side",
];

/// The keys of both records versions and their kept games, and near misses.
#[rustfmt::skip]
pub const RECORDS_KEYS: &[&str] = &[
    "version", "easy", "normal", "hard", "history", "wins", "losses", "draws",
    "playerPiecesLeft", "cpuPiecesLeft", "playTimeMs", "id", "finishedAtMs", "startedAtMs",
    "level", "first", "result", "outcome", "playerPieces", "cpuPieces", "start", "startQuiet",
    "moves", "Easy", "turns", "",
];

/// Texts of the formats: names (right and nearly right), positions
/// (standard, either side to move, endgames, empty sides, bracketed
/// multi-byte text), moves.
#[rustfmt::skip]
pub const STRINGS: &[&str] = &[
    "easy", "normal", "hard", "Easy", " easy", "expert", "player", "cpu", "Player", "both",
    "win", "loss", "draw", "Win", "B:W21-32:B1-12", "W:W21-32:B1-12", "W:W22:B18",
    "W:WK11:B6,7,14,15", "B:W18:B14", "W:W:B1", "B:W1:B", "[FEN \"B:W21-32:B1-12\"]",
    "[aaé]", "[FE€]", "[𝄞]", "11-15", "22-18", "22x15", "15x22", "9-14", "24-20", "22x15x6",
    "11x18x25", "1-5", "32-27", "x", "-", "0-0", "33-29", "", " ", "11-15 ", "１１-１５",
];

pub fn sq(n: u8) -> Square {
    Square::try_from(n).expect("a square number from 1 to 32")
}

/// A level, at random.
pub fn level(rng: &mut Rng) -> Level {
    *rng.pick(&Level::ALL)
}

/// Who starts, at random.
pub fn first(rng: &mut Rng) -> First {
    *rng.pick(&[First::Player, First::Cpu])
}

/// A random legal position with few pieces, so games end soon.
pub fn sparse_position(rng: &mut Rng) -> Position {
    loop {
        let mask = |rng: &mut Rng| rng.next_u64() as u32 & rng.next_u64() as u32;
        let b = mask(rng) & mask(rng) & 0x0FFF_FFFF;
        let w = mask(rng) & mask(rng) & !b & 0xFFFF_FFF0;
        let k = rng.next_u64() as u32;
        let turn = *rng.pick(&[Color::Black, Color::White]);
        if let Ok(p) = Position::new(Bitboard(b), Bitboard(w), Bitboard(k), turn) {
            return p;
        }
    }
}

/// A saved game in the version-1 shape: the position at the start of the
/// current turn, its counter and the chain in progress.
pub fn v1_value(rng: &mut Rng, g: &Game) -> Value {
    let chain: Vec<u8> = g.chain().iter().map(|s| s.number()).collect();
    let last_move = if rng.chance(1, 2) {
        Value::Null
    } else {
        json!({ "side": "cpu", "path": [9, 14] })
    };
    json!({
        "version": 1,
        "level": g.level(),
        "first": g.first(),
        "fen": to_fen(g.position()),
        "quiet": g.quiet(),
        "chain": chain,
        "lastMove": last_move,
        "playTimeMs": g.play_time_ms(),
        "recorded": g.is_recorded(),
    })
}

/// A game at `pos` through the version-1 path, as an older build saved it.
pub fn game_at(rng: &mut Rng, pos: &Position) -> Game {
    let doc = json!({
        "version": 1, "level": level(rng), "first": first(rng), "fen": to_fen(pos),
        "quiet": rng.below(40), "chain": [], "playTimeMs": rng.below(1 << 20),
    });
    Game::from_value(doc).expect("a legal position reads as a saved game")
}

/// One step of random play through the session API: the CPU's move (any
/// legal one), the player's hop (one of those offered, rarely any squares
/// at all), or an undo. False once the game has ended.
pub fn step(rng: &mut Rng, g: &mut Game) -> bool {
    if g.result().is_some() {
        return false;
    }
    if g.cpu_to_move() {
        let moves = g.position().legal_moves();
        let mv = *rng.pick(&moves);
        g.apply_cpu_move(&mv).expect("a legal CPU move is applied");
    } else if rng.chance(1, 10) {
        let _ = g.undo();
    } else if rng.chance(1, 20) {
        let _ = g.play_hop(sq(1 + rng.below(32) as u8), sq(1 + rng.below(32) as u8));
    } else {
        let legal = g.legal_moves();
        let m = rng.pick(legal.movable());
        let to = *rng.pick(&m.to);
        g.play_hop(m.from, to).expect("an offered hop is legal");
    }
    if rng.chance(1, 4) {
        g.add_play_time(rng.below(200_000) as u64);
    }
    true
}

/// A game as the app saves it: new or from a random endgame, played for a
/// random number of steps (so it may stop mid-chain, on the CPU's turn,
/// or at its end), and, when it ended, marked recorded half of the time.
pub fn random_game(rng: &mut Rng) -> Game {
    let mut g = if rng.chance(1, 3) {
        // A saved game never begins at the end of a game.
        let pos = loop {
            let pos = sparse_position(rng);
            if pos.count_moves() > 0 {
                break pos;
            }
        };
        game_at(rng, &pos)
    } else {
        let g = Game::new(level(rng), first(rng));
        if rng.chance(3, 4) {
            g.started_at(rng.next_u64() >> rng.below(64))
        } else {
            g
        }
    };
    let most = if rng.chance(1, 4) { 400 } else { 60 };
    let steps = rng.below(most);
    for _ in 0..steps {
        if !step(rng, &mut g) {
            break;
        }
    }
    if rng.chance(1, 2) {
        g.mark_recorded();
    }
    g
}

/// A game played to its end.
pub fn finished_game(rng: &mut Rng) -> Game {
    loop {
        let mut g = random_game(rng);
        for _ in 0..2_000 {
            if !step(rng, &mut g) {
                break;
            }
        }
        if g.result().is_some() {
            return g;
        }
    }
}

/// Records built as the shell builds them: finished games added with
/// `Records::add` (numbers sometimes repeated, so one replaces another),
/// up to past the history's length.
pub fn random_records(rng: &mut Rng, finished: &[Game]) -> Records {
    let mut records = Records::default();
    let n = match rng.below(4) {
        0 => 0,
        1 | 2 => rng.below(6),
        _ => rng.below(60),
    };
    for _ in 0..n {
        let g = rng.pick(finished);
        let id = if rng.chance(1, 2) {
            rng.below(80) as u64
        } else {
            rng.next_u64() >> rng.below(64)
        };
        let at = rng.next_u64() >> rng.below(64);
        records.add(ArchivedGame::of(g, id, at).expect("a finished game is archived"));
    }
    records
}

/// Records in the version-1 shape: counts only, some near their limits.
pub fn v1_records(rng: &mut Rng) -> Value {
    let counts = |rng: &mut Rng| {
        let count = |rng: &mut Rng| {
            if rng.chance(1, 8) {
                u32::MAX - rng.below(3) as u32
            } else {
                rng.below(100) as u32
            }
        };
        let (w, l, d) = (count(rng), count(rng), count(rng));
        let games = u64::from(w) + u64::from(l) + u64::from(d);
        let pieces = |rng: &mut Rng| (rng.next_u64() % (12 * games + 1)).min(u32::MAX.into());
        json!({
            "wins": w, "losses": l, "draws": d,
            "playerPiecesLeft": pieces(rng), "cpuPiecesLeft": pieces(rng),
            "playTimeMs": rng.next_u64() >> rng.below(64),
        })
    };
    json!({
        "version": 1,
        "easy": counts(rng),
        "normal": counts(rng),
        "hard": counts(rng),
    })
}
