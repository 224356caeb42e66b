//! Where the exact solver spends its nodes, to choose what to prune next (issue 25, part 2).
//!
//! `cargo run --release -p pencilbox-dots --example solver_profile -- [--coins] [LO HI | 3x4]`
//! solves, on one thread with a fresh 64 MiB table each, the 5×5 positions of the midgame fixture
//! with LO to HI undrawn lines (default 41 to 46), or the empty 3×4 board, with the table keyed
//! on the drawn lines (with `--coins`, on the strings-and-coins graph, an option of the solver, and
//! without the count of distinct keys), and prints summed over them:
//!
//! * nodes by undrawn lines and by phase (some safe line left / no safe line but some box with
//!   three or four undrawn sides / a simple loony endgame), and how many of them could capture;
//! * table probes and the share that ended the node, by undrawn lines;
//! * how many of the distinct keys probed (the first `profile::KEY_SAMPLE` of each position) remain
//!   distinct under two strings-and-coins forms: every chain reduced to its length and the
//!   coins (or the ground) at its ends, the rest kept in place and the whole minimised over the
//!   board's symmetries; and the contracted graph up to isomorphism, estimated from below by a
//!   Weisfeiler–Leman colour refinement (two graphs it cannot tell apart count as one).

use std::collections::HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::Instant;

use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::solver::profile::{Phase, Profile};
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_dots::theory::{Chains, Compact, GROUND, NO_CHAIN, NO_END};
use pencilbox_grid::Dims;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt");

fn parse(lines: &str) -> LineSet {
    lines
        .bytes()
        .enumerate()
        .fold(LineSet::EMPTY, |s, (i, b)| if b == b'1' { LineSet(s.0 | 1 << i) } else { s })
}

/// The undrawn lines that touch no chain or loop, and the chains as (length, end, end), sorted
/// (loops as their length and `NO_END` twice).
type ChainForm = (u128, Vec<(u8, u8, u8)>);

/// The chain form of `drawn`.
fn chain_form(geo: &Geometry, drawn: LineSet) -> ChainForm {
    let chains = Chains::of(&Compact::new(geo, drawn));
    let free = geo
        .undrawn(drawn)
        .iter()
        .filter(|e| chains.chain_of_line[e.0] == NO_CHAIN)
        .fold(0u128, |f, e| f | 1 << e.0);
    let mut parts: Vec<(u8, u8, u8)> = (0..chains.count)
        .map(|c| {
            let [a, b] = chains.ends[c];
            (chains.len[c], a.min(b), a.max(b))
        })
        .collect();
    parts.sort_unstable();
    (free, parts)
}

/// [`chain_form`] minimised over the board's symmetries.
fn symmetric_chain_form(geo: &Geometry, key: LineSet) -> ChainForm {
    (0..geo.num_symmetries()).map(|s| chain_form(geo, geo.transform(s, key))).min().unwrap()
}

fn hash<T: Hash>(t: &T) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

/// A Weisfeiler–Leman invariant of the strings-and-coins graph with chains contracted: coins
/// that are not in a chain or loop, the ground, the free strings between them, and each chain
/// as one edge labelled with its length; loops and ground-to-ground chains as labels alone.
fn graph_invariant(geo: &Geometry, drawn: LineSet) -> u64 {
    let (free, parts) = chain_form(geo, drawn);
    let n = geo.num_boxes() + 1;
    let ground = n - 1;
    let node = |b: u8| if b == GROUND { ground } else { b as usize };
    // (neighbour, label) lists; label 0 for a free string.
    let mut adj: Vec<Vec<(usize, u8)>> = vec![Vec::new(); n];
    let mut alone = Vec::new();
    for e in LineSet(free).iter() {
        let boxes: Vec<usize> = geo.edge_boxes(e).map(|b| b.0 as usize).collect();
        let (a, b) = (boxes[0], if boxes.len() == 2 { boxes[1] } else { ground });
        adj[a].push((b, 0));
        adj[b].push((a, 0));
    }
    for &(len, a, b) in &parts {
        if a == NO_END || (a == GROUND && b == GROUND) {
            alone.push((len, a));
            continue;
        }
        adj[node(a)].push((node(b), len));
        adj[node(b)].push((node(a), len));
    }
    let live: Vec<usize> = (0..n).filter(|&v| v == ground || !adj[v].is_empty()).collect();
    let mut colour: Vec<u64> = (0..n).map(|v| hash(&(v == ground, adj[v].len()))).collect();
    for _ in 0..4 {
        let next: Vec<u64> = (0..n)
            .map(|v| {
                let mut around: Vec<(u8, u64)> = adj[v].iter().map(|&(w, l)| (l, colour[w])).collect();
                around.sort_unstable();
                hash(&(colour[v], around))
            })
            .collect();
        colour = next;
    }
    let mut all: Vec<u64> = live.iter().map(|&v| colour[v]).collect();
    all.sort_unstable();
    alone.sort_unstable();
    hash(&(all, alone))
}

#[derive(Default)]
struct Totals {
    nodes: Vec<[u64; 3]>,
    capturing: Vec<u64>,
    probes: Vec<u64>,
    hits: Vec<u64>,
    cuts: [[u64; 4]; 2],
    /// Distinct keys, chain forms and graph invariants, by phase.
    keys: [u64; 3],
    chain_forms: [u64; 3],
    graphs: [u64; 3],
}

