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
#include <utility>

namespace amazes::competition {
namespace {

using Dual = __int128;
constexpr Dual kNoDelta = Dual{1} << 120;  // above every dual and slack

enum class Label : unsigned char { kFree, kS, kT };

class BlossomAlgorithm {
 public:
  BlossomAlgorithm(int vertices, const std::vector<WeightedEdge>& edges);
  std::vector<int> run();

 private:
  // ---- the graph ----
  int other(int edge, int vertex) const { return end_a_[edge] == vertex ? end_b_[edge] : end_a_[edge]; }
  Dual slack(int edge) const { return u_[end_a_[edge]] + u_[end_b_[edge]] - 2 * Dual{weight_[edge]}; }
  template <typename Visit>
  void for_each_vertex(int node, Visit visit);
  bool is_blossom(int node) const { return node >= n_; }

  // ---- the search ----
  void scan(int vertex);
  bool change_duals();
  void label_s(int node, int from, int to, int tree);
  void label_t(int node, int from, int to, int tree);
  void unlabel(int node);
  void grow(int s_vertex, int vertex);
  void tight_s_edge(int x, int y);
  int nearest_common_s_node(int x, int y);
  void shrink(int base_node, int x, int y);
  void collect_s_neighbours(int node, bool from_children);
  void augment(int x, int y);
  void rotate_base(int node, int vertex);
  void release_trees(int tree_a, int tree_b);
  void expand_t_blossom(int blossom);
  void free_blossom(int blossom);
  void keep_best_to_s(int vertex, int edge);
  void keep_best_s_s(int node, int edge);
  void recompute_best_to_s(int vertex);

  int n_ = 0;
  std::vector<int> end_a_;
  std::vector<int> end_b_;
  std::vector<std::int64_t> weight_;
  std::vector<int> first_edge_;  // the edges of vertex v: incident_[first_edge_[v] .. first_edge_[v + 1])
  std::vector<int> incident_;

  std::vector<int> mate_;  // by vertex

  // Nodes 0..n-1 are the vertices, n..2n-1 the blossoms (a blossom holds at least 3 vertices,
  // so fewer than n exist at once).
  std::vector<int> parent_;                              // the blossom directly holding a node, or -1
  std::vector<std::vector<int>> children_;               // a blossom's cycle, children_[b][0] holds its base
  std::vector<std::vector<std::pair<int, int>>> cycle_;  // cycle_[b][i]: (vertex in child i, vertex in child i+1)
  std::vector<int> base_;                                // by node: the vertex matched outside it, if any
  std::vector<int> outer_;                               // by vertex: the top-level node holding it
  std::vector<int> unused_blossoms_;
  std::vector<Dual> u_;  // by vertex
  std::vector<Dual> z_;  // by node (blossoms only)

  // The alternating trees, by top-level node. An S-node is entered at its base by its matched
  // edge (label_from_: the T-vertex, -1 at a root), a T-node by the edge (label_from_: the
  // S-vertex, label_to_: the vertex in the node). tree_: the exposed vertex at the root.
  std::vector<Label> label_;
  std::vector<int> label_from_;
  std::vector<int> label_to_;
  std::vector<int> tree_;
  std::vector<int> queue_;  // S-vertices to scan
  std::size_t queue_head_ = 0;
  std::vector<int> best_to_s_;                  // by non-S vertex: least-slack edge to an S-vertex, or -1
  std::vector<int> best_s_s_;                   // by S-node: least-slack edge to another S-node, or -1
  std::vector<std::vector<int>> s_neighbours_;  // by S-node, has_s_neighbours_: least edge per S-node
  std::vector<char> has_s_neighbours_;

