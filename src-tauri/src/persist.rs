//! Crash-safe documents on top of tauri-plugin-store.
//!
//! The app keeps three documents (settings, records, the saved game). Each is
//! stored as two copies, `<name>.1.json` and `<name>.2.json`, written in turn.
//! Every copy is one tauri-plugin-store file holding three keys:
//!
//! ```json
//! { "format": 1, "seq": 42, "data": { ... } }
//! ```
//!
//! `seq` grows by one with every write; when both copies are intact the one
//! with the higher `seq` is the document. Three facts about
//! tauri-plugin-store 2.5.0 shape the design:
//!
//! - `Store::save` is a plain truncating `fs::write`, so a crash in the middle
//!   of a write can leave that file empty or partial. We only ever write the
//!   copy that is *not* the newest intact one, and we `fsync` it (and, when
//!   the file is new, its directory) before the next write may touch the
//!   other copy. So at every instant at least one complete copy is on disk.
//! - A store file that fails to load is silently ignored and then
//!   overwritten by the next save. We therefore never let the plugin load a
//!   file: we read and validate the copies ourselves, and a copy that is
//!   unreadable or invalid is renamed aside (`.corrupt-<UTC time>`), never
//!   overwritten. Stores are created with `create_new` (no load).
//! - On exit the plugin saves every store still open, again with a plain
//!   write. Each store is closed right after its save, so no copy is ever
//!   rewritten behind our back.
//!
//! The content of each copy is validated by a caller-supplied function
//! (`validate`), so a copy that is well-formed JSON but not a valid document
//! (a future format, an impossible position) is treated like a torn one.

use serde_json::{json, Map, Value};
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::StoreExt;

/// The version of the envelope (`format`, `seq`, `data`) this app writes and
/// reads. A file with a higher number was written by a newer app.
pub const FORMAT: u64 = 1;

/// The two copies of a document.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slot {
    One,
    Two,
}

impl Slot {
    const BOTH: [Slot; 2] = [Slot::One, Slot::Two];

    fn other(self) -> Slot {
        match self {
            Slot::One => Slot::Two,
            Slot::Two => Slot::One,
        }
    }

    fn number(self) -> u8 {
        match self {
            Slot::One => 1,
            Slot::Two => 2,
        }
    }
}

