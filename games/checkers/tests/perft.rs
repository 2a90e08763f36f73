//! Perft against the tables in `data/perft.txt`.

use checkers::{parse_fen, perft, Position};
use test_kit::perft::check_table;

const TABLE: &str = include_str!("data/perft.txt");

fn run(deep: bool) {
    let cases = check_table(TABLE, "fen", deep, |fen, depth| {
        perft(&parse_fen(fen).unwrap(), depth)
    });
    assert_eq!(cases.len(), 3);
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
