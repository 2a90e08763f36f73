//! Names read from JSON: a level, who starts. They are read exactly as
//! written (no trimming, no case folding), and anything else is refused
//! with an error that quotes at most a short prefix of what was found
//! ([`crate::text::excerpt`]), so ten megabytes sent as a level do not
//! come back in the message.

use crate::text::excerpt;
use serde::de::{self, Visitor};
use std::fmt;

/// Reads one of a fixed set of names from a JSON string, exactly as
/// written (no trimming, no case folding). Anything else is an error that
/// quotes at most a short prefix of what was found.
pub(crate) struct NameVisitor<T: 'static> {
    /// What the name is of, for messages: "level".
    pub what: &'static str,
    pub names: &'static [(&'static str, T)],
}

impl<T: Copy> NameVisitor<T> {
    /// "easy, normal or hard".
    fn expected(&self) -> String {
        let names: Vec<&str> = self.names.iter().map(|(n, _)| *n).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }
}

impl<T: Copy> Visitor<'_> for NameVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {}: {}", self.what, self.expected())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        self.names
            .iter()
            .find(|(n, _)| *n == v)
            .map(|&(_, t)| t)
            .ok_or_else(|| {
                E::custom(format!(
                    "unknown {} '{}': expected {}",
                    self.what,
                    excerpt(v),
                    self.expected()
                ))
            })
    }

    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<T, E> {
        Err(E::custom(format!(
            "a {} must be text: {}",
            self.what,
            self.expected()
        )))
    }
}
