//! A small scanner for the contest text formats: whitespace-separated tokens and whole lines,
//! with 1-based line and column positions in every error.
//!
//! ```
//! use pencilbox_grid::Scanner;
//! let mut s = Scanner::new("2 3\n.X.\n...\n");
//! assert_eq!(s.number("H", 1..=64).unwrap(), 2);
//! assert_eq!(s.number("W", 1..=64).unwrap(), 3);
//! assert_eq!(s.line("row 1").unwrap().text, ".X.");
//! let err = s.number("H", 1..=64).unwrap_err();
//! assert_eq!(err.to_string(), "line 3, column 1: expected H, found \"...\"");
//! ```

use std::fmt;
use std::ops::RangeInclusive;

/// A 1-based position in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.col)
    }
}

/// A piece of the input and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub pos: Pos,
}

impl Token<'_> {
    /// The position of the `i`-th character of the token (0-based).
    pub fn pos_of_char(&self, i: usize) -> Pos {
        Pos { line: self.pos.line, col: self.pos.col + i }
    }
}

/// What went wrong while scanning.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScanErrorKind {
    #[error("expected {expected}, but the input ended")]
    UnexpectedEnd { expected: String },
    #[error("expected {expected}, found {found:?}")]
    Unexpected { expected: String, found: String },
    #[error("{what} must be between {min} and {max}, got {value}")]
    OutOfRange { what: String, value: String, min: usize, max: usize },
    #[error("unexpected text after the end of the input: {found:?}")]
    Trailing { found: String },
    #[error("{0}")]
    Other(String),
}

/// A scanning error with its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {kind}")]
pub struct ScanError {
    pub pos: Pos,
    pub kind: ScanErrorKind,
}

impl ScanError {
    pub fn new(pos: Pos, kind: ScanErrorKind) -> Self {
        ScanError { pos, kind }
    }
    /// An error with a free-form message at `pos`.
    pub fn other(pos: Pos, msg: impl Into<String>) -> Self {
        ScanError { pos, kind: ScanErrorKind::Other(msg.into()) }
    }
}

/// Reads tokens and lines from a text, remembering where each one started.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the next unread character.
    at: usize,
    line: usize,
    col: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Self {
        Scanner { text, at: 0, line: 1, col: 1 }
    }

    /// The position of the next unread character.
    pub fn pos(&self) -> Pos {
        Pos { line: self.line, col: self.col }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn advance(&mut self, bytes: usize) {
        for ch in self.text[self.at..self.at + bytes].chars() {
            if ch == '\n' {
                self.line += 1;
                self.col = 1;
            } else {
                self.col += 1;
            }
        }
        self.at += bytes;
    }

    fn skip_whitespace(&mut self) {
        let n = self.rest().len() - self.rest().trim_start().len();
        self.advance(n);
    }

    /// Skips spaces and tabs but not line ends.
    fn skip_blanks(&mut self) {
        let n = self.rest().len() - self.rest().trim_start_matches([' ', '\t', '\r']).len();
        self.advance(n);
    }

    /// True when only whitespace is left.
    pub fn at_end(&self) -> bool {
        self.rest().trim().is_empty()
    }

    /// The next whitespace-separated token; `expected` names it in the error.
    pub fn token(&mut self, expected: &str) -> Result<Token<'a>, ScanError> {
        self.skip_whitespace();
        let rest = self.rest();
        if rest.is_empty() {
            return Err(ScanError::new(
                self.pos(),
                ScanErrorKind::UnexpectedEnd { expected: expected.to_string() },
            ));
        }
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let tok = Token { text: &rest[..len], pos: self.pos() };
        self.advance(len);
        Ok(tok)
    }

    /// The next token as an integer in `range`.
    pub fn number(&mut self, what: &str, range: RangeInclusive<usize>) -> Result<usize, ScanError> {
        let tok = self.token(what)?;
        let value: usize = tok.text.parse().map_err(|_| {
            let kind = if tok.text.bytes().all(|b| b.is_ascii_digit()) {
                // All digits but too long for usize: out of range rather than malformed.
                ScanErrorKind::OutOfRange {
                    what: what.to_string(),
                    value: tok.text.to_string(),
                    min: *range.start(),
                    max: *range.end(),
                }
            } else {
                ScanErrorKind::Unexpected { expected: what.to_string(), found: tok.text.to_string() }
            };
            ScanError::new(tok.pos, kind)
        })?;
        if !range.contains(&value) {
            return Err(ScanError::new(
                tok.pos,
                ScanErrorKind::OutOfRange {
                    what: what.to_string(),
                    value: tok.text.to_string(),
                    min: *range.start(),
                    max: *range.end(),
                },
            ));
        }
        Ok(value)
    }

    /// The next non-blank line, with leading and trailing blanks removed. The line end is
    /// consumed.
    pub fn line(&mut self, expected: &str) -> Result<Token<'a>, ScanError> {
        loop {
            self.skip_blanks();
            if self.rest().starts_with('\n') {
                self.advance(1);
                continue;
            }
            break;
        }
        let rest = self.rest();
        if rest.is_empty() {
            return Err(ScanError::new(
                self.pos(),
                ScanErrorKind::UnexpectedEnd { expected: expected.to_string() },
            ));
        }
        let len = rest.find('\n').unwrap_or(rest.len());
        let text = rest[..len].trim_end();
        let tok = Token { text, pos: self.pos() };
        self.advance(len);
        if self.rest().starts_with('\n') {
            self.advance(1);
        }
        Ok(tok)
    }

    /// Fails unless only whitespace is left.
    pub fn finish(&mut self) -> Result<(), ScanError> {
        self.skip_whitespace();
        if self.rest().is_empty() {
            return Ok(());
        }
        let found: String = self.rest().lines().next().unwrap_or_default().chars().take(20).collect();
        Err(ScanError::new(self.pos(), ScanErrorKind::Trailing { found }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let mut s = Scanner::new("  ab  ×c\n\n  x\n");
        assert_eq!(s.token("t").unwrap(), Token { text: "ab", pos: Pos { line: 1, col: 3 } });
        assert_eq!(s.token("t").unwrap().pos, Pos { line: 1, col: 7 });
        assert_eq!(s.token("t").unwrap().pos, Pos { line: 3, col: 3 });
        assert!(s.at_end());
        assert_eq!(
            s.token("a number").unwrap_err().to_string(),
            "line 4, column 1: expected a number, but the input ended"
        );
    }

    #[test]
    fn numbers_report_range_and_garbage() {
        let mut s = Scanner::new("65 x1 99999999999999999999999");
        assert_eq!(
            s.number("H", 1..=64).unwrap_err().to_string(),
            "line 1, column 1: H must be between 1 and 64, got 65"
        );
        assert!(matches!(s.number("W", 1..=64).unwrap_err().kind, ScanErrorKind::Unexpected { .. }));
        assert!(matches!(s.number("W", 1..=64).unwrap_err().kind, ScanErrorKind::OutOfRange { .. }));
    }

    #[test]
    fn lines_skip_blank_lines_and_trim() {
        let mut s = Scanner::new("3\r\n\n  .X. \r\nrest");
        assert_eq!(s.number("n", 0..=9).unwrap(), 3);
        let l = s.line("row").unwrap();
        assert_eq!((l.text, l.pos), (".X.", Pos { line: 3, col: 3 }));
        assert_eq!(l.pos_of_char(1), Pos { line: 3, col: 4 });
        assert_eq!(s.finish().unwrap_err().pos, Pos { line: 4, col: 1 });
    }
}
