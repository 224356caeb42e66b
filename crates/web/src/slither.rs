//! `/api/slither/{parse,solve,check,hint,grade,generate,analyze}`.

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use pencilbox_grid::{Cell, Dims, Dot, Edge, OutOfTime};
use pencilbox_slither::check::{Problem, Verdict as CheckVerdict};
use pencilbox_slither::deduce::{self, Advice, HintError, Move, Places};
use pencilbox_slither::generate::{self, GenerateError};
use pencilbox_slither::level::{self, GradeError, Level};
use pencilbox_slither::limits::{EDITOR_MAX_SIDE, GENERATE_ATTEMPTS, PLAY_MAX_SIDE};
use pencilbox_slither::{Clue, EdgeState, Puzzle, format, solver};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::error::Body;
use crate::{ApiError, Shared, run_engine};

/// Reads one puzzle from text, a puzz.link URL or a Loopy game ID.
fn read_puzzle(text: &str) -> Result<Puzzle, ApiError> {
    let mut input = format::parse(text).map_err(|e| ApiError::bad(format!("puzzle: {e}")))?;
    if input.puzzles.len() != 1 {
        return Err(ApiError::bad(format!("puzzle: expected one puzzle, found {}", input.puzzles.len())));
    }
    let p = input.puzzles.remove(0);
    let d = p.dims();
    if d.rows() > PLAY_MAX_SIDE || d.cols() > PLAY_MAX_SIDE {
        return Err(ApiError::bad(format!(
            "puzzle: {d} is larger than the web app's limit of {PLAY_MAX_SIDE}x{PLAY_MAX_SIDE}"
        )));
    }
    Ok(p)
}

/// The clues as rows: a number, `null` (blank) or `"?"` (hidden number).
fn clue_rows(p: &Puzzle) -> Vec<Vec<serde_json::Value>> {
    let d = p.dims();
    (0..d.rows())
        .map(|r| {
            (0..d.cols())
                .map(|c| match p.clue(Cell::new(r, c)) {
                    Clue::Number(n) => n.into(),
                    Clue::Blank => serde_json::Value::Null,
                    Clue::Unknown => "?".into(),
                })
                .collect()
        })
        .collect()
}

#[derive(Debug, Serialize)]
pub struct PuzzleInfo {
    rows: usize,
    cols: usize,
    clues: Vec<Vec<serde_json::Value>>,
    url: String,
    loopy: String,
    text: String,
}

