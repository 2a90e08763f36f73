//! Perft against the tables in `data/perft.txt`.

use choko::{parse_position, perft, Position};
use test_kit::perft::check_table;

const TABLE: &str = include_str!("data/perft.txt");

fn run(deep: bool) {
    let cases = check_table(TABLE, "pos", deep, |text, depth| {
        perft(&parse_position(text).unwrap(), depth)
    });
    assert_eq!(cases.len(), 2);
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
