//! Every number the search is tuned by, each with why it has its value.
//! `docs/search.md` gives the commands that weigh a change to any of them;
//! a change to one that shapes the tree changes the node counts pinned in
//! `games/checkers/tests/data/search-nodes.txt`.

/// The deepest search [`super::search`] accepts; larger depths are
/// clamped. A table entry keeps the depth in 7 bits.
pub const MAX_DEPTH: u32 = 64;

/// Plies a line can reach: the depth plus forced captures past it (each
/// removes a piece, so at most 23 of them).
pub(super) const MAX_PLY: usize = MAX_DEPTH as usize + 32;

/// Nodes with fewer turns to go than this neither probe nor fill the
/// transposition table: at the horizon a probe costs more than it saves.
pub(super) const TT_MIN_DEPTH: u32 = 1;

/// Entries stored with at least this many turns to go are logged for the
/// shared table; shallower ones stay in the task's private table, since
/// merging them costs more than other tasks gain from them.
pub(super) const LOG_MIN_DEPTH: u32 = 2;

/// The shared table has `2^(depth + 8)` entries within these bounds
/// (1 MiB at most), small enough to stay in a core's L2 cache: it is
/// probed at every node.
pub(super) const SHARED_MIN_BITS: u32 = 12;
/// See [`SHARED_MIN_BITS`].
pub(super) const SHARED_MAX_BITS: u32 = 17;

/// Each task's private table has `2^(depth + 6)` entries within these
/// bounds (32 KiB at most), small enough to stay in a core's L1 cache.
pub(super) const PRIVATE_MIN_BITS: u32 = 8;
/// See [`PRIVATE_MIN_BITS`].
pub(super) const PRIVATE_MAX_BITS: u32 = 12;

/// Nodes of the expected line split into parallel tasks when they have at
/// least this many turns left to search: shallower ones are too short to
/// pay for waking another thread.
pub const SPLIT_MIN_DEPTH: u32 = 4;

/// …and are fewer than this many turns from the root: deeper down the
/// expected line's nodes are small and many.
pub const SPLIT_MAX_PLY: usize = 12;

/// The split node this many turns from the root (the reply to a root
/// move) tests its other moves against the table's value beside its first
/// move, so that the longest tests start early; deeper, the table's value
/// is too often wrong to be worth it.
pub(super) const GUESS_PLY: usize = 1;

/// Late-move reductions apply from this depth on: below it a reduced
/// search saves too little to pay for the re-searches.
pub(super) const LMR_MIN_DEPTH: u32 = 3;
/// Late-move reductions apply to quiet moves after this many in search
/// order: the table's move and the best captures are rarely worth less.
pub(super) const LMR_AFTER: usize = 2;

/// Endings of kings only with at most this many pieces are searched up to
/// [`ENDING_EXTRA`] turns deeper (at every level, D1): there the
/// evaluation cannot tell progress from shuffling, so only seeing the win
/// converts (two kings against one needs 16 turns), and such trees are
/// small.
pub const ENDING_PIECES: u32 = 5;

/// See [`ENDING_PIECES`].
pub const ENDING_EXTRA: u32 = 4;

/// First aspiration half-window, in hundredths of a man: about what a
/// score moves from one iteration to the next.
pub(super) const ASPIRATION: i32 = 30;

/// A null-window test of a move (is it worth more than a bar?) that has
/// searched this many nodes at the move's position without a cut-off
/// searches that position's remaining moves side by side, each its own
/// task (`Context::split_rest`): a long test nearly always passes, so all
/// its moves must be searched anyway, and in turn they would leave the
/// other threads waiting at the end of a phase.
pub const TEST_SPLIT_NODES: u64 = 8_000;

/// The thread counts [`super::SearchResult::ideal`] is given for.
pub const IDEAL_THREADS: [u64; 3] = [2, 4, 8];

/// How many spin hints a polling thread waits between two looks for work:
/// short enough to start a new task at once, long enough not to hammer
/// the queue's cache line.
pub(super) const POLL_SPINS: u32 = 32;
