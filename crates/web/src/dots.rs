//! `/api/dots/solve`, `/api/dots/move`, `/api/dots/endgame`, `/api/dots/parse`, `/api/dots/replay`.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use pencilbox_dots::analysis::{AnalysisError, OnTimeout, Options, Report, analyse, round1};
use pencilbox_dots::board::{Line, Player, Position, Score};
use pencilbox_dots::bot::{Bot, ChooseError, DEFAULT_THINK, Level, Reason};
use pencilbox_dots::compact;
use pencilbox_dots::format::{self, Format};
use pencilbox_dots::game::{self, Owner};
use pencilbox_dots::solver::TableSize;
use pencilbox_dots::{endgame, theory};
use pencilbox_grid::{Dims, Edge, Named};
use rand::SeedableRng;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};

use crate::error::Body;
use crate::{ApiError, Shared, run_cancellable, run_engine};

/// Positions with more undrawn lines than this (an empty 3x3 board has 24) are solved only when
/// the request gives `time_ms`: the solve could take minutes (the empty 3x4 board, 31 lines,
/// already takes seconds: docs/PERFORMANCE.md, "Solver").
pub const FREE_SOLVE_LINES: u32 = 24;

/// Transposition table of one request, in MiB (several requests may run at once).
const TABLE_MIB: usize = 32;

/// A position, given in one of three ways.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// A position's text in any form the engine reads (`pencilbox_dots::format`): the olympiad
    /// text (`N M`, then the horizontal then the vertical line digits), an ASCII picture, or a
    /// line string (read for `rows` and `cols` when given, else for the square board it fits).
    position: Option<String>,
    /// The OpenSpiel line string (one 0/1 per edge in the shared numbering); needs rows, cols.
    lines: Option<String>,
    /// The drawn edges by number; needs rows, cols. With neither `position` nor `lines`, an
    /// empty list (or none) means the empty board.
    drawn: Option<Vec<usize>>,
    rows: Option<usize>,
    cols: Option<usize>,
}

/// The board of `rows` × `cols`, checked against the engine's limits.
fn board(rows: usize, cols: usize) -> Result<Dims, ApiError> {
    Dims::new(rows, cols).map_err(|e| ApiError::bad(format!("rows/cols: {e}")))
}

/// A board given by `rows` and `cols` where they are optional: both (checked), or neither.
fn board_of(rows: Option<usize>, cols: Option<usize>) -> Result<Option<Dims>, ApiError> {
    match (rows, cols) {
        (Some(rows), Some(cols)) => board(rows, cols).map(Some),
        (None, None) => Ok(None),
        _ => Err(ApiError::bad("`rows` and `cols` go together: give both")),
    }
}

impl PositionSpec {
    /// The names of its fields, which [`Positioned`] hands to it.
    const FIELDS: [&str; 5] = ["position", "lines", "drawn", "rows", "cols"];

    /// The board of `lines` or `drawn`, which need one.
    fn dims(&self) -> Result<Dims, ApiError> {
        let (Some(rows), Some(cols)) = (self.rows, self.cols) else {
            return Err(ApiError::bad(
                "give `position` (a position's text), or `rows` and `cols` (with `lines` or `drawn`)",
            ));
        };
        board(rows, cols)
    }

    fn read(&self) -> Result<Position, ApiError> {
        let given = [self.position.is_some(), self.lines.is_some(), self.drawn.is_some()];
        if given.iter().filter(|&&g| g).count() > 1 {
            return Err(ApiError::bad("give only one of `position`, `lines` and `drawn`"));
        }
        let pos = if let Some(text) = &self.position {
            format::read(text, Format::Auto, board_of(self.rows, self.cols)?)
                .map_err(|e| ApiError::bad(format!("position: {e}")))?
        } else if let Some(lines) = &self.lines {
            Position::from_line_string(self.dims()?, lines)
                .map_err(|e| ApiError::bad(format!("lines: {e}")))?
        } else {
            let dims = self.dims()?;
            let drawn = self.drawn.as_deref().unwrap_or(&[]);
            if let Some(&bad) = drawn.iter().find(|&&e| e >= dims.num_edges()) {
                return Err(ApiError::bad(format!("drawn: line {bad} is not on a {dims} board")));
            }
            Position::from_lines(dims, drawn.iter().map(|&e| Edge(e)))
                .map_err(|e| ApiError::bad(format!("drawn: {e}")))?
        };
        Ok(pos)
    }
}

