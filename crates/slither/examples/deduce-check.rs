//! Every deduction step on every corpus puzzle, checked against the corpus solution (the rules
//! are sound), and how many puzzles the deduce engine's rules solve alone. The levels of the
//! corpus are the `levels` example's.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example deduce-check -- ../shared/data/slitherlink/janko-1176.json
//! ```

use pencilbox_slither::deduce::{Deducer, Outcome, Rule};
use pencilbox_slither::{EdgeState, Verdict, format, solver};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut unique, mut solved) = (0, 0);
    let start = std::time::Instant::now();
    for (name, e) in json["data"].as_object().unwrap() {
        let p = &format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles[0];
        let Verdict::Unique(s) = solver::solve(p) else { continue };
        unique += 1;
        let mut deducer = Deducer::new(p);
        let outcome = deducer.run(Rule::ALL, |st| {
            for &(e, state) in &st.fixed {
                assert_eq!(
                    state == EdgeState::Line,
                    s.is_line(e),
                    "{name}: unsound step {} at {}",
                    st.rule,
                    st.at
                );
            }
        });
        assert!(deducer.knowledge_holds(&s), "{name}: a pair state or colour relation fails");
        solved += usize::from(outcome == Outcome::Solved);
    }
    println!(
        "every step sound; the rules solve {solved} of {unique} unique puzzles, in {:?}",
        start.elapsed()
    );
}
