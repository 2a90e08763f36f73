//! Perft against the tables in `data/perft.txt`.

use checkers::{parse_fen, perft, Position};

struct Case {
    fen: String,
    rows: Vec<(u32, u64, bool)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut out: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push(Case {
                fen: fen.to_string(),
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
    assert_eq!(all.len(), 3);
    for case in all {
        let pos: Position = parse_fen(&case.fen).unwrap();
        for &(d, n, is_deep) in &case.rows {
            if is_deep == deep {
                assert_eq!(perft(&pos, d), n, "{} depth {d}", case.fen);
            }
        }
    }
}

#[test]
fn perft_tables() {
    run(false);
}

/// Depths 9–12 of the start position: `cargo test -- --ignored`.
#[test]
#[ignore]
fn perft_deep() {
    run(true);
}

#[test]
fn perft_counts_agree_with_generated_lists() {
    // Bulk counting at the last ply must equal the length of the list.
    let pos = parse_fen("B:W26,27:B22").unwrap();
    assert_eq!(pos.count_moves(), pos.legal_moves().len() as u64);
    assert_eq!(perft(&Position::start(), 0), 1);
}
