//! What `quadmist simulate` shows, computed once: the win, draw and loss rates of simulated
//! matches and, when asked, how well the adviser's chances matched the results
//! ([`Calibration`]); with the `html` feature, the reliability diagram (SVG) and the report page.

use crate::game::calibration::Calibration;
use crate::game::sim::Rate;
use serde::Serialize;

/// A simulation's results (also what `simulate --json` prints).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "json-schema", derive(schemars::JsonSchema))]
pub struct SimulationReport {
    /// Matches played.
    pub games: u64,
    /// Who played the player's side: `adviser`, `game`, `greedy` or `random`.
    pub player: &'static str,
    /// The opponent: `game` (the game's AI).
    pub opponent: &'static str,
    /// The game AI's Wise level.
    pub wise: u8,
    /// The adviser's budget a move, in milliseconds of the reference machine: its positions
    /// searched over [`NODES_PER_MS`](crate::game::search::NODES_PER_MS).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget_ms: Option<f64>,
    /// The adviser's budget a move, in positions searched (what a run really uses).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// The seed of the deals, battles and the AI's draws.
    pub seed: u64,
    /// Matches won.
    pub win: Rate,
    /// Matches drawn.
    pub draw: Rate,
    /// Matches lost.
    pub loss: Rate,
    /// The adviser's shown chances against the results, when measured.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<Calibration>,
}

#[cfg(feature = "html")]
pub use html::{reliability_svg, simulation_page};

#[cfg(feature = "html")]
mod html {
    use super::{Calibration, SimulationReport};
    use crate::game::calibration::{Reliability, MEASURED};
    use crate::report::html::page_head;
    use maud::{html, Markup, PreEscaped, DOCTYPE};
    use std::fmt::Write;

    /// Plot area: left, top, side (SVG units).
    const LEFT: f64 = 56.0;
    const TOP: f64 = 44.0;
    const SIDE: f64 = 320.0;

    fn x(p: f64) -> f64 {
        LEFT + SIDE * p.clamp(0.0, 1.0)
    }

    fn y(p: f64) -> f64 {
        TOP + SIDE * (1.0 - p.clamp(0.0, 1.0))
    }

    /// One series: each bin's mean shown chance against how often it happened, with its
    /// 95 % interval; a marker's area grows with the bin's share of the predictions.
    fn series(svg: &mut String, r: &Reliability, class: &str, square: bool) {
        let total = r.predictions.max(1) as f64;
        for b in &r.bins {
            let (Some(p), Some(o), Some((lo, hi))) = (b.predicted, b.observed, b.interval) else {
                continue;
            };
            let size = (3.0 + 9.0 * (b.count as f64 / total).sqrt()).min(12.0);
            let _ = write!(
                svg,
                "<g class=\"{class}\"><title>shown {:.1} % on average, happened {:.1} % of {} \
                 (95 % interval {:.1} to {:.1} %)</title>\
                 <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                100.0 * p,
                100.0 * o,
                b.count,
                100.0 * lo,
                100.0 * hi,
                x(p),
                y(lo),
                x(p),
                y(hi)
            );
            if square {
                let _ = write!(
                    svg,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/></g>",
                    x(p) - size * 0.8,
                    y(o) - size * 0.8,
                    size * 1.6,
                    size * 1.6
                );
            } else {
                let _ = write!(
                    svg,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{size:.1}\"/></g>",
                    x(p),
                    y(o)
                );
            }
        }
    }

