//! The memory a search frees leaves the process once the shell asks for it
//! back ([`release_freed`]). A test binary of its own, so that no other
//! test allocates while it reads the process's memory.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use checkers_app_lib::app::memory::release_freed;

/// RssAnon of this process, in kB.
fn rss_anon_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("RssAnon:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn freed_memory_of_another_thread_leaves_the_process() {
    // A thread of its own fills its arena with blocks under the mmap
    // threshold and frees all but the last (so the arena cannot shrink
    // from its top by itself), as a search does with its tables.
    const BLOCKS: usize = 4000;
    const BYTES: usize = 8 * 1024;
    let (keep, before) = std::thread::spawn(|| {
        let mut blocks: Vec<Vec<u8>> = (0..BLOCKS).map(|i| vec![i as u8 | 1; BYTES]).collect();
        let keep = blocks.pop().unwrap();
        drop(blocks);
        (keep, rss_anon_kb())
    })
    .join()
    .unwrap();
    release_freed();
    let after = rss_anon_kb();
    // About 32 MB were freed and kept by the arena; most must go.
    let freed_kb = (BLOCKS * BYTES / 1024) as u64;
    assert!(
        before.saturating_sub(after) > freed_kb / 2,
        "RssAnon {before} kB before, {after} kB after"
    );
    assert_eq!(keep[0], ((BLOCKS - 1) as u8) | 1);
}
