//! What both front ends (the command line and the web page) show, computed once: the score and
//! the plans as plain values (also what `--json` prints), and, with the `html` feature, the
//! HTML renderers (the self-contained report page, the album's SVG cards, the findings, a
//! diff) that the command line writes to a file and the page puts on screen.

#[cfg(feature = "html")]
pub mod diff;
#[cfg(feature = "html")]
pub mod file_page;
pub mod header;
#[cfg(feature = "html")]
pub mod html;
pub mod missing;
#[cfg(feature = "html")]
pub mod missing_html;
pub mod plan;
pub mod score;
pub mod simulation;
pub mod views;
