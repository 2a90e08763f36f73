//! What the page is given to draw: plain data in the page's terms (the
//! player and the machine rather than X and O, points by name), built from
//! the game ([`crate::game`]). The page decides nothing: what the turn
//! line says, the counters of K10 and how the game ended come from here;
//! what the player may do from [`Game::legal`].

use crate::action::{Action, Extra};
use crate::game::{Game, GameResult, Jump, Who, MACHINE, PLAYER};
use crate::level::Level;
use crate::point::{Point, POINTS};
use crate::position::{QUIET_LIMIT, TURN_LIMIT};
use serde::Serialize;

/// The counters of K10 are shown once this many turns or fewer remain.
pub const COUNTER_WARNING: u8 = 10;

/// What the turn line says, one thing at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// The player may place or move.
    YourTurn,
    /// The player must place (K7).
    MustPlace,
    /// The player's jump waits for its extra piece.
    ChooseExtra,
    /// The machine is to act.
    MachineThinking,
    /// The game has ended.
    Over,
}

/// The pieces in each hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Hands {
    pub player: u8,
    pub machine: u8,
}

/// The kind of an action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Place,
    Step,
    Jump,
}

/// An action in parts, for the board to show one at a time: the placement,
/// the step or the jump, then the extra piece.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionView {
    pub who: Who,
    pub kind: Kind,
    /// Where the piece left from; `None` for a placement.
    pub from: Option<Point>,
    /// The jumped piece's point.
    pub over: Option<Point>,
    /// Where the piece ends.
    pub to: Point,
    /// The extra piece taken from the board.
    pub extra: Option<Point>,
    /// The extra piece came from the enemy's hand.
    pub extra_from_hand: bool,
    /// The action in notation (`c3xc5 b2`).
    pub text: String,
}

impl ActionView {
    /// `a` made by `who`.
    pub fn of(a: Action, who: Who) -> ActionView {
        let (kind, from, over, extra) = match a {
            Action::Place(_) => (Kind::Place, None, None, Extra::None),
            Action::Step { from, .. } => (Kind::Step, Some(from), None, Extra::None),
            Action::Jump {
                from, over, extra, ..
            } => (Kind::Jump, Some(from), Some(over), extra),
        };
        ActionView {
            who,
            kind,
            from,
            over,
            to: a.to(),
            extra: match extra {
                Extra::Board(p) => Some(p),
                _ => None,
            },
            extra_from_hand: extra == Extra::Hand,
            text: a.to_string(),
        }
    }
}

/// Everything the page needs to draw the game but what the player may do,
/// which [`Game::legal`] answers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub level: Level,
    /// Who placed first.
    pub first: Who,
    /// The 25 points in index order (a1, b1, …, e1, a2, …, e5). While the
    /// player's jump waits, its piece stands on the landing point and the
    /// jumped piece is gone.
    pub board: Vec<Option<Who>>,
    pub hands: Hands,
    /// Who holds the initiative (K6); `None` before the first placement.
    pub initiative: Option<Who>,
    /// Whether the side to act must place (K7).
    pub must_place: bool,
    pub status: Status,
    /// The player's jump waiting for its extra piece.
    pub waiting: Option<Jump>,
    /// The last whole action, for its mark on the board.
    pub last: Option<ActionView>,
    /// Every whole action so far, in notation.
    pub actions: Vec<String>,
    /// Turns played (K10), both sides'.
    pub turns: u8,
    /// The player's own turns so far: the count a win's bonus subtracts
    /// from 50 (L2).
    pub player_turns: u32,
    /// Turns left before 40 in a row without a placement or a capture end
    /// the game, once [`COUNTER_WARNING`] or fewer remain.
    pub quiet_left: Option<u8>,
    /// Turns left before the 200th, once [`COUNTER_WARNING`] or fewer remain.
    pub turns_left: Option<u8>,
    pub result: Option<GameResult>,
}

impl Game {
    /// What the turn line says.
    pub fn status(&self) -> Status {
        if self.is_over() {
            Status::Over
        } else if self.machine_to_act() {
            Status::MachineThinking
        } else if self.waiting().is_some() {
            Status::ChooseExtra
        } else if self.position().must_place() {
            Status::MustPlace
        } else {
            Status::YourTurn
        }
    }

    /// The last whole action.
    pub fn last_action(&self) -> Option<ActionView> {
        let i = self.actions().len().checked_sub(1)?;
        Some(ActionView::of(self.actions()[i], self.actor(i)))
    }

