//! Iterative deepening at the root, and the rounds of each iteration.

use super::ideal::{Cost, Phase};
use super::negamax::{Env, Shared};
use super::ordering::Ordering;
use super::params::{ASPIRATION, ENDING_EXTRA, MAX_DEPTH, PRIVATE_MAX_BITS, PRIVATE_MIN_BITS};
use super::pool::Pool;
use super::sched::longest_first;
use super::score::{INF, MATE, MATE_BOUND};
use super::tree::{open_split, Res, RootMove, Sibling, Split, Test};
use crate::eval::Weights;
use crate::moves::Move;
use crate::rules::DRAW_QUIET_TURNS;
use crate::Position;
use std::cmp::Reverse;

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
    /// on [`super::IDEAL_THREADS`] threads with perfect scheduling and no
    /// overhead: each parallel phase takes the longer of its longest task
    /// and its work shared evenly. `nodes / ideal[i]` is the speedup the
    /// tree allows; it depends on nothing but the search itself.
    pub ideal: [u64; 3],
}

impl SearchResult {
    /// A result decided without a search: `best`, worth `score`, one node.
    fn unsearched(best: Option<Move>, score: i32) -> SearchResult {
        SearchResult {
            best,
            score,
            depth: 0,
            nodes: 1,
            pv: best.into_iter().collect(),
            ideal: [1; 3],
        }
    }
}

/// Iterative deepening at the root, on the current pool (see the module
/// documentation for its rounds and phases), calling `info` after each
/// iteration.
pub(super) fn iterate(
    pos: &Position,
    quiet: u32,
    depth: u32,
    weights: &Weights,
    split_tests_from: u64,
    mut info: impl FnMut(&SearchResult),
) -> SearchResult {
    let depth = depth.clamp(1, MAX_DEPTH);
    let moves = pos.legal_moves();
    let Some(&first) = moves.first() else {
        let result = SearchResult::unsearched(None, -MATE);
        info(&result);
        return result;
    };
    let mut result = SearchResult::unsearched(Some(first), 0);
    if quiet >= DRAW_QUIET_TURNS {
        // The game is already drawn (R8): nothing to search. A move is
        // still named, the first in generation order, for callers that
        // ask anyway.
        info(&result);
        return result;
    }
    let threads = rayon::current_num_threads();
    let private_bits = (depth + 6).clamp(PRIVATE_MIN_BITS, PRIVATE_MAX_BITS);
    let mut root = Root {
        shared: Shared::new(depth, weights, split_tests_from),
        pool: Pool::new(threads, 1 << private_bits),
        moves: moves
            .iter()
            .enumerate()
            .map(|(gen, mv)| RootMove {
                gen,
                node: Sibling::new(pos, mv, gen as u8, quiet),
            })
            .collect(),
        cost: Cost::serial(1),
    };
    // What the last iteration's expected line taught about move order.
    let mut ordering = Box::new(Ordering::default());
    for d in 1..=depth {
        ordering = root.iteration(pos, d, result.score, &ordering);
        result = root.result(d);
        info(&result);
        // The best move first, then the most promising: the next
        // iteration's search order.
        root.moves.sort_by_key(|r| (Reverse(r.node.score), r.gen));
    }
    result
}

/// What the bar a root move must clear to beat the first one's score `s`
/// is: a move generated before the first (`first_gen`) wins a tie, so it
/// only has to reach `s`; one generated after has to beat it.
fn bar(first_gen: usize, gen: usize, s: i32) -> i32 {
    if gen < first_gen {
        s - 1
    } else {
        s
    }
}

/// One search's root: its moves, in search order, and what its
/// iterations share.
struct Root {
    shared: Shared,
    pool: Pool,
    moves: Vec<RootMove>,
    /// The work and ideal times of every iteration so far.
    cost: Cost,
}

