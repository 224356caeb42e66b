//! Grades of every corpus puzzle, checking every deduction step against the corpus solution.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example grades -- ../shared/data/slitherlink/janko-1176.json
//! ```

use std::collections::BTreeMap;

use pencilbox_slither::deduce::{self, Deducer, Rule};
use pencilbox_slither::{EdgeState, Verdict, format, solver};

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut grades = BTreeMap::new();
    let start = std::time::Instant::now();
    for (name, e) in json["data"].as_object().unwrap() {
        let p = &format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles[0];
        let Verdict::Unique(s) = solver::solve(p) else { continue };
        let mut deducer = Deducer::new(p);
        deducer.run(Rule::ALL, |st| {
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
        *grades.entry(deduce::grade(p)).or_insert(0) += 1;
    }
    println!("{grades:?} in {:?}", start.elapsed());
}
