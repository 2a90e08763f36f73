//! Every rule at its edges, and notation round-trips.

use checkers::{
    next_quiet, outcome, parse_fen, parse_move, to_fen, Color, Outcome, Position, DRAW_QUIET_TURNS,
};
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap()
}

fn moves(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = pos(fen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn start_has_seven_moves_and_black_moves_first() {
    let p = Position::start();
    assert_eq!(p.turn(), Color::Black);
    assert_eq!(
        moves("B:W21-32:B1-12"),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn capture_is_forced_over_a_quiet_move() {
    // White man on 22 can take 18; the man on 30 could step but may not.
    assert_eq!(moves("W:W22,30:B18"), ["22x15"]);
    // The choice among captures is free: the short one is allowed.
    // 23x14 takes one piece while 22x15x8 and 23x16x7 take two.
    assert_eq!(moves("W:W22,23:B18,19,11"), ["22x15x8", "23x14", "23x16x7"]);
}

#[test]
fn a_man_never_captures_backwards() {
    // White man on 18 with a black man behind it on 22 and 26 empty.
    assert_eq!(moves("W:W18:B22"), ["18-14", "18-15"]);
    // Black man on 15, white man behind it on 11 (up the board): no capture.
    assert_eq!(moves("B:W11:B15"), ["15-18", "15-19"]);
    // A king does capture backwards.
    assert_eq!(moves("W:WK18:B22"), ["18x25"]);
}

#[test]
fn a_chain_must_go_on_with_the_same_piece() {
    // 22x15 must continue x6: no stopping halfway.
    assert_eq!(moves("W:W22:B18,10"), ["22x15x6"]);
}

#[test]
fn crowning_mid_chain_ends_the_move() {
    // The man on 10 jumps 7 and lands on 3, its crowning row. As a king it
    // could jump 8 on to 12, but crowning ends the move.
    assert_eq!(moves("W:W10:B7,8"), ["10x3"]);
    let p = pos("W:W10:B7,8");
    let after = p.play(&p.legal_moves()[0]).unwrap();
    assert_eq!(to_fen(&after), "B:WK3:B8");
    // A king already crowned goes on jumping through the same squares.
    assert_eq!(moves("W:WK10:B7,8"), ["10x3x12"]);
    // Black crowns on 29-32 and stops too.
    assert_eq!(moves("B:W26,27:B22"), ["22x31"]);
}

#[test]
fn a_kings_chain_turns_corners() {
    // King on 29: 29x22x15x24? Jump 25 to 22, then 18 to 15, then 19 to 24.
    let m = moves("W:WK29:B25,18,19");
    assert_eq!(m, ["29x22x15x24"]);
    // And the loop both ways is two moves.
    assert_eq!(moves("W:WK11:B6,7,14,15"), ["11x18x9x2x11", "11x2x9x18x11"]);
}

#[test]
fn a_piece_is_never_jumped_twice() {
    // The king runs the square 11-18-9-2-11; without the rule it could go
    // round again over the same four pieces.
    for m in pos("W:WK11:B6,7,14,15").legal_moves() {
        assert_eq!(m.path().len(), 5);
        assert_eq!(m.captured().count(), 4);
    }
}

#[test]
fn kings_step_in_four_directions_men_in_two() {
    assert_eq!(moves("W:WK18:B1"), ["18-14", "18-15", "18-22", "18-23"]);
    assert_eq!(moves("W:W18:B1"), ["18-14", "18-15"]);
    assert_eq!(moves("B:W32:BK18"), ["18-14", "18-15", "18-22", "18-23"]);
}

#[test]
fn no_piece_or_no_move_loses() {
    // White to move with no pieces.
    assert_eq!(outcome(&pos("W:W:B1"), 0), Some(Outcome::Win(Color::Black)));
    // White has a man on 29 blocked by black on 25 with 22 guarded... a
    // blocked man: white 29, black men 25 and 22 (no jump: 21 empty? 29
    // jumps 25 towards 22, which is occupied).
    let blocked = pos("W:W29:B25,22");
    assert_eq!(blocked.legal_moves().len(), 0);
    assert_eq!(outcome(&blocked, 0), Some(Outcome::Win(Color::Black)));
    // The same with a full quiet counter: the loss is checked first.
    assert_eq!(
        outcome(&blocked, DRAW_QUIET_TURNS),
        Some(Outcome::Win(Color::Black))
    );
}

#[test]
fn the_fiftieth_quiet_turn_draws_the_fortyninth_does_not() {
    let p = pos("W:WK18:BK1");
    assert_eq!(outcome(&p, 49), None);
    assert_eq!(outcome(&p, 50), Some(Outcome::Draw));
}

#[test]
fn the_counter_resets_on_a_capture_or_a_man_move() {
    let kings = pos("W:WK18,30:BK1");
    let king_step = parse_move(&kings, "18-14").unwrap();
    assert_eq!(next_quiet(&kings, &king_step, 49), 50);
    let men = pos("W:W30,K18:BK1");
    let man_step = parse_move(&men, "30-26").unwrap();
    assert_eq!(next_quiet(&men, &man_step, 49), 0);
    let cap = pos("W:WK18:BK14,1");
    let take = parse_move(&cap, "18x9").unwrap();
    assert_eq!(next_quiet(&cap, &take, 49), 0);
}

#[test]
fn fiftieth_turn_that_blocks_the_opponent_wins() {
    // A 50th quiet turn (a king's step) that leaves Black with a move is a
    // draw ...
    let before = pos("W:WK13,14,K18:B5");
    let mv = parse_move(&before, "18-15").unwrap();
    let q = next_quiet(&before, &mv, 49);
    assert_eq!(q, 50);
    let after = before.play(&mv).unwrap();
    assert_eq!(outcome(&after, q), Some(Outcome::Draw));
    // ... but when Black's only man (on 5: its step to 9 and its jump to 14
    // both blocked) is left without a move, the loss comes first: White wins.
    let blocked = pos("W:WK9,14,K18:B5");
    let mv = parse_move(&blocked, "18-15").unwrap();
    let after_block = blocked.play(&mv).unwrap();
    assert_eq!(after_block.legal_moves().len(), 0);
    assert_eq!(
        outcome(&after_block, next_quiet(&blocked, &mv, 49)),
        Some(Outcome::Win(Color::White))
    );
}

#[test]
fn play_rejects_a_move_of_another_position() {
    let start = Position::start();
    let other = pos("W:W22:B18,10");
    let mv = other.legal_moves()[0];
    assert!(start.play(&mv).is_err());
}

fn arb_position() -> impl Strategy<Value = Position> {
    (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>()).prop_filter_map(
        "not a legal position",
        |(b, w, k, t)| {
            // Thin the sets out to at most 12 each, disjoint.
            let b = b & 0x5A5A_A5A5;
            let w = w & !b & 0xA5A5_5A5A;
            let turn = if t { Color::Black } else { Color::White };
            Position::new(
                checkers::Bitboard(b),
                checkers::Bitboard(w),
                checkers::Bitboard(k),
                turn,
            )
            .ok()
        },
    )
}

proptest! {
    #[test]
    fn fen_round_trips(p in arb_position()) {
        let text = to_fen(&p);
        prop_assert_eq!(parse_fen(&text).unwrap(), p);
        prop_assert_eq!(parse_fen(&format!("[FEN \"{text}\"]")).unwrap(), p);
    }

    #[test]
    fn move_notation_round_trips(p in arb_position()) {
        for m in p.legal_moves() {
            prop_assert_eq!(parse_move(&p, &m.to_string()).unwrap(), m);
        }
    }

    #[test]
    fn fen_parser_never_panics(s in ".{0,60}") {
        let _ = parse_fen(&s);
    }

    #[test]
    fn move_parser_never_panics(s in "[0-9x\\- ]{0,20}") {
        let _ = parse_move(&Position::start(), &s);
    }
}
