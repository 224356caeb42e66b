//! Dots-and-Boxes positions, moves and their three text formats.
//!
//! A [`Position`] is a board of `rows × cols` boxes (1 to [`MAX_SIDE`] each way) with a set of
//! drawn lines, kept together with the number of undrawn sides of every box and, optionally, the
//! owner of each claimed box. Lines are [`Edge`]s in the shared numbering of `pencilbox-grid`
//! (horizontal lines row by row, then vertical lines row by row), which is also OpenSpiel's
//! action order for `dots_and_boxes`.
//!
//! Formats (each has a parser and a printer that round-trip):
//!
//! * **olympiad** ([`Position`]'s `FromStr`/`Display`): `N M`, then `N + 1` lines of `M` digits
//!   for the horizontal lines, then `N` lines of `M + 1` digits for the vertical lines; `1` = drawn.
//!   Owners are not part of this format.
//! * **line string** ([`Position::from_line_string`], [`Position::line_string`]): one `0`/`1`
//!   per line in edge order, the board size given separately (OpenSpiel's `--board RxC`).
//! * **ASCII picture** ([`AsciiBoard`]): dots `+`, drawn horizontal lines `---`, drawn vertical
//!   lines `|`; the middle of a claimed box shows its owner's initial (`A` or `B`), or `#` when the
//!   owner is unknown. Undrawn lines and unclaimed boxes are blanks; trailing blanks may be left
//!   out.
//!
//! ```
//! use pencilbox_dots::board::{AsciiBoard, Position};
//! let p: Position = "1 2\n10\n11\n101\n".parse().unwrap();
//! assert_eq!(p.to_string(), "1 2\n10\n11\n101\n");
//! assert_eq!(p.line_string(), "1011101");
//! assert_eq!(AsciiBoard(p.clone()).to_string(), "+---+   +\n|       |\n+---+---+\n");
//! let again: AsciiBoard = "+---+   +\n|       |\n+---+---+\n".parse().unwrap();
//! assert_eq!(again.0, p);
//! ```

use std::fmt;
use std::str::FromStr;

use pencilbox_grid::{BitSet, Cell, Dims, Edge, Orientation, Pos, ScanError, Scanner};

/// The largest number of rows or columns of boxes a Dots-and-Boxes board may have.
pub const MAX_SIDE: usize = 64;

/// A net score: the mover's boxes minus the opponent's, over the boxes still unclaimed. The one
/// type of every exact value in this crate (the endgame theory's, the solver's, the bots'); an
/// estimate, a mean over playouts, is an `f64`.
pub type Score = i32;

/// One of the two players. `A` conventionally moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    A,
    B,
}

impl Player {
    pub const fn opponent(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The letter shown in the ASCII picture.
    pub const fn initial(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }

    pub const fn from_initial(c: char) -> Option<Player> {
        match c {
            'A' => Some(Player::A),
            'B' => Some(Player::B),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.initial())
    }
}

/// Errors in reading a board or building a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// A token or line is missing, malformed, out of range, or there is text after the board.
    #[error(transparent)]
    Scan(#[from] ScanError),
    #[error("{pos}: {what} must have {expected} digits, found {found}")]
    WrongLength { pos: Pos, what: String, expected: usize, found: usize },
    #[error("{pos}: expected 0 or 1, found {found:?}")]
    NotBinary { pos: Pos, found: char },
    #[error("board {rows}x{cols} is out of range: rows and columns must be between 1 and {max}")]
    Size { rows: usize, cols: usize, max: usize },
    #[error("a {dims} board has {expected} lines, but {found} were given")]
    LineCount { dims: Dims, expected: usize, found: usize },
    #[error("line {line} is not on a {dims} board")]
    LineOffBoard { line: usize, dims: Dims },
    #[error("{pos}: {expected}, found {found:?}")]
    Picture { pos: Pos, expected: String, found: String },
    #[error("box {cell} is marked as claimed ({mark:?}) but {undrawn} of its sides are undrawn")]
    OwnerOfOpenBox { cell: Cell, mark: char, undrawn: u8 },
}

/// Errors in playing or naming a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    #[error("line {line} is not on a {dims} board")]
    OffBoard { line: Line, dims: Dims },
    #[error("line {line} is already drawn")]
    AlreadyDrawn { line: Line },
}

