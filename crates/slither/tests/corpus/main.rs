//! The opt-in corpus suite: checks on the benchmark corpus (`janko-1176.json`, 1176 hand-made
//! puzzles up to 60x60, and Loopy's own levels in `loopy-levels.tsv`), which lives outside the
//! repository. The default suite makes the same checks on the owned fixture; these add the
//! corpus's size and variety, its solutions and Loopy's real levels. Built only with the
//! `corpus` feature, and reading the folder that `PENCILBOX_CORPUS` names; asked for and
//! missing, every test fails with a message naming the path:
//!
//! ```text
//! PENCILBOX_CORPUS=/path/to/slitherlink cargo test -p pencilbox-slither --features corpus --test corpus
//! bash scripts/test.sh --corpus /path/to/slitherlink   # the default suite, then this one
//! ```

#[path = "../support/colouring.rs"]
mod colouring;
#[path = "../support/play.rs"]
mod play;

mod colour;
mod hints;
mod levels;
mod solve;

use std::sync::OnceLock;

use pencilbox_slither::{Solution, Verdict, solver};
use pencilbox_slither_corpus::{Entry, Location};

/// Where `PENCILBOX_CORPUS` says the corpus is; panics with the reason when it is not set.
fn location() -> Location {
    Location::from_env().unwrap_or_else(|e| panic!("{e}"))
}

/// Every corpus puzzle, sorted by name, read once; panics, naming the path, when the corpus is
/// missing or malformed.
fn corpus() -> &'static [Entry] {
    static CORPUS: OnceLock<Vec<Entry>> = OnceLock::new();
    CORPUS.get_or_init(|| location().puzzles().unwrap_or_else(|e| panic!("{e}")))
}

/// The solver's unique solution, which must be the corpus solution when the corpus has one;
/// `None` for the one puzzle with several solutions.
fn unique_solution(e: &Entry) -> Option<Solution> {
    match solver::solve(&e.puzzle) {
        Verdict::Unique(s) => {
            assert!(e.puzzle.is_solution(&s), "{}", e.name);
            if let Some(expected) = &e.solution {
                assert_eq!(&s, expected, "{}: differs from the corpus solution", e.name);
            }
            Some(s)
        }
        Verdict::Multiple(_) => {
            assert_eq!(e.name, pencilbox_slither_corpus::NOT_UNIQUE, "the one puzzle with several solutions");
            None
        }
        Verdict::NoSolution => panic!("{}: no solution", e.name),
    }
}