fn info(p: &Puzzle) -> PuzzleInfo {
    PuzzleInfo {
        rows: p.dims().rows(),
        cols: p.dims().cols(),
        clues: clue_rows(p),
        url: format::to_url(p),
        loopy: format::to_loopy(p),
        text: format::to_text(p),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    puzzle: String,
}

pub async fn parse(Body(req): Body<ParseRequest>) -> Result<Json<PuzzleInfo>, ApiError> {
    Ok(Json(info(&read_puzzle(&req.puzzle)?)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    puzzle: String,
    time_ms: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct SolveResponse {
    /// `unique`, `multiple` or `none`.
    verdict: &'static str,
    /// The loop's edges: the solution, or one of several.
    edges: Option<Vec<usize>>,
}

pub async fn solve(
    State(config): State<Shared>,
    Body(req): Body<SolveRequest>,
) -> Result<Json<SolveResponse>, ApiError> {
    let p = read_puzzle(&req.puzzle)?;
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |deadline| {
        let verdict = solver::solve_within(&p, solver::Budget { max_nodes: None, deadline: Some(deadline) })
            .map_err(|OutOfTime| ApiError::out_of_time(budget))?;
        let edges = |s: &pencilbox_slither::Solution| Some(s.edges().map(Edge::index).collect());
        Ok(match verdict {
            solver::Verdict::Unique(s) => SolveResponse { verdict: "unique", edges: edges(&s) },
            solver::Verdict::Multiple(s) => SolveResponse { verdict: "multiple", edges: edges(&s) },
            solver::Verdict::NoSolution => SolveResponse { verdict: "none", edges: None },
        })
    })
    .await?;
    Ok(Json(out))
}

/// A puzzle and the player's marks: edges with a line and edges with a cross (the rest empty).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarksRequest {
    puzzle: String,
    #[serde(default)]
    lines: Vec<usize>,
    #[serde(default)]
    crosses: Vec<usize>,
}

impl MarksRequest {
    fn read(&self) -> Result<(Puzzle, Vec<EdgeState>), ApiError> {
        let p = read_puzzle(&self.puzzle)?;
        let d = p.dims();
        let mut marks = vec![EdgeState::Unknown; d.num_edges()];
        for (what, list, state) in
            [("lines", &self.lines, EdgeState::Line), ("crosses", &self.crosses, EdgeState::Cross)]
        {
            for &e in list {
                let Some(m) = marks.get_mut(e) else {
                    return Err(ApiError::bad(format!(
                        "{what}: edge {e} is not on a {d} puzzle ({} edges)",
                        d.num_edges()
                    )));
                };
                if *m != EdgeState::Unknown && *m != state {
                    return Err(ApiError::bad(format!("edge {e} is marked both as a line and a cross")));
                }
                *m = state;
            }
        }
        Ok((p, marks))
    }
}

#[derive(Debug, Serialize)]
pub struct CheckResponse {
    /// `solved`, `incomplete`, `crossing`, `branch`, `wrong_number`, `dead_end` or
    /// `several_loops`.
    verdict: &'static str,
    message: String,
    /// What to highlight.
    cells: Vec<[usize; 2]>,
    dots: Vec<[usize; 2]>,
    edges: Vec<usize>,
}

fn check_response(d: Dims, v: CheckVerdict) -> CheckResponse {
    let dot = |x: Dot| [x.row, x.col];
    let ids = |es: &[Edge]| es.iter().map(|e| e.index()).collect::<Vec<_>>();
    let mut r =
        CheckResponse { verdict: "", message: String::new(), cells: vec![], dots: vec![], edges: vec![] };
    match v {
        CheckVerdict::Solved => {
            r.verdict = "solved";
            r.message = "solved: the lines are one loop and every number is met".into();
        }
        CheckVerdict::Incomplete => {
            r.verdict = "incomplete";
            r.message = "no mistake found yet, but the loop is not finished".into();
        }
        CheckVerdict::Problem(Problem::Crossing { dot: x, edges }) => {
            r.verdict = "crossing";
            r.message = format!("four lines cross at dot {x}");
            (r.dots, r.edges) = (vec![dot(x)], ids(&edges));
        }
        CheckVerdict::Problem(Problem::Branch { dot: x, edges }) => {
            r.verdict = "branch";
            r.message = format!("the loop branches: three lines meet at dot {x}");
            (r.dots, r.edges) = (vec![dot(x)], ids(&edges));
        }
        CheckVerdict::Problem(Problem::WrongNumber { cell, clue, lines, crosses }) => {
            r.verdict = "wrong_number";
            let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let (lines, crosses) = (count(lines, "line", "lines"), count(crosses, "cross", "crosses"));
            r.message = format!("the {clue} at cell {cell} has {lines} and {crosses} around it");
            r.cells = vec![[cell.row, cell.col]];
            r.edges = ids(&d.cell_edges(cell));
        }
        CheckVerdict::Problem(Problem::DeadEnd { dot: x, edge }) => {
            r.verdict = "dead_end";
            r.message = format!("dead end: the line stops at dot {x}, where every other edge is crossed");
            (r.dots, r.edges) = (vec![dot(x)], vec![edge.index()]);
        }
        CheckVerdict::Problem(Problem::SeveralLoops { loop_edges, .. }) => {
            r.verdict = "several_loops";
            r.message = "this closed loop leaves other lines out: there must be only one loop".into();
            r.edges = ids(&loop_edges);
        }
        CheckVerdict::Problem(other) => {
            r.verdict = "problem";
            r.message = format!("{other:?}");
        }
    }
    r
}

pub async fn check(
    State(config): State<Shared>,
    Body(req): Body<MarksRequest>,
) -> Result<Json<CheckResponse>, ApiError> {
    let (p, marks) = req.read()?;
    // Linear in the board, but off the executor like all engine work.
    let budget = config.budget(None, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |_deadline| {
        let v = pencilbox_slither::check::check(&p, &marks).map_err(|e| ApiError::bad(e.to_string()))?;
        Ok(check_response(p.dims(), v))
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Serialize)]
pub struct Fix {
    edge: usize,
    /// `line` or `cross`.
    state: &'static str,
}

fn state_name(s: EdgeState) -> &'static str {
    if s == EdgeState::Line { "line" } else { "cross" }
}

fn fixes(fixed: &[(Edge, EdgeState)]) -> Vec<Fix> {
    fixed.iter().map(|&(e, s)| Fix { edge: e.index(), state: state_name(s) }).collect()
}

/// Places to highlight: cells and dots as `[row, col]`, edges by number.
#[derive(Debug, Default, Serialize)]
pub struct Highlight {
    cells: Vec<[usize; 2]>,
    dots: Vec<[usize; 2]>,
    edges: Vec<usize>,
}

impl From<Places> for Highlight {
    fn from(p: Places) -> Self {
        Highlight {
            cells: p.cells.iter().map(|c| [c.row, c.col]).collect(),
            dots: p.dots.iter().map(|d| [d.row, d.col]).collect(),
            edges: p.edges.iter().map(|e| e.index()).collect(),
        }
    }
}

/// One move of a hint's reasoning.
#[derive(Debug, Serialize)]
pub struct HintMove {
    /// The rule's name, or `trial`.
    rule: String,
    /// Where: the cell or dot the rule looked at; for a trial, the edge assumed.
    at: String,
    /// The move in words.
    text: String,
    /// 0 for a deduction step, else the trial's depth.
    depth: usize,
    fixed: Vec<Fix>,
    /// Facts learned (pair states, colour relations), in words.
    learned: Vec<String>,
    #[serde(flatten)]
    places: Highlight,
}

fn hint_move(d: Dims, m: &Move) -> HintMove {
    let (rule, at, learned) = match m {
        Move::Step(s) => {
            (s.rule.name().to_string(), s.at.clone(), s.learned.iter().map(|f| f.describe(d)).collect())
        }
        Move::Trial(t) => ("trial".to_string(), deduce::edge_name(d, t.edge), Vec::new()),
    };
    HintMove {
        rule,
        at,
        text: m.describe(d),
        depth: m.depth(),
        fixed: fixes(&m.fixed()),
        learned,
        places: m.places(d).into(),
    }
}

#[derive(Debug, Serialize)]
pub struct HintResponse {
    /// `step` (edges decided: `fixed`), `mistake` (the puzzle has one solution and some marks
    /// disagree with it: `wrong` lists them), `contradiction` (the marks are part of no
    /// solution), `solved` (every edge is marked and the lines are a solution), `no_solution`
    /// (the puzzle itself has none) or `stuck` (neither a rule nor a trial decides an edge: the
    /// puzzle has several solutions, or needs deeper trials).
    status: &'static str,
    /// The last move's rule (`trial` for a trial).
    rule: Option<String>,
    /// Where the last move applied (for a trial, the edge assumed); with `mistake`, a summary.
    at: Option<String>,
    /// The edges decided (at least one with `step`).
    fixed: Vec<Fix>,
    /// With `mistake`: the marked edges that disagree with the solution (a line off the loop or
    /// a cross on it), in edge order.
    wrong: Vec<usize>,
    /// 0 when deductions decide the edges, else the depth of the trial.
    depth: usize,
    /// The whole reasoning in words (with `contradiction`: what breaks).
    text: Option<String>,
    /// The reasoning, in order: the steps that learned facts the last move needs, then the
    /// last move (a step fixing edges, or a trial).
    steps: Vec<HintMove>,
    /// Every place the reasoning looked at (with `contradiction`: where it breaks).
    #[serde(flatten)]
    places: Highlight,
}

pub async fn hint(
    State(config): State<Shared>,
    Body(req): Body<MarksRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let (p, marks) = req.read()?;
    let budget = config.budget(None, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |deadline| {
        let d = p.dims();
        let mut r = HintResponse {
            status: "",
            rule: None,
            at: None,
            fixed: vec![],
            wrong: vec![],
            depth: 0,
            text: None,
            steps: vec![],
            places: Highlight::default(),
        };
        match deduce::advise(&p, &marks, deduce::HINT_DEPTH, Some(deadline)) {
            Ok(Advice::Hint(h)) => {
                let last = hint_move(d, h.last());
                r.status = "step";
                (r.rule, r.at, r.fixed, r.depth) = (Some(last.rule), Some(last.at), last.fixed, h.depth());
                r.text = Some(h.describe(d));
                r.places = h.places(d).into();
                r.steps = h.chain.iter().map(|m| hint_move(d, m)).collect();
            }
            Ok(Advice::Mistake { wrong }) => {
                r.status = "mistake";
                let n = wrong.len();
                r.at = Some(format!(
                    "{n} of your marks disagree{} with the solution",
                    if n == 1 { "s" } else { "" }
                ));
                r.wrong = wrong.iter().map(|e| e.index()).collect();
            }
            Ok(Advice::Contradiction(c)) => {
                r.status = "contradiction";
                r.text = Some(c.describe(d));
                r.places = c.places(d).into();
            }
            Ok(Advice::Solved) => r.status = "solved",
            Ok(Advice::NoSolution) => r.status = "no_solution",
            Ok(_) => r.status = "stuck",
            Err(HintError::OutOfTime(_)) => return Err(ApiError::out_of_time(budget)),
            Err(e) => return Err(ApiError::bad(e.to_string())),
        }
        Ok(r)
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Serialize)]
pub struct GradeResponse {
    /// `unique`, `multiple` or `none`: only a puzzle with one solution has a level.
    verdict: &'static str,
    /// The least level whose techniques solve the puzzle (`easy` … `expert`, `trial-N`).
    level: Option<String>,
    /// The steps of the solve at that level.
    steps: Option<u32>,
    /// Orders puzzles within a level (higher is harder).
    score: Option<u32>,
}

pub async fn grade(
    State(config): State<Shared>,
    Body(req): Body<SolveRequest>,
) -> Result<Json<GradeResponse>, ApiError> {
    let p = read_puzzle(&req.puzzle)?;
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |deadline| {
        let none = |verdict| GradeResponse { verdict, level: None, steps: None, score: None };
        match level::grade(&p, Some(deadline)) {
            Ok(g) => Ok(GradeResponse {
                verdict: "unique",
                level: Some(g.level.to_string()),
                steps: Some(g.steps),
                score: Some(g.score),
            }),
            Err(GradeError::NotUnique) => Ok(none("multiple")),
            Err(GradeError::NoSolution) => Ok(none("none")),
            Err(_) => Err(ApiError::out_of_time(budget)),
        }
    })
    .await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    rows: usize,
    cols: usize,
    /// A level the generator makes (`GET /api/limits` lists them).
    difficulty: String,
    seed: Option<u64>,
    time_ms: Option<u64>,
}

#[derive(Debug, Serialize)]
pub struct GenerateResponse {
    seed: u64,
    /// The puzzle's level: the one asked for.
    difficulty: String,
    #[serde(flatten)]
    puzzle: PuzzleInfo,
}

pub async fn generate(
    State(config): State<Shared>,
    Body(req): Body<GenerateRequest>,
) -> Result<Json<GenerateResponse>, ApiError> {
    let target: Level = req.difficulty.parse()?;
    let d = Dims::new(req.rows, req.cols).map_err(|e| ApiError::bad(format!("rows and cols: {e}")))?;
    generate::check_request(d, target).map_err(|e| ApiError::bad(e.to_string()))?;
    let seed = req.seed.unwrap_or(0);
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let out = run_engine(&config, budget, move |deadline| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        match generate::generate_until(d, target, GENERATE_ATTEMPTS, Some(deadline), &mut rng) {
            // The generator re-grades every puzzle: its level is the target.
            Ok(p) => Ok(GenerateResponse { seed, difficulty: target.to_string(), puzzle: info(&p) }),
            Err(GenerateError::OutOfTime(_)) => Err(ApiError::out_of_time(budget)),
            Err(e) => Err(ApiError::bad(format!("{e} on a {d} board; try another seed or difficulty"))),
        }
    })
    .await?;
    Ok(Json(out))
}

/// The setter's workbench: a puzzle as text (`puzzle`) or as rows of clues (`clues`: a number
/// 0–3, `null` blank or `"?"`, the form the other routes answer with).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    puzzle: Option<String>,
    clues: Option<Vec<Vec<serde_json::Value>>>,
    time_ms: Option<u64>,
}

