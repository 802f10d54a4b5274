// Maximum-weight matching: Edmonds' blossom algorithm, primal-dual, O(n³), in the terms of
// Galil's survey (include/amazes/competition/weighted_matching.hpp).
//
// The linear program. Each vertex i has a dual u(i) ≥ 0, each blossom B (an odd set shrunk to a
// node) a dual z(B) ≥ 0, and an edge (i, j) of weight w has the slack
//   π(i, j) = u(i) + u(j) − 2w + Σ z(B) over the blossoms holding both ends,   π ≥ 0.
// The matching is maximum when every matched edge has π = 0, every blossom with z > 0 is full
// (all but its base matched inside) and every exposed vertex has u = 0.
//
// The search grows alternating trees from the exposed vertices along edges with π = 0: S-vertices
// ("outer": the roots, and the mates of T-vertices) and T-vertices ("inner"). An edge between two
// S-vertices closes a blossom, which is shrunk to a node, or joins two trees: an augmenting path.
// When no edge with π = 0 is left, the duals change by δ: u −= δ on S-vertices, u += δ on
// T-vertices, z += 2δ on S-blossoms, z −= 2δ on T-blossoms, with δ the least of
//   δ1 = min u of an S-vertex                                (then the matching is maximum),
//   δ2 = min π of an edge from an S-vertex to a free vertex    (the edge joins a tree),
//   δ3 = min π / 2 of an edge between two S-blossoms          (a blossom or an augmenting path),
//   δ4 = min z / 2 of a T-blossom                             (the blossom is expanded).
// After an augmentation its two trees fall apart and their blossoms with z = 0 are expanded
// (Galil's end of a stage). Galil starts all trees afresh at each stage; keeping the others is
// the same algorithm with far less rescanning of edges, and the same bound: O(n) dual changes
// of O(n) between augmentations, n/2 augmentations. The least slacks are kept per vertex that is
// not an S-vertex and per S-node (with, per S-blossom, its least edge to each other S-node,
// merged when blossoms shrink); those that ended at a vertex of the released trees are found
// again.
//
// Exactness. Weights are doubled (the 2w above) and u starts at the largest weight W, so all
// duals stay integers: z only moves by 2δ, so it stays even, and every S-vertex is joined to
// its tree's exposed root by edges with π = 0, whose ends then have u of equal parity; the
// exposed roots all have the same u (each dual change lowers them all by δ), so π is even
// between any two S-vertices and δ3 is an integer. The roots' u falls from W to no less than 0,
// so the δ add up to at most W, and every u and z stays within [0, 2W]: below 2^64, and a slack
// (at most n of them) far below 2^127. So the duals are __int128 (a GCC and Clang extension) and
// every std::int64_t weight is exact, without a bound.
#include "amazes/competition/weighted_matching.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "pairing/blossom_algorithm.hpp"

