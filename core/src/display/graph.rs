//! Graphs: a [`GraphDefinition`] or [`Graph`] as a diagram of its nodes (boxes, kernel names
//! and launch shapes) and edges (arrows from a node to those that wait for it), and a
//! [`GraphTiming`] as that diagram with the replay's times. Runs of identical nodes in a
//! chain (a captured loop) are drawn as one box, `×N`, so a 100-kernel graph stays small.

use cuda_library_notebook::html::{document, escape, Align, Cell, Column, Table};
use cuda_library_notebook::stats::format_seconds;

use super::{chart_box, render};
use crate::graph::{Graph, GraphDefinition, GraphNodeInfo, GraphNodeKind, GraphTiming};

/// One drawn box: a node, or a run of identical chained nodes.
#[derive(Debug, Clone, PartialEq)]
struct Box_ {
    label: String,
    kind: GraphNodeKind,
    count: usize,
    /// The boxes it waits for.
    deps: Vec<usize>,
}

/// Folds chains of identical nodes into one box each.
fn boxes(nodes: &[GraphNodeInfo]) -> Vec<Box_> {
    let mut users = vec![0usize; nodes.len()];
    for n in nodes {
        for &d in &n.deps {
            if let Some(u) = users.get_mut(d) {
                *u += 1;
            }
        }
    }
    let mut of_node = vec![0usize; nodes.len()];
    let mut out: Vec<Box_> = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        let chained = match n.deps.as_slice() {
            [d] => {
                let prev = &nodes[*d];
                users[*d] == 1
                    && prev.label == n.label
                    && prev.kind == n.kind
                    && out.get(of_node[*d]).is_some_and(|b| b.label == n.label)
            }
            _ => false,
        };
        if chained {
            let b = of_node[n.deps[0]];
            out[b].count += 1;
            of_node[i] = b;
        } else {
            let mut deps: Vec<usize> = n
                .deps
                .iter()
                .filter_map(|&d| of_node.get(d).copied())
                .collect();
            deps.sort_unstable();
            deps.dedup();
            out.push(Box_ {
                label: n.label.clone(),
                kind: n.kind,
                count: 1,
                deps,
            });
            of_node[i] = out.len() - 1;
        }
    }
    out
}

