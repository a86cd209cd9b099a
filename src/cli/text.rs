//! Text helpers every renderer shares, so that all commands read alike on an 80-column
//! terminal: the width to fit, display width, word wrapping, plurals, slot ranges, arrow
//! pictures and the wording of a rank.
//!
//! Rules they implement: no line wider than [`term_width`] display columns (wide
//! characters count 2); counts are written with [`count`] ("1 card", "2 cards"); lists of slots
//! with [`ranges`] ("2–9, 11, 14–20"); arrows as pictures ([`arrows_line`], [`arrows_grid`]),
//! never as bare hex; a rank as "Player, rank 3 of 32" ([`rank_phrase`]).

use unicode_width::UnicodeWidthChar;

/// The width used when neither `COLUMNS` nor a terminal gives one.
pub const DEFAULT_WIDTH: usize = 80;

/// The narrowest width quadmist lays text out for (a smaller `COLUMNS` is raised to it).
pub const MIN_WIDTH: usize = 40;

/// The width to fit: `COLUMNS` when set to a number, else the terminal's width when stdout is a
/// terminal, else 80. Never below [`MIN_WIDTH`].
pub fn term_width() -> usize {
    let from_env = std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse::<usize>().ok());
    let width = from_env
        .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .unwrap_or(DEFAULT_WIDTH);
    width.max(MIN_WIDTH)
}

/// True when every byte of `s` is printable ASCII (one column each): the usual text.
fn printable_ascii(s: &str) -> bool {
    s.bytes().all(|b| (b' '..=b'~').contains(&b))
}

/// The display width of a text: wide (East Asian) characters count 2, ANSI colour codes 0.
pub fn width(s: &str) -> usize {
    if printable_ascii(s) {
        return s.len();
    }
    let mut w = 0;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI sequence: ESC [ ... final byte in @..~
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        w += c.width().unwrap_or(0);
    }
    w
}

/// Appends `piece` to `line`, whose display width is `line_width`, and updates that width:
/// added up, or counted again when `line` holds an escape code (which `piece` may end).
fn extend_line(line: &mut String, line_width: &mut usize, piece: &str) {
    let escaped = line.contains('\x1b');
    line.push_str(piece);
    *line_width = if escaped { width(line) } else { *line_width + width(piece) };
}

/// Pads a text with spaces on the right to `to` display columns.
pub fn pad(s: &str, to: usize) -> String {
    let w = width(s);
    format!("{s}{}", " ".repeat(to.saturating_sub(w)))
}

/// Wraps a text to `max` display columns, breaking at spaces (a word longer than a line is cut).
/// The first line starts with `first`, the others with `rest` (both count in the width).
pub fn wrap(text: &str, max: usize, first: &str, rest: &str) -> String {
    // The usual case: words one space apart, no escape code, all on the first line.
    let single_spaced = !text.starts_with(' ')
        && !text.ends_with(' ')
        && !text.contains("  ")
        && text.chars().all(|c| c == ' ' || !(c.is_whitespace() || c == '\x1b'));
    if single_spaced && width(first) + width(text) <= max {
        let mut out = String::with_capacity(first.len() + text.len());
        out.push_str(first);
        out.push_str(text);
        return out;
    }
    let mut out = String::with_capacity(first.len() + text.len() + 8);
    let mut line = String::with_capacity(first.len().max(rest.len()) + max);
    line.push_str(first);
    let mut line_width = width(first);
    let rest_width = width(rest);
    let break_line = |out: &mut String, line: &mut String, line_width: &mut usize| {
        out.push_str(line);
        out.push('\n');
        line.clear();
        line.push_str(rest);
        *line_width = rest_width;
    };
    let mut empty = true;
    for word in text.split_whitespace() {
        let mut word_width = width(word);
        let room = max.saturating_sub(line_width);
        let need = word_width + usize::from(!empty);
        if !empty && need > room {
            break_line(&mut out, &mut line, &mut line_width);
            empty = true;
        }
        if !empty {
            extend_line(&mut line, &mut line_width, " ");
        }
        // Cut a word that does not fit after the line's prefix.
        let mut word = word;
        while line_width + word_width > max && rest_width < max {
            let room = max.saturating_sub(line_width);
            let (head, tail) = split_at_width(word, room);
            if head.is_empty() {
                // Not one character fits (a wide one in the last column): it starts the next
                // line, unless that line would start the same way.
                if line_width > rest_width {
                    break_line(&mut out, &mut line, &mut line_width);
                    continue;
                }
                break;
            }
            line.push_str(head);
            break_line(&mut out, &mut line, &mut line_width);
            word = tail;
            word_width = width(word);
        }
        extend_line(&mut line, &mut line_width, word);
        empty = false;
    }
    out.push_str(&line);
    out
}