  std::vector<int> scratch_nodes_;  // for_each_vertex's stack
  std::vector<int> scratch_best_;   // by node, -1 between uses
  std::vector<int> marked_;         // by node, 0 between uses
};

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

template <typename Visit>
void BlossomAlgorithm::for_each_vertex(int node, Visit visit) {
  scratch_nodes_.assign(1, node);
  while (!scratch_nodes_.empty()) {
    const int top = scratch_nodes_.back();
    scratch_nodes_.pop_back();
    if (!is_blossom(top)) {
      visit(top);
    } else {
      for (const int child : children_[top]) scratch_nodes_.push_back(child);
    }
  }
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

// A tight edge between S-vertices of different nodes: within one tree it closes a blossom, which
// is shrunk; between two trees it closes an augmenting path.
void BlossomAlgorithm::tight_s_edge(int x, int y) {
  const int base_node = nearest_common_s_node(x, y);
  if (base_node == -1) {
    augment(x, y);
  } else {
    shrink(base_node, x, y);
  }
}

// Walks up both trees in turns; the first S-node reached from both sides is the new blossom's
// base, -1 when the trees differ (their roots are reached first).
int BlossomAlgorithm::nearest_common_s_node(int x, int y) {
  std::vector<int> visited;
  int side[2] = {outer_[x], outer_[y]};
  int found = -1;
  for (int turn = 0; found == -1 && (side[0] != -1 || side[1] != -1); turn ^= 1) {
    int& node = side[turn];
    if (node == -1) continue;
    if (marked_[node]) {
      found = node;
      break;
    }
    marked_[node] = 1;
    visited.push_back(node);
    node = label_from_[node] == -1 ? -1 : outer_[label_from_[outer_[label_from_[node]]]];
  }
  for (const int node : visited) marked_[node] = 0;
  return found;
}

// Shrinking the cycle base_node → … → outer_[x] — (x, y) — outer_[y] → … → base_node into an
// S-blossom.
void BlossomAlgorithm::shrink(int base_node, int x, int y) {
  const int blossom = unused_blossoms_.back();
  unused_blossoms_.pop_back();
  std::vector<int> x_side;  // outer_[x] up to base_node, without it
  for (int node = outer_[x]; node != base_node; node = outer_[label_from_[node]]) x_side.push_back(node);
  std::vector<int> y_side;
  for (int node = outer_[y]; node != base_node; node = outer_[label_from_[node]]) y_side.push_back(node);

  std::vector<int>& children = children_[blossom];
  std::vector<std::pair<int, int>>& cycle = cycle_[blossom];
  children.assign(1, base_node);
  for (auto node = x_side.rbegin(); node != x_side.rend(); ++node) {
    children.push_back(*node);
    cycle.emplace_back(label_from_[*node], label_to_[*node]);  // from its tree parent, the previous child
  }
  cycle.emplace_back(x, y);
  for (const int node : y_side) {
    children.push_back(node);
    cycle.emplace_back(label_to_[node], label_from_[node]);  // to its tree parent, the next child
  }

  base_[blossom] = base_[base_node];
  parent_[blossom] = -1;
  z_[blossom] = 0;
  for (const int child : children) {
    parent_[child] = blossom;
    const bool was_t = label_[child] == Label::kT;
    for_each_vertex(child, [&](int v) {
      outer_[v] = blossom;
      if (was_t) queue_.push_back(v);  // T-vertices become S-vertices
    });
  }
  label_[blossom] = Label::kS;
  label_from_[blossom] = label_from_[base_node];
  label_to_[blossom] = label_to_[base_node];
  tree_[blossom] = tree_[base_node];
  collect_s_neighbours(blossom, true);
}

// An S-node's least-slack edge to each other S-node (best_s_s_ is the least of them). A new
// blossom takes them from its children's lists where they have one, else from all edges of
// their vertices; edges to vertices that become S-vertices later are found when those are
// scanned.
void BlossomAlgorithm::collect_s_neighbours(int node, bool from_children) {
  std::vector<int> reached;
  auto consider = [&](int edge) {
    int far = outer_[end_a_[edge]];
    if (far == node) far = outer_[end_b_[edge]];
    if (far == node || label_[far] != Label::kS) return;
    if (scratch_best_[far] == -1) {
      reached.push_back(far);
      scratch_best_[far] = edge;
    } else if (slack(edge) < slack(scratch_best_[far])) {
      scratch_best_[far] = edge;
    }
  };
  auto consider_all_edges = [&](int part) {
    for_each_vertex(part, [&](int v) {
      for (int k = first_edge_[v]; k < first_edge_[v + 1]; ++k) consider(incident_[k]);
    });
  };
  if (from_children) {
    for (const int child : children_[node]) {
      if (has_s_neighbours_[child]) {
        for (const int edge : s_neighbours_[child]) consider(edge);
        s_neighbours_[child].clear();
        has_s_neighbours_[child] = 0;
      } else {
        consider_all_edges(child);
      }
    }
  } else {
    consider_all_edges(node);
  }
  std::vector<int>& list = s_neighbours_[node];
  list.clear();
  best_s_s_[node] = -1;
  for (const int far : reached) {
    list.push_back(scratch_best_[far]);
    keep_best_s_s(node, scratch_best_[far]);
    scratch_best_[far] = -1;
  }
  has_s_neighbours_[node] = 1;
}

// Augmentation along root_x → … → x — y → … → root_y: each side's matched and unmatched edges
// swap, and each blossom on the path is rotated to its new base. The two trees fall apart; the
// others are kept.
void BlossomAlgorithm::augment(int x, int y) {
  const int trees[2] = {tree_[outer_[x]], tree_[outer_[y]]};
  for (auto [from, to] : {std::pair(x, y), std::pair(y, x)}) {
    int node = outer_[from];
    while (true) {
      const int t_vertex = label_from_[node];  // the old mate of the node's base, -1 at the root
      rotate_base(node, from);
      mate_[from] = to;
      if (t_vertex == -1) break;
      const int t_node = outer_[t_vertex];
      const int s_vertex = label_from_[t_node];
      const int entry = label_to_[t_node];
      rotate_base(t_node, entry);
      mate_[entry] = s_vertex;
      from = s_vertex;
      to = entry;
      node = outer_[s_vertex];
    }
  }
  release_trees(trees[0], trees[1]);
}

// Makes `vertex` the base of `node` (its mate outside is set by the caller): along the even path
// of the cycle from the child holding it to the base child, unmatched edges become matched and
// matched ones unmatched; then the cycle starts at that child. Children on the path are rotated
// in turn (a work list, not recursion: blossoms nest up to n/2 deep).
void BlossomAlgorithm::rotate_base(int node, int vertex) {
  std::vector<std::pair<int, int>> work{{node, vertex}};
  while (!work.empty()) {
    const auto [blossom, new_base] = work.back();
    work.pop_back();
    if (!is_blossom(blossom)) continue;
    int holder = new_base;
    while (parent_[holder] != blossom) holder = parent_[holder];
    std::vector<int>& children = children_[blossom];
    std::vector<std::pair<int, int>>& cycle = cycle_[blossom];
    const int k = static_cast<int>(children.size());
    const int j = static_cast<int>(std::find(children.begin(), children.end(), holder) - children.begin());
    work.emplace_back(holder, new_base);
    auto match = [&](int i) {  // cycle edge i joins children i and i+1
      const auto [a, b] = cycle[i];
      work.emplace_back(children[i], a);
      work.emplace_back(children[(i + 1) % k], b);
      mate_[a] = b;
      mate_[b] = a;
    };
    // The cycle's edges alternate from the base child: edge 0 unmatched, edge 1 matched, …,
    // edge k-1 unmatched. From an odd j the even path runs forwards, from an even j backwards.
    if (j % 2 == 1) {
      for (int i = j + 1; i < k; i += 2) match(i);
    } else {
      for (int i = j - 2; i >= 0; i -= 2) match(i);
    }
    std::rotate(children.begin(), children.begin() + j, children.end());
    std::rotate(cycle.begin(), cycle.begin() + j, cycle.end());
    base_[blossom] = new_base;
  }
}

// After an augmentation the nodes of its two trees become free, their blossoms with z = 0 are
// expanded (Galil's end of a stage, here for these trees only), and every least slack that ended
// at one of their S-vertices is found again.
void BlossomAlgorithm::release_trees(int tree_a, int tree_b) {
  std::vector<int> released;  // top-level nodes
  for (int node = 0; node < 2 * n_; ++node) {
    if (parent_[node] != -1 || (is_blossom(node) && children_[node].empty())) continue;
    if (label_[node] != Label::kFree && (tree_[node] == tree_a || tree_[node] == tree_b)) released.push_back(node);
  }
  std::vector<int> vertices;
  for (const int node : released) {
    unlabel(node);
    for_each_vertex(node, [&](int v) { vertices.push_back(v); });
  }
  for (std::size_t k = 0; k < released.size(); ++k) {
    const int node = released[k];
    if (!is_blossom(node) || z_[node] != 0) continue;
    for (const int child : children_[node]) {
      parent_[child] = -1;
      unlabel(child);
      for_each_vertex(child, [&](int v) { outer_[v] = child; });
      released.push_back(child);
    }
    free_blossom(node);
  }
  std::vector<int> stale_vertices;
  std::vector<int> stale_nodes;
  for (const int v : vertices) {
    for (int k = first_edge_[v]; k < first_edge_[v + 1]; ++k) {
      const int e = incident_[k];
      const int w = other(e, v);
      const int node_w = outer_[w];
      if (label_[node_w] == Label::kS) {
        if (best_s_s_[node_w] == e) stale_nodes.push_back(node_w);
      } else if (best_to_s_[w] == e) {
        stale_vertices.push_back(w);
      }
    }
  }
  for (const int v : vertices) recompute_best_to_s(v);
  for (const int w : stale_vertices) recompute_best_to_s(w);
  for (const int node : stale_nodes) collect_s_neighbours(node, false);
}

// Expanding a T-blossom whose z fell to 0: its children become top-level nodes; those on the
// even path from the entered child to the base child keep the tree alternating (T, S, …, T), the
// others become free.
void BlossomAlgorithm::expand_t_blossom(int blossom) {
  const int s_vertex = label_from_[blossom];
  const int entry = label_to_[blossom];
  const int tree = tree_[blossom];
  int holder = entry;
  while (parent_[holder] != blossom) holder = parent_[holder];
  const std::vector<int> children = std::move(children_[blossom]);
  const std::vector<std::pair<int, int>> cycle = std::move(cycle_[blossom]);
  const int k = static_cast<int>(children.size());
  const int j = static_cast<int>(std::find(children.begin(), children.end(), holder) - children.begin());
  for (const int child : children) {
    parent_[child] = -1;
    unlabel(child);
    for_each_vertex(child, [&](int v) { outer_[v] = child; });
  }
  label_t(holder, s_vertex, entry, tree);
  if (j % 2 == 1) {
    for (int i = j; i < k; i += 2) {
      label_s(children[i + 1], cycle[i].first, cycle[i].second, tree);  // matched edge: T child → S child
      label_t(children[(i + 2) % k], cycle[i + 1].first, cycle[i + 1].second, tree);
    }
  } else {
    for (int i = j; i > 0; i -= 2) {
      label_s(children[i - 1], cycle[i - 1].second, cycle[i - 1].first, tree);
      label_t(children[i - 2], cycle[i - 2].second, cycle[i - 2].first, tree);
    }
  }
  free_blossom(blossom);
}

void BlossomAlgorithm::free_blossom(int blossom) {
  children_[blossom].clear();
  cycle_[blossom].clear();
  parent_[blossom] = -1;
  base_[blossom] = -1;
  z_[blossom] = 0;
  unlabel(blossom);
  unused_blossoms_.push_back(blossom);
}

}  // namespace

std::vector<int> maximum_weight_matching(int vertices, const std::vector<WeightedEdge>& edges) {
  return BlossomAlgorithm(vertices, edges).run();
}

}  // namespace amazes::competition
