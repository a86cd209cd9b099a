//! The page of a whole save file (`quadmist FILE`): each save's report, one after the other,
//! after a list of the saves with links to them.
//!
//! Each save's part is the report page's body ([`html::render_page`]) as it is, but for its
//! names: every `id`, every link to one and the album's group of cards get the save's prefix
//! (`s2-`), so that the names stay unique in the page and a link opens the card of its own save.
//! Rewriting the rendered markup is exact: every text from the save is escaped (a `"` is
//! `&quot;`), so ` id="`, `href="#` and `name="album"` occur only in the report's own markup.

use super::html::{self, PageSource};
use super::views::{PlanOptions, SaveViews};
use crate::ff9::{LoadedSave, SaveEntry, SaveSet};
use crate::model::Collection;
use maud::html;

/// One save of the file, with what its part of the page shows.
#[derive(Debug)]
pub struct SavePage {
    /// The save.
    pub entry: SaveEntry,
    /// Its cards.
    pub collection: Collection,
    /// What its part of the page shows.
    pub views: SaveViews,
}

impl SavePage {
    /// The save's views with the plan `report` makes by default (to the Master rank, with its
    /// platform's odds).
    pub fn new(save: LoadedSave) -> SavePage {
        let views = SaveViews::new(&save.collection, &PlanOptions::default());
        SavePage { entry: save.entry, collection: save.collection, views }
    }
}

/// The page of `saves` (at least one) from the file named `file_name` (its last path component
/// only: a page may be posted publicly), which `set` was read from.
pub fn render_file_page(set: &SaveSet, file_name: &str, saves: &[SavePage]) -> String {
    let pages: Vec<String> = saves
        .iter()
        .map(|s| {
            let src = PageSource {
                file_name: file_name.to_string(),
                file_kind: set.kind.description(),
                entry: &s.entry,
                file_findings: &set.findings,
            };
            html::render_page(&src, &s.collection, &s.views)
        })
        .collect();
    if let [only] = pages.as_slice() {
        return only.clone();
    }
    let (head, _, _) = parts(&pages[0]);
    let title = format!("Tetra Master collections in {file_name}");
    let head = match (head.find("<title>"), head.find("</title>")) {
        (Some(a), Some(b)) => {
            format!("{}<title>{}{}", &head[..a], html! { (title) }.into_string(), &head[b..])
        }
        _ => head.to_string(),
    };
    let head = head.replacen("</head>", &format!("<style>{FILE_PAGE_CSS}</style></head>"), 1);
    let mut page = String::with_capacity(pages.iter().map(String::len).sum::<usize>() + 4096);
    page.push_str(&head);
    page.push_str(&html! {
        header.file {
            h1 { (title) }
            p.muted { (set.kind.description()) ", " (saves.len()) " Final Fantasy IX saves:" }
            ul.saves { @for (s, k) in saves.iter().zip(1..) {
                li { a href={ "#save-" (k) } { "Save " (s.entry.selector) } ": "
                    (s.entry.title) ", " (s.views.score.card_count) " cards, " (s.views.score.points) " points" }
            } }
        }
    }
    .into_string());
    let mut tail = "";
    for (k, (one, s)) in pages.iter().zip(saves).enumerate() {
        let (_, body, end) = parts(one);
        tail = end;
        page.push_str(
            &html! { p.save-label id={ "save-" (k + 1) } { "Save " (s.entry.selector) } }
                .into_string(),
        );
        page.push_str(&prefixed(body, &format!("s{}-", k + 1)));
    }
    page.push_str(tail);
    page
}

/// A report page cut in three: everything up to `<body>` (included), the save's part (up to its
/// script), and the script, footer and end shared by all.
fn parts(page: &str) -> (&str, &str, &str) {
    let start = page.find("<body>").map_or(0, |i| i + "<body>".len());
    let end = page[start..].find("<script>").map_or(page.len(), |i| start + i);
    (&page[..start], &page[start..end], &page[end..])
}

/// The save's part with every name it defines or links to prefixed.
fn prefixed(body: &str, prefix: &str) -> String {
    body.replace(" id=\"", &format!(" id=\"{prefix}"))
        .replace("href=\"#", &format!("href=\"#{prefix}"))
        .replace("name=\"album\"", &format!("name=\"{prefix}album\""))
}

/// What the file's page adds to the report's style: each save starts a printed page, as the
/// album does in a save's own page.
const FILE_PAGE_CSS: &str = ".save-label{margin:2.5rem 0 0;padding-top:1rem;border-top:3px solid \
var(--line);font-weight:700}ul.saves{margin:.4rem 0 0}@media print{.save-label{break-before:page}\
section[id$=\"-album\"]{break-before:page}}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_get_the_prefix_and_text_is_left_alone() {
        let body = "<section id=\"album\"><a href=\"#card-3\">x</a><details name=\"album\" \
                    id=\"card-3\"><use href=\"#a0\"/></details><p>id=&quot;x&quot; \
                    href=#y</p></section>";
        assert_eq!(
            prefixed(body, "s2-"),
            "<section id=\"s2-album\"><a href=\"#s2-card-3\">x</a><details name=\"s2-album\" \
             id=\"s2-card-3\"><use href=\"#s2-a0\"/></details><p>id=&quot;x&quot; \
             href=#y</p></section>"
        );
    }
}