/// Wraps a list to `max` columns, items separated by ", ", breaking only between items (an
/// item wider than a line is wrapped on its own). The first line starts with `first`, the
/// others with `rest`.
pub fn wrap_list(items: &[String], max: usize, first: &str, rest: &str) -> String {
    wrap_list_sep(items, ',', max, first, rest)
}

/// [`wrap_list`] with another separator after each item but the last (`;` for items that hold
/// commas themselves).
pub fn wrap_list_sep(items: &[String], sep: char, max: usize, first: &str, rest: &str) -> String {
    let mut out = String::new();
    // The prefix, itself wrapped when it is wider than a line.
    let mut line = if width(first) > max {
        let head = fit(first.trim_end(), max, "  ");
        let mut parts: Vec<&str> = head.lines().collect();
        let last = parts.pop().unwrap_or_default();
        for part in parts {
            out.push_str(part);
            out.push('\n');
        }
        format!("{last} ")
    } else {
        first.to_string()
    };
    let mut line_width = width(&line);
    let rest_width = width(rest);
    let mut item = String::new();
    for (i, whole) in items.iter().enumerate() {
        item.clear();
        item.push_str(whole);
        if i + 1 < items.len() {
            item.push(sep);
        }
        let item_width = width(&item);
        let space = !line.is_empty() && !line.ends_with(' ');
        if !line.trim().is_empty() && line_width + item_width + usize::from(space) > max {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            line.push_str(rest);
            line_width = rest_width;
        }
        let space = !line.is_empty() && !line.ends_with(' ');
        if line_width + item_width + usize::from(space) > max {
            let wrapped = wrap(&item, max, &line, rest);
            let mut parts: Vec<&str> = wrapped.lines().collect();
            line = parts.pop().unwrap_or_default().to_string();
            line_width = width(&line);
            for part in parts {
                out.push_str(part);
                out.push('\n');
            }
        } else {
            if space {
                extend_line(&mut line, &mut line_width, " ");
            }
            extend_line(&mut line, &mut line_width, &item);
        }
    }
    out.push_str(&line);
    out
}