namespace amazes::competition {
namespace blossom {

BlossomAlgorithm::BlossomAlgorithm(int vertices, const std::vector<WeightedEdge>& edges) : n_(vertices) {
  if (vertices < 0) throw std::invalid_argument("maximum_weight_matching: negative vertex count");
  for (const WeightedEdge& edge : edges) {
    if (edge.u < 0 || edge.u >= vertices || edge.v < 0 || edge.v >= vertices)
      throw std::invalid_argument("maximum_weight_matching: edge (" + std::to_string(edge.u) + ", " +
                                  std::to_string(edge.v) + ") outside vertices 0.." + std::to_string(vertices - 1));
    if (edge.u == edge.v || edge.weight <= 0) continue;  // never adds weight
    end_a_.push_back(edge.u);
    end_b_.push_back(edge.v);
    weight_.push_back(edge.weight);
  }
  const int m = static_cast<int>(weight_.size());
  first_edge_.assign(n_ + 1, 0);
  for (int e = 0; e < m; ++e) {
    ++first_edge_[end_a_[e] + 1];
    ++first_edge_[end_b_[e] + 1];
  }
  for (int v = 0; v < n_; ++v) first_edge_[v + 1] += first_edge_[v];
  incident_.resize(2 * static_cast<std::size_t>(m));
  std::vector<int> fill(first_edge_.begin(), first_edge_.end() - 1);
  for (int e = 0; e < m; ++e) {
    incident_[fill[end_a_[e]]++] = e;
    incident_[fill[end_b_[e]]++] = e;
  }

  const int nodes = 2 * n_;
  mate_.assign(n_, -1);
  parent_.assign(nodes, -1);
  children_.resize(nodes);
  cycle_.resize(nodes);
  base_.assign(nodes, -1);
  for (int v = 0; v < n_; ++v) base_[v] = v;
  outer_.resize(n_);
  for (int v = 0; v < n_; ++v) outer_[v] = v;
  for (int b = nodes - 1; b >= n_; --b) unused_blossoms_.push_back(b);
  const std::int64_t heaviest = weight_.empty() ? 0 : *std::max_element(weight_.begin(), weight_.end());
  u_.assign(n_, Dual{heaviest});  // π = 2·heaviest − 2w ≥ 0 on every edge
  z_.assign(nodes, 0);
  label_.assign(nodes, Label::kFree);
  label_from_.assign(nodes, -1);
  label_to_.assign(nodes, -1);
  tree_.assign(nodes, -1);
  best_to_s_.assign(n_, -1);
  best_s_s_.assign(nodes, -1);
  s_neighbours_.resize(nodes);
  has_s_neighbours_.assign(nodes, 0);
  scratch_best_.assign(nodes, -1);
  marked_.assign(nodes, 0);
}

// ---- labels -------------------------------------------------------------------------------------

// An S-node of the tree of exposed vertex `tree`: its root, or entered at its base `to` by the
// matched edge from T-vertex `from`.
void BlossomAlgorithm::label_s(int node, int from, int to, int tree) {
  label_[node] = Label::kS;
  label_from_[node] = from;
  label_to_[node] = to;
  tree_[node] = tree;
  best_s_s_[node] = -1;
  has_s_neighbours_[node] = 0;
  s_neighbours_[node].clear();
  for_each_vertex(node, [&](int v) { queue_.push_back(v); });
}

void BlossomAlgorithm::label_t(int node, int from, int to, int tree) {
  label_[node] = Label::kT;
  label_from_[node] = from;
  label_to_[node] = to;
  tree_[node] = tree;
}

void BlossomAlgorithm::unlabel(int node) {
  label_[node] = Label::kFree;
  label_from_[node] = label_to_[node] = -1;
  tree_[node] = -1;
  best_s_s_[node] = -1;
  has_s_neighbours_[node] = 0;
  s_neighbours_[node].clear();
}

// The free node of `vertex` joins the tree of S-vertex `s_vertex` as a T-node, and its base's
// mate as an S-node.
void BlossomAlgorithm::grow(int s_vertex, int vertex) {
  const int node = outer_[vertex];
  const int tree = tree_[outer_[s_vertex]];
  label_t(node, s_vertex, vertex, tree);
  const int base = base_[node];
  const int mate = mate_[base];  // a free node is matched: the exposed ones are S-roots
  label_s(outer_[mate], base, mate, tree);
}

void BlossomAlgorithm::keep_best_to_s(int vertex, int edge) {
  if (best_to_s_[vertex] == -1 || slack(edge) < slack(best_to_s_[vertex])) best_to_s_[vertex] = edge;
}

void BlossomAlgorithm::keep_best_s_s(int node, int edge) {
  if (best_s_s_[node] == -1 || slack(edge) < slack(best_s_s_[node])) best_s_s_[node] = edge;
}

// best_to_s_ of a vertex that is not an S-vertex, from all its edges.
void BlossomAlgorithm::recompute_best_to_s(int vertex) {
  best_to_s_[vertex] = -1;
  for (int k = first_edge_[vertex]; k < first_edge_[vertex + 1]; ++k) {
    const int e = incident_[k];
    if (label_[outer_[other(e, vertex)]] == Label::kS) keep_best_to_s(vertex, e);
  }
}

// ---- the search ---------------------------------------------------------------------------------

std::vector<int> BlossomAlgorithm::run() {
  for (int v = 0; v < n_; ++v)
    if (mate_[v] == -1) label_s(v, -1, -1, v);
  while (true) {
    while (queue_head_ < queue_.size()) scan(queue_[queue_head_++]);
    queue_.clear();
    queue_head_ = 0;
    if (!change_duals()) break;
  }
  return mate_;
}

// Scanning an S-vertex: each edge to another node is tight (it grows the tree, or closes a
// blossom or an augmenting path) or is kept as a least slack for the dual change.
void BlossomAlgorithm::scan(int v) {
  for (int k = first_edge_[v]; k < first_edge_[v + 1]; ++k) {
    const int node_v = outer_[v];
    if (label_[node_v] != Label::kS) return;  // its tree augmented (or left before it was scanned)
    const int e = incident_[k];
    const int w = other(e, v);
    const int node_w = outer_[w];
    if (node_v == node_w) continue;
    const bool tight = slack(e) == 0;
    switch (label_[node_w]) {
      case Label::kFree:
        if (tight) {
          grow(v, w);
        } else {
          keep_best_to_s(w, e);
        }
        break;
      case Label::kT: keep_best_to_s(w, e); break;  // for when the T-blossom is expanded
      case Label::kS:
        if (tight) {
          tight_s_edge(v, w);
        } else {
          keep_best_s_s(node_v, e);
        }
        break;
    }
  }
}

// The dual change by the least of δ1..δ4, and the step it makes possible; false when the
// matching is maximum (δ1, or no S-vertex left).
bool BlossomAlgorithm::change_duals() {
  Dual delta = kNoDelta;
  int kind = 0;
  int chosen = -1;  // the edge (δ2, δ3) or the blossom (δ4)
  for (int v = 0; v < n_; ++v) {
    const Label label = label_[outer_[v]];
    if (label == Label::kS && u_[v] < delta) {
      delta = u_[v];
      kind = 1;
    } else if (label == Label::kFree && best_to_s_[v] != -1) {
      const int e = best_to_s_[v];
      if (label_[outer_[other(e, v)]] != Label::kS)
        throw std::logic_error("maximum_weight_matching: a least slack to an S-vertex that is none");
      if (slack(e) < delta) {
        delta = slack(e);
        kind = 2;
        chosen = e;
      }
    }
  }
  for (int node = 0; node < 2 * n_; ++node) {
    if (parent_[node] != -1 || (is_blossom(node) && children_[node].empty())) continue;
    if (label_[node] == Label::kS && best_s_s_[node] != -1) {
      const int e = best_s_s_[node];
      const int a = outer_[end_a_[e]];
      const int b = outer_[end_b_[e]];
      const Dual between = slack(e);
      if (a == b || label_[a] != Label::kS || label_[b] != Label::kS || between % 2 != 0)
        throw std::logic_error("maximum_weight_matching: a least slack between S-vertices that is none");
      if (between / 2 < delta) {
        delta = between / 2;
        kind = 3;
        chosen = e;
      }
    } else if (label_[node] == Label::kT && is_blossom(node) && z_[node] / 2 < delta) {
      delta = z_[node] / 2;
      kind = 4;
      chosen = node;
    }
  }
  if (kind == 0) return false;  // every vertex is matched

  for (int v = 0; v < n_; ++v) {
    const Label label = label_[outer_[v]];
    if (label == Label::kS) u_[v] -= delta;
    if (label == Label::kT) u_[v] += delta;
  }
  for (int b = n_; b < 2 * n_; ++b) {
    if (parent_[b] != -1 || children_[b].empty()) continue;
    if (label_[b] == Label::kS) z_[b] += 2 * delta;
    if (label_[b] == Label::kT) z_[b] -= 2 * delta;
  }

  switch (kind) {
    case 1: return false;  // every exposed vertex has u = 0
    case 2: {
      const int free_end = label_[outer_[end_a_[chosen]]] == Label::kFree ? end_a_[chosen] : end_b_[chosen];
      grow(other(chosen, free_end), free_end);
      break;
    }
    case 3: tight_s_edge(end_a_[chosen], end_b_[chosen]); break;
    case 4: expand_t_blossom(chosen); break;
  }
  return true;
}

}  // namespace blossom

std::vector<int> maximum_weight_matching(int vertices, const std::vector<WeightedEdge>& edges) {
  return blossom::BlossomAlgorithm(vertices, edges).run();
}

}  // namespace amazes::competition