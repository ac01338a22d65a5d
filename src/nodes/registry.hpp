// The node kinds: the loader of each, which registry.cpp's one table maps element names to.
#pragma once

#include "nodes/node.hpp"

namespace mj {

using NodeLoader = NodePtr (*)(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);

NodePtr load_one(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_all(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_prl(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_path(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_map(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_convolution(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_convchain(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_wfc(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);
NodePtr load_event(const XmlElement&, const SymmetryGroup&, Grid&, LoadContext&);

}  // namespace mj
