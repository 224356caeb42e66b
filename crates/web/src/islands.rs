//! `/api/islands/{generate,move,legal,solve}`.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use pencilbox_grid::{Cell, Named};
use pencilbox_islands::board::CONTEST_MAX_SIDE;
use pencilbox_islands::{Board, Level, MOVE_LIMIT, Preset, RawMove, Square, choose_move, status};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::error::Body;
use crate::{ApiError, Shared, run_engine};

fn read_board(text: &str) -> Result<Board, ApiError> {
    let board: Board = text.parse().map_err(|e| ApiError::bad(format!("board: {e}")))?;
    if board.n() > CONTEST_MAX_SIDE {
        return Err(ApiError::bad(format!(
            "board: {0}x{0} is larger than the web app's limit of {CONTEST_MAX_SIDE}x{CONTEST_MAX_SIDE}",
            board.n()
        )));
    }
    Ok(board)
}

/// The board as rows of tokens: `#` empty, `B` painted, or the number.
fn grid(board: &Board) -> Vec<Vec<String>> {
    board
        .squares()
        .chunks(board.n())
        .map(|row| {
            row.iter()
                .map(|s| match s {
                    Square::Empty => "#".to_string(),
                    Square::Painted => "B".to_string(),
                    Square::Number(k) => k.to_string(),
                })
                .collect()
        })
        .collect()
}

fn pairs(cells: &[Cell]) -> Vec<[usize; 2]> {
    cells.iter().map(|c| [c.row, c.col]).collect()
}

#[derive(Debug, Serialize)]
pub struct BoardInfo {
    n: usize,
    /// The board in the contest text format (`game.in`), the input of the other routes.
    board: String,
    grid: Vec<Vec<String>>,
    /// For the player to move: `ongoing`, `no_move` (lost) or `draw` (every number painted).
    status: &'static str,
    /// The numbers that can still be painted (`pencilbox_islands::Field`): unpainted, touching no
    /// paint, with room enough for a region. The others, unpainted, are dead for good.
    live: Vec<[usize; 2]>,
    /// The unpainted cells that share a side with paint: out of play for good.
    blocked: Vec<[usize; 2]>,
}

fn board_info(board: &Board) -> BoardInfo {
    let live = board.live_numbers();
    let blocked: Vec<Cell> = board.blocked_cells().collect();
    BoardInfo {
        n: board.n(),
        board: board.to_string(),
        grid: grid(board),
        status: status(board).name(),
        live: pairs(&live),
        blocked: pairs(&blocked),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// A preset by its name (`pencilbox_islands::Preset`).
    preset: String,
    /// The first seed to try (default 0).
    seed: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct GenerateResponse {
    preset: String,
    /// The seed of the board: the first from the requested one whose board is worth playing.
    seed: u64,
    /// The seed asked for; the seeds from it up to `seed` gave boards decided before the first
    /// move (fewer than three live numbers, or no choice that matters).
    requested_seed: u64,
    #[serde(flatten)]
    board: BoardInfo,
}

/// A board to play: the contest generator's board for the first seed, from the requested one,
/// whose game is worth playing (`pencilbox_islands::worth_playing`).
pub async fn generate(
    State(config): State<Shared>,
    Body(req): Body<GenerateRequest>,
) -> Result<Json<GenerateResponse>, ApiError> {
    let preset: Preset = req.preset.parse()?;
    let requested_seed = req.seed.unwrap_or(0);
    let budget = config.budget(None, Duration::from_secs(10))?;
    // A few passes over at most 30x30 cells, but off the executor like all engine work.
    let (seed, board) = run_engine(&config, budget, move |_deadline| {
        pencilbox_islands::playable(preset.params(), requested_seed, rand_chacha::ChaCha8Rng::seed_from_u64)
            .map_err(|e| ApiError::internal(e.to_string()))
    })
    .await?;
    Ok(Json(GenerateResponse { preset: preset.to_string(), seed, requested_seed, board: board_info(&board) }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    board: String,
    /// A level by its name (`pencilbox_islands::Level`).
    level: String,
    time_ms: Option<u64>,
    seed: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct MoveResponse {
    /// The region the engine paints, `None` when the game is over.
    cells: Option<Vec<[usize; 2]>>,
    /// The board after the move (for the other player).
    after: BoardInfo,
}

pub async fn engine_move(
    State(config): State<Shared>,
    Body(req): Body<MoveRequest>,
) -> Result<Json<MoveResponse>, ApiError> {
    let board = read_board(&req.board)?;
    let level: Level = req.level.parse()?;
    let budget = config.budget(req.time_ms, MOVE_LIMIT)?;
    let seed = req.seed.unwrap_or(0);
    let out = run_engine(&config, budget, move |deadline| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut after = board.clone();
        let mv = choose_move(&board, level, deadline, &mut rng);
        if let Some(mv) = &mv {
            after.paint(mv.cells());
        }
        Ok(MoveResponse { cells: mv.map(|m| pairs(m.cells())), after: board_info(&after) })
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalRequest {
    board: String,
    /// The region, `[row, col]` pairs (any order).
    cells: Vec<[i64; 2]>,
}

#[derive(Debug, Serialize)]
pub struct LegalResponse {
    legal: bool,
    /// Why not, when illegal.
    reason: Option<String>,
    /// When legal: the board after the region is painted (for the other player), so that a
    /// page shows the move without painting by a rule of its own.
    after: Option<BoardInfo>,
}

pub async fn legal(
    State(config): State<Shared>,
    Body(req): Body<LegalRequest>,
) -> Result<Json<LegalResponse>, ApiError> {
    let board = read_board(&req.board)?;
    let raw = RawMove { cells: req.cells.iter().map(|&[r, c]| (r, c)).collect() };
    // Linear in the region, but off the executor like all engine work.
    let budget = config.budget(None, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |_deadline| {
        Ok(match raw.validate(&board) {
            Ok(mv) => {
                let mut after = board;
                after.paint(mv.cells());
                LegalResponse { legal: true, reason: None, after: Some(board_info(&after)) }
            }
            Err(e) => LegalResponse { legal: false, reason: Some(e.to_string()), after: None },
        })
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    board: String,
    time_ms: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct SolveResponse {
    /// For the player to move: `Win`, `Draw` or `Loss`.
    outcome: String,
    /// A move achieving it, `None` when the game is over.
    best: Option<Vec<[usize; 2]>>,
}

pub async fn solve(
    State(config): State<Shared>,
    Body(req): Body<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let board = read_board(&req.board)?;
    let budget = config.budget(req.time_ms, Duration::from_secs(5))?;
    let out = run_engine(&config, budget, move |deadline| {
        let s =
            pencilbox_islands::solve(&board, Some(deadline)).map_err(|_| ApiError::out_of_time(budget))?;
        Ok(SolveResponse { outcome: s.outcome.to_string(), best: s.best.map(|m| pairs(m.cells())) })
    })
    .await?;
    Ok(Json(out))
}
