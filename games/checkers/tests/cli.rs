//! The `best`, `bench`, `match` and `pdn` subcommands: output format, exit
//! status, that the reply does not depend on `--threads`, and that hostile
//! arguments and input give one short error line, never a panic.

use std::process::Output;
use test_kit::cli::{stderr, stdout, Tool};

fn tool() -> Tool {
    Tool::new(env!("CARGO_BIN_EXE_checkers"), "checkers")
}

fn run(args: &[&str]) -> Output {
    tool().run(args)
}

/// Exit status 2 and exactly one line on stderr, starting `checkers: `,
/// nothing on stdout; the line is returned.
fn one_error_line(args: &[&str]) -> String {
    tool().one_error_line(args)
}

#[test]
fn best_prints_info_lines_then_bestmove() {
    let o = run(&["best", "--depth", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, line) in lines[..5].iter().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f[..3], ["info", "depth", &(i + 1).to_string()], "{line}");
        assert_eq!(f[3], "score");
        assert!(line.contains(" nodes ") && line.contains(" time ") && line.contains(" pv "));
    }
    let best = lines[5].strip_prefix("bestmove ").unwrap();
    // The first move of the last line's principal variation.
    let pv = lines[4].split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split_whitespace().next(), Some(best));
    // And it is a legal move from the start.
    let legal = stdout(&run(&["moves"]));
    assert!(legal.lines().any(|m| m == best), "{best}");
}

