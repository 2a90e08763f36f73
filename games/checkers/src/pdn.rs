//! PDN (Portable Draughts Notation): one game as text, written and read.
//!
//! [`PdnGame::to_pdn`] writes a finished or unfinished game; [`parse_pdn`]
//! reads one back, replaying every move from the start position under the
//! rules and stopping with a typed [`PdnError`] at the first move it cannot
//! read or that is not legal.
//!
//! # Conventions followed
//!
//! PDN descends from chess PGN. Adrian Millett proposed it for checkers,
//! Murray Cash's PDN 2.0 draft made it precise for 8×8 English draughts, and
//! PDN 3.0 (the FMJD standard edited by Wieger Wesselink, published at
//! pdn.fmjd.org) builds on that draft. What this module takes from them:
//!
//! - **Game type.** English draughts is game type 21; its full form
//!   `21,B,8,8,N1,0` says Black starts, on an 8×8 board with numeric
//!   squares. The writer always adds `[GameType "21"]`. The reader accepts a
//!   missing tag or any value whose number is 21, and refuses other game
//!   types ([`PdnError::GameType`]): their moves mean other rules.
//! - **Results.** PDN 3.0 gives result codes from the side of the game
//!   type's first mover, which for type 21 is Black: `1-0` means Black won,
//!   `0-1` White won, `1/2-1/2` a draw and `*` an unfinished game or no
//!   known result. (Generic PDN summaries that gloss `1-0` as "White won"
//!   describe variants where White starts.) The meaning does not change
//!   when a game starts from a FEN with White to move. The international
//!   codes `2-0`, `0-2`, `1-1` and the double forfeit `0-0` are refused
//!   ([`PdnError::BadResult`]).
//! - **FEN tag.** Side to move (`B` or `W`), then a colon and one section
//!   per colour: its letter and a comma list of squares, `K` before a king
//!   (see [`crate::fen`]). Written canonically, with no spaces and no final
//!   period, and preceded by `[SetUp "1"]`, which PGN-derived readers expect
//!   next to a FEN. The tag is written exactly when the game does not start
//!   from the standard position with Black to move, so every game White
//!   began has one.
//! - **Move numbers.** A move number counts a pair of turns, Black's then
//!   White's. It is written `N.` before Black's move and `N...` before a
//!   White move that opens a numbered pair, which happens only on the first
//!   move of a game that White starts: `1... 22-18 2. 11-15 24-19`.
//! - **Moves.** `11-15` for a step; captures with `x` and every landing
//!   square (`22x15x6`). PDN 3.0 prefers the short form on writing unless it
//!   is ambiguous, but its reading grammar accepts the full path for
//!   compatibility, PDN 2.0 allows both, and the full path can never be
//!   ambiguous (a king can run one loop of captures both ways round).
//! - **Movetext.** Wrapped at 79 characters, a move number kept with its
//!   move, and ended by the result token, which always agrees with the
//!   `Result` tag the writer emits.
//!
//! # What the reader accepts
//!
//! One game per call: tag pairs (`[Name "value"]`, with `\"` and `\\`
//! escapes), then movetext with move numbers (`1.`, `1...`, `1.11-15`, a
//! lone `...`), moves in full-path or short capture form (`22x6` when
//! exactly one legal move matches), `{comments}`, `;` comments to the end of
//! the line, `%` lines, `(variations)` (nested, skipped), NAGs (`$1`), move
//! strength marks (`!`, `?!`, `(?)`), CRLF line ends and a leading byte-order
//! mark. The game ends at its result token; at a `[` that opens the next
//! game's tags; or at the end of the text. Anything after the first game is
//! ignored, so the first game of a many-game file can be read.
//!
//! PDN 3.0's setup of a new position in the middle of the moves
//! (`/FEN "…"/`) is not supported: it is read as a move that cannot be read.
//!
//! The written move numbers are not checked: the reader numbers the moves
//! itself from the start position, and errors use its numbering. The
//! result is taken from the movetext's token, or from the `Result` tag when
//! the movetext has none; the two must agree when both are given. Whether
//! the result fits the final position, and the 50-turn draw of the app's
//! rules, are not checked: games recorded elsewhere may end by resignation
//! or go past it.
//!
//! Bytes become text with [`decode`]: UTF-8, or Latin-1 when they are not
//! UTF-8, as PDN 3.0 recommends for reading.
//!
//! Errors quote at most a short prefix of the text
//! ([`crate::text::excerpt`]); nothing in this module indexes text by a
//! computed byte offset that could fall inside a character.

