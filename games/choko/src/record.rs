//! A whole game as text: the record the app copies and `choko game` reads
//! back, in the form of the game records of draughts and chess (PDN, PGN):
//! tag pairs, then the actions numbered by turn pairs, then the result.
//!
//! ```text
//! [Game "Choko"]
//! [Date "2026.12.07"]
//! [X "Player"]
//! [O "Machine, level 3"]
//! [First "O"]
//! [Result "0-1"]
//!
//! 1. @c3 @b3 2. @c5 @a1 3. c5-d5 b3xd3 b4 4. @e5 0-1
//! ```
//!
//! - Tags, one per line, `[Name "value"]`, before the actions: `Game` must
//!   be `Choko`; `First` says which side placed first, `X` or `O` (`X` when
//!   it is left out, as from the standard start); `Result` is the result
//!   as below. Other tags (`Date`, `X`, `O`, `Level`, …) are kept as they
//!   are and checked only for their form: a value is at most
//!   [`MAX_TAG_CHARS`] characters with no `"` or `\` and no control
//!   character.
//! - The actions in the notation of [`crate::action`] (`@c3`, `c3-c4`,
//!   `c3xc5 b2`, `c3xc5 @`), each pair numbered `1.`, `2.`, …, the first
//!   placer's action first; the numbers may be left out but, when given,
//!   must count up from 1. A jump's extra piece is the token that follows
//!   it (a point, or `@` for one from the hand).
//! - The result, last: `1-0` X won, `0-1` O won, `1/2-1/2` a draw, `*` the
//!   game goes on. A result must be the one the actions lead to.
//!
//! Reading is parsing: the text becomes a [`ReadGame`] whose every action
//! has been played from the empty board, or a [`RecordError`] that says
//! in one short line what is wrong, quoting at most a short prefix of the
//! text. Nothing in a text can make it panic.

use crate::action::{Action, ActionError};
use crate::point::{Point, Side};
use crate::position::Position;
use crate::rules::{Outcome, PlayError};
use engine_kit::text::excerpt;
use std::fmt;

/// The longest text read, in bytes: a game of the longest length, with
/// its tags, is a few kilobytes.
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// The longest tag value kept, in characters.
pub const MAX_TAG_CHARS: usize = 200;

/// The most tags a record may have.
pub const MAX_TAGS: usize = 32;

/// The width the actions are wrapped at when a record is written.
const LINE_WIDTH: usize = 78;

/// A game's result as a record writes it.
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(Outcome::winner) {
        None => "*",
        Some(Some(Side::X)) => "1-0",
        Some(Some(Side::O)) => "0-1",
        Some(None) => "1/2-1/2",
    }
}

/// What a record says of the game besides its actions: its tags in order
/// (`Game` and `First`, which the writer puts first itself, are not among
/// them), and who placed first.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    pub first: Side,
    /// Tag pairs, such as `("Date", "2026.12.07")`.
    pub tags: Vec<(String, String)>,
    pub actions: Vec<Action>,
}

/// A game read from a record: every action played from the empty board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReadGame {
    pub record: Record,
    /// The position after the last action.
    pub position: Position,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
}

