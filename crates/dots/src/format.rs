//! Reading a position in whichever of its text forms a user gives ([`crate::board`] has each
//! form's parser): the one rule that `pencilbox dots solve --format` and the web page's
//! "load a position" (`POST /api/dots/parse`) share.
//!
//! ```
//! use pencilbox_dots::format::{Format, read};
//! use pencilbox_grid::Dims;
//! let olympiad = read("1 2\n10\n11\n101\n", Format::Auto, None).unwrap();
//! let picture = read("+---+   +\n|       |\n+---+---+\n", Format::Auto, None).unwrap();
//! let string = read("1011101", Format::Auto, Some(Dims::new(1, 2).unwrap())).unwrap();
//! assert_eq!((olympiad.line_string(), picture.line_string()), (string.line_string(), string.line_string()));
//! ```

use pencilbox_grid::Dims;

use crate::board::{AsciiBoard, BoardError, Position};

/// The text forms of a position (see [`crate::board`]), and `auto`, which tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `0`s and `1`s alone (blanks aside) are a line string (read for the board's size when
    /// given, else for the square board its length fits); text starting with `+` is an ASCII
    /// picture; anything else the olympiad text.
    Auto,
    /// `N M`, then N+1 rows of M digits (horizontal lines), then N rows of M+1 digits (vertical).
    Olympiad,
    /// One `0`/`1` per line in OpenSpiel's action order (blanks and line breaks skipped); the
    /// board's size is given apart (or is the square board the length fits).
    Openspiel,
    /// The ASCII picture (`+---+`, `|`).
    Ascii,
}

pencilbox_grid::named!(Format, "position format", {
    Auto => "auto",
    Olympiad => "olympiad",
    Openspiel => "openspiel",
    Ascii => "ascii",
});

/// What is wrong with a position's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    #[error("an OpenSpiel line string of {0} lines fits no square board: give the board's size (RxC)")]
    NoSize(usize),
    #[error("the position is on a {found} board, not {expected}")]
    OtherSize { expected: Dims, found: Dims },
    #[error(transparent)]
    Board(#[from] BoardError),
}

impl Format {
    /// The form `self` stands for in `text` (`auto` resolved; see [`Format::Auto`]).
    pub fn of(self, text: &str) -> Format {
        match self {
            Format::Auto if is_line_string(text) => Format::Openspiel,
            Format::Auto if text.trim_start().starts_with('+') => Format::Ascii,
            Format::Auto => Format::Olympiad,
            f => f,
        }
    }
}

/// Whether `text` is a line string: `0`s and `1`s, blanks and line breaks aside, unless its
/// first line is an olympiad header. The olympiad text of a board whose sides are written in
/// those digits (1, 10 or 11 boxes) with rows of only those digits has them too, but begins with
/// two numbers of at most two digits on a line of their own (`11 11`), which a line string's
/// first line is not.
fn is_line_string(text: &str) -> bool {
    let only_digits = text.chars().all(|c| c.is_whitespace() || c == '0' || c == '1');
    let first =
        text.lines().map(str::split_whitespace).find_map(|mut w| w.next().map(|a| (a, w.next(), w.next())));
    let header = matches!(first, Some((a, Some(b), None)) if a.len() <= 2 && b.len() <= 2);
    line_string_length(text) > 0 && only_digits && !header
}

