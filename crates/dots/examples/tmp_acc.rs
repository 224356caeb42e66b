//! Temporary accuracy probe on the midgame fixture format.
use pencilbox_dots::board::Position;
use pencilbox_dots::bot::{Bot, Level};
use pencilbox_dots::lines::{Geometry, LineSet};
use pencilbox_dots::solver::TableSize;
use rand::SeedableRng;
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let ms: u64 = args[2].parse().unwrap();
    let levels: Vec<Level> = args[3].split(',').map(|s| s.parse().unwrap()).collect();
    let verbose = args.len() > 4;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for level in levels {
        let (mut ok, mut loss, mut n) = (0, 0, 0);
        for l in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let w: Vec<&str> = l.split_whitespace().collect();
            let dims = w[0].parse().unwrap();
            let geo = Geometry::new(dims).unwrap();
            let drawn = LineSet(w[1].chars().enumerate().filter(|(_, c)| *c == '1').fold(0u128, |m, (i, _)| m | 1 << i));
            let best: i32 = w[2].parse().unwrap();
            let mv: Vec<(usize, i32)> = w[3..].iter().map(|t| { let (a, b) = t.split_once(':').unwrap(); (a.parse().unwrap(), b.parse().unwrap()) }).collect();
            let position = Position::from_line_string(dims, w[1]).unwrap();
            let mut bot = Bot::new(level, dims, TableSize::Mib(64)).unwrap();
            let c = bot.choose(&position, &mut rng, Instant::now() + Duration::from_millis(ms)).unwrap();
            let v = mv.iter().find(|m| m.0 == c.line.0).unwrap().1;
            let nopt = mv.iter().filter(|m| m.1 == best).count();
            if v == best { ok += 1 }
            loss += best - v;
            n += 1;
            if verbose { println!("{n}: undrawn {} best {best} ({nopt}/{} moves optimal) chose {} = {v} {:?}", geo.undrawn(drawn).count(), mv.len(), c.line.0, c.reason); }
        }
        println!("{level}: {ok}/{n} optimal, mean loss {:.2}", loss as f64 / n as f64);
    }
}
