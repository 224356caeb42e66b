//! Measures the exact fight for control (Nimstring, [`pencilbox_dots::nimstring`]) on the
//! midgame fixture (`tests/fixtures/midgame-5x5.txt`, exact values of every move): how long
//! deciding every move takes, and how the moves that win control compare with the best moves.
//!
//! ```text
//! cargo run --release -p pencilbox-dots --example nimstring_fixture -- --time-ms 3000
//! ```
//!
//! As `dots solve --explain` and the web analysis do, each position is decided first, then its
//! moves one by one until the time runs out ([`Nimstring::outcomes`]). One line per position:
//! its undrawn lines, value, moves, value-optimal moves, moves that win control and the optimal
//! ones among them, the largest loss of a control-winning move, nodes and time; or how far it
//! got. Then a summary.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Parser;
use pencilbox_dots::compact::Geometry;
use pencilbox_dots::nimstring::Nimstring;

/// The midgame accuracy fixture in the repository.
const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt");

// Only the reader and the format of the fixture are needed here.
#[allow(dead_code)]
#[derive(Debug, Parser)]
struct Args {
    /// Time for each position (every move decided), in milliseconds.
    #[arg(long, default_value_t = 3000)]
    time_ms: u64,
    /// The fixture of positions with their exact move values.
    #[arg(long, default_value = FIXTURE)]
    fixture: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.fixture)?;
    let set = pencilbox_dots::test_set::parse(&text)?;
    println!(
        "{:>3} {:>7} {:>5} {:>5} {:>7} {:>5} {:>13} {:>10} {:>9} {:>8}",
        "#", "undrawn", "value", "moves", "optimal", "win", "win+optimal", "worst win", "nodes", "ms"
    );
    let (mut decided, mut every_move) = (0, 0);
    let (mut with_win, mut all_win_optimal, mut only_win_not_optimal) = (0, 0, 0);
    let mut times = Vec::new();
    for (i, m) in set.iter().enumerate() {
        let geo = Geometry::new(m.dims)?;
        let undrawn = geo.undrawn(m.drawn).count();
        let mut nim = Nimstring::new(&geo);
        let start = Instant::now();
        nim.set_deadline(Some(start + Duration::from_millis(args.time_ms)));
        // As the analyses do: the position first, then each move until the time runs out.
        let outcomes = nim.outcomes(m.drawn);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let Ok(outcomes) = outcomes else {
            println!("{i:>3} {undrawn:>7} {:>5} out of time after {} nodes", m.value, nim.nodes());
            continue;
        };
        decided += 1;
        let value_of =
            |e| m.moves.iter().find(|mv| mv.0 == e).map(|mv| mv.1).expect("a fixture lists every move");
        if outcomes.moves.iter().any(|o| o.1.is_none()) {
            println!(
                "{i:>3} {undrawn:>7} {:>5} the mover {} control; {} of {} moves decided in time",
                m.value,
                if outcomes.mover_wins { "wins" } else { "loses" },
                outcomes.moves.iter().filter(|o| o.1.is_some()).count(),
                outcomes.moves.len()
            );
            continue;
        }
        every_move += 1;
        times.push(ms);
        let optimal = m.moves.iter().filter(|mv| mv.1 == m.value).count();
        let wins: Vec<_> =
            outcomes.moves.iter().filter(|o| o.1 == Some(true)).map(|o| value_of(o.0)).collect();
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
            outcomes.moves.len(),
            wins.len(),
            worst.map_or("-".into(), |w| w.to_string()),
            nim.nodes(),
        );
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "within {} ms: the position decided in {decided} of {}, every move too in {every_move} (median {median:.0} \
         ms); of those the mover can win control in {with_win}: every control-winning move is value-optimal in \
         {all_win_optimal}, none is in {only_win_not_optimal}",
        args.time_ms,
        set.len(),
    );
    Ok(())
}
