//! The fast dynamic programme: the Grundy value (and the longest possible play) of every
//! sub-rectangle of a board, in one table.
//!
//! Every position reachable from the wall-free start is a sum of independent rectangles (see
//! [`Rect::quadrants`]), so by the Sprague–Grundy theorem the value of a rectangle `R` is
//!
//! ```text
//! G(R) = mex { G(TL) ^ G(TR) ^ G(BL) ^ G(BR) : (i, j) an unmarked cell of R }
//! ```
//!
//! where `TL … BR` are the quadrants the move at `(i, j)` leaves. The straightforward memoised
//! recursion ([`crate::reference`]) costs `O(H³W³)` with a fresh mex set per rectangle. This
//! table does the same work in a cache- and vector-friendly order:
//!
//! * Row intervals are processed by increasing height; a row interval `[r1, r2)` needs only
//!   strictly lower ones, so all intervals of one height are solved in parallel (rayon).
//! * For a row interval and a row `i` in it, `T_i[a, b) = G([r1, i) × [a, b)) ^ G([i+1, r2) ×
//!   [a, b))` merges the rectangles above and below `i` for every column span at once (one
//!   XOR of two contiguous slices). A move at `(i, j)` in columns `[c1, c2)` is then worth
//!   `T_i[c1, j) ^ T_i[j+1, c2)`.
//! * For fixed `i, j, c1` the left half is a constant and the right halves `T_i[j+1, c2)` for
//!   `c2 = j+1..=W` are contiguous, as are the mex masks `mask[c1, c2)` they are or-ed into: the
//!   inner loop is branch-free.
//! * A mex set is a bit mask of `N` words. If every value found so far is below `64N` (a power
//!   of two), then so is every XOR of them, so the masks of the next height are exact; `N` is
//!   chosen per height from the largest value so far, and a height where some mask fills up (a
//!   value of `64N` appears) is redone with `2N` words. Values are at most the number of cells
//!   (4096), so this ends. Empty boards up to 64×64 stay below 64; boards with marks need more.
//!
//! Layout: column spans `[c1, c2)` (including the empty ones) are numbered by `c1`, then `c2`,
//! so the spans sharing a left end are contiguous; row intervals are numbered by height, then
//! top row, so all intervals of one height are contiguous. The table is `rows × spans` values
//! of `u16`: `((H+1)(H+2)/2) × ((W+1)(W+2)/2)`, 9 MB at 64×64.

use pencilbox_cgt::{Nimber, mex_of_mask, nim_sum};
use pencilbox_grid::Cell;
use rayon::prelude::*;

use crate::board::Board;
use crate::rect::Rect;

/// `BIT[v] = 1 << v`: a table load is cheaper than a shift by a variable amount, which x86-64
/// without BMI2 does in several micro-operations.
const BIT: [u64; 64] = {
    let mut bits = [0; 64];
    let mut v = 0;
    while v < 64 {
        bits[v] = 1 << v;
        v += 1;
    }
    bits
};

/// Below this many cells the table is filled on one thread (the work is too small to share).
const PARALLEL_MIN_CELLS: usize = 24 * 24;

/// Index arithmetic of the table (see the module docs).
#[derive(Clone, Debug)]
struct Layout {
    rows: usize,
    cols: usize,
    /// `height_off[h]`: the number of the first row interval of height `h` (`rows + 2` entries).
    height_off: Vec<usize>,
    /// `col_off[c1]`: the number of the span `[c1, c1)` (`cols + 1` entries).
    col_off: Vec<usize>,
    /// Number of column spans, empty ones included.
    spans: usize,
}

impl Layout {
    fn new(rows: usize, cols: usize) -> Layout {
        let offsets = |n: usize, count: &dyn Fn(usize) -> usize| {
            let mut off = Vec::with_capacity(n + 2);
            let mut total = 0;
            for k in 0..=n + 1 {
                off.push(total);
                total += count(k);
            }
            off
        };
        let height_off = offsets(rows, &|h| (rows + 1).saturating_sub(h));
        let mut col_off = offsets(cols, &|c1| (cols + 1).saturating_sub(c1));
        let spans = col_off.pop().expect("cols + 2 offsets");
        Layout { rows, cols, height_off, col_off, spans }
    }

