//! The `choko` command-line tool: output formats, exit status, that the
//! answer does not depend on `--threads`, and that bad arguments give one
//! short error line and status 2, never a panic.

use std::process::Output;
use test_kit::cli::{stderr, stdout, Tool};

fn tool() -> Tool {
    Tool::new(env!("CARGO_BIN_EXE_choko"), "choko")
}

fn run(args: &[&str]) -> Output {
    tool().run(args)
}

#[test]
fn moves_lists_every_action_one_a_line() {
    let o = run(&["moves"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 25);
    assert_eq!(out.lines().next(), Some("@a1"));
    let o = run(&["moves", "--pos", "5/5/xo3/o4/5 o 11/10 o 0 3"]);
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "a2xa4 @"), "{out}");
    assert!(out.lines().any(|l| l == "b3-b2"), "{out}");
}

#[test]
fn perft_prints_a_line_per_depth_then_a_summary() {
    let o = run(&["perft", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["1 25", "2 600", "3 15700"]);
    assert!(lines[3].starts_with("time ") && lines[3].contains(" nodes/s"));
    assert_eq!(lines.len(), 4);
}

#[test]
fn best_prints_info_lines_then_the_action() {
    let o = run(&["best", "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (i, line) in lines[..4].iter().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f[..3], ["info", "depth", &(i + 1).to_string()], "{line}");
        assert!(line.contains(" score ") && line.contains(" nodes ") && line.contains(" pv "));
    }
    let best = lines[4].strip_prefix("bestaction ").unwrap();
    let pv = lines[3].split(" pv ").nth(1).unwrap();
    assert!(pv.starts_with(best), "{out}");
}

#[test]
fn best_is_the_same_on_any_thread_count() {
    let text = "o3x/o4/oo1x1/xxx2/1xoo1 x 4/4 x 0 18";
    let answers: Vec<String> = ["1", "2", "4"]
        .iter()
        .map(|t| {
            let o = run(&["best", "--pos", text, "--level", "6", "--threads", t]);
            assert!(o.status.success(), "{}", stderr(&o));
            // The times differ; the rest must not.
            stdout(&o)
                .lines()
                .map(|l| match l.split_once(" time ") {
                    Some((head, rest)) => format!("{head} {}", rest.split_once(' ').unwrap().1),
                    None => l.to_string(),
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
}

#[test]
fn best_reports_wins_and_finished_games() {
    let o = run(&[
        "best",
        "--pos",
        "5/2o2/2x2/5/o3x x 0/0 x 0 60",
        "--depth",
        "2",
    ]);
    let out = stdout(&o);
    assert!(out.contains(" score win 1 "), "{out}");
    assert!(out.ends_with("bestaction c3xc5 a1\n"), "{out}");
    let o = run(&[
        "best",
        "--pos",
        "2oox/4o/o3o/o4/xoo2 x 0/2 o 0 40",
        "--level",
        "1",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "bestaction none\n");
}

#[test]
fn bench_prints_one_line_per_level_and_a_fingerprint() {
    let o = run(&["bench", "--level", "2", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("bench: ") && lines[0].ends_with(" 1 threads"));
    assert!(lines[1].starts_with("L2  depth  2: median "), "{out}");
    assert!(lines[2].starts_with("fingerprint "));
    // The fingerprint is the node count, the same on two threads.
    let two = stdout(&run(&["bench", "--level", "2", "--threads", "2"]));
    assert_eq!(two.lines().last(), lines.last().copied());
}

#[test]
fn match_prints_each_game_and_the_summaries() {
    let o = run(&["match", "--a", "2", "--b", "1", "--games", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    for (i, line) in lines[..4].iter().enumerate() {
        assert!(
            line.starts_with(&format!("game {:>3}: opening @", i + 1)),
            "{line}"
        );
    }
    // Each opening twice, A taking X then O.
    assert!(lines[0].contains("A (L2) X") && lines[1].contains("A (L2) O"));
    assert!(lines[4].starts_with("A (L2) vs B (L1): "));
    assert!(lines[5].starts_with("sign test: z = "));
    assert!(lines[6].starts_with("first placer (X): "));
    assert!(lines[7].starts_with("time "));
    // The games are the same on any thread count.
    let again = stdout(&run(&[
        "match",
        "--a",
        "2",
        "--b",
        "1",
        "--games",
        "4",
        "--threads",
        "1",
    ]));
    assert_eq!(again.lines().take(7).collect::<Vec<_>>(), lines[..7]);
}

#[test]
fn help_fits_one_screen() {
    for cmd in ["help", "--help", "-h"] {
        let o = run(&[cmd]);
        assert!(o.status.success());
        let out = stdout(&o);
        assert!(out.lines().count() <= 24, "{out}");
        assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
        for name in ["moves", "perft", "best", "bench", "match"] {
            assert!(out.contains(name), "{name}");
        }
    }
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    let cases: &[&[&str]] = &[
        &[],
        &["fly"],
        &["moves", "--pos", "5/5/5/5 x 12/12 - 0 0"],
        &["moves", "--pos", "x4/5/5/5/5 o 12/12 x 0 1"],
        &["moves", "--pos"],
        &["moves", "extra"],
        &["moves", "--depth", "3"],
        &["perft"],
        &["perft", "0"],
        &["perft", "13"],
        &["perft", "-1"],
        &["perft", "2", "3"],
        &["best"],
        &["best", "--level", "9"],
        &["best", "--level", "0"],
        &["best", "--depth", "33"],
        &["best", "--depth", "2", "--level", "2"],
        &["best", "--depth", "2", "--depth", "2"],
        &["best", "--depth", "2", "--threads", "0"],
        &["bench", "--depth", "3"],
        &["bench", "stray"],
        &["match", "--a", "2", "--games", "2"],
        &["match", "--a", "2", "--b", "1"],
        &["match", "--a", "2", "--b", "1", "--games", "0"],
        &["match", "--a", "2", "--b", "1", "--games", "1001"],
        &["moves", "--pos", "a\nb"],
        &["best", "--unknown"],
    ];
    for args in cases {
        tool().one_error_line(args);
    }
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_an_error() {
    use std::os::unix::ffi::OsStrExt;
    let o = tool()
        .command()
        .arg("moves")
        .arg(std::ffi::OsStr::from_bytes(b"--pos=\xff"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}

/// Every thread count from 1 to 256 is taken, as by `checkers`, and a
/// number's error names its option the same way.
#[test]
fn threads_take_1_to_256_and_errors_name_the_option() {
    for t in ["65", "256"] {
        let o = run(&["best", "--depth", "2", "--threads", t]);
        assert!(o.status.success(), "{t}: {}", stderr(&o));
        assert_eq!(stdout(&o).lines().last(), Some("bestaction @a1"));
    }
    for (args, message) in [
        (
            &["best", "--depth", "2", "--threads", "257"][..],
            "choko: bad --threads '257': expected a number from 1 to 256\n",
        ),
        (
            &["best", "--depth", "+5"],
            "choko: bad --depth '+5': expected a number from 1 to 32\n",
        ),
        (
            &["match", "--a", "2", "--b", "1", "--games", "1001"],
            "choko: bad --games '1001': expected a number from 1 to 1000\n",
        ),
        (
            &["perft", "+2"],
            "choko: bad depth '+2': expected a number from 1 to 12\n",
        ),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), message, "{args:?}");
    }
}

/// `choko bench | head -1`: the reader goes away after the first line,
/// and the bench stops at its next write with no message and exit status
/// 141.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let first = tool().quiet_after_closed_pipe(&["bench"]);
    assert!(first.starts_with("bench: "), "{first}");
}

#[test]
fn game_reads_a_record_back_and_prints_three_lines() {
    let text = "[Game \"Choko\"]\n[First \"X\"]\n[Result \"*\"]\n\n\
                1. @b3 @c5 2. @d3 @e3 3. @a1 @b4 4. a1-a2 e3xc3 a2 *\n";
    let o = tool().run_with_stdin(&["game", "-"], text.as_bytes().to_vec());
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "actions 8\nresult *\nposition 2o2/1o3/1xo2/5/5 x 9/9 x 0 8\n"
    );
    // A record whose actions are not a game: one line, status 2.
    let o = tool().run_with_stdin(&["game", "-"], b"[Game \"Choko\"]\n@c3 @c3".to_vec());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "choko: -: action 2: @c3 is not a legal action here\n"
    );
    let o = run(&["game"]);
    assert_eq!(o.status.code(), Some(2));
}
