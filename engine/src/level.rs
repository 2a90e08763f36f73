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
    ///   match --a normal --b easy --games 80`: 93.8 % (70 wins, 10 draws,
    ///   no loss) with the tuned bonuses and the search of issue 14, with
    ///   the smaller tables as before them (94.4 %
    ///   with the search before its last three changes, 85.0 % before
    ///   tuning);
    ///   depth 6 managed only 73.8 % over 40, too close to the 70 % the gap
    ///   needs.
    /// - Hard, 14: the deepest whose think time over the bench set fits
    ///   the budget (p95 <= 250 ms, max <= 1 s) with 2 threads on the
    ///   2-core reference machine, release build. With the parallel search
    ///   of issue 14 (`checkers bench --threads 2 --level hard --depth D
    ///   --ideal`), measured while other sessions' builds kept the machine
    ///   loaded (load 3 to 9; it was never idle), before the bonuses were
    ///   tuned: depth 14 p95 151 ms, max 236 ms in the quietest run
    ///   (176-374 ms and 236-632 ms in others); depth 15 p95 328 ms, max
    ///   471 ms in the quietest run (733-810 ms in others). The load-free
    ///   measure, with the tuned bonuses and today's search: a search's
    ///   ideal length on 2 threads has p95 641,000 nodes at depth 14 and
    ///   1,155,000 at depth 15 (max 725,000 and 1,791,000), about 130 ms
    ///   and 230 ms at the 5 million nodes per second one thread manages
    ///   here, before any overhead: depth 15 is at the edge of the budget
    ///   at best, and measured it is over (p95 317 ms, max 501 ms; with
    ///   the later search that takes 1.25 % fewer nodes, from 200 ms to
    ///   270 ms in five runs, over the budget in two). Against Normal
    ///   (`checkers match --a hard --b normal --games 80`): 85.6 % (57
    ///   wins, 23 draws, no loss, z 7.55) with the smaller tables (84.4 %
    ///   before them; 82.5 % and 85.0 % with the search before its last
    ///   two changes, 80.6 % before issue 14). With the smaller tables,
    ///   depth 15's p95 was 256 ms, 237 ms, 237 ms, 256 ms and 193 ms in
    ///   five runs: still over the budget in two.
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
