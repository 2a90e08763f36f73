//! English draughts (checkers): exact rules on 32-bit bitboards, PDN
//! notation, perft, search and the game session.
//!
//! ```
//! use checkers::{Position, parse_move};
//! let start = Position::start();
//! assert_eq!(start.legal_moves().len(), 7);
//! let mv = parse_move(&start, "11-15").unwrap();
//! let next = start.play(&mv).unwrap();
//! assert_eq!(checkers::to_fen(&next), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//! ```

#![deny(clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod bench;
pub mod bitboard;
pub mod eval;
pub mod export;
pub mod fen;
pub mod game;
pub mod level;
pub mod line;
pub mod movegen;
pub mod moves;
pub mod names;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod records;
pub mod rules;
pub mod search;
pub mod sides;
pub mod snapshot;
pub mod square;
pub mod text;
pub mod view;

pub use bitboard::{Bitboard, Direction};
pub use fen::{parse_fen, to_fen, FenError};
pub use level::{Level, UnknownLevel};
pub use moves::{Move, MoveList};
pub use notation::{parse_move, MoveError};
pub use pdn::{parse_pdn, PdnError, PdnGame, PdnResult};
pub use perft::perft;
pub use position::{IllegalMove, Piece, Position, PositionError, Role};
pub use rules::{next_quiet, outcome, Outcome, DRAW_QUIET_TURNS};
pub use search::{best_move, search, search_with_info, SearchResult};
pub use square::{Color, Square, SquareOutOfRange};
