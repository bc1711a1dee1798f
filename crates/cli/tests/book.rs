//! `poda book`: a small build from a mid-game root, `--write-only` giving back the same book
//! from the partial file, and the one-line errors.

mod common;
use common::{assert_user_error, poda, stdout};

#[test]
fn a_build_and_its_write_only_copy_agree() {
    let dir = std::env::temp_dir().join(format!("poda-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let partial = dir.join("book.partial");
    let built = dir.join("built.bin");
    let copied = dir.join("copied.bin");
    let (partial_s, built_s, copied_s) = (
        partial.to_str().unwrap(),
        built.to_str().unwrap(),
        copied.to_str().unwrap(),
    );
    // A root from Test_L2_R1 (23 plies, score 8 for the side to move), every node stored.
    let root = "52753311433677442422121";
    let o = poda(&[
        "book",
        "connect4",
        "--from-scratch",
        "--root",
        root,
        "--depth",
        "25",
        "--probe-nodes",
        "0",
        "--tt",
        "16",
        "--threads",
        "1",
        "--partial",
        partial_s,
        "--out",
        built_s,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report = stdout(&o);
    assert!(
        report.contains("ply 23: 1 decision nodes, 1 stored"),
        "{report}"
    );
    let lines = std::fs::read_to_string(&partial).unwrap();
    assert!(
        lines
            .lines()
            .any(|l| l.starts_with(&format!("{root} 8 best "))),
        "{lines}"
    );
    let o = poda(&[
        "book",
        "connect4",
        "--from-scratch",
        "--write-only",
        "--partial",
        partial_s,
        "--out",
        copied_s,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (a, b) = (
        std::fs::read(&built).unwrap(),
        std::fs::read(&copied).unwrap(),
    );
    assert!(!a.is_empty());
    assert_eq!(a, b, "--write-only must give back the built book");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_book_requests_get_one_line_errors() {
    assert_user_error(&poda(&["book", "hex(size=5)"]), "connect4");
    assert_user_error(&poda(&["book", "connect4", "--threads", "0"]), "at least 1");
    assert_user_error(
        &poda(&[
            "book",
            "connect4",
            "--write-only",
            "--partial",
            "/nonexistent/poda/book.partial",
        ]),
        "no partial file",
    );
    assert_user_error(&poda(&["book", "connect4", "--root", "12x"]), "--root");
}