/// A table as tabled draws it with `Style::empty()` and `Padding::new(0, 2, 0, 0)` (each
/// column as wide as its widest cell, then two spaces; the columns `right` picks aligned
/// right), each line trimmed at the end and prefixed with `indent`. `None` when the table is
/// wider than `max` columns (tabled's `Width::wrap` then wraps cells), has no cell, or a cell
/// holds a control character: the caller lets tabled lay it out.
pub fn plain_table(
    rows: &[Vec<String>],
    right: impl Fn(usize) -> bool,
    max: usize,
    indent: &str,
) -> Option<String> {
    use unicode_width::UnicodeWidthStr;
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    if columns == 0 {
        return None;
    }
    // Each cell's width as tabled measures it (printable ASCII: one column a byte).
    let mut cell_widths = Vec::with_capacity(rows.len() * columns);
    let mut widths = vec![0; columns];
    let mut bytes = 0;
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            let cell_width = if printable_ascii(cell) {
                cell.len()
            } else if cell.chars().any(char::is_control) {
                return None;
            } else {
                cell.width()
            };
            cell_widths.push(cell_width);
            *w = (*w).max(cell_width);
            bytes += cell.len();
        }
    }
    if widths.iter().map(|w| w + 2).sum::<usize>() > max {
        return None;
    }
    let mut out = String::with_capacity(bytes + rows.len() * (indent.len() + 2 * columns + 1));
    let mut cell_widths = cell_widths.into_iter();
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            out.push('\n');
        }
        out.push_str(indent);
        let start = out.len();
        for (c, &w) in widths.iter().enumerate() {
            let cell = row.get(c).map_or("", String::as_str);
            let cell_width = if c < row.len() { cell_widths.next().unwrap_or(0) } else { 0 };
            let gap = w - cell_width;
            if right(c) {
                out.extend(std::iter::repeat_n(' ', gap));
                out.push_str(cell);
            } else {
                out.push_str(cell);
                out.extend(std::iter::repeat_n(' ', gap));
            }
            out.push_str("  ");
        }
        let kept = out[start..].trim_end().len();
        out.truncate(start + kept);
    }
    Some(out)
}

/// Fits a text of several lines to `max` columns: a line that fits stays as it is, a longer
/// one is wrapped, keeping its indentation, with `more` added before its continuation lines.
pub fn fit(text: &str, max: usize, more: &str) -> String {
    text.lines()
        .map(|line| {
            if width(line) <= max {
                return line.to_string();
            }
            let indent = &line[..line.len() - line.trim_start().len()];
            wrap(line, max, indent, &format!("{indent}{more}"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The start of `s` that fits `cols` display columns, never cutting a character.
pub fn head(s: &str, cols: usize) -> &str {
    split_at_width(s, cols).0
}

/// Splits a text after at most `cols` display columns, never inside a character: the head is
/// empty when the first character is wider than `cols`.
fn split_at_width(s: &str, cols: usize) -> (&str, &str) {
    let mut w = 0;
    for (i, c) in s.char_indices() {
        w += c.width().unwrap_or(0);
        if w > cols {
            return s.split_at(i);
        }
    }
    (s, "")
}

/// The cells of a table fitted to `max` display columns, each column followed by `gap` spaces
/// (as tabled draws it with `Padding::new(0, gap, 0, 0)`): while the table is too wide, the
/// widest column loses one column, and the cells of the columns so narrowed are wrapped to
/// them by [`wrap`] (at spaces; a longer word is cut between characters). Tabled's own
/// `Width::wrap` is not used because it cuts a wide character in two, showing U+FFFD and
/// losing the character. No column gets narrower than 2, the width of a wide character.
pub fn fit_columns(rows: &[Vec<String>], gap: usize, max: usize) -> Vec<Vec<String>> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.lines().map(width).max().unwrap_or(0));
        }
    }
    let natural = widths.clone();
    while widths.iter().map(|w| w + gap).sum::<usize>() > max {
        // The widest column, the rightmost of equals.
        let Some((i, _)) =
            widths.iter().enumerate().filter(|(_, &w)| w > 2).max_by_key(|(_, &w)| w)
        else {
            break;
        };
        widths[i] -= 1;
    }
    rows.iter()
        .map(|row| {
            row.iter()
                .zip(&widths)
                .zip(&natural)
                .map(|((cell, &w), &n)| {
                    if w == n {
                        return cell.clone();
                    }
                    cell.lines().map(|l| wrap(l, w, "", "")).collect::<Vec<_>>().join("\n")
                })
                .collect()
        })
        .collect()
}

pub use crate::model::words::{count, plural};

/// Slots (or any numbers) as ranges: `[2, 3, 4, 5, 11, 14, 15]` → "2–5, 11, 14–15". Sorted
/// first; duplicates dropped. Two neighbours are written as a range too.
pub fn ranges(numbers: &[u16]) -> String {
    let mut v = numbers.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        parts.push(if i == j { v[i].to_string() } else { format!("{}–{}", v[i], v[j]) });
        i = j + 1;
    }
    parts.join(", ")
}

