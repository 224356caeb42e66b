//! The setter's workbench (`analyze`): hand-checked small puzzles, and every finding on many
//! random small puzzles checked against the independent colouring counter
//! (`support/colouring.rs`, which shares no code with the solver).

#[path = "support/colouring.rs"]
mod colouring;

use std::time::Instant;

use pencilbox_grid::{Cell, Dims, Edge};
use pencilbox_slither::analyze::{AddClue, Analysis, Findings, analyze};
use pencilbox_slither::level::grade;
use pencilbox_slither::{Clue, Puzzle, Solution, format, generate, solver};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn parse(text: &str) -> Puzzle {
    format::parse(text).unwrap().puzzles.remove(0)
}

fn example(name: &str) -> Puzzle {
    parse(
        &std::fs::read_to_string(format!("{}/../../examples/slither/{name}", env!("CARGO_MANIFEST_DIR")))
            .unwrap(),
    )
}

fn full(p: &Puzzle) -> Analysis {
    let a = analyze(p, None, 2).unwrap();
    assert!(a.complete, "no deadline: the work is complete");
    a
}

/// Solutions counted by colouring, up to `limit` (no budget: small boards only).
fn colour_count(p: &Puzzle, limit: usize) -> usize {
    colouring::count_by_colouring(p, limit, u64::MAX).found
}

fn without(p: &Puzzle, cell: Cell) -> Puzzle {
    let mut q = p.clone();
    q.set_clue(cell, Clue::Blank);
    q
}

/// The puzzle with only the numbered clues at `keep`.
fn only(p: &Puzzle, keep: &[Cell]) -> Puzzle {
    let mut q = Puzzle::blank(p.dims());
    for &c in keep {
        q.set_clue(c, p.clue(c));
    }
    q
}

fn numbered(p: &Puzzle) -> Vec<Cell> {
    p.dims().cells().filter(|&c| p.clue(c).number().is_some()).collect()
}

/// Checks every claim of a complete analysis against the colouring counter.
fn check_against_colouring(p: &Puzzle, a: &Analysis) {
    let text = format::to_text(p);
    match &a.findings {
        Findings::NoSolution { conflict, minimal } => {
            assert_eq!(colour_count(p, 1), 0, "{text}");
            assert!(!conflict.is_empty(), "a board without clues has loops: {text}");
            assert!(conflict.iter().all(|&c| p.clue(c).number().is_some()));
            assert_eq!(colour_count(&only(p, conflict), 1), 0, "the conflict alone has no solution: {text}");
            if *minimal {
                for (i, _) in conflict.iter().enumerate() {
                    let mut rest = conflict.clone();
                    rest.remove(i);
                    assert_eq!(
                        colour_count(&only(p, &rest), 1),
                        1,
                        "{text}: conflict {conflict:?} minus {i}"
                    );
                }
            }
        }
        Findings::Unique { solution, level: l, redundant, unchecked } => {
            assert_eq!(colour_count(p, 2), 1, "{text}");
            assert!(p.is_solution(solution));
            assert_eq!(*l, Some(grade(p, None).unwrap().level));
            assert!(unchecked.is_empty());
            let want: Vec<Cell> =
                numbered(p).into_iter().filter(|&c| colour_count(&without(p, c), 2) == 1).collect();
            assert_eq!(redundant, &want, "{text}");
        }
        Findings::Several { solutions: [a, b], differing, add } => {
            assert_eq!(colour_count(p, 2), 2, "{text}");
            assert!(p.is_solution(a) && p.is_solution(b) && a != b, "{text}");
            let want: Vec<Edge> = p.dims().edges().filter(|&e| a.is_line(e) != b.is_line(e)).collect();
            assert_eq!(differing, &want);
            match add {
                Some(AddClue { cell, clue }) => {
                    assert!(p.clue(*cell).number().is_none() && *clue <= 3);
                    let mut q = p.clone();
                    q.set_clue(*cell, Clue::Number(*clue));
                    assert_ne!(q.is_solution(a), q.is_solution(b), "{text}: the clue tells them apart");
                }
                None => assert!(
                    p.dims()
                        .cells()
                        .all(|c| p.clue(c).number().is_some() || a.sides_on_loop(c) == b.sides_on_loop(c))
                ),
            }
        }
        other => panic!("unexpected findings {other:?}"),
    }
}

#[test]
fn a_zero_alone_is_its_own_conflict() {
    let a = full(&parse("1 1\n0\n"));
    assert_eq!(a.findings, Findings::NoSolution { conflict: vec![Cell::new(0, 0)], minimal: true });
}

#[test]
fn a_zero_beside_a_three_in_a_corner_is_the_conflict_and_a_far_clue_is_not() {
    // The 3 in the corner takes the top, left and bottom sides (the 0 forbids the fourth); its
    // top side then ends at a dot where both other edges are sides of the 0.
    let p = parse("3 3\n3 0 .\n. . .\n. . 1\n");
    let a = full(&p);
    assert_eq!(
        a.findings,
        Findings::NoSolution { conflict: vec![Cell::new(0, 0), Cell::new(0, 1)], minimal: true }
    );
    check_against_colouring(&p, &a);
}

