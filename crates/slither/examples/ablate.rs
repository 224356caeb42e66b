//! What each stronger rule is worth: how many corpus puzzles deduction alone solves with every
//! rule, and with each stronger rule left out.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example ablate -- [CORPUS]
//! ```
//!
//! CORPUS is a path to the corpus folder (or its `janko-1176.json`); without it, the folder
//! `PENCILBOX_CORPUS` names.

use pencilbox_slither::deduce::{Deducer, Outcome, Rule};
use pencilbox_slither_corpus::{Location, or_exit};

fn main() {
    let (corpus, _) = Location::from_args();
    let puzzles: Vec<_> = or_exit(corpus.puzzles()).into_iter().map(|e| e.puzzle).collect();
    let stronger = &Rule::ALL[Rule::STANDARD.len()..];
    for drop in std::iter::once(None).chain(stronger.iter().copied().map(Some)) {
        let rules: Vec<Rule> = Rule::ALL.iter().copied().filter(|&r| Some(r) != drop).collect();
        let solved =
            puzzles.iter().filter(|p| Deducer::new(p).run_quietly(&rules) == Outcome::Solved).count();
        match drop {
            None => println!("every rule: {solved} solved"),
            Some(r) => println!("without {r}: {solved} solved"),
        }
    }
}
