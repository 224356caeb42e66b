//! Makes the midgame accuracy fixture (`tests/fixtures/midgame-5x5.txt`, format in
//! `pencilbox_dots::test_set`): plays 5×5 games between the engine's levels, keeps at most one
//! position per game, and solves every legal move of it exactly.
//!
//! ```text
//! GLIBC_TUNABLES=glibc.malloc.hugetlb=1 cargo run --release -p pencilbox-dots --example midgame_fixture -- \
//!     --seed 14 --count 48 --tt-mib 3072 --limit-s 900
//! ```
//!
//! Game `g` is played with the random generator seeded `seed + g`: `strong` against itself in
//! even games, against `greedy` in odd ones (`greedy` first in every other one; with
//! `--self-play`, `strong` against itself in every game), each move with `--time-ms` to think.
//! Its position is the one with `most − g mod spread` undrawn lines (`--most 44 --spread 7`
//! spread the set over 38–44); it is kept if no box can be taken in it and no position of an
//! earlier game is the same up to symmetry. A position whose moves are not all solved within
//! `--limit-s` seconds is dropped (a comment line in the file says so) and the next game is
//! played. Each position is appended as soon as it is solved, so a run that is stopped resumes
//! where it stopped: positions already in the file (kept or dropped) are not solved again.
//!
//! The harder set (`tests/fixtures/midgame-5x5-hard.txt`, 41–46 undrawn lines, from the strong
//! engine's self-play) is made by
//!
//! ```text
//! cargo run --release -p pencilbox-dots --example midgame_fixture -- --out crates/dots/tests/fixtures/midgame-5x5-hard.txt \
//!     --seed 2501 --count 12 --most 46 --spread 6 --self-play --tt-mib 4096 --threads 2 --limit-s 1200
//! ```
//!
//! `--check K` instead re-solves K positions of the file with a fresh table: the position's value,
//! and the children of its first listed best move and of one other move, whose values must be
//! minus the listed move values (no move of these positions completes a box).

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use clap::Parser;
use pencilbox_dots::board::Position;
use pencilbox_dots::bot::{Bot, Level};
use pencilbox_dots::compact::{Geometry, LineSet};
use pencilbox_dots::solver::{Score, Solver, TableSize};
use pencilbox_dots::theory::{Compact, View};
use pencilbox_grid::{Dims, Edge, OutOfTime};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

// Shared with the test and the `accuracy` example; this one does not score moves.
#[allow(dead_code)]
use pencilbox_dots::test_set::{self, Valued};

/// The midgame accuracy fixture in the repository.
const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/midgame-5x5.txt");

/// The start of the comment line that records a dropped position.
const DROPPED: &str = "# dropped:";

#[derive(Debug, Parser)]
struct Args {
    /// Base seed: game g uses seed + g.
    #[arg(long, default_value_t = 14)]
    seed: u64,
    /// Positions to keep.
    #[arg(long, default_value_t = 48)]
    count: usize,
    /// The fixture file (appended to; created with a header when missing).
    #[arg(long, default_value = FIXTURE)]
    out: PathBuf,
    /// The solver's transposition table, in MiB.
    #[arg(long, default_value_t = 3072)]
    tt_mib: usize,
    /// Solver threads (1 or 2).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Drop a position whose moves are not all solved in this many seconds.
    #[arg(long, default_value_t = 900)]
    limit_s: u64,
    /// The players' thinking time per move in the games.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// The most undrawn lines of a position: game g's has `most - g mod spread`.
    #[arg(long, default_value_t = 44)]
    most: u32,
    /// How many numbers of undrawn lines the positions spread over, down from `--most`.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=30))]
    spread: u32,
    /// Strong against itself in every game (else against greedy in odd games).
    #[arg(long)]
    self_play: bool,
    /// Re-solve this many positions of the file instead (see the module docs).
    #[arg(long)]
    check: Option<usize>,
}

/// The levels of game `g`, the first mover first.
fn players(g: u64, self_play: bool) -> [Level; 2] {
    if self_play || g.is_multiple_of(2) {
        [Level::Strong, Level::Strong]
    } else if g % 4 == 1 {
        [Level::Strong, Level::Greedy]
    } else {
        [Level::Greedy, Level::Strong]
    }
}

