//! Minimum-cost flow by successive shortest paths (SPFA on the residual graph, `i64` costs).
//!
//! Every arc the planners add has capacity 1 and each augmentation pushes one unit, so the
//! k-th augmentation turns a minimum-cost (k−1)-unit flow into a minimum-cost k-unit flow
//! (the arcs first added must contain no negative cycle; the planners' graphs are DAGs).

/// One arc of the residual graph; arcs `2j` and `2j + 1` are a pair (forward, backward).
#[derive(Debug, Clone, Copy)]
struct Arc {
    to: usize,
    capacity: i32,
    cost: i64,
}

/// A flow network with unit augmentations.
#[derive(Debug, Clone, Default)]
pub struct FlowGraph {
    arcs: Vec<Arc>,
    out: Vec<Vec<usize>>,
}

/// Identifies an arc added by [`FlowGraph::add_arc`], to read its flow later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArcId(usize);

impl FlowGraph {
    /// An empty network with `nodes` nodes, numbered `0..nodes`.
    pub fn new(nodes: usize) -> Self {
        FlowGraph { arcs: Vec::new(), out: vec![Vec::new(); nodes] }
    }

    /// Adds an arc `from → to` of this capacity and cost per unit.
    ///
    /// # Panics
    /// When `from` or `to` is not a node of the network (a programming error, never input).
    pub fn add_arc(&mut self, from: usize, to: usize, capacity: i32, cost: i64) -> ArcId {
        assert!(from < self.out.len() && to < self.out.len(), "arc to a missing node");
        let id = self.arcs.len();
        self.arcs.push(Arc { to, capacity, cost });
        self.arcs.push(Arc { to: from, capacity: 0, cost: -cost });
        self.out[from].push(id);
        self.out[to].push(id + 1);
        ArcId(id)
    }

    /// Units of flow on an arc.
    pub fn flow(&self, arc: ArcId) -> i32 {
        self.arcs[arc.0 ^ 1].capacity
    }

    /// Finds a cheapest residual path `source → sink` and pushes one unit along it.
    ///
    /// Returns the path's cost, or `None` when no path exists (or, defensively, when the
    /// residual graph has a negative cycle, which successive shortest paths never creates).
    /// With `stop_if_nonnegative`, a path of cost ≥ 0 is reported but not used.
    pub fn augment(
        &mut self,
        source: usize,
        sink: usize,
        stop_if_nonnegative: bool,
    ) -> Option<i64> {
        let n = self.out.len();
        let mut dist = vec![i64::MAX; n];
        let mut via = vec![usize::MAX; n];
        let mut queued = vec![false; n];
        let mut relaxed = vec![0usize; n];
        let mut queue = std::collections::VecDeque::with_capacity(n);
        dist[source] = 0;
        queue.push_back(source);
        queued[source] = true;
        while let Some(u) = queue.pop_front() {
            queued[u] = false;
            let du = dist[u];
            for &a in &self.out[u] {
                let arc = self.arcs[a];
                if arc.capacity <= 0 {
                    continue;
                }
                let d = du.saturating_add(arc.cost);
                if d < dist[arc.to] {
                    dist[arc.to] = d;
                    via[arc.to] = a;
                    if !queued[arc.to] {
                        relaxed[arc.to] += 1;
                        if relaxed[arc.to] > n {
                            return None; // negative cycle
                        }
                        queued[arc.to] = true;
                        queue.push_back(arc.to);
                    }
                }
            }
        }
        if dist[sink] == i64::MAX {
            return None;
        }
        if stop_if_nonnegative && dist[sink] >= 0 {
            return Some(dist[sink]);
        }
        let mut v = sink;
        while v != source {
            let a = via[v];
            self.arcs[a].capacity -= 1;
            self.arcs[a ^ 1].capacity += 1;
            v = self.arcs[a ^ 1].to;
        }
        Some(dist[sink])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_the_cheaper_path_first_and_reroutes_through_backward_arcs() {
        // s=0, a=1, b=2, t=3. Best single path s-a-b-t (cost 1+1+1 = 3 vs 1+5 / 5+1 = 6);
        // the second unit must undo a→b: total of two units = (s-a-t) + (s-b-t) = 12.
        let mut g = FlowGraph::new(4);
        let sa = g.add_arc(0, 1, 1, 1);
        let sb = g.add_arc(0, 2, 1, 5);
        let ab = g.add_arc(1, 2, 1, 1);
        let at = g.add_arc(1, 3, 1, 5);
        let bt = g.add_arc(2, 3, 1, 1);
        assert_eq!(g.augment(0, 3, false), Some(3));
        assert_eq!(g.augment(0, 3, false), Some(9));
        assert_eq!(g.augment(0, 3, false), None);
        assert_eq!([g.flow(sa), g.flow(sb), g.flow(ab), g.flow(at), g.flow(bt)], [1, 1, 0, 1, 1]);
    }

    #[test]
    fn stops_before_a_nonnegative_path_when_asked() {
        let mut g = FlowGraph::new(2);
        let cheap = g.add_arc(0, 1, 1, -4);
        let dear = g.add_arc(0, 1, 1, 2);
        assert_eq!(g.augment(0, 1, true), Some(-4));
        assert_eq!(g.augment(0, 1, true), Some(2));
        assert_eq!((g.flow(cheap), g.flow(dear)), (1, 0));
    }
}
