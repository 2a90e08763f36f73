//! A game against the machine, as the app plays it.
//!
//! The player is X, whose edge is rank 1 (drawn at the bottom); the
//! machine is O. Who places first is the ladder's choice (L4,
//! [`crate::streak`]): the game starts from the empty board with that side
//! to act. The rules of a session:
//!
//! - The player's action is entered in the parts the page's taps give: a
//!   placement (`@c3`) or a step (`c3-c4`) whole; a jump in two parts when
//!   its extra piece is one of the machine's pieces on the board: first
//!   the jump itself (`c3xc5`), which then waits, then the extra piece,
//!   chosen among the machine's other pieces on the board (K5). When the
//!   machine has no other piece on the board there is nothing to choose:
//!   the extra piece comes from its hand (or, with an empty hand, there is
//!   none), and the jump is whole at once. A part that is not legal
//!   changes nothing.
//! - While a jump waits for its extra piece nothing else may be played; a
//!   game saved then comes back waiting for the same choice.
//! - The machine's action comes whole from a search at the game's level
//!   (L1), which the shell runs.
//! - There is no undo (L6): a streak is a score.
//! - The game ends as the rules say (K9, K10), checked after every action.
//!
//! ```text
//!  5  . . o . .     the player's jump b3xd3 waits: the machine's piece
//!  4  . o . . .     on c3 is gone, the player's piece stands on d3, and
//!  3  . . . x .     the extra piece is one of b4 and c5 (the choices of
//!  2  . . . . .     [`Legal::extra`])
//!  1  . . . . .
//!     a b c d e
//! ```
//!
//! Everything here is pure: the shell persists the game
//! ([`crate::snapshot`]) and the ladder ([`crate::streak`]); the page
//! offers what [`Game::legal`] allows and draws the view
//! ([`crate::view`]).

use crate::action::{Action, Extra};
use crate::ladder;
use crate::level::Level;
use crate::point::{Point, Side};
use crate::position::Position;
use crate::rules::{End, Outcome};
use engine_kit::text::excerpt;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::fmt;

/// The player's side: X, rank 1 at the bottom of the board.
pub const PLAYER: Side = Side::X;
/// The machine's side: O, rank 5 at the top.
pub const MACHINE: Side = Side::O;

/// The player or the machine, as the page speaks of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    Player,
    Machine,
}

impl Who {
    /// The side this one plays.
    pub const fn side(self) -> Side {
        match self {
            Who::Player => PLAYER,
            Who::Machine => MACHINE,
        }
    }

    /// Who plays `side`.
    pub const fn of(side: Side) -> Who {
        match side {
            Side::X => Who::Player,
            Side::O => Who::Machine,
        }
    }
}

/// A jump without its extra piece: the part of the player's action made
/// before the choice (K4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Jump {
    pub from: Point,
    pub over: Point,
    pub to: Point,
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.from, self.to)
    }
}

/// One part of the player's action, as the page sends it (see the module
/// doc). In JSON: `{ "place": "c3" }`, `{ "from": "c3", "to": "c5" }` (a
/// step or a jump), `{ "extra": "b2" }`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Input {
    /// A piece from the hand onto a point.
    Place(Point),
    /// A step, or a jump, of the piece on `from`.
    Move { from: Point, to: Point },
    /// The waiting jump's extra piece.
    Extra(Point),
}

/// Only the three shapes of [`Input`]: an object with exactly the keys
/// `place`, or `from` and `to`, or `extra`, each a point name. The message
/// for anything else quotes at most a short prefix of it.
impl<'de> Deserialize<'de> for Input {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Input, D::Error> {
        let value = Value::deserialize(d)?;
        input(&value).map_err(serde::de::Error::custom)
    }
}

fn input(value: &Value) -> Result<Input, String> {
    let Value::Object(map) = value else {
        return Err("an action part is an object: {place}, {from, to} or {extra}".into());
    };
    let point = |key: &str| -> Result<Point, String> {
        match map.get(key) {
            Some(Value::String(s)) => {
                Point::from_name(s).ok_or_else(|| format!("'{}' is not a point a1-e5", excerpt(s)))
            }
            _ => Err(format!("{key} must be a point a1-e5")),
        }
    };
    let mut keys: Vec<&str> = map.keys().map(String::as_str).collect();
    keys.sort_unstable();
    match keys.as_slice() {
        ["place"] => Ok(Input::Place(point("place")?)),
        ["from", "to"] => Ok(Input::Move {
            from: point("from")?,
            to: point("to")?,
        }),
        ["extra"] => Ok(Input::Extra(point("extra")?)),
        _ => Err(format!(
            "an action part has the keys place, from and to, or extra; not {}",
            excerpt(&keys.join(", "))
        )),
    }
}

