//! Giving the memory a search freed back to the system.
//!
//! A search allocates its tables on the search threads and frees them when
//! it returns. With glibc, memory freed inside a thread's arena stays in the
//! process (resident and counted as its own) until something asks for it
//! back, and the pieces left between the next searches' tables let the
//! arenas grow game after game. [`release_freed`], called once a reply is
//! found, hands every whole free page back, so the app's memory after a
//! hundred games is what it was after a few.

/// Returns the whole free pages of every malloc arena to the system: once
/// per CPU reply, off the main thread (a walk over the arenas, well under a
/// millisecond when little is free). Elsewhere than Linux with glibc it
/// does nothing; other allocators give pages back by themselves.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims the allocator's own arenas,
    // under their locks; it takes no pointer from us.
    unsafe {
        libc::malloc_trim(0);
    }
}
