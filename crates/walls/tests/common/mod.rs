//! The literal rules on whole-board states, with no rectangles anywhere: the brute-force
//! reference for the rectangle DP.

#![allow(dead_code)]

use std::collections::HashMap;

use pencilbox_cgt::mex;
use pencilbox_grid::Cell;
use pencilbox_walls::Board;

/// Whole-board search over wall sets (one bit per cell, row-major); at most 64 cells.
pub struct Brute<'a> {
    board: &'a Board,
    grundy: HashMap<u64, u32>,
    longest: HashMap<u64, u32>,
}

impl<'a> Brute<'a> {
    pub fn new(board: &'a Board) -> Self {
        assert!(board.rows() * board.cols() <= 64);
        Brute { board, grundy: HashMap::new(), longest: HashMap::new() }
    }

    fn bit(&self, cell: Cell) -> u64 {
        1 << (cell.row * self.board.cols() + cell.col)
    }

    /// The cells a player may choose: neither a wall nor marked.
    pub fn moves(&self, walls: u64) -> Vec<Cell> {
        self.board.dims().cells().filter(|&c| walls & self.bit(c) == 0 && !self.board.is_marked(c)).collect()
    }

    /// The literal rule: the cell, and in each of the four directions every cell up to (not
    /// including) the first wall or the edge, become walls. Marks do not stop the spreading.
    pub fn play(&self, walls: u64, cell: Cell) -> u64 {
        let mut out = walls | self.bit(cell);
        let (h, w) = (self.board.rows() as isize, self.board.cols() as isize);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (mut r, mut c) = (cell.row as isize + dr, cell.col as isize + dc);
            while (0..h).contains(&r) && (0..w).contains(&c) {
                let b = self.bit(Cell::new(r as usize, c as usize));
                if walls & b != 0 {
                    break;
                }
                out |= b;
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// The Grundy value of the whole board with walls `walls`: the mex over its options.
    pub fn grundy(&mut self, walls: u64) -> u32 {
        if let Some(&g) = self.grundy.get(&walls) {
            return g;
        }
        let next: Vec<u64> = self.moves(walls).into_iter().map(|c| self.play(walls, c)).collect();
        let g = mex(next.into_iter().map(|n| self.grundy(n)));
        self.grundy.insert(walls, g);
        g
    }

    /// The most moves that can still be made from `walls`.
    pub fn longest(&mut self, walls: u64) -> u32 {
        if let Some(&l) = self.longest.get(&walls) {
            return l;
        }
        let nexts: Vec<u64> = self.moves(walls).into_iter().map(|c| self.play(walls, c)).collect();
        let l = nexts.into_iter().map(|n| 1 + self.longest(n)).max().unwrap_or(0);
        self.longest.insert(walls, l);
        l
    }

    /// The wall set of a `Position` (every cell outside its rectangles).
    pub fn walls_of(&self, position: &pencilbox_walls::Position) -> u64 {
        self.board.dims().cells().filter(|&c| position.is_wall(c)).fold(0, |acc, c| acc | self.bit(c))
    }
}

/// A random board of the given size, each cell marked with probability `p_mark`.
pub fn random_board(rng: &mut impl rand::Rng, rows: usize, cols: usize, p_mark: f64) -> Board {
    let marks: Vec<Cell> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| Cell::new(r, c)))
        .filter(|_| rng.random_bool(p_mark))
        .collect();
    Board::with_marks(rows, cols, marks).unwrap()
}
