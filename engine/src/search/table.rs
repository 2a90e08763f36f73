//! The transposition tables: one-word slots in buckets of two, stamped so
//! that a new search empties a table without clearing it; each thread's
//! copy of the shared table, and the merges that keep the copies the same.

use super::params::MERGE_PREFETCH;
use super::sched::lock;
use crate::{Color, Position};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

/// A table slot is one word (see [`Entry`] for the data's bits):
///
/// ```text
///  63          41 40       33 32                  0
/// | key's top 23 |  stamp 8  |  data 33 (Entry)    |
/// ```
///
/// The bucket is chosen by the key's low bits and the slot keeps its top
/// 23, so a probe tells positions apart by 35 to 40 of the key's bits (the
/// bucket's 12 to 17, and these): a position taken for another once in
/// millions of probes, which changes a score's bound here and there, never
/// a rule (the search only plays moves it generated). One word a slot
/// keeps the tables half the size that two words with the whole key
/// take, small enough for a core's caches.
pub(super) const STAMP_SHIFT: u32 = 33;
/// Where the key's checked top bits start in a slot's word.
pub(super) const CHECK_SHIFT: u32 = 41;

/// Stamps go from 1 to `STAMP_LIMIT - 1`; 0 is never current, so zeroed
/// memory is empty, and a table whose stamp runs out is zeroed again.
pub(super) const STAMP_LIMIT: u64 = 1 << (CHECK_SHIFT - STAMP_SHIFT);

/// The stored score is at most the value (the search failed low).
pub(super) const BOUND_UPPER: u8 = 1;
/// The stored score is at least the value (the search failed high).
pub(super) const BOUND_LOWER: u8 = 2;
/// The stored score is the value.
pub(super) const BOUND_EXACT: u8 = 3;
/// No best move (a move index is a byte).
pub(super) const NO_MOVE: u8 = u8::MAX;

/// A transposition-table entry, unpacked. In a table it is the low 33 bits
/// of a slot's word ([`STAMP_SHIFT`]), packed by [`Entry::pack`]:
///
/// ```text
///  32        25 24   23 22     16 15             0
/// | best 8     | bound | depth 7 | score 16        |
/// ```
///
/// Depths stay under 128 turns ([`super::MAX_DEPTH`]) and `best` is a byte
/// ([`NO_MOVE`] for none).
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) score: i16,
    pub(super) depth: u8,
    pub(super) bound: u8,
    /// The best move's index in the position's generation order.
    pub(super) best: u8,
}

impl Entry {
    #[inline]
    pub(super) fn pack(self) -> u64 {
        (self.score as u16 as u64)
            | (self.depth as u64) << 16
            | (self.bound as u64) << 23
            | (self.best as u64) << 25
    }

    #[inline]
    pub(super) fn unpack(w: u64) -> Entry {
        Entry {
            score: w as u16 as i16,
            depth: (w >> 16) as u8 & 0x7f,
            bound: (w >> 23) as u8 & 3,
            best: (w >> 25) as u8,
        }
    }
}

/// Entries a task stored for the shared table, in the order stored.
pub(super) type Log = Vec<[u64; 2]>;

/// The stamp slot word `w` was stored with.
#[inline]
pub(super) fn slot_stamp(w: u64) -> u64 {
    (w >> STAMP_SHIFT) % STAMP_LIMIT
}

/// Whether slot word `w` is live under `stamp` and holds `key` (as far
/// as its top bits tell: see [`STAMP_SHIFT`]).
#[inline]
pub(super) fn holds(w: u64, key: u64, stamp: u64) -> bool {
    w >> STAMP_SHIFT == (key >> CHECK_SHIFT) << (CHECK_SHIFT - STAMP_SHIFT) | stamp
}

/// Store `key`'s `data` in the bucket starting at `slots[b]`, stamped with
/// `stamp`: the first slot keeps the deepest result, the second the most
/// recent one that did not displace it. A slot of another stamp is empty.
#[inline]
pub(super) fn store_slot(slots: &mut [u64], b: usize, key: u64, data: u64, stamp: u64) {
    let (slot, w) = slot_for(slots[b], b, key, data, stamp);
    slots[slot] = w;
}

/// Where [`store_slot`] stores `key`'s `data` in the bucket at `b` whose
/// first slot holds `w0`, and the word it stores there.
#[inline]
pub(super) fn slot_for(w0: u64, b: usize, key: u64, data: u64, stamp: u64) -> (usize, u64) {
    let slot = if slot_stamp(w0) != stamp
        || holds(w0, key, stamp)
        || Entry::unpack(w0).depth <= Entry::unpack(data).depth
    {
        b
    } else {
        b + 1
    };
    (
        slot,
        (key >> CHECK_SHIFT) << CHECK_SHIFT | stamp << STAMP_SHIFT | data,
    )
}

