//! The split task tree: the expected line's nodes, whose moves are
//! searched side by side as tasks, and the tests beside them (see the
//! module documentation of `search`).

use super::context::Context;
use super::ideal::{Cost, Phase};
use super::negamax::{bound_of, draw_score, Env, Shared};
use super::ordering::Ordering;
use super::params::{GUESS_PLY, MAX_PLY, SPLIT_MAX_PLY, SPLIT_MIN_DEPTH};
use super::pool::Pool;
use super::sched::{longest_first, spin_until, Done};
use super::score::{score_from_tt, score_to_tt, INF, MATE};
use super::table::{Entry, Log, NO_MOVE};
use crate::movegen::{generate, jumpers, steppers};
use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::rules::{next_quiet, DRAW_QUIET_TURNS};
use crate::Position;
use arrayvec::ArrayVec;
use std::sync::atomic::AtomicUsize;

/// What one part of the task tree found.
pub(super) struct Res {
    /// Fail-soft value for the side to move at the part's node.
    pub(super) score: i32,
    pub(super) cost: Cost,
    /// The entries it stored, for the shared table: in chunks, one per
    /// task, which the merge reads in order (passing the chunks up the
    /// expected line instead of appending them saves copying every entry
    /// once per turn of the line).
    pub(super) log: Vec<Log>,
    /// The line from its node when the value is above the window's lower
    /// bound, as move indices.
    pub(super) pv: ArrayVec<u8, MAX_PLY>,
    /// The move ordering its expected line ended with.
    pub(super) ord: Box<Ordering>,
}

impl Res {
    /// A node decided on the spot.
    pub(super) fn leaf(score: i32, ord: &Ordering) -> Res {
        Res {
            score,
            cost: Cost::serial(1),
            log: Vec::new(),
            pv: ArrayVec::new(),
            ord: Box::new(*ord),
        }
    }
}

/// A move from a node of the expected line, with the context that tests
/// it for as long as the node is open.
pub(super) struct Sibling {
    pub(super) mv: Move,
    pub(super) child: Position,
    pub(super) quiet: u32,
    pub(super) ctx: Option<Context>,
    pub(super) score: i32,
    /// The last test passed: `score` is a lower bound; otherwise an upper
    /// one (or, after an exact search, the value within its window).
    pub(super) open: bool,
    /// The move's index in generation order, then the line after it.
    pub(super) pv: ArrayVec<u8, MAX_PLY>,
}

