//! The work queues of the incremental engine: one per rule, holding the sites near the last
//! changes that the rule has not looked at since.

use std::collections::VecDeque;

use pencilbox_grid::{Cell, Dims, Dot, Edge};

use super::geometry::Cut;
use super::rules::Rule;

/// A place a rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    Cell(Cell),
    Dot(Dot),
    Edge(Edge),
    Cut(Cut),
    /// The whole board.
    Board,
}

/// The kinds of site a rule looks at: what its work-queue items are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SiteKind {
    /// A clued cell.
    Cell,
    Dot,
    Edge,
    Cut,
    /// A clued cell or a dot.
    CellOrDot,
    /// An edge, a clued cell or a dot.
    Any,
    /// The whole board: looked at only when every other rule is done.
    Global,
}

impl SiteKind {
    const COUNT: usize = 7;
    const ALL: [SiteKind; SiteKind::COUNT] = [
        SiteKind::Cell,
        SiteKind::Dot,
        SiteKind::Edge,
        SiteKind::Cut,
        SiteKind::CellOrDot,
        SiteKind::Any,
        SiteKind::Global,
    ];

    /// The number of queue items: the sites of the accepted kinds, end to end.
    fn len(self, d: Dims) -> usize {
        let (nc, nd, ne) = (d.num_cells(), d.num_dots(), d.num_edges());
        match self {
            SiteKind::Cell => nc,
            SiteKind::Dot => nd,
            SiteKind::Edge => ne,
            SiteKind::Cut => Cut::count(d),
            SiteKind::CellOrDot => nc + nd,
            SiteKind::Any => ne + nc + nd,
            SiteKind::Global => 1,
        }
    }

    /// The queue item of `site`, `None` when this kind does not look at such sites.
    #[inline]
    fn item(self, d: Dims, site: Site) -> Option<usize> {
        let (nc, ne) = (d.num_cells(), d.num_edges());
        Some(match (self, site) {
            (SiteKind::Cell | SiteKind::CellOrDot, Site::Cell(c)) => d.cell_index(c),
            (SiteKind::Any, Site::Cell(c)) => ne + d.cell_index(c),
            (SiteKind::Dot, Site::Dot(x)) => d.dot_index(x),
            (SiteKind::CellOrDot, Site::Dot(x)) => nc + d.dot_index(x),
            (SiteKind::Any, Site::Dot(x)) => ne + nc + d.dot_index(x),
            (SiteKind::Edge | SiteKind::Any, Site::Edge(e)) => e.index(),
            (SiteKind::Cut, Site::Cut(cut)) => cut.index(d),
            (SiteKind::Global, Site::Board) => 0,
            _ => return None,
        })
    }

    /// The site of queue item `i`.
    #[inline]
    fn site(self, d: Dims, i: usize) -> Site {
        let (nc, ne) = (d.num_cells(), d.num_edges());
        let w = d.cols() + 1;
        let dot = |i: usize| Site::Dot(Dot::new(i / w, i % w));
        match self {
            SiteKind::Cell => Site::Cell(d.cell_at(i)),
            SiteKind::Dot => dot(i),
            SiteKind::Edge => Site::Edge(Edge(i)),
            SiteKind::Cut => Site::Cut(Cut::at(d, i)),
            SiteKind::CellOrDot if i < nc => Site::Cell(d.cell_at(i)),
            SiteKind::CellOrDot => dot(i - nc),
            SiteKind::Any if i < ne => Site::Edge(Edge(i)),
            SiteKind::Any if i < ne + nc => Site::Cell(d.cell_at(i - ne)),
            SiteKind::Any => dot(i - ne - nc),
            SiteKind::Global => Site::Board,
        }
    }
}

/// A FIFO work queue of items with membership flags.
#[derive(Clone, Debug, Default)]
struct Queue {
    items: VecDeque<u32>,
    queued: Vec<bool>,
}

impl Queue {
    fn new(n: usize) -> Self {
        Queue { items: VecDeque::new(), queued: vec![false; n] }
    }
    #[inline]
    fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.items.push_back(i as u32);
        }
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        let i = self.items.pop_front()? as usize;
        self.queued[i] = false;
        Some(i)
    }
}

/// One work queue per rule (in [`Rule::ALL`] order).
#[derive(Clone, Debug)]
pub(crate) struct Queues {
    d: Dims,
    queues: Vec<Queue>,
    /// Per site kind (in [`SiteKind::ALL`] order): the rules (indices) that look at it.
    by_kind: [Vec<usize>; SiteKind::COUNT],
}

impl Queues {
    pub fn new(d: Dims) -> Self {
        let by_kind =
            SiteKind::ALL.map(|k| (0..Rule::ALL.len()).filter(|&r| Rule::ALL[r].looks_at() == k).collect());
        Queues { d, queues: Rule::ALL.iter().map(|r| Queue::new(r.looks_at().len(d))).collect(), by_kind }
    }

    /// Queues `site` for `rule` (nothing if the rule does not look at such sites).
    #[inline]
    pub fn push(&mut self, rule: Rule, site: Site) {
        if let Some(i) = rule.looks_at().item(self.d, site) {
            self.queues[rule.index()].push(i);
        }
    }

    /// Queues `site` for every rule that looks at such sites.
    pub fn push_all_rules(&mut self, site: Site) {
        for (kind, rules) in SiteKind::ALL.into_iter().zip(&self.by_kind) {
            if let Some(i) = kind.item(self.d, site) {
                for &r in rules {
                    self.queues[r].push(i);
                }
            }
        }
    }

    /// Queues every site of `rule`'s kind.
    pub fn push_every_site(&mut self, rule: Rule) {
        let q = &mut self.queues[rule.index()];
        (0..q.queued.len()).for_each(|i| q.push(i));
    }

    /// The next site `rule` should look at.
    #[inline]
    pub fn pop(&mut self, rule: Rule) -> Option<Site> {
        let i = self.queues[rule.index()].pop()?;
        Some(rule.looks_at().site(self.d, i))
    }
}