/// Errors in reading move notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineParseError {
    #[error("expected a line like `h 0 1`, `v 2 3` or a line number, found {0:?}")]
    Malformed(String),
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// How many boxes the move completed (0, 1 or 2); a player who completes one moves again.
    pub boxes_completed: u8,
    /// The completed boxes, first `boxes_completed` entries.
    pub completed: [Option<Cell>; 2],
}

impl MoveOutcome {
    /// True when the mover completed a box and so moves again.
    pub const fn keeps_turn(&self) -> bool {
        self.boxes_completed > 0
    }

    /// The completed boxes.
    pub fn boxes(&self) -> impl Iterator<Item = Cell> + '_ {
        self.completed.iter().flatten().copied()
    }
}

/// Move notation: `h R C` (the horizontal line from dot `(R, C)` to dot `(R, C + 1)`), `v R C`
/// (the vertical line from dot `(R, C)` to dot `(R + 1, C)`), or a line number in the shared edge
/// numbering (OpenSpiel's action). Rows and columns are 0-based.
///
/// ```
/// use pencilbox_dots::board::Line;
/// use pencilbox_grid::Dims;
/// let d = Dims::new(2, 2).unwrap();
/// let l: Line = "v 0 0".parse().unwrap();
/// assert_eq!(l.edge(d).unwrap().index(), 6);
/// assert_eq!(Line::of(d, l.edge(d).unwrap()), l);
/// assert_eq!("6".parse::<Line>().unwrap().edge(d), l.edge(d));
/// assert_eq!(l.to_string(), "v 0 0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    H { row: usize, col: usize },
    V { row: usize, col: usize },
    Number(usize),
}

impl Line {
    /// The `h`/`v` name of an edge of a `dims` board.
    pub fn of(dims: Dims, edge: Edge) -> Line {
        match dims.edge_coords(edge) {
            (Orientation::Horizontal, row, col) => Line::H { row, col },
            (Orientation::Vertical, row, col) => Line::V { row, col },
        }
    }

    /// The edge this names on a `dims` board.
    pub fn edge(self, dims: Dims) -> Result<Edge, MoveError> {
        let off = || MoveError::OffBoard { line: self, dims };
        match self {
            Line::H { row, col } if row <= dims.rows() && col < dims.cols() => Ok(dims.h_edge(row, col)),
            Line::V { row, col } if row < dims.rows() && col <= dims.cols() => Ok(dims.v_edge(row, col)),
            Line::Number(n) if n < dims.num_edges() => Ok(Edge(n)),
            _ => Err(off()),
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::H { row, col } => write!(f, "h {row} {col}"),
            Line::V { row, col } => write!(f, "v {row} {col}"),
            Line::Number(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for Line {
    type Err = LineParseError;

    /// Accepts `h R C`, `v R C` (case-insensitive; spaces or commas between the parts, the letter
    /// may touch the row: `h0,1`) or a bare line number.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || LineParseError::Malformed(s.to_string());
        let t = s.trim();
        if let Ok(n) = t.parse::<usize>() {
            return Ok(Line::Number(n));
        }
        let mut chars = t.chars();
        let kind = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let nums: Vec<usize> = chars
            .as_str()
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|p| !p.is_empty())
            .map(|p| p.parse::<usize>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [row, col] = nums[..] else { return Err(bad()) };
        match kind {
            'h' => Ok(Line::H { row, col }),
            'v' => Ok(Line::V { row, col }),
            _ => Err(bad()),
        }
    }
}

/// Whether a board of `rows × cols` boxes is within the sizes a position may have (1 to
/// [`MAX_SIDE`] each way).
pub fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(BoardError::Size { rows, cols, max: MAX_SIDE });
    }
    Ok(())
}

/// A validated Dots-and-Boxes position: board size, drawn lines, undrawn sides per box and the
/// owners of claimed boxes where known. Whose turn it is is not part of a position.
///
/// Array shapes: `drawn` has one bit per edge in the shared numbering; `undrawn` and `owners`
/// have one entry per box, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    dims: Dims,
    drawn: BitSet,
    num_drawn: usize,
    undrawn: Vec<u8>,
    owners: Vec<Option<Player>>,
}

