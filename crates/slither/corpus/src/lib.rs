//! The Slitherlink benchmark corpus: `janko-1176.json` (1176 puzzles, most with their solution)
//! and `loopy-levels.tsv` (Loopy's own level for half of them), as described by the README of
//! the folder that holds them. The corpus has no licence that would let it into the repository,
//! so it is read from a folder given at run time: the first argument of a benchmark in
//! `crates/slither/examples`, or the environment variable [`ENV`] for the opt-in corpus tests
//! (`cargo test -p pencilbox-slither --features corpus`). Asked for and missing, it is an error
//! that names the path, never a silent pass.
//!
//! File formats: `janko-1176.json` is an object whose `data` maps a name to `problem` (the
//! puzzle as THSL text) and, for most, `solution` (`ROWS COLS`, then rows of `x` for a cell
//! inside the loop and `-` outside); `loopy-levels.tsv` has a header line, then `name` and
//! `loopy_level` (`easy`, `normal`, `tricky`, `hard` or `beyond-hard`) separated by a tab.

use std::path::{Path, PathBuf};

use pencilbox_grid::Named;
use pencilbox_slither::loopy::LoopyLevel;
use pencilbox_slither::{Puzzle, Solution, format};

/// The environment variable naming the corpus folder.
pub const ENV: &str = "PENCILBOX_CORPUS";
/// The puzzles, in the corpus folder.
pub const PUZZLES_FILE: &str = "janko-1176.json";
/// Loopy's levels, in the corpus folder.
pub const LOOPY_LEVELS_FILE: &str = "loopy-levels.tsv";
/// The one corpus puzzle with several solutions (the README's SAT-based reference reports two
/// puzzles not unique; the solver and the independent colouring count find only this one).
pub const NOT_UNIQUE: &str = "random_15x15";

/// Why the corpus could not be read. Every variant names the path it tried.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CorpusError {
    #[error(
        "the Slitherlink corpus was asked for but no folder was given: set {ENV} to the folder \
         holding {PUZZLES_FILE} and {LOOPY_LEVELS_FILE} (a benchmark also takes its path as its \
         first argument)"
    )]
    NotGiven,
    #[error(
        "cannot read the Slitherlink corpus file {path}: {source} (the corpus folder comes from {ENV} or the first argument)"
    )]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the Slitherlink corpus file {path} is not what its README describes: {message}")]
    Malformed { path: PathBuf, message: String },
}

/// Where the corpus files are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The puzzles file (usually `FOLDER/janko-1176.json`; a benchmark may be given another file
    /// in the same format, such as a few puzzles cut out of it).
    pub puzzles: PathBuf,
    /// Loopy's levels: `loopy-levels.tsv` beside the puzzles file.
    pub loopy_levels: PathBuf,
}

impl Location {
    /// The corpus at `path`: a puzzles file when the path ends in `.json`, else the folder
    /// holding the corpus files. A relative path is taken from the current directory and made
    /// absolute, so that messages name the file tried (`cargo test` runs each test in its
    /// crate's folder).
    pub fn at(path: impl AsRef<Path>) -> Location {
        let path = path.as_ref();
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let is_file = path.extension().is_some_and(|e| e == "json") && !path.is_dir();
        let puzzles = if is_file { path } else { path.join(PUZZLES_FILE) };
        let loopy_levels = puzzles.with_file_name(LOOPY_LEVELS_FILE);
        Location { puzzles, loopy_levels }
    }

    /// The corpus named by the environment variable [`ENV`].
    pub fn from_env() -> Result<Location, CorpusError> {
        match std::env::var_os(ENV) {
            Some(dir) if !dir.is_empty() => Ok(Location::at(dir)),
            _ => Err(CorpusError::NotGiven),
        }
    }

    /// For a benchmark: the corpus and the benchmark's own arguments. The corpus is the first
    /// command-line argument when that is a path (it holds a `/`, ends in `.json` or exists),
    /// else the folder [`ENV`] names; so `workbench 10x10` reads the corpus from [`ENV`] and
    /// `workbench corpus/ 10x10` from `corpus/`. Prints the error and exits with status 2 when
    /// neither is given.
    pub fn from_args() -> (Location, Vec<String>) {
        let mut args: Vec<String> = std::env::args().skip(1).collect();
        let is_path = |a: &str| a.contains('/') || a.ends_with(".json") || Path::new(a).exists();
        let location = match args.first() {
            Some(first) if is_path(first) => Ok(Location::at(args.remove(0))),
            _ => Location::from_env(),
        };
        (or_exit(location), args)
    }

    fn read(path: &Path) -> Result<String, CorpusError> {
        std::fs::read_to_string(path).map_err(|source| CorpusError::Read { path: path.to_path_buf(), source })
    }

    fn malformed(path: &Path, message: impl Into<String>) -> CorpusError {
        CorpusError::Malformed { path: path.to_path_buf(), message: message.into() }
    }

