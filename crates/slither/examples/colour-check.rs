//! Settles uniqueness independently of the solver: counts the solutions of corpus puzzles (up
//! to 2) by the inside/outside colouring search of `tests/support/colouring.rs`, and compares
//! with the solver.
//!
//! ```text
//! cargo run --release -p pencilbox-slither --example colour-check -- ../shared/data/slitherlink/janko-1176.json [MAX_NODES] [NAME...]
//! ```
//! Without names, every puzzle is checked (each within the node budget, default 10^8).

#[path = "../tests/support/colouring.rs"]
mod colouring;

use pencilbox_slither::{Solution, Verdict, format, solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).cloned().unwrap_or_else(|| "../shared/data/slitherlink/janko-1176.json".into());
    let max_nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000_000);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let data = json["data"].as_object().unwrap();
    let mut names: Vec<&String> = data.keys().collect();
    if args.len() > 3 {
        names.retain(|n| args[3..].contains(n));
    }
    let (mut agree, mut disagree, mut open) = (0, 0, 0);
    for name in names {
        let p = &format::parse(data[name]["problem"].as_str().unwrap()).unwrap().puzzles[0];
        let t = std::time::Instant::now();
        let c = colouring::count_by_colouring(p, 2, max_nodes);
        let elapsed = t.elapsed();
        let ours = match solver::solve(p) {
            Verdict::NoSolution => 0,
            Verdict::Unique(s) => {
                // The corpus grid (its first ROWS lines: the two malformed entries add trailing
                // text) must be our solution.
                let d = p.dims();
                let text = data[name]["solution"].as_str().unwrap_or("");
                let inside: Vec<bool> = text
                    .lines()
                    .skip(1)
                    .take(d.rows())
                    .flat_map(|l| l.split_whitespace())
                    .map(|t| t == "x")
                    .collect();
                if inside.len() == d.num_cells() && Solution::from_inside(d, &inside) != s {
                    println!("{name}: solver's solution differs from the corpus grid");
                }
                1
            }
            Verdict::Multiple(_) => 2,
        };
        let verdict = if c.aborted {
            open += 1;
            "OPEN"
        } else if c.found == ours {
            agree += 1;
            "agree"
        } else {
            disagree += 1;
            "DISAGREE"
        };
        println!(
            "{name}: colouring {}{} ({} nodes, {elapsed:.2?}), solver {ours}: {verdict}",
            c.found,
            if c.aborted { "+?" } else { "" },
            c.nodes
        );
    }
    println!("agree {agree}, disagree {disagree}, open (budget) {open}");
}
