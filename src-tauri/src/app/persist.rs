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
//! tauri-plugin-store 2.5.0 (the version `Cargo.toml` pins; the tests below
//! check each) shape the design:
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
//! Nothing on disk can stop the app from starting. A copy is read only if
//! it is a regular file (a symbolic link to one is followed) of at most
//! [`MAX_BYTES`]; anything else in its place (a directory, a pipe, a device,
//! a dangling link, an oversized file) is set aside like an unreadable one
//! without being opened. An empty copy is a first write cut short before
//! any byte reached the disk: it held nothing, so it is simply written over.
//! The content of each copy is validated by a caller-supplied function, so a
//! copy that is well-formed JSON but not a valid document (a future format,
//! an impossible position, absurd counters) is treated like a torn one.
//!
//! When a document cannot be written (the data directory is read-only or is
//! not a directory, the disk is full, an unusable copy could not be moved
//! aside), [`Document::save`] says so and the caller tells the player once;
//! play goes on.

use serde_json::{json, Map, Value};
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::StoreExt;

/// The version of the envelope (`format`, `seq`, `data`) this app writes and
/// reads. A file with a higher number was written by a newer app.
pub const FORMAT: u64 = 1;

/// The largest copy read. A real document is a few kilobytes; the records
/// with a full history of long games stay well under a megabyte.
pub const MAX_BYTES: u64 = 16 << 20;

/// The bound of every counter in a document, `seq` and the callers' own
/// game numbers: 2^53 - 1, the largest integer every JSON reader keeps
/// exactly. A counter is stored and read only below it, so that a counter
/// that was read can always take one more step and be read again
/// ([`counter_with_room`]); far beyond any count of writes or games, and
/// adding one can never overflow.
pub const MAX_COUNTER: u64 = (1 << 53) - 1;

/// `n` as a counter read from a document: below [`MAX_COUNTER`], so that
/// its next value can be stored too.
pub fn counter_with_room(n: u64) -> Result<u64, String> {
    if n < MAX_COUNTER {
        Ok(n)
    } else {
        Err(format!("counter {n} leaves no room to count on"))
    }
}

