use pencilbox_slither::deduce::{Deducer, Outcome, Rule};
use pencilbox_slither::format;
fn main() {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("../shared/data/slitherlink/janko-1176.json").unwrap())
            .unwrap();
    let ps: Vec<_> = json["data"]
        .as_object()
        .unwrap()
        .values()
        .map(|e| format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles.remove(0))
        .collect();
    for drop in [
        None,
        Some(Rule::NoPrematureLoop),
        Some(Rule::CutParity),
        Some(Rule::CornerPairs),
        Some(Rule::Colouring),
    ] {
        let rules: Vec<Rule> = Rule::ALL.iter().copied().filter(|&r| Some(r) != drop).collect();
        let n = ps.iter().filter(|p| Deducer::new(p).run_quietly(&rules) == Outcome::Solved).count();
        println!("without {drop:?}: {n}");
    }
}