use crate::fen::{parse_fen, to_fen, FenError};
use crate::moves::Move;
use crate::notation::{parse_move, MoveError};
use crate::rules::Outcome;
use crate::text::excerpt;
use crate::{Color, Position};
use std::borrow::Cow;
use std::fmt;

/// A sensible bound on the size of a PDN input: a game is a few kilobytes,
/// so a caller reading a file or a stream should refuse anything larger
/// rather than load it (the CLI's `pdn` command reads at most this much).
pub const MAX_PDN_BYTES: usize = 16 << 20;

/// PDN bytes as text. PDN 3.0 requires UTF-8 and recommends accepting
/// Latin-1 too: valid UTF-8 is taken as it is, anything else is read as
/// Latin-1 (each byte one character), which never fails.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// The game type number of English draughts.
pub const GAME_TYPE: &str = "21";

/// Movetext lines are at most this many characters.
pub const LINE_WIDTH: usize = 79;

/// How a game ended, as PDN writes it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PdnResult {
    /// `1-0`: Black, the first side of English draughts, won.
    BlackWins,
    /// `0-1`: White won.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game is not over, or its result is unknown.
    Unfinished,
}

impl PdnResult {
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            PdnResult::BlackWins => "1-0",
            PdnResult::WhiteWins => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Unfinished => "*",
        }
    }

    /// The result a token stands for, if it is one of the four.
    pub fn from_token(token: &str) -> Option<PdnResult> {
        [
            PdnResult::BlackWins,
            PdnResult::WhiteWins,
            PdnResult::Draw,
            PdnResult::Unfinished,
        ]
        .into_iter()
        .find(|r| r.token() == token)
    }

    /// The result of a game that the rules ended, or `Unfinished`.
    pub fn from_outcome(outcome: Option<Outcome>) -> PdnResult {
        match outcome {
            Some(Outcome::Win(Color::Black)) => PdnResult::BlackWins,
            Some(Outcome::Win(Color::White)) => PdnResult::WhiteWins,
            Some(Outcome::Draw) => PdnResult::Draw,
            None => PdnResult::Unfinished,
        }
    }
}

impl fmt::Display for PdnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One game: its tags, start position, moves and result.
///
/// A game read by [`parse_pdn`] always has legal moves from `start`. One
/// built by hand should too: [`PdnGame::check`] says whether it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in file order. On writing, `FEN`, `SetUp` and `GameType`
    /// entries are ignored and `Result` takes the value of `result`: the
    /// writer computes these from the game itself.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Position,
    /// The moves in the order played.
    pub moves: Vec<Move>,
    /// How the game ended.
    pub result: PdnResult,
}

/// Tags the writer computes itself and never copies from [`PdnGame::tags`].
const COMPUTED_TAGS: [&str; 3] = ["FEN", "SetUp", "GameType"];

impl PdnGame {
    /// The tag pairs as written: the caller's, in order, with `Result` set
    /// to the game's result (added after them when absent), then
    /// `GameType`, then `SetUp` and `FEN` when the game does not start from
    /// the standard position. Tags whose name is not a PDN name (an ASCII
    /// letter, then letters, digits or `_`) are left out.
    pub fn header(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::with_capacity(self.tags.len() + 4);
        let mut has_result = false;
        for (name, value) in &self.tags {
            if !is_tag_name(name) || COMPUTED_TAGS.contains(&name.as_str()) {
                continue;
            }
            if name == "Result" {
                if has_result {
                    continue;
                }
                has_result = true;
                out.push((name.clone(), self.result.token().to_string()));
            } else {
                out.push((name.clone(), value.clone()));
            }
        }
        if !has_result {
            out.push(("Result".into(), self.result.token().into()));
        }
        out.push(("GameType".into(), GAME_TYPE.into()));
        if self.start != Position::start() {
            out.push(("SetUp".into(), "1".into()));
            out.push(("FEN".into(), to_fen(&self.start)));
        }
        out
    }

