//! `islands tournament --split` and `islands merge`: a tournament as independent jobs
//! (`pencilbox jobs run`), one per game, and its standings from their results.

use std::collections::HashMap;
use std::process::ExitCode;
use std::time::Duration;

use pencilbox_islands::Board;
use pencilbox_jobs::{Done, Job, JobFile};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::referee::{Stops, bot_command, play_game};
use super::tournament::{self, game_key, results_line, round_robin};
use crate::input::EXIT_VERDICT;

/// The kind of the jobs `islands tournament --split` writes.
pub const KIND: &str = "islands-game";

/// The merge arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  pencilbox islands tournament --split --bot strong --bot greedy --generate medium --count 50 > jobs.jsonl
  pencilbox jobs run jobs.jsonl --results results --indices 0-199
  pencilbox islands merge jobs.jsonl --results results
  pencilbox islands merge jobs.jsonl --results results --json

Output: the standings, as `islands tournament` prints them after the same games. Exit code 1
when results are missing or failed (named, with the indices to run again), 2 on bad input.")]
pub struct MergeArgs {
    #[command(flatten)]
    pub input: crate::jobs::MergeInput,
    /// Print the standings as JSON.
    #[arg(long)]
    pub json: bool,
}

/// An islands-game job's input: one game of a tournament, with everything it needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameInput {
    /// The game's place in the tournament's order, and how many games the tournament has.
    game: usize,
    games: usize,
    /// The board's name in the results and its text (as `islands generate` writes it).
    board_name: String,
    board: String,
    first: BotInput,
    second: BotInput,
    /// The wall-clock limit on each move.
    time_ms: u64,
    /// The seed of the built-in bots' moves (the tournament's `--seed`; jobs written before
    /// it was carried have none, and their built-in bots draw fresh seeds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
}

/// A bot of a job: its name in the standings and its command as given to the tournament (a
/// built-in bot's name runs the pencilbox that runs the job).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BotInput {
    name: String,
    cmd: String,
}

pub fn split(args: &tournament::Args) -> anyhow::Result<ExitCode> {
    let (bots, games) = round_robin(args)?;
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        let bot = |b: usize| BotInput { name: bots[b].name.clone(), cmd: bots[b].given.clone() };
        let input = GameInput {
            game: i,
            games: games.len(),
            board_name: g.board_name.clone(),
            board: g.board.to_string(),
            first: bot(g.first),
            second: bot(g.second),
            time_ms: args.time_ms,
            seed: Some(args.seed),
        };
        out += &Job::new(KIND, env!("CARGO_PKG_VERSION"), serde_json::to_value(input)?).to_line();
        out.push('\n');
    }
    crate::output::emit(&out)?;
    eprintln!(
        "pencilbox: {} jobs: every pair of {} bots on {} boards, twice each; `islands merge` gives the standings",
        games.len(),
        bots.len(),
        games.len() / (bots.len() * (bots.len() - 1)).max(1)
    );
    Ok(ExitCode::SUCCESS)
}

fn parse(job: &Job) -> Result<GameInput, String> {
    serde_json::from_value(job.input.clone()).map_err(|e| format!("not an islands-game job: {e}"))
}

/// Runs one islands-game job: the game, by the referee, and its results line.
pub fn run_job(job: &Job) -> Result<Done, String> {
    let input = parse(job)?;
    let board: Board =
        input.board.parse().map_err(|e| format!("board {}: not an Islands board: {e}", input.board_name))?;
    let cmd = |b: &BotInput| bot_command(&b.cmd, input.seed).map_err(|e| format!("bot {}: {e:#}", b.name));
    let cmds = [cmd(&input.first)?, cmd(&input.second)?];
    let record = play_game(&board, &cmds, Duration::from_millis(input.time_ms), Stops::Undecided)
        .map_err(|e| format!("{e:#}"))?;
    let line = results_line(&input.board_name, &input.first.name, &input.second.name, &record);
    Ok(Done { result: line, nodes: None })
}

/// The bots of the tournament the job file was written for (in the order they were given) and
/// the keys of its games, checked job by job: the jobs must be its whole round robin, in order.
fn rebuild(file: &JobFile) -> anyhow::Result<(Vec<String>, Vec<String>)> {
    let inputs: Vec<GameInput> = (0..file.len())
        .map(|i| parse(&file.jobs()[i]).map_err(|e| anyhow::anyhow!("{}: job {i}: {e}", file.name())))
        .collect::<anyhow::Result<_>>()?;
    let mut bots: Vec<&BotInput> = Vec::new();
    let mut boards: Vec<&str> = Vec::new();
    let mut board_text: HashMap<&str, &str> = HashMap::new();
    for (i, input) in inputs.iter().enumerate() {
        for bot in [&input.first, &input.second] {
            match bots.iter().find(|b| b.name == bot.name) {
                None => bots.push(bot),
                Some(b) => anyhow::ensure!(
                    b.cmd == bot.cmd,
                    "{}: job {i} runs bot {} as {:?}, an earlier job as {:?}: not one tournament",
                    file.name(),
                    bot.name,
                    bot.cmd,
                    b.cmd
                ),
            }
        }
        match board_text.insert(&input.board_name, &input.board) {
            None => boards.push(&input.board_name),
            Some(text) => anyhow::ensure!(
                text == input.board,
                "{}: job {i} has another board named {} than an earlier job: not one tournament",
                file.name(),
                input.board_name
            ),
        }
    }
    let mut expected = Vec::new();
    for board in &boards {
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                for (a, b) in [(i, j), (j, i)] {
                    expected.push(game_key(board, &bots[a].name, &bots[b].name));
                }
            }
        }
    }
    anyhow::ensure!(
        expected.len() == file.len() && inputs.iter().all(|g| g.games == file.len()),
        "{} has {} jobs, but its {} bots on its {} boards make {} games, and its jobs say {}: it is not a whole \
         `islands tournament --split`",
        file.name(),
        file.len(),
        bots.len(),
        boards.len(),
        expected.len(),
        inputs[0].games
    );
    for (i, (input, key)) in inputs.iter().zip(&expected).enumerate() {
        let found = game_key(&input.board_name, &input.first.name, &input.second.name);
        anyhow::ensure!(
            input.game == i
                && &found == key
                && input.time_ms == inputs[0].time_ms
                && input.seed == inputs[0].seed,
            "{}: job {i} is not game {i} of its tournament ({found}, game {}, {} ms a move, seed {:?}; game {i} is \
             {key}, {} ms a move, seed {:?})",
            file.name(),
            input.game,
            input.time_ms,
            input.seed,
            inputs[0].time_ms,
            inputs[0].seed
        );
    }
    Ok((bots.iter().map(|b| b.name.clone()).collect(), expected))
}

pub fn merge(args: MergeArgs) -> anyhow::Result<ExitCode> {
    let (file, results) = args.input.open(&[KIND])?;
    let (bots, keys) = rebuild(&file)?;
    let Some(lines) = crate::jobs::merge_results(&file, &results, "games")? else {
        return Ok(ExitCode::from(EXIT_VERDICT));
    };
    for (i, (line, key)) in lines.iter().zip(&keys).enumerate() {
        anyhow::ensure!(
            line["key"].as_str() == Some(key.as_str()),
            "{}: not the result of game {key}",
            results.path(i).display()
        );
    }
    let lines: Vec<&Value> = lines.iter().collect();
    tournament::print_standings(&bots.iter().map(String::as_str).collect::<Vec<_>>(), &lines, args.json)?;
    Ok(ExitCode::SUCCESS)
}
