//! Measures the exact fight for control (Nimstring, [`pencilbox_dots::nimstring`]) on the
//! midgame fixture (`tests/fixtures/midgame-5x5.txt`, exact values of every move): how long
//! deciding every move takes, and how the moves that win control compare with the best moves.
//!
//! ```text
//! cargo run --release -p pencilbox-dots --example nimstring_fixture -- --time-ms 3000
//! ```
//!
//! One line per position: its undrawn lines, value, moves, value-optimal moves, moves that win
//! control and the optimal ones among them, the largest loss of a control-winning move, nodes and
//! time (or that the time ran out). Then a summary over the positions decided.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Parser;
use pencilbox_dots::lines::Geometry;
use pencilbox_dots::nimstring::Nimstring;

// Only the reader and the format of the fixture are needed here.
#[allow(dead_code)]
#[path = "../tests/support/midgame.rs"]
mod midgame;

#[derive(Debug, Parser)]
struct Args {
    /// Time for each position (every move decided), in milliseconds.
    #[arg(long, default_value_t = 3000)]
    time_ms: u64,
    /// The fixture of positions with their exact move values.
    #[arg(long, default_value = midgame::FIXTURE)]
    fixture: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let set = midgame::read(&args.fixture.to_string_lossy())?;
    println!(
        "{:>3} {:>7} {:>5} {:>5} {:>7} {:>5} {:>13} {:>10} {:>9} {:>8}",
        "#", "undrawn", "value", "moves", "optimal", "win", "win+optimal", "worst win", "nodes", "ms"
    );
    let (mut decided, mut with_win, mut all_win_optimal, mut only_win_not_optimal) = (0, 0, 0, 0);
    let mut times = Vec::new();
    for (i, m) in set.iter().enumerate() {
        let geo = Geometry::new(m.dims)?;
        let undrawn = geo.undrawn(m.drawn).count();
        let mut nim = Nimstring::new(&geo);
        let start = Instant::now();
        nim.set_deadline(Some(start + Duration::from_millis(args.time_ms)));
        let outcomes: Result<Vec<_>, _> =
            m.moves.iter().map(|&(e, v)| nim.move_wins(m.drawn, e).map(|w| (v, w))).collect();
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let Ok(outcomes) = outcomes else {
            println!("{i:>3} {undrawn:>7} {:>5} out of time after {} nodes", m.value, nim.nodes());
            continue;
        };
        decided += 1;
        times.push(ms);
        let optimal = outcomes.iter().filter(|o| o.0 == m.value).count();
        let wins: Vec<_> = outcomes.iter().filter(|o| o.1).map(|o| o.0).collect();
        let win_optimal = wins.iter().filter(|&&v| v == m.value).count();
        let worst = wins.iter().map(|&v| m.value - v).max();
        if !wins.is_empty() {
            with_win += 1;
            all_win_optimal += usize::from(win_optimal == wins.len());
            only_win_not_optimal += usize::from(win_optimal == 0);
        }
        println!(
            "{i:>3} {undrawn:>7} {:>5} {:>5} {optimal:>7} {:>5} {win_optimal:>13} {:>10} {:>9} {ms:>8.0}",
            m.value,
            outcomes.len(),
            wins.len(),
            worst.map_or("-".into(), |w| w.to_string()),
            nim.nodes(),
        );
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "decided {decided} of {} positions within {} ms (median {median:.0} ms); the mover can win control in \
         {with_win}: every control-winning move is value-optimal in {all_win_optimal}, none is in \
         {only_win_not_optimal}",
        set.len(),
        args.time_ms
    );
    Ok(())
}
