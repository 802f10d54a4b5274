#pragma once
// The state of the blossom algorithm of weighted_matching.cpp (its comment explains the
// algorithm), shared by its two files: the search and the dual change there, the blossoms
// (shrinking, augmenting, expanding) in blossom_changes.cpp.
#include <vector>

#include "amazes/competition/weighted_matching.hpp"

namespace amazes::competition::blossom {

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

}  // namespace amazes::competition::blossom
