//! Difficulty levels: small puzzles of every level with the reason checked by hand, the owned
//! fixture's generated puzzles of every level (their stored level, and the port of Loopy's
//! solver on them), monotonicity on random puzzles, and the level names. Loopy's own levels on
//! the benchmark corpus are checked by the opt-in corpus suite (tests/corpus).

#[path = "support/fixtures.rs"]
mod fixtures;

use pencilbox_grid::{Dims, Named};
use pencilbox_slither::level::{self, GradeError, Level};
use pencilbox_slither::loopy::{self, LoopyLevel, LoopyOutcome};
use pencilbox_slither::{Clue, EdgeState, Puzzle, Verdict, format, generate, solver};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Small puzzles (Loopy game IDs), their level, and their solution as `slither solve --output
/// grid` draws it. Each was found by grading random puzzles; the comment says why the level
/// below is stuck and what the level adds.
const PUZZLES: &[(&str, Level, &str)] = &[
    // Counts alone: the 0s cross their sides, the 3s then have only three open sides, and the
    // dots and the loop rule do the rest.
    (
        "4x4t0:a3d03a0c1a3",
        Level::Easy,
        "+-+ +-+ .\n| |3| |  \n+ +-+ +-+\n|    0 3|\n+ . . +-+\n|  0  |  \n+ . . +-+\n|  1   3|\n+-+-+-+-+\n",
    ),
    // Easy stops with the line along the top ending at dot (0, 2), both of whose ways on are
    // sides of the 1 at (0, 2). Normal knows exactly one of them is a line (a dot with one line
    // and two open edges), so the 1's other two sides are crossed, which finishes it.
    (
        "4x4t0:b1a10a1a0c3a3",
        Level::Normal,
        "+-+-+-+-+\n|    1  |\n+ . . . +\n|1 0   1|\n+ . . . +\n|  0    |\n+-+ +-+ +\n  |3| |3|\n. +-+ +-+\n",
    ),
    // Normal only crosses the sides of the 0s. Tricky learns pair facts from a clue: a 3 has
    // a line in every two adjacent sides, so at the dot below-right of the 3 at (1, 3), whose
    // third edge is crossed (the 0 at (3, 3) leaves it a dead end), both sides are lines.
    (
        "4x4t0:3a3d3a0c2a0",
        Level::Tricky,
        "+-+ +-+ .\n|3| |3|  \n+ +-+ +-+\n|      3|\n+ . . +-+\n|  0  |  \n+ . +-+ .\n|  2|  0 \n+-+-+ . .\n",
    ),
    // Tricky stops with the left column open; the parity of the lines around the 3 at (2, 0)
    // and the dots beside it relate the open edges (equal or opposite), which decides them.
    (
        "4x4t0:a1c0a23b2c0",
        Level::Hard,
        "+-+-+-+-+\n|  1    |\n+ . . . +\n|  0   2|\n+-+ . +-+\n 3|   |2 \n+-+ +-+ .\n|   |  0 \n+-+-+ . .\n",
    ),
    // Five clues: Loopy's deductions leave most of the board open; the inside/outside
    // colouring and connectivity rules solve it without trial.
    (
        "4x4t0:d1e2a1a32",
        Level::Expert,
        "+-+-+-+-+\n|       |\n+ . +-+ +\n|1  | | |\n+ +-+ + +\n| |  2| |\n+-+ +-+ +\n 1  |3 2|\n. . +-+-+\n",
    ),
    // Every deduction is stuck; one refuted assumption (a line that leads to a contradiction
    // by deductions alone) unlocks the rest.
    (
        "4x4t0:2b312e3d",
        Level::Trial(1),
        "+-+-+-+-+\n|2     3|\n+ . +-+-+\n|1 2|    \n+ +-+ +-+\n| |   |3|\n+ +-+-+ +\n|       |\n+-+-+-+-+\n",
    ),
    // No single assumption leads to a contradiction by deductions alone; one needs a second,
    // nested assumption.
    (
        "6x6t0:a1b22a01c1a0b1b2g2221a2a3",
        Level::Trial(2),
        "+-+-+-+ +-+-+\n|  1  | |2 2|\n+ . . + + . +\n|  0 1| |   |\n+ . . +-+ . +\n|1   0     1|\n+ . . +-+ . +\n|    2| |   |\n+ . +-+ +-+-+\n|   |    2 2 \n+ . +-+-+-+-+\n|2 1   2   3|\n+-+-+-+-+-+-+\n",
    ),
];

fn puzzle(id: &str) -> Puzzle {
    format::parse(id).unwrap().puzzles.remove(0)
}

/// The level just below `l`.
fn below(l: Level) -> Option<Level> {
    match l {
        Level::Easy => None,
        Level::Normal => Some(Level::Easy),
        Level::Tricky => Some(Level::Normal),
        Level::Hard => Some(Level::Tricky),
        Level::Expert => Some(Level::Hard),
        Level::Trial(1) => Some(Level::Expert),
        Level::Trial(k) => Some(Level::Trial(k - 1)),
    }
}

#[test]
fn small_puzzles_have_their_levels() {
    for &(id, want, picture) in PUZZLES {
        let p = puzzle(id);
        let Verdict::Unique(s) = solver::solve(&p) else { panic!("{id}: not unique") };
        assert_eq!(format::grid(&p, Some(&s)), picture, "{id}");
        let g = level::grade(&p, None).unwrap();
        assert_eq!(g.level, want, "{id}");
        assert!(g.steps >= g.score && g.score >= 1, "{id}: {g:?}");
        assert!(level::solves_at(&p, want, None).unwrap(), "{id}");
        if let Some(b) = below(want) {
            assert!(!level::solves_at(&p, b, None).unwrap(), "{id} is solved at {b}");
        }
    }
}

