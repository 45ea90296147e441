//! The renderers' output: escaped, themed, valid SVG with data.

use cuda_library_notebook::chart::{Histogram, LineChart, Series};
use cuda_library_notebook::html::{document, hex_text, Align, Card, Cell, Column, ErrorBox, Table};

fn line_chart(log: bool) -> LineChart {
    LineChart {
        title: "saxpy <float> & friends".into(),
        x_label: "elements".into(),
        y_label: "time (µs)".into(),
        log_x: log,
        log_y: log,
        series: vec![
            Series {
                name: "saxpy".into(),
                points: vec![(1e3, 3.0), (1e4, 4.0), (1e5, 12.0), (1e6, 95.0)],
            },
            Series {
                name: "copy".into(),
                points: vec![(1e3, 2.0), (1e4, 3.5), (1e5, 9.0), (1e6, 70.0)],
            },
        ],
        size: (640, 360),
    }
}

#[test]
fn charts_are_svg_with_text_in_the_page_colour() {
    for log in [false, true] {
        let svg = line_chart(log).to_svg().unwrap();
        if std::env::var_os("CULIB_DUMP").is_some() {
            std::fs::write(format!("/tmp/nbt/line-{log}.svg"), &svg).unwrap();
        }
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("<text"), "axis labels and title are text");
        assert!(
            svg.contains("saxpy &lt;float&gt; &amp; friends"),
            "title escaped"
        );
        assert!(!svg.contains("#000000"), "black became currentColor");
        assert!(svg.contains("currentColor"));
        assert!(svg.matches("<polyline").count() >= 2);
        assert!(svg.contains("copy") && svg.contains("saxpy"), "legend");
    }
    let h = Histogram {
        title: "launch time".into(),
        x_label: "time (µs)".into(),
        values: (0..200).map(|i| 2.5 + (i % 17) as f64 * 0.01).collect(),
        bins: 20,
        size: (640, 320),
    }
    .to_svg()
    .unwrap();
    if std::env::var_os("CULIB_DUMP").is_some() {
        std::fs::write("/tmp/nbt/hist.svg", &h).unwrap();
    }
    assert!(h.matches("<rect").count() >= 10);
}

#[test]
fn empty_or_unplottable_data_is_an_error_not_a_panic() {
    let mut c = line_chart(true);
    c.series[0].points = vec![(0.0, -1.0)];
    c.series[1].points.clear();
    assert!(c.to_svg().unwrap_err().contains("no points"));
    let h = Histogram {
        title: String::new(),
        x_label: String::new(),
        values: vec![f64::NAN],
        bins: 0,
        size: (100, 100),
    };
    assert!(h.to_svg().is_err());
    let one = Histogram {
        values: vec![3.0; 5],
        ..h
    };
    assert!(one.to_svg().is_ok());
}

#[test]
fn html_parts_escape_everything() {
    let card = Card {
        title: "<script>".into(),
        badge: None,
        fields: vec![("a&b".into(), "\"q\"".into())],
        note: Some("it's".into()),
        folded: false,
    };
    let e = ErrorBox {
        what: "kernel `f<int>` not found".into(),
        hint: Some("use <mangled>".into()),
    };
    let doc = document(&[card.to_html(), e.to_html()]);
    assert!(!doc.contains("<script>"));
    assert!(
        doc.contains("&lt;script&gt;") && doc.contains("a&amp;b") && doc.contains("&quot;q&quot;")
    );
    assert!(doc.contains("f&lt;int&gt;") && doc.contains("it&#39;s"));
    assert!(!doc.contains("http"), "nothing fetched from the network");
    let hex = hex_text(&[7u8; 40], 0, 2);
    assert!(hex.contains("... 8 more bytes"), "{hex}");
}

