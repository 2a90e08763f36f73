//! Fuzzing the parsers of outside text (FEN, move notation, PDN) and the
//! command line: nothing a file or a caller holds may panic the engine or
//! the CLI.
//!
//! Inputs come from `test_kit::text`: tokens of each format's own
//! alphabet mixed with multi-byte, zero-width and control characters,
//! mutations of valid documents, and every truncation of valid documents at
//! every character and every byte. Each parser runs inside `catch_unwind`,
//! so a panic is counted and its input shown rather than ending the run.
//! Besides not panicking, every error must print as one line that quotes
//! only a short prefix of the input, and a PDN game that reads must read
//! again, the same, from what the writer makes of it; a broken property is
//! a panic in these counts.
//!
//! - `cargo test -p checkers --test fuzz` runs a short pass (about 10^5
//!   inputs) and spawns the CLI on a few thousand hostile command lines.
//! - The long run, at least 10^7 inputs, on all cores:
//!
//!   ```text
//!   FUZZ_INPUTS=10000000 nice -n 19 cargo test -p checkers --test fuzz -- --ignored --nocapture
//!   ```
//!
//!   It prints the inputs tried, the panics found (which must be 0) and the
//!   time. It uses the test profile on purpose: the engine is built at
//!   opt-level 3 there but keeps overflow checks and debug assertions, which
//!   a `--release` build would drop, so an arithmetic overflow is a panic
//!   here instead of a silent wrap. `FUZZ_SEED` changes the inputs.

use checkers::pdn::{PdnGame, PdnResult};
use checkers::{parse_fen, parse_move, parse_pdn, to_fen, Bitboard, Color, Position};
use std::path::{Path, PathBuf};
use test_kit::cli::Tool;
use test_kit::fuzz::{long_run, long_run_size, Harness};
use test_kit::text::{byte_truncations, char_truncations, from_alphabet, mutate, HOSTILE};
use test_kit::Rng;

/// The longest error message allowed: the fixed words around at most two
/// quoted excerpts of 24 characters (each escape of a hidden character
/// takes up to 10 characters) and the legal moves an ambiguity lists.
const MAX_MESSAGE_CHARS: usize = 600;

/// The FEN alphabet: sides, sections, kings, separators, wrappers, squares
/// in and out of range, and a too-long number.
#[rustfmt::skip]
const FEN_ALPHABET: &[&str] = &[
    "B", "W", "b", "w", "K", "k", ":", ",", "-", "x", ".", "[", "]", "\"", "FEN", "[FEN \"",
    "\"]", " ", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "12", "21", "32", "33",
    "99999999999999999999999", "-1", "K1", "1-12", "21-32",
];

/// The move alphabet: squares, separators, short and full paths.
#[rustfmt::skip]
const MOVE_ALPHABET: &[&str] = &[
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "11", "15", "22", "18", "32", "33", "-",
    "x", "X", " ", ".", "x6", "-15", "11-15", "22x15x6", "99999999999999999999",
];

/// The PDN alphabet: tag openings and closings, escapes, comments,
/// variations, NAGs, marks, move numbers, moves, results and line ends.
#[rustfmt::skip]
const PDN_ALPHABET: &[&str] = &[
    "[", "]", "\"", "\\\"", "\\\\", "[Event \"", "[FEN \"", "[Result \"", "[GameType \"",
    "[SetUp \"1\"]", "\"]", "\"]\n", "B:W21-32:B1-12", "W:W21-32:B1-12", "21", "20", "{", "}",
    "{x}", "(", ")", "(?)", "(11-15)", "$", "$1", "!", "?", "!?", ";", "%", "\n%", "*", "1-0",
    "0-1", "1/2-1/2", "2-0", "0-0", "1.", "1...", "...", "12.", " ", " ", " ", "\n", "\r\n",
    "11-15", "22-18", "15x22", "25x18", "9-14", "22x6", "22x15x6", "x", "-", "0", "1", "9",
];

/// Positions to read moves in: the start, White to move there, a capture
/// with a short form, a king's loop (ambiguous short form), no move at all.
fn move_positions() -> Vec<Position> {
    [
        "B:W21-32:B1-12",
        "W:W21-32:B1-12",
        "W:W22:B18,10",
        "W:WK11:B6,7,14,15",
        "W:W29:B25,22",
    ]
    .iter()
    .map(|f| parse_fen(f).unwrap())
    .collect()
}

