//! The CPU's search: negamax alpha-beta with principal-variation search,
//! iterative deepening, aspiration windows, a transposition table, killer
//! and history move ordering, and a capture quiescence (D3). Root-parallel
//! with rayon and deterministic (D7, U2).
//!
//! # Determinism
//!
//! The reply depends only on the position, the quiet-turn counter and the
//! depth. Each root move owns a private context (transposition table,
//! killers, history, principal-variation table) that lives for one call of
//! [`search`] and is never shared; each root move's search is one task.
//! Every window a task is given is computed from results of earlier
//! iterations or earlier phases of the same one, never from a task running
//! beside it, so the sequence of searches any one context sees is fixed,
//! whatever thread runs it and whenever. Results are combined in a fixed
//! order, and between equal scores the move generated first wins. Nothing
//! is kept between calls.
//!
//! Each iteration is a principal-variation search at the root: the
//! previous best move gets an aspiration window while, beside it, every
//! other move gets a null-window test against the previous score; tests
//! that the real score leaves undecided are run again, and moves that pass
//! are searched for their exact value.
//!
//! # Game ends inside the search (D4)
//!
//! A side to move with no legal move has lost (R7); after that, a quiet-turn
//! counter of 50 is a draw (R8) worth 0. A side ahead therefore prefers
//! resetting the counter (moving a man, capturing) to a draw it can see, and
//! a side behind steers towards it. Wins score `MATE - plies`, so faster
//! wins are preferred and losses are put off.

use crate::eval::evaluate;
use crate::movegen::{generate, jumpers, steppers, Move, MoveList, MAX_MOVES};
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::{Bitboard, Level, Position};
use arrayvec::ArrayVec;
use rayon::prelude::*;

/// The score of a win on the spot; a win `n` turns from the root scores
/// `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The deepest search [`search`] accepts; larger depths are clamped.
pub const MAX_DEPTH: u32 = 64;
/// Plies a line can reach: the depth plus forced captures past it (each
/// removes a piece, so at most 23 of them).
const MAX_PLY: usize = MAX_DEPTH as usize + 32;
const INF: i32 = MATE + 1;
/// Nodes with fewer turns to go than this neither probe nor fill the
/// transposition table.
const TT_MIN_DEPTH: u32 = 1;

/// Transposition-table memory for one search, split between the root
/// moves (each gets a power of two of entries within these bounds).
const TT_BYTES: usize = 2 << 20;
const TT_MIN_ENTRIES: usize = 1 << 13;
const TT_MAX_ENTRIES: usize = 1 << 17;

/// Late-move reductions apply from this depth on, to quiet moves after the
/// first `LMR_AFTER` in search order.
const LMR_MIN_DEPTH: u32 = 3;
const LMR_AFTER: usize = 2;
/// Move-ordering key of the second killer; the first is one more, the hash
/// move and captures above, history scores below.
const KEY_KILLER: u32 = 1 << 22;

/// First aspiration half-window, in hundredths of a man.
const ASPIRATION: i32 = 30;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no move.
    pub best: Option<Move>,
    /// The value for the side to move: hundredths of a man, 0 for a draw,
    /// `±(MATE - n)` for a win or loss `n` turns away.
    pub score: i32,
    /// The depth completed, in turns.
    pub depth: u32,
    /// Positions visited over every iteration.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
}

/// The best move in `pos` with `quiet` quiet turns behind it, looking
/// `depth` turns ahead (plus forced captures), on the current rayon pool.
///
/// With no legal move the side to move has lost: `best` is `None`. With 50
/// quiet turns behind the game is drawn: the score is 0 and `best` the
/// first legal move, unsearched.
pub fn search(pos: &Position, quiet: u32, depth: u32) -> SearchResult {
    search_with_info(pos, quiet, depth, |_| {})
}

/// The CPU's reply at `level`: [`search`] at the level's depth.
pub fn best_move(pos: &Position, quiet: u32, level: Level) -> Option<Move> {
    search(pos, quiet, level.depth()).best
}

