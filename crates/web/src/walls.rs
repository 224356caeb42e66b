//! `/api/walls/analyze`.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use pencilbox_grid::Cell;
use pencilbox_walls::{Board, GrundyTable, LongestTable, Position};
use serde::{Deserialize, Serialize};

use crate::error::Body;
use crate::{ApiError, Shared, run_engine};

/// The web app accepts boards up to this side (the contest allows 20; the tables grow as
/// `H²W²`).
pub const MAX_SIDE: usize = 32;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The contest text: `H W`, then H rows of `.` and `X`.
    board: String,
    /// Moves played so far from the start, `[row, col]`, 0-based.
    #[serde(default)]
    moves: Vec<[usize; 2]>,
    time_ms: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct Part {
    top: usize,
    left: usize,
    bottom: usize,
    right: usize,
    grundy: u32,
}

#[derive(Debug, Serialize)]
pub struct AnalyzeResponse {
    rows: usize,
    cols: usize,
    /// The independent rectangles where a move can still be made (inclusive bounds) and their
    /// Grundy values. A rectangle of marked cells only has no move and value 0: not listed.
    parts: Vec<Part>,
    /// XOR of the parts' values; the player to move wins when it is not 0.
    grundy: u32,
    mover_wins: bool,
    /// Whether the player to move has no move (and so has lost).
    over: bool,
    /// Every move that leaves Grundy value 0, row by row.
    winning_moves: Vec<[usize; 2]>,
    /// The engine's choice for the player to move.
    engine_move: Option<[usize; 2]>,
    /// Every wall cell, row by row.
    walls: Vec<[usize; 2]>,
    /// Every marked cell of the board (never playable), row by row.
    marked: Vec<[usize; 2]>,
}

pub async fn analyze(
    State(config): State<Shared>,
    Body(req): Body<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    let board =
        Board::parse_within(&req.board, MAX_SIDE).map_err(|e| ApiError::bad(format!("board: {e}")))?;
    let mut position = Position::start(&board);
    for (i, &[row, col]) in req.moves.iter().enumerate() {
        position.play(&board, Cell::new(row, col)).map_err(|e| ApiError::bad(format!("moves[{i}]: {e}")))?;
    }
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    // The tables have no deadline of their own; boards up to MAX_SIDE take well under a
    // second, and the backstop covers the rest.
    let out = run_engine(&config, budget, move |_deadline| {
        let grundy = GrundyTable::new(&board);
        let longest = LongestTable::new(&board);
        let parts = position
            .parts_in_play(&board)
            .map(|r| Part {
                top: r.top,
                left: r.left,
                bottom: r.bottom - 1,
                right: r.right - 1,
                grundy: grundy.grundy(r),
            })
            .collect();
        let g = position.grundy(&grundy);
        let pair = |c: Cell| [c.row, c.col];
        Ok(AnalyzeResponse {
            rows: board.rows(),
            cols: board.cols(),
            parts,
            grundy: g,
            mover_wins: g != 0,
            over: position.is_over(&board),
            winning_moves: position.winning_moves(&board, &grundy).into_iter().map(pair).collect(),
            engine_move: position.engine_move(&board, &grundy, &longest).map(pair),
            walls: board.dims().cells().filter(|&c| position.is_wall(c)).map(pair).collect(),
            marked: board.dims().cells().filter(|&c| board.is_marked(c)).map(pair).collect(),
        })
    })
    .await?;
    Ok(Json(out))
}
