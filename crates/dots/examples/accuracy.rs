//! Measures how well a playing level chooses its moves in the midgame: for each position of the
//! fixture (`tests/fixtures/midgame-5x5.txt`, exact values of every move), a fresh [`Bot`] of the
//! level is asked for a move with `--time-ms` to think, and the move is scored against the exact
//! values: its loss is the position's value minus the move's value.
//!
//! ```text
//! cargo run --release -p pencilbox-dots --example accuracy -- --level strong --time-ms 1000
//! ```
//!
//! Prints one line per position, then the share of value-optimal choices, the mean and largest
//! loss and the longest thinking time (`--json`: the same as one JSON object). A fresh bot per
//! position keeps the positions independent of each other and of their order; it is built before
//! the clock starts, and its table is allocated by its first solve, within its time, as in a game.
//! Position `i` gets the random generator seeded `seed + i`; `--runs K` plays the fixture K times
//! with seeds `seed` to `seed + K - 1` and pools them. Exits with an error if a level plays a line
//! that is not a legal move.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use pencilbox_dots::board::{Line, Position};
use pencilbox_dots::bot::{Bot, Level};
use pencilbox_dots::compact::Geometry;
use pencilbox_dots::solver::{Score, TableSize};
use pencilbox_dots::theory::{Compact, View};
use pencilbox_grid::{Dims, Edge};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use pencilbox_dots::test_set::Valued;

#[path = "support/fixture.rs"]
mod fixture;
use fixture::FIXTURE;

/// A move is over its budget when it takes this much longer than the deadline allows.
const SLACK: Duration = Duration::from_millis(50);