/// A dots request: a position ([`PositionSpec`]'s fields) and the route's own fields `T`, each
/// part refusing a field it does not know. (serde's `flatten` would pass unknown fields over.)
#[derive(Debug)]
pub struct Positioned<T> {
    spec: PositionSpec,
    req: T,
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Positioned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut rest = serde_json::Map::deserialize(d)?;
        let spec: serde_json::Map<String, serde_json::Value> =
            PositionSpec::FIELDS.iter().filter_map(|&k| rest.remove_entry(k)).collect();
        let spec = PositionSpec::deserialize(serde_json::Value::Object(spec)).map_err(D::Error::custom)?;
        let req = T::deserialize(serde_json::Value::Object(rest)).map_err(D::Error::custom)?;
        Ok(Positioned { spec, req })
    }
}

/// The fields of a route that takes a position and nothing else.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// Also compute every legal move's value.
    #[serde(default)]
    moves: bool,
    /// Also the chains and loops with the long chain rule, and the fight for control decided
    /// exactly beside the solve.
    #[serde(default)]
    explain: bool,
    time_ms: Option<u64>,
    /// When the exact solve does not finish in its share of `time_ms`
    /// ([`pencilbox_dots::analysis::EXACT_SHARE`]), spend the rest on the strong engine's search
    /// and answer its estimate (else 503).
    #[serde(default)]
    estimate: bool,
}