/// Reads the rows of clues of an analyze request.
fn puzzle_from_rows(rows: &[Vec<serde_json::Value>]) -> Result<Puzzle, ApiError> {
    let cols = rows.first().map_or(0, Vec::len);
    let d = Dims::new(rows.len(), cols)
        .map_err(|e| ApiError::bad(format!("clues: {} rows of {cols}: {e}", rows.len())))?;
    let mut clues = Vec::with_capacity(d.num_cells());
    for (r, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(ApiError::bad(format!("clues: row {r} has {} cells, row 0 has {cols}", row.len())));
        }
        for (c, v) in row.iter().enumerate() {
            clues.push(match v {
                serde_json::Value::Null => Clue::Blank,
                serde_json::Value::String(s) if s == "?" => Clue::Unknown,
                v => match v.as_u64() {
                    Some(n @ 0..=3) => Clue::Number(n as u8),
                    _ => {
                        return Err(ApiError::bad(format!(
                            "clues: cell ({r}, {c}) is {v}; a clue is 0, 1, 2, 3, null (blank) or \"?\""
                        )));
                    }
                },
            });
        }
    }
    Ok(Puzzle::new(d, clues))
}

#[derive(Debug, Serialize)]
pub struct AddClueInfo {
    cell: [usize; 2],
    clue: u8,
}