    /// The game as PDN text: tag pairs, a blank line, the numbered moves
    /// wrapped at [`LINE_WIDTH`], and the result token, ending in a newline.
    pub fn to_pdn(&self) -> String {
        let mut out = String::new();
        for (name, value) in self.header() {
            out.push('[');
            out.push_str(&name);
            out.push_str(" \"");
            for c in value.chars() {
                match c {
                    '\\' => out.push_str("\\\\"),
                    '"' => out.push_str("\\\""),
                    c if c.is_control() => out.push(' '),
                    c => out.push(c),
                }
            }
            out.push_str("\"]\n");
        }
        out.push('\n');
        let mut units: Vec<String> = Vec::with_capacity(self.moves.len() + 1);
        let white_first = self.start.turn() == Color::White;
        for (ply, mv) in self.moves.iter().enumerate() {
            let (number, side) = move_number(self.start.turn(), ply);
            units.push(match side {
                Color::Black => format!("{number}. {mv}"),
                Color::White if ply == 0 && white_first => format!("{number}... {mv}"),
                Color::White => mv.to_string(),
            });
        }
        units.push(self.result.token().to_string());
        let mut line_len = 0;
        for unit in units {
            let len = unit.chars().count();
            if line_len > 0 && line_len + 1 + len > LINE_WIDTH {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(&unit);
            line_len += len;
        }
        out.push('\n');
        out
    }

    /// The position after the moves, stopping before the first move that
    /// is not legal where it is played (a game from [`parse_pdn`] has
    /// none; [`PdnGame::check`] reports it).
    pub fn final_position(&self) -> Position {
        let mut pos = self.start;
        for mv in &self.moves {
            match pos.play(mv) {
                Ok(next) => pos = next,
                Err(_) => break,
            }
        }
        pos
    }

    /// The final position if every move is legal where it is played, or
    /// the error of the first one that is not.
    pub fn check(&self) -> Result<Position, PdnError> {
        let mut pos = self.start;
        for (ply, mv) in self.moves.iter().enumerate() {
            pos = pos.play(mv).map_err(|e| {
                let (number, side) = move_number(self.start.turn(), ply);
                PdnError::Move {
                    number,
                    side,
                    text: mv.to_string(),
                    error: MoveError::Illegal(excerpt(&e.0)),
                }
            })?;
        }
        Ok(pos)
    }
}

/// The PDN move number and side of the move at `ply` (0-based) of a game
/// whose first move is `first`'s: a number counts Black's turn and the
/// White turn after it.
pub fn move_number(first: Color, ply: usize) -> (u32, Color) {
    let k = ply.saturating_add(usize::from(first == Color::White));
    let number = u32::try_from(k / 2 + 1).unwrap_or(u32::MAX);
    let side = if ply.is_multiple_of(2) {
        first
    } else {
        first.opposite()
    };
    (number, side)
}

/// A tag name the writer emits and the reader accepts: an ASCII letter,
/// then ASCII letters, digits or `_`.
fn is_tag_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A delimited part of PDN text that was opened and never closed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unclosed {
    /// A tag pair, `[`.
    Tag,
    /// A tag value, `"`.
    String,
    /// A comment, `{`.
    Comment,
    /// A variation, `(`.
    Variation,
}

impl fmt::Display for Unclosed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unclosed::Tag => "tag pair '['",
            Unclosed::String => "tag value '\"'",
            Unclosed::Comment => "comment '{'",
            Unclosed::Variation => "variation '('",
        })
    }
}