/// Plays game `g` up to its position; `None` when a box can be taken there.
fn midgame(geo: &Geometry, args: &Args, g: u64) -> anyhow::Result<Option<LineSet>> {
    let (think, undrawn) = (Duration::from_millis(args.time_ms), undrawn(args));
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed.wrapping_add(g));
    let [a, b] = players(g, args.self_play);
    let mut bots =
        [Bot::new(a, geo.dims(), TableSize::Mib(64))?, Bot::new(b, geo.dims(), TableSize::Mib(64))?];
    let target = undrawn.end() - (g % u64::from(args.spread)) as u32;
    let (mut drawn, mut turn) = (LineSet::EMPTY, 0);
    while geo.undrawn(drawn).count() > target {
        let position = Position::from_lines(geo.dims(), drawn.iter())?;
        let choice = bots[turn].choose(&position, &mut rng, Instant::now() + think).context("no move")?;
        if Compact::new(geo, drawn).completes(choice.line) == 0 {
            turn = 1 - turn;
        }
        drawn = drawn.with(choice.line);
    }
    Ok(geo.boxes().all(|b| geo.drawn_sides(drawn, b) < 3).then_some(drawn))
}

/// The value of `drawn` and of each of its moves, logging each move's time.
fn solve(solver: &mut Solver<'_>, drawn: LineSet, limit: Duration) -> Result<Valued, OutOfTime> {
    let start = Instant::now();
    solver.set_deadline(Some(start + limit));
    let value = solver.value(drawn)?;
    eprint!("  value {value:+} in {:.1} s; moves:", start.elapsed().as_secs_f64());
    let mut moves = Vec::new();
    for e in solver.geometry().undrawn(drawn).iter() {
        let t = Instant::now();
        let v = solver.move_value(drawn, e)?;
        eprint!(" {}:{v:+}/{:.0}s", e.index(), t.elapsed().as_secs_f64());
        moves.push((e, v));
    }
    eprintln!();
    let best = moves.iter().map(|&(_, v)| v).max();
    assert_eq!(best, Some(value), "the best move value must be the position's value");
    Ok(Valued { dims: solver.geometry().dims(), drawn, value, moves })
}

/// The undrawn lines of the positions.
fn undrawn(args: &Args) -> RangeInclusive<u32> {
    args.most.saturating_sub(args.spread - 1)..=args.most
}

fn header(args: &Args) -> String {
    let range = undrawn(args);
    let (players, flag) = if args.self_play {
        ("strong vs strong in every game", " --self-play")
    } else {
        ("strong vs strong in even games, strong vs greedy in odd ones", "")
    };
    format!(
        "# Midgame accuracy fixture: 5x5 Dots-and-Boxes positions from real games, {lo}-{hi} undrawn
# lines, no box to take, with the exact value of every legal move.
# Format (pencilbox_dots::test_set): RxC LINES VALUE LINE:VALUE ..., where LINES is the
# OpenSpiel line string, VALUE the net boxes for the player to move under best play, and each
# LINE:VALUE a legal move (line number) and its value for the mover; loss = VALUE - move value.
# Made by: cargo run --release -p pencilbox-dots --example midgame_fixture -- --seed {seed} --count {count} --most {hi} --spread {spread}{flag} --tt-mib {mib} --threads {threads} --limit-s {limit} --time-ms {think}
# Game g is seeded {seed} + g; {players};
# its position has {hi} - g mod {spread} undrawn lines. Positions not solved in {limit} s are dropped
# (listed below as '{DROPPED}').
",
        lo = range.start(),
        hi = range.end(),
        spread = args.spread,
        seed = args.seed,
        count = args.count,
        mib = args.tt_mib,
        threads = args.threads,
        limit = args.limit_s,
        think = args.time_ms,
    )
}

/// The line strings of the positions already in the file, kept and dropped.
fn done(text: &str) -> anyhow::Result<(Vec<Valued>, HashSet<String>)> {
    let kept = test_set::parse(text)?;
    let dropped = text
        .lines()
        .filter_map(|l| l.strip_prefix(DROPPED))
        .filter_map(|l| l.split_whitespace().nth(3).map(str::to_string))
        .collect();
    Ok((kept, dropped))
}

