//! A search alone in the process holds each thread of its pool on a CPU of
//! its own while it runs, and lets them all go when it ends (Linux; see
//! `engine/src/affinity.rs`). In a test binary of its own: a search
//! running beside another, as the tests of one binary do, is not alone.
#![cfg(target_os = "linux")]

use checkers::{parse_fen, search_with_info};
use std::collections::BTreeMap;

/// The CPUs in a list such as `0-3,6`.
fn cpu_list(text: &str) -> Vec<usize> {
    text.trim()
        .split(',')
        .flat_map(|part| {
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            a.parse::<usize>().unwrap()..=b.parse::<usize>().unwrap()
        })
        .collect()
}

/// The CPUs a task's `status` file says it may run on.
fn allowed(status: &str) -> Vec<usize> {
    cpu_list(
        status
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .unwrap(),
    )
}

/// Every thread of the process whose name starts with `prefix`, with the
/// CPUs it may run on.
fn threads_named(prefix: &str) -> BTreeMap<String, Vec<usize>> {
    let mut found = BTreeMap::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap() {
        let dir = task.unwrap().path();
        // A thread may end between the listing and the reads.
        let (Ok(name), Ok(status)) = (
            std::fs::read_to_string(dir.join("comm")),
            std::fs::read_to_string(dir.join("status")),
        ) else {
            continue;
        };
        if let Some(name) = name.trim().strip_prefix(prefix) {
            found.insert(name.to_string(), allowed(&status));
        }
    }
    found
}

#[test]
fn a_search_alone_keeps_each_thread_on_its_cpu_and_lets_go_after() {
    let all = allowed(&std::fs::read_to_string("/proc/self/status").unwrap());
    if all.len() < 2 {
        eprintln!("one CPU: nothing to pin");
        return;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(all.len())
        .thread_name(|i| format!("pinned-{i}"))
        .build()
        .unwrap();
    // Every thread has started, and so carries its name.
    pool.broadcast(|_| ());
    let p =
        parse_fen("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12").unwrap();
    let mut seen = Vec::new();
    pool.install(|| {
        search_with_info(&p, 0, 13, |_| seen.push(threads_named("pinned-")));
    });
    // While it ran: the root thread (the one reporting) on one CPU all
    // along, and at some report every thread on a CPU of its own, the
    // pool's threads covering every CPU.
    assert_eq!(seen.len(), 13);
    for s in &seen {
        assert_eq!(s.len(), all.len(), "{s:?}");
        assert!(s.values().any(|cpus| cpus.len() == 1), "{s:?}");
    }
    assert!(
        seen.iter().any(|s| {
            let mut one: Vec<usize> = s.values().filter(|c| c.len() == 1).map(|c| c[0]).collect();
            one.sort_unstable();
            one == all
        }),
        "{seen:?}"
    );
    // After: every thread free again.
    let after = threads_named("pinned-");
    assert_eq!(after.len(), all.len());
    for cpus in after.values() {
        assert_eq!(cpus, &all, "{after:?}");
    }
    // A pool with more threads than CPUs is left alone.
    let crowded = rayon::ThreadPoolBuilder::new()
        .num_threads(all.len() + 1)
        .thread_name(|i| format!("crowded-{i}"))
        .build()
        .unwrap();
    crowded.broadcast(|_| ());
    let mut seen = Vec::new();
    crowded.install(|| {
        search_with_info(&p, 0, 8, |_| seen.push(threads_named("crowded-")));
    });
    for s in &seen {
        for cpus in s.values() {
            assert_eq!(cpus, &all, "{s:?}");
        }
    }
}
