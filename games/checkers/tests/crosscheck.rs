//! The bitboard generator against a deliberately simple one written here on
//! a plain 8×8 array, over seeded random playouts and random placements.

// The reference generator indexes a plain 8x8 array on purpose.
#![allow(clippy::needless_range_loop)]

use checkers::{parse_fen, to_fen, Color, Position, Role, Square};
use test_kit::crosscheck::{assert_same_items, playouts};
use test_kit::Rng;

// ---------------------------------------------------------------------
// Reference generator. The board is board[row][col], row 0 at the top
// (Black's side). Cells: 0 empty, 1 black man, 2 black king, 3 white man,
// 4 white king. Black moves down (row + 1), White moves up (row - 1).
// ---------------------------------------------------------------------

type Board = [[u8; 8]; 8];

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct RefMove {
    path: Vec<(i32, i32)>,
    captured: Vec<(i32, i32)>,
}

fn is_black(c: u8) -> bool {
    c == 1 || c == 2
}
fn is_white(c: u8) -> bool {
    c == 3 || c == 4
}
fn is_king(c: u8) -> bool {
    c == 2 || c == 4
}
fn on_board(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

fn dirs(cell: u8) -> Vec<(i32, i32)> {
    match cell {
        1 => vec![(1, -1), (1, 1)],
        3 => vec![(-1, -1), (-1, 1)],
        _ => vec![(-1, -1), (-1, 1), (1, -1), (1, 1)],
    }
}

fn enemy(mover: u8, other: u8) -> bool {
    (is_black(mover) && is_white(other)) || (is_white(mover) && is_black(other))
}

fn last_row(cell: u8) -> i32 {
    if is_black(cell) {
        7
    } else {
        0
    }
}

#[allow(clippy::too_many_arguments)]
fn ref_jumps(
    b: &Board,
    cell: u8,
    start: (i32, i32),
    r: i32,
    c: i32,
    path: &mut Vec<(i32, i32)>,
    captured: &mut Vec<(i32, i32)>,
    out: &mut Vec<RefMove>,
) {
    let mut any = false;
    for (dr, dc) in dirs(cell) {
        let (mr, mc, lr, lc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
        if !on_board(lr, lc) {
            continue;
        }
        let mid = b[mr as usize][mc as usize];
        let land = b[lr as usize][lc as usize];
        let land_free = land == 0 || (lr, lc) == start;
        if !enemy(cell, mid) || captured.contains(&(mr, mc)) || !land_free {
            continue;
        }
        any = true;
        path.push((lr, lc));
        captured.push((mr, mc));
        if !is_king(cell) && lr == last_row(cell) {
            out.push(RefMove {
                path: path.clone(),
                captured: captured.clone(),
            });
        } else {
            ref_jumps(b, cell, start, lr, lc, path, captured, out);
        }
        path.pop();
        captured.pop();
    }
    if !any && path.len() > 1 {
        out.push(RefMove {
            path: path.clone(),
            captured: captured.clone(),
        });
    }
}

fn ref_moves(b: &Board, black_to_move: bool) -> Vec<RefMove> {
    let mine = |x: u8| {
        if black_to_move {
            is_black(x)
        } else {
            is_white(x)
        }
    };
    let mut caps = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let cell = b[r as usize][c as usize];
            if mine(cell) {
                ref_jumps(
                    b,
                    cell,
                    (r, c),
                    r,
                    c,
                    &mut vec![(r, c)],
                    &mut vec![],
                    &mut caps,
                );
            }
        }
    }
    if !caps.is_empty() {
        return caps;
    }
    let mut steps = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let cell = b[r as usize][c as usize];
            if !mine(cell) {
                continue;
            }
            for (dr, dc) in dirs(cell) {
                let (nr, nc) = (r + dr, c + dc);
                if on_board(nr, nc) && b[nr as usize][nc as usize] == 0 {
                    steps.push(RefMove {
                        path: vec![(r, c), (nr, nc)],
                        captured: vec![],
                    });
                }
            }
        }
    }
    steps
}

fn ref_apply(b: &Board, m: &RefMove) -> Board {
    let mut n = *b;
    let (fr, fc) = m.path[0];
    let (tr, tc) = *m.path.last().unwrap();
    let mut cell = n[fr as usize][fc as usize];
    n[fr as usize][fc as usize] = 0;
    for &(r, c) in &m.captured {
        n[r as usize][c as usize] = 0;
    }
    if tr == last_row(cell) && !is_king(cell) {
        cell += 1;
    }
    n[tr as usize][tc as usize] = cell;
    n
}

fn to_board(pos: &Position) -> Board {
    let mut b = [[0u8; 8]; 8];
    for sq in Square::ALL {
        if let Some(p) = pos.piece_at(sq) {
            b[sq.row() as usize][sq.column() as usize] = match (p.color, p.role) {
                (Color::Black, Role::Man) => 1,
                (Color::Black, Role::King) => 2,
                (Color::White, Role::Man) => 3,
                (Color::White, Role::King) => 4,
            };
        }
    }
    b
}

fn ref_fen(b: &Board, black_to_move: bool) -> String {
    // Written independently of the engine's formatter: collect by number.
    let mut white = Vec::new();
    let mut black = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let cell = b[r][c];
            if cell == 0 {
                continue;
            }
            let num = r * 4 + c / 2 + 1;
            let s = if is_king(cell) {
                format!("K{num}")
            } else {
                num.to_string()
            };
            if is_white(cell) {
                white.push(s);
            } else {
                black.push(s);
            }
        }
    }
    format!(
        "{}:W{}:B{}",
        if black_to_move { "B" } else { "W" },
        white.join(","),
        black.join(",")
    )
}

