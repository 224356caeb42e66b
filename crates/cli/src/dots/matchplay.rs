//! `dots match`: two engines play a series of games, sides alternated. Each engine is a built-in
//! level, played in this process, or a program that speaks the `dots bot` protocol
//! ([`External`]), which is how two builds of pencilbox are compared. A program that cannot
//! start, crashes, answers what the protocol does not allow, plays an illegal move or takes
//! longer than its time and the margin forfeits the game, with the reason; the match goes on,
//! with the program started again for its next game.

use std::cmp::Ordering;
use std::fmt;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use pencilbox_dots::board::{Player, Position};
use pencilbox_dots::bot::{Bot, DEFAULT_THINK, Level};
use pencilbox_dots::theory::View;
use pencilbox_grid::{Dims, Edge};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::external::{External, Forfeit};
use super::{EngineArgs, board_sizes};
use crate::options::{millis, named, seed, seed_value, whole};
use crate::output::outln;

const MATCH_HELP: &str = "\
Examples:
  pencilbox dots match --a strong --b greedy --board 5x5 --games 100 --time-ms 1000 --jobs 2 --seed 1
  pencilbox dots match --engine-a 'new/pencilbox dots bot --seed 1' \\
      --engine-b 'old/pencilbox dots bot --seed 1' --board 7x7 --games 20 --opening 4 --seed 77

Sides alternate: A moves first in even-numbered games, B in odd ones. Results are from A's side,
with the longest each engine took over a move (`slowest_move_ms` in JSON).

A program (--engine-a, --engine-b) is started with `sh -c CMD` and kept for game after game; it
is sent `time MS` (answer `ok`), then each position as `RxC LINES` (answer `move N ...`), as
`pencilbox dots bot` does. It forfeits the game when it cannot start, ends, answers anything
else, plays a line that is drawn or not on the board, or takes longer than --time-ms plus
--margin-ms over an answer; it is then stopped and started again for its next game. Choose its
level, threads and seed in CMD (with --jobs 2, give it `--threads 1`).";

#[derive(Debug, clap::Args)]
#[command(after_help = MATCH_HELP)]
pub struct MatchArgs {
    /// Level of engine A, played in this process.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Strong)]
    pub a: Level,
    /// Engine A is this program instead: a command for `sh -c` that speaks the `dots bot`
    /// protocol.
    #[arg(long, value_name = "CMD", conflicts_with = "a")]
    pub engine_a: Option<String>,
    /// Level of engine B, played in this process.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Greedy)]
    pub b: Level,
    /// Engine B is this program instead (as --engine-a).
    #[arg(long, value_name = "CMD", conflicts_with = "b")]
    pub engine_b: Option<String>,
    #[arg(long, default_value = "5x5", value_name = "RxC",
          help = format!("Board size in boxes, {}", board_sizes()))]
    pub board: Dims,
    /// Number of games.
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = whole(1usize, "a whole number of games"))]
    pub games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = DEFAULT_THINK.as_millis() as u64, value_name = "MS", value_parser = millis())]
    pub time_ms: u64,
    /// How much longer than --time-ms a program may take over an answer before it forfeits.
    #[arg(long, default_value_t = 1000, value_name = "MS", value_parser = millis())]
    pub margin_ms: u64,
    /// Start each pair of games (2k and 2k+1, sides swapped) from the same N random lines that
    /// give no box away (fewer when none is left).
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = whole(0usize, "a whole number of lines"))]
    pub opening: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = whole(1usize, "a whole number of games"))]
    pub jobs: usize,
    /// Base seed: game i's built-in engines use seed + i, and the opening of games 2k and 2k+1
    /// is drawn from seed + k (a fresh seed is printed when omitted).
    #[arg(long, value_parser = seed_value())]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// One side of the match: a built-in level or a program.
#[derive(Debug, Clone)]
enum Contender {
    Level(Level),
    Program(String),
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Level(level) => write!(f, "{level}"),
            Contender::Program(command) => write!(f, "`{command}`"),
        }
    }
}

impl Contender {
    fn of(level: Level, program: Option<&String>) -> Contender {
        program.map_or(Contender::Level(level), |command| Contender::Program(command.clone()))
    }

    fn json(&self) -> serde_json::Value {
        match self {
            Contender::Level(level) => serde_json::json!({ "level": level.to_string() }),
            Contender::Program(command) => serde_json::json!({ "command": command }),
        }
    }
}