impl Root {
    /// One iteration, `depth` turns deep, after one that scored `prev`,
    /// starting from the move order `ord`: its rounds. The move order the
    /// expected move's line ended with, for the next iteration.
    fn iteration(
        &mut self,
        pos: &Position,
        depth: u32,
        prev: i32,
        ord: &Ordering,
    ) -> Box<Ordering> {
        self.shared.reach = depth + ENDING_EXTRA;
        let cd = self.shared.child_depth(pos, depth, 0);
        let head_ord = self.first_round(depth, cd, prev, ord);
        let s = self.moves[0].node.score;
        self.test_others(cd, s, &head_ord);
        self.search_passed(cd, s, &head_ord);
        for r in &mut self.moves {
            r.node.release(&self.pool);
        }
        head_ord
    }

    /// Round 1: the expected best move, splitting along its line (its
    /// reply searched `cd` turns deep), in an aspiration window around
    /// `prev` that widens on the side that fails, four times more each
    /// time. The first try, from depth 2 on, has the other moves tested
    /// beside it ([`Root::expected_with_tests`]). The move order its line
    /// ended with.
    fn first_round(&mut self, depth: u32, cd: u32, prev: i32, ord: &Ordering) -> Box<Ordering> {
        let (mut lo, mut hi) = if depth >= 3 && prev.abs() < MATE_BOUND {
            (prev - ASPIRATION, prev + ASPIRATION)
        } else {
            (-INF, INF)
        };
        let mut widen = ASPIRATION;
        let mut with_tests = depth >= 2;
        loop {
            self.shared.tt.flush();
            let mut r = if with_tests {
                self.expected_with_tests(cd, lo, hi, prev, ord)
            } else {
                let env = Env {
                    sh: &self.shared,
                    pool: &self.pool,
                };
                let r = self.moves[0].node.split(env, ord, cd, 1, lo, hi);
                self.cost = self.cost.then(r.cost);
                r
            };
            with_tests = false;
            let log = std::mem::take(&mut r.log);
            let tests = self.moves[1..].iter_mut().map(|r| r.node.take_log());
            self.shared.tt.defer(log.into_iter().chain(tests));
            let s = self.moves[0].node.score;
            widen *= 4;
            if s <= lo && lo > -INF {
                lo = if widen > 1_000 { -INF } else { lo - widen };
            } else if s >= hi && hi < INF {
                hi = if widen > 1_000 { INF } else { hi + widen };
            } else {
                return r.ord;
            }
        }
    }

    /// The expected move within `(lo, hi)`, with every other root move
    /// tested beside it against `prev` (the last iteration's score: a
    /// guess, since the real one is not known yet). In phases: the reply's
    /// first move and, beside it, the reply's other moves and the root
    /// moves tested, in one queue started longest first; after a merge,
    /// the reply's other moves against the value the first reached and,
    /// beside them, the second round's tests at the expected move's score
    /// so far; after another merge, the exact values of the replies that
    /// beat the first one, split into tasks.
    fn expected_with_tests(&mut self, cd: u32, lo: i32, hi: i32, prev: i32, ord: &Ordering) -> Res {
        let first_gen = self.moves[0].gen;
        let (head, rest) = self.moves.split_at_mut(1);
        let tests = rest
            .iter_mut()
            .map(|r| Test {
                bar: bar(first_gen, r.gen, prev),
                sib: &mut r.node,
                depth: cd,
                ply: 1,
            })
            .collect();
        let h = &head[0].node;
        let env = Env {
            sh: &self.shared,
            pool: &self.pool,
        };
        let mut node = match open_split(env, ord, &h.child, h.quiet, cd, 1, -hi, -lo, tests) {
            Split::Done(res) => {
                self.cost = self.cost.then(res.cost);
                return head[0].node.settle(res);
            }
            Split::Open(node) => node,
        };
        self.cost = self.cost.then(node.cost);
        // Merged only if the next phase searches anything: otherwise the
        // next round that does merges it.
        self.shared.tt.defer(node.take_logs_with(rest).into_iter());
        let so_far = (node.sibs[0].score > node.alpha).then(|| -node.bar());
        let need = |gen| so_far.map(|s| bar(first_gen, gen, s));
        if node.has_work(rest, need) {
            self.shared.tt.flush();
        }
        let env = Env {
            sh: &self.shared,
            pool: &self.pool,
        };
        self.cost = self
            .cost
            .then(node.search_others(env, rest, cd, need, false));
        if node.sibs[1..].iter().any(|s| s.open) {
            self.shared.tt.defer(node.take_logs_with(rest).into_iter());
            self.shared.tt.flush();
            let env = Env {
                sh: &self.shared,
                pool: &self.pool,
            };
            self.cost = self.cost.then(node.split_open(env));
        }
        head[0].node.settle(node.close())
    }