#[derive(Debug, Parser)]
struct Args {
    /// The level to measure, by its name in the engine (`pencilbox_dots::bot::Level`).
    #[arg(long, default_value = "strong")]
    level: Level,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// The fixture of positions with their exact move values.
    #[arg(long, default_value = FIXTURE)]
    fixture: PathBuf,
    /// Base seed of the bots' random choices: position i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play the fixture this many times, with seeds `seed`, `seed + 1`, ...; the summary pools
    /// every run (one run's figure moves with the search's luck).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    runs: u64,
    /// The bot's transposition table, in MiB (the default of `pencilbox dots match`).
    #[arg(long, default_value_t = 64)]
    tt_mib: usize,
    /// Threads of the bot's exact solver (the two cores of the issue's measure).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// One scored choice.
#[derive(Debug)]
struct Scored {
    undrawn: u32,
    dims: Dims,
    line: Edge,
    /// The position's value minus the move's.
    loss: Score,
    /// How the move was chosen (`Reason::name`).
    how: &'static str,
    /// The position's value.
    best: Score,
    took: Duration,
}

/// What a uniformly random pick among some of the moves would score on average, over the set:
/// the share of value-optimal picks and the mean loss.
#[derive(Debug, Default)]
struct Expected {
    optimal: f64,
    loss: f64,
}

impl Expected {
    /// The expectation over the moves of each position that `keep` accepts (all of them when it
    /// accepts none).
    fn of(set: &[Valued], keep: impl Fn(&Valued, Edge) -> bool) -> Expected {
        let mut sum = Expected::default();
        for m in set {
            let kept: Vec<Score> = m.moves.iter().filter(|&&(e, _)| keep(m, e)).map(|&(_, v)| v).collect();
            let values = if kept.is_empty() { m.moves.iter().map(|&(_, v)| v).collect() } else { kept };
            let n = values.len() as f64;
            sum.optimal += values.iter().filter(|&&v| v == m.value).count() as f64 / n;
            sum.loss += values.iter().map(|&v| f64::from(m.value - v)).sum::<f64>() / n;
        }
        let n = set.len() as f64;
        Expected { optimal: 100.0 * sum.optimal / n, loss: sum.loss / n }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The geometry of every board size in the set.
fn geometries(set: &[Valued]) -> anyhow::Result<HashMap<Dims, Geometry>> {
    let mut out = HashMap::new();
    for m in set {
        if let Entry::Vacant(slot) = out.entry(m.dims) {
            slot.insert(Geometry::new(m.dims)?);
        }
    }
    Ok(out)
}

/// Asks a fresh bot for a move in every position and scores it; prints a line per position
/// unless `--json`.
fn play(
    args: &Args,
    seed: u64,
    set: &[Valued],
    geometries: &HashMap<Dims, Geometry>,
) -> anyhow::Result<Vec<Scored>> {
    let think = Duration::from_millis(args.time_ms);
    let mut scored = Vec::with_capacity(set.len());
    for (i, m) in set.iter().enumerate() {
        let geo = &geometries[&m.dims];
        let mut bot = Bot::new(args.level, geo.dims(), TableSize::Mib(args.tt_mib))?;
        bot.set_threads(args.threads);
        let position = Position::from_lines(geo.dims(), m.drawn.iter())?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i as u64));
        let start = Instant::now();
        let choice = bot.choose(&position, &mut rng, start + think).context("the bot found no move")?;
        let took = start.elapsed();
        let loss = m.loss(choice.line).with_context(|| {
            format!("position {i}: line {} is not a legal move of {m}", choice.line.index())
        })?;
        let s = Scored {
            undrawn: geo.undrawn(m.drawn).count(),
            line: choice.line,
            dims: m.dims,
            loss,
            best: m.value,
            took,
            how: choice.reason.name(),
        };
        if !args.json {
            let line = format!("{} ({})", Line::of(m.dims, s.line), s.line.index());
            println!(
                "{i:>3} {:>7} {line:>12} {:>+5} {:>+5} {loss:>4} {:>8.1} {}",
                s.undrawn,
                s.best - loss,
                s.best,
                ms(took),
                s.how
            );
        }
        scored.push(s);
    }
    Ok(scored)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let set = fixture::read(&args.fixture)?;
    let path = args.fixture.to_string_lossy();
    let geometries = geometries(&set)?;
    if !args.json {
        println!(
            "{} at {} ms per move on {} positions of {path}, seeds {} to {}",
            args.level,
            args.time_ms,
            set.len(),
            args.seed,
            args.seed + args.runs - 1
        );
        println!(
            "{:>3} {:>7} {:>12} {:>5} {:>5} {:>4} {:>8} how",
            "#", "undrawn", "move", "value", "best", "loss", "ms"
        );
    }
    let mut scored = Vec::new();
    for run in 0..args.runs {
        scored.extend(play(&args, args.seed + run, &set, &geometries)?);
    }
    let n = scored.len();
    let optimal = scored.iter().filter(|s| s.loss == 0).count();
    let percent = 100.0 * optimal as f64 / n as f64;
    let mean_loss = scored.iter().map(|s| f64::from(s.loss)).sum::<f64>() / n as f64;
    let max_loss = scored.iter().map(|s| s.loss).max().unwrap_or(0);
    let max_ms = scored.iter().map(|s| ms(s.took)).fold(0.0, f64::max);
    let think = Duration::from_millis(args.time_ms);
    let over_budget = scored.iter().filter(|s| s.took > think + SLACK).count();
    // Yardsticks that need no seed: a random legal move, and a random line that gives no box.
    let any = Expected::of(&set, |_, _| true);
    let safe = Expected::of(&set, |m, e| !Compact::new(&geometries[&m.dims], m.drawn).gives_box(e));
    if args.json {
        let moves: Vec<_> = scored
            .iter()
            .map(|s| {
                json!({"undrawn": s.undrawn, "line": s.line.index(), "move": Line::of(s.dims, s.line).to_string(),
                       "value": s.best - s.loss, "best": s.best, "loss": s.loss, "ms": ms(s.took), "how": s.how})
            })
            .collect();
        let summary = json!({
            "level": args.level.to_string(), "time_ms": args.time_ms, "seed": args.seed, "runs": args.runs, "tt_mib": args.tt_mib,
            "fixture": path, "positions": n, "optimal": optimal, "optimal_percent": percent,
            "mean_loss": mean_loss, "max_loss": max_loss, "max_ms": max_ms, "over_budget": over_budget,
            "random_move": {"optimal_percent": any.optimal, "mean_loss": any.loss},
            "random_safe_line": {"optimal_percent": safe.optimal, "mean_loss": safe.loss},
            "moves": moves,
        });
        println!("{summary}");
    } else {
        println!(
            "{}: {optimal} of {n} value-optimal ({percent:.1}%), mean loss {mean_loss:.2} boxes, largest {max_loss}; \
             longest think {max_ms:.1} ms ({over_budget} over {} ms + {} ms)",
            args.level,
            args.time_ms,
            SLACK.as_millis()
        );
        println!(
            "expected of a random legal move: {:.1}% value-optimal, mean loss {:.2}; of a random safe line: {:.1}%, {:.2}",
            any.optimal, any.loss, safe.optimal, safe.loss
        );
    }
    Ok(())
}
