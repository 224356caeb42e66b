//! The rules that look beyond one cell or dot: no premature loop (path ends), parity across a
//! cut, and the connectivity of the inside and of the outside (articulation points).

use pencilbox_grid::Edge;

use super::contradiction::Contradiction;
use super::geometry::Cut;
use super::lowpoints::{Lowpoints, UNSEEN};
use super::queues::Site;
use super::rules::Rule;
use super::state::{Deducer, Region};
use super::{Fact, Step};
use crate::board::EdgeState;

type Found = Result<Option<Step>, Contradiction>;

impl Deducer {
    /// At an edge queued by the loop bookkeeping: if it joins the two ends of one path, it
    /// is crossed unless the loop it closes would be the whole solution; once the loop is
    /// closed, every other edge is crossed.
    pub(super) fn no_premature_loop(&self, e: Edge) -> Found {
        if self.closed {
            let fixes = self
                .d
                .edges()
                .filter(|&x| self.state(x) == EdgeState::Unknown)
                .map(|x| (x, EdgeState::Cross))
                .collect();
            return self.fresh(Rule::NoPrematureLoop, Site::Board, format_args!("the closed loop"), fixes);
        }
        if self.state(e) != EdgeState::Unknown {
            return Ok(None);
        }
        let (a, b) = self.d.edge_dots(e);
        let (ia, ib) = (self.d.dot_index(a) as u32, self.d.dot_index(b) as u32);
        if self.paths.mate(ia) != ib || self.dot_lines(a) != 1 || self.dot_lines(b) != 1 {
            return Ok(None);
        }
        let cells = self.d.edge_cells(e).map(|c| c.map(|c| self.d.cell_index(c) as u32));
        if self.counts.closing_finishes(cells, self.paths.len(ia)) {
            return Ok(None);
        }
        let at = format_args!("path ends {a} and {b}");
        let step = self.fresh(Rule::NoPrematureLoop, Site::Edge(e), at, vec![(e, EdgeState::Cross)])?;
        Ok(step.map(|s| self.with_places(s, &[], &[a, b])))
    }

    /// [`Rule::CutParity`]: the last unknown edge across a cut takes the parity of its lines.
    pub(super) fn cut_parity(&self, cut: Cut) -> Found {
        let i = cut.index(self.d);
        let (unknown, odd) = (self.cut_unknown[i], self.cut_lines[i] % 2 == 1);
        match unknown {
            0 if odd => Err(Contradiction::OddCut { cut }),
            1 => {
                let Some(e) = cut.edges(self.d).find(|&e| self.state(e) == EdgeState::Unknown) else {
                    return Ok(None);
                };
                let s = if odd { EdgeState::Line } else { EdgeState::Cross };
                self.fresh(Rule::CutParity, Site::Cut(cut), format_args!("cut across {cut}"), vec![(e, s)])
            }
            _ => Ok(None),
        }
    }

    /// The known colour of a region (`Some(true)` inside), given the outside's class root
    /// and parity.
    fn colour_of(&self, r: Region, outside: (Region, u8)) -> Option<bool> {
        let (root, p) = self.find(r);
        (root == outside.0).then_some(p != outside.1)
    }

    /// [`Rule::Connectivity`], for the inside and then for the outside.
    pub(super) fn connectivity(&self) -> Found {
        for inside in [true, false] {
            let forced = self.must_join(inside)?;
            if !forced.is_empty() {
                let learned: Vec<Fact> = forced
                    .iter()
                    .map(|&(r, colour)| Fact::Colours { a: self.region_cell(r), b: None, differ: colour })
                    .collect();
                let cells: Vec<_> = forced.iter().filter_map(|&(r, _)| self.region_cell(r)).collect();
                let at = format_args!("the {} cells", if inside { "inside" } else { "outside" });
                let step = self.step(Rule::Connectivity, Site::Board, at, Vec::new(), learned);
                return Ok(Some(self.with_places(step, &cells, &[])));
            }
        }
        Ok(None)
    }

    /// The cells whose colour connectivity of one side (`inside`, or the outside with the
    /// exterior) decides: `(cell, is inside)`. The graph: the cells not known to be of the
    /// other colour (plus, for the outside, the exterior as node `num_cells`), linked across
    /// edges that are not lines. Every known cell of this colour must lie in one connected
    /// part with the others (the inside and the outside of one loop are connected), so a cell
    /// they cannot reach has the other colour, and an articulation point separating known
    /// cells has this colour. `Err` when the known cells cannot be connected.
    fn must_join(&self, inside: bool) -> Result<Vec<(Region, bool)>, Contradiction> {
        let d = self.d;
        let nc = d.num_cells();
        let outside = self.find(self.region(None));
        let colour: Vec<Option<bool>> = (0..nc).map(|r| self.colour_of(Region(r as u32), outside)).collect();
        let member = |r: usize| r == nc && !inside || r < nc && colour[r] != Some(!inside);
        let known = |r: usize| r == nc && !inside || r < nc && colour[r] == Some(inside);
        let Some(root) = (0..=nc).find(|&r| known(r)) else { return Ok(Vec::new()) };
        // Neighbours across edges that are not lines (the exterior touches the border).
        let dfs = Lowpoints::new(nc + 1, root, |r, out| {
            let sides;
            let edges: &[Edge] = match self.region_cell(Region(r as u32)) {
                Some(cell) => {
                    sides = d.cell_edges(cell);
                    &sides
                }
                None => &self.border,
            };
            for &e in edges {
                if self.state(e) == EdgeState::Line {
                    continue;
                }
                let [a, b] = d.edge_cells(e).map(|c| self.region(c).0 as usize);
                let other = if a == r { b } else { a };
                if member(other) {
                    out.push((other, e.index()));
                }
            }
        });
        // Known cells per subtree; a vertex cutting a subtree holding one off from the root
        // (itself known) must have this colour.
        let mut below = vec![0u32; nc + 1];
        let mut cut = vec![false; nc + 1];
        for &r in &dfs.post {
            below[r] += u32::from(known(r));
            if let Some((p, _)) = dfs.parent[r] {
                below[p] += below[r];
                cut[p] |= p != root && dfs.low[r] >= dfs.disc[p] && below[r] > 0;
            }
        }
        let mut forced = Vec::new();
        for r in 0..nc {
            let seen = dfs.disc[r] != UNSEEN;
            if known(r) && !seen {
                return Err(Contradiction::Split { inside });
            }
            if colour[r].is_none() {
                if !seen {
                    forced.push((Region(r as u32), !inside));
                } else if cut[r] {
                    forced.push((Region(r as u32), inside));
                }
            }
        }
        Ok(forced)
    }
}
