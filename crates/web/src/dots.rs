//! `/api/dots/solve`, `/api/dots/move`, `/api/dots/endgame`, `/api/dots/parse`, `/api/dots/replay`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use pencilbox_dots::analysis::{Analysis, Report, analyse, analyse_beyond_solver};
use pencilbox_dots::board::{Line, Player, Position};
use pencilbox_dots::bot::{Bot, ChooseError, DEFAULT_THINK, Level, Reason};
use pencilbox_dots::format::{self, Format};
use pencilbox_dots::game::{self, Owner};
use pencilbox_dots::lines;
use pencilbox_dots::solver::{Solver, TableSize};
use pencilbox_dots::{chains, control, endgame};
use pencilbox_grid::{Dims, Edge, Named};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::error::Body;
use crate::{ApiError, Shared, run_cancellable, run_engine};

/// Positions with more undrawn lines than this (an empty 3x3 board has 24) are solved only when
/// the request gives `time_ms`: the solve could take minutes (3x4, 31 lines: about 30 s).
pub const FREE_SOLVE_LINES: u32 = 24;

/// The largest side of a board the page offers: a 10x10 board (220 lines) still fits a
/// 1280x800 window with every line easy to click. `/api/dots/move` plays on boards up to
/// [`pencilbox_dots::board::MAX_SIDE`] a side.
pub const PAGE_MAX_SIDE: usize = 10;

/// Transposition table of one request, in MiB (several requests may run at once).
const TABLE_MIB: usize = 32;

/// A position, given in one of three ways.
#[derive(Debug, Deserialize)]
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

#[derive(Debug, Serialize)]
pub struct MoveValue {
    line: usize,
    name: String,
    /// The mover's net score after this move: exact (an integer), or the search's estimate (one
    /// decimal).
    value: serde_json::Value,
    exact: bool,
    /// With an estimate: the playouts through this move.
    playouts: Option<u32>,
    /// Whether the mover is on track for control after this move, by the long chain rule.
    keeps_control: bool,
    /// Whether the mover wins control after this move, exactly (Nimstring); `null` when that
    /// was not decided (as `ControlInfo::mover_wins_control`).
    wins_control: Option<bool>,
}

#[derive(Debug, Deserialize)]
pub struct SolveRequest {
    #[serde(flatten)]
    spec: PositionSpec,
    /// Also compute every legal move's value.
    #[serde(default)]
    moves: bool,
    time_ms: Option<u64>,
    /// When the exact solve does not finish in half of `time_ms`, spend the other half on the
    /// strong engine's search and answer its estimate (else 503).
    #[serde(default)]
    estimate: bool,
}

#[derive(Debug, Serialize)]
pub struct SolveResponse {
    rows: usize,
    cols: usize,
    /// Net score (the mover's boxes minus the opponent's, over the unclaimed boxes) with best
    /// play: exact (an integer), or the search's estimate (one decimal).
    value: serde_json::Value,
    exact: bool,
    /// With an estimate: the bounds the exact solve had proven, and the search's playouts.
    bounds: Option<[i32; 2]>,
    playouts: Option<u32>,
    /// A best move, `None` when every line is drawn.
    best: Option<MoveValue>,
    /// Every legal move's value, when asked for (with an estimate: the moves the search looked
    /// at, symmetric duplicates left out).
    moves: Option<Vec<MoveValue>>,
    nodes: u64,
    /// The fight for control, by the long chain rule.
    control: ControlInfo,
}

#[derive(Debug, Serialize)]
pub struct ControlInfo {
    /// The chains and loops so far, each with its boxes in order ([row, col]).
    components: Vec<ComponentInfo>,
    long_chains: usize,
    safe_lines: usize,
    /// `even` or `odd`: the number of long chains the player to move wants.
    mover_wants: String,
    mover_on_track: bool,
    /// Whether the player to move can win control, exactly (Nimstring); `null` when the game is
    /// over, the board is beyond 128 lines, or it was not decided in time.
    mover_wins_control: Option<bool>,
}

#[derive(Debug, Serialize)]
pub struct ComponentInfo {
    kind: String,
    /// Whether the long chain rule counts it (`Component::is_long_chain`).
    long: bool,
    boxes: Vec<[usize; 2]>,
}

fn control_info(pos: &Position, fight: Option<&control::Fight>) -> ControlInfo {
    let c = control::control(pos);
    ControlInfo {
        components: c
            .components
            .iter()
            .map(|x| ComponentInfo {
                kind: x.kind.to_string(),
                long: x.is_long_chain(),
                boxes: x.boxes.iter().map(|b| [b.row, b.col]).collect(),
            })
            .collect(),
        long_chains: c.long_chains,
        safe_lines: c.safe_lines,
        mover_wants: c.mover_wants.to_string(),
        mover_on_track: c.mover_on_track(),
        mover_wins_control: fight.map(|f| f.mover_wins),
    }
}

