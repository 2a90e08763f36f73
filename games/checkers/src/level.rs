//! The three opponents. They differ in one thing only: how many turns the
//! search looks ahead (D1).

use crate::names::NameVisitor;
use crate::text::excerpt;
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
    /// - Normal, 8: sees shots three moves deep, and beats Easy by a wide
    ///   margin (`checkers match --a normal --b easy --games 80`).
    /// - Hard, 16: the deepest whose think time over the bench positions
    ///   fits the budget (p95 at most 250 ms, max at most 1 s) on two
    ///   threads of a two-core machine (`checkers bench --level hard
    ///   --threads 2`, and `--depth 17` for the next depth); it beats
    ///   Normal by a wide margin (`checkers match --a hard --b normal
    ///   --games 80`). `docs/search.md` gives the current figures.
    pub const fn depth(self) -> u32 {
        match self {
            Level::Easy => 2,
            Level::Normal => 8,
            Level::Hard => 16,
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