#[test]
fn stacked_bars_share_one_scale_and_one_colour_per_part() {
    use cuda_library_notebook::chart::StackedBars;
    let part = |n: &str, v: f64| (n.to_string(), v);
    let bars = StackedBars {
        title: "where the time goes".into(),
        unit: "µs".into(),
        rows: vec![
            (
                "slow".into(),
                vec![part("launch", 7.0), part("shared", 14.0)],
            ),
            (
                "fast".into(),
                vec![
                    part("launch", 7.0),
                    part("memory", 3.0),
                    part("shared", 0.0),
                ],
            ),
        ],
        width: 600,
        muted: vec!["launch".into()],
    };
    let svg = bars.to_svg().expect("svg");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    // Launch in grey in both rows; shared and memory in colours of their own.
    assert_eq!(svg.matches("#969696").count(), 3, "two bars and the legend");
    assert_eq!(
        svg.matches("#1f77b4").count(),
        2,
        "shared: one bar and the legend"
    );
    assert_eq!(
        svg.matches("#ff7f0e").count(),
        2,
        "memory: one bar and the legend"
    );
    // A zero part is not drawn (no third colour), and the totals are printed.
    assert!(svg.contains(">21.0 µs<") && svg.contains(">10.0 µs<"));
    // The longer bar spans the scale; the shorter is drawn in proportion.
    let empty = StackedBars {
        rows: vec![],
        ..bars.clone()
    };
    assert!(empty.to_svg().is_err());
    let zero = StackedBars {
        rows: vec![("none".into(), vec![part("launch", 0.0)])],
        ..bars
    };
    assert!(zero.to_svg().is_err());
}

#[test]
fn a_folded_note_is_one_line_with_details_on_demand_and_headers_have_scope() {
    let card = Card {
        title: "lib".into(),
        badge: None,
        fields: vec![],
        note: Some("why simulated\nthe long reason\nhint: do this".into()),
        folded: true,
    };
    let html = card.to_html();
    assert!(
        html.contains("<details class=\"note\"><summary>why simulated</summary>the long reason")
    );
    assert!(
        card.to_text().ends_with("why simulated\n"),
        "{}",
        card.to_text()
    );
    let table = Table {
        caption: None,
        columns: vec![
            Column::new("kernel", Align::Left),
            Column::new("regs", Align::Right),
        ],
        rows: vec![vec![Cell::mono("saxpy"), Cell::text("10")]],
        row_header: true,
    };
    let html = table.to_html();
    assert!(html.contains("<th scope=\"col\" class=\"l\">kernel</th>"));
    assert!(html.contains("<th scope=\"row\" class=\"l mono\">saxpy</th><td class=\"r\">10</td>"));
}

#[test]
fn a_caption_is_as_wide_as_the_output_not_the_table() {
    let table = Table {
        caption: Some("kernels of a long file name · simulated sm_90, 256 threads a block".into()),
        columns: vec![Column::new("k", Align::Left)],
        rows: vec![vec![Cell::mono("a")]],
        row_header: true,
    };
    let html = table.to_html();
    // A <caption> takes its table's width (one short column here); a figure's caption
    // takes the output's.
    assert!(
        html.starts_with("<figure><figcaption class=\"caption\">kernels of a long file name"),
        "{html}"
    );
    assert!(html.ends_with("</table></figure>"), "{html}");
    assert!(!html.contains("<caption>"), "{html}");
}

#[test]
fn a_part_has_the_same_colour_in_every_chart_of_the_same_parts() {
    use cuda_library_notebook::chart::StackedBars;
    let part = |n: &str, v: f64| (n.to_string(), v);
    // The profiles' parts, always in this order; the first chart has no compute time.
    let chart = |compute: f64| StackedBars {
        title: "where the time goes".into(),
        unit: "µs".into(),
        rows: vec![(
            "k".into(),
            vec![
                part("launch", 2.0),
                part("compute", compute),
                part("memory", 5.0),
            ],
        )],
        width: 600,
        muted: vec!["launch".into()],
    };
    let without = chart(0.0).to_svg().expect("svg");
    let with = chart(3.0).to_svg().expect("svg");
    // memory is the second coloured part in both: PALETTE[1], orange.
    assert_eq!(without.matches("#ff7f0e").count(), 2, "{without}");
    assert_eq!(with.matches("#ff7f0e").count(), 2, "{with}");
    assert_eq!(without.matches("#1f77b4").count(), 0, "no compute drawn");
}
