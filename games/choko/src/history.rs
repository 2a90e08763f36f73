//! The ladder with its history: the streak ([`crate::streak`]), the last
//! [`HISTORY_LEN`] finished games kept whole, and the last
//! [`STREAKS_KEPT`] streaks that ended, for the records screen.
//!
//! Saved as version 2 of the streak's document:
//!
//! ```json
//! { "version": 2, "bonuses": [60], "best": [70, 60, 45],
//!   "games": [{ "id": 7, "finishedAtMs": 1765000000000, "level": 2,
//!               "first": "player", "actions": ["@c3", "@b3", "..."] }],
//!   "streaks": [{ "bonuses": [70, 60, 45], "endedAtMs": 1764000000000 }] }
//! ```
//!
//! Games are newest first, with numbers that fall; streaks newest first.
//! A version 1 document (the streak alone) is read as a ladder with no
//! history. Reading is parsing: every kept game is replayed from the
//! standard start and must have ended, so its result is the one its
//! actions reached; every bonus of a kept streak is one a win can give.

use crate::action::Action;
use crate::game::{Game, GameResult, PlayerOutcome, Who};
use crate::level::Level;
use crate::position::TURN_LIMIT;
use crate::record::Record;
use crate::rules::End;
use crate::snapshot::short;
use crate::streak::{Change, Streak, StreakError, StreakView, MAX_BONUS, MAX_WINS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::fmt;

/// The finished games kept whole.
pub const HISTORY_LEN: usize = 50;

/// The ended streaks kept.
pub const STREAKS_KEPT: usize = 10;

/// The ladder's document version this build writes.
pub const LADDER_VERSION: u32 = 2;

/// A finished game as the records keep it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct KeptGame {
    id: u64,
    finished_at_ms: u64,
    game: Game,
}

/// A kept game in the records' list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: u64,
    pub finished_at_ms: u64,
    pub level: Level,
    pub first: Who,
    pub outcome: PlayerOutcome,
    pub end: End,
    pub bonus: Option<u32>,
    pub player_pieces: u32,
    pub player_turns: u32,
    /// Every turn of the game, both sides'.
    pub turns: u32,
}

/// A streak that has ended, with its wins' bonuses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EndedStreak {
    bonuses: Vec<u32>,
    ended_at_ms: u64,
}

/// An ended streak in the records' list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreakEntry {
    pub wins: u32,
    pub value: u64,
    pub ended_at_ms: u64,
}

/// The records as the page shows them: the best streak, the last ended
/// streaks and the kept games, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LadderRecords {
    pub best_wins: u32,
    pub best_value: u64,
    pub streaks: Vec<StreakEntry>,
    pub games: Vec<HistoryEntry>,
}

/// The ladder and its history.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Ladder {
    streak: Streak,
    games: VecDeque<KeptGame>,
    streaks: VecDeque<EndedStreak>,
}

/// Why a saved ladder cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LadderError {
    /// The streak (the version 1 part) is not one.
    Streak(StreakError),
    /// Not JSON of the right shape.
    Malformed(String),
    /// More kept games or streaks than the records hold.
    TooMany,
    /// Kept games whose numbers do not fall from the newest.
    Order,
    /// A kept game that the rules could not have played to an end (its
    /// number, and why).
    Game(u64, String),
    /// An ended streak with no win, too many, or a bonus no win gives.
    EndedStreak,
}

impl fmt::Display for LadderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LadderError::Streak(e) => e.fmt(f),
            LadderError::Malformed(e) => write!(f, "malformed ladder: {e}"),
            LadderError::TooMany => write!(
                f,
                "more than {HISTORY_LEN} kept games or {STREAKS_KEPT} ended streaks"
            ),
            LadderError::Order => {
                f.write_str("the kept games' numbers do not fall from the newest")
            }
            LadderError::Game(id, e) => write!(f, "kept game {id}: {e}"),
            LadderError::EndedStreak => f.write_str("an ended streak no play could give"),
        }
    }
}

