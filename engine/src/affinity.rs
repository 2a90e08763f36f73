//! Keeping each thread of a search on a CPU of its own while the search
//! runs (Linux only; elsewhere nothing is done).
//!
//! A pool thread that waits inside a task for another thread's task
//! sleeps, and the thread that finishes that task wakes it. The kernel
//! may put the woken thread on the CPU of the thread that woke it, which
//! goes on running, so the two share one CPU until the kernel moves one;
//! and a CPU left idle meanwhile is, on a virtual machine, one the host
//! takes back and gives again only after a while. On the AMD EPYC virtual
//! machine of issue 14, with the searches paced by a script that runs a
//! few commands between them (`LOCKSTEP=1 scripts/bench-threads`), the
//! two threads of a 2-thread search ran half their time slices on each
//! CPU and waited for a CPU three times as long as with the searches
//! paced by a program that runs nothing between them; two threads were
//! 0.72x to 0.92x as fast as one at depth 9, and 1.30x to 1.47x once each
//! thread was held on a CPU of its own. Which CPU made no difference
//! (the threads swapped CPUs at every search: 1.18x to 1.52x); that each
//! has its own did (`docs/parallel-search.md`, "Stop 41").
//!
//! Only the scheduling changes: what each task computes, and so the
//! search's result, is the same wherever it runs. Not on Android: a phone
//! mixes fast and slow cores, and a thread held on a slow one for a whole
//! search could be the one the others wait for.

/// A thread held on one CPU; its CPU mask from before is put back when
/// dropped.
pub(crate) struct Pinned {
    #[cfg(target_os = "linux")]
    before: Option<libc::cpu_set_t>,
}

/// The calling thread's CPU mask, or `None` when the system refuses.
#[cfg(target_os = "linux")]
fn mask() -> Option<libc::cpu_set_t> {
    // SAFETY: an all-zero `cpu_set_t` is an empty set, and the call gets
    // the set's true size.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    let size = std::mem::size_of::<libc::cpu_set_t>();
    (unsafe { libc::sched_getaffinity(0, size, &mut set) } == 0).then_some(set)
}

/// The CPUs in `set`, in increasing order.
#[cfg(target_os = "linux")]
fn cpus(set: &libc::cpu_set_t) -> impl Iterator<Item = usize> + '_ {
    (0..libc::CPU_SETSIZE as usize).filter(move |&c| unsafe { libc::CPU_ISSET(c, set) })
}

/// Hold the calling thread, thread `index` of a pool of `threads`, on the
/// `index`-th CPU it may run on, until the guard is dropped; nothing when
/// the thread may run on more or fewer CPUs than the pool has threads
/// (the pool does not have the machine to itself, or threads share
/// CPUs anyway), or when the system refuses.
#[cfg(target_os = "linux")]
pub(crate) fn pin(index: usize, threads: usize) -> Pinned {
    const NONE: Pinned = Pinned { before: None };
    let Some(before) = mask() else {
        return NONE;
    };
    if cpus(&before).count() != threads {
        return NONE;
    }
    let Some(cpu) = cpus(&before).nth(index) else {
        return NONE;
    };
    // SAFETY: as in `mask`.
    let mut one: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    unsafe { libc::CPU_SET(cpu, &mut one) };
    if unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &one) } != 0 {
        return NONE;
    }
    Pinned {
        before: Some(before),
    }
}

/// Elsewhere than on Linux, nothing.
#[cfg(not(target_os = "linux"))]
pub(crate) fn pin(_index: usize, _threads: usize) -> Pinned {
    Pinned {}
}

impl Drop for Pinned {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        if let Some(before) = &self.before {
            // SAFETY: the set read by `sched_getaffinity`, with its size.
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), before) };
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::{cpus, mask, pin};

    /// The CPUs the calling thread may run on.
    fn allowed() -> Vec<usize> {
        cpus(&mask().unwrap()).collect()
    }

    #[test]
    fn a_pinned_thread_runs_on_its_cpu_until_the_guard_goes() {
        // On a thread of its own, so that the test's thread keeps its mask
        // whatever happens.
        std::thread::spawn(|| {
            let all = allowed();
            let n = all.len();
            for index in [0, n - 1] {
                let guard = pin(index, n);
                assert_eq!(allowed(), vec![all[index]]);
                drop(guard);
                assert_eq!(allowed(), all);
            }
            // A pool with more or fewer threads than CPUs is left alone,
            // and so is an index past the CPUs.
            for (index, threads) in [(0, n + 1), (0, n.saturating_sub(1)), (n, n)] {
                let _guard = pin(index, threads);
                assert_eq!(allowed(), all, "{index} of {threads}");
            }
        })
        .join()
        .unwrap();
    }
}