#[derive(Debug, Serialize)]
pub struct AnalyzeResponse {
    /// `unique`, `multiple` or `none`; `unknown` when the time budget ran out before the
    /// solutions were counted.
    verdict: &'static str,
    /// False when the time budget stopped the work (after the count: `unchecked` lists the
    /// clues left, a conflict may not be minimal).
    complete: bool,
    /// With `unique`: the level.
    level: Option<String>,
    /// With `unique`: the clues that can each be removed alone with the puzzle still unique.
    redundant: Vec<[usize; 2]>,
    /// With `unique`: the clues the budget left unchecked.
    unchecked: Vec<[usize; 2]>,
    /// With `none`: clues that have no solution on their own.
    conflict: Vec<[usize; 2]>,
    /// With `none`: whether no clue of `conflict` can go.
    minimal: Option<bool>,
    /// With `multiple`: the edges where the two loops of `loops` differ.
    differing: Vec<usize>,
    /// With `multiple`: a clue that one loop meets and the other does not.
    add: Option<AddClueInfo>,
    /// The solution (`unique`) or two solutions (`multiple`): their edges.
    loops: Vec<Vec<usize>>,
    #[serde(flatten)]
    puzzle: PuzzleInfo,
}

/// An answer with the puzzle's forms and nothing found yet.
fn analyze_response_empty(p: &Puzzle) -> AnalyzeResponse {
    AnalyzeResponse {
        verdict: "",
        complete: true,
        level: None,
        redundant: vec![],
        unchecked: vec![],
        conflict: vec![],
        minimal: None,
        differing: vec![],
        add: None,
        loops: vec![],
        puzzle: info(p),
    }
}

