//! What each stronger rule is worth: how many corpus puzzles deduction alone solves with every
//! rule, and with each stronger rule left out.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example ablate -- ../shared/data/slitherlink/janko-1176.json
//! ```

use pencilbox_slither::deduce::{Deducer, Outcome, Rule};
use pencilbox_slither::format;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let puzzles: Vec<_> = json["data"]
        .as_object()
        .unwrap()
        .values()
        .map(|e| format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles.remove(0))
        .collect();
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
