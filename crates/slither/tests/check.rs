//! The marks checker against the definition: "solved" exactly when the lines are a solution,
//! and no problem is ever reported on marks that agree with a solution (lines on the loop,
//! crosses off it, any edges left empty).

use pencilbox_grid::{Dims, Edge};
use pencilbox_slither::check::{Verdict, check};
use pencilbox_slither::generate::random_loop;
use pencilbox_slither::{Clue, EdgeState, Puzzle, Solution};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A puzzle whose clues are the loop's counts at the cells `keep` selects.
fn puzzle_of(s: &Solution, keep: u64) -> Puzzle {
    let d = s.dims();
    let clues = d
        .cells()
        .enumerate()
        .map(|(i, c)| match s.sides_on_loop(c) {
            n @ 0..=3 if keep >> (i % 64) & 1 == 1 => Clue::Number(n as u8),
            _ => Clue::Blank,
        })
        .collect();
    Puzzle::new(d, clues)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn marks_agreeing_with_a_solution_have_no_problem(
        r in 1usize..=5, c in 1usize..=5, seed in any::<u64>(), keep in any::<u64>(), shown in any::<u64>(),
    ) {
        let d = Dims::new(r, c).unwrap();
        let s = random_loop(d, &mut ChaCha8Rng::seed_from_u64(seed));
        let p = puzzle_of(&s, keep);
        // Each edge shown (as its true state) or left empty.
        let marks: Vec<EdgeState> = d
            .edges()
            .map(|e| match (shown >> (e.index() % 64) & 1 == 1, s.is_line(e)) {
                (false, _) => EdgeState::Unknown,
                (true, true) => EdgeState::Line,
                (true, false) => EdgeState::Cross,
            })
            .collect();
        let v = check(&p, &marks).unwrap();
        let all_lines = d.edges().filter(|&e| s.is_line(e)).all(|e| marks[e.index()] == EdgeState::Line);
        prop_assert_eq!(v, if all_lines { Verdict::Solved } else { Verdict::Incomplete });
    }

    #[test]
    fn solved_means_the_lines_are_a_solution(
        r in 1usize..=3, c in 1usize..=3, seed in any::<u64>(), keep in any::<u64>(), raw in any::<u64>(),
    ) {
        let d = Dims::new(r, c).unwrap();
        let s = random_loop(d, &mut ChaCha8Rng::seed_from_u64(seed));
        let p = puzzle_of(&s, keep);
        // Random marks: two bits per edge.
        let marks: Vec<EdgeState> = d
            .edges()
            .map(|e| match raw >> (2 * e.index() % 64) & 3 {
                0 | 1 => EdgeState::Line,
                2 => EdgeState::Cross,
                _ => EdgeState::Unknown,
            })
            .collect();
        let lines = Solution::from_edges(d, d.edges().filter(|&e| marks[e.index()] == EdgeState::Line));
        let v = check(&p, &marks).unwrap();
        prop_assert_eq!(v == Verdict::Solved, p.is_solution(&lines), "{:?}", lines.edges().map(Edge::index).collect::<Vec<_>>());
    }
}
