//! Reading and writing puzzles and solutions: THSL/Slink text, puzz.link URLs, Loopy game IDs
//! (all read with automatic detection), and the THSL picture, a compact grid, SVG and JSON
//! (written).

use std::fmt::Write as _;

use pencilbox_grid::{
    Cell, Dims, DimsError, Dot, MAX_GRID_SIDE, Orientation, Pos, ScanError, ScanErrorKind, Scanner, Token,
};

use crate::puzzle::{Clue, Puzzle, Solution};

/// Why an input could not be read. Every variant that points into the text carries its
/// 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    #[error("the input is empty")]
    Empty,
    #[error(transparent)]
    Scan(#[from] ScanError),
    #[error("{pos}: {found:?} is not a clue (expected 0, 1, 2, 3, or . - ? for a blank)")]
    BadClue { pos: Pos, found: String },
    #[error("{pos}: clue {found} is above 3")]
    ClueTooLarge { pos: Pos, found: String },
    #[error("{pos}: row {row} has {found} clues, expected {expected}")]
    RowLength { pos: Pos, row: usize, found: usize, expected: usize },
    #[error("{pos}: {source}")]
    Dims { pos: Pos, source: DimsError },
    #[error("{pos}: this is a puzz.link URL for {kind:?}, not slither")]
    OtherPuzzleType { pos: Pos, kind: String },
    #[error("{pos}: {message}")]
    Malformed { pos: Pos, message: String },
    #[error("{pos}: the description covers {found} cells, the board has {expected}")]
    CellCount { pos: Pos, found: usize, expected: usize },
    #[error(
        "{pos}: not a Slitherlink puzzle (expected `ROWS COLS` and clue rows, a puzz.link URL \
         or a Loopy game ID)"
    )]
    Unrecognised { pos: Pos },
    /// The first line of a text puzzle is not its size.
    #[error(
        "{pos}: expected `ROWS COLS` on one line (the size that starts THSL and Slink text), found {found:?}"
    )]
    Header { pos: Pos, found: String },
    /// After a text puzzle, a line that is neither the end nor the size of another puzzle (most
    /// often: another game's file, which the clue rows of the first puzzle happened to fit).
    #[error(
        "{pos}: found {found:?} after the {previous} puzzle on lines {from}-{to}, expected the end \
         of the input or the next puzzle's `ROWS COLS` line (THSL text holds one puzzle, Slink text \
         several and then `0 0`)"
    )]
    AfterPuzzle { pos: Pos, found: String, previous: Dims, from: usize, to: usize },
}

/// The formats a puzzle can be read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// `M N` and clue rows: THSL (one puzzle) or ACM Slink (several, ending with `0 0`).
    Text,
    /// `https://puzz.link/p?slither/COLS/ROWS/BODY`.
    Url,
    /// Simon Tatham's Loopy: `WxHt0:DESC`.
    Loopy,
}

/// What an input held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub format: InputFormat,
    pub puzzles: Vec<Puzzle>,
    /// The Slink form (puzzles ended by `0 0`): outputs are numbered.
    pub numbered: bool,
}

/// Reads any supported format, detected from the text.
///
/// ```
/// use pencilbox_slither::format::{parse, InputFormat};
/// let a = parse("2 2\n3 .\n. 3\n").unwrap();
/// let b = parse("https://puzz.link/p?slither/2/2/dd").unwrap();
/// let c = parse("2x2t0:3b3").unwrap();
/// assert_eq!((a.format, b.format, c.format), (InputFormat::Text, InputFormat::Url, InputFormat::Loopy));
/// assert_eq!(a.puzzles, b.puzzles);
/// assert_eq!(a.puzzles, c.puzzles);
/// ```
pub fn parse(text: &str) -> Result<Input, FormatError> {
    let Some((line_no, line)) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()) else {
        return Err(FormatError::Empty);
    };
    let col = line.len() - line.trim_start().len();
    let start = Pos { line: line_no + 1, col: line[..col].chars().count() + 1 };
    let word = line.trim();
    let one_word = !word.contains(char::is_whitespace);
    if one_word && (word.contains("://") || word.starts_with("p?") || word.starts_with('?')) {
        let p = parse_url_at(word, start)?;
        check_only(text, line_no)?;
        return Ok(Input { format: InputFormat::Url, puzzles: vec![p], numbered: false });
    }
    if one_word && word.contains(':') {
        let p = parse_loopy_at(word, start)?;
        check_only(text, line_no)?;
        return Ok(Input { format: InputFormat::Loopy, puzzles: vec![p], numbered: false });
    }
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        let (puzzles, numbered) = parse_text(text)?;
        return Ok(Input { format: InputFormat::Text, puzzles, numbered });
    }
    Err(FormatError::Unrecognised { pos: start })
}

