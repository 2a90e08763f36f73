//! The ladder's levels. They differ in one thing only: how many turns the
//! machine looks ahead (L1).

use crate::notation::excerpt;
use std::fmt;
use std::str::FromStr;

/// A level of the ladder, 1 to [`Level::TOP`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// Search depth in turns of each level, level 1 first: one turn more at
/// each level. Level 8's depth 8 fits the think-time budget (p95 at most
/// 250 ms, max at most 1 s, on 2 threads over the bench positions):
/// `choko bench --threads 2 --level 8` gives its median, p95 and max.
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
