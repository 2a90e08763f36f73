//! The CPU's search: negamax alpha-beta with principal-variation search,
//! iterative deepening, aspiration windows, transposition tables, killer
//! and history move ordering, late-move reductions and a capture
//! quiescence (D3). Parallel with rayon on every core, and deterministic:
//! the same move, score, line and node count on any thread count (D7, U2).
//!
//! # Where things are
//!
//! | module | concept |
//! | --- | --- |
//! | `params` | every tunable, with why it has its value |
//! | `root` | iterative deepening and the rounds of each iteration |
//! | `tree` | the split task tree: split nodes, siblings, their tests |
//! | `negamax` | plain alpha-beta inside one task; what every task reads |
//! | `context` | one task's private state: table, ordering, line, counts |
//! | `ordering` | killer moves and history |
//! | `table` | the transposition tables' slots and the shared table's merges |
//! | `pool` | contexts handed out to tasks and the expected work of each |
//! | `sched` | running a phase's tasks longest first, and waiting for them |
//! | `ideal` | the cost model: how long the task tree takes on N threads |
//! | `score` | wins, losses and their distance from the root |
//!
//! # The task tree
//!
//! Each iteration at the root runs in *rounds*. Round 1 searches the
//! expected best move (last iteration's) in an aspiration window and,
//! beside it, every other move with a null-window test against the
//! previous iteration's score. It does so in phases with a merge of the
//! shared table between them: first the reply's first move and, beside
//! it, the reply's other moves and the other root moves tested (one queue
//! for both); then the reply's other moves searched against the value the
//! first reached and, beside them, the tests of the other root moves that
//! the expected move's score so far leaves undecided; last the exact
//! values of the replies that beat the first one, each split into tasks.
//! If the first move fails outside its window it is searched again,
//! wider. Round 2 runs again the tests the real score leaves undecided;
//! rounds 3… search exactly, in parallel, the moves that beat it.
//!
//! The expected best move's reply position, and every node of the
//! expected line below it fewer than [`SPLIT_MAX_PLY`] turns from the
//! root with at least [`SPLIT_MIN_DEPTH`] turns left, is a *split node*:
//! its first move (the table's move) is searched first, splitting again;
//! then all the others at once, each its own task, with a null window at
//! the value the first move reached (young brothers wait); one that beats
//! it gets its exact value in the same task. One turn below the root the
//! others are first tested beside the first move against the value the
//! table holds for the position, as the root does with the last score.
//! Every other node is plain alpha-beta inside one task, but for one case:
//! a test that has searched [`TEST_SPLIT_NODES`] nodes without a cut-off
//! at its own position searches that position's remaining moves side by
//! side. That depends on the node count alone, so the tree is the same on
//! any thread count.
//!
//! # What the tasks share, and why the result is deterministic
//!
//! One *shared table* holds what the search has learnt so far. While
//! tasks run it is read-only; between rounds the entries each task stored
//! (it logs them) become one merge, in a fixed order (task-tree order).
//! Each task also writes into a private table of its own, which it reads
//! before the shared one. Killer moves and history are handed on
//! explicitly: a task starts from a copy of the ordering its parent gives
//! it, and the moves after the first at a split node start from the
//! ordering the first move's search ended with.
//!
//! So every task sees the shared table as the earlier rounds left it, its
//! own private table and an ordering fixed before it starts, and every
//! window it gets comes from the previous iteration or from tasks that
//! finished before it started. What each task does is therefore fixed,
//! whatever thread runs it and whenever; results are combined in a fixed
//! order, and between equal scores at the root the move generated first
//! wins. Which thread runs a task, and in what order a phase starts its
//! tasks (longest expected first), changes only the time. A context
//! handed to a new task is stamped anew, so it starts as empty as a new
//! one; nothing is kept from one search to the next.
//!
//! [`SearchResult::ideal`] gives how long the task tree would take on 2,
//! 4 and 8 threads with perfect scheduling and no overhead, a measure no
//! load on the machine disturbs (`checkers bench --ideal`); `docs/search.md`
//! gives the current figures and how to measure the real ones.
//!
//! # Game ends inside the search (D4)
//!
//! A side to move with no legal move has lost (R7); after that, a
//! quiet-turn counter of 50 is a draw (R8) worth 0, give or take one point
//! that breaks ties in favour of the side ahead in material (see
//! `negamax::draw_score`). Wins score `MATE - plies`, so faster wins are
//! preferred and losses are put off. There is no repetition rule, and the
//! search treats repetitions like any other position.
//!
//! # King endings
//!
//! In endings of kings only with at most [`ENDING_PIECES`] pieces a turn
//! uses up no depth while the line is shorter than the depth plus
//! [`ENDING_EXTRA`], the same at every level.