#[test]
fn two_threes_on_a_diagonal_are_ambiguous_and_no_clue_on_the_free_cells_tells_the_two_apart() {
    // 2x2t0:3b3 (the README's example of several solutions): the two loops are mirror images,
    // each with two sides of both free cells.
    let p = parse("2x2t0:3b3");
    let a = full(&p);
    let Findings::Several { solutions: [s, t], differing, add } = &a.findings else { panic!("{a:?}") };
    assert_eq!((s.len(), t.len(), differing.len()), (8, 8, 8));
    assert_eq!(*add, None);
    check_against_colouring(&p, &a);
}

#[test]
fn a_blank_board_is_ambiguous_and_a_clue_to_add_keeps_the_first_loop() {
    let p = parse("2 3\n. . .\n. . .\n");
    let a = full(&p);
    let Findings::Several { solutions: [s, _], add: Some(add), .. } = &a.findings else { panic!("{a:?}") };
    check_against_colouring(&p, &a);
    // The clue is the first loop's count (it is at most 3 here).
    assert_eq!(add.clue as usize, s.sides_on_loop(add.cell));
}

#[test]
fn the_statement_example_is_unique_with_its_level_and_redundant_clues_checked_one_by_one() {
    let p = example("thsl-1.in");
    let a = full(&p);
    let Findings::Unique { solution, level: l, redundant, unchecked } = &a.findings else { panic!("{a:?}") };
    assert_eq!(solver::solve(&p), pencilbox_slither::Verdict::Unique(solution.clone()));
    assert_eq!(*l, Some(grade(&p, None).unwrap().level));
    assert!(unchecked.is_empty());
    // The statement's puzzle is fully clued: most clues can go.
    assert!(redundant.len() > 20, "{redundant:?}");
    for c in numbered(&p) {
        assert_eq!(solver::count(&without(&p, c), 2).found == 1, redundant.contains(&c), "{c}");
    }
}

#[test]
fn one_thread_or_two_give_the_same_findings() {
    let p = example("thsl-1.in");
    assert_eq!(analyze(&p, None, 1).unwrap(), analyze(&p, None, 2).unwrap());
    assert_eq!(analyze(&p, None, 0).unwrap(), analyze(&p, None, 7).unwrap());
}

#[test]
fn a_past_deadline_cuts_the_work_after_the_count_and_says_so() {
    // Propagation alone solves the statement's example (no search node, so no look at the
    // clock); every later test is skipped and listed.
    let p = example("thsl-1.in");
    let a = analyze(&p, Some(Instant::now()), 2).unwrap();
    assert!(!a.complete);
    let Findings::Unique { redundant, unchecked, .. } = &a.findings else { panic!("{a:?}") };
    assert!(redundant.is_empty());
    assert_eq!(unchecked, &numbered(&p));
    // No solution: the conflict returned is all the clues, still without a solution.
    let p = parse("3 3\n3 0 .\n. . .\n. . 1\n");
    let a = analyze(&p, Some(Instant::now()), 2).unwrap();
    assert!(!a.complete);
    assert_eq!(a.findings, Findings::NoSolution { conflict: numbered(&p), minimal: false });
    // A blank board needs search to find even one loop: the count itself is cut.
    assert!(analyze(&Puzzle::blank(Dims::new(6, 6).unwrap()), Some(Instant::now()), 2).is_err());
}

/// A random loop's clues, each kept with probability `keep`, then `changes` clues set at
/// random (often no solution then).
fn puzzle(d: Dims, keep: f64, changes: usize, seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let s: Solution = generate::random_loop(d, &mut rng);
    let mut p = generate::clues_of_loop(&s, |_| rng.random_bool(keep));
    for _ in 0..changes {
        let cell = Cell::new(rng.random_range(0..d.rows()), rng.random_range(0..d.cols()));
        p.set_clue(cell, Clue::Number(rng.random_range(0..4)));
    }
    p
}

/// Every finding on 300 random small puzzles (1x1 to 5x5), against the colouring counter; the
/// sample holds each kind of finding many times, minimal conflicts of more than one clue too.
#[test]
fn findings_agree_with_the_colouring_counter() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let (mut none, mut big_conflicts, mut unique, mut redundant, mut several) = (0, 0, 0, 0, 0);
    for seed in 0..300 {
        let d = Dims::new(rng.random_range(1..=5), rng.random_range(1..=5)).unwrap();
        let p = puzzle(d, rng.random_range(0.2..0.95), rng.random_range(0..3), seed);
        let a = full(&p);
        check_against_colouring(&p, &a);
        match &a.findings {
            Findings::NoSolution { conflict, minimal } => {
                none += 1;
                big_conflicts += usize::from(*minimal && conflict.len() > 1);
            }
            Findings::Unique { redundant: r, .. } => {
                unique += 1;
                redundant += usize::from(!r.is_empty());
            }
            _ => several += 1,
        }
    }
    assert!(
        none >= 60 && big_conflicts >= 50 && unique >= 50 && redundant >= 30 && several >= 40,
        "none {none} (minimal, more than one clue: {big_conflicts}), unique {unique} (some redundant: {redundant}), several {several}"
    );
}