impl Position {
    /// The empty board of `rows × cols` boxes (each in `1..=MAX_SIDE`).
    pub fn empty(rows: usize, cols: usize) -> Result<Position, BoardError> {
        check_size(rows, cols)?;
        let dims = Dims::new(rows, cols).map_err(|_| BoardError::Size { rows, cols, max: MAX_SIDE })?;
        Ok(Position {
            dims,
            drawn: BitSet::new(dims.num_edges()),
            num_drawn: 0,
            undrawn: vec![4; dims.num_cells()],
            owners: vec![None; dims.num_cells()],
        })
    }

    /// The empty board of size `dims`.
    pub fn empty_of(dims: Dims) -> Result<Position, BoardError> {
        Position::empty(dims.rows(), dims.cols())
    }

    /// A board with the given lines drawn (owners unknown).
    pub fn from_lines(dims: Dims, lines: impl IntoIterator<Item = Edge>) -> Result<Position, BoardError> {
        let mut p = Position::empty_of(dims)?;
        for e in lines {
            if e.index() >= dims.num_edges() {
                return Err(BoardError::LineOffBoard { line: e.index(), dims });
            }
            if !p.is_drawn(e) {
                p.play_unchecked(e);
            }
        }
        Ok(p)
    }

    /// A board whose drawn lines are the set bits of `drawn` (of length `dims.num_edges()`).
    pub fn from_drawn(dims: Dims, drawn: &BitSet) -> Result<Position, BoardError> {
        if drawn.len() != dims.num_edges() {
            return Err(BoardError::LineCount { dims, expected: dims.num_edges(), found: drawn.len() });
        }
        Position::from_lines(dims, drawn.iter().map(Edge))
    }

    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// The drawn lines, one bit per edge.
    pub fn drawn(&self) -> &BitSet {
        &self.drawn
    }

    /// The drawn lines as words (bit `i % 64` of word `i / 64` = edge `i`): a cheap search key.
    pub fn key(&self) -> &[u64] {
        self.drawn.words()
    }

    /// Panics if `edge` is not on the board.
    pub fn is_drawn(&self, edge: Edge) -> bool {
        self.drawn.contains(edge.index())
    }

    pub fn num_drawn(&self) -> usize {
        self.num_drawn
    }

    pub fn num_undrawn(&self) -> usize {
        self.dims.num_edges() - self.num_drawn
    }

    /// The number of undrawn sides of a box (0 = claimed).
    pub fn undrawn_sides(&self, cell: Cell) -> u8 {
        self.undrawn[self.dims.cell_index(cell)]
    }

    /// Undrawn sides of every box, row-major.
    pub fn undrawn_counts(&self) -> &[u8] {
        &self.undrawn
    }

    /// True when all four sides of the box are drawn.
    pub fn is_claimed(&self, cell: Cell) -> bool {
        self.undrawn_sides(cell) == 0
    }