impl Totals {
    /// Adds a solve's counters, and its distinct keys when they are line sets (`keys_are_lines`).
    fn add(&mut self, geo: &Geometry, p: &Profile, keys_are_lines: bool) {
        let grow = |v: &mut Vec<u64>, n: usize| v.resize(v.len().max(n), 0);
        let n = p.nodes.len();
        self.nodes.resize(self.nodes.len().max(n), [0; 3]);
        grow(&mut self.capturing, n);
        grow(&mut self.probes, n);
        grow(&mut self.hits, n);
        for u in 0..n {
            (0..3).for_each(|k| self.nodes[u][k] += p.nodes[u][k]);
            self.capturing[u] += p.capturing[u];
            self.probes[u] += p.probes[u];
            self.hits[u] += p.hits[u];
        }
        for (c, pc) in self.cuts.iter_mut().zip(&p.cuts) {
            c.iter_mut().zip(pc).for_each(|(a, b)| *a += b);
        }
        let mut forms: [HashSet<ChainForm>; 3] = Default::default();
        let mut graphs: [HashSet<u64>; 3] = Default::default();
        for &(key, phase) in p.keys.iter().filter(|_| keys_are_lines) {
            let k = phase as usize;
            self.keys[k] += 1;
            forms[k].insert(symmetric_chain_form(geo, LineSet(key)));
            graphs[k].insert(graph_invariant(geo, LineSet(key)));
        }
        (0..3).for_each(|k| {
            self.chain_forms[k] += forms[k].len() as u64;
            self.graphs[k] += graphs[k].len() as u64;
        });
    }

    fn print(&self) {
        println!("undrawn      safe    no-safe     simple  capturing     probes  hit%");
        for u in (0..self.nodes.len()).rev() {
            let row = self.nodes[u];
            if row.iter().sum::<u64>() + self.probes[u] == 0 {
                continue;
            }
            let rate = 100.0 * self.hits[u] as f64 / self.probes[u].max(1) as f64;
            println!(
                "{u:>7} {:>10} {:>10} {:>10} {:>10} {:>10} {rate:>5.1}",
                row[0], row[1], row[2], self.capturing[u], self.probes[u]
            );
        }
        let sum = |k: usize| self.nodes.iter().map(|r| r[k]).sum::<u64>();
        let (probes, hits) = (self.probes.iter().sum::<u64>(), self.hits.iter().sum::<u64>());
        println!(
            "total   {:>10} {:>10} {:>10} {:>10} {probes:>10} {:>5.1}",
            sum(0),
            sum(1),
            sum(2),
            self.capturing.iter().sum::<u64>(),
            100.0 * hits as f64 / probes.max(1) as f64
        );
        for (capturing, cuts) in ["quiet", "capturing"].iter().zip(&self.cuts) {
            println!("cutoffs at {capturing} nodes by the 1st / 2nd / 3rd / later move: {cuts:?}");
        }
        println!("distinct keys probed, by phase: keys / chain forms / graphs up to WL");
        for phase in Phase::ALL {
            let k = phase as usize;
            println!(
                "{phase:?}: {} / {} ({:.1}%) / {} ({:.1}%)",
                self.keys[k],
                self.chain_forms[k],
                100.0 * self.chain_forms[k] as f64 / self.keys[k].max(1) as f64,
                self.graphs[k],
                100.0 * self.graphs[k] as f64 / self.keys[k].max(1) as f64
            );
        }
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let coins = args.first().is_some_and(|a| a == "--coins");
    if coins {
        args.remove(0);
    }
    let mut positions: Vec<(Dims, LineSet)> = Vec::new();
    if args.first().map(String::as_str) == Some("3x4") {
        positions.push((Dims::new(3, 4).unwrap(), LineSet::EMPTY));
    } else {
        let n = |i: usize, d: u32| args.get(i).map_or(d, |a| a.parse().expect("a number of lines"));
        let (lo, hi) = (n(0, 41), n(1, 46));
        let text = std::fs::read_to_string(FIXTURE).expect("the midgame fixture");
        for line in text.lines().filter(|l| l.starts_with("5x5 ")) {
            let lines = line.split(' ').nth(1).expect("a line string");
            let undrawn = lines.bytes().filter(|&b| b == b'0').count() as u32;
            if (lo..=hi).contains(&undrawn) {
                positions.push((Dims::new(5, 5).unwrap(), parse(lines)));
            }
        }
    }
    let mut totals = Totals::default();
    let start = Instant::now();
    for (dims, drawn) in positions {
        let geo = Geometry::new(dims).unwrap();
        let mut solver = Solver::new(geo.clone(), TableSize::Mib(64));
        solver.set_coin_keys(coins);
        solver.set_profile(true);
        let t = Instant::now();
        let v = solver.value(drawn).unwrap();
        println!(
            "{dims} undrawn {} value {v:>3} nodes {:>11} in {:.2?}",
            geo.undrawn(drawn).count(),
            solver.stats().nodes,
            t.elapsed()
        );
        totals.add(&geo, solver.profile().expect("profiled"), !coins);
    }
    totals.print();
    println!("in {:.2?}", start.elapsed());
}