impl Sibling {
    /// The move `mv` of `pos`, `idx` in generation order, with `quiet`
    /// quiet turns before it; not searched yet.
    pub(super) fn new(pos: &Position, mv: &Move, idx: u8, quiet: u32) -> Sibling {
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

    /// The hash key of the position after the move: what the pool
    /// remembers its work by.
    pub(super) fn key(&self, sh: &Shared) -> u64 {
        sh.key(&self.child, self.quiet)
    }

    /// A null-window test of this move, its reply searched `depth` turns
    /// at `ply`: is it worth more than `bar` to the side moving? The first
    /// test takes a context that starts from `ord`. The nodes it took.
    pub(super) fn test(
        &mut self,
        env: Env,
        ord: &Ordering,
        depth: u32,
        ply: usize,
        bar: i32,
    ) -> Cost {
        let ctx = self.ctx.get_or_insert_with(|| env.pool.acquire(ord));
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
    pub(super) fn decided(&self, need: i32) -> bool {
        self.ctx.is_some()
            && if self.open {
                self.score > need
            } else {
                self.score <= need
            }
    }

    /// The value within `(lo, hi)` in the same context as the tests; the
    /// nodes it took.
    pub(super) fn exact(
        &mut self,
        env: Env,
        ord: &Ordering,
        depth: u32,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Cost {
        let ctx = self.ctx.get_or_insert_with(|| env.pool.acquire(ord));
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
    pub(super) fn split(
        &mut self,
        env: Env,
        ord: &Ordering,
        depth: u32,
        ply: usize,
        lo: i32,
        hi: i32,
    ) -> Res {
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
    /// the node's order instead, the tree grows), and
    /// without their context's table: the caller merged what they stored.
    pub(super) fn split_after_tests(
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
    pub(super) fn settle(&mut self, res: Res) -> Res {
        self.score = -res.score;
        self.pv.truncate(1);
        self.pv.extend(res.pv.iter().copied().take(MAX_PLY - 1));
        res
    }

    /// The entries this move's tests stored since the last merge.
    pub(super) fn take_log(&mut self) -> Log {
        self.ctx
            .as_mut()
            .map_or_else(Log::default, |c| std::mem::take(&mut c.log))
    }

    /// Give the context back to the pool.
    pub(super) fn release(&mut self, pool: &Pool) {
        if let Some(ctx) = self.ctx.take() {
            pool.release(ctx);
        }
    }
}

/// `pos` searched as one task: plain alpha-beta in a private context that
/// starts from `ord`.
#[allow(clippy::too_many_arguments)]
pub(super) fn task(
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
pub(super) enum Split {
    /// Nothing left to search: too shallow to split, decided on the spot,
    /// or the first move refutes.
    Done(Res),
    /// The other moves are still to search (phase 2).
    Open(OpenNode),
}

/// A split node whose expected move is searched and whose other moves are
/// still to search, each against the value it has so far.
pub(super) struct OpenNode {
    pub(super) key: u64,
    pub(super) depth: u32,
    pub(super) ply: usize,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    pub(super) child_depth: u32,
    /// The moves in search order; the first is searched.
    pub(super) sibs: Vec<Sibling>,
    pub(super) log: Vec<Log>,
    pub(super) cost: Cost,
    /// The move order the first move's search ended with.
    pub(super) ord: Box<Ordering>,
}

/// One root move: its place in generation order (the tie-break) and its
/// search.
pub(super) struct RootMove {
    pub(super) gen: usize,
    pub(super) node: Sibling,
}

impl RootMove {
    /// What this move has to be tested against in the phase after the
    /// reply's first move: `need(gen)`, when it is known and the move's
    /// last test does not already answer it.
    pub(super) fn open_need(&self, need: impl Fn(usize) -> Option<i32>) -> Option<i32> {
        need(self.gen).filter(|&n| !self.node.decided(n))
    }
}

/// A task of the phase that follows the first root move's reply: one of
/// the reply's other moves, or another root move tested again.
pub(super) enum Job<'a> {
    Reply(&'a mut Sibling),
    Root(Test<'a>),
}

/// A null-window test of a sibling, `depth` turns deep at `ply`, against
/// `bar`: a task beside the search of a split node's first move.
pub(super) struct Test<'a> {
    pub(super) sib: &'a mut Sibling,
    pub(super) depth: u32,
    pub(super) ply: usize,
    pub(super) bar: i32,
}

impl Test<'_> {
    /// Run it, and remember its work for the next start order; the nodes
    /// it took.
    pub(super) fn run(self, env: Env, ord: &Ordering) -> Cost {
        let c = self.sib.test(env, ord, self.depth, self.ply, self.bar);
        env.pool.learn(self.sib.key(env.sh), c);
        c
    }
}

/// `tests`, side by side and longest first ([`longest_first`]), beside
/// `f`; the value `f` gives, with the cost of the whole.
pub(super) fn beside(
    env: Env,
    ord: &Ordering,
    tests: Vec<Test>,
    f: impl FnOnce() -> Res + Send,
) -> Res {
    if tests.is_empty() {
        return f();
    }
    let jobs = env.pool.expected(tests.into_iter(), |t| t.sib.key(env.sh));
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
pub(super) fn open_split(
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
    let table = sh.tt.read();
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
    pub(super) fn bar(&self) -> i32 {
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
    pub(super) fn search_other(
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
        env.pool.learn(s.key(env.sh), c);
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
    pub(super) fn search_others(
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
        let jobs = env.pool.expected(jobs.into_iter(), |j| match j {
            Job::Reply(s) => s.key(env.sh),
            Job::Root(t) => t.sib.key(env.sh),
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
    /// Searched in its test's task instead, such a search ran alone for
    /// a long part of a search while the other threads waited.
    pub(super) fn split_open(&mut self, env: Env) -> Cost {
        let a = self.bar();
        let (ord, child_depth, ply, beta) = (&*self.ord, self.child_depth, self.ply, self.beta);
        let open = self.sibs[1..].iter_mut().filter(|s| s.open);
        let jobs = env.pool.expected(open, |s| s.key(env.sh));
        let done: Vec<Res> = longest_first(jobs, |s| {
            let res = s.split_after_tests(env, ord, child_depth, ply + 1, a, beta);
            env.pool.learn(s.key(env.sh), res.cost);
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
    pub(super) fn has_work(&self, roots: &[RootMove], need: impl Fn(usize) -> Option<i32>) -> bool {
        let a = self.bar();
        self.sibs[1..].iter().any(|s| s.open || !s.decided(a))
            || roots.iter().any(|r| r.open_need(&need).is_some())
    }

    /// The entries stored so far, the first move's and those of the tests
    /// beside it.
    pub(super) fn take_logs(&mut self) -> Vec<Log> {
        let mut logs = std::mem::take(&mut self.log);
        logs.extend(self.sibs[1..].iter_mut().map(Sibling::take_log));
        logs
    }

    /// [`OpenNode::take_logs`], then those of the root moves `roots` tested
    /// beside this node's phases, in that order (the merge order).
    pub(super) fn take_logs_with(&mut self, roots: &mut [RootMove]) -> Vec<Log> {
        let mut logs = self.take_logs();
        logs.extend(roots.iter_mut().map(|r| r.node.take_log()));
        logs
    }

    /// The node's value once every move is searched.
    pub(super) fn close(self) -> Res {
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
        let bound = bound_of(value, alpha, beta);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench;
    use crate::eval::{evaluate_with, Weights};

    /// A passed test gives a lower bound, a failed one an upper bound:
    /// each answers "worth more than `need`?" on its own side only, and an
    /// untested move answers nothing.
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
            let sh = Shared::new(2, &Weights::default(), 1);
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
}
