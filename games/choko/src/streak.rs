//! The ladder as the player climbs it (L1–L5): the current streak, the
//! level and the first placer of its next game, and the best streak.
//!
//! A streak is its wins, each kept as its bonus (L2). Everything else
//! follows from them:
//!
//! - the level of the next game is one more than the wins, up to
//!   [`Level::TOP`], where the ladder stays (L1);
//! - the machine places first in the first game of a streak, and then the
//!   first placer alternates (L4): the machine when the wins are even;
//! - the value is [`ladder::streak_value`] of the bonuses (L3);
//! - a loss or a draw ends the streak (L3), and so does the player asking
//!   for a new one; the best streak is the one of highest value so far,
//!   updated with every win (a win always raises a streak's value, so the
//!   current streak is never worth more than the best).
//!
//! Saved as `{ "version": 1, "bonuses": [60, 45], "best": [60, 45] }`,
//! and read back only if every bonus is one a win can give and the best
//! is worth at least the current streak.

use crate::game::{GameResult, PlayerOutcome, Who};
use crate::ladder;
use crate::level::Level;
use crate::position::PIECES;
use crate::snapshot::short;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The streak format version this build writes.
pub const STREAK_VERSION: u32 = 1;

/// The largest bonus a win can give: every piece kept and no turn played.
pub const MAX_BONUS: u32 = ladder::PER_PIECE * PIECES as u32 + ladder::TURN_PAR;

/// The most wins a saved streak may hold: far more than anyone plays (a
/// game takes minutes), and small enough that the file stays small.
pub const MAX_WINS: usize = 100_000;

/// The current streak and the best one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Streak {
    /// The bonus of each win of the current streak, oldest first.
    bonuses: Vec<u32>,
    /// The bonuses of the best streak.
    best: Vec<u32>,
}

/// The ladder as the page shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreakView {
    /// The level of the next game (or of the game in progress).
    pub level: Level,
    pub wins: u32,
    pub value: u64,
    /// The bonus of the streak's last win.
    pub last_bonus: Option<u32>,
    pub best_wins: u32,
    pub best_value: u64,
    /// Who places first in the streak's next game (L4).
    pub next_first: Who,
    /// The highest level.
    pub top: u8,
}

/// What a finished game did to the streak.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Change {
    /// A win, with its bonus, added to the streak.
    Won(u32),
    /// A loss or a draw ended the streak.
    Ended,
}

/// The saved form.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    version: u32,
    bonuses: Vec<u32>,
    best: Vec<u32>,
}

/// Why a saved streak cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StreakError {
    /// Not JSON of the right shape.
    Malformed(String),
    /// Written by another version of the app.
    UnsupportedVersion(u64),
    /// A bonus no win can give.
    Bonus(u32),
    /// More wins than a saved streak may hold.
    TooManyWins(usize),
    /// The best streak is worth less than the current one.
    BestBelowCurrent,
}

impl fmt::Display for StreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreakError::Malformed(e) => write!(f, "malformed streak: {e}"),
            StreakError::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            StreakError::Bonus(b) => {
                write!(f, "bonus {b} is over the most a win gives ({MAX_BONUS})")
            }
            StreakError::TooManyWins(n) => write!(f, "{n} wins, more than {MAX_WINS}"),
            StreakError::BestBelowCurrent => {
                f.write_str("the best streak is worth less than the current one")
            }
        }
    }
}

impl std::error::Error for StreakError {}

/// The level after `wins` wins (L1).
fn level_after(wins: usize) -> Level {
    let n = wins.saturating_add(1).min(usize::from(Level::TOP));
    Level::new(n as u8).unwrap_or(Level::top())
}

impl Streak {
    /// No win yet, and no best streak.
    pub fn new() -> Streak {
        Streak::default()
    }

    /// The current streak's wins.
    pub fn wins(&self) -> u32 {
        self.bonuses.len() as u32
    }

    /// The bonuses of the current streak's wins, oldest first.
    pub fn bonuses(&self) -> &[u32] {
        &self.bonuses
    }

    /// The bonuses of the best streak's wins.
    pub fn best(&self) -> &[u32] {
        &self.best
    }

    /// The level of the streak's next game (L1).
    pub fn level(&self) -> Level {
        level_after(self.bonuses.len())
    }

    /// Who places first in the streak's next game (L4).
    pub fn next_first(&self) -> Who {
        if self.bonuses.len().is_multiple_of(2) {
            Who::Machine
        } else {
            Who::Player
        }
    }

    /// The current streak's value (L3).
    pub fn value(&self) -> u64 {
        ladder::streak_value(&self.bonuses)
    }

    /// The best streak's value.
    pub fn best_value(&self) -> u64 {
        ladder::streak_value(&self.best)
    }

    /// Count a finished game: a win adds its bonus (and may make this the
    /// best streak), a loss or a draw ends the streak.
    pub fn record(&mut self, result: &GameResult) -> Change {
        match (result.outcome, result.bonus) {
            (PlayerOutcome::Win, Some(bonus)) => {
                if self.bonuses.len() < MAX_WINS {
                    self.bonuses.push(bonus.min(MAX_BONUS));
                }
                if self.value() > self.best_value() {
                    self.best.clone_from(&self.bonuses);
                }
                Change::Won(bonus)
            }
            _ => {
                self.bonuses.clear();
                Change::Ended
            }
        }
    }

    /// End the current streak at the player's request; the best stays.
    pub fn end(&mut self) {
        self.bonuses.clear();
    }

