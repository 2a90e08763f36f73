//! Running a phase's tasks: longest first from one queue, and waiting for
//! the last of them.

use super::params::POLL_SPINS;
use std::sync::atomic::{
    AtomicBool, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::Mutex;

/// How many searches are running in the process (`search_inner`).
pub(super) static SEARCHES: AtomicUsize = AtomicUsize::new(0);

/// One running search, counted in [`SEARCHES`]; when dropped, the search
/// has ended: it sets its flag, which stops the search's pollers, and
/// counts the search out.
pub(super) struct Running<'a>(pub(super) &'a AtomicBool);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.store(true, Release);
        SEARCHES.fetch_sub(1, Relaxed);
    }
}

/// Run the pool's tasks on this thread as they come, until `done` is set
/// or another search starts.
///
/// A pool thread that finds no work sleeps, and the next phase's first
/// task has to wake it: between phases a search would wait for the kernel
/// to wake the other thread, often on the CPU of the thread that woke it.
/// Polling instead keeps a core busy while a search runs; between searches
/// every thread sleeps.
///
/// Only a search alone in the process polls: a thread caught polling
/// for one search inside another search's wait would hold that search up
/// until the first ended, and two searches each polling under the
/// other's could wait for each other for ever. So a search that starts
/// beside another polls not at all, and the pollers of a running one
/// stop when another starts.
pub(super) fn poll(done: &AtomicBool) {
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
pub(super) struct Done<'a>(pub(super) &'a AtomicUsize);

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
/// later, sleeps until the other thread wakes it.
///
/// Only while the search is alone in the process, as for [`poll`]: beside
/// another search it waits as rayon does.
pub(super) fn spin_until(left: &AtomicUsize) {
    spin_while(|| left.load(Acquire) != 0);
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
/// The queue is a counter over the sorted jobs, not a job on the heap for
/// each task: this thread and, beside it, a helper for each other thread
/// (`rayon::join`, whose jobs live on the stack) take the next job until
/// none is left; then this thread waits for the others' last ones
/// ([`spin_until`]).
pub(super) fn longest_first<T: Send, R: Send>(
    jobs: Vec<(u64, T)>,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
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

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

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
