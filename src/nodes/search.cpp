#include "nodes/search.hpp"

namespace mj {

// Placeholder until bidirectional search lands: report that no trajectory was found.
std::optional<std::vector<std::vector<uint8_t>>> run_search(const std::vector<uint8_t>&, const std::vector<Wave>&,
                                                            const std::vector<Rule>&, const Grid& grid,
                                                            const SearchOptions& options, int) {
  throw Error("", options.line, "search=\"True\" is not supported yet (grid " + std::to_string(grid.mx) + "x" +
                                    std::to_string(grid.my) + ")");
}

}  // namespace mj