fn analyze_response(p: &Puzzle, a: pencilbox_slither::analyze::Analysis) -> AnalyzeResponse {
    use pencilbox_slither::analyze::Findings;
    let cells = |cs: Vec<Cell>| cs.into_iter().map(|c| [c.row, c.col]).collect();
    let edges = |s: &pencilbox_slither::Solution| s.edges().map(Edge::index).collect();
    let mut r = AnalyzeResponse { complete: a.complete, ..analyze_response_empty(p) };
    match a.findings {
        Findings::NoSolution { conflict, minimal } => {
            (r.verdict, r.conflict, r.minimal) = ("none", cells(conflict), Some(minimal));
        }
        Findings::Unique { solution, level, redundant, unchecked } => {
            r.verdict = "unique";
            r.level = level.map(|l| l.to_string());
            (r.redundant, r.unchecked, r.loops) =
                (cells(redundant), cells(unchecked), vec![edges(&solution)]);
        }
        Findings::Several { solutions, differing, add } => {
            r.verdict = "multiple";
            r.differing = differing.into_iter().map(Edge::index).collect();
            r.add = add.map(|a| AddClueInfo { cell: [a.cell.row, a.cell.col], clue: a.clue });
            r.loops = solutions.iter().map(edges).collect();
        }
        _ => r.verdict = "unknown",
    }
    r
}