/// Why a record cannot be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// More than [`MAX_TEXT_BYTES`].
    TooLong(usize),
    /// No `[Game "Choko"]` tag, or another game's.
    NotChoko(String),
    /// A line that opens a tag but is not `[Name "value"]`.
    BadTag(String),
    /// A tag value that is too long or holds a character it may not.
    BadTagValue(String),
    /// The same tag twice.
    TagTwice(String),
    /// More than [`MAX_TAGS`] tags.
    TooManyTags,
    /// `First` is not `X` or `O`.
    BadFirst(String),
    /// A result that is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
    BadResult(String),
    /// A turn number out of its place (the pair it numbers, the number).
    BadNumber(usize, String),
    /// An action that does not read (its index, from 1).
    Action(usize, ActionError),
    /// An action that is not legal where it stands.
    Play(usize, PlayError),
    /// An action after the end of the game.
    AfterTheEnd(usize),
    /// Something after the result.
    AfterTheResult(String),
    /// The result the record states is not where the actions lead.
    WrongResult { stated: String, reached: String },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLong(n) => {
                write!(f, "{n} bytes, more than a record of a game can hold")
            }
            RecordError::NotChoko(g) => write!(f, "not a game of Choko: [Game \"{g}\"]"),
            RecordError::BadTag(t) => write!(f, "'{t}' is not a tag [Name \"value\"]"),
            RecordError::BadTagValue(t) => write!(f, "the tag {t} has a value it may not"),
            RecordError::TagTwice(t) => write!(f, "the tag {t} is given twice"),
            RecordError::TooManyTags => write!(f, "more than {MAX_TAGS} tags"),
            RecordError::BadFirst(v) => write!(f, "First is X or O, not '{v}'"),
            RecordError::BadResult(v) => {
                write!(f, "'{v}' is not a result (1-0, 0-1, 1/2-1/2 or *)")
            }
            RecordError::BadNumber(pair, n) => {
                write!(f, "'{n}' where turn pair {pair} is numbered")
            }
            RecordError::Action(i, e) => write!(f, "action {i}: {e}"),
            RecordError::Play(i, e) => write!(f, "action {i}: {e}"),
            RecordError::AfterTheEnd(i) => write!(f, "action {i} comes after the end of the game"),
            RecordError::AfterTheResult(t) => write!(f, "'{t}' after the result"),
            RecordError::WrongResult { stated, reached } => write!(
                f,
                "the record says {stated}, but its actions lead to {reached}"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// The record as text, ending with the result `outcome` leads to.
    pub fn to_text(&self, outcome: Option<Outcome>) -> String {
        let result = result_token(outcome);
        let mut out = String::from("[Game \"Choko\"]\n");
        for (name, value) in &self.tags {
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push_str(&format!("[First \"{}\"]\n", side_name(self.first)));
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let mut line = String::new();
        let push = |word: &str, line: &mut String, out: &mut String| {
            if !line.is_empty() && line.len() + 1 + word.len() > LINE_WIDTH {
                out.push_str(line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        };
        for (i, a) in self.actions.iter().enumerate() {
            let word = if i.is_multiple_of(2) {
                format!("{}. {a}", i / 2 + 1)
            } else {
                a.to_string()
            };
            push(&word, &mut line, &mut out);
        }
        push(result, &mut line, &mut out);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
}

/// A tag value as a record may hold it.
fn tag_value_ok(v: &str) -> bool {
    v.chars().count() <= MAX_TAG_CHARS
        && !v.chars().any(|c| c == '"' || c == '\\' || c.is_control())
}

/// Read a record: its tags, every action played from the empty board,
/// and the result checked against where they lead.
pub fn read_record(text: &str) -> Result<ReadGame, RecordError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(RecordError::TooLong(text.len()));
    }
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut moves = String::new();
    for line in text.lines() {
        let line = line.trim();
        if moves.trim().is_empty() && line.starts_with('[') {
            let (name, value) = tag(line)?;
            if tags.iter().any(|(n, _)| *n == name) {
                return Err(RecordError::TagTwice(excerpt(&name)));
            }
            if tags.len() == MAX_TAGS {
                return Err(RecordError::TooManyTags);
            }
            tags.push((name, value));
        } else {
            moves.push_str(line);
            moves.push(' ');
        }
    }
    let take = |tags: &mut Vec<(String, String)>, name: &str| {
        tags.iter()
            .position(|(n, _)| n == name)
            .map(|i| tags.remove(i).1)
    };
    match take(&mut tags, "Game") {
        Some(g) if g == "Choko" => {}
        Some(g) => return Err(RecordError::NotChoko(excerpt(&g))),
        None => return Err(RecordError::NotChoko(String::new())),
    }
    let first = match take(&mut tags, "First").as_deref() {
        None | Some("X") => Side::X,
        Some("O") => Side::O,
        Some(v) => return Err(RecordError::BadFirst(excerpt(v))),
    };
    let stated_tag = take(&mut tags, "Result");
    if let Some(r) = &stated_tag {
        check_result_token(r)?;
    }

    let mut pos = Position::start_with(first);
    let mut actions: Vec<Action> = Vec::new();
    let mut words = moves.split_whitespace().peekable();
    let mut stated_end: Option<String> = None;
    while let Some(word) = words.next() {
        if let Some(number) = word.strip_suffix('.') {
            let pair = actions.len() / 2 + 1;
            if !actions.len().is_multiple_of(2) || number != pair.to_string() {
                return Err(RecordError::BadNumber(pair, excerpt(word)));
            }
            continue;
        }
        if check_result_token(word).is_ok() {
            stated_end = Some(word.to_string());
            if let Some(rest) = words.next() {
                return Err(RecordError::AfterTheResult(excerpt(rest)));
            }
            break;
        }
        let index = actions.len() + 1;
        // A jump's extra piece is the next word: a point, or `@`.
        let mut text = word.to_string();
        if word.contains('x') {
            if let Some(next) = words.peek() {
                if *next == "@" || Point::from_name(next).is_some() {
                    text.push(' ');
                    text.push_str(next);
                    words.next();
                }
            }
        }
        if pos.outcome().is_some() {
            return Err(RecordError::AfterTheEnd(index));
        }
        let a: Action = text.parse().map_err(|e| RecordError::Action(index, e))?;
        pos = pos.play(a).map_err(|e| RecordError::Play(index, e))?;
        actions.push(a);
    }
    let outcome = pos.outcome();
    let reached = result_token(outcome);
    for stated in [stated_tag.as_deref(), stated_end.as_deref()]
        .into_iter()
        .flatten()
    {
        if stated != reached {
            return Err(RecordError::WrongResult {
                stated: stated.to_string(),
                reached: reached.to_string(),
            });
        }
    }
    Ok(ReadGame {
        record: Record {
            first,
            tags,
            actions,
        },
        position: pos,
        outcome,
    })
}

fn check_result_token(t: &str) -> Result<(), RecordError> {
    match t {
        "1-0" | "0-1" | "1/2-1/2" | "*" => Ok(()),
        other => Err(RecordError::BadResult(excerpt(other))),
    }
}

/// One tag line `[Name "value"]`: a name of ASCII letters and digits.
fn tag(line: &str) -> Result<(String, String), RecordError> {
    let bad = || RecordError::BadTag(excerpt(line));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, value) = inner.split_once(' ').ok_or_else(bad)?;
    if name.is_empty() || name.len() > 40 || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(bad());
    }
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if !tag_value_ok(value) {
        return Err(RecordError::BadTagValue(name.to_string()));
    }
    Ok((name.to_string(), value.to_string()))
}