/// A legal position: random play from the start (either side first), or
/// random sparse men and kings.
fn random_position(rng: &mut Rng) -> Position {
    if rng.chance(1, 2) {
        let turn = if rng.chance(1, 2) {
            Color::Black
        } else {
            Color::White
        };
        let mut pos = Position::start().with_turn(turn);
        for _ in 0..rng.below(80) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(rng.pick(&moves));
        }
        pos
    } else {
        loop {
            let b = rng.next_u64() as u32 & rng.next_u64() as u32 & 0x0FFF_FFFF;
            let w = rng.next_u64() as u32 & rng.next_u64() as u32 & !b & 0xFFFF_FFF0;
            let k = rng.next_u64() as u32;
            let turn = if rng.chance(1, 2) {
                Color::Black
            } else {
                Color::White
            };
            if let Ok(p) = Position::new(Bitboard(b), Bitboard(w), Bitboard(k), turn) {
                return p;
            }
        }
    }
}

/// A valid PDN game: random tags (quotes, backslashes, non-ASCII), a random
/// start and up to 40 random moves.
fn random_pdn(rng: &mut Rng) -> String {
    let start = if rng.chance(1, 2) {
        Position::start().with_turn(if rng.chance(1, 2) {
            Color::Black
        } else {
            Color::White
        })
    } else {
        random_position(rng)
    };
    let mut pos = start;
    let mut moves = Vec::new();
    for _ in 0..rng.below(40) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = *rng.pick(&legal);
        pos = pos.play_unchecked(&mv);
        moves.push(mv);
    }
    let values = [
        "Casual",
        "CPU (Hard)",
        "You",
        "a \"quoted\" \\ name",
        "Málaga €",
        "",
    ];
    PdnGame {
        tags: vec![
            ("Event".into(), rng.pick(&values).to_string()),
            ("Black".into(), rng.pick(&values).to_string()),
            ("White".into(), rng.pick(&values).to_string()),
        ],
        start,
        moves,
        result: *rng.pick(&[
            PdnResult::BlackWins,
            PdnResult::WhiteWins,
            PdnResult::Draw,
            PdnResult::Unfinished,
        ]),
    }
    .to_pdn()
}

/// An error's message: one line, and short whatever the input.
fn check_message(e: &dyn std::error::Error) {
    let msg = e.to_string();
    assert!(
        !msg.chars().any(|c| c.is_control()),
        "message with a control character: {msg:?}"
    );
    assert!(
        msg.chars().count() <= MAX_MESSAGE_CHARS,
        "message of {} characters",
        msg.chars().count()
    );
}

fn fen_target(input: &str) {
    match parse_fen(input) {
        Ok(pos) => assert_eq!(parse_fen(&to_fen(&pos)), Ok(pos)),
        Err(e) => check_message(&e),
    }
}

fn move_target(positions: &[Position], input: &str) {
    for pos in positions {
        match parse_move(pos, input) {
            Ok(mv) => assert!(pos.legal_moves().contains(&mv)),
            Err(e) => check_message(&e),
        }
    }
}

fn pdn_target(input: &str) {
    match parse_pdn(input) {
        Ok(game) => {
            let end = game.check().expect("a game read has legal moves");
            let again = parse_pdn(&game.to_pdn()).expect("what the writer makes reads");
            assert_eq!(
                (again.start, &again.moves, again.result),
                (game.start, &game.moves, game.result)
            );
            assert_eq!(again.final_position(), end);
        }
        Err(e) => check_message(&e),
    }
}

/// Run `n` generated inputs (about a third per format) from `seed`, plus
/// every truncation of a few valid documents.
fn fuzz(seed: u64, n: u64, harness: &mut Harness) {
    let mut rng = Rng::new(seed);
    let positions = move_positions();
    let target = harness.inputs + n;
    // Every truncation, at every char and every byte, of valid documents.
    let mut fens = vec!["[FEN \"B:W21-32:B1-12\"]".to_string()];
    let mut pdns = vec![random_pdn(&mut rng)];
    for _ in 0..2 {
        fens.push(to_fen(&random_position(&mut rng)));
        pdns.push(random_pdn(&mut rng));
    }
    for doc in &fens {
        for t in char_truncations(doc) {
            harness.run("parse_fen", t, fen_target);
        }
        for t in byte_truncations(doc) {
            harness.run("parse_fen", &t, fen_target);
        }
    }
    for doc in &pdns {
        for t in char_truncations(doc) {
            harness.run("parse_pdn", t, pdn_target);
        }
        for t in byte_truncations(doc) {
            harness.run("parse_pdn", &t, pdn_target);
        }
    }
    while harness.inputs < target {
        let pos = random_position(&mut rng);
        // FEN: alphabet soup, a bracketed soup (what found '[aaé]'), a
        // mutated real FEN.
        let fen = to_fen(&pos);
        for input in [
            from_alphabet(&mut rng, FEN_ALPHABET, 24),
            format!("[{}]", from_alphabet(&mut rng, FEN_ALPHABET, 6)),
            mutate(&mut rng, &fen, FEN_ALPHABET),
        ] {
            harness.run("parse_fen", &input, fen_target);
        }
        // Moves: soup and mutated legal moves, read in several positions.
        let legal = pos.legal_moves();
        let mv = legal.first().map(|m| m.to_string()).unwrap_or_default();
        for input in [
            from_alphabet(&mut rng, MOVE_ALPHABET, 8),
            mutate(&mut rng, &mv, MOVE_ALPHABET),
        ] {
            harness.run("parse_move", &input, |t| move_target(&positions, t));
        }
        // PDN: soup and mutated games (written by the writer).
        if rng.chance(1, 4) {
            let doc = random_pdn(&mut rng);
            harness.run(
                "parse_pdn",
                &mutate(&mut rng, &doc, PDN_ALPHABET),
                pdn_target,
            );
        } else {
            let soup = from_alphabet(&mut rng, PDN_ALPHABET, 40);
            harness.run("parse_pdn", &soup, pdn_target);
        }
    }
}

