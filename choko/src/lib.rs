//! Choko: the rules (K1–K10), a notation for positions and actions,
//! perft, and a deterministic parallel search with its ladder of levels.
//!
//! ```
//! use choko::{Position, Action};
//!
//! let pos = Position::start();
//! assert_eq!(pos.legal_actions().len(), 25); // a placement on every point
//! let pos = pos.play("@c3".parse::<Action>().unwrap()).unwrap();
//! assert!(pos.must_place()); // K7: O answers with a placement
//! assert_eq!(choko::to_text(&pos), "5/5/2x2/5/5 o 11/12 x! 0 1");
//! ```

pub mod action;
pub mod bench;
pub mod eval;
pub mod ladder;
pub mod level;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod point;
pub mod position;
pub mod rules;
pub mod search;
pub mod text;

pub use action::{Action, ActionError, ActionList, Extra, MAX_ACTIONS};
pub use level::Level;
pub use perft::perft;
pub use point::{Direction, Point, Points, Side};
pub use position::{PlayError, Position, PositionError, Setup};
pub use rules::{End, Outcome};
pub use search::{search, SearchResult};
pub use text::{parse_position, to_text, TextError};
