//! The transposition tables: one-word slots in buckets of two, stamped so
//! that a table is emptied without clearing it; and the shared table,
//! frozen while tasks run and merged between rounds.

use crate::{Color, Position};
use engine_kit::rng::mix;

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
fn slot_stamp(w: u64) -> u64 {
    (w >> STAMP_SHIFT) % STAMP_LIMIT
}

/// Whether slot word `w` is live under `stamp` and holds `key` (as far
/// as its top bits tell: see [`STAMP_SHIFT`]).
#[inline]
fn holds(w: u64, key: u64, stamp: u64) -> bool {
    w >> STAMP_SHIFT == (key >> CHECK_SHIFT) << (CHECK_SHIFT - STAMP_SHIFT) | stamp
}

/// A transposition table: one-word slots ([`STAMP_SHIFT`]) in buckets of
/// two, the first keeping the deepest result, the second the most recent
/// one that did not displace it. Only entries of the table's stamp are
/// live, so a new stamp empties it without clearing its memory.
pub(super) struct Table {
    slots: Vec<u64>,
    mask: usize,
    stamp: u64,
}

impl Table {
    /// An empty table of `entries` entries (a power of two, at least 2).
    pub(super) fn new(entries: usize) -> Table {
        Table {
            slots: vec![0; entries],
            mask: entries - 1,
            stamp: 1,
        }
    }

    /// Forget every entry: a new stamp, and zeroed memory only when the
    /// stamps run out (0 is never a stamp, so zeroed memory is empty).
    pub(super) fn clear(&mut self) {
        self.stamp += 1;
        if self.stamp >= STAMP_LIMIT {
            self.slots.fill(0);
            self.stamp = 1;
        }
    }

    /// The bucket of two slots a key may occupy.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask & !1
    }

    /// The entry stored under `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        [self.slots[b], self.slots[b + 1]]
            .into_iter()
            .find(|&w| holds(w, key, self.stamp))
            .map(Entry::unpack)
    }

    /// Store `key`'s packed entry `data`: in the bucket's first slot when
    /// that slot is empty (of another stamp), holds the same key, or holds
    /// an entry no deeper; else in the second.
    #[inline]
    pub(super) fn store(&mut self, key: u64, data: u64) {
        let b = self.bucket(key);
        let w0 = self.slots[b];
        let slot = if slot_stamp(w0) != self.stamp
            || holds(w0, key, self.stamp)
            || Entry::unpack(w0).depth <= Entry::unpack(data).depth
        {
            b
        } else {
            b + 1
        };
        self.slots[slot] = (key >> CHECK_SHIFT) << CHECK_SHIFT | self.stamp << STAMP_SHIFT | data;
    }
}

/// The shared table: what the search has learnt so far, read by every
/// task. While tasks run it is read-only; between rounds the entries the
/// tasks logged become one merge ([`SharedTable::defer`],
/// [`SharedTable::flush`]), stored in a fixed order, so its content is the
/// same on any thread count.
pub(super) struct SharedTable {
    table: Table,
    /// Logged entries not merged yet, in merge order.
    pending: Vec<Log>,
}

impl SharedTable {
    /// An empty shared table of `entries` entries.
    pub(super) fn new(entries: usize) -> SharedTable {
        SharedTable {
            table: Table::new(entries),
            pending: Vec::new(),
        }
    }

    /// Keep logged entries for the next merge, after those kept before.
    /// A round's entries are merged only when a round that reads the
    /// table comes, so nothing is merged after a search's last round;
    /// every reader still sees the table it would have seen, since the
    /// order is kept.
    pub(super) fn defer(&mut self, logs: impl Iterator<Item = Log>) {
        self.pending.extend(logs.filter(|l| !l.is_empty()));
    }

    /// The table, as the merges so far left it.
    #[inline]
    pub(super) fn read(&self) -> &Table {
        &self.table
    }

    /// Store the entries kept by [`SharedTable::defer`], in the order they
    /// were kept; only between rounds, with no task running.
    pub(super) fn flush(&mut self) {
        for log in std::mem::take(&mut self.pending) {
            for [key, data] in log {
                self.table.store(key, data);
            }
        }
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
                let mut t = Table::new(4);
                t.stamp = stamp;
                t.store(key, data);
                let e = t.probe(key).unwrap();
                assert_eq!(
                    (e.score as i32, e.depth as u32, e.bound, e.best),
                    (score, depth, bound, best)
                );
                assert!(t.probe(key ^ 1 << 63).is_none());
                assert!(t.probe(key ^ 1 << CHECK_SHIFT).is_none());
                // Bits the bucket chose are not checked again.
                assert!(t.probe(key ^ 1 << 20).is_some());
                // The key's bucket is the first of the two.
                assert_eq!(t.slots[2..], [0, 0]);
                t.stamp -= 1;
                assert!(t.probe(key).is_none());
            }
        }
        let (a, b) = (key, key ^ 1 << 50);
        let mut t = Table::new(2);
        t.store(a, entry(9, 5));
        t.store(b, entry(3, 6));
        assert_eq!(t.probe(a).unwrap().depth, 9);
        assert_eq!(t.probe(b).unwrap().score, 6);
        t.clear();
        t.store(b, entry(1, 8));
        assert!(t.probe(a).is_none());
        assert_eq!(t.probe(b).unwrap().score, 8);
    }

    /// A table whose stamps run out is zeroed and starts again at 1, so
    /// nothing of before survives.
    #[test]
    fn a_table_whose_stamps_run_out_is_zeroed() {
        let mut t = Table::new(8);
        t.store(0x42, entry(3, 7));
        t.stamp = STAMP_LIMIT - 1;
        t.store(0x43, entry(3, 8));
        t.clear();
        assert_eq!(t.stamp, 1);
        assert!(t.slots.iter().all(|&w| w == 0));
        assert!(t.probe(0x42).is_none() && t.probe(0x43).is_none());
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
        let mut at_once = SharedTable::new(1 << 8);
        at_once.defer(std::iter::once(log(&first)));
        at_once.flush();
        at_once.defer(std::iter::once(log(&second)));
        at_once.flush();
        let mut later = SharedTable::new(1 << 8);
        later.defer(std::iter::once(log(&first)));
        later.defer(std::iter::once(log(&second)));
        assert!(later.read().probe(0x100).is_none(), "deferred, not merged");
        later.flush();
        assert!(later.pending.is_empty());
        for key in [0x100, 0x200, 0x302] {
            let (a, b) = (at_once.read().probe(key), later.read().probe(key));
            assert_eq!(a.map(|e| (e.depth, e.score)), b.map(|e| (e.depth, e.score)));
        }
        assert_eq!(later.read().probe(0x100).map(|e| e.score), Some(30));
    }
}
