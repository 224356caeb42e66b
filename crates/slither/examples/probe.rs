//! Debug helper: node counts and time for one corpus puzzle.
use pencilbox_slither::{format, solver};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let e = &json["data"][&args[2]];
    let p = &format::parse(e["problem"].as_str().unwrap()).unwrap().puzzles[0];
    let max: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    let t = std::time::Instant::now();
    match solver::count_within(p, 2, solver::Budget { max_nodes: Some(max), deadline: None }) {
        Ok(c) => println!("found {} nodes {} in {:?}", c.found, c.nodes, t.elapsed()),
        Err(e) => println!("{e}: over {max} nodes, {:?}", t.elapsed()),
    }
}
