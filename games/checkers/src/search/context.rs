//! One task's private state: its table, its move ordering, its line and
//! its counts.

use super::ideal::Cost;
use super::ordering::{quiet_code, step, Ordering};
use super::params::{LOG_MIN_DEPTH, MAX_DEPTH, MAX_PLY};
use super::table::{Entry, Log, Table};
use crate::moves::Move;

/// A search context: everything one task learns, private to it. Aligned
/// to two cache lines: contexts sit side by side in their siblings, and
/// the counters one thread writes must not share a line with another's.
#[repr(align(128))]
pub(super) struct Context {
    /// The private table, read before the shared one.
    pub(super) tt: Table,
    /// The entries stored since the last merge, for the shared table.
    pub(super) log: Log,
    pub(super) nodes: u64,
    /// What searching moves side by side saved, in time on 2, 4 and 8
    /// threads (for [`super::SearchResult::ideal`]).
    pub(super) saved: [u64; 3],
    /// The ply of the test this context runs, whose position may split
    /// its moves (`usize::MAX`: none).
    pub(super) split_at: usize,
    /// Killers and history.
    pub(super) ord: Box<Ordering>,
    /// Triangular principal-variation table of move indices.
    pub(super) pv: Box<[[u8; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [u8; MAX_PLY],
}

impl Context {
    /// A context whose private table has `entries` entries (a power of
    /// two).
    pub(super) fn new(entries: usize) -> Context {
        Context {
            tt: Table::new(entries),
            log: Log::default(),
            nodes: 0,
            saved: [0; 3],
            split_at: usize::MAX,
            ord: Box::default(),
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
        }
    }

    /// Forget everything, as if new (a fresh stamp empties the table),
    /// and start from the move order `ord`.
    pub(super) fn reset(&mut self, ord: &Ordering) {
        self.tt.clear();
        self.log.clear();
        self.nodes = 0;
        self.saved = [0; 3];
        self.split_at = usize::MAX;
        *self.ord = *ord;
    }

    /// The private table's entry for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.tt.probe(key)
    }

    /// Store in the private table, and log deep enough entries for the
    /// shared table.
    #[inline]
    pub(super) fn store(&mut self, key: u64, depth: u32, score: i32, bound: u8, best: u8) {
        debug_assert!(depth <= MAX_DEPTH, "a slot keeps 7 bits of depth");
        let data = Entry {
            score: score as i16,
            depth: depth as u8,
            bound,
            best,
        }
        .pack();
        self.tt.store(key, data);
        if depth >= LOG_MIN_DEPTH {
            self.log.push([key, data]);
        }
    }

    /// Everything this context searched since it was reset: serial work,
    /// but for the moves a split test searched side by side (`saved`).
    pub(super) fn cost(&self) -> Cost {
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
    pub(super) fn update_pv(&mut self, ply: usize, idx: u8) {
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
    pub(super) fn reward(&mut self, side: usize, ply: usize, mv: &Move, depth: u32) {
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
