//! Measures the large-board search ([`pencilbox_dots::mcts::large`], the strong level's search
//! beyond the solver) where its moves can be checked: on the midgame fixture's 5×5 positions
//! (`tests/fixtures/midgame-5x5.txt`, exact values of every move), it searches each position as
//! it would a 10×10 one, without the solver, for `--time-ms` on one thread, and scores the move
//! against the exact values. Beside it, what a uniformly random safe line scores: a search no
//! better than that is not searching the midgame.
//!
//! ```text
//! cargo run --release -p pencilbox-dots --example large_midgame -- --time-ms 200 --runs 2
//! ```
//!
//! Prints the share of value-optimal moves and the mean loss, the random safe line's, how the
//! search's playouts spread over the root's moves (the chosen move's playouts, the root's moves),
//! and how honest its estimates are: of the root's moves with an estimate (not too thin, not
//! exact), the share whose exact value lies within one and two standard errors of it, and the
//! mean error (estimate minus exact value); the same for the position's value.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use pencilbox_dots::board::{Position, Score};
use pencilbox_dots::compact::Geometry;
use pencilbox_dots::mcts::{Search, large};
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_dots::theory::View;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[path = "support/fixture.rs"]
mod fixture;
use fixture::FIXTURE;

#[derive(Debug, Parser)]
struct Args {
    /// Search time per position, in milliseconds.
    #[arg(long, default_value_t = 200)]
    time_ms: u64,
    /// The fixture of positions with their exact move values.
    #[arg(long, default_value = FIXTURE)]
    fixture: PathBuf,
    /// Base seed: run r, position i uses seed + r * 1000 + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search on the compact form with the exact solver instead (the strong level's search on
    /// boards of at most 128 lines, a table of 64 MiB), for its estimates' figures.
    #[arg(long)]
    solver: bool,
    /// Searches per position (their figures are pooled).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    runs: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let set = fixture::read(&args.fixture)?;
    let (mut optimal, mut loss, mut n) = (0u32, 0.0f64, 0u32);
    let (mut random_optimal, mut random_loss) = (0.0f64, 0.0f64);
    let (mut chosen_visits, mut root_moves, mut playouts) = (0u64, 0u64, 0u64);
    let (mut moves_seen, mut positions_seen) = (Coverage::default(), Coverage::default());
    for run in 0..args.runs {
        for (i, m) in set.iter().enumerate() {
            let position = Position::from_lines(m.dims, m.drawn.iter())?;
            let mut rng = ChaCha8Rng::seed_from_u64(args.seed + run * 1000 + i as u64);
            let deadline = Instant::now() + Duration::from_millis(args.time_ms);
            let e = if args.solver {
                let geo = Geometry::new(m.dims)?;
                let mut solver = Solver::new(geo.clone(), TableSize::Mib(64));
                Search::new(&geo, Some(&mut solver), &mut rng, deadline).run(m.drawn)
            } else {
                large::search(&position, 1, &mut rng, deadline, None)
            };
            let lost = m.loss(e.line).with_context(|| format!("position {i}: an illegal move"))?;
            optimal += u32::from(lost == 0);
            loss += f64::from(lost);
            n += 1;
            if let Some(se) = e.std_error {
                positions_seen.add(e.value, f64::from(m.value), se);
            }
            for x in e.moves.iter().filter(|x| !x.exact) {
                let exact = m.moves.iter().find(|&&(l, _)| l == x.line).map(|&(_, v)| f64::from(v));
                if let (Some(se), Some(exact)) = (x.std_error, exact) {
                    moves_seen.add(x.corrected, exact, se);
                }
            }
            chosen_visits += u64::from(e.moves.iter().find(|x| x.line == e.line).map_or(0, |x| x.visits));
            root_moves += e.moves.len() as u64;
            playouts += u64::from(e.playouts);
            let safe_lines: Vec<_> = position.safe_lines().collect();
            let safe: Vec<Score> =
                m.moves.iter().filter(|(l, _)| safe_lines.contains(l)).map(|&(_, v)| v).collect();
            let k = safe.len().max(1) as f64;
            random_optimal += safe.iter().filter(|&&v| v == m.value).count() as f64 / k;
            random_loss += safe.iter().map(|&v| f64::from(m.value - v)).sum::<f64>() / k;
        }
    }
    let n = f64::from(n);
    println!(
        "{} search, {} ms, {} positions x {} runs: value-optimal {:.1}%, mean loss {:.2}",
        if args.solver { "compact" } else { "large" },
        args.time_ms,
        set.len(),
        args.runs,
        100.0 * f64::from(optimal) / n,
        loss / n
    );
    println!(
        "a random safe line: value-optimal {:.1}%, mean loss {:.2}",
        100.0 * random_optimal / n,
        random_loss / n
    );
    println!(
        "mean playouts {:.0}, root moves {:.1}, playouts through the chosen move {:.0}",
        playouts as f64 / n,
        root_moves as f64 / n,
        chosen_visits as f64 / n
    );
    println!("root moves estimated: {}", moves_seen.summary());
    println!("positions estimated: {} of {n}", positions_seen.summary());
    Ok(())
}

/// How estimates with standard errors compare with the exact values.
#[derive(Debug, Default)]
struct Coverage {
    n: u32,
    within_one: u32,
    within_two: u32,
    error: f64,
    std_error: f64,
}

impl Coverage {
    fn add(&mut self, estimate: f64, exact: f64, se: f64) {
        let off = (estimate - exact).abs();
        self.n += 1;
        self.within_one += u32::from(off <= se);
        self.within_two += u32::from(off <= 2.0 * se);
        self.error += estimate - exact;
        self.std_error += se;
    }

    fn summary(&self) -> String {
        let n = f64::from(self.n.max(1));
        format!(
            "{}, the exact value within 1 SE {:.1}%, within 2 SE {:.1}%, mean error {:+.2}, mean SE {:.2}",
            self.n,
            100.0 * f64::from(self.within_one) / n,
            100.0 * f64::from(self.within_two) / n,
            self.error / n,
            self.std_error / n
        )
    }
}
