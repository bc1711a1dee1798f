//! The rating chart as a self-contained SVG file: one row per agent, best at the top, a dot
//! at its rating and a bar over its 95% interval, on an Elo axis with grid lines.

use super::report::RatingRow;

const WIDTH: f64 = 760.0;
const LABEL_WIDTH: f64 = 260.0;
const RIGHT_MARGIN: f64 = 30.0;
const TOP: f64 = 50.0;
const ROW_HEIGHT: f64 = 28.0;
const AXIS_SPACE: f64 = 40.0;
/// Room for an infinite interval, in Elo past the finite ones.
const OPEN_END_ELO: f64 = 60.0;
/// Longest agent name drawn before it is shortened.
const MAX_LABEL_CHARS: usize = 36;

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A grid step of 1, 2 or 5 times a power of ten giving 4 to 10 lines over `span`.
fn grid_step(span: f64) -> f64 {
    let raw = (span / 6.0).max(1.0);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| span / s <= 10.0)
        .unwrap_or(10.0 * power)
}

/// The chart of a rating table.
pub fn rating_chart(title: &str, rows: &[RatingRow]) -> String {
    let finite: Vec<f64> = rows
        .iter()
        .flat_map(|r| {
            let c = if r.ci95.is_finite() { r.ci95 } else { 0.0 };
            [r.elo - c, r.elo + c]
        })
        .collect();
    let mut low = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let mut high = finite.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !low.is_finite() || !high.is_finite() {
        (low, high) = (-100.0, 100.0);
    }
    low -= OPEN_END_ELO;
    high += OPEN_END_ELO;
    let step = grid_step(high - low);
    low = (low / step).floor() * step;
    high = (high / step).ceil() * step;
    let plot_width = WIDTH - LABEL_WIDTH - RIGHT_MARGIN;
    let x = |elo: f64| LABEL_WIDTH + (elo.clamp(low, high) - low) / (high - low) * plot_width;
    let plot_bottom = TOP + ROW_HEIGHT * rows.len() as f64;
    let height = plot_bottom + AXIS_SPACE;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    let mut g = low;
    while g <= high + 1e-9 {
        let gx = x(g);
        let stroke = if g.abs() < 1e-9 { "#888" } else { "#ddd" };
        svg += &format!(
            "<line x1=\"{gx:.1}\" y1=\"{TOP}\" x2=\"{gx:.1}\" y2=\"{plot_bottom}\" \
             stroke=\"{stroke}\"/>\n<text x=\"{gx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
             fill=\"#444\">{g:+.0}</text>\n",
            plot_bottom + 18.0
        );
        g += step;
    }
    svg += &format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#444\">Elo (mean 0), \
         95% intervals</text>\n",
        LABEL_WIDTH + plot_width / 2.0,
        plot_bottom + 35.0
    );
    for (i, r) in rows.iter().enumerate() {
        let y = TOP + ROW_HEIGHT * (i as f64 + 0.5);
        let span = if r.ci95.is_finite() {
            (x(r.elo - r.ci95), x(r.elo + r.ci95))
        } else {
            (x(low), x(high))
        };
        svg += &row_svg(r, y, span, x(r.elo));
    }
    svg += "</svg>\n";
    svg
}

/// One agent's row: its label, the interval bar `span` (x from, x to) and the dot at `dot`.
fn row_svg(r: &RatingRow, y: f64, span: (f64, f64), dot: f64) -> String {
    let mut label: String = r.agent.chars().take(MAX_LABEL_CHARS).collect();
    if r.agent.chars().count() > MAX_LABEL_CHARS {
        label.push('…');
    }
    let (lo, hi) = span;
    let interval = if r.ci95.is_finite() {
        format!("±{:.0}", r.ci95)
    } else {
        "±inf".into()
    };
    format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}. {}</text>\n\
         <line x1=\"{lo:.1}\" y1=\"{y:.1}\" x2=\"{hi:.1}\" y2=\"{y:.1}\" stroke=\"#36c\" \
         stroke-width=\"2\"/>\n\
         <line x1=\"{lo:.1}\" y1=\"{:.1}\" x2=\"{lo:.1}\" y2=\"{:.1}\" stroke=\"#36c\" \
         stroke-width=\"2\"/>\n\
         <line x1=\"{hi:.1}\" y1=\"{:.1}\" x2=\"{hi:.1}\" y2=\"{:.1}\" stroke=\"#36c\" \
         stroke-width=\"2\"/>\n\
         <circle cx=\"{dot:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c33\"><title>{} {:+.0} \
         {interval}</title></circle>\n",
        LABEL_WIDTH - 10.0,
        y + 4.5,
        r.rank,
        escape(&label),
        y - 6.0,
        y + 6.0,
        y - 6.0,
        y + 6.0,
        escape(&r.agent),
        r.elo,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rank: usize, agent: &str, elo: f64, ci95: f64) -> RatingRow {
        RatingRow {
            rank,
            index: rank - 1,
            agent: agent.into(),
            elo,
            ci95,
            games: 10,
            points: 5.0,
            wins: 5,
            draws: 0,
            losses: 5,
        }
    }

    #[test]
    fn chart_has_a_row_per_agent_and_escapes_names() {
        let rows = [
            row(1, "engine(movetime=1s)", 250.0, 80.0),
            row(2, "a<b>&\"c\"", 0.0, 60.0),
            row(3, "random", -250.0, f64::INFINITY),
        ];
        let svg = rating_chart("Ratings: connect4", &rows);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("a&lt;b&gt;&amp;&quot;c&quot;"));
        assert!(!svg.contains("a<b>"));
        assert!(svg.contains("±inf"));
        assert!(!svg.contains("NaN") && !svg.contains("inf\""));
        // Dots are ordered left to right as the ratings.
        let cx: Vec<f64> = svg
            .match_indices("<circle cx=\"")
            .map(|(i, m)| {
                let rest = &svg[i + m.len()..];
                rest[..rest.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert!(cx[0] > cx[1] && cx[1] > cx[2], "{cx:?}");
    }

    #[test]
    fn grid_steps_are_round() {
        assert_eq!(grid_step(600.0), 100.0);
        assert_eq!(grid_step(120.0), 20.0);
        assert_eq!(grid_step(3000.0), 500.0);
        assert_eq!(grid_step(5.0), 1.0);
    }
}