impl std::error::Error for LadderError {}

impl KeptGame {
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn finished_at_ms(&self) -> u64 {
        self.finished_at_ms
    }

    /// The finished game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn entry(&self) -> Option<HistoryEntry> {
        let r: GameResult = self.game.result()?;
        Some(HistoryEntry {
            id: self.id,
            finished_at_ms: self.finished_at_ms,
            level: self.game.level(),
            first: self.game.first(),
            outcome: r.outcome,
            end: r.end,
            bonus: r.bonus,
            player_pieces: r.player_pieces,
            player_turns: r.player_turns,
            turns: self.game.actions().len() as u32,
        })
    }
}

impl EndedStreak {
    fn entry(&self) -> StreakEntry {
        StreakEntry {
            wins: self.bonuses.len() as u32,
            value: crate::ladder::streak_value(&self.bonuses),
            ended_at_ms: self.ended_at_ms,
        }
    }
}

impl Ladder {
    /// No game played yet.
    pub fn new() -> Ladder {
        Ladder::default()
    }

    /// The current streak and the best.
    pub fn streak(&self) -> &Streak {
        &self.streak
    }

    /// The level of the streak's next game (L1).
    pub fn level(&self) -> Level {
        self.streak.level()
    }

    /// Who places first in the streak's next game (L4).
    pub fn next_first(&self) -> Who {
        self.streak.next_first()
    }

    /// The ladder as the game screen shows it.
    pub fn view(&self) -> StreakView {
        self.streak.view()
    }

    /// Count the finished `game`, numbered `id`, ended at `now_ms`: its
    /// result climbs or ends the streak (a streak that ends with wins is
    /// kept), and the game is kept whole. Nothing for a game going on.
    pub fn record(&mut self, game: &Game, id: u64, now_ms: u64) {
        let Some(result) = game.result() else {
            return;
        };
        let before = self.streak.bonuses().to_vec();
        if self.streak.record(&result) == Change::Ended {
            self.keep_streak(before, now_ms);
        }
        self.games.push_front(KeptGame {
            id,
            finished_at_ms: now_ms,
            game: game.clone(),
        });
        self.games.truncate(HISTORY_LEN);
    }

    /// End the current streak at the player's request (the best stays); a
    /// streak with wins is kept among the ended ones.
    pub fn end_streak(&mut self, now_ms: u64) {
        let before = self.streak.bonuses().to_vec();
        self.streak.end();
        self.keep_streak(before, now_ms);
    }

    fn keep_streak(&mut self, bonuses: Vec<u32>, now_ms: u64) {
        if bonuses.is_empty() {
            return;
        }
        self.streaks.push_front(EndedStreak {
            bonuses,
            ended_at_ms: now_ms,
        });
        self.streaks.truncate(STREAKS_KEPT);
    }

    /// The kept game numbered `id`.
    pub fn game(&self, id: u64) -> Option<&KeptGame> {
        self.games.iter().find(|g| g.id == id)
    }

    /// The records as the page shows them.
    pub fn records(&self) -> LadderRecords {
        let best = self.streak.view();
        LadderRecords {
            best_wins: best.best_wins,
            best_value: best.best_value,
            streaks: self.streaks.iter().map(EndedStreak::entry).collect(),
            games: self.games.iter().filter_map(KeptGame::entry).collect(),
        }
    }

