//! Quoting outside text in error messages.

/// How many characters of an outside text an error message quotes.
pub const EXCERPT_CHARS: usize = 24;

/// A short, printable prefix of `text` for an error message: at most
/// [`EXCERPT_CHARS`] characters, control, format and separator characters
/// escaped (`\u{…}`), and `…` when the text was longer. However long or
/// strange the input, the message stays one short line.
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

/// Characters that would break a line or hide in one: controls, line and
/// paragraph separators, zero-width and direction marks, the byte-order
/// mark.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_printable() {
        assert_eq!(excerpt("c3"), "c3");
        assert_eq!(excerpt("a\nb"), "a\\u{a}b");
        assert_eq!(excerpt("\u{200b}"), "\\u{200b}");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long).chars().count(), EXCERPT_CHARS + 1);
        assert!(excerpt(&long).ends_with('…'));
    }
}
