//! The CPU's search: negamax alpha-beta with principal-variation search,
//! iterative deepening, aspiration windows, transposition tables, killer
//! and history move ordering, and a capture quiescence (D3). Parallel with
//! rayon on every core, and deterministic (D7, U2).
//!
//! # The task tree
//!
//! Each iteration at the root runs in *rounds*. Round 1 searches the
//! expected best move (last iteration's) in an aspiration window and,
//! beside it, every other move with a null-window test against the
//! previous iteration's score (a guess, since the real one is not known
//! yet). It does so in two phases with a merge between them (see below):
//! first the reply's first move and, beside it, the reply's other moves
//! and the other root moves tested (one queue for both); then the reply's
//! other moves searched against the value the first reached and, beside
//! them, the tests of the other root moves that the expected move's score
//! so far leaves undecided, which is the second round's work whenever the
//! reply's other moves leave that score as it is; last, after another
//! merge, the exact values of the replies that beat the first one, each
//! split into tasks like the expected line. If the first move fails
//! outside its window it is searched again, wider. Round 2 runs again the
//! tests the real score leaves undecided; rounds 3… search exactly, in
//! parallel, the moves that beat it.
//!
//! The expected best move's reply position, and every node of the expected
//! line below it fewer than [`SPLIT_MAX_PLY`] turns from the root with at
//! least [`SPLIT_MIN_DEPTH`] turns left, is a *split node*: its first move
//! (the table's move) is searched first, splitting again; then all the
//! others at once, each its own task, with a null window at the value the
//! first move reached (young brothers wait); one that beats it gets its
//! exact value at once, in the same task, without waiting for the others'
//! tests. One exception, one turn below the root: there the others are
//! first tested beside the first move against the value the table holds
//! for the position, as the root does with the last score, and tested
//! again only when the first move's value leaves the answer open; and a
//! reply that beats the first one is searched exactly only after all the
//! tests and a merge, split into tasks, starting from the ordering its
//! own tests ended with (searched in its test's task, it ran alone for up
//! to a fifth of a search while the other threads waited). Every
//! other node is plain sequential alpha-beta inside one task, but for one
//! case: a test that has searched [`TEST_SPLIT_NODES`] nodes without a
//! cut-off at its own position searches that position's remaining moves
//! side by side, each its own task (`Context::split_rest`); that depends
//! on the node count alone, so the tree is the same on any thread count.
//! So the moves are searched side by side all along the expected line,
//! and a position with only one or two legal moves keeps the cores busy
//! too.
//!
//! # What the tasks share, and why the result is deterministic
//!
//! One *shared table* holds what the search has learnt so far. While tasks
//! run it is read-only; between rounds, with nothing running, the entries
//! each task stored (it logs them) become one merge, in a fixed order
//! (task-tree order), just before the next round that reads the table.
//! Each thread keeps a copy of its own, stores every merge into it in that
//! order the first time it reads the copy after the merge, and reads only
//! it, so the copies are the same on any thread count and a task reads
//! only what its own core wrote (see "Cost and scaling"). What the last
//! rounds of a search store is never merged (that saved about 8 ms over
//! the bench, 0.5 % of the 2-thread run, spent on one thread while the
//! other waited). Each task writes
//! into a private table of its own, which it reads before the shared one.
//! Killer moves and history (the *ordering*) are handed on explicitly: a
//! task starts from a copy of the
//! ordering its parent gives it, and the moves after the first at a split
//! node start from the ordering the first move's search ended with, so
//! what the main line learnt guides the refutations of the others (without
//! this the split tree searched half as many nodes again); the next
//! iteration starts from what the expected best move's search ended with.
//!
//! So every task sees the shared table as the earlier rounds left it, its
//! own private table and an ordering fixed before it starts, and every
//! window it gets comes from the previous iteration or from tasks that
//! finished before it started. What each task does is therefore fixed,
//! whatever thread runs it and whenever; results are combined in a fixed
//! order, and between equal scores at the root the move generated first
//! wins. Private contexts come from a pool that only saves allocations: a
//! context handed to a new task is stamped anew, and entries of an older
//! stamp count as empty slots. Between calls only memory is kept (the
//! contexts and the shared table, which a new search stamps anew in the
//! same way), never what a search learnt.
//!
//! # Cost and scaling
//!
//! The work does not depend on the thread count, so neither does the node
//! count. [`SearchResult::ideal`] gives how long the task tree would take
//! on 2, 4 and 8 threads with perfect scheduling and no overhead, a
//! measure no load on the machine disturbs (`checkers bench --ideal`):
//! over the bench set at Hard's depth (16), about 1.97× on 2 threads,
//! 3.5× on 4 and 4.6× on 8. Beyond that the expected line's own first
//! moves, searched one after the other, set the pace; splitting every
//! deep enough node, not only the expected line's, would allow about 6×
//! on 8 threads for 40 % to 100 % more nodes, which two cores cannot
//! afford.
//!
//! On 2 threads each thread is in a task about 90 % of the time (at
//! depth 15, stop 39's traces; at Hard's depth 16, with tests splitting
//! after 8,000 nodes, a thread spins with nothing to run 5 % of the time,
//! stop 47). The rest is the ends of phases (above all the last long
//! test of the phase after the reply's first move, and an exact search
//! of a move that beat the expected one, each running alone), the
//! merges between rounds, the short gaps between tasks, and the shallow
//! iterations, whose phases are too short to pay for waking the other
//! thread (up to depth 11 they gain about 1.6×, a tenth of the 1-thread
//! time at depth 15). A measured
//! speedup is therefore twice that busy share divided by how much longer
//! the same tasks take on two threads than on one, and the second factor
//! is the host's: on the Xeon virtual machine of issue 14 it drifted from
//! about 0.85 to 1.2 from minute to minute, in move generation (which
//! reads no table) as much as in `negamax`, so a speedup measured there
//! ranged from about 1.6× to 2.1×, and with the host's speed taken out
//! (`PERF=1 scripts/bench-threads`) the search reached about 1.82×; on
//! the AMD EPYC one of its last stop, a bench in a process of its own
//! per thread count reached a median 1.71× to 1.75× (`SEPARATE=1
//! scripts/bench-threads`; two pools in one process, 1.59×). While a
//! search runs, the pool's other threads poll for work instead of
//! sleeping between phases (`poll`): on the AMD machine, where each
//! search starts after the other CPU sat idle, as the app's do, sleeping
//! cost the 2-thread search up to about 6 % of its speed, depending on
//! the host. A thread that waits for the last task of a phase spins in
//! the same way instead of entering rayon's wait (`spin_until`), and a
//! phase hands out its tasks from a counter instead of a job on the heap
//! for each (`longest_first`): together 0.967x the 2-thread time on a
//! quiet host (eight paired runs; 1.797x in the median of sixteen sets).
//! On Linux each thread is also held on a CPU of its own while
//! a search runs (`affinity`): left to the kernel, a thread woken in the
//! middle of a search was at times put on the CPU of the thread that woke
//! it and waited there, which at depth 9 made two threads slower than one
//! on the AMD machine when something ran between the searches.
//!
//! Three choices serve the caches. The tables are small enough to stay in
//! a core's cache (private 2^12 entries, 32 KiB; the shared one 2^17, 1 MiB;
//! a slot is one word, see `STAMP_SHIFT`), since they are probed at every
//! node. And each thread keeps its own copy
//! of the shared table, merges every entry into it and reads only it
//! (`Shared::flush`), so no task reads an entry another core wrote:
//! with one table the same tasks took 6 % to 9 % longer on 2 threads.
//! A thread stores a merge when it next reads its copy, inside its first
//! task of the round, so no thread waits for another to wake up and store
//! its part.
//! And between searches each thread takes back its own copy
//! (`take_spare`; taken last in first out, every second search gave
//! each thread the other's) and the contexts it used last (`Pool::new`;
//! they were dealt out in turn).
//!
//! On 4 and 8 threads the copies cost 1 MiB each (8 MiB on 8), and every
//! thread that takes part in a round still stores the whole merge, about
//! 1 % of the 1-thread time, so 4 % to 5 % of the time on 8 threads
//! (without waiting for the others, as it did until stop 37); the tree's
//! own limit (4.3× on 8) is the larger loss, and lifting it means
//! splitting more nodes than the expected line's, at a cost in nodes that
//! pays only on more cores than two.
//!
//! Every measurement behind these choices, and every change that was
//! tried and dropped with its figures (about forty), is in
//! `docs/parallel-search.md`, the search's laboratory record.
//!
//! # Game ends inside the search (D4)
//!
//! A side to move with no legal move has lost (R7); after that, a quiet-turn
//! counter of 50 is a draw (R8) worth 0, give or take one point that breaks
//! ties in favour of the side ahead in material (see `draw_score`). A side
//! ahead therefore prefers resetting the counter (moving a man, capturing)
//! to a draw it can see, but not by giving material away down to a level
//! position, and a side behind steers towards it. Wins score `MATE -
//! plies`, so faster wins are preferred and losses are put off. There is
//! no repetition rule, and the search treats repetitions like any other
//! position.
//!
//! # King endings
//!
//! In endings of kings only with at most [`ENDING_PIECES`] pieces a turn
//! uses up no depth while the line is shorter than the depth plus
//! [`ENDING_EXTRA`], the same at every level.