/// The entry stored under `key` in the bucket starting at `slots[b]`, if
/// it has the current `stamp`.
#[inline]
pub(super) fn probe_slot(slots: &[u64], b: usize, key: u64, stamp: u64) -> Option<Entry> {
    entry_in([slots[b], slots[b + 1]], key, stamp)
}

/// The entry stored under `key` in a bucket whose two slots hold `words`,
/// if it has the current `stamp` ([`probe_slot`]).
#[inline]
pub(super) fn entry_in(words: [u64; 2], key: u64, stamp: u64) -> Option<Entry> {
    words
        .into_iter()
        .find(|&w| holds(w, key, stamp))
        .map(Entry::unpack)
}

/// Ask the core to bring the bucket at `slots[b]` into its cache, without
/// waiting for it: a hint, with no effect on what the program computes
/// (a no-op off x86-64 and AArch64, or past the end of `slots`).
#[inline(always)]
pub(super) fn prefetch<T>(slots: &[T], b: usize) {
    let Some(slot) = slots.get(b) else {
        return;
    };
    let _p: *const T = slot;
    // SAFETY: a prefetch reads nothing the program sees and never faults,
    // whatever the address (here that of a live slot); SSE, which the
    // intrinsic is marked with, is part of every x86-64 CPU.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(_p.cast())
    };
    // SAFETY: as above; `prfm` only hints, and touches no register but
    // its address operand and no flags.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!(
            "prfm pldl1keep, [{p}]",
            p = in(reg) _p,
            options(nostack, preserves_flags, readonly)
        )
    };
}

/// A thread's copy of the shared table: one-word slots ([`STAMP_SHIFT`])
/// in buckets of two, the first keeping the deepest result, the second the
/// most recent one that did not displace it ([`store_slot`]). Only entries
/// of the table's stamp are live, so a table starts empty without
/// clearing its memory.
///
/// The slots are atomics (plain loads and stores on x86-64 and AArch64)
/// so that the thread that owns the copy can store a merge into it while
/// the others' tasks read theirs; no other thread touches it meanwhile.
#[repr(align(128))]
pub(super) struct Table {
    pub(super) slots: Vec<AtomicU64>,
    pub(super) mask: usize,
    pub(super) stamp: u64,
    /// The thread whose copy of the shared table this is.
    pub(super) home: usize,
    /// How many of the search's merges it holds ([`SharedTable::read`]).
    pub(super) stored: AtomicUsize,
}

impl Table {
    /// An empty table for thread `home`, in the memory an earlier search
    /// left in [`SPARE_TABLES`] when it is the right size
    /// ([`take_spare`]): a new stamp empties it.
    fn new(home: usize, entries: usize) -> Table {
        let spare = take_spare(&mut lock(&SPARE_TABLES), home, entries);
        let (mut slots, mut stamp) = spare.map(|t| (t.slots, t.stamp)).unwrap_or_default();
        stamp += 1;
        if slots.len() != entries {
            slots = (0..entries).map(|_| AtomicU64::new(0)).collect();
            stamp = 1;
        } else if stamp >= STAMP_LIMIT {
            slots.iter_mut().for_each(|w| *w.get_mut() = 0);
            stamp = 1;
        }
        Table {
            slots,
            mask: entries - 1,
            stamp,
            home,
            stored: AtomicUsize::new(0),
        }
    }

    /// The bucket of two slots a key may occupy.
    #[inline]
    pub(super) fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    /// The entry stored under `key`, as [`probe_slot`] finds it.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        let words = [self.slots[b].load(Relaxed), self.slots[b + 1].load(Relaxed)];
        entry_in(words, key, self.stamp)
    }

    /// Store every entry of `logs`, in order, as [`store_slot`] does, each
    /// bucket asked for [`MERGE_PREFETCH`] entries ahead ([`prefetch`]).
    /// Only the thread that owns the copy calls this.
    pub(super) fn merge(&self, logs: &[Log]) {
        for log in logs {
            for (i, &[key, data]) in log.iter().enumerate() {
                if let Some(&[ahead, _]) = log.get(i + MERGE_PREFETCH) {
                    prefetch(&self.slots, self.bucket(ahead));
                }
                let b = self.bucket(key);
                let (slot, w) = slot_for(self.slots[b].load(Relaxed), b, key, data, self.stamp);
                self.slots[slot].store(w, Relaxed);
            }
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        lock(&SPARE_TABLES).push(SpareTable {
            slots: std::mem::take(&mut self.slots),
            stamp: self.stamp,
            home: self.home,
        });
    }
}