/// Why one copy of a document cannot be used.
#[derive(Debug)]
pub enum ReadError {
    /// The file exists but could not be read.
    Io(io::Error),
    /// The file is empty (typically a write cut short by a crash).
    Empty,
    /// The bytes are not JSON (torn write, garbage).
    NotJson(serde_json::Error),
    /// JSON, but not an object with `format`, `seq` and `data`.
    Envelope(&'static str),
    /// Written by a newer version of the app.
    FutureFormat(u64),
    /// The envelope is fine but `data` is not a valid document.
    Content(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadError::Empty => f.write_str("the file is empty"),
            ReadError::NotJson(e) => write!(f, "the file is not JSON: {e}"),
            ReadError::Envelope(what) => write!(f, "the file is not a document: {what}"),
            ReadError::FutureFormat(n) => write!(
                f,
                "the file has format {n}, written by a newer version of the app (this one reads {FORMAT})"
            ),
            ReadError::Content(msg) => write!(f, "the document is invalid: {msg}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Why a document could not be written.
#[derive(Debug)]
pub enum SaveError {
    /// An earlier unreadable copy could not be moved aside, so writing might
    /// overwrite it: this document is not written during this session.
    ReadOnly(String),
    /// The store plugin failed to write the file.
    Store(String),
    /// Flushing the file or its directory to disk failed.
    Sync(io::Error),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::ReadOnly(name) => write!(
                f,
                "{name} is not saved: an unreadable copy of it could not be moved aside"
            ),
            SaveError::Store(e) => write!(f, "cannot write the store file: {e}"),
            SaveError::Sync(e) => write!(f, "cannot flush the store file to disk: {e}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// A copy that was found unusable at load time, and what became of it.
#[derive(Debug)]
pub struct SetAside {
    /// The copy's original path.
    pub path: PathBuf,
    /// Why it was unusable.
    pub reason: ReadError,
    /// Where it was moved, or `None` if the rename failed (then the document
    /// is read-only for this session so the file is never overwritten).
    pub moved_to: Option<PathBuf>,
}

/// A document's place on disk and the state of its two copies.
#[derive(Debug)]
pub struct Document {
    dir: PathBuf,
    name: &'static str,
    /// `seq` of the newest intact copy, 0 when there is none.
    seq: u64,
    /// The slot holding the newest intact copy.
    newest: Option<Slot>,
    /// False when an unreadable copy could not be moved aside.
    writable: bool,
}

/// The result of loading a document.
#[derive(Debug)]
pub struct Loaded<T> {
    /// Where the next write goes.
    pub doc: Document,
    /// The content of the newest intact, valid copy; `None` if there is none.
    pub value: Option<T>,
    /// Copies that could not be used.
    pub set_aside: Vec<SetAside>,
}

impl<T> Loaded<T> {
    /// True when the document existed on disk but no copy of it could be
    /// used: the player has lost it and must be told. A torn newest copy
    /// with an intact older one is a normal crash recovery, not a loss.
    pub fn lost(&self) -> bool {
        self.value.is_none() && !self.set_aside.is_empty()
    }
}

impl Document {
    /// The path of one copy of the document `name` in `dir`.
    pub fn slot_path(dir: &Path, name: &str, slot: Slot) -> PathBuf {
        dir.join(format!("{name}.{}.json", slot.number()))
    }

    /// The document's name (the file stem).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// `seq` of the newest copy written or loaded (0 before the first).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Load the document `name` from `dir`.
    ///
    /// Both copies are read and checked: the file must be a JSON object with
    /// `format` (at most [`FORMAT`]), `seq` (a positive integer) and `data`,
    /// and `validate` must accept `data`. The valid copy with the higher
    /// `seq` wins. Every copy that fails a check is renamed to
    /// `<file>.corrupt-<UTC time>` so that no later write can overwrite it.
    /// A missing directory or missing files just mean no document yet.
    pub fn load<T, E: fmt::Display>(
        dir: &Path,
        name: &'static str,
        validate: impl Fn(&Value) -> Result<T, E>,
    ) -> Loaded<T> {
        let mut best: Option<(u64, Slot, T)> = None;
        let mut set_aside = Vec::new();
        let mut writable = true;
        for slot in Slot::BOTH {
            let path = Self::slot_path(dir, name, slot);
            match read_copy(&path, &validate) {
                Ok(None) => {}
                Ok(Some((seq, value))) => {
                    if best.as_ref().is_none_or(|(s, _, _)| seq > *s) {
                        best = Some((seq, slot, value));
                    }
                }
                Err(reason) => {
                    let moved_to = move_aside(&path);
                    if moved_to.is_none() {
                        writable = false;
                    }
                    set_aside.push(SetAside {
                        path,
                        reason,
                        moved_to,
                    });
                }
            }
        }
        let (seq, newest, value) = match best {
            Some((seq, slot, value)) => (seq, Some(slot), Some(value)),
            None => (0, None, None),
        };
        Loaded {
            doc: Document {
                dir: dir.to_path_buf(),
                name,
                seq,
                newest,
                writable,
            },
            value,
            set_aside,
        }
    }

    /// Write `data` as the new newest copy, through tauri-plugin-store.
    ///
    /// The write goes to the slot that does not hold the newest intact copy,
    /// with `seq` one higher, and is flushed to disk (file, and directory
    /// when the file is new) before this returns. Only then does that slot
    /// become the newest, so the next write goes to the other one. A failed
    /// write leaves the newest copy where it was: the next write retries the
    /// same slot, never the intact one.
    pub fn save<R: Runtime>(&mut self, app: &AppHandle<R>, data: Value) -> Result<(), SaveError> {
        if !self.writable {
            return Err(SaveError::ReadOnly(self.name.to_string()));
        }
        let slot = self.newest.map_or(Slot::One, Slot::other);
        let path = Self::slot_path(&self.dir, self.name, slot);
        let seq = self.seq + 1;
        let is_new = !path.exists();

        let store = app
            .store_builder(&path)
            .create_new()
            .disable_auto_save()
            .build()
            .map_err(|e| SaveError::Store(e.to_string()))?;
        store.set("format", json!(FORMAT));
        store.set("seq", json!(seq));
        store.set("data", data);
        let saved = store.save();
        // Closed at once: the plugin's exit hook would otherwise rewrite
        // this file with an unsynced truncating write.
        store.close_resource();
        saved.map_err(|e| SaveError::Store(e.to_string()))?;

        OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|f| f.sync_all())
            .map_err(SaveError::Sync)?;
        if is_new {
            sync_dir(&self.dir).map_err(SaveError::Sync)?;
        }
        self.seq = seq;
        self.newest = Some(slot);
        Ok(())
    }
}

/// Read one copy. `Ok(None)` when the file does not exist.
fn read_copy<T, E: fmt::Display>(
    path: &Path,
    validate: &impl Fn(&Value) -> Result<T, E>,
) -> Result<Option<(u64, T)>, ReadError> {
    let bytes = match fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadError::Io(e)),
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ReadError::Empty);
    }
    let value: Value = serde_json::from_slice(&bytes).map_err(ReadError::NotJson)?;
    let (seq, data) = open_envelope(value)?;
    let content = validate(&data).map_err(|e| ReadError::Content(e.to_string()))?;
    Ok(Some((seq, content)))
}

/// Check the envelope `{ "format", "seq", "data" }` and return `seq` and
/// `data`. No other key is allowed.
fn open_envelope(value: Value) -> Result<(u64, Value), ReadError> {
    let Value::Object(mut map) = value else {
        return Err(ReadError::Envelope("not a JSON object"));
    };
    let format = take_u64(&mut map, "format")?;
    if format > FORMAT {
        return Err(ReadError::FutureFormat(format));
    }
    if format == 0 {
        return Err(ReadError::Envelope("format 0 does not exist"));
    }
    let seq = take_u64(&mut map, "seq")?;
    if seq == 0 {
        return Err(ReadError::Envelope("seq must be positive"));
    }
    let data = map.remove("data").ok_or(ReadError::Envelope("no data"))?;
    if !map.is_empty() {
        return Err(ReadError::Envelope("unexpected keys"));
    }
    Ok((seq, data))
}

fn take_u64(map: &mut Map<String, Value>, key: &'static str) -> Result<u64, ReadError> {
    match map.remove(key) {
        None => Err(ReadError::Envelope(match key {
            "format" => "no format",
            _ => "no seq",
        })),
        Some(v) => v.as_u64().ok_or(ReadError::Envelope(match key {
            "format" => "format is not a non-negative integer",
            _ => "seq is not a non-negative integer",
        })),
    }
}

/// Rename an unusable copy to `<file>.corrupt-<UTC time>` (with `-2`, `-3`…
/// if that name is taken). Returns the new path, or `None` if it could not be
/// renamed.
fn move_aside(path: &Path) -> Option<PathBuf> {
    let stamp = utc_stamp(SystemTime::now());
    let base = format!("{}.corrupt-{stamp}", path.display());
    for n in 1..1000 {
        let candidate = if n == 1 {
            PathBuf::from(&base)
        } else {
            PathBuf::from(format!("{base}-{n}"))
        };
        if candidate.exists() {
            continue;
        }
        return match fs::rename(path, &candidate) {
            Ok(()) => {
                // Make the rename durable; losing it would only bring the
                // unusable copy back, which the next start sets aside again.
                if let Some(dir) = path.parent() {
                    let _ = sync_dir(dir);
                }
                Some(candidate)
            }
            Err(_) => None,
        };
    }
    None
}

/// Flush a directory's entries to disk so a newly created or renamed file
/// survives a power cut. Only POSIX systems can open a directory for this;
/// elsewhere it is a no-op.
fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// `YYYYMMDDTHHMMSSZ` for a moment, in UTC (proleptic Gregorian calendar).
pub fn utc_stamp(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// The calendar date of a day counted from 1970-01-01. Eras of 400 years
/// (146 097 days) repeat exactly; within an era, years are counted from
/// March so the leap day falls at the end.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of era, 0..=146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..=399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of year from March 1
    let mp = (5 * doy + 2) / 153; // month from March, 0..=11
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tauri::test::{mock_builder, mock_context, noop_assets, MockRuntime};
    use tauri_plugin_store::StoreExt;

    fn app() -> tauri::App<MockRuntime> {
        mock_builder()
            .plugin(tauri_plugin_store::Builder::new().build())
            .build(mock_context(noop_assets()))
            .unwrap()
    }

    /// A test document: an object with an integer `n` from 0 to 1000.
    fn validate(v: &Value) -> Result<i64, String> {
        match v.get("n").and_then(Value::as_i64) {
            Some(n) if (0..=1000).contains(&n) => Ok(n),
            _ => Err("n must be an integer from 0 to 1000".into()),
        }
    }

    fn load(dir: &Path) -> Loaded<i64> {
        Document::load(dir, "doc", validate)
    }

    fn path(dir: &Path, slot: Slot) -> PathBuf {
        Document::slot_path(dir, "doc", slot)
    }

    fn corrupt_files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".corrupt-"))
            .collect();
        names.sort();
        names
    }

    fn envelope(format: u64, seq: u64, n: i64) -> String {
        json!({ "format": format, "seq": seq, "data": { "n": n } }).to_string()
    }

    #[test]
    fn nothing_on_disk_is_an_empty_document_not_a_loss() {
        let tmp = tempfile::tempdir().unwrap();
        let loaded = load(&tmp.path().join("not-yet-created"));
        assert_eq!(loaded.value, None);
        assert!(!loaded.lost());
        assert_eq!(loaded.doc.seq(), 0);
    }

    #[test]
    fn writes_alternate_between_the_copies_and_the_newest_wins() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        let mut doc = load(&dir).doc;
        for n in 1..=3 {
            doc.save(app.handle(), json!({ "n": n * 10 })).unwrap();
        }
        // seq 1 -> copy 1, seq 2 -> copy 2, seq 3 -> copy 1.
        let one: Value = serde_json::from_slice(&fs::read(path(&dir, Slot::One)).unwrap()).unwrap();
        let two: Value = serde_json::from_slice(&fs::read(path(&dir, Slot::Two)).unwrap()).unwrap();
        assert_eq!(one, json!({ "format": 1, "seq": 3, "data": { "n": 30 } }));
        assert_eq!(two, json!({ "format": 1, "seq": 2, "data": { "n": 20 } }));
        let loaded = load(&dir);
        assert_eq!(loaded.value, Some(30));
        assert_eq!(loaded.doc.seq(), 3);
        assert!(loaded.set_aside.is_empty());
        // The next write after a reload goes to the older copy.
        let mut doc = loaded.doc;
        doc.save(app.handle(), json!({ "n": 40 })).unwrap();
        let two: Value = serde_json::from_slice(&fs::read(path(&dir, Slot::Two)).unwrap()).unwrap();
        assert_eq!(two["seq"], json!(4));
        assert_eq!(load(&dir).value, Some(40));
    }

    #[test]
    fn a_torn_newest_copy_falls_back_to_the_intact_older_one() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let mut doc = load(dir).doc;
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        doc.save(app.handle(), json!({ "n": 2 })).unwrap();
        // A crash in the middle of the write of seq 2: half the bytes.
        let newest = path(dir, Slot::Two);
        let bytes = fs::read(&newest).unwrap();
        for cut in [bytes.len() / 2, 1, bytes.len() - 1] {
            fs::write(&newest, &bytes[..cut]).unwrap();
            let loaded = load(dir);
            assert_eq!(loaded.value, Some(1), "cut at {cut}");
            assert!(!loaded.lost(), "an intact copy survived: nothing is lost");
            assert_eq!(loaded.set_aside.len(), 1);
            assert!(matches!(loaded.set_aside[0].reason, ReadError::NotJson(_)));
            // The torn copy is kept, byte for byte, under a new name.
            let moved = loaded.set_aside[0].moved_to.clone().unwrap();
            assert_eq!(fs::read(&moved).unwrap(), &bytes[..cut]);
            assert!(!newest.exists());
            fs::remove_file(moved).unwrap();
        }
        // Writing resumes in the slot that was torn, never over the intact one.
        let mut doc = load(dir).doc;
        let intact = fs::read(path(dir, Slot::One)).unwrap();
        doc.save(app.handle(), json!({ "n": 3 })).unwrap();
        assert_eq!(fs::read(path(dir, Slot::One)).unwrap(), intact);
        assert_eq!(load(dir).value, Some(3));
    }

    #[test]
    fn at_every_instant_of_a_write_one_intact_copy_remains() {
        // Simulate a crash after every possible number of bytes of each write:
        // the document always loads as the previous or the new value.
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let mut doc = load(dir).doc;
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        for n in 2..=4 {
            let before: Vec<_> = Slot::BOTH
                .iter()
                .map(|&s| fs::read(path(dir, s)).ok())
                .collect();
            doc.save(app.handle(), json!({ "n": n })).unwrap();
            let after: Vec<_> = Slot::BOTH
                .iter()
                .map(|&s| fs::read(path(dir, s)).ok())
                .collect();
            let written = (0..2).find(|&i| before[i] != after[i]).unwrap();
            let full = after[written].clone().unwrap();
            for cut in 0..full.len() {
                let scratch = tempfile::tempdir().unwrap();
                for (i, slot) in Slot::BOTH.iter().enumerate() {
                    let content = if i == written {
                        Some(full[..cut].to_vec())
                    } else {
                        after[i].clone()
                    };
                    if let Some(c) = content {
                        fs::write(path(scratch.path(), *slot), c).unwrap();
                    }
                }
                assert_eq!(
                    load(scratch.path()).value,
                    Some(n - 1),
                    "write of {n} cut at {cut}"
                );
            }
        }
    }

    #[test]
    fn an_empty_only_copy_is_set_aside_and_reported_lost() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), b"").unwrap();
        let loaded = load(tmp.path());
        assert_eq!(loaded.value, None);
        assert!(loaded.lost());
        assert!(matches!(loaded.set_aside[0].reason, ReadError::Empty));
        assert_eq!(corrupt_files(tmp.path()).len(), 1);
        assert!(corrupt_files(tmp.path())[0].starts_with("doc.1.json.corrupt-"));
    }

    #[test]
    fn garbage_is_set_aside_never_overwritten() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let garbage = [0xff_u8, 0x00, 0x7b, 0x22, 0x13, 0x37, 0xfe];
        fs::write(path(tmp.path(), Slot::One), garbage).unwrap();
        fs::write(path(tmp.path(), Slot::Two), b"[1, 2, 3]").unwrap();
        let loaded = load(tmp.path());
        assert!(loaded.lost());
        assert_eq!(loaded.set_aside.len(), 2);
        assert!(matches!(loaded.set_aside[1].reason, ReadError::Envelope(_)));
        // Starting afresh writes new copies; the set-aside files are untouched.
        let mut doc = loaded.doc;
        doc.save(app.handle(), json!({ "n": 5 })).unwrap();
        doc.save(app.handle(), json!({ "n": 6 })).unwrap();
        let aside = corrupt_files(tmp.path());
        assert_eq!(aside.len(), 2);
        assert_eq!(fs::read(tmp.path().join(&aside[0])).unwrap(), garbage);
        assert_eq!(fs::read(tmp.path().join(&aside[1])).unwrap(), b"[1, 2, 3]");
        assert_eq!(load(tmp.path()).value, Some(6));
    }

    #[test]
    fn a_future_format_is_set_aside() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT + 1, 9, 1)).unwrap();
        let loaded = load(tmp.path());
        assert!(loaded.lost());
        assert!(matches!(
            loaded.set_aside[0].reason,
            ReadError::FutureFormat(2)
        ));
    }

    #[test]
    fn a_future_newest_copy_is_set_aside_and_the_older_one_used() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT, 4, 7)).unwrap();
        fs::write(path(tmp.path(), Slot::Two), envelope(FORMAT + 1, 5, 8)).unwrap();
        let loaded = load(tmp.path());
        assert_eq!(loaded.value, Some(7));
        assert_eq!(loaded.doc.seq(), 4);
        assert_eq!(corrupt_files(tmp.path()).len(), 1);
    }

    #[test]
    fn invalid_content_is_set_aside() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT, 1, 5000)).unwrap();
        let loaded = load(tmp.path());
        assert!(loaded.lost());
        match &loaded.set_aside[0].reason {
            ReadError::Content(msg) => assert!(msg.contains("0 to 1000")),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn malformed_envelopes_are_rejected() {
        let cases = [
            json!({ "seq": 1, "data": { "n": 1 } }),
            json!({ "format": 1, "data": { "n": 1 } }),
            json!({ "format": 1, "seq": 1 }),
            json!({ "format": 0, "seq": 1, "data": { "n": 1 } }),
            json!({ "format": 1, "seq": 0, "data": { "n": 1 } }),
            json!({ "format": 1, "seq": -3, "data": { "n": 1 } }),
            json!({ "format": "1", "seq": 1, "data": { "n": 1 } }),
            json!({ "format": 1, "seq": 1, "data": { "n": 1 }, "extra": true }),
            json!(null),
        ];
        for case in cases {
            let tmp = tempfile::tempdir().unwrap();
            fs::write(path(tmp.path(), Slot::One), case.to_string()).unwrap();
            let loaded = load(tmp.path());
            assert!(loaded.lost(), "{case} was accepted");
            assert!(
                matches!(loaded.set_aside[0].reason, ReadError::Envelope(_)),
                "{case}"
            );
        }
    }

    #[test]
    fn an_older_unreadable_copy_is_set_aside_and_the_newest_kept() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), b"{\"format\":1,\"se").unwrap();
        fs::write(path(tmp.path(), Slot::Two), envelope(FORMAT, 12, 3)).unwrap();
        let loaded = load(tmp.path());
        assert_eq!(loaded.value, Some(3));
        assert!(!loaded.lost());
        let mut doc = loaded.doc;
        let newest = fs::read(path(tmp.path(), Slot::Two)).unwrap();
        doc.save(app.handle(), json!({ "n": 4 })).unwrap();
        assert_eq!(fs::read(path(tmp.path(), Slot::Two)).unwrap(), newest);
        let loaded = load(tmp.path());
        assert_eq!((loaded.value, loaded.doc.seq()), (Some(4), 13));
    }

    #[test]
    fn stores_are_closed_after_each_save() {
        // An open store would be rewritten by the plugin's exit hook with a
        // plain truncating write.
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let mut doc = load(tmp.path()).doc;
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        doc.save(app.handle(), json!({ "n": 2 })).unwrap();
        for slot in Slot::BOTH {
            assert!(app.get_store(path(tmp.path(), slot)).is_none());
        }
    }

    #[test]
    fn utc_stamps() {
        let at = |s: u64| utc_stamp(UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "19700101T000000Z");
        assert_eq!(at(951_782_400), "20000229T000000Z");
        assert_eq!(at(951_868_799), "20000229T235959Z");
        assert_eq!(at(1_709_210_096), "20240229T123456Z");
        assert_eq!(at(4_107_542_400), "21000301T000000Z");
    }
}