/// The analysis of a position (`pencilbox_dots::analysis`): the report `pencilbox dots solve
/// --json` prints, field for field.
pub async fn solve(
    State(config): State<Shared>,
    Body(Positioned { spec, req }): Body<Positioned<SolveRequest>>,
) -> Result<Json<Report>, ApiError> {
    let pos = spec.read()?;
    let undrawn = pos.num_undrawn();
    if compact::from_position(&pos).is_ok() && undrawn > FREE_SOLVE_LINES as usize && req.time_ms.is_none() {
        return Err(ApiError::bad(format!(
            "{undrawn} undrawn lines: an exact solve may take minutes above {FREE_SOLVE_LINES}; give `time_ms` to try within a budget"
        )));
    }
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let on_timeout = if req.estimate { OnTimeout::Estimate } else { OnTimeout::Fail };
    // An analysis the page no longer wants (it moved on) stops at once: the cancel flag.
    let out = run_cancellable(&config, budget, move |deadline, cancel| {
        let options = Options {
            moves: req.moves,
            explain: req.explain,
            deadline: Some(deadline),
            on_timeout,
            cancel: Some(cancel),
            ..Options::exact(TableSize::Mib(TABLE_MIB))
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        analyse(&pos, options, &mut rng).map_err(|e| match e {
            AnalysisError::BeyondSolver(_) => ApiError::bad(format!("{e}: give `time_ms` and `estimate`")),
            AnalysisError::OutOfTime { .. } | AnalysisError::Cancelled => {
                let timeout = ApiError::out_of_time(budget);
                ApiError { message: format!("{}; {e}", timeout.message), ..timeout }
            }
            e => ApiError::bad(e.to_string()),
        })
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// A level by its name (`pencilbox_dots::bot::Level`, listed in GET /api/limits).
    level: String,
    /// Thinking time of the basic and strong levels (default 1000).
    time_ms: Option<u64>,
    /// Seed of the engine's random choices (default 0).
    seed: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct MoveResponse {
    line: usize,
    name: String,
    /// `forced`, `exact`, `search`, `heuristic`, `large-board` (chain rules and exact simple
    /// endgames: the board has more lines than the solver takes, and the strong level has no
    /// safe line left or the board is beyond its search) or `level`.
    reason: &'static str,
    /// The exact value of the position for the mover, when the engine solved it.
    value: Option<Score>,
    /// With `search`: the search's estimate of that value and its standard error (both `None`
    /// when the search was too thin to estimate it), and the playouts behind it.
    estimate: Option<f64>,
    std_error: Option<f64>,
    playouts: Option<u32>,
    /// How many boxes the move completes (the mover then moves again when > 0).
    completes: u32,
}

pub async fn engine_move(
    State(config): State<Shared>,
    Body(Positioned { spec, req }): Body<Positioned<MoveRequest>>,
) -> Result<Json<MoveResponse>, ApiError> {
    let level: Level = req.level.parse()?;
    let position = spec.read()?;
    if position.is_over() {
        return Err(ApiError::bad(ChooseError::GameOver.to_string()));
    }
    let budget = config.budget(req.time_ms, DEFAULT_THINK)?;
    let seed = req.seed.unwrap_or(0);
    let out = run_engine(&config, budget, move |deadline| {
        let dims = position.dims();
        // A position read is at most MAX_BOARD_SIDE a side, which the engine takes: no error here.
        let mut bot =
            Bot::new(level, dims, TableSize::Mib(TABLE_MIB)).map_err(|e| ApiError::bad(e.to_string()))?;
        bot.set_threads(2);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let choice =
            bot.choose(&position, &mut rng, deadline).map_err(|e| ApiError::internal(e.to_string()))?;
        let value = match choice.reason {
            Reason::Exact { value } => Some(value),
            Reason::Proven { lower } => Some(lower),
            _ => None,
        };
        let reason = choice.reason.name();
        let (estimate, std_error, playouts) = match choice.reason {
            Reason::Search { value, std_error, playouts } => {
                (std_error.map(|_| round1(value)), std_error.map(round1), Some(playouts))
            }
            _ => (None, None, None),
        };
        Ok(MoveResponse {
            line: choice.line.index(),
            name: Line::of(dims, choice.line).to_string(),
            reason,
            value,
            estimate,
            std_error,
            playouts,
            completes: position
                .clone()
                .play(choice.line)
                .map_err(|e| ApiError::internal(e.to_string()))?
                .boxes_completed
                .into(),
        })
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Serialize)]
pub struct EndgameResponse {
    /// Chain lengths in boxes, ascending.
    chains: Vec<usize>,
    /// Loop lengths in boxes, ascending.
    loops: Vec<usize>,
    /// Exact net score for the player to move (claimed boxes count for nothing).
    value: Score,
    /// Every chain and loop with its boxes (so a page can highlight one), chains first, each
    /// kind by length.
    components: Vec<Component>,
}

/// One chain or loop of a simple endgame.
#[derive(Debug, Serialize)]
pub struct Component {
    /// `chain` or `loop`.
    kind: &'static str,
    /// Its number of boxes.
    length: usize,
    /// Its boxes `[row, col]`, in order along it (a chain from one end).
    boxes: Vec<[usize; 2]>,
}

pub async fn endgame(
    State(config): State<Shared>,
    Body(Positioned { spec, req: NoFields {} }): Body<Positioned<NoFields>>,
) -> Result<Json<EndgameResponse>, ApiError> {
    let pos = spec.read()?;
    // Linear in the board (64x64 at most), but off the executor like all engine work.
    let budget = config.budget(None, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |_deadline| {
        let parts = endgame::decompose(&pos)
            .map_err(|e| ApiError::bad(format!("not a simple chains-and-loops endgame: {e}")))?;
        let mut found = theory::components(&pos);
        found.sort_by_key(|c| (c.kind, c.len(), c.boxes[0]));
        let components = found
            .into_iter()
            .map(|c| Component {
                kind: c.kind.name(),
                length: c.len(),
                boxes: c.boxes.iter().map(|b| [b.row, b.col]).collect(),
            })
            .collect();
        Ok(EndgameResponse {
            chains: parts.chains().to_vec(),
            loops: parts.loops().to_vec(),
            value: endgame::value(&parts),
            components,
        })
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    /// A position in any of its text forms (`pencilbox_dots::format`): the olympiad text, the
    /// ASCII picture, or an OpenSpiel line string.
    text: String,
    /// The page's board: a line string is read for it when its length fits it, else for the
    /// square board it fits (`pencilbox_dots::format::line_string_board`); the other forms
    /// carry their own size, and these are not read.
    rows: Option<usize>,
    cols: Option<usize>,
    /// `auto` (the default), `olympiad`, `openspiel` or `ascii`.
    format: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ParseResponse {
    rows: usize,
    cols: usize,
    /// The form the text was read in (`auto` resolved).
    format: &'static str,
    /// The drawn lines by number, ascending.
    drawn: Vec<usize>,
    /// The OpenSpiel line string.
    lines: String,
}

/// Reads a position pasted by a user, in whichever form, with the engine's parsers: the page
/// keeps no parser of its own.
pub async fn parse(Body(req): Body<ParseRequest>) -> Result<Json<ParseResponse>, ApiError> {
    let format: Format = req.format.as_deref().unwrap_or("auto").parse()?;
    let form = format.of(&req.text);
    let dims = match form {
        Format::Openspiel => {
            board_of(req.rows, req.cols)?.and_then(|offered| format::line_string_board(&req.text, offered))
        }
        _ => None,
    };
    let pos = format::read(&req.text, form, dims).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(Json(ParseResponse {
        rows: pos.dims().rows(),
        cols: pos.dims().cols(),
        format: form.name(),
        drawn: pos.drawn().iter().collect(),
        lines: pos.line_string(),
    }))
}

/// With the start position, as for `/api/dots/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// The lines drawn from it, in order; the player who moves first draws the first.
    #[serde(default)]
    moves: Vec<usize>,
}

#[derive(Debug, Serialize)]
pub struct ReplayResponse {
    /// Who drew each line: `null` (undrawn), `"start"`, `"first"` or `"second"` (the player who
    /// moved first from the start position, and the other).
    lines: Vec<Option<&'static str>>,
    /// Who took each box, row-major, in the same words.
    boxes: Vec<Option<&'static str>>,
    /// Who drew each move that was played.
    movers: Vec<&'static str>,
    /// The boxes each player took: `[first, second]`.
    score: [usize; 2],
    /// `"first"`, `"second"`, or `null` when every line is drawn.
    to_move: Option<&'static str>,
    unclaimed: usize,
    /// The index of the first move that could not be played (the replay stops before it), and
    /// why; `null` when all were.
    stopped: Option<usize>,
    reason: Option<String>,
    /// Every line's name (`h R C`, `v R C`), by line number: the page names lines as the engine
    /// does.
    names: Vec<String>,
    /// The position reached, in the engine's text forms by their names (`olympiad`,
    /// `openspiel`): what the page shows to copy.
    texts: Texts,
}

#[derive(Debug, Serialize)]
pub struct Texts {
    olympiad: String,
    openspiel: String,
}

fn owner(owner: Option<Owner>) -> Option<&'static str> {
    owner.map(|o| match o {
        Owner::Start => "start",
        Owner::Player(p) => p.name(),
    })
}

/// Replays a game from its start position by the engine's rule (a completed box moves again),
/// so that the page draws owners, scores and turns without a rule of its own.
pub async fn replay(
    Body(Positioned { spec, req }): Body<Positioned<ReplayRequest>>,
) -> Result<Json<ReplayResponse>, ApiError> {
    let start = spec.read()?;
    let moves: Vec<Edge> = req.moves.iter().map(|&e| Edge(e)).collect();
    let g = game::replay(&start, &moves);
    let dims = start.dims();
    Ok(Json(ReplayResponse {
        names: (0..dims.num_edges()).map(|e| Line::of(dims, Edge(e)).to_string()).collect(),
        texts: Texts { olympiad: g.position.to_string(), openspiel: g.position.line_string() },
        lines: g.lines.iter().map(|&o| owner(o)).collect(),
        boxes: g.boxes.iter().map(|&o| owner(o)).collect(),
        movers: g.movers.iter().map(|p| p.name()).collect(),
        score: [g.score(Player::First), g.score(Player::Second)],
        to_move: g.to_move.map(Player::name),
        unclaimed: g.position.unclaimed_boxes(),
        stopped: g.stopped.as_ref().map(|s| s.0),
        reason: g.stopped.map(|s| s.1.to_string()),
    }))
}