/// A URL or game ID must be alone in its input.
fn check_only(text: &str, line_no: usize) -> Result<(), FormatError> {
    match text.lines().enumerate().skip(line_no + 1).find(|(_, l)| !l.trim().is_empty()) {
        None => Ok(()),
        Some((n, l)) => Err(FormatError::Malformed {
            pos: Pos { line: n + 1, col: 1 },
            message: format!("unexpected text after the puzzle: {:?}", l.trim()),
        }),
    }
}

/// THSL (one puzzle) or Slink (puzzles followed by `0 0`). Returns the puzzles and whether the
/// `0 0` terminator was present.
pub fn parse_text(text: &str) -> Result<(Vec<Puzzle>, bool), FormatError> {
    let mut s = Scanner::new(text);
    let mut puzzles = Vec::new();
    let mut last = None;
    loop {
        if s.at_end() {
            if puzzles.is_empty() {
                return Err(FormatError::Empty);
            }
            // THSL proper: one puzzle without a terminator.
            let several = puzzles.len() > 1;
            return Ok((puzzles, several));
        }
        let header = s.line("`ROWS COLS`")?;
        let (rows, cols) = read_header(header, last)?;
        if rows == 0 && cols == 0 {
            s.finish()?;
            if puzzles.is_empty() {
                return Err(FormatError::Empty);
            }
            return Ok((puzzles, true));
        }
        let pos = header.pos;
        let dims = Dims::new(rows, cols).map_err(|source| FormatError::Dims { pos, source })?;
        let mut clues = Vec::with_capacity(dims.num_cells());
        let mut to = pos.line;
        for r in 0..rows {
            let line = s.line(&format!("row {} of {cols} clues", r + 1))?;
            read_row(line.text, line.pos, r + 1, cols, &mut clues)?;
            to = line.pos.line;
        }
        puzzles.push(Puzzle::new(dims, clues));
        last = Some((dims, pos.line, to));
    }
}

