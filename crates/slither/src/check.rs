//! Checking a player's marks: the first specific problem with them, for a "check" button.
//!
//! The marks say, per edge, line / cross / nothing (the [`EdgeState`] of the shared numbering).
//! Problems are reported in a fixed order, most local first, so that the player sees the
//! simplest thing to fix: a crossing (a dot with four lines), a branch (three lines), a number
//! whose cell has too many lines or too many crosses, a dead end (a line ending at a dot whose
//! other edges are all crossed), several loops (a closed loop plus other lines). Then the marks
//! are either "solved" (the lines are one loop meeting every clue) or "incomplete".

use pencilbox_grid::{Cell, Dims, Dot, Edge};

use crate::board::EdgeState;
use crate::puzzle::{Puzzle, Solution};

/// The first problem found in a set of marks, with what to highlight.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// Four lines meet at a dot.
    Crossing { dot: Dot, edges: Vec<Edge> },
    /// Three lines meet at a dot.
    Branch { dot: Dot, edges: Vec<Edge> },
    /// A numbered cell has more lines than its number, or so many crosses that the number can
    /// no longer be reached (or, once the loop is closed, a different count).
    WrongNumber { cell: Cell, clue: u8, lines: usize, crosses: usize },
    /// A line ends at a dot where every other edge is crossed (or off the board).
    DeadEnd { dot: Dot, edge: Edge },
    /// A closed loop exists and other lines are not on it.
    SeveralLoops { loop_edges: Vec<Edge>, other_edges: Vec<Edge> },
}

/// The verdict on a set of marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Problem(Problem),
    /// No problem yet, but the lines are not a finished solution.
    Incomplete,
    /// The lines are one loop meeting every clue.
    Solved,
}

/// Marks of the wrong length for the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("a {dims} puzzle has {expected} edges, but {found} marks were given")]
pub struct MarksError {
    pub dims: Dims,
    pub expected: usize,
    pub found: usize,
}

/// Checks `marks` (one per edge, in the shared numbering) against the puzzle.
pub fn check(p: &Puzzle, marks: &[EdgeState]) -> Result<Verdict, MarksError> {
    let d = p.dims();
    if marks.len() != d.num_edges() {
        return Err(MarksError { dims: d, expected: d.num_edges(), found: marks.len() });
    }
    let at = |e: Edge| marks[e.index()];
    let lines_at = |dot: Dot| d.dot_edges(dot).filter(|&e| at(e) == EdgeState::Line).collect::<Vec<_>>();
    for dot in d.dots() {
        let lines = lines_at(dot);
        if lines.len() == 4 {
            return Ok(Verdict::Problem(Problem::Crossing { dot, edges: lines }));
        }
    }
    for dot in d.dots() {
        let lines = lines_at(dot);
        if lines.len() == 3 {
            return Ok(Verdict::Problem(Problem::Branch { dot, edges: lines }));
        }
    }
    let count = |cell: Cell, s: EdgeState| d.cell_edges(cell).iter().filter(|&&e| at(e) == s).count();
    for cell in d.cells() {
        let Some(clue) = p.clue(cell).number() else { continue };
        let (lines, crosses) = (count(cell, EdgeState::Line), count(cell, EdgeState::Cross));
        if lines > usize::from(clue) || 4 - crosses < usize::from(clue) {
            return Ok(Verdict::Problem(Problem::WrongNumber { cell, clue, lines, crosses }));
        }
    }
    for dot in d.dots() {
        let lines = lines_at(dot);
        if let [edge] = lines[..]
            && d.dot_edges(dot).all(|e| e == edge || at(e) == EdgeState::Cross)
        {
            return Ok(Verdict::Problem(Problem::DeadEnd { dot, edge }));
        }
    }
    // Every dot now has at most two lines, so each connected set of lines is a path or a cycle.
    let drawn = Solution::from_edges(d, d.edges().filter(|&e| at(e) == EdgeState::Line));
    if let Some(cycle) = first_cycle(d, &drawn) {
        let other: Vec<Edge> = drawn.edges().filter(|e| !cycle.contains(e)).collect();
        if !other.is_empty() {
            return Ok(Verdict::Problem(Problem::SeveralLoops { loop_edges: cycle, other_edges: other }));
        }
        // One closed loop holds every line: each number must now be met exactly.
        for cell in d.cells() {
            let Some(clue) = p.clue(cell).number() else { continue };
            let lines = count(cell, EdgeState::Line);
            if lines != usize::from(clue) {
                let crosses = count(cell, EdgeState::Cross);
                return Ok(Verdict::Problem(Problem::WrongNumber { cell, clue, lines, crosses }));
            }
        }
        return Ok(Verdict::Solved);
    }
    Ok(Verdict::Incomplete)
}