fn square_rc(sq: Square) -> (i32, i32) {
    (sq.row() as i32, sq.column() as i32)
}

/// Compare both generators on one position, and every resulting position.
/// Returns the number of legal moves.
fn check(pos: &Position) -> usize {
    let board = to_board(pos);
    let black = pos.turn() == Color::Black;
    let mut want = ref_moves(&board, black);
    let moves = pos.legal_moves();
    let got: Vec<RefMove> = moves
        .iter()
        .map(|m| {
            let mut captured: Vec<(i32, i32)> = m.captured().squares().map(square_rc).collect();
            captured.sort();
            RefMove {
                path: m.path().iter().map(|&s| square_rc(s)).collect(),
                captured,
            }
        })
        .collect();
    for m in want.iter_mut() {
        m.captured.sort();
    }
    assert_same_items(got, want, format_args!("moves in {}", to_fen(pos)));
    assert_eq!(pos.count_moves() as usize, moves.len(), "{}", to_fen(pos));
    assert_eq!(
        pos.has_capture(),
        moves.iter().any(|m| m.is_capture()),
        "{}",
        to_fen(pos)
    );
    let movable: checkers::Bitboard = moves.iter().map(|m| m.from()).collect();
    assert_eq!(pos.movable_pieces(), movable, "{}", to_fen(pos));
    for m in moves.iter() {
        let mut rm = RefMove {
            path: m.path().iter().map(|&s| square_rc(s)).collect(),
            captured: m.captured().squares().map(square_rc).collect(),
        };
        rm.captured.sort();
        let next = pos.play_unchecked(m);
        assert_eq!(
            to_fen(&next),
            ref_fen(&ref_apply(&board, &rm), !black),
            "after {m} in {}",
            to_fen(pos)
        );
    }
    moves.len()
}

/// A random legal placement: up to 12 pieces a side, kings often, men
/// never on their own crowning row, sometimes crowded into a small area to
/// make capture nets, sometimes with men one step from crowning.
fn random_position(rng: &mut Rng) -> Position {
    loop {
        let style = rng.below(4);
        let area: Vec<Square> = match style {
            // A crowded 4-row band somewhere on the board.
            0 => {
                let top = rng.below(5) as u8;
                Square::ALL
                    .into_iter()
                    .filter(|s| (top..top + 4).contains(&s.row()))
                    .collect()
            }
            _ => Square::ALL.to_vec(),
        };
        let (nb, nw) = (1 + rng.below(12), 1 + rng.below(12));
        let king_rate = rng.below(101);
        let mut black = checkers::Bitboard::EMPTY;
        let mut white = checkers::Bitboard::EMPTY;
        let mut kings = checkers::Bitboard::EMPTY;
        for (count, color) in [(nb, Color::Black), (nw, Color::White)] {
            for _ in 0..count {
                let mut sq = area[rng.below(area.len())];
                // Men one step from crowning.
                if style == 1 && rng.below(2) == 0 {
                    let row = if color == Color::White { 1 } else { 6 };
                    sq = Square::ALL[row * 4 + rng.below(4)];
                }
                if (black | white).contains(sq) {
                    continue;
                }
                let king = rng.below(100) < king_rate || color.crowning_row().contains(sq);
                match color {
                    Color::Black => black = black.with(sq),
                    Color::White => white = white.with(sq),
                }
                if king {
                    kings = kings.with(sq);
                }
            }
        }
        let turn = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        if let Ok(pos) = Position::new(black, white, kings, turn) {
            return pos;
        }
    }
}

#[test]
fn cross_check_random_playouts() {
    let mut rng = Rng::new(0xC0FF_EE00_1234_5678);
    let mut max_moves = 0usize;
    let done = playouts(
        &mut rng,
        50_000,
        300,
        |_| Position::start(),
        |rng, pos| {
            let n = check(pos);
            max_moves = max_moves.max(n);
            let moves = pos.legal_moves();
            (n > 0).then(|| pos.play_unchecked(&moves[rng.below(n)]))
        },
    );
    // Random play reaches the end of the game (no legal move) again and
    // again: the playouts test the last positions of games, not only their
    // openings.
    assert!(
        done.ended > 100,
        "only {} playouts reached a game end",
        done.ended
    );
    assert!(
        max_moves < checkers::movegen::MAX_MOVES / 2,
        "max {max_moves}"
    );
}

#[test]
fn cross_check_random_placements() {
    random_placements(60_000);
}

/// The long run behind the claim on [`checkers::movegen::MAX_MOVES`]:
/// `cargo test --release -p checkers --test crosscheck -- --ignored`.
#[test]
#[ignore]
fn cross_check_three_million_placements() {
    let max = random_placements(3_000_000);
    println!("largest move count over 3,000,000 placements: {max}");
}

/// Check `count` random placements; returns the largest move count seen.
fn random_placements(count: usize) -> usize {
    let mut rng = Rng::new(0x5EED_0000_ABCD_EF01);
    let mut max_moves = 0usize;
    let mut with_captures = 0usize;
    for _ in 0..count {
        let pos = random_position(&mut rng);
        max_moves = max_moves.max(check(&pos));
        if pos.has_capture() {
            with_captures += 1;
        }
        // The FEN of any legal position reads back to the same position.
        assert_eq!(parse_fen(&to_fen(&pos)).unwrap(), pos);
    }
    // The sample really exercises captures, and the move list's fixed
    // capacity keeps a wide margin over anything seen.
    assert!(with_captures > count / 6, "{with_captures}");
    assert!(
        max_moves < checkers::movegen::MAX_MOVES / 2,
        "max {max_moves}"
    );
    max_moves
}
