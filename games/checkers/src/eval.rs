//! Static evaluation (D6): material plus three small positional bonuses.
//!
//! No opening book and no endgame database: this one function is all the
//! knowledge the CPU has beyond the rules; everything else comes from
//! looking ahead.
//!
//! # How the bonuses are tuned
//!
//! D6 fixes the terms (man 100, king 165, bonuses for advancing, for the
//! own back row, for the edge columns); the three bonus sizes are tuned by
//! self-play at Normal's depth. A candidate `ADVANCE,BACK_ROW,EDGE` plays
//! the current values over 400 games, 200 three-turn openings each played
//! with both colours, and replaces them only when a sign test on the
//! decisive games gives `z = (wins - losses) / sqrt(wins + losses)` of at
//! least 1.96 (5 %, two-sided):
//!
//! ```text
//! scripts/tune-weights REFERENCE CANDIDATE...   (DEPTH=8 GAMES=400)
//! checkers match --depth 8 --games 400 --a-weights CANDIDATE --b-weights REFERENCE
//! ```
//!
//! The values in force, 1,14,4 (advance 1, back row 14, edge 4), each
//! under a quarter of a man, against their neighbours:
//!
//! | candidate (A) | reference (B) | A wins | draws | A losses | z | |
//! | --- | --- | ---: | ---: | ---: | ---: | --- |
//! | 1,14,4 | 3,8,4 | 123 | 254 | 23 | 8.28 | the values in force against the first ones |
//! | 0,8,4 | 1,8,4 | 102 | 255 | 43 | 4.90 | better, but 0 drops the advancing term D6 requires |
//! | 1,20,4 | 1,14,4 | 62 | 285 | 53 | 0.84 | not significant |
//! | 1,14,0 | 1,14,4 | 74 | 270 | 56 | 1.58 | not significant, and 0 drops the edge term |
//! | 1,14,8 | 1,14,4 | 37 | 282 | 81 | -4.05 | worse |
//!
//! The advancing bonus would go to nothing at this depth (pushing men for
//! its own sake loses them); D6 keeps the term, so it stays at its
//! smallest, 1.

use crate::{Bitboard, Color, Position};
use std::fmt;
use std::str::FromStr;

/// A man on the board.
pub const MAN: i32 = 100;
/// A king on the board.
pub const KING: i32 = 165;
/// Per row a man has advanced from its own back row (0 on the back row, 6
/// one step from crowning).
pub const ADVANCE: i32 = 1;
/// Per man standing on its own back row while the opponent still has men
/// that could crown there.
pub const BACK_ROW: i32 = 14;
/// Per man on an edge column (files a and h), where it cannot be jumped.
pub const EDGE: i32 = 4;

/// Squares on files a and h: 4, 12, 20, 28 (file h) and 5, 13, 21, 29
/// (file a).
const EDGE_COLUMNS: Bitboard = Bitboard(0x1818_1818);

/// Bit planes of the row number (0 at the top, 7 at the bottom): a square is
/// in `ROW_BIT[k]` when bit `k` of its row is set. A weighted popcount over
/// them sums the rows of a set of squares in three instructions.
const ROW_BIT: [u32; 3] = [0xF0F0_F0F0, 0xFF00_FF00, 0xFFFF_0000];

/// Sum of the row numbers (0..=7, top to bottom) of every square in `set`.
#[inline]
fn row_sum(set: Bitboard) -> i32 {
    ((set.0 & ROW_BIT[0]).count_ones()
        + 2 * (set.0 & ROW_BIT[1]).count_ones()
        + 4 * (set.0 & ROW_BIT[2]).count_ones()) as i32
}

/// The sizes of the three bonuses (D6 fixes the terms, not their sizes):
/// what `checkers match` tunes. Material is fixed at [`MAN`] and [`KING`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Per row a man has advanced.
    pub advance: i32,
    /// Per man on its own back row while the opponent has men to crown.
    pub back_row: i32,
    /// Per man on an edge column.
    pub edge: i32,
}

impl Weights {
    /// The weights the CPU plays with.
    pub const DEFAULT: Weights = Weights {
        advance: ADVANCE,
        back_row: BACK_ROW,
        edge: EDGE,
    };
    /// The largest size a bonus may have: under a quarter of a man.
    pub const MAX_BONUS: i32 = MAN / 4 - 1;
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{}", self.advance, self.back_row, self.edge)
    }
}

/// Weights text that is not three numbers `ADVANCE,BACK_ROW,EDGE`, each
/// from 0 to [`Weights::MAX_BONUS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadWeights(pub String);

impl fmt::Display for BadWeights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad weights '{}': expected ADVANCE,BACK_ROW,EDGE, each from 0 to {}",
            self.0,
            Weights::MAX_BONUS
        )
    }
}

impl std::error::Error for BadWeights {}