/// The whitespace-separated words of `text`, each with its column (in characters, from 0).
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (i, ch)) in text.char_indices().chain([(text.len(), ' ')]).enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((col, i)),
            (true, Some((c, s))) => {
                out.push((c, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The `ROWS COLS` line that starts a text puzzle. `last` is the puzzle before it (its size and
/// its first and last line), to say what a line that is not a size follows.
fn read_header(line: Token<'_>, last: Option<(Dims, usize, usize)>) -> Result<(usize, usize), FormatError> {
    if let [(rc, r), (cc, c)] = words(line.text)[..]
        && [r, c].iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()))
    {
        let number = |col: usize, word: &str, what: &str| {
            word.parse::<usize>().ok().filter(|n| *n <= MAX_GRID_SIDE).ok_or_else(|| {
                let kind = ScanErrorKind::OutOfRange {
                    what: what.to_string(),
                    value: word.to_string(),
                    min: 0,
                    max: MAX_GRID_SIDE,
                };
                FormatError::Scan(ScanError::new(line.pos_of_char(col), kind))
            })
        };
        return Ok((number(rc, r, "the number of rows")?, number(cc, c, "the number of columns")?));
    }
    let found: String = line.text.chars().take(20).collect();
    Err(match last {
        None => FormatError::Header { pos: line.pos, found },
        Some((previous, from, to)) => FormatError::AfterPuzzle { pos: line.pos, found, previous, from, to },
    })
}

fn read_row(text: &str, pos: Pos, row: usize, cols: usize, out: &mut Vec<Clue>) -> Result<(), FormatError> {
    let mut tokens: Vec<(usize, String)> = words(text).into_iter().map(|(c, w)| (c, w.to_string())).collect();
    // Extension: a row of single-character clues may be written without spaces.
    if tokens.len() == 1 && cols > 1 && tokens[0].1.chars().count() == cols {
        let (s, word) = tokens.pop().unwrap_or_default();
        tokens = word.chars().enumerate().map(|(i, c)| (s + i, c.to_string())).collect();
    }
    if tokens.len() != cols {
        return Err(FormatError::RowLength { pos, row, found: tokens.len(), expected: cols });
    }
    for (col, tok) in tokens {
        let at = Pos { line: pos.line, col: pos.col + col };
        out.push(text_clue(&tok, at)?);
    }
    Ok(())
}

fn text_clue(tok: &str, pos: Pos) -> Result<Clue, FormatError> {
    match tok {
        "." | "-" => Ok(Clue::Blank),
        "?" => Ok(Clue::Unknown),
        "0" | "1" | "2" | "3" => Ok(Clue::Number(tok.as_bytes()[0] - b'0')),
        _ if tok.bytes().all(|b| b.is_ascii_digit()) => {
            Err(FormatError::ClueTooLarge { pos, found: tok.to_string() })
        }
        _ => Err(FormatError::BadClue { pos, found: tok.to_string() }),
    }
}

/// The position of the `i`-th character of a one-line input that starts at `start`.
fn at(start: Pos, i: usize) -> Pos {
    Pos { line: start.line, col: start.col + i }
}

/// Reads a puzz.link (or pzv.jp) URL: `https://puzz.link/p?slither/COLS/ROWS/BODY`, the host
/// optional.
pub fn parse_url(url: &str) -> Result<Puzzle, FormatError> {
    parse_url_at(url.trim(), Pos { line: 1, col: 1 })
}

fn parse_url_at(url: &str, start: Pos) -> Result<Puzzle, FormatError> {
    let q = url.find('?').ok_or_else(|| FormatError::Malformed {
        pos: start,
        message: "a puzz.link URL has `?` before the puzzle type".into(),
    })?;
    let query = &url[q + 1..];
    let qpos = |i: usize| at(start, url[..q + 1 + i].chars().count());
    let parts: Vec<&str> = query.split('/').collect();
    let kind = parts[0];
    if kind != "slither" {
        return Err(FormatError::OtherPuzzleType { pos: qpos(0), kind: kind.to_string() });
    }
    // Offsets of each part inside `query`.
    let mut offsets = Vec::with_capacity(parts.len());
    let mut o = 0;
    for p in &parts {
        offsets.push(o);
        o += p.len() + 1;
    }
    let size = |k: usize, what: &str| -> Result<usize, FormatError> {
        let text = parts.get(k).copied().unwrap_or("");
        text.parse::<usize>().map_err(|_| FormatError::Malformed {
            pos: qpos(offsets.get(k).copied().unwrap_or(query.len())),
            message: format!("expected the number of {what}, found {text:?}"),
        })
    };
    let cols = size(1, "columns")?;
    let rows = size(2, "rows")?;
    let dims = Dims::new(rows, cols).map_err(|source| FormatError::Dims { pos: qpos(offsets[1]), source })?;
    let body = parts.get(3).copied().unwrap_or("");
    let body_at = offsets.get(3).copied().unwrap_or(query.len());
    let n = dims.num_cells();
    let mut clues = Vec::with_capacity(n);
    for (i, ch) in body.chars().enumerate() {
        let pos = qpos(body_at + i);
        if clues.len() >= n {
            return Err(FormatError::CellCount { pos, found: clues.len() + 1, expected: n });
        }
        let (clue, blanks) = match ch {
            '0'..='4' => (Some(ch as u8 - b'0'), 0),
            '5'..='9' => (Some(ch as u8 - b'5'), 1),
            'a'..='e' => (Some(ch as u8 - b'a'), 2),
            'g'..='z' => (None, usize::from(ch as u8 - b'g') + 1),
            '.' => {
                clues.push(Clue::Unknown);
                continue;
            }
            _ => {
                return Err(FormatError::Malformed {
                    pos,
                    message: format!("{ch:?} is not a puzz.link slither character"),
                });
            }
        };
        if let Some(v) = clue {
            if v > 3 {
                return Err(FormatError::ClueTooLarge { pos, found: v.to_string() });
            }
            clues.push(Clue::Number(v));
        }
        // The encoder treats cells past the end as blank, so a run may be cut by the edge.
        let room = n - clues.len();
        if clue.is_none() && blanks > room {
            return Err(FormatError::CellCount { pos, found: n + blanks - room, expected: n });
        }
        clues.extend(std::iter::repeat_n(Clue::Blank, blanks.min(room)));
    }
    if clues.len() < n {
        // Trailing blanks may be left out.
        clues.resize(n, Clue::Blank);
    }
    Ok(Puzzle::new(dims, clues))
}

/// Reads a Loopy game ID `WxHt0:DESC` (square grid; `t0` optional).
pub fn parse_loopy(id: &str) -> Result<Puzzle, FormatError> {
    parse_loopy_at(id.trim(), Pos { line: 1, col: 1 })
}

fn parse_loopy_at(id: &str, start: Pos) -> Result<Puzzle, FormatError> {
    let colon = id.find(':').unwrap_or(id.len());
    let params = &id[..colon];
    let bad = |i: usize, message: String| FormatError::Malformed { pos: at(start, i), message };
    let digits = |from: usize| -> (usize, Option<usize>) {
        let len = params[from..].bytes().take_while(u8::is_ascii_digit).count();
        (from + len, params[from..from + len].parse().ok())
    };
    let (i, w) = digits(0);
    let w = w.ok_or_else(|| bad(0, "a Loopy game ID starts with WIDTHxHEIGHT".into()))?;
    if params.as_bytes().get(i) != Some(&b'x') {
        return Err(bad(i, "expected `x` between width and height".into()));
    }
    let (mut j, h) = digits(i + 1);
    let h = h.ok_or_else(|| bad(i + 1, "expected the height".into()))?;
    if params.as_bytes().get(j) == Some(&b't') {
        let (k, t) = digits(j + 1);
        if t != Some(0) {
            return Err(bad(j, "only Loopy's square grid (type t0) is Slitherlink".into()));
        }
        j = k;
    }
    // A difficulty (`dh` etc.) may follow in full parameter strings; it does not matter here.
    if params.as_bytes().get(j) == Some(&b'd') {
        j += 2;
    }
    if j < params.len() {
        return Err(bad(j, format!("unexpected {:?} in the Loopy parameters", &params[j..])));
    }
    if colon == id.len() {
        return Err(bad(id.len(), "a Loopy game ID has `:` before the clues".into()));
    }
    let dims = Dims::new(h, w).map_err(|source| FormatError::Dims { pos: start, source })?;
    let n = dims.num_cells();
    let mut clues = Vec::with_capacity(n);
    for (k, ch) in id[colon + 1..].chars().enumerate() {
        let pos = at(start, colon + 1 + k);
        let run = match ch {
            '0'..='3' => {
                clues.push(Clue::Number(ch as u8 - b'0'));
                0
            }
            '4'..='9' => return Err(FormatError::ClueTooLarge { pos, found: ch.to_string() }),
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => return Err(bad(colon + 1 + k, format!("{ch:?} is not a Loopy clue character"))),
        };
        clues.extend(std::iter::repeat_n(Clue::Blank, run));
        if clues.len() > n {
            return Err(FormatError::CellCount { pos, found: clues.len(), expected: n });
        }
    }
    if clues.len() != n {
        return Err(FormatError::CellCount { pos: at(start, id.len()), found: clues.len(), expected: n });
    }
    Ok(Puzzle::new(dims, clues))
}

fn clue_char(c: Clue) -> char {
    match c {
        Clue::Blank => '.',
        Clue::Unknown => '?',
        Clue::Number(n) => char::from(b'0' + n),
    }
}

/// THSL text: `M N` then rows of space-separated clues (`.` blank, `?` unknown).
pub fn to_text(p: &Puzzle) -> String {
    let d = p.dims();
    let mut out = format!("{} {}\n", d.rows(), d.cols());
    for r in 0..d.rows() {
        let row: Vec<String> =
            (0..d.cols()).map(|c| clue_char(p.clue(Cell::new(r, c))).to_string()).collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}

/// The puzz.link URL, encoded the way puzz.link's own editor does it (a clue absorbs up to two
/// following blanks, counting cells past the end as blank; blank runs of up to 20).
pub fn to_url(p: &Puzzle) -> String {
    let d = p.dims();
    let clues = p.clues();
    let blank = |i: usize| clues.get(i).is_none_or(|&c| c == Clue::Blank);
    let mut body = String::new();
    let mut run = 0u8;
    let flush = |body: &mut String, run: &mut u8| {
        if *run > 0 {
            body.push(char::from(b'f' + *run));
            *run = 0;
        }
    };
    let mut i = 0;
    while i < clues.len() {
        match clues[i] {
            Clue::Blank => {
                run += 1;
                if run == 20 {
                    flush(&mut body, &mut run);
                }
                i += 1;
                continue;
            }
            Clue::Unknown => {
                flush(&mut body, &mut run);
                body.push('.');
                i += 1;
            }
            Clue::Number(v) => {
                flush(&mut body, &mut run);
                let skip = if !blank(i + 1) {
                    0
                } else if !blank(i + 2) {
                    1
                } else {
                    2
                };
                body.push(char::from([b'0', b'5', b'a'][skip] + v));
                i += 1 + skip;
            }
        }
    }
    flush(&mut body, &mut run);
    format!("https://puzz.link/p?slither/{}/{}/{}", d.cols(), d.rows(), body)
}

/// The Loopy game ID. Loopy has no unknown clues: `?` is written as a blank.
pub fn to_loopy(p: &Puzzle) -> String {
    let d = p.dims();
    let mut desc = String::new();
    let mut run = 0u8;
    for &c in p.clues() {
        match c.number() {
            None => {
                run += 1;
                if run == 26 {
                    desc.push('z');
                    run = 0;
                }
            }
            Some(n) => {
                if run > 0 {
                    desc.push(char::from(b'a' + run - 1));
                    run = 0;
                }
                desc.push(char::from(b'0' + n));
            }
        }
    }
    if run > 0 {
        desc.push(char::from(b'a' + run - 1));
    }
    format!("{}x{}t0:{desc}", d.cols(), d.rows())
}

/// What a dot looks like in a picture: `+` a turn, `-`/`|` straight through, ` ` unused.
fn dot_char(s: &Solution, dot: Dot) -> char {
    let d = s.dims();
    let on: Vec<_> = d.dot_edges(dot).filter(|&e| s.is_line(e)).collect();
    match on.as_slice() {
        [a, b] if d.orientation(*a) == d.orientation(*b) => match d.orientation(*a) {
            Orientation::Horizontal => '-',
            Orientation::Vertical => '|',
        },
        [] => ' ',
        _ => '+',
    }
}

/// The THSL picture of a solution, exactly as the judge expects (see the crate docs).
pub fn picture(p: &Puzzle, s: &Solution) -> String {
    let d = p.dims();
    let (h, w) = (2 * d.rows() + 5, 4 * d.cols() + 5);
    let mut g = vec![vec![' '; w]; h];
    for (y, row) in g.iter_mut().enumerate() {
        for (x, ch) in row.iter_mut().enumerate() {
            if y == 0 || y == h - 1 || x == 0 || x == w - 1 {
                *ch = '#';
            }
        }
    }
    for dot in d.dots() {
        g[2 + 2 * dot.row][2 + 4 * dot.col] = dot_char(s, dot);
    }
    for cell in d.cells() {
        if let Clue::Number(_) | Clue::Unknown = p.clue(cell) {
            g[3 + 2 * cell.row][4 + 4 * cell.col] = clue_char(p.clue(cell));
        }
    }
    for e in s.edges() {
        match d.edge_coords(e) {
            (Orientation::Horizontal, r, c) => {
                g[2 + 2 * r][3 + 4 * c..=5 + 4 * c].fill('-');
            }
            (Orientation::Vertical, r, c) => g[3 + 2 * r][2 + 4 * c] = '|',
        }
    }
    let mut out = String::with_capacity(h * (w + 1));
    for row in g {
        out.extend(row);
        out.push('\n');
    }
    out
}

/// A compact picture: `(2M+1) × (2N+1)` characters, dots `·`... written as `+` on the loop and
/// `.` off it, loop edges `-` and `|`, clues in the cells.
pub fn grid(p: &Puzzle, s: Option<&Solution>) -> String {
    let d = p.dims();
    let line = |e| s.is_some_and(|s| s.is_line(e));
    let mut out = String::new();
    for r in 0..=d.rows() {
        for c in 0..=d.cols() {
            let dot = Dot::new(r, c);
            out.push(if d.dot_edges(dot).any(line) { '+' } else { '.' });
            if c < d.cols() {
                out.push(if line(d.h_edge(r, c)) { '-' } else { ' ' });
            }
        }
        out.push('\n');
        if r == d.rows() {
            break;
        }
        for c in 0..=d.cols() {
            out.push(if line(d.v_edge(r, c)) { '|' } else { ' ' });
            if c < d.cols() {
                out.push(match p.clue(Cell::new(r, c)) {
                    Clue::Blank => ' ',
                    other => clue_char(other),
                });
            }
        }
        out.push('\n');
    }
    out
}

/// An SVG drawing of the puzzle and, if given, its loop.
pub fn svg(p: &Puzzle, s: Option<&Solution>) -> String {
    let d = p.dims();
    let u = 32;
    let (w, h) = (d.cols() * u + 2 * u, d.rows() * u + 2 * u);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    let xy = |dot: Dot| (u + dot.col * u, u + dot.row * u);
    for cell in d.cells() {
        if let Clue::Number(_) | Clue::Unknown = p.clue(cell) {
            let (x, y) = xy(Dot::new(cell.row, cell.col));
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"20\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                x + u / 2,
                y + u / 2,
                clue_char(p.clue(cell))
            );
        }
    }
    if let Some(s) = s {
        for e in s.edges() {
            let (a, b) = d.edge_dots(e);
            let ((x1, y1), (x2, y2)) = (xy(a), xy(b));
            let _ = writeln!(
                out,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"4\" stroke-linecap=\"round\"/>"
            );
        }
    }
    for dot in d.dots() {
        let (x, y) = xy(dot);
        let _ = writeln!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"2.5\" fill=\"black\"/>");
    }
    out.push_str("</svg>\n");
    out
}

/// JSON: size, clues (numbers, `null` blank, `"?"` unknown) and, if given, the loop edges as
/// edge numbers of the shared numbering.
pub fn json(p: &Puzzle, s: Option<&Solution>) -> String {
    let d = p.dims();
    let clue_json = |c: Clue| match c {
        Clue::Blank => "null".to_string(),
        Clue::Unknown => "\"?\"".to_string(),
        Clue::Number(n) => n.to_string(),
    };
    let rows: Vec<String> = (0..d.rows())
        .map(|r| {
            let row: Vec<String> = (0..d.cols()).map(|c| clue_json(p.clue(Cell::new(r, c)))).collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    let mut out = format!(
        "{{\"rows\":{},\"cols\":{},\"url\":\"{}\",\"clues\":[{}]",
        d.rows(),
        d.cols(),
        to_url(p),
        rows.join(",")
    );
    if let Some(s) = s {
        let edges: Vec<String> = s.edges().map(|e| e.index().to_string()).collect();
        let _ = write!(out, ",\"loop_edges\":[{}]", edges.join(","));
    }
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_runs_and_absorbed_blanks() {
        // 1 . . 2 / . . . .: `b` is a 1 absorbing two blanks, `2` a plain clue, `j` 4 blanks.
        let p = parse_url("p?slither/4/2/b2j").unwrap();
        assert_eq!(to_text(&p), "2 4\n1 . . 2\n. . . .\n");
        // puzz.link's editor lets the 2 absorb two blanks too: `c`, then a run of 2.
        assert_eq!(to_url(&p), "https://puzz.link/p?slither/4/2/bch");
        assert_eq!(parse_url(&to_url(&p)).unwrap(), p);
    }

    #[test]
    fn loopy_runs() {
        let p = parse_loopy("3x2t0:a3c1").unwrap();
        assert_eq!(to_text(&p), "2 3\n. 3 .\n. . 1\n");
        assert_eq!(to_loopy(&p), "3x2t0:a3c1");
    }
}