#[test]
fn parsers_survive_a_short_fuzz_run() {
    let mut harness = Harness::new(10);
    fuzz(1, 100_000, &mut harness);
    println!("short fuzz run: {}", harness.report());
    assert_eq!(harness.panics, 0, "{}", harness.report());
}

/// The long run: `FUZZ_INPUTS` inputs (default 10^7) over all cores.
#[test]
#[ignore = "long: run with --ignored, see the module doc"]
fn parsers_survive_a_long_fuzz_run() {
    let (total, seed) = long_run_size(10_000_000);
    let run = long_run(total, seed, fuzz);
    println!("{}", run.report("FEN, move text, PDN", ""));
    assert!(run.inputs >= total);
    assert_eq!(run.panics, 0);
}

/// Numbers for options and depths: invalid ones, and valid ones small
/// enough that no command line runs long (perft and search depth at most
/// 3, at most 3 match games, 3 threads).
#[rustfmt::skip]
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "-1", "10001", "99999999999999999999", "4294967297", "1e3", "٣", "３",
    " 1", "+2", "0x1", "", "1.5",
];

#[rustfmt::skip]
const OPTIONS: &[&str] = &[
    "--fen", "--quiet", "--level", "--depth", "--threads", "--a", "--b", "--games", "--", "-",
    "--x", "-fen", "--fen=", "--depth=", "--level=", "--games=", "--FEN",
];

#[rustfmt::skip]
const COMMANDS: &[&str] = &[
    "moves", "perft", "best", "bench", "match", "pdn", "help", "--help", "-h", "", "MOVES",
    "pdn ", "best\u{200b}",
];

/// Files for `pdn`: a good game, hostile ones, a Latin-1 one, an empty one,
/// and paths that are missing or a directory.
fn pdn_files(dir: &Path, rng: &mut Rng) -> Vec<String> {
    let mut contents: Vec<Vec<u8>> = vec![
        random_pdn(rng).into_bytes(),
        b"[Site \"M\xe1laga\"] 1. 11-15 *".to_vec(),
        Vec::new(),
        "[aaé]".into(),
        "[FEN \"[FE€]\"] *".into(),
    ];
    for _ in 0..6 {
        let doc = random_pdn(rng);
        contents.push(mutate(rng, &doc, PDN_ALPHABET).into_bytes());
        contents.push(from_alphabet(rng, PDN_ALPHABET, 40).into_bytes());
    }
    let mut paths: Vec<String> = contents
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let path = dir.join(format!("{i}.pdn"));
            std::fs::write(&path, c).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect();
    paths.push(dir.join("missing.pdn").to_string_lossy().into_owned());
    paths.push(dir.to_string_lossy().into_owned());
    paths.push("-".into());
    paths
}

/// One hostile argument: an option, a number, a level, a FEN (soup,
/// bracketed soup, the texts that once panicked, a real one), a PDN path, or
/// alphabet soup with hostile characters.
fn argument(rng: &mut Rng, files: &[String]) -> String {
    let arg = match rng.below(9) {
        0 | 1 => rng.token(OPTIONS).to_string(),
        2 => rng.token(NUMBERS).to_string(),
        3 => rng
            .token(&["easy", "EASY", " easy ", "expert", "hard\u{0}"])
            .to_string(),
        4 => from_alphabet(rng, FEN_ALPHABET, 12),
        5 => format!("[{}]", from_alphabet(rng, FEN_ALPHABET, 4)),
        6 => rng
            .token(&[
                "[aaé]",
                "[FE€]",
                "[𝄞]",
                "B:W21-32:B1-12",
                "W:WK11:B6,7,14,15",
            ])
            .to_string(),
        7 => rng.pick(files).clone(),
        _ => from_alphabet(rng, HOSTILE, 6),
    };
    let arg = if rng.chance(1, 6) {
        format!("{}={arg}", rng.token(OPTIONS))
    } else {
        arg
    };
    // A NUL cannot be passed to a program at all.
    arg.replace('\0', "0")
}

