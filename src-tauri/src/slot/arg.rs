//! Command arguments that are checked by the command, not by Tauri.
//!
//! Tauri refuses an argument that fails to deserialise before the command
//! runs, with a plain string, so the page would get two kinds of refusal.
//! A command takes its arguments as [`Arg<T>`] instead: reading one never
//! fails (a missing key and `null` both read as JSON `null`), and
//! [`Arg::get`] gives the typed value or a [`BadArgument`] that names the
//! argument and says, in one short line, what is wrong with it. Each
//! game's error type turns it into its `{ code: "badArgument", message }`
//! refusal.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::fmt;

/// The longest message quoted from a deserialiser: serde's messages can
/// quote what they were given, which may be megabytes long.
const MAX_MESSAGE: usize = 160;

/// A command argument as the page sent it, checked when the command asks.
#[derive(Debug)]
pub struct Arg<T>(Result<T, String>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Arg<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Arg<T>, D::Error> {
        // `Option` asks Tauri's reader for an optional value, which it
        // answers with `None` when the key is missing instead of failing.
        let value = Option::<Value>::deserialize(d)?.unwrap_or(Value::Null);
        Ok(Arg(T::deserialize(value).map_err(|e| short(&e))))
    }
}

impl<T> Arg<T> {
    /// The argument `name`, or why it cannot be used.
    pub fn get(self, name: &'static str) -> Result<T, BadArgument> {
        self.0.map_err(|message| BadArgument { name, message })
    }
}

impl<T> From<T> for Arg<T> {
    fn from(value: T) -> Arg<T> {
        Arg(Ok(value))
    }
}

/// A command argument that is missing or malformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadArgument {
    /// The argument's name, as the page spells it.
    pub name: &'static str,
    /// What is wrong with it, in one short line.
    pub message: String,
}

impl fmt::Display for BadArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "argument {}: {}", self.name, self.message)
    }
}

impl std::error::Error for BadArgument {}

/// A message cut to [`MAX_MESSAGE`] characters.
fn short(e: &impl fmt::Display) -> String {
    let text = e.to_string();
    if text.chars().count() <= MAX_MESSAGE {
        text
    } else {
        format!("{}…", text.chars().take(MAX_MESSAGE).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_value_reads_and_anything_else_says_what_is_wrong_in_a_short_line() {
        let ok: Arg<u8> = serde_json::from_value(json!(7)).unwrap();
        assert_eq!(ok.get("n"), Ok(7));
        let null: Arg<u8> = serde_json::from_value(json!(null)).unwrap();
        let e = null.get("n").unwrap_err();
        assert_eq!(e.name, "n");
        let long: Arg<u8> = serde_json::from_value(json!("x".repeat(1 << 20))).unwrap();
        let e = long.get("n").unwrap_err();
        assert!(e.to_string().chars().count() < 200, "{e}");
        let optional: Arg<Option<u8>> = serde_json::from_value(json!(null)).unwrap();
        assert_eq!(optional.get("n"), Ok(None));
    }
}
