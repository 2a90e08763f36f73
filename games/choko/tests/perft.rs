//! Perft against the tables in `data/perft.txt`.

use choko::{parse_position, perft, Position};

struct Case {
    text: String,
    rows: Vec<(u32, u64, bool)>,
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in include_str!("data/perft.txt").lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(text) = line.strip_prefix("pos ") {
            out.push(Case {
                text: text.to_string(),
                rows: Vec::new(),
            });
            continue;
        }
        let mut f = line.split_whitespace();
        let d: u32 = f.next().unwrap().parse().unwrap();
        let n: u64 = f.next().unwrap().parse().unwrap();
        let deep = f.next() == Some("deep");
        out.last_mut().unwrap().rows.push((d, n, deep));
    }
    out
}

fn run(deep: bool) {
    let all = cases();
    assert_eq!(all.len(), 2);
    for case in all {
        let pos: Position = parse_position(&case.text).unwrap();
        for &(d, n, is_deep) in &case.rows {
            if is_deep == deep {
                assert_eq!(perft(&pos, d), n, "{} depth {d}", case.text);
            }
        }
    }
}

#[test]
fn perft_tables() {
    run(false);
}

/// Depth 6 of the start: `cargo test -p choko --test perft -- --ignored`.
#[test]
#[ignore = "long: depth 6 of the start"]
fn perft_deep() {
    run(true);
}

#[test]
fn bulk_counts_equal_the_lists() {
    let pos = parse_position("5/5/xo3/o4/5 o 11/10 o 0 3").unwrap();
    assert_eq!(pos.count_actions(), pos.legal_actions().len() as u64);
    assert_eq!(perft(&Position::start(), 0), 1);
}
