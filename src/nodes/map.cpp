// `map`: not implemented yet; loading a model that uses it fails with a clear message.
#include "nodes/kinds.hpp"

namespace mj {

NodePtr load_map(const XmlElement& e, const SymmetryGroup&, Grid&, LoadContext&) {
  e.fail("node <map> is not supported yet");
}

}  // namespace mj
