//! The harness's two commands, run as a program: the lockstep protocol
//! `scripts/ab-threads` relies on, and the paired thread counts, for both
//! games.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_search-bench"));
    c.env_remove("RAYON_NUM_THREADS");
    c
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The fingerprint of the bench positions searched `depth` turns deep, as
/// `checkers bench --level normal --depth DEPTH` prints it.
fn fingerprint(depth: u32) -> String {
    let nodes = checkers::bench::positions()
        .unwrap()
        .iter()
        .map(|p| checkers::search(p, 0, depth).nodes)
        .sum::<u64>();
    format!("fingerprint {}", engine_kit::bench::fingerprint([nodes]))
}

const NORMAL_5: [&str; 4] = ["--level", "normal", "--depth", "5"];

#[test]
fn step_searches_once_a_line_comes_and_reports_each_search() {
    let mut child = bin()
        .arg("step")
        .args(NORMAL_5)
        .args(["--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut line = || {
        let mut l = String::new();
        output.read_line(&mut l).unwrap();
        l.trim_end().to_string()
    };
    assert_eq!(line(), "bench: 56 positions, 2 threads");
    // One line in, one search out, in position order: `step I T ms`.
    for i in 1..=56 {
        writeln!(input, "go").unwrap();
        input.flush().unwrap();
        let l = line();
        let t: f64 = l
            .strip_prefix(&format!("step {i} "))
            .and_then(|r| r.strip_suffix(" ms"))
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("search {i}: {l}"));
        assert!(t > 0.0, "{l}");
    }
    drop(input);
    assert_eq!(line(), fingerprint(5));
    assert!(child.wait().unwrap().success());
}

#[test]
fn step_stops_with_an_error_when_its_input_ends_or_runs_on() {
    let stepped = |input: &[u8]| {
        let mut child = bin()
            .args(["step", "--level", "easy"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The harness may stop reading before the end of a long line.
        let _ = child.stdin.take().unwrap().write_all(input);
        child.wait_with_output().unwrap()
    };
    let steps = |o: &Output| stdout(o).lines().filter(|l| l.starts_with("step ")).count();
    let o = stepped(b"\n\n\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(steps(&o), 3);
    assert_eq!(
        stderr(&o).trim_end(),
        "search-bench: standard input ended before the last search"
    );
    let o = stepped(b"\nlast line without its newline");
    assert_eq!(steps(&o), 2);
    let o = stepped(&vec![b'y'; 1 << 20]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("longer than 4 KiB"), "{}", stderr(&o));
    assert_eq!(steps(&o), 0);
}

#[test]
fn step_with_ideal_gives_what_each_search_tree_allows() {
    let mut child = bin()
        .arg("step")
        .args(NORMAL_5)
        .arg("--ideal")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&[b'\n'; 56]).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    // `step I T ms A B C`: the speedups on 2, 4 and 8 threads, each at
    // least 1 and at most the thread count, and not all alike.
    let mut two = Vec::new();
    for (i, l) in stdout(&o)
        .lines()
        .filter(|l| l.starts_with("step "))
        .enumerate()
    {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            (f.len(), f[1], f[3]),
            (7, &*(i + 1).to_string(), "ms"),
            "{l}"
        );
        let x: Vec<f64> = f[4..].iter().map(|x| x.parse().unwrap()).collect();
        for (x, n) in x.iter().zip([2.0, 4.0, 8.0]) {
            assert!((1.0..=n).contains(x), "{l}");
        }
        two.push(x[0]);
    }
    assert_eq!(two.len(), 56);
    assert!(two.iter().any(|&x| x != two[0]), "{two:?}");
}

#[test]
fn pair_searches_on_both_pools_and_gives_the_speedup() {
    let o = bin()
        .arg("pair")
        .args(NORMAL_5)
        .args(["--threads", "2", "--against", "1"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "bench: 56 positions, 2 threads against 1");
    // `normal depth 5: 2 threads T ms, 1 threads U ms, speedup Rx`.
    let rest = lines[1].strip_prefix("normal depth 5: 2 threads ").unwrap();
    let (t, rest) = rest.split_once(" ms, 1 threads ").unwrap();
    let (u, r) = rest.split_once(" ms, speedup ").unwrap();
    let (t, u): (f64, f64) = (t.parse().unwrap(), u.parse().unwrap());
    let r: f64 = r.strip_suffix('x').unwrap().parse().unwrap();
    assert!(t > 0.0 && u > 0.0, "{out}");
    assert!((r - u / t).abs() < 0.01, "{out}");
    assert_eq!(lines[2], fingerprint(5));
}

#[test]
fn bad_arguments_are_one_line_and_status_2() {
    for args in [
        &["pair", "--level", "easy"][..],
        &["pair", "--against", "0"],
        &["pair", "--against", "x"],
        &["step", "--threads", "257"],
        &["step", "--depth", "3"],
        &["step", "--level", "expert"],
        &["step", "--fast"],
        &["step", "--ideal=yes"],
        &["step", "--game", "go"],
        &["step", "--game", "choko", "--ideal"],
        &["step", "--game", "choko", "--level", "9"],
        &["pair", "--game", "choko", "--depth", "33", "--level", "2"],
        &["pair", "--against", "+1", "--level", "easy"],
        &["walk"],
        &[],
    ] {
        let o = bin().args(args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.starts_with("search-bench: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

/// The fingerprint of Choko's bench positions searched `depth` turns deep,
/// as `choko bench --level L --depth DEPTH` prints it.
fn choko_fingerprint(depth: u32) -> String {
    let nodes = choko::bench::positions()
        .unwrap()
        .iter()
        .map(|p| choko::search(p, depth).nodes)
        .sum::<u64>();
    format!("fingerprint {}", engine_kit::bench::fingerprint([nodes]))
}

#[test]
fn choko_pair_searches_on_both_pools_like_choko_bench() {
    let o = bin()
        .args(["pair", "--game", "choko", "--level", "5"])
        .args(["--threads", "2", "--against", "1"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "bench: 49 positions, 2 threads against 1");
    assert!(lines[1].starts_with("L5 depth 5: 2 threads "), "{out}");
    assert!(lines[1].contains(" ms, 1 threads ") && lines[1].ends_with('x'));
    assert_eq!(lines[2], choko_fingerprint(5));
}

#[test]
fn choko_step_searches_once_a_line_comes() {
    let mut child = bin()
        .args(["step", "--game", "choko", "--level", "4", "--depth", "3"])
        .args(["--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&[b'\n'; 49]).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 51, "{out}");
    assert_eq!(lines[0], "bench: 49 positions, 2 threads");
    for (i, l) in lines[1..50].iter().enumerate() {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            (f.len(), f[1], f[3]),
            (4, &*(i + 1).to_string(), "ms"),
            "{l}"
        );
    }
    assert_eq!(lines[50], choko_fingerprint(3));
}