/// [`search`], calling `info` with the result of each completed iteration
/// (depth 1, 2, … up to `depth`); the last call carries the final result.
pub fn search_with_info(
    pos: &Position,
    quiet: u32,
    depth: u32,
    mut info: impl FnMut(&SearchResult),
) -> SearchResult {
    let depth = depth.clamp(1, MAX_DEPTH);
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let result = SearchResult {
            best: None,
            score: -MATE,
            depth: 0,
            nodes: 1,
            pv: Vec::new(),
        };
        info(&result);
        return result;
    }
    if quiet >= DRAW_QUIET_TURNS {
        // The game is already drawn (R8): nothing to search. A move is
        // still named, the first in generation order, for callers that
        // ask anyway.
        let result = SearchResult {
            best: Some(moves[0]),
            score: 0,
            depth: 0,
            nodes: 1,
            pv: vec![moves[0]],
        };
        info(&result);
        return result;
    }
    let entries = (TT_BYTES / std::mem::size_of::<[u64; 2]>() / moves.len())
        .clamp(TT_MIN_ENTRIES, TT_MAX_ENTRIES);
    let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
    // A draw by the 50-turn rule can only happen inside a subtree when the
    // counter plus the remaining depth reaches 50, so below this the
    // counter does not change any value and is left out of the hash key.
    let quiet_hash_from = DRAW_QUIET_TURNS.saturating_sub(depth);
    let mut roots: Vec<RootMove> = moves
        .iter()
        .enumerate()
        .map(|(gen, mv)| RootMove {
            gen,
            mv: *mv,
            child: pos.play_unchecked(mv),
            quiet: next_quiet(pos, mv, quiet),
            score: -INF,
            open: false,
            ctx: Context::new(entries, quiet_hash_from),
        })
        .collect();

    let mut result = SearchResult {
        best: Some(moves[0]),
        score: 0,
        depth: 0,
        nodes: 1,
        pv: vec![moves[0]],
    };
    for d in 1..=depth {
        // 1. The expected best move, in an aspiration window around the
        //    previous iteration's score, and at the same time
        // 2. every other move with a null window: can it do better? A move
        //    generated before the first wins a tie, so it only has to reach
        //    the first move's score; one generated after has to beat it.
        //    While that score is unknown the tests guess it is the previous
        //    iteration's, then each test either already decides against the
        //    real score (fail-soft bounds) or is run again.
        let prev = result.score;
        let window = if d >= 3 && prev.abs() < MATE_BOUND {
            (prev - ASPIRATION, prev + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let first_gen = roots[0].gen;
        let bar = |gen: usize, score: i32| if gen < first_gen { score - 1 } else { score };
        let (head, rest) = roots.split_at_mut(1);
        let (s, ()) = rayon::join(
            || head[0].aspirate(d, window),
            || {
                rest.par_iter_mut().for_each(|r| {
                    let b = bar(r.gen, prev);
                    r.score = r.search(d, b, b + 1);
                    r.open = r.score > b;
                })
            },
        );
        rest.par_iter_mut().for_each(|r| {
            let need = bar(r.gen, s);
            // `open`: the value is at least `score`; otherwise at most.
            let decided = if r.open {
                r.score > need
            } else {
                r.score <= need
            };
            if !decided {
                r.score = r.search(d, need, need + 1);
            }
            r.open = r.score > need;
        });
        // 3. Exact values for the moves that passed, widening the upper
        //    bound until none fails high.
        let mut hi = s + ASPIRATION;
        let mut widen = ASPIRATION;
        loop {
            let open: Vec<&mut RootMove> = roots[1..].iter_mut().filter(|r| r.open).collect();
            if open.is_empty() {
                break;
            }
            open.into_par_iter().for_each(|r| {
                r.score = r.search(d, s - 1, hi);
                r.open = r.score >= hi && hi < INF;
            });
            widen *= 4;
            hi = if widen > 1_000 { INF } else { hi + widen };
        }
        // The highest score; among equals, the move generated first. Moves
        // that failed their test carry an upper bound that loses to `s`.
        let best = roots
            .iter()
            .enumerate()
            .max_by_key(|(_, r)| (r.score, std::cmp::Reverse(r.gen)))
            .map_or(0, |(i, _)| i);
        let r = &roots[best];
        result = SearchResult {
            best: Some(r.mv),
            score: r.score,
            depth: d,
            nodes: 1 + roots.iter().map(|r| r.ctx.nodes).sum::<u64>(),
            pv: std::iter::once(r.mv)
                .chain(r.ctx.principal_variation(&r.child))
                .collect(),
        };
        info(&result);
        // The best move first, then the most promising: the next
        // iteration's search order.
        roots.sort_by_key(|r| (std::cmp::Reverse(r.score), r.gen));
    }
    result
}

/// One root move and the private context that searches it.
struct RootMove {
    /// Index in the fixed generation order: the tie-break.
    gen: usize,
    mv: Move,
    child: Position,
    quiet: u32,
    score: i32,
    /// Passed the null-window test and still needs an exact value.
    open: bool,
    ctx: Context,
}

impl RootMove {
    /// The value of this move searched to `depth` turns (its reply gets
    /// `depth - 1`) within the window `(lo, hi)`.
    fn search(&mut self, depth: u32, lo: i32, hi: i32) -> i32 {
        -self
            .ctx
            .negamax(&self.child, self.quiet, depth - 1, 1, -hi, -lo)
    }

    /// The exact value, starting from `window` and widening the side that
    /// fails, four times more each time, until it holds.
    fn aspirate(&mut self, depth: u32, (mut lo, mut hi): (i32, i32)) -> i32 {
        let mut widen = ASPIRATION;
        loop {
            let s = self.search(depth, lo, hi);
            self.score = s;
            widen *= 4;
            if s <= lo && lo > -INF {
                lo = if widen > 1_000 { -INF } else { lo - widen };
            } else if s >= hi && hi < INF {
                hi = if widen > 1_000 { INF } else { hi + widen };
            } else {
                return s;
            }
        }
    }
}

const BOUND_UPPER: u8 = 1;
const BOUND_LOWER: u8 = 2;
const BOUND_EXACT: u8 = 3;
const NO_MOVE: u8 = u8::MAX;

/// A transposition-table entry, unpacked. In the table it is two words:
/// the key, and the data packed by [`Entry::pack`]; an all-zero slot is
/// empty (`bound` 0), so a table starts as zeroed memory.
#[derive(Clone, Copy)]
struct Entry {
    score: i16,
    depth: u8,
    bound: u8,
    /// The best move's index in the position's generation order.
    best: u8,
}

impl Entry {
    #[inline]
    fn pack(self) -> u64 {
        (self.score as u16 as u64)
            | (self.depth as u64) << 16
            | (self.bound as u64) << 24
            | (self.best as u64) << 32
    }

    #[inline]
    fn unpack(w: u64) -> Entry {
        Entry {
            score: w as u16 as i16,
            depth: (w >> 16) as u8,
            bound: (w >> 24) as u8,
            best: (w >> 32) as u8,
        }
    }
}

/// A search context: everything one root move's search learns.
struct Context {
    /// Slots of `[key, packed entry]`.
    tt: Vec<[u64; 2]>,
    mask: usize,
    quiet_hash_from: u32,
    nodes: u64,
    /// Two killer moves per ply, as `from * 32 + to + 1` (0 = none).
    killers: Box<[[u16; 2]; MAX_PLY]>,
    /// History of quiet moves that caused a cut-off, per side, from, to.
    history: Box<[[[u32; 32]; 32]; 2]>,
    /// Triangular principal-variation table of move indices.
    pv: Box<[[u8; MAX_PLY]; MAX_PLY]>,
    pv_len: [u8; MAX_PLY],
}

impl Context {
    fn new(entries: usize, quiet_hash_from: u32) -> Context {
        Context {
            tt: vec![[0; 2]; entries],
            mask: entries - 1,
            quiet_hash_from,
            nodes: 0,
            killers: Box::new([[0; 2]; MAX_PLY]),
            history: Box::new([[[0; 32]; 32]; 2]),
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
        }
    }

    /// The hash key of a position and, near the 50-turn draw, its counter.
    #[inline]
    fn key(&self, pos: &Position, quiet: u32) -> u64 {
        let q = if quiet >= self.quiet_hash_from {
            quiet as u64 + 1
        } else {
            0
        };
        let pieces = pos.pieces(crate::Color::Black).0 as u64
            | (pos.pieces(crate::Color::White).0 as u64) << 32;
        let rest = pos.kings().0 as u64 | (pos.turn() as u64) << 32 | q << 33;
        mix(pieces ^ mix(rest ^ 0x9E37_79B9_7F4A_7C15))
    }

    /// The two slots a key may occupy: a bucket of two adjacent entries.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.tt[b..b + 2]
            .iter()
            .find(|[k, data]| *k == key && *data != 0)
            .map(|&[_, data]| Entry::unpack(data))
    }

    /// The first slot of a bucket keeps the deepest result, the second the
    /// most recent one that did not displace it.
    #[inline]
    fn store(&mut self, key: u64, depth: u32, score: i32, bound: u8, best: u8) {
        let b = self.bucket(key);
        let data = Entry {
            score: score as i16,
            depth: depth as u8,
            bound,
            best,
        }
        .pack();
        let [k0, d0] = self.tt[b];
        let slot = if d0 == 0 || k0 == key || Entry::unpack(d0).depth as u32 <= depth {
            b
        } else {
            b + 1
        };
        self.tt[slot] = [key, data];
    }

    /// The line stored by the last search from `pos` (ply 1 of the root).
    fn principal_variation(&self, pos: &Position) -> Vec<Move> {
        let mut line = Vec::new();
        let mut p = *pos;
        let len = self.pv_len[1] as usize;
        for &idx in &self.pv[1][..len] {
            let moves = p.legal_moves();
            let Some(mv) = moves.get(idx as usize) else {
                break;
            };
            line.push(*mv);
            p = p.play_unchecked(mv);
        }
        line
    }

    /// Negamax alpha-beta (fail-soft, principal-variation search) of `pos`
    /// with `quiet` quiet turns behind it, `depth` turns to go, `ply` turns
    /// from the root. The value is for the side to move.
    ///
    /// In order: no legal move is a loss (R7); a counter of 50 is a draw
    /// (R8); at depth 0 the static evaluation, unless the side to move must
    /// capture, in which case every capture is read on without using up
    /// depth (D3). A jump chain is one move.
    fn negamax(
        &mut self,
        pos: &Position,
        quiet: u32,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        let capture = jumpers(pos).any();
        if !capture {
            if steppers(pos).is_empty() {
                return -(MATE - ply as i32);
            }
            if quiet >= DRAW_QUIET_TURNS {
                return 0;
            }
            if depth == 0 || ply + 1 >= MAX_PLY {
                return evaluate(pos);
            }
        } else if quiet >= DRAW_QUIET_TURNS {
            return 0;
        } else if ply + 1 >= MAX_PLY {
            return evaluate(pos);
        }

        let pv_node = beta - alpha > 1;
        let key = if depth >= TT_MIN_DEPTH {
            self.key(pos, quiet)
        } else {
            0
        };
        let mut tt_move = NO_MOVE;
        if depth >= TT_MIN_DEPTH {
            if let Some(e) = self.probe(key) {
                tt_move = e.best;
                if !pv_node && e.depth as u32 >= depth {
                    let s = score_from_tt(e.score as i32, ply);
                    let cut = match e.bound {
                        BOUND_EXACT => true,
                        BOUND_LOWER => s >= beta,
                        _ => s <= alpha,
                    };
                    if cut {
                        return s;
                    }
                }
            }
        }

        let mut list = MoveList::new();
        generate(pos, &mut list);
        // Move indices are bytes, 255 meaning none: no legal position comes
        // near that many moves, but never index past it.
        let n = list.len().min(NO_MOVE as usize);
        let side = pos.turn() as usize;
        let killers = self.killers[ply];
        let mut keys: ArrayVec<u32, MAX_MOVES> = ArrayVec::new();
        for (i, mv) in list.iter().enumerate() {
            let key = if i as u8 == tt_move {
                u32::MAX
            } else if capture {
                // More pieces first, kings counting extra.
                1 << 24 | mv.captured().count() << 8 | (mv.captured() & pos.kings()).count()
            } else {
                let code = quiet_code(mv);
                if code == killers[0] {
                    KEY_KILLER + 1
                } else if code == killers[1] {
                    KEY_KILLER
                } else {
                    self.history[side][mv.from().index()][mv.to().index()].min(KEY_KILLER - 1)
                }
            };
            keys.push(key);
        }

        let child_depth = depth.saturating_sub(1);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = NO_MOVE;
        let mut order: ArrayVec<u8, MAX_MOVES> = (0..n as u8).collect();
        for i in 0..n {
            // Selection: the highest key left; ties keep generation order.
            let mut pick = i;
            for j in i + 1..n {
                if keys[order[j] as usize] > keys[order[pick] as usize] {
                    pick = j;
                }
            }
            order.swap(i, pick);
            let idx = order[i] as usize;
            let mv = &list[idx];
            let child = pos.play_unchecked(mv);
            let q = next_quiet(pos, mv, quiet);
            let score = if i == 0 {
                -self.negamax(&child, q, child_depth, ply + 1, -beta, -alpha)
            } else {
                // Late-move reduction: a late quiet move that is neither
                // the hash move nor a killer and offers nothing to capture
                // is first read a turn shorter (two when very late), and
                // read in full only if it then looks better.
                let reduce = if !pv_node
                    && !capture
                    && depth >= LMR_MIN_DEPTH
                    && i >= LMR_AFTER
                    && keys[idx] < KEY_KILLER
                    && !(Bitboard::from_square(mv.to()) & pos.turn().crowning_row()).any()
                    && jumpers(&child).is_empty()
                {
                    if i >= LMR_AFTER * 2 && depth >= 2 * LMR_MIN_DEPTH {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut s =
                    -self.negamax(&child, q, child_depth - reduce, ply + 1, -alpha - 1, -alpha);
                if reduce > 0 && s > alpha {
                    s = -self.negamax(&child, q, child_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    -self.negamax(&child, q, child_depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if score > best {
                best = score;
                best_idx = idx as u8;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, idx as u8);
                    if score >= beta {
                        if !capture {
                            self.reward(side, ply, mv, depth);
                        }
                        break;
                    }
                }
            }
        }

        if depth >= TT_MIN_DEPTH {
            let bound = if best >= beta {
                BOUND_LOWER
            } else if best > alpha0 {
                BOUND_EXACT
            } else {
                BOUND_UPPER
            };
            self.store(key, depth, score_to_tt(best, ply), bound, best_idx);
        }
        best
    }

    /// The line at `ply` becomes `idx` followed by the line at `ply + 1`.
    #[inline]
    fn update_pv(&mut self, ply: usize, idx: u8) {
        let child_len = self.pv_len[ply + 1] as usize;
        let len = (child_len + 1).min(MAX_PLY - ply);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[0] = idx;
        row[1..len].copy_from_slice(&tail[0][..len - 1]);
        self.pv_len[ply] = len as u8;
    }

    /// A quiet move caused a cut-off: remember it as a killer at this ply
    /// and raise its history.
    #[inline]
    fn reward(&mut self, side: usize, ply: usize, mv: &Move, depth: u32) {
        let code = quiet_code(mv);
        let k = &mut self.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let h = &mut self.history[side][mv.from().index()][mv.to().index()];
        *h = h.saturating_add(depth * depth);
    }
}

/// A compact identity for a non-capturing move: its two squares.
#[inline]
fn quiet_code(mv: &Move) -> u16 {
    (mv.from().index() * 32 + mv.to().index() + 1) as u16
}

/// Wins and losses are stored relative to the node, not the root.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A 64-bit mixing bijection (the SplitMix64 finaliser).
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
