//! What breaks when a state is part of no solution: the reason a rule or the bookkeeping
//! gives, with the places involved, in words a player reads at the end of a trial ("the 3 at
//! cell (4, 4) would have four lines").

use pencilbox_grid::{Cell, Dims, Dot, Edge};

use super::geometry::Cut;
use super::queues::Site;
use super::rules::Rule;
use super::{Places, edge_words};
use crate::board::EdgeState;

/// Why a state is part of no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// A clue with more lines around it than its number.
    TooManyLines { cell: Cell, clue: u8, lines: u8 },
    /// A clue with so many crosses around it that its number cannot be reached.
    TooManyCrosses { cell: Cell, clue: u8, crosses: u8 },
    /// Three or four lines at a dot.
    Branch { dot: Dot, lines: u8 },
    /// A line ending at a dot whose other edges are all crossed.
    DeadEnd { dot: Dot },
    /// A loop closing (at `edge`) while other lines or unmet clues are left out.
    EarlyLoop { edge: Edge },
    /// An edge given both states.
    Twice { edge: Edge },
    /// A rule needs an edge in the state it is not in.
    Clash { rule: Rule, site: Site, edge: Edge, wanted: EdgeState },
    /// No way to draw the edges at a cell or a dot that meets its count and what is known
    /// (a case analysis with no case left).
    NoWay { rule: Rule, site: Site },
    /// Two regions would need the same and different colours.
    Colours { a: Option<Cell>, b: Option<Cell> },
    /// A loop crossing a cut an odd number of times.
    OddCut { cut: Cut },
    /// The cells known to be inside (or outside) could no longer be connected.
    Split { inside: bool },
    /// The loop closed with a clue short of lines.
    Unmet { cell: Cell, clue: u8 },
    /// Every edge decided, but the lines are not one loop meeting every clue.
    NotASolution,
}

/// Small counts in words ("four lines").
fn count(n: u8, one: &str, many: &str) -> String {
    const WORDS: [&str; 5] = ["no", "one", "two", "three", "four"];
    let word = WORDS.get(usize::from(n)).map_or_else(|| n.to_string(), |w| (*w).to_string());
    format!("{word} {}", if n == 1 { one } else { many })
}

/// A region in words.
fn region(c: Option<Cell>) -> String {
    c.map_or("the outside".to_string(), |c| format!("cell {c}"))
}

impl Contradiction {
    /// The contradiction in words, with edge names on a `d` board.
    pub fn describe(&self, d: Dims) -> String {
        match *self {
            Contradiction::TooManyLines { cell, clue, lines } => {
                format!("the {clue} at cell {cell} would have {}", count(lines, "line", "lines"))
            }
            Contradiction::TooManyCrosses { cell, clue, crosses } => {
                format!("the {clue} at cell {cell} would have {}", count(crosses, "cross", "crosses"))
            }
            Contradiction::Branch { dot, lines } => {
                format!("dot {dot} would have {}", count(lines, "line", "lines"))
            }
            Contradiction::DeadEnd { dot } => format!("the line would stop at dot {dot}"),
            Contradiction::EarlyLoop { edge } => {
                format!("{} would close a loop that leaves the rest out", edge_words(d, edge))
            }
            Contradiction::Twice { edge } => {
                format!("{} would be both a line and a cross", edge_words(d, edge))
            }
            Contradiction::Clash { rule, site, edge, wanted } => {
                let (want, is) = match wanted {
                    EdgeState::Line => ("a line", "crossed"),
                    _ => ("a cross", "a line"),
                };
                format!(
                    "“{rule}” at {} would need {} to be {want}, but it is {is}",
                    site.describe(d),
                    edge_words(d, edge)
                )
            }
            Contradiction::NoWay { site: Site::Dot(dot), .. } => {
                format!("no way would be left for the loop at dot {dot}")
            }
            Contradiction::NoWay { site, .. } => {
                format!("no way would be left to meet the clue at {}", site.describe(d))
            }
            Contradiction::Colours { a, b } => {
                format!("{} and {} would need the same and different colours", region(a), region(b))
            }
            Contradiction::OddCut { cut } => format!("the loop would cross {cut} an odd number of times"),
            Contradiction::Split { inside: true } => "the inside would be split in two".to_string(),
            Contradiction::Split { inside: false } => "the outside would be split in two".to_string(),
            Contradiction::Unmet { cell, clue } => {
                format!("the loop would close with the {clue} at cell {cell} short of lines")
            }
            Contradiction::NotASolution => "the lines would not be one loop meeting every clue".to_string(),
        }
    }

    /// The places to highlight.
    pub fn places(&self, d: Dims) -> Places {
        let mut p = Places::default();
        match *self {
            Contradiction::TooManyLines { cell, .. }
            | Contradiction::TooManyCrosses { cell, .. }
            | Contradiction::Unmet { cell, .. } => p.cells.push(cell),
            Contradiction::Branch { dot, .. } | Contradiction::DeadEnd { dot } => p.dots.push(dot),
            Contradiction::EarlyLoop { edge } | Contradiction::Twice { edge } => p.edges.push(edge),
            Contradiction::Clash { site, edge, .. } => {
                p.add_site(d, site);
                p.edges.push(edge);
            }
            Contradiction::NoWay { site, .. } => p.add_site(d, site),
            Contradiction::Colours { a, b } => p.cells.extend(a.into_iter().chain(b)),
            Contradiction::OddCut { cut } => p.edges.extend(cut.edges(d)),
            Contradiction::Split { .. } | Contradiction::NotASolution => {}
        }
        p
    }
}