/// The copies of the shared table that searches leave for the next one:
/// only memory, since a new stamp empties a table.
static SPARE_TABLES: Mutex<Vec<SpareTable>> = Mutex::new(Vec::new());

/// A copy of the shared table between searches: its memory, the stamp of
/// its last search and the thread whose copy it was.
pub(super) struct SpareTable {
    pub(super) slots: Vec<AtomicU64>,
    pub(super) stamp: u64,
    pub(super) home: usize,
}

/// The spare table for thread `home` with `entries` slots: the last one
/// that thread left, else the last one of that size, else the last one
/// (whose memory is then replaced), so that every search takes one for
/// each it gave back.
///
/// A thread that takes its own copy back finds it in its own core's
/// caches; taken last in first out, every second search would give each
/// thread the other's, memory the other core had written.
pub(super) fn take_spare(
    spare: &mut Vec<SpareTable>,
    home: usize,
    entries: usize,
) -> Option<SpareTable> {
    let fits = |t: &SpareTable| t.slots.len() == entries;
    let i = spare
        .iter()
        .rposition(|t| t.home == home && fits(t))
        .or_else(|| spare.iter().rposition(fits))
        .or_else(|| spare.len().checked_sub(1))?;
    Some(spare.remove(i))
}

/// The shared table: one copy per thread, and the merges that keep the
/// copies the same.
///
/// While tasks run it is read-only. Between rounds the entries the tasks
/// logged become one merge ([`SharedTable::defer`], [`SharedTable::flush`]),
/// which each thread stores, in order, into its own copy the first time
/// it reads the copy afterwards ([`SharedTable::read`]). So the copies are
/// the same on any thread count, and the entries a task reads were written
/// by its own core.
pub(super) struct SharedTable {
    /// One copy per thread, each merged by its own thread and read by the
    /// tasks that run there.
    copies: Vec<Table>,
    /// Logged entries not merged yet, in merge order.
    pending: Vec<Log>,
    /// The merges that some copy has not stored yet, oldest first.
    merges: Vec<Vec<Log>>,
    /// How many merges of this search came before `merges[0]` (every copy
    /// has stored those).
    stored_by_all: usize,
}

impl SharedTable {
    /// An empty table of `entries` entries with a copy for each of
    /// `threads` threads.
    pub(super) fn new(threads: usize, entries: usize) -> SharedTable {
        SharedTable {
            copies: (0..threads.max(1))
                .map(|home| Table::new(home, entries))
                .collect(),
            pending: Vec::new(),
            merges: Vec::new(),
            stored_by_all: 0,
        }
    }

    /// Keep logged entries for the next merge, after those kept before.
    /// A round's entries are merged only when a round that reads the
    /// table comes, so nothing is merged after a search's last round;
    /// every reader still sees the table it would have seen, since the
    /// order is kept. Empty logs are not kept, so that a round whose tasks
    /// stored nothing makes no merge.
    pub(super) fn defer(&mut self, logs: impl Iterator<Item = Log>) {
        self.pending.extend(logs.filter(|l| !l.is_empty()));
    }

    /// The copy of the shared table that thread `home` reads (only that
    /// thread may ask for it while tasks run), with every merge made so
    /// far stored.
    #[inline]
    pub(super) fn read(&self, home: usize) -> &Table {
        let t = &self.copies[home];
        let made = self.stored_by_all + self.merges.len();
        if t.stored.load(Relaxed) != made {
            self.catch_up(t, made);
        }
        t
    }

    /// Store into `t` the merges it lacks, in the order they were made.
    #[cold]
    #[inline(never)]
    fn catch_up(&self, t: &Table, made: usize) {
        for logs in &self.merges[t.stored.load(Relaxed) - self.stored_by_all..] {
            t.merge(logs);
        }
        t.stored.store(made, Relaxed);
    }

    /// Make the entries kept by [`SharedTable::defer`] one merge, in the
    /// order they were kept, before a round that reads the table; only
    /// between rounds. A thread stores the merge when it next reads its
    /// copy ([`SharedTable::read`]), not here: the round starts at once,
    /// and no thread waits for another to wake up and store its part.
    pub(super) fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let all = self.copies.iter().map(|t| t.stored.load(Relaxed));
        let all = all.min().unwrap_or(self.stored_by_all);
        self.merges.drain(..all - self.stored_by_all);
        self.stored_by_all = all;
        self.merges.push(std::mem::take(&mut self.pending));
    }
}

