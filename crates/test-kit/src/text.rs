//! Hostile text: random strings from a format's own alphabet mixed with
//! the characters that break naive code, mutations of valid documents, and
//! every cut of a document at a character or a byte.
//!
//! Random strings almost never look like the format under test, so a
//! parser's interesting paths (a `[` that opens a tag, a character that
//! straddles a computed byte offset) go untested; `"[aaé]"` panicked the
//! checkers FEN parser for that reason. These inputs are built from the
//! format's own alphabet instead (tokens may be whole words such as
//! `[FEN "`), mixed with multi-byte, zero-width, combining, direction and
//! control characters.

use crate::Rng;

/// Characters that break code which assumes one byte per character, no
/// invisible characters or one line: multi-byte (2, 3 and 4 bytes),
/// combining, zero-width, direction, byte-order mark, replacement
/// character, look-alikes of ASCII punctuation, and controls.
pub const HOSTILE: &[&str] = &[
    "é",
    "€",
    "𝄞",
    "½",
    "…",
    "–",
    "—",
    "＂",
    "［",
    "：",
    "，",
    "٣",
    "１",
    "\u{301}",
    "\u{200b}",
    "\u{200d}",
    "\u{2060}",
    "\u{feff}",
    "\u{202e}",
    "\u{2066}",
    "\u{fffd}",
    "\u{10ffff}",
    "\0",
    "\t",
    "\r",
    "\n",
    "\r\n",
    "\u{1b}",
    "\u{7f}",
    "\u{85}",
    "\u{a0}",
    "\u{2028}",
    "\u{3000}",
];

/// A string of up to `max_tokens` tokens: each from `alphabet`, or one of
/// [`HOSTILE`] about one time in eight.
pub fn from_alphabet(rng: &mut Rng, alphabet: &[&str], max_tokens: usize) -> String {
    let n = rng.below(max_tokens + 1);
    let mut out = String::new();
    for _ in 0..n {
        let token = if rng.chance(1, 8) {
            rng.token(HOSTILE)
        } else {
            rng.token(alphabet)
        };
        out.push_str(token);
    }
    out
}

/// The byte offsets of every character boundary of `s`, its end included.
pub fn boundaries(s: &str) -> Vec<usize> {
    s.char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(s.len()))
        .collect()
}

/// `doc` with one to four random edits: insert a token (from `alphabet`
/// or [`HOSTILE`]), delete a span, replace a span with a token, duplicate a
/// span, swap two characters, or cut the rest off. Edits happen at
/// character boundaries, so the result is valid UTF-8; [`byte_truncations`]
/// covers cuts inside characters.
pub fn mutate(rng: &mut Rng, doc: &str, alphabet: &[&str]) -> String {
    let mut s = doc.to_string();
    for _ in 0..1 + rng.below(4) {
        let b = boundaries(&s);
        let i = b[rng.below(b.len())];
        let j = b[rng.below(b.len())];
        let (lo, hi) = (i.min(j), i.max(j));
        let token = if rng.chance(1, 3) {
            rng.token(HOSTILE)
        } else {
            rng.token(alphabet)
        };
        match rng.below(6) {
            0 => s.insert_str(i, token),
            1 => s.replace_range(lo..hi, ""),
            2 => s.replace_range(lo..hi, token),
            3 => {
                let span = s[lo..hi].to_string();
                s.insert_str(hi, &span);
            }
            4 => {
                let chars: Vec<char> = s.chars().collect();
                if chars.len() >= 2 {
                    let (x, y) = (rng.below(chars.len()), rng.below(chars.len()));
                    let mut chars = chars;
                    chars.swap(x, y);
                    s = chars.into_iter().collect();
                }
            }
            _ => s.truncate(i),
        }
    }
    s
}

/// Every prefix of `doc` that ends at a character boundary, shortest
/// first, the empty one and `doc` itself included.
pub fn char_truncations(doc: &str) -> impl Iterator<Item = &str> {
    boundaries(doc).into_iter().map(move |i| &doc[..i])
}

/// Every prefix of `doc` at every byte, read lossily: a cut inside a
/// multi-byte character leaves U+FFFD, as a program reading a truncated
/// file with `String::from_utf8_lossy` would see.
pub fn byte_truncations(doc: &str) -> impl Iterator<Item = String> + '_ {
    (0..=doc.len()).map(move |i| String::from_utf8_lossy(&doc.as_bytes()[..i]).into_owned())
}

/// Text with every non-printable or non-ASCII character escaped, to show
/// an input in a report.
pub fn escape(s: &str) -> String {
    s.chars().flat_map(char::escape_default).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_every_character_and_byte() {
        let cuts: Vec<&str> = char_truncations("aé𝄞").collect();
        assert_eq!(cuts, ["", "a", "aé", "aé𝄞"]);
        let bytes: Vec<String> = byte_truncations("é").collect();
        assert_eq!(bytes, ["", "\u{fffd}", "é"]);
        assert_eq!(boundaries("aé"), [0, 1, 3]);
        assert_eq!(escape("a\né"), "a\\n\\u{e9}");
    }

    #[test]
    fn soup_and_mutations_are_seeded_and_valid_text() {
        let make = |seed| {
            let mut rng = Rng::new(seed);
            let soup = from_alphabet(&mut rng, &["11-15", "x"], 30);
            let edited = mutate(&mut rng, "B:W21-32:B1-12", &["K", ":"]);
            (soup, edited)
        };
        assert_eq!(make(3), make(3));
        let mut hostile = 0;
        for seed in 0..200 {
            let (soup, edited) = make(seed);
            hostile += usize::from(HOSTILE.iter().any(|h| soup.contains(h)));
            assert_ne!(edited, "\u{0}");
        }
        assert!(hostile > 50, "{hostile}");
    }
}
