//! The machine's search: iterative-deepening negamax with alpha-beta and
//! principal-variation search, a transposition table, and move ordering
//! by the table's action, jumps, killer actions and history. Parallel with
//! rayon, and deterministic: the same action, score and node count on any
//! number of threads (L1).
//!
//! # How the work is split, and why it is deterministic
//!
//! The expected line (the root, the first action's reply, and so on, up
//! to [`SPLIT_PLIES`] turns deep while at least [`SPLIT_MIN_DEPTH`] turns
//! are left) is searched as *split nodes*. At a split node the first
//! action, in the ordering, is searched first, itself as a split node
//! when the line goes on. Then every other action is a task of its own, all
//! run side by side on the rayon pool: a null-window test of whether it
//! beats the value the first reached. Last, one after the other in action
//! order, the actions whose test said yes are searched with the full window.
//!
//! While the tasks run, the shared transposition table is read-only. Each
//! task starts from an empty private table, which it reads before the
//! shared one and writes into, and from a copy of the killer and history
//! ordering as it stood before the tasks started. So what each task does
//! depends only on state fixed before the tasks began, never on which
//! thread runs it or when. When all have ended, what they stored is merged
//! into the shared table in action order, and their node counts are added
//! up. Everything else runs on the calling thread. The result, the node
//! count included, is therefore the same on any number of threads.
//!
//! Every legal action is searched at every node of the main search: there
//! is no pruning by rule shortcuts, only alpha-beta's cut-offs. Between
//! equal scores the action ordered first wins.

use crate::action::{Action, ActionList, Extra, MAX_ACTIONS};
use crate::eval::evaluate;
use crate::movegen;
use crate::position::Position;
use crate::rules::{counted_end, Outcome};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::sync::Mutex;

/// The score of a won game, less one per turn to reach it.
pub const WIN: i32 = 30_000;
/// Scores beyond this (either sign) are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Above every score.
const INFINITY: i32 = WIN + 1;
/// The deepest search asked for, in turns.
pub const MAX_DEPTH: u32 = 32;
/// Killer slots per ply.
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
/// How many turns below the root the expected line is split.
pub const SPLIT_PLIES: u32 = 3;
/// A node of the expected line is split only with at least this many turns
/// left to search below it.
pub const SPLIT_MIN_DEPTH: u32 = 3;

/// log2 of the shared table's entries (16 bytes each: 8 MiB).
const SHARED_BITS: u32 = 19;
/// log2 of a task's private table's entries (512 KiB).
const PRIVATE_BITS: u32 = 15;
/// What a task stored, from this depth up, is merged into the shared table.
const MERGE_MIN_DEPTH: u8 = 2;

/// No action in a table entry.
const NO_ACTION: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One remembered position: its key, how deep it was searched, the score
/// and what kind of bound it is, and the best action found.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    action: u32,
    score: i16,
    depth: u8,
    bound: Bound,
}

const EMPTY_ENTRY: Entry = Entry {
    key: 0,
    action: NO_ACTION,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
};

/// A transposition table: one entry per slot, replaced by any store of a
/// different position or of the same position at least as deep. Depth 0
/// marks an empty slot (nothing is stored at depth 0). Every slot written
/// is logged, so that clearing and merging cost what was written.
struct Table {
    entries: Vec<Entry>,
    mask: usize,
    written: Vec<u32>,
}

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            entries: vec![EMPTY_ENTRY; 1 << bits],
            mask: (1 << bits) - 1,
            written: Vec::new(),
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.depth > 0 && e.key == key).then_some(e)
    }

    #[inline]
    fn store(&mut self, e: Entry) {
        let i = e.key as usize & self.mask;
        let old = &mut self.entries[i];
        if old.depth == 0 {
            self.written.push(i as u32);
        } else if old.key == e.key && old.depth > e.depth {
            return;
        }
        *old = e;
    }

    /// Empty every slot written since the last clear.
    fn clear(&mut self) {
        for &i in &self.written {
            self.entries[i as usize] = EMPTY_ENTRY;
        }
        self.written.clear();
    }

    /// Move the entries of depth [`MERGE_MIN_DEPTH`] and more into `out`,
    /// in the order their slots were first written, and clear the table.
    fn drain_into(&mut self, out: &mut Vec<Entry>) {
        for &i in &self.written {
            let e = std::mem::replace(&mut self.entries[i as usize], EMPTY_ENTRY);
            if e.depth >= MERGE_MIN_DEPTH {
                out.push(e);
            }
        }
        self.written.clear();
    }
}

/// A table's score for a win or loss counts turns from the stored
/// position, not from the root.
#[inline]
fn to_table(score: i32, ply: u32) -> i16 {
    let s = if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    };
    s as i16
}

