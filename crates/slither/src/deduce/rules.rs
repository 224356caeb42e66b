//! The catalogue of named deduction rules, in the order they are tried (simplest first).

use std::fmt;

use super::queues::SiteKind;

/// A named deduction rule. The statement's rules are numbered as in the statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rule {
    /// Rule 1: A 0 crosses all four sides.
    Zero,
    /// Rule 2: A clue N with exactly N sides not crossed: all N are lines.
    ClueNeedsAll,
    /// Rule 3: A clue N with N lines: the other sides are crossed.
    ClueSatisfied,
    /// Rule 4: Two 3s side by side: the edge between them and the two far parallel edges are lines
    /// (the edge between only when the solution cannot be the loop around just those two cells).
    AdjacentThrees,
    /// Rule 5: Two 3s touching at a corner: the two sides at each one's far corner are lines.
    DiagonalThrees,
    /// Rule 6: A loop end entering a dot with only one way out: that edge is a line.
    OnlyWayOut,
    /// Rule 7: A dot with two lines: its other edges are crossed.
    DotFull,
    /// Rule 8: A dot whose edges are all crossed but one: the last one is crossed too.
    DeadEnd,
    /// Rule 9: A 3 with a corner whose two outside edges are crossed: its two sides there are lines.
    ThreeBlockedCorner,
    /// Rule 10: A 2 with a blocked corner, next to a corner with one outside edge crossed: that
    /// corner's other outside edge is a line.
    TwoBlockedCorner,
    /// Rule 11: A 1 with a blocked corner: its two sides there are crossed.
    OneBlockedCorner,
    /// Rule 12: A 3 entered at a corner from outside: the two sides at the opposite corner are lines.
    ThreeEntered,
    /// Rule 13: A 3 diagonally next to a 1, the 3's far corner blocked: the 1's far sides are crossed.
    ThreeOneDiagonal,
    /// Rule 14: A 2 entered at a corner, one outside edge crossed at the opposite corner: the other
    /// one is a line.
    TwoEntered,
    /// Rule 15: A 1 entered at a corner: the two sides at the opposite corner are crossed.
    OneEntered,
    /// Stronger: an edge joining the two ends of one path closes a loop; unless that loop would
    /// be the whole solution, it is crossed. Once the loop is closed, every other edge is
    /// crossed.
    NoPrematureLoop,
    /// Stronger: parity across a cut. A closed loop crosses any straight line between two rows
    /// (or columns) of dots an even number of times (Jordan curve theorem), so when all but one
    /// of the edges it cuts are decided, parity decides the last.
    CutParity,
    /// Stronger: "at least one / at most one" of the two edges at a corner. A dot has 0 or 2
    /// lines, so the two edges of one quadrant at a dot and the two of the opposite quadrant
    /// have 0+0, 1+1 or 2+0 lines; a clue bounds the lines at each of its corners (a 3 at
    /// least one, a 1 at most one, a 2 as many as its opposite corner leaves). Case analysis
    /// at a dot or a clue with these pair states passes them on, which carries them along
    /// diagonals of 2s and 3s.
    CornerPairs,
    /// Stronger: inside/outside colouring. An edge is a line exactly when the cells on its two
    /// sides have different colours (off the board is outside), so decided edges link cells
    /// into classes of known relative colour; an edge whose two sides are in one class is
    /// decided, and case analysis at a dot or a clue with the known colours of the cells
    /// around it links more cells (a 2×2 checkerboard around a dot would put four lines on it).
    Colouring,
    /// Stronger: the inside cells are connected, and so are the outside cells with the
    /// outside of the board. A cell whose removal would cut cells known to be inside from
    /// each other (it is an articulation point of the cells that may be inside, linked across
    /// edges that are not lines) is inside, and a cell no known inside cell can reach is
    /// outside; the same for the outside.
    Connectivity,
}