pub async fn analyze(
    State(config): State<Shared>,
    Body(req): Body<AnalyzeRequest>,
) -> Result<Json<AnalyzeResponse>, ApiError> {
    let p = match (&req.puzzle, &req.clues) {
        (Some(text), None) => read_puzzle(text)?,
        (None, Some(rows)) => puzzle_from_rows(rows)?,
        _ => return Err(ApiError::bad("give the puzzle either as `puzzle` (text) or as `clues` (rows)")),
    };
    let d = p.dims();
    if d.rows() > EDITOR_MAX_SIDE || d.cols() > EDITOR_MAX_SIDE {
        return Err(ApiError::bad(format!(
            "puzzle: {d} is larger than the workbench's limit of {EDITOR_MAX_SIDE}x{EDITOR_MAX_SIDE}"
        )));
    }
    let budget = config.budget(req.time_ms, Duration::from_secs(10))?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let out = run_engine(&config, budget, move |deadline| Ok(analysis(&p, deadline, threads))).await?;
    Ok(Json(out))
}

/// The analysis of `p` within `deadline`. When the solutions are not counted in time the answer
/// is `unknown` rather than an error: the editor still needs the puzzle's forms (export, play).
fn analysis(p: &Puzzle, deadline: Instant, threads: usize) -> AnalyzeResponse {
    match pencilbox_slither::analyze::analyze(p, Some(deadline), threads) {
        Ok(a) => analyze_response(p, a),
        Err(OutOfTime) => {
            AnalyzeResponse { verdict: "unknown", complete: false, ..analyze_response_empty(p) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_out_of_time_before_the_count_is_unknown_with_the_puzzles_forms() {
        // A blank board needs a search node to find even one loop, and a search node looks at the
        // clock: with a deadline already past, the count cannot finish.
        let p = Puzzle::blank(Dims::new(6, 6).unwrap());
        let v = serde_json::to_value(analysis(&p, Instant::now(), 2)).unwrap();
        assert_eq!((v["verdict"].as_str(), v["complete"].as_bool()), (Some("unknown"), Some(false)), "{v}");
        assert_eq!((&v["loops"], &v["level"]), (&serde_json::json!([]), &serde_json::Value::Null));
        assert_eq!((&v["url"], &v["loopy"]), (&format::to_url(&p).into(), &format::to_loopy(&p).into()));
        assert_eq!(v["text"], format::to_text(&p));
        // With time, the same board has several solutions.
        let far = Instant::now() + Duration::from_secs(60);
        assert_eq!(serde_json::to_value(analysis(&p, far, 2)).unwrap()["verdict"], "multiple");
    }
}