#[inline]
fn from_table(score: i16, ply: u32) -> i32 {
    let s = i32::from(score);
    if s > WIN_BOUND {
        s - ply as i32
    } else if s < -WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// History slots: placements and steps by (from or 25, to), jumps by
/// (to, extra piece or 25 for the hand, 26 for none).
const HISTORY: usize = 26 * 25 + 25 * 27;

/// Killer actions per ply and the history of cut-offs: what a task gets a
/// copy of when it starts.
#[derive(Clone)]
struct Ordering {
    killers: [[u32; 2]; MAX_PLY],
    history: [i32; HISTORY],
}

impl Ordering {
    fn new() -> Ordering {
        Ordering {
            killers: [[NO_ACTION; 2]; MAX_PLY],
            history: [0; HISTORY],
        }
    }

    #[inline]
    fn slot(a: Action) -> usize {
        match a {
            Action::Place(p) => 25 * 25 + p.index(),
            Action::Step { from, to } => from.index() * 25 + to.index(),
            Action::Jump { to, extra, .. } => {
                let e = match extra {
                    Extra::Board(p) => p.index(),
                    Extra::Hand => 25,
                    Extra::None => 26,
                };
                26 * 25 + to.index() * 27 + e
            }
        }
    }

    /// An action that caused a cut-off `depth` turns above the leaves.
    #[inline]
    fn cut(&mut self, a: Action, ply: u32, depth: u32) {
        let h = &mut self.history[Ordering::slot(a)];
        *h = (*h + (depth * depth) as i32).min(1 << 20);
        if !a.is_jump() {
            let k = &mut self.killers[ply as usize];
            let code = a.code();
            if k[0] != code {
                k[1] = k[0];
                k[0] = code;
            }
        }
    }
}

/// One line of search: its own table (the shared one on the calling
/// thread, a private one in a task), its ordering and its node count.
struct Worker {
    table: Table,
    ordering: Ordering,
    nodes: u64,
}

impl Worker {
    fn new(bits: u32) -> Worker {
        Worker {
            table: Table::new(bits),
            ordering: Ordering::new(),
            nodes: 0,
        }
    }
}

/// The score of a finished game for the side to act, `ply` turns from the
/// root.
#[inline]
fn end_score(o: Outcome, pos: &Position, ply: u32) -> i32 {
    match o.winner() {
        None => 0,
        Some(w) if w == pos.to_act() => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
    }
}

/// The order score of a jump, plus its bonus and history (history stays
/// below 2^20, the threat bonus is 2^22).
const JUMP_ORDER: i32 = 1 << 28;
/// The order score of the second killer (the first is one more).
const KILLER_ORDER: i32 = 1 << 27;

/// Order scores: the table's action, then jumps (those whose extra piece
/// is one that threatens a jump first), then killers, then history.
fn order(
    list: &ActionList,
    tt: u32,
    ordering: &Ordering,
    ply: u32,
    threats: crate::point::Points,
) -> ArrayVec<i32, MAX_ACTIONS> {
    let k = ordering.killers[ply as usize];
    list.iter()
        .map(|&a| {
            let code = a.code();
            let h = ordering.history[Ordering::slot(a)];
            if code == tt {
                i32::MAX
            } else if let Action::Jump { extra, .. } = a {
                let bonus = match extra {
                    Extra::Board(p) if threats.contains(p) => 1 << 22,
                    _ => 0,
                };
                JUMP_ORDER + bonus + h
            } else if code == k[0] {
                KILLER_ORDER + 1
            } else if code == k[1] {
                KILLER_ORDER
            } else {
                h
            }
        })
        .collect()
}

/// Late-move reduction: how many turns less a null-window test of the
/// `i`-th action (0-based, in search order) looks, with `depth` turns
/// left. The first two actions, the table's action and the killers are
/// never reduced, nor the jumps among the first three actions; later
/// jumps (mostly other choices of the same jumps' extra pieces, which
/// leave much the same position) by one turn, the other actions by one,
/// or by two from the eighth on with at least five turns left. A reduced
/// test that beats alpha is searched again at full depth, so every action
/// is still searched, only less deeply when it looks like the others.
#[inline]
fn reduction(depth: u32, i: usize, order_score: i32) -> u32 {
    let jump = (JUMP_ORDER..i32::MAX).contains(&order_score);
    if depth < 3 || i < 2 || (order_score >= KILLER_ORDER && !(jump && i >= 3)) {
        0
    } else if jump {
        1
    } else if i >= 8 && depth >= 5 {
        2
    } else {
        1
    }
}

/// The index of the best-scored action not yet searched, moved to `i`.
#[inline]
fn pick(list: &mut ActionList, scores: &mut ArrayVec<i32, MAX_ACTIONS>, i: usize) -> Action {
    let mut best = i;
    for j in i + 1..list.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    list.swap(i, best);
    scores.swap(i, best);
    list[i]
}

/// The enemy pieces that could jump one of the side to act's pieces: the
/// extra pieces most worth taking.
#[inline]
fn threatening(pos: &Position) -> crate::point::Points {
    let me = pos.to_act();
    let (mine, theirs, empty) = (pos.board(me), pos.board(me.other()), pos.empty());
    let mut out = crate::point::Points::EMPTY;
    for dir in crate::point::Direction::ALL {
        out = out | (theirs & mine.before(dir) & empty.before(dir).before(dir));
    }
    out
}

/// The sequential search below a task or the calling thread's line.
struct Sequential<'a> {
    w: &'a mut Worker,
    shared: Option<&'a Table>,
}

