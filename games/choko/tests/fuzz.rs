//! Fuzzing the readers of outside text (the position text, the action
//! text and a game's record) and the command line: no input may panic the
//! engine or the CLI.
//!
//! Inputs come from `test_kit::text`: tokens of each notation's own
//! alphabet mixed with multi-byte, zero-width and control characters,
//! mutations of valid texts written by the engine, and every cut of valid
//! texts at every character and byte. Each reader runs inside
//! `catch_unwind` (`test_kit::fuzz::Harness`), so a panic is counted and
//! its input shown rather than ending the run. Besides not panicking,
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
//!   `FUZZ_SEED` changes the inputs; `scripts/fuzz` runs it with the other
//!   targets.

use choko::record::{read_record, Record};
use choko::{parse_position, to_text, Action, Position, Side};
use test_kit::cli::Tool;
use test_kit::fuzz::{long_run, long_run_size, Harness};
use test_kit::text::{byte_truncations, char_truncations, from_alphabet, mutate};
use test_kit::Rng;

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
    "ｘ",
    "Ｏ",
    "３",
];

/// The action text's alphabet.
const ACTION_ALPHABET: &[&str] = &[
    "@", "a", "b", "c", "e", "f", "1", "3", "5", "6", "0", "-", "x", "X", " ", "c3", "e5", "a1",
    "@c3", "c3-c4", "c3xc5", "b2", "@@", "xx", "--", "ｘ", "３",
];

/// A game record's alphabet: tags, numbers, actions and results.
const RECORD_ALPHABET: &[&str] = &[
    "[",
    "]",
    "\"",
    " ",
    "\n",
    "Game",
    "Choko",
    "First",
    "X",
    "O",
    "Result",
    "Date",
    "1.",
    "2.",
    "10.",
    "@c3",
    "c3-c4",
    "c3xc5",
    "b2",
    "@",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "[Game \"Choko\"]",
    "\\",
    "ｘ",
    "\u{200b}",
];

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

fn record_target(input: &str) {
    match read_record(input) {
        Ok(g) => {
            let again = read_record(&g.record.to_text(g.outcome)).expect("a written record reads");
            assert_eq!(again.record.actions, g.record.actions);
            assert_eq!((again.position, again.outcome), (g.position, g.outcome));
        }
        Err(e) => check_message(&e),
    }
}

/// The record of a game of random play from the empty board.
fn random_record(rng: &mut Rng) -> String {
    let first = if rng.below(2) == 0 { Side::X } else { Side::O };
    let mut pos = Position::start_with(first);
    let mut actions = Vec::new();
    for _ in 0..rng.below(220) {
        let legal = pos.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = *rng.pick(&legal);
        pos = pos.play_unchecked(a);
        actions.push(a);
    }
    let tags = vec![("Date".to_string(), "2026.12.07".to_string())];
    Record {
        first,
        tags,
        actions,
    }
    .to_text(pos.outcome())
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
    let mut rng = Rng::new(seed);
    let target = h.inputs + n;
    let positions: Vec<Position> = (0..4).map(|_| random_position(&mut rng)).collect();
    for pos in &positions {
        let text = to_text(pos);
        for cut in char_truncations(&text) {
            h.run("parse_position", cut, position_target);
        }
        for cut in byte_truncations(&text) {
            h.run("parse_position", &cut, position_target);
        }
    }
    let record = random_record(&mut rng);
    for cut in char_truncations(&record) {
        h.run("read_record", cut, record_target);
    }
    while h.inputs < target {
        let pos = random_position(&mut rng);
        let text = to_text(&pos);
        for input in [
            from_alphabet(&mut rng, POSITION_ALPHABET, 16),
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
            from_alphabet(&mut rng, ACTION_ALPHABET, 6),
            mutate(&mut rng, &action, ACTION_ALPHABET),
        ] {
            h.run("parse_action", &input, |t| {
                action_target(std::slice::from_ref(&pos), t)
            });
        }
        if rng.below(8) == 0 {
            let record = random_record(&mut rng);
            for input in [
                from_alphabet(&mut rng, RECORD_ALPHABET, 24),
                mutate(&mut rng, &record, RECORD_ALPHABET),
                mutate(&mut rng, &record, RECORD_ALPHABET),
            ] {
                h.run("read_record", &input, record_target);
            }
        }
    }
}

#[test]
fn readers_survive_a_short_fuzz_run() {
    let mut h = Harness::new(20);
    fuzz(1, 200_000, &mut h);
    println!("short fuzz run: {}", h.report());
    assert_eq!(h.panics, 0, "{}", h.report());
}

/// The long run: see the module doc.
#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn readers_survive_a_long_fuzz_run() {
    let (total, seed) = long_run_size(10_000_000);
    let run = long_run(total, seed, fuzz);
    println!("{}", run.report("Choko position, action and record", ""));
    assert!(run.inputs >= total);
    assert_eq!(run.panics, 0);
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
    "game",
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
        0 => from_alphabet(rng, POSITION_ALPHABET, 12),
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
                _ => from_alphabet(rng, POSITION_ALPHABET, 6),
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

/// The CLI on 1,000 hostile command lines: every one ends with status 0
/// or 2, never a panic (101) or a signal.
#[test]
fn cli_survives_hostile_command_lines() {
    let mut rng = Rng::new(9);
    let mut jobs: Vec<(Vec<String>, Vec<u8>)> = (0..1000)
        .map(|_| (command_line(&mut rng), Vec::new()))
        .collect();
    // `game -` reads a record, whole or mutated, on standard input.
    for _ in 0..100 {
        let record = random_record(&mut rng);
        let text = if rng.below(2) == 0 {
            record
        } else {
            mutate(&mut rng, &record, RECORD_ALPHABET)
        };
        jobs.push((vec!["game".into(), "-".into()], text.into_bytes()));
    }
    let run = Tool::new(env!("CARGO_BIN_EXE_choko"), "choko").contracts(&jobs);
    let (succeeded, refused, failures) = (run.succeeded, run.refused, run.failures);
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
}