use crate::affinity;
use crate::eval::{evaluate_with, Weights, KING, MAN};
use crate::movegen::{generate, jumpers, steppers, Move, MoveList, MAX_MOVES};
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::{Bitboard, Level, Position};
use arrayvec::ArrayVec;
use std::sync::atomic::{
    AtomicBool, AtomicU64, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::Mutex;

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
/// Entries stored with at least this many turns to go are logged for the
/// shared table; shallower ones stay in the task's private table.
const LOG_MIN_DEPTH: u32 = 2;
/// The shared table has `2^(depth + 8)` entries, within these bounds (1
/// MiB at most).
const SHARED_MIN_BITS: u32 = 12;
const SHARED_MAX_BITS: u32 = 17;
/// Each task's private table has `2^(depth + 6)` entries, within these
/// bounds (32 KiB at most).
///
/// Small on purpose: the tables are probed at every node, and what fits
/// in a core's cache is worth more than what a larger table remembers.
/// At Hard's depth, 2^12 private and 2^17 shared entries take 3.7 % more
/// nodes than 2^15 and 2^18 but 11 % to 13 % less time on one thread and
/// 3 % to 7 % less on two (`docs/parallel-search.md`, "Table sizes").
const PRIVATE_MIN_BITS: u32 = 8;
const PRIVATE_MAX_BITS: u32 = 12;
/// A table slot is one word (see [`Entry`] for the data's bits):
///
/// ```text
///  63          41 40       33 32                  0
/// | key's top 23 |  stamp 8  |  data 33 (Entry)    |
/// ```
///
/// The bucket is chosen by the key's low bits and the slot keeps its top
/// 23, so a probe tells positions apart by 35 to 40 of the key's bits (the
/// bucket's 12 to 17, and these): a position taken for another once in
/// millions of probes, which changes a score's bound here and there, never
/// a rule (the search only plays moves it generated). Two words a slot, the
/// whole key kept, the tables took twice the memory (the shared table 2
/// MiB, past a core's 1 MiB L2 on the AMD machine; a private one 64 KiB,
/// past its 48 KiB L1) and the bench about 7 % more time on one thread
/// and on two (`docs/parallel-search.md`, "One word a slot").
const STAMP_SHIFT: u32 = 33;
const CHECK_SHIFT: u32 = 41;
/// Stamps go from 1 to `STAMP_LIMIT - 1`; 0 is never current, so zeroed
/// memory is empty, and a table whose stamp runs out is zeroed again.
const STAMP_LIMIT: u64 = 1 << (CHECK_SHIFT - STAMP_SHIFT);

/// Nodes of the expected line split into parallel tasks when they have at
/// least this many turns left to search…
pub const SPLIT_MIN_DEPTH: u32 = 4;
/// …and are fewer than this many turns from the root.
pub const SPLIT_MAX_PLY: usize = 12;

/// The split node this many turns from the root (the reply to a root
/// move) tests its other moves against the table's value beside its first
/// move; see `open_split`.
const GUESS_PLY: usize = 1;

/// Late-move reductions apply from this depth on, to quiet moves after the
/// first `LMR_AFTER` in search order.
const LMR_MIN_DEPTH: u32 = 3;
const LMR_AFTER: usize = 2;
/// Move-ordering key of the second killer; the first is one more, the hash
/// move and captures above, history scores below.
const KEY_KILLER: u32 = 1 << 22;

/// Endings of kings only with at most this many pieces are searched up to
/// [`ENDING_EXTRA`] turns deeper (at every level, D1): there the evaluation
/// cannot tell progress from shuffling, so only seeing the win converts
/// (two kings against one needs 16 turns), and such trees are small.
pub const ENDING_PIECES: u32 = 5;
/// See [`ENDING_PIECES`].
pub const ENDING_EXTRA: u32 = 4;

/// First aspiration half-window, in hundredths of a man.
const ASPIRATION: i32 = 30;

/// A null-window test of a move (is it worth more than a bar?) that has
/// searched this many nodes at the move's position without a cut-off
/// searches that position's remaining moves side by side, each its own
/// task (`Context::split_rest`).
///
/// 8,000 since stop 47 (32,000 before). Over the bench at Hard's depth
/// (16): 80,828,654 nodes instead of 85,558,526 (5.5 % fewer; 6.5 % fewer
/// at 17, 5.4 % more at 15), a task tree allowing 1.97×, 3.53× and 4.61×
/// on 2, 4 and 8 threads instead of 1.95×, 3.32× and 4.20×, and a third
/// less idle time on 2 threads. In `scripts/ab-threads` (eight paired
/// runs) it took 0.953x the time on one thread and 0.944x on two, faster
/// in all eight on both. In twelve pairs of official sets, each pair
/// run back to back, it was ahead in eleven and level in one, with set
/// medians of 1.81x to 1.85x against 1.78x to 1.82x
/// (`docs/parallel-search.md`, "Stop 47").
pub const TEST_SPLIT_NODES: u64 = 8_000;

/// The thread counts [`SearchResult::ideal`] is given for.
pub const IDEAL_THREADS: [u64; 3] = [2, 4, 8];

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
    /// The time, in nodes, the task tree of every iteration so far takes
    /// on [`IDEAL_THREADS`] threads with perfect scheduling and no
    /// overhead: each parallel phase takes the longer of its longest task
    /// and its work shared evenly. `nodes / ideal[i]` is the speedup the
    /// tree allows; it depends on nothing but the search itself.
    pub ideal: [u64; 3],
}

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
/// place on a pool thread and moves there from outside). The app calls
/// from a thread of its own, and the search starts each of its parallel
/// phases from the thread it runs on: from outside the pool each would be
/// handed over to a pool thread, the caller sleeping until it ended and
/// then woken (over the bench called that way, 3.6 % and 6.4 % slower on
/// 2 threads in two series; `docs/parallel-search.md`, "The root
/// thread").
///
/// While it runs, when it is the only search in the process, the pool's
/// other threads wait for work awake ([`poll`]) instead of sleeping
/// between phases, and on Linux every thread of the pool is held on a CPU
/// of its own, so that a thread woken in the middle of the search does
/// not wait on the CPU of the thread that woke it ([`affinity::pin`]);
/// scheduling only, so the result is the same.
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
        let threads = rayon::current_num_threads();
        let root = rayon::current_thread_index();
        let _pinned = (alone && threads > 1).then(|| {
            sc.spawn_broadcast(move |_, ctx| {
                if Some(ctx.index()) != root {
                    let _pinned = affinity::pin(ctx.index(), threads);
                    poll(done);
                }
            });
            root.map(|i| affinity::pin(i, threads))
        });
        iterate(pos, quiet, depth, weights, split_tests_from, info)
    })
}

/// How many searches are running in the process ([`search_inner`]).
static SEARCHES: AtomicUsize = AtomicUsize::new(0);

/// One running search, counted in [`SEARCHES`]; when dropped, the search
/// has ended: it sets its flag, which stops the search's pollers, and
/// counts the search out.
struct Running<'a>(&'a AtomicBool);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.store(true, Release);
        SEARCHES.fetch_sub(1, Relaxed);
    }
}

/// How many spin hints a polling thread waits between two looks for work.
const POLL_SPINS: u32 = 32;

/// Run the pool's tasks on this thread as they come, until `done` is set
/// or another search starts.
///
/// A pool thread that finds no work sleeps, and the next phase's first
/// task wakes it. On the AMD EPYC virtual machine of issue 14, in benches
/// where each search starts after the other CPU sat idle, as the app's do
/// (`LOCKSTEP=1 scripts/bench-threads`), the 2-thread searches took 15 %
/// to 18 % longer than their task tree allows, most of it in searches of
/// 20 ms to 160 ms; with the other thread polling, 10 % to 12 %, and the
/// speedup over one thread rose from 1.62x-1.67x to 1.74x-1.77x in three
/// series of paired runs (faster in 20 of 24 pairs). The gain comes and
/// goes with the host: in eleven pairs of the script's own sets, which
/// run a few processes between turns, the set medians were 1.72x with
/// and 1.67x without (faster in 7); over every pair of that session
/// polling was faster in 33 of 43 (`docs/parallel-search.md`, "Stop
/// 40"). The price is a core kept busy while a search runs, about a
/// tenth of the search's thread time on 2 threads; between searches
/// every thread sleeps as before.
///
/// Only a search alone in the process polls: a thread caught polling
/// for one search inside another search's wait would hold that search up
/// until the first ended, and two searches each polling under the
/// other's could wait for each other for ever. So a search that starts
/// beside another polls not at all, and the pollers of a running one
/// stop when another starts.
fn poll(done: &AtomicBool) {
    spin_while(|| !done.load(Acquire));
}

/// While `busy` holds and the search is alone in the process, run the
/// pool's tasks on this thread as they come, spinning [`POLL_SPINS`]
/// hints between two looks for work that found none.
#[inline]
fn spin_while(busy: impl Fn() -> bool) {
    while busy() && SEARCHES.load(Relaxed) == 1 {
        if rayon::yield_now() != Some(rayon::Yield::Executed) {
            for _ in 0..POLL_SPINS {
                std::hint::spin_loop();
            }
        }
    }
}

/// Counts one job out of its counter when dropped, a panic included.
struct Done<'a>(&'a AtomicUsize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Release);
    }
}

/// Wait until `left` is zero: the tasks a thread started beside its own
/// part of a phase, the last of which another thread is still running.
/// Meanwhile the pool's tasks run on this thread as they come, as in
/// rayon's own wait; between two looks for work it spins as [`poll`]
/// does, where rayon's wait yields to the kernel and, a few dozen yields
/// later, sleeps until the other thread wakes it. Over `checkers bench
/// --threads 2` (Hard's part alone is 56 searches and about 8,300
/// phases) the pool's threads yielded 8,357 times and slept 82 times with
/// rayon's wait, 886 and 13 times (mostly between searches) with this one
/// (`strace -f`), and Hard's bench took 0.981x the time (the median of
/// eight paired runs of `scripts/ab-threads`, faster in all eight; one
/// thread 0.995x) on a quiet host (`docs/parallel-search.md`, "Stop 44").
///
/// Only while the search is alone in the process, as for [`poll`]: beside
/// another search it waits as rayon does.
fn spin_until(left: &AtomicUsize) {
    spin_while(|| left.load(Acquire) != 0);
}