/// What is wrong with a PDN text. Texts from the input are quoted with
/// [`crate::text::excerpt`]: a short, printable prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnError {
    /// No tag, move or result: the text holds no game.
    Empty,
    /// Something other than what the syntax expects at this point.
    Unexpected {
        /// The line, counted from 1.
        line: usize,
        /// What would have been right here.
        expected: &'static str,
        /// What is there instead; `None` at the end of the text.
        found: Option<String>,
    },
    /// A tag pair, tag value, comment or variation is never closed.
    Unclosed {
        /// The line where it opens.
        line: usize,
        what: Unclosed,
    },
    /// `FEN`, `GameType` or `Result` is given twice.
    TagTwice(&'static str),
    /// The `FEN` tag is not a legal position.
    Fen(FenError),
    /// The `GameType` tag names another game than English draughts.
    GameType(String),
    /// A result token that English draughts does not use (`2-0`, `0-0`, …).
    BadResult { line: usize, token: String },
    /// The `Result` tag and the result token disagree.
    ResultMismatch { tag: PdnResult, token: PdnResult },
    /// A move that cannot be read or is not legal: the first one.
    Move {
        /// Its PDN move number, counted from the start position.
        number: u32,
        /// The side that was to play it.
        side: Color,
        /// The move as written (a short prefix when long).
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdnError::Empty => write!(f, "no game: the text has no tags, moves or result"),
            PdnError::Unexpected {
                line,
                expected,
                found: Some(found),
            } => write!(f, "line {line}: expected {expected}, found '{found}'"),
            PdnError::Unexpected {
                line,
                expected,
                found: None,
            } => write!(
                f,
                "line {line}: expected {expected}, found the end of the text"
            ),
            PdnError::Unclosed { line, what } => {
                write!(f, "line {line}: {what} is never closed")
            }
            PdnError::TagTwice(name) => write!(f, "the {name} tag is given twice"),
            PdnError::Fen(e) => write!(f, "bad FEN tag: {e}"),
            PdnError::GameType(s) => {
                write!(f, "GameType '{s}' is not English draughts ({GAME_TYPE})")
            }
            PdnError::BadResult { line, token } => write!(
                f,
                "line {line}: result '{token}' is not one of 1-0, 0-1, 1/2-1/2 and *"
            ),
            PdnError::ResultMismatch { tag, token } => write!(
                f,
                "the Result tag says {tag} but the moves end with {token}"
            ),
            PdnError::Move {
                number,
                side,
                text,
                error,
            } => {
                let dots = match side {
                    Color::Black => ".",
                    Color::White => "...",
                };
                write!(f, "move {number}{dots} {text} ({side}): {error}")
            }
        }
    }
}

