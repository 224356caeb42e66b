//! Round-robin tournaments between bots, resumable from the results file.

use crate::output::outln;
use std::collections::{HashMap, HashSet};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use pencilbox_islands::{Board, Level, MOVE_LIMIT, Preset};

use super::referee::{GameResult, Player, bot_command, builtin_names, play_game};
use super::{generate_board, read_board};
use crate::options::{millis, named, seed_value, whole};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[arg(long = "bot", value_name = "NAME=CMD", required = true, help = format!(
        "A bot as NAME=CMD, or just a built-in name ({}). At least two. CMD is a built-in name \
         or a shell command; its program must exist.",
        crate::options::one_of::<Level>()
    ))]
    bots: Vec<String>,
    /// Play every `*.in` board in this directory.
    #[arg(long, conflicts_with = "generate", required_unless_present = "generate")]
    boards: Option<PathBuf>,
    /// Play generated boards of this preset.
    #[arg(long, value_parser = named::<Preset>())]
    generate: Option<Preset>,
    /// How many boards to generate.
    #[arg(long, default_value_t = 10, value_parser = whole(1u64, "a whole number of boards"))]
    count: u64,
    /// Seed of the first generated board (board i uses seed + i).
    #[arg(long, default_value_t = 1, value_parser = seed_value())]
    seed: u64,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_parser = whole(1usize, "a whole number of games"))]
    jobs: usize,
    /// Wall-clock limit per move in milliseconds.
    #[arg(long, default_value_t = MOVE_LIMIT.as_millis() as u64, value_name = "MS", value_parser = millis())]
    time_ms: u64,
    /// Append one JSON line per finished game here.
    #[arg(long, default_value = "islands-results.jsonl")]
    results: PathBuf,
    /// Keep the games already in --results and play only the missing ones.
    #[arg(long)]
    resume: bool,
    /// Print the standings as JSON.
    #[arg(long)]
    json: bool,
}

struct Bot {
    name: String,
    cmd: String,
}

struct Game {
    board_name: String,
    board: Board,
    first: usize,
    second: usize,
}

impl Game {
    fn key(&self, bots: &[Bot]) -> String {
        format!("{}|{}|{}", self.board_name, bots[self.first].name, bots[self.second].name)
    }
}

fn parse_bot(spec: &str) -> anyhow::Result<Bot> {
    let Some((name, cmd)) = spec.split_once('=') else {
        if spec.parse::<Level>().is_err() {
            bail!(
                "--bot {spec:?} is not a built-in bot ({}); give NAME=CMD to run a program",
                builtin_names()
            );
        }
        return Ok(Bot { name: spec.to_string(), cmd: bot_command(spec)? });
    };
    if name.is_empty() || cmd.is_empty() {
        bail!("--bot {spec:?}: expected NAME=CMD or a built-in bot name");
    }
    Ok(Bot { name: name.to_string(), cmd: bot_command(cmd).with_context(|| format!("--bot {spec:?}"))? })
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

fn tally(rows: &mut HashMap<String, Row>, line: &serde_json::Value) {
    let name = |k: &str| line[k].as_str().unwrap_or_default().to_string();
    let (first, second) = (name("first"), name("second"));
    let result = name("result");
    let invalid = line["invalid"].as_str().map(str::to_string);
    for (me, other, side) in [(&first, &second, "first"), (&second, &first, "second")] {
        let row = rows.entry(me.clone()).or_default();
        let _ = other;
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

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bots: Vec<Bot> = args.bots.iter().map(|s| parse_bot(s)).collect::<anyhow::Result<_>>()?;
    if bots.len() < 2 {
        bail!("a tournament needs at least two --bot");
    }
    let names: HashSet<&str> = bots.iter().map(|b| b.name.as_str()).collect();
    if names.len() != bots.len() {
        bail!("bot names must be different");
    }
    let boards = boards(&args)?;
    let mut games = Vec::new();
    for (board_name, board) in &boards {
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                for (first, second) in [(i, j), (j, i)] {
                    games.push(Game { board_name: board_name.clone(), board: board.clone(), first, second });
                }
            }
        }
    }
    let mut done_lines: Vec<serde_json::Value> = Vec::new();
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
        let record =
            play_game(&game.board, &[bots[game.first].cmd.clone(), bots[game.second].cmd.clone()], limit)?;
        let invalid = record.invalid.map(Player::name);
        let line = serde_json::json!({
            "key": game.key(&bots),
            "board": game.board_name,
            "first": bots[game.first].name,
            "second": bots[game.second].name,
            "result": record.result_name(),
            "reason": record.reason,
            "invalid": invalid,
            "moves": record.moves.len(),
            "slowest_ms": { "first": record.slowest_ms[0] as u64, "second": record.slowest_ms[1] as u64 },
        });
        let winner = match record.result {
            GameResult::Win(Player::First) => bots[game.first].name.as_str(),
            GameResult::Win(Player::Second) => bots[game.second].name.as_str(),
            GameResult::Draw => "draw",
        };
        Ok((line, winner))
    };
    let record = |_: usize, (line, winner): &(serde_json::Value, &str)| {
        writeln!(file, "{line}").and_then(|()| file.flush())?;
        Ok(format!("last: {winner}"))
    };
    let new_lines: Vec<serde_json::Value> =
        crate::pool::run(games.len(), args.jobs, play, record)?.into_iter().map(|(line, _)| line).collect();
    let mut rows: HashMap<String, Row> = bots.iter().map(|b| (b.name.clone(), Row::default())).collect();
    let all: Vec<&serde_json::Value> = done_lines.iter().chain(new_lines.iter()).collect();
    for line in &all {
        tally(&mut rows, line);
    }
    let mut order: Vec<(String, Row)> = rows.into_iter().collect();
    order.sort_by(|a, b| b.1.points.total_cmp(&a.1.points).then(a.0.cmp(&b.0)));
    let max_points = 3.0 * all.len() as f64;
    if args.json {
        let rows: Vec<serde_json::Value> = order
            .iter()
            .map(|(n, r)| {
                serde_json::json!({"bot": n, "points": r.points, "wins": r.wins, "draws": r.draws,
                    "losses": r.losses, "invalid": r.invalid, "slowest_ms": r.slowest_ms})
            })
            .collect();
        outln!("{}", serde_json::json!({ "games": all.len(), "standings": rows }))?;
    } else {
        outln!(
            "{} games ({} played now, {} resumed); {} points in play",
            all.len(),
            new_lines.len(),
            done_lines.len(),
            max_points
        )?;
        outln!(
            "{:<12} {:>8} {:>6} {:>6} {:>6} {:>8} {:>12}",
            "bot",
            "points",
            "wins",
            "draws",
            "losses",
            "invalid",
            "slowest ms"
        )?;
        for (n, r) in &order {
            outln!(
                "{:<12} {:>8.1} {:>6} {:>6} {:>6} {:>8} {:>12}",
                n,
                r.points,
                r.wins,
                r.draws,
                r.losses,
                r.invalid,
                r.slowest_ms
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
