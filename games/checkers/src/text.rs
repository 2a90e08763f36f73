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
