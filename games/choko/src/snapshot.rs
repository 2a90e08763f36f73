//! The saved game: everything needed to continue a game after the app
//! stops, a jump waiting for its extra piece included, as versioned JSON:
//!
//! ```json
//! { "version": 1, "level": 3, "first": "machine",
//!   "start": "5/5/5/5/5 o 12/12 - 0 0",
//!   "actions": ["@c3", "@c2", "c3-d3"], "waiting": "c2xc4", "recorded": false }
//! ```
//!
//! `start` is the position the game began in: always the standard start,
//! the empty board with both hands full and the first placer to act (a
//! game is accepted only as the rules could have produced it, so a file
//! cannot hold a set-up position nor a result that no action led to);
//! `actions` every whole action since, `waiting` the player's jump that waits for its
//! extra piece (`null` when none), `recorded` whether the ladder has
//! counted the finished game.
//!
//! Reading is parsing: the JSON becomes a [`Game`] whose every action has
//! been replayed under the rules, or a [`SnapshotError`] that says, in one
//! short line, what is wrong. Nothing in a file can make it panic.

use crate::action::{Action, ActionError};
use crate::game::{Game, Jump, Who};
use crate::level::Level;
use crate::position::Position;
use crate::rules::PlayError;
use crate::text::{parse_position, to_text, TextError};
use engine_kit::text::excerpt;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The saved-game format version this build writes.
pub const SNAPSHOT_VERSION: u32 = 1;

/// A saved game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Snapshot {
    pub version: u32,
    pub level: Level,
    /// Who placed first (L4).
    pub first: Who,
    /// The position the game began in, in the position notation.
    pub start: String,
    /// Every whole action since, in the action notation.
    pub actions: Vec<String>,
    /// The player's jump waiting for its extra piece (`c3xc5`).
    #[serde(default)]
    pub waiting: Option<String>,
    #[serde(default)]
    pub recorded: bool,
}

/// Why a saved game cannot be used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SnapshotError {
    /// Not JSON of the right shape.
    Malformed(String),
    /// Written by another version of the app.
    UnsupportedVersion(u64),
    /// The first position is not a position.
    Start(TextError),
    /// The first position is not the standard start with the first placer
    /// to act: the rules could not have produced the game.
    NotTheStart,
    /// An action that does not read (its index and the error).
    Action(usize, ActionError),
    /// An action that is not legal where it is played.
    Play(usize, PlayError),
    /// A waiting jump that is not the start of a legal jump with a choice
    /// of extra piece, or that is not the player's.
    Waiting(String),
    /// Marked as counted by the ladder but not finished.
    RecordedUnfinished,
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnapshotError::Malformed(e) => write!(f, "malformed saved game: {e}"),
            SnapshotError::UnsupportedVersion(v) => write!(f, "unsupported version {v}"),
            SnapshotError::Start(e) => write!(f, "bad first position: {e}"),
            SnapshotError::NotTheStart => f.write_str(
                "the first position is not the empty board with the first placer to act",
            ),
            SnapshotError::Action(i, e) => write!(f, "action {}: {e}", i + 1),
            SnapshotError::Play(i, e) => write!(f, "action {}: {e}", i + 1),
            SnapshotError::Waiting(j) => {
                write!(
                    f,
                    "the waiting jump {j} is not the player's legal jump here"
                )
            }
            SnapshotError::RecordedUnfinished => {
                f.write_str("an unfinished game is marked as counted")
            }
        }
    }
}

impl std::error::Error for SnapshotError {}

/// A JSON error as one short line: serde's messages can quote the input.
pub fn short(e: impl fmt::Display) -> String {
    let text = e.to_string();
    if text.chars().count() <= 160 {
        text
    } else {
        format!("{}…", text.chars().take(160).collect::<String>())
    }
}