/// Each box's layer: one past the deepest box it waits for.
fn layers(boxes: &[Box_]) -> Vec<usize> {
    let mut layer = vec![0usize; boxes.len()];
    for i in 0..boxes.len() {
        // Boxes wait only for earlier ones, except edges added afterwards: settle those by
        // repeating (a graph has no cycles, so this ends within `len` passes).
        layer[i] = boxes[i]
            .deps
            .iter()
            .map(|&d| layer[d] + 1)
            .max()
            .unwrap_or(0);
    }
    for _ in 0..boxes.len() {
        let mut changed = false;
        for i in 0..boxes.len() {
            let l = boxes[i]
                .deps
                .iter()
                .map(|&d| layer[d] + 1)
                .max()
                .unwrap_or(0);
            if l > layer[i] {
                layer[i] = l;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    layer
}

const BOX_W: usize = 230;
const BOX_H: usize = 34;
const GAP_X: usize = 24;
const GAP_Y: usize = 26;
/// The most boxes drawn; a larger graph is listed in the table only.
const MAX_BOXES: usize = 60;

fn fill(kind: GraphNodeKind) -> &'static str {
    match kind {
        GraphNodeKind::Kernel => "rgba(56,139,253,.22)",
        GraphNodeKind::Memcpy | GraphNodeKind::Memset => "rgba(46,160,67,.22)",
        GraphNodeKind::MemAlloc | GraphNodeKind::MemFree => "rgba(46,160,67,.36)",
        GraphNodeKind::EventRecord | GraphNodeKind::EventWait => "rgba(210,153,34,.28)",
        GraphNodeKind::Host => "rgba(163,113,247,.22)",
        GraphNodeKind::Conditional => "rgba(219,97,162,.24)",
        _ => "rgba(128,128,128,.16)",
    }
}

fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// The diagram as one SVG image, or `None` when the graph is too large to draw.
pub(super) fn diagram(nodes: &[GraphNodeInfo]) -> Option<String> {
    let boxes = boxes(nodes);
    if boxes.is_empty() || boxes.len() > MAX_BOXES {
        return None;
    }
    let layer = layers(&boxes);
    let depth = layer.iter().max().copied().unwrap_or(0) + 1;
    let mut slot = vec![0usize; boxes.len()];
    let mut width_of = vec![0usize; depth];
    for (i, &l) in layer.iter().enumerate() {
        slot[i] = width_of[l];
        width_of[l] += 1;
    }
    let wide = width_of.iter().max().copied().unwrap_or(1);
    let (w, h) = (
        wide * (BOX_W + GAP_X) + GAP_X,
        depth * (BOX_H + GAP_Y) + GAP_Y,
    );
    let pos = |i: usize| {
        let offset = (wide - width_of[layer[i]]) * (BOX_W + GAP_X) / 2;
        (
            GAP_X + offset + slot[i] * (BOX_W + GAP_X),
            GAP_Y + layer[i] * (BOX_H + GAP_Y),
        )
    };
    let label = format!(
        "graph of {} nodes: {}",
        nodes.len(),
        boxes
            .iter()
            .map(|b| b.label.clone())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut s = format!(
        "<svg role=\"img\" aria-label=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" \
         height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-size=\"12\"><title>{}</title>\
         <defs><marker id=\"culib-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" \
         markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" \
         fill=\"currentColor\"/></marker></defs>",
        escape(&shorten(&label, 300)),
        escape(&shorten(&label, 300))
    );
    for (i, b) in boxes.iter().enumerate() {
        let (x, y) = pos(i);
        for &d in &b.deps {
            let (dx, dy) = pos(d);
            s.push_str(&format!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"currentColor\" \
                 stroke-opacity=\".6\" marker-end=\"url(#culib-arrow)\"/>",
                dx + BOX_W / 2,
                dy + BOX_H,
                x + BOX_W / 2,
                y
            ));
        }
    }
    for (i, b) in boxes.iter().enumerate() {
        let (x, y) = pos(i);
        let text = if b.count > 1 {
            format!("{} ×{}", b.label, b.count)
        } else {
            b.label.clone()
        };
        s.push_str(&format!(
            "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{BOX_W}\" height=\"{BOX_H}\" \
             rx=\"5\" fill=\"{}\" stroke=\"currentColor\" stroke-opacity=\".45\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"currentColor\" \
             font-family=\"ui-monospace,Menlo,Consolas,monospace\">{}</text></g>",
            escape(&format!("{} ({})", text, b.kind)),
            fill(b.kind),
            x + BOX_W / 2,
            y + BOX_H / 2 + 4,
            escape(&shorten(&text, 32))
        ));
    }
    s.push_str("</svg>");
    Some(chart_box(&s))
}

/// The node list as a table (what a graph too large to draw shows, and the text form).
fn node_table(nodes: &[GraphNodeInfo], caption: String) -> Table {
    Table {
        caption: Some(caption),
        columns: vec![
            Column::new("#", Align::Right),
            Column::new("kind", Align::Left),
            Column::new("node", Align::Left),
            Column::new("waits for", Align::Left),
        ],
        rows: nodes
            .iter()
            .map(|n| {
                vec![
                    Cell::text(n.index.to_string()),
                    Cell::text(n.kind.to_string()),
                    Cell::mono(n.label.clone()),
                    Cell::text(
                        n.deps
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                ]
            })
            .collect(),
        row_header: false,
    }
}

/// The diagram (or, for a large graph, the node table) under a caption.
fn parts(nodes: &[GraphNodeInfo], what: &str, simulated: bool) -> (Vec<String>, String) {
    let kernels = nodes
        .iter()
        .filter(|n| n.kind == GraphNodeKind::Kernel)
        .count();
    let caption = format!(
        "{what}: {} nodes, {kernels} kernels{}",
        nodes.len(),
        if simulated { " · simulated GPU" } else { "" }
    );
    let table = node_table(nodes, caption.clone());
    let text = table.to_text();
    let html = match diagram(nodes) {
        Some(svg) => format!("<div class=\"caption\">{}</div>{svg}", escape(&caption)),
        None => table.to_html(),
    };
    (vec![html], text)
}

impl GraphDefinition {
    /// The graph as an HTML diagram: its nodes (kernel names and launch shapes, copies,
    /// memsets) and the edges between them.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_zeroed::<u32>(64)?;
    /// let def = cuda_library::GraphDefinition::new(&ctx)?;
    /// let fill = def.add_memset(&[], &buf, 1u32)?;
    /// def.add_empty(&[fill])?;
    /// assert!(def.to_html().contains("memset 256 B"));
    /// # Ok(()) }
    /// ```
    pub fn to_html(&self) -> String {
        let what = if self.is_captured() {
            "captured graph"
        } else {
            "graph"
        };
        document(&parts(&self.nodes(), what, self.is_simulated()).0)
    }

    /// Shows the graph's diagram in a notebook cell.
    pub fn evcxr_display(&self) {
        let what = if self.is_captured() {
            "captured graph"
        } else {
            "graph"
        };
        let (p, text) = parts(&self.nodes(), what, self.is_simulated());
        render(p, text);
    }
}

impl Graph {
    /// The executable graph as an HTML diagram of the nodes it runs.
    pub fn to_html(&self) -> String {
        document(&parts(&self.nodes(), "executable graph", self.is_simulated()).0)
    }

    /// Shows the executable graph's diagram in a notebook cell.
    pub fn evcxr_display(&self) {
        let (p, text) = parts(&self.nodes(), "executable graph", self.is_simulated());
        render(p, text);
    }
}

impl GraphTiming {
    fn parts(&self) -> (Vec<String>, String) {
        let sim = if self.simulated {
            " (simulated: times from the cost model, not measured on a GPU)"
        } else {
            " (GPU events)"
        };
        let per = |ms: f64| format_seconds(ms * 1e-3 / self.kernels.max(1) as f64);
        let mut rows = vec![vec![
            Cell::text("graph replay (Graph::launch)"),
            Cell::text(format_seconds(self.graph_ms * 1e-3)),
            Cell::text(per(self.graph_ms)),
        ]];
        if let Some(s) = self.stream_ms {
            rows.push(vec![
                Cell::text("the same kernels launched one by one"),
                Cell::text(format_seconds(s * 1e-3)),
                Cell::text(per(s)),
            ]);
        }
        let table = Table {
            caption: Some(format!("median of {} runs{sim}", self.runs)),
            columns: vec![
                Column::new("", Align::Left),
                Column::new("time per run", Align::Right),
                Column::new("per kernel", Align::Right),
            ],
            rows,
            row_header: true,
        };
        let (mut p, text) = parts(&self.nodes, "executable graph", self.simulated);
        p.push(table.to_html());
        (p, format!("{text}\n{}", table.to_text()))
    }

    /// The graph's diagram and its timing as HTML.
    pub fn to_html(&self) -> String {
        document(&self.parts().0)
    }

    /// Shows the graph's diagram and timing in a notebook cell.
    pub fn evcxr_display(&self) {
        let (p, text) = self.parts();
        render(p, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(index: usize, label: &str, deps: Vec<usize>) -> GraphNodeInfo {
        GraphNodeInfo {
            index,
            kind: GraphNodeKind::Kernel,
            label: label.into(),
            deps,
        }
    }

    #[test]
    fn chains_of_one_kernel_are_one_box() {
        let mut nodes: Vec<GraphNodeInfo> = (0..100)
            .map(|i| {
                node(
                    i,
                    "empty<<<1, 32>>>",
                    i.checked_sub(1).into_iter().collect(),
                )
            })
            .collect();
        nodes.push(node(100, "other", vec![99]));
        let b = boxes(&nodes);
        assert_eq!(b.len(), 2);
        assert_eq!((b[0].count, b[1].deps.clone()), (100, vec![0]));
        let svg = diagram(&nodes).unwrap();
        assert!(
            svg.contains("empty&lt;&lt;&lt;1, 32&gt;&gt;&gt; ×100"),
            "{svg}"
        );
    }

    #[test]
    fn branches_are_side_by_side() {
        let nodes = vec![
            node(0, "a", vec![]),
            node(1, "b", vec![0]),
            node(2, "c", vec![0]),
            node(3, "d", vec![1, 2]),
        ];
        let b = boxes(&nodes);
        assert_eq!(b.len(), 4);
        assert_eq!(layers(&b), vec![0, 1, 1, 2]);
        assert_eq!(diagram(&nodes).unwrap().matches("<line").count(), 4);
    }

    #[test]
    fn host_and_conditional_nodes_have_their_own_colours() {
        let kinds = [
            GraphNodeKind::Kernel,
            GraphNodeKind::Host,
            GraphNodeKind::Conditional,
            GraphNodeKind::Empty,
        ];
        let fills: std::collections::HashSet<&str> = kinds.iter().map(|&k| fill(k)).collect();
        assert_eq!(fills.len(), kinds.len());
        let nodes = vec![
            GraphNodeInfo {
                index: 0,
                kind: GraphNodeKind::Conditional,
                label: "while".into(),
                deps: vec![],
            },
            GraphNodeInfo {
                index: 1,
                kind: GraphNodeKind::Host,
                label: "host function".into(),
                deps: vec![0],
            },
        ];
        let svg = diagram(&nodes).unwrap();
        assert!(svg.contains("while (conditional)") && svg.contains("host function (host)"));
    }

    #[test]
    fn large_graphs_are_listed_not_drawn() {
        let nodes: Vec<GraphNodeInfo> = (0..200)
            .map(|i| node(i, &format!("k{i}"), vec![]))
            .collect();
        assert!(diagram(&nodes).is_none());
        let (p, _) = parts(&nodes, "graph", true);
        assert!(p[0].contains("<table"));
    }
}
