//! In-process duels of `strong` against another bot, to study why it loses (no process start-up,
//! seeded, one core). Every board is played twice, sides swapped, like the tournament.
//!
//! ```text
//! cargo run --release -p pencilbox-islands --example duel -- medium greedy 1000 20 [900] [--analyse]
//! ```
//!
//! Arguments: preset, opponent (`random` or `greedy`), first board seed, boards, the move budget
//! in ms (the contest program's `--time-ms`; the bot searches 60% of it, as `islands move` does).
//! With `--analyse`, every lost game is replayed and each position is solved exactly (5 s each
//! at most): a strong move that turns a won (or drawn) position into a worse one is a blunder.

use std::time::{Duration, Instant};

use pencilbox_cgt::Outcome;
use pencilbox_islands::bots::search_deadline;
use pencilbox_islands::{Board, Level, Move, Preset, Status, choose_move, generate, solve, status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

struct Game {
    moves: Vec<Move>,
    /// Points of `strong`: 3, 1.5 or 0.
    points: f64,
    slowest: Duration,
}

fn play(board: &Board, strong_first: bool, other: Level, budget: Duration, seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = board.clone();
    let mut moves = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut strong_to_move = strong_first;
    loop {
        match status(&b) {
            Status::Draw => return Game { moves, points: 1.5, slowest },
            Status::NoMove => {
                return Game { moves, points: if strong_to_move { 0.0 } else { 3.0 }, slowest };
            }
            Status::Ongoing => {}
        }
        let level = if strong_to_move { Level::Strong } else { other };
        let start = Instant::now();
        let mv = choose_move(&b, level, search_deadline(start, budget), &mut rng).expect("ongoing game");
        if strong_to_move {
            slowest = slowest.max(start.elapsed());
            if start.elapsed() > budget.mul_f64(0.7)
                && let Ok(dir) = std::env::var("DUEL_SLOW_DIR")
            {
                // Keep the position for a closer look (`pencilbox islands move --input`).
                let path = format!("{dir}/slow-{seed}-{}.in", moves.len());
                std::fs::write(&path, b.to_string()).expect("write the slow position");
            }
        }
        mv.to_raw().validate(&b).expect("legal move");
        b.paint(mv.cells());
        moves.push(mv);
        strong_to_move = !strong_to_move;
    }
}

fn analyse(board: &Board, game: &Game, strong_first: bool) {
    let mut b = board.clone();
    let mut strong_to_move = strong_first;
    for (i, mv) in game.moves.iter().enumerate() {
        let t = Instant::now();
        let before = solve(&b, Some(t + Duration::from_secs(5))).map(|s| s.outcome);
        let open = pencilbox_islands::Field::from_board(&b).0.open_cells();
        let live = pencilbox_islands::Field::from_board(&b).0.numbers().count();
        b.paint(mv.cells());
        let after = solve(&b, Some(Instant::now() + Duration::from_secs(5))).map(|s| s.outcome.flip());
        let who = if strong_to_move { "strong" } else { "other " };
        let mark = match (&before, &after) {
            (Ok(x), Ok(y)) if x != y => "  <== blunder",
            _ => "",
        };
        let show = |r: &Result<Outcome, _>| r.as_ref().map_or("?".to_string(), |o| o.to_string());
        println!(
            "  move {i:2} {who} (number {}, open {open:3}, live {live:2}): {} -> {}{mark}",
            mv.cells().len(),
            show(&before),
            show(&after)
        );
        strong_to_move = !strong_to_move;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let analyse_losses = args.iter().any(|a| a == "--analyse");
    let args: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let preset: Preset =
        args.first().map_or(Ok(Preset::Medium), |s| s.parse()).unwrap_or_else(|e| panic!("{e}"));
    let other: Level = args.get(1).map_or(Ok(Level::Greedy), |s| s.parse()).unwrap_or_else(|e| panic!("{e}"));
    let seed0: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let count: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let budget = Duration::from_millis(args.get(4).and_then(|s| s.parse().ok()).unwrap_or(900));
    let (mut points, mut games, mut slowest) = (0.0, 0, Duration::ZERO);
    for seed in seed0..seed0 + count {
        let board = generate(preset.params(), &mut ChaCha8Rng::seed_from_u64(seed)).expect("preset");
        for strong_first in [true, false] {
            let game = play(&board, strong_first, other, budget, seed * 2 + u64::from(strong_first));
            points += game.points;
            games += 1;
            slowest = slowest.max(game.slowest);
            let side = if strong_first { "first " } else { "second" };
            println!(
                "board {seed} strong {side}: {} points, {} moves, slowest {} ms",
                game.points,
                game.moves.len(),
                game.slowest.as_millis()
            );
            if analyse_losses && game.points < 3.0 {
                analyse(&board, &game, strong_first);
            }
        }
    }
    println!(
        "strong: {points} / {} points = {:.1}% over {games} games, slowest move {} ms",
        3 * games,
        100.0 * points / (3.0 * games as f64),
        slowest.as_millis()
    );
}
