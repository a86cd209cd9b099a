//! Japanese text is double width: every line quadmist prints stays within the terminal's
//! width, and the columns of a table line up by display width, with a Japanese save
//! (`japan.mcr`) and with a card full of Japanese titles (`m1.mcd`, saves of other games), at
//! every width from the narrowest quadmist lays out (40) to 80.

use super::width80::run_at;
use crate::shared;
use quadmist::cli::text::width;

/// The lines of `out` wider than `columns`, or holding U+FFFD (a character cut in two).
fn bad_lines(out: &str, columns: usize) -> Vec<String> {
    out.lines().filter(|l| width(l) > columns || l.contains('\u{FFFD}')).map(String::from).collect()
}

#[test(needs = SharedData)]
fn every_command_on_the_japanese_save_fits_every_width() {
    let save = shared::path("data/real/psx-ff9/japan.mcr");
    let save = save.to_str().unwrap();
    for columns in [40, 47, 52, 61, 80] {
        for args in [
            vec!["saves", save],
            vec!["cards", save],
            vec!["album", save],
            vec!["score", save, "--cards"],
            vec!["plan", save],
            vec!["missing", save],
        ] {
            let (out, err) = run_at(columns, &args);
            // Those with a heading name the leader (the saves table leaves out its LEADER
            // column when narrow).
            let heading = ["cards", "album", "score", "missing"].contains(&args[0]);
            assert!(!heading || out.contains("Vivi"), "{args:?} at {columns}:\n{out}");
            let bad = [bad_lines(&out, columns), bad_lines(&err, columns)].concat();
            assert!(bad.is_empty(), "{args:?} at {columns}: {bad:#?}");
        }
    }
}

#[test(needs = SharedData)]
fn japanese_titles_wrap_in_their_column_whole_at_every_width() {
    let card = shared::path("data/real/psx-cards/m1.mcd");
    let card = card.to_str().unwrap();
    let (json, _) = run_at(80, &["saves", card, "--json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let titles: Vec<String> = json["saves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap().split_whitespace().collect())
        .collect();
    assert_eq!(titles.len(), 10);
    assert!(titles.iter().filter(|t| t.chars().any(|c| width(&c.to_string()) == 2)).count() >= 5);
    for columns in 40..=80 {
        let (out, err) = run_at(columns, &["saves", card]);
        let bad = [bad_lines(&out, columns), bad_lines(&err, columns)].concat();
        assert!(bad.is_empty(), "at {columns}: {bad:#?}\n{out}");
        // The TITLE column starts at the same display column on every line of the table, and
        // the pieces of each title put together give the whole title.
        let lines: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("SAVE")).collect();
        let at = lines[0].find("TITLE").unwrap();
        let mut got: Vec<String> = Vec::new();
        for line in &lines[1..] {
            let starts_row = !line.starts_with(' ');
            let (head, title) = split_at_display(line, at);
            assert!(head.is_ascii(), "at {columns}: {line:?}");
            if starts_row {
                got.push(String::new());
            }
            got.last_mut().unwrap().extend(title.split_whitespace());
        }
        assert_eq!(got, titles, "at {columns}:\n{out}");
    }
}

/// `line` split at display column `at`.
fn split_at_display(line: &str, at: usize) -> (&str, &str) {
    let mut w = 0;
    for (i, c) in line.char_indices() {
        if w >= at {
            return line.split_at(i);
        }
        w += width(&c.to_string());
    }
    (line, "")
}

/// The cells under `header` of a table that starts at its header line, each row's pieces put
/// together (a cell wrapped over lines continues on lines that start with a space).
fn column(out: &str, header: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("SAVE")).collect();
    let head = lines[0];
    let at = width(&head[..head.find(header).unwrap()]);
    let mut cells: Vec<String> = Vec::new();
    for line in lines[1..].iter().take_while(|l| !l.contains(": ")) {
        let (_, cell) = split_at_display(line, at);
        if !line.starts_with(' ') {
            cells.push(String::new());
        }
        cells.last_mut().unwrap().push_str(cell.split("  ").next().unwrap().trim());
    }
    cells
}

#[test(needs = SharedData)]
fn the_saves_table_names_each_place_in_its_column_at_every_width() {
    // filled.mcr: two Italian saves in Alexandria's belfry (Western table, read by hand from
    // the bytes), then a Japanese one whose title ends with its place in Shift-JIS.
    let card = shared::path("data/real/psx-ff9/filled.mcr");
    let card = card.to_str().unwrap();
    let want = ["Alexandria/Torre", "Alexandria/Torre", "アレクサンドリア"];
    for columns in [40, 47, 52, 61, 80, 100, 120] {
        let (out, err) = run_at(columns, &["saves", card]);
        let bad = [bad_lines(&out, columns), bad_lines(&err, columns)].concat();
        assert!(bad.is_empty(), "at {columns}: {bad:#?}\n{out}");
        if columns < 52 {
            // Too narrow for the place even wrapped: the column is left out.
            assert!(!out.contains("PLACE") && !out.contains("Torre"), "at {columns}:\n{out}");
            continue;
        }
        // The place starts at the PLACE column on every row, whatever the width of the text
        // before it, and the pieces of a wrapped place give the whole place.
        assert_eq!(column(&out, "PLACE"), want, "at {columns}:\n{out}");
    }
    // Wide enough, no column is left out and no place wrapped.
    let (out, _) = run_at(120, &["saves", card]);
    let head: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(head.len(), 11, "{out}");
    assert!(out.lines().nth(4).unwrap().ends_with("0/0/0  アレクサンドリア"), "{out}");
}