    /// The game as the page draws it.
    pub fn view(&self) -> View {
        let pos = self.position();
        let mut board: Vec<Option<Who>> = Point::ALL
            .iter()
            .map(|&p| pos.side_at(p).map(Who::of))
            .collect();
        debug_assert_eq!(board.len(), POINTS);
        if let Some(j) = self.waiting() {
            board[j.to.index()] = board[j.from.index()].take();
            board[j.over.index()] = None;
        }
        let near = |used: u8, limit: u8| {
            let left = limit.saturating_sub(used);
            (!self.is_over() && left <= COUNTER_WARNING).then_some(left)
        };
        View {
            level: self.level(),
            first: self.first(),
            board,
            hands: Hands {
                player: pos.hand(PLAYER),
                machine: pos.hand(MACHINE),
            },
            initiative: pos.holder().map(Who::of),
            must_place: pos.must_place(),
            status: self.status(),
            waiting: self.waiting(),
            last: self.last_action(),
            actions: self.actions().iter().map(Action::to_string).collect(),
            turns: pos.turns(),
            player_turns: crate::ladder::player_turns(
                u32::from(pos.turns()),
                self.start().to_act() == PLAYER,
            ),
            quiet_left: near(pos.quiet(), QUIET_LIMIT),
            turns_left: near(pos.turns(), TURN_LIMIT),
            result: self.result(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Input;
    use crate::text::parse_position;
    use serde_json::json;

    fn p(name: &str) -> Point {
        Point::from_name(name).unwrap()
    }

    fn at(text: &str) -> Game {
        let start = parse_position(text).unwrap();
        Game::from_start(Level::new(1).unwrap(), Who::of(start.to_act()), start)
    }

    #[test]
    fn the_turn_line_follows_the_game() {
        let mut g = Game::new(Level::new(1).unwrap(), Who::Machine);
        assert_eq!(g.status(), Status::MachineThinking);
        g.apply_machine("@c3".parse().unwrap()).unwrap();
        let v = g.view();
        assert_eq!(v.status, Status::MustPlace);
        assert_eq!(v.initiative, Some(Who::Machine));
        assert_eq!((v.hands.player, v.hands.machine), (12, 11));
        assert_eq!(v.board[p("c3").index()], Some(Who::Machine));
        let last = v.last.unwrap();
        assert_eq!(
            (last.who, last.kind, last.to),
            (Who::Machine, Kind::Place, p("c3"))
        );
        g.play(Input::Place(p("c4"))).unwrap();
        g.apply_machine("c3-d3".parse().unwrap()).unwrap();
        assert_eq!(
            g.status(),
            Status::YourTurn,
            "after a step the player is free"
        );
    }

    #[test]
    fn a_waiting_jump_shows_its_piece_landed_and_the_jumped_piece_gone() {
        let mut g = at("2o2/1o3/1xo2/5/5 x 11/9 x 0 6");
        g.play(Input::Move {
            from: p("b3"),
            to: p("d3"),
        })
        .unwrap();
        let v = g.view();
        assert_eq!(v.status, Status::ChooseExtra);
        assert_eq!(v.board[p("d3").index()], Some(Who::Player));
        assert_eq!(v.board[p("b3").index()], None);
        assert_eq!(v.board[p("c3").index()], None);
        assert_eq!(v.hands.machine, 9, "the extra piece is not taken yet");
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(
            json["waiting"],
            json!({ "from": "b3", "over": "c3", "to": "d3" })
        );
        assert_eq!(json["status"], json!("chooseExtra"));
        g.play(Input::Extra(p("b4"))).unwrap();
        let last = serde_json::to_value(g.view().last).unwrap();
        assert_eq!(
            last,
            json!({ "who": "player", "kind": "jump", "from": "b3", "over": "c3", "to": "d3",
                    "extra": "b4", "extraFromHand": false, "text": "b3xd3 b4" })
        );
    }

    #[test]
    fn the_counters_of_k10_show_when_close() {
        let g = at("o4/5/5/5/4x x 0/0 x 29 150");
        assert_eq!((g.view().quiet_left, g.view().turns_left), (None, None));
        let g = at("o4/5/5/5/4x x 0/0 x 30 190");
        assert_eq!(
            (g.view().quiet_left, g.view().turns_left),
            (Some(10), Some(10))
        );
        let g = at("o4/5/5/5/4x x 0/0 x 39 199");
        assert_eq!(
            (g.view().quiet_left, g.view().turns_left),
            (Some(1), Some(1))
        );
        // Once over, no counter: the result says it.
        let g = at("o4/5/5/5/4x x 0/0 x 40 199");
        assert!(g.is_over());
        assert_eq!((g.view().quiet_left, g.view().turns_left), (None, None));
        assert_eq!(g.view().status, Status::Over);
    }
}