impl Rule {
    /// The statement's rules 1–8: the first 8 of [`Rule::ALL`].
    pub const BASIC: &[Rule] = Rule::ALL.split_at(8).0;
    /// All the statement's rules: the first 15 of [`Rule::ALL`].
    pub const STANDARD: &[Rule] = Rule::ALL.split_at(15).0;
    /// Every rule (the `expert` level's, with Loopy's), in order: the statement's 1–8, the
    /// statement's 9–15, then the stronger ones. None of them guesses: trial and error (a value
    /// refuted by propagation) is what the `trial-N` levels mean, so it is not a rule here.
    pub const ALL: &[Rule] = &[
        Rule::Zero,
        Rule::ClueNeedsAll,
        Rule::ClueSatisfied,
        Rule::AdjacentThrees,
        Rule::DiagonalThrees,
        Rule::OnlyWayOut,
        Rule::DotFull,
        Rule::DeadEnd,
        Rule::ThreeBlockedCorner,
        Rule::TwoBlockedCorner,
        Rule::OneBlockedCorner,
        Rule::ThreeEntered,
        Rule::ThreeOneDiagonal,
        Rule::TwoEntered,
        Rule::OneEntered,
        Rule::NoPrematureLoop,
        Rule::CutParity,
        Rule::CornerPairs,
        Rule::Colouring,
        Rule::Connectivity,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Rule::Zero => "1 zero",
            Rule::ClueNeedsAll => "2 clue needs every open side",
            Rule::ClueSatisfied => "3 clue satisfied",
            Rule::AdjacentThrees => "4 adjacent 3s",
            Rule::DiagonalThrees => "5 diagonal 3s",
            Rule::OnlyWayOut => "6 only way out",
            Rule::DotFull => "7 dot has two lines",
            Rule::DeadEnd => "8 dead end",
            Rule::ThreeBlockedCorner => "9 3 with a blocked corner",
            Rule::TwoBlockedCorner => "10 2 with a blocked corner",
            Rule::OneBlockedCorner => "11 1 with a blocked corner",
            Rule::ThreeEntered => "12 3 entered at a corner",
            Rule::ThreeOneDiagonal => "13 3 diagonal to a 1",
            Rule::TwoEntered => "14 2 entered at a corner",
            Rule::OneEntered => "15 1 entered at a corner",
            Rule::NoPrematureLoop => "no premature loop",
            Rule::CutParity => "parity across a cut",
            Rule::CornerPairs => "corner pairs (at least one / at most one)",
            Rule::Colouring => "inside/outside colouring",
            Rule::Connectivity => "inside and outside stay connected",
        }
    }

    /// Where the rule looks: what its work-queue items are.
    pub(crate) const fn looks_at(self) -> SiteKind {
        match self {
            Rule::OnlyWayOut | Rule::DotFull | Rule::DeadEnd => SiteKind::Dot,
            Rule::NoPrematureLoop => SiteKind::Edge,
            Rule::CutParity => SiteKind::Cut,
            Rule::CornerPairs => SiteKind::CellOrDot,
            Rule::Colouring => SiteKind::Any,
            Rule::Connectivity => SiteKind::Global,
            _ => SiteKind::Cell,
        }
    }

    /// The rule's position in [`Rule::ALL`] (the order rules are tried in): its declaration
    /// order.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn rules_are_declared_in_catalogue_order() {
        assert!(Rule::ALL.iter().enumerate().all(|(i, r)| r.index() == i));
    }

    #[test]
    fn statement_rule_sets_end_where_the_seed_says() {
        // Basic is the statement's rules 1–8, standard all 15 of them; the names carry the numbers.
        assert_eq!(Rule::BASIC.last(), Some(&Rule::DeadEnd));
        assert_eq!(Rule::STANDARD.last(), Some(&Rule::OneEntered));
        assert!(Rule::BASIC.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().unwrap() <= 8));
        assert!(Rule::STANDARD.iter().all(|r| r.name().split(' ').next().unwrap().parse::<u32>().is_ok()));
    }
}
