//! The Rust half of the boundary benchmark (python/bench/boundary.py): the same work as a
//! binding's call, in process, without Python: `cargo run --release -p pencilbox-python --example
//! boundary -- CASE SECONDS INPUT...` repeats the call for about SECONDS and prints the calls per
//! second. Each case parses its input and calls the engine as the binding does, so that the
//! difference to the Python figure is the boundary: the call, the conversions, the wrapper.

use std::hint::black_box;
use std::time::{Duration, Instant};

use pencilbox_dots::analysis::{self, Options};
use pencilbox_dots::endgame;
use pencilbox_dots::format::{Format, read};
use pencilbox_dots::solver::TableSize;
use pencilbox_grid::Dims;
use rand::SeedableRng;

fn dots_position(args: &[String]) -> pencilbox_dots::board::Position {
    let dims = Dims::new(args[1].parse().unwrap(), args[2].parse().unwrap()).unwrap();
    read(&args[0], Format::Openspiel, Some(dims)).unwrap()
}

/// The call of case `name` on `args`, as a closure to repeat.
fn case(name: &str, args: Vec<String>) -> Box<dyn FnMut()> {
    match name {
        "dots-endgame" => Box::new(move || {
            let parts = endgame::decompose(&dots_position(&args)).unwrap();
            black_box(endgame::value(&parts));
        }),
        "dots-solve" => Box::new(move || {
            let options = Options::exact(TableSize::Mib(1024));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            black_box(analysis::analyse(&dots_position(&args), options, &mut rng).unwrap());
        }),
        "slither-solve" => Box::new(move || {
            let input = pencilbox_slither::format::parse(&args[0]).unwrap();
            let budget = pencilbox_slither::solver::Budget { max_nodes: None, deadline: None };
            let verdict = pencilbox_slither::solver::solve_within(&input.puzzles[0], budget).unwrap();
            let edges: Option<Vec<usize>> = match &verdict {
                pencilbox_slither::Verdict::Unique(s) | pencilbox_slither::Verdict::Multiple(s) => {
                    Some(s.edges().map(|e| e.index()).collect())
                }
                pencilbox_slither::Verdict::NoSolution => None,
            };
            black_box((verdict.name(), edges));
        }),
        "islands-legal-moves" => Box::new(move || {
            let board: pencilbox_islands::Board = args[0].parse().unwrap();
            // The binding's form: the moves' cells one after the other, and where each ends.
            let (mut cells, mut ends) = (Vec::new(), Vec::new());
            let _ = pencilbox_islands::for_each_legal_move(&board, |m| {
                cells.extend_from_slice(m.cells());
                ends.push(cells.len());
                std::ops::ControlFlow::<()>::Continue(())
            });
            black_box((cells, ends));
        }),
        other => panic!("no case {other}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, seconds, input @ ..] = args.as_slice() else {
        panic!("usage: boundary CASE SECONDS INPUT...");
    };
    let budget = Duration::from_secs_f64(seconds.parse().unwrap());
    let mut call = case(name, input.to_vec());
    call();
    let (start, mut calls) = (Instant::now(), 0u64);
    while start.elapsed() < budget {
        call();
        calls += 1;
    }
    println!("{:.1}", calls as f64 / start.elapsed().as_secs_f64());
}