#[test]
fn best_by_level_and_fen_and_quiet() {
    // Black behind, 49 quiet turns: the king steps into 11x4 to draw (a
    // draw scored -1: the tie-break point goes to the side ahead).
    let o = run(&[
        "best",
        "--fen",
        "B:WK11,K2,30:BK4,20",
        "--quiet",
        "49",
        "--level",
        "normal",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("bestmove 4-8"));
    assert!(
        out.lines().rev().nth(1).unwrap().contains(" score -1 "),
        "{out}"
    );
}

#[test]
fn best_with_no_legal_move() {
    let o = run(&["best", "--fen", "W:W29:B25,22", "--level", "easy"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "bestmove none\n");
}

#[test]
fn best_reports_wins_in_turns() {
    let o = run(&["best", "--fen", "W:W32,K10:B28", "--depth", "3"]);
    let out = stdout(&o);
    assert!(out.contains(" score win 1 "), "{out}");
}

#[test]
fn best_does_not_depend_on_threads() {
    let fen = "B:W19,20,23,24,28,29,31:B3,4,5,7,10,11,12,17";
    let last_two = |t: &str| -> Vec<String> {
        let o = run(&["best", "--fen", fen, "--depth", "9", "--threads", t]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        // Drop the time field, the one thing allowed to differ.
        let info: Vec<&str> = lines[lines.len() - 2].split_whitespace().collect();
        let time = info.iter().position(|w| *w == "time").unwrap();
        let mut info = info;
        info.drain(time..time + 2);
        vec![info.join(" "), lines[lines.len() - 1].to_string()]
    };
    let one = last_two("1");
    assert_eq!(one, last_two("2"));
    assert_eq!(one, last_two("4"));
    assert_eq!(one[1], "bestmove 17-22");
}

#[test]
fn best_bad_arguments_exit_2_with_one_line() {
    for args in [
        &["best"][..],
        &["best", "--level", "expert"],
        &["best", "--depth", "0"],
        &["best", "--depth", "x"],
        &["best", "--level", "easy", "--depth", "3"],
        &["best", "--level", "easy", "--quiet", "51"],
        &["best", "--level", "easy", "--threads", "0"],
        &["best", "--level", "easy", "--fen", "X:nonsense"],
        &["best", "--level", "easy", "--bogus", "1"],
        &["best", "--level", "easy", "extra"],
        &["best", "--level", "easy", "--level", "hard"],
        &["moves", "--level", "easy"],
        &["match", "--a", "easy", "--b", "hard"],
        &["match", "--a", "easy", "--b", "hard", "--games", "100000"],
        &["match", "--a", "easy", "--games", "2"],
        &[
            "match",
            "--depth",
            "2",
            "--a-weights",
            "3,8",
            "--games",
            "2",
        ],
        &[
            "match",
            "--depth",
            "2",
            "--b-weights",
            "3,8,40",
            "--games",
            "2",
        ],
    ] {
        one_error_line(args);
    }
}

#[test]
fn match_reports_every_game_and_the_total() {
    let o = run(&["match", "--a", "normal", "--b", "easy", "--games", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    // Each opening twice, with colours swapped.
    assert!(games[0].contains("A (normal) black") && games[1].contains("A (normal) white"));
    let opening = |l: &str| l.split("opening ").nth(1).unwrap()[..16].to_string();
    assert_eq!(opening(games[0]), opening(games[1]));
    assert_ne!(opening(games[0]), opening(games[2]));
    let total = out
        .lines()
        .find(|l| l.starts_with("A (normal) vs B (easy): "))
        .unwrap();
    let n: Vec<u32> = total
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(3)
        .map(|s| s.parse().unwrap())
        .collect();
    assert_eq!(n.iter().sum::<u32>(), 4, "{total}");
    // Deterministic: the same games again.
    let again = stdout(&run(&[
        "match",
        "--a",
        "normal",
        "--b",
        "easy",
        "--games",
        "4",
        "--threads",
        "1",
    ]));
    let strip = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with("time "))
            .map(String::from)
            .collect()
    };
    assert_eq!(strip(&out), strip(&again));
}

/// Regression: a position text with a multi-byte character at
/// byte 3 inside brackets panicked `moves`, `perft` and `best` (exit 101).
#[test]
fn bracketed_multibyte_fen_is_an_error_not_a_panic() {
    for fen in ["[aaé]", "[FE€]", "[𝄞]"] {
        for args in [
            &["moves", "--fen", fen][..],
            &["perft", "--fen", fen, "1"],
            &["best", "--fen", fen, "--depth", "1"],
            &["best", &format!("--fen={fen}"), "--level", "easy"],
        ] {
            let err = one_error_line(args);
            assert!(err.starts_with("checkers: bad FEN: "), "{err}");
        }
    }
}

/// Regression: messages echoed their argument whole.
#[test]
fn errors_quote_a_short_prefix_of_long_arguments() {
    let long = "y".repeat(100_000);
    let fen = format!("B:W21:B{long}");
    let lvl = format!("--level={long}");
    for args in [
        &["moves", "--fen", &long][..],
        &["moves", "--fen", &fen],
        &[&long],
        &["moves", &long],
        &["moves", &format!("--{long}")],
        &["perft", &long],
        &["best", "--depth", &long],
        &["best", &lvl],
        &["match", "--a", &long, "--b", "easy", "--games", "2"],
    ] {
        let err = one_error_line(args);
        // The usage text follows an unknown command; nothing else is long.
        let head: String = err.chars().take(300).collect();
        assert!(err.len() < 600, "{} bytes: {head}", err.len());
        assert!(err.contains("yyyyyyyyyyyyyyyyyyyyyyyy…"), "{err}");
    }
}

/// Control characters in an argument never break the one-line message.
#[test]
fn control_characters_in_arguments_stay_on_one_line() {
    for args in [
        &["best", "--level", "ea\nsy"][..],
        &["moves", "--fen", "\u{1b}[2J"],
        &["perft", "1\r\n2"],
        &["no\u{2028}such"],
        &["moves", "extra\u{85}line"],
    ] {
        let err = one_error_line(args);
        assert!(!err.trim_end().chars().any(char::is_control), "{err:?}");
    }
}

/// An argument that is not UTF-8 is an error, not a panic in
/// `std::env::args`.
#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_errors() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    for args in [
        vec![OsString::from_vec(vec![0xff, 0xfe])],
        vec![
            OsString::from("moves"),
            OsString::from_vec(b"--fen=\xc3".to_vec()),
        ],
        vec![
            OsString::from("perft"),
            OsString::from_vec(vec![b'1', 0x80]),
        ],
    ] {
        let o = tool().command().args(&args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("not valid UTF-8"), "{err}");
    }
}

/// A file in the temporary directory holding `bytes`, unique to this test
/// process and `name`.
fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("checkers-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Run with `input` on standard input.
fn run_with_stdin(args: &[&str], input: Vec<u8>) -> Output {
    tool().run_with_stdin(args, input)
}

const PDN_GAME: &str = "[Event \"Club\"]\r\n[FEN \"W:W21-32:B1-12\"]\r\n\r\n\
    1... 22-17 {opens} 2. 11-15 25-22 (2... 24-19) 3. 15-18 23x14 4. 9x25 29x22 *\r\n";

#[test]
fn pdn_prints_moves_result_and_final_fen() {
    let path = temp_file("game.pdn", PDN_GAME.as_bytes());
    let o = run(&["pdn", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves 7\nresult *\nfen B:W17,21,22,24,26,27,28,30,31,32:B1,2,3,4,5,6,7,8,10,12\n"
    );
    assert!(o.stderr.is_empty());
    // The same from standard input.
    let o = run_with_stdin(&["pdn", "-"], PDN_GAME.as_bytes().to_vec());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("moves 7\n"));
    // A finished game: the result token comes back as written.
    let o = run_with_stdin(&["pdn", "-"], b"1. 11-15 22-18 0-1".to_vec());
    assert_eq!(stdout(&o).lines().nth(1), Some("result 0-1"));
    // Latin-1 (not UTF-8) in a tag is read, as PDN 3.0 recommends.
    let o = run_with_stdin(&["pdn", "-"], b"[Site \"M\xe1laga\"] 1. 11-15 *".to_vec());
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn pdn_stops_at_the_first_illegal_move() {
    let o = run_with_stdin(&["pdn", "-"], b"1. 11-15 22-18\n2. 15-19 24x15 *".to_vec());
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert_eq!(
        stderr(&o),
        "checkers: -: move 2. 15-19 (black): 15-19 is not a legal move in this position\n"
    );
    let path = temp_file(
        "bad.pdn",
        b"[FEN \"W:W21-32:B1-12\"] 1... 22-17 2. 11-15 25-21 *",
    );
    let err = one_error_line(&["pdn", path.to_str().unwrap()]);
    assert!(err.contains("move 2... 25-21 (white)"), "{err}");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn pdn_bad_input_and_arguments_exit_2_with_one_line() {
    let missing = std::env::temp_dir().join("checkers-cli-no-such-file.pdn");
    let dir = std::env::temp_dir();
    for args in [
        &["pdn"][..],
        &["pdn", "a.pdn", "b.pdn"],
        &["pdn", "--fen", "B:W21:B1", "a.pdn"],
        &["pdn", missing.to_str().unwrap()],
        &["pdn", dir.to_str().unwrap()],
    ] {
        one_error_line(args);
    }
    for text in [
        "[aaé]".as_bytes(),
        "[FE€]".as_bytes(),
        "[𝄞]".as_bytes(),
        b"",
        b"{never closed",
        b"[GameType \"20\"] 1. 32-28 *",
        b"[Result \"1-0\"] 1. 11-15 0-1",
        b"1. 11-15 2-0",
        b"\xff\xfe\x00\x01",
    ] {
        let o = run_with_stdin(&["pdn", "-"], text.to_vec());
        assert_eq!(o.status.code(), Some(2), "{text:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{text:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty());
    }
}

/// Larger input than the bound is refused without being read whole.
#[test]
fn pdn_refuses_input_over_16_mib() {
    let mut big = b"1. 11-15 ".to_vec();
    big.resize((16 << 20) + 1, b' ');
    let o = run_with_stdin(&["pdn", "-"], big.clone());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "checkers: - is larger than 16 MiB: not a PDN game\n"
    );
    big.pop();
    let o = run_with_stdin(&["pdn", "-"], big);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("moves 1\n"));
}

/// A standard output that cannot be written (here a full disk) is an
/// error with exit status 2, not a panic in `println!`.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_an_error_not_a_panic() {
    use std::process::Stdio;
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for (args, input) in [(&["help"][..], ""), (&["pdn", "-"], "1. 11-15 *")] {
        let mut child = tool()
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "checkers: cannot write to standard output: No space left on device (os error 28)\n"
        );
    }
}

/// A standard error that cannot be written does not turn an error into a
/// panic either: the exit status is still 2.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_still_exits_2() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [&["bogus"][..], &["moves", "--fen", "[aaé]"], &["pdn"]] {
        let o = tool()
            .command()
            .args(args)
            .stderr(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn bench_one_level_at_a_depth_with_ideal_speedups() {
    let lines = |t: &str| -> Vec<String> {
        let o = run(&[
            "bench",
            "--level",
            "normal",
            "--depth",
            "6",
            "--ideal",
            "--threads",
            t,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().map(String::from).collect()
    };
    let one = lines("1");
    assert_eq!(one.len(), 4, "{one:?}");
    assert_eq!(one[0], "bench: 56 positions, 1 threads");
    assert!(one[1].starts_with("normal depth  6: median "), "{}", one[1]);
    assert!(
        one[2].starts_with("normal ideal speedup: 2 threads "),
        "{}",
        one[2]
    );
    assert!(one[3].starts_with("fingerprint "));
    // The node count, the ideal speedups and the fingerprint do not depend
    // on the threads.
    let nodes = |l: &str| {
        let f: Vec<&str> = l.split(", ").collect();
        f[f.len() - 2].to_string()
    };
    assert!(nodes(&one[1]).starts_with("nodes "), "{}", one[1]);
    for t in ["2", "4"] {
        let many = lines(t);
        assert_eq!(nodes(&one[1]), nodes(&many[1]));
        assert_eq!(one[2..], many[2..]);
    }
    let o = run(&["bench", "--depth", "6"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `--help` fits one screen (24 lines of 80 columns) and names every
/// command; the development harness's options are not the player's.
#[test]
fn help_fits_one_screen_and_names_every_command() {
    let o = run(&["--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    assert!(help.lines().count() <= 24, "{help}");
    assert!(help.lines().all(|l| l.chars().count() <= 80), "{help}");
    for cmd in ["moves", "perft", "best", "bench", "match", "pdn"] {
        assert!(help.contains(&format!("checkers {cmd} ")), "{cmd}: {help}");
    }
    for harness in ["--against", "--repeat", "--step"] {
        assert!(!help.contains(harness), "{help}");
        let o = run(&["bench", "--level", "easy", harness, "1"]);
        assert_eq!(o.status.code(), Some(2), "{harness}");
    }
}

#[test]
fn match_pits_weights_at_one_depth() {
    let o = run(&[
        "match",
        "--depth",
        "3",
        "--a-weights",
        "6,8,4",
        "--games",
        "2",
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("game   1: opening "), "{out}");
    assert!(out.contains(" A (depth 3, weights 6,8,4) black, "), "{out}");
    let total = out
        .lines()
        .find(|l| l.starts_with("A (depth 3, weights 6,8,4) vs B (depth 3): "))
        .unwrap();
    assert!(
        total.ends_with("/2 = 0.0%") || total.contains("/2 = "),
        "{total}"
    );
    let z = out
        .lines()
        .find(|l| l.starts_with("sign test: z = "))
        .unwrap();
    assert!(z.ends_with("(|z| >= 1.96: significant at 5 %)"), "{z}");
}

/// Numbers are ASCII digits only: a sign, a space or any other digit is
/// refused with the same message as a number out of range.
#[test]
fn numbers_are_plain_digits_without_a_sign() {
    for (args, message) in [
        (
            &["best", "--depth", "+5"][..],
            "checkers: bad --depth '+5': expected a number from 1 to 64\n",
        ),
        (
            &["perft", "+3"],
            "checkers: bad depth '+3': expected a number from 1 to 20\n",
        ),
        (
            &["best", "--level", "easy", "--threads", "+2"],
            "checkers: bad --threads '+2': expected a number from 1 to 256\n",
        ),
        (
            &["best", "--level", "easy", "--quiet", "+1"],
            "checkers: bad --quiet '+1': expected a number from 0 to 50\n",
        ),
        (
            &["match", "--a", "easy", "--b", "easy", "--games", "+2"],
            "checkers: bad --games '+2': expected a number from 1 to 10000\n",
        ),
        (
            &["bench", "--threads", " 2"],
            "checkers: bad --threads ' 2': expected a number from 1 to 256\n",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr(&o), message, "{args:?}");
    }
}

/// `checkers bench --level easy | head -1`: the reader goes away after
/// the first line, and the bench stops at its next write with no message
/// and exit status 141, not a panic.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let first = tool().quiet_after_closed_pipe(&["bench", "--level", "easy"]);
    assert!(first.starts_with("bench: "), "{first}");
}