/// A side of the match with the programs it started that are free for a game (one per game
/// played at the same time).
struct Seat {
    contender: Contender,
    idle: Mutex<Vec<External>>,
}

/// What every game shares.
struct Match<'a> {
    args: &'a MatchArgs,
    seed: u64,
    seats: [Seat; 2],
    /// Threads of each built-in engine.
    threads: u8,
}

/// An engine in one game.
enum Engine<'a> {
    Builtin(Box<Bot>),
    /// A program, started when it is first asked for a move.
    Program {
        seat: &'a Seat,
        running: Option<External>,
    },
}

impl Engine<'_> {
    /// A move in `position` and how long it took, or the program's forfeit; an error is a
    /// failure of a built-in engine, which ends the match.
    fn choose(&mut self, m: &Match, position: &Position, rng: &mut ChaCha8Rng) -> anyhow::Result<Answer> {
        let think = Duration::from_millis(m.args.time_ms);
        match self {
            Engine::Builtin(bot) => {
                let asked = Instant::now();
                let choice = bot.choose(position, rng, asked + think)?;
                Ok(Ok((choice.line, asked.elapsed())))
            }
            Engine::Program { seat, running } => {
                let limit = think.saturating_add(Duration::from_millis(m.args.margin_ms));
                let engine = match running {
                    Some(engine) => engine,
                    None => {
                        let Contender::Program(command) = &seat.contender else {
                            anyhow::bail!("a built-in engine in a program's seat")
                        };
                        let idle = seat.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
                        let started = match idle {
                            Some(engine) => Ok(engine),
                            None => External::start(command, think, limit),
                        };
                        match started {
                            Ok(engine) => running.insert(engine),
                            Err(forfeit) => return Ok(Err(forfeit)),
                        }
                    }
                };
                let answer = engine.choose(position, limit);
                if answer.is_err()
                    && let Some(engine) = running.take()
                {
                    // A fresh one plays its next game.
                    engine.abandon();
                }
                Ok(answer)
            }
        }
    }

    /// Gives a program that is still sound back to its seat for another game.
    fn release(self) {
        if let Engine::Program { seat, running: Some(engine) } = self {
            seat.idle.lock().unwrap_or_else(PoisonError::into_inner).push(engine);
        }
    }
}

/// An engine's move and the time it took, or its forfeit.
type Answer = Result<(Edge, Duration), Forfeit>;

/// A forfeited game.
#[derive(Debug, Clone)]
struct Forfeited {
    /// 0 for A, 1 for B.
    side: usize,
    /// The move of the game (after the opening, from 1) that was not made.
    at_move: usize,
    reason: String,
}

/// The result of one match game.
#[derive(Debug, Clone)]
struct GameResult {
    a_first: bool,
    a_boxes: usize,
    b_boxes: usize,
    /// The longest engine A and engine B took over a move.
    slowest: [Duration; 2],
    forfeit: Option<Forfeited>,
}

impl GameResult {
    /// How the game went for A: a forfeit loses it, else the boxes decide.
    fn for_a(&self) -> Ordering {
        match &self.forfeit {
            Some(f) if f.side == 0 => Ordering::Less,
            Some(_) => Ordering::Greater,
            None => self.a_boxes.cmp(&self.b_boxes),
        }
    }
}

/// The start of games `2 * pair` and `2 * pair + 1`: up to `lines` random lines that give no
/// box away, drawn from `seed + pair` (on a stream of its own, apart from the engines').
fn opening(dims: Dims, lines: usize, seed: u64, pair: u64) -> anyhow::Result<Position> {
    let mut position = Position::empty_of(dims)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(pair));
    rng.set_stream(1);
    for _ in 0..lines {
        let Some(line) = position.safe_lines().collect::<Vec<_>>().choose(&mut rng).copied() else { break };
        position.play(line)?;
    }
    Ok(position)
}

