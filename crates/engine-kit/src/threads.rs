//! Running work on a pool of a given number of threads.

use std::fmt;

/// The most threads a command line may ask for: `--threads` and every
/// other thread count take 1 to this.
pub const MAX_THREADS: usize = 256;

/// A thread pool that could not be started.
#[derive(Debug)]
pub struct ThreadsError {
    /// How many threads were asked for.
    pub threads: usize,
    source: rayon::ThreadPoolBuildError,
}

impl fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.threads {
            1 => write!(f, "cannot start a thread: {}", self.source),
            n => write!(f, "cannot start {n} threads: {}", self.source),
        }
    }
}

impl std::error::Error for ThreadsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// A new pool of `threads` threads, or of rayon's default count (all
/// cores, or `RAYON_NUM_THREADS`) when `None`.
pub fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, ThreadsError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    builder.build().map_err(|source| ThreadsError {
        threads: threads.unwrap_or_else(rayon::current_num_threads),
        source,
    })
}

/// Runs `f` on a new pool of `threads` threads and returns what it
/// returns; with `None`, runs it where it is called, on rayon's global
/// pool (all cores, or `RAYON_NUM_THREADS`).
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> Result<T, ThreadsError> {
    match threads {
        None => Ok(f()),
        Some(n) => pool(Some(n)).map(|pool| pool.install(f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_runs_on_the_threads_asked_for() {
        assert_eq!(
            with_threads(Some(3), rayon::current_num_threads).ok(),
            Some(3)
        );
        assert_eq!(
            with_threads(Some(1), rayon::current_num_threads).ok(),
            Some(1)
        );
        let global = rayon::current_num_threads();
        assert_eq!(
            with_threads(None, rayon::current_num_threads).ok(),
            Some(global)
        );
        assert_eq!(pool(Some(2)).map(|p| p.current_num_threads()).ok(), Some(2));
    }
}
