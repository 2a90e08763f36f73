//! The ladder's levels. They differ in one thing only: how many turns the
//! machine looks ahead (L1).

use crate::notation::excerpt;
use std::fmt;
use std::str::FromStr;

/// A level of the ladder, 1 to [`Level::TOP`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// Search depth in turns of each level, level 1 first: one turn more at
/// each level. Level 8's depth 8 is the deepest that fits the think-time
/// budget (p95 at most 250 ms, max at most 1 s, on 2 threads over the
/// bench positions): `choko bench --threads 2 --level 8` gave p95 241 ms
/// and max 303 ms with the machine's two cores shared with other builds
/// (load about 8), and depth 9 (`--depth 9`) p95 756 ms at load 10.7.
///
/// Each level against the one below (`choko match --a N --b N-1 --games
/// 200`, each of 100 openings played with both sides; wins, draws and
/// losses of the higher level, its share of the points and the sign test):
///
/// | match  | W-D-L      | points | z     |
/// |--------|------------|--------|-------|
/// | L2–L1  | 196-2-2    | 98.5 % | 13.79 |
/// | L3–L2  | 161-17-22  | 84.8 % | 10.28 |
/// | L4–L3  | 123-36-41  | 70.5 % | 6.40  |
/// | L5–L4  | 121-31-48  | 68.2 % | 5.62  |
/// | L6–L5  | 105-38-57  | 62.0 % | 3.77  |
/// | L7–L6  | 113-31-56  | 64.2 % | 4.38  |
/// | L8–L7  | 97-42-61   | 59.0 % | 2.86  |
///
/// The higher the levels, the more the side that placed first wins
/// whoever plays it (see [`crate::search`]'s doc), so the margins shrink.
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
