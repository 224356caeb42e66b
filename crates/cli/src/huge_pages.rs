//! Huge pages for the solvers' tables.
//!
//! The Dots-and-Boxes solver's transposition table (tens of megabytes for the bot, gigabytes for
//! big solves) is read at random: with 4 KiB pages nearly every probe also misses the TLB. glibc
//! backs large allocations with 2 MiB transparent huge pages when the process starts with
//! `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, which makes the solver's probes cheaper and its big
//! solves markedly faster (docs/PERFORMANCE.md, "Solver"). A tunable is read once, when the
//! process starts, so the verbs that build such tables start the program again
//! with it set, unless `GLIBC_TUNABLES` is already set or `PENCILBOX_HUGE_PAGES` is set (to
//! anything: `off` turns this off; the restarted program has it set, so it never restarts twice).

/// The variable that turns the restart off, and marks the restarted program.
const MARK: &str = "PENCILBOX_HUGE_PAGES";

/// Starts this program again with huge pages for large allocations, when it can and should;
/// returns when it does not (or cannot: then it runs on without them). Call it before reading
/// any input.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn restart_with_huge_pages() {
    use std::os::unix::process::CommandExt;
    if std::env::var_os("GLIBC_TUNABLES").is_some() || std::env::var_os(MARK).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else { return };
    let mut args = std::env::args_os();
    let mut command = std::process::Command::new(exe);
    if let Some(arg0) = args.next() {
        command.arg0(arg0);
    }
    // `exec` returns only when it failed: the program then goes on as it is.
    let _failed = command.args(args).env("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1").env(MARK, "on").exec();
}

/// Elsewhere the tunable means nothing.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn restart_with_huge_pages() {}
