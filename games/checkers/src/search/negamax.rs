//! Plain alpha-beta inside one task, and what every task reads.

use super::context::Context;
use super::ideal::Phase;
use super::ordering::{select, KEY_KILLER};
use super::params::{
    ENDING_EXTRA, ENDING_PIECES, LMR_AFTER, LMR_MIN_DEPTH, MAX_PLY, SHARED_MAX_BITS,
    SHARED_MIN_BITS, TT_MIN_DEPTH,
};
use super::pool::Pool;
use super::sched::longest_first;
use super::score::{score_from_tt, score_to_tt, INF, MATE};
use super::table::{hash_key, Entry, SharedTable, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE};
use crate::eval::{evaluate_with, Weights, KING, MAN};
use crate::movegen::{generate, jumpers, steppers};
use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::{Bitboard, Color, Position};
use arrayvec::ArrayVec;

/// The part of a search every task reads and none writes while tasks run.
pub(super) struct Shared {
    /// The shared table (see [`SharedTable`]).
    pub(super) tt: SharedTable,
    /// The quiet-turn counter enters the hash key from this value on.
    quiet_hash_from: u32,
    pub(super) weights: Weights,
    /// How long a line of a king ending may grow, in turns: the
    /// iteration's depth plus [`ENDING_EXTRA`].
    pub(super) reach: u32,
    /// Nodes after which a test splits (`TEST_SPLIT_NODES`).
    pub(super) split_tests_from: u64,
}

impl Shared {
    /// What the tasks of a search `depth` turns deep share, with the
    /// evaluation's `weights`.
    pub(super) fn new(depth: u32, weights: &Weights, split_tests_from: u64) -> Shared {
        let bits = (depth + 8).clamp(SHARED_MIN_BITS, SHARED_MAX_BITS);
        Shared {
            tt: SharedTable::new(1 << bits),
            // A draw by the 50-turn rule can only happen inside a subtree
            // when the counter plus the remaining line (depth, plus the
            // ending extension) reaches 50, so below this the counter
            // does not change any value and is left out of the hash key.
            quiet_hash_from: DRAW_QUIET_TURNS.saturating_sub(depth + ENDING_EXTRA),
            weights: *weights,
            reach: 0,
            split_tests_from,
        }
    }

    /// The hash key of a position and, near the 50-turn draw, its counter.
    #[inline]
    pub(super) fn key(&self, pos: &Position, quiet: u32) -> u64 {
        hash_key(pos, quiet, self.quiet_hash_from)
    }

    /// The turns left to search after a move from `pos`, which has `depth`
    /// left at `ply` turns from the root: one fewer, except in an ending
    /// of kings only with few pieces, where a turn is free while the line
    /// is shorter than [`Shared::reach`] (the same rule at every level,
    /// D1).
    #[inline]
    pub(super) fn child_depth(&self, pos: &Position, depth: u32, ply: usize) -> u32 {
        if depth > 0
            && pos.occupied().count() <= ENDING_PIECES
            && (pos.kings().0 == pos.occupied().0)
            && (ply as u32 + depth) < self.reach
        {
            depth
        } else {
            depth.saturating_sub(1)
        }
    }
}

/// What every task may read: the shared table, frozen while tasks run, the
/// weights, and the pool of private contexts.
#[derive(Clone, Copy)]
pub(super) struct Env<'a> {
    pub(super) sh: &'a Shared,
    pub(super) pool: &'a Pool,
}

/// The value of a 50-turn draw reached in `pos` for the side to move: a
/// draw, with one point (a hundredth of a man) for the side ahead in
/// material, minus one for the side behind, 0 when level.
///
/// The point only breaks ties. Without it a side a king up that sees the
/// draw coming rates giving the king away (a level position, 0, that
/// resets the counter) the same as the draw, and may play it; two kings
/// up, it rates giving one away (+165) above the draw, and then the next.
/// Played out, that gave 3 kings against 1 away as a loss. With it a side
/// ahead never trades material down to an even position instead of the
/// draw, and still resets the counter when it stays ahead (R8 unchanged).
#[inline]
pub(super) fn draw_score(pos: &Position) -> i32 {
    let material =
        |c: Color| MAN * pos.men(c).count() as i32 + KING * pos.kings_of(c).count() as i32;
    (material(pos.turn()) - material(pos.turn().opposite())).signum()
}

