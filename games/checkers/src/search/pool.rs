//! Private contexts handed out to tasks and taken back, and what each
//! task's position took to search, which decides only the order tasks
//! start in.

use super::context::Context;
use super::ideal::Cost;
use super::ordering::Ordering;
use super::sched::lock;
use std::collections::HashMap;
use std::sync::Mutex;

/// Private contexts, handed out to tasks and taken back, so that a search
/// allocates only as many as run at once. Each thread keeps those it gave
/// back: a context taken again on the same core finds its table still in
/// that core's cache; a thread with none left takes one another thread
/// gave back before it makes a new one. (A context handed out is as good
/// as new whichever it is, so which one a task gets changes nothing in the
/// search.)
pub(super) struct Pool {
    /// Each thread's contexts, given back and ready to hand out.
    free: Vec<Mutex<Vec<Context>>>,
    /// The most work each sibling's position took so far, by hash key:
    /// only to start the longest tasks first.
    work: Mutex<HashMap<u64, u64>>,
    /// Entries of a new context's private table (a power of two).
    entries: usize,
}

impl Pool {
    /// An empty pool for `threads` threads of contexts with `entries`
    /// table entries.
    pub(super) fn new(threads: usize, entries: usize) -> Pool {
        Pool {
            free: (0..threads.max(1))
                .map(|_| Mutex::new(Vec::new()))
                .collect(),
            entries,
            work: Mutex::new(HashMap::new()),
        }
    }

    /// The thread that runs this, among the pool's (its free list).
    fn home(&self) -> usize {
        rayon::current_thread_index().unwrap_or(0) % self.free.len()
    }

    /// The free list of the thread that runs this.
    fn own(&self) -> &Mutex<Vec<Context>> {
        &self.free[self.home()]
    }

    /// A context as good as new (empty table) that starts from `ord`.
    pub(super) fn acquire(&self, ord: &Ordering) -> Context {
        let own = lock(self.own()).pop();
        let reused = own.or_else(|| self.free.iter().find_map(|f| lock(f).pop()));
        let mut ctx = reused.unwrap_or_else(|| Context::new(self.entries));
        ctx.reset(ord);
        ctx
    }

    /// Each item with the most work a search of its position (hash key
    /// `key(item)`) took so far (0 if never), for
    /// [`super::sched::longest_first`].
    pub(super) fn expected<T>(
        &self,
        items: impl Iterator<Item = T>,
        key: impl Fn(&T) -> u64,
    ) -> Vec<(u64, T)> {
        let work = lock(&self.work);
        items
            .map(|t| (work.get(&key(&t)).copied().unwrap_or(0), t))
            .collect()
    }

    /// Remember the work a sibling's search took, for the next start
    /// order: the most any search of it took so far in this search. The
    /// last search alone misleads: a test that the table answered at once
    /// can take a thousand times more nodes one iteration later, and a
    /// long task started last keeps the other threads waiting, while a
    /// short one started early costs nothing.
    pub(super) fn learn(&self, key: u64, c: Cost) {
        let mut work = lock(&self.work);
        let w = work.entry(key).or_insert(0);
        *w = (*w).max(c.work);
    }

    /// Take back a context, onto the free list of the thread that runs
    /// this.
    pub(super) fn release(&self, ctx: Context) {
        lock(self.own()).push(ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expected work of a position is the most any search of it took:
    /// a later search that the table answered at once does not make a
    /// long one look short; unknown positions expect nothing.
    #[test]
    fn expected_work_is_the_most_a_search_took() {
        let pool = Pool::new(1, 1 << 8);
        let keys = [11_u64, 22, 33];
        let expected = |pool: &Pool| -> Vec<u64> {
            let w = pool.expected(keys.iter(), |&&k| k);
            w.into_iter().map(|(w, _)| w).collect()
        };
        pool.learn(keys[0], Cost::serial(500));
        pool.learn(keys[1], Cost::serial(7));
        assert_eq!(expected(&pool), [500, 7, 0]);
        pool.learn(keys[0], Cost::serial(3));
        pool.learn(keys[1], Cost::serial(900));
        assert_eq!(expected(&pool), [500, 900, 0]);
    }
}
