//! Quoting text a caller gave in an error message, whatever it holds.

/// The most characters of an input that an error quotes.
pub const EXCERPT_CHARS: usize = 24;

/// Characters that would make an echoed text misleading or break a line:
/// control characters, line and paragraph separators, zero-width and
/// direction-changing marks, and the byte-order mark.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// A short, printable quote of `text` for an error message: its first
/// [`EXCERPT_CHARS`] characters (never cut inside a character), then `…`
/// if anything was left out. Hidden characters (controls, line separators,
/// zero-width and direction marks) are written as `\u{…}` escapes, so the
/// quote is always one visible line.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(EXCERPT_CHARS) {
        if is_hidden(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// `msg` with every control character and line or paragraph separator
/// written as a `\u{…}` escape, so that it prints as exactly one line.
pub fn one_line(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len());
    for c in msg.chars() {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_printable() {
        assert_eq!(excerpt("c3"), "c3");
        assert_eq!(excerpt("a\nb"), "a\\u{a}b");
        assert_eq!(excerpt("\u{200b}"), "\\u{200b}");
        assert_eq!(excerpt("\u{feff}x\u{202e}"), "\\u{feff}x\\u{202e}");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long).chars().count(), EXCERPT_CHARS + 1);
        assert!(excerpt(&long).ends_with('…'));
        assert_eq!(
            excerpt(&"y".repeat(EXCERPT_CHARS)),
            "y".repeat(EXCERPT_CHARS)
        );
    }

    #[test]
    fn one_line_escapes_line_breaks_and_controls_only() {
        assert_eq!(one_line("a\r\nb"), "a\\u{d}\\u{a}b");
        assert_eq!(one_line("x\u{2028}y\u{85}"), "x\\u{2028}y\\u{85}");
        assert_eq!(one_line("é …"), "é …");
    }
}