impl Match<'_> {
    fn engine(&self, side: usize) -> anyhow::Result<Engine<'_>> {
        let seat = &self.seats[side];
        Ok(match &seat.contender {
            Contender::Level(level) => {
                Engine::Builtin(Box::new(self.args.engine.engine(*level, self.args.board, self.threads)?))
            }
            Contender::Program(_) => Engine::Program { seat, running: None },
        })
    }

    fn play_game(&self, index: usize) -> anyhow::Result<GameResult> {
        let a_first = index.is_multiple_of(2);
        let mut engines = [self.engine(0)?, self.engine(1)?];
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed.wrapping_add(index as u64));
        let mut position = opening(self.args.board, self.args.opening, self.seed, index as u64 / 2)?;
        // `turn` is a seat, 0 for engine A; the player who moves first is the first seat's in
        // even games, the second's in odd ones.
        let player_of = |seat: usize| if (seat == 0) == a_first { Player::First } else { Player::Second };
        let mut turn = if a_first { 0 } else { 1 };
        let mut slowest = [Duration::ZERO; 2];
        let mut forfeit = None;
        let mut moves = 0;
        while !position.is_over() {
            moves += 1;
            match engines[turn].choose(self, &position, &mut rng)? {
                Ok((line, took)) => {
                    slowest[turn] = slowest[turn].max(took);
                    if !position.play_for(line, player_of(turn))?.keeps_turn() {
                        turn = 1 - turn;
                    }
                }
                Err(why) => {
                    forfeit = Some(Forfeited { side: turn, at_move: moves, reason: why.to_string() });
                    break;
                }
            }
        }
        engines.into_iter().for_each(Engine::release);
        Ok(GameResult {
            a_first,
            a_boxes: position.score(player_of(0)),
            b_boxes: position.score(player_of(1)),
            slowest,
            forfeit,
        })
    }
}