impl FromStr for Weights {
    type Err = BadWeights;
    /// Parses `ADVANCE,BACK_ROW,EDGE`, for example `3,8,4`.
    fn from_str(s: &str) -> Result<Weights, BadWeights> {
        let bad = || BadWeights(s.to_string());
        let n: Vec<i32> = s
            .split(',')
            .map(|v| v.trim().parse::<i32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match n[..] {
            [advance, back_row, edge] if n.iter().all(|v| (0..=Weights::MAX_BONUS).contains(v)) => {
                Ok(Weights {
                    advance,
                    back_row,
                    edge,
                })
            }
            _ => Err(bad()),
        }
    }
}

/// The score of one side's pieces: material, advance, back row, edges.
#[inline]
fn side(pos: &Position, color: Color, w: &Weights) -> i32 {
    let men = pos.men(color);
    let kings = pos.kings_of(color);
    let n_men = men.count() as i32;
    // Rows advanced: Black moves down (row = rows advanced), White moves up
    // (7 - row).
    let advanced = match color {
        Color::Black => row_sum(men),
        Color::White => 7 * n_men - row_sum(men),
    };
    let guard = if pos.men(color.opposite()).any() {
        (men & color.back_row()).count() as i32
    } else {
        0
    };
    MAN * n_men
        + KING * kings.count() as i32
        + w.advance * advanced
        + w.back_row * guard
        + w.edge * (men & EDGE_COLUMNS).count() as i32
}

/// The static value of `pos` for the side to move, in hundredths of a man:
/// man [`MAN`], king [`KING`], plus for each man [`ADVANCE`] per row it has
/// advanced, [`BACK_ROW`] if it stands on its own back row while the
/// opponent still has men to crown, and [`EDGE`] if it stands on an edge
/// column. Symmetric: swapping colours negates the value.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Weights::DEFAULT)
}

/// [`evaluate`] with other bonus sizes.
#[inline]
pub fn evaluate_with(pos: &Position, w: &Weights) -> i32 {
    let us = pos.turn();
    side(pos, us, w) - side(pos, us.opposite(), w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_fen;

    #[test]
    fn the_start_is_level() {
        assert_eq!(evaluate(&Position::start()), 0);
    }

    #[test]
    fn material_is_100_for_a_man_and_165_for_a_king() {
        // Men on mirrored squares cancel out their bonuses.
        let men = parse_fen("W:W22,23:B10").unwrap();
        let one = parse_fen("W:W23:B10").unwrap();
        assert_eq!(evaluate(&men) - evaluate(&one), MAN + 2 * ADVANCE);
        // Kings carry no positional bonus.
        let k = parse_fen("W:WK18:BK15").unwrap();
        assert_eq!(evaluate(&k), 0);
        let k2 = parse_fen("W:WK18,K19:BK15").unwrap();
        assert_eq!(evaluate(&k2), KING);
        assert_eq!(evaluate(&k2.with_turn(Color::Black)), -KING);
    }

    #[test]
    fn weights_parse_and_print() {
        assert_eq!("1,14,4".parse::<Weights>(), Ok(Weights::DEFAULT));
        assert_eq!(Weights::DEFAULT.to_string(), "1,14,4");
        assert_eq!(
            " 0, 24 ,1".parse::<Weights>(),
            Ok(Weights {
                advance: 0,
                back_row: 24,
                edge: 1
            })
        );
        for bad in ["", "3,8", "3,8,4,1", "3,8,25", "-1,8,4", "a,b,c"] {
            assert!(bad.parse::<Weights>().is_err(), "{bad}");
        }
        let w = Weights {
            advance: 0,
            back_row: 0,
            edge: 0,
        };
        let p = parse_fen("W:W26,29:B3").unwrap();
        assert_eq!(evaluate_with(&p, &w), MAN);
    }

    #[test]
    fn row_sum_counts_rows() {
        for sq in crate::Square::ALL {
            assert_eq!(row_sum(Bitboard::from_square(sq)), sq.row() as i32, "{sq}");
        }
    }

    #[test]
    fn bonuses() {
        // White man on 30 (back row, not an edge) vs on 29 (back row and
        // edge, file a): the edge is worth EDGE.
        let a = parse_fen("W:W30:B3").unwrap();
        let b = parse_fen("W:W29:B3").unwrap();
        assert_eq!(evaluate(&b) - evaluate(&a), EDGE);
        // One step forward from 30 to 26 gains a row but leaves the back row.
        let c = parse_fen("W:W26:B3").unwrap();
        assert_eq!(evaluate(&c) - evaluate(&a), ADVANCE - BACK_ROW);
        // Without black men to crown, the back row earns nothing.
        let d = parse_fen("W:W30:BK3").unwrap();
        let e = parse_fen("W:W26:BK3").unwrap();
        assert_eq!(evaluate(&e) - evaluate(&d), ADVANCE);
        // Mirror symmetry: the same picture from Black's side.
        let m = parse_fen("B:W30:B3").unwrap();
        assert_eq!(evaluate(&m), 0);
        let w = parse_fen("W:W26,32:B3").unwrap();
        let bl = parse_fen("B:W30:B1,7").unwrap();
        assert_eq!(evaluate(&w), evaluate(&bl));
    }
}
