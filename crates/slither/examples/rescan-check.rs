//! The incremental deduction against the exhaustive-rescan reference on corpus puzzles of at
//! most `MAX_CELLS` cells (default 100): both must end in the same state.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example rescan-check -- ../shared/data/slitherlink/janko-1176.json [MAX_CELLS]
//! ```

use pencilbox_slither::deduce::{Deducer, Rule};
use pencilbox_slither::format;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let max_cells: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let (mut same, mut differ) = (0, 0);
    for (name, e) in json["data"].as_object().unwrap() {
        let p = &format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles[0];
        if p.dims().num_cells() > max_cells {
            continue;
        }
        let (mut fast, mut slow) = (Deducer::new(p), Deducer::new(p));
        let outcome = (fast.run_quietly(Rule::ALL), slow.run_exhaustively(Rule::ALL));
        if outcome.0 == outcome.1 && p.dims().edges().all(|e| fast.state(e) == slow.state(e)) {
            same += 1;
        } else {
            differ += 1;
            println!("{name}: incremental {:?}, exhaustive {:?}", outcome.0, outcome.1);
        }
    }
    println!("same {same}, different {differ}");
}