impl std::error::Error for PdnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PdnError::Fen(e) => Some(e),
            PdnError::Move { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Characters that end a movetext word besides white space.
const DELIMITERS: [char; 8] = ['{', '}', '(', ')', '[', ']', ';', '$'];

/// Result tokens of other draughts games, refused rather than read as moves.
const OTHER_RESULTS: [&str; 4] = ["2-0", "0-2", "1-1", "0-0"];

/// A cursor over the text. `pos` only ever moves by whole characters or
/// past ASCII bytes found by search, so it is always a char boundary; the
/// text is still read through `get`, which cannot panic.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        match self.pos.checked_sub(1) {
            None => true,
            Some(i) => matches!(self.text.as_bytes().get(i), Some(b'\n' | b'\r')),
        }
    }

    /// Skip `n` bytes known to end at a char boundary (the length of a
    /// prefix found by `find`), counting the line ends in them.
    fn skip_bytes(&mut self, n: usize) {
        let skipped = self.rest().get(..n).unwrap_or("");
        self.line += skipped.bytes().filter(|b| *b == b'\n').count();
        self.pos += skipped.len();
    }

    /// Skip to the end of the line, the line end included.
    fn skip_line(&mut self) {
        let n = self.rest().find('\n').map_or(self.rest().len(), |i| i + 1);
        self.skip_bytes(n);
    }

    /// Skip a `{…}` comment; comments do not nest.
    fn skip_comment(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        match self.rest().find('}') {
            Some(i) => {
                self.skip_bytes(i + 1);
                Ok(())
            }
            None => Err(PdnError::Unclosed {
                line,
                what: Unclosed::Comment,
            }),
        }
    }

    /// Skip white space, `{…}` and `;` comments and `%` lines.
    fn skip_trivia(&mut self) -> Result<(), PdnError> {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('%') if self.at_line_start() => self.skip_line(),
                Some(';') => self.skip_line(),
                Some('{') => self.skip_comment()?,
                _ => return Ok(()),
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The word at the cursor (up to white space or a delimiter), as an
    /// excerpt for an error, or `None` at the end of the text.
    fn found(&self) -> Option<String> {
        let rest = self.rest();
        let end = rest
            .find(|c: char| c.is_whitespace())
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8));
        rest.get(..end).filter(|w| !w.is_empty()).map(excerpt)
    }

    fn unexpected(&self, expected: &'static str) -> PdnError {
        PdnError::Unexpected {
            line: self.line,
            expected,
            found: self.found(),
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), PdnError> {
        if self.peek() == Some(c) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// A tag pair `[Name "value"]`, the cursor on `[`.
    fn tag(&mut self) -> Result<(String, String), PdnError> {
        let line = self.line;
        self.expect('[', "'['")?;
        self.skip_spaces();
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        let name = self.text.get(start..self.pos).unwrap_or("");
        if !is_tag_name(name) {
            self.pos = start;
            return Err(self.unexpected("a tag name"));
        }
        self.skip_spaces();
        if self.peek().is_none() {
            return Err(PdnError::Unclosed {
                line,
                what: Unclosed::Tag,
            });
        }
        let value = self.string()?;
        self.skip_spaces();
        match self.peek() {
            Some(']') => {
                self.bump();
                Ok((name.to_string(), value))
            }
            None => Err(PdnError::Unclosed {
                line,
                what: Unclosed::Tag,
            }),
            Some(_) => Err(self.unexpected("']' after the tag value")),
        }
    }

    /// A quoted tag value, the cursor on `"`. `\"` and `\\` are escapes;
    /// any other backslash is kept as written.
    fn string(&mut self) -> Result<String, PdnError> {
        let line = self.line;
        self.expect('"', "a quoted tag value")?;
        let mut value = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(PdnError::Unclosed {
                        line,
                        what: Unclosed::String,
                    })
                }
                Some('"') => return Ok(value),
                Some('\\') => match self.peek() {
                    Some(c @ ('"' | '\\')) => {
                        self.bump();
                        value.push(c);
                    }
                    _ => value.push('\\'),
                },
                Some(c) => value.push(c),
            }
        }
    }

    /// At `(`: skip a move strength mark `(?)`, `(!?)`… or a variation,
    /// which may nest and hold comments.
    fn skip_parenthesis(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        let inner = self.rest().get(1..).unwrap_or("");
        let marks = inner
            .bytes()
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count();
        if marks > 0 && inner.as_bytes().get(marks) == Some(&b')') {
            self.skip_bytes(marks + 2);
            return Ok(());
        }
        self.bump();
        let mut depth = 1usize;
        loop {
            match self.peek() {
                None => {
                    return Err(PdnError::Unclosed {
                        line,
                        what: Unclosed::Variation,
                    })
                }
                Some('{') => self.skip_comment()?,
                Some(';') => self.skip_line(),
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    /// A run of characters up to white space or a delimiter.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !DELIMITERS.contains(&c))
        {
            self.bump();
        }
        self.text.get(start..self.pos).unwrap_or("")
    }
}

/// What the tags say about the game: where it starts and the `Result` tag.
struct Header {
    start: Position,
    result: Option<PdnResult>,
}

fn read_header(tags: &[(String, String)]) -> Result<Header, PdnError> {
    let once = |name: &'static str| -> Result<Option<&str>, PdnError> {
        let mut found = tags.iter().filter(|(n, _)| n == name);
        let first = found.next().map(|(_, v)| v.as_str());
        match found.next() {
            Some(_) => Err(PdnError::TagTwice(name)),
            None => Ok(first),
        }
    };
    if let Some(game_type) = once("GameType")? {
        let number = game_type.split(',').next().unwrap_or("").trim();
        if number != GAME_TYPE {
            return Err(PdnError::GameType(excerpt(game_type)));
        }
    }
    let start = match once("FEN")? {
        Some(fen) => parse_fen(fen).map_err(PdnError::Fen)?,
        None => Position::start(),
    };
    // Any text may stand in a Result tag ("?" for unknown); only the four
    // tokens say something.
    let result = once("Result")?.and_then(|r| PdnResult::from_token(r.trim()));
    Ok(Header { start, result })
}

