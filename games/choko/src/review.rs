//! A game to step through: the position before its first action and after
//! each one, in the page's terms, with each action in parts and the
//! game's record text ([`crate::record`]). The records screen opens kept
//! games in it ([`crate::history`]), the end screen the game just played.

use crate::game::{Game, GameResult, Who, MACHINE, PLAYER};
use crate::level::Level;
use crate::point::Point;
use crate::position::Position;
use crate::view::{ActionView, Hands};
use serde::Serialize;

/// One position of a game being stepped through.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewStep {
    /// The 25 points in index order (a1, b1, …, e5).
    pub board: Vec<Option<Who>>,
    pub hands: Hands,
    pub initiative: Option<Who>,
    /// Turns played, both sides'.
    pub turns: u8,
    /// The player's own turns.
    pub player_turns: u32,
}

/// A whole game to step through.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub level: Level,
    pub first: Who,
    /// The position before the first action, then after each.
    pub steps: Vec<ReviewStep>,
    /// Each action in parts, who made it and its notation.
    pub actions: Vec<ActionView>,
    pub result: Option<GameResult>,
    /// The game as a record's text, which `choko game` reads back.
    pub text: String,
}

fn step(pos: &Position, player_first: bool) -> ReviewStep {
    ReviewStep {
        board: Point::ALL
            .iter()
            .map(|&p| pos.side_at(p).map(Who::of))
            .collect(),
        hands: Hands {
            player: pos.hand(PLAYER),
            machine: pos.hand(MACHINE),
        },
        initiative: pos.holder().map(Who::of),
        turns: pos.turns(),
        player_turns: crate::ladder::player_turns(u32::from(pos.turns()), player_first),
    }
}

impl Game {
    /// The game (in progress or finished) to step through; a jump waiting
    /// for its extra piece is not part of it yet. `date` goes in the
    /// record's text when given.
    pub fn review(&self, date: Option<&str>) -> Review {
        let player_first = self.start().to_act() == PLAYER;
        let mut pos = *self.start();
        let mut steps = vec![step(&pos, player_first)];
        let mut actions = Vec::with_capacity(self.actions().len());
        for (i, &a) in self.actions().iter().enumerate() {
            pos = pos.play_unchecked(a);
            steps.push(step(&pos, player_first));
            actions.push(ActionView::of(a, self.actor(i)));
        }
        Review {
            level: self.level(),
            first: self.first(),
            steps,
            actions,
            result: self.result(),
            text: self.record_text(date),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_has_a_position_before_and_after_each_action() {
        let mut g = Game::new(Level::new(2).unwrap(), Who::Machine);
        for a in ["@c3", "@b3", "@c5"] {
            g.replay(a.parse().unwrap()).unwrap();
        }
        let r = g.review(None);
        assert_eq!((r.steps.len(), r.actions.len()), (4, 3));
        assert!(r.steps[0].board.iter().all(Option::is_none));
        assert_eq!(
            r.steps[3].hands,
            Hands {
                player: 11,
                machine: 10
            }
        );
        assert_eq!(r.actions[1].who, Who::Player);
        assert_eq!(r.actions[2].text, "@c5");
        assert_eq!(r.steps[3].player_turns, 1);
        let read = crate::record::read_record(&r.text).unwrap();
        assert_eq!(read.record.actions, g.actions());
        assert!(r.text.contains("[O \"Machine, level 2\"]"), "{}", r.text);
    }
}
