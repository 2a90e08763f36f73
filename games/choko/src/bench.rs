//! Fixed positions for `choko bench` and the search tests, and the
//! openings of `choko match`.

use crate::action::Action;
use crate::point::{Point, Points, Side};
use crate::position::Position;
use crate::text::{parse_position, TextError};
use engine_kit::bench::position_lines;
use engine_kit::rng::Rng;

/// The bench set, one position text per line, from every phase of the
/// game. `#` starts a comment.
pub const POSITIONS: &str = include_str!("bench_positions.txt");

/// The bench positions, in file order.
pub fn positions() -> Result<Vec<Position>, TextError> {
    position_lines(POSITIONS).map(parse_position).collect()
}

/// The seed of the generator the match openings are drawn with.
const OPENINGS_SEED: u64 = 0x00C4_0C00_5EED_0001;

/// How many placements from the start the match openings make: X, O's
/// forced answer, and X again.
pub const OPENING_TURNS: usize = 3;

/// The eight symmetries of the square board, as maps of a point.
fn symmetric(p: Point, s: u8) -> Point {
    let (f, r) = (p.file(), p.rank());
    let (f, r) = if s & 1 != 0 { (4 - f, r) } else { (f, r) };
    let (f, r) = if s & 2 != 0 { (f, 4 - r) } else { (f, r) };
    let (f, r) = if s & 4 != 0 { (r, f) } else { (f, r) };
    Point::at(f, r).unwrap_or(p)
}

/// The smallest image of a position's two boards under the symmetries:
/// openings with the same one are the same opening seen in a mirror.
fn canonical(pos: &Position) -> [u32; 2] {
    (0..8u8)
        .map(|s| {
            Side::BOTH.map(|side| {
                pos.board(side)
                    .iter()
                    .map(|p| symmetric(p, s))
                    .collect::<Points>()
                    .bits()
            })
        })
        .min()
        .unwrap_or([0, 0])
}

/// `n` openings of [`OPENING_TURNS`] placements from the start, drawn with
/// a fixed seed and kept only when no earlier one is the same up to a
/// symmetry of the board. The same `n` always gives the same openings, and
/// a larger `n` extends a smaller one's list. There are over 1,700
/// distinct ones; `n` is capped at 1,500.
pub fn openings(n: usize) -> Vec<Vec<Action>> {
    let n = n.min(1500);
    let mut rng = Rng::new(OPENINGS_SEED);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::start();
        let mut line = Vec::with_capacity(OPENING_TURNS);
        for _ in 0..OPENING_TURNS {
            let empty: Vec<Point> = pos.empty().iter().collect();
            let a = Action::Place(*rng.pick(&empty));
            pos = pos.play_unchecked(a);
            line.push(a);
        }
        if seen.insert(canonical(&pos)) {
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bench position is a game going on, and together they cover
    /// its phases: forced placements, pieces in hand, hands emptied.
    #[test]
    fn bench_positions_are_games_in_every_phase() {
        let ps = positions().unwrap();
        assert!(ps.len() >= 30, "{} positions", ps.len());
        assert!(ps.iter().all(|p| p.outcome().is_none()));
        let in_hand = |p: &&Position| p.hand(Side::X) + p.hand(Side::O) > 0;
        assert!(ps.iter().any(|p| p.must_place()));
        assert!(ps.iter().filter(in_hand).count() >= 10);
        assert!(ps.iter().filter(|p| !in_hand(p)).count() >= 10);
    }

    #[test]
    fn openings_are_legal_distinct_and_stable() {
        let some = openings(300);
        assert_eq!(some.len(), 300);
        assert_eq!(openings(10)[..], some[..10]);
        let mut seen = std::collections::HashSet::new();
        for line in &some {
            let mut pos = Position::start();
            for &a in line {
                pos = pos.play(a).unwrap();
            }
            assert!(seen.insert(canonical(&pos)));
        }
    }

    /// The openings are drawn from a fixed seed: these are the ones
    /// `choko match` has always played, the first three and the 300th.
    #[test]
    fn the_openings_are_fixed() {
        let text = |line: &Vec<Action>| {
            let names: Vec<String> = line.iter().map(Action::to_string).collect();
            names.join(" ")
        };
        let all = openings(300);
        assert_eq!(all.len(), 300);
        let shown: Vec<String> = [0, 1, 2, 299].iter().map(|&i| text(&all[i])).collect();
        assert_eq!(
            shown,
            ["@d3 @d2 @a1", "@d5 @d4 @e3", "@e5 @b1 @a1", "@b1 @b4 @a2"]
        );
    }

    #[test]
    fn symmetries_are_the_eight_of_the_square() {
        let c2 = Point::from_name("c2").unwrap();
        let images: std::collections::HashSet<Point> = (0..8).map(|s| symmetric(c2, s)).collect();
        let names: std::collections::HashSet<String> =
            images.iter().map(|p| p.to_string()).collect();
        let want: std::collections::HashSet<String> = ["c2", "c4", "b3", "d3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, want);
    }
}