    fn row_intervals(&self) -> usize {
        self.height_off[self.rows + 1]
    }
    fn row_id(&self, top: usize, bottom: usize) -> usize {
        self.height_off[bottom - top] + top
    }
    fn span_id(&self, left: usize, right: usize) -> usize {
        self.col_off[left] + (right - left)
    }
    fn index(&self, rect: Rect) -> usize {
        // Normalise empty rectangles so any empty one reads the stored 0.
        if rect.is_empty() {
            return 0;
        }
        self.row_id(rect.top, rect.bottom) * self.spans + self.span_id(rect.left, rect.right)
    }
    fn row<'a, T>(&self, data: &'a [T], top: usize, bottom: usize) -> &'a [T] {
        let start = self.row_id(top, bottom) * self.spans;
        &data[start..start + self.spans]
    }

    /// Fills the rows of all row intervals of one `height` of `data` (every lower height must be
    /// finished). `solve(scratch, top, bottom, lower, out)` gets the rows of every lower height in
    /// `lower` and writes the row of `[top, bottom)` into `out`; it returns `false` to give up, and
    /// then so does this (the height is left partly written).
    fn fill_height<T, S>(
        &self,
        data: &mut [T],
        height: usize,
        parallel: bool,
        init: &(impl Fn() -> S + Sync),
        solve: &(impl Fn(&mut S, usize, usize, &[T], &mut [T]) -> bool + Sync),
    ) -> bool
    where
        T: Send + Sync,
    {
        let (lower, rest) = data.split_at_mut(self.height_off[height] * self.spans);
        let count = self.rows + 1 - height;
        let current = &mut rest[..count * self.spans];
        if parallel {
            current
                .par_chunks_mut(self.spans)
                .enumerate()
                .map_init(init, |s, (top, out)| solve(s, top, top + height, lower, out))
                .all(|ok| ok)
        } else {
            let mut scratch = init();
            current
                .chunks_mut(self.spans)
                .enumerate()
                .all(|(top, out)| solve(&mut scratch, top, top + height, lower, out))
        }
    }

    /// The rows of all row intervals of one height.
    fn height_rows<'a, T>(&self, data: &'a [T], height: usize) -> &'a [T] {
        &data[self.height_off[height] * self.spans..self.height_off[height + 1] * self.spans]
    }
}

/// The columns of the unmarked cells of each row.
fn free_columns(board: &Board) -> Vec<Vec<usize>> {
    (0..board.rows())
        .map(|r| (0..board.cols()).filter(|&c| !board.is_marked(Cell::new(r, c))).collect())
        .collect()
}

/// The Grundy value of every sub-rectangle of a board.
///
/// ```
/// use pencilbox_walls::{Board, GrundyTable, Rect};
/// let board: Board = "4 5\nX....\n...X.\n.....\n.....\n".parse().unwrap();
/// let table = GrundyTable::new(&board);
/// assert_ne!(table.grundy(Rect::whole(board.dims())), 0); // First wins
/// assert_eq!(table.grundy(Rect::new(0, 0, 1, 1)), 0); // a lone marked cell
/// ```
#[derive(Clone, Debug)]
pub struct GrundyTable {
    layout: Layout,
    values: Vec<u16>,
    words: usize,
}

impl GrundyTable {
    /// Computes the table (in parallel on large boards).
    pub fn new(board: &Board) -> GrundyTable {
        Self::compute(board, board.rows() * board.cols() >= PARALLEL_MIN_CELLS)
    }

    /// Computes the table, on the current thread only when `parallel` is false.
    pub fn compute(board: &Board, parallel: bool) -> GrundyTable {
        Self::compute_from(board, parallel, 1)
    }

    /// Computes the table with mex masks of at least `words` 64-bit words (a power of two up to
    /// 128). Only useful to exercise the wide masks that large values would need.
    pub fn with_mask_words(board: &Board, words: usize) -> GrundyTable {
        assert!(words.is_power_of_two() && words <= 128, "mask words must be 1, 2, 4, …, 128");
        Self::compute_from(board, board.rows() * board.cols() >= PARALLEL_MIN_CELLS, words)
    }

    fn compute_from(board: &Board, parallel: bool, min_words: usize) -> GrundyTable {
        let layout = Layout::new(board.rows(), board.cols());
        let free = free_columns(board);
        let mut values = vec![0u16; layout.row_intervals() * layout.spans];
        let mut max_value = 0;
        let mut widest = min_words;
        for height in 1..=layout.rows {
            // Every value so far is below the next power of two above `max_value`, and so is
            // every XOR of them: that many bits make the masks exact for this height, unless a
            // mask fills up (a value of 64N is born), and then the height is redone wider.
            // Values never exceed the number of cells (≤ 4096 < 128 · 64).
            let mut words = min_words.max((usize::from(max_value) + 1).next_power_of_two().div_ceil(64));
            while !fill_grundy_height(words, &layout, &free, &mut values, height, parallel) {
                words *= 2;
                assert!(words <= 128, "a Grundy value cannot exceed the number of cells");
            }
            widest = widest.max(words);
            max_value = max_value.max(layout.height_rows(&values, height).iter().copied().max().unwrap_or(0));
        }
        GrundyTable { layout, values, words: widest }
    }