impl Context {
    /// Negamax alpha-beta (fail-soft, principal-variation search) of `pos`
    /// with `quiet` quiet turns behind it, `depth` turns to go, `ply` turns
    /// from the root. The value is for the side to move.
    ///
    /// In order: no legal move is a loss (R7); a counter of 50 is a draw
    /// (R8); at depth 0 the static evaluation, unless the side to move must
    /// capture, in which case every capture is read on without using up
    /// depth (D3). A jump chain is one move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        env: Env,
        pos: &Position,
        quiet: u32,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let sh = env.sh;
        let nodes0 = self.nodes;
        self.nodes += 1;
        self.pv_len[ply] = 0;
        let capture = jumpers(pos).any();
        if let Some(value) = leaf_value(sh, pos, quiet, depth, ply, capture) {
            return value;
        }
        let pv_node = beta - alpha > 1;
        let key = if depth >= TT_MIN_DEPTH {
            sh.key(pos, quiet)
        } else {
            0
        };
        let mut tt_move = NO_MOVE;
        if depth >= TT_MIN_DEPTH {
            if let Some(e) = self.probe(key).or_else(|| sh.tt.read().probe(key)) {
                tt_move = e.best;
                match cut_off(e, depth, ply, alpha, beta) {
                    Some(s) if !pv_node => return s,
                    _ => {}
                }
            }
        }

        let mut list = MoveList::new();
        generate(pos, &mut list);
        // Move indices are bytes, 255 meaning none: no legal position comes
        // near that many moves, but never index past it.
        let n = list.len().min(NO_MOVE as usize);
        let side = pos.turn() as usize;
        // Filled in place: collecting into them copied the whole arrays at
        // every node.
        let mut keys: ArrayVec<u32, MAX_MOVES> = ArrayVec::new();
        let mut order: ArrayVec<u8, MAX_MOVES> = ArrayVec::new();
        for (i, mv) in list.iter().enumerate() {
            keys.push(self.ord.key(pos, mv, i as u8 == tt_move, capture, ply));
            if i < n {
                order.push(i as u8);
            }
        }
        let child_depth = sh.child_depth(pos, depth, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = NO_MOVE;
        for i in 0..n {
            if i >= 1 && !pv_node && n - i >= 2 && self.splits_at(sh, ply, nodes0) {
                let (s, idx) = self.split_rest(
                    env, pos, quiet, depth, ply, &list, &keys, &mut order, i, capture, alpha,
                );
                if s > best {
                    best = s;
                    best_idx = idx;
                }
                break;
            }
            select(&mut order, &keys, i);
            let idx = order[i] as usize;
            let mv = &list[idx];
            let child = pos.play_unchecked(mv);
            let q = next_quiet(pos, mv, quiet);
            let score = if i == 0 {
                -self.negamax(env, &child, q, child_depth, ply + 1, -beta, -alpha)
            } else {
                self.late_move(
                    env, pos, mv, &child, q, depth, ply, i, keys[idx], capture, pv_node, alpha,
                    beta,
                )
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
            let bound = bound_of(best, alpha0, beta);
            self.store(key, depth, score_to_tt(best, ply), bound, best_idx);
        }
        best
    }

    /// Whether the remaining moves of the position `ply` turns from the
    /// root, whose search started at node `nodes0`, are searched side by
    /// side: it is the position of the test this context runs and has
    /// searched [`Shared::split_tests_from`] nodes without a cut-off.
    #[inline(always)]
    fn splits_at(&self, sh: &Shared, ply: usize, nodes0: u64) -> bool {
        ply == self.split_at && self.nodes - nodes0 >= sh.split_tests_from
    }

    /// The moves of a test's position from the `from`th on (in search
    /// order), once the test has searched [`Shared::split_tests_from`]
    /// nodes without a cut-off: each its own task, side by side, in a new
    /// context that starts from this one's ordering, searched as
    /// [`Context::late_move`] would in turn (same reductions), with the
    /// same null window `(alpha, alpha + 1)`. The best value and its move;
    /// the first move that cuts off, in search order, counts, as in turn.
    ///
    /// A long test is nearly always one that passes: every move of its
    /// position fails, so each must be searched anyway, and searched in
    /// turn they left the other threads waiting at the end of a phase.
    /// Whether a test splits depends on its node count only, so the tree
    /// is the same on any thread count.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_rest(
        &mut self,
        env: Env,
        pos: &Position,
        quiet: u32,
        depth: u32,
        ply: usize,
        list: &MoveList,
        keys: &[u32],
        order: &mut ArrayVec<u8, MAX_MOVES>,
        from: usize,
        capture: bool,
        alpha: i32,
    ) -> (i32, u8) {
        let n = order.len();
        // The rest of the search order, chosen as the move loop would.
        for i in from..n {
            select(order, keys, i);
        }
        let ord = &*self.ord;
        let order = &order[..];
        let jobs: Vec<(u64, usize)> = (from..n).map(|i| (0, i)).collect();
        let done: Vec<(i32, Context)> = longest_first(jobs, |i| {
            let idx = order[i] as usize;
            let mv = &list[idx];
            let child = pos.play_unchecked(mv);
            let q = next_quiet(pos, mv, quiet);
            let mut ctx = env.pool.acquire(ord);
            let s = ctx.late_move(
                env,
                pos,
                mv,
                &child,
                q,
                depth,
                ply,
                i,
                keys[idx],
                capture,
                false,
                alpha,
                alpha + 1,
            );
            (s, ctx)
        });
        // In turn, the tasks would have taken `serial`; side by side, what
        // the phase takes.
        let mut phase = Phase::default();
        let mut serial = [0; 3];
        let mut best = (-INF, NO_MOVE);
        for (i, (s, mut ctx)) in (from..n).zip(done) {
            let c = ctx.cost();
            phase.add(c);
            serial.iter_mut().zip(c.time).for_each(|(s, t)| *s += t);
            self.nodes += c.work;
            self.log.append(&mut ctx.log);
            env.pool.release(ctx);
            if s > best.0 && best.0 <= alpha {
                best = (s, order[i]);
            }
        }
        let side_by_side = phase.cost().time;
        for ((saved, s), t) in self.saved.iter_mut().zip(serial).zip(side_by_side) {
            *saved += s - t;
        }
        let (s, idx) = best;
        if s > alpha {
            self.pv_len[ply + 1] = 0;
            self.update_pv(ply, idx);
            if !capture {
                self.reward(pos.turn() as usize, ply, &list[idx as usize], depth);
            }
        }
        best
    }

