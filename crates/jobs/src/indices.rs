//! Which jobs to run: a list of indices and ranges (`0-99`, `3,7,10-12`), as Slurm's `--array`
//! writes them, and the same syntax back for the indices left to resubmit.

use std::fmt;
use std::str::FromStr;

/// The most indices one list may name: a guard against a typo such as `0-99999999999`.
pub const MAX_INDICES: usize = 10_000_000;

/// A set of job indices, ascending and without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Indices(Vec<usize>);

/// Why a list of indices cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IndicesError {
    #[error("`{0}` is not a list of indices such as `0-99` or `3,7,10-12`")]
    Syntax(String),
    #[error("`{0}` is a range that ends before it starts")]
    Backwards(String),
    #[error("`{0}` names more than {MAX_INDICES} indices")]
    TooMany(String),
}

impl Indices {
    /// The indices `start..end`.
    pub fn range(start: usize, end: usize) -> Indices {
        Indices((start..end).collect())
    }

    /// The chunk of `size` jobs that array task `task` runs: `task*size .. (task+1)*size`, cut
    /// at `count` jobs.
    pub fn chunk(task: usize, size: usize, count: usize) -> Indices {
        let start = task.saturating_mul(size).min(count);
        Indices::range(start, start.saturating_add(size).min(count))
    }

    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<usize> for Indices {
    fn from_iter<T: IntoIterator<Item = usize>>(iter: T) -> Self {
        let mut v: Vec<usize> = iter.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        Indices(v)
    }
}

impl FromStr for Indices {
    type Err = IndicesError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let syntax = || IndicesError::Syntax(s.to_string());
        let number = |t: &str| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            t.parse::<usize>().map_err(|_| syntax())
        };
        let mut all = Vec::new();
        for part in s.trim().split(',') {
            let part = part.trim();
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (number(a.trim())?, number(b.trim())?),
                None => {
                    let n = number(part)?;
                    (n, n)
                }
            };
            if b < a {
                return Err(IndicesError::Backwards(part.to_string()));
            }
            if all.len() + (b - a) >= MAX_INDICES {
                return Err(IndicesError::TooMany(s.to_string()));
            }
            all.extend(a..=b);
        }
        Ok(all.into_iter().collect())
    }
}

/// The indices in Slurm's `--array` syntax: runs of consecutive indices as ranges.
pub fn array_syntax(indices: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let start = indices[i];
        let mut end = start;
        while i + 1 < indices.len() && indices[i + 1] == end + 1 {
            i += 1;
            end += 1;
        }
        parts.push(if end == start { start.to_string() } else { format!("{start}-{end}") });
        i += 1;
    }
    parts.join(",")
}

impl fmt::Display for Indices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&array_syntax(&self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn reads_slurm_lists() {
        let i: Indices = "0-3,7, 10-11".parse().unwrap();
        assert_eq!(i.as_slice(), &[0, 1, 2, 3, 7, 10, 11]);
        assert_eq!(i.to_string(), "0-3,7,10-11");
        assert_eq!("5".parse::<Indices>().unwrap().as_slice(), &[5]);
        assert_eq!("3-1".parse::<Indices>(), Err(IndicesError::Backwards("3-1".into())));
        for bad in ["", "a", "1-", "-1", "1--2", "1,,2", "+1", "0-99999999999"] {
            assert!(bad.parse::<Indices>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn chunks_cover_the_jobs_once() {
        let all: Vec<usize> = (0..4).flat_map(|t| Indices::chunk(t, 3, 10).0).collect();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert!(Indices::chunk(4, 3, 10).is_empty());
        assert!(Indices::chunk(usize::MAX, usize::MAX, 10).is_empty());
    }

    proptest! {
        #[test]
        fn the_array_syntax_reads_back(v in proptest::collection::vec(0usize..200, 0..40)) {
            let i: Indices = v.into_iter().collect();
            if !i.is_empty() {
                prop_assert_eq!(i.to_string().parse::<Indices>().unwrap(), i);
            }
        }
    }
}