    /// The ladder as the page shows it.
    pub fn view(&self) -> StreakView {
        StreakView {
            level: self.level(),
            wins: self.wins(),
            value: self.value(),
            last_bonus: self.bonuses.last().copied(),
            best_wins: self.best.len() as u32,
            best_value: self.best_value(),
            next_first: self.next_first(),
            top: Level::TOP,
        }
    }

    /// The saved form as JSON.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(Saved {
            version: STREAK_VERSION,
            bonuses: self.bonuses.clone(),
            best: self.best.clone(),
        })
        .unwrap_or(Value::Null)
    }

    /// A saved streak, with every check of the module doc.
    pub fn from_value(value: &Value) -> Result<Streak, StreakError> {
        match value.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(STREAK_VERSION) => {}
            Some(v) => return Err(StreakError::UnsupportedVersion(v)),
            None => return Err(StreakError::Malformed("no version number".into())),
        }
        let saved = Saved::deserialize(value).map_err(|e| StreakError::Malformed(short(e)))?;
        for list in [&saved.bonuses, &saved.best] {
            if list.len() > MAX_WINS {
                return Err(StreakError::TooManyWins(list.len()));
            }
            if let Some(&b) = list.iter().find(|&&b| b > MAX_BONUS) {
                return Err(StreakError::Bonus(b));
            }
        }
        let streak = Streak {
            bonuses: saved.bonuses,
            best: saved.best,
        };
        if streak.value() > streak.best_value() {
            return Err(StreakError::BestBelowCurrent);
        }
        Ok(streak)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::End;
    use serde_json::json;

    fn win(bonus: u32) -> GameResult {
        GameResult {
            outcome: PlayerOutcome::Win,
            end: End::AllCaptured,
            player_pieces: 10,
            machine_pieces: 0,
            player_turns: 30,
            bonus: Some(bonus),
        }
    }

    fn lost(outcome: PlayerOutcome) -> GameResult {
        GameResult {
            outcome,
            end: End::QuietTurns,
            player_pieces: 4,
            machine_pieces: 4,
            player_turns: 60,
            bonus: None,
        }
    }

    #[test]
    fn wins_climb_the_ladder_and_the_first_placer_alternates() {
        let mut s = Streak::new();
        assert_eq!((s.level().number(), s.next_first()), (1, Who::Machine));
        assert_eq!(s.record(&win(60)), Change::Won(60));
        assert_eq!((s.level().number(), s.next_first()), (2, Who::Player));
        s.record(&win(45));
        assert_eq!((s.level().number(), s.next_first()), (3, Who::Machine));
        assert_eq!(s.value(), 2000 + 525);
        let v = s.view();
        assert_eq!(
            (v.wins, v.last_bonus, v.best_wins, v.best_value),
            (2, Some(45), 2, 2525)
        );
        // The top level stays the top.
        for _ in 0..10 {
            s.record(&win(10));
        }
        assert_eq!(s.level(), Level::top());
    }

    #[test]
    fn a_loss_or_a_draw_ends_the_streak_and_the_best_stays() {
        for outcome in [PlayerOutcome::Loss, PlayerOutcome::Draw] {
            let mut s = Streak::new();
            s.record(&win(60));
            s.record(&win(60));
            assert_eq!(s.record(&lost(outcome)), Change::Ended);
            assert_eq!((s.wins(), s.value(), s.level().number()), (0, 0, 1));
            assert_eq!(
                s.next_first(),
                Who::Machine,
                "a new streak: the machine first"
            );
            assert_eq!(s.best_value(), 2600);
            // A shorter streak does not replace the best.
            s.record(&win(98));
            assert_eq!(s.best_value(), 2600);
        }
        let mut s = Streak::new();
        s.record(&win(1));
        s.end();
        assert_eq!((s.wins(), s.best_value()), (0, 1010));
    }

    #[test]
    fn a_streak_round_trips_and_bad_ones_are_refused() {
        let mut s = Streak::new();
        s.record(&win(60));
        s.record(&win(45));
        s.record(&lost(PlayerOutcome::Loss));
        s.record(&win(12));
        let v = s.to_value();
        assert_eq!(
            v,
            json!({ "version": 1, "bonuses": [12], "best": [60, 45] })
        );
        assert_eq!(Streak::from_value(&v).unwrap(), s);
        for (bad, want) in [
            (
                json!({ "version": 2, "bonuses": [], "best": [] }),
                "unsupported",
            ),
            (json!({ "bonuses": [], "best": [] }), "no version"),
            (
                json!({ "version": 1, "bonuses": [99], "best": [99] }),
                "bonus 99",
            ),
            (
                json!({ "version": 1, "bonuses": [10, 10], "best": [98] }),
                "worth less",
            ),
            (
                json!({ "version": 1, "bonuses": [-1], "best": [] }),
                "malformed",
            ),
            (
                json!({ "version": 1, "bonuses": [], "best": [], "x": 1 }),
                "malformed",
            ),
            (json!({ "version": 1, "bonuses": [] }), "malformed"),
        ] {
            let e = Streak::from_value(&bad).unwrap_err().to_string();
            assert!(e.contains(want), "{bad}: {e}");
        }
        let many = vec![0u32; MAX_WINS + 1];
        let e = Streak::from_value(&json!({ "version": 1, "bonuses": [], "best": many }));
        assert_eq!(e, Err(StreakError::TooManyWins(MAX_WINS + 1)));
    }
}
