#include "core/symmetry.hpp"

#include <map>

namespace mj {

namespace {

SymmetryGroup from_elements(std::initializer_list<int> elements) {
  SymmetryGroup g;
  for (int e : elements) g.set(size_t(e));
  return g;
}

template <class Pred>
SymmetryGroup cube_where(Pred pred) {
  SymmetryGroup g;
  for (int k = 0; k < 48; k++)
    if (pred(k)) g.set(size_t(k));
  return g;
}

const std::map<std::string, SymmetryGroup>& square_subgroups() {
  static const std::map<std::string, SymmetryGroup> groups = {
      {"()", from_elements({0})},
      {"(x)", from_elements({0, 1})},
      {"(y)", from_elements({0, 5})},
      {"(x)(y)", from_elements({0, 1, 4, 5})},
      {"(xy+)", from_elements({0, 2, 4, 6})},
      {"(xy)", from_elements({0, 1, 2, 3, 4, 5, 6, 7})},
  };
  return groups;
}

const std::map<std::string, SymmetryGroup>& cube_subgroups() {
  static const std::map<std::string, SymmetryGroup> groups = {
      {"()", cube_where([](int k) { return k == 0; })},
      {"(x)", cube_where([](int k) { return k == 0 || k == 1; })},
      {"(z)", cube_where([](int k) { return k == 0 || k == 17; })},
      {"(xy)", cube_where([](int k) { return k < 8; })},
      {"(xyz+)", cube_where([](int k) { return k % 2 == 0; })},
      {"(xyz)", cube_where([](int) { return true; })},
  };
  return groups;
}

}  // namespace

SymmetryGroup full_symmetry(bool d2) { return d2 ? square_subgroups().at("(xy)") : cube_subgroups().at("(xyz)"); }

std::optional<SymmetryGroup> symmetry_from_name(bool d2, const std::optional<std::string>& name,
                                                const SymmetryGroup& fallback) {
  if (!name) return fallback;
  const auto& groups = d2 ? square_subgroups() : cube_subgroups();
  auto it = groups.find(*name);
  if (it == groups.end()) return std::nullopt;
  return it->second;
}

}  // namespace mj
