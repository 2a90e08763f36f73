//! The three opponents. They differ in one thing only: how many turns the
//! search looks ahead (D1).

use crate::names::NameVisitor;
use crate::notation::excerpt;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

/// A difficulty level.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// The search depth in turns (one side's move each); forced captures
    /// are read beyond it at every level (D3).
    ///
    /// - Easy, 2: its own move and the reply. It never leaves a piece to a
    ///   forced capture, but walks into shots set up a move ahead.
    /// - Normal, 8: sees shots three moves deep. Against Easy in `checkers
    ///   match`: 85.0 % over 80 games (56 wins, 24 draws); depth 6 managed
    ///   only 73.8 % over 40, too close to the 70 % the gap needs.
    /// - Hard, 14: the deepest whose think time over the bench set fits
    ///   the budget (p95 <= 250 ms, max <= 1 s) on the 2-core reference
    ///   machine, release build: p95 150 ms, max 227 ms with the machine
    ///   otherwise idle; depth 15 took p95 260 ms. While other jobs loaded
    ///   the machine (load about 4) depth 14 measured p95 157-275 ms, max
    ///   211-403 ms, and depth 13 p95 72-118 ms. Against Normal: 80.6 %
    ///   over 80 games (49 wins, 31 draws, no loss).
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 2,
            Level::Normal => 8,
            Level::Hard => 14,
        }
    }

    /// The lowercase name used in the CLI, the saved game and the records.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

/// A level name that is not easy, normal or hard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}': expected easy, normal or hard",
            excerpt(&self.0)
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// From JSON, exactly `"easy"`, `"normal"` or `"hard"`.
impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        d.deserialize_str(NameVisitor {
            what: "level",
            names: &[
                ("easy", Level::Easy),
                ("normal", Level::Normal),
                ("hard", Level::Hard),
            ],
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