    /// The reliability diagram of a calibration, as a standalone SVG document: for each tenth
    /// of shown chance, the mean shown against how often it happened, for the chance to win
    /// (circles) and of a draw (squares); on the diagonal, a chance means what it says.
    pub fn reliability_svg(c: &Calibration, title: &str) -> String {
        let mut svg = String::new();
        let (w, h) = (LEFT + SIDE + 24.0, TOP + SIDE + 122.0);
        let label = format!(
            "{title}: the chance to win shown, calibration error {:.1} points; the chance of a \
             draw, {:.1} points",
            c.ece_points, c.draws.ece_points
        );
        let _ = write!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\" role=\"img\" aria-label=\"{}\" font-family=\"system-ui, sans-serif\" \
             font-size=\"12\"><title>{}</title>\
             <style>.grid{{stroke:#8884;stroke-width:1}}.axis{{stroke:#888;stroke-width:1.2;\
             fill:none}}.diag{{stroke:#888;stroke-dasharray:5 4}}text{{fill:#666}}\
             .win line,.draw line{{stroke-width:1.5}}.win line{{stroke:#2f62b8}}\
             .win circle{{fill:#2f62b8;fill-opacity:.75}}.draw line{{stroke:#b4432f}}\
             .draw rect{{fill:#b4432f;fill-opacity:.65}}</style>\
             <text x=\"{LEFT}\" y=\"22\" font-size=\"14\" font-weight=\"600\">{}</text>",
            escape(&label),
            escape(&label),
            escape(title)
        );
        for k in 0..=10 {
            let p = f64::from(k) / 10.0;
            let _ = write!(
                svg,
                "<line class=\"grid\" x1=\"{:.1}\" y1=\"{TOP}\" x2=\"{:.1}\" y2=\"{:.1}\"/>\
                 <line class=\"grid\" x1=\"{LEFT}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                x(p),
                x(p),
                TOP + SIDE,
                y(p),
                LEFT + SIDE,
                y(p)
            );
            if k % 2 == 0 {
                let _ = write!(
                    svg,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}%</text>\
                     <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}%</text>",
                    x(p),
                    TOP + SIDE + 16.0,
                    k * 10,
                    LEFT - 6.0,
                    y(p) + 4.0,
                    k * 10
                );
            }
        }
        let _ = write!(
            svg,
            "<rect class=\"axis\" x=\"{LEFT}\" y=\"{TOP}\" width=\"{SIDE}\" height=\"{SIDE}\"/>\
             <line class=\"diag\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">chance shown</text>\
             <text transform=\"translate(14 {:.1}) rotate(-90)\" text-anchor=\"middle\">how \
             often it happened</text>",
            x(0.0),
            y(0.0),
            x(1.0),
            y(1.0),
            LEFT + SIDE / 2.0,
            TOP + SIDE + 34.0,
            TOP + SIDE / 2.0
        );
        series(&mut svg, &c.draws, "draw", true);
        series(&mut svg, &c.win(), "win", false);
        // The legend, one entry a line: side by side they overlapped each other and ran past
        // the right edge at the diagram's own width.
        let ly = TOP + SIDE + 54.0;
        let _ = write!(
            svg,
            "<g class=\"win\"><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\"/></g>\
             <text x=\"{:.1}\" y=\"{:.1}\">win: error {:.1} points, {} moves</text>\
             <g class=\"draw\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"9\" height=\"9\"/></g>\
             <text x=\"{:.1}\" y=\"{:.1}\">draw: error {:.1} points</text>\
             <text x=\"{LEFT}\" y=\"{:.1}\">bars: 95 % intervals</text>\
             <text x=\"{LEFT}\" y=\"{:.1}\">dashed: a chance that means what it says</text>\
             </svg>",
            LEFT + 6.0,
            ly - 4.0,
            LEFT + 18.0,
            ly,
            c.ece_points,
            c.predictions,
            LEFT + 1.5,
            ly + 18.0 - 8.5,
            LEFT + 18.0,
            ly + 18.0,
            c.draws.ece_points,
            ly + 36.0,
            ly + 54.0
        );
        svg
    }

    fn escape(s: &str) -> String {
        s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
    }

    fn percent(p: f64) -> String {
        format!("{:.1} %", 100.0 * p)
    }

    fn table(r: &Reliability) -> Markup {
        html! {
            table {
                thead { tr { th { "shown" } th { "moves" } th { "mean shown" } th { "happened" }
                    th { "95 % interval" } } }
                tbody {
                    @for b in r.bins.iter().filter(|b| b.count > 0) {
                        tr {
                            td { (format!("{:.0} to {:.0} %", 100.0 * b.from, 100.0 * b.to)) }
                            td { (b.count) }
                            td { (b.predicted.map(percent).unwrap_or_default()) }
                            td { (b.observed.map(percent).unwrap_or_default()) }
                            td { (b.interval.map(|(l, h)| format!("{:.1} to {:.1} %", 100.0 * l,
                                100.0 * h)).unwrap_or_default()) }
                        }
                    }
                }
            }
        }
    }

    /// The simulation's report as one self-contained HTML page: the rates and, when measured,
    /// the calibration tables and the reliability diagram.
    pub fn simulation_page(r: &SimulationReport, who: &str) -> String {
        let title = format!("quadmist simulate: {who} against the game's AI at Wise {}", r.wise);
        html! {
            (DOCTYPE)
            html lang="en" {
                (page_head(&title, PAGE_CSS))
                body {
                    h1 { (title) }
                    p { (r.games) " matches from seeded deals (seed " (r.seed) ")"
                        @if let (Some(ms), Some(n)) = (r.budget_ms, r.nodes) {
                            ", the adviser searching " (n) " positions a move (" (ms)
                            " ms on the reference machine)"
                        } "." }
                    table {
                        thead { tr { th { "result" } th { "rate" } th { "95 % interval" } } }
                        tbody {
                            @for (name, x) in [("won", r.win), ("drawn", r.draw), ("lost", r.loss)] {
                                tr { td { (name) } td { (percent(x.rate)) }
                                    td { (format!("{:.1} to {:.1} %", 100.0 * x.low, 100.0 * x.high)) } }
                            }
                        }
                    }
                    @if let Some(c) = &r.calibration {
                        h2 { "Are the chances shown right?" }
                        p { "At each of its turns the adviser showed a chance to win and of a draw \
                             for the move it played; here they are against what happened, "
                            (c.predictions) " moves in all. Calibration error: the mean gap \
                             between the chance shown and how often it happened, in points." }
                        figure { (PreEscaped(reliability_svg(c, "Chances shown against results"))) }
                        h3 { "Chance to win: calibration error " (format!("{:.1}", c.ece_points))
                            " points, Brier score " (format!("{:.4}", c.brier)) }
                        (table(&c.win()))
                        h3 { "By the player's own turn" }
                        table {
                            thead { tr { th { "turn" } th { "moves" } th { "error, win" }
                                th { "error, draw" } } }
                            tbody {
                                @for t in &c.by_turn {
                                    tr { td { (t.turn) } td { (t.predictions) }
                                        td { (format!("{:.1} points", t.ece_points)) }
                                        td { (format!("{:.1} points", t.draw_ece_points)) } }
                                }
                            }
                        }
                        h3 { "Chance of a draw: calibration error "
                            (format!("{:.1}", c.draws.ece_points)) " points, Brier score "
                            (format!("{:.4}", c.draws.brier)) }
                        (table(&c.draws))
                        p { "What quadmist states beside an estimate it shows, from its last \
                             measurement (" (MEASURED.measured_at) "): \"" (MEASURED.label())
                            "\"." }
                    }
                }
            }
        }
        .into_string()
    }

    const PAGE_CSS: &str = "body{margin:0 auto;max-width:760px;padding:1rem;font:16px/1.45 \
        system-ui,sans-serif}table{border-collapse:collapse;margin:.4rem 0}th,td{padding:.15rem \
        .7rem;text-align:right;border-bottom:1px solid #8884}th:first-child,td:first-child{\
        text-align:left}figure{margin:1rem 0}figure svg{max-width:100%;height:auto}\
        h1{font-size:1.4rem}h2{font-size:1.2rem;margin-top:1.6rem}h3{font-size:1rem}";
}
