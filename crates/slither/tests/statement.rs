//! The statement's example byte for byte.

use pencilbox_slither::{Verdict, format, solver};

fn example(name: &str) -> String {
    let path = format!("{}/../../examples/slither/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn thsl_statement_picture_is_byte_exact() {
    let input = format::parse(&example("thsl-1.in")).unwrap();
    assert_eq!(input.puzzles.len(), 1);
    assert!(!input.numbered);
    let p = &input.puzzles[0];
    let Verdict::Unique(s) = solver::solve(p) else { panic!("expected a unique solution") };
    assert_eq!(format::picture(p, &s), example("thsl-1.out"));
}