/// Iterative deepening at the root, on the current pool (see the module
/// documentation for its rounds and phases).
fn iterate(
    pos: &Position,
    quiet: u32,
    depth: u32,
    weights: &Weights,
    split_tests_from: u64,
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
            ideal: [1; 3],
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
            ideal: [1; 3],
        };
        info(&result);
        return result;
    }
    let bits = (depth + 8).clamp(SHARED_MIN_BITS, SHARED_MAX_BITS);
    // A draw by the 50-turn rule can only happen inside a subtree when the
    // counter plus the remaining line (depth, plus the ending extension)
    // reaches 50, so below this the counter does not change any value and
    // is left out of the hash key.
    let mut shared = Shared {
        tables: (0..rayon::current_num_threads().max(1))
            .map(|home| Table::new(home, 1 << bits))
            .collect(),
        quiet_hash_from: DRAW_QUIET_TURNS.saturating_sub(depth + ENDING_EXTRA),
        weights: *weights,
        reach: 0,
        split_tests_from,
        pending: Vec::new(),
        merges: Vec::new(),
        stored_by_all: 0,
    };
    let pool = Pool::new(
        rayon::current_num_threads(),
        1 << (depth + 6).clamp(PRIVATE_MIN_BITS, PRIVATE_MAX_BITS),
    );
    let mut roots: Vec<RootMove> = moves
        .iter()
        .enumerate()
        .map(|(gen, mv)| RootMove {
            gen,
            node: Sibling::new(pos, mv, gen as u8, quiet),
        })
        .collect();
    // What the last iteration's expected line taught about move order.
    let mut ordering = Box::new(Ordering::default());
    let mut cost = Cost::serial(1);
    let mut result = SearchResult {
        best: Some(moves[0]),
        score: 0,
        depth: 0,
        nodes: 1,
        pv: vec![moves[0]],
        ideal: [1; 3],
    };
    for d in 1..=depth {
        // Round 1: the expected best move, splitting along its line, in an
        // aspiration window around the previous iteration's score that
        // widens on the side that fails, four times more each time.
        shared.reach = d + ENDING_EXTRA;
        let cd = shared.child_depth(pos, d, 0);
        let prev = result.score;
        let (mut lo, mut hi) = if d >= 3 && prev.abs() < MATE_BOUND {
            (prev - ASPIRATION, prev + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let first_gen = roots[0].gen;
        let spec = d >= 2;
        let bar = |gen: usize, s: i32| if gen < first_gen { s - 1 } else { s };
        let mut widen = ASPIRATION;
        let mut first_round = true;
        let head_ord = loop {
            shared.flush();
            let env = Env {
                sh: &shared,
                pool: &pool,
            };
            let (head, rest) = roots.split_at_mut(1);
            let r = if first_round && spec {
                // Beside it, every other move tested against the previous
                // iteration's score.
                // They join the reply's own tests beside its first move,
                // in one queue started longest first, so that a long test
                // of either kind does not wait for the other kind's.
                let tests = rest
                    .iter_mut()
                    .map(|r| Test {
                        bar: bar(r.gen, prev),
                        sib: &mut r.node,
                        depth: cd,
                        ply: 1,
                    })
                    .collect();
                let h = &head[0].node;
                match open_split(env, &ordering, &h.child, h.quiet, cd, 1, -hi, -lo, tests) {
                    Split::Done(res) => {
                        cost = cost.then(res.cost);
                        head[0].node.settle(res)
                    }
                    Split::Open(mut node) => {
                        cost = cost.then(node.cost);
                        // The reply's first move is searched: a merge,
                        // then the reply's other moves and, when the first
                        // move left the expected move inside its window,
                        // the second round's tests at the score it has so
                        // far, side by side.
                        // (Merged only if that phase searches anything:
                        // otherwise the next round that does merges it.)
                        shared.defer(node.take_logs_with(rest).into_iter());
                        let so_far = (node.sibs[0].score > node.alpha).then(|| -node.bar());
                        let need = |gen| so_far.map(|s| bar(gen, s));
                        if node.has_work(rest, need) {
                            shared.flush();
                        }
                        let env = Env {
                            sh: &shared,
                            pool: &pool,
                        };
                        cost = cost.then(node.search_others(env, rest, cd, need, false));
                        // Replies that beat the first one: their exact
                        // values, split into tasks, after a merge of what
                        // their tests stored.
                        if node.sibs[1..].iter().any(|s| s.open) {
                            shared.defer(node.take_logs_with(rest).into_iter());
                            shared.flush();
                            let env = Env {
                                sh: &shared,
                                pool: &pool,
                            };
                            cost = cost.then(node.split_open(env));
                        }
                        head[0].node.settle(node.close())
                    }
                }
            } else {
                let r = head[0].node.split(env, &ordering, cd, 1, lo, hi);
                cost = cost.then(r.cost);
                r
            };
            first_round = false;
            let mut r = r;
            let log = std::mem::take(&mut r.log);
            shared.defer(
                log.into_iter()
                    .chain(rest.iter_mut().map(|r| r.node.take_log())),
            );
            let s = roots[0].node.score;
            widen *= 4;
            if s <= lo && lo > -INF {
                lo = if widen > 1_000 { -INF } else { lo - widen };
            } else if s >= hi && hi < INF {
                hi = if widen > 1_000 { INF } else { hi + widen };
            } else {
                break r.ord;
            }
        };
        let s = roots[0].node.score;

        // Round 2: every other move with a null window: can it do better?
        // A move generated before the first wins a tie, so it only has to
        // reach the first move's score; one generated after has to beat it.
        // Only the moves whose last test leaves it open become tasks.
        let tests: Vec<Test> = roots[1..]
            .iter_mut()
            .filter_map(|r| {
                let bar = bar(r.gen, s);
                (!r.node.decided(bar)).then_some(Test {
                    sib: &mut r.node,
                    depth: cd,
                    ply: 1,
                    bar,
                })
            })
            .collect();
        if !tests.is_empty() {
            shared.flush();
        }
        let env = Env {
            sh: &shared,
            pool: &pool,
        };
        let tests: Vec<Cost> = longest_first(
            pool.expected(&shared, tests.into_iter(), |t| &*t.sib),
            |t| t.run(env, &head_ord),
        );
        let mut phase = Phase::default();
        phase.tasks(&tests);
        cost = cost.then(phase.cost());
        shared.defer(roots[1..].iter_mut().map(|r| r.node.take_log()));

        // Rounds 3…: exact values for the moves that passed, widening the
        // upper bound until none fails high.
        let mut hi = s + ASPIRATION;
        let mut widen = ASPIRATION;
        loop {
            let open: Vec<&mut RootMove> = roots[1..].iter_mut().filter(|r| r.node.open).collect();
            if open.is_empty() {
                break;
            }
            shared.flush();
            let env = Env {
                sh: &shared,
                pool: &pool,
            };
            let done: Vec<Res> =
                longest_first(pool.expected(&shared, open.into_iter(), |r| &r.node), |r| {
                    let res = r.node.split(env, &head_ord, cd, 1, s - 1, hi);
                    r.node.open = r.node.score >= hi && hi < INF;
                    env.pool.learn(env.sh, &r.node, res.cost);
                    res
                });
            let mut phase = Phase::default();
            for r in &done {
                phase.add(r.cost);
            }
            cost = cost.then(phase.cost());
            shared.defer(done.into_iter().flat_map(|r| r.log));
            widen *= 4;
            hi = if widen > 1_000 { INF } else { hi + widen };
        }
        for r in &mut roots {
            r.node.release(&pool);
        }

        // The highest score; among equals, the move generated first. Moves
        // that failed their test carry an upper bound that loses to `s`.
        let best = roots
            .iter()
            .enumerate()
            .max_by_key(|(_, r)| (r.node.score, std::cmp::Reverse(r.gen)))
            .map_or(0, |(i, _)| i);
        let r = &roots[best];
        result = SearchResult {
            best: Some(r.node.mv),
            score: r.node.score,
            depth: d,
            nodes: cost.work,
            pv: std::iter::once(r.node.mv)
                .chain(principal_variation(&r.node.child, &r.node.pv[1..]))
                .collect(),
            ideal: cost.time,
        };
        info(&result);
        ordering = head_ord;
        // The best move first, then the most promising: the next
        // iteration's search order.
        roots.sort_by_key(|r| (std::cmp::Reverse(r.node.score), r.gen));
    }
    result
}

/// One root move: its place in generation order (the tie-break) and its
/// search.
struct RootMove {
    gen: usize,
    node: Sibling,
}

impl RootMove {
    /// What this move has to be tested against in the phase after the
    /// reply's first move: `need(gen)`, when it is known and the move's
    /// last test does not already answer it.
    fn open_need(&self, need: impl Fn(usize) -> Option<i32>) -> Option<i32> {
        need(self.gen).filter(|&n| !self.node.decided(n))
    }
}

/// The line from `pos` given as move indices in generation order.
fn principal_variation(pos: &Position, line: &[u8]) -> Vec<Move> {
    let mut out = Vec::new();
    let mut p = *pos;
    for &idx in line {
        let moves = p.legal_moves();
        let Some(mv) = moves.get(idx as usize) else {
            break;
        };
        out.push(*mv);
        p = p.play_unchecked(mv);
    }
    out
}

/// The work and ideal run times (on [`IDEAL_THREADS`] threads) of a part of
/// the task tree, in nodes.
#[derive(Clone, Copy, Debug, Default)]
struct Cost {
    work: u64,
    time: [u64; 3],
}

impl Cost {
    /// Work that one thread does alone.
    fn serial(nodes: u64) -> Cost {
        Cost {
            work: nodes,
            time: [nodes; 3],
        }
    }

    /// What was added since `earlier`.
    fn since(self, earlier: Cost) -> Cost {
        let mut time = self.time;
        for (t, e) in time.iter_mut().zip(earlier.time) {
            *t -= e;
        }
        Cost {
            work: self.work - earlier.work,
            time,
        }
    }

    /// This, and after it `next`.
    fn then(self, next: Cost) -> Cost {
        let mut time = self.time;
        for (t, n) in time.iter_mut().zip(next.time) {
            *t += n;
        }
        Cost {
            work: self.work + next.work,
            time,
        }
    }
}

/// Parts of the task tree that run side by side.
#[derive(Default)]
struct Phase {
    work: u64,
    longest: [u64; 3],
}

impl Phase {
    fn add(&mut self, c: Cost) {
        self.work += c.work;
        for (l, t) in self.longest.iter_mut().zip(c.time) {
            *l = (*l).max(t);
        }
    }

    /// Tasks that run side by side.
    fn tasks(&mut self, costs: &[Cost]) {
        for &c in costs {
            self.add(c);
        }
    }

    /// The phase as a whole: the longer of its longest part and its work
    /// shared evenly.
    fn cost(&self) -> Cost {
        let mut time = self.longest;
        for (t, p) in time.iter_mut().zip(IDEAL_THREADS) {
            *t = (*t).max(self.work.div_ceil(p));
        }
        Cost {
            work: self.work,
            time,
        }
    }
}

/// What one part of the task tree found.
struct Res {
    /// Fail-soft value for the side to move at the part's node.
    score: i32,
    cost: Cost,
    /// The entries it stored, for the shared table: in chunks, one per
    /// task, which the merge reads in order (passing the chunks up the
    /// expected line instead of appending them saves copying every entry
    /// once per turn of the line).
    log: Vec<Log>,
    /// The line from its node when the value is above the window's lower
    /// bound, as move indices.
    pv: ArrayVec<u8, MAX_PLY>,
    /// The move ordering its expected line ended with.
    ord: Box<Ordering>,
}

impl Res {
    /// A node decided on the spot.
    fn leaf(score: i32, ord: &Ordering) -> Res {
        Res {
            score,
            cost: Cost::serial(1),
            log: Vec::new(),
            pv: ArrayVec::new(),
            ord: Box::new(*ord),
        }
    }
}

/// Killer moves and history: what the search learns about move order and
/// hands from task to task.
#[derive(Clone, Copy)]
struct Ordering {
    /// Two killer moves per ply, as `from * 32 + to + 1` (0 = none).
    killers: [[u16; 2]; MAX_PLY],
    /// History of quiet moves that caused a cut-off, per side, from
    /// square and direction of the step (see [`step`]).
    history: [[[u32; 4]; 32]; 2],
}

impl Ordering {
    /// A move's place in the search order at `ply` (higher first): the
    /// table's move, then captures (more pieces first, kings counting
    /// extra), then the two killers, then quiet moves by history.
    #[inline]
    fn key(&self, pos: &Position, mv: &Move, tt_move: bool, capture: bool, ply: usize) -> u32 {
        if tt_move {
            u32::MAX
        } else if capture {
            1 << 24 | mv.captured().count() << 8 | (mv.captured() & pos.kings()).count()
        } else {
            let code = quiet_code(mv);
            let [first, second] = self.killers[ply];
            if code == first {
                KEY_KILLER + 1
            } else if code == second {
                KEY_KILLER
            } else {
                self.history[pos.turn() as usize][mv.from().index()][step(mv)].min(KEY_KILLER - 1)
            }
        }
    }
}

impl Default for Ordering {
    fn default() -> Ordering {
        Ordering {
            killers: [[0; 2]; MAX_PLY],
            history: [[[0; 4]; 32]; 2],
        }
    }
}

/// What every task may read: the shared table, frozen while tasks run, the
/// weights, and the pool of private contexts.
#[derive(Clone, Copy)]
struct Env<'a> {
    sh: &'a Shared,
    pool: &'a Pool,
}

/// Entries a task stored for the shared table, in the order stored.
type Log = Vec<[u64; 2]>;

/// The part of a search every task reads and none writes.
struct Shared {
    /// One copy of the shared table per thread, each merged by its own
    /// thread and read by the tasks that run there (see [`Shared::flush`]).
    tables: Vec<Table>,
    /// The quiet-turn counter enters the hash key from this value on.
    quiet_hash_from: u32,
    weights: Weights,
    /// How long a line of a king ending may grow, in turns: the
    /// iteration's depth plus [`ENDING_EXTRA`].
    reach: u32,
    /// Nodes after which a test splits ([`TEST_SPLIT_NODES`]).
    split_tests_from: u64,
    /// Logged entries not merged yet, in merge order (see
    /// [`Shared::defer`]).
    pending: Vec<Log>,
    /// The merges that some copy has not stored yet, oldest first (see
    /// [`Shared::flush`]).
    merges: Vec<Vec<Log>>,
    /// How many merges of this search came before `merges[0]` (every copy
    /// has stored those).
    stored_by_all: usize,
}

impl Shared {
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

