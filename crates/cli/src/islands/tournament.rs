//! Round-robin tournaments between bots, resumable from the results file.

use std::collections::{HashMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use pencilbox_islands::{Board, Level, MOVE_LIMIT, Preset};

use pencilbox_grid::{Named, Player};
use serde_json::Value;

use super::referee::{GameRecord, GameResult, Stops, bot_command, builtin_names, play_game};
use super::{generate_board, read_board};
use crate::options::{millis, named, seed_value, whole};
use crate::output::emit;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(long = "bot", value_name = "NAME=CMD", required = true, help = format!(
        "A bot as NAME=CMD, or just a built-in name ({}). At least two. CMD is a built-in name \
         or a shell command; its program must exist.",
        crate::options::one_of::<Level>()
    ))]
    pub(super) bots: Vec<String>,
    /// Play every `*.in` board in this directory.
    #[arg(long, conflicts_with = "generate", required_unless_present = "generate")]
    pub(super) boards: Option<PathBuf>,
    /// Play generated boards of this preset.
    #[arg(long, value_parser = named::<Preset>())]
    pub(super) generate: Option<Preset>,
    /// How many boards to generate.
    #[arg(long, default_value_t = 10, value_parser = whole(1u64, "a whole number of boards"))]
    pub(super) count: u64,
    /// Seed of the first generated board (board i uses seed + i), and of the built-in bots'
    /// moves: `random` and `greedy` play the same games on every run with the same seed
    /// (`strong` thinks against the clock).
    #[arg(long, default_value_t = 1, value_parser = seed_value())]
    pub(super) seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = whole(1usize, "a whole number of games"))]
    jobs: usize,
    /// Wall-clock limit per move in milliseconds.
    #[arg(long, default_value_t = MOVE_LIMIT.as_millis() as u64, value_name = "MS", value_parser = millis())]
    pub(super) time_ms: u64,
    /// Append one JSON line per finished game here.
    #[arg(long, default_value = "islands-results.jsonl")]
    results: PathBuf,
    /// Keep the games already in --results and play only the missing ones.
    #[arg(long)]
    resume: bool,
    /// Print the standings as JSON.
    #[arg(long)]
    json: bool,
    /// Play nothing: write one job per game to standard output, for `pencilbox jobs run`
    /// (anywhere: each job holds its board and its bots' commands), then `islands merge`.
    #[arg(long, conflicts_with_all = ["resume", "json", "results", "jobs"])]
    pub(super) split: bool,
}

/// A bot: its name, its command as given (a built-in bot's name or a shell command: what a job
/// carries to the machine that plays it) and that command as it runs here.
pub(super) struct Bot {
    pub(super) name: String,
    pub(super) given: String,
    cmd: String,
}

/// One game of the round robin: a board, and which bots move first and second.
pub(super) struct Game {
    pub(super) board_name: String,
    pub(super) board: Board,
    pub(super) first: usize,
    pub(super) second: usize,
}

/// The name of a game in the results: the board and the two bots, the first one first.
pub(super) fn game_key(board_name: &str, first: &str, second: &str) -> String {
    format!("{board_name}|{first}|{second}")
}

impl Game {
    fn key(&self, bots: &[Bot]) -> String {
        game_key(&self.board_name, &bots[self.first].name, &bots[self.second].name)
    }
}

/// The bot of `--bot spec`; a built-in one draws its moves from `seed`.
fn parse_bot(spec: &str, seed: u64) -> anyhow::Result<Bot> {
    let Some((name, cmd)) = spec.split_once('=') else {
        if spec.parse::<Level>().is_err() {
            bail!(
                "--bot {spec:?} is not a built-in bot ({}); give NAME=CMD to run a program",
                builtin_names()
            );
        }
        return Ok(Bot {
            name: spec.to_string(),
            given: spec.to_string(),
            cmd: bot_command(spec, Some(seed))?,
        });
    };
    if name.is_empty() || cmd.is_empty() {
        bail!("--bot {spec:?}: expected NAME=CMD or a built-in bot name");
    }
    Ok(Bot {
        name: name.to_string(),
        given: cmd.to_string(),
        cmd: bot_command(cmd, Some(seed)).with_context(|| format!("--bot {spec:?}"))?,
    })
}