/// What [`Game::play`] did with a part of the player's action.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Played {
    /// The action is whole and played.
    Whole(Action),
    /// A jump made, waiting for its extra piece.
    Waiting(Jump),
}

/// Why an operation on a game was refused. The game is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The game has ended.
    GameOver,
    /// It is the machine's turn.
    NotYourTurn,
    /// It is the player's turn.
    NotMachineTurn,
    /// The player's jump waits for its extra piece; nothing else may be
    /// played.
    ChooseExtra(Jump),
    /// No jump waits for an extra piece.
    NoJumpWaiting,
    /// No placement on this point is legal now.
    IllegalPlace(Point),
    /// No step or jump goes from `from` to `to` now.
    IllegalMove { from: Point, to: Point },
    /// The waiting jump cannot take this piece as its extra one.
    IllegalExtra(Point),
    /// The search returned an action that is not legal here.
    IllegalMachineAction(String),
    /// The machine has no action (the game should have ended).
    NoMachineAction,
    /// Choko has no undo (L6).
    NoUndo,
}

impl GameError {
    /// A stable name for the error, for the page to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            GameError::GameOver => "gameOver",
            GameError::NotYourTurn => "notYourTurn",
            GameError::NotMachineTurn => "notMachineTurn",
            GameError::ChooseExtra(_) => "chooseExtra",
            GameError::NoJumpWaiting => "noJumpWaiting",
            GameError::IllegalPlace(_) => "illegalPlace",
            GameError::IllegalMove { .. } => "illegalMove",
            GameError::IllegalExtra(_) => "illegalExtra",
            GameError::IllegalMachineAction(_) => "illegalMachineAction",
            GameError::NoMachineAction => "noMachineAction",
            GameError::NoUndo => "noUndo",
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver => f.write_str("the game is over"),
            GameError::NotYourTurn => f.write_str("it is the machine's turn"),
            GameError::NotMachineTurn => f.write_str("it is the player's turn"),
            GameError::ChooseExtra(j) => write!(f, "the jump {j} waits for its extra piece"),
            GameError::NoJumpWaiting => f.write_str("no jump waits for an extra piece"),
            GameError::IllegalPlace(p) => write!(f, "no placement on {p} is legal now"),
            GameError::IllegalMove { from, to } => write!(f, "{from} to {to} is not legal now"),
            GameError::IllegalExtra(p) => write!(f, "the jump cannot take {p} as its extra piece"),
            GameError::IllegalMachineAction(a) => {
                write!(f, "the machine's action {a} is not legal")
            }
            GameError::NoMachineAction => f.write_str("the machine has no legal action"),
            GameError::NoUndo => f.write_str("Choko has no undo: a streak is a score"),
        }
    }
}

impl std::error::Error for GameError {}

/// A piece the player may lift, with the points its step and its jump may
/// reach.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Movable {
    pub from: Point,
    /// Empty neighbours, in point order.
    pub steps: Vec<Point>,
    /// Landing points of its jumps, in point order.
    pub jumps: Vec<Point>,
}

/// The choice a waiting jump asks for.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct ExtraChoice {
    pub from: Point,
    pub over: Point,
    pub to: Point,
    /// The machine's pieces the jump may take as its extra one, in point
    /// order; never empty.
    pub choices: Vec<Point>,
}

/// What the player may do now: the one source of what the page offers.
/// Only [`Game::legal`] makes one, so its parts always agree:
///
/// - the points where a placement is legal (every empty point while the
///   player has a piece in hand), and whether only placements are (K7);
/// - the pieces that may step or jump, each with its destinations (none
///   when the player must place);
/// - while a jump waits, the pieces it may take as its extra one, and
///   nothing else.
///
/// Empty while the machine is to act and once the game is over. In JSON:
/// `{ "place": ["a1", ...], "mustPlace": false, "pieces": [{ "from": "c3",
/// "steps": ["c4"], "jumps": ["e3"] }], "extra": null }`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Legal {
    pub place: Vec<Point>,
    pub must_place: bool,
    pub pieces: Vec<Movable>,
    pub extra: Option<ExtraChoice>,
}