    /// The turns left to search after a move from `pos`, which has `depth`
    /// left at `ply` turns from the root: one fewer, except in an ending
    /// of kings only with few pieces, where a turn is free while the line
    /// is shorter than [`Shared::reach`] (the same rule at every level,
    /// D1).
    #[inline]
    fn child_depth(&self, pos: &Position, depth: u32, ply: usize) -> u32 {
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

    /// Keep logged entries for the next merge, after those kept before.
    /// A round's entries are merged only when a round that reads the
    /// table comes, so nothing is merged after a search's last round;
    /// every reader still sees the table it would have seen, since the
    /// order is kept. Empty logs are not kept, so that a round whose tasks
    /// stored nothing wakes no thread for a merge (a sixth of the bench's
    /// merges at Hard's depth were of nothing).
    fn defer(&mut self, logs: impl Iterator<Item = Log>) {
        self.pending.extend(logs.filter(|l| !l.is_empty()));
    }

    /// The copy of the shared table that thread `home` reads (only that
    /// thread may ask for it while tasks run), with every merge made so
    /// far stored: the first time a thread reads its copy after a merge,
    /// it stores the merge's entries into it (see [`Shared::flush`]).
    #[inline]
    fn table(&self, home: usize) -> &Table {
        let t = &self.tables[home];
        let made = self.stored_by_all + self.merges.len();
        if t.stored.load(Relaxed) != made {
            self.catch_up(t, made);
        }
        t
    }

    /// Store into `t` the merges it lacks, in the order they were made.
    #[cold]
    #[inline(never)]
    fn catch_up(&self, t: &Table, made: usize) {
        for logs in &self.merges[t.stored.load(Relaxed) - self.stored_by_all..] {
            t.merge(logs);
        }
        t.stored.store(made, Relaxed);
    }

    /// Make the entries kept by [`Shared::defer`] one merge, in the order
    /// they were kept, before a round that reads the table; only between
    /// rounds.
    ///
    /// Each thread stores every merge, in order, into its own copy of the
    /// table, so the copies stay the same whatever the thread count, and
    /// the entries a task reads were written by its own core: an entry
    /// written by another core costs its reader a transfer between the
    /// cores' caches, which made the same tasks 6 % to 9 % slower on 2
    /// threads than on 1 (see "Cost and scaling"). A thread stores a merge
    /// when it first reads its copy after it ([`Shared::table`]), not
    /// here: the round starts at once, and no thread waits for another to
    /// wake up and store its part (each merge used to be a `broadcast`
    /// that every thread joined, which on 2 threads took 50 µs for a few
    /// dozen entries that one thread stored in 3 µs).
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let all = self.tables.iter().map(|t| t.stored.load(Relaxed));
        let all = all.min().unwrap_or(self.stored_by_all);
        self.merges.drain(..all - self.stored_by_all);
        self.stored_by_all = all;
        self.merges.push(std::mem::take(&mut self.pending));
    }
}

/// The stamp slot word `w` was stored with.
#[inline]
fn slot_stamp(w: u64) -> u64 {
    (w >> STAMP_SHIFT) % STAMP_LIMIT
}

/// Whether slot word `w` is live under `stamp` and holds `key` (as far
/// as its top bits tell: see [`STAMP_SHIFT`]).
#[inline]
fn holds(w: u64, key: u64, stamp: u64) -> bool {
    w >> STAMP_SHIFT == (key >> CHECK_SHIFT) << (CHECK_SHIFT - STAMP_SHIFT) | stamp
}

/// Store `key`'s `data` in the bucket starting at `slots[b]`, stamped with
/// `stamp`: the first slot keeps the deepest result, the second the most
/// recent one that did not displace it. A slot of another stamp is empty.
#[inline]
fn store_slot(slots: &mut [u64], b: usize, key: u64, data: u64, stamp: u64) {
    let (slot, w) = slot_for(slots[b], b, key, data, stamp);
    slots[slot] = w;
}

/// Where [`store_slot`] stores `key`'s `data` in the bucket at `b` whose
/// first slot holds `w0`, and the word it stores there.
#[inline]
fn slot_for(w0: u64, b: usize, key: u64, data: u64, stamp: u64) -> (usize, u64) {
    let slot = if slot_stamp(w0) != stamp
        || holds(w0, key, stamp)
        || Entry::unpack(w0).depth <= Entry::unpack(data).depth
    {
        b
    } else {
        b + 1
    };
    (
        slot,
        (key >> CHECK_SHIFT) << CHECK_SHIFT | stamp << STAMP_SHIFT | data,
    )
}

/// The entry stored under `key` in the bucket starting at `slots[b]`, if
/// it has the current `stamp`.
#[inline]
fn probe_slot(slots: &[u64], b: usize, key: u64, stamp: u64) -> Option<Entry> {
    entry_in([slots[b], slots[b + 1]], key, stamp)
}

/// The entry stored under `key` in a bucket whose two slots hold `words`,
/// if it has the current `stamp` ([`probe_slot`]).
#[inline]
fn entry_in(words: [u64; 2], key: u64, stamp: u64) -> Option<Entry> {
    words
        .into_iter()
        .find(|&w| holds(w, key, stamp))
        .map(Entry::unpack)
}

/// How many entries ahead a merge asks for the bucket it will store into.
/// A merge stores entries in buckets all over the table, a cache miss
/// each; asked for early, the core fetches the next ones while it stores
/// the current one. Over the bench (`checkers bench --level hard --threads
/// 2 --against 1`, three interleaved runs of a copy timing the merges) the
/// 1-thread pool's merges took 64-73 ms with 16 entries ahead, 69-74 ms
/// with 8, 73-83 ms with 4 and 82-100 ms without; the 2-thread pool's
/// 88-101 ms, 96-107 ms, 103-111 ms and 120-128 ms. Reading the bucket
/// ahead instead (a plain load) made them slower: 108-116 ms and 140-158
/// ms against 95-104 ms and 126-138 ms. 32 or 64 entries ahead did no
/// better than 16 (three more runs).
const MERGE_PREFETCH: usize = 16;

/// Ask the core to bring the bucket at `slots[b]` into its cache, without
/// waiting for it: a hint, with no effect on what the program computes
/// (a no-op off x86-64 and AArch64, or past the end of `slots`).
#[inline(always)]
fn prefetch<T>(slots: &[T], b: usize) {
    let Some(slot) = slots.get(b) else {
        return;
    };
    let _p: *const T = slot;
    // SAFETY: a prefetch reads nothing the program sees and never faults,
    // whatever the address (here that of a live slot); SSE, which the
    // intrinsic is marked with, is part of every x86-64 CPU.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(_p.cast())
    };
    // SAFETY: as above; `prfm` only hints, and touches no register but
    // its address operand and no flags.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!(
            "prfm pldl1keep, [{p}]",
            p = in(reg) _p,
            options(nostack, preserves_flags, readonly)
        )
    };
}

/// A thread's copy of the shared table: one-word slots ([`STAMP_SHIFT`])
/// in buckets of two, the first keeping the deepest result, the second the
/// most recent one that did not displace it ([`store_slot`]). Only entries
/// of the table's stamp are live, so a table starts empty without
/// clearing its memory.
///
/// The slots are atomics (plain loads and stores on x86-64 and AArch64)
/// so that the thread that owns the copy can store a merge into it while
/// the others' tasks read theirs; no other thread touches it meanwhile.
#[repr(align(128))]
struct Table {
    slots: Vec<AtomicU64>,
    mask: usize,
    stamp: u64,
    /// The thread whose copy of the shared table this is.
    home: usize,
    /// How many of the search's merges it holds ([`Shared::table`]).
    stored: AtomicUsize,
}

impl Table {
    /// An empty table for thread `home`, in the memory an earlier search
    /// left in [`SPARE`] when it is the right size ([`take_spare`]): a new
    /// stamp empties it.
    fn new(home: usize, entries: usize) -> Table {
        let spare = take_spare(&mut lock(&SPARE).tables, home, entries);
        let (mut slots, mut stamp) = spare.map(|t| (t.slots, t.stamp)).unwrap_or_default();
        stamp += 1;
        if slots.len() != entries {
            slots = (0..entries).map(|_| AtomicU64::new(0)).collect();
            stamp = 1;
        } else if stamp >= STAMP_LIMIT {
            slots.iter_mut().for_each(|w| *w.get_mut() = 0);
            stamp = 1;
        }
        Table {
            slots,
            mask: entries - 1,
            stamp,
            home,
            stored: AtomicUsize::new(0),
        }
    }

    /// The bucket of two slots a key may occupy.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    /// The entry stored under `key`, as [`probe_slot`] finds it.
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let words = [self.slots[b].load(Relaxed), self.slots[b + 1].load(Relaxed)];
        entry_in(words, key, self.stamp)
    }

    /// Store every entry of `logs`, in order, as [`store_slot`] does, each
    /// bucket asked for [`MERGE_PREFETCH`] entries ahead ([`prefetch`]).
    /// Only the thread that owns the copy calls this.
    fn merge(&self, logs: &[Log]) {
        for log in logs {
            for (i, &[key, data]) in log.iter().enumerate() {
                if let Some(&[ahead, _]) = log.get(i + MERGE_PREFETCH) {
                    prefetch(&self.slots, self.bucket(ahead));
                }
                let b = self.bucket(key);
                let (slot, w) = slot_for(self.slots[b].load(Relaxed), b, key, data, self.stamp);
                self.slots[slot].store(w, Relaxed);
            }
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        lock(&SPARE).tables.push(SpareTable {
            slots: std::mem::take(&mut self.slots),
            stamp: self.stamp,
            home: self.home,
        });
    }
}

/// Private contexts, handed out to tasks and taken back, so that a search
/// allocates only as many as run at once. Each thread keeps those it gave
/// back: a context taken again on the same core finds its table still in
/// that core's cache; a thread with none left takes one another thread
/// gave back before it makes a new one. (A context handed out is as good
/// as new whichever it is, so which one a task gets changes nothing in the
/// search.)
///
/// The memory outlives the search: a pool starts with the contexts of the
/// right size that earlier searches left in [`SPARE`] and leaves its own
/// there when it is dropped. Without that each search paid for its tables
/// again in page faults (82,000 over the bench on 2 threads, a tenth of
/// the run in the kernel).
struct Pool {
    free: Vec<Mutex<Vec<Context>>>,
    /// The work each sibling's position took the last time it was
    /// searched, by hash key: only to start the longest tasks first.
    work: Mutex<std::collections::HashMap<u64, u64>>,
    /// Entries of a new context's private table (a power of two).
    entries: usize,
}

/// Memory that searches leave for the next one: private contexts and the
/// shared table. Only memory: contexts and the table are stamped anew
/// before use, so nothing learnt in one search reaches another.
static SPARE: Mutex<Spare> = Mutex::new(Spare {
    contexts: Vec::new(),
    tables: Vec::new(),
});

/// At most this many contexts stay in [`SPARE`] between searches (1 MiB
/// of tables at Hard's size).
const SPARE_CONTEXTS: usize = 32;

struct Spare {
    contexts: Vec<Context>,
    tables: Vec<SpareTable>,
}

/// A copy of the shared table between searches: its memory, the stamp of
/// its last search and the thread whose copy it was.
struct SpareTable {
    slots: Vec<AtomicU64>,
    stamp: u64,
    home: usize,
}

/// The spare table for thread `home` with `entries` slots: the last one
/// that thread left, else the last one of that size, else the last one
/// (whose memory is then replaced), so that every search takes one for
/// each it gave back.
///
/// A thread that takes its own copy back finds it in its own core's
/// caches; one that took the other's, as every second search did when
/// they were taken last in first out, started each search reading memory
/// the other core had written (see `docs/parallel-search.md`, "Memory
/// that goes back to its thread").
fn take_spare(spare: &mut Vec<SpareTable>, home: usize, entries: usize) -> Option<SpareTable> {
    let fits = |t: &SpareTable| t.slots.len() == entries;
    let i = spare
        .iter()
        .rposition(|t| t.home == home && fits(t))
        .or_else(|| spare.iter().rposition(fits))
        .or_else(|| spare.len().checked_sub(1))?;
    Some(spare.remove(i))
}