mod context;
mod ideal;
mod negamax;
mod ordering;
mod params;
mod pool;
mod root;
mod sched;
mod score;
mod table;
mod tree;

pub use params::{
    ENDING_EXTRA, ENDING_PIECES, IDEAL_THREADS, MAX_DEPTH, SPLIT_MAX_PLY, SPLIT_MIN_DEPTH,
    TEST_SPLIT_NODES,
};
pub use root::SearchResult;
pub use score::{MATE, MATE_BOUND};

use crate::eval::Weights;
use crate::moves::Move;
use crate::{Level, Position};
use root::iterate;
use sched::{poll, Running, SEARCHES};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The best move in `pos` with `quiet` quiet turns behind it, looking
/// `depth` turns ahead (plus forced captures), on the current rayon pool
/// (the global one when called from a thread outside any).
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
    info: impl FnMut(&SearchResult) + Send,
) -> SearchResult {
    search_weighted(pos, quiet, depth, &Weights::DEFAULT, info)
}

/// [`search_with_info`] with other evaluation bonuses (for tuning them:
/// `checkers match --a-weights …`).
pub fn search_weighted(
    pos: &Position,
    quiet: u32,
    depth: u32,
    weights: &Weights,
    info: impl FnMut(&SearchResult) + Send,
) -> SearchResult {
    search_inner(pos, quiet, depth, weights, TEST_SPLIT_NODES, info)
}

/// [`search`] with tests splitting after `split_tests_from` nodes instead
/// of [`TEST_SPLIT_NODES`]: for the tests of the split itself, which need
/// it in searches small enough to check against plain minimax.
#[doc(hidden)]
pub fn search_splitting_tests_from(
    pos: &Position,
    quiet: u32,
    depth: u32,
    split_tests_from: u64,
) -> SearchResult {
    search_inner(
        pos,
        quiet,
        depth,
        &Weights::DEFAULT,
        split_tests_from,
        |_| {},
    )
}

/// The search on rayon's pool: on the caller's thread when that is one of
/// the pool's, else on a thread of the global pool (`rayon::scope` runs in
/// place on a pool thread and moves there from outside). The search
/// starts each of its parallel phases from the thread it runs on, so it
/// runs on a pool thread itself: from outside the pool every phase would
/// be handed over to a pool thread and the caller woken after it.
///
/// While it runs, when it is the only search in the process, the pool's
/// other threads wait for work awake ([`poll`]) instead of sleeping
/// between phases; scheduling only, so the result is the same. When it
/// returns, no thread of the pool polls any more.
fn search_inner(
    pos: &Position,
    quiet: u32,
    depth: u32,
    weights: &Weights,
    split_tests_from: u64,
    info: impl FnMut(&SearchResult) + Send,
) -> SearchResult {
    let alone = SEARCHES.fetch_add(1, Relaxed) == 0;
    let done = AtomicBool::new(false);
    let done = &done;
    rayon::scope(|sc| {
        // Counted out and marked done however the search ends, a panic
        // included, so that the scope, which waits for the pollers, ends
        // too.
        let _running = Running(done);
        let root = rayon::current_thread_index();
        if alone && rayon::current_num_threads() > 1 {
            sc.spawn_broadcast(move |_, ctx| {
                if Some(ctx.index()) != root {
                    poll(done);
                }
            });
        }
        iterate(pos, quiet, depth, weights, split_tests_from, info)
    })
}
