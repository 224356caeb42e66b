//! Local case analysis, behind [`Rule::CornerPairs`] and [`Rule::Colouring`]: at a clued cell
//! or a dot, every assignment of its (up to four) unknown edges that meets the count, the pair
//! states and (for colouring) the known colour relations; what every remaining case shares is
//! learned. Also the colouring rule's simplest form: an edge whose two sides are in one class.

use pencilbox_grid::{Cell, Dot, Edge};

use super::contradiction::Contradiction;
use super::geometry::{Corner, Quadrant, dot_edges4};
use super::queues::Site;
use super::rules::Rule;
use super::state::{AT_LEAST, AT_MOST, Deducer, Fixes, PairId, Region};
use super::{Fact, Step, edge_name};
use crate::board::EdgeState;

type Found = Result<Option<Step>, Contradiction>;

/// A local case analysis: up to four edge slots, the pair constraints among them, the regions
/// (cells or the outside) they separate, and the count the lines must meet.
pub(super) struct Local {
    /// Where: a clued cell or a dot.
    site: Site,
    edges: [Option<Edge>; 4],
    /// Per slot: the two local regions on its sides.
    sep: [[usize; 2]; 4],
    /// Region nodes; region 0 is the reference.
    regions: [Region; 5],
    nregions: usize,
    /// Pair constraints: the two slots, and whose pair state they are.
    pairs: [([usize; 2], PairId); 4],
    /// Allowed numbers of lines among the four slots (a bit per count 0–4).
    counts: u8,
}

/// What all consistent cases of a [`Local`] share.
struct Summary {
    /// Slots on the loop in every case / off it in every case.
    all_on: u8,
    all_off: u8,
    /// Per pair constraint: the fewest and most lines among its two slots.
    pair_min: [u8; 4],
    pair_max: [u8; 4],
    /// Bit `i * 5 + j` (`i < j`): regions `i` and `j` differ in every case / agree in every case.
    always_differ: u32,
    always_same: u32,
}

impl Deducer {
    /// An unknown edge whose two sides are in one colour class.
    pub(super) fn colour_edge(&self, e: Edge) -> Found {
        if self.state(e) != EdgeState::Unknown {
            return Ok(None);
        }
        let [a, b] = self.d.edge_cells(e).map(|c| self.region(c));
        let ((ra, pa), (rb, pb)) = (self.find(a), self.find(b));
        if ra != rb {
            return Ok(None);
        }
        let s = if pa == pb { EdgeState::Cross } else { EdgeState::Line };
        let at = format_args!("edge {}", edge_name(self.d, e));
        let step = self.fresh(Rule::Colouring, Site::Edge(e), at, vec![(e, s)])?;
        let cells: Vec<Cell> = self.d.edge_cells(e).into_iter().flatten().collect();
        Ok(step.map(|s| self.with_places(s, &cells, &[])))
    }

    /// The case analysis at a clued cell: its four sides, the clue, the pair states at its
    /// corners, and the colours of the cell and its four neighbours.
    pub(super) fn cell_local(&self, cell: Cell) -> Option<Local> {
        let k = self.clue(cell)?;
        let sides = self.d.cell_edges(cell);
        let neighbour = |e: Edge| self.d.edge_cells(e).into_iter().find(|&c| c != Some(cell)).flatten();
        let mut regions = [self.region(Some(cell)); 5];
        for (i, &e) in sides.iter().enumerate() {
            regions[i + 1] = self.region(neighbour(e));
        }
        // Each corner's two sides bound the quadrant of its dot that the cell fills.
        let pairs =
            Corner::ALL.map(|corner| (corner.slots(), self.pair_id(corner.dot(cell), corner.facing())));
        Some(Local {
            site: Site::Cell(cell),
            edges: sides.map(Some),
            sep: [[0, 1], [0, 2], [0, 3], [0, 4]],
            regions,
            nregions: 5,
            pairs,
            counts: 1 << k,
        })
    }