fn generate(args: &Args) -> anyhow::Result<()> {
    let geo = Geometry::new(Dims::new(5, 5)?)?;
    let text = std::fs::read_to_string(&args.out).unwrap_or_default();
    let (kept, dropped) = done(&text)?;
    let mut file =
        OpenOptions::new().create(true).append(true).open(&args.out).context("open the fixture")?;
    if text.is_empty() {
        file.write_all(header(args).as_bytes())?;
    }
    let already: HashSet<LineSet> = kept.iter().map(|m| m.drawn).collect();
    let mut seen = HashSet::new();
    let mut solver = Solver::new(geo.clone(), TableSize::Mib(args.tt_mib));
    solver.set_threads(args.threads);
    let (mut count, mut skipped, mut dropped_now, mut games) = (0, 0, 0, 0);
    let limit = Duration::from_secs(args.limit_s);
    for g in 0.. {
        if count == args.count {
            break;
        }
        games += 1;
        let Some(drawn) = midgame(&geo, args, g)? else {
            skipped += 1;
            continue;
        };
        if !seen.insert(geo.canonical(drawn).0) {
            skipped += 1;
            continue;
        }
        let lines = Position::from_lines(geo.dims(), drawn.iter())?.line_string();
        if already.contains(&drawn) {
            count += 1;
            continue;
        }
        if dropped.contains(&lines) {
            dropped_now += 1;
            continue;
        }
        let undrawn = geo.undrawn(drawn).count();
        eprintln!("game {g}: {undrawn} undrawn, {lines} ({count} kept so far)");
        let start = Instant::now();
        match solve(&mut solver, drawn, limit) {
            Ok(m) => {
                writeln!(file, "{m}")?;
                count += 1;
                eprintln!(
                    "  solved in {:.1} s, {} nodes in all",
                    start.elapsed().as_secs_f64(),
                    solver.stats().nodes
                );
            }
            Err(OutOfTime) => {
                writeln!(
                    file,
                    "{DROPPED} game {g} {} {lines} {undrawn} undrawn, not solved in {} s",
                    geo.dims(),
                    args.limit_s
                )?;
                dropped_now += 1;
                eprintln!("  dropped: not solved in {} s", args.limit_s);
            }
        }
        file.flush()?;
    }
    eprintln!(
        "{count} positions from {games} games; {dropped_now} dropped (too slow), {skipped} skipped (a box to take, or a repeat)"
    );
    Ok(())
}

/// Re-solves `k` positions of the file with a fresh table (see the module docs).
fn check(args: &Args, k: usize) -> anyhow::Result<()> {
    let set = test_set::parse(&std::fs::read_to_string(&args.out)?)?;
    ensure!(!set.is_empty(), "no positions in {}", args.out.display());
    let geo = Geometry::new(Dims::new(5, 5)?)?;
    for m in set.iter().step_by(set.len().div_ceil(k.max(1))) {
        let mut solver = Solver::new(geo.clone(), TableSize::Mib(args.tt_mib));
        solver.set_threads(args.threads);
        let t = Instant::now();
        let value = solver.value(m.drawn)?;
        let best = m.moves.iter().find(|&&(_, v)| v == m.value).context("no best move listed")?;
        let other = m.moves.iter().find(|&&(_, v)| v != m.value).unwrap_or(best);
        let mut children: Vec<(Edge, Score)> = Vec::new();
        for &(e, _) in [best, other] {
            ensure!(Compact::new(&geo, m.drawn).completes(e) == 0, "line {} completes a box", e.index());
            children.push((e, -solver.value(m.drawn.with(e))?));
        }
        let listed = [*best, *other];
        if value != m.value || children != listed {
            bail!("{m}: re-solved value {value}, moves {children:?}, listed {listed:?}");
        }
        println!("ok: value {value:+}, moves {children:?} in {:.1} s", t.elapsed().as_secs_f64());
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    match args.check {
        Some(k) => check(&args, k),
        None => generate(&args),
    }
}