/// The edges of the first closed loop among the lines (every dot has at most two lines), in
/// walking order.
fn first_cycle(d: Dims, drawn: &Solution) -> Option<Vec<Edge>> {
    let mut seen = vec![false; d.num_edges()];
    for first in drawn.edges() {
        if seen[first.index()] {
            continue;
        }
        let (start, mut at) = d.edge_dots(first);
        let mut prev = first;
        let mut walk = vec![first];
        seen[first.index()] = true;
        // Walk one way from `first`; coming back to `start` closes a cycle, a path end stops.
        loop {
            if at == start {
                return Some(walk);
            }
            let Some(next) = d.dot_edges(at).find(|&e| e != prev && drawn.is_line(e)) else { break };
            seen[next.index()] = true;
            walk.push(next);
            let (a, b) = d.edge_dots(next);
            at = if a == at { b } else { a };
            prev = next;
        }
        // A path: mark its other half seen too, so it is not walked again.
        let mut at = start;
        let mut prev = first;
        while let Some(next) = d.dot_edges(at).find(|&e| e != prev && drawn.is_line(e)) {
            seen[next.index()] = true;
            let (a, b) = d.edge_dots(next);
            at = if a == at { b } else { a };
            prev = next;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;
    use crate::solver::{self, Verdict as SolveVerdict};

    fn puzzle(text: &str) -> Puzzle {
        parse(text).unwrap().puzzles.remove(0)
    }

    fn marks_of(d: Dims, lines: &[Edge], crosses: &[Edge]) -> Vec<EdgeState> {
        let mut m = vec![EdgeState::Unknown; d.num_edges()];
        lines.iter().for_each(|e| m[e.index()] = EdgeState::Line);
        crosses.iter().for_each(|e| m[e.index()] = EdgeState::Cross);
        m
    }

    /// The loop around one cell.
    fn square(d: Dims, cell: Cell) -> Vec<Edge> {
        d.cell_edges(cell).to_vec()
    }

    #[test]
    fn solution_is_solved_and_empty_is_incomplete() {
        let p = puzzle("2 2\n3 .\n. 3\n");
        let (SolveVerdict::Unique(s) | SolveVerdict::Multiple(s)) = solver::solve(&p) else { panic!() };
        let d = p.dims();
        let lines: Vec<Edge> = s.edges().collect();
        assert_eq!(check(&p, &marks_of(d, &lines, &[])), Ok(Verdict::Solved));
        assert_eq!(check(&p, &marks_of(d, &[], &[])), Ok(Verdict::Incomplete));
        assert!(check(&p, &[]).is_err());
    }

    #[test]
    fn each_problem_is_found() {
        let p = puzzle("3 3\n. . .\n. . .\n. . 0\n");
        let d = p.dims();
        // Crossing at the dot (1,1): the four edges meeting there.
        let cross: Vec<Edge> = d.dot_edges(Dot::new(1, 1)).collect();
        assert!(matches!(
            check(&p, &marks_of(d, &cross, &[])),
            Ok(Verdict::Problem(Problem::Crossing { .. }))
        ));
        assert!(matches!(
            check(&p, &marks_of(d, &cross[..3], &[])),
            Ok(Verdict::Problem(Problem::Branch { dot, .. })) if dot == Dot::new(1, 1)
        ));
        // The 0 at (2,2) with a line on its side.
        let side = d.cell_edges(Cell::new(2, 2))[0];
        assert!(matches!(
            check(&p, &marks_of(d, &[side], &[])),
            Ok(Verdict::Problem(Problem::WrongNumber { cell, clue: 0, lines: 1, .. })) if cell == Cell::new(2, 2)
        ));
        // A line from dot (0,0) to (0,1) with every other edge at (0,1) crossed.
        let e = d.h_edge(0, 0);
        let others: Vec<Edge> = d.dot_edges(Dot::new(0, 1)).filter(|&x| x != e).collect();
        assert_eq!(
            check(&p, &marks_of(d, &[e], &others)),
            Ok(Verdict::Problem(Problem::DeadEnd { dot: Dot::new(0, 1), edge: e }))
        );
        // Two separate one-cell loops.
        let mut two = square(d, Cell::new(0, 0));
        two.extend(square(d, Cell::new(0, 2)));
        assert!(matches!(
            check(&p, &marks_of(d, &two, &[])),
            Ok(Verdict::Problem(Problem::SeveralLoops { loop_edges, other_edges })) if loop_edges.len() == 4 && other_edges.len() == 4
        ));
        // One closed loop that misses a 3.
        let p3 = puzzle("1 2\n. 3\n");
        let one = square(p3.dims(), Cell::new(0, 0));
        assert!(matches!(
            check(&p3, &marks_of(p3.dims(), &one, &[])),
            Ok(Verdict::Problem(Problem::WrongNumber { clue: 3, lines: 1, .. }))
        ));
        // Too many crosses around a 3.
        let c = d.cell_edges(Cell::new(0, 0));
        let p0 = puzzle("3 3\n3 . .\n. . .\n. . .\n");
        assert!(matches!(
            check(&p0, &marks_of(d, &[], &c[..2])),
            Ok(Verdict::Problem(Problem::WrongNumber { clue: 3, crosses: 2, .. }))
        ));
    }
}