    /// The case analysis at a dot: its edges (0 or 2 lines), the pair states of its four
    /// quadrants, and the colours of the four cells around it.
    pub(super) fn dot_local(&self, dot: Dot) -> Option<Local> {
        let mut regions = [Region(0); 5];
        for (q, r) in Quadrant::ALL.iter().zip(regions.iter_mut()) {
            *r = self.region(q.cell(self.d, dot));
        }
        Some(Local {
            site: Site::Dot(dot),
            edges: dot_edges4(self.d, dot),
            // up separates the upper quadrants 0|1, down 2|3, left 0|2, right 1|3.
            sep: [[0, 1], [2, 3], [0, 2], [1, 3]],
            regions,
            nregions: 4,
            pairs: Quadrant::ALL.map(|q| (q.slots(), self.pair_id(dot, q))),
            counts: 0b101,
        })
    }

    /// Exhaustive case analysis of a [`Local`]: every assignment of its unknown edges that
    /// meets the count, the decided edges, the pair states and (with `colours`) the known
    /// colour relations. What holds in every remaining case is learned: decided edges, pair
    /// states, and (with `colours`) colour relations. `Err` when no case remains.
    pub(super) fn cases(&self, rule: Rule, local: &Option<Local>, colours: bool) -> Found {
        let Some(l) = local else { return Ok(None) };
        let Some(sum) = self.summarize(l, colours) else {
            return Err(Contradiction::NoWay { rule, site: l.site });
        };
        let (fixed, after) = self.decided_edges(l, &sum);
        let mut learned = self.pair_facts(l, &sum, &after);
        if colours {
            learned.extend(self.colour_facts(l, &sum, &after));
        }
        if fixed.is_empty() && learned.is_empty() {
            return Ok(None);
        }
        Ok(Some(match l.site {
            Site::Cell(cell) => self.step(rule, l.site, format_args!("cell {cell}"), fixed, learned),
            Site::Dot(dot) => self.step(rule, l.site, format_args!("dot {dot}"), fixed, learned),
            _ => self.step(rule, l.site, format_args!(""), fixed, learned),
        }))
    }

    /// What every consistent case of `l` shares; `None` when no case is consistent.
    fn summarize(&self, l: &Local, colours: bool) -> Option<Summary> {
        let roots = l.regions.map(|r| self.find(r));
        let mut sum = Summary {
            all_on: 0b1111,
            all_off: 0b1111,
            pair_min: [2; 4],
            pair_max: [0; 4],
            always_differ: u32::MAX,
            always_same: u32::MAX,
        };
        let mut any = false;
        for mask in 0u8..16 {
            if l.counts & (1 << mask.count_ones()) == 0 || !self.edges_allow(l, mask) {
                continue;
            }
            let sums =
                l.pairs.map(|(slots, _)| slots.iter().filter(|&&s| mask & (1 << s) != 0).count() as u8);
            let pairs_ok = l.pairs.iter().zip(sums).all(|(&(_, p), n)| {
                let bits = self.pair_bits(p);
                (bits & AT_LEAST == 0 || n >= 1) && (bits & AT_MOST == 0 || n <= 1)
            });
            if !pairs_ok {
                continue;
            }
            let differ = differ_bits(l, mask);
            // Regions already in one class must keep their known relation.
            let colours_ok = (0..l.nregions).all(|i| {
                (i + 1..l.nregions).all(|j| {
                    roots[i].0 != roots[j].0 || (differ >> (i * 5 + j) & 1 == 1) == (roots[i].1 != roots[j].1)
                })
            });
            if colours && !colours_ok {
                continue;
            }
            any = true;
            sum.all_on &= mask;
            sum.all_off &= !mask;
            for (q, &n) in sums.iter().enumerate() {
                sum.pair_min[q] = sum.pair_min[q].min(n);
                sum.pair_max[q] = sum.pair_max[q].max(n);
            }
            sum.always_differ &= differ;
            sum.always_same &= !differ;
        }
        any.then_some(sum)
    }

    /// Whether the edges of `l` allow the lines of `mask`.
    fn edges_allow(&self, l: &Local, mask: u8) -> bool {
        l.edges.iter().enumerate().all(|(i, e)| {
            let on = mask & (1 << i) != 0;
            match e.map(|e| self.state(e)) {
                None => !on,
                Some(EdgeState::Unknown) => true,
                Some(s) => on == (s == EdgeState::Line),
            }
        })
    }

