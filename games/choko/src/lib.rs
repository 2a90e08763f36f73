//! Choko: the rules (K1–K10) on 25-bit boards, a notation for positions
//! and actions, perft, and a deterministic parallel search with its ladder
//! of levels (L1–L3).
//!
//! # Notation
//!
//! Points are `a1`–`e5`: files `a`–`e` left to right, ranks `1`–`5`
//! bottom to top, rank 1 on side X's edge ([`point`]). Sides are X and O;
//! X acts first from the standard start, but a position may have either
//! to act.
//!
//! An action ([`action`]): `@c3` places a piece from the hand, `c3-c4`
//! steps, `c3xc5 b2` jumps from c3 over c4 to c5 and takes the extra piece
//! on b2, `c3xc5 @` takes the extra piece from the enemy's hand, and
//! `c3xc5` takes nothing more (the enemy had no other piece at all).
//!
//! A position ([`text`]), six fields:
//! `BOARD SIDE HANDS INITIATIVE QUIET TURNS`, for example
//! `xo3/5/2x2/5/o4 o 9/10 x! 0 7`: ranks 5 to 1 with `x`, `o` and digits
//! for runs of empty points; the side to act; X's and O's pieces in hand;
//! the holder of the initiative (`-` before the first placement) with `!`
//! when the side to act must place (K7); the quiet-turn counter and the
//! turns played (K10). The start is `5/5/5/5/5 x 12/12 - 0 0`.
//!
//! ```
//! use choko::{Action, Position};
//!
//! let pos = Position::start();
//! assert_eq!(pos.legal_actions().len(), 25); // a placement on every point
//! let pos = pos.play("@c3".parse::<Action>().unwrap()).unwrap();
//! assert!(pos.must_place()); // K7: O answers with a placement
//! assert_eq!(choko::to_text(&pos), "5/5/2x2/5/5 o 11/12 x! 0 1");
//! ```
//!
//! # Modules
//!
//! - [`point`]: points, sides, sets of points as 25-bit masks;
//! - [`action`]: actions, the action list on the stack, action text;
//! - [`position`], [`movegen`], [`rules`]: the position and its
//!   invariants, the legal actions (K3–K8), the ends (K9, K10);
//! - [`text`]: the position text; [`mod@perft`];
//! - [`eval`], [`mod@search`], [`level`]: the machine and its levels;
//! - [`ladder`]: the score of a win and of a streak (L2, L3);
//! - [`mod@bench`]: the bench positions and the match openings;
//! - [`game`], [`view`], [`snapshot`], [`streak`]: the app's side of it:
//!   a game against the machine with the player's action entered in parts,
//!   what the page draws, the saved game, and the ladder as the player
//!   climbs it (L1–L6); [`wire`]: points and levels in JSON.

pub mod action;
pub mod bench;
pub mod eval;
pub mod game;
pub mod history;
pub mod ladder;
pub mod level;
pub mod movegen;
pub mod perft;
pub mod point;
pub mod position;
pub mod record;
pub mod review;
pub mod rules;
pub mod search;
pub mod snapshot;
pub mod streak;
pub mod text;
pub mod view;
pub mod wire;

pub use action::{Action, ActionError, ActionList, Extra, MAX_ACTIONS};
pub use level::Level;
pub use perft::perft;
pub use point::{Direction, Point, Points, Side};
pub use position::{Position, PositionError, Setup};
pub use rules::{End, Outcome, PlayError};
pub use search::{search, SearchResult};
pub use text::{parse_position, to_text, TextError};