/// Read one game of PDN text: its tags, its start position (the `FEN` tag's,
/// or the standard start), its moves replayed under the rules, and its
/// result. See the [module documentation](self) for what is accepted.
pub fn parse_pdn(text: &str) -> Result<PdnGame, PdnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lx = Lexer::new(text);
    let mut tags = Vec::new();
    lx.skip_trivia()?;
    while lx.peek() == Some('[') {
        tags.push(lx.tag()?);
        lx.skip_trivia()?;
    }
    let header = read_header(&tags)?;
    let mut pos = header.start;
    let mut moves: Vec<Move> = Vec::new();
    let mut token: Option<PdnResult> = None;
    loop {
        lx.skip_trivia()?;
        match lx.peek() {
            None | Some('[') => break,
            Some('(') => lx.skip_parenthesis()?,
            Some('$') => {
                lx.bump();
                let line = lx.line;
                let digits = lx.word();
                if digits.is_empty() {
                    return Err(lx.unexpected("digits after '$'"));
                }
                if !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(PdnError::Unexpected {
                        line,
                        expected: "digits after '$'",
                        found: Some(excerpt(digits)),
                    });
                }
            }
            Some(c) if DELIMITERS.contains(&c) => {
                return Err(lx.unexpected("a move, a comment or a result"));
            }
            Some(_) => {
                let line = lx.line;
                let word = lx.word().trim_end_matches(['!', '?']);
                if let Some(r) = PdnResult::from_token(word) {
                    token = Some(r);
                    break;
                }
                if OTHER_RESULTS.contains(&word) {
                    return Err(PdnError::BadResult {
                        line,
                        token: word.to_string(),
                    });
                }
                let text = strip_move_number(word);
                if text.is_empty() || text == "…" {
                    continue;
                }
                let (number, side) = move_number(header.start.turn(), moves.len());
                let mv = parse_move(&pos, text).map_err(|error| PdnError::Move {
                    number,
                    side,
                    text: excerpt(text),
                    error,
                })?;
                pos = pos.play_unchecked(&mv);
                moves.push(mv);
            }
        }
    }
    if tags.is_empty() && moves.is_empty() && token.is_none() {
        return Err(PdnError::Empty);
    }
    let result = match (header.result, token) {
        (Some(tag), Some(token)) if tag != token => {
            return Err(PdnError::ResultMismatch { tag, token })
        }
        (_, Some(r)) | (Some(r), None) => r,
        (None, None) => PdnResult::Unfinished,
    };
    Ok(PdnGame {
        tags,
        start: header.start,
        moves,
        result,
    })
}