    /// The unknown edges every case agrees on, and the states of all four slots after them.
    fn decided_edges(&self, l: &Local, sum: &Summary) -> (Fixes, [EdgeState; 4]) {
        let mut fixed = Vec::new();
        let mut after = [EdgeState::Cross; 4];
        for (i, (slot, e)) in after.iter_mut().zip(l.edges).enumerate() {
            let Some(e) = e else { continue };
            *slot = self.state(e);
            if *slot == EdgeState::Unknown {
                let s = if sum.all_on & (1 << i) != 0 {
                    EdgeState::Line
                } else if sum.all_off & (1 << i) != 0 {
                    EdgeState::Cross
                } else {
                    continue;
                };
                *slot = s;
                fixed.push((e, s));
            }
        }
        (fixed, after)
    }

    /// New pair states (not already known, nor implied by the edges after the step).
    fn pair_facts(&self, l: &Local, sum: &Summary, after: &[EdgeState; 4]) -> Vec<Fact> {
        let mut learned = Vec::new();
        for (q, &(slots, p)) in l.pairs.iter().enumerate() {
            let st = slots.map(|s| after[s]);
            if !st.contains(&EdgeState::Unknown) {
                continue; // decided by its edges
            }
            let mut bits = 0;
            if sum.pair_min[q] >= 1 && !st.contains(&EdgeState::Line) {
                bits |= AT_LEAST;
            }
            if sum.pair_max[q] <= 1 && !st.contains(&EdgeState::Cross) {
                bits |= AT_MOST;
            }
            let known = self.pair_bits(p);
            if bits & !known != 0 {
                let bits = bits | known;
                let (dot, quadrant) = self.pair_site(p);
                learned.push(Fact::Pair {
                    dot,
                    quadrant,
                    at_least: bits & AT_LEAST != 0,
                    at_most: bits & AT_MOST != 0,
                });
            }
        }
        learned
    }

    /// New colour relations: pairs of regions with the same relation in every case, not yet
    /// in one class, nor linked by the edges after the step (one fact per class merge).
    fn colour_facts(&self, l: &Local, sum: &Summary, after: &[EdgeState; 4]) -> Vec<Fact> {
        let n = l.nregions;
        // Local classes: known ones, then what the decided edges link.
        let mut class: [usize; 5] = [0, 1, 2, 3, 4];
        let roots = l.regions.map(|r| self.find(r).0);
        for i in 0..n {
            class[i] = (0..=i).find(|&j| roots[j] == roots[i]).unwrap_or(i);
        }
        let link = |class: &mut [usize; 5], i: usize, j: usize| {
            let (ci, cj) = (class[i], class[j]);
            class.iter_mut().filter(|c| **c == cj).for_each(|c| *c = ci);
            ci != cj
        };
        for (&[x, y], s) in l.sep.iter().zip(after) {
            if *s != EdgeState::Unknown {
                link(&mut class, x, y);
            }
        }
        let mut learned = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let bit = 1 << (i * 5 + j);
                let differ = sum.always_differ & bit != 0;
                if (differ || sum.always_same & bit != 0) && link(&mut class, i, j) {
                    let (a, b) = (self.region_cell(l.regions[i]), self.region_cell(l.regions[j]));
                    learned.push(Fact::Colours { a, b, differ });
                }
            }
        }
        learned
    }
}

/// The colour relations of a case: bit `i * 5 + j` (`i < j`) set when regions `i` and `j`
/// have different colours, found by spreading colours from region 0 across the slots.
fn differ_bits(l: &Local, mask: u8) -> u32 {
    let mut col = [None::<bool>; 5];
    col[0] = Some(false);
    for _ in 0..2 {
        for (i, &[x, y]) in l.sep.iter().enumerate() {
            let on = mask & (1 << i) != 0;
            match (col[x], col[y]) {
                (Some(cx), None) => col[y] = Some(cx ^ on),
                (None, Some(cy)) => col[x] = Some(cy ^ on),
                _ => {}
            }
        }
    }
    let col = col.map(|c| c.unwrap_or(false));
    let mut bits = 0;
    for i in 0..l.nregions {
        for j in i + 1..l.nregions {
            if col[i] != col[j] {
                bits |= 1 << (i * 5 + j);
            }
        }
    }
    bits
}