/// The counter after `n`, when it can be stored: below [`MAX_COUNTER`].
pub fn next_counter(n: u64) -> Option<u64> {
    n.checked_add(1).filter(|&m| m < MAX_COUNTER)
}

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
    /// Something other than a regular file stands in the copy's place.
    NotAFile(&'static str),
    /// A symbolic link to nothing.
    DanglingLink,
    /// Larger than [`MAX_BYTES`].
    TooLarge(u64),
    /// The bytes are not JSON (torn write, garbage).
    NotJson(serde_json::Error),
    /// JSON, but not an object with `format`, `seq` and `data`.
    Envelope(&'static str),
    /// Written by a newer version of the app.
    FutureFormat(u64),
    /// The envelope is fine, with write counter `seq`, but `data` is not a
    /// valid document.
    Content { seq: u64, message: String },
}

impl ReadError {
    /// Whether the copy is a write cut short: JSON that stops before its
    /// end. Garbage, or bytes changed in place, are not.
    pub fn is_torn(&self) -> bool {
        matches!(self, ReadError::NotJson(e) if e.is_eof())
    }

    /// Whether the copy holds a write newer than the copy `used` (its
    /// `seq`): its envelope was whole and said so, or it came from a newer
    /// app. A torn or unreadable copy is never newer: a crash in the
    /// middle of a write is recovered from by the older copy, silently.
    pub fn newer_than(&self, used: u64) -> bool {
        match self {
            ReadError::Content { seq, .. } => *seq > used,
            ReadError::FutureFormat(_) => true,
            _ => false,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
            ReadError::NotAFile(what) => write!(f, "{what} stands where the file should be"),
            ReadError::DanglingLink => f.write_str("a symbolic link to nothing"),
            ReadError::TooLarge(n) => write!(f, "{n} bytes, more than a document can hold"),
            ReadError::NotJson(e) => write!(f, "the file is not JSON: {e}"),
            ReadError::Envelope(what) => write!(f, "the file is not a document: {what}"),
            ReadError::FutureFormat(n) => write!(
                f,
                "the file has format {n}, written by a newer version of the app (this one reads {FORMAT})"
            ),
            ReadError::Content { message, .. } => write!(f, "the document is invalid: {message}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Why a document could not be written.
#[derive(Debug)]
pub enum SaveError {
    /// The data directory or an unusable copy stands in the way (an earlier
    /// copy could not be moved aside, or the directory is not one), so this
    /// document is not written during this session.
    Blocked(String),
    /// The store plugin failed to write the file.
    Store(String),
    /// Flushing the file or its directory to disk failed.
    Sync(io::Error),
    /// The write counter is at its limit (never reached by real use).
    Counter,
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Blocked(name) => write!(
                f,
                "{name} is not saved: its place on disk cannot be written"
            ),
            SaveError::Store(e) => write!(f, "cannot write the store file: {e}"),
            SaveError::Sync(e) => write!(f, "cannot flush the store file to disk: {e}"),
            SaveError::Counter => f.write_str("the write counter is at its limit"),
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
    /// is not written this session, so the file is never overwritten).
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
    /// False when the document's place cannot be written: an unreadable
    /// copy could not be moved aside, or the data directory is not a
    /// directory.
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
    /// True when the player has lost something of the document and must be
    /// told so: it existed on disk and no copy of it could be used, or the
    /// copy used is older than one that was set aside whole (an invalid
    /// document, or one from a newer app), so newer progress is gone. A
    /// write cut short is a crash's trace, not a loss: beside an intact
    /// older copy it is the normal recovery, and alone it was the
    /// document's first write, so nothing had been kept yet.
    pub fn lost(&self) -> bool {
        self.set_aside.iter().any(|s| {
            s.moved_to.is_some()
                && !s.reason.is_torn()
                && (self.value.is_none() || s.reason.newer_than(self.doc.seq))
        })
    }

    /// True when the document cannot be saved this session.
    pub fn blocked(&self) -> bool {
        !self.doc.writable
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
    /// `format` (at most [`FORMAT`]), `seq` (from 1, below [`MAX_COUNTER`]) and
    /// `data`, and `validate` must accept `data`. The valid copy with the
    /// higher `seq` wins. Every copy that fails a check, or is not a
    /// regular file of at most [`MAX_BYTES`], is renamed to
    /// `<file>.corrupt-<UTC time>` so that no later write can overwrite it;
    /// when that rename fails (a read-only folder) the copy stays where it
    /// is, the document is not written this session, and the other copy
    /// is still read and offered. A missing directory, missing files and
    /// empty files just mean no document yet. A data directory that is not
    /// a directory makes the document unwritable, and nothing is moved.
    pub fn load<T, E: fmt::Display>(
        dir: &Path,
        name: &'static str,
        validate: impl Fn(&Value) -> Result<T, E>,
    ) -> Loaded<T> {
        let mut best: Option<(u64, Slot, T)> = None;
        let mut set_aside = Vec::new();
        let is_dir = !matches!(fs::metadata(dir), Ok(m) if !m.is_dir());
        let mut writable = is_dir;
        // Both copies are read even when one could not be moved aside (a
        // read-only folder): the other may be intact, and is offered.
        for slot in Slot::BOTH.into_iter().filter(|_| is_dir) {
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
            return Err(SaveError::Blocked(self.name.to_string()));
        }
        let seq = next_counter(self.seq).ok_or(SaveError::Counter)?;
        let slot = self.newest.map_or(Slot::One, Slot::other);
        let path = Self::slot_path(&self.dir, self.name, slot);
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

/// Read one copy. `Ok(None)` when there is no copy yet: no file, or an
/// empty one.
fn read_copy<T, E: fmt::Display>(
    path: &Path,
    validate: &impl Fn(&Value) -> Result<T, E>,
) -> Result<Option<(u64, T)>, ReadError> {
    let Some(bytes) = read_regular(path)? else {
        return Ok(None);
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let value: Value = serde_json::from_slice(&bytes).map_err(ReadError::NotJson)?;
    let (seq, data) = open_envelope(value)?;
    let content = validate(&data).map_err(|e| ReadError::Content {
        seq,
        message: e.to_string(),
    })?;
    Ok(Some((seq, content)))
}

/// The bytes of the regular file at `path` (a link to one is followed), or
/// `None` when nothing is there. Anything else in its place is refused
/// before it is opened, so a pipe cannot block and a device cannot flood
/// the memory; the file is opened without blocking and checked again, and
/// at most [`MAX_BYTES`] are read.
fn read_regular(path: &Path) -> Result<Option<Vec<u8>>, ReadError> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadError::Io(e)),
    };
    let meta = if meta.file_type().is_symlink() {
        match fs::metadata(path) {
            Ok(target) => target,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(ReadError::DanglingLink),
            Err(e) => return Err(ReadError::Io(e)),
        }
    } else {
        meta
    };
    check_regular(&meta)?;
    let file = open_nonblocking(path).map_err(ReadError::Io)?;
    check_regular(&file.metadata().map_err(ReadError::Io)?)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    Ok(Some(bytes))
}

fn check_regular(meta: &fs::Metadata) -> Result<(), ReadError> {
    let kind = meta.file_type();
    if kind.is_dir() {
        Err(ReadError::NotAFile("a directory"))
    } else if !kind.is_file() {
        Err(ReadError::NotAFile("a device, pipe or socket"))
    } else if meta.len() > MAX_BYTES {
        Err(ReadError::TooLarge(meta.len()))
    } else {
        Ok(())
    }
}

/// Open for reading without waiting for a writer, should a pipe have taken
/// the file's place since it was checked.
fn open_nonblocking(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
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
    if seq == 0 || counter_with_room(seq).is_err() {
        return Err(ReadError::Envelope("seq is out of range"));
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

/// Rename an unusable copy (the link itself, for a symbolic link) to
/// `<file>.corrupt-<UTC time>` (with `-2`, `-3`… if that name is taken).
/// Returns the new path, or `None` if it could not be renamed.
fn move_aside(path: &Path) -> Option<PathBuf> {
    let stamp = utc_stamp(SystemTime::now());
    let base = format!("{}.corrupt-{stamp}", path.display());
    for n in 1..1000 {
        let candidate = if n == 1 {
            PathBuf::from(&base)
        } else {
            PathBuf::from(format!("{base}-{n}"))
        };
        if fs::symlink_metadata(&candidate).is_ok() {
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

/// `YYYYMMDDTHHMMSSZ` for a moment, in UTC.
pub fn utc_stamp(t: SystemTime) -> String {
    let t = time::OffsetDateTime::from(t);
    format!(
        "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;
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
    fn an_empty_copy_is_a_first_write_cut_short_not_a_loss() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        for empty in [&b""[..], b"  \n"] {
            fs::write(path(tmp.path(), Slot::One), empty).unwrap();
            let loaded = load(tmp.path());
            assert_eq!(loaded.value, None);
            assert!(!loaded.lost(), "nothing was lost");
            assert!(loaded.set_aside.is_empty());
            assert!(corrupt_files(tmp.path()).is_empty());
        }
        // Beside an intact copy, too; and the next write simply uses it.
        fs::write(path(tmp.path(), Slot::Two), envelope(FORMAT, 3, 9)).unwrap();
        let loaded = load(tmp.path());
        assert_eq!((loaded.value, loaded.set_aside.len()), (Some(9), 0));
        let mut doc = loaded.doc;
        doc.save(app.handle(), json!({ "n": 10 })).unwrap();
        assert_eq!(load(tmp.path()).value, Some(10));
        assert!(corrupt_files(tmp.path()).is_empty());
    }

    /// What stands in the first copy's place, and the reason it is refused.
    fn assert_set_aside_calmly(make: impl Fn(&Path), expect: impl Fn(&ReadError) -> bool) {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        fs::write(path(dir, Slot::Two), envelope(FORMAT, 4, 7)).unwrap();
        make(&path(dir, Slot::One));
        let loaded = load(dir);
        assert_eq!(loaded.value, Some(7), "the other copy is kept");
        assert_eq!(loaded.set_aside.len(), 1);
        assert!(
            expect(&loaded.set_aside[0].reason),
            "{:?}",
            loaded.set_aside[0].reason
        );
        assert!(loaded.set_aside[0].moved_to.is_some());
        assert!(!loaded.blocked());
        assert!(
            fs::symlink_metadata(path(dir, Slot::One)).is_err(),
            "moved away"
        );
        // Saving goes on, into the freed place, and reads back.
        let mut doc = loaded.doc;
        doc.save(app.handle(), json!({ "n": 8 })).unwrap();
        doc.save(app.handle(), json!({ "n": 9 })).unwrap();
        assert_eq!(load(dir).value, Some(9));
        // Alone, the same thing is a loss that was really set aside.
        let alone = tempfile::tempdir().unwrap();
        make(&path(alone.path(), Slot::One));
        let loaded = load(alone.path());
        assert!(loaded.lost());
        assert!(!loaded.blocked());
    }

    #[test]
    fn a_directory_in_a_copys_place_is_set_aside() {
        assert_set_aside_calmly(
            |p| fs::create_dir_all(p.join("inside")).unwrap(),
            |e| matches!(e, ReadError::NotAFile(_)),
        );
    }

    #[test]
    fn an_oversized_copy_is_set_aside_unread() {
        assert_set_aside_calmly(
            |p| {
                let f = File::create(p).unwrap();
                f.set_len(64 << 20).unwrap();
            },
            |e| matches!(e, ReadError::TooLarge(n) if *n == 64 << 20),
        );
    }

    #[test]
    fn invalid_utf8_is_set_aside() {
        assert_set_aside_calmly(
            |p| fs::write(p, b"{\"format\":1,\"seq\":5,\"data\":{\"n\":\"\xff\xfe\"}}").unwrap(),
            |e| matches!(e, ReadError::NotJson(_)),
        );
    }

    #[test]
    fn absurd_counters_are_refused_and_saving_goes_on() {
        for seq in [MAX_COUNTER, MAX_COUNTER + 1, u64::MAX] {
            assert_set_aside_calmly(
                |p| fs::write(p, envelope(FORMAT, seq, 1)).unwrap(),
                |e| matches!(e, ReadError::Envelope(_)),
            );
        }
        // Just below the limit a document is read; the next write would
        // store a counter that could not be read back, so it says it cannot
        // count further instead, and the copy stays as it was.
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        fs::write(
            path(tmp.path(), Slot::One),
            envelope(FORMAT, MAX_COUNTER - 1, 3),
        )
        .unwrap();
        let mut doc = load(tmp.path()).doc;
        assert!(matches!(
            doc.save(app.handle(), json!({ "n": 4 })),
            Err(SaveError::Counter)
        ));
        assert_eq!(load(tmp.path()).value, Some(3));
        assert_eq!(next_counter(MAX_COUNTER - 2), Some(MAX_COUNTER - 1));
        assert_eq!(counter_with_room(MAX_COUNTER - 1), Ok(MAX_COUNTER - 1));
    }

    #[cfg(unix)]
    #[test]
    fn links_pipes_and_devices_in_a_copys_place_are_set_aside_unopened() {
        use std::os::unix::fs::symlink;
        // An endless device behind a link: refused without reading it.
        assert_set_aside_calmly(
            |p| symlink("/dev/zero", p).unwrap(),
            |e| matches!(e, ReadError::NotAFile(_)),
        );
        // A link to nothing.
        assert_set_aside_calmly(
            |p| symlink(p.with_extension("nowhere"), p).unwrap(),
            |e| matches!(e, ReadError::DanglingLink),
        );
        // A named pipe nobody writes to: opening it would wait forever.
        assert_set_aside_calmly(
            |p| {
                let status = std::process::Command::new("mkfifo")
                    .arg(p)
                    .status()
                    .unwrap();
                assert!(status.success());
            },
            |e| matches!(e, ReadError::NotAFile(_)),
        );
        // A link to a good copy is followed.
        let tmp = tempfile::tempdir().unwrap();
        let real = tmp.path().join("elsewhere.json");
        fs::write(&real, envelope(FORMAT, 2, 5)).unwrap();
        symlink(&real, path(tmp.path(), Slot::One)).unwrap();
        assert_eq!(load(tmp.path()).value, Some(5));
    }

    #[test]
    fn a_file_in_the_data_directorys_place_blocks_saving_and_moves_nothing() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        fs::write(&dir, b"not a directory").unwrap();
        let loaded = load(&dir);
        assert_eq!(loaded.value, None);
        assert!(loaded.blocked());
        assert!(
            loaded.set_aside.is_empty(),
            "nothing claimed to be set aside"
        );
        assert!(!loaded.lost());
        let mut doc = loaded.doc;
        assert!(matches!(
            doc.save(app.handle(), json!({ "n": 1 })),
            Err(SaveError::Blocked(_))
        ));
        assert_eq!(fs::read(&dir).unwrap(), b"not a directory");
    }

    #[test]
    fn a_failed_write_is_reported_and_the_next_one_retries() {
        // The directory vanishes behind the app's back and a file takes
        // its place: the write fails with an error, not silently.
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("data");
        let mut doc = load(&dir).doc;
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        fs::remove_dir_all(&dir).unwrap();
        fs::write(&dir, b"x").unwrap();
        assert!(doc.save(app.handle(), json!({ "n": 2 })).is_err());
        fs::remove_file(&dir).unwrap();
        doc.save(app.handle(), json!({ "n": 3 })).unwrap();
        assert_eq!(load(&dir).value, Some(3));
    }

    #[test]
    fn the_store_never_merges_what_was_in_the_file() {
        // tauri-plugin-store 2.5.0 with `create_new` does not load the file
        // it is about to write, so nothing already there survives a save.
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let mut doc = load(tmp.path()).doc;
        fs::write(
            path(tmp.path(), Slot::One),
            json!({ "junk": 1 }).to_string(),
        )
        .unwrap();
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        let written: Value =
            serde_json::from_slice(&fs::read(path(tmp.path(), Slot::One)).unwrap()).unwrap();
        assert_eq!(
            written,
            json!({ "format": 1, "seq": 1, "data": { "n": 1 } })
        );
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
        assert!(loaded.lost(), "the newer app's progress is not in use");
    }

    #[test]
    fn a_first_write_cut_short_is_set_aside_without_a_loss_but_garbage_is_one() {
        let app = app();
        let tmp = tempfile::tempdir().unwrap();
        let mut doc = load(tmp.path()).doc;
        doc.save(app.handle(), json!({ "n": 1 })).unwrap();
        let bytes = fs::read(path(tmp.path(), Slot::One)).unwrap();
        fs::write(path(tmp.path(), Slot::One), &bytes[..bytes.len() / 2]).unwrap();
        let loaded = load(tmp.path());
        assert_eq!((loaded.value, loaded.set_aside.len()), (None, 1));
        assert!(loaded.set_aside[0].reason.is_torn());
        assert!(!loaded.lost(), "nothing had been kept yet");
        // The same length of bytes that are no JSON at all: a loss.
        fs::write(path(tmp.path(), Slot::One), b"{\"format\":1,]").unwrap();
        let loaded = load(tmp.path());
        assert!(!loaded.set_aside[0].reason.is_torn());
        assert!(loaded.lost());
    }

    #[test]
    fn a_whole_newest_copy_that_is_invalid_is_a_loss_even_beside_an_older_one() {
        // Not a torn write (its envelope is whole): the older copy is used,
        // but the player must hear that newer progress was set aside.
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT, 4, 7)).unwrap();
        fs::write(path(tmp.path(), Slot::Two), envelope(FORMAT, 5, 5000)).unwrap();
        let loaded = load(tmp.path());
        assert_eq!(loaded.value, Some(7));
        assert!(loaded.lost());
        // An invalid copy older than the one used takes nothing away.
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT, 6, 7)).unwrap();
        fs::write(path(tmp.path(), Slot::Two), envelope(FORMAT, 5, 5000)).unwrap();
        let loaded = load(tmp.path());
        assert_eq!(loaded.value, Some(7));
        assert!(!loaded.lost());
    }

    #[test]
    fn invalid_content_is_set_aside() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(path(tmp.path(), Slot::One), envelope(FORMAT, 1, 5000)).unwrap();
        let loaded = load(tmp.path());
        assert!(loaded.lost());
        match &loaded.set_aside[0].reason {
            ReadError::Content { seq, message } => {
                assert_eq!(*seq, 1);
                assert!(message.contains("0 to 1000"));
            }
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