    /// The owner of a claimed box, when known.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        self.owners[self.dims.cell_index(cell)]
    }

    /// Records (or forgets) the owner of a claimed box.
    pub fn set_owner(&mut self, cell: Cell, owner: Option<Player>) -> Result<(), BoardError> {
        let undrawn = self.undrawn_sides(cell);
        if owner.is_some() && undrawn != 0 {
            let mark = owner.map_or('#', Player::initial);
            return Err(BoardError::OwnerOfOpenBox { cell, mark, undrawn });
        }
        let i = self.dims.cell_index(cell);
        self.owners[i] = owner;
        Ok(())
    }

    /// Boxes claimed by `player` (as far as owners are recorded).
    pub fn score(&self, player: Player) -> usize {
        self.owners.iter().filter(|&&o| o == Some(player)).count()
    }

    /// Boxes with at least one undrawn side.
    pub fn unclaimed_boxes(&self) -> usize {
        self.undrawn.iter().filter(|&&u| u > 0).count()
    }

    /// True when every line is drawn.
    pub fn is_over(&self) -> bool {
        self.num_drawn == self.dims.num_edges()
    }

    pub fn is_legal(&self, edge: Edge) -> bool {
        edge.index() < self.dims.num_edges() && !self.is_drawn(edge)
    }

    /// The undrawn lines in increasing edge order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Edge> + '_ {
        let n = self.dims.num_edges();
        self.drawn.words().iter().enumerate().flat_map(move |(wi, &w)| {
            let mut free = !w;
            std::iter::from_fn(move || {
                if free == 0 {
                    return None;
                }
                let i = wi * 64 + free.trailing_zeros() as usize;
                free &= free - 1;
                (i < n).then_some(Edge(i))
            })
        })
    }

    /// Unclaimed boxes with exactly one undrawn side: the mover can take them now.
    pub fn capturable_boxes(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells_with_undrawn(1)
    }

    /// Boxes with exactly `k` undrawn sides, row-major.
    pub fn cells_with_undrawn(&self, k: u8) -> impl Iterator<Item = Cell> + '_ {
        let dims = self.dims;
        self.undrawn.iter().enumerate().filter(move |&(_, &u)| u == k).map(move |(i, _)| dims.cell_at(i))
    }

    /// The undrawn sides of a box (top, bottom, left, right order).
    pub fn undrawn_sides_of(&self, cell: Cell) -> impl Iterator<Item = Edge> + '_ {
        self.dims.cell_edges(cell).into_iter().filter(|&e| !self.is_drawn(e))
    }

    /// Draws a line, checking it is on the board and undrawn.
    pub fn play(&mut self, edge: Edge) -> Result<MoveOutcome, MoveError> {
        self.check_move(edge)?;
        Ok(self.play_unchecked(edge))
    }

    /// Draws a line for `player`, recording them as the owner of the boxes it completes.
    pub fn play_for(&mut self, edge: Edge, player: Player) -> Result<MoveOutcome, MoveError> {
        let outcome = self.play(edge)?;
        for cell in outcome.boxes() {
            let i = self.dims.cell_index(cell);
            self.owners[i] = Some(player);
        }
        Ok(outcome)
    }

    fn check_move(&self, edge: Edge) -> Result<(), MoveError> {
        if edge.index() >= self.dims.num_edges() {
            return Err(MoveError::OffBoard { line: Line::Number(edge.index()), dims: self.dims });
        }
        if self.is_drawn(edge) {
            return Err(MoveError::AlreadyDrawn { line: Line::of(self.dims, edge) });
        }
        Ok(())
    }

    /// The search fast path: draws a line that must be on the board and undrawn (checked only in
    /// debug builds).
    pub fn play_unchecked(&mut self, edge: Edge) -> MoveOutcome {
        debug_assert!(self.is_legal(edge), "illegal move {edge:?}");
        self.drawn.insert(edge.index());
        self.num_drawn += 1;
        let mut out = MoveOutcome::default();
        for cell in self.dims.edge_cells(edge).into_iter().flatten() {
            let i = self.dims.cell_index(cell);
            self.undrawn[i] -= 1;
            if self.undrawn[i] == 0 {
                out.completed[out.boxes_completed as usize] = Some(cell);
                out.boxes_completed += 1;
            }
        }
        out
    }

    /// Takes back a drawn line (the inverse of [`Position::play_unchecked`]); boxes it had
    /// completed become unclaimed again and lose their owner. The line must be drawn (checked
    /// only in debug builds).
    pub fn undo(&mut self, edge: Edge) {
        debug_assert!(self.is_drawn(edge), "undo of an undrawn line {edge:?}");
        self.drawn.remove(edge.index());
        self.num_drawn -= 1;
        for cell in self.dims.edge_cells(edge).into_iter().flatten() {
            let i = self.dims.cell_index(cell);
            self.undrawn[i] += 1;
            self.owners[i] = None;
        }
    }

    /// The OpenSpiel line string: one `0`/`1` per line in edge order.
    pub fn line_string(&self) -> String {
        (0..self.dims.num_edges()).map(|i| if self.drawn.contains(i) { '1' } else { '0' }).collect()
    }

    /// Reads an OpenSpiel line string for a `dims` board (blanks are ignored).
    pub fn from_line_string(dims: Dims, s: &str) -> Result<Position, BoardError> {
        let mut p = Position::empty_of(dims)?;
        let mut count = 0;
        let mut scanner_pos = Pos { line: 1, col: 1 };
        for ch in s.chars() {
            let pos = scanner_pos;
            if ch == '\n' {
                scanner_pos = Pos { line: pos.line + 1, col: 1 };
                continue;
            }
            scanner_pos.col += 1;
            if ch.is_whitespace() {
                continue;
            }
            match ch {
                '0' | '1' if count < dims.num_edges() => {
                    if ch == '1' {
                        p.play_unchecked(Edge(count));
                    }
                }
                '0' | '1' => {}
                _ => return Err(BoardError::NotBinary { pos, found: ch }),
            }
            count += 1;
        }
        if count != dims.num_edges() {
            return Err(BoardError::LineCount { dims, expected: dims.num_edges(), found: count });
        }
        Ok(p)
    }

    /// Reads the olympiad format (see the module docs); the same as `str::parse`.
    pub fn from_olympiad(text: &str) -> Result<Position, BoardError> {
        let mut s = Scanner::new(text);
        let rows = s.number("the number of rows N", 1..=MAX_SIDE)?;
        let cols = s.number("the number of columns M", 1..=MAX_SIDE)?;
        let mut p = Position::empty(rows, cols)?;
        let dims = p.dims;
        for r in 0..=rows {
            let what = format!("row {} of horizontal lines", r + 1);
            let bits = read_digits(&mut s, &what, cols)?;
            for c in bits {
                p.play_unchecked(dims.h_edge(r, c));
            }
        }
        for r in 0..rows {
            let what = format!("row {} of vertical lines", r + 1);
            let bits = read_digits(&mut s, &what, cols + 1)?;
            for c in bits {
                p.play_unchecked(dims.v_edge(r, c));
            }
        }
        s.finish()?;
        Ok(p)
    }
}