pub use crate::model::card::{arrows_line, ARROW_GLYPHS, NO_ARROW};

/// The arrows as a 3×3 picture around the card (`□`), three lines of three characters.
pub fn arrows_grid(mask: u8) -> [String; 3] {
    let a = |b: u8| if mask & (1 << b) != 0 { ARROW_GLYPHS[b as usize] } else { NO_ARROW };
    [
        [a(7), a(0), a(1)].iter().collect(),
        [a(6), '□', a(2)].iter().collect(),
        [a(5), a(4), a(3)].iter().collect(),
    ]
}

/// A text read from a save, or `None` when it holds characters quadmist cannot show (names in
/// a character table it does not know come out as `\xNN` codes: never shown to a player).
pub fn readable(s: &str) -> Option<&str> {
    crate::report::header::readable(s)
}

/// How many collector ranks there are: levels 0..31.
pub const RANKS: usize = 32;

/// A collector level as a player reads it: "Player, rank 3 of 32" (level 2); level 31 (1700
/// points), which has no name, is "the maximum, rank 32 of 32 (no name)".
pub fn rank_phrase(level: usize) -> String {
    crate::report::score::rank_label(level)
}

/// "1 point" / "-5 points" with a sign for a change.
pub fn signed_points(n: i64) -> String {
    let sign = if n > 0 {
        "+"
    } else if n < 0 {
        "−"
    } else {
        ""
    };
    format!("{sign}{}", count(n.unsigned_abs(), "point"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::sim::GameRng;
    use crate::rules::creation::RangeRng;

    #[test]
    fn widths_count_wide_characters_twice_and_colour_as_nothing() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("ファイル"), 8);
        assert_eq!(width("\x1b[1mbold\x1b[0m"), 4);
        assert_eq!(width("↖↑↗"), 3);
        assert_eq!(width("–·□"), 3);
    }

    #[test]
    fn wrapping_fits_and_keeps_every_word() {
        let text = "one two three four five six seven eight nine ten eleven twelve";
        let w = wrap(text, 20, "  ", "    ");
        for line in w.lines() {
            assert!(width(line) <= 20, "{line:?}");
        }
        assert_eq!(w.split_whitespace().collect::<Vec<_>>().join(" "), text);
        assert!(w.starts_with("  one") && w.lines().nth(1).unwrap().starts_with("    "));
        let long = wrap(&"x".repeat(50), 20, "", "");
        assert_eq!(long.lines().map(width).collect::<Vec<_>>(), [20, 20, 10]);
        assert_eq!(wrap("", 20, "- ", ""), "- ");
        let f = fit("short\n  a b c d e f g h i j k l m n o p", 12, "  ");
        assert_eq!(f, "short\n  a b c d e\n    f g h i\n    j k l m\n    n o p");
    }

    #[test]
    fn japanese_text_wraps_by_display_width_and_loses_no_character() {
        // A wide character never lands in a last free column, where it would stick out.
        assert_eq!(wrap("ファイル", 5, "abcd", ""), "abcd\nファ\nイル");
        let words = ["ア", "アレクサンドリア", "Lv", "1,", "ファイル15", "x", "〓〓", "城"];
        let mut rng = GameRng::new(35, 0);
        for case in 0..3000 {
            let n = 1 + rng.range(0, 8) as usize;
            let text: Vec<&str> =
                (0..n).map(|_| words[rng.range(0, words.len() as u32) as usize]).collect();
            let text = text.join(" ");
            let first = ["", "- ", "Save 1, "][rng.range(0, 3) as usize];
            let rest = ["", "  ", "   "][rng.range(0, 3) as usize];
            let max = width(first).max(width(rest)) + 2 + rng.range(0, 20) as usize;
            let w = wrap(&text, max, first, rest);
            for line in w.lines() {
                assert!(width(line) <= max, "case {case}: {line:?} in {max}\n{w}");
            }
            let kept: String = w.strip_prefix(first).unwrap().split_whitespace().collect();
            assert_eq!(kept, text.split_whitespace().collect::<String>(), "case {case}");
            assert_eq!(w, reference_wrap(&text, max, first, rest), "case {case}");
        }
    }

    #[test]
    fn fitted_tables_stay_within_the_width_and_keep_wide_characters_whole() {
        use tabled::settings::{Padding, Style};
        let words =
            ["SAVE", "1", "SLPS-00817", "こみゅにてぃぽむ", "1/ああ", "/LV.07/ポム02匹", "MGS"];
        let mut rng = GameRng::new(36, 0);
        let mut narrowed = 0;
        for case in 0..600 {
            let (n_rows, n_cols) = (1 + rng.range(0, 5) as usize, 1 + rng.range(0, 4) as usize);
            let rows: Vec<Vec<String>> = (0..n_rows)
                .map(|_| {
                    (0..n_cols)
                        .map(|_| {
                            let n = 1 + rng.range(0, 3) as usize;
                            let cell: Vec<&str> = (0..n)
                                .map(|_| words[rng.range(0, words.len() as u32) as usize])
                                .collect();
                            cell.join(" ")
                        })
                        .collect()
                })
                .collect();
            let max = 4 * n_cols + rng.range(0, 60) as usize;
            let fitted = fit_columns(&rows, 2, max);
            let mut t = tabled::builder::Builder::from(fitted.clone()).build();
            t.with(Style::empty()).with(Padding::new(0, 2, 0, 0));
            let drawn = t.to_string();
            for line in drawn.lines() {
                assert!(width(line) <= max, "case {case}: {line:?} in {max}\n{drawn}");
                assert!(!line.contains('\u{FFFD}'), "case {case}: {line:?}");
            }
            // Every cell keeps its characters; only spaces may change.
            for (row, got) in rows.iter().zip(&fitted) {
                for (cell, got) in row.iter().zip(got) {
                    let strip = |s: &str| s.split_whitespace().collect::<String>();
                    assert_eq!(strip(got), strip(cell), "case {case}");
                }
            }
            narrowed += usize::from(fitted != rows);
        }
        assert!(narrowed > 100, "{narrowed}");
    }

    #[test]
    fn lists_break_between_items() {
        let items: Vec<String> = ["22 Cerberus", "23 Antlion", "25 Gimme Cat", "1 A"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            wrap_list(&items, 26, "Missing: ", "  "),
            "Missing: 22 Cerberus,\n  23 Antlion,\n  25 Gimme Cat, 1 A"
        );
    }

    #[test]
    fn a_long_list_prefix_wraps_too() {
        let items: Vec<String> = ["2 Fang", "13 Wyerd"].iter().map(|s| s.to_string()).collect();
        let w = wrap_list(&items, 30, "  Owned, but every copy clashes (2): ", "    ");
        assert!(w.lines().all(|l| width(l) <= 30), "{w}");
        assert_eq!(w, "  Owned, but every copy\n    clashes (2): 2 Fang,\n    13 Wyerd");
    }

    #[test]
    fn counts_use_plurals() {
        assert_eq!(count(1u32, "point"), "1 point");
        assert_eq!(count(0u32, "point"), "0 points");
        assert_eq!(count(2u32, "copy"), "2 copies");
        assert_eq!(count(1u32, "copy"), "1 copy");
        assert_eq!(count(3u32, "loss"), "3 losses");
        assert_eq!(count(5u32, "discard"), "5 discards");
        assert_eq!(signed_points(-5), "−5 points");
        assert_eq!(signed_points(1), "+1 point");
    }

    #[test]
    fn slot_lists_become_ranges() {
        assert_eq!(
            ranges(&[2, 3, 4, 5, 6, 7, 8, 9, 11, 14, 15, 16, 17, 18, 19, 20]),
            "2–9, 11, 14–20"
        );
        assert_eq!(ranges(&[5, 1, 3, 2]), "1–3, 5");
        assert_eq!(ranges(&[7, 7]), "7");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn arrow_pictures_follow_the_bit_order() {
        // Bit 0 up, clockwise: 0x81 = up + up-left; 0x0C = right + down-right.
        assert_eq!(arrows_line(0xFF), "↖↑↗←→↙↓↘");
        assert_eq!(arrows_line(0x00), "········");
        assert_eq!(arrows_line(0x81), "↖↑······");
        assert_eq!(arrows_line(0x0C), "····→··↘");
        assert_eq!(arrows_line(0x70), "···←·↙↓·");
        assert_eq!(arrows_grid(0x81), ["↖↑·", "·□·", "···"]);
        assert_eq!(arrows_grid(0x0C), ["···", "·□→", "··↘"]);
    }

    #[test]
    fn unreadable_names_are_not_shown() {
        assert_eq!(readable("Zidane"), Some("Zidane"));
        assert_eq!(readable("\\xA6\\xF1"), None);
        assert_eq!(readable(" "), None);
    }

    #[test]
    fn ranks_are_positions_of_32() {
        assert_eq!(rank_phrase(0), "Beginner, rank 1 of 32");
        assert_eq!(rank_phrase(2), "Player, rank 3 of 32");
        assert_eq!(rank_phrase(30), "Master, rank 31 of 32");
        assert_eq!(rank_phrase(31), "the maximum, rank 32 of 32 (no name)");
    }

    #[test]
    fn plain_tables_are_the_bytes_tabled_draws() {
        use tabled::settings::object::Columns;
        use tabled::settings::peaker::Priority;
        use tabled::settings::{Alignment, Padding, Style, Width};
        let words = ["", "a", "Goblin", "0P00", "↖↑······", "ファイル", "−10", "x2", " sp ", "é"];
        let mut rng = GameRng::new(11, 0);
        let mut next = |n: u64| rng.range(0, n as u32) as usize;
        let mut fitted = 0;
        for case in 0..900 {
            let (n_rows, n_cols) = (1 + next(6), 1 + next(5));
            let rows: Vec<Vec<String>> = (0..n_rows)
                .map(|_| {
                    let len = if next(4) == 0 { next(n_cols as u64 + 1) } else { n_cols };
                    (0..len).map(|_| words[next(words.len() as u64)].repeat(1 + next(3))).collect()
                })
                .collect();
            let max = 4 + next(50);
            let right = |c: usize| c.is_multiple_of(2);
            let mut t = tabled::builder::Builder::from(rows.clone()).build();
            t.with(Style::empty())
                .with(Padding::new(0, 2, 0, 0))
                .modify(Columns::new(0..1), Alignment::right())
                .modify(Columns::new(2..3), Alignment::right())
                .modify(Columns::new(4..5), Alignment::right())
                .with(Width::wrap(max).priority(Priority::max(true)));
            let tabled: String = t
                .to_string()
                .lines()
                .map(|l| format!("> {}", l.trim_end()))
                .collect::<Vec<_>>()
                .join("\n");
            if let Some(plain) = plain_table(&rows, right, max, "> ") {
                assert_eq!(plain, tabled, "case {case}: {rows:?} in {max}");
                fitted += 1;
            }
        }
        assert!(fitted > 200, "{fitted}");
        let control = vec![vec!["a\tb".to_string()]];
        assert_eq!(plain_table(&control, |_| false, 80, ""), None);
    }

    /// The line-by-line wrapping before widths were kept while filling a line (every width
    /// counted again), to check the faster one gives the same bytes.
    fn reference_wrap(text: &str, max: usize, first: &str, rest: &str) -> String {
        let mut lines: Vec<String> = Vec::new();
        let mut line = first.to_string();
        let mut empty = true;
        for word in text.split_whitespace() {
            let room = max.saturating_sub(width(&line));
            let need = width(word) + usize::from(!empty);
            if !empty && need > room {
                lines.push(std::mem::replace(&mut line, rest.to_string()));
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            // Cut a word that cannot fit on a line of its own.
            let mut word = word;
            while width(&line) + width(word) > max && width(rest) < max {
                let room = max.saturating_sub(width(&line));
                let (head, tail) = split_at_width(word, room);
                if head.is_empty() {
                    if width(&line) > width(rest) {
                        lines.push(std::mem::replace(&mut line, rest.to_string()));
                        continue;
                    }
                    break;
                }
                line.push_str(head);
                lines.push(std::mem::replace(&mut line, rest.to_string()));
                word = tail;
            }
            line.push_str(word);
            empty = false;
        }
        lines.push(line);
        lines.join("\n")
    }
    fn reference_wrap_list_sep(
        items: &[String],
        sep: char,
        max: usize,
        first: &str,
        rest: &str,
    ) -> String {
        let mut lines: Vec<String> = Vec::new();
        // The prefix, itself wrapped when it is wider than a line.
        let mut line = if width(first) > max {
            let head = fit(first.trim_end(), max, "  ");
            let mut parts: Vec<String> = head.lines().map(str::to_string).collect();
            let last = parts.pop().unwrap_or_default();
            lines.extend(parts);
            format!("{last} ")
        } else {
            first.to_string()
        };
        for (i, item) in items.iter().enumerate() {
            let item = if i + 1 < items.len() { format!("{item}{sep}") } else { item.clone() };
            let space = !line.is_empty() && !line.ends_with(' ');
            if !line.trim().is_empty() && width(&line) + width(&item) + usize::from(space) > max {
                lines.push(std::mem::replace(&mut line, rest.to_string()).trim_end().to_string());
            }
            let space = !line.is_empty() && !line.ends_with(' ');
            if width(&line) + width(&item) + usize::from(space) > max {
                let wrapped = reference_wrap(&item, max, &line, rest);
                let mut parts: Vec<&str> = wrapped.lines().collect();
                line = parts.pop().unwrap_or_default().to_string();
                lines.extend(parts.into_iter().map(str::to_string));
            } else {
                if space {
                    line.push(' ');
                }
                line.push_str(&item);
            }
        }
        lines.push(line);
        lines.join("\n")
    }

    #[test]
    fn wrapping_gives_the_bytes_of_the_width_recounting_wrap() {
        let words = [
            "a",
            "Goblin",
            "ファイル",
            "\x1b[1mbold\x1b[0m",
            "\x1b[1",
            "m",
            "x".repeat(30).leak(),
            "·↖",
            " ",
            "  ",
            "é,",
        ];
        let mut rng = GameRng::new(12, 0);
        let mut next = |n: usize| rng.range(0, n as u32) as usize;
        for case in 0..3000 {
            let mut pick = |n: usize| (0..n).map(|_| words[next(words.len())]).collect::<Vec<_>>();
            let text = pick(1 + case % 12).join(if case % 3 == 0 { "" } else { " " });
            let (first, rest) = (pick(case % 3).concat(), pick(case % 2).concat());
            let max = 1 + case % 45;
            let at = format!("case {case}: {text:?} {max} {first:?} {rest:?}");
            assert_eq!(
                wrap(&text, max, &first, &rest),
                reference_wrap(&text, max, &first, &rest),
                "{at}"
            );
            let items: Vec<String> = text.split(' ').map(str::to_string).collect();
            for sep in [',', ';'] {
                assert_eq!(
                    wrap_list_sep(&items, sep, max, &first, &rest),
                    reference_wrap_list_sep(&items, sep, max, &first, &rest),
                    "{at}"
                );
            }
        }
    }
}