/// What the machine must search: the position and the level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MachineRequest {
    pub position: Position,
    pub level: Level,
}

/// How a finished game went, for the player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerOutcome {
    Win,
    Loss,
    Draw,
}

/// A finished game: the result, why it ended, the pieces each side kept
/// (board and hand), the player's own turns, and a win's bonus (L2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameResult {
    pub outcome: PlayerOutcome,
    pub end: End,
    pub player_pieces: u32,
    pub machine_pieces: u32,
    pub player_turns: u32,
    /// The bonus of a win; `None` for a loss or a draw.
    pub bonus: Option<u32>,
}

/// A game against the machine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    level: Level,
    first: Who,
    start: Position,
    /// Every whole action since `start`.
    actions: Vec<Action>,
    /// Where the actions lead: the position at the start of the current
    /// turn (a waiting jump is not played on it yet).
    position: Position,
    /// The player's jump waiting for its extra piece.
    waiting: Option<Jump>,
    outcome: Option<Outcome>,
    /// Whether the ladder has counted this game.
    recorded: bool,
}

impl Game {
    /// A new game against `level`, `first` placing first, from the start
    /// (K2).
    pub fn new(level: Level, first: Who) -> Game {
        Game::from_start(level, first, Position::start_with(first.side()))
    }

    /// A game from `start`, with no action played yet.
    pub(crate) fn from_start(level: Level, first: Who, start: Position) -> Game {
        Game {
            level,
            first,
            start,
            actions: Vec::new(),
            position: start,
            waiting: None,
            outcome: start.outcome(),
            recorded: false,
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Who placed first.
    pub fn first(&self) -> Who {
        self.first
    }

    /// The position the game began in.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every whole action since the start.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The position at the start of the current turn.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player's jump waiting for its extra piece.
    pub fn waiting(&self) -> Option<Jump> {
        self.waiting
    }

    /// How the game ended, in the rules' terms.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Who made action `i` of [`Game::actions`]: turns alternate from the
    /// side to act at the start.
    pub fn actor(&self, i: usize) -> Who {
        let first = self.start.to_act();
        Who::of(if i.is_multiple_of(2) {
            first
        } else {
            first.other()
        })
    }

    /// Whether the player is to act (the game goes on).
    pub fn player_to_act(&self) -> bool {
        self.outcome.is_none() && self.position.to_act() == PLAYER
    }

    /// Whether the machine is to act (the game goes on).
    pub fn machine_to_act(&self) -> bool {
        self.outcome.is_none() && self.position.to_act() == MACHINE
    }

    /// Whether the ladder has counted this game.
    pub fn is_recorded(&self) -> bool {
        self.recorded
    }

    /// Note that the ladder has counted this game. Only a finished game can
    /// be; returns whether the flag is now set.
    pub fn mark_recorded(&mut self) -> bool {
        self.recorded = self.outcome.is_some();
        self.recorded
    }

    /// The result for the player once the game has ended: the pieces each
    /// side kept, the player's turns (the first to act plays the odd
    /// ones, counted from the start of the game), and a win's bonus (L2).
    pub fn result(&self) -> Option<GameResult> {
        let o = self.outcome?;
        let pos = &self.position;
        let player_pieces = pos.pieces(PLAYER);
        let player_turns = ladder::player_turns(
            u32::from(pos.turns()),
            Who::of(self.start.to_act()) == Who::Player,
        );
        let outcome = match o.winner() {
            None => PlayerOutcome::Draw,
            Some(w) if w == PLAYER => PlayerOutcome::Win,
            Some(_) => PlayerOutcome::Loss,
        };
        Some(GameResult {
            outcome,
            end: o.end(),
            player_pieces,
            machine_pieces: pos.pieces(MACHINE),
            player_turns,
            bonus: (outcome == PlayerOutcome::Win)
                .then(|| ladder::bonus(player_pieces, player_turns)),
        })
    }

    /// What the player may do now (see [`Legal`]).
    pub fn legal(&self) -> Legal {
        if !self.player_to_act() {
            return Legal::default();
        }
        let all = self.position.legal_actions();
        if let Some(j) = self.waiting {
            let choices = all
                .iter()
                .filter_map(|a| match *a {
                    Action::Jump {
                        from,
                        to,
                        extra: Extra::Board(p),
                        ..
                    } if from == j.from && to == j.to => Some(p),
                    _ => None,
                })
                .collect();
            return Legal {
                extra: Some(ExtraChoice {
                    from: j.from,
                    over: j.over,
                    to: j.to,
                    choices,
                }),
                ..Legal::default()
            };
        }
        let mut legal = Legal {
            must_place: self.position.must_place(),
            ..Legal::default()
        };
        for a in &all {
            match *a {
                Action::Place(p) => legal.place.push(p),
                Action::Step { from, to } => movable(&mut legal.pieces, from).steps.push(to),
                Action::Jump { from, to, .. } => {
                    let m = movable(&mut legal.pieces, from);
                    if !m.jumps.contains(&to) {
                        m.jumps.push(to);
                    }
                }
            }
        }
        legal.place.sort_unstable();
        legal.pieces.sort_by_key(|m| m.from);
        for m in &mut legal.pieces {
            m.steps.sort_unstable();
            m.jumps.sort_unstable();
        }
        legal
    }

    /// One part of the player's action (see the module doc). A part that is
    /// not legal changes nothing.
    pub fn play(&mut self, input: Input) -> Result<Played, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        if self.position.to_act() != PLAYER {
            return Err(GameError::NotYourTurn);
        }
        let all = self.position.legal_actions();
        match (input, self.waiting) {
            (Input::Extra(p), Some(j)) => {
                let a = Action::Jump {
                    from: j.from,
                    over: j.over,
                    to: j.to,
                    extra: Extra::Board(p),
                };
                if !all.contains(&a) {
                    return Err(GameError::IllegalExtra(p));
                }
                self.waiting = None;
                self.apply(a);
                Ok(Played::Whole(a))
            }
            (Input::Extra(_), None) => Err(GameError::NoJumpWaiting),
            (_, Some(j)) => Err(GameError::ChooseExtra(j)),
            (Input::Place(p), None) => {
                let a = Action::Place(p);
                if !all.contains(&a) {
                    return Err(GameError::IllegalPlace(p));
                }
                self.apply(a);
                Ok(Played::Whole(a))
            }
            (Input::Move { from, to }, None) => {
                let mut matching = all
                    .iter()
                    .filter(|a| a.from() == Some(from) && a.to() == to);
                let Some(&a) = matching.next() else {
                    return Err(GameError::IllegalMove { from, to });
                };
                match a {
                    Action::Jump {
                        over,
                        extra: Extra::Board(_),
                        ..
                    } => {
                        let j = Jump { from, over, to };
                        self.waiting = Some(j);
                        Ok(Played::Waiting(j))
                    }
                    _ => {
                        self.apply(a);
                        Ok(Played::Whole(a))
                    }
                }
            }
        }
    }

    /// Play a whole legal action and check for the end (K9, K10).
    fn apply(&mut self, a: Action) {
        self.actions.push(a);
        self.position = self.position.play_unchecked(a);
        self.outcome = self.position.outcome();
    }

    /// A jump waiting for its extra piece, as a save brings it back. An
    /// error unless the player is to act and `j` is the start of a legal
    /// jump whose extra piece is on the board.
    pub(crate) fn with_waiting(mut self, j: Jump) -> Result<Game, Jump> {
        let legal = self.player_to_act()
            && self.position.legal_actions().iter().any(|a| {
                matches!(*a, Action::Jump { from, over, to, extra: Extra::Board(_) }
                    if from == j.from && over == j.over && to == j.to)
            });
        if !legal {
            return Err(j);
        }
        self.waiting = Some(j);
        Ok(self)
    }

    /// The same game after `a`, checked legal, played by whoever is to act;
    /// for replaying a save.
    pub(crate) fn replay(&mut self, a: Action) -> Result<(), crate::rules::PlayError> {
        self.position.play(a)?;
        self.apply(a);
        Ok(())
    }

    /// The recorded flag as a save gives it.
    pub(crate) fn with_recorded(mut self, recorded: bool) -> Game {
        self.recorded = recorded;
        self
    }

    /// What the machine must search now. An error unless it is the
    /// machine's turn.
    pub fn machine_request(&self) -> Result<MachineRequest, GameError> {
        if self.outcome.is_some() {
            Err(GameError::GameOver)
        } else if self.position.to_act() != MACHINE {
            Err(GameError::NotMachineTurn)
        } else {
            Ok(MachineRequest {
                position: self.position,
                level: self.level,
            })
        }
    }

    /// Apply the machine's whole action (a search result), checked legal.
    pub fn apply_machine(&mut self, a: Action) -> Result<(), GameError> {
        self.machine_request()?;
        if !self.position.legal_actions().contains(&a) {
            return Err(GameError::IllegalMachineAction(a.to_string()));
        }
        self.apply(a);
        Ok(())
    }
}

/// The entry for the piece on `from`, made if missing.
fn movable(pieces: &mut Vec<Movable>, from: Point) -> &mut Movable {
    let i = match pieces.iter().position(|m| m.from == from) {
        Some(i) => i,
        None => {
            pieces.push(Movable {
                from,
                steps: Vec::new(),
                jumps: Vec::new(),
            });
            pieces.len() - 1
        }
    };
    &mut pieces[i]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_position;
    use serde_json::json;

    fn p(name: &str) -> Point {
        Point::from_name(name).unwrap()
    }

    fn at(text: &str) -> Game {
        let start = parse_position(text).unwrap();
        Game::from_start(Level::new(1).unwrap(), Who::Player, start)
    }

    fn names(points: &[Point]) -> Vec<String> {
        points.iter().map(Point::to_string).collect()
    }

    #[test]
    fn a_new_game_starts_empty_with_the_first_placer_to_act() {
        let g = Game::new(Level::new(1).unwrap(), Who::Machine);
        assert!(g.machine_to_act());
        assert_eq!(g.legal(), Legal::default(), "nothing offered to the player");
        let g = Game::new(Level::new(1).unwrap(), Who::Player);
        let legal = g.legal();
        assert_eq!(legal.place.len(), 25);
        assert!(legal.pieces.is_empty() && !legal.must_place && legal.extra.is_none());
    }

    #[test]
    fn after_the_machine_places_the_player_must_place() {
        let mut g = Game::new(Level::new(1).unwrap(), Who::Machine);
        g.apply_machine("@c3".parse().unwrap()).unwrap();
        let legal = g.legal();
        assert!(legal.must_place);
        assert_eq!(legal.place.len(), 24);
        assert!(!legal.place.contains(&p("c3")));
        assert_eq!(
            g.play(Input::Place(p("c3"))),
            Err(GameError::IllegalPlace(p("c3")))
        );
        assert_eq!(
            g.play(Input::Place(p("c4"))),
            Ok(Played::Whole(Action::Place(p("c4"))))
        );
        assert!(g.machine_to_act());
    }

    #[test]
    fn a_jump_with_board_pieces_to_take_waits_for_the_choice() {
        // X to act: b3 jumps c3 to d3; O has b4 and c5 besides.
        let mut g = at("2o2/1o3/1xo2/5/5 x 11/9 x 0 6");
        let legal = g.legal();
        let b3 = legal.pieces.iter().find(|m| m.from == p("b3")).unwrap();
        // Over c3 to d3, and over b4 to b5: jumps go in point order.
        assert_eq!(names(&b3.jumps), ["d3", "b5"]);
        let before = g.clone();
        assert_eq!(
            g.play(Input::Move {
                from: p("b3"),
                to: p("d3")
            }),
            Ok(Played::Waiting(Jump {
                from: p("b3"),
                over: p("c3"),
                to: p("d3")
            }))
        );
        let legal = g.legal();
        assert!(legal.place.is_empty() && legal.pieces.is_empty());
        assert_eq!(names(&legal.extra.as_ref().unwrap().choices), ["b4", "c5"]);
        // Nothing else while it waits; a piece that is not a choice changes nothing.
        assert!(matches!(
            g.play(Input::Place(p("a1"))),
            Err(GameError::ChooseExtra(_))
        ));
        assert_eq!(
            g.play(Input::Extra(p("a1"))),
            Err(GameError::IllegalExtra(p("a1")))
        );
        assert_eq!(g.position(), before.position());
        assert_eq!(
            g.play(Input::Extra(p("c5"))),
            Ok(Played::Whole("b3xd3 c5".parse().unwrap()))
        );
        assert_eq!(g.waiting(), None);
        assert_eq!(
            g.position().board(MACHINE).iter().collect::<Vec<_>>(),
            [p("b4")]
        );
        assert!(g.machine_to_act());
    }

    #[test]
    fn with_no_other_piece_on_the_board_the_extra_piece_comes_from_the_hand_at_once() {
        let mut g = at("5/5/1xo2/5/5 x 11/11 x 0 2");
        assert_eq!(
            g.play(Input::Move {
                from: p("b3"),
                to: p("d3")
            }),
            Ok(Played::Whole("b3xd3 @".parse().unwrap()))
        );
        assert_eq!(g.position().hand(MACHINE), 10);
        assert_eq!(g.play(Input::Extra(p("c3"))), Err(GameError::NotYourTurn));
    }

    #[test]
    fn illegal_parts_and_turns_are_refused_and_change_nothing() {
        let mut g = at("5/5/1xo2/5/5 x 11/11 x 0 2");
        let before = g.clone();
        for (input, err) in [
            (
                Input::Move {
                    from: p("b3"),
                    to: p("b5"),
                },
                GameError::IllegalMove {
                    from: p("b3"),
                    to: p("b5"),
                },
            ),
            (
                Input::Move {
                    from: p("c3"),
                    to: p("c4"),
                },
                GameError::IllegalMove {
                    from: p("c3"),
                    to: p("c4"),
                },
            ),
            (Input::Place(p("c3")), GameError::IllegalPlace(p("c3"))),
            (Input::Extra(p("c3")), GameError::NoJumpWaiting),
        ] {
            assert_eq!(g.play(input), Err(err));
            assert_eq!(g, before);
        }
        assert_eq!(g.machine_request().unwrap_err(), GameError::NotMachineTurn);
        assert_eq!(
            g.apply_machine("c3-c4".parse().unwrap()),
            Err(GameError::NotMachineTurn)
        );
    }

    #[test]
    fn the_end_gives_the_result_and_a_wins_bonus() {
        // X takes O's last two pieces: O has c3 on the board and one in hand.
        let mut g = at("5/5/1xo2/5/5 x 11/1 x 0 30");
        g.play(Input::Move {
            from: p("b3"),
            to: p("d3"),
        })
        .unwrap();
        let r = g.result().unwrap();
        assert_eq!(r.outcome, PlayerOutcome::Win);
        assert_eq!(r.end, End::AllCaptured);
        assert_eq!((r.player_pieces, r.machine_pieces), (12, 0));
        // 31 turns, X acted first from the set-up start: 16 of them X's.
        assert_eq!(r.player_turns, 16);
        assert_eq!(r.bonus, Some(4 * 12 + 50 - 16));
        assert_eq!(g.play(Input::Place(p("a1"))), Err(GameError::GameOver));
        assert_eq!(g.legal(), Legal::default());
        assert!(g.mark_recorded());
    }

    #[test]
    fn an_unfinished_game_cannot_be_marked_recorded() {
        let mut g = Game::new(Level::new(1).unwrap(), Who::Player);
        assert!(!g.mark_recorded());
        assert_eq!(g.result(), None);
    }

    #[test]
    fn action_parts_read_from_json_in_three_shapes_only() {
        let read = |v: Value| serde_json::from_value::<Input>(v);
        assert_eq!(
            read(json!({ "place": "c3" })).unwrap(),
            Input::Place(p("c3"))
        );
        assert_eq!(
            read(json!({ "from": "c3", "to": "c5" })).unwrap(),
            Input::Move {
                from: p("c3"),
                to: p("c5")
            }
        );
        assert_eq!(
            read(json!({ "extra": "b2" })).unwrap(),
            Input::Extra(p("b2"))
        );
        for bad in [
            json!({}),
            json!({ "place": "c3", "extra": "b2" }),
            json!({ "from": "c3" }),
            json!({ "place": 12 }),
            json!({ "place": "z9" }),
            json!(["c3"]),
            json!("c3"),
            json!({ "Place": "c3" }),
        ] {
            assert!(read(bad.clone()).is_err(), "{bad}");
        }
        let long = "é".repeat(1 << 18);
        for bad in [json!({ "place": long }), json!({ long.clone(): "c3" })] {
            let e = read(bad).unwrap_err().to_string();
            assert!(e.chars().count() < 120, "{} characters", e.chars().count());
        }
    }

    #[test]
    fn errors_have_stable_codes() {
        assert_eq!(GameError::NoUndo.code(), "noUndo");
        assert_eq!(
            GameError::ChooseExtra(Jump {
                from: p("b3"),
                over: p("c3"),
                to: p("d3")
            })
            .to_string(),
            "the jump b3xd3 waits for its extra piece"
        );
    }
}
