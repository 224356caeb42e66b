//! The loop rule's bookkeeping, shared by the solver's [`Board`](crate::Board) and the
//! deduction engine: line counts against the clues, and the two ends of every path of lines.
//!
//! A line that joins the two ends of one path closes a loop. A Slitherlink solution is one
//! loop, so that is allowed only when the loop holds every line and meets every clue; the
//! edge that would close a path early can be crossed. [`LineCounts::closing_finishes`] tells
//! the two cases apart.

/// "No clue" in [`LineCounts`].
pub(crate) const NO_CLUE: u8 = u8::MAX;

/// Lines per cell against the clues (cells are row-major indices).
#[derive(Clone, Debug)]
pub(crate) struct LineCounts {
    /// Per cell: the clue number, or [`NO_CLUE`].
    clue: Vec<u8>,
    cell_lines: Vec<u8>,
    /// Clued cells whose line count differs from the clue.
    unsatisfied: u32,
    /// Lines on the board.
    lines: u32,
}

impl LineCounts {
    pub fn new(clue: Vec<u8>) -> Self {
        let unsatisfied = clue.iter().filter(|&&k| k != NO_CLUE && k != 0).count() as u32;
        LineCounts { cell_lines: vec![0; clue.len()], clue, unsatisfied, lines: 0 }
    }

    #[inline]
    pub fn clue(&self, cell: u32) -> Option<u8> {
        let k = self.clue[cell as usize];
        (k != NO_CLUE).then_some(k)
    }
    #[inline]
    pub fn cell_lines(&self, cell: u32) -> u8 {
        self.cell_lines[cell as usize]
    }
    pub fn lines(&self) -> u32 {
        self.lines
    }
    pub fn add_line(&mut self) {
        self.lines += 1;
    }
    pub fn remove_line(&mut self) {
        self.lines -= 1;
    }

    /// One more line around `cell`.
    #[inline]
    pub fn add(&mut self, cell: u32) {
        let c = cell as usize;
        let k = self.clue[c];
        if k != NO_CLUE {
            let before = self.cell_lines[c] == k;
            let after = self.cell_lines[c] + 1 == k;
            self.unsatisfied = self.unsatisfied + u32::from(before) - u32::from(after);
        }
        self.cell_lines[c] += 1;
    }

    /// One line fewer around `cell`.
    #[inline]
    pub fn remove(&mut self, cell: u32) {
        let c = cell as usize;
        let k = self.clue[c];
        if k != NO_CLUE {
            let before = self.cell_lines[c] == k;
            let after = self.cell_lines[c] - 1 == k;
            self.unsatisfied = self.unsatisfied + u32::from(before) - u32::from(after);
        }
        self.cell_lines[c] -= 1;
    }

    /// Whether drawing an edge between `cells` (`None` off the board) that closes a path of
    /// `len` edges gives a solution now: the path holds every line and, with the edge drawn,
    /// every clue is met.
    pub fn closing_finishes(&self, cells: [Option<u32>; 2], len: u32) -> bool {
        if self.lines != len {
            return false;
        }
        let mut unsat = self.unsatisfied;
        for c in cells.into_iter().flatten() {
            let (k, l) = (self.clue[c as usize], self.cell_lines[c as usize]);
            if k != NO_CLUE {
                unsat = unsat + u32::from(l == k) - u32::from(l + 1 == k);
            }
        }
        unsat == 0
    }
}

/// The record of one path end, to restore on undo.
#[derive(Clone, Copy, Debug)]
pub(crate) struct End {
    pub dot: u32,
    mate: u32,
    len: u32,
}

/// What a new line between two dots did to the paths.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Join {
    /// The dots were the two ends of one path of `len - 1` edges: the line closes a loop of
    /// `len` edges.
    Closes { len: u32 },
    /// Two paths (or isolated dots) became one of `len` edges with ends `ends`; `before` holds
    /// the old records of those ends.
    Joins { ends: [u32; 2], len: u32, before: [End; 2] },
}

/// For every dot ending a path of lines: the other end and the path's length. A dot with no
/// line is a path of length 0 that ends at itself. The records of dots inside a path are
/// stale (never read).
#[derive(Clone, Debug)]
pub(crate) struct PathEnds {
    mate: Vec<u32>,
    len: Vec<u32>,
}

impl PathEnds {
    pub fn new(dots: usize) -> Self {
        PathEnds { mate: (0..dots as u32).collect(), len: vec![0; dots] }
    }

    /// The other end of the path ending at `dot`.
    #[inline]
    pub fn mate(&self, dot: u32) -> u32 {
        self.mate[dot as usize]
    }

    /// The number of edges of the path ending at `dot`.
    #[inline]
    pub fn len(&self, dot: u32) -> u32 {
        self.len[dot as usize]
    }

    /// Records a line between path ends `a` and `b`.
    pub fn join(&mut self, a: u32, b: u32) -> Join {
        let (ea, eb) = (self.mate(a), self.mate(b));
        if ea == b {
            return Join::Closes { len: self.len(a) + 1 };
        }
        let len = self.len(a) + self.len(b) + 1;
        let before = [ea, eb].map(|dot| End { dot, mate: self.mate(dot), len: self.len(dot) });
        self.mate[ea as usize] = eb;
        self.mate[eb as usize] = ea;
        self.len[ea as usize] = len;
        self.len[eb as usize] = len;
        Join::Joins { ends: [ea, eb], len, before }
    }

    /// Puts back a record saved by [`PathEnds::join`].
    pub fn restore(&mut self, end: End) {
        self.mate[end.dot as usize] = end.mate;
        self.len[end.dot as usize] = end.len;
    }
}