/// A FEN argument: soup of the FEN alphabet, bracketed soup, the texts
/// that once panicked, or a real position, mutated or not.
fn fen_argument(rng: &mut Rng) -> String {
    let fen = to_fen(&random_position(rng));
    match rng.below(5) {
        0 => from_alphabet(rng, FEN_ALPHABET, 12),
        1 => format!("[{}]", from_alphabet(rng, FEN_ALPHABET, 4)),
        2 => rng.token(&["[aaé]", "[FE€]", "[𝄞]"]).to_string(),
        3 => mutate(rng, &fen, FEN_ALPHABET),
        _ => fen,
    }
    .replace('\0', "0")
}

/// `--name value` or `--name=value`.
fn option(rng: &mut Rng, args: &mut Vec<String>, name: &str, value: String) {
    if rng.chance(1, 3) {
        args.push(format!("--{name}={value}"));
    } else {
        args.push(format!("--{name}"));
        args.push(value);
    }
}

/// A command line. Half are shaped like real ones (a command with its own
/// options, each given a hostile value), so the values reach the parsers
/// behind the argument checks; the others are a command, or anything, and
/// up to six hostile arguments. `bench` always gets a stray argument, so it
/// stops at its argument check instead of timing every level.
fn command_line(rng: &mut Rng, files: &[String]) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    if rng.chance(1, 2) {
        let level = |rng: &mut Rng| rng.token(&["easy", " EASY", "expert", "é"]).to_string();
        let number = |rng: &mut Rng| rng.token(NUMBERS).to_string();
        match rng.below(5) {
            0 => {
                args.push("moves".into());
                let fen = fen_argument(rng);
                option(rng, &mut args, "fen", fen);
            }
            1 => {
                args.push("perft".into());
                let fen = fen_argument(rng);
                option(rng, &mut args, "fen", fen);
                args.push(number(rng));
            }
            2 => {
                args.push("best".into());
                let fen = fen_argument(rng);
                option(rng, &mut args, "fen", fen);
                if rng.chance(1, 2) {
                    let d = number(rng);
                    option(rng, &mut args, "depth", d);
                } else {
                    let l = level(rng);
                    option(rng, &mut args, "level", l);
                }
                for name in ["quiet", "threads"] {
                    if rng.chance(1, 3) {
                        let n = number(rng);
                        option(rng, &mut args, name, n);
                    }
                }
            }
            3 => {
                args.push("match".into());
                for name in ["a", "b"] {
                    let l = level(rng);
                    option(rng, &mut args, name, l);
                }
                let n = number(rng);
                option(rng, &mut args, "games", n);
            }
            _ => {
                args.push("pdn".into());
                args.push(rng.pick(files).clone());
            }
        }
    } else {
        args.push(if rng.chance(1, 8) {
            argument(rng, files)
        } else {
            rng.token(COMMANDS).to_string()
        });
        for _ in 0..rng.below(7) {
            args.push(argument(rng, files));
        }
    }
    if args[0] == "bench" {
        args.push("¿".into());
    }
    args
}

/// The CLI on a few thousand hostile command lines: every one ends with
/// status 0 or 2, never a panic (101) or a signal.
#[test]
fn cli_survives_hostile_command_lines() {
    let dir: PathBuf = std::env::temp_dir().join(format!("checkers-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(9);
    let files = pdn_files(&dir, &mut rng);
    let jobs: Vec<(Vec<String>, Vec<u8>)> = (0..2000)
        .map(|_| {
            let line = command_line(&mut rng, &files);
            let doc = random_pdn(&mut rng);
            let stdin = if rng.chance(1, 2) {
                mutate(&mut rng, &doc, PDN_ALPHABET)
            } else {
                doc
            };
            (line, stdin.into_bytes())
        })
        .collect();
    let tool = Tool::new(env!("CARGO_BIN_EXE_checkers"), "checkers");
    let run = tool.contracts(&jobs);
    std::fs::remove_dir_all(&dir).unwrap();
    let (succeeded, refused, failures) = (run.succeeded, run.refused, run.failures);
    println!("{succeeded} command lines succeeded, {refused} were refused");
    // Both paths are exercised, not only the argument checks.
    assert!(
        succeeded >= 20 && refused >= 1000,
        "{succeeded} ok, {refused} refused"
    );
    assert!(
        failures.is_empty(),
        "{} of {} command lines failed:\n{}",
        failures.len(),
        jobs.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