    pub fn rows(&self) -> usize {
        self.layout.rows
    }
    pub fn cols(&self) -> usize {
        self.layout.cols
    }

    /// The number of 64-bit words the mex masks needed (1 unless some value reached 64).
    pub fn mask_words(&self) -> usize {
        self.words
    }

    /// The Grundy value of `rect` (0 for an empty one). Panics if `rect` is not on the board.
    pub fn grundy(&self, rect: Rect) -> Nimber {
        assert!(rect.bottom <= self.rows() && rect.right <= self.cols(), "{rect} is not on the board");
        Nimber::from(self.values[self.layout.index(rect)])
    }

    /// The value of what a move at `cell` leaves of `rect`: the XOR of its four quadrants.
    pub fn grundy_after(&self, rect: Rect, cell: Cell) -> Nimber {
        nim_sum(rect.quadrants(cell).map(|q| self.grundy(q)))
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> Nimber {
        self.values.iter().copied().max().map_or(0, Nimber::from)
    }
}

/// Fills one height of the Grundy table with `words`-word mex masks; `false` if some value
/// reached `64 words`.
fn fill_grundy_height(
    words: usize,
    layout: &Layout,
    free: &[Vec<usize>],
    values: &mut [u16],
    height: usize,
    parallel: bool,
) -> bool {
    match words {
        1 => grundy_height::<1>(layout, free, values, height, parallel),
        2 => grundy_height::<2>(layout, free, values, height, parallel),
        4 => grundy_height::<4>(layout, free, values, height, parallel),
        8 => grundy_height::<8>(layout, free, values, height, parallel),
        16 => grundy_height::<16>(layout, free, values, height, parallel),
        32 => grundy_height::<32>(layout, free, values, height, parallel),
        64 => grundy_height::<64>(layout, free, values, height, parallel),
        128 => grundy_height::<128>(layout, free, values, height, parallel),
        _ => unreachable!("mask words are a power of two up to 128"),
    }
}

/// [`fill_grundy_height`] with `N` words: requires every value of the lower heights below `64 N`.
fn grundy_height<const N: usize>(
    layout: &Layout,
    free: &[Vec<usize>],
    values: &mut [u16],
    height: usize,
    parallel: bool,
) -> bool {
    assert!(N.is_power_of_two());
    let spans = layout.spans;
    let cols = layout.cols;
    let init = || (vec![0u16; spans], vec![[0u64; N]; spans]);
    let solve = |(t, mask): &mut (Vec<u16>, Vec<[u64; N]>),
                 top: usize,
                 bottom: usize,
                 lower: &[u16],
                 out: &mut [u16]| {
        mask.fill([0; N]);
        for (i, free_cols) in free.iter().enumerate().take(bottom).skip(top) {
            if free_cols.is_empty() {
                continue;
            }
            let above = layout.row(lower, top, i);
            let below = layout.row(lower, i + 1, bottom);
            for ((t, &a), &b) in t.iter_mut().zip(above).zip(below) {
                *t = a ^ b;
            }
            for &j in free_cols {
                // T_i[j+1, c2) for c2 = j+1..=cols; the first one is the empty span (0).
                let right = &t[layout.col_off[j + 1]..][..cols - j];
                for c1 in 0..=j {
                    let left = t[layout.span_id(c1, j)];
                    // mask[c1, c2) for c2 = j+1..=cols.
                    let masks = &mut mask[layout.span_id(c1, j + 1)..][..cols - j];
                    for (m, &r) in masks.iter_mut().zip(right) {
                        // Every value is below 64N, so `v >> 6 < N` (the `& (N - 1)` only tells
                        // the compiler so; with N = 1 the word index is the constant 0).
                        let v = usize::from(left ^ r);
                        m[(v >> 6) & (N - 1)] |= BIT[v & 63];
                    }
                }
            }
        }
        for (g, m) in out.iter_mut().zip(mask.iter()) {
            let word = m.iter().position(|&w| w != u64::MAX)?;
            *g = (word * 64) as u16 + mex_of_mask(m[word]) as u16;
        }
        Some(())
    };
    layout.fill_height(values, height, parallel, &init, &|s, top, bottom, lower, out| {
        solve(s, top, bottom, lower, out).is_some()
    })
}

/// The longest possible play of every sub-rectangle: the most moves that can still be made
/// there if both players cooperate. It is additive over the parts of a position, and satisfies
/// `L(R) = max over unmarked (i, j) of 1 + L(TL) + L(TR) + L(BL) + L(BR)` (0 with no move); the
/// table is filled in the same order as [`GrundyTable`], with `+`/`max` in place of `^`/mex.
///
/// The playing engine uses it when it is lost: it then picks the move after which the most
/// moves remain possible, so that the winner has the most chances to go wrong.
#[derive(Clone, Debug)]
pub struct LongestTable {
    layout: Layout,
    values: Vec<u16>,
}

impl LongestTable {
    pub fn new(board: &Board) -> LongestTable {
        Self::compute(board, board.rows() * board.cols() >= PARALLEL_MIN_CELLS)
    }