    /// Round 2: every other move with a null window against the expected
    /// move's score `s` (see [`bar`]): can it do better? Only the moves
    /// whose last test leaves it open become tasks.
    fn test_others(&mut self, cd: u32, s: i32, ord: &Ordering) {
        let first_gen = self.moves[0].gen;
        let tests: Vec<Test> = self.moves[1..]
            .iter_mut()
            .filter_map(|r| {
                let bar = bar(first_gen, r.gen, s);
                (!r.node.decided(bar)).then_some(Test {
                    sib: &mut r.node,
                    depth: cd,
                    ply: 1,
                    bar,
                })
            })
            .collect();
        if !tests.is_empty() {
            self.shared.tt.flush();
        }
        let env = Env {
            sh: &self.shared,
            pool: &self.pool,
        };
        let jobs = self.pool.expected(tests.into_iter(), |t| t.sib.key(env.sh));
        let costs: Vec<Cost> = longest_first(jobs, |t| t.run(env, ord));
        let mut phase = Phase::default();
        phase.tasks(&costs);
        self.cost = self.cost.then(phase.cost());
        let logs = self.moves[1..].iter_mut().map(|r| r.node.take_log());
        self.shared.tt.defer(logs);
    }

    /// Rounds 3…: the exact values of the moves that passed their test
    /// against `s`, side by side, widening the upper bound until none
    /// fails high.
    fn search_passed(&mut self, cd: u32, s: i32, ord: &Ordering) {
        let mut hi = s + ASPIRATION;
        let mut widen = ASPIRATION;
        loop {
            let open: Vec<&mut RootMove> =
                self.moves[1..].iter_mut().filter(|r| r.node.open).collect();
            if open.is_empty() {
                break;
            }
            self.shared.tt.flush();
            let env = Env {
                sh: &self.shared,
                pool: &self.pool,
            };
            let jobs = self.pool.expected(open.into_iter(), |r| r.node.key(env.sh));
            let done: Vec<Res> = longest_first(jobs, |r| {
                let res = r.node.split(env, ord, cd, 1, s - 1, hi);
                r.node.open = r.node.score >= hi && hi < INF;
                env.pool.learn(r.node.key(env.sh), res.cost);
                res
            });
            let mut phase = Phase::default();
            for r in &done {
                phase.add(r.cost);
            }
            self.cost = self.cost.then(phase.cost());
            self.shared.tt.defer(done.into_iter().flat_map(|r| r.log));
            widen *= 4;
            hi = if widen > 1_000 { INF } else { hi + widen };
        }
    }

    /// The result of an iteration `depth` turns deep: the highest score;
    /// among equals, the move generated first. Moves that failed their
    /// test carry an upper bound that loses to the best score.
    fn result(&self, depth: u32) -> SearchResult {
        let best = self
            .moves
            .iter()
            .enumerate()
            .max_by_key(|(_, r)| (r.node.score, Reverse(r.gen)))
            .map_or(0, |(i, _)| i);
        let r = &self.moves[best].node;
        SearchResult {
            best: Some(r.mv),
            score: r.score,
            depth,
            nodes: self.cost.work,
            pv: std::iter::once(r.mv)
                .chain(principal_variation(&r.child, &r.pv[1..]))
                .collect(),
            ideal: self.cost.time,
        }
    }
}

/// The line from `pos` given as move indices in generation order.
pub(super) fn principal_variation(pos: &Position, line: &[u8]) -> Vec<Move> {
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
