// `wfc`: not implemented yet; loading a model that uses it fails with a clear message.
#include "nodes/kinds.hpp"

namespace mj {

NodePtr load_wfc(const XmlElement& e, const SymmetryGroup&, Grid&, LoadContext&) {
  e.fail("node <wfc> is not supported yet");
}

}  // namespace mj