    /// The saved form, version 2.
    pub fn to_value(&self) -> Value {
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|g| {
                json!({
                    "id": g.id,
                    "finishedAtMs": g.finished_at_ms,
                    "level": g.game.level(),
                    "first": g.game.first(),
                    "actions": g.game.actions().iter().map(Action::to_string).collect::<Vec<_>>(),
                })
            })
            .collect();
        let streaks: Vec<Value> = self
            .streaks
            .iter()
            .map(|s| json!({ "bonuses": s.bonuses, "endedAtMs": s.ended_at_ms }))
            .collect();
        json!({
            "version": LADDER_VERSION,
            "bonuses": self.streak.bonuses(),
            "best": self.streak.best(),
            "games": games,
            "streaks": streaks,
        })
    }

    /// A saved ladder, version 1 (the streak alone) or 2, with every check
    /// of the module doc.
    pub fn from_value(value: &Value) -> Result<Ladder, LadderError> {
        if value.get("version").and_then(Value::as_u64) != Some(u64::from(LADDER_VERSION)) {
            // Version 1, or a version this build does not know: the
            // streak's own reader says which.
            let streak = Streak::from_value(value).map_err(LadderError::Streak)?;
            return Ok(Ladder {
                streak,
                ..Ladder::default()
            });
        }
        let saved =
            SavedLadder::deserialize(value).map_err(|e| LadderError::Malformed(short(e)))?;
        let streak = Streak::from_value(&json!({
            "version": 1, "bonuses": saved.bonuses, "best": saved.best,
        }))
        .map_err(LadderError::Streak)?;
        if saved.games.len() > HISTORY_LEN || saved.streaks.len() > STREAKS_KEPT {
            return Err(LadderError::TooMany);
        }
        if saved.games.windows(2).any(|w| w[0].id <= w[1].id) {
            return Err(LadderError::Order);
        }
        let games = saved
            .games
            .into_iter()
            .map(SavedGame::replay)
            .collect::<Result<VecDeque<_>, _>>()?;
        let streaks = saved
            .streaks
            .into_iter()
            .map(|s| {
                let fits = !s.bonuses.is_empty()
                    && s.bonuses.len() <= MAX_WINS
                    && s.bonuses.iter().all(|&b| b <= MAX_BONUS);
                fits.then_some(EndedStreak {
                    bonuses: s.bonuses,
                    ended_at_ms: s.ended_at_ms,
                })
                .ok_or(LadderError::EndedStreak)
            })
            .collect::<Result<VecDeque<_>, _>>()?;
        Ok(Ladder {
            streak,
            games,
            streaks,
        })
    }
}

impl KeptGame {
    /// The game as a record's text (`choko game` reads it back), with the
    /// date it ended when `date` is given.
    pub fn record_text(&self, date: Option<&str>) -> String {
        self.game.record_text(date)
    }
}