fn boards(args: &Args) -> anyhow::Result<Vec<(String, Board)>> {
    if let Some(dir) = &args.boards {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        paths.sort();
        if paths.is_empty() {
            bail!("no *.in boards in {}", dir.display());
        }
        return paths
            .into_iter()
            .map(|p| Ok((p.file_name().unwrap_or_default().to_string_lossy().into_owned(), read_board(&p)?)))
            .collect();
    }
    let preset = args.generate.context("--boards or --generate is required")?;
    (0..args.count)
        .map(|i| {
            let seed = args.seed.wrapping_add(i);
            Ok((format!("{preset}-{seed}"), generate_board(preset.params(), seed)?))
        })
        .collect()
}

/// The bots of the tournament and its games in the order they are played (and split into
/// jobs): board by board, every pair of bots twice, swapping who starts.
pub(super) fn round_robin(args: &Args) -> anyhow::Result<(Vec<Bot>, Vec<Game>)> {
    let bots: Vec<Bot> = args.bots.iter().map(|s| parse_bot(s, args.seed)).collect::<anyhow::Result<_>>()?;
    if bots.len() < 2 {
        bail!("a tournament needs at least two --bot");
    }
    let names: HashSet<&str> = bots.iter().map(|b| b.name.as_str()).collect();
    if names.len() != bots.len() {
        bail!("bot names must be different");
    }
    let mut games = Vec::new();
    for (board_name, board) in boards(args)? {
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                for (first, second) in [(i, j), (j, i)] {
                    games.push(Game { board_name: board_name.clone(), board: board.clone(), first, second });
                }
            }
        }
    }
    Ok((bots, games))
}

/// The results line of a played game: what `--results` holds for it and the standings count.
pub(super) fn results_line(board_name: &str, first: &str, second: &str, record: &GameRecord) -> Value {
    serde_json::json!({
        "key": game_key(board_name, first, second),
        "board": board_name,
        "first": first,
        "second": second,
        "result": record.result_name(),
        "reason": record.reason,
        "invalid": record.invalid.map(Player::name),
        "moves": record.moves.len(),
        "slowest_ms": { "first": record.slowest_ms[0] as u64, "second": record.slowest_ms[1] as u64 },
    })
}

/// One standings row.
#[derive(Clone, Debug, Default)]
struct Row {
    points: f64,
    wins: u32,
    draws: u32,
    losses: u32,
    invalid: u32,
    slowest_ms: u64,
}

fn tally(rows: &mut HashMap<String, Row>, line: &Value) {
    let name = |k: &str| line[k].as_str().unwrap_or_default().to_string();
    let result = name("result");
    let invalid = line["invalid"].as_str().map(str::to_string);
    for (me, side) in [(name("first"), "first"), (name("second"), "second")] {
        let row = rows.entry(me).or_default();
        row.slowest_ms = row.slowest_ms.max(line["slowest_ms"][side].as_u64().unwrap_or(0));
        match result.as_str() {
            "draw" => {
                row.points += 1.5;
                row.draws += 1;
            }
            r if r == side => {
                row.points += 3.0;
                row.wins += 1;
            }
            _ => {
                row.losses += 1;
                if invalid.as_deref() == Some(side) {
                    row.invalid += 1;
                }
            }
        }
    }
}

/// The standings (the bots [`ranked`] after `games` games), as the tournament and `islands
/// merge` print them: a table, or JSON. The table is the games' outcome alone, so that
/// the same games give the same bytes wherever they were played; each bot's slowest move (a
/// wall-clock time, never the same twice) is in the JSON beside the standings, and after the
/// table on standard error ([`slowest_note`]).
fn standings(order: &[(String, Row)], games: usize, json: bool) -> String {
    if json {
        let rows: Vec<Value> = order
            .iter()
            .map(|(n, r)| {
                serde_json::json!({"bot": n, "points": r.points, "wins": r.wins, "draws": r.draws,
                    "losses": r.losses, "invalid": r.invalid})
            })
            .collect();
        let slowest: serde_json::Map<String, Value> =
            order.iter().map(|(n, r)| (n.clone(), Value::from(r.slowest_ms))).collect();
        return format!(
            "{}\n",
            serde_json::json!({ "games": games, "standings": rows, "slowest_ms": slowest })
        );
    }
    let mut out = format!("{games} games; {} points in play\n", 3.0 * games as f64);
    out += &format!(
        "{:<12} {:>8} {:>6} {:>6} {:>6} {:>8}\n",
        "bot", "points", "wins", "draws", "losses", "invalid"
    );
    for (n, r) in order {
        out += &format!(
            "{:<12} {:>8.1} {:>6} {:>6} {:>6} {:>8}\n",
            n, r.points, r.wins, r.draws, r.losses, r.invalid
        );
    }
    out
}

