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

/// The header of each save, one a line, indented by two: the list an error offers.
pub fn list(headers: &[SaveHeader], width: usize) -> String {
    headers.iter().map(|h| indented(h, width, "  ")).collect::<Vec<_>>().join("\n")
}

fn indented(h: &SaveHeader, width: usize, indent: &str) -> String {
    let first = format!("{indent}{}  ", h.spec());
    text::wrap_list(&h.detail_parts(), width, &first, &format!("{indent}    "))
}
