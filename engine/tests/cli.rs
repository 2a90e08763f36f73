//! The `best`, `bench` and `match` subcommands: output format, exit status,
//! and that the reply does not depend on `--threads`.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(args)
        .env_remove("RAYON_NUM_THREADS")
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
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
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("checkers: "), "{err}");
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