/// Each bot's slowest move, in the standings' order, for standard error after the table.
fn slowest_note(order: &[(String, Row)]) -> String {
    let each: Vec<String> = order.iter().map(|(n, r)| format!("{n} {} ms", r.slowest_ms)).collect();
    format!("pencilbox: slowest move (wall clock): {}", each.join(", "))
}

/// The rows of `bots` after `lines`, best first (ties by name).
fn ranked(bots: &[&str], lines: &[&Value]) -> Vec<(String, Row)> {
    let mut rows: HashMap<String, Row> = bots.iter().map(|b| (b.to_string(), Row::default())).collect();
    for line in lines {
        tally(&mut rows, line);
    }
    let mut order: Vec<(String, Row)> = rows.into_iter().collect();
    order.sort_by(|a, b| b.1.points.total_cmp(&a.1.points).then(a.0.cmp(&b.0)));
    order
}

/// Prints the standings on standard output and, for the table, the slowest moves on standard
/// error.
pub(super) fn print_standings(bots: &[&str], lines: &[&Value], json: bool) -> anyhow::Result<()> {
    let order = ranked(bots, lines);
    emit(&standings(&order, lines.len(), json))?;
    if !json {
        eprintln!("{}", slowest_note(&order));
    }
    Ok(())
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.split {
        return super::split::split(&args);
    }
    let (bots, mut games) = round_robin(&args)?;
    let mut done_lines: Vec<Value> = Vec::new();
    if args.resume && args.results.exists() {
        let text = std::fs::read_to_string(&args.results)
            .with_context(|| format!("cannot read {}", args.results.display()))?;
        // A line cut short by an interrupted write is not a finished game: skip it.
        done_lines = text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    } else {
        std::fs::write(&args.results, "")
            .with_context(|| format!("cannot write {}", args.results.display()))?;
    }
    let done: HashSet<String> =
        done_lines.iter().filter_map(|l| l["key"].as_str().map(str::to_string)).collect();
    games.retain(|g| !done.contains(&g.key(&bots)));
    let mut file = OpenOptions::new()
        .append(true)
        .open(&args.results)
        .with_context(|| format!("cannot open {}", args.results.display()))?;
    let limit = Duration::from_millis(args.time_ms);
    let play = |i: usize| {
        let game: &Game = &games[i];
        let (first, second) = (&bots[game.first], &bots[game.second]);
        let record = play_game(&game.board, &[first.cmd.clone(), second.cmd.clone()], limit, Stops::Fault)?;
        let winner = match record.result {
            GameResult::Win(Player::First) => first.name.as_str(),
            GameResult::Win(Player::Second) => second.name.as_str(),
            GameResult::Draw => "draw",
        };
        Ok((results_line(&game.board_name, &first.name, &second.name, &record), winner))
    };
    let record = |_: usize, (line, winner): &(Value, &str)| {
        writeln!(file, "{line}").and_then(|()| file.flush())?;
        Ok(format!("last: {winner}"))
    };
    let new_lines: Vec<Value> =
        crate::pool::run(games.len(), args.jobs, play, record)?.into_iter().map(|(line, _)| line).collect();
    if args.resume {
        eprintln!(
            "pencilbox: {} games played now, {} resumed from {}",
            new_lines.len(),
            done_lines.len(),
            args.results.display()
        );
    }
    let all: Vec<&Value> = done_lines.iter().chain(new_lines.iter()).collect();
    print_standings(&bots.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(), &all, args.json)?;
    Ok(ExitCode::SUCCESS)
}