#[test]
fn puzzles_without_one_solution_have_no_level() {
    // Two solutions: the loop around either 1×2 half of a 2×2 board... or the whole board.
    let p = puzzle("2x2t0:d");
    assert_eq!(level::grade(&p, None), Err(GradeError::NotUnique));
    // A 0 next to a 3 on a 1×2 board: no loop at all.
    let p = format::parse("1 2\n0 3\n").unwrap().puzzles.remove(0);
    assert_eq!(level::grade(&p, None), Err(GradeError::NoSolution));
}

/// Every fixture puzzle has its stored level: the level's techniques solve it and those of
/// the level below do not.
#[test]
fn fixture_puzzles_have_their_stored_levels() {
    for f in fixtures::load() {
        let g = level::grade(&f.puzzle, None).unwrap();
        assert_eq!(g.level, f.level, "{}", f.name);
        assert!(g.steps >= 1 && g.score >= 1, "{}: {g:?}", f.name);
        if let Some(b) = below(f.level) {
            assert!(!level::solves_at(&f.puzzle, b, None).unwrap(), "{} is solved at {b}", f.name);
        }
    }
}

/// The port of Loopy's solver grades each fixture puzzle at the stored level up to hard (the
/// levels that are Loopy's), and finds the others beyond hard; every edge it decides at Hard is
/// the solution's.
#[test]
fn loopy_levels_and_deductions_agree_with_the_fixture() {
    for f in fixtures::load() {
        assert_eq!(loopy::grade(&f.puzzle), f.level.loopy(), "{}", f.name);
        let hard = loopy::solve(&f.puzzle, LoopyLevel::Hard);
        assert_ne!(hard.outcome, LoopyOutcome::Contradiction, "{}", f.name);
        for (e, &st) in f.puzzle.dims().edges().zip(&hard.states) {
            let agrees = st == EdgeState::Unknown || (st == EdgeState::Line) == f.solution.is_line(e);
            assert!(agrees, "{}: {e:?}", f.name);
        }
    }
}

/// A random unique puzzle: a random loop's clues, each kept with probability `keep`/8.
fn random_puzzle(d: Dims, keep: u32, seed: u64) -> Option<Puzzle> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let s = generate::random_loop(d, &mut rng);
    let p = generate::clues_of_loop(&s, |_| rand::Rng::random_ratio(&mut rng, keep, 8));
    (solver::count(&p, 2).found == 1).then_some(p)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// A puzzle solved at a level is solved at every higher level, and the grade is the first
    /// level that solves it.
    #[test]
    fn levels_are_monotone(r in 3usize..=6, c in 3usize..=6, keep in 3u32..=7, seed in any::<u64>()) {
        let Some(p) = random_puzzle(Dims::new(r, c).unwrap(), keep, seed) else { return Ok(()) };
        let g = level::grade(&p, None).unwrap();
        for &l in Level::ALL {
            prop_assert_eq!(level::solves_at(&p, l, None).unwrap(), l >= g.level, "{} at {}", format::to_loopy(&p), l);
        }
    }
}

#[test]
fn level_names_parse_and_print() {
    let names: Vec<&str> = Level::names().collect();
    assert_eq!(names, ["easy", "normal", "tricky", "hard", "expert", "trial-1", "trial-2"]);
    for &l in Level::ALL.iter().chain(&[Level::Trial(3), Level::Trial(12)]) {
        assert_eq!(l.to_string().parse::<Level>(), Ok(l));
    }
    assert_eq!(" Tricky ".parse::<Level>(), Ok(Level::Tricky));
    assert_eq!("TRIAL-2".parse::<Level>(), Ok(Level::Trial(2)));
    for bad in ["search", "trial-0", "trial-", "trial-x", "trial-+1", "trial-300", ""] {
        let err = bad.parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "unknown level {:?}: expected easy, normal, tricky, hard, expert or trial-N (N = 1, 2, ...)",
                bad.trim()
            )
        );
    }
    // Loopy's own four, for the port.
    assert_eq!(LoopyLevel::names().collect::<Vec<_>>(), ["easy", "normal", "tricky", "hard"]);
    assert_eq!(format!("[{:>7}]", Level::Trial(1)), "[trial-1]");
    assert_eq!(format!("[{:<6}]", Level::Easy), "[easy  ]");
}

#[test]
fn a_blank_clue_differs_from_an_unknown_one_for_no_level() {
    // A hidden number (`?`) constrains nothing, like a blank.
    let mut p = puzzle("4x4t0:a3d03a0c1a3");
    let before = level::grade(&p, None).unwrap();
    let blank = p.dims().cells().find(|&c| p.clue(c) == Clue::Blank).unwrap();
    p.set_clue(blank, Clue::Unknown);
    assert_eq!(level::grade(&p, None).unwrap(), before);
}

/// A deadline already past stops the grading before any of Loopy's levels has run, even on a
/// puzzle that Loopy's easiest level solves (its solver reads the clock before every pass):
/// `grade` gives up rather than answer late.
#[test]
fn grading_gives_up_at_its_deadline() {
    let (ps, _) =
        format::parse_text(include_str!("../../../examples/slither/thsl-1.in")).expect("the example");
    let p = &ps[0];
    assert_eq!(level::grade(p, None).map(|g| g.level), Ok(Level::Easy));
    let past = Some(std::time::Instant::now());
    assert_eq!(level::grade_unique(p, past), Err(GradeError::OutOfTime(pencilbox_grid::OutOfTime)));
    assert_eq!(level::solves_at(p, Level::Easy, past), Err(pencilbox_grid::OutOfTime));
    assert_eq!(
        loopy::solve_within(p, LoopyLevel::Easy, past).map(|s| s.outcome),
        Err(pencilbox_grid::OutOfTime)
    );
}