/// Whether `value` can stand as a tag's value: what a writer puts in a
/// tag is checked with this first.
pub fn fits_a_tag(value: &str) -> bool {
    tag_value_ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(texts: &[&str]) -> Vec<Action> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn a_record_is_written_and_read_back_the_same() {
        let r = Record {
            first: Side::O,
            tags: vec![
                ("Date".into(), "2026.12.07".into()),
                ("O".into(), "Machine, level 3".into()),
            ],
            actions: actions(&[
                "@c3", "@b3", "@c5", "@a1", "@b4", "@e1", "c5-d5", "b3xd3 b4",
            ]),
        };
        let text = r.to_text(None);
        assert!(
            text.starts_with("[Game \"Choko\"]\n[Date \"2026.12.07\"]\n"),
            "{text}"
        );
        assert!(
            text.contains("[First \"O\"]\n[Result \"*\"]\n\n1. @c3 @b3 2. @c5 @a1"),
            "{text}"
        );
        assert!(text.trim_end().ends_with("4. c5-d5 b3xd3 b4 *"), "{text}");
        let read = read_record(&text).unwrap();
        assert_eq!(read.record, r);
        assert_eq!(read.outcome, None);
        let mut pos = Position::start_with(Side::O);
        for &a in &r.actions {
            pos = pos.play(a).unwrap();
        }
        assert_eq!(read.position, pos);
    }

    #[test]
    fn numbers_and_tags_may_be_left_out_and_the_result_must_be_the_one_reached() {
        let read = read_record("[Game \"Choko\"]\n@c3 @b3 @c5").unwrap();
        assert_eq!(read.record.first, Side::X);
        assert_eq!(read.record.actions.len(), 3);
        let e = read_record("[Game \"Choko\"]\n@c3 @b3 1-0").unwrap_err();
        assert_eq!(
            e,
            RecordError::WrongResult {
                stated: "1-0".into(),
                reached: "*".into()
            }
        );
    }

    #[test]
    fn every_kind_of_bad_record_is_refused_with_a_short_reason() {
        let long = "é".repeat(5000);
        for (text, want) in [
            ("@c3".to_string(), "not a game of Choko"),
            ("[Game \"Go\"]".to_string(), "not a game of Choko"),
            (
                "[Game \"Choko\"]\n[First \"Z\"]".to_string(),
                "First is X or O",
            ),
            (
                "[Game \"Choko\"]\n[Game \"Choko\"]".to_string(),
                "given twice",
            ),
            ("[Game \"Choko\"]\n[Date 2026]".to_string(), "is not a tag"),
            (
                format!("[Game \"Choko\"]\n[Date \"{long}\"]"),
                "a value it may not",
            ),
            ("[Game \"Choko\"]\n2. @c3".to_string(), "turn pair 1"),
            ("[Game \"Choko\"]\n1. @c3 1. @b3".to_string(), "turn pair 1"),
            ("[Game \"Choko\"]\n@c3 @c3".to_string(), "action 2"),
            ("[Game \"Choko\"]\n@z9".to_string(), "action 1"),
            (
                "[Game \"Choko\"]\n@c3 * @b3".to_string(),
                "after the result",
            ),
            (
                "[Game \"Choko\"]\n[Result \"2-0\"]".to_string(),
                "not a result",
            ),
            (format!("[Game \"Choko\"]\n{long}"), "action 1"),
        ] {
            let e = read_record(&text).unwrap_err().to_string();
            assert!(e.contains(want), "{}: {e}", excerpt(&text));
            assert!(e.chars().count() < 200, "{e}");
        }
        let huge = "x".repeat(MAX_TEXT_BYTES + 1);
        assert!(matches!(read_record(&huge), Err(RecordError::TooLong(_))));
    }
}
