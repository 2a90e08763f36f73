//! The soak mode, for `scripts/soak`: a long session of whole games played
//! inside the page by a script the shell runs in it, without WebDriver.
//!
//! Only a build with the cargo feature `soak` has this module and its
//! command (a default build knows no `soak_note`), and the mode is on only
//! when such a build is started with `CHECKERS_SOAK` naming that script's
//! file. Then the window runs the script at each page load, beside the
//! page's own modules, and [`soak_note`] writes the one-line notes the
//! script sends on standard error as `checkers-soak <unix time in ms>
//! <note>`, where `scripts/soak` reads them. Off, nothing is added to the
//! page and every note is refused with the code `soakOff`; a build without
//! the feature says on standard error that it ignores the variable.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

/// The environment variable naming the soak script's file.
pub const SOAK_VAR: &str = "CHECKERS_SOAK";

/// The longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 400;

/// Whether the soak script was given to the window (set once, by [`script`]).
static ON: OnceLock<bool> = OnceLock::new();

/// The soak script to run in the page: the contents of the file that
/// `CHECKERS_SOAK` names, read once, when the window is built. `None` when
/// the variable is not set, or when the file cannot be read, which is said
/// on standard error.
pub fn script() -> Option<String> {
    let text = script_for(std::env::var_os(SOAK_VAR))?;
    ON.get_or_init(|| true);
    Some(text)
}

/// [`script`] for the variable's value `var`.
fn script_for(var: Option<std::ffi::OsString>) -> Option<String> {
    let path = var?;
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!(
                "checkers: {SOAK_VAR}={} cannot be read ({e}): no soak",
                std::path::Path::new(&path).display()
            );
            None
        }
    }
}

/// Whether the soak mode is on: the window was given the soak script.
pub fn on() -> bool {
    ON.get().copied().unwrap_or(false)
}

/// One note from the soak script: one line of 1 to [`MAX_NOTE_CHARS`]
/// characters, none of them a control character, so each note stays one
/// line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note(String);

impl Note {
    /// `text` as a note, or why it is not one.
    pub fn parse(text: &str) -> Result<Note, SoakError> {
        let chars = text.chars().count();
        if chars == 0 || chars > MAX_NOTE_CHARS {
            return Err(SoakError::NoteLength(chars));
        }
        if text.chars().any(char::is_control) {
            return Err(SoakError::NoteNotOneLine);
        }
        Ok(Note(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Note {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Note, D::Error> {
        let text = String::deserialize(d)?;
        Note::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Why a note was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SoakError {
    /// The app was not started for a soak.
    Off,
    /// A note is 1 to [`MAX_NOTE_CHARS`] characters; this one had so many.
    NoteLength(usize),
    /// A note is one line: no newline or other control character.
    NoteNotOneLine,
}

impl SoakError {
    /// A stable name for the error.
    pub fn code(&self) -> &'static str {
        match self {
            SoakError::Off => "soakOff",
            SoakError::NoteLength(_) | SoakError::NoteNotOneLine => "badNote",
        }
    }
}

impl fmt::Display for SoakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoakError::Off => write!(f, "the app was not started with {SOAK_VAR}"),
            SoakError::NoteLength(n) => {
                write!(f, "a note has 1 to {MAX_NOTE_CHARS} characters, not {n}")
            }
            SoakError::NoteNotOneLine => {
                f.write_str("a note is one line, without control characters")
            }
        }
    }
}

impl std::error::Error for SoakError {}

/// Refusals reach the page as `{ code, message }`, like the shell's.
impl Serialize for SoakError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        crate::slot::refusal(self.code(), self.to_string(), s)
    }
}

/// The log line of `note` written at `ms` (unix time).
pub fn line(ms: u128, note: &Note) -> String {
    format!("checkers-soak {ms} {}\n", note.as_str())
}

/// The app's invoke handler `app` with [`soak_note`] beside it.
pub fn with_note<R: tauri::Runtime>(
    app: impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(tauri::ipc::Invoke<R>) -> bool + Send + Sync + 'static {
    let soak: fn(tauri::ipc::Invoke<R>) -> bool = tauri::generate_handler![soak_note];
    move |invoke| {
        if invoke.message.command() == "soak_note" {
            soak(invoke)
        } else {
            app(invoke)
        }
    }
}

/// Writes the soak script's `note` on standard error, with the time; refused
/// with `soakOff` unless the app was started for a soak.
#[tauri::command]
pub fn soak_note(note: Note) -> Result<(), SoakError> {
    if !on() {
        return Err(SoakError::Off);
    }
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    // One write per line, so notes never interleave with other output.
    let _ = std::io::stderr().write_all(line(ms, &note).as_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_note_is_one_short_line() {
        assert_eq!(
            Note::parse("game 1 easy win").unwrap().as_str(),
            "game 1 easy win"
        );
        assert!(Note::parse(&"é".repeat(MAX_NOTE_CHARS)).is_ok());
        assert_eq!(
            Note::parse(&"é".repeat(MAX_NOTE_CHARS + 1)),
            Err(SoakError::NoteLength(MAX_NOTE_CHARS + 1))
        );
        assert_eq!(Note::parse(""), Err(SoakError::NoteLength(0)));
        for bad in ["two\nlines", "a\rb", "tab\there", "nul\0"] {
            assert_eq!(Note::parse(bad), Err(SoakError::NoteNotOneLine), "{bad:?}");
        }
        let refused: Result<Note, _> = serde_json::from_value(json!("x\ny"));
        assert!(refused.is_err());
        let refused: Result<Note, _> = serde_json::from_value(json!(12));
        assert!(refused.is_err());
    }

    #[test]
    fn a_note_becomes_one_log_line() {
        let note = Note::parse("idle start").unwrap();
        assert_eq!(line(1234, &note), "checkers-soak 1234 idle start\n");
    }

    #[test]
    fn the_script_is_read_only_when_the_variable_names_a_readable_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("soak.js");
        std::fs::write(&file, "soak({ games: 1 });").unwrap();
        assert_eq!(script_for(None), None);
        assert_eq!(
            script_for(Some(dir.path().join("missing.js").into_os_string())),
            None
        );
        assert_eq!(
            script_for(Some(file.into_os_string())).as_deref(),
            Some("soak({ games: 1 });")
        );
    }

    #[test]
    fn notes_are_refused_when_the_app_was_not_started_for_a_soak() {
        // The tests never set CHECKERS_SOAK, so the mode is off.
        assert!(!on());
        let e = soak_note(Note::parse("game 1").unwrap()).unwrap_err();
        assert_eq!(e, SoakError::Off);
        assert_eq!(serde_json::to_value(&e).unwrap()["code"], json!("soakOff"));
    }
}
