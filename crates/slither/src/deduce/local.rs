//! The statement's pattern rules 1–15: what a clue, a dot, a pair of 3s or a clue's corner
//! decides from the edges right around it.

use pencilbox_grid::{Cell, Dot, Edge};

use super::Step;
use super::contradiction::Contradiction;
use super::geometry::Corner;
use super::queues::Site;
use super::rules::Rule;
use super::state::{Deducer, Fixes};
use crate::board::EdgeState;
use crate::puzzle::Solution;

type Found = Result<Option<Step>, Contradiction>;

impl Deducer {
    /// Rules 1–3: a 0, a clue that needs every open side, a satisfied clue.
    pub(super) fn clue_rules(&self, rule: Rule, cell: Cell) -> Found {
        let Some(k) = self.clue(cell) else { return Ok(None) };
        let sides = self.d.cell_edges(cell);
        let count = |s: EdgeState| sides.iter().filter(|&&e| self.state(e) == s).count();
        let (lines, crosses) = (count(EdgeState::Line), count(EdgeState::Cross));
        if lines > usize::from(k) {
            return Err(Contradiction::TooManyLines { cell, clue: k, lines: lines as u8 });
        }
        if 4 - crosses < usize::from(k) {
            return Err(Contradiction::TooManyCrosses { cell, clue: k, crosses: crosses as u8 });
        }
        let fill = match rule {
            Rule::Zero if k == 0 => EdgeState::Cross,
            Rule::ClueNeedsAll if 4 - crosses == usize::from(k) && k > 0 => EdgeState::Line,
            Rule::ClueSatisfied if lines == usize::from(k) && k > 0 => EdgeState::Cross,
            _ => return Ok(None),
        };
        let fixes =
            sides.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
        self.fresh(rule, Site::Cell(cell), format_args!("cell {cell}"), fixes)
    }

    /// Rules 6–8: the only way out of a path end, a full dot, a dead end.
    pub(super) fn dot_rules(&self, rule: Rule, dot: Dot) -> Found {
        let edges: Vec<Edge> = self.d.dot_edges(dot).collect();
        let count = |s: EdgeState| edges.iter().filter(|&&e| self.state(e) == s).count();
        let (lines, unknown) = (count(EdgeState::Line), count(EdgeState::Unknown));
        if lines > 2 {
            return Err(Contradiction::Branch { dot, lines: lines as u8 });
        }
        if lines == 1 && unknown == 0 {
            return Err(Contradiction::DeadEnd { dot });
        }
        let fill = match rule {
            Rule::OnlyWayOut if lines == 1 && unknown == 1 => EdgeState::Line,
            Rule::DotFull if lines == 2 => EdgeState::Cross,
            Rule::DeadEnd if lines == 0 && unknown == 1 => EdgeState::Cross,
            _ => return Ok(None),
        };
        let fixes =
            edges.iter().filter(|&&e| self.state(e) == EdgeState::Unknown).map(|&e| (e, fill)).collect();
        self.fresh(rule, Site::Dot(dot), format_args!("dot {dot}"), fixes)
    }