    /// The value of a move after the first at a node (to the side moving
    /// there): a null-window search, reduced when the move is late and
    /// quiet, searched again in full when it looks better.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn late_move(
        &mut self,
        env: Env,
        pos: &Position,
        mv: &Move,
        child: &Position,
        q: u32,
        depth: u32,
        ply: usize,
        i: usize,
        key: u32,
        capture: bool,
        pv_node: bool,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let child_depth = env.sh.child_depth(pos, depth, ply);
        // Late-move reduction: a late quiet move that is neither the hash
        // move nor a killer and offers nothing to capture is first read a
        // turn shorter (two when very late), and read in full only if it
        // then looks better.
        let reduce = if !pv_node
            && !capture
            && depth >= LMR_MIN_DEPTH
            && i >= LMR_AFTER
            && key < KEY_KILLER
            && !(Bitboard::from_square(mv.to()) & pos.turn().crowning_row()).any()
            && jumpers(child).is_empty()
        {
            if i >= LMR_AFTER * 2 && depth >= 2 * LMR_MIN_DEPTH {
                2
            } else {
                1
            }
        } else {
            0
        };
        let mut s = -self.negamax(
            env,
            child,
            q,
            child_depth - reduce,
            ply + 1,
            -alpha - 1,
            -alpha,
        );
        if reduce > 0 && s > alpha {
            s = -self.negamax(env, child, q, child_depth, ply + 1, -alpha - 1, -alpha);
        }
        if s > alpha && s < beta {
            -self.negamax(env, child, q, child_depth, ply + 1, -beta, -alpha)
        } else {
            s
        }
    }
}

/// The value of a node decided without searching its moves, if it is one:
/// no legal move is a loss (R7); a counter of 50 is a draw (R8); at depth
/// 0 the static evaluation, unless the side to move must capture, in which
/// case every capture is read on without using up depth (D3); and the
/// evaluation at the deepest ply a line may reach.
#[inline(always)]
fn leaf_value(
    sh: &Shared,
    pos: &Position,
    quiet: u32,
    depth: u32,
    ply: usize,
    capture: bool,
) -> Option<i32> {
    if !capture && steppers(pos).is_empty() {
        Some(-(MATE - ply as i32))
    } else if quiet >= DRAW_QUIET_TURNS {
        Some(draw_score(pos))
    } else if (depth == 0 && !capture) || ply + 1 >= MAX_PLY {
        Some(evaluate_with(pos, &sh.weights))
    } else {
        None
    }
}

/// The value a table entry `e` gives a null-window node `depth` turns
/// deep at `ply`, if it is deep enough and its bound settles the window
/// `(alpha, beta)`.
#[inline(always)]
fn cut_off(e: Entry, depth: u32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    if (e.depth as u32) < depth {
        return None;
    }
    let s = score_from_tt(e.score as i32, ply);
    let cut = match e.bound {
        BOUND_EXACT => true,
        BOUND_LOWER => s >= beta,
        _ => s <= alpha,
    };
    cut.then_some(s)
}

/// What a fail-soft value `best` of a window `(alpha, beta)` tells: at
/// least the value (failed high), the value, or at most the value.
#[inline]
pub(super) fn bound_of(best: i32, alpha: i32, beta: i32) -> u8 {
    if best >= beta {
        BOUND_LOWER
    } else if best > alpha {
        BOUND_EXACT
    } else {
        BOUND_UPPER
    }
}
