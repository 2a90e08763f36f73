//! The cost model: the work of a part of the task tree, and how long it
//! would take on [`IDEAL_THREADS`] threads with perfect scheduling and no
//! overhead. It depends on nothing but the search itself.

use super::params::IDEAL_THREADS;

/// The work and ideal run times (on [`IDEAL_THREADS`] threads) of a part of
/// the task tree, in nodes.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Cost {
    pub(super) work: u64,
    pub(super) time: [u64; 3],
}

impl Cost {
    /// Work that one thread does alone.
    pub(super) fn serial(nodes: u64) -> Cost {
        Cost {
            work: nodes,
            time: [nodes; 3],
        }
    }

    /// What was added since `earlier`.
    pub(super) fn since(self, earlier: Cost) -> Cost {
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
    pub(super) fn then(self, next: Cost) -> Cost {
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
pub(super) struct Phase {
    pub(super) work: u64,
    pub(super) longest: [u64; 3],
}

impl Phase {
    /// A part that runs beside the others.
    pub(super) fn add(&mut self, c: Cost) {
        self.work += c.work;
        for (l, t) in self.longest.iter_mut().zip(c.time) {
            *l = (*l).max(t);
        }
    }

    /// Tasks that run side by side.
    pub(super) fn tasks(&mut self, costs: &[Cost]) {
        for &c in costs {
            self.add(c);
        }
    }

    /// The phase as a whole: the longer of its longest part and its work
    /// shared evenly.
    pub(super) fn cost(&self) -> Cost {
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