/// Reads one line of exactly `len` binary digits; returns the positions of the `1`s.
fn read_digits(s: &mut Scanner<'_>, what: &str, len: usize) -> Result<Vec<usize>, BoardError> {
    let tok = s.line(what)?;
    for (i, ch) in tok.text.chars().enumerate() {
        if ch != '0' && ch != '1' {
            return Err(BoardError::NotBinary { pos: tok.pos_of_char(i), found: ch });
        }
    }
    let found = tok.text.len();
    if found != len {
        return Err(BoardError::WrongLength { pos: tok.pos, what: what.to_string(), expected: len, found });
    }
    Ok(tok.text.bytes().enumerate().filter(|&(_, b)| b == b'1').map(|(i, _)| i).collect())
}

impl FromStr for Position {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_olympiad(s)
    }
}

/// The olympiad format (owners are not shown).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.dims;
        writeln!(f, "{} {}", d.rows(), d.cols())?;
        let bit = |e: Edge| if self.is_drawn(e) { '1' } else { '0' };
        for r in 0..=d.rows() {
            let row: String = (0..d.cols()).map(|c| bit(d.h_edge(r, c))).collect();
            writeln!(f, "{row}")?;
        }
        for r in 0..d.rows() {
            let row: String = (0..=d.cols()).map(|c| bit(d.v_edge(r, c))).collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A position shown and read as an ASCII picture (see the module docs), owners included.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AsciiBoard(pub Position);

/// The mark of a claimed box whose owner is unknown.
pub const UNKNOWN_OWNER: char = '#';

impl fmt::Display for AsciiBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.0;
        let d = p.dims;
        for r in 0..=d.rows() {
            let mut line = String::from("+");
            for c in 0..d.cols() {
                line.push_str(if p.is_drawn(d.h_edge(r, c)) { "---+" } else { "   +" });
            }
            writeln!(f, "{line}")?;
            if r == d.rows() {
                break;
            }
            let mut line = String::new();
            for c in 0..=d.cols() {
                line.push(if p.is_drawn(d.v_edge(r, c)) { '|' } else { ' ' });
                if c < d.cols() {
                    let cell = Cell::new(r, c);
                    let mark = match (p.is_claimed(cell), p.owner(cell)) {
                        (_, Some(pl)) => pl.initial(),
                        (true, None) => UNKNOWN_OWNER,
                        (false, None) => ' ',
                    };
                    line.push(' ');
                    line.push(mark);
                    line.push(' ');
                }
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

impl FromStr for AsciiBoard {
    type Err = BoardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Lines with their 1-based numbers, trailing blanks removed, outer blank lines dropped.
        let lines: Vec<(usize, &str)> =
            text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end())).collect();
        let first = lines.iter().position(|(_, l)| !l.is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            let pos = Pos { line: 1, col: 1 };
            return Err(picture(pos, "a picture starting with a row of dots `+---+`", ""));
        };
        let lines = &lines[first..=last];
        let (n0, top) = lines[0];
        let width = top.chars().count();
        if width < 5 || !(width - 1).is_multiple_of(4) || lines.len() < 3 || lines.len().is_multiple_of(2) {
            let pos = Pos { line: n0, col: 1 };
            return Err(picture(pos, "a picture with 2N+1 lines of 4M+1 characters (N, M ≥ 1)", top));
        }
        let rows = (lines.len() - 1) / 2;
        let cols = (width - 1) / 4;
        let mut p = Position::empty(rows, cols)?;
        let d = p.dims;
        let mut marks = Vec::new();
        for (k, &(line_no, text)) in lines.iter().enumerate() {
            let mut chars: Vec<char> = text.chars().collect();
            if chars.len() > width {
                let pos = Pos { line: line_no, col: width + 1 };
                let found: String = chars[width..].iter().collect();
                return Err(picture(pos, "the end of the line", &found));
            }
            chars.resize(width, ' ');
            let at = |i: usize| Pos { line: line_no, col: i + 1 };
            let expect = |i: usize, ok: &[char], what: &str| -> Result<char, BoardError> {
                let ch = chars[i];
                if ok.contains(&ch) { Ok(ch) } else { Err(picture(at(i), what, &ch.to_string())) }
            };
            if k % 2 == 0 {
                let r = k / 2;
                for c in 0..cols {
                    expect(4 * c, &['+'], "a dot `+`")?;
                    let seg: String = chars[4 * c + 1..4 * c + 4].iter().collect();
                    match seg.as_str() {
                        "---" => {
                            p.play_unchecked(d.h_edge(r, c));
                        }
                        "   " => {}
                        _ => return Err(picture(at(4 * c + 1), "a line `---` or three blanks", &seg)),
                    }
                }
                expect(4 * cols, &['+'], "a dot `+`")?;
            } else {
                let r = k / 2;
                for c in 0..=cols {
                    if expect(4 * c, &['|', ' '], "a line `|` or a blank")? == '|' {
                        p.play_unchecked(d.v_edge(r, c));
                    }
                    if c < cols {
                        expect(4 * c + 1, &[' '], "a blank")?;
                        let mark = expect(4 * c + 2, &[' ', 'A', 'B', UNKNOWN_OWNER], "a blank, A, B or #")?;
                        expect(4 * c + 3, &[' '], "a blank")?;
                        marks.push((Cell::new(r, c), mark));
                    }
                }
            }
        }
        for (cell, mark) in marks {
            let undrawn = p.undrawn_sides(cell);
            if mark != ' ' && undrawn != 0 {
                return Err(BoardError::OwnerOfOpenBox { cell, mark, undrawn });
            }
            p.owners[d.cell_index(cell)] = Player::from_initial(mark);
        }
        Ok(AsciiBoard(p))
    }
}