/// The hash key of a position and, when `quiet` is at least `quiet_from`,
/// its quiet-turn counter (near the 50-turn draw the counter changes
/// values; below that it does not, and positions that differ only in it
/// share their entries).
#[inline]
pub(super) fn hash_key(pos: &Position, quiet: u32, quiet_from: u32) -> u64 {
    let q = if quiet >= quiet_from {
        quiet as u64 + 1
    } else {
        0
    };
    let pieces = pos.pieces(Color::Black).0 as u64 | (pos.pieces(Color::White).0 as u64) << 32;
    let rest = pos.kings().0 as u64 | (pos.turn() as u64) << 32 | q << 33;
    mix(pieces ^ mix(rest ^ 0x9E37_79B9_7F4A_7C15))
}

/// A 64-bit mixing bijection (the SplitMix64 finaliser).
#[inline]
pub(super) fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::super::params::MAX_DEPTH;
    use super::super::score::MATE;
    use super::*;

    /// An exact entry's packed data, `depth` turns deep, for the tests.
    fn entry(depth: u8, score: i16) -> u64 {
        Entry {
            score,
            depth,
            bound: BOUND_EXACT,
            best: 0,
        }
        .pack()
    }

    /// Between searches a thread takes back the copy of the shared table
    /// it left, whatever order the copies went back in; failing that one
    /// of the right size; failing that any; one for each given back.
    #[test]
    fn each_thread_takes_back_its_own_copy_of_the_shared_table() {
        let copy = |home, entries| SpareTable {
            slots: (0..entries).map(|_| AtomicU64::new(0)).collect(),
            stamp: 1,
            home,
        };
        let mut spare = vec![copy(0, 8), copy(1, 8), copy(0, 4)];
        let mut take =
            |home, entries| take_spare(&mut spare, home, entries).map(|t| (t.home, t.slots.len()));
        assert_eq!(take(0, 8), Some((0, 8)));
        assert_eq!(take(0, 8), Some((1, 8)));
        assert_eq!(take(1, 16), Some((0, 4)));
        assert_eq!(take(1, 16), None);
    }

    /// A slot's word gives back every field of its entry at their extremes,
    /// and answers only for its own key (as far as the top bits tell) and
    /// its own stamp; the deeper entry keeps the first slot, a shallower
    /// one goes to the second, and a new stamp frees both.
    #[test]
    fn a_slot_keeps_its_entry_its_key_and_its_stamp() {
        let entries = [
            (-MATE, 0, 1, 0),
            (MATE, MAX_DEPTH, BOUND_EXACT, NO_MOVE),
            (-1, 127, 2, 200),
            (i16::MIN as i32, 64, 3, 1),
        ];
        let key = 0xdead_beef_1234_5674_u64;
        for (score, depth, bound, best) in entries {
            let data = Entry {
                score: score as i16,
                depth: depth as u8,
                bound,
                best,
            }
            .pack();
            assert!(data < 1 << STAMP_SHIFT);
            for stamp in [1, STAMP_LIMIT - 1] {
                let mut slots = vec![0; 4];
                store_slot(&mut slots, 2, key, data, stamp);
                let e = probe_slot(&slots, 2, key, stamp).unwrap();
                assert_eq!(
                    (e.score as i32, e.depth as u32, e.bound, e.best),
                    (score, depth, bound, best)
                );
                assert!(probe_slot(&slots, 2, key, stamp - 1).is_none());
                assert!(probe_slot(&slots, 2, key ^ 1 << 63, stamp).is_none());
                assert!(probe_slot(&slots, 2, key ^ 1 << CHECK_SHIFT, stamp).is_none());
                // Bits the bucket chose are not checked again.
                assert!(probe_slot(&slots, 2, key ^ 1 << 20, stamp).is_some());
                assert_eq!(slots[..2], [0, 0]);
            }
        }
        let (a, b) = (key, key ^ 1 << 50);
        let mut slots = vec![0; 2];
        store_slot(&mut slots, 0, a, entry(9, 5), 7);
        store_slot(&mut slots, 0, b, entry(3, 6), 7);
        assert_eq!(probe_slot(&slots, 0, a, 7).unwrap().depth, 9);
        assert_eq!(probe_slot(&slots, 0, b, 7).unwrap().score, 6);
        store_slot(&mut slots, 0, b, entry(1, 8), 8);
        assert!(probe_slot(&slots, 0, a, 8).is_none());
        assert_eq!(probe_slot(&slots, 0, b, 8).unwrap().score, 8);
    }

    /// Entries kept for later (`defer`) reach the table only at the next
    /// flush, and then exactly as if each batch had been flushed at once,
    /// in the same order: the order decides which entry a bucket keeps.
    #[test]
    fn deferred_entries_merge_in_the_order_given() {
        // Keys 0x100 and 0x200 share bucket 0 of a 256-entry table, 0x302
        // is in bucket 2; the same key stored twice keeps the later entry.
        let log = |entries: &[[u64; 2]]| entries.to_vec();
        let first = [[0x100, entry(5, 10)], [0x200, entry(3, 20)]];
        let second = [[0x100, entry(2, 30)], [0x302, entry(4, 40)]];
        let mut at_once = SharedTable::new(1, 1 << 8);
        at_once.defer(std::iter::once(log(&first)));
        at_once.flush();
        at_once.defer(std::iter::once(log(&second)));
        at_once.flush();
        let mut later = SharedTable::new(1, 1 << 8);
        later.defer(std::iter::once(log(&first)));
        later.defer(std::iter::once(log(&second)));
        assert!(later.read(0).probe(0x100).is_none(), "deferred, not merged");
        later.flush();
        assert!(later.pending.is_empty());
        for key in [0x100, 0x200, 0x302] {
            let (a, b) = (at_once.read(0).probe(key), later.read(0).probe(key));
            assert_eq!(a.map(|e| (e.depth, e.score)), b.map(|e| (e.depth, e.score)));
        }
        assert_eq!(later.read(0).probe(0x100).map(|e| e.score), Some(30));
    }

    /// Every thread's copy of the shared table comes out of the merges the
    /// same as one thread's table storing the entries in order, whether
    /// it is read after each merge or only after both (a thread that had
    /// no task in a round stores two merges at once). Many entries into a
    /// small table, of varied depths, so that which one a bucket keeps
    /// depends on the order; merged twice, so that a copy merged once too
    /// often or too rarely shows.
    #[test]
    fn every_copy_of_the_shared_table_stores_as_one_thread_does() {
        let entries = 1 << 10;
        // Live entries only: a table's memory and stamp may come from an
        // earlier one.
        let live = |slots: &[u64], stamp: u64| -> Vec<Option<(u64, u64)>> {
            slots
                .iter()
                .map(|&w| {
                    (slot_stamp(w) == stamp)
                        .then_some((w >> CHECK_SHIFT, w & ((1 << STAMP_SHIFT) - 1)))
                })
                .collect()
        };
        let logs = |round: u64| {
            (0..6u64).map(move |task| {
                let mut log = Log::default();
                for i in 0..2_000 {
                    let key = mix((round << 32) ^ (task * 1_000_003 + i)) | 1 << 40;
                    let data = Entry {
                        score: (i % 97) as i16,
                        depth: (mix(i ^ task ^ round) % 12) as u8,
                        bound: BOUND_EXACT,
                        best: 0,
                    }
                    .pack();
                    log.push([key, data]);
                }
                log
            })
        };
        let mut copies = Vec::new();
        for threads in [1, 2, 3, 4, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut sh = SharedTable::new(threads, entries);
                for round in 0..2 {
                    sh.defer(logs(round));
                    sh.flush();
                    // Thread 0 reads its copy after each merge, the
                    // others only at the end.
                    sh.read(0);
                    assert_eq!(
                        sh.merges.len() as u64,
                        if threads == 1 { 1 } else { round + 1 }
                    );
                }
                for home in 0..threads {
                    let t = sh.read(home);
                    let slots: Vec<u64> = t.slots.iter().map(|w| w.load(Relaxed)).collect();
                    copies.push((threads, live(&slots, t.stamp)));
                }
                // A merge that every copy holds is let go at the next.
                sh.defer(logs(2));
                sh.flush();
                assert_eq!((sh.stored_by_all, sh.merges.len()), (2, 1));
            });
        }
        assert_eq!(copies.len(), 1 + 2 + 3 + 4 + 8);
        let (_, one) = &copies[0];
        assert!(one.iter().flatten().count() > entries * 9 / 10);
        // And each is what storing the entries one by one, in order,
        // leaves (the merge's prefetch changes nothing).
        let mut plain = vec![0; entries];
        for log in (0..2).flat_map(logs) {
            for [key, data] in log {
                store_slot(&mut plain, key as usize & (entries - 1) & !1, key, data, 1);
            }
        }
        assert!(&live(&plain, 1) == one);
        for (threads, slots) in &copies[1..] {
            assert!(slots == one, "{threads} threads");
        }
    }
}