impl Sequential<'_> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        self.w
            .table
            .probe(key)
            .or_else(|| self.shared.and_then(|s| s.probe(key)))
    }

    /// Negamax with alpha-beta and a null window for every action after the
    /// first (re-searched when it lands inside the window).
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        self.w.nodes += 1;
        if let Some(o) = counted_end(pos) {
            return end_score(o, pos, ply);
        }
        if depth == 0 {
            return evaluate(pos);
        }
        let key = pos.key();
        let mut tt = NO_ACTION;
        if let Some(e) = self.probe(key) {
            tt = e.action;
            if u32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut list = ActionList::new();
        movegen::generate(pos, &mut list);
        if list.is_empty() {
            return -(WIN - ply as i32);
        }
        let mut scores = order(&list, tt, &self.w.ordering, ply, threatening(pos));
        let alpha0 = alpha;
        let mut best = -INFINITY;
        let mut best_action = NO_ACTION;
        for i in 0..list.len() {
            let a = pick(&mut list, &mut scores, i);
            let child = pos.play_unchecked(a);
            let v = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let r = reduction(depth, i, scores[i]);
                let mut t = alpha + 1;
                if r > 0 {
                    t = -self.negamax(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                }
                if t > alpha {
                    t = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if t > alpha && t < beta {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    t
                }
            };
            if v > best {
                best = v;
                best_action = a.code();
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        self.w.ordering.cut(a, ply, depth);
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.w.table.store(Entry {
            key,
            action: best_action,
            score: to_table(best, ply),
            depth: depth as u8,
            bound,
        });
        best
    }
}

/// What the parallel part of a search shares: the pool of private workers
/// (any free one will do: each task starts from an emptied table and a
/// given ordering).
struct Pool {
    free: Mutex<Vec<Worker>>,
}

impl Pool {
    fn take(&self) -> Worker {
        let w = self.free.lock().ok().and_then(|mut f| f.pop());
        w.unwrap_or_else(|| Worker::new(PRIVATE_BITS))
    }

    fn give(&self, w: Worker) {
        if let Ok(mut f) = self.free.lock() {
            f.push(w);
        }
    }
}

/// What one task found: its score, its nodes and what it stored.
struct TaskResult {
    score: i32,
    nodes: u64,
    stored: Vec<Entry>,
}

/// A reusable searcher: its tables and pool of private workers. Nothing a
/// search learns is kept for the next: each search starts from emptied
/// tables and a fresh ordering, so the result depends only on the position
/// and the depth.
pub struct Searcher {
    main: Worker,
    pool: Pool,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new()
    }
}

/// What a search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The action chosen; `None` when the game is over.
    pub best: Option<Action>,
    /// Its score for the side to act: hundredths of a piece, or
    /// `WIN - n` / `-(WIN - n)` for a game won or lost in `n` turns.
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited, over all iterations and tasks.
    pub nodes: u64,
    /// The expected line, from the table.
    pub pv: Vec<Action>,
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher {
            main: Worker::new(SHARED_BITS),
            pool: Pool {
                free: Mutex::new(Vec::new()),
            },
        }
    }

    /// Search `pos` to `depth` turns (1 to [`MAX_DEPTH`]), by iterative
    /// deepening from 1, calling `info` after each iteration.
    pub fn search(
        &mut self,
        pos: &Position,
        depth: u32,
        mut info: impl FnMut(&SearchResult),
    ) -> SearchResult {
        self.main.table.clear();
        self.main.ordering = Ordering::new();
        self.main.nodes = 0;
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if let Some(o) = pos.outcome() {
            result.score = end_score(o, pos, 0);
            return result;
        }
        for d in 1..=depth.clamp(1, MAX_DEPTH) {
            let (score, best) = self.split(pos, d, -INFINITY, INFINITY, 0);
            result.best = decode(pos, best);
            result.score = score;
            result.depth = d;
            result.nodes = self.main.nodes;
            result.pv = self.pv(pos, d);
            info(&result);
            if score.abs() > WIN_BOUND && (WIN - score.abs()) as u32 <= d {
                // A win or loss inside the horizon: deeper looks change
                // nothing but the node count.
                break;
            }
        }
        result
    }

    /// The expected line: table actions from `pos`, each checked legal.
    fn pv(&self, pos: &Position, depth: u32) -> Vec<Action> {
        let mut line = Vec::new();
        let mut p = *pos;
        while line.len() < depth as usize {
            let Some(e) = self.main.table.probe(p.key()) else {
                break;
            };
            let Some(a) = decode(&p, e.action) else {
                break;
            };
            line.push(a);
            p = p.play_unchecked(a);
        }
        line
    }

    /// A split node of the expected line (see the module doc): its score
    /// and best action's code.
    fn split(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32, ply: u32) -> (i32, u32) {
        let plain = |s: &mut Searcher, alpha: i32, beta: i32| {
            let mut seq = Sequential {
                w: &mut s.main,
                shared: None,
            };
            seq.negamax(pos, depth, alpha, beta, ply)
        };
        if ply >= SPLIT_PLIES || depth < SPLIT_MIN_DEPTH {
            let v = plain(self, alpha, beta);
            let best = self
                .main
                .table
                .probe(pos.key())
                .map_or(NO_ACTION, |e| e.action);
            return (v, best);
        }
        self.main.nodes += 1;
        if let Some(o) = counted_end(pos) {
            return (end_score(o, pos, ply), NO_ACTION);
        }
        let key = pos.key();
        let tt = self.main.table.probe(key).map_or(NO_ACTION, |e| e.action);
        let mut list = ActionList::new();
        movegen::generate(pos, &mut list);
        if list.is_empty() {
            return (-(WIN - ply as i32), NO_ACTION);
        }
        let mut scores = order(&list, tt, &self.main.ordering, ply, threatening(pos));
        for i in 0..list.len() {
            pick(&mut list, &mut scores, i);
        }
        let (mut alpha, alpha0) = (alpha, alpha);
        let first = list[0];
        let (v, _) = self.split(
            &pos.play_unchecked(first),
            depth - 1,
            -beta,
            -alpha,
            ply + 1,
        );
        let mut best = -v;
        let mut best_action = first.code();
        if best > alpha {
            alpha = best;
        }
        if best < beta && list.len() > 1 {
            let tests = self.test_rest(pos, &list[1..], depth, alpha, ply);
            for (i, t) in tests.into_iter().enumerate() {
                if t <= alpha {
                    continue;
                }
                // Beat the first's value: its exact value, in order.
                let a = list[i + 1];
                let mut seq = Sequential {
                    w: &mut self.main,
                    shared: None,
                };
                let v = -seq.negamax(&pos.play_unchecked(a), depth - 1, -beta, -alpha, ply + 1);
                if v > best {
                    best = v;
                    best_action = a.code();
                    if v > alpha {
                        alpha = v;
                        if v >= beta {
                            self.main.ordering.cut(a, ply, depth);
                            break;
                        }
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.main.table.store(Entry {
            key,
            action: best_action,
            score: to_table(best, ply),
            depth: depth as u8,
            bound,
        });
        (best, best_action)
    }

    /// Null-window tests, side by side, of whether each action of `rest`
    /// beats `alpha`; their scores in order. Each task reads the shared
    /// table as it stands now and a copy of the ordering as it stands now;
    /// what the tasks store is merged afterwards in action order.
    fn test_rest(
        &mut self,
        pos: &Position,
        rest: &[Action],
        depth: u32,
        alpha: i32,
        ply: u32,
    ) -> Vec<i32> {
        let shared = &self.main.table;
        let ordering = &self.main.ordering;
        let pool = &self.pool;
        let results: Vec<TaskResult> = rest
            .par_iter()
            .map(|&a| {
                let mut w = pool.take();
                w.ordering.clone_from(ordering);
                w.nodes = 0;
                let mut seq = Sequential {
                    w: &mut w,
                    shared: Some(shared),
                };
                let child = pos.play_unchecked(a);
                let score = -seq.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                let mut stored = Vec::new();
                w.table.drain_into(&mut stored);
                let nodes = w.nodes;
                pool.give(w);
                TaskResult {
                    score,
                    nodes,
                    stored,
                }
            })
            .collect();
        let mut scores = Vec::with_capacity(results.len());
        for r in results {
            self.main.nodes += r.nodes;
            for e in r.stored {
                self.main.table.store(e);
            }
            scores.push(r.score);
        }
        scores
    }
}

/// The legal action of `pos` with this code, if any.
fn decode(pos: &Position, code: u32) -> Option<Action> {
    if code == NO_ACTION {
        return None;
    }
    pos.legal_actions().into_iter().find(|a| a.code() == code)
}

/// Search `pos` to `depth` turns with a new [`Searcher`].
pub fn search(pos: &Position, depth: u32) -> SearchResult {
    Searcher::new().search(pos, depth, |_| {})
}