fn picture(pos: Pos, expected: &str, found: &str) -> BoardError {
    BoardError::Picture { pos, expected: format!("expected {expected}"), found: found.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn play_counts_and_undo_restores() {
        let mut p = Position::empty(2, 2).unwrap();
        let d = p.dims();
        let start = p.clone();
        let cell = Cell::new(0, 0);
        let [t, b, l, r] = d.cell_edges(cell);
        for e in [t, b, l] {
            assert_eq!(p.play(e).unwrap().boxes_completed, 0);
        }
        assert_eq!(p.capturable_boxes().collect::<Vec<_>>(), vec![cell]);
        let out = p.play_for(r, Player::B).unwrap();
        assert_eq!(out.boxes().collect::<Vec<_>>(), vec![cell]);
        assert_eq!(p.owner(cell), Some(Player::B));
        assert_eq!(p.score(Player::B), 1);
        assert!(matches!(p.play(r), Err(MoveError::AlreadyDrawn { .. })));
        assert!(matches!(p.play(Edge(12)), Err(MoveError::OffBoard { .. })));
        for e in [r, l, b, t] {
            p.undo(e);
        }
        assert_eq!(p, start);
    }

    #[test]
    fn a_middle_line_can_complete_two_boxes() {
        let mut p = Position::empty(1, 2).unwrap();
        let d = p.dims();
        let middle = d.v_edge(0, 1);
        for e in d.edges().filter(|&e| e != middle) {
            p.play(e).unwrap();
        }
        assert_eq!(p.legal_moves().collect::<Vec<_>>(), vec![middle]);
        assert_eq!(p.play(middle).unwrap().boxes_completed, 2);
        assert!(p.is_over());
        assert_eq!(p.legal_moves().count(), 0);
    }

    #[test]
    fn legal_moves_on_a_large_board() {
        let p = Position::empty(64, 64).unwrap();
        assert_eq!(p.legal_moves().count(), 65 * 64 * 2);
        assert!(Position::empty(65, 1).is_err());
    }

    #[test]
    fn olympiad_errors_name_their_place() {
        let err = |t: &str| Position::from_olympiad(t).unwrap_err().to_string();
        assert_eq!(err("1 1\n1\n2\n11\n"), "line 3, column 1: expected 0 or 1, found '2'");
        assert_eq!(
            err("1 1\n1\n10\n11\n"),
            "line 3, column 1: row 2 of horizontal lines must have 1 digits, found 2"
        );
        assert!(err("1 1\n1\n1\n").contains("expected row 1 of vertical lines, but the input ended"));
        assert!(err("0 3\n").contains("between 1 and 64"));
        assert!(err("1 65\n").contains("between 1 and 64"));
        assert!(err("1 1\n1\n1\n11\n0\n").contains("line 5, column 1: unexpected text"));
    }

    #[test]
    fn line_string_matches_edge_order() {
        let d = Dims::new(1, 1).unwrap();
        let p = Position::from_line_string(d, "1001").unwrap();
        assert!(p.is_drawn(d.h_edge(0, 0)) && p.is_drawn(d.v_edge(0, 1)));
        assert_eq!(p.line_string(), "1001");
        assert!(matches!(Position::from_line_string(d, "10010"), Err(BoardError::LineCount { .. })));
        assert!(matches!(Position::from_line_string(d, "10x1"), Err(BoardError::NotBinary { .. })));
    }

    #[test]
    fn ascii_shows_owners_and_rejects_marks_on_open_boxes() {
        let mut p = pos("1 2\n11\n11\n111\n");
        p.set_owner(Cell::new(0, 0), Some(Player::A)).unwrap();
        let a = AsciiBoard(p.clone()).to_string();
        assert_eq!(a, "+---+---+\n| A | # |\n+---+---+\n");
        assert_eq!(a.parse::<AsciiBoard>().unwrap().0, p);
        let e = "+---+---+\n| A | B\n+---+---+\n".parse::<AsciiBoard>().unwrap_err();
        assert!(matches!(e, BoardError::OwnerOfOpenBox { mark: 'B', undrawn: 1, .. }), "{e}");
        let e = "+---+-- +\n".parse::<AsciiBoard>().unwrap_err();
        assert!(matches!(e, BoardError::Picture { .. }), "{e}");
    }

    #[test]
    fn line_notation_parses_and_rejects() {
        assert_eq!("H0,1".parse::<Line>().unwrap(), Line::H { row: 0, col: 1 });
        assert_eq!(" v 2 3 ".parse::<Line>().unwrap(), Line::V { row: 2, col: 3 });
        assert_eq!("17".parse::<Line>().unwrap(), Line::Number(17));
        for bad in ["", "h 1", "x 1 2", "h 1 2 3", "h -1 2"] {
            assert!(bad.parse::<Line>().is_err(), "{bad:?}");
        }
        let d = Dims::new(1, 1).unwrap();
        assert!(Line::H { row: 2, col: 0 }.edge(d).is_err());
        assert!(Line::V { row: 0, col: 1 }.edge(d).is_ok());
    }
}
