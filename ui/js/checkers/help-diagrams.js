// The help's diagrams, as data: who stands where, whose turn it is, the
// move drawn (a path of squares) and what the picture claims. The page only
// draws them; `tests/tests/help.rs` checks every claim against the engine,
// so a diagram can never teach a move the rules do not allow.
//
// Pieces: `p` the player's man, `P` the player's king, `c` the CPU's man,
// `C` the CPU's king. The player is White (squares 21-32 at the start).
// Claims:
// - `start`: the standard starting position;
// - `onlyMove`: `move` is the one legal move, whole (a capture is forced
//   and its chain goes on to the end);
// - `noCapture`: the side to move has no capture, although an enemy piece
//   stands diagonally next to one of its pieces;
// - `picture`: a legal position, nothing more.

const range = (from, to, piece) => Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [from + i, piece]));

export const DIAGRAMS = {
  start: {
    turn: 'cpu',
    pieces: { ...range(1, 12, 'c'), ...range(21, 32, 'p') },
    claim: 'start',
  },
  capture: {
    turn: 'player',
    pieces: { 22: 'p', 25: 'p', 27: 'p', 18: 'c', 10: 'c', 7: 'c' },
    move: [22, 15, 6],
    claim: 'onlyMove',
    crop: [1, 6],
  },
  kings: {
    turn: 'player',
    pieces: { 17: 'p', 18: 'P', 19: 'C', 20: 'c' },
    claim: 'picture',
    crop: [4, 1],
  },
  edge: {
    turn: 'player',
    pieces: { 13: 'c', 20: 'c', 17: 'p', 24: 'p' },
    claim: 'noCapture',
    marks: [5, 13, 21, 29, 4, 12, 20, 28],
    crop: [2, 5],
  },
};