/// A value as JSON: an exact one as an integer, an estimate rounded to one decimal.
fn number(v: f64, exact: bool) -> serde_json::Value {
    // `+ 0.0` turns a rounded -0.0 into 0.
    if exact { (v as i64).into() } else { ((v * 10.0).round() / 10.0 + 0.0).into() }
}

pub async fn solve(
    State(config): State<Shared>,
    Body(req): Body<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let pos = req.spec.read()?;
    // Beyond the solver only the search's estimate can answer, within a budget.
    let compact = match lines::compact(&pos) {
        Err(too_large) if !(req.estimate && req.time_ms.is_some()) => {
            return Err(ApiError::bad(format!(
                "{too_large}; give `time_ms` and `estimate` for the strong engine's estimate by its search (up to {} lines)",
                pencilbox_dots::mcts::large::MAX_LINES
            )));
        }
        compact => compact.ok(),
    };
    let undrawn = pos.num_undrawn();
    if compact.is_some() && undrawn > FREE_SOLVE_LINES as usize && req.time_ms.is_none() {
        return Err(ApiError::bad(format!(
            "{undrawn} undrawn lines: an exact solve may take minutes above {FREE_SOLVE_LINES}; give `time_ms` to try within a budget"
        )));
    }
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let (want_moves, want_estimate) = (req.moves, req.estimate);
    // An analysis the page no longer wants (it moved on) stops at once: the cancel flag.
    let out = run_cancellable(&config, budget, move |deadline, cancel| {
        let dims = pos.dims();
        let mut solver = compact.map(|(geo, drawn)| {
            let mut solver = Solver::new(geo, TableSize::Mib(TABLE_MIB));
            solver.set_cancel(Some(Arc::clone(&cancel)));
            (solver, drawn)
        });
        // The exact fight for control beside the solve, on a thread of its own.
        let least = control::fight_least(Some(deadline.saturating_duration_since(Instant::now())));
        let stop = Some(&*cancel);
        let (fight, report) = control::fight_beside(&pos, Instant::now() + least, Some(deadline), stop, || {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            Ok::<_, ApiError>(match solver.as_mut() {
                Some((solver, drawn)) => {
                    analyse(solver, *drawn, want_moves, Some(deadline), want_estimate, &mut rng)
                }
                None => Ok(analyse_beyond_solver(&pos, want_moves, deadline, 1, Some(Arc::clone(&cancel)), &mut rng)
                    .ok_or_else(|| {
                    ApiError::bad(format!(
                        "a {dims} board has {} lines: beyond the exact solver and its search (boards of up to {} lines)",
                        dims.num_edges(),
                        pencilbox_dots::mcts::large::MAX_LINES
                    ))
                })?),
            })
        });
        let report = report?;
        let keeps = |e: Edge| control::keeps_control(&pos, e);
        let wins = |e: Edge| fight.as_ref()?.of(e);
        let mv = |e: Edge, value: f64, exact: bool, playouts: Option<u32>| MoveValue {
            line: e.index(),
            name: Line::of(dims, e).to_string(),
            value: number(value, exact),
            exact,
            playouts,
            keeps_control: keeps(e),
            wins_control: wins(e),
        };
        match report {
            Ok(Report { analysis: Analysis::Exact { value, best, moves }, exact: st }) => Ok(SolveResponse {
                rows: dims.rows(),
                cols: dims.cols(),
                value: number(f64::from(value), true),
                exact: true,
                bounds: None,
                playouts: None,
                best: best.map(|e| mv(e, f64::from(value), true, None)),
                moves: moves
                    .map(|all| all.into_iter().map(|(e, v)| mv(e, f64::from(v), true, None)).collect()),
                nodes: st.nodes,
                control: control_info(&pos, fight.as_ref()),
            }),
            Ok(Report { analysis: Analysis::Estimate { value, best, playouts, moves }, exact: st }) => {
                Ok(SolveResponse {
                    rows: dims.rows(),
                    cols: dims.cols(),
                    value: number(value, false),
                    exact: false,
                    bounds: Some([st.lower, st.upper]),
                    playouts: Some(playouts),
                    best: Some(mv(best, value, false, Some(playouts))),
                    moves: moves.map(|all| {
                        all.iter().map(|m| mv(m.line, m.corrected, m.exact, Some(m.visits))).collect()
                    }),
                    nodes: st.nodes,
                    control: control_info(&pos, fight.as_ref()),
                })
            }
            Err(_) => {
                let st = solver.map(|(solver, _)| solver.stats()).unwrap_or_default();
                Err(ApiError {
                    message: format!(
                        "{}; the value is in [{}, {}] after {} nodes",
                        ApiError::out_of_time(budget).message,
                        st.lower,
                        st.upper,
                        st.nodes
                    ),
                    ..ApiError::out_of_time(budget)
                })
            }
        }
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
pub struct MoveRequest {
    #[serde(flatten)]
    spec: PositionSpec,
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
    value: Option<i32>,
    /// With `search`: the search's estimate of that value, and the playouts behind it.
    estimate: Option<f64>,
    playouts: Option<u32>,
    /// How many boxes the move completes (the mover then moves again when > 0).
    completes: u32,
}

pub async fn engine_move(
    State(config): State<Shared>,
    Body(req): Body<MoveRequest>,
) -> Result<Json<MoveResponse>, ApiError> {
    let level: Level = req.level.parse()?;
    let position = req.spec.read()?;
    if position.is_over() {
        return Err(ApiError::bad(ChooseError::GameOver.to_string()));
    }
    let budget = config.budget(req.time_ms, DEFAULT_THINK)?;
    let seed = req.seed.unwrap_or(0);
    let out = run_engine(&config, budget, move |deadline| {
        let dims = position.dims();
        // A position read is at most MAX_SIDE a side, which the engine takes: no error here.
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
        let (estimate, playouts) = match choice.reason {
            Reason::Search { value, playouts } => (Some((value * 10.0).round() / 10.0), Some(playouts)),
            _ => (None, None),
        };
        Ok(MoveResponse {
            line: choice.line.index(),
            name: Line::of(dims, choice.line).to_string(),
            reason,
            value,
            estimate,
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

#[derive(Debug, Deserialize)]
pub struct EndgameRequest {
    #[serde(flatten)]
    spec: PositionSpec,
}

#[derive(Debug, Serialize)]
pub struct EndgameResponse {
    /// Chain lengths in boxes, ascending.
    chains: Vec<usize>,
    /// Loop lengths in boxes, ascending.
    loops: Vec<usize>,
    /// Exact net score for the player to move (claimed boxes count for nothing).
    value: i64,
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
    Body(req): Body<EndgameRequest>,
) -> Result<Json<EndgameResponse>, ApiError> {
    let pos = req.spec.read()?;
    // Linear in the board (64x64 at most), but off the executor like all engine work.
    let budget = config.budget(None, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |_deadline| {
        let parts = endgame::decompose(&pos)
            .map_err(|e| ApiError::bad(format!("not a simple chains-and-loops endgame: {e}")))?;
        let mut found = chains::components(&pos);
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

#[derive(Debug, Deserialize)]
pub struct ReplayRequest {
    /// The start position, as for `/api/dots/solve`.
    #[serde(flatten)]
    spec: PositionSpec,
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

fn side(player: Player) -> &'static str {
    match player {
        Player::A => "first",
        Player::B => "second",
    }
}

fn owner(owner: Option<Owner>) -> Option<&'static str> {
    owner.map(|o| match o {
        Owner::Start => "start",
        Owner::Player(p) => side(p),
    })
}

/// Replays a game from its start position by the engine's rule (a completed box moves again),
/// so that the page draws owners, scores and turns without a rule of its own.
pub async fn replay(Body(req): Body<ReplayRequest>) -> Result<Json<ReplayResponse>, ApiError> {
    let start = req.spec.read()?;
    let moves: Vec<Edge> = req.moves.iter().map(|&e| Edge(e)).collect();
    let g = game::replay(&start, &moves);
    let dims = start.dims();
    Ok(Json(ReplayResponse {
        names: (0..dims.num_edges()).map(|e| Line::of(dims, Edge(e)).to_string()).collect(),
        texts: Texts { olympiad: g.position.to_string(), openspiel: g.position.line_string() },
        lines: g.lines.iter().map(|&o| owner(o)).collect(),
        boxes: g.boxes.iter().map(|&o| owner(o)).collect(),
        movers: g.movers.iter().map(|&p| side(p)).collect(),
        score: [g.score(Player::A), g.score(Player::B)],
        to_move: g.to_move.map(side),
        unclaimed: g.position.unclaimed_boxes(),
        stopped: g.stopped.as_ref().map(|s| s.0),
        reason: g.stopped.map(|s| s.1.to_string()),
    }))
}