    pub fn compute(board: &Board, parallel: bool) -> LongestTable {
        let layout = Layout::new(board.rows(), board.cols());
        let free = free_columns(board);
        let spans = layout.spans;
        let cols = layout.cols;
        let init = || vec![0u16; spans];
        let solve = |t: &mut Vec<u16>, top: usize, bottom: usize, lower: &[u16], out: &mut [u16]| {
            out.fill(0);
            for (i, free_cols) in free.iter().enumerate().take(bottom).skip(top) {
                let above = layout.row(lower, top, i);
                let below = layout.row(lower, i + 1, bottom);
                for ((t, &a), &b) in t.iter_mut().zip(above).zip(below) {
                    *t = a + b;
                }
                for &j in free_cols {
                    let right = &t[layout.col_off[j + 1]..][..cols - j];
                    for c1 in 0..=j {
                        let left = t[layout.span_id(c1, j)] + 1;
                        let best = &mut out[layout.span_id(c1, j + 1)..][..cols - j];
                        for (b, &r) in best.iter_mut().zip(right) {
                            *b = (*b).max(left + r);
                        }
                    }
                }
            }
            true
        };
        let mut values = vec![0u16; layout.row_intervals() * layout.spans];
        for height in 1..=layout.rows {
            layout.fill_height(&mut values, height, parallel, &init, &solve);
        }
        LongestTable { layout, values }
    }

    /// The most moves that can still be made in `rect`.
    pub fn longest(&self, rect: Rect) -> usize {
        assert!(
            rect.bottom <= self.layout.rows && rect.right <= self.layout.cols,
            "{rect} is not on the board"
        );
        usize::from(self.values[self.layout.index(rect)])
    }

    /// The longest play of what a move at `cell` leaves of `rect`.
    pub fn longest_after(&self, rect: Rect, cell: Cell) -> usize {
        rect.quadrants(cell).into_iter().map(|q| self.longest(q)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_numbers_every_interval_once() {
        let l = Layout::new(3, 4);
        let mut seen = vec![false; l.row_intervals() * l.spans];
        for top in 0..=3 {
            for bottom in top..=3 {
                for left in 0..=4 {
                    for right in left..=4 {
                        let i = l.row_id(top, bottom) * l.spans + l.span_id(left, right);
                        assert!(!seen[i]);
                        seen[i] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn small_values() {
        let b = Board::empty(2, 2).unwrap();
        let t = GrundyTable::new(&b);
        assert_eq!(t.grundy(Rect::new(0, 0, 1, 1)), 1);
        assert_eq!(t.grundy(Rect::new(0, 0, 1, 2)), 1);
        assert_eq!(t.grundy(Rect::new(0, 0, 2, 2)), 0);
        let l = LongestTable::new(&b);
        assert_eq!(l.longest(Rect::new(0, 0, 2, 2)), 2);
        assert_eq!(l.longest(Rect::new(0, 0, 1, 2)), 1);
    }

    #[test]
    fn sequential_and_parallel_agree() {
        let b = Board::with_marks(9, 7, [Cell::new(2, 3), Cell::new(5, 5), Cell::new(0, 6)]).unwrap();
        assert_eq!(GrundyTable::compute(&b, true).values, GrundyTable::compute(&b, false).values);
        assert_eq!(LongestTable::compute(&b, true).values, LongestTable::compute(&b, false).values);
    }
}
