//! The ladder's levels. They differ in one thing only: how many turns the
//! machine looks ahead (L1).
//!
//! # The first placer (L7)
//!
//! The product text says that in games of the machine against itself at
//! one level, the side that placed first won almost two of every three
//! games with a winner. `choko match --a N --b N --games 400` plays 400
//! openings once each (two equal players would repeat a game with the
//! sides swapped), X placing first in all; its `first placer` line gives:
//!
//! | level | X wins-draws-losses | X's share of the games with a winner |
//! |-------|---------------------|--------------------------------------|
//! | 1     | 266-27-107          | 71.3 %                               |
//! | 2     | 165-34-201          | 45.1 %                               |
//! | 3     | 209-104-87          | 70.6 %                               |
//! | 4     | 197-78-125          | 61.2 %                               |
//! | 5     | 187-86-127          | 59.6 %                               |
//! | 6     | 189-101-110         | 63.2 %                               |
//! | 7     | 199-112-89          | 69.1 %                               |
//! | 8     | 198-101-101         | 66.2 %                               |
//!
//! Level 2 is the exception, and the reason is the horizon: the first
//! placer's hand empties first, so after both sides' twelfth placement
//! (turn 24) it must move, and at level 2 it does not see, when placing
//! its last piece, that it leaves itself no move. In 57 of its 201 losses
//! it had no legal action at turn 25 (10 more at turn 27). From level 3 on
//! that is seen and the first placer wins 60 % to 71 % of the decided
//! games, two of every three at level 8. With the evaluation's earlier terms (the initiative, corners,
//! pieces in hand, jumps about to be made; see [`crate::eval`]) the share
//! was higher and grew with depth: 70.7 % at level 3, 78.1 % at level 4,
//! and 89.0 % in level 7's match against level 6.

use crate::notation::excerpt;
use std::fmt;
use std::str::FromStr;

/// A level of the ladder, 1 to [`Level::TOP`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// Search depth in turns of each level, level 1 first: one turn more at
/// each level. Level 8's depth 8 fits the think-time budget (p95 at most
/// 250 ms, max at most 1 s, on 2 threads over the bench positions) with
/// room: `choko bench --threads 2 --level 8`, release build, on two cores
/// shared with other work (load average about 6.7), gave p95 60 ms and
/// 65 ms, max 105 ms and 88 ms, 4,717,190 nodes (the fingerprint). With
/// `--depth 9`: p95 157 ms, max 190 ms, also inside; `--depth 10`: p95
/// 328 ms, max 1,373 ms, over.
///
/// Each level against the one below (`choko match --a N --b N-1 --games
/// 200`: 100 openings, each played with both sides; wins, draws and
/// losses of the higher level, its share of the points, the sign test):
///
/// | match | W-D-L     | points | z     |
/// |-------|-----------|--------|-------|
/// | L2–L1 | 195-3-2   | 98.2 % | 13.75 |
/// | L3–L2 | 150-14-36 | 78.5 % | 8.36  |
/// | L4–L3 | 145-27-28 | 79.2 % | 8.90  |
/// | L5–L4 | 109-38-53 | 64.0 % | 4.40  |
/// | L6–L5 | 118-48-34 | 71.0 % | 6.81  |
/// | L7–L6 | 102-53-45 | 64.2 % | 4.70  |
/// | L8–L7 | 98-51-51  | 61.8 % | 3.85  |
const DEPTHS: [u32; Level::TOP as usize] = [1, 2, 3, 4, 5, 6, 7, 8];

impl Level {
    /// The highest level.
    pub const TOP: u8 = 8;

    /// Every level, lowest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Level::TOP).map(Level)
    }

    /// The level with this number, if there is one.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= Level::TOP {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, 1 to [`Level::TOP`].
    pub const fn number(self) -> u8 {
        self.0
    }

    /// How many turns the machine looks ahead at this level.
    pub const fn depth(self) -> u32 {
        DEPTHS[self.0 as usize - 1]
    }
}

/// A level text that is not a number from 1 to [`Level::TOP`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}': expected a number from 1 to {}",
            excerpt(&self.0),
            Level::TOP
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let n = (s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u8>().ok())
            .flatten();
        n.and_then(Level::new)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_look_further_as_they_climb() {
        let depths: Vec<u32> = Level::all().map(Level::depth).collect();
        assert_eq!(depths.len(), Level::TOP as usize);
        assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
        assert_eq!("1".parse(), Ok(Level(1)));
        assert_eq!("8".parse(), Ok(Level(8)));
        for bad in ["0", "9", "", "+1", " 1", "01x", "255", "99999"] {
            assert!(bad.parse::<Level>().is_err(), "{bad}");
        }
    }
}