/// The number of lines a line string gives (its characters that are not blanks).
fn line_string_length(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

/// Reads `text` in `format`. `dims`, when given, is the board's size: a line string is read
/// for it, and a position in the other forms must be of that size. A line string without a
/// size is read for the square board its length fits (`2n(n+1)` lines), if one does.
pub fn read(text: &str, format: Format, dims: Option<Dims>) -> Result<Position, ReadError> {
    let position = match format.of(text) {
        Format::Openspiel => {
            let length = line_string_length(text);
            let size = dims.or_else(|| square_board_of(length)).ok_or(ReadError::NoSize(length))?;
            Position::from_line_string(size, text)?
        }
        Format::Ascii => text.parse::<AsciiBoard>()?.0,
        _ => Position::from_olympiad(text)?,
    };
    match dims {
        Some(expected) if expected != position.dims() => {
            Err(ReadError::OtherSize { expected, found: position.dims() })
        }
        _ => Ok(position),
    }
}

/// The board a line string of `text` is read for when the caller offers `offered` (a page's
/// current board): that board when the length fits it, else none (so that [`read`] takes the
/// square board the length fits), or that board again when no square board fits either (so that
/// the error names it).
pub fn line_string_board(text: &str, offered: Dims) -> Option<Dims> {
    let length = line_string_length(text);
    (offered.num_edges() == length || square_board_of(length).is_none()).then_some(offered)
}

/// The square board (up to [`crate::board::MAX_BOARD_SIDE`] a side) that has `lines` lines, if any.
pub fn square_board_of(lines: usize) -> Option<Dims> {
    (1..=crate::board::MAX_BOARD_SIDE)
        .map(|n| Dims::new(n, n).expect("a side up to MAX_BOARD_SIDE is a board"))
        .find(|d| d.num_edges() == lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(r: usize, c: usize) -> Dims {
        Dims::new(r, c).unwrap()
    }

    #[test]
    fn auto_tells_the_forms_apart() {
        assert_eq!(Format::Auto.of("0101"), Format::Openspiel);
        assert_eq!(Format::Auto.of(" 0101\n"), Format::Openspiel);
        assert_eq!(Format::Auto.of("01 01\n"), Format::Olympiad);
        assert_eq!(Format::Auto.of("1 2\n10\n11\n101\n"), Format::Olympiad);
        assert_eq!(Format::Auto.of("  +---+\n"), Format::Ascii);
        assert_eq!(Format::Auto.of("1 1\n0\n0\n00\n"), Format::Olympiad);
        assert_eq!(Format::Auto.of("0000\n0000\n0000\n"), Format::Openspiel);
        assert_eq!(Format::Auto.of("000000"), Format::Openspiel);
        assert_eq!(Format::Auto.of("\n11 11\n00000000000\n"), Format::Olympiad);
        assert_eq!(Format::Auto.of("10 1\n0\n"), Format::Olympiad);
        assert_eq!(Format::Auto.of("0000 0000 0000"), Format::Openspiel);
        assert_eq!(Format::Auto.of(""), Format::Olympiad);
        assert_eq!(Format::Ascii.of("0101"), Format::Ascii);
    }

    #[test]
    fn each_form_reads_the_same_position_and_the_size_is_checked() {
        let p = read("1 2\n10\n11\n101\n", Format::Auto, None).unwrap();
        assert_eq!(read("1011101", Format::Auto, Some(dims(1, 2))).unwrap(), p);
        assert_eq!(read("1011101", Format::Openspiel, Some(dims(1, 2))).unwrap(), p);
        assert_eq!(read("+---+   +\n|       |\n+---+---+\n", Format::Auto, Some(dims(1, 2))).unwrap(), p);
        assert_eq!(read("1011101", Format::Openspiel, None), Err(ReadError::NoSize(7)));
        assert_eq!(read("1011101", Format::Auto, None), Err(ReadError::NoSize(7)));
        let square = read(&"0".repeat(12), Format::Auto, None).unwrap();
        assert_eq!((square.dims(), square.drawn().iter().count()), (dims(2, 2), 0));
        assert_eq!(read(&"1".repeat(24), Format::Openspiel, None).unwrap().dims(), dims(3, 3));
        // Blanks and line breaks in a line string are skipped, with a size or without.
        let spaced = read("0000\n0000\n0000\n", Format::Auto, Some(dims(2, 2))).unwrap();
        assert_eq!(spaced, read("000000000000", Format::Auto, None).unwrap());
        assert_eq!(read("0000 0000 0000", Format::Openspiel, None).unwrap(), spaced);
        // The board offered by a page is taken when the length fits it, else the square one.
        assert_eq!(line_string_board("1011101", dims(1, 2)), Some(dims(1, 2)));
        assert_eq!(line_string_board("101110", dims(1, 2)), Some(dims(1, 2)));
        assert_eq!(line_string_board(&"0".repeat(12), dims(5, 5)), None);
        assert_eq!(
            read("1 2\n10\n11\n101\n", Format::Auto, Some(dims(2, 1))),
            Err(ReadError::OtherSize { expected: dims(2, 1), found: dims(1, 2) })
        );
        assert!(matches!(read("101", Format::Auto, Some(dims(1, 2))), Err(ReadError::Board(_))));
        assert_eq!("ascii".parse::<Format>(), Ok(Format::Ascii));
        assert_eq!(
            Format::ALL.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["auto", "olympiad", "openspiel", "ascii"]
        );
    }
}