impl Game {
    /// The game as a record's text ([`crate::record`]), with the date
    /// when given: the player is X, the machine O at the game's level.
    pub fn record_text(&self, date: Option<&str>) -> String {
        let mut tags = Vec::new();
        if let Some(d) = date.filter(|d| crate::record::fits_a_tag(d)) {
            tags.push(("Date".to_string(), d.to_string()));
        }
        tags.push(("X".to_string(), "Player".to_string()));
        tags.push((
            "O".to_string(),
            format!("Machine, level {}", self.level().number()),
        ));
        Record {
            first: self.start().to_act(),
            tags,
            actions: self.actions().to_vec(),
        }
        .to_text(self.outcome())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedLadder {
    #[allow(dead_code)]
    version: u32,
    bonuses: Vec<u32>,
    best: Vec<u32>,
    games: Vec<SavedGame>,
    streaks: Vec<SavedStreak>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedGame {
    id: u64,
    finished_at_ms: u64,
    level: Level,
    first: Who,
    actions: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SavedStreak {
    bonuses: Vec<u32>,
    ended_at_ms: u64,
}

impl SavedGame {
    /// The kept game replayed from the standard start: every action legal,
    /// and the game over after the last.
    fn replay(self) -> Result<KeptGame, LadderError> {
        let id = self.id;
        let bad = |e: String| LadderError::Game(id, e);
        if self.actions.len() > usize::from(TURN_LIMIT) {
            return Err(bad(format!(
                "{} actions, more than a game has",
                self.actions.len()
            )));
        }
        let mut game = Game::new(self.level, self.first);
        for (i, text) in self.actions.iter().enumerate() {
            let a: Action = text
                .parse()
                .map_err(|e| bad(format!("action {}: {e}", i + 1)))?;
            game.replay(a)
                .map_err(|e| bad(format!("action {}: {e}", i + 1)))?;
        }
        if !game.is_over() {
            return Err(bad("the game has not ended".to_string()));
        }
        Ok(KeptGame {
            id,
            finished_at_ms: self.finished_at_ms,
            game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole game, both sides taking their first legal action.
    fn played(level: u8, first: Who) -> Game {
        let mut g = Game::new(Level::new(level).unwrap(), first);
        while !g.is_over() {
            let a = g.position().legal_actions()[0];
            g.replay(a).unwrap();
        }
        g
    }

    #[test]
    fn games_and_ended_streaks_are_kept_newest_first_and_read_back() {
        let mut ladder = Ladder::new();
        for id in 1..=3 {
            ladder.record(&played(1, Who::Machine), id, 1000 * id);
        }
        ladder.end_streak(5000);
        let records = ladder.records();
        assert_eq!(
            records.games.iter().map(|g| g.id).collect::<Vec<_>>(),
            vec![3, 2, 1]
        );
        let v = ladder.to_value();
        assert_eq!(v["version"], json!(2));
        let back = Ladder::from_value(&v).unwrap();
        assert_eq!(back, ladder);
        assert_eq!(
            back.game(2).unwrap().game().actions(),
            ladder.game(2).unwrap().game().actions()
        );
        let text = back.game(3).unwrap().record_text(Some("2026.12.07"));
        let read = crate::record::read_record(&text).unwrap();
        assert_eq!(read.record.actions, back.game(3).unwrap().game().actions());
        assert!(read.outcome.is_some());
    }

    #[test]
    fn only_the_last_games_are_kept() {
        let g = played(1, Who::Player);
        let mut ladder = Ladder::new();
        for id in 1..=(HISTORY_LEN as u64 + 5) {
            ladder.record(&g, id, id);
        }
        assert_eq!(ladder.records().games.len(), HISTORY_LEN);
        assert_eq!(ladder.records().games[0].id, HISTORY_LEN as u64 + 5);
    }

    #[test]
    fn a_version_1_streak_reads_as_a_ladder_with_no_history() {
        let v = json!({ "version": 1, "bonuses": [60], "best": [60] });
        let ladder = Ladder::from_value(&v).unwrap();
        assert_eq!(ladder.view().wins, 1);
        assert!(ladder.records().games.is_empty());
    }

    #[test]
    fn kept_games_the_rules_could_not_have_played_are_refused() {
        let mut ladder = Ladder::new();
        ladder.record(&played(2, Who::Machine), 4, 1);
        let good = ladder.to_value();
        let with = |f: &dyn Fn(&mut Value)| {
            let mut v = good.clone();
            f(&mut v);
            v
        };
        for (v, want) in [
            (
                with(&|v| v["games"][0]["actions"].as_array_mut().unwrap().truncate(3)),
                "has not ended",
            ),
            (
                with(&|v| v["games"][0]["actions"][0] = json!("@z9")),
                "action 1",
            ),
            (
                with(&|v| v["games"][0]["actions"][1] = v["games"][0]["actions"][0].clone()),
                "action 2",
            ),
            (with(&|v| v["games"][0]["level"] = json!(9)), "malformed"),
            (
                with(&|v| v["streaks"] = json!([{ "bonuses": [], "endedAtMs": 1 }])),
                "ended streak",
            ),
            (
                with(&|v| v["streaks"] = json!([{ "bonuses": [99], "endedAtMs": 1 }])),
                "ended streak",
            ),
            (
                with(&|v| {
                    let g = v["games"][0].clone();
                    v["games"] = json!([g.clone(), g]);
                }),
                "do not fall",
            ),
            (with(&|v| v["extra"] = json!(1)), "malformed"),
        ] {
            let e = Ladder::from_value(&v).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
            assert!(e.chars().count() < 240, "{e}");
        }
    }
}
