//! The ladder's levels. They differ in one thing only: how many turns the
//! machine looks ahead (L1).
//!
//! # The first placer (L7)
//!
//! The product text says that in games of the machine against itself at
//! one level, the side that placed first won almost two of every three
//! games with a winner. `choko match --a N --b N --games 400` measures it
//! (`docs/choko.md` gives the figures): from level 3 on the first placer
//! wins 60 % to 71 % of the decided games. Level 2 is the exception: the
//! first placer's hand empties first, and at depth 2 it does not see,
//! when placing its last piece, that it leaves itself no move.

use engine_kit::text::excerpt;
use std::fmt;
use std::str::FromStr;

/// A level of the ladder, 1 to [`Level::TOP`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

/// Search depth in turns of each level, level 1 first: one turn more at
/// each level. Level 8 fits the think-time budget (p95 at most 250 ms,
/// max at most 1 s, on 2 threads over the bench positions: `choko bench
/// --threads 2 --level 8`), and each level beats the one below (`choko
/// match --a N --b N-1 --games 200`); `docs/choko.md` gives the figures.
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

    /// The highest level, where the ladder stays.
    pub const fn top() -> Level {
        Level(Level::TOP)
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
