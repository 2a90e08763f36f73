//! The two sides of a game against the CPU, and how a finished game went
//! for the player: the words that the session ([`crate::game`]), what the
//! page draws ([`crate::view`]), the saved game and the records share.
//!
//! The player is always White, drawn at the bottom and moving up; the CPU
//! is Black, at the top. Either may move first (C6).

use crate::names::NameVisitor;
use crate::rules::{outcome, Outcome};
use crate::{Color, Position};
use serde::{Deserialize, Deserializer, Serialize};

/// The player's colour: White, at the bottom of the board.
pub const PLAYER: Color = Color::White;
/// The CPU's colour: Black, at the top.
pub const CPU: Color = Color::Black;

/// Who moves first (C6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    Player,
    Cpu,
}

/// From JSON, exactly `"player"` or `"cpu"`.
impl<'de> Deserialize<'de> for First {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<First, D::Error> {
        d.deserialize_str(NameVisitor {
            what: "first player",
            names: &[("player", First::Player), ("cpu", First::Cpu)],
        })
    }
}

impl First {
    /// The colour that moves first.
    pub const fn color(self) -> Color {
        match self {
            First::Player => PLAYER,
            First::Cpu => CPU,
        }
    }
}

/// A side, as the page sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Player,
    Cpu,
}

impl Side {
    /// The side playing `color`.
    pub fn of(color: Color) -> Side {
        if color == PLAYER {
            Side::Player
        } else {
            Side::Cpu
        }
    }
}

/// How a finished game went, for the player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerOutcome {
    Win,
    Loss,
    Draw,
}

/// A result: win, loss or draw, and the pieces left on each side (G3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameResult {
    pub outcome: PlayerOutcome,
    pub player_pieces: u32,
    pub cpu_pieces: u32,
}

impl GameResult {
    /// The result of the game at `pos` with `quiet` quiet turns behind it,
    /// or `None` while it goes on (R7, R8).
    pub fn of(pos: &Position, quiet: u32) -> Option<GameResult> {
        outcome(pos, quiet).map(|o| GameResult {
            outcome: match o {
                Outcome::Draw => PlayerOutcome::Draw,
                Outcome::Win(c) if c == PLAYER => PlayerOutcome::Win,
                Outcome::Win(_) => PlayerOutcome::Loss,
            },
            player_pieces: pos.pieces(PLAYER).count(),
            cpu_pieces: pos.pieces(CPU).count(),
        })
    }
}