    /// Every puzzle of the puzzles file, sorted by name.
    pub fn puzzles(&self) -> Result<Vec<Entry>, CorpusError> {
        let path = &self.puzzles;
        let json: serde_json::Value = serde_json::from_str(&Location::read(path)?)
            .map_err(|e| Location::malformed(path, e.to_string()))?;
        let data = json["data"].as_object().ok_or_else(|| Location::malformed(path, "no `data` object"))?;
        let mut entries =
            data.iter()
                .map(|(name, e)| {
                    let problem = e["problem"]
                        .as_str()
                        .ok_or_else(|| Location::malformed(path, format!("{name}: no problem")))?;
                    let input = format::parse(problem)
                        .map_err(|err| Location::malformed(path, format!("{name}: {err}")))?;
                    let puzzle = input.puzzles.into_iter().next().ok_or_else(|| {
                        Location::malformed(path, format!("{name}: no puzzle in its problem"))
                    })?;
                    let solution = e["solution"].as_str().and_then(|t| solution(&puzzle, t));
                    Ok(Entry { name: name.clone(), puzzle, solution })
                })
                .collect::<Result<Vec<_>, CorpusError>>()?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }

    /// Loopy's level of every puzzle in the levels file, in the file's order: `None` for
    /// `beyond-hard` (Loopy's solver cannot finish the puzzle without guessing).
    pub fn loopy_levels(&self) -> Result<Vec<(String, Option<LoopyLevel>)>, CorpusError> {
        let path = &self.loopy_levels;
        Location::read(path)?
            .lines()
            .skip(1)
            .map(|line| {
                let (name, level) = line
                    .split_once('\t')
                    .ok_or_else(|| Location::malformed(path, format!("{line:?}: two columns")))?;
                let level = match level.trim() {
                    BEYOND_HARD => None,
                    other => {
                        Some(other.parse().map_err(|e| Location::malformed(path, format!("{name}: {e}")))?)
                    }
                };
                Ok((name.to_string(), level))
            })
            .collect()
    }
}

/// For a benchmark: the value, or the error printed on standard error and exit status 2.
pub fn or_exit<T>(result: Result<T, CorpusError>) -> T {
    result.unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    })
}

/// What loopy-levels.tsv writes for a puzzle Loopy's solver cannot finish without guessing.
pub const BEYOND_HARD: &str = "beyond-hard";

/// The rank of a level as [`Location::loopy_levels`] gives it, Loopy's own easiest first, then
/// beyond hard (`None`), so that levels compare and differ by a number of steps.
pub fn loopy_rank(level: Option<LoopyLevel>) -> usize {
    level.map_or(LoopyLevel::ALL.len(), |l| l as usize)
}

/// The name of the level of rank `rank` ([`loopy_rank`]), as loopy-levels.tsv writes it.
pub fn loopy_rank_name(rank: usize) -> &'static str {
    LoopyLevel::ALL.get(rank).map_or(BEYOND_HARD, |l| l.name())
}

/// One corpus puzzle.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The corpus key, `<id>_<rows>x<cols>`.
    pub name: String,
    pub puzzle: Puzzle,
    /// The corpus solution, when it is given, well formed and meets the clues (two entries'
    /// grids are malformed).
    pub solution: Option<Solution>,
}

/// A corpus solution: `ROWS COLS`, then a row per line of `x` (inside) and `-` (outside) cells.
fn solution(p: &Puzzle, text: &str) -> Option<Solution> {
    let d = p.dims();
    let mut lines = text.lines().skip(1);
    let mut inside = Vec::with_capacity(d.num_cells());
    for _ in 0..d.rows() {
        let row: Vec<&str> = lines.next()?.split_whitespace().collect();
        if row.len() != d.cols() {
            return None;
        }
        for t in row {
            inside.push(match t {
                "x" => true,
                "-" => false,
                _ => return None,
            });
        }
    }
    Some(Solution::from_inside(d, &inside)).filter(|s| p.is_solution(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_corpus_is_named_with_the_file_tried() {
        let missing = Location::at("/nonexistent/slitherlink");
        let err = missing.puzzles().unwrap_err().to_string();
        assert!(err.contains("/nonexistent/slitherlink/janko-1176.json"), "{err}");
        let err = missing.loopy_levels().unwrap_err().to_string();
        assert!(err.contains("/nonexistent/slitherlink/loopy-levels.tsv"), "{err}");
        // A relative path is named as the absolute path tried; a `.json` file is the puzzles.
        let here = std::env::current_dir().unwrap();
        assert_eq!(Location::at("nowhere").puzzles, here.join("nowhere").join(PUZZLES_FILE));
        let some = Location::at("some.json");
        assert_eq!((some.puzzles, some.loopy_levels), (here.join("some.json"), here.join(LOOPY_LEVELS_FILE)));
    }
}
