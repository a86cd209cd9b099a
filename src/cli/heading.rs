//! The one header that names a save ([`SaveHeader`]) as the terminal prints it: `FILE:S` (the
//! path as typed) and what the save holds, wrapped to the width.

use super::text;
use crate::ff9::SaveEntry;
use crate::model::Collection;
use crate::report::header::SaveHeader;
use std::path::Path;

/// The header of `entry` (decoded as `collection`, when it is) in the file at `path`.
pub fn header(path: &Path, entry: &SaveEntry, collection: Option<&Collection>) -> SaveHeader {
    SaveHeader::new(&path.display().to_string(), entry, collection)
}

/// The header on as many lines as `width` needs, broken between its parts, the later lines
/// indented: `FILE:S  details`.
pub fn line(h: &SaveHeader, width: usize) -> String {
    indented(h, width, "")
}

/// The header on one line of at most `width` columns, for a screen that has one line for it:
/// the same line as [`line`] when it fits, else cut, ending in `…`.
pub fn one_line(h: &SaveHeader, width: usize) -> String {
    let whole = line(h, usize::MAX);
    if text::width(&whole) <= width {
        return whole;
    }
    let mut cut = text::head(&whole, width.saturating_sub(1)).trim_end().to_string();
    cut.push('…');
    cut
}

/// The header of each save, one a line, indented by two: the list an error offers.
pub fn list(headers: &[SaveHeader], width: usize) -> String {
    headers.iter().map(|h| indented(h, width, "  ")).collect::<Vec<_>>().join("\n")
}

fn indented(h: &SaveHeader, width: usize, indent: &str) -> String {
    let first = format!("{indent}{}  ", h.spec());
    text::wrap_list(&h.detail_parts(), width, &first, &format!("{indent}    "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(file: &str, place: &str) -> SaveHeader {
        SaveHeader {
            file: file.into(),
            save: "1".into(),
            leader: Some("Zidane".into()),
            level: Some(52),
            disc: Some(3),
            place: Some(place.into()),
            play_time_seconds: Some(34.0 * 3600.0 + 5.0 * 60.0 + 41.0),
            deleted: false,
            latest: false,
            other_title: None,
        }
    }

    #[test]
    fn one_line_is_the_header_when_it_fits_and_cut_with_an_ellipsis_when_not() {
        let short = header("ff9.mcr", "Black Mage Village");
        assert_eq!(
            one_line(&short, 80),
            "ff9.mcr:1  Zidane Lv 52, disc 3, Black Mage Village, 34:05:41"
        );
        assert_eq!(one_line(&short, 80), line(&short, 80));
        // 82 columns: cut after 79 and the ellipsis.
        let long = header("my saves/ff9-memory-card.mcr", "Black Mage Village");
        let cut = one_line(&long, 80);
        assert_eq!(
            cut,
            "my saves/ff9-memory-card.mcr:1  Zidane Lv 52, disc 3, Black Mage Village, 34:05…"
        );
        assert_eq!(text::width(&cut), 80);
        // A place in kanji is two columns a character: never cut inside one, never past 80.
        let wide = header("saves/ff9-memory-card.mcr", "黒魔道士の村黒魔道士の村");
        let cut = one_line(&wide, 80);
        assert!(text::width(&cut) <= 80 && cut.ends_with('…'), "{cut}");
    }
}