/// A movetext word without its leading move number (`12.`, `12...`,
/// `12.22-18`); a lone `...` comes back empty.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    match word.get(digits..) {
        Some(rest) if rest.starts_with('.') => rest.trim_start_matches('.'),
        _ if word.bytes().all(|b| b == b'.') => "",
        _ => word,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> PdnGame {
        parse_pdn(text).unwrap()
    }

    #[test]
    fn bytes_are_utf8_or_else_latin_1() {
        assert_eq!(decode("[Event \"é\"]".as_bytes()), "[Event \"é\"]");
        assert_eq!(decode(b"[Event \"\xe9\"]"), "[Event \"é\"]");
        assert_eq!(decode(b"\xff\xfe"), "\u{ff}\u{fe}");
    }

    #[test]
    fn move_numbers_count_black_then_white() {
        assert_eq!(move_number(Color::Black, 0), (1, Color::Black));
        assert_eq!(move_number(Color::Black, 1), (1, Color::White));
        assert_eq!(move_number(Color::Black, 2), (2, Color::Black));
        assert_eq!(move_number(Color::White, 0), (1, Color::White));
        assert_eq!(move_number(Color::White, 1), (2, Color::Black));
        assert_eq!(move_number(Color::White, 2), (2, Color::White));
    }

    #[test]
    fn move_numbers_are_stripped() {
        assert_eq!(strip_move_number("12."), "");
        assert_eq!(strip_move_number("12..."), "");
        assert_eq!(strip_move_number("1.11-15"), "11-15");
        assert_eq!(strip_move_number("1...22-18"), "22-18");
        assert_eq!(strip_move_number("..."), "");
        assert_eq!(strip_move_number("11-15"), "11-15");
        assert_eq!(strip_move_number("é."), "é.");
    }

    #[test]
    fn results_read_and_write_as_pdn_3_0_says_for_game_type_21() {
        for r in [
            PdnResult::BlackWins,
            PdnResult::WhiteWins,
            PdnResult::Draw,
            PdnResult::Unfinished,
        ] {
            assert_eq!(PdnResult::from_token(r.token()), Some(r));
        }
        assert_eq!(PdnResult::BlackWins.token(), "1-0");
        assert_eq!(
            PdnResult::from_outcome(Some(Outcome::Win(Color::White))),
            PdnResult::WhiteWins
        );
        assert_eq!(PdnResult::from_token("2-0"), None);
    }

    #[test]
    fn the_smallest_games() {
        let g = game("*");
        assert_eq!((g.moves.len(), g.result), (0, PdnResult::Unfinished));
        let g = game("11-15");
        assert_eq!(g.moves.len(), 1);
        assert_eq!(g.result, PdnResult::Unfinished);
        assert_eq!(parse_pdn(""), Err(PdnError::Empty));
        assert_eq!(
            parse_pdn(" {only a comment}\n% a line\n"),
            Err(PdnError::Empty)
        );
    }

    #[test]
    fn tag_values_escape_quotes_and_backslashes() {
        let g = game(r#"[Event "say \"hi\" \\ \x"] *"#);
        assert_eq!(g.tags, [("Event".into(), r#"say "hi" \ \x"#.into())]);
        let text = g.to_pdn();
        assert!(text.starts_with(r#"[Event "say \"hi\" \\ \\x"]"#), "{text}");
        assert_eq!(game(&text).tags[0], g.tags[0]);
    }

    #[test]
    fn lexer_errors_name_the_line() {
        assert_eq!(
            parse_pdn("[Event \"x\"]\n[Site x]"),
            Err(PdnError::Unexpected {
                line: 2,
                expected: "a quoted tag value",
                found: Some("x]".into())
            })
        );
        assert_eq!(
            parse_pdn("\n\n{open"),
            Err(PdnError::Unclosed {
                line: 3,
                what: Unclosed::Comment
            })
        );
        assert_eq!(
            parse_pdn("[Event \"x"),
            Err(PdnError::Unclosed {
                line: 1,
                what: Unclosed::String
            })
        );
        assert_eq!(
            parse_pdn("[Event \"x\""),
            Err(PdnError::Unclosed {
                line: 1,
                what: Unclosed::Tag
            })
        );
        assert_eq!(
            parse_pdn("11-15 (9-14 {x} (a) "),
            Err(PdnError::Unclosed {
                line: 1,
                what: Unclosed::Variation
            })
        );
        assert!(matches!(
            parse_pdn("[]"),
            Err(PdnError::Unexpected {
                expected: "a tag name",
                ..
            })
        ));
        assert!(matches!(
            parse_pdn("11-15 )"),
            Err(PdnError::Unexpected { found: Some(f), .. }) if f == ")"
        ));
        assert!(matches!(
            parse_pdn("11-15 $x"),
            Err(PdnError::Unexpected {
                expected: "digits after '$'",
                ..
            })
        ));
        assert!(matches!(
            parse_pdn("11-15 $"),
            Err(PdnError::Unexpected { found: None, .. })
        ));
        assert!(matches!(
            parse_pdn("11-15 ${x}"),
            Err(PdnError::Unexpected { found: Some(f), .. }) if f == "{x}"
        ));
    }

    #[test]
    fn multibyte_text_anywhere_is_an_error_not_a_panic() {
        for text in [
            "[aaé]",
            "[FE€]",
            "[𝄞]",
            "[é \"x\"]",
            "[E \"x\"é]",
            "(é",
            "{é",
            "$é",
            "1.é",
            "é",
            "[FEN \"[aaé]\"]",
            "[GameType \"𝄞\"]",
            "11-15 é",
            "\u{feff}\u{feff}",
        ] {
            let e = parse_pdn(text).unwrap_err();
            assert!(!e.to_string().chars().any(char::is_control), "{e}");
        }
    }
}