impl Game {
    /// The saved form: everything needed to continue, a waiting jump
    /// included.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            version: SNAPSHOT_VERSION,
            level: self.level(),
            first: self.first(),
            start: to_text(self.start()),
            actions: self.actions().iter().map(Action::to_string).collect(),
            waiting: self.waiting().map(|j| j.to_string()),
            recorded: self.is_recorded(),
        }
    }

    /// The snapshot as JSON.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self.snapshot()).unwrap_or(Value::Null)
    }

    /// A saved game from JSON, checked as [`Game::restore`] does.
    pub fn from_value(value: &Value) -> Result<Game, SnapshotError> {
        match value.get("version").and_then(Value::as_u64) {
            Some(v) if v == u64::from(SNAPSHOT_VERSION) => {}
            Some(v) => return Err(SnapshotError::UnsupportedVersion(v)),
            None => return Err(SnapshotError::Malformed("no version number".into())),
        }
        let s = Snapshot::deserialize(value).map_err(|e| SnapshotError::Malformed(short(e)))?;
        Game::restore(&s)
    }

    /// Continue a saved game, checking everything in it: that it begins at
    /// the standard start with the first placer to act (K2), every action
    /// under the rules, the waiting jump, the recorded flag.
    pub fn restore(s: &Snapshot) -> Result<Game, SnapshotError> {
        if s.version != SNAPSHOT_VERSION {
            return Err(SnapshotError::UnsupportedVersion(s.version.into()));
        }
        let start = parse_position(&s.start).map_err(SnapshotError::Start)?;
        if start != Position::start_with(s.first.side()) {
            return Err(SnapshotError::NotTheStart);
        }
        let mut game = Game::from_start(s.level, s.first, start);
        for (i, text) in s.actions.iter().enumerate() {
            let a: Action = text.parse().map_err(|e| SnapshotError::Action(i, e))?;
            game.replay(a).map_err(|e| SnapshotError::Play(i, e))?;
        }
        if let Some(text) = &s.waiting {
            let bad = || SnapshotError::Waiting(excerpt(text));
            let jump = match text.parse::<Action>() {
                Ok(Action::Jump {
                    from,
                    over,
                    to,
                    extra: crate::action::Extra::None,
                }) => Jump { from, over, to },
                _ => return Err(bad()),
            };
            game = game.with_waiting(jump).map_err(|_| bad())?;
        }
        if s.recorded && !game.is_over() {
            return Err(SnapshotError::RecordedUnfinished);
        }
        Ok(game.with_recorded(s.recorded))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Input;
    use crate::point::Point;
    use serde_json::json;

    fn p(name: &str) -> Point {
        Point::from_name(name).unwrap()
    }

    /// A game of a few turns with the player's jump waiting: O placed
    /// first on c3, X on b3, O on c5, X on a1, O on b4; X jumps b3xd3.
    fn waiting_game() -> Game {
        let mut g = Game::new(Level::new(2).unwrap(), Who::Machine);
        for (who, text) in [
            (Who::Machine, "@c3"),
            (Who::Player, "@b3"),
            (Who::Machine, "@c5"),
            (Who::Player, "@a1"),
            (Who::Machine, "@b4"),
        ] {
            match who {
                Who::Machine => g.apply_machine(text.parse().unwrap()).unwrap(),
                Who::Player => {
                    g.play(Input::Place(p(&text[1..]))).unwrap();
                }
            }
        }
        // O placed while holding the initiative: X must place, so no jump
        // yet. X places, O steps, and X's jump becomes free.
        g.play(Input::Place(p("e1"))).unwrap();
        g.apply_machine("c5-d5".parse().unwrap()).unwrap();
        g.play(Input::Move {
            from: p("b3"),
            to: p("d3"),
        })
        .unwrap();
        g
    }

    #[test]
    fn a_game_round_trips_with_its_waiting_jump() {
        let g = waiting_game();
        assert!(g.waiting().is_some());
        let v = g.to_value();
        assert_eq!(v["waiting"], json!("b3xd3"));
        assert_eq!(v["start"], json!("5/5/5/5/5 o 12/12 - 0 0"));
        assert_eq!(v["first"], json!("machine"));
        assert_eq!(v["level"], json!(2));
        let back = Game::from_value(&v).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.legal(), g.legal());
    }

    #[test]
    fn every_kind_of_bad_save_is_refused_with_its_reason() {
        let good = waiting_game().to_value();
        let with = |key: &str, value: Value| {
            let mut v = good.clone();
            v[key] = value;
            v
        };
        let cases: Vec<(Value, &str)> = vec![
            (with("version", json!(2)), "unsupported version 2"),
            (json!({ "level": 1 }), "no version number"),
            (with("level", json!(9)), "malformed"),
            (with("first", json!("cpu")), "malformed"),
            (with("extra", json!(1)), "malformed"),
            (
                with("start", json!("5/5/5/5/5 x 13/12 - 0 0")),
                "bad first position",
            ),
            (with("first", json!("player")), "not the empty board"),
            // Positions that no game reaches: the machine has lost every
            // piece before anyone acted, and X has placed ten pieces to
            // O's five although each of its placements must be answered
            // by one (K7).
            (
                with("start", json!("xxxxx/xxxxx/xx3/5/5 o 0/0 x 0 24")),
                "not the empty board",
            ),
            (
                with("start", json!("xxxxx/xxxxx/5/5/ooooo o 2/7 x 0 20")),
                "not the empty board",
            ),
            (
                with("start", json!("5/5/2o2/5/5 x 12/11 o! 0 1")),
                "not the empty board",
            ),
            (
                with("actions", json!(["@c3", "@c3"])),
                "action 2: @c3 is not a legal",
            ),
            (
                with("actions", json!(["@z9"])),
                "action 1: 'z9' is not a point",
            ),
            (with("waiting", json!("b3xd3 c5")), "waiting jump"),
            (with("waiting", json!("a1xa3")), "waiting jump"),
            (with("recorded", json!(true)), "unfinished game"),
        ];
        for (v, want) in cases {
            let e = Game::from_value(&v).unwrap_err().to_string();
            assert!(e.contains(want), "{v}: {e}");
        }
        let long = "x".repeat(1 << 20);
        for key in ["start", "waiting", "first"] {
            let e = Game::from_value(&with(key, json!(long)))
                .unwrap_err()
                .to_string();
            assert!(
                e.chars().count() <= 200,
                "{key}: {} characters",
                e.chars().count()
            );
        }
        let e = Game::from_value(&with("actions", json!([long])))
            .unwrap_err()
            .to_string();
        assert!(e.chars().count() <= 200, "{} characters", e.chars().count());
    }

    #[test]
    fn a_finished_game_keeps_its_recorded_flag() {
        let mut g = Game::new(Level::new(1).unwrap(), Who::Player);
        let mut v = g.to_value();
        v["recorded"] = json!(false);
        assert!(!Game::from_value(&v).unwrap().is_recorded());
        // Play a whole game, both sides taking their first legal action.
        while !g.is_over() {
            if g.player_to_act() {
                let legal = g.legal();
                let input = match (legal.place.first(), legal.pieces.first()) {
                    (Some(&at), _) => Input::Place(at),
                    (None, Some(m)) => Input::Move {
                        from: m.from,
                        to: *m.steps.first().or(m.jumps.first()).unwrap(),
                    },
                    (None, None) => Input::Extra(legal.extra.unwrap().choices[0]),
                };
                g.play(input).unwrap();
            } else {
                let a = g.position().legal_actions()[0];
                g.apply_machine(a).unwrap();
            }
        }
        assert!(g.mark_recorded());
        let back = Game::from_value(&g.to_value()).unwrap();
        assert!(back.is_recorded() && back.is_over());
        assert_eq!(back.result(), g.result());
    }
}