    /// Rules 4 and 5: two 3s side by side or diagonally next to each other.
    pub(super) fn three_pairs(&self, rule: Rule, cell: Cell) -> Found {
        let line = EdgeState::Line;
        if self.clue(cell) != Some(3) {
            return Ok(None);
        }
        let d = self.d;
        let (r, c) = (cell.row, cell.col);
        let [top, bottom, left, right] = d.cell_edges(cell);
        if rule == Rule::AdjacentThrees {
            let right_pair = (c + 1 < d.cols()).then(|| Cell::new(r, c + 1));
            let down_pair = (r + 1 < d.rows()).then(|| Cell::new(r + 1, c));
            for (other, edges) in [
                (right_pair, right_pair.map(|o| [left, right, d.cell_edges(o)[3]])),
                (down_pair, down_pair.map(|o| [top, bottom, d.cell_edges(o)[1]])),
            ] {
                let (Some(other), Some(edges)) = (other, edges) else { continue };
                if self.clue(other) != Some(3) {
                    continue;
                }
                // The far edges are always lines. The middle one is too, except when the
                // whole solution is the 6-edge loop around both cells (then it is crossed):
                // the statement misses that case.
                let [far1, middle, far2] = edges;
                let mut fixes = vec![(far1, line), (far2, line)];
                if !self.pair_loop_possible(cell, other) {
                    fixes.push((middle, line));
                }
                if let Some(step) =
                    self.fresh(rule, Site::Cell(cell), format_args!("cells {cell} and {other}"), fixes)?
                {
                    return Ok(Some(self.with_places(step, &[other], &[])));
                }
            }
        } else {
            // Diagonal neighbours down-right and down-left.
            for toward in [Corner::BottomRight, Corner::BottomLeft] {
                let Some(other) = toward.diagonal(d, cell) else { continue };
                if self.clue(other) == Some(3) {
                    let mut fixes: Fixes = toward.opposite().sides(d, cell).map(|e| (e, line)).to_vec();
                    fixes.extend(toward.sides(d, other).map(|e| (e, line)));
                    let at = format_args!("cells {cell} and {other}");
                    if let Some(step) = self.fresh(rule, Site::Cell(cell), at, fixes)? {
                        return Ok(Some(self.with_places(step, &[other], &[])));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Whether the loop around exactly the two side-by-side cells `a` and `b` could be the
    /// solution: it meets every other clue and no decided edge contradicts it.
    fn pair_loop_possible(&self, a: Cell, b: Cell) -> bool {
        if self.counts.lines() > 6 {
            return false; // the loop around two cells has 6 edges
        }
        let mut inside = vec![false; self.d.num_cells()];
        inside[self.d.cell_index(a)] = true;
        inside[self.d.cell_index(b)] = true;
        let ring = Solution::from_inside(self.d, &inside);
        self.p.is_solution(&ring)
            && self.d.edges().all(|e| match self.state(e) {
                EdgeState::Unknown => true,
                s => (s == EdgeState::Line) == ring.is_line(e),
            })
    }

    /// Rules 9–12, 14 and 15: a clue's corner blocked, or entered from outside.
    pub(super) fn corner_rules(&self, rule: Rule, cell: Cell) -> Found {
        let (line, cross) = (EdgeState::Line, EdgeState::Cross);
        let d = self.d;
        let Some(k) = self.clue(cell) else { return Ok(None) };
        for corner in Corner::ALL {
            let opposite = corner.opposite();
            let fixes: Fixes = match (rule, k) {
                (Rule::ThreeBlockedCorner, 3) if self.blocked(cell, corner) => {
                    corner.sides(d, cell).map(|e| (e, line)).to_vec()
                }
                (Rule::OneBlockedCorner, 1) if self.blocked(cell, corner) => {
                    corner.sides(d, cell).map(|e| (e, cross)).to_vec()
                }
                (Rule::TwoBlockedCorner, 2) if self.blocked(cell, corner) => {
                    // The two corners next to the blocked one (sharing a side with it).
                    corner.adjacent().into_iter().filter_map(|next| self.other_outside(cell, next)).collect()
                }
                (Rule::ThreeEntered, 3) if self.entered(cell, corner) => {
                    opposite.sides(d, cell).map(|e| (e, line)).to_vec()
                }
                (Rule::OneEntered, 1) if self.entered(cell, corner) => {
                    opposite.sides(d, cell).map(|e| (e, cross)).to_vec()
                }
                (Rule::TwoEntered, 2) if self.entered(cell, corner) => {
                    self.other_outside(cell, opposite).into_iter().collect()
                }
                _ => continue,
            };
            let at = format_args!("cell {cell}, corner {}", corner.dot(cell));
            if let Some(step) = self.fresh(rule, Site::Cell(cell), at, fixes)? {
                return Ok(Some(self.with_places(step, &[], &[corner.dot(cell)])));
            }
        }
        Ok(None)
    }

    /// At a corner with one outside edge crossed and the other unknown: that other one, as a
    /// line (the loop must leave the 2 there).
    fn other_outside(&self, cell: Cell, corner: Corner) -> Option<(Edge, EdgeState)> {
        let out = self.outside_at(cell, corner);
        match (out.map(|e| self.st(e)), out) {
            ([EdgeState::Cross, EdgeState::Unknown], [_, Some(e)])
            | ([EdgeState::Unknown, EdgeState::Cross], [Some(e), _]) => Some((e, EdgeState::Line)),
            _ => None,
        }
    }

    /// Rule 13: a 3 diagonally next to a 1, the 3's far corner blocked.
    pub(super) fn three_one(&self, cell: Cell) -> Found {
        if self.clue(cell) != Some(3) {
            return Ok(None);
        }
        for toward in Corner::ALL {
            // The diagonal neighbour through corner `toward`.
            let Some(one) = toward.diagonal(self.d, cell) else { continue };
            if self.clue(one) != Some(1) || !self.blocked(cell, toward.opposite()) {
                continue;
            }
            // The 1's corner away from the 3 is the one facing the same way as `toward`.
            let fixes = toward.sides(self.d, one).map(|e| (e, EdgeState::Cross)).to_vec();
            let at = format_args!("cells {cell} and {one}");
            if let Some(step) = self.fresh(Rule::ThreeOneDiagonal, Site::Cell(cell), at, fixes)? {
                return Ok(Some(self.with_places(step, &[one], &[toward.opposite().dot(cell)])));
            }
        }
        Ok(None)
    }
}
