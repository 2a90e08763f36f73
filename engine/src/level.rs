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
    /// - Normal, 8: sees shots three moves deep. Against Easy in `checkers
    ///   match --a normal --b easy --games 80`: 93.8 % (70 wins, 10 draws,
    ///   no loss) with the tuned bonuses and the search of issue 14, with
    ///   the smaller tables as before them (94.4 %
    ///   with the search before its last three changes, 85.0 % before
    ///   tuning);
    ///   depth 6 managed only 73.8 % over 40, too close to the 70 % the gap
    ///   needs.
    /// - Hard, 16: the deepest whose think time over the bench set fits
    ///   the budget (p95 <= 250 ms, max <= 1 s) with 2 threads on the
    ///   2-core reference machine, release build, idle. At stop 47 of
    ///   issue 14 (an Intel Xeon guest, `checkers perft 11` pinned to a
    ///   CPU in 0.59 s to 0.72 s), the 66 2-thread benches of 22 sets of
    ///   `LOCKSTEP=1 HOST=1 scripts/bench-threads 2 3` at depth 16 gave
    ///   p95 193 ms to 236 ms and max 347 ms to 410 ms; three runs of
    ///   `checkers bench --threads 2 --level hard --depth 17` p95 431 ms
    ///   to 433 ms, max 855 ms to 867 ms: over. Against Normal (`checkers
    ///   match --a hard --b normal --games 80`): 88.1 % (61 wins, 19
    ///   draws, no loss, z 7.81). At stop 46, when tests split after
    ///   32,000 nodes (`TEST_SPLIT_NODES`): p95 181 ms to 213 ms and max
    ///   489 ms to 554 ms over 48 benches, depth 17 p95 559 ms, 91.9 %
    ///   against Normal (67 wins, 13 draws, z 8.19); at depth 15 with
    ///   that search 85.0 % (56 wins, 24 draws, no loss, z 7.48).
    ///   Hard searched 15 turns until then: depth 16 measured over the
    ///   budget with the slower searches of stop 36 (p95 190 ms to
    ///   332 ms, max up to 862 ms); and 14 before that, while depth 15
    ///   measured over (p95 193 ms to 328 ms on a loaded host).
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