impl Pool {
    /// A pool for `threads` threads of contexts with `entries` table
    /// entries, starting with the spare ones of that size, each on the
    /// free list of the thread that used it last (its table is in that
    /// core's caches).
    fn new(threads: usize, entries: usize) -> Pool {
        let free: Vec<Mutex<Vec<Context>>> = (0..threads.max(1))
            .map(|_| Mutex::new(Vec::new()))
            .collect();
        let mut spare = lock(&SPARE);
        let (fit, other): (Vec<Context>, Vec<Context>) = std::mem::take(&mut spare.contexts)
            .into_iter()
            .partition(|c| c.tt.len() == entries);
        spare.contexts = other;
        for ctx in fit {
            lock(&free[ctx.home % free.len()]).push(ctx);
        }
        Pool {
            free,
            entries,
            work: Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// The thread that runs this, among the pool's (its free list, its
    /// copy of the shared table).
    fn home(&self) -> usize {
        rayon::current_thread_index().unwrap_or(0) % self.free.len()
    }

    /// The free list of the thread that runs this.
    fn own(&self) -> &Mutex<Vec<Context>> {
        &self.free[self.home()]
    }

    /// A context as good as new (empty table) that starts from `ord`.
    fn acquire(&self, ord: &Ordering) -> Context {
        let own = lock(self.own()).pop();
        let reused = own.or_else(|| self.free.iter().find_map(|f| lock(f).pop()));
        let mut ctx = reused.unwrap_or_else(|| Context::new(self.entries));
        ctx.reset(ord);
        ctx.home = self.home();
        ctx
    }

    /// Each sibling with the most work a search of it took so far (0 if
    /// never), for [`longest_first`].
    fn expected<T>(
        &self,
        sh: &Shared,
        items: impl Iterator<Item = T>,
        sib: impl Fn(&T) -> &Sibling,
    ) -> Vec<(u64, T)> {
        let work = lock(&self.work);
        items
            .map(|t| {
                let s = sib(&t);
                (
                    work.get(&sh.key(&s.child, s.quiet)).copied().unwrap_or(0),
                    t,
                )
            })
            .collect()
    }

    /// Remember the work a sibling's search took, for the next start
    /// order: the most any search of it took so far in this search. The
    /// last search alone misleads: a test that the table answered at once
    /// can take a thousand times more nodes one iteration later, and a
    /// long task started last keeps the other threads waiting, while a
    /// short one started early costs nothing.
    fn learn(&self, sh: &Shared, s: &Sibling, c: Cost) {
        let mut work = lock(&self.work);
        let w = work.entry(sh.key(&s.child, s.quiet)).or_insert(0);
        *w = (*w).max(c.work);
    }

    fn release(&self, ctx: Context) {
        lock(self.own()).push(ctx);
    }
}

impl Drop for Pool {
    /// The contexts go to [`SPARE`], which keeps the last
    /// [`SPARE_CONTEXTS`] given to it.
    fn drop(&mut self) {
        let mut spare = lock(&SPARE);
        for f in &mut self.free {
            let f = f.get_mut().unwrap_or_else(|e| e.into_inner());
            spare.contexts.append(f);
        }
        let len = spare.contexts.len();
        spare.contexts.drain(..len.saturating_sub(SPARE_CONTEXTS));
    }
}

/// `f` applied to every job, side by side, the jobs started in decreasing
/// order of their expected work (the first number; stable among equals),
/// and the results given back in the jobs' order.
///
/// Why: a phase ends when its last task does, and tasks of a phase differ
/// in length a hundredfold, so a long one started last keeps the other
/// threads waiting (rayon's own split of a list hands each thread a run of
/// neighbours, whatever their length). Longest first, from one queue that
/// every thread takes from, leaves the short ones to fill the end. Only
/// when tasks start depends on the estimates, never what they do, so the
/// search stays deterministic.
///
/// The queue is a counter over the sorted jobs: this thread and, beside
/// it, a helper for each other thread (`rayon::join`, whose jobs live on
/// the stack) take the next job until none is left; then this thread
/// waits for the others' last ones ([`spin_until`]). A phase used to be a
/// `scope_fifo` with a job on the heap for each task, and its queues
/// (one per thread) allocated anew each time: about 8,300 phases over
/// Hard's bench, most of under a millisecond. With the counter the
/// 2-thread bench took 0.993x the time (eight paired runs of
/// `scripts/ab-threads`, faster in all eight; one thread 0.999x), the
/// same tree.
fn longest_first<T: Send, R: Send>(jobs: Vec<(u64, T)>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let mut order: Vec<(u64, usize)> = jobs.iter().enumerate().map(|(i, j)| (j.0, i)).collect();
    order.sort_by_key(|j| std::cmp::Reverse(j.0));
    let inputs: Vec<Mutex<Option<T>>> =
        jobs.into_iter().map(|(_, t)| Mutex::new(Some(t))).collect();
    let outputs: Vec<Mutex<Option<R>>> = inputs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let left = AtomicUsize::new(order.len());
    let work = || {
        while let Some(&(_, i)) = order.get(next.fetch_add(1, Relaxed)) {
            let _done = Done(&left);
            // Taken out first, so that the slot's lock is not held while
            // the job runs.
            let job = lock(&inputs[i]).take();
            if let Some(t) = job {
                let r = f(t);
                *lock(&outputs[i]) = Some(r);
            }
        }
    };
    match order.len().min(rayon::current_num_threads()) {
        0 | 1 => work(),
        threads => {
            rayon::join(
                || {
                    work();
                    spin_until(&left);
                },
                || helpers(threads - 1, &work),
            );
        }
    }
    outputs
        .into_iter()
        .filter_map(|o| o.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// `work` on `n` threads that are free to take it, this one first.
fn helpers(n: usize, work: &(impl Fn() + Sync)) {
    if n <= 1 {
        work();
    } else {
        rayon::join(work, || helpers(n - 1, work));
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A move from a node of the expected line, with the context that tests
/// it for as long as the node is open.
struct Sibling {
    mv: Move,
    child: Position,
    quiet: u32,
    ctx: Option<Context>,
    score: i32,
    /// The last test passed: `score` is a lower bound; otherwise an upper
    /// one (or, after an exact search, the value within its window).
    open: bool,
    /// The move's index in generation order, then the line after it.
    pv: ArrayVec<u8, MAX_PLY>,
}

impl Sibling {
    fn new(pos: &Position, mv: &Move, idx: u8, quiet: u32) -> Sibling {
        let mut pv = ArrayVec::new();
        pv.push(idx);
        Sibling {
            mv: *mv,
            child: pos.play_unchecked(mv),
            quiet: next_quiet(pos, mv, quiet),
            ctx: None,
            score: -INF,
            open: false,
            pv,
        }
    }

    /// A null-window test of this move, its reply searched `depth` turns
    /// at `ply`: is it worth more than `bar` to the side moving? The first
    /// test takes a context that starts from `ord`. The nodes it took.
    fn test(&mut self, env: Env, ord: &Ordering, depth: u32, ply: usize, bar: i32) -> Cost {
        let ctx = self.ctx.get_or_insert_with(|| env.pool.acquire(ord));
        ctx.home = env.pool.home();
        ctx.split_at = ply;
        let c0 = ctx.cost();
        self.score = -ctx.negamax(env, &self.child, self.quiet, depth, ply, -bar - 1, -bar);
        self.open = self.score > bar;
        ctx.cost().since(c0)
    }

    /// Whether the last test already tells whether this move is worth more
    /// than `need`: one passed with a value above `need`, or one failed
    /// with a value at or below it (a passed test gives a lower bound, a
    /// failed one an upper bound).
    fn decided(&self, need: i32) -> bool {
        self.ctx.is_some()
            && if self.open {
                self.score > need
            } else {
                self.score <= need
            }
    }

    /// The value within `(lo, hi)` in the same context as the tests; the
    /// nodes it took.
    fn exact(
        &mut self,
        env: Env,
        ord: &Ordering,
        depth: u32,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Cost {
        let ctx = self.ctx.get_or_insert_with(|| env.pool.acquire(ord));
        ctx.home = env.pool.home();
        ctx.split_at = usize::MAX;
        let c0 = ctx.cost();
        self.score = -ctx.negamax(env, &self.child, self.quiet, depth, ply, -hi, -lo);
        self.pv.truncate(1);
        let len = (ctx.pv_len[ply] as usize).min(MAX_PLY - 1);
        self.pv.extend(ctx.pv[ply][..len].iter().copied());
        ctx.cost().since(c0)
    }

    /// The value within `(lo, hi)`, the reply's position split into tasks
    /// that start from `ord` (both phases of [`open_split`]).
    fn split(&mut self, env: Env, ord: &Ordering, depth: u32, ply: usize, lo: i32, hi: i32) -> Res {
        let res = match open_split(
            env,
            ord,
            &self.child,
            self.quiet,
            depth,
            ply,
            -hi,
            -lo,
            Vec::new(),
        ) {
            Split::Done(res) => res,
            Split::Open(mut node) => {
                let phase = node.search_others(env, &mut [], 0, |_| None, true);
                let mut res = node.close();
                res.cost = res.cost.then(phase);
                res
            }
        };
        self.settle(res)
    }

    /// The value within `(lo, hi)` as [`Sibling::split`] finds it, starting
    /// from the move order its tests ended with (the order matters: from
    /// the node's order instead, 8 % more nodes over the bench), and
    /// without their context's table: the caller merged what they stored.
    fn split_after_tests(
        &mut self,
        env: Env,
        ord: &Ordering,
        depth: u32,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Res {
        let learnt = self.ctx.take().map(|ctx| {
            let o = *ctx.ord;
            env.pool.release(ctx);
            o
        });
        self.split(env, learnt.as_ref().unwrap_or(ord), depth, ply, lo, hi)
    }

    /// Take the value and line of the reply's search `res`.
    fn settle(&mut self, res: Res) -> Res {
        self.score = -res.score;
        self.pv.truncate(1);
        self.pv.extend(res.pv.iter().copied().take(MAX_PLY - 1));
        res
    }

    /// The entries this move's tests stored since the last merge.
    fn take_log(&mut self) -> Log {
        self.ctx
            .as_mut()
            .map_or_else(Log::default, |c| std::mem::take(&mut c.log))
    }

    /// Give the context back to the pool.
    fn release(&mut self, pool: &Pool) {
        if let Some(ctx) = self.ctx.take() {
            pool.release(ctx);
        }
    }
}

/// `pos` searched as one task: plain alpha-beta in a private context that
/// starts from `ord`.
#[allow(clippy::too_many_arguments)]
fn task(
    env: Env,
    ord: &Ordering,
    pos: &Position,
    quiet: u32,
    depth: u32,
    ply: usize,
    lo: i32,
    hi: i32,
) -> Res {
    let mut ctx = env.pool.acquire(ord);
    let score = ctx.negamax(env, pos, quiet, depth, ply, lo, hi);
    let len = ctx.pv_len[ply] as usize;
    let res = Res {
        score,
        cost: ctx.cost(),
        log: vec![std::mem::take(&mut ctx.log)],
        pv: ctx.pv[ply][..len].iter().copied().collect(),
        ord: ctx.ord.clone(),
    };
    env.pool.release(ctx);
    res
}

/// A split node after its first phase.
enum Split {
    /// Nothing left to search: too shallow to split, decided on the spot,
    /// or the first move refutes.
    Done(Res),
    /// The other moves are still to search (phase 2).
    Open(OpenNode),
}

/// A split node whose expected move is searched and whose other moves are
/// still to search, each against the value it has so far.
struct OpenNode {
    key: u64,
    depth: u32,
    ply: usize,
    alpha: i32,
    beta: i32,
    child_depth: u32,
    /// The moves in search order; the first is searched.
    sibs: Vec<Sibling>,
    log: Vec<Log>,
    cost: Cost,
    /// The move order the first move's search ended with.
    ord: Box<Ordering>,
}

/// A task of the phase that follows the first root move's reply: one of
/// the reply's other moves, or another root move tested again.
enum Job<'a> {
    Reply(&'a mut Sibling),
    Root(Test<'a>),
}

/// A null-window test of a sibling, `depth` turns deep at `ply`, against
/// `bar`: a task beside the search of a split node's first move.
struct Test<'a> {
    sib: &'a mut Sibling,
    depth: u32,
    ply: usize,
    bar: i32,
}

impl Test<'_> {
    /// Run it, and remember its work for the next start order; the nodes
    /// it took.
    fn run(self, env: Env, ord: &Ordering) -> Cost {
        let c = self.sib.test(env, ord, self.depth, self.ply, self.bar);
        env.pool.learn(env.sh, self.sib, c);
        c
    }
}

/// `tests`, side by side and longest first ([`longest_first`]), beside
/// `f`; the value `f` gives, with the cost of the whole.
fn beside(env: Env, ord: &Ordering, tests: Vec<Test>, f: impl FnOnce() -> Res + Send) -> Res {
    if tests.is_empty() {
        return f();
    }
    let jobs = env.pool.expected(env.sh, tests.into_iter(), |t| &*t.sib);
    let left = AtomicUsize::new(1);
    let left = &left;
    let (mut res, costs) = rayon::join(
        || {
            let r = f();
            spin_until(left);
            r
        },
        || {
            let _done = Done(left);
            longest_first(jobs, |t| t.run(env, ord))
        },
    );
    let mut phase = Phase::default();
    phase.add(res.cost);
    phase.tasks(&costs);
    res.cost = phase.cost();
    res
}

/// The value of `pos` (a node of the expected line) within `(alpha, beta)`
/// for the side to move, as a tree of tasks that start from `ord`, up to
/// the end of its first phase; see the module documentation and
/// [`OpenNode::search_others`] for the second. Nodes too shallow or too far
/// from the root to split are one [`task`]. The tests `roots` (the root's
/// other moves, when `pos` is the expected move's reply) run beside the
/// first phase, in the same queue as the node's own tests.
#[allow(clippy::too_many_arguments)]
fn open_split(
    env: Env,
    ord: &Ordering,
    pos: &Position,
    quiet: u32,
    depth: u32,
    ply: usize,
    alpha: i32,
    beta: i32,
    roots: Vec<Test>,
) -> Split {
    if depth < SPLIT_MIN_DEPTH || ply >= SPLIT_MAX_PLY {
        return Split::Done(beside(env, ord, roots, || {
            task(env, ord, pos, quiet, depth, ply, alpha, beta)
        }));
    }
    let capture = jumpers(pos).any();
    if !capture && steppers(pos).is_empty() {
        let mate = -(MATE - ply as i32);
        return Split::Done(beside(env, ord, roots, || Res::leaf(mate, ord)));
    }
    if quiet >= DRAW_QUIET_TURNS {
        let draw = draw_score(pos);
        return Split::Done(beside(env, ord, roots, || Res::leaf(draw, ord)));
    }
    let sh = env.sh;
    let key = sh.key(pos, quiet);
    let table = sh.table(env.pool.home());
    let tt_move = table.probe(key).map_or(NO_MOVE, |e| e.best);
    let mut list = MoveList::new();
    generate(pos, &mut list);
    let n = list.len().min(NO_MOVE as usize);
    // The table's move first, then the largest captures, then killers and
    // history as the search orders them; otherwise generation order.
    let mut order: ArrayVec<u8, MAX_MOVES> = (0..n as u8).collect();
    order.sort_unstable_by_key(|&i| {
        let k = ord.key(pos, &list[i as usize], i == tt_move, capture, ply);
        (std::cmp::Reverse(k), i)
    });
    let child_depth = sh.child_depth(pos, depth, ply);
    let mut sibs: Vec<Sibling> = order
        .iter()
        .map(|&i| Sibling::new(pos, &list[i as usize], i, quiet))
        .collect();

    // Phase 1: the expected best move, splitting again. At the reply to a
    // root move, beside it, the other moves are tested against the value
    // the table holds for this position (the root does the same with the
    // last iteration's score), so that the longest tasks of phase 2 start
    // early instead of after the expected line; see the module
    // documentation for what it gains and why only there.
    let (first, rest) = sibs.split_at_mut(1);
    let first = &mut first[0];
    let guess = if ply == GUESS_PLY {
        table
            .probe(key)
            .map(|e| score_from_tt(e.score as i32, ply).max(alpha).min(beta - 1))
    } else {
        None
    };
    let mut tests = roots;
    if let Some(g) = guess {
        tests.extend(rest.iter_mut().map(|sib| Test {
            sib,
            depth: child_depth,
            ply: ply + 1,
            bar: g,
        }));
    }
    let r0 = beside(env, ord, tests, || {
        first.split(env, ord, child_depth, ply + 1, alpha, beta)
    });
    let cost = Cost::serial(1).then(r0.cost);
    let node = OpenNode {
        key,
        depth,
        ply,
        alpha,
        beta,
        child_depth,
        log: r0.log,
        cost,
        ord: r0.ord,
        sibs,
    };
    if node.sibs[0].score < beta {
        Split::Open(node)
    } else {
        // The first move refutes: tests beside it count for nothing but
        // what they stored.
        let mut node = node;
        node.log = node.take_logs();
        for s in node.sibs[1..].iter_mut() {
            s.release(env.pool);
            s.score = -INF;
        }
        Split::Done(node.close())
    }
}

impl OpenNode {
    /// What the other moves have to beat.
    fn bar(&self) -> i32 {
        self.alpha.max(self.sibs[0].score)
    }

    /// Phase 2 for one of the other moves: a null-window test against
    /// `a`, unless a test beside the first move already answered it, and,
    /// for a move that beats it when `exact`, at once its exact value,
    /// both from the move order `ord` the first move's search ended with.
    /// Its context goes back to the pool as soon as it is done, so that the
    /// next task takes it instead of a new one, unless the move beat `a`
    /// and its exact value is left for later ([`OpenNode::split_open`]).
    /// The nodes it took and the entries it stored.
    #[allow(clippy::too_many_arguments)]
    fn search_other(
        env: Env,
        ord: &Ordering,
        s: &mut Sibling,
        depth: u32,
        ply: usize,
        a: i32,
        beta: i32,
        exact: bool,
    ) -> (Cost, Log) {
        let mut c = Cost::default();
        if !s.decided(a) {
            c = s.test(env, ord, depth, ply + 1, a);
        }
        if s.open && exact {
            c = c.then(s.exact(env, ord, depth, ply + 1, a, beta));
        }
        env.pool.learn(env.sh, s, c);
        let log = s.take_log();
        if !s.open || exact {
            s.release(env.pool);
        }
        (c, log)
    }

    /// Phase 2: the other moves, each its own task. At the first root
    /// move's reply, beside them, the other root moves `roots` tested
    /// again (`depth` turns deep) against `need(gen)` when it is known
    /// and their last test leaves it open, as the root's second round
    /// would: one phase for both, so that neither's longest task waits
    /// alone for the other's merge. A reply that beats the first move gets
    /// its exact value in the same task when `exact`, and is left open
    /// for [`OpenNode::split_open`] otherwise. The phase's cost.
    fn search_others(
        &mut self,
        env: Env,
        roots: &mut [RootMove],
        depth: u32,
        need: impl Fn(usize) -> Option<i32> + Sync,
        exact: bool,
    ) -> Cost {
        let a = self.bar();
        let (ord, child_depth, ply, beta) = (&*self.ord, self.child_depth, self.ply, self.beta);
        // Every reply, and the root moves whose need is known and not
        // answered by their last test (the others wait for round 2): a
        // task with nothing to do would still wake a sleeping thread.
        let mut jobs: Vec<Job> = self.sibs[1..].iter_mut().map(Job::Reply).collect();
        for r in roots.iter_mut() {
            if let Some(need) = r.open_need(&need) {
                jobs.push(Job::Root(Test {
                    sib: &mut r.node,
                    depth,
                    ply: 1,
                    bar: need,
                }));
            }
        }
        let jobs = env.pool.expected(env.sh, jobs.into_iter(), |j| match j {
            Job::Reply(s) => s,
            Job::Root(t) => t.sib,
        });
        let done: Vec<(Cost, Option<Log>)> = longest_first(jobs, |j| match j {
            Job::Reply(s) => {
                let (c, l) = OpenNode::search_other(env, ord, s, child_depth, ply, a, beta, exact);
                (c, Some(l))
            }
            Job::Root(t) => (t.run(env, ord), None),
        });
        let mut phase = Phase::default();
        for (c, l) in done {
            phase.add(c);
            self.log.extend(l);
        }
        phase.cost()
    }

    /// After [`OpenNode::search_others`] left them open, the exact values
    /// of the replies that beat the first move, each split into tasks
    /// ([`Sibling::split_after_tests`]), longest first; the phase's cost.
    /// Such a search alone took up to a fifth of a search's time, the
    /// other threads idle.
    fn split_open(&mut self, env: Env) -> Cost {
        let a = self.bar();
        let (ord, child_depth, ply, beta) = (&*self.ord, self.child_depth, self.ply, self.beta);
        let open = self.sibs[1..].iter_mut().filter(|s| s.open);
        let done: Vec<Res> = longest_first(env.pool.expected(env.sh, open, |s| &**s), |s| {
            let res = s.split_after_tests(env, ord, child_depth, ply + 1, a, beta);
            env.pool.learn(env.sh, s, res.cost);
            res
        });
        let mut phase = Phase::default();
        for r in done {
            phase.add(r.cost);
            self.log.extend(r.log);
        }
        phase.cost()
    }

    /// Whether phase 2 ([`OpenNode::search_others`] with these `roots` and
    /// `need`) searches anything: a reply whose last test does not already
    /// keep it at or below the first move's value, or a root move to test.
    fn has_work(&self, roots: &[RootMove], need: impl Fn(usize) -> Option<i32>) -> bool {
        let a = self.bar();
        self.sibs[1..].iter().any(|s| s.open || !s.decided(a))
            || roots.iter().any(|r| r.open_need(&need).is_some())
    }

    /// The entries stored so far, the first move's and those of the tests
    /// beside it.
    fn take_logs(&mut self) -> Vec<Log> {
        let mut logs = std::mem::take(&mut self.log);
        logs.extend(self.sibs[1..].iter_mut().map(Sibling::take_log));
        logs
    }

    /// [`OpenNode::take_logs`], then those of the root moves `roots` tested
    /// beside this node's phases, in that order (the merge order).
    fn take_logs_with(&mut self, roots: &mut [RootMove]) -> Vec<Log> {
        let mut logs = self.take_logs();
        logs.extend(roots.iter_mut().map(|r| r.node.take_log()));
        logs
    }

    /// The node's value once every move is searched.
    fn close(self) -> Res {
        let OpenNode {
            key,
            depth,
            ply,
            alpha,
            beta,
            sibs,
            mut log,
            cost,
            ord,
            ..
        } = self;
        // The highest score; among equals, the first in search order.
        let mut best = 0;
        for (i, s) in sibs.iter().enumerate() {
            if s.score > sibs[best].score {
                best = i;
            }
        }
        let value = sibs[best].score;
        let bound = if value >= beta {
            BOUND_LOWER
        } else if value > alpha {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        log.push(vec![[
            key,
            Entry {
                score: score_to_tt(value, ply) as i16,
                depth: depth as u8,
                bound,
                best: sibs[best].pv[0],
            }
            .pack(),
        ]]);
        let pv = if value > alpha {
            sibs[best].pv.clone()
        } else {
            ArrayVec::new()
        };
        Res {
            score: value,
            cost,
            log,
            pv,
            ord,
        }
    }
}

const BOUND_UPPER: u8 = 1;
const BOUND_LOWER: u8 = 2;
const BOUND_EXACT: u8 = 3;
const NO_MOVE: u8 = u8::MAX;

/// Selection of the next move to search: the move with the highest key
/// among `order[i..]` goes to `order[i]` (the first of equals).
#[inline]
fn select(order: &mut [u8], keys: &[u32], i: usize) {
    let mut pick = i;
    for j in i + 1..order.len() {
        if keys[order[j] as usize] > keys[order[pick] as usize] {
            pick = j;
        }
    }
    order.swap(i, pick);
}

/// A transposition-table entry, unpacked. In a table it is the low 33 bits
/// of a slot's word ([`STAMP_SHIFT`]), packed by [`Entry::pack`]:
///
/// ```text
///  32        25 24   23 22     16 15             0
/// | best 8     | bound | depth 7 | score 16        |
/// ```
///
/// Depths stay under 128 turns ([`MAX_DEPTH`]) and `best` is a byte
/// ([`NO_MOVE`] for none).
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
            | (self.bound as u64) << 23
            | (self.best as u64) << 25
    }

    #[inline]
    fn unpack(w: u64) -> Entry {
        Entry {
            score: w as u16 as i16,
            depth: (w >> 16) as u8 & 0x7f,
            bound: (w >> 23) as u8 & 3,
            best: (w >> 25) as u8,
        }
    }
}

/// A search context: everything one task learns, private to it. Aligned
/// to two cache lines: contexts sit side by side in their siblings, and
/// the counters one thread writes must not share a line with another's.
#[repr(align(128))]
struct Context {
    /// The private table: one-word slots ([`STAMP_SHIFT`]);
    /// only entries of the current stamp are live.
    tt: Vec<u64>,
    mask: usize,
    stamp: u64,
    /// The entries stored since the last merge, for the shared table.
    log: Log,
    nodes: u64,
    /// What searching moves side by side saved, in time on 2, 4 and 8
    /// threads (for [`SearchResult::ideal`]).
    saved: [u64; 3],
    /// The ply of the test this context runs, whose position may split
    /// its moves (`usize::MAX`: none).
    split_at: usize,
    /// The thread whose copy of the shared table this context reads: the
    /// one that runs it (any copy gives the same answers; this one is in
    /// the core's own cache).
    home: usize,
    /// Killers and history.
    ord: Box<Ordering>,
    /// Triangular principal-variation table of move indices.
    pv: Box<[[u8; MAX_PLY]; MAX_PLY]>,
    pv_len: [u8; MAX_PLY],
}

impl Context {
    fn new(entries: usize) -> Context {
        Context {
            tt: vec![0; entries],
            mask: entries - 1,
            stamp: 1,
            log: Log::default(),
            nodes: 0,
            saved: [0; 3],
            split_at: usize::MAX,
            home: 0,
            ord: Box::default(),
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
        }
    }

    /// Forget everything, as if new (a fresh stamp empties the table),
    /// and start from the move order `ord`.
    fn reset(&mut self, ord: &Ordering) {
        self.stamp += 1;
        if self.stamp >= STAMP_LIMIT {
            self.tt.fill(0);
            self.stamp = 1;
        }
        self.log.clear();
        self.nodes = 0;
        self.saved = [0; 3];
        self.split_at = usize::MAX;
        *self.ord = *ord;
    }

    /// The bucket of two slots a key may occupy.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        probe_slot(&self.tt, self.bucket(key), key, self.stamp)
    }

    /// Store in the private table as the shared one stores (`store_slot`),
    /// and log deep enough entries for the shared table.
    #[inline]
    fn store(&mut self, key: u64, depth: u32, score: i32, bound: u8, best: u8) {
        debug_assert!(depth <= MAX_DEPTH, "a slot keeps 7 bits of depth");
        let data = Entry {
            score: score as i16,
            depth: depth as u8,
            bound,
            best,
        }
        .pack();
        let b = self.bucket(key);
        store_slot(&mut self.tt, b, key, data, self.stamp);
        if depth >= LOG_MIN_DEPTH {
            self.log.push([key, data]);
        }
    }

    /// Negamax alpha-beta (fail-soft, principal-variation search) of `pos`
    /// with `quiet` quiet turns behind it, `depth` turns to go, `ply` turns
    /// from the root. The value is for the side to move.
    ///
    /// In order: no legal move is a loss (R7); a counter of 50 is a draw
    /// (R8); at depth 0 the static evaluation, unless the side to move must
    /// capture, in which case every capture is read on without using up
    /// depth (D3). A jump chain is one move.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
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
        if !capture {
            if steppers(pos).is_empty() {
                return -(MATE - ply as i32);
            }
            if quiet >= DRAW_QUIET_TURNS {
                return draw_score(pos);
            }
            if depth == 0 || ply + 1 >= MAX_PLY {
                return evaluate_with(pos, &sh.weights);
            }
        } else if quiet >= DRAW_QUIET_TURNS {
            return draw_score(pos);
        } else if ply + 1 >= MAX_PLY {
            return evaluate_with(pos, &sh.weights);
        }

        let pv_node = beta - alpha > 1;
        let key = if depth >= TT_MIN_DEPTH {
            sh.key(pos, quiet)
        } else {
            0
        };
        let mut tt_move = NO_MOVE;
        if depth >= TT_MIN_DEPTH {
            if let Some(e) = self.probe(key).or_else(|| sh.table(self.home).probe(key)) {
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
        let mut keys: ArrayVec<u32, MAX_MOVES> = ArrayVec::new();
        for (i, mv) in list.iter().enumerate() {
            keys.push(self.ord.key(pos, mv, i as u8 == tt_move, capture, ply));
        }

        let child_depth = sh.child_depth(pos, depth, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = NO_MOVE;
        // Filled in place: collecting into it copied the whole array (260
        // bytes) at every node.
        let mut order: ArrayVec<u8, MAX_MOVES> = ArrayVec::new();
        for i in 0..n as u8 {
            order.push(i);
        }
        for i in 0..n {
            if i >= 1
                && ply == self.split_at
                && !pv_node
                && n - i >= 2
                && self.nodes - nodes0 >= sh.split_tests_from
            {
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
    fn split_rest(
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
    fn late_move(
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

    /// Everything this context searched since it was reset: serial work,
    /// but for the moves a split test searched side by side (`saved`).
    fn cost(&self) -> Cost {
        let mut time = [self.nodes; 3];
        for (t, s) in time.iter_mut().zip(self.saved) {
            *t -= s;
        }
        Cost {
            work: self.nodes,
            time,
        }
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
        let k = &mut self.ord.killers[ply];
        if k[0] != code {
            k[1] = k[0];
            k[0] = code;
        }
        let h = &mut self.ord.history[side][mv.from().index()][step(mv)];
        *h = h.saturating_add(depth * depth);
    }
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
fn draw_score(pos: &Position) -> i32 {
    let material =
        |c: crate::Color| MAN * pos.men(c).count() as i32 + KING * pos.kings_of(c).count() as i32;
    (material(pos.turn()) - material(pos.turn().opposite())).signum()
}

/// Which of the four diagonal steps a quiet move is (a move that takes
/// nothing is one step, R3): the history's last index, so that the
/// ordering every task copies is 1.4 KiB, not the 8.4 KiB a table by
/// source and destination square took.
#[inline]
fn step(mv: &Move) -> usize {
    let (from, to) = (mv.from(), mv.to());
    debug_assert_eq!(from.row().abs_diff(to.row()), 1, "{mv:?} is not a step");
    usize::from(to.row() > from.row()) << 1 | usize::from(to.column() > from.column())
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

#[cfg(test)]
mod tests {
    use super::{
        longest_first, mix, probe_slot, slot_stamp, store_slot, take_spare, Context, Cost, Entry,
        Env, Log, Ordering, Pool, Shared, Sibling, SpareTable, Table, Weights, BOUND_EXACT,
        CHECK_SHIFT, MATE, STAMP_LIMIT, STAMP_SHIFT,
    };
    use crate::eval::evaluate_with;
    use crate::{bench, Position};
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
    use std::sync::Mutex;

    /// Between searches a thread takes back the copy of the shared table
    /// it left, whatever order the copies went back in; failing that one
    /// of the right size; failing that any; one for each given back.
    #[test]
    fn each_thread_takes_back_its_own_copy_of_the_shared_table() {
        let copy = |home, entries| SpareTable {
            slots: (0..entries).map(|_| AtomicU64::new(0)).collect(),
            stamp: 1,
            home,
        };
        let mut spare = vec![copy(0, 8), copy(1, 8), copy(0, 4)];
        let mut take =
            |home, entries| take_spare(&mut spare, home, entries).map(|t| (t.home, t.slots.len()));
        assert_eq!(take(0, 8), Some((0, 8)));
        assert_eq!(take(0, 8), Some((1, 8)));
        assert_eq!(take(1, 16), Some((0, 4)));
        assert_eq!(take(1, 16), None);
    }

    /// A passed test gives a lower bound, a failed one an upper bound:
    /// each answers "worth more than `need`?" on its own side only, and an
    /// untested move answers nothing.
    /// A slot's word gives back every field of its entry at their extremes,
    /// and answers only for its own key (as far as the top bits tell) and
    /// its own stamp; the deeper entry keeps the first slot, a shallower
    /// one goes to the second, and a new stamp frees both.
    #[test]
    fn a_slot_keeps_its_entry_its_key_and_its_stamp() {
        let entries = [
            (-MATE, 0, 1, 0),
            (MATE, super::MAX_DEPTH, BOUND_EXACT, super::NO_MOVE),
            (-1, 127, 2, 200),
            (i16::MIN as i32, 64, 3, 1),
        ];
        let key = 0xdead_beef_1234_5674_u64;
        for (score, depth, bound, best) in entries {
            let data = Entry {
                score: score as i16,
                depth: depth as u8,
                bound,
                best,
            }
            .pack();
            assert!(data < 1 << STAMP_SHIFT);
            for stamp in [1, STAMP_LIMIT - 1] {
                let mut slots = vec![0; 4];
                store_slot(&mut slots, 2, key, data, stamp);
                let e = probe_slot(&slots, 2, key, stamp).unwrap();
                assert_eq!(
                    (e.score as i32, e.depth as u32, e.bound, e.best),
                    (score, depth, bound, best)
                );
                assert!(probe_slot(&slots, 2, key, stamp - 1).is_none());
                assert!(probe_slot(&slots, 2, key ^ 1 << 63, stamp).is_none());
                assert!(probe_slot(&slots, 2, key ^ 1 << CHECK_SHIFT, stamp).is_none());
                // Bits the bucket chose are not checked again.
                assert!(probe_slot(&slots, 2, key ^ 1 << 20, stamp).is_some());
                assert_eq!(slots[..2], [0, 0]);
            }
        }
        let (a, b) = (key, key ^ 1 << 50);
        let mut slots = vec![0; 2];
        store_slot(&mut slots, 0, a, entry(9, 5), 7);
        store_slot(&mut slots, 0, b, entry(3, 6), 7);
        assert_eq!(probe_slot(&slots, 0, a, 7).unwrap().depth, 9);
        assert_eq!(probe_slot(&slots, 0, b, 7).unwrap().score, 6);
        store_slot(&mut slots, 0, b, entry(1, 8), 8);
        assert!(probe_slot(&slots, 0, a, 8).is_none());
        assert_eq!(probe_slot(&slots, 0, b, 8).unwrap().score, 8);
    }

    #[test]
    fn a_test_decides_only_on_the_side_of_its_bound() {
        let pos = Position::start();
        let mv = pos.legal_moves()[0];
        let mut s = Sibling::new(&pos, &mv, 0, 0);
        s.score = 10;
        s.open = true;
        assert!(!s.decided(0), "untested");
        s.ctx = Some(Context::new(1 << 8));
        assert!(s.decided(9) && s.decided(-50));
        assert!(!s.decided(10) && !s.decided(50));
        s.open = false;
        assert!(s.decided(10) && s.decided(50));
        assert!(!s.decided(9) && !s.decided(-50));
    }

    /// An exact entry's packed data, `depth` turns deep, for the tests.
    fn entry(depth: u8, score: i16) -> u64 {
        Entry {
            score,
            depth,
            bound: BOUND_EXACT,
            best: 0,
        }
        .pack()
    }

    /// An empty shared table of `entries` entries, one copy for each of
    /// `threads` threads, for the tests.
    fn shared(entries: usize, threads: usize) -> Shared {
        Shared {
            tables: (0..threads).map(|home| Table::new(home, entries)).collect(),
            quiet_hash_from: 50,
            weights: Weights::default(),
            reach: 0,
            split_tests_from: u64::MAX,
            pending: Vec::new(),
            merges: Vec::new(),
            stored_by_all: 0,
        }
    }

    /// Entries kept for later (`defer`) reach the table only at the next
    /// flush, and then exactly as if each batch had been flushed at once,
    /// in the same order: the order decides which entry a bucket keeps.
    #[test]
    fn deferred_entries_merge_in_the_order_given() {
        // Keys 0x100 and 0x200 share bucket 0 of a 256-entry table, 0x302
        // is in bucket 2; the same key stored twice keeps the later entry.
        let log = |entries: &[[u64; 2]]| entries.to_vec();
        let first = [[0x100, entry(5, 10)], [0x200, entry(3, 20)]];
        let second = [[0x100, entry(2, 30)], [0x302, entry(4, 40)]];
        let mut at_once = shared(1 << 8, 1);
        at_once.defer(std::iter::once(log(&first)));
        at_once.flush();
        at_once.defer(std::iter::once(log(&second)));
        at_once.flush();
        let mut later = shared(1 << 8, 1);
        later.defer(std::iter::once(log(&first)));
        later.defer(std::iter::once(log(&second)));
        assert!(
            later.table(0).probe(0x100).is_none(),
            "deferred, not merged"
        );
        later.flush();
        assert!(later.pending.is_empty());
        for key in [0x100, 0x200, 0x302] {
            let (a, b) = (at_once.table(0).probe(key), later.table(0).probe(key));
            assert_eq!(a.map(|e| (e.depth, e.score)), b.map(|e| (e.depth, e.score)));
        }
        assert_eq!(later.table(0).probe(0x100).map(|e| e.score), Some(30));
    }

    /// Plain minimax with the search's rules: no legal move loses, at
    /// depth 0 the evaluation unless a capture is due.
    fn minimax(p: &Position, depth: u32, ply: i32) -> i32 {
        let moves = p.legal_moves();
        let Some(first) = moves.first() else {
            return -(MATE - ply);
        };
        if depth == 0 && !first.captured().any() {
            return evaluate_with(p, &Weights::default());
        }
        moves
            .iter()
            .map(|m| -minimax(&p.play_unchecked(m), depth.saturating_sub(1), ply + 1))
            .max()
            .unwrap()
    }

    /// A test whose position splits its moves into tasks (here after one
    /// node, so that it splits at depths minimax can check, where nothing
    /// is reduced) gives a bound on the right side of the true value: a
    /// passed test a lower bound above the bar, a failed one an upper bound
    /// at or below it. Every move of every bench position at depth 2 after
    /// the move, against bars just below, at and above its value, on 2
    /// threads.
    #[test]
    fn a_split_test_bounds_the_true_value() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        pool.install(|| {
            let mut sh = shared(1 << 12, 2);
            sh.split_tests_from = 1;
            let contexts = Pool::new(2, 1 << 10);
            let env = Env {
                sh: &sh,
                pool: &contexts,
            };
            let ord = Ordering::default();
            let mut tests = 0;
            for p in bench::positions().unwrap() {
                for (i, mv) in p.legal_moves().iter().enumerate() {
                    let child = p.play_unchecked(mv);
                    let value = -minimax(&child, 2, 1);
                    for bar in [value - 1, value, value + 1] {
                        let mut s = Sibling::new(&p, mv, i as u8, 0);
                        s.test(env, &ord, 2, 1, bar);
                        let fen = crate::to_fen(&p);
                        if s.open {
                            assert!(value >= s.score && s.score > bar, "{fen} {mv} {bar}");
                        } else {
                            assert!(value <= s.score && s.score <= bar, "{fen} {mv} {bar}");
                        }
                        s.release(&contexts);
                        tests += 1;
                    }
                }
            }
            assert!(tests > 1000, "{tests}");
        });
    }

    /// Every thread's copy of the shared table comes out of the merges the
    /// same as one thread's table storing the entries in order, whether
    /// it is read after each merge or only after both (a thread that had
    /// no task in a round stores two merges at once). Many entries into a
    /// small table, of varied depths, so that which one a bucket keeps
    /// depends on the order; merged twice, so that a copy merged once too
    /// often or too rarely shows.
    #[test]
    fn every_copy_of_the_shared_table_stores_as_one_thread_does() {
        let entries = 1 << 10;
        // Live entries only: a table's memory and stamp may come from an
        // earlier one.
        let live = |slots: &[u64], stamp: u64| -> Vec<Option<(u64, u64)>> {
            slots
                .iter()
                .map(|&w| {
                    (slot_stamp(w) == stamp)
                        .then_some((w >> CHECK_SHIFT, w & ((1 << STAMP_SHIFT) - 1)))
                })
                .collect()
        };
        let logs = |round: u64| {
            (0..6u64).map(move |task| {
                let mut log = Log::default();
                for i in 0..2_000 {
                    let key = mix((round << 32) ^ (task * 1_000_003 + i)) | 1 << 40;
                    let data = Entry {
                        score: (i % 97) as i16,
                        depth: (mix(i ^ task ^ round) % 12) as u8,
                        bound: BOUND_EXACT,
                        best: 0,
                    }
                    .pack();
                    log.push([key, data]);
                }
                log
            })
        };
        let mut copies = Vec::new();
        for threads in [1, 2, 3, 4, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut sh = shared(entries, threads);
                for round in 0..2 {
                    sh.defer(logs(round));
                    sh.flush();
                    // Thread 0 reads its copy after each merge, the
                    // others only at the end.
                    sh.table(0);
                    assert_eq!(
                        sh.merges.len() as u64,
                        if threads == 1 { 1 } else { round + 1 }
                    );
                }
                for home in 0..threads {
                    let t = sh.table(home);
                    let slots: Vec<u64> = t.slots.iter().map(|w| w.load(Relaxed)).collect();
                    copies.push((threads, live(&slots, t.stamp)));
                }
                // A merge that every copy holds is let go at the next.
                sh.defer(logs(2));
                sh.flush();
                assert_eq!((sh.stored_by_all, sh.merges.len()), (2, 1));
            });
        }
        assert_eq!(copies.len(), 1 + 2 + 3 + 4 + 8);
        let (_, one) = &copies[0];
        assert!(one.iter().flatten().count() > entries * 9 / 10);
        // And each is what storing the entries one by one, in order,
        // leaves (the merge's prefetch changes nothing).
        let mut plain = vec![0; entries];
        for log in (0..2).flat_map(logs) {
            for [key, data] in log {
                store_slot(&mut plain, key as usize & (entries - 1) & !1, key, data, 1);
            }
        }
        assert!(&live(&plain, 1) == one);
        for (threads, slots) in &copies[1..] {
            assert!(slots == one, "{threads} threads");
        }
    }

    /// The expected work of a sibling is the most any search of it took:
    /// a later search that the table answered at once does not make a
    /// long one look short; unknown siblings expect nothing.
    #[test]
    fn expected_work_is_the_most_a_search_took() {
        let pos = Position::start();
        let moves = pos.legal_moves();
        let sh = shared(1 << 8, 1);
        let pool = Pool::new(1, 1 << 8);
        let sibs: Vec<Sibling> = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| Sibling::new(&pos, mv, i as u8, 0))
            .collect();
        let expected = |pool: &Pool| -> Vec<u64> {
            let w = pool.expected(&sh, sibs.iter(), |s| *s);
            w.into_iter().map(|(w, _)| w).collect()
        };
        pool.learn(&sh, &sibs[0], Cost::serial(500));
        pool.learn(&sh, &sibs[1], Cost::serial(7));
        assert_eq!(expected(&pool)[..3], [500, 7, 0]);
        pool.learn(&sh, &sibs[0], Cost::serial(3));
        pool.learn(&sh, &sibs[1], Cost::serial(900));
        assert_eq!(expected(&pool)[..3], [500, 900, 0]);
    }

    /// Jobs start in decreasing order of expected work, equal ones in
    /// their given order, and the results come back in the given order.
    #[test]
    fn longest_first_starts_long_jobs_first_and_keeps_the_order_of_results() {
        let jobs = vec![(1, 'a'), (5, 'b'), (3, 'c'), (5, 'd'), (0, 'e')];
        for threads in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let started = Mutex::new(Vec::new());
            let out = pool.install(|| {
                longest_first(jobs.clone(), |c| {
                    started.lock().unwrap().push(c);
                    c.to_ascii_uppercase()
                })
            });
            assert_eq!(out, vec!['A', 'B', 'C', 'D', 'E'], "{threads} threads");
            let mut started = started.into_inner().unwrap();
            if threads == 1 {
                assert_eq!(started, vec!['b', 'd', 'c', 'a', 'e']);
            }
            started.sort();
            assert_eq!(started, vec!['a', 'b', 'c', 'd', 'e'], "{threads} threads");
        }
    }

    /// A job that panics reaches the caller of `longest_first` as a
    /// panic, on any thread count, instead of leaving the waiting thread
    /// spinning for a job that will never count itself out.
    #[test]
    fn longest_first_hands_a_panic_on_and_does_not_hang() {
        let jobs: Vec<(u64, u32)> = (0..9u32).map(|i| (u64::from(i % 3), i)).collect();
        for threads in [1, 2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let ran = AtomicUsize::new(0);
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pool.install(|| {
                    longest_first(jobs.clone(), |i| {
                        ran.fetch_add(1, Relaxed);
                        assert_ne!(i, 4, "job 4 fails");
                        i
                    })
                })
            }));
            assert!(out.is_err(), "{threads} threads");
            assert!(ran.load(Relaxed) >= 1, "{threads} threads");
        }
    }
}