pub fn run_match(args: MatchArgs) -> anyhow::Result<std::process::ExitCode> {
    Position::empty_of(args.board)?;
    let seat =
        |level, program| Seat { contender: Contender::of(level, program), idle: Mutex::new(Vec::new()) };
    let m = Match {
        seed: seed(args.seed),
        seats: [seat(args.a, args.engine_a.as_ref()), seat(args.b, args.engine_b.as_ref())],
        threads: if args.jobs > 1 { 1 } else { 2 },
        args: &args,
    };
    let mut finished = Vec::new();
    let results = crate::pool::run(
        args.games,
        args.jobs,
        |i| m.play_game(i),
        |_, r: &GameResult| {
            finished.push(r.clone());
            let (w, d, l) = tally(&finished);
            let forfeits = finished.iter().filter(|r| r.forfeit.is_some()).count();
            Ok(match forfeits {
                0 => format!("A: {w} won, {d} drawn, {l} lost"),
                n => format!("A: {w} won, {d} drawn, {l} lost; {n} forfeited"),
            })
        },
    )?;
    let summary = Summary::of(&m, &results);
    // The programs end with their seats, before the summary is written.
    drop(m);
    summary.print(&args)?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// What a match came to, from A's side.
struct Summary {
    contenders: [Contender; 2],
    seed: u64,
    games: usize,
    /// Wins, draws and losses of A: overall, moving first, moving second.
    all: (usize, usize, usize),
    first: (usize, usize, usize),
    second: (usize, usize, usize),
    /// A's mean margin over the games played to the end, and how many those are.
    margin: f64,
    played_out: usize,
    /// The longest move of each engine over the match, in whole milliseconds.
    slowest: [u128; 2],
    /// Each forfeited game's index and forfeit.
    forfeits: Vec<(usize, Forfeited)>,
}

impl Summary {
    fn of(m: &Match, results: &[GameResult]) -> Summary {
        let when_first = |a_first: bool| {
            tally(&results.iter().filter(|r| r.a_first == a_first).cloned().collect::<Vec<_>>())
        };
        let played_out: Vec<&GameResult> = results.iter().filter(|r| r.forfeit.is_none()).collect();
        let margin: i64 = played_out.iter().map(|r| r.a_boxes as i64 - r.b_boxes as i64).sum();
        let slowest =
            |side: usize| results.iter().map(|r| r.slowest[side]).max().unwrap_or_default().as_millis();
        Summary {
            contenders: [m.seats[0].contender.clone(), m.seats[1].contender.clone()],
            seed: m.seed,
            games: results.len(),
            all: tally(results),
            first: when_first(true),
            second: when_first(false),
            margin: margin as f64 / played_out.len().max(1) as f64,
            played_out: played_out.len(),
            slowest: [slowest(0), slowest(1)],
            forfeits: results.iter().enumerate().filter_map(|(i, r)| Some((i, r.forfeit.clone()?))).collect(),
        }
    }

    /// A's points: a win is 1, a draw one half.
    fn a_points(&self) -> f64 {
        self.all.0 as f64 + self.all.1 as f64 / 2.0
    }

    fn print(&self, args: &MatchArgs) -> anyhow::Result<()> {
        let games = self.games.max(1) as f64;
        let (w, d, l) = self.all;
        let side_name = |side: usize| ["A", "B"][side];
        if args.json {
            let record =
                |(w, d, l): (usize, usize, usize)| serde_json::json!({ "wins": w, "draws": d, "losses": l });
            let forfeits: Vec<serde_json::Value> = self
                .forfeits
                .iter()
                .map(|(game, f)| {
                    serde_json::json!({ "game": game, "engine": side_name(f.side).to_lowercase(),
                        "move": f.at_move, "reason": f.reason })
                })
                .collect();
            let out = serde_json::json!({
                "a": self.contenders[0].json(), "b": self.contenders[1].json(),
                "board": args.board.to_string(), "games": self.games, "time_ms": args.time_ms,
                "margin_ms": args.margin_ms, "opening": args.opening, "seed": self.seed,
                "a_wins": w, "draws": d, "a_losses": l,
                "a_points": self.a_points(),
                "a_win_rate": w as f64 / games,
                "average_margin": self.margin,
                "a_first": record(self.first), "a_second": record(self.second),
                "slowest_move_ms": { "a": self.slowest[0], "b": self.slowest[1] },
                "forfeits": forfeits,
            });
            return outln!("{out}");
        }
        let programs = self.contenders.iter().any(|c| matches!(c, Contender::Program(_)));
        let margin =
            if programs { format!(" (+{} ms margin for a program)", args.margin_ms) } else { String::new() };
        let opening =
            if args.opening > 0 { format!(", openings of {} lines", args.opening) } else { String::new() };
        outln!(
            "{} (A) vs {} (B) on {}, {} games{opening}, {} ms per move{margin}, seed {}",
            self.contenders[0],
            self.contenders[1],
            args.board,
            self.games,
            args.time_ms,
            self.seed
        )?;
        outln!("A: {w} wins, {d} draws, {l} losses ({:.1}% of the points)", 100.0 * self.a_points() / games)?;
        let record = |(w, d, l): (usize, usize, usize)| format!("{w}-{d}-{l}");
        outln!("A moving first: {}; A moving second: {}", record(self.first), record(self.second))?;
        match self.played_out {
            0 => outln!("average margin for A: none (no game was played to the end)")?,
            n if n < self.games => {
                outln!("average margin for A: {:+.2} boxes in the {n} games played to the end", self.margin)?
            }
            _ => outln!("average margin for A: {:+.2} boxes", self.margin)?,
        }
        outln!("slowest move: A {} ms, B {} ms", self.slowest[0], self.slowest[1])?;
        for (game, f) in &self.forfeits {
            outln!("game {game}: {} forfeits at move {}: {}", side_name(f.side), f.at_move, f.reason)?;
        }
        Ok(())
    }
}

/// Wins, draws and losses of A.
fn tally(results: &[GameResult]) -> (usize, usize, usize) {
    results.iter().fold((0, 0, 0), |(w, d, l), r| match r.for_a() {
        Ordering::Greater => (w + 1, d, l),
        Ordering::Equal => (w, d + 1, l),
        Ordering::Less => (w, d, l + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_gives_no_box_away_and_is_the_same_for_a_pair_of_games() {
        let dims = Dims::new(4, 4).unwrap();
        let a = opening(dims, 8, 77, 3).unwrap();
        assert_eq!(a.num_drawn(), 8);
        assert!(a.capturable_boxes().next().is_none(), "a box was given away:\n{a}");
        assert_eq!(opening(dims, 8, 77, 3).unwrap(), a);
        assert_ne!(opening(dims, 8, 77, 4).unwrap(), a);
        // More lines than there are safe ones: it stops where none is left.
        let full = opening(dims, 1000, 1, 0).unwrap();
        assert!(full.num_drawn() < dims.num_edges() && full.safe_lines().next().is_none());
        assert_eq!(full.score(Player::First) + full.score(Player::Second), 0);
    }
}
